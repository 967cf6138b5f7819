/* compat/include/cooperative_groups.h — CUDA's cooperative groups within a block, for machines with
   no CUDA toolkit (tools/offload-cuda builds with compat/include there): this_thread_block() and
   its tiles, tiled_partition<N> for N a power of two up to 32, and coalesced_threads() (the
   lanes of the warp that run the call together), with their sync, ranks, sizes, shuffles and
   votes, written over the warp functions of cuda_runtime.h, so that they run on the host device
   and on an NVIDIA GPU alike. cg::reduce is in cooperative_groups/reduce.h.
   What needs more than one block's threads (this_grid(), grid and multi-device sync, which need
   a cooperative launch) and tiles of a runtime size are not here: a program that uses them fails
   to compile, naming them. */
#ifndef OFFLOAD_COOPERATIVE_GROUPS_H
#define OFFLOAD_COOPERATIVE_GROUPS_H
#include "cuda_runtime.h"

namespace cooperative_groups {

/* The calling thread's rank in its block and the block's thread count, x fastest. */
__device__ inline unsigned int offload_block_rank() {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ inline unsigned int offload_block_threads() { return blockDim.x * blockDim.y * blockDim.z; }

class thread_block {
  public:
    __device__ void sync() const { __syncthreads(); }
    __device__ unsigned int thread_rank() const { return offload_block_rank(); }
    __device__ unsigned int size() const { return offload_block_threads(); }
    __device__ unsigned int num_threads() const { return offload_block_threads(); }
    __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    __device__ dim3 dim_threads() const { return group_dim(); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }

/* A tile of Size consecutive threads of the block (by rank): within one warp, so that its
   operations are the warp's, on the tile's lanes only. A tile that names its parent group is
   one with the parent left out (thread_block_tile<32> t = tiled_partition<32>(block)). */
template <unsigned int Size, typename Parent = void> class thread_block_tile;

template <unsigned int Size> class thread_block_tile<Size, void> {
    static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0,
                  "offload's cooperative groups: tiles of 1, 2, 4, 8, 16 or 32 threads");

    /* The tile's lanes in the warp. */
    __device__ static unsigned int mask() {
        unsigned int lanes = Size == 32 ? 0xffffffffu : (1u << Size) - 1;
        return Size == 32 ? lanes : lanes << (offload_block_rank() % 32 / Size * Size);
    }

  public:
    __device__ void sync() const { __syncwarp(mask()); }
    __device__ unsigned int thread_rank() const { return offload_block_rank() % Size; }
    __device__ static constexpr unsigned int size() { return Size; }
    __device__ static constexpr unsigned int num_threads() { return Size; }
    __device__ unsigned int meta_group_rank() const { return offload_block_rank() / Size; }
    __device__ unsigned int meta_group_size() const { return (offload_block_threads() + Size - 1) / Size; }

    template <typename T> __device__ T shfl(T value, int source_rank) const {
        return __shfl_sync(mask(), value, source_rank, Size);
    }
    template <typename T> __device__ T shfl_down(T value, unsigned int delta) const {
        return __shfl_down_sync(mask(), value, delta, Size);
    }
    template <typename T> __device__ T shfl_up(T value, unsigned int delta) const {
        return __shfl_up_sync(mask(), value, delta, Size);
    }
    template <typename T> __device__ T shfl_xor(T value, unsigned int lane_mask) const {
        return __shfl_xor_sync(mask(), value, lane_mask, Size);
    }
    /* The votes over the tile's threads; ballot's bits are ranks in the tile. */
    __device__ unsigned int ballot(int predicate) const {
        unsigned int m = mask();
        return (__ballot_sync(m, predicate) & m) >> (offload_block_rank() % 32 / Size * Size);
    }
    __device__ int any(int predicate) const { return ballot(predicate) != 0; }
    __device__ int all(int predicate) const {
        return ballot(predicate) == (Size == 32 ? 0xffffffffu : (1u << Size) - 1);
    }
};

template <unsigned int Size, typename Parent> class thread_block_tile : public thread_block_tile<Size, void> {};

/* The lanes of a warp that called coalesced_threads() together (__activemask()), ranked in lane
   order; ballot's bits are ranks in the group. */
class coalesced_group {
    unsigned int lanes;

    __device__ static unsigned int lane() { return offload_block_rank() % 32; }
    /* The lane of rank `rank` in the group. */
    __device__ unsigned int lane_of(unsigned int rank) const {
        unsigned int rest = lanes;
        for (unsigned int k = 0; k < rank % size(); k++) rest &= rest - 1;
        return (unsigned int)(__ffs((int)rest) - 1);
    }

  public:
    __device__ explicit coalesced_group(unsigned int active) : lanes(active) {}
    __device__ void sync() const { __syncwarp(lanes); }
    __device__ unsigned int size() const { return (unsigned int)__popc(lanes); }
    __device__ unsigned int num_threads() const { return size(); }
    __device__ unsigned int thread_rank() const { return (unsigned int)__popc(lanes & ((1u << lane()) - 1)); }
    template <typename T> __device__ T shfl(T value, unsigned int source_rank) const {
        return __shfl_sync(lanes, value, (int)lane_of(source_rank));
    }
    __device__ unsigned int ballot(int predicate) const {
        unsigned int votes = __ballot_sync(lanes, predicate), ranked = 0, rank = 0;
        for (unsigned int rest = lanes; rest; rest &= rest - 1, rank++)
            if (votes >> (__ffs((int)rest) - 1) & 1u) ranked |= 1u << rank;
        return ranked;
    }
    __device__ int any(int predicate) const { return __any_sync(lanes, predicate); }
    __device__ int all(int predicate) const { return __all_sync(lanes, predicate); }
};

__device__ inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

template <unsigned int Size, typename Parent>
__device__ inline thread_block_tile<Size, Parent> tiled_partition(const Parent&) {
    return thread_block_tile<Size, Parent>();
}

template <typename Group> __device__ inline void sync(const Group& group) { group.sync(); }

} // namespace cooperative_groups

#endif
