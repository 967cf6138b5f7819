/* tests/test_cuda_peers.c — peer access between CUDA devices on the simulated driver
   (build/sim/cuda_sim.so), which keeps each context's peers and answers a second
   cuCtxEnablePeerAccess with CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, as the driver does.

   The primary contexts are the application's too: opening devices enables nothing, so the
   application's own cuCtxEnablePeerAccess succeeds; the first copy between two GPUs enables
   access once, in the one direction it uses (the destination's context reaching the source's
   memory), also when two threads copy at once, and treats access the application enabled first
   as enabled; where the hardware refuses (CUDA_ERROR_TOO_MANY_PEERS, injected) or has no
   peer-to-peer at all (cuDeviceCanAccessPeer 0) copies are staged by the driver and still right,
   and the refusal is remembered, not retried per copy.

   The tests use offload.h, the simulated driver's controls, and the driver as the backend bound
   it (the test hooks), as an application working beside the runtime reaches it. */
#define _GNU_SOURCE
#include "../offload.h"
#include "../backends/cuda/driver.inc"
#include "sim_control.h"
#include "test.h"
#include "test_hooks.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#define SIM_PATH OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"

static struct {
    void* library;
    void (*reset)(void);
    unsigned (*call_count)(const char* entry);
    void (*set_devices)(int count);
    long (*live_objects)(void);
    int (*peer_access)(int from, int to);
    void (*set_peer_limit)(int peers);
} sim;

static int sim_open(void) {
    const test_sim_symbol symbols[] = {
        {"cuda_sim_reset", &sim.reset},
        {"cuda_sim_call_count", &sim.call_count},
        {"cuda_sim_set_devices", &sim.set_devices},
        {"cuda_sim_live_objects", &sim.live_objects},
        {"cuda_sim_peer_access", &sim.peer_access},
        {"cuda_sim_set_peer_limit", &sim.set_peer_limit},
    };
    return test_sim_open(&sim.library, SIM_PATH, symbols, TEST_SIM_COUNT(symbols));
}

/* Log lines saying a pair of devices cannot reach each other directly. */
static atomic_int staged_lines;

static void count_log(offload_log_level level, const char* message, void* user_data) {
    (void)level, (void)user_data;
    if (strstr(message, "cannot reach")) atomic_fetch_add(&staged_lines, 1);
}

/* A context with the host and `gpus` simulated GPUs (devices 2, 3, ...). */
static offload_context* open_gpus(int gpus) {
    sim.reset();
    sim.set_devices(gpus);
    atomic_store(&staged_lines, 0);
    offload_context_desc desc = {0};
    desc.cuda_library_path = SIM_PATH;
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    desc.log = count_log;
    desc.log_level = OFFLOAD_LOG_DEBUG;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return NULL;
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    if (count != (uint32_t)gpus + 1) {
        offload_context_destroy(ctx);
        return NULL;
    }
    return ctx;
}

enum { N = 1 << 16 };

/* Copies a pattern into src (on src_gpu), then src to dst (on dst_gpu) with `queue` (0: the
   synchronous copy), and reads dst back: 1 when the bytes arrived. */
static int copy_checked(offload_context* ctx, offload_queue queue, offload_device dst_gpu, void* dst,
                        offload_device src_gpu, void* src, unsigned char seed) {
    static unsigned char pattern[N], back[N];
    for (size_t i = 0; i < N; i++) pattern[i] = (unsigned char)(i * 13 + seed);
    memset(back, 0, N);
    offload_device host = {1};
    if (offload_memcpy(ctx, src_gpu, src, host, pattern, N) != OFFLOAD_SUCCESS) return 0;
    if (queue.id) {
        if (offload_memcpy_async(ctx, queue, dst_gpu, dst, src_gpu, src, N) != OFFLOAD_SUCCESS ||
            offload_queue_synchronize(ctx, queue) != OFFLOAD_SUCCESS)
            return 0;
    } else if (offload_memcpy(ctx, dst_gpu, dst, src_gpu, src, N) != OFFLOAD_SUCCESS) {
        return 0;
    }
    return offload_memcpy(ctx, host, back, dst_gpu, dst, N) == OFFLOAD_SUCCESS && memcmp(back, pattern, N) == 0;
}

/* The driver's entry points as the backend bound them, and gpu's primary context. */
static const offload__cuda_api* driver_of(offload_context* ctx, offload_device gpu, offload__CUcontext* context) {
    offload_test_cuda driver;
    if (offload_test_cuda_driver(ctx, gpu, &driver) != OFFLOAD_SUCCESS || !driver.context) return NULL;
    *context = (offload__CUcontext)driver.context;
    return (const offload__cuda_api*)driver.api;
}

/* Opening two devices enables nothing: the application's own cuCtxEnablePeerAccess, both ways,
   succeeds; a copy of ours afterwards finds the access enabled and takes it as such. */
static void test_application_enables_peer_access_itself(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    offload_context* ctx = open_gpus(2);
    REQUIRE(ctx != NULL);
    offload_device gpu0 = {2}, gpu1 = {3};
    void *a = NULL, *b = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu0, OFFLOAD_MEM_DEVICE, N, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu1, OFFLOAD_MEM_DEVICE, N, &b));
    CHECK(!sim.peer_access(0, 1) && !sim.peer_access(1, 0));
    offload__CUcontext c0 = NULL, c1 = NULL;
    const offload__cuda_api* api = driver_of(ctx, gpu0, &c0);
    REQUIRE(api != NULL && driver_of(ctx, gpu1, &c1) != NULL);
    offload__CUcontext popped = NULL;
    REQUIRE(api->cuCtxPushCurrent_v2(c0) == OFFLOAD__CUDA_SUCCESS);
    CHECK(api->cuCtxEnablePeerAccess(c1, 0) == OFFLOAD__CUDA_SUCCESS);
    api->cuCtxPopCurrent_v2(&popped);
    REQUIRE(api->cuCtxPushCurrent_v2(c1) == OFFLOAD__CUDA_SUCCESS);
    CHECK(api->cuCtxEnablePeerAccess(c0, 0) == OFFLOAD__CUDA_SUCCESS);
    CHECK(api->cuCtxEnablePeerAccess(c0, 0) == OFFLOAD__CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED); /* as the driver */
    api->cuCtxPopCurrent_v2(&popped);
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu1, b, gpu0, a, 1));
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu0, a, gpu1, b, 2));
    CHECK(atomic_load(&staged_lines) == 0); /* ALREADY_ENABLED is not a refusal */
    CHECK(sim.call_count("cuCtxEnablePeerAccess") == 5);
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* The first copy from gpu0 to gpu1 lets gpu1's context reach gpu0's memory, once, and nothing
   else; the first copy back enables the other direction. */
static void test_peer_copy_enables_access_once(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    offload_context* ctx = open_gpus(2);
    REQUIRE(ctx != NULL);
    offload_device gpu0 = {2}, gpu1 = {3};
    void *a = NULL, *b = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu0, OFFLOAD_MEM_DEVICE, N, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu1, OFFLOAD_MEM_DEVICE, N, &b));
    CHECK(sim.call_count("cuCtxEnablePeerAccess") == 0);
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu1, b, gpu0, a, 3));
    CHECK(sim.peer_access(1, 0) && !sim.peer_access(0, 1));
    CHECK(sim.call_count("cuCtxEnablePeerAccess") == 1);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu1, &q));
    CHECK(copy_checked(ctx, q, gpu1, b, gpu0, a, 4));
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu1, b, gpu0, a, 5));
    CHECK(sim.call_count("cuCtxEnablePeerAccess") == 1);
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu0, a, gpu1, b, 6));
    CHECK(sim.peer_access(0, 1));
    CHECK(sim.call_count("cuCtxEnablePeerAccess") == 2);
    CHECK(atomic_load(&staged_lines) == 0);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* gpu2's context may reach one peer: the first pair gets access, the second is refused with
   TOO_MANY_PEERS, and its copies are still right (staged by the driver), the refusal said once
   and not retried. */
static void test_peer_copy_when_the_hardware_refuses(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    offload_context* ctx = open_gpus(3);
    REQUIRE(ctx != NULL);
    sim.set_peer_limit(1);
    offload_device gpu0 = {2}, gpu1 = {3}, gpu2 = {4};
    void *a = NULL, *b = NULL, *c = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu0, OFFLOAD_MEM_DEVICE, N, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu1, OFFLOAD_MEM_DEVICE, N, &b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu2, OFFLOAD_MEM_DEVICE, N, &c));
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu2, c, gpu0, a, 7));
    CHECK(sim.peer_access(2, 0));
    CHECK(atomic_load(&staged_lines) == 0);
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu2, c, gpu1, b, 8));
    CHECK(!sim.peer_access(2, 1));
    CHECK(atomic_load(&staged_lines) == 1);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu2, &q));
    CHECK(copy_checked(ctx, q, gpu2, c, gpu1, b, 9));
    CHECK(sim.call_count("cuCtxEnablePeerAccess") == 2);
    CHECK(atomic_load(&staged_lines) == 1);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    CHECK_OK(ctx, offload_mem_free(ctx, c));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

/* GPUs without peer-to-peer (cuDeviceCanAccessPeer 0): access is not even asked for, and copies
   are staged by the driver. */
static void test_peer_copy_without_peer_to_peer(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    offload_context* ctx = open_gpus(2);
    REQUIRE(ctx != NULL);
    sim.set_peer_limit(0);
    offload_device gpu0 = {2}, gpu1 = {3};
    void *a = NULL, *b = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu0, OFFLOAD_MEM_DEVICE, N, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu1, OFFLOAD_MEM_DEVICE, N, &b));
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu1, b, gpu0, a, 10));
    CHECK(copy_checked(ctx, (offload_queue){0}, gpu1, b, gpu0, a, 11));
    CHECK(sim.call_count("cuDeviceCanAccessPeer") == 1);
    CHECK(sim.call_count("cuCtxEnablePeerAccess") == 0);
    CHECK(atomic_load(&staged_lines) == 1);
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

typedef struct copier {
    offload_context* ctx;
    void *src, *dst;
    atomic_int* start;
    int failures;
} copier;

static void* copier_main(void* arg) {
    copier* c = (copier*)arg;
    while (!atomic_load(c->start)) {
    }
    for (int i = 0; i < 20; i++)
        if (offload_memcpy(c->ctx, (offload_device){3}, c->dst, (offload_device){2}, c->src, 4096) != OFFLOAD_SUCCESS)
            c->failures++;
    return NULL;
}

/* Two threads making the first copies of a pair at once enable access once. */
static void test_two_threads_enable_once(void) {
    if (!sim_open()) SKIP("simulated driver: %s", test_sim_error());
    offload_context* ctx = open_gpus(2);
    REQUIRE(ctx != NULL);
    void *a = NULL, *b[2] = {NULL, NULL};
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, (offload_device){2}, OFFLOAD_MEM_DEVICE, 4096, &a));
    for (int i = 0; i < 2; i++)
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, (offload_device){3}, OFFLOAD_MEM_DEVICE, 4096, &b[i]));
    atomic_int start = 0;
    copier copiers[2] = {{ctx, a, b[0], &start, 0}, {ctx, a, b[1], &start, 0}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) REQUIRE(pthread_create(&threads[i], NULL, copier_main, &copiers[i]) == 0);
    atomic_store(&start, 1);
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    CHECK(copiers[0].failures == 0 && copiers[1].failures == 0);
    CHECK(sim.call_count("cuCtxEnablePeerAccess") == 1);
    CHECK(sim.peer_access(1, 0));
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    for (int i = 0; i < 2; i++) CHECK_OK(ctx, offload_mem_free(ctx, b[i]));
    offload_context_destroy(ctx);
    CHECK(sim.live_objects() == 0);
}

int main(void) {
    RUN(test_application_enables_peer_access_itself);
    RUN(test_peer_copy_enables_access_once);
    RUN(test_peer_copy_when_the_hardware_refuses);
    RUN(test_peer_copy_without_peer_to_peer);
    RUN(test_two_threads_enable_once);
    return test_summary();
}
