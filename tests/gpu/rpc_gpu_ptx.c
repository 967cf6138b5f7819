/* tests/gpu/rpc_gpu_ptx.c — writes tests/gpu/rpc_gpu.ptx: rpc_gpu.ll compiled by the JIT for
   sm_90 with the NVPTX RPC client linked in, for the GPU machine, which has no LLVM; likewise
   warp_gpu.ptx from warp_gpu.ll. Links the test library (the JIT compiles for a device that is
   not present through the test hooks). Usage: rpc_gpu_ptx IN.ll OUT.ptx */
#include "../../offload.h"
#include "../files.h"
#include "../test_hooks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    offload_context* ctx = NULL;
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.jit.opt_level = OFFLOAD_JIT_OPT_O3;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return 1;
    size_t ir_size = 0;
    char* ir = test_read_file(argv[1], &ir_size);
    if (!ir) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    offload_test_jit_image ptx;
    if (offload_test_jit_compile(ctx, OFFLOAD_BACKEND_CUDA, "sm_90", ir, ir_size, &ptx) != OFFLOAD_SUCCESS ||
        ptx.format != OFFLOAD_IMAGE_PTX) {
        fprintf(stderr, "%s\n", offload_context_last_error(ctx));
        return 1;
    }
    FILE* f = fopen(argv[2], "w");
    int ok = f && fputs((const char*)ptx.data, f) >= 0;
    if (f) fclose(f);
    offload_test_jit_release(ctx, &ptx);
    free(ir);
    offload_context_destroy(ctx);
    return ok ? 0 : 1;
}
