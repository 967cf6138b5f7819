/* tools/demo.c — the main job end to end: one portable LLVM IR kernel (no target triple), JIT-
   compiled for every device the context finds (the host CPU always; NVIDIA and AMD GPUs when their
   drivers load) and run there, with its results checked. Prints what ran where, how long the
   compile took, and what a second load of the same IR costs (a cache hit). Exits 0 only if every
   device produced the right results.

   Environment variables are honoured as in any program using the library (OFFLOAD_DEBUG,
   OFFLOAD_CUDA_LIBRARY, OFFLOAD_JIT_CACHE_DIR, OFFLOAD_JIT_ISOLATION, ...). */
#include "../offload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* y[i] = a * x[i] + y[i]: ids from the device library, one thread per element. */
static const char saxpy_ir[] =
    "define void @saxpy(i32 %n, float %a, float* %x, float* %y) \"offload-kernel\" {\n"
    "entry:\n"
    "  %tid = call i32 @offload_thread_id(i32 0)\n"
    "  %bid = call i32 @offload_block_id(i32 0)\n"
    "  %bdim = call i32 @offload_block_dim(i32 0)\n"
    "  %base = mul i32 %bid, %bdim\n"
    "  %i = add i32 %base, %tid\n"
    "  %inside = icmp ult i32 %i, %n\n"
    "  br i1 %inside, label %body, label %done\n"
    "body:\n"
    "  %idx = zext i32 %i to i64\n"
    "  %px = getelementptr inbounds float, float* %x, i64 %idx\n"
    "  %py = getelementptr inbounds float, float* %y, i64 %idx\n"
    "  %vx = load float, float* %px, align 4\n"
    "  %vy = load float, float* %py, align 4\n"
    "  %ax = fmul float %a, %vx\n"
    "  %r = fadd float %ax, %vy\n"
    "  store float %r, float* %py, align 4\n"
    "  br label %done\n"
    "done:\n"
    "  ret void\n"
    "}\n"
    "declare i32 @offload_thread_id(i32)\n"
    "declare i32 @offload_block_id(i32)\n"
    "declare i32 @offload_block_dim(i32)\n";

enum { N = 1 << 20, BLOCK = 256 };

typedef struct saxpy_args {
    int32_t n;
    float a;
    float* x;
    float* y;
} saxpy_args;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int fail(offload_context* ctx, const char* what, offload_result r) {
    printf("  FAILED: %s: %s: %s\n", what, offload_result_string(r), offload_context_last_error(ctx));
    return 0;
}

/* Loads the IR on dev (reporting compile and cache-hit times), runs saxpy, checks y. */
static int run_on(offload_context* ctx, offload_device host, offload_device dev, float* x, float* y) {
    offload_program_desc pd = {0};
    pd.image = saxpy_ir;
    pd.size = sizeof saxpy_ir - 1;
    pd.name = "demo-saxpy";
    offload_jit_stats before, after;
    offload_jit_get_stats(ctx, &before);
    double t0 = now_ms();
    offload_program prog;
    offload_result r = offload_program_create(ctx, dev, &pd, &prog);
    double load_ms = now_ms() - t0;
    if (r != OFFLOAD_SUCCESS) return fail(ctx, "JIT-compiling and loading the IR", r);
    offload_jit_get_stats(ctx, &after);
    const char* how = after.misses > before.misses ? "compiled" : after.disk_hits > before.disk_hits ? "from the disk cache" : "cache hit";
    printf("  program: %s, JIT %.2f ms, program_create total %.2f ms\n", how,
           (double)(after.compile_ns - before.compile_ns) / 1e6, load_ms);

    t0 = now_ms();
    offload_program again;
    r = offload_program_create(ctx, dev, &pd, &again);
    if (r != OFFLOAD_SUCCESS) return fail(ctx, "loading the same IR again", r);
    printf("  same IR again: %.3f ms (in-memory cache hit, including the driver's module load)\n", now_ms() - t0);
    offload_program_destroy(ctx, again);

    int ok = 0;
    offload_kernel k;
    float *dx = NULL, *dy = NULL;
    size_t bytes = N * sizeof(float);
    if ((r = offload_kernel_get(ctx, prog, "saxpy", &k)) != OFFLOAD_SUCCESS) fail(ctx, "kernel_get", r);
    else if ((r = offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, bytes, (void**)&dx)) != OFFLOAD_SUCCESS) fail(ctx, "mem_alloc", r);
    else if ((r = offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, bytes, (void**)&dy)) != OFFLOAD_SUCCESS) fail(ctx, "mem_alloc", r);
    else if ((r = offload_memcpy(ctx, dev, dx, host, x, bytes)) != OFFLOAD_SUCCESS) fail(ctx, "copy x in", r);
    else if ((r = offload_memcpy(ctx, dev, dy, host, y, bytes)) != OFFLOAD_SUCCESS) fail(ctx, "copy y in", r);
    else {
        saxpy_args args = {N, 3.0f, dx, dy};
        offload_launch_desc launch = {{N / BLOCK, 1, 1}, {BLOCK, 1, 1}, 0, &args, sizeof args};
        t0 = now_ms();
        r = offload_launch(ctx, (offload_queue){0}, k, &launch);
        double run_ms = now_ms() - t0;
        float* result = (float*)malloc(bytes);
        if (r != OFFLOAD_SUCCESS) fail(ctx, "launch", r);
        else if (!result) printf("  FAILED: out of memory\n");
        else if ((r = offload_memcpy(ctx, host, result, dev, dy, bytes)) != OFFLOAD_SUCCESS) fail(ctx, "copy y out", r);
        else {
            size_t bad = 0;
            for (size_t i = 0; i < N; i++) bad += result[i] != 3.0f * x[i] + y[i];
            ok = bad == 0;
            printf("  saxpy on %d elements (%d blocks of %d): %.2f ms, %s", N, N / BLOCK, BLOCK, run_ms,
                   ok ? "results correct\n" : "WRONG RESULTS");
            if (!ok) printf(" (%zu of %d differ)\n", bad, N);
        }
        free(result);
    }
    offload_mem_free(ctx, dx);
    offload_mem_free(ctx, dy);
    offload_program_destroy(ctx, prog);
    return ok;
}

static void print_backends(offload_context* ctx) {
    for (int b = 0; b < OFFLOAD_BACKEND_COUNT; b++) {
        offload_backend_status s;
        if (offload_backend_get_status(ctx, (offload_backend)b, &s) != OFFLOAD_SUCCESS) continue;
        printf("backend %-7s %s: %s\n", offload_backend_name((offload_backend)b),
               s.loaded ? "loaded" : "absent", s.reason);
    }
}

int main(void) {
    offload_context* ctx = NULL;
    offload_result r = offload_context_create(NULL, &ctx);
    if (r != OFFLOAD_SUCCESS) {
        printf("demo: cannot create a context: %s: %s\n", offload_result_string(r), offload_context_last_error(NULL));
        return 1;
    }
    print_backends(ctx);
    float* x = (float*)malloc(N * sizeof(float));
    float* y = (float*)malloc(N * sizeof(float));
    if (!x || !y) return 1;
    for (size_t i = 0; i < N; i++) {
        x[i] = (float)(i % 1000) * 0.5f;
        y[i] = (float)(i % 7);
    }
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    offload_device host;
    offload_device_get(ctx, 0, &host);
    int passed = 0;
    for (uint32_t i = 0; i < count; i++) {
        offload_device dev;
        offload_device_info info;
        offload_device_get(ctx, i, &dev);
        offload_device_get_info(ctx, dev, &info);
        printf("device %u: %s, %s (%s)\n", i, offload_backend_name(info.backend), info.name, info.arch);
        passed += run_on(ctx, host, dev, x, y);
    }
    offload_jit_stats stats;
    offload_jit_get_stats(ctx, &stats);
    printf("jit: %llu compiles (%.2f ms), %llu memory hits, %llu disk hits\n", (unsigned long long)stats.misses,
           (double)stats.compile_ns / 1e6, (unsigned long long)stats.hits, (unsigned long long)stats.disk_hits);
    printf("demo: %d of %u devices ran the JIT-compiled kernel correctly\n", passed, count);
    free(x);
    free(y);
    offload_context_destroy(ctx);
    return passed == (int)count && count > 0 ? 0 : 1;
}
