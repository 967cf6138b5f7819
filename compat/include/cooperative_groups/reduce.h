/* compat/include/cooperative_groups/reduce.h — cg::reduce over a tile of cooperative_groups.h
   (beside it), with CUDA's operators (plus, less for the minimum, greater for the maximum,
   bit_and, bit_or, bit_xor): every thread of the tile gets the result, by a butterfly of
   shuffles. For machines with no CUDA toolkit. */
#ifndef OFFLOAD_COOPERATIVE_GROUPS_REDUCE_H
#define OFFLOAD_COOPERATIVE_GROUPS_REDUCE_H
#include "../cooperative_groups.h"

namespace cooperative_groups {

template <typename T> struct plus {
    __device__ T operator()(T a, T b) const { return a + b; }
};
template <typename T> struct less {
    __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};
template <typename T> struct greater {
    __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <typename T> struct bit_and {
    __device__ T operator()(T a, T b) const { return a & b; }
};
template <typename T> struct bit_or {
    __device__ T operator()(T a, T b) const { return a | b; }
};
template <typename T> struct bit_xor {
    __device__ T operator()(T a, T b) const { return a ^ b; }
};

template <typename T, typename Op, unsigned int Size, typename Parent>
__device__ inline T reduce(const thread_block_tile<Size, Parent>& tile, T value, Op op) {
    for (unsigned int distance = Size / 2; distance > 0; distance /= 2)
        value = op(value, tile.shfl_xor(value, distance));
    return value;
}

} // namespace cooperative_groups

#endif
