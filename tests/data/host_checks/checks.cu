// tests/data/host_checks/checks.cu — CUDA kernels with seeded bugs for the host device's checks
// (tests/test_host_checks.c): an off-by-one read past an allocation, an index past a __device__
// array and past a __shared__ tile, and a barrier the threads reach apart. Compiled with line
// tables (-g) by make.sh, so that reports name the line.
#include "../cuda_host/cuda_test.h"

__device__ int table[16];

// out[i] = 2 * in[i] for i <= n: one element past both arrays (the seeded off-by-one).
extern "C" __global__ void double_off_by_one(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) out[i] = 2.0f * in[i];
}

// *out = table[i] for an index the caller picks.
extern "C" __global__ void read_table(int i, int* out) { *out = table[i]; }

// Reverses each block's 32 elements through a shared tile indexed with a shift: shift 0 is
// right, shift 1 writes one element past the tile.
extern "C" __global__ void reverse_tile(const int* in, int* out, int shift) {
    __shared__ int tile[32];
    int t = threadIdx.x, base = blockIdx.x * 32;
    tile[t + shift] = in[base + t];
    __syncthreads();
    out[base + t] = tile[31 - t];
}

// Threads race on one word and branch on what they read: they reach different barriers.
extern "C" __global__ void divergent_barrier(volatile int* word, int* out) {
    int t = threadIdx.x;
    *word = t;
    if (*word & 1) {
        __syncthreads();
        out[t] = 1;
    } else {
        out[t] = 2;
        __syncthreads();
    }
}

// Sums eight elements per output element, eight threads each doing out[i / 8] += in[i] without
// atomics: the read-modify-write race of a public suite's kernel (and, atomically, its fix).
extern "C" __global__ void sum_eights(const int* in, int* out, int atomically) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (atomically)
        atomicAdd(&out[i / 8], in[i]);
    else
        out[i / 8] += in[i];
}

// A tile loaded by the block, then read reversed: without the barrier, thread t reads what thread
// 31 - t writes in the same interval (the seeded shared-memory race).
extern "C" __global__ void reverse_unsynced(const int* in, int* out, int synced) {
    __shared__ int tile[32];
    int t = threadIdx.x;
    tile[t] = in[t];
    if (synced) __syncthreads();
    out[t] = tile[31 - t];
}

// Each block's sum of its elements, added by its thread 0 to one total: a block-level reduction
// whose last step, without atomicAdd, races between blocks (the block itself is in order: one
// thread adds, after the barrier).
extern "C" __global__ void block_totals(const int* in, int* total, int atomically) {
    __shared__ int sum;
    if (threadIdx.x == 0) sum = 0;
    __syncthreads();
    atomicAdd(&sum, in[blockIdx.x * blockDim.x + threadIdx.x]);
    __syncthreads();
    if (threadIdx.x != 0) return;
    if (atomically)
        atomicAdd(total, sum);
    else
        *total += sum;
}
