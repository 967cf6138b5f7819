// tests/data/cuda_host/atomics.cu — global-memory atomics as CUDA code uses them: atomicAdd
// (int, unsigned, float), atomicMax, atomicInc as a wrapping ticket counter, atomicCAS in a
// float-maximum loop, and the "last block finishes the sum" pattern (__threadfence, then an
// atomicInc on a __device__ counter that wraps back to 0 for the next launch).
#include "cuda_test.h"

__device__ __forceinline__ float as_float(int bits) { return __builtin_bit_cast(float, bits); }
__device__ __forceinline__ int as_int(float value) { return __builtin_bit_cast(int, value); }

// The maximum of *address and value, stored; returns the old value.
__device__ float atomic_max_float(float* address, float value) {
    int* word = (int*)address;
    int old = *word, assumed;
    do {
        assumed = old;
        if (as_float(assumed) >= value) break;
        old = atomicCAS(word, assumed, as_int(value));
    } while (old != assumed);
    return as_float(old);
}

// Over all elements: the largest, the largest half as a float, the sum as a float, how many
// are even; each element takes a ticket from a counter that wraps after `wrap`.
extern "C" __global__ void atomic_stats(const int* in, int n, int* max_value, float* max_half, float* sum,
                                        unsigned* evens, unsigned* counter, unsigned wrap, unsigned* tickets) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    atomicMax(max_value, v);
    atomic_max_float(max_half, (float)v * 0.5f);
    atomicAdd(sum, (float)v);
    if ((v & 1) == 0) atomicAdd(evens, 1u);
    tickets[i] = atomicInc(counter, wrap);
}

// Blocks finished so far in the current launch of sum_last_block.
__device__ unsigned finished_blocks;

#define SUM_THREADS 256

// Each block (SUM_THREADS threads) sums its slice into partials[block]; the block that finishes
// last adds the partials into *total.
extern "C" __global__ void sum_last_block(const int* in, int* partials, int* total, int n) {
    __shared__ int partial[SUM_THREADS];
    __shared__ bool last;
    int t = threadIdx.x, i = blockIdx.x * SUM_THREADS + t;
    partial[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int s = SUM_THREADS / 2; s > 0; s /= 2) {
        if (t < s) partial[t] += partial[t + s];
        __syncthreads();
    }
    if (t == 0) {
        partials[blockIdx.x] = partial[0];
        __threadfence(); // the partial is visible before the counter says it is there
        last = atomicInc(&finished_blocks, gridDim.x - 1) == gridDim.x - 1;
    }
    __syncthreads();
    if (last && t == 0) {
        int sum = 0;
        for (unsigned b = 0; b < gridDim.x; b++) sum += ((volatile int*)partials)[b];
        *total = sum;
    }
}
