/* tests/fuzz/fuzz_rr.c — libFuzzer target for the recording reader in rr_format.inc (manifest parser,
   field checks, blob loading and checksums).

   Input: the manifest text, a NUL byte, then any number of blob files, each as its name, a NUL,
   its size as 4 little-endian bytes and its bytes. The loader serves blobs from that list, so
   the fuzzer can reach the size and checksum checks as well as the JSON parser. Build and run
   it with tests/fuzz/run.sh. */
#define OFFLOAD_NO_JIT
#define OFFLOAD_NO_CUDA
#define OFFLOAD_NO_AMDGPU
#include "../../offload_impl.c"

typedef struct fuzz_files {
    const uint8_t* data;
    size_t size;
} fuzz_files;

static offload_result fuzz_load(void* user, offload_context* ctx, const char* file, uint64_t size, void** data, char* why,
                                size_t capacity) {
    const fuzz_files* files = (const fuzz_files*)user;
    size_t pos = 0;
    while (pos < files->size) {
        const uint8_t* name = files->data + pos;
        const uint8_t* nul = (const uint8_t*)memchr(name, 0, files->size - pos);
        if (!nul || (size_t)(files->size - (size_t)(nul + 1 - files->data)) < 4) break;
        size_t at = (size_t)(nul + 1 - files->data);
        uint32_t n = offload__read_u32(files->data + at);
        at += 4;
        if (n > files->size - at) break;
        if (strcmp((const char*)name, file) == 0) {
            if (n != size) {
                snprintf(why, capacity, "size %u, expected %llu", n, (unsigned long long)size);
                return OFFLOAD_ERROR_INVALID_RECORDING;
            }
            *data = offload__alloc(ctx, n);
            if (!*data) return OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
            if (n) memcpy(*data, files->data + at, n);
            return OFFLOAD_SUCCESS;
        }
        pos = at + n;
    }
    snprintf(why, capacity, "missing");
    return OFFLOAD_ERROR_INVALID_RECORDING;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const uint8_t* nul = (const uint8_t*)memchr(data, 0, size);
    size_t manifest_size = nul ? (size_t)(nul - data) : size;
    fuzz_files files = {nul ? nul + 1 : data + size, nul ? size - manifest_size - 1 : 0};
    offload__rr_entry e;
    offload_result r = offload__rr_parse_manifest(NULL, (const char*)data, manifest_size, &e);
    if (r == OFFLOAD_SUCCESS) r = offload__rr_load_blobs(NULL, &e, fuzz_load, &files);
    /* Whatever was accepted must satisfy the invariants the replay relies on. */
    if (r == OFFLOAD_SUCCESS) {
        if (e.arena_used > e.arena_size || e.blobs[OFFLOAD__RR_MEMORY_IN].size != e.arena_used) __builtin_trap();
        for (uint32_t i = 0; i < e.global_count; i++)
            if (e.globals[i].offset + e.globals[i].size > e.blobs[OFFLOAD__RR_GLOBALS_IN].size) __builtin_trap();
    } else if (!e.error[0]) {
        __builtin_trap(); /* every refusal says why */
    }
    offload__rr_entry_free(NULL, &e);
    return 0;
}
