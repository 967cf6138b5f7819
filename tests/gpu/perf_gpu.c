/* tests/gpu/perf_gpu.c — the measurements that decide how the CUDA backend waits and launches,
   each side by side with raw Driver API calls in the same run on the same GPU (run by
   tests/gpu/run.sh; not part of ./build.sh test, which has no GPU). Usage:
       perf_gpu [libcuda path] [perf_gpu.ptx path]
   Kernels: tests/gpu/perf_gpu.ptx (from perf_gpu.ll): `empty`, and `spin_ns`, which runs for a
   given number of nanoseconds of the GPU's %globaltimer.

   - Waits: a 5 us, 2 ms and 100 ms kernel launched synchronously through offload_launch, against
     cuLaunchKernel + cuStreamSynchronize in a context made with CU_CTX_SCHED_SPIN (the driver
     spinning: the least latency) and in one made with CU_CTX_SCHED_BLOCKING_SYNC (the driver
     sleeping: the least CPU). Wall time (median) and CPU time of the whole process
     (CLOCK_PROCESS_CPUTIME_ID around each wait; getrusage over each side as a cross-check). The
     2 ms kernel again with two spinning threads per core beside it (latency only).
   - Queued launches: 10^5 empty kernels on a queue then one synchronize, against cuLaunchKernel on
     a non-blocking stream of the primary context.
   - Small copies: 4 B and 4 KiB from and to pageable host memory, offload_memcpy against
     cuMemcpyHtoD_v2 / cuMemcpyDtoH_v2.
   - Four threads each queueing 1/4 of 10^5 empty kernels on a queue (stream) of their own,
     against one thread queueing all of them; the same for the raw driver. The runtime's threads
     are application threads without a CUDA context current, as a user's would be.

   Prints, besides comments, one line per figure for run.sh's verdict:
       figure NAME VALUE  free text (the sides, how many samples)
   run.sh compares the figures with the goals of docs/gpu-results.md. Exits 77 ("skipped: no
   GPU") when the driver has no device, 1 when a call fails (naming it). */
#define _GNU_SOURCE
#include "../../offload.h"
#include "../../backends/cuda/driver.inc"
#include "../../bench/busy.h"
#include "../files.h"
#include "../test_hooks.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* Driver constants this program needs beyond the backend's (cuda.h 375-378, 456). */
enum {
    PERF_CU_CTX_SCHED_SPIN = 0x01,
    PERF_CU_CTX_SCHED_BLOCKING_SYNC = 0x04,
    PERF_CU_EVENT_BLOCKING_SYNC = 0x01,
    PERF_CUDA_ERROR_NOT_READY = 600
};

enum { QUEUED_ROUNDS = 5, THREAD_ROUNDS = 3, THREADS = 4 };

/* How a raw side waits for its kernel: in a context of its own made with the scheduling flag (as
   asked), or, where the driver cannot make one, in the primary context by the equivalent means. */
typedef enum raw_wait { RAW_STREAM_SYNCHRONIZE, RAW_QUERY_SPIN, RAW_BLOCKING_EVENT } raw_wait;

typedef struct raw_side {
    const char* name;
    offload__CUcontext context;
    int own_context; /* made here with cuCtxCreate_v2, destroyed at the end */
    offload__CUmodule module;
    offload__CUfunction spin;
    offload__CUstream stream;
    offload__CUevent event; /* RAW_BLOCKING_EVENT only */
    raw_wait wait;
} raw_side;

typedef struct perf {
    offload_context* ctx;
    offload_device dev, host;
    offload_kernel spin, empty;
    const offload__cuda_api* api;
    offload__CUcontext primary;
    offload__CUdevice device;
    offload__CUmodule module; /* in the primary context, for the raw queued launches and threads */
    offload__CUfunction empty_raw;
    offload__CUstream stream;
    raw_side spin_side, blocking_side;
    offload__CUresult (*ctx_create)(offload__CUcontext*, unsigned int, offload__CUdevice);
    offload__CUresult (*ctx_destroy)(offload__CUcontext);
    offload__CUresult (*ctx_get_device)(offload__CUdevice*);
    offload__CUresult (*ctx_get_flags)(unsigned int*);
    offload__CUresult (*primary_state)(offload__CUdevice, unsigned int*, int*);
    const char* ptx;
    int launches;  /* queued launches per measure: 10^5 */
    int copy_reps; /* copies per size and direction: 2000 */
    int quick;     /* --quick: a few of everything, to try the program, not to measure */
} perf;

/* dlsym into a function pointer (ISO C has no cast between the two). */
static int bind(void* library, const char* name, void* slot) {
    void* address = dlsym(library, name);
    memcpy(slot, &address, sizeof address);
    return address != NULL;
}

static const offload__cuda_api* error_api; /* for the names in cu_fail's message */

static void cu_fail(const char* call, offload__CUresult rc) {
    const char* name = NULL;
    if (error_api && error_api->cuGetErrorName && error_api->cuGetErrorName(rc, &name) != 0) name = NULL;
    printf("perf_gpu: %s failed: %d %s\n", call, rc, name ? name : "");
    fflush(stdout);
    exit(1);
}

#define CU_OK(call)                                                                                                    \
    do {                                                                                                               \
        offload__CUresult rc_ = (call);                                                                                \
        if (rc_) cu_fail(#call, rc_);                                                                                  \
    } while (0)

#define OK(ctx, call)                                                                                                  \
    do {                                                                                                               \
        if ((call) != OFFLOAD_SUCCESS) {                                                                               \
            printf("perf_gpu: %s failed: %s\n", #call, offload_context_last_error(ctx));                               \
            fflush(stdout);                                                                                            \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)

static int compare_u64(const void* a, const void* b) {
    uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

/* The p-th percentile (0..100) of n samples, which it sorts. */
static double percentile(uint64_t* samples, int n, int p) {
    qsort(samples, (size_t)n, sizeof *samples, compare_u64);
    return (double)samples[(size_t)((long long)(n - 1) * p / 100)];
}

static uint64_t cpu_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t rusage_ns(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return (uint64_t)(r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1000000000ull +
           (uint64_t)(r.ru_utime.tv_usec + r.ru_stime.tv_usec) * 1000ull;
}

/* ---- Set-up ------------------------------------------------------------------------------ */

/* A raw side: a context made with `flags` (made current, then popped), the kernels loaded in it
   and a non-blocking stream; where cuCtxCreate_v2 is missing or refuses, the primary context with
   `fallback` as the way to wait. */
static void raw_side_open(perf* p, raw_side* s, const char* name, unsigned int flags, raw_wait fallback) {
    const offload__cuda_api* api = p->api;
    s->name = name;
    s->wait = RAW_STREAM_SYNCHRONIZE;
    offload__CUresult rc = p->ctx_create ? p->ctx_create(&s->context, flags, p->device) : -1;
    if (rc == 0) {
        s->own_context = 1; /* current now, above the primary context */
        unsigned int got = 0;
        if (p->ctx_get_flags && p->ctx_get_flags(&got) == 0) printf("# %s: own context, flags 0x%x\n", name, got);
    } else {
        printf("# %s: cuCtxCreate_v2(flags 0x%x) %s (%d): the primary context waits %s instead\n", name, flags,
               p->ctx_create ? "failed" : "is not exported", rc,
               fallback == RAW_QUERY_SPIN ? "by spinning on cuStreamQuery"
                                          : "in cuEventSynchronize on a "
                                            "CU_EVENT_BLOCKING_SYNC event");
        s->context = p->primary;
        s->wait = fallback;
        CU_OK(api->cuCtxPushCurrent_v2(s->context));
        if (fallback == RAW_BLOCKING_EVENT)
            CU_OK(api->cuEventCreate(&s->event, PERF_CU_EVENT_BLOCKING_SYNC | OFFLOAD__CU_EVENT_DISABLE_TIMING));
    }
    CU_OK(api->cuModuleLoadDataEx(&s->module, p->ptx, 0, NULL, NULL));
    CU_OK(api->cuModuleGetFunction(&s->spin, s->module, "spin_ns"));
    CU_OK(api->cuStreamCreate(&s->stream, OFFLOAD__CU_STREAM_NON_BLOCKING));
    offload__CUcontext popped;
    CU_OK(api->cuCtxPopCurrent_v2(&popped));
}

static void raw_side_close(perf* p, raw_side* s) {
    const offload__cuda_api* api = p->api;
    offload__CUcontext popped;
    CU_OK(api->cuCtxPushCurrent_v2(s->context));
    CU_OK(api->cuStreamDestroy_v2(s->stream));
    if (s->event) CU_OK(api->cuEventDestroy_v2(s->event));
    CU_OK(api->cuModuleUnload(s->module));
    CU_OK(api->cuCtxPopCurrent_v2(&popped));
    if (s->own_context) CU_OK(p->ctx_destroy(s->context));
}

/* spin_ns(ns) on stream, its argument passed as the backend passes arguments (a buffer of the
   exact size). */
static void launch_spin(const offload__cuda_api* api, offload__CUfunction spin, offload__CUstream stream, uint64_t ns) {
    size_t size = sizeof ns;
    void* extra[] = {OFFLOAD__CU_LAUNCH_PARAM_BUFFER_POINTER, &ns, OFFLOAD__CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                     OFFLOAD__CU_LAUNCH_PARAM_END};
    CU_OK(api->cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, stream, NULL, extra));
}

/* One raw launch of spin_ns(ns) and its wait; the side's context is current. */
static void raw_spin_once(perf* p, raw_side* s, uint64_t ns) {
    const offload__cuda_api* api = p->api;
    launch_spin(api, s->spin, s->stream, ns);
    switch (s->wait) {
    case RAW_STREAM_SYNCHRONIZE:
        CU_OK(api->cuStreamSynchronize(s->stream));
        break;
    case RAW_QUERY_SPIN: {
        offload__CUresult rc;
        while ((rc = api->cuStreamQuery(s->stream)) == PERF_CUDA_ERROR_NOT_READY) {
        }
        CU_OK(rc);
        break;
    }
    case RAW_BLOCKING_EVENT:
        CU_OK(api->cuEventRecord(s->event, s->stream));
        CU_OK(api->cuEventSynchronize(s->event));
        break;
    }
}

static void ours_spin_once(perf* p, uint64_t ns) {
    offload_launch_desc d = {{1, 1, 1}, {1, 1, 1}, 0, &ns, sizeof ns};
    OK(p->ctx, offload_launch(p->ctx, (offload_queue){0}, p->spin, &d));
}

/* ---- Waits ------------------------------------------------------------------------------- */

enum { SIDE_OURS, SIDE_SPIN, SIDE_BLOCKING, SIDES };

typedef struct wait_samples {
    uint64_t* wall;
    int n;
    uint64_t wall_total, cpu_total, rusage_total;
} wait_samples;

/* Runs `block` launch+waits of spin_ns(ns) on one side, recording each (warm-up: not recorded). */
static void wait_block(perf* p, int side, uint64_t ns, int block, wait_samples* out, int record) {
    raw_side* s = side == SIDE_SPIN ? &p->spin_side : side == SIDE_BLOCKING ? &p->blocking_side : NULL;
    offload__CUcontext popped;
    if (s) CU_OK(p->api->cuCtxPushCurrent_v2(s->context));
    uint64_t r0 = rusage_ns();
    for (int i = 0; i < block; i++) {
        uint64_t c0 = cpu_now_ns();
        uint64_t t0 = test_now_ns();
        if (s)
            raw_spin_once(p, s, ns);
        else
            ours_spin_once(p, ns);
        uint64_t t1 = test_now_ns();
        uint64_t c1 = cpu_now_ns();
        if (!record) continue;
        out->wall[out->n++] = t1 - t0;
        out->wall_total += t1 - t0;
        out->cpu_total += c1 - c0;
    }
    if (record) out->rusage_total += rusage_ns() - r0;
    if (s) CU_OK(p->api->cuCtxPopCurrent_v2(&popped));
}

/* The kernel's own duration on the GPU, from events in the spin side's context. */
static double kernel_us(perf* p, uint64_t ns) {
    const offload__cuda_api* api = p->api;
    raw_side* s = &p->spin_side;
    offload__CUevent a, b;
    offload__CUcontext popped;
    float ms = 0;
    CU_OK(api->cuCtxPushCurrent_v2(s->context));
    CU_OK(api->cuEventCreate(&a, OFFLOAD__CU_EVENT_DEFAULT));
    CU_OK(api->cuEventCreate(&b, OFFLOAD__CU_EVENT_DEFAULT));
    CU_OK(api->cuEventRecord(a, s->stream));
    launch_spin(api, s->spin, s->stream, ns);
    CU_OK(api->cuEventRecord(b, s->stream));
    CU_OK(api->cuStreamSynchronize(s->stream));
    CU_OK(api->cuEventElapsedTime_v2(&ms, a, b));
    CU_OK(api->cuEventDestroy_v2(a));
    CU_OK(api->cuEventDestroy_v2(b));
    CU_OK(api->cuCtxPopCurrent_v2(&popped));
    return (double)ms * 1e3;
}

/* One kernel duration: `rounds` rounds, each a block of every side in turn (blocks, not single
   launches, so that the GPU's switches between the three contexts fall on the first launch of a
   block, not on every one), after one unrecorded block per side. Prints the figures `label`_*;
   on a busy host (bench/busy.h: two spinning threads per core, which the process CPU time counts
   too) only the latencies. */
static void measure_waits(perf* p, const char* label, uint64_t ns, int rounds, int block, int busy) {
    if (p->quick) rounds = 1, block = 2;
    wait_samples w[SIDES];
    memset(w, 0, sizeof w);
    for (int side = 0; side < SIDES; side++) {
        w[side].wall = (uint64_t*)calloc((size_t)(rounds * block), sizeof(uint64_t));
        if (!w[side].wall) {
            printf("perf_gpu: out of memory\n");
            exit(1);
        }
        wait_block(p, side, ns, block, &w[side], 0);
    }
    for (int r = 0; r < rounds; r++)
        for (int side = 0; side < SIDES; side++) wait_block(p, side, ns, block, &w[side], 1);
    double med[SIDES], p90[SIDES], cpu[SIDES], rus[SIDES];
    for (int side = 0; side < SIDES; side++) {
        med[side] = percentile(w[side].wall, w[side].n, 50) / 1e3;
        p90[side] = percentile(w[side].wall, w[side].n, 90) / 1e3;
        cpu[side] = (double)w[side].cpu_total / (double)w[side].wall_total;
        rus[side] = (double)w[side].rusage_total / (double)w[side].wall_total;
    }
    int n = w[SIDE_OURS].n;
    double gpu = kernel_us(p, ns);
    printf("# %s kernel: spin_ns(%llu) takes %.1f us on the GPU (events)\n", label, (unsigned long long)ns, gpu);
    printf("# %s wait, median/p90 us: ours %.1f/%.1f, raw spin-context %.1f/%.1f, raw blocking-sync-context "
           "%.1f/%.1f (%d each)\n",
           label, med[SIDE_OURS], p90[SIDE_OURS], med[SIDE_SPIN], p90[SIDE_SPIN], med[SIDE_BLOCKING],
           p90[SIDE_BLOCKING], n);
    if (!busy)
        printf("# %s wait, process CPU time / wall time: ours %.3f (getrusage %.3f), raw spin %.3f (%.3f), raw "
               "blocking %.3f (%.3f)\n",
               label, cpu[SIDE_OURS], rus[SIDE_OURS], cpu[SIDE_SPIN], rus[SIDE_SPIN], cpu[SIDE_BLOCKING],
               rus[SIDE_BLOCKING]);
    printf("figure wait_%s_latency_ratio %.3f ours/raw spin-context, medians %.1f/%.1f us of %d\n", label,
           med[SIDE_OURS] / med[SIDE_SPIN], med[SIDE_OURS], med[SIDE_SPIN], n);
    printf("figure wait_%s_vs_blocking_ratio %.3f ours/raw blocking-sync-context, medians %.1f/%.1f us of %d\n", label,
           med[SIDE_OURS] / med[SIDE_BLOCKING], med[SIDE_OURS], med[SIDE_BLOCKING], n);
    printf("figure wait_%s_latency_delta_us %.1f ours - raw blocking-sync-context, medians %.1f - %.1f us of %d\n",
           label, med[SIDE_OURS] - med[SIDE_BLOCKING], med[SIDE_OURS], med[SIDE_BLOCKING], n);
    if (!busy) {
        printf("figure wait_%s_cpu_fraction %.3f process CPU / wall over our %d waits (getrusage %.3f; raw spin "
               "%.3f, raw blocking %.3f)\n",
               label, cpu[SIDE_OURS], n, rus[SIDE_OURS], cpu[SIDE_SPIN], cpu[SIDE_BLOCKING]);
        printf("figure wait_%s_raw_blocking_cpu_fraction %.3f process CPU / wall, raw blocking-sync-context\n", label,
               cpu[SIDE_BLOCKING]);
    }
    fflush(stdout);
    for (int side = 0; side < SIDES; side++) free(w[side].wall);
}

/* ---- Queued launches --------------------------------------------------------------------- */

static uint64_t queued_ours(perf* p, offload_queue q, int launches) {
    offload_launch_desc d = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
    uint64_t t0 = test_now_ns();
    for (int i = 0; i < launches; i++) OK(p->ctx, offload_launch(p->ctx, q, p->empty, &d));
    OK(p->ctx, offload_queue_synchronize(p->ctx, q));
    return test_now_ns() - t0;
}

/* The primary context is current. */
static uint64_t queued_raw(perf* p, offload__CUstream stream, int launches) {
    uint64_t t0 = test_now_ns();
    for (int i = 0; i < launches; i++)
        CU_OK(p->api->cuLaunchKernel(p->empty_raw, 1, 1, 1, 1, 1, 1, 0, stream, NULL, NULL));
    CU_OK(p->api->cuStreamSynchronize(stream));
    return test_now_ns() - t0;
}

static void measure_queued(perf* p) {
    offload_queue q;
    OK(p->ctx, offload_queue_create(p->ctx, p->dev, &q));
    queued_ours(p, q, p->launches / 10);
    queued_raw(p, p->stream, p->launches / 10);
    uint64_t ours[QUEUED_ROUNDS], raw[QUEUED_ROUNDS];
    for (int r = 0; r < QUEUED_ROUNDS; r++) {
        ours[r] = queued_ours(p, q, p->launches);
        raw[r] = queued_raw(p, p->stream, p->launches);
    }
    double o = p->launches / (percentile(ours, QUEUED_ROUNDS, 50) / 1e9);
    double w = p->launches / (percentile(raw, QUEUED_ROUNDS, 50) / 1e9);
    printf("figure launch_queued_ratio %.3f ours/raw launches per second, %.0f/%.0f (%d empty kernels on a "
           "queue, median of %d)\n",
           o / w, o, w, p->launches, QUEUED_ROUNDS);
    fflush(stdout);
    OK(p->ctx, offload_queue_destroy(p->ctx, q));
}

/* ---- Small copies ------------------------------------------------------------------------ */

static void measure_copies(perf* p, size_t size, const char* label) {
    void* device = NULL;
    OK(p->ctx, offload_mem_alloc(p->ctx, p->dev, OFFLOAD_MEM_DEVICE, size, &device));
    offload__CUdeviceptr d = (offload__CUdeviceptr)(uintptr_t)device;
    unsigned char* buffer = (unsigned char*)malloc(size); /* pageable, as most callers' */
    uint64_t* t[4];
    for (int k = 0; k < 4; k++) t[k] = (uint64_t*)calloc((size_t)p->copy_reps, sizeof(uint64_t));
    if (!buffer || !t[0] || !t[1] || !t[2] || !t[3]) {
        printf("perf_gpu: out of memory\n");
        exit(1);
    }
    memset(buffer, 5, size);
    for (int round = 0; round < 2; round++) { /* round 0 warms up */
        int reps = round ? p->copy_reps : p->copy_reps / 10;
        for (int i = 0; i < reps; i++) {
            uint64_t t0 = test_now_ns();
            OK(p->ctx, offload_memcpy(p->ctx, p->dev, device, p->host, buffer, size));
            uint64_t t1 = test_now_ns();
            CU_OK(p->api->cuMemcpyHtoD_v2(d, buffer, size));
            uint64_t t2 = test_now_ns();
            OK(p->ctx, offload_memcpy(p->ctx, p->host, buffer, p->dev, device, size));
            uint64_t t3 = test_now_ns();
            CU_OK(p->api->cuMemcpyDtoH_v2(buffer, d, size));
            uint64_t t4 = test_now_ns();
            t[0][i] = t1 - t0, t[1][i] = t2 - t1, t[2][i] = t3 - t2, t[3][i] = t4 - t3;
        }
    }
    double m[4];
    for (int k = 0; k < 4; k++) m[k] = percentile(t[k], p->copy_reps, 50) / 1e3;
    printf("figure copy_h2d_%s_ratio %.3f ours/raw (cuMemcpyHtoD_v2), medians %.2f/%.2f us of %d, pageable\n", label,
           m[0] / m[1], m[0], m[1], p->copy_reps);
    printf("figure copy_d2h_%s_ratio %.3f ours/raw (cuMemcpyDtoH_v2), medians %.2f/%.2f us of %d, pageable\n", label,
           m[2] / m[3], m[2], m[3], p->copy_reps);
    fflush(stdout);
    for (int k = 0; k < 4; k++) free(t[k]);
    free(buffer);
    OK(p->ctx, offload_mem_free(p->ctx, device));
}

/* ---- Threads ----------------------------------------------------------------------------- */

typedef struct worker {
    perf* p;
    int raw;
    int launches;
    offload_queue queue;
    offload__CUstream stream;
    pthread_barrier_t* start;
    uint64_t end_ns;
    pthread_t thread;
} worker;

static void* worker_main(void* arg) {
    worker* w = (worker*)arg;
    perf* p = w->p;
    offload__CUcontext popped;
    if (w->raw) CU_OK(p->api->cuCtxPushCurrent_v2(p->primary)); /* a raw thread needs the context */
    pthread_barrier_wait(w->start);
    if (w->raw) {
        for (int i = 0; i < w->launches; i++)
            CU_OK(p->api->cuLaunchKernel(p->empty_raw, 1, 1, 1, 1, 1, 1, 0, w->stream, NULL, NULL));
        CU_OK(p->api->cuStreamSynchronize(w->stream));
    } else {
        offload_launch_desc d = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
        for (int i = 0; i < w->launches; i++) OK(p->ctx, offload_launch(p->ctx, w->queue, p->empty, &d));
        OK(p->ctx, offload_queue_synchronize(p->ctx, w->queue));
    }
    w->end_ns = test_now_ns();
    if (w->raw) CU_OK(p->api->cuCtxPopCurrent_v2(&popped));
    return NULL;
}

/* Launches per second of `threads` worker threads queueing p->launches kernels together. */
static double threaded_rate(perf* p, worker* workers, int threads, int raw) {
    pthread_barrier_t start;
    if (pthread_barrier_init(&start, NULL, (unsigned)threads + 1) != 0) {
        printf("perf_gpu: pthread_barrier_init failed\n");
        exit(1);
    }
    for (int i = 0; i < threads; i++) {
        workers[i].p = p;
        workers[i].raw = raw;
        workers[i].launches = p->launches / threads;
        workers[i].start = &start;
        if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0) {
            printf("perf_gpu: pthread_create failed\n");
            exit(1);
        }
    }
    pthread_barrier_wait(&start);
    uint64_t t0 = test_now_ns(), end = t0;
    for (int i = 0; i < threads; i++) {
        pthread_join(workers[i].thread, NULL);
        if (workers[i].end_ns > end) end = workers[i].end_ns;
    }
    pthread_barrier_destroy(&start);
    return (double)(p->launches / threads * threads) / ((double)(end - t0) / 1e9);
}

static double median_rate(double* rates, int n) {
    uint64_t v[THREAD_ROUNDS];
    for (int i = 0; i < n; i++) v[i] = (uint64_t)rates[i];
    return percentile(v, n, 50);
}

static void measure_threads(perf* p) {
    worker workers[THREADS];
    memset(workers, 0, sizeof workers);
    for (int i = 0; i < THREADS; i++) {
        OK(p->ctx, offload_queue_create(p->ctx, p->dev, &workers[i].queue));
        CU_OK(p->api->cuStreamCreate(&workers[i].stream, OFFLOAD__CU_STREAM_NON_BLOCKING));
    }
    threaded_rate(p, workers, THREADS, 0); /* warm-up: every queue and stream once */
    threaded_rate(p, workers, THREADS, 1);
    double rate[2][2][THREAD_ROUNDS]; /* [one thread or four][ours or raw] */
    for (int r = 0; r < THREAD_ROUNDS; r++)
        for (int four = 0; four < 2; four++)
            for (int raw = 0; raw < 2; raw++) rate[four][raw][r] = threaded_rate(p, workers, four ? THREADS : 1, raw);
    double ours1 = median_rate(rate[0][0], THREAD_ROUNDS), raw1 = median_rate(rate[0][1], THREAD_ROUNDS);
    double ours4 = median_rate(rate[1][0], THREAD_ROUNDS), raw4 = median_rate(rate[1][1], THREAD_ROUNDS);
    printf("# launches per second, 1 thread / %d threads (each its own queue or stream, median of %d): ours "
           "%.0f/%.0f, raw %.0f/%.0f\n",
           THREADS, THREAD_ROUNDS, ours1, ours4, raw1, raw4);
    printf("figure launch_threads4_ratio %.3f ours/raw launches per second from %d threads together, %.0f/%.0f\n",
           ours4 / raw4, THREADS, ours4, raw4);
    printf("figure launch_threads4_scaling %.3f (ours %d threads / 1 thread) / (raw %d threads / 1 thread) = "
           "%.2f / %.2f\n",
           (ours4 / ours1) / (raw4 / raw1), THREADS, THREADS, ours4 / ours1, raw4 / raw1);
    fflush(stdout);
    for (int i = 0; i < THREADS; i++) {
        OK(p->ctx, offload_queue_destroy(p->ctx, workers[i].queue));
        CU_OK(p->api->cuStreamDestroy_v2(workers[i].stream));
    }
}

/* ---- On the simulated driver (tests/sim/cuda_sim.c): the kernels as host functions -------
   Only to try this program where there is no GPU: the figures then measure nothing real. */

static void empty_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user_data) {
    (void)args, (void)args_size, (void)grid, (void)block, (void)shared, (void)user_data;
}

static void spin_ns_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                         size_t shared, void* user_data) {
    (void)grid, (void)block, (void)shared, (void)user_data;
    uint64_t ns = 0;
    if (args_size >= sizeof ns) memcpy(&ns, args, sizeof ns);
    uint64_t end = test_now_ns() + ns;
    while (test_now_ns() < end) {
    }
}

static void register_simulated_kernels(void* library) {
    int (*register_kernel)(const char*, void (*)(const void*, size_t, const unsigned*, const unsigned*, size_t, void*),
                           void*);
    if (!bind(library, "cuda_sim_register_kernel", &register_kernel)) return;
    register_kernel("empty", empty_impl, NULL);
    register_kernel("spin_ns", spin_ns_impl, NULL);
    printf("# simulated driver: the kernels are host functions, the figures mean nothing\n");
}

/* ---- Main -------------------------------------------------------------------------------- */

int main(int argc, char** argv) {
    const char* library = argc > 1 ? argv[1] : "libcuda.so.1";
    const char* ptx_path = argc > 2 ? argv[2] : "tests/gpu/perf_gpu.ptx";
    perf p;
    memset(&p, 0, sizeof p);
    p.quick = argc > 3 && strcmp(argv[3], "--quick") == 0;
    p.launches = p.quick ? 1000 : 100000;
    p.copy_reps = p.quick ? 20 : 2000;
    size_t ptx_size = 0;
    char* ptx = test_read_file(ptx_path, &ptx_size); /* NUL-terminated: the driver takes a C string */
    if (!ptx) {
        printf("perf_gpu: cannot read %s\n", ptx_path);
        return 1;
    }
    p.ptx = ptx;
    offload_context_desc desc = {0};
    desc.cuda_library_path = library;
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    if (offload_context_create(&desc, &p.ctx) != OFFLOAD_SUCCESS) {
        printf("perf_gpu: cannot create a context\n");
        return 1;
    }
    offload_backend_status status;
    memset(&status, 0, sizeof status);
    offload_backend_get_status(p.ctx, OFFLOAD_BACKEND_CUDA, &status);
    if (!status.device_count) {
        printf("skipped: no GPU (%s: %s)\n", status.library, status.reason);
        offload_context_destroy(p.ctx);
        free(ptx);
        return 77;
    }
    OK(p.ctx, offload_device_get(p.ctx, 0, &p.host));
    OK(p.ctx, offload_device_get(p.ctx, 1, &p.dev));
    offload_device_info info;
    OK(p.ctx, offload_device_get_info(p.ctx, p.dev, &info));
    printf("# perf_gpu: %s (%s), driver %d; waits of the runtime unbounded (wait_timeout_ms 0)\n", info.name, info.arch,
           status.driver_version);
    void* first = NULL; /* the device opens (retains its primary context) on first use */
    OK(p.ctx, offload_mem_alloc(p.ctx, p.dev, OFFLOAD_MEM_DEVICE, 16, &first));
    OK(p.ctx, offload_mem_free(p.ctx, first));
    offload_test_cuda driver;
    OK(p.ctx, offload_test_cuda_driver(p.ctx, p.dev, &driver));
    p.api = error_api = (const offload__cuda_api*)driver.api;
    p.primary = (offload__CUcontext)driver.context;
    if (!p.primary) {
        printf("perf_gpu: the device has no primary context after its first use\n");
        return 1;
    }
    bind(driver.library, "cuCtxCreate_v2", &p.ctx_create);
    bind(driver.library, "cuCtxGetFlags", &p.ctx_get_flags);
    bind(driver.library, "cuDevicePrimaryCtxGetState", &p.primary_state);
    if (!bind(driver.library, "cuCtxDestroy_v2", &p.ctx_destroy)) p.ctx_create = NULL;
    bind(driver.library, "cuCtxGetDevice", &p.ctx_get_device);
    register_simulated_kernels(driver.library);
    CU_OK(p.api->cuCtxPushCurrent_v2(p.primary)); /* the main thread works in the primary context */
    if (p.ctx_get_device)
        CU_OK(p.ctx_get_device(&p.device));
    else
        CU_OK(p.api->cuDeviceGet(&p.device, 0));
    unsigned int flags = 0;
    int active = 0;
    if (p.primary_state && p.primary_state(p.device, &flags, &active) == 0)
        printf("# primary context (the runtime's): flags 0x%x, active %d\n", flags, active);

    offload_program program;
    OK(p.ctx,
       offload_program_create(p.ctx, p.dev, &(offload_program_desc){.image = ptx, .size = ptx_size + 1}, &program));
    OK(p.ctx, offload_kernel_get(p.ctx, program, "spin_ns", &p.spin));
    OK(p.ctx, offload_kernel_get(p.ctx, program, "empty", &p.empty));
    CU_OK(p.api->cuModuleLoadDataEx(&p.module, ptx, 0, NULL, NULL));
    CU_OK(p.api->cuModuleGetFunction(&p.empty_raw, p.module, "empty"));
    CU_OK(p.api->cuStreamCreate(&p.stream, OFFLOAD__CU_STREAM_NON_BLOCKING));
    raw_side_open(&p, &p.spin_side, "raw spin", PERF_CU_CTX_SCHED_SPIN, RAW_QUERY_SPIN);
    raw_side_open(&p, &p.blocking_side, "raw blocking-sync", PERF_CU_CTX_SCHED_BLOCKING_SYNC, RAW_BLOCKING_EVENT);

    uint64_t t0 = test_now_ns();
    measure_waits(&p, "5us", 5000, 20, 100, 0);
    measure_waits(&p, "2ms", 2000000, 5, 10, 0);
    measure_waits(&p, "100ms", 100000000, 4, 3, 0);
    busy_host busy;
    int spinning = busy_start(&busy); /* as other ranks or builds do on a shared node */
    printf("# a busy host: %d spinning threads\n", spinning);
    measure_waits(&p, "2ms_busy", 2000000, 3, 10, 1);
    busy_stop(&busy);
    printf("# waits measured in %.1f s\n", (double)(test_now_ns() - t0) / 1e9);
    measure_queued(&p);
    measure_copies(&p, 4, "4b");
    measure_copies(&p, 4096, "4k");
    measure_threads(&p);
    printf("# all measured in %.1f s\n", (double)(test_now_ns() - t0) / 1e9);

    raw_side_close(&p, &p.spin_side);
    raw_side_close(&p, &p.blocking_side);
    CU_OK(p.api->cuStreamDestroy_v2(p.stream));
    CU_OK(p.api->cuModuleUnload(p.module));
    offload__CUcontext popped;
    CU_OK(p.api->cuCtxPopCurrent_v2(&popped));
    OK(p.ctx, offload_program_destroy(p.ctx, program));
    offload_context_destroy(p.ctx);
    free(ptx);
    printf("perf_gpu: done\n");
    return 0;
}
