/* bench/bench_ol_llvm.c — our liboffload (libLLVMOffload.so.22.1 from compat/: the ol* API over
   offload.h) against LLVM's own liboffload 22 (its C++ over its CUDA plugin), both driving the
   same simulated CUDA device (build/sim/cuda_sim.so, which both find as libcuda.so), loaded side
   by side in one process.

   Usage: bench_ol_llvm OURS_LIBRARY LLVM_LIBRARY SIMULATOR CUBIN. The two libraries are opened
   with RTLD_LOCAL and each one's entry points taken from its own handle; the simulator is the
   file both load as libcuda.so (LD_LIBRARY_PATH names a directory where libcuda.so and
   libcuda.so.1 lead to it), so one simulated device serves both, and the kernel of CUBIN
   ("empty", no parameters, built by ptxas) is registered there once. SIMULATOR "-" runs on the
   real driver and GPU instead (nothing to register). What is timed is the
   libraries' own work between the caller and the driver: the simulated driver's cost is the
   same on both sides.

   Operations, as in bench_ol.c: 64 B alloc + free, a 4 KiB host-to-device copy without a queue,
   an empty kernel launched on a queue followed by its synchronisation, and a launch without a
   queue (which returns once the kernel ran). Each runs ROUNDS rounds of ITERATIONS after a
   warm-up, the two libraries alternating round by round; the value is the median. One line each:
       ol_<operation>_vs_llvm: ours=<us>us peer=<us>us ratio=<ours/peer>

   How a thread waits for the GPU is the primary context's scheduling flag, which both libraries
   share. LLVM's CUDA plugin sets CU_CTX_SCHED_BLOCKING_SYNC when it finds that context inactive:
   its cuStreamSynchronize then sleeps until woken. Ours leaves the flag alone and waits its own
   way (offload.h: a bounded busy wait on queries, then a blocking event). LLVM's library is set
   up first, so each waits as it would alone. The three operations that wait are then measured
   again with the flag set back to the default (CU_CTX_SCHED_AUTO, which spins while the process
   has fewer contexts than cores), where LLVM's waits spin too:
       ol_<operation>_vs_llvm_spinning: ...
   (skipped with a line saying so where the driver will not change the flag of an active
   context). Built and run by compat/liboffload.sh bench. */
#include <stdbool.h> /* OffloadAPI.h uses bool without including it */
#include <offload/OffloadAPI.h>

#include "bench/stats.h"
#include "tests/files.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROUNDS = 21, ITERATIONS = 2000, COPY_SIZE = 4096, ALLOC_SIZE = 64 };

/* The ol* entry points of one library. */
typedef struct ol_library {
    const char* name;
    void* handle;
    ol_result_t (*init)(void);
    ol_result_t (*iterate_devices)(ol_device_iterate_cb_t, void*);
    ol_result_t (*get_device_info)(ol_device_handle_t, ol_device_info_t, size_t, void*);
    ol_result_t (*get_platform_info)(ol_platform_handle_t, ol_platform_info_t, size_t, void*);
    ol_result_t (*create_queue)(ol_device_handle_t, ol_queue_handle_t*);
    ol_result_t (*sync_queue)(ol_queue_handle_t);
    ol_result_t (*create_program)(ol_device_handle_t, const void*, size_t, ol_program_handle_t*);
    ol_result_t (*get_symbol)(ol_program_handle_t, const char*, ol_symbol_kind_t, ol_symbol_handle_t*);
    ol_result_t (*mem_alloc)(ol_device_handle_t, ol_alloc_type_t, size_t, void**);
    ol_result_t (*mem_free)(void*);
    ol_result_t (*memcpy)(ol_queue_handle_t, void*, ol_device_handle_t, const void*, ol_device_handle_t, size_t);
    ol_result_t (*launch)(ol_queue_handle_t, ol_device_handle_t, ol_symbol_handle_t, const void*, size_t,
                          const ol_kernel_launch_size_args_t*);
    ol_device_handle_t host, gpu;
    ol_queue_handle_t queue;
    ol_symbol_handle_t kernel;
    void* buffer;
    char source[COPY_SIZE];
    int failures;
} ol_library;

static const ol_kernel_launch_size_args_t one_thread = {1, {1, 1, 1}, {1, 1, 1}, 0};

static void check(ol_library* l, ol_result_t r) {
    if (r && l->failures++ == 0) fprintf(stderr, "bench_ol_llvm: %s: %s\n", l->name, r->Details);
}

static int bind(ol_library* l, const char* path) {
    l->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!l->handle) {
        fprintf(stderr, "bench_ol_llvm: %s\n", dlerror());
        return 0;
    }
#define BENCH_BIND(field, symbol) *(void**)&l->field = dlsym(l->handle, symbol)
    BENCH_BIND(init, "olInit");
    BENCH_BIND(iterate_devices, "olIterateDevices");
    BENCH_BIND(get_device_info, "olGetDeviceInfo");
    BENCH_BIND(get_platform_info, "olGetPlatformInfo");
    BENCH_BIND(create_queue, "olCreateQueue");
    BENCH_BIND(sync_queue, "olSyncQueue");
    BENCH_BIND(create_program, "olCreateProgram");
    BENCH_BIND(get_symbol, "olGetSymbol");
    BENCH_BIND(mem_alloc, "olMemAlloc");
    BENCH_BIND(mem_free, "olMemFree");
    BENCH_BIND(memcpy, "olMemcpy");
    BENCH_BIND(launch, "olLaunchKernel");
#undef BENCH_BIND
    if (!l->init || !l->iterate_devices || !l->get_device_info || !l->get_platform_info || !l->create_queue ||
        !l->sync_queue || !l->create_program || !l->get_symbol || !l->mem_alloc || !l->mem_free || !l->memcpy ||
        !l->launch) {
        fprintf(stderr, "bench_ol_llvm: %s lacks an ol* entry point\n", path);
        return 0;
    }
    return 1;
}

typedef struct device_search {
    ol_library* library;
    ol_platform_backend_t backend;
    ol_device_handle_t found;
} device_search;

static bool find_backend(ol_device_handle_t device, void* user) {
    device_search* s = (device_search*)user;
    ol_platform_handle_t platform = NULL;
    ol_platform_backend_t backend = OL_PLATFORM_BACKEND_UNKNOWN;
    if (s->library->get_device_info(device, OL_DEVICE_INFO_PLATFORM, sizeof platform, &platform) ||
        s->library->get_platform_info(platform, OL_PLATFORM_INFO_BACKEND, sizeof backend, &backend) ||
        backend != s->backend)
        return true;
    s->found = device;
    return false;
}

static ol_device_handle_t find_device(ol_library* l, ol_platform_backend_t backend) {
    device_search s = {l, backend, NULL};
    l->iterate_devices(find_backend, &s);
    return s.found;
}

/* The library's host and CUDA devices, a queue, the kernel and a device buffer; 0 on success. */
static int setup(ol_library* l, const void* cubin, size_t size) {
    ol_program_handle_t program = NULL;
    if (l->init()) return 1;
    l->host = find_device(l, OL_PLATFORM_BACKEND_HOST);
    l->gpu = find_device(l, OL_PLATFORM_BACKEND_CUDA);
    if (!l->host || !l->gpu) {
        fprintf(stderr, "bench_ol_llvm: %s finds no %s device\n", l->name, l->gpu ? "host" : "CUDA");
        return 1;
    }
    ol_result_t r = l->create_queue(l->gpu, &l->queue);
    if (!r) r = l->create_program(l->gpu, cubin, size, &program);
    if (!r) r = l->get_symbol(program, "empty", OL_SYMBOL_KIND_KERNEL, &l->kernel);
    if (!r) r = l->mem_alloc(l->gpu, OL_ALLOC_TYPE_DEVICE, COPY_SIZE, &l->buffer);
    if (r) fprintf(stderr, "bench_ol_llvm: %s: %s\n", l->name, r->Details);
    memset(l->source, 0x5a, sizeof l->source);
    return r != NULL;
}

static void alloc_free(ol_library* l) {
    void* p = NULL;
    check(l, l->mem_alloc(l->gpu, OL_ALLOC_TYPE_DEVICE, ALLOC_SIZE, &p));
    check(l, l->mem_free(p));
}

static void copy_4KiB(ol_library* l) { check(l, l->memcpy(NULL, l->buffer, l->gpu, l->source, l->host, COPY_SIZE)); }

static void queued_launch_sync(ol_library* l) {
    check(l, l->launch(l->queue, l->gpu, l->kernel, NULL, 0, &one_thread));
    check(l, l->sync_queue(l->queue));
}

static void sync_launch(ol_library* l) { check(l, l->launch(NULL, l->gpu, l->kernel, NULL, 0, &one_thread)); }

typedef void (*operation)(ol_library* l);

static double round_us(ol_library* l, operation op) {
    double t0 = now_ms();
    for (int i = 0; i < ITERATIONS; i++) op(l);
    return (now_ms() - t0) * 1e3 / ITERATIONS;
}

static void compare(ol_library* ours, ol_library* llvm, const char* name, operation op) {
    double ours_us[ROUNDS], llvm_us[ROUNDS];
    round_us(ours, op); /* warm-up */
    round_us(llvm, op);
    for (int r = 0; r < ROUNDS; r++) {
        ours_us[r] = round_us(ours, op);
        llvm_us[r] = round_us(llvm, op);
    }
    double o = median(ours_us, ROUNDS), p = median(llvm_us, ROUNDS);
    printf("%s: ours=%.3fus peer=%.3fus ratio=%.2f\n", name, o, p, o / p);
    fflush(stdout);
}

/* The simulated kernel: nothing to do. */
static void empty_kernel(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                         size_t shared, void* user) {
    (void)args, (void)args_size, (void)grid, (void)block, (void)shared, (void)user;
}

/* Sets the primary context of device 0 (the one both libraries use) back to the default
   scheduling, through the driver both loaded; 1 on success, else 0 and a line saying so. */
static int set_default_scheduling(void) {
    void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    int (*get_state)(int, unsigned*, int*) = NULL, (*set_flags)(int, unsigned) = NULL;
    if (driver) {
        *(void**)&get_state = dlsym(driver, "cuDevicePrimaryCtxGetState");
        *(void**)&set_flags = dlsym(driver, "cuDevicePrimaryCtxSetFlags_v2");
    }
    unsigned flags = 0;
    int active = 0, rc = -1;
    if (get_state && set_flags && get_state(0, &flags, &active) == 0) rc = set_flags(0, flags & ~7u);
    if (driver) dlclose(driver);
    if (rc != 0) printf("ol_*_vs_llvm_spinning: skipped: the driver did not set the default scheduling (%d)\n", rc);
    return rc == 0;
}

int main(int argc, char** argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: bench_ol_llvm OURS_LIBRARY LLVM_LIBRARY SIMULATOR|- CUBIN\n");
        return 2;
    }
    if (strcmp(argv[3], "-") != 0) { /* on a real GPU the cubin's kernel runs itself */
        void* sim = dlopen(argv[3], RTLD_NOW | RTLD_LOCAL);
        int (*register_kernel)(
            const char*, void (*)(const void*, size_t, const unsigned*, const unsigned*, size_t, void*), void*) = NULL;
        if (sim) *(void**)&register_kernel = dlsym(sim, "cuda_sim_register_kernel");
        if (!register_kernel || !register_kernel("empty", empty_kernel, NULL)) {
            fprintf(stderr, "bench_ol_llvm: cannot register the kernel in %s\n", argv[3]);
            return 1;
        }
    }
    size_t size = 0;
    char* cubin = test_read_file(argv[4], &size);
    static ol_library ours = {.name = "ours"}, llvm = {.name = "LLVM's"};
    if (!cubin || !bind(&ours, argv[1]) || !bind(&llvm, argv[2]) || setup(&llvm, cubin, size) ||
        setup(&ours, cubin, size))
        return 1;
    free(cubin);
    compare(&ours, &llvm, "ol_alloc_free_64B_vs_llvm", alloc_free);
    compare(&ours, &llvm, "ol_copy_4KiB_vs_llvm", copy_4KiB);
    compare(&ours, &llvm, "ol_queued_empty_launch_sync_vs_llvm", queued_launch_sync);
    compare(&ours, &llvm, "ol_sync_empty_launch_vs_llvm", sync_launch);
    if (set_default_scheduling()) {
        compare(&ours, &llvm, "ol_copy_4KiB_vs_llvm_spinning", copy_4KiB);
        compare(&ours, &llvm, "ol_queued_empty_launch_sync_vs_llvm_spinning", queued_launch_sync);
        compare(&ours, &llvm, "ol_sync_empty_launch_vs_llvm_spinning", sync_launch);
    }
    if (ours.failures || llvm.failures) {
        fprintf(stderr, "bench_ol_llvm: %d calls of ours and %d of LLVM's failed\n", ours.failures, llvm.failures);
        return 1;
    }
    return 0;
}
