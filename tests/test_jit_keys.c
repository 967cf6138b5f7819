/* tests/test_jit_keys.c — every part of the JIT cache key, changed alone, is a miss: in memory
   (a second entry in one context, where the part is per compile) and on disk (a fresh context on
   the same cache directory compiles again instead of reading the first one's entry), while the
   unchanged compile in a fresh context is a disk hit. The parts: the IR's bytes, the target, the
   processor, the target features, the optimisation level, fast math, the vendor math library's
   version (libdevice replaced in place; on the host, only for CUDA IR that calls it, and apart
   from the C library's math that stands in for it with libdevice_path "none") and the
   replacement module. Compiles go through the test hooks for devices that are not present,
   in-process, so no GPU or driver is needed; host compiles load on the host device. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef OFFLOAD_NO_JIT
int main(void) { return test_skip_all("test_jit_keys", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

#define LIBDEVICE "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"

/* One compile: the settings of its context, the device it is for, the module. */
typedef struct compile_spec {
    offload_jit_desc jit; /* cache_dir and isolation are set by compile_stats */
    offload_backend backend;
    const char* arch;
    const char* ir;
    size_t ir_size;
} compile_spec;

/* The JIT statistics of a fresh context on the cache directory dir after compiling spec once;
   all ones when the compile failed. */
static offload_jit_stats compile_stats(const compile_spec* spec, const char* dir) {
    offload_jit_stats s;
    memset(&s, 0xff, sizeof s);
    offload_jit_desc jit = spec->jit;
    jit.cache_dir = dir;
    jit.isolation = OFFLOAD_JIT_ISOLATION_NONE;
    offload_context* ctx = make_context_with(&jit);
    if (!ctx) return s;
    offload_result r;
    if (spec->backend == OFFLOAD_BACKEND_HOST) { /* the host device is there: compile and load */
        offload_device host;
        offload_program program;
        offload_program_desc pd = {.image = spec->ir, .size = spec->ir_size};
        r = offload_device_get(ctx, 0, &host);
        if (r == OFFLOAD_SUCCESS) r = offload_program_create(ctx, host, &pd, &program);
        if (r == OFFLOAD_SUCCESS) offload_jit_get_stats(ctx, &s);
        if (r == OFFLOAD_SUCCESS) offload_program_destroy(ctx, program);
    } else {
        offload_test_jit_image image;
        r = offload_test_jit_compile(ctx, spec->backend, spec->arch, spec->ir, spec->ir_size, &image);
        if (r == OFFLOAD_SUCCESS) offload_jit_get_stats(ctx, &s);
        if (r == OFFLOAD_SUCCESS) offload_test_jit_release(ctx, &image);
    }
    if (r != OFFLOAD_SUCCESS)
        fprintf(stderr, "  compile for %s: %s\n", spec->arch ? spec->arch : "the host",
                offload_context_last_error(ctx));
    offload_context_destroy(ctx);
    return s;
}

/* first and second differ in one part of the key: a fresh context compiles second again (a miss,
   never a disk hit of first's entry), while first again is a disk hit; where both can be
   compiled in one context (same settings), they are two entries. */
static void check_part(const char* part, const compile_spec* first, const compile_spec* second) {
    char dir[] = "/tmp/offload-jit-keys-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    offload_jit_stats s = compile_stats(first, dir);
    int ok = s.misses == 1 && s.disk_hits == 0;
    s = compile_stats(first, dir);
    ok = ok && s.misses == 0 && s.disk_hits == 1; /* unchanged: read back */
    s = compile_stats(second, dir);
    ok = ok && s.misses == 1 && s.disk_hits == 0; /* the part changed alone: compiled again */
    ok = ok && test_count_files(dir) == 2;
    if (!memcmp(&first->jit, &second->jit, sizeof first->jit)) {
        offload_jit_desc jit = first->jit;
        jit.isolation = OFFLOAD_JIT_ISOLATION_NONE;
        offload_context* ctx = make_context_with(&jit);
        offload_test_jit_image a, b;
        ok = ok && ctx &&
             offload_test_jit_compile(ctx, first->backend, first->arch, first->ir, first->ir_size, &a) ==
                 OFFLOAD_SUCCESS;
        if (ok) {
            ok = offload_test_jit_compile(ctx, second->backend, second->arch, second->ir, second->ir_size, &b) ==
                 OFFLOAD_SUCCESS;
            offload_jit_stats m;
            offload_jit_get_stats(ctx, &m);
            ok = ok && a.entry != b.entry && m.entries == 2 && m.misses == 2 && m.hits == 0;
            if (b.entry) offload_test_jit_release(ctx, &b);
            offload_test_jit_release(ctx, &a);
        }
        if (ctx) offload_context_destroy(ctx);
    }
    if (!ok) fprintf(stderr, "  the cache key part '%s' changed alone was not a miss\n", part);
    CHECK(ok);
    test_remove_tree(dir);
}

static char* saxpy;
static size_t saxpy_size;

/* saxpy for `backend` and arch, with the default settings. */
static compile_spec saxpy_for(offload_backend backend, const char* arch) {
    compile_spec s;
    memset(&s, 0, sizeof s);
    s.backend = backend;
    s.arch = arch;
    s.ir = saxpy;
    s.ir_size = saxpy_size;
    return s;
}

static void test_ir_bytes(void) {
    compile_spec a = saxpy_for(OFFLOAD_BACKEND_CUDA, "sm_80"), b = a;
    /* the same module but for one constant: the key hashes every byte */
    char* changed = (char*)malloc(saxpy_size);
    REQUIRE(changed);
    memcpy(changed, saxpy, saxpy_size);
    char* at = strstr(changed, "fmul");
    REQUIRE(at);
    memcpy(at, "fadd", 4);
    b.ir = changed;
    check_part("IR content", &a, &b);
    free(changed);
}

static void test_target(void) {
    compile_spec a = saxpy_for(OFFLOAD_BACKEND_CUDA, "sm_80"), b = saxpy_for(OFFLOAD_BACKEND_AMDGPU, "gfx90a");
    check_part("target", &a, &b);
}

static void test_processor(void) {
    compile_spec a = saxpy_for(OFFLOAD_BACKEND_CUDA, "sm_80"), b = saxpy_for(OFFLOAD_BACKEND_CUDA, "sm_90");
    check_part("processor", &a, &b);
}

static void test_features(void) {
    compile_spec a = saxpy_for(OFFLOAD_BACKEND_AMDGPU, "gfx90a:xnack+"),
                 b = saxpy_for(OFFLOAD_BACKEND_AMDGPU, "gfx90a:xnack-");
    check_part("target features", &a, &b);
}

static void test_opt_level(void) {
    compile_spec a = saxpy_for(OFFLOAD_BACKEND_CUDA, "sm_80"), b = a;
    a.jit.opt_level = OFFLOAD_JIT_OPT_O1;
    b.jit.opt_level = OFFLOAD_JIT_OPT_O2;
    check_part("optimisation level", &a, &b);
}

static void test_fast_math(void) {
    compile_spec a = saxpy_for(OFFLOAD_BACKEND_CUDA, "sm_80"), b = a;
    b.jit.fast_math = 1;
    check_part("fast math", &a, &b);
}

/* A copy of libdevice at dir/libdevice.10.bc (path), with an old modification time. */
static void copy_libdevice(char* dir, char* path, size_t capacity) {
    REQUIRE(mkdtemp(dir));
    snprintf(path, capacity, "%s/libdevice.10.bc", dir);
    size_t size = 0;
    char* bytes = test_read_file(LIBDEVICE, &size);
    REQUIRE(bytes);
    REQUIRE(test_write_file(path, bytes, size));
    free(bytes);
    struct timespec old_time[2] = {{1000000000, 0}, {1000000000, 0}};
    REQUIRE(utimensat(AT_FDCWD, path, old_time, 0) == 0);
}

/* The library at path replaced in place, as a package upgrade leaves it: a new modification time. */
static void upgrade_in_place(const char* path) {
    struct timespec new_time[2] = {{2000000000, 0}, {2000000000, 0}};
    REQUIRE(utimensat(AT_FDCWD, path, new_time, 0) == 0);
}

/* libdevice replaced in place (same path, another version: here the same bytes with another
   modification time, as a package upgrade leaves it) must not serve code built with the old one. */
static void test_vendor_library_version(void) {
    if (access(LIBDEVICE, R_OK) != 0) SKIP("libdevice is not installed (%s)", LIBDEVICE);
    char dir[] = "/tmp/offload-jit-libdevice-XXXXXX", path[256];
    copy_libdevice(dir, path, sizeof path);

    compile_spec a = saxpy_for(OFFLOAD_BACKEND_CUDA, "sm_80");
    a.jit.libdevice_path = path;
    char cache[] = "/tmp/offload-jit-keys-XXXXXX";
    REQUIRE(mkdtemp(cache));
    offload_jit_stats s = compile_stats(&a, cache);
    CHECK(s.misses == 1 && s.disk_hits == 0);
    s = compile_stats(&a, cache);
    CHECK(s.misses == 0 && s.disk_hits == 1); /* the same library: read back */
    upgrade_in_place(path);
    s = compile_stats(&a, cache);
    CHECK(s.misses == 1 && s.disk_hits == 0); /* upgraded in place: compiled again */
    CHECK(test_count_files(cache) == 2);
    test_remove_tree(cache);
    test_remove_tree(dir);
}

/* The host device uses libdevice only for CUDA IR that calls its __nv_* functions: upgrading it
   recompiles such a module, while a portable module's entry stays good (its key does not carry
   the library). */
static void test_host_vendor_library_only_where_named(void) {
    if (access(LIBDEVICE, R_OK) != 0) SKIP("libdevice is not installed (%s)", LIBDEVICE);
    size_t nv_math_size = 0;
    char* nv_math = test_read_file(JIT_DATA "nv_math.ll", &nv_math_size);
    REQUIRE(nv_math);
    char dir[] = "/tmp/offload-jit-libdevice-XXXXXX", path[256];
    copy_libdevice(dir, path, sizeof path);
    compile_spec portable = saxpy_for(OFFLOAD_BACKEND_HOST, NULL), cuda_math = portable;
    portable.jit.libdevice_path = cuda_math.jit.libdevice_path = path;
    cuda_math.ir = nv_math;
    cuda_math.ir_size = nv_math_size;
    char cache[] = "/tmp/offload-jit-keys-XXXXXX";
    REQUIRE(mkdtemp(cache));
    offload_jit_stats s = compile_stats(&portable, cache);
    CHECK(s.misses == 1 && s.disk_hits == 0);
    s = compile_stats(&cuda_math, cache);
    CHECK(s.misses == 1 && s.disk_hits == 0);
    upgrade_in_place(path);
    s = compile_stats(&portable, cache);
    CHECK(s.misses == 0 && s.disk_hits == 1); /* no __nv_ name: the library is not its business */
    s = compile_stats(&cuda_math, cache);
    CHECK(s.misses == 1 && s.disk_hits == 0); /* calls libdevice: compiled again */
    test_remove_tree(cache);
    test_remove_tree(dir);
    free(nv_math);
}

/* On the host, CUDA IR compiled with libdevice and with the C library's math in its place
   (libdevice_path "none": backends/host/nv_math.ll) are two entries: neither is served for the
   other, and each is read back for its own setting. */
static void test_host_libdevice_or_none(void) {
    if (access(LIBDEVICE, R_OK) != 0) SKIP("libdevice is not installed (%s)", LIBDEVICE);
    size_t nv_math_size = 0;
    char* nv_math = test_read_file(JIT_DATA "nv_math.ll", &nv_math_size);
    REQUIRE(nv_math);
    compile_spec with_libdevice = saxpy_for(OFFLOAD_BACKEND_HOST, NULL);
    with_libdevice.ir = nv_math;
    with_libdevice.ir_size = nv_math_size;
    compile_spec none = with_libdevice;
    with_libdevice.jit.libdevice_path = LIBDEVICE;
    none.jit.libdevice_path = "none";
    char cache[] = "/tmp/offload-jit-keys-XXXXXX";
    REQUIRE(mkdtemp(cache));
    offload_jit_stats s = compile_stats(&with_libdevice, cache);
    CHECK(s.misses == 1 && s.disk_hits == 0);
    s = compile_stats(&none, cache);
    CHECK(s.misses == 1 && s.disk_hits == 0); /* not the libdevice build */
    s = compile_stats(&with_libdevice, cache);
    CHECK(s.misses == 0 && s.disk_hits == 1);
    s = compile_stats(&none, cache);
    CHECK(s.misses == 0 && s.disk_hits == 1);
    CHECK(test_count_files(cache) == 2);
    test_remove_tree(cache);
    free(nv_math);
}

static void test_replacement_module(void) {
    char dir[] = "/tmp/offload-jit-replacement-XXXXXX";
    REQUIRE(mkdtemp(dir));
    char first[256], second[256];
    snprintf(first, sizeof first, "%s/a.ll", dir);
    snprintf(second, sizeof second, "%s/b.ll", dir);
    REQUIRE(test_write_file(first, saxpy, saxpy_size));
    char* changed = (char*)malloc(saxpy_size);
    REQUIRE(changed);
    memcpy(changed, saxpy, saxpy_size);
    memcpy(strstr(changed, "fmul"), "fadd", 4);
    REQUIRE(test_write_file(second, changed, saxpy_size));
    free(changed);
    compile_spec a = saxpy_for(OFFLOAD_BACKEND_CUDA, "sm_80"), b = a;
    a.jit.replacement_ir_path = first;
    b.jit.replacement_ir_path = second;
    check_part("replacement module", &a, &b);
    test_remove_tree(dir);
}

int main(void) {
    saxpy = test_read_file(JIT_DATA "saxpy.ll", &saxpy_size);
    if (!saxpy) return test_skip_all("test_jit_keys", "cannot read " JIT_DATA "saxpy.ll");
    RUN(test_ir_bytes);
    RUN(test_target);
    RUN(test_processor);
    RUN(test_features);
    RUN(test_opt_level);
    RUN(test_fast_math);
    RUN(test_vendor_library_version);
    RUN(test_host_vendor_library_only_where_named);
    RUN(test_host_libdevice_or_none);
    RUN(test_replacement_module);
    free(saxpy);
    return test_summary();
}

#endif
