/* tests/test_cuda_sim.c — the CUDA backend end to end on the simulated driver
   (build/sim/cuda_sim.so): device info, memory kinds, copies, fills, queues, events, host
   callbacks, PTX programs, kernels, globals, launches whose arguments the registered kernel
   implementation checks, virtual memory, stale handles, sticky errors, and a fault sweep that
   fails every driver call site of a realistic run once.

   The virtual-memory ops (used by record & replay, not public) are called through the test hooks. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "files.h"
#include "test_hooks.h"

#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include <dlfcn.h>
#include <stdatomic.h>

#define SIM_PATH OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM_PATH OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"

typedef void (*sim_kernel_fn)(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                              size_t shared_bytes, void* user_data);

/* The simulated driver's control functions. */
static struct {
    void* library;
    void (*reset)(void);
    int (*fail)(const char* entry, unsigned nth, int result);
    unsigned (*entry_count)(void);
    const char* (*entry_name)(unsigned index);
    unsigned (*call_count)(const char* entry);
    int (*register_kernel)(const char* name, sim_kernel_fn fn, void* user_data);
    void (*set_devices)(int count);
    void (*set_driver_version)(int version);
    long (*live_objects)(void);
    void* (*current_context)(void);
    int (*context_depth)(void);
    int (*retain)(void** context, int device);
    int (*release)(int device);
    int (*push)(void* context);
    int (*pop)(void** context);
} sim;

static int sim_bind(const char* name, void* slot) {
    void* address = dlsym(sim.library, name);
    memcpy(slot, &address, sizeof address);
    return address != NULL;
}

static int sim_open(void) {
    if (sim.library) return 1;
    sim.library = dlopen(SIM_PATH, RTLD_NOW);
    if (!sim.library) return 0;
    return sim_bind("cuda_sim_reset", &sim.reset) && sim_bind("cuda_sim_fail", &sim.fail) &&
           sim_bind("cuda_sim_entry_count", &sim.entry_count) && sim_bind("cuda_sim_entry_name", &sim.entry_name) &&
           sim_bind("cuda_sim_call_count", &sim.call_count) &&
           sim_bind("cuda_sim_register_kernel", &sim.register_kernel) &&
           sim_bind("cuda_sim_set_devices", &sim.set_devices) &&
           sim_bind("cuda_sim_set_driver_version", &sim.set_driver_version) &&
           sim_bind("cuda_sim_live_objects", &sim.live_objects) &&
           sim_bind("cuda_sim_current_context", &sim.current_context) &&
           sim_bind("cuda_sim_context_depth", &sim.context_depth) &&
           sim_bind("cuDevicePrimaryCtxRetain", &sim.retain) &&
           sim_bind("cuDevicePrimaryCtxRelease_v2", &sim.release) && sim_bind("cuCtxPushCurrent_v2", &sim.push) &&
           sim_bind("cuCtxPopCurrent_v2", &sim.pop);
}

/* ---- Test kernels: host implementations the simulated driver calls at launch ---------------- */

typedef struct axpy_args {
    float* y;
    const float* x;
    float a;
    uint32_t n;
} axpy_args;

typedef struct launch_seen {
    int launches;
    unsigned grid[3], block[3];
    size_t shared, args_size;
} launch_seen;

static void axpy_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                      size_t shared, void* user_data) {
    launch_seen* seen = (launch_seen*)user_data;
    axpy_args a;
    memcpy(&a, args, sizeof a);
    seen->launches++;
    memcpy(seen->grid, grid, sizeof seen->grid);
    memcpy(seen->block, block, sizeof seen->block);
    seen->shared = shared;
    seen->args_size = args_size;
    for (unsigned b = 0; b < grid[0]; b++)
        for (unsigned t = 0; t < block[0]; t++) {
            unsigned i = b * block[0] + t;
            if (i < a.n) a.y[i] += a.a * a.x[i];
        }
}

static void empty_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user_data) {
    (void)args;
    (void)args_size;
    (void)grid;
    (void)block;
    (void)shared;
    launch_seen* seen = (launch_seen*)user_data;
    seen->launches++;
    seen->args_size = args_size;
}

static const char test_ptx[] =
    ".version 7.1\n"
    ".target sm_90\n"
    ".address_size 64\n"
    "\n"
    ".visible .global .align 4 .u32 counter = 7;\n"
    ".visible .global .align 1 .b8 table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};\n"
    "\n"
    ".visible .entry axpy(\n"
    "\t.param .u64 axpy_param_0,\n"
    "\t.param .u64 axpy_param_1,\n"
    "\t.param .f32 axpy_param_2,\n"
    "\t.param .u32 axpy_param_3\n"
    ")\n"
    "{\n"
    "\tret;\n"
    "}\n"
    "\n"
    ".visible .entry empty()\n"
    "{\n"
    "\tret;\n"
    "}\n";

/* ---- Helpers --------------------------------------------------------------------------------- */

static offload_context* open_context(void) {
    offload_context_desc desc = {0};
    desc.cuda_library_path = SIM_PATH;
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* The first device of `backend`, or id 0. */
static offload_device cuda_device(offload_context* ctx) { return test_backend_device(ctx, OFFLOAD_BACKEND_CUDA); }

static offload_device host_device(offload_context* ctx) {
    offload_device d = {0};
    offload_device_get(ctx, 0, &d);
    return d;
}

/* Resets the driver and opens a context on it, or SKIPs/FAILs the calling test. */
#define OPEN_SIM(ctx, dev)                                                                                             \
    if (!sim_open()) SKIP("simulated driver %s not built: %s", SIM_PATH, dlerror());                                   \
    sim.reset();                                                                                                       \
    offload_context* ctx = open_context();                                                                             \
    REQUIRE(ctx != NULL);                                                                                              \
    offload_device dev = cuda_device(ctx);                                                                             \
    if (!dev.id) offload_context_destroy(ctx);                                                                         \
    REQUIRE(dev.id != 0)

/* ---- Tests ----------------------------------------------------------------------------------- */

static void test_status_and_device_info(void) {
    OPEN_SIM(ctx, dev);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status));
    CHECK(status.loaded);
    CHECK(status.result == OFFLOAD_SUCCESS);
    CHECK(status.device_count == 1);
    CHECK(status.driver_version == 12040);
    CHECK(strcmp(status.library, SIM_PATH) == 0);
    CHECK(strstr(status.reason, "1 device") != NULL);
    offload_device_info info;
    CHECK_OK(ctx, offload_device_get_info(ctx, dev, &info));
    CHECK(strcmp(info.name, "Simulated CUDA Device 0") == 0);
    CHECK(strcmp(info.vendor, "NVIDIA") == 0);
    CHECK(strcmp(info.arch, "sm_90") == 0);
    CHECK(info.memory_bytes == (uint64_t)16 << 30);
    CHECK(info.compute_units == 132);
    CHECK(info.warp_size == 32);
    CHECK(info.max_block_size == 1024);
    CHECK(info.max_block_dims[0] == 1024 && info.max_block_dims[1] == 1024 && info.max_block_dims[2] == 64);
    CHECK(info.max_grid_dims[0] == 2147483647u && info.max_grid_dims[1] == 65535 && info.max_grid_dims[2] == 65535);
    CHECK(info.max_shared_memory == 227 * 1024);
    CHECK(info.supports_shared_memory);
    CHECK(info.supports_virtual_memory);
    offload_device best;
    CHECK_OK(ctx, offload_device_best(ctx, &best));
    CHECK(best.id == dev.id);
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

static void test_memory_kinds(void) {
    OPEN_SIM(ctx, dev);
    offload_mem_kind kinds[] = {OFFLOAD_MEM_DEVICE, OFFLOAD_MEM_HOST, OFFLOAD_MEM_SHARED};
    for (size_t i = 0; i < 3; i++) {
        void* p = NULL;
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, kinds[i], 1000, &p));
        CHECK(p != NULL && (uintptr_t)p % 256 == 0);
        offload_mem_info mi;
        CHECK_OK(ctx, offload_mem_get_info(ctx, (char*)p + 10, &mi));
        CHECK(mi.kind == kinds[i] && mi.device.id == dev.id && mi.base == p && mi.size == 1000);
        CHECK_OK(ctx, offload_mem_free(ctx, p));
    }
    /* The application thread has no current context before, and none after. */
    CHECK(sim.context_depth() == 0);
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

static void test_copies_and_fills(void) {
    OPEN_SIM(ctx, dev);
    offload_device host = host_device(ctx);
    uint32_t src[256], dst[256];
    for (int i = 0; i < 256; i++) src[i] = (uint32_t)i * 3u;
    void *a = NULL, *b = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof src, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof src, &b));
    CHECK_OK(ctx, offload_memcpy(ctx, dev, a, host, src, sizeof src));
    CHECK_OK(ctx, offload_memcpy(ctx, dev, b, dev, a, sizeof src));
    memset(dst, 0, sizeof dst);
    CHECK_OK(ctx, offload_memcpy(ctx, host, dst, dev, b, sizeof src));
    CHECK(memcmp(src, dst, sizeof src) == 0);

    uint8_t p8 = 0xab;
    uint16_t p16 = 0x1234;
    uint32_t p32 = 0xdeadbeef;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, dev, a, &p32, 4, sizeof src));
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, dev, a, &p16, 2, 8));
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, dev, (char*)a + 8, &p8, 1, 3));
    CHECK_OK(ctx, offload_memcpy(ctx, host, dst, dev, a, sizeof src));
    CHECK(dst[0] == 0x12341234u && dst[1] == 0x12341234u && dst[2] == 0xdeabababu && dst[255] == 0xdeadbeefu);

    /* The same on a queue: copy in, fill part, copy out, in order. */
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, dev, b, host, src, sizeof src));
    CHECK_OK(ctx, offload_memfill(ctx, q, dev, b, &p32, 4, 16));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, dev, a, dev, b, sizeof src));
    memset(dst, 0, sizeof dst);
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, dst, dev, a, sizeof src));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(dst[0] == 0xdeadbeefu && dst[3] == 0xdeadbeefu && dst[4] == 12 && dst[255] == 765);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));

    /* A copy outside any allocation is refused by the driver, and the message says which call. */
    uint32_t scratch[4];
    CHECK_RESULT(ctx, offload_memcpy(ctx, host, dst, dev, scratch, sizeof scratch), OFFLOAD_ERROR_BACKEND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_CALL_FAILED);
    CHECK(strstr(offload_context_last_error(ctx), "cuMemcpyDtoHAsync_v2") != NULL);
    CHECK(strstr(offload_context_last_error(ctx), "CUDA_ERROR_INVALID_VALUE (1)") != NULL);
    CHECK(strstr(offload_context_last_error(ctx), "simulated driver") != NULL); /* the driver's own text */
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

static void sleep_20ms(void* user_data) {
    (void)user_data;
    usleep(20000);
}

static void test_program_kernels_globals(void) {
    OPEN_SIM(ctx, dev);
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, dev,
                                           &(offload_program_desc){.image = test_ptx, .size = sizeof test_ptx}, &prog));
    offload_kernel axpy, empty;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "axpy", &axpy));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "empty", &empty));
    size_t args_size = 0;
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, axpy, &args_size));
    CHECK(args_size == sizeof(axpy_args));
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, empty, &args_size));
    CHECK(args_size == 0);
    offload_kernel missing;
    CHECK_RESULT(ctx, offload_kernel_get(ctx, prog, "nope", &missing), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NAME_NOT_FOUND);

    void* address = NULL;
    size_t size = 0;
    CHECK_OK(ctx, offload_global_get(ctx, prog, "counter", &address, &size));
    CHECK(address != NULL && size == 4);
    uint32_t counter = 0;
    CHECK_OK(ctx, offload_global_read(ctx, prog, "counter", 0, &counter, 4));
    CHECK(counter == 7);
    counter = 42;
    CHECK_OK(ctx, offload_global_write(ctx, prog, "counter", 0, &counter, 4));
    counter = 0;
    CHECK_OK(ctx, offload_global_read(ctx, prog, "counter", 0, &counter, 4));
    CHECK(counter == 42);
    uint8_t table[4];
    CHECK_OK(ctx, offload_global_read(ctx, prog, "table", 12, table, 4));
    CHECK(table[0] == 13 && table[3] == 16);
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, "absent", &address, &size), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NAME_NOT_FOUND);

    /* A PTX file the JIT rejects: the error carries the JIT log. */
    static const char bad_ptx[] = ".version 7.1\n.target sm_90\n.address_size 64\nsim_syntax_error\n";
    offload_program bad;
    CHECK_RESULT(
        ctx, offload_program_create(ctx, dev, &(offload_program_desc){.image = bad_ptx, .size = sizeof bad_ptx}, &bad),
        OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_CALL_FAILED);
    const char* message = offload_context_last_error(ctx);
    CHECK(strstr(message, "cuModuleLoadDataEx") != NULL && strstr(message, "CUDA_ERROR_INVALID_PTX (218)") != NULL);
    CHECK(strstr(message, "line 4; error   : syntax error") != NULL); /* the JIT's log */

    /* PTX that is not NUL-terminated in the caller's buffer still loads. */
    offload_program unterminated;
    CHECK_OK(ctx,
             offload_program_create(ctx, dev, &(offload_program_desc){.image = test_ptx, .size = sizeof test_ptx - 1},
                                    &unterminated));
    CHECK_OK(ctx, offload_program_destroy(ctx, unterminated));

    /* Stale handles after destroy. */
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK_RESULT(ctx, offload_kernel_get_args_size(ctx, axpy, &args_size), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, axpy, &(offload_launch_desc){0}),
                 OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, "counter", &address, &size), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

static void test_launch_arguments(void) {
    OPEN_SIM(ctx, dev);
    offload_device host = host_device(ctx);
    launch_seen seen;
    memset(&seen, 0, sizeof seen);
    REQUIRE(sim.register_kernel("axpy", axpy_impl, &seen));
    REQUIRE(sim.register_kernel("empty", empty_impl, &seen));
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, dev,
                                           &(offload_program_desc){.image = test_ptx, .size = sizeof test_ptx}, &prog));
    offload_kernel axpy;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "axpy", &axpy));

    enum { N = 200 };
    float x[N], y[N], out[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    void *dx = NULL, *dy = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof x, &dx));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof y, &dy));
    CHECK_OK(ctx, offload_memcpy(ctx, dev, dx, host, x, sizeof x));
    CHECK_OK(ctx, offload_memcpy(ctx, dev, dy, host, y, sizeof y));
    axpy_args args = {(float*)dy, (const float*)dx, 2.0f, N};
    offload_launch_desc launch = {.grid = {4}, .block = {64}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, axpy, &launch));
    CHECK(seen.launches == 1);
    CHECK(seen.grid[0] == 4 && seen.grid[1] == 1 && seen.grid[2] == 1);
    CHECK(seen.block[0] == 64 && seen.block[1] == 1 && seen.block[2] == 1);
    CHECK(seen.args_size == sizeof args && seen.shared == 0);
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, dev, dy, sizeof out));
    CHECK(out[0] == 1.0f && out[10] == 21.0f && out[199] == 399.0f);

    /* On a queue, with 64 KiB of dynamic shared memory (above the 48 KiB default: the backend
       must opt the kernel in, or the driver refuses the launch). */
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    launch.shared_memory = 64 * 1024;
    CHECK_OK(ctx, offload_launch(ctx, q, axpy, &launch));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(seen.launches == 2 && seen.shared == 64 * 1024);
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, dev, dy, sizeof out));
    CHECK(out[10] == 41.0f);
    launch.shared_memory = 300 * 1024;
    CHECK_RESULT(ctx, offload_launch(ctx, q, axpy, &launch), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_SHARED_MEMORY_EXCEEDED);
    CHECK(seen.launches == 2);

    /* A launch the driver refuses is a launch failure naming the call. */
    launch.shared_memory = 0;
    sim.fail("cuLaunchKernel", 1, 701 /* CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES */);
    CHECK_RESULT(ctx, offload_launch(ctx, q, axpy, &launch), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_CALL_FAILED);
    CHECK(strstr(offload_context_last_error(ctx), "cuLaunchKernel") != NULL &&
          strstr(offload_context_last_error(ctx), "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES (701)") != NULL);

    offload_kernel empty;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "empty", &empty));
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, empty, &(offload_launch_desc){.grid = {1}, .block = {1}}));
    CHECK(seen.launches == 3);
    CHECK(seen.args_size == 0);

    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, dx));
    CHECK_OK(ctx, offload_mem_free(ctx, dy));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

static void test_virtual_memory(void) {
    OPEN_SIM(ctx, dev);
    size_t granularity = offload_test_vm_granularity(ctx, dev);
    CHECK(granularity == 2u << 20);
    const uint64_t want = 0x5e0000000000ull;
    void* base = NULL;
    REQUIRE_OK(ctx, offload_test_vm_reserve(ctx, dev, want, 4 * granularity, &base));
    CHECK((uint64_t)(uintptr_t)base == want);
    void* handle = NULL;
    REQUIRE_OK(ctx, offload_test_vm_map(ctx, dev, base, granularity, &handle));
    uint32_t v = 0x600dd00d, back = 0;
    CHECK_OK(ctx, offload_memcpy(ctx, dev, base, host_device(ctx), &v, 4));
    CHECK_OK(ctx, offload_memcpy(ctx, host_device(ctx), &back, dev, base, 4));
    CHECK(back == v);
    /* The range is taken now: a second reservation there must fail, not move elsewhere. */
    void* again = NULL;
    CHECK_RESULT(ctx, offload_test_vm_reserve(ctx, dev, want, granularity, &again), OFFLOAD_ERROR_BACKEND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_ADDRESS_RESERVED_ELSEWHERE);
    /* Mapping fails part-way (access): nothing stays mapped or allocated. */
    long live = sim.live_objects();
    sim.fail("cuMemSetAccess", 1, 999);
    CHECK_RESULT(ctx, offload_test_vm_map(ctx, dev, (char*)base + granularity, granularity, &handle),
                 OFFLOAD_ERROR_BACKEND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_CALL_FAILED);
    CHECK(sim.live_objects() == live);
    CHECK_OK(ctx, offload_test_vm_unmap(ctx, dev, base, granularity, handle));
    CHECK_OK(ctx, offload_test_vm_release(ctx, dev, base, 4 * granularity));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

static void test_device_lost(void) {
    OPEN_SIM(ctx, dev);
    /* Static: the failed query abandons the launch, but the simulated stream may still run the
       kernel after this test has returned. */
    static launch_seen seen;
    memset(&seen, 0, sizeof seen);
    REQUIRE(sim.register_kernel("empty", empty_impl, &seen));
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, dev,
                                           &(offload_program_desc){.image = test_ptx, .size = sizeof test_ptx}, &prog));
    offload_kernel empty;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "empty", &empty));
    sim.fail("cuStreamQuery", 1, 700); /* CUDA_ERROR_ILLEGAL_ADDRESS, sticky */
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, empty, &(offload_launch_desc){0}),
                 OFFLOAD_ERROR_DEVICE_LOST);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_CALL_FAILED);
    CHECK(strstr(offload_context_last_error(ctx), "cuStreamQuery") != NULL &&
          strstr(offload_context_last_error(ctx), "CUDA_ERROR_ILLEGAL_ADDRESS (700)") != NULL);
    CHECK(offload_context_last_native_error(ctx) == 700);
    void* p = NULL;
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, &p), OFFLOAD_ERROR_DEVICE_LOST);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_DEVICE_LOST);
    CHECK(offload_context_last_native_error(ctx) == 700); /* the error that lost the device */
    /* an error that no driver call made has no driver code */
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_context_last_native_error(ctx) == 0);
    CHECK(offload_context_last_native_error(NULL) == 0);
    /* The host device is unaffected. */
    CHECK_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, 64, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    /* Teardown still gives back what the driver holds for us. */
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* Context creation with the CUDA backend fails at every host allocation in turn: each attempt
   either fails with OUT_OF_HOST_MEMORY (nothing left allocated, no driver object left behind) or
   comes up with the CUDA device; it never comes up silently without it. */
static void test_create_out_of_memory_sweep(void) {
    if (!sim_open()) SKIP("simulated driver not built");
    int completed = 0, failures = 0;
    for (int fail_at = 1; fail_at < 200 && !completed; fail_at++) {
        sim.reset();
        failing_allocator f = {0, fail_at, 0};
        offload_context_desc desc = {0};
        desc.cuda_library_path = SIM_PATH;
        desc.no_environment = 1;
        desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
        desc.allocator.alloc = failing_alloc;
        desc.allocator.free = failing_free;
        desc.allocator.user_data = &f;
        offload_context* ctx = NULL;
        offload_result r = offload_context_create(&desc, &ctx);
        if (r == OFFLOAD_SUCCESS) {
            completed = f.calls < fail_at; /* no allocation failed: the sweep is done */
            CHECK(cuda_device(ctx).id != 0);
            offload_context_destroy(ctx);
        } else {
            failures++;
            CHECK(r == OFFLOAD_ERROR_OUT_OF_HOST_MEMORY);
            CHECK(ctx == NULL);
        }
        CHECK(f.live == 0);
        CHECK(sim.live_objects() == 0);
    }
    CHECK(completed);
    CHECK(failures > 0);
}

/* The application's own current context survives our calls, and two of our contexts share the
   device's primary context. */
static void test_contexts_coexist(void) {
    if (!sim_open()) SKIP("simulated driver not built");
    sim.reset();
    sim.set_devices(2);
    offload_context* a = open_context();
    offload_context* b = open_context();
    REQUIRE(a && b);
    offload_backend_status status;
    CHECK_OK(a, offload_backend_get_status(a, OFFLOAD_BACKEND_CUDA, &status));
    CHECK(status.device_count == 2);
    void* app_context = NULL;
    REQUIRE(sim.retain(&app_context, 1) == 0);
    REQUIRE(sim.push(app_context) == 0);
    offload_device dev_a = cuda_device(a), dev_b = cuda_device(b);
    void *pa = NULL, *pb = NULL;
    CHECK_OK(a, offload_mem_alloc(a, dev_a, OFFLOAD_MEM_DEVICE, 4096, &pa));
    CHECK_OK(b, offload_mem_alloc(b, dev_b, OFFLOAD_MEM_DEVICE, 4096, &pb));
    CHECK(sim.current_context() == app_context && sim.context_depth() == 1);
    CHECK_OK(a, offload_mem_free(a, pa));
    offload_context_destroy(a);
    uint32_t v = 9, back = 0;
    CHECK_OK(b, offload_memcpy(b, dev_b, pb, host_device(b), &v, 4));
    CHECK_OK(b, offload_memcpy(b, host_device(b), &back, dev_b, pb, 4));
    CHECK(back == 9);
    CHECK(sim.current_context() == app_context && sim.context_depth() == 1);
    CHECK_OK(b, offload_mem_free(b, pb));
    offload_context_destroy(b);
    void* popped = NULL;
    CHECK(sim.pop(&popped) == 0 && popped == app_context);
    CHECK(sim.release(1) == 0);
    CHECK(sim.live_objects() == 0);
}

static void check_status_reason(int devices, int version, offload_result result, const char* reason) {
    sim.reset();
    sim.set_devices(devices);
    sim.set_driver_version(version);
    offload_context* ctx = open_context();
    REQUIRE(ctx != NULL);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status));
    CHECK(status.result == result);
    CHECK(strstr(status.reason, reason) != NULL);
    uint32_t count = 0;
    CHECK_OK(ctx, offload_device_count(ctx, &count));
    CHECK(count == 1); /* the host device only */
    void* p = NULL;
    CHECK_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, 64, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

static void test_no_devices_and_old_driver(void) {
    if (!sim_open()) SKIP("simulated driver not built");
    check_status_reason(0, 12040, OFFLOAD_SUCCESS, "no devices");
    check_status_reason(1, 10020, OFFLOAD_ERROR_NO_BACKEND, "driver version 10020 too old (need 11010)");
    sim.reset();
}

/* ---- Copies between backends ---------------------------------------------------------------- */

/* A CUDA and an AMDGPU device in one context (both simulated drivers): a copy between them
   goes through a host staging buffer. Bytes go host -> CUDA -> AMDGPU -> host and back the
   other way, at odd offsets and sizes, and arrive unchanged. */
static void test_cross_backend_copies(void) {
    if (!sim_open()) SKIP("simulated driver %s not built", SIM_PATH);
    if (access(HSA_SIM_PATH, R_OK) != 0) SKIP("simulated HSA runtime %s not built", HSA_SIM_PATH);
    sim.reset();
    offload_context_desc desc = {0};
    desc.cuda_library_path = SIM_PATH;
    desc.hsa_library_path = HSA_SIM_PATH;
    desc.no_environment = 1;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_device host = host_device(ctx), nv = test_backend_device(ctx, OFFLOAD_BACKEND_CUDA),
                   amd = test_backend_device(ctx, OFFLOAD_BACKEND_AMDGPU);
    if (!amd.id) {
        offload_backend_status status;
        offload_backend_get_status(ctx, OFFLOAD_BACKEND_AMDGPU, &status);
        offload_context_destroy(ctx);
        SKIP("no AMDGPU device beside the CUDA one: %s", status.reason);
    }
    if (!nv.id) offload_context_destroy(ctx);
    REQUIRE(nv.id);
    enum { SIZE = (1 << 20) + 13 };
    unsigned char* in = malloc(SIZE);
    unsigned char* out = malloc(SIZE);
    REQUIRE(in && out);
    void *dn = NULL, *da = NULL;
    CHECK_OK(ctx, offload_mem_alloc(ctx, nv, OFFLOAD_MEM_DEVICE, SIZE, &dn));
    CHECK_OK(ctx, offload_mem_alloc(ctx, amd, OFFLOAD_MEM_DEVICE, SIZE, &da));
    for (int round = 0; round < 2 && dn && da; round++) {
        for (size_t i = 0; i < SIZE; i++) in[i] = (unsigned char)(i * 131 + round * 7 + (i >> 12));
        memset(out, 0xee, SIZE);
        offload_device first = round ? amd : nv, second = round ? nv : amd;
        void* d1 = round ? da : dn;
        void* d2 = round ? dn : da;
        CHECK_OK(ctx, offload_memcpy(ctx, first, d1, host, in, SIZE));
        CHECK_OK(ctx, offload_memcpy(ctx, second, d2, first, d1, SIZE));
        CHECK_OK(ctx, offload_memcpy(ctx, host, out, second, d2, SIZE));
        CHECK(memcmp(in, out, SIZE) == 0);
        /* a part, at offsets that are not multiples of anything */
        memset(out, 0, SIZE);
        CHECK_OK(ctx, offload_memcpy(ctx, second, (char*)d2 + 5, first, (char*)d1 + 3, SIZE - 11));
        CHECK_OK(ctx, offload_memcpy(ctx, host, out, second, (char*)d2 + 5, SIZE - 11));
        CHECK(memcmp(in + 3, out, SIZE - 11) == 0);
    }
    /* An asynchronous copy would need one queue on both devices: refused, with the way out. */
    offload_queue q = {0};
    CHECK_OK(ctx, offload_queue_create(ctx, nv, &q));
    CHECK_RESULT(ctx, offload_memcpy_async(ctx, q, amd, da, nv, dn, 64), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_QUEUE_WRONG_DEVICE_FOR_COPY);
    CHECK(strstr(offload_context_last_error(ctx), "use offload_memcpy") != NULL); /* the way out it names */
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, dn));
    CHECK_OK(ctx, offload_mem_free(ctx, da));
    free(in);
    free(out);
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* ---- Fault sweep ----------------------------------------------------------------------------- */

typedef enum { PHASE_WORK, PHASE_RELEASE } sweep_phase;

typedef struct sweep_target {
    const char* entry; /* NULL for the recording run */
    unsigned nth;
} sweep_target;

typedef struct sweep_outcome {
    int fired;             /* the injected failure happened */
    sweep_phase phase;     /* ... while the scenario was working or releasing */
    offload_result result; /* first error of the work phase */
    char message[600];
    offload_diagnostic diagnostic; /* the kind of that first error */
    int context_usable;            /* after the error, the context still served a new request */
    int step;                      /* work steps made so far (each public call of the run is one) */
    int fired_step;                /* the step during which the injected failure happened, 0 = none */
    int failed_step;               /* the first step that returned an error, 0 = none */
    long leaked;                   /* driver objects left after destroy */
} sweep_outcome;

static int sweep_fired(const sweep_target* t) { return t->entry && sim.call_count(t->entry) >= t->nth; }

/* Records the first failure of the work phase; returns non-zero to stop working. */
static int sweep_step(offload_context* ctx, const sweep_target* t, sweep_outcome* o, offload_result r) {
    o->step++;
    if (!o->fired && sweep_fired(t)) {
        o->fired = 1;
        o->phase = PHASE_WORK;
        o->fired_step = o->step;
    }
    if (r == OFFLOAD_SUCCESS) return 0;
    if (o->result == OFFLOAD_SUCCESS) {
        o->result = r;
        o->failed_step = o->step;
        snprintf(o->message, sizeof o->message, "%s", offload_context_last_error(ctx));
        o->diagnostic = offload_context_last_diagnostic(ctx);
    }
    return 1;
}

/* A realistic run: create, allocate, copy, fill, queue work, load, launch, read back, destroy.
   Returns the outcome; `t` names the call made to fail (or none). */
static void sweep_run(const sweep_target* t, sweep_outcome* o) {
    memset(o, 0, sizeof *o);
    sim.reset();
    long live_before = sim.live_objects();
    static launch_seen seen;
    sim.register_kernel("axpy", axpy_impl, &seen);
    if (t->entry) sim.fail(t->entry, t->nth, 999 /* CUDA_ERROR_UNKNOWN */);
    offload_context* ctx = open_context();
    if (!ctx) {
        o->result = OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
        return;
    }
    offload_device dev = cuda_device(ctx), host = host_device(ctx);
    if (sweep_fired(t)) {
        o->fired = 1;
        offload_backend_status status;
        offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status);
        o->result = status.loaded ? OFFLOAD_SUCCESS : status.result;
        snprintf(o->message, sizeof o->message, "%s", status.reason);
    }
    void *dx = NULL, *dy = NULL, *pinned = NULL, *managed = NULL;
    offload_queue q = {0};
    offload_event e0 = {0}, e1 = {0};
    offload_program prog = {0};
    offload_kernel k = {0};
    float x[64], y[64];
    for (int i = 0; i < 64; i++) x[i] = y[i] = (float)i;
    axpy_args args;
    offload_launch_desc launch = {.grid = {1}, .block = {64}, .args = &args, .args_size = sizeof args};
    uint32_t pattern = 0, counter = 0;
    float ms = 0;
    if (dev.id) {
        (void)(sweep_step(ctx, t, o, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof x, &dx)) ||
               sweep_step(ctx, t, o, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof y, &dy)) ||
               sweep_step(ctx, t, o, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_HOST, 4096, &pinned)) ||
               sweep_step(ctx, t, o, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_SHARED, 4096, &managed)) ||
               sweep_step(ctx, t, o, offload_memcpy(ctx, dev, dx, host, x, sizeof x)) ||
               sweep_step(ctx, t, o, offload_memfill(ctx, (offload_queue){0}, dev, dy, &pattern, 4, sizeof y)) ||
               sweep_step(ctx, t, o, offload_queue_create(ctx, dev, &q)) ||
               sweep_step(ctx, t, o, offload_event_create(ctx, dev, &e0)) ||
               sweep_step(ctx, t, o, offload_event_create(ctx, dev, &e1)) ||
               sweep_step(ctx, t, o, offload_event_record(ctx, e0, q)) ||
               sweep_step(ctx, t, o, offload_memcpy_async(ctx, q, dev, dy, host, y, sizeof y)) ||
               sweep_step(ctx, t, o, offload_memfill(ctx, q, dev, pinned, &pattern, 4, 4096)) ||
               sweep_step(ctx, t, o, offload_queue_host_callback(ctx, q, sleep_20ms, NULL)) ||
               sweep_step(ctx, t, o,
                          offload_program_create(
                              ctx, dev, &(offload_program_desc){.image = test_ptx, .size = sizeof test_ptx}, &prog)) ||
               sweep_step(ctx, t, o, offload_kernel_get(ctx, prog, "axpy", &k)) ||
               sweep_step(ctx, t, o,
                          ((args = (axpy_args){(float*)dy, (const float*)dx, 1.0f, 64}),
                           offload_launch(ctx, q, k, &launch))) ||
               sweep_step(ctx, t, o, offload_event_record(ctx, e1, q)) ||
               sweep_step(ctx, t, o, offload_queue_wait_event(ctx, q, e1)) ||
               sweep_step(ctx, t, o, offload_queue_synchronize(ctx, q)) ||
               sweep_step(ctx, t, o, offload_queue_query(ctx, q)) ||
               sweep_step(ctx, t, o, offload_event_query(ctx, e1)) ||
               sweep_step(ctx, t, o, offload_event_synchronize(ctx, e1)) ||
               sweep_step(ctx, t, o, offload_event_elapsed_time(ctx, e0, e1, &ms)) ||
               sweep_step(ctx, t, o, offload_global_write(ctx, prog, "counter", 0, &pattern, 4)) ||
               sweep_step(ctx, t, o, offload_global_read(ctx, prog, "counter", 0, &counter, 4)) ||
               sweep_step(ctx, t, o, offload_launch(ctx, (offload_queue){0}, k, &launch)) ||
               sweep_step(ctx, t, o, offload_memcpy(ctx, host, y, dev, dy, sizeof y)));
        if (o->result != OFFLOAD_SUCCESS) {
            /* The context must still serve requests after the failure. */
            void* p = NULL;
            o->context_usable = offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 100000, &p) == OFFLOAD_SUCCESS &&
                                offload_mem_free(ctx, p) == OFFLOAD_SUCCESS;
        }
    }
    if (!o->fired && sweep_fired(t)) o->fired = 1, o->phase = PHASE_WORK;
    if (o->result != OFFLOAD_SUCCESS && !dev.id) {
        void* p = NULL;
        o->context_usable = offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 64, &p) == OFFLOAD_SUCCESS &&
                            offload_mem_free(ctx, p) == OFFLOAD_SUCCESS;
    }
    /* Release explicitly (each call on its own: one failure must not skip the others), then destroy. */
    offload_program_destroy(ctx, prog);
    offload_event_destroy(ctx, e0);
    offload_event_destroy(ctx, e1);
    offload_queue_destroy(ctx, q);
    offload_mem_free(ctx, dx);
    offload_mem_free(ctx, dy);
    offload_mem_free(ctx, pinned);
    offload_mem_free(ctx, managed);
    offload_context_destroy(ctx);
    if (!o->fired && sweep_fired(t)) o->fired = 1, o->phase = PHASE_RELEASE;
    o->leaked = sim.live_objects() - live_before;
}

/* Entry points whose failure leaves a driver object behind by nature (the object could not be
   released) or whose failure is logged, not returned (see offload__cuda_leave). */
static int sweep_is_release(const char* entry) {
    static const char* const names[] = {"cuMemFree_v2",      "cuMemFreeHost",  "cuStreamDestroy_v2",
                                        "cuEventDestroy_v2", "cuModuleUnload", "cuDevicePrimaryCtxRelease_v2",
                                        "cuMemRelease",      "cuMemUnmap",     "cuMemAddressFree"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(entry, names[i]) == 0) return 1;
    return 0;
}

static int sweep_is_poll(const char* entry) {
    return strcmp(entry, "cuStreamQuery") == 0 || strcmp(entry, "cuEventQuery") == 0;
}

static int callbacks_seen;

static void count_callback(void* stream, int status, void* user_data) {
    (void)stream;
    if (status == 0 && user_data == &callbacks_seen) callbacks_seen++;
}

/* The entry points other drivers' clients resolve (LLVM's CUDA plugin, which bench_ol_llvm
   runs on the simulator), called directly, each on both sides of what it checks. */
static void test_entry_points_other_clients_use(void) {
    REQUIRE(sim_open());
    sim.reset();
#define SIM_FN(result, name, parameters)                                                                               \
    result(*name) parameters = NULL;                                                                                   \
    sim_bind(#name, &name)
    SIM_FN(int, cuCtxGetDevice, (int*));
    SIM_FN(int, cuCtxSetCurrent, (void*));
    SIM_FN(int, cuCtxGetLimit, (size_t*, int));
    SIM_FN(int, cuCtxSetLimit, (int, size_t));
    SIM_FN(int, cuDevicePrimaryCtxSetFlags_v2, (int, unsigned));
    SIM_FN(int, cuDevicePrimaryCtxGetState, (int, unsigned*, int*));
    SIM_FN(int, cuMemGetInfo_v2, (size_t*, size_t*));
    SIM_FN(int, cuMemAllocHost, (void**, size_t));
    SIM_FN(int, cuMemFreeHost, (void*));
    SIM_FN(int, cuMemAlloc_v2, (unsigned long long*, size_t));
    SIM_FN(int, cuMemFree_v2, (unsigned long long));
    SIM_FN(int, cuMemcpyDtoH_v2, (void*, unsigned long long, size_t));
    SIM_FN(int, cuMemsetD2D8Async, (unsigned long long, size_t, unsigned char, size_t, size_t, void*));
    SIM_FN(int, cuStreamSynchronize, (void*));
    SIM_FN(int, cuStreamAddCallback, (void*, void (*)(void*, int, void*), void*, unsigned));
    SIM_FN(int, cuDeviceGetUuid, (unsigned char*, int));
    SIM_FN(int, cuDeviceGetAttribute, (int*, int, int));
#undef SIM_FN
    REQUIRE(cuCtxGetDevice && cuCtxSetCurrent && cuCtxGetLimit && cuCtxSetLimit && cuDevicePrimaryCtxSetFlags_v2 &&
            cuDevicePrimaryCtxGetState && cuMemGetInfo_v2 && cuMemAllocHost && cuMemFreeHost && cuMemAlloc_v2 &&
            cuMemFree_v2 && cuMemcpyDtoH_v2 && cuMemsetD2D8Async && cuStreamSynchronize && cuStreamAddCallback &&
            cuDeviceGetUuid && cuDeviceGetAttribute);
    REQUIRE(dlsym(sim.library, "cuEventDestroy") && dlsym(sim.library, "cuOccupancyMaxPotentialBlockSize"));
    int device = -1, active = -1, value = 0;
    unsigned flags = 99;
    CHECK(cuCtxGetDevice(&device) == 201); /* no current context */
    CHECK(cuDevicePrimaryCtxGetState(0, &flags, &active) == 0 && flags == 0 && active == 0);
    CHECK(cuDevicePrimaryCtxSetFlags_v2(0, 3) == 1 && cuDevicePrimaryCtxSetFlags_v2(0, 0x100) == 1);
    CHECK(cuDevicePrimaryCtxSetFlags_v2(0, 4) == 0); /* blocking sync */
    void* context = NULL;
    REQUIRE(sim.retain(&context, 0) == 0);
    CHECK(cuDevicePrimaryCtxGetState(0, &flags, &active) == 0 && flags == 4 && active == 1);
    CHECK(cuCtxSetCurrent(NULL) == 0 && sim.context_depth() == 0); /* popping an empty stack: nothing */
    CHECK(cuCtxSetCurrent(context) == 0 && sim.context_depth() == 1 && cuCtxGetDevice(&device) == 0 && device == 0);
    CHECK(cuCtxSetCurrent(context) == 0 && sim.context_depth() == 1); /* replaces the top */
    size_t limit = 0;
    CHECK(cuCtxGetLimit(&limit, 0) == 0 && limit == 1024);
    CHECK(cuCtxSetLimit(0, 4096) == 0 && cuCtxGetLimit(&limit, 0) == 0 && limit == 4096);
    CHECK(cuCtxGetLimit(&limit, 7) == 215 && cuCtxSetLimit(-1, 1) == 215);
    unsigned char uuid[16];
    CHECK(cuDeviceGetUuid(uuid, 0) == 0 && uuid[14] == '0' && cuDeviceGetUuid(uuid, 4) == 101);
    CHECK(cuDeviceGetAttribute(&value, 39, 0) == 0 && value == 2048);
    CHECK(cuDeviceGetAttribute(&value, 1000, 0) == 1);
    size_t free_before = 0, free_after = 0, total = 0;
    unsigned long long buffer = 0;
    CHECK(cuMemGetInfo_v2(&free_before, &total) == 0 && free_before == total);
    REQUIRE(cuMemAlloc_v2(&buffer, 4 * 64) == 0);
    CHECK(cuMemGetInfo_v2(&free_after, &total) == 0 && free_after == free_before - 4 * 64);
    /* four rows of 64 bytes, 40 filled in each */
    unsigned char rows[4 * 64];
    memset(rows, 0, sizeof rows);
    CHECK(cuMemsetD2D8Async(buffer, 64, 0, 64, 4, NULL) == 0);
    CHECK(cuMemsetD2D8Async(buffer, 64, 7, 40, 4, NULL) == 0);
    CHECK(cuMemsetD2D8Async(buffer, 32, 7, 40, 2, NULL) == 1); /* rows overlap */
    CHECK(cuMemsetD2D8Async(buffer, 64, 7, 40, 5, NULL) == 1); /* past the allocation */
    callbacks_seen = 0;
    CHECK(cuStreamAddCallback(NULL, count_callback, &callbacks_seen, 1) == 1);
    CHECK(cuStreamAddCallback(NULL, count_callback, &callbacks_seen, 0) == 0);
    CHECK(cuStreamSynchronize(NULL) == 0 && callbacks_seen == 1);
    CHECK(cuMemcpyDtoH_v2(rows, buffer, sizeof rows) == 0);
    int filled = 1;
    for (int i = 0; i < 4 * 64; i++) filled &= rows[i] == ((i % 64) < 40 ? 7 : 0);
    CHECK(filled);
    void* pinned = NULL;
    CHECK(cuMemAllocHost(&pinned, 100) == 0 && pinned && cuMemFreeHost(pinned) == 0);
    CHECK(cuMemAllocHost(&pinned, 0) == 1);
    CHECK(cuMemFree_v2(buffer) == 0);
    CHECK(cuCtxSetCurrent(NULL) == 0 && sim.context_depth() == 0);
    CHECK(sim.release(0) == 0);
}

static void count_host_call(void* user_data) { (*(int*)user_data)++; }

static uint64_t thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The simulated driver's entry points a wait uses. */
typedef struct sim_waits {
    int (*stream_synchronize)(void*);
    int (*launch_host_func)(void*, void (*)(void*), void*);
    int (*event_record)(void*, void*);
    int (*event_synchronize)(void*);
    void (*set_legacy_delay_us)(unsigned);
} sim_waits;

/* Runs one host call on the legacy stream, delayed by `delay_us`, and waits for it with
   cuStreamSynchronize (event NULL) or by recording `event` behind it and synchronizing on that;
   returns the thread's CPU time as a fraction of the wait's wall time. */
static double cpu_share_of_wait(const sim_waits* w, void* event, unsigned delay_us) {
    int ran = 0;
    w->set_legacy_delay_us(delay_us);
    uint64_t cpu = thread_cpu_ns(), start = test_now_ns();
    CHECK(w->launch_host_func(NULL, count_host_call, &ran) == 0);
    if (event)
        CHECK(w->event_record(event, NULL) == 0 && w->event_synchronize(event) == 0);
    else
        CHECK(w->stream_synchronize(NULL) == 0);
    uint64_t wall = test_now_ns() - start;
    cpu = thread_cpu_ns() - cpu;
    CHECK(ran == 1 && wall >= (uint64_t)delay_us * 1000u);
    w->set_legacy_delay_us(0);
    return (double)cpu / (double)wall;
}

/* What bench_ol_llvm's comparison rests on, checked in the simulator itself. A stream's thread
   wakes only for its own stream: the driver has no thread per stream, and when one condition
   variable woke every stream's thread, each operation paid for every idle stream (some 40 us
   of the 55 us a synchronous launch took with the streams of two libraries alive).
   cuStreamSynchronize, and cuEventSynchronize on an event without CU_EVENT_BLOCKING_SYNC, wait
   as the context's scheduling says: they block under CU_CTX_SCHED_BLOCKING_SYNC (which LLVM's
   CUDA plugin asks for) and spin under any other (the default). */
static void test_simulated_waits_follow_the_driver(void) {
    REQUIRE(sim_open());
    sim.reset();
#define SIM_FN(result, name, parameters)                                                                               \
    result(*name) parameters = NULL;                                                                                   \
    sim_bind(#name, &name)
    SIM_FN(int, cuInit, (unsigned));
    SIM_FN(int, cuStreamCreate, (void**, unsigned));
    SIM_FN(int, cuStreamDestroy_v2, (void*));
    SIM_FN(int, cuEventCreate, (void**, unsigned));
    SIM_FN(int, cuEventDestroy_v2, (void*));
    SIM_FN(int, cuDevicePrimaryCtxSetFlags_v2, (int, unsigned));
    SIM_FN(unsigned, cuda_sim_idle_wakeups, (void));
    SIM_FN(unsigned, cuda_sim_stream_synchronizes, (int));
#undef SIM_FN
    sim_waits w;
    REQUIRE(sim_bind("cuStreamSynchronize", &w.stream_synchronize) &&
            sim_bind("cuLaunchHostFunc", &w.launch_host_func) && sim_bind("cuEventRecord", &w.event_record) &&
            sim_bind("cuEventSynchronize", &w.event_synchronize) &&
            sim_bind("cuda_sim_set_legacy_delay_us", &w.set_legacy_delay_us));
    REQUIRE(cuInit && cuStreamCreate && cuStreamDestroy_v2 && cuEventCreate && cuEventDestroy_v2 &&
            cuDevicePrimaryCtxSetFlags_v2 && cuda_sim_idle_wakeups && cuda_sim_stream_synchronizes);
    REQUIRE(cuInit(0) == 0); /* run alone (build.sh), no test before it has */
    void* context = NULL;
    REQUIRE(sim.retain(&context, 0) == 0);
    REQUIRE(sim.push(context) == 0);

    /* Operations on one stream beside idle ones: before, each woke every idle stream's thread
       twice (when queued and when done), some 3,200 wake-ups here. */
    enum { IDLE_STREAMS = 8, OPERATIONS = 200 };
    void* idle[IDLE_STREAMS];
    void* busy = NULL;
    for (int i = 0; i < IDLE_STREAMS; i++) REQUIRE(cuStreamCreate(&idle[i], 1) == 0);
    REQUIRE(cuStreamCreate(&busy, 1) == 0);
    unsigned woke = cuda_sim_idle_wakeups();
    int ran = 0;
    for (int i = 0; i < OPERATIONS; i++)
        CHECK(w.launch_host_func(busy, count_host_call, &ran) == 0 && w.stream_synchronize(busy) == 0);
    woke = cuda_sim_idle_wakeups() - woke;
    fprintf(stderr, "  %u idle wake-ups beside %d operations\n", woke, OPERATIONS);
    CHECK(ran == OPERATIONS && woke < OPERATIONS / 10);
    for (int i = 0; i < IDLE_STREAMS; i++) CHECK(cuStreamDestroy_v2(idle[i]) == 0);
    CHECK(cuStreamDestroy_v2(busy) == 0);

    /* The default scheduling spins, blocking sync sleeps: counted for streams, and seen in the
       thread's CPU time (its own, which a loaded machine does not inflate) for both. */
    void* event = NULL;
    REQUIRE(cuEventCreate(&event, 2) == 0); /* CU_EVENT_DISABLE_TIMING, without BLOCKING_SYNC */
    unsigned spun = cuda_sim_stream_synchronizes(0), blocked = cuda_sim_stream_synchronizes(1);
    double stream_spin = cpu_share_of_wait(&w, NULL, 50000), event_spin = cpu_share_of_wait(&w, event, 50000);
    CHECK(cuda_sim_stream_synchronizes(0) == spun + 1 && cuda_sim_stream_synchronizes(1) == blocked);
    CHECK(cuDevicePrimaryCtxSetFlags_v2(0, 4) == 0);
    double stream_block = cpu_share_of_wait(&w, NULL, 50000), event_block = cpu_share_of_wait(&w, event, 50000);
    CHECK(cuda_sim_stream_synchronizes(0) == spun + 1 && cuda_sim_stream_synchronizes(1) == blocked + 1);
    fprintf(stderr, "  CPU time of a 50 ms wait: spinning %.2f (stream) %.2f (event), blocking %.2f %.2f\n",
            stream_spin, event_spin, stream_block, event_block);
    CHECK(stream_spin > 0.1 && event_spin > 0.1);
    CHECK(stream_block < 0.1 && event_block < 0.1);
    CHECK(cuDevicePrimaryCtxSetFlags_v2(0, 0) == 0);
    CHECK(cuEventDestroy_v2(event) == 0);
    void* popped = NULL;
    CHECK(sim.pop(&popped) == 0 && popped == context);
    CHECK(sim.release(0) == 0);
}

static void test_fault_sweep(void) {
    if (!sim_open()) SKIP("simulated driver not built");
    sweep_target none = {NULL, 0};
    sweep_outcome o;
    sweep_run(&none, &o);
    REQUIRE(o.result == OFFLOAD_SUCCESS);
    REQUIRE(sim.live_objects() == 0);
    /* Every (entry point, occurrence) the clean run made. */
    unsigned n = sim.entry_count(), sites = 0, checked = 0;
    unsigned* counts = (unsigned*)calloc(n, sizeof *counts);
    REQUIRE(counts != NULL);
    for (unsigned e = 0; e < n; e++) counts[e] = sim.call_count(sim.entry_name(e));
    for (unsigned e = 0; e < n; e++) {
        const char* entry = sim.entry_name(e);
        /* Waits poll cuStreamQuery/cuEventQuery as long as the work runs: the later polls of
           one wait are the same call site again, and how many there are depends on timing. */
        unsigned occurrences = sweep_is_poll(entry) ? (counts[e] < 12 ? counts[e] : 12) : counts[e];
        for (unsigned k = 1; k <= occurrences; k++) {
            sweep_target t = {entry, k};
            sweep_run(&t, &o);
            sites++;
            /* A failed pop leaves our context current on this thread, so later calls need no
               push/pop and that run has fewer pops: take it off for the next run. */
            void* leftover = NULL;
            while (sim.context_depth() > 0) sim.pop(&leftover);
            if (!o.fired) continue;
            checked++;
            int pop = strcmp(entry, "cuCtxPopCurrent_v2") == 0;
            if (o.phase == PHASE_WORK && !pop) {
                /* A step's error is a failed driver call (or a device that could not be opened
                   because of one); one made while the context was created is in the status's
                   reason, without a kind. The message names the call and the driver's code. */
                if (o.failed_step && o.diagnostic != OFFLOAD_DIAG_CUDA_CALL_FAILED &&
                    o.diagnostic != OFFLOAD_DIAG_CUDA_DEVICE_NOT_OPENED) {
                    fprintf(stderr, "  %s #%u: kind %s, message '%s'\n", entry, k,
                            offload_diagnostic_name(o.diagnostic), o.message);
                    CHECK(!"the failing call is reported as a failed driver call");
                }
                if (o.result == OFFLOAD_SUCCESS || !strstr(o.message, entry) ||
                    !strstr(o.message, "CUDA_ERROR_UNKNOWN")) {
                    fprintf(stderr, "  %s #%u: result %d, message '%s'\n", entry, k, (int)o.result, o.message);
                    CHECK(!"the failing call is reported with its name and the driver's code");
                }
                /* The step during which the failure was injected is the one that reports it: a
                   swallowed error would otherwise pass on the next step's own failure or on the
                   stale message it left behind. */
                if (o.fired_step && o.failed_step != o.fired_step && !sweep_is_release(entry)) {
                    fprintf(stderr, "  %s #%u: injected during step %d, but step %d failed ('%s')\n", entry, k,
                            o.fired_step, o.failed_step, o.message);
                    CHECK(!"the step that made the failing call reports it");
                }
                if (!o.context_usable) {
                    fprintf(stderr, "  %s #%u: context unusable after '%s'\n", entry, k, o.message);
                    CHECK(!"the context stays usable");
                }
            }
            if (pop) CHECK(o.result == OFFLOAD_SUCCESS);
            if (o.leaked != 0 && !sweep_is_release(entry) && o.phase == PHASE_WORK) {
                fprintf(stderr, "  %s #%u: %ld driver objects left after destroy\n", entry, k, o.leaked);
                CHECK(!"nothing is left in the driver");
            }
        }
    }
    free(counts);
    fprintf(stderr, "  fault sweep: %u call sites, %u failures injected\n", sites, checked);
    CHECK(checked > 100);
    sim.reset();
}

int main(void) {
    RUN(test_status_and_device_info);
    RUN(test_memory_kinds);
    RUN(test_copies_and_fills);
    RUN(test_program_kernels_globals);
    RUN(test_launch_arguments);
    RUN(test_virtual_memory);
    RUN(test_device_lost);
    RUN(test_create_out_of_memory_sweep);
    RUN(test_contexts_coexist);
    RUN(test_no_devices_and_old_driver);
    RUN(test_cross_backend_copies);
    RUN(test_entry_points_other_clients_use);
    RUN(test_simulated_waits_follow_the_driver);
    RUN(test_fault_sweep);
    return test_summary();
}
