/* tests/test_kernel_params.c — offload_kernel_get_param_count and offload_kernel_get_param: each
   parameter's offset and size in the packed argument buffer, from portable IR and NVPTX IR (a
   struct by value included) compiled for the host, from a host symbol table that describes its
   kernels, and on the simulated CUDA device from the driver (cuFuncGetParamInfo) and, with a
   driver older than 12.4, from the PTX .entry list; and the errors: NULL arguments, handles
   that are 0 or stale, the first index past the last parameter, a layout nobody gave. */
#include "../offload.h"
#include "test.h"

#include <dlfcn.h>
#include <stdint.h>
#include <string.h>

#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"

static offload_context* host_context(void) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

static offload_result load(offload_context* ctx, uint32_t device, const char* text, offload_program* out) {
    offload_device dev = {0};
    offload_device_get(ctx, device, &dev);
    offload_program_desc desc = {0};
    desc.image = text;
    desc.size = strlen(text);
    return offload_program_create(ctx, dev, &desc, out);
}

/* The kernel's layout against offsets and sizes (count of them), and the first index past it refused. */
static void check_layout(offload_context* ctx, offload_kernel k, const uint32_t* offsets, const uint32_t* sizes,
                         uint32_t count) {
    uint32_t n = 99;
    REQUIRE_OK(ctx, offload_kernel_get_param_count(ctx, k, &n));
    CHECK(n == count);
    for (uint32_t i = 0; i < count && i < n; i++) {
        offload_kernel_param p = {99, 99};
        CHECK_OK(ctx, offload_kernel_get_param(ctx, k, i, &p));
        if (p.offset != offsets[i] || p.size != sizes[i])
            fprintf(stderr, "  parameter %u: offset %u size %u, expected %u %u\n", i, p.offset, p.size, offsets[i],
                    sizes[i]);
        CHECK(p.offset == offsets[i] && p.size == sizes[i]);
    }
    offload_kernel_param p;
    CHECK_RESULT(ctx, offload_kernel_get_param(ctx, k, count, &p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_kernel_get_param(ctx, k, UINT32_MAX, &p), OFFLOAD_ERROR_INVALID_ARGUMENT);
}

static const char portable[] = "define void @mixed(i8 %c, double %d, i32* %p, i32 %n) \"offload-kernel\" {\n"
                               "  ret void\n}\n"
                               "define void @nothing() \"offload-kernel\" {\n  ret void\n}\n";

static void test_portable_ir(void) {
    offload_context* ctx = host_context();
    REQUIRE(ctx);
    offload_program prog;
    offload_result loaded = load(ctx, 0, portable, &prog);
    if (loaded == OFFLOAD_ERROR_JIT_UNAVAILABLE) {
        offload_context_destroy(ctx);
        SKIP("the JIT is not compiled in");
    }
    REQUIRE_OK(ctx, loaded);
    offload_kernel mixed, nothing;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "mixed", &mixed));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "nothing", &nothing));
    const uint32_t offsets[] = {0, 8, 16, 24}, sizes[] = {1, 8, 8, 4};
    check_layout(ctx, mixed, offsets, sizes, 4);
    size_t args_size = 0;
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, mixed, &args_size));
    CHECK(args_size == 28); /* the end of the last parameter */
    check_layout(ctx, nothing, NULL, NULL, 0);

    /* NULL arguments, handle 0, a stale handle */
    uint32_t n = 0;
    offload_kernel_param p;
    CHECK_RESULT(NULL, offload_kernel_get_param_count(NULL, mixed, &n), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_kernel_get_param_count(ctx, mixed, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_kernel_get_param(ctx, mixed, 0, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_kernel_get_param_count(ctx, (offload_kernel){0}, &n), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_kernel_get_param(ctx, (offload_kernel){0}, 0, &p), OFFLOAD_ERROR_INVALID_HANDLE);
    offload_program_destroy(ctx, prog);
    CHECK_RESULT(ctx, offload_kernel_get_param_count(ctx, mixed, &n), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_kernel_get_param(ctx, mixed, 0, &p), OFFLOAD_ERROR_INVALID_HANDLE);
    offload_context_destroy(ctx);
}

/* clang's shape for CUDA: a struct by value with __align__(16), between narrower parameters */
static const char nvptx[] = "target triple = \"nvptx64-nvidia-cuda\"\n"
                            "%struct.V = type { float, float, float, float }\n"
                            "define ptx_kernel void @by_value(i8 %c, %struct.V* byval(%struct.V) align 16 %v, "
                            "float* %out, i16 %s) {\n"
                            "  ret void\n}\n";

static void test_nvptx_ir_by_value(void) {
    offload_context* ctx = host_context();
    REQUIRE(ctx);
    offload_program prog;
    offload_result loaded = load(ctx, 0, nvptx, &prog);
    if (loaded == OFFLOAD_ERROR_JIT_UNAVAILABLE) {
        offload_context_destroy(ctx);
        SKIP("the JIT is not compiled in");
    }
    REQUIRE_OK(ctx, loaded);
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "by_value", &k));
    const uint32_t offsets[] = {0, 16, 32, 40}, sizes[] = {1, 16, 8, 2};
    check_layout(ctx, k, offsets, sizes, 4);
    offload_program_destroy(ctx, prog);
    offload_context_destroy(ctx);
}

static void empty_kernel(const void* args, const offload_host_thread* thread) { (void)args, (void)thread; }

static void test_host_symbol_table(void) {
    offload_context* ctx = host_context();
    REQUIRE(ctx);
    static const offload_kernel_param described[] = {{0, 4}, {8, 8}};
    offload_host_symbol symbols[2];
    memset(symbols, 0, sizeof symbols);
    symbols[0].name = "described";
    symbols[0].kernel = empty_kernel;
    symbols[0].args_size = 16;
    symbols[0].params = described;
    symbols[0].param_count = 2;
    symbols[1].name = "undescribed";
    symbols[1].kernel = empty_kernel;
    offload_device dev;
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &dev));
    offload_program_desc desc = {0};
    desc.host_symbols = symbols;
    desc.host_symbol_count = 2;
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, dev, &desc, &prog));
    offload_kernel k, unknown;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "described", &k));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "undescribed", &unknown));
    const uint32_t offsets[] = {0, 8}, sizes[] = {4, 8};
    check_layout(ctx, k, offsets, sizes, 2);
    /* the program keeps its own copy */
    uint32_t n = 0;
    offload_kernel_param p;
    CHECK_RESULT(ctx, offload_kernel_get_param_count(ctx, unknown, &n), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_PARAM_LAYOUT_UNKNOWN);
    CHECK(strstr(offload_context_last_error(ctx), "undescribed") != NULL); /* the kernel's name */
    CHECK_RESULT(ctx, offload_kernel_get_param(ctx, unknown, 0, &p), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_PARAM_LAYOUT_UNKNOWN);
    offload_program_destroy(ctx, prog);
    offload_context_destroy(ctx);
}

static const char ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                          ".visible .entry k(\n"
                          "\t.param .u8 k_param_0,\n"
                          "\t.param .align 16 .b8 k_param_1[16],\n"
                          "\t.param .u64 .ptr .global .align 4 k_param_2,\n"
                          "\t.param .u32 k_param_3\n)\n{\n\tret;\n}\n"
                          ".visible .entry none()\n{\n\tret;\n}\n";

/* The PTX kernel k on the simulated CUDA device, the driver at version (1000*major + 10*minor). */
static void check_ptx_on_sim(int version) {
    void* sim = dlopen(CUDA_SIM, RTLD_NOW);
    if (!sim) SKIP("the simulated CUDA driver is not built");
    void (*set_version)(int);
    void* address = dlsym(sim, "cuda_sim_set_driver_version");
    memcpy(&set_version, &address, sizeof address);
    REQUIRE(set_version);
    set_version(version);
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    desc.no_environment = 1;
    desc.cuda_library_path = CUDA_SIM;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) {
        set_version(12040); /* the simulator's default */
        dlclose(sim);
        REQUIRE(0);
    }
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    offload_program prog;
    if (count >= 2 && load(ctx, 1, ptx, &prog) == OFFLOAD_SUCCESS) {
        offload_kernel k, none;
        CHECK_OK(ctx, offload_kernel_get(ctx, prog, "k", &k));
        CHECK_OK(ctx, offload_kernel_get(ctx, prog, "none", &none));
        const uint32_t offsets[] = {0, 16, 32, 40}, sizes[] = {1, 16, 8, 4};
        check_layout(ctx, k, offsets, sizes, 4);
        check_layout(ctx, none, NULL, NULL, 0);
        offload_program_destroy(ctx, prog);
    } else {
        CHECK(!"the PTX module loads on the simulated device");
    }
    offload_context_destroy(ctx);
    set_version(12040); /* the simulator's default */
    dlclose(sim);
}

static void test_ptx_from_driver(void) { check_ptx_on_sim(12080); }
static void test_ptx_from_image_on_older_driver(void) { check_ptx_on_sim(12000); }

int main(void) {
    RUN(test_portable_ir);
    RUN(test_nvptx_ir_by_value);
    RUN(test_host_symbol_table);
    RUN(test_ptx_from_driver);
    RUN(test_ptx_from_image_on_older_driver);
    return test_summary();
}
