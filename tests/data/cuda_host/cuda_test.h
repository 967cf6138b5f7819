/* tests/data/cuda_host/cuda_test.h — the device side of CUDA that the kernels here use, for
   clang's CUDA mode with -nocudainc -nocudalib: clang-14 cannot parse the CUDA 13 headers, and
   this corpus must come out of clang-14 and clang-22 alike. Everything is what clang's own CUDA
   headers (__clang_cuda_*.h) build from: clang's attributes, its builtin variables, the
   __nvvm_* builtins and libdevice's __nv_* functions, which the JIT links. printf becomes a
   call of vprintf (clang lowers it so in device code), assert a call of __assertfail.

   Compiled with the real CUDA headers (no -nocudainc), clang's runtime wrapper has given all of
   this already and the header adds nothing. */
#ifndef CUDA_TEST_H
#define CUDA_TEST_H
#ifndef __CLANG_CUDA_RUNTIME_WRAPPER_H__

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))

#include <__clang_cuda_builtin_vars.h> /* threadIdx, blockIdx, blockDim, gridDim, warpSize */

#define CUDA_TEST_INLINE static __device__ __forceinline__

/* ---- block barriers ---- */

/* __syncthreads() is a clang builtin (llvm.nvvm.barrier0; clang-22: llvm.nvvm.barrier.cta.*). */
CUDA_TEST_INLINE int __syncthreads_count(int predicate) { return __nvvm_bar0_popc(predicate); }
CUDA_TEST_INLINE int __syncthreads_and(int predicate) { return __nvvm_bar0_and(predicate); }
CUDA_TEST_INLINE int __syncthreads_or(int predicate) { return __nvvm_bar0_or(predicate); }
CUDA_TEST_INLINE void __threadfence(void) { __nvvm_membar_gl(); }

/* ---- warp operations (sm_70: the .sync forms). The last operand packs what PTX's shfl calls
   c: the segment mask ((32 - width) << 8) and the clamp lane (0x1f, or 0 for up, which clamps
   from below), as CUDA's headers compute it. ---- */

#define CUDA_TEST_SHUFFLE(name, builtin, clamp, offset_type)                                            \
    CUDA_TEST_INLINE int name(unsigned mask, int value, offset_type offset, int width = 32) {           \
        return builtin##_i32(mask, value, (int)offset, ((32 - width) << 8) | (clamp));                  \
    }                                                                                                   \
    CUDA_TEST_INLINE unsigned name(unsigned mask, unsigned value, offset_type offset, int width = 32) { \
        return (unsigned)builtin##_i32(mask, (int)value, (int)offset, ((32 - width) << 8) | (clamp));   \
    }                                                                                                   \
    CUDA_TEST_INLINE float name(unsigned mask, float value, offset_type offset, int width = 32) {       \
        return builtin##_f32(mask, value, (int)offset, ((32 - width) << 8) | (clamp));                  \
    }
CUDA_TEST_SHUFFLE(__shfl_sync, __nvvm_shfl_sync_idx, 0x1f, int)
CUDA_TEST_SHUFFLE(__shfl_up_sync, __nvvm_shfl_sync_up, 0, unsigned)
CUDA_TEST_SHUFFLE(__shfl_down_sync, __nvvm_shfl_sync_down, 0x1f, unsigned)
CUDA_TEST_SHUFFLE(__shfl_xor_sync, __nvvm_shfl_sync_bfly, 0x1f, int)
#undef CUDA_TEST_SHUFFLE

CUDA_TEST_INLINE unsigned __ballot_sync(unsigned mask, int predicate) {
    return __nvvm_vote_ballot_sync(mask, predicate);
}
CUDA_TEST_INLINE void __syncwarp(unsigned mask) { __nvvm_bar_warp_sync(mask); }
CUDA_TEST_INLINE int __any_sync(unsigned mask, int predicate) { return __nvvm_vote_any_sync(mask, predicate); }
CUDA_TEST_INLINE int __all_sync(unsigned mask, int predicate) { return __nvvm_vote_all_sync(mask, predicate); }

/* The lanes of the warp that are executing. clang-22 has a builtin for activemask.b32; clang-14
   has none (its header uses inline assembly) and its non-.sync vote.ballot is no PTX for sm_70,
   so there it is a ballot of 1 over the whole warp: the same wherever the warp is converged,
   as in every kernel here, and not to be called in divergent code. */
CUDA_TEST_INLINE unsigned __activemask(void) {
#if __has_builtin(__nvvm_activemask)
    return __nvvm_activemask();
#else
    return __nvvm_vote_ballot_sync(0xffffffffu, 1);
#endif
}

/* ---- atomics (device scope), as clang's __clang_cuda_device_functions.h writes them ---- */

CUDA_TEST_INLINE int atomicAdd(int* address, int value) { return __nvvm_atom_add_gen_i(address, value); }
CUDA_TEST_INLINE unsigned atomicAdd(unsigned* address, unsigned value) {
    return (unsigned)__nvvm_atom_add_gen_i((int*)address, (int)value);
}
CUDA_TEST_INLINE float atomicAdd(float* address, float value) { return __nvvm_atom_add_gen_f(address, value); }
/* ((old >= limit) ? 0 : old + 1), stored; returns old */
CUDA_TEST_INLINE unsigned atomicInc(unsigned* address, unsigned limit) {
    return __nvvm_atom_inc_gen_ui(address, limit);
}
CUDA_TEST_INLINE int atomicMax(int* address, int value) { return __nvvm_atom_max_gen_i(address, value); }
CUDA_TEST_INLINE int atomicCAS(int* address, int compare, int value) {
    return __nvvm_atom_cas_gen_i(address, compare, value);
}
CUDA_TEST_INLINE unsigned atomicCAS(unsigned* address, unsigned compare, unsigned value) {
    return (unsigned)__nvvm_atom_cas_gen_i((int*)address, (int)compare, (int)value);
}

/* ---- vectors and read-only loads ---- */

struct __attribute__((aligned(16))) float4 {
    float x, y, z, w;
};
CUDA_TEST_INLINE float4 make_float4(float x, float y, float z, float w) {
    float4 v = {x, y, z, w};
    return v;
}

typedef float cuda_test_f4 __attribute__((ext_vector_type(4)));
CUDA_TEST_INLINE float __ldg(const float* p) { return __nvvm_ldg_f(p); }
CUDA_TEST_INLINE float4 __ldg(const float4* p) {
    cuda_test_f4 v = __nvvm_ldg_f4((const cuda_test_f4*)p);
    return make_float4(v[0], v[1], v[2], v[3]);
}

/* ---- libdevice: math and integer intrinsics ---- */

extern "C" {
__device__ float __nv_sqrtf(float);
__device__ float __nv_expf(float);
__device__ float __nv_logf(float);
__device__ float __nv_powf(float, float);
__device__ float __nv_sinf(float);
__device__ float __nv_cosf(float);
__device__ void __nv_sincosf(float, float*, float*);
__device__ float __nv_fabsf(float);
__device__ double __nv_sqrt(double);
__device__ double __nv_exp(double);
__device__ double __nv_log(double);
__device__ double __nv_pow(double, double);
__device__ double __nv_sin(double);
__device__ double __nv_cos(double);
__device__ int __nv_popc(unsigned);
__device__ int __nv_clz(int);
__device__ unsigned __nv_brev(unsigned);
__device__ int __nv_mul24(int, int);
__device__ int __nv_min(int, int);
__device__ int __nv_max(int, int);
}

CUDA_TEST_INLINE float sqrtf(float x) { return __nv_sqrtf(x); }
CUDA_TEST_INLINE float expf(float x) { return __nv_expf(x); }
CUDA_TEST_INLINE float logf(float x) { return __nv_logf(x); }
CUDA_TEST_INLINE float powf(float x, float y) { return __nv_powf(x, y); }
CUDA_TEST_INLINE float sinf(float x) { return __nv_sinf(x); }
CUDA_TEST_INLINE float cosf(float x) { return __nv_cosf(x); }
CUDA_TEST_INLINE void sincosf(float x, float* s, float* c) { __nv_sincosf(x, s, c); }
CUDA_TEST_INLINE float fabsf(float x) { return __nv_fabsf(x); }
CUDA_TEST_INLINE double sqrt(double x) { return __nv_sqrt(x); }
CUDA_TEST_INLINE double exp(double x) { return __nv_exp(x); }
CUDA_TEST_INLINE double log(double x) { return __nv_log(x); }
CUDA_TEST_INLINE double pow(double x, double y) { return __nv_pow(x, y); }
CUDA_TEST_INLINE double sin(double x) { return __nv_sin(x); }
CUDA_TEST_INLINE double cos(double x) { return __nv_cos(x); }
CUDA_TEST_INLINE int __popc(unsigned x) { return __nv_popc(x); }
CUDA_TEST_INLINE int __clz(int x) { return __nv_clz(x); }
CUDA_TEST_INLINE unsigned __brev(unsigned x) { return __nv_brev(x); }
CUDA_TEST_INLINE int __mul24(int x, int y) { return __nv_mul24(x, y); }
CUDA_TEST_INLINE int min(int x, int y) { return __nv_min(x, y); }
CUDA_TEST_INLINE int max(int x, int y) { return __nv_max(x, y); }

/* ---- printf and assert ---- */

extern "C" __device__ int printf(const char* format, ...);
extern "C" __device__ void __assertfail(const char* message, const char* file, unsigned line, const char* function,
                                        unsigned long char_size);
/* glibc's __assert_fail, which CUDA's device assert calls, is noreturn: nothing runs after it. */
#define assert(e) \
    ((e) ? (void)0 : (__assertfail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__, 1), __builtin_unreachable()))

#endif /* __CLANG_CUDA_RUNTIME_WRAPPER_H__ */
#endif /* CUDA_TEST_H */
