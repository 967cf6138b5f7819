/* tests/test_cuda_semantics.c — the CUDA backend against what the real driver does where it is
   inconvenient, on the strict simulated driver (build/sim/cuda_sim.so): one regression test per
   finding of the review against NVIDIA's documentation.

   - exact parameter size: cuLaunchKernel rejects a buffer size with the struct's tail padding;
   - synchronous copies and fills are complete for queued work, though the legacy NULL stream is
     asynchronous and our non-blocking queues do not wait for it (the simulated legacy stream is
     slowed down, as by an application's kernels, to make the window wide);
   - primary contexts are retained on a device's first use, and a device that cannot open or
     describe itself does not take the others down;
   - a device-side assert (CUDA_ERROR_ASSERT, 710) and the other errors cuda.h calls fatal to the
     context mark the device lost, and codes we do not list get the driver's name;
   - waits are bounded by wait_timeout_ms with a kernel that never finishes on its own, and the
     context stays usable: frees deferred instead of blocking in cuMemFree, teardown bounded;
   - waits without a bound block in cuEventSynchronize on a CU_EVENT_BLOCKING_SYNC event after a
     short spin, so the waiting thread's CPU time stays a small part of the wait;
   - synchronous operations of two threads run side by side (each on a pooled stream), and the
     pool reuses its streams and keeps a bounded number;
   - an RPC kernel freeing a 4 MiB block does not deadlock with cuMemFree's implicit
     synchronisation, nor does an out-of-memory cache flush while an RPC kernel allocates.

   The tests use offload.h; the driver is reached the way an application beside the runtime
   reaches it (the backend's own entry points and a device's primary context, from the test
   hooks), the RPC client through the hooks' host client. */
#define _GNU_SOURCE
#include "../offload.h"
#include "../backends/cuda/driver.inc"
#include "files.h"
#include "sim_control.h"
#include "test.h"
#include "test_hooks.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#define SIM_PATH OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"

typedef void (*sim_kernel_fn)(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                              size_t shared_bytes, void* user_data);

static struct {
    void* library;
    void (*reset)(void);
    int (*fail)(const char* entry, unsigned nth, int result);
    unsigned (*call_count)(const char* entry);
    int (*register_kernel)(const char* name, sim_kernel_fn fn, void* user_data);
    void (*set_devices)(int count);
    long (*live_objects)(void);
    void (*set_legacy_delay_us)(unsigned us);
    unsigned (*deadlocks)(void);
    void (*set_deadlock_ms)(unsigned ms);
    long (*pending_ops)(void);
    void (*set_total_memory)(size_t bytes);
    void (*set_driver_version)(int version);
    int (*peer_access)(int from, int to);
    unsigned (*event_synchronizes)(int blocking);
} sim;

static int sim_open(void) {
    const test_sim_symbol symbols[] = {
        {"cuda_sim_reset", &sim.reset},
        {"cuda_sim_fail", &sim.fail},
        {"cuda_sim_call_count", &sim.call_count},
        {"cuda_sim_register_kernel", &sim.register_kernel},
        {"cuda_sim_set_devices", &sim.set_devices},
        {"cuda_sim_live_objects", &sim.live_objects},
        {"cuda_sim_set_legacy_delay_us", &sim.set_legacy_delay_us},
        {"cuda_sim_deadlocks", &sim.deadlocks},
        {"cuda_sim_set_deadlock_ms", &sim.set_deadlock_ms},
        {"cuda_sim_pending_ops", &sim.pending_ops},
        {"cuda_sim_set_total_memory", &sim.set_total_memory},
        {"cuda_sim_set_driver_version", &sim.set_driver_version},
        {"cuda_sim_peer_access", &sim.peer_access},
        {"cuda_sim_event_synchronizes", &sim.event_synchronizes},
    };
    return test_sim_open(&sim.library, SIM_PATH, symbols, TEST_SIM_COUNT(symbols));
}

/* Waits (bounded) until the simulated driver has run everything queued. */
static int sim_drain(void) {
    for (int i = 0; i < 5000 && sim.pending_ops() != 0; i++) usleep(1000);
    return sim.pending_ops() == 0;
}

static const char ptx[] =
    ".version 7.8\n.target sm_90\n.address_size 64\n"
    ".visible .entry padded(\n.param .u64 padded_p0,\n.param .u32 padded_p1\n)\n{\n ret;\n}\n"
    ".visible .entry reader(\n.param .u64 reader_p0,\n.param .u64 reader_p1,\n.param .u64 reader_p2\n)\n{\n ret;\n}\n"
    ".visible .entry spin(\n.param .u64 spin_p0\n)\n{\n ret;\n}\n"
    ".visible .entry sleeper(\n.param .u64 sleeper_p0\n)\n{\n ret;\n}\n"
    ".visible .entry gate(\n.param .u64 gate_p0\n)\n{\n ret;\n}\n";

/* ---- Simulated kernels ------------------------------------------------------------------------ */

typedef struct padded_args {
    uint32_t* out;
    uint32_t value;
} padded_args; /* 16 bytes, of which the parameters take 12 */

static size_t padded_seen_size;

static void padded_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                        size_t shared, void* user_data) {
    (void)grid, (void)block, (void)shared, (void)user_data;
    padded_seen_size = args_size;
    padded_args a;
    memset(&a, 0, sizeof a);
    memcpy(&a, args, args_size < sizeof a ? args_size : sizeof a);
    *a.out = a.value + 1;
}

/* out[0] = src[index]: a kernel that reads what an earlier operation should have written. */
typedef struct reader_args {
    const uint32_t* src;
    uint64_t index;
    uint32_t* out;
} reader_args;

static void reader_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                        size_t shared, void* user_data) {
    (void)grid, (void)block, (void)shared, (void)user_data, (void)args_size;
    reader_args a;
    memcpy(&a, args, sizeof a);
    a.out[0] = a.src[a.index];
}

/* Never finishes on its own: spins until the test sets *release. */
static void spin_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                      size_t shared, void* user_data) {
    (void)grid, (void)block, (void)shared, (void)user_data, (void)args_size;
    atomic_int* release;
    memcpy(&release, args, sizeof release);
    while (!atomic_load(release)) usleep(1000);
}

/* Runs for the microseconds in its argument, as a kernel keeps the GPU busy that long. */
static void sleeper_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                         size_t shared, void* user_data) {
    (void)grid, (void)block, (void)shared, (void)user_data, (void)args_size;
    uint64_t us;
    memcpy(&us, args, sizeof us);
    usleep((useconds_t)us);
}

/* Counts itself in, then runs until the test releases it or limit_ms has passed (so that a test
   of a runtime that waits for it where it must not fails instead of hanging). */
typedef struct gate_state {
    atomic_int started;
    atomic_int release;
    unsigned limit_ms;
} gate_state;

static void gate_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                      size_t shared, void* user_data) {
    (void)grid, (void)block, (void)shared, (void)user_data, (void)args_size;
    gate_state* g;
    memcpy(&g, args, sizeof g);
    atomic_fetch_add(&g->started, 1);
    for (unsigned ms = 0; ms < g->limit_ms && !atomic_load(&g->release); ms++) usleep(1000);
}

#ifndef OFFLOAD_NO_RPC
/* A program that uses RPC: it has the client global. */
static const char rpc_ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                              ".visible .global .align 8 .b8 offload_rpc_client[40];\n"
                              ".visible .entry frees(\n.param .u64 frees_p0\n)\n{\n ret;\n}\n";

/* An RPC kernel: allocates 4 MiB and frees it again (or, with `wait_ms`, first sleeps so that a
   user thread is inside a cache flush when it allocates). */
typedef struct frees_result {
    uint64_t pointer;
    int64_t freed;
    unsigned wait_ms;
} frees_result;

static void frees_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user_data) {
    (void)grid, (void)block, (void)shared, (void)args_size;
    offload_test_rpc_client* c = (offload_test_rpc_client*)user_data;
    frees_result* r;
    memcpy(&r, args, sizeof r);
    if (r->wait_ms) usleep(r->wait_ms * 1000u);
    void* p = offload_test_rpc_malloc(c, (uint64_t)4 << 20);
    r->pointer = (uint64_t)(uintptr_t)p;
    r->freed = p ? offload_test_rpc_free(c, p) : -1;
}
#endif

/* ---- Helpers --------------------------------------------------------------------------------- */

static uint32_t device_count(offload_context* ctx) {
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    return count;
}

/* The driver's entry points as the backend bound them, with gpu's primary context made current on
   this thread, as an application working beside the runtime does; NULL (with a message) when the
   hooks refuse or the device has not been opened by a first use. pop_context undoes the push. */
static const offload__cuda_api* push_context(offload_context* ctx, offload_device gpu) {
    offload_test_cuda driver;
    if (offload_test_cuda_driver(ctx, gpu, &driver) != OFFLOAD_SUCCESS || !driver.context) {
        fprintf(stderr, "  no CUDA driver or primary context for device %u: %s\n", gpu.id,
                offload_context_last_error(ctx));
        return NULL;
    }
    const offload__cuda_api* api = (const offload__cuda_api*)driver.api;
    return api->cuCtxPushCurrent_v2((offload__CUcontext)driver.context) == 0 ? api : NULL;
}

static void pop_context(const offload__cuda_api* api) {
    offload__CUcontext popped;
    api->cuCtxPopCurrent_v2(&popped);
}

static offload_context* open_context(uint32_t wait_timeout_ms, int no_memory_cache) {
    offload_context_desc desc = {0};
    desc.cuda_library_path = SIM_PATH;
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    desc.wait_timeout_ms = wait_timeout_ms;
    desc.no_memory_cache = no_memory_cache;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

#define OPEN_SIM(ctx, timeout_ms, no_cache)                                                                            \
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());                                                   \
    sim.reset();                                                                                                       \
    REQUIRE(sim.register_kernel("padded", padded_impl, NULL) && sim.register_kernel("reader", reader_impl, NULL) &&    \
            sim.register_kernel("spin", spin_impl, NULL) && sim.register_kernel("sleeper", sleeper_impl, NULL) &&      \
            sim.register_kernel("gate", gate_impl, NULL));                                                             \
    offload_context* ctx = open_context(timeout_ms, no_cache);                                                         \
    REQUIRE(ctx != NULL);                                                                                              \
    REQUIRE(device_count(ctx) >= 2);                                                                                   \
    offload_device gpu = {2}, host = {1};                                                                              \
    (void)host

static offload_program load(offload_context* ctx, offload_device gpu) {
    offload_program prog = {0};
    offload_program_create(ctx, gpu, &(offload_program_desc){.image = ptx, .size = sizeof ptx}, &prog);
    return prog;
}

static double ms_since(uint64_t start) { return (double)(test_now_ns() - start) / 1e6; }

/* ---- H1: exact parameter size ------------------------------------------------------------------ */

static void test_exact_parameter_size(void) {
    OPEN_SIM(ctx, 0, 0);
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "padded", &k));
    size_t exact = 0;
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, k, &exact));
    CHECK(exact == 12 && sizeof(padded_args) == 16);

    /* The simulated driver refuses the padded size, as the real one does. */
    void* fn = NULL;
    REQUIRE_OK(ctx, offload_test_cuda_function(ctx, k, &fn));
    uint32_t* out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_SHARED, 4, (void**)&out));
    padded_args args = {out, 41};
    size_t padded = sizeof args;
    void* extra[] = {OFFLOAD__CU_LAUNCH_PARAM_BUFFER_POINTER, &args, OFFLOAD__CU_LAUNCH_PARAM_BUFFER_SIZE, &padded,
                     OFFLOAD__CU_LAUNCH_PARAM_END};
    const offload__cuda_api* api = push_context(ctx, gpu);
    REQUIRE(api != NULL);
    offload__CUstream stream = NULL;
    REQUIRE(api->cuStreamCreate(&stream, OFFLOAD__CU_STREAM_NON_BLOCKING) == 0);
    CHECK(api->cuLaunchKernel((offload__CUfunction)fn, 1, 1, 1, 1, 1, 1, 0, stream, NULL, extra) ==
          OFFLOAD__CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
    CHECK(api->cuStreamDestroy_v2(stream) == 0);
    pop_context(api);

    /* Through our API, sizeof the struct works: the driver gets the 12 bytes. */
    padded_seen_size = 0;
    *out = 0;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k,
                                 &(offload_launch_desc){.args = &args, .args_size = sizeof args}));
    CHECK(padded_seen_size == 12 && *out == 42);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    args.value = 99;
    CHECK_OK(ctx, offload_launch(ctx, q, k, &(offload_launch_desc){.args = &args, .args_size = 12}));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(padded_seen_size == 12 && *out == 100);
    /* Shorter than the parameters: refused before the driver sees it. */
    CHECK_RESULT(ctx, offload_launch(ctx, q, k, &(offload_launch_desc){.args = &args, .args_size = 8}),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_ARGS_SIZE_MISMATCH);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, out));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* Before 12.4 there is no cuFuncGetParamInfo (the simulated driver fails it): the exact size comes
   from the image, PTX parameter lists with .align, arrays and .ptr attributes, and a cubin's
   EIATTR_KPARAM_INFO records (tests/data/cuda/kernels.sm_80.cubin, made by ptxas). */
static const char layouts_ptx[] =
    ".version 7.8\n.target sm_90\n.address_size 64\n"
    ".visible .entry aligned(.param .u32 aligned_a, .param .align 16 .b8 aligned_b[20], .param .u8 aligned_c)\n{\n ret;\n}\n"
    ".visible .entry pointee(\n\t.param .u64 .ptr .global .align 16 pointee_p, // a comment\n\t.param .f16x2 pointee_h\n)\n{\n ret;\n}\n"
    ".visible .entry none()\n{\n ret;\n}\n";

static size_t layout_of(offload_context* ctx, offload_program prog, const char* name) {
    offload_kernel k;
    size_t size = 99;
    if (offload_kernel_get(ctx, prog, name, &k) != OFFLOAD_SUCCESS ||
        offload_kernel_get_args_size(ctx, k, &size) != OFFLOAD_SUCCESS)
        return 99;
    return size;
}

static void test_exact_parameter_size_before_12_4(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    sim.reset();
    sim.set_driver_version(12020);
    REQUIRE(sim.register_kernel("padded", padded_impl, NULL) && sim.register_kernel("fill", padded_impl, NULL));
    offload_context* ctx = open_context(0, 0);
    REQUIRE(ctx != NULL);
    REQUIRE(device_count(ctx) >= 2);
    offload_device gpu = {2};
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    CHECK(layout_of(ctx, prog, "padded") == 12);
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "padded", &k));
    uint32_t* out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_SHARED, 4, (void**)&out));
    padded_args args = {out, 41};
    padded_seen_size = 0;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k,
                                 &(offload_launch_desc){.args = &args, .args_size = sizeof args}));
    CHECK(padded_seen_size == 12 && *out == 42);
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &(offload_launch_desc){.args = &args, .args_size = 8}),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_ARGS_SIZE_MISMATCH);

    offload_program layouts;
    REQUIRE_OK(ctx, offload_program_create(
                        ctx, gpu, &(offload_program_desc){.image = layouts_ptx, .size = sizeof layouts_ptx}, &layouts));
    CHECK(layout_of(ctx, layouts, "aligned") == 37); /* 4, padding to 16, 20 bytes, 1 */
    CHECK(layout_of(ctx, layouts, "pointee") == 12); /* the .align 16 is the pointee's */
    CHECK(layout_of(ctx, layouts, "none") == 0);

    size_t size = 0;
    char* cubin = test_read_file(OFFLOAD_TEST_ROOT "/tests/data/cuda/kernels.sm_80.cubin", &size);
    REQUIRE(cubin != NULL);
    offload_program native;
    CHECK_OK(ctx, offload_program_create(ctx, gpu, &(offload_program_desc){.image = cubin, .size = size}, &native));
    free(cubin);
    CHECK(layout_of(ctx, native, "fill") == 12);  /* (u64 x, u32 n) */
    CHECK(layout_of(ctx, native, "scale") == 16); /* (u64 x, u32 n, f32 a) */
    offload_kernel fill;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, native, "fill", &fill));
    padded_seen_size = 0;
    args.value = 1;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, fill,
                                 &(offload_launch_desc){.args = &args, .args_size = sizeof args}));
    CHECK(padded_seen_size == 12 && *out == 2);
    CHECK(sim.call_count("cuFuncGetParamInfo") == 0);
    CHECK_OK(ctx, offload_mem_free(ctx, out));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* ---- M3: dynamic shared memory ------------------------------------------------------------------ */

/* A kernel with 16 KiB of static shared memory: its default dynamic limit is 48 - 16 KiB, and
   static + dynamic must fit the device's opt-in maximum (227 KiB on the simulated device). */
static const char shared_ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                                 ".visible .entry tiled()\n{\n.shared .align 4 .b8 tile[16384];\n ret;\n}\n";

static atomic_size_t tiled_largest;

static void tiled_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user_data) {
    (void)args, (void)args_size, (void)grid, (void)block, (void)user_data;
    size_t seen = atomic_load(&tiled_largest);
    while (shared > seen && !atomic_compare_exchange_weak(&tiled_largest, &seen, shared)) {
    }
}

static offload_context* open_tiled(offload_kernel* k) {
    if (!sim.register_kernel("tiled", tiled_impl, NULL)) return NULL;
    offload_context* ctx = open_context(0, 0);
    offload_program prog;
    if (ctx && (offload_program_create(ctx, (offload_device){2},
                                       &(offload_program_desc){.image = shared_ptx, .size = sizeof shared_ptx},
                                       &prog) != OFFLOAD_SUCCESS ||
                offload_kernel_get(ctx, prog, "tiled", k) != OFFLOAD_SUCCESS)) {
        offload_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

static void test_dynamic_shared_memory_counts_static(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    sim.reset();
    offload_kernel k;
    offload_context* ctx = open_tiled(&k);
    REQUIRE(ctx != NULL);
    atomic_store(&tiled_largest, 0);
    /* 16 + 40 KiB > 48 KiB: needs the opt-in although 40 KiB alone would not. */
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &(offload_launch_desc){.shared_memory = 40 << 10}));
    CHECK(atomic_load(&tiled_largest) == 40 << 10);
    CHECK(sim.call_count("cuFuncSetAttribute") == 1);
    /* Below the limit set: no driver call. */
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &(offload_launch_desc){.shared_memory = 20 << 10}));
    CHECK(sim.call_count("cuFuncSetAttribute") == 1);
    /* 16 + 220 KiB > 227 KiB: refused before the driver, naming the static part. */
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &(offload_launch_desc){.shared_memory = 220 << 10}),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_SHARED_MEMORY_EXCEEDED);
    CHECK(strstr(offload_context_last_error(ctx), "16384") != NULL); /* the kernel's static bytes */
    CHECK(sim.call_count("cuFuncSetAttribute") == 1);
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &(offload_launch_desc){.shared_memory = 211 << 10}));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

typedef struct shared_thread {
    offload_context* ctx;
    offload_kernel kernel;
    offload_queue queue;
    size_t bytes;
    int failures;
} shared_thread;

static void* launch_with_shared(void* arg) {
    shared_thread* t = (shared_thread*)arg;
    for (int i = 0; i < 300; i++)
        if (offload_launch(t->ctx, t->queue, t->kernel, &(offload_launch_desc){.shared_memory = t->bytes}) !=
            OFFLOAD_SUCCESS)
            t->failures++;
    if (offload_queue_synchronize(t->ctx, t->queue) != OFFLOAD_SUCCESS) t->failures++;
    return NULL;
}

/* Two threads launch the same kernel with 100 KiB and 64 KiB: the attribute is per function, so
   setting it to each launch's size lets one thread's set undercut the other's launch. */
static void test_dynamic_shared_memory_threads(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    sim.reset();
    offload_kernel k;
    offload_context* ctx = open_tiled(&k);
    REQUIRE(ctx != NULL);
    shared_thread threads[2] = {{ctx, k, {0}, 100 << 10, 0}, {ctx, k, {0}, 64 << 10, 0}};
    pthread_t ids[2];
    for (int i = 0; i < 2; i++) REQUIRE_OK(ctx, offload_queue_create(ctx, (offload_device){2}, &threads[i].queue));
    for (int i = 0; i < 2; i++) REQUIRE(pthread_create(&ids[i], NULL, launch_with_shared, &threads[i]) == 0);
    for (int i = 0; i < 2; i++) pthread_join(ids[i], NULL);
    CHECK(threads[0].failures == 0 && threads[1].failures == 0);
    CHECK(sim.call_count("cuFuncSetAttribute") <= 2);
    for (int i = 0; i < 2; i++) CHECK_OK(ctx, offload_queue_destroy(ctx, threads[i].queue));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* ---- M7: copies between two GPUs ----------------------------------------------------------------- */

/* Two simulated GPUs: opening them enables no peer access (tests/test_cuda_peers.c: that is
   left to the first copy, one way), and a copy between them names both contexts (cuMemcpyPeerAsync, which the simulated driver
   checks: each pointer must belong to the context named with it), synchronously and on a queue
   of the destination. */
static void test_copies_between_two_gpus(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    sim.reset();
    sim.set_devices(2);
    offload_context* ctx = open_context(0, 1);
    REQUIRE(ctx != NULL);
    REQUIRE(device_count(ctx) == 3);
    offload_device host = {1}, gpu0 = {2}, gpu1 = {3};
    enum { N = 1 << 20 };
    unsigned char* pattern = (unsigned char*)malloc(N);
    unsigned char* back = (unsigned char*)malloc(N);
    REQUIRE(pattern && back);
    for (size_t i = 0; i < N; i++) pattern[i] = (unsigned char)(i * 7 + 3);
    void *a = NULL, *b = NULL, *c = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu0, OFFLOAD_MEM_DEVICE, N, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu1, OFFLOAD_MEM_DEVICE, N, &b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu1, OFFLOAD_MEM_DEVICE, N, &c));
    CHECK(!sim.peer_access(0, 1) && !sim.peer_access(1, 0)); /* both open: still none */
    CHECK_OK(ctx, offload_memcpy(ctx, gpu0, a, host, pattern, N));
    unsigned peer_copies = sim.call_count("cuMemcpyPeerAsync");
    CHECK_OK(ctx, offload_memcpy(ctx, gpu1, b, gpu0, a, N));
    memset(back, 0, N);
    CHECK_OK(ctx, offload_memcpy(ctx, host, back, gpu1, b, N));
    CHECK(memcmp(back, pattern, N) == 0);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu1, &q));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, gpu1, c, gpu0, a, N));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    memset(back, 0, N);
    CHECK_OK(ctx, offload_memcpy(ctx, host, back, gpu1, c, N));
    CHECK(memcmp(back, pattern, N) == 0);
    CHECK(sim.call_count("cuMemcpyPeerAsync") == peer_copies + 2);
    /* A queue of the source cannot run it: the destination's does. */
    offload_queue q0;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu0, &q0));
    CHECK_RESULT(ctx, offload_memcpy_async(ctx, q0, gpu1, c, gpu0, a, N), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_QUEUE_WRONG_DEVICE_FOR_COPY);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q0));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    CHECK_OK(ctx, offload_mem_free(ctx, c));
    free(pattern);
    free(back);
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* ---- H2: synchronous work is complete before queued work starts ------------------------------- */

/* Launches reader on q for src[index] and returns what it read. */
static uint32_t read_on_queue(offload_context* ctx, offload_queue q, offload_kernel reader, const uint32_t* src,
                              uint64_t index, uint32_t* out) {
    reader_args a = {src, index, out};
    *out = 0;
    if (offload_launch(ctx, q, reader, &(offload_launch_desc){.args = &a, .args_size = sizeof a}) != OFFLOAD_SUCCESS ||
        offload_queue_synchronize(ctx, q) != OFFLOAD_SUCCESS)
        return 0xffffffffu;
    return *out;
}

static void test_synchronous_work_is_done_for_queues(void) {
    OPEN_SIM(ctx, 0, 0);
    enum { N = 1 << 16 };
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    offload_kernel reader;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "reader", &reader));
    uint32_t *a = NULL, *b = NULL, *out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, N * 4, (void**)&a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, N * 4, (void**)&b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_SHARED, 4, (void**)&out));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    const char* legacy[] = {"cuMemsetD32_v2", "cuMemcpyDtoD_v2", "cuMemcpyHtoD_v2", "cuMemcpyDtoH_v2",
                            "cuStreamSynchronize"};
    unsigned before[5];
    for (int i = 0; i < 5; i++) before[i] = sim.call_count(legacy[i]);

    /* An application's kernels keep the legacy stream busy. */
    sim.set_legacy_delay_us(100000);
    uint32_t seven = 7;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, gpu, a, &seven, 4, N * 4));
    CHECK(read_on_queue(ctx, q, reader, a, N - 1, out) == 7);
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, b, gpu, a, N * 4));
    CHECK(read_on_queue(ctx, q, reader, b, N - 1, out) == 7);
    uint32_t small[256]; /* pageable and small: the legacy copy would return before its DMA */
    for (int i = 0; i < 256; i++) small[i] = 1000u + (uint32_t)i;
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, a, host, small, sizeof small));
    CHECK(read_on_queue(ctx, q, reader, a, 255, out) == 1255);
    /* Our synchronous work does not queue behind the application's legacy-stream work either. */
    const offload__cuda_api* api = push_context(ctx, gpu);
    REQUIRE(api != NULL);
    sim.set_legacy_delay_us(1000000);
    CHECK(api->cuMemsetD32_v2((offload__CUdeviceptr)(uintptr_t)b, 5, 1) == 0);
    uint64_t start = test_now_ns();
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, gpu, a, &seven, 4, 64));
    CHECK(ms_since(start) < 800);
    CHECK(api->cuStreamSynchronize(NULL) == 0);
    pop_context(api);
    sim.set_legacy_delay_us(0);
    before[0]++; /* the application's own memset above */
    before[4]++;
    for (int i = 0; i < 5; i++) {
        if (sim.call_count(legacy[i]) != before[i]) fprintf(stderr, "  %s was called\n", legacy[i]);
        CHECK(sim.call_count(legacy[i]) == before[i]);
    }
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    CHECK_OK(ctx, offload_mem_free(ctx, out));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* ---- H4: primary contexts on first use, devices independent -------------------------------------- */

static void test_contexts_open_on_first_use(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    sim.reset();
    sim.set_devices(2);
    unsigned retains = sim.call_count("cuDevicePrimaryCtxRetain");
    offload_context* ctx = open_context(0, 0);
    REQUIRE(ctx != NULL);
    REQUIRE(device_count(ctx) == 3);
    CHECK(sim.call_count("cuDevicePrimaryCtxRetain") == retains);
    offload_device gpu0 = {2}, gpu1 = {3};
    /* The first use of GPU 1 finds it prohibited (CUDA_ERROR_UNKNOWN); GPU 0 is unaffected. */
    sim.fail("cuDevicePrimaryCtxRetain", 1, 999);
    void* p = NULL;
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, gpu1, OFFLOAD_MEM_DEVICE, 64, &p), OFFLOAD_ERROR_BACKEND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_DEVICE_NOT_OPENED);
    /* the device's ordinal and the driver call that failed */
    CHECK(strstr(offload_context_last_error(ctx), "CUDA device 1") != NULL &&
          strstr(offload_context_last_error(ctx), "cuDevicePrimaryCtxRetain") != NULL);
    CHECK_OK(ctx, offload_mem_alloc(ctx, gpu0, OFFLOAD_MEM_DEVICE, 64, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    CHECK(sim.call_count("cuDevicePrimaryCtxRetain") == retains + 2);
    /* Opening is tried again on the next use. */
    CHECK_OK(ctx, offload_mem_alloc(ctx, gpu1, OFFLOAD_MEM_DEVICE, 64, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    CHECK(sim.call_count("cuDevicePrimaryCtxRetain") == retains + 3);
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);

    /* A device that cannot describe itself is skipped; the other stays. */
    sim.fail("cuDeviceGetName", 2, 999);
    ctx = open_context(0, 0);
    REQUIRE(ctx != NULL);
    CHECK(device_count(ctx) == 2);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status));
    CHECK(status.loaded && status.device_count == 1 && strstr(status.reason, "device 1 skipped") != NULL &&
          strstr(status.reason, "cuDeviceGetName") != NULL);
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
    sim.set_devices(1);
}

/* ---- M2: sticky errors and their names ---------------------------------------------------------- */

static void test_device_assert_loses_the_device(void) {
    OPEN_SIM(ctx, 0, 0);
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "padded", &k));
    uint32_t* out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_SHARED, 4, (void**)&out));
    padded_args args = {out, 1};
    /* A code our list lacks is named by the driver. */
    void* p = NULL;
    sim.fail("cuMemAlloc_v2", 1, 909);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 64, &p), OFFLOAD_ERROR_BACKEND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_CALL_FAILED);
    CHECK(strstr(offload_context_last_error(ctx), "CUDA_ERROR_TIMEOUT (909)") != NULL);
    /* __assertfail in a kernel: the context cannot be used any more. */
    sim.fail("cuStreamQuery", 1, 710);
    CHECK_RESULT(
        ctx,
        offload_launch(ctx, (offload_queue){0}, k, &(offload_launch_desc){.args = &args, .args_size = sizeof args}),
        OFFLOAD_ERROR_DEVICE_LOST);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_CALL_FAILED);
    CHECK(strstr(offload_context_last_error(ctx), "CUDA_ERROR_ASSERT (710)") != NULL);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 64, &p), OFFLOAD_ERROR_DEVICE_LOST);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_DEVICE_LOST);
    CHECK(strstr(offload_context_last_error(ctx), "CUDA_ERROR_ASSERT") != NULL); /* the error that lost it */
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* ---- M1 / bounded waits: a kernel that never finishes on its own -------------------------------- */

static void test_waits_are_bounded(void) {
    OPEN_SIM(ctx, 200, 1);
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    offload_kernel spin;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "spin", &spin));
    static atomic_int release;
    atomic_store(&release, 0);
    atomic_int* flag = &release;
    offload_launch_desc launch = {.args = &flag, .args_size = sizeof flag};
    uint32_t *a = NULL, *b = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 4096, (void**)&a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 4096, (void**)&b));

    unsigned destroyed = sim.call_count("cuStreamDestroy_v2");
    uint64_t start = test_now_ns();
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, spin, &launch), OFFLOAD_ERROR_TIMEOUT);
    double waited = ms_since(start);
    CHECK(waited >= 200 && waited < 2000);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_WAIT_TIMEOUT);
    /* what waited, and the bound */
    CHECK(strstr(offload_context_last_error(ctx), "a synchronous launch") != NULL &&
          strstr(offload_context_last_error(ctx), "200 ms") != NULL);
    /* The stream keeps the hung kernel: it is destroyed, not pooled for later synchronous work. */
    CHECK(sim.call_count("cuStreamDestroy_v2") == destroyed + 1);
    /* The context stays usable: synchronous work runs beside the hung kernel. */
    uint32_t nine = 9, back = 0;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, gpu, a, &nine, 4, 4096));
    CHECK_OK(ctx, offload_memcpy(ctx, host, &back, gpu, a + 1023, 4));
    CHECK(back == 9);

    offload_queue q;
    offload_event e;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    REQUIRE_OK(ctx, offload_event_create(ctx, gpu, &e));
    CHECK_OK(ctx, offload_launch(ctx, q, spin, &launch));
    CHECK_OK(ctx, offload_event_record(ctx, e, q));
    start = test_now_ns();
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_TIMEOUT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_WAIT_TIMEOUT);
    CHECK_RESULT(ctx, offload_event_synchronize(ctx, e), OFFLOAD_ERROR_TIMEOUT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_WAIT_TIMEOUT);
    waited = ms_since(start);
    CHECK(waited >= 400 && waited < 4000);
    CHECK(offload_queue_query(ctx, q) == OFFLOAD_ERROR_NOT_READY);

    /* cuMemFree would wait for the kernels: the free is deferred, not blocked. */
    unsigned frees = sim.call_count("cuMemFree_v2");
    start = test_now_ns();
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK(ms_since(start) < 100);
    CHECK(sim.call_count("cuMemFree_v2") == frees);

    /* Once the kernels end, everything completes and the deferred free is done. */
    atomic_store(&release, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK_OK(ctx, offload_event_synchronize(ctx, e));
    REQUIRE(sim_drain());
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    CHECK(sim.call_count("cuMemFree_v2") == frees + 2);
    CHECK_OK(ctx, offload_event_destroy(ctx, e));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    /* Bounded waits poll: no driver call waits with a limit. */
    CHECK(sim.event_synchronizes(0) == 0 && sim.event_synchronizes(1) == 0);
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
    CHECK(sim.deadlocks() == 0);
}

/* ---- Waits without a bound block; synchronous operations are pooled ------------------------------ */

static unsigned queries(void) { return sim.call_count("cuStreamQuery") + sim.call_count("cuEventQuery"); }

static uint64_t thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static offload_result launch_sleeper(offload_context* ctx, offload_queue q, offload_kernel k, uint64_t us) {
    return offload_launch(ctx, q, k, &(offload_launch_desc){.args = &us, .args_size = sizeof us});
}

/* Without a bound, a wait queries the driver for some 50 us (about a hundred queries, spaced by
   1/32 of the time waited) and then blocks in cuEventSynchronize on an event made with
   CU_EVENT_BLOCKING_SYNC (the simulated driver spins, yielding, on any other event, as the real
   one does by default). The back-off this replaced queried back to back, then yielded the core
   between queries for 5 ms: some 4000 queries in a 150 ms wait on a 2-core machine, and a core
   kept busy by kernels of a few milliseconds (99 % of the wall time below, against 2 % now). CPU
   time is the thread's own, which a loaded machine does not inflate; there the old code yielded
   more and could pass the query and CPU bounds, but never the count of blocking synchronizes. */
static void test_unbounded_waits_block(void) {
    OPEN_SIM(ctx, 0, 0);
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    offload_kernel sleeper;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "sleeper", &sleeper));
    CHECK_OK(ctx, launch_sleeper(ctx, (offload_queue){0}, sleeper, 0)); /* the device opened, a stream made */

    /* One long synchronous launch: some hundred queries (fewer than 200 even with queries of 20 ns),
       then one blocking wait. */
    unsigned queried = queries(), blocking = sim.event_synchronizes(1), spinning = sim.event_synchronizes(0);
    uint64_t start = test_now_ns();
    CHECK_OK(ctx, launch_sleeper(ctx, (offload_queue){0}, sleeper, 150000));
    CHECK(ms_since(start) >= 150);
    queried = queries() - queried;
    fprintf(stderr, "  %u queries in a 150 ms wait\n", queried);
    CHECK(queried < 400);
    CHECK(sim.event_synchronizes(1) == blocking + 1);

    /* Kernels of 4 ms back to back: the thread sleeps through nearly all of each. */
    blocking = sim.event_synchronizes(1);
    uint64_t cpu = thread_cpu_ns();
    start = test_now_ns();
    enum { SHORT = 20 };
    for (int i = 0; i < SHORT; i++) CHECK_OK(ctx, launch_sleeper(ctx, (offload_queue){0}, sleeper, 4000));
    double wall_ms = ms_since(start), cpu_ms = (double)(thread_cpu_ns() - cpu) / 1e6;
    fprintf(stderr, "  %.1f ms of CPU time in %.1f ms of waits\n", cpu_ms, wall_ms);
    CHECK(wall_ms >= SHORT * 4 && cpu_ms < wall_ms / 4);
    CHECK(sim.event_synchronizes(1) == blocking + SHORT);

    /* A queue's wait records the blocking event on the queue's stream; an event's, on a private
       stream made to wait for the caller's event (made without BLOCKING_SYNC, which would slow
       cuStreamWaitEvent and cuEventQuery): the driver is never asked to synchronize on it. */
    offload_queue q;
    offload_event e;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    REQUIRE_OK(ctx, offload_event_create(ctx, gpu, &e));
    blocking = sim.event_synchronizes(1);
    CHECK_OK(ctx, launch_sleeper(ctx, q, sleeper, 100000));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(sim.event_synchronizes(1) == blocking + 1);
    unsigned stream_waits = sim.call_count("cuStreamWaitEvent");
    CHECK_OK(ctx, launch_sleeper(ctx, q, sleeper, 100000));
    CHECK_OK(ctx, offload_event_record(ctx, e, q));
    CHECK_OK(ctx, offload_event_synchronize(ctx, e));
    CHECK(offload_event_query(ctx, e) == OFFLOAD_SUCCESS);
    CHECK(sim.event_synchronizes(1) == blocking + 2);
    CHECK(sim.call_count("cuStreamWaitEvent") == stream_waits + 1);
    CHECK(sim.event_synchronizes(0) == spinning);
    CHECK_OK(ctx, offload_event_destroy(ctx, e));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

typedef struct gate_launch {
    offload_context* ctx;
    offload_kernel kernel;
    gate_state* gate;
    offload_result result;
} gate_launch;

static void* launch_gate(void* arg) {
    gate_launch* t = (gate_launch*)arg;
    t->result = offload_launch(t->ctx, (offload_queue){0}, t->kernel,
                               &(offload_launch_desc){.args = &t->gate, .args_size = sizeof t->gate});
    return NULL;
}

/* Waits (bounded) until `count` gate kernels have started. */
static int gate_wait_started(gate_state* g, int count) {
    for (int i = 0; i < 10000 && atomic_load(&g->started) < count; i++) usleep(1000);
    return atomic_load(&g->started) == count;
}

/* A thread's synchronous launch waits for its kernel; another thread's small synchronous copies
   and fill on the same device run meanwhile (each operation has a stream of its own, and the
   lock that hands them out is not held across the wait). */
static void test_synchronous_operations_side_by_side(void) {
    OPEN_SIM(ctx, 0, 0);
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    offload_kernel gate;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "gate", &gate));
    uint32_t* p = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 64, (void**)&p));
    static gate_state g;
    atomic_store(&g.started, 0);
    atomic_store(&g.release, 0);
    g.limit_ms = 1000;
    gate_launch a = {ctx, gate, &g, OFFLOAD_ERROR_BACKEND};
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, launch_gate, &a) == 0);
    CHECK(gate_wait_started(&g, 1));
    uint64_t start = test_now_ns();
    uint32_t value = 0x1234abcd, back = 0, five = 5;
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, p, host, &value, 4));
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, gpu, p + 1, &five, 4, 4));
    CHECK_OK(ctx, offload_memcpy(ctx, host, &back, gpu, p, 4));
    double took = ms_since(start);
    int running = !atomic_load(&g.release) && ms_since(start) < 1000;
    atomic_store(&g.release, 1);
    pthread_join(thread, NULL);
    fprintf(stderr, "  the small synchronous operations took %.1f ms\n", took);
    CHECK(took < 300 && running);
    CHECK(back == value);
    CHECK_OK(ctx, offload_memcpy(ctx, host, &back, gpu, p + 1, 4));
    CHECK(back == 5);
    CHECK(a.result == OFFLOAD_SUCCESS);
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* The pool keeps at most this many idle streams per device (OFFLOAD__CUDA_SYNC_POOL_MAX in
   backends/cuda.inc). */
#define SYNC_POOL_MAX 8

/* Sequential synchronous operations reuse one stream; a burst of concurrent ones makes a stream
   each, and the pool keeps SYNC_POOL_MAX of them (the others are destroyed as they come back). */
static void test_synchronous_streams_are_pooled(void) {
    OPEN_SIM(ctx, 0, 0);
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    offload_kernel sleeper, gate;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "sleeper", &sleeper));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "gate", &gate));
    uint32_t* p = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 64, (void**)&p));
    unsigned created = sim.call_count("cuStreamCreate"), destroyed = sim.call_count("cuStreamDestroy_v2");
    uint32_t value = 7;
    for (int i = 0; i < 50; i++) {
        CHECK_OK(ctx, offload_memcpy(ctx, gpu, p, host, &value, 4));
        CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, gpu, p, &value, 4, 64));
        CHECK_OK(ctx, launch_sleeper(ctx, (offload_queue){0}, sleeper, i % 10 ? 0 : 1000));
    }
    CHECK(sim.call_count("cuStreamCreate") == created + 1);

    enum { BURST = SYNC_POOL_MAX + 4 };
    static gate_state g;
    atomic_store(&g.started, 0);
    atomic_store(&g.release, 0);
    g.limit_ms = 10000;
    gate_launch launches[BURST];
    pthread_t threads[BURST];
    for (int i = 0; i < BURST; i++) {
        launches[i] = (gate_launch){ctx, gate, &g, OFFLOAD_ERROR_BACKEND};
        REQUIRE(pthread_create(&threads[i], NULL, launch_gate, &launches[i]) == 0);
    }
    CHECK(gate_wait_started(&g, BURST));
    atomic_store(&g.release, 1);
    for (int i = 0; i < BURST; i++) {
        pthread_join(threads[i], NULL);
        CHECK(launches[i].result == OFFLOAD_SUCCESS);
    }
    CHECK(sim.call_count("cuStreamCreate") == created + BURST);
    CHECK(sim.call_count("cuStreamDestroy_v2") == destroyed + BURST - SYNC_POOL_MAX);
    for (int i = 0; i < 20; i++) CHECK_OK(ctx, offload_memcpy(ctx, gpu, p, host, &value, 4));
    CHECK(sim.call_count("cuStreamCreate") == created + BURST);
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

static void test_teardown_is_bounded(void) {
    OPEN_SIM(ctx, 200, 1);
    offload_program prog = load(ctx, gpu);
    REQUIRE(prog.id != 0);
    offload_kernel spin;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "spin", &spin));
    static atomic_int release;
    atomic_store(&release, 0);
    atomic_int* flag = &release;
    void* p = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 4096, &p));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    CHECK_OK(ctx, offload_launch(ctx, q, spin, &(offload_launch_desc){.args = &flag, .args_size = sizeof flag}));
    /* Destroyed with the kernel running and the queue and memory not released. */
    uint64_t start = test_now_ns();
    offload_context_destroy(ctx);
    double waited = ms_since(start);
    CHECK(waited >= 200 && waited < 2000);
    CHECK(sim.deadlocks() == 0);
    atomic_store(&release, 1);
    CHECK(sim_drain());
    /* The memory freed while the kernel ran was left to the driver (cuMemFree would have waited),
       and so was the module of the running kernel (cuModuleUnload would have taken its code
       away): the allocation and the module are all that is left. */
    CHECK(sim.live_objects() == 2);
}

#ifndef OFFLOAD_NO_RPC
/* ---- H3: RPC frees and cache flushes while an RPC kernel runs ---------------------------------- */

static offload_context* open_rpc(offload_device gpu, offload_program* prog, offload_kernel* k,
                                 offload_test_rpc_client* client) {
    offload_context* ctx = open_context(10000, 0);
    if (!ctx) return NULL;
    if (offload_program_create(ctx, gpu, &(offload_program_desc){.image = rpc_ptx, .size = sizeof rpc_ptx}, prog) !=
            OFFLOAD_SUCCESS ||
        offload_global_read(ctx, *prog, OFFLOAD_TEST_RPC_SYMBOL, 0, client, sizeof *client) != OFFLOAD_SUCCESS ||
        offload_kernel_get(ctx, *prog, "frees", k) != OFFLOAD_SUCCESS ||
        !sim.register_kernel("frees", frees_impl, client)) {
        offload_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

static void test_rpc_free_of_a_large_block(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    sim.reset();
    sim.set_deadlock_ms(1000);
    offload_device gpu = {2};
    offload_program prog;
    offload_kernel k;
    offload_test_rpc_client client;
    offload_context* ctx = open_rpc(gpu, &prog, &k, &client);
    REQUIRE(ctx != NULL);
    static frees_result result;
    memset(&result, 0, sizeof result);
    frees_result* r = &result;
    offload_launch_desc launch = {.args = &r, .args_size = sizeof r};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    CHECK(result.pointer != 0 && result.freed == 0);
    CHECK(sim.deadlocks() == 0);
    /* Given back by the time the launch returned. */
    offload_mem_info info;
    CHECK_RESULT(ctx, offload_mem_get_info(ctx, (void*)(uintptr_t)result.pointer, &info), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NOT_IN_AN_ALLOCATION);

    /* On a queue: the free waits for the next launch or teardown, never for the kernel. */
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    memset(&result, 0, sizeof result);
    CHECK_OK(ctx, offload_launch(ctx, q, k, &launch));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(result.pointer != 0 && result.freed == 0 && sim.deadlocks() == 0);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
    CHECK(sim.deadlocks() == 0);
    CHECK(sim.live_objects() == 0);
}

typedef struct flush_thread {
    offload_context* ctx;
    offload_kernel kernel;
    frees_result* result;
    offload_result launched;
} flush_thread;

static void* launch_rpc_kernel(void* arg) {
    flush_thread* t = (flush_thread*)arg;
    frees_result* r = t->result;
    t->launched = offload_launch(t->ctx, (offload_queue){0}, t->kernel,
                                 &(offload_launch_desc){.args = &r, .args_size = sizeof r});
    return NULL;
}

/* A user thread runs out of device memory while an RPC kernel is about to allocate: the cache
   flush frees (and cuMemFree waits for that kernel) without holding the memory manager's lock,
   which the kernel's allocation needs. */
static void test_cache_flush_during_an_rpc_kernel(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    sim.reset();
    sim.set_deadlock_ms(2000);
    offload_device gpu = {2};
    offload_program prog;
    offload_kernel k;
    offload_test_rpc_client client;
    offload_context* ctx = open_rpc(gpu, &prog, &k, &client);
    REQUIRE(ctx != NULL);
    void* cached = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 4096, &cached));
    CHECK_OK(ctx, offload_mem_free(ctx, cached)); /* now in the cache */
    static frees_result result;
    memset(&result, 0, sizeof result);
    result.wait_ms = 300;
    flush_thread t = {ctx, k, &result, OFFLOAD_ERROR_BACKEND};
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, launch_rpc_kernel, &t) == 0);
    usleep(100000);                  /* the kernel is running and sleeping */
    sim.fail("cuMemAlloc_v2", 1, 2); /* CUDA_ERROR_OUT_OF_MEMORY: flush the cache and retry */
    void* big = NULL;
    CHECK_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 2 << 20, &big));
    pthread_join(thread, NULL);
    CHECK(t.launched == OFFLOAD_SUCCESS);
    CHECK(result.pointer != 0 && result.freed == 0);
    CHECK(sim.deadlocks() == 0);
    CHECK_OK(ctx, offload_mem_free(ctx, big));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}
#else
#define NO_RPC_MESSAGE "this build leaves device-to-host calls out (OFFLOAD_NO_RPC)"
static void test_rpc_free_of_a_large_block(void) { SKIP(NO_RPC_MESSAGE); }
static void test_cache_flush_during_an_rpc_kernel(void) { SKIP(NO_RPC_MESSAGE); }
#endif /* OFFLOAD_NO_RPC */

/* review M8: the device's size bounds device memory only. Pinned host memory is bounded by the
   host, and managed memory may oversubscribe the device. */
static void test_size_limit_is_for_device_memory(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    sim.reset();
    enum { DEVICE_BYTES = 1 << 20 };
    sim.set_total_memory(DEVICE_BYTES);
    offload_context* ctx = open_context(0, 1);
    sim.set_total_memory(0);
    REQUIRE(ctx != NULL);
    REQUIRE(device_count(ctx) >= 2);
    offload_device gpu = {2};
    offload_device_info info;
    REQUIRE_OK(ctx, offload_device_get_info(ctx, gpu, &info));
    REQUIRE(info.memory_bytes == DEVICE_BYTES);
    void* p = NULL;
    CHECK(offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 2 * DEVICE_BYTES, &p) == OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY);
    CHECK(p == NULL);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_DEVICE_MEMORY_EXCEEDED);
    CHECK_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, DEVICE_BYTES, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    static const offload_mem_kind beyond[] = {OFFLOAD_MEM_HOST, OFFLOAD_MEM_SHARED};
    for (size_t i = 0; i < sizeof beyond / sizeof beyond[0]; i++) {
        p = NULL;
        CHECK_OK(ctx, offload_mem_alloc(ctx, gpu, beyond[i], 2 * DEVICE_BYTES, &p));
        if (p) {
            memset(p, 0x5a, 2 * DEVICE_BYTES); /* host-reachable: all of it is there */
            CHECK_OK(ctx, offload_mem_free(ctx, p));
        }
    }
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_exact_parameter_size);
    RUN(test_exact_parameter_size_before_12_4);
    RUN(test_size_limit_is_for_device_memory);
    RUN(test_dynamic_shared_memory_counts_static);
    RUN(test_dynamic_shared_memory_threads);
    RUN(test_copies_between_two_gpus);
    RUN(test_synchronous_work_is_done_for_queues);
    RUN(test_contexts_open_on_first_use);
    RUN(test_device_assert_loses_the_device);
    RUN(test_waits_are_bounded);
    RUN(test_unbounded_waits_block);
    RUN(test_synchronous_operations_side_by_side);
    RUN(test_synchronous_streams_are_pooled);
    RUN(test_rpc_free_of_a_large_block);
    RUN(test_cache_flush_during_an_rpc_kernel);
    RUN(test_teardown_is_bounded); /* last: it leaves an allocation in the driver */
    return test_summary();
}
