/* tools/demo.c — the main job end to end: one portable LLVM IR kernel (no target triple), JIT-
   compiled for every device the context finds (the host CPU always; NVIDIA and AMD GPUs when their
   drivers load) and run there, with its results checked. Prints what ran where, how long the
   compile took, and what a second load of the same IR costs (a cache hit). Exits 0 only if every
   device produced the right results.

   Built without the JIT (OFFLOAD_NO_JIT, or no LLVM found), it runs the same computation with a
   native kernel instead: a host symbol table on the host device and PTX shipped below for NVIDIA
   GPUs; devices with no native kernel here (AMD GPUs) are listed as skipped.

   Environment variables are honoured as in any program using the library (OFFLOAD_DEBUG,
   OFFLOAD_CUDA_LIBRARY, OFFLOAD_JIT_CACHE_DIR, OFFLOAD_JIT_ISOLATION, ...). */
#include "../offload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

/* y[i] = a * x[i] + sqrt(y[i]): ids and the square root from the device library (offload_sqrtf
   becomes libdevice's, ocml's or libm's per target), one thread per element. */
static const char axpy_sqrt_ir[] =
    "define void @axpy_sqrt(i32 %n, float %a, float* %x, float* %y) \"offload-kernel\" {\n"
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
    "  %sy = call float @offload_sqrtf(float %vy)\n"
    "  %ax = fmul float %a, %vx\n"
    "  %r = fadd float %ax, %sy\n"
    "  store float %r, float* %py, align 4\n"
    "  br label %done\n"
    "done:\n"
    "  ret void\n"
    "}\n"
    "declare i32 @offload_thread_id(i32)\n"
    "declare i32 @offload_block_id(i32)\n"
    "declare i32 @offload_block_dim(i32)\n"
    "declare float @offload_sqrtf(float)\n";

/* The same kernel as PTX for sm_70 and later (llc-14 -march=nvptx64 -mcpu=sm_70 from the IR
   above with NVVM thread ids and sqrt.rn.f32 for offload_sqrtf), for a build without the JIT. */
static const char axpy_sqrt_ptx[] =
    ".version 6.0\n.target sm_70\n.address_size 64\n"
    ".visible .entry axpy_sqrt(.param .u32 axpy_sqrt_param_0, .param .f32 axpy_sqrt_param_1,\n"
    "                      .param .u64 axpy_sqrt_param_2, .param .u64 axpy_sqrt_param_3)\n"
    "{\n"
    "  .reg .pred %p<2>;\n  .reg .b32 %r<6>;\n  .reg .f32 %f<7>;\n  .reg .b64 %rd<8>;\n"
    "  ld.param.u32 %r2, [axpy_sqrt_param_0];\n"
    "  mov.u32 %r3, %tid.x;\n  mov.u32 %r4, %ctaid.x;\n  mov.u32 %r5, %ntid.x;\n"
    "  mad.lo.s32 %r1, %r4, %r5, %r3;\n"
    "  setp.ge.u32 %p1, %r1, %r2;\n"
    "  @%p1 bra DONE;\n"
    "  ld.param.f32 %f1, [axpy_sqrt_param_1];\n"
    "  ld.param.u64 %rd3, [axpy_sqrt_param_3];\n  cvta.to.global.u64 %rd1, %rd3;\n"
    "  ld.param.u64 %rd4, [axpy_sqrt_param_2];\n  cvta.to.global.u64 %rd2, %rd4;\n"
    "  mul.wide.u32 %rd5, %r1, 4;\n  add.s64 %rd6, %rd2, %rd5;\n  add.s64 %rd7, %rd1, %rd5;\n"
    "  ld.global.f32 %f2, [%rd6];\n  ld.global.f32 %f3, [%rd7];\n"
    "  sqrt.rn.f32 %f6, %f3;\n"
    "  mul.rn.f32 %f4, %f1, %f2;\n  add.rn.f32 %f5, %f4, %f6;\n"
    "  st.global.f32 [%rd7], %f5;\n"
    "DONE:\n  ret;\n}\n";

enum { N = 1 << 20, BLOCK = 256 };

typedef struct axpy_sqrt_args {
    int32_t n;
    float a;
    float* x;
    float* y;
} axpy_sqrt_args;

/* The same kernel natively for the host device (the host kernel ABI of offload.h). */
static void axpy_sqrt_host(const void* args, const offload_host_thread* t) {
    const axpy_sqrt_args* p = (const axpy_sqrt_args*)args;
    uint32_t i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];
    if (i < (uint32_t)p->n) p->y[i] = p->a * p->x[i] + sqrtf(p->y[i]);
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int fail(offload_context* ctx, const char* what, offload_result r) {
    printf("  FAILED: %s: %s: %s\n", what, offload_result_string(r), offload_context_last_error(ctx));
    return 0;
}

/* Loads the IR on dev, reporting compile and cache-hit times. */
static int load_ir(offload_context* ctx, offload_device dev, offload_program* out) {
    offload_program_desc pd = {0};
    pd.image = axpy_sqrt_ir;
    pd.size = sizeof axpy_sqrt_ir - 1;
    pd.name = "demo-axpy_sqrt";
    offload_jit_stats before, after;
    offload_jit_get_stats(ctx, &before);
    double t0 = now_ms();
    offload_program prog;
    offload_result r = offload_program_create(ctx, dev, &pd, &prog);
    double load_ms = now_ms() - t0;
    if (r != OFFLOAD_SUCCESS) return fail(ctx, "JIT-compiling and loading the IR", r);
    *out = prog;
    offload_jit_get_stats(ctx, &after);
    const char* how = after.misses > before.misses         ? "compiled"
                      : after.disk_hits > before.disk_hits ? "from the disk cache"
                                                           : "cache hit";
    printf("  program: %s, JIT %.2f ms, program_create total %.2f ms\n", how,
           (double)(after.compile_ns - before.compile_ns) / 1e6, load_ms);

    t0 = now_ms();
    offload_program again;
    r = offload_program_create(ctx, dev, &pd, &again);
    if (r != OFFLOAD_SUCCESS) {
        offload_program_destroy(ctx, prog);
        return fail(ctx, "loading the same IR again", r);
    }
    printf("  same IR again: %.3f ms (in-memory cache hit, including the driver's module load)\n", now_ms() - t0);
    offload_program_destroy(ctx, again);
    return 1;
}

/* Loads the native kernel for dev's backend: 1, 0 when loading failed, -1 (with a line saying so)
   when this demo has none for the backend. */
static int load_native(offload_context* ctx, offload_device dev, offload_backend backend, offload_program* out) {
    offload_host_symbol symbols[] = {{.name = "axpy_sqrt", .kernel = axpy_sqrt_host}};
    offload_program_desc pd = {0};
    pd.name = "demo-axpy_sqrt";
    if (backend == OFFLOAD_BACKEND_HOST) {
        pd.host_symbols = symbols;
        pd.host_symbol_count = 1;
    } else if (backend == OFFLOAD_BACKEND_CUDA) {
        pd.image = axpy_sqrt_ptx;
        pd.size = sizeof axpy_sqrt_ptx - 1;
    } else {
        printf("  skipped: no native kernel for %s in this demo; the JIT compiles one\n",
               offload_backend_name(backend));
        return -1;
    }
    offload_result r = offload_program_create(ctx, dev, &pd, out);
    if (r != OFFLOAD_SUCCESS) return fail(ctx, "loading the native kernel", r);
    printf("  program: native %s\n", backend == OFFLOAD_BACKEND_HOST ? "host function (symbol table)" : "PTX");
    return 1;
}

/* Runs axpy_sqrt from prog on dev and checks y; destroys prog. */
static int run_axpy_sqrt(offload_context* ctx, offload_device host, offload_device dev, offload_program prog, float* x,
                         float* y) {
    offload_result r;
    double t0;
    int ok = 0;
    offload_kernel k;
    float *dx = NULL, *dy = NULL;
    size_t bytes = N * sizeof(float);
    if ((r = offload_kernel_get(ctx, prog, "axpy_sqrt", &k)) != OFFLOAD_SUCCESS)
        fail(ctx, "kernel_get", r);
    else if ((r = offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, bytes, (void**)&dx)) != OFFLOAD_SUCCESS)
        fail(ctx, "mem_alloc", r);
    else if ((r = offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, bytes, (void**)&dy)) != OFFLOAD_SUCCESS)
        fail(ctx, "mem_alloc", r);
    else if ((r = offload_memcpy(ctx, dev, dx, host, x, bytes)) != OFFLOAD_SUCCESS)
        fail(ctx, "copy x in", r);
    else if ((r = offload_memcpy(ctx, dev, dy, host, y, bytes)) != OFFLOAD_SUCCESS)
        fail(ctx, "copy y in", r);
    else {
        axpy_sqrt_args args = {N, 3.0f, dx, dy};
        offload_launch_desc launch = {{N / BLOCK, 1, 1}, {BLOCK, 1, 1}, 0, &args, sizeof args};
        t0 = now_ms();
        r = offload_launch(ctx, (offload_queue){0}, k, &launch);
        double run_ms = now_ms() - t0;
        float* result = (float*)malloc(bytes);
        if (r != OFFLOAD_SUCCESS)
            fail(ctx, "launch", r);
        else if (!result)
            printf("  FAILED: out of memory\n");
        else if ((r = offload_memcpy(ctx, host, result, dev, dy, bytes)) != OFFLOAD_SUCCESS)
            fail(ctx, "copy y out", r);
        else {
            /* Within a few units in the last place: a GPU may fuse the multiply and the add. */
            size_t bad = 0;
            for (size_t i = 0; i < N; i++) {
                float want = 3.0f * x[i] + sqrtf(y[i]);
                bad += !(fabsf(result[i] - want) <= 4e-7f * fabsf(want));
            }
            ok = bad == 0;
            printf("  axpy_sqrt on %d elements (%d blocks of %d): %.2f ms, %s", N, N / BLOCK, BLOCK, run_ms,
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
        printf("backend %-7s %s: %s\n", offload_backend_name((offload_backend)b), s.loaded ? "loaded" : "absent",
               s.reason);
    }
}

int main(int argc, char** argv) {
    for (int i = 1; i < argc; i++) {
        int help = strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0;
        if (!help) fprintf(stderr, "demo: unknown argument '%s'\n", argv[i]);
        fprintf(help ? stdout : stderr,
                "usage: demo\nRuns axpy_sqrt on every device and checks the results: the portable IR "
                "kernel through the JIT,\nor native kernels when the JIT is not compiled in. Exit status 0 when every "
                "device\nwith a kernel computed the right result.\n");
        return help ? 0 : 2;
    }
#ifdef OFFLOAD_NO_JIT
    const int jit = 0;
    printf("demo: the JIT is off (built without LLVM), so native kernels run instead; to turn it on, install "
           "llvm-22-dev or llvm-14-dev (or point LLVM_CONFIG at an llvm-config) and build without OFFLOAD_NO_JIT=1\n");
#else
    const int jit = 1;
    printf("demo: the JIT is on: one portable IR kernel, compiled for every device\n");
#endif
    uint32_t without = 0;
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
        offload_program prog = {0};
        int loaded = jit ? load_ir(ctx, dev, &prog) : load_native(ctx, dev, info.backend, &prog);
        without += loaded < 0;
        if (loaded > 0) passed += run_axpy_sqrt(ctx, host, dev, prog, x, y);
    }
    if (jit) {
        offload_jit_stats stats;
        offload_jit_get_stats(ctx, &stats);
        printf("jit: %llu compiles (%.2f ms), %llu memory hits, %llu disk hits\n", (unsigned long long)stats.misses,
               (double)stats.compile_ns / 1e6, (unsigned long long)stats.hits, (unsigned long long)stats.disk_hits);
        printf("demo: %d of %u devices ran the JIT-compiled kernel correctly\n", passed, count);
    } else {
        printf("demo: %d of %u devices ran the native kernel correctly (%u without one skipped)\n", passed,
               count - without, without);
    }
    free(x);
    free(y);
    offload_context_destroy(ctx);
    return passed == (int)(count - without) && passed > 0 ? 0 : 1;
}
