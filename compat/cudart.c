/* compat/cudart.c — the CUDA runtime API (cudaMalloc, cudaMemcpy, <<<>>>, streams, events, ...)
   over the public offload.h API, built as liboffload-cudart.so and liboffload-cudart.a
   (compat/cudart.sh). A CUDA program built by tools/offload-cuda links it in place of NVIDIA's
   libcudart and runs on whatever device the runtime finds: a GPU, or the host device.

   Device code: clang's host code registers the "fat binary" its -fcuda-include-gpubinary option
   embedded. offload-cuda embeds the program's NVPTX IR there behind a 32-byte header giving the
   GPU architecture it was compiled for and its size (CUDART__IR_MAGIC, then the sm number in 3
   decimal digits, 0 when unknown, the size in 12, a newline), since clang records no size (CUDART__RDC_MAGIC: one file's code compiled for a device link, which offload-cuda's link
   step replaces; if it is still there, loading it fails with a message); a real fatbin (its header holds its size) is accepted too and loads where the device
   reads it (an NVIDIA GPU). Each module is loaded on a device the first time one of its kernels
   or variables is used there; modules with the same bytes (the files of an -rdc program, which
   all embed the one linked module) share one program, so a __device__ variable has one copy.

   State: the CUDA runtime is process-wide, so this layer is too. Everything lives in one struct
   (cudart__state), created on first use under cudart__process.lock, and destroyed when the last
   registered module is unregistered (the exit handler clang's code installs) or by
   cudaDeviceReset, which keeps the registrations and drops the device state. What CUDA keeps
   per thread (the last error, the current device, the <<<>>> configuration) is thread-local.

   Devices: device 0 is the best device (offload_device_best), then the other GPUs; with no GPU,
   the host device alone. OFFLOAD_CUDART_DEVICE=host picks the host device even when a GPU is
   present. OFFLOAD_CUDART_VERBOSE=1 prints each error's message to stderr.

   Streams: the legacy default stream (0, cudaStreamLegacy) is a queue per device that waits
   for earlier work of every blocking stream of the device, and blocking streams wait for its
   earlier work; streams made with cudaStreamNonBlocking do neither. cudaStreamPerThread is the
   default stream without the legacy ordering. */
#include "offload.h"

/* The runtime API as offload ships it: CUDA 13's types, values and layouts, which programs built
   with the toolkit's headers and without them share (tests/test_cudart.c compares the two). */
#include "include/cuda_runtime_api.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUDART__MAX_DEVICES 16
#define CUDART__IR_MAGIC "OFFLOAD_CUDA_IR "  /* 16 bytes, then 3 + 12 decimal digits and '\n' */
#define CUDART__RDC_MAGIC "OFFLOAD_CUDA_DC " /* the same, for one file's code awaiting the device link */
#define CUDART__IR_HEADER 32
#define CUDART__FATBIN_MAGIC 0xBA55ED50u /* a fatbin's own header: magic, version, header size, size */
#define CUDART__WRAPPER_MAGIC 0x466243b1 /* __fatBinC_Wrapper_t, as clang emits it */
#define CUDART__ARGS_INLINE 512          /* parameter bytes packed on the stack; more go to the heap */

/* What clang's registration code passes: the wrapper around the embedded device code. */
typedef struct cudart__fatbin_wrapper {
    int magic;
    int version;
    const void* data;
    void* unused;
} cudart__fatbin_wrapper;

/* ---- Objects ------------------------------------------------------------------------------- */

/* One distinct device-code image; loaded per device on first use. */
typedef struct cudart__module {
    const void* image; /* the program's own constant data: valid while it is registered */
    size_t size;
    int registrations;
    int unlinked; /* one file's device code compiled for a device link that did not happen */
    int arch;     /* the sm it was compiled for (70 for sm_70; 0 when unknown) */
    offload_program programs[CUDART__MAX_DEVICES];
} cudart__module;

/* What __cudaRegisterFatBinary returns: clang hands it back to every later registration call. */
typedef struct cudart__registration {
    cudart__module* module;
} cudart__registration;

/* A kernel's place on one device: its handle and its parameter layout, for packing void** args. */
typedef struct cudart__kernel {
    offload_kernel kernel;
    uint32_t param_count;
    size_t args_size;
    offload_kernel_param* params;
} cudart__kernel;

/* A __global__ function, known by the address of its host stub. */
typedef struct cudart__function {
    const void* host_stub;
    char* name;
    cudart__module* module;
    cudart__kernel on[CUDART__MAX_DEVICES];
} cudart__function;

/* A __device__ or __constant__ variable, known by the address of its host shadow. */
typedef struct cudart__variable {
    const void* host_shadow;
    char* name;
    cudart__module* module;
    size_t size;
} cudart__variable;

/* pending: set after each enqueue (a plain store: a launch pays no locked instruction for it),
   cleared as a synchronisation begins; synchronizing: the synchronisations under way. The stream
   is idle, and a synchronous call need not wait for the queue, when neither is set: the flag
   alone would let a second thread that finds it cleared while the first one's synchronisation
   still waits go on before its own work on the queue (the legacy default stream, shared by the
   host threads) had run. */
struct CUstream_st {
    int device;
    unsigned flags;
    offload_queue queue;
    offload_event ordering; /* recorded to make another queue wait for this one */
    atomic_int open;        /* queue and ordering exist (the default stream makes them on first use) */
    atomic_int pending, synchronizing;
    struct CUstream_st* next;
};

struct CUevent_st {
    int device;
    unsigned flags;
    offload_event event;
    struct CUevent_st* next;
};

typedef struct cudart__device {
    offload_device device;
    offload_device_info info;
    struct CUstream_st legacy; /* the default stream: queue.id 0 until first used */
} cudart__device;

typedef struct cudart__state {
    pthread_mutex_t lock;
    offload_context* ctx; /* NULL until a call needs the devices */
    atomic_int ready;     /* ctx and the devices are open: calls need not take the lock */
    offload_device host;
    cudart__device devices[CUDART__MAX_DEVICES];
    int device_count;
    atomic_int sticky; /* a kernel fault: every later call fails with it until cudaDeviceReset */
    atomic_int stream_count;
    cudart__module** modules;
    int module_count;
    cudart__function* functions;
    int function_count;
    cudart__variable* variables;
    int variable_count;
    struct CUstream_st* streams; /* created streams, for the legacy stream's ordering */
    struct CUevent_st* events;
} cudart__state;

/* generation changes whenever loaded kernels go away (a reset, the state's end), so that what a
   thread remembers of its last launch is not used past it. */
static struct {
    pthread_mutex_t lock; /* guards the creation and end of `state` */
    _Atomic(cudart__state*) state;
    atomic_uint generation;
    atomic_uint frees; /* changes with every free, for cudart__last_allocation */
} cudart__process = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

typedef struct cudart__launch_config {
    dim3 grid, block;
    size_t shared_memory;
    cudaStream_t stream;
} cudart__launch_config;

static _Thread_local cudaError_t cudart__last_error;
static _Thread_local int cudart__current_device;
static _Thread_local char cudart__message[1024];
static _Thread_local cudart__launch_config cudart__configs[8];
static _Thread_local int cudart__config_depth;

/* The allocation this thread's last copy named, while no memory was freed since. */
static _Thread_local struct {
    offload_mem_info info;
    unsigned frees, generation;
} cudart__last_allocation;

/* The kernel this thread launched last, as cudart__kernel_of found it. */
static _Thread_local struct {
    const void* host_stub;
    int device;
    unsigned generation;
    cudart__kernel kernel;
} cudart__last_kernel;

/* ---- Errors -------------------------------------------------------------------------------- */

/* Records a failure for cudaGetLastError and its message for offloadCudartLastMessage. */
static cudaError_t __attribute__((format(printf, 2, 3))) cudart__fail(cudaError_t error, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cudart__message, sizeof cudart__message, fmt, ap);
    va_end(ap);
    cudart__last_error = error;
    const char* verbose = getenv("OFFLOAD_CUDART_VERBOSE");
    if (verbose && *verbose && strcmp(verbose, "0") != 0) fprintf(stderr, "offload-cudart: %s\n", cudart__message);
    return error;
}

static cudaError_t cudart__error_of(offload_result r) {
    switch (r) {
    case OFFLOAD_SUCCESS:
        return cudaSuccess;
    case OFFLOAD_ERROR_INVALID_ARGUMENT:
        return cudaErrorInvalidValue;
    case OFFLOAD_ERROR_INVALID_HANDLE:
        return cudaErrorInvalidResourceHandle;
    case OFFLOAD_ERROR_OUT_OF_HOST_MEMORY:
    case OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY:
        return cudaErrorMemoryAllocation;
    case OFFLOAD_ERROR_INVALID_IMAGE:
    case OFFLOAD_ERROR_JIT:
    case OFFLOAD_ERROR_JIT_UNAVAILABLE:
        return cudaErrorInvalidKernelImage;
    case OFFLOAD_ERROR_NOT_FOUND:
        return cudaErrorSymbolNotFound;
    case OFFLOAD_ERROR_UNSUPPORTED:
        return cudaErrorNotSupported;
    case OFFLOAD_ERROR_NOT_READY:
        return cudaErrorNotReady;
    case OFFLOAD_ERROR_LAUNCH_FAILED:
        return cudaErrorLaunchFailure;
    case OFFLOAD_ERROR_TIMEOUT:
        return cudaErrorLaunchTimeout;
    case OFFLOAD_ERROR_NO_BACKEND:
        return cudaErrorNoDevice;
    default:
        return cudaErrorUnknown;
    }
}

/* A failed offload call as a CUDA error, with the core's message; a kernel fault is sticky. On
   the host device a kernel's failed assert is cudaErrorAssert, and its message goes to stderr, as
   CUDA's device runtime prints it; on a GPU a kernel's fault loses the device with the driver's
   sticky error, whose number the runtime API's error has too (CUDA_ERROR_ASSERT 710 is
   cudaErrorAssert, CUDA_ERROR_LAUNCH_FAILED 719 cudaErrorLaunchFailure). */
static cudaError_t cudart__offload_fail(cudart__state* s, offload_result r, const char* what) {
    cudaError_t error = cudart__error_of(r);
    const char* message = offload_context_last_error(s ? s->ctx : NULL);
    offload_diagnostic kind = s ? offload_context_last_diagnostic(s->ctx) : OFFLOAD_DIAG_NONE;
    if (kind == OFFLOAD_DIAG_RPC_KERNEL_ASSERT) {
        error = cudaErrorAssert;
        fprintf(stderr, "%s\n", message);
    }
    /* A check's report goes to stderr, as compute-sanitizer prints its own: the program was run
       with the checks to see it, and a CUDA program prints cudaGetErrorString at most. */
    if (kind == OFFLOAD_DIAG_MEMCHECK_INVALID_ACCESS || kind == OFFLOAD_DIAG_RACECHECK_HAZARD ||
        kind == OFFLOAD_DIAG_INITCHECK_UNWRITTEN || kind == OFFLOAD_DIAG_SYNCCHECK_DIVERGENCE ||
        kind == OFFLOAD_DIAG_HOST_CHECK_OUT_OF_MEMORY)
        fprintf(stderr, "%s\n", message);
    /* a CUresult only when the CUDA backend raised it (another backend's code means nothing here) */
    int64_t driver = r == OFFLOAD_ERROR_DEVICE_LOST &&
                             (kind == OFFLOAD_DIAG_CUDA_CALL_FAILED || kind == OFFLOAD_DIAG_CUDA_DEVICE_LOST)
                         ? offload_context_last_native_error(s->ctx)
                         : 0;
    if (driver) error = (cudaError_t)driver;
    if ((error == cudaErrorLaunchFailure || error == cudaErrorAssert || driver) && s) atomic_store(&s->sticky, error);
    return cudart__fail(error, "%s: %s", what, message);
}

/* Opens the context and picks the devices CUDA programs will see (caller holds s->lock). */
static cudaError_t cudart__open_devices(cudart__state* s) {
    offload_result r = offload_context_create(NULL, &s->ctx);
    if (r != OFFLOAD_SUCCESS) return cudart__fail(cudaErrorInitializationError, "cannot create the offload context");
    const char* choice = getenv("OFFLOAD_CUDART_DEVICE");
    int host_only = choice && strcmp(choice, "host") == 0;
    uint32_t count = 0;
    offload_device best;
    if (offload_device_count(s->ctx, &count) != OFFLOAD_SUCCESS ||
        offload_device_best(s->ctx, &best) != OFFLOAD_SUCCESS)
        return cudart__offload_fail(s, OFFLOAD_ERROR_BACKEND, "no device");
    /* device 0: the best; then every other GPU; the host device only when there is no GPU */
    offload_device_get(s->ctx, 0, &s->host);
    if (host_only) best = s->host;
    s->devices[s->device_count++].device = best;
    for (uint32_t i = 1; !host_only && i < count && s->device_count < CUDART__MAX_DEVICES; i++) {
        offload_device d;
        if (offload_device_get(s->ctx, i, &d) == OFFLOAD_SUCCESS && d.id != best.id)
            s->devices[s->device_count++].device = d;
    }
    for (int i = 0; i < s->device_count; i++) {
        r = offload_device_get_info(s->ctx, s->devices[i].device, &s->devices[i].info);
        if (r != OFFLOAD_SUCCESS) return cudart__offload_fail(s, r, "device information");
        s->devices[i].legacy.device = i;
        s->devices[i].legacy.flags = cudaStreamDefault;
    }
    return cudaSuccess;
}

/* The state, created on first use (registrations need no devices); NULL with the error recorded. */
static cudart__state* cudart__registry(void) {
    cudart__state* s = atomic_load_explicit(&cudart__process.state, memory_order_acquire);
    if (s) return s;
    pthread_mutex_lock(&cudart__process.lock);
    s = atomic_load(&cudart__process.state);
    if (!s && (s = calloc(1, sizeof *s))) {
        pthread_mutex_init(&s->lock, NULL);
        atomic_store(&cudart__process.state, s);
    }
    pthread_mutex_unlock(&cudart__process.lock);
    if (!s) cudart__fail(cudaErrorMemoryAllocation, "out of host memory");
    return s;
}

/* The state with its devices opened, the first time: NULL with the error recorded (or the
   sticky error). */
static cudart__state* cudart__open_once(cudaError_t* error) {
    cudart__state* s = cudart__registry();
    *error = s ? cudaSuccess : cudaErrorMemoryAllocation;
    if (!s) return NULL;
    if (!atomic_load_explicit(&s->ready, memory_order_acquire)) {
        pthread_mutex_lock(&s->lock);
        if (!s->ctx) {
            *error = cudart__open_devices(s);
            if (*error != cudaSuccess) {
                offload_context_destroy(s->ctx);
                s->ctx = NULL;
                s->device_count = 0;
            }
        }
        atomic_store_explicit(&s->ready, s->ctx != NULL, memory_order_release);
        pthread_mutex_unlock(&s->lock);
    }
    cudaError_t sticky = (cudaError_t)atomic_load_explicit(&s->sticky, memory_order_relaxed);
    if (*error == cudaSuccess && sticky) *error = cudart__fail(sticky, "an earlier kernel failed (sticky error)");
    return *error == cudaSuccess ? s : NULL;
}

/* The state with its devices opened; NULL with the error recorded (or the sticky error). Every
   call goes through here, so the common case (open, no sticky error) is tested inline. */
static inline cudart__state* cudart__devices_ready(cudaError_t* error) {
    cudart__state* s = atomic_load_explicit(&cudart__process.state, memory_order_acquire);
    if (s && atomic_load_explicit(&s->ready, memory_order_acquire) &&
        !atomic_load_explicit(&s->sticky, memory_order_relaxed)) {
        *error = cudaSuccess;
        return s;
    }
    return cudart__open_once(error);
}

/* Every call that needs the devices starts here. */
#define CUDART__BEGIN(s)                                                                                               \
    cudaError_t cudart__begin_error;                                                                                   \
    cudart__state* s = cudart__devices_ready(&cudart__begin_error);                                                    \
    if (!s) return cudart__begin_error

static cudart__device* cudart__current(cudart__state* s) {
    if (cudart__current_device >= s->device_count) cudart__current_device = 0;
    return &s->devices[cudart__current_device];
}

/* Releases what the devices hold (streams, events, programs, the context); the registrations stay. */
static void cudart__release_devices(cudart__state* s) {
    atomic_fetch_add(&cudart__process.generation, 1);
    atomic_store(&s->ready, 0);
    atomic_store(&s->stream_count, 0);
    while (s->streams) {
        struct CUstream_st* next = s->streams->next;
        free(s->streams);
        s->streams = next;
    }
    while (s->events) {
        struct CUevent_st* next = s->events->next;
        free(s->events);
        s->events = next;
    }
    for (int i = 0; i < s->function_count; i++)
        for (int d = 0; d < CUDART__MAX_DEVICES; d++) {
            free(s->functions[i].on[d].params);
            memset(&s->functions[i].on[d], 0, sizeof s->functions[i].on[d]);
        }
    for (int i = 0; i < s->module_count; i++) memset(s->modules[i]->programs, 0, sizeof s->modules[i]->programs);
    offload_context_destroy(s->ctx); /* waits for the work, frees memory, queues, programs */
    s->ctx = NULL;
    memset(s->devices, 0, sizeof s->devices);
    s->device_count = 0;
    atomic_store(&s->sticky, cudaSuccess);
}

static void cudart__state_destroy(cudart__state* s) {
    cudart__release_devices(s);
    for (int i = 0; i < s->function_count; i++) free(s->functions[i].name);
    for (int i = 0; i < s->variable_count; i++) free(s->variables[i].name);
    for (int i = 0; i < s->module_count; i++) free(s->modules[i]);
    free(s->functions);
    free(s->variables);
    free(s->modules);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

/* ---- Registration (clang's host code calls these from its module constructor) --------------- */

/* The size of the embedded image, or 0 when the bytes are neither of the two known forms; *arch
   the sm offload-cuda's header names (0 for a fatbin, which the driver reads itself). */
static size_t cudart__image_size(const unsigned char* data, const unsigned char** image, int* arch) {
    *image = data;
    *arch = 0;
    if (memcmp(data, CUDART__IR_MAGIC, 16) == 0 || memcmp(data, CUDART__RDC_MAGIC, 16) == 0) {
        char digits[16];
        memcpy(digits, data + 16, 15);
        digits[15] = '\0';
        *image = data + CUDART__IR_HEADER;
        *arch = (digits[0] - '0') * 100 + (digits[1] - '0') * 10 + (digits[2] - '0');
        return (size_t)strtoull(digits + 3, NULL, 10);
    }
    uint32_t magic;
    uint64_t size;
    uint16_t header;
    memcpy(&magic, data, 4);
    memcpy(&header, data + 6, 2);
    memcpy(&size, data + 8, 8);
    return magic == CUDART__FATBIN_MAGIC ? header + size : 0;
}

void** __cudaRegisterFatBinary(void* fat_cubin) {
    cudart__state* s = cudart__registry();
    cudart__registration* reg = calloc(1, sizeof *reg);
    const cudart__fatbin_wrapper* wrapper = fat_cubin;
    if (!s || !reg || !wrapper || wrapper->magic != CUDART__WRAPPER_MAGIC || !wrapper->data) return (void**)reg;
    const unsigned char* image = NULL;
    int arch = 0;
    size_t size = cudart__image_size(wrapper->data, &image, &arch);
    if (!size) return (void**)reg; /* its kernels fail to launch with cudaErrorInvalidKernelImage */
    int unlinked = memcmp(wrapper->data, CUDART__RDC_MAGIC, 16) == 0;
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < s->module_count && !reg->module; i++)
        if (s->modules[i]->size == size && s->modules[i]->unlinked == unlinked &&
            memcmp(s->modules[i]->image, image, size) == 0)
            reg->module = s->modules[i];
    if (!reg->module) {
        cudart__module** grown = realloc(s->modules, (size_t)(s->module_count + 1) * sizeof *grown);
        cudart__module* m = grown ? calloc(1, sizeof *m) : NULL;
        if (grown) s->modules = grown;
        if (m) {
            m->image = image;
            m->size = size;
            m->unlinked = unlinked;
            m->arch = arch >= 10 && arch <= 999 ? arch : 0;
            s->modules[s->module_count++] = m;
            reg->module = m;
        }
    }
    if (reg->module) reg->module->registrations++;
    pthread_mutex_unlock(&s->lock);
    return (void**)reg;
}

void __cudaRegisterFatBinaryEnd(void** handle) { (void)handle; }

/* The last module unregistered (at exit) takes the whole state with it. */
void __cudaUnregisterFatBinary(void** handle) {
    cudart__registration* reg = (cudart__registration*)handle;
    if (!reg) return;
    pthread_mutex_lock(&cudart__process.lock);
    cudart__state* s = atomic_load(&cudart__process.state);
    int remaining = 0;
    if (s) {
        if (reg->module) reg->module->registrations--;
        for (int i = 0; i < s->module_count; i++) remaining += s->modules[i]->registrations;
        if (!remaining) {
            atomic_store(&cudart__process.state, NULL);
            cudart__state_destroy(s);
        }
    }
    pthread_mutex_unlock(&cudart__process.lock);
    free(reg);
}

void __cudaRegisterFunction(void** handle, const char* host_stub, char* device_function, const char* device_name,
                            int thread_limit, void* thread_id, void* block_id, void* block_dim, void* grid_dim,
                            int* warp_size) {
    (void)device_function, (void)thread_limit, (void)thread_id, (void)block_id, (void)block_dim, (void)grid_dim,
        (void)warp_size;
    cudart__registration* reg = (cudart__registration*)handle;
    cudart__state* s = cudart__registry();
    if (!s || !reg || !device_name) return;
    pthread_mutex_lock(&s->lock);
    cudart__function* grown = realloc(s->functions, (size_t)(s->function_count + 1) * sizeof *grown);
    if (grown) {
        s->functions = grown;
        cudart__function* f = &s->functions[s->function_count];
        memset(f, 0, sizeof *f);
        f->host_stub = host_stub;
        f->module = reg->module;
        if ((f->name = strdup(device_name))) s->function_count++;
    }
    pthread_mutex_unlock(&s->lock);
}

void __cudaRegisterVar(void** handle, char* host_shadow, char* device_address, const char* device_name, int external,
                       size_t size, int constant, int global) {
    (void)device_address, (void)external, (void)constant, (void)global;
    cudart__registration* reg = (cudart__registration*)handle;
    cudart__state* s = cudart__registry();
    if (!s || !reg || !device_name) return;
    pthread_mutex_lock(&s->lock);
    cudart__variable* grown = realloc(s->variables, (size_t)(s->variable_count + 1) * sizeof *grown);
    if (grown) {
        s->variables = grown;
        cudart__variable* v = &s->variables[s->variable_count];
        v->host_shadow = host_shadow;
        v->module = reg->module;
        v->size = size;
        if ((v->name = strdup(device_name))) s->variable_count++;
    }
    pthread_mutex_unlock(&s->lock);
}

/* clang's CUDA mode compiles __managed__ variables as host variables and does not register them
   (a kernel using one does not build; tools/offload-cuda says why); a registration from other
   host code is accepted and ignored. */
void __cudaRegisterManagedVar(void** handle, void** host_shadow, char* device_address, const char* device_name,
                              int external, size_t size, int constant, int global) {
    (void)handle, (void)host_shadow, (void)device_address, (void)device_name, (void)external, (void)size,
        (void)constant, (void)global;
}

char __cudaInitModule(void** handle) {
    (void)handle;
    return 1;
}

unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared_memory, cudaStream_t stream) {
    if (cudart__config_depth == (int)(sizeof cudart__configs / sizeof cudart__configs[0])) return 1;
    cudart__configs[cudart__config_depth++] = (cudart__launch_config){grid, block, shared_memory, stream};
    return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3* grid, dim3* block, size_t* shared_memory, void* stream) {
    if (!cudart__config_depth) return cudart__fail(cudaErrorMissingConfiguration, "no <<<>>> configuration to pop");
    cudart__launch_config c = cudart__configs[--cudart__config_depth];
    *grid = c.grid;
    *block = c.block;
    *shared_memory = c.shared_memory;
    *(cudaStream_t*)stream = c.stream;
    return cudaSuccess;
}

/* ---- Modules on devices --------------------------------------------------------------------- */

/* The module's program on device d, loaded on first use (caller holds s->lock). */
static cudaError_t cudart__program(cudart__state* s, cudart__module* m, int d, offload_program* out) {
    if (!m) return cudart__fail(cudaErrorInvalidKernelImage, "the device code was not embedded in a known form");
    if (m->unlinked)
        return cudart__fail(cudaErrorInvalidKernelImage,
                            "the device code was compiled for a device link (-rdc, -dc) that did not happen: "
                            "link the program's objects with offload-cuda");
    if (!m->programs[d].id) {
        offload_program_desc desc = {.image = m->image, .size = m->size, .name = "cuda"};
        offload_result r = offload_program_create(s->ctx, s->devices[d].device, &desc, &m->programs[d]);
        if (r != OFFLOAD_SUCCESS) {
            offload_image_format format = offload_image_detect(m->image, m->size);
            if (format == OFFLOAD_IMAGE_FATBIN && s->devices[d].info.backend != OFFLOAD_BACKEND_CUDA)
                return cudart__fail(cudaErrorInvalidKernelImage,
                                    "an NVIDIA fat binary runs on an NVIDIA GPU only, not on %s; build with "
                                    "offload-cuda to embed NVPTX IR",
                                    s->devices[d].info.name);
            return cudart__offload_fail(s, r, "loading the device code");
        }
    }
    *out = m->programs[d];
    return cudaSuccess;
}

static cudart__function* cudart__function_of(cudart__state* s, const void* host_stub) {
    for (int i = 0; i < s->function_count; i++)
        if (s->functions[i].host_stub == host_stub) return &s->functions[i];
    return NULL;
}

/* The kernel of host_stub on device d with its parameter layout (caller holds s->lock). */
static cudaError_t cudart__kernel_of(cudart__state* s, const void* host_stub, int d, cudart__kernel* out) {
    cudart__function* f = cudart__function_of(s, host_stub);
    if (!f) return cudart__fail(cudaErrorInvalidDeviceFunction, "%p is no registered __global__ function", host_stub);
    cudart__kernel* k = &f->on[d];
    if (!k->kernel.id) {
        offload_program program;
        cudaError_t e = cudart__program(s, f->module, d, &program);
        if (e != cudaSuccess) return e;
        offload_result r = offload_kernel_get(s->ctx, program, f->name, &k->kernel);
        uint32_t count = 0;
        if (r == OFFLOAD_SUCCESS) r = offload_kernel_get_param_count(s->ctx, k->kernel, &count);
        offload_kernel_param* params = r == OFFLOAD_SUCCESS ? calloc(count + 1, sizeof *params) : NULL;
        if (r == OFFLOAD_SUCCESS && !params) r = OFFLOAD_ERROR_OUT_OF_HOST_MEMORY;
        size_t end = 0;
        for (uint32_t i = 0; r == OFFLOAD_SUCCESS && i < count; i++) {
            r = offload_kernel_get_param(s->ctx, k->kernel, i, &params[i]);
            if (params[i].offset + params[i].size > end) end = params[i].offset + params[i].size;
        }
        if (r != OFFLOAD_SUCCESS) {
            free(params);
            k->kernel.id = 0;
            return cudart__offload_fail(s, r, f->name);
        }
        k->params = params;
        k->param_count = count;
        k->args_size = end;
    }
    *out = *k;
    return cudaSuccess;
}

static cudart__variable* cudart__variable_of(cudart__state* s, const void* host_shadow) {
    for (int i = 0; i < s->variable_count; i++)
        if (s->variables[i].host_shadow == host_shadow) return &s->variables[i];
    return NULL;
}

/* The device address and size of a registered variable on the current device. */
static cudaError_t cudart__symbol(cudart__state* s, const void* symbol, void** address, size_t* size) {
    pthread_mutex_lock(&s->lock);
    cudart__variable* v = cudart__variable_of(s, symbol);
    cudaError_t e =
        v ? cudaSuccess
          : cudart__fail(cudaErrorInvalidSymbol, "%p is no registered __device__ or __constant__ variable", symbol);
    offload_program program = {0};
    if (e == cudaSuccess) e = cudart__program(s, v->module, cudart__current_device, &program);
    if (e == cudaSuccess) {
        offload_result r = offload_global_get(s->ctx, program, v->name, address, size);
        if (r != OFFLOAD_SUCCESS) e = cudart__offload_fail(s, r, v->name);
    }
    pthread_mutex_unlock(&s->lock);
    return e;
}

/* ---- Streams and their ordering --------------------------------------------------------------- */

/* The stream a call names: 0 and cudaStreamLegacy are the current device's default stream. */
static struct CUstream_st* cudart__stream(cudart__state* s, cudaStream_t stream, cudaError_t* error) {
    *error = cudaSuccess;
    struct CUstream_st* st = stream;
    if (!stream || stream == cudaStreamLegacy || stream == cudaStreamPerThread) st = &cudart__current(s)->legacy;
    if (!atomic_load_explicit(&st->open, memory_order_acquire)) {
        pthread_mutex_lock(&s->lock);
        offload_result r =
            st->queue.id ? OFFLOAD_SUCCESS : offload_queue_create(s->ctx, s->devices[st->device].device, &st->queue);
        if (r == OFFLOAD_SUCCESS && !st->ordering.id)
            r = offload_event_create(s->ctx, s->devices[st->device].device, &st->ordering);
        atomic_store_explicit(&st->open, r == OFFLOAD_SUCCESS, memory_order_release);
        pthread_mutex_unlock(&s->lock);
        if (r != OFFLOAD_SUCCESS) *error = cudart__offload_fail(s, r, "creating the default stream");
    }
    return *error == cudaSuccess ? st : NULL;
}

/* The stream behind a handle: the default stream, or a created one (checked, so that a destroyed
   or made-up handle is an error rather than a crash). */
static struct CUstream_st* cudart__known_stream(cudart__state* s, cudaStream_t stream, cudaError_t* e,
                                                const char* what);

/* Whether a finished synchronisation covered all the work put on st. Read in this order: a
   `pending` cleared by a synchronisation still waiting is seen with its `synchronizing` count
   (cudart__synchronize raises the count before it clears the flag). */
static int cudart__idle(struct CUstream_st* st) {
    return !atomic_load(&st->pending) && !atomic_load(&st->synchronizing);
}

/* Makes `later` wait for the work enqueued on `earlier` so far, when there is any. */
static offload_result cudart__order(cudart__state* s, struct CUstream_st* earlier, struct CUstream_st* later) {
    if (!atomic_load_explicit(&earlier->open, memory_order_acquire) || cudart__idle(earlier) ||
        offload_queue_query(s->ctx, earlier->queue) == OFFLOAD_SUCCESS)
        return OFFLOAD_SUCCESS;
    offload_result r = offload_event_record(s->ctx, earlier->ordering, earlier->queue);
    return r == OFFLOAD_SUCCESS ? offload_queue_wait_event(s->ctx, later->queue, earlier->ordering) : r;
}

/* Before work on st: the legacy default stream's ordering against the blocking streams. */
static cudaError_t cudart__before_work(cudart__state* s, cudaStream_t stream, struct CUstream_st* st) {
    offload_result r = OFFLOAD_SUCCESS;
    if (stream == cudaStreamPerThread || (st->flags & cudaStreamNonBlocking) || !atomic_load(&s->stream_count))
        return cudaSuccess;
    struct CUstream_st* legacy = &s->devices[st->device].legacy;
    pthread_mutex_lock(&s->lock);
    if (st == legacy) {
        for (struct CUstream_st* o = s->streams; o && r == OFFLOAD_SUCCESS; o = o->next)
            if (o->device == st->device && !(o->flags & cudaStreamNonBlocking)) r = cudart__order(s, o, legacy);
    } else {
        r = cudart__order(s, legacy, st);
    }
    pthread_mutex_unlock(&s->lock);
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "ordering the default stream");
}

/* After work was enqueued on st: a synchronous call must now wait for it. */
static cudaError_t cudart__enqueued(cudart__state* s, struct CUstream_st* st, offload_result r, const char* what) {
    if (r != OFFLOAD_SUCCESS) return cudart__offload_fail(s, r, what);
    atomic_store_explicit(&st->pending, 1, memory_order_release);
    return cudaSuccess;
}

/* Waits for the stream's work, unless a finished synchronisation covered all of it. The wait
   covers every enqueue whose `pending` it cleared: that store came after the enqueue, and the
   exchange that read it comes before the queue's synchronisation; an enqueue flagged after the
   exchange leaves `pending` set for the next one. */
static offload_result cudart__synchronize(cudart__state* s, struct CUstream_st* st) {
    if (!atomic_load_explicit(&st->open, memory_order_acquire) || cudart__idle(st)) return OFFLOAD_SUCCESS;
    atomic_fetch_add(&st->synchronizing, 1);
    atomic_exchange(&st->pending, 0);
    offload_result r = offload_queue_synchronize(s->ctx, st->queue);
    atomic_fetch_sub(&st->synchronizing, 1);
    return r;
}

/* Waits for everything a synchronous call on the legacy stream waits for, once the fast test
   below found there may be some. */
static cudaError_t cudart__drain_legacy_busy(cudart__state* s, int d) {
    offload_result r = cudart__synchronize(s, &s->devices[d].legacy);
    if (r == OFFLOAD_SUCCESS && atomic_load(&s->stream_count)) {
        pthread_mutex_lock(&s->lock);
        for (struct CUstream_st* o = s->streams; o && r == OFFLOAD_SUCCESS; o = o->next)
            if (o->device == d && !(o->flags & cudaStreamNonBlocking)) r = cudart__synchronize(s, o);
        pthread_mutex_unlock(&s->lock);
    }
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "synchronizing");
}

/* Waits for everything a synchronous call on the legacy stream waits for. Every synchronous copy
   comes here, so the common case (nothing pending, no created stream) is tested inline. */
static inline cudaError_t cudart__drain_legacy(cudart__state* s, int d) {
    if (cudart__idle(&s->devices[d].legacy) && !atomic_load(&s->stream_count)) return cudaSuccess;
    return cudart__drain_legacy_busy(s, d);
}

/* ---- Device management ------------------------------------------------------------------------ */

cudaError_t cudaGetDeviceCount(int* count) {
    if (!count) return cudart__fail(cudaErrorInvalidValue, "cudaGetDeviceCount: count is NULL");
    *count = 0;
    CUDART__BEGIN(s);
    *count = s->device_count;
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int* device) {
    if (!device) return cudart__fail(cudaErrorInvalidValue, "cudaGetDevice: device is NULL");
    CUDART__BEGIN(s);
    *device = (int)(cudart__current(s) - s->devices);
    return cudaSuccess;
}

/* The scheduling and mapping flags a program asks of its devices (cudaDeviceScheduleBlockingSync,
   cudaDeviceMapHost...): kept to be read back; offload's queues choose how they wait
   themselves, and every host allocation is mapped. */
static atomic_uint cudart__device_flags;

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
    if ((flags & ~0xffu) || (flags & 0x07u) == 3u || (flags & 0x07u) > 4u)
        return cudart__fail(cudaErrorInvalidValue, "cudaSetDeviceFlags(%#x)", flags);
    atomic_store(&cudart__device_flags, flags);
    return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
    if (!flags) return cudart__fail(cudaErrorInvalidValue, "cudaGetDeviceFlags: flags is NULL");
    *flags = atomic_load(&cudart__device_flags) | cudaDeviceMapHost;
    return cudaSuccess;
}

/* The device that best matches prop: offload's devices are all CUDA devices to the layer, so the
   current one. */
cudaError_t cudaChooseDevice(int* device, const struct cudaDeviceProp* prop) {
    if (!device || !prop) return cudart__fail(cudaErrorInvalidValue, "cudaChooseDevice: NULL argument");
    return cudaGetDevice(device);
}

cudaError_t cudaSetDevice(int device) {
    CUDART__BEGIN(s);
    if (device < 0 || device >= s->device_count)
        return cudart__fail(cudaErrorInvalidDevice, "cudaSetDevice(%d): there are %d devices", device, s->device_count);
    cudart__current_device = device;
    return cudaSuccess;
}

/* "sm_90" gives 9 and 0; a device that is no NVIDIA GPU says 8.0, what the NVPTX IR it runs
   was most likely built for. */
static void cudart__compute_capability(const offload_device_info* info, int* major, int* minor) {
    int sm = 0;
    if (info->backend == OFFLOAD_BACKEND_CUDA && sscanf(info->arch, "sm_%d", &sm) == 1 && sm >= 10) {
        *major = sm / 10;
        *minor = sm % 10;
    } else {
        *major = 8;
        *minor = 0;
    }
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp* prop, int device) {
    if (!prop) return cudart__fail(cudaErrorInvalidValue, "cudaGetDeviceProperties: prop is NULL");
    CUDART__BEGIN(s);
    if (device < 0 || device >= s->device_count)
        return cudart__fail(cudaErrorInvalidDevice, "cudaGetDeviceProperties(%d): there are %d devices", device,
                            s->device_count);
    const offload_device_info* info = &s->devices[device].info;
    memset(prop, 0, sizeof *prop);
    snprintf(prop->name, sizeof prop->name, "%s", info->name);
    int host = info->backend == OFFLOAD_BACKEND_HOST;
    prop->totalGlobalMem = info->memory_bytes;
    prop->sharedMemPerBlock = info->max_shared_memory;
    prop->sharedMemPerBlockOptin = info->max_shared_memory;
    prop->sharedMemPerMultiprocessor = info->max_shared_memory;
    prop->regsPerBlock = 65536;
    prop->regsPerMultiprocessor = 65536;
    prop->warpSize = (int)info->warp_size;
    prop->memPitch = SIZE_MAX / 2;
    prop->maxThreadsPerBlock = (int)info->max_block_size;
    for (int i = 0; i < 3; i++) {
        prop->maxThreadsDim[i] = (int)info->max_block_dims[i];
        prop->maxGridSize[i] = info->max_grid_dims[i] > INT32_MAX ? INT32_MAX : (int)info->max_grid_dims[i];
    }
    prop->totalConstMem = 65536;
    cudart__compute_capability(info, &prop->major, &prop->minor);
    prop->textureAlignment = 512;
    prop->texturePitchAlignment = 32;
    prop->multiProcessorCount = (int)info->compute_units;
    prop->integrated = host;
    prop->canMapHostMemory = 1;
    prop->concurrentKernels = 1;
    prop->asyncEngineCount = host ? 0 : 2;
    prop->unifiedAddressing = 1;
    prop->l2CacheSize = 4 << 20;
    prop->maxThreadsPerMultiProcessor = (int)(info->max_block_size > 2048 ? info->max_block_size : 2048);
    prop->maxBlocksPerMultiProcessor = 32;
    prop->streamPrioritiesSupported = 0;
    prop->managedMemory = info->supports_shared_memory;
    prop->concurrentManagedAccess = host;
    prop->pageableMemoryAccess = host;
    prop->directManagedMemAccessFromHost = host;
    prop->hostNativeAtomicSupported = host;
    prop->cooperativeLaunch = 0;
    prop->memoryBusWidth = 256;
    prop->hostNumaId = -1;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, enum cudaDeviceAttr attr, int device) {
    if (!value) return cudart__fail(cudaErrorInvalidValue, "cudaDeviceGetAttribute: value is NULL");
    struct cudaDeviceProp p;
    cudaError_t e = cudaGetDeviceProperties(&p, device);
    if (e != cudaSuccess) return e;
    switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock:
        *value = p.maxThreadsPerBlock;
        break;
    case cudaDevAttrMaxBlockDimX:
        *value = p.maxThreadsDim[0];
        break;
    case cudaDevAttrMaxBlockDimY:
        *value = p.maxThreadsDim[1];
        break;
    case cudaDevAttrMaxBlockDimZ:
        *value = p.maxThreadsDim[2];
        break;
    case cudaDevAttrMaxGridDimX:
        *value = p.maxGridSize[0];
        break;
    case cudaDevAttrMaxGridDimY:
        *value = p.maxGridSize[1];
        break;
    case cudaDevAttrMaxGridDimZ:
        *value = p.maxGridSize[2];
        break;
    case cudaDevAttrMaxSharedMemoryPerBlock:
        *value = (int)p.sharedMemPerBlock;
        break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin:
        *value = (int)p.sharedMemPerBlockOptin;
        break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
        *value = (int)p.sharedMemPerMultiprocessor;
        break;
    case cudaDevAttrTotalConstantMemory:
        *value = (int)p.totalConstMem;
        break;
    case cudaDevAttrWarpSize:
        *value = p.warpSize;
        break;
    case cudaDevAttrMaxRegistersPerBlock:
        *value = p.regsPerBlock;
        break;
    case cudaDevAttrMaxRegistersPerMultiprocessor:
        *value = p.regsPerMultiprocessor;
        break;
    case cudaDevAttrMultiProcessorCount:
        *value = p.multiProcessorCount;
        break;
    case cudaDevAttrMaxThreadsPerMultiProcessor:
        *value = p.maxThreadsPerMultiProcessor;
        break;
    case cudaDevAttrMaxBlocksPerMultiprocessor:
        *value = p.maxBlocksPerMultiProcessor;
        break;
    case cudaDevAttrComputeCapabilityMajor:
        *value = p.major;
        break;
    case cudaDevAttrComputeCapabilityMinor:
        *value = p.minor;
        break;
    case cudaDevAttrIntegrated:
        *value = p.integrated;
        break;
    case cudaDevAttrCanMapHostMemory:
        *value = p.canMapHostMemory;
        break;
    case cudaDevAttrConcurrentKernels:
        *value = p.concurrentKernels;
        break;
    case cudaDevAttrUnifiedAddressing:
        *value = p.unifiedAddressing;
        break;
    case cudaDevAttrManagedMemory:
        *value = p.managedMemory;
        break;
    case cudaDevAttrConcurrentManagedAccess:
        *value = p.concurrentManagedAccess;
        break;
    case cudaDevAttrL2CacheSize:
        *value = p.l2CacheSize;
        break;
    case cudaDevAttrAsyncEngineCount:
        *value = p.asyncEngineCount;
        break;
    case cudaDevAttrCooperativeLaunch:
        *value = 0;
        break;
    case cudaDevAttrGlobalMemoryBusWidth:
        *value = p.memoryBusWidth;
        break;
    case cudaDevAttrPciBusId:
    case cudaDevAttrPciDeviceId:
    case cudaDevAttrPciDomainId:
    case cudaDevAttrEccEnabled:
    case cudaDevAttrStreamPrioritiesSupported:
        *value = 0;
        break;
    default:
        return cudart__fail(cudaErrorNotSupported, "cudaDeviceGetAttribute: attribute %d is not supported", (int)attr);
    }
    return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) {
    CUDART__BEGIN(s);
    int d = (int)(cudart__current(s) - s->devices);
    cudaError_t e = cudart__drain_legacy(s, d);
    pthread_mutex_lock(&s->lock);
    for (struct CUstream_st* o = s->streams; o && e == cudaSuccess; o = o->next) {
        offload_result r = o->device == d ? cudart__synchronize(s, o) : OFFLOAD_SUCCESS;
        if (r != OFFLOAD_SUCCESS) e = cudart__offload_fail(s, r, "cudaDeviceSynchronize");
    }
    pthread_mutex_unlock(&s->lock);
    return e;
}

/* Drops every device's memory, streams, events and loaded code; registrations stay, so kernels
   load again when next used. Clears a sticky error. */
cudaError_t cudaDeviceReset(void) {
    cudart__state* s = cudart__registry();
    if (!s) return cudaErrorMemoryAllocation;
    pthread_mutex_lock(&s->lock);
    if (s->ctx) cudart__release_devices(s);
    pthread_mutex_unlock(&s->lock);
    cudart__last_error = cudaSuccess;
    return cudaSuccess;
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config) {
    (void)config;
    return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void* func, enum cudaFuncCache config) {
    (void)func, (void)config;
    return cudaSuccess;
}

/* The limits a program may set and read back (cudaLimitStackSize to
   cudaLimitPersistingL2CacheSize): the host device and offload.h size these themselves, so a
   value set is kept to be read, and the defaults are CUDA's. */
#define CUDART__LIMITS 7
static const size_t cudart__default_limits[CUDART__LIMITS] = {1024, 1 << 20, 8 << 20, 2, 2048, 64, 0};
static _Atomic size_t cudart__limits_set[CUDART__LIMITS]; /* value + 1 once set, else 0 */

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
    if ((unsigned)limit >= CUDART__LIMITS || value == SIZE_MAX)
        return cudart__fail(cudaErrorUnsupportedLimit, "cudaDeviceSetLimit: limit %d", (int)limit);
    atomic_store(&cudart__limits_set[limit], value + 1);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t* value, enum cudaLimit limit) {
    if (!value) return cudart__fail(cudaErrorInvalidValue, "cudaDeviceGetLimit: value is NULL");
    if ((unsigned)limit >= CUDART__LIMITS)
        return cudart__fail(cudaErrorUnsupportedLimit, "cudaDeviceGetLimit: limit %d", (int)limit);
    size_t set = atomic_load(&cudart__limits_set[limit]);
    *value = set ? set - 1 : cudart__default_limits[limit];
    return cudaSuccess;
}

/* Peer access (a kernel on one device reading another's memory) is not offered: copies between
   devices go through cudaMemcpy with cudaMemcpyDefault. */
cudaError_t cudaDeviceCanAccessPeer(int* can_access, int device, int peer) {
    if (!can_access) return cudart__fail(cudaErrorInvalidValue, "cudaDeviceCanAccessPeer: NULL output");
    CUDART__BEGIN(s);
    if (device < 0 || device >= s->device_count || peer < 0 || peer >= s->device_count || device == peer)
        return cudart__fail(cudaErrorInvalidDevice, "cudaDeviceCanAccessPeer(%d, %d): %d devices", device, peer,
                            s->device_count);
    *can_access = 0;
    return cudaSuccess;
}

/* The profiler's bracket and the shared memory bank size: nothing to do on offload's devices. */
cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config) {
    if ((unsigned)config > cudaSharedMemBankSizeEightByte)
        return cudart__fail(cudaErrorInvalidValue, "cudaDeviceSetSharedMemConfig(%d)", (int)config);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig* config) {
    if (!config) return cudart__fail(cudaErrorInvalidValue, "cudaDeviceGetSharedMemConfig: NULL output");
    *config = cudaSharedMemBankSizeFourByte;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int* version) {
    if (!version) return cudart__fail(cudaErrorInvalidValue, "cudaDriverGetVersion: version is NULL");
    *version = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int* version) {
    if (!version) return cudart__fail(cudaErrorInvalidValue, "cudaRuntimeGetVersion: version is NULL");
    *version = CUDART_VERSION;
    return cudaSuccess;
}

/* ---- Errors --------------------------------------------------------------------------------- */

cudaError_t cudaGetLastError(void) {
    cudaError_t e = cudart__last_error;
    cudart__last_error = cudaSuccess;
    cudart__state* s = atomic_load(&cudart__process.state);
    int sticky = s ? atomic_load(&s->sticky) : 0;
    return sticky ? (cudaError_t)sticky : e; /* a sticky error is not reset */
}

cudaError_t cudaPeekAtLastError(void) {
    cudart__state* s = atomic_load(&cudart__process.state);
    int sticky = s ? atomic_load(&s->sticky) : 0;
    return sticky ? (cudaError_t)sticky : cudart__last_error;
}

#define CUDART__ERRORS(X)                                                                                              \
    X(cudaSuccess, "no error")                                                                                         \
    X(cudaErrorInvalidValue, "invalid argument")                                                                       \
    X(cudaErrorMemoryAllocation, "out of memory")                                                                      \
    X(cudaErrorInitializationError, "initialization error")                                                            \
    X(cudaErrorCudartUnloading, "driver shutting down")                                                                \
    X(cudaErrorInvalidConfiguration, "invalid configuration argument")                                                 \
    X(cudaErrorInvalidPitchValue, "invalid pitch argument")                                                            \
    X(cudaErrorUnsupportedLimit, "limit is not supported on this architecture")                                        \
    X(cudaErrorInvalidSymbol, "invalid device symbol")                                                                 \
    X(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy")                                            \
    X(cudaErrorMissingConfiguration, "__global__ function call is not configured")                                     \
    X(cudaErrorNoDevice, "no CUDA-capable device is detected")                                                         \
    X(cudaErrorInvalidDevice, "invalid device ordinal")                                                                \
    X(cudaErrorInvalidKernelImage, "device kernel image is invalid")                                                   \
    X(cudaErrorInvalidResourceHandle, "invalid resource handle")                                                       \
    X(cudaErrorSymbolNotFound, "named symbol not found")                                                               \
    X(cudaErrorNotReady, "device not ready")                                                                           \
    X(cudaErrorIllegalAddress, "an illegal memory access was encountered")                                             \
    X(cudaErrorLaunchOutOfResources, "too many resources requested for launch")                                        \
    X(cudaErrorLaunchTimeout, "the launch timed out and was terminated")                                               \
    X(cudaErrorLaunchFailure, "unspecified launch failure")                                                            \
    X(cudaErrorAssert, "device-side assert triggered")                                                                 \
    X(cudaErrorInvalidDeviceFunction, "invalid device function")                                                       \
    X(cudaErrorNotSupported, "operation not supported")                                                                \
    X(cudaErrorUnknown, "unknown error")

const char* cudaGetErrorName(cudaError_t error) {
    switch (error) {
#define CUDART__NAME_CASE(code, text)                                                                                  \
    case code:                                                                                                         \
        return #code;
        CUDART__ERRORS(CUDART__NAME_CASE)
#undef CUDART__NAME_CASE
    default:
        return "cudaErrorUnknown";
    }
}

const char* cudaGetErrorString(cudaError_t error) {
    switch (error) {
#define CUDART__STRING_CASE(code, text)                                                                                \
    case code:                                                                                                         \
        return text;
        CUDART__ERRORS(CUDART__STRING_CASE)
#undef CUDART__STRING_CASE
    default:
        return "unrecognized error code";
    }
}

/* The message of this thread's last failure, naming what failed: an extension of this layer
   (CUDA gives only the code). */
const char* offloadCudartLastMessage(void) { return cudart__message; }

/* ---- Memory ----------------------------------------------------------------------------------- */

static cudaError_t cudart__alloc(offload_mem_kind kind, size_t size, void** out, const char* what) {
    if (!out) return cudart__fail(cudaErrorInvalidValue, "%s: the output pointer is NULL", what);
    *out = NULL;
    CUDART__BEGIN(s);
    if (!size) return cudaSuccess; /* CUDA: a 0-byte allocation gives NULL and succeeds */
    cudart__device* d = cudart__current(s);
    if (kind == OFFLOAD_MEM_SHARED && !d->info.supports_shared_memory)
        return cudart__fail(cudaErrorNotSupported, "%s: %s has no managed memory", what, d->info.name);
    offload_result r = offload_mem_alloc(s->ctx, d->device, kind, size, out);
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, what);
}

cudaError_t cudaMalloc(void** ptr, size_t size) { return cudart__alloc(OFFLOAD_MEM_DEVICE, size, ptr, "cudaMalloc"); }

cudaError_t cudaMallocHost(void** ptr, size_t size) {
    return cudart__alloc(OFFLOAD_MEM_HOST, size, ptr, "cudaMallocHost");
}

cudaError_t cudaHostAlloc(void** ptr, size_t size, unsigned int flags) {
    (void)flags; /* portable, mapped, write-combined: our pinned memory is all of them */
    return cudart__alloc(OFFLOAD_MEM_HOST, size, ptr, "cudaHostAlloc");
}

cudaError_t cudaMallocManaged(void** ptr, size_t size, unsigned int flags) {
    (void)flags;
    return cudart__alloc(OFFLOAD_MEM_SHARED, size, ptr, "cudaMallocManaged");
}

static cudaError_t cudart__free(void* ptr, const char* what) {
    if (!ptr) return cudaSuccess;
    CUDART__BEGIN(s);
    offload_mem_info info;
    if (offload_mem_get_info(s->ctx, ptr, &info) != OFFLOAD_SUCCESS || info.base != ptr)
        return cudart__fail(cudaErrorInvalidValue, "%s(%p): no allocation starts there", what, ptr);
    /* CUDA's free waits for the device's work, which may still use the memory */
    cudaError_t e = cudart__drain_legacy(s, (int)(cudart__current(s) - s->devices));
    if (e != cudaSuccess) return e;
    atomic_fetch_add(&cudart__process.frees, 1);
    offload_result r = offload_mem_free(s->ctx, ptr);
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, what);
}

cudaError_t cudaFree(void* ptr) { return cudart__free(ptr, "cudaFree"); }
cudaError_t cudaFreeHost(void* ptr) { return cudart__free(ptr, "cudaFreeHost"); }

/* The address a kernel uses for host memory: the same one (unified addressing), for pinned
   memory of the layer's on any device, and for any host memory on the host device, whose kernels
   reach it all; a GPU's kernels cannot reach other host memory, which CUDA also refuses. */
cudaError_t cudaHostGetDevicePointer(void** device_ptr, void* host_ptr, unsigned int flags) {
    if (!device_ptr || flags)
        return cudart__fail(cudaErrorInvalidValue, "cudaHostGetDevicePointer: %s",
                            device_ptr ? "flags must be 0" : "NULL output");
    *device_ptr = NULL;
    CUDART__BEGIN(s);
    offload_mem_info info;
    int pinned =
        host_ptr && offload_mem_get_info(s->ctx, host_ptr, &info) == OFFLOAD_SUCCESS && info.kind != OFFLOAD_MEM_DEVICE;
    if (!pinned && cudart__current(s)->info.backend != OFFLOAD_BACKEND_HOST)
        return cudart__fail(cudaErrorInvalidValue,
                            "cudaHostGetDevicePointer: %p is no memory of cudaHostAlloc or cudaMallocHost", host_ptr);
    *device_ptr = host_ptr;
    return cudaSuccess;
}

/* Host memory a program registers: every device that offload.h copies to takes any host memory
   as it is, and the host device's kernels reach it too, so there is nothing to pin; the call
   checks what it is given. Mapping it into a GPU's address space (cudaHostRegisterMapped) is
   not offered: a GPU kernel given its address would fault, so the call says so instead. */
cudaError_t cudaHostRegister(void* ptr, size_t size, unsigned int flags) {
    if (!ptr || !size || (flags & ~0x0fu))
        return cudart__fail(cudaErrorInvalidValue, "cudaHostRegister(%p, %zu, %#x)", ptr, size, flags);
    CUDART__BEGIN(s);
    const offload_device_info* info = &cudart__current(s)->info;
    if ((flags & cudaHostRegisterMapped) && info->backend != OFFLOAD_BACKEND_HOST)
        return cudart__fail(cudaErrorNotSupported,
                            "cudaHostRegister: mapping host memory into %s's address space is not supported by "
                            "offload's CUDA runtime (allocate it with cudaHostAlloc)",
                            info->name);
    return cudaSuccess;
}

cudaError_t cudaHostUnregister(void* ptr) {
    if (!ptr) return cudart__fail(cudaErrorInvalidValue, "cudaHostUnregister: ptr is NULL");
    return cudaSuccess;
}

/* What a pointer is: an allocation of the layer (device, pinned host or managed memory, with its
   device), or other host memory (cudaMemoryTypeUnregistered, device -2 as CUDA gives). */
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes* attributes, const void* ptr) {
    if (!attributes) return cudart__fail(cudaErrorInvalidValue, "cudaPointerGetAttributes: attributes is NULL");
    CUDART__BEGIN(s);
    memset(attributes, 0, sizeof *attributes);
    offload_mem_info info;
    if (!ptr || offload_mem_get_info(s->ctx, ptr, &info) != OFFLOAD_SUCCESS) {
        attributes->type = cudaMemoryTypeUnregistered;
        attributes->device = -2;
        return cudaSuccess;
    }
    int device = 0;
    for (int d = 0; d < s->device_count; d++)
        if (s->devices[d].device.id == info.device.id) device = d;
    attributes->device = device;
    attributes->devicePointer = (void*)ptr;
    switch (info.kind) {
    case OFFLOAD_MEM_DEVICE:
        attributes->type = cudaMemoryTypeDevice;
        break;
    case OFFLOAD_MEM_HOST:
        attributes->type = cudaMemoryTypeHost;
        attributes->hostPointer = (void*)ptr;
        break;
    default:
        attributes->type = cudaMemoryTypeManaged;
        attributes->hostPointer = (void*)ptr;
        break;
    }
    return cudaSuccess;
}

/* Stream-ordered allocation: the memory is there at once, which is all the stream's later work
   needs; a free waits for the stream's earlier work, which may still use it. */
cudaError_t cudaMallocAsync(void** ptr, size_t size, cudaStream_t stream) {
    CUDART__BEGIN(s);
    cudaError_t e;
    if (!cudart__known_stream(s, stream, &e, "cudaMallocAsync")) return e;
    return cudart__alloc(OFFLOAD_MEM_DEVICE, size, ptr, "cudaMallocAsync");
}

cudaError_t cudaFreeAsync(void* ptr, cudaStream_t stream) {
    CUDART__BEGIN(s);
    cudaError_t e;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, "cudaFreeAsync");
    if (!st) return e;
    offload_result r = cudart__synchronize(s, st);
    if (r != OFFLOAD_SUCCESS) return cudart__offload_fail(s, r, "cudaFreeAsync");
    return cudart__free(ptr, "cudaFreeAsync");
}

cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total_bytes) {
    if (!free_bytes || !total_bytes) return cudart__fail(cudaErrorInvalidValue, "cudaMemGetInfo: NULL output");
    CUDART__BEGIN(s);
    *total_bytes = cudart__current(s)->info.memory_bytes;
    *free_bytes = *total_bytes; /* offload.h does not tell what is in use */
    return cudaSuccess;
}

/* How a copy's kind names one side: host memory, device memory, or either (cudaMemcpyDefault). */
typedef enum cudart__memory { CUDART__HOST, CUDART__DEVICE, CUDART__EITHER } cudart__memory;

/* The device that reaches an allocation: its own for device memory; pinned and managed memory
   are reached from the host side. */
static offload_device cudart__reached_from(cudart__state* s, const offload_mem_info* info) {
    return info->kind == OFFLOAD_MEM_DEVICE ? info->device : s->host;
}

/* cudart__side when this thread's last allocation does not answer: the memory manager. */
static __attribute__((noinline)) cudaError_t cudart__side_lookup(cudart__state* s, const void* ptr, size_t size,
                                                                 cudart__memory memory, offload_device* out,
                                                                 const char* what) {
    offload_mem_info info;
    unsigned frees = atomic_load_explicit(&cudart__process.frees, memory_order_acquire);
    unsigned generation = atomic_load_explicit(&cudart__process.generation, memory_order_acquire);
    if (offload_mem_get_info(s->ctx, ptr, &info) == OFFLOAD_SUCCESS) {
        cudart__last_allocation.info = info;
        cudart__last_allocation.frees = frees;
        cudart__last_allocation.generation = generation;
        if ((const char*)ptr + size > (const char*)info.base + info.size)
            return cudart__fail(cudaErrorInvalidValue,
                                "%s: %zu bytes at %p run past the end of the %zu-byte allocation", what, size, ptr,
                                info.size);
        *out = cudart__reached_from(s, &info);
        return cudaSuccess;
    }
    *out = s->host;
    if (memory != CUDART__DEVICE) return cudaSuccess;
    /* A variable of a module loaded on the current device (cudaGetSymbolAddress gives its
       address) is that device's memory, though no allocation holds it. */
    int found = 0;
    for (int i = 0; i < s->variable_count && !found; i++) {
        void* address = NULL;
        size_t var_size = 0;
        cudart__module* m = s->variables[i].module;
        if (m && m->programs[cudart__current_device].id &&
            offload_global_get(s->ctx, m->programs[cudart__current_device], s->variables[i].name, &address,
                               &var_size) == OFFLOAD_SUCCESS)
            found = (const char*)ptr >= (char*)address && (const char*)ptr + size <= (char*)address + var_size;
    }
    if (found) *out = cudart__current(s)->device;
    return found ? cudaSuccess : cudart__fail(cudaErrorInvalidValue, "%s: %p is not device memory", what, ptr);
}

/* Which device holds [ptr, ptr + size): an allocation's device, or the host for other memory.
   Memory the copy's kind says is the host's is taken as such, unlooked-up, as CUDA does; device
   memory must be an allocation (or a variable of a loaded module) that holds the whole range.
   This thread's last allocation answers without the memory manager while nothing was freed. */
static inline cudaError_t cudart__side(cudart__state* s, const void* ptr, size_t size, cudart__memory memory,
                                       offload_device* out, const char* what) {
    if (memory == CUDART__HOST) {
        *out = s->host;
        return cudaSuccess;
    }
    const offload_mem_info* last = &cudart__last_allocation.info;
    uintptr_t offset = (uintptr_t)ptr - (uintptr_t)last->base;
    if (last->base && offset < last->size && size <= last->size - offset &&
        cudart__last_allocation.frees == atomic_load_explicit(&cudart__process.frees, memory_order_acquire) &&
        cudart__last_allocation.generation == atomic_load_explicit(&cudart__process.generation, memory_order_acquire)) {
        *out = cudart__reached_from(s, last);
        return cudaSuccess;
    }
    return cudart__side_lookup(s, ptr, size, memory, out, what);
}

static inline __attribute__((always_inline)) cudaError_t cudart__copy(cudart__state* s, void* dst, const void* src,
                                                                      size_t count, enum cudaMemcpyKind kind,
                                                                      cudaStream_t stream, int async,
                                                                      const char* what) {
    if (!count) return cudaSuccess;
    if (!dst || !src) return cudart__fail(cudaErrorInvalidValue, "%s: NULL pointer", what);
    if ((unsigned)kind > cudaMemcpyDefault)
        return cudart__fail(cudaErrorInvalidMemcpyDirection, "%s: kind %d", what, kind);
    offload_device dst_device, src_device;
    cudart__memory dst_memory = kind == cudaMemcpyDefault                                            ? CUDART__EITHER
                                : kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice ? CUDART__DEVICE
                                                                                                     : CUDART__HOST;
    cudart__memory src_memory = kind == cudaMemcpyDefault                                            ? CUDART__EITHER
                                : kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice ? CUDART__DEVICE
                                                                                                     : CUDART__HOST;
    cudaError_t e = cudart__side(s, dst, count, dst_memory, &dst_device, what);
    if (e == cudaSuccess) e = cudart__side(s, src, count, src_memory, &src_device, what);
    if (e != cudaSuccess) return e;
    offload_result r;
    if (!async) {
        e = cudart__drain_legacy(s, (int)(cudart__current(s) - s->devices));
        if (e != cudaSuccess) return e;
        r = offload_memcpy(s->ctx, dst_device, dst, src_device, src, count);
    } else {
        struct CUstream_st* st = cudart__known_stream(s, stream, &e, what);
        if (e == cudaSuccess) e = cudart__before_work(s, stream, st);
        if (e != cudaSuccess) return e;
        return cudart__enqueued(s, st, offload_memcpy_async(s->ctx, st->queue, dst_device, dst, src_device, src, count),
                                what);
    }
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, what);
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind) {
    CUDART__BEGIN(s);
    return cudart__copy(s, dst, src, count, kind, NULL, 0, "cudaMemcpy");
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
    CUDART__BEGIN(s);
    return cudart__copy(s, dst, src, count, kind, stream, 1, "cudaMemcpyAsync");
}

cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind) {
    if (width > dpitch || width > spitch)
        return cudart__fail(cudaErrorInvalidPitchValue, "cudaMemcpy2D: width %zu exceeds a pitch", width);
    for (size_t row = 0; row < height; row++) {
        cudaError_t e = cudaMemcpy((char*)dst + row * dpitch, (const char*)src + row * spitch, width, kind);
        if (e != cudaSuccess) return e;
    }
    return cudaSuccess;
}

/* A copy between two devices' memory (or within one): the allocations name their devices, so it
   is cudaMemcpy's with cudaMemcpyDefault, once the devices named are checked. */
static cudaError_t cudart__peer_devices(int dst_device, int src_device, const char* what) {
    CUDART__BEGIN(s);
    if (dst_device < 0 || dst_device >= s->device_count || src_device < 0 || src_device >= s->device_count)
        return cudart__fail(cudaErrorInvalidDevice, "%s: devices %d and %d of %d", what, dst_device, src_device,
                            s->device_count);
    return cudaSuccess;
}

cudaError_t cudaMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, size_t count) {
    cudaError_t e = cudart__peer_devices(dst_device, src_device, "cudaMemcpyPeer");
    return e == cudaSuccess ? cudaMemcpy(dst, src, count, cudaMemcpyDefault) : e;
}

cudaError_t cudaMemcpyPeerAsync(void* dst, int dst_device, const void* src, int src_device, size_t count,
                                cudaStream_t stream) {
    cudaError_t e = cudart__peer_devices(dst_device, src_device, "cudaMemcpyPeerAsync");
    return e == cudaSuccess ? cudaMemcpyAsync(dst, src, count, cudaMemcpyDefault, stream) : e;
}

cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t stream) {
    if (width > dpitch || width > spitch)
        return cudart__fail(cudaErrorInvalidPitchValue, "cudaMemcpy2DAsync: width %zu exceeds a pitch", width);
    for (size_t row = 0; row < height; row++) {
        cudaError_t e =
            cudaMemcpyAsync((char*)dst + row * dpitch, (const char*)src + row * spitch, width, kind, stream);
        if (e != cudaSuccess) return e;
    }
    return cudaSuccess;
}

/* Rows padded to 512 bytes, CUDA's pitch alignment (cudaDeviceProp.texturePitchAlignment is 32;
   what cudaMallocPitch gives on current GPUs is a multiple of 512). */
#define CUDART__PITCH 512

cudaError_t cudaMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
    if (!ptr || !pitch) return cudart__fail(cudaErrorInvalidValue, "cudaMallocPitch: NULL output");
    if (width > SIZE_MAX - CUDART__PITCH)
        return cudart__fail(cudaErrorMemoryAllocation, "cudaMallocPitch: rows of %zu bytes", width);
    size_t row = (width + CUDART__PITCH - 1) / CUDART__PITCH * CUDART__PITCH;
    if (height && row > SIZE_MAX / height)
        return cudart__fail(cudaErrorMemoryAllocation, "cudaMallocPitch: %zu rows of %zu bytes", height, row);
    *pitch = row;
    return cudart__alloc(OFFLOAD_MEM_DEVICE, row * height, ptr, "cudaMallocPitch");
}

static cudaError_t cudart__set(void* ptr, int value, size_t count, cudaStream_t stream, int async, const char* what);

static cudaError_t cudart__set_2d(void* ptr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream,
                                  int async, const char* what) {
    if (width > pitch) return cudart__fail(cudaErrorInvalidPitchValue, "%s: width %zu exceeds the pitch", what, width);
    for (size_t row = 0; row < height; row++) {
        cudaError_t e = cudart__set((char*)ptr + row * pitch, value, width, stream, async, what);
        if (e != cudaSuccess) return e;
    }
    return cudaSuccess;
}

cudaError_t cudaMemset2D(void* ptr, size_t pitch, int value, size_t width, size_t height) {
    return cudart__set_2d(ptr, pitch, value, width, height, NULL, 0, "cudaMemset2D");
}

cudaError_t cudaMemset2DAsync(void* ptr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream) {
    return cudart__set_2d(ptr, pitch, value, width, height, stream, 1, "cudaMemset2DAsync");
}

static cudaError_t cudart__set(void* ptr, int value, size_t count, cudaStream_t stream, int async, const char* what) {
    CUDART__BEGIN(s);
    if (!count) return cudaSuccess;
    offload_device device;
    cudaError_t e = cudart__side(s, ptr, count, CUDART__DEVICE, &device, what);
    if (e != cudaSuccess) return e;
    unsigned char byte = (unsigned char)value;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, what);
    if (e == cudaSuccess) e = async ? cudart__before_work(s, stream, st) : cudart__drain_legacy(s, st->device);
    if (e != cudaSuccess) return e;
    offload_result r = offload_memfill(s->ctx, async ? st->queue : (offload_queue){0}, device, ptr, &byte, 1, count);
    return async                  ? cudart__enqueued(s, st, r, what)
           : r == OFFLOAD_SUCCESS ? cudaSuccess
                                  : cudart__offload_fail(s, r, what);
}

cudaError_t cudaMemset(void* ptr, int value, size_t count) {
    return cudart__set(ptr, value, count, NULL, 0, "cudaMemset");
}

cudaError_t cudaMemsetAsync(void* ptr, int value, size_t count, cudaStream_t stream) {
    return cudart__set(ptr, value, count, stream, 1, "cudaMemsetAsync");
}

cudaError_t cudaGetSymbolAddress(void** address, const void* symbol) {
    if (!address) return cudart__fail(cudaErrorInvalidValue, "cudaGetSymbolAddress: NULL output");
    CUDART__BEGIN(s);
    size_t size = 0;
    return cudart__symbol(s, symbol, address, &size);
}

cudaError_t cudaGetSymbolSize(size_t* size, const void* symbol) {
    if (!size) return cudart__fail(cudaErrorInvalidValue, "cudaGetSymbolSize: NULL output");
    CUDART__BEGIN(s);
    void* address = NULL;
    return cudart__symbol(s, symbol, &address, size);
}

/* A copy to or from a variable: its address on the current device, the range checked. */
static cudaError_t cudart__symbol_copy(const void* symbol, size_t count, size_t offset, void** at, const char* what) {
    CUDART__BEGIN(s);
    size_t size = 0;
    void* address = NULL;
    cudaError_t e = cudart__symbol(s, symbol, &address, &size);
    if (e != cudaSuccess) return e;
    if (offset > size || count > size - offset)
        return cudart__fail(cudaErrorInvalidValue, "%s: %zu bytes at offset %zu run past the %zu-byte variable", what,
                            count, offset, size);
    *at = (char*)address + offset;
    return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind) {
    void* at = NULL;
    cudaError_t e = cudart__symbol_copy(symbol, count, offset, &at, "cudaMemcpyToSymbol");
    if (e != cudaSuccess) return e;
    CUDART__BEGIN(s);
    return cudart__copy(s, at, src, count, kind, NULL, 0, "cudaMemcpyToSymbol");
}

cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t count, size_t offset, enum cudaMemcpyKind kind) {
    void* at = NULL;
    cudaError_t e = cudart__symbol_copy(symbol, count, offset, &at, "cudaMemcpyFromSymbol");
    if (e != cudaSuccess) return e;
    CUDART__BEGIN(s);
    return cudart__copy(s, dst, at, count, kind, NULL, 0, "cudaMemcpyFromSymbol");
}

cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t stream) {
    void* at = NULL;
    cudaError_t e = cudart__symbol_copy(symbol, count, offset, &at, "cudaMemcpyToSymbolAsync");
    if (e != cudaSuccess) return e;
    CUDART__BEGIN(s);
    return cudart__copy(s, at, src, count, kind, stream, 1, "cudaMemcpyToSymbolAsync");
}

cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream) {
    void* at = NULL;
    cudaError_t e = cudart__symbol_copy(symbol, count, offset, &at, "cudaMemcpyFromSymbolAsync");
    if (e != cudaSuccess) return e;
    CUDART__BEGIN(s);
    return cudart__copy(s, dst, at, count, kind, stream, 1, "cudaMemcpyFromSymbolAsync");
}

/* ---- Streams ------------------------------------------------------------------------------------ */

cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
    if (!stream) return cudart__fail(cudaErrorInvalidValue, "cudaStreamCreate: NULL output");
    if (flags & ~(unsigned)cudaStreamNonBlocking)
        return cudart__fail(cudaErrorInvalidValue, "cudaStreamCreateWithFlags: unknown flags %#x", flags);
    CUDART__BEGIN(s);
    struct CUstream_st* st = calloc(1, sizeof *st);
    if (!st) return cudart__fail(cudaErrorMemoryAllocation, "cudaStreamCreate: out of host memory");
    st->device = (int)(cudart__current(s) - s->devices);
    st->flags = flags;
    offload_result r = offload_queue_create(s->ctx, s->devices[st->device].device, &st->queue);
    if (r == OFFLOAD_SUCCESS) r = offload_event_create(s->ctx, s->devices[st->device].device, &st->ordering);
    if (r != OFFLOAD_SUCCESS) {
        if (st->queue.id) offload_queue_destroy(s->ctx, st->queue);
        free(st);
        return cudart__offload_fail(s, r, "cudaStreamCreate");
    }
    atomic_store(&st->open, 1);
    pthread_mutex_lock(&s->lock);
    st->next = s->streams;
    s->streams = st;
    atomic_fetch_add(&s->stream_count, 1);
    pthread_mutex_unlock(&s->lock);
    *stream = st;
    return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t* stream) { return cudaStreamCreateWithFlags(stream, cudaStreamDefault); }

cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority) {
    (void)priority; /* offload's queues have no priorities: every stream has priority 0 */
    return cudaStreamCreateWithFlags(stream, flags);
}

/* No priorities (cudaDeviceProp.streamPrioritiesSupported is 0): the range is [0, 0], as CUDA
   gives where a device has none. */
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
    if (least) *least = 0;
    if (greatest) *greatest = 0;
    return cudaSuccess;
}

static struct CUstream_st* cudart__known_stream(cudart__state* s, cudaStream_t stream, cudaError_t* e,
                                                const char* what);

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority) {
    if (!priority) return cudart__fail(cudaErrorInvalidValue, "cudaStreamGetPriority: priority is NULL");
    CUDART__BEGIN(s);
    cudaError_t e;
    if (!cudart__known_stream(s, stream, &e, "cudaStreamGetPriority")) return e;
    *priority = 0;
    return cudaSuccess;
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags) {
    if (!flags) return cudart__fail(cudaErrorInvalidValue, "cudaStreamGetFlags: flags is NULL");
    CUDART__BEGIN(s);
    cudaError_t e;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, "cudaStreamGetFlags");
    if (!st) return e;
    *flags = st->flags;
    return cudaSuccess;
}

/* The created stream behind a handle, unlinked from the list when `unlink`; NULL when unknown. */
static struct CUstream_st* cudart__created_stream(cudart__state* s, cudaStream_t stream, int unlink) {
    pthread_mutex_lock(&s->lock);
    struct CUstream_st** at = &s->streams;
    while (*at && *at != stream) at = &(*at)->next;
    struct CUstream_st* found = *at;
    if (found && unlink) {
        *at = found->next;
        atomic_fetch_sub(&s->stream_count, 1);
    }
    pthread_mutex_unlock(&s->lock);
    return found;
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
    CUDART__BEGIN(s);
    struct CUstream_st* st = cudart__created_stream(s, stream, 1);
    if (!st) return cudart__fail(cudaErrorInvalidResourceHandle, "cudaStreamDestroy: %p is no stream", (void*)stream);
    offload_result r = offload_queue_destroy(s->ctx, st->queue); /* waits for its work */
    offload_event_destroy(s->ctx, st->ordering);
    free(st);
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "cudaStreamDestroy");
}

static struct CUstream_st* cudart__known_stream(cudart__state* s, cudaStream_t stream, cudaError_t* e,
                                                const char* what) {
    if (stream && stream != cudaStreamLegacy && stream != cudaStreamPerThread &&
        !cudart__created_stream(s, stream, 0)) {
        *e = cudart__fail(cudaErrorInvalidResourceHandle, "%s: %p is no stream", what, (void*)stream);
        return NULL;
    }
    return cudart__stream(s, stream, e);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
    CUDART__BEGIN(s);
    cudaError_t e;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, "cudaStreamSynchronize");
    if (!st) return e;
    offload_result r = cudart__synchronize(s, st);
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "cudaStreamSynchronize");
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
    CUDART__BEGIN(s);
    cudaError_t e;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, "cudaStreamQuery");
    if (!st) return e;
    offload_result r = offload_queue_query(s->ctx, st->queue);
    if (r == OFFLOAD_ERROR_NOT_READY) return cudaErrorNotReady; /* not an error: not recorded */
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "cudaStreamQuery");
}

static struct CUevent_st* cudart__known_event(cudart__state* s, cudaEvent_t event, int unlink) {
    pthread_mutex_lock(&s->lock);
    struct CUevent_st** at = &s->events;
    while (*at && *at != event) at = &(*at)->next;
    struct CUevent_st* found = *at;
    if (found && unlink) *at = found->next;
    pthread_mutex_unlock(&s->lock);
    return found;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    (void)flags;
    CUDART__BEGIN(s);
    cudaError_t e;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, "cudaStreamWaitEvent");
    if (!st) return e;
    struct CUevent_st* ev = cudart__known_event(s, event, 0);
    if (!ev) return cudart__fail(cudaErrorInvalidResourceHandle, "cudaStreamWaitEvent: %p is no event", (void*)event);
    return cudart__enqueued(s, st, offload_queue_wait_event(s->ctx, st->queue, ev->event), "cudaStreamWaitEvent");
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* user_data) {
    if (!fn) return cudart__fail(cudaErrorInvalidValue, "cudaLaunchHostFunc: fn is NULL");
    CUDART__BEGIN(s);
    cudaError_t e;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, "cudaLaunchHostFunc");
    if (st) e = cudart__before_work(s, stream, st);
    if (e != cudaSuccess) return e;
    return cudart__enqueued(s, st, offload_queue_host_callback(s->ctx, st->queue, fn, user_data), "cudaLaunchHostFunc");
}

/* cudaStreamAddCallback's callback, its stream and data, run as a host function (in stream order,
   after the stream's earlier work; a failure of that work surfaces at the next synchronisation,
   so the status passed is cudaSuccess). */
typedef struct cudart__stream_callback {
    cudaStreamCallback_t callback;
    cudaStream_t stream;
    void* user_data;
} cudart__stream_callback;

static void cudart__run_stream_callback(void* closure) {
    cudart__stream_callback c = *(cudart__stream_callback*)closure;
    free(closure);
    c.callback(c.stream, cudaSuccess, c.user_data);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* user_data,
                                  unsigned int flags) {
    if (!callback || flags)
        return cudart__fail(cudaErrorInvalidValue, "cudaStreamAddCallback: %s",
                            callback ? "flags must be 0" : "no callback");
    cudart__stream_callback* c = malloc(sizeof *c);
    if (!c) return cudart__fail(cudaErrorMemoryAllocation, "cudaStreamAddCallback: out of host memory");
    *c = (cudart__stream_callback){callback, stream, user_data};
    cudaError_t e = cudaLaunchHostFunc(stream, cudart__run_stream_callback, c);
    if (e != cudaSuccess) free(c);
    return e;
}

/* ---- Events ------------------------------------------------------------------------------------- */

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
    if (!event) return cudart__fail(cudaErrorInvalidValue, "cudaEventCreate: NULL output");
    CUDART__BEGIN(s);
    struct CUevent_st* ev = calloc(1, sizeof *ev);
    if (!ev) return cudart__fail(cudaErrorMemoryAllocation, "cudaEventCreate: out of host memory");
    ev->device = (int)(cudart__current(s) - s->devices);
    ev->flags = flags;
    offload_result r = offload_event_create(s->ctx, s->devices[ev->device].device, &ev->event);
    if (r != OFFLOAD_SUCCESS) {
        free(ev);
        return cudart__offload_fail(s, r, "cudaEventCreate");
    }
    pthread_mutex_lock(&s->lock);
    ev->next = s->events;
    s->events = ev;
    pthread_mutex_unlock(&s->lock);
    *event = ev;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t* event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }

cudaError_t cudaEventDestroy(cudaEvent_t event) {
    CUDART__BEGIN(s);
    struct CUevent_st* ev = cudart__known_event(s, event, 1);
    if (!ev) return cudart__fail(cudaErrorInvalidResourceHandle, "cudaEventDestroy: %p is no event", (void*)event);
    offload_result r = offload_event_destroy(s->ctx, ev->event);
    free(ev);
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "cudaEventDestroy");
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
    CUDART__BEGIN(s);
    struct CUevent_st* ev = cudart__known_event(s, event, 0);
    if (!ev) return cudart__fail(cudaErrorInvalidResourceHandle, "cudaEventRecord: %p is no event", (void*)event);
    cudaError_t e;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, "cudaEventRecord");
    if (st) e = cudart__before_work(s, stream, st);
    if (e != cudaSuccess) return e;
    return cudart__enqueued(s, st, offload_event_record(s->ctx, ev->event, st->queue), "cudaEventRecord");
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
    if (flags & ~(unsigned)cudaEventRecordExternal) /* external: a mark for graph capture, which is not offered */
        return cudart__fail(cudaErrorInvalidValue, "cudaEventRecordWithFlags: flags %#x", flags);
    return cudaEventRecord(event, stream);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
    CUDART__BEGIN(s);
    struct CUevent_st* ev = cudart__known_event(s, event, 0);
    if (!ev) return cudart__fail(cudaErrorInvalidResourceHandle, "cudaEventSynchronize: %p is no event", (void*)event);
    offload_result r = offload_event_synchronize(s->ctx, ev->event);
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "cudaEventSynchronize");
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
    CUDART__BEGIN(s);
    struct CUevent_st* ev = cudart__known_event(s, event, 0);
    if (!ev) return cudart__fail(cudaErrorInvalidResourceHandle, "cudaEventQuery: %p is no event", (void*)event);
    offload_result r = offload_event_query(s->ctx, ev->event);
    if (r == OFFLOAD_ERROR_NOT_READY) return cudaErrorNotReady;
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "cudaEventQuery");
}

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
    if (!ms) return cudart__fail(cudaErrorInvalidValue, "cudaEventElapsedTime: ms is NULL");
    CUDART__BEGIN(s);
    struct CUevent_st *a = cudart__known_event(s, start, 0), *b = cudart__known_event(s, end, 0);
    if (!a || !b) return cudart__fail(cudaErrorInvalidResourceHandle, "cudaEventElapsedTime: unknown event");
    if ((a->flags | b->flags) & cudaEventDisableTiming)
        return cudart__fail(cudaErrorInvalidResourceHandle, "cudaEventElapsedTime: an event was made without timing");
    offload_result r = offload_event_elapsed_time(s->ctx, a->event, b->event, ms);
    if (r == OFFLOAD_ERROR_NOT_READY) return cudart__fail(cudaErrorNotReady, "cudaEventElapsedTime: not reached yet");
    return r == OFFLOAD_SUCCESS ? cudaSuccess : cudart__offload_fail(s, r, "cudaEventElapsedTime");
}

/* ---- Launch ------------------------------------------------------------------------------------- */

/* Packs the arguments by the kernel's parameter layout and launches it on the stream (its
   ordering already done); both launch paths end here. */
static inline __attribute__((always_inline)) cudaError_t cudart__launch_on(cudart__state* s, struct CUstream_st* st,
                                                                           const cudart__kernel* k, dim3 grid,
                                                                           dim3 block, void** args,
                                                                           size_t shared_memory) {
    unsigned char inline_args[CUDART__ARGS_INLINE];
    unsigned char* packed = k->args_size <= sizeof inline_args ? inline_args : malloc(k->args_size);
    if (!packed) return cudart__fail(cudaErrorMemoryAllocation, "kernel arguments: out of host memory");
    for (uint32_t i = 0; i < k->param_count; i++) memcpy(packed + k->params[i].offset, args[i], k->params[i].size);
    offload_launch_desc desc = {.grid = {grid.x, grid.y, grid.z},
                                .block = {block.x, block.y, block.z},
                                .shared_memory = shared_memory,
                                .args = packed,
                                .args_size = k->args_size};
    offload_result r = offload_launch(s->ctx, st->queue, k->kernel, &desc);
    if (packed != inline_args) free(packed);
    if (r == OFFLOAD_ERROR_INVALID_ARGUMENT)
        return cudart__fail(cudaErrorInvalidConfiguration, "launch: %s", offload_context_last_error(s->ctx));
    return cudart__enqueued(s, st, r, "launch");
}

/* Any launch: the devices opened, the kernel found (and kept as this thread's last), the stream
   checked and ordered as the legacy default stream requires. Not inlined into cudaLaunchKernel,
   whose common case would pay its registers and stack at every launch. */
static __attribute__((noinline)) cudaError_t cudart__launch(const void* func, dim3 grid, dim3 block, void** args,
                                                            size_t shared_memory, cudaStream_t stream) {
    CUDART__BEGIN(s);
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return cudart__fail(cudaErrorInvalidConfiguration, "launch with a zero grid or block dimension");
    int d = cudart__current_device < s->device_count ? cudart__current_device : 0;
    unsigned generation = atomic_load_explicit(&cudart__process.generation, memory_order_acquire);
    if (cudart__last_kernel.host_stub != func || cudart__last_kernel.device != d ||
        cudart__last_kernel.generation != generation || !func) {
        pthread_mutex_lock(&s->lock);
        cudaError_t e = cudart__kernel_of(s, func, d, &cudart__last_kernel.kernel);
        pthread_mutex_unlock(&s->lock);
        if (e != cudaSuccess) {
            cudart__last_kernel.host_stub = NULL;
            return e;
        }
        cudart__last_kernel.host_stub = func;
        cudart__last_kernel.device = d;
        cudart__last_kernel.generation = generation;
    }
    const cudart__kernel* k = &cudart__last_kernel.kernel; /* this thread's: no other changes it */
    cudaError_t e = cudaSuccess;
    struct CUstream_st* st = cudart__known_stream(s, stream, &e, "cudaLaunchKernel");
    if (e == cudaSuccess) e = cudart__before_work(s, stream, st);
    if (e != cudaSuccess) return e;
    if (k->param_count && !args) return cudart__fail(cudaErrorInvalidValue, "cudaLaunchKernel: args is NULL");
    return cudart__launch_on(s, st, k, grid, block, args, shared_memory);
}

/* Whether a dimension of grid or block is 0: x and y of each as one 64-bit word, in which a
   32-bit half is 0 exactly when the subtraction borrows into its top bit while that bit was
   clear (launches test this first thing, so it takes four operations, not six branches). */
static inline int cudart__has_zero_dimension(dim3 grid, dim3 block) {
    uint64_t grid_xy, block_xy;
    memcpy(&grid_xy, &grid, sizeof grid_xy);
    memcpy(&block_xy, &block, sizeof block_xy);
    const uint64_t ones = 0x0000000100000001u, tops = 0x8000000080000000u;
    return (((grid_xy - ones) & ~grid_xy) | ((block_xy - ones) & ~block_xy)) & tops || !grid.z || !block.z;
}

/* Nearly every <<<>>> launches again the kernel its thread launched last, on the default stream
   of a device whose default stream is open while no stream was created (so nothing to order
   against), with arguments that fit the stack: that launch is decided here with a few loads and
   compares, so that it costs little more than offload_launch; any other goes the whole way. */
cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args, size_t shared_memory,
                             cudaStream_t stream) {
    cudart__state* s = atomic_load_explicit(&cudart__process.state, memory_order_acquire);
    int d = cudart__current_device;
    const cudart__kernel* k = &cudart__last_kernel.kernel;
    /* The kernel was found on device d in this generation of the devices (a reset starts the
       next), so d is a device and the state was ready; a failed kernel since then makes the
       error sticky. */
    if (!func || cudart__last_kernel.host_stub != func || cudart__last_kernel.device != d || !s ||
        cudart__last_kernel.generation != atomic_load_explicit(&cudart__process.generation, memory_order_acquire) ||
        atomic_load_explicit(&s->sticky, memory_order_relaxed) ||
        (stream && stream != cudaStreamLegacy && stream != cudaStreamPerThread) ||
        atomic_load_explicit(&s->stream_count, memory_order_relaxed) ||
        !atomic_load_explicit(&s->devices[d].legacy.open, memory_order_acquire) ||
        cudart__has_zero_dimension(grid, block) || k->args_size > CUDART__ARGS_INLINE || (k->param_count && !args))
        return cudart__launch(func, grid, block, args, shared_memory, stream);
    return cudart__launch_on(s, &s->devices[d].legacy, k, grid, block, args, shared_memory);
}

/* Whether a cluster of x * y * z blocks holds more than one (a cluster of one is no cluster). */
static int cudart__cluster_of_many(unsigned int x, unsigned int y, unsigned int z) { return (uint64_t)x * y * z > 1; }

/* The extensible launch (CUDA 12; Thrust and CUB launch through it): the configuration's grid,
   block, shared memory and stream, and its attributes. Those that tune how a GPU schedules or
   caches the kernel (an access policy window, priority, memory synchronisation domains, a
   shared memory carve-out, a cluster scheduling preference, programmatic stream serialisation,
   which only allows the next kernel to start early) change nothing a program can see, and are
   taken; a cooperative launch, clusters of blocks, events the launch triggers and graph nodes
   are refused as not supported, and an id the runtime does not know is an invalid value. */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func, void** args) {
    if (!config) return cudart__fail(cudaErrorInvalidValue, "cudaLaunchKernelExC: config is NULL");
    if (config->numAttrs && !config->attrs)
        return cudart__fail(cudaErrorInvalidValue, "cudaLaunchKernelExC: %u attributes at NULL", config->numAttrs);
    for (unsigned int i = 0; i < config->numAttrs; i++) {
        const cudaLaunchAttribute* a = &config->attrs[i];
        const char* refused = NULL;
        switch (a->id) {
        case cudaLaunchAttributeIgnore:
        case cudaLaunchAttributeAccessPolicyWindow:
        case cudaLaunchAttributeSynchronizationPolicy:
        case cudaLaunchAttributeClusterSchedulingPolicyPreference:
        case cudaLaunchAttributeProgrammaticStreamSerialization:
        case cudaLaunchAttributePriority:
        case cudaLaunchAttributeMemSyncDomainMap:
        case cudaLaunchAttributeMemSyncDomain:
        case cudaLaunchAttributePreferredSharedMemoryCarveout:
        case cudaLaunchAttributeNvlinkUtilCentricScheduling:
            break;
        case cudaLaunchAttributeCooperative:
            if (a->val.cooperative) refused = "cooperative launches";
            break;
        case cudaLaunchAttributeClusterDimension:
            if (cudart__cluster_of_many(a->val.clusterDim.x, a->val.clusterDim.y, a->val.clusterDim.z))
                refused = "thread block clusters";
            break;
        case cudaLaunchAttributePreferredClusterDimension:
            if (cudart__cluster_of_many(a->val.preferredClusterDim.x, a->val.preferredClusterDim.y,
                                        a->val.preferredClusterDim.z))
                refused = "thread block clusters";
            break;
        case cudaLaunchAttributeProgrammaticEvent:
        case cudaLaunchAttributeLaunchCompletionEvent:
            refused = "events triggered by a launch";
            break;
        case cudaLaunchAttributeDeviceUpdatableKernelNode:
            refused = "graphs";
            break;
        default:
            return cudart__fail(cudaErrorInvalidValue, "cudaLaunchKernelExC: attribute %u has unknown id %d", i,
                                (int)a->id);
        }
        if (refused)
            return cudart__fail(cudaErrorNotSupported,
                                "cudaLaunchKernelExC: %s are not supported by offload's CUDA runtime (attribute %u)",
                                refused, i);
    }
    return cudaLaunchKernel(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes, config->stream);
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes* attr, const void* func) {
    if (!attr) return cudart__fail(cudaErrorInvalidValue, "cudaFuncGetAttributes: attr is NULL");
    CUDART__BEGIN(s);
    int d = cudart__current_device < s->device_count ? cudart__current_device : 0;
    cudart__kernel k;
    pthread_mutex_lock(&s->lock);
    cudaError_t e = cudart__kernel_of(s, func, d, &k);
    cudart__function* f = e == cudaSuccess ? cudart__function_of(s, func) : NULL;
    int arch = f && f->module ? f->module->arch : 0;
    pthread_mutex_unlock(&s->lock);
    if (e != cudaSuccess) return e;
    uint32_t max_block = 0;
    offload_kernel_get_max_block_size(s->ctx, k.kernel, &max_block);
    const offload_device_info* info = &s->devices[d].info;
    memset(attr, 0, sizeof *attr);
    attr->maxThreadsPerBlock = (int)(max_block ? max_block : info->max_block_size);
    attr->maxDynamicSharedSizeBytes = (int)info->max_shared_memory;
    attr->numRegs = 32;
    int major, minor;
    cudart__compute_capability(info, &major, &minor);
    attr->binaryVersion = major * 10 + minor;
    /* The architecture the device code was compiled for, as a GPU's PTX records it: CUB picks
       its tuning by it among the architectures it was built for (__CUDA_ARCH_LIST__). */
    attr->ptxVersion = arch ? arch : attr->binaryVersion;
    return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void* func, enum cudaFuncAttribute attr, int value) {
    (void)func, (void)attr, (void)value; /* the shared memory limit is raised per launch as needed */
    return cudaSuccess;
}

/* Blocks of blockSize threads resident on one multiprocessor: bounded by its threads (2048, or
   the device's block size limit when larger), its shared memory, and 32 blocks. */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, const void* func, int block_size,
                                                                   size_t shared_memory, unsigned int flags) {
    (void)flags;
    if (!blocks || block_size <= 0)
        return cudart__fail(cudaErrorInvalidValue, "cudaOccupancyMaxActiveBlocksPerMultiprocessor: bad arguments");
    struct cudaFuncAttributes attr;
    cudaError_t e = cudaFuncGetAttributes(&attr, func);
    if (e != cudaSuccess) return e;
    if (block_size > attr.maxThreadsPerBlock) {
        *blocks = 0;
        return cudaSuccess;
    }
    struct cudaDeviceProp p;
    int device = 0;
    cudaGetDevice(&device);
    if ((e = cudaGetDeviceProperties(&p, device)) != cudaSuccess) return e;
    int by_threads = p.maxThreadsPerMultiProcessor / block_size;
    int by_shared = shared_memory ? (int)(p.sharedMemPerMultiprocessor / shared_memory) : p.maxBlocksPerMultiProcessor;
    int n = by_threads < by_shared ? by_threads : by_shared;
    *blocks = n < p.maxBlocksPerMultiProcessor ? n : p.maxBlocksPerMultiProcessor;
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* func, int block_size,
                                                          size_t shared_memory) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, func, block_size, shared_memory, 0);
}

/* ---- What the host device cannot do: a clear error, never a crash --------------------------------- */

#define CUDART__UNSUPPORTED(name, what, params, ...)                                                                   \
    cudaError_t name params {                                                                                          \
        __VA_ARGS__;                                                                                                   \
        return cudart__fail(cudaErrorNotSupported, "%s: %s are not supported by offload's CUDA runtime", #name, what); \
    }

CUDART__UNSUPPORTED(cudaDeviceGetPCIBusId, "PCI bus ids (offload's devices do not name theirs)",
                    (char* bus_id, int length, int device), (void)bus_id, (void)length, (void)device)
CUDART__UNSUPPORTED(cudaDeviceGetByPCIBusId, "PCI bus ids (offload's devices do not name theirs)",
                    (int* device, const char* bus_id), (void)device, (void)bus_id)
CUDART__UNSUPPORTED(cudaCreateTextureObject, "textures",
                    (cudaTextureObject_t * out, const struct cudaResourceDesc* res, const struct cudaTextureDesc* tex,
                     const struct cudaResourceViewDesc* view),
                    (void)out, (void)res, (void)tex, (void)view)
CUDART__UNSUPPORTED(cudaDestroyTextureObject, "textures", (cudaTextureObject_t object), (void)object)
CUDART__UNSUPPORTED(cudaCreateSurfaceObject, "surfaces",
                    (cudaSurfaceObject_t * out, const struct cudaResourceDesc* res), (void)out, (void)res)
CUDART__UNSUPPORTED(cudaDestroySurfaceObject, "surfaces", (cudaSurfaceObject_t object), (void)object)
CUDART__UNSUPPORTED(cudaMallocArray, "CUDA arrays (textures)",
                    (cudaArray_t * array, const struct cudaChannelFormatDesc* desc, size_t width, size_t height,
                     unsigned int flags),
                    (void)array, (void)desc, (void)width, (void)height, (void)flags)
CUDART__UNSUPPORTED(cudaGraphCreate, "graphs", (cudaGraph_t * graph, unsigned int flags), (void)graph, (void)flags)
CUDART__UNSUPPORTED(cudaStreamBeginCapture, "graphs (stream capture)",
                    (cudaStream_t stream, enum cudaStreamCaptureMode mode), (void)stream, (void)mode)
CUDART__UNSUPPORTED(cudaStreamEndCapture, "graphs (stream capture)", (cudaStream_t stream, cudaGraph_t* graph),
                    (void)stream, (void)graph)
CUDART__UNSUPPORTED(cudaGraphInstantiate, "graphs",
                    (cudaGraphExec_t * exec, cudaGraph_t graph, unsigned long long flags), (void)exec, (void)graph,
                    (void)flags)
CUDART__UNSUPPORTED(cudaGraphLaunch, "graphs", (cudaGraphExec_t exec, cudaStream_t stream), (void)exec, (void)stream)
CUDART__UNSUPPORTED(cudaLaunchCooperativeKernel, "cooperative launches",
                    (const void* func, dim3 grid, dim3 block, void** args, size_t shared_memory, cudaStream_t stream),
                    (void)func, (void)grid, (void)block, (void)args, (void)shared_memory, (void)stream)
