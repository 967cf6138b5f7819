/* bench/bench_kernels.c — GPU-style kernels on the host device against pocl's CPU device (the
   same kernels in OpenCL C, bench/kernels.cl), a plain C loop, and a C loop with OpenMP
   `parallel for simd`, in one process. Ours are the portable IR of tests/data/workgroup/kernels.ll,
   JIT-compiled into work-group functions (jit/workgroup.inc), and, given the CUDA IR of
   tests/data/cuda_host/reduce.cu and shared.cu (clang's NVPTX output), its reduction, scan,
   matrix multiply and stencil (rows cuda_ir_*, against the same kernels in OpenCL C).

   Every side runs the same work with the same block shape; pocl's program is built before any
   timing. Each kernel runs ROUNDS rounds after a warm-up, the sides alternating round by round
   so that machine noise hits them alike; the reported time is the median round. Both sides use
   every core (the host device's worker pool, pocl's threads, OpenMP's team). Every result is
   checked against the C loop's before it is timed. Output, one line per kernel and peer:
       <kernel>_vs_<peer>: ours=<ms>ms peer=<ms>ms ratio=<ours/peer>
   (a CUDA IR file that does not load on the host gives one line saying so instead of its rows).
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
    offload_program cuda_reduce, cuda_shared; /* the CUDA IR (reduce.cu, shared.cu) */
} ours_side;

typedef struct pocl_side {
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_device_id device;
} pocl_side;

static ours_side ours;
static pocl_side pocl;

/* The program of the IR file on the host device; 0 with the message in *error when it fails. */
static int ours_load(const char* ir_path, offload_program* out, const char** error) {
    size_t size = 0;
    char* ir = read_file(ir_path, &size);
    *error = "cannot read the file";
    if (!ir) return 0;
    offload_device dev = {0};
    offload_device_get(ours.ctx, 0, &dev);
    offload_program_desc pd = {0};
    pd.image = ir;
    pd.size = size;
    offload_result r = offload_program_create(ours.ctx, dev, &pd, out);
    free(ir);
    *error = offload_context_last_error(ours.ctx);
    return r == OFFLOAD_SUCCESS;
}

static int ours_open(const char* ir_path) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    if (offload_context_create(&desc, &ours.ctx) != OFFLOAD_SUCCESS) return 0;
    const char* error = NULL;
    if (ours_load(ir_path, &ours.program, &error)) return 1;
    fprintf(stderr, "bench_kernels: %s: %s\n", ir_path, error);
    return 0;
}

/* The CUDA IR files; the rows that need them are skipped, with the reason, when they do not load. */
static int ours_open_cuda(const char* reduce_path, const char* shared_path) {
    const char* paths[2] = {reduce_path, shared_path};
    offload_program* programs[2] = {&ours.cuda_reduce, &ours.cuda_shared};
    for (int i = 0; i < 2; i++) {
        const char* error = NULL;
        if (!ours_load(paths[i], programs[i], &error)) {
            printf("cuda_ir_*: skipped: %s does not load on the host device: %s\n", paths[i], error);
            return 0;
        }
    }
    return 1;
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

static double ours_launch(offload_program program, const char* name, const uint32_t grid[3], const uint32_t block[3],
                          size_t shared, const void* args, size_t size) {
    offload_kernel k;
    if (offload_kernel_get(ours.ctx, program, name, &k) != OFFLOAD_SUCCESS) return -1;
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

static double median(double* v) {
    qsort(v, ROUNDS, sizeof *v, compare_doubles);
    return v[ROUNDS / 2];
}

static int check_close(const char* what, const float* got, const float* want, size_t n);

/* ---- one comparison ---- */

/* A kernel as both sides launch it, the C loops that compute the same, and where its result is. */
typedef struct bench_case {
    const char* name; /* reported as <name>_vs_<peer> */
    const char* kernel;
    uint32_t grid[3], block[3];
    size_t shared; /* dynamic shared memory */
    const void* args;
    size_t args_size;
    cl_kernel cl;
    cl_uint dims;
    size_t global[3], local[3];
    shared_buffer* result;
    const float* want; /* the serial loop's result */
    size_t count;
    void (*reset)(void); /* inputs to where every run starts (NULL: runs do not change them) */
    void (*serial)(void);
    void (*openmp)(void);
    offload_program program; /* ours: the portable IR's or a CUDA IR file's */
} bench_case;

static double time_ms(void (*fn)(void)) {
    double t0 = now_ms();
    fn();
    return now_ms() - t0;
}

static void reset(const bench_case* c) {
    if (c->reset) c->reset();
}

/* Checks both sides' results against the serial loop's, then times the four in turn. */
static int compare(const bench_case* c) {
    memset(c->result->host, 0, c->result->size);
    reset(c);
    if (ours_launch(c->program, c->kernel, c->grid, c->block, c->shared, c->args, c->args_size) < 0 ||
        !check_close(c->name, (const float*)c->result->host, c->want, c->count))
        return 0;
    memset(c->result->host, 0, c->result->size);
    reset(c);
    if (pocl_launch(c->cl, c->dims, c->global, c->local) < 0) return 0;
    buffer_sync(c->result);
    if (!check_close(c->name, (const float*)c->result->host, c->want, c->count)) return 0;
    double ours_ms[ROUNDS], pocl_ms[ROUNDS], serial_ms[ROUNDS], openmp_ms[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        reset(c);
        ours_ms[r] = ours_launch(c->program, c->kernel, c->grid, c->block, c->shared, c->args, c->args_size);
        reset(c);
        pocl_ms[r] = pocl_launch(c->cl, c->dims, c->global, c->local);
        reset(c);
        serial_ms[r] = time_ms(c->serial);
        reset(c);
        openmp_ms[r] = time_ms(c->openmp);
    }
    double o = median(ours_ms), p = median(pocl_ms), s = median(serial_ms), m = median(openmp_ms);
    printf("%s_vs_pocl: ours=%.3fms peer=%.3fms ratio=%.2f\n", c->name, o, p, o / p);
    printf("%s_vs_serial_c: ours=%.3fms peer=%.3fms ratio=%.2f\n", c->name, o, s, o / s);
    printf("%s_vs_openmp_simd: ours=%.3fms peer=%.3fms ratio=%.2f\n", c->name, o, m, o / m);
    fflush(stdout);
    return 1;
}

static int check_close(const char* what, const float* got, const float* want, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (fabsf(got[i] - want[i]) > 1e-5f * fmaxf(1.0f, fabsf(want[i]))) {
            fprintf(stderr, "bench_kernels: %s differs at %zu: %g, expected %g\n", what, i, got[i], want[i]);
            return 0;
        }
    return 1;
}

static cl_kernel cl_kernel_with(const char* name, int count, const size_t* sizes, const void* const* values) {
    cl_int err = 0;
    cl_kernel k = clCreateKernel(pocl.program, name, &err);
    for (int i = 0; k && i < count; i++) clSetKernelArg(k, (cl_uint)i, sizes[i], values[i]);
    return k;
}

/* Runs the comparison, then frees what the case used. */
static int run_case(bench_case* c, shared_buffer* buffers, int count, float* want) {
    int ok = c->cl && compare(c);
    if (c->cl) clReleaseKernel(c->cl);
    for (int i = 0; i < count; i++) buffer_free(&buffers[i]);
    free(want);
    return ok;
}

/* ---- the kernels: data, C loops, and the case ---- */

enum { AXPY_N = 16 << 20, AXPY_BLOCK = 256 };
static float *axpy_x, *axpy_y;
static const float axpy_a = 0.5f;
static void axpy_reset(void) {
    for (int i = 0; i < AXPY_N; i++) axpy_y[i] = 4.0f;
}
static void axpy_serial(void) {
    for (int i = 0; i < AXPY_N; i++) axpy_y[i] = axpy_a * axpy_x[i] + sqrtf(axpy_y[i]);
}
static void axpy_openmp(void) {
#pragma omp parallel for simd
    for (int i = 0; i < AXPY_N; i++) axpy_y[i] = axpy_a * axpy_x[i] + sqrtf(axpy_y[i]);
}

static int bench_axpy_sqrt(void) {
    shared_buffer buffers[2] = {buffer_new(AXPY_N * sizeof(float)), buffer_new(AXPY_N * sizeof(float))};
    shared_buffer x = buffers[0], y = buffers[1];
    float* want = (float*)malloc(AXPY_N * sizeof(float));
    if (!x.host || !y.host || !want) return 0;
    axpy_x = (float*)x.host;
    axpy_y = (float*)y.host;
    for (int i = 0; i < AXPY_N; i++) axpy_x[i] = (float)(i % 1000) * 0.001f;
    axpy_reset();
    axpy_serial();
    memcpy(want, axpy_y, AXPY_N * sizeof(float));
    struct {
        int32_t n;
        float a;
        float* x;
        float* y;
    } args = {AXPY_N, axpy_a, axpy_x, axpy_y};
    int n = AXPY_N;
    bench_case c = {"axpy_sqrt_16Mi",
                    "axpy_sqrt",
                    {AXPY_N / AXPY_BLOCK, 1, 1},
                    {AXPY_BLOCK, 1, 1},
                    0,
                    &args,
                    sizeof args,
                    cl_kernel_with("axpy_sqrt", 4, (size_t[]){sizeof n, sizeof axpy_a, sizeof x.cl, sizeof y.cl},
                                   (const void*[]){&n, &axpy_a, &x.cl, &y.cl}),
                    1,
                    {AXPY_N, 1, 1},
                    {AXPY_BLOCK, 1, 1},
                    &buffers[1],
                    want,
                    AXPY_N,
                    axpy_reset,
                    axpy_serial,
                    axpy_openmp,
                    ours.program};
    return run_case(&c, buffers, 2, want);
}

enum { REDUCE_BLOCKS = 4096, REDUCE_BLOCK = 256, REDUCE_N = REDUCE_BLOCKS * REDUCE_BLOCK };
/* The peers of both reductions: reduce_blocks sums of reduce_items consecutive elements. */
static float *reduce_in, *reduce_out;
static int reduce_blocks, reduce_items;
static void reduce_serial(void) {
    for (int b = 0; b < reduce_blocks; b++) {
        float s = 0;
        for (int i = 0; i < reduce_items; i++) s += reduce_in[b * reduce_items + i];
        reduce_out[b] = s;
    }
}
static void reduce_openmp(void) {
#pragma omp parallel for
    for (int b = 0; b < reduce_blocks; b++) {
        float s = 0;
#pragma omp simd reduction(+ : s)
        for (int i = 0; i < reduce_items; i++) s += reduce_in[b * reduce_items + i];
        reduce_out[b] = s;
    }
}

static int bench_tree_reduce(void) {
    shared_buffer buffers[2] = {buffer_new(REDUCE_N * sizeof(float)), buffer_new(REDUCE_BLOCKS * sizeof(float))};
    shared_buffer in = buffers[0], out = buffers[1];
    float* want = (float*)malloc(REDUCE_BLOCKS * sizeof(float));
    if (!in.host || !out.host || !want) return 0;
    reduce_in = (float*)in.host;
    reduce_out = want;
    reduce_blocks = REDUCE_BLOCKS, reduce_items = REDUCE_BLOCK;
    for (int i = 0; i < REDUCE_N; i++) reduce_in[i] = (float)(i % 13); /* small integers: every order is exact */
    reduce_serial();
    reduce_out = (float*)out.host;
    struct {
        float* in;
        float* out;
        int32_t n;
    } args = {reduce_in, reduce_out, REDUCE_N};
    int n = REDUCE_N;
    bench_case c = {"tree_reduce_4096x256",
                    "tree_reduce",
                    {REDUCE_BLOCKS, 1, 1},
                    {REDUCE_BLOCK, 1, 1},
                    REDUCE_BLOCK * sizeof(float),
                    &args,
                    sizeof args,
                    cl_kernel_with("tree_reduce", 4,
                                   (size_t[]){sizeof in.cl, sizeof out.cl, sizeof n, REDUCE_BLOCK * sizeof(float)},
                                   (const void*[]){&in.cl, &out.cl, &n, NULL}),
                    1,
                    {REDUCE_N, 1, 1},
                    {REDUCE_BLOCK, 1, 1},
                    &buffers[1],
                    want,
                    REDUCE_BLOCKS,
                    NULL,
                    reduce_serial,
                    reduce_openmp,
                    ours.program};
    return run_case(&c, buffers, 2, want);
}

enum { MATMUL_N = 1024 };
static float *matmul_a, *matmul_b, *matmul_c;
static void matmul_loops(int parallel) {
#pragma omp parallel for if (parallel)
    for (int i = 0; i < MATMUL_N; i++) {
        float* row = matmul_c + (size_t)i * MATMUL_N;
        for (int j = 0; j < MATMUL_N; j++) row[j] = 0;
        for (int k = 0; k < MATMUL_N; k++) {
            float aik = matmul_a[(size_t)i * MATMUL_N + k];
#pragma omp simd
            for (int j = 0; j < MATMUL_N; j++) row[j] += aik * matmul_b[(size_t)k * MATMUL_N + j];
        }
    }
}
static void matmul_serial(void) { matmul_loops(0); }
static void matmul_openmp(void) { matmul_loops(1); }

static int bench_matmul(void) {
    size_t bytes = (size_t)MATMUL_N * MATMUL_N * sizeof(float);
    shared_buffer buffers[3] = {buffer_new(bytes), buffer_new(bytes), buffer_new(bytes)};
    shared_buffer a = buffers[0], b = buffers[1], c_buffer = buffers[2];
    float* want = (float*)malloc(bytes);
    if (!a.host || !b.host || !c_buffer.host || !want) return 0;
    matmul_a = (float*)a.host;
    matmul_b = (float*)b.host;
    for (int i = 0; i < MATMUL_N * MATMUL_N; i++) {
        matmul_a[i] = (float)(i % 7) - 3.0f;
        matmul_b[i] = (float)(i % 5) - 2.0f;
    }
    matmul_c = want;
    matmul_openmp();
    matmul_c = (float*)c_buffer.host;
    struct {
        float *a, *b, *c;
        int32_t n;
    } args = {matmul_a, matmul_b, matmul_c, MATMUL_N};
    int n = MATMUL_N;
    bench_case c = {"matmul_tiled_1024",
                    "matmul_tiled",
                    {MATMUL_N / 16, MATMUL_N / 16, 1},
                    {16, 16, 1},
                    0,
                    &args,
                    sizeof args,
                    cl_kernel_with("matmul_tiled", 4,
                                   (size_t[]){sizeof a.cl, sizeof b.cl, sizeof c_buffer.cl, sizeof n},
                                   (const void*[]){&a.cl, &b.cl, &c_buffer.cl, &n}),
                    2,
                    {MATMUL_N, MATMUL_N, 1},
                    {16, 16, 1},
                    &buffers[2],
                    want,
                    (size_t)MATMUL_N * MATMUL_N,
                    NULL,
                    matmul_serial,
                    matmul_openmp,
                    ours.program};
    return run_case(&c, buffers, 3, want);
}

enum { STENCIL_W = 2048, STENCIL_H = 2048 };
static float *stencil_in, *stencil_out;
static void stencil_loops(int parallel) {
    const int w = STENCIL_W, h = STENCIL_H;
#pragma omp parallel for if (parallel)
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const float* in = stencil_in;
            if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
                stencil_out[y * w + x] = in[y * w + x];
                continue;
            }
            stencil_out[y * w + x] = 0.2f * (in[y * w + x] + in[(y - 1) * w + x] + in[(y + 1) * w + x] +
                                             in[y * w + x - 1] + in[y * w + x + 1]);
        }
}
static void stencil_serial(void) { stencil_loops(0); }
static void stencil_openmp(void) { stencil_loops(1); }

static int bench_stencil(void) {
    size_t bytes = (size_t)STENCIL_W * STENCIL_H * sizeof(float);
    shared_buffer buffers[2] = {buffer_new(bytes), buffer_new(bytes)};
    shared_buffer in = buffers[0], out = buffers[1];
    float* want = (float*)malloc(bytes);
    if (!in.host || !out.host || !want) return 0;
    stencil_in = (float*)in.host;
    for (int i = 0; i < STENCIL_W * STENCIL_H; i++) stencil_in[i] = (float)((i * 37) % 101);
    stencil_out = want;
    stencil_serial();
    stencil_out = (float*)out.host;
    struct {
        float *in, *out;
        int32_t w, h;
    } args = {stencil_in, stencil_out, STENCIL_W, STENCIL_H};
    int w = STENCIL_W, h = STENCIL_H;
    bench_case c = {"stencil_2d_2048",
                    "stencil_2d",
                    {STENCIL_W / 16, STENCIL_H / 16, 1},
                    {16, 16, 1},
                    0,
                    &args,
                    sizeof args,
                    cl_kernel_with("stencil_2d", 4, (size_t[]){sizeof in.cl, sizeof out.cl, sizeof w, sizeof h},
                                   (const void*[]){&in.cl, &out.cl, &w, &h}),
                    2,
                    {STENCIL_W, STENCIL_H, 1},
                    {16, 16, 1},
                    &buffers[1],
                    want,
                    (size_t)STENCIL_W * STENCIL_H,
                    NULL,
                    stencil_serial,
                    stencil_openmp,
                    ours.program};
    return run_case(&c, buffers, 2, want);
}

/* ---- the CUDA IR of tests/data/cuda_host (reduce.cu, shared.cu), against the same kernels in
   OpenCL C (kernels.cl's cuda_*) ---- */

enum {
    CUDA_REDUCE_BLOCKS = 2048,
    CUDA_REDUCE_THREADS = 256,
    CUDA_REDUCE_ITEMS = 2 * CUDA_REDUCE_THREADS,
    CUDA_REDUCE_N = CUDA_REDUCE_BLOCKS * CUDA_REDUCE_ITEMS
};
/* reduce_dynamic: each of 256 threads adds two elements, then a tree in dynamic shared memory. */
static int bench_cuda_reduce(void) {
    shared_buffer buffers[2] = {buffer_new(CUDA_REDUCE_N * sizeof(float)),
                                buffer_new(CUDA_REDUCE_BLOCKS * sizeof(float))};
    shared_buffer in = buffers[0], out = buffers[1];
    float* want = (float*)malloc(CUDA_REDUCE_BLOCKS * sizeof(float));
    if (!in.host || !out.host || !want) return 0;
    reduce_in = (float*)in.host;
    reduce_out = want;
    reduce_blocks = CUDA_REDUCE_BLOCKS, reduce_items = CUDA_REDUCE_ITEMS;
    for (int i = 0; i < CUDA_REDUCE_N; i++) reduce_in[i] = (float)(i % 13); /* small integers: every order is exact */
    reduce_serial();
    reduce_out = (float*)out.host;
    struct {
        float* in;
        float* out;
        int32_t n;
    } args = {reduce_in, reduce_out, CUDA_REDUCE_N};
    int n = CUDA_REDUCE_N;
    size_t shared = CUDA_REDUCE_THREADS * sizeof(float);
    bench_case c = {"cuda_ir_reduce_dynamic_2048x256",
                    "reduce_dynamic",
                    {CUDA_REDUCE_BLOCKS, 1, 1},
                    {CUDA_REDUCE_THREADS, 1, 1},
                    shared,
                    &args,
                    sizeof args,
                    cl_kernel_with("cuda_reduce_dynamic", 4, (size_t[]){sizeof in.cl, sizeof out.cl, sizeof n, shared},
                                   (const void*[]){&in.cl, &out.cl, &n, NULL}),
                    1,
                    {CUDA_REDUCE_BLOCKS * CUDA_REDUCE_THREADS, 1, 1},
                    {CUDA_REDUCE_THREADS, 1, 1},
                    &buffers[1],
                    want,
                    CUDA_REDUCE_BLOCKS,
                    NULL,
                    reduce_serial,
                    reduce_openmp,
                    ours.cuda_reduce};
    return run_case(&c, buffers, 2, want);
}

enum { SCAN_ITEMS = 512, SCAN_BLOCKS = 8192, SCAN_N = SCAN_ITEMS * SCAN_BLOCKS };
static float *scan_in, *scan_out;
static void scan_loops(int parallel) {
#pragma omp parallel for if (parallel)
    for (int b = 0; b < SCAN_BLOCKS; b++) {
        float s = 0;
        for (int i = b * SCAN_ITEMS; i < (b + 1) * SCAN_ITEMS; i++) scan_out[i] = s += scan_in[i];
    }
}
static void scan_serial(void) { scan_loops(0); }
static void scan_openmp(void) { scan_loops(1); }

/* scan_blelloch: inclusive prefix sums of each 512-element segment, 256 threads per segment. */
static int bench_cuda_scan(void) {
    shared_buffer buffers[3] = {buffer_new(SCAN_N * sizeof(float)), buffer_new(SCAN_N * sizeof(float)),
                                buffer_new(SCAN_BLOCKS * sizeof(float))};
    shared_buffer in = buffers[0], out = buffers[1], totals = buffers[2];
    float* want = (float*)malloc(SCAN_N * sizeof(float));
    if (!in.host || !out.host || !totals.host || !want) return 0;
    scan_in = (float*)in.host;
    scan_out = want;
    for (int i = 0; i < SCAN_N; i++) scan_in[i] = (float)(i % 7); /* segment sums below 2^24: exact */
    scan_serial();
    scan_out = (float*)out.host;
    struct {
        float *in, *out, *totals;
        int32_t n;
    } args = {scan_in, scan_out, (float*)totals.host, SCAN_N};
    int n = SCAN_N;
    bench_case c = {"cuda_ir_scan_blelloch_8192x512",
                    "scan_blelloch",
                    {SCAN_BLOCKS, 1, 1},
                    {256, 1, 1},
                    0,
                    &args,
                    sizeof args,
                    cl_kernel_with("cuda_scan_blelloch", 4,
                                   (size_t[]){sizeof in.cl, sizeof out.cl, sizeof totals.cl, sizeof n},
                                   (const void*[]){&in.cl, &out.cl, &totals.cl, &n}),
                    1,
                    {SCAN_BLOCKS * 256, 1, 1},
                    {256, 1, 1},
                    &buffers[1],
                    want,
                    SCAN_N,
                    NULL,
                    scan_serial,
                    scan_openmp,
                    ours.cuda_shared};
    return run_case(&c, buffers, 3, want);
}

/* matmul_tiled (m = n = k = 1024: its bounds checks always pass), the C loops of bench_matmul. */
static int bench_cuda_matmul(void) {
    size_t bytes = (size_t)MATMUL_N * MATMUL_N * sizeof(float);
    shared_buffer buffers[3] = {buffer_new(bytes), buffer_new(bytes), buffer_new(bytes)};
    shared_buffer a = buffers[0], b = buffers[1], c_buffer = buffers[2];
    float* want = (float*)malloc(bytes);
    if (!a.host || !b.host || !c_buffer.host || !want) return 0;
    matmul_a = (float*)a.host;
    matmul_b = (float*)b.host;
    for (int i = 0; i < MATMUL_N * MATMUL_N; i++) {
        matmul_a[i] = (float)(i % 7) - 3.0f;
        matmul_b[i] = (float)(i % 5) - 2.0f;
    }
    matmul_c = want;
    matmul_openmp();
    matmul_c = (float*)c_buffer.host;
    struct {
        float *a, *b, *c;
        int32_t m, n, k;
    } args = {matmul_a, matmul_b, matmul_c, MATMUL_N, MATMUL_N, MATMUL_N};
    int n = MATMUL_N;
    bench_case c = {
        "cuda_ir_matmul_tiled_1024",
        "matmul_tiled",
        {MATMUL_N / 16, MATMUL_N / 16, 1},
        {16, 16, 1},
        0,
        &args,
        sizeof args,
        cl_kernel_with("cuda_matmul_tiled", 6,
                       (size_t[]){sizeof a.cl, sizeof b.cl, sizeof c_buffer.cl, sizeof n, sizeof n, sizeof n},
                       (const void*[]){&a.cl, &b.cl, &c_buffer.cl, &n, &n, &n}),
        2,
        {MATMUL_N, MATMUL_N, 1},
        {16, 16, 1},
        &buffers[2],
        want,
        (size_t)MATMUL_N * MATMUL_N,
        NULL,
        matmul_serial,
        matmul_openmp,
        ours.cuda_shared};
    return run_case(&c, buffers, 3, want);
}

/* stencil5: the tile with its halo clamped at the edges, the C loops of bench_stencil. */
static int bench_cuda_stencil(void) {
    size_t bytes = (size_t)STENCIL_W * STENCIL_H * sizeof(float);
    shared_buffer buffers[2] = {buffer_new(bytes), buffer_new(bytes)};
    shared_buffer in = buffers[0], out = buffers[1];
    float* want = (float*)malloc(bytes);
    if (!in.host || !out.host || !want) return 0;
    stencil_in = (float*)in.host;
    for (int i = 0; i < STENCIL_W * STENCIL_H; i++) stencil_in[i] = (float)((i * 37) % 101);
    stencil_out = want;
    stencil_serial();
    stencil_out = (float*)out.host;
    struct {
        float *in, *out;
        int32_t w, h;
    } args = {stencil_in, stencil_out, STENCIL_W, STENCIL_H};
    int w = STENCIL_W, h = STENCIL_H;
    bench_case c = {"cuda_ir_stencil5_2048",
                    "stencil5",
                    {STENCIL_W / 16, STENCIL_H / 16, 1},
                    {16, 16, 1},
                    0,
                    &args,
                    sizeof args,
                    cl_kernel_with("cuda_stencil5", 4, (size_t[]){sizeof in.cl, sizeof out.cl, sizeof w, sizeof h},
                                   (const void*[]){&in.cl, &out.cl, &w, &h}),
                    2,
                    {STENCIL_W, STENCIL_H, 1},
                    {16, 16, 1},
                    &buffers[1],
                    want,
                    (size_t)STENCIL_W * STENCIL_H,
                    NULL,
                    stencil_serial,
                    stencil_openmp,
                    ours.cuda_shared};
    return run_case(&c, buffers, 2, want);
}

int main(int argc, char** argv) {
    if (argc != 3 && argc != 5) {
        fprintf(stderr, "usage: bench_kernels KERNELS.ll KERNELS.cl [CUDA_REDUCE.ll CUDA_SHARED.ll]\n");
        return 2;
    }
    if (!pocl_open(argv[2])) {
        printf("skipped: no OpenCL CPU device (pocl) could build %s\n", argv[2]);
        return 0;
    }
    if (!ours_open(argv[1])) return 1;
    int ok = bench_axpy_sqrt() & bench_tree_reduce() & bench_matmul() & bench_stencil();
    if (argc == 5 && ours_open_cuda(argv[3], argv[4]))
        ok &= bench_cuda_reduce() & bench_cuda_scan() & bench_cuda_matmul() & bench_cuda_stencil();
    offload_program_destroy(ours.ctx, ours.program);
    if (ours.cuda_reduce.id) offload_program_destroy(ours.ctx, ours.cuda_reduce);
    if (ours.cuda_shared.id) offload_program_destroy(ours.ctx, ours.cuda_shared);
    offload_context_destroy(ours.ctx);
    clReleaseProgram(pocl.program);
    clReleaseCommandQueue(pocl.queue);
    clReleaseContext(pocl.context);
    return ok ? 0 : 1;
}
