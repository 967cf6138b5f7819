/* tests/data/cudart/bfloat16.cu — cuda_bf16.h, which computes with inline PTX on 16-bit registers
   and with PTX's float approximations, through the checks of sixteen_bit.h: each result exact,
   except the functions (exponentials, logarithms, reciprocals, sine, cosine, tanh), which the
   header computes in float: within one step of the correctly rounded bfloat16.
   Needs the CUDA toolkit (cuda_bf16.h is its header): compat/cudart.sh builds it with it only.
   Built for sm_80: cuda_bf16.h has no fma, relu or bfloat16 arithmetic before it.
   Also built for sm_90, where it converts with PTX's bfloat16 forms rather than through float. */
#include <cuda_bf16.h>
#include <string.h>

#define SB_TYPE __nv_bfloat16
#define SB_PAIR __nv_bfloat162
#define SB_AS_BITS __bfloat16_as_ushort
#define SB_FROM_BITS __ushort_as_bfloat16
#define SB_PAIR_OF __halves2bfloat162
#define SB_LOW __low2bfloat16
#define SB_HIGH __high2bfloat16
#define SB_LOW_PAIR __low2bfloat162
#define SB_HIGH_PAIR __high2bfloat162
#define SB_LOWS __lows2bfloat162
#define SB_HIGHS __highs2bfloat162
#define SB_PAIR_FROM_FLOAT __float2bfloat162_rn
#define SB_PAIR_FROM_FLOATS __floats2bfloat162_rn
#define SB_TO(kind) __bfloat162##kind
#define SB_FROM(kind, r) __##kind##2bfloat16_##r
#define SB_CONVERT(kind) __##kind##2bfloat16
#define SB_INFINITY 0x7f80
#define SB_NAN 0x7fc0
#define SB_ONE 0x3f80u

/* A bfloat16 is a float's top 16 bits. */
static double value_of(unsigned short b) {
    unsigned int w = (unsigned int)b << 16;
    float f;
    memcpy(&f, &w, sizeof f);
    return (double)f;
}

#include "sixteen_bit.h"

int main(void) {
    static const float beyond[16] = {0x1.fep127f, 0x1.ff8p127f, 0x1.fffffep127f, 3e38f,  INFINITY, -0x1.ff8p127f,
                                     -3e38f,      -INFINITY,    NAN,             1e-40f, -1e-40f,  0x1p-149f,
                                     0x1.8p-134f, -0x1.8p-134f, 0x1p-133f,       -0.0f};
    static const float edges[EDGES] = {0.0f,   -0.0f,   1.0f,  -1.0f, 0.5f,     2.5f,      -3.5f, 0x1.fep127f, -0x1.fep127f,
                                       1e-39f, -1e-39f, 0.75f, 1.25f, INFINITY, -INFINITY, NAN,   0.1f,        257.0f};
    const struct sixteen_bit_format format = {"bfloat16", 1, beyond, edges};
    return sixteen_bit_checks(&format);
}
