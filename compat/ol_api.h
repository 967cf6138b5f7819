/* compat/ol_api.h — LLVM 22 liboffload's ol* C API (offload/OffloadAPI.h) as compat/liboffload.c
   declares it for itself: the handle types, enumerations, structures and callback types it uses
   and the prototypes of every entry point it defines (the *WithCodeLoc variants and the
   *_params_t tracing structures are not implemented and not declared). Names, values and
   layouts are LLVM's, since the library is a drop-in libLLVMOffload.so.22.1: the ol* symbols it
   exports are called by clients compiled against the real header. Needs only <stdbool.h>,
   <stddef.h> and <stdint.h>, so the adapter builds without the liboffload-22-dev package.

   tests/compat/ol_abi.c checks this file against the real header (every enumerator's value,
   every structure's size and field offsets, every prototype); compat/liboffload.sh build runs
   it whenever the header is present and fails on any difference.

   Included with OL_API_PROTOTYPES_ONLY defined, after the real header, it declares only the
   handle, scalar and callback typedefs and the prototypes: the compiler then rejects any that
   differ from LLVM's (the enumerations and structures would be redefinitions). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef OL_API_PROTOTYPES_ONLY
#ifndef OFFLOAD__OL_API_H
#define OFFLOAD__OL_API_H

/* ---- Versions and results ----------------------------------------------------------------- */

#define OL_SUCCESS NULL /* an ol_result_t: no error */

#define OL_VERSION_MAJOR 0
#define OL_VERSION_MINOR 0
#define OL_VERSION_PATCH 1

/* ---- Enumerations (each ends with a _LAST count and a _FORCE_UINT32 sizing member) --------- */

typedef enum ol_alloc_type_t {
    OL_ALLOC_TYPE_HOST = 0,
    OL_ALLOC_TYPE_DEVICE = 1,
    OL_ALLOC_TYPE_MANAGED = 2,
    OL_ALLOC_TYPE_LAST = 3,
    OL_ALLOC_TYPE_FORCE_UINT32 = 0x7fffffff
} ol_alloc_type_t;

/* Bits of an ol_device_fp_capability_flags_t. */
typedef enum ol_device_fp_capability_flag_t {
    OL_DEVICE_FP_CAPABILITY_FLAG_CORRECTLY_ROUNDED_DIVIDE_SQRT = 1 << 0,
    OL_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_NEAREST = 1 << 1,
    OL_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_ZERO = 1 << 2,
    OL_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_INF = 1 << 3,
    OL_DEVICE_FP_CAPABILITY_FLAG_INF_NAN = 1 << 4,
    OL_DEVICE_FP_CAPABILITY_FLAG_DENORM = 1 << 5,
    OL_DEVICE_FP_CAPABILITY_FLAG_FMA = 1 << 6,
    OL_DEVICE_FP_CAPABILITY_FLAG_SOFT_FLOAT = 1 << 7,
    OL_DEVICE_FP_CAPABILITY_FLAG_LAST = 1 << 8,
    OL_DEVICE_FP_CAPABILITY_FLAG_FORCE_UINT32 = 0x7fffffff
} ol_device_fp_capability_flag_t;

typedef enum ol_device_info_t {
    OL_DEVICE_INFO_TYPE = 0,
    OL_DEVICE_INFO_PLATFORM = 1,
    OL_DEVICE_INFO_NAME = 2,
    OL_DEVICE_INFO_PRODUCT_NAME = 3,
    OL_DEVICE_INFO_UID = 4,
    OL_DEVICE_INFO_VENDOR = 5,
    OL_DEVICE_INFO_DRIVER_VERSION = 6,
    OL_DEVICE_INFO_MAX_WORK_GROUP_SIZE = 7,
    OL_DEVICE_INFO_MAX_WORK_GROUP_SIZE_PER_DIMENSION = 8,
    OL_DEVICE_INFO_MAX_WORK_SIZE = 9,
    OL_DEVICE_INFO_MAX_WORK_SIZE_PER_DIMENSION = 10,
    OL_DEVICE_INFO_VENDOR_ID = 11,
    OL_DEVICE_INFO_NUM_COMPUTE_UNITS = 12,
    OL_DEVICE_INFO_MAX_CLOCK_FREQUENCY = 13,
    OL_DEVICE_INFO_MEMORY_CLOCK_RATE = 14,
    OL_DEVICE_INFO_ADDRESS_BITS = 15,
    OL_DEVICE_INFO_MAX_MEM_ALLOC_SIZE = 16,
    OL_DEVICE_INFO_GLOBAL_MEM_SIZE = 17,
    OL_DEVICE_INFO_WORK_GROUP_LOCAL_MEM_SIZE = 18,
    OL_DEVICE_INFO_SINGLE_FP_CONFIG = 19,
    OL_DEVICE_INFO_DOUBLE_FP_CONFIG = 20,
    OL_DEVICE_INFO_HALF_FP_CONFIG = 21,
    OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_CHAR = 22,
    OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_SHORT = 23,
    OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_INT = 24,
    OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_LONG = 25,
    OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_FLOAT = 26,
    OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_DOUBLE = 27,
    OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_HALF = 28,
    OL_DEVICE_INFO_LAST = 29,
    OL_DEVICE_INFO_FORCE_UINT32 = 0x7fffffff
} ol_device_info_t;

typedef enum ol_device_type_t {
    OL_DEVICE_TYPE_DEFAULT = 0,
    OL_DEVICE_TYPE_ALL = 1,
    OL_DEVICE_TYPE_GPU = 2,
    OL_DEVICE_TYPE_CPU = 3,
    OL_DEVICE_TYPE_HOST = 4,
    OL_DEVICE_TYPE_LAST = 5,
    OL_DEVICE_TYPE_FORCE_UINT32 = 0x7fffffff
} ol_device_type_t;

typedef enum ol_errc_t {
    OL_ERRC_SUCCESS = 0,
    OL_ERRC_UNKNOWN = 1,
    OL_ERRC_HOST_IO = 2,
    OL_ERRC_INVALID_BINARY = 3,
    OL_ERRC_INVALID_NULL_POINTER = 4,
    OL_ERRC_INVALID_ARGUMENT = 5,
    OL_ERRC_NOT_FOUND = 6,
    OL_ERRC_OUT_OF_RESOURCES = 7,
    OL_ERRC_INVALID_SIZE = 8,
    OL_ERRC_INVALID_ENUMERATION = 9,
    OL_ERRC_HOST_TOOL_NOT_FOUND = 10,
    OL_ERRC_INVALID_VALUE = 11,
    OL_ERRC_UNIMPLEMENTED = 12,
    OL_ERRC_UNSUPPORTED = 13,
    OL_ERRC_ASSEMBLE_FAILURE = 14,
    OL_ERRC_COMPILE_FAILURE = 15,
    OL_ERRC_LINK_FAILURE = 16,
    OL_ERRC_BACKEND_FAILURE = 17,
    OL_ERRC_UNINITIALIZED = 18,
    OL_ERRC_INVALID_NULL_HANDLE = 19,
    OL_ERRC_INVALID_PLATFORM = 20,
    OL_ERRC_INVALID_DEVICE = 21,
    OL_ERRC_INVALID_QUEUE = 22,
    OL_ERRC_INVALID_EVENT = 23,
    OL_ERRC_SYMBOL_KIND = 24,
    OL_ERRC_LAST = 25,
    OL_ERRC_FORCE_UINT32 = 0x7fffffff
} ol_errc_t;

typedef enum ol_event_info_t {
    OL_EVENT_INFO_QUEUE = 0,
    OL_EVENT_INFO_IS_COMPLETE = 1,
    OL_EVENT_INFO_LAST = 2,
    OL_EVENT_INFO_FORCE_UINT32 = 0x7fffffff
} ol_event_info_t;

typedef enum ol_mem_info_t {
    OL_MEM_INFO_DEVICE = 0,
    OL_MEM_INFO_BASE = 1,
    OL_MEM_INFO_SIZE = 2,
    OL_MEM_INFO_TYPE = 3,
    OL_MEM_INFO_LAST = 4,
    OL_MEM_INFO_FORCE_UINT32 = 0x7fffffff
} ol_mem_info_t;

typedef enum ol_platform_backend_t {
    OL_PLATFORM_BACKEND_UNKNOWN = 0,
    OL_PLATFORM_BACKEND_CUDA = 1,
    OL_PLATFORM_BACKEND_AMDGPU = 2,
    OL_PLATFORM_BACKEND_LEVEL_ZERO = 3,
    OL_PLATFORM_BACKEND_HOST = 4,
    OL_PLATFORM_BACKEND_LAST = 5,
    OL_PLATFORM_BACKEND_FORCE_UINT32 = 0x7fffffff
} ol_platform_backend_t;

typedef enum ol_platform_info_t {
    OL_PLATFORM_INFO_NAME = 0,
    OL_PLATFORM_INFO_VENDOR_NAME = 1,
    OL_PLATFORM_INFO_VERSION = 2,
    OL_PLATFORM_INFO_BACKEND = 3,
    OL_PLATFORM_INFO_LAST = 4,
    OL_PLATFORM_INFO_FORCE_UINT32 = 0x7fffffff
} ol_platform_info_t;

typedef enum ol_queue_info_t {
    OL_QUEUE_INFO_DEVICE = 0,
    OL_QUEUE_INFO_EMPTY = 1,
    OL_QUEUE_INFO_LAST = 2,
    OL_QUEUE_INFO_FORCE_UINT32 = 0x7fffffff
} ol_queue_info_t;

typedef enum ol_symbol_info_t {
    OL_SYMBOL_INFO_KIND = 0,
    OL_SYMBOL_INFO_GLOBAL_VARIABLE_ADDRESS = 1,
    OL_SYMBOL_INFO_GLOBAL_VARIABLE_SIZE = 2,
    OL_SYMBOL_INFO_LAST = 3,
    OL_SYMBOL_INFO_FORCE_UINT32 = 0x7fffffff
} ol_symbol_info_t;

typedef enum ol_symbol_kind_t {
    OL_SYMBOL_KIND_KERNEL = 0,
    OL_SYMBOL_KIND_GLOBAL_VARIABLE = 1,
    OL_SYMBOL_KIND_LAST = 2,
    OL_SYMBOL_KIND_FORCE_UINT32 = 0x7fffffff
} ol_symbol_kind_t;

/* ---- Structures ------------------------------------------------------------------------- */

typedef struct ol_code_location_t {
    const char* FunctionName;
    const char* SourceFile;
    uint32_t LineNumber;
    uint32_t ColumnNumber;
} ol_code_location_t;

typedef struct ol_dimensions_t {
    uint32_t x;
    uint32_t y;
    uint32_t z;
} ol_dimensions_t;

typedef struct ol_error_struct_t {
    ol_errc_t Code;
    const char* Details;
} ol_error_struct_t;

typedef struct ol_kernel_launch_size_args_t {
    size_t Dimensions; /* 1 to 3 */
    struct ol_dimensions_t NumGroups;
    struct ol_dimensions_t GroupSize;
    size_t DynSharedMemory; /* bytes */
} ol_kernel_launch_size_args_t;

#endif /* OFFLOAD__OL_API_H */
#endif /* OL_API_PROTOTYPES_ONLY */

/* ---- Handles, scalar types and callbacks (repeatable: C11 allows an identical typedef twice) */

#ifndef OFFLOAD__OL_API_DECLS
#define OFFLOAD__OL_API_DECLS

typedef struct ol_context_impl_t* ol_context_handle_t;
typedef struct ol_device_impl_t* ol_device_handle_t;
typedef struct ol_event_impl_t* ol_event_handle_t;
typedef struct ol_platform_impl_t* ol_platform_handle_t;
typedef struct ol_program_impl_t* ol_program_handle_t;
typedef struct ol_queue_impl_t* ol_queue_handle_t;
typedef struct ol_symbol_impl_t* ol_symbol_handle_t;

typedef uint32_t ol_device_fp_capability_flags_t; /* ol_device_fp_capability_flag_t bits */
typedef uint32_t ol_memory_register_flags_t;      /* no flags are defined: 0 */

typedef const struct ol_error_struct_t* ol_result_t; /* OL_SUCCESS or an error */

typedef bool (*ol_device_iterate_cb_t)(ol_device_handle_t Device, void* UserData); /* false stops */
typedef void (*ol_host_function_cb_t)(void* UserData);

/* ---- Entry points (those compat/liboffload.c defines) ------------------------------------- */

#ifdef __cplusplus
extern "C" {
#endif

ol_result_t olInit(void);
ol_result_t olShutDown(void);

ol_result_t olGetPlatformInfo(ol_platform_handle_t Platform, ol_platform_info_t PropName, size_t PropSize,
                              void* PropValue);
ol_result_t olGetPlatformInfoSize(ol_platform_handle_t Platform, ol_platform_info_t PropName, size_t* PropSizeRet);
ol_result_t olIterateDevices(ol_device_iterate_cb_t Callback, void* UserData);
ol_result_t olGetDeviceInfo(ol_device_handle_t Device, ol_device_info_t PropName, size_t PropSize, void* PropValue);
ol_result_t olGetDeviceInfoSize(ol_device_handle_t Device, ol_device_info_t PropName, size_t* PropSizeRet);

ol_result_t olMemAlloc(ol_device_handle_t Device, ol_alloc_type_t Type, size_t Size, void** AllocationOut);
ol_result_t olMemFree(void* Address);
ol_result_t olGetMemInfo(const void* Ptr, ol_mem_info_t PropName, size_t PropSize, void* PropValue);
ol_result_t olGetMemInfoSize(const void* Ptr, ol_mem_info_t PropName, size_t* PropSizeRet);
ol_result_t olMemcpy(ol_queue_handle_t Queue, void* DstPtr, ol_device_handle_t DstDevice, const void* SrcPtr,
                     ol_device_handle_t SrcDevice, size_t Size);
ol_result_t olMemFill(ol_queue_handle_t Queue, void* Ptr, size_t PatternSize, const void* PatternPtr, size_t FillSize);
ol_result_t olMemRegister(ol_device_handle_t Device, void* Ptr, size_t Size, ol_memory_register_flags_t Flags,
                          void** PinnedPtr);
ol_result_t olMemUnregister(ol_device_handle_t Device, void* Ptr);

ol_result_t olCreateQueue(ol_device_handle_t Device, ol_queue_handle_t* Queue);
ol_result_t olDestroyQueue(ol_queue_handle_t Queue);
ol_result_t olSyncQueue(ol_queue_handle_t Queue);
ol_result_t olWaitEvents(ol_queue_handle_t Queue, ol_event_handle_t* Events, size_t NumEvents);
ol_result_t olLaunchHostFunction(ol_queue_handle_t Queue, ol_host_function_cb_t Callback, void* UserData);
ol_result_t olGetQueueInfo(ol_queue_handle_t Queue, ol_queue_info_t PropName, size_t PropSize, void* PropValue);
ol_result_t olGetQueueInfoSize(ol_queue_handle_t Queue, ol_queue_info_t PropName, size_t* PropSizeRet);

ol_result_t olCreateEvent(ol_queue_handle_t Queue, ol_event_handle_t* Event);
ol_result_t olDestroyEvent(ol_event_handle_t Event);
ol_result_t olSyncEvent(ol_event_handle_t Event);
ol_result_t olGetEventInfo(ol_event_handle_t Event, ol_event_info_t PropName, size_t PropSize, void* PropValue);
ol_result_t olGetEventInfoSize(ol_event_handle_t Event, ol_event_info_t PropName, size_t* PropSizeRet);

ol_result_t olCreateProgram(ol_device_handle_t Device, const void* ProgData, size_t ProgDataSize,
                            ol_program_handle_t* Program);
ol_result_t olDestroyProgram(ol_program_handle_t Program);
ol_result_t olIsValidBinary(ol_device_handle_t Device, const void* ProgData, size_t ProgDataSize, bool* Valid);
ol_result_t olGetSymbol(ol_program_handle_t Program, const char* Name, ol_symbol_kind_t Kind,
                        ol_symbol_handle_t* Symbol);
ol_result_t olGetSymbolInfo(ol_symbol_handle_t Symbol, ol_symbol_info_t PropName, size_t PropSize, void* PropValue);
ol_result_t olGetSymbolInfoSize(ol_symbol_handle_t Symbol, ol_symbol_info_t PropName, size_t* PropSizeRet);
ol_result_t olLaunchKernel(ol_queue_handle_t Queue, ol_device_handle_t Device, ol_symbol_handle_t Kernel,
                           const void* ArgumentsData, size_t ArgumentsSize,
                           const ol_kernel_launch_size_args_t* LaunchSizeArgs);
ol_result_t olCalculateOptimalOccupancy(ol_device_handle_t Device, ol_symbol_handle_t Kernel, size_t SharedMemory,
                                        size_t* GroupSize);

#ifdef __cplusplus
}
#endif

#endif /* OFFLOAD__OL_API_DECLS */
