/* tests/test_rr_sim.c — record & replay on the simulated drivers, one table-driven test over
   both: with the CUDA driver (build/sim/cuda_sim.so) and the HSA runtime in its ROCm >= 6.0
   profile (build/sim/hsa_sim_vmem.so) the arena comes from the driver's virtual-memory calls,
   the entry says what ran (backend, image format, globals) and replays, in a forked child with
   a context of its own, at the recorded address and byte for byte. With the ROCr 5.2.3 profile
   (build/sim/hsa_sim.so, no hsa_amd_vmem_*) the recorder says clearly that it cannot record.
   The simulated drivers run kernels by calling host functions registered by name, which is why
   the replay runs in a child of this process rather than in the tool. Public API only. */
#include "offload.h"
#include "test.h"
#include "files.h"

#ifdef OFFLOAD_NO_RECORD
int main(void) { return test_skip_all("test_rr_sim", "this build leaves record & replay out (OFFLOAD_NO_RECORD)"); }
#else

#include <dirent.h>
#include <dlfcn.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"
#define HSA_SIM_VMEM OFFLOAD_TEST_BUILD "/sim/hsa_sim_vmem.so"
#define AMDGPU_IMAGE OFFLOAD_TEST_ROOT "/tests/data/amdgpu/kernels.gfx90a.co"
#define ITEMS 32

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

static offload_context_desc sim_desc(offload_backend backend, const char* library) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.host_threads = 1;
    if (backend == OFFLOAD_BACKEND_CUDA)
        desc.cuda_library_path = library;
    else
        desc.hsa_library_path = library;
    desc.backends = OFFLOAD_BACKEND_BIT(backend);
    return desc;
}

/* ---- The kernels' "device code": host functions the simulated drivers call ------------------ */

/* The arguments both kernels take: (float* data, u32 n); the driver passes their exact size (12
   bytes), not the struct's 16. */
typedef struct data_args {
    float* data;
    uint32_t n;
} data_args;

#define DATA_ARGS_SIZE (offsetof(data_args, n) + sizeof(uint32_t))

/* scale (PTX on CUDA): data[i] = data[i] * 2 + 1. */
static void scale_impl(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user) {
    (void)grid, (void)block, (void)shared, (void)user;
    data_args a;
    memset(&a, 0, sizeof a);
    if (args_size != DATA_ARGS_SIZE) return;
    memcpy(&a, args, args_size);
    for (uint32_t i = 0; i < a.n; i++) a.data[i] = a.data[i] * 2.0f + 1.0f;
}

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

/* reverse (the gfx90a code object on AMDGPU): reverses data[0, n) in place. */
static void reverse_impl(const void* kernarg, const hsa_sim_dispatch_view* dispatch, void* user) {
    (void)dispatch, (void)user;
    data_args a;
    memcpy(&a, kernarg, sizeof a);
    for (uint32_t i = 0; i < a.n / 2; i++) {
        float t = a.data[i];
        a.data[i] = a.data[a.n - 1 - i];
        a.data[a.n - 1 - i] = t;
    }
}

static const char scale_ptx[] = ".version 7.1\n"
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

static unsigned char amdgpu_image[1 << 16];

/* ---- One simulated driver per row ----------------------------------------------------------- */

typedef struct sim_case {
    const char* name;
    offload_backend backend;
    const char* library;
    const char* kernel;
    uint64_t arena; /* the backend's default arena address */
    offload_image_format format;
    uint32_t globals; /* variables of the image (kernel descriptors are not) */
    const char* first_global;
    const char* reserve_call; /* the driver's virtual-memory calls */
    const char* map_call;
    const char* unmap_call;
    const char* release_call;
    /* Registers the kernel's host implementation and gives the image; 0 when it cannot. */
    int (*prepare)(void* sim, const void** image, size_t* size);
    /* The driver's count of calls to `name`. */
    uint64_t (*calls)(void* sim, const char* name);
    float (*expected)(uint32_t i); /* data[i] after the kernel, data[i] = i before */
} sim_case;

static int cuda_prepare(void* sim, const void** image, size_t* size) {
    int (*register_kernel)(const char*, void (*)(const void*, size_t, const unsigned*, const unsigned*, size_t, void*),
                           void*);
    *(void**)&register_kernel = bind(sim, "cuda_sim_register_kernel");
    *image = scale_ptx;
    *size = sizeof scale_ptx;
    return register_kernel && register_kernel("scale", scale_impl, NULL);
}

static uint64_t cuda_calls(void* sim, const char* name) {
    unsigned (*calls)(const char*);
    *(void**)&calls = bind(sim, "cuda_sim_call_count");
    return calls ? calls(name) : 0;
}

static float cuda_expected(uint32_t i) { return (float)i * 2.0f + 1.0f; }

static int hsa_prepare(void* sim, const void** image, size_t* size) {
    void (*register_kernel)(const char*, void (*)(const void*, const hsa_sim_dispatch_view*, void*), void*);
    *(void**)&register_kernel = bind(sim, "hsa_sim_register_kernel");
    FILE* f = fopen(AMDGPU_IMAGE, "rb");
    if (!register_kernel || !f) {
        if (f) fclose(f);
        return 0;
    }
    register_kernel("reverse", reverse_impl, NULL);
    *size = fread(amdgpu_image, 1, sizeof amdgpu_image, f);
    fclose(f);
    *image = amdgpu_image;
    return *size > 0;
}

static uint64_t hsa_calls(void* sim, const char* name) {
    uint64_t (*calls)(const char*);
    *(void**)&calls = bind(sim, "hsa_sim_calls");
    return calls ? calls(name) : 0;
}

static float hsa_expected(uint32_t i) { return (float)(ITEMS - 1 - i); }

static const sim_case sims[] = {
    {"CUDA", OFFLOAD_BACKEND_CUDA, CUDA_SIM, "scale", 0x7ea000000000ull, OFFLOAD_IMAGE_PTX, 1, "counter",
     "cuMemAddressReserve", "cuMemMap", "cuMemUnmap", "cuMemAddressFree", cuda_prepare, cuda_calls, cuda_expected},
    {"HSA (ROCm >= 6.0)", OFFLOAD_BACKEND_AMDGPU, HSA_SIM_VMEM, "reverse", 0x7ec000000000ull, OFFLOAD_IMAGE_AMDGPU_ELF,
     2, NULL, "hsa_amd_vmem_address_reserve", "hsa_amd_vmem_map", "hsa_amd_vmem_unmap", "hsa_amd_vmem_address_free",
     hsa_prepare, hsa_calls, hsa_expected},
};

/* Replays the entry in a forked child with a fresh context; 0 when it replayed at the recorded
   address and verified byte for byte. */
static int replay_in_child(const char* entry, offload_context_desc desc) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        offload_context* ctx = NULL;
        offload_recording* rec = NULL;
        offload_replay_result report;
        offload_replay_desc d = {.verify = 1, .repeat = 2};
        int rc = 10;
        if (offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS) rc = 11;
        if (rc == 11 && offload_recording_open(ctx, entry, &rec) == OFFLOAD_SUCCESS) rc = 12;
        if (rc == 12 && offload_replay(ctx, rec, &d, &report) == OFFLOAD_SUCCESS) rc = 13;
        if (rc == 13 && report.verified && !report.differing_bytes && !report.differing_globals)
            rc = report.relocated ? 14 : 0;
        if (rc)
            fprintf(stderr, "    replay in child stopped at %d: %s\n", rc, ctx ? offload_context_last_error(ctx) : "");
        _exit(rc);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Records one launch of the row's kernel on its simulated GPU, checks the entry and replays it. */
static void record_and_replay(const sim_case* c) {
    void* sim = dlopen(c->library, RTLD_NOW);
    if (!sim) SKIP("%s: %s is not built", c->name, c->library);
    const void* image = NULL;
    size_t image_size = 0;
    REQUIRE(c->prepare(sim, &image, &image_size));
    char dir[] = "/tmp/offload-rr-sim-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = sim_desc(c->backend, c->library);
    desc.record.dir = dir;
    desc.record.device_index = 1;
    desc.record.save_output = 1;
    uint64_t reserves = c->calls(sim, c->reserve_call), maps = c->calls(sim, c->map_call);
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    uint32_t devices = 0;
    CHECK_OK(ctx, offload_device_count(ctx, &devices));
    if (devices < 2) {
        offload_context_destroy(ctx);
        test_remove_tree(dir);
        SKIP("%s: the simulated driver gave no GPU", c->name);
    }
    CHECK(c->calls(sim, c->reserve_call) == reserves + 1);
    offload_device gpu, host;
    REQUIRE_OK(ctx, offload_device_get(ctx, 1, &gpu));
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &host));
    float* x = NULL;
    float data[ITEMS];
    for (uint32_t i = 0; i < ITEMS; i++) data[i] = (float)i;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, sizeof data, (void**)&x));
    CHECK((uintptr_t)x == c->arena); /* the recording arena's first allocation */
    CHECK(c->calls(sim, c->map_call) > maps);
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, x, host, data, sizeof data));
    offload_program prog;
    offload_kernel k;
    offload_program_desc pd = {image, image_size, NULL, 0, c->kernel};
    REQUIRE_OK(ctx, offload_program_create(ctx, gpu, &pd, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, c->kernel, &k));
    data_args a = {x, ITEMS};
    offload_launch_desc l = {{1, 1, 1}, {ITEMS, 1, 1}, 0, &a, sizeof a};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
    CHECK_OK(ctx, offload_memcpy(ctx, host, data, gpu, x, sizeof data));
    CHECK(data[0] == c->expected(0) && data[ITEMS - 1] == c->expected(ITEMS - 1));
    offload_context_destroy(ctx);
    CHECK(c->calls(sim, c->unmap_call) > 0 && c->calls(sim, c->release_call) > 0);

    char entry[512];
    REQUIRE(only_entry(dir, entry, sizeof entry));
    offload_context_desc reader = sim_desc(OFFLOAD_BACKEND_HOST, NULL);
    REQUIRE_OK(ctx, offload_context_create(&reader, &ctx));
    offload_recording* rec = NULL;
    offload_recording_info info;
    REQUIRE_OK(ctx, offload_recording_open(ctx, entry, &rec));
    REQUIRE_OK(ctx, offload_recording_get_info(ctx, rec, &info));
    CHECK(info.backend == c->backend && info.image_format == c->format && info.arena_address == c->arena);
    CHECK(strcmp(info.kernel, c->kernel) == 0 && info.block[0] == ITEMS &&
          info.args_size == sizeof(data_args)); /* as launched */
    CHECK(info.memory_out && ((const float*)info.memory_out)[ITEMS - 1] == c->expected(ITEMS - 1));
    CHECK(info.global_count == c->globals);
    offload_recording_global g;
    if (c->first_global)
        CHECK(offload_recording_get_global(ctx, rec, 0, &g) == OFFLOAD_SUCCESS && strcmp(g.name, c->first_global) == 0);
    /* This context has no device of the entry's kind: a clear error, not a crash. */
    offload_replay_result result;
    CHECK_RESULT(ctx, offload_replay(ctx, rec, NULL, &result), OFFLOAD_ERROR_NO_BACKEND);
    offload_recording_close(ctx, rec);
    offload_context_destroy(ctx);
    CHECK(replay_in_child(entry, sim_desc(c->backend, c->library)) == 0);
    test_remove_tree(dir);
}

static void test_each_simulated_gpu_records_through_virtual_memory_and_replays(void) {
    for (size_t i = 0; i < sizeof sims / sizeof sims[0]; i++) {
        int failed = test__state.current_failed;
        /* Every row runs; a row that skips (its driver not built) makes the whole test a skip. */
        record_and_replay(&sims[i]);
        if (test__state.current_failed != failed) fprintf(stderr, "    (in the %s row)\n", sims[i].name);
    }
}

static void test_hsa_without_vmem_says_it_cannot_record(void) {
    if (access(HSA_SIM, R_OK) != 0) SKIP("%s is not built", HSA_SIM);
    char dir[] = "/tmp/offload-rr-hsa-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = sim_desc(OFFLOAD_BACKEND_AMDGPU, HSA_SIM);
    desc.record.dir = dir;
    desc.record.device_index = 1;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    uint32_t devices = 0;
    CHECK_OK(ctx, offload_device_count(ctx, &devices));
    if (devices < 2) {
        offload_context_destroy(ctx);
        test_remove_tree(dir);
        SKIP("the simulated HSA runtime gave no GPU");
    }
    /* still the creation's: the count raised nothing */
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_ARENA_NOT_RESERVED);
    /* the backend's reason it names: the runtime's missing hsa_amd_vmem_* */
    CHECK(strstr(offload_context_last_error(ctx), "hsa_amd_vmem") != NULL);
    /* Without a recorder the GPU's memory is not carved from the arena. */
    offload_device gpu;
    void* p = NULL;
    REQUIRE_OK(ctx, offload_device_get(ctx, 1, &gpu));
    CHECK_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 64, &p));
    CHECK((uintptr_t)p - 0x7ec000000000ull >= (1ull << 30));
    offload_context_destroy(ctx);
    test_remove_tree(dir);
}

int main(void) {
    RUN(test_each_simulated_gpu_records_through_virtual_memory_and_replays);
    RUN(test_hsa_without_vmem_says_it_cannot_record);
    return test_summary();
}
#endif /* OFFLOAD_NO_RECORD */
