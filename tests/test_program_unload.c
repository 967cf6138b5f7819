/* tests/test_program_unload.c — offload_program_destroy while a kernel of the program is still
   queued or running: the handles go at once, the code stays loaded until the launch has ended.

   - CUDA (build/sim/cuda_sim.so): cuModuleUnload does not wait for the module's kernels (undefined
     behaviour on the real driver); the simulated driver counts an unload while a kernel of the
     module is queued or running. A queued kernel that runs until the test lets it go, and a
     synchronous launch that outlived its timed-out wait, both finish from loaded code, and the
     module is unloaded afterwards (at the next program call, or at teardown). A program whose
     launches have all ended is unloaded by the destroy itself.
   - AMDGPU (build/sim/hsa_sim.so): hsa.h requires that no kernel of an executable is in flight
     when it is destroyed; the simulated runtime counts a destroy with a dispatch of it queued or
     running. Same scenario on a queue.
   - host: a program loaded from a shared object is dlclosed only once its queued kernel has
     returned (the kernel reports its own address, which must still belong to a loaded object
     after the destroy; an unmapped one would also crash the queue's thread).

   The tests use offload.h and the simulated drivers' control functions. */
#define _GNU_SOURCE
#include "../offload.h"
#include "files.h"
#include "sim_control.h"
#include "test.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#define CUDA_SIM_PATH OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM_PATH OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"
#define CODE_OBJECT OFFLOAD_TEST_ROOT "/tests/data/amdgpu/kernels.gfx90a.co"

/* A kernel of either simulator: waits until *release is set, then sets *done. */
typedef struct gate_args {
    atomic_int* release;
    atomic_int* done;
} gate_args;

static void gate_wait(const void* args) {
    gate_args a;
    memcpy(&a, args, sizeof a);
    while (!atomic_load(a.release)) usleep(1000);
    atomic_store(a.done, 1);
}

/* ---- CUDA ------------------------------------------------------------------------------------- */

typedef void (*cuda_kernel_fn)(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                               size_t shared_bytes, void* user_data);

static struct {
    void* library;
    void (*reset)(void);
    unsigned (*call_count)(const char* entry);
    int (*register_kernel)(const char* name, cuda_kernel_fn fn, void* user_data);
    int (*fail)(const char* entry, unsigned nth, int result);
    long (*live_objects)(void);
    long (*pending_ops)(void);
    unsigned (*unloads_while_running)(void);
} cuda_sim;

static int cuda_sim_open(void) {
    const test_sim_symbol symbols[] = {
        {"cuda_sim_reset", &cuda_sim.reset},
        {"cuda_sim_call_count", &cuda_sim.call_count},
        {"cuda_sim_register_kernel", &cuda_sim.register_kernel},
        {"cuda_sim_fail", &cuda_sim.fail},
        {"cuda_sim_live_objects", &cuda_sim.live_objects},
        {"cuda_sim_pending_ops", &cuda_sim.pending_ops},
        {"cuda_sim_unloads_while_running", &cuda_sim.unloads_while_running},
    };
    return test_sim_open(&cuda_sim.library, CUDA_SIM_PATH, symbols, TEST_SIM_COUNT(symbols));
}

static const char gate_ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                               ".visible .entry gate(\n.param .u64 gate_p0,\n.param .u64 gate_p1\n)\n{\n ret;\n}\n";

static void cuda_gate_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                           size_t shared, void* user_data) {
    (void)args_size, (void)grid, (void)block, (void)shared, (void)user_data;
    gate_wait(args);
}

static offload_context* cuda_context(uint32_t wait_timeout_ms) {
    offload_context_desc desc = {0};
    desc.cuda_library_path = CUDA_SIM_PATH;
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    desc.wait_timeout_ms = wait_timeout_ms;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* Loads the gate program on the first GPU (device 2) and gets its kernel. */
static int cuda_load_gate(offload_context* ctx, offload_program* prog, offload_kernel* kernel) {
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    return count >= 2 &&
           offload_program_create(ctx, (offload_device){2},
                                  &(offload_program_desc){.image = gate_ptx, .size = sizeof gate_ptx},
                                  prog) == OFFLOAD_SUCCESS &&
           offload_kernel_get(ctx, *prog, "gate", kernel) == OFFLOAD_SUCCESS;
}

/* A kernel queued and running when its program is destroyed: the destroy returns at once, the
   handles are stale, the module stays until the kernel ended, and goes afterwards. */
static void test_cuda_unload_waits_for_a_queued_kernel(void) {
    if (!cuda_sim_open()) SKIP("simulated driver: %s", test_sim_error());
    cuda_sim.reset();
    REQUIRE(cuda_sim.register_kernel("gate", cuda_gate_impl, NULL));
    offload_context* ctx = cuda_context(0);
    REQUIRE(ctx != NULL);
    offload_program prog;
    offload_kernel kernel;
    REQUIRE(cuda_load_gate(ctx, &prog, &kernel));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, (offload_device){2}, &q));
    atomic_int release = 0, done = 0;
    gate_args args = {&release, &done};
    offload_launch_desc l = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &l));
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &l)); /* a second one still queued behind it */
    unsigned unloads = cuda_sim.call_count("cuModuleUnload");
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads); /* not yet */
    CHECK_RESULT(ctx, offload_launch(ctx, q, kernel, &l), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_program_destroy(ctx, prog), OFFLOAD_ERROR_INVALID_HANDLE);
    atomic_store(&release, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(atomic_load(&done) == 1);
    CHECK(cuda_sim.unloads_while_running() == 0);
    /* The next program call finds the launches ended and unloads the module. */
    offload_program other;
    offload_kernel other_kernel;
    REQUIRE(cuda_load_gate(ctx, &other, &other_kernel));
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads + 1);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads + 2);
    CHECK(cuda_sim.unloads_while_running() == 0);
    CHECK(cuda_sim.live_objects() == 0);
}

/* Nothing of the program runs any more (its queue is idle, another queue is busy with a kernel
   of another program): the destroy unloads at once, without waiting for the other queue. */
static void test_cuda_unload_is_immediate_when_idle(void) {
    if (!cuda_sim_open()) SKIP("simulated driver: %s", test_sim_error());
    cuda_sim.reset();
    REQUIRE(cuda_sim.register_kernel("gate", cuda_gate_impl, NULL));
    offload_context* ctx = cuda_context(0);
    REQUIRE(ctx != NULL);
    offload_program prog;
    offload_kernel kernel;
    REQUIRE(cuda_load_gate(ctx, &prog, &kernel));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, (offload_device){2}, &q));
    atomic_int release = 1, done = 0;
    gate_args args = {&release, &done};
    offload_launch_desc l = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &l));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(atomic_load(&done) == 1);
    unsigned unloads = cuda_sim.call_count("cuModuleUnload");
    unsigned events = cuda_sim.call_count("cuEventCreate");
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads + 1);
    CHECK(cuda_sim.call_count("cuEventCreate") == events); /* an idle queue needs no mark */
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
    CHECK(cuda_sim.unloads_while_running() == 0);
    CHECK(cuda_sim.live_objects() == 0);
}

/* A synchronous launch whose wait timed out keeps running (CUDA cannot stop it): its program is
   unloaded only once it has ended, though no queue holds it. */
static void test_cuda_unload_waits_for_a_timed_out_launch(void) {
    if (!cuda_sim_open()) SKIP("simulated driver: %s", test_sim_error());
    cuda_sim.reset();
    REQUIRE(cuda_sim.register_kernel("gate", cuda_gate_impl, NULL));
    offload_context* ctx = cuda_context(50);
    REQUIRE(ctx != NULL);
    offload_program prog;
    offload_kernel kernel;
    REQUIRE(cuda_load_gate(ctx, &prog, &kernel));
    atomic_int release = 0, done = 0;
    gate_args args = {&release, &done};
    offload_launch_desc l = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = &args, .args_size = sizeof args};
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, kernel, &l), OFFLOAD_ERROR_TIMEOUT);
    unsigned unloads = cuda_sim.call_count("cuModuleUnload");
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads);
    atomic_store(&release, 1);
    for (int i = 0; i < 5000 && cuda_sim.pending_ops() != 0; i++) usleep(1000);
    CHECK(atomic_load(&done) == 1);
    offload_program other;
    offload_kernel other_kernel;
    REQUIRE(cuda_load_gate(ctx, &other, &other_kernel));
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads + 1);
    offload_context_destroy(ctx);
    CHECK(cuda_sim.unloads_while_running() == 0);
    CHECK(cuda_sim.live_objects() == 0);
}

/* The fence cannot be made (cuEventCreate fails): the destroy still succeeds, and the module
   waits for the teardown, when every queue has drained, rather than being unloaded under the
   kernel. */
static void test_cuda_unload_without_a_fence_waits_for_teardown(void) {
    if (!cuda_sim_open()) SKIP("simulated driver: %s", test_sim_error());
    cuda_sim.reset();
    REQUIRE(cuda_sim.register_kernel("gate", cuda_gate_impl, NULL));
    offload_context* ctx = cuda_context(0);
    REQUIRE(ctx != NULL);
    offload_program prog;
    offload_kernel kernel;
    REQUIRE(cuda_load_gate(ctx, &prog, &kernel));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, (offload_device){2}, &q));
    atomic_int release = 0, done = 0;
    gate_args args = {&release, &done};
    offload_launch_desc l = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &l));
    unsigned unloads = cuda_sim.call_count("cuModuleUnload");
    REQUIRE(cuda_sim.fail("cuEventCreate", 1, 2 /* CUDA_ERROR_OUT_OF_MEMORY */));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads);
    atomic_store(&release, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(atomic_load(&done) == 1);
    offload_program other;
    offload_kernel other_kernel;
    REQUIRE(cuda_load_gate(ctx, &other, &other_kernel));
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads); /* no fence: only the teardown knows */
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
    CHECK(cuda_sim.call_count("cuModuleUnload") == unloads + 2);
    CHECK(cuda_sim.unloads_while_running() == 0);
    CHECK(cuda_sim.live_objects() == 0);
}

/* ---- AMDGPU ----------------------------------------------------------------------------------- */

typedef struct hsa_dispatch {
    const char* kernel;
    uint32_t dims, workgroup[3], grid[3], group_segment_size, private_segment_size, kernarg_size, gpu;
    const void* queue;
} hsa_dispatch;
typedef void (*hsa_kernel_fn)(const void* kernarg, const hsa_dispatch* dispatch, void* user);

static struct {
    void* library;
    void (*reset)(void);
    void (*register_kernel)(const char*, hsa_kernel_fn, void*);
    uint64_t (*calls)(const char*);
    uint64_t (*destroys_while_in_use)(void);
    long (*live_objects)(void);
} hsa_sim;

static int hsa_sim_open(void) {
    const test_sim_symbol symbols[] = {
        {"hsa_sim_reset", &hsa_sim.reset},
        {"hsa_sim_register_kernel", &hsa_sim.register_kernel},
        {"hsa_sim_calls", &hsa_sim.calls},
        {"hsa_sim_destroys_while_in_use", &hsa_sim.destroys_while_in_use},
        {"hsa_sim_live_objects", &hsa_sim.live_objects},
    };
    return test_sim_open(&hsa_sim.library, HSA_SIM_PATH, symbols, TEST_SIM_COUNT(symbols));
}

/* saxpy(float a, float* x, float* y, int n) of the code object: its kernarg carries the gate. */
typedef struct saxpy_args {
    float a;
    float* x;
    float* y;
    int32_t n;
} saxpy_args;

static void hsa_gate_impl(const void* kernarg, const hsa_dispatch* d, void* user) {
    (void)d, (void)user;
    saxpy_args a;
    memcpy(&a, kernarg, sizeof a);
    gate_args gate = {(atomic_int*)(void*)a.x, (atomic_int*)(void*)a.y};
    gate_wait(&gate);
}

static offload_program hsa_load(offload_context* ctx) {
    size_t size = 0;
    void* image = test_read_file(CODE_OBJECT, &size);
    offload_program prog = {0};
    if (image && offload_program_create(ctx, (offload_device){2}, &(offload_program_desc){.image = image, .size = size},
                                        &prog) != OFFLOAD_SUCCESS)
        prog.id = 0;
    free(image);
    return prog;
}

static offload_context* hsa_context(uint32_t wait_timeout_ms) {
    hsa_sim.reset();
    hsa_sim.register_kernel("saxpy", hsa_gate_impl, NULL);
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_AMDGPU);
    desc.hsa_library_path = HSA_SIM_PATH;
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.wait_timeout_ms = wait_timeout_ms;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

static void test_amdgpu_unload_waits_for_a_queued_kernel(void) {
    if (!hsa_sim_open()) SKIP("simulated runtime: %s", test_sim_error());
    offload_context* ctx = hsa_context(0);
    REQUIRE(ctx != NULL);
    offload_program prog = hsa_load(ctx);
    offload_kernel kernel;
    REQUIRE(prog.id && offload_kernel_get(ctx, prog, "saxpy", &kernel) == OFFLOAD_SUCCESS);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, (offload_device){2}, &q));
    atomic_int release = 0, done = 0;
    saxpy_args args = {1.0f, (float*)(void*)&release, (float*)(void*)&done, 0};
    offload_launch_desc l = {.grid = {1, 1, 1}, .block = {64, 1, 1}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &l));
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &l)); /* a second one still queued behind it */
    uint64_t destroys = hsa_sim.calls("hsa_executable_destroy");
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK(hsa_sim.calls("hsa_executable_destroy") == destroys); /* not yet */
    CHECK_RESULT(ctx, offload_launch(ctx, q, kernel, &l), OFFLOAD_ERROR_INVALID_HANDLE);
    atomic_store(&release, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(atomic_load(&done) == 1);
    CHECK(hsa_sim.destroys_while_in_use() == 0);
    offload_program other = hsa_load(ctx);
    CHECK(other.id != 0);
    CHECK(hsa_sim.calls("hsa_executable_destroy") == destroys + 1);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
    CHECK(hsa_sim.calls("hsa_executable_destroy") == destroys + 2);
    CHECK(hsa_sim.destroys_while_in_use() == 0);
    CHECK(hsa_sim.live_objects() == 0);
}

/* A synchronous launch whose wait timed out keeps running on the device's synchronous queue: the
   executable stays until it has ended. */
static void test_amdgpu_unload_waits_for_a_timed_out_launch(void) {
    if (!hsa_sim_open()) SKIP("simulated runtime: %s", test_sim_error());
    offload_context* ctx = hsa_context(50);
    REQUIRE(ctx != NULL);
    offload_program prog = hsa_load(ctx);
    offload_kernel kernel;
    REQUIRE(prog.id && offload_kernel_get(ctx, prog, "saxpy", &kernel) == OFFLOAD_SUCCESS);
    atomic_int release = 0, done = 0;
    saxpy_args args = {1.0f, (float*)(void*)&release, (float*)(void*)&done, 0};
    offload_launch_desc l = {.grid = {1, 1, 1}, .block = {64, 1, 1}, .args = &args, .args_size = sizeof args};
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, kernel, &l), OFFLOAD_ERROR_TIMEOUT);
    uint64_t destroys = hsa_sim.calls("hsa_executable_destroy");
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK(hsa_sim.calls("hsa_executable_destroy") == destroys);
    atomic_store(&release, 1);
    for (int i = 0; i < 5000 && !atomic_load(&done); i++) usleep(1000);
    CHECK(atomic_load(&done) == 1);
    usleep(200000); /* the packet processor completes the launch's signal just after the kernel returned */
    offload_program other = hsa_load(ctx);
    CHECK(other.id != 0);
    CHECK(hsa_sim.calls("hsa_executable_destroy") == destroys + 1);
    offload_context_destroy(ctx);
    CHECK(hsa_sim.destroys_while_in_use() == 0);
    CHECK(hsa_sim.live_objects() == 0);
}

/* ---- Host ------------------------------------------------------------------------------------- */

/* The kernel stores its own address, then waits for the test's release. */
static const char gate_so[] = "#include \"offload.h\"\n"
                              "#include <stdatomic.h>\n"
                              "#include <unistd.h>\n"
                              "void gate(const void* args, const offload_host_thread* t) {\n"
                              "  (void)t;\n"
                              "  struct { atomic_int* release; atomic_int* done; void** self; } a;\n"
                              "  __builtin_memcpy(&a, args, sizeof a);\n"
                              "  *a.self = (void*)&gate;\n"
                              "  while (!atomic_load(a.release)) usleep(1000);\n"
                              "  atomic_store(a.done, 1);\n"
                              "}\n";

static void test_host_unload_waits_for_a_queued_kernel(void) {
    size_t size = 0;
    char* image = test_build_shared_object(gate_so, &size);
    if (!image) SKIP("no C compiler (cc) to build the test image");
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.host_threads = 2;
    offload_context* ctx = NULL;
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    offload_device host = {1};
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, host, &(offload_program_desc){.image = image, .size = size}, &prog));
    offload_kernel kernel;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "gate", &kernel));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, host, &q));
    atomic_int release = 0, done = 0;
    void* volatile self = NULL;
    struct {
        atomic_int* release;
        atomic_int* done;
        void* volatile* self;
    } args = {&release, &done, &self};
    offload_launch_desc l = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &l));
    for (int i = 0; i < 5000 && !self; i++) usleep(1000);
    REQUIRE(self != NULL); /* the kernel runs */
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    Dl_info info;
    CHECK(dladdr(self, &info) != 0); /* its code is still loaded */
    atomic_store(&release, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(atomic_load(&done) == 1);
    /* The next program call unloads it. */
    offload_program table;
    offload_host_symbol symbol = {.name = "unused", .address = &release, .size = sizeof release};
    CHECK_OK(ctx, offload_program_create(
                      ctx, host, &(offload_program_desc){.host_symbols = &symbol, .host_symbol_count = 1}, &table));
    CHECK(dladdr(self, &info) == 0);
    /* A program whose launch has ended is unloaded by the destroy itself. */
    REQUIRE_OK(ctx, offload_program_create(ctx, host, &(offload_program_desc){.image = image, .size = size}, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "gate", &kernel));
    self = NULL;
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &l));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    REQUIRE(self != NULL);
    CHECK(dladdr(self, &info) != 0);
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK(dladdr(self, &info) == 0);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
    free(image);
}

int main(void) {
    RUN(test_cuda_unload_waits_for_a_queued_kernel);
    RUN(test_cuda_unload_is_immediate_when_idle);
    RUN(test_cuda_unload_waits_for_a_timed_out_launch);
    RUN(test_cuda_unload_without_a_fence_waits_for_teardown);
    RUN(test_amdgpu_unload_waits_for_a_queued_kernel);
    RUN(test_amdgpu_unload_waits_for_a_timed_out_launch);
    RUN(test_host_unload_waits_for_a_queued_kernel);
    return test_summary();
}
