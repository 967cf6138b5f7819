/* tests/compat/ol_abi.c — compat/ol_api.h (our declarations of LLVM 22's OffloadAPI.h) checked
   against the real header. compat/liboffload.sh builds it twice and compares the two outputs:

     -DOL_ABI_REAL  the real header, then compat/ol_api.h with OL_API_PROTOTYPES_ONLY: every
                    prototype, handle, scalar and callback typedef of ours is redeclared after
                    LLVM's, so any that differs is a compile error;
     (default)      compat/ol_api.h alone.

   Each prints one line per enumerator (its value), per type (its size and alignment) and per
   structure field (its offset and size). The enumerators are every `OL_... =` line of
   compat/ol_api.h, extracted by the build into the file named by OL_ABI_ENUMERATORS as
   ENUMERATOR(name) lines, so a value we declare cannot escape the comparison. */
#include <stdbool.h> /* OffloadAPI.h uses bool without including it */
#ifdef OL_ABI_REAL
#include <offload/OffloadAPI.h>
#define OL_API_PROTOTYPES_ONLY
#endif
#include "compat/ol_api.h"

#include <stdalign.h>
#include <stdio.h>

#define TYPE(t) printf("type %s size %zu align %zu\n", #t, sizeof(t), alignof(t));
#define FIELD(t, f) printf("field %s.%s offset %zu size %zu\n", #t, #f, offsetof(t, f), sizeof(((t*)0)->f));
#define ENUMERATOR(e) printf("enumerator %s %lld\n", #e, (long long)(e));

int main(void) {
#include OL_ABI_ENUMERATORS

    TYPE(ol_alloc_type_t)
    TYPE(ol_device_fp_capability_flag_t)
    TYPE(ol_device_info_t)
    TYPE(ol_device_type_t)
    TYPE(ol_errc_t)
    TYPE(ol_event_info_t)
    TYPE(ol_mem_info_t)
    TYPE(ol_platform_backend_t)
    TYPE(ol_platform_info_t)
    TYPE(ol_queue_info_t)
    TYPE(ol_symbol_info_t)
    TYPE(ol_symbol_kind_t)
    TYPE(ol_device_fp_capability_flags_t)
    TYPE(ol_memory_register_flags_t)
    TYPE(ol_result_t)

    TYPE(ol_code_location_t)
    FIELD(ol_code_location_t, FunctionName)
    FIELD(ol_code_location_t, SourceFile)
    FIELD(ol_code_location_t, LineNumber)
    FIELD(ol_code_location_t, ColumnNumber)

    TYPE(ol_dimensions_t)
    FIELD(ol_dimensions_t, x)
    FIELD(ol_dimensions_t, y)
    FIELD(ol_dimensions_t, z)

    TYPE(ol_error_struct_t)
    FIELD(ol_error_struct_t, Code)
    FIELD(ol_error_struct_t, Details)

    TYPE(ol_kernel_launch_size_args_t)
    FIELD(ol_kernel_launch_size_args_t, Dimensions)
    FIELD(ol_kernel_launch_size_args_t, NumGroups)
    FIELD(ol_kernel_launch_size_args_t, GroupSize)
    FIELD(ol_kernel_launch_size_args_t, DynSharedMemory)

    /* OL_SUCCESS is a null ol_result_t in both. */
    ol_result_t success = OL_SUCCESS;
    printf("OL_SUCCESS %s\n", success == NULL ? "null" : "not null");
    printf("version %d.%d.%d\n", OL_VERSION_MAJOR, OL_VERSION_MINOR, OL_VERSION_PATCH);
    return 0;
}
