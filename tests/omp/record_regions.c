/* tests/omp/record_regions.c — the program compat/omptarget.sh records on the runtime's plugin
   (OFFLOAD_RECORD_DIR) and replays region by region with offload-replay --verify: mapped
   arrays, a firstprivate scalar, data kept on the device between regions, a teams reduction,
   device memory from omp_target_alloc, and a declare target variable the regions update. */
// omp-test: record
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int region_count = 0;
#pragma omp end declare target

int main(void) {
    enum { N = 2048 };
    static float x[N], y[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    float a = 3.0f;
    int failures = 0;

#pragma omp target map(to : x) map(tofrom : y) firstprivate(a)
    {
        for (int i = 0; i < N; i++) y[i] += a * x[i];
        region_count++;
    }

#pragma omp target enter data map(to : x)
#pragma omp target
    {
        for (int i = 0; i < N; i++) x[i] = x[i] * 0.5f;
        region_count++;
    }
    double sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum)
    for (int i = 0; i < N; i++) sum += x[i];
#pragma omp target exit data map(from : x)

    int dev = omp_get_default_device();
    int* d = (int*)omp_target_alloc(N * sizeof(int), dev);
#pragma omp target is_device_ptr(d)
    {
        for (int i = 0; i < N; i++) d[i] = i ^ 0x55;
        region_count++;
    }
    int h[N];
    omp_target_memcpy(h, d, sizeof h, 0, 0, omp_get_initial_device(), dev);
    omp_target_free(d, dev);
#pragma omp target update from(region_count)

    printf("y[2047]=%.1f sum=%.1f h[100]=%d regions=%d\n", y[N - 1], sum, h[100], region_count);
    failures += y[N - 1] != 1.0f + 3.0f * 2047 || sum != 1048064.0 || h[100] != (100 ^ 0x55) || region_count != 3;
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
