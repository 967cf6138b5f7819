/* tests/conformance/conformance.h — what every conformance test sees: the device fixture (a
   context, its device, a program with the conformance kernels) and the argument layouts of those
   kernels. The tests are written once against offload.h and run on every fixture; the kernels'
   source is the only per-device part (kernels_host.inc for the host device and the simulated
   drivers, kernels.cu for GPUs). */
#ifndef OFFLOAD_CONFORMANCE_H
#define OFFLOAD_CONFORMANCE_H

#include "offload.h"

#include <stdint.h>

/* The kernels, by index; conf_kernel_names has their names on every device. */
enum {
    CONF_EMPTY,
    CONF_ADD,
    CONF_IDS,
    CONF_SHARED,
    CONF_MIXED,
    CONF_GLOBAL,
    CONF_REDUCE,
    CONF_TRANSPOSE,
    CONF_KERNEL_COUNT
};

/* Argument buffers, laid out as the kernels' parameter lists (kernels.cu). The sizes the device
   images report are the offsets after the last field (no tail padding). */
typedef struct conf_add_args { /* data[i] += value for i < n */
    uint32_t* data;
    uint32_t n;
    uint32_t value;
} conf_add_args; /* 16 bytes of parameters */

typedef struct conf_ids_args { /* out[(z * height + y) * width + x] = x | y << 10 | z << 20 */
    uint32_t* out;
    uint32_t width, height;
} conf_ids_args; /* 16 */

typedef struct conf_shared_args { /* one thread per block; n words of dynamic shared memory */
    uint32_t* out;
    uint32_t n;
} conf_shared_args; /* 12: sizeof is 16, the tail padding is not a parameter */

typedef struct conf_pair { /* a struct passed by value, with 7 bytes of inner padding */
    char tag;
    double value;
} conf_pair;

typedef struct conf_mixed_args { /* every parameter widened to 64 bits into out[0..6] */
    int8_t c;                    /* 0 */
    double d;                    /* 8 */
    int16_t s;                   /* 16 */
    float f;                     /* 20 */
    uint64_t* out;               /* 24 */
    conf_pair pair;              /* 32 */
    int32_t i;                   /* 48 */
} conf_mixed_args;               /* 52: sizeof is 56 */

typedef struct conf_global_args { /* out[0] = counter, out[1] = table[3]; counter += 100 */
    uint32_t* out;
} conf_global_args; /* 8 */

typedef struct conf_reduce_args { /* out[block] = the sum of the block's in[], through barriers */
    const uint32_t* in;
    uint32_t* out;
} conf_reduce_args; /* 16 */

typedef struct conf_transpose_args { /* out = in transposed, n x n, n a multiple of 16 */
    const uint32_t* in;
    uint32_t* out;
    uint32_t n;
} conf_transpose_args; /* 20 */

/* conf_transpose's static shared memory: a 16 x 17 tile. */
#define CONF_TRANSPOSE_TILE (16u * 17u * 4u)

/* conf_reduce's static shared memory: staged[256], the largest block it takes. */
#define CONF_REDUCE_MAX_BLOCK 256u

/* The program's globals and their initial values. */
#define CONF_COUNTER_INITIAL 7u
#define CONF_TABLE_INITIAL                                                                                             \
    { 11u, 22u, 33u, 44u }

typedef struct conf_fixture {
    const char* name; /* "host", "cuda-sim", "hsa-sim", "cuda", "amdgpu" */
    offload_context* ctx;
    offload_device device; /* the device under test */
    offload_device host;   /* the host device of the same context (may equal device) */
    offload_device_info info;
    offload_program program; /* the conformance kernels, loaded once */
    offload_kernel kernels[CONF_KERNEL_COUNT];
    void* image; /* the device image (NULL on the host device: a symbol table) */
    size_t image_size;
} conf_fixture;

#endif
