/* tests/gpu/rpc_gpu.c — RPC on a real NVIDIA GPU (run by tests/gpu/run.sh; no LLVM needed: the
   kernels come from tests/gpu/rpc_gpu.ptx). Checks that printf from 10^5 threads delivers every
   line exactly once, then prints benchmark lines:
     rpc_round_trip_gpu  one empty host call from a kernel (peer: an empty kernel launch + sync)
     rpc_printf_gpu      lines/s of the same kernel printing through RPC vs CUDA's device printf
   Usage: rpc_gpu PTX_PATH. Output of CUDA's printf goes to stdout: redirect it. */
#include "offload.h"
#define TEST_OWN_ARGUMENTS /* the PTX file */
#include "tests/test.h"
#include "tests/files.h"

#include <time.h>

enum { LINES = 100000, BLOCK = 256, PINGS = 2000, REPS = 5 };

static const char* ptx_path;
static unsigned char* seen;
static unsigned lines, bad;

static void collect(const char* text, size_t length, void* user_data) {
    (void)user_data;
    int i = -1, n = -1;
    if (length && text[length - 1] == '\n' && sscanf(text, "line %d of %d", &i, &n) == 2 && i >= 0 && i < LINES)
        seen[i]++;
    else
        bad++;
    lines++;
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

static double timed_launch(offload_context* ctx, offload_kernel k, uint32_t blocks, uint32_t threads, uint32_t n) {
    offload_launch_desc d = {{blocks, 1, 1}, {threads, 1, 1}, 0, &n, sizeof n};
    double start = now_s();
    offload_result r = offload_launch(ctx, (offload_queue){0}, k, &d);
    return r == OFFLOAD_SUCCESS ? now_s() - start : -1.0;
}

static void test_gpu_rpc(void) {
    size_t size = 0;
    char* ptx = test_read_file(ptx_path, &size);
    size += 1; /* the driver takes PTX as a C string */
    REQUIRE(ptx);
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.rpc.output = collect;
    offload_context* ctx = NULL;
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    offload_device gpu;
    offload_device_info info;
    if (offload_device_best(ctx, &gpu) != OFFLOAD_SUCCESS || offload_device_get_info(ctx, gpu, &info) ||
        info.backend != OFFLOAD_BACKEND_CUDA) {
        offload_context_destroy(ctx);
        free(ptx);
        SKIP("no CUDA device");
    }
    offload_program program;
    offload_program_desc pd = {ptx, size, NULL, 0, "rpc_gpu"};
    REQUIRE_OK(ctx, offload_program_create(ctx, gpu, &pd, &program));
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
    double peer = timed_launch(ctx, cuda_print, blocks, BLOCK, LINES);
    for (int r = 1; r < REPS; r++) {
        double t = timed_launch(ctx, cuda_print, blocks, BLOCK, LINES);
        if (t > 0 && t < peer) peer = t;
    }
    printf("rpc_printf_gpu: ours=%.0flines/s peer=%.0flines/s ratio=%.2f (peer: CUDA device printf, best of %d)\n",
           LINES / ours, LINES / peer, peer / ours, REPS);

    timed_launch(ctx, ping, 1, 1, 10);
    double rt = timed_launch(ctx, ping, 1, 1, PINGS);
    double launch = timed_launch(ctx, ping, 1, 1, 0); /* n = 0 still makes one call: subtract it */
    printf("rpc_round_trip_gpu: ours=%.2fus peer=%.2fus ratio=%.2f (peer: launch+sync of a kernel making one call)\n",
           (rt - launch) / (PINGS - 1) * 1e6, launch * 1e6, (rt - launch) / (PINGS - 1) / launch);
    free(seen);
    free(ptx);
    offload_context_destroy(ctx);
}

int main(int argc, char** argv) {
    ptx_path = argc > 1 ? argv[1] : "tests/gpu/rpc_gpu.ptx";
    RUN(test_gpu_rpc);
    return test_summary();
}
