/* tests/test_amdgpu_real.c — the AMDGPU backend against the real HSA runtime installed here
   (Debian's libhsa-runtime64-1): without a driver node (/dev/kfd, /dev/dxg) ROCr is not even
   loaded; with one but no GPU behind it (a node the test hooks name) the backend is absent with
   hsa_init's own error text; and every entry point our table binds exists in the real library's
   dynamic symbol table (optional ones are reported); the entry-point list comes from the test
   hooks. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"

#include <unistd.h>

#include <dlfcn.h>

/* A context on the AMDGPU backend alone, with the library it finds by default; its status. */
static offload_context* amdgpu_context(offload_backend_status* status) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_AMDGPU);
    desc.no_environment = 1;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return NULL;
    if (offload_backend_get_status(ctx, OFFLOAD_BACKEND_AMDGPU, status) != OFFLOAD_SUCCESS) {
        offload_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

/* Runs first: until then nothing here has loaded ROCr. */
static void test_without_a_driver_node_rocr_is_not_loaded(void) {
    if (access("/dev/kfd", F_OK) == 0 || access("/dev/dxg", F_OK) == 0) SKIP("this machine has an AMD driver node");
    REQUIRE(test_mapped("libhsa-runtime64") == 0);
    const char* node_lists[] = {NULL, "/nonexistent/kfd:/nonexistent/dxg"};
    for (int i = 0; i < 2; i++) {
        if (node_lists[i]) setenv("OFFLOAD_TEST_AMDGPU_NODES", node_lists[i], 1);
        offload_backend_status status;
        offload_context* ctx = amdgpu_context(&status);
        REQUIRE(ctx);
        fprintf(stderr, "  amdgpu: %s\n", status.reason);
        CHECK(!status.loaded && status.result == OFFLOAD_ERROR_NO_BACKEND);
        CHECK(strstr(status.reason, "no AMD GPU driver") != NULL);
        CHECK(strstr(status.reason, node_lists[i] ? node_lists[i] : "/dev/kfd:/dev/dxg") != NULL);
        CHECK_OK(ctx, offload_context_destroy(ctx));
        unsetenv("OFFLOAD_TEST_AMDGPU_NODES");
    }
    CHECK(test_mapped("libhsa-runtime64") == 0);
}

static void test_status_carries_hsa_init_error(void) {
    void* probe = dlopen("libhsa-runtime64.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!probe) SKIP("libhsa-runtime64.so.1 not installed (apt-get install libhsa-runtime64-1)");
    dlclose(probe);
    /* A node that exists (the real one where there is one): ROCr is loaded and asked. */
    if (access("/dev/kfd", F_OK) != 0) setenv("OFFLOAD_TEST_AMDGPU_NODES", "/dev/null", 1);
    offload_backend_status status;
    offload_context* ctx = amdgpu_context(&status);
    REQUIRE(ctx);
    fprintf(stderr, "  amdgpu: %s [%s]\n", status.reason, status.library);
    CHECK(strcmp(status.library, "libhsa-runtime64.so.1") == 0);
    if (access("/dev/kfd", F_OK) == 0) {
        CHECK(status.loaded || strstr(status.reason, "no GPU agents"));
    } else {
        CHECK(!status.loaded && status.result == OFFLOAD_ERROR_BACKEND);
        CHECK(strstr(status.reason, "hsa_init failed: HSA_STATUS_ERROR_OUT_OF_RESOURCES") != NULL);
        CHECK(strstr(status.reason, "(0x1008)") != NULL);
        uint32_t count = 0;
        CHECK_OK(ctx, offload_device_count(ctx, &count));
        CHECK(count == 1); /* the host device only: nothing of the backend stayed */
    }
    CHECK_OK(ctx, offload_context_destroy(ctx));
    unsetenv("OFFLOAD_TEST_AMDGPU_NODES");
}

typedef struct symbol_count {
    void* library;
    int required_missing, optional_missing, bound;
} symbol_count;

static void count_symbol(void* user, const char* name, int required) {
    symbol_count* c = (symbol_count*)user;
    if (dlsym(c->library, name)) {
        c->bound++;
    } else if (required) {
        fprintf(stderr, "  missing required %s\n", name);
        c->required_missing++;
    } else {
        c->optional_missing++;
    }
}

static void test_every_bound_symbol_exists(void) {
    void* library = dlopen("libhsa-runtime64.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) SKIP("libhsa-runtime64.so.1 not installed");
    symbol_count c = {library, 0, 0, 0};
    CHECK(offload_test_driver_entry_points(OFFLOAD_BACKEND_AMDGPU, count_symbol, &c) == OFFLOAD_SUCCESS);
    int required_missing = c.required_missing, optional_missing = c.optional_missing, bound = c.bound;
    fprintf(stderr, "  %d entry points bound, %d optional ones absent (hsa_amd_vmem_* before ROCm 6.0)\n", bound,
            optional_missing);
    CHECK(required_missing == 0);
    CHECK(bound > 30);
    dlclose(library);
}

int main(void) {
    RUN(test_without_a_driver_node_rocr_is_not_loaded);
    RUN(test_status_carries_hsa_init_error);
    RUN(test_every_bound_symbol_exists);
    return test_summary();
}
