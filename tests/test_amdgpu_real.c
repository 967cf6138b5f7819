/* tests/test_amdgpu_real.c — the AMDGPU backend against the real HSA runtime installed here
   (Debian's libhsa-runtime64-1): without /dev/kfd the backend is absent with hsa_init's own
   error text, and every entry point our table binds exists in the real library's dynamic
   symbol table (optional ones are reported). A unity build, to reach the entry-point list. */
#include "../offload_impl.c"
#include "test.h"

#include <dlfcn.h>

static void test_status_carries_hsa_init_error(void) {
    void* probe = dlopen("libhsa-runtime64.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!probe) SKIP("libhsa-runtime64.so.1 not installed (apt-get install libhsa-runtime64-1)");
    dlclose(probe);
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_AMDGPU);
    desc.no_environment = 1;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_AMDGPU, &status));
    fprintf(stderr, "  amdgpu: %s [%s]\n", status.reason, status.library);
    CHECK(strcmp(status.library, "libhsa-runtime64.so.1") == 0);
    if (access("/dev/kfd", F_OK) == 0) {
        CHECK(status.loaded || strstr(status.reason, "no GPU agents"));
    } else {
        CHECK(!status.loaded && status.result == OFFLOAD_ERROR_BACKEND);
        CHECK(strstr(status.reason, "hsa_init failed: HSA_STATUS_ERROR_OUT_OF_RESOURCES") != NULL);
        CHECK(strstr(status.reason, "(0x1008)") != NULL);
        CHECK(ctx->amdgpu == NULL);
    }
    CHECK_OK(ctx, offload_context_destroy(ctx));
}

static void test_every_bound_symbol_exists(void) {
    void* library = dlopen("libhsa-runtime64.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) SKIP("libhsa-runtime64.so.1 not installed");
    int required_missing = 0, optional_missing = 0, bound = 0;
#define CHECK_SYMBOL(required, ret, name, params)                                              \
    if (dlsym(library, #name)) {                                                                  \
        bound++;                                                                                  \
    } else if (required) {                                                                        \
        fprintf(stderr, "  missing required %s\n", #name);                                       \
        required_missing++;                                                                       \
    } else {                                                                                      \
        optional_missing++;                                                                       \
    }
    OFFLOAD__HSA_ENTRY_POINTS(CHECK_SYMBOL)
#undef CHECK_SYMBOL
    fprintf(stderr, "  %d entry points bound, %d optional ones absent (hsa_amd_vmem_* before ROCm 6.0)\n", bound,
            optional_missing);
    CHECK(required_missing == 0);
    CHECK(bound > 30);
    dlclose(library);
}

int main(void) {
    RUN(test_status_carries_hsa_init_error);
    RUN(test_every_bound_symbol_exists);
    return test_summary();
}
