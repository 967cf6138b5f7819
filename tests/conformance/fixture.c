/* tests/conformance/fixture.c — opening a device fixture: the context (with the simulated driver
   behind it where there is one), the device under test, and the conformance program on it.

   Devices:
     host      the host device; kernels from a host symbol table (kernels_host.c)
     cuda-sim  the CUDA backend on build/sim/cuda_sim.so; kernels.ptx, run by kernels_host.c
     hsa-sim   the AMDGPU backend on build/sim/hsa_sim.so; kernels.gfx90a.co, likewise
     cuda      the real CUDA driver (OFFLOAD_CUDA_LIBRARY, else libcuda.so.1); kernels.ptx
     amdgpu    the real HSA runtime (OFFLOAD_HSA_LIBRARY, else libhsa-runtime64.so.1); a gfx90a
               device, the one processor the committed code object is built for */
#include "conformance.h"
#include "../files.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONF_CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define CONF_HSA_SIM OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"
#define CONF_PTX OFFLOAD_TEST_ROOT "/tests/conformance/kernels.ptx"
#define CONF_CODE_OBJECT OFFLOAD_TEST_ROOT "/tests/conformance/kernels.gfx90a.co"

typedef enum conf_open_status { CONF_OPEN_OK, CONF_OPEN_NO_DEVICE, CONF_OPEN_FAILED } conf_open_status;

typedef struct conf_device_kind {
    const char* name;
    offload_backend backend;
    const char* sim_library;      /* the simulated driver, NULL for a real one */
    const char* library_env;      /* the environment variable naming a real driver */
    const char* image_path;       /* NULL: the host symbol table */
} conf_device_kind;

static const conf_device_kind conf_device_kinds[] = {
    {"host", OFFLOAD_BACKEND_HOST, NULL, NULL, NULL},
    {"cuda-sim", OFFLOAD_BACKEND_CUDA, CONF_CUDA_SIM, NULL, CONF_PTX},
    {"hsa-sim", OFFLOAD_BACKEND_AMDGPU, CONF_HSA_SIM, NULL, CONF_CODE_OBJECT},
    {"cuda", OFFLOAD_BACKEND_CUDA, NULL, "OFFLOAD_CUDA_LIBRARY", CONF_PTX},
    {"amdgpu", OFFLOAD_BACKEND_AMDGPU, NULL, "OFFLOAD_HSA_LIBRARY", CONF_CODE_OBJECT},
};
enum { CONF_DEVICE_KIND_COUNT = sizeof conf_device_kinds / sizeof conf_device_kinds[0] };

/* Registers every kernel's host implementation with a simulated driver, which it then calls at
   each launch of that name. Returns 0 when the library lacks the control functions. */
static int conf_sim_register(void* library, offload_backend backend) {
    if (backend == OFFLOAD_BACKEND_CUDA) {
        void* reset = dlsym(library, "cuda_sim_reset");
        void* reg = dlsym(library, "cuda_sim_register_kernel");
        if (!reset || !reg) return 0;
        void (*reset_fn)(void);
        int (*register_fn)(const char*, void (*)(const void*, size_t, const unsigned*, const unsigned*, size_t, void*), void*);
        memcpy(&reset_fn, &reset, sizeof reset);
        memcpy(&register_fn, &reg, sizeof reg);
        reset_fn();
        for (int k = 0; k < CONF_KERNEL_COUNT; k++)
            if (!register_fn(conf_kernel_names[k], conf_cuda_sim_kernel, (void*)&conf_kernel_fns[k])) return 0;
        return 1;
    }
    void* reset = dlsym(library, "hsa_sim_reset");
    void* reg = dlsym(library, "hsa_sim_register_kernel");
    if (!reset || !reg) return 0;
    void (*reset_fn)(void);
    void (*register_fn)(const char*, void (*)(const void*, const conf_hsa_dispatch*, void*), void*);
    memcpy(&reset_fn, &reset, sizeof reset);
    memcpy(&register_fn, &reg, sizeof reg);
    reset_fn();
    for (int k = 0; k < CONF_KERNEL_COUNT; k++) register_fn(conf_kernel_names[k], conf_hsa_sim_kernel, (void*)&conf_kernel_fns[k]);
    return 1;
}

/* The first device of the backend, or id 0. */
static offload_device conf_first_device(offload_context* ctx, offload_backend backend, offload_device_info* info) {
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device d = {0};
        if (offload_device_get(ctx, i, &d) == OFFLOAD_SUCCESS && offload_device_get_info(ctx, d, info) == OFFLOAD_SUCCESS &&
            info->backend == backend)
            return d;
    }
    return (offload_device){0};
}

/* A program with the conformance kernels on the fixture's device, its globals at their initial
   values. On the host device it is the symbol table of kernels_host.c, whose storage every such
   program shares. */
static offload_result conf_program_create(conf_fixture* fx, offload_program* out) {
    if (!fx->image) {
        offload_host_symbol symbols[CONF_KERNEL_COUNT + 2];
        offload_program_desc desc = conf_host_program_desc(symbols);
        return offload_program_create(fx->ctx, fx->device, &desc, out);
    }
    return offload_program_create(fx->ctx, fx->device, &(offload_program_desc){.image = fx->image, .size = fx->image_size, .name = "conformance"},
                                  out);
}

static void conf_fixture_close(conf_fixture* fx, void** sim_library) {
    offload_context_destroy(fx->ctx);
    free(fx->image);
    if (*sim_library) dlclose(*sim_library);
    memset(fx, 0, sizeof *fx);
    *sim_library = NULL;
}

/* Opens the fixture of one device kind; *why says why not. A real driver without a device of the
   kind is CONF_OPEN_NO_DEVICE; anything else that fails is CONF_OPEN_FAILED. */
static conf_open_status conf_fixture_open(const conf_device_kind* kind, conf_fixture* fx, void** sim_library, char* why,
                                          size_t why_size) {
    memset(fx, 0, sizeof *fx);
    *sim_library = NULL;
    fx->name = kind->name;
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(kind->backend);
    desc.wait_timeout_ms = 20000; /* a test that hangs a GPU queue fails in seconds */
    const char* library = kind->sim_library ? kind->sim_library : kind->library_env ? getenv(kind->library_env) : NULL;
    if (kind->backend == OFFLOAD_BACKEND_CUDA) desc.cuda_library_path = library;
    if (kind->backend == OFFLOAD_BACKEND_AMDGPU) desc.hsa_library_path = library;
    if (kind->sim_library) {
        *sim_library = dlopen(kind->sim_library, RTLD_NOW);
        if (!*sim_library || !conf_sim_register(*sim_library, kind->backend)) {
            snprintf(why, why_size, "simulated driver %s: %s", kind->sim_library, *sim_library ? "no control functions" : dlerror());
            return CONF_OPEN_FAILED;
        }
    }
    offload_result r = offload_context_create(&desc, &fx->ctx);
    if (r != OFFLOAD_SUCCESS) {
        snprintf(why, why_size, "offload_context_create: %s", offload_result_string(r));
        conf_fixture_close(fx, sim_library);
        return CONF_OPEN_FAILED;
    }
    offload_device_get(fx->ctx, 0, &fx->host);
    fx->device = conf_first_device(fx->ctx, kind->backend, &fx->info);
    if (!fx->device.id) {
        offload_backend_status status;
        memset(&status, 0, sizeof status);
        offload_backend_get_status(fx->ctx, kind->backend, &status);
        snprintf(why, why_size, "no %s device: %s", offload_backend_name(kind->backend), status.reason);
        conf_fixture_close(fx, sim_library);
        /* A simulated driver always has its device, unless the backend is not compiled in. */
        return kind->sim_library && status.result != OFFLOAD_ERROR_NO_BACKEND ? CONF_OPEN_FAILED : CONF_OPEN_NO_DEVICE;
    }
    if (kind->backend == OFFLOAD_BACKEND_AMDGPU && strncmp(fx->info.arch, "gfx90a", 6) != 0) {
        snprintf(why, why_size, "the conformance code object is built for gfx90a, the device is %s", fx->info.arch);
        conf_fixture_close(fx, sim_library);
        return CONF_OPEN_NO_DEVICE;
    }
    if (kind->image_path) {
        fx->image = test_read_file(kind->image_path, &fx->image_size);
        if (!fx->image) {
            snprintf(why, why_size, "cannot read %s", kind->image_path);
            conf_fixture_close(fx, sim_library);
            return CONF_OPEN_FAILED;
        }
    }
    r = conf_program_create(fx, &fx->program);
    for (int k = 0; r == OFFLOAD_SUCCESS && k < CONF_KERNEL_COUNT; k++)
        r = offload_kernel_get(fx->ctx, fx->program, conf_kernel_names[k], &fx->kernels[k]);
    /* On a simulated driver the registered host code stands for the image's: it finds the globals
       where the program put them. */
    void* counter = NULL;
    void* table = NULL;
    size_t size = 0;
    if (r == OFFLOAD_SUCCESS && kind->sim_library) r = offload_global_get(fx->ctx, fx->program, "counter", &counter, &size);
    if (r == OFFLOAD_SUCCESS && kind->sim_library) r = offload_global_get(fx->ctx, fx->program, "table", &table, &size);
    if (r != OFFLOAD_SUCCESS) {
        snprintf(why, why_size, "loading the conformance program: %s: %s", offload_result_string(r), offload_context_last_error(fx->ctx));
        conf_fixture_close(fx, sim_library);
        return CONF_OPEN_FAILED;
    }
    if (kind->sim_library) {
        conf_counter_at = (uint32_t*)counter;
        conf_table_at = (uint32_t*)table;
    }
    return CONF_OPEN_OK;
}
