/* tests/test.h — the tiny harness every test program uses.

   A test file defines functions `static void test_xxx(void)` and lists them in main() with
   RUN(test_xxx). CHECK() counts a failure and goes on; REQUIRE() returns from the test. A test
   that cannot run here calls SKIP("why") and counts as skipped, never as passed. main() ends with
   `return test_summary();`, which prints the closing line `N passed, N failed, N skipped`. */
#ifndef OFFLOAD_TEST_H
#define OFFLOAD_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct test_state {
    int passed, failed, skipped;
    int current_failed, current_skipped;
    const char* current;
} test_state;

static test_state test__state;

#define CHECK(cond)                                                                               \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            fprintf(stderr, "  FAIL %s:%d: %s: %s\n", __FILE__, __LINE__, test__state.current, #cond); \
            test__state.current_failed++;                                                         \
        }                                                                                         \
    } while (0)

#define REQUIRE(cond)                                                                             \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            fprintf(stderr, "  FAIL %s:%d: %s: %s\n", __FILE__, __LINE__, test__state.current, #cond); \
            test__state.current_failed++;                                                         \
            return;                                                                               \
        }                                                                                         \
    } while (0)

/* CHECK that an offload call returned `expected`, printing the context's message otherwise. */
#define CHECK_RESULT(ctx, call, expected)                                                         \
    do {                                                                                          \
        offload_result test__r = (call);                                                          \
        if (test__r != (expected)) {                                                              \
            fprintf(stderr, "  FAIL %s:%d: %s: %s returned %d (%s), expected %s: %s\n", __FILE__, __LINE__, \
                    test__state.current, #call, (int)test__r, offload_result_string(test__r), #expected, \
                    offload_context_last_error(ctx));                                             \
            test__state.current_failed++;                                                         \
        }                                                                                         \
    } while (0)

#define REQUIRE_OK(ctx, call)                                                                     \
    do {                                                                                          \
        offload_result test__r = (call);                                                          \
        if (test__r != OFFLOAD_SUCCESS) {                                                         \
            fprintf(stderr, "  FAIL %s:%d: %s: %s returned %d (%s): %s\n", __FILE__, __LINE__,      \
                    test__state.current, #call, (int)test__r, offload_result_string(test__r),     \
                    offload_context_last_error(ctx));                                             \
            test__state.current_failed++;                                                         \
            return;                                                                               \
        }                                                                                         \
    } while (0)

#define CHECK_OK(ctx, call) CHECK_RESULT(ctx, call, OFFLOAD_SUCCESS)

#define SKIP(...)                                                                                 \
    do {                                                                                          \
        fprintf(stderr, "  SKIP %s: ", test__state.current);                                      \
        fprintf(stderr, __VA_ARGS__);                                                             \
        fprintf(stderr, "\n");                                                                    \
        test__state.current_skipped = 1;                                                          \
        return;                                                                                   \
    } while (0)

#define RUN(fn)                                                                                   \
    do {                                                                                          \
        test__state.current = #fn;                                                                \
        test__state.current_failed = 0;                                                           \
        test__state.current_skipped = 0;                                                          \
        fn();                                                                                     \
        if (test__state.current_failed) {                                                         \
            test__state.failed++;                                                                 \
            fprintf(stderr, "FAILED  %s\n", #fn);                                                 \
        } else if (test__state.current_skipped) {                                                 \
            test__state.skipped++;                                                                \
        } else {                                                                                  \
            test__state.passed++;                                                                 \
            fprintf(stderr, "ok      %s\n", #fn);                                                 \
        }                                                                                         \
    } while (0)

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

static int test_summary(void) {
    printf("%d passed, %d failed, %d skipped\n", test__state.passed, test__state.failed, test__state.skipped);
    return test__state.failed ? 1 : 0;
}

/* The main of a test program with nothing to run in this build (a JIT test without the JIT): one
   skip with its reason, never a pass. */
static __attribute__((unused)) int test_skip_all(const char* program, const char* reason) {
    fprintf(stderr, "  SKIP %s: %s\n", program, reason);
    test__state.skipped++;
    return test_summary();
}

#endif
