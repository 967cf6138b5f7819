/* compat/include/vector_types.h — CUDA's vector types (char1 ... double4, with CUDA's sizes and
   alignments), their make_<type> functions and dim3, for machines with no CUDA toolkit (see
   cuda_runtime_api.h beside it). C and C++; in C++ dim3 has CUDA's constructor (missing sizes
   are 1) and converts to and from uint3. */
#ifndef OFFLOAD_VECTOR_TYPES_H
#define OFFLOAD_VECTOR_TYPES_H

#if defined(__CUDA__) && defined(__clang__)
#define OFFLOAD__CUDA_BOTH __attribute__((host)) __attribute__((device))
#else
#define OFFLOAD__CUDA_BOTH
#endif

/* OFFLOAD__VECTOR_TYPES(name, T, align2, align4): name1 to name4 of T, the 2- and 4-element ones
   aligned as CUDA aligns them, and make_name1 to make_name4. */
#define OFFLOAD__VECTOR_TYPES(name, T, align2, align4)                                                                 \
    typedef struct name##1 {                                                                                           \
        T x;                                                                                                           \
    }                                                                                                                  \
    name##1;                                                                                                           \
    typedef struct __attribute__((aligned(align2))) name##2 {                                                          \
        T x, y;                                                                                                        \
    }                                                                                                                  \
    name##2;                                                                                                           \
    typedef struct name##3 {                                                                                           \
        T x, y, z;                                                                                                     \
    }                                                                                                                  \
    name##3;                                                                                                           \
    typedef struct __attribute__((aligned(align4))) name##4 {                                                          \
        T x, y, z, w;                                                                                                  \
    }                                                                                                                  \
    name##4;                                                                                                           \
    static __inline__ OFFLOAD__CUDA_BOTH name##1 make_##name##1(T x) {                                                 \
        name##1 v;                                                                                                     \
        v.x = x;                                                                                                       \
        return v;                                                                                                      \
    }                                                                                                                  \
    static __inline__ OFFLOAD__CUDA_BOTH name##2 make_##name##2(T x, T y) {                                            \
        name##2 v;                                                                                                     \
        v.x = x, v.y = y;                                                                                              \
        return v;                                                                                                      \
    }                                                                                                                  \
    static __inline__ OFFLOAD__CUDA_BOTH name##3 make_##name##3(T x, T y, T z) {                                       \
        name##3 v;                                                                                                     \
        v.x = x, v.y = y, v.z = z;                                                                                     \
        return v;                                                                                                      \
    }                                                                                                                  \
    static __inline__ OFFLOAD__CUDA_BOTH name##4 make_##name##4(T x, T y, T z, T w) {                                  \
        name##4 v;                                                                                                     \
        v.x = x, v.y = y, v.z = z, v.w = w;                                                                            \
        return v;                                                                                                      \
    }

OFFLOAD__VECTOR_TYPES(char, signed char, 2, 4)
OFFLOAD__VECTOR_TYPES(uchar, unsigned char, 2, 4)
OFFLOAD__VECTOR_TYPES(short, short, 4, 8)
OFFLOAD__VECTOR_TYPES(ushort, unsigned short, 4, 8)
OFFLOAD__VECTOR_TYPES(int, int, 8, 16)
OFFLOAD__VECTOR_TYPES(uint, unsigned int, 8, 16)
OFFLOAD__VECTOR_TYPES(long, long, 2 * sizeof(long), 16)
OFFLOAD__VECTOR_TYPES(ulong, unsigned long, 2 * sizeof(long), 16)
OFFLOAD__VECTOR_TYPES(longlong, long long, 16, 16)
OFFLOAD__VECTOR_TYPES(ulonglong, unsigned long long, 16, 16)
OFFLOAD__VECTOR_TYPES(float, float, 8, 16)
OFFLOAD__VECTOR_TYPES(double, double, 16, 16)

#ifdef __cplusplus
struct dim3 {
    unsigned int x, y, z;
    OFFLOAD__CUDA_BOTH constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    OFFLOAD__CUDA_BOTH constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    OFFLOAD__CUDA_BOTH constexpr operator uint3() const { return uint3{x, y, z}; }
};
#else
typedef struct dim3 {
    unsigned int x, y, z;
} dim3;
#endif
typedef struct dim3 dim3;

#endif
