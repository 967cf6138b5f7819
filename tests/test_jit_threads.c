/* tests/test_jit_threads.c — the JIT cache under concurrency: threads creating programs from the
   same IR at once share one compile (the others wait for it); threads with different IR compile in
   parallel and each gets its own program. And isolation under threads: four threads, each with
   its own context, compile 15 distinct modules each in compile servers while the others allocate
   (a forked compile child used to hang here on a lock another thread held at fork time; in
   sanitized builds on the sanitizer allocator's); the same with the four contexts sharing the
   compile servers of a fifth, destroyed while they compile. */
#include "../offload.h"
#include "test.h"

#ifdef OFFLOAD_NO_JIT
/* Built without the JIT, this program has nothing to test. */
int main(void) { return test_skip_all("test_jit_threads", "the JIT is not compiled in (OFFLOAD_NO_JIT)"); }
#else

#include <pthread.h>
#include <stdint.h>

enum { THREADS = 6 };

typedef struct worker {
    offload_context* ctx;
    pthread_barrier_t* start;
    char ir[512];
    int32_t addend; /* what this thread's kernel adds */
    int ok;
} worker;

static void make_ir(char* out, size_t capacity, int32_t addend) {
    snprintf(out, capacity,
             "define void @k(i32* %%p) \"offload-kernel\" {\n  %%v = load i32, i32* %%p\n"
             "  %%w = add i32 %%v, %d\n  store i32 %%w, i32* %%p\n  ret void\n}\n",
             addend);
}

static void* run_worker(void* arg) {
    worker* w = (worker*)arg;
    offload_device dev;
    offload_device_get(w->ctx, 0, &dev);
    offload_program_desc desc = {0};
    desc.image = w->ir;
    desc.size = strlen(w->ir);
    pthread_barrier_wait(w->start);
    offload_program prog;
    offload_result created = offload_program_create(w->ctx, dev, &desc, &prog);
    pthread_barrier_wait(w->start); /* every program is alive at once: none can be dropped early */
    if (created != OFFLOAD_SUCCESS) return NULL;
    offload_kernel k;
    int32_t value = 1000;
    int32_t* p = &value;
    offload_launch_desc launch = {{1, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
    w->ok = offload_kernel_get(w->ctx, prog, "k", &k) == OFFLOAD_SUCCESS &&
            offload_launch(w->ctx, (offload_queue){0}, k, &launch) == OFFLOAD_SUCCESS && value == 1000 + w->addend;
    w->ok &= offload_program_destroy(w->ctx, prog) == OFFLOAD_SUCCESS;
    return NULL;
}

/* Runs THREADS workers; same_ir chooses one module for all or one per thread. */
static offload_jit_stats run_workers(int same_ir, int* all_ok) {
    offload_jit_stats stats;
    memset(&stats, 0xff, sizeof stats);
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.jit.isolation = TEST_JIT_ISOLATION;
    offload_context* ctx = NULL;
    *all_ok = 0;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return stats;
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, THREADS);
    worker workers[THREADS];
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) {
        memset(&workers[i], 0, sizeof workers[i]);
        workers[i].ctx = ctx;
        workers[i].start = &start;
        workers[i].addend = same_ir ? 7 : i + 1;
        make_ir(workers[i].ir, sizeof workers[i].ir, workers[i].addend);
        pthread_create(&threads[i], NULL, run_worker, &workers[i]);
    }
    *all_ok = 1;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        *all_ok &= workers[i].ok;
    }
    pthread_barrier_destroy(&start);
    offload_jit_get_stats(ctx, &stats);
    offload_context_destroy(ctx);
    return stats;
}

static void test_same_ir_from_many_threads_compiles_once(void) {
    int ok = 0;
    offload_jit_stats s = run_workers(1, &ok);
    CHECK(ok);
    CHECK(s.misses == 1);
    CHECK(s.hits == THREADS - 1);
    CHECK(s.entries == 0);
}

static void test_different_ir_from_many_threads(void) {
    int ok = 0;
    offload_jit_stats s = run_workers(0, &ok);
    CHECK(ok);
    CHECK(s.misses == THREADS);
    CHECK(s.hits == 0);
    CHECK(s.entries == 0);
}

enum { LOADERS = 4, LOADS = 15 };

typedef struct loader {
    int index;
    offload_context* share;   /* whose compile servers to use (desc.jit.share_compile_servers), or NULL */
    pthread_barrier_t* ready; /* with share: waited on once this loader's context exists */
    int ok;                   /* loads that compiled and ran right */
    uint64_t compiles;
} loader;

static void* run_loader(void* arg) {
    loader* l = (loader*)arg;
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.host_threads = 2;
    desc.jit.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    desc.jit.share_compile_servers = l->share;
    offload_context* ctx = NULL;
    offload_result created = offload_context_create(&desc, &ctx);
    if (l->ready) pthread_barrier_wait(l->ready);
    if (created != OFFLOAD_SUCCESS) return NULL;
    offload_device dev;
    offload_device_get(ctx, 0, &dev);
    for (int i = 0; i < LOADS; i++) {
        char ir[512];
        int32_t addend = l->index * 1000 + i; /* distinct modules: every load compiles */
        make_ir(ir, sizeof ir, addend);
        void* noise = malloc(4096 + (size_t)i); /* the allocator stays busy across compiles */
        offload_program_desc pd = {0};
        pd.image = ir;
        pd.size = strlen(ir);
        offload_program prog;
        if (offload_program_create(ctx, dev, &pd, &prog) == OFFLOAD_SUCCESS) {
            offload_kernel k;
            int32_t value = 1;
            int32_t* p = &value;
            offload_launch_desc launch = {{1, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
            l->ok += offload_kernel_get(ctx, prog, "k", &k) == OFFLOAD_SUCCESS &&
                     offload_launch(ctx, (offload_queue){0}, k, &launch) == OFFLOAD_SUCCESS && value == 1 + addend;
            offload_program_destroy(ctx, prog);
        }
        free(noise);
    }
    offload_jit_stats stats;
    offload_jit_get_stats(ctx, &stats);
    l->compiles = stats.misses;
    offload_context_destroy(ctx);
    return NULL;
}

/* Runs the loaders, each with its own context; with share, they all use the compile servers of
   a context that starts one as it is created and is destroyed while they compile. */
static void run_loaders(int share) {
    loader loaders[LOADERS];
    pthread_t threads[LOADERS];
    pthread_barrier_t ready;
    pthread_barrier_init(&ready, NULL, LOADERS + 1);
    offload_context* owner = NULL;
    if (share) {
        offload_context_desc desc = {0};
        desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
        desc.no_environment = 1;
        desc.jit.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
        desc.jit.start_compile_server = 1;
        REQUIRE(offload_context_create(&desc, &owner) == OFFLOAD_SUCCESS);
    }
    for (int i = 0; i < LOADERS; i++) {
        memset(&loaders[i], 0, sizeof loaders[i]);
        loaders[i].index = i;
        loaders[i].share = owner;
        loaders[i].ready = share ? &ready : NULL;
        pthread_create(&threads[i], NULL, run_loader, &loaders[i]);
    }
    if (share) {
        pthread_barrier_wait(&ready); /* every loader holds the servers: the owner may go */
        offload_context_destroy(owner);
    }
    for (int i = 0; i < LOADERS; i++) {
        pthread_join(threads[i], NULL);
        CHECK(loaders[i].ok == LOADS);
        CHECK(loaders[i].compiles == LOADS);
    }
    pthread_barrier_destroy(&ready);
}

static void test_isolated_compiles_from_many_threads(void) { run_loaders(0); }

static void test_contexts_of_many_threads_share_compile_servers(void) { run_loaders(1); }

int main(void) {
    RUN(test_same_ir_from_many_threads_compiles_once);
    RUN(test_different_ir_from_many_threads);
    RUN(test_isolated_compiles_from_many_threads);
    RUN(test_contexts_of_many_threads_share_compile_servers);
    return test_summary();
}
#endif /* OFFLOAD_NO_JIT */
