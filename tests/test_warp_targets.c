/* tests/test_warp_targets.c — the device library's warp operations (offload_lane_id,
   offload_warp_size, offload_shuffle{,_down,_up,_xor}, offload_ballot, offload_any, offload_all,
   offload_warp_barrier) compile through the JIT for GPUs that are not present: the kernels of
   tests/gpu/warp_gpu.ll for NVPTX sm_70 and sm_90 (the PTX holds the *.sync instructions with the
   operands that give the caller's own value out of range, and ptxas accepts it when the CUDA
   toolkit is here) and for AMDGPU gfx90a (wave64) and gfx1030 (wave32) (the code object links,
   has the kernels' descriptors with the wave size of the processor, and its disassembly holds
   ds_bpermute and mbcnt when llvm-objdump is here). */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <stdint.h>
#include <unistd.h>

#if defined(OFFLOAD_NO_JIT)
/* Built without the JIT, this program has nothing to test. */
int main(void) { return test_skip_all("test_warp_targets", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

#include <llvm/Config/llvm-config.h>
#include <sys/wait.h>

#define WARP_IR OFFLOAD_TEST_ROOT "/tests/gpu/warp_gpu.ll"
#define PTXAS "/usr/local/cuda/bin/ptxas"

static const char* kernels[] = {"warp_sum", "warp_vote", "warp_lanes"};

/* Writes size bytes of data to a new temporary file; its path into path (a mkstemp template). */
static int write_temp(char* path, const void* data, size_t size) {
    int fd = mkstemp(path);
    if (fd < 0) return 0;
    int ok = write(fd, data, size) == (ssize_t)size;
    close(fd);
    return ok;
}

/* Whether ptxas assembles the PTX for arch. */
static int ptxas_accepts(const char* ptx, const char* arch) {
    char path[] = "/tmp/offload-warp-ptx-XXXXXX";
    int ok = write_temp(path, ptx, strlen(ptx));
    char command[512];
    snprintf(command, sizeof command, "%s -arch=%s -o /dev/null %s", PTXAS, arch, path);
    ok = ok && system(command) == 0;
    unlink(path);
    return ok;
}

/* Whether some line of text contains both a and b (in that order). */
static int line_with(const char* text, const char* a, const char* b) {
    for (const char* p = strstr(text, a); p; p = strstr(p + 1, a)) {
        const char* end = strchr(p, '\n');
        const char* q = strstr(p, b);
        if (q && (!end || q < end)) return 1;
    }
    return 0;
}

static offload_context* make_context(void) { return make_context_with(NULL); }

/* Compiles warp_gpu.ll for backend/arch: 1 on success, else 0 with the error printed. */
static int compile_warp(offload_context* ctx, offload_backend backend, const char* arch, offload_test_jit_image* img) {
    size_t size = 0;
    char* ir = test_read_file(WARP_IR, &size);
    if (!ir) return 0;
    offload_result r = offload_test_jit_compile(ctx, backend, arch, ir, size, img);
    free(ir);
    if (r != OFFLOAD_SUCCESS) fprintf(stderr, "  %s: %s\n", arch, offload_context_last_error(ctx));
    return r == OFFLOAD_SUCCESS;
}

/* NVPTX: the shuffles' c operand is 31 (down, bfly, idx: out of [0, 31] gives the own value) or 0
   (up: below 0), the mask is the full warp, and each vote has its own instruction. */
static void check_nvptx(const char* arch, const char* ptxas_arch) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_test_jit_image img;
    int ok = compile_warp(ctx, OFFLOAD_BACKEND_CUDA, arch, &img);
    CHECK(ok && img.format == OFFLOAD_IMAGE_PTX);
    if (!ok) {
        offload_context_destroy(ctx);
        return;
    }
    const char* ptx = (const char*)img.data;
    for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) CHECK(line_with(ptx, ".visible .entry", kernels[k]));
    CHECK(contains(ptx, "%laneid"));
    CHECK(line_with(ptx, "shfl.sync.down.b32", ", 31, -1;"));
    CHECK(line_with(ptx, "shfl.sync.up.b32", ", 0, -1;"));
    CHECK(line_with(ptx, "shfl.sync.bfly.b32", ", 31, -1;"));
    CHECK(line_with(ptx, "shfl.sync.idx.b32", ", 31, -1;"));
    CHECK(!line_with(ptx, "shfl.sync.up.b32", ", 31, -1;"));
    CHECK(line_with(ptx, "vote.sync.ballot.b32", "-1;"));
    CHECK(line_with(ptx, "vote.sync.any.pred", "-1;"));
    CHECK(line_with(ptx, "vote.sync.all.pred", "-1;"));
    CHECK(line_with(ptx, "bar.warp.sync", "-1;"));
    const char* version = strstr(ptx, ".version ");
    unsigned major = 0, minor = 0;
    CHECK(version && sscanf(version, ".version %u.%u", &major, &minor) == 2 && major * 10 + minor >= 60);
    if (access(PTXAS, X_OK) == 0) CHECK(ptxas_accepts(ptx, ptxas_arch));
    offload_test_jit_release(ctx, &img);
    offload_context_destroy(ctx);
    if (access(PTXAS, X_OK) != 0) SKIP("ptxas is not installed: PTX produced but not assembled");
}

static void test_nvptx_sm70(void) {
    /* CUDA 13's ptxas no longer targets Volta; sm_75 assembles .target sm_70 PTX and checks the
       instructions and the ISA version all the same. */
    check_nvptx("sm_70", "sm_75");
}

static void test_nvptx_sm90(void) { check_nvptx("sm_90", "sm_90"); }

/* The disassembly of an AMDGPU code object by the linked LLVM's llvm-objdump (malloc'd), or NULL
   when there is none. */
static char* disassemble(const offload_test_jit_image* img, const char* gfx) {
    char tool[128];
    snprintf(tool, sizeof tool, "/usr/lib/llvm-%d/bin/llvm-objdump", LLVM_VERSION_MAJOR);
    if (access(tool, X_OK) != 0) return NULL;
    char object[] = "/tmp/offload-warp-co-XXXXXX", text[] = "/tmp/offload-warp-s-XXXXXX";
    int ok = write_temp(object, img->data, img->size) && write_temp(text, "", 0);
    char command[512];
    snprintf(command, sizeof command, "%s -d --mcpu=%s %s > %s", tool, gfx, object, text);
    ok = ok && system(command) == 0;
    size_t size = 0;
    char* out = ok ? test_read_file(text, &size) : NULL;
    unlink(object);
    unlink(text);
    return out;
}

/* Where in the ELF image the symbol's bytes are (through its section), or 0. */
static size_t file_offset(const void* image, size_t size, const Elf64_Sym* sym) {
    Elf64_Ehdr eh;
    Elf64_Shdr sh;
    memcpy(&eh, image, sizeof eh);
    if (sym->st_shndx >= eh.e_shnum || eh.e_shoff + (uint64_t)eh.e_shnum * sizeof sh > size) return 0;
    memcpy(&sh, (const unsigned char*)image + eh.e_shoff + sym->st_shndx * sizeof sh, sizeof sh);
    if (sh.sh_type == SHT_NOBITS || sym->st_value < sh.sh_addr || sym->st_value - sh.sh_addr > sh.sh_size) return 0;
    return (size_t)(sh.sh_offset + (sym->st_value - sh.sh_addr));
}

/* AMDGPU: a shared object with each kernel's 64-byte descriptor, whose kernel_code_properties
   (u16 at byte 56) says wave32 (bit 10) exactly on gfx10+; the shuffles are ds_bpermute and the
   lane id mbcnt. */
static void check_amdgpu(const char* gfx, int wave32) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_test_jit_image img;
    size_t size = 0;
    char* ir = test_read_file(WARP_IR, &size);
    REQUIRE(ir);
    offload_result r = offload_test_jit_compile(ctx, OFFLOAD_BACKEND_AMDGPU, gfx, ir, size, &img);
    free(ir);
    if (r == OFFLOAD_ERROR_HOST_TOOL_NOT_FOUND) {
        fprintf(stderr, "  %s\n", offload_context_last_error(ctx));
        offload_context_destroy(ctx);
        SKIP("no ld.lld to link AMDGPU code objects");
    }
    CHECK_OK(ctx, r);
    if (r != OFFLOAD_SUCCESS) {
        offload_context_destroy(ctx);
        return;
    }
    CHECK(img.format == OFFLOAD_IMAGE_AMDGPU_ELF);
    const unsigned char* base = (const unsigned char*)img.data;
    for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
        char name[64];
        snprintf(name, sizeof name, "%s.kd", kernels[k]);
        Elf64_Sym kd, fn;
        int found = amdgpu_symbol(img.data, img.size, name, &kd) && amdgpu_symbol(img.data, img.size, kernels[k], &fn);
        CHECK(found && kd.st_size == 64);
        if (!found || kd.st_size != 64) continue;
        size_t offset = file_offset(img.data, img.size, &kd);
        CHECK(offset && offset + 64 <= img.size);
        if (!offset || offset + 64 > img.size) continue;
        uint16_t properties;
        memcpy(&properties, base + offset + 56, 2);
        CHECK(((properties >> 10) & 1) == wave32);
    }
    char* text = disassemble(&img, gfx);
    if (text) {
        CHECK(contains(text, "ds_bpermute_b32"));
        CHECK(contains(text, "v_mbcnt_lo_u32_b32"));
        if (!wave32) CHECK(contains(text, "v_mbcnt_hi_u32_b32"));
        CHECK(contains(text, "<warp_sum>:") && contains(text, "<warp_lanes>:"));
        free(text);
    }
    offload_test_jit_release(ctx, &img);
    offload_context_destroy(ctx);
    if (!text) SKIP("no llvm-objdump-%d: the code object links, its instructions are not checked", LLVM_VERSION_MAJOR);
}

static void test_amdgpu_gfx90a(void) { check_amdgpu("gfx90a", 0); }
static void test_amdgpu_gfx1030(void) { check_amdgpu("gfx1030", 1); }

/* A kernel that calls a warp operation the library does not define is refused, not compiled
   into a call to nowhere: what the checks above rely on to fail when one goes missing. */
static void test_unknown_warp_function_refused(void) {
    static const char ir[] =
        "declare i32 @offload_shuffle_sideways(i32, i32)\n"
        "define void @k(i32* %o) \"offload-kernel\" {\n"
        "  %v = call i32 @offload_shuffle_sideways(i32 1, i32 2)\n  store i32 %v, i32* %o\n  ret void\n}\n";
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    const char* archs[] = {"sm_90", "gfx90a"};
    offload_backend backends[] = {OFFLOAD_BACKEND_CUDA, OFFLOAD_BACKEND_AMDGPU};
    for (int t = 0; t < 2; t++) {
        offload_test_jit_image img;
        offload_result r = offload_test_jit_compile(ctx, backends[t], archs[t], ir, sizeof ir - 1, &img);
        CHECK(r == OFFLOAD_ERROR_JIT);
        if (r == OFFLOAD_SUCCESS) {
            offload_test_jit_release(ctx, &img);
            continue;
        }
        CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_UNDEFINED_SYMBOL);
        CHECK(
            contains(offload_context_last_error(ctx), "offload_shuffle_sideways")); /* the compile's reason names it */
    }
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_nvptx_sm70);
    RUN(test_nvptx_sm90);
    RUN(test_amdgpu_gfx90a);
    RUN(test_amdgpu_gfx1030);
    RUN(test_unknown_warp_function_refused);
    return test_summary();
}
#endif /* OFFLOAD_NO_JIT */
