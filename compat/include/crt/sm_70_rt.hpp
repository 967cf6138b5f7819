/* compat/include/crt/sm_70_rt.hpp — __match_any_sync and __match_all_sync on every type CUDA takes
   them for, over the 32- and 64-bit forms clang's __clang_cuda_intrinsics.h defines (which
   includes this file by this name). For machines with no CUDA toolkit (cuda_runtime.h). */
#ifndef OFFLOAD_CRT_SM_70_RT_HPP
#define OFFLOAD_CRT_SM_70_RT_HPP

#define OFFLOAD__MATCH(T, width, as)                                                                                   \
    static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, T value) {                      \
        return __match##width##_any_sync(mask, as);                                                                    \
    }                                                                                                                  \
    static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, T value, int* pred) {           \
        return __match##width##_all_sync(mask, as, pred);                                                              \
    }
OFFLOAD__MATCH(unsigned int, 32, value)
OFFLOAD__MATCH(int, 32, (unsigned int)value)
OFFLOAD__MATCH(unsigned long, 64, (unsigned long long)value)
OFFLOAD__MATCH(long, 64, (unsigned long long)value)
OFFLOAD__MATCH(unsigned long long, 64, value)
OFFLOAD__MATCH(long long, 64, (unsigned long long)value)
OFFLOAD__MATCH(float, 32, __float_as_uint(value))
OFFLOAD__MATCH(double, 64, (unsigned long long)__double_as_longlong(value))
#undef OFFLOAD__MATCH

#endif
