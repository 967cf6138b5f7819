/* tests/data/cudart/warp_masks.cu — warp operations over part of a warp, as CUDA's member masks
   allow: a look-back loop that lanes leave one by one, each vote over the lanes still in it
   (CUB's radix sort: `mask = __ballot_sync(mask, ...)`), with a shuffle from a lane still there
   and __activemask(); the two halves of a warp each syncing and shuffling on its own mask in the
   two sides of a branch; then the whole warp together again; a coalesced group of the threads
   that took a branch (cooperative_groups.h, NVIDIA's or offload's) while the others wait at the
   block's barrier. Blocks of 80 threads (a last warp of 16 lanes) in a grid of 3. Last, a
   shuffle whose mask names lanes that went the other way (a GPU hangs or computes garbage
   there): the launch must fail, never give a value. */
#include <cooperative_groups.h>

#include "check.h"

namespace cg = cooperative_groups;

enum { THREADS = 80, BLOCKS = 3, SLOTS = 12, MAX_STEPS = 6 };

/* How many votes lane `lane` of block `block` takes before it leaves the loop: 1 to MAX_STEPS. */
__host__ __device__ static int steps_of(int lane, int block) { return (lane * 7 + block * 3) % MAX_STEPS + 1; }

/* Slots 0..MAX_STEPS-1: the ballot of each vote the thread took (0 for votes it did not take);
   MAX_STEPS: the shuffle of the first lane still voting, summed over the votes; MAX_STEPS + 1:
   the active mask at the loop's last vote; then the reconverged warp's sum. */
__global__ void lookback(int* out) {
    int t = threadIdx.x, lane = t % 32, *mine = out + (blockIdx.x * THREADS + t) * SLOTS;
    int steps = steps_of(lane, blockIdx.x);
    for (int k = 0; k < MAX_STEPS; k++) mine[k] = 0;
    unsigned want = __activemask(), from_first = 0, active = 0;
    for (int k = 0;; k++) {
        unsigned before = want;
        want = __ballot_sync(want, k + 1 < steps);
        mine[k] = (int)want;
        int first = __ffs(before) - 1;
        from_first += (unsigned)__shfl_sync(before, t * 10 + k, first);
        active = __activemask();
        if (k + 1 >= steps) break;
    }
    mine[MAX_STEPS] = (int)from_first;
    mine[MAX_STEPS + 1] = (int)active;
    __syncwarp();
    unsigned lanes = __activemask();
    int sum = t;
    for (int d = 16; d > 0; d /= 2) {
        int other = __shfl_xor_sync(lanes, sum, d);
        if (lanes >> (lane ^ d) & 1u) sum += other;
    }
    mine[MAX_STEPS + 2] = sum;
    __syncthreads();
    mine[MAX_STEPS + 3] = (int)__ballot_sync(0xffffffffu, t % 3 == 0);
}

/* Each half of a warp on its own side of a branch: a warp barrier, a shuffle and a vote on the
   half's mask, the active mask there. */
__global__ void halves(int* out) {
    int t = threadIdx.x, lane = t % 32, *mine = out + (blockIdx.x * THREADS + t) * SLOTS;
    unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    if (lane < 16) {
        __syncwarp(half);
        mine[0] = __shfl_sync(half, t * 3, lane ^ 1);
        mine[1] = (int)__ballot_sync(half, t % 2 == 0);
        mine[2] = (int)__activemask();
    } else {
        __syncwarp(half);
        mine[0] = __shfl_sync(half, t * 5, lane ^ 3);
        mine[1] = (int)__ballot_sync(half, t % 4 == 0);
        mine[2] = (int)__activemask();
    }
}

/* The threads of each warp whose id is a multiple of 3, as a coalesced group: its first
   thread's id, its size, the caller's rank, the ballot of even ids by rank, whether any id is a
   multiple of 9 and whether all are multiples of 3; the others wait at the block's barrier. */
__global__ void coalesced(int* out) {
    int t = threadIdx.x, *mine = out + (blockIdx.x * THREADS + t) * SLOTS;
    for (int k = 0; k < 6; k++) mine[k] = -1;
    if (t % 3 == 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        g.sync();
        mine[0] = g.shfl(t, 0);
        mine[1] = (int)g.size();
        mine[2] = (int)g.thread_rank();
        mine[3] = (int)g.ballot(t % 2 == 0);
        mine[4] = g.any(t % 9 == 0);
        mine[5] = g.all(t % 3 == 0);
    }
    __syncthreads();
}

/* Lanes below 16 shuffle with a mask that names the whole warp while lanes 16 and up wait at the
   block's barrier. */
__global__ void mask_names_absent_lanes(int* out) {
    int t = threadIdx.x, lane = t % 32;
    out[t] = -1;
    if (lane < 16) out[t] = __shfl_sync(0xffffffffu, t, lane + 1);
    __syncthreads();
    out[t] += 1;
}

/* The lanes of the warp of thread t in a block of THREADS. */
static unsigned lanes_of(int t) {
    int base = t / 32 * 32, count = THREADS - base < 32 ? THREADS - base : 32;
    return count == 32 ? 0xffffffffu : (1u << count) - 1;
}

static void check_lookback(const int* out) {
    for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < THREADS; t++) {
            const int* got = out + (b * THREADS + t) * SLOTS;
            int lane = t % 32, base = t / 32 * 32, steps = steps_of(lane, b);
            unsigned lanes = lanes_of(t), before = lanes, expect_first = 0, active = 0;
            for (int k = 0; k < MAX_STEPS; k++) {
                unsigned ballot = 0; /* the lanes whose next vote still wants more */
                for (int l = 0; l < 32; l++)
                    if (lanes >> l & 1u && k + 1 < steps_of(l, b)) ballot |= 1u << l;
                if (k < steps) {
                    CHECK(got[k] == (int)ballot);
                    int first = __builtin_ctz(before);
                    expect_first += (unsigned)((base + first) * 10 + k);
                    active = before;
                } else {
                    CHECK(got[k] == 0);
                }
                before = ballot;
            }
            CHECK(got[MAX_STEPS] == (int)expect_first);
            CHECK(got[MAX_STEPS + 1] == (int)active);
            int sum = 0;
            for (int l = 0; l < 32; l++)
                if (lanes >> l & 1u) sum += base + l;
            CHECK(got[MAX_STEPS + 2] == sum);
            unsigned thirds = 0;
            for (int l = 0; l < 32; l++)
                if (lanes >> l & 1u && (base + l) % 3 == 0) thirds |= 1u << l;
            CHECK(got[MAX_STEPS + 3] == (int)thirds);
        }
}

static void check_halves(const int* out) {
    for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < THREADS; t++) {
            const int* got = out + (b * THREADS + t) * SLOTS;
            int lane = t % 32, base = t / 32 * 32;
            unsigned lanes = lanes_of(t), half = (lane < 16 ? 0x0000ffffu : 0xffff0000u) & lanes;
            int source = lane < 16 ? lane ^ 1 : lane ^ 3;
            int exists = half >> source & 1u;
            CHECK(got[0] == (lane < 16 ? (exists ? base + source : t) * 3 : (exists ? base + source : t) * 5));
            unsigned ballot = 0;
            for (int l = 0; l < 32; l++)
                if (half >> l & 1u && (base + l) % (lane < 16 ? 2 : 4) == 0) ballot |= 1u << l;
            CHECK(got[1] == (int)ballot);
            CHECK(got[2] == (int)half);
        }
}

static void check_coalesced(const int* out) {
    for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < THREADS; t++) {
            const int* got = out + (b * THREADS + t) * SLOTS;
            if (t % 3) {
                CHECK(got[0] == -1 && got[5] == -1);
                continue;
            }
            int base = t / 32 * 32, end = base + 32 < THREADS ? base + 32 : THREADS, first = -1, size = 0, rank = 0;
            unsigned ballot = 0;
            int any = 0;
            for (int l = base; l < end; l++) {
                if (l % 3) continue;
                if (first < 0) first = l;
                if (l % 2 == 0) ballot |= 1u << size;
                any |= l % 9 == 0;
                rank += l < t;
                size++;
            }
            CHECK(got[0] == first);
            CHECK(got[1] == size);
            CHECK(got[2] == rank);
            CHECK(got[3] == (int)ballot);
            CHECK(got[4] == any);
            CHECK(got[5] == 1);
        }
}

int main(void) {
    int *d = NULL, *h = new int[BLOCKS * THREADS * SLOTS];
    size_t bytes = sizeof(int) * BLOCKS * THREADS * SLOTS;
    CUDA_OK(cudaMalloc(&d, bytes));

    CUDA_OK(cudaMemset(d, 0xff, bytes));
    lookback<<<BLOCKS, THREADS>>>(d);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    check_lookback(h);

    CUDA_OK(cudaMemset(d, 0xff, bytes));
    halves<<<BLOCKS, THREADS>>>(d);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    check_halves(h);

    CUDA_OK(cudaMemset(d, 0xff, bytes));
    coalesced<<<BLOCKS, THREADS>>>(d);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    check_coalesced(h);

    /* last: the failure is sticky */
    mask_names_absent_lanes<<<1, 64>>>(d);
    CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);

    delete[] h;
    return report("warp_masks");
}
