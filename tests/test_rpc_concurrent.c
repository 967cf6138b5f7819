/* tests/test_rpc_concurrent.c — many kernels on several queues calling the RPC server at once
   (printf, the output buffer and a host function), plus synchronous launches from other threads. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#ifdef OFFLOAD_NO_RPC
int main(void) {
    return test_skip_all("test_rpc_concurrent", "this build leaves device-to-host calls out (OFFLOAD_NO_RPC)");
}
#else

enum { QUEUES = 4, LAUNCHES = 8, THREADS = 32 };

static offload_test_rpc_client client;
static _Atomic unsigned lines;

/* RPC launches the server counts as in flight. */
static uint32_t rpc_active(offload_context* ctx) {
    offload_test_rpc_state st;
    memset(&st, 0xff, sizeof st);
    offload_test_rpc_get_state(ctx, (offload_device){1}, &st);
    return st.active;
}

static void count_output(const char* text, size_t length, void* user_data) {
    (void)user_data;
    if (!length || text[length - 1] != '\n') return; /* a torn line is not counted */
    unsigned count = 0;
    for (size_t i = 0; i < length; i++) count += text[i] == '\n';
    atomic_fetch_add(&lines, count);
}

static offload_result add_one(const void* in, size_t in_size, void* out, size_t out_capacity, size_t* out_size,
                              void* user_data) {
    (void)user_data;
    uint32_t v;
    if (in_size != 4 || out_capacity < 4) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    memcpy(&v, in, 4);
    v++;
    memcpy(out, &v, 4);
    *out_size = 4;
    return OFFLOAD_SUCCESS;
}

static void k_work(const void* args, const offload_host_thread* t) {
    uint32_t* out = *(uint32_t* const*)args;
    uint32_t v = t->thread_id[0], r = 0;
    int32_t a = (int32_t)v;
    offload_test_rpc_printf(&client, "t%d\n", &a, sizeof a);
    offload_test_rpc_output(&client, "buffered\n", 9);
    if (offload_test_rpc_host_call(&client, 1, &v, 4, &r, 4) == 4) out[t->thread_id[0]] = r;
}

typedef struct sync_job {
    offload_context* ctx;
    offload_kernel kernel;
    uint32_t out[THREADS];
} sync_job;

static void* run_sync(void* arg) {
    sync_job* j = (sync_job*)arg;
    uint32_t* p = j->out;
    offload_launch_desc desc = {{1, 1, 1}, {THREADS, 1, 1}, 0, &p, sizeof p};
    for (int i = 0; i < LAUNCHES; i++) offload_launch(j->ctx, (offload_queue){0}, j->kernel, &desc);
    return NULL;
}

static void test_many_queues_at_once(void) {
    offload_context_desc cd;
    memset(&cd, 0, sizeof cd);
    cd.no_environment = 1;
    cd.host_threads = 4;
    cd.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    cd.rpc.output = count_output;
    cd.rpc.port_count = 4;     /* fewer ports than callers: they must wait for each other */
    cd.rpc.output_size = 4096; /* and the output buffer fills: writers drain it */
    offload_context* ctx = NULL;
    REQUIRE(offload_context_create(&cd, &ctx) == OFFLOAD_SUCCESS);
    REQUIRE_OK(ctx, offload_rpc_register(ctx, 1, add_one, NULL));
    offload_host_symbol symbols[] = {{.name = "work", .kernel = k_work},
                                     {.name = OFFLOAD_TEST_RPC_SYMBOL, .address = &client, .size = sizeof client}};
    offload_program_desc pd = {NULL, 0, symbols, 2, NULL};
    offload_program program;
    offload_device host = {1};
    REQUIRE_OK(ctx, offload_program_create(ctx, host, &pd, &program));
    offload_kernel kernel;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "work", &kernel));
    /* Each launching thread has its own program: one kernel handle launched from several threads
       at once races on its launch counter in the generic layer, which is not what this tests. */
    sync_job jobs[2] = {{ctx, {0}, {0}}, {ctx, {0}, {0}}};
    offload_program extra[2];
    for (int i = 0; i < 2; i++) {
        REQUIRE_OK(ctx, offload_program_create(ctx, host, &pd, &extra[i]));
        REQUIRE_OK(ctx, offload_kernel_get(ctx, extra[i], "work", &jobs[i].kernel));
    }

    static uint32_t out[QUEUES][LAUNCHES][THREADS];
    offload_queue queues[QUEUES];
    for (int q = 0; q < QUEUES; q++) REQUIRE_OK(ctx, offload_queue_create(ctx, host, &queues[q]));
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) pthread_create(&threads[i], NULL, run_sync, &jobs[i]);
    for (int l = 0; l < LAUNCHES; l++) {
        for (int q = 0; q < QUEUES; q++) {
            uint32_t* p = out[q][l];
            offload_launch_desc desc = {{1, 1, 1}, {THREADS, 1, 1}, 0, &p, sizeof p};
            CHECK_OK(ctx, offload_launch(ctx, queues[q], kernel, &desc));
        }
    }
    for (int q = 0; q < QUEUES; q++) CHECK_OK(ctx, offload_queue_synchronize(ctx, queues[q]));
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    int good = 0;
    for (int q = 0; q < QUEUES; q++)
        for (int l = 0; l < LAUNCHES; l++)
            for (int t = 0; t < THREADS; t++) good += out[q][l][t] == (uint32_t)t + 1;
    for (int i = 0; i < 2; i++)
        for (int t = 0; t < THREADS; t++) good += jobs[i].out[t] == (uint32_t)t + 1;
    CHECK(good == QUEUES * LAUNCHES * THREADS + 2 * THREADS);
    CHECK(atomic_load(&lines) == 2 * (QUEUES + 2) * LAUNCHES * THREADS);
    CHECK(rpc_active(ctx) == 0);
    for (int q = 0; q < QUEUES; q++) CHECK_OK(ctx, offload_queue_destroy(ctx, queues[q]));
    offload_context_destroy(ctx);
}

/* ---- Back-to-back launches under a watchdog ---- */

enum { STRESS_THREADS = 4, STRESS_LAUNCHES = 1000 };

static void k_call(const void* args, const offload_host_thread* t) {
    uint32_t* out = *(uint32_t* const*)args;
    uint32_t v = *out, r = 0;
    (void)t;
    if (offload_test_rpc_host_call(&client, 1, &v, 4, &r, 4) == 4) *out = r;
}

typedef struct stress_job {
    offload_context* ctx;
    offload_kernel kernel;
    uint32_t value;
    int failures;
} stress_job;

static void* run_back_to_back(void* arg) {
    stress_job* j = (stress_job*)arg;
    uint32_t* p = &j->value;
    offload_launch_desc desc = {{1, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
    for (int i = 0; i < STRESS_LAUNCHES; i++)
        if (offload_launch(j->ctx, (offload_queue){0}, j->kernel, &desc) != OFFLOAD_SUCCESS) j->failures++;
    return NULL;
}

/* Short synchronous RPC launches back to back from several threads: between two launches the
   server goes back to sleep, and every launch must wake it again. A lost wake-up leaves a kernel
   waiting for a reply forever; the watchdog turns that hang into this test's failure within a
   minute (the suite's per-program timeout is the second line of defence). */
static void test_back_to_back_launch_stress(void) {
    offload_context_desc cd;
    memset(&cd, 0, sizeof cd);
    cd.no_environment = 1;
    cd.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    offload_context* ctx = NULL;
    REQUIRE(offload_context_create(&cd, &ctx) == OFFLOAD_SUCCESS);
    REQUIRE_OK(ctx, offload_rpc_register(ctx, 1, add_one, NULL));
    offload_host_symbol symbols[] = {{.name = "call", .kernel = k_call},
                                     {.name = OFFLOAD_TEST_RPC_SYMBOL, .address = &client, .size = sizeof client}};
    offload_program_desc pd = {NULL, 0, symbols, 2, NULL};
    offload_device host = {1};
    offload_program programs[STRESS_THREADS];
    stress_job jobs[STRESS_THREADS];
    for (int i = 0; i < STRESS_THREADS; i++) {
        jobs[i] = (stress_job){ctx, {0}, 0, 0};
        REQUIRE_OK(ctx, offload_program_create(ctx, host, &pd, &programs[i]));
        REQUIRE_OK(ctx, offload_kernel_get(ctx, programs[i], "call", &jobs[i].kernel));
    }
    test_watchdog_start(60);
    /* One thread alone first: the server falls asleep after every launch, the most wake-ups. */
    run_back_to_back(&jobs[0]);
    pthread_t threads[STRESS_THREADS];
    for (int i = 0; i < STRESS_THREADS; i++) pthread_create(&threads[i], NULL, run_back_to_back, &jobs[i]);
    for (int i = 0; i < STRESS_THREADS; i++) pthread_join(threads[i], NULL);
    test_watchdog_stop();
    for (int i = 0; i < STRESS_THREADS; i++) {
        CHECK(jobs[i].failures == 0);
        /* every launch's call was answered */
        CHECK(jobs[i].value == (uint32_t)STRESS_LAUNCHES * (i == 0 ? 2 : 1));
    }
    CHECK(rpc_active(ctx) == 0);
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_many_queues_at_once);
    RUN(test_back_to_back_launch_stress);
    return test_summary();
}
#endif /* OFFLOAD_NO_RPC */
