/* tests/data/cudart/errors.cu — CUDA's error semantics through the runtime layer: a bad call
   fails, is remembered until cudaGetLastError reads it (cudaPeekAtLastError leaves it) and does
   not affect later calls; bad pointers, devices, configurations and handles; what the layer
   does not support fails with cudaErrorNotSupported and a message naming it (cudaLaunchKernelEx's
   attributes among them); a kernel that
   traps makes cudaErrorLaunchFailure sticky (every later call fails) until cudaDeviceReset,
   after which the program's kernels run again. */
#include "check.h"
#include <string.h>

extern "C" const char* offloadCudartLastMessage(void);

__global__ void store(int* data, int value) { data[threadIdx.x] = value; }

__global__ void trap_if(int* data, int fail) {
    if (fail && threadIdx.x == 3) __trap();
    data[threadIdx.x] = 1;
}

int main(void) {
    int* d = NULL;
    CUDA_OK(cudaMalloc((void**)&d, 64 * sizeof(int)));

    /* non-sticky: a launch with a zero block; read once, then gone */
    store<<<1, 0>>>(d, 1);
    CHECK(cudaPeekAtLastError() == cudaErrorInvalidConfiguration);
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    CHECK(cudaGetLastError() == cudaSuccess);
    store<<<1, 1 << 20>>>(d, 1); /* more threads than a block may have */
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    store<<<1, 64>>>(d, 7);
    CUDA_OK(cudaGetLastError());
    /* store is now this thread's last kernel, which a launch tests for first: each dimension
       of 0 is still refused, alone among non-zero ones (y beside x and z tested apart), and so
       are arguments missing */
    const dim3 zero_grids[] = {dim3(0, 1, 1), dim3(1, 0, 1), dim3(1, 1, 0), dim3(0x80000000u, 0, 1)};
    for (int i = 0; i < 4; i++) {
        store<<<zero_grids[i], 64>>>(d, 1);
        CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
        store<<<1, zero_grids[i]>>>(d, 1);
        CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    }
    store<<<dim3(1, 0x80000000u, 1), 1>>>(d, 1); /* a top bit set is no zero: too many blocks in y */
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    CHECK(strstr(offloadCudartLastMessage(), "zero") == NULL);
    CHECK(cudaLaunchKernel((const void*)store, dim3(1), dim3(64), NULL, 0, 0) == cudaErrorInvalidValue);
    int h[64];
    CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    CHECK(h[0] == 7 && h[63] == 7);

    /* bad pointers, sizes and devices */
    int local[4];
    CHECK(cudaFree(local) == cudaErrorInvalidValue);
    CHECK(cudaFree(d + 1) == cudaErrorInvalidValue);
    CHECK(cudaMemcpy(d, h, sizeof h + 4, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    CHECK(strstr(offloadCudartLastMessage(), "past the end") != NULL);
    CHECK(cudaMemcpy(NULL, h, 4, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    CHECK(cudaMemcpy(h, d, 4, (cudaMemcpyKind)42) == cudaErrorInvalidMemcpyDirection);
    CHECK(cudaSetDevice(99) == cudaErrorInvalidDevice);
    CHECK(cudaSetDevice(-1) == cudaErrorInvalidDevice);
    CHECK(cudaGetDeviceProperties(NULL, 0) == cudaErrorInvalidValue);
    void* huge = NULL;
    CHECK(cudaMalloc(&huge, (size_t)1 << 62) == cudaErrorMemoryAllocation);
    CHECK(cudaGetLastError() == cudaErrorMemoryAllocation);
    CHECK(cudaStreamSynchronize((cudaStream_t)local) == cudaErrorInvalidResourceHandle);
    cudaStream_t gone;
    CUDA_OK(cudaStreamCreate(&gone));
    CUDA_OK(cudaStreamDestroy(gone));
    store<<<1, 1, 0, gone>>>(d, 1); /* a destroyed stream: an error, not a crash */
    CHECK(cudaGetLastError() == cudaErrorInvalidResourceHandle);
    CHECK(cudaMemcpyAsync(h, d, 4, cudaMemcpyDeviceToHost, gone) == cudaErrorInvalidResourceHandle);
    CHECK(cudaMemsetAsync(d, 0, 4, gone) == cudaErrorInvalidResourceHandle);
    CHECK(cudaStreamDestroy(gone) == cudaErrorInvalidResourceHandle);
    CHECK(cudaEventRecord((cudaEvent_t)local, 0) == cudaErrorInvalidResourceHandle);
    CHECK(cudaLaunchKernel((const void*)local, dim3(1), dim3(1), NULL, 0, 0) == cudaErrorInvalidDeviceFunction);
    CHECK(cudaGetLastError() == cudaErrorInvalidDeviceFunction);

    /* names and strings */
    CHECK(strcmp(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue") == 0);
    CHECK(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
    CHECK(strcmp(cudaGetErrorString(cudaErrorNotSupported), "operation not supported") == 0);
    CHECK(cudaGetErrorString((cudaError_t)12345) != NULL);

    /* unsupported: an error naming what, never a crash */
    cudaGraph_t graph;
    CHECK(cudaGraphCreate(&graph, 0) == cudaErrorNotSupported);
    CHECK(strstr(offloadCudartLastMessage(), "graphs") != NULL);
    cudaTextureObject_t texture;
    cudaResourceDesc resource;
    cudaTextureDesc texture_desc;
    memset(&resource, 0, sizeof resource);
    memset(&texture_desc, 0, sizeof texture_desc);
    CHECK(cudaCreateTextureObject(&texture, &resource, &texture_desc, NULL) == cudaErrorNotSupported);
    CHECK(strstr(offloadCudartLastMessage(), "textures") != NULL);
    CHECK(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal) == cudaErrorNotSupported);
    void* args[] = {&d};
    CHECK(cudaLaunchCooperativeKernel((const void*)store, dim3(1), dim3(1), args, 0, 0) == cudaErrorNotSupported);
    CHECK(strstr(offloadCudartLastMessage(), "cooperative") != NULL);
    CHECK(cudaGetLastError() == cudaErrorNotSupported);
    CHECK(cudaGetLastError() == cudaSuccess);

    /* the calls of basics.cu on the other side of their checks */
    float* pitched = NULL;
    size_t pitch = 0;
    CHECK(cudaMallocPitch((void**)&pitched, NULL, 16, 4) == cudaErrorInvalidValue);
    CHECK(cudaMallocPitch((void**)&pitched, &pitch, (size_t)-1, 4) == cudaErrorMemoryAllocation);
    CUDA_OK(cudaMallocPitch((void**)&pitched, &pitch, 512, 2));
    CHECK(pitch == 512); /* a row of exactly the alignment is not padded */
    CHECK(cudaMemset2D(pitched, pitch, 0, pitch + 1, 2) == cudaErrorInvalidPitchValue);
    CHECK(cudaMemset2D(pitched, pitch, 0, pitch, 3) == cudaErrorInvalidValue); /* a row past the allocation */
    CUDA_OK(cudaFree(pitched));
    size_t limit = 0;
    CHECK(cudaDeviceGetLimit(&limit, (cudaLimit)7) == cudaErrorUnsupportedLimit);
    CHECK(cudaDeviceSetLimit((cudaLimit)7, 1) == cudaErrorUnsupportedLimit);
    CHECK(cudaDeviceGetLimit(NULL, cudaLimitStackSize) == cudaErrorInvalidValue);
    CUDA_OK(cudaDeviceGetLimit(&limit, cudaLimitPersistingL2CacheSize)); /* the last one */
    CHECK(cudaHostRegister(NULL, 16, 0) == cudaErrorInvalidValue);
    CHECK(cudaHostRegister(h, 0, 0) == cudaErrorInvalidValue);
    CHECK(cudaHostRegister(h, sizeof h, 0x10) == cudaErrorInvalidValue);
    CUDA_OK(cudaHostRegister(h, sizeof h, cudaHostRegisterReadOnly));
    /* mapped into the device's address space: the host device's kernels reach host memory; a
       GPU's would not, and the layer says so */
    cudaDeviceProp where;
    CUDA_OK(cudaGetDeviceProperties(&where, 0));
    cudaError_t mapped = cudaHostRegister(h, sizeof h, cudaHostRegisterMapped);
    CHECK(where.integrated ? mapped == cudaSuccess : mapped == cudaErrorNotSupported);
    void* reached = NULL;
    cudaError_t got = cudaHostGetDevicePointer(&reached, h, 0); /* h: the stack, no pinned memory */
    CHECK(where.integrated ? got == cudaSuccess && reached == h : got == cudaErrorInvalidValue && !reached);
    void* pinned_memory = NULL;
    CUDA_OK(cudaHostAlloc(&pinned_memory, 64, cudaHostAllocMapped));
    CUDA_OK(cudaHostGetDevicePointer(&reached, (char*)pinned_memory + 8, 0));
    CHECK(reached == (char*)pinned_memory + 8);
    CHECK(cudaHostGetDevicePointer(&reached, pinned_memory, 1) == cudaErrorInvalidValue);
    CUDA_OK(cudaFreeHost(pinned_memory));
    cudaGetLastError();
    int can = -1;
    unsigned int can_flags = 0;
    CHECK(cudaDeviceCanAccessPeer(&can, 0, 0) == cudaErrorInvalidDevice);
    CHECK(cudaStreamAddCallback(0, NULL, NULL, 0) == cudaErrorInvalidValue);
    CHECK(cudaStreamAddCallback(0, [](cudaStream_t, cudaError_t, void*) {}, NULL, 1) == cudaErrorInvalidValue);
    CHECK(cudaSetDeviceFlags(3) == cudaErrorInvalidValue); /* no such scheduling */
    CHECK(cudaSetDeviceFlags(0x100) == cudaErrorInvalidValue);
    CUDA_OK(cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceMapHost));
    CHECK(cudaMemcpyPeer(pitched, 1, pitched, 0, 4) == cudaErrorInvalidDevice);
    CHECK(cudaMemcpyPeer(pitched, 0, pitched, -1, 4) == cudaErrorInvalidDevice);
    char bus[32];
    CHECK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0) == cudaErrorNotSupported);
    CHECK(strstr(offloadCudartLastMessage(), "PCI") != NULL);
    CHECK(cudaStreamGetFlags(gone, &can_flags) == cudaErrorInvalidResourceHandle);
    CHECK(cudaMallocAsync((void**)&pitched, 16, gone) == cudaErrorInvalidResourceHandle);
    CHECK(cudaGetLastError() == cudaErrorInvalidResourceHandle);

    /* the extensible launch: attributes that only tune a GPU are taken (a priority, a cluster of
       one block, cooperative 0); a cooperative launch, clusters and launch events are refused;
       an unknown id, a missing list and a missing configuration are invalid values */
    cudaLaunchAttribute attributes[2];
    memset(attributes, 0, sizeof attributes);
    attributes[0].id = cudaLaunchAttributePriority;
    attributes[0].val.priority = 1;
    attributes[1].id = cudaLaunchAttributeClusterDimension;
    attributes[1].val.clusterDim.x = attributes[1].val.clusterDim.y = attributes[1].val.clusterDim.z = 1;
    cudaLaunchConfig_t config;
    memset(&config, 0, sizeof config);
    config.gridDim = dim3(1);
    config.blockDim = dim3(64);
    config.attrs = attributes;
    config.numAttrs = 2;
    CUDA_OK(cudaLaunchKernelEx(&config, store, d, 9));
    CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    CHECK(h[0] == 9 && h[63] == 9);
    attributes[1].val.clusterDim.y = 2;
    CHECK(cudaLaunchKernelEx(&config, store, d, 10) == cudaErrorNotSupported);
    CHECK(strstr(offloadCudartLastMessage(), "clusters") != NULL);
    attributes[1].id = cudaLaunchAttributeCooperative;
    attributes[1].val.cooperative = 0;
    CUDA_OK(cudaLaunchKernelEx(&config, store, d, 11));
    attributes[1].val.cooperative = 1;
    CHECK(cudaLaunchKernelEx(&config, store, d, 12) == cudaErrorNotSupported);
    CHECK(strstr(offloadCudartLastMessage(), "cooperative") != NULL);
    attributes[1].id = cudaLaunchAttributeLaunchCompletionEvent;
    CHECK(cudaLaunchKernelEx(&config, store, d, 13) == cudaErrorNotSupported);
    CHECK(strstr(offloadCudartLastMessage(), "events") != NULL);
    attributes[1].id = (cudaLaunchAttributeID)15;
    CHECK(cudaLaunchKernelEx(&config, store, d, 14) == cudaErrorInvalidValue);
    config.attrs = NULL;
    CHECK(cudaLaunchKernelEx(&config, store, d, 15) == cudaErrorInvalidValue);
    CHECK(cudaLaunchKernelExC(NULL, (const void*)store, NULL) == cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
    CUDA_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    CHECK(h[0] == 11 && h[63] == 11); /* none of the refused launches ran */

    /* sticky: a trap in a kernel */
    trap_if<<<1, 8>>>(d, 1);
    cudaError_t e = cudaDeviceSynchronize();
    CHECK(e == cudaErrorLaunchFailure);
    CHECK(cudaGetLastError() == cudaErrorLaunchFailure);
    CHECK(cudaGetLastError() == cudaErrorLaunchFailure); /* not reset */
    void* after = NULL;
    CHECK(cudaMalloc(&after, 16) == cudaErrorLaunchFailure);
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) == cudaErrorLaunchFailure);

    /* a reset clears it; the program's kernels load again */
    CUDA_OK(cudaDeviceReset());
    CHECK(cudaGetLastError() == cudaSuccess);
    CUDA_OK(cudaMalloc((void**)&d, 8 * sizeof(int)));
    trap_if<<<1, 8>>>(d, 0);
    CUDA_OK(cudaMemcpy(h, d, 8 * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(h[0] == 1 && h[7] == 1);
    CUDA_OK(cudaFree(d));
    return report("errors");
}
