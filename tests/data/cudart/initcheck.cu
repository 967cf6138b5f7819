/* tests/data/cudart/initcheck.cu — the host device's initcheck on a CUDA program (it runs on the
   host device: OFFLOAD_CUDART_DEVICE=host): a kernel reads a cudaMalloc'd array of which the
   program copied in all but the last element, the launch fails with initcheck's report naming the
   first unwritten byte (which the layer prints to stderr, as compute-sanitizer does), and after cudaDeviceReset the same program with the whole array copied
   runs clean, as does one whose array a cudaMemset wrote. */
#include "check.h"
#include <stdlib.h>
#include <string.h>

extern "C" const char* offloadCudartLastMessage(void);

__global__ void sum_all(const int* in, int n, int* total) {
    int s = 0;
    for (int i = 0; i < n; i++) s += in[i];
    *total = s;
}

static char failure[512]; /* the layer's message for the launch's failure */

static cudaError_t run(int copied, int use_memset, int* total) {
    enum { N = 64 };
    int host[N];
    for (int i = 0; i < N; i++) host[i] = i;
    int *in = NULL, *d_total = NULL;
    CUDA_OK(cudaMalloc(&in, N * sizeof(int)));
    CUDA_OK(cudaMalloc(&d_total, sizeof(int)));
    if (use_memset) CUDA_OK(cudaMemset(in, 0, N * sizeof(int)));
    CUDA_OK(cudaMemcpy(in, host, copied * sizeof(int), cudaMemcpyHostToDevice));
    sum_all<<<1, 1>>>(in, N, d_total);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) snprintf(failure, sizeof failure, "%s", offloadCudartLastMessage());
    if (e == cudaSuccess) CUDA_OK(cudaMemcpy(total, d_total, sizeof(int), cudaMemcpyDeviceToHost));
    cudaFree(in);
    cudaFree(d_total);
    return e;
}

int main(void) {
    setenv("OFFLOAD_HOST_CHECK", "initcheck", 1); /* before the first call opens the runtime */
    int total = -1;
    CHECK(run(63, 0, &total) == cudaErrorLaunchFailure);
    if (!strstr(failure, "its byte 252")) fprintf(stderr, "  the message: %s\n", failure);
    CHECK(strstr(failure, "initcheck:") && strstr(failure, "sum_all") &&
          strstr(failure, "its byte 252 was never written"));
    CUDA_OK(cudaDeviceReset());
    CHECK(cudaGetLastError() == cudaSuccess);
    CUDA_OK(run(64, 0, &total));
    CHECK(total == 63 * 64 / 2);
    CUDA_OK(run(0, 1, &total));
    CHECK(total == 0);
    return report("initcheck");
}
