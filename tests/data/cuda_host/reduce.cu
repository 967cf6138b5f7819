// tests/data/cuda_host/reduce.cu — block reductions as CUDA code writes them: a tree through
// dynamic (extern __shared__) and static shared memory, warp shuffles whose per-warp sums one
// warp combines through shared memory, the __syncthreads_count/_and/_or votes, and every warp
// shuffle and vote flavour with its width operand.
#include "cuda_test.h"

#define FULL_MASK 0xffffffffu

// One sum per block of 2 * blockDim.x elements (each thread adds two first); blockDim.x is a
// power of two and the dynamic shared memory holds blockDim.x floats.
extern "C" __global__ void reduce_dynamic(const float* in, float* block_sums, int n) {
    extern __shared__ float partial[];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + t;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    partial[t] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) partial[t] += partial[t + s];
        __syncthreads();
    }
    if (t == 0) block_sums[blockIdx.x] = partial[0];
}

#define STATIC_BLOCK 256

// Each thread first accumulates a grid-stride slice, then the block (STATIC_BLOCK threads)
// reduces in a static array.
extern "C" __global__ void reduce_static(const int* in, int* block_sums, int n) {
    __shared__ int partial[STATIC_BLOCK];
    int t = threadIdx.x, sum = 0;
    for (int i = blockIdx.x * STATIC_BLOCK + t; i < n; i += STATIC_BLOCK * gridDim.x) sum += in[i];
    partial[t] = sum;
    __syncthreads();
    for (int s = STATIC_BLOCK / 2; s > 0; s /= 2) {
        if (t < s) partial[t] += partial[t + s];
        __syncthreads();
    }
    if (t == 0) block_sums[blockIdx.x] = partial[0];
}

// A plain device function: at -O0 it stays a call (noinline, optnone).
__device__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(FULL_MASK, v, offset);
    return v;
}

// Each warp sums with shuffles, its lane 0 leaves the sum in shared memory, warp 0 sums those.
// blockDim.x is a multiple of 32.
extern "C" __global__ void reduce_warp_shuffle(const float* in, float* block_sums, int n) {
    __shared__ float warp_sums[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    float v = warp_sum(i < n ? in[i] : 0.0f);
    if (lane == 0) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = warp_sum(lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f);
        if (lane == 0) block_sums[blockIdx.x] = v;
    }
}

// Per block: how many of its elements are positive, whether all are, whether any is (elements
// past n count as not positive).
extern "C" __global__ void block_votes(const int* in, int* counts, int* all, int* any, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int positive = i < n && in[i] > 0;
    int count = __syncthreads_count(positive);
    int every = __syncthreads_and(positive);
    int some = __syncthreads_or(positive);
    if (threadIdx.x == 0) {
        counts[blockIdx.x] = count;
        all[blockIdx.x] = every;
        any[blockIdx.x] = some;
    }
}

// The same votes when a third of the threads, thread 0 among them, have returned first: the
// threads still running vote (a returned thread counts as arrived at the barrier), and thread 1
// writes the block's results.
extern "C" __global__ void block_votes_after_returns(const int* in, int* counts, int* all, int* any, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x % 3 == 0) return;
    int positive = i < n && in[i] > 0;
    int count = __syncthreads_count(positive);
    int every = __syncthreads_and(positive);
    int some = __syncthreads_or(positive);
    if (threadIdx.x == 1) {
        counts[blockIdx.x] = count;
        all[blockIdx.x] = every;
        any[blockIdx.x] = some;
    }
}

// Every shuffle flavour on int and float, with the whole warp and with narrower widths, and
// the votes; blocks of whole warps. Per thread: 8 ints, 4 floats; per warp: 4 masks.
extern "C" __global__ void warp_flavours(const int* in, int* out, float* out_f, unsigned* warp_out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    float f = (float)v * 0.5f;
    int* o = out + 8 * i;
    o[0] = __shfl_sync(FULL_MASK, v, (lane + 3) % 32);
    o[1] = __shfl_up_sync(FULL_MASK, v, 2);
    o[2] = __shfl_down_sync(FULL_MASK, v, 5);
    o[3] = __shfl_xor_sync(FULL_MASK, v, 9);
    o[4] = __shfl_sync(FULL_MASK, v, 6, 8);
    o[5] = __shfl_up_sync(FULL_MASK, v, 1, 16);
    o[6] = __shfl_down_sync(FULL_MASK, v, 3, 4);
    o[7] = __shfl_xor_sync(FULL_MASK, v, 2, 4);
    float* of = out_f + 4 * i;
    of[0] = __shfl_sync(FULL_MASK, f, 31 - lane);
    of[1] = __shfl_up_sync(FULL_MASK, f, 7);
    of[2] = __shfl_down_sync(FULL_MASK, f, 1);
    of[3] = __shfl_xor_sync(FULL_MASK, f, 16);
    unsigned ballot = __ballot_sync(FULL_MASK, v & 1);
    int any = __any_sync(FULL_MASK, v > 1000);
    int all = __all_sync(FULL_MASK, v >= 0);
    unsigned active = __activemask();
    if (lane == 0) {
        unsigned* w = warp_out + 4 * (i / 32);
        w[0] = ballot;
        w[1] = any;
        w[2] = all;
        w[3] = active;
    }
}

// A look-back loop that lanes leave one by one, each vote over the lanes still in it (CUB's
// radix sort: mask = __ballot_sync(mask, ...)), with a shuffle from the first lane still voting;
// lane t takes steps[t] votes (1 to 6). Per thread: the ballot of each vote it took (0 for the
// others), the sum of the shuffled values, a vote of the whole warp after the loop, and the xor
// of the lanes voting in each round (a vote of 1, which lanes that left must not join).
extern "C" __global__ void lookback_votes(const int* steps, unsigned* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x, mine = steps[t];
    unsigned* o = out + 9 * t;
    for (int k = 0; k < 6; k++) o[k] = 0;
    unsigned want = FULL_MASK, from_first = 0, voting = 0;
    for (int k = 0;; k++) {
        unsigned before = want;
        want = __ballot_sync(want, k + 1 < mine);
        o[k] = want;
        int first = 0;
        while (!(before >> first & 1u)) first++;
        from_first += (unsigned)__shfl_sync(before, t * 10 + k, first);
        voting ^= __ballot_sync(before, 1);
        if (k + 1 >= mine) break;
    }
    o[6] = from_first;
    o[7] = __ballot_sync(FULL_MASK, t % 3 == 0);
    o[8] = voting;
}

// Each half of a warp on its own side of a branch, syncing, shuffling and voting on its mask.
// Per thread: the shuffle, the vote, the lanes voting (not __activemask: cuda_test.h's is a vote
// of the whole warp with clang-14). Lanes 16 and 19, which no other lane reads, return after a
// vote of the whole warp: the votes of their half leave them out.
extern "C" __global__ void warp_halves(unsigned* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32;
    unsigned* o = out + 3 * t;
    unsigned all = __ballot_sync(FULL_MASK, 1);
    if (lane == 16 || lane == 19) {
        o[0] = o[1] = o[2] = all;
        return;
    }
    if (lane < 16) {
        __syncwarp(0x0000ffffu);
        o[0] = __shfl_sync(0x0000ffffu, t * 3, lane ^ 1);
        o[1] = __ballot_sync(0x0000ffffu, t % 2 == 0);
        o[2] = __ballot_sync(0x0000ffffu, 1);
    } else {
        __syncwarp(0xffff0000u);
        o[0] = __shfl_sync(0xffff0000u, t * 5, lane ^ 3);
        o[1] = __ballot_sync(0xffff0000u, t % 4 == 0);
        o[2] = __ballot_sync(0xffff0000u, 1);
    }
}

// The seeded bug: lanes below 16 shuffle with a mask naming the whole warp while the others wait
// at the block's barrier (a GPU hangs or reads garbage). The launch must fail.
extern "C" __global__ void shuffle_without_its_lanes(int* out) {
    int t = threadIdx.x, v = 0;
    if (t % 32 < 16) v = __shfl_sync(FULL_MASK, t, t % 32 + 1);
    __syncthreads();
    out[t] = v;
}
