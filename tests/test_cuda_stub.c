/* tests/test_cuda_stub.c — the CUDA backend against real libraries without a GPU: NVIDIA's stub
   driver (/usr/local/cuda/lib64/stubs/libcuda.so, whose cuInit returns CUDA_ERROR_STUB_LIBRARY
   and whose export table is NVIDIA's real symbol list) and a library that does not exist. In
   both cases the context comes up with the host device and the CUDA status says why not.

   The backend's entry-point list comes from the test hooks, to be checked symbol by symbol. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"

#include <dlfcn.h>
#include <stdint.h>
#include <unistd.h>
#include "files.h"

#include <elf.h>

#define STUB_PATH "/usr/local/cuda/lib64/stubs/libcuda.so"
#define SIM_PATH OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"

static offload_context* open_with_library(const char* path) {
    offload_context_desc desc = {0};
    desc.cuda_library_path = path;
    desc.no_environment = 1;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* The context has exactly the host device, and it works. */
static void check_host_only(offload_context* ctx) {
    uint32_t count = 0;
    CHECK_OK(ctx, offload_device_count(ctx, &count));
    CHECK(count == 1);
    offload_device host;
    CHECK_OK(ctx, offload_device_best(ctx, &host));
    void* p = NULL;
    CHECK_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 256, &p));
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, host, p, &(uint32_t){7}, 4, 256));
    CHECK(p && ((uint32_t*)p)[63] == 7);
    CHECK_OK(ctx, offload_mem_free(ctx, p));
}

static void test_stub_driver_status(void) {
    if (access(STUB_PATH, R_OK) != 0) SKIP("no CUDA toolkit stub at %s", STUB_PATH);
    offload_context* ctx = open_with_library(STUB_PATH);
    REQUIRE(ctx != NULL);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status));
    CHECK(!status.loaded);
    CHECK(status.result == OFFLOAD_ERROR_NO_BACKEND);
    CHECK(strcmp(status.reason, "stub driver (cuInit returned CUDA_ERROR_STUB_LIBRARY)") == 0);
    CHECK(strcmp(status.library, STUB_PATH) == 0);
    CHECK(status.device_count == 0);
    check_host_only(ctx);
    offload_context_destroy(ctx);
}

static void test_library_not_found(void) {
    offload_context* ctx = open_with_library("/nonexistent/libcuda.so.1");
    REQUIRE(ctx != NULL);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status));
    CHECK(!status.loaded);
    CHECK(status.result == OFFLOAD_ERROR_NO_BACKEND);
    CHECK(strncmp(status.reason, "library not found: ", 19) == 0);
    CHECK(strcmp(status.library, "/nonexistent/libcuda.so.1") == 0);
    check_host_only(ctx);
    offload_context_destroy(ctx);
}

/* A library that lacks an entry point: the status names it. libm has none of them. */
static void test_missing_entry_point(void) {
    offload_context* ctx = open_with_library("libm.so.6");
    REQUIRE(ctx != NULL);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status));
    CHECK(!status.loaded);
    CHECK(strcmp(status.reason, "missing entry point cuInit") == 0);
    check_host_only(ctx);
    offload_context_destroy(ctx);
}

/* The names in the .dynsym table of an ELF64 shared object, as one buffer of NUL-separated
   strings (ends with an empty string); NULL if the file cannot be read. */
static char* read_dynamic_symbols(const char* path, size_t* count) {
    size_t size = 0;
    unsigned char* image = (unsigned char*)test_read_file(path, &size);
    int ok = image != NULL;
    Elf64_Ehdr eh;
    if (ok) memcpy(&eh, image, sizeof eh);
    ok = ok && (size_t)size >= sizeof eh && memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 &&
         eh.e_ident[EI_CLASS] == ELFCLASS64 && eh.e_shoff + (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr) <= (uint64_t)size;
    char* names = NULL;
    size_t used = 0;
    *count = 0;
    for (int i = 0; ok && i < eh.e_shnum; i++) {
        Elf64_Shdr sh, strtab;
        memcpy(&sh, image + eh.e_shoff + (size_t)i * sizeof sh, sizeof sh);
        if (sh.sh_type != SHT_DYNSYM || sh.sh_link >= eh.e_shnum) continue;
        memcpy(&strtab, image + eh.e_shoff + (size_t)sh.sh_link * sizeof strtab, sizeof strtab);
        if (sh.sh_offset + sh.sh_size > (uint64_t)size || strtab.sh_offset + strtab.sh_size > (uint64_t)size) break;
        names = (char*)calloc(1, strtab.sh_size + 1);
        for (size_t s = 0; names && s < sh.sh_size / sizeof(Elf64_Sym); s++) {
            Elf64_Sym sym;
            memcpy(&sym, image + sh.sh_offset + s * sizeof sym, sizeof sym);
            if (sym.st_shndx == SHN_UNDEF || sym.st_name >= strtab.sh_size) continue;
            const char* name = (const char*)image + strtab.sh_offset + sym.st_name;
            size_t n = strnlen(name, strtab.sh_size - sym.st_name);
            if (used + n + 2 > strtab.sh_size + 1) break;
            memcpy(names + used, name, n);
            used += n + 1;
            (*count)++;
        }
    }
    free(image);
    return names;
}

static int has_symbol(const char* names, const char* symbol) {
    for (const char* p = names; *p; p += strlen(p) + 1)
        if (strcmp(p, symbol) == 0) return 1;
    return 0;
}

typedef struct stub_check {
    const char* names;
    int bound;
} stub_check;

static void check_exported(void* user, const char* symbol, int required) {
    stub_check* c = (stub_check*)user;
    (void)required;
    c->bound++;
    if (!has_symbol(c->names, symbol)) {
        fprintf(stderr, "  %s is not exported by %s\n", symbol, STUB_PATH);
        CHECK(!"every bound symbol is in the driver's export table");
    }
}

static void check_sim_exported(void* user, const char* symbol, int required) {
    (void)required;
    if (!dlsym(user, symbol)) {
        fprintf(stderr, "  %s is missing from the simulated driver\n", symbol);
        CHECK(!"the simulated driver exports every bound symbol");
    }
}

static void test_stub_exports_every_bound_symbol(void) {
    if (access(STUB_PATH, R_OK) != 0) SKIP("no CUDA toolkit stub at %s", STUB_PATH);
    size_t count = 0;
    char* names = read_dynamic_symbols(STUB_PATH, &count);
    REQUIRE(names != NULL);
    CHECK(count > 500); /* NVIDIA's whole export table, not an empty read */
    stub_check check = {names, 0};
    CHECK(offload_test_driver_entry_points(OFFLOAD_BACKEND_CUDA, check_exported, &check) == OFFLOAD_SUCCESS);
    int bound = check.bound;
    CHECK(bound > 50);
    free(names);
}

/* The simulated driver must export the same list, or tests would silently run less. */
static void test_sim_exports_every_bound_symbol(void) {
    void* sim = dlopen(SIM_PATH, RTLD_NOW | RTLD_LOCAL);
    if (!sim) SKIP("simulated driver not built: %s", dlerror());
    CHECK(offload_test_driver_entry_points(OFFLOAD_BACKEND_CUDA, check_sim_exported, sim) == OFFLOAD_SUCCESS);
    dlclose(sim);
}

int main(void) {
    RUN(test_stub_driver_status);
    RUN(test_library_not_found);
    RUN(test_missing_entry_point);
    RUN(test_stub_exports_every_bound_symbol);
    RUN(test_sim_exports_every_bound_symbol);
    return test_summary();
}
