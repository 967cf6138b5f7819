/* tests/omp/data_regions.c — target data, enter/exit data, update to/from, reference counts:
   data stays on the device across regions and moves only when asked.
   // omp-test: queues   (also run with OFFLOAD_OMP_QUEUES=1) */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
#include <omp.h>
#include <stdio.h>

int main(void) {
    enum { N = 256 };
    int a[N], b[N];
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 0;
    }
    int failures = 0, dev = omp_get_default_device();

#pragma omp target data map(tofrom : a) map(from : b)
    {
#pragma omp target
        for (int i = 0; i < N; i++) a[i] += 1;
        /* Host changes do not reach the device until an update. */
        a[0] = 1000;
#pragma omp target update to(a [0:1])
#pragma omp target
        for (int i = 0; i < N; i++) b[i] = a[i] * 2;
#pragma omp target update from(b)
        printf("inside target data: b[0]=%d b[1]=%d b[255]=%d\n", b[0], b[1], b[N - 1]);
        failures += b[0] != 2000 || b[1] != 4;
    }
    printf("after target data: a[1]=%d b[255]=%d\n", a[1], b[N - 1]);
    failures += a[1] != 2 || b[N - 1] != 512;

    /* Unstructured: enter data twice (reference count 2), exit once leaves it mapped. */
    double c[N];
    for (int i = 0; i < N; i++) c[i] = i;
#pragma omp target enter data map(to : c)
#pragma omp target enter data map(to : c)
    printf("present after two enters: %d\n", omp_target_is_present(c, dev));
#pragma omp target
    for (int i = 0; i < N; i++) c[i] *= 10;
#pragma omp target exit data map(release : c)
    printf("present after one release: %d, host c[3]=%.0f\n", omp_target_is_present(c, dev), c[3]);
#pragma omp target exit data map(from : c)
    printf("present after exit from: %d, host c[3]=%.0f\n", omp_target_is_present(c, dev), c[3]);
    failures += c[3] != 30.0 || omp_target_is_present(c, dev);

    /* exit data delete drops the device copy without copying back. */
    int d[4] = {1, 2, 3, 4};
#pragma omp target enter data map(to : d)
#pragma omp target
    d[0] = 99;
#pragma omp target exit data map(delete : d)
    printf("after delete: d[0]=%d present=%d\n", d[0], omp_target_is_present(d, dev));
    failures += d[0] != 1;

    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
