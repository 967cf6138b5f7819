/* offload_impl.c — the whole implementation of offload.h in one translation unit.

   Layout of this file:
     1. configuration macros and includes
     2. internal types: the backend seam (offload__backend_ops), devices, handle pools, the
        context struct that owns everything
     3. services shared by every part, below the subsystems: allocation, per-thread errors,
        logging, hashing, handle pools, driver loading, the layers' table, the caching memory
        manager
     4. the backends and subsystems, each in its own .inc file, and the backend table
     5. the generic layer: the public API, written once above the backend seam and the
        subsystems; nothing below it calls it

   Invariants (see README "Design"): no mutable global or static variable; every member of the
   context starts zeroed and teardown works after any partial setup; no table is keyed by the
   address of an object the caller owns. */
#ifndef OFFLOAD__IMPL_C
#define OFFLOAD__IMPL_C

#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif

#include "offload.h"

#include <assert.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <link.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/futex.h>

#if defined(OFFLOAD_MALLOC) != defined(OFFLOAD_FREE)
#error "define OFFLOAD_MALLOC and OFFLOAD_FREE together, or neither"
#endif
#ifndef OFFLOAD_MALLOC
#define OFFLOAD_MALLOC(size) malloc(size)
#define OFFLOAD_FREE(ptr) free(ptr)
#endif
#ifndef OFFLOAD_ASSERT
#define OFFLOAD_ASSERT(cond) assert(cond)
#endif

/* Definitions of public functions. Under OFFLOAD_STATIC they are static and may be unused. */
#ifdef OFFLOAD_STATIC
#define OFFLOAD_DEF static __attribute__((unused))
#else
#define OFFLOAD_DEF
#endif
/* Private functions: static and not marked unused, so that the compiler reports dead code (a
   function some configurations leave unused is inside the same #if as its callers). */
#define OFFLOAD__FN static
/* The few private functions only the test hooks (tests/hooks.inc) call: the C model of the
   device-side RPC client, draining the recorder. Unused in the shipped library, hence marked. */
#define OFFLOAD__FOR_TESTS_FN static __attribute__((unused))

#define OFFLOAD__COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define OFFLOAD__MIN(a, b) ((a) < (b) ? (a) : (b))
#define OFFLOAD__MAX(a, b) ((a) > (b) ? (a) : (b))
#define OFFLOAD__ALIGN_UP(x, a) (((x) + ((a)-1)) & ~((__typeof__(x))(a)-1))
/* The largest block of threads a block function (offload_host_block_fn) runs, per dimension and
   in all: the host device's limit. The host kernel compiler (jit/workgroup.inc) tells LLVM that
   block sizes stay below it, so that loops bounded by a thread id have a known most trips and
   unroll, leaving the thread loop innermost. */
#define OFFLOAD__MAX_BLOCK_FUNCTION_SIZE 1024u

/* ---- Checked block functions: the contract between the code the host kernel compiler makes
   with checks (jit/host_checks.inc) and the host device that runs it (backends/host/checks.inc).
   A checked work-group function reads offload_host_block.checks, an offload__check_block: its
   first fields are read by the compiled code (by offsetof), so their order is part of the
   contract: the access check, the divergence report, and a cache of the ranges accesses fell in,
   a slot per access site (an access inside its slot's range needs no call; a shared-memory site's
   slot only ever holds the block's shared memory). */
/* How an access is made: the bits of the check call's `how` (jit/host_checks.inc sets them). */
#define OFFLOAD__CHECK_WRITE 1u  /* a store, the destination of a copy or fill, an atomic */
#define OFFLOAD__CHECK_ATOMIC 2u /* an atomic read-modify-write or compare-exchange */
#define OFFLOAD__CHECK_SHARED 4u /* through an address-space-3 (shared memory) pointer */
#define OFFLOAD__CHECK_OBJECT 8u /* into a global of the module, found outside it when compiled */
/* The bits above these: the access's site number, whose slot of the cache (modulo its size) holds
   the range that site's last access fell in. A site keeps touching the same allocation (x[i],
   then y[i]), so that one slot per site hits where one slot for all would not. */
#define OFFLOAD__CHECK_SITE_SHIFT 8u
/* A thread's exit code after a region of a work-group function, as synccheck is handed them: the
   region it waits to enter, with this bit at a warp barrier, or this when it returned (the
   compiler's OFFLOAD__WG_WARP_EXIT and OFFLOAD__WG_EXITED, which jit/host_checks.inc asserts
   equal). */
#define OFFLOAD__CHECK_EXIT_WARP 0x40000000u
#define OFFLOAD__CHECK_EXIT_RETURNED 0xffffffffu
#define OFFLOAD__CHECK_CACHE_SLOTS 64u

struct offload__check_launch;
struct offload__race_entry;
typedef void (*offload__check_access_fn)(const offload_host_block* block, uint64_t address, uint64_t size, uint32_t how,
                                         uint32_t x, uint32_t y, uint32_t z, const char* site, uint64_t object_base,
                                         uint64_t object_size);
typedef void (*offload__check_barrier_fn)(const offload_host_block* block, uint32_t x, uint32_t y, uint32_t z,
                                          uint32_t warp);
typedef void (*offload__check_diverged_fn)(const offload_host_block* block, const uint32_t* codes, const char* barriers,
                                           uint32_t region_count);

/* A participant's state, which offload_host_block.checks points to. The fields up to `hits` are
   read by checked kernels (jit/host_checks.inc, by offsetof); each [base, end) pair side by side. */
typedef struct offload__check_block {
    offload__check_access_fn access;
    offload__check_diverged_fn diverged;
    offload__check_barrier_fn barrier;
    uint64_t hits[OFFLOAD__CHECK_CACHE_SLOTS][2]; /* per site slot: [base, end) of the range its last
                                                     access fell in; end 0 before the first */
    struct offload__check_launch* launch;
    uintptr_t stack_low, stack_high; /* the participant's stack, where a kernel's own slots live */
    /* racecheck: per thread of the block, the block barriers it passed and the warp barriers since
       (offload__race_when, two words); per byte or word touched, who */
    uint32_t* intervals;
    size_t interval_capacity;
    struct offload__race_entry* race_table;
    size_t race_capacity, race_used;
    jmp_buf stop; /* where a failed check leaves the kernel */
} offload__check_block;


/* =============================================================================================
   2. Internal types
   ============================================================================================= */

typedef struct offload__device offload__device;

/* Direction of a copy, as the backend that executes it sees it. */
typedef enum offload__copy_kind {
    OFFLOAD__COPY_HOST_TO_DEVICE,
    OFFLOAD__COPY_DEVICE_TO_HOST,
    OFFLOAD__COPY_DEVICE_TO_DEVICE
} offload__copy_kind;

/* What a backend tells the generic layer about a kernel when it is looked up. */
typedef struct offload__kernel_props {
    size_t args_size;            /* explicit parameter bytes when the image says, else 0; kernel_get gets the
                         image's symbol table's answer and may replace it */
    uint32_t max_block_size;     /* launch bounds when the image says, else 0 */
    size_t static_shared_memory; /* the kernel's own shared memory per block, when the backend knows */
    int host_entry;              /* set by the generic layer before kernel_get: a host entry
                         (offload_kernel_get_host_entry), only asked of the host backend */
    /* Host: the parameter words that may hold an address, when the parameter layout is known
       (offload_host_symbol's pointer_offsets, which the program owns); NULL: unknown. */
    const uint32_t* pointer_offsets;
    uint32_t pointer_count;
    /* Each parameter's offset and size (offload_kernel_get_param), owned by the program or the
       backend's kernel; NULL: unknown. kernel_get gets the image's symbol table's answer and may
       replace it. */
    const offload_kernel_param* params;
    uint32_t param_count;
} offload__kernel_props;

/* The backend seam. Each backend fills one table; the generic layer
   validates handles and arguments before calling it, so a backend sees only live objects and
   sane sizes. Native objects are opaque `void*` owned by the backend. `queue` NULL means
   synchronous: the call returns when the work is done. Every function returns an
   offload_result and, on failure, has set the error message with offload__error(). */
typedef struct offload__backend_ops {
    /* Called once per device at context teardown, after all its objects were destroyed. */
    void (*device_fini)(offload__device* dev);

    offload_result (*mem_alloc)(offload__device* dev, offload_mem_kind kind, size_t size, void** out);
    offload_result (*mem_free)(offload__device* dev, offload_mem_kind kind, void* ptr);
    /* Device memory for a kernel's RPC malloc, allocated without waiting for running kernels (the
       kernel being served waits for the reply): stream-ordered on CUDA. Freed by mem_free, which
       must not wait for kernels either for such a block. NULL where mem_alloc never waits. */
    offload_result (*mem_alloc_nowait)(offload__device* dev, size_t size, void** out);
    offload_result (*memcpy)(offload__device* dev, void* queue, void* dst, const void* src, size_t size,
                             offload__copy_kind kind);
    /* A copy between two devices of this backend, on dst_dev's queue (NULL: synchronous); NULL
       where memcpy's DEVICE_TO_DEVICE on dst_dev can reach the source. */
    offload_result (*memcpy_peer)(offload__device* dst_dev, void* queue, void* dst, offload__device* src_dev,
                                  const void* src, size_t size);
    /* pattern holds pattern_size (1, 2, 4) bytes in its low bytes; size is in bytes. */
    offload_result (*memfill)(offload__device* dev, void* queue, void* ptr, uint32_t pattern, size_t pattern_size,
                              size_t size);

    offload_result (*queue_create)(offload__device* dev, void** out);
    offload_result (*queue_destroy)(offload__device* dev, void* queue);
    offload_result (*queue_synchronize)(offload__device* dev, void* queue);
    offload_result (*queue_query)(offload__device* dev, void* queue);
    offload_result (*queue_wait_event)(offload__device* dev, void* queue, void* event);
    offload_result (*queue_host_callback)(offload__device* dev, void* queue, offload_host_callback_fn fn,
                                          void* user_data);

    offload_result (*event_create)(offload__device* dev, void** out);
    offload_result (*event_destroy)(offload__device* dev, void* event);
    offload_result (*event_record)(offload__device* dev, void* event, void* queue);
    offload_result (*event_synchronize)(offload__device* dev, void* event);
    offload_result (*event_query)(offload__device* dev, void* event);
    offload_result (*event_elapsed_time)(offload__device* dev, void* start, void* end, float* milliseconds);

    /* image is in `format`, already detected (never LLVM IR: the JIT turned that into PTX, an
       AMDGPU code object, or a host symbol table). The backend copies what it keeps, except a
       host symbol table: image is then the program's offload__symbol_table (image.inc), which
       outlives the backend's program, and size is 0. */
    offload_result (*program_create)(offload__device* dev, offload_image_format format, const void* image, size_t size,
                                     const offload_program_desc* desc, void** out);
    offload_result (*program_destroy)(offload__device* dev, void* program);
    /* A fence behind every launch enqueued on dev so far that may still run: on its queues, and
       synchronous work that outlived its call (a wait that timed out). *out is NULL when none
       can. A destroyed program is unloaded once the fence is passed (offload__program_retire).
       fence_query: OFFLOAD_SUCCESS once passed, OFFLOAD_ERROR_NOT_READY before; another error
       when the work behind it failed (it will not run on either). fence_release frees it. The
       three are NULL where every launch has finished when its call returns. */
    offload_result (*fence_create)(offload__device* dev, void** out);
    offload_result (*fence_query)(offload__device* dev, void* fence);
    void (*fence_release)(offload__device* dev, void* fence);
    /* At teardown, for a program a kernel of which may still run (past a timed-out wait): frees
       what program_destroy frees on the host but leaves the loaded code to the driver, which
       reclaims it with the context or runtime. NULL: the program holds nothing else. */
    void (*program_abandon)(offload__device* dev, void* program);
    offload_result (*kernel_get)(offload__device* dev, void* program, const char* name, void** out,
                                 offload__kernel_props* props);
    /* Frees what kernel_get made (may be NULL when kernels need no freeing); called before the
       kernel's program is destroyed. */
    void (*kernel_release)(offload__device* dev, void* kernel);
    offload_result (*global_get)(offload__device* dev, void* program, const char* name, void** address, size_t* size);
    /* desc is normalised (offload_launch): no dimension is 0 and every size is within the
       device's limits and the kernel's parameters. */
    offload_result (*launch)(offload__device* dev, void* queue, void* kernel, const offload_launch_desc* desc);

    /* Fixed-address virtual memory for record & replay; NULL where the device has none.
       vm_reserve must return exactly `address` or fail (never another address). */
    offload_result (*vm_reserve)(offload__device* dev, uint64_t address, size_t size, void** out);
    offload_result (*vm_release)(offload__device* dev, void* address, size_t size);
    /* Backs [address, address+size) with device memory readable and writable by the device. */
    offload_result (*vm_map)(offload__device* dev, void* address, size_t size, void** handle);
    offload_result (*vm_unmap)(offload__device* dev, void* address, size_t size, void* handle);
    /* Granularity vm_* sizes and addresses must be multiples of. */
    size_t (*vm_granularity)(offload__device* dev);
} offload__backend_ops;

/* What a backend's target is, for the subsystems that make or serve code for it (the JIT, RPC,
   the recorder), which read it and name no backend. Each backend's function returns its own
   (backends/<name>/target.inc, beside its ops table; a value, not a static table, which would
   be writable data until relocated); offload__backend_target_of() asks the right one. */
struct offload__jit_backend;
typedef struct offload__backend_target {
    /* Device memory is this process's memory (the host device): kernels use host pointers, so
       the recorder looks for them in arguments, RPC reads a kernel's strings in place and its
       copies to the device are copies within the device. */
    int memory_is_host;
    /* RPC ports for a device with `units` compute units: units * per_unit + extra, at least
       minimum (callers that find every port taken wait for one: this bounds throughput only). */
    uint32_t rpc_ports_per_unit, rpc_ports_extra, rpc_ports_minimum;
    /* RPC clients are threads of this process (the host device): they wake the server when it
       sleeps and sleep themselves until their reply, instead of being polled and polling. */
    int rpc_clients_block;
    /* Record & replay: where the recording arena goes when the desc does not say; one per
       backend, so that contexts recording on different backends in one process do not collide.
       They lie in the upper half of the 47-bit user address space, below where Linux places
       shared libraries and thread stacks (mmap_base is at least 0x7eff... even with maximal
       address randomisation), above the heap, the ASan shadow and the ASan allocator, and inside
       ThreadSanitizer's application range, 128 GiB apart. */
    uint64_t record_arena_address;
    /* Programs are handed to the backend as the caller gave them, IR included: the backend
       compiles where its device is (a remote device's server), so the JIT here is not asked. */
    int takes_source;
    /* The JIT's part (jit.inc: triple, processor, code generation, device and vendor libraries,
       post-link step, the image it loads); NULL in a build without the JIT. */
    struct offload__jit_backend (*jit)(void);
    /* The device-side RPC client the JIT links into portable modules; NULL without RPC or JIT. */
    const char* rpc_client_ir;
} offload__backend_target;

struct offload__device {
    offload_context* ctx;
    const offload__backend_ops* ops;
    offload_device_info info;
    uint32_t index;           /* position in ctx->devices; offload_device.id is index + 1 */
    void* native;             /* the backend's per-device state */
    uint32_t code_object_max; /* AMDGPU: the newest code object version its runtime loads (5 = v5), which
                                 the JIT emits at most; 0 elsewhere */
    char target_features[32]; /* AMDGPU: the agent's ISA features (":sramecc+:xnack-"), which the JIT
                                 builds for; "" elsewhere */
};

/* Handle pools, as sokol_gfx has them: an id is (generation << 16 | slot index + 1) is wrong for
   large pools, so ids keep the slot in the low OFFLOAD__SLOT_BITS bits and a generation above.
   A destroyed slot's generation moves on, so its old id never matches again. Generation 0 is
   skipped so that id 0 always means "no handle". */
#define OFFLOAD__SLOT_BITS 16
#define OFFLOAD__SLOT_MASK ((1u << OFFLOAD__SLOT_BITS) - 1)
#define OFFLOAD__POOL_MAX_SLOTS OFFLOAD__SLOT_MASK

/* Slots live in chunks that never move once allocated, so that a lookup can read them without
   the context lock (offload__pool_find) while another thread adds to the pool. */
#define OFFLOAD__POOL_CHUNK_BITS 8
#define OFFLOAD__POOL_CHUNK (1u << OFFLOAD__POOL_CHUNK_BITS)
#define OFFLOAD__POOL_CHUNKS ((OFFLOAD__POOL_MAX_SLOTS + OFFLOAD__POOL_CHUNK - 1) / OFFLOAD__POOL_CHUNK)

typedef struct offload__slot {
    _Atomic uint32_t id; /* current id when live; 0 when free */
    uint32_t generation; /* bumped on every free */
    uint32_t next_free;  /* free-list link (slot index + 1, 0 = end) */
    _Atomic(void*) object;
} offload__slot;

typedef struct offload__pool {
    offload__slot* chunks[OFFLOAD__POOL_CHUNKS]; /* each OFFLOAD__POOL_CHUNK slots, allocated as needed */
    uint32_t max_slots;                          /* growth limit (tests shrink it) */
    uint32_t free_head;                          /* slot index + 1 */
    _Atomic uint32_t used;                       /* slots handed out so far (high-water mark); their chunks exist */
} offload__pool;

typedef enum offload__object_kind {
    OFFLOAD__QUEUE,
    OFFLOAD__EVENT,
    OFFLOAD__PROGRAM,
    OFFLOAD__KERNEL,
    OFFLOAD__OBJECT_KIND_COUNT
} offload__object_kind;

/* Queues and events have one shape in the generic layer: a device and the backend's object. */
typedef struct offload__device_object {
    offload__device* dev;
    void* native;
    atomic_int recorded; /* events: recorded once, so they have a time (CUDA's driver says only
                            "invalid handle" for one that never was) */
} offload__device_object;
typedef offload__device_object offload__queue;
typedef offload__device_object offload__event;

struct offload__jit_entry;

typedef struct offload__program {
    offload__device* dev;
    void* native;
    struct offload__jit_entry* jit_entry; /* the JIT cache entry this program holds, if any */
    offload_image_format source_format;   /* as given by the caller */
    offload_image_format loaded_format;   /* as handed to the backend */
    void* image;                          /* copy of the loaded image, kept while recording */
    size_t image_size;
    void* source; /* copy of the IR, kept while recording */
    size_t source_size;
    char* name;
    uint32_t id;
    uint32_t kernel_count;                 /* live kernel handles naming this program */
    int uses_rpc;                          /* set by the RPC layer when the image has its client */
    struct offload__symbol_table* symbols; /* kernels and globals of the loaded image (image.inc) */
    /* Once destroyed while its launches may still run (ctx->retiring): the backend's fence
       behind them, or unfenced when none could be made (it then waits for the teardown, after
       every queue has drained). */
    void* fence;
    int unfenced;
    struct offload__program* next_retiring;
} offload__program;

typedef struct offload__kernel {
    offload__program* program;
    void* native;
    char* name;
    offload__kernel_props props;
} offload__kernel;

/* Per-thread last error. Threads sharing a context each see their own message. */
typedef struct offload__thread_error {
    pthread_t thread;
    offload_result result;
    char message[512];
} offload__thread_error;

/* Status of one backend as offload_backend_get_status reports it. */
typedef struct offload__backend_state {
    offload_backend_status status;
    void* state; /* the backend's own (struct offload__<name>, behind offload__<name>_of); NULL until it loads */
} offload__backend_state;

/* Caching device-memory manager: live allocations in an open-addressing table keyed by the
   pointer the runtime itself returned (never a caller-owned object), and per-size free lists.
   The table is linear probing with backward-shift deletion: a free moves the entries after the
   hole back instead of leaving a tombstone, so no lookup ever walks a chain of freed slots and
   alloc/free cycles never force a rehash. */
typedef struct offload__allocation {
    uintptr_t address; /* 0 = empty slot */
    size_t size;       /* as requested */
    size_t block_size; /* as obtained from the backend (size class for cached blocks) */
    uint32_t device_index;
    offload_mem_kind kind;
    int layer; /* 0, or i + 1: served by layer i (the recording arena), freed there */
} offload__allocation;

#define OFFLOAD__SIZE_CLASSES 24 /* 256 B .. 2 GiB in powers of two */
#define OFFLOAD__MEM_KINDS 3

typedef struct offload__free_block {
    void* address;
    struct offload__free_block* next;
} offload__free_block;

typedef struct offload__memory {
    _Atomic uint32_t lock; /* offload__mem_lock: 1 while held */
    offload__allocation* table;
    size_t table_capacity; /* power of two, or 0 before the first allocation */
    size_t table_live;
    /* free_lists[device][kind][size_class] */
    offload__free_block** free_lists;
    offload__free_block* spare_nodes; /* recycled list nodes */
    size_t cached_bytes;
    size_t max_cached_size;
    int enabled;
} offload__memory;

/* The optional features (record & replay, RPC) are layers over the generic layer: each fills a
   table of hooks (NULL where it has none) and installs it when it turns on, at context creation
   (offload__layer_install); the generic layer calls the installed layers' hooks in this order
   and names no feature. */
typedef enum offload__layer_index {
    OFFLOAD__LAYER_RECORD,
    OFFLOAD__LAYER_RPC,
    OFFLOAD__LAYER_COUNT
} offload__layer_index;

/* The rest of a launch's pipeline after a layer, which the layer's launch hook continues with
   (next->launch(ctx, next, ...)): the later layers that take the launch, then the backend. */
typedef struct offload__launch_next offload__launch_next;
struct offload__launch_next {
    offload_result (*launch)(offload_context* ctx, const offload__launch_next* next, offload__queue* queue,
                             offload__kernel* kernel, const offload_launch_desc* desc);
    int layer; /* the first layer after the one running */
};

typedef struct offload__layer {
    /* Launch (see offload_launch): whether a launch passes through the layer, and the layer
       around the rest of the pipeline. Called only once the layer's launch is on. */
    int (*launches)(offload_context* ctx, const offload__kernel* kernel);
    offload_result (*launch)(offload_context* ctx, offload__queue* queue, offload__kernel* kernel,
                             const offload_launch_desc* desc, const offload__launch_next* next);
    /* Memory: whether the layer serves dev's device and shared allocations itself (the
       recorder's arena), and how; such an allocation is freed by the same layer. */
    int (*owns_memory)(offload_context* ctx, const offload__device* dev);
    offload_result (*mem_alloc)(offload_context* ctx, offload__device* dev, size_t size, void** out);
    offload_result (*mem_free)(offload_context* ctx, offload__device* dev, void* ptr);
    /* Programs: after the backend loaded one (from desc; it got loaded, of loaded_size bytes),
       which fails the creation when it returns an error; before it unloads. */
    offload_result (*program_loaded)(offload_context* ctx, offload__program* program, const offload_program_desc* desc,
                                     const void* loaded, size_t loaded_size);
    void (*program_unloaded)(offload_context* ctx, offload__program* program);
    /* Queues: once a queue has drained (synchronize, destroy); returns the queue's final result. */
    offload_result (*queue_drained)(offload_context* ctx, offload__queue* queue, offload_result result);
} offload__layer;

/* Subsystems own their state behind these pointers; each stays NULL until it is set up. */
struct offload__jit;
struct offload__recorder;
struct offload__rpc;

struct offload_context {
    offload_context_desc desc; /* with defaults filled and strings owned */
    offload__backend_state backends[OFFLOAD_BACKEND_COUNT];

    pthread_mutex_t lock; /* guards the handle pools and the error table */
    int lock_ready;
    int log_to_stderr; /* OFFLOAD_DEBUG set and no log callback: log lines go to stderr */
    offload__pool pools[OFFLOAD__OBJECT_KIND_COUNT];

    offload__thread_error** errors; /* one record per thread, never moved once made */
    uint32_t error_count;
    uint32_t error_capacity;

    offload__program* retiring; /* destroyed programs whose launches may still run (ctx->lock) */

    offload__device* devices;
    uint32_t device_count;
    uint32_t device_capacity;

    offload__memory memory;
    int memory_ready;

    /* The layers installed (bit i: layer[i] is set and stays so), and those whose launch hook is
       on (RPC's turns on with the first program that calls the host). */
    uint32_t layers;
    atomic_uint launch_layers;
    offload__layer layer[OFFLOAD__LAYER_COUNT];

    struct offload__jit* jit;
    struct offload__recorder* recorder;
    struct offload__rpc* rpc;
};

/* Everything above is the contract between the generic layer and the
   backends/subsystems. Services they can call follow. */

/* =============================================================================================
   3. Shared services
   ============================================================================================= */

OFFLOAD__FN void* offload__alloc(offload_context* ctx, size_t size) {
    if (size == 0) size = 1;
    if (ctx && ctx->desc.allocator.alloc) return ctx->desc.allocator.alloc(size, ctx->desc.allocator.user_data);
    return OFFLOAD_MALLOC(size);
}

/* Frees what `allocator` (or, without one, OFFLOAD_MALLOC) gave. */
OFFLOAD__FN void offload__free_with(const offload_allocator* allocator, void* ptr) {
    if (!ptr) return;
    if (allocator && allocator->free) {
        allocator->free(ptr, allocator->user_data);
        return;
    }
    OFFLOAD_FREE(ptr);
}

OFFLOAD__FN void offload__free(offload_context* ctx, void* ptr) {
    offload__free_with(ctx ? &ctx->desc.allocator : NULL, ptr);
}

OFFLOAD__FN void* offload__calloc(offload_context* ctx, size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void* p = offload__alloc(ctx, count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

/* Grows an array of item_size items to hold at least `needed`: doubles `capacity` (from 8), keeps
   the old items and zeroes the new room. Returns the new capacity (the old one when it is
   enough), or 0 when out of memory, the array then unchanged. The allocator has no realloc. */
OFFLOAD__FN size_t offload__grow(offload_context* ctx, void** items, size_t capacity, size_t needed, size_t item_size) {
    if (needed <= capacity) return capacity;
    size_t grown = capacity ? capacity : 8;
    while (grown < needed) {
        if (grown > SIZE_MAX / 2) return 0;
        grown *= 2;
    }
    void* copy = offload__calloc(ctx, grown, item_size);
    if (!copy) return 0;
    if (capacity) memcpy(copy, *items, capacity * item_size);
    offload__free(ctx, *items);
    *items = copy;
    return grown;
}

/* write() until all of data is written, through EINTR. Returns 1, or 0 with errno set (ENOSPC
   when the file takes no more). */
OFFLOAD__FN int offload__write_all(int fd, const void* data, size_t size) {
    const char* p = (const char*)data;
    while (size) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = ENOSPC;
            return 0;
        }
        p += n;
        size -= (size_t)n;
    }
    return 1;
}

#if !defined(OFFLOAD_NO_JIT) || !defined(OFFLOAD_NO_RECORD) /* their files are read whole */
/* Reads the `size` bytes of the regular file open at fd (its size, as fstat says) into a new
   buffer with a NUL after them. On failure `why` says what went wrong and nothing is kept. */
OFFLOAD__FN offload_result offload__read_file(offload_context* ctx, int fd, uint64_t size, void** data, char* why,
                                              size_t capacity) {
    char* p = size < SIZE_MAX ? (char*)offload__alloc(ctx, (size_t)size + 1) : NULL;
    *data = NULL;
    if (!p) {
        snprintf(why, capacity, "out of host memory for %llu bytes", (unsigned long long)size);
        return OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
    }
    for (uint64_t done = 0; done < size;) {
        ssize_t n = read(fd, p + done, (size_t)OFFLOAD__MIN(size - done, (uint64_t)1 << 30));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            snprintf(why, capacity, "read failed: %s", n ? strerror(errno) : "file shrank while reading");
            offload__free(ctx, p);
            return OFFLOAD_ERROR_IO;
        }
        done += (uint64_t)n;
    }
    p[size] = '\0';
    *data = p;
    return OFFLOAD_SUCCESS;
}
#endif

#ifndef OFFLOAD_NO_RECORD /* the program keeps its image for the recording */
OFFLOAD__FN void* offload__memdup(offload_context* ctx, const void* data, size_t size) {
    void* copy = offload__alloc(ctx, size);
    if (copy && size) memcpy(copy, data, size);
    return copy;
}
#endif

OFFLOAD__FN char* offload__strdup(offload_context* ctx, const char* s) {
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char* copy = (char*)offload__alloc(ctx, n);
    if (copy) memcpy(copy, s, n);
    return copy;
}

/* Bounded copy that always terminates dst. */
OFFLOAD__FN void offload__copy_string(char* dst, size_t capacity, const char* src) {
    if (capacity == 0) return;
    size_t n = src ? strlen(src) : 0;
    if (n >= capacity) n = capacity - 1;
    if (n) memcpy(dst, src, n);
    dst[n] = '\0';
}

OFFLOAD__FN uint64_t offload__now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The body of a spin loop: tells the core it is one (and lets a sibling hyper-thread run). */
OFFLOAD__FN void offload__spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#ifndef OFFLOAD_NO_RPC /* the RPC hand-over's waits (rpc.inc) */
/* A full fence: the store-then-load order a Dekker-style hand-over needs (a flag set, then the
   other side's flag read). GCC's ThreadSanitizer does not model fences and warns about them; it
   still sees the atomics on both sides, which its race detection is about. */
OFFLOAD__FN void offload__full_fence(void) {
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wtsan"
#endif
    atomic_thread_fence(memory_order_seq_cst);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
}
#endif

/* Sleeps while *word == expected (checked atomically by the kernel, so a wake-up that changed
   the word first is never lost), at most timeout_ns (0: no bound), or until woken; spurious
   returns happen, so callers re-check their condition. Process-private words only. Returns 0
   when woken or when the word differed, ETIMEDOUT when the bound passed. */
OFFLOAD__FN int offload__futex_wait(_Atomic uint32_t* word, uint32_t expected, uint64_t timeout_ns) {
    struct timespec bound = {(time_t)(timeout_ns / 1000000000ull), (long)(timeout_ns % 1000000000ull)};
    long rc = syscall(SYS_futex, (uint32_t*)word, FUTEX_WAIT_PRIVATE, expected, timeout_ns ? &bound : NULL, NULL, 0);
    return rc == -1 && errno == ETIMEDOUT ? ETIMEDOUT : 0;
}

#ifndef OFFLOAD_NO_RPC
/* Wakes up to `count` threads sleeping in offload__futex_wait on word. */
OFFLOAD__FN void offload__futex_wake(_Atomic uint32_t* word, int count) {
    syscall(SYS_futex, (uint32_t*)word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}
#endif

#ifndef OFFLOAD_NO_JIT /* the JIT cache's key and checksums */
/* A fast 64-bit content hash (wyhash-style mixing of 8-byte words); adequate as a cache key
   together with the size, the target and the options. Not cryptographic. */
OFFLOAD__FN uint64_t offload__hash64(const void* data, size_t size, uint64_t seed) {
    const unsigned char* p = (const unsigned char*)data;
    uint64_t h = seed ^ 0x9e3779b97f4a7c15ull ^ ((uint64_t)size * 0xff51afd7ed558ccdull);
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        __uint128_t m = (__uint128_t)(w ^ 0xa0761d6478bd642full) * (h ^ 0xe7037ed1a0b428dbull);
        h = (uint64_t)m ^ (uint64_t)(m >> 64);
    }
    uint64_t tail = 0;
    memcpy(&tail, p + i, size - i);
    __uint128_t m = (__uint128_t)(tail ^ 0xa0761d6478bd642full) * (h ^ 0x8ebc6af09c88c6e3ull);
    h = (uint64_t)m ^ (uint64_t)(m >> 64);
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}
#endif

OFFLOAD__FN const char* offload__log_level_name(offload_log_level level) {
    switch (level) {
    case OFFLOAD_LOG_ERROR:
        return "ERROR";
    case OFFLOAD_LOG_WARN:
        return "WARN";
    case OFFLOAD_LOG_INFO:
        return "INFO";
    case OFFLOAD_LOG_DEBUG:
        return "DEBUG";
    default:
        return "NONE";
    }
}

/* Hands a log line to the desc's callback or, when the user asked for logging through
   OFFLOAD_DEBUG without installing one, writes it to stderr as one write so that lines from
   several threads do not interleave. */
OFFLOAD__FN void offload__logv(offload_context* ctx, offload_log_level level, const char* fmt, va_list ap) {
    if (!ctx || (!ctx->desc.log && !ctx->log_to_stderr) || level > ctx->desc.log_level || level == OFFLOAD_LOG_NONE)
        return;
    char line[1024];
    vsnprintf(line, sizeof line, fmt, ap);
    if (ctx->desc.log) {
        ctx->desc.log(level, line, ctx->desc.log_user_data);
        return;
    }
    char out[1100];
    int n = snprintf(out, sizeof out, "offload: %s: %s\n", offload__log_level_name(level), line);
    if (n >= (int)sizeof out) {
        n = (int)sizeof out - 1;
        out[n - 1] = '\n';
    }
    if (n > 0 && write(STDERR_FILENO, out, (size_t)n) < 0) return; /* nowhere left to report it */
}

OFFLOAD__FN __attribute__((format(printf, 3, 4))) void offload__log(offload_context* ctx, offload_log_level level,
                                                                    const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    offload__logv(ctx, level, fmt, ap);
    va_end(ap);
}

/* The calling thread's error record in ctx, created on first use; NULL if it cannot be.
   Records are allocated one by one so a message pointer handed out stays valid while the table
   grows. Caller holds ctx->lock. */
OFFLOAD__FN offload__thread_error* offload__thread_error_slot(offload_context* ctx, int create) {
    pthread_t self = pthread_self();
    for (uint32_t i = 0; i < ctx->error_count; i++) {
        if (pthread_equal(ctx->errors[i]->thread, self)) return ctx->errors[i];
    }
    if (!create) return NULL;
    if (ctx->error_count == ctx->error_capacity) {
        /* Threads that exited leave records behind; past a bound, a new thread takes over an
           old record rather than the table growing without limit. */
        if (ctx->error_capacity >= 1024) {
            offload__thread_error* reuse = ctx->errors[(uintptr_t)self % ctx->error_count];
            reuse->thread = self;
            return reuse;
        }
        size_t capacity =
            offload__grow(ctx, (void**)&ctx->errors, ctx->error_capacity, ctx->error_count + 1, sizeof *ctx->errors);
        if (!capacity) return NULL;
        ctx->error_capacity = (uint32_t)capacity;
    }
    offload__thread_error* slot = (offload__thread_error*)offload__calloc(ctx, 1, sizeof *slot);
    if (!slot) return NULL;
    slot->thread = self;
    ctx->errors[ctx->error_count++] = slot;
    return slot;
}

/* The calling thread's last error message ("" when none): offload_context_last_error. */
OFFLOAD__FN const char* offload__last_error(offload_context* ctx) {
    pthread_mutex_lock(&ctx->lock);
    offload__thread_error* slot = offload__thread_error_slot(ctx, 0);
    const char* message = slot ? slot->message : "";
    pthread_mutex_unlock(&ctx->lock);
    return message;
}

/* Records result and a formatted message as this thread's last error and returns result, so
   error paths read `return offload__error(ctx, OFFLOAD_ERROR_..., "...", ...);`. */
OFFLOAD__FN __attribute__((format(printf, 3, 4))) offload_result offload__error(offload_context* ctx,
                                                                                offload_result result, const char* fmt,
                                                                                ...) {
    if (!ctx) return result;
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (ctx->lock_ready) pthread_mutex_lock(&ctx->lock);
    offload__thread_error* slot = offload__thread_error_slot(ctx, 1);
    if (slot) {
        slot->result = result;
        offload__copy_string(slot->message, sizeof slot->message, message);
    }
    if (ctx->lock_ready) pthread_mutex_unlock(&ctx->lock);
    /* A name that is not found is an answer (a caller probing for an optional global), not a
       failure of the library: the caller decides whether it is an error. */
    offload__log(ctx, result == OFFLOAD_ERROR_NOT_FOUND ? OFFLOAD_LOG_DEBUG : OFFLOAD_LOG_ERROR, "%s: %s",
                 offload_result_string(result), message);
    return result;
}

/* Reads an environment variable if the desc allows it. */
OFFLOAD__FN const char* offload__getenv(const offload_context* ctx, const char* name) {
    if (ctx->desc.no_environment) return NULL;
    const char* value = getenv(name);
    return (value && value[0]) ? value : NULL;
}

/* ---- Handle pools ---------------------------------------------------------------------- */

OFFLOAD__FN offload__slot* offload__pool_slot(const offload__pool* pool, uint32_t index) {
    return &pool->chunks[index >> OFFLOAD__POOL_CHUNK_BITS][index & (OFFLOAD__POOL_CHUNK - 1)];
}

OFFLOAD__FN void offload__pool_fini(offload_context* ctx, offload__pool* pool) {
    for (uint32_t c = 0; c < OFFLOAD__POOL_CHUNKS; c++) offload__free(ctx, pool->chunks[c]);
    memset(pool, 0, sizeof *pool);
}

/* Takes a free slot for object; returns its id, or 0 when the pool is exhausted or memory is out.
   Caller holds ctx->lock. The object is stored before the id, each with release, so that a
   lookup without the lock that finds the id finds its object (offload__pool_find). */
OFFLOAD__FN uint32_t offload__pool_add(offload_context* ctx, offload__pool* pool, void* object) {
    uint32_t index;
    if (pool->free_head) {
        index = pool->free_head - 1;
        pool->free_head = offload__pool_slot(pool, index)->next_free;
    } else {
        uint32_t limit = pool->max_slots ? pool->max_slots : OFFLOAD__POOL_MAX_SLOTS;
        if (pool->used >= limit) return 0;
        index = atomic_load_explicit(&pool->used, memory_order_relaxed);
        offload__slot** chunk = &pool->chunks[index >> OFFLOAD__POOL_CHUNK_BITS];
        if (!*chunk && !(*chunk = (offload__slot*)offload__calloc(ctx, OFFLOAD__POOL_CHUNK, sizeof **chunk))) return 0;
        /* Published with `used`: a lookup that reads it sees the chunk. */
        atomic_store_explicit(&pool->used, index + 1, memory_order_release);
    }
    offload__slot* slot = offload__pool_slot(pool, index);
    uint32_t max_generation = UINT32_MAX >> OFFLOAD__SLOT_BITS;
    slot->generation = slot->generation % max_generation + 1; /* 1..max, never 0 */
    slot->next_free = 0;
    atomic_store_explicit(&slot->object, object, memory_order_release);
    atomic_store_explicit(&slot->id, (slot->generation << OFFLOAD__SLOT_BITS) | (index + 1), memory_order_release);
    return atomic_load_explicit(&slot->id, memory_order_relaxed);
}

/* The object behind id, or NULL when id is 0, out of range, destroyed or stale. Safe without
   ctx->lock: chunks never move, and a slot's id is read again after its object, so an object
   that replaced id's (a remove and an add between the two reads) is never returned for it. As
   under the lock, an object that another thread destroys right after is the caller's race. */
OFFLOAD__FN void* offload__pool_find(const offload__pool* pool, uint32_t id) {
    uint32_t index = (id & OFFLOAD__SLOT_MASK);
    if (index == 0 || index > atomic_load_explicit(&pool->used, memory_order_acquire)) return NULL;
    offload__slot* slot = offload__pool_slot(pool, index - 1);
    if (atomic_load_explicit(&slot->id, memory_order_acquire) != id) return NULL;
    void* object = atomic_load_explicit(&slot->object, memory_order_acquire);
    return atomic_load_explicit(&slot->id, memory_order_acquire) == id ? object : NULL;
}

/* Frees id's slot. Caller holds ctx->lock. The id is cleared before the object. */
OFFLOAD__FN void offload__pool_remove(offload__pool* pool, uint32_t id) {
    uint32_t index = (id & OFFLOAD__SLOT_MASK) - 1;
    offload__slot* slot = offload__pool_slot(pool, index);
    OFFLOAD_ASSERT(atomic_load_explicit(&slot->id, memory_order_relaxed) == id);
    atomic_store_explicit(&slot->id, 0, memory_order_release);
    atomic_store_explicit(&slot->object, NULL, memory_order_release);
    slot->next_free = pool->free_head;
    pool->free_head = index + 1;
}

/* Looks a handle up; without the context lock (offload__pool_find): every call that takes a handle
   pays for this, and a lock would cost as much as the rest of a small call. */
OFFLOAD__FN void* offload__lookup(offload_context* ctx, offload__object_kind kind, uint32_t id) {
    return offload__pool_find(&ctx->pools[kind], id);
}

OFFLOAD__FN uint32_t offload__register(offload_context* ctx, offload__object_kind kind, void* object) {
    pthread_mutex_lock(&ctx->lock);
    uint32_t id = offload__pool_add(ctx, &ctx->pools[kind], object);
    pthread_mutex_unlock(&ctx->lock);
    return id;
}

/* Looks a handle up and frees its slot under one lock, so that of two threads destroying the
   same handle one gets the object and the other finds nothing (a lookup, then a separate
   remove, would hand both the object). */
OFFLOAD__FN void* offload__take(offload_context* ctx, offload__object_kind kind, uint32_t id) {
    pthread_mutex_lock(&ctx->lock);
    void* object = offload__pool_find(&ctx->pools[kind], id);
    if (object) offload__pool_remove(&ctx->pools[kind], id);
    pthread_mutex_unlock(&ctx->lock);
    return object;
}

/* The device behind a public handle, or NULL. Devices live as long as the context. */
OFFLOAD__FN offload__device* offload__device_from(offload_context* ctx, offload_device device) {
    if (device.id == 0 || device.id > ctx->device_count) return NULL;
    return &ctx->devices[device.id - 1];
}

/* Appends a device found by a backend. `info` is copied; `native` becomes the device's state. */
OFFLOAD__FN offload_result offload__add_device(offload_context* ctx, const offload__backend_ops* ops,
                                               const offload_device_info* info, void* native) {
    size_t capacity =
        offload__grow(ctx, (void**)&ctx->devices, ctx->device_capacity, ctx->device_count + 1, sizeof *ctx->devices);
    if (!capacity) return offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "device table");
    ctx->device_capacity = (uint32_t)capacity;
    offload__device* dev = &ctx->devices[ctx->device_count];
    dev->ctx = ctx;
    dev->ops = ops;
    dev->info = *info;
    dev->index = ctx->device_count;
    dev->native = native;
    ctx->device_count++;
    ctx->backends[info->backend].status.device_count++;
    return OFFLOAD_SUCCESS;
}

/* Records why a backend is absent (or that it loaded) for offload_backend_get_status. */
OFFLOAD__FN __attribute__((format(printf, 4, 5))) void offload__backend_set_status(offload_context* ctx,
                                                                                   offload_backend backend,
                                                                                   offload_result result,
                                                                                   const char* fmt, ...) {
    offload_backend_status* status = &ctx->backends[backend].status;
    status->result = result;
    status->loaded = (result == OFFLOAD_SUCCESS);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(status->reason, sizeof status->reason, fmt, ap);
    va_end(ap);
    /* An absent backend (no driver, left out) is the normal case on most machines; a driver that
       is there but fails deserves a warning. */
    offload_log_level level =
        result == OFFLOAD_SUCCESS || result == OFFLOAD_ERROR_NO_BACKEND ? OFFLOAD_LOG_INFO : OFFLOAD_LOG_WARN;
    offload__log(ctx, level, "%s backend: %s", offload_backend_name(backend), status->reason);
}

/* Whether the running program is a statically linked executable: no PT_INTERP or no PT_DYNAMIC
   among its program headers (static and static-pie). glibc's dlopen there cannot host a vendor
   driver: libraries using thread-local storage crash on their first call and C++ static
   destructors run at dlclose. */
OFFLOAD__FN int offload__executable_is_static(void) {
    const ElfW(Phdr)* headers = (const ElfW(Phdr)*)getauxval(AT_PHDR);
    unsigned long count = getauxval(AT_PHNUM);
    int interp = 0, dynamic = 0;
    for (unsigned long i = 0; headers && i < count; i++) {
        interp |= headers[i].p_type == PT_INTERP;
        dynamic |= headers[i].p_type == PT_DYNAMIC;
    }
    return headers && !(interp && dynamic);
}

#define OFFLOAD__STATIC_EXECUTABLE_REASON "statically linked executable: the vendor driver cannot be loaded"


#if !defined(OFFLOAD_NO_CUDA) || !defined(OFFLOAD_NO_AMDGPU)
/* dlopen each candidate in turn (RTLD_NOW | RTLD_LOCAL); the first that loads wins. On failure
   `why` holds dlerror() of the last attempt. Returns the handle or NULL. */
OFFLOAD__FN void* offload__dlopen_first(offload_context* ctx, const char* const* candidates, size_t count, char* loaded,
                                        size_t loaded_capacity, char* why, size_t why_capacity) {
    offload__copy_string(why, why_capacity, "no library name given");
    for (size_t i = 0; i < count; i++) {
        if (!candidates[i]) continue;
        offload__copy_string(loaded, loaded_capacity, candidates[i]);
        void* handle = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
        /* dlerror() clears the message it returns: read it exactly once. */
        const char* error = handle ? NULL : dlerror();
        offload__log(ctx, OFFLOAD_LOG_DEBUG, "dlopen(%s): %s", candidates[i], handle ? "loaded" : error);
        if (handle) return handle;
        offload__copy_string(why, why_capacity, error ? error : "dlopen failed");
    }
    return NULL;
}

/* ---- Loading a GPU driver -------------------------------------------------------------------

   The CUDA and AMDGPU backends load the same way, in this order: open the library (the desc's
   path, else the usual names in turn), make the backend's state around it, bind the entry
   points, initialise the driver, add its devices. A backend provides the pieces. Each returns
   OFFLOAD_SUCCESS to go on, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY to fail the context (teardown then
   unloads), or another result to stop, having set the backend's status (which may say "loaded,
   no devices"); a stopped backend is unloaded at once. A library is never dlclosed: vendor
   drivers are not built to be unloaded. */
typedef struct offload__driver_loader {
    offload_backend backend;
    const char* library_path; /* from the desc; NULL: `defaults` in turn */
    const char* defaults[2];
    offload_result (*attach)(offload_context* ctx, void* library);
    const char* (*bind)(offload_context* ctx); /* NULL, or the first required entry point missing */
    offload_result (*init)(offload_context* ctx);
    offload_result (*enumerate)(offload_context* ctx);
    void (*unload)(offload_context* ctx);
} offload__driver_loader;

OFFLOAD__FN offload_result offload__driver_load(offload_context* ctx, const offload__driver_loader* d) {
    offload_backend_status* status = &ctx->backends[d->backend].status;
    const char* const* candidates = d->library_path ? &d->library_path : d->defaults;
    size_t count = d->library_path ? 1 : OFFLOAD__COUNT_OF(d->defaults);
    char why[200];
    void* library =
        offload__dlopen_first(ctx, candidates, count, status->library, sizeof status->library, why, sizeof why);
    if (!library) {
        offload__backend_set_status(ctx, d->backend, OFFLOAD_ERROR_NO_BACKEND, "library not found: %s", why);
        return OFFLOAD_SUCCESS;
    }
    offload_result r = d->attach(ctx, library);
    if (r != OFFLOAD_SUCCESS) return r;
    const char* missing = d->bind(ctx);
    if (missing) {
        offload__backend_set_status(ctx, d->backend, OFFLOAD_ERROR_NO_BACKEND, "missing entry point %s", missing);
        r = OFFLOAD_ERROR_NO_BACKEND;
    }
    if (r == OFFLOAD_SUCCESS) r = d->init(ctx);
    if (r == OFFLOAD_SUCCESS) r = d->enumerate(ctx);
    if (r == OFFLOAD_SUCCESS || r == OFFLOAD_ERROR_OUT_OF_HOST_MEMORY) return r;
    d->unload(ctx);
    return OFFLOAD_SUCCESS;
}
#endif

/* Natural alignment rule shared by every backend's argument handling. */
OFFLOAD__FN size_t offload__align_offset(size_t offset, size_t alignment) {
    return alignment ? (offset + alignment - 1) / alignment * alignment : offset;
}

/* The image detection the public API and the JIT share. */
OFFLOAD__FN int offload__is_elf(const unsigned char* p, size_t size) {
    return size >= 64 && p[0] == 0x7f && p[1] == 'E' && p[2] == 'L' && p[3] == 'F';
}

OFFLOAD__FN uint16_t offload__read_u16(const unsigned char* p) {
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

OFFLOAD__FN uint32_t offload__read_u32(const unsigned char* p) {
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

OFFLOAD__FN uint64_t offload__read_u64(const unsigned char* p) {
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}


/* ---- Results, names, versions -------------------------------------------------------------- */

OFFLOAD_DEF const char* offload_result_string(offload_result result) {
    switch (result) {
#define OFFLOAD__RESULT_CASE(name, value, text)                                                                        \
    case name:                                                                                                         \
        return text;
        OFFLOAD_RESULT_LIST(OFFLOAD__RESULT_CASE)
#undef OFFLOAD__RESULT_CASE
    default:
        return "unknown result code";
    }
}

OFFLOAD_DEF uint32_t offload_version(void) {
    return OFFLOAD_VERSION_MAJOR * 10000u + OFFLOAD_VERSION_MINOR * 100u + OFFLOAD_VERSION_PATCH;
}

OFFLOAD_DEF const char* offload_image_format_name(offload_image_format format) {
    switch (format) {
    case OFFLOAD_IMAGE_HOST_ELF:
        return "host shared object";
    case OFFLOAD_IMAGE_CUBIN:
        return "cubin";
    case OFFLOAD_IMAGE_FATBIN:
        return "fatbin";
    case OFFLOAD_IMAGE_PTX:
        return "PTX";
    case OFFLOAD_IMAGE_AMDGPU_ELF:
        return "AMDGPU code object";
    case OFFLOAD_IMAGE_LLVM_BITCODE:
        return "LLVM bitcode";
    case OFFLOAD_IMAGE_LLVM_IR:
        return "LLVM IR text";
    case OFFLOAD_IMAGE_HOST_TABLE:
        return "host symbol table";
    default:
        return "unknown";
    }
}

/* ---- Layers (see offload__layer) ------------------------------------------------------------ */

#if !defined(OFFLOAD_NO_RECORD) || !defined(OFFLOAD_NO_RPC)
/* Turns an installed layer's launch hook on for the rest of the context's life (again: harmless). */
OFFLOAD__FN void offload__layer_launch_on(offload_context* ctx, int index) {
    atomic_fetch_or_explicit(&ctx->launch_layers, 1u << index, memory_order_release);
}

/* Installs a layer (at context creation, before any other thread can see the context), its
   launch hook on or not yet. */
OFFLOAD__FN void offload__layer_install(offload_context* ctx, int index, offload__layer layer, int launch_on) {
    ctx->layer[index] = layer;
    ctx->layers |= 1u << index;
    if (launch_on) offload__layer_launch_on(ctx, index);
}
#endif

/* A drained queue's final result, after every layer has folded in what it knows. */
OFFLOAD__FN offload_result offload__layers_queue_drained(offload_context* ctx, offload__queue* queue,
                                                         offload_result result) {
    for (int i = 0; i < OFFLOAD__LAYER_COUNT; i++)
        if ((ctx->layers >> i & 1u) && ctx->layer[i].queue_drained)
            result = ctx->layer[i].queue_drained(ctx, queue, result);
    return result;
}

/* ---- Caching memory manager ---------------------------------------------------------------- */

#define OFFLOAD__MIN_BLOCK ((size_t)256)

/* The memory manager's lock guards a few dozen instructions per allocation and free, where a
   pthread mutex's call and checks cost as much as the work: this one is inline, one locked
   instruction (an exchange) to take it and a plain store to give it back. A waiter spins
   briefly; one that still finds it held has a holder that was preempted, and sleeps on the lock
   word so that the holder gets the core: 1 us, doubling up to 1 ms, each sleep ending at once
   when the word is no longer "held". A release wakes no one (that would cost it a second locked
   instruction), so nothing can be lost: a sleeper wakes by its bound and tries again. Nothing
   waits by yielding; nothing blocks while holding the lock except at teardown
   (offload__memory_fini), when no other thread may. */
OFFLOAD__FN void offload__mem_lock_contended(offload__memory* m) {
    uint64_t sleep_ns = 1000;
    unsigned spins = 0;
    do {
        while (atomic_load_explicit(&m->lock, memory_order_relaxed)) {
            if (spins++ < 64) {
                offload__spin_pause();
                continue;
            }
            offload__futex_wait(&m->lock, 1u, sleep_ns);
            if (sleep_ns < 1000000) sleep_ns *= 2;
        }
    } while (atomic_exchange_explicit(&m->lock, 1u, memory_order_acquire));
}

OFFLOAD__FN inline void offload__mem_lock(offload__memory* m) {
    if (atomic_exchange_explicit(&m->lock, 1u, memory_order_acquire)) offload__mem_lock_contended(m);
}

OFFLOAD__FN inline void offload__mem_unlock(offload__memory* m) {
    atomic_store_explicit(&m->lock, 0u, memory_order_release);
}

OFFLOAD__FN size_t offload__mem_slot_of(const offload__memory* m, uintptr_t address) {
    uint64_t h = (uint64_t)address * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 20) & (m->table_capacity - 1);
}

/* Finds the table slot of a live allocation starting at address, or SIZE_MAX. The load stays
   at most half, so an empty slot always ends the probe. */
OFFLOAD__FN size_t offload__mem_find(const offload__memory* m, uintptr_t address) {
    if (!m->table_capacity || address == 0) return SIZE_MAX;
    for (size_t i = offload__mem_slot_of(m, address);; i = (i + 1) & (m->table_capacity - 1)) {
        uintptr_t a = m->table[i].address;
        if (a == address) return i;
        if (a == 0) return SIZE_MAX;
    }
}

OFFLOAD__FN inline void offload__mem_place(offload__memory* m, const offload__allocation* a) {
    size_t i = offload__mem_slot_of(m, a->address);
    while (m->table[i].address) i = (i + 1) & (m->table_capacity - 1);
    m->table[i] = *a;
    m->table_live++;
}

/* Doubles the table (under m->lock). */
OFFLOAD__FN offload_result offload__mem_grow(offload_context* ctx, offload__memory* m) {
    size_t capacity = m->table_capacity ? m->table_capacity * 2 : 64;
    offload__allocation* old = m->table;
    size_t old_capacity = m->table_capacity;
    m->table = (offload__allocation*)offload__calloc(ctx, capacity, sizeof *m->table);
    if (!m->table) {
        m->table = old;
        return OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
    }
    m->table_capacity = capacity;
    m->table_live = 0;
    for (size_t i = 0; i < old_capacity; i++)
        if (old[i].address) offload__mem_place(m, &old[i]);
    offload__free(ctx, old);
    return OFFLOAD_SUCCESS;
}

/* Inserts under m->lock, doubling the table at 50% load. */
OFFLOAD__FN inline offload_result offload__mem_insert(offload_context* ctx, offload__memory* m,
                                                      const offload__allocation* a) {
    if ((m->table_live + 1) * 2 > m->table_capacity) {
        offload_result r = offload__mem_grow(ctx, m);
        if (r != OFFLOAD_SUCCESS) return r;
    }
    offload__mem_place(m, a);
    return OFFLOAD_SUCCESS;
}

/* Empties slot i under m->lock by backward shift: each later entry of the probe run whose home
   slot does not lie after the hole (cyclically, up to the entry) moves into it, and the hole
   moves on, so every remaining entry stays reachable from its home without tombstones. */
OFFLOAD__FN void offload__mem_remove(offload__memory* m, size_t i) {
    size_t mask = m->table_capacity - 1;
    for (size_t j = (i + 1) & mask; m->table[j].address; j = (j + 1) & mask) {
        size_t home = offload__mem_slot_of(m, m->table[j].address);
        if (((j - home) & mask) >= ((j - i) & mask)) {
            m->table[i] = m->table[j];
            i = j;
        }
    }
    m->table[i].address = 0;
    m->table_live--;
}

/* Size class of a cacheable size (blocks of 256 << class bytes), or -1 when too large. */
OFFLOAD__FN int offload__mem_size_class(const offload__memory* m, size_t size) {
    if (!m->enabled || size > m->max_cached_size) return -1;
    if (size <= OFFLOAD__MIN_BLOCK) return 0;
    int c = 64 - __builtin_clzll((unsigned long long)(size - 1)) - 8; /* log2(OFFLOAD__MIN_BLOCK) == 8 */
    return c < OFFLOAD__SIZE_CLASSES ? c : -1;
}

OFFLOAD__FN offload__free_block** offload__mem_free_list(offload__memory* m, uint32_t device_index,
                                                         offload_mem_kind kind, int size_class) {
    size_t i =
        ((size_t)device_index * OFFLOAD__MEM_KINDS + (size_t)(kind - 1)) * OFFLOAD__SIZE_CLASSES + (size_t)size_class;
    return &m->free_lists[i];
}

/* Returns every cached block of one device (or all devices with device_index UINT32_MAX) to the
   backends. Caller holds m->lock. */
OFFLOAD__FN void offload__mem_flush(offload_context* ctx, uint32_t device_index) {
    offload__memory* m = &ctx->memory;
    if (!m->free_lists) return;
    for (uint32_t d = 0; d < ctx->device_count; d++) {
        if (device_index != UINT32_MAX && d != device_index) continue;
        offload__device* dev = &ctx->devices[d];
        for (int k = OFFLOAD_MEM_DEVICE; k <= OFFLOAD_MEM_SHARED; k++) {
            for (int c = 0; c < OFFLOAD__SIZE_CLASSES; c++) {
                offload__free_block** list = offload__mem_free_list(m, d, (offload_mem_kind)k, c);
                while (*list) {
                    offload__free_block* b = *list;
                    *list = b->next;
                    dev->ops->mem_free(dev, (offload_mem_kind)k, b->address);
                    m->cached_bytes -= OFFLOAD__MIN_BLOCK << c;
                    b->next = m->spare_nodes;
                    m->spare_nodes = b;
                }
            }
        }
    }
}

/* Takes one device's cached blocks of one kind under m->lock and frees them after dropping it: a
   driver free may wait for running kernels (cuMemFree), and a kernel's RPC malloc needs the lock.
   Returns the bytes given back. */
OFFLOAD__FN size_t offload__mem_flush_kind_unlocked(offload_context* ctx, offload__device* dev, offload_mem_kind kind) {
    offload__memory* m = &ctx->memory;
    offload__free_block* taken = NULL;
    size_t bytes = 0;
    offload__mem_lock(m);
    for (int c = 0; m->free_lists && c < OFFLOAD__SIZE_CLASSES; c++) {
        offload__free_block** list = offload__mem_free_list(m, dev->index, kind, c);
        while (*list) {
            offload__free_block* b = *list;
            *list = b->next;
            b->next = taken;
            taken = b;
            bytes += OFFLOAD__MIN_BLOCK << c;
        }
    }
    m->cached_bytes -= bytes;
    offload__mem_unlock(m);
    for (offload__free_block* b = taken; b; b = b->next) dev->ops->mem_free(dev, kind, b->address);
    offload__mem_lock(m);
    while (taken) {
        offload__free_block* next = taken->next;
        taken->next = m->spare_nodes;
        m->spare_nodes = taken;
        taken = next;
    }
    offload__mem_unlock(m);
    return bytes;
}

OFFLOAD__FN offload_result offload__memory_init(offload_context* ctx) {
    offload__memory* m = &ctx->memory;
    atomic_init(&m->lock, 0u);
    ctx->memory_ready = 1;
    m->enabled = !ctx->desc.no_memory_cache;
    m->max_cached_size = ctx->desc.memory_cache_max_size ? ctx->desc.memory_cache_max_size : ((size_t)1 << 20);
    size_t lists = (size_t)ctx->device_count * OFFLOAD__MEM_KINDS * OFFLOAD__SIZE_CLASSES;
    m->free_lists = (offload__free_block**)offload__calloc(ctx, lists, sizeof *m->free_lists);
    if (!m->free_lists) return offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "memory manager");
    return OFFLOAD_SUCCESS;
}

/* Releases cached blocks and any allocation the application did not free, before the
   backends go away. */
OFFLOAD__FN void offload__memory_fini(offload_context* ctx) {
    offload__memory* m = &ctx->memory;
    if (!ctx->memory_ready) return;
    offload__mem_lock(m);
    for (size_t i = 0; i < m->table_capacity; i++) {
        offload__allocation* a = &m->table[i];
        if (!a->address) continue;
        offload__device* dev = &ctx->devices[a->device_index];
        if (!a->layer) dev->ops->mem_free(dev, a->kind, (void*)a->address);
    }
    offload__mem_flush(ctx, UINT32_MAX);
    while (m->spare_nodes) {
        offload__free_block* next = m->spare_nodes->next;
        offload__free(ctx, m->spare_nodes);
        m->spare_nodes = next;
    }
    offload__free(ctx, m->free_lists);
    offload__free(ctx, m->table);
    offload__mem_unlock(m);
    memset(m, 0, sizeof *m);
    ctx->memory_ready = 0;
}

/* for_kernel: a kernel's RPC malloc, which that kernel waits for: the backend's mem_alloc_nowait
   where it has one, and no cache flush on out-of-memory (a driver free may wait for the kernel);
   the kernel gets NULL instead. */
OFFLOAD__FN offload_result offload__mem_alloc_cached(offload_context* ctx, offload__device* dev, offload_mem_kind kind,
                                                     size_t size, int for_kernel, void** out) {
    offload__memory* m = &ctx->memory;
    int size_class = offload__mem_size_class(m, size);
    size_t block_size = size_class >= 0 ? (OFFLOAD__MIN_BLOCK << size_class) : size;
    offload__allocation a = {0, size, block_size, dev->index, kind, 0};

    /* A cache hit is one lock: the block leaves its free list and enters the table together. */
    offload__mem_lock(m);
    offload__free_block** list = size_class >= 0 ? offload__mem_free_list(m, dev->index, kind, size_class) : NULL;
    offload__free_block* b = list ? *list : NULL;
    if (b) {
        a.address = (uintptr_t)b->address;
        offload_result r = offload__mem_insert(ctx, m, &a);
        if (r == OFFLOAD_SUCCESS) {
            *list = b->next;
            b->next = m->spare_nodes;
            m->spare_nodes = b;
            m->cached_bytes -= block_size;
        }
        offload__mem_unlock(m);
        if (r != OFFLOAD_SUCCESS) return offload__error(ctx, r, "allocation table"); /* the block stays cached */
        *out = (void*)a.address;
        return OFFLOAD_SUCCESS;
    }
    offload__mem_unlock(m);

    /* A miss: the backend allocates, outside the lock. */
    void* p = NULL;
    int nowait = for_kernel && kind == OFFLOAD_MEM_DEVICE && dev->ops->mem_alloc_nowait;
    offload_result r =
        nowait ? dev->ops->mem_alloc_nowait(dev, block_size, &p) : dev->ops->mem_alloc(dev, kind, block_size, &p);
    if (r == OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY && !for_kernel) {
        /* The cache may hold what the device needs: give it back and try once more. */
        size_t cached = 0;
        for (int k = OFFLOAD_MEM_DEVICE; k <= OFFLOAD_MEM_SHARED; k++)
            cached += offload__mem_flush_kind_unlocked(ctx, dev, (offload_mem_kind)k);
        if (cached) {
            offload__log(ctx, OFFLOAD_LOG_INFO, "out of device memory: flushed %zu cached bytes of %s and retrying",
                         cached, dev->info.name);
            r = dev->ops->mem_alloc(dev, kind, block_size, &p);
        }
    }
    if (r != OFFLOAD_SUCCESS) return r;
    a.address = (uintptr_t)p;

    offload__mem_lock(m);
    r = offload__mem_insert(ctx, m, &a);
    offload__mem_unlock(m);
    if (r != OFFLOAD_SUCCESS) {
        dev->ops->mem_free(dev, kind, (void*)a.address);
        return offload__error(ctx, r, "allocation table");
    }
    *out = (void*)a.address;
    return OFFLOAD_SUCCESS;
}

/* Frees an allocation: back to its size class's cache, to the layer that served it, or to the
   backend (offload_mem_free). */
OFFLOAD__FN offload_result offload__mem_free(offload_context* ctx, void* ptr) {
    if (!ptr) return OFFLOAD_SUCCESS;
    offload__memory* m = &ctx->memory;
    offload__mem_lock(m);
    size_t i = offload__mem_find(m, (uintptr_t)ptr);
    if (i == SIZE_MAX) {
        offload__mem_unlock(m);
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
                              "%p was not returned by offload_mem_alloc, or was already freed", ptr);
    }
    offload__allocation a = m->table[i];
    offload__mem_remove(m, i);
    offload__device* dev = &ctx->devices[a.device_index];
    int size_class = a.layer ? -1 : offload__mem_size_class(m, a.size);
    if (size_class >= 0 && (OFFLOAD__MIN_BLOCK << size_class) == a.block_size) {
        offload__free_block* b = m->spare_nodes;
        if (b)
            m->spare_nodes = b->next;
        else
            b = (offload__free_block*)offload__alloc(ctx, sizeof *b);
        if (b) {
            offload__free_block** list = offload__mem_free_list(m, a.device_index, a.kind, size_class);
            b->address = ptr;
            b->next = *list;
            *list = b;
            m->cached_bytes += a.block_size;
            offload__mem_unlock(m);
            return OFFLOAD_SUCCESS;
        }
    }
    offload__mem_unlock(m);
    if (a.layer) return ctx->layer[a.layer - 1].mem_free(ctx, dev, ptr);
    return dev->ops->mem_free(dev, a.kind, ptr);
}

/* The allocation holding ptr (offload_mem_get_info). */
OFFLOAD__FN offload_result offload__mem_info(offload_context* ctx, const void* ptr, offload_mem_info* out) {
    offload__memory* m = &ctx->memory;
    uintptr_t p = (uintptr_t)ptr;
    offload__mem_lock(m);
    size_t i = offload__mem_find(m, p);
    if (i == SIZE_MAX) {
        /* Not a base address: a pointer inside an allocation needs a scan. */
        for (size_t j = 0; j < m->table_capacity; j++) {
            const offload__allocation* a = &m->table[j];
            if (a->address && p >= a->address && p - a->address < a->size) {
                i = j;
                break;
            }
        }
    }
    if (i != SIZE_MAX) {
        const offload__allocation* a = &m->table[i];
        out->device.id = a->device_index + 1;
        out->kind = a->kind;
        out->base = (void*)a->address;
        out->size = a->size;
    }
    offload__mem_unlock(m);
    if (i == SIZE_MAX)
        return offload__error(ctx, OFFLOAD_ERROR_NOT_FOUND, "%p is not in any allocation of this context", ptr);
    return OFFLOAD_SUCCESS;
}

/* =============================================================================================
   4. Backends and subsystems

   What each one provides to the generic layer (defined in its .inc file):

   image.inc            offload__program_read(): validates an image against its size before the
                        JIT or a backend sees it and builds the program's symbol table.
   jit.inc              offload__jit_acquire(): IR in, a referenced cache entry out, with the
                        image to hand to the backend; offload__jit_release(); offload__jit_fini().
   rr.inc               record & replay: offload__recorder_init/fini (rr/record.inc; init
                        installs the recorder's layer when recording starts) and the recording
                        format (rr/format.inc). Replay (rr/replay.inc, public) drives programs
                        through the public API and is included after it, at the end.
   rpc.inc              offload__rpc_init (installs RPC's layer), offload__rpc_fini.
   backends/backends.inc
                        every backend (backends/<name>.inc with its folder backends/<name>/),
                        after the subsystems whose parts their target facts name, and the table
                        OFFLOAD__BACKENDS. Each gives offload__<name>_load(ctx) and _unload(ctx)
                        (NULL where the build leaves it out): the host's adds the host device
                        (always succeeds unless out of memory); a driver backend hands its pieces
                        (attach, bind, init, enumerate) to offload__driver_load, which loads the
                        driver, adds devices with offload__add_device() and sets the backend
                        status either way. A load that fails leaves the backend unloaded and
                        returns OFFLOAD_SUCCESS (a missing driver is a status, not an error); only
                        host out-of-memory is an error. unload must work after any partial load.
                        And offload__<name>_target: what the backend's target is for the JIT, RPC
                        and the recorder (offload__backend_target, backends/<name>/target.inc).
   The subsystems call only the services of section 3 and each other, never the public API.
   Without record & replay (OFFLOAD_NO_RECORD) or RPC (OFFLOAD_NO_RPC) their init and fini below
   are macros, so such a build carries none of their code or threads.
   ============================================================================================= */

/* The target facts of backend, all zero for a number that names none. */
OFFLOAD__FN offload__backend_target offload__backend_target_of(offload_backend backend);
#ifndef OFFLOAD_NO_RECORD
/* The backend named name (offload_backend_name), or -1. */
OFFLOAD__FN int offload__backend_from_name(const char* name);
#endif

#ifndef OFFLOAD_NO_JIT
/* Compiles (or finds in the cache) the IR image for dev. On success *entry holds one reference
   and *format, *image and *image_size describe what to load: OFFLOAD_IMAGE_PTX (NUL-terminated, size
   includes the NUL) for CUDA, OFFLOAD_IMAGE_AMDGPU_ELF for AMDGPU, and for the host
   OFFLOAD_IMAGE_HOST_TABLE with image = an offload_host_symbol array and image_size = its size in
   bytes. The image stays valid while the reference is held. */
OFFLOAD__FN offload_result offload__jit_acquire(offload_context* ctx, offload__device* dev, const void* ir,
                                                size_t ir_size, struct offload__jit_entry** entry,
                                                offload_image_format* format, const void** image, size_t* image_size);
OFFLOAD__FN void offload__jit_release(offload_context* ctx, struct offload__jit_entry* entry);
OFFLOAD__FN void offload__jit_fini(offload_context* ctx);
OFFLOAD__FN offload_result offload__jit_get_stats(offload_context* ctx, offload_jit_stats* out);
OFFLOAD__FN offload_result offload__jit_get_info(offload_context* ctx, offload_jit_info* out);
#endif

#ifndef OFFLOAD_NO_RECORD
/* Record & replay. ctx->recorder is NULL unless recording was asked for; when it starts, the
   recorder installs its layer (allocations from the arena, the image copied for the
   recording, launches captured). */
OFFLOAD__FN offload_result offload__recorder_init(offload_context* ctx);
OFFLOAD__FN void offload__recorder_fini(offload_context* ctx);
#else
#define OFFLOAD__NO_RECORD_MESSAGE "this build leaves record & replay out (OFFLOAD_NO_RECORD)"
/* ctx->recorder stays NULL. A context asked to record comes up without recording, as when the
   recording cannot start, with the reason as the creating thread's last error and in the log. */
#define offload__recorder_init(ctx)                                                                                    \
    ((ctx)->desc.record.dir                                                                                            \
         ? ((void)offload__error((ctx), OFFLOAD_ERROR_UNSUPPORTED, OFFLOAD__NO_RECORD_MESSAGE "; recording is off"),   \
            OFFLOAD_SUCCESS)                                                                                           \
         : OFFLOAD_SUCCESS)
#define offload__recorder_fini(ctx) ((void)(ctx))
#endif

#ifndef OFFLOAD_NO_RPC
/* RPC. init installs its layer (programs that define the client, launches of them, queues that
   drained after such launches); ctx->rpc is NULL until a program that uses RPC is loaded. */
OFFLOAD__FN void offload__rpc_init(offload_context* ctx);
OFFLOAD__FN void offload__rpc_fini(offload_context* ctx);
#else
#define OFFLOAD__NO_RPC_MESSAGE "this build leaves device-to-host calls out (OFFLOAD_NO_RPC)"
/* ctx->rpc stays NULL and no program is marked uses_rpc. A program that defines the client
   global would wait for a server that never answers: it is refused at load. */
#define offload__rpc_refuse_client(ctx, program)                                                                       \
    (offload__symbol_table_find((program)->symbols, "offload_rpc_client", OFFLOAD__SYMBOL_GLOBAL)                      \
         ? offload__error((ctx), OFFLOAD_ERROR_UNSUPPORTED,                                                            \
                          "the program defines offload_rpc_client (it calls the host), but " OFFLOAD__NO_RPC_MESSAGE)  \
         : OFFLOAD_SUCCESS)
#define offload__rpc_init(ctx) ((void)(ctx))
#define offload__rpc_fini(ctx) ((void)(ctx))
#endif


#include "image.inc"
#ifndef OFFLOAD_NO_JIT
#include "jit.inc"
#endif
#ifndef OFFLOAD_NO_RECORD
#include "rr.inc"
#endif
#ifndef OFFLOAD_NO_RPC
#include "rpc.inc"
#endif
/* Every backend's code and the backend table (OFFLOAD__BACKENDS), after the subsystems whose
   parts their target facts name. */
#include "backends/backends.inc"

OFFLOAD_DEF const char* offload_backend_name(offload_backend backend) {
    switch (backend) {
#define OFFLOAD__BACKEND_NAME(id, name, driver, load, unload, target)                                                  \
    case id:                                                                                                           \
        return name;
        OFFLOAD__BACKENDS(OFFLOAD__BACKEND_NAME)
#undef OFFLOAD__BACKEND_NAME
    default:
        return "unknown";
    }
}


/* The backend table's lookups, which the subsystems use. */
#ifndef OFFLOAD_NO_RECORD /* only the recording reader asks */
OFFLOAD__FN int offload__backend_from_name(const char* name) {
#define OFFLOAD__BACKEND_NAMED(id, backend_name, driver, load, unload, target)                                         \
    if (!strcmp(name, backend_name)) return id;
    OFFLOAD__BACKENDS(OFFLOAD__BACKEND_NAMED)
#undef OFFLOAD__BACKEND_NAMED
    return -1;
}
#endif

OFFLOAD__FN offload__backend_target offload__backend_target_of(offload_backend backend) {
    switch (backend) {
#define OFFLOAD__BACKEND_TARGET(id, name, driver, load, unload, target)                                                \
    case id:                                                                                                           \
        return target();
        OFFLOAD__BACKENDS(OFFLOAD__BACKEND_TARGET)
#undef OFFLOAD__BACKEND_TARGET
    default:
        break;
    }
    offload__backend_target none;
    memset(&none, 0, sizeof none);
    return none;
}

/* =============================================================================================
   5. Generic layer: the public API
   ============================================================================================= */

/* ---- Images and memory ------------------------------------------------------------------- */

OFFLOAD_DEF offload_image_format offload_image_detect(const void* image, size_t size) {
    return offload__image_detect((const unsigned char*)image, size);
}

OFFLOAD_DEF offload_result offload_mem_alloc(offload_context* ctx, offload_device device, offload_mem_kind kind,
                                             size_t size, void** out) {
    if (!ctx || !out) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and out must not be NULL");
    *out = NULL;
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid device handle %u", device.id);
    if (kind < OFFLOAD_MEM_DEVICE || kind > OFFLOAD_MEM_SHARED)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "unknown memory kind %d", (int)kind);
    if (size == 0) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "size must be greater than zero");
    /* Only device-local memory is bounded by the device's size: pinned host memory is bounded by the
       host's, and managed memory may oversubscribe the device (the driver migrates it). */
    if (kind == OFFLOAD_MEM_DEVICE && size > dev->info.memory_bytes && dev->info.memory_bytes)
        return offload__error(ctx, OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY, "%zu bytes exceed the device's %llu", size,
                              (unsigned long long)dev->info.memory_bytes);
    if (kind == OFFLOAD_MEM_SHARED && !dev->info.supports_shared_memory)
        return offload__error(ctx, OFFLOAD_ERROR_UNSUPPORTED, "%s has no shared (managed) memory", dev->info.name);
    /* ctx->layers first: with no layer installed, an allocation goes straight to the cache. */
    for (int i = 0; ctx->layers && i < OFFLOAD__LAYER_COUNT && kind != OFFLOAD_MEM_HOST; i++) {
        const offload__layer* layer = &ctx->layer[i];
        if (!(ctx->layers >> i & 1u) || !layer->owns_memory || !layer->owns_memory(ctx, dev)) continue;
        void* p = NULL;
        offload_result r = layer->mem_alloc(ctx, dev, size, &p);
        if (r != OFFLOAD_SUCCESS) return r;
        offload__allocation a = {(uintptr_t)p, size, size, dev->index, kind, i + 1};
        offload__mem_lock(&ctx->memory);
        r = offload__mem_insert(ctx, &ctx->memory, &a);
        offload__mem_unlock(&ctx->memory);
        if (r != OFFLOAD_SUCCESS) {
            layer->mem_free(ctx, dev, p);
            return offload__error(ctx, r, "allocation table");
        }
        *out = p;
        return OFFLOAD_SUCCESS;
    }
    return offload__mem_alloc_cached(ctx, dev, kind, size, 0, out);
}

OFFLOAD_DEF offload_result offload_mem_free(offload_context* ctx, void* ptr) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    return offload__mem_free(ctx, ptr);
}

OFFLOAD_DEF offload_result offload_mem_get_info(offload_context* ctx, const void* ptr, offload_mem_info* out) {
    if (!ctx || !ptr || !out)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx, ptr and out must not be NULL");
    return offload__mem_info(ctx, ptr, out);
}

/* ---- Context ------------------------------------------------------------------------------- */

/* Every string field of the desc, so one loop can copy them in and free them again. */
#define OFFLOAD__DESC_STRINGS(X)                                                                                       \
    X(cuda_library_path, "OFFLOAD_CUDA_LIBRARY")                                                                       \
    X(hsa_library_path, "OFFLOAD_HSA_LIBRARY")                                                                         \
    X(jit.cache_dir, "OFFLOAD_JIT_CACHE_DIR")                                                                          \
    X(jit.ld_lld_path, "OFFLOAD_JIT_LLD")                                                                              \
    X(jit.dump_dir, "OFFLOAD_JIT_DUMP_DIR")                                                                            \
    X(jit.replacement_ir_path, "OFFLOAD_JIT_REPLACEMENT_MODULE")                                                       \
    X(jit.compiler_path, "OFFLOAD_JIT_COMPILER")                                                                       \
    X(jit.libdevice_path, "OFFLOAD_JIT_LIBDEVICE")                                                                     \
    X(jit.rocm_device_libs, "OFFLOAD_JIT_ROCM_DEVICE_LIBS")                                                            \
    X(jit.llvm_library_path, "OFFLOAD_JIT_LLVM_LIBRARY")                                                               \
    X(record.dir, "OFFLOAD_RECORD_DIR")                                                                                \
    X(record.kernel_pattern, "OFFLOAD_RECORD_KERNELS")                                                                 \
    X(remote.mpi_library_path, "OFFLOAD_REMOTE_MPI_LIBRARY")

/* An unsigned number from the environment, with an optional K/M/G suffix, at most `max`. A value
   that is malformed (sign, garbage, overflow) or too large is ignored with a warning, keeping
   `fallback`. */
OFFLOAD__FN uint64_t offload__env_u64(offload_context* ctx, const char* name, uint64_t fallback, uint64_t max) {
    const char* v = offload__getenv(ctx, name);
    if (!v) return fallback;
    char* end = NULL;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 0);
    int shift = 0;
    switch (end && end != v ? *end : '?') {
    case 'k':
    case 'K':
        shift = 10;
        end++;
        break;
    case 'm':
    case 'M':
        shift = 20;
        end++;
        break;
    case 'g':
    case 'G':
        shift = 30;
        end++;
        break;
    default:
        break;
    }
    int valid = !errno && end != v && *end == '\0' && strchr(v, '-') == NULL && x <= (max >> shift);
    if (!valid) {
        offload__log(ctx, OFFLOAD_LOG_WARN, "ignoring %s=%s: expected a number up to %llu", name, v,
                     (unsigned long long)max);
        return fallback;
    }
    return (uint64_t)x << shift;
}

/* The host checks, by the names compute-sanitizer gives its tools, in bit order
   (offload_host_check). */
static const char offload__host_check_names[][10] = {"memcheck", "racecheck", "synccheck", "initcheck"};
#define OFFLOAD__HOST_CHECKS_IMPLEMENTED                                                                               \
    (OFFLOAD_HOST_CHECK_MEMCHECK | OFFLOAD_HOST_CHECK_RACECHECK | OFFLOAD_HOST_CHECK_SYNCCHECK)

/* Adds the checks a comma-separated list names (OFFLOAD_HOST_CHECK) to *mask; an unknown name is
   an error, as is a check not implemented (offload__host_checks_validate), never ignored. */
OFFLOAD__FN offload_result offload__host_checks_parse(offload_context* ctx, const char* list, uint32_t* mask) {
    for (const char* p = list; *p;) {
        size_t n = strcspn(p, ", ");
        size_t i = 0;
        while (i < OFFLOAD__COUNT_OF(offload__host_check_names) &&
               (n != strlen(offload__host_check_names[i]) || memcmp(p, offload__host_check_names[i], n) != 0))
            i++;
        if (n && i == OFFLOAD__COUNT_OF(offload__host_check_names)) {
            offload__log(ctx, OFFLOAD_LOG_ERROR,
                         "OFFLOAD_HOST_CHECK=%s: unknown check '%.*s' (memcheck, racecheck, synccheck, initcheck)",
                         list, (int)n, p);
            return OFFLOAD_ERROR_INVALID_ARGUMENT;
        }
        if (n) *mask |= 1u << i;
        p += n;
        p += strspn(p, ", ");
    }
    return OFFLOAD_SUCCESS;
}

OFFLOAD__FN offload_result offload__host_checks_validate(offload_context* ctx, uint32_t mask) {
    for (size_t i = 0; i < 32; i++) {
        if (!(mask >> i & 1u) || (OFFLOAD__HOST_CHECKS_IMPLEMENTED >> i & 1u)) continue;
        if (i < OFFLOAD__COUNT_OF(offload__host_check_names))
            offload__log(ctx, OFFLOAD_LOG_ERROR,
                         "host check '%s' is not implemented (implemented: memcheck, racecheck, synccheck)",
                         offload__host_check_names[i]);
        else
            offload__log(ctx, OFFLOAD_LOG_ERROR, "desc.host_checks bit %zu names no check", i);
        return i < OFFLOAD__COUNT_OF(offload__host_check_names) ? OFFLOAD_ERROR_UNSUPPORTED
                                                                : OFFLOAD_ERROR_INVALID_ARGUMENT;
    }
    return OFFLOAD_SUCCESS;
}

/* Fills defaults and, when allowed, environment overrides into ctx->desc (read once, here). The
   string fields are then copied so the caller's desc need not outlive the call. */
OFFLOAD__FN offload_result offload__desc_init(offload_context* ctx, const offload_context_desc* user) {
    if (user) ctx->desc = *user;
    offload_context_desc* d = &ctx->desc;
    /* Strings: env (if allowed) replaces the desc's value; then every string is copied. */
#define OFFLOAD__DESC_ENV(field, env)                                                                                  \
    if (offload__getenv(ctx, env)) d->field = offload__getenv(ctx, env);
    OFFLOAD__DESC_STRINGS(OFFLOAD__DESC_ENV)
#undef OFFLOAD__DESC_ENV
    /* OFFLOAD_DEBUG is the user asking to see the log: without a callback it goes to stderr.
       Decided first, so warnings about the other variables below are visible too. */
    ctx->log_to_stderr = !d->log && offload__getenv(ctx, "OFFLOAD_DEBUG") != NULL;
    if (ctx->log_to_stderr) d->log_level = OFFLOAD_LOG_WARN;
    d->log_level = (offload_log_level)offload__env_u64(ctx, "OFFLOAD_DEBUG", d->log_level, OFFLOAD_LOG_DEBUG);
    d->host_threads = (uint32_t)offload__env_u64(ctx, "OFFLOAD_HOST_THREADS", d->host_threads, 1024);
    d->rpc.output_size = (uint32_t)offload__env_u64(ctx, "OFFLOAD_RPC_OUTPUT_SIZE", d->rpc.output_size, UINT32_MAX);
    d->wait_timeout_ms = (uint32_t)offload__env_u64(ctx, "OFFLOAD_WAIT_TIMEOUT_MS", d->wait_timeout_ms, UINT32_MAX);
    if (d->wait_timeout_ms == 0) d->wait_timeout_ms = UINT32_MAX; /* no bound (offload.h) */
    d->amdgpu_stack_size =
        (uint32_t)offload__env_u64(ctx, "OFFLOAD_AMDGPU_STACK_SIZE", d->amdgpu_stack_size, UINT32_MAX);
    if (d->amdgpu_stack_size == 0) d->amdgpu_stack_size = 16384;
    const char* cache = offload__getenv(ctx, "OFFLOAD_MEMORY_CACHE");
    if (cache) d->no_memory_cache = strcmp(cache, "0") == 0;
    const char* opt = offload__getenv(ctx, "OFFLOAD_JIT_OPT_LEVEL");
    if (opt && opt[0] >= '0' && opt[0] <= '3' && !opt[1]) d->jit.opt_level = (offload_jit_opt_level)(opt[0] - '0' + 1);
    const char* isolation = offload__getenv(ctx, "OFFLOAD_JIT_ISOLATION");
    if (isolation && strcmp(isolation, "none") == 0) d->jit.isolation = OFFLOAD_JIT_ISOLATION_NONE;
    if (isolation && strcmp(isolation, "process") == 0) d->jit.isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    const char* start_server = offload__getenv(ctx, "OFFLOAD_JIT_START_SERVER");
    if (start_server) d->jit.start_compile_server = strcmp(start_server, "0") != 0;
    const char* fast_math = offload__getenv(ctx, "OFFLOAD_JIT_FAST_MATH");
    if (fast_math) d->jit.fast_math = strcmp(fast_math, "0") != 0;
    d->record.arena_size = offload__env_u64(ctx, "OFFLOAD_RECORD_ARENA_SIZE", d->record.arena_size, UINT64_MAX);
    const char* save = offload__getenv(ctx, "OFFLOAD_RECORD_OUTPUT");
    if (save) d->record.save_output = strcmp(save, "0") != 0;
    d->record.max_per_kernel =
        (uint32_t)offload__env_u64(ctx, "OFFLOAD_RECORD_MAX_PER_KERNEL", d->record.max_per_kernel, UINT32_MAX);
    const char* remote = offload__getenv(ctx, "OFFLOAD_REMOTE");
    if (remote) d->remote.enable = strcmp(remote, "0") != 0;
    d->remote.timeout_ms =
        (uint32_t)offload__env_u64(ctx, "OFFLOAD_REMOTE_TIMEOUT_MS", d->remote.timeout_ms, UINT32_MAX);
    if (d->remote.timeout_ms == 0) d->remote.timeout_ms = 60000;
    if (d->backends == 0) d->backends = ~0u;
    d->backends |= OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    const char* checks = offload__getenv(ctx, "OFFLOAD_HOST_CHECK");
    offload_result checked = checks ? offload__host_checks_parse(ctx, checks, &d->host_checks) : OFFLOAD_SUCCESS;
    if (checked == OFFLOAD_SUCCESS) checked = offload__host_checks_validate(ctx, d->host_checks);

    /* Each field ends up NULL or owned, even when a copy fails, so offload__desc_fini can free
       them all. */
    int out_of_memory = 0;
#define OFFLOAD__DESC_COPY(field, env)                                                                                 \
    {                                                                                                                  \
        const char* source = d->field;                                                                                 \
        d->field = source ? offload__strdup(ctx, source) : NULL;                                                       \
        if (source && !d->field) out_of_memory = 1;                                                                    \
    }
    OFFLOAD__DESC_STRINGS(OFFLOAD__DESC_COPY)
#undef OFFLOAD__DESC_COPY
    if (checked != OFFLOAD_SUCCESS) return checked;
    return out_of_memory ? OFFLOAD_ERROR_OUT_OF_HOST_MEMORY : OFFLOAD_SUCCESS;
}

OFFLOAD__FN void offload__desc_fini(offload_context* ctx) {
#define OFFLOAD__DESC_FREE(field, env) offload__free(ctx, (void*)ctx->desc.field);
    OFFLOAD__DESC_STRINGS(OFFLOAD__DESC_FREE)
#undef OFFLOAD__DESC_FREE
}

OFFLOAD__FN void offload__program_retire(offload_context* ctx, offload__program* prog);
OFFLOAD__FN void offload__programs_sweep(offload_context* ctx, int teardown);

typedef offload_result (*offload__backend_load_fn)(offload_context* ctx);
typedef void (*offload__backend_unload_fn)(offload_context* ctx);

/* Destroys the backend's queue or event. */
OFFLOAD__FN offload_result offload__device_object_release(offload_context* ctx, offload__object_kind kind,
                                                          offload__device_object* o) {
    (void)ctx;
    return kind == OFFLOAD__QUEUE ? o->dev->ops->queue_destroy(o->dev, o->native)
                                  : o->dev->ops->event_destroy(o->dev, o->native);
}

/* Tears down whatever exists, in the order the backends need: queued work and programs first,
   then record & replay and RPC, then memory, then devices, then the libraries. Safe after any
   partial create. */
OFFLOAD__FN void offload__context_teardown(offload_context* ctx) {
    if (ctx->lock_ready) {
        /* Other threads' calls have ended before a destroy, but their end may be ordered by means
           a race detector does not see (libomp's own waits, for the OpenMP plugin's destroy at
           exit): taking the lock that guarded their last changes orders the teardown after them. */
        pthread_mutex_lock(&ctx->lock);
        pthread_mutex_unlock(&ctx->lock);
        for (int kind = OFFLOAD__QUEUE; kind <= OFFLOAD__EVENT; kind++) {
            offload__pool* pool = &ctx->pools[kind];
            for (uint32_t i = 0; i < pool->used; i++) {
                offload__device_object* o = (offload__device_object*)offload__pool_slot(pool, i)->object;
                if (!o) continue;
                offload__device_object_release(ctx, (offload__object_kind)kind, o);
                offload__free(ctx, o);
            }
        }
        offload__pool* programs = &ctx->pools[OFFLOAD__PROGRAM];
        for (uint32_t i = 0; i < programs->used; i++) {
            offload__program* p = (offload__program*)offload__pool_slot(programs, i)->object;
            if (p) offload__program_retire(ctx, p);
        }
        offload__programs_sweep(ctx, 1);
    }
#ifndef OFFLOAD_NO_JIT
    offload__jit_fini(ctx);
#endif
    offload__recorder_fini(ctx);
    offload__rpc_fini(ctx);
    offload__memory_fini(ctx);
    for (uint32_t i = 0; i < ctx->device_count; i++) ctx->devices[i].ops->device_fini(&ctx->devices[i]);
    offload__backend_unload_fn unloaders[] = {
#define OFFLOAD__BACKEND_UNLOADER(id, name, driver, load, unload, target) unload,
        OFFLOAD__BACKENDS(OFFLOAD__BACKEND_UNLOADER)
#undef OFFLOAD__BACKEND_UNLOADER
    };
    for (size_t i = OFFLOAD__COUNT_OF(unloaders); i-- > 0;)
        if (unloaders[i]) unloaders[i](ctx);
    offload__free(ctx, ctx->devices);
    for (int k = 0; k < OFFLOAD__OBJECT_KIND_COUNT; k++) offload__pool_fini(ctx, &ctx->pools[k]);
    for (uint32_t i = 0; i < ctx->error_count; i++) offload__free(ctx, ctx->errors[i]);
    offload__free(ctx, ctx->errors);
    if (ctx->lock_ready) pthread_mutex_destroy(&ctx->lock);
    offload__desc_fini(ctx);
}

/* Frees the context struct itself with the allocator it was made with. */
OFFLOAD__FN void offload__context_free(offload_context* ctx) {
    offload_allocator allocator = ctx->desc.allocator;
    if (allocator.free)
        allocator.free(ctx, allocator.user_data);
    else
        OFFLOAD_FREE(ctx);
}

/* Loads one backend of OFFLOAD__BACKENDS, or says why it is absent. A missing or broken driver
   is only a status; the one failure that fails the context is running out of host memory. */
OFFLOAD__FN offload_result offload__backend_load(offload_context* ctx, offload_backend backend, int needs_driver,
                                                 offload__backend_load_fn load, int is_static) {
    const char* reason = !(ctx->desc.backends & OFFLOAD_BACKEND_BIT(backend)) ? "disabled in the desc"
                         : !load                                              ? "not compiled in"
                         : needs_driver && is_static                          ? OFFLOAD__STATIC_EXECUTABLE_REASON
                                                                              : NULL;
    if (!reason) return load(ctx);
    offload__backend_set_status(ctx, backend, OFFLOAD_ERROR_NO_BACKEND, "%s", reason);
    return OFFLOAD_SUCCESS;
}

OFFLOAD__FN offload_result offload__load_backends(offload_context* ctx) {
    int is_static = offload__executable_is_static();
    offload_result r = OFFLOAD_SUCCESS;
#define OFFLOAD__BACKEND_LOAD(id, name, driver, load, unload, target)                                                  \
    if (r == OFFLOAD_SUCCESS) r = offload__backend_load(ctx, id, driver, load, is_static);
    OFFLOAD__BACKENDS(OFFLOAD__BACKEND_LOAD)
#undef OFFLOAD__BACKEND_LOAD
    return r;
}

OFFLOAD_DEF offload_result offload_context_create(const offload_context_desc* desc, offload_context** out) {
    if (!out) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    offload_context* ctx;
    if (desc && (!desc->allocator.alloc != !desc->allocator.free)) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    if (desc && desc->allocator.alloc)
        ctx = (offload_context*)desc->allocator.alloc(sizeof *ctx, desc->allocator.user_data);
    else
        ctx = (offload_context*)OFFLOAD_MALLOC(sizeof *ctx);
    if (!ctx) return OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
    memset(ctx, 0, sizeof *ctx);

    offload_result r = offload__desc_init(ctx, desc);
    if (r == OFFLOAD_SUCCESS) {
        pthread_mutex_init(&ctx->lock, NULL);
        ctx->lock_ready = 1;
#ifndef OFFLOAD_NO_JIT
        r = offload__jit_context_init(ctx);
#endif
    }
    if (r == OFFLOAD_SUCCESS) r = offload__load_backends(ctx);
    if (r == OFFLOAD_SUCCESS) r = offload__memory_init(ctx);
    if (r == OFFLOAD_SUCCESS) r = offload__recorder_init(ctx);
    if (r == OFFLOAD_SUCCESS) offload__rpc_init(ctx);
    if (r != OFFLOAD_SUCCESS) {
        offload__context_teardown(ctx);
        offload__context_free(ctx);
        return r;
    }
    *out = ctx;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_context_destroy(offload_context* ctx) {
    if (!ctx) return OFFLOAD_SUCCESS;
    offload__context_teardown(ctx);
    offload__context_free(ctx);
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF const char* offload_context_last_error(offload_context* ctx) {
    return ctx ? offload__last_error(ctx) : "no context";
}

/* ---- Backends and devices ------------------------------------------------------------------ */

OFFLOAD_DEF offload_result offload_backend_get_status(offload_context* ctx, offload_backend backend,
                                                      offload_backend_status* out) {
    if (!ctx || !out) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and out must not be NULL");
    if ((int)backend < 0 || backend >= OFFLOAD_BACKEND_COUNT)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "unknown backend %d", (int)backend);
    *out = ctx->backends[backend].status;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_device_count(offload_context* ctx, uint32_t* count) {
    if (!ctx || !count) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and count must not be NULL");
    *count = ctx->device_count;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_device_get(offload_context* ctx, uint32_t index, offload_device* out) {
    if (!ctx || !out) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and out must not be NULL");
    if (index >= ctx->device_count)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "device index %u out of range (%u devices)", index,
                              ctx->device_count);
    out->id = index + 1;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_device_best(offload_context* ctx, offload_device* out) {
    if (!ctx || !out) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and out must not be NULL");
    out->id = ctx->device_count > 1 ? 2 : 1;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_device_get_info(offload_context* ctx, offload_device device,
                                                   offload_device_info* out) {
    if (!ctx || !out) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and out must not be NULL");
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid device handle %u", device.id);
    *out = dev->info;
    return OFFLOAD_SUCCESS;
}

/* ---- Copies -------------------------------------------------------------------------------- */

OFFLOAD__FN int offload__is_host(const offload__device* dev) { return dev->info.backend == OFFLOAD_BACKEND_HOST; }

/* Picks the device whose backend runs a copy, and the direction as it sees it. NULL when the
   two sides are on different GPU backends. */
OFFLOAD__FN offload__device* offload__copy_route(offload__device* dst, offload__device* src, offload__copy_kind* kind) {
    if (offload__is_host(dst) && offload__is_host(src)) {
        *kind = OFFLOAD__COPY_DEVICE_TO_DEVICE;
        return dst;
    }
    if (offload__is_host(src)) {
        *kind = OFFLOAD__COPY_HOST_TO_DEVICE;
        return dst;
    }
    if (offload__is_host(dst)) {
        *kind = OFFLOAD__COPY_DEVICE_TO_HOST;
        return src;
    }
    *kind = OFFLOAD__COPY_DEVICE_TO_DEVICE;
    return dst->info.backend == src->info.backend ? dst : NULL;
}

/* A copy between two devices of one GPU backend that has its own way for them (memcpy_peer). */
OFFLOAD__FN int offload__copy_is_peer(const offload__device* dst, const offload__device* src) {
    return dst != src && !offload__is_host(dst) && !offload__is_host(src) && dst->info.backend == src->info.backend &&
           dst->ops->memcpy_peer;
}

OFFLOAD__FN offload_result offload__check_copy(offload_context* ctx, offload_device dst_device, void* dst,
                                               offload_device src_device, const void* src, size_t size,
                                               offload__device** dst_dev, offload__device** src_dev) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    *dst_dev = offload__device_from(ctx, dst_device);
    *src_dev = offload__device_from(ctx, src_device);
    if (!*dst_dev || !*src_dev)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid device handle (dst %u, src %u)",
                              dst_device.id, src_device.id);
    if (size && (!dst || !src))
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "NULL pointer in a copy of %zu bytes", size);
    return OFFLOAD_SUCCESS;
}

/* Copies between two GPUs of different backends through a host buffer, synchronously. */
OFFLOAD__FN offload_result offload__copy_staged(offload_context* ctx, offload__device* dst_dev, void* dst,
                                                offload__device* src_dev, const void* src, size_t size) {
    void* staging = offload__alloc(ctx, size);
    if (!staging) return offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "staging buffer of %zu bytes", size);
    offload_result r = src_dev->ops->memcpy(src_dev, NULL, staging, src, size, OFFLOAD__COPY_DEVICE_TO_HOST);
    if (r == OFFLOAD_SUCCESS) r = dst_dev->ops->memcpy(dst_dev, NULL, dst, staging, size, OFFLOAD__COPY_HOST_TO_DEVICE);
    offload__free(ctx, staging);
    return r;
}

OFFLOAD_DEF offload_result offload_memcpy(offload_context* ctx, offload_device dst_device, void* dst,
                                          offload_device src_device, const void* src, size_t size) {
    offload__device *dst_dev, *src_dev;
    offload_result r = offload__check_copy(ctx, dst_device, dst, src_device, src, size, &dst_dev, &src_dev);
    if (r != OFFLOAD_SUCCESS || size == 0) return r;
    offload__copy_kind kind;
    offload__device* via = offload__copy_route(dst_dev, src_dev, &kind);
    if (!via) return offload__copy_staged(ctx, dst_dev, dst, src_dev, src, size);
    if (offload__copy_is_peer(dst_dev, src_dev)) return via->ops->memcpy_peer(dst_dev, NULL, dst, src_dev, src, size);
    return via->ops->memcpy(via, NULL, dst, src, size, kind);
}

OFFLOAD_DEF offload_result offload_memcpy_async(offload_context* ctx, offload_queue queue, offload_device dst_device,
                                                void* dst, offload_device src_device, const void* src, size_t size) {
    offload__device *dst_dev, *src_dev;
    offload_result r = offload__check_copy(ctx, dst_device, dst, src_device, src, size, &dst_dev, &src_dev);
    if (r != OFFLOAD_SUCCESS) return r;
    offload__queue* q = (offload__queue*)offload__lookup(ctx, OFFLOAD__QUEUE, queue.id);
    if (!q) return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid queue handle %u", queue.id);
    if (size == 0) return OFFLOAD_SUCCESS;
    offload__copy_kind kind;
    offload__device* via = offload__copy_route(dst_dev, src_dev, &kind);
    if (via != q->dev)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
                              "the queue is on %s, but this copy (%s -> %s) must run on %s", q->dev->info.name,
                              src_dev->info.name, dst_dev->info.name,
                              via ? via->info.name : "two devices (use offload_memcpy)");
    if (offload__copy_is_peer(dst_dev, src_dev))
        return via->ops->memcpy_peer(dst_dev, q->native, dst, src_dev, src, size);
    return via->ops->memcpy(via, q->native, dst, src, size, kind);
}

OFFLOAD_DEF offload_result offload_memfill(offload_context* ctx, offload_queue queue, offload_device device, void* ptr,
                                           const void* pattern, size_t pattern_size, size_t size) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid device handle %u", device.id);
    if (!pattern || (pattern_size != 1 && pattern_size != 2 && pattern_size != 4))
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "pattern must be 1, 2 or 4 bytes (got %zu)",
                              pattern_size);
    if (size % pattern_size || (uintptr_t)ptr % pattern_size)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
                              "pointer and size must be multiples of the pattern size %zu", pattern_size);
    if (size && !ptr) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "NULL pointer");
    void* native_queue = NULL;
    if (queue.id) {
        offload__queue* q = (offload__queue*)offload__lookup(ctx, OFFLOAD__QUEUE, queue.id);
        if (!q) return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid queue handle %u", queue.id);
        if (q->dev != dev)
            return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "the queue belongs to another device");
        native_queue = q->native;
    }
    if (size == 0) return OFFLOAD_SUCCESS;
    uint32_t value = 0;
    memcpy(&value, pattern, pattern_size);
    return dev->ops->memfill(dev, native_queue, ptr, value, pattern_size, size);
}

/* ---- Queues and events --------------------------------------------------------------------- */

OFFLOAD__FN offload__queue* offload__queue_from(offload_context* ctx, offload_queue queue) {
    offload__queue* q = (offload__queue*)offload__lookup(ctx, OFFLOAD__QUEUE, queue.id);
    if (!q) offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid, destroyed or stale queue handle %#x", queue.id);
    return q;
}

OFFLOAD__FN offload__event* offload__event_from(offload_context* ctx, offload_event event) {
    offload__event* e = (offload__event*)offload__lookup(ctx, OFFLOAD__EVENT, event.id);
    if (!e) offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid, destroyed or stale event handle %#x", event.id);
    return e;
}

/* Creates a queue or an event on device and registers it; *out is its id (0 on failure). */
OFFLOAD__FN offload_result offload__device_object_create(offload_context* ctx, offload__object_kind kind,
                                                         offload_device device, uint32_t* out) {
    const char* what = kind == OFFLOAD__QUEUE ? "queue" : "event";
    if (!ctx || !out) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and out must not be NULL");
    *out = 0;
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid device handle %u", device.id);
    offload__device_object* o = (offload__device_object*)offload__calloc(ctx, 1, sizeof *o);
    if (!o) return offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "%s", what);
    o->dev = dev;
    offload_result r =
        kind == OFFLOAD__QUEUE ? dev->ops->queue_create(dev, &o->native) : dev->ops->event_create(dev, &o->native);
    if (r == OFFLOAD_SUCCESS && !(*out = offload__register(ctx, kind, o))) {
        offload__device_object_release(ctx, kind, o);
        r = offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "%s pool exhausted", what);
    }
    if (r != OFFLOAD_SUCCESS) offload__free(ctx, o);
    return r;
}

OFFLOAD_DEF offload_result offload_queue_create(offload_context* ctx, offload_device device, offload_queue* out) {
    return offload__device_object_create(ctx, OFFLOAD__QUEUE, device, out ? &out->id : NULL);
}

/* Destroys a queue (after its work, whose RPC failures it reports) or an event. */
OFFLOAD__FN offload_result offload__device_object_destroy(offload_context* ctx, offload__object_kind kind,
                                                          uint32_t id) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__device_object* o = (offload__device_object*)offload__take(ctx, kind, id);
    if (!o)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid, destroyed or stale %s handle %#x",
                              kind == OFFLOAD__QUEUE ? "queue" : "event", id);
    offload_result r = offload__device_object_release(ctx, kind, o);
    if (kind == OFFLOAD__QUEUE) r = offload__layers_queue_drained(ctx, o, r);
    offload__free(ctx, o);
    return r;
}

OFFLOAD_DEF offload_result offload_queue_destroy(offload_context* ctx, offload_queue queue) {
    return offload__device_object_destroy(ctx, OFFLOAD__QUEUE, queue.id);
}

OFFLOAD_DEF offload_result offload_queue_synchronize(offload_context* ctx, offload_queue queue) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__queue* q = offload__queue_from(ctx, queue);
    if (!q) return OFFLOAD_ERROR_INVALID_HANDLE;
    return offload__layers_queue_drained(ctx, q, q->dev->ops->queue_synchronize(q->dev, q->native));
}

OFFLOAD_DEF offload_result offload_queue_query(offload_context* ctx, offload_queue queue) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__queue* q = offload__queue_from(ctx, queue);
    if (!q) return OFFLOAD_ERROR_INVALID_HANDLE;
    return q->dev->ops->queue_query(q->dev, q->native);
}

OFFLOAD_DEF offload_result offload_queue_wait_event(offload_context* ctx, offload_queue queue, offload_event event) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__queue* q = offload__queue_from(ctx, queue);
    if (!q) return OFFLOAD_ERROR_INVALID_HANDLE;
    offload__event* e = offload__event_from(ctx, event);
    if (!e) return OFFLOAD_ERROR_INVALID_HANDLE;
    if (e->dev->ops == q->dev->ops) return q->dev->ops->queue_wait_event(q->dev, q->native, e->native);
    /* Different backends: synchronize on the host now, which keeps the ordering (the event's
       work was enqueued before this call). */
    return e->dev->ops->event_synchronize(e->dev, e->native);
}

OFFLOAD_DEF offload_result offload_queue_host_callback(offload_context* ctx, offload_queue queue,
                                                       offload_host_callback_fn fn, void* user_data) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    if (!fn) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "callback must not be NULL");
    offload__queue* q = offload__queue_from(ctx, queue);
    if (!q) return OFFLOAD_ERROR_INVALID_HANDLE;
    return q->dev->ops->queue_host_callback(q->dev, q->native, fn, user_data);
}

OFFLOAD_DEF offload_result offload_event_create(offload_context* ctx, offload_device device, offload_event* out) {
    return offload__device_object_create(ctx, OFFLOAD__EVENT, device, out ? &out->id : NULL);
}

OFFLOAD_DEF offload_result offload_event_destroy(offload_context* ctx, offload_event event) {
    return offload__device_object_destroy(ctx, OFFLOAD__EVENT, event.id);
}

OFFLOAD_DEF offload_result offload_event_record(offload_context* ctx, offload_event event, offload_queue queue) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__event* e = offload__event_from(ctx, event);
    if (!e) return OFFLOAD_ERROR_INVALID_HANDLE;
    offload__queue* q = offload__queue_from(ctx, queue);
    if (!q) return OFFLOAD_ERROR_INVALID_HANDLE;
    if (q->dev != e->dev)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "event (%s) and queue (%s) are on different devices",
                              e->dev->info.name, q->dev->info.name);
    offload_result r = e->dev->ops->event_record(e->dev, e->native, q->native);
    /* Stored once: a store on every record would cost each an atomic exchange. */
    if (r == OFFLOAD_SUCCESS && !atomic_load_explicit(&e->recorded, memory_order_relaxed))
        atomic_store(&e->recorded, 1);
    return r;
}

OFFLOAD_DEF offload_result offload_event_synchronize(offload_context* ctx, offload_event event) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__event* e = offload__event_from(ctx, event);
    if (!e) return OFFLOAD_ERROR_INVALID_HANDLE;
    return e->dev->ops->event_synchronize(e->dev, e->native);
}

OFFLOAD_DEF offload_result offload_event_query(offload_context* ctx, offload_event event) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__event* e = offload__event_from(ctx, event);
    if (!e) return OFFLOAD_ERROR_INVALID_HANDLE;
    return e->dev->ops->event_query(e->dev, e->native);
}

OFFLOAD_DEF offload_result offload_event_elapsed_time(offload_context* ctx, offload_event start, offload_event end,
                                                      float* milliseconds) {
    if (!ctx || !milliseconds)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "milliseconds must not be NULL");
    offload__event* a = offload__event_from(ctx, start);
    if (!a) return OFFLOAD_ERROR_INVALID_HANDLE;
    offload__event* b = offload__event_from(ctx, end);
    if (!b) return OFFLOAD_ERROR_INVALID_HANDLE;
    if (a->dev != b->dev) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "events are on different devices");
    if (!atomic_load(&a->recorded) || !atomic_load(&b->recorded))
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "event was never recorded");
    return a->dev->ops->event_elapsed_time(a->dev, a->native, b->native, milliseconds);
}

/* ---- Programs, kernels, globals ------------------------------------------------------------ */

/* Takes a program out of use: its kernels' handles and its own become stale, and the layers
   hear of it. What it loaded stays until offload__program_release. */
OFFLOAD__FN void offload__program_unregister(offload_context* ctx, offload__program* prog) {
    offload__pool* kernels = &ctx->pools[OFFLOAD__KERNEL];
    pthread_mutex_lock(&ctx->lock);
    for (uint32_t i = 0; i < kernels->used && prog->kernel_count; i++) {
        offload__slot* slot = offload__pool_slot(kernels, i);
        offload__kernel* k = (offload__kernel*)slot->object;
        if (!k || k->program != prog) continue;
        offload__pool_remove(kernels, slot->id);
        if (prog->dev->ops->kernel_release) prog->dev->ops->kernel_release(prog->dev, k->native);
        offload__free(ctx, k->name);
        offload__free(ctx, k);
        prog->kernel_count--;
    }
    if (prog->id) offload__pool_remove(&ctx->pools[OFFLOAD__PROGRAM], prog->id);
    prog->id = 0;
    pthread_mutex_unlock(&ctx->lock);
    for (int i = OFFLOAD__LAYER_COUNT; i-- > 0;)
        if ((ctx->layers >> i & 1u) && ctx->layer[i].program_unloaded) ctx->layer[i].program_unloaded(ctx, prog);
}

/* Releases what an unregistered program loaded: the backend's module, the JIT entry, the copies
   (the host device's queued launches read the symbol table's names). */
OFFLOAD__FN void offload__program_release(offload_context* ctx, offload__program* prog) {
    if (prog->native) prog->dev->ops->program_destroy(prog->dev, prog->native);
#ifndef OFFLOAD_NO_JIT
    if (prog->jit_entry) offload__jit_release(ctx, prog->jit_entry);
#endif
    offload__free(ctx, prog->image);
    offload__free(ctx, prog->source);
    offload__free(ctx, prog->name);
    offload__free(ctx, prog->symbols);
    offload__free(ctx, prog);
}

/* Frees a program none of whose kernels was ever launched (a creation that failed). */
OFFLOAD__FN void offload__program_free(offload_context* ctx, offload__program* prog) {
    offload__program_unregister(ctx, prog);
    offload__program_release(ctx, prog);
}

/* Destroys a program whose kernels may have been launched: its handles go now; what it loaded
   goes once every launch enqueued on its device so far has finished (the backend's fence), so
   that no kernel runs from unloaded code. cuModuleUnload and hsa_executable_destroy do not wait
   for running kernels (hsa.h: none may be in flight), and the host device's dlclose unmaps the
   code its queues may still call. Without a fence to wait for (none is needed, or the backend
   could not make one) the program is released now, or at teardown after every queue drained. */
OFFLOAD__FN void offload__program_retire(offload_context* ctx, offload__program* prog) {
    offload__device* dev = prog->dev;
    offload__program_unregister(ctx, prog);
    prog->fence = NULL;
    if (prog->native && dev->ops->fence_create && dev->ops->fence_create(dev, &prog->fence) != OFFLOAD_SUCCESS) {
        prog->fence = NULL;
        prog->unfenced = 1;
        offload__log(ctx, OFFLOAD_LOG_WARN, "program %s on %s: %s; it is unloaded at context teardown",
                     prog->name ? prog->name : "(unnamed)", dev->info.name, offload__last_error(ctx));
    }
    if (!prog->fence && !prog->unfenced) {
        offload__program_release(ctx, prog);
        return;
    }
    pthread_mutex_lock(&ctx->lock);
    prog->next_retiring = ctx->retiring;
    ctx->retiring = prog;
    pthread_mutex_unlock(&ctx->lock);
}

/* Whether a retired program's launches have all finished. At teardown every queue has drained:
   work still running then is a kernel that outlived a timed-out wait, and its code is left to
   the driver (its context or runtime reclaims it) rather than unloaded under it. */
OFFLOAD__FN int offload__program_launches_done(offload_context* ctx, offload__program* prog, int teardown) {
    offload__device* dev = prog->dev;
    if (prog->unfenced) return teardown;
    offload_result r = dev->ops->fence_query(dev, prog->fence);
    if (r == OFFLOAD_ERROR_NOT_READY && !teardown) return 0;
    if (r == OFFLOAD_ERROR_NOT_READY) {
        offload__log(ctx, OFFLOAD_LOG_WARN,
                     "program %s on %s: a kernel of it still runs at context teardown; its code is left to the "
                     "driver",
                     prog->name ? prog->name : "(unnamed)", dev->info.name);
        if (dev->ops->program_abandon) dev->ops->program_abandon(dev, prog->native);
        prog->native = NULL;
    } else if (r != OFFLOAD_SUCCESS) {
        /* The failure is the queue's to report (its synchronize); here it only ends the wait. */
        offload__log(ctx, OFFLOAD_LOG_INFO, "program %s on %s is unloaded after failed work: %s",
                     prog->name ? prog->name : "(unnamed)", dev->info.name, offload__last_error(ctx));
    }
    return 1;
}

/* Releases the retired programs whose launches have finished (all of them at teardown). The
   list is taken whole, so that two threads sweeping at once never see the same program. */
OFFLOAD__FN void offload__programs_sweep(offload_context* ctx, int teardown) {
    pthread_mutex_lock(&ctx->lock);
    offload__program* list = ctx->retiring;
    ctx->retiring = NULL;
    pthread_mutex_unlock(&ctx->lock);
    offload__program* kept = NULL;
    while (list) {
        offload__program* prog = list;
        list = prog->next_retiring;
        if (!offload__program_launches_done(ctx, prog, teardown)) {
            prog->next_retiring = kept;
            kept = prog;
            continue;
        }
        if (prog->fence) prog->dev->ops->fence_release(prog->dev, prog->fence);
        offload__program_release(ctx, prog);
    }
    if (!kept) return;
    pthread_mutex_lock(&ctx->lock);
    offload__program* last = kept;
    while (last->next_retiring) last = last->next_retiring;
    last->next_retiring = ctx->retiring;
    ctx->retiring = kept;
    pthread_mutex_unlock(&ctx->lock);
}

/* Turns the caller's image into what the backend loads: IR goes through the JIT. */
OFFLOAD__FN offload_result offload__program_prepare(offload_context* ctx, offload__program* prog, const void* image,
                                                    size_t size, const void** load_image, size_t* load_size) {
    *load_image = image;
    *load_size = size;
    prog->loaded_format = prog->source_format;
    if (prog->source_format != OFFLOAD_IMAGE_LLVM_IR && prog->source_format != OFFLOAD_IMAGE_LLVM_BITCODE)
        return OFFLOAD_SUCCESS;
    if (offload__backend_target_of(prog->dev->info.backend).takes_source) return OFFLOAD_SUCCESS;
#ifdef OFFLOAD_NO_JIT
    return offload__error(ctx, OFFLOAD_ERROR_JIT_UNAVAILABLE,
                          "%s images need the JIT, which this build leaves out (OFFLOAD_NO_JIT)",
                          offload_image_format_name(prog->source_format));
#else
    return offload__jit_acquire(ctx, prog->dev, image, size, &prog->jit_entry, &prog->loaded_format, load_image,
                                load_size);
#endif
}

OFFLOAD_DEF offload_result offload_program_create(offload_context* ctx, offload_device device,
                                                  const offload_program_desc* desc, offload_program* out) {
    if (!ctx || !desc || !out)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx, desc and out must not be NULL");
    out->id = 0;
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid device handle %u", device.id);
    offload_image_format format;
    if (desc->image) {
        if (desc->size == 0) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "image size is zero");
        if (desc->host_symbols)
            return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "give an image or host symbols, not both");
        format = offload_image_detect(desc->image, desc->size);
        if (format == OFFLOAD_IMAGE_UNKNOWN)
            return offload__error(ctx, OFFLOAD_ERROR_INVALID_IMAGE, "unrecognised image format (%zu bytes)",
                                  desc->size);
    } else if (desc->host_symbols && desc->host_symbol_count) {
        if (!offload__is_host(dev))
            return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
                                  "host symbol tables load on the host device only");
        format = OFFLOAD_IMAGE_HOST_TABLE;
    } else {
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "the desc has neither an image nor host symbols");
    }

    offload__programs_sweep(ctx, 0); /* destroyed programs whose launches have ended since */
    offload__program* prog = (offload__program*)offload__calloc(ctx, 1, sizeof *prog);
    if (!prog) return offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "program");
    prog->dev = dev;
    prog->source_format = format;
    const void* load_image = NULL;
    size_t load_size = 0;
    offload_result r = OFFLOAD_SUCCESS;
    if (desc->name && !(prog->name = offload__strdup(ctx, desc->name)))
        r = offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "program name");
    if (r == OFFLOAD_SUCCESS) r = offload__program_read(ctx, prog, format, desc->image, desc->size, desc);
    if (r == OFFLOAD_SUCCESS) r = offload__program_prepare(ctx, prog, desc->image, desc->size, &load_image, &load_size);
    if (r == OFFLOAD_SUCCESS && load_image != desc->image)
        r = offload__program_read(ctx, prog, prog->loaded_format, load_image, load_size, desc);
    if (r == OFFLOAD_SUCCESS)
        /* A host symbol table loads from the program's own symbol table, which image.inc has
           checked: the image is that table, and there is no byte size to pass. */
        r = prog->loaded_format == OFFLOAD_IMAGE_HOST_TABLE
                ? dev->ops->program_create(dev, prog->loaded_format, prog->symbols, 0, desc, &prog->native)
                : dev->ops->program_create(dev, prog->loaded_format, load_image, load_size, desc, &prog->native);
    if (r == OFFLOAD_SUCCESS) {
        prog->id = out->id = offload__register(ctx, OFFLOAD__PROGRAM, prog);
        if (!out->id) r = offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "program pool exhausted");
    }
#ifdef OFFLOAD_NO_RPC
    if (r == OFFLOAD_SUCCESS) r = offload__rpc_refuse_client(ctx, prog);
#endif
    for (int i = 0; i < OFFLOAD__LAYER_COUNT && r == OFFLOAD_SUCCESS; i++)
        if ((ctx->layers >> i & 1u) && ctx->layer[i].program_loaded)
            r = ctx->layer[i].program_loaded(ctx, prog, desc, load_image, load_size);
    if (r != OFFLOAD_SUCCESS) {
        offload__program_free(ctx, prog);
        out->id = 0;
        return r;
    }
    return OFFLOAD_SUCCESS;
}

OFFLOAD__FN offload__program* offload__program_from(offload_context* ctx, offload_program program) {
    offload__program* p = (offload__program*)offload__lookup(ctx, OFFLOAD__PROGRAM, program.id);
    if (!p)
        offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid, destroyed or stale program handle %#x", program.id);
    return p;
}

OFFLOAD_DEF offload_result offload_program_destroy(offload_context* ctx, offload_program program) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__program* prog = (offload__program*)offload__take(ctx, OFFLOAD__PROGRAM, program.id);
    if (!prog)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid, destroyed or stale program handle %#x",
                              program.id);
    prog->id = 0; /* its slot is already free */
    offload__program_retire(ctx, prog);
    offload__programs_sweep(ctx, 0);
    return OFFLOAD_SUCCESS;
}

/* offload__program_symbol for a caller that needs the name: OFFLOAD_SUCCESS with *entry (NULL
   when only the backend can tell), or OFFLOAD_ERROR_NOT_FOUND with this thread's message saying
   so. Not finding a name is an answer, not a failure of the library: offload__error logs it at
   DEBUG, never as an error. */
OFFLOAD__FN offload_result offload__program_require(offload_context* ctx, const offload__program* prog,
                                                    const char* name, offload__symbol_kind kind,
                                                    const offload__image_symbol** entry) {
    if (offload__program_symbol(prog, name, kind, entry) != 0) return OFFLOAD_SUCCESS;
    const char* what = kind == OFFLOAD__SYMBOL_KERNEL ? "kernel" : "global";
    offload__symbol_kind other = kind == OFFLOAD__SYMBOL_KERNEL ? OFFLOAD__SYMBOL_GLOBAL : OFFLOAD__SYMBOL_KERNEL;
    if (offload__symbol_table_find(prog->symbols, name, other))
        return offload__error(ctx, OFFLOAD_ERROR_NOT_FOUND, "'%s' in the program is not a %s", name, what);
    return offload__error(ctx, OFFLOAD_ERROR_NOT_FOUND, "no %s named '%s' in the program", what, name);
}

/* The id of prog's kernel handle for name (of the kind host_entry says), or 0. Caller holds ctx->lock. */
OFFLOAD__FN uint32_t offload__kernel_find(offload_context* ctx, const offload__program* prog, const char* name,
                                          int host_entry) {
    const offload__pool* kernels = &ctx->pools[OFFLOAD__KERNEL];
    for (uint32_t i = 0; i < kernels->used && prog->kernel_count; i++) {
        const offload__slot* slot = offload__pool_slot(kernels, i);
        const offload__kernel* k = (const offload__kernel*)slot->object;
        if (k && k->program == prog && k->props.host_entry == host_entry && strcmp(k->name, name) == 0) return slot->id;
    }
    return 0;
}

/* offload_kernel_get and offload_kernel_get_host_entry: one handle per (program, name, kind). */
OFFLOAD__FN offload_result offload__kernel_get(offload_context* ctx, offload_program program, const char* name,
                                               int host_entry, offload_kernel* out) {
    if (!ctx || !name || !out)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx, name and out must not be NULL");
    out->id = 0;
    offload__program* prog = offload__program_from(ctx, program);
    if (!prog) return OFFLOAD_ERROR_INVALID_HANDLE;
    if (host_entry && !offload__is_host(prog->dev))
        return offload__error(ctx, OFFLOAD_ERROR_UNSUPPORTED, "host entries exist on the host device only, not on %s",
                              prog->dev->info.name);
    /* One handle per (program, name): asking again returns the same kernel. */
    pthread_mutex_lock(&ctx->lock);
    out->id = offload__kernel_find(ctx, prog, name, host_entry);
    pthread_mutex_unlock(&ctx->lock);
    if (out->id) return OFFLOAD_SUCCESS;
    const offload__image_symbol* entry = NULL;
    offload_result r = offload__program_require(ctx, prog, name, OFFLOAD__SYMBOL_KERNEL, &entry);
    if (r != OFFLOAD_SUCCESS) return r;

    offload__kernel* k = (offload__kernel*)offload__calloc(ctx, 1, sizeof *k);
    if (!k || !(k->name = offload__strdup(ctx, name))) {
        offload__free(ctx, k);
        return offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "kernel");
    }
    k->program = prog;
    k->props.host_entry = host_entry;
    /* What the image says of the kernel's parameters; a backend that can ask its driver may know better. */
    if (entry) {
        k->props.args_size = entry->args_size;
        k->props.params = entry->params;
        k->props.param_count = entry->param_count;
    }
    r = prog->dev->ops->kernel_get(prog->dev, prog->native, name, &k->native, &k->props);
    int registered = 0;
    if (r == OFFLOAD_SUCCESS) {
        /* Another thread may have made the handle while the backend looked the kernel up. */
        pthread_mutex_lock(&ctx->lock);
        out->id = offload__kernel_find(ctx, prog, name, host_entry);
        if (!out->id) {
            out->id = offload__pool_add(ctx, &ctx->pools[OFFLOAD__KERNEL], k);
            registered = out->id != 0;
            if (registered) prog->kernel_count++;
        }
        pthread_mutex_unlock(&ctx->lock);
        if (!out->id) {
            if (prog->dev->ops->kernel_release) prog->dev->ops->kernel_release(prog->dev, k->native);
            r = offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "kernel pool exhausted");
        }
    }
    if (!registered) {
        if (r == OFFLOAD_SUCCESS && prog->dev->ops->kernel_release)
            prog->dev->ops->kernel_release(prog->dev, k->native);
        offload__free(ctx, k->name);
        offload__free(ctx, k);
    }
    return r;
}

OFFLOAD_DEF offload_result offload_kernel_get(offload_context* ctx, offload_program program, const char* name,
                                              offload_kernel* out) {
    return offload__kernel_get(ctx, program, name, 0, out);
}

OFFLOAD_DEF offload_result offload_kernel_get_host_entry(offload_context* ctx, offload_program program,
                                                         const char* name, offload_kernel* out) {
    return offload__kernel_get(ctx, program, name, 1, out);
}

/* ---- Argument buffers ---------------------------------------------------------------------- */

OFFLOAD_DEF void offload_args_init(offload_args* args, void* buffer, size_t capacity) {
    if (!args) return;
    args->data = (unsigned char*)buffer;
    args->capacity = buffer ? capacity : 0;
    args->size = 0;
    args->result = OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_args_push(offload_args* args, const void* value, size_t size, size_t alignment) {
    if (!args) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    if (args->result != OFFLOAD_SUCCESS) return args->result; /* a parameter is missing: no later offset is right */
    int valid = (value || size == 0) && alignment && alignment <= 4096 && (alignment & (alignment - 1)) == 0;
    size_t offset = offload__align_offset(args->size, alignment);
    /* offset < size means the alignment wrapped around; both checks keep the sum from overflowing. */
    if (!valid || offset < args->size || offset > args->capacity || size > args->capacity - offset) {
        args->result = OFFLOAD_ERROR_INVALID_ARGUMENT;
        return OFFLOAD_ERROR_INVALID_ARGUMENT;
    }
    if (offset > args->size) memset(args->data + args->size, 0, offset - args->size); /* padding: no stale bytes */
    if (size) memcpy(args->data + offset, value, size);
    args->size = offset + size;
    return OFFLOAD_SUCCESS;
}

/* One typed append per C type, each at the type's own alignment. */
#define OFFLOAD__ARGS_TYPED(suffix, type)                                                                              \
    OFFLOAD_DEF offload_result offload_args_##suffix(offload_args* args, type value) {                                 \
        return offload_args_push(args, &value, sizeof value, _Alignof(type));                                          \
    }
OFFLOAD__ARGS_TYPED(i32, int32_t)
OFFLOAD__ARGS_TYPED(u32, uint32_t)
OFFLOAD__ARGS_TYPED(i64, int64_t)
OFFLOAD__ARGS_TYPED(u64, uint64_t)
OFFLOAD__ARGS_TYPED(f32, float)
OFFLOAD__ARGS_TYPED(f64, double)
OFFLOAD__ARGS_TYPED(ptr, const void*)
#undef OFFLOAD__ARGS_TYPED

/* The kernel behind a handle for a getter writing to `out`; NULL with the error raised in *r. */
OFFLOAD__FN offload__kernel* offload__kernel_for_get(offload_context* ctx, offload_kernel kernel, const void* out,
                                                     offload_result* r) {
    *r = OFFLOAD_SUCCESS;
    if (!ctx || !out) {
        *r = offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and the output must not be NULL");
        return NULL;
    }
    offload__kernel* k = (offload__kernel*)offload__lookup(ctx, OFFLOAD__KERNEL, kernel.id);
    if (!k)
        *r = offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid, destroyed or stale kernel handle %#x",
                            kernel.id);
    return k;
}

OFFLOAD_DEF offload_result offload_kernel_get_args_size(offload_context* ctx, offload_kernel kernel, size_t* size) {
    offload_result r;
    offload__kernel* k = offload__kernel_for_get(ctx, kernel, size, &r);
    if (k) *size = k->props.args_size;
    return r;
}

/* The kernel behind a handle whose parameter layout is known; NULL with the error raised in *r. */
OFFLOAD__FN offload__kernel* offload__kernel_with_params(offload_context* ctx, offload_kernel kernel, const void* out,
                                                         offload_result* r) {
    offload__kernel* k = offload__kernel_for_get(ctx, kernel, out, r);
    if (k && !k->props.params) { /* non-NULL with param_count 0: a kernel without parameters */
        *r = offload__error(ctx, OFFLOAD_ERROR_UNSUPPORTED, "the parameter layout of kernel '%s' is unknown on %s",
                            k->name, k->program->dev->info.name);
        return NULL;
    }
    return k;
}

OFFLOAD_DEF offload_result offload_kernel_get_param_count(offload_context* ctx, offload_kernel kernel,
                                                          uint32_t* count) {
    offload_result r;
    offload__kernel* k = offload__kernel_with_params(ctx, kernel, count, &r);
    if (k) *count = k->props.param_count;
    return r;
}

OFFLOAD_DEF offload_result offload_kernel_get_param(offload_context* ctx, offload_kernel kernel, uint32_t index,
                                                    offload_kernel_param* out) {
    offload_result r;
    offload__kernel* k = offload__kernel_with_params(ctx, kernel, out, &r);
    if (!k) return r;
    if (index >= k->props.param_count)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "kernel '%s' has %u parameters, not %u", k->name,
                              k->props.param_count, index + 1);
    *out = k->props.params[index];
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_kernel_get_max_block_size(offload_context* ctx, offload_kernel kernel,
                                                             uint32_t* size) {
    offload_result r;
    offload__kernel* k = offload__kernel_for_get(ctx, kernel, size, &r);
    if (k) *size = k->props.max_block_size;
    return r;
}

/* A global's address and size: the symbol table says whether it exists and, for a host symbol
   table, where; otherwise the backend says where the loaded global is. */
OFFLOAD__FN offload_result offload__program_global(offload_context* ctx, const offload__program* prog, const char* name,
                                                   void** address, size_t* size) {
    const offload__image_symbol* entry = NULL;
    offload_result r = offload__program_require(ctx, prog, name, OFFLOAD__SYMBOL_GLOBAL, &entry);
    if (r != OFFLOAD_SUCCESS) return r;
    if (entry && entry->address) {
        *address = entry->address;
        *size = (size_t)entry->size;
        return OFFLOAD_SUCCESS;
    }
    return prog->dev->ops->global_get(prog->dev, prog->native, name, address, size);
}

OFFLOAD_DEF offload_result offload_global_get(offload_context* ctx, offload_program program, const char* name,
                                              void** address, size_t* size) {
    if (!ctx || !name || !address || !size)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx, name, address and size must not be NULL");
    offload__program* prog = offload__program_from(ctx, program);
    if (!prog) return OFFLOAD_ERROR_INVALID_HANDLE;
    return offload__program_global(ctx, prog, name, address, size);
}

/* Shared checks of global_read/write: the global exists and [offset, offset+size) fits. */
OFFLOAD__FN offload_result offload__global_range(offload_context* ctx, offload_program program, const char* name,
                                                 size_t offset, size_t size, const void* buffer,
                                                 offload__program** prog, char** address) {
    if (!ctx || !name || (size && !buffer))
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx, name and the buffer must not be NULL");
    *prog = offload__program_from(ctx, program);
    if (!*prog) return OFFLOAD_ERROR_INVALID_HANDLE;
    void* base = NULL;
    size_t global_size = 0;
    offload_result r = offload__program_global(ctx, *prog, name, &base, &global_size);
    if (r != OFFLOAD_SUCCESS) return r;
    if (offset > global_size || size > global_size - offset)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
                              "bytes [%zu, %zu) are outside global '%s' of %zu bytes", offset, offset + size, name,
                              global_size);
    *address = (char*)base + offset;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_global_read(offload_context* ctx, offload_program program, const char* name,
                                               size_t offset, void* dst, size_t size) {
    offload__program* prog = NULL;
    char* address = NULL;
    offload_result r = offload__global_range(ctx, program, name, offset, size, dst, &prog, &address);
    if (r != OFFLOAD_SUCCESS || size == 0) return r;
    offload__copy_kind kind =
        offload__is_host(prog->dev) ? OFFLOAD__COPY_DEVICE_TO_DEVICE : OFFLOAD__COPY_DEVICE_TO_HOST;
    return prog->dev->ops->memcpy(prog->dev, NULL, dst, address, size, kind);
}

OFFLOAD_DEF offload_result offload_global_write(offload_context* ctx, offload_program program, const char* name,
                                                size_t offset, const void* src, size_t size) {
    offload__program* prog = NULL;
    char* address = NULL;
    offload_result r = offload__global_range(ctx, program, name, offset, size, src, &prog, &address);
    if (r != OFFLOAD_SUCCESS || size == 0) return r;
    offload__copy_kind kind =
        offload__is_host(prog->dev) ? OFFLOAD__COPY_DEVICE_TO_DEVICE : OFFLOAD__COPY_HOST_TO_DEVICE;
    return prog->dev->ops->memcpy(prog->dev, NULL, address, src, size, kind);
}

/* ---- Launch --------------------------------------------------------------------------------

   A launch is a short pipeline. offload_launch normalises the description once (0 means 1 for
   the grid and the block, the device's limits, shared memory, argument sizes); nothing below it
   resolves or checks those again. Then the optional layers run in a fixed order, each around the
   rest: the recorder, then RPC's begin/end; then the backend. A layer is a pair of functions the
   context installs when its feature turns on (recording when the context is created, RPC when
   the first program with the client loads); with none installed, a launch is the plain backend
   call. */

/* The backend, at the end of the pipeline. */
OFFLOAD__FN offload_result offload__launch_backend(offload__queue* queue, offload__kernel* kernel,
                                                   const offload_launch_desc* desc) {
    offload__device* dev = kernel->program->dev;
    return dev->ops->launch(dev, queue ? queue->native : NULL, kernel->native, desc);
}

/* The pipeline from layer `first` on: the first layer whose launch is on that takes this launch
   runs it (and continues with the layers after it), else the backend does. */
OFFLOAD__FN offload_result offload__launch_from(offload_context* ctx, const offload__launch_next* next,
                                                offload__queue* queue, offload__kernel* kernel,
                                                const offload_launch_desc* desc) {
    /* Acquire: a layer's launch was on before its bit was set (offload__layer_launch_on). */
    uint32_t on = atomic_load_explicit(&ctx->launch_layers, memory_order_acquire);
    for (int i = next->layer; i < OFFLOAD__LAYER_COUNT; i++) {
        const offload__layer* layer = &ctx->layer[i];
        offload__launch_next after = {offload__launch_from, i + 1};
        if ((on >> i & 1u) && layer->launches(ctx, kernel)) return layer->launch(ctx, queue, kernel, desc, &after);
    }
    return offload__launch_backend(queue, kernel, desc);
}

/* Copies desc into *out with every dimension resolved (0 means 1) and checks it against the
   device's limits and the kernel's parameters. */
OFFLOAD__FN offload_result offload__launch_normalise(offload_context* ctx, const offload__device* dev,
                                                     const offload__kernel* k, const offload_launch_desc* desc,
                                                     offload_launch_desc* out) {
    const offload_device_info* info = &dev->info;
    *out = *desc;
    uint64_t threads = 1;
    for (int d = 0; d < 3; d++) {
        uint32_t g = out->grid[d] = desc->grid[d] ? desc->grid[d] : 1;
        uint32_t b = out->block[d] = desc->block[d] ? desc->block[d] : 1;
        if (g > info->max_grid_dims[d] || b > info->max_block_dims[d])
            return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
                                  "grid %u or block %u in dimension %d exceeds the device's limits (%u, %u)", g, b, d,
                                  info->max_grid_dims[d], info->max_block_dims[d]);
        threads *= b;
    }
    if (threads > info->max_block_size)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "%llu threads per block exceed the device's %u",
                              (unsigned long long)threads, info->max_block_size);
    if (k->props.max_block_size && threads > k->props.max_block_size)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
                              "%llu threads per block exceed kernel '%s''s launch bounds (%u)",
                              (unsigned long long)threads, k->name, k->props.max_block_size);
    if (desc->shared_memory > info->max_shared_memory ||
        k->props.static_shared_memory > info->max_shared_memory - desc->shared_memory)
        return offload__error(
            ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
            "%zu bytes of dynamic shared memory and the kernel's %zu static bytes exceed the device's %llu",
            desc->shared_memory, k->props.static_shared_memory, (unsigned long long)info->max_shared_memory);
    if (desc->args_size && !desc->args)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "args is NULL but args_size is %zu",
                              desc->args_size);
    if (k->props.args_size && desc->args_size < k->props.args_size)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "kernel '%s' takes %zu bytes of arguments, got %zu",
                              k->name, k->props.args_size, desc->args_size);
    if (k->props.host_entry && desc->args_size % sizeof(void*))
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT,
                              "host entry '%s' takes pointer arguments: args_size %zu is not a multiple of %zu",
                              k->name, desc->args_size, sizeof(void*));
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_launch(offload_context* ctx, offload_queue queue, offload_kernel kernel,
                                          const offload_launch_desc* desc) {
    if (!ctx || !desc) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and desc must not be NULL");
    offload__kernel* k = (offload__kernel*)offload__lookup(ctx, OFFLOAD__KERNEL, kernel.id);
    if (!k)
        return offload__error(ctx, OFFLOAD_ERROR_INVALID_HANDLE, "invalid, destroyed or stale kernel handle %#x",
                              kernel.id);
    offload__device* dev = k->program->dev;
    offload__queue* q = NULL;
    if (queue.id) {
        q = offload__queue_from(ctx, queue);
        if (!q) return OFFLOAD_ERROR_INVALID_HANDLE;
        if (q->dev != dev)
            return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "the queue is on %s but the kernel on %s",
                                  q->dev->info.name, dev->info.name);
    }
    offload_launch_desc d;
    offload_result r = offload__launch_normalise(ctx, dev, k, desc, &d);
    if (r != OFFLOAD_SUCCESS) return r;
    if (!atomic_load_explicit(&ctx->launch_layers, memory_order_relaxed)) return offload__launch_backend(q, k, &d);
    offload__launch_next pipeline = {offload__launch_from, 0};
    return offload__launch_from(ctx, &pipeline, q, k, &d);
}

#ifdef OFFLOAD_NO_JIT
OFFLOAD_DEF int offload_jit_compile_server(void) { return 1; }
#endif

OFFLOAD_DEF offload_result offload_jit_get_info(offload_context* ctx, offload_jit_info* out) {
    if (!ctx || !out) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and out must not be NULL");
    memset(out, 0, sizeof *out);
#ifdef OFFLOAD_NO_JIT
    return OFFLOAD_SUCCESS;
#else
    return offload__jit_get_info(ctx, out);
#endif
}

OFFLOAD_DEF offload_result offload_jit_get_stats(offload_context* ctx, offload_jit_stats* out) {
    if (!ctx || !out) return offload__error(ctx, OFFLOAD_ERROR_INVALID_ARGUMENT, "ctx and out must not be NULL");
#ifdef OFFLOAD_NO_JIT
    return offload__error(ctx, OFFLOAD_ERROR_JIT_UNAVAILABLE, "this build leaves the JIT out (OFFLOAD_NO_JIT)");
#else
    return offload__jit_get_stats(ctx, out);
#endif
}

#ifdef OFFLOAD_NO_RECORD
/* The record & replay API of a build without it: every call says so. */
OFFLOAD_DEF offload_result offload_recording_open(offload_context* ctx, const char* path, offload_recording** out) {
    (void)path;
    if (out) *out = NULL;
    return offload__error(ctx, OFFLOAD_ERROR_UNSUPPORTED, OFFLOAD__NO_RECORD_MESSAGE);
}
OFFLOAD_DEF offload_result offload_recording_close(offload_context* ctx, offload_recording* recording) {
    (void)recording; /* none can have been opened */
    return ctx ? OFFLOAD_SUCCESS : OFFLOAD_ERROR_INVALID_ARGUMENT;
}
OFFLOAD_DEF offload_result offload_recording_get_info(offload_context* ctx, const offload_recording* recording,
                                                      offload_recording_info* out) {
    (void)recording, (void)out;
    return offload__error(ctx, OFFLOAD_ERROR_UNSUPPORTED, OFFLOAD__NO_RECORD_MESSAGE);
}
OFFLOAD_DEF offload_result offload_recording_get_global(offload_context* ctx, const offload_recording* recording,
                                                        uint32_t index, offload_recording_global* out) {
    (void)recording, (void)index, (void)out;
    return offload__error(ctx, OFFLOAD_ERROR_UNSUPPORTED, OFFLOAD__NO_RECORD_MESSAGE);
}
OFFLOAD_DEF offload_result offload_replay(offload_context* ctx, const offload_recording* recording,
                                          const offload_replay_desc* desc, offload_replay_result* out) {
    (void)recording, (void)desc;
    if (out) memset(out, 0, sizeof *out);
    return offload__error(ctx, OFFLOAD_ERROR_UNSUPPORTED, OFFLOAD__NO_RECORD_MESSAGE);
}
#endif

#ifdef OFFLOAD_NO_RPC
OFFLOAD_DEF offload_result offload_rpc_register(offload_context* ctx, uint32_t id, offload_rpc_host_fn fn,
                                                void* user_data) {
    (void)id, (void)fn, (void)user_data;
    return offload__error(ctx, OFFLOAD_ERROR_UNSUPPORTED, OFFLOAD__NO_RPC_MESSAGE);
}
#endif


/* Replay drives a recorded program through the public API above (rr.inc). */
#ifndef OFFLOAD_NO_RECORD
#include "rr/replay.inc"
#endif

#endif /* OFFLOAD__IMPL_C */
