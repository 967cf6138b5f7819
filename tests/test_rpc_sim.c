/* tests/test_rpc_sim.c — RPC on the simulated CUDA driver: the mailbox lives in pinned host
   memory (cuMemHostAlloc), the runtime writes its address into the program's client global, and
   a registered host implementation acting as the device plays whole warps of 32 lanes that share
   one port: printf from every lane, malloc from the device's memory, and abort; and lines written
   to the output buffer, which on a GPU only the server drains while the kernel runs. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#ifdef OFFLOAD_NO_RPC
int main(void) { return test_skip_all("test_rpc_sim", "this build leaves device-to-host calls out (OFFLOAD_NO_RPC)"); }
#else

#include <dlfcn.h>

#define SIM_PATH OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"

typedef void (*sim_kernel_fn)(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                              size_t shared_bytes, void* user_data);

static const char ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                          ".visible .global .align 8 .b8 offload_rpc_client[40];\n"
                          ".visible .entry warps(\n.param .u64 warps_param_0\n)\n{\n ret;\n}\n"
                          ".visible .entry lines(\n.param .u32 lines_param_0\n)\n{\n ret;\n}\n";

static unsigned lines, torn, out_of_order;
static char seen[4096];
static int next_of_lane[32];

/* Each call brings whole lines: "warp W lane L" from printf, "lane L line J" from the output
   buffer (J counts up per lane). */
static void count_output(const char* text, size_t length, void* user_data) {
    (void)user_data;
    if (length == 0 || text[length - 1] != '\n') torn++;
    for (const char *line = text, *end = text + length; line < end;) {
        const char* newline = (const char*)memchr(line, '\n', (size_t)(end - line));
        int warp = -1, lane = -1, j = -1;
        if (sscanf(line, "warp %d lane %d\n", &warp, &lane) == 2 && warp >= 0 && warp < 128 && lane >= 0 && lane < 32)
            seen[warp * 32 + lane]++;
        else if (sscanf(line, "lane %d line %d\n", &lane, &j) == 2 && lane >= 0 && lane < 32)
            out_of_order += j != next_of_lane[lane]++;
        lines++;
        line = newline ? newline + 1 : end;
    }
}

/* The "device" writing `count` lines per lane of one warp to the output buffer, lane after lane. */
static void lines_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user_data) {
    (void)args_size, (void)grid, (void)block, (void)shared;
    offload_test_rpc_client* c = (offload_test_rpc_client*)user_data;
    int count = *(const int*)args;
    for (int j = 0; j < count; j++)
        for (int lane = 0; lane < 32; lane++) {
            char line[32];
            int n = snprintf(line, sizeof line, "lane %d line %d\n", lane, j);
            offload_test_rpc_output(c, line, (size_t)n);
        }
}

/* The "device": each block is one warp of 32 lanes; lane 0 takes a port for all of them. */
static void warps_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user_data) {
    (void)args_size;
    (void)block;
    (void)shared;
    offload_test_rpc_client* c = (offload_test_rpc_client*)user_data;
    uint64_t* pointers = *(uint64_t* const*)args;
    for (unsigned warp = 0; warp < grid[0]; warp++) {
        uint32_t port = offload_test_rpc_open(c);
        for (uint32_t lane = 0; lane < 32; lane++) {
            unsigned char* slot = offload_test_rpc_slot(c, port, lane);
            struct {
                uint32_t sizes[2];
                char fmt[24];
                int32_t args[2];
            } request = {{17, 8}, "warp %d lane %d\n", {(int32_t)warp, (int32_t)lane}};
            uint32_t size = sizeof request;
            memcpy(slot + OFFLOAD_TEST_RPC_SLOT_HEADER, &request, sizeof request);
            memcpy(slot, &size, 4);
        }
        offload_test_rpc_exchange(c, port, OFFLOAD_TEST_RPC_PRINTF, 0xffffffffull);
        offload_test_rpc_close(c, port);
        pointers[warp] = (uint64_t)(uintptr_t)offload_test_rpc_malloc(c, 1024);
    }
    if (grid[0] == 1) offload_test_rpc_abort(c, "warp 0 gave up");
}

/* The simulated driver, a context on its one device, and the program with the client, whose
   "warps" kernel plays warps_impl. */
typedef struct rpc_sim {
    void* library;
    int (*register_kernel)(const char*, sim_kernel_fn, void*);
    unsigned (*call_count)(const char*);
    offload_context* ctx;
    offload_device gpu;
    offload_program program;
    offload_test_rpc_client client;
} rpc_sim;

/* 1 when set up, 0 when the simulated driver is missing (f->library NULL) or failed. */
static int rpc_sim_open(rpc_sim* f, void (*configure)(void* library)) {
    memset(f, 0, sizeof *f);
    f->library = dlopen(SIM_PATH, RTLD_NOW);
    if (!f->library) return 0;
    void* a = dlsym(f->library, "cuda_sim_register_kernel");
    void* b = dlsym(f->library, "cuda_sim_call_count");
    if (!a || !b) return 0;
    memcpy(&f->register_kernel, &a, sizeof a);
    memcpy(&f->call_count, &b, sizeof b);
    if (configure) configure(f->library);
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    desc.cuda_library_path = SIM_PATH;
    desc.rpc.output = count_output;
    desc.rpc.output_size = 4096;
    if (offload_context_create(&desc, &f->ctx) != OFFLOAD_SUCCESS) return 0;
    f->gpu = (offload_device){2};
    offload_device_info info;
    if (offload_device_get_info(f->ctx, f->gpu, &info) != OFFLOAD_SUCCESS) return 0;
    unsigned pinned_before = f->call_count("cuMemHostAlloc");
    offload_program_desc pd = {ptx, sizeof ptx, NULL, 0, "rpc-sim"};
    if (offload_program_create(f->ctx, f->gpu, &pd, &f->program) != OFFLOAD_SUCCESS) return 0;
    CHECK(f->call_count("cuMemHostAlloc") == pinned_before + 1);
    if (offload_global_read(f->ctx, f->program, OFFLOAD_TEST_RPC_SYMBOL, 0, &f->client, sizeof f->client) !=
        OFFLOAD_SUCCESS)
        return 0;
    return f->register_kernel("warps", warps_impl, &f->client) != 0 &&
           f->register_kernel("lines", lines_impl, &f->client) != 0;
}

static void rpc_sim_close(rpc_sim* f) {
    if (f->ctx) offload_context_destroy(f->ctx);
    if (f->library) {
        void (*reset)(void) = NULL;
        void* a = dlsym(f->library, "cuda_sim_reset");
        if (a) memcpy(&reset, &a, sizeof a);
        if (reset) reset();
        dlclose(f->library);
    }
}

/* Opens the fixture or ends the test: a skip when the simulated driver is missing, a failure
   when it is there but the context, device or program could not be made. */
#define RPC_SIM_OPEN_OR_END(f, configure)                                                                              \
    do {                                                                                                               \
        if (!rpc_sim_open(&(f), (configure))) {                                                                        \
            int missing = !(f).library;                                                                                \
            rpc_sim_close(&(f));                                                                                       \
            if (missing) SKIP("no simulated driver at %s", SIM_PATH);                                                  \
            REQUIRE(!"the simulated driver's context, device or program");                                             \
        }                                                                                                              \
    } while (0)

static void test_sim_serves_a_pinned_mailbox(void) {
    rpc_sim f;
    RPC_SIM_OPEN_OR_END(f, NULL);
    offload_context* ctx = f.ctx;
    offload_device gpu = f.gpu;
    offload_test_rpc_client client = f.client;
    unsigned (*call_count)(const char*) = f.call_count;
    CHECK(client.lanes == 32 && client.slot_size == OFFLOAD_TEST_RPC_SLOT_SIZE);
    offload_test_rpc_state st;
    CHECK_OK(ctx, offload_test_rpc_get_state(ctx, gpu, &st));
    CHECK(st.has_mailbox && client.mailbox == st.mailbox);
    offload_program program = f.program;

    enum { WARPS = 96 };
    uint64_t* pointers = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_SHARED, WARPS * sizeof *pointers, (void**)&pointers));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "warps", &k));
    offload_launch_desc ld = {{WARPS, 1, 1}, {32, 1, 1}, 0, &pointers, sizeof pointers};
    /* Kernels' mallocs are stream-ordered (cuMemAllocAsync): cuMemAlloc may wait for the kernel. */
    unsigned allocs_before = call_count("cuMemAllocAsync"), blocking_before = call_count("cuMemAlloc_v2");
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &ld));
    CHECK(lines == WARPS * 32 && torn == 0);
    int once = 0;
    for (int i = 0; i < WARPS * 32; i++) once += seen[i] == 1;
    CHECK(once == WARPS * 32);
    /* Device memory from the manager: the driver saw the first allocation, the cache the rest. */
    int found = 0;
    for (int i = 0; i < WARPS; i++) {
        offload_mem_info mi;
        found += offload_mem_get_info(ctx, (void*)(uintptr_t)pointers[i], &mi) == OFFLOAD_SUCCESS &&
                 mi.kind == OFFLOAD_MEM_DEVICE && mi.device.id == gpu.id;
    }
    CHECK(found == WARPS);
    CHECK(call_count("cuMemAllocAsync") > allocs_before);
    CHECK(call_count("cuMemAlloc_v2") == blocking_before);

    ld.grid[0] = 1;
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &ld), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_KERNEL_ABORT);
    CHECK(strstr(offload_context_last_error(ctx), "warp 0 gave up") != NULL); /* the "device"'s abort text */
    rpc_sim_close(&f);
}

static void without_memory_pools(void* library) {
    void (*set_pools)(int) = NULL;
    void (*set_deadlock_ms)(unsigned) = NULL;
    void* a = dlsym(library, "cuda_sim_set_memory_pools");
    void* b = dlsym(library, "cuda_sim_set_deadlock_ms");
    if (a) memcpy(&set_pools, &a, sizeof a);
    if (b) memcpy(&set_deadlock_ms, &b, sizeof b);
    if (set_pools) set_pools(0);
    if (set_deadlock_ms) set_deadlock_ms(1000);
}

/* On a device without memory pools a kernel's malloc gets NULL at once: cuMemAlloc, which waits
   for running kernels (the simulator counts such a wait as a deadlock after a second), is never
   called for it. The launch itself succeeds. */
static void test_kernel_malloc_without_memory_pools(void) {
    rpc_sim f;
    RPC_SIM_OPEN_OR_END(f, without_memory_pools);
    unsigned (*deadlocks)(void) = NULL;
    void* d = dlsym(f.library, "cuda_sim_deadlocks");
    REQUIRE(d);
    memcpy(&deadlocks, &d, sizeof d);
    enum { WARPS = 4 };
    uint64_t* pointers = NULL;
    REQUIRE_OK(f.ctx, offload_mem_alloc(f.ctx, f.gpu, OFFLOAD_MEM_SHARED, WARPS * sizeof *pointers, (void**)&pointers));
    for (int i = 0; i < WARPS; i++) pointers[i] = 1;
    offload_kernel k;
    REQUIRE_OK(f.ctx, offload_kernel_get(f.ctx, f.program, "warps", &k));
    offload_launch_desc ld = {{WARPS, 1, 1}, {32, 1, 1}, 0, &pointers, sizeof pointers};
    unsigned blocking_before = f.call_count("cuMemAlloc_v2"), deadlocks_before = deadlocks();
    CHECK_OK(f.ctx, offload_launch(f.ctx, (offload_queue){0}, k, &ld));
    int nulls = 0;
    for (int i = 0; i < WARPS; i++) nulls += pointers[i] == 0;
    CHECK(nulls == WARPS);
    CHECK(f.call_count("cuMemAlloc_v2") == blocking_before);
    CHECK(deadlocks() == deadlocks_before);
    CHECK_OK(f.ctx, offload_mem_free(f.ctx, pointers));
    rpc_sim_close(&f);
}

/* 3,200 lines of 24 bytes through a 4 KiB output buffer in one launch: the kernel goes on only as
   the server drains while it runs (a GPU cannot call the host to make room), every line comes out
   whole and each lane's in order. */
static void test_sim_output_buffer_drains_while_the_kernel_runs(void) {
    rpc_sim f;
    RPC_SIM_OPEN_OR_END(f, NULL);
    CHECK(f.client.output_size == 4096);
    offload_kernel k;
    REQUIRE_OK(f.ctx, offload_kernel_get(f.ctx, f.program, "lines", &k));
    int count = 100;
    offload_launch_desc ld = {{1, 1, 1}, {32, 1, 1}, 0, &count, sizeof count};
    lines = torn = out_of_order = 0;
    memset(next_of_lane, 0, sizeof next_of_lane);
    CHECK_OK(f.ctx, offload_launch(f.ctx, (offload_queue){0}, k, &ld));
    CHECK(lines == 32 * 100 && torn == 0 && out_of_order == 0);
    int complete = 0;
    for (int lane = 0; lane < 32; lane++) complete += next_of_lane[lane] == 100;
    CHECK(complete == 32);
    rpc_sim_close(&f);
}

int main(void) {
    RUN(test_sim_serves_a_pinned_mailbox);
    RUN(test_sim_output_buffer_drains_while_the_kernel_runs);
    RUN(test_kernel_malloc_without_memory_pools);
    return test_summary();
}
#endif /* OFFLOAD_NO_RPC */
