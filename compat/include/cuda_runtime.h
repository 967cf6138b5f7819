/* compat/include/cuda_runtime.h — what nvcc makes visible to every .cu file, for machines with no
   CUDA toolkit: tools/offload-cuda compiles each .cu file with clang's -nocudainc and includes
   this header first, as nvcc does. It gives the runtime API (cuda_runtime_api.h) with its C++
   templates, and in CUDA code the execution-space keywords (__global__, __device__,
   __shared__...), the built-in variables (threadIdx...), math, atomics, warp functions,
   printf, malloc and assert, from the CUDA headers clang ships (its resource directory's
   __clang_cuda_*.h), which map device math to libdevice's __nv_* functions: on the host device
   those run as the C library's math when libdevice is not installed (docs/cuda-programs.md). */
#ifndef OFFLOAD_CUDA_RUNTIME_H
#define OFFLOAD_CUDA_RUNTIME_H

#if defined(__CUDA__) && defined(__clang__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __CUDACC__
#endif

#include "cuda_runtime_api.h"

#if defined(__CUDA__) && defined(__clang__) && defined(__cplusplus)

/* What clang's own wrapper does before the math headers: libstdc++ hides __float128 when
   __CUDACC__ is defined, and the forward declarations must come before <cmath>. */
#include <__clang_cuda_math_forward_declares.h>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>

#ifndef __CUDA_ARCH__
#define OFFLOAD__CUDA_ARCH_FOR_HEADERS
#define __CUDA_ARCH__ 9999 /* the headers declare the device side in the host compile too */
#endif
#include <__clang_cuda_builtin_vars.h>
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

/* Atomics as CUDA spells them, over clang's __[type]Atomic[op] functions, in the three scopes. */
#define OFFLOAD__ATOMIC(op, T, impl)                                                                                   \
    static __device__ __forceinline__ T atomic##op(T* address, T value) { return impl(address, value); }               \
    static __device__ __forceinline__ T atomic##op##_block(T* address, T value) {                                      \
        return impl##_block(address, value);                                                                           \
    }                                                                                                                  \
    static __device__ __forceinline__ T atomic##op##_system(T* address, T value) {                                     \
        return impl##_system(address, value);                                                                          \
    }
OFFLOAD__ATOMIC(Add, int, __iAtomicAdd)
OFFLOAD__ATOMIC(Add, unsigned int, __uAtomicAdd)
OFFLOAD__ATOMIC(Add, unsigned long long, __ullAtomicAdd)
OFFLOAD__ATOMIC(Add, float, __fAtomicAdd)
OFFLOAD__ATOMIC(Add, double, __dAtomicAdd)
OFFLOAD__ATOMIC(Exch, int, __iAtomicExch)
OFFLOAD__ATOMIC(Exch, unsigned int, __uAtomicExch)
OFFLOAD__ATOMIC(Exch, unsigned long long, __ullAtomicExch)
OFFLOAD__ATOMIC(Exch, float, __fAtomicExch)
OFFLOAD__ATOMIC(Min, int, __iAtomicMin)
OFFLOAD__ATOMIC(Min, unsigned int, __uAtomicMin)
OFFLOAD__ATOMIC(Min, long long, __illAtomicMin)
OFFLOAD__ATOMIC(Min, unsigned long long, __ullAtomicMin)
OFFLOAD__ATOMIC(Max, int, __iAtomicMax)
OFFLOAD__ATOMIC(Max, unsigned int, __uAtomicMax)
OFFLOAD__ATOMIC(Max, long long, __illAtomicMax)
OFFLOAD__ATOMIC(Max, unsigned long long, __ullAtomicMax)
OFFLOAD__ATOMIC(Inc, unsigned int, __uAtomicInc)
OFFLOAD__ATOMIC(Dec, unsigned int, __uAtomicDec)
OFFLOAD__ATOMIC(And, int, __iAtomicAnd)
OFFLOAD__ATOMIC(And, unsigned int, __uAtomicAnd)
OFFLOAD__ATOMIC(And, unsigned long long, __ullAtomicAnd)
OFFLOAD__ATOMIC(Or, int, __iAtomicOr)
OFFLOAD__ATOMIC(Or, unsigned int, __uAtomicOr)
OFFLOAD__ATOMIC(Or, unsigned long long, __ullAtomicOr)
OFFLOAD__ATOMIC(Xor, int, __iAtomicXor)
OFFLOAD__ATOMIC(Xor, unsigned int, __uAtomicXor)
OFFLOAD__ATOMIC(Xor, unsigned long long, __ullAtomicXor)
#undef OFFLOAD__ATOMIC
static __device__ __forceinline__ int atomicSub(int* address, int value) { return __iAtomicAdd(address, -value); }
static __device__ __forceinline__ unsigned int atomicSub(unsigned int* address, unsigned int value) {
    return __uAtomicAdd(address, 0u - value);
}
static __device__ __forceinline__ int atomicCAS(int* address, int compare, int value) {
    return __iAtomicCAS(address, compare, value);
}
static __device__ __forceinline__ unsigned int atomicCAS(unsigned int* address, unsigned int compare,
                                                         unsigned int value) {
    return __uAtomicCAS(address, compare, value);
}
static __device__ __forceinline__ unsigned long long atomicCAS(unsigned long long* address, unsigned long long compare,
                                                               unsigned long long value) {
    return __ullAtomicCAS(address, compare, value);
}

/* min and max for the types CUDA overloads them on, beside clang's int ones. */
static __device__ __forceinline__ unsigned int min(unsigned int a, unsigned int b) { return __nv_umin(a, b); }
static __device__ __forceinline__ unsigned int max(unsigned int a, unsigned int b) { return __nv_umax(a, b); }
static __device__ __forceinline__ long long min(long long a, long long b) { return __nv_llmin(a, b); }
static __device__ __forceinline__ long long max(long long a, long long b) { return __nv_llmax(a, b); }
static __device__ __forceinline__ unsigned long long min(unsigned long long a, unsigned long long b) {
    return __nv_ullmin(a, b);
}
static __device__ __forceinline__ unsigned long long max(unsigned long long a, unsigned long long b) {
    return __nv_ullmax(a, b);
}
static __device__ __forceinline__ float min(float a, float b) { return __nv_fminf(a, b); }
static __device__ __forceinline__ float max(float a, float b) { return __nv_fmaxf(a, b); }
static __device__ __forceinline__ double min(double a, double b) { return __nv_fmin(a, b); }
static __device__ __forceinline__ double max(double a, double b) { return __nv_fmax(a, b); }

/* The device's system calls, as clang's wrapper declares them. */
extern "C" {
__device__ int vprintf(const char* format, const char* arguments);
__device__ void free(void* pointer) __attribute__((nothrow));
__device__ void* malloc(size_t size) __attribute__((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char* message, const char* file, unsigned line, const char* function,
                             size_t char_size);
__device__ static inline void __assert_fail(const char* message, const char* file, unsigned line,
                                            const char* function) {
    __assertfail(message, file, line, function, sizeof(char));
}
__device__ int printf(const char* format, ...);
}

/* The built-in variables convert to dim3 and uint3. */
#define OFFLOAD__BUILTIN_CONVERSIONS(builtin)                                                                          \
    __device__ inline builtin::operator dim3() const { return dim3(x, y, z); }                                         \
    __device__ inline builtin::operator uint3() const { return uint3{x, y, z}; }
OFFLOAD__BUILTIN_CONVERSIONS(__cuda_builtin_threadIdx_t)
OFFLOAD__BUILTIN_CONVERSIONS(__cuda_builtin_blockIdx_t)
OFFLOAD__BUILTIN_CONVERSIONS(__cuda_builtin_blockDim_t)
OFFLOAD__BUILTIN_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef OFFLOAD__BUILTIN_CONVERSIONS

/* What clang's intrinsics header takes from the toolkit: the 32-bit type of cuda.h and the address
   space queries and conversions of sm_20_intrinsics. */
typedef unsigned int cuuint32_t;
typedef unsigned long long cuuint64_t;
#define OFFLOAD__ADDRESS_SPACE(space, number)                                                                          \
    static __device__ __forceinline__ unsigned int __is##space(const void* pointer) {                                  \
        return __nvvm_isspacep_##number(pointer);                                                                      \
    }
OFFLOAD__ADDRESS_SPACE(Global, global)
OFFLOAD__ADDRESS_SPACE(Shared, shared)
OFFLOAD__ADDRESS_SPACE(Constant, const)
OFFLOAD__ADDRESS_SPACE(Local, local)
#undef OFFLOAD__ADDRESS_SPACE
#define OFFLOAD__CVTA(space, number)                                                                                   \
    static __device__ __forceinline__ size_t __cvta_generic_to_##space(const void* pointer) {                          \
        return (size_t)(__attribute__((address_space(number))) const void*)pointer;                                    \
    }                                                                                                                  \
    static __device__ __forceinline__ void* __cvta_##space##_to_generic(size_t address) {                              \
        return (void*)(__attribute__((address_space(number))) void*)address;                                           \
    }
OFFLOAD__CVTA(global, 1)
OFFLOAD__CVTA(shared, 3)
OFFLOAD__CVTA(constant, 4)
OFFLOAD__CVTA(local, 5)
#undef OFFLOAD__CVTA

#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>
#include <__clang_cuda_complex_builtins.h>

#ifdef OFFLOAD__CUDA_ARCH_FOR_HEADERS
#undef OFFLOAD__CUDA_ARCH_FOR_HEADERS
#undef __CUDA_ARCH__
#endif

/* The runtime API's C++ forms: typed pointers, symbols and kernels by reference or pointer. */
template <class T> static inline cudaError_t cudaMalloc(T** ptr, size_t size) { return cudaMalloc((void**)ptr, size); }
template <class T> static inline cudaError_t cudaMallocHost(T** ptr, size_t size) {
    return cudaMallocHost((void**)ptr, size);
}
template <class T> static inline cudaError_t cudaHostAlloc(T** ptr, size_t size, unsigned int flags) {
    return cudaHostAlloc((void**)ptr, size, flags);
}
template <class T>
static inline cudaError_t cudaMallocManaged(T** ptr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
    return cudaMallocManaged((void**)ptr, size, flags);
}
template <class T>
static inline cudaError_t cudaHostGetDevicePointer(T** device_ptr, void* host_ptr, unsigned int flags) {
    return cudaHostGetDevicePointer((void**)device_ptr, host_ptr, flags);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
    return cudaMemcpyToSymbol((const void*)&symbol, src, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
    return cudaMemcpyFromSymbol(dst, (const void*)&symbol, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                                  enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                  cudaStream_t stream = 0) {
    return cudaMemcpyToSymbolAsync((const void*)&symbol, src, count, offset, kind, stream);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                                    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                    cudaStream_t stream = 0) {
    return cudaMemcpyFromSymbolAsync(dst, (const void*)&symbol, count, offset, kind, stream);
}
template <class T> static inline cudaError_t cudaGetSymbolAddress(void** address, const T& symbol) {
    return cudaGetSymbolAddress(address, (const void*)&symbol);
}
template <class T> static inline cudaError_t cudaGetSymbolSize(size_t* size, const T& symbol) {
    return cudaGetSymbolSize(size, (const void*)&symbol);
}
static inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) {
    return cudaEventCreateWithFlags(event, flags);
}
template <class T>
static inline cudaError_t cudaLaunchKernel(const T* func, dim3 grid, dim3 block, void** args, size_t shared_memory = 0,
                                           cudaStream_t stream = 0) {
    return cudaLaunchKernel((const void*)func, grid, block, args, shared_memory, stream);
}
/* The extensible launch with the kernel's arguments as they are: each converted to its parameter's
   type, as a call would, then passed by address (static_cast<ActTypes&&> is std::forward). */
template <typename... ExpTypes, typename... ActTypes>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config, void (*kernel)(ExpTypes...),
                                             ActTypes&&... args) {
    return [&](ExpTypes... converted) {
        void* pointers[] = {&converted..., nullptr}; /* the null: a kernel without parameters */
        return cudaLaunchKernelExC(config, (const void*)kernel, pointers);
    }(static_cast<ActTypes&&>(args)...);
}
template <class T> static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes* attr, T* func) {
    return cudaFuncGetAttributes(attr, (const void*)func);
}
template <class T> static inline cudaError_t cudaFuncSetAttribute(T* func, enum cudaFuncAttribute attr, int value) {
    return cudaFuncSetAttribute((const void*)func, attr, value);
}
template <class T> static inline cudaError_t cudaFuncSetCacheConfig(T* func, enum cudaFuncCache config) {
    return cudaFuncSetCacheConfig((const void*)func, config);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, T func, int block_size,
                                                                        size_t shared_memory) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, (const void*)func, block_size, shared_memory);
}

/* The block size that keeps the most threads of a multiprocessor busy, and the grid that fills the
   device with it: CUDA's search, over multiples of the warp size from the largest down. */
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid_size, int* block_size, T func,
                                                             size_t shared_memory = 0, int block_size_limit = 0) {
    if (!min_grid_size || !block_size) return cudaErrorInvalidValue;
    int device = 0, processors = 0, warp = 0, threads_per_processor = 0;
    struct cudaFuncAttributes attributes;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&processors, cudaDevAttrMultiProcessorCount, device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&threads_per_processor, cudaDevAttrMaxThreadsPerMultiProcessor, device);
    if (e == cudaSuccess) e = cudaFuncGetAttributes(&attributes, (const void*)func);
    if (e != cudaSuccess) return e;
    int limit = attributes.maxThreadsPerBlock;
    if (block_size_limit > 0 && block_size_limit < limit) limit = block_size_limit;
    int best_size = 0, best_threads = 0, best_blocks = 0;
    for (int size = limit - limit % warp; size > 0; size -= warp) {
        int blocks = 0;
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void*)func, size, shared_memory);
        if (e != cudaSuccess) return e;
        if (blocks * size > best_threads) best_size = size, best_threads = blocks * size, best_blocks = blocks;
        if (best_threads >= threads_per_processor) break;
    }
    *block_size = best_size;
    *min_grid_size = best_blocks * processors;
    return cudaSuccess;
}

#endif /* CUDA C++ */
#endif
