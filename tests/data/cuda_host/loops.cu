// tests/data/cuda_host/loops.cu — a kernel whose threads each run a loop, as CUDA: the
// matrix-vector product with a thread per column of tests/data/workgroup/loops.c, which
// bench/bench_kernels.c also runs as clang's NVPTX IR (row cuda_ir_gemv_columns_*).
#include "cuda_test.h"

// y[j] = sum over i of A[i][j] * x[i] for the row-major n x n matrix A: each thread a column,
// so the threads of a block read consecutive addresses of one row at every step of their loop.
extern "C" __global__ void gemv_columns(int n, const float* a, const float* x, float* y) {
    unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < (unsigned)n) {
        float sum = 0.0f;
        for (unsigned i = 0; i < (unsigned)n; i++) sum += a[i * n + j] * x[i];
        y[j] = sum;
    }
}
