/* tests/test_cuda_headers.c — our own declarations of CUDA Driver API types and constants
   (backends/cuda.inc builds with no CUDA headers) checked against NVIDIA's cuda.h, when the
   toolkit is installed: enum values, flags, launch markers and struct layouts must match.

   cuda.h is included first; its macros rename legacy entry-point names to their _v2 symbols,
   which renames some of our table's members consistently and changes nothing else, so a wrong
   version would compile silently. test_symbol_versions therefore reads cuda.h's `#define base
   versioned` lines and checks that every name we dlsym is the one the header maps its base name
   to (cuEventElapsedTime -> cuEventElapsedTime_v2 in CUDA 13). */
#define _GNU_SOURCE /* before cuda.h pulls in libc headers, as offload_impl.c wants it */
#if defined(__has_include)
#if __has_include("/usr/local/cuda/include/cuda.h")
#include "/usr/local/cuda/include/cuda.h"
#define HAVE_CUDA_H 1
#define CUDA_H_PATH "/usr/local/cuda/include/cuda.h"
#endif
#endif
/* Only the declarations: backends/cuda/driver.inc stands alone, no implementation is compiled. */
#include <stddef.h>
#include <stdint.h>
#include "../offload.h"
#include "../backends/cuda/driver.inc"
#include "test.h"

#include <stddef.h>

#ifdef HAVE_CUDA_H

#define SAME(ours, theirs) _Static_assert((long long)(ours) == (long long)(theirs), #ours " == " #theirs)
#define SAME_FIELD(ours, theirs, field)                                                                                \
    _Static_assert(offsetof(ours, field) == offsetof(theirs, field), #ours "." #field " offset");                      \
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
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
     CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
SAME(OFFLOAD__CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
     CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED);

SAME(OFFLOAD__CU_MEMHOSTALLOC_PORTABLE, CU_MEMHOSTALLOC_PORTABLE);
SAME(OFFLOAD__CU_MEMHOSTALLOC_DEVICEMAP, CU_MEMHOSTALLOC_DEVICEMAP);
SAME(OFFLOAD__CU_MEM_ATTACH_GLOBAL, CU_MEM_ATTACH_GLOBAL);
SAME(OFFLOAD__CU_STREAM_NON_BLOCKING, CU_STREAM_NON_BLOCKING);
SAME(OFFLOAD__CU_EVENT_DEFAULT, CU_EVENT_DEFAULT);
SAME(OFFLOAD__CU_EVENT_BLOCKING_SYNC, CU_EVENT_BLOCKING_SYNC);
SAME(OFFLOAD__CU_EVENT_DISABLE_TIMING, CU_EVENT_DISABLE_TIMING);
SAME(OFFLOAD__CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER);
SAME(OFFLOAD__CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
SAME(OFFLOAD__CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
SAME(OFFLOAD__CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
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
_Static_assert(__builtin_types_compatible_p(__typeof__(&cuMemAlloc_v2), CUresult (*)(offload__CUdeviceptr*, size_t)),
               "cuMemAlloc_v2");
_Static_assert(__builtin_types_compatible_p(__typeof__(&cuMemsetD32_v2),
                                            CUresult (*)(offload__CUdeviceptr, unsigned int, size_t)),
               "cuMemsetD32_v2");
_Static_assert(__builtin_types_compatible_p(__typeof__(&cuDeviceTotalMem_v2), CUresult (*)(size_t*, CUdevice)),
               "cuDeviceTotalMem_v2");
_Static_assert(__builtin_types_compatible_p(__typeof__(&cuMemAddressReserve),
                                            CUresult (*)(offload__CUdeviceptr*, size_t, size_t, offload__CUdeviceptr,
                                                         unsigned long long)),
               "cuMemAddressReserve");
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

/* The exact symbols we bind, as dlsym sees them (# does not expand cuda.h's renaming macros). */
static const char* const bound_symbols[] = {
#define BOUND_NAME(required, symbol, params) #symbol,
    OFFLOAD__CUDA_ENTRY_POINTS(BOUND_NAME)
#undef BOUND_NAME
};

/* What cuda.h maps `base` to: the target of `#define base target` (through __CUDA_API_PTDS() or
   __CUDA_API_PTSZ(), which are the identity without per-thread default streams), copied into
   out; base itself when the header does not rename it. */
static void header_symbol(const char* header, const char* base, char* out, size_t capacity) {
    snprintf(out, capacity, "%s", base);
    size_t n = strlen(base);
    for (const char* line = header; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "#define ", 8) != 0) continue;
        const char* name = line + 8;
        if (strncmp(name, base, n) != 0 || (name[n] != ' ' && name[n] != '\t')) continue;
        const char* target = name + n + strspn(name + n, " \t");
        if (strncmp(target, "__CUDA_API_PTDS(", 16) == 0 || strncmp(target, "__CUDA_API_PTSZ(", 16) == 0) target += 16;
        size_t length = strspn(target, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        snprintf(out, capacity, "%.*s", (int)length, target);
        return;
    }
}

/* Strips a _vN suffix: the name an application writes. */
static void base_name(const char* symbol, char* out, size_t capacity) {
    snprintf(out, capacity, "%s", symbol);
    char* v = strrchr(out, '_');
    if (v && v[1] == 'v' && v[2] && strspn(v + 2, "0123456789") == strlen(v + 2)) *v = '\0';
}

static void test_symbol_versions(void) {
#ifdef HAVE_CUDA_H
    FILE* f = fopen(CUDA_H_PATH, "rb");
    REQUIRE(f != NULL);
    fseek(f, 0, SEEK_END);
    size_t size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char* header = (char*)malloc(size + 1);
    size_t got = header ? fread(header, 1, size, f) : 0;
    fclose(f);
    REQUIRE(header != NULL);
    header[got] = '\0';
    size_t count = sizeof bound_symbols / sizeof bound_symbols[0];
    for (size_t i = 0; i < count; i++) {
        char base[128], expected[128];
        base_name(bound_symbols[i], base, sizeof base);
        header_symbol(header, base, expected, sizeof expected);
        if (strcmp(expected, bound_symbols[i]) != 0)
            fprintf(stderr, "  we bind %s, cuda.h maps %s to %s\n", bound_symbols[i], base, expected);
        CHECK(strcmp(expected, bound_symbols[i]) == 0);
    }
    CHECK(count > 50);
    /* The comparison can fail: the legacy name of a renamed call differs from the mapping. */
    char expected[128];
    header_symbol(header, "cuEventElapsedTime", expected, sizeof expected);
    CHECK(strcmp(expected, "cuEventElapsedTime_v2") == 0);
    header_symbol(header, "cuMemsetD8Async", expected, sizeof expected);
    CHECK(strcmp(expected, "cuMemsetD8Async") == 0); /* through __CUDA_API_PTSZ() */
    free(header);
#else
    SKIP("/usr/local/cuda/include/cuda.h is not installed");
#endif
}

int main(void) {
    RUN(test_declarations_match_cuda_h);
    RUN(test_symbol_versions);
    RUN(test_launch_markers);
    return test_summary();
}
