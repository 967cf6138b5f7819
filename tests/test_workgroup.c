/* tests/test_workgroup.c — GPU-style kernels on the host device: the JIT compiles each into a
   work-group function (jit/workgroup.inc), so barriers have GPU semantics. Kernels from
   the C sources in tests/data/workgroup (portable IR made by make.sh there): tree reductions through dynamic
   and static shared memory (256- and 1024-thread blocks), a tiled matrix multiply, a stencil
   with a halo, a transpose, early-returning threads, barriers in uniform branches and loops, 3D
   blocks, shared-memory atomics, values of many types live across barriers, twenty barriers;
   every result compared with a C reference. The shapes the compiler refuses (named in the
   error), the one only the run can tell (the launch fails, queued or not), and the block-level
   C ABI with its shared-memory limit. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <pthread.h>
#include <stdint.h>

#define WG_DATA OFFLOAD_TEST_ROOT "/tests/data/workgroup/"

/* ---- the block-level C ABI (no JIT needed) ---- */

/* Each block writes, per thread, the sum of the block's thread ids, computed in two passes
   around a "barrier" (the end of the first loop), through its static shared memory. */
static int block_sum_kernel(const void* args, const offload_host_block* block) {
    int32_t* out = *(int32_t* const*)args;
    int32_t* shared = (int32_t*)block->static_shared_memory;
    uint32_t n = block->block_dim[0];
    int64_t sum = 0;
    for (uint32_t t = 0; t < n; t++) shared[t] = (int32_t)t;
    for (uint32_t t = 0; t < n; t++) sum += shared[t];
    for (uint32_t t = 0; t < n; t++) out[block->block_id[0] * n + t] = (int32_t)sum;
    return ((uintptr_t)block->static_shared_memory % 64) != 0; /* the ABI promises 64-byte alignment */
}

/* Blocks 3 and 5 fail: a grid this small runs on the launching thread alone, in block order, so
   the launch's error names block 3, the first. */
static int failing_block_kernel(const void* args, const offload_host_block* block) {
    (void)args;
    return block->block_id[0] == 3 || block->block_id[0] == 5;
}

static offload_result load_table(offload_context* ctx, offload_host_symbol* symbols, uint32_t count,
                                 offload_program* out) {
    offload_program_desc desc = {0};
    desc.host_symbols = symbols;
    desc.host_symbol_count = count;
    offload_device dev = {0};
    offload_device_get(ctx, 0, &dev);
    return offload_program_create(ctx, dev, &desc, out);
}

static void test_block_abi(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_host_symbol symbols[2] = {
        {.name = "block_sum", .block_kernel = block_sum_kernel, .static_shared_memory = 64 * 4},
        {.name = "failing", .block_kernel = failing_block_kernel}};
    offload_program prog;
    REQUIRE_OK(ctx, load_table(ctx, symbols, 2, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "block_sum", &k));
    int32_t out[8 * 64];
    int32_t* p = out;
    memset(out, 0, sizeof out);
    offload_launch_desc launch = {{8, 1, 1}, {64, 1, 1}, 0, &p, sizeof p};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    for (int i = 0; i < 8 * 64; i++) CHECK(out[i] == 63 * 64 / 2);

    /* static + dynamic shared memory against the device's limit: exactly the limit runs, a byte more is refused */
    offload_device dev = {0};
    offload_device_info info;
    offload_device_get(ctx, 0, &dev);
    REQUIRE_OK(ctx, offload_device_get_info(ctx, dev, &info));
    launch.shared_memory = (size_t)info.max_shared_memory - 64 * 4;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    launch.shared_memory++;
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_SHARED_MEMORY_EXCEEDED);

    /* a block that reports failure fails the launch, naming the kernel and the first such block */
    offload_kernel f;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "failing", &f));
    offload_launch_desc several = {{8, 1, 1}, {4, 1, 1}, 0, NULL, 0};
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, f, &several), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_BARRIER_DIVERGENCE);
    CHECK(strstr(offload_context_last_error(ctx), "'failing', block (3, 0, 0)") != NULL);
    offload_launch_desc fine = {{3, 1, 1}, {4, 1, 1}, 0, NULL, 0};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, f, &fine));

    /* a symbol must be exactly one thing */
    offload_host_symbol both = {.name = "both", .kernel = NULL, .block_kernel = block_sum_kernel, .address = out};
    offload_program bad;
    CHECK_RESULT(ctx, load_table(ctx, &both, 1, &bad), OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_HOST_SYMBOL_MALFORMED);
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    offload_context_destroy(ctx);
}

#ifdef OFFLOAD_NO_JIT
static void test_jit_kernels(void) { SKIP("the JIT is not compiled in (OFFLOAD_NO_JIT)"); }

int main(void) {
    RUN(test_block_abi);
    RUN(test_jit_kernels);
    return test_summary();
}
#else

/* Loads an IR file on the host device. */
static offload_result test_load_program_file(offload_context* ctx, uint32_t device, const char* path,
                                             offload_program* out) {
    size_t size = 0;
    char* ir = test_read_file(path, &size);
    if (!ir) return OFFLOAD_ERROR_IO;
    offload_device dev = {0};
    offload_device_get(ctx, device, &dev);
    offload_program_desc desc = {0};
    desc.image = ir;
    desc.size = size;
    desc.name = "workgroup";
    offload_result r = offload_program_create(ctx, dev, &desc, out);
    free(ir);
    return r;
}

/* ---- JIT'd kernels ---- */

typedef struct wg_fixture {
    offload_context* ctx;
    offload_program prog;
} wg_fixture;

/* The context of one test, the program compiled from the file once for all of them
   (shared_compiles_context). */
static int fixture_open(wg_fixture* f, const char* file) {
    f->ctx = shared_compiles_context();
    if (!f->ctx) return 0;
    offload_result r = test_load_program_file(f->ctx, 0, file, &f->prog);
    if (r != OFFLOAD_SUCCESS) fprintf(stderr, "  loading %s: %s\n", file, offload_context_last_error(f->ctx));
    return r == OFFLOAD_SUCCESS;
}

static void fixture_close(wg_fixture* f) {
    if (f->prog.id) offload_program_destroy(f->ctx, f->prog);
    if (f->ctx) offload_context_destroy(f->ctx);
}

static offload_result launch(wg_fixture* f, const char* name, uint32_t grid[3], uint32_t block[3], size_t shared,
                             const void* args, size_t size) {
    offload_kernel k;
    offload_result r = offload_kernel_get(f->ctx, f->prog, name, &k);
    if (r != OFFLOAD_SUCCESS) return r;
    offload_launch_desc d = {{grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]}, shared, args, size};
    return offload_launch(f->ctx, (offload_queue){0}, k, &d);
}

static void* device_alloc(wg_fixture* f, size_t size) {
    void* p = NULL;
    offload_device dev = {0};
    offload_device_get(f->ctx, 0, &dev);
    return offload_mem_alloc(f->ctx, dev, OFFLOAD_MEM_DEVICE, size, &p) == OFFLOAD_SUCCESS ? p : NULL;
}

static void tree_reduce_with(uint32_t blocks, uint32_t threads) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    uint32_t n = blocks * threads - 3; /* the last block has a partial tail */
    float* in = (float*)device_alloc(&f, (size_t)blocks * threads * sizeof(float));
    float* out = (float*)device_alloc(&f, blocks * sizeof(float));
    REQUIRE(in && out);
    for (uint32_t i = 0; i < n; i++) in[i] = (float)(i % 17);
    struct {
        float* in;
        float* out;
        int32_t n;
    } args = {in, out, (int32_t)n};
    CHECK_OK(f.ctx, launch(&f, "tree_reduce", (uint32_t[3]){blocks, 1, 1}, (uint32_t[3]){threads, 1, 1},
                           threads * sizeof(float), &args, sizeof args));
    uint32_t wrong = 0;
    for (uint32_t b = 0; b < blocks; b++) {
        float sum = 0;
        for (uint32_t t = 0; t < threads; t++) sum += b * threads + t < n ? (float)((b * threads + t) % 17) : 0.0f;
        wrong += out[b] != sum;
    }
    CHECK(wrong == 0);
    fixture_close(&f);
}

static void test_tree_reduce_256(void) { tree_reduce_with(512, 256); }
static void test_tree_reduce_1024_threads(void) { tree_reduce_with(16, 1024); }

static void test_tree_reduce_static_shared(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { BLOCKS = 64, THREADS = 256 };
    int32_t* in = (int32_t*)device_alloc(&f, BLOCKS * THREADS * sizeof(int32_t));
    int32_t* out = (int32_t*)device_alloc(&f, BLOCKS * sizeof(int32_t));
    REQUIRE(in && out);
    for (int i = 0; i < BLOCKS * THREADS; i++) in[i] = i;
    struct {
        int32_t* in;
        int32_t* out;
    } args = {in, out};
    CHECK_OK(f.ctx, launch(&f, "tree_reduce_static", (uint32_t[3]){BLOCKS, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, 0,
                           &args, sizeof args));
    for (int b = 0; b < BLOCKS; b++) {
        int64_t first = (int64_t)b * THREADS, last = first + THREADS - 1;
        CHECK(out[b] == (int32_t)((first + last) * THREADS / 2));
    }
    /* the kernel's 1 KiB of static shared memory counts against the limit with the dynamic */
    offload_device dev = {0};
    offload_device_info info;
    offload_device_get(f.ctx, 0, &dev);
    REQUIRE_OK(f.ctx, offload_device_get_info(f.ctx, dev, &info));
    CHECK_OK(f.ctx, launch(&f, "tree_reduce_static", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1},
                           (size_t)info.max_shared_memory - 1024, &args, sizeof args));
    CHECK_RESULT(f.ctx,
                 launch(&f, "tree_reduce_static", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1},
                        (size_t)info.max_shared_memory - 1023, &args, sizeof args),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    fixture_close(&f);
}

static void test_matmul_tiled(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { N = 96 };
    float* a = (float*)device_alloc(&f, N * N * sizeof(float));
    float* b = (float*)device_alloc(&f, N * N * sizeof(float));
    float* c = (float*)device_alloc(&f, N * N * sizeof(float));
    REQUIRE(a && b && c);
    for (int i = 0; i < N * N; i++) {
        a[i] = (float)(i % 7) - 3.0f;
        b[i] = (float)(i % 5) - 2.0f;
    }
    struct {
        float *a, *b, *c;
        int32_t n;
    } args = {a, b, c, N};
    CHECK_OK(f.ctx, launch(&f, "matmul_tiled", (uint32_t[3]){N / 16, N / 16, 1}, (uint32_t[3]){16, 16, 1}, 0, &args,
                           sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float sum = 0;
            for (int k = 0; k < N; k++) sum += a[i * N + k] * b[k * N + j];
            wrong += c[i * N + j] != sum; /* small integers: every order of additions is exact */
        }
    CHECK(wrong == 0);
    fixture_close(&f);
}

static void test_stencil_2d_with_halo(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { W = 70, H = 45 };
    float* in = (float*)device_alloc(&f, W * H * sizeof(float));
    float* out = (float*)device_alloc(&f, W * H * sizeof(float));
    REQUIRE(in && out);
    for (int i = 0; i < W * H; i++) in[i] = (float)((i * 37) % 101);
    struct {
        float *in, *out;
        int32_t w, h;
    } args = {in, out, W, H};
    CHECK_OK(f.ctx, launch(&f, "stencil_2d", (uint32_t[3]){(W + 15) / 16, (H + 15) / 16, 1}, (uint32_t[3]){16, 16, 1},
                           0, &args, sizeof args));
    int wrong = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float expect = in[y * W + x];
            if (x > 0 && y > 0 && x < W - 1 && y < H - 1)
                expect = 0.2f * (in[y * W + x] + in[(y - 1) * W + x] + in[(y + 1) * W + x] + in[y * W + x - 1] +
                                 in[y * W + x + 1]);
            wrong += out[y * W + x] != expect;
        }
    CHECK(wrong == 0);
    fixture_close(&f);
}

static void test_transpose_through_padded_tile(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { N = 64 };
    float* in = (float*)device_alloc(&f, N * N * sizeof(float));
    float* out = (float*)device_alloc(&f, N * N * sizeof(float));
    REQUIRE(in && out);
    for (int i = 0; i < N * N; i++) in[i] = (float)i;
    struct {
        float *in, *out;
        int32_t n;
    } args = {in, out, N};
    CHECK_OK(f.ctx, launch(&f, "transpose", (uint32_t[3]){N / 16, N / 16, 1}, (uint32_t[3]){16, 16, 1}, 0, &args,
                           sizeof args));
    int wrong = 0;
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) wrong += out[y * N + x] != in[x * N + y];
    CHECK(wrong == 0);
    fixture_close(&f);
}

static void test_early_returning_threads(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    int32_t in[128], out[128];
    for (int i = 0; i < 128; i++) {
        in[i] = i;
        out[i] = -1;
    }
    struct {
        int32_t *in, *out;
        int32_t n;
    } args = {in, out, 100};
    CHECK_OK(f.ctx,
             launch(&f, "early_return", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){128, 1, 1}, 128 * 4, &args, sizeof args));
    for (int i = 0; i < 100; i++) CHECK(out[i] == 2 * ((i + 1) % 100));
    for (int i = 100; i < 128; i++) CHECK(out[i] == -1);
    fixture_close(&f);
}

static void test_barrier_in_uniform_branch_and_loop(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { BLOCKS = 3, THREADS = 96 };
    int32_t data[BLOCKS * THREADS];
    int32_t* p = data;
    for (int mode = 0; mode < 2; mode++) {
        struct {
            int32_t* data;
            int32_t mode, rounds;
        } args = {p, mode, 5};
        CHECK_OK(f.ctx, launch(&f, "uniform_branch", (uint32_t[3]){BLOCKS, 1, 1}, (uint32_t[3]){THREADS, 1, 1},
                               THREADS * 4, &args, sizeof args));
        for (int b = 0; b < BLOCKS; b++)
            for (int t = 0; t < THREADS; t++) CHECK(data[b * THREADS + t] == (mode ? (t + 5) % THREADS : t));
    }
    fixture_close(&f);
}

static void test_blocks_3d(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { NX = 4, NY = 3, NZ = 2, N = NX * NY * NZ, BLOCKS = 2 * 2 * 3 };
    int32_t out[BLOCKS * N];
    int32_t* p = out;
    memset(out, 0xff, sizeof out);
    CHECK_OK(f.ctx, launch(&f, "blocks_3d", (uint32_t[3]){2, 2, 3}, (uint32_t[3]){NX, NY, NZ}, N * 4, &p, sizeof p));
    for (int b = 0; b < BLOCKS; b++)
        for (int id = 0; id < N; id++) CHECK(out[b * N + id] == b * 1000 + (id + 1) % N);
    fixture_close(&f);
}

static void test_shared_memory_histogram(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { N = 200000 };
    unsigned char* in = (unsigned char*)device_alloc(&f, N);
    int32_t* bins = (int32_t*)device_alloc(&f, 16 * sizeof(int32_t));
    REQUIRE(in && bins);
    int32_t expect[16] = {0};
    for (int i = 0; i < N; i++) {
        in[i] = (unsigned char)((i * 131) ^ (i >> 3));
        expect[in[i] % 16]++;
    }
    memset(bins, 0, 16 * sizeof(int32_t));
    struct {
        unsigned char* in;
        int32_t n;
        int32_t* bins;
    } args = {in, N, bins};
    /* enough blocks that the worker pool shares the grid: the global merge races across workers */
    CHECK_OK(f.ctx, launch(&f, "histogram", (uint32_t[3]){64, 1, 1}, (uint32_t[3]){128, 1, 1}, 0, &args, sizeof args));
    for (int i = 0; i < 16; i++) CHECK(bins[i] == expect[i]);
    fixture_close(&f);
}

static void test_values_of_every_type_across_barriers(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { THREADS = 64 };
    double out[THREADS * 4];
    double* p = out;
    CHECK_OK(f.ctx, launch(&f, "live_values", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, 0, &p, sizeof p));
    for (int t = 0; t < THREADS; t++) {
        CHECK(out[t * 4 + 0] == t * 0.5 + (short)(t * 3));
        CHECK(out[t * 4 + 1] == (double)(4.0f * t + 6.0f));
        CHECK(out[t * 4 + 2] == (double)(t & 0x7f) + t);
        CHECK(out[t * 4 + 3] == out[t * 4 + 0] + out[t * 4 + 1]);
    }
    fixture_close(&f);
}

static void test_twenty_barriers(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    enum { THREADS = 128 };
    int32_t out[THREADS];
    int32_t* p = out;
    CHECK_OK(f.ctx, launch(&f, "many_barriers", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, THREADS * 4, &p,
                           sizeof p));
    for (int t = 0; t < THREADS; t++) CHECK(out[t] == (t + 10) % THREADS + 10);
    fixture_close(&f);
}

static void test_loop_of_barriers_then_return_is_accepted(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "accepted_returns.ll"));
    int32_t out[40] = {0};
    int32_t* p = out;
    CHECK_OK(f.ctx, launch(&f, "loop_then_return", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){40, 1, 1}, 0, &p, sizeof p));
    for (int t = 0; t < 40; t++) CHECK(out[t] == t);
    fixture_close(&f);
}

/* Odd threads with a negative input return before the first barrier, the others rejoin there;
   every third thread returns before the last statement. */
static void test_return_on_one_side_of_a_branch_is_accepted(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "accepted_returns.ll"));
    enum { THREADS = 70 };
    int32_t in[THREADS], out[THREADS];
    for (int t = 0; t < THREADS; t++) {
        in[t] = t % 4 == 1 ? -t : 3 * t;
        out[t] = -5;
    }
    struct {
        int32_t *in, *out;
    } args = {in, out};
    CHECK_OK(f.ctx, launch(&f, "return_or_rejoin", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, THREADS * 4,
                           &args, sizeof args));
    int wrong = 0;
    for (int t = 0; t < THREADS; t++) {
        int want = -5;
        if (!((t & 1) && in[t] < 0)) {
            want = ((t & 1) ? 1 : 2) + in[(t + 1) % THREADS];
            if (t % 3 != 0) want += 10 * in[(t + 2) % THREADS];
        }
        wrong += out[t] != want;
    }
    CHECK(wrong == 0);
    fixture_close(&f);
}

/* A uniform loop bound through a phi fed from both sides of a branch on the thread id: the
   same instruction on both sides, and two equal computations. */
static void test_uniform_value_through_a_phi_is_accepted(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "phi_of_one_value.ll"));
    enum { THREADS = 48 };
    int32_t out[THREADS];
    int32_t* p = out;
    const char* kernels[] = {"one_instruction", "equal_computations"};
    for (int k = 0; k < 2; k++) {
        for (int32_t n = -3; n <= 2; n += 5) {
            struct {
                int32_t* out;
                int32_t n;
            } args = {p, n};
            memset(out, 0x55, sizeof out);
            CHECK_OK(f.ctx, launch(&f, kernels[k], (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, THREADS * 4,
                                   &args, sizeof args));
            int wrong = 0;
            for (int t = 0; t < THREADS; t++) wrong += out[t] != ((t & 1) ? 1 : 2) + (n + 3) * ((t + 1) % THREADS);
            CHECK(wrong == 0);
        }
    }
    fixture_close(&f);
}

/* The same thread-dependent condition before and after a barrier declared convergent. */
static void test_convergent_barrier_stays_one_barrier(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "convergent.ll"));
    enum { THREADS = 32 };
    int32_t in[THREADS], out[THREADS], shared[THREADS];
    for (int t = 0; t < THREADS; t++) {
        in[t] = 7 * t - 40;
        shared[t] = t < 16 ? in[t] * 2 : in[t] + 1;
    }
    struct {
        int32_t* out;
        int32_t* in;
    } args = {out, in};
    CHECK_OK(f.ctx, launch(&f, "same_condition_around_a_barrier", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1},
                           THREADS * 4, &args, sizeof args));
    int wrong = 0;
    for (int t = 0; t < THREADS; t++) wrong += out[t] != (t < 16 ? shared[t ^ 1] : shared[(t + 1) & 31]);
    CHECK(wrong == 0);
    fixture_close(&f);
}

/* ---- uniform loops (tests/data/workgroup/uniform_loops.c): the thread loop inside where the
   threads' accesses lie side by side, and the shapes where it must not be ---- */

enum { UL_ROWS = 37, UL_COLS = 203, UL_DEPTH = 5, UL_STOP = 21 };

/* Small integers, so that every sum is exact whatever order or contraction the compiler picks. */
static float ul_a(long i) { return (float)((i * 7) % 11) - 5.0f; }
static float ul_x(long i) { return (float)(i % 4) + 1.0f; }

static float ul_column(int j, int rows) {
    float sum = 0.0f;
    for (int i = 0; i < rows; i++) sum += ul_a((long)i * UL_COLS + j) * ul_x(i);
    return sum;
}

static float ul_expected(const char* kernel, int j, int block) {
    if (!strcmp(kernel, "column_sums")) return ul_column(j, UL_ROWS);
    if (!strcmp(kernel, "column_sums_some_threads")) return j % 3 != 0 ? 2.0f * ul_column(j, UL_ROWS) : -2.0f;
    if (!strcmp(kernel, "column_prefix")) return ul_column(j, j % UL_ROWS);
    if (!strcmp(kernel, "row_sums")) {
        float sum = 0.0f;
        for (int c = 0; c < UL_COLS; c++) sum += ul_a((long)j * UL_COLS + c) * ul_x(c);
        return sum;
    }
    float sum = 0.0f; /* column_sums_nested */
    for (int i = block % 2; i < UL_ROWS; i += 2) {
        for (int k = 0; k < UL_ROWS / 4; k++) sum += ul_a((long)((i + k) % UL_ROWS) * UL_COLS + j);
        if (i == UL_STOP) break;
        sum += ul_x(i);
    }
    return sum;
}

static void test_uniform_loops_with_the_thread_loop_inside(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "uniform_loops.ll"));
    enum { THREADS = 64, N = UL_DEPTH * UL_ROWS * UL_COLS };
    float* a = (float*)device_alloc(&f, N * sizeof(float));
    float* x = (float*)device_alloc(&f, UL_COLS * sizeof(float));
    float* y = (float*)device_alloc(&f, UL_ROWS * UL_COLS * sizeof(float));
    REQUIRE(a && x && y);
    for (long i = 0; i < N; i++) a[i] = ul_a(i);
    for (int i = 0; i < UL_COLS; i++) x[i] = ul_x(i);
    const char* kernels[] = {"column_sums", "column_sums_nested", "column_sums_some_threads", "column_prefix",
                             "row_sums"};
    for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
        int rows_kernel = !strcmp(kernels[k], "row_sums"), n = rows_kernel ? UL_ROWS : UL_COLS;
        struct {
            float *a, *x, *y;
            int32_t rows, cols, stop;
        } args = {a, x, y, UL_ROWS, UL_COLS, UL_STOP};
        for (int i = 0; i < UL_COLS; i++) y[i] = 12345.0f;
        uint32_t blocks = (uint32_t)(n + THREADS - 1) / THREADS;
        CHECK_OK(f.ctx, launch(&f, kernels[k], (uint32_t[3]){blocks, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, 0, &args,
                               sizeof args));
        int wrong = 0;
        for (int j = 0; j < n; j++) wrong += y[j] != ul_expected(kernels[k], j, j / THREADS);
        if (wrong) fprintf(stderr, "  %s: %d wrong\n", kernels[k], wrong);
        CHECK(wrong == 0);
    }
    fixture_close(&f);
}

/* The uniform loop behind a branch on the thread id, then a barrier every thread reaches: the
   implicit barrier is dropped again and the kernel runs as written. */
static void test_uniform_loop_some_threads_reach_before_a_barrier(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "uniform_loops.ll"));
    enum { THREADS = 64, BLOCKS = (UL_COLS + THREADS - 1) / THREADS };
    float* a = (float*)device_alloc(&f, UL_ROWS * UL_COLS * sizeof(float));
    float* x = (float*)device_alloc(&f, UL_ROWS * sizeof(float));
    float* y = (float*)device_alloc(&f, UL_COLS * sizeof(float));
    REQUIRE(a && x && y);
    for (long i = 0; i < UL_ROWS * UL_COLS; i++) a[i] = ul_a(i);
    for (int i = 0; i < UL_ROWS; i++) x[i] = ul_x(i);
    struct {
        float *a, *x, *y;
        int32_t rows, cols;
    } args = {a, x, y, UL_ROWS, UL_COLS};
    CHECK_OK(f.ctx, launch(&f, "column_sums_then_barrier", (uint32_t[3]){BLOCKS, 1, 1}, (uint32_t[3]){THREADS, 1, 1},
                           THREADS * sizeof(float), &args, sizeof args));
    int wrong = 0;
    for (int j = 0; j < UL_COLS; j++) {
        int t = j % THREADS, next = j - t + (t + 1) % THREADS;
        float mine = j % 3 != 0 ? ul_column(j, UL_ROWS) : -1.0f;
        float theirs = next < UL_COLS ? (next % 3 != 0 ? ul_column(next, UL_ROWS) : -1.0f) : -1.0f;
        wrong += y[j] != mine + theirs;
    }
    CHECK(wrong == 0);
    fixture_close(&f);
}

/* 2D blocks walking z, partial blocks at both edges, a barrier after the walk. */
static void test_z_walk_with_the_thread_loop_inside(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "uniform_loops.ll"));
    enum { BX = 16, BY = 4, N = UL_DEPTH * UL_ROWS * UL_COLS };
    float* a = (float*)device_alloc(&f, N * sizeof(float));
    float* x = (float*)device_alloc(&f, UL_DEPTH * sizeof(float));
    float* y = (float*)device_alloc(&f, UL_ROWS * UL_COLS * sizeof(float));
    REQUIRE(a && x && y);
    for (long i = 0; i < N; i++) a[i] = ul_a(i);
    for (int i = 0; i < UL_DEPTH; i++) x[i] = ul_x(i);
    struct {
        float *a, *x, *y;
        int32_t rows, cols, depth;
    } args = {a, x, y, UL_ROWS, UL_COLS, UL_DEPTH};
    uint32_t grid[3] = {(UL_COLS + BX - 1) / BX, (UL_ROWS + BY - 1) / BY, 1};
    CHECK_OK(f.ctx, launch(&f, "z_walk_then_barrier", grid, (uint32_t[3]){BX, BY, 1}, BX * BY * sizeof(float), &args,
                           sizeof args));
    int wrong = 0;
    for (int r = 0; r < UL_ROWS; r++)
        for (int c = 0; c < UL_COLS; c++) {
            float sum[2] = {0.0f, 0.0f};
            /* the neighbour: the next thread of the block, linear in x then y, wrapping */
            int t = (r % BY) * BX + c % BX, next = (t + 1) % (BX * BY);
            int nr = r - r % BY + next / BX, nc = c - c % BX + next % BX;
            for (int z = 0; z < UL_DEPTH; z++) {
                sum[0] += ul_a(((long)z * UL_ROWS + r) * UL_COLS + c) * ul_x(z);
                if (nr < UL_ROWS && nc < UL_COLS) sum[1] += ul_a(((long)z * UL_ROWS + nr) * UL_COLS + nc) * ul_x(z);
            }
            wrong += y[(long)r * UL_COLS + c] != sum[0] + sum[1];
        }
    CHECK(wrong == 0);
    fixture_close(&f);
}

/* A block-uniform value updated and read again between two barriers, kept across them. */
static void test_uniform_value_read_after_write_between_barriers(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "uniform_loops.ll"));
    enum { THREADS = 48, ROUNDS = 5, STEP = 7 };
    uint32_t out[THREADS];
    uint32_t* p = out;
    struct {
        uint32_t* out;
        int32_t rounds;
        uint32_t step;
    } args = {p, ROUNDS, STEP};
    CHECK_OK(f.ctx, launch(&f, "uniform_read_after_write", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1},
                           THREADS * 4, &args, sizeof args));
    uint32_t k = STEP;
    for (int r = 0; r < ROUNDS; r++)
        for (int j = 0; j < 3; j++) k = k * 3u + STEP;
    int wrong = 0;
    for (uint32_t t = 0; t < THREADS; t++) wrong += out[t] != ROUNDS * ((t + 1) % THREADS) + k;
    CHECK(wrong == 0);
    fixture_close(&f);
}

/* Barriers under a switch on an argument run every case; a switch on the thread id without a
   barrier under it is accepted. */
static void test_barriers_under_a_uniform_switch(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "switches.ll"));
    enum { THREADS = 40 };
    int32_t out[THREADS];
    int32_t* p = out;
    for (int32_t mode = 0; mode < 4; mode++) {
        struct {
            int32_t* out;
            int32_t mode;
        } args = {p, mode};
        memset(out, 0x55, sizeof out);
        CHECK_OK(f.ctx, launch(&f, "uniform_switch", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, THREADS * 4,
                               &args, sizeof args));
        int wrong = 0;
        for (int t = 0; t < THREADS; t++) {
            int want = mode == 0   ? (t + 1) % THREADS
                       : mode == 1 ? (t + 2) % THREADS * 10
                       : mode == 2 ? (t + THREADS - 1) % THREADS + 100
                                   : 7;
            want += t % 3 == 0 ? 1000 : t % 3 == 1 ? 2000 : 0;
            wrong += out[t] != want;
        }
        CHECK(wrong == 0);
    }
    fixture_close(&f);
}

/* Each refused shape: a failed compile whose reason names the kernel and why. */
static void check_refused(const char* file, const char* kernel, const char* reason) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_program prog;
    CHECK_RESULT(ctx, test_load_program_file(ctx, 0, file, &prog), OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_HOST_KERNEL_REFUSED);
    const char* message = offload_context_last_error(ctx);
    CHECK(strstr(message, kernel) != NULL);
    CHECK(strstr(message, reason) != NULL);
    offload_context_destroy(ctx);
}

static void test_refused_shapes(void) {
    check_refused(WG_DATA "refused_branch.ll", "'divergent_branch'", "depending on the thread");
    check_refused(WG_DATA "refused_loop.ll", "'divergent_loop'", "depending on the thread");
    check_refused(WG_DATA "refused_switch.ll", "'divergent_switch'", "depending on the thread");
    check_refused(WG_DATA "refused_return_branch.ll", "'return_or_own_barrier'", "depending on the thread");
    check_refused(WG_DATA "refused_phi.ll", "'bound_per_side'", "depending on the thread");
    check_refused(WG_DATA "refused_not_convergent.ll", "'barrier_copied_by_clang'", "depending on the thread");
    check_refused(WG_DATA "refused_temporal.ll", "'last_of_a_thread_loop'", "depending on the thread");
    check_refused(WG_DATA "refused_recursion.ll", "depth", "cannot be inlined");
}

/* What the analysis cannot see fails the launch when the block runs, synchronous and queued. */
static void test_divergence_found_at_run_time(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "kernels.ll"));
    int32_t word = 0, out[8];
    struct {
        int32_t* word;
        int32_t* out;
    } args = {&word, out};
    CHECK_RESULT(
        f.ctx,
        launch(&f, "divergent_at_run_time", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){8, 1, 1}, 0, &args, sizeof args),
        OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(f.ctx, test_divergence_kind());
    CHECK(strstr(offload_context_last_error(f.ctx), "'divergent_at_run_time', block (0, 0, 0)") != NULL);
    /* the value read back decides a barrier after the next one: each thread keeps its own */
    CHECK_RESULT(
        f.ctx,
        launch(&f, "divergent_after_barrier", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){8, 1, 1}, 0, &args, sizeof args),
        OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(f.ctx, test_divergence_kind());
    CHECK(strstr(offload_context_last_error(f.ctx), "'divergent_after_barrier', block (0, 0, 0)") != NULL);
    CHECK_OK(f.ctx, launch(&f, "divergent_after_barrier", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){1, 1, 1}, 0, &args,
                           sizeof args));
    CHECK(out[0] == 2);
    /* one thread agrees with itself */
    CHECK_OK(f.ctx, launch(&f, "divergent_at_run_time", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){1, 1, 1}, 0, &args,
                           sizeof args));
    offload_device dev = {0};
    offload_device_get(f.ctx, 0, &dev);
    offload_queue q;
    REQUIRE_OK(f.ctx, offload_queue_create(f.ctx, dev, &q));
    offload_kernel k;
    REQUIRE_OK(f.ctx, offload_kernel_get(f.ctx, f.prog, "divergent_at_run_time", &k));
    offload_launch_desc d = {{1, 1, 1}, {8, 1, 1}, 0, &args, sizeof args};
    CHECK_OK(f.ctx, offload_launch(f.ctx, q, k, &d));
    CHECK_RESULT(f.ctx, offload_queue_synchronize(f.ctx, q), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(f.ctx, test_divergence_kind()); /* the launch's kind, kept through the queue */
    CHECK(strstr(offload_context_last_error(f.ctx), "divergent_at_run_time") != NULL);
    offload_queue_destroy(f.ctx, q);
    fixture_close(&f);
}

/* ---- warp operations (a warp is 32 threads of consecutive linear id on the host) ---- */

static void test_warp_shuffle_reduction(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "warp.ll"));
    enum { BLOCKS = 16, THREADS = 128, N = BLOCKS * THREADS };
    int32_t* in = (int32_t*)device_alloc(&f, N * sizeof(int32_t));
    int32_t* out = (int32_t*)device_alloc(&f, N / 32 * sizeof(int32_t));
    REQUIRE(in && out);
    for (int i = 0; i < N; i++) in[i] = i * 7 % 1000 - 300;
    struct {
        int32_t *in, *out;
    } args = {in, out};
    CHECK_OK(f.ctx, launch(&f, "warp_reduce", (uint32_t[3]){BLOCKS, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, 0, &args,
                           sizeof args));
    int wrong = 0;
    for (int w = 0; w < N / 32; w++) {
        int32_t sum = 0;
        for (int l = 0; l < 32; l++) sum += in[w * 32 + l];
        wrong += out[w] != sum;
    }
    CHECK(wrong == 0);
    fixture_close(&f);
}

/* Warp 0 alone reduces after the barrier: its warp operations run while the other warps are done. */
static void test_block_reduction_through_warps(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "warp.ll"));
    enum { BLOCKS = 32, THREADS = 256, N = BLOCKS * THREADS };
    int32_t* in = (int32_t*)device_alloc(&f, N * sizeof(int32_t));
    int32_t* out = (int32_t*)device_alloc(&f, BLOCKS * sizeof(int32_t));
    REQUIRE(in && out);
    for (int i = 0; i < N; i++) in[i] = i % 11;
    struct {
        int32_t *in, *out;
    } args = {in, out};
    CHECK_OK(f.ctx, launch(&f, "block_reduce", (uint32_t[3]){BLOCKS, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, 8 * 4, &args,
                           sizeof args));
    for (int b = 0; b < BLOCKS; b++) {
        int32_t sum = 0;
        for (int t = 0; t < THREADS; t++) sum += in[b * THREADS + t];
        CHECK(out[b] == sum);
    }
    fixture_close(&f);
}

/* Every flavour over a 40-thread block: a whole warp and one of 8 lanes. */
static void test_warp_operation_flavours(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "warp.ll"));
    enum { THREADS = 40 };
    int32_t out[THREADS * 9];
    int32_t* p = out;
    memset(out, 0x55, sizeof out);
    CHECK_OK(f.ctx, launch(&f, "flavours", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, 0, &p, sizeof p));
    for (int t = 0; t < THREADS; t++) {
        int lane = t % 32, base = t - lane, lanes = t < 32 ? 32 : THREADS - 32;
        const int32_t* m = out + t * 9;
        CHECK(m[0] == lane);
        CHECK(m[1] == 32);
        CHECK(m[2] == (base + 3) * 10);
        CHECK(m[3] == (lane >= 1 ? t - 1 : t) * 10);
        CHECK(m[4] == ((lane ^ 5) < lanes ? base + (lane ^ 5) : t) * 10);
        uint64_t odd = 0;
        for (int l = 0; l < lanes; l++)
            if ((base + l) & 1) odd |= 1ull << l;
        CHECK((uint32_t)m[5] == (uint32_t)odd && (uint32_t)m[6] == (uint32_t)(odd >> 32));
        CHECK(m[7] == (base == 0)); /* thread 5 is in the first warp */
        CHECK(m[8] == 1);
    }
    fixture_close(&f);
}

/* Votes after a quarter of the lanes returned leave them out; a shuffle from one of them gives
   the caller's own value. A 44-thread block: a whole warp and one of 12 lanes. */
static void test_warp_votes_after_returns(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "warp.ll"));
    enum { THREADS = 44 };
    int32_t out[THREADS * 4];
    int32_t* p = out;
    memset(out, 0x55, sizeof out);
    CHECK_OK(f.ctx,
             launch(&f, "votes_after_returns", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, 0, &p, sizeof p));
    for (int t = 0; t < THREADS; t++) {
        uint32_t lanes = t < 32 ? UINT32_MAX : (1u << (THREADS - 32)) - 1;
        const int32_t* m = out + t * 4;
        CHECK((uint32_t)m[0] == lanes);
        if (t % 4 == 3) {
            CHECK(m[1] == 0x55555555 && m[2] == 0x55555555 && m[3] == 0x55555555);
            continue;
        }
        CHECK((uint32_t)m[1] == (lanes & 0x77777777u));
        CHECK(m[2] == t);
        CHECK(m[3] == 10);
    }
    fixture_close(&f);
}

static void test_warp_lanes_that_disagree_fail_the_launch(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, WG_DATA "warp.ll"));
    int32_t out[64];
    int32_t* p = out;
    CHECK_RESULT(f.ctx, launch(&f, "lanes_disagree", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){64, 1, 1}, 0, &p, sizeof p),
                 OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(f.ctx, test_divergence_kind());
    CHECK(strstr(offload_context_last_error(f.ctx), "'lanes_disagree'") != NULL);
    fixture_close(&f);
}

/* The GPU script's warp kernels (tests/gpu/warp_gpu.ll, the same IR an NVIDIA GPU runs there)
   give the same answers on the host: a shuffle reduction, ballot/any/all (also over a partial
   warp), every shuffle flavour and an exchange through global memory across a warp barrier. */
static void test_gpu_script_warp_kernels(void) {
    wg_fixture f = {0};
    REQUIRE(fixture_open(&f, OFFLOAD_TEST_ROOT "/tests/gpu/warp_gpu.ll"));
    enum { THREADS = 256, BLOCK = 128, WARPS = THREADS / 32 };
    uint32_t* in = (uint32_t*)device_alloc(&f, THREADS * 4);
    uint32_t* out = (uint32_t*)device_alloc(&f, 8 * THREADS * 4);
    uint64_t* ballots = (uint64_t*)device_alloc(&f, WARPS * 8);
    REQUIRE(in && out && ballots);
    uint32_t grid[3] = {THREADS / BLOCK, 1, 1}, block[3] = {BLOCK, 1, 1};
    for (uint32_t i = 0; i < THREADS; i++) in[i] = i;
    void* sum_args[2] = {in, out};
    CHECK_OK(f.ctx, launch(&f, "warp_sum", grid, block, 0, sum_args, sizeof sum_args));
    for (uint32_t w = 0; w < WARPS; w++) CHECK(out[w] == 1024 * w + 496);

    static const uint64_t ballot[4] = {0xffffffffu, 0, 1u << 5, 0x55555555u};
    static const uint32_t any[4] = {1, 0, 1, 1}, all[4] = {1, 0, 0, 0};
    static const uint32_t predicate[4][2] = {{7, 7}, {0, 0}, {0, 0}, {2, 0}}; /* [w % 4][lane odd] */
    for (uint32_t i = 0; i < THREADS; i++) {
        uint32_t w = i / 32, l = i % 32;
        in[i] = w % 4 == 2 ? (l == 5) : predicate[w % 4][l % 2];
    }
    void* vote_args[3] = {in, ballots, out};
    CHECK_OK(f.ctx, launch(&f, "warp_vote", grid, block, 0, vote_args, sizeof vote_args));
    for (uint32_t w = 0; w < WARPS; w++)
        CHECK(ballots[w] == ballot[w % 4] && out[2 * w] == any[w % 4] && out[2 * w + 1] == all[w % 4]);
    for (uint32_t i = 0; i < 48; i++) in[i] = 1;
    CHECK_OK(f.ctx,
             launch(&f, "warp_vote", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){48, 1, 1}, 0, vote_args, sizeof vote_args));
    CHECK(ballots[0] == 0xffffffffu && ballots[1] == 0xffffu);
    CHECK(out[0] == 1 && out[1] == 1 && out[2] == 1 && out[3] == 1);

    void* lanes_args[2] = {out, in}; /* in serves as the kernel's scratch */
    CHECK_OK(f.ctx, launch(&f, "warp_lanes", grid, block, 0, lanes_args, sizeof lanes_args));
    int wrong = 0;
    for (uint32_t i = 0; i < THREADS; i++) {
        uint32_t l = i % 32, v = 1000 + i, base = i - l;
        uint32_t expected[8] = {l,
                                32,
                                1000 + base + (l + 1) % 32,
                                l < 31 ? v + 1 : v,
                                l > 0 ? v - 1 : v,
                                1000 + (i ^ 1),
                                v,
                                1000 + (i ^ 1)};
        wrong += memcmp(out + 8 * i, expected, sizeof expected) != 0;
    }
    CHECK(wrong == 0);
    fixture_close(&f);
}

#ifndef OFFLOAD_NO_RECORD
#include <dirent.h>

/* A recorded launch of a barrier kernel (a tree reduction) replays and verifies on the host. */
static void test_record_and_replay_a_barrier_kernel(void) {
    char dir[] = "/tmp/offload-wg-rr-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.jit.isolation = TEST_JIT_ISOLATION;
    desc.record.dir = dir;
    desc.record.save_output = 1;
    wg_fixture f = {0};
    REQUIRE_OK(f.ctx, offload_context_create(&desc, &f.ctx));
    REQUIRE_OK(f.ctx, test_load_program_file(f.ctx, 0, WG_DATA "kernels.ll", &f.prog));
    enum { BLOCKS = 8, THREADS = 256 };
    float* in = (float*)device_alloc(&f, BLOCKS * THREADS * sizeof(float));
    float* out = (float*)device_alloc(&f, BLOCKS * sizeof(float));
    REQUIRE(in && out);
    for (int i = 0; i < BLOCKS * THREADS; i++) in[i] = (float)(i % 9);
    struct {
        float* in;
        float* out;
        int32_t n;
    } args = {in, out, BLOCKS * THREADS};
    CHECK_OK(f.ctx, launch(&f, "tree_reduce", (uint32_t[3]){BLOCKS, 1, 1}, (uint32_t[3]){THREADS, 1, 1},
                           THREADS * sizeof(float), &args, sizeof args));
    CHECK_OK(f.ctx, offload_test_recorder_drain(f.ctx));
    DIR* d = opendir(dir);
    REQUIRE(d);
    char entry[600] = "";
    for (struct dirent* e; (e = readdir(d));)
        if (e->d_name[0] != '.') snprintf(entry, sizeof entry, "%s/%s", dir, e->d_name);
    closedir(d);
    REQUIRE(entry[0]);
    offload_recording* rec = NULL;
    REQUIRE_OK(f.ctx, offload_recording_open(f.ctx, entry, &rec));
    offload_replay_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.verify = 1;
    offload_replay_result result;
    CHECK_OK(f.ctx, offload_replay(f.ctx, rec, &rd, &result));
    CHECK(result.verified && result.differing_bytes == 0);
    CHECK_OK(f.ctx, offload_recording_close(f.ctx, rec));
    fixture_close(&f);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}
#endif

/* A kernel of many regions and many per-thread slots, each region using one slot: each region's
   thread loop computes the addresses of the slots it uses only. Computing every slot's address
   in every region made CUB's radix sort kernel 6 million instructions before LLVM optimised it
   (some 1,500 regions and 1,000 slots). Counted in the module the JIT dumps before optimising:
   64 regions by 64 slots gave over 16,000 address computations (4 instructions each). */
enum { SLOTS_REGIONS = 64 };

static void test_regions_address_only_the_slots_they_use(void) {
    enum { N = SLOTS_REGIONS, THREADS = 32 };
    static char ir[N * 400 + 4096];
    size_t used = 0;
#define IR(...) used += (size_t)snprintf(ir + used, sizeof ir - used, __VA_ARGS__)
    IR("define void @slot_per_region(i32* %%in, i32* %%out) \"offload-kernel\" {\n"
       "  %%t = call i32 @offload_thread_id(i32 0)\n  %%first = mul i32 %%t, %d\n",
       N);
    for (int k = 0; k < N; k++) /* each thread's values, read before the first barrier */
        IR("  %%i%d = add i32 %%first, %d\n  %%p%d = getelementptr i32, i32* %%in, i32 %%i%d\n"
           "  %%x%d = load i32, i32* %%p%d\n",
           k, k, k, k, k, k);
    for (int k = 0; k < N; k++) /* then one per region: out[k * THREADS + t] = 2 * x_k */
        IR("  call void @offload_barrier()\n  %%d%d = shl i32 %%x%d, 1\n  %%o%d = add i32 %%t, %d\n"
           "  %%q%d = getelementptr i32, i32* %%out, i32 %%o%d\n  store i32 %%d%d, i32* %%q%d\n",
           k, k, k, k * THREADS, k, k, k, k);
    IR("  ret void\n}\ndeclare i32 @offload_thread_id(i32)\ndeclare void @offload_barrier() #0\n"
       "attributes #0 = { convergent }\n");
#undef IR
    REQUIRE(used < sizeof ir);
    char dir[] = "/tmp/offload-wg-slots-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_jit_desc jit = {0};
    jit.dump_dir = dir;
    offload_context* ctx = make_context_with(&jit);
    REQUIRE(ctx);
    offload_device dev = {0};
    offload_device_get(ctx, 0, &dev);
    offload_program prog;
    offload_program_desc desc = {0};
    desc.image = ir;
    desc.size = used;
    REQUIRE_OK(ctx, offload_program_create(ctx, dev, &desc, &prog));
    int32_t *in = NULL, *out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, N * THREADS * sizeof(int32_t), (void**)&in));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, N * THREADS * sizeof(int32_t), (void**)&out));
    static int32_t values[N * THREADS];
    for (int i = 0; i < N * THREADS; i++) values[i] = i * 3 + 1;
    /* copied in, as initcheck (OFFLOAD_TEST_HOST_CHECKS) follows copies */
    REQUIRE_OK(ctx, offload_memcpy(ctx, dev, in, dev, values, sizeof values));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "slot_per_region", &k));
    struct {
        int32_t *in, *out;
    } args = {in, out};
    offload_launch_desc d = {{1, 1, 1}, {THREADS, 1, 1}, 0, &args, sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &d));
    int wrong = 0;
    for (int r = 0; r < N; r++)
        for (int t = 0; t < THREADS; t++) wrong += out[r * THREADS + t] != 2 * values[t * N + r];
    CHECK(wrong == 0);
    char command[4200];
    snprintf(command, sizeof command, "cat '%s'/*.before.ll | grep -c 'mul i64 %%threads'", dir);
    FILE* pipe = popen(command, "r");
    REQUIRE(pipe);
    int addresses = -1;
    if (fscanf(pipe, "%d", &addresses) != 1) addresses = -1;
    pclose(pipe);
    /* each slot's address where it is stored and where it is read, and a few others */
    CHECK(addresses >= N && addresses <= 4 * N);
    if (addresses > 4 * N) fprintf(stderr, "  %d slot addresses for %d slots in %d regions\n", addresses, N, N + 1);
    offload_mem_free(ctx, in);
    offload_mem_free(ctx, out);
    offload_context_destroy(ctx);
    CHECK(test_remove_tree(dir));
}

#ifndef OFFLOAD_NO_RPC

/* Every thread of a 256-thread block prints, after a barrier, what its neighbour stored before
   it: every line once, each with the neighbour's value. */
static void test_printf_from_every_thread_after_a_barrier(void) {
    static printed_lines out = {PTHREAD_MUTEX_INITIALIZER, "", 0, 0};
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.jit.isolation = TEST_JIT_ISOLATION;
    desc.rpc.output = printed_line;
    desc.rpc.output_user_data = &out;
    wg_fixture f = {0};
    REQUIRE_OK(f.ctx, offload_context_create(&desc, &f.ctx));
    REQUIRE_OK(f.ctx, test_load_program_file(f.ctx, 0, WG_DATA "printing.ll", &f.prog));
    enum { THREADS = 256 };
    CHECK_OK(f.ctx,
             launch(&f, "print_neighbour", (uint32_t[3]){1, 1, 1}, (uint32_t[3]){THREADS, 1, 1}, THREADS * 4, NULL, 0));
    /* Under the callback's lock: the server thread wrote it, and the ordering that the launch's end
       gives runs through the JIT'd client's atomics, which a thread sanitizer cannot see. */
    pthread_mutex_lock(&out.lock);
    CHECK(out.calls >= 1 && test_count_lines(out.text, out.size) == THREADS);
    unsigned char seen[THREADS] = {0};
    int bad = 0;
    for (char* line = out.text; line < out.text + out.size;) {
        int t = -1, v = -1;
        if (sscanf(line, "thread %d sees %d", &t, &v) != 2 || t < 0 || t >= THREADS || seen[t]++ ||
            v != 3 * ((t + 1) % THREADS))
            bad++;
        char* end = memchr(line, '\n', (size_t)(out.text + out.size - line));
        line = end ? end + 1 : out.text + out.size;
    }
    pthread_mutex_unlock(&out.lock);
    for (int t = 0; t < THREADS; t++) bad += !seen[t];
    CHECK(bad == 0);
    fixture_close(&f);
}
#endif

int main(void) {
    RUN(test_block_abi);
    RUN(test_tree_reduce_256);
    RUN(test_tree_reduce_1024_threads);
    RUN(test_tree_reduce_static_shared);
    RUN(test_matmul_tiled);
    RUN(test_stencil_2d_with_halo);
    RUN(test_transpose_through_padded_tile);
    RUN(test_early_returning_threads);
    RUN(test_barrier_in_uniform_branch_and_loop);
    RUN(test_blocks_3d);
    RUN(test_shared_memory_histogram);
    RUN(test_values_of_every_type_across_barriers);
    RUN(test_twenty_barriers);
    RUN(test_loop_of_barriers_then_return_is_accepted);
    RUN(test_return_on_one_side_of_a_branch_is_accepted);
    RUN(test_uniform_value_through_a_phi_is_accepted);
    RUN(test_convergent_barrier_stays_one_barrier);
    RUN(test_barriers_under_a_uniform_switch);
    RUN(test_uniform_loops_with_the_thread_loop_inside);
    RUN(test_uniform_loop_some_threads_reach_before_a_barrier);
    RUN(test_z_walk_with_the_thread_loop_inside);
    RUN(test_uniform_value_read_after_write_between_barriers);
    RUN(test_refused_shapes);
    RUN(test_divergence_found_at_run_time);
    RUN(test_warp_shuffle_reduction);
    RUN(test_block_reduction_through_warps);
    RUN(test_warp_operation_flavours);
    RUN(test_warp_votes_after_returns);
    RUN(test_warp_lanes_that_disagree_fail_the_launch);
    RUN(test_gpu_script_warp_kernels);
    RUN(test_regions_address_only_the_slots_they_use);
#ifndef OFFLOAD_NO_RECORD
    RUN(test_record_and_replay_a_barrier_kernel);
#endif
#ifndef OFFLOAD_NO_RPC
    RUN(test_printf_from_every_thread_after_a_barrier);
#endif
    return test_summary();
}
#endif
