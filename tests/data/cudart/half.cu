/* tests/data/cudart/half.cu — cuda_fp16.h's half precision, which the header writes as inline
   PTX on .f16 registers: arithmetic, fma, saturation, comparisons (ordered and unordered, with
   NaN), conversions to and from float, double and integers, pairs (__half2), sqrt and rounding to
   integers, shuffles and atomicAdd. Every result is compared bit for bit with the correctly
   rounded one, computed on the host in double and rounded once (_Float16), over inputs chosen for
   the edges: ties to even, subnormals, overflow, signed zeros, infinities, NaN, and a double a
   hair above a half-way point, which rounding to float first would turn into a tie.
   Needs the CUDA toolkit (cuda_fp16.h is its header): compat/cudart.sh builds it with it only. */
#include <cuda_fp16.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

/* The inputs: each pair (a[i], b[i]) and each triple with c[i]. */
static const float inputs[] = {1.0f,   2.0f,      0.5f,    3.0f,    1.0009765625f, 1.00048828125f, 65504.0f,
                               -2.5f,  0.000061f, 6e-8f,   -0.0f,   0.0f,          1e-3f,          -7.25f,
                               2048.f, 2049.0f,   0.3333f, 1.5e4f,  -65504.0f,     INFINITY,       NAN,
                               0.75f,  -0.125f,   100.0f,  0.1f,    1.4f,          2.5f,           -3.5f};
enum { N = sizeof inputs / sizeof inputs[0], OPERATIONS = 8, COMPARISONS = 12, INTEGERS = 6 };

struct results {
    unsigned short arithmetic[N][OPERATIONS];
    unsigned short compared[N][COMPARISONS];
    int integers[N][INTEGERS];
    unsigned short rounded[N][4];
    unsigned int pairs[N][3];
    float widened[N][2];
};

__global__ void operations(const __half* a, const __half* b, const __half* c, results* out) {
    int i = threadIdx.x;
    if (i >= N) return;
    __half x = a[i], y = b[i], z = c[i];
    __half r[OPERATIONS] = {__hadd(x, y),     __hsub(x, y),     __hmul(x, y),     __hfma(x, y, z),
                            __hadd_sat(x, y), __hsub_sat(x, y), __hfma_sat(x, y, z), __hneg(__habs(x))};
    for (int k = 0; k < OPERATIONS; k++) out->arithmetic[i][k] = __half_as_ushort(r[k]);
    bool cmp[COMPARISONS] = {__heq(x, y),  __hne(x, y),  __hlt(x, y),  __hle(x, y),  __hgt(x, y),  __hge(x, y),
                             __hequ(x, y), __hneu(x, y), __hltu(x, y), __hleu(x, y), __hgtu(x, y), __hgeu(x, y)};
    for (int k = 0; k < COMPARISONS; k++) out->compared[i][k] = cmp[k];
    out->integers[i][0] = __half2int_rn(x);
    out->integers[i][1] = __half2int_rz(x);
    out->integers[i][2] = (int)__half2uint_rn(x);
    out->integers[i][3] = __half2short_rn(x);
    out->integers[i][4] = (int)__half2ll_rn(x);
    out->integers[i][5] = __half_as_ushort(__int2half_rn(2047 + i));
    __half rounded[4] = {hrint(x), htrunc(x), hfloor(x), hceil(x)};
    for (int k = 0; k < 4; k++) out->rounded[i][k] = __half_as_ushort(rounded[k]);
    __half2 p = __halves2half2(x, y), q = __halves2half2(z, x);
    __half2 pairs[3] = {__hadd2(p, q), __hmul2(p, q), __hfma2(p, q, p)};
    for (int k = 0; k < 3; k++) {
        unsigned int bits;
        memcpy(&bits, &pairs[k], sizeof bits);
        out->pairs[i][k] = bits;
    }
    out->widened[i][0] = __low2float(pairs[0]);
    out->widened[i][1] = __high2float(pairs[0]);
}

/* Conversions from float and double on the device, and sqrt, each input through one thread. */
__global__ void conversions(const float* f, const double* d, unsigned short* out) {
    int i = threadIdx.x;
    out[3 * i] = __half_as_ushort(__float2half(f[i]));
    out[3 * i + 1] = __half_as_ushort(__double2half(d[i]));
    out[3 * i + 2] = __half_as_ushort(hsqrt(__float2half(f[i])));
}

/* The rest of the header's forms, for inputs x, y: max, min, the reciprocal and its root,
   saturated product, conversions from other integers, rearranged pairs, division, a read
   through the read-only cache and shuffles (a whole warp runs; threads past N repeat inputs). */
enum { MORE = 22 };
__global__ void more(const __half* a, const __half* b, unsigned int* out) {
    int i = threadIdx.x;
    __half x = a[i % N], y = b[i % N];
    __half2 p = __halves2half2(x, y), q = __floats2half2_rn(__half2float(y), 0.5f);
    __half2 pairs[] = {__hneg2(p), __habs2(p), __hsub2(p, q), __low2half2(p), __high2half2(p), __lowhigh2highlow(p),
                       __lows2half2(p, q), __highs2half2(p, q), __half2half2(x), __float22half2_rn(__half22float2(p))};
    __half halves[] = {__hmax(x, y),           __hmin(x, y),           hrcp(x),
                       hrsqrt(x),              __hmul_sat(x, y),       __uint2half_rn(65519u + (unsigned)i),
                       __ll2half_rn(-2049 - i), __short2half_rn((short)(2051 + i)), __low2half(p),
                       __high2half(p),          __hdiv(x, y),           __shfl_down_sync(0xffffffffu, x, 1)};
    __half read = __ldg(&a[i % N]), first = __shfl_sync(0xffffffffu, x, 0);
    if (i >= N) return;
    for (int k = 0; k < 10; k++) memcpy(&out[MORE * i + k], &pairs[k], sizeof out[0]);
    for (int k = 0; k < 12; k++) out[MORE * i + 10 + k] = __half_as_ushort(halves[k]);
    if (__half_as_ushort(read) != __half_as_ushort(a[i]) || __half_as_ushort(first) != __half_as_ushort(a[0]))
        out[MORE * i] = 0xdeadbeefu;
}

/* Every thread adds 1 to one half and (1, 0.5) to one pair; lanes trade halves. */
__global__ void atomics_and_shuffles(__half* sum, __half2* pair_sum, __half* swapped) {
    atomicAdd(sum, __float2half(1.0f));
    atomicAdd(pair_sum, __floats2half2_rn(1.0f, 0.5f));
    __half mine = __int2half_rn(threadIdx.x);
    swapped[threadIdx.x] = __shfl_xor_sync(0xffffffffu, mine, 1);
}

static unsigned short bits_of(_Float16 h) {
    unsigned short b;
    memcpy(&b, &h, sizeof b);
    return b;
}

static double wide(unsigned short bits) {
    _Float16 h;
    memcpy(&h, &bits, sizeof h);
    return (double)h;
}

/* PTX's .sat: clamped to [0, 1], NaN to 0 */
static unsigned short saturated(unsigned short bits) {
    double v = wide(bits);
    return bits_of((_Float16)(v > 0 ? (v < 1 ? v : 1.0) : 0.0));
}

/* The same bits, or both a NaN. */
static int same(unsigned short got, unsigned short want) {
    return got == want || (isnan(wide(got)) && isnan(wide(want)));
}

static long long rounded_to_integer(double v, long long low, long long high) {
    if (isnan(v)) return 0;
    double r = rint(v);
    return r < low ? low : r > high ? high : (long long)r;
}

int main(void) {
    __half h_a[N], h_b[N], h_c[N];
    unsigned short a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
        a[i] = bits_of((_Float16)inputs[i]);
        b[i] = bits_of((_Float16)inputs[(i + 5) % N]);
        c[i] = bits_of((_Float16)inputs[(i + 11) % N]);
    }
    /* ties: 2050 + 1 and 1 + 2^-11 sit half-way between two halves */
    a[14] = bits_of((_Float16)2050.0f);
    b[14] = bits_of((_Float16)1.0f);
    a[15] = bits_of((_Float16)1.0f);
    b[15] = bits_of((_Float16)0.00048828125f);
    /* an fma whose sum, rounded to float before half, would round the wrong way */
    a[16] = bits_of((_Float16)1.3837890625);
    b[16] = bits_of((_Float16)0.0008821487426757812);
    c[16] = bits_of((_Float16)0.673828125);
    memcpy(h_a, a, sizeof a);
    memcpy(h_b, b, sizeof b);
    memcpy(h_c, c, sizeof c);
    __half *d_a, *d_b, *d_c;
    results* d_out;
    static results out;
    CUDA_OK(cudaMalloc((void**)&d_a, sizeof h_a));
    CUDA_OK(cudaMalloc((void**)&d_b, sizeof h_b));
    CUDA_OK(cudaMalloc((void**)&d_c, sizeof h_c));
    CUDA_OK(cudaMalloc((void**)&d_out, sizeof out));
    CUDA_OK(cudaMemcpy(d_a, h_a, sizeof h_a, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_b, h_b, sizeof h_b, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_c, h_c, sizeof h_c, cudaMemcpyHostToDevice));
    operations<<<1, 32>>>(d_a, d_b, d_c, d_out);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(&out, d_out, sizeof out, cudaMemcpyDeviceToHost));

    for (int i = 0; i < N; i++) {
        double x = wide(a[i]), y = wide(b[i]), z = wide(c[i]);
        unsigned short fma = bits_of((_Float16)(x * y + z)); /* exact in double short of overflow */
        unsigned short want[OPERATIONS] = {bits_of((_Float16)(x + y)),
                                           bits_of((_Float16)(x - y)),
                                           bits_of((_Float16)(x * y)),
                                           fma,
                                           saturated(bits_of((_Float16)(x + y))),
                                           saturated(bits_of((_Float16)(x - y))),
                                           saturated(fma),
                                           (unsigned short)(a[i] | 0x8000)};
        for (int k = 0; k < OPERATIONS; k++) {
            if (!same(out.arithmetic[i][k], want[k]))
                fprintf(stderr, "  input %d operation %d: %04x, want %04x\n", i, k, out.arithmetic[i][k], want[k]);
            CHECK(same(out.arithmetic[i][k], want[k]));
        }
        int unordered = isnan(x) || isnan(y);
        int cmp[COMPARISONS] = {x == y, !unordered && x != y, x < y, x <= y, x > y, x >= y,
                                unordered || x == y, unordered || x != y, unordered || x < y,
                                unordered || x <= y, unordered || x > y, unordered || x >= y};
        for (int k = 0; k < COMPARISONS; k++) CHECK(out.compared[i][k] == cmp[k]);
        CHECK(out.integers[i][0] == (int)rounded_to_integer(x, INT32_MIN, INT32_MAX));
        CHECK(out.integers[i][1] == (isnan(x) ? 0 : (int)rounded_to_integer(trunc(x), INT32_MIN, INT32_MAX)));
        CHECK(out.integers[i][2] == (int)(unsigned)rounded_to_integer(x, 0, UINT32_MAX));
        CHECK(out.integers[i][3] == (int)rounded_to_integer(x, INT16_MIN, INT16_MAX));
        CHECK(out.integers[i][4] == (int)rounded_to_integer(x, INT64_MIN, INT64_MAX));
        CHECK(out.integers[i][5] == bits_of((_Float16)(double)(2047 + i)));
        unsigned short rounded[4] = {bits_of((_Float16)rint(x)), bits_of((_Float16)trunc(x)),
                                     bits_of((_Float16)floor(x)), bits_of((_Float16)ceil(x))};
        for (int k = 0; k < 4; k++) CHECK(same(out.rounded[i][k], rounded[k]));
        double lows[3] = {x + z, x * z, x * z + x}, highs[3] = {y + x, y * x, y * x + y};
        for (int k = 0; k < 3; k++) {
            CHECK(same((unsigned short)(out.pairs[i][k] & 0xffff), bits_of((_Float16)lows[k])));
            CHECK(same((unsigned short)(out.pairs[i][k] >> 16), bits_of((_Float16)highs[k])));
        }
        double low_sum = wide((unsigned short)(out.pairs[i][0] & 0xffff));
        CHECK(out.widened[i][0] == (float)low_sum || (isnan(out.widened[i][0]) && isnan(low_sum)));
    }
    /* the ties went to even: 2051 to 2052, 1 + 2^-11 to 1 */
    CHECK(wide(out.arithmetic[14][0]) == 2052.0);
    CHECK(out.arithmetic[15][0] == bits_of((_Float16)1.0f));
    CHECK(wide(out.arithmetic[16][3]) == 0.67529296875);

    /* conversions, with the double a hair above half-way between 1 and 1 + 2^-10 */
    float f[N];
    double d[N];
    for (int i = 0; i < N; i++) f[i] = inputs[i], d[i] = (double)inputs[i] * (1 + 0x1p-30);
    d[0] = 1.0 + 0x1p-11 + 0x1p-40;
    d[1] = 1.0 + 0x1p-11;
    d[2] = 65519.99;
    d[3] = 65520.0;
    float* d_f;
    double* d_d;
    unsigned short* d_converted;
    unsigned short converted[3 * N];
    CUDA_OK(cudaMalloc((void**)&d_f, sizeof f));
    CUDA_OK(cudaMalloc((void**)&d_d, sizeof d));
    CUDA_OK(cudaMalloc((void**)&d_converted, sizeof converted));
    CUDA_OK(cudaMemcpy(d_f, f, sizeof f, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_d, d, sizeof d, cudaMemcpyHostToDevice));
    conversions<<<1, N>>>(d_f, d_d, d_converted);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(converted, d_converted, sizeof converted, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        CHECK(same(converted[3 * i], bits_of((_Float16)f[i])));
        CHECK(same(converted[3 * i + 1], bits_of((_Float16)d[i])));
        CHECK(same(converted[3 * i + 2], bits_of((_Float16)sqrt(wide(bits_of((_Float16)f[i]))))));
    }
    CHECK(converted[1] == bits_of((_Float16)(1.0 + 0x1p-10))); /* above half-way: up */
    CHECK(converted[4] == bits_of((_Float16)1.0));             /* half-way: to even */
    CHECK(wide(converted[7]) == 65504.0 && isinf(wide(converted[10])));

    unsigned int* d_more;
    static unsigned int more_out[N * MORE];
    CUDA_OK(cudaMalloc((void**)&d_more, sizeof more_out));
    more<<<1, 32>>>(d_a, d_b, d_more);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(more_out, d_more, sizeof more_out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        unsigned short x = a[i], y = b[i], q_low = y, q_high = bits_of((_Float16)0.5);
        unsigned short want_pairs[10][2] = {{(unsigned short)(x ^ 0x8000), (unsigned short)(y ^ 0x8000)},
                                            {(unsigned short)(x & 0x7fff), (unsigned short)(y & 0x7fff)},
                                            {bits_of((_Float16)(wide(x) - wide(q_low))),
                                             bits_of((_Float16)(wide(y) - wide(q_high)))},
                                            {x, x},
                                            {y, y},
                                            {y, x},
                                            {x, q_low},
                                            {y, q_high},
                                            {x, x},
                                            {x, y}};
        for (int k = 0; k < 10; k++) {
            CHECK(same((unsigned short)(more_out[MORE * i + k] & 0xffff), want_pairs[k][0]));
            CHECK(same((unsigned short)(more_out[MORE * i + k] >> 16), want_pairs[k][1]));
        }
        double wx = wide(x), wy = wide(y);
        double high = isnan(wx) ? wy : isnan(wy) ? wx : wx > wy ? wx : wy;
        double low = isnan(wx) ? wy : isnan(wy) ? wx : wx < wy ? wx : wy;
        double product = wx * wy;
        unsigned short want[12] = {bits_of((_Float16)high),
                                   bits_of((_Float16)low),
                                   bits_of((_Float16)(1.0 / wx)),
                                   bits_of((_Float16)(1.0 / sqrt(wx))),
                                   saturated(bits_of((_Float16)product)),
                                   bits_of((_Float16)(double)(65519u + (unsigned)i)),
                                   bits_of((_Float16)(double)(-2049 - i)),
                                   bits_of((_Float16)(double)(2051 + i)),
                                   x,
                                   y,
                                   bits_of((_Float16)(wx / wy)),
                                   a[(i + 1) % N]};
        for (int k = 0; k < 12; k++) {
            /* max and min of +0 and -0 may give either */
            int zeros = k < 2 && wx == 0 && wy == 0;
            if (!zeros) CHECK(same((unsigned short)more_out[MORE * i + 10 + k], want[k]));
        }
    }

    __half *d_sum, *d_swapped;
    __half2* d_pair_sum;
    CUDA_OK(cudaMalloc((void**)&d_sum, sizeof(__half)));
    CUDA_OK(cudaMalloc((void**)&d_pair_sum, sizeof(__half2)));
    CUDA_OK(cudaMalloc((void**)&d_swapped, 64 * sizeof(__half)));
    CUDA_OK(cudaMemset(d_sum, 0, sizeof(__half)));
    CUDA_OK(cudaMemset(d_pair_sum, 0, sizeof(__half2)));
    atomics_and_shuffles<<<4, 64>>>(d_sum, d_pair_sum, d_swapped);
    CUDA_OK(cudaGetLastError());
    unsigned short sum, swapped[64];
    unsigned int pair_sum;
    CUDA_OK(cudaMemcpy(&sum, d_sum, sizeof sum, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(&pair_sum, d_pair_sum, sizeof pair_sum, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(swapped, d_swapped, sizeof swapped, cudaMemcpyDeviceToHost));
    CHECK(wide(sum) == 256.0);
    CHECK(wide((unsigned short)(pair_sum & 0xffff)) == 256.0 && wide((unsigned short)(pair_sum >> 16)) == 128.0);
    for (int t = 0; t < 64; t++) CHECK(wide(swapped[t]) == (double)(t ^ 1));
    return report("half");
}
