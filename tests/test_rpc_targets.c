/* tests/test_rpc_targets.c — the device-side RPC clients compile through the JIT for NVPTX
   (the PTX is accepted by ptxas -arch=sm_90 when the CUDA toolkit is here) and AMDGPU (the
   code object links with ld.lld and exports the client global). */
#include "../offload_impl.c"
#include "test.h"

#if defined(OFFLOAD_NO_JIT)
/* Built without the JIT, this program has nothing to test. */
int main(void) { return test_skip_all("test_rpc_targets", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#elif defined(OFFLOAD_NO_RPC)
int main(void) { return test_skip_all("test_rpc_targets", OFFLOAD__NO_RPC_MESSAGE); }
#else

#include <sys/wait.h>

static const char kernel_ir[] =
    "@fmt = private constant [4 x i8] c\"%d\\0A\\00\"\n"
    "declare i32 @offload_printf(i8*, i8*, i32)\n"
    "declare i8* @offload_malloc(i64)\n"
    "declare void @offload_free(i8*)\n"
    "declare i32 @offload_puts(i8*)\n"
    "declare void @offload_abort(i8*)\n"
    "declare i32 @offload_rpc_call(i32, i8*, i32, i8*, i32)\n"
    "define void @k(i8* %args, i32 %flag) \"offload-kernel\" {\n"
    "  %f = getelementptr [4 x i8], [4 x i8]* @fmt, i32 0, i32 0\n"
    "  %r = call i32 @offload_printf(i8* %f, i8* %args, i32 4)\n"
    "  %p = call i8* @offload_malloc(i64 64)\n  call void @offload_free(i8* %p)\n"
    "  %q = call i32 @offload_puts(i8* %f)\n"
    "  %c = call i32 @offload_rpc_call(i32 1, i8* %args, i32 4, i8* %args, i32 4)\n"
    "  %z = icmp eq i32 %flag, 0\n  br i1 %z, label %stop, label %done\n"
    "stop:\n  call void @offload_abort(i8* %f)\n  br label %done\n"
    "done:\n  ret void\n}\n";

/* Compiles kernel_ir for a device of `backend` and `arch` into *payload. */
static offload_result compile_for(offload_context* ctx, offload_backend backend, const char* arch,
                                  offload__jit_buffer* payload, char* message, size_t capacity) {
    offload__device dev;
    memset(&dev, 0, sizeof dev);
    dev.ctx = ctx;
    dev.info.backend = backend;
    offload__copy_string(dev.info.arch, sizeof dev.info.arch, arch);
    offload__jit_job job;
    memset(&job, 0, sizeof job);
    job.target.backend = backend;
    job.target.features = "";
    offload__copy_string(job.target.triple, sizeof job.target.triple,
                         backend == OFFLOAD_BACKEND_CUDA ? "nvptx64-nvidia-cuda" : "amdgcn-amd-amdhsa");
    offload_result r = backend == OFFLOAD_BACKEND_CUDA ? offload__jit_nvptx_cpu(ctx, arch, &job.target)
                                                       : offload__jit_amdgpu_cpu(ctx, arch, &job.target);
    if (r != OFFLOAD_SUCCESS) return r;
    job.ir = kernel_ir;
    job.ir_size = sizeof kernel_ir - 1;
    job.rpc_ir = offload__rpc_client_ir(&dev);
    job.opt_level = 2;
    offload__copy_string(job.name, sizeof job.name, "rpc-targets");
    offload__jit_init_llvm();
    return offload__jit_compile_ir(&job, payload, message, capacity);
}

static offload_context* make_context(void) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.jit.isolation = TEST_JIT_ISOLATION;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

static void test_nvptx_client_passes_ptxas(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload__jit_buffer payload = {0};
    char message[2048] = "";
    offload_result r = compile_for(ctx, OFFLOAD_BACKEND_CUDA, "sm_90", &payload, message, sizeof message);
    if (r != OFFLOAD_SUCCESS) fprintf(stderr, "  %s\n", message);
    CHECK(r == OFFLOAD_SUCCESS);
    offload__jit_payload_view view;
    int ok = r == OFFLOAD_SUCCESS && offload__jit_payload_split(payload.data, payload.size, &view);
    CHECK(ok);
    const char* ptx = ok ? (const char*)view.image : "";
    CHECK(strstr(ptx, "offload_rpc_client") != NULL);
    CHECK(strstr(ptx, "membar.sys") != NULL);
    CHECK(strstr(ptx, "shfl.sync.idx") != NULL && strstr(ptx, "activemask") != NULL);
    const char* ptxas = "/usr/local/cuda/bin/ptxas";
    if (ok && access(ptxas, X_OK) == 0) {
        char path[] = "/tmp/offload-rpc-XXXXXX";
        int fd = mkstemp(path);
        REQUIRE(fd >= 0);
        CHECK(offload__jit_write_all(fd, ptx, strlen(ptx)));
        close(fd);
        char command[512];
        snprintf(command, sizeof command, "%s -arch=sm_90 %s -o /dev/null", ptxas, path);
        int status = system(command);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        unlink(path);
    } else if (ok) {
        fprintf(stderr, "  note: %s not found; PTX generated but not assembled\n", ptxas);
    }
    offload__jit_buffer_free(&payload);
    offload_context_destroy(ctx);
}

static void test_amdgpu_client_links(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    char lld[4096];
    if (offload__jit_find_lld(ctx, lld, sizeof lld) != OFFLOAD_SUCCESS) {
        offload_context_destroy(ctx);
        SKIP("no ld.lld to link AMDGPU code objects");
    }
    offload__jit_buffer payload = {0}, linked = {0};
    char message[2048] = "";
    offload_result r = compile_for(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a", &payload, message, sizeof message);
    if (r != OFFLOAD_SUCCESS) fprintf(stderr, "  %s\n", message);
    CHECK(r == OFFLOAD_SUCCESS);
    offload__jit_payload_view view;
    if (r == OFFLOAD_SUCCESS && offload__jit_payload_split(payload.data, payload.size, &view)) {
        CHECK_OK(ctx, offload__jit_link_amdgpu(ctx, view.image, view.image_size, &linked));
        CHECK(linked.size > 0 && offload_image_detect(linked.data, linked.size) == OFFLOAD_IMAGE_AMDGPU_ELF);
        CHECK(linked.size > 0 && memmem(linked.data, linked.size, "offload_rpc_client", 18) != NULL);
    }
    offload__jit_buffer_free(&linked);
    offload__jit_buffer_free(&payload);
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_nvptx_client_passes_ptxas);
    RUN(test_amdgpu_client_links);
    return test_summary();
}
#endif /* OFFLOAD_NO_JIT, OFFLOAD_NO_RPC */
