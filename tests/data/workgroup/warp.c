/* tests/data/workgroup/warp.c — warp operations of the device library on the host device (a
   warp is 32 threads of consecutive linear id there): a warp-shuffle reduction, the block
   reduction that reduces per warp, then once more in warp 0 only, every shuffle flavour, ballot,
   any and all over a block that is not a whole number of warps, votes after some lanes returned,
   and warps whose lanes disagree. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
unsigned offload_block_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
void offload_barrier(void);
void* offload_shared_memory(void);
int offload_lane_id(void);
int offload_warp_size(void);
int offload_shuffle(int v, int src);
int offload_shuffle_down(int v, int delta);
int offload_shuffle_up(int v, int delta);
int offload_shuffle_xor(int v, int mask);
long long offload_ballot(int predicate);
int offload_any(int predicate);
int offload_all(int predicate);
void offload_warp_barrier(void);

static int warp_sum(int v) {
    for (int delta = offload_warp_size() / 2; delta > 0; delta /= 2) v += offload_shuffle_down(v, delta);
    return v;
}

/* out[warp] = the sum of in over the warp's 32 threads (no shared memory). */
KERNEL void warp_reduce(const int* in, int* out) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    int sum = warp_sum(in[i]);
    if (offload_lane_id() == 0) out[i / 32] = sum;
}

/* out[block] = the sum of the block's values: each warp reduces, lane 0 of each warp stores its
   sum, and after a barrier warp 0 alone reduces the warps' sums. */
KERNEL void block_reduce(const int* in, int* out) {
    int* sums = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0), warp = t / 32, warps = offload_block_dim(0) / 32;
    int sum = warp_sum(in[offload_block_id(0) * offload_block_dim(0) + t]);
    if (offload_lane_id() == 0) sums[warp] = sum;
    offload_barrier();
    if (warp == 0) {
        sum = warp_sum(offload_lane_id() < (int)warps ? sums[offload_lane_id()] : 0);
        if (t == 0) out[offload_block_id(0)] = sum;
    }
}

/* Per thread, 8 words: lane, warp size, broadcast of lane 3's value, up by 1, xor 5, the ballot
   of odd threads (low and high word), any(t == 5), all(t < 1000). */
KERNEL void flavours(int* out) {
    unsigned t = offload_thread_id(0);
    int v = (int)(t * 10);
    int* mine = out + t * 9;
    mine[0] = offload_lane_id();
    mine[1] = offload_warp_size();
    mine[2] = offload_shuffle(v, 3);
    mine[3] = offload_shuffle_up(v, 1);
    mine[4] = offload_shuffle_xor(v, 5);
    long long ballot = offload_ballot((int)(t & 1));
    mine[5] = (int)ballot;
    mine[6] = (int)(ballot >> 32);
    mine[7] = offload_any(t == 5);
    offload_warp_barrier();
    mine[8] = offload_all(t < 1000);
}

/* Threads with t % 4 == 3 return after a ballot of the whole warp; the others vote and shuffle
   again, without them: their ballot leaves them out and a shuffle from one gives the caller's own
   value. Per thread, 4 words: the first ballot, the second, the shuffle from the lane t | 3, and
   all(1) * 10 + any(t % 4 == 3) (untouched where the thread returned). */
KERNEL void votes_after_returns(int* out) {
    unsigned t = offload_thread_id(0);
    int* mine = out + t * 4;
    mine[0] = (int)offload_ballot(1);
    if (t % 4 == 3) return;
    mine[1] = (int)offload_ballot(1);
    mine[2] = offload_shuffle((int)t, offload_lane_id() | 3);
    mine[3] = offload_all(1) * 10 + offload_any(t % 4 == 3);
}

/* Lanes of one warp at different warp operations: fails when the block runs. */
KERNEL void lanes_disagree(int* out) {
    unsigned t = offload_thread_id(0);
    if (offload_lane_id() < 16) out[t] = offload_shuffle((int)t, 0);
    else out[t] = offload_shuffle_xor((int)t, 1);
}
