/* offload_impl.c — the whole implementation of offload.h in one translation unit.

   Layout, from the ground up (each floor calls only the floors below it):
     1. core.inc: configuration, the internal types (the backend seam, devices, handle pools, the
        context struct that owns everything) and the services every part calls: allocation,
        per-thread errors, logging, hashing, handle pools, driver loading, the layers' table,
        the caching memory manager
     2. the subsystems and the backends, each in its own .inc file, and the backend table
     3. the generic layer in this file: the public API, written once above the backend seam and
        the subsystems; nothing below it calls it
     4. the programs that stand on all of it: replay (rr/replay.inc) and the remote device
        server (backends/remote/server.inc), which drive the public API, and the compile server
        (jit/serve.inc), which asks the backend table

   Invariants (see README "Design"): no mutable global or static variable; every member of the
   context starts zeroed and teardown works after any partial setup; no table is keyed by the
   address of an object the caller owns. */
#ifndef OFFLOAD__IMPL_C
#define OFFLOAD__IMPL_C

#include "core.inc"


/* =============================================================================================
   2. Backends and subsystems

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
   The subsystems call only the services of core.inc and each other, never the public API.
   Without record & replay (OFFLOAD_NO_RECORD) or RPC (OFFLOAD_NO_RPC) their init and fini below
   are macros, so such a build carries none of their code or threads.
   ============================================================================================= */

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
/* ctx->recorder stays NULL. A context asked to record comes up without recording, as when the
   recording cannot start, with the reason as the creating thread's last error and in the log. */
#define offload__recorder_init(ctx)                                                                                    \
    ((ctx)->desc.record.dir ? ((void)offload__fail_RECORD_LEFT_OUT_AT_CREATE(ctx), OFFLOAD_SUCCESS) : OFFLOAD_SUCCESS)
#define offload__recorder_fini(ctx) ((void)(ctx))
#endif

#ifndef OFFLOAD_NO_RPC
/* RPC. init installs its layer (programs that define the client, launches of them, queues that
   drained after such launches); ctx->rpc is NULL until a program that uses RPC is loaded. */
OFFLOAD__FN void offload__rpc_init(offload_context* ctx);
OFFLOAD__FN void offload__rpc_fini(offload_context* ctx);
#else
/* ctx->rpc stays NULL and no program is marked uses_rpc. A program that defines the client
   global would wait for a server that never answers: it is refused at load. */
#define offload__rpc_refuse_client(ctx, program)                                                                       \
    (offload__symbol_table_find((program)->symbols, "offload_rpc_client", OFFLOAD__SYMBOL_GLOBAL)                      \
         ? offload__fail_RPC_CLIENT_LEFT_OUT((ctx))                                                                    \
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


#ifndef OFFLOAD_NO_JIT
/* The JIT's facts for backend, from its row of the table, all zero for a number that names none:
   for the compile server (jit/serve.inc), which has no context. */
OFFLOAD__FN offload__jit_backend offload__backend_jit_facts(offload_backend backend) {
    switch (backend) {
#define OFFLOAD__BACKEND_JIT_FACTS(id, name, driver, load, unload, target)                                             \
    case id:                                                                                                           \
        if (target().jit) return target().jit();                                                                       \
        break;
        OFFLOAD__BACKENDS(OFFLOAD__BACKEND_JIT_FACTS)
#undef OFFLOAD__BACKEND_JIT_FACTS
    default:
        break;
    }
    offload__jit_backend none;
    memset(&none, 0, sizeof none);
    return none;
}
#endif

/* Each backend's name and target facts into the context, before anything loads: the parts below
   the table read them there (offload__backend_name_of, offload__backend_target_of). */
OFFLOAD__FN void offload__describe_backends(offload_context* ctx) {
#define OFFLOAD__BACKEND_DESCRIBE(id, backend_name, driver, load, unload, facts)                                       \
    ctx->backends[id].name = backend_name;                                                                             \
    ctx->backends[id].target = facts();
    OFFLOAD__BACKENDS(OFFLOAD__BACKEND_DESCRIBE)
#undef OFFLOAD__BACKEND_DESCRIBE
}

/* =============================================================================================
   3. Generic layer: the public API
   ============================================================================================= */

/* ---- Images and memory ------------------------------------------------------------------- */

OFFLOAD_DEF offload_image_format offload_image_detect(const void* image, size_t size) {
    return offload__image_detect((const unsigned char*)image, size);
}

OFFLOAD_DEF offload_result offload_mem_alloc(offload_context* ctx, offload_device device, offload_mem_kind kind,
                                             size_t size, void** out) {
    if (!ctx || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx and out");
    *out = NULL;
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__fail_INVALID_DEVICE_HANDLE(ctx, device.id);
    if (kind < OFFLOAD_MEM_DEVICE || kind > OFFLOAD_MEM_SHARED)
        return offload__fail_UNKNOWN_MEMORY_KIND(ctx, (int)kind);
    if (size == 0) return offload__fail_ZERO_SIZE(ctx);
    /* Only device-local memory is bounded by the device's size: pinned host memory is bounded by the
       host's, and managed memory may oversubscribe the device (the driver migrates it). */
    if (kind == OFFLOAD_MEM_DEVICE && size > dev->info.memory_bytes && dev->info.memory_bytes)
        return offload__fail_DEVICE_MEMORY_EXCEEDED(ctx, size, (unsigned long long)dev->info.memory_bytes);
    if (kind == OFFLOAD_MEM_SHARED && !dev->info.supports_shared_memory)
        return offload__fail_NO_SHARED_MEMORY(ctx, dev->info.name);
    /* ctx->layers first: with no layer installed, an allocation goes straight to the cache. */
    for (int i = 0; ctx->layers && i < OFFLOAD__LAYER_COUNT && kind != OFFLOAD_MEM_HOST; i++) {
        const offload__layer* layer = &ctx->layer[i];
        if (!(ctx->layers >> i & 1u) || !layer->owns_memory || !layer->owns_memory(ctx, dev)) continue;
        void* p = NULL;
        offload_result r = layer->mem_alloc(ctx, dev, size, &p);
        if (r != OFFLOAD_SUCCESS) return r;
        offload__allocation a = {(uintptr_t)p, size, size, dev->index, kind, i + 1, 0};
        offload__mem_lock(&ctx->memory);
        r = offload__mem_insert(ctx, &ctx->memory, &a);
        offload__mem_unlock(&ctx->memory);
        if (r != OFFLOAD_SUCCESS) {
            layer->mem_free(ctx, dev, p);
            return offload__fail_OUT_OF_HOST_MEMORY_as(ctx, r, "allocation table");
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
    if (!ctx || !ptr || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx, ptr and out");
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

/* Adds the checks a comma-separated list names (OFFLOAD_HOST_CHECK) to *mask; an unknown name is
   an error, never ignored. */
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

/* A bit of desc.host_checks that names no check is an error, never ignored. */
OFFLOAD__FN offload_result offload__host_checks_validate(offload_context* ctx, uint32_t mask) {
    uint32_t known = (1u << OFFLOAD__COUNT_OF(offload__host_check_names)) - 1;
    if (!(mask & ~known)) return OFFLOAD_SUCCESS;
    offload__log(ctx, OFFLOAD_LOG_ERROR, "desc.host_checks bit %d names no check", __builtin_ctz(mask & ~known));
    return OFFLOAD_ERROR_INVALID_ARGUMENT;
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
    d->jit.compile_threads = (uint32_t)offload__env_u64(ctx, "OFFLOAD_JIT_THREADS", d->jit.compile_threads, 1024);
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
    const char* batch_delay = offload__getenv(ctx, "OFFLOAD_REMOTE_BATCH_DELAY_US");
    if (batch_delay && strcmp(batch_delay, "never") == 0)
        d->remote.batch_delay_us = OFFLOAD_REMOTE_NO_BATCH_TIMER;
    else
        d->remote.batch_delay_us =
            (uint32_t)offload__env_u64(ctx, "OFFLOAD_REMOTE_BATCH_DELAY_US", d->remote.batch_delay_us, UINT32_MAX);
    if (d->remote.batch_delay_us == 0) d->remote.batch_delay_us = 100;
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
    offload__describe_backends(ctx);

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

OFFLOAD_DEF offload_diagnostic offload_context_last_diagnostic(offload_context* ctx) {
    return ctx ? offload__last_diagnostic(ctx) : OFFLOAD_DIAG_NONE;
}

OFFLOAD_DEF int64_t offload_context_last_native_error(offload_context* ctx) {
    return ctx ? offload__last_native_error(ctx) : 0;
}

/* ---- Backends and devices ------------------------------------------------------------------ */

OFFLOAD_DEF offload_result offload_backend_get_status(offload_context* ctx, offload_backend backend,
                                                      offload_backend_status* out) {
    if (!ctx || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx and out");
    if ((int)backend < 0 || backend >= OFFLOAD_BACKEND_COUNT) return offload__fail_UNKNOWN_BACKEND(ctx, (int)backend);
    *out = ctx->backends[backend].status;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_device_count(offload_context* ctx, uint32_t* count) {
    if (!ctx || !count) return offload__fail_NULL_ARGUMENT(ctx, "ctx and count");
    *count = ctx->device_count;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_device_get(offload_context* ctx, uint32_t index, offload_device* out) {
    if (!ctx || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx and out");
    if (index >= ctx->device_count) return offload__fail_DEVICE_INDEX_RANGE(ctx, index, ctx->device_count);
    out->id = index + 1;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_device_best(offload_context* ctx, offload_device* out) {
    if (!ctx || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx and out");
    out->id = ctx->device_count > 1 ? 2 : 1;
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_device_get_info(offload_context* ctx, offload_device device,
                                                   offload_device_info* out) {
    if (!ctx || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx and out");
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__fail_INVALID_DEVICE_HANDLE(ctx, device.id);
    *out = dev->info;
    return OFFLOAD_SUCCESS;
}

/* ---- Copies -------------------------------------------------------------------------------- */

OFFLOAD__FN int offload__is_host(const offload__device* dev) { return dev->info.backend == OFFLOAD_BACKEND_HOST; }

/* Whether dev runs this machine's code, as host entries are: the host device, or a remote device
   its server runs on its own host device (the server loads the shared object and refuses one of
   another machine). */
OFFLOAD__FN int offload__runs_host_code(const offload__device* dev) {
    offload_backend served_by =
        dev->info.backend == OFFLOAD_BACKEND_REMOTE ? dev->info.remote_backend : dev->info.backend;
    return served_by == OFFLOAD_BACKEND_HOST;
}

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
    if (!*dst_dev || !*src_dev) return offload__fail_INVALID_DEVICE_HANDLES(ctx, dst_device.id, src_device.id);
    if (size && (!dst || !src)) return offload__fail_NULL_COPY_POINTER(ctx, size);
    return OFFLOAD_SUCCESS;
}

/* Copies between two GPUs of different backends through a host buffer, synchronously. */
OFFLOAD__FN offload_result offload__copy_staged(offload_context* ctx, offload__device* dst_dev, void* dst,
                                                offload__device* src_dev, const void* src, size_t size) {
    void* staging = offload__alloc(ctx, size);
    if (!staging) return offload__fail_STAGING_BUFFER(ctx, size);
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
    if (!q) return offload__fail_STALE_HANDLE(ctx, "queue", queue.id);
    if (size == 0) return OFFLOAD_SUCCESS;
    offload__copy_kind kind;
    offload__device* via = offload__copy_route(dst_dev, src_dev, &kind);
    if (via != q->dev)
        return offload__fail_QUEUE_WRONG_DEVICE_FOR_COPY(ctx, q->dev->info.name, src_dev->info.name, dst_dev->info.name,
                                                         via ? via->info.name : "two devices (use offload_memcpy)");
    if (offload__copy_is_peer(dst_dev, src_dev))
        return via->ops->memcpy_peer(dst_dev, q->native, dst, src_dev, src, size);
    return via->ops->memcpy(via, q->native, dst, src, size, kind);
}

OFFLOAD_DEF offload_result offload_memfill(offload_context* ctx, offload_queue queue, offload_device device, void* ptr,
                                           const void* pattern, size_t pattern_size, size_t size) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__fail_INVALID_DEVICE_HANDLE(ctx, device.id);
    if (!pattern || (pattern_size != 1 && pattern_size != 2 && pattern_size != 4))
        return offload__fail_FILL_PATTERN_SIZE(ctx, pattern_size);
    if (size % pattern_size || (uintptr_t)ptr % pattern_size) return offload__fail_FILL_ALIGNMENT(ctx, pattern_size);
    if (size && !ptr) return offload__fail_NULL_ARGUMENT(ctx, "the pointer");
    void* native_queue = NULL;
    if (queue.id) {
        offload__queue* q = (offload__queue*)offload__lookup(ctx, OFFLOAD__QUEUE, queue.id);
        if (!q) return offload__fail_STALE_HANDLE(ctx, "queue", queue.id);
        if (q->dev != dev) return offload__fail_QUEUE_OTHER_DEVICE(ctx);
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
    if (!q) offload__fail_STALE_HANDLE(ctx, "queue", queue.id);
    return q;
}

OFFLOAD__FN offload__event* offload__event_from(offload_context* ctx, offload_event event) {
    offload__event* e = (offload__event*)offload__lookup(ctx, OFFLOAD__EVENT, event.id);
    if (!e) offload__fail_STALE_HANDLE(ctx, "event", event.id);
    return e;
}

/* Creates a queue or an event on device and registers it; *out is its id (0 on failure). */
OFFLOAD__FN offload_result offload__device_object_create(offload_context* ctx, offload__object_kind kind,
                                                         offload_device device, uint32_t* out) {
    const char* what = kind == OFFLOAD__QUEUE ? "queue" : "event";
    if (!ctx || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx and out");
    *out = 0;
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__fail_INVALID_DEVICE_HANDLE(ctx, device.id);
    offload__device_object* o = (offload__device_object*)offload__calloc(ctx, 1, sizeof *o);
    if (!o) return offload__fail_OUT_OF_HOST_MEMORY(ctx, what);
    o->dev = dev;
    offload_result r =
        kind == OFFLOAD__QUEUE ? dev->ops->queue_create(dev, &o->native) : dev->ops->event_create(dev, &o->native);
    if (r == OFFLOAD_SUCCESS && !(*out = offload__register(ctx, kind, o))) {
        offload__device_object_release(ctx, kind, o);
        r = offload__fail_HANDLE_POOL_EXHAUSTED(ctx, what);
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
    if (!o) return offload__fail_STALE_HANDLE(ctx, kind == OFFLOAD__QUEUE ? "queue" : "event", id);
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
    if (!fn) return offload__fail_NULL_ARGUMENT(ctx, "callback");
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
    if (q->dev != e->dev) return offload__fail_EVENT_QUEUE_DEVICES(ctx, e->dev->info.name, q->dev->info.name);
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
    if (!ctx || !milliseconds) return offload__fail_NULL_ARGUMENT(ctx, "milliseconds");
    offload__event* a = offload__event_from(ctx, start);
    if (!a) return OFFLOAD_ERROR_INVALID_HANDLE;
    offload__event* b = offload__event_from(ctx, end);
    if (!b) return OFFLOAD_ERROR_INVALID_HANDLE;
    if (a->dev != b->dev) return offload__fail_EVENTS_DEVICES(ctx);
    if (!atomic_load(&a->recorded) || !atomic_load(&b->recorded)) return offload__fail_EVENT_NOT_RECORDED(ctx);
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
    if (offload__backend_target_of(ctx, prog->dev->info.backend).takes_source) return OFFLOAD_SUCCESS;
#ifdef OFFLOAD_NO_JIT
    return offload__fail_JIT_LEFT_OUT_FOR_FORMAT(ctx, offload_image_format_name(prog->source_format));
#else
    return offload__jit_acquire(ctx, prog->dev, image, size, &prog->jit_entry, &prog->loaded_format, load_image,
                                load_size);
#endif
}

OFFLOAD_DEF offload_result offload_program_create(offload_context* ctx, offload_device device,
                                                  const offload_program_desc* desc, offload_program* out) {
    if (!ctx || !desc || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx, desc and out");
    out->id = 0;
    offload__device* dev = offload__device_from(ctx, device);
    if (!dev) return offload__fail_INVALID_DEVICE_HANDLE(ctx, device.id);
    offload_image_format format;
    if (desc->image) {
        if (desc->size == 0) return offload__fail_IMAGE_SIZE_ZERO(ctx);
        if (desc->host_symbols) return offload__fail_IMAGE_AND_SYMBOLS(ctx);
        format = offload_image_detect(desc->image, desc->size);
        if (format == OFFLOAD_IMAGE_UNKNOWN) return offload__fail_IMAGE_FORMAT_UNKNOWN(ctx, desc->size);
    } else if (desc->host_symbols && desc->host_symbol_count) {
        if (!offload__is_host(dev)) return offload__fail_HOST_SYMBOLS_NOT_ON_HOST(ctx);
        format = OFFLOAD_IMAGE_HOST_TABLE;
    } else {
        return offload__fail_IMAGE_MISSING(ctx);
    }

    offload__programs_sweep(ctx, 0); /* destroyed programs whose launches have ended since */
    offload__program* prog = (offload__program*)offload__calloc(ctx, 1, sizeof *prog);
    if (!prog) return offload__fail_OUT_OF_HOST_MEMORY(ctx, "program");
    prog->dev = dev;
    prog->source_format = format;
    const void* load_image = NULL;
    size_t load_size = 0;
    offload_result r = OFFLOAD_SUCCESS;
    if (desc->name && !(prog->name = offload__strdup(ctx, desc->name)))
        r = offload__fail_OUT_OF_HOST_MEMORY(ctx, "program name");
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
        if (!out->id) r = offload__fail_HANDLE_POOL_EXHAUSTED(ctx, "program");
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
    if (!p) offload__fail_STALE_HANDLE(ctx, "program", program.id);
    return p;
}

OFFLOAD_DEF offload_result offload_program_destroy(offload_context* ctx, offload_program program) {
    if (!ctx) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    offload__program* prog = (offload__program*)offload__take(ctx, OFFLOAD__PROGRAM, program.id);
    if (!prog) return offload__fail_STALE_HANDLE(ctx, "program", program.id);
    prog->id = 0; /* its slot is already free */
    offload__program_retire(ctx, prog);
    offload__programs_sweep(ctx, 0);
    return OFFLOAD_SUCCESS;
}

/* offload__program_symbol for a caller that needs the name: OFFLOAD_SUCCESS with *entry (NULL
   when only the backend can tell), or OFFLOAD_ERROR_NOT_FOUND with this thread's message saying
   so. Not finding a name is an answer, not a failure of the library: offload__raise logs it at
   DEBUG, never as an error. */
OFFLOAD__FN offload_result offload__program_require(offload_context* ctx, const offload__program* prog,
                                                    const char* name, offload__symbol_kind kind,
                                                    const offload__image_symbol** entry) {
    if (offload__program_symbol(prog, name, kind, entry) != 0) return OFFLOAD_SUCCESS;
    const char* what = kind == OFFLOAD__SYMBOL_KERNEL ? "kernel" : "global";
    offload__symbol_kind other = kind == OFFLOAD__SYMBOL_KERNEL ? OFFLOAD__SYMBOL_GLOBAL : OFFLOAD__SYMBOL_KERNEL;
    if (offload__symbol_table_find(prog->symbols, name, other))
        return offload__fail_NAME_IS_OTHER_KIND(ctx, name, what);
    return offload__fail_NAME_NOT_FOUND(ctx, what, name);
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
    if (!ctx || !name || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx, name and out");
    out->id = 0;
    offload__program* prog = offload__program_from(ctx, program);
    if (!prog) return OFFLOAD_ERROR_INVALID_HANDLE;
    if (host_entry && !offload__runs_host_code(prog->dev))
        return offload__fail_HOST_ENTRY_NOT_ON_HOST(ctx, prog->dev->info.name);
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
        return offload__fail_OUT_OF_HOST_MEMORY(ctx, "kernel");
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
            r = offload__fail_HANDLE_POOL_EXHAUSTED(ctx, "kernel");
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
        *r = offload__fail_NULL_ARGUMENT(ctx, "ctx and the output");
        return NULL;
    }
    offload__kernel* k = (offload__kernel*)offload__lookup(ctx, OFFLOAD__KERNEL, kernel.id);
    if (!k) *r = offload__fail_STALE_HANDLE(ctx, "kernel", kernel.id);
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
        *r = offload__fail_PARAM_LAYOUT_UNKNOWN(ctx, k->name, k->program->dev->info.name);
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
    if (index >= k->props.param_count) return offload__fail_PARAM_COUNT(ctx, k->name, k->props.param_count, index + 1);
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
    if (!ctx || !name || !address || !size) return offload__fail_NULL_ARGUMENT(ctx, "ctx, name, address and size");
    offload__program* prog = offload__program_from(ctx, program);
    if (!prog) return OFFLOAD_ERROR_INVALID_HANDLE;
    return offload__program_global(ctx, prog, name, address, size);
}

/* Shared checks of global_read/write: the global exists and [offset, offset+size) fits. */
OFFLOAD__FN offload_result offload__global_range(offload_context* ctx, offload_program program, const char* name,
                                                 size_t offset, size_t size, const void* buffer,
                                                 offload__program** prog, char** address) {
    if (!ctx || !name || (size && !buffer)) return offload__fail_NULL_ARGUMENT(ctx, "ctx, name and the buffer");
    *prog = offload__program_from(ctx, program);
    if (!*prog) return OFFLOAD_ERROR_INVALID_HANDLE;
    void* base = NULL;
    size_t global_size = 0;
    offload_result r = offload__program_global(ctx, *prog, name, &base, &global_size);
    if (r != OFFLOAD_SUCCESS) return r;
    if (offset > global_size || size > global_size - offset)
        return offload__fail_GLOBAL_RANGE(ctx, offset, offset + size, name, global_size);
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
            return offload__fail_LAUNCH_DIMENSION(ctx, g, b, d, info->max_grid_dims[d], info->max_block_dims[d]);
        threads *= b;
    }
    if (threads > info->max_block_size)
        return offload__fail_BLOCK_TOO_LARGE(ctx, (unsigned long long)threads, info->max_block_size);
    if (k->props.max_block_size && threads > k->props.max_block_size)
        return offload__fail_LAUNCH_BOUNDS(ctx, (unsigned long long)threads, k->name, k->props.max_block_size);
    if (desc->shared_memory > info->max_shared_memory ||
        k->props.static_shared_memory > info->max_shared_memory - desc->shared_memory)
        return offload__fail_SHARED_MEMORY_EXCEEDED(ctx, desc->shared_memory, k->props.static_shared_memory,
                                                    (unsigned long long)info->max_shared_memory);
    if (desc->args_size && !desc->args) return offload__fail_ARGS_NULL(ctx, desc->args_size);
    if (k->props.args_size && desc->args_size < k->props.args_size)
        return offload__fail_ARGS_SIZE_MISMATCH(ctx, k->name, k->props.args_size, desc->args_size);
    if (k->props.host_entry && desc->args_size % sizeof(void*))
        return offload__fail_HOST_ENTRY_ARGS(ctx, k->name, desc->args_size, sizeof(void*));
    return OFFLOAD_SUCCESS;
}

OFFLOAD_DEF offload_result offload_launch(offload_context* ctx, offload_queue queue, offload_kernel kernel,
                                          const offload_launch_desc* desc) {
    if (!ctx || !desc) return offload__fail_NULL_ARGUMENT(ctx, "ctx and desc");
    offload__kernel* k = (offload__kernel*)offload__lookup(ctx, OFFLOAD__KERNEL, kernel.id);
    if (!k) return offload__fail_STALE_HANDLE(ctx, "kernel", kernel.id);
    offload__device* dev = k->program->dev;
    offload__queue* q = NULL;
    if (queue.id) {
        q = offload__queue_from(ctx, queue);
        if (!q) return OFFLOAD_ERROR_INVALID_HANDLE;
        if (q->dev != dev) return offload__fail_QUEUE_KERNEL_DEVICES(ctx, q->dev->info.name, dev->info.name);
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
    if (!ctx || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx and out");
    memset(out, 0, sizeof *out);
#ifdef OFFLOAD_NO_JIT
    return OFFLOAD_SUCCESS;
#else
    return offload__jit_get_info(ctx, out);
#endif
}

OFFLOAD_DEF offload_result offload_jit_get_stats(offload_context* ctx, offload_jit_stats* out) {
    if (!ctx || !out) return offload__fail_NULL_ARGUMENT(ctx, "ctx and out");
#ifdef OFFLOAD_NO_JIT
    return offload__fail_JIT_LEFT_OUT(ctx);
#else
    return offload__jit_get_stats(ctx, out);
#endif
}

#ifdef OFFLOAD_NO_RECORD
/* The record & replay API of a build without it: every call says so. */
OFFLOAD_DEF offload_result offload_recording_open(offload_context* ctx, const char* path, offload_recording** out) {
    (void)path;
    if (out) *out = NULL;
    return offload__fail_RECORD_LEFT_OUT(ctx);
}
OFFLOAD_DEF offload_result offload_recording_close(offload_context* ctx, offload_recording* recording) {
    (void)recording; /* none can have been opened */
    return ctx ? OFFLOAD_SUCCESS : OFFLOAD_ERROR_INVALID_ARGUMENT;
}
OFFLOAD_DEF offload_result offload_recording_get_info(offload_context* ctx, const offload_recording* recording,
                                                      offload_recording_info* out) {
    (void)recording, (void)out;
    return offload__fail_RECORD_LEFT_OUT(ctx);
}
OFFLOAD_DEF offload_result offload_recording_get_global(offload_context* ctx, const offload_recording* recording,
                                                        uint32_t index, offload_recording_global* out) {
    (void)recording, (void)index, (void)out;
    return offload__fail_RECORD_LEFT_OUT(ctx);
}
OFFLOAD_DEF offload_result offload_replay(offload_context* ctx, const offload_recording* recording,
                                          const offload_replay_desc* desc, offload_replay_result* out) {
    (void)recording, (void)desc;
    if (out) memset(out, 0, sizeof *out);
    return offload__fail_RECORD_LEFT_OUT(ctx);
}
#endif

#ifdef OFFLOAD_NO_RPC
OFFLOAD_DEF offload_result offload_rpc_register(offload_context* ctx, uint32_t id, offload_rpc_host_fn fn,
                                                void* user_data) {
    (void)id, (void)fn, (void)user_data;
    return offload__fail_RPC_LEFT_OUT(ctx);
}
#endif


/* =============================================================================================
   4. Programs on top: replay drives a recorded program through the public API (rr.inc), the
      compile server compiles the jobs of another process (jit.inc), a remote device's server
      serves another process's requests with the public API (backends/remote.inc)
   ============================================================================================= */

#ifndef OFFLOAD_NO_RECORD
#include "rr/replay.inc"
#endif
#ifndef OFFLOAD_NO_JIT
#include "jit/serve.inc"
#endif
#ifndef OFFLOAD_NO_REMOTE
#include "backends/remote/server.inc"
#endif

#endif /* OFFLOAD__IMPL_C */
