/* tests/test_rr_sim.c — record & replay on the simulated drivers: with the CUDA driver
   (build/sim/cuda_sim.so) and the HSA runtime in its ROCm >= 6.0 profile
   (build/sim/hsa_sim_vmem.so) the arena comes from the virtual-memory calls and the entries
   replay, in a forked child with a context of its own, with --verify semantics; with the ROCr
   5.2.3 profile (build/sim/hsa_sim.so, no hsa_amd_vmem_*) the recorder says clearly that it
   cannot record. The simulated drivers run kernels by calling host functions registered by
   name, which is why the replay runs in a child of this process rather than in the tool. */
#include "../offload_impl.c"
#include "test.h"

#include <dirent.h>
#include <sys/wait.h>

#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"
#define HSA_SIM_VMEM OFFLOAD_TEST_BUILD "/sim/hsa_sim_vmem.so"
#define AMDGPU_IMAGE OFFLOAD_TEST_ROOT "/tests/data/amdgpu/kernels.gfx90a.co"

static void* bind(void* library, const char* name) { return library ? dlsym(library, name) : NULL; }

static int only_entry(const char* dir, char* out, size_t capacity) {
    struct dirent** list = NULL;
    int n = scandir(dir, &list, NULL, alphasort), count = 0;
    for (int i = 0; i < n; i++) {
        if (list[i]->d_name[0] != '.') {
            snprintf(out, capacity, "%s/%s", dir, list[i]->d_name);
            count++;
        }
        free(list[i]);
    }
    free(list);
    return count == 1;
}

static void remove_tree(const char* path) {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", path);
}

static offload_context_desc sim_desc(const char* cuda, const char* hsa) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.cuda_library_path = cuda;
    desc.hsa_library_path = hsa;
    desc.backends = OFFLOAD_BACKEND_BIT(cuda ? OFFLOAD_BACKEND_CUDA : OFFLOAD_BACKEND_AMDGPU);
    return desc;
}

/* Replays the entry in a forked child with a fresh context; 0 when it replayed at the recorded
   address and verified byte for byte. */
static int replay_in_child(const char* entry, offload_context_desc desc) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        offload_context* ctx = NULL;
        offload__rr_entry e;
        offload__replay_report report;
        offload__replay_options o = {1, 2, 0, 0, {0}, {0}, -1, 0};
        int rc = 10;
        if (offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS) rc = 11;
        if (rc == 11 && offload__rr_read_entry(ctx, entry, &e) == OFFLOAD_SUCCESS) rc = 12;
        if (rc == 12 && offload__replay(ctx, &e, &o, &report) == OFFLOAD_SUCCESS) rc = 13;
        if (rc == 13 && report.verified && !report.differing_bytes && !report.differing_globals) rc = report.relocated ? 14 : 0;
        if (rc) fprintf(stderr, "    replay in child stopped at %d: %s %s\n", rc, e.error, ctx ? offload_context_last_error(ctx) : "");
        _exit(rc);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* ---- CUDA ------------------------------------------------------------------------------------ */

static const char scale_ptx[] =
    ".version 7.1\n"
    ".target sm_90\n"
    ".address_size 64\n"
    "\n"
    ".visible .global .align 4 .u32 counter = 7;\n"
    "\n"
    ".visible .entry scale(\n"
    "\t.param .u64 scale_param_0,\n"
    "\t.param .u32 scale_param_1\n"
    ")\n"
    "{\n"
    "\tret;\n"
    "}\n";

typedef struct scale_args {
    float* x;
    uint32_t n;
} scale_args;

/* The simulated "device code" of scale: its memory is host memory. */
static void scale_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3], size_t shared,
                       void* user) {
    (void)grid, (void)block, (void)shared, (void)user;
    /* The driver hands over the exact parameter bytes (12), not the struct's 16. */
    scale_args a;
    memset(&a, 0, sizeof a);
    if (args_size != offsetof(scale_args, n) + sizeof a.n) return;
    memcpy(&a, args, args_size);
    for (uint32_t i = 0; i < a.n; i++) a.x[i] = a.x[i] * 2.0f + 1.0f;
}

static void test_cuda_records_through_virtual_memory_and_replays(void) {
    void* sim = dlopen(CUDA_SIM, RTLD_NOW);
    if (!sim) SKIP("%s is not built", CUDA_SIM);
    int (*register_kernel)(const char*, void (*)(const void*, size_t, const unsigned*, const unsigned*, size_t, void*), void*);
    unsigned (*calls)(const char*);
    *(void**)&register_kernel = bind(sim, "cuda_sim_register_kernel");
    *(void**)&calls = bind(sim, "cuda_sim_call_count");
    REQUIRE(register_kernel && calls);
    REQUIRE(register_kernel("scale", scale_impl, NULL));
    char dir[] = "/tmp/offload-rr-cuda-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = sim_desc(CUDA_SIM, NULL);
    desc.record.dir = dir;
    desc.record.device_index = 1;
    desc.record.save_output = 1;
    unsigned reserves = calls("cuMemAddressReserve"), maps = calls("cuMemMap");
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    if (ctx->device_count < 2) {
        offload_context_destroy(ctx);
        remove_tree(dir);
        SKIP("the simulated CUDA driver gave no device");
    }
    REQUIRE(ctx->recorder != NULL);
    CHECK(calls("cuMemAddressReserve") == reserves + 1);
    offload_device gpu = {2}, host = {1};
    float* x = NULL;
    float data[64];
    for (int i = 0; i < 64; i++) data[i] = (float)i;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, sizeof data, (void**)&x));
    CHECK((uintptr_t)x == 0x7ea000000000ull);
    CHECK(calls("cuMemMap") > maps && calls("cuMemCreate") > 0 && calls("cuMemSetAccess") > 0);
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, x, host, data, sizeof data));
    offload_program prog;
    offload_kernel k;
    offload_program_desc pd = {scale_ptx, sizeof scale_ptx, NULL, 0, "scale.ptx"};
    REQUIRE_OK(ctx, offload_program_create(ctx, gpu, &pd, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "scale", &k));
    scale_args a = {x, 64};
    offload_launch_desc l = {{1, 1, 1}, {64, 1, 1}, 0, &a, sizeof a};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
    CHECK_OK(ctx, offload_memcpy(ctx, host, data, gpu, x, sizeof data));
    CHECK(data[10] == 21.0f);
    offload_context_destroy(ctx);
    CHECK(calls("cuMemUnmap") > 0 && calls("cuMemAddressFree") > 0);

    char entry[512];
    REQUIRE(only_entry(dir, entry, sizeof entry));
    offload__rr_entry e;
    REQUIRE(offload__rr_read_entry(NULL, entry, &e) == OFFLOAD_SUCCESS);
    CHECK(e.backend == OFFLOAD_BACKEND_CUDA && e.image_format == OFFLOAD_IMAGE_PTX && e.arena_address == 0x7ea000000000ull);
    CHECK(e.global_count == 1 && strcmp(e.globals[0].name, "counter") == 0);
    offload__rr_entry_free(NULL, &e);
    offload_context_desc replay = sim_desc(CUDA_SIM, NULL);
    CHECK(replay_in_child(entry, replay) == 0);
    remove_tree(dir);
}

/* ---- AMDGPU ---------------------------------------------------------------------------------- */

typedef struct reverse_args {
    float* data;
    int32_t k;
} reverse_args;

/* What the simulated HSA runtime hands a kernel implementation (its hsa_sim_dispatch). */
typedef struct hsa_sim_dispatch_view {
    const char* kernel;
    uint32_t dims;
    uint32_t workgroup[3];
    uint32_t grid[3];
    uint32_t group_segment_size, private_segment_size;
    uint32_t kernarg_size;
    uint32_t gpu;
} hsa_sim_dispatch_view;

/* The simulated "device code" of reverse: reverses data[0, k) in place. */
static void reverse_impl(const void* kernarg, const hsa_sim_dispatch_view* dispatch, void* user) {
    (void)dispatch, (void)user;
    reverse_args a;
    memcpy(&a, kernarg, sizeof a);
    for (int32_t i = 0; i < a.k / 2; i++) {
        float t = a.data[i];
        a.data[i] = a.data[a.k - 1 - i];
        a.data[a.k - 1 - i] = t;
    }
}

static void test_hsa_without_vmem_says_it_cannot_record(void) {
    if (access(HSA_SIM, R_OK) != 0) SKIP("%s is not built", HSA_SIM);
    char dir[] = "/tmp/offload-rr-hsa-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = sim_desc(NULL, HSA_SIM);
    desc.record.dir = dir;
    desc.record.device_index = 1;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    if (ctx->device_count < 2) {
        offload_context_destroy(ctx);
        remove_tree(dir);
        SKIP("the simulated HSA runtime gave no GPU");
    }
    CHECK(ctx->recorder == NULL);
    CHECK(strstr(offload_context_last_error(ctx), "hsa_amd_vmem") != NULL);
    CHECK(strstr(offload_context_last_error(ctx), "recording is off") != NULL);
    offload_context_destroy(ctx);
    remove_tree(dir);
}

static void test_hsa_vmem_records_and_replays(void) {
    void* sim = dlopen(HSA_SIM_VMEM, RTLD_NOW);
    if (!sim) SKIP("%s is not built", HSA_SIM_VMEM);
    void (*register_kernel)(const char*, void (*)(const void*, const hsa_sim_dispatch_view*, void*), void*);
    uint64_t (*calls)(const char*);
    *(void**)&register_kernel = bind(sim, "hsa_sim_register_kernel");
    *(void**)&calls = bind(sim, "hsa_sim_calls");
    REQUIRE(register_kernel && calls);
    register_kernel("reverse", reverse_impl, NULL);
    size_t image_size = 0;
    FILE* f = fopen(AMDGPU_IMAGE, "rb");
    REQUIRE(f);
    static unsigned char image[1 << 16];
    image_size = fread(image, 1, sizeof image, f);
    fclose(f);
    char dir[] = "/tmp/offload-rr-hsav-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = sim_desc(NULL, HSA_SIM_VMEM);
    desc.record.dir = dir;
    desc.record.device_index = 1;
    desc.record.save_output = 1;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    if (ctx->device_count < 2) {
        offload_context_destroy(ctx);
        remove_tree(dir);
        SKIP("the simulated HSA runtime gave no GPU");
    }
    REQUIRE(ctx->recorder != NULL);
    CHECK(calls("hsa_amd_vmem_address_reserve") > 0);
    offload_device gpu = {2}, host = {1};
    float* x = NULL;
    float data[32];
    for (int i = 0; i < 32; i++) data[i] = (float)i;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, sizeof data, (void**)&x));
    CHECK((uintptr_t)x == 0x7ec000000000ull);
    CHECK(calls("hsa_amd_vmem_map") > 0 && calls("hsa_amd_vmem_handle_create") > 0);
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, x, host, data, sizeof data));
    offload_program prog;
    offload_kernel k;
    offload_program_desc pd = {image, image_size, NULL, 0, "kernels.gfx90a.co"};
    REQUIRE_OK(ctx, offload_program_create(ctx, gpu, &pd, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "reverse", &k));
    reverse_args a = {x, 32};
    offload_launch_desc l = {{1, 1, 1}, {32, 1, 1}, 0, &a, sizeof a};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
    CHECK_OK(ctx, offload_memcpy(ctx, host, data, gpu, x, sizeof data));
    CHECK(data[0] == 31.0f && data[31] == 0.0f);
    offload_context_destroy(ctx);
    CHECK(calls("hsa_amd_vmem_unmap") > 0 && calls("hsa_amd_vmem_address_free") > 0);

    char entry[512];
    REQUIRE(only_entry(dir, entry, sizeof entry));
    offload__rr_entry e;
    REQUIRE(offload__rr_read_entry(NULL, entry, &e) == OFFLOAD_SUCCESS);
    CHECK(e.backend == OFFLOAD_BACKEND_AMDGPU && e.image_format == OFFLOAD_IMAGE_AMDGPU_ELF);
    CHECK(e.global_count == 2); /* counter and table; kernel descriptors are not variables */
    offload__rr_entry_free(NULL, &e);
    CHECK(replay_in_child(entry, sim_desc(NULL, HSA_SIM_VMEM)) == 0);
    remove_tree(dir);
}

int main(void) {
    RUN(test_cuda_records_through_virtual_memory_and_replays);
    RUN(test_hsa_without_vmem_says_it_cannot_record);
    RUN(test_hsa_vmem_records_and_replays);
    return test_summary();
}
