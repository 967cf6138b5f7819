/* tests/data/cudart/rdc/main.c — the C host program of the -rdc test: C code calling the CUDA
   runtime and a host function of a .cu file, checked against a C reference. */
#include <cuda_runtime_api.h>
#include <stdio.h>

int scale_on_device(float* host, int n, float factor);

int main(void) {
    enum { N = 300 };
    float data[N];
    for (int i = 0; i < N; i++) data[i] = (float)i;
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
        printf("FAIL rdc: no device\n");
        return 1;
    }
    int calls = scale_on_device(data, N, 0.5f);
    int wrong = 0;
    for (int i = 0; i < N; i++) wrong += data[i] != (float)i * 0.5f + 1.0f;
    if (wrong || calls != N) {
        printf("FAIL rdc: %d wrong, %d calls counted\n", wrong, calls);
        return 1;
    }
    printf("ok rdc\n");
    return 0;
}
