/* offload_impl.c — the whole implementation of offload.h in one translation unit.

   Layout of this file:
     1. configuration macros and includes
     2. internal types: the backend seam (offload__backend_ops), devices, handle pools, the
        context struct that owns everything
     3. small services shared by every part: allocation, per-thread errors, logging, hashing
     4. the backends and subsystems, each in its own .inc file
     5. the generic layer: the public API, written once above the backend seam

   Invariants (see README "Design"): no mutable global or static variable; every member of the
   context starts zeroed and teardown works after any partial setup; no table is keyed by the
   address of an object the caller owns. */
#ifndef OFFLOAD__IMPL_C
#define OFFLOAD__IMPL_C

#if !defined(_GNU_SOURCE)
#  define _GNU_SOURCE
#endif

#include "offload.h"

#include <assert.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(OFFLOAD_MALLOC) != defined(OFFLOAD_FREE)
#  error "define OFFLOAD_MALLOC and OFFLOAD_FREE together, or neither"
#endif
#ifndef OFFLOAD_MALLOC
#  define OFFLOAD_MALLOC(size) malloc(size)
#  define OFFLOAD_FREE(ptr) free(ptr)
#endif
#ifndef OFFLOAD_ASSERT
#  define OFFLOAD_ASSERT(cond) assert(cond)
#endif

/* Definitions of public functions. Under OFFLOAD_STATIC they are static and may be unused. */
#ifdef OFFLOAD_STATIC
#  define OFFLOAD_DEF static __attribute__((unused))
#else
#  define OFFLOAD_DEF
#endif
/* Private functions: always static; some are only used by some configurations. */
#define OFFLOAD__FN static __attribute__((unused))

#define OFFLOAD__COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define OFFLOAD__MIN(a, b) ((a) < (b) ? (a) : (b))
#define OFFLOAD__MAX(a, b) ((a) > (b) ? (a) : (b))
#define OFFLOAD__ALIGN_UP(x, a) (((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))

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
    size_t args_size; /* explicit parameter bytes when the image says, else 0 */
} offload__kernel_props;

/* The backend seam (OFFLOAD__SEAM_V1). Each backend fills one table; the generic layer
   validates handles and arguments before calling it, so a backend sees only live objects and
   sane sizes. Native objects are opaque `void*` owned by the backend. `queue` NULL means
   synchronous: the call returns when the work is done. Every function returns an
   offload_result and, on failure, has set the error message with offload__error(). */
typedef struct offload__backend_ops {
    /* Called once per device at context teardown, after all its objects were destroyed. */
    void (*device_fini)(offload__device* dev);

    offload_result (*mem_alloc)(offload__device* dev, offload_mem_kind kind, size_t size, void** out);
    offload_result (*mem_free)(offload__device* dev, offload_mem_kind kind, void* ptr);
    offload_result (*memcpy)(offload__device* dev, void* queue, void* dst, const void* src, size_t size,
                             offload__copy_kind kind);
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
       AMDGPU code object, or a host symbol table). The backend copies what it keeps. */
    offload_result (*program_create)(offload__device* dev, offload_image_format format, const void* image,
                                     size_t size, const offload_program_desc* desc, void** out);
    offload_result (*program_destroy)(offload__device* dev, void* program);
    offload_result (*kernel_get)(offload__device* dev, void* program, const char* name, void** out,
                                 offload__kernel_props* props);
    offload_result (*global_get)(offload__device* dev, void* program, const char* name, void** address,
                                 size_t* size);
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

struct offload__device {
    offload_context* ctx;
    const offload__backend_ops* ops;
    offload_device_info info;
    uint32_t index;  /* position in ctx->devices; offload_device.id is index + 1 */
    void* native;    /* the backend's per-device state */
};

/* Handle pools, as sokol_gfx has them: an id is (generation << 16 | slot index + 1) is wrong for
   large pools, so ids keep the slot in the low OFFLOAD__SLOT_BITS bits and a generation above.
   A destroyed slot's generation moves on, so its old id never matches again. Generation 0 is
   skipped so that id 0 always means "no handle". */
#define OFFLOAD__SLOT_BITS 16
#define OFFLOAD__SLOT_MASK ((1u << OFFLOAD__SLOT_BITS) - 1)
#define OFFLOAD__POOL_MAX_SLOTS OFFLOAD__SLOT_MASK

typedef struct offload__slot {
    uint32_t id;          /* current id when live; 0 when free */
    uint32_t generation;  /* bumped on every free */
    uint32_t next_free;   /* free-list link (slot index + 1, 0 = end) */
    void* object;
} offload__slot;

typedef struct offload__pool {
    offload__slot* slots;
    uint32_t capacity;    /* slots allocated */
    uint32_t max_slots;   /* growth limit (tests shrink it) */
    uint32_t free_head;   /* slot index + 1 */
    uint32_t used;        /* slots handed out so far (high-water mark) */
    uint32_t live;
} offload__pool;

typedef enum offload__object_kind {
    OFFLOAD__QUEUE,
    OFFLOAD__EVENT,
    OFFLOAD__PROGRAM,
    OFFLOAD__KERNEL,
    OFFLOAD__OBJECT_KIND_COUNT
} offload__object_kind;

typedef struct offload__queue {
    offload__device* dev;
    void* native;
} offload__queue;

typedef struct offload__event {
    offload__device* dev;
    void* native;
} offload__event;

struct offload__jit_entry;

typedef struct offload__program {
    offload__device* dev;
    void* native;
    struct offload__jit_entry* jit_entry;  /* the JIT cache entry this program holds, if any */
    offload_image_format source_format;    /* as given by the caller */
    offload_image_format loaded_format;    /* as handed to the backend */
    void* image;                           /* copy of the loaded image, kept while recording */
    size_t image_size;
    void* source;                          /* copy of the IR, kept while recording */
    size_t source_size;
    char* name;
    uint32_t id;
    uint32_t kernel_count;                 /* live kernel handles naming this program */
} offload__program;

typedef struct offload__kernel {
    offload__program* program;
    uint32_t program_id;  /* the program's id when this handle was made */
    void* native;
    char* name;
    offload__kernel_props props;
    uint64_t launch_count;
} offload__kernel;

/* Per-thread last error. Threads sharing a context each see their own message. */
typedef struct offload__thread_error {
    pthread_t thread;
    int used;
    offload_result result;
    char message[512];
} offload__thread_error;

/* Status of one backend as offload_backend_get_status reports it. */
typedef struct offload__backend_state {
    offload_backend_status status;
} offload__backend_state;

/* Caching device-memory manager: live allocations in an open-addressing table keyed by the
   pointer the runtime itself returned (never a caller-owned object), and per-size free lists. */
typedef struct offload__allocation {
    uintptr_t address;     /* 0 = empty slot, 1 = tombstone */
    size_t size;           /* as requested */
    size_t block_size;     /* as obtained from the backend (size class for cached blocks) */
    uint32_t device_index;
    offload_mem_kind kind;
} offload__allocation;

#define OFFLOAD__SIZE_CLASSES 24     /* 256 B .. 2 GiB in powers of two */
#define OFFLOAD__MEM_KINDS 3

typedef struct offload__free_block {
    void* address;
    struct offload__free_block* next;
} offload__free_block;

typedef struct offload__memory {
    pthread_mutex_t lock;
    offload__allocation* table;
    size_t table_capacity;   /* power of two */
    size_t table_used;       /* live + tombstones */
    size_t table_live;
    /* free_lists[device][kind][size_class] */
    offload__free_block** free_lists;
    offload__free_block* spare_nodes;  /* recycled list nodes */
    size_t cached_bytes;
    size_t max_cached_size;
    int enabled;
} offload__memory;

/* Subsystems own their state behind these pointers; each stays NULL until it is set up. */
struct offload__host;
struct offload__cuda;
struct offload__amdgpu;
struct offload__jit;
struct offload__recorder;
struct offload__rpc;

struct offload_context {
    offload_context_desc desc;        /* with defaults filled and strings owned */
    offload__backend_state backends[OFFLOAD_BACKEND_COUNT];

    pthread_mutex_t lock;             /* guards the handle pools and the error table */
    int lock_ready;
    offload__pool pools[OFFLOAD__OBJECT_KIND_COUNT];

    offload__thread_error* errors;
    uint32_t error_count;
    uint32_t error_capacity;

    offload__device* devices;
    uint32_t device_count;

    offload__memory memory;
    int memory_ready;

    struct offload__host* host;
    struct offload__cuda* cuda;
    struct offload__amdgpu* amdgpu;
    struct offload__jit* jit;
    struct offload__recorder* recorder;
    struct offload__rpc* rpc;
};

/* OFFLOAD__SEAM_READY: everything above is the contract between the generic layer and the
   backends/subsystems. Services they can call follow. */

/* =============================================================================================
   3. Shared services
   ============================================================================================= */

OFFLOAD__FN void* offload__alloc(offload_context* ctx, size_t size) {
    if (size == 0) size = 1;
    if (ctx && ctx->desc.allocator.alloc) return ctx->desc.allocator.alloc(size, ctx->desc.allocator.user_data);
    return OFFLOAD_MALLOC(size);
}

OFFLOAD__FN void offload__free(offload_context* ctx, void* ptr) {
    if (!ptr) return;
    if (ctx && ctx->desc.allocator.free) {
        ctx->desc.allocator.free(ptr, ctx->desc.allocator.user_data);
        return;
    }
    OFFLOAD_FREE(ptr);
}

OFFLOAD__FN void* offload__calloc(offload_context* ctx, size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void* p = offload__alloc(ctx, count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

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

/* 64-bit FNV-1a; content keys (JIT cache, recordings) use offload__hash64 below. */
OFFLOAD__FN uint64_t offload__fnv1a(const void* data, size_t size, uint64_t seed) {
    const unsigned char* p = (const unsigned char*)data;
    uint64_t h = 0xcbf29ce484222325ull ^ seed;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

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

OFFLOAD__FN void offload__logv(offload_context* ctx, offload_log_level level, const char* fmt, va_list ap) {
    if (!ctx || !ctx->desc.log || level > ctx->desc.log_level || level == OFFLOAD_LOG_NONE) return;
    char line[1024];
    vsnprintf(line, sizeof line, fmt, ap);
    ctx->desc.log(level, line, ctx->desc.log_user_data);
}

OFFLOAD__FN __attribute__((format(printf, 3, 4))) void offload__log(offload_context* ctx, offload_log_level level,
                                                                     const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    offload__logv(ctx, level, fmt, ap);
    va_end(ap);
}

/* The calling thread's error record in ctx, created on first use; NULL if it cannot be. */
OFFLOAD__FN offload__thread_error* offload__thread_error_slot(offload_context* ctx, int create) {
    pthread_t self = pthread_self();
    for (uint32_t i = 0; i < ctx->error_count; i++) {
        if (ctx->errors[i].used && pthread_equal(ctx->errors[i].thread, self)) return &ctx->errors[i];
    }
    if (!create) return NULL;
    if (ctx->error_count == ctx->error_capacity) {
        /* Threads that exited leave records behind; past a bound, reuse the oldest one rather
           than grow without limit (its message was already superseded in practice). */
        uint32_t capacity = ctx->error_capacity ? ctx->error_capacity * 2 : 8;
        if (capacity > 1024) {
            offload__thread_error* reuse = &ctx->errors[self % ctx->error_count];
            reuse->thread = self;
            return reuse;
        }
        offload__thread_error* grown = (offload__thread_error*)offload__calloc(ctx, capacity, sizeof *grown);
        if (!grown) return NULL;
        if (ctx->error_count) memcpy(grown, ctx->errors, ctx->error_count * sizeof *grown);
        offload__free(ctx, ctx->errors);
        ctx->errors = grown;
        ctx->error_capacity = capacity;
    }
    offload__thread_error* slot = &ctx->errors[ctx->error_count++];
    slot->used = 1;
    slot->thread = self;
    return slot;
}

/* Records result and a formatted message as this thread's last error and returns result, so
   error paths read `return offload__error(ctx, OFFLOAD_ERROR_..., "...", ...);`. */
OFFLOAD__FN __attribute__((format(printf, 3, 4))) offload_result offload__error(offload_context* ctx,
                                                                                 offload_result result,
                                                                                 const char* fmt, ...) {
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
    offload__log(ctx, OFFLOAD_LOG_ERROR, "%s: %s", offload_result_string(result), message);
    return result;
}

/* Reads an environment variable if the desc allows it. */
OFFLOAD__FN const char* offload__getenv(const offload_context* ctx, const char* name) {
    if (ctx->desc.no_environment) return NULL;
    const char* value = getenv(name);
    return (value && value[0]) ? value : NULL;
}

/* ---- Handle pools ---------------------------------------------------------------------- */

OFFLOAD__FN void offload__pool_fini(offload_context* ctx, offload__pool* pool) {
    offload__free(ctx, pool->slots);
    memset(pool, 0, sizeof *pool);
}

/* Takes a free slot for object; returns its id, or 0 when the pool is exhausted or memory is out.
   Caller holds ctx->lock. */
OFFLOAD__FN uint32_t offload__pool_add(offload_context* ctx, offload__pool* pool, void* object) {
    uint32_t index;
    if (pool->free_head) {
        index = pool->free_head - 1;
        pool->free_head = pool->slots[index].next_free;
    } else {
        uint32_t limit = pool->max_slots ? pool->max_slots : OFFLOAD__POOL_MAX_SLOTS;
        if (pool->used >= limit) return 0;
        if (pool->used == pool->capacity) {
            uint32_t capacity = pool->capacity ? pool->capacity * 2 : 16;
            if (capacity > limit) capacity = limit;
            offload__slot* grown = (offload__slot*)offload__calloc(ctx, capacity, sizeof *grown);
            if (!grown) return 0;
            if (pool->capacity) memcpy(grown, pool->slots, pool->capacity * sizeof *grown);
            offload__free(ctx, pool->slots);
            pool->slots = grown;
            pool->capacity = capacity;
        }
        index = pool->used++;
    }
    offload__slot* slot = &pool->slots[index];
    uint32_t max_generation = UINT32_MAX >> OFFLOAD__SLOT_BITS;
    slot->generation = slot->generation % max_generation + 1; /* 1..max, never 0 */
    slot->id = (slot->generation << OFFLOAD__SLOT_BITS) | (index + 1);
    slot->object = object;
    slot->next_free = 0;
    pool->live++;
    return slot->id;
}

/* The object behind id, or NULL when id is 0, out of range, destroyed or stale. Caller holds
   ctx->lock (or knows no concurrent add/remove can happen). */
OFFLOAD__FN void* offload__pool_get(const offload__pool* pool, uint32_t id) {
    uint32_t index = (id & OFFLOAD__SLOT_MASK);
    if (index == 0 || index > pool->used) return NULL;
    const offload__slot* slot = &pool->slots[index - 1];
    return slot->id == id ? slot->object : NULL;
}

OFFLOAD__FN void offload__pool_remove(offload__pool* pool, uint32_t id) {
    uint32_t index = (id & OFFLOAD__SLOT_MASK) - 1;
    offload__slot* slot = &pool->slots[index];
    OFFLOAD_ASSERT(slot->id == id);
    slot->id = 0;
    slot->object = NULL;
    slot->next_free = pool->free_head;
    pool->free_head = index + 1;
    pool->live--;
}

/* Looks a handle up under the context lock. */
OFFLOAD__FN void* offload__lookup(offload_context* ctx, offload__object_kind kind, uint32_t id) {
    pthread_mutex_lock(&ctx->lock);
    void* object = offload__pool_get(&ctx->pools[kind], id);
    pthread_mutex_unlock(&ctx->lock);
    return object;
}

OFFLOAD__FN uint32_t offload__register(offload_context* ctx, offload__object_kind kind, void* object) {
    pthread_mutex_lock(&ctx->lock);
    uint32_t id = offload__pool_add(ctx, &ctx->pools[kind], object);
    pthread_mutex_unlock(&ctx->lock);
    return id;
}

OFFLOAD__FN void offload__unregister(offload_context* ctx, offload__object_kind kind, uint32_t id) {
    pthread_mutex_lock(&ctx->lock);
    offload__pool_remove(&ctx->pools[kind], id);
    pthread_mutex_unlock(&ctx->lock);
}

/* The device behind a public handle, or NULL. Devices live as long as the context. */
OFFLOAD__FN offload__device* offload__device_from(offload_context* ctx, offload_device device) {
    if (device.id == 0 || device.id > ctx->device_count) return NULL;
    return &ctx->devices[device.id - 1];
}

/* Appends a device found by a backend. `info` is copied; `native` becomes the device's state. */
OFFLOAD__FN offload_result offload__add_device(offload_context* ctx, const offload__backend_ops* ops,
                                               const offload_device_info* info, void* native) {
    offload__device* grown = (offload__device*)offload__calloc(ctx, ctx->device_count + 1, sizeof *grown);
    if (!grown) return offload__error(ctx, OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, "device table");
    if (ctx->device_count) memcpy(grown, ctx->devices, ctx->device_count * sizeof *grown);
    offload__free(ctx, ctx->devices);
    ctx->devices = grown;
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
    offload__log(ctx, result == OFFLOAD_SUCCESS ? OFFLOAD_LOG_INFO : OFFLOAD_LOG_WARN, "%s backend: %s",
                 offload_backend_name(backend), status->reason);
}

/* dlopen each candidate in turn (RTLD_NOW | RTLD_LOCAL); the first that loads wins. On failure
   `why` holds dlerror() of the last attempt. Returns the handle or NULL. */
OFFLOAD__FN void* offload__dlopen_first(offload_context* ctx, const char* const* candidates, size_t count,
                                        char* loaded, size_t loaded_capacity, char* why, size_t why_capacity) {
    offload__copy_string(why, why_capacity, "no library name given");
    for (size_t i = 0; i < count; i++) {
        if (!candidates[i]) continue;
        offload__copy_string(loaded, loaded_capacity, candidates[i]);
        void* handle = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
        offload__log(ctx, OFFLOAD_LOG_DEBUG, "dlopen(%s): %s", candidates[i], handle ? "loaded" : dlerror());
        if (handle) return handle;
        const char* error = dlerror();
        offload__copy_string(why, why_capacity, error ? error : "dlopen failed");
    }
    return NULL;
}

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

/* =============================================================================================
   4. Backends and subsystems

   What each one provides to the generic layer (defined in its .inc file):

   backends/host.inc    offload__host_load(ctx): adds the host device (always succeeds unless out
                        of memory); offload__host_unload(ctx).
   backends/cuda.inc    offload__cuda_load(ctx) / offload__cuda_unload(ctx): loads the driver,
   backends/amdgpu.inc  offload__amdgpu_load(ctx) / offload__amdgpu_unload(ctx): adds devices with
                        offload__add_device() and sets the backend status either way. A load that
                        fails leaves the backend unloaded and returns OFFLOAD_SUCCESS (a missing
                        driver is a status, not an error); only host out-of-memory is an error.
                        unload must work after any partial load.
   jit.inc              offload__jit_acquire(): IR in, a referenced cache entry out, with the
                        image to hand to the backend; offload__jit_release(); offload__jit_fini().
   rr.inc               offload__recorder_init/fini; the allocation and launch hooks below.
   rpc.inc              offload__rpc_program_loaded/unloaded, offload__rpc_launch_begin/end,
                        offload__rpc_fini.
   ============================================================================================= */

OFFLOAD__FN offload_result offload__host_load(offload_context* ctx);
OFFLOAD__FN void offload__host_unload(offload_context* ctx);
#ifndef OFFLOAD_NO_CUDA
OFFLOAD__FN offload_result offload__cuda_load(offload_context* ctx);
OFFLOAD__FN void offload__cuda_unload(offload_context* ctx);
#endif
#ifndef OFFLOAD_NO_AMDGPU
OFFLOAD__FN offload_result offload__amdgpu_load(offload_context* ctx);
OFFLOAD__FN void offload__amdgpu_unload(offload_context* ctx);
#endif

#ifndef OFFLOAD_NO_JIT
/* Compiles (or finds in the cache) the IR image for dev. On success *entry holds one reference
   and *format/*image/*image_size describe what to load: OFFLOAD_IMAGE_PTX (NUL-terminated, size
   includes the NUL) for CUDA, OFFLOAD_IMAGE_AMDGPU_ELF for AMDGPU, and for the host
   OFFLOAD_IMAGE_HOST_TABLE with image = an offload_host_symbol array and image_size = its size in
   bytes. The image stays valid while the reference is held. */
OFFLOAD__FN offload_result offload__jit_acquire(offload_context* ctx, offload__device* dev, const void* ir,
                                                size_t ir_size, struct offload__jit_entry** entry,
                                                offload_image_format* format, const void** image,
                                                size_t* image_size);
OFFLOAD__FN void offload__jit_release(offload_context* ctx, struct offload__jit_entry* entry);
OFFLOAD__FN void offload__jit_fini(offload_context* ctx);
OFFLOAD__FN offload_result offload__jit_get_stats(offload_context* ctx, offload_jit_stats* out);
#endif

/* Record & replay. ctx->recorder is NULL unless recording was asked for. */
OFFLOAD__FN offload_result offload__recorder_init(offload_context* ctx);
OFFLOAD__FN void offload__recorder_fini(offload_context* ctx);
/* Non-zero when allocations on dev must come from the recording arena. */
OFFLOAD__FN int offload__recorder_owns(offload_context* ctx, offload__device* dev);
OFFLOAD__FN offload_result offload__recorder_alloc(offload_context* ctx, offload__device* dev, size_t size, void** out);
OFFLOAD__FN offload_result offload__recorder_free(offload_context* ctx, offload__device* dev, void* ptr);
/* Wraps one launch of a recorded device: captures, calls offload__launch_now(), captures again. */
OFFLOAD__FN offload_result offload__recorder_launch(offload_context* ctx, offload__queue* queue,
                                                    offload__kernel* kernel, const offload_launch_desc* desc);

/* RPC. ctx->rpc is NULL until a program that uses RPC is loaded. */
OFFLOAD__FN offload_result offload__rpc_program_loaded(offload_context* ctx, offload__program* program);
OFFLOAD__FN void offload__rpc_program_unloaded(offload_context* ctx, offload__program* program);
OFFLOAD__FN void offload__rpc_fini(offload_context* ctx);

/* Generic-layer functions the subsystems call back. */
/* Runs a launch on the backend with no recording (the recorder calls this). */
OFFLOAD__FN offload_result offload__launch_now(offload_context* ctx, offload__queue* queue, offload__kernel* kernel,
                                               const offload_launch_desc* desc);
/* Allocates through the caching manager (bypassing the recorder). */
OFFLOAD__FN offload_result offload__mem_alloc_cached(offload_context* ctx, offload__device* dev, offload_mem_kind kind,
                                                     size_t size, void** out);

#include "backends/host.inc"
#ifndef OFFLOAD_NO_CUDA
#  include "backends/cuda.inc"
#endif
#ifndef OFFLOAD_NO_AMDGPU
#  include "backends/amdgpu.inc"
#endif
#ifndef OFFLOAD_NO_JIT
#  include "jit.inc"
#endif
#include "rr.inc"
#include "rpc.inc"

/* =============================================================================================
   5. Generic layer: the public API
   ============================================================================================= */

/* (the generic layer follows) */

#endif /* OFFLOAD__IMPL_C */
