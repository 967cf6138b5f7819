/* tests/gpu/rpc_gpu.c — RPC on a real NVIDIA GPU (run by tests/gpu/run.sh; no LLVM needed: the
   kernels come from tests/gpu/rpc_gpu.ptx). Checks that printf from 10^5 threads delivers every
   line exactly once, that a kernel can free a 4 MiB block it allocated through RPC (cuMemFree of
   such a block may wait for running kernels, the one being served included: bounded here by
   wait_timeout_ms, so a deadlock fails instead of hanging), then prints benchmark lines:
     rpc_round_trip_gpu  one empty host call from a kernel (peer: an empty kernel launch + sync)
     rpc_printf_gpu      lines/s of the same kernel printing through RPC vs CUDA's device printf
   Usage: rpc_gpu PTX_PATH. Output of CUDA's printf goes to stdout: redirect it; run.sh counts its
   lines, since CUDA's printf FIFO is circular and drops what does not fit (1 MiB by default,
   about a third of 10^5 lines): the FIFO is made large enough first (CU_LIMIT_PRINTF_FIFO_SIZE
   on every device's primary context, the one the runtime uses, before any module is loaded). */
#include "offload.h"
#define TEST_OWN_ARGUMENTS /* the PTX file */
#include "tests/test.h"
#include "tests/files.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

enum { LINES = 100000, BLOCK = 256, PINGS = 2000, REPS = 5 };

static const char* ptx_path;
static unsigned char* seen;
static unsigned lines, bad;

/* Each call brings whole lines: one request's, or a piece of the output buffer. */
static void collect(const char* text, size_t length, void* user_data) {
    (void)user_data;
    if (!length || text[length - 1] != '\n') bad++;
    for (const char *line = text, *end = text + length; line < end;) {
        const char* newline = (const char*)memchr(line, '\n', (size_t)(end - line));
        int i = -1, n = -1;
        if (newline && sscanf(line, "line %d of %d", &i, &n) == 2 && i >= 0 && i < LINES)
            seen[i]++;
        else
            bad++;
        lines++;
        line = newline ? newline + 1 : end;
    }
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static offload_result empty(const void* in, size_t in_size, void* out, size_t cap, size_t* out_size, void* user) {
    (void)in, (void)in_size, (void)out, (void)cap, (void)user;
    *out_size = 0;
    return OFFLOAD_SUCCESS;
}

/* 32 bytes a record (format pointer, two arguments in 8-byte slots, header) and room to spare. */
#define PRINTF_FIFO_BYTES ((size_t)64 << 20)

/* Sets CU_LIMIT_PRINTF_FIFO_SIZE (1) on every device's primary context, retained for the run (the
   runtime retains the same context; a limit set now holds for its launches). Returns the number
   of devices set, or -1 when the driver cannot be used. */
/* dlsym into a function pointer (ISO C has no cast between the two). */
static int bind(void* library, const char* name, void* slot) {
    void* address = dlsym(library, name);
    memcpy(slot, &address, sizeof address);
    return address != NULL;
}

static int set_printf_fifo(void** library_out, unsigned long long* retained) {
    const char* path = getenv("OFFLOAD_CUDA_LIBRARY");
    void* library = dlopen(path && *path ? path : "libcuda.so.1", RTLD_NOW);
    *library_out = library;
    int (*init)(unsigned);
    int (*count)(int*);
    int (*retain)(void**, int);
    int (*push)(void*);
    int (*pop)(void**);
    int (*set_limit)(int, size_t);
    int n = 0;
    if (!library || !bind(library, "cuInit", &init) || !bind(library, "cuDeviceGetCount", &count) ||
        !bind(library, "cuDevicePrimaryCtxRetain", &retain) || !bind(library, "cuCtxPushCurrent_v2", &push) ||
        !bind(library, "cuCtxPopCurrent_v2", &pop) || !bind(library, "cuCtxSetLimit", &set_limit) || init(0) != 0 ||
        count(&n) != 0)
        return -1;
    int set = 0;
    *retained = 0;
    for (int d = 0; d < n && d < 64; d++) {
        void* context = NULL;
        void* popped = NULL;
        if (retain(&context, d) != 0) continue;
        *retained |= 1ull << d;
        if (push(context) != 0) continue;
        int rc = set_limit(1, PRINTF_FIFO_BYTES);
        pop(&popped);
        if (rc == 0)
            set++;
        else
            fprintf(stderr, "  cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE) on device %d failed: %d\n", d, rc);
    }
    return set;
}

/* Gives back the references set_printf_fifo took. */
static void release_printf_fifo(void* library, unsigned long long retained) {
    int (*release)(int);
    if (library && bind(library, "cuDevicePrimaryCtxRelease_v2", &release))
        for (int d = 0; d < 64; d++)
            if (retained >> d & 1) release(d);
}

static double timed_launch(offload_context* ctx, offload_kernel k, uint32_t blocks, uint32_t threads, uint32_t n) {
    offload_launch_desc d = {{blocks, 1, 1}, {threads, 1, 1}, 0, &n, sizeof n};
    double start = now_s();
    offload_result r = offload_launch(ctx, (offload_queue){0}, k, &d);
    return r == OFFLOAD_SUCCESS ? now_s() - start : -1.0;
}

/* A context made from desc with the kernels of ptx_path loaded on its best device, a CUDA GPU;
   NULL (and *status) when there is none, OFFLOAD_ERROR_NO_BACKEND, or loading fails. */
static offload_context* open_program(const offload_context_desc* desc, offload_device* gpu, offload_program* program,
                                     offload_result* status) {
    size_t size = 0;
    char* ptx = test_read_file(ptx_path, &size);
    offload_context* ctx = NULL;
    *status = ptx ? offload_context_create(desc, &ctx) : OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload_device_info info;
    if (*status == OFFLOAD_SUCCESS &&
        (offload_device_best(ctx, gpu) != OFFLOAD_SUCCESS ||
         offload_device_get_info(ctx, *gpu, &info) != OFFLOAD_SUCCESS || info.backend != OFFLOAD_BACKEND_CUDA))
        *status = OFFLOAD_ERROR_NO_BACKEND;
    offload_program_desc pd = {ptx, size + 1, NULL, 0, "rpc_gpu"}; /* the driver takes PTX as a C string */
    if (*status == OFFLOAD_SUCCESS) *status = offload_program_create(ctx, *gpu, &pd, program);
    if (*status != OFFLOAD_SUCCESS && *status != OFFLOAD_ERROR_NO_BACKEND && ctx)
        fprintf(stderr, "  loading %s: %s\n", ptx_path, offload_context_last_error(ctx));
    free(ptx);
    if (*status == OFFLOAD_SUCCESS) return ctx;
    offload_context_destroy(ctx);
    return NULL;
}

static void test_gpu_rpc(void) {
    void* library = NULL;
    unsigned long long retained = 0;
    int fifo = set_printf_fifo(&library, &retained);
    if (fifo > 0) printf("rpc_printf_fifo: %zu bytes on %d device(s)\n", PRINTF_FIFO_BYTES, fifo);
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.rpc.output = collect;
    offload_device gpu;
    offload_program program;
    offload_result status;
    offload_context* ctx = open_program(&desc, &gpu, &program, &status);
    if (!ctx) release_printf_fifo(library, retained);
    if (status == OFFLOAD_ERROR_NO_BACKEND) SKIP("no CUDA device");
    REQUIRE(ctx != NULL);
    offload_kernel print, cuda_print, ping;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "rpc_print", &print));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "cuda_print", &cuda_print));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "ping", &ping));
    REQUIRE_OK(ctx, offload_rpc_register(ctx, 0, empty, NULL));
    seen = (unsigned char*)calloc(LINES, 1);
    uint32_t blocks = (LINES + BLOCK - 1) / BLOCK;

    double ours = timed_launch(ctx, print, blocks, BLOCK, LINES);
    CHECK(ours > 0);
    int once = 0;
    for (int i = 0; i < LINES; i++) once += seen[i] == 1;
    CHECK(once == LINES && lines == LINES && bad == 0);
    fprintf(stderr, "  %u lines, %d exactly once, %u malformed\n", lines, once, bad);
    for (int r = 1; r < REPS; r++) {
        double t = timed_launch(ctx, print, blocks, BLOCK, LINES);
        if (t > 0 && t < ours) ours = t;
    }
    CHECK(fifo > 0); /* else the peer loses lines: its ratio would not be like for like */
    double peer = timed_launch(ctx, cuda_print, blocks, BLOCK, LINES);
    for (int r = 1; r < REPS; r++) {
        double t = timed_launch(ctx, cuda_print, blocks, BLOCK, LINES);
        if (t > 0 && t < peer) peer = t;
    }
    printf("rpc_printf_gpu: ours=%.0flines/s peer=%.0flines/s ratio=%.2f (peer: CUDA device printf, best of %d; "
           "its %d lines are counted by run.sh)\n",
           LINES / ours, LINES / peer, peer / ours, REPS, REPS * LINES);

    timed_launch(ctx, ping, 1, 1, 10);
    double rt = timed_launch(ctx, ping, 1, 1, PINGS);
    double launch = timed_launch(ctx, ping, 1, 1, 0); /* n = 0 still makes one call: subtract it */
    printf("rpc_round_trip_gpu: ours=%.2fus peer=%.2fus ratio=%.2f (peer: launch+sync of a kernel making one call)\n",
           (rt - launch) / (PINGS - 1) * 1e6, launch * 1e6, (rt - launch) / (PINGS - 1) / launch);
    free(seen);
    offload_context_destroy(ctx);
    release_printf_fifo(library, retained);
}

/* rpc_big_free on a queue and synchronously, each within 20 s. */
static void test_gpu_rpc_big_free(void) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.wait_timeout_ms = 20000;
    offload_device gpu;
    offload_program program;
    offload_result status;
    offload_context* ctx = open_program(&desc, &gpu, &program, &status);
    if (status == OFFLOAD_ERROR_NO_BACKEND) SKIP("no CUDA device");
    REQUIRE(ctx != NULL);
    offload_kernel big_free;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "rpc_big_free", &big_free));
    uint32_t* ok = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_HOST, 4, (void**)&ok));
    offload_launch_desc d = {{1, 1, 1}, {1, 1, 1}, 0, &ok, sizeof ok};
    *ok = 7;
    double start = now_s();
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, big_free, &d));
    CHECK(*ok == 1);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, gpu, &q));
    *ok = 7;
    CHECK_OK(ctx, offload_launch(ctx, q, big_free, &d));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(*ok == 1);
    fprintf(stderr, "  4 MiB RPC malloc+free from a kernel, synchronous and queued: %.3f s\n", now_s() - start);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, ok));
    offload_context_destroy(ctx);
}

int main(int argc, char** argv) {
    ptx_path = argc > 1 ? argv[1] : "tests/gpu/rpc_gpu.ptx";
    RUN(test_gpu_rpc_big_free);
    RUN(test_gpu_rpc);
    return test_summary();
}
