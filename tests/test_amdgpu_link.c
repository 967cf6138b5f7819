/* tests/test_amdgpu_link.c — the in-process AMDGPU link (backends/amdgpu/link.inc): what it writes
   is checked for what it means, not compared with ld.lld's bytes. Real kernels are compiled by the
   JIT for gfx90a and for the wave32 gfx1030 (through the test hooks, with no GPU) and linked
   in-process; each shared object must be consistent (ELF header from the object; load segments
   page-aligned, congruent, on pages of their own, holding every allocated section with its
   permissions; PT_DYNAMIC and PT_NOTE on their sections; .dynamic naming .dynsym, .dynstr, .hash
   and .rela.dyn, DT_RELACOUNT counting the relative relocations that lead; every exported name
   found through .hash; .symtab's locals first), export exactly the object's default and protected
   globals with their types and sizes, and every relocation of the object must resolve: read back
   from the image, a PC-relative field leads to its symbol's address (a string symbol's to its
   string's bytes), a GOT-relative one to a .got entry whose dynamic relocation names that symbol,
   a descriptor's entry offset to its kernel. Where ld.lld is here, its link of the same object
   passes the same checks and exports the same symbols. Merged printf formats (strings.ll, in two
   sections of different alignments, one string twice) each land once, in input order, on their
   alignment, duplicates on one address and distinct strings on distinct ones. The simulated HSA
   runtime loads each link and runs every kernel: the kernel, as the simulator runs it, follows
   the same relocations in the loaded memory, where the GOT entries hold what the loader's dynamic
   relocations put there. Objects the link must not take (an absolute address in .data, an
   undefined symbol, an unknown relocation) go to ld.lld, which links them or fails with its own
   message, and the debug log says why; truncated and corrupted objects are declined, never read
   out of bounds. */
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

/* The modules linked, each for both processors. */
static const char* const modules[] = {
    JIT_DATA "saxpy.ll",         JIT_DATA "stencil.ll",        JIT_DATA "reduce_shared.ll", JIT_DATA "math.ll",
    AMDGPU_DATA "link.ll",       AMDGPU_DATA "kernels.ll",     AMDGPU_DATA "got.ll",        AMDGPU_DATA "globals.ll",
#ifndef OFFLOAD_NO_RPC
    AMDGPU_DATA "rpc_printf.ll", AMDGPU_DATA "two_strings.ll", AMDGPU_DATA "strings.ll"
#endif
};
static const char* const processors[] = {"gfx90a", "gfx1030"};

enum {
    R_NONE = 0,
    R_ABS64 = 3,
    R_REL32 = 4,
    R_REL64 = 5,
    R_ABS32 = 6,
    R_GOTPCREL = 7,
    R_GOTPCREL32_LO = 8,
    R_GOTPCREL32_HI = 9,
    R_REL32_LO = 10,
    R_REL32_HI = 11,
    R_RELATIVE64 = 13
};

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

static Elf64_Phdr elf_segment(const elf_view* v, unsigned i) {
    Elf64_Phdr ph;
    memcpy(&ph, v->p + v->eh.e_phoff + i * sizeof ph, sizeof ph);
    return ph;
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

static size_t elf_count(const elf_view* v, unsigned table) { return elf_section(v, table).sh_size / sizeof(Elf64_Sym); }

static Elf64_Sym elf_symbol(const elf_view* v, unsigned table, size_t i) {
    Elf64_Sym s;
    memcpy(&s, v->p + elf_section(v, table).sh_offset + i * sizeof s, sizeof s);
    return s;
}

static const char* elf_symbol_name(const elf_view* v, unsigned table, const Elf64_Sym* s) {
    return elf_string(v, elf_section(v, table).sh_link, s->st_name);
}

/* The value of the .dynamic entry `tag` of a linked image, -1 when there is none. */
static int64_t dynamic_value(const elf_view* v, int64_t tag) {
    unsigned dynamic = elf_find(v, ".dynamic");
    Elf64_Shdr sh = elf_section(v, dynamic);
    for (uint64_t at = 0; dynamic && at + sizeof(Elf64_Dyn) <= sh.sh_size; at += sizeof(Elf64_Dyn)) {
        Elf64_Dyn d;
        memcpy(&d, v->p + sh.sh_offset + at, sizeof d);
        if (d.d_tag == DT_NULL) break;
        if (d.d_tag == tag) return (int64_t)d.d_un.d_val;
    }
    return -1;
}

static Elf64_Rela elf_rela(const elf_view* v, unsigned section, size_t i) {
    Elf64_Rela r;
    memcpy(&r, v->p + elf_section(v, section).sh_offset + i * sizeof r, sizeof r);
    return r;
}

static uint32_t sysv_hash(const char* name) {
    uint32_t h = 0;
    for (const unsigned char* c = (const unsigned char*)name; *c; c++) {
        h = (h << 4) + *c;
        h ^= (h >> 24) & 0xf0;
        h &= 0x0fffffff;
    }
    return h;
}

/* The image as the loader lays it out, for a link's checks before any load: the PT_LOAD segments
   at their addresses in a zeroed block, as the simulated runtime places them (NULL when a segment
   lies outside the file or past 256 MiB). */
static unsigned char* lay_out(const elf_view* v) {
    uint64_t end = 0;
    for (unsigned i = 0; i < v->eh.e_phnum; i++) {
        Elf64_Phdr ph = elf_segment(v, i);
        if (ph.p_type != PT_LOAD) continue;
        if (ph.p_vaddr > (1u << 28) || ph.p_memsz > (1u << 28) || ph.p_filesz > ph.p_memsz || ph.p_offset > v->size ||
            ph.p_filesz > v->size - ph.p_offset)
            return NULL;
        if (ph.p_vaddr + ph.p_memsz > end) end = ph.p_vaddr + ph.p_memsz;
    }
    unsigned char* image = calloc(1, end + 8);
    for (unsigned i = 0; image && i < v->eh.e_phnum; i++) {
        Elf64_Phdr ph = elf_segment(v, i);
        if (ph.p_type == PT_LOAD) memcpy(image + ph.p_vaddr, v->p + ph.p_offset, ph.p_filesz);
    }
    return image;
}

/* ---- What a link must be ---------------------------------------------------------------------- */

#define FAIL(...) return snprintf(why, capacity, __VA_ARGS__), 0

/* The ELF header and the segments: the object's machine, flags and ABI; PT_LOADs page-aligned,
   congruent, in the file, in address order on pages of their own; each allocated section on its
   alignment, inside one PT_LOAD with its permissions and at its file offset there, overlapping no
   other; PT_DYNAMIC and PT_NOTE on .dynamic and .note. */
static int check_layout(const elf_view* object, const elf_view* v, char* why, size_t capacity) {
    if (v->eh.e_type != ET_DYN || v->eh.e_machine != object->eh.e_machine || v->eh.e_flags != object->eh.e_flags ||
        memcmp(v->eh.e_ident, object->eh.e_ident, EI_NIDENT) || v->eh.e_phentsize != sizeof(Elf64_Phdr))
        FAIL("ELF header: type %u, flags %#x, not the object's", v->eh.e_type, v->eh.e_flags);
    uint64_t previous_end = 0;
    int loads = 0;
    for (unsigned i = 0; i < v->eh.e_phnum; i++) {
        Elf64_Phdr ph = elf_segment(v, i);
        if (ph.p_type != PT_LOAD) continue;
        if (ph.p_align != 0x1000 || ph.p_offset % ph.p_align != ph.p_vaddr % ph.p_align)
            FAIL("PT_LOAD %u: alignment %#llx, offset %#llx, address %#llx", i, (unsigned long long)ph.p_align,
                 (unsigned long long)ph.p_offset, (unsigned long long)ph.p_vaddr);
        if (ph.p_filesz > ph.p_memsz || ph.p_offset > v->size || ph.p_filesz > v->size - ph.p_offset)
            FAIL("PT_LOAD %u lies outside the file", i);
        if (loads++ && ph.p_vaddr / 0x1000 <= (previous_end - 1) / 0x1000)
            FAIL("PT_LOAD %u at %#llx shares a page with the segment before it", i, (unsigned long long)ph.p_vaddr);
        previous_end = ph.p_vaddr + ph.p_memsz;
    }
    if (loads < 3) FAIL("%d PT_LOAD segments", loads);
    uint64_t end_of_previous_section = 0;
    for (unsigned s = 1; s < v->eh.e_shnum; s++) {
        Elf64_Shdr sh = elf_section(v, s);
        if (!(sh.sh_flags & SHF_ALLOC)) continue;
        const char* name = elf_section_name(v, s);
        if (sh.sh_addralign > 1 && sh.sh_addr % sh.sh_addralign) FAIL("%s is not on its alignment", name);
        if (sh.sh_size && sh.sh_addr < end_of_previous_section) FAIL("%s overlaps the section before it", name);
        if (sh.sh_size) end_of_previous_section = sh.sh_addr + sh.sh_size;
        int inside = 0;
        for (unsigned i = 0; i < v->eh.e_phnum; i++) {
            Elf64_Phdr ph = elf_segment(v, i);
            if (ph.p_type != PT_LOAD || sh.sh_addr < ph.p_vaddr || sh.sh_addr + sh.sh_size > ph.p_vaddr + ph.p_memsz)
                continue;
            inside++;
            if (!(sh.sh_flags & SHF_EXECINSTR) != !(ph.p_flags & PF_X) ||
                !(sh.sh_flags & SHF_WRITE) != !(ph.p_flags & PF_W))
                FAIL("%s is in a segment with flags %#x", name, ph.p_flags);
            if (sh.sh_type != SHT_NOBITS && (sh.sh_addr + sh.sh_size > ph.p_vaddr + ph.p_filesz ||
                                             sh.sh_offset - ph.p_offset != sh.sh_addr - ph.p_vaddr))
                FAIL("%s's file offset %#llx is not where its segment maps it", name, (unsigned long long)sh.sh_offset);
        }
        if (inside != 1) FAIL("%s is in %d load segments", name, inside);
    }
    static const struct {
        uint32_t type;
        const char* section;
    } on[] = {{PT_DYNAMIC, ".dynamic"}, {PT_NOTE, ".note"}};
    for (size_t k = 0; k < sizeof on / sizeof *on; k++) {
        Elf64_Shdr sh = elf_section(v, elf_find(v, on[k].section));
        int found = 0;
        for (unsigned i = 0; i < v->eh.e_phnum; i++) {
            Elf64_Phdr ph = elf_segment(v, i);
            found += ph.p_type == on[k].type && ph.p_vaddr == sh.sh_addr && ph.p_offset == sh.sh_offset &&
                     ph.p_filesz == sh.sh_size;
        }
        if (found != 1 || !elf_find(v, on[k].section)) FAIL("no segment of type %u on %s", on[k].type, on[k].section);
    }
    return 1;
}

/* .dynamic, .hash, .rela.dyn and .symtab agree: the tables .dynamic names are the sections, the
   relative relocations DT_RELACOUNT counts lead .rela.dyn and are all there are, every .dynsym
   name is found through .hash (when the link has one; ld.lld's has .gnu.hash too), and .symtab's
   sh_info is its first non-local symbol, every local before it. */
static int check_dynamic(const elf_view* v, char* why, size_t capacity) {
    unsigned dynsym = elf_find(v, ".dynsym"), dynstr = elf_find(v, ".dynstr"), hash = elf_find(v, ".hash"),
             rela = elf_find(v, ".rela.dyn"), symtab = elf_find(v, ".symtab");
    if (!dynsym || !dynstr || !symtab) FAIL("no .dynsym, .dynstr or .symtab");
    if (dynamic_value(v, DT_SYMTAB) != (int64_t)elf_section(v, dynsym).sh_addr ||
        dynamic_value(v, DT_STRTAB) != (int64_t)elf_section(v, dynstr).sh_addr ||
        dynamic_value(v, DT_STRSZ) != (int64_t)elf_section(v, dynstr).sh_size ||
        dynamic_value(v, DT_SYMENT) != (int64_t)sizeof(Elf64_Sym) || elf_section(v, dynsym).sh_link != dynstr)
        FAIL(".dynamic does not name .dynsym and .dynstr");
    if (!hash && dynamic_value(v, DT_GNU_HASH) < 0) FAIL("no symbol hash table");
    if (hash && dynamic_value(v, DT_HASH) != (int64_t)elf_section(v, hash).sh_addr) FAIL("DT_HASH is not .hash");
    size_t count = elf_count(v, dynsym), relative = 0;
    if (hash) {
        Elf64_Shdr sh = elf_section(v, hash);
        uint32_t header[2];
        memcpy(header, v->p + sh.sh_offset, sizeof header);
        if (header[0] == 0 || header[1] != count || sh.sh_size != 4 * (2 + (uint64_t)header[0] + header[1]))
            FAIL(".hash has %u buckets and %u chains for %zu symbols", header[0], header[1], count);
        const unsigned char* buckets = v->p + sh.sh_offset + 8;
        const unsigned char* chains = buckets + 4 * (size_t)header[0];
        for (size_t i = 1; i < count; i++) {
            Elf64_Sym s = elf_symbol(v, dynsym, i);
            const char* name = elf_symbol_name(v, dynsym, &s);
            uint32_t at, steps = 0;
            memcpy(&at, buckets + 4 * (size_t)(sysv_hash(name) % header[0]), 4);
            while (at != 0 && at != i && at < count && steps++ < count) memcpy(&at, chains + 4 * (size_t)at, 4);
            if (at != i) FAIL("%s is not found through .hash", name);
        }
    }
    if (rela) {
        Elf64_Shdr sh = elf_section(v, rela);
        if (dynamic_value(v, DT_RELA) != (int64_t)sh.sh_addr || dynamic_value(v, DT_RELASZ) != (int64_t)sh.sh_size ||
            dynamic_value(v, DT_RELAENT) != (int64_t)sizeof(Elf64_Rela) || sh.sh_link != dynsym)
            FAIL(".dynamic does not name .rela.dyn");
        for (size_t i = 0; i < sh.sh_size / sizeof(Elf64_Rela); i++) {
            int is_relative = ELF64_R_TYPE(elf_rela(v, rela, i).r_info) == R_RELATIVE64;
            if (is_relative && relative != i) FAIL("relative relocation %zu follows others", i);
            relative += is_relative;
        }
    } else if (dynamic_value(v, DT_RELA) >= 0) {
        FAIL("DT_RELA without .rela.dyn");
    }
    if (dynamic_value(v, DT_RELACOUNT) != (relative ? (int64_t)relative : -1))
        FAIL("DT_RELACOUNT %lld for %zu relative relocations", (long long)dynamic_value(v, DT_RELACOUNT), relative);
    Elf64_Shdr st = elf_section(v, symtab);
    for (size_t i = 1; i < elf_count(v, symtab); i++) {
        Elf64_Sym s = elf_symbol(v, symtab, i);
        if ((ELF64_ST_BIND(s.st_info) == STB_LOCAL) != (i < st.sh_info))
            FAIL(".symtab's symbol %zu is on the wrong side of sh_info %u", i, st.sh_info);
    }
    return 1;
}

/* The output section an input section of the object went to: its own name, .rodata for merged
   strings; 0 when the link has none. */
static unsigned output_of(const elf_view* object, const elf_view* v, unsigned input) {
    Elf64_Shdr in = elf_section(object, input);
    return elf_find(v, (in.sh_flags & SHF_MERGE) ? ".rodata" : elf_section_name(object, input));
}

static int is_strings(const elf_view* object, unsigned input) {
    return (elf_section(object, input).sh_flags & (SHF_MERGE | SHF_STRINGS)) == (SHF_MERGE | SHF_STRINGS);
}

/* .dynsym holds exactly the object's defined default and protected globals, each with its type,
   binding, visibility and size, at its section's new address plus its offset there. */
static int check_exports(const elf_view* object, const elf_view* v, char* why, size_t capacity) {
    unsigned symtab = elf_find(object, ".symtab"), dynsym = elf_find(v, ".dynsym");
    size_t exported = 0;
    for (size_t i = 1; i < elf_count(object, symtab); i++) {
        Elf64_Sym s = elf_symbol(object, symtab, i);
        const char* name = elf_symbol_name(object, symtab, &s);
        unsigned visibility = ELF64_ST_VISIBILITY(s.st_other);
        if (ELF64_ST_BIND(s.st_info) == STB_LOCAL || s.st_shndx == SHN_UNDEF ||
            (visibility != STV_DEFAULT && visibility != STV_PROTECTED))
            continue;
        exported++;
        Elf64_Sym d;
        if (!amdgpu_symbol(v->p, v->size, name, &d)) FAIL("%s is not exported", name);
        if (d.st_info != s.st_info || d.st_other != s.st_other || d.st_size != s.st_size)
            FAIL("%s exported with info %u, other %u, size %llu", name, d.st_info, d.st_other,
                 (unsigned long long)d.st_size);
        uint64_t expected =
            s.st_shndx == SHN_ABS ? s.st_value : elf_section(v, output_of(object, v, s.st_shndx)).sh_addr + s.st_value;
        if (!is_strings(object, s.st_shndx) && d.st_value != expected)
            FAIL("%s exported at %#llx, not %#llx", name, (unsigned long long)d.st_value, (unsigned long long)expected);
    }
    if (elf_count(v, dynsym) != exported + 1)
        FAIL(".dynsym has %zu symbols for %zu exported", elf_count(v, dynsym), exported);
    return 1;
}

/* Where a relocation of the object leads in a link: for each symbol of the object, the address a
   PC-relative or absolute reference reaches (0 when none refers to it) and the .got entry a
   GOT-relative one reaches. */
typedef struct reached {
    uint64_t* address;
    uint64_t* entry;
    size_t count;
} reached;

static void reached_free(reached* r) {
    free(r->address);
    free(r->entry);
    memset(r, 0, sizeof *r);
}

/* The address `symbol` of the object must have in the link (its section's output address plus its
   value; the value itself when absolute); 0 for a string, whose address only its bytes tell. */
static uint64_t expected_address(const elf_view* object, const elf_view* v, const Elf64_Sym* s) {
    if (s->st_shndx == SHN_ABS) return s->st_value;
    if (is_strings(object, s->st_shndx)) return 0;
    return elf_section(v, output_of(object, v, s->st_shndx)).sh_addr + s->st_value;
}

/* Every relocation of the object, read back from `image` (the link laid out at its addresses:
   image[a] is the byte at address a) as the kernel's code would: a PC-relative field (REL32,
   REL32_LO/HI, REL64: S + A - P) leads to its symbol, an absolute one (ABS32/64) holds its value,
   and a string symbol's field leads to the symbol's bytes (its string, from the symbol's offset,
   NUL included) inside .rodata; a GOT-relative field (GOTPCREL, GOTPCREL32_LO/HI: G + GOT + A -
   P) leads to an 8-byte .got entry that exactly one .rela.dyn entry relocates, R_AMDGPU_RELATIVE64
   with the symbol's address for a symbol that cannot be preempted, R_AMDGPU_ABS64 naming the
   symbol for a preemptible one; when `loaded`, the entry holds the symbol's loaded address
   (image + its address). Where they lead goes into *out when it is not NULL. */
static int check_relocations(const elf_view* object, const elf_view* v, const unsigned char* image, int loaded,
                             reached* out, char* why, size_t capacity) {
    unsigned symtab = elf_find(object, ".symtab"), rela_dyn = elf_find(v, ".rela.dyn"), dynsym = elf_find(v, ".dynsym");
    size_t count = elf_count(object, symtab);
    reached r = {calloc(count, sizeof(uint64_t)), calloc(count, sizeof(uint64_t)), count};
    if (!r.address || !r.entry) {
        reached_free(&r);
        FAIL("out of memory");
    }
    Elf64_Shdr rodata = elf_section(v, elf_find(v, ".rodata")), got = elf_section(v, elf_find(v, ".got"));
    int ok = 1;
    /* the HI halves after the LO ones: a string's address is known from its LO field */
    for (int pass = 0; pass < 2 && ok; pass++) {
        for (unsigned rs = 1; rs < object->eh.e_shnum && ok; rs++) {
            Elf64_Shdr sh = elf_section(object, rs);
            if (sh.sh_type != SHT_RELA) continue;
            uint64_t base = elf_section(v, output_of(object, v, sh.sh_info)).sh_addr;
            for (size_t k = 0; k < sh.sh_size / sizeof(Elf64_Rela) && ok; k++) {
                Elf64_Rela rel = elf_rela(object, rs, k);
                uint32_t type = (uint32_t)ELF64_R_TYPE(rel.r_info);
                size_t index = ELF64_R_SYM(rel.r_info);
                int high = type == R_REL32_HI || type == R_GOTPCREL32_HI;
                if (type == R_NONE || high != pass) continue;
                Elf64_Sym s = elf_symbol(object, symtab, index);
                const char* name = elf_symbol_name(object, symtab, &s);
                uint64_t place = base + rel.r_offset, expected = expected_address(object, v, &s), found;
                uint32_t field32;
                uint64_t field64;
                memcpy(&field32, image + place, sizeof field32);
                memcpy(&field64, image + place, sizeof field64);
                if (type == R_REL32 || type == R_REL32_LO || type == R_REL64) {
                    found = type == R_REL64 ? field64 + place - (uint64_t)rel.r_addend
                                            : (uint32_t)(field32 + place - (uint64_t)rel.r_addend);
                    if (!expected) { /* a string: its bytes, in .rodata */
                        const char* text =
                            (const char*)object->p + elf_section(object, s.st_shndx).sh_offset + s.st_value;
                        size_t length = strlen(text) + 1;
                        if (found < rodata.sh_addr || found + length > rodata.sh_addr + rodata.sh_size ||
                            memcmp(image + found, text, length))
                            ok = snprintf(why, capacity, "%s's reference at %#llx leads to %#llx, not to its string",
                                          name, (unsigned long long)place, (unsigned long long)found) &
                                 0;
                        expected = found;
                    }
                    if (r.address[index] && r.address[index] != found) expected = r.address[index];
                    r.address[index] = found;
                } else if (type == R_ABS32 || type == R_ABS64) {
                    found = (type == R_ABS64 ? field64 : field32) - (uint64_t)rel.r_addend;
                    if (type == R_ABS32) expected = (uint32_t)expected;
                } else if (type == R_REL32_HI) {
                    uint64_t target = expected ? expected : r.address[index];
                    found = field32;
                    expected = (uint32_t)((target + (uint64_t)rel.r_addend - place) >> 32);
                } else if (type == R_GOTPCREL || type == R_GOTPCREL32_LO) {
                    uint64_t entry = (uint32_t)(field32 + place - (uint64_t)rel.r_addend);
                    if (entry < got.sh_addr || entry + 8 > got.sh_addr + got.sh_size || entry % 8 || !rela_dyn) {
                        ok = snprintf(why, capacity, "%s's GOT reference leads to %#llx, outside .got", name,
                                      (unsigned long long)entry) &
                             0;
                        break;
                    }
                    if (r.entry[index] && r.entry[index] != entry) {
                        ok = snprintf(why, capacity, "%s has two GOT entries", name) & 0;
                        break;
                    }
                    r.entry[index] = entry;
                    int relocations = 0, right = 0;
                    for (size_t d = 0; d < elf_section(v, rela_dyn).sh_size / sizeof(Elf64_Rela); d++) {
                        Elf64_Rela dr = elf_rela(v, rela_dyn, d);
                        if (dr.r_offset != entry) continue;
                        relocations++;
                        Elf64_Sym ds = elf_symbol(v, dynsym, ELF64_R_SYM(dr.r_info));
                        int preemptible =
                            ELF64_ST_BIND(s.st_info) != STB_LOCAL && ELF64_ST_VISIBILITY(s.st_other) == STV_DEFAULT;
                        right = preemptible
                                    ? ELF64_R_TYPE(dr.r_info) == R_ABS64 && dr.r_addend == 0 &&
                                          ELF64_R_SYM(dr.r_info) != 0 && !strcmp(elf_symbol_name(v, dynsym, &ds), name)
                                    : ELF64_R_TYPE(dr.r_info) == R_RELATIVE64 && (uint64_t)dr.r_addend == expected;
                    }
                    if (relocations != 1 || !right) {
                        ok = snprintf(why, capacity, "%s's GOT entry %#llx has %d dynamic relocations, %s", name,
                                      (unsigned long long)entry, relocations, right ? "right" : "not its own") &
                             0;
                        break;
                    }
                    uint64_t held;
                    memcpy(&held, image + entry, sizeof held);
                    found = expected = 0;
                    if (loaded && held != (uint64_t)(uintptr_t)image + expected_address(object, v, &s)) {
                        ok = snprintf(why, capacity, "%s's loaded GOT entry holds %#llx", name,
                                      (unsigned long long)held) &
                             0;
                        break;
                    }
                } else if (type == R_GOTPCREL32_HI) {
                    found = field32;
                    expected = (uint32_t)((r.entry[index] + (uint64_t)rel.r_addend - place) >> 32);
                } else {
                    ok = snprintf(why, capacity, "relocation type %u", type) & 0;
                    break;
                }
                if (ok && found != expected)
                    ok = snprintf(why, capacity, "relocation %u of %s at %#llx: %#llx, not %#llx", type, name,
                                  (unsigned long long)place, (unsigned long long)found, (unsigned long long)expected) &
                         0;
            }
        }
    }
    if (ok && out)
        *out = r;
    else
        reached_free(&r);
    return ok;
}

/* Every kernel descriptor's kernel_code_entry_byte_offset leads to its kernel; *kernels counts them. */
static int descriptors_resolve(const void* image, size_t size, int* kernels) {
    elf_view v;
    if (!elf_open(&v, image, size)) return 0;
    unsigned dynsym = elf_find(&v, ".dynsym");
    *kernels = 0;
    for (size_t s = 1; dynsym && s < elf_count(&v, dynsym); s++) {
        Elf64_Sym kd = elf_symbol(&v, dynsym, s), fn;
        const char* name = elf_symbol_name(&v, dynsym, &kd);
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

/* All of the above for a link of object: "" in why when it is right. Where the relocations lead
   goes into *out when it is not NULL. */
static int check_link(const void* object, size_t object_size, const void* linked, size_t linked_size, reached* out,
                      char* why, size_t capacity) {
    elf_view o, v;
    int kernels = 0;
    why[0] = '\0';
    if (!elf_open(&o, object, object_size) || !elf_open(&v, linked, linked_size)) FAIL("not ELF files");
    if (!check_layout(&o, &v, why, capacity) || !check_dynamic(&v, why, capacity) ||
        !check_exports(&o, &v, why, capacity))
        return 0;
    unsigned char* image = lay_out(&v);
    if (!image) FAIL("segments outside the file");
    int ok = check_relocations(&o, &v, image, 0, out, why, capacity);
    free(image);
    if (ok && (!descriptors_resolve(linked, linked_size, &kernels) || kernels == 0))
        FAIL("a kernel descriptor does not lead to its kernel");
    return ok;
}

/* The sorted lines "name info other size" of a link's .dynsym: what two links export alike. */
static void export_lines(const void* linked, size_t size, char* out, size_t capacity) {
    elf_view v;
    out[0] = '\0';
    if (!elf_open(&v, linked, size)) return;
    unsigned dynsym = elf_find(&v, ".dynsym");
    size_t count = elf_count(&v, dynsym), used = 0;
    char(*lines)[160] = calloc(count + 1, sizeof *lines);
    if (!lines) return;
    for (size_t i = 1; i < count; i++) {
        Elf64_Sym s = elf_symbol(&v, dynsym, i);
        snprintf(lines[i - 1], sizeof lines[i - 1], "%s %u %u %llu\n", elf_symbol_name(&v, dynsym, &s), s.st_info,
                 s.st_other, (unsigned long long)s.st_size);
    }
    qsort(lines, count ? count - 1 : 0, sizeof *lines, (int (*)(const void*, const void*))strcmp);
    for (size_t i = 0; i + 1 < count; i++)
        used += (size_t)snprintf(out + used, used < capacity ? capacity - used : 0, "%s", lines[i]);
    free(lines);
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

/* Modules whose kernels reach a default-visibility global through the GOT. */
static int uses_got(const char* path) {
    return contains(path, "got.ll") || contains(path, "globals.ll") || contains(path, "printf.ll") ||
           contains(path, "strings.ll");
}

/* Each module, for each processor, links in-process into a link check_link finds right, with a
   .got and .rela.dyn exactly when its kernels reach a global through the GOT; where ld.lld is
   here, its link of the same object passes the same checks and exports the same symbols. */
static void test_links_are_right(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    int linked = 0, without_rocm = 0, lld = -1;
    static char ours_exports[1 << 14], lld_exports[1 << 14];
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
            if (lld < 0) lld = have_lld(ctx, object, size);
            void *ours = NULL, *theirs = NULL;
            char why[256] = "";
            CHECK_OK(ctx,
                     link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &ours, &ours_size, why, sizeof why));
            if (ours) {
                if (!check_link(object, size, ours, ours_size, NULL, why, sizeof why))
                    fprintf(stderr, "  %s for %s: %s\n", modules[m], processors[p], why);
                CHECK(why[0] == '\0');
                elf_view v;
                CHECK(elf_open(&v, ours, ours_size) && !elf_find(&v, ".got") == !uses_got(modules[m]) &&
                      !elf_find(&v, ".rela.dyn") == !uses_got(modules[m]));
                linked++;
            }
            if (ours && lld == 1) {
                CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_LLD, object, size, &theirs, &lld_size, why, sizeof why));
                if (theirs && !check_link(object, size, theirs, lld_size, NULL, why, sizeof why))
                    fprintf(stderr, "  ld.lld's link of %s for %s: %s\n", modules[m], processors[p], why);
                CHECK(theirs && why[0] == '\0');
                export_lines(ours, ours_size, ours_exports, sizeof ours_exports);
                export_lines(theirs, lld_size, lld_exports, sizeof lld_exports);
                CHECK(ours_exports[0] && !strcmp(ours_exports, lld_exports));
            }
            free(ours);
            free(theirs);
            free(object);
        }
    }
    CHECK(linked + without_rocm == (int)(sizeof processors / sizeof *processors * (sizeof modules / sizeof *modules)));
    if (without_rocm) fprintf(stderr, "  note: math.ll not linked: ROCm's device libraries are not usable here\n");
    if (lld == 0) fprintf(stderr, "  note: no ld.lld here: its links not checked alike\n");
    offload_context_destroy(ctx);
}

/* The checks fail on a wrong link: a PC-relative field one off, a string's byte changed (where
   the RPC client is built in: strings.ll, else globals.ll without strings), the first dynamic
   relocation moved to the next GOT entry's place, .hash's buckets emptied, and the code segment
   moved within its page are each seen. */
static void test_checks_see_a_wrong_link(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    size_t size = 0, out_size = 0;
    const char* path = AMDGPU_DATA "globals.ll";
#ifndef OFFLOAD_NO_RPC
    path = AMDGPU_DATA "strings.ll";
#endif
    void* object = object_of(ctx, "gfx90a", path, &size);
    REQUIRE(object);
    void* out = NULL;
    char why[256];
    REQUIRE_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
    REQUIRE(out);
    unsigned char* damaged = malloc(out_size);
    REQUIRE(damaged);
    CHECK(check_link(object, size, out, out_size, NULL, why, sizeof why));
    elf_view o, v;
    REQUIRE(elf_open(&o, object, size) && elf_open(&v, out, out_size));
    Elf64_Shdr text = elf_section(&v, elf_find(&v, ".text")), rela_text = elf_section(&o, elf_find(&o, ".rela.text"));
    int seen = 0;
    for (size_t k = 0; k < rela_text.sh_size / sizeof(Elf64_Rela); k++) { /* the first PC-relative field */
        Elf64_Rela r = elf_rela(&o, elf_find(&o, ".rela.text"), k);
        if (ELF64_R_TYPE(r.r_info) != R_REL32_LO && ELF64_R_TYPE(r.r_info) != R_GOTPCREL32_LO) continue;
        memcpy(damaged, out, out_size);
        damaged[text.sh_offset + r.r_offset] += 1;
        CHECK(!check_link(object, size, damaged, out_size, NULL, why, sizeof why));
        seen++;
        break;
    }
    unsigned rela_dyn = elf_find(&v, ".rela.dyn");
    if (rela_dyn) {
        memcpy(damaged, out, out_size);
        Elf64_Rela* first = (Elf64_Rela*)(void*)(damaged + elf_section(&v, rela_dyn).sh_offset);
        first->r_offset += 8;
        CHECK(!check_link(object, size, damaged, out_size, NULL, why, sizeof why));
        seen++;
    }
    unsigned hash = elf_find(&v, ".hash");
    if (hash) {
        memcpy(damaged, out, out_size);
        memset(damaged + elf_section(&v, hash).sh_offset + 8, 0, 4 * (elf_count(&v, elf_find(&v, ".dynsym"))));
        CHECK(!check_link(object, size, damaged, out_size, NULL, why, sizeof why) && contains(why, ".hash"));
        seen++;
    }
    Elf64_Shdr rodata = elf_section(&v, elf_find(&v, ".rodata"));
    int strings = elf_find(&o, ".rodata.str1.1") != 0; /* printf formats: the RPC client is built in */
    memcpy(damaged, out, out_size);
    for (uint64_t at = rodata.sh_size; strings && at-- > 0;) /* the last string's last character */
        if (damaged[rodata.sh_offset + at] != '\0') {
            damaged[rodata.sh_offset + at] ^= 1;
            CHECK(!check_link(object, size, damaged, out_size, NULL, why, sizeof why));
            seen++;
            break;
        }
    memcpy(damaged, out, out_size);
    Elf64_Phdr* ph = (Elf64_Phdr*)(void*)(damaged + v.eh.e_phoff);
    for (unsigned i = 0; i < v.eh.e_phnum; i++)
        if (ph[i].p_type == PT_LOAD && ph[i].p_flags & PF_X) ph[i].p_vaddr += 0x100;
    CHECK(!check_link(object, size, damaged, out_size, NULL, why, sizeof why));
    CHECK(seen == 3 + strings);
    free(damaged);
    free(out);
    free(object);
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

/* What the simulated HSA runtime hands a registered kernel (tests/sim/hsa_sim.c). */
typedef struct hsa_dispatch {
    const char* kernel;
    uint32_t dims, workgroup[3], grid[3], group_segment_size, private_segment_size, kernarg_size, gpu;
    const void* queue;
    const void* kernel_object; /* the descriptor where the loader put it */
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

/* What the simulated runtime's kernel implementation gets to follow a link's relocations: the
   object, its link, and what it found. */
typedef struct follower {
    elf_view object, linked;
    const char* descriptor; /* the kernel launched: its "<name>.kd" */
    int runs;
    char why[256];
} follower;

/* Any kernel, as the simulated runtime runs it: finds where the loader put the image (the
   dispatch's kernel object is the descriptor's loaded address) and follows every relocation of
   the object there, as the kernel's code would, GOT entries holding the loader's addresses. */
static void hsa_follow(const void* kernarg, const hsa_dispatch* d, void* user) {
    (void)kernarg;
    follower* f = (follower*)user;
    Elf64_Sym kd;
    f->runs++;
    if (!amdgpu_symbol(f->linked.p, f->linked.size, f->descriptor, &kd)) {
        snprintf(f->why, sizeof f->why, "no %s", f->descriptor);
        return;
    }
    const unsigned char* base = (const unsigned char*)d->kernel_object - kd.st_value;
    check_relocations(&f->object, &f->linked, base, 1, NULL, f->why, sizeof f->why);
}

/* Launches each kernel of a loaded link once on the simulated runtime (synchronously: queue 0),
   hsa_follow running it; returns how many ran right. */
static int run_every_kernel(offload_context* ctx, offload_program program, follower* f,
                            void (*register_kernel)(const char*, void (*)(const void*, const hsa_dispatch*, void*),
                                                    void*)) {
    unsigned dynsym = elf_find(&f->linked, ".dynsym");
    int ran = 0;
    for (size_t s = 1; s < elf_count(&f->linked, dynsym); s++) {
        Elf64_Sym kd = elf_symbol(&f->linked, dynsym, s);
        const char* name = elf_symbol_name(&f->linked, dynsym, &kd);
        size_t length = strlen(name), args_size = 0;
        if (length < 4 || strcmp(name + length - 3, ".kd")) continue;
        char kernel_name[128];
        snprintf(kernel_name, sizeof kernel_name, "%.*s", (int)(length - 3), name);
        register_kernel(kernel_name, hsa_follow, f);
        f->descriptor = name;
        f->runs = 0;
        f->why[0] = '\0';
        offload_kernel kernel;
        static unsigned char args[4096];
        CHECK_OK(ctx, offload_kernel_get(ctx, program, kernel_name, &kernel));
        CHECK_OK(ctx, offload_kernel_get_args_size(ctx, kernel, &args_size));
        CHECK(args_size <= sizeof args);
        CHECK_OK(ctx, offload_launch(
                          ctx, (offload_queue){0}, kernel,
                          &(offload_launch_desc){.grid = {1}, .block = {1}, .args = args, .args_size = args_size}));
        if (f->why[0]) fprintf(stderr, "  %s: %s\n", kernel_name, f->why);
        CHECK(f->runs == 1 && f->why[0] == '\0');
        ran += f->runs == 1 && f->why[0] == '\0';
    }
    return ran;
}

/* Every module's in-process link, for the simulated gfx90a, loads, and each of its kernels runs
   there (hsa_follow: every relocation leads where it should in the loaded image); the JIT's own
   link of each module is the in-process one. */
static void test_simulated_runtime_runs_every_kernel(void) {
    void* sim = dlopen(HSA_SIM, RTLD_NOW);
    if (!sim) SKIP("the simulated HSA runtime is not built (%s)", HSA_SIM);
    void (*register_kernel)(const char*, void (*)(const void*, const hsa_dispatch*, void*), void*) = NULL;
    *(void**)&register_kernel = dlsym(sim, "hsa_sim_register_kernel");
    REQUIRE(register_kernel);
    static log_lines log;
    static follower f;
    offload_device gpu;
    offload_context* ctx = simulated_context(sim, "unused", hsa_follow, &f, &log, &gpu);
    REQUIRE(ctx);
    int ran = 0;
    for (size_t m = 0; m < sizeof modules / sizeof *modules; m++) {
        size_t size = 0, out_size = 0;
        void* object = object_of(ctx, "gfx90a", modules[m], &size);
        if (!object && contains(modules[m], "math.ll")) continue; /* without ROCm's device libraries */
        CHECK(object != NULL);
        void* out = NULL;
        char why[256];
        if (object)
            CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
        offload_program program;
        if (!out || !elf_open(&f.object, object, size) || !elf_open(&f.linked, out, out_size) ||
            offload_program_create(ctx, gpu, &(offload_program_desc){.image = out, .size = out_size}, &program) !=
                OFFLOAD_SUCCESS) {
            fprintf(stderr, "  %s: %s\n", modules[m], offload_context_last_error(ctx));
            CHECK(!"linked and loaded");
            free(out);
            free(object);
            continue;
        }
        ran += run_every_kernel(ctx, program, &f, register_kernel);
        offload_program_destroy(ctx, program);
        CHECK_OK(ctx, program_from_file(ctx, gpu, modules[m], &program));
        offload_program_destroy(ctx, program);
        free(out);
        free(object);
    }
    CHECK(ran >= 10);
    CHECK(!contains(log.text, "linking with ld.lld"));
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
/* The string symbols of an object (in sections of mergeable strings), in section and input order. */
static size_t string_symbols(const elf_view* o, size_t* out, size_t capacity) {
    unsigned symtab = elf_find(o, ".symtab");
    size_t n = 0;
    for (size_t i = 1; i < elf_count(o, symtab) && n < capacity; i++) {
        Elf64_Sym s = elf_symbol(o, symtab, i);
        if (s.st_shndx != SHN_UNDEF && s.st_shndx < SHN_LORESERVE && ELF64_ST_TYPE(s.st_info) != STT_SECTION &&
            is_strings(o, s.st_shndx))
            out[n++] = i;
    }
    for (size_t i = 1; i < n; i++) /* insertion sort by (section, offset) */
        for (size_t j = i; j > 0; j--) {
            Elf64_Sym a = elf_symbol(o, symtab, out[j - 1]), b = elf_symbol(o, symtab, out[j]);
            if (a.st_shndx < b.st_shndx || (a.st_shndx == b.st_shndx && a.st_value <= b.st_value)) break;
            size_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* How many times `text` (with its NUL) occurs in a link's .rodata. */
static int occurrences(const elf_view* v, const char* text) {
    Elf64_Shdr rodata = elf_section(v, elf_find(v, ".rodata"));
    size_t length = strlen(text) + 1;
    int n = 0;
    for (uint64_t at = 0; at + length <= rodata.sh_size; at++) n += !memcmp(v->p + rodata.sh_offset + at, text, length);
    return n;
}

/* Merged printf formats land once each, in input order, on their section's alignment: every
   string symbol's references reach its string (check_link), distinct strings at addresses that
   grow with their input order, those of .rodata.str1.16 on multiples of 16. A string the object
   holds twice (LLVM's optimizer merges strings.ll's @again and @short before, so here @first is
   overwritten with @eight's bytes) lands once, both symbols reaching it. */
static void test_strings_merge_in_input_order(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    static const char* const paths[] = {AMDGPU_DATA "two_strings.ll", AMDGPU_DATA "strings.ll"};
    for (size_t m = 0; m < 2; m++) {
        size_t size = 0, out_size = 0, symbols[32];
        unsigned char* object = object_of(ctx, "gfx90a", paths[m], &size);
        REQUIRE(object);
        void* out = NULL;
        char why[256] = "";
        reached r = {0};
        elf_view o, v;
        CHECK_OK(ctx, link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
        if (!out || !check_link(object, size, out, out_size, &r, why, sizeof why) || !elf_open(&o, object, size) ||
            !elf_open(&v, out, out_size)) {
            fprintf(stderr, "  %s: %s\n", paths[m], why);
            CHECK(!"linked right");
            free(out);
            free(object);
            continue;
        }
        unsigned symtab = elf_find(&o, ".symtab");
        size_t n = string_symbols(&o, symbols, 32);
        if (m ? n < 10 : n != 2) fprintf(stderr, "  %s: %zu string symbols\n", paths[m], n);
        CHECK(m ? n >= 10 : n == 2); /* LLVM merges some of strings.ll's before */
        for (size_t i = 0; i < n; i++) {
            Elf64_Sym s = elf_symbol(&o, symtab, symbols[i]);
            uint64_t at = r.address[symbols[i]];
            CHECK(at != 0);
            if (elf_section(&o, s.st_shndx).sh_addralign == 16) CHECK(at % 16 == 0);
            if (i > 0) {
                Elf64_Sym before = elf_symbol(&o, symtab, symbols[i - 1]);
                if (before.st_shndx == s.st_shndx) CHECK(at > r.address[symbols[i - 1]]);
            }
            for (size_t j = 0; j < i; j++) CHECK(r.address[symbols[j]] != at);
        }
        reached_free(&r);
        Elf64_Sym *eight = object_symbol(object, size, ".Leight"), *first = object_symbol(object, size, ".Lfirst");
        if (!eight) eight = object_symbol(object, size, "eight"), first = object_symbol(object, size, "first");
        if (m == 1 && eight && first && eight->st_shndx == first->st_shndx && eight->st_size == first->st_size) {
            CHECK(occurrences(&v, "count=%d") == 1 && occurrences(&v, "first=%d") == 1);
            Elf64_Shdr in = elf_section(&o, eight->st_shndx);
            memcpy(object + in.sh_offset + first->st_value, object + in.sh_offset + eight->st_value, eight->st_size);
            void* again = NULL;
            size_t again_size = 0;
            elf_view a;
            CHECK_OK(ctx,
                     link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &again, &again_size, why, sizeof why));
            if (again && check_link(object, size, again, again_size, &r, why, sizeof why) &&
                elf_open(&a, again, again_size)) {
                size_t e = (size_t)(eight - (Elf64_Sym*)(void*)(object + elf_section(&o, symtab).sh_offset)),
                       f = (size_t)(first - (Elf64_Sym*)(void*)(object + elf_section(&o, symtab).sh_offset));
                CHECK(r.address[e] != 0 && r.address[e] == r.address[f]);
                CHECK(occurrences(&a, "count=%d") == 1 && occurrences(&a, "first=%d") == 0);
                reached_free(&r);
            } else {
                fprintf(stderr, "  a string twice: %s\n", why);
                CHECK(!"linked right with a string twice");
            }
            free(again);
        } else {
            CHECK(m == 0);
        }
        free(out);
        free(object);
    }
    offload_context_destroy(ctx);
}
#endif

/* The globals reached through the GOT keep their dynamic relocations apart by visibility: got.ll's
   counter, globals.ll's second of three and the RPC client made protected get
   R_AMDGPU_RELATIVE64 with their addresses, first in .rela.dyn, counted by DT_RELACOUNT; the
   others, as they are, R_AMDGPU_ABS64 against the symbol. Each link is right (check_link: each
   GOT reference reaches its own symbol's entry). */
static void test_got_follows_visibility(void) {
    offload_context* ctx = link_context(NULL);
    REQUIRE(ctx);
    static const char* const cases[][3] = {{AMDGPU_DATA "got.ll", "counter", "1"},
                                           {AMDGPU_DATA "globals.ll", "second", "3"},
#ifndef OFFLOAD_NO_RPC
                                           {AMDGPU_DATA "rpc_printf.ll", "offload_rpc_client", "1"}
#endif
    };
    int checked = 0;
    for (size_t p = 0; p < sizeof processors / sizeof *processors; p++) {
        for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
            size_t size = 0, out_size = 0;
            void* object = object_of(ctx, processors[p], cases[c][0], &size);
            REQUIRE(object);
            for (int protect = 0; protect < 2; protect++) {
                Elf64_Sym* global = object_symbol(object, size, cases[c][1]);
                REQUIRE(global && ELF64_ST_VISIBILITY(global->st_other) == STV_DEFAULT);
                if (protect) global->st_other = STV_PROTECTED;
                void* out = NULL;
                char why[256] = "";
                elf_view v;
                Elf64_Sym linked;
                CHECK_OK(ctx,
                         link_with(ctx, OFFLOAD_TEST_LINK_IN_PROCESS, object, size, &out, &out_size, why, sizeof why));
                if (!out || !elf_open(&v, out, out_size) || !amdgpu_symbol(out, out_size, cases[c][1], &linked)) {
                    CHECK(!"linked");
                    free(out);
                    continue;
                }
                if (!check_link(object, size, out, out_size, NULL, why, sizeof why))
                    fprintf(stderr, "  %s (%s) for %s: %s\n", cases[c][0], protect ? "protected" : "default",
                            processors[p], why);
                CHECK(why[0] == '\0');
                unsigned rela = elf_find(&v, ".rela.dyn");
                Elf64_Rela first = elf_rela(&v, rela, 0);
                CHECK(dynamic_value(&v, DT_RELACOUNT) == (protect ? 1 : -1));
                CHECK(dynamic_value(&v, DT_RELASZ) == (int64_t)(atoi(cases[c][2]) * sizeof(Elf64_Rela)));
                if (protect)
                    CHECK(ELF64_R_TYPE(first.r_info) == R_RELATIVE64 && ELF64_R_SYM(first.r_info) == 0 &&
                          first.r_addend == (int64_t)linked.st_value);
                else
                    CHECK(ELF64_R_TYPE(first.r_info) == R_ABS64 && ELF64_R_SYM(first.r_info) != 0 &&
                          first.r_addend == 0);
                checked++;
                free(out);
            }
            free(object);
        }
    }
    CHECK(checked == (int)(2 * (sizeof processors / sizeof *processors) * (sizeof cases / sizeof *cases)));
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
    RUN(test_links_are_right);
    RUN(test_checks_see_a_wrong_link);
    RUN(test_descriptor_check_sees_a_wrong_offset);
    RUN(test_simulated_runtime_loads_it);
    RUN(test_simulated_runtime_runs_every_kernel);
    RUN(test_undefined_symbol_goes_to_lld);
    RUN(test_preemptible_target_goes_to_lld);
    RUN(test_unknown_relocation_goes_to_lld);
    RUN(test_data_pointer_goes_to_lld);
#ifndef OFFLOAD_NO_RPC
    RUN(test_strings_merge_in_input_order);
#endif
    RUN(test_got_follows_visibility);
    RUN(test_got_entry_holds_the_address);
    RUN(test_malformed_objects_are_declined);
    RUN(test_malformed_got_and_strings_are_declined);
    return test_summary();
}
#endif
