/* tests/test_images.c — the image reader (image.inc) against hostile images made from our own
   valid ones: a host shared object truncated at each PT_LOAD boundary, headers that lie about
   segments, alignment, overlap and the dynamic section; cubins and fatbins whose offsets, sizes
   and counts lie; AMDGPU code objects with a bad section-name index, a lying note or corrupt
   MessagePack, and a kernel name of 135 characters (it used to make the whole metadata fail);
   PTX and bitcode without what they need. Each refusal is OFFLOAD_ERROR_INVALID_IMAGE with a
   message naming what and where, the simulated driver never sees the bytes, and nothing the
   context allocated is left behind. Valid images load on the host device and the simulated
   CUDA and HSA drivers, and their symbol tables list their kernels and globals.
   Each program's symbol table is read through the test hooks. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include <dlfcn.h>
#include <elf.h>
#include <stddef.h>
#include <stdint.h>

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* A fatbin entry's header, as NVIDIA's fatbin format lays it out (the reader's view of it). */
typedef struct fatbin_entry {
    uint16_t kind;
    uint16_t version;
    uint32_t header_size;
    uint64_t size;
    uint32_t compressed_size;
    uint32_t reserved0;
    uint16_t minor, major;
    uint32_t arch;
    uint32_t name_offset, name_size;
    uint64_t flags;
    uint64_t reserved1;
    uint64_t uncompressed_size;
} fatbin_entry;
_Static_assert(sizeof(fatbin_entry) == 64, "a fatbin entry header is 64 bytes");


#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"

static const char host_source[] =
    "#include \"offload.h\"\n"
    "#include <string.h>\n"
    "int counter = 7;\n"
    "float table[256];\n"
    "void scale(const void* args, const offload_host_thread* thread) { (void)args; (void)thread; counter++; }\n"
    "size_t length(const char* s) { return strlen(s); } /* libc: a DT_NEEDED entry */\n";

/* One context with the host device, the simulated CUDA driver and the simulated HSA runtime;
   its allocator counts live blocks, so a failed program load can be checked to free all it took. */
typedef struct fixture {
    offload_context* ctx;
    failing_allocator allocations;
    offload_device host, cuda, amdgpu;
    unsigned (*cuda_calls)(const char* entry);
    void* cuda_library;
    int errors_logged;
} fixture;

static void count_errors(offload_log_level level, const char* message, void* user) {
    (void)message;
    if (level == OFFLOAD_LOG_ERROR) ((fixture*)user)->errors_logged++;
}

static int fixture_open(fixture* f) {
    memset(f, 0, sizeof *f);
    offload_context_desc desc = {0};
    desc.allocator = (offload_allocator){failing_alloc, failing_free, &f->allocations};
    desc.cuda_library_path = CUDA_SIM;
    desc.hsa_library_path = HSA_SIM;
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.log = count_errors;
    desc.log_user_data = f;
    desc.log_level = OFFLOAD_LOG_ERROR;
    if (offload_context_create(&desc, &f->ctx) != OFFLOAD_SUCCESS) return 0;
    /* This thread's error record is made on its first error: make it now, so that the blocks a
       failed load leaves behind are only ever its own. */
    offload_program none;
    offload_program_create(f->ctx, (offload_device){0}, &(offload_program_desc){0}, &none);
    f->errors_logged = 0;
    f->host = test_backend_device(f->ctx, OFFLOAD_BACKEND_HOST);
    f->cuda = test_backend_device(f->ctx, OFFLOAD_BACKEND_CUDA);
    f->amdgpu = test_backend_device(f->ctx, OFFLOAD_BACKEND_AMDGPU);
    f->cuda_library = dlopen(CUDA_SIM, RTLD_NOW | RTLD_NOLOAD);
    if (f->cuda_library) *(void**)&f->cuda_calls = dlsym(f->cuda_library, "cuda_sim_call_count");
    return 1;
}

static void fixture_close(fixture* f) {
    offload_context_destroy(f->ctx);
    CHECK(f->allocations.live == 0);
    if (f->cuda_library) dlclose(f->cuda_library);
}

/* Loads the bytes on dev and expects OFFLOAD_ERROR_INVALID_IMAGE of kind IMAGE_MALFORMED whose
   reason (the kind's `why`: which check refused the bytes, and where) holds `fragment`, with every
   block the attempt allocated freed again. */
#define EXPECT_INVALID(f, dev, image, size, fragment) expect_invalid(f, dev, image, size, fragment, __LINE__)
static void expect_invalid(fixture* f, offload_device dev, const void* image, size_t size, const char* fragment,
                           int line) {
    int live = f->allocations.live;
    offload_program prog = {0};
    offload_result r =
        offload_program_create(f->ctx, dev, &(offload_program_desc){.image = image, .size = size}, &prog);
    offload_diagnostic kind = offload_context_last_diagnostic(f->ctx);
    const char* message = offload_context_last_error(f->ctx);
    if (r != OFFLOAD_ERROR_INVALID_IMAGE || kind != OFFLOAD_DIAG_IMAGE_MALFORMED || !strstr(message, fragment) ||
        prog.id || f->allocations.live != live) {
        test__state.current_failed = 1;
        fprintf(stderr,
                "  FAIL line %d: result %d, %s \"%s\", expected INVALID_IMAGE, IMAGE_MALFORMED with \"%s\"; %d blocks "
                "leaked\n",
                line, r, offload_diagnostic_name(kind), message, fragment, f->allocations.live - live);
    }
    if (r == OFFLOAD_SUCCESS) offload_program_destroy(f->ctx, prog);
}

/* A writable copy of an image. */
static unsigned char* copy_of(const void* image, size_t size) {
    unsigned char* c = malloc(size);
    if (c) memcpy(c, image, size);
    return c;
}

static Elf64_Ehdr header_of(const unsigned char* p) {
    Elf64_Ehdr eh;
    memcpy(&eh, p, sizeof eh);
    return eh;
}

static Elf64_Phdr segment_of(const unsigned char* p, unsigned i) {
    Elf64_Phdr ph;
    memcpy(&ph, p + header_of(p).e_phoff + i * sizeof ph, sizeof ph);
    return ph;
}

static void set_segment(unsigned char* p, unsigned i, const Elf64_Phdr* ph) {
    memcpy(p + header_of(p).e_phoff + i * sizeof *ph, ph, sizeof *ph);
}

static Elf64_Shdr section_of(const unsigned char* p, unsigned i) {
    Elf64_Shdr sh;
    memcpy(&sh, p + header_of(p).e_shoff + i * sizeof sh, sizeof sh);
    return sh;
}

static void set_section(unsigned char* p, unsigned i, const Elf64_Shdr* sh) {
    memcpy(p + header_of(p).e_shoff + i * sizeof *sh, sh, sizeof *sh);
}

/* The index of the first section of the given type, or 0. */
static unsigned section_index(const unsigned char* p, uint32_t type) {
    for (unsigned i = 1; i < header_of(p).e_shnum; i++)
        if (section_of(p, i).sh_type == type) return i;
    return 0;
}

/* The index of the first segment of the given type, or -1. */
static int segment_index(const unsigned char* p, uint32_t type) {
    for (unsigned i = 0; i < header_of(p).e_phnum; i++)
        if (segment_of(p, i).p_type == type) return (int)i;
    return -1;
}

/* The loaded program's symbol table entry for name, or NULL (valid until the next call). */
static const offload_test_symbol* symbol(fixture* f, offload_program prog, const char* name,
                                         offload_test_symbol_kind kind) {
    static offload_test_symbol found;
    return offload_test_program_symbol(f->ctx, prog, name, kind, &found) == OFFLOAD_SUCCESS ? &found : NULL;
}

static char* host_object(size_t* size) { return test_build_shared_object(host_source, size); }

/* Reads tests/data/<name> and loads it on dev into *prog; NULL when either fails (the caller's
   REQUIRE then fails the test, with the context's message printed here). */
static unsigned char* load_data(fixture* f, offload_device dev, const char* name, size_t* size, offload_program* prog) {
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/%s", OFFLOAD_TEST_ROOT, name);
    unsigned char* image = (unsigned char*)test_read_file(path, size);
    if (!image) fprintf(stderr, "  cannot read %s\n", path);
    offload_program_desc desc = {.image = image, .size = *size};
    if (image && offload_program_create(f->ctx, dev, &desc, prog) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "  %s does not load: %s\n", name, offload_context_last_error(f->ctx));
        free(image);
        image = NULL;
    }
    return image;
}

/* Opens the fixture with the device the test needs, or ends the test (SKIP without it). */
#define OPEN_WITH(f, dev, what)                                                                                        \
    REQUIRE(fixture_open(&(f)));                                                                                       \
    if (!(f).dev.id) {                                                                                                 \
        fixture_close(&(f));                                                                                           \
        SKIP("no %s device: the simulated driver was not built", what);                                                \
    }

/* A host shared object built from host_source, or the test ends with a SKIP. */
#define HOST_OBJECT(f, so, size)                                                                                       \
    char* so = host_object(&(size));                                                                                   \
    if (!so) {                                                                                                         \
        fixture_close(&(f));                                                                                           \
        SKIP("no C compiler to build a host shared object");                                                           \
    }

/* ---- Host shared objects ---------------------------------------------------------------------- */

static void test_host_object_valid(void) {
    fixture f;
    REQUIRE(fixture_open(&f));
    size_t size = 0;
    HOST_OBJECT(f, so, size);
    offload_program prog = {0};
    REQUIRE_OK(f.ctx, offload_program_create(f.ctx, f.host, &(offload_program_desc){.image = so, .size = size}, &prog));
    const offload_test_symbol* s = symbol(&f, prog, "scale", OFFLOAD_TEST_SYMBOL_KERNEL);
    CHECK(s != NULL);
    s = symbol(&f, prog, "table", OFFLOAD_TEST_SYMBOL_GLOBAL);
    CHECK(s && s->size == 256 * sizeof(float));
    CHECK(symbol(&f, prog, "counter", OFFLOAD_TEST_SYMBOL_GLOBAL) != NULL);
    CHECK(symbol(&f, prog, "scale", OFFLOAD_TEST_SYMBOL_GLOBAL) == NULL);
    CHECK_OK(f.ctx, offload_program_destroy(f.ctx, prog));
    CHECK(f.errors_logged == 0);
    free(so);
    fixture_close(&f);
}

/* The SIGBUS finding: a copy cut at each load segment's first and last byte. With the section
   headers dropped (dlopen does not need them) the segment check itself must catch it. */
static void test_host_object_truncated_at_each_load(void) {
    fixture f;
    REQUIRE(fixture_open(&f));
    size_t size = 0;
    HOST_OBJECT(f, so, size);
    unsigned char* bare = copy_of(so, size);
    REQUIRE(bare);
    Elf64_Ehdr eh = header_of(bare);
    eh.e_shoff = 0;
    eh.e_shnum = 0;
    eh.e_shstrndx = 0;
    memcpy(bare, &eh, sizeof eh);
    /* Without section headers it still loads: the truncations below fail for their own reason. */
    offload_program prog = {0};
    CHECK_OK(f.ctx, offload_program_create(f.ctx, f.host, &(offload_program_desc){.image = bare, .size = size}, &prog));
    if (prog.id) offload_program_destroy(f.ctx, prog);
    int loads = 0;
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph = segment_of(bare, i);
        if (ph.p_type != PT_LOAD || !ph.p_filesz) continue;
        loads++;
        size_t cuts[] = {(size_t)(ph.p_offset + ph.p_filesz - 1), (size_t)ph.p_offset + 1};
        for (size_t c = 0; c < COUNT_OF(cuts); c++) {
            if (cuts[c] < eh.e_phoff + eh.e_phnum * sizeof(Elf64_Phdr)) continue; /* the headers' own check */
            char fragment[64];
            snprintf(fragment, sizeof fragment, "ELF segment %u: file range", i);
            EXPECT_INVALID(&f, f.host, bare, cuts[c], fragment);
            EXPECT_INVALID(&f, f.host, so, cuts[c], "ELF"); /* with section headers: whichever check comes first */
        }
    }
    CHECK(loads >= 2);
    free(bare);
    free(so);
    fixture_close(&f);
}

static void test_host_object_lying_headers(void) {
    fixture f;
    REQUIRE(fixture_open(&f));
    size_t size = 0;
    HOST_OBJECT(f, so, size);
    unsigned char* p = copy_of(so, size);
    REQUIRE(p);
    int load = segment_index(p, PT_LOAD), dynamic = segment_index(p, PT_DYNAMIC);
    REQUIRE(load >= 0 && dynamic >= 0);
    Elf64_Phdr ph = segment_of(p, (unsigned)load);

    Elf64_Phdr bad = ph;
    bad.p_memsz = bad.p_filesz - 1;
    set_segment(p, (unsigned)load, &bad);
    EXPECT_INVALID(&f, f.host, p, size, "bytes in the file but");
    bad = ph;
    bad.p_align = 0x3000;
    set_segment(p, (unsigned)load, &bad);
    EXPECT_INVALID(&f, f.host, p, size, "not a power of two");
    bad = ph;
    bad.p_vaddr += 8;
    set_segment(p, (unsigned)load, &bad);
    EXPECT_INVALID(&f, f.host, p, size, "differ modulo the alignment");
    set_segment(p, (unsigned)load, &ph);

    /* Overlap: the next load segment moved onto the first. */
    int second = -1;
    for (unsigned i = (unsigned)load + 1; i < header_of(p).e_phnum && second < 0; i++)
        if (segment_of(p, i).p_type == PT_LOAD) second = (int)i;
    REQUIRE(second > 0);
    Elf64_Phdr next = segment_of(p, (unsigned)second);
    bad = next;
    /* Congruent with its file offset (so only the overlap is wrong), inside the first segment. */
    bad.p_vaddr = ph.p_vaddr + (next.p_offset - ph.p_offset) % (next.p_align ? next.p_align : 1);
    set_segment(p, (unsigned)second, &bad);
    EXPECT_INVALID(&f, f.host, p, size, "below the end");
    set_segment(p, (unsigned)second, &next);

    /* The dynamic section: past the end, then a table it names outside the loaded contents. */
    Elf64_Phdr dyn = segment_of(p, (unsigned)dynamic);
    bad = dyn;
    bad.p_offset = size - 8;
    set_segment(p, (unsigned)dynamic, &bad);
    EXPECT_INVALID(&f, f.host, p, size, "past the end of the");
    set_segment(p, (unsigned)dynamic, &dyn);
    int patched = 0;
    for (uint64_t at = dyn.p_offset; at + sizeof(Elf64_Dyn) <= dyn.p_offset + dyn.p_filesz; at += sizeof(Elf64_Dyn)) {
        Elf64_Dyn e;
        memcpy(&e, p + at, sizeof e);
        if (e.d_tag == DT_STRTAB || e.d_tag == DT_NEEDED) {
            Elf64_Dyn lie = e;
            lie.d_un.d_val = 0x7fff0000;
            memcpy(p + at, &lie, sizeof lie);
            EXPECT_INVALID(&f, f.host, p, size, "ELF dynamic section");
            memcpy(p + at, &e, sizeof e);
            patched++;
        }
    }
    CHECK(patched >= 2);
    /* The untouched copy still loads: every lie above was undone. */
    offload_program prog = {0};
    CHECK_OK(f.ctx, offload_program_create(f.ctx, f.host, &(offload_program_desc){.image = p, .size = size}, &prog));
    if (prog.id) offload_program_destroy(f.ctx, prog);
    free(p);
    free(so);
    fixture_close(&f);
}

/* ---- cubin and fatbin on the simulated CUDA driver ---------------------------------------------- */

static unsigned module_loads(fixture* f) { return f->cuda_calls ? f->cuda_calls("cuModuleLoadDataEx") : 0; }

static void test_cubin(void) {
    fixture f;
    OPEN_WITH(f, cuda, "CUDA");
    size_t size = 0;
    offload_program prog = {0};
    unsigned char* cubin = load_data(&f, f.cuda, "cuda/kernels.sm_80.cubin", &size, &prog);
    REQUIRE(cubin);
    CHECK(symbol(&f, prog, "scale", OFFLOAD_TEST_SYMBOL_KERNEL) &&
          symbol(&f, prog, "fill", OFFLOAD_TEST_SYMBOL_KERNEL));
    const offload_test_symbol* table = symbol(&f, prog, "table", OFFLOAD_TEST_SYMBOL_GLOBAL);
    CHECK(table && table->size == 64);
    offload_program_destroy(f.ctx, prog);
    CHECK(f.errors_logged == 0); /* no "no global named offload_rpc_client" for a native load */

    unsigned loads = module_loads(&f);
    unsigned char* p = copy_of(cubin, size);
    Elf64_Ehdr eh = header_of(cubin), bad = eh;
    bad.e_shoff = size - 64;
    memcpy(p, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.cuda, p, size, "ELF section headers");
    bad = eh;
    bad.e_shnum = 0xffff;
    memcpy(p, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.cuda, p, size, "ELF section headers: 65535");
    bad = eh;
    bad.e_phoff = size;
    memcpy(p, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.cuda, p, size, "ELF program headers");
    bad = eh;
    bad.e_shstrndx = eh.e_shnum;
    memcpy(p, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.cuda, p, size, "section-name table index");
    memcpy(p, &eh, sizeof eh);

    unsigned symtab = section_index(cubin, SHT_SYMTAB);
    REQUIRE(symtab);
    Elf64_Shdr sh = section_of(cubin, symtab), lie = sh;
    lie.sh_offset = size - 16;
    set_section(p, symtab, &lie);
    char fragment[64];
    snprintf(fragment, sizeof fragment, "ELF section %u: file range", symtab);
    EXPECT_INVALID(&f, f.cuda, p, size, fragment);
    lie = sh;
    lie.sh_size = UINT64_MAX - 8;
    set_section(p, symtab, &lie);
    EXPECT_INVALID(&f, f.cuda, p, size, fragment);
    lie = sh;
    lie.sh_link = 999;
    set_section(p, symtab, &lie);
    EXPECT_INVALID(&f, f.cuda, p, size, "string table index 999");
    set_section(p, symtab, &sh);
    /* A symbol whose name lies outside its string table. */
    Elf64_Sym sym;
    memcpy(&sym, p + sh.sh_offset + sh.sh_size - sizeof sym, sizeof sym);
    Elf64_Sym bad_sym = sym;
    bad_sym.st_name = 0x7fffffff;
    memcpy(p + sh.sh_offset + sh.sh_size - sizeof sym, &bad_sym, sizeof sym);
    EXPECT_INVALID(&f, f.cuda, p, size, "outside the");
    /* A name that starts at the string table's last byte, which is not a NUL. */
    Elf64_Shdr strings = section_of(p, sh.sh_link);
    unsigned char last = p[strings.sh_offset + strings.sh_size - 1];
    p[strings.sh_offset + strings.sh_size - 1] = 'x';
    bad_sym.st_name = (uint32_t)strings.sh_size - 1;
    memcpy(p + sh.sh_offset + sh.sh_size - sizeof sym, &bad_sym, sizeof sym);
    EXPECT_INVALID(&f, f.cuda, p, size, "not terminated inside the string table");
    p[strings.sh_offset + strings.sh_size - 1] = last;
    memcpy(p + sh.sh_offset + sh.sh_size - sizeof sym, &sym, sizeof sym);
    /* A global whose size runs past its section (found by the image_elf fuzz target: the driver
       allocates what st_size says). */
    int globals = 0;
    for (uint64_t at = 0; at + sizeof sym <= sh.sh_size; at += sizeof sym) {
        memcpy(&sym, cubin + sh.sh_offset + at, sizeof sym);
        if (ELF64_ST_TYPE(sym.st_info) != STT_OBJECT || ELF64_ST_BIND(sym.st_info) != STB_GLOBAL) continue;
        bad_sym = sym;
        bad_sym.st_size = (uint64_t)1 << 48;
        memcpy(p + sh.sh_offset + at, &bad_sym, sizeof sym);
        EXPECT_INVALID(&f, f.cuda, p, size, "outside its section");
        memcpy(p + sh.sh_offset + at, &sym, sizeof sym);
        globals++;
    }
    CHECK(globals == 2);
    /* Truncated at every section's end. */
    for (unsigned i = 1; i < eh.e_shnum; i++) {
        Elf64_Shdr s = section_of(cubin, i);
        if (s.sh_type != SHT_NOBITS && s.sh_size)
            EXPECT_INVALID(&f, f.cuda, cubin, (size_t)(s.sh_offset + s.sh_size - 1), "ELF");
    }
    CHECK(module_loads(&f) == loads); /* the driver never saw a lying cubin */
    free(p);
    free(cubin);
    fixture_close(&f);
}

static void test_fatbin(void) {
    fixture f;
    OPEN_WITH(f, cuda, "CUDA");
    size_t size = 0;
    offload_program prog = {0};
    unsigned char* fatbin = load_data(&f, f.cuda, "cuda/kernels.sm_80.fatbin", &size, &prog);
    REQUIRE(fatbin);
    CHECK(symbol(&f, prog, "scale", OFFLOAD_TEST_SYMBOL_KERNEL) &&
          symbol(&f, prog, "counter", OFFLOAD_TEST_SYMBOL_GLOBAL));
    offload_program_destroy(f.ctx, prog);

    unsigned loads = module_loads(&f);
    unsigned char* p = copy_of(fatbin, size);
    uint16_t header = test_read_u16(fatbin + 6);
    uint64_t payload = test_read_u64(fatbin + 8), lie64;
    lie64 = payload + 1;
    memcpy(p + 8, &lie64, 8);
    EXPECT_INVALID(&f, f.cuda, p, size, "fatbin: header");
    lie64 = UINT64_MAX - 4;
    memcpy(p + 8, &lie64, 8);
    EXPECT_INVALID(&f, f.cuda, p, size, "fatbin: header");
    /* A payload size that ends inside the first entry: a count of entries that lies. */
    lie64 = 32;
    memcpy(p + 8, &lie64, 8);
    EXPECT_INVALID(&f, f.cuda, p, size, "header cut short");
    memcpy(p + 8, &payload, 8);
    uint16_t lie16 = 4;
    memcpy(p + 6, &lie16, 2);
    EXPECT_INVALID(&f, f.cuda, p, size, "fatbin: header");
    memcpy(p + 6, &header, 2);

    /* The first entry: its size, its header size, its kind, then the cubin it carries. */
    fatbin_entry e, bad;
    memcpy(&e, fatbin + header, sizeof e);
    bad = e;
    bad.size = payload;
    memcpy(p + header, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.cuda, p, size, "fatbin: entry 0");
    bad = e;
    bad.header_size = 0x7ffffff0;
    memcpy(p + header, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.cuda, p, size, "fatbin: entry 0");
    bad = e;
    bad.header_size = sizeof e - 8; /* shorter than the entry record itself */
    memcpy(p + header, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.cuda, p, size, "56 header bytes");
    bad = e;
    bad.kind = 9;
    memcpy(p + header, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.cuda, p, size, "unknown kind 9");
    memcpy(p + header, &e, sizeof e);
    unsigned char* cubin = p + header + e.header_size;
    Elf64_Ehdr eh = header_of(cubin), lie = eh;
    lie.e_shoff = e.size;
    memcpy(cubin, &lie, sizeof lie);
    EXPECT_INVALID(&f, f.cuda, p, size, "fatbin: entry 0 (cubin");
    memcpy(cubin, &eh, sizeof eh);
    /* Truncated anywhere in the payload. */
    for (size_t cut = 16; cut < size; cut += size / 16) EXPECT_INVALID(&f, f.cuda, fatbin, cut, "fatbin");
    CHECK(module_loads(&f) == loads);
    free(p);
    free(fatbin);
    fixture_close(&f);
}

static void test_ptx_and_bitcode(void) {
    fixture f;
    OPEN_WITH(f, cuda, "CUDA");
    static const char no_target[] = ".version 7.1\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n";
    EXPECT_INVALID(&f, f.cuda, no_target, sizeof no_target, "no .target");
    static const char nul_inside[] = ".version 7.1\n.target sm_80\n\0.visible .entry k()\n{\n\tret;\n}\n";
    EXPECT_INVALID(&f, f.cuda, nul_inside, sizeof nul_inside, "a NUL byte at 27");
    size_t size = 0;
    offload_program prog = {0};
    unsigned char* ptx = load_data(&f, f.cuda, "cuda/kernels.ptx", &size, &prog);
    REQUIRE(ptx);
    CHECK(symbol(&f, prog, "scale", OFFLOAD_TEST_SYMBOL_KERNEL) &&
          symbol(&f, prog, "fill", OFFLOAD_TEST_SYMBOL_KERNEL));
    CHECK(symbol(&f, prog, "counter", OFFLOAD_TEST_SYMBOL_GLOBAL) &&
          symbol(&f, prog, "table", OFFLOAD_TEST_SYMBOL_GLOBAL));
    offload_program_destroy(f.ctx, prog);
    free(ptx);
    /* A bitcode wrapper whose offset points past the end, and one whose bitcode has no magic. */
    uint32_t wrapper[6] = {0x0B17C0DEu, 0, 0x1000, 64, 0, 0};
    EXPECT_INVALID(&f, f.host, wrapper, sizeof wrapper, "bitcode wrapper: bitcode at 0x1000+0x40");
    wrapper[2] = 20;
    wrapper[3] = 4;
    EXPECT_INVALID(&f, f.host, wrapper, sizeof wrapper, "no 'BC' 0xC0DE magic");
    /* Bitcode (with its magic) that would start inside the wrapper's 20-byte header. */
    uint32_t overlapping[6] = {0x0B17C0DEu, 0, 16, 8, 0xDEC04342u, 0};
    EXPECT_INVALID(&f, f.host, overlapping, sizeof overlapping, "bitcode wrapper: bitcode at 0x10+0x8");
    fixture_close(&f);
}

/* ---- AMDGPU code objects on the simulated HSA runtime ------------------------------------------- */

static void test_code_object_bad_string_index(void) {
    fixture f;
    OPEN_WITH(f, amdgpu, "AMDGPU");
    size_t size = 0;
    offload_program prog = {0};
    unsigned char* co = load_data(&f, f.amdgpu, "amdgpu/kernels.gfx90a.co", &size, &prog);
    REQUIRE(co);
    const offload_test_symbol* saxpy = symbol(&f, prog, "saxpy", OFFLOAD_TEST_SYMBOL_KERNEL);
    CHECK(saxpy && saxpy->args_size == 28);
    CHECK(symbol(&f, prog, "counter", OFFLOAD_TEST_SYMBOL_GLOBAL) &&
          !symbol(&f, prog, "saxpy.kd", OFFLOAD_TEST_SYMBOL_GLOBAL));
    offload_program_destroy(f.ctx, prog);
    CHECK(f.errors_logged == 0);

    unsigned char* p = copy_of(co, size);
    Elf64_Shdr sh = section_of(co, 1), lie = sh;
    lie.sh_name = 0x7fffffff;
    set_section(p, 1, &lie);
    EXPECT_INVALID(&f, f.amdgpu, p, size, "ELF section 1: name at 2147483647 outside");
    set_section(p, 1, &sh);
    Elf64_Ehdr eh = header_of(co), bad = eh;
    bad.e_shstrndx = 1; /* not a string table */
    memcpy(p, &bad, sizeof bad);
    EXPECT_INVALID(&f, f.amdgpu, p, size, "section-name table");
    memcpy(p, &eh, sizeof eh);
    /* The metadata note: a descriptor size past the section, then a MessagePack string whose
       length runs past the descriptor. */
    unsigned note = section_index(co, SHT_NOTE);
    REQUIRE(note);
    Elf64_Shdr ns = section_of(co, note);
    uint32_t descsz = test_read_u32(co + ns.sh_offset + 4), huge = 0x7fffffff;
    memcpy(p + ns.sh_offset + 4, &huge, 4);
    EXPECT_INVALID(&f, f.amdgpu, p, size, "note at +0: name 7 and descriptor 2147483647 bytes past");
    memcpy(p + ns.sh_offset + 4, &descsz, 4);
    unsigned char* desc = p + ns.sh_offset + 12 + 8;
    int corrupted = 0;
    for (uint32_t i = 0; i + 2 < descsz && !corrupted; i++)
        if (desc[i] == 0xa5 && memcmp(desc + i + 1, ".name", 5) == 0) {
            desc[i] = 0xdb; /* str32: the next 4 bytes become a length of gigabytes */
            corrupted = 1;
        }
    REQUIRE(corrupted);
    EXPECT_INVALID(&f, f.amdgpu, p, size, "malformed MessagePack");
    free(p);
    free(co);
    fixture_close(&f);
}

/* Found by the amdgpu_metadata fuzz target: a map key whose string runs past the blob was
   compared as if it were whole (a read past the end under ASan). */
static void test_metadata_key_cut_short(void) {
    static const unsigned char blob[] = {0x83, 0xae, 'a', 'm', 'd', 'h', 's', 0x93, 0x8d, 0xa5};
    unsigned char* copy = copy_of(blob, sizeof blob); /* on the heap, so ASan sees its end */
    REQUIRE(copy);
    offload_test_amdgpu_args kernels[1];
    uint32_t count = 0;
    char error[256] = "";
    CHECK(offload_test_amdgpu_metadata(copy, sizeof blob, kernels, 1, &count, error, sizeof error) ==
          OFFLOAD_ERROR_INVALID_IMAGE);
    /* the reader's own reason (a test hook's buffer, not a context's error: it has no kind) */
    CHECK(strstr(error, "malformed MessagePack at byte") != NULL);
    CHECK(count == 0);
    free(copy);
}

/* Review finding H5: a kernel name of 128 characters or more made the whole metadata fail. */
static void test_code_object_long_kernel_name(void) {
    fixture f;
    OPEN_WITH(f, amdgpu, "AMDGPU");
    static const char long_name[] =
        "_ZN6thrust8cuda_cub4core13_kernel_agentINS0_14__parallel_for16ParallelForAgentINS0_11__transform17unary_"
        "transform_fIPfS7_EEEElEEvT0_T1_";
    CHECK(strlen(long_name) >= 128);
    size_t size = 0;
    offload_program prog = {0};
    unsigned char* co = load_data(&f, f.amdgpu, "amdgpu/long_name.gfx90a.co", &size, &prog);
    REQUIRE(co);
    const offload_test_symbol* s = symbol(&f, prog, long_name, OFFLOAD_TEST_SYMBOL_KERNEL);
    CHECK(s && s->args_size == 12);
    offload_kernel k = {0}, short_one = {0};
    CHECK_OK(f.ctx, offload_kernel_get(f.ctx, prog, long_name, &k));
    CHECK_OK(f.ctx, offload_kernel_get(f.ctx, prog, "short_one", &short_one));
    size_t args_size = 0;
    CHECK_OK(f.ctx, offload_kernel_get_args_size(f.ctx, k, &args_size));
    CHECK(args_size == 12); /* from the metadata, not left unknown */
    CHECK_OK(f.ctx, offload_program_destroy(f.ctx, prog));
    free(co);
    fixture_close(&f);
}

/* ---- JIT payloads: [u32 manifest size][manifest][image], as the disk cache stores a compile's
   result, read by jit/payload.inc (the test hooks carry it in every build: it needs no LLVM) ---- */

typedef struct payload_walk {
    int count;
    char name[8][16];
    int kernel[8];
    size_t global_size[8], end[8];
} payload_walk;

static void payload_record(void* user, size_t end, int is_kernel, const char* name, size_t global_size) {
    payload_walk* w = (payload_walk*)user;
    if (w->count == 8) return;
    snprintf(w->name[w->count], sizeof w->name[0], "%s", name);
    w->kernel[w->count] = is_kernel;
    w->global_size[w->count] = global_size;
    w->end[w->count++] = end;
}

/* Reads a payload whose first word says manifest_size (its manifest the first `manifest_size`
   bytes of `manifest`, then image_size bytes of image), given as `size` bytes; the walk in w. */
static offload_result read_payload(uint32_t manifest_size, const char* manifest, const char* image, size_t image_size,
                                   size_t size, payload_walk* w, size_t* image_size_read) {
    unsigned char bytes[256] = {0}; /* larger than any size given: a reader past it reads zeros */
    memcpy(bytes, &manifest_size, 4);
    memcpy(bytes + 4, manifest, manifest_size);
    memcpy(bytes + 4 + manifest_size, image, image_size);
    memset(w, 0, sizeof *w);
    const char* m = NULL;
    const void* img = NULL;
    size_t m_size = 0;
    *image_size_read = 0;
    offload_result r = offload_test_jit_payload(bytes, size, &m, &m_size, &img, image_size_read, payload_record, w);
    if (r == OFFLOAD_SUCCESS &&
        (m != (const char*)bytes + 4 || m_size != manifest_size || img != bytes + 4 + manifest_size))
        return OFFLOAD_ERROR_INVALID_ARGUMENT; /* the views point elsewhere: fails the caller's check */
    return r;
}

static void test_jit_payload_reader(void) {
    /* A kernel, a work-group function with its six numbers, a name the object expects from the
       process (skipped), a global with its size. */
    static const char manifest[] = "kalpha\0bbeta\0"
                                   "64\0"
                                   "0\0"
                                   "16\0"
                                   "1\0"
                                   "0,8,\0"
                                   "0:8,8:4,\0uputs\0gscale\0"
                                   "4";
    const uint32_t size = (uint32_t)sizeof manifest; /* the last NUL included */
    payload_walk w;
    size_t image_size = 0;
    CHECK(read_payload(size, manifest, "IMG", 3, 4 + size + 3, &w, &image_size) == OFFLOAD_SUCCESS);
    CHECK(image_size == 3);
    REQUIRE(w.count == 3);
    CHECK(strcmp(w.name[0], "alpha") == 0 && w.kernel[0] && w.end[0] == 7);
    CHECK(strcmp(w.name[1], "beta") == 0 && w.kernel[1]);
    CHECK(strcmp(w.name[2], "scale") == 0 && !w.kernel[2] && w.global_size[2] == 4 && w.end[2] == size);

    /* The manifest filling the payload (no image) is whole; one byte more than the payload holds
       is refused, as is a manifest whose last byte is no NUL, and fewer bytes than the size word. */
    CHECK(read_payload(size, manifest, "", 0, 4 + size, &w, &image_size) == OFFLOAD_SUCCESS);
    CHECK(image_size == 0 && w.count == 3);
    CHECK(read_payload(size, manifest, "", 0, 4 + size - 1, &w, &image_size) == OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK(read_payload(3, "kA\0", "", 0, 4 + 3, &w, &image_size) == OFFLOAD_SUCCESS && w.count == 1);
    CHECK(read_payload(2, "kA", "", 0, 4 + 2, &w, &image_size) == OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK(read_payload(0, "", "", 0, 4, &w, &image_size) == OFFLOAD_SUCCESS && w.count == 0);
    CHECK(read_payload(0, "", "", 0, 3, &w, &image_size) == OFFLOAD_ERROR_INVALID_IMAGE);
    /* A NUL after the last record ends the walk: it starts no record. */
    CHECK(read_payload(4, "kA\0", "Z", 2, 4 + 4 + 2, &w, &image_size) == OFFLOAD_SUCCESS && w.count == 1);
}

int main(void) {
    RUN(test_host_object_valid);
    RUN(test_host_object_truncated_at_each_load);
    RUN(test_host_object_lying_headers);
    RUN(test_cubin);
    RUN(test_fatbin);
    RUN(test_ptx_and_bitcode);
    RUN(test_code_object_bad_string_index);
    RUN(test_metadata_key_cut_short);
    RUN(test_code_object_long_kernel_name);
    RUN(test_jit_payload_reader);
    return test_summary();
}
