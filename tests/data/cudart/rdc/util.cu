/* tests/data/cudart/rdc/util.cu — device code other files of the program use (-rdc=true): a
   device function and a __device__ variable defined here, declared extern in kernels.cu. */
#include <cuda_runtime.h>

__device__ int calls;

__device__ float scaled(float v, float factor) {
    atomicAdd(&calls, 1);
    return v * factor + 1.0f;
}

/* a kernel of this file too, launched from kernels.cu's host code */
__global__ void reset_calls(void) { calls = 0; }
