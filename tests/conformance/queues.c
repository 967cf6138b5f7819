/* tests/conformance/queues.c — queue order, events across queues, host callbacks. */
#include "conformance.h"

#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

/* A host callback that holds its queue until the test opens the gate. */
typedef struct conf_gate {
    atomic_int open;
    atomic_int passed;
} conf_gate;

static void conf_wait_gate(void* user_data) {
    conf_gate* g = (conf_gate*)user_data;
    while (!atomic_load(&g->open)) usleep(1000);
    atomic_fetch_add(&g->passed, 1);
}

static void conf_sleep_20ms(void* user_data) {
    (void)user_data;
    usleep(20000);
}

/* conf_add over n words on a queue (or synchronously for queue.id 0). */
static offload_result conf_launch_add(conf_fixture* fx, offload_queue q, uint32_t* data, uint32_t n, uint32_t value) {
    conf_add_args args = {data, n, value};
    offload_launch_desc desc = {.grid = {(n + 63) / 64}, .block = {64}, .args = &args, .args_size = sizeof args};
    return offload_launch(fx->ctx, q, fx->kernels[CONF_ADD], &desc);
}

/* Copies, kernels and a copy back on one queue run in the order they were enqueued. */
static void conf_queue_order(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    enum { N = 1000 };
    uint32_t in[N], out[N];
    for (uint32_t i = 0; i < N; i++) in[i] = i;
    uint32_t* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, sizeof in, (void**)&d));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q));
    memset(out, 0, sizeof out);
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, fx->device, d, fx->host, in, sizeof in));
    for (uint32_t k = 1; k <= 4; k++) CHECK_OK(ctx, conf_launch_add(fx, q, d, N, k));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, fx->host, out, fx->device, d, sizeof out));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK_OK(ctx, offload_queue_query(ctx, q));
    int ok = 1;
    for (uint32_t i = 0; i < N; i++) ok &= out[i] == i + 10;
    CHECK(ok);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

/* An event recorded on q1 behind a held callback and a kernel; q2 waits for it, then adds and
   copies out. Until the gate opens, nothing of it has run and every query says NOT_READY. (A
   kernel, not a fill, follows the callback: on AMDGPU a queued fill waits on the calling thread
   for the queue's earlier work, see offload_memfill.) */
static void conf_events_across_queues(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    enum { N = 256 };
    uint32_t out[N];
    for (uint32_t i = 0; i < N; i++) out[i] = 1;
    uint32_t* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, sizeof out, (void**)&d));
    offload_queue q1, q2;
    offload_event e;
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q1));
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q2));
    REQUIRE_OK(ctx, offload_event_create(ctx, fx->device, &e));
    conf_gate gate;
    atomic_init(&gate.open, 0);
    atomic_init(&gate.passed, 0);
    const uint32_t pattern = 0x77777777u;
    CHECK_OK(ctx, offload_memfill(ctx, q1, fx->device, d, &pattern, 4, sizeof out));
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q1, conf_wait_gate, &gate));
    CHECK_OK(ctx, conf_launch_add(fx, q1, d, N, 2));
    CHECK_OK(ctx, offload_event_record(ctx, e, q1));
    CHECK_OK(ctx, offload_queue_wait_event(ctx, q2, e));
    CHECK_OK(ctx, conf_launch_add(fx, q2, d, N, 1));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q2, fx->host, out, fx->device, d, sizeof out));
    usleep(30000);
    CHECK_RESULT(ctx, offload_queue_query(ctx, q1), OFFLOAD_ERROR_NOT_READY);
    CHECK_RESULT(ctx, offload_event_query(ctx, e), OFFLOAD_ERROR_NOT_READY);
    CHECK_RESULT(ctx, offload_queue_query(ctx, q2), OFFLOAD_ERROR_NOT_READY);
    CHECK(out[0] == 1 && out[N - 1] == 1);
    atomic_store(&gate.open, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q2));
    CHECK_OK(ctx, offload_event_query(ctx, e));
    CHECK_OK(ctx, offload_event_synchronize(ctx, e));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q1));
    CHECK_OK(ctx, offload_queue_query(ctx, q1));
    CHECK(atomic_load(&gate.passed) == 1);
    int ok = 1;
    for (uint32_t i = 0; i < N; i++) ok &= out[i] == pattern + 3;
    CHECK(ok);

    /* Elapsed time between two events spans a 20 ms callback between them (start has been
       reached before the callback is enqueued, so the span is the callback's). */
    offload_event start, end;
    REQUIRE_OK(ctx, offload_event_create(ctx, fx->device, &start));
    REQUIRE_OK(ctx, offload_event_create(ctx, fx->device, &end));
    CHECK_OK(ctx, offload_event_record(ctx, start, q1));
    CHECK_OK(ctx, offload_event_synchronize(ctx, start));
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q1, conf_sleep_20ms, NULL));
    CHECK_OK(ctx, offload_event_record(ctx, end, q1));
    CHECK_OK(ctx, offload_event_synchronize(ctx, end));
    float ms = -1.0f;
    CHECK_OK(ctx, offload_event_elapsed_time(ctx, start, end, &ms));
    if (!(ms >= 15.0f && ms < 10000.0f)) fprintf(stderr, "  elapsed %.3f ms\n", (double)ms);
    CHECK(ms >= 15.0f && ms < 10000.0f);
    CHECK_RESULT(ctx, offload_event_elapsed_time(ctx, start, end, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* An event never recorded is complete, and has no time. */
    offload_event never;
    REQUIRE_OK(ctx, offload_event_create(ctx, fx->device, &never));
    CHECK_OK(ctx, offload_event_query(ctx, never));
    CHECK_OK(ctx, offload_event_synchronize(ctx, never));
    CHECK_OK(ctx, offload_queue_wait_event(ctx, q2, never));
    CHECK_RESULT(ctx, offload_event_elapsed_time(ctx, start, never, &ms), OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* An event whose record and wait are still queued (behind held callbacks) may be destroyed:
       the call returns at once, and the queues finish both. */
    conf_gate held;
    atomic_init(&held.open, 0);
    atomic_init(&held.passed, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q1, conf_wait_gate, &held));
    CHECK_OK(ctx, offload_event_record(ctx, never, q1));
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q2, conf_wait_gate, &held));
    CHECK_OK(ctx, offload_queue_wait_event(ctx, q2, never));
    CHECK_OK(ctx, offload_event_destroy(ctx, never));
    atomic_store(&held.open, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q1));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q2));
    CHECK(atomic_load(&held.passed) == 2);

    CHECK_OK(ctx, offload_event_destroy(ctx, start));
    CHECK_OK(ctx, offload_event_destroy(ctx, end));
    CHECK_OK(ctx, offload_event_destroy(ctx, e));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q1));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q2));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

typedef struct conf_callback_log {
    volatile uint32_t* pinned; /* HOST-kind memory the queue's copies reach */
    uint32_t seen;
    atomic_int order[4];
    atomic_int count;
} conf_callback_log;

/* Sees what the copy before it wrote, then (slowly) writes what the copy after it reads. */
static void conf_callback_middle(void* user_data) {
    conf_callback_log* log = (conf_callback_log*)user_data;
    log->seen = log->pinned[0];
    usleep(10000);
    log->pinned[1] = 42;
    log->order[atomic_fetch_add(&log->count, 1)] = 1;
}

static void conf_callback_second(void* user_data) {
    conf_callback_log* log = (conf_callback_log*)user_data;
    log->order[atomic_fetch_add(&log->count, 1)] = 2;
}

static void conf_callback_third(void* user_data) {
    conf_callback_log* log = (conf_callback_log*)user_data;
    log->order[atomic_fetch_add(&log->count, 1)] = 3;
}

/* A host callback runs after the work enqueued before it and before the work enqueued after it;
   callbacks run in the order they were enqueued. */
static void conf_host_callbacks(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    uint32_t* d = NULL;
    uint32_t* pinned = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 16, (void**)&d));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_HOST, 16, (void**)&pinned));
    memset(pinned, 0, 16);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q));
    conf_callback_log log;
    memset(&log, 0, sizeof log);
    log.pinned = pinned;
    const uint32_t five = 5;
    CHECK_OK(ctx, offload_memfill(ctx, q, fx->device, d, &five, 4, 4));
    CHECK_OK(ctx, conf_launch_add(fx, q, d, 1, 1));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, fx->host, pinned, fx->device, d, 4));
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, conf_callback_middle, &log));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, fx->device, d + 1, fx->host, pinned + 1, 4));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, fx->host, pinned + 2, fx->device, d + 1, 4));
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, conf_callback_second, &log));
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, conf_callback_third, &log));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(log.seen == 6);
    CHECK(pinned[2] == 42);
    CHECK(atomic_load(&log.count) == 3 && log.order[0] == 1 && log.order[1] == 2 && log.order[2] == 3);
    CHECK_RESULT(ctx, offload_queue_host_callback(ctx, q, NULL, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_RESULT(ctx, offload_queue_host_callback(ctx, q, conf_callback_second, &log), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(atomic_load(&log.count) == 3);
    CHECK_OK(ctx, offload_mem_free(ctx, d));
    CHECK_OK(ctx, offload_mem_free(ctx, pinned));
}

/* A queued launch takes its arguments when it is enqueued: the caller may change or reuse the
   buffer at once, even while earlier work holds the queue. */
static void conf_launch_args_copied(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    enum { N = 64 };
    uint32_t out[N];
    uint32_t* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, sizeof out, (void**)&d));
    const uint32_t zero = 0;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, fx->device, d, &zero, 4, sizeof out));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q));
    conf_gate gate;
    atomic_init(&gate.open, 0);
    atomic_init(&gate.passed, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, conf_wait_gate, &gate));
    conf_add_args args = {d, N, 5};
    offload_launch_desc desc = {.grid = {1}, .block = {N}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, q, fx->kernels[CONF_ADD], &desc));
    args.data = NULL;
    args.value = 1000;
    desc.grid[0] = 1000;
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, fx->host, out, fx->device, d, sizeof out));
    atomic_store(&gate.open, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    int ok = 1;
    for (uint32_t i = 0; i < N; i++) ok &= out[i] == 5;
    CHECK(ok);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}
