/* tests/test_guards.c — guards on the global thread id as bounds (jit/guards.inc, the host
   device's block ranges in backends/host.inc): the kernels of tests/data/workgroup/guards.c run
   on the host device with bounds at and around every boundary (0, one thread, a block's size
   and one either side, the grid's end and beyond it, negative bounds, the largest ints), in
   blocks of 1, 7, 64 threads and 2D blocks, on grids small enough to run on the launching
   thread and large enough for the pool, each compared thread by thread with a C reference of
   which threads work. Kernels whose guards must not narrow anything (a bound that depends on
   the thread, an effect before the guard, a 32-bit id that wraps past 2^31 threads) are checked
   the same way, and a host symbol table's own block range (offload_host_block_range_fn) is
   checked against the blocks that ran. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>

#define GUARDS_IR OFFLOAD_TEST_ROOT "/tests/data/workgroup/guards.ll"

typedef struct guards {
    offload_context* ctx;
    offload_device dev;
    offload_program program;
} guards;

/* The context only, for host symbol tables; guards_open's compiles of GUARDS_IR are one for all
   the tests (shared_compiles_context). */
static int context_open(guards* g) {
    g->ctx = shared_compiles_context();
    if (!g->ctx) return 0;
    return offload_device_get(g->ctx, 0, &g->dev) == OFFLOAD_SUCCESS;
}

static void guards_close(guards* g) {
    if (g->program.id) offload_program_destroy(g->ctx, g->program);
    if (g->ctx) offload_context_destroy(g->ctx);
}

#ifndef OFFLOAD_NO_JIT
static int guards_open(guards* g) {
    if (!context_open(g)) return 0;
    offload_result r = program_from_file(g->ctx, g->dev, GUARDS_IR, &g->program);
    if (r != OFFLOAD_SUCCESS) fprintf(stderr, "  loading %s: %s\n", GUARDS_IR, offload_context_last_error(g->ctx));
    return r == OFFLOAD_SUCCESS;
}

/* Device memory of count ints, zeroed; the context frees it. */
static int* ints(guards* g, size_t count) {
    void* p = NULL;
    if (offload_mem_alloc(g->ctx, g->dev, OFFLOAD_MEM_DEVICE, count * sizeof(int), &p) != OFFLOAD_SUCCESS) return NULL;
    memset(p, 0, count * sizeof(int));
    return (int*)p;
}

static offload_result launch(guards* g, const char* name, uint32_t gx, uint32_t gy, uint32_t bx, uint32_t by,
                             const void* args, size_t size) {
    offload_kernel k;
    offload_result r = offload_kernel_get(g->ctx, g->program, name, &k);
    if (r != OFFLOAD_SUCCESS) return r;
    offload_launch_desc d = {{gx, gy, 1}, {bx, by, 1}, 0, args, size};
    return offload_launch(g->ctx, (offload_queue){0}, k, &d);
}

/* Which threads of a 1D kernel work, by its bounds a and b. */
typedef int (*works_fn)(long long i, long long a, long long b);

static int below(long long i, long long n, long long unused) { return (void)unused, i < n; }
static int below_unsigned(long long i, long long n, long long unused) {
    return (void)unused, (unsigned)i < (unsigned)n;
}
static int at_or_below(long long i, long long n, long long unused) { return (void)unused, i <= n; }
static int at_or_below_unsigned(long long i, long long n, long long unused) {
    return (void)unused, (unsigned)i <= (unsigned)n;
}
static int between(long long i, long long low, long long high) { return i >= low && i < high; }
static int at(long long i, long long where, long long unused) { return (void)unused, i == where; }
static int outside(long long i, long long low, long long high) { return !between(i, low, high); }
static int from_three_k_below_sum(long long i, long long n, long long k) { return i < n + k && i >= 3 * k; }
static int below_less_thread(long long i, long long n, long long thread) { return i + thread < n; }

typedef enum { ARGS_N, ARGS_TWO, ARGS_LONG } args_shape;

/* Runs a 1D kernel over grid x block threads with bounds a (and b) and checks each thread's mark:
   i + 1 where it works, 0 elsewhere. Returns the number of wrong marks. */
static int run_1d(guards* g, const char* kernel, args_shape shape, works_fn works, long long a, long long b,
                  uint32_t grid, uint32_t block) {
    size_t threads = (size_t)grid * block;
    int* out = ints(g, threads);
    if (!out) return -1;
    struct {
        int32_t n;
        int* out;
    } one = {(int32_t)a, out};
    struct {
        int32_t low, high;
        int* out;
    } two = {(int32_t)a, (int32_t)b, out};
    struct {
        int64_t n;
        int* out;
    } wide = {a, out};
    const void* args = shape == ARGS_N ? (const void*)&one : shape == ARGS_TWO ? (const void*)&two : (const void*)&wide;
    size_t size = shape == ARGS_N ? sizeof one : shape == ARGS_TWO ? sizeof two : sizeof wide;
    offload_result r = launch(g, kernel, grid, 1, block, 1, args, size);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "  %s: %s\n", kernel, offload_context_last_error(g->ctx));
        offload_mem_free(g->ctx, out);
        return -1;
    }
    int wrong = 0;
    for (size_t i = 0; i < threads; i++) {
        int want = works((long long)i, a, works == below_less_thread ? (long long)(i % block) : b) ? (int)i + 1 : 0;
        if (out[i] != want && wrong++ < 3)
            fprintf(stderr, "  %s(%lld, %lld), %u x %u: thread %zu wrote %d, not %d\n", kernel, a, b, grid, block, i,
                    out[i], want);
    }
    offload_mem_free(g->ctx, out);
    return wrong;
}

/* The bounds every 1D test tries, for a grid of `threads` in blocks of `block`. */
static int bounds_1d(long long* out, long long threads, long long block) {
    long long list[] = {0,         1,           -1,      -5,          block - 1,   block,   block + 1,
                        2 * block, threads - 1, threads, threads + 1, threads * 3, INT_MIN, INT_MAX};
    memcpy(out, list, sizeof list);
    return (int)(sizeof list / sizeof list[0]);
}

/* A 1D kernel of one bound over small grids (run on the launching thread) and a large one (the
   pool), in blocks of 1, 7 and 64 threads. */
static void check_1d(const char* kernel, args_shape shape, works_fn works) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    static const uint32_t shapes[][2] = {{3, 64}, {5, 7}, {9, 1}, {150, 64}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        long long bounds[16];
        int count = bounds_1d(bounds, (long long)shapes[s][0] * shapes[s][1], shapes[s][1]);
        for (int k = 0; k < count; k++)
            CHECK(run_1d(&g, kernel, shape, works, bounds[k], 0, shapes[s][0], shapes[s][1]) == 0);
    }
    guards_close(&g);
}

static void test_signed_below(void) { check_1d("work_below", ARGS_N, below); }
static void test_unsigned_return(void) { check_1d("return_at_or_above", ARGS_N, below_unsigned); }
static void test_signed_at_or_below(void) { check_1d("work_at_or_below", ARGS_N, at_or_below); }
static void test_unsigned_return_above(void) { check_1d("return_above", ARGS_N, at_or_below_unsigned); }
static void test_one_thread(void) { check_1d("work_at", ARGS_N, at); }
static void test_64_bit_ids(void) { check_1d("work_below_64", ARGS_LONG, below); }
static void test_bound_that_depends_on_the_thread(void) {
    check_1d("thread_dependent_bound", ARGS_N, below_less_thread);
}

/* Lower and upper bounds: empty, reversed, negative, inside a block, across blocks. */
static void test_lower_and_upper_bounds(void) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    static const long long pairs[][2] = {{0, 0},    {5, 5},     {7, 3},   {-10, 10},  {63, 65}, {64, 128},
                                         {65, 127}, {100, 700}, {0, 192}, {191, 999}, {-5, -1}, {INT_MIN, INT_MAX}};
    static const uint32_t shapes[][2] = {{3, 64}, {100, 64}};
    for (size_t s = 0; s < 2; s++)
        for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
            CHECK(run_1d(&g, "work_between", ARGS_TWO, between, pairs[p][0], pairs[p][1], shapes[s][0], shapes[s][1]) ==
                  0);
    guards_close(&g);
}

/* A condition joined by || that holds for the threads that work bounds nothing: every thread
   outside [low, high) works. */
static void test_work_outside_a_range(void) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    static const long long pairs[][2] = {{0, 0}, {5, 5}, {7, 3}, {-10, 10}, {63, 65}, {64, 128}, {0, 192}, {-5, -1}};
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
        CHECK(run_1d(&g, "work_outside", ARGS_TWO, outside, pairs[p][0], pairs[p][1], 3, 64) == 0);
    guards_close(&g);
}

/* Bounds on the left of their comparisons, computed from two arguments: 3k <= i < n + k. */
static void test_bound_on_the_left(void) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    static const long long pairs[][2] = {{0, 0}, {64, 0}, {60, 4}, {65, 0}, {100, 21}, {300, -2}, {10, 5}, {-70, 3}};
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
        CHECK(run_1d(&g, "bound_on_the_left", ARGS_TWO, from_three_k_below_sum, pairs[p][0], pairs[p][1], 3, 64) == 0);
    guards_close(&g);
}

/* A 2D kernel with bounds (a, b) on a grid of gx x gy blocks of bx x by; works2 says which
   threads work. */
typedef int (*works2_fn)(long long x, long long y, long long a, long long b);
static int corner(long long x, long long y, long long n, long long k) {
    return (unsigned)x < (unsigned)(n - k) && (unsigned)y < (unsigned)(n - 1 - k);
}
static int rectangle(long long x, long long y, long long nx, long long ny) { return x < nx && y < ny; }

static int run_2d(guards* g, const char* kernel, works2_fn works, int a, int b, uint32_t gx, uint32_t gy, uint32_t bx,
                  uint32_t by) {
    uint32_t width = gx * bx, height = gy * by;
    int* out = ints(g, (size_t)width * height);
    if (!out) return -1;
    struct {
        int32_t a, b, stride;
        int* out;
    } args = {a, b, (int32_t)width, out};
    if (launch(g, kernel, gx, gy, bx, by, &args, sizeof args) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "  %s: %s\n", kernel, offload_context_last_error(g->ctx));
        offload_mem_free(g->ctx, out);
        return -1;
    }
    int wrong = 0;
    for (uint32_t y = 0; y < height; y++)
        for (uint32_t x = 0; x < width; x++) {
            int want = works(x, y, a, b) ? (int)(y * 1000 + x + 1) : 0;
            if (out[y * width + x] != want && wrong++ < 3)
                fprintf(stderr, "  %s(%d, %d), blocks %u x %u: (%u, %u) wrote %d, not %d\n", kernel, a, b, bx, by, x, y,
                        out[y * width + x], want);
        }
    offload_mem_free(g->ctx, out);
    return wrong;
}

/* The elimination's guard at several steps k of a 40 x 40 matrix, whose grid covers 44 x 44
   (blocks of 4 x 4, 16 x 16, 5 x 3). */
static void test_2d_elimination_steps(void) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    static const uint32_t blocks[][2] = {{4, 4}, {16, 16}, {5, 3}};
    static const int steps[] = {0, 1, 3, 4, 15, 16, 17, 36, 38, 39, 40, 45, -3};
    for (size_t s = 0; s < 3; s++) {
        uint32_t bx = blocks[s][0], by = blocks[s][1];
        for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++)
            CHECK(run_2d(&g, "corner_return", corner, 40, steps[k], (44 + bx - 1) / bx, (44 + by - 1) / by, bx, by) ==
                  0);
    }
    guards_close(&g);
}

/* x < nx && y < ny: empty, one row, one column, a block's edge, the grid's edge and beyond,
   negative; on a grid of 48 x 48 and one of 160 x 160 (the pool). */
static void test_2d_rectangle(void) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    static const int sizes[][2] = {{0, 0},   {1, 1},   {48, 1},  {1, 48},  {16, 17}, {15, 16},
                                   {47, 48}, {48, 48}, {49, 80}, {-1, 10}, {10, -7}, {INT_MAX, INT_MIN}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        CHECK(run_2d(&g, "rectangle_work", rectangle, sizes[s][0], sizes[s][1], 3, 3, 16, 16) == 0);
        int nx = sizes[s][0], ny = sizes[s][1]; /* three times larger on the larger grid, the extremes kept */
        nx = nx > INT_MIN / 3 && nx < INT_MAX / 3 ? nx * 3 : nx;
        ny = ny > INT_MIN / 3 && ny < INT_MAX / 3 ? ny * 3 : ny;
        CHECK(run_2d(&g, "rectangle_work", rectangle, nx, ny, 40, 40, 4, 4) == 0);
    }
    guards_close(&g);
}

/* A guard before a barrier: the threads left out count as arrived, the others exchange through
   shared memory with their right neighbour. return_then_exchange keeps [0, n);
   between_then_exchange keeps [low, n), so that a block's first threads are the ones left out. */
static void test_guard_before_a_barrier(void) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    enum { BLOCK = 64, GRID = 5, THREADS = BLOCK * GRID };
    int *in = ints(&g, THREADS), *out = ints(&g, THREADS);
    REQUIRE(in && out);
    for (int i = 0; i < THREADS; i++) in[i] = i % 97 + 1;
    /* {low, n}; INT32_MIN: the upper bound alone */
    static const int32_t cases[][2] = {
        {INT32_MIN, 0},   {INT32_MIN, 1},   {INT32_MIN, 2},   {INT32_MIN, 63},  {INT32_MIN, 64}, {INT32_MIN, 65},
        {INT32_MIN, 100}, {INT32_MIN, 319}, {INT32_MIN, 320}, {INT32_MIN, 500}, {INT32_MIN, -4}, {1, 64},
        {10, 100},        {63, 65},         {64, 320},        {100, 90},        {-3, 7},         {200, 500}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int32_t low = cases[c][0], n = cases[c][1];
        memset(out, 0, THREADS * sizeof *out);
        struct {
            int32_t low, n;
            const int* in;
            int* out;
        } between = {low, n, in, out};
        struct {
            int32_t n;
            const int* in;
            int* out;
        } below = {n, in, out};
        offload_result r = low == INT32_MIN
                               ? launch(&g, "return_then_exchange", GRID, 1, BLOCK, 1, &below, sizeof below)
                               : launch(&g, "between_then_exchange", GRID, 1, BLOCK, 1, &between, sizeof between);
        CHECK_OK(g.ctx, r);
        int wrong = 0;
        for (int i = 0; i < THREADS; i++) {
            int t = i % BLOCK, right = t + 1 < BLOCK && i + 1 < n ? i + 1 : i;
            int want = i >= low && i < n ? in[i] * 100 + in[right] : 0;
            wrong += out[i] != want;
        }
        CHECK(wrong == 0);
    }
    guards_close(&g);
}

/* An effect before the guard: every thread of the grid counts. */
static void test_effect_before_the_guard(void) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    enum { BLOCK = 64, GRID = 100, THREADS = BLOCK * GRID };
    int *count = ints(&g, 1), *out = ints(&g, THREADS);
    REQUIRE(count && out);
    static const int bounds[] = {0, 1, 64, 1000, THREADS, -1};
    for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
        int n = bounds[b];
        *count = 0;
        memset(out, 0, THREADS * sizeof *out);
        struct {
            int32_t n;
            int *count, *out;
        } args = {n, count, out};
        CHECK_OK(g.ctx, launch(&g, "count_then_return", GRID, 1, BLOCK, 1, &args, sizeof args));
        CHECK(*count == THREADS);
        int wrong = 0;
        for (int i = 0; i < THREADS; i++) wrong += out[i] != (i < n ? i + 1 : 0);
        CHECK(wrong == 0);
    }
    guards_close(&g);
}

/* 2^31 + 2048 threads: the last 2048 have a negative signed 32-bit id, which passes `i < n`, so
   no bound may be taken from the guard there; with one block fewer than 2^31 threads it may. */
static void test_32_bit_id_that_wraps(void) {
    guards g = {0};
    REQUIRE(guards_open(&g));
    int* count = ints(&g, 1);
    REQUIRE(count);
    enum { BLOCK = 1024, N = 1000 };
    static const uint32_t grids[] = {(1u << 31) / BLOCK + 2, (1u << 31) / BLOCK};
    static const int beyond[] = {2048, 0};
    for (int k = 0; k < 2; k++) {
        *count = 0;
        struct {
            int32_t n;
            int* count;
        } args = {N, count};
        CHECK_OK(g.ctx, launch(&g, "count_below", grids[k], 1, BLOCK, 1, &args, sizeof args));
        CHECK(*count == N + beyond[k]);
    }
    guards_close(&g);
}
#endif

/* ---- a host symbol table's own block range ---- */

enum { RANGE_BLOCK = 8, RANGE_GRID = 10 };

/* Marks each block that ran. */
static int mark_block(const void* args, const offload_host_block* block) {
    atomic_int* ran = *(atomic_int* const*)args;
    atomic_fetch_add(&ran[block->block_id[1] * RANGE_GRID + block->block_id[0]], 1);
    return 0;
}

typedef struct {
    atomic_int* ran;
    int64_t range[6];
} range_args;

static void copy_range(const void* args, const offload_host_block* launch, int64_t range[6]) {
    (void)launch;
    memcpy(range, ((const range_args*)args)->range, sizeof((const range_args*)args)->range);
}

static void test_host_symbol_block_range(void) {
    guards g = {0};
    REQUIRE(context_open(&g));
    offload_host_symbol symbols[] = {{.name = "mark", .block_kernel = mark_block, .block_range = copy_range}};
    offload_program_desc pd;
    memset(&pd, 0, sizeof pd);
    pd.host_symbols = symbols;
    pd.host_symbol_count = 1;
    REQUIRE_OK(g.ctx, offload_program_create(g.ctx, g.dev, &pd, &g.program));
    offload_kernel k;
    REQUIRE_OK(g.ctx, offload_kernel_get(g.ctx, g.program, "mark", &k));
    atomic_int ran[RANGE_GRID * RANGE_GRID];
    /* x: [8, 17) covers blocks 1 and 2; y: [-100, 1) block 0 only; wider than the grid; empty;
       reversed; one past the last id */
    static const int64_t ranges[][6] = {{8, -100, 0, 17, 1, 1},
                                        {-5, 0, -9, 1000, 80, 9},
                                        {3, 3, 0, 3, 80, 1},
                                        {20, 0, 0, 10, 80, 1},
                                        {79, 79, 0, 80, 80, 1},
                                        {80, 0, 0, 81, 80, 1},
                                        {0, 0, 0, INT64_MAX, INT64_MAX, INT64_MAX}};
    for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
        for (int i = 0; i < RANGE_GRID * RANGE_GRID; i++) atomic_init(&ran[i], 0);
        range_args args = {ran, {0}};
        memcpy(args.range, ranges[r], sizeof args.range);
        offload_launch_desc d = {{RANGE_GRID, RANGE_GRID, 1}, {RANGE_BLOCK, RANGE_BLOCK, 1}, 0, &args, sizeof args};
        CHECK_OK(g.ctx, offload_launch(g.ctx, (offload_queue){0}, k, &d));
        int wrong = 0;
        for (int y = 0; y < RANGE_GRID; y++)
            for (int x = 0; x < RANGE_GRID; x++) {
                int inside = 1;
                const int xy[2] = {x, y};
                for (int dim = 0; dim < 2; dim++) { /* some id of the block lies in [begin, end) */
                    int64_t first = (int64_t)xy[dim] * RANGE_BLOCK, last = first + RANGE_BLOCK - 1;
                    inside &=
                        ranges[r][dim] <= last && ranges[r][3 + dim] > first && ranges[r][dim] < ranges[r][3 + dim];
                }
                inside &= ranges[r][2] <= 0 && ranges[r][5] > 0; /* z: the one id 0 */
                wrong += atomic_load(&ran[y * RANGE_GRID + x]) != inside;
            }
        CHECK(wrong == 0);
    }
    guards_close(&g);
    /* a range without a block kernel is refused */
    REQUIRE(context_open(&g));
    offload_host_symbol bad[] = {{.name = "bad", .address = ran, .size = sizeof ran, .block_range = copy_range}};
    pd.host_symbols = bad;
    offload_program p;
    CHECK_RESULT(g.ctx, offload_program_create(g.ctx, g.dev, &pd, &p), OFFLOAD_ERROR_INVALID_IMAGE);
    guards_close(&g);
}

int main(void) {
#ifndef OFFLOAD_NO_JIT
    RUN(test_signed_below);
    RUN(test_unsigned_return);
    RUN(test_signed_at_or_below);
    RUN(test_unsigned_return_above);
    RUN(test_one_thread);
    RUN(test_64_bit_ids);
    RUN(test_bound_that_depends_on_the_thread);
    RUN(test_lower_and_upper_bounds);
    RUN(test_work_outside_a_range);
    RUN(test_bound_on_the_left);
    RUN(test_2d_elimination_steps);
    RUN(test_2d_rectangle);
    RUN(test_guard_before_a_barrier);
    RUN(test_effect_before_the_guard);
    RUN(test_32_bit_id_that_wraps);
#endif
    RUN(test_host_symbol_block_range);
    return test_summary();
}
