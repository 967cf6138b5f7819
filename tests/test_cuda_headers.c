/* tests/test_cuda_headers.c — our own declarations of CUDA Driver API types and constants
   (backends/cuda.inc builds with no CUDA headers) checked against NVIDIA's cuda.h, when the
   toolkit is installed: enum values, flags, launch markers and struct layouts must match.

   cuda.h is included first; its macros rename legacy entry-point names to their _v2 symbols,
   which renames some of our table's members consistently and changes nothing else. */
#define _GNU_SOURCE /* before cuda.h pulls in libc headers, as offload_impl.c wants it */
#if defined(__has_include)
#  if __has_include("/usr/local/cuda/include/cuda.h")
#    include "/usr/local/cuda/include/cuda.h"
#    define HAVE_CUDA_H 1
#  endif
#endif
/* Only the declarations: backends/cuda_driver.inc stands alone, no implementation is compiled. */
#include <stddef.h>
#include <stdint.h>
#include "../offload.h"
#include "../backends/cuda_driver.inc"
#include "test.h"

#include <stddef.h>

#ifdef HAVE_CUDA_H

#define SAME(ours, theirs) _Static_assert((long long)(ours) == (long long)(theirs), #ours " == " #theirs)
#define SAME_FIELD(ours, theirs, field)                                                           \
    _Static_assert(offsetof(ours, field) == offsetof(theirs, field), #ours "." #field " offset"); \
    _Static_assert(sizeof(((ours*)0)->field) == sizeof(((theirs*)0)->field), #ours "." #field " size")

/* Every CUresult we name has NVIDIA's value. */
#define SAME_RESULT(name, value, text) SAME(OFFLOAD__##name, name);
OFFLOAD__CUDA_RESULT_LIST(SAME_RESULT)
#undef SAME_RESULT

SAME(sizeof(offload__CUresult), sizeof(CUresult));
SAME(sizeof(offload__CUdevice), sizeof(CUdevice));
SAME(sizeof(offload__CUdeviceptr), sizeof(CUdeviceptr));
SAME(sizeof(offload__CUmemGenericAllocationHandle), sizeof(CUmemGenericAllocationHandle));
SAME(sizeof(offload__CUcontext), sizeof(CUcontext));
SAME(sizeof(offload__CUstream), sizeof(CUstream));

SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_WARP_SIZE, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
     CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED);

SAME(OFFLOAD__CU_MEMHOSTALLOC_PORTABLE, CU_MEMHOSTALLOC_PORTABLE);
SAME(OFFLOAD__CU_MEMHOSTALLOC_DEVICEMAP, CU_MEMHOSTALLOC_DEVICEMAP);
SAME(OFFLOAD__CU_MEM_ATTACH_GLOBAL, CU_MEM_ATTACH_GLOBAL);
SAME(OFFLOAD__CU_STREAM_NON_BLOCKING, CU_STREAM_NON_BLOCKING);
SAME(OFFLOAD__CU_EVENT_DEFAULT, CU_EVENT_DEFAULT);
SAME(OFFLOAD__CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER);
SAME(OFFLOAD__CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
SAME(OFFLOAD__CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
SAME(OFFLOAD__CU_MEM_ALLOCATION_TYPE_PINNED, CU_MEM_ALLOCATION_TYPE_PINNED);
SAME(OFFLOAD__CU_MEM_HANDLE_TYPE_NONE, CU_MEM_HANDLE_TYPE_NONE);
SAME(OFFLOAD__CU_MEM_LOCATION_TYPE_DEVICE, CU_MEM_LOCATION_TYPE_DEVICE);
SAME(OFFLOAD__CU_MEM_ACCESS_FLAGS_PROT_READWRITE, CU_MEM_ACCESS_FLAGS_PROT_READWRITE);
SAME(OFFLOAD__CU_MEM_ALLOC_GRANULARITY_MINIMUM, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
SAME(OFFLOAD__CUDA_DEFAULT_SHARED_LIMIT, 48 * 1024);

SAME(sizeof(offload__CUmemLocation), sizeof(CUmemLocation));
SAME_FIELD(offload__CUmemLocation, CUmemLocation, type);
SAME_FIELD(offload__CUmemLocation, CUmemLocation, id);
SAME(sizeof(offload__CUmemAllocationProp), sizeof(CUmemAllocationProp));
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, type);
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, requestedHandleTypes);
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, location);
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, win32HandleMetaData);
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, allocFlags);
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, allocFlags.compressionType);
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, allocFlags.gpuDirectRDMACapable);
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, allocFlags.usage);
SAME_FIELD(offload__CUmemAllocationProp, CUmemAllocationProp, allocFlags.reserved);
SAME(sizeof(offload__CUmemAccessDesc), sizeof(CUmemAccessDesc));
SAME_FIELD(offload__CUmemAccessDesc, CUmemAccessDesc, location);
SAME_FIELD(offload__CUmemAccessDesc, CUmemAccessDesc, flags);

/* Scalar parameter types of the entry points we bind equal NVIDIA's prototypes. */
_Static_assert(__builtin_types_compatible_p(__typeof__(&cuMemAlloc_v2),
                                            CUresult (*)(offload__CUdeviceptr*, size_t)), "cuMemAlloc_v2");
_Static_assert(__builtin_types_compatible_p(__typeof__(&cuMemsetD32_v2),
                                            CUresult (*)(offload__CUdeviceptr, unsigned int, size_t)), "cuMemsetD32_v2");
_Static_assert(__builtin_types_compatible_p(__typeof__(&cuDeviceTotalMem_v2), CUresult (*)(size_t*, CUdevice)),
               "cuDeviceTotalMem_v2");
_Static_assert(__builtin_types_compatible_p(__typeof__(&cuMemAddressReserve),
                                            CUresult (*)(offload__CUdeviceptr*, size_t, size_t, offload__CUdeviceptr,
                                                         unsigned long long)), "cuMemAddressReserve");
#endif

/* The launch markers are pointers, so they are compared at run time. */
static void test_launch_markers(void) {
#ifdef HAVE_CUDA_H
    CHECK(OFFLOAD__CU_LAUNCH_PARAM_END == CU_LAUNCH_PARAM_END);
    CHECK(OFFLOAD__CU_LAUNCH_PARAM_BUFFER_POINTER == CU_LAUNCH_PARAM_BUFFER_POINTER);
    CHECK(OFFLOAD__CU_LAUNCH_PARAM_BUFFER_SIZE == CU_LAUNCH_PARAM_BUFFER_SIZE);
#else
    SKIP("/usr/local/cuda/include/cuda.h is not installed");
#endif
}

/* The checks above are compile-time; this reports whether they were compiled at all. */
static void test_declarations_match_cuda_h(void) {
#ifdef HAVE_CUDA_H
    CHECK(CUDA_VERSION >= OFFLOAD__CUDA_MIN_DRIVER_VERSION);
#else
    SKIP("/usr/local/cuda/include/cuda.h is not installed");
#endif
}

int main(void) {
    RUN(test_declarations_match_cuda_h);
    RUN(test_launch_markers);
    return test_summary();
}
