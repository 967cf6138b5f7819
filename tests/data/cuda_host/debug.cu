// tests/data/cuda_host/debug.cu — printf (clang lowers it to vprintf) and assert (a call of
// __assertfail with the expression, file, line and function) from device code.
#include "cuda_test.h"

// One line per element: where it was computed, its value, half of it (a double), a constant string.
extern "C" __global__ void print_values(const int* values, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        printf("block %d thread %d value %d half %.1f %s\n", blockIdx.x, threadIdx.x, values[i], values[i] * 0.5, "ok");
}

// out = 1000 / value; every value must be positive.
extern "C" __global__ void checked_divide(const int* values, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    assert(values[i] > 0);
    out[i] = 1000 / values[i];
}
