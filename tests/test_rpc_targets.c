/* tests/test_rpc_targets.c — the device-side RPC clients compile through the JIT for NVPTX
   (the PTX is accepted by ptxas -arch=sm_90 when the CUDA toolkit is here) and AMDGPU (the
   code object links with ld.lld and exports the client global). Both are compiled through the
   test hooks for a device described by its backend and arch. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"

#include <stdint.h>
#include <unistd.h>

#if defined(OFFLOAD_NO_JIT)
/* Built without the JIT, this program has nothing to test. */
int main(void) { return test_skip_all("test_rpc_targets", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#elif defined(OFFLOAD_NO_RPC)
int main(void) {
    return test_skip_all("test_rpc_targets", "this build leaves device-to-host calls out (OFFLOAD_NO_RPC)");
}
#else

#include <sys/wait.h>

static const char kernel_ir[] = "@fmt = private constant [4 x i8] c\"%d\\0A\\00\"\n"
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

/* Compiles kernel_ir for a device of `backend` and `arch`; the image is held until released. */
static offload_result compile_for(offload_context* ctx, offload_backend backend, const char* arch,
                                  offload_test_jit_image* out) {
    return offload_test_jit_compile(ctx, backend, arch, kernel_ir, sizeof kernel_ir - 1, out);
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
    offload_test_jit_image img;
    offload_result r = compile_for(ctx, OFFLOAD_BACKEND_CUDA, "sm_90", &img);
    CHECK_OK(ctx, r);
    int ok = r == OFFLOAD_SUCCESS && img.format == OFFLOAD_IMAGE_PTX;
    CHECK(ok);
    const char* ptx = ok ? (const char*)img.data : "";
    CHECK(strstr(ptx, "offload_rpc_client") != NULL);
    CHECK(strstr(ptx, "membar.sys") != NULL);
    CHECK(strstr(ptx, "shfl.sync.idx") != NULL && strstr(ptx, "activemask") != NULL);
    const char* ptxas = "/usr/local/cuda/bin/ptxas";
    if (ok && access(ptxas, X_OK) == 0) {
        char path[] = "/tmp/offload-rpc-XXXXXX";
        int fd = mkstemp(path);
        REQUIRE(fd >= 0);
        size_t length = strlen(ptx);
        CHECK(write(fd, ptx, length) == (ssize_t)length);
        close(fd);
        char command[512];
        snprintf(command, sizeof command, "%s -arch=sm_90 %s -o /dev/null", ptxas, path);
        int status = system(command);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        unlink(path);
    } else if (ok) {
        fprintf(stderr, "  note: %s not found; PTX generated but not assembled\n", ptxas);
    }
    offload_test_jit_release(ctx, &img);
    offload_context_destroy(ctx);
}

/* On a wave64 (gfx90a) and a wave32 (gfx1030) processor: the client's ballots are 64 and 32 lanes
   wide, and LLVM 14 selects only the 32-lane one on wave32. */
static void test_amdgpu_client_links(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    static const char* const processors[] = {"gfx90a", "gfx1030"};
    for (size_t i = 0; i < sizeof processors / sizeof *processors; i++) {
        offload_test_jit_image img;
        offload_result r = compile_for(ctx, OFFLOAD_BACKEND_AMDGPU, processors[i], &img);
        if (r == OFFLOAD_ERROR_HOST_TOOL_NOT_FOUND) {
            fprintf(stderr, "  %s\n", offload_context_last_error(ctx));
            offload_context_destroy(ctx);
            SKIP("no ld.lld to link AMDGPU code objects");
        }
        CHECK_OK(ctx, r);
        if (r == OFFLOAD_SUCCESS) {
            CHECK(img.format == OFFLOAD_IMAGE_AMDGPU_ELF);
            CHECK(img.size > 0 && offload_image_detect(img.data, img.size) == OFFLOAD_IMAGE_AMDGPU_ELF);
            CHECK(img.size > 0 && memmem(img.data, img.size, "offload_rpc_client", 18) != NULL);
        }
        offload_test_jit_release(ctx, &img);
    }
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_nvptx_client_passes_ptxas);
    RUN(test_amdgpu_client_links);
    return test_summary();
}
#endif /* OFFLOAD_NO_JIT, OFFLOAD_NO_RPC */
