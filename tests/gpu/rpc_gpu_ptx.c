/* tests/gpu/rpc_gpu_ptx.c — writes tests/gpu/rpc_gpu.ptx: rpc_gpu.ll compiled by the JIT for
   sm_90 with the NVPTX RPC client linked in, for the GPU machine, which has no LLVM.
   Usage: rpc_gpu_ptx IN.ll OUT.ptx */
#include "../../offload_impl.c"

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    offload_context* ctx = NULL;
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return 1;
    void* ir = NULL;
    size_t ir_size = 0;
    offload__device dev;
    memset(&dev, 0, sizeof dev);
    dev.ctx = ctx;
    dev.info.backend = OFFLOAD_BACKEND_CUDA;
    offload__jit_job job;
    memset(&job, 0, sizeof job);
    job.target.backend = OFFLOAD_BACKEND_CUDA;
    job.target.features = "";
    offload__copy_string(job.target.triple, sizeof job.target.triple, "nvptx64-nvidia-cuda");
    if (offload__jit_read_file(ctx, argv[1], &ir, &ir_size) != OFFLOAD_SUCCESS ||
        offload__jit_nvptx_cpu(ctx, "sm_90", &job.target) != OFFLOAD_SUCCESS)
        return 1;
    job.ir = ir;
    job.ir_size = ir_size;
    job.rpc_ir = offload__rpc_client_ir(&dev);
    job.opt_level = 3;
    offload__copy_string(job.name, sizeof job.name, "rpc_gpu");
    offload__jit_init_llvm();
    offload__jit_buffer payload = {0};
    char message[2048];
    offload__jit_payload_view view;
    if (offload__jit_compile_ir(&job, &payload, message, sizeof message) != OFFLOAD_SUCCESS ||
        !offload__jit_payload_split(payload.data, payload.size, &view)) {
        fprintf(stderr, "%s\n", message);
        return 1;
    }
    FILE* f = fopen(argv[2], "w");
    int ok = f && fputs((const char*)view.image, f) >= 0;
    if (f) fclose(f);
    offload__jit_buffer_free(&payload);
    offload__free(ctx, ir);
    offload_context_destroy(ctx);
    return ok ? 0 : 1;
}
