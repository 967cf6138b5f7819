// tests/data/cuda_host/math.cu — math through libdevice: a struct-of-arrays particle update
// (sqrtf, expf, powf, sincosf, logf, fabsf), each float function alone, double precision, and
// the integer intrinsics (__popc, __clz, __brev, __mul24).
#include "cuda_test.h"

// The particles' state, one array per field: the kernel gets the struct by value.
struct Particles {
    float* x;
    float* y;
    float* vx;
    float* vy;
    float* phase;
};

// One step: each particle is pulled along the direction of its phase with a strength that
// falls off with the distance from the origin; its phase turns with the log of its speed.
extern "C" __global__ void particles_step(Particles p, float dt, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = p.x[i], y = p.y[i];
    float r = sqrtf(x * x + y * y + 1.0f);
    float pull = expf(-0.25f * r) * powf(r, -1.5f);
    float s, c;
    sincosf(p.phase[i], &s, &c);
    float vx = p.vx[i] + dt * (c * pull);
    float vy = p.vy[i] + dt * (s * pull);
    p.vx[i] = vx;
    p.vy[i] = vy;
    p.phase[i] += dt * logf(fabsf(vx) + fabsf(vy) + 1.0f);
    p.x[i] = x + dt * vx;
    p.y[i] = y + dt * vy;
}

// Each float function on its own, 8 results per element.
extern "C" __global__ void float_functions(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    float* o = out + 8 * i;
    o[0] = sqrtf(v);
    o[1] = expf(v * 0.125f);
    o[2] = logf(v);
    o[3] = powf(v, 1.37f);
    o[4] = sinf(v);
    o[5] = cosf(v);
    sincosf(v * 0.5f, &o[6], &o[7]);
}

// Each double function on its own, 6 results per element.
extern "C" __global__ void double_functions(const double* in, double* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = in[i];
    double* o = out + 6 * i;
    o[0] = sqrt(v);
    o[1] = exp(v * 0.125);
    o[2] = log(v);
    o[3] = pow(v, 1.37);
    o[4] = sin(v);
    o[5] = cos(v);
}

// Bit counts, leading zeros, the reversed bits and a 24-bit product of each word.
extern "C" __global__ void bit_tricks(const unsigned* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned v = in[i];
    out[4 * i + 0] = __popc(v);
    out[4 * i + 1] = __clz((int)v);
    out[4 * i + 2] = (int)__brev(v);
    out[4 * i + 3] = __mul24((int)v, (int)(v >> 24)); // the high byte times the low 24 bits, sign-extended
}
