/* tests/test_llvm_loading.c — the runtime reaches LLVM through dlopen, on first use
   (jit/llvm_api.inc): a program that runs native kernels, or whose compiles all run in the compile
   server for a GPU, never maps libLLVM; the first in-process compile maps it; a library that is
   not the LLVM the runtime was built for is refused with a message, in-process and in the compile
   server. This program does not link libLLVM itself (it is not marked llvm in tests/tests.list),
   so what /proc/self/maps shows is the runtime's doing. The tests run in the order listed: once
   mapped, LLVM stays (RTLD_NODELETE). */
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <stdint.h>

/* Whether a file named libLLVM* is mapped into this process. */
static int llvm_mapped(void) { return test_mapped("/libLLVM"); }

static void add_one_kernel(const void* args, const offload_host_thread* t) {
    int* data = *(int* const*)args;
    data[t->thread_id[0]] += 1;
}

/* A native host kernel: context, program, launch, teardown, and LLVM never mapped. */
static void test_native_kernel_maps_no_llvm(void) {
    REQUIRE(llvm_mapped() == 0);
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_host_symbol symbols[] = {{.name = "add_one", .kernel = add_one_kernel}};
    offload_program_desc pd = {0};
    pd.host_symbols = symbols;
    pd.host_symbol_count = 1;
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, test_backend_device(ctx, OFFLOAD_BACKEND_HOST), &pd, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "add_one", &k));
    int data[32] = {0};
    int* arg = data;
    offload_launch_desc launch = {{1, 1, 1}, {32, 1, 1}, 0, &arg, sizeof arg};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    int right = 0;
    for (int i = 0; i < 32; i++) right += data[i] == 1;
    CHECK(right == 32);
    offload_jit_info info;
    CHECK_OK(ctx, offload_jit_get_info(ctx, &info)); /* what the JIT would do, without LLVM */
#ifndef OFFLOAD_NO_JIT
    CHECK(info.available && !info.llvm_loaded && contains(info.llvm_library, "LLVM"));
#endif
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK_OK(ctx, offload_context_destroy(ctx));
    CHECK(llvm_mapped() == 0);
}

#ifndef OFFLOAD_NO_JIT
/* Portable IR compiled for the simulated CUDA device in the compile server, loaded and run there:
   the PTX is made in the server, and this process never maps LLVM. */
static void test_compile_in_the_server_maps_no_llvm(void) {
    REQUIRE(llvm_mapped() == 0);
    offload_context* ctx = make_sim_context(NULL);
    if (!ctx) SKIP("no context with the simulated CUDA driver");
    offload_device gpu = test_backend_device(ctx, OFFLOAD_BACKEND_CUDA);
    offload_jit_info info;
    CHECK_OK(ctx, offload_jit_get_info(ctx, &info));
    if (!gpu.id || info.isolation != OFFLOAD_JIT_ISOLATION_PROCESS) {
        offload_context_destroy(ctx);
        SKIP("no simulated CUDA device, or no compile server");
    }
    offload_program prog;
    CHECK_OK(ctx, program_from_file(ctx, gpu, JIT_DATA "saxpy.ll", &prog));
    offload_kernel k;
    CHECK_OK(ctx, offload_kernel_get(ctx, prog, "saxpy", &k));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK_OK(ctx, offload_context_destroy(ctx));
    CHECK(llvm_mapped() == 0);
}

/* desc.jit.llvm_library_path names a library to refuse: the compile fails with OFFLOAD_ERROR_JIT
   and a message holding `expected`, in-process and in the compile server; nothing of LLVM is
   mapped. */
static void check_refused(const char* library, const char* expected) {
    offload_jit_isolation modes[] = {OFFLOAD_JIT_ISOLATION_NONE, OFFLOAD_JIT_ISOLATION_PROCESS};
    for (int m = 0; m < 2; m++) {
        offload_context_desc desc = {0};
        desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
        desc.no_environment = 1;
        desc.cuda_library_path = CUDA_SIM;
        desc.jit.isolation = modes[m];
        desc.jit.llvm_library_path = library;
        offload_context* ctx = NULL;
        REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
        offload_jit_info info;
        CHECK_OK(ctx, offload_jit_get_info(ctx, &info));
        CHECK(!strcmp(info.llvm_library, library));
        offload_device gpu = test_backend_device(ctx, OFFLOAD_BACKEND_CUDA);
        offload_device devices[2];
        devices[0] = test_backend_device(ctx, OFFLOAD_BACKEND_HOST);
        devices[1] = gpu;
        for (int d = 0; d < 2; d++) {
            if (!devices[d].id) continue;
            if (d == 0 && m == 1) continue; /* the host's target is asked of LLVM in this process: as m == 0 */
            offload_program prog;
            offload_result r = program_from_file(ctx, devices[d], JIT_DATA "saxpy.ll", &prog);
            CHECK(r == OFFLOAD_ERROR_JIT);
            const char* message = offload_context_last_error(ctx);
            if (!contains(message, expected)) fprintf(stderr, "  message: %s\n", message);
            CHECK(contains(message, expected));
            /* a second try fails the same way (the failed bind is not remembered as bound) */
            CHECK(program_from_file(ctx, devices[d], JIT_DATA "saxpy.ll", &prog) == OFFLOAD_ERROR_JIT);
        }
        CHECK_OK(ctx, offload_context_destroy(ctx));
    }
    CHECK(llvm_mapped() == 0);
}

/* A copy of build/sim/llvm_stub.so (one of LLVM's entry points, nothing else) named `name` in
   `dir`: what a library of that file name would be. */
static int stub_named(const char* dir, const char* name, char* path, size_t capacity) {
    size_t size = 0;
    char* bytes = test_read_file(OFFLOAD_TEST_BUILD "/sim/llvm_stub.so", &size);
    snprintf(path, capacity, "%s/%s", dir, name);
    int ok = bytes && test_write_file(path, bytes, size);
    free(bytes);
    return ok;
}

static void test_wrong_llvm_library_is_refused(void) {
    check_refused("/nonexistent/libLLVM-1.so", "/nonexistent/libLLVM-1.so");
    char dir[] = "/tmp/offload-llvm-XXXXXX";
    REQUIRE(mkdtemp(dir));
    char other[512], same[512], name[64];
    /* Another major version, older or newer, is refused by its name before anything is looked
       up in it... */
    REQUIRE(stub_named(dir, "libLLVM-1.so.1", other, sizeof other));
    check_refused(other, "is LLVM 1, and this runtime was built with LLVM");
    REQUIRE(stub_named(dir, "libLLVM.so.99.1", other, sizeof other));
    check_refused(other, "is LLVM 99, and this runtime was built with LLVM");
    /* ... and the same major passes that check, to be refused for what it lacks. */
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_jit_info info;
    REQUIRE_OK(ctx, offload_jit_get_info(ctx, &info));
    offload_context_destroy(ctx);
    snprintf(name, sizeof name, "libLLVM-%d.so.1", atoi(info.llvm_version));
    REQUIRE(stub_named(dir, name, same, sizeof same));
    check_refused(same, "has no LLVM");
    test_remove_tree(dir);
}

/* The first in-process compile maps LLVM, and what it compiled runs. */
static void test_in_process_compile_maps_llvm(void) {
    offload_jit_desc jd = {0};
    jd.isolation = OFFLOAD_JIT_ISOLATION_NONE;
    offload_context* ctx = make_context_with(&jd);
    REQUIRE(ctx);
    offload_program prog;
    offload_jit_info info;
    CHECK_OK(ctx, offload_jit_get_info(ctx, &info));
    CHECK(!info.llvm_loaded);
    REQUIRE_OK(ctx, program_from_file(ctx, test_backend_device(ctx, OFFLOAD_BACKEND_HOST), JIT_DATA "saxpy.ll", &prog));
    CHECK(llvm_mapped() == 1);
    CHECK_OK(ctx, offload_jit_get_info(ctx, &info));
    CHECK(info.llvm_loaded);
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "saxpy", &k));
    enum { N = 100 };
    float x[N], y[N];
    for (int i = 0; i < N; i++) x[i] = (float)i, y[i] = 1.0f;
    struct {
        int32_t n;
        float a;
        float* x;
        float* y;
    } p = {N, 2.0f, x, y};
    offload_launch_desc launch = {{2, 1, 1}, {64, 1, 1}, 0, &p, sizeof p};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    int right = 0;
    for (int i = 0; i < N; i++) right += y[i] == 2.0f * (float)i + 1.0f;
    CHECK(right == N);
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK_OK(ctx, offload_context_destroy(ctx));
}

#endif /* OFFLOAD_NO_JIT */

int main(void) {
    RUN(test_native_kernel_maps_no_llvm);
#ifndef OFFLOAD_NO_JIT
    RUN(test_compile_in_the_server_maps_no_llvm);
    RUN(test_wrong_llvm_library_is_refused);
    RUN(test_in_process_compile_maps_llvm);
#endif
    return test_summary();
}
