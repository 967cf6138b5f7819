/* tests/test_diagnostics.c — the kinds of errors (offload.h, "Diagnostics"): the list's names,
   results and texts through the API at and past both ends of the enum; the last kind per thread
   beside the message; a kind raised with another result keeps its id; a queued launch's failure
   raised again at the synchronize keeps the launch's kind, not the kind of an error raised on
   the thread in between. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"

#include <pthread.h>
#include <string.h>

static offload_context* make_context(void) {
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

static void test_every_kind_is_named_with_its_result_and_text(void) {
    /* NONE and the ends of the list, then one past */
    CHECK(strcmp(offload_diagnostic_name(OFFLOAD_DIAG_NONE), "NONE") == 0);
    CHECK(offload_diagnostic_result(OFFLOAD_DIAG_NONE) == OFFLOAD_SUCCESS);
    CHECK(offload_diagnostic_text(OFFLOAD_DIAG_NONE) == NULL);
    CHECK(offload_diagnostic_name(OFFLOAD_DIAG_COUNT) == NULL);
    CHECK(offload_diagnostic_result(OFFLOAD_DIAG_COUNT) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_diagnostic_text(OFFLOAD_DIAG_COUNT) == NULL);
    CHECK(offload_diagnostic_name((offload_diagnostic)-1) == NULL);
    CHECK(offload_diagnostic_text((offload_diagnostic)-1) == NULL);

    /* each row: its name is its ID, its result its RESULT, its text its TEXT */
    struct row {
        offload_diagnostic id;
        const char* name;
        offload_result result;
        const char* text;
    } rows[] = {
#define ROW(id, result, text, parameters) {OFFLOAD_DIAG_##id, #id, OFFLOAD_ERROR_##result, text},
        OFFLOAD_DIAGNOSTIC_LIST(ROW)
#undef ROW
    };
    size_t count = sizeof rows / sizeof rows[0];
    CHECK(count == (size_t)OFFLOAD_DIAG_COUNT - 1);
    for (size_t i = 0; i < count; i++) {
        CHECK(rows[i].id == (offload_diagnostic)(i + 1));
        const char* name = offload_diagnostic_name(rows[i].id);
        CHECK(name && strcmp(name, rows[i].name) == 0);
        CHECK(offload_diagnostic_result(rows[i].id) == rows[i].result && rows[i].result < 0);
        CHECK(offload_diagnostic_text(rows[i].id) == rows[i].text ||
              strcmp(offload_diagnostic_text(rows[i].id), rows[i].text) == 0);
        for (size_t j = 0; j < i; j++) CHECK(strcmp(rows[j].name, rows[i].name) != 0);
    }
    CHECK(offload_diagnostic_name(OFFLOAD_DIAG_COUNT - 1) != NULL);
}

typedef struct other_thread {
    offload_context* ctx;
    offload_diagnostic before, after;
} other_thread;

static void* raise_on_another_thread(void* p) {
    other_thread* t = (other_thread*)p;
    t->before = offload_context_last_diagnostic(t->ctx);
    void* ptr = NULL;
    offload_device host = {0};
    offload_device_get(t->ctx, 0, &host);
    offload_mem_alloc(t->ctx, host, OFFLOAD_MEM_DEVICE, 0, &ptr);
    t->after = offload_context_last_diagnostic(t->ctx);
    return NULL;
}

static void test_last_kind_per_thread(void) {
    CHECK(offload_context_last_diagnostic(NULL) == OFFLOAD_DIAG_NONE);
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    CHECK(offload_context_last_diagnostic(ctx) == OFFLOAD_DIAG_NONE);
    offload_device host = {0};
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &host));
    void* ptr = NULL;
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 16, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NULL_ARGUMENT);
    CHECK(strcmp(offload_context_last_error(ctx), "ctx and out must not be NULL") ==
          0); /* the text, with its parameter */
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, (offload_device){77}, OFFLOAD_MEM_DEVICE, 16, &ptr),
                 OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_INVALID_DEVICE_HANDLE);

    /* another thread starts with none and raises its own; this thread's stays */
    other_thread t = {ctx, OFFLOAD_DIAG_COUNT, OFFLOAD_DIAG_COUNT};
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, raise_on_another_thread, &t) == 0);
    pthread_join(thread, NULL);
    CHECK(t.before == OFFLOAD_DIAG_NONE);
    CHECK(t.after == OFFLOAD_DIAG_ZERO_SIZE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_INVALID_DEVICE_HANDLE);

    /* a success leaves the last error as it was */
    CHECK_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 16, &ptr));
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_INVALID_DEVICE_HANDLE);
    CHECK_OK(ctx, offload_mem_free(ctx, ptr));
    CHECK_RESULT(ctx, offload_mem_free(ctx, ptr), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NOT_AN_ALLOCATION);
    offload_context_destroy(ctx);
}

static int fails_in_block_3(const void* args, const offload_host_block* block) {
    (void)args;
    return block->block_id[0] == 3;
}

static void test_queued_failure_keeps_its_kind(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device host = {0};
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &host));
    offload_host_symbol symbol = {.name = "fails", .block_kernel = fails_in_block_3};
    offload_program_desc desc = {.host_symbols = &symbol, .host_symbol_count = 1};
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, host, &desc, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "fails", &k));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, host, &q));
    offload_launch_desc launch = {{8, 1, 1}, {4, 1, 1}, 0, NULL, 0};
    CHECK_OK(ctx, offload_launch(ctx, q, k, &launch));
    /* an error of another kind on this thread before the synchronize */
    CHECK_RESULT(ctx, offload_kernel_get(ctx, prog, "absent", &k), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NAME_NOT_FOUND);
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_BARRIER_DIVERGENCE);
    CHECK(strstr(offload_context_last_error(ctx), "'fails', block (3, 0, 0)") != NULL); /* the kind's parameters */
    /* reported once: the queue is usable again */
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_every_kind_is_named_with_its_result_and_text);
    RUN(test_last_kind_per_thread);
    RUN(test_queued_failure_keeps_its_kind);
    return test_summary();
}
