/* bench/bench_checks.c — what the host device's checks cost (offload_context_desc.host_checks):
   the work-group tests' kernels (tests/data/workgroup/kernels.ll: an elementwise axpy, a tree
   reduction through dynamic shared memory, a tiled matrix multiply and a 2D stencil, both
   through static shared tiles) in a context without checks and in contexts with memcheck, with
   memcheck and synccheck, with racecheck, and with initcheck, in one process (the inputs are
   copied in, as initcheck wants). Each kernel runs ROUNDS rounds after a warm-up
   (which also compiles it), the contexts alternating round by round so that machine noise hits
   them alike; the reported time is the median round, and every context's results are compared
   with the unchecked one's. Output, one line per kernel and check set:
       <kernel>_<checks>: unchecked=<ms>ms checked=<ms>ms ratio=<checked/unchecked> */
#define _GNU_SOURCE
#include "offload.h"
#include "stats.h"
#include "../tests/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROUNDS = 9, SIDES = 5 };

static const uint32_t side_checks[SIDES] = {0, OFFLOAD_HOST_CHECK_MEMCHECK,
                                            OFFLOAD_HOST_CHECK_MEMCHECK | OFFLOAD_HOST_CHECK_SYNCCHECK,
                                            OFFLOAD_HOST_CHECK_RACECHECK, OFFLOAD_HOST_CHECK_INITCHECK};
static const char* const side_names[SIDES] = {"none", "memcheck", "memcheck_synccheck", "racecheck", "initcheck"};

typedef struct side {
    offload_context* ctx;
    offload_program program;
    float *a, *b, *c; /* device memory, the same inputs on every side */
} side;

enum { AXPY_N = 1 << 22, REDUCE_N = 1 << 22, MATMUL_N = 256, STENCIL_W = 1024, STENCIL_H = 1024 };
#define BUFFER_FLOATS ((size_t)AXPY_N)

static void fail(const side* s, const char* what) {
    fprintf(stderr, "bench_checks: %s: %s\n", what, s->ctx ? offload_context_last_error(s->ctx) : "no context");
    exit(1);
}

static void open_side(side* s, uint32_t checks, const char* ir, size_t size) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.host_checks = checks;
    if (offload_context_create(&desc, &s->ctx) != OFFLOAD_SUCCESS) fail(s, "context");
    offload_device dev = {0};
    offload_device_get(s->ctx, 0, &dev);
    offload_program_desc pd = {.image = ir, .size = size, .name = "kernels"};
    if (offload_program_create(s->ctx, dev, &pd, &s->program) != OFFLOAD_SUCCESS) fail(s, "program");
    float** buffers[3] = {&s->a, &s->b, &s->c};
    float* host = (float*)malloc(BUFFER_FLOATS * sizeof(float));
    if (!host) fail(s, "host memory");
    for (int i = 0; i < 3; i++) {
        if (offload_mem_alloc(s->ctx, dev, OFFLOAD_MEM_DEVICE, BUFFER_FLOATS * sizeof(float), (void**)buffers[i]) !=
            OFFLOAD_SUCCESS)
            fail(s, "memory");
        for (size_t j = 0; j < BUFFER_FLOATS; j++)
            host[j] = i == 0 ? (float)(j % 17) * 0.25f : i == 1 ? (float)(j % 13) * 0.5f : 1.0f;
        if (offload_memcpy(s->ctx, dev, *buffers[i], dev, host, BUFFER_FLOATS * sizeof(float)) != OFFLOAD_SUCCESS)
            fail(s, "copy");
    }
    free(host);
}

static void launch(side* s, const char* name, uint32_t gx, uint32_t gy, uint32_t bx, uint32_t by, size_t shared,
                   const void* args, size_t size) {
    offload_kernel k;
    if (offload_kernel_get(s->ctx, s->program, name, &k) != OFFLOAD_SUCCESS) fail(s, name);
    offload_launch_desc d = {{gx, gy, 1}, {bx, by, 1}, shared, args, size};
    if (offload_launch(s->ctx, (offload_queue){0}, k, &d) != OFFLOAD_SUCCESS) fail(s, name);
}

static void run_axpy(side* s) {
    struct {
        int32_t n;
        float a;
        const float* x;
        float* y;
    } args = {AXPY_N, 0.5f, s->a, s->c};
    launch(s, "axpy_sqrt", AXPY_N / 256, 1, 256, 1, 0, &args, sizeof args);
}

static void run_reduce(side* s) {
    struct {
        const float* in;
        float* out;
        int32_t n;
    } args = {s->a, s->c, REDUCE_N};
    launch(s, "tree_reduce", REDUCE_N / 256, 1, 256, 1, 256 * sizeof(float), &args, sizeof args);
}

static void run_matmul(side* s) {
    struct {
        const float *a, *b;
        float* c;
        int32_t n;
    } args = {s->a, s->b, s->c, MATMUL_N};
    launch(s, "matmul_tiled", MATMUL_N / 16, MATMUL_N / 16, 16, 16, 0, &args, sizeof args);
}

static void run_stencil(side* s) {
    struct {
        const float* in;
        float* out;
        int32_t w, h;
    } args = {s->a, s->c, STENCIL_W, STENCIL_H};
    launch(s, "stencil_2d", STENCIL_W / 16, STENCIL_H / 16, 16, 16, 0, &args, sizeof args);
}

typedef struct bench_kernel {
    const char* name;
    void (*run)(side* s);
    size_t result_floats; /* of c, compared across sides */
} bench_kernel;

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: bench_checks KERNELS.ll\n");
        return 2;
    }
    size_t size = 0;
    char* ir = test_read_file(argv[1], &size);
    if (!ir) {
        fprintf(stderr, "bench_checks: cannot read %s\n", argv[1]);
        return 1;
    }
    side sides[SIDES];
    memset(sides, 0, sizeof sides);
    for (int i = 0; i < SIDES; i++) open_side(&sides[i], side_checks[i], ir, size);
    free(ir);
    const bench_kernel kernels[] = {{"axpy", run_axpy, AXPY_N},
                                    {"tree_reduce", run_reduce, REDUCE_N / 256},
                                    {"matmul_tiled", run_matmul, (size_t)MATMUL_N * MATMUL_N},
                                    {"stencil", run_stencil, (size_t)STENCIL_W * STENCIL_H}};
    for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
        double times[SIDES][ROUNDS];
        for (int i = 0; i < SIDES; i++) { /* warm-up, which compiles; axpy's y starts alike */
            for (size_t j = 0; j < BUFFER_FLOATS; j++) sides[i].c[j] = 1.0f;
            kernels[k].run(&sides[i]);
        }
        for (int i = 1; i < SIDES; i++)
            if (memcmp(sides[i].c, sides[0].c, kernels[k].result_floats * sizeof(float)) != 0) {
                fprintf(stderr, "bench_checks: %s with %s gives another result\n", kernels[k].name, side_names[i]);
                return 1;
            }
        for (int r = 0; r < ROUNDS; r++)
            for (int i = 0; i < SIDES; i++) {
                double start = now_ms();
                kernels[k].run(&sides[i]);
                times[i][r] = now_ms() - start;
            }
        double unchecked = median(times[0], ROUNDS);
        for (int i = 1; i < SIDES; i++) {
            double checked = median(times[i], ROUNDS);
            printf("%s_%s: unchecked=%.3fms checked=%.3fms ratio=%.2f\n", kernels[k].name, side_names[i], unchecked,
                   checked, checked / unchecked);
        }
    }
    for (int i = 0; i < SIDES; i++) offload_context_destroy(sides[i].ctx);
    return 0;
}
