/* tests/fuzz/fuzz_parsers.c — libFuzzer targets for the image reader (image.inc) per format, the
   AMDGPU metadata (MessagePack) reader and the environment-number parser. One binary, the target
   chosen by FUZZ_TARGET (tests/fuzz/run.sh sets it, with the target's corpus in
   tests/fuzz/corpus/<target>/):

     image_elf        the bytes read as host shared object, cubin and AMDGPU code object
     image_fatbin     the bytes read as a fatbin (header, entries, the cubin or PTX in each)
     image_ptx        the bytes read as PTX (directives, symbols)
     image_bitcode    the bytes read as LLVM bitcode (the wrapper's offset and size)
     amdgpu_metadata  the bytes as the NT_AMDGPU_METADATA descriptor of a real gfx90a code object
     env_number       the bytes as the value of an environment variable read as a number
     remote           the bytes as one request to the remote device server (fuzz_remote.c's
                      harness, fuzz_remote_input, part of the unit this binary links)

   Every image target then hands the bytes (the metadata target: the code object carrying them)
   to offload_program_create on the host device and the simulated CUDA and HSA drivers, so the
   whole path runs, not only the parser. The parsers are reached through the test hooks
   (tests/test_hooks.h); tests/fuzz/run.sh links the test build of the library. */
#include "fuzz_common.h"

#include <elf.h>
#include <stddef.h>

#define FUZZ_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define FUZZ_ALIGN_UP(x, a) (((x) + (a)-1) / (a) * (a))
#define FUZZ_NT_AMDGPU_METADATA 32 /* the note type of the code object's metadata */

typedef enum fuzz_target {
    FUZZ_ELF,
    FUZZ_FATBIN,
    FUZZ_PTX,
    FUZZ_BITCODE,
    FUZZ_METADATA,
    FUZZ_ENV,
    FUZZ_REMOTE
} fuzz_target;

int fuzz_remote_input(const uint8_t* data, size_t size); /* tests/fuzz/fuzz_remote.c */

static fuzz_target fuzz__target;
static unsigned char* fuzz__template; /* the code object the metadata target rewrites */
static size_t fuzz__template_size;

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerInitialize(int* argc, char*** argv) {
    (void)argc;
    (void)argv;
    static const char names[][16] = {"image_elf",       "image_fatbin", "image_ptx", "image_bitcode",
                                     "amdgpu_metadata", "env_number",   "remote"};
    const char* target = getenv("FUZZ_TARGET");
    size_t i = 0;
    while (target && i < FUZZ_COUNT_OF(names) && strcmp(names[i], target) != 0) i++;
    if (!target || i == FUZZ_COUNT_OF(names)) {
        fprintf(stderr, "fuzz_parsers: set FUZZ_TARGET to one of image_elf, image_fatbin, image_ptx, image_bitcode, "
                        "amdgpu_metadata, env_number, remote\n");
        exit(2);
    }
    fuzz__target = (fuzz_target)i;
    if (fuzz__target == FUZZ_METADATA) {
        FILE* f = fopen(OFFLOAD_TEST_ROOT "/tests/data/amdgpu/kernels.gfx90a.co", "rb");
        if (!f) exit(2);
        fuzz__template = malloc(1 << 16);
        fuzz__template_size = fread(fuzz__template, 1, 1 << 16, f);
        fclose(f);
    }
    return 0;
}

/* A symbol of an accepted image: the table's copy of its name is as long as the reader said. */
static void fuzz_symbol(void* user, const char* name, size_t name_size) {
    (void)user;
    if (strlen(name) != name_size) __builtin_trap();
}

/* Reads the bytes as one format (offload_test_image_read) and, when the reader accepts them,
   lists their symbols: each name must be what the reader said it was. */
static void fuzz_read_as(const uint8_t* data, size_t size, offload_image_format format) {
    offload_test_image_read_result read;
    if (offload_test_image_read(data, size, format, fuzz_symbol, NULL, &read) != OFFLOAD_SUCCESS) __builtin_trap();
    if (!read.accepted && !read.error[0]) __builtin_trap(); /* every refusal says why */
    if (read.accepted && read.symbols != OFFLOAD_SUCCESS && read.symbols != OFFLOAD_ERROR_INVALID_IMAGE)
        __builtin_trap();
}

/* The template code object with its .note section (section 1) moved to the end, holding one
   NT_AMDGPU_METADATA note whose descriptor is the fuzzed bytes. */
static unsigned char* fuzz_code_object(const uint8_t* desc, size_t size, size_t* out_size) {
    size_t base = FUZZ_ALIGN_UP(fuzz__template_size, (size_t)8);
    size_t note = 12 + 8 + FUZZ_ALIGN_UP(size, (size_t)4);
    unsigned char* p = calloc(1, base + note);
    if (!p) return NULL;
    memcpy(p, fuzz__template, fuzz__template_size);
    uint32_t header[3] = {7, (uint32_t)size, FUZZ_NT_AMDGPU_METADATA};
    memcpy(p + base, header, sizeof header);
    memcpy(p + base + 12, "AMDGPU", 7);
    if (size) memcpy(p + base + 20, desc, size);
    Elf64_Ehdr eh;
    memcpy(&eh, p, sizeof eh);
    Elf64_Shdr sh;
    memcpy(&sh, p + eh.e_shoff + sizeof sh, sizeof sh);
    if (sh.sh_type != SHT_NOTE) abort(); /* the template changed: fix the target */
    sh.sh_offset = base;
    sh.sh_size = note;
    memcpy(p + eh.e_shoff + sizeof sh, &sh, sizeof sh);
    *out_size = base + note;
    return p;
}

/* A kernel name the backend's parse found: it must lie inside the metadata. */
typedef struct fuzz_bytes {
    const uint8_t* data;
    size_t size;
} fuzz_bytes;

static void fuzz_kernel_name(void* user, const char* name, size_t name_size) {
    const fuzz_bytes* md = (const fuzz_bytes*)user;
    if (name < (const char*)md->data || name_size > md->size ||
        name - (const char*)md->data > (ptrdiff_t)(md->size - name_size))
        __builtin_trap();
}

static void fuzz_metadata(const uint8_t* data, size_t size) {
    fuzz_bytes md = {data, size};
    int walked = 0, parsed = 0;
    if (offload_test_amdgpu_metadata_read(data, size, &walked, &parsed, fuzz_kernel_name, &md) != OFFLOAD_SUCCESS)
        __builtin_trap();
    if (walked != parsed) __builtin_trap(); /* the backend and the reader agree */
    size_t co_size = 0;
    unsigned char* co = fuzz_code_object(data, size, &co_size);
    if (co) fuzz_create_everywhere(co, co_size);
    free(co);
}

/* The number parser against the rule it documents: a value is either the fallback or at most
   max, and a plain decimal number within max is read exactly. */
static void fuzz_env_number(const uint8_t* data, size_t size) {
    if (!fuzz__devices.ctx) fuzz_open_devices();
    if (size < 1) return;
    static const uint64_t maxima[] = {UINT64_MAX, UINT32_MAX, 1024, 0};
    uint64_t max = maxima[data[0] % FUZZ_COUNT_OF(maxima)];
    char value[64];
    size_t n = size - 1 < sizeof value - 1 ? size - 1 : sizeof value - 1;
    memcpy(value, data + 1, n);
    value[n] = '\0';
    setenv("OFFLOAD_FUZZ_NUMBER", value, 1);
    const uint64_t fallback = 0xF00D;
    uint64_t got = offload_test_env_u64(fuzz__devices.ctx, "OFFLOAD_FUZZ_NUMBER", fallback, max);
    if (got != fallback && got > max) __builtin_trap();
    int decimal = value[0] != '\0' && value[0] != '0';
    uint64_t expected = 0;
    for (size_t i = 0; decimal && value[i]; i++) {
        if (value[i] < '0' || value[i] > '9' || expected > (UINT64_MAX - 9) / 10)
            decimal = 0;
        else
            expected = expected * 10 + (uint64_t)(value[i] - '0');
    }
    if (decimal && expected <= max && got != expected) __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    switch (fuzz__target) {
    case FUZZ_ELF:
        fuzz_read_as(data, size, OFFLOAD_IMAGE_HOST_ELF);
        fuzz_read_as(data, size, OFFLOAD_IMAGE_CUBIN);
        fuzz_read_as(data, size, OFFLOAD_IMAGE_AMDGPU_ELF);
        break;
    case FUZZ_FATBIN:
        fuzz_read_as(data, size, OFFLOAD_IMAGE_FATBIN);
        break;
    case FUZZ_PTX:
        fuzz_read_as(data, size, OFFLOAD_IMAGE_PTX);
        break;
    case FUZZ_BITCODE:
        fuzz_read_as(data, size, OFFLOAD_IMAGE_LLVM_BITCODE);
        break;
    case FUZZ_METADATA:
        fuzz_metadata(data, size);
        return 0;
    case FUZZ_ENV:
        fuzz_env_number(data, size);
        return 0;
    case FUZZ_REMOTE:
        return fuzz_remote_input(data, size);
    }
    if (size) fuzz_create_everywhere(data, size);
    return 0;
}
