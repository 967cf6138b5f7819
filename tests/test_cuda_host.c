/* tests/test_cuda_host.c — CUDA device code as clang emits it, run on the host device: the NVPTX
   IR of tests/data/cuda_host (made by make.sh there from the .cu sources, by clang-14 and
   clang-22 at -O2, reduce.cu also at -O0, math.cu also with libdevice linked by clang) loaded
   on the host, each kernel launched with realistic shapes (several blocks, 256-thread and
   16 x 16 blocks, sizes that are no multiple of the block) and every output compared with a C
   reference: integers exactly, floats exactly where every value is exact by construction,
   otherwise within libdevice's documented error bounds. printf's text is checked; a failed
   assert fails the launch naming the file and line. clang-22's IR needs a JIT on LLVM 22 or
   later (skipped with the reason otherwise). Also: the same IR loads on the simulated CUDA
   device with the parameter sizes the C argument structs here have (and the host agrees), and
   its PTX for sm_90 assembles with ptxas; the JIT gives it only the post-link pipeline there, and
   LLVM's whole pipeline on the host, where it is rebuilt as thread loops (saxpy's is vectorised).
   nv_math.cu calls libdevice's __nv_* functions directly: without libdevice (libdevice_path
   "none") the host maps them to the C library, checked against it and exact expectations, and
   with libdevice the same kernels agree within CUDA's bounds; nv_unmapped.cu calls one the
   mapping leaves out, which is refused naming it. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <dirent.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#ifdef OFFLOAD_NO_JIT
int main(void) { return test_skip_all("test_cuda_host", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

#define CUDA_DATA OFFLOAD_TEST_ROOT "/tests/data/cuda_host/"
#define LIBDEVICE "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"

/* ---- the kernels' parameters, as C structs (the packed-buffer convention) ---- */

/* Where a kernel's parameters end: the size the image reports (no tail padding). */
#define ARGS_END(type, last) (offsetof(type, last) + sizeof(((type*)0)->last))

typedef struct {
    float x, y, z, w;
} __attribute__((aligned(16))) float4_t;

typedef struct {
    int32_t n;
    float a;
    const float* x;
    float* y;
} saxpy_args;
typedef struct {
    const float *x, *y;
    float* out;
    float alpha, beta;
    int32_t n;
} axpby_f_args;
typedef struct {
    const int32_t *x, *y;
    int32_t* out;
    int32_t alpha, beta;
    int32_t n;
} axpby_i_args;
typedef struct {
    const float4_t* in;
    const float* gains;
    float4_t* out;
    float4_t bias;
    int32_t n4;
} scale_float4_args;
typedef struct {
    const float* x;
    const int32_t* keys;
    float* y;
    int32_t* mapped;
    int32_t n;
} poly_remap_args;
typedef struct {
    const void* in;
    void* block_sums;
    int32_t n;
} reduce_args;
typedef struct {
    const int32_t* in;
    int32_t *counts, *all, *any;
    int32_t n;
} block_votes_args;
typedef struct {
    const int32_t* in;
    int32_t* out;
    float* out_f;
    uint32_t* warp_out;
} warp_flavours_args;
typedef struct {
    const int32_t* steps;
    uint32_t* out;
} lookback_votes_args;
typedef struct {
    uint32_t* out;
} words_out_args;
typedef struct {
    const float* in;
    float *out, *block_totals;
    int32_t n;
} scan_args;
typedef struct {
    const uint8_t* data;
    int32_t n;
    uint32_t* bins;
} histogram_args;
typedef struct {
    const float *a, *b;
    float* c;
    int32_t m, n, k;
} matmul_args;
typedef struct {
    const float* in;
    float* out;
    int32_t w, h;
} grid2d_args;
typedef struct {
    float *x, *y, *vx, *vy, *phase;
} particles;
typedef struct {
    particles p;
    float dt;
    int32_t n;
} particles_args;
typedef struct {
    const void* in;
    void* out;
    int32_t n;
} functions_args;
typedef struct {
    const int32_t* in;
    int32_t n;
    int32_t* max_value;
    float *max_half, *sum;
    uint32_t *evens, *counter;
    uint32_t wrap;
    uint32_t* tickets;
} atomic_stats_args;
typedef struct {
    const int32_t* in;
    int32_t *partials, *total;
    int32_t n;
} sum_last_block_args;
typedef struct {
    const int32_t* values;
    int32_t n;
} print_args;
typedef struct {
    const int32_t* values;
    int32_t* out;
    int32_t n;
} divide_args;
typedef struct {
    int32_t n;
    const float *a, *x;
    float* y;
} gemv_args;

/* ---- the corpus: each source's kernels with their parameter sizes ---- */

typedef struct corpus_kernel {
    const char* name;
    size_t args_size;
} corpus_kernel;

#define SAXPY "_Z5saxpyifPKfPf"
#define AXPBY_FLOAT "_Z5axpbyIfEvPKT_S2_PS0_S0_S0_i"
#define AXPBY_INT "_Z5axpbyIiEvPKT_S2_PS0_S0_S0_i"

static const corpus_kernel elementwise_kernels[] = {{SAXPY, ARGS_END(saxpy_args, y)},
                                                    {AXPBY_FLOAT, ARGS_END(axpby_f_args, n)},
                                                    {AXPBY_INT, ARGS_END(axpby_i_args, n)},
                                                    {"scale_float4", ARGS_END(scale_float4_args, n4)},
                                                    {"poly_remap", ARGS_END(poly_remap_args, n)},
                                                    {NULL, 0}};
static const corpus_kernel reduce_kernels[] = {{"reduce_dynamic", ARGS_END(reduce_args, n)},
                                               {"reduce_static", ARGS_END(reduce_args, n)},
                                               {"reduce_warp_shuffle", ARGS_END(reduce_args, n)},
                                               {"block_votes", ARGS_END(block_votes_args, n)},
                                               {"block_votes_after_returns", ARGS_END(block_votes_args, n)},
                                               {"warp_flavours", ARGS_END(warp_flavours_args, warp_out)},
                                               {"lookback_votes", ARGS_END(lookback_votes_args, out)},
                                               {"warp_halves", ARGS_END(words_out_args, out)},
                                               {"shuffle_without_its_lanes", ARGS_END(words_out_args, out)},
                                               {NULL, 0}};
static const corpus_kernel shared_kernels[] = {
    {"scan_blelloch", ARGS_END(scan_args, n)},      {"histogram256", ARGS_END(histogram_args, bins)},
    {"matmul_tiled", ARGS_END(matmul_args, k)},     {"stencil5", ARGS_END(grid2d_args, h)},
    {"transpose_padded", ARGS_END(grid2d_args, h)}, {NULL, 0}};
static const corpus_kernel math_kernels[] = {{"particles_step", ARGS_END(particles_args, n)},
                                             {"float_functions", ARGS_END(functions_args, n)},
                                             {"double_functions", ARGS_END(functions_args, n)},
                                             {"bit_tricks", ARGS_END(functions_args, n)},
                                             {NULL, 0}};
static const corpus_kernel atomics_kernels[] = {{"atomic_stats", ARGS_END(atomic_stats_args, tickets)},
                                                {"sum_last_block", ARGS_END(sum_last_block_args, n)},
                                                {NULL, 0}};
static const corpus_kernel debug_kernels[] = {{"print_values", ARGS_END(print_args, n)},
                                              {"checked_divide", ARGS_END(divide_args, n)},
                                              {NULL, 0}};
static const corpus_kernel loops_kernels[] = {{"gemv_columns", ARGS_END(gemv_args, y)}, {NULL, 0}};

/* Every IR file of a flavour ("llvm14", "llvm22"): the seven sources, reduce.cu at -O0, and for
   LLVM 22 math.cu with libdevice linked. */
typedef struct corpus_file {
    const char* pattern; /* %s: the flavour */
    int llvm22_only;
    const corpus_kernel* kernels;
} corpus_file;

static const corpus_file corpus[] = {
    {"elementwise.%s.ll", 0, elementwise_kernels},
    {"reduce.%s.ll", 0, reduce_kernels},
    {"shared.%s.ll", 0, shared_kernels},
    {"math.%s.ll", 0, math_kernels},
    {"atomics.%s.ll", 0, atomics_kernels},
    {"debug.%s.ll", 0, debug_kernels},
    {"loops.%s.ll", 0, loops_kernels},
    {"reduce.O0.%s.ll", 0, reduce_kernels},
    {"math.libdevice.%s.ll", 1, math_kernels},
};

/* ---- one host context for the whole run: each IR file is compiled once ---- */

enum { MAX_FILES = 24, MAX_BUFFERS = 32 };

typedef struct loaded_file {
    char path[600];
    offload_result result;
    offload_program program;
    char error[1024];
} loaded_file;

typedef struct host_suite {
    offload_context* ctx;
    int jit_major;
    printed_lines printed;
    loaded_file files[MAX_FILES];
    int file_count;
    void* buffers[MAX_BUFFERS]; /* freed after each test */
    int buffer_count;
} host_suite;

static host_suite suite = {.printed = {PTHREAD_MUTEX_INITIALIZER, "", 0, 0}};

static offload_context* suite_context(void) {
    if (suite.ctx) return suite.ctx;
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.host_checks = test_host_checks();
    desc.jit.isolation = TEST_JIT_ISOLATION;
    desc.jit.opt_level = TEST_JIT_OPT_LEVEL;
    desc.rpc.output = printed_line;
    desc.rpc.output_user_data = &suite.printed;
    if (offload_context_create(&desc, &suite.ctx) != OFFLOAD_SUCCESS) return suite.ctx = NULL;
    offload_jit_info info;
    if (offload_jit_get_info(suite.ctx, &info) == OFFLOAD_SUCCESS && info.available)
        suite.jit_major = atoi(info.llvm_version);
    return suite.ctx;
}

static void free_buffers(void) {
    for (int i = 0; i < suite.buffer_count; i++) offload_mem_free(suite.ctx, suite.buffers[i]);
    suite.buffer_count = 0;
}

/* Host-device memory (host memory: the test reads and writes it directly), freed after the test. */
static void* buffer(size_t size) {
    offload_device dev = {0};
    void* p = NULL;
    if (suite.buffer_count == MAX_BUFFERS || offload_device_get(suite.ctx, 0, &dev) != OFFLOAD_SUCCESS ||
        offload_mem_alloc(suite.ctx, dev, OFFLOAD_MEM_DEVICE, size, &p) != OFFLOAD_SUCCESS)
        return NULL;
    memset(p, 0, size);
    return suite.buffers[suite.buffer_count++] = p;
}

static int is_llvm22_ir(const char* path) { return strstr(path, ".llvm22.") != NULL; }

/* Whether the IR leaves libdevice's functions to the JIT (declares an __nv_ function). */
static int declares_libdevice_functions(const char* path) {
    size_t size = 0;
    char* ir = test_read_file(path, &size);
    int found = 0;
    for (char* line = ir; line && *line && !found;) {
        char* end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        found = !strncmp(line, "declare ", 8) && memmem(line, length, "@__nv_", 6) != NULL;
        line = end ? end + 1 : NULL;
    }
    free(ir);
    return found;
}

/* Why the file cannot be tried here, or NULL. */
static const char* skip_reason(const char* path, int jit_major, char* why, size_t capacity) {
    if (is_llvm22_ir(path) && jit_major < 22) {
        snprintf(why, capacity, "%s is clang-22's IR (opaque pointers, LLVM 22 intrinsics); the JIT links LLVM %d",
                 strrchr(path, '/') + 1, jit_major);
        return why;
    }
    if (declares_libdevice_functions(path) && access(LIBDEVICE, R_OK) != 0) {
        snprintf(why, capacity, "%s calls libdevice, which is not installed (%s)", strrchr(path, '/') + 1, LIBDEVICE);
        return why;
    }
    return NULL;
}

/* The program of path on the host device, compiled on first use; 0 (and the error printed) if it
   does not load. */
static int host_program(const char* path, offload_program* out) {
    loaded_file* f = NULL;
    for (int i = 0; i < suite.file_count && !f; i++)
        if (!strcmp(suite.files[i].path, path)) f = &suite.files[i];
    if (!f) {
        if (suite.file_count == MAX_FILES) return 0;
        f = &suite.files[suite.file_count++];
        snprintf(f->path, sizeof f->path, "%s", path);
        offload_device dev = {0};
        offload_device_get(suite.ctx, 0, &dev);
        f->result = program_from_file(suite.ctx, dev, path, &f->program);
        if (f->result != OFFLOAD_SUCCESS)
            snprintf(f->error, sizeof f->error, "%s", offload_context_last_error(suite.ctx));
    }
    if (f->result != OFFLOAD_SUCCESS)
        fprintf(stderr, "  loading %s on the host: %s\n", strrchr(path, '/') + 1, f->error);
    *out = f->program;
    return f->result == OFFLOAD_SUCCESS;
}

/* Declares `prog`, the host program of `path`: skips the test when the file cannot be tried
   here, fails it when the file does not load. */
#define HOST_PROGRAM(prog, path)                                                                                       \
    offload_program prog = {0};                                                                                        \
    do {                                                                                                               \
        char why_[512];                                                                                                \
        REQUIRE(suite_context());                                                                                      \
        if (skip_reason(path, suite.jit_major, why_, sizeof why_)) SKIP("%s", why_);                                   \
        REQUIRE(host_program(path, &prog));                                                                            \
    } while (0)

static offload_result launch(offload_program prog, const char* kernel, uint32_t grid_x, uint32_t grid_y,
                             uint32_t block_x, uint32_t block_y, size_t shared, const void* args, size_t size) {
    offload_kernel k;
    offload_result r = offload_kernel_get(suite.ctx, prog, kernel, &k);
    if (r != OFFLOAD_SUCCESS) return r;
    offload_launch_desc d = {{grid_x, grid_y, 1}, {block_x, block_y, 1}, shared, args, size};
    return offload_launch(suite.ctx, (offload_queue){0}, k, &d);
}

static uint32_t blocks_for(uint32_t n, uint32_t per_block) { return (n + per_block - 1) / per_block; }

/* ---- comparisons ---- */

/* Counts a mismatch, printing the first few. */
static int mismatch(int* wrong, const char* what, long index, double got, double want) {
    if ((*wrong)++ < 5) fprintf(stderr, "  %s[%ld] = %.9g, expected %.9g\n", what, index, got, want);
    return 0;
}

static void expect_int(int* wrong, const char* what, long index, long long got, long long want) {
    if (got != want) mismatch(wrong, what, index, (double)got, (double)want);
}

/* Floats computed exactly on both sides (every intermediate value representable). */
static void expect_exact(int* wrong, const char* what, long index, double got, double want) {
    if (got != want) mismatch(wrong, what, index, got, want);
}

/* Within `ulps` units in the last place of `scale` (a float), where scale >= |want| is the size
   of the terms that made it: an error bound of each term in ulps of that term adds up to at
   most that many ulps of the sum of their magnitudes, whatever cancels. */
static void expect_float(int* wrong, const char* what, long index, float got, float want, float scale, float ulps) {
    float bound = ulps * FLT_EPSILON * fmaxf(fabsf(scale), FLT_MIN);
    if (!(fabsf(got - want) <= bound)) mismatch(wrong, what, index, got, want);
}

static void expect_double(int* wrong, const char* what, long index, double got, double want, double ulps) {
    double bound = ulps * DBL_EPSILON * fmax(fabs(want), DBL_MIN);
    if (!(fabs(got - want) <= bound)) mismatch(wrong, what, index, got, want);
}

/* ---- elementwise.cu ---- */

static void check_saxpy(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 100003 };
    float* x = (float*)buffer(N * sizeof(float));
    float* y = (float*)buffer(N * sizeof(float));
    REQUIRE(x && y);
    for (int i = 0; i < N; i++) x[i] = (float)(i % 1000) * 0.25f, y[i] = (float)(i % 77);
    /* 64 blocks of 256 threads stride over 100003 elements; every value is a small multiple of
       1/8, so a fused multiply-add gives the same result */
    saxpy_args args = {N, 1.5f, x, y};
    CHECK_OK(suite.ctx, launch(prog, SAXPY, 64, 1, 256, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++)
        expect_exact(&wrong, "y", i, y[i], 1.5f * ((float)(i % 1000) * 0.25f) + (float)(i % 77));
    CHECK(wrong == 0);
}

/* The template's two instantiations, by their mangled names; the threads past n write nothing. */
static void check_axpby_template(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 5000, PAD = 200 };
    float *xf = (float*)buffer(N * 4), *yf = (float*)buffer(N * 4), *of = (float*)buffer((N + PAD) * 4);
    int32_t *xi = (int32_t*)buffer(N * 4), *yi = (int32_t*)buffer(N * 4), *oi = (int32_t*)buffer((N + PAD) * 4);
    REQUIRE(xf && yf && of && xi && yi && oi);
    for (int i = 0; i < N; i++) {
        xf[i] = (float)(i % 100), yf[i] = (float)(i % 37) * 0.25f;
        xi[i] = i - 2500, yi[i] = i % 91;
    }
    for (int i = 0; i < N + PAD; i++) of[i] = -1.0f, oi[i] = -1;
    axpby_f_args fa = {xf, yf, of, 0.5f, -2.0f, N};
    axpby_i_args ia = {xi, yi, oi, 3, -7, N};
    uint32_t grid = blocks_for(N, 256); /* 20 blocks: 120 threads past n */
    CHECK_OK(suite.ctx, launch(prog, AXPBY_FLOAT, grid, 1, 256, 1, 0, &fa, sizeof fa));
    CHECK_OK(suite.ctx, launch(prog, AXPBY_INT, grid, 1, 256, 1, 0, &ia, sizeof ia));
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        expect_exact(&wrong, "float out", i, of[i], 0.5f * (float)(i % 100) + -2.0f * ((float)(i % 37) * 0.25f));
        expect_int(&wrong, "int out", i, oi[i], 3 * (i - 2500) - 7 * (i % 91));
    }
    for (int i = N; i < N + PAD; i++) {
        expect_exact(&wrong, "float out past n", i, of[i], -1.0f);
        expect_int(&wrong, "int out past n", i, oi[i], -1);
    }
    CHECK(wrong == 0);
}

static void check_scale_float4(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N4 = 1000 };
    float4_t* in = (float4_t*)buffer(N4 * sizeof(float4_t));
    float4_t* out = (float4_t*)buffer((N4 + 24) * sizeof(float4_t));
    float* gains = (float*)buffer(16 * sizeof(float));
    REQUIRE(in && out && gains);
    float* v = (float*)in;
    for (int i = 0; i < 4 * N4; i++) v[i] = (float)(i % 50) * 0.5f;
    for (int k = 0; k < 16; k++) gains[k] = 1.0f + 0.25f * (float)k;
    /* the float4 parameter sits at offset 32 (its 16-byte alignment), n4 at 48 */
    scale_float4_args args = {in, gains, out, {1.0f, -2.0f, 0.5f, 4.0f}, N4};
    CHECK_OK(suite.ctx, launch(prog, "scale_float4", 8, 1, 128, 1, 0, &args, sizeof args));
    int wrong = 0;
    const float* o = (const float*)out;
    const float bias[4] = {1.0f, -2.0f, 0.5f, 4.0f};
    for (int i = 0; i < 4 * N4; i++)
        expect_exact(&wrong, "out", i, o[i], v[i] * gains[(i / 4) & 15] + bias[i % 4]); /* exact: multiples of 1/8 */
    for (int i = 4 * N4; i < 4 * (N4 + 24); i++) expect_exact(&wrong, "out past n4", i, o[i], 0.0f);
    CHECK(wrong == 0);
}

static const float poly_coefficients[6] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, -0.03125f};

static void check_constant_tables(const char* path) {
    HOST_PROGRAM(prog, path);
    /* the initialised table reads back as compiled; the other is written before the launch */
    float coefficients[6] = {0};
    CHECK_OK(suite.ctx,
             offload_global_read(suite.ctx, prog, "poly_coefficients", 0, coefficients, sizeof coefficients));
    CHECK(!memcmp(coefficients, poly_coefficients, sizeof coefficients));
    int32_t table[16];
    for (int k = 0; k < 16; k++) table[k] = k * k - 7;
    CHECK_OK(suite.ctx, offload_global_write(suite.ctx, prog, "remap_table", 0, table, sizeof table));
    enum { N = 3000 };
    float *x = (float*)buffer(N * 4), *y = (float*)buffer(N * 4);
    int32_t *keys = (int32_t*)buffer(N * 4), *mapped = (int32_t*)buffer(N * 4);
    REQUIRE(x && y && keys && mapped);
    for (int i = 0; i < N; i++) x[i] = (float)(i % 200 - 100) / 64.0f, keys[i] = i * 7;
    poly_remap_args args = {x, keys, y, mapped, N};
    CHECK_OK(suite.ctx, launch(prog, "poly_remap", blocks_for(N, 256), 1, 256, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        /* Horner in float; the device may fuse each step (clang's CUDA default is
           -ffp-contract=fast): one rounding less per step, each worth at most an ulp of the
           terms' magnitude, so 8 ulps of sum |c_k x^k| bound the five steps */
        float acc = poly_coefficients[5], scale = fabsf(poly_coefficients[5]);
        for (int k = 4; k >= 0; k--) {
            acc = acc * x[i] + poly_coefficients[k];
            scale = scale * fabsf(x[i]) + fabsf(poly_coefficients[k]);
        }
        expect_float(&wrong, "y", i, y[i], acc, scale, 8.0f);
        expect_int(&wrong, "mapped", i, mapped[i], table[(i * 7) & 15]);
    }
    CHECK(wrong == 0);
}

/* ---- reduce.cu ---- */

static void check_reduce_dynamic(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 1000000 - 17 };
    float* in = (float*)buffer(N * sizeof(float));
    float* sums = (float*)buffer(blocks_for(N, 256) * sizeof(float)); /* enough for 128-thread blocks too */
    REQUIRE(in && sums);
    for (int i = 0; i < N; i++) in[i] = (float)(i % 13); /* small integers: every order of additions is exact */
    static const uint32_t threads[2] = {256, 128};       /* the dynamic shared memory follows the block */
    for (int t = 0; t < 2; t++) {
        uint32_t per_block = 2 * threads[t], blocks = blocks_for(N, per_block);
        reduce_args args = {in, sums, N};
        CHECK_OK(suite.ctx, launch(prog, "reduce_dynamic", blocks, 1, threads[t], 1, threads[t] * sizeof(float), &args,
                                   sizeof args));
        int wrong = 0;
        for (uint32_t b = 0; b < blocks; b++) {
            float want = 0;
            for (uint32_t i = b * per_block; i < (b + 1) * per_block && i < N; i++) want += in[i];
            expect_exact(&wrong, "block sum", b, sums[b], want);
        }
        CHECK(wrong == 0);
    }
}

static void check_reduce_static(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 300001, BLOCKS = 40, THREADS = 256 };
    int32_t* in = (int32_t*)buffer(N * sizeof(int32_t));
    int32_t* sums = (int32_t*)buffer(BLOCKS * sizeof(int32_t));
    REQUIRE(in && sums);
    for (int i = 0; i < N; i++) in[i] = i % 2001 - 1000;
    reduce_args args = {in, sums, N};
    CHECK_OK(suite.ctx, launch(prog, "reduce_static", BLOCKS, 1, THREADS, 1, 0, &args, sizeof args));
    int64_t want[BLOCKS] = {0};
    for (int i = 0; i < N; i++) want[(i / THREADS) % BLOCKS] += in[i]; /* the grid-stride slices */
    int wrong = 0;
    for (int b = 0; b < BLOCKS; b++) expect_int(&wrong, "block sum", b, sums[b], want[b]);
    CHECK(wrong == 0);
}

static void check_reduce_warp_shuffle(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 100000 - 5 };
    float* in = (float*)buffer(N * sizeof(float));
    float* sums = (float*)buffer(blocks_for(N, 96) * sizeof(float));
    REQUIRE(in && sums);
    for (int i = 0; i < N; i++) in[i] = (float)(i % 9 - 4);
    static const uint32_t threads[2] = {256, 96}; /* 8 warps; 3 warps (warp 0 reads 3 sums) */
    for (int t = 0; t < 2; t++) {
        uint32_t blocks = blocks_for(N, threads[t]);
        reduce_args args = {in, sums, N};
        CHECK_OK(suite.ctx, launch(prog, "reduce_warp_shuffle", blocks, 1, threads[t], 1, 0, &args, sizeof args));
        int wrong = 0;
        for (uint32_t b = 0; b < blocks; b++) {
            float want = 0;
            for (uint32_t i = b * threads[t]; i < (b + 1) * threads[t] && i < N; i++) want += in[i];
            expect_exact(&wrong, "block sum", b, sums[b], want);
        }
        CHECK(wrong == 0);
    }
}

/* The block votes of `kernel`, where the threads t with skip(t) have returned first. */
static void check_votes_of(const char* path, const char* kernel, int (*skip)(int thread)) {
    HOST_PROGRAM(prog, path);
    enum { THREADS = 256, BLOCKS = 20, N = THREADS * BLOCKS - 100 };
    int32_t* in = (int32_t*)buffer(N * sizeof(int32_t));
    int32_t *counts = (int32_t*)buffer(BLOCKS * 4), *all = (int32_t*)buffer(BLOCKS * 4),
            *any = (int32_t*)buffer(BLOCKS * 4);
    REQUIRE(in && counts && all && any);
    for (int i = 0; i < N; i++) {
        int b = i / THREADS;
        int t = i % THREADS;
        /* all, none, some positive; exactly one positive, exactly one not (both sides of each
           vote's boundary); thread 7 votes in both kernels */
        in[i] = b % 5 == 0   ? i + 1
                : b % 5 == 1 ? -(i % 5)
                : b % 5 == 2 ? i % 4 - 1
                : b % 5 == 3 ? (t == 7 ? 1 : -1)
                             : (t == 7 ? 0 : 1);
    }
    block_votes_args args = {in, counts, all, any, N};
    CHECK_OK(suite.ctx, launch(prog, kernel, BLOCKS, 1, THREADS, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int b = 0; b < BLOCKS; b++) {
        int count = 0, voters = 0;
        for (int t = 0; t < THREADS; t++) {
            if (skip(t)) continue;
            voters++;
            count += b * THREADS + t < N && in[b * THREADS + t] > 0;
        }
        expect_int(&wrong, "count", b, counts[b], count);
        expect_int(&wrong, "all", b, all[b], count == voters);
        expect_int(&wrong, "any", b, any[b], count > 0);
    }
    CHECK(wrong == 0);
}

static int no_thread(int thread) { return thread < 0; }
static int every_third_thread(int thread) { return thread % 3 == 0; }

static void check_block_votes(const char* path) { check_votes_of(path, "block_votes", no_thread); }

/* Thread 0 among those that returned: the counter's reset must not wait for it. */
static void check_block_votes_after_returns(const char* path) {
    check_votes_of(path, "block_votes_after_returns", every_third_thread);
}

/* Votes over part of a warp: lanes leave a look-back loop one by one, each vote over the lanes
   still in it, a shuffle from the first of them, a vote of 1 (the lanes voting); then the whole
   warp votes again. */
static void check_lookback_votes(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { THREADS = 96, BLOCKS = 3, N = THREADS * BLOCKS, SLOTS = 9 };
    int32_t* steps = (int32_t*)buffer(N * 4);
    uint32_t* out = (uint32_t*)buffer(N * SLOTS * 4);
    REQUIRE(steps && out);
    for (int i = 0; i < N; i++) steps[i] = (i * 7 + i / 32 * 3) % 6 + 1;
    lookback_votes_args args = {steps, out};
    CHECK_OK(suite.ctx, launch(prog, "lookback_votes", BLOCKS, 1, THREADS, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        int base = i / 32 * 32;
        uint32_t before = UINT32_MAX, from_first = 0, thirds = 0, voting = 0;
        for (int k = 0; k < 6; k++) {
            uint32_t ballot = 0; /* the lanes whose next vote still wants more */
            for (int l = 0; l < 32; l++)
                if (k + 1 < steps[base + l]) ballot |= 1u << l;
            expect_int(&wrong, "ballot", SLOTS * i + k, out[SLOTS * i + k], k < steps[i] ? ballot : 0);
            if (k < steps[i]) {
                from_first += (uint32_t)((base + __builtin_ctz(before)) * 10 + k);
                voting ^= before;
            }
            before = ballot;
        }
        expect_int(&wrong, "shuffled", SLOTS * i + 6, out[SLOTS * i + 6], from_first);
        for (int l = 0; l < 32; l++)
            if ((base + l) % 3 == 0) thirds |= 1u << l;
        expect_int(&wrong, "whole warp", SLOTS * i + 7, out[SLOTS * i + 7], thirds);
        expect_int(&wrong, "voting", SLOTS * i + 8, out[SLOTS * i + 8], voting);
    }
    CHECK(wrong == 0);
}

/* The halves of a warp on the two sides of a branch, each on its own mask; lanes 16 and 19 have
   returned. */
static void check_warp_halves(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { THREADS = 64, BLOCKS = 2, N = THREADS * BLOCKS };
    uint32_t* out = (uint32_t*)buffer(N * 3 * 4);
    REQUIRE(out);
    words_out_args args = {out};
    CHECK_OK(suite.ctx, launch(prog, "warp_halves", BLOCKS, 1, THREADS, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        int lane = i % 32, base = i - lane, low = lane < 16;
        if (lane == 16 || lane == 19) {
            for (int k = 0; k < 3; k++) expect_int(&wrong, "returned", 3 * i + k, out[3 * i + k], UINT32_MAX);
            continue;
        }
        uint32_t half = low ? 0x0000ffffu : 0xffff0000u & ~(1u << 16 | 1u << 19), ballot = 0;
        for (int l = 0; l < 32; l++)
            if (half >> l & 1u && (base + l) % (low ? 2 : 4) == 0) ballot |= 1u << l;
        expect_int(&wrong, "shuffle", 3 * i, out[3 * i], low ? (base + (lane ^ 1)) * 3 : (base + (lane ^ 3)) * 5);
        expect_int(&wrong, "ballot", 3 * i + 1, out[3 * i + 1], ballot);
        expect_int(&wrong, "active", 3 * i + 2, out[3 * i + 2], half);
    }
    CHECK(wrong == 0);
}

/* A shuffle whose mask names lanes that wait at the block's barrier fails its launch. */
static void check_shuffle_without_its_lanes(const char* path) {
    HOST_PROGRAM(prog, path);
    uint32_t* out = (uint32_t*)buffer(64 * 4);
    REQUIRE(out);
    words_out_args args = {out};
    CHECK_RESULT(suite.ctx, launch(prog, "shuffle_without_its_lanes", 1, 1, 64, 1, 0, &args, sizeof args),
                 OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(suite.ctx, OFFLOAD_DIAG_BARRIER_DIVERGENCE);
}

/* PTX's shfl.sync: the lane a lane reads for mode, b (the lane, delta or mask) and c (segment
   mask << 8 | clamp, as CUDA's width argument becomes), or its own lane when that lane is
   outside its segment. */
enum { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_BFLY };

static int shfl_source(int mode, int lane, int b, int width) {
    int c = ((32 - width) << 8) | (mode == SHFL_UP ? 0 : 0x1f);
    int bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
    int max_lane = (lane & segmask) | (cval & ~segmask), min_lane = lane & segmask, j, in_range;
    switch (mode) {
    case SHFL_UP:
        j = lane - bval, in_range = j >= max_lane;
        break;
    case SHFL_DOWN:
        j = lane + bval, in_range = j <= max_lane;
        break;
    case SHFL_BFLY:
        j = lane ^ bval, in_range = j <= max_lane;
        break;
    default:
        j = min_lane | (bval & ~segmask), in_range = j <= max_lane;
        break;
    }
    return in_range ? j : lane;
}

static void check_warp_flavours(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { THREADS = 128, BLOCKS = 3, N = THREADS * BLOCKS, WARPS = N / 32 };
    int32_t* in = (int32_t*)buffer(N * 4);
    int32_t* out = (int32_t*)buffer(N * 8 * 4);
    float* out_f = (float*)buffer(N * 4 * 4);
    uint32_t* warp_out = (uint32_t*)buffer(WARPS * 4 * 4);
    REQUIRE(in && out && out_f && warp_out);
    for (int i = 0; i < N; i++) in[i] = (i * 37) % 1100 - ((i / 32) % 3 == 0 && i % 32 == 17 ? 2000 : 0);
    warp_flavours_args args = {in, out, out_f, warp_out};
    CHECK_OK(suite.ctx, launch(prog, "warp_flavours", BLOCKS, 1, THREADS, 1, 0, &args, sizeof args));
    static const struct {
        int mode, b, width;
    } ints[8] = {{SHFL_IDX, -1, 32}, {SHFL_UP, 2, 32}, {SHFL_DOWN, 5, 32}, {SHFL_BFLY, 9, 32},
                 {SHFL_IDX, 6, 8},   {SHFL_UP, 1, 16}, {SHFL_DOWN, 3, 4},  {SHFL_BFLY, 2, 4}},
      floats[4] = {{SHFL_IDX, -2, 32}, {SHFL_UP, 7, 32}, {SHFL_DOWN, 1, 32}, {SHFL_BFLY, 16, 32}};
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        int lane = i % 32, base = i - lane;
        for (int k = 0; k < 8; k++) {
            int b = ints[k].b == -1 ? (lane + 3) % 32 : ints[k].b;
            expect_int(&wrong, "int shuffle", 8 * i + k, out[8 * i + k],
                       in[base + shfl_source(ints[k].mode, lane, b, ints[k].width)]);
        }
        for (int k = 0; k < 4; k++) {
            int b = floats[k].b == -2 ? 31 - lane : floats[k].b;
            expect_exact(&wrong, "float shuffle", 4 * i + k, out_f[4 * i + k],
                         (float)in[base + shfl_source(floats[k].mode, lane, b, 32)] * 0.5f);
        }
    }
    for (int w = 0; w < WARPS; w++) {
        uint32_t ballot = 0;
        int any = 0, all = 1;
        for (int l = 0; l < 32; l++) {
            int v = in[w * 32 + l];
            ballot |= (uint32_t)(v & 1) << l;
            any |= v > 1000;
            all &= v >= 0;
        }
        expect_int(&wrong, "ballot", w, warp_out[4 * w], ballot);
        expect_int(&wrong, "any", w, warp_out[4 * w + 1], any);
        expect_int(&wrong, "all", w, warp_out[4 * w + 2], all);
        expect_int(&wrong, "activemask", w, warp_out[4 * w + 3], 0xffffffffu);
    }
    CHECK(wrong == 0);
}

/* ---- shared.cu ---- */

static void check_scan(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { ITEMS = 512, N = ITEMS * 9 + 100 };
    uint32_t blocks = blocks_for(N, ITEMS);
    float *in = (float*)buffer(N * 4), *out = (float*)buffer(N * 4), *totals = (float*)buffer(blocks * 4);
    REQUIRE(in && out && totals);
    for (int i = 0; i < N; i++) in[i] = (float)(i % 7); /* sums below 2^24: exact */
    scan_args args = {in, out, totals, N};
    CHECK_OK(suite.ctx, launch(prog, "scan_blelloch", blocks, 1, 256, 1, 0, &args, sizeof args));
    int wrong = 0;
    float sum = 0;
    for (int i = 0; i < N; i++) {
        if (i % ITEMS == 0) sum = 0;
        sum += in[i];
        expect_exact(&wrong, "scan", i, out[i], sum);
        if (i % ITEMS == ITEMS - 1 || i == N - 1)
            expect_exact(&wrong, "segment total", i / ITEMS, totals[i / ITEMS], sum);
    }
    CHECK(wrong == 0);
}

static void check_histogram(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 1000003 };
    uint8_t* data = (uint8_t*)buffer(N);
    uint32_t* bins = (uint32_t*)buffer(256 * 4);
    REQUIRE(data && bins);
    uint32_t want[256] = {0};
    for (uint32_t i = 0; i < N; i++) {
        data[i] = (uint8_t)((i * 2654435761u) >> 24 ^ (i & 3));
        want[data[i]]++;
    }
    /* 32 blocks of 256 threads stride over the data: the global merge races across workers */
    histogram_args args = {data, N, bins};
    CHECK_OK(suite.ctx, launch(prog, "histogram256", 32, 1, 256, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int b = 0; b < 256; b++) expect_int(&wrong, "bin", b, bins[b], want[b]);
    CHECK(wrong == 0);
}

static void check_matmul(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { M = 70, N = 45, K = 53 }; /* no multiple of the 16 x 16 tile */
    float *a = (float*)buffer(M * K * 4), *b = (float*)buffer(K * N * 4), *c = (float*)buffer(M * N * 4);
    REQUIRE(a && b && c);
    for (int i = 0; i < M * K; i++) a[i] = (float)(i % 7 - 3);
    for (int i = 0; i < K * N; i++) b[i] = (float)(i % 5 - 2);
    matmul_args args = {a, b, c, M, N, K};
    CHECK_OK(suite.ctx,
             launch(prog, "matmul_tiled", blocks_for(N, 16), blocks_for(M, 16), 16, 16, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float sum = 0; /* small integers: every order of additions is exact */
            for (int k = 0; k < K; k++) sum += a[i * K + k] * b[k * N + j];
            expect_exact(&wrong, "c", i * N + j, c[i * N + j], sum);
        }
    CHECK(wrong == 0);
}

/* loops.cu: y = A^T x, a thread per column walking the rows; n no multiple of the block. */
static void check_gemv_columns(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 300 };
    float *a = (float*)buffer(N * N * 4), *x = (float*)buffer(N * 4), *y = (float*)buffer(N * 4);
    REQUIRE(a && x && y);
    for (int i = 0; i < N * N; i++) a[i] = (float)(i % 9 - 4);
    for (int i = 0; i < N; i++) x[i] = (float)(i % 5 - 2);
    gemv_args args = {N, a, x, y};
    CHECK_OK(suite.ctx, launch(prog, "gemv_columns", blocks_for(N, 64), 1, 64, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int j = 0; j < N; j++) {
        float sum = 0; /* small integers: every order of additions is exact */
        for (int i = 0; i < N; i++) sum += a[i * N + j] * x[i];
        expect_exact(&wrong, "y", j, y[j], sum);
    }
    CHECK(wrong == 0);
}

static void check_stencil(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { W = 100, H = 70 };
    float *in = (float*)buffer(W * H * 4), *out = (float*)buffer(W * H * 4);
    REQUIRE(in && out);
    for (int i = 0; i < W * H; i++) in[i] = (float)((i * 37) % 101);
    grid2d_args args = {in, out, W, H};
    CHECK_OK(suite.ctx, launch(prog, "stencil5", blocks_for(W, 16), blocks_for(H, 16), 16, 16, 0, &args, sizeof args));
    int wrong = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const float* p = in + y * W + x;
            /* the same additions in the same order, then one product: nothing to fuse, exact */
            float want =
                x == 0 || y == 0 || x == W - 1 || y == H - 1 ? *p : 0.2f * (p[0] + p[-W] + p[W] + p[-1] + p[1]);
            expect_exact(&wrong, "out", y * W + x, out[y * W + x], want);
        }
    CHECK(wrong == 0);
}

static void check_transpose(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { W = 100, H = 70 };
    float *in = (float*)buffer(W * H * 4), *out = (float*)buffer(W * H * 4);
    REQUIRE(in && out);
    for (int i = 0; i < W * H; i++) in[i] = (float)i;
    grid2d_args args = {in, out, W, H};
    CHECK_OK(suite.ctx,
             launch(prog, "transpose_padded", blocks_for(W, 32), blocks_for(H, 32), 32, 8, 0, &args, sizeof args));
    int wrong = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) expect_exact(&wrong, "out", x * H + y, out[x * H + y], in[y * W + x]);
    CHECK(wrong == 0);
}

/* ---- math.cu ----
   libdevice's maximum errors (CUDA C++ Programming Guide, "Mathematical Functions"), in ulps of
   the exact result: sqrtf 0 (sqrt.rn) or 1 (sqrt.approx, which libdevice takes where
   __CUDA_PREC_SQRT reflects 0, as clang's own libdevice link does), expf 2, logf 1, powf 4,
   sinf/cosf/sincosf 2; sqrt 0, exp 1, log 1, pow 2, sin 2, cos 2. The reference is glibc's libm,
   within 1 ulp of each (its float functions and exp, log, pow, sin, cos are correctly rounded
   in nearly all cases). The tolerance is their sum. */

static void check_particles(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 10000 };
    const float dt = 0.01f;
    particles p = {(float*)buffer(N * 4), (float*)buffer(N * 4), (float*)buffer(N * 4), (float*)buffer(N * 4),
                   (float*)buffer(N * 4)};
    float* start = (float*)malloc(5 * N * sizeof(float));
    REQUIRE(p.x && p.y && p.vx && p.vy && p.phase && start);
    for (int i = 0; i < N; i++) {
        p.x[i] = (float)(i % 200 - 100) * 0.05f;
        p.y[i] = (float)(i * 7 % 150 - 75) * 0.04f;
        p.vx[i] = (float)(i % 11 - 5) * 0.1f;
        p.vy[i] = (float)(i % 13 - 6) * 0.1f;
        p.phase[i] = (float)(i % 628) * 0.01f;
        float* s = start + 5 * i;
        s[0] = p.x[i], s[1] = p.y[i], s[2] = p.vx[i], s[3] = p.vy[i], s[4] = p.phase[i];
    }
    particles_args args = {p, dt, N};
    CHECK_OK(suite.ctx, launch(prog, "particles_step", blocks_for(N, 256), 1, 256, 1, 0, &args, sizeof args));
    /* r = sqrtf(x^2 + y^2 + 1) < 6 carries up to 3 ulps (a fused sum of squares, sqrtf, glibc);
       expf(-r/4) and powf(r, -1.5) of it: 0.25 r + 1.5 < 3 times that plus their own 2 + 4 ulps
       and glibc's: about 17 ulps; sincosf 3; the products and sums a few more; the velocity
       error reaches the position through dt and the phase through logf (1 ulp, and the absolute
       error of log(z) is the relative error of z). 32 ulps of each term's magnitude. */
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        const float* s = start + 5 * i;
        float x = s[0], y = s[1], r = sqrtf(x * x + y * y + 1.0f);
        float pull = expf(-0.25f * r) * powf(r, -1.5f), sn = sinf(s[4]), cs = cosf(s[4]);
        float vx = s[2] + dt * (cs * pull), vy = s[3] + dt * (sn * pull);
        float vx_scale = fabsf(s[2]) + dt * fabsf(cs * pull), vy_scale = fabsf(s[3]) + dt * fabsf(sn * pull);
        float log_speed = logf(fabsf(vx) + fabsf(vy) + 1.0f);
        expect_float(&wrong, "vx", i, p.vx[i], vx, vx_scale, 32);
        expect_float(&wrong, "vy", i, p.vy[i], vy, vy_scale, 32);
        expect_float(&wrong, "x", i, p.x[i], x + dt * vx, fabsf(x) + dt * vx_scale, 32);
        expect_float(&wrong, "y", i, p.y[i], y + dt * vy, fabsf(y) + dt * vy_scale, 32);
        expect_float(&wrong, "phase", i, p.phase[i], s[4] + dt * log_speed, s[4] + dt * (fabsf(log_speed) + 1.0f), 32);
    }
    CHECK(wrong == 0);
    free(start);
}

static void check_float_functions(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 4000 };
    float *in = (float*)buffer(N * 4), *out = (float*)buffer(N * 8 * 4);
    REQUIRE(in && out);
    for (int i = 0; i < N; i++) in[i] = 0.01f + (float)i * 0.0137f; /* (0, 55): log and pow defined */
    functions_args args = {in, out, N};
    CHECK_OK(suite.ctx, launch(prog, "float_functions", blocks_for(N, 256), 1, 256, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        float v = in[i];
        const float* o = out + 8 * i;
        expect_float(&wrong, "sqrtf", i, o[0], sqrtf(v), sqrtf(v), 1 + 1);
        expect_float(&wrong, "expf", i, o[1], expf(v * 0.125f), expf(v * 0.125f), 2 + 1);
        expect_float(&wrong, "logf", i, o[2], logf(v), logf(v), 1 + 1);
        expect_float(&wrong, "powf", i, o[3], powf(v, 1.37f), powf(v, 1.37f), 4 + 1);
        expect_float(&wrong, "sinf", i, o[4], sinf(v), sinf(v), 2 + 1);
        expect_float(&wrong, "cosf", i, o[5], cosf(v), cosf(v), 2 + 1);
        expect_float(&wrong, "sincosf sin", i, o[6], sinf(v * 0.5f), sinf(v * 0.5f), 2 + 1);
        expect_float(&wrong, "sincosf cos", i, o[7], cosf(v * 0.5f), cosf(v * 0.5f), 2 + 1);
    }
    CHECK(wrong == 0);
}

static void check_double_functions(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 4000 };
    double *in = (double*)buffer(N * 8), *out = (double*)buffer(N * 6 * 8);
    REQUIRE(in && out);
    for (int i = 0; i < N; i++) in[i] = 0.01 + i * 0.0137;
    functions_args args = {in, out, N};
    CHECK_OK(suite.ctx, launch(prog, "double_functions", blocks_for(N, 128), 1, 128, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        double v = in[i];
        const double* o = out + 6 * i;
        expect_double(&wrong, "sqrt", i, o[0], sqrt(v), 0); /* correctly rounded on both sides */
        expect_double(&wrong, "exp", i, o[1], exp(v * 0.125), 1 + 1);
        expect_double(&wrong, "log", i, o[2], log(v), 1 + 1);
        expect_double(&wrong, "pow", i, o[3], pow(v, 1.37), 2 + 1);
        expect_double(&wrong, "sin", i, o[4], sin(v), 2 + 1);
        expect_double(&wrong, "cos", i, o[5], cos(v), 2 + 1);
    }
    CHECK(wrong == 0);
}

static void check_bit_tricks(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 1000 };
    uint32_t* in = (uint32_t*)buffer(N * 4);
    int32_t* out = (int32_t*)buffer(N * 4 * 4);
    REQUIRE(in && out);
    static const uint32_t special[5] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu};
    /* a high byte over a small signed 24-bit value: __mul24 must ignore the byte, and the
       product stays within 32 bits (libdevice multiplies with nsw) */
    for (uint32_t i = 0; i < N; i++)
        in[i] = i < 5 ? special[i]
                      : ((i * 37) & 0xffu) << 24 | ((uint32_t)((int32_t)(i * 7919 % 65536) - 32768) & 0xffffffu);
    functions_args args = {in, out, N};
    CHECK_OK(suite.ctx, launch(prog, "bit_tricks", blocks_for(N, 256), 1, 256, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        uint32_t v = in[i], reversed = 0;
        for (int b = 0; b < 32; b++) reversed |= ((v >> b) & 1u) << (31 - b);
        int32_t low24 = (int32_t)(v << 8) >> 8;
        expect_int(&wrong, "__popc", i, out[4 * i], __builtin_popcount(v));
        expect_int(&wrong, "__clz", i, out[4 * i + 1], v ? __builtin_clz(v) : 32);
        expect_int(&wrong, "__brev", i, (uint32_t)out[4 * i + 2], reversed);
        expect_int(&wrong, "__mul24", i, out[4 * i + 3], low24 * (int32_t)(v >> 24));
    }
    CHECK(wrong == 0);
}

/* ---- atomics.cu ---- */

static void check_atomic_stats(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 16000 - 3, WRAP = 99 };
    int32_t* in = (int32_t*)buffer(N * 4);
    uint32_t* tickets = (uint32_t*)buffer(N * 4);
    int32_t* max_value = (int32_t*)buffer(4);
    float *max_half = (float*)buffer(4), *sum = (float*)buffer(4);
    uint32_t *evens = (uint32_t*)buffer(4), *counter = (uint32_t*)buffer(4);
    REQUIRE(in && tickets && max_value && max_half && sum && evens && counter);
    int32_t max = INT_MIN, total = 0, even = 0;
    for (int i = 0; i < N; i++) {
        in[i] = (i * 7919) % 2001 - 1000; /* |partial sums| < 2^24: the float sum is exact in any order */
        max = in[i] > max ? in[i] : max;
        total += in[i];
        even += (in[i] & 1) == 0;
    }
    *max_value = INT_MIN;
    *max_half = -INFINITY;
    atomic_stats_args args = {in, N, max_value, max_half, sum, evens, counter, WRAP, tickets};
    CHECK_OK(suite.ctx, launch(prog, "atomic_stats", blocks_for(N, 256), 1, 256, 1, 0, &args, sizeof args));
    CHECK(*max_value == max);
    CHECK(*max_half == (float)max * 0.5f);
    CHECK(*sum == (float)total);
    CHECK(*evens == (uint32_t)even);
    /* the counter counts 0..WRAP and over again: each ticket value as often as that gives */
    CHECK(*counter == N % (WRAP + 1));
    uint32_t seen[WRAP + 1] = {0};
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        if (tickets[i] > WRAP)
            expect_int(&wrong, "ticket", i, tickets[i], WRAP);
        else
            seen[tickets[i]]++;
    }
    for (int t = 0; t <= WRAP; t++)
        expect_int(&wrong, "tickets of value", t, seen[t], N / (WRAP + 1) + (t < N % (WRAP + 1)));
    CHECK(wrong == 0);
}

/* Twice, with different grids: the block that finishes last resets the __device__ counter. */
static void check_sum_last_block(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { MAX_BLOCKS = 37 };
    int32_t* in = (int32_t*)buffer(MAX_BLOCKS * 256 * 4);
    int32_t *partials = (int32_t*)buffer(MAX_BLOCKS * 4), *total = (int32_t*)buffer(4);
    REQUIRE(in && partials && total);
    static const int32_t sizes[2] = {MAX_BLOCKS * 256 - 11, 20 * 256 - 1};
    for (int round = 0; round < 2; round++) {
        int32_t n = sizes[round], want = 0;
        for (int i = 0; i < n; i++) want += in[i] = (i * (round + 3)) % 1000 - 400;
        *total = 0;
        sum_last_block_args args = {in, partials, total, n};
        CHECK_OK(suite.ctx,
                 launch(prog, "sum_last_block", blocks_for((uint32_t)n, 256), 1, 256, 1, 0, &args, sizeof args));
        CHECK(*total == want);
        uint32_t finished = 1;
        CHECK_OK(suite.ctx, offload_global_read(suite.ctx, prog, "finished_blocks", 0, &finished, sizeof finished));
        CHECK(finished == 0);
    }
}

/* ---- debug.cu ---- */

#ifndef OFFLOAD_NO_RPC
/* One line per element, from 40 of 48 threads in 3 blocks of 16, in any order. */
static void check_printf(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { THREADS = 16, N = 40 };
    int32_t* values = (int32_t*)buffer(N * 4);
    REQUIRE(values);
    for (int i = 0; i < N; i++) values[i] = 3 * i - 50;
    pthread_mutex_lock(&suite.printed.lock);
    suite.printed.size = 0;
    suite.printed.calls = 0;
    pthread_mutex_unlock(&suite.printed.lock);
    print_args args = {values, N};
    CHECK_OK(suite.ctx, launch(prog, "print_values", 3, 1, THREADS, 1, 0, &args, sizeof args));
    /* under the callback's lock: the server thread wrote it */
    pthread_mutex_lock(&suite.printed.lock);
    CHECK(suite.printed.calls >= 1 && test_count_lines(suite.printed.text, suite.printed.size) == N);
    unsigned char seen[N] = {0};
    int bad = 0;
    suite.printed.text[suite.printed.size] = '\0';
    for (char* line = suite.printed.text; *line;) {
        char* end = strchr(line, '\n');
        if (end) *end = '\0';
        int b = -1, t = -1, line_bad = 1;
        char want[96] = "";
        if (sscanf(line, "block %d thread %d", &b, &t) == 2 && b >= 0 && b < 3 && t >= 0 && t < THREADS &&
            b * THREADS + t < N) {
            int i = b * THREADS + t;
            snprintf(want, sizeof want, "block %d thread %d value %d half %.1f ok", b, t, values[i], values[i] * 0.5);
            line_bad = strcmp(line, want) != 0 || seen[i]++;
        }
        if (line_bad && bad++ < 3) fprintf(stderr, "  printed '%s', expected '%s'\n", line, want);
        if (!end) break;
        line = end + 1;
    }
    pthread_mutex_unlock(&suite.printed.lock);
    for (int i = 0; i < N; i++) bad += !seen[i];
    CHECK(bad == 0);
}
#endif

/* The line of debug.cu that holds the assert: the message of a failed one must name it. */
static int assert_line(void) {
    size_t size = 0;
    char* source = test_read_file(CUDA_DATA "debug.cu", &size);
    int line = 0, found = 0;
    for (char* p = source; p && *p && !found; line++) {
        char* end = strchr(p, '\n');
        found = strncmp(p + strspn(p, " "), "assert(", 7) == 0;
        p = end ? end + 1 : p + strlen(p);
    }
    free(source);
    return found ? line : 0;
}

/* Whether text holds number as a whole decimal (not inside a longer one). */
static int names_number(const char* text, int number) {
    char digits[16];
    snprintf(digits, sizeof digits, "%d", number);
    for (const char* p = strstr(text, digits); p; p = strstr(p + 1, digits)) {
        const char* after = p + strlen(digits);
        if ((p == text || p[-1] < '0' || p[-1] > '9') && (*after < '0' || *after > '9')) return 1;
    }
    return 0;
}

static void check_assert(const char* path) {
    HOST_PROGRAM(prog, path);
    enum { N = 300 };
    int32_t *values = (int32_t*)buffer(N * 4), *out = (int32_t*)buffer(N * 4);
    REQUIRE(values && out);
    for (int i = 0; i < N; i++) values[i] = i % 40 + 1;
    divide_args args = {values, out, N};
    CHECK_OK(suite.ctx, launch(prog, "checked_divide", blocks_for(N, 128), 1, 128, 1, 0, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < N; i++) expect_int(&wrong, "out", i, out[i], 1000 / values[i]);
    CHECK(wrong == 0);
    /* one value that is not positive: the launch fails, and says where */
    values[177] = 0;
    CHECK_RESULT(suite.ctx, launch(prog, "checked_divide", blocks_for(N, 128), 1, 128, 1, 0, &args, sizeof args),
                 OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(suite.ctx, OFFLOAD_DIAG_RPC_KERNEL_ASSERT);
    const char* message = offload_context_last_error(suite.ctx); /* the failed assert's file and line */
    int line = assert_line();
    CHECK(line > 0);
    CHECK(strstr(message, "debug.cu") != NULL);
    CHECK(names_number(message, line));
    if (!strstr(message, "debug.cu") || !names_number(message, line))
        fprintf(stderr, "  the message should name debug.cu and line %d: %s\n", line, message);
    /* the context goes on: the same kernel runs again */
    values[177] = 5;
    CHECK_OK(suite.ctx, launch(prog, "checked_divide", blocks_for(N, 128), 1, 128, 1, 0, &args, sizeof args));
}

/* ---- the same IR on the simulated CUDA device, and the parameter sizes ---- */

#define PTXAS "/usr/local/cuda/bin/ptxas"

/* Whether ptxas assembles the PTX for arch. */
static int ptxas_accepts(const char* ptx, size_t size, const char* arch) {
    char path[] = "/tmp/offload-cuda-host-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return 0;
    int written = write(fd, ptx, size) == (ssize_t)size;
    close(fd);
    char cmd[512];
    snprintf(cmd, sizeof cmd, PTXAS " -arch=%s -o /dev/null %s", arch, path);
    int ok = written && system(cmd) == 0;
    unlink(path);
    return ok;
}

/* Loads every file of the flavour on the simulated CUDA device and compares each kernel's
   parameter size with the C struct's; compiles each for sm_90, which ptxas must assemble (where
   the CUDA toolkit is installed). With on_host, compares the sizes with the host device's
   program of the file instead. */
static void check_gpu_side(const char* flavour, int on_host) {
    REQUIRE(suite_context());
    if (suite.jit_major < 22 && !strcmp(flavour, "llvm22"))
        SKIP("clang-22's IR (opaque pointers, LLVM 22 intrinsics); the JIT links LLVM %d", suite.jit_major);
    if (access(CUDA_SIM, R_OK) != 0) SKIP("the simulated CUDA driver is not built (%s)", CUDA_SIM);
    offload_context* sim = make_sim_context(NULL);
    REQUIRE(sim);
    offload_device gpu;
    offload_device_info info;
    REQUIRE_OK(sim, offload_device_get(sim, 1, &gpu));
    REQUIRE_OK(sim, offload_device_get_info(sim, gpu, &info));
    REQUIRE(info.backend == OFFLOAD_BACKEND_CUDA);
    int tried = 0;
    for (size_t f = 0; f < sizeof corpus / sizeof *corpus; f++) {
        if (corpus[f].llvm22_only && strcmp(flavour, "llvm22")) continue;
        char name[64], path[600], why[512];
        snprintf(name, sizeof name, corpus[f].pattern, flavour);
        snprintf(path, sizeof path, "%s%s", CUDA_DATA, name);
        if (skip_reason(path, suite.jit_major, why, sizeof why)) {
            fprintf(stderr, "  not tried: %s\n", why);
            continue;
        }
        tried++;
        if (!on_host && access(PTXAS, X_OK) == 0) {
            size_t size = 0;
            char* ir = test_read_file(path, &size);
            offload_test_jit_image img;
            offload_result compiled =
                ir ? offload_test_jit_compile(sim, OFFLOAD_BACKEND_CUDA, "sm_90", ir, size, &img) : OFFLOAD_ERROR_IO;
            free(ir);
            CHECK_OK(sim, compiled);
            if (compiled == OFFLOAD_SUCCESS) {
                int accepted = img.format == OFFLOAD_IMAGE_PTX &&
                               ptxas_accepts((const char*)img.data, strlen((const char*)img.data), "sm_90");
                if (!accepted) fprintf(stderr, "  %s: ptxas refuses its PTX for sm_90\n", name);
                CHECK(accepted);
                offload_test_jit_release(sim, &img);
            }
        }
        offload_program on_sim, on_cpu = {0};
        offload_result r = program_from_file(sim, gpu, path, &on_sim);
        CHECK_OK(sim, r);
        if (r != OFFLOAD_SUCCESS) continue;
        int on_cpu_loaded = !on_host || host_program(path, &on_cpu);
        CHECK(on_cpu_loaded);
        if (!on_cpu_loaded) {
            offload_program_destroy(sim, on_sim);
            continue;
        }
        for (const corpus_kernel* k = corpus[f].kernels; k->name; k++) {
            offload_kernel kernel;
            size_t size = 0;
            CHECK_OK(sim, offload_kernel_get(sim, on_sim, k->name, &kernel));
            CHECK_OK(sim, offload_kernel_get_args_size(sim, kernel, &size));
            if (size != k->args_size)
                fprintf(stderr, "  %s: %s takes %zu bytes on the simulated GPU, the C struct %zu\n", name, k->name,
                        size, k->args_size);
            CHECK(size == k->args_size);
            if (!on_host) continue;
            size_t host_size = 0;
            CHECK_OK(suite.ctx, offload_kernel_get(suite.ctx, on_cpu, k->name, &kernel));
            CHECK_OK(suite.ctx, offload_kernel_get_args_size(suite.ctx, kernel, &host_size));
            if (host_size != size)
                fprintf(stderr, "  %s: %s takes %zu bytes on the host, %zu on the GPU\n", name, k->name, host_size,
                        size);
            CHECK(host_size == size);
        }
        offload_program_destroy(sim, on_sim);
    }
    CHECK(tried > 0);
    offload_context_destroy(sim);
}

static void test_simulated_gpu_and_ptxas_llvm14(void) { check_gpu_side("llvm14", 0); }
static void test_simulated_gpu_and_ptxas_llvm22(void) { check_gpu_side("llvm22", 0); }
static void test_parameter_sizes_host_matches_gpu_llvm14(void) { check_gpu_side("llvm14", 1); }
static void test_parameter_sizes_host_matches_gpu_llvm22(void) { check_gpu_side("llvm22", 1); }

/* ---- the pipeline the IR gets on each side ---- */

/* Whether one of the JIT's dumps of the optimised module in dir (<key>.after.ll, or
   <key>.after.partN.ll for a host module compiled in parts) holds text; -1 when there is none. */
static int optimised_dump_holds(const char* dir, const char* text) {
    DIR* d = opendir(dir);
    if (!d) return -1;
    int dumps = 0, found = 0;
    for (struct dirent* e; !found && (e = readdir(d));) {
        if (!strstr(e->d_name, ".after.") || !strstr(e->d_name, ".ll")) continue;
        char path[600];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t size = 0;
        char* ir = test_read_file(path, &size);
        dumps += ir != NULL;
        found = ir && strstr(ir, text) != NULL;
        free(ir);
    }
    closedir(d);
    return dumps ? found : -1;
}

/* Loads path on the device of a fresh context of the host and the simulated CUDA device (the fit
   level) that dumps into dir; whether its optimised module holds a vectorised loop. */
static int vectorised_on(const char* path, uint32_t device_index, const char* dir) {
    offload_context* ctx = make_sim_context(dir);
    if (!ctx) return -1;
    offload_device dev;
    offload_program prog;
    int vectorised = -1;
    if (offload_device_get(ctx, device_index, &dev) == OFFLOAD_SUCCESS &&
        program_from_file(ctx, dev, path, &prog) == OFFLOAD_SUCCESS) {
        /* "vector.body": the loop vectoriser's name for the loop it writes */
        vectorised = optimised_dump_holds(dir, "vector.body");
        offload_program_destroy(ctx, prog);
    } else {
        fprintf(stderr, "  %s on device %u: %s\n", strrchr(path, '/') + 1, device_index,
                offload_context_last_error(ctx));
    }
    offload_context_destroy(ctx);
    return vectorised;
}

/* CUDA IR built for the GPU comes from a frontend that optimised it: on the GPU the JIT only links
   and inlines what it adds (the post-link pipeline), which vectorises nothing. On the host the
   same IR is rebuilt as loops over a block's threads, which no frontend has seen, and gets LLVM's
   whole pipeline: saxpy's thread loop is vectorised. A host compile given only the post-link
   pipeline still computes right, just slowly, so no result check would notice. */
static void test_rebuilt_ir_gets_the_whole_pipeline(void) {
    if (access(CUDA_SIM, R_OK) != 0) SKIP("the simulated CUDA driver is not built (%s)", CUDA_SIM);
    char host_dir[] = "/tmp/offload-cuda-host-XXXXXX", gpu_dir[] = "/tmp/offload-cuda-host-XXXXXX";
    REQUIRE(mkdtemp(host_dir));
    if (!mkdtemp(gpu_dir)) {
        test_remove_tree(host_dir);
        REQUIRE(0);
    }
    const char* path = CUDA_DATA "elementwise.llvm14.ll";
    CHECK(vectorised_on(path, 0, host_dir) == 1);
    CHECK(vectorised_on(path, 1, gpu_dir) == 0);
    test_remove_tree(host_dir);
    test_remove_tree(gpu_dir);
}

/* ---- every kernel on every flavour of its file ---- */

#define FLAVOURS(check, file)                                                                                          \
    static void test_##check##_llvm14(void) { check_##check(CUDA_DATA file ".llvm14.ll"); }                            \
    static void test_##check##_llvm22(void) { check_##check(CUDA_DATA file ".llvm22.ll"); }
#define RUN_FLAVOURS(check)                                                                                            \
    RUN(test_##check##_llvm14);                                                                                        \
    RUN(test_##check##_llvm22)

FLAVOURS(saxpy, "elementwise")
FLAVOURS(axpby_template, "elementwise")
FLAVOURS(scale_float4, "elementwise")
FLAVOURS(constant_tables, "elementwise")
FLAVOURS(reduce_dynamic, "reduce")
FLAVOURS(reduce_static, "reduce")
FLAVOURS(reduce_warp_shuffle, "reduce")
FLAVOURS(block_votes, "reduce")
FLAVOURS(block_votes_after_returns, "reduce")
FLAVOURS(warp_flavours, "reduce")
FLAVOURS(lookback_votes, "reduce")
FLAVOURS(warp_halves, "reduce")
FLAVOURS(shuffle_without_its_lanes, "reduce")
FLAVOURS(scan, "shared")
FLAVOURS(histogram, "shared")
FLAVOURS(matmul, "shared")
FLAVOURS(stencil, "shared")
FLAVOURS(transpose, "shared")
FLAVOURS(particles, "math")
FLAVOURS(float_functions, "math")
FLAVOURS(double_functions, "math")
FLAVOURS(bit_tricks, "math")
FLAVOURS(atomic_stats, "atomics")
FLAVOURS(sum_last_block, "atomics")
#ifndef OFFLOAD_NO_RPC
FLAVOURS(printf, "debug")
#endif
FLAVOURS(assert, "debug")
FLAVOURS(gemv_columns, "loops")

/* clang at -O0 (allocas; warp_sum stays a call) */
#define FLAVOURS_O0(check)                                                                                             \
    static void test_##check##_O0_llvm14(void) { check_##check(CUDA_DATA "reduce.O0.llvm14.ll"); }                     \
    static void test_##check##_O0_llvm22(void) { check_##check(CUDA_DATA "reduce.O0.llvm22.ll"); }
FLAVOURS_O0(reduce_dynamic)
FLAVOURS_O0(reduce_static)
FLAVOURS_O0(reduce_warp_shuffle)
FLAVOURS_O0(block_votes)
FLAVOURS_O0(block_votes_after_returns)
FLAVOURS_O0(warp_flavours)
FLAVOURS_O0(lookback_votes)
FLAVOURS_O0(warp_halves)
FLAVOURS_O0(shuffle_without_its_lanes)

/* libdevice linked by clang-22: llvm.nvvm.* math intrinsics instead of __nv_* calls */
static void test_particles_libdevice_llvm22(void) { check_particles(CUDA_DATA "math.libdevice.llvm22.ll"); }
static void test_float_functions_libdevice_llvm22(void) { check_float_functions(CUDA_DATA "math.libdevice.llvm22.ll"); }
static void test_double_functions_libdevice_llvm22(void) {
    check_double_functions(CUDA_DATA "math.libdevice.llvm22.ll");
}
static void test_bit_tricks_libdevice_llvm22(void) { check_bit_tricks(CUDA_DATA "math.libdevice.llvm22.ll"); }

/* ---- nv_math.cu: libdevice's __nv_* functions without libdevice, and with it ---- */

/* Without libdevice (desc.jit.libdevice_path = "none") the host maps __nv_* to the C library
   (backends/host/nv_math.ll): a function that is the C library's own gives its result exactly
   (the same function of the same argument, in this process), an IEEE operation (_rn) or an exact
   one (integers, conversions) gives the exact result, and a float function the mapping computes
   in double and rounds once is within 1 ulp of a long double reference. With libdevice the same
   kernels agree with the C library within CUDA's documented maximum errors (CUDA C++ Programming
   Guide, "Mathematical Functions"), plus 1 ulp for the C library's own error. */

typedef struct {
    const int32_t *a, *b;
    int64_t* out;
    int32_t n;
} nv_integers_args;
typedef struct {
    const float* f;
    const double* d;
    int64_t* out;
    int32_t n;
} nv_conversions_args;

/* A host context (no environment) whose JIT finds libdevice as `libdevice` says, logging the JIT's
   debug lines into log when it is not NULL. */
static offload_context* nv_context(const char* libdevice, log_lines* log) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.host_checks = test_host_checks();
    desc.jit.isolation = TEST_JIT_ISOLATION;
    desc.jit.opt_level = TEST_JIT_OPT_LEVEL;
    desc.jit.libdevice_path = libdevice;
    if (log) {
        desc.log = keep_log_line;
        desc.log_user_data = log;
        desc.log_level = OFFLOAD_LOG_DEBUG;
    }
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

static void* nv_buffer(offload_context* ctx, size_t size) {
    offload_device dev = {0};
    void* p = NULL;
    if (offload_device_get(ctx, 0, &dev) != OFFLOAD_SUCCESS ||
        offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, size, &p) != OFFLOAD_SUCCESS)
        return NULL;
    return memset(p, 0, size);
}

static offload_result nv_launch(offload_context* ctx, offload_program prog, const char* kernel, uint32_t n,
                                const void* args, size_t size) {
    offload_kernel k;
    offload_result r = offload_kernel_get(ctx, prog, kernel, &k);
    if (r != OFFLOAD_SUCCESS) return r;
    offload_launch_desc d = {{blocks_for(n, 64), 1, 1}, {64, 1, 1}, 0, args, size};
    return offload_launch(ctx, (offload_queue){0}, k, &d);
}

/* got and want agree: equal (the same infinity, both NaN) or within bound. */
static int nv_close(double got, double want, double bound) {
    return got == want || (isnan(got) && isnan(want)) || fabs(got - want) <= bound;
}

static void nv_expect_float(int* wrong, const char* what, long index, float got, double want, double ulps) {
    float w = (float)want;
    double bound = ulps * FLT_EPSILON * fmax(fabs((double)w), FLT_MIN);
    if (!nv_close(got, w, bound)) mismatch(wrong, what, index, got, w);
}

/* Within ulps of scale (at least |want|). */
static void nv_expect_double(int* wrong, const char* what, long index, double got, double want, double scale,
                             double ulps) {
    double bound = ulps * DBL_EPSILON * fmax(fmax(fabs(want), fabs(scale)), DBL_MIN);
    if (!nv_close(got, want, bound)) mismatch(wrong, what, index, got, want);
}

/* sinpi and cospi in long double: |x| reduced exactly to r in [-1, 1], then to [0, 1/2]. */
static long double ref_sinpi(long double x) {
    long double a = fabsl(x), r = a - 2 * rintl(a / 2), b = fabsl(r), v;
    if (b > 0.5L) b = 1 - b;
    v = b <= 0.25L ? sinl(M_PIl * b) : cosl(M_PIl * (0.5L - b));
    if (v == 0) return copysignl(0, x);
    return (r < 0) != (x < 0) ? -v : v;
}
static long double ref_cospi(long double x) {
    long double a = fabsl(x), r = a - 2 * rintl(a / 2), b = fabsl(r), v;
    int negate = b > 0.5L;
    if (negate) b = 1 - b;
    v = b <= 0.25L ? cosl(M_PIl * b) : sinl(M_PIl * (0.5L - b));
    return negate ? -v : v;
}

/* The float inputs: (0.01, 54.6), every 50th a multiple of 1/2 (sinpi's and cospi's exact
   zeros and ones). */
static float nv_float_input(int i) { return i % 50 == 0 ? 0.5f * (float)(1 + i / 50) : 0.01f + (float)i * 0.0273f; }

/* fast: libdevice's bound for an exp-like intrinsic, 2 + 1.173 |x| (x the exponent's argument). */
static double fast_ulps(double x) { return 2 + floor(1.173 * fabs(x)) + 1; }

static void check_nv_float_math(offload_context* ctx, offload_program prog, int exact) {
    enum { N = 2000, K = 48 };
    float *in = (float*)nv_buffer(ctx, N * 4), *out = (float*)nv_buffer(ctx, N * K * 4);
    REQUIRE(in && out);
    for (int i = 0; i < N; i++) in[i] = nv_float_input(i);
    functions_args args = {in, out, N};
    CHECK_OK(ctx, nv_launch(ctx, prog, "nv_float_math", N, &args, sizeof args));
    static const char* names[K] = {
        "sinf",        "cosf",        "tanf",       "expf",     "exp2f",        "exp10f",
        "expm1f",      "logf",        "log2f",      "log10f",   "log1pf",       "powf",
        "atan2f",      "asinf",       "acosf",      "atanf",    "sinhf",        "coshf",
        "tanhf",       "cbrtf",       "erff",       "erfcf",    "lgammaf",      "tgammaf",
        "hypotf",      "fmodf",       "remainderf", "__expf",   "__sinf",       "__powf",
        "__fdividef",  "frcp_rn",     "fsqrt_rn",   "fmaf_rn",  "saturatef",    "rsqrtf",
        "rcbrtf",      "sinpif",      "cospif",     "normcdff", "sincosf s",    "sincosf c",
        "sincospif s", "sincospif c", "frexpf",     "ldexpf",   "modff+floorf", "__log2f/__exp10f/powif"};
    /* CUDA's maximum ulp errors (0: exact), + 1 for the C library's; -1: bound given below */
    static const double cuda_ulps[K] = {2, 2, 4, 2,  2,  2,  1, 1, 1, 2, 1, 4, 3, 2, 2, 2, 3, 2, 2, 1, 2, 4, 6, 5,
                                        3, 0, 0, -1, -1, -1, 2, 0, 0, 0, 0, 2, 1, 1, 1, 5, 2, 2, 1, 1, 0, 0, 0, -1};
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        float v = in[i], whole;
        int e;
        double want[K] = {sinf(v),
                          cosf(v),
                          tanf(v),
                          expf(v * 0.125f),
                          exp2f(v * 0.25f),
                          exp10f(v * 0.1f),
                          expm1f(v * 0.1f),
                          logf(v),
                          log2f(v),
                          log10f(v),
                          log1pf(v),
                          powf(v, 1.37f),
                          atan2f(v, 0.7f),
                          asinf(v * 0.015625f),
                          acosf(v * 0.015625f),
                          atanf(v),
                          sinhf(v * 0.1f),
                          coshf(v * 0.1f),
                          tanhf(v * 0.1f),
                          cbrtf(v),
                          erff(v * 0.1f),
                          erfcf(v * 0.1f),
                          lgammaf(v),
                          tgammaf(v * 0.5f),
                          hypotf(v, 1.5f),
                          fmodf(v, 1.3f),
                          remainderf(v, 1.3f),
                          expf(v * 0.125f),
                          sinf(v),
                          powf(v, 1.37f),
                          v / 3.7f,
                          1.0f / v,
                          sqrtf(v),
                          fmaf(v, 1.1f, -0.3f),
                          fminf(fmaxf(v - 1.0f, 0.0f), 1.0f),
                          (double)(1.0L / sqrtl(v)),
                          (double)(1.0L / cbrtl(v)),
                          (double)ref_sinpi(v),
                          (double)ref_cospi(v),
                          (double)(0.5L * erfcl(-(long double)(v * 0.25f - 5.0f) / sqrtl(2.0L))),
                          sinf(v),
                          cosf(v),
                          (double)ref_sinpi(v),
                          (double)ref_cospi(v),
                          frexpf(v, &e),
                          0,
                          0,
                          0};
        want[45] = ldexpf(v, e);
        want[46] = modff(v, &whole) + (whole + floorf(v)) / 4.0f;
        want[47] = fminf(log2f(v), exp10f(v * 0.1f)) + (float)pow(v, 3.0) * 0.5f;
        const float* o = out + K * i;
        for (int k = 0; k < K; k++) {
            /* mapped to the C library or exact: the same result; computed in double: 1 ulp */
            double ulps = exact ? (k >= 35 && k <= 39) || k == 42 || k == 43 ? 1 : 0 : cuda_ulps[k] + 1;
            if (!exact && k == 27) ulps = fast_ulps(v * 0.125f);
            if (!exact && k == 28) ulps = 4; /* __sinf: absolute 2^-21.41, within 4 ulps of 1 */
            if (!exact && k == 29) ulps = fast_ulps(want[29] > 0 ? log(want[29]) : 0);
            if (!exact && k == 47) ulps = 4; /* of the terms' sum: __log2f 2^-22.6 absolute, powif 2 ulps */
            if (!exact && (k == 28 || k == 47)) {
                double scale = k == 28 ? 1.0 : fabs(fminf(log2f(v), exp10f(v * 0.1f))) + fabs(want[47]);
                if (!nv_close(o[k], want[k], ulps * FLT_EPSILON * scale)) mismatch(&wrong, names[k], i, o[k], want[k]);
                continue;
            }
            nv_expect_float(&wrong, names[k], i, o[k], want[k], ulps);
        }
    }
    CHECK(wrong == 0);
    /* sinpi and cospi at multiples of 1/2: exact */
    CHECK(out[K * 0 + 37] == 1.0f && out[K * 0 + 38] == 0.0f && !signbit(out[K * 0 + 38])); /* 0.5 */
    CHECK(out[K * 50 + 37] == 0.0f && out[K * 50 + 38] == -1.0f);                           /* 1 */
    CHECK(out[K * 100 + 37] == -1.0f && out[K * 100 + 38] == 0.0f);                         /* 1.5 */
    offload_mem_free(ctx, in);
    offload_mem_free(ctx, out);
}

static void check_nv_double_math(offload_context* ctx, offload_program prog, int exact) {
    enum { N = 2000, K = 40 };
    double *in = (double*)nv_buffer(ctx, N * 8), *out = (double*)nv_buffer(ctx, N * K * 8);
    REQUIRE(in && out);
    for (int i = 0; i < N; i++) in[i] = nv_float_input(i) + 1e-9 * (i % 7); /* not floats */
    functions_args args = {in, out, N};
    CHECK_OK(ctx, nv_launch(ctx, prog, "nv_double_math", N, &args, sizeof args));
    static const char* names[K] = {"sin",   "cos",      "tan",      "exp",        "exp2",      "exp10",    "expm1",
                                   "log",   "log2",     "log10",    "log1p",      "pow",       "atan2",    "asin",
                                   "acos",  "atan",     "sinh",     "cosh",       "tanh",      "cbrt",     "erf",
                                   "erfc",  "lgamma",   "tgamma",   "hypot",      "fmod",      "rsqrt",    "rcbrt",
                                   "sinpi", "cospi",    "dadd_rn",  "ddiv_rn",    "drcp_rn",   "dsqrt_rn", "fma_rn",
                                   "powi",  "sincos s", "sincos c", "sincospi s", "sincospi c"};
    static const double cuda_ulps[K] = {2, 2, 2, 1,  1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1, 1, 1,
                                        2, 5, 4, 10, 2, 0, 1, 1, 2, 2, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2};
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        double v = in[i];
        double want[K] = {sin(v),
                          cos(v),
                          tan(v),
                          exp(v * 0.125),
                          exp2(v * 0.25),
                          exp10(v * 0.1),
                          expm1(v * 0.1),
                          log(v),
                          log2(v),
                          log10(v),
                          log1p(v),
                          pow(v, 1.37),
                          atan2(v, 0.7),
                          asin(v * 0.015625),
                          acos(v * 0.015625),
                          atan(v),
                          sinh(v * 0.1),
                          cosh(v * 0.1),
                          tanh(v * 0.1),
                          cbrt(v),
                          erf(v * 0.1),
                          erfc(v * 0.1),
                          lgamma(v),
                          tgamma(v * 0.5),
                          hypot(v, 1.5),
                          fmod(v, 1.3),
                          (double)(1.0L / sqrtl(v)),
                          (double)(1.0L / cbrtl(v)),
                          (double)ref_sinpi(v),
                          (double)ref_cospi(v),
                          v + 0.1,
                          v / 3.7,
                          1.0 / v,
                          sqrt(v),
                          fma(v, 1.1, -0.3),
                          pow(v, 3.0),
                          sin(v),
                          cos(v),
                          (double)ref_sinpi(v),
                          (double)ref_cospi(v)};
        const double* o = out + K * i;
        for (int k = 0; k < K; k++) {
            /* the C library's or exact: the same; against the long double references, + 0.5 ulp
               for rounding them: 1/sqrt two roundings, 1/cbrt glibc's cbrt (up to 1.8 ulps here)
               and the division, sinpi and cospi the argument pi b rounded, then sin or cos */
            double ulps = !exact                            ? cuda_ulps[k] + 1
                          : k == 26                         ? 1.5
                          : k == 27                         ? 3
                          : (k >= 28 && k <= 29) || k >= 38 ? 2
                                                            : 0;
            /* lgamma near its zeros (1 and 2): libdevice's error is absolute there */
            double scale = !exact && k == 22 ? 1.0 : 0.0;
            nv_expect_double(&wrong, names[k], i, o[k], want[k], scale, ulps);
        }
    }
    CHECK(wrong == 0);
    offload_mem_free(ctx, in);
    offload_mem_free(ctx, out);
}

static uint32_t ref_byte_perm(uint32_t x, uint32_t y, uint32_t s) {
    uint64_t v = (uint64_t)y << 32 | x;
    uint32_t r = 0;
    for (int n = 0; n < 4; n++) r |= (uint32_t)(v >> (((s >> (4 * n)) & 7) * 8) & 0xff) << (8 * n);
    return r;
}

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

static uint64_t ref_brev64(uint64_t x) {
    uint64_t r = 0;
    for (int i = 0; i < 64; i++) r |= ((x >> i) & 1) << (63 - i);
    return r;
}

static int32_t ref_mul24(int32_t x, int32_t y) {
    int64_t a = (int32_t)((uint32_t)x << 8) >> 8, b = (int32_t)((uint32_t)y << 8) >> 8;
    return (int32_t)(uint32_t)(uint64_t)(a * b);
}

static void check_nv_integers(offload_context* ctx, offload_program prog) {
    enum { N = 1000, K = 30 };
    int32_t *a = (int32_t*)nv_buffer(ctx, N * 4), *b = (int32_t*)nv_buffer(ctx, N * 4);
    int64_t* out = (int64_t*)nv_buffer(ctx, N * K * 8);
    REQUIRE(a && b && out);
    static const int32_t edges[] = {0x33221100, 0x77665544, 0, -1, INT32_MIN, INT32_MAX, 1, -2, 0x00800000, 0x00ffffff};
    uint32_t seed = 12345;
    for (int i = 0; i < N; i++) {
        seed = seed * 1664525u + 1013904223u;
        a[i] = i < 10 ? edges[i] : (int32_t)seed;
        seed = seed * 1664525u + 1013904223u;
        b[i] = i < 10 ? edges[(i + 1) % 10] : (int32_t)(seed >> (i % 29));
    }
    nv_integers_args args = {a, b, out, N};
    CHECK_OK(ctx, nv_launch(ctx, prog, "nv_integers", N, &args, sizeof args));
    static const char* names[K] = {
        "popc",      "clz",   "ffs",   "brev",   "mulhi",   "umulhi",   "mul24", "umul24", "sad",    "usad",
        "byte_perm", "abs",   "min",   "max",    "umin",    "umax",     "hadd",  "rhadd",  "uhadd",  "urhadd",
        "popcll",    "clzll", "ffsll", "brevll", "mul64hi", "umul64hi", "llabs", "llmin",  "ullmax", "byte_perm 2"};
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        int32_t x = a[i], y = b[i];
        uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
        int64_t wx = (int64_t)((uint64_t)(int64_t)x << 32) ^ (int64_t)uy;
        int64_t wy = (int64_t)((uint64_t)(int64_t)y << 29) ^ (int64_t)ux;
        uint32_t brev = 0;
        for (int k = 0; k < 32; k++) brev |= ((ux >> k) & 1u) << (31 - k);
        int64_t d = (int64_t)x - y;
        int64_t want[K] = {__builtin_popcount(ux),
                           x ? __builtin_clz(ux) : 32,
                           __builtin_ffs(x),
                           brev,
                           (int32_t)(((int64_t)x * y) >> 32),
                           (uint32_t)(((uint64_t)ux * uy) >> 32),
                           ref_mul24(x, y),
                           (uint32_t)((ux & 0xffffffu) * (uy & 0xffffffu)),
                           (uint32_t)((uint64_t)(d < 0 ? -d : d) + 7u),
                           (uint32_t)((ux > uy ? ux - uy : uy - ux) + 7u),
                           ref_byte_perm(ux, uy, uy & 0x7777u),
                           x == INT32_MIN ? INT32_MIN : (x < 0 ? -x : x),
                           x < y ? x : y,
                           x > y ? x : y,
                           ux < uy ? ux : uy,
                           ux > uy ? ux : uy,
                           (int32_t)(((int64_t)x + y) >> 1),
                           (int32_t)(((int64_t)x + y + 1) >> 1),
                           (uint32_t)(((uint64_t)ux + uy) >> 1),
                           (uint32_t)(((uint64_t)ux + uy + 1) >> 1),
                           __builtin_popcountll((uint64_t)wx),
                           wx ? __builtin_clzll((uint64_t)wx) : 64,
                           __builtin_ffsll(wx),
                           (int64_t)ref_brev64((uint64_t)wx),
                           (int64_t)(((i128)wx * wy) >> 64),
                           (int64_t)(uint64_t)(((u128)(uint64_t)wx * (uint64_t)wy) >> 64),
                           wx == INT64_MIN ? INT64_MIN : (wx < 0 ? -wx : wx),
                           wx < wy ? wx : wy,
                           (int64_t)((uint64_t)wx > (uint64_t)wy ? (uint64_t)wx : (uint64_t)wy),
                           ref_byte_perm(ux, uy, 0x3210u + (uy & 0x4444u))};
        for (int k = 0; k < K; k++) expect_int(&wrong, names[k], i, out[K * i + k], want[k]);
    }
    CHECK(wrong == 0);
    CHECK(out[10] == 0x55554444); /* byte_perm(0x33221100, 0x77665544, 0x5544) */
    offload_mem_free(ctx, a);
    offload_mem_free(ctx, b);
    offload_mem_free(ctx, out);
}

/* PTX's cvt: rounded, then saturated to the type's range, NaN to 0 (to 0x8000000000000000 for
   the 64-bit types, as CUDA documents for its conversions of halves and bfloat16 to them). */
static int64_t ref_saturate(long double r, long double low, long double high) {
    if (isnan(r)) return high > UINT32_MAX ? INT64_MIN : 0;
    r = r < low ? low : r > high ? high : r;
    return r < 0 ? (int64_t)r : (int64_t)(uint64_t)r; /* unsigned results as their bits */
}
#define SAT_I32(r) ref_saturate((r), INT32_MIN, INT32_MAX)
#define SAT_U32(r) ref_saturate((r), 0, UINT32_MAX)
#define SAT_I64(r) ref_saturate((r), (long double)INT64_MIN, (long double)INT64_MAX)
#define SAT_U64(r) ref_saturate((r), 0, (long double)UINT64_MAX)

static int64_t float_bits(float f) {
    int32_t i;
    memcpy(&i, &f, 4);
    return i;
}
static int64_t double_bits(double d) {
    int64_t i;
    memcpy(&i, &d, 8);
    return i;
}

static void check_nv_conversions(offload_context* ctx, offload_program prog) {
    static const double values[] = {0.5,
                                    1.5,
                                    2.5,
                                    -0.5,
                                    -1.5,
                                    -2.5,
                                    3.7,
                                    -3.7,
                                    1e10,
                                    -1e10,
                                    3e9,
                                    -1,
                                    NAN,
                                    INFINITY,
                                    -INFINITY,
                                    -0.0,
                                    0,
                                    2147483520.0,
                                    2147483648.0,
                                    -2147483904.0,
                                    16777217.0,
                                    1e-40,
                                    3.4e38,
                                    9.3e18,
                                    1.9e19,
                                    -9.3e18,
                                    4503599627370497.0,
                                    0.49999999999999994,
                                    1234567.875,
                                    -7654321.25,
                                    1e300,
                                    -1e-300,
                                    4294967295.5,
                                    4294967296.0};
    enum { N = sizeof values / sizeof values[0], K = 30 };
    float* f = (float*)nv_buffer(ctx, N * 4);
    double* d = (double*)nv_buffer(ctx, N * 8);
    int64_t* out = (int64_t*)nv_buffer(ctx, N * K * 8);
    REQUIRE(f && d && out);
    for (int i = 0; i < N; i++) f[i] = (float)values[i], d[i] = values[i] * (i % 2 ? 1 : 1.0000001);
    nv_conversions_args args = {f, d, out, N};
    CHECK_OK(ctx, nv_launch(ctx, prog, "nv_conversions", N, &args, sizeof args));
    static const char* names[K] = {
        "float2int_rn", "float2int_rz",  "float2int_ru",    "float2int_rd", "float2uint_rn",  "float2ll_rn",
        "float2ull_rz", "double2int_rn", "double2int_rd",   "double2ll_ru", "double2ll_rz",   "double2uint_rn",
        "float_as_int", "int_as_float",  "double2hiint",    "double2loint", "hiloint2double", "longlong_as_double",
        "int2float_rn", "ll2double_rn",  "double2float_rn", "isnanf",       "isinff",         "finitef",
        "signbitf",     "isnand",        "isinfd",          "isfinited",    "signbitd",       "float2int_rn half"};
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        float x = f[i];
        double y = d[i];
        int64_t rz = SAT_I32(truncf(x)), yz = SAT_I64(trunc(y));
        int64_t want[K] = {SAT_I32(rintf(x)),
                           rz,
                           SAT_I32(ceilf(x)),
                           SAT_I32(floorf(x)),
                           SAT_U32(rintf(x)),
                           SAT_I64(rintf(x)),
                           SAT_U64(truncf(x)),
                           SAT_I32(rint(y)),
                           SAT_I32(floor(y)),
                           SAT_I64(ceil(y)),
                           yz,
                           SAT_U32(rint(y)),
                           float_bits(x),
                           (int32_t)((uint32_t)float_bits(x) ^ 0x80000000u),
                           (int32_t)(double_bits(y) >> 32),
                           (uint32_t)double_bits(y),
                           double_bits(y),
                           double_bits(y) + 1,
                           float_bits((float)(int32_t)((int32_t)rz | 0x1000001)),
                           double_bits((double)(yz | 0x20000000000001ll)),
                           float_bits((float)y),
                           isnan(x) != 0,
                           isinf(x) != 0,
                           isfinite(x) != 0,
                           signbit(x) != 0,
                           isnan(y) != 0,
                           isinf(y) != 0,
                           isfinite(y) != 0,
                           signbit(y) != 0,
                           SAT_I32(rintf(x * 0.5f))};
        for (int k = 0; k < K; k++) expect_int(&wrong, names[k], i, out[K * i + k], want[k]);
    }
    CHECK(wrong == 0);
    CHECK(out[K * 2 + 0] == 2 && out[K * 5 + 0] == -2 && out[K * 1 + 0] == 2); /* ties to even */
    offload_mem_free(ctx, f);
    offload_mem_free(ctx, d);
    offload_mem_free(ctx, out);
}

/* The IR flavour's program in ctx; skips what the JIT's LLVM cannot read. */
#define NV_PROGRAM(ctx, prog, path)                                                                                    \
    offload_program prog = {0};                                                                                        \
    do {                                                                                                               \
        REQUIRE(suite_context());                                                                                      \
        if (is_llvm22_ir(path) && suite.jit_major < 22) SKIP("%s is clang-22's IR", strrchr(path, '/') + 1);           \
        offload_device dev_;                                                                                           \
        REQUIRE_OK(ctx, offload_device_get(ctx, 0, &dev_));                                                            \
        CHECK_OK(ctx, program_from_file(ctx, dev_, path, &prog));                                                      \
    } while (0)

/* Without libdevice: the C library's math, exact integers and conversions; the debug log says so. */
static void check_nv_math_without_libdevice(const char* path) {
    log_lines log = {.debug_only = 1};
    offload_context* ctx = nv_context("none", &log);
    REQUIRE(ctx);
    NV_PROGRAM(ctx, prog, path);
    if (prog.id) {
        CHECK(contains(log.text, "backends/host/nv_math.ll") && contains(log.text, "\"none\""));
        check_nv_float_math(ctx, prog, 1);
        check_nv_double_math(ctx, prog, 1);
        check_nv_integers(ctx, prog);
        check_nv_conversions(ctx, prog);
    }
    offload_context_destroy(ctx);
}

/* With libdevice: the same kernels, within CUDA's documented errors. */
static void check_nv_math_with_libdevice(const char* path) {
    if (access(LIBDEVICE, R_OK) != 0) SKIP("libdevice is not installed (%s)", LIBDEVICE);
    log_lines log = {.debug_only = 1};
    offload_context* ctx = nv_context(LIBDEVICE, &log);
    REQUIRE(ctx);
    NV_PROGRAM(ctx, prog, path);
    if (prog.id) {
        CHECK(contains(log.text, LIBDEVICE) && !contains(log.text, "nv_math.ll"));
        check_nv_float_math(ctx, prog, 0);
        check_nv_double_math(ctx, prog, 0);
        check_nv_integers(ctx, prog);
        check_nv_conversions(ctx, prog);
    }
    offload_context_destroy(ctx);
}

/* A function the C library mapping leaves undefined (__nv_fadd_rz): refused at load, naming it,
   saying that libdevice was not used and how to name it. A libdevice path that does not exist
   stays an error (no fallback). */
static void check_nv_unmapped(const char* path) {
    offload_context* ctx = nv_context("none", NULL);
    REQUIRE(ctx);
    REQUIRE(suite_context());
    if (is_llvm22_ir(path) && suite.jit_major < 22) SKIP("%s is clang-22's IR", strrchr(path, '/') + 1);
    offload_device dev;
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &dev));
    offload_program prog;
    CHECK_RESULT(ctx, program_from_file(ctx, dev, path, &prog), OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_VENDOR_LIBRARY_MISSING);
    /* the compile's reason: the function, what was used instead, and how to name libdevice */
    const char* why = offload_context_last_error(ctx);
    CHECK(contains(why, "'__nv_fadd_rz'") && contains(why, "nv_math.ll") && contains(why, "libdevice") &&
          contains(why, "\"none\"") && contains(why, "OFFLOAD_JIT_LIBDEVICE") &&
          contains(why, "desc.jit.libdevice_path"));
    offload_context_destroy(ctx);

    ctx = nv_context("/nonexistent/libdevice.10.bc", NULL);
    REQUIRE(ctx);
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &dev));
    CHECK_RESULT(ctx, program_from_file(ctx, dev, CUDA_DATA "nv_math.llvm14.ll", &prog), OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_VENDOR_LIBRARY_MISSING);
    why = offload_context_last_error(ctx);
    CHECK(contains(why, "'__nv_") && contains(why, "/nonexistent/libdevice.10.bc") &&
          contains(why, "OFFLOAD_JIT_LIBDEVICE"));
    offload_context_destroy(ctx);
}

FLAVOURS(nv_math_without_libdevice, "nv_math")
FLAVOURS(nv_math_with_libdevice, "nv_math")
FLAVOURS(nv_unmapped, "nv_unmapped")

int main(void) {
    test_after_each(free_buffers);
    RUN(test_simulated_gpu_and_ptxas_llvm14);
    RUN(test_simulated_gpu_and_ptxas_llvm22);
    RUN(test_rebuilt_ir_gets_the_whole_pipeline);
    RUN_FLAVOURS(saxpy);
    RUN_FLAVOURS(axpby_template);
    RUN_FLAVOURS(scale_float4);
    RUN_FLAVOURS(constant_tables);
    RUN_FLAVOURS(reduce_dynamic);
    RUN_FLAVOURS(reduce_static);
    RUN_FLAVOURS(reduce_warp_shuffle);
    RUN_FLAVOURS(block_votes);
    RUN_FLAVOURS(block_votes_after_returns);
    RUN_FLAVOURS(warp_flavours);
    RUN_FLAVOURS(lookback_votes);
    RUN_FLAVOURS(warp_halves);
    RUN_FLAVOURS(shuffle_without_its_lanes);
    RUN_FLAVOURS(scan);
    RUN_FLAVOURS(histogram);
    RUN_FLAVOURS(matmul);
    RUN_FLAVOURS(stencil);
    RUN_FLAVOURS(transpose);
    RUN_FLAVOURS(particles);
    RUN_FLAVOURS(float_functions);
    RUN_FLAVOURS(double_functions);
    RUN_FLAVOURS(bit_tricks);
    RUN_FLAVOURS(nv_math_without_libdevice);
    RUN_FLAVOURS(nv_math_with_libdevice);
    RUN_FLAVOURS(nv_unmapped);
    RUN_FLAVOURS(atomic_stats);
    RUN_FLAVOURS(sum_last_block);
#ifndef OFFLOAD_NO_RPC
    RUN_FLAVOURS(printf);
#endif
    RUN_FLAVOURS(assert);
    RUN_FLAVOURS(gemv_columns);
    RUN_FLAVOURS(reduce_dynamic_O0);
    RUN_FLAVOURS(reduce_static_O0);
    RUN_FLAVOURS(reduce_warp_shuffle_O0);
    RUN_FLAVOURS(block_votes_O0);
    RUN_FLAVOURS(block_votes_after_returns_O0);
    RUN_FLAVOURS(warp_flavours_O0);
    RUN_FLAVOURS(lookback_votes_O0);
    RUN_FLAVOURS(warp_halves_O0);
    RUN_FLAVOURS(shuffle_without_its_lanes_O0);
    RUN(test_particles_libdevice_llvm22);
    RUN(test_float_functions_libdevice_llvm22);
    RUN(test_double_functions_libdevice_llvm22);
    RUN(test_bit_tricks_libdevice_llvm22);
    RUN(test_parameter_sizes_host_matches_gpu_llvm14);
    RUN(test_parameter_sizes_host_matches_gpu_llvm22);
    int rc = test_summary();
    free_buffers();
    if (suite.ctx) offload_context_destroy(suite.ctx);
    return rc;
}
#endif
