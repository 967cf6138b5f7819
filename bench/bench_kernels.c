/* bench/bench_kernels.c — GPU-style kernels on the host device against pocl's CPU device (the
   same kernels in OpenCL C, bench/kernels.cl), a plain C loop, and a C loop with OpenMP
   `parallel for simd`, in one process. Ours are the portable IR of tests/data/workgroup/kernels.ll,
   JIT-compiled into work-group functions (jit/workgroup.inc).

   Every side runs the same work with the same block shape; pocl's program is built before any
   timing. Each kernel runs ROUNDS rounds after a warm-up, the sides alternating round by round
   so that machine noise hits them alike; the reported time is the median round. Both sides use
   every core (the host device's worker pool, pocl's threads, OpenMP's team). Every result is
   checked against the C loop's before it is timed. Output, one line per kernel and peer:
       <kernel>_vs_<peer>: ours=<ms>ms peer=<ms>ms ratio=<ours/peer>
   JIT compile times are bench/jit.sh's. */
#define CL_TARGET_OPENCL_VERSION 120
#include "offload.h"

#include <CL/cl.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ROUNDS = 9 };

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int compare_doubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static char* read_file(const char* path, size_t* size) {
    FILE* f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char* data = (char*)malloc((size_t)n + 1);
    if (data && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    if (data) data[n] = '\0';
    fclose(f);
    *size = (size_t)n;
    return data;
}

/* ---- the sides ---- */

typedef struct ours_side {
    offload_context* ctx;
    offload_program program;
} ours_side;

typedef struct pocl_side {
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_device_id device;
} pocl_side;

static ours_side ours;
static pocl_side pocl;

static int ours_open(const char* ir_path) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    if (offload_context_create(&desc, &ours.ctx) != OFFLOAD_SUCCESS) return 0;
    size_t size = 0;
    char* ir = read_file(ir_path, &size);
    if (!ir) return 0;
    offload_device dev = {0};
    offload_device_get(ours.ctx, 0, &dev);
    offload_program_desc pd = {0};
    pd.image = ir;
    pd.size = size;
    offload_result r = offload_program_create(ours.ctx, dev, &pd, &ours.program);
    free(ir);
    if (r != OFFLOAD_SUCCESS) fprintf(stderr, "bench_kernels: %s\n", offload_context_last_error(ours.ctx));
    return r == OFFLOAD_SUCCESS;
}

static int pocl_open(const char* source_path) {
    cl_platform_id platforms[8];
    cl_uint count = 0;
    if (clGetPlatformIDs(8, platforms, &count) != CL_SUCCESS) return 0;
    for (cl_uint i = 0; i < count && !pocl.device; i++)
        if (clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_CPU, 1, &pocl.device, NULL) != CL_SUCCESS) pocl.device = NULL;
    if (!pocl.device) return 0;
    cl_int err = 0;
    pocl.context = clCreateContext(NULL, 1, &pocl.device, NULL, NULL, &err);
    if (err != CL_SUCCESS) return 0;
    pocl.queue = clCreateCommandQueue(pocl.context, pocl.device, 0, &err);
    if (err != CL_SUCCESS) return 0;
    size_t size = 0;
    char* source = read_file(source_path, &size);
    if (!source) return 0;
    const char* text = source;
    pocl.program = clCreateProgramWithSource(pocl.context, 1, &text, &size, &err);
    free(source);
    if (err != CL_SUCCESS) return 0;
    if (clBuildProgram(pocl.program, 1, &pocl.device, "", NULL, NULL) != CL_SUCCESS) {
        char log[4096] = "";
        clGetProgramBuildInfo(pocl.program, pocl.device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "bench_kernels: pocl build failed: %s\n", log);
        return 0;
    }
    return 1;
}

/* A buffer both sides see: ours uses the host pointer (host device memory is host memory), pocl
   a buffer over the same bytes. */
typedef struct shared_buffer {
    void* host;
    cl_mem cl;
    size_t size;
} shared_buffer;

static shared_buffer buffer_new(size_t size) {
    shared_buffer b = {0};
    b.size = size;
    if (posix_memalign(&b.host, 4096, size) != 0) b.host = NULL;
    cl_int err = 0;
    if (b.host) b.cl = clCreateBuffer(pocl.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, size, b.host, &err);
    return b;
}

static void buffer_free(shared_buffer* b) {
    if (b->cl) clReleaseMemObject(b->cl);
    free(b->host);
}

/* pocl with a USE_HOST_PTR buffer may work on a copy: map and unmap to see its results. */
static void buffer_sync(shared_buffer* b) {
    cl_int err = 0;
    void* p = clEnqueueMapBuffer(pocl.queue, b->cl, CL_TRUE, CL_MAP_READ, 0, b->size, 0, NULL, NULL, &err);
    if (err == CL_SUCCESS) clEnqueueUnmapMemObject(pocl.queue, b->cl, p, 0, NULL, NULL);
    clFinish(pocl.queue);
}

static double ours_launch(const char* name, const uint32_t grid[3], const uint32_t block[3], size_t shared, const void* args,
                          size_t size) {
    offload_kernel k;
    if (offload_kernel_get(ours.ctx, ours.program, name, &k) != OFFLOAD_SUCCESS) return -1;
    offload_launch_desc d = {{grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]}, shared, args, size};
    double t0 = now_ms();
    if (offload_launch(ours.ctx, (offload_queue){0}, k, &d) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_kernels: %s: %s\n", name, offload_context_last_error(ours.ctx));
        return -1;
    }
    return now_ms() - t0;
}

static double pocl_launch(cl_kernel k, cl_uint dims, const size_t global[3], const size_t local[3]) {
    double t0 = now_ms();
    if (clEnqueueNDRangeKernel(pocl.queue, k, dims, NULL, global, local, 0, NULL, NULL) != CL_SUCCESS) return -1;
    clFinish(pocl.queue);
    return now_ms() - t0;
}

/* ---- reporting ---- */

typedef struct timings {
    double ours[ROUNDS], pocl[ROUNDS], serial[ROUNDS], openmp[ROUNDS];
    int has_openmp;
} timings;

static double median(double* v) {
    qsort(v, ROUNDS, sizeof *v, compare_doubles);
    return v[ROUNDS / 2];
}

static void report(const char* kernel, timings* t) {
    double o = median(t->ours), p = median(t->pocl), s = median(t->serial);
    printf("%s_vs_pocl: ours=%.3fms peer=%.3fms ratio=%.2f\n", kernel, o, p, o / p);
    printf("%s_vs_serial_c: ours=%.3fms peer=%.3fms ratio=%.2f\n", kernel, o, s, o / s);
    if (t->has_openmp) {
        double m = median(t->openmp);
        printf("%s_vs_openmp_simd: ours=%.3fms peer=%.3fms ratio=%.2f\n", kernel, o, m, o / m);
    }
    fflush(stdout);
}

/* ---- kernels ---- */

static int check_close(const char* what, const float* got, const float* want, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (fabsf(got[i] - want[i]) > 1e-5f * fmaxf(1.0f, fabsf(want[i]))) {
            fprintf(stderr, "bench_kernels: %s differs at %zu: %g, expected %g\n", what, i, got[i], want[i]);
            return 0;
        }
    return 1;
}

static int bench_axpy_sqrt(void) {
    enum { N = 16 << 20, BLOCK = 256 };
    shared_buffer x = buffer_new(N * sizeof(float)), y = buffer_new(N * sizeof(float));
    float* want = (float*)malloc(N * sizeof(float));
    if (!x.host || !y.host || !want) return 0;
    float* xs = (float*)x.host;
    float* ys = (float*)y.host;
    const float a = 0.5f;
    for (int i = 0; i < N; i++) xs[i] = (float)(i % 1000) * 0.001f;
    struct {
        int32_t n;
        float a;
        float* x;
        float* y;
    } args = {N, a, xs, ys};
    cl_int err = 0;
    cl_kernel k = clCreateKernel(pocl.program, "axpy_sqrt", &err);
    int n = N;
    clSetKernelArg(k, 0, sizeof n, &n);
    clSetKernelArg(k, 1, sizeof a, &a);
    clSetKernelArg(k, 2, sizeof x.cl, &x.cl);
    clSetKernelArg(k, 3, sizeof y.cl, &y.cl);
    size_t global[3] = {N, 1, 1}, local[3] = {BLOCK, 1, 1};
    uint32_t grid[3] = {N / BLOCK, 1, 1}, block[3] = {BLOCK, 1, 1};
#define AXPY_RESET()                                                                                                    \
    for (int i = 0; i < N; i++) ys[i] = 4.0f
    AXPY_RESET();
    for (int i = 0; i < N; i++) want[i] = a * xs[i] + sqrtf(ys[i]);
    int ok = ours_launch("axpy_sqrt", grid, block, 0, &args, sizeof args) >= 0 && check_close("axpy_sqrt (ours)", ys, want, N);
    AXPY_RESET();
    ok = ok && pocl_launch(k, 1, global, local) >= 0;
    buffer_sync(&y);
    ok = ok && check_close("axpy_sqrt (pocl)", ys, want, N);
    timings t = {.has_openmp = 1};
    for (int r = 0; ok && r < ROUNDS; r++) {
        t.ours[r] = ours_launch("axpy_sqrt", grid, block, 0, &args, sizeof args);
        t.pocl[r] = pocl_launch(k, 1, global, local);
        double t0 = now_ms();
        for (int i = 0; i < N; i++) ys[i] = a * xs[i] + sqrtf(ys[i]);
        t.serial[r] = now_ms() - t0;
        t0 = now_ms();
#pragma omp parallel for simd
        for (int i = 0; i < N; i++) ys[i] = a * xs[i] + sqrtf(ys[i]);
        t.openmp[r] = now_ms() - t0;
    }
    if (ok) report("axpy_sqrt_16Mi", &t);
    clReleaseKernel(k);
    buffer_free(&x);
    buffer_free(&y);
    free(want);
    return ok;
}

static int bench_tree_reduce(void) {
    enum { BLOCKS = 4096, BLOCK = 256, N = BLOCKS * BLOCK };
    shared_buffer in = buffer_new(N * sizeof(float)), out = buffer_new(BLOCKS * sizeof(float));
    float* want = (float*)malloc(BLOCKS * sizeof(float));
    if (!in.host || !out.host || !want) return 0;
    float* ins = (float*)in.host;
    float* outs = (float*)out.host;
    for (int i = 0; i < N; i++) ins[i] = (float)(i % 13);
    for (int b = 0; b < BLOCKS; b++) {
        float s = 0;
        for (int t = 0; t < BLOCK; t++) s += ins[b * BLOCK + t];
        want[b] = s;
    }
    struct {
        float* in;
        float* out;
        int32_t n;
    } args = {ins, outs, N};
    cl_int err = 0;
    cl_kernel k = clCreateKernel(pocl.program, "tree_reduce", &err);
    int n = N;
    clSetKernelArg(k, 0, sizeof in.cl, &in.cl);
    clSetKernelArg(k, 1, sizeof out.cl, &out.cl);
    clSetKernelArg(k, 2, sizeof n, &n);
    clSetKernelArg(k, 3, BLOCK * sizeof(float), NULL);
    size_t global[3] = {N, 1, 1}, local[3] = {BLOCK, 1, 1};
    uint32_t grid[3] = {BLOCKS, 1, 1}, block[3] = {BLOCK, 1, 1};
    memset(outs, 0, BLOCKS * sizeof(float));
    int ok = ours_launch("tree_reduce", grid, block, BLOCK * sizeof(float), &args, sizeof args) >= 0 &&
             check_close("tree_reduce (ours)", outs, want, BLOCKS);
    memset(outs, 0, BLOCKS * sizeof(float));
    ok = ok && pocl_launch(k, 1, global, local) >= 0;
    buffer_sync(&out);
    ok = ok && check_close("tree_reduce (pocl)", outs, want, BLOCKS);
    timings t = {.has_openmp = 1};
    for (int r = 0; ok && r < ROUNDS; r++) {
        t.ours[r] = ours_launch("tree_reduce", grid, block, BLOCK * sizeof(float), &args, sizeof args);
        t.pocl[r] = pocl_launch(k, 1, global, local);
        double t0 = now_ms();
        for (int b = 0; b < BLOCKS; b++) {
            float s = 0;
            for (int i = 0; i < BLOCK; i++) s += ins[b * BLOCK + i];
            outs[b] = s;
        }
        t.serial[r] = now_ms() - t0;
        t0 = now_ms();
#pragma omp parallel for
        for (int b = 0; b < BLOCKS; b++) {
            float s = 0;
#pragma omp simd reduction(+ : s)
            for (int i = 0; i < BLOCK; i++) s += ins[b * BLOCK + i];
            outs[b] = s;
        }
        t.openmp[r] = now_ms() - t0;
    }
    if (ok) report("tree_reduce_4096x256", &t);
    clReleaseKernel(k);
    buffer_free(&in);
    buffer_free(&out);
    free(want);
    return ok;
}

static void matmul_c(const float* a, const float* b, float* c, int n, int parallel) {
#pragma omp parallel for if (parallel)
    for (int i = 0; i < n; i++) {
        float* row = c + (size_t)i * n;
        for (int j = 0; j < n; j++) row[j] = 0;
        for (int k = 0; k < n; k++) {
            float aik = a[(size_t)i * n + k];
#pragma omp simd
            for (int j = 0; j < n; j++) row[j] += aik * b[(size_t)k * n + j];
        }
    }
}

static int bench_matmul(void) {
    enum { N = 1024 };
    shared_buffer a = buffer_new(N * N * sizeof(float)), b = buffer_new(N * N * sizeof(float)),
                  c = buffer_new(N * N * sizeof(float));
    float* want = (float*)malloc(N * N * sizeof(float));
    if (!a.host || !b.host || !c.host || !want) return 0;
    float *as = (float*)a.host, *bs = (float*)b.host, *cs = (float*)c.host;
    for (int i = 0; i < N * N; i++) {
        as[i] = (float)(i % 7) - 3.0f;
        bs[i] = (float)(i % 5) - 2.0f;
    }
    matmul_c(as, bs, want, N, 1);
    struct {
        float *a, *b, *c;
        int32_t n;
    } args = {as, bs, cs, N};
    cl_int err = 0;
    cl_kernel k = clCreateKernel(pocl.program, "matmul_tiled", &err);
    int n = N;
    clSetKernelArg(k, 0, sizeof a.cl, &a.cl);
    clSetKernelArg(k, 1, sizeof b.cl, &b.cl);
    clSetKernelArg(k, 2, sizeof c.cl, &c.cl);
    clSetKernelArg(k, 3, sizeof n, &n);
    size_t global[3] = {N, N, 1}, local[3] = {16, 16, 1};
    uint32_t grid[3] = {N / 16, N / 16, 1}, block[3] = {16, 16, 1};
    int ok = ours_launch("matmul_tiled", grid, block, 0, &args, sizeof args) >= 0 &&
             check_close("matmul_tiled (ours)", cs, want, N * N);
    memset(cs, 0, N * N * sizeof(float));
    ok = ok && pocl_launch(k, 2, global, local) >= 0;
    buffer_sync(&c);
    ok = ok && check_close("matmul_tiled (pocl)", cs, want, N * N);
    timings t = {.has_openmp = 1};
    for (int r = 0; ok && r < ROUNDS; r++) {
        t.ours[r] = ours_launch("matmul_tiled", grid, block, 0, &args, sizeof args);
        t.pocl[r] = pocl_launch(k, 2, global, local);
        double t0 = now_ms();
        matmul_c(as, bs, cs, N, 0);
        t.serial[r] = now_ms() - t0;
        t0 = now_ms();
        matmul_c(as, bs, cs, N, 1);
        t.openmp[r] = now_ms() - t0;
    }
    if (ok) report("matmul_tiled_1024", &t);
    clReleaseKernel(k);
    buffer_free(&a);
    buffer_free(&b);
    buffer_free(&c);
    free(want);
    return ok;
}

static void stencil_c(const float* in, float* out, int w, int h, int parallel) {
#pragma omp parallel for if (parallel)
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
                out[y * w + x] = in[y * w + x];
                continue;
            }
            out[y * w + x] = 0.2f * (in[y * w + x] + in[(y - 1) * w + x] + in[(y + 1) * w + x] + in[y * w + x - 1] +
                                     in[y * w + x + 1]);
        }
}

static int bench_stencil(void) {
    enum { W = 2048, H = 2048 };
    shared_buffer in = buffer_new(W * H * sizeof(float)), out = buffer_new(W * H * sizeof(float));
    float* want = (float*)malloc(W * H * sizeof(float));
    if (!in.host || !out.host || !want) return 0;
    float *ins = (float*)in.host, *outs = (float*)out.host;
    for (int i = 0; i < W * H; i++) ins[i] = (float)((i * 37) % 101);
    stencil_c(ins, want, W, H, 0);
    struct {
        float *in, *out;
        int32_t w, h;
    } args = {ins, outs, W, H};
    cl_int err = 0;
    cl_kernel k = clCreateKernel(pocl.program, "stencil_2d", &err);
    int w = W, h = H;
    clSetKernelArg(k, 0, sizeof in.cl, &in.cl);
    clSetKernelArg(k, 1, sizeof out.cl, &out.cl);
    clSetKernelArg(k, 2, sizeof w, &w);
    clSetKernelArg(k, 3, sizeof h, &h);
    size_t global[3] = {W, H, 1}, local[3] = {16, 16, 1};
    uint32_t grid[3] = {W / 16, H / 16, 1}, block[3] = {16, 16, 1};
    int ok = ours_launch("stencil_2d", grid, block, 0, &args, sizeof args) >= 0 &&
             check_close("stencil_2d (ours)", outs, want, W * H);
    memset(outs, 0, W * H * sizeof(float));
    ok = ok && pocl_launch(k, 2, global, local) >= 0;
    buffer_sync(&out);
    ok = ok && check_close("stencil_2d (pocl)", outs, want, W * H);
    timings t = {.has_openmp = 1};
    for (int r = 0; ok && r < ROUNDS; r++) {
        t.ours[r] = ours_launch("stencil_2d", grid, block, 0, &args, sizeof args);
        t.pocl[r] = pocl_launch(k, 2, global, local);
        double t0 = now_ms();
        stencil_c(ins, outs, W, H, 0);
        t.serial[r] = now_ms() - t0;
        t0 = now_ms();
        stencil_c(ins, outs, W, H, 1);
        t.openmp[r] = now_ms() - t0;
    }
    if (ok) report("stencil_2d_2048", &t);
    clReleaseKernel(k);
    buffer_free(&in);
    buffer_free(&out);
    free(want);
    return ok;
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: bench_kernels KERNELS.ll KERNELS.cl\n");
        return 2;
    }
    if (!pocl_open(argv[2])) {
        printf("skipped: no OpenCL CPU device (pocl) could build %s\n", argv[2]);
        return 0;
    }
    if (!ours_open(argv[1])) return 1;
    int ok = bench_axpy_sqrt() & bench_tree_reduce() & bench_matmul() & bench_stencil();
    offload_program_destroy(ours.ctx, ours.program);
    offload_context_destroy(ours.ctx);
    clReleaseProgram(pocl.program);
    clReleaseCommandQueue(pocl.queue);
    clReleaseContext(pocl.context);
    return ok ? 0 : 1;
}
