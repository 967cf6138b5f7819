/* tests/data/cudart/sixteen_bit.h — the checks half_functions.cu and bfloat16.cu share, for a
   16-bit floating-point format of CUDA's headers: every value through the functions (the
   exponentials, logarithms, square roots, reciprocals, sine, cosine, tanh, rounding to integers),
   alone and as a pair; every value to every integer type in every rounding mode (saturated, NaN to
   0, or to 0x8000000000000000 for the 64-bit ones, as CUDA documents); floats around every value
   and integers (some past what a float or a double holds) to the format in each rounding mode;
   min and max (+0 above -0, NaN passing or winning), the plain, .rn, .sat and .relu arithmetic,
   division, comparisons as booleans, as 1.0 and as masks, pairs taken apart and rearranged, over
   pairs of edge values; loads and stores with cache hints, shuffles, atomicAdd. The reference
   rounds once, from the exact value (long double, which holds every 64-bit integer), by finding
   the two values of the format around it, so it shares nothing with the runtime's rounding.

   The program defines, before including it: SB_TYPE, SB_PAIR, SB_AS_BITS, SB_FROM_BITS,
   SB_PAIR_OF, SB_LOW, SB_HIGH, SB_LOW_PAIR, SB_HIGH_PAIR, SB_LOWS, SB_HIGHS, SB_PAIR_FROM_FLOAT,
   SB_PAIR_FROM_FLOATS, SB_TO(kind) (the value to kind, as SB_TO(int_rn)), SB_FROM(kind, r) (kind
   to the format rounded r), SB_CONVERT(kind) (rounded to nearest), SB_INFINITY, SB_NAN and SB_ONE
   (bit patterns), and value_of(bits), the value as a double; then calls sixteen_bit_checks,
   which reads every value through wide(bits), a table of value_of's (converting a _Float16 is a
   libgcc call, which the reference's searches made most of the program's time). */
#ifndef CUDART_TEST_SIXTEEN_BIT_H
#define CUDART_TEST_SIXTEEN_BIT_H
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { VALUES = 65536, FUNCTIONS = 17, INTEGERS = 26, THREADS = 256 };

static __device__ unsigned short bits(SB_TYPE h) { return SB_AS_BITS(h); }
static __device__ SB_PAIR pair_of(unsigned i) {
    return SB_PAIR_OF(SB_FROM_BITS((unsigned short)i), SB_FROM_BITS((unsigned short)(i ^ 0x8000u)));
}

/* Thread i: the functions of the value whose bits are i, alone and as the low half of a pair
   (the high half the same with the sign flipped). */
__global__ void functions(unsigned short* single, unsigned int* pairs) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    SB_TYPE x = SB_FROM_BITS((unsigned short)i);
    SB_PAIR p = pair_of(i);
    SB_TYPE r[FUNCTIONS] = {hexp(x), hexp2(x), hexp10(x), hlog(x),  hlog2(x),  hlog10(x), hsqrt(x),
                           hrsqrt(x), hrcp(x), hsin(x),   hcos(x),  htanh(x), hrint(x),  hfloor(x),
                           hceil(x), htrunc(x), htanh_approx(x)};
    SB_PAIR q[FUNCTIONS] = {h2exp(p),  h2exp2(p), h2exp10(p), h2log(p),  h2log2(p),  h2log10(p), h2sqrt(p),
                            h2rsqrt(p), h2rcp(p), h2sin(p),   h2cos(p),  h2tanh(p),  h2rint(p),  h2floor(p),
                            h2ceil(p), h2trunc(p), h2tanh_approx(p)};
    for (int k = 0; k < FUNCTIONS; k++) {
        single[k * VALUES + i] = bits(r[k]);
        memcpy(&pairs[k * VALUES + i], &q[k], sizeof pairs[0]);
    }
}

/* Thread i: the value whose bits are i to every integer type in every rounding mode. */
__global__ void integers(long long* out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    SB_TYPE x = SB_FROM_BITS((unsigned short)i);
    long long v[INTEGERS] = {SB_TO(int_rn)(x),   SB_TO(int_rz)(x),    SB_TO(int_rd)(x),    SB_TO(int_ru)(x),
                             SB_TO(uint_rn)(x),  SB_TO(uint_rz)(x),   SB_TO(uint_rd)(x),   SB_TO(uint_ru)(x),
                             SB_TO(short_rn)(x), SB_TO(short_rz)(x),  SB_TO(short_rd)(x),  SB_TO(short_ru)(x),
                             SB_TO(ushort_rn)(x), SB_TO(ushort_rz)(x), SB_TO(ushort_rd)(x), SB_TO(ushort_ru)(x),
                             SB_TO(ll_rn)(x),    SB_TO(ll_rz)(x),     SB_TO(ll_rd)(x),     SB_TO(ll_ru)(x),
                             (long long)SB_TO(ull_rn)(x), (long long)SB_TO(ull_rz)(x), (long long)SB_TO(ull_rd)(x),
                             (long long)SB_TO(ull_ru)(x), SB_TO(char_rz)(x), SB_TO(uchar_rz)(x)};
    for (int k = 0; k < INTEGERS; k++) out[k * VALUES + i] = v[k];
}

/* Float f[i] and integers n[i] to value in the four rounding modes. */
__global__ void to_format(const float* f, const long long* n, int count, unsigned short* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    long long v = n[i];
    unsigned short r[28] = {bits(SB_FROM(float, rn)(f[i])),  bits(SB_FROM(float, rz)(f[i])),
                            bits(SB_FROM(float, rd)(f[i])),  bits(SB_FROM(float, ru)(f[i])),
                            bits(SB_FROM(int, rn)((int)v)),  bits(SB_FROM(int, rz)((int)v)),
                            bits(SB_FROM(int, rd)((int)v)),  bits(SB_FROM(int, ru)((int)v)),
                            bits(SB_FROM(uint, rn)((unsigned)v)), bits(SB_FROM(uint, rz)((unsigned)v)),
                            bits(SB_FROM(uint, rd)((unsigned)v)), bits(SB_FROM(uint, ru)((unsigned)v)),
                            bits(SB_FROM(short, rn)((short)v)), bits(SB_FROM(short, rz)((short)v)),
                            bits(SB_FROM(short, rd)((short)v)), bits(SB_FROM(short, ru)((short)v)),
                            bits(SB_FROM(ushort, rn)((unsigned short)v)), bits(SB_FROM(ushort, rz)((unsigned short)v)),
                            bits(SB_FROM(ushort, rd)((unsigned short)v)), bits(SB_FROM(ushort, ru)((unsigned short)v)),
                            bits(SB_FROM(ll, rn)(v)),        bits(SB_FROM(ll, rz)(v)),
                            bits(SB_FROM(ll, rd)(v)),        bits(SB_FROM(ll, ru)(v)),
                            bits(SB_FROM(ull, rn)((unsigned long long)v)), bits(SB_FROM(ull, rz)((unsigned long long)v)),
                            bits(SB_FROM(ull, rd)((unsigned long long)v)), bits(SB_FROM(ull, ru)((unsigned long long)v))};
    for (int k = 0; k < 28; k++) out[28 * i + k] = r[k];
}

enum { BINARY = 9, COMPARISONS = 12 };

enum { ARITHMETIC = 16 };

/* x = a[i], y = b[j], z = c[(i + j) % n]: the plain arithmetic, saturated, fma, division, the
   comparisons as booleans, a double rounded to value, and pairs taken apart and rearranged. */
__global__ void arithmetic(const SB_TYPE* a, const SB_TYPE* b, const SB_TYPE* c, int n,
                           unsigned short* out, unsigned int* pairs, unsigned char* holds) {
    int i = blockIdx.x, j = threadIdx.x;
    if (j >= n) return;
    SB_TYPE x = a[i], y = b[j], z = c[(i + j) % n];
    SB_PAIR p = SB_PAIR_OF(x, y), q = SB_PAIR_OF(y, z);
    SB_TYPE r[ARITHMETIC] = {__hadd(x, y),     __hsub(x, y),     __hmul(x, y),      __hfma(x, y, z),
                                   __hadd_sat(x, y), __hsub_sat(x, y), __hfma_sat(x, y, z), __hneg(__habs(x)),
                                   __hdiv(x, y),     SB_CONVERT(double)((double)SB_TO(float)(x) * (1.0 + 0x1p-30)),
                                   SB_LOW(__hadd2(p, q)),  SB_HIGH(__hsub2(p, q)),
                                   SB_LOW(__hmul2(p, q)),  SB_HIGH(__hfma2(p, q, p)),
                                   SB_LOW(__hneg2(p)),     SB_HIGH(__habs2(p))};
    SB_PAIR v[5] = {SB_LOWS(p, q), SB_HIGHS(p, q), SB_LOW_PAIR(p), SB_HIGH_PAIR(p),
                           __lowhigh2highlow(p)};
    bool h[12] = {__heq(x, y),  __hne(x, y),  __hlt(x, y),  __hle(x, y),  __hgt(x, y),  __hge(x, y),
                  __hequ(x, y), __hneu(x, y), __hltu(x, y), __hleu(x, y), __hgtu(x, y), __hgeu(x, y)};
    int at = i * n + j;
    for (int k = 0; k < ARITHMETIC; k++) out[at * ARITHMETIC + k] = bits(r[k]);
    for (int k = 0; k < 5; k++) memcpy(&pairs[at * 5 + k], &v[k], sizeof pairs[0]);
    for (int k = 0; k < 12; k++) holds[at * 12 + k] = h[k];
}

/* Pair (a[i], b[j]) and its flipped twin: min and max, .rn, .sat and .relu arithmetic, and the
   comparisons of pairs, as halves of 1.0 and as masks. */
__global__ void binary(const SB_TYPE* a, const SB_TYPE* b, const SB_TYPE* c, int n, unsigned short* single,
                       unsigned int* pairs, unsigned int* compared) {
    int i = blockIdx.x, j = threadIdx.x;
    if (j >= n) return;
    SB_TYPE x = a[i], y = b[j], z = c[(i + j) % n];
    SB_PAIR p = SB_PAIR_OF(x, y), q = SB_PAIR_OF(y, z), s = SB_PAIR_OF(z, x);
    SB_TYPE r[BINARY] = {__hmax(x, y),     __hmin(x, y),     __hmax_nan(x, y), __hmin_nan(x, y),  __hadd_rn(x, y),
                        __hsub_rn(x, y),  __hmul_rn(x, y),  __hfma_relu(x, y, z), __hmul_sat(x, y)};
    SB_PAIR v[BINARY] = {__hmax2(p, q),     __hmin2(p, q),     __hmax2_nan(p, q), __hmin2_nan(p, q), __hadd2_sat(p, q),
                         __hsub2_sat(p, q), __hmul2_sat(p, q), __hfma2_relu(p, q, s), __hfma2_sat(p, q, s)};
    SB_PAIR cmp[COMPARISONS] = {__heq2(p, q),  __hne2(p, q),  __hlt2(p, q),  __hle2(p, q),
                                __hgt2(p, q),  __hge2(p, q),  __hequ2(p, q), __hneu2(p, q),
                                __hltu2(p, q), __hleu2(p, q), __hgtu2(p, q), __hgeu2(p, q)};
    unsigned masks[COMPARISONS] = {__heq2_mask(p, q),  __hne2_mask(p, q),  __hlt2_mask(p, q),  __hle2_mask(p, q),
                                   __hgt2_mask(p, q),  __hge2_mask(p, q),  __hequ2_mask(p, q), __hneu2_mask(p, q),
                                   __hltu2_mask(p, q), __hleu2_mask(p, q), __hgtu2_mask(p, q), __hgeu2_mask(p, q)};
    int at = i * n + j;
    for (int k = 0; k < BINARY; k++) {
        single[at * BINARY + k] = bits(r[k]);
        memcpy(&pairs[at * BINARY + k], &v[k], sizeof pairs[0]);
    }
    for (int k = 0; k < COMPARISONS; k++) {
        memcpy(&compared[at * 2 * COMPARISONS + k], &cmp[k], sizeof compared[0]);
        compared[at * 2 * COMPARISONS + COMPARISONS + k] = masks[k];
    }
    if (__hisnan(x) != isnan(SB_TO(float)(x))) compared[at * 2 * COMPARISONS] = 0xdeadbeefu;
}

/* Loads and stores with each cache hint: out[k] = in[k] through a different pair of them; the
   pair arithmetic with .rn, __hisnan2, a pair of one float, __ldg of a pair, and a shuffle up of
   halves (one warp). */
__global__ void cache_hints(const SB_TYPE* in, SB_TYPE* out, const SB_PAIR* in2, SB_PAIR* out2, SB_PAIR* more,
                            SB_TYPE* shuffled) {
    SB_PAIR p = in2[0], q = in2[1];
    if (threadIdx.x == 0) {
        more[0] = __hadd2_rn(p, q);
        more[1] = __hsub2_rn(p, q);
        more[2] = __hmul2_rn(p, q);
        more[3] = __hisnan2(SB_PAIR_OF(SB_FROM_BITS(SB_NAN), SB_FROM_BITS(SB_ONE)));
        more[4] = SB_PAIR_FROM_FLOAT(1.5f);
        more[5] = __ldg(&in2[2]);
    }
    shuffled[threadIdx.x] = __shfl_up_sync(0xffffffffu, SB_FROM(int, rn)((int)threadIdx.x), 1);
    atomicAdd(&more[6], SB_PAIR_FROM_FLOATS(1.0f, 0.5f));
    atomicAdd((SB_TYPE*)&more[7], SB_CONVERT(float)(1.0f));
    if (threadIdx.x) return;
    __stwb(&out[0], __ldcg(&in[0]));
    __stcg(&out[1], __ldca(&in[1]));
    __stcs(&out[2], __ldcs(&in[2]));
    __stwt(&out[3], __ldlu(&in[3]));
    __stwb(&out[4], __ldcv(&in[4]));
    __stwb(&out2[0], __ldcg(&in2[0]));
    __stcg(&out2[1], __ldca(&in2[1]));
    __stcs(&out2[2], __ldcs(&in2[2]));
    __stwt(&out2[3], __ldlu(&in2[3]));
    __stwb(&out2[4], __ldcv(&in2[4]));
}

/* ---- references, on the host (value_of(bits), the value as a double, is the program's) ---- */

static double values[VALUES]; /* value_of every bit pattern (sixteen_bit_checks) */
static double wide(unsigned short b) { return values[b]; }

/* Every value that is not NaN, in order (-0 before +0). */
static unsigned short ordered[VALUES];
static int ordered_count;

static int compare_values(const void* a, const void* b) {
    unsigned short x = *(const unsigned short*)a, y = *(const unsigned short*)b;
    double u = wide(x), v = wide(y);
    if (u != v) return u < v ? -1 : 1;
    return (y >> 15) - (x >> 15); /* -0 first */
}

/* Where v sits for rounding to nearest: infinity counts as one step past the largest finite
   value (so that the largest finite value and infinity have their midpoint where IEEE puts it). */
static double position(unsigned short b) {
    if ((b & 0x7fff) != SB_INFINITY) return wide(b);
    double largest = wide(SB_INFINITY - 1), step = largest - wide(SB_INFINITY - 2);
    return b >> 15 ? -(largest + step) : largest + step;
}

/* v rounded to value: 1 to nearest even, 2 toward zero, 3 down, 4 up (v not NaN; long
   double holds every 64-bit integer exactly). */
static unsigned short rounded(long double v, int mode) {
    int lo = 0, hi = ordered_count - 1; /* the last value at or below v, the first at or above */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (wide(ordered[mid]) <= v) lo = mid;
        else hi = mid;
    }
    unsigned short below = ordered[lo], above = ordered[hi];
    if (wide(below) == v) return v == 0 ? (signbit((double)v) ? 0x8000 : 0) : below;
    if (wide(above) == v) return above;
    if (wide(below) == 0) below = 0x0000; /* between the zeros' neighbours the zero has v's sign */
    if (wide(above) == 0) above = 0x8000;
    switch (mode) {
    case 1: {
        long double down = v - position(below), up = position(above) - v;
        if (down != up) return down < up ? below : above;
        return (below & 1) ? above : below;
    }
    case 2: return v > 0 ? below : above;
    case 3: return below;
    default: return above;
    }
}

static unsigned short narrow(double v) { return isnan(v) ? 0x7fff : rounded(v, 1); }

static int same(unsigned short got, unsigned short want) {
    return got == want || (isnan(wide(got)) && isnan(wide(want)));
}

/* Within one step of want (the header computes its functions with float approximations). */
static int close(unsigned short got, unsigned short want) {
    if (same(got, want)) return 1;
    if (isnan(wide(got)) || isnan(wide(want)) || isinf(wide(got)) != isinf(wide(want))) return 0;
    if ((got ^ want) & 0x8000) return (got & 0x7fff) + (want & 0x7fff) <= 1; /* around zero */
    return got + 1 == want || want + 1 == got;
}

/* v rounded (mode as above) to an integer within [low, high]; NaN to 0, or to
   0x8000000000000000 for the 64-bit types (as CUDA documents) */
static long long to_integer(double v, int mode, double low, double high) {
    int wide = high > 4294967295.0;
    if (isnan(v)) return wide ? INT64_MIN : 0;
    double r = mode == 1 ? rint(v) : mode == 2 ? trunc(v) : mode == 3 ? floor(v) : ceil(v);
    if (r < low) r = low;
    if (r > high) r = high;
    if (r >= 18446744073709551615.0) return low < 0 ? INT64_MAX : (long long)UINT64_MAX; /* 2^64: not a uint64 */
    if (r >= 9223372036854775808.0) return low < 0 ? INT64_MAX : (long long)(unsigned long long)r;
    return (long long)r;
}

static double exp10_of(double x) { return pow(10.0, x); }
/* .sat: clamped to [0, 1], NaN and -0 to +0 (as the header's fallback, min(max(v, +0), 1)) */
static double saturated(double v) { return v > 0 ? (v < 1 ? v : 1.0) : 0.0; }
static double rsqrt_of(double x) { return 1.0 / sqrt(x); }
static double rcp_of(double x) { return 1.0 / x; }

/* What differs between the formats' checks. */
struct sixteen_bit_format {
    const char* name;                /* the line report prints */
    int functions_within_one_step;   /* the header computes them with float approximations */
    const float* beyond;             /* 16 floats past the format's range and below its smallest */
    const float* edges;              /* EDGES values for the arithmetic and comparisons */
};
enum { EDGES = 18 };

static int sixteen_bit_checks(const struct sixteen_bit_format* format) {
    for (int b = 0; b < VALUES; b++) values[b] = value_of((unsigned short)b);
    for (int b = 0; b < VALUES; b++)
        if (!isnan(wide((unsigned short)b))) ordered[ordered_count++] = (unsigned short)b;
    qsort(ordered, ordered_count, sizeof ordered[0], compare_values);

    /* functions of every value */
    unsigned short* single = (unsigned short*)malloc(sizeof(unsigned short) * FUNCTIONS * VALUES);
    unsigned int* pairs = (unsigned int*)malloc(sizeof(unsigned int) * FUNCTIONS * VALUES);
    unsigned short* d_single;
    unsigned int* d_pairs;
    CUDA_OK(cudaMalloc((void**)&d_single, sizeof(unsigned short) * FUNCTIONS * VALUES));
    CUDA_OK(cudaMalloc((void**)&d_pairs, sizeof(unsigned int) * FUNCTIONS * VALUES));
    functions<<<VALUES / THREADS, THREADS>>>(d_single, d_pairs);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(single, d_single, sizeof(unsigned short) * FUNCTIONS * VALUES, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(pairs, d_pairs, sizeof(unsigned int) * FUNCTIONS * VALUES, cudaMemcpyDeviceToHost));
    /* htanh_approx too: the host computes tanh exactly, a GPU approximates it. The header's
       functions go through float approximations (hexp: 2^(x * log2(e)) with the product rounded
       to float): within one step of the correctly rounded result; the roundings to integers and
       sqrt exactly. */
    double (*const reference[FUNCTIONS])(double) = {exp,  exp2, exp10_of, log,   log2, log10, sqrt,  rsqrt_of, rcp_of,
                                                      sin,  cos,  tanh,     rint,  floor, ceil, trunc, tanh};
    static const char* const names[FUNCTIONS] = {"hexp", "hexp2", "hexp10", "hlog",   "hlog2",  "hlog10",
                                                 "hsqrt", "hrsqrt", "hrcp",  "hsin",   "hcos",   "htanh",
                                                 "hrint", "hfloor", "hceil", "htrunc", "htanh_approx"};
    for (int k = 0; k < FUNCTIONS; k++) {
        int wrong = 0;
        for (int i = 0; i < VALUES; i++) {
            unsigned short want = narrow(reference[k](wide((unsigned short)i)));
            unsigned short want_high = narrow(reference[k](wide((unsigned short)(i ^ 0x8000))));
            int exact = !format->functions_within_one_step || k == 6 || (k >= 12 && k <= 15);
            int (*const agrees)(unsigned short, unsigned short) = exact ? same : close;
            int ok = agrees(single[k * VALUES + i], want) && agrees((unsigned short)pairs[k * VALUES + i], want) &&
                     agrees((unsigned short)(pairs[k * VALUES + i] >> 16), want_high);
            if (!ok && wrong++ < 3)
                fprintf(stderr, "  %s(%04x = %g): %04x, pair %08x, want %04x\n", names[k], i, wide((unsigned short)i),
                        single[k * VALUES + i], pairs[k * VALUES + i], want);
        }
        CHECK(wrong == 0);
    }

    /* every value to every integer */
    long long* ints = (long long*)malloc(sizeof(long long) * INTEGERS * VALUES);
    long long* d_ints;
    CUDA_OK(cudaMalloc((void**)&d_ints, sizeof(long long) * INTEGERS * VALUES));
    integers<<<VALUES / THREADS, THREADS>>>(d_ints);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(ints, d_ints, sizeof(long long) * INTEGERS * VALUES, cudaMemcpyDeviceToHost));
    const double limits[6][2] = {{INT32_MIN, INT32_MAX}, {0, UINT32_MAX},         {INT16_MIN, INT16_MAX},
                                 {0, UINT16_MAX},        {-9223372036854775808.0, 9223372036854775807.0},
                                 {0, 18446744073709551615.0}};
    int wrong_integers = 0;
    for (int i = 0; i < VALUES; i++) {
        double x = wide((unsigned short)i);
        for (int k = 0; k < 24; k++) {
            long long want = to_integer(x, k % 4 + 1, limits[k / 4][0], limits[k / 4][1]);
            if (ints[k * VALUES + i] != want && wrong_integers++ < 3)
                fprintf(stderr, "  integer %d of %04x: %lld, want %lld\n", k, i, ints[k * VALUES + i], want);
        }
        long long want_char = to_integer(x, 2, -128, 127), want_uchar = to_integer(x, 2, 0, 255);
        if ((ints[24 * VALUES + i] != want_char || ints[25 * VALUES + i] != want_uchar) && wrong_integers++ < 3)
            fprintf(stderr, "  char of %04x: %lld %lld\n", i, ints[24 * VALUES + i], ints[25 * VALUES + i]);
    }
    CHECK(wrong_integers == 0);

    /* floats and integers to value: each finite value, the midpoint to the next one and the
       floats beside it, both signs; integers around powers of two and past 2^24; beyond */
    enum { FLOATS = 4 * 2 * SB_INFINITY + 16 };
    static float f[FLOATS];
    static long long n[FLOATS];
    int count = 0;
    for (int b = 0; b < SB_INFINITY; b++) {
        float v = (float)wide((unsigned short)b), next = (float)wide((unsigned short)(b + 1));
        float mid = v + (next - v) / 2;
        float around[4] = {v, mid, nextafterf(mid, 0), nextafterf(mid, INFINITY)};
        for (int k = 0; k < 4; k++) f[count++] = around[k], f[count++] = -around[k];
    }
    for (int k = 0; k < 16; k++) f[count++] = format->beyond[k];
    for (int i = 0; i < count; i++) {
        long long base[8] = {0, 1, 256, 512, 65536, 1 << 20, 1 << 24, 0x7fffffff};
        long long v = base[i % 8] + (i / 8) % 9 - 4;
        n[i] = (i / 72) % 2 ? -v : v;
    }
    /* and integers a float cannot hold, just past one: rounding them to float first would make
       some ties or land on the wrong side */
    const long long wide_integers[9] = {INT64_MAX,           INT64_MIN,           (long long)UINT64_MAX,
                                        (1LL << 62) + 1,     -(1LL << 62) - 1,    (1LL << 40) + (1LL << 32) + 1,
                                        (1LL << 33) + 1,     (0x81LL << 40) - 1, (0x81LL << 40) + 1};
    for (int k = 0; k < 9; k++) n[k] = wide_integers[k];
    float* d_f;
    long long* d_n;
    unsigned short* d_converted;
    unsigned short* converted = (unsigned short*)malloc(sizeof(unsigned short) * 28 * count);
    CUDA_OK(cudaMalloc((void**)&d_f, sizeof(float) * count));
    CUDA_OK(cudaMalloc((void**)&d_n, sizeof(long long) * count));
    CUDA_OK(cudaMalloc((void**)&d_converted, sizeof(unsigned short) * 28 * count));
    CUDA_OK(cudaMemcpy(d_f, f, sizeof(float) * count, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_n, n, sizeof(long long) * count, cudaMemcpyHostToDevice));
    to_format<<<(count + THREADS - 1) / THREADS, THREADS>>>(d_f, d_n, count, d_converted);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(converted, d_converted, sizeof(unsigned short) * 28 * count, cudaMemcpyDeviceToHost));
    int wrong_conversions = 0;
    for (int i = 0; i < count; i++) {
        long long v = n[i];
        long double as[6] = {(long double)f[i],     (long double)(int)v,           (long double)(unsigned)v,
                             (long double)(short)v, (long double)(unsigned short)v, (long double)v};
        for (int k = 0; k < 28; k++) {
            int source = k < 4 ? 0 : k < 8 ? 1 : k < 12 ? 2 : k < 16 ? 3 : k < 20 ? 4 : k < 24 ? 5 : 6;
            long double x = source == 6 ? (long double)(unsigned long long)v : as[source];
            unsigned short want = isnan((double)x) ? 0x7fff : rounded(x, k % 4 + 1);
            if (!same(converted[28 * i + k], want) && wrong_conversions++ < 3)
                fprintf(stderr, "  conversion %d of %a / %lld: %04x, want %04x\n", k, f[i], v, converted[28 * i + k],
                        want);
        }
    }
    CHECK(wrong_conversions == 0);

    /* min, max, .rn, .sat, .relu and pair comparisons over pairs of edge inputs */
    unsigned short e[EDGES], e_b[EDGES], e_c[EDGES];
    for (int i = 0; i < EDGES; i++) {
        e[i] = narrow(format->edges[i]);
        e_b[i] = narrow(format->edges[(i + 3) % EDGES]);
        e_c[i] = narrow(format->edges[(i + 7) % EDGES]);
    }
    SB_TYPE *d_a, *d_b, *d_c;
    unsigned short* d_bin;
    unsigned int *d_bin2, *d_cmp;
    static unsigned short bin[EDGES * EDGES * BINARY];
    static unsigned int bin2[EDGES * EDGES * BINARY], cmp[EDGES * EDGES * 2 * COMPARISONS];
    CUDA_OK(cudaMalloc((void**)&d_a, sizeof e));
    CUDA_OK(cudaMalloc((void**)&d_b, sizeof e));
    CUDA_OK(cudaMalloc((void**)&d_c, sizeof e));
    CUDA_OK(cudaMalloc((void**)&d_bin, sizeof bin));
    CUDA_OK(cudaMalloc((void**)&d_bin2, sizeof bin2));
    CUDA_OK(cudaMalloc((void**)&d_cmp, sizeof cmp));
    CUDA_OK(cudaMemcpy(d_a, e, sizeof e, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_b, e_b, sizeof e, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_c, e_c, sizeof e, cudaMemcpyHostToDevice));
    binary<<<EDGES, 32>>>(d_a, d_b, d_c, EDGES, d_bin, d_bin2, d_cmp);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(bin, d_bin, sizeof bin, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(bin2, d_bin2, sizeof bin2, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(cmp, d_cmp, sizeof cmp, cudaMemcpyDeviceToHost));
    int wrong_binary = 0;
    for (int i = 0; i < EDGES; i++)
        for (int j = 0; j < EDGES; j++) {
            unsigned short xs[2] = {e[i], e_b[j]}, ys[2] = {e_b[j], e_c[(i + j) % EDGES]},
                           zs[2] = {e_c[(i + j) % EDGES], e[i]};
            int at = i * EDGES + j;
            for (int lane = 0; lane < 2; lane++) {
                unsigned short x = xs[lane], y = ys[lane], z = zs[lane];
                double u = wide(x), w = wide(y);
                int nan = isnan(u) || isnan(w);
                /* max/min: +0 above -0; one NaN: the other (or, _nan, the canonical NaN) */
                unsigned short larger = u > w ? x : w > u ? y : (unsigned short)(x & y);
                unsigned short smaller = u < w ? x : w < u ? y : (unsigned short)(x | y);
                unsigned short one = isnan(u) ? y : x;
                double fma = u * w + wide(z);
                double relu = isnan(fma) ? NAN : fma > 0 ? fma : 0.0;
                double sat_sum = u + w, sat_diff = u - w, sat_prod = u * w;
                unsigned short passed = isnan(u) && isnan(w) ? (unsigned short)0x7fff : one;
                unsigned short want[BINARY] = {
                    nan ? passed : larger,
                    nan ? passed : smaller,
                    nan ? (unsigned short)0x7fff : larger,
                    nan ? (unsigned short)0x7fff : smaller,
                    narrow(sat_sum),
                    narrow(sat_diff),
                    narrow(sat_prod),
                    narrow(relu),
                    narrow(saturated(fma))};
                double sat[3] = {sat_sum, sat_diff, sat_prod};
                for (int k = 0; k < BINARY; k++) {
                    unsigned short pair_want = want[k];
                    if (k >= 4 && k <= 6) /* the pair forms are saturated: .sat */
                        pair_want = narrow(saturated(sat[k - 4]));
                    unsigned short got_pair = (unsigned short)(bin2[at * BINARY + k] >> (16 * lane));
                    if (lane == 0 && k < 8 && !same(bin[at * BINARY + k], want[k]) && wrong_binary++ < 3)
                        fprintf(stderr, "  binary %d (%04x, %04x, %04x): %04x, want %04x\n", k, x, y, z,
                                bin[at * BINARY + k], want[k]);
                    if (!same(got_pair, pair_want) && wrong_binary++ < 3)
                        fprintf(stderr, "  pair %d lane %d (%04x, %04x, %04x): %04x, want %04x\n", k, lane, x, y, z,
                                got_pair, pair_want);
                }
                if (lane == 0) /* __hmul_sat */
                    CHECK(same(bin[at * BINARY + 8], narrow(saturated(sat_prod))));
                int holds[COMPARISONS] = {u == w, !nan && u != w, u < w, u <= w, u > w, u >= w,
                                          nan || u == w, nan || u != w, nan || u < w,
                                          nan || u <= w, nan || u > w, nan || u >= w};
                for (int k = 0; k < COMPARISONS; k++) {
                    unsigned as_one = (cmp[at * 2 * COMPARISONS + k] >> (16 * lane)) & 0xffff;
                    unsigned as_mask = (cmp[at * 2 * COMPARISONS + COMPARISONS + k] >> (16 * lane)) & 0xffff;
                    if ((as_one != (holds[k] ? SB_ONE : 0) || as_mask != (holds[k] ? 0xffffu : 0)) &&
                        wrong_binary++ < 3)
                        fprintf(stderr, "  comparison %d lane %d (%04x, %04x): %04x mask %04x\n", k, lane, x, y,
                                as_one, as_mask);
                }
            }
        }
    CHECK(wrong_binary == 0);

    /* the plain arithmetic and comparisons over the same pairs */
    static unsigned short ar[EDGES * EDGES * ARITHMETIC];
    static unsigned int ar_pairs[EDGES * EDGES * 5];
    static unsigned char ar_holds[EDGES * EDGES * 12];
    unsigned short* d_ar;
    unsigned int* d_ar_pairs;
    unsigned char* d_ar_holds;
    CUDA_OK(cudaMalloc((void**)&d_ar, sizeof ar));
    CUDA_OK(cudaMalloc((void**)&d_ar_pairs, sizeof ar_pairs));
    CUDA_OK(cudaMalloc((void**)&d_ar_holds, sizeof ar_holds));
    arithmetic<<<EDGES, 32>>>(d_a, d_b, d_c, EDGES, d_ar, d_ar_pairs, d_ar_holds);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(ar, d_ar, sizeof ar, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(ar_pairs, d_ar_pairs, sizeof ar_pairs, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(ar_holds, d_ar_holds, sizeof ar_holds, cudaMemcpyDeviceToHost));
    int wrong_arithmetic = 0;
    for (int i = 0; i < EDGES; i++)
        for (int j = 0; j < EDGES; j++) {
            unsigned short x = e[i], y = e_b[j], z = e_c[(i + j) % EDGES];
            double u = wide(x), w = wide(y), t = wide(z);
            int at = i * EDGES + j;
            unsigned short want[ARITHMETIC] = {
                narrow(u + w), narrow(u - w), narrow(u * w), narrow(u * w + t), narrow(saturated(u + w)),
                narrow(saturated(u - w)), narrow(saturated(u * w + t)), (unsigned short)(x | 0x8000), narrow(u / w),
                narrow(u * (1.0 + 0x1p-30)),
                narrow(u + w), narrow(w - t), narrow(u * w), narrow(w * t + w), (unsigned short)(x ^ 0x8000),
                (unsigned short)(y & 0x7fff)};
            for (int k = 0; k < ARITHMETIC; k++) {
                /* __hdiv divides in float with an approximate reciprocal: within one step */
                int ok = k == 8 ? close(ar[at * ARITHMETIC + k], want[k]) : same(ar[at * ARITHMETIC + k], want[k]);
                if (!ok && wrong_arithmetic++ < 3)
                    fprintf(stderr, "  arithmetic %d (%04x, %04x, %04x): %04x, want %04x\n", k, x, y, z,
                            ar[at * ARITHMETIC + k], want[k]);
            }
            unsigned int want_pairs[5] = {(unsigned)x | (unsigned)y << 16, (unsigned)y | (unsigned)z << 16,
                                          (unsigned)x | (unsigned)x << 16, (unsigned)y | (unsigned)y << 16,
                                          (unsigned)y | (unsigned)x << 16};
            for (int k = 0; k < 5; k++) CHECK(ar_pairs[at * 5 + k] == want_pairs[k]);
            int nan = isnan(u) || isnan(w);
            int holds[12] = {u == w,        !nan && u != w, u < w,         u <= w,        u > w,         u >= w,
                             nan || u == w, nan || u != w,  nan || u < w, nan || u <= w, nan || u > w, nan || u >= w};
            for (int k = 0; k < 12; k++) CHECK(ar_holds[at * 12 + k] == holds[k]);
        }
    CHECK(wrong_arithmetic == 0);
    CUDA_OK(cudaFree(d_ar));
    CUDA_OK(cudaFree(d_ar_pairs));
    CUDA_OK(cudaFree(d_ar_holds));

    /* cache hints */
    SB_TYPE *d_in, *d_out;
    SB_PAIR *d_in2, *d_out2;
    unsigned short in[5] = {0x3f80, 0x4000, 0x4040, 0x4080, 0x40a0}, out[5];
    unsigned int in2[5] = {0x3f804000, 0x40404080, 0x40a040c0, 0x40e04100, 0x41104120}, out2[5];
    CUDA_OK(cudaMalloc((void**)&d_in, sizeof in));
    CUDA_OK(cudaMalloc((void**)&d_out, sizeof out));
    CUDA_OK(cudaMalloc((void**)&d_in2, sizeof in2));
    CUDA_OK(cudaMalloc((void**)&d_out2, sizeof out2));
    CUDA_OK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_in2, in2, sizeof in2, cudaMemcpyHostToDevice));
    SB_PAIR* d_more;
    SB_TYPE* d_shuffled;
    unsigned int more[8];
    unsigned short shuffled[32];
    CUDA_OK(cudaMalloc((void**)&d_more, sizeof more));
    CUDA_OK(cudaMemset(d_more, 0, sizeof more));
    CUDA_OK(cudaMalloc((void**)&d_shuffled, sizeof shuffled));
    cache_hints<<<1, 32>>>(d_in, d_out, d_in2, d_out2, d_more, d_shuffled);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(out2, d_out2, sizeof out2, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(more, d_more, sizeof more, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(shuffled, d_shuffled, sizeof shuffled, cudaMemcpyDeviceToHost));
    CHECK(memcmp(in, out, sizeof in) == 0 && memcmp(in2, out2, sizeof in2) == 0);
    double pl = wide((unsigned short)in2[0]), ph = wide((unsigned short)(in2[0] >> 16));
    double ql = wide((unsigned short)in2[1]), qh = wide((unsigned short)(in2[1] >> 16));
    unsigned int want_more[6] = {narrow(pl + ql) | (unsigned)narrow(ph + qh) << 16,
                                 narrow(pl - ql) | (unsigned)narrow(ph - qh) << 16,
                                 narrow(pl * ql) | (unsigned)narrow(ph * qh) << 16,
                                 SB_ONE, /* the NaN's half 1.0, the other 0 */
                                 narrow(1.5) | (unsigned)narrow(1.5) << 16,
                                 in2[2]};
    for (int k = 0; k < 6; k++) CHECK(more[k] == want_more[k]);
    /* atomicAdd from 32 threads: (32, 16) and 32 */
    CHECK(more[6] == (narrow(32) | (unsigned)narrow(16) << 16) && more[7] == narrow(32));
    for (int t = 1; t < 32; t++) CHECK(wide(shuffled[t]) == t - 1);
    CHECK(wide(shuffled[0]) == 0); /* lane 0 keeps its own */
    free(single);
    free(pairs);
    free(ints);
    free(converted);
    void* device[] = {d_single, d_pairs, d_ints, d_f,    d_n,   d_converted, d_a,     d_b,       d_c,
                      d_bin,    d_bin2,  d_cmp,  d_in,   d_out, d_in2,       d_out2,  d_more,    d_shuffled};
    for (size_t k = 0; k < sizeof device / sizeof device[0]; k++) CUDA_OK(cudaFree(device[k]));
    return report(format->name);
}

#endif
