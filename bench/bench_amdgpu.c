/* bench/bench_amdgpu.c — the AMDGPU backend's small synchronous copies on the simulated HSA
   runtime (build/sim/hsa_sim.so), side by side in one run.

   small_copy: a synchronous 8-byte host-to-device copy followed by a device-to-host copy, both
   from pageable stack memory, through offload_memcpy (ours: a staging block) against the same
   two copies made the way the backend made them before staging (peer: each copy takes its own
   hsa_amd_memory_lock, released when the copy completed), through the backend's own copy path
   with staging left out (offload_test_amdgpu_memcpy_unstaged: the program links the test build
   of the library, liboffload-test.a). Median of ROUNDS rounds of REPS pairs, the two variants
   alternating. The lines also count hsa_amd_memory_lock calls per pair.

   On the simulator a lock is a list insert; on a device it is KFD register and map ioctls, and
   its release an unmap with a GPU TLB flush (tens of microseconds), so the ratio here
   understates the gain. Lines: `<name>: ours=<v><unit> peer=<v><unit> ratio=<ours/peer>`. */
#define _GNU_SOURCE
#include "../offload.h"
#include "../tests/files.h"
#include "../tests/sim_control.h"
#include "../tests/test_hooks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define REPS 2000
#define ROUNDS 7

static int compare_double(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char** argv) {
    const char* sim = argc > 1 ? argv[1] : OFFLOAD_TEST_BUILD "/sim/hsa_sim.so";
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_AMDGPU);
    desc.hsa_library_path = sim;
    desc.no_environment = 1;
    desc.host_threads = 1;
    offload_context* ctx = NULL;
    uint32_t devices = 0;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS ||
        offload_device_count(ctx, &devices) != OFFLOAD_SUCCESS || devices < 2) {
        printf("skipped: the simulated HSA runtime %s did not load\n", sim);
        if (ctx) offload_context_destroy(ctx);
        return 0;
    }
    /* The simulator's call counts; another runtime given on the command line has none. */
    void* lib = NULL;
    uint64_t (*calls)(const char*) = NULL;
    const test_sim_symbol symbols[] = {{"hsa_sim_calls", &calls}};
    if (!test_sim_open(&lib, sim, symbols, TEST_SIM_COUNT(symbols))) calls = NULL;
    offload_device gpu = {2}, host = {1};
    uint64_t* buf = NULL;
    if (offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 64, (void**)&buf) != OFFLOAD_SUCCESS) return 1;
    double ours[ROUNDS], peer[ROUNDS];
    uint64_t locks[2] = {0, 0};
    int failures = 0;
    for (int round = -1; round < ROUNDS; round++) { /* round -1 warms up */
        for (int variant = 0; variant < 2; variant++) {
            uint64_t before = calls ? calls("hsa_amd_memory_lock") : 0;
            uint64_t t0 = test_now_ns();
            for (int i = 0; i < REPS; i++) {
                uint64_t value = (uint64_t)i, back = 0;
                if (variant == 0) {
                    failures += offload_memcpy(ctx, gpu, buf, host, &value, sizeof value) != OFFLOAD_SUCCESS;
                    failures += offload_memcpy(ctx, host, &back, gpu, buf, sizeof back) != OFFLOAD_SUCCESS;
                } else {
                    failures += offload_test_amdgpu_memcpy_unstaged(ctx, gpu, buf, host, &value, sizeof value) !=
                                OFFLOAD_SUCCESS;
                    failures +=
                        offload_test_amdgpu_memcpy_unstaged(ctx, host, &back, gpu, buf, sizeof back) != OFFLOAD_SUCCESS;
                }
                failures += back != value;
            }
            double us = (double)(test_now_ns() - t0) / 1e3 / REPS;
            if (round < 0) continue;
            (variant == 0 ? ours : peer)[round] = us;
            locks[variant] += (calls ? calls("hsa_amd_memory_lock") : 0) - before;
        }
    }
    qsort(ours, ROUNDS, sizeof *ours, compare_double);
    qsort(peer, ROUNDS, sizeof *peer, compare_double);
    printf("small_copy (8 B to and from the simulated GPU): ours=%.2fus peer=%.2fus ratio=%.3f\n", ours[ROUNDS / 2],
           peer[ROUNDS / 2], ours[ROUNDS / 2] / peer[ROUNDS / 2]);
    printf("small_copy locks per pair: ours=%.2f peer=%.2f\n", (double)locks[0] / (ROUNDS * REPS),
           (double)locks[1] / (ROUNDS * REPS));
    offload_mem_free(ctx, buf);
    offload_context_destroy(ctx);
    if (lib) dlclose(lib);
    if (failures) printf("small_copy: %d failed copies\n", failures);
    return failures != 0;
}
