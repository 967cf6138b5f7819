/* compat/omptarget_plugin.c — LLVM 14 libomptarget's x86_64 host plugin, over the public offload.h API.

   Built as libomptarget.rtl.x86_64.so: libomptarget loads plugins by that fixed name and finds
   this one before its own when its directory is on LD_LIBRARY_PATH. Every program compiled
   with clang-14 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu then runs its target regions on
   the runtime's host device: images are loaded from memory (no temporary file), data goes
   through the memory manager (and the recording arena under OFFLOAD_RECORD_DIR), and each
   region is a launch of a host entry (offload_kernel_get_host_entry), so queues, recording and
   errors apply to it.

   What it mirrors from the stock plugin (openmp/libomptarget/plugins/generic-elf-64bit in LLVM
   14): four devices, all the host (remote devices follow, see below); each device loads its own
   instance of an image (its own declare-target globals); a region runs once on the calling
   thread whatever the team and thread counts (parallelism comes from libomp inside the region).
   What it adds: images from memory, a record of every region under OFFLOAD_RECORD_DIR, and the
   asynchronous and event entry points.

   Asynchronous entry points: libomptarget 14 calls them for every construct and synchronizes
   the construct's __tgt_async_info before the construct completes; `nowait` and `depend` are
   asynchronous one level up, as hidden-helper tasks, with either plugin. Handing each operation
   to a queue thread therefore adds a thread hand-off per construct and no concurrency, so by
   default an asynchronous operation runs in order on the calling thread (the queue is idle, so
   the order is the queue's; an asynchronous call may complete before it returns). With
   OFFLOAD_OMP_QUEUES=1 each __tgt_async_info gets a queue of the runtime (pooled) and its
   transfers and event records and waits are enqueued, overlapping the calling thread until
   synchronize, and events are events of the runtime (without queues no event is needed: see
   below).

   A region runs on the calling thread in either mode (under queues, once its queue's earlier
   transfers are done), because its code reads that thread's OpenMP state, as with the stock
   plugin: the ICVs the program set (omp_set_num_threads, _dynamic, _max_active_levels,
   _schedule, _default_device, _default_allocator; for `nowait`, those of the task), the parallel
   region the construct was encountered in (omp_get_level, omp_get_active_level,
   omp_get_thread_num, omp_get_team_size, omp_in_parallel) and the thread's threadprivate copies.
   A queue's thread could be given the ICVs libomp lets a thread set, not the rest: a region run
   there saw omp_get_level() 0 inside a parallel region and ran `target parallel` with its own
   thread count. Running there also cost a hand-off per region for no overlap.

   Remote devices: under OFFLOAD_REMOTE=mpi (the program started by mpirun beside
   offload-remote-server ranks), each remote server's host device is one more OpenMP device,
   numbered from 4 (`OMP_DEFAULT_DEVICE=4`, `device(4)`). Its images are loaded by the server
   (the shared object and the libomp it needs), its data lives in the server's memory, and its
   regions run there, one launch of the host entry each: the region's code then reads the OpenMP
   state of the server's thread, not the encountering thread's.

   The plugin interface has process-wide state (device ids, no handle), so the plugin keeps the
   one context itself: created at the first call, destroyed when the plugin is unloaded or the
   process exits (which also finishes writing a recording). The core holds no global state. */
#include "offload.h"

#include <elf.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OMP_EXPORT __attribute__((visibility("default")))

/* ---- LLVM 14's plugin types (openmp/libomptarget/include/omptarget.h) ----------------------- */

typedef struct __tgt_offload_entry {
    void* addr; /* the entry's address: a function (size 0) or a variable */
    char* name;
    size_t size; /* 0 for functions */
    int32_t flags;
    int32_t reserved;
} __tgt_offload_entry;

typedef struct __tgt_device_image {
    void* ImageStart;
    void* ImageEnd;
    __tgt_offload_entry* EntriesBegin;
    __tgt_offload_entry* EntriesEnd;
} __tgt_device_image;

typedef struct __tgt_target_table {
    __tgt_offload_entry* EntriesBegin;
    __tgt_offload_entry* EntriesEnd;
} __tgt_target_table;

typedef struct __tgt_async_info {
    void* Queue; /* ours: an offload_queue id, as a pointer; NULL = none yet */
} __tgt_async_info;

enum { OMP_OK = 0, OMP_FAIL = -1 };
/* As the stock x86_64 plugin: libomptarget numbers them 0..3 and each may load its own images.
   Remote host devices (OFFLOAD_REMOTE=mpi) follow them, from 4. */
enum { OMP_HOST_DEVICES = 4 };
/* Pointer arguments of a region kept on the stack; more take an allocation. */
enum { OMP_INLINE_ARGS = 32 };
/* Tags a table entry that is ours, so a bad entry pointer is refused rather than called. */
#define OMP_ENTRY_MAGIC 0x6f6d7065u

/* A function entry of a loaded image: what the target table hands back to run_target_region. */
typedef struct omp_entry {
    uint32_t magic;
    offload_kernel kernel;
} omp_entry;

typedef struct omp_image {
    struct omp_image* next;
    offload_program program;
    __tgt_target_table table;
    __tgt_offload_entry* entries; /* table.EntriesBegin, owned */
    omp_entry* functions;         /* one per function entry, owned */
} omp_image;

/* Ids of queues or events kept for reuse, under the plugin's lock. */
typedef struct omp_pool {
    uint32_t* ids;
    uint32_t count, capacity;
} omp_pool;

/* An OpenMP device: the runtime's device it runs on and the ids kept for its reuse. */
typedef struct omp_device {
    offload_device device;
    omp_pool idle_queues; /* queues of finished __tgt_async_info */
    omp_pool idle_events; /* events libomptarget destroyed once every record of theirs was reached */
} omp_device;

typedef struct omp_plugin {
    pthread_once_t once;
    pthread_mutex_t lock; /* guards images and the devices' pools */
    offload_context* ctx;
    offload_device host; /* the runtime's host device: where the program's own memory is */
    omp_device* devices; /* OMP_HOST_DEVICES on the host, then the remote host devices */
    int32_t device_count;
    offload_result init_result;
    atomic_int ready;      /* set once the context is up: every call checks it first */
    int queues;            /* OFFLOAD_OMP_QUEUES=1: asynchronous operations go to queues */
    atomic_llong requires; /* the program's `requires` flags (__tgt_rtl_init_requires) */
    omp_image* images;
} omp_plugin;

static omp_plugin plugin = {.once = PTHREAD_ONCE_INIT,
                            .lock = PTHREAD_MUTEX_INITIALIZER,
                            .init_result = OFFLOAD_SUCCESS};

/* ---- Context ------------------------------------------------------------------------------- */

/* Failures go to stderr with the runtime's message: libomptarget reports only that the call failed. */
static int omp_fail(const char* what, offload_result r) {
    fprintf(stderr, "offload (libomptarget plugin): %s: %s: %s\n", what, offload_result_string(r),
            offload_context_last_error(plugin.ctx));
    return OMP_FAIL;
}

/* The runtime's log (off unless OFFLOAD_DEBUG=1..4 is set) goes to stderr. */
static void omp_log(offload_log_level level, const char* message, void* user_data) {
    (void)level;
    (void)user_data;
    fprintf(stderr, "offload: %s\n", message);
}

/* Whether the runtime's device `index` is a remote server's host device, which loads the same
   shared objects as the host and runs their entries. */
static int omp_is_remote_host(uint32_t index, offload_device* out) {
    offload_device_info info;
    return offload_device_get(plugin.ctx, index, out) == OFFLOAD_SUCCESS &&
           offload_device_get_info(plugin.ctx, *out, &info) == OFFLOAD_SUCCESS &&
           info.backend == OFFLOAD_BACKEND_REMOTE && info.remote_backend == OFFLOAD_BACKEND_HOST;
}

/* The OpenMP devices: the host OMP_HOST_DEVICES times, then each remote host device, in the
   runtime's order (by rank, then index on the rank). */
static offload_result omp_find_devices(void) {
    uint32_t count = 0;
    offload_result r = offload_device_count(plugin.ctx, &count);
    if (r == OFFLOAD_SUCCESS) r = offload_device_get(plugin.ctx, 0, &plugin.host);
    if (r != OFFLOAD_SUCCESS) return r;
    plugin.devices = (omp_device*)calloc(OMP_HOST_DEVICES + count, sizeof *plugin.devices);
    if (!plugin.devices) return OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
    for (int32_t i = 0; i < OMP_HOST_DEVICES; i++) plugin.devices[i].device = plugin.host;
    plugin.device_count = OMP_HOST_DEVICES;
    for (uint32_t i = 1; i < count; i++) {
        offload_device remote;
        if (!omp_is_remote_host(i, &remote)) continue;
        plugin.devices[plugin.device_count++].device = remote;
        if (getenv("OFFLOAD_DEBUG")) {
            offload_device_info info;
            offload_device_get_info(plugin.ctx, remote, &info);
            fprintf(stderr, "offload: OpenMP device %d is remote rank %d's device %u (%s)\n", plugin.device_count - 1,
                    info.remote_rank, info.remote_index, info.name);
        }
    }
    return OFFLOAD_SUCCESS;
}

static void omp_create_context(void) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.log = omp_log;
    /* Remote devices join when the environment asks (OFFLOAD_REMOTE=mpi). */
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_REMOTE);
    /* A region runs on the calling thread and parallelises with libomp inside; worker threads of
       the runtime would only compete with libomp's (OFFLOAD_HOST_THREADS still overrides). */
    desc.host_threads = 1;
    const char* queues = getenv("OFFLOAD_OMP_QUEUES");
    plugin.queues = queues && strcmp(queues, "1") == 0;
    plugin.init_result = offload_context_create(&desc, &plugin.ctx);
    if (plugin.init_result == OFFLOAD_SUCCESS) plugin.init_result = omp_find_devices();
    if (plugin.init_result != OFFLOAD_SUCCESS)
        omp_fail("creating the context", plugin.init_result);
    else
        atomic_store_explicit(&plugin.ready, 1, memory_order_release);
}

/* Non-zero once the context is up and id names one of our devices. */
static int omp_ready(int32_t id) {
    if (!atomic_load_explicit(&plugin.ready, memory_order_acquire)) pthread_once(&plugin.once, omp_create_context);
    return plugin.init_result == OFFLOAD_SUCCESS && id >= 0 && id < plugin.device_count;
}

/* The runtime's device of OpenMP device id (which omp_ready accepted). */
static offload_device omp_device_of(int32_t id) { return plugin.devices[id].device; }

/* Runs when libomptarget unloads the plugin or the process exits: waits for queued work,
   unloads the images and finishes writing a recording. */
__attribute__((destructor)) static void omp_unload(void) {
    atomic_store(&plugin.ready, 0);
    offload_context_destroy(plugin.ctx);
    plugin.ctx = NULL;
    plugin.init_result = OFFLOAD_ERROR_NO_BACKEND; /* a call after this fails cleanly */
    while (plugin.images) {
        omp_image* next = plugin.images->next;
        free(plugin.images->entries);
        free(plugin.images->functions);
        free(plugin.images);
        plugin.images = next;
    }
    /* The pools under their lock: a libomp helper thread may still be handing an event back. The
       device table itself stays (its few bytes live as long as the process): such a thread may
       still read it. */
    pthread_mutex_lock(&plugin.lock);
    for (int32_t i = 0; i < plugin.device_count; i++) {
        omp_pool* pools[2] = {&plugin.devices[i].idle_queues, &plugin.devices[i].idle_events};
        for (int p = 0; p < 2; p++) {
            free(pools[p]->ids);
            memset(pools[p], 0, sizeof *pools[p]);
        }
    }
    pthread_mutex_unlock(&plugin.lock);
}

/* ---- Devices and images -------------------------------------------------------------------- */

/* libomptarget asks once, when it loads the plugin: the context is made then, to count the
   remote devices. */
OMP_EXPORT int32_t __tgt_rtl_number_of_devices(void) {
    omp_ready(0);
    return plugin.init_result == OFFLOAD_SUCCESS ? plugin.device_count : OMP_HOST_DEVICES;
}

/* LLVM 14's requires flags that share the program's memory with the device. */
enum { OMP_REQ_UNIFIED_ADDRESS = 0x004, OMP_REQ_UNIFIED_SHARED_MEMORY = 0x008 };

/* A remote device is refused to a program that requires shared memory: its regions would
   dereference the program's pointers in another process. */
OMP_EXPORT int32_t __tgt_rtl_init_device(int32_t id) {
    if (!omp_ready(id)) return OMP_FAIL;
    if (id >= OMP_HOST_DEVICES &&
        (atomic_load(&plugin.requires) & (OMP_REQ_UNIFIED_ADDRESS | OMP_REQ_UNIFIED_SHARED_MEMORY))) {
        fprintf(stderr,
                "offload (libomptarget plugin): OpenMP device %d is a remote server's and cannot reach this process's "
                "memory, which `requires unified_address` or `unified_shared_memory` asks for\n",
                id);
        return OMP_FAIL;
    }
    return OMP_OK;
}

OMP_EXPORT int64_t __tgt_rtl_init_requires(int64_t flags) {
    atomic_store(&plugin.requires, flags);
    return flags;
}

/* A 64-bit little-endian x86-64 shared object, as the stock plugin accepts. */
OMP_EXPORT int32_t __tgt_rtl_is_valid_binary(__tgt_device_image* image) {
    if (!image || !image->ImageStart ||
        (const char*)image->ImageEnd < (const char*)image->ImageStart + sizeof(Elf64_Ehdr))
        return 0;
    Elf64_Ehdr eh;
    memcpy(&eh, image->ImageStart, sizeof eh);
    return memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 && eh.e_ident[EI_CLASS] == ELFCLASS64 &&
           eh.e_ident[EI_DATA] == ELFDATA2LSB && eh.e_machine == EM_X86_64 && eh.e_type == ET_DYN;
}

/* The address of variable entry `name` (of `bytes` bytes) in the loaded image: the exported
   variable itself (which is also what a remote server then lets copies reach), else read from
   the image's own entry record (.omp_offloading.entry.<name>, exported), which also holds
   variables that are not exported (static ones: on a remote device the regions use them, but
   `target update` of one fails, its address being in no global the server gave out). */
static offload_result omp_variable_address(offload_program program, const char* name, size_t bytes, void** out) {
    char record[512];
    size_t size = 0;
    void* at = NULL;
    if (offload_global_get(plugin.ctx, program, name, out, &size) == OFFLOAD_SUCCESS && size >= bytes)
        return OFFLOAD_SUCCESS;
    if ((size_t)snprintf(record, sizeof record, ".omp_offloading.entry.%s", name) < sizeof record &&
        offload_global_get(plugin.ctx, program, record, &at, &size) == OFFLOAD_SUCCESS &&
        size >= sizeof(__tgt_offload_entry))
        return offload_global_read(plugin.ctx, program, record, offsetof(__tgt_offload_entry, addr), out, sizeof *out);
    return offload_global_get(plugin.ctx, program, name, out, &size);
}

/* Fills the target table of img from the host entries: functions become our entry records,
   variables their address in this instance of the image. */
static offload_result omp_fill_table(omp_image* img, const __tgt_device_image* image, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const __tgt_offload_entry* host = &image->EntriesBegin[i];
        __tgt_offload_entry* e = &img->entries[i];
        *e = *host;
        if (!host->name) return OFFLOAD_ERROR_INVALID_IMAGE;
        offload_result r;
        if (host->size == 0) {
            omp_entry* f = &img->functions[i];
            f->magic = OMP_ENTRY_MAGIC;
            r = offload_kernel_get_host_entry(plugin.ctx, img->program, host->name, &f->kernel);
            e->addr = f;
        } else {
            r = omp_variable_address(img->program, host->name, host->size, &e->addr);
        }
        if (r != OFFLOAD_SUCCESS) return r;
    }
    return OFFLOAD_SUCCESS;
}

static void omp_image_free(omp_image* img) {
    if (img->program.id) offload_program_destroy(plugin.ctx, img->program);
    free(img->entries);
    free(img->functions);
    free(img);
}

OMP_EXPORT __tgt_target_table* __tgt_rtl_load_binary(int32_t id, __tgt_device_image* image) {
    if (!omp_ready(id) || !__tgt_rtl_is_valid_binary(image) || image->EntriesEnd < image->EntriesBegin) return NULL;
    size_t count = (size_t)(image->EntriesEnd - image->EntriesBegin);
    omp_image* img = (omp_image*)calloc(1, sizeof *img);
    if (img) img->entries = (__tgt_offload_entry*)calloc(count ? count : 1, sizeof *img->entries);
    if (img) img->functions = (omp_entry*)calloc(count ? count : 1, sizeof *img->functions);
    if (!img || !img->entries || !img->functions) {
        if (img) omp_image_free(img);
        fprintf(stderr, "offload (libomptarget plugin): out of host memory loading an image\n");
        return NULL;
    }
    offload_program_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image = image->ImageStart;
    desc.size = (size_t)((const char*)image->ImageEnd - (const char*)image->ImageStart);
    desc.name = "openmp";
    offload_result r = offload_program_create(plugin.ctx, omp_device_of(id), &desc, &img->program);
    if (r == OFFLOAD_SUCCESS) r = omp_fill_table(img, image, count);
    if (r != OFFLOAD_SUCCESS) {
        omp_fail("loading an image", r);
        omp_image_free(img);
        return NULL;
    }
    img->table.EntriesBegin = img->entries;
    img->table.EntriesEnd = img->entries + count;
    pthread_mutex_lock(&plugin.lock);
    img->next = plugin.images;
    plugin.images = img;
    pthread_mutex_unlock(&plugin.lock);
    return &img->table;
}

/* ---- Memory -------------------------------------------------------------------------------- */

/* LLVM 14's TargetAllocTy: DEVICE, HOST, SHARED, DEFAULT. */
static offload_mem_kind omp_mem_kind(int32_t kind) {
    switch (kind) {
    case 1:
        return OFFLOAD_MEM_HOST;
    case 2:
        return OFFLOAD_MEM_SHARED;
    default:
        return OFFLOAD_MEM_DEVICE;
    }
}

OMP_EXPORT void* __tgt_rtl_data_alloc(int32_t id, int64_t size, void* host_ptr, int32_t kind) {
    (void)host_ptr;
    if (!omp_ready(id) || size < 0 || kind < 0 || kind > 3) return NULL;
    void* p = NULL;
    /* malloc(0) as the stock plugin calls it gives a unique pointer; so does one byte. */
    offload_result r =
        offload_mem_alloc(plugin.ctx, omp_device_of(id), omp_mem_kind(kind), size ? (size_t)size : 1, &p);
    if (r != OFFLOAD_SUCCESS) omp_fail("data_alloc", r);
    return p;
}

OMP_EXPORT int32_t __tgt_rtl_data_delete(int32_t id, void* target_ptr) {
    if (!omp_ready(id)) return OMP_FAIL;
    offload_result r = offload_mem_free(plugin.ctx, target_ptr);
    return r == OFFLOAD_SUCCESS ? OMP_OK : omp_fail("data_delete", r);
}

/* A copy between the program's memory and OpenMP device id's, in the direction `to_device` says. */
typedef struct omp_transfer {
    const char* what;
    int32_t id;
    int to_device;
} omp_transfer;

static int32_t omp_copy(omp_transfer t, void* dst, const void* src, int64_t size) {
    if (size < 0) return OMP_FAIL;
    offload_device device = omp_device_of(t.id);
    offload_result r = offload_memcpy(plugin.ctx, t.to_device ? device : plugin.host, dst,
                                      t.to_device ? plugin.host : device, src, (size_t)size);
    return r == OFFLOAD_SUCCESS ? OMP_OK : omp_fail(t.what, r);
}

OMP_EXPORT int32_t __tgt_rtl_data_submit(int32_t id, void* target_ptr, void* host_ptr, int64_t size) {
    return omp_ready(id) ? omp_copy((omp_transfer){"data_submit", id, 1}, target_ptr, host_ptr, size) : OMP_FAIL;
}

OMP_EXPORT int32_t __tgt_rtl_data_retrieve(int32_t id, void* host_ptr, void* target_ptr, int64_t size) {
    return omp_ready(id) ? omp_copy((omp_transfer){"data_retrieve", id, 0}, host_ptr, target_ptr, size) : OMP_FAIL;
}

/* ---- Pools of queues and events ------------------------------------------------------------ */

/* An id from pool, or 0 when it is empty. */
static uint32_t omp_pool_take(omp_pool* pool) {
    pthread_mutex_lock(&plugin.lock);
    uint32_t id = pool->count ? pool->ids[--pool->count] : 0;
    pthread_mutex_unlock(&plugin.lock);
    return id;
}

/* Keeps id in pool; 0 when the pool cannot grow (the caller destroys what id names). */
static int omp_pool_put(omp_pool* pool, uint32_t id) {
    pthread_mutex_lock(&plugin.lock);
    if (pool->count == pool->capacity) {
        uint32_t capacity = pool->capacity ? 2 * pool->capacity : 8;
        uint32_t* grown = (uint32_t*)realloc(pool->ids, capacity * sizeof *grown);
        if (grown) {
            pool->ids = grown;
            pool->capacity = capacity;
        }
    }
    int kept = pool->count < pool->capacity;
    if (kept) pool->ids[pool->count++] = id;
    pthread_mutex_unlock(&plugin.lock);
    return kept;
}

/* ---- Queues -------------------------------------------------------------------------------- */

/* The queue of async on OpenMP device id (taken from its pool, or created, on first use). */
static offload_result omp_queue(int32_t id, __tgt_async_info* async, offload_queue* out) {
    if (async->Queue) {
        out->id = (uint32_t)(uintptr_t)async->Queue;
        return OFFLOAD_SUCCESS;
    }
    out->id = omp_pool_take(&plugin.devices[id].idle_queues);
    offload_result r = out->id ? OFFLOAD_SUCCESS : offload_queue_create(plugin.ctx, omp_device_of(id), out);
    if (r == OFFLOAD_SUCCESS) async->Queue = (void*)(uintptr_t)out->id;
    return r;
}

/* Hands a drained queue of OpenMP device id back to its pool (destroys it when the pool cannot grow). */
static void omp_queue_release(int32_t id, offload_queue q) {
    if (!omp_pool_put(&plugin.devices[id].idle_queues, q.id)) offload_queue_destroy(plugin.ctx, q);
}

OMP_EXPORT int32_t __tgt_rtl_synchronize(int32_t id, __tgt_async_info* async) {
    if (!omp_ready(id) || !async) return OMP_FAIL;
    if (!async->Queue) return OMP_OK;
    offload_queue q = {(uint32_t)(uintptr_t)async->Queue};
    offload_result r = offload_queue_synchronize(plugin.ctx, q);
    /* libomptarget expects the queue gone once synchronized; a failed queue is not reused. */
    async->Queue = NULL;
    if (r != OFFLOAD_SUCCESS) {
        omp_fail("synchronize", r);
        offload_queue_destroy(plugin.ctx, q);
        return OMP_FAIL;
    }
    omp_queue_release(id, q);
    return OMP_OK;
}

static int32_t omp_copy_async(omp_transfer t, void* dst, const void* src, int64_t size, __tgt_async_info* async) {
    if (size < 0 || !async) return OMP_FAIL;
    if (!plugin.queues) return omp_copy(t, dst, src, size);
    offload_queue q;
    offload_device device = omp_device_of(t.id);
    offload_result r = omp_queue(t.id, async, &q);
    if (r == OFFLOAD_SUCCESS)
        r = offload_memcpy_async(plugin.ctx, q, t.to_device ? device : plugin.host, dst,
                                 t.to_device ? plugin.host : device, src, (size_t)size);
    return r == OFFLOAD_SUCCESS ? OMP_OK : omp_fail(t.what, r);
}

OMP_EXPORT int32_t __tgt_rtl_data_submit_async(int32_t id, void* target_ptr, void* host_ptr, int64_t size,
                                               __tgt_async_info* async) {
    return omp_ready(id) ? omp_copy_async((omp_transfer){"data_submit_async", id, 1}, target_ptr, host_ptr, size, async)
                         : OMP_FAIL;
}

OMP_EXPORT int32_t __tgt_rtl_data_retrieve_async(int32_t id, void* host_ptr, void* target_ptr, int64_t size,
                                                 __tgt_async_info* async) {
    return omp_ready(id)
               ? omp_copy_async((omp_transfer){"data_retrieve_async", id, 0}, host_ptr, target_ptr, size, async)
               : OMP_FAIL;
}

/* ---- Regions ------------------------------------------------------------------------------- */

/* Runs entry with args[i] + offsets[i] as its pointer arguments, on the calling thread, after
   the work of async's queue when there is one. One call, whatever the team and thread counts,
   as the stock plugin. */
static int32_t omp_run(void* entry, void** args, ptrdiff_t* offsets, int32_t count, __tgt_async_info* async) {
    const omp_entry* f = (const omp_entry*)entry;
    if (!f || f->magic != OMP_ENTRY_MAGIC || count < 0 || (count && (!args || !offsets))) {
        fprintf(stderr,
                "offload (libomptarget plugin): run_target_region: not an entry of a loaded image, or bad arguments\n");
        return OMP_FAIL;
    }
    void* inline_pointers[OMP_INLINE_ARGS];
    void** pointers = count <= OMP_INLINE_ARGS ? inline_pointers : (void**)malloc((size_t)count * sizeof *pointers);
    if (!pointers) return OMP_FAIL;
    /* In integers: a base may be NULL (a firstprivate scalar of value 0 travels by value in its
       slot, an is_device_ptr pointer may be NULL), and NULL plus an offset, even 0, is undefined. */
    for (int32_t i = 0; i < count; i++) pointers[i] = (void*)((uintptr_t)args[i] + (uintptr_t)offsets[i]);
    offload_launch_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.args = pointers;
    desc.args_size = (size_t)count * sizeof *pointers;
    /* The region runs on this thread, as with the stock plugin, queues or not: its code reads the
       OpenMP state of the thread it runs on (nthreads-var, dyn-var, max-active-levels-var,
       run-sched-var, default-device-var, def-allocator-var, the levels and team of the parallel
       region it was encountered in, threadprivate copies), and a queue's thread has its own.
       Under OFFLOAD_OMP_QUEUES=1 it runs after what async's queue holds (the transfers of its
       mapped data) is done; libomptarget 14 waits for the construct before it completes anyway. */
    offload_result r = OFFLOAD_SUCCESS;
    if (async && plugin.queues && async->Queue) {
        offload_queue q = {(uint32_t)(uintptr_t)async->Queue};
        if (offload_queue_query(plugin.ctx, q) != OFFLOAD_SUCCESS) r = offload_queue_synchronize(plugin.ctx, q);
    }
    if (r == OFFLOAD_SUCCESS) r = offload_launch(plugin.ctx, (offload_queue){0}, f->kernel, &desc);
    if (pointers != inline_pointers) free(pointers);
    return r == OFFLOAD_SUCCESS ? OMP_OK : omp_fail("run_target_region", r);
}

OMP_EXPORT int32_t __tgt_rtl_run_target_team_region(int32_t id, void* entry, void** args, ptrdiff_t* offsets,
                                                    int32_t count, int32_t teams, int32_t thread_limit,
                                                    uint64_t loop_tripcount) {
    (void)teams;
    (void)thread_limit;
    (void)loop_tripcount;
    return omp_ready(id) ? omp_run(entry, args, offsets, count, NULL) : OMP_FAIL;
}

OMP_EXPORT int32_t __tgt_rtl_run_target_region(int32_t id, void* entry, void** args, ptrdiff_t* offsets,
                                               int32_t count) {
    return omp_ready(id) ? omp_run(entry, args, offsets, count, NULL) : OMP_FAIL;
}

OMP_EXPORT int32_t __tgt_rtl_run_target_team_region_async(int32_t id, void* entry, void** args, ptrdiff_t* offsets,
                                                          int32_t count, int32_t teams, int32_t thread_limit,
                                                          uint64_t loop_tripcount, __tgt_async_info* async) {
    (void)teams;
    (void)thread_limit;
    (void)loop_tripcount;
    return omp_ready(id) && async ? omp_run(entry, args, offsets, count, async) : OMP_FAIL;
}

OMP_EXPORT int32_t __tgt_rtl_run_target_region_async(int32_t id, void* entry, void** args, ptrdiff_t* offsets,
                                                     int32_t count, __tgt_async_info* async) {
    return omp_ready(id) && async ? omp_run(entry, args, offsets, count, async) : OMP_FAIL;
}

/* ---- Events -------------------------------------------------------------------------------- */

/* An event is an offload_event id, as a pointer. Without queues nothing is ever pending, so
   no event is made: libomptarget 14 accepts a NULL event (as from a plugin without events),
   and recording, waiting on or synchronizing it returns at once. That spares an event's
   creation and destruction per mapped variable of every construct. With queues, libomptarget
   creates an event for each variable it maps anew and destroys it when the mapping ends, so a
   destroyed event is kept for reuse, as LLVM's CUDA plugin does (its EventPool): only one whose
   records were all reached, so that a reused event is as a new one (recorded work, if any, done). */
static offload_event omp_event(void* event) { return (offload_event){(uint32_t)(uintptr_t)event}; }

OMP_EXPORT int32_t __tgt_rtl_create_event(int32_t id, void** event) {
    if (!omp_ready(id) || !event) return OMP_FAIL;
    *event = NULL;
    if (!plugin.queues) return OMP_OK;
    offload_event e = {omp_pool_take(&plugin.devices[id].idle_events)};
    if (!e.id) {
        offload_result r = offload_event_create(plugin.ctx, omp_device_of(id), &e);
        if (r != OFFLOAD_SUCCESS) return omp_fail("create_event", r);
    }
    *event = (void*)(uintptr_t)e.id;
    return OMP_OK;
}

OMP_EXPORT int32_t __tgt_rtl_record_event(int32_t id, void* event, __tgt_async_info* async) {
    if (!omp_ready(id) || !async) return OMP_FAIL;
    if (!plugin.queues || !event) return OMP_OK;
    offload_queue q;
    offload_result r = omp_queue(id, async, &q);
    if (r == OFFLOAD_SUCCESS) r = offload_event_record(plugin.ctx, omp_event(event), q);
    return r == OFFLOAD_SUCCESS ? OMP_OK : omp_fail("record_event", r);
}

OMP_EXPORT int32_t __tgt_rtl_sync_event(int32_t id, void* event) {
    if (!omp_ready(id)) return OMP_FAIL;
    if (!event) return OMP_OK;
    offload_result r = offload_event_synchronize(plugin.ctx, omp_event(event));
    return r == OFFLOAD_SUCCESS ? OMP_OK : omp_fail("sync_event", r);
}

OMP_EXPORT int32_t __tgt_rtl_wait_event(int32_t id, void* event, __tgt_async_info* async) {
    if (!omp_ready(id) || !async) return OMP_FAIL;
    if (!plugin.queues || !event) return __tgt_rtl_sync_event(id, event);
    offload_queue q;
    offload_result r = omp_queue(id, async, &q);
    if (r == OFFLOAD_SUCCESS) r = offload_queue_wait_event(plugin.ctx, q, omp_event(event));
    return r == OFFLOAD_SUCCESS ? OMP_OK : omp_fail("wait_event", r);
}

OMP_EXPORT int32_t __tgt_rtl_destroy_event(int32_t id, void* event) {
    if (!omp_ready(id)) return OMP_FAIL;
    if (!event) return OMP_OK;
    offload_event e = omp_event(event);
    /* A record still pending would make the event's next user wait for work not its own. */
    if (offload_event_query(plugin.ctx, e) == OFFLOAD_SUCCESS && omp_pool_put(&plugin.devices[id].idle_events, e.id))
        return OMP_OK;
    offload_result r = offload_event_destroy(plugin.ctx, e);
    return r == OFFLOAD_SUCCESS ? OMP_OK : omp_fail("destroy_event", r);
}
