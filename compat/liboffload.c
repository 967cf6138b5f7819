/* compat/liboffload.c — LLVM liboffload's `ol*` C API (the OffloadAPI.h of LLVM 22) over the
   public offload.h API, built as a drop-in libLLVMOffload.so.22.1 (compat/liboffload.sh).

   liboffload is initialised process-wide (olInit/olShutDown, reference-counted) and its handles
   are pointers. That state lives here, never in the core: one offload_context created by the
   first olInit, the device and platform tables filled from it, and the objects behind the
   handles, each holding the core's own handle. Every call first checks that the library is
   initialised; after the last olShutDown every call but olInit returns OL_ERRC_UNINITIALIZED.

   Results: OL_SUCCESS (NULL) or a pointer to an error whose Details carry the core's message.
   Errors live in a small per-thread ring, so a result stays readable until OL__ERROR_RING later
   failures on the same thread, and nothing is allocated for them.

   Handles of destroyed objects must not be used again (as with liboffload): the objects are
   freed. Everything still alive at the last olShutDown is released with the context. */
#include "compat/ol_api.h" /* our declarations of OffloadAPI.h: no liboffload-22-dev needed */

#include "offload.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OL__ERROR_RING 8
#define OL__FILL_CHUNK (1u << 20) /* staging buffer for fills with a pattern the core lacks */

/* ---- Objects behind the handles ----------------------------------------------------------- */

/* Every object a client creates is linked into the state's list, so the last olShutDown can
   free what the client left alive (the context releases the core objects themselves). */
typedef struct ol__node {
    struct ol__node *prev, *next;
    void (*release)(struct ol__node* node); /* frees the adapter object only */
} ol__node;

struct ol_platform_impl_t {
    offload_backend backend;
    char version[64];
};

struct ol_device_impl_t {
    offload_device device;
    offload_device_info info;
    ol_platform_handle_t platform;
    char uid[96];
};

struct ol_queue_impl_t {
    ol__node node;
    offload_queue queue;
    ol_device_handle_t device;
};

struct ol_event_impl_t {
    ol__node node;
    offload_event event;
    ol_queue_handle_t queue;
};

struct ol_symbol_impl_t {
    struct ol_symbol_impl_t* next;
    ol_program_handle_t program;
    ol_symbol_kind_t kind;
    offload_kernel kernel; /* kernels */
    void* address;         /* global variables */
    size_t size;
    char* name;
};

struct ol_program_impl_t {
    ol__node node;
    offload_program program;
    ol_device_handle_t device;
    struct ol_symbol_impl_t* symbols; /* owned; guarded by the state's lock */
};

/* Host ranges registered with olMemRegister on the host device (a use count per range). */
typedef struct ol__registration {
    struct ol__registration* next;
    char* base;
    size_t size;
    uint32_t users;
} ol__registration;

typedef struct ol__state {
    offload_context* ctx;
    pthread_mutex_t lock; /* object list, symbol lists, registrations */
    ol__node objects;     /* circular list head */
    ol__registration* registrations;
    uint32_t device_count;
    struct ol_device_impl_t* devices; /* GPUs first, the host device last, as liboffload orders them */
    ol_device_handle_t host;
    struct ol_platform_impl_t platforms[OFFLOAD_BACKEND_COUNT];
    int jit_available;
} ol__state;

/* The process-wide state olInit implies, and the per-thread error ring: the adapter's only
   mutable globals (the core has none). */
static pthread_mutex_t ol__init_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t ol__init_count;        /* guarded by ol__init_lock */
static ol__state* _Atomic ol__current; /* non-NULL while initialised */

typedef struct ol__error {
    ol_error_struct_t error;
    char details[512];
} ol__error;
static __thread ol__error ol__errors[OL__ERROR_RING];
static __thread unsigned ol__error_next;

/* ---- Results --------------------------------------------------------------------------------- */

/* Errors are the rare path: kept out of line, so the successful calls stay short. */
static __attribute__((cold, noinline, format(printf, 3, 4))) ol_result_t ol__fail(ol_errc_t code, const char* fn,
                                                                                  const char* fmt, ...) {
    ol__error* e = &ol__errors[ol__error_next++ % OL__ERROR_RING];
    int n = snprintf(e->details, sizeof e->details, "%s: ", fn);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->details + n, sizeof e->details - (size_t)n, fmt, ap);
    va_end(ap);
    e->error.Code = code;
    e->error.Details = e->details;
    return &e->error;
}

static ol_errc_t ol__errc(offload_result r) {
    switch (r) {
    case OFFLOAD_SUCCESS:
        return OL_ERRC_SUCCESS;
    case OFFLOAD_ERROR_INVALID_ARGUMENT:
        return OL_ERRC_INVALID_ARGUMENT;
    case OFFLOAD_ERROR_INVALID_HANDLE:
        return OL_ERRC_INVALID_ARGUMENT;
    case OFFLOAD_ERROR_OUT_OF_HOST_MEMORY:
    case OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY:
        return OL_ERRC_OUT_OF_RESOURCES;
    case OFFLOAD_ERROR_INVALID_IMAGE:
        return OL_ERRC_INVALID_BINARY;
    case OFFLOAD_ERROR_NOT_FOUND:
        return OL_ERRC_NOT_FOUND;
    case OFFLOAD_ERROR_UNSUPPORTED:
    case OFFLOAD_ERROR_JIT_UNAVAILABLE:
        return OL_ERRC_UNSUPPORTED;
    case OFFLOAD_ERROR_JIT:
        return OL_ERRC_COMPILE_FAILURE;
    case OFFLOAD_ERROR_HOST_TOOL_NOT_FOUND:
        return OL_ERRC_HOST_TOOL_NOT_FOUND;
    case OFFLOAD_ERROR_IO:
        return OL_ERRC_HOST_IO;
    case OFFLOAD_ERROR_BACKEND:
    case OFFLOAD_ERROR_LAUNCH_FAILED:
    case OFFLOAD_ERROR_TIMEOUT:
    case OFFLOAD_ERROR_DEVICE_LOST:
    case OFFLOAD_ERROR_NO_BACKEND:
        return OL_ERRC_BACKEND_FAILURE;
    default:
        return OL_ERRC_UNKNOWN;
    }
}

static __attribute__((cold, noinline)) ol_result_t ol__core_failure(const ol__state* s, offload_result r,
                                                                    const char* fn) {
    return ol__fail(ol__errc(r), fn, "%s (%s)", offload_context_last_error(s->ctx), offload_result_string(r));
}

/* The result of a core call: OL_SUCCESS, or its code mapped with the context's message. */
static inline ol_result_t ol__result(const ol__state* s, offload_result r, const char* fn) {
    return __builtin_expect(r == OFFLOAD_SUCCESS, 1) ? OL_SUCCESS : ol__core_failure(s, r, fn);
}

#define OL__NULL_HANDLE(fn, what) ol__fail(OL_ERRC_INVALID_NULL_HANDLE, fn, "%s is NULL", what)
#define OL__NULL_POINTER(fn, what) ol__fail(OL_ERRC_INVALID_NULL_POINTER, fn, "%s is NULL", what)

/* Every entry point but olInit starts with this: the state, or NULL after reporting. */
#define OL__ENTER(fn)                                                                                                  \
    ol__state* s = atomic_load_explicit(&ol__current, memory_order_acquire);                                           \
    if (!s) return ol__fail(OL_ERRC_UNINITIALIZED, fn, "olInit has not been called, or olShutDown released the library")

/* ---- Object list ----------------------------------------------------------------------------- */

static void ol__track(ol__state* s, ol__node* node, void (*release)(ol__node*)) {
    node->release = release;
    pthread_mutex_lock(&s->lock);
    node->next = s->objects.next;
    node->prev = &s->objects;
    s->objects.next->prev = node;
    s->objects.next = node;
    pthread_mutex_unlock(&s->lock);
}

static void ol__untrack(ol__state* s, ol__node* node) {
    pthread_mutex_lock(&s->lock);
    node->prev->next = node->next;
    node->next->prev = node->prev;
    pthread_mutex_unlock(&s->lock);
}

static void ol__release_free(ol__node* node) { free(node); }

static void ol__symbols_free(struct ol_symbol_impl_t* sym) {
    while (sym) {
        struct ol_symbol_impl_t* next = sym->next;
        free(sym->name);
        free(sym);
        sym = next;
    }
}

static void ol__release_program(ol__node* node) {
    struct ol_program_impl_t* p = (struct ol_program_impl_t*)node;
    ol__symbols_free(p->symbols);
    free(p);
}

/* ---- Init and shut-down ---------------------------------------------------------------------- */

static void ol__platform_init(ol__state* s, offload_backend backend) {
    struct ol_platform_impl_t* p = &s->platforms[backend];
    offload_backend_status st;
    p->backend = backend;
    if (offload_backend_get_status(s->ctx, backend, &st) == OFFLOAD_SUCCESS && st.driver_version)
        snprintf(p->version, sizeof p->version, "v%u.%u.%u (drv %d.%d)", OFFLOAD_VERSION_MAJOR, OFFLOAD_VERSION_MINOR,
                 OFFLOAD_VERSION_PATCH, st.driver_version / 1000, st.driver_version % 1000 / 10);
    else
        snprintf(p->version, sizeof p->version, "v%u.%u.%u", OFFLOAD_VERSION_MAJOR, OFFLOAD_VERSION_MINOR,
                 OFFLOAD_VERSION_PATCH);
}

/* Fills the device table: the context's devices with the host (index 0) moved to the end. */
static offload_result ol__devices_init(ol__state* s) {
    offload_result r = offload_device_count(s->ctx, &s->device_count);
    if (r != OFFLOAD_SUCCESS) return r;
    s->devices = calloc(s->device_count, sizeof *s->devices);
    if (!s->devices) return OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
    uint32_t per_backend[OFFLOAD_BACKEND_COUNT] = {0};
    for (uint32_t i = 0; i < s->device_count && r == OFFLOAD_SUCCESS; i++) {
        struct ol_device_impl_t* d = &s->devices[i == 0 ? s->device_count - 1 : i - 1];
        r = offload_device_get(s->ctx, i, &d->device);
        if (r == OFFLOAD_SUCCESS) r = offload_device_get_info(s->ctx, d->device, &d->info);
        if (r != OFFLOAD_SUCCESS) break;
        d->platform = &s->platforms[d->info.backend];
        snprintf(d->uid, sizeof d->uid, "%s-%u-%s", offload_backend_name(d->info.backend),
                 per_backend[d->info.backend]++, d->info.arch);
    }
    s->host = &s->devices[s->device_count - 1];
    return r;
}

static void ol__state_destroy(ol__state* s) {
    if (!s) return;
    offload_context_destroy(s->ctx);
    while (s->objects.next != &s->objects) {
        ol__node* node = s->objects.next;
        s->objects.next = node->next;
        node->release(node);
    }
    while (s->registrations) {
        ol__registration* next = s->registrations->next;
        free(s->registrations);
        s->registrations = next;
    }
    free(s->devices);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static ol_result_t ol__state_create(ol__state** out) {
    static const char fn[] = "olInit";
    ol__state* s = calloc(1, sizeof *s);
    if (!s) return ol__fail(OL_ERRC_OUT_OF_RESOURCES, fn, "out of host memory");
    pthread_mutex_init(&s->lock, NULL);
    s->objects.next = s->objects.prev = &s->objects;
    offload_result r = offload_context_create(NULL, &s->ctx);
    if (r != OFFLOAD_SUCCESS) {
        ol_result_t e = ol__fail(ol__errc(r), fn, "cannot create the offload context: %s", offload_result_string(r));
        ol__state_destroy(s);
        return e;
    }
    for (int b = 0; b < OFFLOAD_BACKEND_COUNT; b++) ol__platform_init(s, (offload_backend)b);
    r = ol__devices_init(s);
    if (r != OFFLOAD_SUCCESS) {
        ol_result_t e = ol__result(s, r, fn);
        ol__state_destroy(s);
        return e;
    }
    offload_jit_stats stats;
    s->jit_available = offload_jit_get_stats(s->ctx, &stats) == OFFLOAD_SUCCESS;
    *out = s;
    return OL_SUCCESS;
}

ol_result_t olInit(void) {
    ol_result_t result = OL_SUCCESS;
    pthread_mutex_lock(&ol__init_lock);
    if (ol__init_count == 0) {
        ol__state* s = NULL;
        result = ol__state_create(&s);
        if (result == OL_SUCCESS) atomic_store_explicit(&ol__current, s, memory_order_release);
    }
    if (result == OL_SUCCESS) ol__init_count++;
    pthread_mutex_unlock(&ol__init_lock);
    return result;
}

ol_result_t olShutDown(void) {
    ol__state* last = NULL;
    pthread_mutex_lock(&ol__init_lock);
    uint32_t count = ol__init_count;
    if (count && --ol__init_count == 0) {
        last = atomic_load_explicit(&ol__current, memory_order_relaxed);
        atomic_store_explicit(&ol__current, NULL, memory_order_release);
    }
    pthread_mutex_unlock(&ol__init_lock);
    if (!count) return ol__fail(OL_ERRC_UNINITIALIZED, "olShutDown", "the library is not initialised");
    ol__state_destroy(last);
    return OL_SUCCESS;
}

/* ---- Property queries ------------------------------------------------------------------------- */

/* One property value, produced once for both the ...Info and the ...InfoSize call. */
typedef struct ol__value {
    const void* data;
    size_t size;
    union {
        uint32_t u32;
        uint64_t u64;
        size_t size;
        bool flag;
        void* pointer;
        ol_dimensions_t dims;
    } storage;
} ol__value;

static void ol__set_u32(ol__value* v, uint32_t x) {
    v->storage.u32 = x;
    v->data = &v->storage.u32;
    v->size = sizeof x;
}
static void ol__set_u64(ol__value* v, uint64_t x) {
    v->storage.u64 = x;
    v->data = &v->storage.u64;
    v->size = sizeof x;
}
static void ol__set_size(ol__value* v, size_t x) {
    v->storage.size = x;
    v->data = &v->storage.size;
    v->size = sizeof x;
}
static void ol__set_bool(ol__value* v, bool x) {
    v->storage.flag = x;
    v->data = &v->storage.flag;
    v->size = sizeof x;
}
static void ol__set_pointer(ol__value* v, const void* x) {
    memcpy(&v->storage.pointer, &x, sizeof x);
    v->data = &v->storage.pointer;
    v->size = sizeof x;
}
static void ol__set_dims(ol__value* v, const uint32_t d[3]) {
    v->storage.dims = (ol_dimensions_t){d[0], d[1], d[2]};
    v->data = &v->storage.dims;
    v->size = sizeof v->storage.dims;
}
static void ol__set_string(ol__value* v, const char* s) {
    v->data = s;
    v->size = strlen(s) + 1;
}

static ol_result_t ol__write_info(const ol__value* v, size_t prop_size, void* prop_value, const char* fn) {
    if (!prop_value) return OL__NULL_POINTER(fn, "PropValue");
    if (prop_size == 0) return ol__fail(OL_ERRC_INVALID_SIZE, fn, "PropSize is 0");
    if (prop_size < v->size)
        return ol__fail(OL_ERRC_INVALID_SIZE, fn, "PropSize %zu is less than the %zu bytes of the value", prop_size,
                        v->size);
    memcpy(prop_value, v->data, v->size);
    return OL_SUCCESS;
}

static ol_result_t ol__write_info_size(const ol__value* v, size_t* size_ret, const char* fn) {
    if (!size_ret) return OL__NULL_POINTER(fn, "PropSizeRet");
    *size_ret = v->size;
    return OL_SUCCESS;
}

static ol_result_t ol__bad_enum(const char* fn, unsigned value) {
    return ol__fail(OL_ERRC_INVALID_ENUMERATION, fn, "PropName %u is not a known property", value);
}

/* -- Platforms -- */

/* Platform strings stay under 24 bytes: LLVM 22's llvm-offload-device-info passes
   sizeof(std::vector<char>) (24) as PropSize for every platform string, whatever size it was told. */
static const char* ol__platform_vendor(offload_backend b) {
    switch (b) {
    case OFFLOAD_BACKEND_CUDA:
        return "NVIDIA Corporation";
    case OFFLOAD_BACKEND_AMDGPU:
        return "AMD";
    default:
        return "offload";
    }
}

static ol_platform_backend_t ol__platform_backend(offload_backend b) {
    switch (b) {
    case OFFLOAD_BACKEND_CUDA:
        return OL_PLATFORM_BACKEND_CUDA;
    case OFFLOAD_BACKEND_AMDGPU:
        return OL_PLATFORM_BACKEND_AMDGPU;
    case OFFLOAD_BACKEND_HOST:
        return OL_PLATFORM_BACKEND_HOST;
    default:
        return OL_PLATFORM_BACKEND_UNKNOWN;
    }
}

/* The remote backend's devices (other MPI ranks' devices) are a platform of their own, "REMOTE",
   whose backend OffloadAPI.h has no name for (OL_PLATFORM_BACKEND_UNKNOWN); each answers for its
   type, vendor and images as the device it is on its server (ol__runs_on). */
static const char* ol__platform_name(offload_backend b) {
    switch (b) {
    case OFFLOAD_BACKEND_CUDA:
        return "CUDA";
    case OFFLOAD_BACKEND_AMDGPU:
        return "AMDGPU";
    case OFFLOAD_BACKEND_REMOTE:
        return "REMOTE";
    default:
        return "HOST";
    }
}

static ol_result_t ol__platform_value(ol_platform_handle_t p, ol_platform_info_t prop, ol__value* v, const char* fn) {
    if (!p) return OL__NULL_HANDLE(fn, "Platform");
    switch (prop) {
    case OL_PLATFORM_INFO_NAME:
        ol__set_string(v, ol__platform_name(p->backend));
        break;
    case OL_PLATFORM_INFO_VENDOR_NAME:
        ol__set_string(v, ol__platform_vendor(p->backend));
        break;
    case OL_PLATFORM_INFO_VERSION:
        ol__set_string(v, p->version);
        break;
    case OL_PLATFORM_INFO_BACKEND:
        ol__set_u32(v, (uint32_t)ol__platform_backend(p->backend));
        break;
    default:
        return ol__bad_enum(fn, (unsigned)prop);
    }
    return OL_SUCCESS;
}

ol_result_t olGetPlatformInfo(ol_platform_handle_t Platform, ol_platform_info_t PropName, size_t PropSize,
                              void* PropValue) {
    static const char fn[] = "olGetPlatformInfo";
    OL__ENTER(fn);
    (void)s;
    ol__value v;
    ol_result_t r = ol__platform_value(Platform, PropName, &v, fn);
    return r ? r : ol__write_info(&v, PropSize, PropValue, fn);
}

ol_result_t olGetPlatformInfoSize(ol_platform_handle_t Platform, ol_platform_info_t PropName, size_t* PropSizeRet) {
    static const char fn[] = "olGetPlatformInfoSize";
    OL__ENTER(fn);
    (void)s;
    ol__value v;
    ol_result_t r = ol__platform_value(Platform, PropName, &v, fn);
    return r ? r : ol__write_info_size(&v, PropSizeRet, fn);
}

/* -- Devices -- */

ol_result_t olIterateDevices(ol_device_iterate_cb_t Callback, void* UserData) {
    static const char fn[] = "olIterateDevices";
    OL__ENTER(fn);
    if (!Callback) return OL__NULL_POINTER(fn, "Callback");
    for (uint32_t i = 0; i < s->device_count; i++)
        if (!Callback(&s->devices[i], UserData)) break;
    return OL_SUCCESS;
}

/* The backend that runs the device's work: a remote device's is the one on its server, so that
   it answers as a local device of that kind would (type, vendor, images it takes); its platform
   stays the remote one. */
static offload_backend ol__runs_on(const offload_device_info* info) {
    return info->backend == OFFLOAD_BACKEND_REMOTE ? info->remote_backend : info->backend;
}

/* PCI-SIG vendor ids; the host's from its CPU vendor string. */
static uint32_t ol__vendor_id(const offload_device_info* info) {
    if (ol__runs_on(info) == OFFLOAD_BACKEND_CUDA) return 0x10de;
    if (ol__runs_on(info) == OFFLOAD_BACKEND_AMDGPU) return 0x1002;
    if (strstr(info->vendor, "Intel")) return 0x8086;
    if (strstr(info->vendor, "AMD")) return 0x1022;
    return 0;
}

static uint32_t ol__clamp_u32(uint64_t x) { return x > UINT32_MAX ? UINT32_MAX : (uint32_t)x; }

/* Floating-point capabilities: IEEE arithmetic everywhere; no native half on the host. */
static uint32_t ol__fp_config(const offload_device_info* info, ol_device_info_t prop) {
    const uint32_t ieee = OL_DEVICE_FP_CAPABILITY_FLAG_CORRECTLY_ROUNDED_DIVIDE_SQRT |
                          OL_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_NEAREST | OL_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_ZERO |
                          OL_DEVICE_FP_CAPABILITY_FLAG_ROUND_TO_INF | OL_DEVICE_FP_CAPABILITY_FLAG_INF_NAN |
                          OL_DEVICE_FP_CAPABILITY_FLAG_DENORM | OL_DEVICE_FP_CAPABILITY_FLAG_FMA;
    if (prop == OL_DEVICE_INFO_HALF_FP_CONFIG && ol__runs_on(info) == OFFLOAD_BACKEND_HOST) return 0;
    return ieee;
}

/* Native vector widths: GPUs work per lane (1); the host's from a 16-byte SIMD register. */
static uint32_t ol__vector_width(const offload_device_info* info, ol_device_info_t prop) {
    static const uint8_t element_size[] = {1, 2, 4, 8, 4, 8, 0}; /* char short int long float double half */
    if (ol__runs_on(info) != OFFLOAD_BACKEND_HOST) return 1;
    uint32_t size = element_size[prop - OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_CHAR];
    return size ? 16 / size : 0;
}

static ol_result_t ol__device_value(ol_device_handle_t d, ol_device_info_t prop, ol__value* v, const char* fn) {
    if (!d) return OL__NULL_HANDLE(fn, "Device");
    const offload_device_info* info = &d->info;
    uint32_t work_dims[3];
    uint64_t work_size = 1;
    for (int i = 0; i < 3; i++) {
        work_dims[i] = ol__clamp_u32((uint64_t)info->max_grid_dims[i] * info->max_block_dims[i]);
        work_size *= work_dims[i];
    }
    switch (prop) {
    case OL_DEVICE_INFO_TYPE:
        ol__set_u32(v, ol__runs_on(info) == OFFLOAD_BACKEND_HOST ? OL_DEVICE_TYPE_HOST : OL_DEVICE_TYPE_GPU);
        break;
    case OL_DEVICE_INFO_PLATFORM:
        ol__set_pointer(v, d->platform);
        break;
    case OL_DEVICE_INFO_NAME:
    case OL_DEVICE_INFO_PRODUCT_NAME:
        ol__set_string(v, info->name);
        break;
    case OL_DEVICE_INFO_UID:
        ol__set_string(v, d->uid);
        break;
    case OL_DEVICE_INFO_VENDOR:
        ol__set_string(v, info->vendor);
        break;
    case OL_DEVICE_INFO_DRIVER_VERSION:
        ol__set_string(v, d->platform->version);
        break;
    case OL_DEVICE_INFO_MAX_WORK_GROUP_SIZE:
        ol__set_u32(v, info->max_block_size);
        break;
    case OL_DEVICE_INFO_MAX_WORK_GROUP_SIZE_PER_DIMENSION:
        ol__set_dims(v, info->max_block_dims);
        break;
    case OL_DEVICE_INFO_MAX_WORK_SIZE:
        ol__set_u32(v, ol__clamp_u32(work_size));
        break;
    case OL_DEVICE_INFO_MAX_WORK_SIZE_PER_DIMENSION:
        ol__set_dims(v, work_dims);
        break;
    case OL_DEVICE_INFO_VENDOR_ID:
        ol__set_u32(v, ol__vendor_id(info));
        break;
    case OL_DEVICE_INFO_NUM_COMPUTE_UNITS:
        ol__set_u32(v, info->compute_units);
        break;
    case OL_DEVICE_INFO_MAX_CLOCK_FREQUENCY:
    case OL_DEVICE_INFO_MEMORY_CLOCK_RATE:
        ol__set_u32(v, 0);
        break; /* not reported by offload.h: 0 = unknown */
    case OL_DEVICE_INFO_ADDRESS_BITS:
        ol__set_u32(v, 64);
        break;
    case OL_DEVICE_INFO_MAX_MEM_ALLOC_SIZE:
    case OL_DEVICE_INFO_GLOBAL_MEM_SIZE:
        ol__set_u64(v, info->memory_bytes);
        break;
    case OL_DEVICE_INFO_WORK_GROUP_LOCAL_MEM_SIZE:
        ol__set_u64(v, info->max_shared_memory);
        break;
    case OL_DEVICE_INFO_SINGLE_FP_CONFIG:
    case OL_DEVICE_INFO_DOUBLE_FP_CONFIG:
    case OL_DEVICE_INFO_HALF_FP_CONFIG:
        ol__set_u32(v, ol__fp_config(info, prop));
        break;
    case OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_CHAR:
    case OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_SHORT:
    case OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_INT:
    case OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_LONG:
    case OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_FLOAT:
    case OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_DOUBLE:
    case OL_DEVICE_INFO_NATIVE_VECTOR_WIDTH_HALF:
        ol__set_u32(v, ol__vector_width(info, prop));
        break;
    default:
        return ol__bad_enum(fn, (unsigned)prop);
    }
    return OL_SUCCESS;
}

ol_result_t olGetDeviceInfo(ol_device_handle_t Device, ol_device_info_t PropName, size_t PropSize, void* PropValue) {
    static const char fn[] = "olGetDeviceInfo";
    OL__ENTER(fn);
    (void)s;
    ol__value v;
    ol_result_t r = ol__device_value(Device, PropName, &v, fn);
    return r ? r : ol__write_info(&v, PropSize, PropValue, fn);
}

ol_result_t olGetDeviceInfoSize(ol_device_handle_t Device, ol_device_info_t PropName, size_t* PropSizeRet) {
    static const char fn[] = "olGetDeviceInfoSize";
    OL__ENTER(fn);
    (void)s;
    ol__value v;
    ol_result_t r = ol__device_value(Device, PropName, &v, fn);
    return r ? r : ol__write_info_size(&v, PropSizeRet, fn);
}

static ol_device_handle_t ol__device_of(const ol__state* s, offload_device device) {
    for (uint32_t i = 0; i < s->device_count; i++)
        if (s->devices[i].device.id == device.id) return &s->devices[i];
    return NULL;
}

/* ---- Memory ----------------------------------------------------------------------------------- */

ol_result_t olMemAlloc(ol_device_handle_t Device, ol_alloc_type_t Type, size_t Size, void** AllocationOut) {
    static const char fn[] = "olMemAlloc";
    OL__ENTER(fn);
    if (!Device) return OL__NULL_HANDLE(fn, "Device");
    if (!AllocationOut) return OL__NULL_POINTER(fn, "AllocationOut");
    if (Size == 0) return ol__fail(OL_ERRC_INVALID_SIZE, fn, "Size is 0");
    offload_mem_kind kind;
    switch (Type) {
    case OL_ALLOC_TYPE_HOST:
        kind = OFFLOAD_MEM_HOST;
        break;
    case OL_ALLOC_TYPE_DEVICE:
        kind = OFFLOAD_MEM_DEVICE;
        break;
    case OL_ALLOC_TYPE_MANAGED:
        kind = OFFLOAD_MEM_SHARED;
        break;
    default:
        return ol__fail(OL_ERRC_INVALID_ENUMERATION, fn, "Type %u is not an allocation type", (unsigned)Type);
    }
    return ol__result(s, offload_mem_alloc(s->ctx, Device->device, kind, Size, AllocationOut), fn);
}

ol_result_t olMemFree(void* Address) {
    static const char fn[] = "olMemFree";
    OL__ENTER(fn);
    if (!Address) return OL__NULL_POINTER(fn, "Address");
    return ol__result(s, offload_mem_free(s->ctx, Address), fn);
}

static ol_result_t ol__mem_value(const ol__state* s, const void* ptr, ol_mem_info_t prop, ol__value* v,
                                 const char* fn) {
    if (!ptr) return OL__NULL_POINTER(fn, "Ptr");
    if ((unsigned)prop >= OL_MEM_INFO_LAST) return ol__bad_enum(fn, (unsigned)prop);
    offload_mem_info info;
    offload_result r = offload_mem_get_info(s->ctx, ptr, &info);
    if (r != OFFLOAD_SUCCESS) return ol__result(s, r, fn);
    switch (prop) {
    case OL_MEM_INFO_DEVICE:
        ol__set_pointer(v, ol__device_of(s, info.device));
        break;
    case OL_MEM_INFO_BASE:
        ol__set_pointer(v, info.base);
        break;
    case OL_MEM_INFO_SIZE:
        ol__set_size(v, info.size);
        break;
    default: /* OL_MEM_INFO_TYPE */
        ol__set_u32(v, info.kind == OFFLOAD_MEM_HOST     ? OL_ALLOC_TYPE_HOST
                       : info.kind == OFFLOAD_MEM_SHARED ? OL_ALLOC_TYPE_MANAGED
                                                         : OL_ALLOC_TYPE_DEVICE);
        break;
    }
    return OL_SUCCESS;
}

ol_result_t olGetMemInfo(const void* Ptr, ol_mem_info_t PropName, size_t PropSize, void* PropValue) {
    static const char fn[] = "olGetMemInfo";
    OL__ENTER(fn);
    ol__value v;
    ol_result_t r = ol__mem_value(s, Ptr, PropName, &v, fn);
    return r ? r : ol__write_info(&v, PropSize, PropValue, fn);
}

ol_result_t olGetMemInfoSize(const void* Ptr, ol_mem_info_t PropName, size_t* PropSizeRet) {
    static const char fn[] = "olGetMemInfoSize";
    OL__ENTER(fn);
    ol__value v;
    ol_result_t r = ol__mem_value(s, Ptr, PropName, &v, fn);
    return r ? r : ol__write_info_size(&v, PropSizeRet, fn);
}

ol_result_t olMemcpy(ol_queue_handle_t Queue, void* DstPtr, ol_device_handle_t DstDevice, const void* SrcPtr,
                     ol_device_handle_t SrcDevice, size_t Size) {
    static const char fn[] = "olMemcpy";
    OL__ENTER(fn);
    if (!DstDevice) return OL__NULL_HANDLE(fn, "DstDevice");
    if (!SrcDevice) return OL__NULL_HANDLE(fn, "SrcDevice");
    if (!DstPtr) return OL__NULL_POINTER(fn, "DstPtr");
    if (!SrcPtr) return OL__NULL_POINTER(fn, "SrcPtr");
    offload_result r =
        Queue ? offload_memcpy_async(s->ctx, Queue->queue, DstDevice->device, DstPtr, SrcDevice->device, SrcPtr, Size)
              : offload_memcpy(s->ctx, DstDevice->device, DstPtr, SrcDevice->device, SrcPtr, Size);
    return ol__result(s, r, fn);
}

/* A fill the core cannot do itself (a pattern other than 1, 2 or 4 bytes, or a pointer not
   aligned to it): after the queue's earlier work, copy a host buffer of repeated patterns. */
static offload_result ol__fill_staged(const ol__state* s, ol_queue_handle_t queue, offload_device device, char* ptr,
                                      const void* pattern, size_t pattern_size, size_t size) {
    if (queue) {
        offload_result r = offload_queue_synchronize(s->ctx, queue->queue);
        if (r != OFFLOAD_SUCCESS) return r;
    }
    size_t chunk = OL__FILL_CHUNK / pattern_size * pattern_size;
    if (chunk == 0) chunk = pattern_size;
    if (chunk > size) chunk = size;
    char* staging = malloc(chunk);
    if (!staging) return OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
    for (size_t i = 0; i < chunk; i += pattern_size) memcpy(staging + i, pattern, pattern_size);
    offload_result r = OFFLOAD_SUCCESS;
    for (size_t done = 0; done < size && r == OFFLOAD_SUCCESS; done += chunk) {
        size_t n = size - done < chunk ? size - done : chunk;
        r = offload_memcpy(s->ctx, device, ptr + done, s->host->device, staging, n);
    }
    free(staging);
    return r;
}

/* The device that holds ptr: its allocation's, else the queue's, else (plain host memory) the host. */
static offload_device ol__fill_device(const ol__state* s, ol_queue_handle_t queue, const void* ptr) {
    offload_mem_info info;
    if (offload_mem_get_info(s->ctx, ptr, &info) == OFFLOAD_SUCCESS) return info.device;
    return queue ? queue->device->device : s->host->device;
}

ol_result_t olMemFill(ol_queue_handle_t Queue, void* Ptr, size_t PatternSize, const void* PatternPtr, size_t FillSize) {
    static const char fn[] = "olMemFill";
    OL__ENTER(fn);
    if (!Ptr) return OL__NULL_POINTER(fn, "Ptr");
    if (!PatternPtr) return OL__NULL_POINTER(fn, "PatternPtr");
    if (PatternSize == 0) return ol__fail(OL_ERRC_INVALID_SIZE, fn, "PatternSize is 0");
    if (FillSize % PatternSize)
        return ol__fail(OL_ERRC_INVALID_SIZE, fn, "FillSize %zu is not a multiple of PatternSize %zu", FillSize,
                        PatternSize);
    offload_device device = ol__fill_device(s, Queue, Ptr);
    if (Queue && Queue->device->device.id != device.id)
        return ol__fail(OL_ERRC_INVALID_DEVICE, fn, "Ptr belongs to another device than the queue");
    if (FillSize == 0) return OL_SUCCESS;
    offload_result r;
    if ((PatternSize == 1 || PatternSize == 2 || PatternSize == 4) && (uintptr_t)Ptr % PatternSize == 0)
        r = offload_memfill(s->ctx, Queue ? Queue->queue : (offload_queue){0}, device, Ptr, PatternPtr, PatternSize,
                            FillSize);
    else
        r = ol__fill_staged(s, Queue, device, Ptr, PatternPtr, PatternSize, FillSize);
    return ol__result(s, r, fn);
}

/* Host memory is already reachable by the host device, so registering it there records the
   range and hands the pointer back. The GPU backends cannot pin foreign memory through
   offload.h: that is reported as unsupported. */
ol_result_t olMemRegister(ol_device_handle_t Device, void* Ptr, size_t Size, ol_memory_register_flags_t Flags,
                          void** PinnedPtr) {
    static const char fn[] = "olMemRegister";
    OL__ENTER(fn);
    (void)Flags; /* reserved */
    if (!Device) return OL__NULL_HANDLE(fn, "Device");
    if (!Ptr) return OL__NULL_POINTER(fn, "Ptr");
    if (!PinnedPtr) return OL__NULL_POINTER(fn, "PinnedPtr");
    if (Size == 0) return ol__fail(OL_ERRC_INVALID_SIZE, fn, "Size is 0");
    if (Device != s->host)
        return ol__fail(OL_ERRC_UNSUPPORTED, fn,
                        "registering host memory with %s is not supported; allocate it with "
                        "olMemAlloc(OL_ALLOC_TYPE_HOST) instead",
                        Device->info.name);
    char* base = Ptr;
    ol_result_t result = OL_SUCCESS;
    pthread_mutex_lock(&s->lock);
    ol__registration* reg = s->registrations;
    while (reg && !(base < reg->base + reg->size && reg->base < base + Size)) reg = reg->next;
    if (reg && (reg->base != base || reg->size != Size)) {
        result = ol__fail(OL_ERRC_INVALID_ARGUMENT, fn, "[%p, +%zu) partly overlaps the registered [%p, +%zu)", Ptr,
                          Size, (void*)reg->base, reg->size);
    } else if (reg) {
        reg->users++;
    } else if ((reg = calloc(1, sizeof *reg))) {
        *reg = (ol__registration){s->registrations, base, Size, 1};
        s->registrations = reg;
    } else {
        result = ol__fail(OL_ERRC_OUT_OF_RESOURCES, fn, "out of host memory");
    }
    pthread_mutex_unlock(&s->lock);
    if (result == OL_SUCCESS) *PinnedPtr = Ptr;
    return result;
}

ol_result_t olMemUnregister(ol_device_handle_t Device, void* Ptr) {
    static const char fn[] = "olMemUnregister";
    OL__ENTER(fn);
    if (!Device) return OL__NULL_HANDLE(fn, "Device");
    if (!Ptr) return OL__NULL_POINTER(fn, "Ptr");
    if (Device != s->host) return ol__fail(OL_ERRC_UNSUPPORTED, fn, "%s registers no host memory", Device->info.name);
    ol_result_t result = OL_SUCCESS;
    pthread_mutex_lock(&s->lock);
    ol__registration** link = &s->registrations;
    while (*link && (*link)->base != (char*)Ptr) link = &(*link)->next;
    if (!*link) {
        result = ol__fail(OL_ERRC_INVALID_ARGUMENT, fn, "%p was not registered", Ptr);
    } else if (--(*link)->users == 0) {
        ol__registration* reg = *link;
        *link = reg->next;
        free(reg);
    }
    pthread_mutex_unlock(&s->lock);
    return result;
}

/* ---- Queues ----------------------------------------------------------------------------------- */

ol_result_t olCreateQueue(ol_device_handle_t Device, ol_queue_handle_t* Queue) {
    static const char fn[] = "olCreateQueue";
    OL__ENTER(fn);
    if (!Device) return OL__NULL_HANDLE(fn, "Device");
    if (!Queue) return OL__NULL_POINTER(fn, "Queue");
    struct ol_queue_impl_t* q = calloc(1, sizeof *q);
    if (!q) return ol__fail(OL_ERRC_OUT_OF_RESOURCES, fn, "out of host memory");
    offload_result r = offload_queue_create(s->ctx, Device->device, &q->queue);
    if (r != OFFLOAD_SUCCESS) {
        free(q);
        return ol__result(s, r, fn);
    }
    q->device = Device;
    ol__track(s, &q->node, ol__release_free);
    *Queue = q;
    return OL_SUCCESS;
}

ol_result_t olDestroyQueue(ol_queue_handle_t Queue) {
    static const char fn[] = "olDestroyQueue";
    OL__ENTER(fn);
    if (!Queue) return OL__NULL_HANDLE(fn, "Queue");
    offload_result r = offload_queue_destroy(s->ctx, Queue->queue);
    ol__untrack(s, &Queue->node);
    free(Queue);
    return ol__result(s, r, fn);
}

ol_result_t olSyncQueue(ol_queue_handle_t Queue) {
    static const char fn[] = "olSyncQueue";
    OL__ENTER(fn);
    if (!Queue) return OL__NULL_HANDLE(fn, "Queue");
    return ol__result(s, offload_queue_synchronize(s->ctx, Queue->queue), fn);
}

ol_result_t olWaitEvents(ol_queue_handle_t Queue, ol_event_handle_t* Events, size_t NumEvents) {
    static const char fn[] = "olWaitEvents";
    OL__ENTER(fn);
    if (!Queue) return OL__NULL_HANDLE(fn, "Queue");
    if (!Events) return OL__NULL_POINTER(fn, "Events");
    for (size_t i = 0; i < NumEvents; i++)
        if (!Events[i]) return ol__fail(OL_ERRC_INVALID_NULL_HANDLE, fn, "Events[%zu] is NULL", i);
    for (size_t i = 0; i < NumEvents; i++) {
        offload_result r = offload_queue_wait_event(s->ctx, Queue->queue, Events[i]->event);
        if (r != OFFLOAD_SUCCESS) return ol__result(s, r, fn);
    }
    return OL_SUCCESS;
}

ol_result_t olLaunchHostFunction(ol_queue_handle_t Queue, ol_host_function_cb_t Callback, void* UserData) {
    static const char fn[] = "olLaunchHostFunction";
    OL__ENTER(fn);
    if (!Queue) return OL__NULL_HANDLE(fn, "Queue");
    if (!Callback) return OL__NULL_POINTER(fn, "Callback");
    return ol__result(s, offload_queue_host_callback(s->ctx, Queue->queue, Callback, UserData), fn);
}

/* A completion query's answer as a bool: OFFLOAD_ERROR_NOT_READY is "false", not an error. */
static ol_result_t ol__set_done(const ol__state* s, offload_result query, ol__value* v, const char* fn) {
    if (query != OFFLOAD_SUCCESS && query != OFFLOAD_ERROR_NOT_READY) return ol__result(s, query, fn);
    ol__set_bool(v, query == OFFLOAD_SUCCESS);
    return OL_SUCCESS;
}

static ol_result_t ol__queue_value(const ol__state* s, ol_queue_handle_t q, ol_queue_info_t prop, ol__value* v,
                                   const char* fn) {
    if (!q) return OL__NULL_HANDLE(fn, "Queue");
    switch (prop) {
    case OL_QUEUE_INFO_DEVICE:
        ol__set_pointer(v, q->device);
        return OL_SUCCESS;
    case OL_QUEUE_INFO_EMPTY:
        return ol__set_done(s, offload_queue_query(s->ctx, q->queue), v, fn);
    default:
        return ol__bad_enum(fn, (unsigned)prop);
    }
}

ol_result_t olGetQueueInfo(ol_queue_handle_t Queue, ol_queue_info_t PropName, size_t PropSize, void* PropValue) {
    static const char fn[] = "olGetQueueInfo";
    OL__ENTER(fn);
    ol__value v;
    ol_result_t r = ol__queue_value(s, Queue, PropName, &v, fn);
    return r ? r : ol__write_info(&v, PropSize, PropValue, fn);
}

ol_result_t olGetQueueInfoSize(ol_queue_handle_t Queue, ol_queue_info_t PropName, size_t* PropSizeRet) {
    static const char fn[] = "olGetQueueInfoSize";
    OL__ENTER(fn);
    ol__value v;
    ol_result_t r = ol__queue_value(s, Queue, PropName, &v, fn);
    return r ? r : ol__write_info_size(&v, PropSizeRet, fn);
}

/* ---- Events ----------------------------------------------------------------------------------- */

ol_result_t olCreateEvent(ol_queue_handle_t Queue, ol_event_handle_t* Event) {
    static const char fn[] = "olCreateEvent";
    OL__ENTER(fn);
    if (!Queue) return OL__NULL_HANDLE(fn, "Queue");
    if (!Event) return OL__NULL_POINTER(fn, "Event");
    struct ol_event_impl_t* e = calloc(1, sizeof *e);
    if (!e) return ol__fail(OL_ERRC_OUT_OF_RESOURCES, fn, "out of host memory");
    offload_result r = offload_event_create(s->ctx, Queue->device->device, &e->event);
    if (r == OFFLOAD_SUCCESS) {
        r = offload_event_record(s->ctx, e->event, Queue->queue);
        if (r != OFFLOAD_SUCCESS) {
            ol_result_t failure = ol__result(s, r, fn); /* before the destroy can replace the message */
            offload_event_destroy(s->ctx, e->event);
            free(e);
            return failure;
        }
    }
    if (r != OFFLOAD_SUCCESS) {
        free(e);
        return ol__result(s, r, fn);
    }
    e->queue = Queue;
    ol__track(s, &e->node, ol__release_free);
    *Event = e;
    return OL_SUCCESS;
}

ol_result_t olDestroyEvent(ol_event_handle_t Event) {
    static const char fn[] = "olDestroyEvent";
    OL__ENTER(fn);
    if (!Event) return OL__NULL_HANDLE(fn, "Event");
    offload_result r = offload_event_destroy(s->ctx, Event->event);
    ol__untrack(s, &Event->node);
    free(Event);
    return ol__result(s, r, fn);
}

ol_result_t olSyncEvent(ol_event_handle_t Event) {
    static const char fn[] = "olSyncEvent";
    OL__ENTER(fn);
    if (!Event) return OL__NULL_HANDLE(fn, "Event");
    return ol__result(s, offload_event_synchronize(s->ctx, Event->event), fn);
}

static ol_result_t ol__event_value(const ol__state* s, ol_event_handle_t e, ol_event_info_t prop, ol__value* v,
                                   const char* fn) {
    if (!e) return OL__NULL_HANDLE(fn, "Event");
    switch (prop) {
    case OL_EVENT_INFO_QUEUE:
        ol__set_pointer(v, e->queue);
        return OL_SUCCESS;
    case OL_EVENT_INFO_IS_COMPLETE:
        return ol__set_done(s, offload_event_query(s->ctx, e->event), v, fn);
    default:
        return ol__bad_enum(fn, (unsigned)prop);
    }
}

ol_result_t olGetEventInfo(ol_event_handle_t Event, ol_event_info_t PropName, size_t PropSize, void* PropValue) {
    static const char fn[] = "olGetEventInfo";
    OL__ENTER(fn);
    ol__value v;
    ol_result_t r = ol__event_value(s, Event, PropName, &v, fn);
    return r ? r : ol__write_info(&v, PropSize, PropValue, fn);
}

ol_result_t olGetEventInfoSize(ol_event_handle_t Event, ol_event_info_t PropName, size_t* PropSizeRet) {
    static const char fn[] = "olGetEventInfoSize";
    OL__ENTER(fn);
    ol__value v;
    ol_result_t r = ol__event_value(s, Event, PropName, &v, fn);
    return r ? r : ol__write_info_size(&v, PropSizeRet, fn);
}

/* ---- Programs and symbols -------------------------------------------------------------------- */

ol_result_t olCreateProgram(ol_device_handle_t Device, const void* ProgData, size_t ProgDataSize,
                            ol_program_handle_t* Program) {
    static const char fn[] = "olCreateProgram";
    OL__ENTER(fn);
    if (!Device) return OL__NULL_HANDLE(fn, "Device");
    if (!ProgData) return OL__NULL_POINTER(fn, "ProgData");
    if (!Program) return OL__NULL_POINTER(fn, "Program");
    if (ProgDataSize == 0) return ol__fail(OL_ERRC_INVALID_SIZE, fn, "ProgDataSize is 0");
    struct ol_program_impl_t* p = calloc(1, sizeof *p);
    if (!p) return ol__fail(OL_ERRC_OUT_OF_RESOURCES, fn, "out of host memory");
    offload_program_desc desc = {.image = ProgData, .size = ProgDataSize};
    offload_result r = offload_program_create(s->ctx, Device->device, &desc, &p->program);
    if (r != OFFLOAD_SUCCESS) {
        free(p);
        return ol__result(s, r, fn);
    }
    p->device = Device;
    ol__track(s, &p->node, ol__release_program);
    *Program = p;
    return OL_SUCCESS;
}

ol_result_t olDestroyProgram(ol_program_handle_t Program) {
    static const char fn[] = "olDestroyProgram";
    OL__ENTER(fn);
    if (!Program) return OL__NULL_HANDLE(fn, "Program");
    offload_result r = offload_program_destroy(s->ctx, Program->program);
    ol__untrack(s, &Program->node);
    ol__release_program(&Program->node);
    return ol__result(s, r, fn);
}

/* Whether an image of this format can be loaded on the device (without loading it). */
static bool ol__image_fits(const ol__state* s, offload_image_format format, offload_backend backend) {
    switch (format) {
    case OFFLOAD_IMAGE_HOST_ELF:
        return backend == OFFLOAD_BACKEND_HOST;
    case OFFLOAD_IMAGE_CUBIN:
    case OFFLOAD_IMAGE_FATBIN:
    case OFFLOAD_IMAGE_PTX:
        return backend == OFFLOAD_BACKEND_CUDA;
    case OFFLOAD_IMAGE_AMDGPU_ELF:
        return backend == OFFLOAD_BACKEND_AMDGPU;
    case OFFLOAD_IMAGE_LLVM_BITCODE:
    case OFFLOAD_IMAGE_LLVM_IR:
        return s->jit_available;
    default:
        return false;
    }
}

ol_result_t olIsValidBinary(ol_device_handle_t Device, const void* ProgData, size_t ProgDataSize, bool* Valid) {
    static const char fn[] = "olIsValidBinary";
    OL__ENTER(fn);
    if (!Device) return OL__NULL_HANDLE(fn, "Device");
    if (!ProgData) return OL__NULL_POINTER(fn, "ProgData");
    if (!Valid) return OL__NULL_POINTER(fn, "Valid");
    *Valid = ol__image_fits(s, offload_image_detect(ProgData, ProgDataSize), ol__runs_on(&Device->info));
    return OL_SUCCESS;
}

/* Looks the symbol up in the core; the caller links it into the program. */
static ol_result_t ol__symbol_make(const ol__state* s, ol_program_handle_t p, const char* name, ol_symbol_kind_t kind,
                                   struct ol_symbol_impl_t** out, const char* fn) {
    struct ol_symbol_impl_t* sym = calloc(1, sizeof *sym);
    if (!sym || !(sym->name = strdup(name))) {
        free(sym);
        return ol__fail(OL_ERRC_OUT_OF_RESOURCES, fn, "out of host memory");
    }
    sym->program = p;
    sym->kind = kind;
    offload_result r = kind == OL_SYMBOL_KIND_KERNEL
                           ? offload_kernel_get(s->ctx, p->program, name, &sym->kernel)
                           : offload_global_get(s->ctx, p->program, name, &sym->address, &sym->size);
    if (r != OFFLOAD_SUCCESS) {
        ol__symbols_free(sym);
        return ol__result(s, r, fn);
    }
    *out = sym;
    return OL_SUCCESS;
}

static struct ol_symbol_impl_t* ol__symbol_find(ol_program_handle_t p, const char* name, ol_symbol_kind_t kind) {
    for (struct ol_symbol_impl_t* sym = p->symbols; sym; sym = sym->next)
        if (sym->kind == kind && strcmp(sym->name, name) == 0) return sym;
    return NULL;
}

ol_result_t olGetSymbol(ol_program_handle_t Program, const char* Name, ol_symbol_kind_t Kind,
                        ol_symbol_handle_t* Symbol) {
    static const char fn[] = "olGetSymbol";
    OL__ENTER(fn);
    if (!Program) return OL__NULL_HANDLE(fn, "Program");
    if (!Name) return OL__NULL_POINTER(fn, "Name");
    if (!Symbol) return OL__NULL_POINTER(fn, "Symbol");
    if ((unsigned)Kind >= OL_SYMBOL_KIND_LAST)
        return ol__fail(OL_ERRC_INVALID_ENUMERATION, fn, "Kind %u is not a symbol kind", (unsigned)Kind);
    /* One handle per (name, kind): asking again returns the same symbol. */
    pthread_mutex_lock(&s->lock);
    struct ol_symbol_impl_t* sym = ol__symbol_find(Program, Name, Kind);
    pthread_mutex_unlock(&s->lock);
    if (!sym) {
        ol_result_t r = ol__symbol_make(s, Program, Name, Kind, &sym, fn);
        if (r) return r;
        pthread_mutex_lock(&s->lock);
        struct ol_symbol_impl_t* raced = ol__symbol_find(Program, Name, Kind);
        if (raced) {
            ol__symbols_free(sym);
            sym = raced;
        } else {
            sym->next = Program->symbols;
            Program->symbols = sym;
        }
        pthread_mutex_unlock(&s->lock);
    }
    *Symbol = sym;
    return OL_SUCCESS;
}

static ol_result_t ol__symbol_value(ol_symbol_handle_t sym, ol_symbol_info_t prop, ol__value* v, const char* fn) {
    if (!sym) return OL__NULL_HANDLE(fn, "Symbol");
    switch (prop) {
    case OL_SYMBOL_INFO_KIND:
        ol__set_u32(v, (uint32_t)sym->kind);
        return OL_SUCCESS;
    case OL_SYMBOL_INFO_GLOBAL_VARIABLE_ADDRESS:
    case OL_SYMBOL_INFO_GLOBAL_VARIABLE_SIZE:
        if (sym->kind != OL_SYMBOL_KIND_GLOBAL_VARIABLE)
            return ol__fail(OL_ERRC_SYMBOL_KIND, fn, "'%s' is a kernel, not a global variable", sym->name);
        if (prop == OL_SYMBOL_INFO_GLOBAL_VARIABLE_ADDRESS)
            ol__set_pointer(v, sym->address);
        else
            ol__set_size(v, sym->size);
        return OL_SUCCESS;
    default:
        return ol__bad_enum(fn, (unsigned)prop);
    }
}

ol_result_t olGetSymbolInfo(ol_symbol_handle_t Symbol, ol_symbol_info_t PropName, size_t PropSize, void* PropValue) {
    static const char fn[] = "olGetSymbolInfo";
    OL__ENTER(fn);
    (void)s;
    ol__value v;
    ol_result_t r = ol__symbol_value(Symbol, PropName, &v, fn);
    return r ? r : ol__write_info(&v, PropSize, PropValue, fn);
}

ol_result_t olGetSymbolInfoSize(ol_symbol_handle_t Symbol, ol_symbol_info_t PropName, size_t* PropSizeRet) {
    static const char fn[] = "olGetSymbolInfoSize";
    OL__ENTER(fn);
    (void)s;
    ol__value v;
    ol_result_t r = ol__symbol_value(Symbol, PropName, &v, fn);
    return r ? r : ol__write_info_size(&v, PropSizeRet, fn);
}

/* ---- Launch ----------------------------------------------------------------------------------- */

static inline __attribute__((always_inline)) ol_result_t ol__check_kernel(ol_device_handle_t device,
                                                                          ol_symbol_handle_t kernel, const char* fn) {
    if (!device) return OL__NULL_HANDLE(fn, "Device");
    if (!kernel) return OL__NULL_HANDLE(fn, "Kernel");
    if (kernel->kind != OL_SYMBOL_KIND_KERNEL)
        return ol__fail(OL_ERRC_SYMBOL_KIND, fn, "'%s' is a global variable, not a kernel", kernel->name);
    if (kernel->program->device != device)
        return ol__fail(OL_ERRC_INVALID_DEVICE, fn, "kernel '%s' was loaded on %s, not on %s", kernel->name,
                        kernel->program->device->info.name, device->info.name);
    return OL_SUCCESS;
}

ol_result_t olLaunchKernel(ol_queue_handle_t Queue, ol_device_handle_t Device, ol_symbol_handle_t Kernel,
                           const void* ArgumentsData, size_t ArgumentsSize,
                           const ol_kernel_launch_size_args_t* LaunchSizeArgs) {
    static const char fn[] = "olLaunchKernel";
    OL__ENTER(fn);
    ol_result_t check = ol__check_kernel(Device, Kernel, fn);
    if (check) return check;
    if (!LaunchSizeArgs) return OL__NULL_POINTER(fn, "LaunchSizeArgs");
    if (ArgumentsSize > 0 && !ArgumentsData)
        return ol__fail(OL_ERRC_INVALID_ARGUMENT, fn, "ArgumentsSize is %zu but ArgumentsData is NULL", ArgumentsSize);
    if (Queue && Queue->device != Device)
        return ol__fail(OL_ERRC_INVALID_DEVICE, fn, "the queue belongs to %s, not to %s", Queue->device->info.name,
                        Device->info.name);
    const ol_kernel_launch_size_args_t* l = LaunchSizeArgs;
    offload_launch_desc desc = {
        .grid = {l->NumGroups.x, l->NumGroups.y, l->NumGroups.z},
        .block = {l->GroupSize.x, l->GroupSize.y, l->GroupSize.z},
        .shared_memory = l->DynSharedMemory,
        .args = ArgumentsData,
        .args_size = ArgumentsSize,
    };
    return ol__result(s, offload_launch(s->ctx, Queue ? Queue->queue : (offload_queue){0}, Kernel->kernel, &desc), fn);
}

/* The largest work group whose dynamic shared memory (SharedMemory bytes per work item) fits
   the device: offload.h reports no per-kernel occupancy, so the kernel's own register and
   static shared memory use are not taken into account. */
ol_result_t olCalculateOptimalOccupancy(ol_device_handle_t Device, ol_symbol_handle_t Kernel, size_t SharedMemory,
                                        size_t* GroupSize) {
    static const char fn[] = "olCalculateOptimalOccupancy";
    OL__ENTER(fn);
    (void)s;
    ol_result_t check = ol__check_kernel(Device, Kernel, fn);
    if (check) return check;
    if (!GroupSize) return OL__NULL_POINTER(fn, "GroupSize");
    size_t size = Device->info.max_block_size;
    if (SharedMemory && Device->info.max_shared_memory / SharedMemory < size)
        size = (size_t)(Device->info.max_shared_memory / SharedMemory);
    if (size == 0)
        return ol__fail(OL_ERRC_OUT_OF_RESOURCES, fn,
                        "%zu bytes of shared memory per work item exceed the device's %llu", SharedMemory,
                        (unsigned long long)Device->info.max_shared_memory);
    *GroupSize = size;
    return OL_SUCCESS;
}

/* ---- The ...WithCodeLoc twins: the code location is not used. ------------------------------- */

#define OL__TWIN(name, params, args)                                                                                   \
    ol_result_t name##WithCodeLoc params {                                                                             \
        (void)CodeLocation;                                                                                            \
        return name args;                                                                                              \
    }

OL__TWIN(olInit, (ol_code_location_t * CodeLocation), ())
OL__TWIN(olShutDown, (ol_code_location_t * CodeLocation), ())
OL__TWIN(olGetPlatformInfo,
         (ol_platform_handle_t Platform, ol_platform_info_t PropName, size_t PropSize, void* PropValue,
          ol_code_location_t* CodeLocation),
         (Platform, PropName, PropSize, PropValue))
OL__TWIN(olGetPlatformInfoSize,
         (ol_platform_handle_t Platform, ol_platform_info_t PropName, size_t* PropSizeRet,
          ol_code_location_t* CodeLocation),
         (Platform, PropName, PropSizeRet))
OL__TWIN(olIterateDevices, (ol_device_iterate_cb_t Callback, void* UserData, ol_code_location_t* CodeLocation),
         (Callback, UserData))
OL__TWIN(olGetDeviceInfo,
         (ol_device_handle_t Device, ol_device_info_t PropName, size_t PropSize, void* PropValue,
          ol_code_location_t* CodeLocation),
         (Device, PropName, PropSize, PropValue))
OL__TWIN(olGetDeviceInfoSize,
         (ol_device_handle_t Device, ol_device_info_t PropName, size_t* PropSizeRet, ol_code_location_t* CodeLocation),
         (Device, PropName, PropSizeRet))
OL__TWIN(olMemAlloc,
         (ol_device_handle_t Device, ol_alloc_type_t Type, size_t Size, void** AllocationOut,
          ol_code_location_t* CodeLocation),
         (Device, Type, Size, AllocationOut))
OL__TWIN(olMemFree, (void* Address, ol_code_location_t* CodeLocation), (Address))
OL__TWIN(olGetMemInfo,
         (const void* Ptr, ol_mem_info_t PropName, size_t PropSize, void* PropValue, ol_code_location_t* CodeLocation),
         (Ptr, PropName, PropSize, PropValue))
OL__TWIN(olGetMemInfoSize,
         (const void* Ptr, ol_mem_info_t PropName, size_t* PropSizeRet, ol_code_location_t* CodeLocation),
         (Ptr, PropName, PropSizeRet))
OL__TWIN(olMemcpy,
         (ol_queue_handle_t Queue, void* DstPtr, ol_device_handle_t DstDevice, const void* SrcPtr,
          ol_device_handle_t SrcDevice, size_t Size, ol_code_location_t* CodeLocation),
         (Queue, DstPtr, DstDevice, SrcPtr, SrcDevice, Size))
OL__TWIN(olMemFill,
         (ol_queue_handle_t Queue, void* Ptr, size_t PatternSize, const void* PatternPtr, size_t FillSize,
          ol_code_location_t* CodeLocation),
         (Queue, Ptr, PatternSize, PatternPtr, FillSize))
OL__TWIN(olMemRegister,
         (ol_device_handle_t Device, void* Ptr, size_t Size, ol_memory_register_flags_t Flags, void** PinnedPtr,
          ol_code_location_t* CodeLocation),
         (Device, Ptr, Size, Flags, PinnedPtr))
OL__TWIN(olMemUnregister, (ol_device_handle_t Device, void* Ptr, ol_code_location_t* CodeLocation), (Device, Ptr))
OL__TWIN(olCreateQueue, (ol_device_handle_t Device, ol_queue_handle_t* Queue, ol_code_location_t* CodeLocation),
         (Device, Queue))
OL__TWIN(olDestroyQueue, (ol_queue_handle_t Queue, ol_code_location_t* CodeLocation), (Queue))
OL__TWIN(olSyncQueue, (ol_queue_handle_t Queue, ol_code_location_t* CodeLocation), (Queue))
OL__TWIN(olWaitEvents,
         (ol_queue_handle_t Queue, ol_event_handle_t* Events, size_t NumEvents, ol_code_location_t* CodeLocation),
         (Queue, Events, NumEvents))
OL__TWIN(olLaunchHostFunction,
         (ol_queue_handle_t Queue, ol_host_function_cb_t Callback, void* UserData, ol_code_location_t* CodeLocation),
         (Queue, Callback, UserData))
OL__TWIN(olGetQueueInfo,
         (ol_queue_handle_t Queue, ol_queue_info_t PropName, size_t PropSize, void* PropValue,
          ol_code_location_t* CodeLocation),
         (Queue, PropName, PropSize, PropValue))
OL__TWIN(olGetQueueInfoSize,
         (ol_queue_handle_t Queue, ol_queue_info_t PropName, size_t* PropSizeRet, ol_code_location_t* CodeLocation),
         (Queue, PropName, PropSizeRet))
OL__TWIN(olCreateEvent, (ol_queue_handle_t Queue, ol_event_handle_t* Event, ol_code_location_t* CodeLocation),
         (Queue, Event))
OL__TWIN(olDestroyEvent, (ol_event_handle_t Event, ol_code_location_t* CodeLocation), (Event))
OL__TWIN(olSyncEvent, (ol_event_handle_t Event, ol_code_location_t* CodeLocation), (Event))
OL__TWIN(olGetEventInfo,
         (ol_event_handle_t Event, ol_event_info_t PropName, size_t PropSize, void* PropValue,
          ol_code_location_t* CodeLocation),
         (Event, PropName, PropSize, PropValue))
OL__TWIN(olGetEventInfoSize,
         (ol_event_handle_t Event, ol_event_info_t PropName, size_t* PropSizeRet, ol_code_location_t* CodeLocation),
         (Event, PropName, PropSizeRet))
OL__TWIN(olCreateProgram,
         (ol_device_handle_t Device, const void* ProgData, size_t ProgDataSize, ol_program_handle_t* Program,
          ol_code_location_t* CodeLocation),
         (Device, ProgData, ProgDataSize, Program))
OL__TWIN(olDestroyProgram, (ol_program_handle_t Program, ol_code_location_t* CodeLocation), (Program))
OL__TWIN(olIsValidBinary,
         (ol_device_handle_t Device, const void* ProgData, size_t ProgDataSize, bool* Valid,
          ol_code_location_t* CodeLocation),
         (Device, ProgData, ProgDataSize, Valid))
OL__TWIN(olGetSymbol,
         (ol_program_handle_t Program, const char* Name, ol_symbol_kind_t Kind, ol_symbol_handle_t* Symbol,
          ol_code_location_t* CodeLocation),
         (Program, Name, Kind, Symbol))
OL__TWIN(olGetSymbolInfo,
         (ol_symbol_handle_t Symbol, ol_symbol_info_t PropName, size_t PropSize, void* PropValue,
          ol_code_location_t* CodeLocation),
         (Symbol, PropName, PropSize, PropValue))
OL__TWIN(olGetSymbolInfoSize,
         (ol_symbol_handle_t Symbol, ol_symbol_info_t PropName, size_t* PropSizeRet, ol_code_location_t* CodeLocation),
         (Symbol, PropName, PropSizeRet))
OL__TWIN(olLaunchKernel,
         (ol_queue_handle_t Queue, ol_device_handle_t Device, ol_symbol_handle_t Kernel, const void* ArgumentsData,
          size_t ArgumentsSize, const ol_kernel_launch_size_args_t* LaunchSizeArgs, ol_code_location_t* CodeLocation),
         (Queue, Device, Kernel, ArgumentsData, ArgumentsSize, LaunchSizeArgs))
OL__TWIN(olCalculateOptimalOccupancy,
         (ol_device_handle_t Device, ol_symbol_handle_t Kernel, size_t SharedMemory, size_t* GroupSize,
          ol_code_location_t* CodeLocation),
         (Device, Kernel, SharedMemory, GroupSize))
