/* tests/sim/kernel_provider.h — TEST FIXTURE: what the simulated CUDA driver (cuda_sim.c) and a
   kernel provider (a library CUDA_SIM_KERNELS names, such as ir_kernels.c) share: the host
   function the driver runs for a kernel, and the services it hands a provider that exports
   sim_kernels_serve_cuda (which returns the call the driver makes for a kernel no one
   registered). */
#ifndef OFFLOAD_TEST_SIM_KERNEL_PROVIDER_H
#define OFFLOAD_TEST_SIM_KERNEL_PROVIDER_H

#include <stddef.h>

/* What a launch of a registered kernel runs: the packed arguments, the grid and block, the
   dynamic shared memory, and the pointer given at registration. */
typedef void (*cuda_sim_kernel_fn)(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                                   size_t shared_bytes, void* user_data);

typedef struct cuda_sim_services {
    int (*register_kernel)(const char* name, cuda_sim_kernel_fn fn, void* user_data);
    void* (*running_global)(const char* name); /* a variable of the running kernel's module */
    void (*each_running_global)(void (*each)(const char* name, void* storage, size_t size, void* user_data),
                                void* user_data);
    void (*fail_running_kernel)(int result); /* the running kernel failed: the context's sticky CUresult */
} cuda_sim_services;

#endif
