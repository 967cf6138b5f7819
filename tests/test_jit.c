/* tests/test_jit.c — the JIT end to end: portable IR kernels (saxpy, a 2D stencil, a reduction
   into a global) compiled and run on the host device; the cache (the address-reuse regression,
   one compile per key, independent contexts, the persistent cache and its corruption handling);
   PTX for sm_90 checked by ptxas; AMDGPU code objects checked with an ELF reader, and loaded and
   run on the simulated HSA runtime (the code-object version it accepts, whatever LLVM defaults
   to); a module that needs two InstCombine iterations (fatal in LLVM 18+ without
   no-verify-fixpoint) in both isolation modes; where compiles run; LLVM fatal
   errors on real OpenMP device-runtime bitcode; every error path; the debug knobs. GPU targets
   are compiled through the test hooks for a device described by its backend and arch, so no GPU
   or driver is needed. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdint.h>
#include <unistd.h>

#ifdef OFFLOAD_NO_JIT
/* Built without the JIT, this program has nothing to test. */
int main(void) { return test_skip_all("test_jit", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm/Config/llvm-config.h>
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define OMP_NVPTX "/usr/lib/llvm-14/lib/libomptarget-new-nvptx-sm_80.bc"
#define OMP_AMDGPU "/usr/lib/llvm-14/lib/libomptarget-new-amdgpu-gfx90a.bc"

/* ---- helpers ---- */

static offload_context* make_context(void) { return make_context_with(NULL); }

static offload_device host_device(offload_context* ctx) {
    offload_device dev = {0};
    offload_device_get(ctx, 0, &dev);
    return dev;
}

static offload_result load_ir(offload_context* ctx, const void* ir, size_t size, offload_program* out) {
    offload_program_desc desc = {0};
    desc.image = ir;
    desc.size = size;
    desc.name = "test";
    return offload_program_create(ctx, host_device(ctx), &desc, out);
}

static offload_result load_file(offload_context* ctx, const char* path, offload_program* out) {
    size_t size = 0;
    char* ir = test_read_file(path, &size);
    if (!ir) return OFFLOAD_ERROR_IO;
    offload_result r = load_ir(ctx, ir, size, out);
    free(ir);
    return r;
}

static offload_jit_stats stats_of(offload_context* ctx) {
    offload_jit_stats s;
    memset(&s, 0xff, sizeof s);
    offload_jit_get_stats(ctx, &s);
    return s;
}

typedef struct saxpy_params {
    int32_t n;
    float a;
    float* x;
    float* y;
} saxpy_params;

/* Runs saxpy (a = 2) over n elements with x[i] = i, y[i] = 1 and checks y[i] = 2i + 1. */
static int run_saxpy(offload_context* ctx, offload_program prog, uint32_t n) {
    offload_kernel k;
    if (offload_kernel_get(ctx, prog, "saxpy", &k) != OFFLOAD_SUCCESS) return 0;
    float *x = NULL, *y = NULL;
    offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, n * sizeof(float), (void**)&x);
    offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, n * sizeof(float), (void**)&y);
    if (!x || !y) return 0;
    for (uint32_t i = 0; i < n; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    saxpy_params p = {(int32_t)n, 2.0f, x, y};
    offload_launch_desc launch = {{(n + 63) / 64, 1, 1}, {64, 1, 1}, 0, &p, sizeof p};
    int ok = offload_launch(ctx, (offload_queue){0}, k, &launch) == OFFLOAD_SUCCESS;
    for (uint32_t i = 0; ok && i < n; i++) ok = (y[i] == 2.0f * (float)i + 1.0f);
    offload_mem_free(ctx, x);
    offload_mem_free(ctx, y);
    return ok;
}

/* Loads saxpy.ll in ctx and runs it over n elements. */
static int saxpy_in(offload_context* ctx, uint32_t n) {
    offload_program prog;
    if (load_file(ctx, JIT_DATA "saxpy.ll", &prog) != OFFLOAD_SUCCESS) return 0;
    int ok = run_saxpy(ctx, prog, n);
    return offload_program_destroy(ctx, prog) == OFFLOAD_SUCCESS && ok;
}

/* ---- host kernels ---- */

static void test_host_saxpy(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    CHECK(saxpy_in(ctx, 1000));
    offload_context_destroy(ctx);
}

typedef struct stencil_params {
    int32_t w, h;
    float* in;
    float* out;
} stencil_params;

static void test_host_stencil_2d(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_file(ctx, JIT_DATA "stencil.ll", &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "stencil", &k));
    enum { W = 37, H = 23 };
    float *in = NULL, *out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, W * H * sizeof(float), (void**)&in));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, W * H * sizeof(float), (void**)&out));
    for (int i = 0; i < W * H; i++) {
        in[i] = (float)((i * 7) % 13);
        out[i] = -1.0f;
    }
    stencil_params p = {W, H, in, out};
    offload_launch_desc launch = {{(W + 7) / 8, (H + 3) / 4, 1}, {8, 4, 1}, 0, &p, sizeof p};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    int bad = 0;
    for (int r = 0; r < H; r++) {
        for (int c = 0; c < W; c++) {
            int i = r * W + c;
            int interior = r > 0 && r < H - 1 && c > 0 && c < W - 1;
            float want = interior ? (in[i] + in[i - 1] + in[i + 1] + in[i - W] + in[i + W]) / 5.0f : -1.0f;
            bad += out[i] != want;
        }
    }
    CHECK(bad == 0);
    offload_mem_free(ctx, in);
    offload_mem_free(ctx, out);
    offload_context_destroy(ctx);
}

typedef struct reduce_params {
    int32_t n;
    int32_t* x;
} reduce_params;

static void test_host_reduce_into_global(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_file(ctx, JIT_DATA "reduce.ll", &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "reduce", &k));
    enum { N = 10000 };
    int32_t* x = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, N * sizeof(int32_t), (void**)&x));
    int64_t want = 0;
    for (int i = 0; i < N; i++) want += (x[i] = (i % 17) - 5);
    void* address = NULL;
    size_t size = 0;
    CHECK_OK(ctx, offload_global_get(ctx, prog, "total", &address, &size));
    CHECK(address != NULL && size == sizeof(int64_t));
    reduce_params p = {N, x};
    /* fewer threads than elements: each strides by the grid size */
    offload_launch_desc launch = {{7, 1, 1}, {32, 1, 1}, 0, &p, sizeof p};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    int64_t total = 0;
    CHECK_OK(ctx, offload_global_read(ctx, prog, "total", 0, &total, sizeof total));
    CHECK(total == want);
    offload_mem_free(ctx, x);
    offload_context_destroy(ctx);
}

static const char shared_ir[] = "define void @blocksum(i32* %out) \"offload-kernel\" {\n"
                                "  %m = call i8* @offload_shared_memory()\n"
                                "  %s = bitcast i8* %m to i32*\n"
                                "  %b = call i32 @offload_block_id(i32 0)\n"
                                "  store i32 %b, i32* %s, align 4\n"
                                "  call void @offload_barrier()\n"
                                "  %v = load i32, i32* %s, align 4\n"
                                "  %w = add i32 %v, 100\n"
                                "  %i = zext i32 %b to i64\n"
                                "  %p = getelementptr inbounds i32, i32* %out, i64 %i\n"
                                "  store i32 %w, i32* %p, align 4\n"
                                "  ret void\n}\n"
                                "declare i8* @offload_shared_memory()\n"
                                "declare void @offload_barrier()\n"
                                "declare i32 @offload_block_id(i32)\n";

/* Shared memory is per block and the barrier exists (a no-op on the host). */
static void test_host_shared_memory_and_barrier(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_ir(ctx, shared_ir, sizeof shared_ir - 1, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "blocksum", &k));
    int32_t out[8] = {0};
    int32_t* o = out;
    offload_launch_desc launch = {{8, 1, 1}, {1, 1, 1}, 64, &o, sizeof o};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    for (int i = 0; i < 8; i++) CHECK(out[i] == 100 + i);
    offload_context_destroy(ctx);
}

/* ---- the cache ---- */

/* Same size, different behaviour: kernel "k" multiplies by 2 in A and adds 100 in B. */
static const char reuse_a[] =
    "define void @k(i32* %p) \"offload-kernel\" {\n  %v = load i32, i32* %p\n  %w = mul i32 %v, 2  \n"
    "  store i32 %w, i32* %p\n  ret void\n}\n";
static const char reuse_b[] =
    "define void @k(i32* %p) \"offload-kernel\" {\n  %v = load i32, i32* %p\n  %w = add i32 %v, 100\n"
    "  store i32 %w, i32* %p\n  ret void\n}\n";

static int run_k(offload_context* ctx, offload_program prog, int32_t in) {
    offload_kernel k;
    if (offload_kernel_get(ctx, prog, "k", &k) != OFFLOAD_SUCCESS) return -1;
    int32_t value = in;
    int32_t* p = &value;
    offload_launch_desc launch = {{1, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
    if (offload_launch(ctx, (offload_queue){0}, k, &launch) != OFFLOAD_SUCCESS) return -1;
    return value;
}

/* The bug the cache is built around: upstream keyed it by the image's address, so a new image at
   a freed image's address got the old program. */
static void test_address_reuse_regression(void) {
    _Static_assert(sizeof reuse_a == sizeof reuse_b, "the two modules must have the same size");
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    char* buffer = (char*)malloc(sizeof reuse_a);
    REQUIRE(buffer);
    memcpy(buffer, reuse_a, sizeof reuse_a);
    offload_program a;
    REQUIRE_OK(ctx, load_ir(ctx, buffer, sizeof reuse_a - 1, &a));
    CHECK(run_k(ctx, a, 21) == 42);
    CHECK_OK(ctx, offload_program_destroy(ctx, a));
    CHECK(stats_of(ctx).entries == 0); /* dropped with its last program */

    /* The same heap buffer now holds B: the same address, the same size, other bytes. */
    char* same = buffer;
    memcpy(same, reuse_b, sizeof reuse_b);
    offload_program b;
    REQUIRE_OK(ctx, load_ir(ctx, same, sizeof reuse_b - 1, &b));
    CHECK(run_k(ctx, b, 21) == 121);
    offload_jit_stats s = stats_of(ctx);
    CHECK(s.hits == 0);
    CHECK(s.entries == 1);
    CHECK_OK(ctx, offload_program_destroy(ctx, b));
    free(same);
    offload_context_destroy(ctx);
}

/* The same with A still alive: A's entry is in the cache when B arrives at A's address, so a
   key made of the address (or of anything but the bytes) hands B A's code. Both run, each
   computes its own result. */
static void test_address_reuse_while_the_first_program_lives(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    char* buffer = (char*)malloc(sizeof reuse_a);
    REQUIRE(buffer);
    memcpy(buffer, reuse_a, sizeof reuse_a);
    offload_program a, b;
    REQUIRE_OK(ctx, load_ir(ctx, buffer, sizeof reuse_a - 1, &a));
    memcpy(buffer, reuse_b, sizeof reuse_b);
    REQUIRE_OK(ctx, load_ir(ctx, buffer, sizeof reuse_b - 1, &b));
    CHECK(run_k(ctx, a, 21) == 42);
    CHECK(run_k(ctx, b, 21) == 121);
    CHECK(run_k(ctx, a, 5) == 10);
    offload_jit_stats s = stats_of(ctx);
    CHECK(s.hits == 0 && s.misses == 2 && s.entries == 2);
    CHECK_OK(ctx, offload_program_destroy(ctx, a));
    CHECK(run_k(ctx, b, 5) == 105);
    CHECK_OK(ctx, offload_program_destroy(ctx, b));
    free(buffer);
    offload_context_destroy(ctx);
}

static void test_same_ir_twice_compiles_once(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program p1, p2;
    REQUIRE_OK(ctx, load_file(ctx, JIT_DATA "saxpy.ll", &p1));
    REQUIRE_OK(ctx, load_file(ctx, JIT_DATA "saxpy.ll", &p2)); /* another buffer, same bytes */
    offload_jit_stats s = stats_of(ctx);
    CHECK(s.misses == 1);
    CHECK(s.hits == 1);
    CHECK(s.entries == 1);
    CHECK(s.compile_ns > 0);
    CHECK(run_saxpy(ctx, p2, 100));
    CHECK_OK(ctx, offload_program_destroy(ctx, p1));
    CHECK(stats_of(ctx).entries == 1); /* p2 still holds it */
    CHECK(run_saxpy(ctx, p2, 100));
    CHECK_OK(ctx, offload_program_destroy(ctx, p2));
    CHECK(stats_of(ctx).entries == 0);
    offload_context_destroy(ctx);
}

static void test_two_contexts_have_independent_caches(void) {
    offload_context* c1 = make_context();
    offload_context* c2 = make_context();
    REQUIRE(c1 && c2);
    offload_program p1, p2;
    REQUIRE_OK(c1, load_file(c1, JIT_DATA "saxpy.ll", &p1));
    REQUIRE_OK(c2, load_file(c2, JIT_DATA "saxpy.ll", &p2));
    CHECK(stats_of(c1).misses == 1 && stats_of(c1).hits == 0);
    CHECK(stats_of(c2).misses == 1 && stats_of(c2).hits == 0);
    offload_context_destroy(c1); /* c2's program must not depend on anything c1 owned */
    CHECK(run_saxpy(c2, p2, 64));
    offload_context_destroy(c2);
}

/* Options are part of the key: the same IR at another opt level is another entry. */
static void test_options_are_part_of_the_key(void) {
    offload_jit_desc o0 = {0};
    o0.opt_level = OFFLOAD_JIT_OPT_O0;
    offload_context* ctx = make_context_with(&o0);
    REQUIRE(ctx);
    CHECK(saxpy_in(ctx, 300));
    offload_jit_desc o2 = {0};
    o2.opt_level = OFFLOAD_JIT_OPT_O2;
    offload_context* other = make_context_with(&o2);
    REQUIRE(other);
    char k1[512], k2[512];
    size_t size = 0;
    char* ir = test_read_file(JIT_DATA "saxpy.ll", &size);
    REQUIRE(ir);
    offload_device host = host_device(ctx);
    CHECK_OK(ctx, offload_test_jit_key(ctx, host, ir, size, k1, sizeof k1));
    CHECK_OK(other, offload_test_jit_key(other, host, ir, size, k2, sizeof k2));
    CHECK(strcmp(k1, k2) != 0);
    offload_context_destroy(other);
    CHECK(!contains(k1, "0x")); /* nothing that looks like an address */
    free(ir);
    offload_context_destroy(ctx);
}

static void test_isolation_none_runs_in_process(void) {
    offload_jit_desc none = {0};
    none.isolation = OFFLOAD_JIT_ISOLATION_NONE;
    offload_context* ctx = make_context_with(&none);
    REQUIRE(ctx);
    CHECK(saxpy_in(ctx, 500));
    offload_context_destroy(ctx);
}

/* ---- persistent cache ---- */

/* The first file in dir whose name ends in .extension. */
static int find_file(const char* dir, const char* extension, char* path, size_t capacity) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "ls '%s'/*.%s 2>/dev/null | head -n 1", dir, extension);
    FILE* p = popen(cmd, "r");
    if (!p) return 0;
    int ok = fgets(path, (int)capacity, p) != NULL;
    pclose(p);
    if (ok) path[strcspn(path, "\n")] = '\0';
    return ok;
}

/* Creates a context on dir, loads saxpy, runs it, returns the stats. */
static offload_jit_stats disk_round(const char* dir) {
    offload_jit_desc jit = {0};
    jit.cache_dir = dir;
    offload_jit_stats s;
    memset(&s, 0xff, sizeof s);
    offload_context* ctx = make_context_with(&jit);
    if (!ctx) return s;
    if (saxpy_in(ctx, 257)) s = stats_of(ctx);
    offload_context_destroy(ctx);
    return s;
}

static void test_disk_cache_reuse_and_corruption(void) {
    char dir[] = "/tmp/offload-jit-cache-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_jit_stats s = disk_round(dir);
    CHECK(s.misses == 1 && s.disk_hits == 0);
    CHECK(test_count_files(dir) == 1); /* the entry, and no temporary left */
    s = disk_round(dir);
    CHECK(s.misses == 0 && s.disk_hits == 1);

    char path[4096];
    REQUIRE(find_file(dir, "ojit", path, sizeof path));
    /* flip one byte of the payload: the checksum must catch it */
    size_t size = 0;
    char* data = test_read_file(path, &size);
    REQUIRE(data && size > 200);
    data[size - 100] ^= 0x5a;
    FILE* f = fopen(path, "wb");
    REQUIRE(f);
    fwrite(data, 1, size, f);
    fclose(f);
    s = disk_round(dir);
    CHECK(s.misses == 1 && s.disk_hits == 0); /* ignored and rebuilt */
    s = disk_round(dir);
    CHECK(s.misses == 0 && s.disk_hits == 1); /* the rebuilt entry was written back */

    /* truncated */
    REQUIRE(truncate(path, (off_t)(size / 2)) == 0);
    s = disk_round(dir);
    CHECK(s.misses == 1 && s.disk_hits == 0);
    size_t rewritten = 0;
    free(test_read_file(path, &rewritten));
    CHECK(rewritten == size);
    free(data);
    CHECK(test_remove_tree(dir));
}

/* The target processor is part of the key: the same IR for sm_80 and sm_90 (gfx90a and gfx942)
   makes two entries in memory and two files on disk, never one program for both. */
static void test_target_processor_is_part_of_the_key(void) {
    char dir[] = "/tmp/offload-jit-target-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_jit_desc jit = {0};
    jit.cache_dir = dir;
    offload_context* ctx = make_context_with(&jit);
    REQUIRE(ctx);
    size_t size = 0;
    char* ir = test_read_file(JIT_DATA "saxpy.ll", &size);
    REQUIRE(ir);
    /* gfx942 needs LLVM 17; LLVM 14's leg compares gfx90a with gfx908 */
    const char* pairs[2][2] = {{"sm_80", "sm_90"}, {"gfx90a", LLVM_VERSION_MAJOR >= 17 ? "gfx942" : "gfx908"}};
    const offload_backend backends[2] = {OFFLOAD_BACKEND_CUDA, OFFLOAD_BACKEND_AMDGPU};
    for (int p = 0; p < 2; p++) {
        offload_test_jit_image image[2];
        for (int t = 0; t < 2; t++)
            CHECK_OK(ctx, offload_test_jit_compile(ctx, backends[p], pairs[p][t], ir, size, &image[t]));
        if (image[0].entry && image[1].entry) {
            offload_jit_stats s = stats_of(ctx);
            CHECK(image[0].entry != image[1].entry);
            CHECK(s.entries == 2 && s.misses == (uint64_t)(2 * p + 2) && s.hits == 0);
            CHECK(image[0].size != image[1].size || memcmp(image[0].data, image[1].data, image[0].size) != 0);
            CHECK(test_count_files(dir) == 2 * p + 2);
        }
        for (int t = 0; t < 2; t++) offload_test_jit_release(ctx, &image[t]);
    }
    free(ir);
    offload_context_destroy(ctx);
    CHECK(test_remove_tree(dir));
}

/* ---- NVPTX ---- */

/* Whether the CUDA toolkit's ptxas assembles the PTX text for arch. */
static int ptxas_accepts(const char* ptx, size_t size, const char* arch) {
    char path[] = "/tmp/offload-jit-ptx-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return 0;
    int written = write(fd, ptx, size) == (ssize_t)size;
    close(fd);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "/usr/local/cuda/bin/ptxas -arch=%s -o /dev/null %s", arch, path);
    int ok = written && system(cmd) == 0;
    unlink(path);
    return ok;
}

static void test_nvptx_sm90_accepted_by_ptxas(void) {
    log_lines log = {.debug_only = 1};
    offload_context_desc cd = {0};
    cd.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    cd.no_environment = 1;
    cd.jit.isolation = TEST_JIT_ISOLATION;
    cd.log = keep_log_line;
    cd.log_user_data = &log;
    cd.log_level = OFFLOAD_LOG_DEBUG;
    offload_context* ctx = NULL;
    REQUIRE(offload_context_create(&cd, &ctx) == OFFLOAD_SUCCESS);
    fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    const char* files[] = {JIT_DATA "saxpy.ll", JIT_DATA "stencil.ll", JIT_DATA "reduce.ll"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        size_t size = 0;
        char* ir = test_read_file(files[f], &size);
        REQUIRE(ir);
        offload_test_jit_image img;
        REQUIRE_OK(ctx, fake_compile(ctx, &dev, ir, size, &img));
        free(ir);
        CHECK(img.format == OFFLOAD_IMAGE_PTX);
        const char* ptx = (const char*)img.data;
        size_t image_size = img.size;
        CHECK(image_size == strlen(ptx) + 1);
        /* LLVM 14 and 15 know sm_86 at most: the driver JITs that PTX forward; 16 and later emit sm_90 */
        CHECK(contains(ptx, LLVM_VERSION_MAJOR >= 16 ? ".target sm_90" : ".target sm_86"));
        CHECK(contains(ptx, ".visible .entry"));
        if (access("/usr/local/cuda/bin/ptxas", X_OK) == 0) CHECK(ptxas_accepts(ptx, image_size - 1, "sm_90"));
        offload_test_jit_release(ctx, &img);
    }
    if (LLVM_VERSION_MAJOR < 16)
        CHECK(contains(log.text, "sm_90") && contains(log.text, "sm_86"));
    else
        CHECK(!contains(log.text, "does not know"));
    offload_context_destroy(ctx);
    if (access("/usr/local/cuda/bin/ptxas", X_OK) != 0) SKIP("ptxas is not installed: PTX produced but not assembled");
}

/* sm_70 and sm_72 with no driver loaded: LLVM's default PTX ISA for them (6.0, 6.1) cannot name
   the RPC client's activemask.b32, which needs 6.2; the JIT asks for at least 6.3 (LLVM has no
   +ptx62). */
static void test_nvptx_sm70_rpc_client_ptx_isa(void) {
    static const char ir[] = "@s = private constant [3 x i8] c\"hi\\00\"\n"
                             "declare i32 @offload_puts(i8*)\n"
                             "define void @k() \"offload-kernel\" {\n"
                             "  %p = getelementptr [3 x i8], [3 x i8]* @s, i32 0, i32 0\n"
                             "  %r = call i32 @offload_puts(i8* %p)\n  ret void\n}\n";
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    const char* archs[] = {"sm_70", "sm_72"};
    for (size_t a = 0; a < sizeof archs / sizeof *archs; a++) {
        fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_CUDA, archs[a]);
        offload_test_jit_image img;
        REQUIRE_OK(ctx, fake_compile(ctx, &dev, ir, sizeof ir - 1, &img));
        const char* ptx = (const char*)img.data;
        size_t image_size = img.size;
        const char* version = strstr(ptx, ".version ");
        unsigned major = 0, minor = 0;
        CHECK(version && sscanf(version, ".version %u.%u", &major, &minor) == 2);
        CHECK(major * 10 + minor >= 62);
        CHECK(contains(ptx, "activemask.b32"));
        if (major * 10 + minor < 62) fprintf(stderr, "  %s: PTX %u.%u\n", archs[a], major, minor);
        /* CUDA 13's ptxas no longer targets Volta; sm_75 assembles .target sm_70/72 PTX and checks
           the ISA version all the same. */
        if (access("/usr/local/cuda/bin/ptxas", X_OK) == 0) CHECK(ptxas_accepts(ptx, image_size - 1, "sm_75"));
        offload_test_jit_release(ctx, &img);
    }
    offload_context_destroy(ctx);
}

/* The PTX goes through the generic layer into the CUDA backend, here on the simulated driver
   (which parses .entry parameters): the parameter layout is the packed-buffer convention. */
static void test_ptx_through_the_cuda_backend(void) {
    if (access(CUDA_SIM, R_OK) != 0) SKIP("the simulated CUDA driver is not built (%s)", CUDA_SIM);
    offload_context* ctx = make_sim_context(NULL);
    REQUIRE(ctx);
    offload_device gpu;
    offload_device_info info;
    REQUIRE_OK(ctx, offload_device_get(ctx, 1, &gpu));
    REQUIRE_OK(ctx, offload_device_get_info(ctx, gpu, &info));
    REQUIRE(info.backend == OFFLOAD_BACKEND_CUDA);
    size_t size = 0;
    char* ir = test_read_file(JIT_DATA "saxpy.ll", &size);
    REQUIRE(ir);
    offload_program_desc pd = {0};
    pd.image = ir;
    pd.size = size;
    offload_program p1, p2;
    CHECK_OK(ctx, offload_program_create(ctx, gpu, &pd, &p1));
    CHECK_OK(ctx, offload_program_create(ctx, gpu, &pd, &p2));
    free(ir);
    offload_kernel k;
    size_t args_size = 0;
    CHECK_OK(ctx, offload_kernel_get(ctx, p2, "saxpy", &k));
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, k, &args_size));
    CHECK(args_size == sizeof(saxpy_params));
    offload_jit_stats s = stats_of(ctx);
    CHECK(s.misses == 1 && s.hits == 1);
    offload_context_destroy(ctx);
}

/* The PTX ISA follows the loaded driver (cuDriverGetVersion), capped by what LLVM can write:
   the simulated driver says 12.4 (PTX 8.4), then 11.8 (PTX 7.8); LLVM 14 stops at 7.5. */
static void check_ptx_version(void* sim, int driver, const char* expected) {
    void (*set_driver_version)(int) = (void (*)(int))(uintptr_t)dlsym(sim, "cuda_sim_set_driver_version");
    REQUIRE(set_driver_version);
    set_driver_version(driver);
    char dir[] = "/tmp/offload-jit-ptx-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context* ctx = make_sim_context(dir);
    REQUIRE(ctx);
    offload_device gpu;
    REQUIRE_OK(ctx, offload_device_get(ctx, 1, &gpu));
    offload_program prog;
    CHECK_OK(ctx, program_from_file(ctx, gpu, JIT_DATA "saxpy.ll", &prog));
    offload_context_destroy(ctx);
    size_t size = 0;
    char path[4096];
    CHECK(find_file(dir, "ptx", path, sizeof path));
    char* ptx = test_read_file(path, &size);
    CHECK(ptx && contains(ptx, expected));
    if (ptx && !contains(ptx, expected)) fprintf(stderr, "  driver %d: expected '%s'\n", driver, expected);
    free(ptx);
    CHECK(test_remove_tree(dir));
}

static void test_ptx_isa_follows_the_driver(void) {
    void* sim = access(CUDA_SIM, R_OK) == 0 ? dlopen(CUDA_SIM, RTLD_NOW) : NULL;
    if (!sim) SKIP("the simulated CUDA driver is not built (%s)", CUDA_SIM);
    check_ptx_version(sim, 12040, LLVM_VERSION_MAJOR >= 19 ? ".version 8.4" : ".version 7.5");
    check_ptx_version(sim, 11080, LLVM_VERSION_MAJOR >= 16 ? ".version 7.8" : ".version 7.5");
    check_ptx_version(sim, 12040, LLVM_VERSION_MAJOR >= 16 ? ".target sm_90" : ".target sm_86");
    /* the simulated driver refuses PTX newer than it reads, as a real one does */
    void (*set_driver_version)(int) = (void (*)(int))(uintptr_t)dlsym(sim, "cuda_sim_set_driver_version");
    static const char ptx[] = ".version 8.4\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n";
    for (int newer = 0; newer < 2; newer++) {
        set_driver_version(newer ? 11080 : 12040);
        offload_context* ctx = make_sim_context(NULL);
        REQUIRE(ctx);
        offload_device gpu;
        REQUIRE_OK(ctx, offload_device_get(ctx, 1, &gpu));
        offload_program prog;
        offload_program_desc pd = {0};
        pd.image = ptx;
        pd.size = sizeof ptx;
        if (!newer)
            CHECK_OK(ctx, offload_program_create(ctx, gpu, &pd, &prog));
        else {
            CHECK(offload_program_create(ctx, gpu, &pd, &prog) != OFFLOAD_SUCCESS);
            CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_CUDA_CALL_FAILED);
            CHECK(contains(offload_context_last_error(ctx), "Unsupported .version 8.4")); /* the driver's own log */
        }
        offload_context_destroy(ctx);
    }
    set_driver_version(12040);
    dlclose(sim);
}

/* ---- AMDGPU ---- */

/* Whether the image is an AMDGPU code object that defines `symbol`. */
static int amdgpu_elf_has(const unsigned char* image, size_t size, const char* symbol) {
    Elf64_Sym sym;
    return amdgpu_symbol(image, size, symbol, &sym);
}

static void test_amdgpu_code_objects(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    const char* archs[] = {"gfx90a", "gfx1030", "gfx90a:sramecc+:xnack-"};
    struct {
        const char* file;
        const char* kd;
    } kernels[] = {
        {JIT_DATA "saxpy.ll", "saxpy.kd"}, {JIT_DATA "stencil.ll", "stencil.kd"}, {JIT_DATA "reduce.ll", "reduce.kd"}};
    for (size_t a = 0; a < sizeof archs / sizeof *archs; a++) {
        fake_gpu dev = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, archs[a]);
        for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
            size_t size = 0;
            char* ir = test_read_file(kernels[k].file, &size);
            REQUIRE(ir);
            offload_test_jit_image img;
            offload_result r = fake_compile(ctx, &dev, ir, size, &img);
            const void* image = img.data;
            size_t image_size = img.size;
            free(ir);
            CHECK_OK(ctx, r);
            if (r != OFFLOAD_SUCCESS) continue;
            CHECK(img.format == OFFLOAD_IMAGE_AMDGPU_ELF);
            CHECK(amdgpu_elf_has((const unsigned char*)image, image_size, kernels[k].kd));
            CHECK(!amdgpu_elf_has((const unsigned char*)image, image_size, "offload_thread_id")); /* internalized */
            offload_test_jit_release(ctx, &img);
        }
    }
    offload_context_destroy(ctx);
}

/* ---- AMDGPU code object versions, and JIT output on the simulated runtimes ---- */

static void check_choice(unsigned wanted, const offload_test_code_object_limits* l, int expected, unsigned version,
                         const char* text) {
    unsigned out = 99;
    char why[512];
    int got = offload_test_jit_code_object(wanted, l, &out, why, sizeof why);
    CHECK(got == expected && (!expected || out == version) && (!text || contains(why, text)));
    if (got != expected || (expected && out != version) || (text && !contains(why, text)))
        fprintf(stderr, "  wanted v%u, runtime v%u, LLVM v%u..v%u: got %d v%u (%s)\n", wanted, l->runtime_max,
                l->llvm_min, l->llvm_max, got, out, why);
}

/* The choice on both sides of each boundary, for an LLVM like 22 (reads the flag, v4..v6, v6 by
   default) and one like 14 (v4 only, flag ignored), against ROCr 5.x (v5), 6.2 (v6) and an older
   runtime (v4). */
static void test_amdgpu_code_object_choice(void) {
    offload_test_code_object_limits l22 = {5, 4, 6, 6, 1}, l14 = {5, 4, 4, 4, 0};
    check_choice(0, &l22, 1, 5, NULL); /* no flag: the newest both take, not LLVM's v6 */
    check_choice(4, &l22, 1, 4, NULL);
    check_choice(5, &l22, 1, 5, NULL);
    check_choice(6, &l22, 2, 5, "asks for AMDGPU code object v6"); /* served as v5 */
    check_choice(7, &l22, 0, 0, "v7");                             /* LLVM cannot emit it */
    check_choice(7, &l22, 0, 0, "loads up to v5");
    check_choice(3, &l22, 0, 0, "emits v4 to v6");
    l22.runtime_max = 6;
    check_choice(6, &l22, 1, 6, NULL);
    check_choice(0, &l22, 1, 6, NULL);
    l22.runtime_max = 4; /* a v6 or v5 wish cannot become v4: the implicit arguments move */
    check_choice(0, &l22, 1, 4, NULL);
    check_choice(5, &l22, 0, 0, "loads up to v4");
    check_choice(6, &l22, 0, 0, "v6");
    l22.runtime_max = 3;
    check_choice(0, &l22, 0, 0, "loads up to v3");
    check_choice(0, &l14, 1, 4, NULL);
    check_choice(4, &l14, 1, 4, NULL);
    check_choice(5, &l14, 0, 0, "emits v4 only");
    check_choice(6, &l14, 0, 0, "v6");
}


/* What the simulated HSA runtime hands a registered kernel (tests/sim/hsa_sim.c). */
typedef struct hsa_dispatch {
    const char* kernel;
    uint32_t dims, workgroup[3], grid[3], group_segment_size, private_segment_size, kernarg_size, gpu;
} hsa_dispatch;
typedef void (*hsa_kernel_fn)(const void* kernarg, const hsa_dispatch* dispatch, void* user);

typedef struct hsa_control {
    void* library;
    void (*reset)(void);
    void (*register_kernel)(const char*, hsa_kernel_fn, void*);
    void (*set_isa)(const char*);
    uint32_t (*last_code_object_flags)(void);
    const char* isa; /* the agent's ISA name for the next context, NULL for the simulator's own */
} hsa_control;

static void hsa_saxpy(const void* kernarg, const hsa_dispatch* d, void* user) {
    (void)user;
    saxpy_params p;
    memcpy(&p, kernarg, sizeof p);
    for (uint32_t i = 0; i < d->grid[0] && (int32_t)i < p.n; i++) p.y[i] = p.a * p.x[i] + p.y[i];
}

typedef struct fixpoint_params {
    float* out;
    int32_t n;
} fixpoint_params;

static float fixpoint_expected(int32_t n) {
    uint32_t half = (((uint32_t)n & 255u) - 128u) >> 1;
    return (float)(uint64_t)(0u - half);
}

static void fixpoint_impl(const void* kernarg, const void* dims, void* user) {
    (void)dims, (void)user;
    fixpoint_params p;
    memcpy(&p, kernarg, sizeof p);
    p.out[0] = fixpoint_expected(p.n);
}

static void hsa_fixpoint(const void* kernarg, const hsa_dispatch* d, void* user) { fixpoint_impl(kernarg, d, user); }

/* A context with the host and the simulated HSA runtime's gfx90a, compiling as `isolation` says;
   *gpu is the AMD device. */
static offload_context* amd_sim_context(hsa_control* sim, offload_jit_isolation isolation, log_lines* log,
                                        offload_device* gpu) {
    if (!sim->library) {
        sim->library = dlopen(HSA_SIM, RTLD_NOW);
        if (!sim->library) return NULL;
        *(void**)&sim->reset = dlsym(sim->library, "hsa_sim_reset");
        *(void**)&sim->register_kernel = dlsym(sim->library, "hsa_sim_register_kernel");
        *(void**)&sim->set_isa = dlsym(sim->library, "hsa_sim_set_isa");
        *(void**)&sim->last_code_object_flags = dlsym(sim->library, "hsa_sim_last_code_object_flags");
        if (!sim->reset || !sim->register_kernel || !sim->set_isa || !sim->last_code_object_flags) return NULL;
    }
    sim->reset();
    if (sim->isa) sim->set_isa(sim->isa);
    sim->register_kernel("saxpy", hsa_saxpy, NULL);
    sim->register_kernel("fixpoint", hsa_fixpoint, NULL);
    offload_context* ctx = hsa_sim_context_logged(isolation, log);
    if (!ctx) return NULL;
    *gpu = test_backend_device(ctx, OFFLOAD_BACKEND_AMDGPU);
    if (!gpu->id) {
        offload_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

/* Creates a program from ir on gpu and runs its saxpy over n = 200 (blocks of 64) through device
   memory: 1 when y[i] = 2i + 1. */
static int saxpy_on(offload_context* ctx, offload_device gpu, const void* ir, size_t size) {
    offload_program prog;
    offload_program_desc pd = {0};
    pd.image = ir;
    pd.size = size;
    offload_result r = offload_program_create(ctx, gpu, &pd, &prog);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "  program: %s\n", offload_context_last_error(ctx));
        return 0;
    }
    enum { N = 200 };
    float x[N], y[N];
    for (int i = 0; i < N; i++) x[i] = (float)i, y[i] = 1.0f;
    void *dx = NULL, *dy = NULL;
    offload_kernel k;
    int ok = offload_kernel_get(ctx, prog, "saxpy", &k) == OFFLOAD_SUCCESS &&
             offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, sizeof x, &dx) == OFFLOAD_SUCCESS &&
             offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, sizeof y, &dy) == OFFLOAD_SUCCESS &&
             offload_memcpy(ctx, gpu, dx, host_device(ctx), x, sizeof x) == OFFLOAD_SUCCESS &&
             offload_memcpy(ctx, gpu, dy, host_device(ctx), y, sizeof y) == OFFLOAD_SUCCESS;
    saxpy_params p = {N, 2.0f, (float*)dx, (float*)dy};
    offload_launch_desc launch = {{(N + 63) / 64, 1, 1}, {64, 1, 1}, 0, &p, sizeof p};
    ok = ok && offload_launch(ctx, (offload_queue){0}, k, &launch) == OFFLOAD_SUCCESS &&
         offload_memcpy(ctx, host_device(ctx), y, gpu, dy, sizeof y) == OFFLOAD_SUCCESS;
    if (!ok) fprintf(stderr, "  run: %s\n", offload_context_last_error(ctx));
    for (int i = 0; ok && i < N; i++) ok = y[i] == 2.0f * (float)i + 1.0f;
    offload_mem_free(ctx, dx);
    offload_mem_free(ctx, dy);
    offload_program_destroy(ctx, prog);
    return ok;
}

/* The agent's ISA features are what the JIT builds for: a gfx90a reporting sramecc and xnack on
   or off gets code objects with exactly those settings (ELF e_flags), not "any". */
static void test_amdgpu_target_features(void) {
    if (access(HSA_SIM, R_OK) != 0) SKIP("the simulated HSA runtime is not built (%s)", HSA_SIM);
    static const struct {
        const char* isa;
        uint32_t xnack, sramecc; /* EF_AMDGPU_FEATURE_*_V4: 0x100 any, 0x200 off, 0x300 on; 0x400/0x800/0xC00 */
    } cases[] = {{"amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-", 0x200, 0xC00},
                 {"amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+", 0x300, 0x800},
                 {"amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack+", 0x300, 0xC00},
                 {"amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack-", 0x200, 0x800},
                 {"amdgcn-amd-amdhsa--gfx90a", 0x100, 0x400}};
    size_t size = 0;
    char* ir = test_read_file(JIT_DATA "saxpy.ll", &size);
    REQUIRE(ir);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hsa_control sim = {0};
        sim.isa = cases[i].isa;
        log_lines log = {.prefix = "jit:"};
        offload_device gpu;
        offload_context* ctx = amd_sim_context(&sim, OFFLOAD_JIT_ISOLATION_NONE, &log, &gpu);
        REQUIRE(ctx);
        CHECK(saxpy_on(ctx, gpu, ir, size));
        uint32_t flags = sim.last_code_object_flags();
        if ((flags & 0x300) != cases[i].xnack || (flags & 0xC00) != cases[i].sramecc) {
            fprintf(stderr, "  %s: e_flags 0x%x\n", cases[i].isa, (unsigned)flags);
            CHECK(!"target features");
        }
        offload_device_info info;
        CHECK_OK(ctx, offload_device_get_info(ctx, gpu, &info));
        CHECK(!strcmp(info.arch, "gfx90a")); /* the processor alone, as offload.h says */
        offload_context_destroy(ctx);
    }
    free(ir);
}

/* saxpy.ll with a triple, and a module flag asking for code object `version` (0: none). */
static char* amdgcn_saxpy(unsigned version, size_t* size) {
    size_t n = 0;
    char* portable = test_read_file(JIT_DATA "saxpy.ll", &n);
    if (!portable) return NULL;
    char* ir = (char*)malloc(n + 512);
    if (ir) {
        int used = snprintf(ir, 512, "target triple = \"amdgcn-amd-amdhsa\"\n");
        memcpy(ir + used, portable, n);
        used += (int)n;
        if (version)
            used += snprintf(ir + used, 400,
                             "\n!llvm.module.flags = !{!0}\n!0 = !{i32 1, !\"amdhsa_code_object_version\", i32 %u}\n",
                             version * 100);
        *size = (size_t)used;
    }
    free(portable);
    return ir;
}

/* Every kind of input the JIT compiles for an AMD GPU loads on the simulated ROCr 5.2 (code
   objects v2..v5) and runs there, compiled in-process and in the compile server: portable IR,
   IR with an amdgcn triple (with and without the module flag), clang-14's bitcode. LLVM 22
   emits v6 unless told otherwise, which that runtime refuses. */
static void test_amdgpu_jit_runs_on_the_simulated_runtime(void) {
    if (access(HSA_SIM, R_OK) != 0) SKIP("the simulated HSA runtime is not built (%s)", HSA_SIM);
    hsa_control sim = {0};
    offload_jit_isolation modes[] = {OFFLOAD_JIT_ISOLATION_NONE, OFFLOAD_JIT_ISOLATION_PROCESS};
    for (size_t m = 0; m < 2; m++) {
        log_lines log = {.prefix = "jit:"};
        offload_device gpu;
        offload_context* ctx = amd_sim_context(&sim, modes[m], &log, &gpu);
        REQUIRE(ctx);
        size_t size = 0;
        char* ir = test_read_file(JIT_DATA "saxpy.ll", &size);
        REQUIRE(ir);
        CHECK(saxpy_on(ctx, gpu, ir, size));
        free(ir);
        ir = amdgcn_saxpy(0, &size);
        REQUIRE(ir);
        CHECK(saxpy_on(ctx, gpu, ir, size));
        free(ir);
        ir = test_read_file(JIT_DATA "saxpy_amdgcn.bc", &size);
        REQUIRE(ir);
        CHECK(saxpy_on(ctx, gpu, ir, size));
        free(ir);
        ir = amdgcn_saxpy(4, &size); /* what LLVM 14 emits */
        CHECK(saxpy_on(ctx, gpu, ir, size));
        free(ir);
        /* v6 (what clang 22 writes): served as v5 on LLVM 22, refused by LLVM 14 */
        ir = amdgcn_saxpy(6, &size);
        offload_program prog;
        offload_program_desc pd = {0};
        pd.image = ir;
        pd.size = size;
        if (LLVM_VERSION_MAJOR >= 19) {
            CHECK(saxpy_on(ctx, gpu, ir, size));
            CHECK(contains(log.text, "asks for AMDGPU code object v6"));
        } else {
            CHECK_RESULT(ctx, offload_program_create(ctx, gpu, &pd, &prog), OFFLOAD_ERROR_JIT);
            CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_CODE_OBJECT_VERSION);
            CHECK(contains(offload_context_last_error(ctx), "code object v6")); /* the compile's reason */
        }
        free(ir);
        /* v5: the runtime loads it, LLVM 14 cannot write it */
        ir = amdgcn_saxpy(5, &size);
        pd.image = ir;
        pd.size = size;
        if (LLVM_VERSION_MAJOR >= 18) {
            CHECK(saxpy_on(ctx, gpu, ir, size));
        } else {
            CHECK_RESULT(ctx, offload_program_create(ctx, gpu, &pd, &prog), OFFLOAD_ERROR_JIT);
            CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_CODE_OBJECT_VERSION);
            /* the compile's reason: the version asked for and what the runtime loads */
            CHECK(contains(offload_context_last_error(ctx), "asks for AMDGPU code object v5") &&
                  contains(offload_context_last_error(ctx), "loads up to v5"));
        }
        free(ir);
        /* v7: nobody can (LLVM 22 would stop with "unsupported code object version") */
        ir = amdgcn_saxpy(7, &size);
        pd.image = ir;
        pd.size = size;
        CHECK_RESULT(ctx, offload_program_create(ctx, gpu, &pd, &prog), OFFLOAD_ERROR_JIT);
        CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_CODE_OBJECT_VERSION);
        /* the compile's reason: the version asked for and what the runtime loads */
        CHECK(contains(offload_context_last_error(ctx), "code object v7") &&
              contains(offload_context_last_error(ctx), "loads up to v5"));
        free(ir);
        offload_context_destroy(ctx);
    }
    /* the object itself: v5 (EI_ABIVERSION 3) where LLVM can choose, else LLVM 14's v4 */
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    fake_gpu amd = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a");
    size_t size = 0;
    char* ir = test_read_file(JIT_DATA "saxpy.ll", &size);
    REQUIRE(ir);
    offload_test_jit_image img;
    REQUIRE_OK(ctx, fake_compile(ctx, &amd, ir, size, &img));
    CHECK(img.size > 8 && ((const unsigned char*)img.data)[7] == 64 &&
          ((const unsigned char*)img.data)[8] == (LLVM_VERSION_MAJOR >= 19 ? 3 : 2));
    offload_test_jit_release(ctx, &img);
    free(ir);
    offload_context_destroy(ctx);
}

/* A module that needs two InstCombine iterations, built for NVPTX and AMDGPU (so that it gets the
   post-link pipeline, which names instcombine): LLVM 18 and later end the compiling process on it
   unless the pipeline says no-verify-fixpoint. Compiled in-process and in the compile server; the
   PTX goes through ptxas, the code object runs on the simulated HSA runtime. */
static void test_instcombine_fixpoint_is_not_fatal(void) {
    char opt[64];
    snprintf(opt, sizeof opt, "/usr/lib/llvm-%d/bin/opt", LLVM_VERSION_MAJOR);
    if (LLVM_VERSION_MAJOR >= 18 && access(opt, X_OK) == 0) { /* the module does trigger LLVM's check */
        char cmd[512];
        snprintf(cmd, sizeof cmd, "%s -passes=instcombine -disable-output %s 2>&1 | grep -q 'did not reach a fixpoint'",
                 opt, JIT_DATA "fixpoint_nvptx.ll");
        CHECK(system(cmd) == 0);
    }
    offload_jit_isolation modes[] = {OFFLOAD_JIT_ISOLATION_NONE, OFFLOAD_JIT_ISOLATION_PROCESS};
    hsa_control sim = {0};
    for (size_t m = 0; m < 2; m++) {
        offload_jit_desc jd = {0};
        jd.isolation = modes[m];
        offload_context* ctx = make_context_with(&jd);
        REQUIRE(ctx);
        fake_gpu nv = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_80");
        size_t size = 0;
        char* ir = test_read_file(JIT_DATA "fixpoint_nvptx.ll", &size);
        REQUIRE(ir);
        offload_test_jit_image img;
        CHECK_OK(ctx, fake_compile(ctx, &nv, ir, size, &img));
        free(ir);
        if (img.data && access("/usr/local/cuda/bin/ptxas", X_OK) == 0)
            CHECK(ptxas_accepts((const char*)img.data, img.size - 1, "sm_80"));
        offload_test_jit_release(ctx, &img);
        offload_context_destroy(ctx);

        if (access(HSA_SIM, R_OK) != 0) continue;
        log_lines log = {.prefix = "jit:"};
        offload_device gpu;
        ctx = amd_sim_context(&sim, modes[m], &log, &gpu);
        REQUIRE(ctx);
        offload_program prog;
        REQUIRE_OK(ctx, program_from_file(ctx, gpu, JIT_DATA "fixpoint_amdgcn.ll", &prog));
        offload_kernel k;
        REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "fixpoint", &k));
        void* out = NULL;
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, sizeof(float), &out));
        fixpoint_params p = {(float*)out, 200};
        offload_launch_desc launch = {{1, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
        CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
        float value = 0;
        CHECK_OK(ctx, offload_memcpy(ctx, host_device(ctx), &value, gpu, out, sizeof value));
        CHECK(value == fixpoint_expected(200));
        offload_mem_free(ctx, out);
        offload_program_destroy(ctx, prog);
        offload_context_destroy(ctx);
    }
    if (access(HSA_SIM, R_OK) != 0) SKIP("the simulated HSA runtime is not built (%s)", HSA_SIM);
}

/* Where compiles run, and why, is visible: offload_jit_get_info and the log. */
static void test_isolation_is_reported(void) {
    offload_jit_desc jd = {0};
    jd.isolation = OFFLOAD_JIT_ISOLATION_NONE;
    offload_context* ctx = make_context_with(&jd);
    REQUIRE(ctx);
    offload_jit_info info;
    CHECK_OK(ctx, offload_jit_get_info(ctx, &info));
    CHECK(info.available && info.isolation == OFFLOAD_JIT_ISOLATION_NONE &&
          contains(info.isolation_reason, "in this process"));
    CHECK(contains(info.llvm_version, LLVM_VERSION_STRING));
    CHECK_RESULT(ctx, offload_jit_get_info(ctx, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_context_destroy(ctx);
    jd.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    jd.compiler_path = "/nonexistent/offload-jit-compiler";
    ctx = make_context_with(&jd);
    REQUIRE(ctx);
    CHECK_OK(ctx, offload_jit_get_info(ctx, &info));
    CHECK(info.isolation == OFFLOAD_JIT_ISOLATION_PROCESS && contains(info.isolation_reason, "not found"));
    offload_context_destroy(ctx);
    log_lines log = {.prefix = "jit:"};
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.log = keep_log_line;
    desc.log_user_data = &log;
    desc.log_level = OFFLOAD_LOG_INFO;
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    CHECK_OK(ctx, offload_jit_get_info(ctx, &info));
    CHECK(info.isolation == OFFLOAD_JIT_ISOLATION_PROCESS && contains(info.isolation_reason, "compile server"));
    CHECK(contains(log.text, "jit: LLVM") && contains(log.text, "compiles run in the compile server"));
    offload_context_destroy(ctx);
}

/* ---- LLVM fatal errors and other failures ---- */

static offload_result acquire_file(offload_context* ctx, const fake_gpu* dev, const char* path) {
    size_t size = 0;
    char* ir = test_read_file(path, &size);
    if (!ir) return OFFLOAD_ERROR_IO;
    offload_test_jit_image img;
    offload_result r = fake_compile(ctx, dev, ir, size, &img);
    free(ir);
    offload_test_jit_release(ctx, &img);
    return r;
}

/* LLVM's code generator ends the process on this valid module (report_fatal_error in the NVPTX
   backend of LLVM 14 and 22): the compile server dies, not us, and the next compile starts a new
   one. The OpenMP device runtime (which llc-14 aborts on with "Cannot select") is refused before
   code generation: it needs symbols (__omp_rtl_debug_kind, ...) that only an OpenMP link provides. */
static void test_fatal_llvm_errors_fail_cleanly(void) {
    offload_jit_desc process = {0};
    process.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    offload_context* ctx = make_context_with(&process);
    REQUIRE(ctx);
    fake_gpu nv = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_80");
    fake_gpu amd = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a");
    for (int round = 0; round < 2; round++) {
        CHECK_RESULT(ctx, acquire_file(ctx, &nv, JIT_DATA "fatal.ll"), OFFLOAD_ERROR_JIT);
        CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_SERVER_FAILED);
        /* LLVM's own last words, passed on */
        CHECK(contains(offload_context_last_error(ctx), "LLVM ERROR: Named registers not implemented"));
        CHECK_OK(ctx, acquire_file(ctx, &nv, JIT_DATA "saxpy.ll")); /* on a new server */
    }
    if (access(OMP_NVPTX, R_OK) == 0 && access(OMP_AMDGPU, R_OK) == 0) {
        CHECK_RESULT(ctx, acquire_file(ctx, &nv, OMP_NVPTX), OFFLOAD_ERROR_JIT);
        /* found in the compile server, which names the symbol */
        CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_UNDEFINED_SYMBOL);
        CHECK(contains(offload_context_last_error(ctx), "undefined symbol '__omp_rtl_"));
        CHECK_RESULT(ctx, acquire_file(ctx, &amd, OMP_AMDGPU), OFFLOAD_ERROR_JIT);
        CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_UNDEFINED_SYMBOL);
        CHECK(contains(offload_context_last_error(ctx), "undefined symbol '__omp_rtl_"));
    }
    CHECK(stats_of(ctx).entries == 0);
    /* and the process keeps working */
    CHECK_OK(ctx, acquire_file(ctx, &nv, JIT_DATA "saxpy.ll"));
    CHECK(saxpy_in(ctx, 128));
    offload_context_destroy(ctx);
}

/* Loading ir fails with expected, of kind `kind`, and the message holds text: a value it names
   (a symbol, a path, a triple) or, for a failed compile, the compile's reason. */
static void check_load_error(offload_context* ctx, const char* ir, offload_result expected, offload_diagnostic kind,
                             const char* text) {
    offload_program prog;
    CHECK_RESULT(ctx, load_ir(ctx, ir, strlen(ir), &prog), expected);
    CHECK_DIAGNOSTIC(ctx, kind);
    if (!contains(offload_context_last_error(ctx), text)) {
        fprintf(stderr, "  message '%s' lacks '%s'\n", offload_context_last_error(ctx), text);
        CHECK(!"message");
    }
}

static void test_errors(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    /* invalid IR text: LLVM's parser message */
    check_load_error(ctx, "define void @f( {\n", OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_IR_INVALID, "invalid LLVM IR");
    check_load_error(ctx, "define void @f() {\n  ret i32 0\n}\n", OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_IR_INVALID,
                     "value doesn't match function result type"); /* LLVM's parser */
    /* invalid bitcode */
    check_load_error(ctx, "BC\xc0\xde garbage that is not bitcode", OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_IR_INVALID,
                     "invalid LLVM bitcode");
    /* undefined symbol */
    check_load_error(
        ctx, "declare void @mystery()\ndefine void @k() \"offload-kernel\" {\n  call void @mystery()\n  ret void\n}\n",
        OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_UNDEFINED_SYMBOL, "'mystery'");
    /* a module for another target (an NVPTX one is CUDA's IR, which the host runs: test_cuda_host) */
    check_load_error(ctx, "target triple = \"riscv64-unknown-linux-gnu\"\ndefine void @k() {\n  ret void\n}\n",
                     OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_TRIPLE_MISMATCH, "riscv64-unknown-linux-gnu");
    /* an architecture whose name starts the host's (x86 of x86_64) is another one */
    check_load_error(ctx, "target triple = \"x86-unknown-linux-gnu\"\ndefine void @k() {\n  ret void\n}\n",
                     OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_TRIPLE_MISMATCH, "x86-unknown-linux-gnu");
    /* the verifier */
    check_load_error(
        ctx,
        "define void @k() \"offload-kernel\" {\nentry:\n  br label %entry2\nentry2:\n  %x = add i32 %y, 1\n  %y = add i32 %x, 1\n  br label %entry2\n}\n",
        OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_IR_INVALID, "does not verify");
    CHECK(stats_of(ctx).entries == 0);

    /* unknown targets */
    fake_gpu bad_nv = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_10");
    fake_gpu bad_amd = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx9999");
    CHECK_RESULT(ctx, acquire_file(ctx, &bad_nv, JIT_DATA "saxpy.ll"), OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_UNKNOWN_NVPTX_TARGET);
    CHECK_RESULT(ctx, acquire_file(ctx, &bad_amd, JIT_DATA "saxpy.ll"), OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_UNKNOWN_AMDGPU_TARGET);
    fake_gpu odd_amd = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a:xnack");
    CHECK_RESULT(ctx, acquire_file(ctx, &odd_amd, JIT_DATA "saxpy.ll"), OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_MALFORMED_AMDGPU_TARGET);

    /* the AMDGPU link step: a missing linker, and a linker that fails, for a module that needs
       ld.lld (an absolute address in .data); saxpy links in-process and needs neither */
    static const char* const linkers[] = {"/nonexistent/ld.lld", "/usr/bin/false"};
    for (int i = 0; i < 2; i++) {
        offload_jit_desc jd = {0};
        jd.isolation = TEST_JIT_ISOLATION;
        jd.ld_lld_path = linkers[i];
        offload_context* lctx = make_context_with(&jd);
        REQUIRE(lctx);
        fake_gpu amd = fake_device(lctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a");
        CHECK_RESULT(lctx, acquire_file(lctx, &amd, OFFLOAD_TEST_ROOT "/tests/data/amdgpu/data_pointer.ll"),
                     i == 0 ? OFFLOAD_ERROR_HOST_TOOL_NOT_FOUND : OFFLOAD_ERROR_JIT);
        CHECK_DIAGNOSTIC(lctx, i == 0 ? OFFLOAD_DIAG_LINKER_NOT_EXECUTABLE : OFFLOAD_DIAG_LINK_FAILED);
        CHECK(contains(offload_context_last_error(lctx), linkers[i])); /* the linker it tried */
        CHECK(stats_of(lctx).entries == 0);
        CHECK_OK(lctx, acquire_file(lctx, &amd, JIT_DATA "saxpy.ll"));
        offload_context_destroy(lctx);
    }
    /* an undefined external in AMDGPU code (not our device library): ld.lld --no-undefined */
    CHECK(stats_of(ctx).entries == 0);

    /* IR text with opaque pointers (LLVM 15 and later write it): a JIT on an older LLVM names the
       versions; a newer one compiles it. A value named %ptr is no opaque pointer. */
    static const char opaque[] = "define void @k(ptr %p) \"offload-kernel\" {\n  store i32 1, ptr %p\n  ret void\n}\n";
    static const char named_ptr[] =
        "define void @k(i32* %ptr) \"offload-kernel\" {\n  store i32 1, i32 %ptr\n  ret void\n}\n";
#if LLVM_VERSION_MAJOR < 15
    check_load_error(ctx, opaque, OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_IR_FROM_NEWER_LLVM,
                     "opaque pointers ('ptr'), which LLVM 15 and later write");
    check_load_error(ctx, named_ptr, OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_IR_INVALID, "invalid LLVM IR");
    CHECK(!contains(offload_context_last_error(ctx), "opaque pointers"));
#else
    offload_program prog;
    CHECK_OK(ctx, load_ir(ctx, opaque, strlen(opaque), &prog));
    check_load_error(ctx, named_ptr, OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_IR_INVALID, "invalid LLVM IR");
#endif
    offload_context_destroy(ctx);
}

/* ---- a module for another target is refused before compiling ---- */

/* Bitcode of IR text, as LLVM writes it (malloc'd); wrapped in the bitcode wrapper header when
   asked. */
static char* bitcode_of(const char* text, int wrapped, size_t* size) {
    LLVMContextRef llvm = LLVMContextCreate();
    LLVMMemoryBufferRef buffer = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "m");
    LLVMModuleRef module = NULL;
    char* message = NULL;
    char* out = NULL;
    if (!LLVMParseIRInContext(llvm, buffer, &module, &message)) {
        LLVMMemoryBufferRef bitcode = LLVMWriteBitcodeToMemoryBuffer(module);
        size_t n = LLVMGetBufferSize(bitcode), header = wrapped ? 20 : 0;
        out = (char*)calloc(1, n + header);
        if (out) {
            uint32_t words[5] = {0x0b17c0deu, 0, (uint32_t)header, (uint32_t)n,
                                 0}; /* magic, version, offset, size, cpu */
            if (wrapped) memcpy(out, words, sizeof words);
            memcpy(out + header, LLVMGetBufferStart(bitcode), n);
            *size = n + header;
        }
        LLVMDisposeMemoryBuffer(bitcode);
        LLVMDisposeModule(module);
    }
    LLVMDisposeMessage(message);
    LLVMContextDispose(llvm);
    return out;
}

static const char nvptx_kernel[] = "target triple = \"nvptx64-nvidia-cuda\"\n"
                                   "define ptx_kernel void @k(i32* %p) {\n  store i32 1, i32* %p\n  ret void\n}\n";
static const char amdgcn_kernel[] =
    "target  triple=\"amdgcn-amd-amdhsa\" ; spaced as the parser allows\n"
    "define amdgpu_kernel void @k(i32 addrspace(1)* %p) {\n  store i32 1, i32 addrspace(1)* %p\n  ret void\n}\n";

/* Compiles ir for dev: 1 when it was refused for its triple before any compile (no compile
   started, refused counted, the message naming both triples), 0 when it compiled. */
static int refused_early(offload_context* ctx, const fake_gpu* dev, const void* ir, size_t size,
                         const char* module_triple) {
    offload_jit_stats before = stats_of(ctx);
    offload_test_jit_image img;
    offload_result r = fake_compile(ctx, dev, ir, size, &img);
    offload_test_jit_release(ctx, &img);
    offload_jit_stats after = stats_of(ctx);
    if (r == OFFLOAD_SUCCESS) {
        CHECK(after.misses == before.misses + 1 && after.refused == before.refused);
        return 0;
    }
    const char* why = offload_context_last_error(ctx);
    CHECK_RESULT(ctx, r, OFFLOAD_ERROR_JIT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_TRIPLE_MISMATCH);
    CHECK(contains(why, module_triple));
    CHECK(dev->backend == OFFLOAD_BACKEND_HOST ||
          contains(why, dev->backend == OFFLOAD_BACKEND_CUDA ? "'nvptx64-nvidia-cuda'" : "'amdgcn-amd-amdhsa'"));
    CHECK(after.refused == before.refused + 1 && after.misses == before.misses &&
          after.compile_ns == before.compile_ns);
    CHECK(after.entries == before.entries);
    return 1;
}

/* What the compile accepts, decided from the triple alone: NVPTX IR on an AMDGPU device or
   AMDGCN IR on NVIDIA or the host is refused at once, as text, bitcode and wrapped bitcode,
   without starting a compile server; NVPTX IR on the host (CUDA's), a module for the device and
   one without a triple still compile. */
static void test_wrong_target_is_refused_before_compiling(void) {
    offload_jit_desc process = {0};
    process.isolation = TEST_JIT_ISOLATION;
    offload_context* ctx = make_context_with(&process);
    REQUIRE(ctx);
    offload_jit_info info;
    REQUIRE_OK(ctx, offload_jit_get_info(ctx, &info));
    fake_gpu host = fake_device(ctx, OFFLOAD_BACKEND_HOST, "host");
    fake_gpu nvidia = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    fake_gpu amd = fake_device(ctx, OFFLOAD_BACKEND_AMDGPU, "gfx90a");
    size_t nv_size = 0, nv_wrapped_size = 0, amd_size = 0, amd_wrapped_size = 0;
    char* nv_bitcode = bitcode_of(nvptx_kernel, 0, &nv_size);
    char* nv_wrapped = bitcode_of(nvptx_kernel, 1, &nv_wrapped_size);
    char* amd_bitcode = bitcode_of(amdgcn_kernel, 0, &amd_size);
    char* amd_wrapped = bitcode_of(amdgcn_kernel, 1, &amd_wrapped_size);
    REQUIRE(nv_bitcode && nv_wrapped && amd_bitcode && amd_wrapped);

    CHECK(refused_early(ctx, &amd, nvptx_kernel, strlen(nvptx_kernel), "'nvptx64-nvidia-cuda'"));
    CHECK(refused_early(ctx, &amd, nv_bitcode, nv_size, "'nvptx64-nvidia-cuda'"));
    CHECK(refused_early(ctx, &amd, nv_wrapped, nv_wrapped_size, "'nvptx64-nvidia-cuda'"));
    CHECK(refused_early(ctx, &nvidia, amdgcn_kernel, strlen(amdgcn_kernel), "'amdgcn-amd-amdhsa'"));
    CHECK(refused_early(ctx, &nvidia, amd_bitcode, amd_size, "'amdgcn-amd-amdhsa'"));
    CHECK(refused_early(ctx, &nvidia, amd_wrapped, amd_wrapped_size, "'amdgcn-amd-amdhsa'"));
    CHECK(refused_early(ctx, &host, amdgcn_kernel, strlen(amdgcn_kernel), "'amdgcn-amd-amdhsa'"));
    CHECK(refused_early(ctx, &host, amd_bitcode, amd_size, "'amdgcn-amd-amdhsa'"));
    CHECK(offload_test_jit_idle_server(ctx) == 0); /* nothing was compiled: no server was started */
    CHECK(stats_of(ctx).refused == 8 && stats_of(ctx).misses == 0);

    /* what fits compiles: the device's own IR (text, bitcode, wrapped), CUDA's IR on the host */
    CHECK(!refused_early(ctx, &nvidia, nvptx_kernel, strlen(nvptx_kernel), ""));
    CHECK(!refused_early(ctx, &nvidia, nv_wrapped, nv_wrapped_size, ""));
    CHECK(!refused_early(ctx, &host, nv_bitcode, nv_size, ""));
    CHECK(!refused_early(ctx, &amd, amdgcn_kernel, strlen(amdgcn_kernel), ""));
    CHECK(!refused_early(ctx, &amd, amd_wrapped, amd_wrapped_size, ""));
    /* bitcode without a triple is portable: retargeted, not refused */
    size_t saxpy_size = 0, portable_size = 0;
    char* saxpy = test_read_file(JIT_DATA "saxpy.ll", &saxpy_size);
    char* portable = saxpy ? bitcode_of(saxpy, 0, &portable_size) : NULL;
    CHECK(portable && !refused_early(ctx, &amd, portable, portable_size, ""));
    free(saxpy);
    free(portable);
    if (info.isolation == OFFLOAD_JIT_ISOLATION_PROCESS) CHECK(offload_test_jit_idle_server(ctx) > 0);
    free(nv_bitcode);
    free(nv_wrapped);
    free(amd_bitcode);
    free(amd_wrapped);
    offload_context_destroy(ctx);
}

/* The compile server: restarted when it died while idle; a configured one that is missing, or
   a program that does not answer as a compile server of this runtime does, is a clear error. */
static void test_compile_server_lifecycle(void) {
    offload_jit_desc process = {0};
    process.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    offload_context* ctx = make_context_with(&process);
    REQUIRE(ctx);
    CHECK(saxpy_in(ctx, 100));
    long server = offload_test_jit_idle_server(ctx);
    REQUIRE(server > 0);
    CHECK(kill((pid_t)server, SIGKILL) == 0); /* dead by now, or dying while we send */
    offload_program prog;
    CHECK_OK(ctx, load_ir(ctx, reuse_a, sizeof reuse_a - 1, &prog)); /* on a new server */
    CHECK(run_k(ctx, prog, 21) == 42);
    offload_context_destroy(ctx);

    process.compiler_path = "/nonexistent/offload-jit-compiler";
    ctx = make_context_with(&process);
    REQUIRE(ctx);
    check_load_error(ctx, reuse_a, OFFLOAD_ERROR_HOST_TOOL_NOT_FOUND, OFFLOAD_DIAG_JIT_SERVER_NOT_FOUND,
                     "/nonexistent/offload-jit-compiler");
    offload_context_destroy(ctx);
    process.isolation = OFFLOAD_JIT_ISOLATION_DEFAULT; /* a configured server is never silently skipped */
    ctx = make_context_with(&process);
    REQUIRE(ctx);
    check_load_error(ctx, reuse_a, OFFLOAD_ERROR_HOST_TOOL_NOT_FOUND, OFFLOAD_DIAG_JIT_SERVER_NOT_FOUND,
                     "/nonexistent/offload-jit-compiler");
    offload_context_destroy(ctx);

    process.compiler_path = "/bin/true";
    ctx = make_context_with(&process);
    REQUIRE(ctx);
    check_load_error(ctx, reuse_a, OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_SERVER_MISMATCH, "/bin/true");
    offload_context_destroy(ctx);
}

/* The compile servers this process has started and not yet reaped: its children. */
static int child_processes(void) {
    int count = 0;
    DIR* tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    for (struct dirent* t; (t = readdir(tasks)) != NULL;) {
        if (t->d_name[0] == '.') continue;
        char path[300];
        snprintf(path, sizeof path, "/proc/self/task/%s/children", t->d_name);
        FILE* f = fopen(path, "r");
        for (long pid; f && fscanf(f, "%ld", &pid) == 1;) count++;
        if (f) fclose(f);
    }
    closedir(tasks);
    return count;
}

static int count_of(const char* text, const char* word) {
    int n = 0;
    for (const char* p = strstr(text, word); p; p = strstr(p + 1, word)) n++;
    return n;
}

/* A host context with jit as its JIT settings and its log lines (those log's filter keeps) in
   log: the create's result, the context in *out. */
static offload_result create_logged(const offload_jit_desc* jit, log_lines* log, offload_context** out) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.log = keep_log_line;
    desc.log_user_data = log;
    desc.log_level = OFFLOAD_LOG_DEBUG;
    desc.jit = *jit;
    *out = NULL;
    return offload_context_create(&desc, out);
}

/* A host context with the given isolation and cache directory whose JIT log lines (debug
   level) go to log. */
static offload_context* logged_context(offload_jit_isolation isolation, const char* cache_dir, log_lines* log) {
    offload_jit_desc jit = {0};
    jit.isolation = isolation;
    jit.cache_dir = cache_dir;
    offload_context* ctx;
    return create_logged(&jit, log, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* The first compile of host code in a context starts the compile server before this process
   loads LLVM, so that the two loads overlap: once per context, for a module that surely fits
   the host (portable, or CUDA's), with the compile server and no persistent cache; the compile
   then runs on that server. Nothing else starts one early. */
static void test_compile_server_starts_early_for_host_code(void) {
    static const char early[] = "compile server started early";
    log_lines log = {.prefix = "jit:", .debug_only = 1};
    REQUIRE(child_processes() == 0);
    offload_context* ctx = logged_context(OFFLOAD_JIT_ISOLATION_PROCESS, NULL, &log);
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_ir(ctx, reuse_a, sizeof reuse_a - 1, &prog));
    CHECK(run_k(ctx, prog, 4) == 8);
    CHECK(count_of(log.text, early) == 1);
    const char* started = strstr(log.text, early);
    long early_pid = started ? strtol(started + strlen(early) + strlen(" (process "), NULL, 10) : 0;
    CHECK(early_pid > 0 && offload_test_jit_idle_server(ctx) == early_pid); /* the compile ran on it */
    CHECK(child_processes() == 1);
    REQUIRE_OK(ctx, load_ir(ctx, reuse_b, sizeof reuse_b - 1, &prog));
    CHECK(count_of(log.text, early) == 1 && child_processes() == 1);
    offload_context_destroy(ctx);
    CHECK(child_processes() == 0);

    /* a module refused for its triple starts nothing */
    log.text[0] = '\0';
    ctx = logged_context(OFFLOAD_JIT_ISOLATION_PROCESS, NULL, &log);
    REQUIRE(ctx);
    fake_gpu host = fake_device(ctx, OFFLOAD_BACKEND_HOST, "host");
    offload_test_jit_image img;
    CHECK_RESULT(ctx, fake_compile(ctx, &host, amdgcn_kernel, strlen(amdgcn_kernel), &img), OFFLOAD_ERROR_JIT);
    CHECK(!contains(log.text, early) && child_processes() == 0);
    offload_context_destroy(ctx);

    /* CUDA's IR on the host fits: started early too */
    log.text[0] = '\0';
    ctx = logged_context(OFFLOAD_JIT_ISOLATION_PROCESS, NULL, &log);
    REQUIRE(ctx);
    CHECK_OK(ctx, fake_compile(ctx, &host, nvptx_kernel, strlen(nvptx_kernel), &img));
    offload_test_jit_release(ctx, &img);
    CHECK(count_of(log.text, early) == 1 && child_processes() == 1);
    offload_context_destroy(ctx);

    /* a GPU target needs no LLVM in this process: its server starts with its first job */
    log.text[0] = '\0';
    ctx = logged_context(OFFLOAD_JIT_ISOLATION_PROCESS, NULL, &log);
    REQUIRE(ctx);
    fake_gpu nvidia = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    CHECK(acquire_file(ctx, &nvidia, JIT_DATA "saxpy.ll") == OFFLOAD_SUCCESS);
    CHECK(!contains(log.text, early) && child_processes() == 1);
    offload_context_destroy(ctx);

    /* in-process compiles, and a persistent cache, start nothing early */
    char cache[] = "/tmp/offload-jit-early-XXXXXX";
    REQUIRE(mkdtemp(cache));
    offload_jit_isolation modes[] = {OFFLOAD_JIT_ISOLATION_NONE, OFFLOAD_JIT_ISOLATION_PROCESS};
    const char* caches[] = {NULL, cache};
    for (int i = 0; i < 2; i++) {
        log.text[0] = '\0';
        ctx = logged_context(modes[i], caches[i], &log);
        REQUIRE(ctx);
        REQUIRE_OK(ctx, load_ir(ctx, reuse_a, sizeof reuse_a - 1, &prog));
        CHECK(run_k(ctx, prog, 5) == 10);
        CHECK(!contains(log.text, early));
        CHECK(child_processes() == (modes[i] == OFFLOAD_JIT_ISOLATION_PROCESS));
        offload_context_destroy(ctx);
    }
    CHECK(test_remove_tree(cache));
}

extern char** environ;

/* Writes one frame of the compile server's protocol (jit/server.inc): kind, result, size, body. */
static int send_server_frame(int fd, char kind, const char* body) {
    struct {
        uint32_t kind;
        int32_t result;
        uint64_t size;
    } header = {(uint32_t)kind, 0, strlen(body)};
    return write(fd, &header, sizeof header) == (ssize_t)sizeof header &&
           write(fd, body, header.size) == (ssize_t)header.size;
}

/* Whether process pid maps a file whose path contains name. */
static int process_maps(long pid, const char* name) {
    char path[64], line[4096];
    snprintf(path, sizeof path, "/proc/%ld/maps", pid);
    FILE* f = fopen(path, "r");
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f)) found = contains(line, name);
    if (f) fclose(f);
    return found;
}

/* The 'L' frame: the server loads the named LLVM library before any job (within 20 s), and one
   that cannot be loaded leaves it running, LLVM unloaded, until its requests end (exit 0). */
static void test_compile_server_loads_llvm_ahead_of_jobs(void) {
    offload_jit_info info;
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    REQUIRE_OK(ctx, offload_jit_get_info(ctx, &info));
    offload_context_destroy(ctx);
    char missing[64];
    snprintf(missing, sizeof missing, "/nonexistent/libLLVM.so.%d", LLVM_VERSION_MAJOR);
    const char* libraries[] = {info.llvm_library, missing};
    for (int i = 0; i < 2; i++) {
        int requests[2], answers[2];
        REQUIRE(pipe2(requests, O_CLOEXEC) == 0 && pipe2(answers, O_CLOEXEC) == 0);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, requests[0], 0);
        posix_spawn_file_actions_adddup2(&actions, answers[1], 1);
        char* argv[] = {OFFLOAD_TEST_BUILD "/tools/offload-jit-compiler", "--offload-jit-compile-server", NULL};
        pid_t pid = 0;
        int spawned = posix_spawn(&pid, argv[0], &actions, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&actions);
        REQUIRE(spawned == 0);
        close(requests[0]);
        close(answers[1]);
        char hello[16 + 128] = {0};
        CHECK(read(answers[0], hello, sizeof hello) >= 16 && hello[0] == 'H');
        CHECK(send_server_frame(requests[1], 'L', libraries[i]));
        int loaded = 0;
        for (int waited = 0; waited < 2000 && !loaded; waited++) {
            loaded = process_maps(pid, "libLLVM");
            if (!loaded) usleep(i == 0 ? 10000 : 100); /* the missing library: a short look */
        }
        CHECK(loaded == (i == 0));
        close(requests[1]); /* end of requests: the server ends */
        int status = -1;
        CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
        close(answers[0]);
    }
}

/* A server started early whose LLVM library fails to load reports that with the first job it
   gets, as a server that binds on its first job does. */
static void test_early_server_reports_a_library_that_fails(void) {
    char library[64];
    snprintf(library, sizeof library, "/nonexistent/libLLVM.so.%d", LLVM_VERSION_MAJOR);
    offload_jit_desc jit = {0};
    jit.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    jit.llvm_library_path = library;
    offload_context* ctx = make_context_with(&jit);
    REQUIRE(ctx);
    check_load_error(ctx, reuse_a, OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_LLVM_NOT_LOADED,
                     "/nonexistent/libLLVM"); /* this process's load */
    CHECK(child_processes() == 1);            /* the early server, idle */
    fake_gpu nvidia = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    for (int round = 0; round < 2; round++) {
        CHECK_RESULT(ctx, acquire_file(ctx, &nvidia, JIT_DATA "saxpy.ll"), OFFLOAD_ERROR_JIT);
        CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_LLVM_NOT_LOADED);                      /* the server's answer to the job */
        CHECK(contains(offload_context_last_error(ctx), "/nonexistent/libLLVM")); /* the library it tried */
    }
    CHECK(child_processes() == 1); /* it answered: kept, not restarted */
    offload_context_destroy(ctx);
    CHECK(child_processes() == 0);
}

/* The pid in the log line "compile server started <occasion> (process N)", or 0. */
static long started_server(const char* log, const char* occasion) {
    char line[128];
    snprintf(line, sizeof line, "compile server started %s (process ", occasion);
    const char* at = strstr(log, line);
    return at ? strtol(at + strlen(line), NULL, 10) : 0;
}

/* Contexts given another's compile servers compile on them, whichever is destroyed first, and
   the last one stops them; a context whose servers would differ (another executable, another
   LLVM, in-process compiles on either side, no server found) is refused at its creation. */
static void test_contexts_share_compile_servers(void) {
    log_lines log = {.prefix = "jit:", .debug_only = 1};
    offload_jit_desc own = {0};
    own.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    REQUIRE(child_processes() == 0);
    offload_context *first, *second;
    REQUIRE(create_logged(&own, &log, &first) == OFFLOAD_SUCCESS);
    fake_gpu gpu = fake_device(first, OFFLOAD_BACKEND_CUDA, "sm_90");
    CHECK(acquire_file(first, &gpu, JIT_DATA "saxpy.ll") == OFFLOAD_SUCCESS);
    long server = offload_test_jit_idle_server(first);
    CHECK(server > 0 && child_processes() == 1);

    offload_jit_desc shared = {0};
    shared.share_compile_servers = first;
    REQUIRE(create_logged(&shared, &log, &second) == OFFLOAD_SUCCESS);
    offload_jit_info info;
    CHECK_OK(second, offload_jit_get_info(second, &info));
    CHECK(info.isolation == OFFLOAD_JIT_ISOLATION_PROCESS && contains(info.isolation_reason, "shared with another"));
    fake_gpu other_gpu = fake_device(second, OFFLOAD_BACKEND_CUDA, "sm_80");
    CHECK(acquire_file(second, &other_gpu, JIT_DATA "saxpy.ll") == OFFLOAD_SUCCESS);
    CHECK(offload_test_jit_idle_server(second) == server && child_processes() == 1); /* compiled there */
    offload_context_destroy(first);
    CHECK(child_processes() == 1); /* still the second context's */
    other_gpu = fake_device(second, OFFLOAD_BACKEND_CUDA, "sm_70");
    CHECK(acquire_file(second, &other_gpu, JIT_DATA "saxpy.ll") == OFFLOAD_SUCCESS);
    CHECK(offload_test_jit_idle_server(second) == server);
    offload_context_destroy(second);
    CHECK(child_processes() == 0);

    /* What must match, on both sides of each check. */
    log_lines refusal = {0}; /* every line: the refusals are errors */
    own.compiler_path = OFFLOAD_TEST_BUILD "/tools/offload-jit-compiler";
    REQUIRE(create_logged(&own, &log, &first) == OFFLOAD_SUCCESS);
    CHECK_OK(first, offload_jit_get_info(first, &info));
    shared.share_compile_servers = first;
    struct {
        offload_jit_isolation isolation;
        const char* compiler;
        const char* library;
        offload_result expected;
        const char* message;
    } cases[] = {
        {OFFLOAD_JIT_ISOLATION_PROCESS, own.compiler_path, info.llvm_library, OFFLOAD_SUCCESS, NULL},
        {OFFLOAD_JIT_ISOLATION_DEFAULT, NULL, NULL, OFFLOAD_SUCCESS, NULL},
        {OFFLOAD_JIT_ISOLATION_NONE, NULL, NULL, OFFLOAD_ERROR_INVALID_ARGUMENT, "compile in this process"},
        {OFFLOAD_JIT_ISOLATION_DEFAULT, "/bin/true", NULL, OFFLOAD_ERROR_INVALID_ARGUMENT, "is not the compile server"},
        {OFFLOAD_JIT_ISOLATION_DEFAULT, NULL, "/other/libLLVM.so", OFFLOAD_ERROR_INVALID_ARGUMENT, "/other/libLLVM.so"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        refusal.text[0] = '\0';
        shared.isolation = cases[i].isolation;
        shared.compiler_path = cases[i].compiler;
        shared.llvm_library_path = cases[i].library;
        CHECK(create_logged(&shared, &refusal, &second) == cases[i].expected);
        CHECK(cases[i].expected == OFFLOAD_SUCCESS ? second != NULL : second == NULL);
        if (cases[i].message && !contains(refusal.text, cases[i].message)) {
            CHECK(!"the refusal says why");
            fprintf(stderr, "  case %zu logged: %s\n", i, refusal.text);
        }
        offload_context_destroy(second);
    }
    offload_context_destroy(first);

    /* nothing to share: a context compiling in-process, one whose server is missing */
    memset(&shared, 0, sizeof shared);
    offload_jit_desc unshareable[2] = {{0}, {0}};
    unshareable[0].isolation = OFFLOAD_JIT_ISOLATION_NONE;
    unshareable[1].compiler_path = "/nonexistent/offload-jit-compiler";
    for (int i = 0; i < 2; i++) {
        refusal.text[0] = '\0';
        REQUIRE(create_logged(&unshareable[i], &log, &first) == OFFLOAD_SUCCESS);
        shared.share_compile_servers = first;
        CHECK(create_logged(&shared, &refusal, &second) == OFFLOAD_ERROR_INVALID_ARGUMENT && second == NULL);
        CHECK(contains(refusal.text, "has no compile server to share"));
        offload_context_destroy(first);
    }
    CHECK(child_processes() == 0);
}

/* desc.jit.start_compile_server: the server starts with the context and loads LLVM before any
   compile, which then runs on it; not where compiles run in-process or a shared server is idle
   already. A server started so that is not a compile server is found out by the first compile;
   one that ended is replaced. */
static void test_compile_server_starts_with_the_context(void) {
    log_lines log = {.prefix = "jit:", .debug_only = 1};
    offload_jit_desc jit = {0};
    jit.start_compile_server = 1;
    REQUIRE(child_processes() == 0);
    offload_context *ctx, *sharing;
    REQUIRE(create_logged(&jit, &log, &ctx) == OFFLOAD_SUCCESS);
    long server = started_server(log.text, "with the context");
    CHECK(server > 0 && child_processes() == 1);
    int loaded = 0;
    for (int waited = 0; waited < 2000 && !loaded; waited++) {
        loaded = process_maps(server, "libLLVM");
        if (!loaded) usleep(10000);
    }
    CHECK(loaded); /* before any compile */
    fake_gpu gpu = fake_device(ctx, OFFLOAD_BACKEND_CUDA, "sm_90");
    CHECK(acquire_file(ctx, &gpu, JIT_DATA "saxpy.ll") == OFFLOAD_SUCCESS);
    CHECK(offload_test_jit_idle_server(ctx) == server && child_processes() == 1);

    log.text[0] = '\0';
    jit.share_compile_servers = ctx; /* one is idle there: none more */
    REQUIRE(create_logged(&jit, &log, &sharing) == OFFLOAD_SUCCESS);
    CHECK(!started_server(log.text, "with the context") && child_processes() == 1);
    offload_context_destroy(sharing);
    offload_context_destroy(ctx);
    CHECK(child_processes() == 0);

    log.text[0] = '\0';
    memset(&jit, 0, sizeof jit);
    jit.start_compile_server = 1;
    jit.isolation = OFFLOAD_JIT_ISOLATION_NONE;
    REQUIRE(create_logged(&jit, &log, &ctx) == OFFLOAD_SUCCESS);
    CHECK(!started_server(log.text, "with the context") && child_processes() == 0);
    offload_context_destroy(ctx);

    jit.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    jit.compiler_path = "/bin/true";
    REQUIRE(create_logged(&jit, &log, &ctx) == OFFLOAD_SUCCESS);
    check_load_error(ctx, reuse_a, OFFLOAD_ERROR_JIT, OFFLOAD_DIAG_JIT_SERVER_MISMATCH, "/bin/true");
    offload_context_destroy(ctx);
    CHECK(child_processes() == 0);

    /* A server started with the context that ends before its first job (killed before it said
       hello: a script that waits, then runs the compile server) is replaced by the compile. */
    char slow[] = "/tmp/offload-jit-slow-server-XXXXXX";
    int fd = mkstemp(slow);
    REQUIRE(fd >= 0);
    dprintf(fd, "#!/bin/sh\nsleep 1 </dev/null >/dev/null\nexec %s/tools/offload-jit-compiler \"$@\"\n",
            OFFLOAD_TEST_BUILD);
    close(fd);
    REQUIRE(chmod(slow, 0700) == 0);
    log.text[0] = '\0';
    jit.compiler_path = slow;
    REQUIRE(create_logged(&jit, &log, &ctx) == OFFLOAD_SUCCESS);
    server = started_server(log.text, "with the context");
    CHECK(server > 0 && kill((pid_t)server, SIGKILL) == 0);
    offload_program prog;
    REQUIRE_OK(ctx, load_ir(ctx, reuse_a, sizeof reuse_a - 1, &prog));
    CHECK(run_k(ctx, prog, 6) == 12);
    long replacement = offload_test_jit_idle_server(ctx);
    CHECK(replacement > 0 && replacement != server);
    offload_context_destroy(ctx);
    CHECK(child_processes() == 0);
    unlink(slow);

    /* OFFLOAD_JIT_START_SERVER, where the environment is read */
    const char* values[] = {"1", "0"};
    for (int i = 0; i < 2; i++) {
        setenv("OFFLOAD_JIT_START_SERVER", values[i], 1);
        offload_context_desc desc = {0};
        desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
        desc.jit.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
        desc.jit.start_compile_server = i; /* the variable wins */
        ctx = NULL;
        REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
        CHECK(child_processes() == (i == 0));
        offload_context_destroy(ctx);
    }
    unsetenv("OFFLOAD_JIT_START_SERVER");
}

/* ---- debug knobs ---- */

static void test_dump_and_replacement(void) {
    char dir[] = "/tmp/offload-jit-dump-XXXXXX";
    REQUIRE(mkdtemp(dir));
    char replacement[4096];
    snprintf(replacement, sizeof replacement, "%s/replacement.ll", dir);
    FILE* f = fopen(replacement, "w");
    REQUIRE(f);
    fputs(reuse_b, f);
    fclose(f);

    offload_jit_desc jit = {0};
    jit.dump_dir = dir;
    offload_context* ctx = make_context_with(&jit);
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_ir(ctx, reuse_a, sizeof reuse_a - 1, &prog));
    CHECK(run_k(ctx, prog, 5) == 10);
    CHECK(test_count_files(dir) == 4); /* replacement.ll + before.ll, after.ll, .o */
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "test -s %s/*.before.ll && test -s %s/*.after.ll && test -s %s/*.o", dir, dir, dir);
    CHECK(system(cmd) == 0);
    offload_context_destroy(ctx);

    offload_jit_desc replaced = {0};
    replaced.replacement_ir_path = replacement;
    ctx = make_context_with(&replaced);
    REQUIRE(ctx);
    REQUIRE_OK(ctx, load_ir(ctx, reuse_a, sizeof reuse_a - 1, &prog));
    CHECK(run_k(ctx, prog, 5) == 105); /* B's code ran */
    offload_context_destroy(ctx);
    CHECK(test_remove_tree(dir));
}

int main(void) {
    RUN(test_host_saxpy);
    RUN(test_host_stencil_2d);
    RUN(test_host_reduce_into_global);
    RUN(test_host_shared_memory_and_barrier);
    RUN(test_address_reuse_regression);
    RUN(test_address_reuse_while_the_first_program_lives);
    RUN(test_same_ir_twice_compiles_once);
    RUN(test_two_contexts_have_independent_caches);
    RUN(test_options_are_part_of_the_key);
    RUN(test_isolation_none_runs_in_process);
    RUN(test_disk_cache_reuse_and_corruption);
    RUN(test_target_processor_is_part_of_the_key);
    RUN(test_nvptx_sm90_accepted_by_ptxas);
    RUN(test_nvptx_sm70_rpc_client_ptx_isa);
    RUN(test_ptx_through_the_cuda_backend);
    RUN(test_ptx_isa_follows_the_driver);
    RUN(test_amdgpu_code_objects);
    RUN(test_amdgpu_code_object_choice);
    RUN(test_amdgpu_jit_runs_on_the_simulated_runtime);
    RUN(test_amdgpu_target_features);
    RUN(test_instcombine_fixpoint_is_not_fatal);
    RUN(test_isolation_is_reported);
    RUN(test_fatal_llvm_errors_fail_cleanly);
    RUN(test_errors);
    RUN(test_wrong_target_is_refused_before_compiling);
    RUN(test_compile_server_lifecycle);
    RUN(test_compile_server_starts_early_for_host_code);
    RUN(test_early_server_reports_a_library_that_fails);
    RUN(test_compile_server_loads_llvm_ahead_of_jobs);
    RUN(test_contexts_share_compile_servers);
    RUN(test_compile_server_starts_with_the_context);
    RUN(test_dump_and_replacement);
    return test_summary();
}
#endif /* OFFLOAD_NO_JIT */
