/* bench/bench_image.c — what reading an image (image.inc) adds to loading it, side by side in
   one run.

   For a 1 MiB host shared object on the host device and a 1 MiB cubin on the simulated CUDA
   driver: ours = the load as offload_program_create does it (the reader validates the image
   and builds the program's symbol table, then the backend loads it and unloads it again),
   peer = the same backend load and unload without the reader. Medians of REPS alternating
   repetitions after WARMUP. Lines: `<name>: ours=<v>us peer=<v>us ratio=<ours/peer>`.

   The host object is built with cc; the cubin with ptxas from PTX holding a 1 MiB initialised
   global (PTXAS overrides the path). A line whose tool or driver is missing says so instead.
   Note that the simulated driver does no real work to load a module (it parses the symbol
   table and copies the globals' initialisers); a real driver uploads the code to the GPU. */
#include "offload.h"
#include "../tests/files.h"
#include "../tests/test_hooks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define REPS 201
#define WARMUP 5
#define MIB (1u << 20)

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static int compare_u64(const void* a, const void* b) {
    uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

static double median_us(uint64_t* v, int n) {
    qsort(v, (size_t)n, sizeof *v, compare_u64);
    return (double)v[n / 2] / 1000.0;
}

/* Times offload_test_program_load with the reader's step (ours) and without it (peer). */
static void compare(const char* name, offload_context* ctx, offload_device dev, offload_image_format format,
                    const void* image, size_t size) {
    uint64_t with[REPS], without[REPS];
    for (int i = 0; i < WARMUP; i++)
        if (offload_test_program_load(ctx, dev, format, image, size, 1) != OFFLOAD_SUCCESS ||
            offload_test_program_load(ctx, dev, format, image, size, 0) != OFFLOAD_SUCCESS) {
            printf("%s: skipped: the load failed: %s\n", name, offload_context_last_error(ctx));
            return;
        }
    for (int i = 0; i < REPS; i++) {
        for (int validate = 1; validate >= 0; validate--) {
            int first = (i + validate) % 2; /* alternate which goes first */
            uint64_t t0 = now_ns();
            offload_test_program_load(ctx, dev, format, image, size, first);
            uint64_t t1 = now_ns();
            (first ? with : without)[i] = t1 - t0;
        }
    }
    double ours = median_us(with, REPS), peer = median_us(without, REPS);
    printf("%s: ours=%.1fus peer=%.1fus ratio=%.3f\n", name, ours, peer, ours / peer);
}

/* PTX with one entry and a 1 MiB initialised global: ptxas turns it into a cubin of about 1 MiB. */
static char* big_cubin(size_t* size) {
    char dir[] = "/tmp/offload-bench-cubin-XXXXXX";
    if (!mkdtemp(dir)) return NULL;
    char ptx_path[64], cubin_path[64], cmd[512];
    snprintf(ptx_path, sizeof ptx_path, "%s/big.ptx", dir);
    snprintf(cubin_path, sizeof cubin_path, "%s/big.cubin", dir);
    char* cubin = NULL;
    FILE* f = fopen(ptx_path, "w");
    if (f) {
        fprintf(f, ".version 7.1\n.target sm_80\n.address_size 64\n.visible .global .align 4 .u32 blob[%u] = {",
                MIB / 4);
        for (unsigned i = 0; i < MIB / 4; i++) fputs(i ? ",1" : "1", f);
        fputs("};\n.visible .entry scale(.param .u64 x, .param .u32 n)\n{\n\tret;\n}\n", f);
        int written = fclose(f) == 0;
        const char* ptxas = getenv("PTXAS") ? getenv("PTXAS") : "/usr/local/cuda/bin/ptxas";
        snprintf(cmd, sizeof cmd, "'%s' -arch=sm_80 %s -o %s 2>/dev/null", ptxas, ptx_path, cubin_path);
        if (written && system(cmd) == 0) cubin = test_read_file(cubin_path, size);
    }
    remove(ptx_path);
    remove(cubin_path);
    rmdir(dir);
    return cubin;
}

/* The context's first device of a backend; id 0 when it has none. */
static offload_device device_of(offload_context* ctx, offload_backend backend) {
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device dev = {0};
        offload_device_info info;
        if (offload_device_get(ctx, i, &dev) == OFFLOAD_SUCCESS &&
            offload_device_get_info(ctx, dev, &info) == OFFLOAD_SUCCESS && info.backend == backend)
            return dev;
    }
    return (offload_device){0};
}

int main(void) {
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.cuda_library_path = OFFLOAD_TEST_BUILD "/sim/cuda_sim.so";
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return 1;

    char source[256];
    snprintf(source, sizeof source,
             "#include \"offload.h\"\nconst unsigned char blob[%u] = {1};\n"
             "void scale(const void* a, const offload_host_thread* t) { (void)a; (void)t; }\n",
             MIB);
    size_t so_size = 0;
    char* so = test_build_shared_object(source, &so_size);
    if (so)
        compare("program_create_host_object_1MiB", ctx, device_of(ctx, OFFLOAD_BACKEND_HOST), OFFLOAD_IMAGE_HOST_ELF,
                so, so_size);
    else
        printf("program_create_host_object_1MiB: skipped: no C compiler to build the object\n");

    size_t cubin_size = 0;
    char* cubin = big_cubin(&cubin_size);
    offload_device cuda = device_of(ctx, OFFLOAD_BACKEND_CUDA);
    if (!cubin)
        printf("program_create_cubin_1MiB_cuda_sim: skipped: ptxas not found (set PTXAS)\n");
    else if (!cuda.id)
        printf("program_create_cubin_1MiB_cuda_sim: skipped: the simulated CUDA driver is not built\n");
    else
        compare("program_create_cubin_1MiB_cuda_sim", ctx, cuda, OFFLOAD_IMAGE_CUBIN, cubin, cubin_size);
    printf("(host object %zu bytes, cubin %zu bytes)\n", so_size, cubin_size);
    free(so);
    free(cubin);
    offload_context_destroy(ctx);
    return 0;
}
