// tests/data/cuda_host/nv_unmapped.cu — a libdevice function that the host's C library mapping
// (backends/host/nv_math.ll) leaves undefined: addition rounded toward zero, which the host's
// floating point cannot give exactly. Without libdevice the module is refused, naming it.
#include "cuda_test.h"

extern "C" __device__ float __nv_fadd_rz(float, float);
extern "C" __device__ float __nv_sinf(float);

extern "C" __global__ void add_toward_zero(const float* a, const float* b, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __nv_fadd_rz(a[i], b[i]) + __nv_sinf(a[i]);
}
