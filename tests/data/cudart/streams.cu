/* tests/data/cudart/streams.cu — streams and events through the CUDA runtime layer: work split
   over several streams, cudaStreamWaitEvent ordering one stream after another, the legacy
   default stream waiting for blocking streams, a non-blocking stream, cudaLaunchHostFunc,
   stream and event queries, elapsed time between events. */
#include "check.h"

__global__ void fill(int* data, int n, int value) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = value;
}

/* slow enough that a missing wait shows: each thread walks its element many times */
__global__ void add_slowly(int* data, int n, int value) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        for (int k = 0; k < 2000; k++) data[i] = (data[i] * 3 + value) % 1000003;
}

__global__ void scale(int* data, int n, int factor) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}

static void host_function(void* user) { *(int*)user += 1; }

static int slow_ref(int start, int value) {
    long long v = start;
    for (int k = 0; k < 2000; k++) v = (v * 3 + value) % 1000003;
    return (int)v;
}

int main(void) {
    enum { N = 4096, STREAMS = 4, PART = N / STREAMS };
    int* h = NULL;
    CUDA_OK(cudaMallocHost((void**)&h, N * sizeof(int)));
    int* d = NULL;
    CUDA_OK(cudaMalloc((void**)&d, N * sizeof(int)));

    /* each stream fills and processes its quarter, copies back asynchronously */
    cudaStream_t streams[STREAMS];
    for (int s = 0; s < STREAMS; s++) CUDA_OK(cudaStreamCreate(&streams[s]));
    for (int s = 0; s < STREAMS; s++) {
        int* part = d + s * PART;
        fill<<<PART / 256, 256, 0, streams[s]>>>(part, PART, s + 1);
        add_slowly<<<PART / 256, 256, 0, streams[s]>>>(part, PART, 7);
        CUDA_OK(cudaMemcpyAsync(h + s * PART, part, PART * sizeof(int), cudaMemcpyDeviceToHost, streams[s]));
    }
    for (int s = 0; s < STREAMS; s++) CUDA_OK(cudaStreamSynchronize(streams[s]));
    for (int s = 0; s < STREAMS; s++) CHECK(cudaStreamQuery(streams[s]) == cudaSuccess);
    int wrong = 0;
    for (int i = 0; i < N; i++) wrong += h[i] != slow_ref(i / PART + 1, 7);
    CHECK(wrong == 0);

    /* stream 1 waits for stream 0's event before scaling what stream 0 wrote */
    cudaEvent_t written, start, stop;
    CUDA_OK(cudaEventCreate(&written));
    CUDA_OK(cudaEventCreate(&start));
    CUDA_OK(cudaEventCreate(&stop));
    CUDA_OK(cudaEventRecord(start, streams[0]));
    fill<<<N / 256, 256, 0, streams[0]>>>(d, N, 5);
    add_slowly<<<N / 256, 256, 0, streams[0]>>>(d, N, 1);
    CUDA_OK(cudaEventRecord(written, streams[0]));
    CUDA_OK(cudaStreamWaitEvent(streams[1], written, 0));
    scale<<<N / 256, 256, 0, streams[1]>>>(d, N, 2);
    CUDA_OK(cudaEventRecord(stop, streams[1]));
    CUDA_OK(cudaEventSynchronize(stop));
    CHECK(cudaEventQuery(stop) == cudaSuccess);
    float ms = -1;
    CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(ms >= 0);
    CUDA_OK(cudaMemcpy(h, d, N * sizeof(int), cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < N; i++) wrong += h[i] != slow_ref(5, 1) * 2;
    CHECK(wrong == 0);

    /* the legacy default stream waits for a blocking stream's earlier work, and the blocking
       stream for the default stream's; the default stream is open by then (a launch on an open
       one, while streams exist, must still be ordered) */
    scale<<<N / 256, 256>>>(d, N, 1);
    CUDA_OK(cudaDeviceSynchronize());
    add_slowly<<<N / 256, 256, 0, streams[2]>>>(d, N, 3);
    scale<<<N / 256, 256>>>(d, N, 3);
    add_slowly<<<N / 256, 256, 0, streams[3]>>>(d, N, 4);
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaMemcpy(h, d, N * sizeof(int), cudaMemcpyDeviceToHost));
    wrong = 0;
    int expect = slow_ref(slow_ref(slow_ref(5, 1) * 2, 3) * 3, 4);
    for (int i = 0; i < N; i++) wrong += h[i] != expect;
    CHECK(wrong == 0);

    /* a non-blocking stream and a host function */
    cudaStream_t independent;
    CUDA_OK(cudaStreamCreateWithFlags(&independent, cudaStreamNonBlocking));
    int calls = 0;
    fill<<<N / 256, 256, 0, independent>>>(d, N, 9);
    CUDA_OK(cudaLaunchHostFunc(independent, host_function, &calls));
    CUDA_OK(cudaStreamSynchronize(independent));
    CHECK(calls == 1);
    CUDA_OK(cudaMemcpy(h, d, N * sizeof(int), cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < N; i++) wrong += h[i] != 9;
    CHECK(wrong == 0);

    /* events without timing cannot time */
    cudaEvent_t untimed;
    CUDA_OK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
    CUDA_OK(cudaEventRecord(untimed, 0));
    CUDA_OK(cudaEventSynchronize(untimed));
    CHECK(cudaEventElapsedTime(&ms, start, untimed) == cudaErrorInvalidResourceHandle);
    CHECK(cudaGetLastError() == cudaErrorInvalidResourceHandle);

    CUDA_OK(cudaEventDestroy(untimed));
    CUDA_OK(cudaEventDestroy(written));
    CUDA_OK(cudaEventDestroy(start));
    CUDA_OK(cudaEventDestroy(stop));
    CUDA_OK(cudaStreamDestroy(independent));
    for (int s = 0; s < STREAMS; s++) CUDA_OK(cudaStreamDestroy(streams[s]));
    CUDA_OK(cudaFree(d));
    CUDA_OK(cudaFreeHost(h));
    return report("streams");
}
