/* tests/omp/device_ptr.c — omp_target_alloc/memcpy/free, is_device_ptr, use_device_ptr,
   omp_target_memcpy_rect and omp_target_is_present.
   // omp-test: queues   (also run with OFFLOAD_OMP_QUEUES=1) */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    enum { N = 4096 };
    int dev = omp_get_default_device(), host = omp_get_initial_device(), failures = 0;
    int* d = (int*)omp_target_alloc(N * sizeof(int), dev);
    printf("alloc: %s\n", d ? "ok" : "NULL");
    if (!d) return 1;
    int h[N];
    for (int i = 0; i < N; i++) h[i] = i;
    failures += omp_target_memcpy(d, h, N * sizeof(int), 0, 0, dev, host) != 0;
#pragma omp target is_device_ptr(d)
    for (int i = 0; i < N; i++) d[i] = d[i] * 2 + 1;
    memset(h, 0, sizeof h);
    failures += omp_target_memcpy(h, d, N * sizeof(int), 0, 0, host, dev) != 0;
    printf("is_device_ptr: h[0]=%d h[4095]=%d\n", h[0], h[N - 1]);
    failures += h[0] != 1 || h[N - 1] != 8191;

    /* Offsets on both sides. */
    failures += omp_target_memcpy(h, d, 16, 8, 4 * sizeof(int), host, dev) != 0;
    printf("offset copy: h[2]=%d h[5]=%d\n", h[2], h[5]);
    failures += h[2] != 9 || h[5] != 15;

    /* A 2-D sub-rectangle. */
    int grid[6][5], sub[2][3];
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++) grid[i][j] = 10 * i + j;
    int* dg = (int*)omp_target_alloc(sizeof grid, dev);
    failures += omp_target_memcpy(dg, grid, sizeof grid, 0, 0, dev, host) != 0;
    size_t volume[2] = {2, 3}, dst_off[2] = {0, 0}, src_off[2] = {3, 1}, dst_dims[2] = {2, 3}, src_dims[2] = {6, 5};
    failures +=
        omp_target_memcpy_rect(sub, dg, sizeof(int), 2, volume, dst_off, src_off, dst_dims, src_dims, host, dev) != 0;
    printf("rect: %d %d %d / %d %d %d\n", sub[0][0], sub[0][1], sub[0][2], sub[1][0], sub[1][1], sub[1][2]);
    failures += sub[1][2] != 43;
    omp_target_free(dg, dev);

    /* use_device_ptr hands the device address of mapped data to the host code. */
    int mapped[8] = {0};
    int *mp = mapped, *seen = NULL;
#pragma omp target data map(tofrom : mp [0:8])
    {
#pragma omp target data use_device_ptr(mp)
        seen = mp;
#pragma omp target is_device_ptr(seen)
        seen[3] = 33;
    }
    printf("use_device_ptr: mapped[3]=%d\n", mapped[3]);
    failures += mapped[3] != 33;

    printf("present(unmapped host array): %d\n", omp_target_is_present(h, dev));
    omp_target_free(d, dev);
    omp_target_free(NULL, dev);
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
