/* tests/omp/region_in_library.c — a target region (and a declare target variable) inside a
   shared library, called from a program that has target regions of its own: two images.
   // omp-test: library   (compat/omptarget.sh builds the OMP_LIBRARY half as lib<name>.so) */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
#include <stdio.h>

int library_saxpy(int n, float a, const float* x, float* y);
int library_calls(void);

#ifdef OMP_LIBRARY
#pragma omp declare target
int library_counter = 0;
#pragma omp end declare target

int library_saxpy(int n, float a, const float* x, float* y) {
#pragma omp target map(to : x [0:n]) map(tofrom : y [0:n])
    {
        for (int i = 0; i < n; i++) y[i] += a * x[i];
        library_counter++;
    }
    return 0;
}

int library_calls(void) {
#pragma omp target update from(library_counter)
    return library_counter;
}
#else
int main(void) {
    enum { N = 512 };
    float x[N], y[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    library_saxpy(N, 2.0f, x, y);
    library_saxpy(N, 0.5f, x, y);
    int local = 0;
#pragma omp target map(tofrom : local)
    local = 41 + 1;
    int calls = library_calls();
    printf("y[0]=%.1f y[511]=%.1f library regions=%d program region=%d\n", y[0], y[N - 1], calls, local);
    int failures = y[N - 1] != 1.0f + 2.5f * 511 || calls != 2 || local != 42;
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures;
}
#endif
