/* tests/test_loop_kernels.c — the kernels of tests/data/workgroup/loops.c (portable IR made by
   make.sh there), which bench/bench_kernels.c times, run at small sizes on the host device and
   compared with a C reference: matrix-vector products by columns and by rows, a 3D stencil
   walked along z, elimination steps launched one per step on a queue (4 x 4 and 16 x 16 blocks,
   a grid over the whole matrix), a kernel launched several times, and a wavefront sweep with a
   barrier in a loop, launched diagonal by diagonal. Sizes are no multiple of the block, so the
   guards on the global id are tested too. Integer-valued data make every float result exact
   except the elimination's, which is compared within a relative 1e-5 (the JIT may fuse its
   multiply-add). */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <math.h>
#include <stdint.h>

#ifdef OFFLOAD_NO_JIT
int main(void) { return test_skip_all("test_loop_kernels", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

#define LOOPS_IR OFFLOAD_TEST_ROOT "/tests/data/workgroup/loops.ll"

typedef struct loops {
    offload_context* ctx;
    offload_device dev;
    offload_program program;
} loops;

static int loops_open(loops* l) {
    l->ctx = make_context_with(NULL);
    if (!l->ctx) return 0;
    offload_device_get(l->ctx, 0, &l->dev);
    offload_result r = program_from_file(l->ctx, l->dev, LOOPS_IR, &l->program);
    if (r != OFFLOAD_SUCCESS) fprintf(stderr, "  loading %s: %s\n", LOOPS_IR, offload_context_last_error(l->ctx));
    return r == OFFLOAD_SUCCESS;
}

static void loops_close(loops* l) {
    if (l->program.id) offload_program_destroy(l->ctx, l->program);
    if (l->ctx) offload_context_destroy(l->ctx);
}

/* Device memory of count floats; the context frees it. */
static float* floats(loops* l, size_t count) {
    void* p = NULL;
    return offload_mem_alloc(l->ctx, l->dev, OFFLOAD_MEM_DEVICE, count * sizeof(float), &p) == OFFLOAD_SUCCESS
               ? (float*)p
               : NULL;
}

/* Launches name on queue (0: synchronously). */
static offload_result launch(loops* l, offload_queue queue, const char* name, uint32_t gx, uint32_t gy, uint32_t bx,
                             uint32_t by, const void* args, size_t size) {
    offload_kernel k;
    offload_result r = offload_kernel_get(l->ctx, l->program, name, &k);
    if (r != OFFLOAD_SUCCESS) return r;
    offload_launch_desc d = {{gx, gy, 1}, {bx, by, 1}, 0, args, size};
    return offload_launch(l->ctx, queue, k, &d);
}

static uint32_t blocks(int n, uint32_t block) { return ((uint32_t)n + block - 1) / block; }

/* ---- matrix-vector products ---- */

typedef struct {
    int32_t n;
    const float *a, *x;
    float* y;
} gemv_args;

/* y = A x (rows) or y = A^T x (columns) on the device, against the C loops; n = 300 with
   64-thread blocks leaves the last block part empty. */
static void gemv_with(const char* kernel, int by_columns) {
    loops l = {0};
    REQUIRE(loops_open(&l));
    enum { N = 300 };
    float *a = floats(&l, N * N), *x = floats(&l, N), *y = floats(&l, N + 64);
    REQUIRE(a && x && y);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) a[i * N + j] = (float)((i * 7 + j * 3) % 9 - 4);
    for (int i = 0; i < N; i++) x[i] = (float)(i % 5 - 2);
    for (int i = 0; i < N + 64; i++) y[i] = -1.0f;
    gemv_args args = {N, a, x, y};
    CHECK_OK(l.ctx, launch(&l, (offload_queue){0}, kernel, blocks(N, 64), 1, 64, 1, &args, sizeof args));
    int wrong = 0;
    for (int r = 0; r < N; r++) {
        float sum = 0.0f;
        for (int c = 0; c < N; c++) sum += (by_columns ? a[c * N + r] : a[r * N + c]) * x[c];
        wrong += y[r] != sum;
    }
    for (int i = N; i < N + 64; i++) wrong += y[i] != -1.0f; /* beyond n: not written */
    CHECK(wrong == 0);
    loops_close(&l);
}

static void test_gemv_columns(void) { gemv_with("gemv_columns", 1); }
static void test_gemv_rows(void) { gemv_with("gemv_rows", 0); }

/* ---- 3D stencil ---- */

static void test_stencil_3d_walked_along_z(void) {
    loops l = {0};
    REQUIRE(loops_open(&l));
    enum { NX = 45, NY = 20, NZ = 7, POINTS = NX * NY * NZ };
    float *in = floats(&l, POINTS), *out = floats(&l, POINTS);
    REQUIRE(in && out);
    for (int i = 0; i < POINTS; i++) {
        in[i] = (float)((i * 37) % 101);
        out[i] = -1.0f;
    }
    struct {
        int32_t nx, ny, nz;
        const float* in;
        float* out;
    } args = {NX, NY, NZ, in, out};
    CHECK_OK(l.ctx,
             launch(&l, (offload_queue){0}, "stencil_3d", blocks(NX, 32), blocks(NY, 8), 32, 8, &args, sizeof args));
    int wrong = 0;
    for (int z = 0; z < NZ; z++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) {
                int c = (z * NY + y) * NX + x;
                float expect = -1.0f; /* the boundary is not written */
                if (x > 0 && y > 0 && z > 0 && x < NX - 1 && y < NY - 1 && z < NZ - 1)
                    expect = 0.25f * in[c] + 0.125f * (in[c - 1] + in[c + 1] + in[c - NX] + in[c + NX] +
                                                       in[c - NX * NY] + in[c + NX * NY]);
                wrong += out[c] != expect;
            }
    CHECK(wrong == 0);
    loops_close(&l);
}

/* ---- elimination, one launch per step ---- */

/* Every step of a 40 x 40 elimination, launched on a queue with a grid over the whole matrix
   (so most threads of the late steps return at once), against the C loops. */
static void eliminate_with(uint32_t block) {
    loops l = {0};
    REQUIRE(loops_open(&l));
    enum { N = 40 };
    float *a = floats(&l, N * N), *factor = floats(&l, N), want[N * N];
    REQUIRE(a && factor);
    for (int i = 0; i < N * N; i++) want[i] = a[i] = 1.0f + (float)(i % 13) / 16.0f;
    for (int r = 0; r < N; r++) factor[r] = (float)(r % 5 - 2) / 1024.0f;
    offload_queue queue;
    REQUIRE_OK(l.ctx, offload_queue_create(l.ctx, l.dev, &queue));
    for (int32_t k = 0; k < N - 1; k++) {
        struct {
            int32_t n, k;
            const float* factor;
            float* a;
        } args = {N, k, factor, a}; /* a queued launch copies its arguments */
        CHECK_OK(l.ctx,
                 launch(&l, queue, "eliminate", blocks(N, block), blocks(N, block), block, block, &args, sizeof args));
        for (int r = k + 1; r < N; r++)
            for (int c = k; c < N; c++) want[r * N + c] -= factor[r] * want[k * N + c];
    }
    CHECK_OK(l.ctx, offload_queue_synchronize(l.ctx, queue));
    CHECK_OK(l.ctx, offload_queue_destroy(l.ctx, queue));
    int wrong = 0;
    for (int i = 0; i < N * N; i++) wrong += fabsf(a[i] - want[i]) > 1e-5f * fmaxf(1.0f, fabsf(want[i]));
    CHECK(wrong == 0);
    loops_close(&l);
}

static void test_eliminate_4x4_blocks(void) { eliminate_with(4); }
static void test_eliminate_16x16_blocks(void) { eliminate_with(16); }

/* ---- a kernel that does next to nothing, launched again and again ---- */

static void test_add_one_launched_repeatedly(void) {
    loops l = {0};
    REQUIRE(loops_open(&l));
    enum { N = 1000, LAUNCHES = 50, BLOCK = 256 };
    float* y = floats(&l, BLOCK * blocks(N, BLOCK));
    REQUIRE(y);
    for (uint32_t i = 0; i < BLOCK * blocks(N, BLOCK); i++) y[i] = -1.0f;
    offload_queue queue;
    REQUIRE_OK(l.ctx, offload_queue_create(l.ctx, l.dev, &queue));
    struct {
        int32_t n;
        float* y;
    } args = {N, y};
    for (int i = 0; i < LAUNCHES; i++)
        CHECK_OK(l.ctx, launch(&l, queue, "add_one", blocks(N, BLOCK), 1, BLOCK, 1, &args, sizeof args));
    CHECK_OK(l.ctx, offload_queue_synchronize(l.ctx, queue));
    CHECK_OK(l.ctx, offload_queue_destroy(l.ctx, queue));
    int wrong = 0;
    for (uint32_t i = 0; i < BLOCK * blocks(N, BLOCK); i++) wrong += y[i] != (i < N ? LAUNCHES - 1.0f : -1.0f);
    CHECK(wrong == 0);
    loops_close(&l);
}

/* ---- wavefront: a barrier inside a loop, one launch per diagonal of tiles ---- */

static void test_wavefront_diagonal_by_diagonal(void) {
    loops l = {0};
    REQUIRE(loops_open(&l));
    enum { N = 64, TILE = 16, TILES = N / TILE, W = N + 1 };
    const float gap = 1.0f;
    float *similarity = floats(&l, N * N), *score = floats(&l, W * W), want[W * W];
    REQUIRE(similarity && score);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) similarity[i * N + j] = (float)((i * 5 + j * 3) % 7 - 3);
    for (int i = 0; i < W * W; i++) score[i] = -100.0f;
    for (int i = 0; i < W; i++) score[i] = score[i * W] = -(float)i * gap;
    memcpy(want, score, sizeof want);
    for (int i = 1; i < W; i++)
        for (int j = 1; j < W; j++) {
            float diagonal = want[(i - 1) * W + j - 1] + similarity[(i - 1) * N + j - 1];
            float up = want[(i - 1) * W + j], left = want[i * W + j - 1];
            float side = (up > left ? up : left) - gap;
            want[i * W + j] = diagonal > side ? diagonal : side;
        }
    for (int32_t d = 0; d < 2 * TILES - 1; d++) {
        struct {
            int32_t n, diagonal;
            float gap;
            const float* similarity;
            float* score;
        } args = {N, d, gap, similarity, score};
        uint32_t first = d < TILES ? 0 : (uint32_t)(d - TILES + 1), last = d < TILES ? (uint32_t)d : TILES - 1;
        CHECK_OK(l.ctx,
                 launch(&l, (offload_queue){0}, "wavefront_tile", last - first + 1, 1, TILE, 1, &args, sizeof args));
    }
    int wrong = 0;
    for (int i = 0; i < W * W; i++) wrong += score[i] != want[i];
    CHECK(wrong == 0);
    loops_close(&l);
}

int main(void) {
    RUN(test_gemv_columns);
    RUN(test_gemv_rows);
    RUN(test_stencil_3d_walked_along_z);
    RUN(test_eliminate_4x4_blocks);
    RUN(test_eliminate_16x16_blocks);
    RUN(test_add_one_launched_repeatedly);
    RUN(test_wavefront_diagonal_by_diagonal);
    return test_summary();
}
#endif
