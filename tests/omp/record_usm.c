/* tests/omp/record_usm.c — `requires unified_shared_memory`: regions get the program's own
   host pointers (no device copies), so a recording holds none of the memory they touch.
   compat/omptarget.sh records it (`omp-test: record-refused`) and requires offload-replay to
   refuse every such entry with a message, never to crash; a region that touches only its
   firstprivate values replays and verifies. */
// omp-test: record-refused
// omp-test: remote-refused   (a remote device cannot share this process's memory)
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

int main(void) {
    enum { N = 512 };
    int failures = 0;
    double* a = malloc(N * sizeof *a);
    double stack[N];
    for (int i = 0; i < N; i++) {
        a[i] = i;
        stack[i] = 1;
    }
#pragma omp target map(tofrom : a [0:N], stack)
    for (int i = 0; i < N; i++) {
        a[i] *= 2;
        stack[i] += a[i];
    }
    for (int i = 0; i < N; i++) failures += a[i] != 2 * i || stack[i] != 1 + 2 * i;
    double* d = omp_target_alloc(N * sizeof *d, omp_get_default_device());
#pragma omp target is_device_ptr(d)
    for (int i = 0; i < N; i++) d[i] = i;
    omp_target_free(d, omp_get_default_device());
    printf("a[511]=%.1f stack[511]=%.1f\n", a[N - 1], stack[N - 1]);
    free(a);
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
