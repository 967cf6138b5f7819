/* compat/include/device_functions.h — what the toolkit's header of this name gives a CUDA
   file, which cuda_runtime.h beside it already has: for programs that include it by name. */
#include "cuda_runtime.h"
