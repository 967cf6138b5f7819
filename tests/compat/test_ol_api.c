/* tests/compat/test_ol_api.c — the contract of LLVM 22's ol* API (OffloadAPI.h) as
   libLLVMOffload.so.22.1 from compat/ implements it: for every entry point its success path and
   the error conditions the header documents (null handles and pointers, zero and short sizes,
   unknown enumerators, wrong symbol kinds, a queue of another device, use after olShutDown), on
   the host device and on the simulated CUDA and HSA devices (build/sim/), which the library
   finds through OFFLOAD_CUDA_LIBRARY / OFFLOAD_HSA_LIBRARY as any program would.

   Kernels really run everywhere: on the host from a shared object built here, on the simulated
   GPUs through the host implementation each simulator calls for a registered kernel name. */
#define _GNU_SOURCE
#include <stdbool.h> /* OffloadAPI.h uses bool without including it */
#include <offload/OffloadAPI.h>

#include "tests/files.h"
#include "tests/mpi_launch.h"
#include "tests/test.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"
#define HSA_CODE_OBJECT OFFLOAD_TEST_ROOT "/tests/data/amdgpu/kernels.gfx90a.co"

/* ---- Result checks ---------------------------------------------------------------------------- */

static ol_errc_t code_of(ol_result_t r) { return r ? r->Code : OL_ERRC_SUCCESS; }

#define CHECK_OL(call, expected)                                                                                       \
    do {                                                                                                               \
        ol_result_t test__r = (call);                                                                                  \
        if (code_of(test__r) != (expected)) {                                                                          \
            fprintf(stderr, "  FAIL %s:%d: %s: %s gave %d (%s), expected %s\n", __FILE__, __LINE__,                    \
                    test__state.current, #call, (int)code_of(test__r), test__r ? test__r->Details : "success",         \
                    #expected);                                                                                        \
            test__state.current_failed++;                                                                              \
        }                                                                                                              \
    } while (0)

#define REQUIRE_OL(call)                                                                                               \
    do {                                                                                                               \
        ol_result_t test__r = (call);                                                                                  \
        if (test__r) {                                                                                                 \
            fprintf(stderr, "  FAIL %s:%d: %s: %s gave %d (%s)\n", __FILE__, __LINE__, test__state.current, #call,     \
                    (int)test__r->Code, test__r->Details);                                                             \
            test__state.current_failed++;                                                                              \
            return;                                                                                                    \
        }                                                                                                              \
    } while (0)

#define CHECK_OL_OK(call) CHECK_OL(call, OL_ERRC_SUCCESS)

/* The errors every olGet...Info / olGet...InfoSize pair documents, for one property of `handle`
   whose value is `size` bytes and fits in `value`: short and zero sizes, a NULL value, a NULL
   handle, a NULL size pointer, an unknown property. */
#define CHECK_INFO_ERRORS(info, handle, prop, last, value, size)                                                       \
    do {                                                                                                               \
        size_t test__size = 0;                                                                                         \
        CHECK_OL(info(handle, prop, (size)-1, value), OL_ERRC_INVALID_SIZE);                                           \
        CHECK_OL(info(handle, prop, 0, value), OL_ERRC_INVALID_SIZE);                                                  \
        CHECK_OL(info(handle, prop, size, NULL), OL_ERRC_INVALID_NULL_POINTER);                                        \
        CHECK_OL(info(NULL, prop, size, value), OL_ERRC_INVALID_NULL_HANDLE);                                          \
        CHECK_OL(info(handle, last, size, value), OL_ERRC_INVALID_ENUMERATION);                                        \
        CHECK_OL(info##Size(NULL, prop, &test__size), OL_ERRC_INVALID_NULL_HANDLE);                                    \
        CHECK_OL(info##Size(handle, prop, NULL), OL_ERRC_INVALID_NULL_POINTER);                                        \
        CHECK_OL(info##Size(handle, last, &test__size), OL_ERRC_INVALID_ENUMERATION);                                  \
    } while (0)

/* ---- Devices and their test programs --------------------------------------------------------- */

/* The argument struct of every saxpy kernel here: y[i] = a * x[i] + y[i] for i < n. Its packed
   size is 28 bytes (the trailing padding is not part of the kernels' parameters). */
typedef struct saxpy_args {
    float a;
    float* x;
    float* y;
    uint32_t n;
} saxpy_args;
#define SAXPY_ARGS_SIZE (offsetof(saxpy_args, n) + sizeof(uint32_t))

static const char host_source[] =
    "#include \"offload.h\"\n"
    "typedef struct { float a; float* x; float* y; unsigned n; } saxpy_args;\n"
    "int counter = 7;\n"
    "void saxpy(const void* args, const offload_host_thread* t) {\n"
    "    const saxpy_args* p = args;\n"
    "    unsigned i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];\n"
    "    if (i < p->n) p->y[i] = p->a * p->x[i] + p->y[i];\n"
    "}\n"
    "void empty(const void* args, const offload_host_thread* t) { (void)args; (void)t; }\n";

static const char cuda_ptx[] = ".version 7.1\n.target sm_90\n.address_size 64\n\n"
                               ".visible .global .align 4 .u32 counter = 7;\n\n"
                               ".visible .entry saxpy(\n\t.param .f32 saxpy_param_0,\n\t.param .u64 saxpy_param_1,\n"
                               "\t.param .u64 saxpy_param_2,\n\t.param .u32 saxpy_param_3\n)\n{\n\tret;\n}\n";

/* What the simulated drivers call for a launch of a registered kernel (their ABI). */
typedef void (*cuda_sim_kernel_fn)(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                                   size_t shared_bytes, void* user_data);
typedef struct hsa_sim_dispatch {
    const char* kernel;
    uint32_t dims, workgroup[3], grid[3], group_segment_size, private_segment_size, kernarg_size, gpu;
} hsa_sim_dispatch;
typedef void (*hsa_sim_kernel_fn)(const void* kernarg, const hsa_sim_dispatch* dispatch, void* user);

static void saxpy_run(const void* packed, uint32_t threads) {
    saxpy_args a;
    memcpy(&a, packed, SAXPY_ARGS_SIZE);
    for (uint32_t i = 0; i < threads && i < a.n; i++) a.y[i] = a.a * a.x[i] + a.y[i];
}

static void cuda_saxpy(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                       size_t shared, void* user) {
    (void)args_size, (void)shared, (void)user;
    saxpy_run(args, grid[0] * block[0]);
}

static void hsa_saxpy(const void* kernarg, const hsa_sim_dispatch* d, void* user) {
    (void)user;
    saxpy_run(kernarg, d->grid[0]);
}

typedef enum target { HOST, CUDA, HSA, TARGET_COUNT } target;
static const char* const target_names[] = {"host", "cuda", "hsa"};
static const ol_platform_backend_t target_backends[] = {OL_PLATFORM_BACKEND_HOST, OL_PLATFORM_BACKEND_CUDA,
                                                        OL_PLATFORM_BACKEND_AMDGPU};

/* The image each target loads (built or read once). */
static void* images[TARGET_COUNT];
static size_t image_sizes[TARGET_COUNT];

static int load_images(void) {
    if (!images[HOST]) images[HOST] = test_build_shared_object(host_source, &image_sizes[HOST]);
    if (!images[CUDA]) {
        images[CUDA] = malloc(sizeof cuda_ptx);
        if (images[CUDA]) memcpy(images[CUDA], cuda_ptx, sizeof cuda_ptx);
        image_sizes[CUDA] = sizeof cuda_ptx;
    }
    if (!images[HSA]) images[HSA] = test_read_file(HSA_CODE_OBJECT, &image_sizes[HSA]);
    return images[HOST] && images[CUDA] && images[HSA];
}

/* Registers the saxpy implementations with the simulated drivers (the same libraries the
   context loads: dlopen returns the copy already mapped). */
static int register_sim_kernels(void) {
    void* cuda = dlopen(CUDA_SIM, RTLD_NOW);
    void* hsa = dlopen(HSA_SIM, RTLD_NOW);
    if (!cuda || !hsa) return 0;
    int (*cuda_register)(const char*, cuda_sim_kernel_fn, void*);
    void (*hsa_register)(const char*, hsa_sim_kernel_fn, void*);
    void* a = dlsym(cuda, "cuda_sim_register_kernel");
    void* b = dlsym(hsa, "hsa_sim_register_kernel");
    if (!a || !b) return 0;
    memcpy(&cuda_register, &a, sizeof a);
    memcpy(&hsa_register, &b, sizeof b);
    cuda_register("saxpy", cuda_saxpy, NULL);
    hsa_register("saxpy", hsa_saxpy, NULL);
    return 1; /* the handles stay open for the process, as the context's own do */
}

typedef struct find_state {
    ol_platform_backend_t backend;
    ol_device_handle_t found;
    int visited;
} find_state;

static bool find_cb(ol_device_handle_t device, void* user) {
    find_state* f = (find_state*)user;
    ol_platform_handle_t platform = NULL;
    ol_platform_backend_t backend = OL_PLATFORM_BACKEND_UNKNOWN;
    f->visited++;
    if (olGetDeviceInfo(device, OL_DEVICE_INFO_PLATFORM, sizeof platform, &platform) ||
        olGetPlatformInfo(platform, OL_PLATFORM_INFO_BACKEND, sizeof backend, &backend))
        return true;
    if (backend != f->backend) return true;
    f->found = device;
    return false;
}

static ol_device_handle_t device_of(target t) {
    find_state f = {target_backends[t], NULL, 0};
    olIterateDevices(find_cb, &f);
    return f.found;
}

/* olInit, then the target's device; SKIPs (after olShutDown) when the simulator is absent. */
#define OPEN_DEVICE(t, dev)                                                                                            \
    REQUIRE_OL(olInit());                                                                                              \
    ol_device_handle_t dev = device_of(t);                                                                             \
    if (!dev) {                                                                                                        \
        olShutDown();                                                                                                  \
        SKIP("no %s device (simulated driver %s not loadable)", target_names[t], t == CUDA ? CUDA_SIM : HSA_SIM);      \
    }

/* ---- Exports and initialisation ---------------------------------------------------------------- */

static const char* const entry_points[] = {
    "olInit",
    "olShutDown",
    "olGetPlatformInfo",
    "olGetPlatformInfoSize",
    "olIterateDevices",
    "olGetDeviceInfo",
    "olGetDeviceInfoSize",
    "olMemAlloc",
    "olMemFree",
    "olGetMemInfo",
    "olGetMemInfoSize",
    "olMemcpy",
    "olMemFill",
    "olMemRegister",
    "olMemUnregister",
    "olCreateQueue",
    "olDestroyQueue",
    "olSyncQueue",
    "olWaitEvents",
    "olLaunchHostFunction",
    "olGetQueueInfo",
    "olGetQueueInfoSize",
    "olCreateEvent",
    "olDestroyEvent",
    "olSyncEvent",
    "olGetEventInfo",
    "olGetEventInfoSize",
    "olCreateProgram",
    "olDestroyProgram",
    "olIsValidBinary",
    "olGetSymbol",
    "olGetSymbolInfo",
    "olGetSymbolInfoSize",
    "olLaunchKernel",
    "olCalculateOptimalOccupancy",
};

static void test_exports(void) {
    /* Looked up in the process's global scope, where the library this test links is. */
    for (size_t i = 0; i < sizeof entry_points / sizeof *entry_points; i++) {
        char twin[64];
        snprintf(twin, sizeof twin, "%sWithCodeLoc", entry_points[i]);
        if (!dlvsym(RTLD_DEFAULT, entry_points[i], "VERS1.0") || !dlvsym(RTLD_DEFAULT, twin, "VERS1.0")) {
            fprintf(stderr, "  FAIL %s: %s or its twin not exported as VERS1.0\n", test__state.current,
                    entry_points[i]);
            test__state.current_failed++;
        }
    }
    /* The core stays inside: only the ol* symbols are exported. */
    CHECK(dlsym(RTLD_DEFAULT, "offload_context_create") == NULL);
    CHECK(dlsym(RTLD_DEFAULT, "offload_launch") == NULL);
}

static bool count_cb(ol_device_handle_t device, void* user) {
    (void)device;
    ++*(int*)user;
    return true;
}

/* Every entry point reports OL_ERRC_UNINITIALIZED before olInit and after the last olShutDown,
   before it looks at its arguments (these are NULL or stale). */
static void check_all_uninitialized(ol_device_handle_t dev, ol_queue_handle_t q, ol_event_handle_t e,
                                    ol_program_handle_t p, ol_symbol_handle_t k, void* mem) {
    char buf[8];
    size_t size = 0;
    bool valid = false;
    void* out = NULL;
    ol_kernel_launch_size_args_t launch = {1, {1, 1, 1}, {1, 1, 1}, 0};
    ol_errc_t U = OL_ERRC_UNINITIALIZED;
    CHECK_OL(olShutDown(), U);
    CHECK_OL(olGetPlatformInfo(NULL, OL_PLATFORM_INFO_NAME, sizeof buf, buf), U);
    CHECK_OL(olGetPlatformInfoSize(NULL, OL_PLATFORM_INFO_NAME, &size), U);
    CHECK_OL(olIterateDevices(count_cb, &size), U);
    CHECK_OL(olGetDeviceInfo(dev, OL_DEVICE_INFO_NAME, sizeof buf, buf), U);
    CHECK_OL(olGetDeviceInfoSize(dev, OL_DEVICE_INFO_NAME, &size), U);
    CHECK_OL(olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, 64, &out), U);
    CHECK_OL(olMemFree(mem), U);
    CHECK_OL(olGetMemInfo(mem, OL_MEM_INFO_SIZE, sizeof size, &size), U);
    CHECK_OL(olGetMemInfoSize(mem, OL_MEM_INFO_SIZE, &size), U);
    CHECK_OL(olMemcpy(q, buf, dev, buf, dev, 1), U);
    CHECK_OL(olMemFill(q, buf, 1, buf, 1), U);
    CHECK_OL(olMemRegister(dev, buf, sizeof buf, 0, &out), U);
    CHECK_OL(olMemUnregister(dev, buf), U);
    CHECK_OL(olCreateQueue(dev, &q), U);
    CHECK_OL(olDestroyQueue(q), U);
    CHECK_OL(olSyncQueue(q), U);
    CHECK_OL(olWaitEvents(q, &e, 1), U);
    CHECK_OL(olLaunchHostFunction(q, (ol_host_function_cb_t)free, NULL), U);
    CHECK_OL(olGetQueueInfo(q, OL_QUEUE_INFO_EMPTY, sizeof valid, &valid), U);
    CHECK_OL(olGetQueueInfoSize(q, OL_QUEUE_INFO_EMPTY, &size), U);
    CHECK_OL(olCreateEvent(q, &e), U);
    CHECK_OL(olDestroyEvent(e), U);
    CHECK_OL(olSyncEvent(e), U);
    CHECK_OL(olGetEventInfo(e, OL_EVENT_INFO_IS_COMPLETE, sizeof valid, &valid), U);
    CHECK_OL(olGetEventInfoSize(e, OL_EVENT_INFO_IS_COMPLETE, &size), U);
    CHECK_OL(olCreateProgram(dev, buf, sizeof buf, &p), U);
    CHECK_OL(olDestroyProgram(p), U);
    CHECK_OL(olIsValidBinary(dev, buf, sizeof buf, &valid), U);
    CHECK_OL(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_KERNEL, &k), U);
    CHECK_OL(olGetSymbolInfo(k, OL_SYMBOL_INFO_KIND, sizeof size, &size), U);
    CHECK_OL(olGetSymbolInfoSize(k, OL_SYMBOL_INFO_KIND, &size), U);
    CHECK_OL(olLaunchKernel(q, dev, k, NULL, 0, &launch), U);
    CHECK_OL(olCalculateOptimalOccupancy(dev, k, 0, &size), U);
    CHECK_OL(olMemAllocWithCodeLoc(dev, OL_ALLOC_TYPE_DEVICE, 64, &out, NULL), U);
}

static void test_uninitialized(void) { check_all_uninitialized(NULL, NULL, NULL, NULL, NULL, NULL); }

static void test_init_is_reference_counted(void) {
    int devices = 0;
    REQUIRE_OL(olInit());
    REQUIRE_OL(olInitWithCodeLoc(&(ol_code_location_t){"test", __FILE__, __LINE__, 0}));
    CHECK_OL_OK(olShutDown());
    CHECK_OL_OK(olIterateDevices(count_cb, &devices)); /* one olInit still holds the library */
    CHECK(devices >= 1);
    CHECK_OL_OK(olShutDownWithCodeLoc(NULL));
    CHECK_OL(olIterateDevices(count_cb, &devices), OL_ERRC_UNINITIALIZED);
    CHECK_OL(olShutDown(), OL_ERRC_UNINITIALIZED);
    /* A fresh start after the last shut-down. */
    REQUIRE_OL(olInit());
    int again = 0;
    CHECK_OL_OK(olIterateDevices(count_cb, &again));
    CHECK(again == devices);
    CHECK_OL_OK(olShutDown());
}

/* Objects still alive at the last olShutDown are released with it (the sanitizer build checks
   that nothing leaks); their handles then answer OL_ERRC_UNINITIALIZED. */
static void test_use_after_shutdown(void) {
    OPEN_DEVICE(HOST, dev);
    ol_queue_handle_t q = NULL;
    ol_event_handle_t e = NULL;
    ol_program_handle_t p = NULL;
    ol_symbol_handle_t k = NULL;
    void* mem = NULL;
    CHECK_OL_OK(olCreateQueue(dev, &q));
    CHECK_OL_OK(olCreateEvent(q, &e));
    CHECK_OL_OK(olCreateProgram(dev, images[HOST], image_sizes[HOST], &p));
    CHECK_OL_OK(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_KERNEL, &k));
    CHECK_OL_OK(olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, 256, &mem));
    CHECK_OL_OK(olShutDown());
    check_all_uninitialized(dev, q, e, p, k, mem);
}

/* ---- Platforms and devices --------------------------------------------------------------------- */

static bool stop_cb(ol_device_handle_t device, void* user) {
    (void)device;
    ++*(int*)user;
    return false;
}

static void test_iterate_devices(void) {
    REQUIRE_OL(olInit());
    int all = 0, stopped = 0;
    CHECK_OL_OK(olIterateDevices(count_cb, &all));
    CHECK(all == 3); /* the simulated CUDA and HSA GPUs, then the host */
    CHECK_OL_OK(olIterateDevicesWithCodeLoc(stop_cb, &stopped, NULL));
    CHECK(stopped == 1); /* a callback returning false ends the iteration */
    CHECK_OL(olIterateDevices(NULL, NULL), OL_ERRC_INVALID_NULL_POINTER);
    /* liboffload's order: GPUs first, the host device last. */
    find_state f = {OL_PLATFORM_BACKEND_HOST, NULL, 0};
    CHECK_OL_OK(olIterateDevices(find_cb, &f));
    CHECK(f.found && f.visited == all);
    CHECK_OL_OK(olShutDown());
}

static void check_platform(target t) {
    OPEN_DEVICE(t, dev);
    ol_platform_handle_t platform = NULL;
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_PLATFORM, sizeof platform, &platform));
    char text[64];
    size_t size = 0;
    for (ol_platform_info_t prop = OL_PLATFORM_INFO_NAME; prop < OL_PLATFORM_INFO_LAST; prop++) {
        CHECK_OL_OK(olGetPlatformInfoSize(platform, prop, &size));
        CHECK(size > 0 && size <= sizeof text);
        memset(text, 0x55, sizeof text);
        CHECK_OL_OK(olGetPlatformInfo(platform, prop, size, text));
        if (prop != OL_PLATFORM_INFO_BACKEND) CHECK(size < 24 && text[size - 1] == '\0' && strlen(text) == size - 1);
        CHECK_INFO_ERRORS(olGetPlatformInfo, platform, prop, OL_PLATFORM_INFO_LAST, text, size);
    }
    ol_platform_backend_t backend = OL_PLATFORM_BACKEND_UNKNOWN;
    CHECK_OL_OK(olGetPlatformInfoWithCodeLoc(platform, OL_PLATFORM_INFO_BACKEND, sizeof backend, &backend, NULL));
    CHECK(backend == target_backends[t]);
    CHECK_OL_OK(olGetPlatformInfo(platform, OL_PLATFORM_INFO_NAME, sizeof text, text));
    CHECK(strcmp(text, t == HOST ? "HOST" : t == CUDA ? "CUDA" : "AMDGPU") == 0);
    CHECK_OL(olGetPlatformInfoSize(platform, OL_PLATFORM_INFO_FORCE_UINT32, &size), OL_ERRC_INVALID_ENUMERATION);
    CHECK_OL_OK(olShutDown());
}

/* Sizes of each device property as the header types them ([char[]] is variable). */
static size_t device_prop_size(ol_device_info_t prop) {
    switch (prop) {
    case OL_DEVICE_INFO_PLATFORM:
        return sizeof(ol_platform_handle_t);
    case OL_DEVICE_INFO_NAME:
    case OL_DEVICE_INFO_PRODUCT_NAME:
    case OL_DEVICE_INFO_UID:
    case OL_DEVICE_INFO_VENDOR:
    case OL_DEVICE_INFO_DRIVER_VERSION:
        return 0;
    case OL_DEVICE_INFO_MAX_WORK_GROUP_SIZE_PER_DIMENSION:
    case OL_DEVICE_INFO_MAX_WORK_SIZE_PER_DIMENSION:
        return sizeof(ol_dimensions_t);
    case OL_DEVICE_INFO_MAX_MEM_ALLOC_SIZE:
    case OL_DEVICE_INFO_GLOBAL_MEM_SIZE:
    case OL_DEVICE_INFO_WORK_GROUP_LOCAL_MEM_SIZE:
        return sizeof(uint64_t);
    default:
        return sizeof(uint32_t);
    }
}

static void check_device_info(target t) {
    OPEN_DEVICE(t, dev);
    unsigned char value[512];
    size_t size = 0;
    for (ol_device_info_t prop = OL_DEVICE_INFO_TYPE; prop < OL_DEVICE_INFO_LAST; prop++) {
        CHECK_OL_OK(olGetDeviceInfoSize(dev, prop, &size));
        size_t typed = device_prop_size(prop);
        CHECK(typed ? size == typed : size >= 1 && size <= sizeof value);
        CHECK_OL_OK(olGetDeviceInfo(dev, prop, sizeof value, value));
        if (!typed) CHECK(value[size - 1] == '\0' && strlen((char*)value) == size - 1);
        CHECK_INFO_ERRORS(olGetDeviceInfo, dev, prop, OL_DEVICE_INFO_LAST, value, size);
    }

    /* Values: a computing device in each case (liboffload 22's host device reports 0 B, one
       work-item per group). */
    ol_device_type_t type;
    uint32_t group = 0, units = 0, bits = 0, vendor = 0;
    uint64_t memory = 0;
    ol_dimensions_t dims;
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_TYPE, sizeof type, &type));
    CHECK(type == (t == HOST ? OL_DEVICE_TYPE_HOST : OL_DEVICE_TYPE_GPU));
    CHECK_OL_OK(olGetDeviceInfoWithCodeLoc(dev, OL_DEVICE_INFO_MAX_WORK_GROUP_SIZE, sizeof group, &group, NULL));
    CHECK(group >= 64);
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_MAX_WORK_GROUP_SIZE_PER_DIMENSION, sizeof dims, &dims));
    CHECK(dims.x >= 64 && dims.x <= group);
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_NUM_COMPUTE_UNITS, sizeof units, &units));
    CHECK(units >= 1);
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_GLOBAL_MEM_SIZE, sizeof memory, &memory));
    CHECK(memory >= (1u << 30));
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_ADDRESS_BITS, sizeof bits, &bits));
    CHECK(bits == 64);
    CHECK_OL_OK(olGetDeviceInfoSizeWithCodeLoc(dev, OL_DEVICE_INFO_VENDOR_ID, &size, NULL));
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_VENDOR_ID, sizeof vendor, &vendor));
    if (t != HOST) CHECK(vendor == (t == CUDA ? 0x10de : 0x1002));
    CHECK_OL_OK(olShutDown());
}

/* ---- Memory ------------------------------------------------------------------------------------ */

static void check_memory(target t) {
    OPEN_DEVICE(t, dev);
    static const ol_alloc_type_t types[] = {OL_ALLOC_TYPE_HOST, OL_ALLOC_TYPE_DEVICE, OL_ALLOC_TYPE_MANAGED};
    for (size_t i = 0; i < 3; i++) {
        void* p = NULL;
        CHECK_OL_OK(olMemAlloc(dev, types[i], 0x1000, &p));
        if (!p) continue;
        char* inside = (char*)p + 123;
        ol_device_handle_t owner = NULL;
        void* base = NULL;
        size_t size = 0, info_size = 0;
        ol_alloc_type_t type = OL_ALLOC_TYPE_LAST;
        CHECK_OL_OK(olGetMemInfo(inside, OL_MEM_INFO_DEVICE, sizeof owner, &owner));
        CHECK(owner == dev);
        CHECK_OL_OK(olGetMemInfo(inside, OL_MEM_INFO_BASE, sizeof base, &base));
        CHECK(base == p);
        CHECK_OL_OK(olGetMemInfoWithCodeLoc(inside, OL_MEM_INFO_SIZE, sizeof size, &size, NULL));
        CHECK(size == 0x1000);
        CHECK_OL_OK(olGetMemInfo(p, OL_MEM_INFO_TYPE, sizeof type, &type));
        CHECK(type == types[i]);
        CHECK_OL_OK(olGetMemInfoSize(p, OL_MEM_INFO_BASE, &info_size));
        CHECK(info_size == sizeof(void*));
        CHECK_OL_OK(olGetMemInfoSizeWithCodeLoc(p, OL_MEM_INFO_TYPE, &info_size, NULL));
        CHECK(info_size == sizeof(ol_alloc_type_t));
        CHECK_OL(olGetMemInfo(p, OL_MEM_INFO_SIZE, sizeof size - 1, &size), OL_ERRC_INVALID_SIZE);
        CHECK_OL(olGetMemInfo(p, OL_MEM_INFO_SIZE, 0, &size), OL_ERRC_INVALID_SIZE);
        CHECK_OL(olGetMemInfo(p, OL_MEM_INFO_SIZE, sizeof size, NULL), OL_ERRC_INVALID_NULL_POINTER);
        CHECK_OL(olGetMemInfo(NULL, OL_MEM_INFO_SIZE, sizeof size, &size), OL_ERRC_INVALID_NULL_POINTER);
        CHECK_OL(olGetMemInfo(p, OL_MEM_INFO_LAST, sizeof size, &size), OL_ERRC_INVALID_ENUMERATION);
        CHECK_OL(olGetMemInfoSize(NULL, OL_MEM_INFO_SIZE, &info_size), OL_ERRC_INVALID_NULL_POINTER);
        CHECK_OL(olGetMemInfoSize(p, OL_MEM_INFO_SIZE, NULL), OL_ERRC_INVALID_NULL_POINTER);
        CHECK_OL_OK(i == 0 ? olMemFreeWithCodeLoc(p, NULL) : olMemFree(p));
        /* Freed memory is no longer known. */
        CHECK_OL(olGetMemInfo(p, OL_MEM_INFO_SIZE, sizeof size, &size), OL_ERRC_NOT_FOUND);
    }
    int local = 0;
    size_t size = 0;
    void* p = NULL;
    CHECK_OL(olGetMemInfo(&local, OL_MEM_INFO_SIZE, sizeof size, &size), OL_ERRC_NOT_FOUND);
    CHECK_OL(olGetMemInfoSize(&local, OL_MEM_INFO_SIZE, &size), OL_ERRC_NOT_FOUND);
    CHECK_OL(olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, 0, &p), OL_ERRC_INVALID_SIZE);
    CHECK_OL(olMemAlloc(NULL, OL_ALLOC_TYPE_DEVICE, 64, &p), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, 64, NULL), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olMemAlloc(dev, OL_ALLOC_TYPE_LAST, 64, &p), OL_ERRC_INVALID_ENUMERATION);
    CHECK_OL(olMemFree(NULL), OL_ERRC_INVALID_NULL_POINTER);
    ol_result_t r = olMemFree(&local);
    CHECK(r && r->Code == OL_ERRC_INVALID_ARGUMENT && strstr(r->Details, "olMemFree: "));
    CHECK_OL_OK(olShutDown());
}

static void check_memcpy(target t) {
    OPEN_DEVICE(t, dev);
    ol_device_handle_t host = device_of(HOST);
    enum { N = 4096 };
    static unsigned char in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = (unsigned char)(i * 7);
    void *a = NULL, *b = NULL;
    REQUIRE_OL(olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, N, &a));
    REQUIRE_OL(olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, N, &b));
    /* Synchronous: host -> device -> device -> host. */
    memset(out, 0, N);
    CHECK_OL_OK(olMemcpy(NULL, a, dev, in, host, N));
    CHECK_OL_OK(olMemcpyWithCodeLoc(NULL, b, dev, a, dev, N, NULL));
    CHECK_OL_OK(olMemcpy(NULL, out, host, b, dev, N));
    CHECK(memcmp(in, out, N) == 0);
    /* On a queue. */
    ol_queue_handle_t q = NULL;
    REQUIRE_OL(olCreateQueue(dev, &q));
    memset(out, 0, N);
    CHECK_OL_OK(olMemcpy(q, b, dev, in, host, N));
    CHECK_OL_OK(olMemcpy(q, out, host, b, dev, N));
    CHECK_OL_OK(olSyncQueue(q));
    CHECK(memcmp(in, out, N) == 0);
    CHECK_OL_OK(olMemcpy(q, out, host, b, dev, 0)); /* nothing to copy */
    CHECK_OL(olMemcpy(q, out, NULL, b, dev, N), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olMemcpy(q, out, host, b, NULL, N), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olMemcpy(q, NULL, host, b, dev, N), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olMemcpy(q, out, host, NULL, dev, N), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL_OK(olDestroyQueue(q));
    CHECK_OL_OK(olMemFree(a));
    CHECK_OL_OK(olMemFree(b));
    CHECK_OL_OK(olShutDown());
}

/* Fills with patterns of 1 to 16 bytes (the core does 1, 2 and 4; the others are staged), at an
   odd offset too, synchronously and on a queue; read back and compared. */
static void check_memfill(target t) {
    OPEN_DEVICE(t, dev);
    ol_device_handle_t host = device_of(HOST);
    enum { N = 960, TOTAL = N + 40 }; /* room for the fill at offset pattern size + 1, and a guard byte */
    static const unsigned char pattern[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    static const size_t sizes[] = {1, 2, 3, 4, 8, 16};
    unsigned char out[TOTAL];
    void* mem = NULL;
    ol_queue_handle_t q = NULL;
    REQUIRE_OL(olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, TOTAL, &mem));
    REQUIRE_OL(olCreateQueue(dev, &q));
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        for (int queued = 0; queued < 2; queued++) {
            size_t ps = sizes[i], offset = queued ? ps + 1 : 0, fill = N / ps * ps;
            unsigned char* at = (unsigned char*)mem + offset;
            CHECK_OL_OK(olMemFill(NULL, mem, 1, &(unsigned char){0xee}, TOTAL));
            CHECK_OL_OK(olMemFill(queued ? q : NULL, at, ps, pattern, fill));
            if (queued) CHECK_OL_OK(olSyncQueue(q));
            CHECK_OL_OK(olMemcpy(NULL, out, host, mem, dev, TOTAL));
            int ok = 1;
            for (size_t k = 0; k < fill; k++) ok &= out[offset + k] == pattern[k % ps];
            ok &= (offset == 0 || out[offset - 1] == 0xee) && out[offset + fill] == 0xee;
            if (!ok) {
                fprintf(stderr, "  FAIL %s: fill with a %zu-byte pattern at offset %zu\n", test__state.current, ps,
                        offset);
                test__state.current_failed++;
            }
        }
    }
    CHECK_OL_OK(olMemFillWithCodeLoc(q, mem, 4, pattern, 0, NULL));
    CHECK_OL(olMemFill(q, mem, 4, pattern, 6), OL_ERRC_INVALID_SIZE);
    CHECK_OL(olMemFill(q, mem, 0, pattern, 8), OL_ERRC_INVALID_SIZE);
    CHECK_OL(olMemFill(q, NULL, 4, pattern, 8), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olMemFill(q, mem, 4, NULL, 8), OL_ERRC_INVALID_NULL_POINTER);
    if (t != HOST) { /* memory of one device, a queue of another */
        ol_queue_handle_t host_queue = NULL;
        REQUIRE_OL(olCreateQueue(host, &host_queue));
        CHECK_OL(olMemFill(host_queue, mem, 4, pattern, 8), OL_ERRC_INVALID_DEVICE);
        CHECK_OL_OK(olDestroyQueue(host_queue));
    }
    CHECK_OL_OK(olDestroyQueue(q));
    CHECK_OL_OK(olMemFree(mem));
    CHECK_OL_OK(olShutDown());
}

static void check_mem_register(target t) {
    OPEN_DEVICE(t, dev);
    static char buffer[4096];
    void* pinned = NULL;
    if (t != HOST) {
        CHECK_OL(olMemRegister(dev, buffer, sizeof buffer, 0, &pinned), OL_ERRC_UNSUPPORTED);
        CHECK_OL(olMemUnregister(dev, buffer), OL_ERRC_UNSUPPORTED);
    } else {
        CHECK_OL_OK(olMemRegister(dev, buffer, sizeof buffer, 0, &pinned));
        CHECK(pinned == buffer);
        CHECK_OL_OK(olMemRegisterWithCodeLoc(dev, buffer, sizeof buffer, 0, &pinned, NULL)); /* a second user */
        CHECK_OL(olMemRegister(dev, buffer + 8, 16, 0, &pinned), OL_ERRC_INVALID_ARGUMENT);  /* partial overlap */
        CHECK_OL_OK(olMemUnregister(dev, buffer));
        CHECK_OL_OK(olMemUnregisterWithCodeLoc(dev, buffer, NULL));
        CHECK_OL(olMemUnregister(dev, buffer), OL_ERRC_INVALID_ARGUMENT); /* no user left */
        CHECK_OL_OK(olMemRegister(dev, buffer, 64, 0, &pinned));          /* left registered: olShutDown releases it */
    }
    CHECK_OL(olMemRegister(dev, buffer, 0, 0, &pinned), OL_ERRC_INVALID_SIZE);
    CHECK_OL(olMemRegister(NULL, buffer, 64, 0, &pinned), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olMemRegister(dev, NULL, 64, 0, &pinned), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olMemRegister(dev, buffer, 64, 0, NULL), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olMemUnregister(NULL, buffer), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olMemUnregister(dev, NULL), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL_OK(olShutDown());
}

/* ---- Queues and events ------------------------------------------------------------------------ */

static void set_flag(void* user) { *(int*)user = 1; }

static void check_queues_events(target t) {
    OPEN_DEVICE(t, dev);
    ol_queue_handle_t q = NULL, q2 = NULL;
    REQUIRE_OL(olCreateQueue(dev, &q));
    REQUIRE_OL(olCreateQueueWithCodeLoc(dev, &q2, NULL));
    ol_device_handle_t owner = NULL;
    bool empty = false;
    size_t size = 0;
    CHECK_OL_OK(olGetQueueInfo(q, OL_QUEUE_INFO_DEVICE, sizeof owner, &owner));
    CHECK(owner == dev);
    CHECK_OL_OK(olGetQueueInfoSize(q, OL_QUEUE_INFO_DEVICE, &size));
    CHECK(size == sizeof owner);
    CHECK_OL_OK(olGetQueueInfoSizeWithCodeLoc(q, OL_QUEUE_INFO_EMPTY, &size, NULL));
    CHECK(size == sizeof(bool));

    int ran = 0;
    CHECK_OL_OK(olLaunchHostFunction(q, set_flag, &ran));
    ol_event_handle_t e = NULL;
    CHECK_OL_OK(olCreateEvent(q, &e));
    CHECK_OL_OK(olWaitEvents(q2, &e, 1)); /* q2's later work waits for q's */
    int ran2 = 0;
    CHECK_OL_OK(olLaunchHostFunctionWithCodeLoc(q2, set_flag, &ran2, NULL));
    CHECK_OL_OK(olSyncQueueWithCodeLoc(q2, NULL));
    CHECK(ran == 1 && ran2 == 1);
    CHECK_OL_OK(olSyncEvent(e));
    bool complete = false;
    ol_queue_handle_t of = NULL;
    CHECK_OL_OK(olGetEventInfo(e, OL_EVENT_INFO_IS_COMPLETE, sizeof complete, &complete));
    CHECK(complete);
    CHECK_OL_OK(olGetEventInfoWithCodeLoc(e, OL_EVENT_INFO_QUEUE, sizeof of, &of, NULL));
    CHECK(of == q);
    CHECK_OL_OK(olGetEventInfoSize(e, OL_EVENT_INFO_QUEUE, &size));
    CHECK(size == sizeof of);
    CHECK_OL_OK(olGetEventInfoSizeWithCodeLoc(e, OL_EVENT_INFO_IS_COMPLETE, &size, NULL));
    CHECK(size == sizeof(bool));
    CHECK_OL_OK(olSyncQueue(q));
    CHECK_OL_OK(olGetQueueInfoWithCodeLoc(q, OL_QUEUE_INFO_EMPTY, sizeof empty, &empty, NULL));
    CHECK(empty);

    /* Errors the header lists. */
    CHECK_INFO_ERRORS(olGetQueueInfo, q, OL_QUEUE_INFO_DEVICE, OL_QUEUE_INFO_LAST, &owner, sizeof owner);
    CHECK_INFO_ERRORS(olGetEventInfo, e, OL_EVENT_INFO_QUEUE, OL_EVENT_INFO_LAST, &of, sizeof of);
    CHECK_OL(olCreateQueue(NULL, &q2), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olCreateQueue(dev, NULL), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olSyncQueue(NULL), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olDestroyQueue(NULL), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olLaunchHostFunction(NULL, set_flag, &ran), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olLaunchHostFunction(q, NULL, &ran), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olCreateEvent(NULL, &e), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olCreateEvent(q, NULL), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olSyncEvent(NULL), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olDestroyEvent(NULL), OL_ERRC_INVALID_NULL_HANDLE);
    ol_event_handle_t with_null[2] = {e, NULL};
    CHECK_OL(olWaitEvents(q, with_null, 2), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olWaitEvents(NULL, &e, 1), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olWaitEvents(q, NULL, 1), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL_OK(olWaitEventsWithCodeLoc(q, &e, 0, NULL));

    /* An event outlives its queue (the header: events of a destroyed queue remain valid). */
    ol_event_handle_t last = NULL;
    CHECK_OL_OK(olCreateEventWithCodeLoc(q2, &last, NULL));
    CHECK_OL_OK(olDestroyQueueWithCodeLoc(q2, NULL));
    CHECK_OL_OK(olSyncEventWithCodeLoc(last, NULL));
    CHECK_OL_OK(olDestroyEventWithCodeLoc(last, NULL));
    CHECK_OL_OK(olDestroyEvent(e));
    CHECK_OL_OK(olDestroyQueue(q));
    CHECK_OL_OK(olShutDown());
}

/* ---- Programs, symbols, launches --------------------------------------------------------------- */

static void check_programs(target t) {
    OPEN_DEVICE(t, dev);
    ol_program_handle_t p = NULL;
    bool valid = false;
    for (target other = HOST; other < TARGET_COUNT; other++) {
        CHECK_OL_OK(olIsValidBinary(dev, images[other], image_sizes[other], &valid));
        CHECK(valid == (other == t));
    }
    static const char garbage[] = "not a device image";
    CHECK_OL_OK(olIsValidBinaryWithCodeLoc(dev, garbage, sizeof garbage, &valid, NULL));
    CHECK(!valid);
    CHECK_OL(olIsValidBinary(NULL, images[t], image_sizes[t], &valid), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olIsValidBinary(dev, NULL, image_sizes[t], &valid), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olIsValidBinary(dev, images[t], image_sizes[t], NULL), OL_ERRC_INVALID_NULL_POINTER);

    CHECK_OL(olCreateProgram(dev, garbage, sizeof garbage, &p), OL_ERRC_INVALID_BINARY);
    CHECK_OL(olCreateProgram(dev, images[t], 0, &p), OL_ERRC_INVALID_SIZE);
    CHECK_OL(olCreateProgram(NULL, images[t], image_sizes[t], &p), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olCreateProgram(dev, NULL, image_sizes[t], &p), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olCreateProgram(dev, images[t], image_sizes[t], NULL), OL_ERRC_INVALID_NULL_POINTER);
    REQUIRE_OL(olCreateProgramWithCodeLoc(dev, images[t], image_sizes[t], &p, NULL));

    ol_symbol_handle_t kernel = NULL, again = NULL, global = NULL, missing = NULL;
    CHECK_OL_OK(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_KERNEL, &kernel));
    CHECK_OL_OK(olGetSymbolWithCodeLoc(p, "saxpy", OL_SYMBOL_KIND_KERNEL, &again, NULL));
    CHECK(kernel && kernel == again); /* one handle per symbol */
    CHECK_OL_OK(olGetSymbol(p, "counter", OL_SYMBOL_KIND_GLOBAL_VARIABLE, &global));
    CHECK_OL(olGetSymbol(p, "counter", OL_SYMBOL_KIND_KERNEL, &missing), OL_ERRC_NOT_FOUND);
    CHECK_OL(olGetSymbol(p, "absent", OL_SYMBOL_KIND_KERNEL, &missing), OL_ERRC_NOT_FOUND);
    CHECK_OL(olGetSymbol(p, "absent", OL_SYMBOL_KIND_GLOBAL_VARIABLE, &missing), OL_ERRC_NOT_FOUND);
    CHECK_OL(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_LAST, &missing), OL_ERRC_INVALID_ENUMERATION);
    CHECK_OL(olGetSymbol(NULL, "saxpy", OL_SYMBOL_KIND_KERNEL, &missing), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olGetSymbol(p, NULL, OL_SYMBOL_KIND_KERNEL, &missing), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_KERNEL, NULL), OL_ERRC_INVALID_NULL_POINTER);
    REQUIRE(kernel && global);

    ol_symbol_kind_t kind = OL_SYMBOL_KIND_LAST;
    void* address = NULL;
    size_t size = 0, info_size = 0;
    CHECK_OL_OK(olGetSymbolInfo(kernel, OL_SYMBOL_INFO_KIND, sizeof kind, &kind));
    CHECK(kind == OL_SYMBOL_KIND_KERNEL);
    CHECK_OL_OK(olGetSymbolInfoWithCodeLoc(global, OL_SYMBOL_INFO_KIND, sizeof kind, &kind, NULL));
    CHECK(kind == OL_SYMBOL_KIND_GLOBAL_VARIABLE);
    CHECK_OL_OK(olGetSymbolInfo(global, OL_SYMBOL_INFO_GLOBAL_VARIABLE_ADDRESS, sizeof address, &address));
    CHECK_OL_OK(olGetSymbolInfo(global, OL_SYMBOL_INFO_GLOBAL_VARIABLE_SIZE, sizeof size, &size));
    CHECK(address && size == 4);
    CHECK_OL_OK(olGetSymbolInfoSize(global, OL_SYMBOL_INFO_GLOBAL_VARIABLE_ADDRESS, &info_size));
    CHECK(info_size == sizeof address);
    CHECK_OL_OK(olGetSymbolInfoSizeWithCodeLoc(kernel, OL_SYMBOL_INFO_KIND, &info_size, NULL));
    CHECK(info_size == sizeof kind);
    uint32_t counter = 0;
    CHECK_OL_OK(olMemcpy(NULL, &counter, device_of(HOST), address, dev, sizeof counter));
    CHECK(counter == 7);
    CHECK_OL(olGetSymbolInfo(kernel, OL_SYMBOL_INFO_GLOBAL_VARIABLE_ADDRESS, sizeof address, &address),
             OL_ERRC_SYMBOL_KIND);
    CHECK_OL(olGetSymbolInfoSize(kernel, OL_SYMBOL_INFO_GLOBAL_VARIABLE_SIZE, &info_size), OL_ERRC_SYMBOL_KIND);
    CHECK_INFO_ERRORS(olGetSymbolInfo, global, OL_SYMBOL_INFO_KIND, OL_SYMBOL_INFO_LAST, &kind, sizeof kind);

    size_t group = 0;
    CHECK_OL_OK(olCalculateOptimalOccupancy(dev, kernel, 0, &group));
    CHECK(group >= 64);
    CHECK_OL_OK(olCalculateOptimalOccupancyWithCodeLoc(dev, kernel, 1024, &group, NULL));
    CHECK(group >= 1);
    CHECK_OL(olCalculateOptimalOccupancy(dev, global, 0, &group), OL_ERRC_SYMBOL_KIND);
    CHECK_OL(olCalculateOptimalOccupancy(NULL, kernel, 0, &group), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olCalculateOptimalOccupancy(dev, NULL, 0, &group), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olCalculateOptimalOccupancy(dev, kernel, 0, NULL), OL_ERRC_INVALID_NULL_POINTER);

    CHECK_OL(olDestroyProgram(NULL), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL_OK(olDestroyProgramWithCodeLoc(p, NULL));
    CHECK_OL_OK(olShutDown());
}

/* saxpy's data: x = 0, 1, 2, ... and y = 1 in arrays of SAXPY_N on dev (allocated there and copied
   from host), and the arguments and sizes of a launch over them (a = 2). 0 when the device could
   not allocate. */
enum { SAXPY_N = 1000 };
static int saxpy_data(ol_device_handle_t dev, ol_device_handle_t host, float* x, float* y, saxpy_args* args,
                      ol_kernel_launch_size_args_t* sizes) {
    for (int i = 0; i < SAXPY_N; i++) x[i] = (float)i, y[i] = 1.0f;
    void *dx = NULL, *dy = NULL;
    if (olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, SAXPY_N * sizeof *x, &dx) ||
        olMemAlloc(dev, OL_ALLOC_TYPE_DEVICE, SAXPY_N * sizeof *y, &dy))
        return 0;
    CHECK_OL_OK(olMemcpy(NULL, dx, dev, x, host, SAXPY_N * sizeof *x));
    CHECK_OL_OK(olMemcpy(NULL, dy, dev, y, host, SAXPY_N * sizeof *y));
    *args = (saxpy_args){2.0f, dx, dy, SAXPY_N};
    *sizes = (ol_kernel_launch_size_args_t){1, {(SAXPY_N + 63) / 64, 1, 1}, {64, 1, 1}, 0};
    return 1;
}

static void check_launch(target t) {
    OPEN_DEVICE(t, dev);
    ol_device_handle_t host = device_of(HOST);
    ol_program_handle_t p = NULL;
    ol_symbol_handle_t saxpy = NULL, counter = NULL;
    REQUIRE_OL(olCreateProgram(dev, images[t], image_sizes[t], &p));
    REQUIRE_OL(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_KERNEL, &saxpy));
    REQUIRE_OL(olGetSymbol(p, "counter", OL_SYMBOL_KIND_GLOBAL_VARIABLE, &counter));
    static float x[SAXPY_N], y[SAXPY_N];
    saxpy_args args;
    ol_kernel_launch_size_args_t sizes;
    REQUIRE(saxpy_data(dev, host, x, y, &args, &sizes));
    void *dx = args.x, *dy = args.y;

    /* Synchronous, then twice on a queue. */
    CHECK_OL_OK(olLaunchKernel(NULL, dev, saxpy, &args, SAXPY_ARGS_SIZE, &sizes));
    ol_queue_handle_t q = NULL;
    REQUIRE_OL(olCreateQueue(dev, &q));
    CHECK_OL_OK(olLaunchKernel(q, dev, saxpy, &args, SAXPY_ARGS_SIZE, &sizes));
    CHECK_OL_OK(olLaunchKernelWithCodeLoc(q, dev, saxpy, &args, SAXPY_ARGS_SIZE, &sizes, NULL));
    CHECK_OL_OK(olMemcpy(q, y, host, dy, dev, sizeof y));
    CHECK_OL_OK(olSyncQueue(q));
    int ok = 1;
    for (int i = 0; i < SAXPY_N; i++) ok &= y[i] == 1.0f + 6.0f * (float)i;
    CHECK(ok);

    /* Errors the header lists. */
    CHECK_OL(olLaunchKernel(q, dev, counter, &args, SAXPY_ARGS_SIZE, &sizes), OL_ERRC_SYMBOL_KIND);
    CHECK_OL(olLaunchKernel(q, NULL, saxpy, &args, SAXPY_ARGS_SIZE, &sizes), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olLaunchKernel(q, dev, NULL, &args, SAXPY_ARGS_SIZE, &sizes), OL_ERRC_INVALID_NULL_HANDLE);
    CHECK_OL(olLaunchKernel(q, dev, saxpy, &args, SAXPY_ARGS_SIZE, NULL), OL_ERRC_INVALID_NULL_POINTER);
    CHECK_OL(olLaunchKernel(q, dev, saxpy, NULL, SAXPY_ARGS_SIZE, &sizes), OL_ERRC_INVALID_ARGUMENT);
    /* A queue of another device, and a kernel loaded on another device than the one named. */
    ol_device_handle_t other = t == HOST ? device_of(CUDA) : host;
    if (other) {
        ol_queue_handle_t other_queue = NULL;
        REQUIRE_OL(olCreateQueue(other, &other_queue));
        CHECK_OL(olLaunchKernel(other_queue, dev, saxpy, &args, SAXPY_ARGS_SIZE, &sizes), OL_ERRC_INVALID_DEVICE);
        CHECK_OL(olLaunchKernel(other_queue, other, saxpy, &args, SAXPY_ARGS_SIZE, &sizes), OL_ERRC_INVALID_DEVICE);
        CHECK_OL(olCalculateOptimalOccupancy(other, saxpy, 0, &(size_t){0}), OL_ERRC_INVALID_DEVICE);
        CHECK_OL_OK(olDestroyQueue(other_queue));
    }
    CHECK_OL_OK(olDestroyQueue(q));
    CHECK_OL_OK(olMemFree(dx));
    CHECK_OL_OK(olMemFree(dy));
    CHECK_OL_OK(olDestroyProgram(p));
    CHECK_OL_OK(olShutDown());
}

/* LLVM 22's own library in the process (as in llvm-offload-device-info) next to the LLVM 14
   the JIT links: IR compiled and run through ol* must not reach the other LLVM's symbols. */
static void test_jit_beside_llvm22(void) {
    void* llvm22 = dlopen("libLLVM.so.22.1", RTLD_NOW | RTLD_GLOBAL);
    if (!llvm22) SKIP("libLLVM.so.22.1 (libllvm22) not installed: %s", dlerror());
    size_t size = 0;
    char* ir = test_read_file(OFFLOAD_TEST_ROOT "/tests/data/jit/saxpy.ll", &size);
    REQUIRE(ir);
    REQUIRE_OL(olInit());
    ol_device_handle_t host = device_of(HOST);
    bool valid = false;
    CHECK_OL_OK(olIsValidBinary(host, ir, size, &valid));
    if (!valid) {
        olShutDown();
        free(ir);
        dlclose(llvm22);
        SKIP("this library is built without the JIT (OFFLOAD_NO_JIT)");
    }
    ol_program_handle_t p = NULL;
    ol_symbol_handle_t k = NULL;
    CHECK_OL_OK(olCreateProgram(host, ir, size, &p));
    free(ir);
    if (p) CHECK_OL_OK(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_KERNEL, &k));
    if (k) {
        enum { N = 300 };
        float x[N], y[N];
        for (int i = 0; i < N; i++) x[i] = (float)i, y[i] = 1.0f;
        struct {
            uint32_t n;
            float a;
            float* x;
            float* y;
        } args = {N, 3.0f, x, y};
        ol_kernel_launch_size_args_t sizes = {1, {(N + 31) / 32, 1, 1}, {32, 1, 1}, 0};
        CHECK_OL_OK(olLaunchKernel(NULL, host, k, &args, sizeof args, &sizes));
        int ok = 1;
        for (int i = 0; i < N; i++) ok &= y[i] == 1.0f + 3.0f * (float)i;
        CHECK(ok);
    }
    if (p) CHECK_OL_OK(olDestroyProgram(p));
    CHECK_OL_OK(olShutDown());
    dlclose(llvm22);
}

/* Record & replay through ol*: with OFFLOAD_RECORD_DIR set at olInit, a launch on the host
   device is written to the directory. */
static void test_record_through_ol(void) {
    char dir[] = "/tmp/offload-ol-record-XXXXXX";
    REQUIRE(mkdtemp(dir));
    setenv("OFFLOAD_RECORD_DIR", dir, 1);
    setenv("OFFLOAD_RECORD_ARENA_SIZE", "64M", 1);
    ol_result_t init = olInit();
    unsetenv("OFFLOAD_RECORD_DIR");
    unsetenv("OFFLOAD_RECORD_ARENA_SIZE");
    REQUIRE_OL(init);
    ol_device_handle_t host = device_of(HOST);
    ol_program_handle_t p = NULL;
    ol_symbol_handle_t k = NULL;
    float *x = NULL, *y = NULL;
    CHECK_OL_OK(olCreateProgram(host, images[HOST], image_sizes[HOST], &p));
    if (p) CHECK_OL_OK(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_KERNEL, &k));
    CHECK_OL_OK(olMemAlloc(host, OL_ALLOC_TYPE_DEVICE, 64 * sizeof(float), (void**)&x));
    CHECK_OL_OK(olMemAlloc(host, OL_ALLOC_TYPE_DEVICE, 64 * sizeof(float), (void**)&y));
    if (k && x && y) {
        for (int i = 0; i < 64; i++) x[i] = (float)i, y[i] = 0.0f;
        saxpy_args args = {1.0f, x, y, 64};
        ol_kernel_launch_size_args_t sizes = {1, {1, 1, 1}, {64, 1, 1}, 0};
        CHECK_OL_OK(olLaunchKernel(NULL, host, k, &args, SAXPY_ARGS_SIZE, &sizes));
        CHECK(y[63] == 63.0f);
    }
    CHECK_OL_OK(olShutDown());
    /* The entries written (then removed: the directory is this test's own). */
    char command[128];
    snprintf(command, sizeof command, "test -n \"$(ls -A %s)\"", dir);
    CHECK(system(command) == 0);
    snprintf(command, sizeof command, "rm -rf %s", dir);
    CHECK(system(command) == 0);
}

#define PER_TARGET(check)                                                                                              \
    static void check##_host(void) { check(HOST); }                                                                    \
    static void check##_cuda(void) { check(CUDA); }                                                                    \
    static void check##_hsa(void) { check(HSA); }
PER_TARGET(check_platform)
PER_TARGET(check_device_info)
PER_TARGET(check_memory)
PER_TARGET(check_memcpy)
PER_TARGET(check_memfill)
PER_TARGET(check_mem_register)
PER_TARGET(check_queues_events)
PER_TARGET(check_programs)
PER_TARGET(check_launch)
#define RUN_PER_TARGET(check)                                                                                          \
    RUN(check##_host);                                                                                                 \
    RUN(check##_cuda);                                                                                                 \
    RUN(check##_hsa)

/* ---- A remote device (under mpirun: rank 0 of a launch whose other rank serves) ---------------- */

static bool find_remote_cb(ol_device_handle_t device, void* user) {
    ol_platform_handle_t platform = NULL;
    char name[32] = "";
    if (olGetDeviceInfo(device, OL_DEVICE_INFO_PLATFORM, sizeof platform, &platform) ||
        olGetPlatformInfo(platform, OL_PLATFORM_INFO_NAME, sizeof name, name) || strcmp(name, "REMOTE") != 0)
        return true;
    *(ol_device_handle_t*)user = device;
    return false;
}

/* The server's host device, through ol* as a local one: its platform is "REMOTE" (a backend the
   header has no name for), its type the host's, it takes the host's shared objects, and saxpy
   runs there, synchronously and on a queue, with copies and a fill around it. */
static void test_remote_device_as_local(void) {
    REQUIRE_OL(olInit());
    ol_device_handle_t dev = NULL, host = device_of(HOST);
    olIterateDevices(find_remote_cb, &dev);
    REQUIRE(dev != NULL && host != NULL && dev != host);
    ol_platform_handle_t platform = NULL;
    ol_platform_backend_t backend = OL_PLATFORM_BACKEND_HOST;
    ol_device_type_t type = OL_DEVICE_TYPE_GPU;
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_PLATFORM, sizeof platform, &platform));
    CHECK_OL_OK(olGetPlatformInfo(platform, OL_PLATFORM_INFO_BACKEND, sizeof backend, &backend));
    CHECK(backend == OL_PLATFORM_BACKEND_UNKNOWN);
    CHECK_OL_OK(olGetDeviceInfo(dev, OL_DEVICE_INFO_TYPE, sizeof type, &type));
    CHECK(type == OL_DEVICE_TYPE_HOST);
    bool valid = false;
    CHECK_OL_OK(olIsValidBinary(dev, images[HOST], image_sizes[HOST], &valid));
    CHECK(valid);
    CHECK_OL_OK(olIsValidBinary(dev, images[HSA], image_sizes[HSA], &valid));
    CHECK(!valid);

    ol_program_handle_t p = NULL;
    ol_symbol_handle_t saxpy = NULL;
    REQUIRE_OL(olCreateProgram(dev, images[HOST], image_sizes[HOST], &p));
    REQUIRE_OL(olGetSymbol(p, "saxpy", OL_SYMBOL_KIND_KERNEL, &saxpy));
    static float x[SAXPY_N], y[SAXPY_N];
    saxpy_args args;
    ol_kernel_launch_size_args_t sizes;
    REQUIRE(saxpy_data(dev, host, x, y, &args, &sizes));
    void *dx = args.x, *dy = args.y;
    float half = 0.5f;
    CHECK_OL_OK(olMemFill(NULL, dy, sizeof half, &half, sizeof y)); /* y = 0.5 there */
    CHECK_OL_OK(olLaunchKernel(NULL, dev, saxpy, &args, SAXPY_ARGS_SIZE, &sizes));
    ol_queue_handle_t q = NULL;
    REQUIRE_OL(olCreateQueue(dev, &q));
    CHECK_OL_OK(olLaunchKernel(q, dev, saxpy, &args, SAXPY_ARGS_SIZE, &sizes));
    CHECK_OL_OK(olMemcpy(q, y, host, dy, dev, sizeof y));
    CHECK_OL_OK(olSyncQueue(q));
    int ok = 1;
    for (int i = 0; i < SAXPY_N; i++) ok &= y[i] == 0.5f + 4.0f * (float)i;
    CHECK(ok);
    CHECK_OL_OK(olDestroyQueue(q));
    CHECK_OL_OK(olMemFree(dx));
    CHECK_OL_OK(olMemFree(dy));
    CHECK_OL_OK(olDestroyProgram(p));
    CHECK_OL_OK(olShutDown());
}

/* The role above, as rank 0 of `mpirun -np 1 test_ol_api : -np 1 offload-remote-server`, with
   OFFLOAD_REMOTE=mpi as an unchanged program would be given. */
static void test_remote_device_under_mpirun(void) {
    if (!on_path("mpirun")) SKIP("mpirun is not installed (Debian: openmpi-bin)");
    const char* server = OFFLOAD_TEST_BUILD "/tools/offload-remote-server";
    if (access(server, X_OK) != 0) SKIP("%s is not built", server);
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    REQUIRE(n > 0);
    self[n] = '\0';
    char command[10000];
    snprintf(
        command, sizeof command,
        "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " LAUNCH_ENVIRONMENT
        "OFFLOAD_TEST_OL_ROLE=remote OFFLOAD_REMOTE=mpi timeout 240 mpirun --oversubscribe -x OFFLOAD_TEST_OL_ROLE "
        "-x OFFLOAD_REMOTE -np 1 '%s' : -np 1 '%s' 2>&1 </dev/null",
        self, server);
    fold_launched_run("remote", command);
}

int main(void) {
    /* As any program would point the library at other drivers. */
    setenv("OFFLOAD_CUDA_LIBRARY", CUDA_SIM, 1);
    setenv("OFFLOAD_HSA_LIBRARY", HSA_SIM, 1);
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    setenv("OFFLOAD_JIT_ISOLATION", "none", 1); /* the sanitizer runtimes are not fork-safe (tests/test.h) */
#endif
    if (getenv("OFFLOAD_TEST_OL_ROLE") && getenv("OMPI_COMM_WORLD_SIZE")) { /* started by the test below */
        setvbuf(stdout, NULL, _IONBF, 0);
        if (!load_images()) return 1;
        RUN(test_remote_device_as_local);
        return test_summary();
    }
    if (!load_images() || !register_sim_kernels()) {
        fprintf(stderr, "cannot prepare the test images or the simulated drivers (cc, %s, %s, %s)\n", CUDA_SIM, HSA_SIM,
                HSA_CODE_OBJECT);
        printf("0 passed, 1 failed\n");
        return 1;
    }
    RUN(test_uninitialized);
    RUN(test_exports);
    RUN(test_init_is_reference_counted);
    RUN(test_use_after_shutdown);
    RUN(test_iterate_devices);
    RUN_PER_TARGET(check_platform);
    RUN_PER_TARGET(check_device_info);
    RUN_PER_TARGET(check_memory);
    RUN_PER_TARGET(check_memcpy);
    RUN_PER_TARGET(check_memfill);
    RUN_PER_TARGET(check_mem_register);
    RUN_PER_TARGET(check_queues_events);
    RUN_PER_TARGET(check_programs);
    RUN_PER_TARGET(check_launch);
    RUN(test_jit_beside_llvm22);
    RUN(test_record_through_ol);
    RUN(test_remote_device_under_mpirun);
    for (int i = 0; i < TARGET_COUNT; i++) free(images[i]);
    return test_summary();
}
