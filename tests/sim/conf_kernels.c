/* tests/sim/conf_kernels.c — the conformance kernels (tests/conformance/kernels_host.inc) for the
   simulated drivers of a process that registers none itself: a remote server's, when test_remote
   runs the conformance suite on its simulated GPUs. A simulated driver given CUDA_SIM_KERNELS or
   HSA_SIM_KERNELS (this library's path) loads it at its first init and hands it its registration
   call and the lookup of the running kernel's module variables, through which conf_global
   reaches `counter` and `table` (the test process sets them from offload_global_get instead).
   Kernels run one at a time here: the variables' addresses are set for each. */
#include "../conformance/kernels_host.inc"

#include <pthread.h>
#include <stdio.h>

#define CONF_EXPORT __attribute__((visibility("default")))

typedef void (*conf_cuda_kernel_fn)(const void*, size_t, const unsigned*, const unsigned*, size_t, void*);
typedef void (*conf_hsa_kernel_fn)(const void*, const conf_hsa_dispatch*, void*);

static pthread_mutex_t conf_running = PTHREAD_MUTEX_INITIALIZER;
/* Each driver's lookup (both drivers load this one library, and share its state). */
static void* (*conf_cuda_running_global)(const char* name);
static void* (*conf_hsa_running_global)(const char* name);

/* Points conf_global at the running kernel's module variables, found by the running driver's
   lookup. Caller holds conf_running. */
static void conf_find_variables(void* (*running_global)(const char*)) {
    conf_counter_at = (uint32_t*)running_global("counter");
    conf_table_at = (uint32_t*)running_global("table");
    if (conf_counter_at && conf_table_at) return;
    fprintf(stderr, "conf_kernels: the running kernel's module has no `counter` or `table`\n");
    abort(); /* loudly: a kernel that ran without them would leave wrong results */
}

static void conf_remote_cuda_kernel(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                                    size_t shared_bytes, void* user_data) {
    pthread_mutex_lock(&conf_running);
    conf_find_variables(conf_cuda_running_global);
    conf_cuda_sim_kernel(args, args_size, grid, block, shared_bytes, user_data);
    pthread_mutex_unlock(&conf_running);
}

static void conf_remote_hsa_kernel(const void* kernarg, const conf_hsa_dispatch* d, void* user_data) {
    pthread_mutex_lock(&conf_running);
    conf_find_variables(conf_hsa_running_global);
    conf_hsa_sim_kernel(kernarg, d, user_data);
    pthread_mutex_unlock(&conf_running);
}

CONF_EXPORT void sim_kernels_provide_cuda(int (*register_kernel)(const char*, conf_cuda_kernel_fn, void*),
                                          void* (*running_global)(const char*)) {
    (void)conf_host_program_desc; /* the host device's symbol table is the test process's alone */
    conf_cuda_running_global = running_global;
    for (int k = 0; k < CONF_KERNEL_COUNT; k++)
        register_kernel(conf_kernel_names[k], conf_remote_cuda_kernel, (void*)&conf_kernel_fns[k]);
}

CONF_EXPORT void sim_kernels_provide_hsa(void (*register_kernel)(const char*, conf_hsa_kernel_fn, void*),
                                         void* (*running_global)(const char*)) {
    conf_hsa_running_global = running_global;
    for (int k = 0; k < CONF_KERNEL_COUNT; k++)
        register_kernel(conf_kernel_names[k], conf_remote_hsa_kernel, (void*)&conf_kernel_fns[k]);
}
