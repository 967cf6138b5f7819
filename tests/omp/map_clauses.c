/* tests/omp/map_clauses.c — target regions with map(to/from/tofrom/alloc) on scalars, arrays,
   array sections and a struct, firstprivate and private; prints what the host sees after each.
   // omp-test: queues   (also run with OFFLOAD_OMP_QUEUES=1) */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
#include <stdio.h>
#include <stdlib.h>

typedef struct pair {
    int key;
    double value;
} pair;

int main(void) {
    enum { N = 1000 };
    int in[N], out[N], both[N];
    for (int i = 0; i < N; i++) {
        in[i] = i;
        out[i] = -1;
        both[i] = 2 * i;
    }
    int failures = 0;

#pragma omp target map(to : in) map(from : out) map(tofrom : both)
    for (int i = 0; i < N; i++) {
        out[i] = in[i] * 3;
        both[i] += in[i];
    }
    long sum_out = 0, sum_both = 0;
    for (int i = 0; i < N; i++) {
        sum_out += out[i];
        sum_both += both[i];
        failures += out[i] != 3 * i || both[i] != 3 * i;
    }
    printf("to/from/tofrom: sum(out)=%ld sum(both)=%ld\n", sum_out, sum_both);

    /* alloc: device scratch that never travels; from: only the result comes back. */
    int scratch[N], total = 0;
#pragma omp target map(alloc : scratch) map(to : in) map(from : total)
    {
        for (int i = 0; i < N; i++) scratch[i] = in[i] % 7;
        total = 0;
        for (int i = 0; i < N; i++) total += scratch[i];
    }
    printf("alloc scratch: total=%d\n", total);
    failures += total != 2997;

    /* An array section of a heap array, mapped tofrom: only [100, 200) changes. */
    double* heap = malloc(N * sizeof *heap);
    for (int i = 0; i < N; i++) heap[i] = i * 0.5;
#pragma omp target map(tofrom : heap [100:100])
    for (int i = 100; i < 200; i++) heap[i] = -heap[i];
    printf("section: heap[99]=%.1f heap[100]=%.1f heap[199]=%.1f heap[200]=%.1f\n", heap[99], heap[100], heap[199],
           heap[200]);
    failures += heap[100] != -50.0 || heap[200] != 100.0;
    free(heap);

    /* Scalars: firstprivate by default, tofrom when mapped; a struct tofrom. */
    int scale = 4, counter = 10;
    pair p = {7, 1.5};
#pragma omp target map(tofrom : counter, p) firstprivate(scale)
    {
        counter += scale;
        p.key *= scale;
        p.value += scale;
        scale = 0; /* firstprivate: not seen by the host */
    }
    printf("scalars: counter=%d scale=%d pair={%d, %.1f}\n", counter, scale, p.key, p.value);
    failures += counter != 14 || scale != 4 || p.key != 28;

    /* Arguments that reach the plugin as NULL bases: a firstprivate 0 (passed by value) and a NULL
       is_device_ptr pointer (the plugin once computed NULL + offset: undefined behaviour). */
    int zero = 0, seen = -1;
    int* none = NULL;
#pragma omp target map(from : seen) firstprivate(zero) is_device_ptr(none)
    seen = zero + (none == NULL);
    printf("null arguments: seen=%d\n", seen);
    failures += seen != 1;

    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
