/* tests/test_amdgpu_headers.c — the AMDGPU backend's own HSA declarations against the real
   hsa.h / hsa_ext_amd.h (libhsa-runtime-dev): constants, enums and packet/struct layouts must
   be equal, checked at compile time. Skipped with a reason when the headers are absent. */
#if defined(__has_include)
#if __has_include(<hsa/hsa.h>) && __has_include(<hsa/hsa_ext_amd.h>)
#define HAVE_HSA_HEADERS 1
#endif
#endif

/* Only the declarations: backends/amdgpu/hsa_driver.inc stands alone, no implementation is compiled. */
#include <stddef.h>
#include <stdint.h>
#include "../offload.h"
#include "../backends/amdgpu/hsa_driver.inc"
#include "test.h"

#ifdef HAVE_HSA_HEADERS
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <stddef.h>

#define SAME(ours, theirs) _Static_assert((long long)(ours) == (long long)(theirs), #ours " != " #theirs)
#define SAME_FIELD(ours, theirs, ofield, tfield)                                                                       \
    SAME(offsetof(ours, ofield), offsetof(theirs, tfield));                                                            \
    SAME(sizeof(((ours*)0)->ofield), sizeof(((theirs*)0)->tfield))

SAME(OFFLOAD__HSA_STATUS_SUCCESS, HSA_STATUS_SUCCESS);
SAME(OFFLOAD__HSA_STATUS_INFO_BREAK, HSA_STATUS_INFO_BREAK);
SAME(OFFLOAD__HSA_STATUS_ERROR, HSA_STATUS_ERROR);
SAME(OFFLOAD__HSA_STATUS_ERROR_INVALID_ARGUMENT, HSA_STATUS_ERROR_INVALID_ARGUMENT);
SAME(OFFLOAD__HSA_STATUS_ERROR_INVALID_ALLOCATION, HSA_STATUS_ERROR_INVALID_ALLOCATION);
SAME(OFFLOAD__HSA_STATUS_ERROR_OUT_OF_RESOURCES, HSA_STATUS_ERROR_OUT_OF_RESOURCES);
SAME(OFFLOAD__HSA_STATUS_ERROR_NOT_INITIALIZED, HSA_STATUS_ERROR_NOT_INITIALIZED);
SAME(OFFLOAD__HSA_STATUS_ERROR_INVALID_CODE_OBJECT, HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
SAME(OFFLOAD__HSA_STATUS_ERROR_INVALID_SYMBOL_NAME, HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
SAME(OFFLOAD__HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY);
SAME(OFFLOAD__HSA_AGENT_INFO_NAME, HSA_AGENT_INFO_NAME);
SAME(OFFLOAD__HSA_AGENT_INFO_FEATURE, HSA_AGENT_INFO_FEATURE);
SAME(OFFLOAD__HSA_AGENT_INFO_WAVEFRONT_SIZE, HSA_AGENT_INFO_WAVEFRONT_SIZE);
SAME(OFFLOAD__HSA_AGENT_INFO_WORKGROUP_MAX_DIM, HSA_AGENT_INFO_WORKGROUP_MAX_DIM);
SAME(OFFLOAD__HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE);
SAME(OFFLOAD__HSA_AGENT_INFO_GRID_MAX_DIM, HSA_AGENT_INFO_GRID_MAX_DIM);
SAME(OFFLOAD__HSA_AGENT_INFO_QUEUE_MIN_SIZE, HSA_AGENT_INFO_QUEUE_MIN_SIZE);
SAME(OFFLOAD__HSA_AGENT_INFO_DEVICE, HSA_AGENT_INFO_DEVICE);
SAME(OFFLOAD__HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT);
SAME(OFFLOAD__HSA_AMD_AGENT_INFO_PRODUCT_NAME, HSA_AMD_AGENT_INFO_PRODUCT_NAME);
SAME(OFFLOAD__HSA_AGENT_FEATURE_KERNEL_DISPATCH, HSA_AGENT_FEATURE_KERNEL_DISPATCH);
SAME(OFFLOAD__HSA_DEVICE_TYPE_CPU, HSA_DEVICE_TYPE_CPU);
SAME(OFFLOAD__HSA_DEVICE_TYPE_GPU, HSA_DEVICE_TYPE_GPU);
SAME(OFFLOAD__HSA_ISA_INFO_NAME_LENGTH, HSA_ISA_INFO_NAME_LENGTH);
SAME(OFFLOAD__HSA_ISA_INFO_NAME, HSA_ISA_INFO_NAME);
SAME(OFFLOAD__HSA_AMD_MEMORY_POOL_INFO_SEGMENT, HSA_AMD_MEMORY_POOL_INFO_SEGMENT);
SAME(OFFLOAD__HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS);
SAME(OFFLOAD__HSA_AMD_MEMORY_POOL_INFO_SIZE, HSA_AMD_MEMORY_POOL_INFO_SIZE);
SAME(OFFLOAD__HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED);
SAME(OFFLOAD__HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE);
SAME(OFFLOAD__HSA_AMD_SEGMENT_GLOBAL, HSA_AMD_SEGMENT_GLOBAL);
SAME(OFFLOAD__HSA_AMD_SEGMENT_GROUP, HSA_AMD_SEGMENT_GROUP);
SAME(OFFLOAD__HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT);
SAME(OFFLOAD__HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED);
SAME(OFFLOAD__HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED);
SAME(OFFLOAD__HSA_SIGNAL_CONDITION_LT, HSA_SIGNAL_CONDITION_LT);
SAME(OFFLOAD__HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ);
SAME(OFFLOAD__HSA_WAIT_STATE_BLOCKED, HSA_WAIT_STATE_BLOCKED);
SAME(OFFLOAD__HSA_QUEUE_TYPE_MULTI, HSA_QUEUE_TYPE_MULTI);
SAME(OFFLOAD__HSA_PACKET_TYPE_INVALID, HSA_PACKET_TYPE_INVALID);
SAME(OFFLOAD__HSA_PACKET_TYPE_KERNEL_DISPATCH, HSA_PACKET_TYPE_KERNEL_DISPATCH);
SAME(OFFLOAD__HSA_PACKET_TYPE_BARRIER_AND, HSA_PACKET_TYPE_BARRIER_AND);
SAME(OFFLOAD__HSA_PACKET_HEADER_TYPE, HSA_PACKET_HEADER_TYPE);
SAME(OFFLOAD__HSA_PACKET_HEADER_BARRIER, HSA_PACKET_HEADER_BARRIER);
SAME(OFFLOAD__HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE, HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE);
SAME(OFFLOAD__HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE, HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
SAME(OFFLOAD__HSA_FENCE_SCOPE_SYSTEM, HSA_FENCE_SCOPE_SYSTEM);
SAME(OFFLOAD__HSA_FENCE_SCOPE_AGENT, HSA_FENCE_SCOPE_AGENT);
SAME(OFFLOAD__HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS, HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
SAME(OFFLOAD__HSA_PROFILE_FULL, HSA_PROFILE_FULL);
SAME(OFFLOAD__HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO, HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO);
SAME(OFFLOAD__HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE);
SAME(OFFLOAD__HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
     HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE);
SAME(OFFLOAD__HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT,
     HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT);
SAME(OFFLOAD__HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
     HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE);
SAME(OFFLOAD__HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
     HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE);
SAME(OFFLOAD__HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK);
SAME(OFFLOAD__HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS);
SAME(OFFLOAD__HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
SAME(OFFLOAD__HSA_EXT_POINTER_TYPE_UNKNOWN, HSA_EXT_POINTER_TYPE_UNKNOWN);

SAME(sizeof(offload__hsa_queue), sizeof(hsa_queue_t));
SAME_FIELD(offload__hsa_queue, hsa_queue_t, type, type);
SAME_FIELD(offload__hsa_queue, hsa_queue_t, features, features);
SAME_FIELD(offload__hsa_queue, hsa_queue_t, base_address, base_address);
SAME_FIELD(offload__hsa_queue, hsa_queue_t, doorbell_signal, doorbell_signal);
SAME_FIELD(offload__hsa_queue, hsa_queue_t, size, size);
SAME_FIELD(offload__hsa_queue, hsa_queue_t, id, id);
SAME(sizeof(offload__hsa_dispatch_packet), sizeof(hsa_kernel_dispatch_packet_t));
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, header, header);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, setup, setup);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, workgroup_size_x, workgroup_size_x);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, workgroup_size_z, workgroup_size_z);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, reserved0, reserved0);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, grid_size_x, grid_size_x);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, grid_size_z, grid_size_z);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, private_segment_size, private_segment_size);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, group_segment_size, group_segment_size);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, kernel_object, kernel_object);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, kernarg_address, kernarg_address);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, reserved2, reserved2);
SAME_FIELD(offload__hsa_dispatch_packet, hsa_kernel_dispatch_packet_t, completion_signal, completion_signal);
SAME(sizeof(offload__hsa_barrier_and_packet), sizeof(hsa_barrier_and_packet_t));
SAME_FIELD(offload__hsa_barrier_and_packet, hsa_barrier_and_packet_t, header, header);
SAME_FIELD(offload__hsa_barrier_and_packet, hsa_barrier_and_packet_t, dep_signal, dep_signal);
SAME_FIELD(offload__hsa_barrier_and_packet, hsa_barrier_and_packet_t, completion_signal, completion_signal);
SAME(sizeof(offload__hsa_pointer_info), sizeof(hsa_amd_pointer_info_t));
SAME(sizeof(offload__hsa_dispatch_time), sizeof(hsa_amd_profiling_dispatch_time_t));
SAME_FIELD(offload__hsa_dispatch_time, hsa_amd_profiling_dispatch_time_t, start, start);
SAME_FIELD(offload__hsa_dispatch_time, hsa_amd_profiling_dispatch_time_t, end, end);
SAME_FIELD(offload__hsa_pointer_info, hsa_amd_pointer_info_t, size, size);
SAME_FIELD(offload__hsa_pointer_info, hsa_amd_pointer_info_t, type, type);
SAME_FIELD(offload__hsa_pointer_info, hsa_amd_pointer_info_t, size_in_bytes, sizeInBytes);
SAME_FIELD(offload__hsa_pointer_info, hsa_amd_pointer_info_t, agent_owner, agentOwner);
SAME_FIELD(offload__hsa_pointer_info, hsa_amd_pointer_info_t, global_flags, global_flags);
/* 5.2.3's event has only the memory fault; the hardware exception (ROCm 5.3) shares its union. */
SAME(OFFLOAD__HSA_AMD_GPU_MEMORY_FAULT_EVENT, HSA_AMD_GPU_MEMORY_FAULT_EVENT);
SAME(sizeof(offload__hsa_event), sizeof(hsa_amd_event_t));
SAME_FIELD(offload__hsa_event, hsa_amd_event_t, event_type, event_type);
SAME_FIELD(offload__hsa_event, hsa_amd_event_t, memory_fault, memory_fault);
SAME_FIELD(offload__hsa_memory_fault_info, hsa_amd_gpu_memory_fault_info_t, virtual_address, virtual_address);
SAME_FIELD(offload__hsa_memory_fault_info, hsa_amd_gpu_memory_fault_info_t, fault_reason_mask, fault_reason_mask);
SAME(sizeof(offload__hsa_agent), sizeof(hsa_agent_t));
SAME(sizeof(offload__hsa_signal), sizeof(hsa_signal_t));
SAME(sizeof(offload__hsa_status), sizeof(hsa_status_t));
#endif

/* The checks above are compile-time; this records that they ran (or why not). */
static void test_declarations_match_hsa_headers(void) {
#ifndef HAVE_HSA_HEADERS
    SKIP("hsa/hsa.h and hsa/hsa_ext_amd.h not installed (apt-get install libhsa-runtime-dev)");
#else
    CHECK(sizeof(offload__hsa_dispatch_packet) == 64);
#endif
}

int main(void) {
    RUN(test_declarations_match_hsa_headers);
    return test_summary();
}
