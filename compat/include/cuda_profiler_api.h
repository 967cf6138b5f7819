/* compat/include/cuda_profiler_api.h — cudaProfilerStart and cudaProfilerStop, which the layer
   takes and does nothing with (offload's devices have no profiler to bracket), for machines with
   no CUDA toolkit. */
#ifndef OFFLOAD_CUDA_PROFILER_API_H
#define OFFLOAD_CUDA_PROFILER_API_H
#include "cuda_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
#ifdef __cplusplus
}
#endif
#endif
