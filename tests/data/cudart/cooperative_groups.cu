/* tests/data/cudart/cooperative_groups.cu — cooperative groups within a block, as the public
   suites' programs use them: this_thread_block() with its ranks and sync, tiles of 32, 16, 8
   and 4 threads (shuffles down, up and across, ballots and votes, meta-group ranks) and
   cg::reduce, and the warp functions with a tile's mask, over a block of 8 x 4 x 2 threads (ranks x fastest) in a grid of several blocks.
   With the CUDA toolkit the headers are NVIDIA's (they read the lane with inline PTX); without
   it, offload's. */
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "check.h"

namespace cg = cooperative_groups;

enum { BLOCK_X = 8, BLOCK_Y = 4, BLOCK_Z = 2, THREADS = BLOCK_X * BLOCK_Y * BLOCK_Z, BLOCKS = 3, SLOTS = 16 };

/* The calling thread's rank in its block, its value (in[its rank in the grid]) and its slots. */
__device__ static unsigned int rank_in_block() { return cg::this_thread_block().thread_rank(); }
__device__ static int value_of(const int* in) { return in[blockIdx.x * THREADS + rank_in_block()]; }
__device__ static int* slots_of(int* out) { return out + (blockIdx.x * THREADS + rank_in_block()) * SLOTS; }

/* What each thread writes, by slot: the block and its tiles of 32, 8 and 4 (slots 0 to 8), then
   (tile_reductions) the tiles of 16 and the warp functions with a tile's mask (9 to 15). Two
   kernels rather than one: the host device's compile of a kernel grows faster than its warp
   operations do. */
__global__ void block_and_tiles(const int* in, int* out) {
    cg::thread_block block = cg::this_thread_block();
    unsigned int rank = rank_in_block();
    int v = value_of(in), *mine = slots_of(out);
    __shared__ int staged[THREADS];
    staged[rank] = v;
    block.sync();
    mine[0] = staged[THREADS - 1 - rank]; /* the block's reversal, after its barrier */
    mine[1] = (int)block.size();

    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int sum = v;
    for (int d = 16; d > 0; d /= 2) sum += warp.shfl_down(sum, d);
    mine[2] = warp.shfl(sum, 0); /* the warp's sum, from lane 0 */
    mine[3] = (int)warp.meta_group_rank() * 100 + (int)warp.meta_group_size();

    cg::thread_block_tile<8> eight = cg::tiled_partition<8>(block);
    int scan = v;
    for (unsigned int d = 1; d < 8; d *= 2) {
        int before = eight.shfl_up(scan, d);
        if (eight.thread_rank() >= d) scan += before;
    }
    mine[4] = scan; /* inclusive prefix sum in the tile of 8 */
    mine[5] = eight.shfl_xor(v, 5);

    cg::thread_block_tile<4> four = cg::tiled_partition<4>(block);
    mine[6] = (int)four.ballot(v % 2 == 0);
    mine[7] = four.any(v > 90) * 10 + four.all(v >= 0);
    mine[8] = (int)four.thread_rank();
}

__global__ void tile_reductions(const int* in, int* out) {
    cg::thread_block block = cg::this_thread_block();
    unsigned int rank = rank_in_block();
    int v = value_of(in), *mine = slots_of(out);
    cg::thread_block_tile<16> sixteen = cg::tiled_partition<16>(block);
    mine[9] = cg::reduce(sixteen, v, cg::plus<int>());
    mine[10] = cg::reduce(sixteen, v, cg::greater<int>()) * 1000 + cg::reduce(sixteen, v, cg::less<int>());
    cg::sync(block);
    mine[11] = (int)sixteen.size();

    /* the warp functions with a mask of part of the warp count its lanes only */
    unsigned int lane = rank % 32, lanes4 = 0xfu << (lane & ~3u), lanes8 = 0xffu << (lane & ~7u);
    mine[12] = __any_sync(lanes4, v > 90) * 100 + __all_sync(lanes4, v % 2 == 0) * 10 + __all_sync(lanes4, v >= 0);
    mine[13] = (int)__match_any_sync(lanes8, v % 3);
    int same = 0;
    mine[14] = (int)__match_all_sync(lanes4, v % 2, &same);
    mine[15] = same;
}

int main(void) {
    enum { N = BLOCKS * THREADS };
    int in[N], out[N * SLOTS];
    for (int i = 0; i < N; i++) in[i] = (i * 37 + 11) % 97;
    int *d_in = NULL, *d_out = NULL;
    CUDA_OK(cudaMalloc((void**)&d_in, sizeof in));
    CUDA_OK(cudaMalloc((void**)&d_out, sizeof out));
    CUDA_OK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemset(d_out, 0xff, sizeof out));
    block_and_tiles<<<BLOCKS, dim3(BLOCK_X, BLOCK_Y, BLOCK_Z)>>>(d_in, d_out);
    tile_reductions<<<BLOCKS, dim3(BLOCK_X, BLOCK_Y, BLOCK_Z)>>>(d_in, d_out);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));

    int wrong = 0;
    for (int b = 0; b < BLOCKS; b++)
        for (int r = 0; r < THREADS; r++) {
            const int* block_in = in + b * THREADS;
            const int* got = out + (b * THREADS + r) * SLOTS;
            int expected[SLOTS];
            expected[0] = block_in[THREADS - 1 - r];
            expected[1] = THREADS;
            int warp_sum = 0;
            for (int i = r / 32 * 32; i < r / 32 * 32 + 32; i++) warp_sum += block_in[i];
            expected[2] = warp_sum;
            expected[3] = r / 32 * 100 + THREADS / 32;
            int base8 = r / 8 * 8, scan = 0;
            for (int i = base8; i <= r; i++) scan += block_in[i];
            expected[4] = scan;
            expected[5] = block_in[base8 + ((r % 8) ^ 5)];
            int base4 = r / 4 * 4, ballot = 0, any = 0, all = 1;
            for (int i = 0; i < 4; i++) {
                ballot |= (block_in[base4 + i] % 2 == 0) << i;
                any |= block_in[base4 + i] > 90;
                all &= block_in[base4 + i] >= 0;
            }
            expected[6] = ballot;
            expected[7] = any * 10 + all;
            expected[8] = r % 4;
            int base16 = r / 16 * 16, sum16 = 0, max16 = block_in[base16], min16 = block_in[base16];
            for (int i = base16; i < base16 + 16; i++) {
                sum16 += block_in[i];
                max16 = block_in[i] > max16 ? block_in[i] : max16;
                min16 = block_in[i] < min16 ? block_in[i] : min16;
            }
            expected[9] = sum16;
            expected[10] = max16 * 1000 + min16;
            expected[11] = 16;
            int lane_base = r % 32 / 4 * 4, even = 1, odd = 1;
            for (int i = 0; i < 4; i++) {
                even &= block_in[base4 + i] % 2 == 0;
                odd &= block_in[base4 + i] % 2 == 1;
            }
            expected[12] = any * 100 + even * 10 + all;
            int matching = 0;
            for (int i = 0; i < 8; i++) matching |= (block_in[base8 + i] % 3 == block_in[r] % 3) << (r % 32 / 8 * 8 + i);
            expected[13] = matching;
            expected[14] = even || odd ? (int)(0xfu << lane_base) : 0;
            expected[15] = even || odd;
            for (int s = 0; s < SLOTS; s++)
                if (got[s] != expected[s] && wrong++ < 5)
                    fprintf(stderr, "  block %d rank %d slot %d: %d, expected %d\n", b, r, s, got[s], expected[s]);
        }
    CHECK(wrong == 0);
    CUDA_OK(cudaFree(d_in));
    CUDA_OK(cudaFree(d_out));
    return report("cooperative_groups");
}
