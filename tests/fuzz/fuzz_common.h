/* tests/fuzz/fuzz_common.h — what the image fuzz targets share: one context per fuzzing process
   with the host device and the simulated CUDA and HSA drivers (built with the sanitizers by
   tests/fuzz/run.sh and found through FUZZ_SIM_DIR), and the whole-path step that hands the
   fuzzed bytes to offload_program_create on each of those devices.

   A host shared object that passes the reader is not handed to dlopen here: dlopen runs the
   object's own code (constructors, relocations, IFUNC resolvers), so a flipped byte in its code
   would crash the fuzzer without saying anything about the runtime. The reader, the symbol
   table and the host backend's own checks run on it; tests/test_images.c loads truncated and
   lying host objects through dlopen itself. */
#ifndef OFFLOAD_FUZZ_COMMON_H
#define OFFLOAD_FUZZ_COMMON_H

#include "offload.h"
#include "../test_hooks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fuzz_devices {
    offload_context* ctx;
    offload_device host, cuda, amdgpu;
} fuzz_devices;

/* The fuzzing process's context (a test fixture: the runtime itself has no global state). */
static fuzz_devices fuzz__devices;

static void fuzz_open_devices(void) {
    static char cuda[4096], hsa[4096];
    const char* dir = getenv("FUZZ_SIM_DIR");
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.host_threads = 1;
    if (dir) {
        snprintf(cuda, sizeof cuda, "%s/cuda_sim.so", dir);
        snprintf(hsa, sizeof hsa, "%s/hsa_sim.so", dir);
        desc.cuda_library_path = cuda;
        desc.hsa_library_path = hsa;
    }
    if (offload_context_create(&desc, &fuzz__devices.ctx) != OFFLOAD_SUCCESS) abort();
    uint32_t count = 0;
    offload_device_count(fuzz__devices.ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device d = {0};
        offload_device_info info;
        if (offload_device_get(fuzz__devices.ctx, i, &d) != OFFLOAD_SUCCESS ||
            offload_device_get_info(fuzz__devices.ctx, d, &info) != OFFLOAD_SUCCESS)
            continue;
        if (info.backend == OFFLOAD_BACKEND_HOST && !fuzz__devices.host.id) fuzz__devices.host = d;
        if (info.backend == OFFLOAD_BACKEND_CUDA && !fuzz__devices.cuda.id) fuzz__devices.cuda = d;
        if (info.backend == OFFLOAD_BACKEND_AMDGPU && !fuzz__devices.amdgpu.id) fuzz__devices.amdgpu = d;
    }
    /* Without the simulated drivers the targets would fuzz only half the path: say so loudly. */
    if (dir && (!fuzz__devices.cuda.id || !fuzz__devices.amdgpu.id)) {
        fprintf(stderr, "fuzz: simulated drivers in %s did not load\n", dir);
        abort();
    }
}

/* Creates (and destroys) a program from the bytes on one device. A refusal must say why; an
   accepted image must have been read by the image reader first. */
static void fuzz_create_on(offload_device dev, const void* data, size_t size) {
    if (!dev.id) return;
    offload_program prog = {0};
    offload_result r =
        offload_program_create(fuzz__devices.ctx, dev, &(offload_program_desc){.image = data, .size = size}, &prog);
    if (r == OFFLOAD_SUCCESS) {
        if (offload_program_destroy(fuzz__devices.ctx, prog) != OFFLOAD_SUCCESS) __builtin_trap();
    } else if (!offload_context_last_error(fuzz__devices.ctx)[0] || prog.id) {
        __builtin_trap();
    }
}

/* The whole path on every device: host (short of dlopen, see above), CUDA, HSA. */
static void fuzz_create_everywhere(const void* data, size_t size) {
    if (!fuzz__devices.ctx) fuzz_open_devices();
    if (offload_image_detect(data, size) != OFFLOAD_IMAGE_HOST_ELF) fuzz_create_on(fuzz__devices.host, data, size);
    fuzz_create_on(fuzz__devices.cuda, data, size);
    fuzz_create_on(fuzz__devices.amdgpu, data, size);
}

#endif
