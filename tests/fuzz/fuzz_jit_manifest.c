/* tests/fuzz/fuzz_jit_manifest.c — libFuzzer target for the JIT payload reader in jit.inc
   (offload__jit_payload_split, offload__jit_manifest_next, reached through the test hook
   offload_test_jit_payload): the bytes are a payload as the JIT cache stores it,
   [u32 manifest size][manifest][image]. The records become a host symbol table as the JIT's host
   loader builds one, and that table and the payload's image go through offload_program_create
   on the host device and the simulated CUDA and HSA drivers (as PTX and as a code object would),
   so the whole path runs. The reader needs no LLVM: this target links the fuzzers' unit without
   the JIT (tests/fuzz/run.sh), as the others do. */
#include "fuzz_common.h"

#define FUZZ_MAX_SYMBOLS 64

static void fuzz_kernel(const void* args, const offload_host_thread* thread) {
    (void)args;
    (void)thread;
}

/* What a manifest global stands for; large enough for any client the RPC layer writes. */
static unsigned char fuzz__global[4096];

typedef struct fuzz_walk {
    const char* manifest;
    size_t manifest_size;
    size_t previous; /* where the last record ended */
    offload_host_symbol symbols[FUZZ_MAX_SYMBOLS];
    uint32_t count;
} fuzz_walk;

static void fuzz_record(void* user, size_t end, int is_kernel, const char* name, size_t global_size) {
    fuzz_walk* w = (fuzz_walk*)user;
    /* Each record lies inside the manifest and the walk moves forward. */
    if (name < w->manifest || name + strlen(name) >= w->manifest + w->manifest_size || end <= w->previous)
        __builtin_trap();
    w->previous = end;
    if (w->count == FUZZ_MAX_SYMBOLS) return;
    offload_host_symbol* s = &w->symbols[w->count++];
    memset(s, 0, sizeof *s);
    s->name = name;
    if (is_kernel)
        s->kernel = fuzz_kernel;
    else
        s->address = fuzz__global;
    s->size = global_size < sizeof fuzz__global ? global_size : sizeof fuzz__global;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static fuzz_walk w;
    memset(&w, 0, sizeof w);
    const void* image = NULL;
    size_t image_size = 0;
    offload_result split =
        offload_test_jit_payload(data, size, &w.manifest, &w.manifest_size, &image, &image_size, fuzz_record, &w);
    if (split == OFFLOAD_ERROR_INVALID_IMAGE) return 0;
    if (split != OFFLOAD_SUCCESS) __builtin_trap(); /* a build without the JIT fuzzes nothing: say so */
    if (w.manifest + w.manifest_size > (const char*)data + size || (const uint8_t*)image + image_size != data + size)
        __builtin_trap();
    if (!fuzz__devices.ctx) fuzz_open_devices();
    if (w.count) {
        offload_program prog = {0};
        offload_program_desc desc = {.host_symbols = w.symbols, .host_symbol_count = w.count};
        if (offload_program_create(fuzz__devices.ctx, fuzz__devices.host, &desc, &prog) == OFFLOAD_SUCCESS)
            offload_program_destroy(fuzz__devices.ctx, prog);
        else if (!offload_context_last_error(fuzz__devices.ctx)[0])
            __builtin_trap();
    }
    if (image_size) {
        fuzz_create_on(fuzz__devices.cuda, image, image_size);
        fuzz_create_on(fuzz__devices.amdgpu, image, image_size);
    }
    return 0;
}
