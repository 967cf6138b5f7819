/* tests/sim/ir_kernels.c — TEST FIXTURE: kernels for the simulated CUDA driver (cuda_sim.c) made
   from a CUDA program's own device code, so that a program built by offload-cuda runs unchanged on
   the simulated CUDA device: through the CUDA layer's GPU path (the IR compiled to PTX, the
   module loaded, kernels launched with the driver's parameter layout, streams, copies and
   symbols through the driver), with kernels that compute what the program asks.

   A program started with CUDA_SIM_KERNELS naming this library and CUDA_SIM_KERNELS_IR naming a
   copy of its .nv_fatbin section (offload-cuda's images: a header, OFFLOAD_CUDA_IR and the
   size, then the NVPTX IR; one per translation unit) gets, at the first launch of each kernel,
   that kernel compiled for the host device by a runtime of its own (the build's liboffload.so,
   opened apart from the one inside the layer) and registered with the driver under its name.
   Each launch copies the running module's variables into the host program before the kernel
   and back after it, and runs the grid on the host device with the driver's argument buffer
   (the host kernel's parameter layout is the PTX one). A kernel that fails there fails as on a
   GPU: the context's sticky error (CUDA_ERROR_ASSERT for a device assert, whose message goes to
   stderr as the device runtime prints it; CUDA_ERROR_LAUNCH_FAILED otherwise). */
#define _GNU_SOURCE
#include "../../offload.h"
#include "kernel_provider.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IR_EXPORT __attribute__((visibility("default")))
#define IR_MAX_PROGRAMS 16
#define IR_MAX_KERNELS 64
/* The driver's results for a kernel that failed (cuda.h's CUresult values). */
#define IR_CUDA_ERROR_ASSERT 710
#define IR_CUDA_ERROR_LAUNCH_FAILED 719

/* The entry points of the runtime this library opens for itself. */
typedef struct ir_runtime {
    offload_result (*context_create)(const offload_context_desc*, offload_context**);
    offload_result (*device_get)(offload_context*, uint32_t, offload_device*);
    offload_result (*program_create)(offload_context*, offload_device, const offload_program_desc*, offload_program*);
    offload_result (*kernel_get)(offload_context*, offload_program, const char*, offload_kernel*);
    offload_result (*launch)(offload_context*, offload_queue, offload_kernel, const offload_launch_desc*);
    offload_result (*global_write)(offload_context*, offload_program, const char*, size_t, const void*, size_t);
    offload_result (*global_read)(offload_context*, offload_program, const char*, size_t, void*, size_t);
    const char* (*last_error)(offload_context*);
    offload_diagnostic (*last_diagnostic)(offload_context*);
} ir_runtime;

typedef struct ir_kernel {
    char name[128];
    offload_kernel kernel;
    offload_program program;
} ir_kernel;

static struct {
    pthread_mutex_t lock; /* kernels run one at a time: the module's variables are copied for each */
    cuda_sim_services services;
    ir_runtime runtime;
    offload_context* ctx;
    offload_program programs[IR_MAX_PROGRAMS];
    int program_count;
    ir_kernel kernels[IR_MAX_KERNELS];
    int kernel_count;
} ir = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void ir_fail(const char* what, const char* why) {
    fprintf(stderr, "ir_kernels: %s: %s\n", what, why);
    abort(); /* loudly: a program that ran on without its kernels would print wrong results */
}

/* The build's liboffload.so, beside this library's folder (build/sim/..), opened apart. */
static void ir_open_runtime(void) {
    Dl_info self;
    char path[4096];
    if (!dladdr(&ir, &self) || !self.dli_fname) ir_fail("dladdr", "cannot find this library");
    snprintf(path, sizeof path, "%s", self.dli_fname);
    char* slash = strrchr(path, '/');
    if (!slash) ir_fail(path, "not a path");
    snprintf(slash, sizeof path - (size_t)(slash - path), "/../liboffload.so");
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) ir_fail(path, dlerror());
    const struct {
        const char* name;
        void** slot;
    } entries[] = {
        {"offload_context_create", (void**)&ir.runtime.context_create},
        {"offload_device_get", (void**)&ir.runtime.device_get},
        {"offload_program_create", (void**)&ir.runtime.program_create},
        {"offload_kernel_get", (void**)&ir.runtime.kernel_get},
        {"offload_launch", (void**)&ir.runtime.launch},
        {"offload_global_write", (void**)&ir.runtime.global_write},
        {"offload_global_read", (void**)&ir.runtime.global_read},
        {"offload_context_last_error", (void**)&ir.runtime.last_error},
        {"offload_context_last_diagnostic", (void**)&ir.runtime.last_diagnostic},
    };
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++) {
        void* entry = dlsym(library, entries[i].name);
        if (!entry) ir_fail(entries[i].name, "missing from liboffload.so");
        memcpy(entries[i].slot, &entry, sizeof entry);
    }
}

/* Loads every image of CUDA_SIM_KERNELS_IR onto a host-only context of its own. */
static void ir_load_programs(void) {
    const char* path = getenv("CUDA_SIM_KERNELS_IR");
    if (!path) ir_fail("CUDA_SIM_KERNELS_IR", "not set");
    FILE* f = fopen(path, "rb");
    if (!f) ir_fail(path, "cannot be read");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char* images = size > 0 ? (char*)malloc((size_t)size) : NULL;
    if (!images || fread(images, 1, (size_t)size, f) != (size_t)size) ir_fail(path, "cannot be read");
    fclose(f);
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    if (ir.runtime.context_create(&desc, &ir.ctx) != OFFLOAD_SUCCESS) ir_fail("offload_context_create", "failed");
    offload_device host;
    ir.runtime.device_get(ir.ctx, 0, &host);
    for (long at = 0; at + 32 <= size;) {
        if (memcmp(images + at, "OFFLOAD_CUDA_IR ", 16) != 0) { /* padding between the sections of two objects */
            at++;
            continue;
        }
        char digits[13]; /* after the magic: the sm (3 digits), then the size (12) */
        memcpy(digits, images + at + 19, 12);
        digits[12] = '\0';
        size_t ir_size = (size_t)strtoull(digits, NULL, 10);
        if (ir_size > (size_t)(size - at - 32) || ir.program_count == IR_MAX_PROGRAMS) ir_fail(path, "malformed");
        offload_program_desc program = {.image = images + at + 32, .size = ir_size, .name = "sim_kernels"};
        if (ir.runtime.program_create(ir.ctx, host, &program, &ir.programs[ir.program_count++]) != OFFLOAD_SUCCESS)
            ir_fail("loading the program's device code", ir.runtime.last_error(ir.ctx));
        at += 32 + (long)ir_size;
    }
    free(images);
    if (!ir.program_count) ir_fail(path, "holds no OFFLOAD_CUDA_IR image");
}

static void ir_copy_in(const char* name, void* storage, size_t size, void* user_data) {
    offload_program program = *(const offload_program*)user_data;
    ir.runtime.global_write(ir.ctx, program, name, 0, storage, size); /* a variable the kernel's program lacks: none */
}

static void ir_copy_out(const char* name, void* storage, size_t size, void* user_data) {
    offload_program program = *(const offload_program*)user_data;
    ir.runtime.global_read(ir.ctx, program, name, 0, storage, size);
}

/* What the driver runs for a kernel this library registered. */
static void ir_run(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                   size_t shared_bytes, void* user_data) {
    const ir_kernel* k = (const ir_kernel*)user_data;
    offload_launch_desc desc = {
        {grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]}, shared_bytes, args, args_size};
    pthread_mutex_lock(&ir.lock);
    ir.services.each_running_global(ir_copy_in, (void*)&k->program);
    offload_result r = ir.runtime.launch(ir.ctx, (offload_queue){0}, k->kernel, &desc);
    if (r != OFFLOAD_SUCCESS) { /* as on a GPU: an assert's message on stderr, the context's sticky error */
        int assert_failed = ir.runtime.last_diagnostic(ir.ctx) == OFFLOAD_DIAG_RPC_KERNEL_ASSERT;
        if (assert_failed) fprintf(stderr, "%s\n", ir.runtime.last_error(ir.ctx));
        ir.services.fail_running_kernel(assert_failed ? IR_CUDA_ERROR_ASSERT : IR_CUDA_ERROR_LAUNCH_FAILED);
    }
    ir.services.each_running_global(ir_copy_out, (void*)&k->program);
    pthread_mutex_unlock(&ir.lock);
}

/* The driver asks for a kernel no one registered: the program's, compiled for the host. */
static int ir_resolve(const char* name) {
    pthread_mutex_lock(&ir.lock);
    if (!ir.ctx) {
        ir_open_runtime();
        ir_load_programs();
    }
    int found = 0;
    for (int p = 0; p < ir.program_count && !found && ir.kernel_count < IR_MAX_KERNELS && strlen(name) < 128; p++) {
        ir_kernel* k = &ir.kernels[ir.kernel_count];
        if (ir.runtime.kernel_get(ir.ctx, ir.programs[p], name, &k->kernel) != OFFLOAD_SUCCESS) continue;
        strcpy(k->name, name);
        k->program = ir.programs[p];
        found = ir.services.register_kernel(name, ir_run, k);
        ir.kernel_count += found;
    }
    pthread_mutex_unlock(&ir.lock);
    return found;
}

IR_EXPORT int (*sim_kernels_serve_cuda(const cuda_sim_services* services))(const char*) {
    ir.services = *services;
    return ir_resolve;
}
