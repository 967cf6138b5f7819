/* tests/omp/nowait_depend.c — target nowait with depend chains (in, out, inout), independent
   regions in flight together, taskwait, and a nowait region inside a parallel single.
   // omp-test: queues   (also run with OFFLOAD_OMP_QUEUES=1) */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
#include <stdio.h>

enum { N = 10000 };
static double a[N], b[N], c[N];

int main(void) {
    int failures = 0;
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 0;
        c[i] = 0;
    }

    /* a -> b -> c, each stage depending on the last; d runs independently meanwhile. */
    double d_total = 0;
#pragma omp target map(tofrom : a) nowait depend(out : a)
    for (int i = 0; i < N; i++) a[i] += 1;
#pragma omp target map(to : a) map(from : b) nowait depend(in : a) depend(out : b)
    for (int i = 0; i < N; i++) b[i] = a[i] * 2;
#pragma omp target map(to : b) map(from : c) nowait depend(in : b) depend(out : c)
    for (int i = 0; i < N; i++) c[i] = b[i] + 0.5;
#pragma omp target map(tofrom : d_total) nowait
    for (int i = 0; i < 1000; i++) d_total += 1;
#pragma omp taskwait
    printf("chain: c[0]=%.1f c[9999]=%.1f, independent: %.0f\n", c[0], c[N - 1], d_total);
    failures += c[0] != 2.5 || c[N - 1] != 20000.5 || d_total != 1000;

    /* inout: eight increments in order. */
    int x = 0;
    for (int k = 0; k < 8; k++) {
#pragma omp target map(tofrom : x) nowait depend(inout : x) firstprivate(k)
        x = x * 2 + k;
    }
#pragma omp taskwait
    printf("inout chain: x=%d\n", x);
    failures += x != 247;

    /* Regions launched from a parallel single, as tasks. */
    int parts[16] = {0};
#pragma omp parallel num_threads(4)
#pragma omp single
    for (int t = 0; t < 16; t++) {
#pragma omp target map(tofrom : parts [t:1]) nowait firstprivate(t)
        parts[t] = t * t;
    }
    int s = 0;
    for (int t = 0; t < 16; t++) s += parts[t];
    printf("tasks from single: sum=%d\n", s);
    failures += s != 1240;

    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
