/* tests/test_nvvm_host.c — NVVM intrinsics on the host device, one family at a time, from NVPTX
   IR written here (jit/cuda_host.inc maps them; tests/test_cuda_host.c runs whole CUDA
   kernels that clang compiled). Directed rounding (.rz/.rm/.rp add, mul, fma, div, sqrt, rcp,
   conversions) bit for bit against the C library under fesetround; warp shuffles with segment
   widths, lane masks, votes, match, the counting barriers of LLVM 14 and 22, integer intrinsics;
   a struct passed by value; device malloc/free; and what the host refuses, each named with its
   kernel. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <fenv.h>
#include <stdarg.h>
#include <float.h>
#include <math.h>
#include <stdint.h>

#ifdef OFFLOAD_NO_JIT
static void test_nvvm(void) { SKIP("the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
int main(void) {
    RUN(test_nvvm);
    return test_summary();
}
#else

/* ---- helpers ---- */

typedef struct module_text {
    char* text;
    size_t size, capacity;
} module_text;

static void emit(module_text* m, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(module_text* m, const char* fmt, ...) {
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(m->text ? m->text + m->size : NULL, m->text ? m->capacity - m->size : 0, fmt, ap);
        va_end(ap);
        if (n >= 0 && m->text && m->size + (size_t)n < m->capacity) {
            m->size += (size_t)n;
            return;
        }
        m->capacity = (m->capacity + (size_t)n + 1) * 2;
        m->text = (char*)realloc(m->text, m->capacity);
        if (!m->text) abort();
    }
}

static const char nvptx_head[] = "target triple = \"nvptx64-nvidia-cuda\"\n"
                                 "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
                                 "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
                                 "declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n";

/* "%i" = the global thread index, then a return unless %i < %n */
static const char global_index[] =
    "entry:\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %blk = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
    "  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n  %bd = mul i32 %blk, %d\n  %i = add i32 %bd, %t\n"
    "  %in = icmp slt i32 %i, %n\n  br i1 %in, label %body, label %done\n"
    "done:\n  ret void\n"
    "body:\n  %i64 = sext i32 %i to i64\n";

static offload_result load_text(offload_context* ctx, const char* text, offload_program* out) {
    offload_device dev = {0};
    offload_device_get(ctx, 0, &dev);
    offload_program_desc desc = {0};
    desc.image = text;
    desc.size = strlen(text);
    desc.name = "nvvm";
    return offload_program_create(ctx, dev, &desc, out);
}

static offload_result run(offload_context* ctx, offload_program prog, const char* kernel, uint32_t blocks,
                          uint32_t threads, void* args, size_t args_size) {
    offload_kernel k;
    offload_result r = offload_kernel_get(ctx, prog, kernel, &k);
    if (r != OFFLOAD_SUCCESS) return r;
    offload_launch_desc launch = {{blocks, 1, 1}, {threads, 1, 1}, 0, args, args_size};
    return offload_launch(ctx, (offload_queue){0}, k, &launch);
}

/* ---- directed rounding ---- */

static const int fe_modes[3] = {FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
static const char* const mode_names[3] = {"rz", "rm", "rp"};

enum { OP_ADD, OP_MUL, OP_FMA, OP_DIV, OP_SQRT, OP_RCP, OP_I2F, OP_UI2F, OP_COUNT_F };
enum { OP_DADD, OP_DMUL, OP_DDIV, OP_DSQRT, OP_DRCP, OP_D2F, OP_COUNT_D };
static const char* const f_ops[OP_COUNT_F] = {"add", "mul", "fma", "div", "sqrt", "rcp", "i2f", "ui2f"};
static const char* const d_ops[OP_COUNT_D] = {"add", "mul", "div", "sqrt", "rcp", "d2f"};

static float ref_f(int op, int mode, float x, float y, float z) {
    volatile float vx = x, vy = y, vz = z, r = 0;
    int32_t bits;
    memcpy(&bits, &x, sizeof bits);
    volatile int32_t vi = bits;
    fesetround(fe_modes[mode]);
    switch (op) {
    case OP_ADD:
        r = vx + vy;
        break;
    case OP_MUL:
        r = vx * vy;
        break;
    case OP_FMA:
        r = fmaf(vx, vy, vz);
        break;
    case OP_DIV:
        r = vx / vy;
        break;
    case OP_SQRT:
        r = sqrtf(vx);
        break;
    case OP_RCP:
        r = 1.0f / vx;
        break;
    case OP_I2F:
        r = (float)vi;
        break;
    case OP_UI2F:
        r = (float)(uint32_t)vi;
        break;
    }
    float result = r;
    fesetround(FE_TONEAREST);
    return result;
}

static double ref_d(int op, int mode, double x, double y, float* narrowed) {
    volatile double vx = x, vy = y, r = 0;
    volatile float f = 0;
    fesetround(fe_modes[mode]);
    switch (op) {
    case OP_DADD:
        r = vx + vy;
        break;
    case OP_DMUL:
        r = vx * vy;
        break;
    case OP_DDIV:
        r = vx / vy;
        break;
    case OP_DSQRT:
        r = sqrt(vx);
        break;
    case OP_DRCP:
        r = 1.0 / vx;
        break;
    case OP_D2F:
        f = (float)vx;
        break;
    }
    double result = r;
    *narrowed = f;
    fesetround(FE_TONEAREST);
    return result;
}

/* The float kernel: out[i * 24 + op * 3 + mode] for each op and mode. */
static char* rounding_module(void) {
    module_text m = {0};
    emit(&m, "%s", nvptx_head);
    for (int op = 0; op < OP_COUNT_F; op++)
        for (int mode = 0; mode < 3; mode++) {
            const char* params = op == OP_FMA                    ? "float, float, float"
                                 : op == OP_SQRT || op == OP_RCP ? "float"
                                 : op >= OP_I2F                  ? "i32"
                                                                 : "float, float";
            emit(&m, "declare float @llvm.nvvm.%s.%s%s(%s)\n", f_ops[op], mode_names[mode], op >= OP_I2F ? "" : ".f",
                 params);
        }
    for (int op = 0; op < OP_COUNT_D; op++)
        for (int mode = 0; mode < 3; mode++)
            emit(&m, "declare %s @llvm.nvvm.%s.%s%s(%s)\n", op == OP_D2F ? "float" : "double", d_ops[op],
                 mode_names[mode], op == OP_D2F ? "" : ".d",
                 op == OP_DSQRT || op == OP_DRCP || op == OP_D2F ? "double" : "double, double");
    emit(&m, "define ptx_kernel void @round_f(float* %%a, float* %%b, float* %%c, float* %%out, i32 %%n) {\n%s",
         global_index);
    emit(&m, "  %%pa = getelementptr float, float* %%a, i64 %%i64\n  %%x = load float, float* %%pa\n"
             "  %%pb = getelementptr float, float* %%b, i64 %%i64\n  %%y = load float, float* %%pb\n"
             "  %%pc = getelementptr float, float* %%c, i64 %%i64\n  %%z = load float, float* %%pc\n"
             "  %%xi = bitcast float %%x to i32\n  %%base = mul i64 %%i64, 24\n");
    for (int op = 0; op < OP_COUNT_F; op++)
        for (int mode = 0; mode < 3; mode++) {
            int k = op * 3 + mode;
            const char* args = op == OP_FMA                    ? "float %x, float %y, float %z"
                               : op == OP_SQRT || op == OP_RCP ? "float %x"
                               : op >= OP_I2F                  ? "i32 %xi"
                                                               : "float %x, float %y";
            emit(&m,
                 "  %%r%d = call float @llvm.nvvm.%s.%s%s(%s)\n  %%o%d = add i64 %%base, %d\n"
                 "  %%q%d = getelementptr float, float* %%out, i64 %%o%d\n  store float %%r%d, float* %%q%d\n",
                 k, f_ops[op], mode_names[mode], op >= OP_I2F ? "" : ".f", args, k, k, k, k, k, k);
        }
    emit(&m, "  br label %%done\n}\n");
    emit(&m,
         "define ptx_kernel void @round_d(double* %%a, double* %%b, double* %%out, float* %%narrowed, i32 %%n) {\n%s",
         global_index);
    emit(&m, "  %%pa = getelementptr double, double* %%a, i64 %%i64\n  %%x = load double, double* %%pa\n"
             "  %%pb = getelementptr double, double* %%b, i64 %%i64\n  %%y = load double, double* %%pb\n"
             "  %%base = mul i64 %%i64, 15\n  %%fbase = mul i64 %%i64, 3\n");
    for (int op = 0; op < OP_COUNT_D; op++)
        for (int mode = 0; mode < 3; mode++) {
            int k = op * 3 + mode;
            const char* args = op == OP_DSQRT || op == OP_DRCP || op == OP_D2F ? "double %x" : "double %x, double %y";
            if (op == OP_D2F)
                emit(&m,
                     "  %%r%d = call float @llvm.nvvm.d2f.%s(%s)\n  %%o%d = add i64 %%fbase, %d\n"
                     "  %%q%d = getelementptr float, float* %%narrowed, i64 %%o%d\n  store float %%r%d, float* %%q%d\n",
                     k, mode_names[mode], args, k, mode, k, k, k, k);
            else
                emit(&m,
                     "  %%r%d = call double @llvm.nvvm.%s.%s.d(%s)\n  %%o%d = add i64 %%base, %d\n"
                     "  %%q%d = getelementptr double, double* %%out, i64 %%o%d\n  store double %%r%d, double* %%q%d\n",
                     k, d_ops[op], mode_names[mode], args, k, k, k, k, k, k);
        }
    emit(&m, "  br label %%done\n}\n");
    return m.text;
}

static uint64_t lcg(uint64_t* state) {
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 11;
}

/* Random bit patterns of every magnitude, and the values where rounding is delicate. */
static float input_f(uint64_t* state, int i) {
    static const float special[] = {0.0f,    -0.0f,  1.0f,    -1.0f,    3.0f,      1.0f / 3,    FLT_MAX, -FLT_MAX,
                                    FLT_MIN, 1e-45f, -1e-45f, INFINITY, -INFINITY, 16777217.0f, 0.1f,    -7.5f};
    if (i % 4 == 0) return special[lcg(state) % (sizeof special / sizeof special[0])];
    uint32_t bits = (uint32_t)lcg(state);
    float f;
    memcpy(&f, &bits, sizeof f);
    return isnan(f) ? 2.5f : f;
}

static double input_d(uint64_t* state, int i) {
    static const double special[] = {0.0, -0.0, 1.0, -1.0, 3.0, 1.0 / 3, DBL_MAX, -DBL_MAX, 1e300, -1e300, 0.1, 7.25};
    if (i % 4 == 0) return special[lcg(state) % (sizeof special / sizeof special[0])];
    /* magnitudes well inside the normal range: below 2^-1022 a residual can vanish (see cuda_host.inc) */
    double m = (double)(lcg(state) % 1000000007u) / 1000000007.0 + 0.5;
    int e = (int)(lcg(state) % 400) - 200;
    return (lcg(state) & 1 ? -1 : 1) * ldexp(m, e);
}

static int same_f(float a, float b) { return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof a); }
static int same_d(double a, double b) { return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof a); }

static void test_directed_rounding(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    char* text = rounding_module();
    offload_program prog;
    offload_result loaded = load_text(ctx, text, &prog);
    free(text);
    CHECK_OK(ctx, loaded);
    if (loaded != OFFLOAD_SUCCESS) {
        offload_context_destroy(ctx);
        return;
    }
    enum { N = 4096 };
    float* a = calloc(N, sizeof *a);
    float* b = calloc(N, sizeof *b);
    float* c = calloc(N, sizeof *c);
    float* out = calloc((size_t)N * 24, sizeof *out);
    double* ad = calloc(N, sizeof *ad);
    double* bd = calloc(N, sizeof *bd);
    double* outd = calloc((size_t)N * 15, sizeof *outd);
    float* narrowed = calloc((size_t)N * 3, sizeof *narrowed);
    REQUIRE(a && b && c && out && ad && bd && outd && narrowed);
    uint64_t state = 12345;
    for (int i = 0; i < N; i++) {
        a[i] = input_f(&state, i), b[i] = input_f(&state, i + 1), c[i] = input_f(&state, i + 2);
        ad[i] = input_d(&state, i), bd[i] = input_d(&state, i + 1);
        if (i % 16 == 5) c[i] = -(a[i] * b[i]), bd[i] = -ad[i]; /* exact zeros: -0 when rounding down */
    }
    struct {
        float *a, *b, *c, *out;
        int32_t n;
    } fargs = {a, b, c, out, N};
    struct {
        double *a, *b, *out;
        float* narrowed;
        int32_t n;
    } dargs = {ad, bd, outd, narrowed, N};
    CHECK_OK(ctx, run(ctx, prog, "round_f", N / 128, 128, &fargs, sizeof fargs));
    CHECK_OK(ctx, run(ctx, prog, "round_d", N / 128, 128, &dargs, sizeof dargs));
    int bad = 0;
    for (int i = 0; i < N && bad < 8; i++)
        for (int op = 0; op < OP_COUNT_F; op++)
            for (int mode = 0; mode < 3; mode++) {
                float want = ref_f(op, mode, a[i], b[i], c[i]), got = out[i * 24 + op * 3 + mode];
                if (same_f(want, got)) continue;
                fprintf(stderr, "  %s.%s.f(%a, %a, %a) = %a, want %a\n", f_ops[op], mode_names[mode], a[i], b[i], c[i],
                        got, want);
                bad++;
            }
    for (int i = 0; i < N && bad < 16; i++)
        for (int op = 0; op < OP_COUNT_D; op++)
            for (int mode = 0; mode < 3; mode++) {
                float want_f = 0;
                double want = ref_d(op, mode, ad[i], bd[i], &want_f);
                /* a product or quotient below the normal range rounds to nearest (cuda_host.inc says why) */
                if ((op == OP_DMUL || op == OP_DDIV || op == OP_DRCP) && want != 0 && fabs(want) < 0x1p-1000) continue;
                int ok =
                    op == OP_D2F ? same_f(want_f, narrowed[i * 3 + mode]) : same_d(want, outd[i * 15 + op * 3 + mode]);
                if (ok) continue;
                fprintf(stderr, "  %s.%s.d(%a, %a) = %a, want %a\n", d_ops[op], mode_names[mode], ad[i], bd[i],
                        op == OP_D2F ? narrowed[i * 3 + mode] : outd[i * 15 + op * 3 + mode],
                        op == OP_D2F ? want_f : want);
                bad++;
            }
    CHECK(bad == 0);
    free(a), free(b), free(c), free(out), free(ad), free(bd), free(outd), free(narrowed);
    offload_program_destroy(ctx, prog);
    offload_context_destroy(ctx);
}

/* ---- warps, barriers, integers ---- */

/* 64 threads (two warps); per thread 24 words of results. */
#define WARP_STORES                                                                                                    \
    "  %a0 = add i64 %base, 0\n  %s0 = getelementptr i32, i32* %out, i64 %a0\n  store i32 %r0, i32* %s0\n"             \
    "  %a1 = add i64 %base, 1\n  %s1 = getelementptr i32, i32* %out, i64 %a1\n  store i32 %r1, i32* %s1\n"             \
    "  %a2 = add i64 %base, 2\n  %s2 = getelementptr i32, i32* %out, i64 %a2\n  store i32 %r2, i32* %s2\n"             \
    "  %a3 = add i64 %base, 3\n  %s3 = getelementptr i32, i32* %out, i64 %a3\n  store i32 %r3, i32* %s3\n"             \
    "  %a4 = add i64 %base, 4\n  %s4 = getelementptr i32, i32* %out, i64 %a4\n  store i32 %r4, i32* %s4\n"             \
    "  %a5 = add i64 %base, 5\n  %s5 = getelementptr i32, i32* %out, i64 %a5\n  store i32 %r5, i32* %s5\n"             \
    "  %a6 = add i64 %base, 6\n  %s6 = getelementptr i32, i32* %out, i64 %a6\n  store i32 %r6, i32* %s6\n"             \
    "  %a7 = add i64 %base, 7\n  %s7 = getelementptr i32, i32* %out, i64 %a7\n  store i32 %r7, i32* %s7\n"             \
    "  %a8 = add i64 %base, 8\n  %s8 = getelementptr i32, i32* %out, i64 %a8\n  store i32 %r8, i32* %s8\n"             \
    "  %a9 = add i64 %base, 9\n  %s9 = getelementptr i32, i32* %out, i64 %a9\n  store i32 %r9, i32* %s9\n"             \
    "  %a10 = add i64 %base, 10\n  %s10 = getelementptr i32, i32* %out, i64 %a10\n  store i32 %r10, i32* %s10\n"       \
    "  %a11 = add i64 %base, 11\n  %s11 = getelementptr i32, i32* %out, i64 %a11\n  store i32 %r11, i32* %s11\n"       \
    "  %a12 = add i64 %base, 12\n  %s12 = getelementptr i32, i32* %out, i64 %a12\n  store i32 %r12, i32* %s12\n"       \
    "  %a13 = add i64 %base, 13\n  %s13 = getelementptr i32, i32* %out, i64 %a13\n  store i32 %r13, i32* %s13\n"       \
    "  %a14 = add i64 %base, 14\n  %s14 = getelementptr i32, i32* %out, i64 %a14\n  store i32 %r14, i32* %s14\n"       \
    "  %a15 = add i64 %base, 15\n  %s15 = getelementptr i32, i32* %out, i64 %a15\n  store i32 %r15, i32* %s15\n"       \
    "  %a16 = add i64 %base, 16\n  %s16 = getelementptr i32, i32* %out, i64 %a16\n  store i32 %r16, i32* %s16\n"       \
    "  %a17 = add i64 %base, 17\n  %s17 = getelementptr i32, i32* %out, i64 %a17\n  store i32 %r17, i32* %s17\n"       \
    "  %a18 = add i64 %base, 18\n  %s18 = getelementptr i32, i32* %out, i64 %a18\n  store i32 %r18, i32* %s18\n"       \
    "  %a19 = add i64 %base, 19\n  %s19 = getelementptr i32, i32* %out, i64 %a19\n  store i32 %r19, i32* %s19\n"       \
    "  %a20 = add i64 %base, 20\n  %s20 = getelementptr i32, i32* %out, i64 %a20\n  store i32 %r20, i32* %s20\n"       \
    "  %a21 = add i64 %base, 21\n  %s21 = getelementptr i32, i32* %out, i64 %a21\n  store i32 %r21, i32* %s21\n"       \
    "  %a22 = add i64 %base, 22\n  %s22 = getelementptr i32, i32* %out, i64 %a22\n  store i32 %r22, i32* %s22\n"       \
    "  %a23 = add i64 %base, 23\n  %s23 = getelementptr i32, i32* %out, i64 %a23\n  store i32 %r23b, i32* %s23\n"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings" /* GCC and Clang take any length */
static const char warp_module[] =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.laneid()\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq()\ndeclare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.le()\ndeclare i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt()\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()\n"
    "declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)\ndeclare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)\n"
    "declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)\ndeclare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)\n"
    "declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32)\n"
    "declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)\ndeclare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)\n"
    "declare i32 @llvm.nvvm.activemask()\n"
    "declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)\ndeclare { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32, i32)\n"
    "declare i32 @llvm.nvvm.barrier0.popc(i32)\ndeclare i32 @llvm.nvvm.barrier0.and(i32)\ndeclare i32 @llvm.nvvm.barrier0.or(i32)\n"
    "declare void @llvm.nvvm.bar.warp.sync(i32)\n"
    "declare i32 @llvm.nvvm.mulhi.i(i32, i32)\ndeclare i64 @llvm.nvvm.mulhi.ull(i64, i64)\n"
    "declare i32 @llvm.nvvm.sad.i(i32, i32, i32)\ndeclare i32 @llvm.nvvm.mul24.i(i32, i32)\n"
    "declare i32 @llvm.nvvm.prmt(i32, i32, i32)\ndeclare i32 @llvm.nvvm.f2i.rm(float)\ndeclare i32 @llvm.nvvm.d2i.rn(double)\n"
    "define ptx_kernel void @warp(i32* %out) {\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %t64 = zext i32 %t to i64\n  %base = mul i64 %t64, 24\n"
    "  %v = mul i32 %t, 10\n"
    "  %r0 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 3, i32 6175)\n" /* width 8: 0x181f */
    "  %r1 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 3, i32 6175)\n"
    "  %r2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 2, i32 6144)\n" /* 0x1800 */
    "  %r3 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 5, i32 6175)\n"
    "  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()\n  %src = sub i32 31, %lane\n"
    "  %vf = sitofp i32 %v to float\n"
    "  %f4 = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %vf, i32 %src, i32 31)\n  %r4 = fptosi float %f4 to i32\n"
    "  %r5 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq()\n  %r6 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()\n"
    "  %r7 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.le()\n  %r8 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt()\n"
    "  %r9 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()\n"
    "  %p40 = icmp ult i32 %t, 40\n  %u = call i1 @llvm.nvvm.vote.uni.sync(i32 -1, i1 %p40)\n  %r10 = zext i1 %u to i32\n"
    "  %r11 = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p40)\n  %r12 = call i32 @llvm.nvvm.activemask()\n"
    "  %q = lshr i32 %lane, 2\n  %r13 = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %q)\n"
    "  %w = lshr i32 %t, 5\n  %ma = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 -1, i32 %w)\n"
    "  %r14 = extractvalue { i32, i1 } %ma, 0\n  %mp = extractvalue { i32, i1 } %ma, 1\n  %r15 = zext i1 %mp to i32\n"
    "  %m3 = urem i32 %t, 3\n  %is3 = icmp eq i32 %m3, 0\n  %p3 = zext i1 %is3 to i32\n"
    "  %r16 = call i32 @llvm.nvvm.barrier0.popc(i32 %p3)\n"
    "  %lt63 = icmp ult i32 %t, 63\n  %p63 = zext i1 %lt63 to i32\n  %r17 = call i32 @llvm.nvvm.barrier0.and(i32 %p63)\n"
    "  %is5 = icmp eq i32 %t, 5\n  %p5 = zext i1 %is5 to i32\n  %r18 = call i32 @llvm.nvvm.barrier0.or(i32 %p5)\n"
    "  call void @llvm.nvvm.bar.warp.sync(i32 -1)\n"
    "  %neg = sub i32 0, %v\n  %r19 = call i32 @llvm.nvvm.mulhi.i(i32 %neg, i32 1073741823)\n"
    "  %r20 = call i32 @llvm.nvvm.sad.i(i32 %neg, i32 7, i32 %t)\n"
    "  %big = add i32 %v, 16777000\n  %r21 = call i32 @llvm.nvvm.mul24.i(i32 %big, i32 -3)\n"
    "  %r22 = call i32 @llvm.nvvm.prmt(i32 %v, i32 -2023406815, i32 51217)\n" /* selector 0xc811 */
    "  %h = fdiv float %vf, -7.0\n  %r23 = call i32 @llvm.nvvm.f2i.rm(float %h)\n"
    "  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()\n  %sz = icmp eq i32 %ws, 32\n"
    "  %r23b = select i1 %sz, i32 %r23, i32 -99999\n" WARP_STORES "  ret void\n}\n";
#pragma GCC diagnostic pop

static uint32_t shfl_ref(const int32_t* v, int t, int mode, uint32_t b, uint32_t c) {
    uint32_t lane = (uint32_t)t % 32, warp = (uint32_t)t / 32;
    uint32_t bv = b & 31, cv = c & 31, seg = (c >> 8) & 31;
    uint32_t min = lane & seg, max = min | (cv & ~seg);
    int32_t j;
    int ok;
    switch (mode) {
    case 0:
        j = (int32_t)(min | (bv & ~seg));
        ok = j <= (int32_t)max;
        break;
    case 1:
        j = (int32_t)lane - (int32_t)bv;
        ok = j >= (int32_t)max;
        break;
    case 2:
        j = (int32_t)(lane + bv);
        ok = j <= (int32_t)max;
        break;
    default:
        j = (int32_t)(lane ^ bv);
        ok = j <= (int32_t)max;
        break;
    }
    if (!ok) j = (int32_t)lane;
    return (uint32_t)v[warp * 32 + (uint32_t)j];
}

/* Loads module and runs kernel on one block of 64 threads (two warps) with out, filled with 0xcd
   first, as its one argument. 0 when the load failed (counted). */
static int run_on_two_warps(const char* module, const char* kernel, int32_t* out, size_t size) {
    offload_context* ctx = make_context_with(NULL);
    if (!ctx) return 0;
    offload_program prog;
    offload_result loaded = load_text(ctx, module, &prog);
    CHECK_OK(ctx, loaded);
    if (loaded == OFFLOAD_SUCCESS) {
        memset(out, 0xcd, size);
        CHECK_OK(ctx, run(ctx, prog, kernel, 1, 64, &out, sizeof out));
        offload_program_destroy(ctx, prog);
    }
    offload_context_destroy(ctx);
    return loaded == OFFLOAD_SUCCESS;
}

static void test_warps_barriers_integers(void) {
    int32_t out[64 * 24];
    REQUIRE(run_on_two_warps(warp_module, "warp", out, sizeof out));
    int32_t v[64];
    for (int t = 0; t < 64; t++) v[t] = t * 10;
    for (int t = 0; t < 64; t++) {
        const int32_t* o = out + t * 24;
        uint32_t lane = (uint32_t)t % 32, w = (uint32_t)t / 32;
        uint32_t lanes_below = lane ? (1u << lane) - 1 : 0;
        int32_t expect[24] = {(int32_t)shfl_ref(v, t, 0, 3, 0x181f),
                              (int32_t)shfl_ref(v, t, 2, 3, 0x181f),
                              (int32_t)shfl_ref(v, t, 1, 2, 0x1800),
                              (int32_t)shfl_ref(v, t, 3, 5, 0x181f),
                              v[w * 32 + 31 - lane],
                              (int32_t)(1u << lane),
                              (int32_t)lanes_below,
                              (int32_t)(lanes_below | (1u << lane)),
                              (int32_t) ~(lanes_below | (1u << lane)),
                              (int32_t)~lanes_below,
                              w == 0,
                              w == 0 ? -1 : 0xff,
                              -1,
                              (int32_t)(0xfu << (lane / 4 * 4)),
                              -1,
                              1,
                              22,
                              0,
                              1,
                              (int32_t)(((int64_t)(-t * 10) * 1073741823) >> 32),
                              abs(-t * 10 - 7) + t,
                              (int32_t)((int64_t)((int32_t)((uint32_t)(t * 10 + 16777000) << 8) >> 8) * -3),
                              0,
                              (int32_t)floorf((float)(t * 10) / -7.0f)};
        /* prmt(x = t*10, y = 0x87654321, selector 0xc811): x's byte 1 twice, then the signs of
           x's byte 0 and y's byte 0 replicated */
        uint64_t xy = ((uint64_t)0x87654321u << 32) | (uint32_t)(t * 10);
        uint32_t sel = 0xc811, prmt = 0;
        for (int k = 0; k < 4; k++) {
            uint32_t nibble = (sel >> (4 * k)) & 15, byte = (uint32_t)(xy >> ((nibble & 7) * 8)) & 0xff;
            if (nibble & 8) byte = byte & 0x80 ? 0xff : 0;
            prmt |= byte << (8 * k);
        }
        expect[22] = (int32_t)prmt;
        for (int k = 0; k < 24; k++) {
            if (o[k] == expect[k]) continue;
            fprintf(stderr, "  thread %d, result %d: %d (0x%x), want %d (0x%x)\n", t, k, o[k], (unsigned)o[k],
                    expect[k], (unsigned)expect[k]);
            CHECK(!"warp result");
        }
    }
}

/* ---- atomics, loads, the barrier forms of LLVM 20 and later, a struct by value ---- */

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings"
static const char shapes_module[] =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "%struct.P = type { float, i32, double }\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "declare i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32*, i32)\n"
    "declare i32 @llvm.nvvm.atomic.load.dec.32.p0i32(i32*, i32)\n"
    "declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32*, i32)\n"
    "declare i32 @llvm.nvvm.atomic.max.gen.i.sys.i32.p0i32(i32*, i32)\n"
    "declare float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0f32(float*, float)\n"
    "declare i32 @llvm.nvvm.atomic.cas.gen.i.sys.i32.p0i32(i32*, i32, i32)\n"
    "declare float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)*, i32)\n"
    "declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)\n"
    "declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32, i1)\n"
    "declare i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32, i1)\n"
    "declare i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32, i1)\n"
    "declare void @llvm.nvvm.membar.gl()\n"
    "define ptx_kernel void @atomics(i32* %c, float* %f, float* %in, i32* %out) {\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %c1 = getelementptr i32, i32* %c, i64 1\n  %c2 = getelementptr i32, i32* %c, i64 2\n"
    "  %c3 = getelementptr i32, i32* %c, i64 3\n  %c4 = getelementptr i32, i32* %c, i64 4\n"
    "  %i0 = call i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* %c, i32 9)\n"
    "  %i1 = call i32 @llvm.nvvm.atomic.load.dec.32.p0i32(i32* %c1, i32 6)\n"
    "  %i2 = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32* %c2, i32 %t)\n"
    "  %i3 = call i32 @llvm.nvvm.atomic.max.gen.i.sys.i32.p0i32(i32* %c3, i32 %t)\n"
    "  %tf = sitofp i32 %t to float\n  %i4 = call float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0f32(float* %f, float %tf)\n"
    "  %i5 = call i32 @llvm.nvvm.atomic.cas.gen.i.sys.i32.p0i32(i32* %c4, i32 %t, i32 1000)\n"
    "  call void @llvm.nvvm.membar.gl()\n"
    "  %t64 = zext i32 %t to i64\n  %g = addrspacecast float* %in to float addrspace(1)*\n"
    "  %gp = getelementptr float, float addrspace(1)* %g, i64 %t64\n"
    "  %l = call float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)* %gp, i32 4)\n"
    "  %li = fptosi float %l to i32\n"
    "  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)\n"
    "  %odd = trunc i32 %t to i1\n"
    "  %pc = call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 %odd)\n"
    "  %an = call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1 %odd)\n"
    "  %or = call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1 %odd)\n"
    "  %an32 = zext i1 %an to i32\n  %or32 = zext i1 %or to i32\n  %x1 = shl i32 %an32, 16\n  %x2 = shl i32 %or32, 17\n"
    "  %x3 = or i32 %pc, %x1\n  %x4 = or i32 %x3, %x2\n"
    "  %o = getelementptr i32, i32* %out, i64 %t64\n  %sum = add i32 %li, %x4\n  store i32 %sum, i32* %o\n  ret void\n}\n"
    "define ptx_kernel void @by_value(%struct.P* byval(%struct.P) align 8 %s, float* %out) {\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %pa = getelementptr %struct.P, %struct.P* %s, i32 0, i32 0\n  %a = load float, float* %pa\n"
    "  %pb = getelementptr %struct.P, %struct.P* %s, i32 0, i32 1\n  %b = load i32, i32* %pb\n"
    "  %pc = getelementptr %struct.P, %struct.P* %s, i32 0, i32 2\n  %c = load double, double* %pc\n"
    "  %bt = add i32 %b, %t\n  %bf = sitofp i32 %bt to float\n  %cf = fptrunc double %c to float\n"
    "  %ab = fadd float %a, %bf\n  %r = fadd float %ab, %cf\n"
    "  %t64 = zext i32 %t to i64\n  %o = getelementptr float, float* %out, i64 %t64\n  store float %r, float* %o\n  ret void\n}\n";
#pragma GCC diagnostic pop

/* A kernel whose name is longer than any buffer a name might be kept in (a templated kernel's
   mangled name runs to hundreds of bytes, Thrust's past a thousand), with a guard the compiler
   turns into a range function of the name plus a suffix: found by its whole name, and run. */
static void test_long_kernel_name(void) {
    enum { NAME = 1500, N = 100 };
    char name[NAME + 1];
    for (int i = 0; i < NAME; i++) name[i] = (char)('a' + i % 26);
    name[NAME] = '\0';
    static char text[NAME + 1024];
    snprintf(
        text, sizeof text,
        "target triple = \"nvptx64-nvidia-cuda\"\n"
        "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\ndeclare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
        "declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n"
        "define ptx_kernel void @%s(i32* %%o, i32 %%n) {\n"
        "  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %%b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
        "  %%d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n  %%bd = mul i32 %%b, %%d\n  %%i = add i32 %%bd, %%t\n"
        "  %%in = icmp slt i32 %%i, %%n\n  br i1 %%in, label %%work, label %%done\n"
        "work:\n  %%p = getelementptr i32, i32* %%o, i32 %%i\n  %%v = mul i32 %%i, 5\n  store i32 %%v, i32* %%p\n"
        "  br label %%done\ndone:\n  ret void\n}\n",
        name);
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_text(ctx, text, &prog));
    int32_t out[128];
    for (int i = 0; i < 128; i++) out[i] = -1;
    struct {
        int32_t* o;
        int32_t n;
    } args = {out, N};
    CHECK_OK(ctx, run(ctx, prog, name, 4, 32, &args, sizeof args));
    int wrong = 0;
    for (int i = 0; i < 128; i++) wrong += out[i] != (i < N ? 5 * i : -1);
    CHECK(wrong == 0);
    offload_program_destroy(ctx, prog);
    offload_context_destroy(ctx);
}

/* The inline PTX CUB writes (cub/util_ptx.cuh, its warp scan and reduction steps, its radix
   sort's ballot, its loads and its look-back's tile states), each form once on a warp of 32
   threads, against what PTX defines: a shuffle's sum only where its source lane is inside the
   segment, 64-bit values shuffled in halves, bit fields and masks clamped, shifts by 32 or more
   giving 0; then threads 24 and up leave by exit before a barrier the others pass. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings" /* longer than ISO C's 4095: GCC and Clang take it */
static const char* const cub_asm_module =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "declare void @llvm.nvvm.barrier0()\n"
    "define ptx_kernel void @cub(i32* %o32, i64* %o64, float* %of, double* %od, i32* %mem32, i64* %mem64) {\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %t64 = zext i32 %t to i64\n"
    "  %v3 = mul i32 %t, 3\n"
    "  %v = add i32 %v3, 1\n"
    "  %tf = uitofp i32 %t to float\n"
    "  %vf = fadd float %tf, 5.000000e-01\n"
    "  %th = shl i64 %t64, 33\n"
    "  %v64 = or i64 %th, %t64\n"
    "  %td = uitofp i32 %t to double\n"
    "  %vd = fmul double %td, 2.500000e-01\n"
    "  %x = xor i32 %t, -252645136\n"
    "  %t16 = add i32 %t, 16\n"
    "  %t30 = add i32 %t, 30\n"
    "  %odd = and i32 %t, 1\n"
    "  %pair = and i64 %t64, -2\n"
    "  %b32 = mul i32 %t, 13\n"
    "  %b64 = mul i64 %t64, 8\n"
    "  %base32 = mul i32 %t, 13\n"
    "  %base64 = mul i32 %t, 8\n"
    "  %base2 = mul i32 %t, 2\n"
    "  %r32_0 = call i32 asm sideeffect \"{ .reg .s32 r0; .reg .pred p; shfl.sync.up.b32 r0|p, $1, $2, $3, $5; @p add.s32 r0, r0, $4; mov.s32 $0, r0; }\", \"=r,r,r,r,r,r\"(i32 %v, i32 1, i32 0, i32 %v, i32 -1)\n"
    "  %a32_0 = add i32 %base32, 0\n"
    "  %p32_0 = getelementptr i32, i32* %o32, i32 %a32_0\n"
    "  store i32 %r32_0, i32* %p32_0\n"
    "  %r32_1 = call i32 asm sideeffect \"{ .reg .u32 r0; .reg .pred p; shfl.sync.up.b32 r0|p, $1, $2, $3, $5; @p add.u32 r0, r0, $4; mov.u32 $0, r0; }\", \"=r,r,r,r,r,r\"(i32 %v, i32 2, i32 0, i32 %v, i32 -1)\n"
    "  %a32_1 = add i32 %base32, 1\n"
    "  %p32_1 = getelementptr i32, i32* %o32, i32 %a32_1\n"
    "  store i32 %r32_1, i32* %p32_1\n"
    "  %r32_2 = call i32 asm sideeffect \"{ .reg .u32 r0; .reg .pred p; shfl.sync.down.b32 r0|p, $1, $2, $3, $5; @p add.u32 r0, r0, $4; mov.u32 $0, r0; }\", \"=r,r,r,r,r,r\"(i32 %v, i32 2, i32 31, i32 %v, i32 -1)\n"
    "  %a32_2 = add i32 %base32, 2\n"
    "  %p32_2 = getelementptr i32, i32* %o32, i32 %a32_2\n"
    "  store i32 %r32_2, i32* %p32_2\n"
    "  %r32_3 = call i32 asm sideeffect \"shfl.sync.up.b32 $0, $1, $2, $3, $4;\", \"=r,r,r,r,r\"(i32 %v, i32 3, i32 0, i32 -1)\n"
    "  %a32_3 = add i32 %base32, 3\n"
    "  %p32_3 = getelementptr i32, i32* %o32, i32 %a32_3\n"
    "  store i32 %r32_3, i32* %p32_3\n"
    "  %r32_4 = call i32 asm sideeffect \"shfl.sync.down.b32 $0, $1, $2, $3, $4;\", \"=r,r,r,r,r\"(i32 %v, i32 5, i32 31, i32 -1)\n"
    "  %a32_4 = add i32 %base32, 4\n"
    "  %p32_4 = getelementptr i32, i32* %o32, i32 %a32_4\n"
    "  store i32 %r32_4, i32* %p32_4\n"
    "  %r32_5 = call i32 asm sideeffect \"bfe.u32 $0, $1, $2, $3;\", \"=r,r,r,r\"(i32 %x, i32 %t, i32 8)\n"
    "  %a32_5 = add i32 %base32, 5\n"
    "  %p32_5 = getelementptr i32, i32* %o32, i32 %a32_5\n"
    "  store i32 %r32_5, i32* %p32_5\n"
    "  %r32_6 = call i32 asm sideeffect \"bfe.u32 $0, $1, $2, $3;\", \"=r,r,r,r\"(i32 %x, i32 %t30, i32 8)\n"
    "  %a32_6 = add i32 %base32, 6\n"
    "  %p32_6 = getelementptr i32, i32* %o32, i32 %a32_6\n"
    "  store i32 %r32_6, i32* %p32_6\n"
    "  %r32_7 = call i32 asm sideeffect \"bmsk.clamp.b32 $0, $1, $2;\", \"=r,r,r\"(i32 %t, i32 5)\n"
    "  %a32_7 = add i32 %base32, 7\n"
    "  %p32_7 = getelementptr i32, i32* %o32, i32 %a32_7\n"
    "  store i32 %r32_7, i32* %p32_7\n"
    "  %r32_8 = call i32 asm sideeffect \"shl.b32 $0, $1, $2;\", \"=r,r,r\"(i32 %x, i32 %t16)\n"
    "  %a32_8 = add i32 %base32, 8\n"
    "  %p32_8 = getelementptr i32, i32* %o32, i32 %a32_8\n"
    "  store i32 %r32_8, i32* %p32_8\n"
    "  %r32_9 = call i32 asm sideeffect \"shr.b32 $0, $1, $2;\", \"=r,r,r\"(i32 %x, i32 %t16)\n"
    "  %a32_9 = add i32 %base32, 9\n"
    "  %p32_9 = getelementptr i32, i32* %o32, i32 %a32_9\n"
    "  store i32 %r32_9, i32* %p32_9\n"
    "  %r32_10 = call i32 asm sideeffect \"{\\0A.reg .pred p;\\0Aand.b32 $0, $1, $2;setp.ne.u32 p, $0, 0;\\0Avote.ballot.sync.b32 $0, p, 0xffffffff;\\0A@!p not.b32 $0, $0;\\0A}\\0A\", \"=r,r,r\"(i32 %t, i32 1)\n"
    "  %a32_10 = add i32 %base32, 10\n"
    "  %p32_10 = getelementptr i32, i32* %o32, i32 %a32_10\n"
    "  store i32 %r32_10, i32* %p32_10\n"
    "  %m32 = getelementptr i32, i32* %mem32, i32 %t\n"
    "  %ld32 = call i32 asm sideeffect \"ld.global.nc.u32 $0, [$1];\", \"=r,l\"(i32* %m32)\n"
    "  %a32_11 = add i32 %base32, 11\n"
    "  %p32_11 = getelementptr i32, i32* %o32, i32 %a32_11\n"
    "  store i32 %ld32, i32* %p32_11\n"
    "  %r64_0 = call i64 asm sideeffect \"{ .reg .u64 r0; .reg .u32 lo; .reg .u32 hi; .reg .pred p; mov.b64 {lo, hi}, $1; shfl.sync.up.b32 lo|p, lo, $2, $3, $5; shfl.sync.up.b32 hi|p, hi, $2, $3, $5; mov.b64 r0, {lo, hi}; @p add.u64 r0, r0, $4; mov.u64 $0, r0; }\", \"=l,l,r,r,l,r\"(i64 %v64, i32 1, i32 0, i64 %v64, i32 -1)\n"
    "  %a64_0 = add i32 %base64, 0\n"
    "  %p64_0 = getelementptr i64, i64* %o64, i32 %a64_0\n"
    "  store i64 %r64_0, i64* %p64_0\n"
    "  %r64_1 = call i64 asm sideeffect \"{ .reg .s64 r0; .reg .u32 lo; .reg .u32 hi; .reg .pred p; mov.b64 {lo, hi}, $1; shfl.sync.up.b32 lo|p, lo, $2, $3, $5; shfl.sync.up.b32 hi|p, hi, $2, $3, $5; mov.b64 r0, {lo, hi}; @p add.s64 r0, r0, $4; mov.s64 $0, r0; }\", \"=l,l,r,r,l,r\"(i64 %v64, i32 4, i32 0, i64 %v64, i32 -1)\n"
    "  %a64_1 = add i32 %base64, 1\n"
    "  %p64_1 = getelementptr i64, i64* %o64, i32 %a64_1\n"
    "  store i64 %r64_1, i64* %p64_1\n"
    "  %r64_2 = call i64 asm sideeffect \"{ .reg .u32 lo; .reg .u32 hi; .reg .pred p; mov.b64 {lo, hi}, $1; shfl.sync.down.b32 lo|p, lo, $2, $3, $4; shfl.sync.down.b32 hi|p, hi, $2, $3, $4; mov.b64 $0, {lo, hi}; @p add.u64 $0, $0, $1; }\", \"=l,l,r,r,r\"(i64 %v64, i32 8, i32 31, i32 -1)\n"
    "  %a64_2 = add i32 %base64, 2\n"
    "  %p64_2 = getelementptr i64, i64* %o64, i32 %a64_2\n"
    "  store i64 %r64_2, i64* %p64_2\n"
    "  %r64_3 = call i64 asm sideeffect \"{ .reg .u32 lo; .reg .u32 hi; .reg .pred p; mov.b64 {lo, hi}, $1; shfl.sync.down.b32 lo|p, lo, $2, $3, $4; shfl.sync.down.b32 hi|p, hi, $2, $3, $4; mov.b64 $0, {lo, hi}; @p add.s64 $0, $0, $1; }\", \"=l,l,r,r,r\"(i64 %v64, i32 1, i32 31, i32 -1)\n"
    "  %a64_3 = add i32 %base64, 3\n"
    "  %p64_3 = getelementptr i64, i64* %o64, i32 %a64_3\n"
    "  store i64 %r64_3, i64* %p64_3\n"
    "  %m64 = getelementptr i64, i64* %mem64, i32 %t\n"
    "  %ld64 = call i64 asm sideeffect \"ld.global.nc.u64 $0, [$1];\", \"=l,l\"(i64* %m64)\n"
    "  %a64_4 = add i32 %base64, 4\n"
    "  %p64_4 = getelementptr i64, i64* %o64, i32 %a64_4\n"
    "  store i64 %ld64, i64* %p64_4\n"
    "  %mp = getelementptr i64, i64* %mem64, i64 %pair\n"
    "  %two = call { i64, i64 } asm sideeffect \"ld.global.nc.v2.u64 {$0, $1}, [$2];\", \"=l,=l,l\"(i64* %mp)\n"
    "  %lo2 = extractvalue { i64, i64 } %two, 0\n"
    "  %hi2 = extractvalue { i64, i64 } %two, 1\n"
    "  %hi2s = shl i64 %hi2, 1\n"
    "  %sum2 = add i64 %lo2, %hi2s\n"
    "  %a64_5 = add i32 %base64, 5\n"
    "  %p64_5 = getelementptr i64, i64* %o64, i32 %a64_5\n"
    "  store i64 %sum2, i64* %p64_5\n"
    "  %mp32 = getelementptr i32, i32* %mem32, i64 %pair\n"
    "  %mp32w = bitcast i32* %mp32 to i64*\n"
    "  %rel = call { i32, i32 } asm sideeffect \"ld.relaxed.gpu.v2.u32 {$0, $1}, [$2];\", \"=r,=r,l,~{memory}\"(i64* %mp32w)\n"
    "  %rlo = extractvalue { i32, i32 } %rel, 0\n"
    "  %rhi = extractvalue { i32, i32 } %rel, 1\n"
    "  %rlo64 = zext i32 %rlo to i64\n"
    "  %rhi64 = zext i32 %rhi to i64\n"
    "  %rhis = shl i64 %rhi64, 32\n"
    "  %relw = or i64 %rhis, %rlo64\n"
    "  %a64_6 = add i32 %base64, 6\n"
    "  %p64_6 = getelementptr i64, i64* %o64, i32 %a64_6\n"
    "  store i64 %relw, i64* %p64_6\n"
    "  %a64_7 = add i32 %base64, 7\n"
    "  %p64_7 = getelementptr i64, i64* %o64, i32 %a64_7\n"
    "  %nt = xor i32 %t, -1\n"
    "  call void asm sideeffect \"st.relaxed.gpu.v2.u32 [$0], {$1, $2};\", \"l,r,r,~{memory}\"(i64* %p64_7, i32 %t, i32 %nt)\n"
    "  call void asm sideeffect \"nanosleep.u32 $0;\", \"r\"(i32 100)\n"
    "  call void asm sideeffect \"prefetch.global.L2 [$0];\", \"l,~{memory}\"(i64 %b64)\n"
    "  %rf_0 = call float asm sideeffect \"{ .reg .f32 r0; .reg .pred p; shfl.sync.up.b32 r0|p, $1, $2, $3, $5; @p add.f32 r0, r0, $4; mov.f32 $0, r0; }\", \"=f,f,r,r,f,r\"(float %vf, i32 1, i32 0, float %vf, i32 -1)\n"
    "  %af_0 = add i32 %base2, 0\n"
    "  %pf_0 = getelementptr float, float* %of, i32 %af_0\n"
    "  store float %rf_0, float* %pf_0\n"
    "  %rf_1 = call float asm sideeffect \"{ .reg .f32 r0; .reg .pred p; shfl.sync.down.b32 r0|p, $1, $2, $3, $5; @p add.f32 r0, r0, $4; mov.f32 $0, r0; }\", \"=f,f,r,r,f,r\"(float %vf, i32 3, i32 31, float %vf, i32 -1)\n"
    "  %af_1 = add i32 %base2, 1\n"
    "  %pf_1 = getelementptr float, float* %of, i32 %af_1\n"
    "  store float %rf_1, float* %pf_1\n"
    "  %rd_0 = call double asm sideeffect \"{ .reg .u32 lo; .reg .u32 hi; .reg .pred p; .reg .f64 r0; mov.b64 $0, $1; mov.b64 {lo, hi}, $1; shfl.sync.up.b32 lo|p, lo, $2, $3, $4; shfl.sync.up.b32 hi|p, hi, $2, $3, $4; mov.b64 r0, {lo, hi}; @p add.f64 $0, $0, r0; }\", \"=d,d,r,r,r\"(double %vd, i32 2, i32 0, i32 -1)\n"
    "  %ad_0 = add i32 %base2, 0\n"
    "  %pd_0 = getelementptr double, double* %od, i32 %ad_0\n"
    "  store double %rd_0, double* %pd_0\n"
    "  %rd_1 = call double asm sideeffect \"{ .reg .u32 lo; .reg .u32 hi; .reg .pred p; .reg .f64 r0; mov.b64 $0, $1; mov.b64 {lo, hi}, $1; shfl.sync.down.b32 lo|p, lo, $2, $3, $4; shfl.sync.down.b32 hi|p, hi, $2, $3, $4; mov.b64 r0, {lo, hi}; @p add.f64 $0, $0, r0; }\", \"=d,d,r,r,r\"(double %vd, i32 16, i32 31, i32 -1)\n"
    "  %ad_1 = add i32 %base2, 1\n"
    "  %pd_1 = getelementptr double, double* %od, i32 %ad_1\n"
    "  store double %rd_1, double* %pd_1\n"
    "  %leave = icmp uge i32 %t, 24\n"
    "  br i1 %leave, label %gone, label %stay\n"
    "gone:\n"
    "  call void asm sideeffect \"exit;\", \"\"()\n"
    "  br label %stay\n"
    "stay:\n"
    "  call void @llvm.nvvm.barrier0()\n"
    "  %a32_12 = add i32 %base32, 12\n"
    "  %p32_12 = getelementptr i32, i32* %o32, i32 %a32_12\n"
    "  store i32 1, i32* %p32_12\n"
    "  ret void\n"
    "}\n";
#pragma GCC diagnostic pop

enum { CUB_THREADS = 32, CUB_SLOTS32 = 13, CUB_SLOTS64 = 8 };

/* PTX's shuffle of v from delta lanes up (down < 0: down) in a warp of 32: the value there, or
   the caller's own outside the warp, and whether the source was inside. */
static int cub_source(int t, int delta, int* inside) {
    int j = t + delta;
    *inside = j >= 0 && j < CUB_THREADS;
    return *inside ? j : t;
}

static void test_cub_inline_ptx(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_text(ctx, cub_asm_module, &prog));
    static uint32_t o32[CUB_THREADS * CUB_SLOTS32], mem32[CUB_THREADS];
    static uint64_t o64[CUB_THREADS * CUB_SLOTS64];
    static _Alignas(16) uint64_t mem64[CUB_THREADS];
    static float of[CUB_THREADS * 2];
    static double od[CUB_THREADS * 2];
    memset(o32, 0xcd, sizeof o32);
    memset(o64, 0xcd, sizeof o64);
    for (uint32_t i = 0; i < CUB_THREADS; i++) {
        mem32[i] = 1000 + i * 7;
        mem64[i] = 0x100000000ull * i + 5;
    }
    struct {
        uint32_t* o32;
        uint64_t* o64;
        float* of;
        double* od;
        uint32_t* mem32;
        uint64_t* mem64;
    } args = {o32, o64, of, od, mem32, mem64};
    CHECK_OK(ctx, run(ctx, prog, "cub", 1, CUB_THREADS, &args, sizeof args));
    int wrong = 0;
    for (int t = 0; t < CUB_THREADS; t++) {
        int in;
        uint32_t v[CUB_THREADS], x = (uint32_t)t ^ 0xf0f0f0f0u;
        for (int i = 0; i < CUB_THREADS; i++) v[i] = 3u * (uint32_t)i + 1;
        uint32_t e32[CUB_SLOTS32];
        int s = cub_source(t, -1, &in);
        e32[0] = in ? v[s] + v[t] : v[t];
        s = cub_source(t, -2, &in);
        e32[1] = in ? v[s] + v[t] : v[t];
        s = cub_source(t, 2, &in);
        e32[2] = in ? v[s] + v[t] : v[t];
        e32[3] = v[cub_source(t, -3, &in)];
        e32[4] = v[cub_source(t, 5, &in)];
        e32[5] = (x >> t) & 0xffu;
        e32[6] = t + 30 < 32 ? (x >> (t + 30)) & 0xffu : 0;
        e32[7] = (uint32_t)(0x1full << t);
        e32[8] = t + 16 < 32 ? x << (t + 16) : 0;
        e32[9] = t + 16 < 32 ? x >> (t + 16) : 0;
        e32[10] = t & 1 ? 0xaaaaaaaau : 0x55555555u;
        e32[11] = mem32[t];
        e32[12] = t < 24 ? 1u : 0xcdcdcdcdu;
        for (int k = 0; k < CUB_SLOTS32; k++)
            if (o32[t * CUB_SLOTS32 + k] != e32[k] && wrong++ < 6)
                fprintf(stderr, "    thread %d, 32-bit slot %d: %#x, expected %#x\n", t, k, o32[t * CUB_SLOTS32 + k],
                        e32[k]);
        uint64_t w[CUB_THREADS], e64[CUB_SLOTS64];
        for (int i = 0; i < CUB_THREADS; i++) w[i] = ((uint64_t)i << 33) | (uint64_t)i;
        s = cub_source(t, -1, &in);
        e64[0] = in ? w[s] + w[t] : w[t];
        s = cub_source(t, -4, &in);
        e64[1] = in ? w[s] + w[t] : w[t];
        s = cub_source(t, 8, &in);
        e64[2] = in ? w[s] + w[t] : w[t];
        s = cub_source(t, 1, &in);
        e64[3] = in ? w[s] + w[t] : w[t];
        e64[4] = mem64[t];
        int even = t & ~1;
        e64[5] = mem64[even] + 2 * mem64[even + 1];
        e64[6] = mem32[even] | (uint64_t)mem32[even + 1] << 32;
        e64[7] = (uint32_t)t | (uint64_t)(uint32_t) ~(uint32_t)t << 32;
        for (int k = 0; k < CUB_SLOTS64; k++)
            if (o64[t * CUB_SLOTS64 + k] != e64[k] && wrong++ < 6)
                fprintf(stderr, "    thread %d, 64-bit slot %d: %#llx, expected %#llx\n", t, k,
                        (unsigned long long)o64[t * CUB_SLOTS64 + k], (unsigned long long)e64[k]);
        float vf = (float)t + 0.5f;
        s = cub_source(t, -1, &in);
        float ef0 = in ? ((float)s + 0.5f) + vf : vf;
        s = cub_source(t, 3, &in);
        float ef1 = in ? ((float)s + 0.5f) + vf : vf;
        double vd = t * 0.25;
        s = cub_source(t, -2, &in);
        double ed0 = in ? vd + s * 0.25 : vd;
        s = cub_source(t, 16, &in);
        double ed1 = in ? vd + s * 0.25 : vd;
        if ((of[2 * t] != ef0 || of[2 * t + 1] != ef1 || od[2 * t] != ed0 || od[2 * t + 1] != ed1) && wrong++ < 6)
            fprintf(stderr, "    thread %d: floats %g %g (expected %g %g), doubles %g %g (expected %g %g)\n", t,
                    of[2 * t], of[2 * t + 1], ef0, ef1, od[2 * t], od[2 * t + 1], ed0, ed1);
    }
    CHECK(wrong == 0);
    offload_program_destroy(ctx, prog);
    offload_context_destroy(ctx);
}

/* cuda_fp16.h's and cuda_bf16.h's inline PTX where a step of its lowering decides the result:
   a double one hair above a tie rounded to half once, an fma rounded once (in float first it
   rounds the wrong way), hsin's correction of a chosen input, floats to half down, up and toward
   zero on both sides, ties to even in bfloat16, min and max of +0 and -0 and with NaN passing or
   winning, 64-bit integers no float (or double) holds to bfloat16 in each direction, NaN to int64
   (0x8000000000000000) and to int32 (0), a comparison as float bits, and __float2ll_rn of NaN.
   One thread; each result widened to 64 bits. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings" /* longer than ISO C's 4095: GCC and Clang take it */
static const char* const sixteen_bit_module =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "declare i64 @llvm.nvvm.f2ll.rn(float)\n"
    "define ptx_kernel void @sixteen(i64* %out) {\n"
    "  %r0 = call i16 asm \"{  cvt.rn.f16.f64 $0, $1;}\", \"=h,d\"(double 0x3FF0020000001000)\n"
    "  %w0 = zext i16 %r0 to i64\n"
    "  %p0 = getelementptr i64, i64* %out, i32 0\n"
    "  store i64 %w0, i64* %p0\n"
    "  %r1 = call i16 asm \"{fma.rn.f16 $0,$1,$2,$3;\\0A}\", \"=h,h,h,h\"(i16 15753, i16 4922, i16 14692)\n"
    "  %w1 = zext i16 %r1 to i64\n"
    "  %p1 = getelementptr i64, i64* %out, i32 1\n"
    "  store i64 %w1, i64* %p1\n"
    "  %r2 = call i16 asm \"{.reg.b16 i,r,t;\\0A mov.b16 r, $0;\\0A mov.b16 i, $1;\\0A and.b16 t, r, 0x8000U;\\0A abs.f16 r, r;\\0A abs.f16 i, i;\\0A{.reg.b16 spc, ulp, p;\\0A mov.b16 spc,0X32B3U;\\0A mov.b16 ulp,0x0800U;\\0A set.eq.f16.f16 p,i, spc;\\0A fma.rn.f16 r,p,ulp,r;\\0A}\\0A{.reg.b16 spc, ulp, p;\\0A mov.b16 spc,0X5CB0U;\\0A mov.b16 ulp,0x9000U;\\0A set.eq.f16.f16 p,i, spc;\\0A fma.rn.f16 r,p,ulp,r;\\0A}\\0A or.b16 r,r,t;\\0A mov.b16 $0, r;\\0A}\", \"=h,h,0\"(i16 12979, i16 12966)\n"
    "  %w2 = zext i16 %r2 to i64\n"
    "  %p2 = getelementptr i64, i64* %out, i32 2\n"
    "  store i64 %w2, i64* %p2\n"
    "  %r3 = call i16 asm \"{  cvt.rm.f16.f32 $0, $1;}\", \"=h,f\"(float 0x3FF0010000000000)\n"
    "  %w3 = zext i16 %r3 to i64\n"
    "  %p3 = getelementptr i64, i64* %out, i32 3\n"
    "  store i64 %w3, i64* %p3\n"
    "  %r4 = call i16 asm \"{  cvt.rp.f16.f32 $0, $1;}\", \"=h,f\"(float 0x3FF0010000000000)\n"
    "  %w4 = zext i16 %r4 to i64\n"
    "  %p4 = getelementptr i64, i64* %out, i32 4\n"
    "  store i64 %w4, i64* %p4\n"
    "  %r5 = call i16 asm \"{  cvt.rm.f16.f32 $0, $1;}\", \"=h,f\"(float 0xBFF0010000000000)\n"
    "  %w5 = zext i16 %r5 to i64\n"
    "  %p5 = getelementptr i64, i64* %out, i32 5\n"
    "  store i64 %w5, i64* %p5\n"
    "  %r6 = call i16 asm \"{  cvt.rz.f16.f32 $0, $1;}\", \"=h,f\"(float 0xBFF0010000000000)\n"
    "  %w6 = zext i16 %r6 to i64\n"
    "  %p6 = getelementptr i64, i64* %out, i32 6\n"
    "  store i64 %w6, i64* %p6\n"
    "  %r7 = call i16 asm \"{  cvt.rn.bf16.f32 $0, $1;}\", \"=h,f\"(float 0x3FF0100000000000)\n"
    "  %w7 = zext i16 %r7 to i64\n"
    "  %p7 = getelementptr i64, i64* %out, i32 7\n"
    "  store i64 %w7, i64* %p7\n"
    "  %r8 = call i16 asm \"{  cvt.rn.bf16.f32 $0, $1;}\", \"=h,f\"(float 0x3FF0300000000000)\n"
    "  %w8 = zext i16 %r8 to i64\n"
    "  %p8 = getelementptr i64, i64* %out, i32 8\n"
    "  store i64 %w8, i64* %p8\n"
    "  %r9 = call i16 asm \"{min.f16 $0,$1,$2;\\0A}\", \"=h,h,h\"(i16 0, i16 32768)\n"
    "  %w9 = zext i16 %r9 to i64\n"
    "  %p9 = getelementptr i64, i64* %out, i32 9\n"
    "  store i64 %w9, i64* %p9\n"
    "  %r10 = call i16 asm \"{max.f16 $0,$1,$2;\\0A}\", \"=h,h,h\"(i16 32768, i16 0)\n"
    "  %w10 = zext i16 %r10 to i64\n"
    "  %p10 = getelementptr i64, i64* %out, i32 10\n"
    "  store i64 %w10, i64* %p10\n"
    "  %r11 = call i16 asm \"{ max.NaN.bf16 $0,$1,$2;\\0A}\", \"=h,h,h\"(i16 32705, i16 16256)\n"
    "  %w11 = zext i16 %r11 to i64\n"
    "  %p11 = getelementptr i64, i64* %out, i32 11\n"
    "  store i64 %w11, i64* %p11\n"
    "  %r12 = call i16 asm \"{ max.bf16 $0,$1,$2;\\0A}\", \"=h,h,h\"(i16 32705, i16 16256)\n"
    "  %w12 = zext i16 %r12 to i64\n"
    "  %p12 = getelementptr i64, i64* %out, i32 12\n"
    "  store i64 %w12, i64* %p12\n"
    "  %r13 = call i16 asm \"cvt.rz.bf16.s64 $0, $1;\", \"=h,l\"(i64 1103806595073)\n"
    "  %w13 = zext i16 %r13 to i64\n"
    "  %p13 = getelementptr i64, i64* %out, i32 13\n"
    "  store i64 %w13, i64* %p13\n"
    "  %r14 = call i16 asm \"cvt.rp.bf16.s64 $0, $1;\", \"=h,l\"(i64 1103806595073)\n"
    "  %w14 = zext i16 %r14 to i64\n"
    "  %p14 = getelementptr i64, i64* %out, i32 14\n"
    "  store i64 %w14, i64* %p14\n"
    "  %r15 = call i64 asm \"cvt.rni.s64.f16 $0, $1;\", \"=l,h\"(i16 32256)\n"
    "  %w15 = add i64 %r15, 0\n"
    "  %p15 = getelementptr i64, i64* %out, i32 15\n"
    "  store i64 %w15, i64* %p15\n"
    "  %r16 = call i32 asm \"cvt.rni.s32.f16 $0, $1;\", \"=r,h\"(i16 32256)\n"
    "  %w16 = zext i32 %r16 to i64\n"
    "  %p16 = getelementptr i64, i64* %out, i32 16\n"
    "  store i64 %w16, i64* %p16\n"
    "  %r17 = call i32 asm \"{.reg .b32 a,b;\\0A mov.b32 a, {0, $1};\\0A mov.b32 b, {0, $2};\\0A set.lt.f32.f32 $0, a, b;}\", \"=r,h,h\"(i16 16256, i16 16384)\n"
    "  %w17 = zext i32 %r17 to i64\n"
    "  %p17 = getelementptr i64, i64* %out, i32 17\n"
    "  store i64 %w17, i64* %p17\n"
    "  %r18 = call i64 @llvm.nvvm.f2ll.rn(float 0x7FF8000000000000)\n"
    "  %p18 = getelementptr i64, i64* %out, i32 18\n"
    "  store i64 %r18, i64* %p18\n"
    "  %r19 = call i16 asm \"cvt.rp.bf16.s64 $0, $1;\", \"=h,l\"(i64 4611686018427387905)\n"
    "  %w19 = zext i16 %r19 to i64\n"
    "  %p19 = getelementptr i64, i64* %out, i32 19\n"
    "  store i64 %w19, i64* %p19\n"
    "  %r20 = call i16 asm \"cvt.rm.bf16.s64 $0, $1;\", \"=h,l\"(i64 -4611686018427387905)\n"
    "  %w20 = zext i16 %r20 to i64\n"
    "  %p20 = getelementptr i64, i64* %out, i32 20\n"
    "  store i64 %w20, i64* %p20\n"
    "  ret void\n"
    "}\n";
#pragma GCC diagnostic pop

static void test_sixteen_bit_inline_ptx(void) {
    static const struct {
        const char* what;
        uint64_t want;
    } cases[] = {
        {"double to half rounded once", 0x0000000000003c01ull},
        {"fma.rn.f16 in double", 0x0000000000003967ull},
        {"hsin corrects 0x32B3", 0x00000000000032a7ull},
        {"float to half down", 0x0000000000003c00ull},
        {"float to half up", 0x0000000000003c01ull},
        {"negative float to half down", 0x000000000000bc01ull},
        {"negative float to half toward zero", 0x000000000000bc00ull},
        {"float to bfloat16, a tie to even below", 0x0000000000003f80ull},
        {"float to bfloat16, a tie to even above", 0x0000000000003f82ull},
        {"min of +0 and -0", 0x0000000000008000ull},
        {"max of +0 and -0", 0x0000000000000000ull},
        {"max with NaN winning", 0x0000000000007fffull},
        {"max with NaN passing", 0x0000000000003f80ull},
        {"int64 to bfloat16 toward zero", 0x0000000000005380ull},
        {"int64 to bfloat16 up", 0x0000000000005381ull},
        {"NaN half to int64", 0x8000000000000000ull},
        {"NaN half to int32", 0x0000000000000000ull},
        {"bfloat16 set.lt as float", 0x000000003f800000ull},
        {"NaN float to int64 (__float2ll_rn)", 0x8000000000000000ull},
        {"2^62 + 1 to bfloat16 up (a bit no double holds)", 0x0000000000005e81ull},
        {"-(2^62 + 1) to bfloat16 down", 0x000000000000de81ull},
    };
    enum { CASES = sizeof cases / sizeof cases[0] };
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_text(ctx, sixteen_bit_module, &prog));
    static uint64_t out[CASES];
    uint64_t* args = out;
    CHECK_OK(ctx, run(ctx, prog, "sixteen", 1, 1, &args, sizeof args));
    for (int k = 0; k < CASES; k++) {
        if (out[k] != cases[k].want)
            fprintf(stderr, "  %s: %#llx, want %#llx\n", cases[k].what, (unsigned long long)out[k],
                    (unsigned long long)cases[k].want);
        CHECK(out[k] == cases[k].want);
    }
    offload_context_destroy(ctx);
}


/* Votes and matches with a mask of part of the warp count the mask's lanes only (a tile of four
   lanes votes alone, as cooperative_groups.h's tiles do): over 64 threads, each with the mask of
   its four lanes and p = (t % 3 == 0), v = t % 5 / 2 (w = t / 8 below 16, else t, for match.all:
   tiles that agree and tiles that do not). */
static const char* const partial_vote_module =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)\n"
    "declare i1 @llvm.nvvm.vote.any.sync(i32, i1)\n"
    "declare i1 @llvm.nvvm.vote.all.sync(i32, i1)\n"
    "declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)\n"
    "declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)\n"
    "declare { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32, i32)\n"
    "define ptx_kernel void @partial(i32* %o) {\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %lane = and i32 %t, 31\n  %base = and i32 %lane, 28\n  %m = shl i32 15, %base\n"
    "  %r3 = urem i32 %t, 3\n  %p = icmp eq i32 %r3, 0\n  %r5 = urem i32 %t, 5\n  %v = udiv i32 %r5, 2\n"
    "  %slot = mul i32 %t, 7\n"
    "  %ballot = call i32 @llvm.nvvm.vote.ballot.sync(i32 %m, i1 %p)\n"
    "  %any = call i1 @llvm.nvvm.vote.any.sync(i32 %m, i1 %p)\n"
    "  %all = call i1 @llvm.nvvm.vote.all.sync(i32 %m, i1 %p)\n"
    "  %small = icmp ult i32 %t, 64\n"
    "  %every = call i1 @llvm.nvvm.vote.all.sync(i32 %m, i1 %small)\n"
    "  %uni = call i1 @llvm.nvvm.vote.uni.sync(i32 %m, i1 %p)\n"
    "  %same = call i32 @llvm.nvvm.match.any.sync.i32(i32 %m, i32 %v)\n"
    "  %low = icmp ult i32 %t, 16\n  %eighth = udiv i32 %t, 8\n  %w = select i1 %low, i32 %eighth, i32 %t\n"
    "  %pair = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 %m, i32 %w)\n"
    "  %allmask = extractvalue { i32, i1 } %pair, 0\n"
    "  %a = zext i1 %any to i32\n  %b = zext i1 %all to i32\n  %c = zext i1 %every to i32\n"
    "  %u = zext i1 %uni to i32\n  %b2 = shl i32 %b, 1\n  %c4 = shl i32 %c, 2\n  %u8 = shl i32 %u, 3\n"
    "  %ab = or i32 %a, %b2\n  %abc = or i32 %ab, %c4\n  %votes = or i32 %abc, %u8\n"
    "  %o0 = getelementptr i32, i32* %o, i32 %slot\n  store i32 %ballot, i32* %o0\n"
    "  %s1 = add i32 %slot, 1\n  %o1 = getelementptr i32, i32* %o, i32 %s1\n  store i32 %votes, i32* %o1\n"
    "  %s2 = add i32 %slot, 2\n  %o2 = getelementptr i32, i32* %o, i32 %s2\n  store i32 %same, i32* %o2\n"
    "  %s3 = add i32 %slot, 3\n  %o3 = getelementptr i32, i32* %o, i32 %s3\n  store i32 %allmask, i32* %o3\n"
    "  ret void\n}\n";

static void test_votes_of_part_of_the_warp(void) {
    int32_t out[64 * 7];
    REQUIRE(run_on_two_warps(partial_vote_module, "partial", out, sizeof out));
    int wrong = 0;
    for (int t = 0; t < 64; t++) {
        int first = t / 4 * 4, lane_base = t % 32 / 4 * 4;
        uint32_t ballot = 0, same = 0;
        int any = 0, all = 1, v = t % 5 / 2, all_same = 1;
        for (int i = first; i < first + 4; i++) {
            int p = i % 3 == 0;
            ballot |= (uint32_t)p << (lane_base + i - first);
            any |= p;
            all &= p;
            same |= (uint32_t)(i % 5 / 2 == v) << (lane_base + i - first);
            all_same &= (i < 16 ? i / 8 : i) == (t < 16 ? t / 8 : t);
        }
        uint32_t expected[4] = {ballot, (uint32_t)(any | all << 1 | 1 << 2 | (all || !any) << 3), same,
                                all_same ? 0xfu << lane_base : 0};
        for (int s = 0; s < 4; s++)
            if ((uint32_t)out[t * 7 + s] != expected[s] && wrong++ < 4)
                fprintf(stderr, "    thread %d slot %d: %#x, expected %#x\n", t, s, (uint32_t)out[t * 7 + s],
                        expected[s]);
    }
    CHECK(wrong == 0);
}

static void test_atomics_loads_and_by_value(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_text(ctx, shapes_module, &prog));
    int32_t counters[5] = {0, 0, 0, -5, 7};
    float f = 0, in[64], fout[64];
    int32_t out[64];
    for (int i = 0; i < 64; i++) in[i] = (float)(i * 3);
    struct {
        int32_t* c;
        float *f, *in;
        int32_t* out;
    } args = {counters, &f, in, out};
    CHECK_OK(ctx, run(ctx, prog, "atomics", 1, 64, &args, sizeof args));
    CHECK(counters[0] == 64 % 10);                    /* inc wraps after 9 */
    CHECK(counters[1] == (6 - (64 - 1) % 7 + 7) % 7); /* dec from 0 wraps to 6 */
    CHECK(counters[2] == 63 * 64 / 2);
    CHECK(counters[3] == 63);
    CHECK(counters[4] == 1000); /* thread 7 swapped */
    CHECK(f == 63 * 64 / 2);
    for (int t = 0; t < 64; t++) CHECK(out[t] == t * 3 + 32 + (0 << 16) + (1 << 17));

    /* a struct by value: in the argument buffer as CUDA lays it out, read by every thread */
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "by_value", &k));
    size_t size = 0;
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, k, &size));
    CHECK(size == 24);
    struct {
        struct {
            float a;
            int32_t b;
            double c;
        } s;
        float* out;
    } byval = {{1.5f, 10, 0.25}, fout};
    offload_launch_desc launch = {{1, 1, 1}, {64, 1, 1}, 0, &byval, sizeof byval};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    for (int t = 0; t < 64; t++) CHECK(fout[t] == 1.5f + (float)(10 + t) + 0.25f);
    launch.args_size = 23; /* a byte short of the kernel's parameters */
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_ARGS_SIZE_MISMATCH);
    offload_program_destroy(ctx, prog);
    offload_context_destroy(ctx);
}

/* ---- what the host refuses or fails, by name ---- */

static void check_refused(offload_context* ctx, offload_diagnostic kind, const char* body, const char* const* words) {
    module_text m = {0};
    emit(&m, "%s%s", nvptx_head, body);
    offload_program prog;
    CHECK_RESULT(ctx, load_text(ctx, m.text, &prog), OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, kind);
    /* the compile's reason names what was refused and where */
    for (const char* const* w = words; *w; w++)
        if (!strstr(offload_context_last_error(ctx), *w)) {
            fprintf(stderr, "  '%s' lacks '%s'\n", offload_context_last_error(ctx), *w);
            CHECK(!"named");
        }
    free(m.text);
}


/* The special registers CUDA's headers (cooperative_groups.h) and programs read with inline PTX,
   as asm volatile writes them, on a block of 16 x 2 x 2 threads (two warps): each thread stores its
   lane, its lane masks, its warp, the active mask and whether %clock64 went forward. */
static void test_special_registers_in_inline_ptx(offload_context* ctx) {
    static const char* const registers[] = {"laneid",      "lanemask_eq", "lanemask_lt", "lanemask_le",
                                            "lanemask_gt", "lanemask_ge", "warpid"};
    enum { REGISTERS = 7, SLOTS = REGISTERS + 2, THREADS = 64 };
    char text[4096];
    int used = snprintf(text, sizeof text,
                        "target triple = \"nvptx64-nvidia-cuda\"\n"
                        "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\ndeclare i32 @llvm.nvvm.read.ptx.sreg.tid.y()\n"
                        "declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()\n"
                        "define ptx_kernel void @registers(i32* %%o) {\n"
                        "  %%x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
                        "  %%y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()\n"
                        "  %%z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()\n"
                        "  %%plane = mul i32 %%z, 2\n  %%rows = add i32 %%plane, %%y\n"
                        "  %%row = mul i32 %%rows, 16\n  %%t = add i32 %%row, %%x\n  %%base = mul i32 %%t, %d\n"
                        "  %%c0 = call i64 asm sideeffect \"mov.u64 $0, %%clock64;\", \"=l\"()\n",
                        SLOTS);
    for (int r = 0; r < REGISTERS; r++)
        used += snprintf(text + used, sizeof text - (size_t)used,
                         "  %%v%d = call i32 asm sideeffect \"mov.u32 $0, %%%s;\", \"=r\"()\n"
                         "  %%i%d = add i32 %%base, %d\n  %%p%d = getelementptr i32, i32* %%o, i32 %%i%d\n"
                         "  store i32 %%v%d, i32* %%p%d\n",
                         r, registers[r], r, r, r, r, r, r);
    used += snprintf(text + used, sizeof text - (size_t)used,
                     "  %%active = call i32 asm sideeffect \"activemask.b32 $0;\", \"=r\"()\n"
                     "  %%ia = add i32 %%base, %d\n  %%pa = getelementptr i32, i32* %%o, i32 %%ia\n"
                     "  store i32 %%active, i32* %%pa\n"
                     "  %%c1 = call i64 asm sideeffect \"mov.u64 $0, %%clock64;\", \"=l\"()\n"
                     "  %%c32 = call i32 asm sideeffect \"mov.u32 $0, %%clock;\", \"=r\"()\n"
                     "  %%later = icmp uge i64 %%c1, %%c0\n  %%forward = zext i1 %%later to i32\n"
                     "  %%ic = add i32 %%base, %d\n  %%pc = getelementptr i32, i32* %%o, i32 %%ic\n"
                     "  store i32 %%forward, i32* %%pc\n  ret void\n}\n",
                     REGISTERS, REGISTERS + 1);
    CHECK(used > 0 && (size_t)used < sizeof text);
    offload_program prog;
    CHECK_OK(ctx, load_text(ctx, text, &prog));
    static uint32_t words[THREADS * SLOTS];
    memset(words, 0xee, sizeof words);
    uint32_t* out = words;
    offload_kernel k;
    CHECK_OK(ctx, offload_kernel_get(ctx, prog, "registers", &k));
    offload_launch_desc launch = {{1, 1, 1}, {16, 2, 2}, 0, &out, sizeof out};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    int wrong = 0;
    for (uint32_t t = 0; t < THREADS; t++) {
        const uint32_t* w = words + t * SLOTS;
        uint32_t lane = t % 32, below = (1u << lane) - 1, through = lane == 31 ? ~0u : (2u << lane) - 1;
        uint32_t expected[SLOTS] = {lane, 1u << lane, below, through, ~through, ~below, t / 32, ~0u, 1};
        for (int s = 0; s < SLOTS; s++)
            if (w[s] != expected[s] && wrong++ < 4)
                fprintf(stderr, "    thread %u slot %d: %#x, expected %#x\n", t, s, w[s], expected[s]);
    }
    CHECK(wrong == 0);
    offload_program_destroy(ctx, prog);
}

static void test_refusals(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    static const char* const named[] = {"named barrier", "kernel 'named'", NULL};
    check_refused(ctx, OFFLOAD_DIAG_JIT_CUDA_UNSUPPORTED,
                  "declare void @llvm.nvvm.barrier.sync(i32)\n"
                  "define ptx_kernel void @named() {\n  call void @llvm.nvvm.barrier.sync(i32 1)\n  ret void\n}\n",
                  named);
    static const char* const half[] = {"llvm.nvvm.f2h.rn", "function 'helper'", "kernel 'half'", NULL};
    check_refused(
        ctx, OFFLOAD_DIAG_JIT_CUDA_UNSUPPORTED,
        "declare i16 @llvm.nvvm.f2h.rn(float)\n"
        "define i16 @helper(float %x) {\n  %h = call i16 @llvm.nvvm.f2h.rn(float %x)\n  ret i16 %h\n}\n"
        "define ptx_kernel void @half(i16* %o) {\n  %h = call i16 @helper(float 1.0)\n  store i16 %h, i16* %o\n"
        "  ret void\n}\n",
        half);
    /* a name that ends in its suffix's dot: no suffix to strip, refused by its whole name (the
       suffix check reads no byte past the name) */
    static const char* const dot[] = {"the NVVM intrinsic 'llvm.nvvm.barrier.'", "kernel 'dot'", NULL};
    check_refused(ctx, OFFLOAD_DIAG_JIT_CUDA_UNSUPPORTED,
                  "declare void @llvm.nvvm.barrier.()\n"
                  "define ptx_kernel void @dot() {\n  call void @llvm.nvvm.barrier.()\n  ret void\n}\n",
                  dot);
    static const char* const written[] = {"passed by value that the kernel writes", NULL};
    check_refused(
        ctx, OFFLOAD_DIAG_JIT_HOST_KERNEL_REFUSED,
        "%struct.Q = type { i32 }\n"
        "define ptx_kernel void @writes(%struct.Q* byval(%struct.Q) align 4 %q) {\n"
        "  %p = getelementptr %struct.Q, %struct.Q* %q, i32 0, i32 0\n  store i32 1, i32* %p\n  ret void\n}\n",
        written);
    static const char* const printf_buffer[] = {"printf", "kernel 'shared_buffer'", NULL};
    check_refused(ctx, OFFLOAD_DIAG_JIT_CUDA_UNSUPPORTED,
                  "@fmt = private constant [3 x i8] c\"%d\\00\"\n@buf = global [8 x i8] zeroinitializer\n"
                  "declare i32 @vprintf(i8*, i8*)\n"
                  "define ptx_kernel void @shared_buffer() {\n"
                  "  %r = call i32 @vprintf(i8* getelementptr ([3 x i8], [3 x i8]* @fmt, i64 0, i64 0), "
                  "i8* getelementptr ([8 x i8], [8 x i8]* @buf, i64 0, i64 0))\n  ret void\n}\n",
                  printf_buffer);
    /* names the library uses for its own helpers, declared by a module with other types */
    static const char* const typed[] = {"another type than its host version 'offload.nvvm.barrier.count'",
                                        "kernel 'typed'", NULL};
    check_refused(ctx, OFFLOAD_DIAG_JIT_CUDA_UNSUPPORTED,
                  "declare float @llvm.nvvm.barrier.count(float)\n"
                  "define ptx_kernel void @typed(float* %o) {\n  %v = call float @llvm.nvvm.barrier.count(float 1.0)\n"
                  "  store float %v, float* %o\n  ret void\n}\n",
                  typed);
    static const char* const many[] = {"offload.nvvm.barrier.count", "kernel 'wide'", NULL};
    check_refused(
        ctx, OFFLOAD_DIAG_JIT_CUDA_UNSUPPORTED,
        "declare i32 @llvm.nvvm.barrier.count(i32, i32, i32, i32, i32, i32, i32, i32, i32)\n"
        "define ptx_kernel void @wide() {\n"
        "  %v = call i32 @llvm.nvvm.barrier.count(i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8)\n"
        "  ret void\n}\n",
        many);
    /* a special register the host has no meaning for, and a known one with other constraints */
    static const char* const assembly[] = {"inline PTX assembly 'mov.u32$0,%smid;|=r'", "kernel 'sm'", NULL};
    check_refused(ctx, OFFLOAD_DIAG_JIT_CUDA_UNSUPPORTED,
                  "define ptx_kernel void @sm(i32* %o) {\n  %l = call i32 asm \"mov.u32 $0, %smid;\", \"=r\"()\n"
                  "  store i32 %l, i32* %o\n  ret void\n}\n",
                  assembly);
    static const char* const wide_lane[] = {"inline PTX assembly 'mov.u64$0,%laneid;|=l'", "kernel 'lane64'", NULL};
    check_refused(ctx, OFFLOAD_DIAG_JIT_CUDA_UNSUPPORTED,
                  "define ptx_kernel void @lane64(i64* %o) {\n  %l = call i64 asm \"mov.u64 $0, %laneid;\", \"=l\"()\n"
                  "  store i64 %l, i64* %o\n  ret void\n}\n",
                  wide_lane);
    test_special_registers_in_inline_ptx(ctx);
    /* the inline PTX libdevice writes runs: a 32x32+32 -> 64-bit carry chain, bfind, a subtraction
       rounded up */
    offload_program asm_prog;
    CHECK_OK(
        ctx,
        load_text(ctx,
                  "target triple = \"nvptx64-nvidia-cuda\"\n"
                  "define ptx_kernel void @chain(i32* %o, float* %f) {\n"
                  "  %w = call { i32, i32 } asm \"{\\0A\\09mad.lo.cc.u32   $0, $2, $3, $4;\\0A\\09madc.hi.u32     "
                  "$1, $2, $3,  0;\\0A\\09}\", \"=r,=r,r,r,r\"(i32 -1, i32 -3, i32 7)\n"
                  "  %lo = extractvalue { i32, i32 } %w, 0\n  %hi = extractvalue { i32, i32 } %w, 1\n"
                  "  store i32 %lo, i32* %o\n  %o1 = getelementptr i32, i32* %o, i64 1\n  store i32 %hi, i32* %o1\n"
                  "  %b = call i32 asm \"bfind.shiftamt.u32 $0, $1;\", \"=r,r\"(i32 4096)\n"
                  "  %o2 = getelementptr i32, i32* %o, i64 2\n  store i32 %b, i32* %o2\n"
                  "  %s = call float asm \"sub.rp.f32 $0, $1, $2;\", \"=f,f,f\"(float 1.0, float 0x3E60000000000000)\n"
                  "  store float %s, float* %f\n  ret void\n}\n",
                  &asm_prog));
    uint32_t words[3] = {0, 0, 0};
    float rounded = 0;
    struct {
        uint32_t* o;
        float* f;
    } asm_args = {words, &rounded};
    CHECK_OK(ctx, run(ctx, asm_prog, "chain", 1, 1, &asm_args, sizeof asm_args));
    uint64_t wide = (uint64_t)0xffffffffu * 0xfffffffdu + 7;
    CHECK(words[0] == (uint32_t)wide && words[1] == (uint32_t)(wide >> 32));
    CHECK(words[2] == 19);  /* the shift that normalises 2^12 */
    CHECK(rounded == 1.0f); /* 1 - 2^-25 rounded up */
    offload_program_destroy(ctx, asm_prog);

    /* device malloc/free: the host's heap */
    offload_program heap;
    CHECK_OK(
        ctx,
        load_text(
            ctx,
            "target triple = \"nvptx64-nvidia-cuda\"\ndeclare i8* @malloc(i64)\ndeclare void @free(i8*)\n"
            "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
            "define ptx_kernel void @heap(i32* %o) {\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
            "  %m = call i8* @malloc(i64 64)\n  %p = bitcast i8* %m to i32*\n  %q = getelementptr i32, i32* %p, i32 %t\n"
            "  store i32 %t, i32* %q\n  %v = load i32, i32* %q\n  call void @free(i8* %m)\n"
            "  %t64 = zext i32 %t to i64\n  %o1 = getelementptr i32, i32* %o, i64 %t64\n  %v2 = mul i32 %v, 3\n"
            "  store i32 %v2, i32* %o1\n  ret void\n}\n",
            &heap));
    int32_t tripled[16] = {0};
    int32_t* tp = tripled;
    CHECK_OK(ctx, run(ctx, heap, "heap", 1, 16, &tp, sizeof tp));
    for (int t = 0; t < 16; t++) CHECK(tripled[t] == 3 * t);
    offload_program_destroy(ctx, heap);

    /* a device function no kernel calls may use anything: it is dropped */
    offload_program prog;
    CHECK_OK(
        ctx,
        load_text(ctx,
                  "target triple = \"nvptx64-nvidia-cuda\"\ndeclare i16 @llvm.nvvm.f2h.rn(float)\n"
                  "define i16 @unused(float %x) {\n  %h = call i16 @llvm.nvvm.f2h.rn(float %x)\n  ret i16 %h\n}\n"
                  "declare void @llvm.trap()\n"
                  "define ptx_kernel void @traps(i32 %n) {\n  %z = icmp eq i32 %n, 3\n  br i1 %z, label %t, label %e\n"
                  "t:\n  call void @llvm.trap()\n  unreachable\ne:\n  ret void\n}\n",
                  &prog));
    /* trap fails the launch; the threads that did not trap finish */
    int32_t n = 3;
    CHECK_RESULT(ctx, run(ctx, prog, "traps", 2, 32, &n, sizeof n), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_KERNEL_ABORT);           /* the trap aborts through the RPC server */
    CHECK(strstr(offload_context_last_error(ctx), "trap") != NULL); /* the abort's reason: a trap */
    n = 4;
    CHECK_OK(ctx, run(ctx, prog, "traps", 2, 32, &n, sizeof n));
    offload_program_destroy(ctx, prog);
    offload_context_destroy(ctx);
}

/* ---- __nvvm_reflect: the module's flush-to-zero flag and its sm, also behind an addrspacecast
   instruction (as -O0 IR writes it) ---- */

static void check_reflect(offload_context* ctx, const char* flags, int32_t ftz, int32_t arch) {
    module_text m = {0};
    emit(
        &m,
        "target triple = \"nvptx64-nvidia-cuda\"\n"
        "@ftz = private unnamed_addr addrspace(1) constant [11 x i8] c\"__CUDA_FTZ\\00\"\n"
        "@arch = private unnamed_addr addrspace(1) constant [12 x i8] c\"__CUDA_ARCH\\00\"\n"
        "declare i32 @__nvvm_reflect(i8*)\n"
        "define ptx_kernel void @reflect(i32* %%out) \"target-cpu\"=\"sm_75\" {\n"
        "  %%f = addrspacecast i8 addrspace(1)* getelementptr ([11 x i8], [11 x i8] addrspace(1)* @ftz, i64 0, i64 0) to i8*\n"
        "  %%a = addrspacecast i8 addrspace(1)* getelementptr ([12 x i8], [12 x i8] addrspace(1)* @arch, i64 0, i64 0) to i8*\n"
        "  %%fv = call i32 @__nvvm_reflect(i8* %%f)\n  %%av = call i32 @__nvvm_reflect(i8* %%a)\n"
        "  store i32 %%fv, i32* %%out\n  %%o1 = getelementptr i32, i32* %%out, i64 1\n  store i32 %%av, i32* %%o1\n"
        "  ret void\n}\n%s",
        flags);
    offload_program prog;
    CHECK_OK(ctx, load_text(ctx, m.text, &prog));
    free(m.text);
    int32_t out[2] = {-1, -1};
    int32_t* p = out;
    CHECK_OK(ctx, run(ctx, prog, "reflect", 1, 1, &p, sizeof p));
    CHECK(out[0] == ftz);
    CHECK(out[1] == arch);
    offload_program_destroy(ctx, prog);
}

static void test_reflect(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    check_reflect(ctx, "", 0, 750);
    check_reflect(ctx, "!llvm.module.flags = !{!0}\n!0 = !{i32 4, !\"nvvm-reflect-ftz\", i32 1}\n", 1, 750);
    check_reflect(ctx, "!llvm.module.flags = !{!0}\n!0 = !{i32 4, !\"nvvm-reflect-ftz\", i32 0}\n", 0, 750);
    offload_context_destroy(ctx);
    offload_jit_desc fast = {0};
    fast.isolation = TEST_JIT_ISOLATION;
    fast.fast_math = 1;
    ctx = make_context_with(&fast);
    REQUIRE(ctx);
    check_reflect(ctx, "", 1, 750); /* no flag: desc.jit.fast_math decides */
    check_reflect(ctx, "!llvm.module.flags = !{!0}\n!0 = !{i32 4, !\"nvvm-reflect-ftz\", i32 0}\n", 0, 750);
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_directed_rounding);
    RUN(test_reflect);
    RUN(test_atomics_loads_and_by_value);
    RUN(test_refusals);
    RUN(test_warps_barriers_integers);
    RUN(test_votes_of_part_of_the_warp);
    RUN(test_cub_inline_ptx);
    RUN(test_sixteen_bit_inline_ptx);
    RUN(test_long_kernel_name);
    return test_summary();
}
#endif
