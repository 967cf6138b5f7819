/* tests/data/cudart/half_functions.cu — the rest of cuda_fp16.h through the checks of
   sixteen_bit.h, every result exact: the functions (exponentials, logarithms, square roots,
   reciprocals, sine, cosine, tanh), round-to-nearest-even by CUDA's documentation, bit for bit
   the correctly rounded half for every half; hsin's and hcos's corrections of chosen inputs.
   Needs the CUDA toolkit (cuda_fp16.h is its header): compat/cudart.sh builds it with it only.
   Also built for sm_80: cuda_fp16.h writes min, max, relu and pair conversions as PTX there. */
#include <cuda_fp16.h>
#include <string.h>

#define SB_TYPE __half
#define SB_PAIR __half2
#define SB_AS_BITS __half_as_ushort
#define SB_FROM_BITS __ushort_as_half
#define SB_PAIR_OF __halves2half2
#define SB_LOW __low2half
#define SB_HIGH __high2half
#define SB_LOW_PAIR __low2half2
#define SB_HIGH_PAIR __high2half2
#define SB_LOWS __lows2half2
#define SB_HIGHS __highs2half2
#define SB_PAIR_FROM_FLOAT __float2half2_rn
#define SB_PAIR_FROM_FLOATS __floats2half2_rn
#define SB_TO(kind) __half2##kind
#define SB_FROM(kind, r) __##kind##2half_##r
#define SB_CONVERT(kind) __##kind##2half
#define SB_INFINITY 0x7c00
#define SB_NAN 0x7e00
#define SB_ONE 0x3c00u

static double value_of(unsigned short b) {
    _Float16 h;
    memcpy(&h, &b, sizeof h);
    return (double)h;
}

#include "sixteen_bit.h"

int main(void) {
    static const float beyond[16] = {65519.0f, 65520.0f, 65521.0f, 1e10f,      INFINITY,   -65520.0f,
                                     -1e10f,   -INFINITY, NAN,     1e-10f,     -1e-10f,    0x1p-25f,
                                     0x1.8p-25f, -0x1.8p-25f, 0x1p-149f, -0.0f};
    static const float edges[EDGES] = {0.0f,  -0.0f,  1.0f,  -1.0f, 0.5f,     2.5f,      -3.5f, 65504.0f, -65504.0f,
                                       6e-8f, -6e-8f, 0.75f, 1.25f, INFINITY, -INFINITY, NAN,   0.1f,     2049.0f};
    const struct sixteen_bit_format format = {"half_functions", 0, beyond, edges};
    return sixteen_bit_checks(&format);
}
