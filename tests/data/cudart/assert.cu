/* tests/data/cudart/assert.cu — a device-side assert, as CUDA reports it: the kernel's failed
   assert makes the synchronize return cudaErrorAssert, the error is sticky (every later call
   returns it) until cudaDeviceReset, and then the device works again. The assertion's message
   (CUDA's "file:line: function: block: [..], thread: [..] Assertion `...` failed.") goes to
   stderr, which tests/test_cudart.c checks. */
#include "check.h"
#include <assert.h>

__global__ void all_positive(const int* v, int n, int* sum) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    assert(v[i] >= 0);
    atomicAdd(sum, v[i]);
}

static cudaError_t run(int bad_at, int* sum) {
    enum { N = 256 };
    int host[N];
    for (int i = 0; i < N; i++) host[i] = i == bad_at ? -1 : 1;
    int *v = NULL, *d_sum = NULL;
    CUDA_OK(cudaMalloc(&v, sizeof host));
    CUDA_OK(cudaMalloc(&d_sum, sizeof(int)));
    CUDA_OK(cudaMemcpy(v, host, sizeof host, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemset(d_sum, 0, sizeof(int)));
    all_positive<<<N / 64, 64>>>(v, N, d_sum);
    cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess) CUDA_OK(cudaMemcpy(sum, d_sum, sizeof(int), cudaMemcpyDeviceToHost));
    cudaFree(v);
    cudaFree(d_sum);
    return e;
}

int main(void) {
    int sum = 0;
    CHECK(run(70, &sum) == cudaErrorAssert); /* block 1, thread 6 */
    CHECK(cudaGetLastError() == cudaErrorAssert);
    void* p = NULL;
    CHECK(cudaMalloc(&p, 16) == cudaErrorAssert); /* sticky */
    CUDA_OK(cudaDeviceReset());
    CHECK(cudaGetLastError() == cudaSuccess);
    CUDA_OK(run(-1, &sum));
    CHECK(sum == 256);
    return report("assert");
}
