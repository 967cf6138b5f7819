/* tests/data/cudart/reduction.cu — a tree reduction in dynamic shared memory, sized by the
   occupancy calls programs use (cudaOccupancyMaxPotentialBlockSize, the template of
   cuda_runtime.h, over cudaFuncGetAttributes and cudaOccupancyMaxActiveBlocksPerMultiprocessor),
   with a C reference. */
#include "check.h"
#include <stdlib.h>

__global__ void block_sums(const float* in, float* out, int n) {
    extern __shared__ float partial[];
    unsigned tid = threadIdx.x;
    float sum = 0;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) sum += in[i];
    partial[tid] = sum;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = partial[0];
}

int main(void) {
    cudaFuncAttributes attributes;
    CUDA_OK(cudaFuncGetAttributes(&attributes, block_sums));
    CHECK(attributes.maxThreadsPerBlock >= 256);
#ifdef __CUDA_ARCH_LIST__ /* the architecture the code was compiled for (clang 22 names it in host code too) */
    CHECK(attributes.ptxVersion * 10 == __CUDA_ARCH_LIST__);
#endif

    int min_grid = 0, block = 0;
    CUDA_OK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, block_sums, 0, 1024));
    CHECK(block >= 32 && block <= attributes.maxThreadsPerBlock && min_grid >= 1);
    int resident = 0;
    CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, block_sums, 256, 256 * sizeof(float)));
    CHECK(resident >= 1);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, block_sums, 0, 0) == cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);

    /* a power of two for the tree: the largest not above the suggestion, at most 1024 */
    int threads = 32;
    while (threads * 2 <= block && threads * 2 <= 1024) threads *= 2;
    enum { N = 100000 };
    float* h = (float*)malloc(N * sizeof(float));
    double reference = 0;
    for (int i = 0; i < N; i++) h[i] = (float)((i % 17) - 8) * 0.25f, reference += h[i];
    int blocks = 64;
    float *in = NULL, *sums = NULL;
    CUDA_OK(cudaMalloc((void**)&in, N * sizeof(float)));
    CUDA_OK(cudaMalloc((void**)&sums, blocks * sizeof(float)));
    CUDA_OK(cudaMemcpy(in, h, N * sizeof(float), cudaMemcpyHostToDevice));
    block_sums<<<blocks, threads, threads * sizeof(float)>>>(in, sums, N);
    block_sums<<<1, threads, threads * sizeof(float)>>>(sums, sums, blocks);
    float total = 0;
    CUDA_OK(cudaMemcpy(&total, sums, sizeof total, cudaMemcpyDeviceToHost));
    CHECK(close_enough(total, reference));

    CUDA_OK(cudaFree(in));
    CUDA_OK(cudaFree(sums));
    free(h);
    return report("reduction");
}
