/* bench/stats.h — what the benchmarks that time whole operations in milliseconds share: a
   monotonic clock and the median of a set of measurements (which it sorts). */
#ifndef OFFLOAD_BENCH_STATS_H
#define OFFLOAD_BENCH_STATS_H

#include <stdlib.h>
#include <time.h>

static __attribute__((unused)) double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int compare_doubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

/* The upper median of n values (n >= 1). */
static __attribute__((unused)) double median(double* v, int n) {
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return v[n / 2];
}

#endif
