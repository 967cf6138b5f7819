/* tests/sim/cuda_sim.c — a simulated CUDA driver: a test fixture, not part of the runtime.

   Built as build/sim/cuda_sim.so and loaded by the CUDA backend through
   offload_context_desc.cuda_library_path. It exports the subset of the Driver API the backend
   binds, under the exact symbol names (cuMemAlloc_v2, ...), backed by host memory:

   - contexts: per-device primary contexts with a reference count, and a per-thread current
     context stack; calls that need a context fail with CUDA_ERROR_INVALID_CONTEXT without one;
   - memory: device, pinned-host and managed allocations are host memory; copies and fills
     check that device pointers lie inside a live allocation;
   - streams run their work in order on one thread each, which wakes only when work is queued on
     its own stream (the driver has no thread per stream: an operation must not cost a wake-up
     of every idle stream's thread; cuda_sim_idle_wakeups counts those that found nothing to
     do); events carry timestamps;
   - cuEventSynchronize on an event created with CU_EVENT_BLOCKING_SYNC blocks (on a condition
     variable) until the event completes; on any other event it waits as the current context's
     scheduling flag says, as does cuStreamSynchronize: CU_CTX_SCHED_BLOCKING_SYNC blocks, the
     others spin, yielding the core, as the driver's default scheduling (CU_CTX_SCHED_AUTO with
     fewer contexts than cores) does: a caller that waits that way burns the CPU time a test can
     measure. Both kinds are counted (cuda_sim_event_synchronizes, cuda_sim_stream_synchronizes);
   - the legacy NULL stream is a stream like the others, and as asynchronous as NVIDIA documents
     it ("API synchronization behavior"): kernels, device-to-device copies and fills of device
     memory return before they ran, a pageable host-to-device copy returns once its source is
     staged; device-to-host and pinned host-to-device copies wait. Streams created with
     CU_STREAM_NON_BLOCKING do not wait for it; blocking streams and it wait for each other. A
     test can delay the legacy stream's work (a busy application stream) to widen the window;
   - cuLaunchKernel takes only the exact parameter size (no tail padding), as the driver does;
   - cuMemAlloc, cuMemFree and cuMemFreeHost wait until no work is queued or running on any
     stream (the driver's implicit synchronisation), except cuMemFree of memory from
     cuMemAllocAsync (stream-ordered, from the device's pool, as are cuMemFreeAsync's frees). A wait that would never end (a kernel waiting for the
     free's caller) gives up after a bound, returns CUDA_ERROR_UNKNOWN and is counted, so a test
     reports the deadlock instead of hanging;
   - cuStreamDestroy returns at once; the stream's thread finishes its work and frees it;
   - modules: PTX newer than the driver's JIT reads (its .version against the driver version,
     cuda_sim_set_driver_version) is CUDA_ERROR_UNSUPPORTED_PTX_VERSION; PTX `.entry` lines give kernel names and parameter sizes, `.global` lines give
     variables (with integer initialisers); a cubin's ELF symbol table gives kernels and globals,
     its `.nv.info.<kernel>` EIATTR_KPARAM_INFO records the parameters (cuFuncGetParamInfo, new
     in 12.4, fails below that driver version: cuda_sim_set_driver_version);
     a fatbin is searched for an embedded cubin. Launching a kernel calls the host function a
     test (or the kernel provider CUDA_SIM_KERNELS names) registered for that name with the packed
     argument buffer and the launch dimensions;
     cuModuleUnload while a kernel of the module is queued or running (undefined behaviour on
     the real driver: the code goes away under the kernel) is counted
     (cuda_sim_unloads_while_running), the module lives on until its last launch ended, and its
     functions are stale handles at once;
   - peer access: each context's peers are kept (cuda_sim_peer_access); enabling one twice is
     CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, the context itself CUDA_ERROR_INVALID_CONTEXT, and
     a test may exhaust the peer mappings (cuda_sim_set_peer_limit: TOO_MANY_PEERS beyond the
     limit; 0: no peer-to-peer, cuDeviceCanAccessPeer answers 0); cuMemcpyPeerAsync needs no
     peer access (the driver stages such a copy through the host);
   - virtual memory: reservations honour the address hint when the range is free (and fall back
     to another address when it is not, as the real driver may);
   - control functions for tests (cuda_sim_*): register kernels, make the N-th call of an entry
     point fail with a chosen CUresult, count calls, count live driver objects and pending
     operations, delay the legacy stream, count deadlocks, reset. */
#define _GNU_SOURCE
#include <ctype.h>
#include <dlfcn.h>
#include <elf.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_provider.h"
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define SIM_EXPORT __attribute__((visibility("default")))
#define SIM_MIN(a, b) ((a) < (b) ? (a) : (b))
#define SIM_MAX(a, b) ((a) > (b) ? (a) : (b))

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

enum {
    SIM_SUCCESS = 0,
    SIM_INVALID_VALUE = 1,
    SIM_OUT_OF_MEMORY = 2,
    SIM_NOT_INITIALIZED = 3,
    SIM_NO_DEVICE = 100,
    SIM_INVALID_DEVICE = 101,
    SIM_INVALID_IMAGE = 200,
    SIM_INVALID_CONTEXT = 201,
    SIM_UNSUPPORTED_LIMIT = 215,
    SIM_INVALID_PTX = 218,
    SIM_UNSUPPORTED_PTX_VERSION = 222,
    SIM_INVALID_HANDLE = 400,
    SIM_NOT_FOUND = 500,
    SIM_NOT_READY = 600,
    SIM_LAUNCH_OUT_OF_RESOURCES = 701,
    SIM_PEER_ACCESS_ALREADY_ENABLED = 704,
    SIM_TOO_MANY_PEERS = 711,
    SIM_NOT_SUPPORTED = 801,
    SIM_UNKNOWN = 999
};

#define SIM_GRANULARITY (2u << 20)
#define SIM_DEFAULT_SHARED (48u * 1024u)
#define SIM_OPTIN_SHARED (227u * 1024u)
#define SIM_MAX_DEVICES 4

/* ---- Entry points and their call accounting ----------------------------------------------- */

/* clang-format off */ /* a table of X(...) rows, laid out by hand */
#define SIM_ENTRIES(X)                                                                            \
    X(cuInit) X(cuDriverGetVersion) X(cuGetErrorName) X(cuGetErrorString) X(cuDeviceGetCount)   \
    X(cuDeviceGet) X(cuDeviceGetName) X(cuDeviceGetAttribute) X(cuDeviceTotalMem_v2)            \
    X(cuDevicePrimaryCtxRetain) X(cuDevicePrimaryCtxRelease_v2) X(cuCtxGetCurrent)              \
    X(cuDevicePrimaryCtxGetState) X(cuDevicePrimaryCtxSetFlags_v2) X(cuCtxSetCurrent) X(cuCtxGetDevice) \
    X(cuCtxGetLimit) X(cuCtxSetLimit) X(cuMemGetInfo_v2) X(cuMemAllocHost_v2) X(cuStreamAddCallback) \
    X(cuOccupancyMaxPotentialBlockSize) X(cuDeviceGetUuid) X(cuMemsetD2D8Async) X(cuMemsetD2D16Async) \
    X(cuMemsetD2D32Async)                                                                         \
    X(cuCtxPushCurrent_v2) X(cuCtxPopCurrent_v2) X(cuMemAlloc_v2) X(cuMemFree_v2) X(cuMemHostAlloc) \
    X(cuMemAllocAsync) X(cuMemFreeAsync)                                                          \
    X(cuMemFreeHost) X(cuMemAllocManaged) X(cuMemcpyHtoD_v2) X(cuMemcpyDtoH_v2) X(cuMemcpyDtoD_v2) \
    X(cuMemcpyHtoDAsync_v2) X(cuMemcpyDtoHAsync_v2) X(cuMemcpyDtoDAsync_v2) X(cuMemsetD8_v2)     \
    X(cuMemcpyPeerAsync) X(cuDeviceCanAccessPeer) X(cuCtxEnablePeerAccess)                       \
    X(cuMemsetD16_v2) X(cuMemsetD32_v2) X(cuMemsetD8Async) X(cuMemsetD16Async) X(cuMemsetD32Async) \
    X(cuStreamCreate) X(cuStreamDestroy_v2) X(cuStreamSynchronize) X(cuStreamQuery)             \
    X(cuStreamWaitEvent) X(cuLaunchHostFunc) X(cuEventCreate) X(cuEventDestroy_v2) X(cuEventRecord) \
    X(cuEventSynchronize) X(cuEventQuery) X(cuEventElapsedTime) X(cuEventElapsedTime_v2) X(cuModuleLoadDataEx) \
    X(cuModuleUnload) X(cuModuleGetFunction) X(cuModuleGetGlobal_v2) X(cuFuncGetAttribute) X(cuFuncSetAttribute) \
    X(cuFuncGetParamInfo) X(cuLaunchKernel) X(cuMemGetAllocationGranularity) X(cuMemAddressReserve) \
    X(cuMemAddressFree) X(cuMemCreate) X(cuMemRelease) X(cuMemMap) X(cuMemUnmap) X(cuMemSetAccess)
/* clang-format on */

enum {
#define SIM_ENTRY_ENUM(name) SIM_E_##name,
    SIM_ENTRIES(SIM_ENTRY_ENUM)
#undef SIM_ENTRY_ENUM
        SIM_ENTRY_COUNT
};

static const char* const sim_entry_names[] = {
#define SIM_ENTRY_NAME(name) #name,
    SIM_ENTRIES(SIM_ENTRY_NAME)
#undef SIM_ENTRY_NAME
};

typedef struct sim_kernel_impl {
    char name[128];
    cuda_sim_kernel_fn fn;
    void* user_data;
} sim_kernel_impl;

/* ---- Objects --------------------------------------------------------------------------------- */

enum {
    SIM_MAGIC_CTX = 0x43545831,
    SIM_MAGIC_STREAM,
    SIM_MAGIC_EVENT,
    SIM_MAGIC_MODULE,
    SIM_MAGIC_FUNC,
    SIM_MAGIC_HANDLE
};

typedef enum {
    SIM_MEM_DEVICE,
    SIM_MEM_HOST,
    SIM_MEM_MANAGED,
    SIM_MEM_GLOBAL,
    SIM_MEM_MAPPED,
    SIM_MEM_POOL
} sim_mem_kind;

typedef struct sim_alloc {
    char* base;
    size_t size;
    sim_mem_kind kind;
    int device; /* of the context current when it was made; -1 without one */
    struct sim_alloc* next;
} sim_alloc;

/* Context limits (cuCtxSetLimit): CU_LIMIT_STACK_SIZE .. CU_LIMIT_PERSISTING_L2_CACHE_SIZE. */
#define SIM_LIMITS 7

typedef struct sim_ctx {
    int magic;
    int device;
    int refcount;
    unsigned flags;            /* cuDevicePrimaryCtxSetFlags */
    size_t limits[SIM_LIMITS]; /* 0 until set: the defaults are sim_limit_defaults */
} sim_ctx;

typedef struct sim_func {
    int magic;
    struct sim_module* module;
    char name[128];
    int param_count; /* -1 when the image does not say */
    size_t param_offset[64];
    size_t param_size[64];
    size_t params_bytes;
    int static_shared;      /* .shared declarations in the kernel's body */
    int max_dynamic_shared; /* CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES; under sim_lock */
} sim_func;

typedef struct sim_global {
    char name[128];
    sim_alloc* storage;
} sim_global;

typedef struct sim_module {
    int magic;
    sim_func* funcs;
    int func_count;
    sim_global* globals;
    int global_count;
    int launches; /* of its kernels, queued or running; under sim_lock */
    int unloaded; /* unloaded while launches ran: freed by the last one */
} sim_module;

typedef struct sim_event {
    int magic;
    unsigned flags;               /* as created: CU_EVENT_BLOCKING_SYNC (1), CU_EVENT_DISABLE_TIMING (2), ... */
    unsigned long long recorded;  /* sequence of the last record enqueued */
    unsigned long long completed; /* sequence the stream has reached */
    uint64_t time_ns;
    int references; /* 1 until destroyed, plus one per queued record or wait */
} sim_event;

typedef enum {
    SIM_OP_COPY,
    SIM_OP_SET,
    SIM_OP_LAUNCH,
    SIM_OP_HOSTFN,
    SIM_OP_RECORD,
    SIM_OP_WAIT,
    SIM_OP_FREE,
    SIM_OP_ALLOC
} sim_op_kind;

typedef struct sim_op {
    sim_op_kind kind;
    void* dst;
    const void* src;
    size_t size;
    unsigned value, element;
    cuda_sim_kernel_fn kernel;
    void* user_data;
    void (*host_fn)(void*);
    unsigned grid[3], block[3];
    size_t shared;
    void* args;
    sim_event* event;
    unsigned long long sequence;
    struct sim_module* module; /* a launch's */
    struct sim_op* next;
} sim_op;

typedef struct sim_stream {
    int magic;
    pthread_t thread;
    sim_op* head;
    sim_op* tail;
    pthread_cond_t work; /* signalled when work is queued on it or it is destroyed */
    int pending;
    int stop;
    int detached;      /* destroyed with work pending: the thread frees the stream */
    int blocking;      /* created without CU_STREAM_NON_BLOCKING: synchronises with the legacy stream */
    unsigned delay_us; /* sleep before each operation (the legacy stream, when a test asks) */
} sim_stream;

typedef struct sim_handle {
    int magic;
    size_t size;
    int references; /* 1 until released, plus one per mapping */
} sim_handle;

typedef struct sim_range {
    char* base;
    size_t size;
    sim_handle* handle; /* mappings only */
    struct sim_range* next;
} sim_range;

/* ---- Global state (this is a test fixture; the runtime itself has none) --------------------- */

static pthread_mutex_t sim_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sim_cond = PTHREAD_COND_INITIALIZER;

static struct {
    int initialized;
    int device_count;
    int driver_version;
    size_t total_memory; /* what cuDeviceTotalMem reports; 0 = 16 GiB */
    unsigned calls[SIM_ENTRY_COUNT];
    int fail_entry;   /* -1 = none */
    unsigned fail_at; /* call number that fails */
    CUresult fail_result;
    sim_kernel_impl kernels[64];
    int kernel_count;
    int (*resolve_kernel)(const char* name); /* the kernel provider's, for a name none registered */
    sim_ctx contexts[SIM_MAX_DEVICES];
    unsigned peer_access[SIM_MAX_DEVICES]; /* bit d of [c]: device c's context reaches device d's memory */
    sim_alloc* allocs;
    sim_range* reservations;
    sim_range* mappings;
    void** objects; /* live modules, streams, events and handles, as a driver holds them */
    size_t object_count, object_capacity;
    long live;          /* the objects above, allocations, reservations */
    sim_stream* legacy; /* the NULL stream, created on first use, never destroyed */
    unsigned legacy_delay_us;
    long ops_pending;     /* operations queued or running on any stream */
    unsigned deadlock_ms; /* how long cuMemFree waits before reporting a deadlock */
    unsigned deadlocks;
    unsigned event_syncs[2];        /* cuEventSynchronize calls on events without and with BLOCKING_SYNC */
    unsigned stream_syncs[2];       /* cuStreamSynchronize calls that spun and that blocked */
    unsigned idle_wakeups;          /* a stream's thread woke and found no work and no stop */
    int memory_pools;               /* CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED; without, cuMemAllocAsync fails */
    unsigned unloads_while_running; /* cuModuleUnload with a kernel of the module queued or running */
    int peer_limit;                 /* peers one context may reach (TOO_MANY_PEERS beyond); -1 = no limit */
} sim = {.device_count = 1,
         .driver_version = 12040,
         .fail_entry = -1,
         .deadlock_ms = 5000,
         .memory_pools = 1,
         .peer_limit = -1};

/* Remembers a driver object, so one the caller never destroys stays reachable (as it does in a
   real driver) rather than being reported as a leak of the test. */
static int sim_track(void* object) {
    pthread_mutex_lock(&sim_lock);
    if (sim.object_count == sim.object_capacity) {
        size_t capacity = sim.object_capacity ? sim.object_capacity * 2 : 64;
        void** grown = (void**)realloc(sim.objects, capacity * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&sim_lock);
            return 0;
        }
        sim.objects = grown;
        sim.object_capacity = capacity;
    }
    sim.objects[sim.object_count++] = object;
    sim.live++;
    pthread_mutex_unlock(&sim_lock);
    return 1;
}

/* Caller holds sim_lock. */
static void sim_untrack_locked(void* object) {
    for (size_t i = 0; i < sim.object_count; i++) {
        if (sim.objects[i] != object) continue;
        sim.objects[i] = sim.objects[--sim.object_count];
        sim.live--;
        return;
    }
}

static __thread sim_ctx* sim_stack[16];
static __thread int sim_depth;

static uint64_t sim_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Counts the call and applies the failure plan; the calls below need cuInit first. */
static CUresult sim_enter(int entry) {
    pthread_mutex_lock(&sim_lock);
    unsigned n = ++sim.calls[entry];
    CUresult rc = SIM_SUCCESS;
    if (sim.fail_entry == entry && sim.fail_at == n) {
        rc = sim.fail_result;
        sim.fail_entry = -1;
    } else if (!sim.initialized && entry != SIM_E_cuInit && entry != SIM_E_cuDriverGetVersion &&
               entry != SIM_E_cuGetErrorName && entry != SIM_E_cuGetErrorString) {
        rc = SIM_NOT_INITIALIZED;
    }
    pthread_mutex_unlock(&sim_lock);
    return rc;
}

#define SIM_BEGIN(name)                                                                                                \
    do {                                                                                                               \
        CUresult sim__rc = sim_enter(SIM_E_##name);                                                                    \
        if (sim__rc != SIM_SUCCESS) return sim__rc;                                                                    \
    } while (0)

static CUresult sim_need_context(void) { return sim_depth > 0 ? SIM_SUCCESS : SIM_INVALID_CONTEXT; }

/* The error of a kernel that failed (cuda_sim_fail_running_kernel), 0 while none did. As with the
   driver, it is sticky: every call that needs a context returns it, a synchronisation returns it
   once the kernel ran, until a primary context is released for good. One for all the simulated
   devices' contexts (the driver keeps one per context): the tests fault one device at a time. */
static _Atomic CUresult sim_sticky;
/* The failure the running kernel reported, on the stream thread that runs it. */
static __thread CUresult sim_kernel_failure;

static CUresult sim_sticky_or(CUresult rc) {
    CUresult sticky = atomic_load(&sim_sticky);
    return sticky ? sticky : rc;
}

#define SIM_BEGIN_CTX(name)                                                                                            \
    do {                                                                                                               \
        SIM_BEGIN(name);                                                                                               \
        if (sim_need_context() != SIM_SUCCESS) return SIM_INVALID_CONTEXT;                                             \
        if (atomic_load(&sim_sticky)) return atomic_load(&sim_sticky);                                                 \
    } while (0)

/* ---- Control functions for tests ------------------------------------------------------------ */

SIM_EXPORT void cuda_sim_reset(void) {
    pthread_mutex_lock(&sim_lock);
    memset(sim.calls, 0, sizeof sim.calls);
    sim.fail_entry = -1;
    sim.kernel_count = 0;
    atomic_store(&sim_sticky, 0);
    sim.device_count = 1;
    sim.driver_version = 12040;
    sim.total_memory = 0;
    sim.legacy_delay_us = 0;
    if (sim.legacy) sim.legacy->delay_us = 0;
    sim.deadlock_ms = 5000;
    sim.deadlocks = 0;
    memset(sim.event_syncs, 0, sizeof sim.event_syncs);
    memset(sim.stream_syncs, 0, sizeof sim.stream_syncs);
    sim.idle_wakeups = 0;
    sim.memory_pools = 1;
    sim.unloads_while_running = 0;
    sim.peer_limit = -1;
    memset(sim.peer_access, 0, sizeof sim.peer_access);
    for (int d = 0; d < SIM_MAX_DEVICES; d++) {
        sim.contexts[d].flags = 0;
        memset(sim.contexts[d].limits, 0, sizeof sim.contexts[d].limits);
    }
    pthread_mutex_unlock(&sim_lock);
}

/* Whether device `from`'s context may reach device `to`'s memory (cuCtxEnablePeerAccess). */
SIM_EXPORT int cuda_sim_peer_access(int from, int to) {
    if (from < 0 || to < 0 || from >= SIM_MAX_DEVICES || to >= SIM_MAX_DEVICES) return 0;
    pthread_mutex_lock(&sim_lock);
    int enabled = (sim.peer_access[from] >> to) & 1u;
    pthread_mutex_unlock(&sim_lock);
    return enabled;
}

/* How many peers one context may reach from now on: cuCtxEnablePeerAccess beyond that is
   CUDA_ERROR_TOO_MANY_PEERS, as when the hardware's peer mappings are exhausted; -1 = no limit;
   0: no peer-to-peer at all (cuDeviceCanAccessPeer answers 0). */
SIM_EXPORT void cuda_sim_set_peer_limit(int peers) {
    pthread_mutex_lock(&sim_lock);
    sim.peer_limit = peers;
    pthread_mutex_unlock(&sim_lock);
}

/* The nth call of `entry` from now on (1 = the next one) returns `result`. Returns 0 when the
   entry point is unknown. */
SIM_EXPORT int cuda_sim_fail(const char* entry, unsigned nth, int result) {
    for (int i = 0; i < SIM_ENTRY_COUNT; i++) {
        if (strcmp(sim_entry_names[i], entry) != 0) continue;
        pthread_mutex_lock(&sim_lock);
        sim.fail_entry = i;
        sim.fail_at = sim.calls[i] + nth;
        sim.fail_result = result;
        pthread_mutex_unlock(&sim_lock);
        return 1;
    }
    return 0;
}

SIM_EXPORT unsigned cuda_sim_entry_count(void) { return SIM_ENTRY_COUNT; }
SIM_EXPORT const char* cuda_sim_entry_name(unsigned index) {
    return index < SIM_ENTRY_COUNT ? sim_entry_names[index] : NULL;
}

SIM_EXPORT unsigned cuda_sim_call_count(const char* entry) {
    for (int i = 0; i < SIM_ENTRY_COUNT; i++) {
        if (strcmp(sim_entry_names[i], entry) == 0) return sim.calls[i];
    }
    return 0;
}

/* cuEventSynchronize calls that reached a valid event created with (blocking != 0) or without
   CU_EVENT_BLOCKING_SYNC, since the last reset. */
SIM_EXPORT unsigned cuda_sim_event_synchronizes(int blocking) {
    pthread_mutex_lock(&sim_lock);
    unsigned n = sim.event_syncs[blocking != 0];
    pthread_mutex_unlock(&sim_lock);
    return n;
}

/* cuStreamSynchronize calls on a valid stream that blocked (blocking != 0: the context's
   scheduling is CU_CTX_SCHED_BLOCKING_SYNC) or spun, since the last reset. */
SIM_EXPORT unsigned cuda_sim_stream_synchronizes(int blocking) {
    pthread_mutex_lock(&sim_lock);
    unsigned n = sim.stream_syncs[blocking != 0];
    pthread_mutex_unlock(&sim_lock);
    return n;
}

/* Times a stream's thread woke and found neither work nor a stop, since the last reset. */
SIM_EXPORT unsigned cuda_sim_idle_wakeups(void) {
    pthread_mutex_lock(&sim_lock);
    unsigned n = sim.idle_wakeups;
    pthread_mutex_unlock(&sim_lock);
    return n;
}

/* The module whose kernel this stream thread runs now (cuda_sim_running_global). */
static __thread sim_module* sim_running_module;

/* For a registered implementation: the address of global `name` of the module whose kernel it
   is running, or NULL. */
SIM_EXPORT void* cuda_sim_running_global(const char* name) {
    sim_module* m = sim_running_module;
    for (int i = 0; m && i < m->global_count; i++)
        if (strcmp(m->globals[i].name, name) == 0) return m->globals[i].storage->base;
    return NULL;
}

/* The running kernel failed with rc (a provider's kernel that trapped or asserted): the context's
   sticky error once the kernel returns. */
SIM_EXPORT void cuda_sim_fail_running_kernel(CUresult rc) { sim_kernel_failure = rc; }

/* Calls each(name, storage, size, user_data) for every variable of the running kernel's module
   (NULL outside a kernel): a kernel provider copies them to and from its own. */
SIM_EXPORT void cuda_sim_each_running_global(void (*each)(const char*, void*, size_t, void*), void* user_data) {
    sim_module* m = sim_running_module;
    for (int i = 0; m && i < m->global_count; i++)
        each(m->globals[i].name, m->globals[i].storage->base, m->globals[i].storage->size, user_data);
}

SIM_EXPORT int cuda_sim_register_kernel(const char* name, cuda_sim_kernel_fn fn, void* user_data);

/* CUDA_SIM_KERNELS names a library of kernel implementations for a process that registers none
   itself (a remote server's, or a CUDA program's): it is loaded at the first cuInit and handed
   the registration call and cuda_sim_running_global (its sim_kernels_provide_cuda), or all the
   services (its sim_kernels_serve_cuda, which also gives the call that registers a kernel no
   one registered when it is first launched). */
static void sim_load_kernel_provider(void) {
    static const cuda_sim_services services = {cuda_sim_register_kernel, cuda_sim_running_global,
                                               cuda_sim_each_running_global, cuda_sim_fail_running_kernel};
    const char* path = getenv("CUDA_SIM_KERNELS");
    if (!path || sim.kernel_count) return;
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    void* provide = library ? dlsym(library, "sim_kernels_provide_cuda") : NULL;
    void* serve = library ? dlsym(library, "sim_kernels_serve_cuda") : NULL;
    if (serve) {
        int (*(*serve_fn)(const cuda_sim_services*))(const char*);
        memcpy(&serve_fn, &serve, sizeof serve);
        sim.resolve_kernel = serve_fn(&services);
        return;
    }
    if (!provide) {
        fprintf(stderr, "cuda_sim: CUDA_SIM_KERNELS=%s: %s\n", path,
                library ? "no sim_kernels_provide_cuda or sim_kernels_serve_cuda" : dlerror());
        return;
    }
    void (*provide_fn)(int (*)(const char*, cuda_sim_kernel_fn, void*), void* (*)(const char*));
    memcpy(&provide_fn, &provide, sizeof provide);
    provide_fn(cuda_sim_register_kernel, cuda_sim_running_global);
}

SIM_EXPORT int cuda_sim_register_kernel(const char* name, cuda_sim_kernel_fn fn, void* user_data) {
    pthread_mutex_lock(&sim_lock);
    int ok = sim.kernel_count < (int)(sizeof sim.kernels / sizeof sim.kernels[0]) && strlen(name) < 128;
    if (ok) {
        sim_kernel_impl* k = &sim.kernels[sim.kernel_count++];
        strcpy(k->name, name);
        k->fn = fn;
        k->user_data = user_data;
    }
    pthread_mutex_unlock(&sim_lock);
    return ok;
}

SIM_EXPORT void cuda_sim_set_devices(int count) { sim.device_count = count; }

/* The device memory each device reports from now on (contexts created later see it); 0 = 16 GiB. */
SIM_EXPORT void cuda_sim_set_total_memory(size_t bytes) { sim.total_memory = bytes; }

/* Each operation on the legacy stream waits this long before it runs (an application's kernels
   ahead of ours), so work that does not wait for it shows. */
SIM_EXPORT void cuda_sim_set_legacy_delay_us(unsigned us) {
    pthread_mutex_lock(&sim_lock);
    sim.legacy_delay_us = us;
    if (sim.legacy) sim.legacy->delay_us = us;
    pthread_mutex_unlock(&sim_lock);
}

/* Frees that gave up waiting for running work (each one a hang on the real driver). */
SIM_EXPORT unsigned cuda_sim_deadlocks(void) {
    pthread_mutex_lock(&sim_lock);
    unsigned n = sim.deadlocks;
    pthread_mutex_unlock(&sim_lock);
    return n;
}

SIM_EXPORT void cuda_sim_set_deadlock_ms(unsigned ms) { sim.deadlock_ms = ms; }

/* Whether the devices have memory pools (a driver before CUDA 11.2, or a device without them):
   without, the attribute reads 0 and cuMemAllocAsync is CUDA_ERROR_NOT_SUPPORTED. */
SIM_EXPORT void cuda_sim_set_memory_pools(int supported) { sim.memory_pools = supported; }

/* Modules unloaded while a kernel of theirs was queued or running (each one undefined behaviour
   on the real driver). */
SIM_EXPORT unsigned cuda_sim_unloads_while_running(void) {
    pthread_mutex_lock(&sim_lock);
    unsigned n = sim.unloads_while_running;
    pthread_mutex_unlock(&sim_lock);
    return n;
}

/* Operations queued or running on any stream: a test waits for 0 before it ends. */
SIM_EXPORT long cuda_sim_pending_ops(void) {
    pthread_mutex_lock(&sim_lock);
    long n = sim.ops_pending;
    pthread_mutex_unlock(&sim_lock);
    return n;
}
SIM_EXPORT void cuda_sim_set_driver_version(int version) { sim.driver_version = version; }

/* Driver objects alive now, and primary-context references held. Zero after a clean teardown. */
SIM_EXPORT long cuda_sim_live_objects(void) {
    pthread_mutex_lock(&sim_lock);
    long n = sim.live;
    for (int i = 0; i < SIM_MAX_DEVICES; i++) n += sim.contexts[i].refcount;
    pthread_mutex_unlock(&sim_lock);
    return n;
}

/* The calling thread's current context and stack depth, so tests can check it is preserved. */
SIM_EXPORT void* cuda_sim_current_context(void) { return sim_depth ? sim_stack[sim_depth - 1] : NULL; }
SIM_EXPORT int cuda_sim_context_depth(void) { return sim_depth; }

/* ---- Errors ---------------------------------------------------------------------------------- */

static const char* sim_error_text(CUresult rc, int want_name) {
    switch (rc) {
    case 0:
        return want_name ? "CUDA_SUCCESS" : "no error";
    case 1:
        return want_name ? "CUDA_ERROR_INVALID_VALUE" : "invalid argument (simulated driver)";
    case 2:
        return want_name ? "CUDA_ERROR_OUT_OF_MEMORY" : "out of memory (simulated driver)";
    case 3:
        return want_name ? "CUDA_ERROR_NOT_INITIALIZED" : "initialization error (simulated driver)";
    case 200:
        return want_name ? "CUDA_ERROR_INVALID_IMAGE" : "device kernel image is invalid (simulated driver)";
    case 201:
        return want_name ? "CUDA_ERROR_INVALID_CONTEXT" : "invalid device context (simulated driver)";
    case 215:
        return want_name ? "CUDA_ERROR_UNSUPPORTED_LIMIT"
                         : "limit is not supported on this architecture (simulated driver)";
    case 218:
        return want_name ? "CUDA_ERROR_INVALID_PTX" : "a PTX JIT compilation failed (simulated driver)";
    case 400:
        return want_name ? "CUDA_ERROR_INVALID_HANDLE" : "invalid resource handle (simulated driver)";
    case 500:
        return want_name ? "CUDA_ERROR_NOT_FOUND" : "named symbol not found (simulated driver)";
    case 600:
        return want_name ? "CUDA_ERROR_NOT_READY" : "device not ready (simulated driver)";
    case 700:
        return want_name ? "CUDA_ERROR_ILLEGAL_ADDRESS" : "an illegal memory access was encountered (simulated driver)";
    case 909:
        return want_name ? "CUDA_ERROR_TIMEOUT" : "wait operation timed out (simulated driver)";
    case 999:
        return want_name ? "CUDA_ERROR_UNKNOWN" : "unknown error (simulated driver)";
    default:
        return NULL;
    }
}

SIM_EXPORT CUresult cuGetErrorName(CUresult error, const char** name) {
    SIM_BEGIN(cuGetErrorName);
    *name = sim_error_text(error, 1);
    return *name ? SIM_SUCCESS : SIM_INVALID_VALUE;
}

SIM_EXPORT CUresult cuGetErrorString(CUresult error, const char** text) {
    SIM_BEGIN(cuGetErrorString);
    *text = sim_error_text(error, 0);
    return *text ? SIM_SUCCESS : SIM_INVALID_VALUE;
}

/* ---- Init and devices ------------------------------------------------------------------------ */

SIM_EXPORT CUresult cuInit(unsigned int flags) {
    SIM_BEGIN(cuInit);
    if (flags != 0) return SIM_INVALID_VALUE;
    if (sim.device_count == 0) return SIM_NO_DEVICE;
    if (!sim.initialized) sim_load_kernel_provider();
    sim.initialized = 1;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuDriverGetVersion(int* version) {
    SIM_BEGIN(cuDriverGetVersion);
    if (!version) return SIM_INVALID_VALUE;
    *version = sim.driver_version;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuDeviceGetCount(int* count) {
    SIM_BEGIN(cuDeviceGetCount);
    *count = sim.device_count;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuDeviceGet(int* device, int ordinal) {
    SIM_BEGIN(cuDeviceGet);
    if (ordinal < 0 || ordinal >= sim.device_count) return SIM_INVALID_DEVICE;
    *device = ordinal;
    return SIM_SUCCESS;
}

static int sim_valid_device(int device) { return device >= 0 && device < sim.device_count; }

SIM_EXPORT CUresult cuDeviceGetName(char* name, int length, int device) {
    SIM_BEGIN(cuDeviceGetName);
    if (!sim_valid_device(device)) return SIM_INVALID_DEVICE;
    if (!name || length <= 0) return SIM_INVALID_VALUE;
    snprintf(name, (size_t)length, "Simulated CUDA Device %d", device);
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuDeviceGetAttribute(int* value, int attribute, int device) {
    SIM_BEGIN(cuDeviceGetAttribute);
    if (!sim_valid_device(device)) return SIM_INVALID_DEVICE;
    switch (attribute) {
    case 1:
        *value = 1024;
        break; /* max threads per block */
    case 2:
    case 3:
        *value = 1024;
        break; /* max block x, y */
    case 4:
        *value = 64;
        break; /* max block z */
    case 5:
        *value = 2147483647;
        break; /* max grid x */
    case 6:
    case 7:
        *value = 65535;
        break; /* max grid y, z */
    case 8:
        *value = (int)SIM_DEFAULT_SHARED;
        break;
    case 10:
        *value = 32;
        break; /* warp size */
    case 16:
        *value = 132;
        break; /* SMs */
    case 75:
        *value = 9;
        break; /* compute capability */
    case 76:
        *value = 0;
        break;
    case 83:
        *value = 1;
        break; /* managed memory */
    case 97:
        *value = (int)SIM_OPTIN_SHARED;
        break;
    case 102:
        *value = 1;
        break; /* virtual memory management */
    case 115:
        *value = sim.memory_pools;
        break; /* memory pools (cuMemAllocAsync) */
    default: {
        /* The rest as an H100 (SXM) reports them, for callers that ask for the whole set. */
        static const struct {
            int attribute, value;
        } h100[] = {
            {9, 65536},    {12, 65536}, {13, 1980000},  {14, 512},    {15, 1},          {17, 0}, {18, 0},
            {19, 1},       {20, 0},     {31, 1},        {32, 1},      {33, 0},          {34, 0}, {35, 0},
            {36, 2619000}, {37, 5120},  {38, 52428800}, {39, 2048},   {40, 3},          {41, 1}, {50, 0},
            {78, 1},       {79, 1},     {80, 1},        {81, 233472}, {82, 65536},      {84, 0}, {86, 0},
            {88, 0},       {89, 1},     {95, 1},        {106, 32},    {11, 2147483647}, {90, 1},
        };
        for (size_t i = 0; i < sizeof h100 / sizeof h100[0]; i++)
            if (h100[i].attribute == attribute) {
                *value = h100[i].value;
                return SIM_SUCCESS;
            }
        return SIM_INVALID_VALUE;
    }
    }
    return SIM_SUCCESS;
}

/* A fixed UUID per device: "simulated-gpu-" and the ordinal. */
SIM_EXPORT CUresult cuDeviceGetUuid(unsigned char uuid[16], int device) {
    SIM_BEGIN(cuDeviceGetUuid);
    if (!uuid) return SIM_INVALID_VALUE;
    if (!sim_valid_device(device)) return SIM_INVALID_DEVICE;
    memcpy(uuid, "simulated-gpu-0", 15);
    uuid[14] = (unsigned char)('0' + device);
    uuid[15] = 0;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuDeviceGetUuid_v2(unsigned char uuid[16], int device) { return cuDeviceGetUuid(uuid, device); }

SIM_EXPORT CUresult cuDeviceTotalMem_v2(size_t* bytes, int device) {
    SIM_BEGIN(cuDeviceTotalMem_v2);
    if (!sim_valid_device(device)) return SIM_INVALID_DEVICE;
    *bytes = sim.total_memory ? sim.total_memory : (size_t)16 << 30;
    return SIM_SUCCESS;
}

/* ---- Contexts -------------------------------------------------------------------------------- */

SIM_EXPORT CUresult cuDevicePrimaryCtxRetain(sim_ctx** context, int device) {
    SIM_BEGIN(cuDevicePrimaryCtxRetain);
    if (!sim_valid_device(device)) return SIM_INVALID_DEVICE;
    pthread_mutex_lock(&sim_lock);
    sim_ctx* c = &sim.contexts[device];
    c->magic = SIM_MAGIC_CTX;
    c->device = device;
    c->refcount++;
    pthread_mutex_unlock(&sim_lock);
    *context = c;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuDevicePrimaryCtxRelease_v2(int device) {
    SIM_BEGIN(cuDevicePrimaryCtxRelease_v2);
    if (!sim_valid_device(device)) return SIM_INVALID_DEVICE;
    pthread_mutex_lock(&sim_lock);
    CUresult rc = sim.contexts[device].refcount > 0 ? SIM_SUCCESS : SIM_INVALID_CONTEXT;
    if (rc == SIM_SUCCESS && --sim.contexts[device].refcount == 0) atomic_store(&sim_sticky, 0); /* a new one */
    pthread_mutex_unlock(&sim_lock);
    return rc;
}

SIM_EXPORT CUresult cuCtxGetCurrent(sim_ctx** context) {
    SIM_BEGIN(cuCtxGetCurrent);
    *context = sim_depth ? sim_stack[sim_depth - 1] : NULL;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuCtxPushCurrent_v2(sim_ctx* context) {
    SIM_BEGIN(cuCtxPushCurrent_v2);
    if (!context || context->magic != SIM_MAGIC_CTX || context->refcount <= 0) return SIM_INVALID_CONTEXT;
    if (sim_depth == (int)(sizeof sim_stack / sizeof sim_stack[0])) return SIM_INVALID_VALUE;
    sim_stack[sim_depth++] = context;
    return SIM_SUCCESS;
}

/* CUDA's documented flags of a primary context: a scheduling policy (auto, spin, yield or
   blocking sync), LMEM_RESIZE_TO_MAX, the two core-dump flags and SYNC_MEMOPS. */
SIM_EXPORT CUresult cuDevicePrimaryCtxSetFlags_v2(int device, unsigned int flags) {
    SIM_BEGIN(cuDevicePrimaryCtxSetFlags_v2);
    if (!sim_valid_device(device)) return SIM_INVALID_DEVICE;
    unsigned schedule = flags & 7u;
    if ((flags & ~0xf7u) || schedule == 3 || schedule > 4) return SIM_INVALID_VALUE;
    pthread_mutex_lock(&sim_lock);
    sim.contexts[device].flags = flags;
    pthread_mutex_unlock(&sim_lock);
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuDevicePrimaryCtxGetState(int device, unsigned int* flags, int* active) {
    SIM_BEGIN(cuDevicePrimaryCtxGetState);
    if (!flags || !active) return SIM_INVALID_VALUE;
    if (!sim_valid_device(device)) return SIM_INVALID_DEVICE;
    pthread_mutex_lock(&sim_lock);
    *flags = sim.contexts[device].flags;
    *active = sim.contexts[device].refcount > 0;
    pthread_mutex_unlock(&sim_lock);
    return SIM_SUCCESS;
}

/* "If there exists a CUDA context stack on the calling CPU thread, this will replace the top of
   that stack with ctx. If ctx is NULL then this will be equivalent to popping the top of the
   calling CPU thread's CUDA context stack (or a no-op if [it] is empty)." */
SIM_EXPORT CUresult cuCtxSetCurrent(sim_ctx* context) {
    SIM_BEGIN(cuCtxSetCurrent);
    if (!context) {
        if (sim_depth) sim_depth--;
        return SIM_SUCCESS;
    }
    if (context->magic != SIM_MAGIC_CTX || context->refcount <= 0) return SIM_INVALID_CONTEXT;
    if (!sim_depth) sim_depth = 1;
    sim_stack[sim_depth - 1] = context;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuCtxGetDevice(int* device) {
    SIM_BEGIN_CTX(cuCtxGetDevice);
    if (!device) return SIM_INVALID_VALUE;
    *device = sim_stack[sim_depth - 1]->device;
    return SIM_SUCCESS;
}

/* The driver's defaults: 1 KiB of stack per thread, a 1 MiB printf FIFO, an 8 MiB malloc heap,
   a device-runtime sync depth of 2 and 2,048 pending launches, 32-byte L2 fetches, no
   persisting L2. */
static const size_t sim_limit_defaults[SIM_LIMITS] = {1024, 1 << 20, 8 << 20, 2, 2048, 32, 0};

SIM_EXPORT CUresult cuCtxGetLimit(size_t* value, int limit) {
    SIM_BEGIN_CTX(cuCtxGetLimit);
    if (!value) return SIM_INVALID_VALUE;
    if (limit < 0 || limit >= SIM_LIMITS) return SIM_UNSUPPORTED_LIMIT;
    pthread_mutex_lock(&sim_lock);
    size_t set = sim_stack[sim_depth - 1]->limits[limit];
    pthread_mutex_unlock(&sim_lock);
    *value = set ? set : sim_limit_defaults[limit];
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuCtxSetLimit(int limit, size_t value) {
    SIM_BEGIN_CTX(cuCtxSetLimit);
    if (limit < 0 || limit >= SIM_LIMITS) return SIM_UNSUPPORTED_LIMIT;
    pthread_mutex_lock(&sim_lock);
    sim_stack[sim_depth - 1]->limits[limit] = value ? value : 1; /* 0 would read as "not set" */
    pthread_mutex_unlock(&sim_lock);
    return SIM_SUCCESS;
}

/* Every pair of simulated devices can reach each other, as GPUs on one NVLink or PCIe switch do,
   unless a test set the peer limit to 0: then none can (GPUs without peer-to-peer support). */
SIM_EXPORT CUresult cuDeviceCanAccessPeer(int* can_access, int device, int peer) {
    SIM_BEGIN(cuDeviceCanAccessPeer);
    if (!can_access) return SIM_INVALID_VALUE;
    if (!sim_valid_device(device) || !sim_valid_device(peer)) return SIM_INVALID_DEVICE;
    pthread_mutex_lock(&sim_lock);
    *can_access = device != peer && sim.peer_limit != 0;
    pthread_mutex_unlock(&sim_lock);
    return SIM_SUCCESS;
}

/* The current context may reach peer's memory from now on; twice is an error, as is itself, and
   so is one peer more than the limit a test set (the hardware's mappings exhausted). */
SIM_EXPORT CUresult cuCtxEnablePeerAccess(sim_ctx* peer, unsigned int flags) {
    SIM_BEGIN(cuCtxEnablePeerAccess);
    if (!sim_depth) return SIM_INVALID_CONTEXT;
    if (!peer || peer->magic != SIM_MAGIC_CTX || peer->refcount <= 0) return SIM_INVALID_CONTEXT;
    if (flags) return SIM_INVALID_VALUE;
    int self = sim_stack[sim_depth - 1]->device;
    if (peer->device == self) return SIM_INVALID_CONTEXT;
    pthread_mutex_lock(&sim_lock);
    CUresult rc = SIM_SUCCESS;
    if ((sim.peer_access[self] >> peer->device) & 1u)
        rc = SIM_PEER_ACCESS_ALREADY_ENABLED;
    else if (sim.peer_limit >= 0 && __builtin_popcount(sim.peer_access[self]) >= sim.peer_limit)
        rc = SIM_TOO_MANY_PEERS;
    else
        sim.peer_access[self] |= 1u << peer->device;
    pthread_mutex_unlock(&sim_lock);
    return rc;
}

SIM_EXPORT CUresult cuCtxPopCurrent_v2(sim_ctx** context) {
    SIM_BEGIN(cuCtxPopCurrent_v2);
    if (sim_depth == 0) return SIM_INVALID_CONTEXT;
    sim_ctx* top = sim_stack[--sim_depth];
    if (context) *context = top;
    return SIM_SUCCESS;
}

/* ---- Memory ---------------------------------------------------------------------------------- */

/* Caller holds sim_lock. A destroyed event lives on until no queued operation uses it. */
static void sim_event_unref(sim_event* e) {
    if (--e->references == 0) free(e);
}

/* Caller holds sim_lock. */
static sim_alloc* sim_alloc_add(sim_mem_kind kind, void* base, size_t size) {
    sim_alloc* a = (sim_alloc*)calloc(1, sizeof *a);
    if (!a) return NULL;
    a->base = (char*)base;
    a->size = size;
    a->kind = kind;
    a->device = sim_depth ? sim_stack[sim_depth - 1]->device : -1;
    a->next = sim.allocs;
    sim.allocs = a;
    sim.live++;
    return a;
}

static sim_alloc* sim_alloc_new(sim_mem_kind kind, size_t size) {
    if (size == 0) return NULL;
    void* p = aligned_alloc(256, (size + 255) / 256 * 256);
    if (!p) return NULL;
    memset(p, 0xcd, size); /* fresh device memory holds garbage, not zeros */
    pthread_mutex_lock(&sim_lock);
    sim_alloc* a = sim_alloc_add(kind, p, size);
    pthread_mutex_unlock(&sim_lock);
    if (!a) free(p);
    return a;
}

/* Unlinks the allocation that starts at base with one of the kinds in mask; NULL if none. */
static sim_alloc* sim_alloc_take(const void* base, unsigned kinds) {
    pthread_mutex_lock(&sim_lock);
    sim_alloc* found = NULL;
    for (sim_alloc** p = &sim.allocs; *p; p = &(*p)->next) {
        if ((*p)->base == base && (kinds & (1u << (*p)->kind))) {
            found = *p;
            *p = found->next;
            sim.live--;
            break;
        }
    }
    pthread_mutex_unlock(&sim_lock);
    return found;
}

/* Non-zero when [p, p+size) lies inside one live allocation (any kind). */
static int sim_is_device_range(CUdeviceptr p, size_t size) {
    const char* begin = (const char*)(uintptr_t)p;
    pthread_mutex_lock(&sim_lock);
    int ok = 0;
    for (sim_alloc* a = sim.allocs; a && !ok; a = a->next) {
        ok = begin >= a->base && size <= a->size && (size_t)(begin - a->base) <= a->size - size;
    }
    pthread_mutex_unlock(&sim_lock);
    return ok;
}

static CUresult sim_wait_all_idle(void);
static int sim_in_kinds(const void* p, size_t size, unsigned kinds);
static sim_op* sim_op_new(sim_op_kind kind);
static CUresult sim_submit(sim_stream* s, sim_op* op);

/* "A device memory allocation" between two commands of different streams serialises them
   (Programming Guide, implicit synchronisation): like cuMemFree it may wait for running work. */
SIM_EXPORT CUresult cuMemAlloc_v2(CUdeviceptr* ptr, size_t size) {
    SIM_BEGIN_CTX(cuMemAlloc_v2);
    if (size == 0) return SIM_INVALID_VALUE;
    if (sim_wait_all_idle() != SIM_SUCCESS) return SIM_UNKNOWN;
    sim_alloc* a = sim_alloc_new(SIM_MEM_DEVICE, size);
    if (!a) return SIM_OUT_OF_MEMORY;
    *ptr = (CUdeviceptr)(uintptr_t)a->base;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuMemAllocManaged(CUdeviceptr* ptr, size_t size, unsigned int flags) {
    SIM_BEGIN_CTX(cuMemAllocManaged);
    if (size == 0 || (flags != 1 && flags != 2)) return SIM_INVALID_VALUE;
    sim_alloc* a = sim_alloc_new(SIM_MEM_MANAGED, size);
    if (!a) return SIM_OUT_OF_MEMORY;
    *ptr = (CUdeviceptr)(uintptr_t)a->base;
    return SIM_SUCCESS;
}

/* The driver's implicit synchronisation: waits until no work is queued or running. Gives up after
   sim.deadlock_ms (counted) so that a test sees a deadlock instead of hanging. */
static CUresult sim_wait_all_idle(void) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += sim.deadlock_ms / 1000;
    deadline.tv_nsec += (long)(sim.deadlock_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    CUresult rc = SIM_SUCCESS;
    pthread_mutex_lock(&sim_lock);
    while (sim.ops_pending && rc == SIM_SUCCESS) {
        if (pthread_cond_timedwait(&sim_cond, &sim_lock, &deadline) != 0 && sim.ops_pending) {
            sim.deadlocks++;
            rc = SIM_UNKNOWN;
        }
    }
    pthread_mutex_unlock(&sim_lock);
    return rc;
}

/* "This API will not perform any implicit synchronization when the pointer was allocated with
   cuMemAllocAsync" (cuda.h); for all other pointers it may. */
SIM_EXPORT CUresult cuMemFree_v2(CUdeviceptr ptr) {
    SIM_BEGIN_CTX(cuMemFree_v2);
    if (!sim_in_kinds((void*)(uintptr_t)ptr, 1, 1u << SIM_MEM_POOL) && sim_wait_all_idle() != SIM_SUCCESS)
        return SIM_UNKNOWN;
    sim_alloc* a =
        sim_alloc_take((void*)(uintptr_t)ptr, 1u << SIM_MEM_DEVICE | 1u << SIM_MEM_MANAGED | 1u << SIM_MEM_POOL);
    if (!a) return SIM_INVALID_VALUE;
    free(a->base);
    free(a);
    return SIM_SUCCESS;
}

/* Stream-ordered allocation from the device's default pool: usable by work queued after it on the
   stream (or once the stream is synchronised); here the memory exists at once, and an operation
   on the stream stands for the allocation, so a wait for the stream is a wait for it. */
SIM_EXPORT CUresult cuMemAllocAsync(CUdeviceptr* ptr, size_t size, sim_stream* s) {
    SIM_BEGIN_CTX(cuMemAllocAsync);
    if (!sim.memory_pools) return SIM_NOT_SUPPORTED;
    if (!ptr || size == 0) return SIM_INVALID_VALUE;
    sim_op* op = sim_op_new(SIM_OP_ALLOC);
    sim_alloc* a = op ? sim_alloc_new(SIM_MEM_POOL, size) : NULL;
    if (!a) {
        free(op);
        return SIM_OUT_OF_MEMORY;
    }
    *ptr = (CUdeviceptr)(uintptr_t)a->base;
    return sim_submit(s, op);
}

/* Frees once the stream reaches the free. */
SIM_EXPORT CUresult cuMemFreeAsync(CUdeviceptr ptr, sim_stream* s) {
    SIM_BEGIN_CTX(cuMemFreeAsync);
    if (!sim_in_kinds((void*)(uintptr_t)ptr, 1, 1u << SIM_MEM_POOL)) return SIM_INVALID_VALUE;
    sim_op* op = sim_op_new(SIM_OP_FREE);
    if (!op) return SIM_OUT_OF_MEMORY;
    op->dst = (void*)(uintptr_t)ptr;
    return sim_submit(s, op);
}

SIM_EXPORT CUresult cuMemHostAlloc(void** ptr, size_t size, unsigned int flags) {
    SIM_BEGIN_CTX(cuMemHostAlloc);
    if (size == 0 || (flags & ~7u)) return SIM_INVALID_VALUE;
    sim_alloc* a = sim_alloc_new(SIM_MEM_HOST, size);
    if (!a) return SIM_OUT_OF_MEMORY;
    *ptr = a->base;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuMemAllocHost_v2(void** ptr, size_t size) {
    SIM_BEGIN_CTX(cuMemAllocHost_v2);
    if (!ptr || size == 0) return SIM_INVALID_VALUE;
    sim_alloc* a = sim_alloc_new(SIM_MEM_HOST, size);
    if (!a) return SIM_OUT_OF_MEMORY;
    *ptr = a->base;
    return SIM_SUCCESS;
}

/* The driver exports the name without its suffix too; callers that resolve it by name (LLVM's
   CUDA plugin does) pass a size_t. */
SIM_EXPORT CUresult cuMemAllocHost(void** ptr, size_t size) { return cuMemAllocHost_v2(ptr, size); }

/* Free is the total less what device, managed and pool allocations hold now. */
SIM_EXPORT CUresult cuMemGetInfo_v2(size_t* free_bytes, size_t* total_bytes) {
    SIM_BEGIN_CTX(cuMemGetInfo_v2);
    if (!free_bytes || !total_bytes) return SIM_INVALID_VALUE;
    size_t total = sim.total_memory ? sim.total_memory : (size_t)16 << 30, used = 0;
    pthread_mutex_lock(&sim_lock);
    for (sim_alloc* a = sim.allocs; a; a = a->next)
        if (a->kind != SIM_MEM_HOST) used += a->size;
    pthread_mutex_unlock(&sim_lock);
    *total_bytes = total;
    *free_bytes = used < total ? total - used : 0;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuMemFreeHost(void* ptr) {
    SIM_BEGIN_CTX(cuMemFreeHost);
    if (sim_wait_all_idle() != SIM_SUCCESS) return SIM_UNKNOWN;
    sim_alloc* a = sim_alloc_take(ptr, 1u << SIM_MEM_HOST);
    if (!a) return SIM_INVALID_VALUE;
    free(a->base);
    free(a);
    return SIM_SUCCESS;
}

/* ---- Streams --------------------------------------------------------------------------------- */

static void sim_fill(void* dst, unsigned value, unsigned element, size_t count) {
    for (size_t i = 0; i < count; i++) memcpy((char*)dst + i * element, &value, element);
}

static void sim_module_free(sim_module* m);

/* A launch of m's kernel ended (or never got queued): the last one of an unloaded module frees it. */
static void sim_module_launch_ended(sim_module* m) {
    pthread_mutex_lock(&sim_lock);
    int last = --m->launches == 0 && m->unloaded;
    pthread_mutex_unlock(&sim_lock);
    if (last) sim_module_free(m);
}

/* Runs one operation of stream s. A record completes its event and leaves the stream in one step
   (returns 1: accounted), so that once an event at the end of a stream is done, so is the
   stream, as with the driver. */
static int sim_run(sim_stream* s, sim_op* op) {
    int accounted = 0;
    switch (op->kind) {
    case SIM_OP_COPY:
        memmove(op->dst, op->src, op->size);
        break;
    case SIM_OP_SET:
        sim_fill(op->dst, op->value, op->element, op->size);
        break;
    case SIM_OP_LAUNCH:
        sim_running_module = op->module;
        sim_kernel_failure = 0;
        op->kernel(op->args, op->size, op->grid, op->block, op->shared, op->user_data);
        if (sim_kernel_failure) atomic_store(&sim_sticky, sim_kernel_failure);
        sim_running_module = NULL;
        sim_module_launch_ended(op->module);
        break;
    case SIM_OP_HOSTFN:
        op->host_fn(op->user_data);
        break;
    case SIM_OP_ALLOC:
        break; /* the memory exists already */
    case SIM_OP_FREE: {
        sim_alloc* a = sim_alloc_take(op->dst, 1u << SIM_MEM_POOL);
        if (a) free(a->base);
        free(a);
        break;
    }
    case SIM_OP_RECORD:
        pthread_mutex_lock(&sim_lock);
        op->event->time_ns = sim_now_ns();
        if (op->event->completed < op->sequence) op->event->completed = op->sequence;
        sim_event_unref(op->event);
        s->pending--;
        sim.ops_pending--;
        accounted = 1;
        pthread_cond_broadcast(&sim_cond);
        pthread_mutex_unlock(&sim_lock);
        break;
    case SIM_OP_WAIT:
        pthread_mutex_lock(&sim_lock);
        while (op->event->completed < op->sequence) pthread_cond_wait(&sim_cond, &sim_lock);
        sim_event_unref(op->event);
        pthread_mutex_unlock(&sim_lock);
        break;
    }
    free(op->args);
    free(op);
    return accounted;
}

/* A stream whose thread has ended (or never started). */
static void sim_stream_free(sim_stream* s) {
    pthread_cond_destroy(&s->work);
    free(s);
}

static void* sim_stream_main(void* arg) {
    sim_stream* s = (sim_stream*)arg;
    pthread_mutex_lock(&sim_lock);
    for (;;) {
        while (!s->head && !s->stop) {
            pthread_cond_wait(&s->work, &sim_lock);
            if (!s->head && !s->stop) sim.idle_wakeups++;
        }
        if (!s->head) break;
        sim_op* op = s->head;
        s->head = op->next;
        if (!s->head) s->tail = NULL;
        unsigned delay_us = s->delay_us;
        pthread_mutex_unlock(&sim_lock);
        if (delay_us) usleep(delay_us);
        int accounted = sim_run(s, op);
        pthread_mutex_lock(&sim_lock);
        if (!accounted) {
            s->pending--;
            sim.ops_pending--;
        }
        pthread_cond_broadcast(&sim_cond);
    }
    int detached = s->detached;
    pthread_mutex_unlock(&sim_lock);
    if (detached) sim_stream_free(s);
    return NULL;
}

static int sim_valid_stream(sim_stream* s) { return !s || s->magic == SIM_MAGIC_STREAM; }

/* The legacy stream, started on first use; NULL when its thread cannot be started. */
static sim_stream* sim_legacy(void) {
    pthread_mutex_lock(&sim_lock);
    if (!sim.legacy) {
        sim_stream* s = (sim_stream*)calloc(1, sizeof *s);
        if (s) {
            s->magic = SIM_MAGIC_STREAM;
            pthread_cond_init(&s->work, NULL);
            s->blocking = 1;
            s->delay_us = sim.legacy_delay_us;
            if (pthread_create(&s->thread, NULL, sim_stream_main, s) == 0)
                sim.legacy = s;
            else
                sim_stream_free(s);
        }
    }
    sim_stream* s = sim.legacy;
    pthread_mutex_unlock(&sim_lock);
    return s;
}

/* Caller holds sim_lock. */
static void sim_wait_idle_locked(sim_stream* s) {
    while (s->pending) pthread_cond_wait(&sim_cond, &sim_lock);
}

/* Implicit synchronisation of blocking streams with the legacy stream, conservatively on the host:
   work for a blocking stream starts after the legacy stream's, and work for the legacy stream
   after every blocking stream's. Caller holds sim_lock. */
static void sim_implicit_sync_locked(sim_stream* s) {
    if (!s->blocking) return;
    if (s != sim.legacy) {
        if (sim.legacy) sim_wait_idle_locked(sim.legacy);
        return;
    }
    for (size_t i = 0; i < sim.object_count; i++) {
        sim_stream* other = (sim_stream*)sim.objects[i];
        if (other->magic == SIM_MAGIC_STREAM && other->blocking) sim_wait_idle_locked(other);
    }
}

/* Queues op on stream s (NULL: the legacy stream); it runs in order on the stream's thread. */
static CUresult sim_submit(sim_stream* s, sim_op* op) {
    if (!sim_valid_stream(s) || (!s && !(s = sim_legacy()))) {
        free(op->args);
        free(op);
        return s ? SIM_INVALID_HANDLE : SIM_OUT_OF_MEMORY;
    }
    pthread_mutex_lock(&sim_lock);
    sim_implicit_sync_locked(s);
    if (s->tail)
        s->tail->next = op;
    else
        s->head = op;
    s->tail = op;
    s->pending++;
    sim.ops_pending++;
    pthread_cond_signal(&s->work);
    pthread_mutex_unlock(&sim_lock);
    return SIM_SUCCESS;
}

/* Waits until the legacy stream has run everything queued so far. */
static void sim_legacy_wait_idle(void) {
    pthread_mutex_lock(&sim_lock);
    if (sim.legacy) sim_wait_idle_locked(sim.legacy);
    pthread_mutex_unlock(&sim_lock);
}

static sim_op* sim_op_new(sim_op_kind kind) {
    sim_op* op = (sim_op*)calloc(1, sizeof *op);
    if (op) op->kind = kind;
    return op;
}

SIM_EXPORT CUresult cuStreamCreate(sim_stream** stream, unsigned int flags) {
    SIM_BEGIN_CTX(cuStreamCreate);
    if (flags > 1) return SIM_INVALID_VALUE;
    sim_stream* s = (sim_stream*)calloc(1, sizeof *s);
    if (!s) return SIM_OUT_OF_MEMORY;
    s->magic = SIM_MAGIC_STREAM;
    pthread_cond_init(&s->work, NULL);
    s->blocking = !(flags & 1);
    if (!sim_track(s)) {
        sim_stream_free(s);
        return SIM_OUT_OF_MEMORY;
    }
    if (pthread_create(&s->thread, NULL, sim_stream_main, s) != 0) {
        pthread_mutex_lock(&sim_lock);
        sim_untrack_locked(s);
        pthread_mutex_unlock(&sim_lock);
        sim_stream_free(s);
        return SIM_OUT_OF_MEMORY;
    }
    *stream = s;
    return SIM_SUCCESS;
}

/* Returns at once, as the driver does: a stream with work left is freed by its thread when done. */
SIM_EXPORT CUresult cuStreamDestroy_v2(sim_stream* s) {
    SIM_BEGIN_CTX(cuStreamDestroy_v2);
    if (!s || s->magic != SIM_MAGIC_STREAM || s == sim.legacy) return SIM_INVALID_HANDLE;
    pthread_mutex_lock(&sim_lock);
    s->stop = 1;
    s->magic = 0;
    s->detached = s->pending != 0;
    int detached = s->detached;
    sim_untrack_locked(s);
    pthread_cond_signal(&s->work);
    pthread_mutex_unlock(&sim_lock);
    if (detached) {
        pthread_detach(s->thread);
        return SIM_SUCCESS;
    }
    pthread_join(s->thread, NULL);
    sim_stream_free(s);
    return SIM_SUCCESS;
}

/* Whether the calling thread's context has it block when it waits for the GPU
   (CU_CTX_SCHED_BLOCKING_SYNC); under any other scheduling it spins. */
static int sim_schedule_blocks(void) { return sim_depth && (sim_stack[sim_depth - 1]->flags & 7u) == 4; }

/* One turn of a host thread's wait for the GPU, in a loop that tests its condition under
   sim_lock: a blocking wait sleeps until some operation completes; a spinning one lets go of the
   lock and yields the core for a moment. Caller holds sim_lock. */
static void sim_host_wait_locked(int blocking) {
    if (blocking) {
        pthread_cond_wait(&sim_cond, &sim_lock);
        return;
    }
    pthread_mutex_unlock(&sim_lock);
    sched_yield();
    pthread_mutex_lock(&sim_lock);
}

SIM_EXPORT CUresult cuStreamSynchronize(sim_stream* s) {
    SIM_BEGIN_CTX(cuStreamSynchronize);
    if (!sim_valid_stream(s)) return SIM_INVALID_HANDLE;
    int blocking = sim_schedule_blocks();
    pthread_mutex_lock(&sim_lock);
    sim.stream_syncs[blocking]++;
    if (!s) s = sim.legacy;
    while (s && s->pending) sim_host_wait_locked(blocking);
    pthread_mutex_unlock(&sim_lock);
    return sim_sticky_or(SIM_SUCCESS);
}

SIM_EXPORT CUresult cuStreamQuery(sim_stream* s) {
    SIM_BEGIN_CTX(cuStreamQuery);
    if (!sim_valid_stream(s)) return SIM_INVALID_HANDLE;
    pthread_mutex_lock(&sim_lock);
    if (!s) s = sim.legacy;
    int pending = s ? s->pending : 0;
    pthread_mutex_unlock(&sim_lock);
    return pending ? SIM_NOT_READY : SIM_SUCCESS;
}

SIM_EXPORT CUresult cuLaunchHostFunc(sim_stream* s, void (*fn)(void*), void* user_data) {
    SIM_BEGIN_CTX(cuLaunchHostFunc);
    if (!fn) return SIM_INVALID_VALUE;
    sim_op* op = sim_op_new(SIM_OP_HOSTFN);
    if (!op) return SIM_OUT_OF_MEMORY;
    op->host_fn = fn;
    op->user_data = user_data;
    return sim_submit(s, op);
}

/* A stream callback: cuStreamAddCallback's function, its stream and data, called as a host
   function is (the stream's work before it done; only successful work reaches it here). */
typedef struct sim_callback {
    void (*fn)(sim_stream* stream, CUresult status, void* user_data);
    sim_stream* stream;
    void* user_data;
} sim_callback;

static void sim_run_callback(void* data) {
    sim_callback* c = (sim_callback*)data;
    c->fn(c->stream, SIM_SUCCESS, c->user_data);
    free(c);
}

SIM_EXPORT CUresult cuStreamAddCallback(sim_stream* s, void (*fn)(sim_stream*, CUresult, void*), void* user_data,
                                        unsigned int flags) {
    SIM_BEGIN_CTX(cuStreamAddCallback);
    if (!fn || flags) return SIM_INVALID_VALUE; /* "flags: reserved for future use, must be 0" */
    sim_callback* c = (sim_callback*)malloc(sizeof *c);
    sim_op* op = c ? sim_op_new(SIM_OP_HOSTFN) : NULL;
    if (!op) {
        free(c);
        return SIM_OUT_OF_MEMORY;
    }
    *c = (sim_callback){fn, s, user_data};
    op->host_fn = sim_run_callback;
    op->user_data = c;
    CUresult rc = sim_submit(s, op);
    if (rc != SIM_SUCCESS) free(c);
    return rc;
}

/* ---- Copies and fills ------------------------------------------------------------------------ */

static CUresult sim_copy(sim_stream* s, void* dst, const void* src, size_t size) {
    sim_op* op = sim_op_new(SIM_OP_COPY);
    if (!op) return SIM_OUT_OF_MEMORY;
    op->dst = dst;
    op->src = src;
    op->size = size;
    return sim_submit(s, op);
}

static CUresult sim_copy_checked(sim_stream* s, void* dst, int dst_device, const void* src, int src_device,
                                 size_t size) {
    if (sim_need_context() != SIM_SUCCESS) return SIM_INVALID_CONTEXT;
    if ((dst_device && !sim_is_device_range((CUdeviceptr)(uintptr_t)dst, size)) ||
        (src_device && !sim_is_device_range((CUdeviceptr)(uintptr_t)src, size)) || !dst || !src)
        return SIM_INVALID_VALUE;
    return sim_copy(s, dst, src, size);
}

#define SIM_PTR(p) ((void*)(uintptr_t)(p))

/* Non-zero when [p, p+size) lies in an allocation of one of the kinds in the mask. */
static int sim_in_kinds(const void* p, size_t size, unsigned kinds) {
    const char* begin = (const char*)p;
    pthread_mutex_lock(&sim_lock);
    int found = 0;
    for (sim_alloc* a = sim.allocs; a && !found; a = a->next)
        found = (kinds & (1u << a->kind)) && begin >= a->base && size <= a->size &&
                (size_t)(begin - a->base) <= a->size - size;
    pthread_mutex_unlock(&sim_lock);
    return found;
}

/* The synchronous host-to-device copy: "a stream sync is performed before the copy is initiated";
   from pinned memory it then completes before returning, from pageable memory it returns once the
   source is staged, the DMA still queued. */
SIM_EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void* src, size_t size) {
    SIM_BEGIN(cuMemcpyHtoD_v2);
    if (sim_need_context() != SIM_SUCCESS) return SIM_INVALID_CONTEXT;
    if (!sim_is_device_range(dst, size) || !src) return SIM_INVALID_VALUE;
    sim_legacy_wait_idle();
    if (sim_in_kinds(src, size, 1u << SIM_MEM_HOST)) {
        memmove(SIM_PTR(dst), src, size);
        return SIM_SUCCESS;
    }
    sim_op* op = sim_op_new(SIM_OP_COPY);
    void* staged = malloc(size ? size : 1);
    if (!op || !staged) {
        free(op);
        free(staged);
        return SIM_OUT_OF_MEMORY;
    }
    memcpy(staged, src, size);
    op->dst = SIM_PTR(dst);
    op->src = staged;
    op->args = staged; /* freed after the operation ran */
    op->size = size;
    return sim_submit(NULL, op);
}

/* Device to host: returns once the copy has completed (after the legacy stream's earlier work). */
SIM_EXPORT CUresult cuMemcpyDtoH_v2(void* dst, CUdeviceptr src, size_t size) {
    SIM_BEGIN(cuMemcpyDtoH_v2);
    CUresult rc = sim_copy_checked(NULL, dst, 0, SIM_PTR(src), 1, size);
    if (rc == SIM_SUCCESS) sim_legacy_wait_idle();
    return rc;
}
SIM_EXPORT CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t size) {
    SIM_BEGIN(cuMemcpyDtoD_v2);
    return sim_copy_checked(NULL, SIM_PTR(dst), 1, SIM_PTR(src), 1, size);
}
SIM_EXPORT CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void* src, size_t size, sim_stream* s) {
    SIM_BEGIN(cuMemcpyHtoDAsync_v2);
    return sim_copy_checked(s, SIM_PTR(dst), 1, src, 0, size);
}
SIM_EXPORT CUresult cuMemcpyDtoHAsync_v2(void* dst, CUdeviceptr src, size_t size, sim_stream* s) {
    SIM_BEGIN(cuMemcpyDtoHAsync_v2);
    return sim_copy_checked(s, dst, 0, SIM_PTR(src), 1, size);
}
SIM_EXPORT CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t size, sim_stream* s) {
    SIM_BEGIN(cuMemcpyDtoDAsync_v2);
    return sim_copy_checked(s, SIM_PTR(dst), 1, SIM_PTR(src), 1, size);
}

/* Non-zero when [p, p+size) lies in one device allocation (device, pool or managed memory) made
   in device `device`'s context. */
static int sim_on_device(CUdeviceptr p, size_t size, int device) {
    const char* begin = (const char*)(uintptr_t)p;
    unsigned kinds = 1u << SIM_MEM_DEVICE | 1u << SIM_MEM_POOL | 1u << SIM_MEM_MANAGED;
    pthread_mutex_lock(&sim_lock);
    int found = 0;
    for (sim_alloc* a = sim.allocs; a && !found; a = a->next)
        found = (kinds & (1u << a->kind)) && a->device == device && begin >= a->base && size <= a->size &&
                (size_t)(begin - a->base) <= a->size - size;
    pthread_mutex_unlock(&sim_lock);
    return found;
}

/* Each pointer must be memory of the context named with it. */
SIM_EXPORT CUresult cuMemcpyPeerAsync(CUdeviceptr dst, sim_ctx* dst_context, CUdeviceptr src, sim_ctx* src_context,
                                      size_t size, sim_stream* s) {
    SIM_BEGIN_CTX(cuMemcpyPeerAsync);
    if (!dst_context || dst_context->magic != SIM_MAGIC_CTX || dst_context->refcount <= 0 || !src_context ||
        src_context->magic != SIM_MAGIC_CTX || src_context->refcount <= 0)
        return SIM_INVALID_CONTEXT;
    if (!sim_on_device(dst, size, dst_context->device) || !sim_on_device(src, size, src_context->device))
        return SIM_INVALID_VALUE;
    return sim_copy(s, SIM_PTR(dst), SIM_PTR(src), size);
}

static CUresult sim_set(sim_stream* s, CUdeviceptr dst, unsigned value, unsigned element, size_t count) {
    if (sim_need_context() != SIM_SUCCESS) return SIM_INVALID_CONTEXT;
    if (dst % element || !sim_is_device_range(dst, count * element)) return SIM_INVALID_VALUE;
    sim_op* op = sim_op_new(SIM_OP_SET);
    if (!op) return SIM_OUT_OF_MEMORY;
    op->dst = SIM_PTR(dst);
    op->value = value;
    op->element = element;
    op->size = count;
    return sim_submit(s, op);
}

/* "The synchronous memset functions are asynchronous with respect to the host except when the
   target is pinned host memory or a Unified Memory region." */
static CUresult sim_set_legacy(CUdeviceptr dst, unsigned value, unsigned element, size_t count) {
    CUresult rc = sim_set(NULL, dst, value, element, count);
    if (rc == SIM_SUCCESS && sim_in_kinds(SIM_PTR(dst), count * element, 1u << SIM_MEM_HOST | 1u << SIM_MEM_MANAGED))
        sim_legacy_wait_idle();
    return rc;
}

SIM_EXPORT CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char v, size_t n) {
    SIM_BEGIN(cuMemsetD8_v2);
    return sim_set_legacy(dst, v, 1, n);
}
SIM_EXPORT CUresult cuMemsetD16_v2(CUdeviceptr dst, unsigned short v, size_t n) {
    SIM_BEGIN(cuMemsetD16_v2);
    return sim_set_legacy(dst, v, 2, n);
}
SIM_EXPORT CUresult cuMemsetD32_v2(CUdeviceptr dst, unsigned int v, size_t n) {
    SIM_BEGIN(cuMemsetD32_v2);
    return sim_set_legacy(dst, v, 4, n);
}
/* height rows of width elements, pitch bytes apart: one fill per row, all checked first. */
static CUresult sim_set_2d(sim_stream* s, CUdeviceptr dst, size_t pitch, unsigned value, unsigned element, size_t width,
                           size_t height) {
    if (height > 1 && pitch < width * element) return SIM_INVALID_VALUE;
    if (height && !sim_is_device_range(dst, (height - 1) * pitch + width * element)) return SIM_INVALID_VALUE;
    for (size_t row = 0; row < height; row++) {
        CUresult rc = sim_set(s, dst + row * pitch, value, element, width);
        if (rc != SIM_SUCCESS) return rc;
    }
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuMemsetD2D8Async(CUdeviceptr dst, size_t pitch, unsigned char v, size_t width, size_t height,
                                      sim_stream* s) {
    SIM_BEGIN(cuMemsetD2D8Async);
    return sim_set_2d(s, dst, pitch, v, 1, width, height);
}
SIM_EXPORT CUresult cuMemsetD2D16Async(CUdeviceptr dst, size_t pitch, unsigned short v, size_t width, size_t height,
                                       sim_stream* s) {
    SIM_BEGIN(cuMemsetD2D16Async);
    return sim_set_2d(s, dst, pitch, v, 2, width, height);
}
SIM_EXPORT CUresult cuMemsetD2D32Async(CUdeviceptr dst, size_t pitch, unsigned int v, size_t width, size_t height,
                                       sim_stream* s) {
    SIM_BEGIN(cuMemsetD2D32Async);
    return sim_set_2d(s, dst, pitch, v, 4, width, height);
}
SIM_EXPORT CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n, sim_stream* s) {
    SIM_BEGIN(cuMemsetD8Async);
    return sim_set(s, dst, v, 1, n);
}
SIM_EXPORT CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short v, size_t n, sim_stream* s) {
    SIM_BEGIN(cuMemsetD16Async);
    return sim_set(s, dst, v, 2, n);
}
SIM_EXPORT CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int v, size_t n, sim_stream* s) {
    SIM_BEGIN(cuMemsetD32Async);
    return sim_set(s, dst, v, 4, n);
}

/* ---- Events ---------------------------------------------------------------------------------- */

static int sim_valid_event(const sim_event* e) { return e && e->magic == SIM_MAGIC_EVENT; }

SIM_EXPORT CUresult cuEventCreate(sim_event** event, unsigned int flags) {
    SIM_BEGIN_CTX(cuEventCreate);
    if (flags & ~7u) return SIM_INVALID_VALUE;
    sim_event* e = (sim_event*)calloc(1, sizeof *e);
    if (!e) return SIM_OUT_OF_MEMORY;
    e->magic = SIM_MAGIC_EVENT;
    e->flags = flags;
    e->references = 1;
    if (!sim_track(e)) {
        free(e);
        return SIM_OUT_OF_MEMORY;
    }
    *event = e;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuEventDestroy_v2(sim_event* e) {
    SIM_BEGIN_CTX(cuEventDestroy_v2);
    if (!sim_valid_event(e)) return SIM_INVALID_HANDLE;
    pthread_mutex_lock(&sim_lock);
    e->magic = 0;
    sim_untrack_locked(e);
    sim_event_unref(e);
    pthread_mutex_unlock(&sim_lock);
    return SIM_SUCCESS;
}

/* The unsuffixed name the driver exports as well (LLVM's CUDA plugin resolves this one). */
SIM_EXPORT CUresult cuEventDestroy(sim_event* e) { return cuEventDestroy_v2(e); }

SIM_EXPORT CUresult cuEventRecord(sim_event* e, sim_stream* s) {
    SIM_BEGIN_CTX(cuEventRecord);
    if (!sim_valid_event(e) || !sim_valid_stream(s)) return SIM_INVALID_HANDLE;
    sim_op* op = sim_op_new(SIM_OP_RECORD);
    if (!op) return SIM_OUT_OF_MEMORY;
    pthread_mutex_lock(&sim_lock);
    op->event = e;
    op->sequence = ++e->recorded;
    e->references++;
    pthread_mutex_unlock(&sim_lock);
    return sim_submit(s, op);
}

SIM_EXPORT CUresult cuEventQuery(sim_event* e) {
    SIM_BEGIN_CTX(cuEventQuery);
    if (!sim_valid_event(e)) return SIM_INVALID_HANDLE;
    pthread_mutex_lock(&sim_lock);
    int done = e->completed >= e->recorded;
    pthread_mutex_unlock(&sim_lock);
    return done ? SIM_SUCCESS : SIM_NOT_READY;
}

SIM_EXPORT CUresult cuEventSynchronize(sim_event* e) {
    SIM_BEGIN_CTX(cuEventSynchronize);
    if (!sim_valid_event(e)) return SIM_INVALID_HANDLE;
    int blocking_event = (e->flags & 1) != 0, blocking = blocking_event || sim_schedule_blocks();
    pthread_mutex_lock(&sim_lock);
    sim.event_syncs[blocking_event]++;
    unsigned long long target = e->recorded;
    while (e->completed < target) sim_host_wait_locked(blocking);
    pthread_mutex_unlock(&sim_lock);
    return sim_sticky_or(SIM_SUCCESS);
}

static CUresult sim_elapsed(float* ms, sim_event* start, sim_event* end) {
    if (!sim_valid_event(start) || !sim_valid_event(end)) return SIM_INVALID_HANDLE;
    pthread_mutex_lock(&sim_lock);
    CUresult rc = SIM_SUCCESS;
    if (!start->recorded || !end->recorded)
        rc = SIM_INVALID_HANDLE;
    else if (start->completed < start->recorded || end->completed < end->recorded)
        rc = SIM_NOT_READY;
    else
        *ms = (float)((double)((int64_t)end->time_ns - (int64_t)start->time_ns) / 1e6);
    pthread_mutex_unlock(&sim_lock);
    return rc;
}

SIM_EXPORT CUresult cuEventElapsedTime(float* ms, sim_event* start, sim_event* end) {
    SIM_BEGIN_CTX(cuEventElapsedTime);
    return sim_elapsed(ms, start, end);
}

/* CUDA 12.8's name for it (cuda.h maps cuEventElapsedTime here); the same call. */
SIM_EXPORT CUresult cuEventElapsedTime_v2(float* ms, sim_event* start, sim_event* end) {
    SIM_BEGIN_CTX(cuEventElapsedTime_v2);
    return sim_elapsed(ms, start, end);
}

SIM_EXPORT CUresult cuStreamWaitEvent(sim_stream* s, sim_event* e, unsigned int flags) {
    SIM_BEGIN_CTX(cuStreamWaitEvent);
    if (!sim_valid_stream(s) || !sim_valid_event(e)) return SIM_INVALID_HANDLE;
    if (flags != 0) return SIM_INVALID_VALUE;
    sim_op* op = sim_op_new(SIM_OP_WAIT);
    if (!op) return SIM_OUT_OF_MEMORY;
    pthread_mutex_lock(&sim_lock);
    op->event = e;
    op->sequence = e->recorded;
    e->references++;
    pthread_mutex_unlock(&sim_lock);
    return sim_submit(s, op);
}

/* ---- Modules: PTX ---------------------------------------------------------------------------- */

/* Size in bytes of a PTX scalar type token (".u32", ".f64", ".b8", ...); 0 if not one. */
static size_t sim_ptx_type_size(const char* token) {
    /* token[1] first: strchr finds the terminator too, and "." alone would read past its end */
    if (token[0] != '.' || !token[1] || !strchr("usbf", token[1]) || !isdigit((unsigned char)token[2])) return 0;
    int bits = atoi(token + 2);
    size_t lanes = strstr(token, "x2") ? 2 : 1; /* .f16x2 */
    return (bits == 8 || bits == 16 || bits == 32 || bits == 64 || bits == 128) ? lanes * (size_t)bits / 8 : 0;
}

/* Splits s in place into whitespace/comma-separated tokens; returns how many. */
static int sim_tokens(char* s, char** tokens, int max) {
    int n = 0;
    char* save = NULL;
    for (char* t = strtok_r(s, " \t\r\n,", &save); t && n < max; t = strtok_r(NULL, " \t\r\n,", &save)) tokens[n++] = t;
    return n;
}

/* One ".param" declaration: its size and alignment. Returns 0 when it is not one. */
static int sim_ptx_param(char* decl, size_t* size, size_t* align) {
    char* tok[16];
    int n = sim_tokens(decl, tok, 16);
    if (n < 3 || strcmp(tok[0], ".param") != 0) return 0;
    size_t element = 0, count = 1;
    int pointer = 0;
    *align = 0;
    for (int i = 1; i < n; i++) {
        if (strcmp(tok[i], ".align") == 0 && i + 1 < n)
            *align = (size_t)atoi(tok[++i]);
        else if (strcmp(tok[i], ".ptr") == 0)
            pointer = 1;
        else if (sim_ptx_type_size(tok[i]))
            element = sim_ptx_type_size(tok[i]);
    }
    if (pointer) *align = 0; /* the .align of a .ptr parameter is the pointee's */
    char* bracket = strchr(tok[n - 1], '[');
    if (bracket) count = (size_t)atoi(bracket + 1);
    if (!element) return 0;
    *size = element * count;
    if (!*align) *align = element;
    return 1;
}

static int sim_add_func(sim_module* m, const char* name, size_t name_len) {
    sim_func* grown = (sim_func*)realloc(m->funcs, (size_t)(m->func_count + 1) * sizeof *grown);
    if (!grown) return 0;
    m->funcs = grown;
    sim_func* f = &m->funcs[m->func_count++];
    memset(f, 0, sizeof *f);
    f->magic = SIM_MAGIC_FUNC;
    f->module = m;
    f->max_dynamic_shared = (int)SIM_DEFAULT_SHARED;
    memcpy(f->name, name, name_len < sizeof f->name ? name_len : sizeof f->name - 1);
    return 1;
}

/* `.entry name( .param ..., .param ... )`: records the kernel and its parameter layout. */
static const char* sim_ptx_entry(sim_module* m, const char* at) {
    const char* name = at + strlen(".entry");
    while (*name == ' ' || *name == '\t') name++;
    size_t len = strcspn(name, " \t\r\n(");
    if (!sim_add_func(m, name, len)) return NULL;
    sim_func* f = &m->funcs[m->func_count - 1];
    const char* open = name + len;
    while (*open == ' ' || *open == '\t' || *open == '\r' || *open == '\n') open++;
    if (*open != '(') return open; /* no parameter list */
    const char* close = strchr(open, ')');
    if (!close) return NULL;
    size_t offset = 0;
    for (const char* p = open + 1; p < close;) {
        const char* comma = memchr(p, ',', (size_t)(close - p));
        const char* end = comma ? comma : close;
        char decl[256];
        size_t n = (size_t)(end - p) < sizeof decl - 1 ? (size_t)(end - p) : sizeof decl - 1;
        memcpy(decl, p, n);
        decl[n] = '\0';
        size_t size, align;
        if (sim_ptx_param(decl, &size, &align) && f->param_count < 64) {
            offset = (offset + align - 1) / align * align;
            f->param_offset[f->param_count] = offset;
            f->param_size[f->param_count++] = size;
            offset += size;
        }
        p = end + 1;
    }
    f->params_bytes = offset;
    return close + 1;
}

/* Module globals live in host memory here: one larger than this fails the load with
   CUDA_ERROR_OUT_OF_MEMORY, as a real device without that much memory would. */
#define SIM_MAX_MODULE_GLOBAL ((size_t)256 << 20)

static sim_global* sim_add_global(sim_module* m, const char* name, size_t size) {
    if (size > SIM_MAX_MODULE_GLOBAL) return NULL;
    sim_global* grown = (sim_global*)realloc(m->globals, (size_t)(m->global_count + 1) * sizeof *grown);
    if (!grown) return NULL;
    m->globals = grown;
    sim_global* g = &m->globals[m->global_count];
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "%s", name);
    g->storage = sim_alloc_new(SIM_MEM_GLOBAL, size ? size : 1);
    if (!g->storage) return NULL;
    memset(g->storage->base, 0, g->storage->size);
    m->global_count++;
    return g;
}

/* `[.visible] .global|.const [.align N] .type name[[K]] [= v | = {v, ...}];` */
static int sim_ptx_global(sim_module* m, const char* line, size_t len) {
    char text[1024];
    if (len >= sizeof text) len = sizeof text - 1;
    memcpy(text, line, len);
    text[len] = '\0';
    char* init = strchr(text, '=');
    if (init) *init++ = '\0';
    char* semicolon = strchr(init ? init : text, ';');
    if (semicolon) *semicolon = '\0';
    char* tok[16];
    int n = sim_tokens(text, tok, 16);
    size_t element = 0;
    for (int i = 0; i < n - 1; i++)
        if (sim_ptx_type_size(tok[i])) element = sim_ptx_type_size(tok[i]);
    if (!element || n < 2) return 1; /* not a variable we understand; the real JIT would reject it */
    char* name = tok[n - 1];
    size_t count = 1;
    char* bracket = strchr(name, '[');
    if (bracket) {
        count = (size_t)atoi(bracket + 1);
        *bracket = '\0';
    }
    sim_global* g = sim_add_global(m, name, element * count);
    if (!g) return 0;
    if (!init) return 1;
    char* cursor = init;
    for (size_t i = 0; i < count; i++) {
        while (*cursor && !isdigit((unsigned char)*cursor) && *cursor != '-') cursor++;
        if (!*cursor) break;
        unsigned long long v = strtoull(cursor, &cursor, 0);
        memcpy(g->storage->base + i * element, &v, element);
    }
    return 1;
}

static int sim_is_global_decl(const char* line) {
    while (*line == ' ' || *line == '\t') line++;
    if (strncmp(line, ".visible", 8) == 0 || strncmp(line, ".weak", 5) == 0) {
        line += strcspn(line, " \t");
        while (*line == ' ' || *line == '\t') line++;
    }
    /* .const too: __constant__ variables, which cuModuleGetGlobal resolves like .global ones */
    return (strncmp(line, ".global", 7) == 0 && (line[7] == ' ' || line[7] == '\t')) ||
           (strncmp(line, ".const", 6) == 0 && (line[6] == ' ' || line[6] == '\t'));
}

static int sim_is_shared_decl(const char* line) {
    while (*line == ' ' || *line == '\t') line++;
    return strncmp(line, ".shared", 7) == 0 && (line[7] == ' ' || line[7] == '\t');
}

/* A kernel's static shared memory: `.shared [.align N] .type name[K];` in its body. The driver's
   default dynamic limit is then the per-block 48 KiB less it (cuda.h, cuFuncSetAttribute). */
static void sim_ptx_static_shared(sim_func* f, const char* line, size_t len) {
    char text[256];
    if (len >= sizeof text) len = sizeof text - 1;
    memcpy(text, line, len);
    text[len] = '\0';
    char* tok[16];
    int n = sim_tokens(text, tok, 16);
    size_t element = 0, count = 1;
    for (int i = 0; i < n; i++)
        if (sim_ptx_type_size(tok[i])) element = sim_ptx_type_size(tok[i]);
    char* bracket = n ? strchr(tok[n - 1], '[') : NULL;
    if (bracket) count = (size_t)atoi(bracket + 1);
    f->static_shared += (int)(element * count);
    f->max_dynamic_shared = f->static_shared < (int)SIM_DEFAULT_SHARED ? (int)SIM_DEFAULT_SHARED - f->static_shared : 0;
}

/* The newest PTX ISA (84 = 8.4) the driver's JIT reads (the CUDA release notes); newer PTX is
   CUDA_ERROR_UNSUPPORTED_PTX_VERSION, as a driver older than the toolkit answers. */
static int sim_driver_ptx(int driver) {
    static const int table[][2] = {{13000, 90}, {12090, 88}, {12080, 87}, {12050, 85}, {12040, 84}, {12030, 83},
                                   {12020, 82}, {12010, 81}, {12000, 80}, {11080, 78}, {11070, 77}, {11060, 76},
                                   {11050, 75}, {11040, 74}, {11030, 73}, {11020, 72}, {11010, 71}, {11000, 70}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (driver >= table[i][0]) return table[i][1];
    return 65;
}

static CUresult sim_parse_ptx(sim_module* m, const char* ptx, char* log, size_t log_size) {
    if (!strstr(ptx, ".version") || !strstr(ptx, ".target")) {
        snprintf(log, log_size, "ptxas fatal   : (simulated) missing .version or .target directive");
        return SIM_INVALID_PTX;
    }
    unsigned major = 0, minor = 0;
    int newest = sim_driver_ptx(sim.driver_version);
    if (sscanf(strstr(ptx, ".version") + 8, " %u.%u", &major, &minor) == 2 && (int)(major * 10 + minor) > newest) {
        snprintf(
            log, log_size,
            "ptxas application ptx input, line 1; fatal   : Unsupported .version %u.%u; current version is '%d.%d'",
            major, minor, newest / 10, newest % 10);
        return SIM_UNSUPPORTED_PTX_VERSION;
    }
    int line_number = 1;
    for (const char* line = ptx; *line;) {
        size_t len = strcspn(line, "\n");
        const char* entry = strstr(line, ".entry");
        if (entry && entry < line + len && (entry[6] == ' ' || entry[6] == '\t')) {
            const char* next = sim_ptx_entry(m, entry);
            if (!next) {
                snprintf(log, log_size, "ptxas (simulated), line %d; error   : unterminated parameter list",
                         line_number);
                return SIM_INVALID_PTX;
            }
        } else if (m->func_count && sim_is_shared_decl(line)) {
            sim_ptx_static_shared(&m->funcs[m->func_count - 1], line, len);
        } else if (sim_is_global_decl(line) && !sim_ptx_global(m, line, len)) {
            return SIM_OUT_OF_MEMORY;
        } else if (memmem(line, len, "sim_syntax_error", 16)) {
            snprintf(log, log_size, "ptxas (simulated), line %d; error   : syntax error", line_number);
            return SIM_INVALID_PTX;
        }
        line += len;
        if (*line == '\n') line++;
        line_number++;
    }
    return SIM_SUCCESS;
}

/* ---- Modules: cubin and fatbin --------------------------------------------------------------- */

/* Whether [offset, offset + length) lies inside size bytes (no overflow). */
static int sim_inside(uint64_t size, uint64_t offset, uint64_t length) {
    return offset <= size && length <= size - offset;
}

/* The parameters of kernel f from the EIATTR_KPARAM_INFO (0x17) records of its `.nv.info.<name>`
   section: records of u8 format, u8 attribute, u16 value (for format 4, EIFMT_SVAL, the size of
   the data after it); KPARAM_INFO's data is u32 index, u16 ordinal, u16 offset, u32 whose bits
   18-31 are the size. Without the section the layout stays unknown (param_count -1). */
static CUresult sim_cubin_params(sim_func* f, const unsigned char* image, size_t size, const Elf64_Ehdr* eh) {
    if (eh->e_shstrndx == SHN_UNDEF || eh->e_shstrndx >= eh->e_shnum) return SIM_SUCCESS;
    Elf64_Shdr names;
    memcpy(&names, image + eh->e_shoff + (size_t)eh->e_shstrndx * sizeof names, sizeof names);
    if (!sim_inside(size, names.sh_offset, names.sh_size)) return SIM_INVALID_IMAGE;
    char wanted[160];
    snprintf(wanted, sizeof wanted, ".nv.info.%s", f->name);
    for (int i = 0; i < eh->e_shnum; i++) {
        Elf64_Shdr sh;
        memcpy(&sh, image + eh->e_shoff + (size_t)i * sizeof sh, sizeof sh);
        if (sh.sh_name >= names.sh_size) return SIM_INVALID_IMAGE;
        const char* name = (const char*)image + names.sh_offset + sh.sh_name;
        if (strnlen(name, names.sh_size - sh.sh_name) != strlen(wanted) || strcmp(name, wanted) != 0) continue;
        if (!sim_inside(size, sh.sh_offset, sh.sh_size)) return SIM_INVALID_IMAGE;
        const unsigned char* p = image + sh.sh_offset;
        f->param_count = 0;
        f->params_bytes = 0;
        for (uint64_t at = 0; at + 4 <= sh.sh_size;) {
            uint16_t value;
            memcpy(&value, p + at + 2, 2);
            uint64_t data = p[at] == 4 ? value : 0;
            if (!sim_inside(sh.sh_size, at + 4, data)) return SIM_INVALID_IMAGE;
            if (p[at] == 4 && p[at + 1] == 0x17 && data >= 12 && f->param_count < 64) {
                uint16_t ordinal, offset;
                uint32_t bits;
                memcpy(&ordinal, p + at + 8, 2);
                memcpy(&offset, p + at + 10, 2);
                memcpy(&bits, p + at + 12, 4);
                if (ordinal >= 64) return SIM_INVALID_IMAGE;
                f->param_offset[ordinal] = offset;
                f->param_size[ordinal] = bits >> 18;
                f->param_count = SIM_MAX(f->param_count, (int)ordinal + 1);
                f->params_bytes = SIM_MAX(f->params_bytes, (size_t)offset + (bits >> 18));
            }
            at += 4 + data;
        }
        return SIM_SUCCESS;
    }
    return SIM_SUCCESS;
}

/* Kernels (STT_FUNC) and globals (STT_OBJECT) from the ELF symbol table of a 64-bit cubin.
   Every table and name is checked against size: a lying header is an error, not a crash. */
static CUresult sim_parse_cubin(sim_module* m, const unsigned char* image, size_t size) {
    Elf64_Ehdr eh;
    if (size < sizeof eh) return SIM_INVALID_IMAGE;
    memcpy(&eh, image, sizeof eh);
    if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != 190 || eh.e_shentsize != sizeof(Elf64_Shdr) ||
        !sim_inside(size, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr)))
        return SIM_INVALID_IMAGE;
    for (int i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr sh, strtab;
        memcpy(&sh, image + eh.e_shoff + (size_t)i * sizeof sh, sizeof sh);
        if (sh.sh_type != SHT_SYMTAB || sh.sh_link >= eh.e_shnum) continue;
        memcpy(&strtab, image + eh.e_shoff + (size_t)sh.sh_link * sizeof sh, sizeof strtab);
        if (!sim_inside(size, sh.sh_offset, sh.sh_size) || !sim_inside(size, strtab.sh_offset, strtab.sh_size))
            return SIM_INVALID_IMAGE;
        const char* strings = (const char*)image + strtab.sh_offset;
        for (size_t at = 0; at + sizeof(Elf64_Sym) <= sh.sh_size; at += sizeof(Elf64_Sym)) {
            Elf64_Sym sym;
            memcpy(&sym, image + sh.sh_offset + at, sizeof sym);
            if (sym.st_name >= strtab.sh_size) return SIM_INVALID_IMAGE;
            const char* name = strings + sym.st_name;
            size_t length = strnlen(name, strtab.sh_size - sym.st_name);
            if (length == strtab.sh_size - sym.st_name) return SIM_INVALID_IMAGE; /* not terminated */
            int type = ELF64_ST_TYPE(sym.st_info);
            if (type == STT_FUNC && ELF64_ST_BIND(sym.st_info) == STB_GLOBAL) {
                if (!sim_add_func(m, name, length)) return SIM_OUT_OF_MEMORY;
                m->funcs[m->func_count - 1].param_count = -1;
                CUresult rc = sim_cubin_params(&m->funcs[m->func_count - 1], image, size, &eh);
                if (rc != SIM_SUCCESS) return rc;
            } else if (type == STT_OBJECT && ELF64_ST_BIND(sym.st_info) == STB_GLOBAL) {
                /* The global's bytes lie in its section: a size that says otherwise is a lie. */
                Elf64_Shdr home;
                if (sym.st_shndx >= eh.e_shnum) return SIM_INVALID_IMAGE;
                memcpy(&home, image + eh.e_shoff + (size_t)sym.st_shndx * sizeof home, sizeof home);
                if (sym.st_value < home.sh_addr || !sim_inside(home.sh_size, sym.st_value - home.sh_addr, sym.st_size))
                    return SIM_INVALID_IMAGE;
                if (!sim_add_global(m, name, sym.st_size)) return SIM_OUT_OF_MEMORY;
            }
        }
    }
    return SIM_SUCCESS;
}

/* Bytes a cubin spans, from its header alone (cuModuleLoadData is given no size): the end of
   the later header table (ptxas writes them after the sections). 0 when that is not sane. */
static size_t sim_elf_size(const unsigned char* image) {
    const uint64_t limit = (uint64_t)1 << 32;
    Elf64_Ehdr eh;
    memcpy(&eh, image, sizeof eh);
    if (eh.e_shoff > limit || eh.e_phoff > limit) return 0;
    return (size_t)SIM_MAX(eh.e_shoff + (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr),
                           eh.e_phoff + (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr));
}

/* A fat binary (magic, u16 version, u16 header size, u64 payload size) holds entries of a
   header (u16 kind, u16 version, u32 header size, u64 payload size, ...) and a payload each;
   the first uncompressed cubin is loaded. */
static CUresult sim_parse_fatbin(sim_module* m, const unsigned char* image) {
    uint16_t header_size;
    uint64_t payload;
    memcpy(&header_size, image + 6, 2);
    memcpy(&payload, image + 8, 8);
    if (header_size < 16 || payload > ((uint64_t)1 << 32)) return SIM_INVALID_IMAGE;
    uint64_t total = header_size + payload;
    for (uint64_t at = header_size; at + 64 <= total;) {
        uint16_t kind;
        uint32_t entry_header;
        uint64_t entry_size, flags;
        memcpy(&kind, image + at, 2);
        memcpy(&entry_header, image + at + 4, 4);
        memcpy(&entry_size, image + at + 8, 8);
        memcpy(&flags, image + at + 40, 8);
        if (entry_header < 64 || !sim_inside(total - at, entry_header, entry_size)) return SIM_INVALID_IMAGE;
        const unsigned char* elf = image + at + entry_header;
        if (kind == 2 && !(flags & 0x2000) && entry_size >= sizeof(Elf64_Ehdr) &&
            memcmp(elf,
                   "\x7f"
                   "ELF",
                   4) == 0) {
            size_t extent = sim_elf_size(elf);
            return sim_parse_cubin(m, elf, SIM_MIN(entry_size, extent ? extent : entry_size));
        }
        at += entry_header + entry_size;
    }
    return SIM_INVALID_IMAGE;
}

/* Takes the module's globals out of the driver's allocations: once the module is unloaded they
   are gone for the driver (and for the live count), though a kernel of it still running may use
   their memory until it ends, when sim_module_free frees it. */
static void sim_module_release_globals(sim_module* m) {
    for (int i = 0; i < m->global_count; i++) sim_alloc_take(m->globals[i].storage->base, 1u << SIM_MEM_GLOBAL);
}

static void sim_module_free(sim_module* m) {
    for (int i = 0; i < m->global_count; i++) {
        free(m->globals[i].storage->base);
        free(m->globals[i].storage);
    }
    free(m->globals);
    free(m->funcs);
    free(m);
}

SIM_EXPORT CUresult cuModuleLoadDataEx(sim_module** module, const void* image, unsigned int count, int* options,
                                       void** values) {
    SIM_BEGIN_CTX(cuModuleLoadDataEx);
    if (!module || !image) return SIM_INVALID_VALUE;
    char* log = NULL;
    size_t log_size = 0;
    for (unsigned i = 0; i < count; i++) {
        if (options[i] == 5) log = (char*)values[i];
        if (options[i] == 6) log_size = (size_t)(uintptr_t)values[i];
    }
    char scratch[8];
    if (!log || !log_size) {
        log = scratch;
        log_size = sizeof scratch;
    }
    log[0] = '\0';
    sim_module* m = (sim_module*)calloc(1, sizeof *m);
    if (!m) return SIM_OUT_OF_MEMORY;
    m->magic = SIM_MAGIC_MODULE;
    const unsigned char* bytes = (const unsigned char*)image;
    uint32_t magic;
    memcpy(&magic, bytes, 4);
    CUresult rc;
    if (memcmp(bytes,
               "\x7f"
               "ELF",
               4) == 0)
        rc = sim_parse_cubin(m, bytes, sim_elf_size(bytes));
    else if (magic == 0xBA55ED50u)
        rc = sim_parse_fatbin(m, bytes);
    else
        rc = sim_parse_ptx(m, (const char*)image, log, log_size);
    if (rc == SIM_SUCCESS && !sim_track(m)) rc = SIM_OUT_OF_MEMORY;
    if (rc != SIM_SUCCESS) {
        sim_module_release_globals(m);
        sim_module_free(m);
        return rc;
    }
    *module = m;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuModuleUnload(sim_module* m) {
    SIM_BEGIN_CTX(cuModuleUnload);
    if (!m || m->magic != SIM_MAGIC_MODULE) return SIM_INVALID_HANDLE;
    m->magic = 0;
    sim_module_release_globals(m); /* before `unloaded`: until then no launch's end frees m */
    pthread_mutex_lock(&sim_lock);
    sim_untrack_locked(m);
    for (int i = 0; i < m->func_count; i++) m->funcs[i].magic = 0;
    int in_use = m->launches > 0;
    if (in_use) {
        sim.unloads_while_running++;
        m->unloaded = 1;
    }
    pthread_mutex_unlock(&sim_lock);
    if (!in_use) sim_module_free(m);
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuModuleGetFunction(sim_func** function, sim_module* m, const char* name) {
    SIM_BEGIN_CTX(cuModuleGetFunction);
    if (!m || m->magic != SIM_MAGIC_MODULE) return SIM_INVALID_HANDLE;
    for (int i = 0; i < m->func_count; i++) {
        if (strcmp(m->funcs[i].name, name) == 0) {
            *function = &m->funcs[i];
            return SIM_SUCCESS;
        }
    }
    return SIM_NOT_FOUND;
}

SIM_EXPORT CUresult cuModuleGetGlobal_v2(CUdeviceptr* ptr, size_t* size, sim_module* m, const char* name) {
    SIM_BEGIN_CTX(cuModuleGetGlobal_v2);
    if (!m || m->magic != SIM_MAGIC_MODULE) return SIM_INVALID_HANDLE;
    for (int i = 0; i < m->global_count; i++) {
        if (strcmp(m->globals[i].name, name) != 0) continue;
        if (ptr) *ptr = (CUdeviceptr)(uintptr_t)m->globals[i].storage->base;
        if (size) *size = m->globals[i].storage->size;
        return SIM_SUCCESS;
    }
    return SIM_NOT_FOUND;
}

static int sim_valid_func(const sim_func* f) { return f && f->magic == SIM_MAGIC_FUNC; }

SIM_EXPORT CUresult cuFuncGetAttribute(int* value, int attribute, sim_func* f) {
    SIM_BEGIN_CTX(cuFuncGetAttribute);
    if (!sim_valid_func(f)) return SIM_INVALID_HANDLE;
    if (!value) return SIM_INVALID_VALUE;
    pthread_mutex_lock(&sim_lock);
    CUresult rc = SIM_SUCCESS;
    /* The others as a small sm_90 kernel reports them: 1,024 threads, no constant or local
       memory, 32 registers, PTX and binary version 9.0, no cache preference. */
    static const int fixed[] = {1024, 0, 0, 0, 32, 90, 90, 0};
    if (attribute == 1)
        *value = f->static_shared;
    else if (attribute == 8)
        *value = f->max_dynamic_shared;
    else if (attribute >= 0 && attribute < (int)(sizeof fixed / sizeof fixed[0]))
        *value = fixed[attribute];
    else
        rc = SIM_INVALID_VALUE;
    pthread_mutex_unlock(&sim_lock);
    return rc;
}

/* The largest block (at most the limit given, 1,024 threads) and the grid that fills the 132
   SMs at 2,048 resident threads each. */
SIM_EXPORT CUresult cuOccupancyMaxPotentialBlockSize(int* min_grid, int* block, sim_func* f,
                                                     size_t (*shared_of_block)(int), size_t shared, int limit) {
    SIM_BEGIN_CTX(cuOccupancyMaxPotentialBlockSize);
    (void)shared_of_block;
    (void)shared;
    if (!sim_valid_func(f)) return SIM_INVALID_HANDLE;
    if (!min_grid || !block || limit < 0) return SIM_INVALID_VALUE;
    *block = limit > 0 && limit < 1024 ? limit : 1024;
    *min_grid = 132 * (2048 / *block);
    return SIM_SUCCESS;
}

/* "The sum of this value and the function attribute CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES cannot
   exceed the device attribute CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN" (cuda.h). */
SIM_EXPORT CUresult cuFuncSetAttribute(sim_func* f, int attribute, int value) {
    SIM_BEGIN_CTX(cuFuncSetAttribute);
    if (!sim_valid_func(f)) return SIM_INVALID_HANDLE;
    if (attribute != 8 || value < 0 || value + f->static_shared > (int)SIM_OPTIN_SHARED) return SIM_INVALID_VALUE;
    pthread_mutex_lock(&sim_lock);
    f->max_dynamic_shared = value;
    pthread_mutex_unlock(&sim_lock);
    return SIM_SUCCESS;
}

/* New in 12.4: a driver older than that has no such entry point; here it fails with
   CUDA_ERROR_NOT_SUPPORTED, so a caller that does not check the version fails its tests. */
SIM_EXPORT CUresult cuFuncGetParamInfo(sim_func* f, size_t index, size_t* offset, size_t* size) {
    SIM_BEGIN_CTX(cuFuncGetParamInfo);
    if (sim.driver_version < 12040) return SIM_NOT_SUPPORTED;
    if (!sim_valid_func(f)) return SIM_INVALID_HANDLE;
    if (f->param_count < 0 || index >= (size_t)f->param_count) return SIM_INVALID_VALUE;
    *offset = f->param_offset[index];
    *size = f->param_size[index];
    return SIM_SUCCESS;
}

/* ---- Launch ---------------------------------------------------------------------------------- */

static int sim_find_kernel(const char* name, sim_kernel_impl* out) {
    pthread_mutex_lock(&sim_lock);
    int found = 0;
    for (int i = 0; i < sim.kernel_count && !found; i++) {
        if (strcmp(sim.kernels[i].name, name) == 0) {
            *out = sim.kernels[i];
            found = 1;
        }
    }
    pthread_mutex_unlock(&sim_lock);
    return found;
}

/* The packed buffer from the extra array: BUFFER_POINTER (1), BUFFER_SIZE (2), END (0). */
static CUresult sim_launch_buffer(void** extra, const void** buffer, size_t* size) {
    *buffer = NULL;
    *size = 0;
    if (!extra) return SIM_SUCCESS;
    int have_pointer = 0, have_size = 0;
    for (int i = 0; extra[i] != NULL; i += 2) {
        if (extra[i] == (void*)1) {
            *buffer = extra[i + 1];
            have_pointer = 1;
        } else if (extra[i] == (void*)2) {
            memcpy(size, extra[i + 1], sizeof *size);
            have_size = 1;
        } else {
            return SIM_INVALID_VALUE;
        }
    }
    return have_pointer && have_size ? SIM_SUCCESS : SIM_INVALID_VALUE;
}

SIM_EXPORT CUresult cuLaunchKernel(sim_func* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                   unsigned bz, unsigned shared, sim_stream* s, void** params, void** extra) {
    SIM_BEGIN_CTX(cuLaunchKernel);
    if (!sim_valid_func(f) || !sim_valid_stream(s)) return SIM_INVALID_HANDLE;
    if (params && extra) return SIM_INVALID_VALUE;
    if (!gx || !gy || !gz || !bx || !by || !bz || bx > 1024 || by > 1024 || bz > 64 ||
        (unsigned long long)bx * by * bz > 1024 || gy > 65535 || gz > 65535)
        return SIM_INVALID_VALUE;
    /* The dynamic shared memory must fit the function's current limit (static + dynamic <= opt-in). */
    pthread_mutex_lock(&sim_lock);
    int over = shared > (unsigned)f->max_dynamic_shared || shared + (unsigned)f->static_shared > SIM_OPTIN_SHARED;
    pthread_mutex_unlock(&sim_lock);
    if (over) return SIM_INVALID_VALUE;
    const void* buffer;
    size_t size;
    CUresult rc = sim_launch_buffer(extra, &buffer, &size);
    if (rc != SIM_SUCCESS) return rc;
    /* The exact parameter size, as the driver wants it: a size with the struct's tail padding is
       "too many resources requested for launch". */
    if (f->param_count >= 0 && size > f->params_bytes) return SIM_LAUNCH_OUT_OF_RESOURCES;
    if (f->param_count >= 0 && size < f->params_bytes) return SIM_INVALID_VALUE;
    sim_kernel_impl impl;
    if (!sim_find_kernel(f->name, &impl) &&
        !(sim.resolve_kernel && sim.resolve_kernel(f->name) && sim_find_kernel(f->name, &impl)))
        return SIM_NOT_FOUND; /* no implementation registered, nor one the provider could make */
    sim_op* op = sim_op_new(SIM_OP_LAUNCH);
    if (!op) return SIM_OUT_OF_MEMORY;
    /* The driver copies the arguments at launch time, so the caller may reuse its buffer. */
    op->args = malloc(size ? size : 1);
    if (!op->args) {
        free(op);
        return SIM_OUT_OF_MEMORY;
    }
    if (size) memcpy(op->args, buffer, size);
    op->size = size;
    op->kernel = impl.fn;
    op->user_data = impl.user_data;
    unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
    memcpy(op->grid, grid, sizeof grid);
    memcpy(op->block, block, sizeof block);
    op->shared = shared;
    op->module = f->module;
    pthread_mutex_lock(&sim_lock);
    f->module->launches++;
    pthread_mutex_unlock(&sim_lock);
    sim_module* module = f->module;
    rc = sim_submit(s, op);
    if (rc != SIM_SUCCESS) sim_module_launch_ended(module);
    return rc;
}

/* ---- Virtual memory -------------------------------------------------------------------------- */

typedef struct {
    int type, requested_handle_types;
    int location_type, location_id;
} sim_alloc_prop_head;

static CUresult sim_check_prop(const void* prop) {
    sim_alloc_prop_head head;
    memcpy(&head, prop, sizeof head);
    if (head.type != 1 || head.location_type != 1 || !sim_valid_device(head.location_id)) return SIM_INVALID_VALUE;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuMemGetAllocationGranularity(size_t* granularity, const void* prop, int option) {
    SIM_BEGIN_CTX(cuMemGetAllocationGranularity);
    if (!prop || (option != 0 && option != 1)) return SIM_INVALID_VALUE;
    CUresult rc = sim_check_prop(prop);
    if (rc == SIM_SUCCESS) *granularity = SIM_GRANULARITY;
    return rc;
}

static sim_range* sim_range_find(sim_range* list, const char* p, size_t size, int exact) {
    for (sim_range* r = list; r; r = r->next) {
        if (exact ? (r->base == p && r->size == size) : (p >= r->base && p + size <= r->base + r->size)) return r;
    }
    return NULL;
}

static void sim_range_unlink(sim_range** list, sim_range* range) {
    for (sim_range** p = list; *p; p = &(*p)->next) {
        if (*p == range) {
            *p = range->next;
            return;
        }
    }
}

SIM_EXPORT CUresult cuMemAddressReserve(CUdeviceptr* ptr, size_t size, size_t alignment, CUdeviceptr hint,
                                        unsigned long long flags) {
    SIM_BEGIN_CTX(cuMemAddressReserve);
    if (!size || size % SIM_GRANULARITY || hint % SIM_GRANULARITY || flags || (alignment & (alignment - 1)))
        return SIM_INVALID_VALUE;
    void* p = MAP_FAILED;
    if (hint)
        p = mmap(SIM_PTR(hint), size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1,
                 0);
    if (p != MAP_FAILED && p != SIM_PTR(hint)) { /* kernels before 4.17 treat the flag as a plain hint */
        munmap(p, size);
        p = MAP_FAILED;
    }
    if (p == MAP_FAILED) p = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return SIM_OUT_OF_MEMORY;
    sim_range* r = (sim_range*)calloc(1, sizeof *r);
    if (!r) {
        munmap(p, size);
        return SIM_OUT_OF_MEMORY;
    }
    r->base = (char*)p;
    r->size = size;
    pthread_mutex_lock(&sim_lock);
    r->next = sim.reservations;
    sim.reservations = r;
    sim.live++;
    pthread_mutex_unlock(&sim_lock);
    *ptr = (CUdeviceptr)(uintptr_t)p;
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size) {
    SIM_BEGIN_CTX(cuMemAddressFree);
    pthread_mutex_lock(&sim_lock);
    sim_range* r = sim_range_find(sim.reservations, SIM_PTR(ptr), size, 1);
    /* Freeing a reservation that still has mappings is an error in the real driver too. */
    int busy = 0;
    for (sim_range* m = sim.mappings; r && m; m = m->next) busy |= m->base >= r->base && m->base < r->base + r->size;
    CUresult rc = !r ? SIM_INVALID_VALUE : busy ? SIM_INVALID_VALUE : SIM_SUCCESS;
    if (rc == SIM_SUCCESS) {
        sim_range_unlink(&sim.reservations, r);
        sim.live--;
    }
    pthread_mutex_unlock(&sim_lock);
    if (rc != SIM_SUCCESS) return rc;
    munmap(r->base, r->size);
    free(r);
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuMemCreate(unsigned long long* handle, size_t size, const void* prop, unsigned long long flags) {
    SIM_BEGIN_CTX(cuMemCreate);
    if (!size || size % SIM_GRANULARITY || flags || sim_check_prop(prop) != SIM_SUCCESS) return SIM_INVALID_VALUE;
    sim_handle* h = (sim_handle*)calloc(1, sizeof *h);
    if (!h) return SIM_OUT_OF_MEMORY;
    h->magic = SIM_MAGIC_HANDLE;
    h->size = size;
    h->references = 1;
    if (!sim_track(h)) {
        free(h);
        return SIM_OUT_OF_MEMORY;
    }
    *handle = (unsigned long long)(uintptr_t)h;
    return SIM_SUCCESS;
}

/* Caller holds sim_lock. */
static void sim_handle_unref(sim_handle* h) {
    if (--h->references > 0) return;
    h->magic = 0;
    sim_untrack_locked(h);
    free(h);
}

SIM_EXPORT CUresult cuMemRelease(unsigned long long handle) {
    SIM_BEGIN_CTX(cuMemRelease);
    sim_handle* h = (sim_handle*)(uintptr_t)handle;
    if (!h || h->magic != SIM_MAGIC_HANDLE) return SIM_INVALID_VALUE;
    pthread_mutex_lock(&sim_lock);
    sim_handle_unref(h);
    pthread_mutex_unlock(&sim_lock);
    return SIM_SUCCESS;
}

SIM_EXPORT CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset, unsigned long long handle,
                             unsigned long long flags) {
    SIM_BEGIN_CTX(cuMemMap);
    sim_handle* h = (sim_handle*)(uintptr_t)handle;
    if (!h || h->magic != SIM_MAGIC_HANDLE || offset || flags || size > h->size) return SIM_INVALID_VALUE;
    pthread_mutex_lock(&sim_lock);
    CUresult rc = sim_range_find(sim.reservations, SIM_PTR(ptr), size, 0) ? SIM_SUCCESS : SIM_INVALID_VALUE;
    for (sim_range* m = sim.mappings; rc == SIM_SUCCESS && m; m = m->next) {
        if ((char*)SIM_PTR(ptr) < m->base + m->size && m->base < (char*)SIM_PTR(ptr) + size) rc = SIM_INVALID_VALUE;
    }
    sim_range* r = rc == SIM_SUCCESS ? (sim_range*)calloc(1, sizeof *r) : NULL;
    if (rc == SIM_SUCCESS && !r) rc = SIM_OUT_OF_MEMORY;
    if (r) {
        r->base = (char*)SIM_PTR(ptr);
        r->size = size;
        r->handle = h;
        h->references++;
        r->next = sim.mappings;
        sim.mappings = r;
    }
    pthread_mutex_unlock(&sim_lock);
    return rc;
}

SIM_EXPORT CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size, const void* desc, size_t count) {
    SIM_BEGIN_CTX(cuMemSetAccess);
    if (!desc || count != 1) return SIM_INVALID_VALUE;
    int access[3];
    memcpy(access, desc, sizeof access);
    if (access[0] != 1 || !sim_valid_device(access[1]) || access[2] != 3) return SIM_INVALID_VALUE;
    pthread_mutex_lock(&sim_lock);
    sim_range* m = sim_range_find(sim.mappings, SIM_PTR(ptr), size, 1);
    CUresult rc = m ? SIM_SUCCESS : SIM_INVALID_VALUE;
    if (m && mprotect(m->base, m->size, PROT_READ | PROT_WRITE) != 0) rc = SIM_OUT_OF_MEMORY;
    if (rc == SIM_SUCCESS && !sim_alloc_add(SIM_MEM_MAPPED, m->base, m->size)) rc = SIM_OUT_OF_MEMORY;
    pthread_mutex_unlock(&sim_lock);
    return rc;
}

SIM_EXPORT CUresult cuMemUnmap(CUdeviceptr ptr, size_t size) {
    SIM_BEGIN_CTX(cuMemUnmap);
    pthread_mutex_lock(&sim_lock);
    sim_range* m = sim_range_find(sim.mappings, SIM_PTR(ptr), size, 1);
    if (!m) {
        pthread_mutex_unlock(&sim_lock);
        return SIM_INVALID_VALUE;
    }
    sim_range_unlink(&sim.mappings, m);
    sim_handle_unref(m->handle);
    pthread_mutex_unlock(&sim_lock);
    sim_alloc* a = sim_alloc_take(m->base, 1u << SIM_MEM_MAPPED);
    free(a);
    madvise(m->base, m->size, MADV_DONTNEED);
    mprotect(m->base, m->size, PROT_NONE);
    free(m);
    return SIM_SUCCESS;
}
