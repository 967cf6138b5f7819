/* tests/test_static.c — the runtime inside a statically linked executable: the executable is
   recognised as static; the GPU backends are reported unavailable with the reason instead of
   being dlopened (glibc's static dlopen cannot host a driver that uses thread-local storage: the
   simulated CUDA driver does, as NVIDIA's does, and crashed on its first call); host shared-object
   images are refused for the same reason; the host device keeps working with host symbol tables.
   build.sh links it with -static, without the JIT, and compiles it against build/dist/, the
   single-file distribution (it is marked `static dist` in tests/tests.list). */
#include "offload_impl.c"
#include "test.h"
#include "files.h"

static const char reason[] = "statically linked executable: the vendor driver cannot be loaded";

static void test_the_executable_is_recognised_as_static(void) { CHECK(offload__executable_is_static() == 1); }

static offload_context* make_context(void) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    /* Point both backends at loadable libraries: without the check they would be dlopened. */
    desc.cuda_library_path = OFFLOAD_TEST_BUILD "/sim/cuda_sim.so";
    desc.hsa_library_path = OFFLOAD_TEST_BUILD "/sim/hsa_sim.so";
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

static void test_gpu_backends_are_unavailable_with_the_reason(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    const offload_backend gpus[] = {OFFLOAD_BACKEND_CUDA, OFFLOAD_BACKEND_AMDGPU};
    for (int i = 0; i < 2; i++) {
        offload_backend_status s;
        CHECK_OK(ctx, offload_backend_get_status(ctx, gpus[i], &s));
        CHECK(!s.loaded);
        CHECK(s.result == OFFLOAD_ERROR_NO_BACKEND);
        CHECK(strcmp(s.reason, reason) == 0);
        CHECK(s.device_count == 0);
    }
    uint32_t count = 0;
    CHECK_OK(ctx, offload_device_count(ctx, &count));
    CHECK(count == 1);
    offload_context_destroy(ctx);
}

typedef struct fill_args {
    int32_t* out;
    int32_t value;
} fill_args;

static void fill(const void* args, const offload_host_thread* t) {
    const fill_args* p = (const fill_args*)args;
    p->out[t->block_id[0] * t->block_dim[0] + t->thread_id[0]] = p->value;
}

static void test_host_symbol_tables_keep_working(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device host;
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &host));
    offload_host_symbol symbols[] = {{.name = "fill", .kernel = fill}};
    offload_program_desc pd;
    memset(&pd, 0, sizeof pd);
    pd.host_symbols = symbols;
    pd.host_symbol_count = 1;
    offload_program prog;
    offload_kernel k;
    REQUIRE_OK(ctx, offload_program_create(ctx, host, &pd, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "fill", &k));
    int32_t* out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 256 * sizeof *out, (void**)&out));
    fill_args args = {out, 42};
    offload_launch_desc launch;
    memset(&launch, 0, sizeof launch);
    launch.grid[0] = 4;
    launch.block[0] = 64;
    launch.args = &args;
    launch.args_size = sizeof args;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    int good = 0;
    for (int i = 0; i < 256; i++) good += out[i] == 42;
    CHECK(good == 256);
    offload_mem_free(ctx, out);
    offload_context_destroy(ctx);
}

static void test_host_shared_objects_are_refused(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    /* Any valid x86-64 shared object will do: the refusal comes before dlopen. */
    size_t size = 0;
    char* image = test_read_file(OFFLOAD_TEST_BUILD "/sim/cuda_sim.so", &size);
    if (!image) {
        offload_context_destroy(ctx);
        SKIP("cannot read %s/sim/cuda_sim.so", OFFLOAD_TEST_BUILD);
    }
    offload_device host;
    CHECK_OK(ctx, offload_device_get(ctx, 0, &host));
    offload_program_desc pd;
    memset(&pd, 0, sizeof pd);
    pd.image = image;
    pd.size = size;
    offload_program prog;
    CHECK_RESULT(ctx, offload_program_create(ctx, host, &pd, &prog), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_HOST_IMAGE_STATIC);
    free(image);
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_the_executable_is_recognised_as_static);
    RUN(test_gpu_backends_are_unavailable_with_the_reason);
    RUN(test_host_symbol_tables_keep_working);
    RUN(test_host_shared_objects_are_refused);
    return test_summary();
}
