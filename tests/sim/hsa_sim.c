/* tests/sim/hsa_sim.c — TEST FIXTURE: a simulated HSA runtime (the subset of libhsa-runtime64
   the AMDGPU backend binds), backed by host memory, so the backend runs end to end without an
   AMD GPU. Built as build/sim/hsa_sim.so (a ROCr 5.2.3 profile: no hsa_amd_vmem_*) and, through
   hsa_sim_vmem.c, as hsa_sim_vmem.so (a ROCm >= 6.0 profile that has them).

   Faithful where it matters to the backend: init refcount and
   the no-/dev/kfd failure, calls before init, agents (one CPU, N gfx90a GPUs) and their pools,
   allow_access as ROCr does it (each call re-maps an allocation of whole 2 MiB blocks to exactly
   the agents named, plus the owner; sub-allocated fragments keep earlier agents), async copies
   between GPUs run on the source GPU's engine, signals with bounded waits, AQL queues whose
   packet processor (one host thread per queue) reads the 32-bit header atomically, honours barrier-AND packets,
   marks consumed slots INVALID and decrements completion signals, async copies that refuse
   pageable memory and never signal a zero-byte copy, a loader that parses the real ELF produced
   by LLVM (PT_LOAD segments, .dynsym, 64-byte .kd descriptors, e_flags ISA checks).

   Instead of executing GPU code, a dispatch calls the host function the test registered for the
   kernel's name with the kernarg buffer the backend filled, so the kernarg layout is checked for
   real. Dispatch checks are stricter than hardware, to catch backend bugs; a violation calls the
   queue's error callback and leaves the packet's signal uncompleted, as ROCr does.

   GPU memory faults (a kernel implementation calls hsa_sim_memory_fault) are reported as ROCr
   reports them: never to the queue's error callback, only to the handlers registered with
   hsa_amd_register_system_event_handler; when none returns HSA_STATUS_SUCCESS the process
   aborts with ROCr's message. Like KFD, a fault stops every queue of the faulting GPU: their
   packets never complete. Handlers are never unregistered (ROCr has no call for it). Only the
   first fault of a runtime instance is reported, as in ROCr; later ones stop queues silently.
   A test may raise a hardware exception (hsa_sim_hw_exception: a GPU hang or an ECC error),
   which stops the GPU's queues and reaches the same handlers, once per instance likewise,
   aborting when none claims it.

   Signals are lock-free, as ROCr's are (an amd_signal_t's value is read and written with atomic
   instructions by the host and the packet processor alike): storing, loading and waiting on a
   signal, and reading a queue's read index, take no lock of the simulator, so they create no
   ordering between the threads of the program under test beyond the signal's own
   acquire/release (a backend that relied on the simulator's lock for its own bookkeeping shows
   up under TSan). Threads of the simulator sleep on a futex counter bumped, relaxed, at every
   change.

   Queues can be profiled (hsa_amd_profiling_set_profiler_enabled): each packet then stamps its
   completion signal with start and end times (hsa_amd_profiling_get_dispatch_time), for barrier
   packets too. Every packet's fence scopes are counted (hsa_sim_fence_count).

   hsa_amd_memory_fill takes only memory of a pool allocation, and hsa_amd_pointer_info does not
   know hsa_amd_vmem mappings (ROCr's PtrInfo looks at its allocation map only): memory mapped
   there is UNKNOWN, and filling it fails with INVALID_ALLOCATION, as in ROCr.

   Locked host memory behaves like libhsakmt's legacy userptr path: read-only pages cannot be
   locked, and hsa_amd_memory_lock returns an
   agent address different from the host address (in a range no process maps), overlapping and
   repeated locks are allowed and counted, and the DMA engine reaches locked memory only through
   the agent address and only while it is locked, checked when the copy runs: a copy of a range
   unlocked meanwhile is a GPU memory fault.

   Test control (exported, reached with dlopen(path, RTLD_NOLOAD) + dlsym): hsa_sim_reset,
   hsa_sim_set_*, hsa_sim_register_kernel, hsa_sim_fail_nth / hsa_sim_fail_call (fault
   injection on status-returning calls), hsa_sim_calls / hsa_sim_status_calls (counters),
   hsa_sim_live_objects / hsa_sim_leaked_at_shutdown (leaks), hsa_sim_last_error,
   hsa_sim_last_code_object_flags (the ISA features of the last code object loaded). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef HSA_SIM_VMEM
#define HSA_SIM_VMEM 0
#endif

#define SIM_EXPORT __attribute__((visibility("default")))

typedef int sim_status;
enum {
    ST_SUCCESS = 0,
    ST_INFO_BREAK = 1,
    ST_ERROR = 0x1000,
    ST_INVALID_ARGUMENT = 0x1001,
    ST_INVALID_QUEUE_CREATION = 0x1002,
    ST_INVALID_ALLOCATION = 0x1003,
    ST_INVALID_AGENT = 0x1004,
    ST_INVALID_SIGNAL = 0x1006,
    ST_INVALID_QUEUE = 0x1007,
    ST_OUT_OF_RESOURCES = 0x1008,
    ST_INVALID_PACKET_FORMAT = 0x1009,
    ST_NOT_INITIALIZED = 0x100B,
    ST_INCOMPATIBLE_ARGUMENTS = 0x100D,
    ST_INVALID_CODE_OBJECT = 0x1010,
    ST_INVALID_EXECUTABLE = 0x1011,
    ST_FROZEN_EXECUTABLE = 0x1012,
    ST_INVALID_SYMBOL_NAME = 0x1013,
    ST_VARIABLE_ALREADY_DEFINED = 0x1014,
    ST_VARIABLE_UNDEFINED = 0x1015,
    ST_INVALID_CODE_OBJECT_READER = 0x1021
};

typedef struct {
    uint64_t handle;
} sim_handle;

/* hsa_queue_t as the header lays it out, followed by the simulator's own fields. */
typedef struct sim_queue {
    uint32_t type, features;
    void* base_address;
    sim_handle doorbell_signal;
    uint32_t size, reserved1;
    uint64_t id;
    /* private */
    _Atomic uint64_t write_index, read_index;
    void (*callback)(sim_status, struct sim_queue*, void*);
    void* callback_data;
    uint32_t agent;
    pthread_t thread;
    int stop, failed;
    _Atomic int profiling;
    const struct sim_executable* running; /* whose kernel the packet processor runs now */
    struct sim_queue* next;
} sim_queue;

/* What a registered kernel implementation receives besides the kernarg buffer. */
typedef struct hsa_sim_dispatch {
    const char* kernel;
    uint32_t dims;
    uint32_t workgroup[3];
    uint32_t grid[3]; /* work-items, as in the packet */
    uint32_t group_segment_size, private_segment_size;
    uint32_t kernarg_size;     /* from the descriptor */
    uint32_t gpu;              /* agent index */
    const void* queue;         /* the hsa_queue_t the packet came from */
    const void* kernel_object; /* the kernel descriptor where the loader put it */
} hsa_sim_dispatch;
typedef void (*hsa_sim_kernel_fn)(const void* kernarg, const hsa_sim_dispatch* dispatch, void* user);

/* ---- State (a test fixture may have globals: it stands for a process-wide runtime) ------------ */

enum { SIM_ALLOC_POOL, SIM_ALLOC_LOCK, SIM_ALLOC_CODE, SIM_ALLOC_VMEM };

typedef struct sim_alloc {
    char* ptr;
    size_t size;
    int kind;
    uint64_t pool;
    uint32_t access;  /* bit per GPU agent allowed to touch it */
    int whole_blocks; /* pool allocations: fills whole 2 MiB blocks of ROCr's allocator */
    char* agent;      /* locks: the GPU's address of the range, not the host's */
    int locks;        /* locks: how many times this range was locked */
    struct sim_alloc* next;
} sim_alloc;

/* Lock-free, as ROCr's: value, liveness and profiling stamps are atomics. */
typedef struct sim_signal {
    _Atomic int64_t value;
    _Atomic uint32_t generation;
    _Atomic int live;
    _Atomic uint64_t start_ts, end_ts; /* written by a profiled queue's packet processor */
} sim_signal;

typedef struct sim_symbol {
    char* name; /* as looked up: "saxpy.kd" or "counter" */
    int kernel;
    char* address; /* descriptor or variable */
    uint32_t size;
    struct sim_symbol* next;
} sim_symbol;

typedef struct sim_executable {
    int frozen, loaded;
    sim_alloc* memory;
    sim_symbol* symbols;
    struct sim_executable* next;
} sim_executable;

typedef struct sim_reader {
    const unsigned char* data;
    size_t size;
    struct sim_reader* next;
} sim_reader;

typedef struct sim_copy {
    char* dst;
    const char* src;
    size_t size;
    int gpu;
    sim_handle deps[8];
    uint32_t dep_count;
    sim_handle completion;
    struct sim_copy* next;
} sim_copy;

typedef struct sim_handler {
    sim_handle signal;
    int cond;
    int64_t value;
    bool (*fn)(int64_t, void*);
    void* arg;
    struct sim_handler* next;
} sim_handler;

typedef struct sim_kernel_impl {
    char name[128];
    hsa_sim_kernel_fn fn;
    void* user;
} sim_kernel_impl;

#define SIM_MAX_SIGNALS 4096
#define SIM_BLOCK_SIZE ((size_t)2 << 20) /* ROCr's fragment allocator block */
#define SIM_MAX_GPUS 8
#define SIM_MAX_IMPLS 32
#define SIM_MAX_EVENT_HANDLERS 64

/* hsa_amd_event_t: HSA_AMD_GPU_MEMORY_FAULT_EVENT (0) or HSA_AMD_GPU_HW_EXCEPTION_EVENT (1). */
enum { SIM_MEMORY_FAULT_EVENT, SIM_HW_EXCEPTION_EVENT };
typedef struct sim_event {
    int event_type;
    union {
        struct {
            sim_handle agent;
            uint64_t virtual_address;
            uint32_t fault_reason_mask;
        } memory_fault;
        struct {
            sim_handle agent;
            int reset_type;  /* HSA_AMD_HW_EXCEPTION_RESET_TYPE_OTHER 1 */
            int reset_cause; /* HSA_AMD_HW_EXCEPTION_CAUSE_GPU_HANG 1, _ECC 2 */
        } hw_exception;
    };
} sim_event;

typedef sim_status (*sim_event_handler)(const sim_event* event, void* data);

/* clang-format off */ /* a table of X(...) rows, laid out by hand */
#define SIM_ENTRY_POINTS(X)                                                                       \
    X(hsa_init) X(hsa_shut_down) X(hsa_system_get_info) X(hsa_iterate_agents) X(hsa_agent_get_info) \
    X(hsa_agent_iterate_isas) X(hsa_isa_get_info_alt) X(hsa_amd_agent_iterate_memory_pools)        \
    X(hsa_amd_memory_pool_get_info) X(hsa_amd_memory_pool_allocate) X(hsa_amd_memory_pool_free)    \
    X(hsa_amd_agents_allow_access) X(hsa_amd_pointer_info) X(hsa_amd_memory_lock)                  \
    X(hsa_amd_memory_unlock) X(hsa_amd_memory_async_copy) X(hsa_amd_memory_fill) X(hsa_signal_create) \
    X(hsa_signal_destroy) X(hsa_amd_signal_async_handler) X(hsa_queue_create) X(hsa_queue_destroy) \
    X(hsa_code_object_reader_create_from_memory) X(hsa_code_object_reader_destroy)                 \
    X(hsa_executable_create_alt) X(hsa_executable_load_agent_code_object) X(hsa_executable_freeze) \
    X(hsa_executable_destroy) X(hsa_executable_get_symbol_by_name) X(hsa_executable_symbol_get_info) \
    X(hsa_amd_vmem_address_reserve) X(hsa_amd_vmem_address_free) X(hsa_amd_vmem_handle_create)    \
    X(hsa_amd_vmem_handle_release) X(hsa_amd_vmem_map) X(hsa_amd_vmem_unmap) X(hsa_amd_vmem_set_access) \
    X(hsa_amd_register_system_event_handler) X(hsa_amd_profiling_set_profiler_enabled)            \
    X(hsa_amd_profiling_get_dispatch_time)
/* clang-format on */

enum {
#define SIM_ENUM(name) SIM_CALL_##name,
    SIM_ENTRY_POINTS(SIM_ENUM)
#undef SIM_ENUM
        SIM_CALL_COUNT
};
static const char* const sim_call_names[] = {
#define SIM_NAME(name) #name,
    SIM_ENTRY_POINTS(SIM_NAME)
#undef SIM_NAME
};

static struct {
    pthread_mutex_t lock;
    _Atomic uint32_t epoch; /* bumped (relaxed) when any signal, queue slot or list changed */
    int refcount;
    int gpu_count;
    sim_status init_status;
    char isa[64];
    uint32_t last_code_object_flags; /* e_flags of the last code object loaded (its ISA features) */
    uint64_t group_size;
    sim_signal signals[SIM_MAX_SIGNALS];
    sim_alloc* allocs;
    sim_queue* queues;
    sim_executable* executables;
    sim_reader* readers;
    sim_copy* copies;
    sim_handler* handlers;
    sim_kernel_impl impls[SIM_MAX_IMPLS];
    uint64_t queue_ids;
    pthread_t copy_thread, handler_thread;
    int threads_running;
    /* fault injection and counters */
    uint64_t calls[SIM_CALL_COUNT];
    uint64_t status_calls;
    uint64_t fail_at; /* fail the status call with this global index (1-based); 0 = off */
    int fail_call;    /* or the fail_nth-th call of this entry point */
    uint64_t fail_nth;
    sim_status fail_status;
    char failed_name[64];
    char last_error[256];
    uint64_t dispatches, packets_without_barrier;
    uint64_t destroys_while_in_use; /* hsa_executable_destroy with a kernel of it queued or running */
    uint64_t fences[6][4][4];       /* packets by type, acquire scope, release scope */
    long leaked;
    struct {
        sim_event_handler fn;
        void* data;
    } event_handlers[SIM_MAX_EVENT_HANDLERS];
    int event_handler_count;
    uint64_t faults;
    bool event_reported[2];      /* per event type: ROCr reports one per runtime instance */
    uint64_t next_agent_address; /* where the next lock's agent range goes */
    bool vm_api_supported;       /* what HSA_AMD_SYSTEM_INFO_VIRTUAL_MEM_API_SUPPORTED says */
} sim = {.vm_api_supported = true,
         .next_agent_address = 0xffff900000000000ull,
         .lock = PTHREAD_MUTEX_INITIALIZER,
         .gpu_count = 1,
         .isa = "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-",
         .group_size = 65536};

static void sim_error(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sim.last_error, sizeof sim.last_error, fmt, ap);
    va_end(ap);
}

/* Counts a status-returning call and decides whether it is the injected fault. Caller holds the lock. */
static int sim_fault(int call, sim_status* out) {
    sim.calls[call]++;
    sim.status_calls++;
    int hit = (sim.fail_at && sim.status_calls == sim.fail_at) ||
              (sim.fail_call == call && sim.fail_nth && sim.calls[call] == sim.fail_nth);
    if (!hit) return 0;
    snprintf(sim.failed_name, sizeof sim.failed_name, "%s", sim_call_names[call]);
    *out = sim.fail_status;
    return 1;
}

/* Entry of every status-returning call: takes the lock, counts, injects, checks init. */
#define SIM_ENTER_ANY(name)                                                                                            \
    sim_status sim__st;                                                                                                \
    pthread_mutex_lock(&sim.lock);                                                                                     \
    if (sim_fault(SIM_CALL_##name, &sim__st)) return sim_leave(sim__st)
#define SIM_ENTER(name)                                                                                                \
    SIM_ENTER_ANY(name);                                                                                               \
    if (sim.refcount == 0) return sim_leave(ST_NOT_INITIALIZED)

/* Wakes every sleeper (sim_idle, hsa_signal_wait_scacquire). Relaxed: the counter orders
   nothing, sleepers re-read what they wait for. */
static void sim_changed(void) {
    atomic_fetch_add_explicit(&sim.epoch, 1, memory_order_relaxed);
    syscall(SYS_futex, &sim.epoch, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

static uint32_t sim_seen(void) { return atomic_load_explicit(&sim.epoch, memory_order_relaxed); }

/* Sleeps until something changed after `seen` was read, at most ns. */
static void sim_sleep(uint32_t seen, long ns) {
    struct timespec ts = {ns / 1000000000L, ns % 1000000000L};
    syscall(SYS_futex, &sim.epoch, FUTEX_WAIT_PRIVATE, seen, &ts, NULL, 0);
}

/* The same for a thread of the simulator, which holds the lock: released while sleeping. */
static void sim_idle(uint32_t seen, long ns) {
    pthread_mutex_unlock(&sim.lock);
    sim_sleep(seen, ns);
    pthread_mutex_lock(&sim.lock);
}

static sim_status sim_leave(sim_status st) {
    pthread_mutex_unlock(&sim.lock);
    sim_changed();
    return st;
}

/* ---- Control functions ---------------------------------------------------------------------- */

SIM_EXPORT void hsa_sim_reset(void) {
    pthread_mutex_lock(&sim.lock);
    memset(sim.calls, 0, sizeof sim.calls);
    sim.status_calls = sim.fail_at = sim.fail_nth = 0;
    sim.fail_call = -1;
    sim.failed_name[0] = sim.last_error[0] = '\0';
    sim.gpu_count = 1;
    sim.init_status = ST_SUCCESS;
    sim.vm_api_supported = true;
    snprintf(sim.isa, sizeof sim.isa, "%s", "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-");
    memset(sim.impls, 0, sizeof sim.impls);
    sim.dispatches = sim.packets_without_barrier = 0;
    sim.destroys_while_in_use = 0;
    memset(sim.fences, 0, sizeof sim.fences);
    sim.leaked = 0;
    pthread_mutex_unlock(&sim.lock);
}

SIM_EXPORT void hsa_sim_set_gpu_count(int n) { sim.gpu_count = n < 0 ? 0 : n > SIM_MAX_GPUS ? SIM_MAX_GPUS : n; }
SIM_EXPORT void hsa_sim_set_init_status(int status) { sim.init_status = status; }
SIM_EXPORT void hsa_sim_set_vm_api_supported(int supported) { sim.vm_api_supported = supported != 0; }
SIM_EXPORT void hsa_sim_set_isa(const char* name) { snprintf(sim.isa, sizeof sim.isa, "%s", name); }

/* The executable whose kernel this packet processor runs now (hsa_sim_running_global). */
static __thread const sim_executable* sim_running_executable;

/* For a registered implementation: the address of variable `name` of the executable whose kernel
   it is running, or NULL. */
SIM_EXPORT void* hsa_sim_running_global(const char* name) {
    for (const sim_symbol* s = sim_running_executable ? sim_running_executable->symbols : NULL; s; s = s->next)
        if (!s->kernel && strcmp(s->name, name) == 0) return s->address;
    return NULL;
}

static void sim_register_kernel_locked(const char* name, hsa_sim_kernel_fn fn, void* user);

/* HSA_SIM_KERNELS names a library of kernel implementations for a process that registers none
   itself (a remote server's): it is loaded at the first hsa_init and handed the registration
   call (the one for a caller holding sim.lock, as hsa_init does) and hsa_sim_running_global
   (its sim_kernels_provide_hsa). */
static void sim_load_kernel_provider(void) {
    const char* path = getenv("HSA_SIM_KERNELS");
    if (!path) return;
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    void* provide = library ? dlsym(library, "sim_kernels_provide_hsa") : NULL;
    if (!provide) {
        fprintf(stderr, "hsa_sim: HSA_SIM_KERNELS=%s: %s\n", path, library ? "no sim_kernels_provide_hsa" : dlerror());
        return;
    }
    void (*provide_fn)(void (*)(const char*, hsa_sim_kernel_fn, void*), void* (*)(const char*));
    memcpy(&provide_fn, &provide, sizeof provide);
    provide_fn(sim_register_kernel_locked, hsa_sim_running_global);
}

/* Registers an implementation; caller holds sim.lock. */
static void sim_register_kernel_locked(const char* name, hsa_sim_kernel_fn fn, void* user) {
    for (int i = 0; i < SIM_MAX_IMPLS; i++) {
        if (sim.impls[i].fn && strcmp(sim.impls[i].name, name) != 0) continue;
        snprintf(sim.impls[i].name, sizeof sim.impls[i].name, "%s", name);
        sim.impls[i].fn = fn;
        sim.impls[i].user = user;
        break;
    }
}

SIM_EXPORT void hsa_sim_register_kernel(const char* name, hsa_sim_kernel_fn fn, void* user) {
    pthread_mutex_lock(&sim.lock);
    sim_register_kernel_locked(name, fn, user);
    pthread_mutex_unlock(&sim.lock);
}

/* Fails the n-th status-returning call from now on (any entry point) with `status`. */
SIM_EXPORT void hsa_sim_fail_nth(uint64_t n, int status) {
    pthread_mutex_lock(&sim.lock);
    sim.fail_at = n ? sim.status_calls + n : 0;
    sim.fail_status = status;
    sim.failed_name[0] = '\0';
    pthread_mutex_unlock(&sim.lock);
}

/* Fails the n-th call (counted from now) of the named entry point. Returns 0 if unknown. */
SIM_EXPORT int hsa_sim_fail_call(const char* name, uint64_t n, int status) {
    for (int i = 0; i < SIM_CALL_COUNT; i++) {
        if (strcmp(sim_call_names[i], name) != 0) continue;
        pthread_mutex_lock(&sim.lock);
        sim.fail_call = i;
        sim.fail_nth = sim.calls[i] + n;
        sim.fail_status = status;
        sim.failed_name[0] = '\0';
        pthread_mutex_unlock(&sim.lock);
        return 1;
    }
    return 0;
}

SIM_EXPORT const char* hsa_sim_failed_call(void) { return sim.failed_name; }
SIM_EXPORT uint64_t hsa_sim_status_calls(void) { return sim.status_calls; }
SIM_EXPORT const char* hsa_sim_last_error(void) { return sim.last_error; }
SIM_EXPORT uint64_t hsa_sim_dispatches(void) { return sim.dispatches; }
/* Executables destroyed while a kernel of theirs was queued or running: hsa.h requires that none
   is in flight (the loaded code and its descriptors go away under the packet processor). */
SIM_EXPORT uint64_t hsa_sim_destroys_while_in_use(void) {
    pthread_mutex_lock(&sim.lock);
    uint64_t n = sim.destroys_while_in_use;
    pthread_mutex_unlock(&sim.lock);
    return n;
}
SIM_EXPORT uint32_t hsa_sim_last_code_object_flags(void) { return sim.last_code_object_flags; }
/* Under the lock: a packet processor counts a fault as it happens, while a test may be reading
   (a fault the runtime is not told of orders nothing with the test). */
SIM_EXPORT uint64_t hsa_sim_faults(void) {
    pthread_mutex_lock(&sim.lock);
    uint64_t n = sim.faults;
    pthread_mutex_unlock(&sim.lock);
    return n;
}

/* Set by a kernel implementation (on its packet processor's thread) to fault at an address. */
static __thread int sim_fault_pending;
static __thread uint64_t sim_fault_address;

SIM_EXPORT void hsa_sim_memory_fault(uint64_t address) {
    sim_fault_pending = 1;
    sim_fault_address = address;
}

SIM_EXPORT sim_status hsa_amd_register_system_event_handler(sim_event_handler fn, void* data) {
    SIM_ENTER(hsa_amd_register_system_event_handler);
    if (!fn || sim.event_handler_count == SIM_MAX_EVENT_HANDLERS) return sim_leave(ST_INVALID_ARGUMENT);
    sim.event_handlers[sim.event_handler_count].fn = fn;
    sim.event_handlers[sim.event_handler_count].data = data;
    sim.event_handler_count++;
    return sim_leave(ST_SUCCESS);
}

/* Stops every queue of the process on the GPU (their packets never complete) and reports the
   event to the system event handlers; when none claims it, the process aborts with ROCr's
   message (runtime.cpp VMFaultHandler, HwExceptionHandler). Only the first event of each type
   in a runtime instance is reported: ROCr's handler for it returns false, so the KFD event is
   not waited for again until the next hsa_init after a full shutdown (runtime.cpp: "No need to
   keep the signal because we are done"); later ones still stop the GPU's queues, silently.
   Lock held; it is released while the handlers run. */
static void sim_gpu_event(uint32_t gpu, const sim_event* event) {
    for (sim_queue* q = sim.queues; q; q = q->next)
        if (q->agent == gpu) q->failed = 1;
    if (sim.event_reported[event->event_type]) return;
    sim.event_reported[event->event_type] = true;
    int count = sim.event_handler_count, handled = 0;
    pthread_mutex_unlock(&sim.lock);
    for (int i = 0; i < count; i++)
        if (sim.event_handlers[i].fn(event, sim.event_handlers[i].data) == ST_SUCCESS) handled = 1;
    if (!handled && event->event_type == SIM_MEMORY_FAULT_EVENT) {
        fprintf(stderr,
                "Memory access fault by GPU node-%u (Agent handle: 0x%x) on address 0x%llx. Reason: Page not "
                "present or supervisor privilege.\n",
                2 + gpu, 0x200u + gpu, (unsigned long long)event->memory_fault.virtual_address);
        abort();
    }
    if (!handled) {
        fprintf(stderr, "HW Exception by GPU node-%u (Agent handle: 0x%x) reason :%s\n", 2 + gpu, 0x200u + gpu,
                event->hw_exception.reset_cause == 2 ? "ECC" : "GPU Hang");
        abort();
    }
    pthread_mutex_lock(&sim.lock);
}

/* A page fault: KFD evicts every queue of the process on the GPU. Lock held. */
static void sim_memory_fault(uint32_t gpu, uint64_t address) {
    sim.faults++;
    sim_event event = {.event_type = SIM_MEMORY_FAULT_EVENT};
    event.memory_fault.agent.handle = 0x200u + gpu;
    event.memory_fault.virtual_address = address;
    event.memory_fault.fault_reason_mask = 1u; /* HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT */
    sim_gpu_event(gpu, &event);
}

/* A GPU hang or an ECC error (cause 1 or 2) on GPU `gpu`: the GPU is reset, every queue of the
   process on it is gone. Called by a test, on any thread. */
SIM_EXPORT void hsa_sim_hw_exception(int gpu, int cause) {
    pthread_mutex_lock(&sim.lock);
    if (gpu >= 0 && gpu < sim.gpu_count) {
        sim_event event = {.event_type = SIM_HW_EXCEPTION_EVENT};
        event.hw_exception.agent.handle = 0x200u + (unsigned)gpu;
        event.hw_exception.reset_type = 1;
        event.hw_exception.reset_cause = cause;
        sim_gpu_event((uint32_t)gpu, &event);
    }
    pthread_mutex_unlock(&sim.lock);
    sim_changed();
}

SIM_EXPORT uint64_t hsa_sim_packets_without_barrier(void) { return sim.packets_without_barrier; }

/* Packets of `type` consumed with these acquire and release fence scopes (0 none, 1 agent,
   2 system) since the last reset. */
SIM_EXPORT uint64_t hsa_sim_fence_count(int type, int acquire, int release) {
    if (type < 0 || type > 5 || acquire < 0 || acquire > 3 || release < 0 || release > 3) return 0;
    pthread_mutex_lock(&sim.lock);
    uint64_t n = sim.fences[type][acquire][release];
    pthread_mutex_unlock(&sim.lock);
    return n;
}
SIM_EXPORT int hsa_sim_refcount(void) { return sim.refcount; }
SIM_EXPORT long hsa_sim_leaked_at_shutdown(void) { return sim.leaked; }

SIM_EXPORT uint64_t hsa_sim_calls(const char* name) {
    for (int i = 0; i < SIM_CALL_COUNT; i++)
        if (strcmp(sim_call_names[i], name) == 0) return sim.calls[i];
    return 0;
}

static long sim_count_live(void) {
    long n = 0;
    for (sim_alloc* a = sim.allocs; a; a = a->next) n += a->kind != SIM_ALLOC_CODE;
    for (sim_queue* q = sim.queues; q; q = q->next) n++;
    for (sim_executable* e = sim.executables; e; e = e->next) n++;
    for (sim_reader* r = sim.readers; r; r = r->next) n++;
    for (sim_handler* h = sim.handlers; h; h = h->next) n++;
    for (int i = 0; i < SIM_MAX_SIGNALS; i++) n += atomic_load_explicit(&sim.signals[i].live, memory_order_relaxed);
    return n;
}

/* Allocations, signals, queues, executables, readers and handlers alive now. */
SIM_EXPORT long hsa_sim_live_objects(void) {
    pthread_mutex_lock(&sim.lock);
    long n = sim_count_live();
    pthread_mutex_unlock(&sim.lock);
    return n;
}

/* ---- Signals -------------------------------------------------------------------------------- */

/* Needs no lock: a stale or destroyed handle is recognised by the slot's atomics. */
static sim_signal* sim_signal_get(sim_handle h) {
    uint32_t index = (uint32_t)(h.handle & 0xffffffffu);
    if (index == 0 || index > SIM_MAX_SIGNALS) return NULL;
    sim_signal* s = &sim.signals[index - 1];
    return (atomic_load_explicit(&s->live, memory_order_relaxed) &&
            atomic_load_explicit(&s->generation, memory_order_relaxed) == (uint32_t)(h.handle >> 32))
               ? s
               : NULL;
}

static int64_t sim_signal_value(const sim_signal* s) { return atomic_load_explicit(&s->value, memory_order_acquire); }

/* Lock held (creation and destruction are serialised; use of a live signal is not). */
static sim_status sim_signal_new(int64_t value, sim_handle* out) {
    for (uint32_t i = 0; i < SIM_MAX_SIGNALS; i++) {
        sim_signal* s = &sim.signals[i];
        if (atomic_load_explicit(&s->live, memory_order_relaxed)) continue;
        uint32_t generation = atomic_load_explicit(&s->generation, memory_order_relaxed) + 1;
        atomic_store_explicit(&s->generation, generation, memory_order_relaxed);
        atomic_store_explicit(&s->value, value, memory_order_relaxed);
        atomic_store_explicit(&s->start_ts, 0, memory_order_relaxed);
        atomic_store_explicit(&s->end_ts, 0, memory_order_relaxed);
        atomic_store_explicit(&s->live, 1, memory_order_release);
        out->handle = ((uint64_t)generation << 32) | (i + 1);
        return ST_SUCCESS;
    }
    return ST_OUT_OF_RESOURCES;
}

static int sim_condition(int64_t v, int cond, int64_t value) {
    switch (cond) {
    case 0:
        return v == value;
    case 1:
        return v != value;
    case 2:
        return v < value;
    default:
        return v >= value;
    }
}

/* Adds delta to a signal (a destroyed one is ignored, as a stale handle would be): an atomic
   read-modify-write with release semantics, as the packet processor's decrement is. */
static void sim_signal_add(sim_handle h, int64_t delta) {
    sim_signal* s = sim_signal_get(h);
    if (s) atomic_fetch_add_explicit(&s->value, delta, memory_order_acq_rel);
    sim_changed();
}

static uint64_t sim_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

SIM_EXPORT sim_status hsa_signal_create(int64_t value, uint32_t n, const sim_handle* consumers, sim_handle* out) {
    (void)n;
    (void)consumers;
    SIM_ENTER(hsa_signal_create);
    if (!out) return sim_leave(ST_INVALID_ARGUMENT);
    return sim_leave(sim_signal_new(value, out));
}

SIM_EXPORT sim_status hsa_signal_destroy(sim_handle h) {
    SIM_ENTER(hsa_signal_destroy);
    sim_signal* s = sim_signal_get(h);
    if (!s) return sim_leave(ST_INVALID_SIGNAL);
    atomic_store_explicit(&s->live, 0, memory_order_relaxed);
    return sim_leave(ST_SUCCESS);
}

/* Stores, loads and waits take no lock (see the header comment). */
SIM_EXPORT void hsa_signal_store_screlease(sim_handle h, int64_t value) {
    sim_signal* s = sim_signal_get(h);
    if (s) atomic_store_explicit(&s->value, value, memory_order_release);
    sim_changed();
}

SIM_EXPORT void hsa_signal_store_relaxed(sim_handle h, int64_t value) {
    sim_signal* s = sim_signal_get(h);
    if (s) atomic_store_explicit(&s->value, value, memory_order_relaxed);
    sim_changed();
}

SIM_EXPORT int64_t hsa_signal_load_scacquire(sim_handle h) {
    sim_signal* s = sim_signal_get(h);
    return s ? sim_signal_value(s) : 0;
}

/* Timeout in ticks of the 1 GHz timestamp clock (nanoseconds). */
SIM_EXPORT int64_t hsa_signal_wait_scacquire(sim_handle h, int cond, int64_t value, uint64_t timeout, int state) {
    (void)state;
    uint64_t start = sim_now_ns();
    int64_t v = 0;
    for (;;) {
        uint32_t seen = sim_seen();
        sim_signal* s = sim_signal_get(h);
        if (!s) break;
        v = sim_signal_value(s);
        if (sim_condition(v, cond, value)) break;
        uint64_t spent = sim_now_ns() - start;
        if (spent >= timeout) break;
        sim_sleep(seen, (long)((timeout - spent) < 5000000ull ? (timeout - spent) : 5000000ull));
    }
    return v;
}

/* ---- Allocations ---------------------------------------------------------------------------- */

/* The lock whose agent range holds [p, p+size); caller holds the lock. */
static sim_alloc* sim_find_agent_range(const void* p, size_t size) {
    for (sim_alloc* a = sim.allocs; a; a = a->next)
        if (a->kind == SIM_ALLOC_LOCK && (const char*)p >= a->agent && (const char*)p + size <= a->agent + a->size)
            return a;
    return NULL;
}

static sim_alloc* sim_find(const void* p, size_t size) {
    for (sim_alloc* a = sim.allocs; a; a = a->next)
        if ((const char*)p >= a->ptr && (const char*)p + size <= a->ptr + a->size &&
            (size || (const char*)p < a->ptr + a->size))
            return a;
    return NULL;
}

static sim_alloc* sim_track(char* ptr, size_t size, int kind, uint64_t pool) {
    sim_alloc* a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->ptr = ptr;
    a->size = size;
    a->kind = kind;
    a->pool = pool;
    a->next = sim.allocs;
    sim.allocs = a;
    return a;
}

static void sim_untrack(sim_alloc* gone) {
    for (sim_alloc** a = &sim.allocs; *a; a = &(*a)->next) {
        if (*a != gone) continue;
        *a = gone->next;
        free(gone);
        return;
    }
}

/* ---- Agents and pools: CPU agent 0x100; GPU i = 0x200 + i. Pools: CPU fine 0x1001, CPU
        kernarg 0x1002; GPU i coarse 0x2000 + 16 i, group 0x2001 + 16 i. ---------------------- */

static int sim_gpu_index(sim_handle agent) {
    int i = (int)agent.handle - 0x200;
    return (i >= 0 && i < sim.gpu_count) ? i : -1;
}

static int sim_pool_gpu(uint64_t pool) { return pool >= 0x2000 ? (int)((pool - 0x2000) / 16) : -1; }

static int sim_system_pool(uint64_t pool) { return pool == 0x1001 || pool == 0x1002; }

static void* sim_copy_engine(void* unused);
static void* sim_handler_thread(void* unused);

/* Like ROCr without /dev/kfd, a configured init failure repeats on every call (ROCr 5.2). */
SIM_EXPORT sim_status hsa_init(void) {
    SIM_ENTER_ANY(hsa_init);
    if (sim.init_status != ST_SUCCESS) return sim_leave(sim.init_status);
    if (sim.refcount++ == 0) {
        if (!sim.impls[0].fn) sim_load_kernel_provider();
        sim.threads_running = 1;
        sim.leaked = 0;
        memset(sim.event_reported, 0, sizeof sim.event_reported);
        pthread_create(&sim.copy_thread, NULL, sim_copy_engine, NULL);
        pthread_create(&sim.handler_thread, NULL, sim_handler_thread, NULL);
    }
    return sim_leave(ST_SUCCESS);
}

/* The last shutdown counts what the process left alive (the test asserts zero), then frees it. */
static void sim_release_all(void) {
    sim.leaked = sim_count_live();
    while (sim.allocs) {
        sim_alloc* a = sim.allocs;
        sim.allocs = a->next;
        if (a->kind == SIM_ALLOC_POOL || a->kind == SIM_ALLOC_CODE) free(a->ptr);
        free(a);
    }
    while (sim.executables) {
        sim_executable* e = sim.executables;
        sim.executables = e->next;
        while (e->symbols) {
            sim_symbol* s = e->symbols;
            e->symbols = s->next;
            free(s->name);
            free(s);
        }
        free(e);
    }
    while (sim.readers) {
        sim_reader* r = sim.readers;
        sim.readers = r->next;
        free(r);
    }
    while (sim.handlers) {
        sim_handler* h = sim.handlers;
        sim.handlers = h->next;
        free(h);
    }
    while (sim.copies) {
        sim_copy* c = sim.copies;
        sim.copies = c->next;
        free(c);
    }
    for (int i = 0; i < SIM_MAX_SIGNALS; i++) atomic_store_explicit(&sim.signals[i].live, 0, memory_order_relaxed);
}

static void sim_queue_stop(sim_queue* q);

SIM_EXPORT sim_status hsa_shut_down(void) {
    SIM_ENTER(hsa_shut_down);
    if (--sim.refcount > 0) return sim_leave(ST_SUCCESS);
    while (sim.queues) {
        sim_queue* q = sim.queues;
        sim.queues = q->next;
        sim_queue_stop(q);
    }
    sim.threads_running = 0;
    pthread_mutex_unlock(&sim.lock);
    sim_changed();
    pthread_join(sim.copy_thread, NULL);
    pthread_join(sim.handler_thread, NULL);
    pthread_mutex_lock(&sim.lock);
    sim_release_all();
    return sim_leave(ST_SUCCESS);
}

/* Works before init; unknown codes are rejected, leaving *out untouched (as ROCr does). */
SIM_EXPORT sim_status hsa_status_string(sim_status st, const char** out) {
    static const struct {
        sim_status st;
        const char* text;
    } table[] = {
        {ST_SUCCESS, "HSA_STATUS_SUCCESS: The function has been executed successfully."},
        {ST_INVALID_ARGUMENT,
         "HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual arguments does not meet a precondition stated in the documentation of the corresponding formal argument."},
        {ST_INVALID_ALLOCATION, "HSA_STATUS_ERROR_INVALID_ALLOCATION: The requested allocation is not valid."},
        {ST_OUT_OF_RESOURCES,
         "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. This error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events."},
        {ST_NOT_INITIALIZED,
         "HSA_STATUS_ERROR_NOT_INITIALIZED: An API other than hsa_init has been invoked while the reference count of the HSA runtime is zero."},
        {ST_INVALID_CODE_OBJECT, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT: The code object is invalid."},
        {ST_INVALID_SYMBOL_NAME, "HSA_STATUS_ERROR_INVALID_SYMBOL_NAME: There is no symbol with the given name."},
        {ST_INCOMPATIBLE_ARGUMENTS,
         "HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS: The arguments passed to a functions are not compatible."},
        {ST_ERROR, "HSA_STATUS_ERROR: A generic error has occurred."},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (table[i].st != st) continue;
        *out = table[i].text;
        return ST_SUCCESS;
    }
    return ST_INVALID_ARGUMENT;
}

SIM_EXPORT sim_status hsa_system_get_info(int attribute, void* value) {
    SIM_ENTER(hsa_system_get_info);
    /* VIRTUAL_MEM_API_SUPPORTED (0x205, a bool) exists from ROCm 6.0 only, like hsa_amd_vmem_*;
       false there when KFD or libdrm is too old (hsa_sim_set_vm_api_supported). */
    if (attribute == 0x205 && HSA_SIM_VMEM) {
        *(bool*)value = sim.vm_api_supported;
        return sim_leave(ST_SUCCESS);
    }
    if (attribute != 3) return sim_leave(ST_INVALID_ARGUMENT);
    *(uint64_t*)value = 1000000000ull;
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_iterate_agents(sim_status (*cb)(sim_handle, void*), void* data) {
    SIM_ENTER(hsa_iterate_agents);
    int n = sim.gpu_count;
    pthread_mutex_unlock(&sim.lock);
    sim_status st = cb((sim_handle){0x100}, data);
    for (int i = 0; i < n && st == ST_SUCCESS; i++) st = cb((sim_handle){0x200u + (unsigned)i}, data);
    return st;
}

SIM_EXPORT sim_status hsa_agent_get_info(sim_handle agent, int attribute, void* value) {
    SIM_ENTER(hsa_agent_get_info);
    int gpu = sim_gpu_index(agent);
    if (gpu < 0 && agent.handle != 0x100) return sim_leave(ST_INVALID_AGENT);
    char name[64] = {0};
    switch (attribute) {
    case 0: /* NAME: the processor only */
        snprintf(name, sizeof name, "%s", gpu < 0 ? "Sim CPU" : "gfx90a");
        memcpy(value, name, sizeof name);
        break;
    case 0xA009: /* PRODUCT_NAME */
        snprintf(name, sizeof name, "%s %d", gpu < 0 ? "Simulated CPU" : "Simulated Instinct MI210", gpu);
        memcpy(value, name, sizeof name);
        break;
    case 2:
        *(uint32_t*)value = gpu < 0 ? 0 : 1;
        break; /* FEATURE: KERNEL_DISPATCH */
    case 6:
        *(uint32_t*)value = 64;
        break; /* WAVEFRONT_SIZE */
    case 7:
        memcpy(value, (uint16_t[3]){1024, 1024, 1024}, 6);
        break; /* WORKGROUP_MAX_DIM */
    case 8:
        *(uint32_t*)value = 1024;
        break; /* WORKGROUP_MAX_SIZE */
    case 9:
        memcpy(value, (uint32_t[3]){UINT32_MAX, UINT32_MAX, UINT32_MAX}, 12);
        break; /* GRID_MAX_DIM */
    case 13:
        *(uint32_t*)value = 64;
        break; /* QUEUE_MIN_SIZE */
    case 14:
        *(uint32_t*)value = 131072;
        break; /* QUEUE_MAX_SIZE */
    case 17:
        *(uint32_t*)value = gpu < 0 ? 0 : 1;
        break; /* DEVICE */
    case 0xA002:
        *(uint32_t*)value = gpu < 0 ? 2 : 104;
        break; /* COMPUTE_UNIT_COUNT */
    default:
        return sim_leave(ST_INVALID_ARGUMENT);
    }
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_agent_iterate_isas(sim_handle agent, sim_status (*cb)(sim_handle, void*), void* data) {
    SIM_ENTER(hsa_agent_iterate_isas);
    if (sim_gpu_index(agent) < 0) return sim_leave(agent.handle == 0x100 ? ST_SUCCESS : ST_INVALID_AGENT);
    pthread_mutex_unlock(&sim.lock);
    return cb((sim_handle){0x300}, data);
}

/* NAME_LENGTH counts the NUL, as ROCr's does (rt/isa.cpp), although hsa.h says otherwise. */
SIM_EXPORT sim_status hsa_isa_get_info_alt(sim_handle isa, int attribute, void* value) {
    SIM_ENTER(hsa_isa_get_info_alt);
    if (isa.handle != 0x300) return sim_leave(ST_INVALID_ARGUMENT);
    if (attribute == 0)
        *(uint32_t*)value = (uint32_t)strlen(sim.isa) + 1;
    else if (attribute == 1)
        memcpy(value, sim.isa, strlen(sim.isa) + 1);
    else
        return sim_leave(ST_INVALID_ARGUMENT);
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_amd_agent_iterate_memory_pools(sim_handle agent, sim_status (*cb)(sim_handle, void*),
                                                         void* data) {
    SIM_ENTER(hsa_amd_agent_iterate_memory_pools);
    int gpu = sim_gpu_index(agent);
    if (gpu < 0 && agent.handle != 0x100) return sim_leave(ST_INVALID_AGENT);
    pthread_mutex_unlock(&sim.lock);
    uint64_t first = gpu < 0 ? 0x1001 : 0x2000u + 16u * (unsigned)gpu;
    sim_status st = cb((sim_handle){first}, data);
    if (st == ST_SUCCESS) st = cb((sim_handle){first + 1}, data);
    return st;
}

SIM_EXPORT sim_status hsa_amd_memory_pool_get_info(sim_handle pool, int attribute, void* value) {
    SIM_ENTER(hsa_amd_memory_pool_get_info);
    int group = pool.handle >= 0x2000 && (pool.handle & 15) == 1;
    if (!sim_system_pool(pool.handle) && (sim_pool_gpu(pool.handle) < 0 || sim_pool_gpu(pool.handle) >= sim.gpu_count))
        return sim_leave(ST_INVALID_ARGUMENT);
    switch (attribute) {
    case 0:
        *(uint32_t*)value = group ? 3 : 0;
        break; /* SEGMENT */
    case 1:    /* GLOBAL_FLAGS */
        if (group) return sim_leave(ST_INVALID_ARGUMENT);
        *(uint32_t*)value = pool.handle == 0x1001 ? 2 : pool.handle == 0x1002 ? 3 : 4;
        break;
    case 2:
        *(size_t*)value = group ? sim.group_size : (size_t)16 << 30;
        break; /* SIZE */
    case 5:
        *(bool*)value = !group;
        break; /* RUNTIME_ALLOC_ALLOWED */
    case 6:
    case 7:
        *(size_t*)value = 4096;
        break; /* GRANULE, ALIGNMENT */
    case 15:
        *(bool*)value = false;
        break; /* ACCESSIBLE_BY_ALL */
    default:
        return sim_leave(ST_INVALID_ARGUMENT);
    }
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_amd_memory_pool_allocate(sim_handle pool, size_t size, uint32_t flags, void** out) {
    SIM_ENTER(hsa_amd_memory_pool_allocate);
    int gpu = sim_pool_gpu(pool.handle);
    int usable = sim_system_pool(pool.handle) || (gpu >= 0 && gpu < sim.gpu_count && (pool.handle & 15) == 0);
    if (!usable || size == 0 || flags != 0 || !out) return sim_leave(ST_INVALID_ARGUMENT);
    size_t rounded = (size + 4095) & ~(size_t)4095;
    char* p = aligned_alloc(4096, rounded);
    if (!p) return sim_leave(ST_OUT_OF_RESOURCES);
    memset(p, 0xA5, rounded); /* fresh memory is not zero: catches unwritten kernarg bytes */
    sim_alloc* a = sim_track(p, rounded, SIM_ALLOC_POOL, pool.handle);
    if (!a) {
        free(p);
        return sim_leave(ST_OUT_OF_RESOURCES);
    }
    if (gpu >= 0) a->access = 1u << gpu; /* the owner has access; system pools none by default */
    /* ROCr sub-allocates device memory from 2 MiB blocks; system memory and sizes that are a
       multiple of the block are blocks of their own (what allow_access replaces, see there). */
    a->whole_blocks = gpu < 0 || size % SIM_BLOCK_SIZE == 0;
    *out = p;
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_amd_memory_pool_free(void* ptr) {
    SIM_ENTER(hsa_amd_memory_pool_free);
    sim_alloc* a = sim_find(ptr, 0);
    if (!a || a->ptr != ptr || a->kind != SIM_ALLOC_POOL) return sim_leave(ST_INVALID_ARGUMENT);
    free(a->ptr);
    sim_untrack(a);
    return sim_leave(ST_SUCCESS);
}

/* As ROCr's MemoryRegion::AllowAccess: the agents listed become the GPUs the memory is mapped
   to, plus the owner of device memory. Only a fragment (an allocation sharing its 2 MiB block)
   keeps the agents allowed before, as ROCr takes the union for fragments; an allocation of
   whole blocks is re-mapped to exactly this list (libhsakmt's map-to-nodes unmaps every node not
   listed), so allowing peers one call at a time leaves only the last one mapped. */
SIM_EXPORT sim_status hsa_amd_agents_allow_access(uint32_t n, const sim_handle* agents, const uint32_t* flags,
                                                  const void* ptr) {
    (void)flags;
    SIM_ENTER(hsa_amd_agents_allow_access);
    sim_alloc* a = sim_find(ptr, 0);
    if (!a || n == 0 || !agents) return sim_leave(ST_INVALID_ARGUMENT);
    uint32_t listed = 0;
    for (uint32_t i = 0; i < n; i++) {
        int gpu = sim_gpu_index(agents[i]);
        if (gpu < 0 && agents[i].handle != 0x100) return sim_leave(ST_INVALID_AGENT);
        if (gpu >= 0) listed |= 1u << gpu;
    }
    int owner = a->kind == SIM_ALLOC_POOL ? sim_pool_gpu(a->pool) : -1;
    if (owner >= 0) listed |= 1u << owner;
    a->access = a->whole_blocks ? listed : a->access | listed;
    return sim_leave(ST_SUCCESS);
}

typedef struct sim_pointer_info {
    uint32_t size;
    int type;
    void* agent_base;
    void* host_base;
    size_t bytes;
    void* user_data;
    sim_handle owner;
    uint32_t global_flags;
} sim_pointer_info;

SIM_EXPORT sim_status hsa_amd_pointer_info(const void* ptr, sim_pointer_info* info, void* (*alloc)(size_t), uint32_t* n,
                                           sim_handle** agents) {
    (void)alloc;
    SIM_ENTER(hsa_amd_pointer_info);
    if (!info || info->size < 8 || n || agents) return sim_leave(ST_INVALID_ARGUMENT);
    sim_alloc* a = sim_find(ptr, 0);
    uint32_t size = info->size < sizeof *info ? info->size : (uint32_t)sizeof *info;
    sim_pointer_info out = {size, 0, NULL, NULL, 0, NULL, {0}, 0};
    if (a && a->kind != SIM_ALLOC_VMEM) { /* vmem mappings are not in ROCr's allocation map */
        out.type = a->kind == SIM_ALLOC_LOCK ? 2 : 1;
        out.agent_base = out.host_base = a->ptr;
        if (a->kind == SIM_ALLOC_LOCK) out.agent_base = a->agent;
        if (a->pool >= 0x2000) out.owner.handle = 0x200 + (a->pool - 0x2000) / 16; /* a GPU's own pool */
        out.bytes = a->size;
    }
    memcpy(info, &out, size);
    return sim_leave(ST_SUCCESS);
}

/* Whether every page of [p, p+size) is mapped writable (/proc/self/maps lists mappings in
   address order): libhsakmt registers a userptr range for the GPU to write, and the kernel's
   pinning of read-only pages for writing fails, so ROCr cannot lock them. */
static int sim_range_writable(const void* p, size_t size) {
    FILE* maps = fopen("/proc/self/maps", "r");
    if (!maps) return 1;
    uintptr_t at = (uintptr_t)p, end = at + size;
    char line[512];
    while (at < end && fgets(line, sizeof line, maps)) {
        unsigned long low, high;
        char perms[5];
        if (sscanf(line, "%lx-%lx %4s", &low, &high, perms) != 3 || at < low || at >= high) continue;
        if (perms[1] != 'w') break;
        at = high;
    }
    fclose(maps);
    return at >= end;
}

/* Locking memory the runtime allocated is refused, as is memory that is not writable; locking
   a range again (or an overlapping one) is allowed: the same range is counted, another gets
   its own agent range. */
SIM_EXPORT sim_status hsa_amd_memory_lock(void* host, size_t size, sim_handle* agents, int n, void** agent_ptr) {
    SIM_ENTER(hsa_amd_memory_lock);
    sim_alloc* found = host ? sim_find(host, size) : NULL;
    if (!host || size == 0 || !agent_ptr || (found && found->kind != SIM_ALLOC_LOCK))
        return sim_leave(ST_INVALID_ARGUMENT);
    if (!sim_range_writable(host, size)) return sim_leave(ST_ERROR);
    sim_alloc* a = NULL;
    for (sim_alloc* l = sim.allocs; l && !a; l = l->next)
        if (l->kind == SIM_ALLOC_LOCK && l->ptr == (char*)host && l->size == size) a = l;
    if (!a) {
        a = sim_track(host, size, SIM_ALLOC_LOCK, 0);
        if (!a) return sim_leave(ST_OUT_OF_RESOURCES);
        a->agent = (char*)(uintptr_t)(sim.next_agent_address + ((uintptr_t)host & 4095u));
        sim.next_agent_address += (((uintptr_t)host & 4095u) + size + 4095u) / 4096u * 4096u + 4096u;
    }
    a->locks++;
    for (int i = 0; i < n; i++) {
        int gpu = sim_gpu_index(agents[i]);
        if (gpu >= 0) a->access |= 1u << gpu;
    }
    if (n == 0) a->access = ~0u;
    *agent_ptr = a->agent;
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_amd_memory_unlock(void* host) {
    SIM_ENTER(hsa_amd_memory_unlock);
    sim_alloc* a = NULL;
    for (sim_alloc* l = sim.allocs; l && !a; l = l->next)
        if (l->kind == SIM_ALLOC_LOCK && l->ptr == (char*)host) a = l;
    if (!a) return sim_leave(ST_INVALID_ARGUMENT);
    if (--a->locks == 0) sim_untrack(a);
    return sim_leave(ST_SUCCESS);
}

/* The host address behind a GPU address [p, p+size) the DMA engine of `gpu` may touch, or NULL:
   locked memory only through its agent range, other memory when the GPU was given access. */
static char* sim_dma_address(const void* p, size_t size, int gpu) {
    sim_alloc* a = sim_find_agent_range(p, size);
    if (a) return (a->access >> gpu) & 1u ? a->ptr + ((const char*)p - a->agent) : NULL;
    a = sim_find(p, size);
    if (!a || a->kind == SIM_ALLOC_LOCK) return NULL; /* the host address of locked memory is not mapped */
    return a->kind == SIM_ALLOC_CODE || (a->access >> gpu) & 1u ? (char*)p : NULL;
}

/* Memory some GPU could be given: a pool allocation, code, or a lock's agent range (not the
   host address of a locked or pageable range, which ROCr's copy refuses). Whether the engine's
   GPU was given it is checked when the copy runs: without access the copy faults. */
static int sim_gpu_addressable(const void* p, size_t size) {
    if (sim_find_agent_range(p, size)) return 1;
    sim_alloc* a = sim_find(p, size);
    return a && a->kind != SIM_ALLOC_LOCK;
}

/* Runs on the source GPU's DMA engine when the source agent is a GPU, else on the destination's
   (ROCr Runtime::CopyMemory: copy_agent = src_gpu ? src_agent : dst_agent): that GPU must reach
   both ranges. */
SIM_EXPORT sim_status hsa_amd_memory_async_copy(void* dst, sim_handle dst_agent, const void* src, sim_handle src_agent,
                                                size_t size, uint32_t n_deps, const sim_handle* deps,
                                                sim_handle completion) {
    SIM_ENTER(hsa_amd_memory_async_copy);
    int gpu = sim_gpu_index(src_agent) >= 0 ? sim_gpu_index(src_agent) : sim_gpu_index(dst_agent);
    if ((n_deps == 0) != (deps == NULL) || n_deps > 8) return sim_leave(ST_INVALID_ARGUMENT);
    if (size == 0) return sim_leave(ST_SUCCESS); /* and never signals (hsa_ext_amd.cpp) */
    if (!sim_signal_get(completion)) return sim_leave(ST_INVALID_SIGNAL);
    if (gpu < 0 || !sim_gpu_addressable(dst, size) || !sim_gpu_addressable(src, size)) {
        sim_error("async copy %p <- %p (%zu bytes) touches memory the GPU cannot reach", dst, src, size);
        return sim_leave(ST_INVALID_ARGUMENT);
    }
    sim_copy* c = calloc(1, sizeof *c);
    if (!c) return sim_leave(ST_OUT_OF_RESOURCES);
    c->dst = dst;
    c->src = src;
    c->size = size;
    c->gpu = gpu;
    c->dep_count = n_deps;
    if (n_deps) memcpy(c->deps, deps, n_deps * sizeof *deps);
    c->completion = completion;
    sim_copy** tail = &sim.copies;
    while (*tail) tail = &(*tail)->next;
    *tail = c;
    return sim_leave(ST_SUCCESS);
}

static int sim_deps_done(const sim_handle* deps, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        sim_signal* s = deps[i].handle ? sim_signal_get(deps[i]) : NULL;
        if (s && sim_signal_value(s) != 0) return 0;
    }
    return 1;
}

/* The DMA engine: runs any queued copy whose dependencies read 0 (not necessarily in order). */
static void* sim_copy_engine(void* unused) {
    (void)unused;
    pthread_mutex_lock(&sim.lock);
    while (sim.threads_running) {
        uint32_t seen = sim_seen();
        sim_copy** c = &sim.copies;
        while (*c && !sim_deps_done((*c)->deps, (*c)->dep_count)) c = &(*c)->next;
        if (!*c) {
            sim_idle(seen, 20000000L);
            continue;
        }
        sim_copy* job = *c;
        *c = job->next;
        /* Addresses are translated when the copy runs: a range unlocked since it was queued is a
           GPU memory fault, and the copy never completes. */
        char* dst = sim_dma_address(job->dst, job->size, job->gpu);
        const char* src = sim_dma_address(job->src, job->size, job->gpu);
        if (dst && src) {
            memmove(dst, src, job->size);
            sim_signal_add(job->completion, -1);
        } else {
            sim_memory_fault((uint32_t)job->gpu, (uint64_t)(uintptr_t)(dst ? job->src : job->dst));
        }
        free(job);
    }
    pthread_mutex_unlock(&sim.lock);
    return NULL;
}

/* Synchronous; count in 32-bit words; 4-byte aligned memory of a pool allocation: ROCr's
   FillMemory finds the memory through PtrInfo, which knows no hsa_amd_vmem mapping. */
SIM_EXPORT sim_status hsa_amd_memory_fill(void* ptr, uint32_t value, size_t count) {
    SIM_ENTER(hsa_amd_memory_fill);
    sim_alloc* a = sim_find(ptr, count * 4);
    if (((uintptr_t)ptr & 3) || !a || a->kind != SIM_ALLOC_POOL) {
        sim_error("hsa_amd_memory_fill of %p: not memory of a pool allocation", ptr);
        return sim_leave(ST_INVALID_ALLOCATION);
    }
    uint32_t* p = ptr;
    for (size_t i = 0; i < count; i++) p[i] = value;
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_amd_signal_async_handler(sim_handle signal, int cond, int64_t value,
                                                   bool (*fn)(int64_t, void*), void* arg) {
    SIM_ENTER(hsa_amd_signal_async_handler);
    if (!sim_signal_get(signal) || !fn) return sim_leave(ST_INVALID_ARGUMENT);
    sim_handler* h = calloc(1, sizeof *h);
    if (!h) return sim_leave(ST_OUT_OF_RESOURCES);
    *h = (sim_handler){signal, cond, value, fn, arg, sim.handlers};
    sim.handlers = h;
    return sim_leave(ST_SUCCESS);
}

/* The runtime's async-events thread: calls each handler once its condition holds. */
static void* sim_handler_thread(void* unused) {
    (void)unused;
    pthread_mutex_lock(&sim.lock);
    while (sim.threads_running) {
        uint32_t seen = sim_seen();
        sim_handler** h = &sim.handlers;
        int64_t v = 0;
        while (*h) {
            sim_signal* s = sim_signal_get((*h)->signal);
            if (s && sim_condition(v = sim_signal_value(s), (*h)->cond, (*h)->value)) break;
            h = &(*h)->next;
        }
        if (!*h) {
            sim_idle(seen, 20000000L);
            continue;
        }
        sim_handler* run = *h;
        *h = run->next;
        pthread_mutex_unlock(&sim.lock);
        bool again = run->fn(v, run->arg);
        pthread_mutex_lock(&sim.lock);
        if (again) {
            run->next = sim.handlers;
            sim.handlers = run;
        } else {
            free(run);
        }
    }
    pthread_mutex_unlock(&sim.lock);
    return NULL;
}

/* ---- Code objects --------------------------------------------------------------------------- */

SIM_EXPORT sim_status hsa_code_object_reader_create_from_memory(const void* data, size_t size, sim_handle* out) {
    SIM_ENTER(hsa_code_object_reader_create_from_memory);
    if (!data || size == 0 || !out) return sim_leave(ST_INVALID_ARGUMENT);
    sim_reader* r = calloc(1, sizeof *r);
    if (!r) return sim_leave(ST_OUT_OF_RESOURCES);
    r->data = data; /* caller-owned, must outlive the reader (hsa.h) */
    r->size = size;
    r->next = sim.readers;
    sim.readers = r;
    out->handle = (uint64_t)(uintptr_t)r;
    return sim_leave(ST_SUCCESS);
}

static sim_reader* sim_reader_get(sim_handle h) {
    for (sim_reader* r = sim.readers; r; r = r->next)
        if ((uint64_t)(uintptr_t)r == h.handle) return r;
    return NULL;
}

static sim_executable* sim_executable_get(sim_handle h) {
    for (sim_executable* e = sim.executables; e; e = e->next)
        if ((uint64_t)(uintptr_t)e == h.handle) return e;
    return NULL;
}

SIM_EXPORT sim_status hsa_code_object_reader_destroy(sim_handle h) {
    SIM_ENTER(hsa_code_object_reader_destroy);
    for (sim_reader** r = &sim.readers; *r; r = &(*r)->next) {
        if ((uint64_t)(uintptr_t)*r != h.handle) continue;
        sim_reader* gone = *r;
        *r = gone->next;
        free(gone);
        return sim_leave(ST_SUCCESS);
    }
    return sim_leave(ST_INVALID_CODE_OBJECT_READER);
}

SIM_EXPORT sim_status hsa_executable_create_alt(int profile, int rounding, const char* options, sim_handle* out) {
    (void)options;
    SIM_ENTER(hsa_executable_create_alt);
    if (profile != 1 || rounding < 0 || rounding > 2 || !out) return sim_leave(ST_INVALID_ARGUMENT);
    sim_executable* e = calloc(1, sizeof *e);
    if (!e) return sim_leave(ST_OUT_OF_RESOURCES);
    e->next = sim.executables;
    sim.executables = e;
    out->handle = (uint64_t)(uintptr_t)e;
    return sim_leave(ST_SUCCESS);
}

static uint16_t rd16(const unsigned char* p) {
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
}
static uint32_t rd32(const unsigned char* p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static uint64_t rd64(const unsigned char* p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* The code object's ISA against the agent's (ROCr amd_hsa_code.cpp + isa.cpp): same processor;
   an "any" feature matches either setting, on/off must equal the agent's. */
static sim_status sim_check_isa(uint32_t flags) {
    if ((flags & 0xFF) != 0x3F) return ST_INCOMPATIBLE_ARGUMENTS; /* EF_AMDGPU_MACH_AMDGCN_GFX90A */
    if (!strstr(sim.isa, "gfx90a")) return ST_INCOMPATIBLE_ARGUMENTS;
    int agent_xnack = strstr(sim.isa, "xnack+") ? 0x300 : 0x200;
    int agent_sramecc = strstr(sim.isa, "sramecc+") ? 0xC00 : 0x800;
    uint32_t xnack = flags & 0x300, sramecc = flags & 0xC00;
    if (xnack != 0x100 && xnack != (uint32_t)agent_xnack) return ST_INCOMPATIBLE_ARGUMENTS;
    if (sramecc != 0x400 && sramecc != (uint32_t)agent_sramecc) return ST_INCOMPATIBLE_ARGUMENTS;
    return ST_SUCCESS;
}

/* The dynamic relocations (a SHT_RELA section with no target section, .rela.dyn), applied to the
   loaded block as ROCr's loader applies them (executable.cpp, ApplyDynamicRelocation):
   R_AMDGPU_RELATIVE64 writes the load address plus the addend; R_AMDGPU_ABS64 (and ABS32,
   ABS32_LO/HI) the loaded address of its symbol, an object or a function of this code object,
   plus the addend, while a symbol without a type is an external one, which only an agent
   variable defined before the load would provide (this runtime has none: VARIABLE_UNDEFINED).
   Other types and symbols are INVALID_CODE_OBJECT; so is a place or a symbol outside the loaded
   block (ROCr finds no segment for it and would crash). */
static sim_status sim_relocate(const unsigned char* f, size_t size, uint64_t shoff, uint16_t shnum, char* base,
                               uint64_t end) {
    for (uint16_t i = 0; i < shnum; i++) {
        const unsigned char* sh = f + shoff + i * 64ull;
        if (rd32(sh + 4) != 4 /* SHT_RELA */ || rd32(sh + 44) != 0) continue;
        uint32_t link = rd32(sh + 40);
        if (link >= shnum || rd64(sh + 56) != 24) return ST_INVALID_CODE_OBJECT;
        const unsigned char* symsh = f + shoff + link * 64ull;
        uint64_t off = rd64(sh + 24), bytes = rd64(sh + 32), sym_off = rd64(symsh + 24), sym_size = rd64(symsh + 32);
        if (rd32(symsh + 4) != 11 /* SHT_DYNSYM */ || off > size || bytes > size - off || sym_off > size ||
            sym_size > size - sym_off)
            return ST_INVALID_CODE_OBJECT;
        for (uint64_t at = 0; at + 24 <= bytes; at += 24) {
            const unsigned char* r = f + off + at;
            uint64_t place = rd64(r), info = rd64(r + 8), addend = rd64(r + 16), value = 0;
            uint32_t type = (uint32_t)info, sym = (uint32_t)(info >> 32);
            unsigned width = type == 3 || type == 13 ? 8 : 4;
            if (place > end || width > end - place || (uint64_t)sym >= sym_size / 24) return ST_INVALID_CODE_OBJECT;
            if (type == 13 /* R_AMDGPU_RELATIVE64 */) {
                value = (uint64_t)(uintptr_t)base + addend;
            } else if (type == 1 || type == 2 || type == 3 || type == 6) { /* ABS32_LO, ABS32_HI, ABS64, ABS32 */
                const unsigned char* s = f + sym_off + sym * 24ull;
                unsigned kind = s[4] & 0xf;
                if (kind == 0 /* STT_NOTYPE */) return ST_VARIABLE_UNDEFINED;
                if ((kind != 1 && kind != 2 && kind != 10) || rd16(s + 6) == 0 || rd64(s + 8) >= end)
                    return ST_INVALID_CODE_OBJECT;
                value = (uint64_t)(uintptr_t)base + rd64(s + 8) + addend;
                if (type == 2) value >>= 32;
            } else {
                return ST_INVALID_CODE_OBJECT;
            }
            memcpy(base + place, &value, width); /* little-endian: a 4-byte write is the low half */
        }
    }
    return ST_SUCCESS;
}

/* Lays the PT_LOAD segments out in one zeroed block, records .dynsym's objects and applies the
   dynamic relocations. */
static sim_status sim_load_elf(sim_executable* e, const unsigned char* f, size_t size) {
    if (size < 64 || memcmp(f, "\177ELF", 4) != 0 || f[4] != 2 || f[5] != 1) return ST_INVALID_CODE_OBJECT;
    /* ELFOSABI_AMDGPU_HSA only; EI_ABIVERSION 0..3 are code objects v2..v5, all ROCr 5.2's loader
       takes (executable.cpp: version > 5 is INVALID_CODE_OBJECT; v6, ABI version 4, from ROCm 6.2) */
    if (f[7] != 64 || f[8] > 3 || rd16(f + 18) != 224) return ST_INVALID_CODE_OBJECT;
    if (rd16(f + 16) != 3 /* ET_DYN */) return ST_INVALID_CODE_OBJECT;
    sim_status st = sim_check_isa(rd32(f + 48));
    if (st != ST_SUCCESS) return st;
    sim.last_code_object_flags = rd32(f + 48);
    uint64_t phoff = rd64(f + 32), shoff = rd64(f + 40);
    uint16_t phnum = rd16(f + 56), shnum = rd16(f + 60);
    if (phoff > size || phnum * 56ull > size - phoff || shoff > size || shnum * 64ull > size - shoff)
        return ST_INVALID_CODE_OBJECT;
    /* Load segments inside the file and the 256 MiB block, file contents within memory size:
       a lying header is an error, not an out-of-bounds copy. */
    const uint64_t limit = 1u << 28;
    uint64_t end = 0;
    for (uint16_t i = 0; i < phnum; i++) {
        const unsigned char* ph = f + phoff + i * 56ull;
        uint64_t off = rd64(ph + 8), va = rd64(ph + 16), filesz = rd64(ph + 32), memsz = rd64(ph + 40);
        if (rd32(ph) != 1) continue;
        if (va > limit || memsz > limit - va || filesz > memsz || off > size || filesz > size - off)
            return ST_INVALID_CODE_OBJECT;
        if (va + memsz > end) end = va + memsz;
    }
    if (end == 0 || end > (1u << 28)) return ST_INVALID_CODE_OBJECT;
    size_t bytes = (end + 4095) & ~(uint64_t)4095;
    char* base = aligned_alloc(4096, bytes);
    if (!base) return ST_OUT_OF_RESOURCES;
    memset(base, 0, bytes);
    for (uint16_t i = 0; i < phnum; i++) {
        const unsigned char* ph = f + phoff + i * 56ull;
        uint64_t off = rd64(ph + 8), va = rd64(ph + 16), filesz = rd64(ph + 32);
        if (rd32(ph) != 1) continue;
        if (off > size || filesz > size - off) {
            free(base);
            return ST_INVALID_CODE_OBJECT;
        }
        memcpy(base + va, f + off, filesz);
    }
    e->memory = sim_track(base, bytes, SIM_ALLOC_CODE, 0);
    if (!e->memory) {
        free(base);
        return ST_OUT_OF_RESOURCES;
    }
    for (uint16_t i = 0; i < shnum; i++) {
        const unsigned char* sh = f + shoff + i * 64ull;
        if (rd32(sh + 4) != 11 /* SHT_DYNSYM */) continue;
        if (rd32(sh + 40) >= shnum) return ST_INVALID_CODE_OBJECT;
        const unsigned char* strsh = f + shoff + rd32(sh + 40) * 64ull;
        uint64_t sym_off = rd64(sh + 24), sym_size = rd64(sh + 32), str_off = rd64(strsh + 24),
                 str_size = rd64(strsh + 32);
        if (sym_off > size || sym_size > size - sym_off || str_off > size || str_size > size - str_off)
            return ST_INVALID_CODE_OBJECT;
        for (uint64_t s = 24; s + 24 <= sym_size; s += 24) {
            const unsigned char* sym = f + sym_off + s;
            uint32_t name = rd32(sym);
            uint64_t value = rd64(sym + 8), ssize = rd64(sym + 16);
            if ((sym[4] & 0xf) != 1 /* STT_OBJECT */ || name >= str_size || value > end || ssize > end - value)
                continue;
            const char* n = (const char*)f + str_off + name;
            if (strnlen(n, str_size - name) == str_size - name) return ST_INVALID_CODE_OBJECT; /* not terminated */
            for (sim_symbol* other = e->symbols; other; other = other->next)
                if (strcmp(other->name, n) == 0) return ST_VARIABLE_ALREADY_DEFINED;
            sim_symbol* out = calloc(1, sizeof *out);
            if (!out || !(out->name = strdup(n))) {
                free(out);
                return ST_OUT_OF_RESOURCES;
            }
            size_t len = strlen(n);
            out->kernel = len > 3 && strcmp(n + len - 3, ".kd") == 0 && ssize == 64;
            out->address = base + value;
            out->size = (uint32_t)ssize;
            out->next = e->symbols;
            e->symbols = out;
        }
    }
    return sim_relocate(f, size, shoff, shnum, base, end);
}

SIM_EXPORT sim_status hsa_executable_load_agent_code_object(sim_handle exec, sim_handle agent, sim_handle reader,
                                                            const char* options, sim_handle* loaded) {
    (void)options;
    SIM_ENTER(hsa_executable_load_agent_code_object);
    sim_executable* e = sim_executable_get(exec);
    sim_reader* r = sim_reader_get(reader);
    if (!e) return sim_leave(ST_INVALID_EXECUTABLE);
    if (!r) return sim_leave(ST_INVALID_CODE_OBJECT_READER);
    if (sim_gpu_index(agent) < 0) return sim_leave(ST_INVALID_AGENT);
    if (e->frozen) return sim_leave(ST_FROZEN_EXECUTABLE);
    if (e->loaded) return sim_leave(ST_VARIABLE_ALREADY_DEFINED);
    sim_status st = sim_load_elf(e, r->data, r->size);
    e->loaded = st == ST_SUCCESS;
    if (loaded) loaded->handle = (uint64_t)(uintptr_t)e + 1;
    return sim_leave(st);
}

SIM_EXPORT sim_status hsa_executable_freeze(sim_handle exec, const char* options) {
    (void)options;
    SIM_ENTER(hsa_executable_freeze);
    sim_executable* e = sim_executable_get(exec);
    if (!e) return sim_leave(ST_INVALID_EXECUTABLE);
    if (e->frozen) return sim_leave(ST_FROZEN_EXECUTABLE);
    e->frozen = 1;
    return sim_leave(ST_SUCCESS);
}

static int sim_executable_in_use(const sim_executable* e);

SIM_EXPORT sim_status hsa_executable_destroy(sim_handle exec) {
    SIM_ENTER(hsa_executable_destroy);
    for (sim_executable** p = &sim.executables; *p; p = &(*p)->next) {
        if ((uint64_t)(uintptr_t)*p != exec.handle) continue;
        sim_executable* e = *p;
        if (sim_executable_in_use(e)) sim.destroys_while_in_use++;
        *p = e->next;
        while (e->symbols) {
            sim_symbol* s = e->symbols;
            e->symbols = s->next;
            free(s->name);
            free(s);
        }
        if (e->memory) {
            free(e->memory->ptr);
            sim_untrack(e->memory);
        }
        free(e);
        return sim_leave(ST_SUCCESS);
    }
    return sim_leave(ST_INVALID_EXECUTABLE);
}

/* Agent symbols need the agent: a NULL agent searches program symbols only (ROCr). */
SIM_EXPORT sim_status hsa_executable_get_symbol_by_name(sim_handle exec, const char* name, const sim_handle* agent,
                                                        sim_handle* out) {
    SIM_ENTER(hsa_executable_get_symbol_by_name);
    sim_executable* e = sim_executable_get(exec);
    if (!e) return sim_leave(ST_INVALID_EXECUTABLE);
    if (!name || !out) return sim_leave(ST_INVALID_ARGUMENT);
    if (!agent || sim_gpu_index(*agent) < 0) return sim_leave(ST_INVALID_SYMBOL_NAME);
    for (sim_symbol* s = e->symbols; s; s = s->next) {
        if (strcmp(s->name, name) != 0) continue;
        out->handle = (uint64_t)(uintptr_t)s;
        return sim_leave(ST_SUCCESS);
    }
    return sim_leave(ST_INVALID_SYMBOL_NAME);
}

static sim_executable* sim_symbol_owner(const sim_symbol* sym) {
    for (sim_executable* e = sim.executables; e; e = e->next)
        for (sim_symbol* s = e->symbols; s; s = s->next)
            if (s == sym) return e;
    return NULL;
}

/* Sizes come from the descriptor; alignment is hard-coded 16, as ROCr's loader does. */
SIM_EXPORT sim_status hsa_executable_symbol_get_info(sim_handle symbol, int attribute, void* value) {
    SIM_ENTER(hsa_executable_symbol_get_info);
    sim_symbol* s = (sim_symbol*)(uintptr_t)symbol.handle;
    sim_executable* e = sim_symbol_owner(s);
    if (!e) return sim_leave(ST_INVALID_ARGUMENT);
    const unsigned char* kd = (const unsigned char*)s->address;
    switch (attribute) {
    case 0:
        *(uint32_t*)value = (uint32_t)s->kernel;
        break;
    case 9:
        if (s->kernel) return sim_leave(ST_INVALID_ARGUMENT);
        *(uint32_t*)value = s->size;
        break;
    case 21:
        if (s->kernel) return sim_leave(ST_INVALID_ARGUMENT);
        *(uint64_t*)value = e->frozen ? (uint64_t)(uintptr_t)s->address : 0;
        break;
    case 22:
        if (!s->kernel) return sim_leave(ST_INVALID_ARGUMENT);
        *(uint64_t*)value = e->frozen ? (uint64_t)(uintptr_t)kd : 0;
        break;
    case 11:
        if (!s->kernel) return sim_leave(ST_INVALID_ARGUMENT);
        *(uint32_t*)value = rd32(kd + 8);
        break;
    case 12:
        if (!s->kernel) return sim_leave(ST_INVALID_ARGUMENT);
        *(uint32_t*)value = 16;
        break;
    case 13:
        if (!s->kernel) return sim_leave(ST_INVALID_ARGUMENT);
        *(uint32_t*)value = rd32(kd + 0);
        break;
    case 14:
        if (!s->kernel) return sim_leave(ST_INVALID_ARGUMENT);
        *(uint32_t*)value = rd32(kd + 4);
        break;
    /* KERNEL_DYNAMIC_CALLSTACK: the descriptor's USES_DYNAMIC_STACK bit (11), as ROCr 6's loader
       reads it (5.2.3 answered false). */
    case 15:
        if (!s->kernel) return sim_leave(ST_INVALID_ARGUMENT);
        *(bool*)value = (rd16(kd + 56) >> 11) & 1;
        break;
    default:
        return sim_leave(ST_INVALID_ARGUMENT);
    }
    return sim_leave(ST_SUCCESS);
}

/* ---- AQL queues and the packet processor ---------------------------------------------------- */

enum { PKT_INVALID = 1, PKT_DISPATCH = 2, PKT_BARRIER_AND = 3 };

static sim_symbol* sim_kernel_by_object(uint64_t object) {
    for (sim_executable* e = sim.executables; e; e = e->next)
        for (sim_symbol* s = e->symbols; s; s = s->next)
            if (s->kernel && e->frozen && (uint64_t)(uintptr_t)s->address == object) return s;
    return NULL;
}

/* Whether a kernel of e runs on a queue now, or waits there in a dispatch packet that a queue
   still to run (not failed) has published. Lock held. */
static int sim_executable_in_use(const sim_executable* e) {
    for (const sim_queue* q = sim.queues; q; q = q->next) {
        if (q->running == e) return 1;
        if (q->failed) continue;
        uint64_t end = atomic_load(&q->write_index);
        for (uint64_t i = atomic_load(&q->read_index); i < end; i++) {
            const unsigned char* p = (const unsigned char*)q->base_address + (i % q->size) * 64;
            if ((__atomic_load_n((const uint32_t*)p, __ATOMIC_ACQUIRE) & 0xff) != PKT_DISPATCH) continue;
            for (const sim_symbol* s = e->symbols; s; s = s->next)
                if (s->kernel && (uint64_t)(uintptr_t)s->address == rd64(p + 32)) return 1;
        }
    }
    return 0;
}

/* The checks of a dispatch packet: the packet processor's plus stricter ones that catch backend
   bugs. Returns the status the queue callback gets, or SUCCESS with impl and d filled. Lock held. */
static sim_status sim_check_dispatch(const sim_queue* q, const unsigned char* p, sim_kernel_impl* impl,
                                     hsa_sim_dispatch* d) {
    uint16_t setup = rd16(p + 2);
    uint32_t dims = setup & 3;
    uint64_t object = rd64(p + 32);
    void* kernarg = (void*)(uintptr_t)rd64(p + 40);
    sim_symbol* k = sim_kernel_by_object(object);
    if (!k)
        return sim_error("dispatch of an unknown kernel object 0x%llx", (unsigned long long)object),
               ST_INVALID_CODE_OBJECT;
    const unsigned char* kd = (const unsigned char*)k->address;
    *d = (hsa_sim_dispatch){.kernel = NULL,
                            .dims = dims,
                            .group_segment_size = rd32(p + 28),
                            .private_segment_size = rd32(p + 24),
                            .kernarg_size = rd32(kd + 8),
                            .gpu = q->agent,
                            .queue = q,
                            .kernel_object = kd};
    uint32_t total = 1;
    for (int i = 0; i < 3; i++) {
        d->workgroup[i] = rd16(p + 4 + 2 * i);
        d->grid[i] = rd32(p + 12 + 4 * i);
        total *= d->workgroup[i];
        if (d->workgroup[i] == 0 || d->grid[i] < d->workgroup[i])
            return sim_error("dimension %d: grid %u < work-group %u", i, d->grid[i], d->workgroup[i]),
                   ST_INCOMPATIBLE_ARGUMENTS;
        if (i >= (int)dims && (d->workgroup[i] != 1 || d->grid[i] != 1))
            return sim_error("unused dimension %d is not 1", i), ST_INCOMPATIBLE_ARGUMENTS;
    }
    if (dims == 0) return sim_error("setup has 0 dimensions"), ST_INCOMPATIBLE_ARGUMENTS;
    if (total > 1024) return sim_error("work-group of %u work-items", total), ST_INVALID_ARGUMENT;
    if (rd16(p + 10) || rd64(p + 48)) return sim_error("reserved packet fields are not zero"), ST_INVALID_PACKET_FORMAT;
    if (d->group_segment_size < rd32(kd) || d->group_segment_size > sim.group_size)
        return sim_error("group segment %u (descriptor %u)", d->group_segment_size, rd32(kd)), ST_INVALID_ALLOCATION;
    if (d->private_segment_size < rd32(kd + 4))
        return sim_error("private segment %u < descriptor %u", d->private_segment_size, rd32(kd + 4)),
               ST_INVALID_ARGUMENT;
    sim_alloc* a = kernarg ? sim_find(kernarg, d->kernarg_size) : NULL;
    if (!a || a->pool != 0x1002 || !((a->access >> q->agent) & 1u))
        return sim_error("kernarg %p is not a kernarg-pool buffer of %u bytes the GPU may read", kernarg,
                         d->kernarg_size),
               ST_INVALID_ARGUMENT;
    size_t len = strlen(k->name) - 3;
    for (int i = 0; i < SIM_MAX_IMPLS; i++) {
        if (!sim.impls[i].fn || strlen(sim.impls[i].name) != len || memcmp(sim.impls[i].name, k->name, len) != 0)
            continue;
        *impl = sim.impls[i];
        d->kernel = sim.impls[i].name;
        return ST_SUCCESS;
    }
    return sim_error("no implementation registered for %.*s", (int)len, k->name), ST_INVALID_CODE_OBJECT;
}

/* Consumes packets from the read index while their type is valid (32-bit atomic header read). */
static void* sim_packet_processor(void* arg) {
    sim_queue* q = arg;
    pthread_mutex_lock(&sim.lock);
    while (!q->stop) {
        uint32_t seen = sim_seen();
        unsigned char* p = (unsigned char*)q->base_address + (atomic_load(&q->read_index) % q->size) * 64;
        uint32_t word = __atomic_load_n((uint32_t*)p, __ATOMIC_ACQUIRE);
        uint32_t type = word & 0xff;
        if (q->failed || type == PKT_INVALID) {
            sim_idle(seen, 20000000L);
            continue;
        }
        sim_handle completion = {rd64(p + 56)};
        uint64_t started = sim_now_ns();
        if (type == PKT_BARRIER_AND) {
            sim_handle deps[5];
            for (int i = 0; i < 5; i++) deps[i].handle = rd64(p + 8 + 8 * i);
            if (!sim_deps_done(deps, 5)) {
                sim_idle(seen, 20000000L);
                continue;
            }
        } else if (type == PKT_DISPATCH) {
            sim_kernel_impl impl;
            hsa_sim_dispatch d;
            sim_status st = sim_check_dispatch(q, p, &impl, &d);
            if (st != ST_SUCCESS) {
                q->failed = 1; /* ROCr suspends the queue; the signal never completes */
                pthread_mutex_unlock(&sim.lock);
                if (q->callback) q->callback(st, q, q->callback_data);
                pthread_mutex_lock(&sim.lock);
                continue;
            }
            sim.dispatches++;
            q->running = sim_symbol_owner(sim_kernel_by_object(rd64(p + 32)));
            sim_running_executable = q->running;
            pthread_mutex_unlock(&sim.lock);
            sim_fault_pending = 0;
            impl.fn((const void*)(uintptr_t)rd64(p + 40), &d, impl.user);
            pthread_mutex_lock(&sim.lock);
            sim_running_executable = NULL;
            q->running = NULL;
            if (sim_fault_pending) { /* the packet never completes */
                sim_memory_fault(q->agent, sim_fault_address);
                continue;
            }
            if (q->failed) continue; /* the GPU was reset or its queues evicted meanwhile: lost */
        } else {
            q->failed = 1;
            sim_error("packet type %u not supported", type);
            pthread_mutex_unlock(&sim.lock);
            if (q->callback) q->callback(ST_INVALID_PACKET_FORMAT, q, q->callback_data);
            pthread_mutex_lock(&sim.lock);
            continue;
        }
        if (!((word >> 8) & 1)) sim.packets_without_barrier++;
        if (type <= 5) sim.fences[type][(word >> 9) & 3][(word >> 11) & 3]++;
        __atomic_store_n((uint16_t*)p, (uint16_t)PKT_INVALID, __ATOMIC_RELEASE);
        atomic_fetch_add_explicit(&q->read_index, 1, memory_order_release);
        sim_signal* done = completion.handle ? sim_signal_get(completion) : NULL;
        if (done && atomic_load_explicit(&q->profiling, memory_order_relaxed)) {
            atomic_store_explicit(&done->start_ts, started, memory_order_relaxed);
            atomic_store_explicit(&done->end_ts, sim_now_ns(), memory_order_relaxed);
        }
        if (completion.handle) sim_signal_add(completion, -1);
    }
    pthread_mutex_unlock(&sim.lock);
    return NULL;
}

SIM_EXPORT sim_status hsa_queue_create(sim_handle agent, uint32_t size, uint32_t type,
                                       void (*callback)(sim_status, sim_queue*, void*), void* data,
                                       uint32_t private_size, uint32_t group_size, sim_queue** out) {
    (void)private_size;
    (void)group_size;
    SIM_ENTER(hsa_queue_create);
    int gpu = sim_gpu_index(agent);
    if (gpu < 0) return sim_leave(ST_INVALID_AGENT);
    if (!out || type > 1 || size < 64 || (size & (size - 1))) return sim_leave(ST_INVALID_ARGUMENT);
    if (size > 131072) return sim_leave(ST_OUT_OF_RESOURCES);
    sim_queue* q = calloc(1, sizeof *q);
    void* ring = aligned_alloc(64, (size_t)size * 64);
    if (!q || !ring || sim_signal_new(0, &q->doorbell_signal) != ST_SUCCESS) {
        free(q);
        free(ring);
        return sim_leave(ST_OUT_OF_RESOURCES);
    }
    for (uint32_t i = 0; i < size; i++) {
        memset((char*)ring + i * 64ull, 0, 64);
        *(uint16_t*)((char*)ring + i * 64ull) = PKT_INVALID;
    }
    q->type = type;
    q->base_address = ring;
    q->size = size;
    q->id = ++sim.queue_ids;
    q->callback = callback;
    q->callback_data = data;
    q->agent = (uint32_t)gpu;
    if (pthread_create(&q->thread, NULL, sim_packet_processor, q) != 0) {
        atomic_store(&sim.signals[(q->doorbell_signal.handle & 0xffffffffu) - 1].live, 0);
        free(ring);
        free(q);
        return sim_leave(ST_OUT_OF_RESOURCES);
    }
    q->next = sim.queues;
    sim.queues = q;
    *out = q;
    return sim_leave(ST_SUCCESS);
}

/* Stops and frees a queue; called with the lock held, returns with it held. */
static void sim_queue_stop(sim_queue* q) {
    q->stop = 1;
    pthread_mutex_unlock(&sim.lock);
    sim_changed();
    pthread_join(q->thread, NULL);
    pthread_mutex_lock(&sim.lock);
    sim_signal* doorbell = sim_signal_get(q->doorbell_signal);
    if (doorbell) atomic_store(&doorbell->live, 0);
    free(q->base_address);
    free(q);
}

SIM_EXPORT sim_status hsa_queue_destroy(sim_queue* queue) {
    SIM_ENTER(hsa_queue_destroy);
    for (sim_queue** q = &sim.queues; *q; q = &(*q)->next) {
        if (*q != queue) continue;
        *q = queue->next;
        sim_queue_stop(queue);
        return sim_leave(ST_SUCCESS);
    }
    return sim_leave(ST_INVALID_QUEUE);
}

SIM_EXPORT uint64_t hsa_queue_add_write_index_relaxed(const sim_queue* q, uint64_t n) {
    return atomic_fetch_add(&((sim_queue*)q)->write_index, n);
}

/* An atomic load, no lock: the packet processor's read index is plain memory in ROCr too. */
SIM_EXPORT uint64_t hsa_queue_load_read_index_scacquire(const sim_queue* q) {
    return atomic_load_explicit(&((sim_queue*)q)->read_index, memory_order_acquire);
}

/* Profiling stamps every later packet's completion signal with its start and end times. */
SIM_EXPORT sim_status hsa_amd_profiling_set_profiler_enabled(sim_queue* queue, int enable) {
    SIM_ENTER(hsa_amd_profiling_set_profiler_enabled);
    sim_queue* q = sim.queues;
    while (q && q != queue) q = q->next;
    if (!q) return sim_leave(ST_INVALID_QUEUE);
    atomic_store(&q->profiling, enable != 0);
    return sim_leave(ST_SUCCESS);
}

typedef struct {
    uint64_t start, end;
} sim_dispatch_time;

/* In the system timestamp domain (1 GHz here); zeros when no profiled packet completed it. */
SIM_EXPORT sim_status hsa_amd_profiling_get_dispatch_time(sim_handle agent, sim_handle signal, sim_dispatch_time* out) {
    SIM_ENTER(hsa_amd_profiling_get_dispatch_time);
    if (sim_gpu_index(agent) < 0) return sim_leave(ST_INVALID_AGENT);
    sim_signal* s = sim_signal_get(signal);
    if (!s || !out) return sim_leave(ST_INVALID_ARGUMENT);
    out->start = atomic_load_explicit(&s->start_ts, memory_order_relaxed);
    out->end = atomic_load_explicit(&s->end_ts, memory_order_relaxed);
    return sim_leave(ST_SUCCESS);
}

/* ---- Virtual memory (the ROCm >= 6.0 profile only) ------------------------------------------ */
#if HSA_SIM_VMEM
SIM_EXPORT sim_status hsa_amd_vmem_address_reserve(void** va, size_t size, uint64_t address, uint64_t flags) {
    SIM_ENTER(hsa_amd_vmem_address_reserve);
    if (!va || size == 0 || (size & 4095) || flags) return sim_leave(ST_INVALID_ARGUMENT);
    void* p = mmap((void*)(uintptr_t)address, size, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | (address ? MAP_FIXED_NOREPLACE : 0), -1, 0);
    if (p == MAP_FAILED) return sim_leave(ST_OUT_OF_RESOURCES);
    *va = p;
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_amd_vmem_address_free(void* va, size_t size) {
    SIM_ENTER(hsa_amd_vmem_address_free);
    if (sim_find(va, size)) return sim_leave(ST_INVALID_ARGUMENT); /* still mapped */
    return sim_leave(munmap(va, size) == 0 ? ST_SUCCESS : ST_INVALID_ARGUMENT);
}

SIM_EXPORT sim_status hsa_amd_vmem_handle_create(sim_handle pool, size_t size, int type, uint64_t flags,
                                                 sim_handle* out) {
    SIM_ENTER(hsa_amd_vmem_handle_create);
    if (sim_pool_gpu(pool.handle) < 0 || size == 0 || (size & 4095) || flags || type < 0 || !out)
        return sim_leave(ST_INVALID_ARGUMENT);
    sim_alloc* a = sim_track(NULL, size, SIM_ALLOC_VMEM, pool.handle);
    if (!a) return sim_leave(ST_OUT_OF_RESOURCES);
    out->handle = (uint64_t)(uintptr_t)a;
    return sim_leave(ST_SUCCESS);
}

static sim_alloc* sim_vmem_handle(sim_handle h) {
    for (sim_alloc* a = sim.allocs; a; a = a->next)
        if ((uint64_t)(uintptr_t)a == h.handle && a->kind == SIM_ALLOC_VMEM) return a;
    return NULL;
}

SIM_EXPORT sim_status hsa_amd_vmem_handle_release(sim_handle h) {
    SIM_ENTER(hsa_amd_vmem_handle_release);
    sim_alloc* a = sim_vmem_handle(h);
    if (!a || a->ptr) return sim_leave(ST_INVALID_ARGUMENT);
    sim_untrack(a);
    return sim_leave(ST_SUCCESS);
}

/* The reservation itself becomes the backing store: mapped means readable and writable. */
SIM_EXPORT sim_status hsa_amd_vmem_map(void* va, size_t size, size_t offset, sim_handle h, uint64_t flags) {
    SIM_ENTER(hsa_amd_vmem_map);
    sim_alloc* a = sim_vmem_handle(h);
    if (!a || a->ptr || offset || flags || size != a->size) return sim_leave(ST_INVALID_ARGUMENT);
    if (mprotect(va, size, PROT_READ | PROT_WRITE) != 0) return sim_leave(ST_INVALID_ARGUMENT);
    a->ptr = va;
    return sim_leave(ST_SUCCESS);
}

SIM_EXPORT sim_status hsa_amd_vmem_unmap(void* va, size_t size) {
    SIM_ENTER(hsa_amd_vmem_unmap);
    sim_alloc* a = sim_find(va, size);
    if (!a || a->kind != SIM_ALLOC_VMEM || a->ptr != va) return sim_leave(ST_INVALID_ARGUMENT);
    mprotect(va, size, PROT_NONE);
    a->ptr = NULL;
    a->access = 0;
    return sim_leave(ST_SUCCESS);
}

typedef struct {
    int permissions;
    sim_handle agent;
} sim_access_desc;

SIM_EXPORT sim_status hsa_amd_vmem_set_access(void* va, size_t size, const sim_access_desc* desc, size_t count) {
    SIM_ENTER(hsa_amd_vmem_set_access);
    sim_alloc* a = sim_find(va, size);
    if (!a || a->kind != SIM_ALLOC_VMEM || !desc || !count) return sim_leave(ST_INVALID_ARGUMENT);
    for (size_t i = 0; i < count; i++) {
        int gpu = sim_gpu_index(desc[i].agent);
        if (gpu < 0) return sim_leave(ST_INVALID_AGENT);
        if (desc[i].permissions == 3) a->access |= 1u << gpu;
    }
    return sim_leave(ST_SUCCESS);
}
#endif
