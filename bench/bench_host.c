/* bench/bench_host.c — launch, copy and allocation overheads on the host device, side by side
   with LLVM's libomptarget (its x86_64 host plugin) doing the same work in the same process.

   Built by bench/run.sh with clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu. Each benchmark
   runs ROUNDS rounds of ITERATIONS operations after a warm-up; the per-operation time of a round
   is its time divided by ITERATIONS, and the reported value is the median over rounds. Ours and
   the peer alternate round by round so machine noise hits both alike. A *_2threads figure is the
   same operations split over two threads at once (time per operation). The launch and queue
   figures are measured again as <name>_busy while two CPU-bound threads per core run beside them
   (bench/busy.h), ours and the peer alike: waits that spin or yield instead of blocking show
   there. launch_sync_grid_64Ki runs 65,536 threads (64 blocks of 1,024), which the host device
   hands to its worker pool, against a target region of as many loop iterations that each call an
   empty function.
   `bench_host alloc` runs only the allocation figures.
   Output, one line each:
       <name>: ours=<value><unit> peer=<value><unit> ratio=<ours/peer> */
#include "offload.h"
#include "busy.h"

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ROUNDS = 31, ITERATIONS = 20000 };

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int compare_doubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

typedef void (*bench_fn)(void* state, int iterations);

/* Median per-operation nanoseconds of ours and the peer, alternating rounds. */
static void measure(const char* name, bench_fn ours, void* ours_state, bench_fn peer, void* peer_state,
                    int iterations) {
    double ours_ns[ROUNDS], peer_ns[ROUNDS];
    ours(ours_state, iterations);
    if (peer) peer(peer_state, iterations);
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now_ns();
        ours(ours_state, iterations);
        double t1 = now_ns();
        ours_ns[r] = (t1 - t0) / iterations;
        if (peer) {
            t0 = now_ns();
            peer(peer_state, iterations);
            t1 = now_ns();
            peer_ns[r] = (t1 - t0) / iterations;
        }
    }
    qsort(ours_ns, ROUNDS, sizeof(double), compare_doubles);
    double o = ours_ns[ROUNDS / 2];
    if (!peer) {
        printf("%s: ours=%.3fus peer=none ratio=none\n", name, o / 1000.0);
        return;
    }
    qsort(peer_ns, ROUNDS, sizeof(double), compare_doubles);
    double p = peer_ns[ROUNDS / 2];
    printf("%s: ours=%.3fus peer=%.3fus ratio=%.2f\n", name, o / 1000.0, p / 1000.0, o / p);
    fflush(stdout);
}

typedef struct ours_state {
    offload_context* ctx;
    offload_device dev;
    offload_kernel empty;
    offload_queue queue;
    void* device_buffer;
    char* host_buffer;
    size_t alloc_size; /* what ours_alloc allocates */
} ours_state;

static void empty_kernel(const void* args, const offload_host_thread* t) {
    (void)args;
    (void)t;
}

static void ours_launch(void* s, int n) {
    ours_state* st = (ours_state*)s;
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
    for (int i = 0; i < n; i++) offload_launch(st->ctx, (offload_queue){0}, st->empty, &l);
}

static void ours_grid_launch(void* s, int n) {
    ours_state* st = (ours_state*)s;
    offload_launch_desc l = {{64, 1, 1}, {1024, 1, 1}, 0, NULL, 0};
    for (int i = 0; i < n; i++) offload_launch(st->ctx, (offload_queue){0}, st->empty, &l);
}

static void ours_async_launch(void* s, int n) {
    ours_state* st = (ours_state*)s;
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
    for (int i = 0; i < n; i++) {
        offload_launch(st->ctx, st->queue, st->empty, &l);
        offload_queue_synchronize(st->ctx, st->queue);
    }
}

static void ours_copy(void* s, int n) {
    ours_state* st = (ours_state*)s;
    for (int i = 0; i < n; i++) offload_memcpy(st->ctx, st->dev, st->device_buffer, st->dev, st->host_buffer, 4096);
}

static void ours_alloc(void* s, int n) {
    ours_state* st = (ours_state*)s;
    for (int i = 0; i < n; i++) {
        void* p;
        offload_mem_alloc(st->ctx, st->dev, OFFLOAD_MEM_DEVICE, st->alloc_size, &p);
        offload_mem_free(st->ctx, p);
    }
}

typedef struct peer_state {
    int device;
    int host;
    void* device_buffer;
    char* host_buffer;
    size_t alloc_size; /* what peer_alloc allocates */
} peer_state;

static void peer_launch(void* s, int n) {
    peer_state* st = (peer_state*)s;
    int device = st->device;
    for (int i = 0; i < n; i++) {
#pragma omp target device(device)
        {}
    }
}

/* The peer's work item: a call that is not inlined, as each of our threads is a call. */
#pragma omp declare target
__attribute__((noinline)) static void peer_empty_item(int j) { __asm__ volatile("" : : "r"(j)); }
#pragma omp end declare target

static void peer_grid_launch(void* s, int n) {
    peer_state* st = (peer_state*)s;
    int device = st->device;
    for (int i = 0; i < n; i++) {
#pragma omp target teams distribute parallel for device(device)
        for (int j = 0; j < 65536; j++) peer_empty_item(j);
    }
}

static void peer_async_launch(void* s, int n) {
    peer_state* st = (peer_state*)s;
    int device = st->device;
    for (int i = 0; i < n; i++) {
#pragma omp target device(device) nowait
        {}
#pragma omp taskwait
    }
}

static void peer_copy(void* s, int n) {
    peer_state* st = (peer_state*)s;
    for (int i = 0; i < n; i++) omp_target_memcpy(st->device_buffer, st->host_buffer, 4096, 0, 0, st->device, st->host);
}

static void peer_alloc(void* s, int n) {
    peer_state* st = (peer_state*)s;
    for (int i = 0; i < n; i++) omp_target_free(omp_target_alloc(st->alloc_size, st->device), st->device);
}

/* One benchmark run by two threads at once, each doing half the operations on the same state
   (the same context, or libomptarget's same device): what a second thread costs. */
typedef struct two_threads_state {
    bench_fn fn;
    void* state;
    int iterations;
} two_threads_state;

static void* run_half(void* s) {
    two_threads_state* t = (two_threads_state*)s;
    t->fn(t->state, t->iterations);
    return NULL;
}

static void two_threads(void* s, int n) {
    two_threads_state* t = (two_threads_state*)s;
    t->iterations = n / 2;
    pthread_t other;
    if (pthread_create(&other, NULL, run_half, t) != 0) {
        t->fn(t->state, n); /* no second thread: the time is one thread's */
        return;
    }
    t->fn(t->state, n - n / 2);
    pthread_join(other, NULL);
}

/* alloc+free of size bytes, from one thread and from two. */
static void measure_alloc(const char* name, size_t size, ours_state* ours, peer_state* peer) {
    char two[64];
    ours->alloc_size = peer->alloc_size = size;
    measure(name, ours_alloc, ours, peer_alloc, peer, ITERATIONS);
    two_threads_state ours_two = {ours_alloc, ours, 0}, peer_two = {peer_alloc, peer, 0};
    snprintf(two, sizeof two, "%s_2threads", name);
    measure(two, two_threads, &ours_two, two_threads, &peer_two, ITERATIONS);
}

int main(int argc, char** argv) {
    int alloc_only = argc > 1 && strcmp(argv[1], "alloc") == 0;
    ours_state ours = {0};
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    if (offload_context_create(&desc, &ours.ctx) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_host: cannot create a context\n");
        return 1;
    }
    offload_device_get(ours.ctx, 0, &ours.dev);
    offload_host_symbol symbols[] = {{.name = "empty", .kernel = empty_kernel}};
    offload_program_desc pd = {0};
    pd.host_symbols = symbols;
    pd.host_symbol_count = 1;
    offload_program prog;
    if (offload_program_create(ours.ctx, ours.dev, &pd, &prog) != OFFLOAD_SUCCESS ||
        offload_kernel_get(ours.ctx, prog, "empty", &ours.empty) != OFFLOAD_SUCCESS ||
        offload_queue_create(ours.ctx, ours.dev, &ours.queue) != OFFLOAD_SUCCESS ||
        offload_mem_alloc(ours.ctx, ours.dev, OFFLOAD_MEM_DEVICE, 4096, &ours.device_buffer) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_host: setup failed: %s\n", offload_context_last_error(ours.ctx));
        return 1;
    }
    ours.host_buffer = (char*)calloc(1, 4096);

    peer_state peer = {0};
    peer.device = omp_get_default_device();
    peer.host = omp_get_initial_device();
    if (omp_get_num_devices() < 1) {
        fprintf(stderr, "bench_host: libomptarget found no offload device (is the x86_64 plugin installed?)\n");
        return 1;
    }
    peer.device_buffer = omp_target_alloc(4096, peer.device);
    peer.host_buffer = (char*)calloc(1, 4096);

    printf("# host device; median of %d rounds x %d operations; peer = libomptarget x86_64 plugin\n", ROUNDS,
           ITERATIONS);
    if (!alloc_only) {
        measure("launch_sync_empty", ours_launch, &ours, peer_launch, &peer, ITERATIONS);
        measure("copy_h2d_4KiB", ours_copy, &ours, peer_copy, &peer, ITERATIONS);
    }
    measure_alloc("alloc_free_64B", 64, &ours, &peer);
    measure_alloc("alloc_free_4KiB", 4096, &ours, &peer);
    measure_alloc("alloc_free_1MiB", 1 << 20, &ours, &peer);
    if (!alloc_only) {
        measure("launch_async_queue_sync", ours_async_launch, &ours, peer_async_launch, &peer, ITERATIONS / 10);
        measure("launch_sync_grid_64Ki", ours_grid_launch, &ours, peer_grid_launch, &peer, ITERATIONS / 100);

        /* A busy host runs far fewer operations in the time a quiet one runs them all. */
        busy_host busy;
        if (busy_start(&busy) > 0) {
            measure("launch_sync_empty_busy", ours_launch, &ours, peer_launch, &peer, ITERATIONS / 10);
            measure("launch_async_queue_sync_busy", ours_async_launch, &ours, peer_async_launch, &peer,
                    ITERATIONS / 100);
            measure("launch_sync_grid_64Ki_busy", ours_grid_launch, &ours, peer_grid_launch, &peer, ITERATIONS / 1000);
            busy_stop(&busy);
        }
    }

    omp_target_free(peer.device_buffer, peer.device);
    free(peer.host_buffer);
    free(ours.host_buffer);
    offload_mem_free(ours.ctx, ours.device_buffer);
    offload_context_destroy(ours.ctx);
    return 0;
}
