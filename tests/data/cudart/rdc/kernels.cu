/* tests/data/cudart/rdc/kernels.cu — a kernel calling util.cu's device function and reading its
   variable (-rdc=true), and the host functions main.c calls. */
#include <cuda_runtime.h>

extern __device__ int calls;
extern __device__ float scaled(float v, float factor);
__global__ void reset_calls(void);

__global__ void scale_all(float* data, int n, float factor, int* calls_seen) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = scaled(data[i], factor);
}

__global__ void read_calls(int* out) { *out = calls; }

extern "C" int scale_on_device(float* host, int n, float factor) {
    float* d = NULL;
    int *seen = NULL, count = -1;
    if (cudaMalloc((void**)&d, n * sizeof(float)) != cudaSuccess || cudaMalloc((void**)&seen, sizeof(int)) != cudaSuccess)
        return -1;
    cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
    reset_calls<<<1, 1>>>();
    scale_all<<<(n + 63) / 64, 64>>>(d, n, factor, seen);
    read_calls<<<1, 1>>>(seen);
    cudaMemcpy(host, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&count, seen, sizeof count, cudaMemcpyDeviceToHost);
    cudaFree(d);
    cudaFree(seen);
    return cudaGetLastError() == cudaSuccess ? count : -1;
}
