/* compat/include/driver_types.h — the runtime API's types, enumerations and structures, which
   cuda_runtime_api.h beside it has: for programs that include them by this name. */
#include "cuda_runtime_api.h"
