/* tests/test_jit_split.c — a host module's kernels compiled side by side (jit/split.inc): the
   parts' objects, as the dump shows them, for one thread, two, more threads than kernels, a module
   of one kernel and the cap of 64; the program they make run against the one-object compile's
   results, with the module's variables (one made internal by the compile, one visible) written by
   a kernel of one part and read by a kernel of another, a constant table and a function that
   kernels of both parts call; the same in the compile server and in this process, and from the
   disk cache; the environment's OFFLOAD_JIT_THREADS; and the image reader's refusals of a
   malformed set of parts. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"
#include "files.h"
#include "jit_helpers.h"

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef OFFLOAD_NO_JIT
/* Built without the JIT, this program has nothing to test. */
int main(void) { return test_skip_all("test_jit_split", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

/* Three kernels: with two parts, put and third are the first part's, take the second's. @state is
   internal (the compile would keep it in one object), @visible the program's global; @once (which
   LLVM may drop from a part that does not use it, as the first does not) and @hidden are used by
   take alone. */
static const char three_kernels[] =
    "@state = internal global i32 0\n"
    "@visible = global i32 7\n"
    "@table = internal constant [4 x i32] [i32 1, i32 10, i32 100, i32 1000]\n"
    "@llvm.used = appending global [1 x i8*] [i8* bitcast (i32* @visible to i8*)], section \"llvm.metadata\"\n"
    "@once = linkonce_odr global i32 5\n"
    "@hidden = hidden global i32 6\n"
    "define internal i32 @pick(i32 %i) noinline {\n"
    "  %p = getelementptr [4 x i32], [4 x i32]* @table, i32 0, i32 %i\n"
    "  %v = load i32, i32* %p\n"
    "  ret i32 %v\n"
    "}\n"
    "define void @put(i32 %v) \"offload-kernel\" {\n"
    "  store i32 %v, i32* @state\n"
    "  %w = call i32 @pick(i32 1)\n"
    "  %x = add i32 %v, %w\n"
    "  store i32 %x, i32* @visible\n"
    "  ret void\n"
    "}\n"
    "define void @take(i32* %out) \"offload-kernel\" {\n"
    "  %s = load i32, i32* @state\n"
    "  %v = load i32, i32* @visible\n"
    "  %t = call i32 @pick(i32 2)\n"
    "  %a = add i32 %s, %t\n"
    "  store i32 %a, i32* %out\n"
    "  %o1 = getelementptr i32, i32* %out, i32 1\n"
    "  store i32 %v, i32* %o1\n"
    "  %once = load i32, i32* @once\n"
    "  %hidden = load i32, i32* @hidden\n"
    "  %both = mul i32 %once, %hidden\n"
    "  %o2 = getelementptr i32, i32* %out, i32 2\n"
    "  store i32 %both, i32* %o2\n"
    "  ret void\n"
    "}\n"
    "define void @third(i32* %out) \"offload-kernel\" {\n"
    "  %t = call i32 @pick(i32 3)\n"
    "  store i32 %t, i32* %out\n"
    "  ret void\n"
    "}\n";

/* A module of n kernels, k0..k(n-1), each storing its number (malloc'd, *size set). */
static char* numbered_kernels(int n, size_t* size) {
    size_t capacity = (size_t)n * 128, used = 0;
    char* ir = (char*)malloc(capacity);
    for (int k = 0; ir && k < n; k++)
        used += (size_t)snprintf(ir + used, capacity - used,
                                 "define void @k%d(i32* %%p) \"offload-kernel\" {\n  store i32 %d, i32* %%p\n"
                                 "  ret void\n}\n",
                                 k, k);
    *size = used;
    return ir;
}

static offload_context* context_with(unsigned threads, const char* dump_dir, const char* cache_dir,
                                     offload_jit_isolation isolation) {
    offload_jit_desc jit = {0};
    jit.compile_threads = threads;
    jit.dump_dir = dump_dir;
    jit.cache_dir = cache_dir;
    jit.isolation = isolation;
    return make_context_with(&jit);
}

static offload_result load(offload_context* ctx, const char* ir, size_t size, offload_program* out) {
    offload_device host = {0};
    offload_device_get(ctx, 0, &host);
    offload_program_desc desc = {0};
    desc.image = ir;
    desc.size = size;
    desc.name = "split";
    return offload_program_create(ctx, host, &desc, out);
}

static offload_result launch(offload_context* ctx, offload_program program, const char* name, void* args,
                             size_t args_size) {
    offload_kernel kernel;
    offload_result r = offload_kernel_get(ctx, program, name, &kernel);
    if (r != OFFLOAD_SUCCESS) return r;
    offload_launch_desc desc = {{1, 1, 1}, {1, 1, 1}, 0, args, args_size};
    return offload_launch(ctx, (offload_queue){0}, kernel, &desc);
}

/* Runs kernel k<k> of a numbered_kernels program: whether it stored its number. */
static int runs_numbered(offload_context* ctx, offload_program program, int k) {
    char name[16];
    snprintf(name, sizeof name, "k%d", k);
    int32_t value = -1;
    int32_t* p = &value;
    return launch(ctx, program, name, &p, sizeof p) == OFFLOAD_SUCCESS && value == k;
}

/* How many files in dir end in suffix. */
static int count_suffix(const char* dir, const char* suffix) {
    DIR* d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    size_t length = strlen(suffix);
    for (struct dirent* e; (e = readdir(d)) != NULL;) {
        size_t name = strlen(e->d_name);
        n += name >= length && !strcmp(e->d_name + name - length, suffix);
    }
    closedir(d);
    return n;
}

/* The three kernels run: put(41) in one part, take and third in others; the results the module
   means. */
static void check_three_kernels(offload_context* ctx) {
    offload_program program;
    REQUIRE_OK(ctx, load(ctx, three_kernels, sizeof three_kernels - 1, &program));
    int32_t value = 41;
    CHECK_OK(ctx, launch(ctx, program, "put", &value, sizeof value));
    int32_t out[3] = {0, 0, 0};
    int32_t* p = out;
    CHECK_OK(ctx, launch(ctx, program, "take", &p, sizeof p));
    CHECK(out[0] == 141); /* @state written by put, + table[2] */
    CHECK(out[1] == 51);  /* @visible written by put: 41 + table[1] */
    CHECK(out[2] == 30);  /* @once and @hidden, which only take (the second part) uses */
    CHECK_OK(ctx, launch(ctx, program, "third", &p, sizeof p));
    CHECK(out[0] == 1000);
    int32_t visible = 0;
    CHECK_OK(ctx, offload_global_read(ctx, program, "visible", 0, &visible, sizeof visible));
    CHECK(visible == 51);
    visible = 9; /* written by the host, read by a kernel of another part */
    CHECK_OK(ctx, offload_global_write(ctx, program, "visible", 0, &visible, sizeof visible));
    CHECK_OK(ctx, launch(ctx, program, "take", &p, sizeof p));
    CHECK(out[1] == 9);
    void* address = NULL;
    size_t size = 0;
    CHECK(offload_global_get(ctx, program, "state", &address, &size) == OFFLOAD_ERROR_NOT_FOUND); /* still internal */
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
}

/* Parts as the dump shows them: one object for one thread or one kernel; one per thread up to the
   kernels; as many as the CPUs (up to 8) when the count is left 0; each way, in the compile server
   and in this process, the results the module means. */
static void test_parts_and_results(void) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int automatic = cpus < 1 ? 1 : cpus > 8 ? 8 : (int)cpus;
    static const struct {
        unsigned threads;
        int kernels; /* 0: three_kernels, else numbered_kernels */
        int parts;   /* 0: one object, not split */
    } cases[] = {
        {1, 0, 0}, {2, 0, 2}, {3, 0, 3},  {8, 0, 3}, /* no more parts than kernels */
        {8, 1, 0}, {2, 2, 2}, {0, 0, -1},            /* -1: as many as the CPUs, at most 3 */
    };
    for (int isolated = 0; isolated < 2; isolated++) {
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            int failed_before = test__state.current_failed;
            char dir[] = "/tmp/offload-jit-split-XXXXXX";
            REQUIRE(mkdtemp(dir));
            offload_context* ctx = context_with(cases[i].threads, dir, NULL,
                                                isolated ? OFFLOAD_JIT_ISOLATION_PROCESS : OFFLOAD_JIT_ISOLATION_NONE);
            REQUIRE(ctx);
            if (!cases[i].kernels) {
                check_three_kernels(ctx);
            } else {
                size_t size = 0;
                char* ir = numbered_kernels(cases[i].kernels, &size);
                REQUIRE(ir);
                offload_program program;
                CHECK_OK(ctx, load(ctx, ir, size, &program));
                for (int k = 0; k < cases[i].kernels; k++) CHECK(runs_numbered(ctx, program, k));
                free(ir);
            }
            int parts = cases[i].parts == -1 ? (automatic < 3 ? automatic : 3) : cases[i].parts;
            if (parts == 1) parts = 0; /* one thread: one object */
            CHECK(count_suffix(dir, ".o") == (parts ? parts : 1));
            CHECK(count_suffix(dir, ".part0.o") == (parts ? 1 : 0));
            CHECK(count_suffix(dir, ".after.ll") == (parts ? 0 : 1));
            CHECK(count_suffix(dir, ".ll") == 1 + (parts ? parts : 1)); /* before, and after each part */
            if (test__state.current_failed > failed_before)
                fprintf(stderr, "  (threads %u, %d kernels, %s)\n", cases[i].threads,
                        cases[i].kernels ? cases[i].kernels : 3, isolated ? "compile server" : "in process");
            offload_context_destroy(ctx);
            CHECK(test_remove_tree(dir));
        }
    }
}

/* 65 kernels: a thousand threads asked make 64 parts (k0 and k64 in the first, k63 in the last). */
static void test_at_most_64_parts(void) {
    size_t size = 0;
    char* ir = numbered_kernels(65, &size);
    REQUIRE(ir);
    char dir[] = "/tmp/offload-jit-split-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context* ctx = context_with(1000, dir, NULL, OFFLOAD_JIT_ISOLATION_PROCESS);
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load(ctx, ir, size, &program));
    CHECK(count_suffix(dir, ".o") == 64);
    CHECK(count_suffix(dir, ".part63.o") == 1 && count_suffix(dir, ".part64.o") == 0);
    static const int kernels[] = {0, 1, 63, 64};
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) CHECK(runs_numbered(ctx, program, kernels[i]));
    offload_context_destroy(ctx);
    CHECK(test_remove_tree(dir));
    free(ir);
}

/* A split payload goes to the disk cache and comes back: the second context loads it, compiles
   nothing, and runs it right. */
static void test_parts_from_the_disk_cache(void) {
    char dir[] = "/tmp/offload-jit-split-cache-XXXXXX";
    REQUIRE(mkdtemp(dir));
    for (int round = 0; round < 2; round++) {
        offload_context* ctx = context_with(2, NULL, dir, OFFLOAD_JIT_ISOLATION_PROCESS);
        REQUIRE(ctx);
        check_three_kernels(ctx);
        offload_jit_stats stats;
        CHECK_OK(ctx, offload_jit_get_stats(ctx, &stats));
        CHECK(stats.misses == (round == 0 ? 1u : 0u) && stats.disk_hits == (round == 0 ? 0u : 1u));
        offload_context_destroy(ctx);
    }
    CHECK(test_remove_tree(dir));
}

/* OFFLOAD_JIT_THREADS sets compile_threads; a value over 1024 is ignored (with a warning). */
static void test_environment(void) {
    static const struct {
        const char* value;
        uint32_t threads;
    } cases[] = {{"1", 1}, {"3", 3}, {"1024", 1024}, {"1025", 0}, {"two", 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        setenv("OFFLOAD_JIT_THREADS", cases[i].value, 1);
        offload_context_desc desc = {0};
        desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
        offload_context* ctx = NULL;
        REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
        CHECK(offload_test_context_desc(ctx)->jit.compile_threads == cases[i].threads);
        offload_context_destroy(ctx);
    }
    unsetenv("OFFLOAD_JIT_THREADS");
}

/* The image reader: one object (anything that is not a set of parts), a well-formed set, and each
   malformed one refused. */
static void test_malformed_parts(void) {
    unsigned char image[12 + 8 * 65 + 65];
    memset(image, 0, sizeof image);
    memcpy(image, "OJITOBJS", 8);
    uint32_t count = 2;
    uint64_t sizes[2] = {5, 3};
    memcpy(image + 8, &count, 4);
    memcpy(image + 12, sizes, sizeof sizes);
    size_t whole = 12 + sizeof sizes + 8;
    CHECK(offload_test_jit_host_objects(image, whole) == 2);
    CHECK(offload_test_jit_host_objects(image, whole + 1) == -1); /* a byte after the last object */
    CHECK(offload_test_jit_host_objects(image, whole - 1) == -1); /* the last object cut short */
    CHECK(offload_test_jit_host_objects(image, 11) == 1);         /* too short for the count: one object */
    CHECK(offload_test_jit_host_objects("\177ELF....", 8) == 1);
    sizes[1] = 0; /* an empty object, the sizes adding up */
    memcpy(image + 12, sizes, sizeof sizes);
    CHECK(offload_test_jit_host_objects(image, 12 + sizeof sizes + 5) == -1);
    sizes[1] = 3;
    memcpy(image + 12, sizes, sizeof sizes);
    count = 0;
    memcpy(image + 8, &count, 4);
    CHECK(offload_test_jit_host_objects(image, whole) == -1);
    count = 3; /* sizes read past the end */
    memcpy(image + 8, &count, 4);
    CHECK(offload_test_jit_host_objects(image, 12 + 16) == -1);
    /* 64 parts of one byte each are a set; 65 are refused */
    for (uint32_t parts = 64; parts <= 65; parts++) {
        memcpy(image + 8, &parts, 4);
        for (uint32_t i = 0; i < parts; i++) {
            uint64_t one = 1;
            memcpy(image + 12 + 8 * i, &one, 8);
        }
        CHECK(offload_test_jit_host_objects(image, 12 + 8 * (size_t)parts + parts) == (parts == 64 ? 64 : -1));
    }
}

int main(void) {
    RUN(test_parts_and_results);
    RUN(test_at_most_64_parts);
    RUN(test_parts_from_the_disk_cache);
    RUN(test_environment);
    RUN(test_malformed_parts);
    return test_summary();
}
#endif
