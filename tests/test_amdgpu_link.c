/* tests/test_amdgpu_link.c — the in-process AMDGPU link (backends/amdgpu/link.inc) against ld.lld.
   Real kernels are compiled by the JIT for gfx90a and for the wave32 gfx1030 (through the test
   hooks, with no GPU), and each relocatable object is linked both ways: the ELF header, the
   program headers, every allocated section's header and bytes (.note with the metadata, .dynsym,
   .gnu.hash, .hash, .dynstr, .rela.dyn, .rodata with the kernel descriptors and a printf format,
   .text, .dynamic, .got, .data) must be ld.lld's, and .symtab must hold the same symbols. Each
   kernel descriptor's entry offset must lead to its kernel. Globals reached through the GOT (a
   default-visibility one, the RPC client's) are compared both as preemptible (R_AMDGPU_ABS64) and
   made protected (R_AMDGPU_RELATIVE64). The in-process result is loaded by the simulated HSA
   runtime, its kernels found and launched, its globals read, and its GOT entries hold the loaded
   addresses after the loader's dynamic relocations. Several printf formats (strings of every size
   class of ld.lld's hash, in two sections of different alignments, one string twice) are merged as
   ld.lld merges them, each string symbol reaching its string. Objects it must not link (an
   absolute address in .data, an undefined symbol, an unknown relocation) go to ld.lld, which
   links them or fails with its own message, and the debug log says why; truncated and corrupted
   objects are declined, never read out of bounds. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <dlfcn.h>
#include <stdint.h>
#include <unistd.h>

#if defined(OFFLOAD_NO_JIT)
int main(void) { return test_skip_all("test_amdgpu_link", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

#define AMDGPU_DATA OFFLOAD_TEST_ROOT "/tests/data/amdgpu/"

/* The modules compared, each for both processors. */
static const char* const modules[] = {
    JIT_DATA "saxpy.ll",         JIT_DATA "stencil.ll",        JIT_DATA "reduce_shared.ll", JIT_DATA "math.ll",
    AMDGPU_DATA "link.ll",       AMDGPU_DATA "kernels.ll",     AMDGPU_DATA "got.ll",
#ifndef OFFLOAD_NO_RPC
    AMDGPU_DATA "rpc_printf.ll", AMDGPU_DATA "two_strings.ll", AMDGPU_DATA "strings.ll"
#endif
};
static const char* const processors[] = {"gfx90a", "gfx1030"};

/* ---- Reading ELF files ------------------------------------------------------------------------ */

typedef struct elf_view {
    const unsigned char* p;
    size_t size;
    Elf64_Ehdr eh;
} elf_view;

static int elf_open(elf_view* v, const void* p, size_t size) {
    v->p = (const unsigned char*)p;
    v->size = size;
    if (size < sizeof v->eh) return 0;
    memcpy(&v->eh, p, sizeof v->eh);
    return v->eh.e_shentsize == sizeof(Elf64_Shdr) && v->eh.e_shoff <= size &&
           v->eh.e_shnum * sizeof(Elf64_Shdr) <= size - v->eh.e_shoff && v->eh.e_shstrndx < v->eh.e_shnum &&
           v->eh.e_phoff <= size && v->eh.e_phnum * sizeof(Elf64_Phdr) <= size - v->eh.e_phoff;
}

static Elf64_Shdr elf_section(const elf_view* v, unsigned i) {
    Elf64_Shdr sh;
    memcpy(&sh, v->p + v->eh.e_shoff + i * sizeof sh, sizeof sh);
    return sh;
}

static const char* elf_string(const elf_view* v, unsigned table, uint64_t offset) {
    Elf64_Shdr sh = elf_section(v, table);
    if (sh.sh_offset > v->size || offset >= sh.sh_size || sh.sh_size > v->size - sh.sh_offset) return "";
    const char* s = (const char*)v->p + sh.sh_offset + offset;
    return memchr(s, '\0', sh.sh_size - offset) ? s : "";
}

static const char* elf_section_name(const elf_view* v, unsigned i) {
    return elf_string(v, v->eh.e_shstrndx, elf_section(v, i).sh_name);
}

/* The index of the section named `name`, 0 when there is none. */
static unsigned elf_find(const elf_view* v, const char* name) {
    for (unsigned i = 1; i < v->eh.e_shnum; i++)
        if (!strcmp(elf_section_name(v, i), name)) return i;
    return 0;
}

/* The symbols of a symbol table section as "name value size info other" lines, sorted, into out. */
static void elf_symbol_lines(const elf_view* v, unsigned table, char* out, size_t capacity) {
    Elf64_Shdr sh = elf_section(v, table);
    size_t count = sh.sh_size / sizeof(Elf64_Sym), used = 0;
    char(*lines)[160] = calloc(count + 1, sizeof *lines);
    if (!lines) return;
    for (size_t i = 0; i < count; i++) {
        Elf64_Sym s;
        memcpy(&s, v->p + sh.sh_offset + i * sizeof s, sizeof s);
        snprintf(lines[i], sizeof lines[i], "%s %llx %llu %u %u\n", elf_string(v, sh.sh_link, s.st_name),
                 (unsigned long long)s.st_value, (unsigned long long)s.st_size, s.st_info, s.st_other);
    }
    qsort(lines, count, sizeof *lines, (int (*)(const void*, const void*))strcmp);
    out[0] = '\0';
    for (size_t i = 0; i < count; i++)
        used += (size_t)snprintf(out + used, used < capacity ? capacity - used : 0, "%s", lines[i]);
    free(lines);
}

/* ---- The comparison ----------------------------------------------------------------------------- */

/* What differs between our link (a) and ld.lld's (b), as in the header comment; "" when nothing. */
static void compare_links(const void* a, size_t a_size, const void* b, size_t b_size, char* why, size_t capacity) {
    elf_view x, y;
    why[0] = '\0';
    if (!elf_open(&x, a, a_size) || !elf_open(&y, b, b_size)) {
        snprintf(why, capacity, "not ELF files");
        return;
    }
    Elf64_Ehdr hx = x.eh, hy = y.eh;
    hx.e_shoff = hy.e_shoff = 0; /* the non-allocated tail differs (ld.lld adds .comment) */
    hx.e_shnum = hy.e_shnum = hx.e_shstrndx = hy.e_shstrndx = 0;
    if (memcmp(&hx, &hy, sizeof hx)) {
        snprintf(why, capacity, "ELF headers differ (e_flags %#x vs %#x)", x.eh.e_flags, y.eh.e_flags);
        return;
    }
    if (memcmp(x.p + x.eh.e_phoff, y.p + y.eh.e_phoff, x.eh.e_phnum * sizeof(Elf64_Phdr))) {
        snprintf(why, capacity, "program headers differ");
        return;
    }
    unsigned i = 1, j = 1;
    for (;; i++, j++) {
        while (i < x.eh.e_shnum && !(elf_section(&x, i).sh_flags & SHF_ALLOC)) i++;
        while (j < y.eh.e_shnum && !(elf_section(&y, j).sh_flags & SHF_ALLOC)) j++;
        if (i >= x.eh.e_shnum || j >= y.eh.e_shnum) break;
        Elf64_Shdr sx = elf_section(&x, i), sy = elf_section(&y, j);
        const char* name = elf_section_name(&x, i);
        if (strcmp(name, elf_section_name(&y, j))) {
            snprintf(why, capacity, "section %u is %s, ld.lld's %s", i, name, elf_section_name(&y, j));
            return;
        }
        sx.sh_name = sy.sh_name = 0;
        if (memcmp(&sx, &sy, sizeof sx)) {
            snprintf(why, capacity, "section header of %s differs", name);
            return;
        }
        if (sx.sh_type != SHT_NOBITS &&
            (sx.sh_offset + sx.sh_size > x.size || memcmp(x.p + sx.sh_offset, y.p + sy.sh_offset, sx.sh_size))) {
            snprintf(why, capacity, "contents of %s differ", name);
            return;
        }
    }
    if (i < x.eh.e_shnum || j < y.eh.e_shnum) {
        snprintf(why, capacity, "a different number of allocated sections");
        return;
    }
    static char sx[1 << 16], sy[1 << 16];
    elf_symbol_lines(&x, elf_find(&x, ".symtab"), sx, sizeof sx);
    elf_symbol_lines(&y, elf_find(&y, ".symtab"), sy, sizeof sy);
    if (strcmp(sx, sy)) snprintf(why, capacity, ".symtab holds other symbols");
}

/* Every kernel descriptor's kernel_code_entry_byte_offset leads to its kernel, and each load
   segment's offset is congruent to its address modulo its alignment. */
static int descriptors_resolve(const void* image, size_t size, int* kernels) {
    elf_view v;
    if (!elf_open(&v, image, size)) return 0;
    for (unsigned i = 0; i < v.eh.e_phnum; i++) {
        Elf64_Phdr ph;
        memcpy(&ph, v.p + v.eh.e_phoff + i * sizeof ph, sizeof ph);
        if (ph.p_type == PT_LOAD && (ph.p_align != 0x1000 || ph.p_offset % ph.p_align != ph.p_vaddr % ph.p_align))
            return 0;
    }
    unsigned dynsym = elf_find(&v, ".dynsym");
    Elf64_Shdr sh = elf_section(&v, dynsym);
    *kernels = 0;
    for (size_t s = 1; dynsym && s < sh.sh_size / sizeof(Elf64_Sym); s++) {
        Elf64_Sym kd, fn;
        memcpy(&kd, v.p + sh.sh_offset + s * sizeof kd, sizeof kd);
        const char* name = elf_string(&v, sh.sh_link, kd.st_name);
        size_t length = strlen(name);
        if (length < 4 || strcmp(name + length - 3, ".kd")) continue;
        char kernel[256];
        snprintf(kernel, sizeof kernel, "%.*s", (int)(length - 3), name);
        Elf64_Shdr rodata = elf_section(&v, kd.st_shndx);
        int64_t entry;
        memcpy(&entry, v.p + rodata.sh_offset + (kd.st_value - rodata.sh_addr) + 16, sizeof entry);
        if (!amdgpu_symbol(image, size, kernel, &fn) || kd.st_value + (uint64_t)entry != fn.st_value ||
            ELF64_ST_TYPE(fn.st_info) != STT_FUNC)
            return 0;
        ++*kernels;
    }
    return 1;
}

/* ---- Contexts, objects, links ------------------------------------------------------------------- */

static offload_context* link_context(log_lines* log) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.jit.isolation = TEST_JIT_ISOLATION;
    if (log) {
        desc.log = keep_log_line;
        desc.log_user_data = log;
        desc.log_level = OFFLOAD_LOG_DEBUG;
    }
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* The JIT's relocatable object for the module at path, or NULL. */
static void* object_of(offload_context* ctx, const char* arch, const char* path, size_t* size) {
    size_t ir_size = 0;
    char* ir = test_read_file(path, &ir_size);
    void* object = NULL;
    offload_result r = ir ? offload_test_jit_object(ctx, arch, ir, ir_size, &object, size) : OFFLOAD_ERROR_IO;
    if (r != OFFLOAD_SUCCESS) fprintf(stderr, "  %s for %s: %s\n", path, arch, offload_context_last_error(ctx));
    free(ir);
    return object;
}

static offload_result link_with(offload_context* ctx, offload_test_amdgpu_linker linker, const void* object,
                                size_t size, void** out, size_t* out_size, char* why, size_t capacity) {
    return offload_test_amdgpu_link(ctx, linker, object, size, out, out_size, why, capacity);
}

/* Whether ld.lld is here to compare with. */
static int have_lld(offload_context* ctx, const void* object, size_t size) {
    void* out = NULL;
    size_t out_size = 0;
    char why[256];
    offload_result r = link_with(ctx, OFFLOAD_TEST_LINK_LLD, object, size, &out, &out_size, why, sizeof why);
    free(out);
    return r != OFFLOAD_ERROR_HOST_TOOL_NOT_FOUND;
}

/* ---- Tests ---------------------------------------------------------------------------------------- */

/* The hashes ld.lld keys merged strings by, against the reference implementation's values
   (libxxhash 0.8.1's XXH3_64bits and XXH64 with seed 0): "", "a", "abc", and a pattern cut at each
   length where xxh3 changes method (0, 1-3, 4-8, 9-16, 17-128, 129-240, over 240, over a 1024-byte
   block) and where xxHash64 does (under and over 32 bytes). */
static void test_string_hashes_match_xxhash(void) {
    static const struct {
        const char* text;
        uint64_t xxh3, xxh64;
    } words[] = {{"", 0x2d06800538d394c2ull, 0xef46db3751d8e999ull},
                 {"a", 0xe6c632b61e964e1full, 0xd24ec4f1a98c6e5bull},
                 {"abc", 0x78af5f94892f3950ull, 0x44bc2cf5ad770999ull}};
    static const struct {
        size_t length;
        uint64_t xxh3, xxh64;
    } cuts[] = {
        {0, 0x2d06800538d394c2ull, 0xef46db3751d8e999ull},    {1, 0x4c5cca45d0f4811full, 0xa96c7f0ce858bbb7ull},
        {3, 0x6e3e2670e61106acull, 0xbed43740ee6332bbull},    {4, 0x5c4c63133443d03full, 0xfa212ae44b3bb23dull},
        {8, 0xf9fd4dd0b04d78f5ull, 0x994b676b71ce94ddull},    {9, 0x7c20df9712c26edfull, 0x572b84c18b983af8ull},
        {16, 0x86abf6baccea0858ull, 0x94ad0095e72b24d5ull},   {17, 0xb58bf5dc5022d071ull, 0x1464f2eff23b5fe1ull},
        {32, 0xe3712ed84c04a66eull, 0x07f7b8e3bc5d6e25ull},   {33, 0xa4dee99b093e1f73ull, 0x09f85eeb4e1cbe9full},
        {128, 0x10d17f72c0ccba41ull, 0x0430e433b792e757ull},  {129, 0x1648bdc3db49d1a2ull, 0x1f9708e5a00618faull},
        {240, 0xb6cfaf343fab81e6ull, 0xca0b65cc61295ca7ull},  {241, 0x956cae592c67279eull, 0x0ffefe0dfc875cf4ull},
        {1024, 0x70bd377d9574f4bbull, 0x5960af0c625acfb7ull}, {1025, 0x66c4487c41e127a7ull, 0xdbd366621190a655ull},
        {2100, 0x90eda88dd7646e2eull, 0x9d31c7e500718fe8ull}};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        CHECK(offload_test_string_hash(OFFLOAD_TEST_XXH3_64, words[i].text, strlen(words[i].text)) == words[i].xxh3);
        CHECK(offload_test_string_hash(OFFLOAD_TEST_XXH64, words[i].text, strlen(words[i].text)) == words[i].xxh64);
    }
    static unsigned char pattern[2100];
    for (size_t i = 0; i < sizeof pattern; i++) pattern[i] = (unsigned char)(i * 131 + 7);
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        uint64_t xxh3 = offload_test_string_hash(OFFLOAD_TEST_XXH3_64, pattern, cuts[i].length),
                 xxh64 = offload_test_string_hash(OFFLOAD_TEST_XXH64, pattern, cuts[i].length);
        if (xxh3 != cuts[i].xxh3 || xxh64 != cuts[i].xxh64)
            fprintf(stderr, "  %zu bytes: xxh3 %016llx, xxh64 %016llx\n", cuts[i].length, (unsigned long long)xxh3,
                    (unsigned long long)xxh64);
        CHECK(xxh3 == cuts[i].xxh3 && xxh64 == cuts[i].xxh64);
    }
}
static void test_links_as_lld_does(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    int compared = 0, without_rocm = 0;
    for (size_t p = 0; p < sizeof processors / sizeof *processors; p++) {
        for (size_t m = 0; m < sizeof modules / sizeof *modules; m++) {
            size_t size = 0, ours_size = 0, lld_size = 0;
            void* object = object_of(ctx, processors[p], modules[m], &size);
            /* math.ll calls ROCm's ocml: absent, or LLVM 15 bitcode that LLVM 14 cannot read */
            if (!object && contains(modules[m], "math.ll") && contains(offload_context_last_error(ctx), "ocml")) {
                without_rocm++;
                continue;
            }
            CHECK(object != NULL);
            if (!object) continue;
            if (compared == 0 && !have_lld(ctx, object, size)) {
                free(object);
                offload_context_destroy(ctx);
                SKIP("no ld.lld to compare with");
            }
            void *ours = NULL, *lld = NULL;
            char why[256] = "";
            CHECK_OK(ctx,
                     link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &ours, &ours_size, why, sizeof why));
            CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_LLD, object, size, &lld, &lld_size, why, sizeof why));
            if (ours && lld) {
                compare_links(ours, ours_size, lld, lld_size, why, sizeof why);
                if (why[0]) fprintf(stderr, "  %s for %s: %s\n", modules[m], processors[p], why);
                CHECK(why[0] == '\0');
                int kernels = 0;
                CHECK(descriptors_resolve(ours, ours_size, &kernels) && kernels > 0);
                elf_view v;
                int got = contains(modules[m], "got.ll") || contains(modules[m], "printf.ll") ||
                          contains(modules[m], "strings.ll");
                CHECK(elf_open(&v, ours, ours_size) && !elf_find(&v, ".got") == !got &&
                      !elf_find(&v, ".rela.dyn") == !got);
                compared++;
            }
            free(ours);
            free(lld);
            free(object);
        }
    }
    CHECK(compared + without_rocm ==
          (int)(sizeof processors / sizeof *processors * (sizeof modules / sizeof *modules)));
    if (without_rocm) fprintf(stderr, "  note: math.ll not compared: ROCm's device libraries are not usable here\n");
    offload_context_destroy(ctx);
}

/* The descriptor check sees a wrong entry offset: one byte of it changed is caught. */
static void test_descriptor_check_sees_a_wrong_offset(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    size_t size = 0, out_size = 0;
    void* object = object_of(ctx, "gfx90a", JIT_DATA "saxpy.ll", &size);
    REQUIRE(object);
    void* out = NULL;
    char why[256];
    CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
    Elf64_Sym kd;
    int kernels = 0;
    if (out && amdgpu_symbol(out, out_size, "saxpy.kd", &kd)) {
        CHECK(descriptors_resolve(out, out_size, &kernels) && kernels == 1);
        elf_view v;
        CHECK(elf_open(&v, out, out_size));
        Elf64_Shdr rodata = elf_section(&v, kd.st_shndx);
        ((unsigned char*)out)[rodata.sh_offset + (kd.st_value - rodata.sh_addr) + 16] ^= 4;
        CHECK(!descriptors_resolve(out, out_size, &kernels));
    } else {
        CHECK(!"no saxpy.kd");
    }
    free(out);
    free(object);
    offload_context_destroy(ctx);
}

typedef struct hsa_dispatch {
    const char* kernel;
    uint32_t dims, workgroup[3], grid[3], group_segment_size, private_segment_size, kernarg_size, gpu;
} hsa_dispatch;

/* kernels.ll's reverse(float* data, i32 k), as the simulated runtime runs it: writes k to data[0]. */
static void hsa_reverse(const void* kernarg, const hsa_dispatch* d, void* user) {
    (void)d, (void)user;
    float* data;
    int32_t k;
    memcpy(&data, kernarg, sizeof data);
    memcpy(&k, (const char*)kernarg + 8, sizeof k);
    data[0] = (float)k;
}

/* A program of kernels.ll on the simulated gfx90a: its kernels are found with their argument
   sizes, reverse launches with its arguments, its initialised global reads 7 and the other has
   its size. */
static void check_kernels_program(offload_context* ctx, offload_device gpu, offload_program program) {
    offload_kernel mixed, reverse;
    size_t args_size = 0;
    CHECK_OK(ctx, offload_kernel_get(ctx, program, "mixed", &mixed));
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, mixed, &args_size));
    CHECK(args_size == 36);
    CHECK_OK(ctx, offload_kernel_get(ctx, program, "reverse", &reverse));
    float* data = NULL;
    float first = 0.0f;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 64 * sizeof *data, (void**)&data));
    struct {
        float* data;
        int32_t k;
    } args = {data, 42};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, reverse,
                                 &(offload_launch_desc){.grid = {1}, .block = {64}, .args = &args, .args_size = 12}));
    CHECK_OK(ctx, offload_memcpy(ctx, test_backend_device(ctx, OFFLOAD_BACKEND_HOST), &first, gpu, data, sizeof first));
    CHECK(first == 42.0f);
    offload_mem_free(ctx, data);
    int32_t counter = 0;
    void* address = NULL;
    size_t global_size = 0;
    CHECK_OK(ctx, offload_global_read(ctx, program, "counter", 0, &counter, 4));
    CHECK(counter == 7);
    CHECK_OK(ctx, offload_global_get(ctx, program, "table", &address, &global_size));
    CHECK(address && global_size == 64);
}

/* A context on the host and the simulated HSA runtime (sim, reset, with the kernel `name` run by
   fn) whose debug log goes to log, and its GPU in *gpu; NULL when either cannot be made. */
static offload_context* simulated_context(void* sim, const char* name,
                                          void (*fn)(const void*, const hsa_dispatch*, void*), void* user,
                                          log_lines* log, offload_device* gpu) {
    void (*reset)(void) = NULL;
    void (*register_kernel)(const char*, void (*)(const void*, const hsa_dispatch*, void*), void*) = NULL;
    *(void**)&reset = dlsym(sim, "hsa_sim_reset");
    *(void**)&register_kernel = dlsym(sim, "hsa_sim_register_kernel");
    if (!reset || !register_kernel) return NULL;
    reset();
    register_kernel(name, fn, user);
    memset(log, 0, sizeof *log);
    log->debug_only = 1;
    offload_context* ctx = hsa_sim_context_logged(TEST_JIT_ISOLATION, log);
    *gpu = ctx ? test_backend_device(ctx, OFFLOAD_BACKEND_AMDGPU) : (offload_device){0};
    if (ctx && !gpu->id) {
        offload_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

/* The simulated runtime loads what the in-process link makes: the JIT's own (IR in, linked as the
   JIT links by default, without ld.lld) and the hook's bytes given as a program image. */
static void test_simulated_runtime_loads_it(void) {
    void* sim = dlopen(HSA_SIM, RTLD_NOW);
    if (!sim) SKIP("the simulated HSA runtime is not built (%s)", HSA_SIM);
    static log_lines log;
    offload_device gpu;
    offload_context* ctx = simulated_context(sim, "reverse", hsa_reverse, NULL, &log, &gpu);
    REQUIRE(ctx);
    offload_program program;
    CHECK_OK(ctx, program_from_file(ctx, gpu, AMDGPU_DATA "kernels.ll", &program));
    check_kernels_program(ctx, gpu, program);
    CHECK(!contains(log.text, "linking with ld.lld"));
    offload_program_destroy(ctx, program);
    size_t size = 0, out_size = 0;
    void* object = object_of(ctx, "gfx90a", AMDGPU_DATA "kernels.ll", &size);
    REQUIRE(object);
    void* out = NULL;
    char why[256];
    CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
    free(object);
    REQUIRE(out);
    REQUIRE_OK(ctx,
               offload_program_create(ctx, gpu, &(offload_program_desc){.image = out, .size = out_size}, &program));
    free(out);
    check_kernels_program(ctx, gpu, program);
    offload_program_destroy(ctx, program);
    offload_context_destroy(ctx);
}

/* An object the in-process link must decline saying `reason`: the JIT's link then runs ld.lld,
   the debug log saying why, and ld.lld fails saying `lld_error` (or, with lld_error NULL, links). */
static void check_declined(offload_context* ctx, const log_lines* log, const void* object, size_t size,
                           const char* reason, const char* lld_error) {
    void* out = NULL;
    size_t out_size = 0;
    char why[256] = "", line[320];
    CHECK_RESULT(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why),
                 OFFLOAD_ERROR_UNSUPPORTED);
    CHECK(out == NULL && contains(why, reason));
    if (!have_lld(ctx, object, size)) return;
    offload_result r = link_with(ctx, OFFLOAD_TEST_LINK_DEFAULT, object, size, &out, &out_size, why, sizeof why);
    CHECK(r == (lld_error ? OFFLOAD_ERROR_JIT : OFFLOAD_SUCCESS));
    CHECK(!lld_error || contains(offload_context_last_error(ctx), lld_error));
    snprintf(line, sizeof line, "jit: linking with ld.lld, not in-process: %s", reason);
    CHECK(contains(log->text, line));
    free(out);
}

/* A context whose debug log is kept, and the JIT's object for the module at path, for gfx90a. */
static offload_context* declined_setup(log_lines* log, const char* path, void** object, size_t* size) {
    memset(log, 0, sizeof *log);
    log->debug_only = 1;
    offload_context* ctx = link_context(log);
    *object = ctx ? object_of(ctx, "gfx90a", path, size) : NULL;
    if (ctx && !*object) {
        offload_context_destroy(ctx);
        ctx = NULL;
    }
    return ctx;
}

/* The symbol table of an ET_REL object, writable, for the tests that damage it. */
static Elf64_Sym* object_symbol(void* object, size_t size, const char* name) {
    elf_view v;
    if (!elf_open(&v, object, size)) return NULL;
    unsigned symtab = elf_find(&v, ".symtab");
    Elf64_Shdr sh = elf_section(&v, symtab);
    for (size_t i = 1; symtab && i < sh.sh_size / sizeof(Elf64_Sym); i++) {
        Elf64_Sym* s = (Elf64_Sym*)(void*)((unsigned char*)object + sh.sh_offset + i * sizeof(Elf64_Sym));
        if (!strcmp(elf_string(&v, sh.sh_link, s->st_name), name)) return s;
    }
    return NULL;
}

/* An undefined symbol: declined, and ld.lld's --no-undefined then fails with its own message. */
static void test_undefined_symbol_goes_to_lld(void) {
    static log_lines log;
    size_t size = 0;
    void* object = NULL;
    offload_context* ctx = declined_setup(&log, JIT_DATA "saxpy.ll", &object, &size);
    REQUIRE(ctx);
    Elf64_Sym* kernel = object_symbol(object, size, "saxpy");
    if (kernel) {
        kernel->st_shndx = SHN_UNDEF;
        kernel->st_value = kernel->st_size = 0;
        kernel->st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE);
        kernel->st_other = STV_DEFAULT;
        check_declined(ctx, &log, object, size, "undefined symbol saxpy", "undefined symbol: saxpy");
    }
    CHECK(kernel != NULL);
    free(object);
    offload_context_destroy(ctx);
}

/* link.ll's protected `exported`, made default: its PC-relative relocations now point at a symbol
   that a user of the shared object could preempt; ld.lld refuses them (-fPIC), and so must we. */
static void test_preemptible_target_goes_to_lld(void) {
    static log_lines log;
    size_t size = 0;
    void* object = NULL;
    offload_context* ctx = declined_setup(&log, AMDGPU_DATA "link.ll", &object, &size);
    REQUIRE(ctx);
    Elf64_Sym* exported = object_symbol(object, size, "exported");
    CHECK(exported && ELF64_ST_VISIBILITY(exported->st_other) == STV_PROTECTED);
    if (exported) {
        exported->st_other = STV_DEFAULT;
        check_declined(ctx, &log, object, size, "PC-relative relocation against exported",
                       "cannot be used against symbol 'exported'");
    }
    free(object);
    offload_context_destroy(ctx);
}

/* The descriptor's relocation (R_AMDGPU_REL64) changed to a type the in-process link does not
   know: declined, and ld.lld fails on it. */
static void test_unknown_relocation_goes_to_lld(void) {
    static log_lines log;
    size_t size = 0;
    void* object = NULL;
    offload_context* ctx = declined_setup(&log, JIT_DATA "saxpy.ll", &object, &size);
    REQUIRE(ctx);
    elf_view v;
    unsigned rela = elf_open(&v, object, size) ? elf_find(&v, ".rela.rodata") : 0;
    CHECK(rela != 0);
    if (rela) {
        Elf64_Rela* r = (Elf64_Rela*)(void*)((unsigned char*)object + elf_section(&v, rela).sh_offset);
        CHECK(ELF64_R_TYPE(r->r_info) == 5);
        r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), 200);
        check_declined(ctx, &log, object, size, "relocation type 200", "link with");
    }
    free(object);
    offload_context_destroy(ctx);
}

/* A global initialised with another's address (an R_AMDGPU_ABS64 in .data): declined, and ld.lld
   links it with a dynamic relocation of .data. */
static void test_data_pointer_goes_to_lld(void) {
    static log_lines log;
    size_t size = 0, out_size = 0;
    void *object = NULL, *out = NULL;
    offload_context* ctx = declined_setup(&log, AMDGPU_DATA "data_pointer.ll", &object, &size);
    REQUIRE(ctx);
    check_declined(ctx, &log, object, size, "absolute relocation against value needs a dynamic relocation", NULL);
    char why[256];
    elf_view v;
    if (link_with(ctx, OFFLOAD_TEST_LINK_DEFAULT, object, size, &out, &out_size, why, sizeof why) == OFFLOAD_SUCCESS)
        CHECK(elf_open(&v, out, out_size) && elf_find(&v, ".rela.dyn"));
    free(out);
    free(object);
    offload_context_destroy(ctx);
}

#ifndef OFFLOAD_NO_RPC
/* Where the string symbol `name` of an object lands in its link: the linked image's address
   (found through the relocations of .text against it, as the kernel's code reaches it), checked to
   hold the symbol's string; 0 when a relocation disagrees or the bytes differ. */
static uint64_t string_lands(const elf_view* object, const elf_view* linked, const char* name) {
    unsigned symtab = elf_find(object, ".symtab"), rela = elf_find(object, ".rela.text");
    Elf64_Shdr st = elf_section(object, symtab), rt = elf_section(object, rela);
    Elf64_Shdr text = elf_section(linked, elf_find(linked, ".text")),
               rodata = elf_section(linked, elf_find(linked, ".rodata"));
    uint64_t found = 0;
    for (uint64_t at = 0; at + sizeof(Elf64_Rela) <= rt.sh_size; at += sizeof(Elf64_Rela)) {
        Elf64_Rela r;
        Elf64_Sym sym;
        memcpy(&r, object->p + rt.sh_offset + at, sizeof r);
        memcpy(&sym, object->p + st.sh_offset + ELF64_R_SYM(r.r_info) * sizeof sym, sizeof sym);
        if (ELF64_R_TYPE(r.r_info) != 10 || strcmp(elf_string(object, st.sh_link, sym.st_name), name)) continue;
        uint32_t lo; /* R_AMDGPU_REL32_LO: S + A - P; the images are far below 4 GiB */
        memcpy(&lo, linked->p + text.sh_offset + r.r_offset, sizeof lo);
        uint64_t address = (uint32_t)(lo + text.sh_addr + r.r_offset - (uint64_t)r.r_addend);
        if (found && address != found) return 0;
        found = address;
        Elf64_Shdr strings = elf_section(object, sym.st_shndx);
        const char* expected = (const char*)object->p + strings.sh_offset + sym.st_value;
        if (address < rodata.sh_addr || address - rodata.sh_addr + strlen(expected) + 1 > rodata.sh_size ||
            memcmp(linked->p + rodata.sh_offset + (address - rodata.sh_addr), expected, strlen(expected) + 1))
            return 0;
    }
    return found;
}

/* Several printf formats link in-process: each string symbol's references reach its own string,
   and the simulated runtime loads the result and finds its kernel; the JIT's own link of it runs
   in-process. A string twice in the object (LLVM's optimizer merges strings.ll's @again and
   @short before, so here @first is overwritten with @eight's bytes) is one string in the link,
   both symbols reaching it, and the link is still ld.lld's. */
static void test_strings_land_where_their_symbols_say(void) {
    void* sim = dlopen(HSA_SIM, RTLD_NOW);
    if (!sim) SKIP("the simulated HSA runtime is not built (%s)", HSA_SIM);
    static log_lines log;
    offload_device gpu;
    offload_context* ctx = simulated_context(sim, "many", hsa_reverse, NULL, &log, &gpu);
    REQUIRE(ctx);
    static const char* const names[][11] = {
        {"first", "second"},
        {"one", "eight", "twelve", "medium", "long", "longer", "longest", "again", "first", "wide0", "wide1"}};
    static const char* const paths[] = {AMDGPU_DATA "two_strings.ll", AMDGPU_DATA "strings.ll"};
    for (size_t m = 0; m < 2; m++) {
        size_t size = 0, out_size = 0;
        void* object = object_of(ctx, "gfx90a", paths[m], &size);
        REQUIRE(object);
        void* out = NULL;
        char why[256] = "";
        CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
        elf_view o, l;
        if (!out || !elf_open(&o, object, size) || !elf_open(&l, out, out_size)) {
            CHECK(!"linked");
            free(object);
            free(out);
            continue;
        }
        uint64_t at[11] = {0};
        char symbol[11][32];
        for (int i = 0; i < 11 && names[m][i]; i++) {
            snprintf(symbol[i], sizeof symbol[i], ".L%s", names[m][i]);
            if (!object_symbol(object, size, symbol[i])) /* LLVM 14 keeps the name */
                snprintf(symbol[i], sizeof symbol[i], "%s", names[m][i]);
            at[i] = string_lands(&o, &l, symbol[i]);
            if (!at[i]) fprintf(stderr, "  %s: %s does not land on its string\n", paths[m], symbol[i]);
            CHECK(at[i] != 0);
            for (int j = 0; j < i; j++) CHECK(at[j] != at[i]);
        }
        Elf64_Sym *eight = object_symbol(object, size, symbol[1]), *first = object_symbol(object, size, symbol[8]);
        if (m == 1 && eight && first && eight->st_shndx == first->st_shndx && eight->st_size == first->st_size) {
            Elf64_Shdr in = elf_section(&o, eight->st_shndx);
            unsigned char* bytes = (unsigned char*)object + in.sh_offset;
            memcpy(bytes + first->st_value, bytes + eight->st_value, eight->st_size);
            void *again = NULL, *lld = NULL;
            size_t again_size = 0, lld_size = 0;
            CHECK_OK(ctx,
                     link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &again, &again_size, why, sizeof why));
            elf_view a;
            if (again && elf_open(&a, again, again_size)) {
                CHECK(string_lands(&o, &a, symbol[1]) != 0 &&
                      string_lands(&o, &a, symbol[1]) == string_lands(&o, &a, symbol[8]));
                CHECK(elf_section(&a, elf_find(&a, ".rodata")).sh_size <=
                      elf_section(&l, elf_find(&l, ".rodata")).sh_size);
                if (have_lld(ctx, object, size) && link_with(ctx, OFFLOAD_TEST_LINK_LLD, object, size, &lld, &lld_size,
                                                             why, sizeof why) == OFFLOAD_SUCCESS) {
                    compare_links(again, again_size, lld, lld_size, why, sizeof why);
                    if (why[0]) fprintf(stderr, "  the duplicated string: %s\n", why);
                    CHECK(why[0] == '\0');
                }
            } else {
                CHECK(!"linked with a duplicated string");
            }
            free(again);
            free(lld);
        } else {
            CHECK(m == 0);
        }
        offload_program program;
        CHECK_OK(ctx,
                 offload_program_create(ctx, gpu, &(offload_program_desc){.image = out, .size = out_size}, &program));
        offload_kernel kernel;
        CHECK_OK(ctx, offload_kernel_get(ctx, program, m ? "many" : "twice", &kernel));
        offload_program_destroy(ctx, program);
        free(out);
        free(object);
    }
    offload_program program;
    CHECK_OK(ctx, program_from_file(ctx, gpu, AMDGPU_DATA "strings.ll", &program));
    CHECK(!contains(log.text, "linking with ld.lld"));
    offload_program_destroy(ctx, program);
    offload_context_destroy(ctx);
}

#endif

/* The value of the .dynamic entry `tag` of a linked image, -1 when there is none. */
static int64_t dynamic_value(const void* image, size_t size, int64_t tag) {
    elf_view v;
    unsigned dynamic = elf_open(&v, image, size) ? elf_find(&v, ".dynamic") : 0;
    Elf64_Shdr sh = elf_section(&v, dynamic);
    for (uint64_t at = 0; dynamic && at + sizeof(Elf64_Dyn) <= sh.sh_size; at += sizeof(Elf64_Dyn)) {
        Elf64_Dyn d;
        memcpy(&d, v.p + sh.sh_offset + at, sizeof d);
        if (d.d_tag == tag) return (int64_t)d.d_un.d_val;
    }
    return -1;
}

/* The first entry of a linked image's .rela.dyn into *out: 1, or 0 when there is none. */
static int first_dynamic_relocation(const void* image, size_t size, Elf64_Rela* out) {
    elf_view v;
    unsigned rela = elf_open(&v, image, size) ? elf_find(&v, ".rela.dyn") : 0;
    if (!rela || elf_section(&v, rela).sh_size < sizeof *out) return 0;
    memcpy(out, v.p + elf_section(&v, rela).sh_offset, sizeof *out);
    return 1;
}

/* The globals reached through the GOT (got.ll's counter, the RPC client) made protected: no user
   of the shared object can preempt them, so their GOT entries get R_AMDGPU_RELATIVE64 with the
   symbol's address, and .dynamic a DT_RELACOUNT of 1; both links still agree byte for byte. As
   they are, the entry's relocation is R_AMDGPU_ABS64 against the symbol, with no DT_RELACOUNT. */
static void test_protected_got_as_lld_does(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    static const char* const cases[][2] = {{AMDGPU_DATA "got.ll", "counter"},
#ifndef OFFLOAD_NO_RPC
                                           {AMDGPU_DATA "rpc_printf.ll", "offload_rpc_client"}
#endif
    };
    int compared = 0;
    for (size_t p = 0; p < sizeof processors / sizeof *processors; p++) {
        for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
            size_t size = 0, ours_size = 0, lld_size = 0;
            void* object = object_of(ctx, processors[p], cases[c][0], &size);
            REQUIRE(object);
            if (compared == 0 && !have_lld(ctx, object, size)) {
                free(object);
                offload_context_destroy(ctx);
                SKIP("no ld.lld to compare with");
            }
            for (int protect = 0; protect < 2; protect++) {
                Elf64_Sym* global = object_symbol(object, size, cases[c][1]);
                REQUIRE(global && ELF64_ST_VISIBILITY(global->st_other) == STV_DEFAULT);
                if (protect) global->st_other = STV_PROTECTED;
                void *ours = NULL, *lld = NULL;
                char why[256] = "";
                CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &ours, &ours_size, why,
                                        sizeof why));
                CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_LLD, object, size, &lld, &lld_size, why, sizeof why));
                Elf64_Sym linked;
                Elf64_Rela first;
                if (ours && lld) {
                    compare_links(ours, ours_size, lld, lld_size, why, sizeof why);
                    if (why[0])
                        fprintf(stderr, "  %s (%s) for %s: %s\n", cases[c][0], protect ? "protected" : "default",
                                processors[p], why);
                    CHECK(why[0] == '\0');
                    CHECK(amdgpu_symbol(ours, ours_size, cases[c][1], &linked) &&
                          first_dynamic_relocation(ours, ours_size, &first));
                    CHECK(dynamic_value(ours, ours_size, DT_RELACOUNT) == (protect ? 1 : -1));
                    CHECK(dynamic_value(ours, ours_size, DT_RELASZ) == (int64_t)sizeof(Elf64_Rela));
                    if (protect)
                        CHECK(ELF64_R_TYPE(first.r_info) == 13 && ELF64_R_SYM(first.r_info) == 0 &&
                              first.r_addend == (int64_t)linked.st_value);
                    else
                        CHECK(ELF64_R_TYPE(first.r_info) == 3 && ELF64_R_SYM(first.r_info) != 0 && first.r_addend == 0);
                    compared++;
                }
                free(ours);
                free(lld);
            }
            free(object);
        }
    }
    CHECK(compared == (int)(2 * (sizeof processors / sizeof *processors) * (sizeof cases / sizeof *cases)));
    offload_context_destroy(ctx);
}

/* Where got.ll's set(i32 v) finds counter: the host address of its GOT entry, and the address the
   entry must hold; what the entry held when the kernel ran. */
typedef struct got_entry {
    uint64_t entry, expected, seen;
} got_entry;

/* got.ll's set(i32 v), as the simulated runtime runs it: as its code does, loads counter's
   address from the GOT entry and stores v there (only at the expected address: a wrong entry
   must fail the test, not write to memory at random). */
static void hsa_set(const void* kernarg, const hsa_dispatch* d, void* user) {
    (void)d;
    got_entry* g = (got_entry*)user;
    int32_t v;
    memcpy(&v, kernarg, sizeof v);
    memcpy(&g->seen, (const void*)(uintptr_t)g->entry, sizeof g->seen);
    if (g->seen == g->expected) memcpy((void*)(uintptr_t)g->seen, &v, sizeof v);
}

/* The simulated loader applies .rela.dyn as ROCr does: after the load, got.ll's GOT entry holds
   counter's loaded address, whether it came from R_AMDGPU_ABS64 (counter as it is) or
   R_AMDGPU_RELATIVE64 (counter made protected); a kernel writing through it changes what the host
   then reads by the symbol's name. The JIT's own link of got.ll runs in-process too. A .rela.dyn
   whose place lies outside the image is refused by the loader. */
static void test_got_entry_holds_the_address(void) {
    void* sim = dlopen(HSA_SIM, RTLD_NOW);
    if (!sim) SKIP("the simulated HSA runtime is not built (%s)", HSA_SIM);
    static got_entry entry;
    static log_lines log;
    offload_device gpu;
    offload_context* ctx = simulated_context(sim, "set", hsa_set, &entry, &log, &gpu);
    REQUIRE(ctx);
    offload_program program;
    int32_t counter = 0;
    CHECK_OK(ctx, program_from_file(ctx, gpu, AMDGPU_DATA "got.ll", &program));
    CHECK_OK(ctx, offload_global_read(ctx, program, "counter", 0, &counter, sizeof counter));
    CHECK(counter == 7);
    CHECK(!contains(log.text, "linking with ld.lld"));
    offload_program_destroy(ctx, program);
    size_t size = 0;
    void* object = object_of(ctx, "gfx90a", AMDGPU_DATA "got.ll", &size);
    REQUIRE(object);
    for (int protect = 0; protect < 3; protect++) {
        Elf64_Sym* global = object_symbol(object, size, "counter");
        REQUIRE(global);
        global->st_other = protect ? STV_PROTECTED : STV_DEFAULT;
        void* out = NULL;
        size_t out_size = 0;
        char why[256];
        CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
        elf_view v;
        Elf64_Sym linked;
        unsigned got = out && elf_open(&v, out, out_size) ? elf_find(&v, ".got") : 0;
        if (!got || !amdgpu_symbol(out, out_size, "counter", &linked)) {
            CHECK(!"no .got or no counter");
            free(out);
            continue;
        }
        if (protect == 2) { /* the entry's place moved past the image's end */
            Elf64_Rela* first =
                (Elf64_Rela*)(void*)((unsigned char*)out + elf_section(&v, elf_find(&v, ".rela.dyn")).sh_offset);
            first->r_offset = 0x100000;
            CHECK_RESULT(
                ctx,
                offload_program_create(ctx, gpu, &(offload_program_desc){.image = out, .size = out_size}, &program),
                OFFLOAD_ERROR_INVALID_IMAGE);
            free(out);
            continue;
        }
        REQUIRE_OK(ctx,
                   offload_program_create(ctx, gpu, &(offload_program_desc){.image = out, .size = out_size}, &program));
        void* address = NULL;
        size_t global_size = 0;
        CHECK_OK(ctx, offload_global_get(ctx, program, "counter", &address, &global_size));
        entry.expected = (uint64_t)(uintptr_t)address;
        entry.entry = entry.expected - linked.st_value + elf_section(&v, got).sh_addr;
        entry.seen = 0;
        offload_kernel set;
        int32_t value = 1234 + protect;
        CHECK_OK(ctx, offload_kernel_get(ctx, program, "set", &set));
        CHECK_OK(ctx,
                 offload_launch(ctx, (offload_queue){0}, set,
                                &(offload_launch_desc){.grid = {1}, .block = {1}, .args = &value, .args_size = 4}));
        CHECK(entry.seen == entry.expected && entry.seen != 0);
        CHECK_OK(ctx, offload_global_read(ctx, program, "counter", 0, &counter, sizeof counter));
        CHECK(counter == value);
        offload_program_destroy(ctx, program);
        free(out);
    }
    free(object);
    offload_context_destroy(ctx);
}

/* Truncated objects and corrupted header fields are declined (or, where the damage is harmless,
   linked), never read out of bounds: each prefix of a real object, and every 8-byte field of the
   ELF header, the section headers and the symbol and relocation tables set to large values. */
static void test_malformed_objects_are_declined(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    size_t size = 0;
    void* object = object_of(ctx, "gfx90a", AMDGPU_DATA "link.ll", &size);
    REQUIRE(object);
    char why[256];
    int declined = 0, linked = 0, other = 0;
    for (size_t cut = 0; cut < size; cut += cut < 128 ? 1 : 13) {
        unsigned char* prefix = malloc(cut ? cut : 1); /* exactly cut bytes: ASan sees any read past them */
        REQUIRE(prefix);
        memcpy(prefix, object, cut);
        void* out = NULL;
        size_t out_size = 0;
        offload_result r = link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, prefix, cut, &out, &out_size, why, sizeof why);
        declined += r == OFFLOAD_ERROR_UNSUPPORTED;
        other += r != OFFLOAD_ERROR_UNSUPPORTED;
        free(out);
        free(prefix);
    }
    CHECK(declined > 100 && other == 0);
    elf_view v;
    REQUIRE(elf_open(&v, object, size));
    size_t tables[4][2] = {{0, sizeof(Elf64_Ehdr)}, {v.eh.e_shoff, v.eh.e_shnum * sizeof(Elf64_Shdr)}};
    Elf64_Shdr symtab = elf_section(&v, elf_find(&v, ".symtab")), rela = elf_section(&v, elf_find(&v, ".rela.text"));
    tables[2][0] = symtab.sh_offset, tables[2][1] = symtab.sh_size;
    tables[3][0] = rela.sh_offset, tables[3][1] = rela.sh_size;
    static const uint64_t values[] = {0xffffffffffffffffull, 0x7ffffff0ull, 0xfff0ull};
    unsigned char* damaged = malloc(size);
    REQUIRE(damaged);
    for (int t = 0; t < 4; t++) {
        for (size_t at = tables[t][0]; at + 2 <= tables[t][0] + tables[t][1]; at += 2) {
            for (size_t k = 0; k < sizeof values / sizeof *values; k++) {
                memcpy(damaged, object, size);
                size_t width = at + 8 <= size ? 8 : 2;
                memcpy(damaged + at, &values[k], width);
                void* out = NULL;
                size_t out_size = 0;
                offload_result r =
                    link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, damaged, size, &out, &out_size, why, sizeof why);
                declined += r == OFFLOAD_ERROR_UNSUPPORTED;
                linked += r == OFFLOAD_SUCCESS;
                other += r != OFFLOAD_ERROR_UNSUPPORTED && r != OFFLOAD_SUCCESS;
                free(out);
            }
        }
    }
    CHECK(other == 0 && linked > 0);
    free(damaged);
    /* a few declines named */
    void* out = NULL;
    size_t out_size = 0;
    CHECK_RESULT(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, 63, &out, &out_size, why, sizeof why),
                 OFFLOAD_ERROR_UNSUPPORTED);
    CHECK(contains(why, "shorter than an ELF header"));
    CHECK_RESULT(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size - 1, &out, &out_size, why, sizeof why),
                 OFFLOAD_ERROR_UNSUPPORTED);
    CHECK(contains(why, "malformed section header table"));
    /* the descriptor's 8-byte R_AMDGPU_REL64 moved to 4 bytes before .rodata's end */
    Elf64_Rela* descriptor =
        (Elf64_Rela*)(void*)((unsigned char*)object + elf_section(&v, elf_find(&v, ".rela.rodata")).sh_offset);
    uint64_t place = descriptor->r_offset;
    descriptor->r_offset = elf_section(&v, elf_find(&v, ".rodata")).sh_size - 4;
    CHECK_RESULT(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why),
                 OFFLOAD_ERROR_UNSUPPORTED);
    CHECK(contains(why, "out of range"));
    descriptor->r_offset = place;
    ((Elf64_Ehdr*)object)->e_type = ET_DYN;
    CHECK_RESULT(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why),
                 OFFLOAD_ERROR_UNSUPPORTED);
    CHECK(contains(why, "not an AMDGPU relocatable object"));
    free(object);
    offload_context_destroy(ctx);
}

/* Links `object` in-process, expecting a decline saying `reason`. */
static void check_declines(offload_context* ctx, const void* object, size_t size, const char* reason) {
    void* out = NULL;
    size_t out_size = 0;
    char why[256] = "";
    CHECK_RESULT(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why),
                 OFFLOAD_ERROR_UNSUPPORTED);
    if (!contains(why, reason)) fprintf(stderr, "  declined for: %s\n", why);
    CHECK(out == NULL && contains(why, reason));
}

/* An object the in-process link must take. */
static void check_links(offload_context* ctx, const void* object, size_t size) {
    void* out = NULL;
    size_t out_size = 0;
    char why[256] = "";
    CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
    if (why[0]) fprintf(stderr, "  declined for: %s\n", why);
    CHECK(out != NULL);
    free(out);
}

/* The GOT and the merged strings, damaged: got.ll's and rpc_printf.ll's symbol and relocation
   tables with every 8-byte field set to large values are declined or linked, never read out of
   bounds; a GOT relocation whose symbol index is past the table or 0, whose place reaches past
   .text, or against an absolute symbol, a symbol placed past its strings, a string section that
   does not end in NUL, two string sections of one alignment, and a relocation against a string
   section's symbol are declined with their reasons; a symbol on a string's NUL, a format cut in two
   and a section of empty strings link. */
static void test_malformed_got_and_strings_are_declined(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    static const char* const paths[] = {AMDGPU_DATA "got.ll",
#ifndef OFFLOAD_NO_RPC
                                        AMDGPU_DATA "rpc_printf.ll"
#endif
    };
    static const uint64_t values[] = {0xffffffffffffffffull, 0x7ffffff0ull, 0xfff0ull, 0x100000000ull};
    char why[256];
    for (size_t m = 0; m < sizeof paths / sizeof *paths; m++) {
        size_t size = 0;
        unsigned char* object = object_of(ctx, "gfx90a", paths[m], &size);
        REQUIRE(object);
        elf_view v;
        REQUIRE(elf_open(&v, object, size));
        Elf64_Shdr symtab = elf_section(&v, elf_find(&v, ".symtab")),
                   rela = elf_section(&v, elf_find(&v, ".rela.text"));
        size_t tables[2][2] = {{symtab.sh_offset, symtab.sh_size}, {rela.sh_offset, rela.sh_size}};
        unsigned char* damaged = malloc(size);
        REQUIRE(damaged);
        int declined = 0, linked = 0, other = 0;
        for (int t = 0; t < 2; t++) {
            for (size_t at = tables[t][0]; at + 8 <= tables[t][0] + tables[t][1]; at += 4) {
                for (size_t k = 0; k < sizeof values / sizeof *values; k++) {
                    memcpy(damaged, object, size);
                    memcpy(damaged + at, &values[k], 8);
                    void* out = NULL;
                    size_t out_size = 0;
                    offload_result r =
                        link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, damaged, size, &out, &out_size, why, sizeof why);
                    declined += r == OFFLOAD_ERROR_UNSUPPORTED;
                    linked += r == OFFLOAD_SUCCESS;
                    other += r != OFFLOAD_ERROR_UNSUPPORTED && r != OFFLOAD_SUCCESS;
                    free(out);
                }
            }
        }
        CHECK(declined > 50 && linked > 0 && other == 0);
        /* the first GOT relocation in .rela.text */
        Elf64_Rela* got = NULL;
        for (uint64_t at = 0; at + sizeof *got <= rela.sh_size && !got; at += sizeof *got) {
            Elf64_Rela* r = (Elf64_Rela*)(void*)(object + rela.sh_offset + at);
            if (ELF64_R_TYPE(r->r_info) == 8 || ELF64_R_TYPE(r->r_info) == 9) got = r;
        }
        REQUIRE(got);
        Elf64_Rela saved = *got;
        uint64_t nsyms = symtab.sh_size / sizeof(Elf64_Sym);
        got->r_info = ELF64_R_INFO(nsyms, ELF64_R_TYPE(saved.r_info));
        check_declines(ctx, object, size, "out of range");
        got->r_info = ELF64_R_INFO(0, ELF64_R_TYPE(saved.r_info));
        check_declines(ctx, object, size, "out of range");
        *got = saved;
        got->r_offset = elf_section(&v, elf_find(&v, ".text")).sh_size - 2;
        check_declines(ctx, object, size, "out of range");
        *got = saved;
        for (uint64_t i = 1; i < nsyms; i++) { /* an absolute symbol: the kernels' register counts */
            Elf64_Sym* s = (Elf64_Sym*)(void*)(object + symtab.sh_offset + i * sizeof(Elf64_Sym));
            if (s->st_shndx != SHN_ABS) continue;
            got->r_info = ELF64_R_INFO(i, ELF64_R_TYPE(saved.r_info));
            check_declines(ctx, object, size, "which is absolute or a section");
            break;
        }
        *got = saved;
        unsigned strings = elf_find(&v, ".rodata.str1.1");
        CHECK(!strings == !contains(paths[m], "rpc_printf.ll"));
        if (strings) {
            Elf64_Shdr sh = elf_section(&v, strings);
            Elf64_Sym* fmt = object_symbol(object, size, ".Lfmt");
            if (!fmt) fmt = object_symbol(object, size, "fmt"); /* LLVM 14 keeps the name */
            REQUIRE(fmt && fmt->st_shndx == strings);
            fmt->st_value = sh.sh_size;
            check_declines(ctx, object, size, "lies past its strings");
            fmt->st_value = sh.sh_size - 1; /* on the NUL: its string's last byte */
            check_links(ctx, object, size);
            fmt->st_value = 0;
            object[sh.sh_offset + 1] = '\0'; /* two strings, the second unreferenced */
            check_links(ctx, object, size);
            object[sh.sh_offset + sh.sh_size - 1] = 'x';
            check_declines(ctx, object, size, "not NUL-terminated");
            memset(object + sh.sh_offset, 'x', sh.sh_size);
            check_declines(ctx, object, size, "not NUL-terminated");
            memset(object + sh.sh_offset, '\0', sh.sh_size); /* only empty strings */
            check_links(ctx, object, size);
        }
        free(damaged);
        free(object);
    }
#ifndef OFFLOAD_NO_RPC
    size_t size = 0;
    unsigned char* object = object_of(ctx, "gfx90a", AMDGPU_DATA "strings.ll", &size);
    REQUIRE(object);
    elf_view v;
    REQUIRE(elf_open(&v, object, size));
    unsigned narrow = elf_find(&v, ".rodata.str1.1"), wide = elf_find(&v, ".rodata.str1.16");
    REQUIRE(narrow && wide);
    Elf64_Shdr* sh = (Elf64_Shdr*)(void*)(object + v.eh.e_shoff);
    sh[wide].sh_addralign = 1;
    check_declines(ctx, object, size, "two sections of mergeable strings aligned to 1");
    sh[wide].sh_addralign = 16;
    check_links(ctx, object, size);
    Elf64_Sym* longest = object_symbol(object, size, ".Llongest");
    if (!longest) longest = object_symbol(object, size, "longest");
    REQUIRE(longest && longest->st_shndx == wide);
    longest->st_value = sh[wide].sh_size;
    check_declines(ctx, object, size, "lies past its strings");
    longest->st_value = 0;
    /* LLVM refers to strings by their own symbols and emits no section symbol for them: made one,
       the references to the string are references through the section symbol, which is declined */
    longest->st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
    check_declines(ctx, object, size, "section symbol of mergeable strings");
    free(object);
#endif
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_string_hashes_match_xxhash);
    RUN(test_links_as_lld_does);
    RUN(test_descriptor_check_sees_a_wrong_offset);
    RUN(test_simulated_runtime_loads_it);
    RUN(test_undefined_symbol_goes_to_lld);
    RUN(test_preemptible_target_goes_to_lld);
    RUN(test_unknown_relocation_goes_to_lld);
    RUN(test_data_pointer_goes_to_lld);
#ifndef OFFLOAD_NO_RPC
    RUN(test_strings_land_where_their_symbols_say);
#endif
    RUN(test_protected_got_as_lld_does);
    RUN(test_got_entry_holds_the_address);
    RUN(test_malformed_objects_are_declined);
    RUN(test_malformed_got_and_strings_are_declined);
    return test_summary();
}
#endif
