/* tests/data/cudart/device_api.cu — the device side of CUDA as programs use it: math in float and
   double, integer and conversion intrinsics, vector types, atomics of every kind, warp shuffles
   and votes, the built-in variables as dim3 and uint3. Built with the CUDA toolkit's headers and
   without them (offload-cuda --no-cuda-toolkit, offload's compat/include), and run with
   NVIDIA's libdevice or the C library's math: every result is checked against the host's. */
#include "check.h"
#include <device_launch_parameters.h>
#include <math.h>
#include <math_constants.h>
#include <stdlib.h>

enum { N = 256, THREADS = 64 };

__global__ void math_kernel(const float* x, float* f, double* d) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    float v = x[i];
    f[i] = sinf(v * CUDART_PI_F) + cosf(v) * expf(v / 8) + sqrtf(v) + powf(v, 1.5f) + logf(v + 1) + tanhf(v / 10) +
           fabsf(-v) + floorf(v * 3) + fmaf(v, 2, 1) + atan2f(v, 3) + cbrtf(v) + exp2f(v / 4) + log10f(v + 2);
    double w = v;
    d[i] = sin(w * CUDART_PI) + exp(w / 8) + sqrt(w) + pow(w, 0.5) + log1p(w) + erf(w / 4) + hypot(w, 2.0);
}

__global__ void integer_kernel(const unsigned* u, int* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    unsigned v = u[i];
    int* o = out + 8 * i;
    o[0] = __popc(v);
    o[1] = __clz(v);
    o[2] = __ffs(v);
    o[3] = (int)__brev(v);
    o[4] = (int)__umulhi(v, 0x9e3779b9u);
    o[5] = __float2int_rn((float)v / 7.0f);
    o[6] = (int)min(v, 1000u) + max(i, 100);
    o[7] = __float_as_int(__int_as_float((int)v));
}

__global__ void vector_kernel(const float4* in, float4* out, int2* coords) {
    dim3 thread = threadIdx;
    uint3 block = blockIdx;
    int i = block.x * blockDim.x + thread.x;
    if (i >= N) return;
    float4 a = in[i];
    out[i] = make_float4(a.w, a.z * 2, a.y + 1, a.x - 1);
    coords[i] = make_int2((int)thread.x, (int)block.x);
}

__global__ void atomic_kernel(int* counters, unsigned* wraps, unsigned long long* big, float* total, double* dtotal) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    atomicAdd(&counters[0], 1);
    atomicSub(&counters[1], 2);
    atomicMax(&counters[2], i);
    atomicMin(&counters[3], -i);
    atomicOr(&counters[4], 1 << (i % 31));
    atomicXor(&counters[5], i);
    atomicAnd(&counters[6], ~(1 << (i % 31)));
    int expected = counters[7];
    while (atomicCAS(&counters[7], expected, expected + i) != expected) expected = counters[7];
    atomicInc(&wraps[0], 9u); /* counts 0..9 and wraps */
    atomicDec(&wraps[1], 9u);
    atomicAdd(&big[0], (unsigned long long)i << 33);
    atomicExch(&counters[8], 7);
    atomicAdd(total, 0.5f);
    atomicAdd(dtotal, 0.25);
}

__global__ void warp_kernel(const int* in, int* sums, unsigned* ballots, int* alls) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    unsigned ballot = __ballot_sync(0xffffffffu, in[i] % 3 == 0);
    int all = __all_sync(0xffffffffu, in[i] >= 0);
    if (threadIdx.x % 32 == 0) {
        sums[i / 32] = v;
        ballots[i / 32] = ballot;
        alls[i / 32] = all;
    }
}

template <class T>
static T* device_copy(const T* host, size_t count) {
    T* d = NULL;
    CUDA_OK(cudaMalloc(&d, count * sizeof(T)));
    if (host) CUDA_OK(cudaMemcpy(d, host, count * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

template <class T>
static void host_copy(T* host, const T* device, size_t count) {
    CUDA_OK(cudaMemcpy(host, device, count * sizeof(T), cudaMemcpyDeviceToHost));
}

static void check_math(void) {
    static float x[N], f[N];
    static double d[N];
    for (int i = 0; i < N; i++) x[i] = (float)i * 0.37f;
    float *dx = device_copy(x, N), *df = device_copy<float>(NULL, N);
    double* dd = device_copy<double>(NULL, N);
    math_kernel<<<N / THREADS, THREADS>>>(dx, df, dd);
    CUDA_OK(cudaGetLastError());
    host_copy(f, df, N);
    host_copy(d, dd, N);
    for (int i = 0; i < N; i++) {
        float v = x[i];
        double ref_f = sinf(v * 3.14159265f) + cosf(v) * expf(v / 8) + sqrtf(v) + powf(v, 1.5f) + logf(v + 1) + tanhf(v / 10) +
                       fabsf(-v) + floorf(v * 3) + fmaf(v, 2, 1) + atan2f(v, 3) + cbrtf(v) + exp2f(v / 4) +
                       log10f(v + 2);
        double w = v;
        double ref_d = sin(w * 3.14159265358979323846) + exp(w / 8) + sqrt(w) + pow(w, 0.5) + log1p(w) + erf(w / 4) + hypot(w, 2.0);
        if ((!close_enough(f[i], ref_f) || !close_enough(d[i], ref_d)) && check_failures < 4)
            fprintf(stderr, "  x=%g: float %.9g vs %.9g, double %.17g vs %.17g\n", v, f[i], ref_f, d[i], ref_d);
        CHECK(close_enough(f[i], ref_f));
        CHECK(close_enough(d[i], ref_d));
    }
    cudaFree(dx), cudaFree(df), cudaFree(dd);
}

static unsigned reverse_bits(unsigned v) {
    unsigned r = 0;
    for (int b = 0; b < 32; b++) r |= ((v >> b) & 1u) << (31 - b);
    return r;
}

static void check_integers(void) {
    static unsigned u[N];
    static int out[8 * N];
    for (int i = 0; i < N; i++) u[i] = i == 0 ? 0 : (unsigned)i * 2654435761u;
    unsigned* du = device_copy(u, N);
    int* dout = device_copy<int>(NULL, 8 * N);
    integer_kernel<<<N / THREADS, THREADS>>>(du, dout);
    host_copy(out, dout, 8 * N);
    for (int i = 0; i < N; i++) {
        unsigned v = u[i];
        int* o = out + 8 * i;
        CHECK(o[0] == __builtin_popcount(v));
        CHECK(o[1] == (v ? __builtin_clz(v) : 32));
        CHECK(o[2] == __builtin_ffs((int)v));
        CHECK((unsigned)o[3] == reverse_bits(v));
        CHECK((unsigned)o[4] == (unsigned)(((unsigned long long)v * 0x9e3779b9u) >> 32));
        CHECK(o[5] == (int)lrintf((float)v / 7.0f));
        CHECK(o[6] == (int)(v < 1000u ? v : 1000u) + (i > 100 ? i : 100));
        CHECK(o[7] == (int)v);
    }
    cudaFree(du), cudaFree(dout);
}

static void check_vectors(void) {
    static float4 in[N], out[N];
    static int2 coords[N];
    for (int i = 0; i < N; i++) in[i] = make_float4(i, i + 0.5f, i * 2.0f, -i);
    float4 *din = device_copy(in, N), *dout = device_copy<float4>(NULL, N);
    int2* dcoords = device_copy<int2>(NULL, N);
    vector_kernel<<<dim3(N / THREADS), dim3(THREADS)>>>(din, dout, dcoords);
    host_copy(out, dout, N);
    host_copy(coords, dcoords, N);
    for (int i = 0; i < N; i++) {
        CHECK(out[i].x == -i && out[i].y == i * 4.0f && out[i].z == i + 1.5f && out[i].w == i - 1.0f);
        CHECK(coords[i].x == i % THREADS && coords[i].y == i / THREADS);
    }
    cudaFree(din), cudaFree(dout), cudaFree(dcoords);
}

static void check_atomics(void) {
    int counters[9] = {0, 0, -1, 0, 0, 0, -1, 0, 0};
    unsigned wraps[2] = {0, 0};
    unsigned long long big = 0;
    float total = 0;
    double dtotal = 0;
    int* dc = device_copy(counters, 9);
    unsigned* dw = device_copy(wraps, 2);
    unsigned long long* db = device_copy(&big, 1);
    float* dt = device_copy(&total, 1);
    double* dd = device_copy(&dtotal, 1);
    atomic_kernel<<<N / THREADS, THREADS>>>(dc, dw, db, dt, dd);
    host_copy(counters, dc, 9);
    host_copy(wraps, dw, 2);
    host_copy(&big, db, 1);
    host_copy(&total, dt, 1);
    host_copy(&dtotal, dd, 1);
    int ors = 0, xors = 0, ands = -1, sum = 0;
    unsigned inc = 0, dec = 0;
    unsigned long long big_sum = 0;
    for (int i = 0; i < N; i++) {
        ors |= 1 << (i % 31), xors ^= i, ands &= ~(1 << (i % 31)), sum += i;
        inc = inc >= 9u ? 0 : inc + 1;
        dec = (dec == 0 || dec > 9u) ? 9u : dec - 1;
        big_sum += (unsigned long long)i << 33;
    }
    CHECK(counters[0] == N && counters[1] == -2 * N && counters[2] == N - 1 && counters[3] == -(N - 1));
    CHECK(counters[4] == ors && counters[5] == xors && counters[6] == ands && counters[7] == sum);
    CHECK(counters[8] == 7);
    CHECK(wraps[0] == inc && wraps[1] == dec);
    CHECK(big == big_sum);
    CHECK(total == N * 0.5f && dtotal == N * 0.25);
    cudaFree(dc), cudaFree(dw), cudaFree(db), cudaFree(dt), cudaFree(dd);
}

static void check_warps(void) {
    static int in[N], sums[N / 32], alls[N / 32];
    static unsigned ballots[N / 32];
    for (int i = 0; i < N; i++) in[i] = (i * 7919) % 1000 - (i == 77 ? 2000 : 0);
    int* din = device_copy(in, N);
    int *dsums = device_copy<int>(NULL, N / 32), *dalls = device_copy<int>(NULL, N / 32);
    unsigned* dballots = device_copy<unsigned>(NULL, N / 32);
    warp_kernel<<<N / THREADS, THREADS>>>(din, dsums, dballots, dalls);
    host_copy(sums, dsums, N / 32);
    host_copy(ballots, dballots, N / 32);
    host_copy(alls, dalls, N / 32);
    for (int w = 0; w < N / 32; w++) {
        int sum = 0, all = 1;
        unsigned ballot = 0;
        for (int l = 0; l < 32; l++) {
            int v = in[w * 32 + l];
            sum += v, all &= v >= 0;
            ballot |= (unsigned)(v % 3 == 0) << l;
        }
        CHECK(sums[w] == sum && ballots[w] == ballot && (alls[w] != 0) == all);
    }
    cudaFree(din), cudaFree(dsums), cudaFree(dalls), cudaFree(dballots);
}

int main(void) {
    check_math();
    check_integers();
    check_vectors();
    check_atomics();
    check_warps();
    return report("device_api");
}
