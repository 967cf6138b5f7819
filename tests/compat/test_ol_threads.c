/* tests/compat/test_ol_threads.c — the liboffload adapter's process-wide state under threads:
   concurrent olInit/olShutDown pairs that create and release the library again and again, and
   concurrent symbol look-ups, allocations, queues, events and launches on one shared program.
   Run under TSan by ./build.sh test (compat/liboffload.sh builds it in that variant). */
#define _GNU_SOURCE
#include <stdbool.h> /* OffloadAPI.h uses bool without including it */
#include <offload/OffloadAPI.h>

#include "tests/files.h"
#include "tests/test.h"

#include <pthread.h>
#include <stdint.h>

enum { THREADS = 4, ITERATIONS = 50 };

static const char source[] = "#include \"offload.h\"\n"
                             "void add_one(const void* args, const offload_host_thread* t) {\n"
                             "    int* p = *(int* const*)args;\n"
                             "    p[t->thread_id[0]] += 1;\n"
                             "}\n";

static bool first_host(ol_device_handle_t device, void* user) {
    ol_platform_handle_t platform = NULL;
    ol_platform_backend_t backend = OL_PLATFORM_BACKEND_UNKNOWN;
    if (olGetDeviceInfo(device, OL_DEVICE_INFO_PLATFORM, sizeof platform, &platform) ||
        olGetPlatformInfo(platform, OL_PLATFORM_INFO_BACKEND, sizeof backend, &backend) ||
        backend != OL_PLATFORM_BACKEND_HOST)
        return true;
    *(ol_device_handle_t*)user = device;
    return false;
}

typedef struct shared {
    ol_device_handle_t host;
    ol_program_handle_t program;
    _Atomic int failures;
} shared;

static void note(shared* s, ol_result_t r) {
    if (!r) return;
    if (s->failures++ == 0) fprintf(stderr, "  %s\n", r->Details);
}

/* Each thread: its own queue and memory, the shared program's kernel (looked up by every thread:
   one handle), a launch, an event, results checked. */
static void* work(void* arg) {
    shared* s = (shared*)arg;
    for (int i = 0; i < ITERATIONS; i++) {
        ol_symbol_handle_t k = NULL;
        ol_queue_handle_t q = NULL;
        ol_event_handle_t e = NULL;
        int* data = NULL;
        note(s, olGetSymbol(s->program, "add_one", OL_SYMBOL_KIND_KERNEL, &k));
        note(s, olCreateQueue(s->host, &q));
        note(s, olMemAlloc(s->host, OL_ALLOC_TYPE_DEVICE, 8 * sizeof(int), (void**)&data));
        if (!k || !q || !data) break;
        note(s, olMemFill(q, data, 4, &(int){0}, 8 * sizeof(int)));
        ol_kernel_launch_size_args_t sizes = {1, {1, 1, 1}, {8, 1, 1}, 0};
        note(s, olLaunchKernel(q, s->host, k, &data, sizeof data, &sizes));
        note(s, olCreateEvent(q, &e));
        note(s, olSyncEvent(e));
        for (int j = 0; j < 8; j++)
            if (data[j] != 1) s->failures++;
        note(s, olDestroyEvent(e));
        note(s, olDestroyQueue(q));
        note(s, olMemFree(data));
    }
    return NULL;
}

/* Each thread: init, a query, shut-down; the library comes and goes under them. */
static void* init_cycles(void* arg) {
    shared* s = (shared*)arg;
    for (int i = 0; i < ITERATIONS; i++) {
        ol_device_handle_t host = NULL;
        note(s, olInit());
        note(s, olIterateDevices(first_host, &host));
        uint32_t units = 0;
        if (host) note(s, olGetDeviceInfo(host, OL_DEVICE_INFO_NUM_COMPUTE_UNITS, sizeof units, &units));
        if (!host || units == 0) s->failures++;
        note(s, olShutDown());
    }
    return NULL;
}

static void run_threads(void* (*fn)(void*), shared* s) {
    pthread_t threads[THREADS];
    int started = 0;
    for (; started < THREADS; started++)
        if (pthread_create(&threads[started], NULL, fn, s) != 0) break;
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    CHECK(started == THREADS);
}

static void test_concurrent_calls(void) {
    size_t size = 0;
    char* image = test_build_shared_object(source, &size);
    REQUIRE(image);
    shared s = {0};
    ol_result_t r = olInit();
    if (!r) r = olIterateDevices(first_host, &s.host);
    if (!r && s.host) r = olCreateProgram(s.host, image, size, &s.program);
    free(image);
    CHECK(!r && s.program);
    if (!r && s.program) {
        run_threads(work, &s);
        CHECK(s.failures == 0);
    }
    CHECK(olShutDown() == NULL);
}

static void test_concurrent_init_and_shutdown(void) {
    shared s = {0};
    run_threads(init_cycles, &s);
    CHECK(s.failures == 0);
    ol_result_t r = olShutDown(); /* every olInit was matched */
    CHECK(r && r->Code == OL_ERRC_UNINITIALIZED);
}

int main(void) {
    RUN(test_concurrent_calls);
    RUN(test_concurrent_init_and_shutdown);
    return test_summary();
}
