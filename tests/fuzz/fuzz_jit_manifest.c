/* tests/fuzz/fuzz_jit_manifest.c — libFuzzer target for the JIT payload reader in jit.inc
   (offload__jit_payload_split, offload__jit_manifest_next): the bytes are a payload as the JIT
   cache stores it, [u32 manifest size][manifest][image]. The records become a host symbol table
   as the JIT's host loader builds one, and that table and the payload's image go through
   offload_program_create on the host device and the simulated CUDA and HSA drivers (as PTX and
   as a code object would), so the whole path runs. Needs the JIT (LLVM) to build. */
#include "../../offload_impl.c"
#include "fuzz_common.h"

static void fuzz_kernel(const void* args, const offload_host_thread* thread) {
    (void)args;
    (void)thread;
}

/* What a manifest global stands for; large enough for any client the RPC layer writes. */
static unsigned char fuzz__global[4096];

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    offload__jit_payload_view view;
    if (!offload__jit_payload_split(data, size, &view)) return 0;
    if (view.manifest + view.manifest_size > (const char*)data + size || view.image + view.image_size != data + size)
        __builtin_trap();
    offload_host_symbol symbols[64];
    uint32_t count = 0;
    size_t offset = 0, global_size = 0, previous = 0;
    int is_kernel = 0;
    const char* name;
    while (offload__jit_manifest_next(&view, &offset, &is_kernel, &name, &global_size)) {
        /* Each record lies inside the manifest and the walk moves forward. */
        if (name < view.manifest || name + strlen(name) >= view.manifest + view.manifest_size || offset <= previous)
            __builtin_trap();
        previous = offset;
        if (count == OFFLOAD__COUNT_OF(symbols)) continue;
        offload_host_symbol* s = &symbols[count++];
        memset(s, 0, sizeof *s);
        s->name = name;
        if (is_kernel) s->kernel = fuzz_kernel;
        else s->address = fuzz__global;
        s->size = OFFLOAD__MIN(global_size, sizeof fuzz__global);
    }
    if (!fuzz__devices.ctx) fuzz_open_devices();
    if (count) {
        offload_program prog = {0};
        offload_program_desc desc = {.host_symbols = symbols, .host_symbol_count = count};
        if (offload_program_create(fuzz__devices.ctx, fuzz__devices.host, &desc, &prog) == OFFLOAD_SUCCESS)
            offload_program_destroy(fuzz__devices.ctx, prog);
        else if (!offload_context_last_error(fuzz__devices.ctx)[0])
            __builtin_trap();
    }
    if (view.image_size) {
        fuzz_create_on(fuzz__devices.cuda, view.image, view.image_size);
        fuzz_create_on(fuzz__devices.amdgpu, view.image, view.image_size);
    }
    return 0;
}
