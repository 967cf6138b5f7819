/* tests/fuzz/fuzz_rr.c — libFuzzer target for the recording reader in rr/format.inc (manifest parser,
   field checks, blob loading and checksums), through offload_test_recording_read (the reader
   over an entry held in memory) and the public offload_recording_* view of what it accepted.

   Input: the manifest text, a NUL byte, then any number of blob files, each as its name, a NUL,
   its size as 4 little-endian bytes and its bytes. The reader is served blobs from that list, so
   the fuzzer can reach the size and checksum checks as well as the JSON parser. Build and run
   it with tests/fuzz/run.sh (it links the test build of the library). */
#include "offload.h"
#include "../test_hooks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fuzz_files {
    const uint8_t* data;
    size_t size;
    size_t memory_in_size; /* the size of memory_in.bin served to the reader (0 when it asked for none) */
} fuzz_files;

static offload_result fuzz_file(void* user, const char* file, const void** data, size_t* size, char* why,
                                size_t capacity) {
    fuzz_files* files = (fuzz_files*)user;
    size_t pos = 0;
    while (pos < files->size) {
        const uint8_t* name = files->data + pos;
        const uint8_t* nul = (const uint8_t*)memchr(name, 0, files->size - pos);
        if (!nul || (size_t)(files->size - (size_t)(nul + 1 - files->data)) < 4) break;
        size_t at = (size_t)(nul + 1 - files->data);
        const uint8_t* p = files->data + at;
        uint32_t n = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        at += 4;
        if (n > files->size - at) break;
        if (strcmp((const char*)name, file) == 0) {
            *data = files->data + at;
            *size = n;
            if (strcmp(file, "memory_in.bin") == 0) files->memory_in_size = n;
            return OFFLOAD_SUCCESS;
        }
        pos = at + n;
    }
    snprintf(why, capacity, "missing");
    return OFFLOAD_ERROR_INVALID_RECORDING;
}

/* Every block the context allocated and has not freed: what the public view may point into. */
#define FUZZ_MAX_BLOCKS 4096

typedef struct fuzz_heap {
    struct {
        const char* at;
        size_t size;
    } blocks[FUZZ_MAX_BLOCKS];
    int count;
} fuzz_heap;

static void* fuzz_alloc(size_t size, void* user) {
    fuzz_heap* h = (fuzz_heap*)user;
    void* p = malloc(size);
    if (!p) return NULL;
    if (h->count == FUZZ_MAX_BLOCKS) {
        fprintf(stderr, "fuzz_rr: more than %d live blocks: the harness cannot track them\n", FUZZ_MAX_BLOCKS);
        abort();
    }
    h->blocks[h->count].at = (const char*)p;
    h->blocks[h->count++].size = size;
    return p;
}

static void fuzz_free(void* p, void* user) {
    fuzz_heap* h = (fuzz_heap*)user;
    for (int i = 0; p && i < h->count; i++)
        if (h->blocks[i].at == (const char*)p) {
            h->blocks[i] = h->blocks[--h->count];
            break;
        }
    free(p);
}

/* Whether [p, p+size) lies inside one live block of the context (NULL with size 0 does). */
static int fuzz_inside(const fuzz_heap* h, const void* p, uint64_t size) {
    if (!p) return size == 0;
    for (int i = 0; i < h->count; i++) {
        const char* at = h->blocks[i].at;
        if ((const char*)p >= at && (const char*)p <= at + h->blocks[i].size &&
            size <= (uint64_t)(at + h->blocks[i].size - (const char*)p))
            return 1;
    }
    return 0;
}

/* One context for the whole run (it is set up once and holds no state between inputs). */
static fuzz_heap fuzz__heap;
static offload_context* fuzz__ctx;

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerInitialize(int* argc, char*** argv) {
    (void)argc;
    (void)argv;
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.allocator.alloc = fuzz_alloc;
    desc.allocator.free = fuzz_free;
    desc.allocator.user_data = &fuzz__heap;
    if (offload_context_create(&desc, &fuzz__ctx) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "fuzz_rr: no context\n");
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    offload_context* ctx = fuzz__ctx;
    const uint8_t* nul = (const uint8_t*)memchr(data, 0, size);
    size_t manifest_size = nul ? (size_t)(nul - data) : size;
    fuzz_files files = {nul ? nul + 1 : data + size, nul ? size - manifest_size - 1 : 0, 0};
    offload_recording* rec = NULL;
    offload_result r = offload_test_recording_read(ctx, (const char*)data, manifest_size, fuzz_file, &files, &rec);
    if (r != OFFLOAD_SUCCESS) {
        if (rec || !offload_context_last_error(ctx)[0])
            __builtin_trap(); /* every refusal says why, and leaves nothing */
        return 0;
    }
    /* Whatever was accepted must satisfy the invariants the replay relies on: the arena holds
       what it used, memory_in is exactly those bytes, and every byte the view points at lies
       in what the reader allocated. */
    offload_recording_info info;
    if (offload_recording_get_info(ctx, rec, &info) != OFFLOAD_SUCCESS) __builtin_trap();
    if (info.arena_used > info.arena_size || files.memory_in_size != info.arena_used) __builtin_trap();
    if (!fuzz_inside(&fuzz__heap, info.memory_in, info.arena_used) ||
        !fuzz_inside(&fuzz__heap, info.memory_out, info.memory_out ? info.arena_used : 0) ||
        !fuzz_inside(&fuzz__heap, info.args, info.args_size) ||
        !fuzz_inside(&fuzz__heap, info.image, info.image_size) ||
        !fuzz_inside(&fuzz__heap, info.source, info.source_size))
        __builtin_trap();
    for (uint32_t i = 0; i < info.global_count; i++) {
        offload_recording_global g;
        if (offload_recording_get_global(ctx, rec, i, &g) != OFFLOAD_SUCCESS || !g.name ||
            !fuzz_inside(&fuzz__heap, g.input, g.size) || !fuzz_inside(&fuzz__heap, g.output, g.output ? g.size : 0))
            __builtin_trap();
    }
    if (offload_recording_close(ctx, rec) != OFFLOAD_SUCCESS) __builtin_trap();
    return 0;
}
