/* tests/data/cudart/cub_primitives.cu — CUB's block and warp primitives as the public suites'
   programs use them, through the inline PTX CUB writes (shuffles alone and in its scan and
   reduction steps): BlockReduce, BlockScan, WarpReduce and WarpScan over int and double (the
   float and long long forms are test_nvvm_host's, with every other form CUB writes). (Thrust's algorithms, built on
   CUB's device-wide ones, are left to the hand: each program JIT-compiles dozens of large kernels,
   2 to 25 s.) Needs the CUDA toolkit (CUB is its header): compat/cudart.sh builds it with the
   toolkit only. */
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

#include "check.h"

enum { THREADS = 64, BLOCKS = 3, N = THREADS * BLOCKS };

/* Per thread: the block's sum, its exclusive prefix, its warp's sum, its inclusive prefix in the
   warp. */
template <typename T> __global__ void primitives(const T* in, T* out) {
    typedef cub::BlockReduce<T, THREADS> BlockReduce;
    typedef cub::BlockScan<T, THREADS> BlockScan;
    typedef cub::WarpReduce<T> WarpReduce;
    typedef cub::WarpScan<T> WarpScan;
    __shared__ typename BlockReduce::TempStorage reduce_storage;
    __shared__ typename BlockScan::TempStorage scan_storage;
    __shared__ typename WarpReduce::TempStorage warp_reduce_storage[THREADS / 32];
    __shared__ typename WarpScan::TempStorage warp_scan_storage[THREADS / 32];
    __shared__ T block_sum;
    int i = blockIdx.x * THREADS + threadIdx.x, warp = threadIdx.x / 32;
    T v = in[i];
    T sum = BlockReduce(reduce_storage).Sum(v);
    if (threadIdx.x == 0) block_sum = sum;
    __syncthreads();
    T before;
    BlockScan(scan_storage).ExclusiveSum(v, before);
    T warp_sum = WarpReduce(warp_reduce_storage[warp]).Sum(v);
    T through;
    WarpScan(warp_scan_storage[warp]).InclusiveSum(v, through);
    out[4 * i] = block_sum;
    out[4 * i + 1] = before;
    out[4 * i + 2] = threadIdx.x % 32 == 0 ? warp_sum : T(0); /* lane 0 holds the warp's sum */
    out[4 * i + 3] = through;
}

template <typename T> static void check_primitives(T (*value)(int)) {
    T in[N], out[4 * N];
    for (int i = 0; i < N; i++) in[i] = value(i);
    T *d_in = NULL, *d_out = NULL;
    CUDA_OK(cudaMalloc((void**)&d_in, sizeof in));
    CUDA_OK(cudaMalloc((void**)&d_out, sizeof out));
    CUDA_OK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
    primitives<T><<<BLOCKS, THREADS>>>(d_in, d_out);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int b = 0; b < BLOCKS; b++) {
        T sum = 0, prefix = 0;
        for (int t = 0; t < THREADS; t++) sum += in[b * THREADS + t];
        for (int t = 0; t < THREADS; t++) {
            int i = b * THREADS + t, first = i - t % 32;
            T warp_sum = 0, through = 0;
            for (int k = 0; k < 32; k++) warp_sum += in[first + k];
            for (int k = 0; k <= t % 32; k++) through += in[first + k];
            T expected[4] = {sum, prefix, t % 32 == 0 ? warp_sum : T(0), through};
            for (int k = 0; k < 4; k++) wrong += !close_enough((double)out[4 * i + k], (double)expected[k]);
            prefix += in[i];
        }
    }
    CHECK(wrong == 0);
    CUDA_OK(cudaFree(d_in));
    CUDA_OK(cudaFree(d_out));
}

static int int_value(int i) { return (i * 37) % 101 - 50; }
static double double_value(int i) { return (i % 17) * 0.125 - 1.0; }

int main(void) {
    check_primitives<int>(int_value);
    check_primitives<double>(double_value);
    return report("cub_primitives");
}
