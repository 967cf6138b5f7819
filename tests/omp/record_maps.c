/* tests/omp/record_maps.c — recorded on the runtime's plugin and replayed entry by entry
   (compat/omptarget.sh, `omp-test: record`): every map type (to, from, tofrom, alloc, always,
   release, delete), array sections of heap memory, a mapped struct, a declare target array and
   scalar (read in regions and mapped explicitly, so a region's argument points into the image's
   globals), firstprivate scalars and arrays, nowait regions with depend, and target data /
   enter data / exit data / update with use_device_ptr. */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
// omp-test: record
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
int table[64];
double scale = 2.0;
#pragma omp end declare target

typedef struct {
    int n;
    double w[8];
} params;

int main(void) {
    enum { N = 1000 };
    int failures = 0;
    double* a = malloc(N * sizeof *a);
    double* b = malloc(N * sizeof *b);
    double* c = malloc(N * sizeof *c);
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 2 * i;
        c[i] = -1;
    }
    for (int i = 0; i < 64; i++) table[i] = i * i;
#pragma omp target update to(table)

    /* to / from / tofrom / alloc in one region; a firstprivate scalar and array. */
    int k = 3;
    int fp[4] = {1, 2, 3, 4};
#pragma omp target map(to : a [0:N]) map(from : c [0:N]) map(tofrom : b [0:N]) firstprivate(k, fp)
    {
        double tmp[16];
        for (int i = 0; i < 16; i++) tmp[i] = i;
        for (int i = 0; i < N; i++) {
            c[i] = a[i] * k + fp[i % 4] + tmp[i % 16] + table[i % 64];
            b[i] += scale;
        }
    }
    for (int i = 0; i < N; i++)
        failures += c[i] != a[i] * 3 + (i % 4 + 1) + (i % 16) + (i % 64) * (i % 64) || b[i] != 2 * i + 2.0;

    /* map(alloc) of a scratch array, and a struct mapped tofrom. */
    params p = {8, {0}};
    double* scratch = malloc(N * sizeof *scratch);
#pragma omp target map(alloc : scratch [0:N]) map(tofrom : p) map(to : a [0:N])
    {
        for (int i = 0; i < N; i++) scratch[i] = a[i] * 0.5;
        for (int j = 0; j < p.n; j++) p.w[j] = scratch[j * 10];
    }
    for (int j = 0; j < 8; j++) failures += p.w[j] != j * 5.0;

        /* The declare target globals mapped explicitly: the region's arguments are their addresses
       in the loaded image. */
#pragma omp target map(tofrom : table, scale)
    {
        for (int i = 0; i < 64; i++) table[i] += 1;
        scale = 4.0;
    }
    /* (a declare target variable is always present: its map does not copy back) */
#pragma omp target update from(table, scale)
    failures += table[10] != 101 || scale != 4.0;

    /* target data with use_device_ptr, enter data / exit data with always, release and delete. */
#pragma omp target data map(tofrom : a [0:N]) map(to : b [0:N])
    {
        double* da = NULL;
#pragma omp target data use_device_ptr(a)
        da = a;
#pragma omp target is_device_ptr(da) map(to : b [0:N])
        for (int i = 0; i < N; i++) da[i] += b[i];
#pragma omp target update from(a [0:N])
        failures += a[7] != 7 + 16;
    }
#pragma omp target enter data map(to : c [0:N]) map(alloc : scratch [0:N])
#pragma omp target
    for (int i = 0; i < N; i++) {
        scratch[i] = c[i];
        c[i] = 1;
    }
#pragma omp target exit data map(always, from : c [0:N]) map(release : scratch [0:N])
    for (int i = 0; i < N; i++) failures += c[i] != 1;
#pragma omp target enter data map(to : scratch [0:N])
#pragma omp target exit data map(delete : scratch [0:N])

    /* nowait regions ordered by depend, then a taskwait. */
    int x = 0, y = 0;
#pragma omp target map(tofrom : x) nowait depend(out : x)
    x = 5;
#pragma omp target map(tofrom : x, y) nowait depend(in : x) depend(out : y)
    y = x * 2;
#pragma omp taskwait
    failures += x != 5 || y != 10;

    free(a);
    free(b);
    free(c);
    free(scratch);
    printf("c[999]=%.1f p.w[7]=%.1f table[10]=%d y=%d\n", c[999], p.w[7], table[10], y);
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
