/* bench/bench_cuda.c — the CUDA backend against raw Driver API calls, side by side in one run on
   the same device, kernel and buffers. Usage: bench_cuda [libcuda path] [kernels.ptx path]
   Prints one line per measure:  <name>: ours=<v><unit> raw=<v><unit> ratio=<ours/raw>
   (medians), each followed by an indented line with the distribution: best, median, 90th and 99th
   percentile of both sides, so a slow tail is seen and not only the best case.
   The raw calls go through the same driver entry points the backend bound (its table comes from
   the test hooks), with the device's primary context pushed as an application would. The launch is
   also timed from a thread on which our context is not current (an application thread without
   CUDA of its own), which pays the context push and pop on every call. Exits 0 with a
   message when there is no CUDA device. On the simulated driver (tests/sim/cuda_sim.c, which
   exports cuda_sim_register_kernel) the kernels are registered host functions: the numbers then
   measure the runtime's own overhead on the synchronous paths, not a GPU. */
#define _GNU_SOURCE
#include "../offload.h"
#include "../backends/cuda/driver.inc"
#include "../tests/files.h"
#include "../tests/test_hooks.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


enum { LAUNCH_REPS = 10000, ALLOC_REPS = 10000, RAW_ALLOC_REPS = 1000, COPY_REPS = 20 };
#define COPY_BYTES ((size_t)64 << 20)

static int compare_u64(const void* a, const void* b) {
    uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

/* The p-th percentile (0..100) of samples, which it sorts. */
static double percentile_ns(uint64_t* samples, int n, int p) {
    qsort(samples, (size_t)n, sizeof *samples, compare_u64);
    return (double)samples[(size_t)((long long)(n - 1) * p / 100)];
}

static double median_ns(uint64_t* samples, int n) { return percentile_ns(samples, n, 50); }

static void report(const char* name, double ours, double raw, const char* unit) {
    printf("%s: ours=%.3f%s raw=%.3f%s ratio=%.3f\n", name, ours, unit, raw, unit, ours / raw);
}

/* The distribution of both sides of a measure, in ns / scale units. */
static void spread(const char* name, uint64_t* ours, int n_ours, uint64_t* raw, int n_raw, double scale,
                   const char* unit) {
    printf("  %s, best/median/p90/p99 %s: ours %.3f/%.3f/%.3f/%.3f raw %.3f/%.3f/%.3f/%.3f\n", name, unit,
           percentile_ns(ours, n_ours, 0) / scale, percentile_ns(ours, n_ours, 50) / scale,
           percentile_ns(ours, n_ours, 90) / scale, percentile_ns(ours, n_ours, 99) / scale,
           percentile_ns(raw, n_raw, 0) / scale, percentile_ns(raw, n_raw, 50) / scale,
           percentile_ns(raw, n_raw, 90) / scale, percentile_ns(raw, n_raw, 99) / scale);
}

#define CU_OK(call)                                                                                                    \
    do {                                                                                                               \
        offload__CUresult rc_ = (call);                                                                                \
        if (rc_) {                                                                                                     \
            fprintf(stderr, "%s failed: %d\n", #call, rc_);                                                            \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)

#define OK(ctx, call)                                                                                                  \
    do {                                                                                                               \
        if ((call) != OFFLOAD_SUCCESS) {                                                                               \
            fprintf(stderr, "%s failed: %s\n", #call, offload_context_last_error(ctx));                                \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)

/* Ours against the raw driver doing the same work the same way (a non-blocking stream, waited
   for with cuStreamSynchronize: what our bounded polling replaces), and against the legacy
   stream that synchronous work used before. Interleaved, so that noise hits all three alike. */
static void bench_launch(offload_context* ctx, offload_device dev, const offload__cuda_api* api, const char* ptx) {
    offload_program prog;
    offload_kernel kernel;
    OK(ctx, offload_program_create(ctx, dev, &(offload_program_desc){.image = ptx, .size = strlen(ptx) + 1}, &prog));
    OK(ctx, offload_kernel_get(ctx, prog, "empty", &kernel));
    offload__CUmodule module;
    offload__CUfunction fn;
    offload__CUstream stream;
    CU_OK(api->cuModuleLoadDataEx(&module, ptx, 0, NULL, NULL));
    CU_OK(api->cuModuleGetFunction(&fn, module, "empty"));
    CU_OK(api->cuStreamCreate(&stream, OFFLOAD__CU_STREAM_NON_BLOCKING));
    uint64_t* ours = (uint64_t*)malloc(LAUNCH_REPS * sizeof *ours);
    uint64_t* raw = (uint64_t*)malloc(LAUNCH_REPS * sizeof *raw);
    uint64_t* legacy = (uint64_t*)malloc(LAUNCH_REPS * sizeof *legacy);
    uint64_t* foreign = (uint64_t*)malloc(LAUNCH_REPS * sizeof *foreign);
    offload_launch_desc desc = {.grid = {1}, .block = {1}};
    for (int round = 0; round < 2; round++) { /* round 0 warms up */
        for (int i = 0; i < LAUNCH_REPS; i++) {
            offload__CUcontext current = NULL;
            CU_OK(api->cuCtxPopCurrent_v2(&current)); /* as on a thread without our context */
            uint64_t f0 = test_now_ns();
            OK(ctx, offload_launch(ctx, (offload_queue){0}, kernel, &desc));
            foreign[i] = test_now_ns() - f0;
            CU_OK(api->cuCtxPushCurrent_v2(current));
            uint64_t t0 = test_now_ns();
            OK(ctx, offload_launch(ctx, (offload_queue){0}, kernel, &desc));
            uint64_t t1 = test_now_ns();
            CU_OK(api->cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, stream, NULL, NULL));
            CU_OK(api->cuStreamSynchronize(stream));
            uint64_t t2 = test_now_ns();
            CU_OK(api->cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL));
            CU_OK(api->cuStreamSynchronize(NULL));
            uint64_t t3 = test_now_ns();
            ours[i] = t1 - t0;
            raw[i] = t2 - t1;
            legacy[i] = t3 - t2;
        }
    }
    double o = median_ns(ours, LAUNCH_REPS) / 1e3;
    report("empty kernel launch+sync (median of 10^4)", o, median_ns(raw, LAUNCH_REPS) / 1e3, "us");
    spread("launch+sync", ours, LAUNCH_REPS, raw, LAUNCH_REPS, 1e3, "us");
    report("empty kernel launch+sync, raw on the legacy stream (median of 10^4)", o,
           median_ns(legacy, LAUNCH_REPS) / 1e3, "us");
    spread("launch+sync vs legacy stream", ours, LAUNCH_REPS, legacy, LAUNCH_REPS, 1e3, "us");
    report("empty kernel launch+sync, ours from a thread without our context current (median of 10^4)",
           median_ns(foreign, LAUNCH_REPS) / 1e3, median_ns(raw, LAUNCH_REPS) / 1e3, "us");
    spread("launch+sync, context not current", foreign, LAUNCH_REPS, raw, LAUNCH_REPS, 1e3, "us");
    free(ours);
    free(raw);
    free(legacy);
    free(foreign);
    CU_OK(api->cuStreamDestroy_v2(stream));
    CU_OK(api->cuModuleUnload(module));
    OK(ctx, offload_program_destroy(ctx, prog));
}

static void bench_copies(offload_context* ctx, offload_device dev, offload_device host, const offload__cuda_api* api) {
    void *pinned = NULL, *device = NULL;
    OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_HOST, COPY_BYTES, &pinned));
    OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, COPY_BYTES, &device));
    memset(pinned, 1, COPY_BYTES);
    uint64_t ours_h2d[COPY_REPS], raw_h2d[COPY_REPS], ours_d2h[COPY_REPS], raw_d2h[COPY_REPS];
    offload__CUdeviceptr d = (offload__CUdeviceptr)(uintptr_t)device;
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < COPY_REPS; i++) {
            uint64_t t0 = test_now_ns();
            OK(ctx, offload_memcpy(ctx, dev, device, host, pinned, COPY_BYTES));
            uint64_t t1 = test_now_ns();
            CU_OK(api->cuMemcpyHtoD_v2(d, pinned, COPY_BYTES));
            uint64_t t2 = test_now_ns();
            OK(ctx, offload_memcpy(ctx, host, pinned, dev, device, COPY_BYTES));
            uint64_t t3 = test_now_ns();
            CU_OK(api->cuMemcpyDtoH_v2(pinned, d, COPY_BYTES));
            uint64_t t4 = test_now_ns();
            ours_h2d[i] = t1 - t0, raw_h2d[i] = t2 - t1, ours_d2h[i] = t3 - t2, raw_d2h[i] = t4 - t3;
        }
    }
    double gb = (double)COPY_BYTES / 1e9;
    report("pinned H2D 64 MiB bandwidth", gb / (median_ns(ours_h2d, COPY_REPS) / 1e9),
           gb / (median_ns(raw_h2d, COPY_REPS) / 1e9), "GB/s");
    spread("pinned H2D 64 MiB time", ours_h2d, COPY_REPS, raw_h2d, COPY_REPS, 1e6, "ms");
    report("pinned D2H 64 MiB bandwidth", gb / (median_ns(ours_d2h, COPY_REPS) / 1e9),
           gb / (median_ns(raw_d2h, COPY_REPS) / 1e9), "GB/s");
    spread("pinned D2H 64 MiB time", ours_d2h, COPY_REPS, raw_d2h, COPY_REPS, 1e6, "ms");
    OK(ctx, offload_mem_free(ctx, pinned));
    OK(ctx, offload_mem_free(ctx, device));
}

static void bench_alloc(offload_context* ctx, offload_device dev, const offload__cuda_api* api) {
    uint64_t* ours = (uint64_t*)malloc(ALLOC_REPS * sizeof *ours);
    uint64_t* raw = (uint64_t*)malloc(RAW_ALLOC_REPS * sizeof *raw);
    for (int i = 0; i < ALLOC_REPS; i++) {
        void* p = NULL;
        uint64_t t0 = test_now_ns();
        OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 4096, &p));
        OK(ctx, offload_mem_free(ctx, p));
        ours[i] = test_now_ns() - t0;
    }
    for (int i = 0; i < RAW_ALLOC_REPS; i++) {
        offload__CUdeviceptr p = 0;
        uint64_t t0 = test_now_ns();
        CU_OK(api->cuMemAlloc_v2(&p, 4096));
        CU_OK(api->cuMemFree_v2(p));
        raw[i] = test_now_ns() - t0;
    }
    double o = median_ns(ours, ALLOC_REPS), r = median_ns(raw, RAW_ALLOC_REPS);
    report("cached 4 KiB alloc+free (median)", o / 1e3, r / 1e3, "us");
    spread("cached 4 KiB alloc+free", ours, ALLOC_REPS, raw, RAW_ALLOC_REPS, 1e3, "us");
    printf("  (alloc+free speedup over raw: %.1fx; goal >= 20x)\n", r / o);
    free(ours);
    free(raw);
}

static void empty_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user_data) {
    (void)args, (void)args_size, (void)grid, (void)block, (void)shared, (void)user_data;
}

/* On the simulated driver, gives "empty" a host implementation. */
static void register_simulated_kernels(void* library) {
    void* address = dlsym(library, "cuda_sim_register_kernel");
    if (!address) return;
    int (*register_kernel)(const char*, void (*)(const void*, size_t, const unsigned*, const unsigned*, size_t, void*),
                           void*);
    memcpy(&register_kernel, &address, sizeof address);
    register_kernel("empty", empty_impl, NULL);
    printf("bench_cuda: simulated driver (kernels are host functions)\n");
}

int main(int argc, char** argv) {
    const char* library = argc > 1 ? argv[1] : "libcuda.so.1";
    const char* ptx_path = argc > 2 ? argv[2] : "tests/gpu/kernels.ptx";
    offload_context_desc desc = {0};
    desc.cuda_library_path = library;
    desc.no_environment = 1;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_cuda: cannot create a context\n");
        return 1;
    }
    offload_backend_status status;
    offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status);
    if (!status.device_count) {
        printf("bench_cuda: no CUDA device (%s: %s); nothing measured\n", status.library, status.reason);
        offload_context_destroy(ctx);
        return 0;
    }
    size_t ptx_size = 0;
    char* ptx = test_read_file(ptx_path, &ptx_size);
    ptx_size += 1; /* the driver takes PTX as a C string */
    if (!ptx) {
        fprintf(stderr, "bench_cuda: cannot read %s\n", ptx_path);
        offload_context_destroy(ctx);
        return 1;
    }
    offload_device dev, host;
    offload_device_get(ctx, 0, &host);
    offload_device_get(ctx, 1, &dev);
    offload_device_info info;
    offload_device_get_info(ctx, dev, &info);
    printf("bench_cuda: %s (%s), driver %d\n", info.name, info.arch, status.driver_version);
    void* first = NULL; /* the device opens (retains its primary context) on first use */
    OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 16, &first));
    OK(ctx, offload_mem_free(ctx, first));
    offload_test_cuda driver;
    OK(ctx, offload_test_cuda_driver(ctx, dev, &driver));
    register_simulated_kernels(driver.library);
    const offload__cuda_api* api = (const offload__cuda_api*)driver.api;
    CU_OK(api->cuCtxPushCurrent_v2((offload__CUcontext)driver.context));
    bench_launch(ctx, dev, api, ptx);
    bench_copies(ctx, dev, host, api);
    bench_alloc(ctx, dev, api);
    offload__CUcontext popped;
    CU_OK(api->cuCtxPopCurrent_v2(&popped));
    free(ptx);
    offload_context_destroy(ctx);
    return 0;
}
