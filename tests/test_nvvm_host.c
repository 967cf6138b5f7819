/* tests/test_nvvm_host.c — NVVM intrinsics on the host device, one family at a time, from NVPTX
   IR written here (jit/cuda_host.inc maps them; tests/test_cuda_host.c runs whole CUDA
   kernels that clang compiled). Directed rounding (.rz/.rm/.rp add, mul, fma, div, sqrt, rcp,
   conversions) bit for bit against the C library under fesetround; warp shuffles with segment
   widths, lane masks, votes, match, the counting barriers of LLVM 14 and 22, integer intrinsics;
   a struct passed by value; and what the host refuses, each named with its kernel. */
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

static const char nvptx_head[] =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
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

static offload_result run(offload_context* ctx, offload_program prog, const char* kernel, uint32_t blocks, uint32_t threads,
                          void* args, size_t args_size) {
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
    case OP_ADD: r = vx + vy; break;
    case OP_MUL: r = vx * vy; break;
    case OP_FMA: r = fmaf(vx, vy, vz); break;
    case OP_DIV: r = vx / vy; break;
    case OP_SQRT: r = sqrtf(vx); break;
    case OP_RCP: r = 1.0f / vx; break;
    case OP_I2F: r = (float)vi; break;
    case OP_UI2F: r = (float)(uint32_t)vi; break;
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
    case OP_DADD: r = vx + vy; break;
    case OP_DMUL: r = vx * vy; break;
    case OP_DDIV: r = vx / vy; break;
    case OP_DSQRT: r = sqrt(vx); break;
    case OP_DRCP: r = 1.0 / vx; break;
    case OP_D2F: f = (float)vx; break;
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
            const char* params = op == OP_FMA ? "float, float, float" : op == OP_SQRT || op == OP_RCP ? "float"
                                                                   : op >= OP_I2F                     ? "i32"
                                                                                                      : "float, float";
            emit(&m, "declare float @llvm.nvvm.%s.%s%s(%s)\n", f_ops[op], mode_names[mode], op >= OP_I2F ? "" : ".f", params);
        }
    for (int op = 0; op < OP_COUNT_D; op++)
        for (int mode = 0; mode < 3; mode++)
            emit(&m, "declare %s @llvm.nvvm.%s.%s%s(%s)\n", op == OP_D2F ? "float" : "double", d_ops[op], mode_names[mode],
                 op == OP_D2F ? "" : ".d", op == OP_DSQRT || op == OP_DRCP || op == OP_D2F ? "double" : "double, double");
    emit(&m, "define ptx_kernel void @round_f(float* %%a, float* %%b, float* %%c, float* %%out, i32 %%n) {\n%s", global_index);
    emit(&m, "  %%pa = getelementptr float, float* %%a, i64 %%i64\n  %%x = load float, float* %%pa\n"
             "  %%pb = getelementptr float, float* %%b, i64 %%i64\n  %%y = load float, float* %%pb\n"
             "  %%pc = getelementptr float, float* %%c, i64 %%i64\n  %%z = load float, float* %%pc\n"
             "  %%xi = bitcast float %%x to i32\n  %%base = mul i64 %%i64, 24\n");
    for (int op = 0; op < OP_COUNT_F; op++)
        for (int mode = 0; mode < 3; mode++) {
            int k = op * 3 + mode;
            const char* args = op == OP_FMA ? "float %x, float %y, float %z" : op == OP_SQRT || op == OP_RCP ? "float %x"
                                                                            : op >= OP_I2F ? "i32 %xi"
                                                                                           : "float %x, float %y";
            emit(&m, "  %%r%d = call float @llvm.nvvm.%s.%s%s(%s)\n  %%o%d = add i64 %%base, %d\n"
                     "  %%q%d = getelementptr float, float* %%out, i64 %%o%d\n  store float %%r%d, float* %%q%d\n",
                 k, f_ops[op], mode_names[mode], op >= OP_I2F ? "" : ".f", args, k, k, k, k, k, k);
        }
    emit(&m, "  br label %%done\n}\n");
    emit(&m, "define ptx_kernel void @round_d(double* %%a, double* %%b, double* %%out, float* %%narrowed, i32 %%n) {\n%s",
         global_index);
    emit(&m, "  %%pa = getelementptr double, double* %%a, i64 %%i64\n  %%x = load double, double* %%pa\n"
             "  %%pb = getelementptr double, double* %%b, i64 %%i64\n  %%y = load double, double* %%pb\n"
             "  %%base = mul i64 %%i64, 15\n  %%fbase = mul i64 %%i64, 3\n");
    for (int op = 0; op < OP_COUNT_D; op++)
        for (int mode = 0; mode < 3; mode++) {
            int k = op * 3 + mode;
            const char* args = op == OP_DSQRT || op == OP_DRCP || op == OP_D2F ? "double %x" : "double %x, double %y";
            if (op == OP_D2F)
                emit(&m, "  %%r%d = call float @llvm.nvvm.d2f.%s(%s)\n  %%o%d = add i64 %%fbase, %d\n"
                         "  %%q%d = getelementptr float, float* %%narrowed, i64 %%o%d\n  store float %%r%d, float* %%q%d\n",
                     k, mode_names[mode], args, k, mode, k, k, k, k);
            else
                emit(&m, "  %%r%d = call double @llvm.nvvm.%s.%s.d(%s)\n  %%o%d = add i64 %%base, %d\n"
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
    static const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, 3.0f, 1.0f / 3, FLT_MAX, -FLT_MAX, FLT_MIN, 1e-45f,
                                    -1e-45f, INFINITY, -INFINITY, 16777217.0f, 0.1f, -7.5f};
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
                fprintf(stderr, "  %s.%s.f(%a, %a, %a) = %a, want %a\n", f_ops[op], mode_names[mode], a[i], b[i], c[i], got, want);
                bad++;
            }
    for (int i = 0; i < N && bad < 16; i++)
        for (int op = 0; op < OP_COUNT_D; op++)
            for (int mode = 0; mode < 3; mode++) {
                float want_f = 0;
                double want = ref_d(op, mode, ad[i], bd[i], &want_f);
                /* a product or quotient below the normal range rounds to nearest (cuda_host.inc says why) */
                if ((op == OP_DMUL || op == OP_DDIV || op == OP_DRCP) && want != 0 && fabs(want) < 0x1p-1000) continue;
                int ok = op == OP_D2F ? same_f(want_f, narrowed[i * 3 + mode]) : same_d(want, outd[i * 15 + op * 3 + mode]);
                if (ok) continue;
                fprintf(stderr, "  %s.%s.d(%a, %a) = %a, want %a\n", d_ops[op], mode_names[mode], ad[i], bd[i],
                        op == OP_D2F ? narrowed[i * 3 + mode] : outd[i * 15 + op * 3 + mode], op == OP_D2F ? want_f : want);
                bad++;
            }
    CHECK(bad == 0);
    free(a), free(b), free(c), free(out), free(ad), free(bd), free(outd), free(narrowed);
    offload_program_destroy(ctx, prog);
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_directed_rounding);
    return test_summary();
}
#endif
