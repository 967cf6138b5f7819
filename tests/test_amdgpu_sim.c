/* tests/test_amdgpu_sim.c — the AMDGPU backend end to end on the simulated HSA runtime
   (build/sim/hsa_sim.so, a ROCr 5.2.3 profile, and hsa_sim_vmem.so, a ROCm 6 profile): backend
   status in every outcome, device info, memory kinds, copies, fills, queues, events, host
   callbacks, a real gfx90a code object from llc-14 + ld.lld-14 (tests/data/amdgpu), its kernel
   descriptors, kernels, globals, launches whose kernarg buffers the registered implementations
   check byte by byte, hidden arguments (v4 from the code object, v5 from hand-made metadata),
   virtual memory, stale handles, and a fault sweep that fails every HSA call of a realistic run.

   The metadata parser, the kernel layout and the vm ops are reached through the test hooks. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>

#include <dlfcn.h>

#define SIM_PATH OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"
#define SIM_VMEM_PATH OFFLOAD_TEST_BUILD "/sim/hsa_sim_vmem.so"
#define CODE_OBJECT OFFLOAD_TEST_ROOT "/tests/data/amdgpu/kernels.gfx90a.co"

typedef struct sim_dispatch {
    const char* kernel;
    uint32_t dims, workgroup[3], grid[3], group_segment_size, private_segment_size, kernarg_size, gpu;
} sim_dispatch;
typedef void (*sim_kernel_fn)(const void* kernarg, const sim_dispatch* dispatch, void* user);

/* One simulated runtime's control functions. */
typedef struct sim_api {
    void* library;
    void (*reset)(void);
    void (*set_gpu_count)(int);
    void (*set_init_status)(int);
    void (*register_kernel)(const char*, sim_kernel_fn, void*);
    void (*fail_nth)(uint64_t, int);
    int (*fail_call)(const char*, uint64_t, int);
    const char* (*failed_call)(void);
    uint64_t (*status_calls)(void);
    const char* (*last_error)(void);
    uint64_t (*packets_without_barrier)(void);
    int (*refcount)(void);
    long (*leaked_at_shutdown)(void);
    long (*live_objects)(void);
    uint64_t (*calls)(const char*);
} sim_api;

static sim_api sim, sim_vmem;

static int sim_bind(sim_api* s, const char* name, void* slot) {
    void* address = dlsym(s->library, name);
    memcpy(slot, &address, sizeof address);
    return address != NULL;
}

static int sim_open(sim_api* s, const char* path) {
    if (s->library) return 1;
    s->library = dlopen(path, RTLD_NOW);
    return s->library && sim_bind(s, "hsa_sim_reset", &s->reset) &&
           sim_bind(s, "hsa_sim_set_gpu_count", &s->set_gpu_count) &&
           sim_bind(s, "hsa_sim_set_init_status", &s->set_init_status) &&
           sim_bind(s, "hsa_sim_register_kernel", &s->register_kernel) &&
           sim_bind(s, "hsa_sim_fail_nth", &s->fail_nth) && sim_bind(s, "hsa_sim_fail_call", &s->fail_call) &&
           sim_bind(s, "hsa_sim_failed_call", &s->failed_call) &&
           sim_bind(s, "hsa_sim_status_calls", &s->status_calls) && sim_bind(s, "hsa_sim_last_error", &s->last_error) &&
           sim_bind(s, "hsa_sim_packets_without_barrier", &s->packets_without_barrier) &&
           sim_bind(s, "hsa_sim_refcount", &s->refcount) &&
           sim_bind(s, "hsa_sim_leaked_at_shutdown", &s->leaked_at_shutdown) &&
           sim_bind(s, "hsa_sim_live_objects", &s->live_objects) && sim_bind(s, "hsa_sim_calls", &s->calls);
}

static offload_context* open_context(const char* path, uint64_t timeout_ms) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_AMDGPU);
    desc.hsa_library_path = path;
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.wait_timeout_ms = (uint32_t)timeout_ms;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return NULL;
    return ctx;
}

/* ---- Registered kernel implementations: they read the kernarg buffer as the GPU would --------- */

static void saxpy_impl(const void* kernarg, const sim_dispatch* d, void* user) {
    (void)user;
    const unsigned char* k = kernarg;
    float a;
    float *x, *y;
    int32_t n;
    memcpy(&a, k + 0, 4);
    memcpy(&x, k + 8, 8);
    memcpy(&y, k + 16, 8);
    memcpy(&n, k + 24, 4);
    for (uint32_t i = 0; i < d->grid[0] && (int32_t)i < n; i++) y[i] = a * x[i] + y[i];
}

typedef struct mixed_seen {
    int8_t c;
    double d;
    int16_t s;
    int32_t* p;
    int32_t i;
    int hidden_zero;
    sim_dispatch dispatch;
} mixed_seen;

static void mixed_impl(const void* kernarg, const sim_dispatch* d, void* user) {
    mixed_seen* seen = user;
    const unsigned char* k = kernarg;
    memcpy(&seen->c, k + 0, 1);
    memcpy(&seen->d, k + 8, 8);
    memcpy(&seen->s, k + 16, 2);
    memcpy(&seen->p, k + 24, 8);
    memcpy(&seen->i, k + 32, 4);
    seen->hidden_zero = 1;
    for (uint32_t b = 40; b < d->kernarg_size; b++) seen->hidden_zero &= k[b] == 0;
    seen->dispatch = *d;
    *seen->p = seen->c + seen->s + (int32_t)seen->d + seen->i;
}

static void reverse_impl(const void* kernarg, const sim_dispatch* d, void* user) {
    sim_dispatch* out = user;
    float* data;
    memcpy(&data, kernarg, 8);
    for (uint32_t i = 0; i < d->grid[0] / 2; i++) {
        float t = data[i];
        data[i] = data[d->grid[0] - 1 - i];
        data[d->grid[0] - 1 - i] = t;
    }
    *out = *d;
}

/* ---- Tests -------------------------------------------------------------------------------------- */

static void test_status_and_device_info(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    sim.reset();
    sim.set_gpu_count(2);
    offload_context* ctx = open_context(SIM_PATH, 2000);
    REQUIRE(ctx);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_AMDGPU, &status));
    CHECK(status.loaded && status.result == OFFLOAD_SUCCESS && status.device_count == 2);
    CHECK(strcmp(status.library, SIM_PATH) == 0);
    uint32_t count = 0;
    CHECK_OK(ctx, offload_device_count(ctx, &count));
    CHECK(count == 3);
    offload_device dev;
    offload_device_info info;
    CHECK_OK(ctx, offload_device_get(ctx, 1, &dev));
    CHECK_OK(ctx, offload_device_get_info(ctx, dev, &info));
    CHECK(info.backend == OFFLOAD_BACKEND_AMDGPU);
    CHECK(strcmp(info.arch, "gfx90a") == 0);
    CHECK(strcmp(info.vendor, "AMD") == 0);
    CHECK(strstr(info.name, "Simulated Instinct MI210") != NULL);
    CHECK(info.compute_units == 104 && info.warp_size == 64 && info.max_block_size == 1024);
    CHECK(info.max_block_dims[0] == 1024 && info.max_block_dims[2] == 1024);
    CHECK(info.memory_bytes == (uint64_t)16 << 30 && info.max_shared_memory == 65536);
    CHECK(info.supports_shared_memory && !info.supports_virtual_memory);
    CHECK(sim.refcount() == 1);
    offload_context_destroy(ctx);
    CHECK(sim.refcount() == 0 && sim.leaked_at_shutdown() == 0);
}

static void check_reason(const char* path, const char* expected, int gpus, int init_status) {
    sim.reset();
    sim.set_gpu_count(gpus);
    sim.set_init_status(init_status);
    offload_context* ctx = open_context(path, 1000);
    REQUIRE(ctx);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_AMDGPU, &status));
    CHECK(!status.loaded && status.result != OFFLOAD_SUCCESS && status.device_count == 0);
    if (!strstr(status.reason, expected)) fprintf(stderr, "  reason: %s (expected %s)\n", status.reason, expected);
    CHECK(strstr(status.reason, expected) != NULL);
    CHECK(strcmp(status.library, path) == 0);
    uint32_t count = 0;
    CHECK_OK(ctx, offload_device_count(ctx, &count));
    CHECK(count == 1); /* the host device only */
    offload_context_destroy(ctx);
    CHECK(sim.refcount() == 0);
    sim.reset();
}

static void test_status_when_unusable(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    check_reason("/nonexistent/libhsa-runtime64.so.1", "library not found: ", 1, 0);
    check_reason("libm.so.6", "missing entry point hsa_init", 1, 0);
    check_reason(SIM_PATH, "hsa_init failed: HSA_STATUS_ERROR_OUT_OF_RESOURCES", 1, 0x1008);
    check_reason(SIM_PATH, "(0x1008)", 1, 0x1008);
    check_reason(SIM_PATH, "no GPU agents", 0, 0);
}

/* The GPU device of a context opened on the simulator. */
static offload_device gpu_of(offload_context* ctx) {
    offload_device dev = {0};
    offload_device_get(ctx, 1, &dev);
    return dev;
}

typedef struct callback_check {
    const unsigned char* pinned;
    unsigned char seen;
    atomic_int calls;
} callback_check;

static void on_callback(void* user) {
    callback_check* c = user;
    c->seen = c->pinned[5]; /* the copy enqueued before must be visible */
    atomic_fetch_add(&c->calls, 1);
}

static void test_queues_events_callbacks(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    sim.reset();
    offload_context* ctx = open_context(SIM_PATH, 2000);
    REQUIRE(ctx);
    offload_device gpu = gpu_of(ctx), host;
    CHECK_OK(ctx, offload_device_get(ctx, 0, &host));
    offload_queue q1, q2;
    offload_event e1, e2;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q1));
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q2));
    REQUIRE_OK(ctx, offload_event_create(ctx, gpu, &e1));
    REQUIRE_OK(ctx, offload_event_create(ctx, gpu, &e2));
    void *d = NULL, *h = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 4096, &d));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_HOST, 4096, &h));
    unsigned char src[64];
    memset(src, 0x42, sizeof src);
    CHECK_OK(ctx, offload_event_record(ctx, e1, q1));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q1, gpu, d, host, src, sizeof src));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q1, host, h, gpu, d, sizeof src));
    callback_check check = {.pinned = h};
    atomic_init(&check.calls, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q1, on_callback, &check));
    CHECK_OK(ctx, offload_event_record(ctx, e2, q1));
    /* q2 waits for q1's event, then copies what q1 produced */
    unsigned char out[64] = {0};
    CHECK_OK(ctx, offload_queue_wait_event(ctx, q2, e2));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q2, host, out, gpu, d, sizeof out));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q2));
    CHECK(memcmp(out, src, sizeof out) == 0);
    CHECK_OK(ctx, offload_event_synchronize(ctx, e2));
    CHECK_OK(ctx, offload_event_query(ctx, e2));
    CHECK(atomic_load(&check.calls) == 1 && check.seen == 0x42);
    float ms = -1;
    CHECK_OK(ctx, offload_event_elapsed_time(ctx, e1, e2, &ms));
    CHECK(ms >= 0);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q1));
    CHECK_OK(ctx, offload_queue_query(ctx, q1));
    CHECK(sim.packets_without_barrier() == 0);
    CHECK_OK(ctx, offload_event_destroy(ctx, e1));
    CHECK_OK(ctx, offload_event_destroy(ctx, e2));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q1));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q2));
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q1), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    CHECK_RESULT(ctx, offload_event_query(ctx, e1), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    offload_mem_free(ctx, d);
    offload_mem_free(ctx, h);
    offload_context_destroy(ctx);
    CHECK(sim.leaked_at_shutdown() == 0);
}

/* The descriptors of the committed code object, read straight from the ELF as a loader does:
   symbol <name>.kd in .dynsym, file offset = sh_offset + st_value - sh_addr. */
static void test_kernel_descriptors(void) {
    size_t size = 0;
    unsigned char* elf = (unsigned char*)test_read_file(CODE_OBJECT, &size);
    REQUIRE(elf);
    CHECK(offload_image_detect(elf, size) == OFFLOAD_IMAGE_AMDGPU_ELF);
    CHECK(elf[7] == 64 && elf[8] == 2);              /* OSABI AMDGPU_HSA, code object v4 */
    CHECK((test_read_u32(elf + 48) & 0xff) == 0x3f); /* gfx90a */
    struct {
        const char* name;
        uint32_t group, priv, kernarg;
    } expected[] = {{"saxpy.kd", 0, 0, 28}, {"mixed.kd", 0, 0, 96}, {"reverse.kd", 256, 36, 12}};
    uint64_t shoff = test_read_u64(elf + 0x28);
    uint16_t shnum = test_read_u16(elf + 0x3c);
    int found = 0;
    for (uint16_t i = 0; i < shnum; i++) {
        const unsigned char* sh = elf + shoff + i * 64u;
        if (test_read_u32(sh + 4) != 11) continue; /* SHT_DYNSYM */
        const unsigned char* strsh = elf + shoff + test_read_u32(sh + 40) * 64u;
        const char* strtab = (const char*)elf + test_read_u64(strsh + 24);
        for (uint64_t s = 24; s < test_read_u64(sh + 32); s += 24) {
            const unsigned char* sym = elf + test_read_u64(sh + 24) + s;
            const char* name = strtab + test_read_u32(sym);
            for (size_t k = 0; k < 3; k++) {
                if (strcmp(name, expected[k].name) != 0) continue;
                const unsigned char* home = elf + shoff + test_read_u16(sym + 6) * 64u;
                const unsigned char* kd =
                    elf + test_read_u64(home + 24) + test_read_u64(sym + 8) - test_read_u64(home + 16);
                CHECK(test_read_u64(sym + 16) == 64);
                CHECK(test_read_u32(kd + 0) == expected[k].group);
                CHECK(test_read_u32(kd + 4) == expected[k].priv);
                CHECK(test_read_u32(kd + 8) == expected[k].kernarg);
                int64_t entry = (int64_t)test_read_u64(kd + 16);
                uint64_t code = test_read_u64(sym + 8) + (uint64_t)entry; /* must land in .text, 256-aligned */
                CHECK(entry > 0 && code % 256 == 0);
                found++;
            }
        }
    }
    CHECK(found == 3);
    free(elf);
}

static void test_programs_kernels_launches(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    size_t size = 0;
    void* image = test_read_file(CODE_OBJECT, &size);
    REQUIRE(image);
    sim.reset();
    mixed_seen seen;
    memset(&seen, 0, sizeof seen);
    sim_dispatch reverse_seen;
    sim.register_kernel("saxpy", saxpy_impl, NULL);
    sim.register_kernel("mixed", mixed_impl, &seen);
    sim.register_kernel("reverse", reverse_impl, &reverse_seen);
    offload_context* ctx = open_context(SIM_PATH, 2000);
    REQUIRE(ctx);
    offload_device gpu = gpu_of(ctx), host;
    offload_device_get(ctx, 0, &host);
    offload_program program;
    REQUIRE_OK(ctx, offload_program_create(ctx, gpu, &(offload_program_desc){.image = image, .size = size}, &program));
    memset(image, 0, size); /* the caller may free its image once created */
    free(image);
    offload_kernel saxpy, mixed, reverse, missing;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "saxpy", &saxpy));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "mixed", &mixed));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "reverse", &reverse));
    CHECK_RESULT(ctx, offload_kernel_get(ctx, program, "nope", &missing), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NAME_NOT_FOUND);
    size_t args_size = 0;
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, saxpy, &args_size));
    CHECK(args_size == 28);
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, mixed, &args_size));
    CHECK(args_size == 36);
    offload_test_amdgpu_args layout;
    REQUIRE_OK(ctx, offload_test_amdgpu_kernel_args(ctx, mixed, &layout));
    CHECK(layout.kernarg_size == 96 && layout.hidden_count == 7 && layout.hidden[0].offset == 40);
    /* globals: address, size, initial value, write then read back */
    void* address = NULL;
    size_t gsize = 0;
    CHECK_OK(ctx, offload_global_get(ctx, program, "counter", &address, &gsize));
    CHECK(address && gsize == 4);
    CHECK_OK(ctx, offload_global_get(ctx, program, "table", &address, &gsize));
    CHECK(gsize == 64);
    int32_t counter = 0;
    CHECK_OK(ctx, offload_global_read(ctx, program, "counter", 0, &counter, 4));
    CHECK(counter == 7);
    counter = 41;
    CHECK_OK(ctx, offload_global_write(ctx, program, "counter", 0, &counter, 4));
    counter = 0;
    CHECK_OK(ctx, offload_global_read(ctx, program, "counter", 0, &counter, 4));
    CHECK(counter == 41);
    CHECK_RESULT(ctx, offload_global_get(ctx, program, "absent", &address, &gsize), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NAME_NOT_FOUND);
    /* saxpy through device memory */
    enum { N = 256 };
    float x[N], y[N], out[N];
    for (int i = 0; i < N; i++) x[i] = (float)i, y[i] = 1.0f;
    void *dx = NULL, *dy = NULL, *dp = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, sizeof x, &dx));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, sizeof y, &dy));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 256, &dp));
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, dx, host, x, sizeof x));
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, dy, host, y, sizeof y));
    struct {
        float a;
        float* x;
        float* y;
        int32_t n;
    } sargs = {2.0f, dx, dy, N};
    offload_queue none = {0};
    CHECK_OK(ctx,
             offload_launch(ctx, none, saxpy,
                            &(offload_launch_desc){.grid = {N / 64}, .block = {64}, .args = &sargs, .args_size = 28}));
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, gpu, dy, sizeof out));
    CHECK(out[0] == 1.0f && out[10] == 21.0f && out[N - 1] == 2.0f * (N - 1) + 1.0f);
    /* mixed argument sizes on a queue: char, double, short, pointer, int */
    struct {
        int8_t c;
        double d;
        int16_t s;
        int32_t* p;
        int32_t i;
    } margs = {-3, 1000.75, -300, dp, 77};
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    CHECK_OK(ctx, offload_launch(ctx, q, mixed,
                                 &(offload_launch_desc){
                                     .grid = {2, 3}, .block = {8, 4}, .args = &margs, .args_size = sizeof margs}));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(seen.c == -3 && seen.d == 1000.75 && seen.s == -300 && seen.p == dp && seen.i == 77);
    CHECK(seen.hidden_zero);
    CHECK(seen.dispatch.dims == 2 && seen.dispatch.grid[0] == 16 && seen.dispatch.grid[1] == 12 &&
          seen.dispatch.grid[2] == 1);
    CHECK(seen.dispatch.workgroup[0] == 8 && seen.dispatch.workgroup[1] == 4 && seen.dispatch.kernarg_size == 96);
    int32_t result = 0;
    CHECK_OK(ctx, offload_memcpy(ctx, host, &result, gpu, dp, 4));
    CHECK(result == -3 - 300 + 1000 + 77);
    /* static + dynamic LDS, private segment from the descriptor */
    float data[64];
    for (int i = 0; i < 64; i++) data[i] = (float)i;
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, dx, host, data, sizeof data));
    struct {
        float* data;
        int32_t k;
    } rargs = {dx, 3};
    CHECK_OK(ctx,
             offload_launch(ctx, q, reverse,
                            &(offload_launch_desc){
                                .grid = {1}, .block = {64}, .shared_memory = 1024, .args = &rargs, .args_size = 12}));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, data, gpu, dx, sizeof data));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(data[0] == 63.0f && data[63] == 0.0f);
    CHECK(reverse_seen.group_segment_size == 256 + 1024 && reverse_seen.private_segment_size == 36);
    CHECK_RESULT(
        ctx,
        offload_launch(ctx, q, reverse,
                       &(offload_launch_desc){
                           .grid = {1}, .block = {64}, .shared_memory = 65536, .args = &rargs, .args_size = 12}),
        OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_SHARED_MEMORY_EXCEEDED);
    CHECK(sim.packets_without_barrier() == 0);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    /* stale handles once the program is gone */
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
    CHECK_RESULT(ctx,
                 offload_launch(ctx, none, saxpy,
                                &(offload_launch_desc){.grid = {1}, .block = {1}, .args = &sargs, .args_size = 28}),
                 OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    CHECK_RESULT(ctx, offload_kernel_get(ctx, program, "saxpy", &saxpy), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    offload_mem_free(ctx, dx);
    offload_mem_free(ctx, dy);
    offload_mem_free(ctx, dp);
    offload_context_destroy(ctx);
    CHECK(sim.leaked_at_shutdown() == 0);
}

/* Loads the code object's saxpy, which the simulated CP rejects (no implementation is
   registered for it): its launches fail their queue. */
static int load_saxpy(offload_context* ctx, offload_kernel* saxpy) {
    size_t size = 0;
    void* image = test_read_file(CODE_OBJECT, &size);
    if (!image) return 0;
    offload_program program;
    offload_result r =
        offload_program_create(ctx, gpu_of(ctx), &(offload_program_desc){.image = image, .size = size}, &program);
    free(image);
    return r == OFFLOAD_SUCCESS && offload_kernel_get(ctx, program, "saxpy", saxpy) == OFFLOAD_SUCCESS;
}

/* A failed dispatch (no implementation registered: the simulated CP rejects the kernel object)
   is reported promptly, and the context still tears down. */
static void test_queue_error(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    sim.reset();
    offload_context* ctx = open_context(SIM_PATH, 5000);
    REQUIRE(ctx);
    offload_kernel saxpy;
    REQUIRE(load_saxpy(ctx, &saxpy));
    char args[28] = {0};
    uint64_t start = test_now_ns();
    offload_queue none = {0};
    CHECK_RESULT(ctx,
                 offload_launch(ctx, none, saxpy,
                                &(offload_launch_desc){.grid = {1}, .block = {1}, .args = args, .args_size = 28}),
                 OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_HSA_CALL_FAILED);
    CHECK(test_now_ns() - start < 2000000000ull);
    CHECK(strstr(sim.last_error(), "no implementation registered for saxpy") != NULL);
    offload_context_destroy(ctx);
    CHECK(sim.refcount() == 0 && sim.leaked_at_shutdown() == 0);
}

static void count_callback(void* user_data) { atomic_fetch_add((atomic_int*)user_data, 1); }

static void wait_for_go(void* user_data) {
    while (!atomic_load((atomic_int*)user_data)) usleep(100);
}

/* A host callback's gate signal (the barrier that holds later packets until the callback ran)
   is reused: creating and destroying one is an event ioctl each in KFD, per RPC launch on a
   queue. 40 callbacks one after the other make at most a few signals; a burst keeps 16. */
static void test_host_callback_gates_are_reused(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    sim.reset();
    offload_context* ctx = open_context(SIM_PATH, 5000);
    REQUIRE(ctx);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu_of(ctx), &q));
    atomic_int calls;
    atomic_init(&calls, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, count_callback, &calls));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    uint64_t created = sim.calls("hsa_signal_create"), destroyed = sim.calls("hsa_signal_destroy");
    for (int i = 0; i < 40; i++) {
        CHECK_OK(ctx, offload_queue_host_callback(ctx, q, count_callback, &calls));
        CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    }
    CHECK(atomic_load(&calls) == 41);
    CHECK(sim.calls("hsa_signal_create") - created <= 2);
    CHECK(sim.calls("hsa_signal_destroy") == destroyed);
    /* The pool's bound: 21 callbacks in flight at once (held behind the first) make 20 new gates;
       of the 21 that come back, 16 are kept and 5 destroyed. */
    atomic_int go;
    atomic_init(&go, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, wait_for_go, &go));
    for (int i = 0; i < 20; i++) CHECK_OK(ctx, offload_queue_host_callback(ctx, q, count_callback, &calls));
    atomic_store(&go, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(atomic_load(&calls) == 61);
    CHECK(sim.calls("hsa_signal_destroy") - destroyed == 5);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
    CHECK(sim.refcount() == 0 && sim.leaked_at_shutdown() == 0);
}

/* The other side: a callback behind a kernel whose queue failed never runs, so its handler is
   still armed and would write the gate; that gate is destroyed when the queue goes, not reused. */
static void test_gate_of_a_callback_that_never_ran_is_not_reused(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    sim.reset();
    offload_context* ctx = open_context(SIM_PATH, 5000);
    REQUIRE(ctx);
    offload_kernel saxpy;
    REQUIRE(load_saxpy(ctx, &saxpy));
    /* q waits for an event of `held`, which a callback holds until everything is queued, so
       that the kernel fails only after the callback behind it was accepted. */
    offload_queue q, held;
    offload_event released;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu_of(ctx), &q));
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu_of(ctx), &held));
    REQUIRE_OK(ctx, offload_event_create(ctx, gpu_of(ctx), &released));
    atomic_int go;
    atomic_init(&go, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, held, wait_for_go, &go));
    CHECK_OK(ctx, offload_event_record(ctx, released, held));
    CHECK_OK(ctx, offload_queue_wait_event(ctx, q, released));
    char args[28] = {0};
    atomic_int calls;
    atomic_init(&calls, 0);
    CHECK_OK(ctx, offload_launch(ctx, q, saxpy,
                                 &(offload_launch_desc){.grid = {1}, .block = {1}, .args = args, .args_size = 28}));
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, count_callback, &calls));
    atomic_store(&go, 1);
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_HSA_CALL_FAILED);
    CHECK_OK(ctx, offload_queue_destroy(ctx, held));
    CHECK_OK(ctx, offload_event_destroy(ctx, released));
    uint64_t destroyed = sim.calls("hsa_signal_destroy");
    /* Destroying it reports its failure once more, and releases what it held. */
    CHECK_RESULT(ctx, offload_queue_destroy(ctx, q), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_HSA_CALL_FAILED);
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    CHECK(atomic_load(&calls) == 0);
    CHECK(sim.calls("hsa_signal_destroy") - destroyed == 1);
    offload_context_destroy(ctx);
    /* Left at shutdown: the callback's own signal and its handler, which ROCr cannot disarm. */
    CHECK(sim.refcount() == 0 && sim.leaked_at_shutdown() == 2);
}

/* Pageable memory that cannot be locked (read-only pages: ROCr cannot register them for the
   GPU) is copied through staging blocks, at any size, synchronously and on a queue, instead of
   failing the copy; a 64 KiB copy from such memory is staged anyway (the small-copy path). */
static void test_copy_from_read_only_memory(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    sim.reset();
    offload_context* ctx = open_context(SIM_PATH, 5000);
    REQUIRE(ctx);
    offload_device gpu = gpu_of(ctx), host;
    CHECK_OK(ctx, offload_device_get(ctx, 0, &host));
    const size_t size = (1u << 20) + 100; /* several blocks and a partial one */
    unsigned char* source =
        (unsigned char*)mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(source != MAP_FAILED);
    for (size_t i = 0; i < size; i++) source[i] = (unsigned char)(i * 13 + 5);
    REQUIRE(mprotect(source, size, PROT_READ) == 0);
    unsigned char* back = (unsigned char*)malloc(size);
    void* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, size, &d));
    uint64_t locks = sim.calls("hsa_amd_memory_lock");
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, d, host, source, size));
    CHECK(sim.calls("hsa_amd_memory_lock") > locks); /* the lock was tried and refused */
    memset(back, 0, size);
    CHECK_OK(ctx, offload_memcpy(ctx, host, back, gpu, d, size));
    CHECK(memcmp(back, source, size) == 0);
    /* On a queue, behind other work. */
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    const unsigned char zero = 0;
    CHECK_OK(ctx, offload_memfill(ctx, q, gpu, d, &zero, 1, size));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, gpu, (unsigned char*)d + 3, host, source, size - 3));
    memset(back, 0, size);
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, back, gpu, d, size));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(back[0] == 0 && back[1] == 0 && back[2] == 0 && memcmp(back + 3, source, size - 3) == 0);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
    free(back);
    munmap(source, size);
    offload_context_destroy(ctx);
    CHECK(sim.refcount() == 0 && sim.leaked_at_shutdown() == 0);
}

/* A staging block goes back to the cache only after its copy was waited for: one whose copy
   failed may still be read or written by that copy, so it is set aside until teardown and the
   next staged copy gets a new block. */
static void test_staging_block_of_a_failed_copy_is_not_reused(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    sim.reset();
    offload_context* ctx = open_context(SIM_PATH, 5000);
    REQUIRE(ctx);
    offload_device gpu = gpu_of(ctx), host;
    CHECK_OK(ctx, offload_device_get(ctx, 0, &host));
    void* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 4096, &d));
    unsigned char out[64]; /* pageable: a small synchronous copy to it is staged */
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, gpu, d, sizeof out));
    uint64_t blocks = sim.calls("hsa_amd_memory_pool_allocate");
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, gpu, d, sizeof out));
    CHECK(sim.calls("hsa_amd_memory_pool_allocate") == blocks); /* the block came back */
    REQUIRE(sim.fail_call("hsa_amd_memory_async_copy", 1, 0x1000));
    CHECK_RESULT(ctx, offload_memcpy(ctx, host, out, gpu, d, sizeof out), OFFLOAD_ERROR_BACKEND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_HSA_CALL_FAILED);
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, gpu, d, sizeof out));
    CHECK(sim.calls("hsa_amd_memory_pool_allocate") == blocks + 1); /* a new one */
    CHECK_OK(ctx, offload_mem_free(ctx, d));
    offload_context_destroy(ctx);
    CHECK(sim.refcount() == 0 && sim.leaked_at_shutdown() == 0);
}

/* Code object v5 metadata, written by hand (LLVM 14 cannot emit a usable v5): the launch fills
   block counts, group sizes, grid dims and dynamic LDS size where .args says, nothing else. */
static size_t mp_str(unsigned char* p, const char* s) {
    size_t n = strlen(s);
    p[0] = (unsigned char)(0xa0 | n);
    memcpy(p + 1, s, n);
    return n + 1;
}

static size_t mp_arg(unsigned char* p, unsigned offset, unsigned size, const char* kind) {
    size_t n = 0;
    p[n++] = 0x83;
    n += mp_str(p + n, ".offset");
    p[n++] = 0xcc, p[n++] = (unsigned char)offset;
    n += mp_str(p + n, ".size");
    p[n++] = (unsigned char)size;
    n += mp_str(p + n, ".value_kind");
    n += mp_str(p + n, kind);
    return n;
}

static void test_hidden_arguments_v5(void) {
    unsigned char blob[1024];
    size_t n = 0;
    blob[n++] = 0x82; /* map: amdhsa.version, amdhsa.kernels */
    n += mp_str(blob + n, "amdhsa.version");
    blob[n++] = 0x92, blob[n++] = 1, blob[n++] = 2;
    n += mp_str(blob + n, "amdhsa.kernels");
    blob[n++] = 0x91;
    blob[n++] = 0x83;
    n += mp_str(blob + n, ".name");
    n += mp_str(blob + n, "k5");
    n += mp_str(blob + n, ".kernarg_segment_size");
    blob[n++] = 0xcd, blob[n++] = 0x01, blob[n++] = 0x08; /* 264 */
    n += mp_str(blob + n, ".args");
    blob[n++] = 0xdc, blob[n++] = 0, blob[n++] = 9;
    n += mp_arg(blob + n, 0, 8, "global_buffer");
    n += mp_arg(blob + n, 8, 4, "hidden_block_count_x");
    n += mp_arg(blob + n, 12, 4, "hidden_block_count_y");
    n += mp_arg(blob + n, 20, 2, "hidden_group_size_x");
    n += mp_arg(blob + n, 22, 2, "hidden_group_size_y");
    n += mp_arg(blob + n, 26, 2, "hidden_remainder_x");
    n += mp_arg(blob + n, 72, 2, "hidden_grid_dims");
    n += mp_arg(blob + n, 80, 8, "hidden_printf_buffer");
    n += mp_arg(blob + n, 128, 4, "hidden_dynamic_lds_size");
    offload_test_amdgpu_args kernels[2];
    uint32_t count = 0;
    REQUIRE(offload_test_amdgpu_metadata(blob, n, kernels, 2, &count, NULL, 0) == OFFLOAD_SUCCESS);
    REQUIRE(count == 1);
    CHECK(kernels[0].name_size == 2 && memcmp(kernels[0].name, "k5", 2) == 0 && kernels[0].explicit_size == 8 &&
          kernels[0].hidden_count == 8);
    unsigned char kernarg[264];
    memset(kernarg, 0, sizeof kernarg);
    const uint32_t grid[3] = {5, 6, 1}, block[3] = {64, 2, 1};
    CHECK(offload_test_amdgpu_fill_hidden(blob, n, 0, kernarg, sizeof kernarg, grid, block, 2, 512) == OFFLOAD_SUCCESS);
    CHECK(test_read_u32(kernarg + 8) == 5 && test_read_u32(kernarg + 12) == 6);
    CHECK(test_read_u16(kernarg + 20) == 64 && test_read_u16(kernarg + 22) == 2);
    CHECK(test_read_u16(kernarg + 26) == 0 && test_read_u16(kernarg + 72) == 2);
    CHECK(test_read_u64(kernarg + 80) == 0 && test_read_u32(kernarg + 128) == 512);
    /* a field past the kernarg size is skipped, not written out of bounds */
    unsigned char small[100];
    memset(small, 0, sizeof small);
    CHECK(offload_test_amdgpu_fill_hidden(blob, n, 0, small, sizeof small, grid, block, 2, 512) == OFFLOAD_SUCCESS);
    CHECK(test_read_u32(small + 8) == 5);
    /* truncated and hostile blobs are rejected without reading past the end */
    CHECK(offload_test_amdgpu_metadata(blob, n / 2, kernels, 2, &count, NULL, 0) == OFFLOAD_ERROR_INVALID_IMAGE);
    unsigned char deep[80] = {0x81};
    n = 1 + mp_str(deep + 1, "amdhsa.kernels");
    memset(deep + n, 0x91, sizeof deep - n); /* arrays nested deeper than the parser allows */
    CHECK(offload_test_amdgpu_metadata(deep, sizeof deep, kernels, 2, &count, NULL, 0) == OFFLOAD_ERROR_INVALID_IMAGE);
}

static void test_virtual_memory(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    sim.reset();
    offload_context* ctx = open_context(SIM_PATH, 2000);
    REQUIRE(ctx);
    offload_device gpu = gpu_of(ctx), host;
    void* va = NULL;
    CHECK_RESULT(ctx, offload_test_vm_reserve(ctx, gpu, 0x7e0000000000ull, 1 << 20, &va), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_AMDGPU_NO_VMEM);
    offload_context_destroy(ctx);
    if (!sim_open(&sim_vmem, SIM_VMEM_PATH)) SKIP("%s not built", SIM_VMEM_PATH);
    sim_vmem.reset();
    ctx = open_context(SIM_VMEM_PATH, 2000);
    REQUIRE(ctx);
    gpu = gpu_of(ctx);
    offload_device_info info;
    REQUIRE_OK(ctx, offload_device_get_info(ctx, gpu, &info));
    CHECK(info.supports_virtual_memory);
    size_t granule = offload_test_vm_granularity(ctx, gpu);
    CHECK(granule == 4096);
    uint64_t want = 0x7e1230000000ull;
    void* handle = NULL;
    REQUIRE_OK(ctx, offload_test_vm_reserve(ctx, gpu, want, 16 * granule, &va));
    CHECK((uint64_t)(uintptr_t)va == want);
    REQUIRE_OK(ctx, offload_test_vm_map(ctx, gpu, va, 16 * granule, &handle));
    offload_device_get(ctx, 0, &host);
    uint32_t value = 0xfeedf00d, back = 0;
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, (char*)va + 64, host, &value, 4));
    CHECK_OK(ctx, offload_memcpy(ctx, host, &back, gpu, (char*)va + 64, 4));
    CHECK(back == value);
    CHECK_OK(ctx, offload_test_vm_unmap(ctx, gpu, va, 16 * granule, handle));
    CHECK_OK(ctx, offload_test_vm_release(ctx, gpu, va, 16 * granule));
    offload_context_destroy(ctx);
    CHECK(sim_vmem.leaked_at_shutdown() == 0);
}

/* A realistic run touching every HSA call the backend makes; errors are tolerated (the sweep
   injects them) but each must come with a message and a kind. Returns the number of failed steps. */
static void count_call(void* user) { atomic_fetch_add((atomic_int*)user, 1); }

static int realistic_run(const void* image, size_t size) {
    atomic_int calls;
    atomic_init(&calls, 0);
    offload_context* ctx = open_context(SIM_PATH, 300);
    if (!ctx) return 1;
    int failures = 0;
#define STEP(call)                                                                                                     \
    do {                                                                                                               \
        offload_result step_r = (call);                                                                                \
        if (step_r != OFFLOAD_SUCCESS) {                                                                               \
            failures++;                                                                                                \
            if (!offload_context_last_error(ctx)[0]) failures += 1000;                                                 \
            if (offload_context_last_diagnostic(ctx) == OFFLOAD_DIAG_NONE) failures += 1000;                           \
        }                                                                                                              \
    } while (0)
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    if (count < 2) {
        offload_context_destroy(ctx);
        return 1;
    }
    offload_device gpu = gpu_of(ctx), host;
    offload_device_get(ctx, 0, &host);
    void *d = NULL, *h = NULL;
    offload_queue q = {0}, none = {0};
    offload_event e = {0};
    offload_program program = {0};
    offload_kernel k = {0};
    unsigned char buffer[256] = {1, 2, 3};
    STEP(offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 4096, &d));
    STEP(offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_HOST, 4096, &h));
    STEP(offload_queue_create(ctx, gpu, &q));
    STEP(offload_event_create(ctx, gpu, &e));
    if (d && h && q.id && e.id) {
        STEP(offload_memcpy(ctx, gpu, d, host, buffer, sizeof buffer));
        STEP(offload_memfill(ctx, none, gpu, d, &(uint16_t){7}, 2, 62));
        STEP(offload_memcpy_async(ctx, q, host, h, gpu, d, sizeof buffer));
        STEP(offload_queue_host_callback(ctx, q, count_call, &calls));
        STEP(offload_event_record(ctx, e, q));
        STEP(offload_queue_wait_event(ctx, q, e));
        STEP(offload_queue_synchronize(ctx, q));
        STEP(offload_event_synchronize(ctx, e));
    }
    STEP(offload_program_create(ctx, gpu, &(offload_program_desc){.image = image, .size = size}, &program));
    if (program.id) {
        STEP(offload_kernel_get(ctx, program, "saxpy", &k));
        int32_t counter = 0;
        STEP(offload_global_read(ctx, program, "counter", 0, &counter, 4));
    }
    if (k.id && d) {
        struct {
            float a;
            void* x;
            void* y;
            int32_t n;
        } args = {1.0f, d, d, 16};
        STEP(offload_launch(ctx, q.id ? q : none, k,
                            &(offload_launch_desc){.grid = {1}, .block = {16}, .args = &args, .args_size = 28}));
        STEP(offload_launch(ctx, none, k,
                            &(offload_launch_desc){.grid = {1}, .block = {16}, .args = &args, .args_size = 28}));
    }
    if (q.id) offload_queue_destroy(ctx, q);
    if (e.id) offload_event_destroy(ctx, e);
    if (program.id) offload_program_destroy(ctx, program);
    if (d) offload_mem_free(ctx, d);
    if (h) offload_mem_free(ctx, h);
    offload_context_destroy(ctx);
#undef STEP
    return failures;
}

static void test_fault_sweep(void) {
    if (!sim_open(&sim, SIM_PATH)) SKIP("%s not built", SIM_PATH);
    size_t size = 0;
    void* image = test_read_file(CODE_OBJECT, &size);
    REQUIRE(image);
    sim.reset();
    sim.register_kernel("saxpy", saxpy_impl, NULL);
    uint64_t before = sim.status_calls();
    CHECK(realistic_run(image, size) == 0);
    uint64_t total = sim.status_calls() - before;
    CHECK(sim.leaked_at_shutdown() == 0);
    CHECK(total > 50);
    int bad = 0;
    int (*shut_down)(void) = NULL;
    REQUIRE(sim_bind(&sim, "hsa_shut_down", &shut_down));
    for (uint64_t n = 1; n <= total; n++) {
        sim.fail_nth(n, 0x1000 /* HSA_STATUS_ERROR */);
        int failures = realistic_run(image, size);
        const char* failed = sim.failed_call();
        /* A release the runtime refused leaves that one object alive in the runtime; a refused
           hsa_shut_down leaves its reference (dropped here so the next run starts clean). */
        int refused_release = strstr(failed, "free") || strstr(failed, "destroy") || strstr(failed, "unlock");
        if (strcmp(failed, "hsa_shut_down") == 0 && sim.refcount() == 1) shut_down();
        long allowed = refused_release ? 1 : 0;
        if (failures >= 1000 || sim.refcount() != 0 || sim.leaked_at_shutdown() > allowed) {
            fprintf(stderr, "  fault at call %llu (%s): failures %d, refcount %d, leaked %ld\n", (unsigned long long)n,
                    sim.failed_call(), failures, sim.refcount(), sim.leaked_at_shutdown());
            bad++;
        }
    }
    sim.fail_nth(0, 0);
    CHECK(bad == 0);
    fprintf(stderr, "  fault sweep: %llu HSA calls failed one at a time\n", (unsigned long long)total);
    free(image);
}

int main(void) {
    RUN(test_status_and_device_info);
    RUN(test_status_when_unusable);
    RUN(test_queues_events_callbacks);
    RUN(test_kernel_descriptors);
    RUN(test_programs_kernels_launches);
    RUN(test_queue_error);
    RUN(test_host_callback_gates_are_reused);
    RUN(test_gate_of_a_callback_that_never_ran_is_not_reused);
    RUN(test_copy_from_read_only_memory);
    RUN(test_staging_block_of_a_failed_copy_is_not_reused);
    RUN(test_hidden_arguments_v5);
    RUN(test_virtual_memory);
    RUN(test_fault_sweep);
    return test_summary();
}
