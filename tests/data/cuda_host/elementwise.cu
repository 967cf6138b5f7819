// tests/data/cuda_host/elementwise.cu — elementwise kernels in the shapes CUDA code has: a
// grid-stride loop, a template instantiated for two types (mangled names), float4 loads through
// the read-only path (__ldg), and __constant__ tables (one initialised, one the host writes).
#include "cuda_test.h"

// y = a * x + y, each thread striding over the whole array: any grid covers any n.
__global__ void saxpy(int n, float a, const float* x, float* y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

// out = alpha * x + beta * y, one element per thread.
template <typename T>
__global__ void axpby(const T* x, const T* y, T* out, T alpha, T beta, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = alpha * x[i] + beta * y[i];
}
template __global__ void axpby<float>(const float*, const float*, float*, float, float, int);
template __global__ void axpby<int>(const int*, const int*, int*, int, int, int);

// out = in * gain + bias, four floats per thread; the gains (16 of them, by index) and the
// vectors are read through the read-only cache. A float4 parameter is passed by value.
extern "C" __global__ void scale_float4(const float4* __restrict__ in, const float* __restrict__ gains,
                                        float4* __restrict__ out, float4 bias, int n4) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n4) return;
    float4 v = __ldg(&in[i]);
    float g = __ldg(&gains[i & 15]);
    out[i] = make_float4(v.x * g + bias.x, v.y * g + bias.y, v.z * g + bias.z, v.w * g + bias.w);
}

// Coefficients of a polynomial, lowest degree first, fixed at compile time.
__constant__ float poly_coefficients[6] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, -0.03125f};
// A lookup table the host fills before launching.
__constant__ int remap_table[16];

// y = the polynomial at x (Horner), mapped = remap_table[key & 15].
extern "C" __global__ void poly_remap(const float* x, const int* keys, float* y, int* mapped, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i], acc = poly_coefficients[5];
    for (int k = 4; k >= 0; k--) acc = acc * v + poly_coefficients[k];
    y[i] = acc;
    mapped[i] = remap_table[keys[i] & 15];
}
