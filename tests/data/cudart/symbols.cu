/* tests/data/cudart/symbols.cu — __constant__ and __device__ variables through the CUDA runtime
   layer: cudaMemcpyToSymbol (with an offset), cudaMemcpyFromSymbol, cudaGetSymbolAddress and
   cudaGetSymbolSize, a device counter updated with atomics, and copies past a variable's end
   refused. */
#include "check.h"

__constant__ float coefficients[4];
__device__ int counter;
__device__ float results[256];

/* a cubic polynomial of each input, with the coefficients from constant memory */
__global__ void polynomial(const float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        results[i] = coefficients[0] + v * (coefficients[1] + v * (coefficients[2] + v * coefficients[3]));
        if (v > 0) atomicAdd(&counter, 1);
    }
}

int main(void) {
    const float c[4] = {1.0f, -2.0f, 0.5f, 0.25f};
    CUDA_OK(cudaMemcpyToSymbol(coefficients, c, 2 * sizeof(float)));
    CUDA_OK(cudaMemcpyToSymbol(coefficients, c + 2, 2 * sizeof(float), 2 * sizeof(float), cudaMemcpyHostToDevice));
    const int zero = 0;
    CUDA_OK(cudaMemcpyToSymbol(counter, &zero, sizeof zero));

    enum { N = 256 };
    float hx[N];
    for (int i = 0; i < N; i++) hx[i] = (float)(i - 100) / 16.0f;
    float* x = NULL;
    CUDA_OK(cudaMalloc((void**)&x, sizeof hx));
    CUDA_OK(cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice));
    polynomial<<<N / 64, 64>>>(x, N);
    CUDA_OK(cudaGetLastError());

    float got[N];
    CUDA_OK(cudaMemcpyFromSymbol(got, results, sizeof got));
    int positives = 0, wrong = 0;
    for (int i = 0; i < N; i++) {
        float v = hx[i];
        float ref = c[0] + v * (c[1] + v * (c[2] + v * c[3]));
        wrong += !close_enough(got[i], ref);
        positives += v > 0;
    }
    CHECK(wrong == 0);
    int count = -1;
    CUDA_OK(cudaMemcpyFromSymbol(&count, counter, sizeof count));
    CHECK(count == positives);

    /* the address works as device memory */
    void* address = NULL;
    size_t size = 0;
    CUDA_OK(cudaGetSymbolAddress(&address, results));
    CUDA_OK(cudaGetSymbolSize(&size, results));
    CHECK(address != NULL && size == sizeof got);
    float first = 0;
    CUDA_OK(cudaMemcpy(&first, address, sizeof first, cudaMemcpyDeviceToHost));
    CHECK(first == got[0]);

    /* past the end, and not a variable */
    CHECK(cudaMemcpyToSymbol(coefficients, c, sizeof c, sizeof(float)) == cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
    CHECK(cudaMemcpyToSymbol(hx, c, sizeof(float)) == cudaErrorInvalidSymbol);
    CHECK(cudaGetLastError() == cudaErrorInvalidSymbol);
    CHECK(cudaGetLastError() == cudaSuccess);

    CUDA_OK(cudaFree(x));
    return report("symbols");
}
