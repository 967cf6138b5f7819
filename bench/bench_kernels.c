/* bench/bench_kernels.c — GPU-style kernels on the host device against pocl's CPU device (the
   same kernels in OpenCL C, bench/kernels.cl), a plain C loop, and a C loop with OpenMP
   `parallel for simd`, in one process. Ours are the portable IR of tests/data/workgroup/
   kernels.ll and loops.ll, JIT-compiled into work-group functions (jit/workgroup.inc), and,
   given the CUDA IR of tests/data/cuda_host/reduce.cu, shared.cu and loops.cu (clang's NVPTX
   output), its reduction, scan, matrix multiply, stencil and matrix-vector product by columns
   (rows cuda_ir_*, against the same kernels in OpenCL C).

   kernels.ll: an elementwise kernel, a tree reduction through shared memory, a tiled matrix
   multiply, a 2D stencil with a shared tile. loops.ll, the shapes GPU benchmark suites are made
   of: threads that each run a loop (matrix-vector products with a thread per column and per
   row, a 3D stencil whose threads walk z), elimination steps launched one per step over a grid
   whose threads are nearly all idle in the late steps (also reported per thread launched),
   20,000 launches of a kernel that does next to nothing (reported per launch), and a wavefront
   sweep with a barrier inside a loop, launched diagonal by diagonal. Then loops.ll's first
   load in a fresh process (the JIT compile and each kernel's first launch) against pocl's
   build and first enqueue of the same kernels, each side in processes of its own (this
   program run as `bench_kernels --first-load ours|pocl LOOPS.ll KERNELS.cl`).

   Every side runs the same work with the same block shape; pocl's program is built before any
   timing. Each kernel runs ROUNDS rounds after a warm-up, the sides alternating round by round
   so that machine noise hits them alike; the reported time is the median round. A kernel
   launched many times per round goes on a queue on both sides (ours: an offload queue; pocl:
   its in-order queue), which the round waits for at its end, as a GPU program launches on a
   stream. Both sides use every core (the host device's worker pool, pocl's threads, OpenMP's
   team). The results of ours, pocl and the OpenMP loop are checked against the serial C
   loop's; a wrong one ends the program with a message and status 1. Output, one line per
   kernel and peer:
       <kernel>_vs_<peer>: ours=<v><unit> peer=<v><unit> ratio=<ours/peer>
   (a CUDA IR file that does not load on the host gives one line saying so instead of its rows).
   The JIT's compile times otherwise are bench/jit.sh's. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 120
#include "offload.h"
#include "stats.h"
#include "../tests/files.h"

#include <CL/cl.h>
#include <math.h>
#include <omp.h>
#include <spawn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

enum { ROUNDS = 9, FRESH_PROCESSES = 5 };

/* ---- the sides ---- */

typedef struct ours_side {
    offload_context* ctx;
    offload_queue queue;                                  /* for the kernels launched many times per round */
    offload_program program, loops;                       /* kernels.ll, loops.ll */
    offload_program cuda_reduce, cuda_shared, cuda_loops; /* the CUDA IR (reduce.cu, shared.cu, loops.cu) */
} ours_side;

typedef struct pocl_side {
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_device_id device;
} pocl_side;

static ours_side ours;
static pocl_side pocl;

/* A context on the host device alone, which reads the environment where allowed. */
static offload_context* ours_context(int environment) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = !environment;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* The program of the IR file on the host device; 0 with the message in *error when it fails. */
static int ours_load(offload_context* ctx, const char* ir_path, offload_program* out, const char** error) {
    size_t size = 0;
    char* ir = test_read_file(ir_path, &size);
    *error = "cannot read the file";
    if (!ir) return 0;
    offload_device dev = {0};
    offload_device_get(ctx, 0, &dev);
    offload_program_desc pd = {0};
    pd.image = ir;
    pd.size = size;
    offload_result r = offload_program_create(ctx, dev, &pd, out);
    free(ir);
    *error = offload_context_last_error(ctx);
    return r == OFFLOAD_SUCCESS;
}

static int ours_open(const char* kernels_path, const char* loops_path) {
    ours.ctx = ours_context(1);
    if (!ours.ctx) return 0;
    offload_device dev = {0};
    offload_device_get(ours.ctx, 0, &dev);
    if (offload_queue_create(ours.ctx, dev, &ours.queue) != OFFLOAD_SUCCESS) return 0;
    const char* paths[2] = {kernels_path, loops_path};
    offload_program* programs[2] = {&ours.program, &ours.loops};
    for (int i = 0; i < 2; i++) {
        const char* error = NULL;
        if (!ours_load(ours.ctx, paths[i], programs[i], &error)) {
            fprintf(stderr, "bench_kernels: %s: %s\n", paths[i], error);
            return 0;
        }
    }
    return 1;
}

/* The CUDA IR files; the rows that need them are skipped, with the reason, when they do not load. */
static int ours_open_cuda(const char* reduce_path, const char* shared_path, const char* loops_path) {
    const char* paths[3] = {reduce_path, shared_path, loops_path};
    offload_program* programs[3] = {&ours.cuda_reduce, &ours.cuda_shared, &ours.cuda_loops};
    for (int i = 0; i < 3; i++) {
        const char* error = NULL;
        if (!ours_load(ours.ctx, paths[i], programs[i], &error)) {
            printf("cuda_ir_*: skipped: %s does not load on the host device: %s\n", paths[i], error);
            return 0;
        }
    }
    return 1;
}

/* pocl's CPU device, a context and an in-order queue on it. */
static int pocl_setup(void) {
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
    return err == CL_SUCCESS;
}

/* pocl.program from OpenCL C source text. */
static int pocl_build(const char* source) {
    cl_int err = 0;
    size_t size = strlen(source);
    pocl.program = clCreateProgramWithSource(pocl.context, 1, &source, &size, &err);
    if (err != CL_SUCCESS) return 0;
    if (clBuildProgram(pocl.program, 1, &pocl.device, "", NULL, NULL) != CL_SUCCESS) {
        char log[4096] = "";
        clGetProgramBuildInfo(pocl.program, pocl.device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "bench_kernels: pocl build failed: %s\n", log);
        return 0;
    }
    return 1;
}

static int pocl_open(const char* source_path) {
    size_t size = 0;
    char* source = test_read_file(source_path, &size);
    int ok = source && pocl_setup() && pocl_build(source);
    free(source);
    return ok;
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

/* ---- one comparison ---- */

typedef enum bench_side { SIDE_OURS, SIDE_POCL } bench_side;

/* What a row reports: the time of a round (ms), of a launch (us), or also of a thread launched
   (ns: the round's time over every thread of its grids, idle or not, for a grid that is the
   same at every launch). */
typedef enum bench_per { PER_ROUND, PER_LAUNCH, PER_THREAD } bench_per;

/* A kernel as both sides launch it, the C loops that compute the same, and where its result is. */
typedef struct bench_case {
    const char* name;        /* reported as <name>_vs_<peer> */
    offload_program program; /* ours: the portable IR's or a CUDA IR file's */
    const char* kernel;
    uint32_t grid[3], block[3]; /* both sides: pocl's global size is grid * block */
    size_t shared;              /* dynamic shared memory */
    const void* args;
    size_t args_size;
    cl_kernel cl;
    int launches; /* per round (0: one); more than one go on a queue */
    void (*step)(struct bench_case* c, int launch, bench_side side); /* before each launch: sets what
                                                 changes from one launch to the next (NULL: nothing) */
    bench_per per;
    shared_buffer* result;
    const float* want; /* the serial loop's result */
    size_t count;
    void (*reset)(void); /* inputs to where every run starts (NULL: runs do not change them) */
    void (*serial)(void);
    void (*openmp)(void);
} bench_case;

static int launches_of(const bench_case* c) { return c->launches ? c->launches : 1; }

static double ours_run(bench_case* c) {
    offload_kernel k;
    if (offload_kernel_get(ours.ctx, c->program, c->kernel, &k) != OFFLOAD_SUCCESS) return -1;
    offload_queue queue = launches_of(c) > 1 ? ours.queue : (offload_queue){0};
    double t0 = now_ms();
    offload_result r = OFFLOAD_SUCCESS;
    for (int i = 0; i < launches_of(c) && r == OFFLOAD_SUCCESS; i++) {
        if (c->step) c->step(c, i, SIDE_OURS);
        offload_launch_desc d = {{c->grid[0], c->grid[1], c->grid[2]},
                                 {c->block[0], c->block[1], c->block[2]},
                                 c->shared,
                                 c->args,
                                 c->args_size};
        r = offload_launch(ours.ctx, queue, k, &d);
    }
    if (r == OFFLOAD_SUCCESS && queue.id) r = offload_queue_synchronize(ours.ctx, queue);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_kernels: %s: %s\n", c->kernel, offload_context_last_error(ours.ctx));
        return -1;
    }
    return now_ms() - t0;
}

static double pocl_run(bench_case* c) {
    double t0 = now_ms();
    for (int i = 0; i < launches_of(c); i++) {
        if (c->step) c->step(c, i, SIDE_POCL);
        size_t global[3], local[3];
        for (int d = 0; d < 3; d++) global[d] = (size_t)c->grid[d] * c->block[d], local[d] = c->block[d];
        cl_uint dims = global[2] > 1 ? 3 : global[1] > 1 ? 2 : 1;
        if (clEnqueueNDRangeKernel(pocl.queue, c->cl, dims, NULL, global, local, 0, NULL, NULL) != CL_SUCCESS)
            return -1;
    }
    clFinish(pocl.queue);
    return now_ms() - t0;
}

/* OpenMP's team spins for a while after a parallel region (libgomp's default wait policy), and
   would take a core from the side timed next, which then runs as if on fewer cores: the next
   round starts once the team sleeps. */
static void let_openmp_threads_sleep(void) { usleep(5000); }

static double time_ms(void (*fn)(void)) {
    double t0 = now_ms();
    fn();
    return now_ms() - t0;
}

static void reset(const bench_case* c) {
    if (c->reset) c->reset();
}

/* Whether the result buffer holds what the serial loop computed; says where it does not. */
static int check(const bench_case* c, const char* who) {
    const float *got = (const float*)c->result->host, *want = c->want;
    for (size_t i = 0; i < c->count; i++)
        if (fabsf(got[i] - want[i]) > 1e-5f * fmaxf(1.0f, fabsf(want[i]))) {
            fprintf(stderr, "bench_kernels: %s (%s) differs at %zu: %g, expected %g\n", c->name, who, i, got[i],
                    want[i]);
            return 0;
        }
    return 1;
}

/* One line: ours against a peer, in the unit of `per`. */
static void report(const bench_case* c, const char* peer, double ours_ms, double peer_ms, bench_per per) {
    double threads =
        (double)launches_of(c) * c->grid[0] * c->grid[1] * c->grid[2] * c->block[0] * c->block[1] * c->block[2];
    double scale = per == PER_LAUNCH ? 1e3 / launches_of(c) : per == PER_THREAD ? 1e6 / threads : 1;
    const char* unit = per == PER_LAUNCH ? "us" : per == PER_THREAD ? "ns" : "ms";
    printf("%s%s_vs_%s: ours=%.3f%s peer=%.3f%s ratio=%.2f\n", c->name, per == PER_THREAD ? "_per_thread" : "", peer,
           ours_ms * scale, unit, peer_ms * scale, unit, ours_ms / peer_ms);
}

/* Checks both sides' results against the serial loop's, then times the four in turn (a launch
   that fails ends the comparison), then checks the OpenMP loop's result (its run is the last of
   the rounds). */
static int compare(bench_case* c) {
    memset(c->result->host, 0, c->result->size);
    reset(c);
    if (ours_run(c) < 0 || !check(c, "ours")) return 0;
    memset(c->result->host, 0, c->result->size);
    reset(c);
    if (pocl_run(c) < 0) return 0;
    buffer_sync(c->result);
    if (!check(c, "pocl")) return 0;
    double ours_ms[ROUNDS], pocl_ms[ROUNDS], serial_ms[ROUNDS], openmp_ms[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        reset(c);
        ours_ms[r] = ours_run(c);
        reset(c);
        pocl_ms[r] = pocl_run(c);
        reset(c);
        serial_ms[r] = time_ms(c->serial);
        reset(c);
        openmp_ms[r] = time_ms(c->openmp);
        let_openmp_threads_sleep();
        if (ours_ms[r] < 0 || pocl_ms[r] < 0) return 0;
    }
    if (!check(c, "openmp")) return 0;
    double o = median(ours_ms, ROUNDS), p = median(pocl_ms, ROUNDS), s = median(serial_ms, ROUNDS),
           m = median(openmp_ms, ROUNDS);
    bench_per pers[2] = {c->per == PER_LAUNCH ? PER_LAUNCH : PER_ROUND, PER_THREAD};
    for (int i = 0; i < (c->per == PER_THREAD ? 2 : 1); i++) {
        report(c, "pocl", o, p, pers[i]);
        report(c, "serial_c", o, s, pers[i]);
        report(c, "openmp_simd", o, m, pers[i]);
    }
    fflush(stdout);
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

/* ---- kernels.ll: data, C loops, and the case ---- */

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
    bench_case c = {.name = "axpy_sqrt_16Mi",
                    .program = ours.program,
                    .kernel = "axpy_sqrt",
                    .grid = {AXPY_N / AXPY_BLOCK, 1, 1},
                    .block = {AXPY_BLOCK, 1, 1},
                    .args = &args,
                    .args_size = sizeof args,
                    .cl = cl_kernel_with("axpy_sqrt", 4, (size_t[]){sizeof n, sizeof axpy_a, sizeof x.cl, sizeof y.cl},
                                         (const void*[]){&n, &axpy_a, &x.cl, &y.cl}),
                    .result = &buffers[1],
                    .want = want,
                    .count = AXPY_N,
                    .reset = axpy_reset,
                    .serial = axpy_serial,
                    .openmp = axpy_openmp};
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
    bench_case c = {.name = "tree_reduce_4096x256",
                    .program = ours.program,
                    .kernel = "tree_reduce",
                    .grid = {REDUCE_BLOCKS, 1, 1},
                    .block = {REDUCE_BLOCK, 1, 1},
                    .shared = REDUCE_BLOCK * sizeof(float),
                    .args = &args,
                    .args_size = sizeof args,
                    .cl =
                        cl_kernel_with("tree_reduce", 4,
                                       (size_t[]){sizeof in.cl, sizeof out.cl, sizeof n, REDUCE_BLOCK * sizeof(float)},
                                       (const void*[]){&in.cl, &out.cl, &n, NULL}),
                    .result = &buffers[1],
                    .want = want,
                    .count = REDUCE_BLOCKS,
                    .serial = reduce_serial,
                    .openmp = reduce_openmp};
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

/* The parameters of the CUDA IR's matmul_tiled; kernels.ll's takes the first four, (a, b, c, n). */
typedef struct matmul_args {
    float *a, *b, *c;
    int32_t m, n, k;
} matmul_args;

/* The matrix multiply of kernels.ll (matmul_tiled) or, cuda set, of the CUDA IR (its
   matmul_tiled with m = n = k = 1024, so its bounds checks always pass). */
static int bench_matmul(const char* name, offload_program program, int cuda, const char* cl_name) {
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
    matmul_args args = {matmul_a, matmul_b, matmul_c, MATMUL_N, MATMUL_N, MATMUL_N};
    int n = MATMUL_N;
    bench_case c = {
        .name = name,
        .program = program,
        .kernel = "matmul_tiled",
        .grid = {MATMUL_N / 16, MATMUL_N / 16, 1},
        .block = {16, 16, 1},
        .args = &args,
        .args_size = cuda ? sizeof args : offsetof(matmul_args, n),
        .cl = cl_kernel_with(cl_name, cuda ? 6 : 4,
                             (size_t[]){sizeof a.cl, sizeof b.cl, sizeof c_buffer.cl, sizeof n, sizeof n, sizeof n},
                             (const void*[]){&a.cl, &b.cl, &c_buffer.cl, &n, &n, &n}),
        .result = &buffers[2],
        .want = want,
        .count = (size_t)MATMUL_N * MATMUL_N,
        .serial = matmul_serial,
        .openmp = matmul_openmp};
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

/* The 2D stencil of kernels.ll (stencil_2d) or of the CUDA IR (stencil5: the tile with its halo
   clamped at the edges). */
static int bench_stencil(const char* name, offload_program program, const char* kernel, const char* cl_name) {
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
    bench_case c = {.name = name,
                    .program = program,
                    .kernel = kernel,
                    .grid = {STENCIL_W / 16, STENCIL_H / 16, 1},
                    .block = {16, 16, 1},
                    .args = &args,
                    .args_size = sizeof args,
                    .cl = cl_kernel_with(cl_name, 4, (size_t[]){sizeof in.cl, sizeof out.cl, sizeof w, sizeof h},
                                         (const void*[]){&in.cl, &out.cl, &w, &h}),
                    .result = &buffers[1],
                    .want = want,
                    .count = (size_t)STENCIL_W * STENCIL_H,
                    .serial = stencil_serial,
                    .openmp = stencil_openmp};
    return run_case(&c, buffers, 2, want);
}

/* ---- loops.ll: threads that run loops, many launches, a barrier in a loop ---- */

/* Matrix-vector products over a row-major n x n matrix. The C loops are what a person writes
   for row-major data: y = A^T x goes down the rows, each row's contribution added to a strip of
   y with a vector loop (strips of 256 columns, one per iteration of the parallel loop); y = A x
   is a vector reduction along each row. */
enum { GEMV_N = 4096, GEMV_BLOCK = 256 };
static float *gemv_a, *gemv_x, *gemv_y;
static void gemv_columns_loops(int parallel) {
    const int n = GEMV_N;
#pragma omp parallel for if (parallel)
    for (int j0 = 0; j0 < n; j0 += GEMV_BLOCK) {
        float* y = gemv_y + j0;
        for (int j = 0; j < GEMV_BLOCK; j++) y[j] = 0.0f;
        for (int i = 0; i < n; i++) {
            const float* row = gemv_a + (size_t)i * n + j0;
            float xi = gemv_x[i];
#pragma omp simd
            for (int j = 0; j < GEMV_BLOCK; j++) y[j] += row[j] * xi;
        }
    }
}
static void gemv_columns_serial(void) { gemv_columns_loops(0); }
static void gemv_columns_openmp(void) { gemv_columns_loops(1); }
static void gemv_rows_loops(int parallel) {
    const int n = GEMV_N;
#pragma omp parallel for if (parallel)
    for (int i = 0; i < n; i++) {
        const float* row = gemv_a + (size_t)i * n;
        float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
        for (int j = 0; j < n; j++) sum += row[j] * gemv_x[j];
        gemv_y[i] = sum;
    }
}
static void gemv_rows_serial(void) { gemv_rows_loops(0); }
static void gemv_rows_openmp(void) { gemv_rows_loops(1); }

/* gemv_columns or gemv_rows of loops.ll, or gemv_columns of the CUDA IR (program
   ours.cuda_loops): 256-thread blocks, a thread per column or row. */
static int bench_gemv(const char* name, offload_program program, const char* kernel, void (*serial)(void),
                      void (*openmp)(void)) {
    size_t bytes = (size_t)GEMV_N * GEMV_N * sizeof(float);
    shared_buffer buffers[3] = {buffer_new(bytes), buffer_new(GEMV_N * sizeof(float)),
                                buffer_new(GEMV_N * sizeof(float))};
    shared_buffer a = buffers[0], x = buffers[1], y = buffers[2];
    float* want = (float*)malloc(GEMV_N * sizeof(float));
    if (!a.host || !x.host || !y.host || !want) return 0;
    gemv_a = (float*)a.host;
    gemv_x = (float*)x.host;
    for (int i = 0; i < GEMV_N; i++)
        for (int j = 0; j < GEMV_N; j++) gemv_a[(size_t)i * GEMV_N + j] = (float)((i * 7 + j * 3) % 9 - 4);
    for (int i = 0; i < GEMV_N; i++) gemv_x[i] = (float)(i % 5 - 2); /* small integers: every sum is exact */
    gemv_y = want;
    serial();
    gemv_y = (float*)y.host;
    struct {
        int32_t n;
        float *a, *x, *y;
    } args = {GEMV_N, gemv_a, gemv_x, gemv_y};
    int n = GEMV_N;
    bench_case c = {.name = name,
                    .program = program,
                    .kernel = kernel,
                    .grid = {GEMV_N / GEMV_BLOCK, 1, 1},
                    .block = {GEMV_BLOCK, 1, 1},
                    .args = &args,
                    .args_size = sizeof args,
                    .cl = cl_kernel_with(kernel, 4, (size_t[]){sizeof n, sizeof a.cl, sizeof x.cl, sizeof y.cl},
                                         (const void*[]){&n, &a.cl, &x.cl, &y.cl}),
                    .result = &buffers[2],
                    .want = want,
                    .count = GEMV_N,
                    .serial = serial,
                    .openmp = openmp};
    return run_case(&c, buffers, 3, want);
}

/* 7-point stencil over a 256 x 256 x 64 grid: 32 x 8 blocks over (x, y), each thread walking z;
   the C loops walk z outermost (the parallel loop) and x innermost (the vector loop). */
enum { GRID3_X = 256, GRID3_Y = 256, GRID3_Z = 64 };
static float *grid3_in, *grid3_out;
static void stencil_3d_loops(int parallel) {
    const int nx = GRID3_X, ny = GRID3_Y, nz = GRID3_Z, plane = nx * ny;
    const float* in = grid3_in;
#pragma omp parallel for if (parallel)
    for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++) {
            int row = z * plane + y * nx;
#pragma omp simd
            for (int x = 1; x < nx - 1; x++) {
                int c = row + x;
                grid3_out[c] = 0.25f * in[c] + 0.125f * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] +
                                                         in[c - plane] + in[c + plane]);
            }
        }
}
static void stencil_3d_serial(void) { stencil_3d_loops(0); }
static void stencil_3d_openmp(void) { stencil_3d_loops(1); }

static int bench_stencil_3d(void) {
    size_t count = (size_t)GRID3_X * GRID3_Y * GRID3_Z;
    shared_buffer buffers[2] = {buffer_new(count * sizeof(float)), buffer_new(count * sizeof(float))};
    shared_buffer in = buffers[0], out = buffers[1];
    float* want = (float*)calloc(count, sizeof(float)); /* the boundary, which no side writes, stays 0 */
    if (!in.host || !out.host || !want) return 0;
    grid3_in = (float*)in.host;
    for (size_t i = 0; i < count; i++) grid3_in[i] = (float)((i * 37) % 101); /* results exact: eighths */
    grid3_out = want;
    stencil_3d_serial();
    grid3_out = (float*)out.host;
    struct {
        int32_t nx, ny, nz;
        float *in, *out;
    } args = {GRID3_X, GRID3_Y, GRID3_Z, grid3_in, grid3_out};
    int nx = GRID3_X, ny = GRID3_Y, nz = GRID3_Z;
    bench_case c = {.name = "stencil_3d_256x256x64",
                    .program = ours.loops,
                    .kernel = "stencil_3d",
                    .grid = {GRID3_X / 32, GRID3_Y / 8, 1},
                    .block = {32, 8, 1},
                    .args = &args,
                    .args_size = sizeof args,
                    .cl = cl_kernel_with("stencil_3d", 5,
                                         (size_t[]){sizeof nx, sizeof ny, sizeof nz, sizeof in.cl, sizeof out.cl},
                                         (const void*[]){&nx, &ny, &nz, &in.cl, &out.cl}),
                    .result = &buffers[1],
                    .want = want,
                    .count = count,
                    .serial = stencil_3d_serial,
                    .openmp = stencil_3d_openmp};
    return run_case(&c, buffers, 2, want);
}

/* The last ELIMINATION_STEPS steps of an elimination on a 1024 x 1024 matrix, one launch per
   step with a grid over the whole matrix: at the first of them about one thread in a hundred
   has work, at the last two. The C loops visit only the rows and columns that change. */
enum { ELIMINATION_N = 1024, ELIMINATION_STEPS = 100, ELIMINATION_FIRST = ELIMINATION_N - 1 - ELIMINATION_STEPS };
static float *elimination_a, *elimination_start, *elimination_factor;
static struct {
    int32_t n, k;
    float *factor, *a;
} elimination_args;
static void elimination_reset(void) {
    memcpy(elimination_a, elimination_start, (size_t)ELIMINATION_N * ELIMINATION_N * sizeof(float));
}
static void elimination_loops(int parallel) {
    const int n = ELIMINATION_N;
    float *a = elimination_a, *factor = elimination_factor;
    for (int k = ELIMINATION_FIRST; k < n - 1; k++) {
#pragma omp parallel for if (parallel)
        for (int row = k + 1; row < n; row++) {
            float f = factor[row];
#pragma omp simd
            for (int col = k; col < n; col++) a[row * n + col] -= f * a[k * n + col];
        }
    }
}
static void elimination_serial(void) { elimination_loops(0); }
static void elimination_openmp(void) { elimination_loops(1); }
static void elimination_step(bench_case* c, int launch, bench_side side) {
    int32_t k = ELIMINATION_FIRST + launch;
    if (side == SIDE_OURS)
        elimination_args.k = k; /* a queued launch copies its arguments */
    else
        clSetKernelArg(c->cl, 1, sizeof k, &k);
}

static int bench_elimination(const char* name, uint32_t block) {
    size_t bytes = (size_t)ELIMINATION_N * ELIMINATION_N * sizeof(float);
    shared_buffer buffers[2] = {buffer_new(bytes), buffer_new(ELIMINATION_N * sizeof(float))};
    shared_buffer a = buffers[0], factor = buffers[1];
    float *want = (float*)malloc(bytes), *start = (float*)malloc(bytes);
    if (!a.host || !factor.host || !want || !start) {
        free(start);
        return 0;
    }
    elimination_factor = (float*)factor.host;
    for (int r = 0; r < ELIMINATION_N; r++) elimination_factor[r] = (float)(r % 5 - 2) / 1024.0f;
    for (int i = 0; i < ELIMINATION_N * ELIMINATION_N; i++) start[i] = 1.0f + (float)(i % 13) / 16.0f;
    elimination_start = start;
    elimination_a = want;
    elimination_reset();
    elimination_serial();
    elimination_a = (float*)a.host;
    elimination_args.n = ELIMINATION_N;
    elimination_args.factor = elimination_factor;
    elimination_args.a = elimination_a;
    int n = ELIMINATION_N, k = 0;
    bench_case c = {.name = name,
                    .program = ours.loops,
                    .kernel = "eliminate",
                    .grid = {ELIMINATION_N / block, ELIMINATION_N / block, 1},
                    .block = {block, block, 1},
                    .args = &elimination_args,
                    .args_size = sizeof elimination_args,
                    .cl = cl_kernel_with("eliminate", 4, (size_t[]){sizeof n, sizeof k, sizeof factor.cl, sizeof a.cl},
                                         (const void*[]){&n, &k, &factor.cl, &a.cl}),
                    .launches = ELIMINATION_STEPS,
                    .step = elimination_step,
                    .per = PER_THREAD,
                    .result = &buffers[0],
                    .want = want,
                    .count = (size_t)ELIMINATION_N * ELIMINATION_N,
                    .reset = elimination_reset,
                    .serial = elimination_serial,
                    .openmp = elimination_openmp};
    int ok = run_case(&c, buffers, 2, want);
    free(start);
    return ok;
}

/* The cost of a launch: LAUNCHES launches of add_one over 4096 elements in 256-thread blocks;
   the C loops run the same number of loops over the elements, the OpenMP one a parallel loop
   each time. */
enum { LAUNCH_N = 4096, LAUNCHES = 20000 };
static float* launch_y;
static void launch_reset(void) { memset(launch_y, 0, LAUNCH_N * sizeof(float)); }
static void launch_loops(int parallel) {
    for (int l = 0; l < LAUNCHES; l++) {
#pragma omp parallel for simd if (parallel)
        for (int i = 0; i < LAUNCH_N; i++) launch_y[i] += 1.0f;
    }
}
static void launch_serial(void) { launch_loops(0); }
static void launch_openmp(void) { launch_loops(1); }

static int bench_launches(void) {
    shared_buffer buffers[1] = {buffer_new(LAUNCH_N * sizeof(float))};
    shared_buffer y = buffers[0];
    float* want = (float*)malloc(LAUNCH_N * sizeof(float));
    if (!y.host || !want) return 0;
    launch_y = want;
    launch_reset();
    launch_serial();
    launch_y = (float*)y.host;
    struct {
        int32_t n;
        float* y;
    } args = {LAUNCH_N, launch_y};
    int n = LAUNCH_N;
    bench_case c = {.name = "launch_4096_threads",
                    .program = ours.loops,
                    .kernel = "add_one",
                    .grid = {LAUNCH_N / 256, 1, 1},
                    .block = {256, 1, 1},
                    .args = &args,
                    .args_size = sizeof args,
                    .cl = cl_kernel_with("add_one", 2, (size_t[]){sizeof n, sizeof y.cl}, (const void*[]){&n, &y.cl}),
                    .launches = LAUNCHES,
                    .per = PER_LAUNCH,
                    .result = &buffers[0],
                    .want = want,
                    .count = LAUNCH_N,
                    .reset = launch_reset,
                    .serial = launch_serial,
                    .openmp = launch_openmp};
    return run_case(&c, buffers, 1, want);
}

/* A Needleman-Wunsch-like score over a 2048 x 2048 similarity matrix in 16 x 16 tiles, one
   launch per diagonal of tiles (255), one 16-thread block per tile, a barrier after each of
   the 31 anti-diagonals inside a tile. The serial loop fills the rows in order; the OpenMP one
   sweeps the same diagonals of tiles, the tiles of a diagonal in parallel, each row by row (a
   cell needs its left neighbour: nothing to vectorise). */
enum { WAVE_N = 2048, WAVE_TILE = 16, WAVE_TILES = WAVE_N / WAVE_TILE, WAVE_W = WAVE_N + 1 };
static const float wave_gap = 1.0f;
static float *wave_similarity, *wave_score;
static struct {
    int32_t n, diagonal;
    float gap;
    float *similarity, *score;
} wave_args;
static void wave_reset(void) {
    for (int i = 0; i < WAVE_W; i++) wave_score[i] = wave_score[(size_t)i * WAVE_W] = -(float)i * wave_gap;
}
static void wave_cell(int i, int j) {
    float* s = wave_score;
    float diagonal = s[(i - 1) * WAVE_W + j - 1] + wave_similarity[(i - 1) * WAVE_N + j - 1];
    float up = s[(i - 1) * WAVE_W + j], left = s[i * WAVE_W + j - 1];
    float side = (up > left ? up : left) - wave_gap;
    s[i * WAVE_W + j] = diagonal > side ? diagonal : side;
}
static void wave_serial(void) {
    for (int i = 1; i < WAVE_W; i++)
        for (int j = 1; j < WAVE_W; j++) wave_cell(i, j);
}
static void wave_openmp(void) {
    for (int d = 0; d < 2 * WAVE_TILES - 1; d++) {
        int first = d < WAVE_TILES ? 0 : d - WAVE_TILES + 1, last = d < WAVE_TILES ? d : WAVE_TILES - 1;
#pragma omp parallel for
        for (int tile_row = first; tile_row <= last; tile_row++) {
            int r0 = tile_row * WAVE_TILE + 1, c0 = (d - tile_row) * WAVE_TILE + 1;
            for (int i = r0; i < r0 + WAVE_TILE; i++)
                for (int j = c0; j < c0 + WAVE_TILE; j++) wave_cell(i, j);
        }
    }
}
static void wave_step(bench_case* c, int diagonal, bench_side side) {
    int first = diagonal < WAVE_TILES ? 0 : diagonal - WAVE_TILES + 1;
    int last = diagonal < WAVE_TILES ? diagonal : WAVE_TILES - 1;
    c->grid[0] = (uint32_t)(last - first + 1);
    if (side == SIDE_OURS)
        wave_args.diagonal = diagonal;
    else
        clSetKernelArg(c->cl, 1, sizeof diagonal, &diagonal);
}

static int bench_wavefront(void) {
    size_t cells = (size_t)WAVE_W * WAVE_W;
    shared_buffer buffers[2] = {buffer_new((size_t)WAVE_N * WAVE_N * sizeof(float)), buffer_new(cells * sizeof(float))};
    shared_buffer similarity = buffers[0], score = buffers[1];
    float* want = (float*)calloc(cells, sizeof(float));
    if (!similarity.host || !score.host || !want) return 0;
    wave_similarity = (float*)similarity.host;
    for (int i = 0; i < WAVE_N; i++)
        for (int j = 0; j < WAVE_N; j++) /* small integers: every score is exact */
            wave_similarity[i * WAVE_N + j] = (float)((i * 5 + j * 3 + (i * j) % 11) % 7 - 3);
    wave_score = want;
    wave_reset();
    wave_serial();
    wave_score = (float*)score.host;
    wave_args.n = WAVE_N;
    wave_args.gap = wave_gap;
    wave_args.similarity = wave_similarity;
    wave_args.score = wave_score;
    int n = WAVE_N, diagonal = 0;
    bench_case c = {.name = "wavefront_2048_tiles_16",
                    .program = ours.loops,
                    .kernel = "wavefront_tile",
                    .grid = {1, 1, 1},
                    .block = {WAVE_TILE, 1, 1},
                    .args = &wave_args,
                    .args_size = sizeof wave_args,
                    .cl = cl_kernel_with(
                        "wavefront_tile", 5,
                        (size_t[]){sizeof n, sizeof diagonal, sizeof wave_gap, sizeof similarity.cl, sizeof score.cl},
                        (const void*[]){&n, &diagonal, &wave_gap, &similarity.cl, &score.cl}),
                    .launches = 2 * WAVE_TILES - 1,
                    .step = wave_step,
                    .result = &buffers[1],
                    .want = want,
                    .count = cells,
                    .reset = wave_reset,
                    .serial = wave_serial,
                    .openmp = wave_openmp};
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
    bench_case c = {.name = "cuda_ir_reduce_dynamic_2048x256",
                    .program = ours.cuda_reduce,
                    .kernel = "reduce_dynamic",
                    .grid = {CUDA_REDUCE_BLOCKS, 1, 1},
                    .block = {CUDA_REDUCE_THREADS, 1, 1},
                    .shared = shared,
                    .args = &args,
                    .args_size = sizeof args,
                    .cl = cl_kernel_with("cuda_reduce_dynamic", 4,
                                         (size_t[]){sizeof in.cl, sizeof out.cl, sizeof n, shared},
                                         (const void*[]){&in.cl, &out.cl, &n, NULL}),
                    .result = &buffers[1],
                    .want = want,
                    .count = CUDA_REDUCE_BLOCKS,
                    .serial = reduce_serial,
                    .openmp = reduce_openmp};
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
    bench_case c = {.name = "cuda_ir_scan_blelloch_8192x512",
                    .program = ours.cuda_shared,
                    .kernel = "scan_blelloch",
                    .grid = {SCAN_BLOCKS, 1, 1},
                    .block = {256, 1, 1},
                    .args = &args,
                    .args_size = sizeof args,
                    .cl = cl_kernel_with("cuda_scan_blelloch", 4,
                                         (size_t[]){sizeof in.cl, sizeof out.cl, sizeof totals.cl, sizeof n},
                                         (const void*[]){&in.cl, &out.cl, &totals.cl, &n}),
                    .result = &buffers[1],
                    .want = want,
                    .count = SCAN_N,
                    .serial = scan_serial,
                    .openmp = scan_openmp};
    return run_case(&c, buffers, 3, want);
}

/* ---- first load in a fresh process: loops.ll against pocl building the same kernels ---- */

/* The kernels of loops.ll (and of kernels.cl's section of them), each launched once, as one
   block of the shape the rows above use, with arguments that keep it small: 'i' an int 16, '0'
   an int 0, 'f' a float 1, 'p' a buffer of its own. */
static const struct loop_kernel {
    const char* name;
    const char* params;
    uint32_t block[2];
} loop_kernels[] = {{"gemv_columns", "ippp", {256, 1}}, {"gemv_rows", "ippp", {256, 1}},
                    {"stencil_3d", "iiipp", {32, 8}},   {"eliminate", "i0pp", {16, 16}},
                    {"add_one", "ip", {256, 1}},        {"wavefront_tile", "i0fpp", {16, 1}}};
enum { LOOP_KERNELS = sizeof loop_kernels / sizeof loop_kernels[0], SCRATCH_FLOATS = 16 * 16 * 16 };

/* Where kernels.cl's section of loops.c's kernels starts; it runs to the end of the file. */
#define LOOPS_SECTION "/* The kernels of tests/data/workgroup/loops.c"

/* The measured program of one side: prints "<build and first launches ms> <the same with the
   context's creation ms>". 0 on success. compile_threads is the context's (0: the default). */
static int first_load_ours(const char* loops_path, uint32_t compile_threads) {
    static float scratch[3][SCRATCH_FLOATS];
    double t0 = now_ms();
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1; /* the environment could name a disk cache */
    desc.jit.compile_threads = compile_threads;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return 1;
    double t1 = now_ms();
    offload_program program;
    const char* error = NULL;
    int ok = ours_load(ctx, loops_path, &program, &error);
    for (int i = 0; ok && i < LOOP_KERNELS; i++) {
        const struct loop_kernel* lk = &loop_kernels[i];
        unsigned char storage[64];
        offload_args a;
        offload_args_init(&a, storage, sizeof storage);
        for (int p = 0, buffers = 0; lk->params[p]; p++) {
            char kind = lk->params[p];
            if (kind == 'p')
                offload_args_ptr(&a, scratch[buffers++]);
            else if (kind == 'f')
                offload_args_f32(&a, 1.0f);
            else
                offload_args_i32(&a, kind == '0' ? 0 : 16);
        }
        offload_kernel k;
        offload_launch_desc d = {{1, 1, 1}, {lk->block[0], lk->block[1], 1}, 0, a.data, a.size};
        ok = a.result == OFFLOAD_SUCCESS && offload_kernel_get(ctx, program, lk->name, &k) == OFFLOAD_SUCCESS &&
             offload_launch(ctx, (offload_queue){0}, k, &d) == OFFLOAD_SUCCESS;
        error = offload_context_last_error(ctx);
    }
    double t2 = now_ms();
    if (!ok)
        fprintf(stderr, "bench_kernels --first-load ours: %s\n", error);
    else
        printf("%.3f %.3f\n", t2 - t1, t2 - t0);
    offload_context_destroy(ctx);
    return !ok;
}

static int first_load_pocl(const char* cl_path) {
    size_t size = 0;
    char* source = test_read_file(cl_path, &size);
    const char* section = source ? strstr(source, LOOPS_SECTION) : NULL;
    if (!section) {
        fprintf(stderr, "bench_kernels --first-load pocl: no \"%s\" in %s\n", LOOPS_SECTION, cl_path);
        free(source);
        return 1;
    }
    double t0 = now_ms();
    int ok = pocl_setup();
    double t1 = now_ms();
    ok = ok && pocl_build(section);
    cl_mem scratch[3] = {0};
    for (int i = 0; ok && i < 3; i++)
        ok = (scratch[i] =
                  clCreateBuffer(pocl.context, CL_MEM_READ_WRITE, SCRATCH_FLOATS * sizeof(float), NULL, NULL)) != NULL;
    cl_kernel kernels[LOOP_KERNELS] = {0};
    for (int i = 0; ok && i < LOOP_KERNELS; i++) {
        const struct loop_kernel* lk = &loop_kernels[i];
        kernels[i] = clCreateKernel(pocl.program, lk->name, NULL);
        ok = kernels[i] != NULL;
        for (cl_uint p = 0, buffers = 0; ok && lk->params[p]; p++) {
            char kind = lk->params[p];
            int value = kind == '0' ? 0 : 16;
            float one = 1.0f;
            ok = (kind == 'p'   ? clSetKernelArg(kernels[i], p, sizeof(cl_mem), &scratch[buffers++])
                  : kind == 'f' ? clSetKernelArg(kernels[i], p, sizeof one, &one)
                                : clSetKernelArg(kernels[i], p, sizeof value, &value)) == CL_SUCCESS;
        }
        size_t local[2] = {lk->block[0], lk->block[1]};
        ok = ok && clEnqueueNDRangeKernel(pocl.queue, kernels[i], 2, NULL, local, local, 0, NULL, NULL) == CL_SUCCESS;
    }
    ok = ok && clFinish(pocl.queue) == CL_SUCCESS;
    double t2 = now_ms();
    if (!ok)
        fprintf(stderr, "bench_kernels --first-load pocl: a build, kernel or enqueue failed\n");
    else
        printf("%.3f %.3f\n", t2 - t1, t2 - t0);
    free(source);
    return !ok;
}

/* Runs this program as `--first-load side loops cl` with pocl's kernel cache off, and reads the
   two times it prints. 0 when it could not start, failed or printed something else. */
static int first_load_child(const char* side, const char* loops_path, const char* cl_path, double times[2]) {
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return 0;
    self[n] = '\0';
    size_t count = 0;
    while (environ[count]) count++;
    char** env = (char**)calloc(count + 2, sizeof *env);
    int out[2];
    if (!env || pipe(out) != 0) {
        free(env);
        return 0;
    }
    env[0] = "POCL_KERNEL_CACHE=0"; /* first in the list: getenv finds it before any other */
    memcpy(env + 1, environ, count * sizeof *env);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    char* argv[] = {self, "--first-load", (char*)side, (char*)loops_path, (char*)cl_path, NULL};
    pid_t pid;
    int started = posix_spawn(&pid, self, &actions, NULL, argv, env) == 0, status = 0;
    posix_spawn_file_actions_destroy(&actions);
    free(env);
    close(out[1]);
    FILE* from = fdopen(out[0], "r");
    int got = from && fscanf(from, "%lf %lf", &times[0], &times[1]) == 2;
    if (from)
        fclose(from);
    else
        close(out[0]);
    if (started) waitpid(pid, &status, 0);
    return started && got && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* FRESH_PROCESSES processes per side, alternating (a first triple, not counted, warms the page
   cache); rows for the build and first launches, and for the same with the context's creation,
   against pocl; and ours as it is against ours compiling the six kernels on one thread
   (desc.jit.compile_threads = 1: one object, no parts side by side, jit/split.inc). */
static int bench_first_load(const char* loops_path, const char* cl_path) {
    double ours_ms[2][FRESH_PROCESSES], pocl_ms[2][FRESH_PROCESSES], one_thread_ms[2][FRESH_PROCESSES];
    for (int r = -1; r < FRESH_PROCESSES; r++) {
        double o[2], p[2], t[2];
        if (!first_load_child("ours", loops_path, cl_path, o) || !first_load_child("pocl", loops_path, cl_path, p) ||
            !first_load_child("ours-one-thread", loops_path, cl_path, t)) {
            fprintf(stderr, "bench_kernels: a --first-load process failed\n");
            return 0;
        }
        for (int i = 0; r >= 0 && i < 2; i++) ours_ms[i][r] = o[i], pocl_ms[i][r] = p[i], one_thread_ms[i][r] = t[i];
    }
    const char* names[2] = {"first_load_loops_6_kernels", "first_load_loops_6_kernels_with_context"};
    for (int i = 0; i < 2; i++) {
        double o = median(ours_ms[i], FRESH_PROCESSES), p = median(pocl_ms[i], FRESH_PROCESSES);
        printf("%s_vs_pocl: ours=%.3fms peer=%.3fms ratio=%.2f\n", names[i], o, p, o / p);
    }
    double o = median(ours_ms[0], FRESH_PROCESSES), t = median(one_thread_ms[0], FRESH_PROCESSES);
    printf("%s_vs_one_compile_thread: ours=%.3fms peer=%.3fms ratio=%.2f\n", names[0], o, t, o / t);
    return 1;
}

int main(int argc, char** argv) {
    if (argc == 5 && !strcmp(argv[1], "--first-load"))
        return !strcmp(argv[2], "ours")              ? first_load_ours(argv[3], 0)
               : !strcmp(argv[2], "ours-one-thread") ? first_load_ours(argv[3], 1)
                                                     : first_load_pocl(argv[4]);
    if (argc != 4 && argc != 7) {
        fprintf(stderr,
                "usage: bench_kernels KERNELS.ll LOOPS.ll KERNELS.cl [CUDA_REDUCE.ll CUDA_SHARED.ll CUDA_LOOPS.ll]\n");
        return 2;
    }
    if (!pocl_open(argv[3])) {
        printf("skipped: no OpenCL CPU device (pocl) could build %s\n", argv[3]);
        return 0;
    }
    if (!ours_open(argv[1], argv[2])) return 1;
    /* BENCH_KERNELS_ONLY=eliminate (or axpy, tree, launch, gemv, stencil_3d, wavefront) runs the rows of the portable kernels whose name
       holds that text, and nothing else (no CUDA IR rows, no first load): one figure, measured
       again. */
    const char* only = getenv("BENCH_KERNELS_ONLY");
#define WANTED(row) (!only || strstr(row, only))
    if (only) {
        int ok = (!WANTED("axpy_sqrt_16Mi") || bench_axpy_sqrt()) & (!WANTED("tree_reduce") || bench_tree_reduce()) &
                 (!WANTED("gemv_columns_4096") || bench_gemv("gemv_columns_4096", ours.loops, "gemv_columns",
                                                             gemv_columns_serial, gemv_columns_openmp)) &
                 (!WANTED("gemv_rows_4096") ||
                  bench_gemv("gemv_rows_4096", ours.loops, "gemv_rows", gemv_rows_serial, gemv_rows_openmp)) &
                 (!WANTED("stencil_3d") || bench_stencil_3d()) &
                 (!WANTED("eliminate_1024_last_100_steps_4x4") ||
                  bench_elimination("eliminate_1024_last_100_steps_4x4", 4)) &
                 (!WANTED("eliminate_1024_last_100_steps_16x16") ||
                  bench_elimination("eliminate_1024_last_100_steps_16x16", 16)) &
                 (!WANTED("launch_4096_threads") || bench_launches()) &
                 (!WANTED("wavefront_2048_tiles_16") || bench_wavefront());
        offload_context_destroy(ours.ctx);
        return ok ? 0 : 1;
    }
#undef WANTED
    int ok = bench_axpy_sqrt() & bench_tree_reduce() &
             bench_matmul("matmul_tiled_1024", ours.program, 0, "matmul_tiled") &
             bench_stencil("stencil_2d_2048", ours.program, "stencil_2d", "stencil_2d");
    ok &= bench_gemv("gemv_columns_4096", ours.loops, "gemv_columns", gemv_columns_serial, gemv_columns_openmp) &
          bench_gemv("gemv_rows_4096", ours.loops, "gemv_rows", gemv_rows_serial, gemv_rows_openmp) &
          bench_stencil_3d() & bench_elimination("eliminate_1024_last_100_steps_4x4", 4) &
          bench_elimination("eliminate_1024_last_100_steps_16x16", 16) & bench_launches() & bench_wavefront();
    if (argc == 7 && ours_open_cuda(argv[4], argv[5], argv[6]))
        ok &= bench_cuda_reduce() & bench_cuda_scan() &
              bench_matmul("cuda_ir_matmul_tiled_1024", ours.cuda_shared, 1, "cuda_matmul_tiled") &
              bench_stencil("cuda_ir_stencil5_2048", ours.cuda_shared, "stencil5", "cuda_stencil5") &
              bench_gemv("cuda_ir_gemv_columns_4096", ours.cuda_loops, "gemv_columns", gemv_columns_serial,
                         gemv_columns_openmp);
    ok &= bench_first_load(argv[2], argv[3]);
    offload_queue_destroy(ours.ctx, ours.queue);
    offload_program_destroy(ours.ctx, ours.program);
    offload_program_destroy(ours.ctx, ours.loops);
    if (ours.cuda_reduce.id) offload_program_destroy(ours.ctx, ours.cuda_reduce);
    if (ours.cuda_shared.id) offload_program_destroy(ours.ctx, ours.cuda_shared);
    if (ours.cuda_loops.id) offload_program_destroy(ours.ctx, ours.cuda_loops);
    offload_context_destroy(ours.ctx);
    clReleaseProgram(pocl.program);
    clReleaseCommandQueue(pocl.queue);
    clReleaseContext(pocl.context);
    return ok ? 0 : 1;
}
