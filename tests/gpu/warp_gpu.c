/* tests/gpu/warp_gpu.c — the device library's warp operations on a real NVIDIA GPU (run by
   tests/gpu/run.sh; no LLVM needed: the kernels are tests/gpu/warp_gpu.ll, compiled beforehand by
   the JIT into tests/gpu/warp_gpu.ptx). Checks a warp reduction by offload_shuffle_down, the
   ballot and votes (also over the 16 lanes of a block's partial last warp), and every shuffle
   flavour with the lane id and warp size, against the values the contract in offload.h gives.
   Usage: warp_gpu PTX_PATH. */
#include "offload.h"
#define TEST_OWN_ARGUMENTS /* the PTX file */
#include "tests/test.h"
#include "tests/files.h"

#include <stdlib.h>

enum { WARP = 32, THREADS = 4096, BLOCK = 256, WARPS = THREADS / WARP };

static const char* ptx_path;

/* A context with the kernels of ptx_path loaded on its best device, a CUDA GPU; NULL (and
   *status) when there is none (OFFLOAD_ERROR_NO_BACKEND) or loading fails. */
static offload_context* open_program(offload_device* gpu, offload_program* program, offload_result* status) {
    size_t size = 0;
    char* ptx = test_read_file(ptx_path, &size);
    offload_context* ctx = NULL;
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.wait_timeout_ms = 20000;
    *status = ptx ? offload_context_create(&desc, &ctx) : OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload_device_info info;
    if (*status == OFFLOAD_SUCCESS &&
        (offload_device_best(ctx, gpu) != OFFLOAD_SUCCESS ||
         offload_device_get_info(ctx, *gpu, &info) != OFFLOAD_SUCCESS || info.backend != OFFLOAD_BACKEND_CUDA))
        *status = OFFLOAD_ERROR_NO_BACKEND;
    offload_program_desc pd = {ptx, size + 1, NULL, 0, "warp_gpu"}; /* the driver takes PTX as a C string */
    if (*status == OFFLOAD_SUCCESS) *status = offload_program_create(ctx, *gpu, &pd, program);
    if (*status != OFFLOAD_SUCCESS && *status != OFFLOAD_ERROR_NO_BACKEND && ctx)
        fprintf(stderr, "  loading %s: %s\n", ptx_path, offload_context_last_error(ctx));
    free(ptx);
    if (*status == OFFLOAD_SUCCESS) return ctx;
    offload_context_destroy(ctx);
    return NULL;
}

/* Host-visible device memory of n 4-byte words, zeroed. */
static uint32_t* words(offload_context* ctx, offload_device gpu, size_t n) {
    void* p = NULL;
    if (offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_HOST, n * 4, &p) != OFFLOAD_SUCCESS) return NULL;
    memset(p, 0, n * 4);
    return (uint32_t*)p;
}

static offload_result launch(offload_context* ctx, offload_program program, const char* name, uint32_t blocks,
                             uint32_t threads, const void* args, size_t args_size) {
    offload_kernel k;
    offload_result r = offload_kernel_get(ctx, program, name, &k);
    offload_launch_desc d = {{blocks, 1, 1}, {threads, 1, 1}, 0, args, args_size};
    return r == OFFLOAD_SUCCESS ? offload_launch(ctx, (offload_queue){0}, k, &d) : r;
}

/* warp_sum over in[i] = i: warp w sums 32w .. 32w + 31, 1024w + 496. */
static void test_warp_sum(void) {
    offload_device gpu;
    offload_program program;
    offload_result status;
    offload_context* ctx = open_program(&gpu, &program, &status);
    if (status == OFFLOAD_ERROR_NO_BACKEND) SKIP("no CUDA device");
    REQUIRE(ctx != NULL);
    uint32_t* in = words(ctx, gpu, THREADS);
    uint32_t* sums = words(ctx, gpu, WARPS);
    REQUIRE(in && sums);
    for (uint32_t i = 0; i < THREADS; i++) in[i] = i;
    void* args[2] = {in, sums};
    CHECK_OK(ctx, launch(ctx, program, "warp_sum", THREADS / BLOCK, BLOCK, args, sizeof args));
    int right = 0;
    for (uint32_t w = 0; w < WARPS; w++) right += sums[w] == 1024 * w + 496;
    CHECK(right == WARPS);
    if (right != WARPS)
        fprintf(stderr, "  warp_sum: %d of %d warps right; warp 0 gave %u (expected 496)\n", right, WARPS, sums[0]);
    offload_mem_free(ctx, in);
    offload_mem_free(ctx, sums);
    offload_context_destroy(ctx);
}

/* The predicate of lane l in warp w: all lanes, none, lane 5 only, even lanes (by w % 4). */
static uint32_t predicate(uint32_t w, uint32_t l) {
    switch (w % 4) {
    case 0:
        return 7;
    case 1:
        return 0;
    case 2:
        return l == 5;
    default:
        return (l % 2 == 0) * 2;
    }
}

static void test_warp_vote(void) {
    static const uint64_t ballot[4] = {0xffffffffu, 0, 1u << 5, 0x55555555u};
    static const uint32_t any[4] = {1, 0, 1, 1}, all[4] = {1, 0, 0, 0};
    offload_device gpu;
    offload_program program;
    offload_result status;
    offload_context* ctx = open_program(&gpu, &program, &status);
    if (status == OFFLOAD_ERROR_NO_BACKEND) SKIP("no CUDA device");
    REQUIRE(ctx != NULL);
    uint32_t* in = words(ctx, gpu, THREADS);
    uint64_t* ballots = (uint64_t*)words(ctx, gpu, 2 * WARPS);
    uint32_t* votes = words(ctx, gpu, 2 * WARPS);
    REQUIRE(in && ballots && votes);
    for (uint32_t i = 0; i < THREADS; i++) in[i] = predicate(i / WARP, i % WARP);
    void* args[3] = {in, ballots, votes};
    CHECK_OK(ctx, launch(ctx, program, "warp_vote", THREADS / BLOCK, BLOCK, args, sizeof args));
    int right = 0;
    for (uint32_t w = 0; w < WARPS; w++)
        right += ballots[w] == ballot[w % 4] && votes[2 * w] == any[w % 4] && votes[2 * w + 1] == all[w % 4];
    CHECK(right == WARPS);
    if (right != WARPS)
        fprintf(stderr, "  warp_vote: %d of %d warps right; warp 2 gave ballot %#llx any %u all %u\n", right, WARPS,
                (unsigned long long)ballots[2], votes[4], votes[5]);
    /* One block of 48 threads: its second warp has lanes 0..15 only, all voting 1. */
    for (uint32_t i = 0; i < 48; i++) in[i] = 1;
    memset(ballots, 0, 16);
    memset(votes, 0, 16);
    CHECK_OK(ctx, launch(ctx, program, "warp_vote", 1, 48, args, sizeof args));
    CHECK(ballots[0] == 0xffffffffu && ballots[1] == 0xffffu);
    CHECK(votes[0] == 1 && votes[1] == 1 && votes[2] == 1 && votes[3] == 1);
    if (ballots[1] != 0xffffu) fprintf(stderr, "  partial warp: ballot %#llx\n", (unsigned long long)ballots[1]);
    offload_mem_free(ctx, in);
    offload_mem_free(ctx, ballots);
    offload_mem_free(ctx, votes);
    offload_context_destroy(ctx);
}

/* warp_lanes: thread i (lane l, value v(i) = 1000 + i) writes l, 32, v of lane l + 1 mod 32,
   v(i + 1) or its own at lane 31, v(i - 1) or its own at lane 0, v(i ^ 1), its own (offset 96),
   and v(i ^ 1) through memory across the warp barrier. */
static void test_warp_lanes(void) {
    offload_device gpu;
    offload_program program;
    offload_result status;
    offload_context* ctx = open_program(&gpu, &program, &status);
    if (status == OFFLOAD_ERROR_NO_BACKEND) SKIP("no CUDA device");
    REQUIRE(ctx != NULL);
    uint32_t* out = words(ctx, gpu, 8 * THREADS);
    uint32_t* scratch = words(ctx, gpu, THREADS);
    REQUIRE(out && scratch);
    void* args[2] = {out, scratch};
    CHECK_OK(ctx, launch(ctx, program, "warp_lanes", THREADS / BLOCK, BLOCK, args, sizeof args));
    int right = 0;
    for (uint32_t i = 0; i < THREADS; i++) {
        uint32_t l = i % WARP, v = 1000 + i, base = i - l;
        uint32_t expected[8] = {
            l, WARP,          1000 + base + (l + 1) % WARP, l < WARP - 1 ? v + 1 : v, l > 0 ? v - 1 : v, 1000 + (i ^ 1),
            v, 1000 + (i ^ 1)};
        int same = !memcmp(out + 8 * i, expected, sizeof expected);
        if (!same && right == (int)i)
            fprintf(stderr, "  warp_lanes: thread %u gave %u %u %u %u %u %u %u %u\n", i, out[8 * i], out[8 * i + 1],
                    out[8 * i + 2], out[8 * i + 3], out[8 * i + 4], out[8 * i + 5], out[8 * i + 6], out[8 * i + 7]);
        right += same;
    }
    CHECK(right == THREADS);
    offload_mem_free(ctx, out);
    offload_mem_free(ctx, scratch);
    offload_context_destroy(ctx);
}

int main(int argc, char** argv) {
    ptx_path = argc > 1 ? argv[1] : "tests/gpu/warp_gpu.ptx";
    RUN(test_warp_sum);
    RUN(test_warp_vote);
    RUN(test_warp_lanes);
    return test_summary();
}
