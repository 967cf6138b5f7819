/* tests/data/cudart/basics.cu — devices, memory and launches through the CUDA runtime layer:
   device properties against attributes, cudaMalloc/Memcpy/Memset/Memcpy2D, pitched memory and
   2D copies and sets, pointer attributes, registered host memory, stream-ordered allocation, a
   stream callback, limits, device flags, stream priorities and flags, copies between devices,
   pinned and managed memory, kernels with mixed scalar, pointer and by-value struct parameters (the layer packs
   them from the kernel's parameter layout), dynamic shared memory and device printf. */
#include "check.h"
#include <cuda_profiler_api.h>
#include <stdlib.h>
#include <string.h>

struct Transform {
    float scale;
    double offset;
    char tag;
};

__global__ void axpy(int n, float a, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

/* every parameter a different size and alignment, and a struct by value */
__global__ void mixed(char c, short s, double d, struct Transform t, long long l, const int* in, double* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (c + s) * d + in[i] * t.scale + t.offset + t.tag + (double)l;
}

/* reverses each block's slice through dynamic shared memory */
__global__ void reverse_blocks(const int* in, int* out) {
    extern __shared__ int tile[];
    int base = blockIdx.x * blockDim.x;
    tile[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

__global__ void increment(int* data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] += 1;
}

__global__ void say(int value) {
    if (threadIdx.x == 0 && blockIdx.x == 0) printf("device says %d\n", value);
}

int main(void) {
    int count = 0;
    CUDA_OK(cudaGetDeviceCount(&count));
    CHECK(count >= 1);
    int device = -1;
    CUDA_OK(cudaGetDevice(&device));
    CHECK(device == 0);
    cudaDeviceProp prop;
    CUDA_OK(cudaGetDeviceProperties(&prop, 0));
    CHECK(prop.name[0] != 0);
    CHECK(prop.maxThreadsPerBlock >= 256 && prop.warpSize >= 1 && prop.multiProcessorCount >= 1);
    CHECK(prop.totalGlobalMem > 0 && prop.sharedMemPerBlock >= 16384);
    int value = 0;
    CUDA_OK(cudaDeviceGetAttribute(&value, cudaDevAttrMaxThreadsPerBlock, 0));
    CHECK(value == prop.maxThreadsPerBlock);
    CUDA_OK(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, 0));
    CHECK(value == prop.multiProcessorCount);
    CUDA_OK(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 0));
    CHECK(value == prop.warpSize);
    size_t free_bytes = 0, total_bytes = 0;
    CUDA_OK(cudaMemGetInfo(&free_bytes, &total_bytes));
    CHECK(total_bytes == prop.totalGlobalMem && free_bytes <= total_bytes);

    /* axpy against the host */
    enum { N = 1000 };
    float hx[N], hy[N], expect[N];
    for (int i = 0; i < N; i++) hx[i] = (float)i * 0.5f, hy[i] = 3.0f - (float)i, expect[i] = 2.5f * hx[i] + hy[i];
    float *x = NULL, *y = NULL;
    CUDA_OK(cudaMalloc((void**)&x, sizeof hx));
    CUDA_OK(cudaMalloc((void**)&y, sizeof hy));
    CUDA_OK(cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice));
    axpy<<<(N + 127) / 128, 128>>>(N, 2.5f, x, y);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int i = 0; i < N; i++) wrong += hy[i] != expect[i];
    CHECK(wrong == 0);

    /* mixed parameters */
    int hin[64];
    double hout[64];
    for (int i = 0; i < 64; i++) hin[i] = i * 7 - 100;
    int* in = NULL;
    double* out = NULL;
    CUDA_OK(cudaMalloc((void**)&in, sizeof hin));
    CUDA_OK(cudaMalloc((void**)&out, sizeof hout));
    CUDA_OK(cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice));
    struct Transform t = {1.5f, -0.25, 3};
    mixed<<<2, 32>>>((char)5, (short)-300, 0.125, t, 1LL << 40, in, out, 64);
    CUDA_OK(cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < 64; i++) {
        double ref = (5 + -300) * 0.125 + hin[i] * 1.5f + -0.25 + 3 + (double)(1LL << 40);
        wrong += !close_enough(hout[i], ref);
    }
    CHECK(wrong == 0);

    /* dynamic shared memory */
    enum { B = 64, BLOCKS = 8 };
    int hr[B * BLOCKS], hrev[B * BLOCKS];
    for (int i = 0; i < B * BLOCKS; i++) hr[i] = i * i;
    int *r = NULL, *rev = NULL;
    CUDA_OK(cudaMalloc((void**)&r, sizeof hr));
    CUDA_OK(cudaMalloc((void**)&rev, sizeof hrev));
    CUDA_OK(cudaMemcpy(r, hr, sizeof hr, cudaMemcpyHostToDevice));
    reverse_blocks<<<BLOCKS, B, B * sizeof(int)>>>(r, rev);
    CUDA_OK(cudaMemcpy(hrev, rev, sizeof hrev, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int b = 0; b < BLOCKS; b++)
        for (int i = 0; i < B; i++) wrong += hrev[b * B + i] != hr[b * B + B - 1 - i];
    CHECK(wrong == 0);

    /* memset and a device-to-device copy */
    CUDA_OK(cudaMemset(r, 0xff, sizeof hr));
    CUDA_OK(cudaMemcpy(rev, r, sizeof hr, cudaMemcpyDeviceToDevice));
    CUDA_OK(cudaMemcpy(hrev, rev, sizeof hrev, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < B * BLOCKS; i++) wrong += hrev[i] != -1;
    CHECK(wrong == 0);

    /* 2D copy: a 5x3 window of a pitched host matrix */
    int matrix[8][10], window[3][5];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 10; j++) matrix[i][j] = i * 100 + j;
    int* pitched = NULL;
    CUDA_OK(cudaMalloc((void**)&pitched, 3 * 16 * sizeof(int)));
    CUDA_OK(cudaMemcpy2D(pitched, 16 * sizeof(int), &matrix[2][4], 10 * sizeof(int), 5 * sizeof(int), 3,
                         cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy2D(window, 5 * sizeof(int), pitched, 16 * sizeof(int), 5 * sizeof(int), 3,
                         cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++) wrong += window[i][j] != (i + 2) * 100 + j + 4;
    CHECK(wrong == 0);

    /* pinned host memory */
    int* pinned = NULL;
    CUDA_OK(cudaMallocHost((void**)&pinned, 256 * sizeof(int)));
    for (int i = 0; i < 256; i++) pinned[i] = i;
    CUDA_OK(cudaMemcpy(r, pinned, 256 * sizeof(int), cudaMemcpyHostToDevice));
    increment<<<2, 128>>>(r, 256);
    CUDA_OK(cudaMemcpy(pinned, r, 256 * sizeof(int), cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < 256; i++) wrong += pinned[i] != i + 1;
    CHECK(wrong == 0);
    CUDA_OK(cudaFreeHost(pinned));
    void* mapped = NULL;
    CUDA_OK(cudaHostAlloc(&mapped, 64, cudaHostAllocMapped));
    CUDA_OK(cudaFreeHost(mapped));

    /* managed memory, where the device has it */
    if (prop.managedMemory) {
        int* managed = NULL;
        CUDA_OK(cudaMallocManaged((void**)&managed, 100 * sizeof(int), cudaMemAttachGlobal));
        for (int i = 0; i < 100; i++) managed[i] = 10 * i;
        increment<<<1, 128>>>(managed, 100);
        CUDA_OK(cudaDeviceSynchronize());
        wrong = 0;
        for (int i = 0; i < 100; i++) wrong += managed[i] != 10 * i + 1;
        CHECK(wrong == 0);
        CUDA_OK(cudaFree(managed));
    }

    /* pitched memory: rows padded to 512 bytes, set and copied row by row (async on a stream,
       whose callback runs after them) */
    float* grid = NULL;
    size_t grid_pitch = 0;
    CUDA_OK(cudaMallocPitch((void**)&grid, &grid_pitch, 100 * sizeof(float), 20));
    CHECK(grid_pitch == 512);
    CUDA_OK(cudaMemset2D(grid, grid_pitch, 0, 100 * sizeof(float), 20));
    static float rows[20][100];
    CUDA_OK(cudaMemcpy2D(rows, sizeof rows[0], grid, grid_pitch, sizeof rows[0], 20, cudaMemcpyDeviceToHost));
    CHECK(rows[0][0] == 0.0f && rows[19][99] == 0.0f);
    for (int i = 0; i < 20; i++)
        for (int j = 0; j < 100; j++) rows[i][j] = (float)(i * 100 + j);
    cudaStream_t side;
    CUDA_OK(cudaStreamCreate(&side));
    CUDA_OK(cudaMemcpy2DAsync(grid, grid_pitch, rows, sizeof rows[0], sizeof rows[0], 20, cudaMemcpyHostToDevice, side));
    CUDA_OK(cudaMemset2DAsync((char*)grid + grid_pitch, grid_pitch, 0, sizeof rows[0], 1, side));
    static int callbacks;
    CUDA_OK(cudaStreamAddCallback(side, [](cudaStream_t, cudaError_t status, void* data) { *(int*)data += status == cudaSuccess; },
                                  &callbacks, 0));
    CUDA_OK(cudaStreamSynchronize(side));
    CHECK(callbacks == 1);
    CUDA_OK(cudaMemcpy2D(rows, sizeof rows[0], grid, grid_pitch, sizeof rows[0], 20, cudaMemcpyDeviceToHost));
    CHECK(rows[0][99] == 99.0f && rows[1][5] == 0.0f && rows[19][99] == 1999.0f);

    /* what a pointer is */
    cudaPointerAttributes attributes;
    CUDA_OK(cudaPointerGetAttributes(&attributes, grid + 7));
    CHECK(attributes.type == cudaMemoryTypeDevice && attributes.device == 0 && attributes.devicePointer == grid + 7);
    int local = 0;
    CUDA_OK(cudaPointerGetAttributes(&attributes, &local));
    CHECK(attributes.type == cudaMemoryTypeUnregistered);
    CUDA_OK(cudaHostRegister(rows, sizeof rows, cudaHostRegisterDefault));
    CUDA_OK(cudaHostUnregister(rows));

    /* stream-ordered allocation: usable at once on its stream; freed after the stream's work */
    int* ordered = NULL;
    CUDA_OK(cudaMallocAsync((void**)&ordered, 128 * sizeof(int), side));
    CUDA_OK(cudaMemsetAsync(ordered, 0, 128 * sizeof(int), side));
    increment<<<1, 128, 0, side>>>(ordered, 128);
    int ones[128];
    CUDA_OK(cudaMemcpyAsync(ones, ordered, sizeof ones, cudaMemcpyDeviceToHost, side));
    CUDA_OK(cudaFreeAsync(ordered, side));
    CUDA_OK(cudaStreamSynchronize(side));
    wrong = 0;
    for (int i = 0; i < 128; i++) wrong += ones[i] != 1;
    CHECK(wrong == 0);
    CUDA_OK(cudaStreamDestroy(side));
    CUDA_OK(cudaFree(grid));

    /* limits read back as set, CUDA's defaults before */
    size_t limit = 0;
    CUDA_OK(cudaDeviceGetLimit(&limit, cudaLimitStackSize));
    CHECK(limit == 1024);
    CUDA_OK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20));
    CUDA_OK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
    CHECK(limit == 64 << 20);
    CUDA_OK(cudaProfilerStart());
    CUDA_OK(cudaProfilerStop());

    /* device flags read back; streams without priorities; an event recorded with flags; a copy
       between (here: within) devices */
    unsigned int flags = 0;
    CUDA_OK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
    CUDA_OK(cudaGetDeviceFlags(&flags));
    CHECK((flags & cudaDeviceScheduleMask) == cudaDeviceScheduleBlockingSync);
    int least = -1, greatest = -1, chosen = -1;
    CUDA_OK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    CHECK(least == 0 && greatest == 0);
    CUDA_OK(cudaChooseDevice(&chosen, &prop));
    CHECK(chosen == 0);
    cudaStream_t quiet;
    CUDA_OK(cudaStreamCreateWithPriority(&quiet, cudaStreamNonBlocking, greatest));
    int priority = -1;
    CUDA_OK(cudaStreamGetPriority(quiet, &priority));
    CUDA_OK(cudaStreamGetFlags(quiet, &flags));
    CHECK(priority == 0 && flags == cudaStreamNonBlocking);
    int *from = NULL, *to = NULL;
    CUDA_OK(cudaMalloc((void**)&from, 64 * sizeof(int)));
    CUDA_OK(cudaMalloc((void**)&to, 64 * sizeof(int)));
    CUDA_OK(cudaMemsetAsync(from, 0, 64 * sizeof(int), quiet));
    increment<<<1, 64, 0, quiet>>>(from, 64);
    CUDA_OK(cudaMemcpyPeerAsync(to, 0, from, 0, 64 * sizeof(int), quiet));
    cudaEvent_t marked;
    CUDA_OK(cudaEventCreate(&marked));
    CUDA_OK(cudaEventRecordWithFlags(marked, quiet, cudaEventRecordDefault));
    CUDA_OK(cudaEventSynchronize(marked));
    CUDA_OK(cudaMemcpyPeer(from, 0, to, 0, 64 * sizeof(int)));
    int peered[64];
    CUDA_OK(cudaMemcpy(peered, from, sizeof peered, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < 64; i++) wrong += peered[i] != 1;
    CHECK(wrong == 0);
    CUDA_OK(cudaEventDestroy(marked));
    CUDA_OK(cudaStreamDestroy(quiet));
    CUDA_OK(cudaFree(from));
    CUDA_OK(cudaFree(to));

    /* a 0-byte allocation is NULL; freeing NULL succeeds */
    void* nothing = (void*)1;
    CUDA_OK(cudaMalloc(&nothing, 0));
    CHECK(nothing == NULL);
    CUDA_OK(cudaFree(NULL));

    say<<<1, 1>>>(42);
    CUDA_OK(cudaDeviceSynchronize());
    fflush(stdout);

    CUDA_OK(cudaFree(x));
    CUDA_OK(cudaFree(y));
    CUDA_OK(cudaFree(in));
    CUDA_OK(cudaFree(out));
    CUDA_OK(cudaFree(r));
    CUDA_OK(cudaFree(rev));
    CUDA_OK(cudaFree(pitched));
    return report("basics");
}
