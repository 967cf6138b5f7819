/* tests/gpu/test_gpu_cuda.c — the CUDA backend on a real NVIDIA driver and GPU (run by
   tests/gpu/run.sh; not part of ./build.sh test, which has no GPU). Usage:
       test_gpu_cuda [libcuda path] [kernels.ptx path] [--fault]
   Loads the PTX generated from tests/gpu/kernels.ll. The virtual-memory ops that record & replay
   uses are exercised too, through the test hooks. Exits 77 with "skipped: no GPU" when the
   driver has no device. --fault runs only the faulting kernel (it kills the primary context for
   the rest of the process, so run.sh runs it as a process of its own). */
#define _GNU_SOURCE
#include "../../offload.h"
#include "../../backends/cuda/driver.inc"
#include "../files.h"
#define TEST_OWN_ARGUMENTS /* the driver library and the PTX file */
#include "../test.h"
#include "../test_hooks.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>


static const char* library_path = "libcuda.so.1";
static const char* ptx_path = "tests/gpu/kernels.ptx";
static char* ptx;
static size_t ptx_size;

static offload_context* open_context_timeout(uint32_t wait_timeout_ms) {
    offload_context_desc desc = {0};
    desc.wait_timeout_ms = wait_timeout_ms;
    desc.cuda_library_path = library_path;
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

static offload_context* open_context(void) { return open_context_timeout(0); }

static offload_device gpu(offload_context* ctx) {
    offload_device d = {0};
    offload_device_get(ctx, 1, &d);
    return d;
}

#define OPEN(ctx, dev)                                                                                                 \
    offload_context* ctx = open_context();                                                                             \
    REQUIRE(ctx != NULL);                                                                                              \
    offload_device dev = gpu(ctx);                                                                                     \
    if (!dev.id) offload_context_destroy(ctx);                                                                         \
    REQUIRE(dev.id != 0)

static void test_device_info(void) {
    OPEN(ctx, dev);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status));
    offload_device_info info;
    CHECK_OK(ctx, offload_device_get_info(ctx, dev, &info));
    printf("  device: %s, %s, %llu MiB, %u SMs, driver %d, max dynamic shared %llu, managed %d, vmm %d\n", info.name,
           info.arch, (unsigned long long)(info.memory_bytes >> 20), info.compute_units, status.driver_version,
           (unsigned long long)info.max_shared_memory, info.supports_shared_memory, info.supports_virtual_memory);
    CHECK(strncmp(info.arch, "sm_", 3) == 0 && strcmp(info.vendor, "NVIDIA") == 0);
    CHECK(info.warp_size == 32 && info.max_block_size >= 1024 && info.compute_units > 0 && info.memory_bytes > 0);
    offload_context_destroy(ctx);
}

static void test_memory_copies_fills(void) {
    OPEN(ctx, dev);
    offload_device host = {1};
    offload_device_get(ctx, 0, &host);
    offload_mem_kind kinds[] = {OFFLOAD_MEM_DEVICE, OFFLOAD_MEM_HOST, OFFLOAD_MEM_SHARED};
    enum { N = 1 << 20 };
    uint32_t* src = (uint32_t*)malloc(N * 4);
    uint32_t* dst = (uint32_t*)malloc(N * 4);
    REQUIRE(src && dst);
    for (uint32_t i = 0; i < N; i++) src[i] = i * 2654435761u;
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    for (int k = 0; k < 3; k++) {
        void *a = NULL, *b = NULL;
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, kinds[k], N * 4, &a));
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, N * 4, &b));
        CHECK_OK(ctx, offload_memcpy(ctx, dev, a, host, src, N * 4));
        CHECK_OK(ctx, offload_memcpy(ctx, dev, b, dev, a, N * 4));
        memset(dst, 0, N * 4);
        CHECK_OK(ctx, offload_memcpy(ctx, host, dst, dev, b, N * 4));
        CHECK(memcmp(src, dst, N * 4) == 0);
        uint16_t p16 = 0xbeef;
        CHECK_OK(ctx, offload_memfill(ctx, q, dev, b, &p16, 2, N * 4));
        CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, dst, dev, b, N * 4));
        CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
        CHECK(dst[0] == 0xbeefbeefu && dst[N - 1] == 0xbeefbeefu);
        CHECK_OK(ctx, offload_mem_free(ctx, a));
        CHECK_OK(ctx, offload_mem_free(ctx, b));
    }
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    free(src);
    free(dst);
    offload_context_destroy(ctx);
}

static void count_callback(void* user_data) { (*(int*)user_data)++; }

static void test_programs_launches_events(void) {
    OPEN(ctx, dev);
    offload_device host;
    offload_device_get(ctx, 0, &host);
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, dev, &(offload_program_desc){.image = ptx, .size = ptx_size}, &prog));
    offload_kernel axpy, shared_sum;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "axpy", &axpy));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "shared_sum", &shared_sum));
    size_t args_size = 0;
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, axpy, &args_size));
    printf("  axpy args size from the driver: %zu (0 = driver older than 12.4)\n", args_size);
    CHECK(args_size == 24 || args_size == 0);

    enum { N = 100000 };
    float* x = (float*)malloc(N * sizeof(float));
    float* y = (float*)malloc(N * sizeof(float));
    REQUIRE(x && y);
    for (int i = 0; i < N; i++) x[i] = (float)i, y[i] = 1.0f;
    void *dx, *dy;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, N * sizeof(float), &dx));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, N * sizeof(float), &dy));
    CHECK_OK(ctx, offload_memcpy(ctx, dev, dx, host, x, N * sizeof(float)));
    CHECK_OK(ctx, offload_memcpy(ctx, dev, dy, host, y, N * sizeof(float)));
    struct {
        float* y;
        const float* x;
        float a;
        uint32_t n;
    } args = {(float*)dy, (const float*)dx, 3.0f, N};
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    offload_event start, end;
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &start));
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &end));
    int callbacks = 0;
    CHECK_OK(ctx, offload_event_record(ctx, start, q));
    CHECK_OK(ctx,
             offload_launch(ctx, q, axpy,
                            &(offload_launch_desc){
                                .grid = {(N + 255) / 256}, .block = {256}, .args = &args, .args_size = sizeof args}));
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, count_callback, &callbacks));
    CHECK_OK(ctx, offload_event_record(ctx, end, q));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(callbacks == 1);
    float ms = -1;
    CHECK_OK(ctx, offload_event_elapsed_time(ctx, start, end, &ms));
    CHECK(ms >= 0.0f);
    CHECK_OK(ctx, offload_memcpy(ctx, host, y, dev, dy, N * sizeof(float)));
    int bad = 0;
    for (int i = 0; i < N; i++) bad += y[i] != 1.0f + 3.0f * (float)i;
    CHECK(bad == 0);

    /* 64 KiB of dynamic shared memory: above the default limit, so the backend opts in. */
    uint32_t counter = 1234;
    CHECK_OK(ctx, offload_global_write(ctx, prog, "counter", 0, &counter, 4));
    void* out;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 8, &out));
    uint32_t count = 16384;
    struct {
        uint32_t* out;
        uint32_t count;
    } sargs = {(uint32_t*)out, count};
    CHECK_OK(ctx, offload_launch(
                      ctx, (offload_queue){0}, shared_sum,
                      &(offload_launch_desc){.shared_memory = count * 4, .args = &sargs, .args_size = sizeof sargs}));
    uint32_t result[2] = {0, 0};
    CHECK_OK(ctx, offload_memcpy(ctx, host, result, dev, out, 8));
    CHECK(result[0] == count * (count - 1) / 2 && result[1] == 1234);

    CHECK_OK(ctx, offload_event_destroy(ctx, start));
    CHECK_OK(ctx, offload_event_destroy(ctx, end));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, out));
    CHECK_OK(ctx, offload_mem_free(ctx, dx));
    CHECK_OK(ctx, offload_mem_free(ctx, dy));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    free(x);
    free(y);
    offload_context_destroy(ctx);
}

static void test_invalid_ptx_log(void) {
    OPEN(ctx, dev);
    static const char bad[] =
        ".version 6.0\n.target sm_70\n.address_size 64\n.visible .entry broken()\n{\n\tnot_an_instruction;\n}\n";
    offload_program prog;
    CHECK_RESULT(ctx,
                 offload_program_create(ctx, dev, &(offload_program_desc){.image = bad, .size = sizeof bad}, &prog),
                 OFFLOAD_ERROR_INVALID_IMAGE);
    printf("  invalid PTX: %s\n", offload_context_last_error(ctx));
    CHECK(strstr(offload_context_last_error(ctx), "cuModuleLoadDataEx failed") != NULL);
    CHECK(strstr(offload_context_last_error(ctx), "not_an_instruction") != NULL); /* from the JIT log */
    offload_context_destroy(ctx);
}

static void test_virtual_memory(void) {
    OPEN(ctx, dev);
    offload_device_info info;
    if (offload_device_get_info(ctx, dev, &info) != OFFLOAD_SUCCESS || !info.supports_virtual_memory) {
        offload_context_destroy(ctx);
        SKIP("device has no virtual memory management");
    }
    size_t g = offload_test_vm_granularity(ctx, dev);
    const uint64_t want = 0x7f0000000000ull;
    void* base = NULL;
    /* The address is a hint to the driver: taken already is a result, not a failure. */
    if (offload_test_vm_reserve(ctx, dev, want, 4 * g, &base) != OFFLOAD_SUCCESS) {
        printf("  0x%llx not available: %s\n", (unsigned long long)want, offload_context_last_error(ctx));
        base = NULL;
    }
    if (base) {
        offload_device host = {0};
        offload_device_get(ctx, 0, &host);
        void* handle = NULL;
        CHECK_OK(ctx, offload_test_vm_map(ctx, dev, base, 2 * g, &handle));
        uint64_t v = 0x0123456789abcdefull, back = 0;
        CHECK_OK(ctx, offload_memcpy(ctx, dev, (char*)base + g, host, &v, 8));
        CHECK_OK(ctx, offload_memcpy(ctx, host, &back, dev, (char*)base + g, 8));
        CHECK(back == v);
        void* again = NULL;
        CHECK(offload_test_vm_reserve(ctx, dev, want, g, &again) != OFFLOAD_SUCCESS);
        CHECK_OK(ctx, offload_test_vm_unmap(ctx, dev, base, 2 * g, handle));
        CHECK_OK(ctx, offload_test_vm_release(ctx, dev, base, 4 * g));
    }
    offload_context_destroy(ctx);
}

/* Loads kernels.ptx on dev and gets one kernel. */
static offload_kernel kernel_of(offload_context* ctx, offload_device dev, const char* name, offload_program* prog) {
    offload_kernel k = {0};
    if (offload_program_create(ctx, dev, &(offload_program_desc){.image = ptx, .size = ptx_size}, prog) ==
        OFFLOAD_SUCCESS)
        offload_kernel_get(ctx, *prog, name, &k);
    return k;
}

/* Keeps the legacy NULL stream busy for about a second, as an application's kernels would. */
static void busy_legacy_stream(offload_context* ctx, offload_device dev, offload_kernel busy) {
    offload_test_cuda driver;
    void* fn = NULL;
    if (offload_test_cuda_driver(ctx, dev, &driver) != OFFLOAD_SUCCESS || !driver.context ||
        offload_test_cuda_function(ctx, busy, &fn) != OFFLOAD_SUCCESS)
        return;
    const offload__cuda_api* api = (const offload__cuda_api*)driver.api;
    uint64_t cycles = 2000000000ull;
    size_t size = sizeof cycles;
    void* extra[] = {OFFLOAD__CU_LAUNCH_PARAM_BUFFER_POINTER, &cycles, OFFLOAD__CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                     OFFLOAD__CU_LAUNCH_PARAM_END};
    offload__CUcontext popped;
    if (api->cuCtxPushCurrent_v2((offload__CUcontext)driver.context) != 0) return;
    api->cuLaunchKernel((offload__CUfunction)fn, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra);
    api->cuCtxPopCurrent_v2(&popped);
}

/* A synchronous fill and device-to-device copy of 256 MiB, then at once a queued kernel that reads
   the last element: the synchronous work must be complete, though the legacy stream is busy. */
static void test_synchronous_work_before_queued_kernel(void) {
    OPEN(ctx, dev);
    offload_program prog, prog2;
    offload_kernel read_last = kernel_of(ctx, dev, "read_last", &prog);
    offload_kernel busy = kernel_of(ctx, dev, "busy", &prog2);
    REQUIRE(read_last.id && busy.id);
    enum { N = 64 << 20 };
    uint32_t *a = NULL, *b = NULL, *out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, (size_t)N * 4, (void**)&a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, (size_t)N * 4, (void**)&b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_HOST, 4, (void**)&out));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    struct {
        uint32_t* src;
        uint64_t index;
        uint32_t* out;
    } args = {a, N - 1, out};
    offload_launch_desc read = {.args = &args, .args_size = sizeof args};
    uint32_t seven = 7;
    busy_legacy_stream(ctx, dev, busy);
    *out = 0;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, dev, a, &seven, 4, (size_t)N * 4));
    CHECK_OK(ctx, offload_launch(ctx, q, read_last, &read));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(*out == 7);
    busy_legacy_stream(ctx, dev, busy);
    *out = 0;
    args.src = b;
    CHECK_OK(ctx, offload_memcpy(ctx, dev, b, dev, a, (size_t)N * 4));
    CHECK_OK(ctx, offload_launch(ctx, q, read_last, &read));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(*out == 7);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_mem_free(ctx, a);
    offload_mem_free(ctx, b);
    offload_mem_free(ctx, out);
    offload_context_destroy(ctx);
}

/* 16 KiB static + 40 KiB dynamic shared memory: 56 KiB, so the launch needs the opt-in although
   the dynamic part alone is below the default 48 KiB. */
static void test_static_and_dynamic_shared_memory(void) {
    OPEN(ctx, dev);
    offload_program prog;
    offload_kernel tile = kernel_of(ctx, dev, "static_tile", &prog);
    REQUIRE(tile.id);
    uint32_t* out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_HOST, 4, (void**)&out));
    *out = 0;
    struct {
        uint32_t* out;
        uint32_t count;
    } args = {out, 10240}; /* 16 bytes: 12 of parameters */
    CHECK_OK(ctx, offload_launch(
                      ctx, (offload_queue){0}, tile,
                      &(offload_launch_desc){.shared_memory = 40 << 10, .args = &args, .args_size = sizeof args}));
    CHECK(*out == 3);
    offload_mem_free(ctx, out);
    offload_context_destroy(ctx);
}

/* With two GPUs: a copy between them (cuMemcpyPeerAsync, both contexts), and a kernel on the
   second reading the first's memory (peer access enabled when both opened). */
static void test_two_gpus(void) {
    offload_context* ctx = open_context();
    REQUIRE(ctx != NULL);
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    if (count < 3) {
        offload_context_destroy(ctx);
        SKIP("one GPU: no copy between two");
    }
    offload_device host, g0, g1;
    offload_device_get(ctx, 0, &host);
    offload_device_get(ctx, 1, &g0);
    offload_device_get(ctx, 2, &g1);
    enum { N = 16 << 20 };
    uint32_t *a = NULL, *b = NULL, *out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, g0, OFFLOAD_MEM_DEVICE, (size_t)N * 4, (void**)&a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, g1, OFFLOAD_MEM_DEVICE, (size_t)N * 4, (void**)&b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, g1, OFFLOAD_MEM_HOST, 4, (void**)&out));
    uint32_t nine = 9;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, g0, a, &nine, 4, (size_t)N * 4));
    CHECK_OK(ctx, offload_memcpy(ctx, g1, b, g0, a, (size_t)N * 4));
    uint32_t last = 0;
    CHECK_OK(ctx, offload_memcpy(ctx, host, &last, g1, b + N - 1, 4));
    CHECK(last == 9);
    offload_program prog;
    offload_kernel read_last = kernel_of(ctx, g1, "read_last", &prog);
    REQUIRE(read_last.id);
    struct {
        uint32_t* src;
        uint64_t index;
        uint32_t* out;
    } args = {a, N - 1, out}; /* g0's memory */
    *out = 0;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, read_last,
                                 &(offload_launch_desc){.args = &args, .args_size = sizeof args}));
    CHECK(*out == 9);
    offload_mem_free(ctx, a);
    offload_mem_free(ctx, b);
    offload_mem_free(ctx, out);
    offload_context_destroy(ctx);
}

/* A kernel that spins until released: with wait_timeout_ms 2000, the synchronous launch returns
   OFFLOAD_ERROR_TIMEOUT after about 2 s and the device stays usable. */
static void test_spinning_kernel_times_out(void) {
    offload_context* ctx = open_context_timeout(2000);
    REQUIRE(ctx != NULL);
    offload_device dev = gpu(ctx), host;
    offload_device_get(ctx, 0, &host);
    offload_program prog;
    offload_kernel spin = kernel_of(ctx, dev, "spin", &prog);
    REQUIRE(spin.id);
    volatile uint32_t* flag = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_HOST, 4, (void**)&flag));
    *flag = 0;
    uint32_t* p = (uint32_t*)flag;
    uint64_t start = test_now_ns();
    CHECK_RESULT(
        ctx, offload_launch(ctx, (offload_queue){0}, spin, &(offload_launch_desc){.args = &p, .args_size = sizeof p}),
        OFFLOAD_ERROR_TIMEOUT);
    double ms = (double)(test_now_ns() - start) / 1e6;
    printf("  spinning kernel: %s after %.0f ms\n", offload_context_last_error(ctx), ms);
    CHECK(ms >= 2000 && ms < 4000);
    uint32_t v = 5, back = 0;
    void* d = NULL;
    CHECK_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 4, &d));
    CHECK_OK(ctx, offload_memcpy(ctx, dev, d, host, &v, 4));
    CHECK_OK(ctx, offload_memcpy(ctx, host, &back, dev, d, 4));
    CHECK(back == 5);
    *flag = 1; /* the kernel ends */
    offload_mem_free(ctx, d);
    offload_mem_free(ctx, (void*)flag);
    offload_context_destroy(ctx);
}

static uint64_t thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

typedef struct busy_launch {
    offload_context* ctx;
    offload_kernel kernel;
    uint64_t cycles;
    offload_result result;
    atomic_int done;
} busy_launch;

static void* launch_busy(void* arg) {
    busy_launch* b = (busy_launch*)arg;
    b->result = offload_launch(b->ctx, (offload_queue){0}, b->kernel,
                               &(offload_launch_desc){.args = &b->cycles, .args_size = sizeof b->cycles});
    atomic_store(&b->done, 1);
    return NULL;
}

/* Without a bound, a synchronous launch's wait blocks in the driver (cuEventSynchronize on a
   CU_EVENT_BLOCKING_SYNC event) once the kernel has run 50 us: a kernel of about 0.1 s costs the
   waiting thread little CPU time. And while one thread waits for a kernel of about a second,
   another thread's small synchronous copies on the same GPU do not wait for it. */
static void test_waits_block_and_synchronous_work_overlaps(void) {
    OPEN(ctx, dev);
    offload_device host;
    offload_device_get(ctx, 0, &host);
    offload_program prog;
    offload_kernel busy = kernel_of(ctx, dev, "busy", &prog);
    REQUIRE(busy.id);
    uint64_t cycles = 1000;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, busy,
                                 &(offload_launch_desc){.args = &cycles, .args_size = sizeof cycles}));
    cycles = 200000000ull;
    uint64_t cpu = thread_cpu_ns(), start = test_now_ns();
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, busy,
                                 &(offload_launch_desc){.args = &cycles, .args_size = sizeof cycles}));
    double wall_ms = (double)(test_now_ns() - start) / 1e6, cpu_ms = (double)(thread_cpu_ns() - cpu) / 1e6;
    printf("  a synchronous launch of %.1f ms cost the waiting thread %.2f ms of CPU time\n", wall_ms, cpu_ms);
    CHECK(wall_ms >= 20 && cpu_ms < wall_ms / 4);

    void* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 4, &d));
    static busy_launch a;
    a = (busy_launch){ctx, busy, 2000000000ull, OFFLOAD_ERROR_BACKEND, 0};
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, launch_busy, &a) == 0);
    usleep(100000); /* the thread is waiting for its kernel */
    uint32_t v = 5, back = 0;
    start = test_now_ns();
    CHECK_OK(ctx, offload_memcpy(ctx, dev, d, host, &v, 4));
    CHECK_OK(ctx, offload_memcpy(ctx, host, &back, dev, d, 4));
    double took = (double)(test_now_ns() - start) / 1e6;
    int overlapped = !atomic_load(&a.done);
    pthread_join(thread, NULL);
    printf("  two 4-byte synchronous copies beside another thread's long launch: %.2f ms%s\n", took,
           overlapped ? "" : " (the launch had ended: no overlap)");
    CHECK(back == 5 && took < 300 && overlapped);
    CHECK(a.result == OFFLOAD_SUCCESS);
    offload_mem_free(ctx, d);
    offload_context_destroy(ctx);
}

/* A kernel storing to 0x1000: the launch reports the illegal address and the device is lost. */
static void test_faulting_kernel(void) {
    OPEN(ctx, dev);
    offload_program prog;
    offload_kernel fault = kernel_of(ctx, dev, "fault", &prog);
    REQUIRE(fault.id);
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, fault, &(offload_launch_desc){0}),
                 OFFLOAD_ERROR_DEVICE_LOST);
    printf("  faulting kernel: %s\n", offload_context_last_error(ctx));
    CHECK(strstr(offload_context_last_error(ctx), "CUDA_ERROR_ILLEGAL_ADDRESS") != NULL);
    void* p = NULL;
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, &p), OFFLOAD_ERROR_DEVICE_LOST);
    offload_context_destroy(ctx);
}

static void test_two_contexts(void) {
    offload_context* a = open_context();
    offload_context* b = open_context();
    REQUIRE(a && b);
    void *pa = NULL, *pb = NULL;
    CHECK_OK(a, offload_mem_alloc(a, gpu(a), OFFLOAD_MEM_DEVICE, 4096, &pa));
    CHECK_OK(b, offload_mem_alloc(b, gpu(b), OFFLOAD_MEM_DEVICE, 4096, &pb));
    offload_context_destroy(a);
    uint32_t v = 77, back = 0;
    offload_device host;
    offload_device_get(b, 0, &host);
    CHECK_OK(b, offload_memcpy(b, gpu(b), pb, host, &v, 4));
    CHECK_OK(b, offload_memcpy(b, host, &back, gpu(b), pb, 4));
    CHECK(back == 77);
    offload_context_destroy(b);
}

int main(int argc, char** argv) {
    if (argc > 1) library_path = argv[1];
    if (argc > 2) ptx_path = argv[2];
    ptx = test_read_file(ptx_path, &ptx_size);
    ptx_size += 1; /* the driver takes PTX as a C string */
    if (!ptx) {
        fprintf(stderr, "cannot read %s\n", ptx_path);
        return 2;
    }
    offload_context* probe = open_context();
    offload_backend_status status = {0};
    if (probe) offload_backend_get_status(probe, OFFLOAD_BACKEND_CUDA, &status);
    offload_context_destroy(probe);
    printf("CUDA backend: %s (%s)\n", status.reason, status.library);
    if (!status.device_count) {
        printf("skipped: no GPU (%s)\n", status.reason);
        free(ptx);
        return 77;
    }
    if (argc > 3 && strcmp(argv[3], "--fault") == 0) {
        RUN(test_faulting_kernel);
        free(ptx);
        return test_summary();
    }
    RUN(test_device_info);
    RUN(test_memory_copies_fills);
    RUN(test_programs_launches_events);
    RUN(test_invalid_ptx_log);
    RUN(test_virtual_memory);
    RUN(test_two_contexts);
    RUN(test_synchronous_work_before_queued_kernel);
    RUN(test_static_and_dynamic_shared_memory);
    RUN(test_two_gpus);
    RUN(test_spinning_kernel_times_out);
    RUN(test_waits_block_and_synchronous_work_overlaps);
    free(ptx);
    return test_summary();
}
