/* tests/data/cudart/threads.cu — the CUDA runtime layer from several host threads at once: each
   thread launches on its own stream and on the default stream, copies and checks its results;
   the last error is per thread (one thread's failed call leaves another's clean). */
#include "check.h"
#include <pthread.h>

__global__ void iota(int* data, int n, int base) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = base + i;
}

__global__ void twice(int* data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= 2;
}

enum { THREADS = 4, N = 2048, ROUNDS = 20 };

static int thread_failures[THREADS];

static void* work(void* argument) {
    int id = (int)(long)argument;
    int* failures = &thread_failures[id];
    cudaStream_t stream;
    int *d = NULL, h[N];
    if (cudaStreamCreate(&stream) != cudaSuccess || cudaMalloc((void**)&d, sizeof h) != cudaSuccess) {
        ++*failures;
        return NULL;
    }
    for (int round = 0; round < ROUNDS; round++) {
        int base = id * 100000 + round;
        iota<<<N / 128, 128, 0, stream>>>(d, N, base);
        twice<<<N / 128, 128, 0, stream>>>(d, N);
        cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, stream);
        if (cudaStreamSynchronize(stream) != cudaSuccess) ++*failures;
        for (int i = 0; i < N; i++)
            if (h[i] != 2 * (base + i)) {
                ++*failures;
                break;
            }
        /* the default stream too */
        twice<<<N / 128, 128>>>(d, N);
        if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess || h[N - 1] != 4 * (base + N - 1))
            ++*failures;
    }
    /* an error of this thread only */
    if (id == 0) {
        if (cudaSetDevice(1000) != cudaErrorInvalidDevice) ++*failures;
        if (cudaPeekAtLastError() != cudaErrorInvalidDevice) ++*failures;
    }
    if (id != 0 && cudaGetLastError() != cudaSuccess) ++*failures;
    if (id == 0 && cudaGetLastError() != cudaErrorInvalidDevice) ++*failures;
    cudaFree(d);
    cudaStreamDestroy(stream);
    return NULL;
}

int main(void) {
    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; t++) CHECK(pthread_create(&threads[t], NULL, work, (void*)t) == 0);
    for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    for (int t = 0; t < THREADS; t++) {
        if (thread_failures[t]) fprintf(stderr, "  thread %d: %d failures\n", t, thread_failures[t]);
        CHECK(thread_failures[t] == 0);
    }
    return report("threads");
}
