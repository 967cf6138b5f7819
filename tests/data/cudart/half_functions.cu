/* tests/data/cudart/half_functions.cu — the rest of cuda_fp16.h, over every half where a function
   takes one: the exponentials, logarithms, square roots, reciprocal, sine, cosine and tanh, each
   round-to-nearest-even by CUDA's documentation, compared bit for bit with the correctly rounded
   result (computed on the host in double and rounded once); rounding to integers in half and
   conversions to every integer type in every rounding mode (saturated, NaN to 0); float and
   integers to half in each rounding mode, around every half; min and max (NaN passing or winning,
   +0 above -0), the .rn, .sat and .relu arithmetic and the comparisons of pairs (as halves of 1.0
   and as masks); pairs through the same functions; loads and stores with cache hints.
   Needs the CUDA toolkit (cuda_fp16.h is its header): compat/cudart.sh builds it with it only.
   Also built for sm_80: cuda_fp16.h writes min, max, relu and pair conversions as PTX there. */
#include <cuda_fp16.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { HALVES = 65536, FUNCTIONS = 17, INTEGERS = 26, THREADS = 256 };

static __device__ unsigned short bits(__half h) { return __half_as_ushort(h); }
static __device__ __half2 pair_of(unsigned i) {
    return __halves2half2(__ushort_as_half((unsigned short)i), __ushort_as_half((unsigned short)(i ^ 0x8000u)));
}

/* Thread i: the functions of the half whose bits are i, alone and as the low half of a pair
   (the high half the same with the sign flipped). */
__global__ void functions(unsigned short* single, unsigned int* pairs) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    __half x = __ushort_as_half((unsigned short)i);
    __half2 p = pair_of(i);
    __half r[FUNCTIONS] = {hexp(x), hexp2(x), hexp10(x), hlog(x),  hlog2(x),  hlog10(x), hsqrt(x),
                           hrsqrt(x), hrcp(x), hsin(x),   hcos(x),  htanh(x), hrint(x),  hfloor(x),
                           hceil(x), htrunc(x), htanh_approx(x)};
    __half2 q[FUNCTIONS] = {h2exp(p),  h2exp2(p), h2exp10(p), h2log(p),  h2log2(p),  h2log10(p), h2sqrt(p),
                            h2rsqrt(p), h2rcp(p), h2sin(p),   h2cos(p),  h2tanh(p),  h2rint(p),  h2floor(p),
                            h2ceil(p), h2trunc(p), h2tanh_approx(p)};
    for (int k = 0; k < FUNCTIONS; k++) {
        single[k * HALVES + i] = bits(r[k]);
        memcpy(&pairs[k * HALVES + i], &q[k], sizeof pairs[0]);
    }
}

/* Thread i: the half whose bits are i to every integer type in every rounding mode. */
__global__ void integers(long long* out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    __half x = __ushort_as_half((unsigned short)i);
    long long v[INTEGERS] = {__half2int_rn(x),   __half2int_rz(x),    __half2int_rd(x),    __half2int_ru(x),
                             __half2uint_rn(x),  __half2uint_rz(x),   __half2uint_rd(x),   __half2uint_ru(x),
                             __half2short_rn(x), __half2short_rz(x),  __half2short_rd(x),  __half2short_ru(x),
                             __half2ushort_rn(x), __half2ushort_rz(x), __half2ushort_rd(x), __half2ushort_ru(x),
                             __half2ll_rn(x),    __half2ll_rz(x),     __half2ll_rd(x),     __half2ll_ru(x),
                             (long long)__half2ull_rn(x), (long long)__half2ull_rz(x), (long long)__half2ull_rd(x),
                             (long long)__half2ull_ru(x), __half2char_rz(x), __half2uchar_rz(x)};
    for (int k = 0; k < INTEGERS; k++) out[k * HALVES + i] = v[k];
}

/* Float f[i] and integers n[i] to half in the four rounding modes. */
__global__ void to_half(const float* f, const long long* n, int count, unsigned short* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    long long v = n[i];
    unsigned short r[28] = {bits(__float2half_rn(f[i])),  bits(__float2half_rz(f[i])),
                            bits(__float2half_rd(f[i])),  bits(__float2half_ru(f[i])),
                            bits(__int2half_rn((int)v)),  bits(__int2half_rz((int)v)),
                            bits(__int2half_rd((int)v)),  bits(__int2half_ru((int)v)),
                            bits(__uint2half_rn((unsigned)v)), bits(__uint2half_rz((unsigned)v)),
                            bits(__uint2half_rd((unsigned)v)), bits(__uint2half_ru((unsigned)v)),
                            bits(__short2half_rn((short)v)), bits(__short2half_rz((short)v)),
                            bits(__short2half_rd((short)v)), bits(__short2half_ru((short)v)),
                            bits(__ushort2half_rn((unsigned short)v)), bits(__ushort2half_rz((unsigned short)v)),
                            bits(__ushort2half_rd((unsigned short)v)), bits(__ushort2half_ru((unsigned short)v)),
                            bits(__ll2half_rn(v)),        bits(__ll2half_rz(v)),
                            bits(__ll2half_rd(v)),        bits(__ll2half_ru(v)),
                            bits(__ull2half_rn((unsigned long long)v)), bits(__ull2half_rz((unsigned long long)v)),
                            bits(__ull2half_rd((unsigned long long)v)), bits(__ull2half_ru((unsigned long long)v))};
    for (int k = 0; k < 28; k++) out[28 * i + k] = r[k];
}

enum { BINARY = 9, COMPARISONS = 12 };

/* Pair (a[i], b[j]) and its flipped twin: min and max, .rn, .sat and .relu arithmetic, and the
   comparisons of pairs, as halves of 1.0 and as masks. */
__global__ void binary(const __half* a, const __half* b, const __half* c, int n, unsigned short* single,
                       unsigned int* pairs, unsigned int* compared) {
    int i = blockIdx.x, j = threadIdx.x;
    if (j >= n) return;
    __half x = a[i], y = b[j], z = c[(i + j) % n];
    __half2 p = __halves2half2(x, y), q = __halves2half2(y, z), s = __halves2half2(z, x);
    __half r[BINARY] = {__hmax(x, y),     __hmin(x, y),     __hmax_nan(x, y), __hmin_nan(x, y),  __hadd_rn(x, y),
                        __hsub_rn(x, y),  __hmul_rn(x, y),  __hfma_relu(x, y, z), __hmul_sat(x, y)};
    __half2 v[BINARY] = {__hmax2(p, q),     __hmin2(p, q),     __hmax2_nan(p, q), __hmin2_nan(p, q), __hadd2_sat(p, q),
                         __hsub2_sat(p, q), __hmul2_sat(p, q), __hfma2_relu(p, q, s), __hfma2_sat(p, q, s)};
    __half2 cmp[COMPARISONS] = {__heq2(p, q),  __hne2(p, q),  __hlt2(p, q),  __hle2(p, q),
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
    if (__hisnan(x) != isnan(__half2float(x))) compared[at * 2 * COMPARISONS] = 0xdeadbeefu;
}

/* Loads and stores with each cache hint: out[k] = in[k] through a different pair of them; the
   pair arithmetic with .rn, __hisnan2, a pair of one float, __ldg of a pair, and a shuffle up of
   halves (one warp). */
__global__ void cache_hints(const __half* in, __half* out, const __half2* in2, __half2* out2, __half2* more,
                            __half* shuffled) {
    __half2 p = in2[0], q = in2[1];
    if (threadIdx.x == 0) {
        more[0] = __hadd2_rn(p, q);
        more[1] = __hsub2_rn(p, q);
        more[2] = __hmul2_rn(p, q);
        more[3] = __hisnan2(__halves2half2(__ushort_as_half(0x7e00), __ushort_as_half(0x3c00)));
        more[4] = __float2half2_rn(1.5f);
        more[5] = __ldg(&in2[2]);
    }
    shuffled[threadIdx.x] = __shfl_up_sync(0xffffffffu, __int2half_rn((int)threadIdx.x), 1);
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

/* ---- references, on the host ---- */

static double wide(unsigned short b) {
    _Float16 h;
    memcpy(&h, &b, sizeof h);
    return (double)h;
}

static unsigned short narrow(double v) {
    _Float16 h = (_Float16)v;
    unsigned short b;
    memcpy(&b, &h, sizeof b);
    return b;
}

static int same(unsigned short got, unsigned short want) {
    return got == want || (isnan(wide(got)) && isnan(wide(want)));
}

/* Every half that is not NaN, in order (-0 before +0). */
static unsigned short ordered[HALVES];
static int ordered_count;

static int compare_halves(const void* a, const void* b) {
    unsigned short x = *(const unsigned short*)a, y = *(const unsigned short*)b;
    double u = wide(x), v = wide(y);
    if (u != v) return u < v ? -1 : 1;
    return (y >> 15) - (x >> 15); /* -0 first */
}

/* v rounded to half: 1 to nearest even, 2 toward zero, 3 down, 4 up (v not NaN). */
static unsigned short rounded(double v, int mode) {
    unsigned short nearest = narrow(v);
    if (wide(nearest) == v) return v == 0 ? (signbit(v) ? 0x8000 : 0) : nearest;
    int lo = 0, hi = ordered_count - 1; /* the last half below v, the first above */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (wide(ordered[mid]) < v) lo = mid;
        else hi = mid;
    }
    unsigned short below = ordered[lo], above = ordered[hi];
    if (wide(below) == 0) below = 0x0000; /* between -0 and +0's neighbours the zero has v's sign */
    if (wide(above) == 0) above = 0x8000;
    switch (mode) {
    case 1: return nearest;
    case 2: return v > 0 ? below : above;
    case 3: return below;
    default: return above;
    }
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

int main(void) {
    for (int b = 0; b < HALVES; b++)
        if (!isnan(wide((unsigned short)b))) ordered[ordered_count++] = (unsigned short)b;
    qsort(ordered, ordered_count, sizeof ordered[0], compare_halves);

    /* functions of every half */
    unsigned short* single = (unsigned short*)malloc(sizeof(unsigned short) * FUNCTIONS * HALVES);
    unsigned int* pairs = (unsigned int*)malloc(sizeof(unsigned int) * FUNCTIONS * HALVES);
    unsigned short* d_single;
    unsigned int* d_pairs;
    CUDA_OK(cudaMalloc((void**)&d_single, sizeof(unsigned short) * FUNCTIONS * HALVES));
    CUDA_OK(cudaMalloc((void**)&d_pairs, sizeof(unsigned int) * FUNCTIONS * HALVES));
    functions<<<HALVES / THREADS, THREADS>>>(d_single, d_pairs);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(single, d_single, sizeof(unsigned short) * FUNCTIONS * HALVES, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(pairs, d_pairs, sizeof(unsigned int) * FUNCTIONS * HALVES, cudaMemcpyDeviceToHost));
    /* htanh_approx too: the host computes tanh exactly, a GPU approximates it */
    double (*const reference[FUNCTIONS])(double) = {exp,  exp2, exp10_of, log,   log2, log10, sqrt,  rsqrt_of, rcp_of,
                                                      sin,  cos,  tanh,     rint,  floor, ceil, trunc, tanh};
    static const char* const names[FUNCTIONS] = {"hexp", "hexp2", "hexp10", "hlog",   "hlog2",  "hlog10",
                                                 "hsqrt", "hrsqrt", "hrcp",  "hsin",   "hcos",   "htanh",
                                                 "hrint", "hfloor", "hceil", "htrunc", "htanh_approx"};
    for (int k = 0; k < FUNCTIONS; k++) {
        int wrong = 0;
        for (int i = 0; i < HALVES; i++) {
            unsigned short want = narrow(reference[k](wide((unsigned short)i)));
            unsigned short want_high = narrow(reference[k](wide((unsigned short)(i ^ 0x8000))));
            int ok = same(single[k * HALVES + i], want) && same((unsigned short)pairs[k * HALVES + i], want) &&
                     same((unsigned short)(pairs[k * HALVES + i] >> 16), want_high);
            if (!ok && wrong++ < 3)
                fprintf(stderr, "  %s(%04x = %g): %04x, pair %08x, want %04x\n", names[k], i, wide((unsigned short)i),
                        single[k * HALVES + i], pairs[k * HALVES + i], want);
        }
        CHECK(wrong == 0);
    }

    /* every half to every integer */
    long long* ints = (long long*)malloc(sizeof(long long) * INTEGERS * HALVES);
    long long* d_ints;
    CUDA_OK(cudaMalloc((void**)&d_ints, sizeof(long long) * INTEGERS * HALVES));
    integers<<<HALVES / THREADS, THREADS>>>(d_ints);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(ints, d_ints, sizeof(long long) * INTEGERS * HALVES, cudaMemcpyDeviceToHost));
    const double limits[6][2] = {{INT32_MIN, INT32_MAX}, {0, UINT32_MAX},         {INT16_MIN, INT16_MAX},
                                 {0, UINT16_MAX},        {-9223372036854775808.0, 9223372036854775807.0},
                                 {0, 18446744073709551615.0}};
    int wrong_integers = 0;
    for (int i = 0; i < HALVES; i++) {
        double x = wide((unsigned short)i);
        for (int k = 0; k < 24; k++) {
            long long want = to_integer(x, k % 4 + 1, limits[k / 4][0], limits[k / 4][1]);
            if (ints[k * HALVES + i] != want && wrong_integers++ < 3)
                fprintf(stderr, "  integer %d of %04x: %lld, want %lld\n", k, i, ints[k * HALVES + i], want);
        }
        long long want_char = to_integer(x, 2, -128, 127), want_uchar = to_integer(x, 2, 0, 255);
        if ((ints[24 * HALVES + i] != want_char || ints[25 * HALVES + i] != want_uchar) && wrong_integers++ < 3)
            fprintf(stderr, "  char of %04x: %lld %lld\n", i, ints[24 * HALVES + i], ints[25 * HALVES + i]);
    }
    CHECK(wrong_integers == 0);

    /* floats and integers to half: each finite half, the midpoint to the next one and the floats
       beside it, both signs; integers around the powers of two and half's largest; beyond */
    enum { FLOATS = 4 * 2 * 0x7c00 + 16 };
    static float f[FLOATS];
    static long long n[FLOATS];
    int count = 0;
    for (int b = 0; b < 0x7c00; b++) {
        float v = (float)wide((unsigned short)b), next = (float)wide((unsigned short)(b + 1));
        float mid = v + (next - v) / 2;
        float around[4] = {v, mid, nextafterf(mid, 0), nextafterf(mid, INFINITY)};
        for (int k = 0; k < 4; k++) f[count++] = around[k], f[count++] = -around[k];
    }
    const float beyond[16] = {65519.0f, 65520.0f, 65521.0f, 1e10f, INFINITY, -65520.0f, -1e10f, -INFINITY,
                              NAN,      1e-10f,   -1e-10f,  0x1p-25f, 0x1.8p-25f, -0x1.8p-25f, 0x1p-149f, -0.0f};
    for (int k = 0; k < 16; k++) f[count++] = beyond[k];
    for (int i = 0; i < count; i++) {
        long long base[8] = {0, 1, 2048, 4096, 65504, 65536, 1 << 24, 0x7fffffff};
        long long v = base[i % 8] + (i / 8) % 9 - 4;
        n[i] = (i / 72) % 2 ? -v : v;
    }
    n[0] = INT64_MAX, n[1] = INT64_MIN, n[2] = (long long)UINT64_MAX;
    float* d_f;
    long long* d_n;
    unsigned short* d_converted;
    unsigned short* converted = (unsigned short*)malloc(sizeof(unsigned short) * 28 * count);
    CUDA_OK(cudaMalloc((void**)&d_f, sizeof(float) * count));
    CUDA_OK(cudaMalloc((void**)&d_n, sizeof(long long) * count));
    CUDA_OK(cudaMalloc((void**)&d_converted, sizeof(unsigned short) * 28 * count));
    CUDA_OK(cudaMemcpy(d_f, f, sizeof(float) * count, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_n, n, sizeof(long long) * count, cudaMemcpyHostToDevice));
    to_half<<<(count + THREADS - 1) / THREADS, THREADS>>>(d_f, d_n, count, d_converted);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(converted, d_converted, sizeof(unsigned short) * 28 * count, cudaMemcpyDeviceToHost));
    int wrong_conversions = 0;
    for (int i = 0; i < count; i++) {
        long long v = n[i];
        double as[6] = {(double)f[i],      (double)(int)v,           (double)(unsigned)v,
                        (double)(short)v,  (double)(unsigned short)v, (double)v};
        for (int k = 0; k < 28; k++) {
            int source = k < 4 ? 0 : k < 8 ? 1 : k < 12 ? 2 : k < 16 ? 3 : k < 20 ? 4 : k < 24 ? 5 : 6;
            double x = source == 6 ? (double)(unsigned long long)v : as[source];
            unsigned short want = isnan(x) ? 0x7fff : rounded(x, k % 4 + 1);
            if (!same(converted[28 * i + k], want) && wrong_conversions++ < 3)
                fprintf(stderr, "  conversion %d of %a / %lld: %04x, want %04x\n", k, f[i], v, converted[28 * i + k],
                        want);
        }
    }
    CHECK(wrong_conversions == 0);

    /* min, max, .rn, .sat, .relu and pair comparisons over pairs of edge inputs */
    const float edges[] = {0.0f,     -0.0f,   1.0f,  -1.0f,  0.5f,    2.5f,     -3.5f, 65504.0f, -65504.0f,
                           6e-8f,    -6e-8f,  0.75f, 1.25f,  INFINITY, -INFINITY, NAN,  0.1f,     2049.0f};
    enum { EDGES = sizeof edges / sizeof edges[0] };
    unsigned short e[EDGES], e_b[EDGES], e_c[EDGES];
    for (int i = 0; i < EDGES; i++) {
        e[i] = narrow(edges[i]);
        e_b[i] = narrow(edges[(i + 3) % EDGES]);
        e_c[i] = narrow(edges[(i + 7) % EDGES]);
    }
    __half *d_a, *d_b, *d_c;
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
                    unsigned as_half = (cmp[at * 2 * COMPARISONS + k] >> (16 * lane)) & 0xffff;
                    unsigned as_mask = (cmp[at * 2 * COMPARISONS + COMPARISONS + k] >> (16 * lane)) & 0xffff;
                    if ((as_half != (holds[k] ? 0x3c00u : 0) || as_mask != (holds[k] ? 0xffffu : 0)) &&
                        wrong_binary++ < 3)
                        fprintf(stderr, "  comparison %d lane %d (%04x, %04x): %04x mask %04x\n", k, lane, x, y,
                                as_half, as_mask);
                }
            }
        }
    CHECK(wrong_binary == 0);

    /* cache hints */
    __half *d_in, *d_out;
    __half2 *d_in2, *d_out2;
    unsigned short in[5] = {0x3c00, 0x4000, 0x4200, 0x4400, 0x4500}, out[5];
    unsigned int in2[5] = {0x3c004000, 0x42004400, 0x45004600, 0x47004800, 0x48804900}, out2[5];
    CUDA_OK(cudaMalloc((void**)&d_in, sizeof in));
    CUDA_OK(cudaMalloc((void**)&d_out, sizeof out));
    CUDA_OK(cudaMalloc((void**)&d_in2, sizeof in2));
    CUDA_OK(cudaMalloc((void**)&d_out2, sizeof out2));
    CUDA_OK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_in2, in2, sizeof in2, cudaMemcpyHostToDevice));
    __half2* d_more;
    __half* d_shuffled;
    unsigned int more[6];
    unsigned short shuffled[32];
    CUDA_OK(cudaMalloc((void**)&d_more, sizeof more));
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
                                 0x00003c00u, /* the NaN's half 1.0, the other 0 */
                                 0x3e003e00u,
                                 in2[2]};
    for (int k = 0; k < 6; k++) CHECK(more[k] == want_more[k]);
    for (int t = 1; t < 32; t++) CHECK(wide(shuffled[t]) == t - 1);
    CHECK(wide(shuffled[0]) == 0); /* lane 0 keeps its own */
    free(single);
    free(pairs);
    free(ints);
    free(converted);
    void* device[] = {d_single, d_pairs, d_ints, d_f,    d_n,   d_converted, d_a,     d_b,       d_c,
                      d_bin,    d_bin2,  d_cmp,  d_in,   d_out, d_in2,       d_out2,  d_more,    d_shuffled};
    for (size_t k = 0; k < sizeof device / sizeof device[0]; k++) CUDA_OK(cudaFree(device[k]));
    return report("half_functions");
}
