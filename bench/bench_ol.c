/* bench/bench_ol.c — the cost of the liboffload adapter: the same small program written against
   LLVM 22's ol* API (libLLVMOffload.so.22.1 from compat/) and against offload.h directly (the core
   linked into this program, a context of its own), on the host device, in one run.

   Operations: 64 B alloc + free, 4 KiB host-to-device copy, an empty kernel launched on a queue
   followed by a queue synchronisation, and a synchronous empty launch. The kernel is the same
   host shared object on both sides. Each operation runs ROUNDS rounds of ITERATIONS after a
   warm-up, the two sides alternating round by round so machine noise hits both alike; the value
   is the median per-operation time. One line each (peer = the native offload.h call):
       <name>: ours=<us>us peer=<us>us ratio=<ours/peer>
   Built and run by compat/liboffload.sh bench. */
#include <stdbool.h> /* OffloadAPI.h uses bool without including it */
#include <offload/OffloadAPI.h>

#include "offload.h"
#include "tests/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ROUNDS = 31, ITERATIONS = 4000, COPY_SIZE = 4096, ALLOC_SIZE = 64 };

static const char kernel_source[] =
    "#include \"offload.h\"\n"
    "void empty(const void* args, const offload_host_thread* t) { (void)args; (void)t; }\n";

/* Both sides' handles; each operation below has an `ol` and a `native` variant. */
typedef struct bench {
    ol_device_handle_t ol_host;
    ol_queue_handle_t ol_queue;
    ol_symbol_handle_t ol_kernel;
    offload_context* ctx;
    offload_device host;
    offload_queue queue;
    offload_kernel kernel;
    void* ol_buffer; /* COPY_SIZE bytes of device memory, one per side */
    void* native_buffer;
    char source[COPY_SIZE];
    int failures;
} bench;

typedef void (*operation)(bench* b);

static void ol_check(bench* b, ol_result_t r) {
    if (r && b->failures++ == 0) fprintf(stderr, "bench_ol: %s\n", r->Details);
}

static void native_check(bench* b, offload_result r) {
    if (r != OFFLOAD_SUCCESS && b->failures++ == 0)
        fprintf(stderr, "bench_ol: %s\n", offload_context_last_error(b->ctx));
}

static const ol_kernel_launch_size_args_t ol_one = {1, {1, 1, 1}, {1, 1, 1}, 0};
static const offload_launch_desc native_one = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};

static void ol_alloc_free(bench* b) {
    void* p = NULL;
    ol_check(b, olMemAlloc(b->ol_host, OL_ALLOC_TYPE_DEVICE, ALLOC_SIZE, &p));
    ol_check(b, olMemFree(p));
}
static void native_alloc_free(bench* b) {
    void* p = NULL;
    native_check(b, offload_mem_alloc(b->ctx, b->host, OFFLOAD_MEM_DEVICE, ALLOC_SIZE, &p));
    native_check(b, offload_mem_free(b->ctx, p));
}
static void ol_copy(bench* b) {
    ol_check(b, olMemcpy(NULL, b->ol_buffer, b->ol_host, b->source, b->ol_host, COPY_SIZE));
}
static void native_copy(bench* b) {
    native_check(b, offload_memcpy(b->ctx, b->host, b->native_buffer, b->host, b->source, COPY_SIZE));
}
static void ol_queued_launch(bench* b) {
    ol_check(b, olLaunchKernel(b->ol_queue, b->ol_host, b->ol_kernel, NULL, 0, &ol_one));
    ol_check(b, olSyncQueue(b->ol_queue));
}
static void native_queued_launch(bench* b) {
    native_check(b, offload_launch(b->ctx, b->queue, b->kernel, &native_one));
    native_check(b, offload_queue_synchronize(b->ctx, b->queue));
}
static void ol_sync_launch(bench* b) { ol_check(b, olLaunchKernel(NULL, b->ol_host, b->ol_kernel, NULL, 0, &ol_one)); }
static void native_sync_launch(bench* b) {
    native_check(b, offload_launch(b->ctx, (offload_queue){0}, b->kernel, &native_one));
}

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Microseconds per operation for one round of ITERATIONS. */
static double round_us(bench* b, operation op) {
    double start = seconds();
    for (int i = 0; i < ITERATIONS; i++) op(b);
    return (seconds() - start) * 1e6 / ITERATIONS;
}

static int by_value(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static void compare(bench* b, const char* name, operation ours, operation peer) {
    double ol_us[ROUNDS], native_us[ROUNDS];
    round_us(b, ours); /* warm-up: caches, the memory manager's free lists, worker threads */
    round_us(b, peer);
    for (int r = 0; r < ROUNDS; r++) {
        ol_us[r] = round_us(b, ours);
        native_us[r] = round_us(b, peer);
    }
    qsort(ol_us, ROUNDS, sizeof *ol_us, by_value);
    qsort(native_us, ROUNDS, sizeof *native_us, by_value);
    double o = ol_us[ROUNDS / 2], p = native_us[ROUNDS / 2];
    printf("%s: ours=%.3fus peer=%.3fus ratio=%.2f\n", name, o, p, o / p);
    fflush(stdout);
}

static bool find_host(ol_device_handle_t device, void* user) {
    ol_platform_handle_t platform = NULL;
    ol_platform_backend_t backend = OL_PLATFORM_BACKEND_UNKNOWN;
    if (olGetDeviceInfo(device, OL_DEVICE_INFO_PLATFORM, sizeof platform, &platform) ||
        olGetPlatformInfo(platform, OL_PLATFORM_INFO_BACKEND, sizeof backend, &backend) ||
        backend != OL_PLATFORM_BACKEND_HOST)
        return true;
    *(ol_device_handle_t*)user = device;
    return false;
}

/* Sets up both sides with the same kernel image; 0 on success. */
static int setup(bench* b, const void* image, size_t size) {
    ol_program_handle_t program = NULL;
    offload_program native_program;
    if (olInit() || olIterateDevices(find_host, &b->ol_host) || !b->ol_host ||
        olCreateQueue(b->ol_host, &b->ol_queue) || olCreateProgram(b->ol_host, image, size, &program) ||
        olGetSymbol(program, "empty", OL_SYMBOL_KIND_KERNEL, &b->ol_kernel) ||
        olMemAlloc(b->ol_host, OL_ALLOC_TYPE_DEVICE, COPY_SIZE, &b->ol_buffer))
        return 1;
    if (offload_context_create(NULL, &b->ctx) || offload_device_get(b->ctx, 0, &b->host) ||
        offload_queue_create(b->ctx, b->host, &b->queue) ||
        offload_program_create(b->ctx, b->host, &(offload_program_desc){.image = image, .size = size},
                               &native_program) ||
        offload_kernel_get(b->ctx, native_program, "empty", &b->kernel) ||
        offload_mem_alloc(b->ctx, b->host, OFFLOAD_MEM_DEVICE, COPY_SIZE, &b->native_buffer))
        return 1;
    memset(b->source, 0x5a, sizeof b->source);
    return 0;
}

int main(void) {
    size_t size = 0;
    char* image = test_build_shared_object(kernel_source, &size);
    if (!image) {
        fprintf(stderr, "bench_ol: cannot build the kernel (cc)\n");
        return 1;
    }
    static bench b;
    if (setup(&b, image, size)) {
        fprintf(stderr, "bench_ol: set-up failed\n");
        return 1;
    }
    free(image);
    compare(&b, "ol_alloc_free_64B", ol_alloc_free, native_alloc_free);
    compare(&b, "ol_copy_4KiB", ol_copy, native_copy);
    compare(&b, "ol_queued_empty_launch_sync", ol_queued_launch, native_queued_launch);
    compare(&b, "ol_sync_empty_launch", ol_sync_launch, native_sync_launch);
    offload_context_destroy(b.ctx);
    olShutDown(); /* releases the queue, program and buffer of the ol side */
    if (b.failures) fprintf(stderr, "bench_ol: %d calls failed\n", b.failures);
    return b.failures != 0;
}
