/* tests/test.h — the tiny harness every test program uses.

   A test file defines functions `static void test_xxx(void)` and lists them in main() with
   RUN(test_xxx). CHECK() counts a failure and goes on; REQUIRE() returns from the test. A test
   that cannot run here calls SKIP("why") and counts as skipped, never as passed. main() ends with
   `return test_summary();`, which prints the closing line `N passed, N failed, N skipped`.

   Running some tests only: `build/tests/test_core saxpy memory` runs the RUN()s whose function
   name contains one of the arguments (a substring match: `saxpy` runs test_saxpy and
   test_saxpy_async; a full name such as `test_saxpy` is a substring of itself); the others are
   neither run nor counted. An argument starting with '-' leaves out the RUN()s it matches
   (`-saxpy` runs every test but those; build.sh runs the few tests of a program that must run
   alone apart from the others). `--list` prints the name of every RUN() selected and runs none.
   An argument that matches no test ends the program with exit status 2 and a message. The
   arguments are read from /proc/self/cmdline, so main() keeps its `int main(void)`. A program whose arguments are its
   own (a library path, an input file) defines TEST_OWN_ARGUMENTS before including this file:
   then every test runs. */
#ifndef OFFLOAD_TEST_H
#define OFFLOAD_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>

#define TEST_MAX_NAMES 32

typedef struct test_state {
    int passed, failed, skipped;
    int current_failed, current_skipped;
    const char* current;
    /* Selection from the command line, read on the first RUN(). */
    int args_read, listing, name_count;
    char* names[TEST_MAX_NAMES];
    int matched[TEST_MAX_NAMES];
    char args[4096];
    void (*after_each)(void);
} test_state;

static test_state test__state;

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "  FAIL %s:%d: %s: %s\n", __FILE__, __LINE__, test__state.current, #cond);                 \
            test__state.current_failed++;                                                                              \
        }                                                                                                              \
    } while (0)

#define REQUIRE(cond)                                                                                                  \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "  FAIL %s:%d: %s: %s\n", __FILE__, __LINE__, test__state.current, #cond);                 \
            test__state.current_failed++;                                                                              \
            return;                                                                                                    \
        }                                                                                                              \
    } while (0)

/* CHECK that an offload call returned `expected`, printing the context's message otherwise. */
#define CHECK_RESULT(ctx, call, expected)                                                                              \
    do {                                                                                                               \
        offload_result test__r = (call);                                                                               \
        if (test__r != (expected)) {                                                                                   \
            fprintf(stderr, "  FAIL %s:%d: %s: %s returned %d (%s), expected %s: %s\n", __FILE__, __LINE__,            \
                    test__state.current, #call, (int)test__r, offload_result_string(test__r), #expected,               \
                    offload_context_last_error(ctx));                                                                  \
            test__state.current_failed++;                                                                              \
        }                                                                                                              \
    } while (0)

#define REQUIRE_OK(ctx, call)                                                                                          \
    do {                                                                                                               \
        offload_result test__r = (call);                                                                               \
        if (test__r != OFFLOAD_SUCCESS) {                                                                              \
            fprintf(stderr, "  FAIL %s:%d: %s: %s returned %d (%s): %s\n", __FILE__, __LINE__, test__state.current,    \
                    #call, (int)test__r, offload_result_string(test__r), offload_context_last_error(ctx));             \
            test__state.current_failed++;                                                                              \
            return;                                                                                                    \
        }                                                                                                              \
    } while (0)

#define CHECK_OK(ctx, call) CHECK_RESULT(ctx, call, OFFLOAD_SUCCESS)

/* CHECK that the last error raised on this thread in ctx is of kind `expected` (an
   OFFLOAD_DIAG_* of offload.h's list), printing the kind and the message otherwise. */
#define CHECK_DIAGNOSTIC(ctx, expected)                                                                                \
    do {                                                                                                               \
        offload_diagnostic test__d = offload_context_last_diagnostic(ctx);                                             \
        if (test__d != (expected)) {                                                                                   \
            fprintf(stderr, "  FAIL %s:%d: %s: the last error is %s, expected %s: %s\n", __FILE__, __LINE__,           \
                    test__state.current, offload_diagnostic_name(test__d), #expected,                                  \
                    offload_context_last_error(ctx));                                                                  \
            test__state.current_failed++;                                                                              \
        }                                                                                                              \
    } while (0)


#define SKIP(...)                                                                                                      \
    do {                                                                                                               \
        fprintf(stderr, "  SKIP %s: ", test__state.current);                                                           \
        fprintf(stderr, __VA_ARGS__);                                                                                  \
        fprintf(stderr, "\n");                                                                                         \
        test__state.current_skipped = 1;                                                                               \
        return;                                                                                                        \
    } while (0)

/* Reads the program's arguments (once) into the selection. */
static void test__read_args(void) {
    test_state* s = &test__state;
    if (s->args_read) return;
    s->args_read = 1;
#ifdef TEST_OWN_ARGUMENTS
    return;
#endif
    FILE* f = fopen("/proc/self/cmdline", "rb");
    if (!f) return;
    size_t n = fread(s->args, 1, sizeof s->args - 1, f);
    fclose(f);
    s->args[n] = 0;
    size_t i = strlen(s->args) + 1; /* skip argv[0] */
    while (i < n) {
        char* arg = s->args + i;
        i += strlen(arg) + 1;
        if (strcmp(arg, "--list") == 0) {
            s->listing = 1;
        } else if (s->name_count == TEST_MAX_NAMES) {
            fprintf(stderr, "at most %d test names\n", TEST_MAX_NAMES);
            exit(2);
        } else {
            s->names[s->name_count++] = arg;
        }
    }
}

/* Whether the RUN() of `name` runs: every test without arguments, else the ones selected. */
static __attribute__((unused)) int test__selected(const char* name) {
    test__read_args();
    int selected = 1, left_out = 0;
    for (int i = 0; i < test__state.name_count; i++)
        if (test__state.names[i][0] != '-') selected = 0; /* names given: only those */
    for (int i = 0; i < test__state.name_count; i++) {
        const char* given = test__state.names[i];
        int excluding = given[0] == '-';
        if (!strstr(name, given + excluding)) continue;
        test__state.matched[i] = 1;
        if (excluding)
            left_out = 1;
        else
            selected = 1;
    }
    if (test__state.listing) {
        if (selected && !left_out) printf("%s\n", name);
        return 0;
    }
    return selected && !left_out;
}

#define RUN(fn)                                                                                                        \
    do {                                                                                                               \
        if (!test__selected(#fn)) break;                                                                               \
        test__state.current = #fn;                                                                                     \
        test__state.current_failed = 0;                                                                                \
        test__state.current_skipped = 0;                                                                               \
        fn();                                                                                                          \
        if (test__state.after_each) test__state.after_each();                                                          \
        if (test__state.current_failed) {                                                                              \
            test__state.failed++;                                                                                      \
            fprintf(stderr, "FAILED  %s\n", #fn);                                                                      \
        } else if (test__state.current_skipped) {                                                                      \
            test__state.skipped++;                                                                                     \
        } else {                                                                                                       \
            test__state.passed++;                                                                                      \
            fprintf(stderr, "ok      %s\n", #fn);                                                                      \
        }                                                                                                              \
    } while (0)

/* A check that runs after every test of the program (a leak count, say): its CHECKs count
   against the test that just ran. */
static __attribute__((unused)) void test_after_each(void (*check)(void)) { test__state.after_each = check; }

/* The lines of device output: an output callback gets one or more whole lines per call. */
static __attribute__((unused)) size_t test_count_lines(const char* text, size_t size) {
    size_t lines = 0;
    for (size_t i = 0; i < size; i++) lines += text[i] == '\n';
    return lines;
}

/* An allocator (for offload_context_desc.allocator) that fails its fail_at-th call and counts
   live blocks: a test sweeps fail_at over every allocation a call makes and checks live == 0. */
typedef struct failing_allocator {
    int calls;
    int fail_at;
    int live;
} failing_allocator;

static __attribute__((unused)) void* failing_alloc(size_t size, void* user) {
    failing_allocator* f = (failing_allocator*)user;
    if (++f->calls == f->fail_at) return NULL;
    f->live++;
    return malloc(size);
}

static __attribute__((unused)) void failing_free(void* p, void* user) {
    failing_allocator* f = (failing_allocator*)user;
    f->live--;
    free(p);
}

/* The JIT isolation tests use by default: the runtime's own default, a compile server started
   with posix_spawn, which is safe in sanitized and threaded processes alike (nothing is forked). */
#define TEST_JIT_ISOLATION OFFLOAD_JIT_ISOLATION_DEFAULT

/* The optimisation level of the host contexts the JIT's suites make with the shared helpers
   (make_context_with(NULL), shared_compiles_context in jit_helpers.h) and of the random-kernel,
   CUDA-IR and checks suites' own; a test that gives its JIT settings gets them as given. The
   sanitized builds compile at O0: they are there for offload's own code under ASan, UBSan and
   TSan (the host kernel compiler's lowering, the loader, the launches, the checks), which takes
   the same paths at every level, while LLVM's optimiser and code generator, which no sanitizer
   instruments, were most of their time (O0 compiles the random kernels 8 times faster). Every
   kernel is still lowered, loaded, run and checked, now also as unoptimised code, which hides no
   mistake of the lowering behind an optimisation; the plain build and the second LLVM's leg run
   the default pipeline's code. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TEST_SANITIZED 1
#endif
#endif
#ifndef TEST_SANITIZED
#define TEST_SANITIZED 0
#endif
#define TEST_JIT_OPT_LEVEL (TEST_SANITIZED ? OFFLOAD_JIT_OPT_O0 : OFFLOAD_JIT_OPT_DEFAULT)

/* Ends the program the way its arguments ask: --list stops here, a name that matched nothing
   is an error (a typo must not pass as "0 passed"). */
static void test__check_selection(void) {
    test__read_args();
    if (test__state.listing) exit(0);
    int unknown = 0;
    for (int i = 0; i < test__state.name_count; i++) {
        if (!test__state.matched[i]) {
            fprintf(stderr, "no test matches '%s' (--list prints the names)\n", test__state.names[i]);
            unknown = 1;
        }
    }
    if (unknown) exit(2);
}

/* A watchdog for tests that could hang (a lost wake-up): after `seconds` the process says which
   test was running and exits with a failure, instead of waiting for the suite's timeout. One
   per process (alarm); test_watchdog_stop() disarms it. */
static __attribute__((unused)) void test__watchdog_fired(int sig) {
    (void)sig;
    static const char prefix[] = "  FAIL watchdog: test hung: ";
    const char* name = test__state.current ? test__state.current : "?";
    ssize_t ignored = write(2, prefix, sizeof prefix - 1);
    ignored = write(2, name, strlen(name));
    ignored = write(2, "\n", 1);
    (void)ignored;
    _exit(1);
}

static __attribute__((unused)) void test_watchdog_start(unsigned seconds) {
    signal(SIGALRM, test__watchdog_fired);
    alarm(seconds);
}

static __attribute__((unused)) void test_watchdog_stop(void) { alarm(0); }

static int test_summary(void) {
    test__check_selection();
    printf("%d passed, %d failed, %d skipped\n", test__state.passed, test__state.failed, test__state.skipped);
    return test__state.failed ? 1 : 0;
}

/* The main of a test program with nothing to run in this build (a JIT test without the JIT): one
   skip with its reason, never a pass. */
static __attribute__((unused)) int test_skip_all(const char* program, const char* reason) {
    fprintf(stderr, "  SKIP %s: %s\n", program, reason);
    test__state.skipped++;
    /* Nothing here to select: a name given on the command line is not an error. */
    test__read_args();
    for (int i = 0; i < test__state.name_count; i++) test__state.matched[i] = 1;
    return test_summary();
}

#ifdef OFFLOAD_H
/* The first device of `backend` in ctx; id 0 when the context has none. */
static __attribute__((unused)) offload_device test_backend_device(offload_context* ctx, offload_backend backend) {
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device d = {0};
        offload_device_info info;
        if (offload_device_get(ctx, i, &d) == OFFLOAD_SUCCESS &&
            offload_device_get_info(ctx, d, &info) == OFFLOAD_SUCCESS && info.backend == backend)
            return d;
    }
    return (offload_device){0};
}
#endif

#endif
