/* tests/test_jit_math.c — the JIT on device code shaped like what CUDA and HIP frontends emit
   (tests/data/jit/): math through the vendors' names (__nv_*, __ocml_*) and the device library's
   portable offload_* names, in float and double; a module that linked libdevice itself and asks
   __nvvm_reflect; a shared-memory reduction with barriers and atomics; a __constant__ table.
   Host results are compared with C's libm; PTX is assembled by ptxas for sm_90 where the CUDA
   toolkit is installed; AMDGPU code objects are checked for a kernel descriptor per kernel and
   for the device's target id. Also: the processor checks, bitcode from a newer LLVM, and the
   errors for a missing vendor library. GPU targets are compiled through the test hooks for a
   device described by its backend and arch, so no GPU or driver is needed. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <dirent.h>
#include <stdint.h>
#include <unistd.h>

#ifdef OFFLOAD_NO_JIT
/* Built without the JIT, this program has nothing to test. */
int main(void) { return test_skip_all("test_jit_math", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <llvm/Config/llvm-config.h>
#include <math.h>

#define PTXAS "/usr/local/cuda/bin/ptxas"

/* ---- helpers ---- */

/* A compiled image, copied out of the cache entry (which is released at once). */
typedef struct image {
    offload_result result;
    char* data;
    size_t size;
} image;

static image compile_bytes(offload_context* ctx, const fake_gpu* dev, const void* ir, size_t size) {
    image out = {OFFLOAD_SUCCESS, NULL, 0};
    offload_test_jit_image img;
    out.result = fake_compile(ctx, dev, ir, size, &img);
    if (out.result != OFFLOAD_SUCCESS) return out;
    out.size = img.size;
    out.data = (char*)calloc(1, out.size + 1);
    if (out.data) memcpy(out.data, img.data, out.size);
    offload_test_jit_release(ctx, &img);
    return out;
}

static image compile_file(offload_context* ctx, const fake_gpu* dev, const char* path) {
    size_t size = 0;
    char* ir = test_read_file(path, &size);
    if (!ir) return (image){OFFLOAD_ERROR_IO, NULL, 0};
    image out = compile_bytes(ctx, dev, ir, size);
    free(ir);
    return out;
}

/* Assembles PTX with ptxas for sm_90: 1 when it accepts it. */
static int ptxas_accepts(const image* ptx) {
    char path[] = "/tmp/offload-jit-math-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return 0;
    size_t length = strlen(ptx->data);
    int ok = write(fd, ptx->data, length) == (ssize_t)length;
    close(fd);
    char cmd[512];
    snprintf(cmd, sizeof cmd, PTXAS " -arch=sm_90 -o /dev/null %s", path);
    ok = ok && system(cmd) == 0;
    unlink(path);
    return ok;
}

/* A kernel descriptor is a 64-byte object named <kernel>.kd. */
static int has_kernel_descriptor(const image* img, const char* kernel) {
    char name[128];
    snprintf(name, sizeof name, "%s.kd", kernel);
    Elf64_Sym sym;
    return amdgpu_symbol(img->data, img->size, name, &sym) && ELF64_ST_TYPE(sym.st_info) == STT_OBJECT &&
           sym.st_size == 64;
}

static int has_bytes(const image* img, const char* text) {
    return img->data && memmem(img->data, img->size, text, strlen(text)) != NULL;
}

static int have_libdevice(void) { return access("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc", R_OK) == 0; }

/* ROCm's device libraries as Debian ships them (written by LLVM 15), in the multiarch directory
   the runtime looks in. */
#if defined(__aarch64__)
#define ROCM_BITCODE "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode"
#else
#define ROCM_BITCODE "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
#endif
static int have_rocm(void) { return access(ROCM_BITCODE "/ocml.bc", R_OK) == 0; }

/* ---- host: portable math against libm ---- */

enum { MATH_N = 96, MATH_FUNCTIONS = 11 };

static double reference(int k, double x, int single) {
    if (single) {
        float v = (float)x;
        float r[MATH_FUNCTIONS] = {expf(v),  logf(v),   sinf(v),  cosf(v),       tanf(v),         sqrtf(v),
                                   fabsf(v), floorf(v), ceilf(v), powf(v, 1.5f), fmaf(v, v, 1.0f)};
        return r[k];
    }
    double r[MATH_FUNCTIONS] = {exp(x),  log(x),   sin(x),  cos(x),      tan(x),        sqrt(x),
                                fabs(x), floor(x), ceil(x), pow(x, 1.5), fma(x, x, 1.0)};
    return r[k];
}

typedef struct math_params {
    int32_t n;
    void* x;
    void* out;
} math_params;

static void run_host_math(offload_context* ctx, offload_program prog, int single) {
    offload_kernel k;
    CHECK_OK(ctx, offload_kernel_get(ctx, prog, single ? "math_f32" : "math_f64", &k));
    float xf[MATH_N], outf[MATH_N * MATH_FUNCTIONS];
    double xd[MATH_N], outd[MATH_N * MATH_FUNCTIONS];
    for (int i = 0; i < MATH_N; i++) {
        xd[i] = 0.05 + 0.037 * i * (i % 2 ? 1 : 1.5); /* positive: log and pow are defined */
        xf[i] = (float)xd[i];
    }
    math_params p = {MATH_N, single ? (void*)xf : (void*)xd, single ? (void*)outf : (void*)outd};
    offload_launch_desc launch = {{(MATH_N + 31) / 32, 1, 1}, {32, 1, 1}, 0, &p, sizeof p};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    int mismatches = 0;
    for (int i = 0; i < MATH_N; i++)
        for (int f = 0; f < MATH_FUNCTIONS; f++) {
            double want = reference(f, single ? xf[i] : xd[i], single);
            double got = single ? outf[i * MATH_FUNCTIONS + f] : outd[i * MATH_FUNCTIONS + f];
            double tolerance = (single ? 1e-6 : 1e-14) * fmax(1.0, fabs(want)); /* the same libm, maybe fused */
            if (fabs(got - want) > tolerance && mismatches++ < 5)
                fprintf(stderr, "  %s f%d(%g) = %.17g, libm says %.17g\n", single ? "float" : "double", f,
                        single ? xf[i] : xd[i], got, want);
        }
    CHECK(mismatches == 0);
}

static void test_host_portable_math_matches_libm(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_device host;
    offload_device_get(ctx, 0, &host);
    offload_program prog;
    REQUIRE_OK(ctx, program_from_file(ctx, host, JIT_DATA "math.ll", &prog));
    run_host_math(ctx, prog, 1);
    run_host_math(ctx, prog, 0);
    offload_context_destroy(ctx);
}

/* ---- host: shared-memory reduction with barriers and atomics ---- */

typedef struct reduce_params {
    int32_t n;
    int32_t* x;
    int64_t* total;
    int32_t* histogram;
} reduce_params;

static void test_host_shared_memory_reduction(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    offload_device host;
    offload_device_get(ctx, 0, &host);
    offload_program prog;
    REQUIRE_OK(ctx, program_from_file(ctx, host, JIT_DATA "reduce_shared.ll", &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "reduce_shared", &k));
    enum { N = 5000 };
    static int32_t x[N];
    int64_t want_total = 0, total = 0;
    int32_t want_histogram[16] = {0}, histogram[16] = {0};
    for (int i = 0; i < N; i++) {
        x[i] = (int32_t)((i * 2654435761u) % 1000) - 300;
        want_total += x[i];
        want_histogram[x[i] & 15]++;
    }
    reduce_params p = {N, x, &total, histogram};
    /* one thread per block on the host (its barrier is a no-op), 8 bytes of shared memory each */
    offload_launch_desc launch = {{16, 1, 1}, {1, 1, 1}, 8, &p, sizeof p};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    CHECK(total == want_total);
    CHECK(memcmp(histogram, want_histogram, sizeof histogram) == 0);
    offload_context_destroy(ctx);
}

/* ---- NVPTX ---- */

static void check_ptx(offload_context* ctx, const char* file, const char* const* kernels) {
    fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    image ptx = compile_file(ctx, &dev, file);
    CHECK_OK(ctx, ptx.result);
    if (ptx.result != OFFLOAD_SUCCESS) return;
    for (const char* const* k = kernels; *k; k++) {
        char entry[128];
        snprintf(entry, sizeof entry, ".entry %s(", *k);
        CHECK(contains(ptx.data, entry));
    }
    CHECK(!contains(ptx.data, ".extern .func")); /* every math call resolved */
    CHECK(!contains(ptx.data, "__nv_acosf"));    /* and only what is used was linked */
    if (access(PTXAS, X_OK) == 0 && !ptxas_accepts(&ptx)) {
        fprintf(stderr, "  ptxas rejected the PTX of %s\n", file);
        CHECK(!"ptxas");
    }
    free(ptx.data);
}

static void test_nvptx_math_and_kernels(void) {
    if (!have_libdevice()) SKIP("the CUDA toolkit's libdevice is not installed");
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    static const char* const portable[] = {"math_f32", "math_f64", NULL};
    static const char* const vendor[] = {"nv_math", NULL}; /* marked only by !nvvm.annotations */
    static const char* const reduce[] = {"reduce_shared", NULL};
    static const char* const table[] = {"scale", NULL};
    check_ptx(ctx, JIT_DATA "math.ll", portable);
    check_ptx(ctx, JIT_DATA "nv_math.ll", vendor);
    check_ptx(ctx, JIT_DATA "reduce_shared.ll", reduce);
    check_ptx(ctx, JIT_DATA "const_table.ll", table);
    offload_context_destroy(ctx);
    if (access(PTXAS, X_OK) != 0) SKIP("ptxas is not installed: PTX produced but not assembled");
}

/* A module that linked all of libdevice itself (as `clang -mlink-builtin-bitcode` does) and calls
   __nvvm_reflect directly: the reflect calls fold before the undefined-symbol check, and
   __CUDA_ARCH is the sm the PTX is generated for. */
static const char reflect_kernel[] =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "@arch = private unnamed_addr addrspace(1) constant [12 x i8] c\"__CUDA_ARCH\\00\"\n"
    "declare float @__nv_expf(float)\n"
    "declare i32 @__nvvm_reflect(i8*)\n"
    "define ptx_kernel void @reflect(float* %x, i32* %arch) {\n"
    "  %v = load float, float* %x\n  %e = call float @__nv_expf(float %v)\n  store float %e, float* %x\n"
    "  %a = call i32 @__nvvm_reflect(i8* addrspacecast (i8 addrspace(1)* getelementptr inbounds ([12 x i8], "
    "[12 x i8] addrspace(1)* @arch, i64 0, i64 0) to i8*))\n"
    "  store i32 %a, i32* %arch\n  ret void\n}\n";

static void test_user_linked_libdevice_and_reflect(void) {
    if (!have_libdevice()) SKIP("the CUDA toolkit's libdevice is not installed");
    LLVMContextRef llvm = LLVMContextCreate();
    LLVMMemoryBufferRef text =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(reflect_kernel, sizeof reflect_kernel - 1, "k");
    LLVMModuleRef module = NULL, libdevice = NULL;
    char* message = NULL;
    REQUIRE(!LLVMParseIRInContext(llvm, text, &module, &message));
    LLVMMemoryBufferRef file = NULL;
    REQUIRE(
        !LLVMCreateMemoryBufferWithContentsOfFile("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc", &file, &message));
    REQUIRE(!LLVMParseBitcodeInContext2(llvm, file, &libdevice));
    LLVMDisposeMemoryBuffer(file);
    LLVMSetTarget(libdevice, LLVMGetTarget(module));
    REQUIRE(!LLVMLinkModules2(module, libdevice));
    LLVMMemoryBufferRef bitcode = LLVMWriteBitcodeToMemoryBuffer(module);
    LLVMDisposeModule(module);
    LLVMContextDispose(llvm);

    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    image ptx = compile_bytes(ctx, &dev, LLVMGetBufferStart(bitcode), LLVMGetBufferSize(bitcode));
    LLVMDisposeMemoryBuffer(bitcode);
    CHECK_OK(ctx, ptx.result);
    if (ptx.data) {
        CHECK(contains(ptx.data, LLVM_VERSION_MAJOR >= 16 ? "900;" : "860;")); /* __CUDA_ARCH, stored */
        CHECK(!contains(ptx.data, "__nvvm_reflect"));
        CHECK(!contains(ptx.data, "__nv_acosf")); /* the unused rest of libdevice is gone */
        if (access(PTXAS, X_OK) == 0) CHECK(ptxas_accepts(&ptx));
    }
    free(ptx.data);
    offload_context_destroy(ctx);
}

/* The module's "nvvm-reflect-ftz" flag (clang's -fgpu-flush-denormals-to-zero) decides
   __CUDA_FTZ, so libdevice's expf takes its flush-to-zero path (fma.rn.ftz) exactly when the
   flag is 1, whatever desc.jit.fast_math says. */
static void test_flush_to_zero_flag(void) {
    if (!have_libdevice()) SKIP("the CUDA toolkit's libdevice is not installed");
    static const char body[] =
        "target triple = \"nvptx64-nvidia-cuda\"\n"
        "declare float @__nv_expf(float)\n"
        "define ptx_kernel void @e(float* %x) {\n"
        "  %v = load float, float* %x\n  %r = call float @__nv_expf(float %v)\n  store float %r, float* %x\n  ret void\n}\n";
    static const char* const flags[] = {"", "!llvm.module.flags = !{!0}\n!0 = !{i32 4, !\"nvvm-reflect-ftz\", i32 1}\n",
                                        "!llvm.module.flags = !{!0}\n!0 = !{i32 4, !\"nvvm-reflect-ftz\", i32 0}\n"};
    for (int fast = 0; fast < 2; fast++) {
        offload_jit_desc jd = {0};
        jd.isolation = TEST_JIT_ISOLATION;
        jd.fast_math = fast;
        offload_context* ctx = make_context_with(&jd);
        REQUIRE(ctx);
        fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_80");
        for (int f = 0; f < 3; f++) {
            char ir[1024];
            snprintf(ir, sizeof ir, "%s%s", body, flags[f]);
            image ptx = compile_bytes(ctx, &dev, ir, strlen(ir));
            CHECK_OK(ctx, ptx.result);
            int want_ftz = f == 0 ? fast : f == 1;
            if (ptx.data && contains(ptx.data, "fma.rn.ftz.f32") != want_ftz) {
                fprintf(stderr, "  fast_math %d, flag variant %d: ftz %s\n", fast, f,
                        want_ftz ? "missing" : "unexpected");
                CHECK(!"flush to zero");
            }
            free(ptx.data);
        }
        offload_context_destroy(ctx);
    }
}

/* ---- AMDGPU ---- */

static void check_code_object(offload_context* ctx, const char* arch, const char* file, const char* const* kernels) {
    fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, arch);
    image object = compile_file(ctx, &dev, file);
    CHECK_OK(ctx, object.result);
    for (const char* const* k = kernels; object.data && *k; k++) {
        if (has_kernel_descriptor(&object, *k)) continue;
        fprintf(stderr, "  %s for %s: no kernel descriptor %s.kd\n", file, arch, *k);
        CHECK(!"kernel descriptor");
    }
    free(object.data);
}

static void test_amdgpu_math_and_kernels(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    static const char* const portable[] = {"math_f32", "math_f64", NULL};
    static const char* const vendor[] = {"ocml_math", NULL};
    static const char* const reduce[] = {"reduce_shared", NULL};
    /* no vendor library needed */
    check_code_object(ctx, "gfx90a", JIT_DATA "reduce_shared.ll", reduce);
    check_code_object(ctx, "gfx1030", JIT_DATA "reduce_shared.ll", reduce);
    if (!have_rocm()) {
        offload_context_destroy(ctx);
        SKIP("rocm-device-libs is not installed (%s)", ROCM_BITCODE);
    }
    if (LLVM_VERSION_MAJOR < 15) {
        /* Debian's device libraries were written by LLVM 15: a clear refusal naming both versions */
        fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a");
        image object = compile_file(ctx, &dev, JIT_DATA "ocml_math.ll");
        CHECK_RESULT(ctx, object.result, OFFLOAD_ERROR_JIT);
        CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_IR_FROM_NEWER_LLVM);
        const char* why = offload_context_last_error(ctx); /* the compile's reason: the file and both versions */
        CHECK(contains(why, "ocml.bc") && contains(why, "LLVM15") && contains(why, LLVM_VERSION_STRING));
        free(object.data);
        offload_context_destroy(ctx);
        return;
    }
    check_code_object(ctx, "gfx90a", JIT_DATA "ocml_math.ll", vendor);
    check_code_object(ctx, "gfx90a", JIT_DATA "math.ll", portable);
    check_code_object(ctx, "gfx1030", JIT_DATA "math.ll", portable); /* wave32 control library */
    offload_context_destroy(ctx);
}

/* The ROCm control libraries follow what the module was compiled for, as clang records it on
   its kernels; each is observed in the linked module (the dump taken before optimisation) by
   the constant it defines, and in the log line that says where each choice came from. */

/* A kernel that reads the four math-mode constants and calls ocml (so that ROCm is linked) and
   llvm.sqrt (with the !fpmath of sqrt_md), with attributes; a second kernel when other_attributes. */
static void oclc_module(char* out, size_t capacity, const char* attributes, const char* other_attributes,
                        const char* sqrt_md) {
    static const char* const names[] = {"__oclc_daz_opt", "__oclc_finite_only_opt", "__oclc_unsafe_math_opt",
                                        "__oclc_correctly_rounded_sqrt32"};
    size_t used = (size_t)snprintf(out, capacity,
                                   "target triple = \"amdgcn-amd-amdhsa\"\n"
                                   "declare float @__ocml_exp_f32(float)\ndeclare float @llvm.sqrt.f32(float)\n");
    for (int i = 0; i < 4; i++)
        used += (size_t)snprintf(out + used, capacity - used, "@%s = external addrspace(4) constant i8\n", names[i]);
    used +=
        (size_t)snprintf(out + used, capacity - used,
                         "define amdgpu_kernel void @modes(i8 addrspace(1)* %%out, float addrspace(1)* %%x) #0 {\n"
                         "  %%v = load float, float addrspace(1)* %%x\n  %%e = call float @__ocml_exp_f32(float %%v)\n"
                         "  %%s = call float @llvm.sqrt.f32(float %%e)%s\n  store float %%s, float addrspace(1)* %%x\n",
                         sqrt_md);
    for (int i = 0; i < 4; i++)
        used += (size_t)snprintf(out + used, capacity - used,
                                 "  %%m%d = load i8, i8 addrspace(4)* @%s\n"
                                 "  %%p%d = getelementptr i8, i8 addrspace(1)* %%out, i64 %d\n"
                                 "  store i8 %%m%d, i8 addrspace(1)* %%p%d\n",
                                 i, names[i], i, i, i, i);
    used +=
        (size_t)snprintf(out + used, capacity - used, "  ret void\n}\nattributes #0 = { nounwind %s }\n", attributes);
    if (other_attributes)
        used += (size_t)snprintf(
            out + used, capacity - used,
            "define amdgpu_kernel void @other(float addrspace(1)* %%x) #1 {\n"
            "  %%v = load float, float addrspace(1)* %%x\n  %%e = call float @__ocml_exp_f32(float %%v)\n"
            "  store float %%e, float addrspace(1)* %%x\n  ret void\n}\nattributes #1 = { nounwind %s }\n",
            other_attributes);
    if (*sqrt_md) snprintf(out + used, capacity - used, "!0 = !{float 2.500000e+00}\n");
}

/* The value the linked module gives the constant `name` (-1: not defined there). */
static int linked_constant(const char* module, const char* name) {
    char definition[96];
    snprintf(definition, sizeof definition, "\n@%s = ", name);
    const char* at = strstr(module, definition);
    const char* end = at ? strchr(at + 1, '\n') : NULL;
    if (!end) return -1;
    const char* value = strstr(at, "constant i8 ");
    return value && value < end ? atoi(value + 12) : -1;
}

/* The text of the one "*.before.ll" dump in dir (malloc'd), removing the dump files. */
static char* take_linked_dump(const char* dir) {
    char* text = NULL;
    DIR* d = opendir(dir);
    for (struct dirent* e; d && (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t size = 0;
        if (!text && strstr(e->d_name, ".before.ll")) text = test_read_file(path, &size);
        unlink(path);
    }
    if (d) closedir(d);
    return text;
}

static void test_rocm_control_libraries_follow_the_module(void) {
    if (!have_rocm()) SKIP("rocm-device-libs is not installed (%s)", ROCM_BITCODE);
    if (LLVM_VERSION_MAJOR < 15)
        SKIP("Debian's ROCm device libraries are LLVM 15 bitcode, which LLVM %d cannot read", LLVM_VERSION_MAJOR);
    static const char daz[] = "\"denormal-fp-math-f32\"=\"preserve-sign,preserve-sign\"";
    static const char fpmath[] = ", !fpmath !0";
    static const struct {
        const char* attributes;
        const char* other; /* a second kernel's attributes, or NULL */
        const char* sqrt_md;
        int fast_math;
        int want[4]; /* daz, finite only, unsafe math, correctly rounded sqrt */
        const char* note;
    } cases[] = {
        {"", NULL, "", 0, {0, 0, 0, 1}, "oclc_daz_opt_off (the default"},
        {daz, NULL, "", 0, {1, 0, 0, 1}, "oclc_daz_opt_on (the module"},
        {"\"denormal-fp-math\"=\"positive-zero\"", NULL, "", 0, {1, 0, 0, 1}, NULL},          /* one mode: inputs too */
        {"\"denormal-fp-math-f32\"=\"preserve-sign,ieee\"", NULL, "", 0, {0, 0, 0, 1}, NULL}, /* inputs kept */
        {"\"denormal-fp-math\"=\"preserve-sign\" \"denormal-fp-math-f32\"=\"ieee,ieee\"",
         NULL,
         "",
         0,
         {0, 0, 0, 1},
         NULL},
        {"\"no-infs-fp-math\"=\"true\" \"no-nans-fp-math\"=\"true\"",
         NULL,
         "",
         0,
         {0, 1, 0, 1},
         "oclc_finite_only_on (the module"},
        {"\"no-infs-fp-math\"=\"true\"", NULL, "", 0, {0, 0, 0, 1}, NULL}, /* -fno-honor-infinities alone */
        {"\"unsafe-fp-math\"=\"true\"", NULL, "", 0, {0, 0, 1, 1}, "oclc_unsafe_math_on (the module"},
        {"", NULL, fpmath, 0, {0, 0, 0, 0}, "oclc_correctly_rounded_sqrt_off (the module"},
        {daz, "", "", 0, {0, 0, 0, 1}, "oclc_daz_opt_off (the default: the module is mixed"},
        {daz, daz, "", 0, {1, 0, 0, 1}, NULL},
        {"", NULL, "", 1, {1, 1, 1, 0}, "oclc_daz_opt_on (desc.jit.fast_math"},
    };
    static const char* const names[] = {"__oclc_daz_opt", "__oclc_finite_only_opt", "__oclc_unsafe_math_opt",
                                        "__oclc_correctly_rounded_sqrt32"};
    char dir[] = "/tmp/offload-oclc-XXXXXX";
    REQUIRE(mkdtemp(dir));
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        log_lines log = {0};
        offload_context_desc desc = {0};
        desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
        desc.no_environment = 1;
        desc.log = keep_log_line;
        desc.log_user_data = &log;
        desc.log_level = OFFLOAD_LOG_DEBUG;
        desc.jit.isolation = TEST_JIT_ISOLATION;
        desc.jit.dump_dir = dir;
        desc.jit.fast_math = cases[c].fast_math;
        offload_context* ctx = NULL;
        REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
        char ir[8192];
        oclc_module(ir, sizeof ir, cases[c].attributes, cases[c].other, cases[c].sqrt_md);
        fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a");
        image object = compile_bytes(ctx, &dev, ir, strlen(ir));
        CHECK_OK(ctx, object.result);
        free(object.data);
        char* linked = take_linked_dump(dir);
        CHECK(linked != NULL);
        for (int m = 0; linked && m < 4; m++) {
            int got = linked_constant(linked, names[m]);
            if (got == cases[c].want[m]) continue;
            fprintf(stderr, "  case %zu: %s is %d, want %d\n", c, names[m], got, cases[c].want[m]);
            CHECK(!"control library");
        }
        if (cases[c].note && !contains(log.text, cases[c].note)) {
            fprintf(stderr, "  case %zu: the log lacks '%s':\n%s", c, cases[c].note, log.text);
            CHECK(!"log");
        }
        free(linked);
        offload_context_destroy(ctx);
    }
    rmdir(dir);
}

/* ---- processor checks ---- */

static void test_processor_checks(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    /* HIP IR for gfx90a on a gfx908: refused, naming both */
    fake_gpu gfx908 = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx908");
    image img = compile_file(ctx, &gfx908, JIT_DATA "ocml_math.ll");
    CHECK_RESULT(ctx, img.result, OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_PROCESSOR_MISMATCH);
    CHECK(contains(offload_context_last_error(ctx), "gfx90a") && contains(offload_context_last_error(ctx), "gfx908"));
    /* CUDA IR for sm_80 on an sm_75: refused; on an sm_90 it runs forward (test_nvptx_math_and_kernels) */
    fake_gpu sm75 = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_75");
    img = compile_file(ctx, &sm75, JIT_DATA "nv_math.ll");
    CHECK_RESULT(ctx, img.result, OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_PROCESSOR_MISMATCH);
    CHECK(contains(offload_context_last_error(ctx), "sm_80") && contains(offload_context_last_error(ctx), "sm_75"));
    /* the device's features reach the code object: target id and ELF flags */
    fake_gpu ecc = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a:sramecc+:xnack-");
    img = compile_file(ctx, &ecc, JIT_DATA "saxpy.ll");
    CHECK_OK(ctx, img.result);
    if (img.data) {
        CHECK(has_bytes(&img, "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"));
        Elf64_Ehdr eh;
        memcpy(&eh, img.data, sizeof eh);
        CHECK((eh.e_flags & 0xf00u) == (0xc00u /* SRAMECC_ON_V4 */ | 0x200u /* XNACK_OFF_V4 */));
    }
    free(img.data);
    /* no features given: the target id names the processor only */
    fake_gpu plain = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a");
    img = compile_file(ctx, &plain, JIT_DATA "saxpy.ll");
    CHECK_OK(ctx, img.result);
    if (img.data) CHECK(!has_bytes(&img, "gfx90a:sramecc"));
    free(img.data);
    offload_context_destroy(ctx);
}

/* ---- bitcode from a newer LLVM ---- */

/* Bits, least significant first, as LLVM's bitstream writer lays them out. */
typedef struct bit_writer {
    unsigned char data[256];
    size_t bit;
} bit_writer;

static void put_bits(bit_writer* w, uint64_t value, unsigned width) {
    for (unsigned i = 0; i < width; i++, w->bit++)
        if ((value >> i) & 1) w->data[w->bit / 8] |= (unsigned char)(1u << (w->bit % 8));
}

static void put_vbr(bit_writer* w, uint64_t value, unsigned width) {
    uint64_t high = 1ull << (width - 1);
    for (; value >= high; value >>= width - 1) put_bits(w, (value & (high - 1)) | high, width);
    put_bits(w, value, width);
}

/* "BC" 0xC0DE, then an identification block whose producer record names `producer`, then junk. */
static size_t fake_bitcode(unsigned char* out, const char* producer) {
    bit_writer w;
    memset(&w, 0, sizeof w);
    put_bits(&w, 0xdec04342u, 32);
    put_bits(&w, 1, 2); /* ENTER_SUBBLOCK */
    put_vbr(&w, 13, 8); /* IDENTIFICATION_BLOCK_ID */
    put_vbr(&w, 5, 4);  /* abbreviation width inside */
    w.bit = (w.bit + 31) / 32 * 32;
    put_bits(&w, 4, 32); /* block length in words */
    put_bits(&w, 3, 5);  /* UNABBREV_RECORD */
    put_vbr(&w, 1, 6);   /* IDENTIFICATION_CODE_STRING */
    put_vbr(&w, strlen(producer), 6);
    for (const char* p = producer; *p; p++) put_vbr(&w, (unsigned char)*p, 6);
    size_t size = (w.bit + 7) / 8 + 16;
    memcpy(out, w.data, size);
    return size;
}

static void test_newer_bitcode_is_refused_by_name(void) {
    offload_context* ctx = make_context_with(NULL);
    REQUIRE(ctx);
    unsigned char bitcode[256];
    size_t size = fake_bitcode(bitcode, "LLVM99.1.0");
    char producer[64];
    CHECK(offload_test_jit_bitcode_producer(bitcode, size, producer, sizeof producer) &&
          !strcmp(producer, "LLVM99.1.0"));
    offload_device host;
    offload_device_get(ctx, 0, &host);
    offload_program prog;
    offload_program_desc desc = {0};
    desc.image = bitcode;
    desc.size = size;
    CHECK_RESULT(ctx, offload_program_create(ctx, host, &desc, &prog), OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_IR_FROM_NEWER_LLVM);
    const char* why = offload_context_last_error(ctx); /* the compile's reason names both versions */
    CHECK(contains(why, "LLVM99.1.0") && contains(why, LLVM_VERSION_STRING));
    /* bitcode of this very LLVM reads its own producer and compiles */
    LLVMContextRef llvm = LLVMContextCreate();
    LLVMModuleRef module = LLVMModuleCreateWithNameInContext("m", llvm);
    LLVMMemoryBufferRef own = LLVMWriteBitcodeToMemoryBuffer(module);
    CHECK(
        offload_test_jit_bitcode_producer(LLVMGetBufferStart(own), LLVMGetBufferSize(own), producer, sizeof producer) &&
        contains(producer, "LLVM" LLVM_VERSION_STRING));
    LLVMDisposeMemoryBuffer(own);
    LLVMDisposeModule(module);
    LLVMContextDispose(llvm);
    offload_context_destroy(ctx);
}

/* ---- missing vendor libraries ---- */

static void test_missing_vendor_library_is_named(void) {
    offload_jit_desc jit = {0};
    jit.libdevice_path = "/nonexistent/libdevice.10.bc";
    jit.rocm_device_libs = "/nonexistent/bitcode";
    offload_context* ctx = make_context_with(&jit);
    REQUIRE(ctx);
    fake_gpu nv = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    image img = compile_file(ctx, &nv, JIT_DATA "nv_math.ll");
    CHECK_RESULT(ctx, img.result, OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_VENDOR_LIBRARY_MISSING);
    /* the compile's reason: the function, the library and where it was looked for, how to name it */
    const char* why = offload_context_last_error(ctx);
    CHECK(contains(why, "'__nv_") && contains(why, "libdevice") && contains(why, "/nonexistent/libdevice.10.bc") &&
          contains(why, "OFFLOAD_JIT_LIBDEVICE"));
    fake_gpu amd = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a");
    img = compile_file(ctx, &amd, JIT_DATA "ocml_math.ll");
    CHECK_RESULT(ctx, img.result, OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_VENDOR_LIBRARY_MISSING);
    why = offload_context_last_error(ctx);
    CHECK(contains(why, "'__ocml_") && contains(why, "/nonexistent/bitcode/ocml.bc") &&
          contains(why, "OFFLOAD_JIT_ROCM_DEVICE_LIBS"));
    /* a kernel without math needs neither */
    img = compile_file(ctx, &nv, JIT_DATA "saxpy.ll");
    CHECK_OK(ctx, img.result);
    free(img.data);
    img = compile_file(ctx, &amd, JIT_DATA "saxpy.ll");
    CHECK_OK(ctx, img.result);
    free(img.data);
    offload_context_destroy(ctx);
}

/* libdevice_path "none": never libdevice. An NVIDIA target has nothing in its place, so a module
   calling __nv_* is refused as for a missing library (the host maps them to the C library:
   tests/test_cuda_host.c); a module without them compiles. */
static void test_no_libdevice_on_nvidia(void) {
    offload_jit_desc jit = {0};
    jit.libdevice_path = "none";
    offload_context* ctx = make_context_with(&jit);
    REQUIRE(ctx);
    fake_gpu nv = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    image img = compile_file(ctx, &nv, JIT_DATA "nv_math.ll");
    CHECK_RESULT(ctx, img.result, OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_VENDOR_LIBRARY_MISSING);
    /* the compile's reason: the function, the library set to "none", how to name it */
    const char* why = offload_context_last_error(ctx);
    CHECK(contains(why, "'__nv_") && contains(why, "libdevice") && contains(why, "\"none\"") &&
          contains(why, "OFFLOAD_JIT_LIBDEVICE"));
    img = compile_file(ctx, &nv, JIT_DATA "saxpy.ll");
    CHECK_OK(ctx, img.result);
    free(img.data);
    offload_context_destroy(ctx);
}

/* ---- __constant__ through the simulated CUDA driver ---- */

static void test_constant_table_through_the_cuda_backend(void) {
    if (access(CUDA_SIM, R_OK) != 0) SKIP("the simulated CUDA driver is not built (%s)", CUDA_SIM);
    offload_context* ctx = make_sim_context(NULL);
    REQUIRE(ctx);
    offload_device gpu;
    REQUIRE_OK(ctx, offload_device_get(ctx, 1, &gpu));
    offload_program prog;
    CHECK_OK(ctx, program_from_file(ctx, gpu, JIT_DATA "const_table.ll", &prog));
    int32_t coeffs[4] = {0};
    CHECK_OK(ctx, offload_global_read(ctx, prog, "coeffs", 0, coeffs, sizeof coeffs));
    CHECK(coeffs[0] == 3 && coeffs[1] == 5 && coeffs[2] == 7 && coeffs[3] == 11);
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_host_portable_math_matches_libm);
    RUN(test_host_shared_memory_reduction);
    RUN(test_nvptx_math_and_kernels);
    RUN(test_user_linked_libdevice_and_reflect);
    RUN(test_flush_to_zero_flag);
    RUN(test_amdgpu_math_and_kernels);
    RUN(test_rocm_control_libraries_follow_the_module);
    RUN(test_processor_checks);
    RUN(test_newer_bitcode_is_refused_by_name);
    RUN(test_missing_vendor_library_is_named);
    RUN(test_no_libdevice_on_nvidia);
    RUN(test_constant_table_through_the_cuda_backend);
    return test_summary();
}
#endif /* OFFLOAD_NO_JIT */
