/* tests/data/cudart/check.h — what the CUDA test programs share: CHECK counts a failure and goes
   on (printing the first 20), CUDA_OK checks a runtime call, and main ends with
   `return report("name")`, which prints the line tests/test_cudart.c looks for ("ok NAME" or
   "FAIL NAME: N checks failed"). */
#ifndef CUDART_TEST_CHECK_H
#define CUDART_TEST_CHECK_H
#include <cuda_runtime.h>
#include <stdio.h>

static int check_failures;

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            if (check_failures < 20) fprintf(stderr, "  FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                 \
            check_failures++;                                                                                          \
        }                                                                                                              \
    } while (0)

#define CUDA_OK(call)                                                                                                  \
    do {                                                                                                               \
        cudaError_t check_e = (call);                                                                                  \
        if (check_e != cudaSuccess) {                                                                                  \
            fprintf(stderr, "  FAIL %s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(check_e));          \
            check_failures++;                                                                                          \
        }                                                                                                              \
    } while (0)

static inline int report(const char* name) {
    if (check_failures) printf("FAIL %s: %d checks failed\n", name, check_failures);
    else printf("ok %s\n", name);
    return check_failures != 0;
}

/* floats computed on the device against the host's: a few ulps apart at most */
static inline int close_enough(double a, double b) {
    double d = a > b ? a - b : b - a;
    double m = (a > 0 ? a : -a) + (b > 0 ? b : -b);
    return d <= 1e-5 * m + 1e-6;
}
#endif
