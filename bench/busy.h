/* bench/busy.h — a busy host for the benchmarks' *_busy figures: two CPU-bound threads per core
   run beside the measurement, as other builds, other ranks or other programs do on every shared
   machine, so that waits which spin or yield instead of blocking show what they cost there.
   busy_start() starts them, busy_stop() stops and joins them. */
#ifndef OFFLOAD_BENCH_BUSY_H
#define OFFLOAD_BENCH_BUSY_H

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

enum { BUSY_MAX_THREADS = 256 };

typedef struct busy_host {
    atomic_int stop;
    int count;
    pthread_t threads[BUSY_MAX_THREADS];
} busy_host;

static void* busy_spin(void* arg) {
    busy_host* b = (busy_host*)arg;
    volatile unsigned long work = 0;
    while (!atomic_load_explicit(&b->stop, memory_order_relaxed)) work++;
    return NULL;
}

/* Two spinning threads per online core; returns how many started. */
static int busy_start(busy_host* b) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int want = (int)(cores > 0 ? 2 * cores : 2);
    if (want > BUSY_MAX_THREADS) want = BUSY_MAX_THREADS;
    atomic_store(&b->stop, 0);
    b->count = 0;
    while (b->count < want && pthread_create(&b->threads[b->count], NULL, busy_spin, b) == 0) b->count++;
    return b->count;
}

static void busy_stop(busy_host* b) {
    atomic_store(&b->stop, 1);
    for (int i = 0; i < b->count; i++) pthread_join(b->threads[i], NULL);
    b->count = 0;
}

#endif
