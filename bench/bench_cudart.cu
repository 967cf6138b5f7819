/* bench/bench_cudart.cu — the cost of the CUDA runtime layer (compat/cudart.c): the same work
   through the CUDA runtime API and through offload.h directly (a context of its own, the core
   of the same static liboffload-cudart.a), on the host device, in one run. Both sides launch the
   same kernel: the offload.h side loads this file's device code, which compat/cudart.sh bench
   compiles with clang and passes as the argument.

   Operations: an empty kernel launched with <<<1, 1>>> on the default stream against
   offload_launch of an empty kernel on a queue (each round of launches ends with one
   synchronisation, counted in); a 4 KiB cudaMemcpy host to device, and device to host, against
   offload_memcpy. Each operation runs ROUNDS rounds of ITERATIONS after a warm-up, the two
   sides alternating round by round so machine noise hits both alike; the value is the median
   per-operation time. One line each (peer = the offload.h call):
       <name>: ours=<us>us peer=<us>us ratio=<ours/peer>

   Launches are timed twice. launch_empty_kernel is wall time: it holds the queue's executor
   and pool threads running the kernels, and on two cores where those threads land (beside the
   launching thread or not, behind the other context's threads or not) moves it by up to 10x
   from one run to the next, for both sides alike; the launching thread's CPU time over such
   rounds is no better, since the synchronisation runs whichever kernels the executor has not
   taken yet. launch_empty_kernel_enqueue is what a launch costs the thread that makes it,
   which is the only thread on which the layer does anything offload_launch does not: each
   round first puts a host function on the stream that waits at a gate, so the executor sleeps
   while the round's launches are enqueued behind it and timed; then the gate opens and the
   stream is synchronised, untimed. On two cores it still moves with where the scheduler puts
   the stream's thread (on the launching thread's core or not: the commands a round reuses are
   then in this core's cache or the other's), by up to 4x, either side.

   With --one-cpu the process keeps to the first CPU it may run on, its queues' threads too
   (they start after the pinning and inherit it), and each line's name ends in _one_cpu: every
   thread then takes its turn on one core, so the wall time of a launch is all the work it takes
   on both sides, with no thread hand-off and no cache line moving between cores, and it moves
   by a few percent from run to run. The layer's goal is read from those lines.

   Built with offload-cuda and run by compat/cudart.sh bench (both ways). */
#include "offload.h"

#include <cuda_runtime.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ROUNDS = 31, ITERATIONS = 2000, COPY_SIZE = 4096, PAGE = 4096 };

extern "C" __global__ void empty() {}

struct bench {
    offload_context* ctx;
    offload_device host;
    offload_queue queue;
    offload_kernel kernel;
    /* Every buffer starts a page: a 4 KiB copy between two addresses at different offsets in
       their pages runs at another speed (the cache's 4 KiB aliasing), which would be measured
       as the layer's cost. The device buffers are allocated a page larger and used from the
       first page boundary in them. */
    void *native_allocation, *native_buffer;
    void *cuda_allocation, *cuda_buffer;
    alignas(PAGE) char source[COPY_SIZE];
    alignas(PAGE) char destination[COPY_SIZE];
    int failures;
};

static void native_check(bench* b, offload_result r) {
    if (r != OFFLOAD_SUCCESS && b->failures++ == 0)
        fprintf(stderr, "bench_cudart: %s\n", offload_context_last_error(b->ctx));
}

static void cuda_check(bench* b, cudaError_t e) {
    if (e != cudaSuccess && b->failures++ == 0) fprintf(stderr, "bench_cudart: %s\n", cudaGetErrorName(e));
}

typedef void (*operation)(bench* b);

static void cuda_launches(bench* b) {
    (void)b;
    for (int i = 0; i < ITERATIONS; i++) empty<<<1, 1>>>();
}

static void cuda_launch(bench* b) {
    cuda_launches(b);
    cuda_check(b, cudaDeviceSynchronize());
}

static void native_launches(bench* b) {
    const offload_launch_desc one = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
    for (int i = 0; i < ITERATIONS; i++) native_check(b, offload_launch(b->ctx, b->queue, b->kernel, &one));
}

static void native_launch(bench* b) {
    native_launches(b);
    native_check(b, offload_queue_synchronize(b->ctx, b->queue));
}

static void cuda_copy_in(bench* b) {
    for (int i = 0; i < ITERATIONS; i++)
        cuda_check(b, cudaMemcpy(b->cuda_buffer, b->source, COPY_SIZE, cudaMemcpyHostToDevice));
}

static void native_copy_in(bench* b) {
    for (int i = 0; i < ITERATIONS; i++)
        native_check(b, offload_memcpy(b->ctx, b->host, b->native_buffer, b->host, b->source, COPY_SIZE));
}

static void cuda_copy_out(bench* b) {
    for (int i = 0; i < ITERATIONS; i++)
        cuda_check(b, cudaMemcpy(b->destination, b->cuda_buffer, COPY_SIZE, cudaMemcpyDeviceToHost));
}

static void native_copy_out(bench* b) {
    for (int i = 0; i < ITERATIONS; i++)
        native_check(b, offload_memcpy(b->ctx, b->host, b->destination, b->host, b->native_buffer, COPY_SIZE));
}

static double now_us(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare_doubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

/* One line: the median of each side's per-operation microseconds over ROUNDS rounds. */
static void report(const char* name, double* ours_us, double* peer_us) {
    qsort(ours_us, ROUNDS, sizeof(double), compare_doubles);
    qsort(peer_us, ROUNDS, sizeof(double), compare_doubles);
    double o = ours_us[ROUNDS / 2], p = peer_us[ROUNDS / 2];
    printf("%s: ours=%.3fus peer=%.3fus ratio=%.2f\n", name, o, p, o / p);
}

/* Median per-operation microseconds of each side on clock, alternating rounds. */
static void measure(bench* b, const char* name, clockid_t clock, operation ours, operation peer) {
    double ours_us[ROUNDS], peer_us[ROUNDS];
    ours(b), peer(b); /* warm-up: the first launch compiles and loads */
    for (int r = 0; r < ROUNDS; r++) {
        /* which side goes first alternates too: the second runs with the first's caches */
        int ours_first = r % 2 == 0;
        double t0 = now_us(clock);
        (ours_first ? ours : peer)(b);
        double t1 = now_us(clock);
        (ours_first ? peer : ours)(b);
        double t2 = now_us(clock);
        ours_us[r] = (ours_first ? t1 - t0 : t2 - t1) / ITERATIONS;
        peer_us[r] = (ours_first ? t2 - t1 : t1 - t0) / ITERATIONS;
    }
    report(name, ours_us, peer_us);
}

/* A gate a host function waits at, on the stream's own thread, until the timed part of a round
   has enqueued its work. */
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_opened = PTHREAD_COND_INITIALIZER;
static int gate_open;

static void wait_at_gate(void* unused) {
    (void)unused;
    pthread_mutex_lock(&gate_lock);
    while (!gate_open) pthread_cond_wait(&gate_opened, &gate_lock);
    pthread_mutex_unlock(&gate_lock);
}

static void set_gate(int open) {
    pthread_mutex_lock(&gate_lock);
    gate_open = open;
    pthread_cond_broadcast(&gate_opened);
    pthread_mutex_unlock(&gate_lock);
}

/* Both sides' enqueue rounds: the gate closed and a host function waiting at it ahead of the
   launches, which are timed alone (rounds alternate as in measure). */
static void measure_enqueue(bench* b, const char* name) {
    double ours_us[ROUNDS], peer_us[ROUNDS];
    for (int r = -1; r < ROUNDS; r++) { /* round -1: warm-up (spare commands for every launch) */
        for (int side = 0; side < 2; side++) {
            int ours = (side == 0) == (r % 2 == 0);
            set_gate(0);
            if (ours) cuda_check(b, cudaLaunchHostFunc(0, wait_at_gate, NULL));
            else native_check(b, offload_queue_host_callback(b->ctx, b->queue, wait_at_gate, NULL));
            double t0 = now_us(CLOCK_MONOTONIC);
            if (ours) cuda_launches(b);
            else native_launches(b);
            double us = (now_us(CLOCK_MONOTONIC) - t0) / ITERATIONS;
            set_gate(1);
            if (ours) cuda_check(b, cudaDeviceSynchronize());
            else native_check(b, offload_queue_synchronize(b->ctx, b->queue));
            if (r >= 0) (ours ? ours_us : peer_us)[r] = us;
        }
    }
    report(name, ours_us, peer_us);
}

/* The first page boundary at or after allocation. */
static void* page_start(void* allocation) {
    return (void*)(((uintptr_t)allocation + PAGE - 1) / PAGE * PAGE);
}

/* The whole file at path (malloc'd), its size in *size; NULL if it cannot be read. */
static char* read_file(const char* path, size_t* size) {
    FILE* f = fopen(path, "rb");
    char* data = NULL;
    long n = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (data = (char*)malloc((size_t)n)) && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    if (f) fclose(f);
    *size = n > 0 ? (size_t)n : 0;
    return data;
}

/* name, with _one_cpu after it in a run kept to one CPU, written into buffer. */
static const char* line_name(const char* name, int one_cpu, char* buffer, size_t size) {
    snprintf(buffer, size, "%s%s", name, one_cpu ? "_one_cpu" : "");
    return buffer;
}

/* Keeps this thread, and every thread it starts from now on, to the first CPU it may run on. */
static int keep_to_one_cpu(void) {
    cpu_set_t allowed, one;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    CPU_ZERO(&one);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET(cpu, &allowed)) {
            CPU_SET(cpu, &one);
            return sched_setaffinity(0, sizeof one, &one) == 0;
        }
    return 0;
}

int main(int argc, char** argv) {
    setenv("OFFLOAD_CUDART_DEVICE", "host", 1); /* both sides on the host device */
    int one_cpu = argc > 2 && strcmp(argv[2], "--one-cpu") == 0;
    if (one_cpu && !keep_to_one_cpu()) {
        perror("bench_cudart: keeping to one CPU");
        return 1;
    }
    static bench b;
    memset(&b, 0, sizeof b);
    size_t size = 0;
    char* device_code = argc > 1 ? read_file(argv[1], &size) : NULL;
    if (!device_code) {
        fprintf(stderr, "usage: bench_cudart DEVICE_CODE.bc [--one-cpu] (DEVICE_CODE.bc: this file's device code)\n");
        return 2;
    }
    offload_program program;
    offload_program_desc desc = {};
    desc.image = device_code;
    desc.size = size;
    if (offload_context_create(NULL, &b.ctx) != OFFLOAD_SUCCESS || offload_device_get(b.ctx, 0, &b.host) ||
        offload_queue_create(b.ctx, b.host, &b.queue) || offload_program_create(b.ctx, b.host, &desc, &program) ||
        offload_kernel_get(b.ctx, program, "empty", &b.kernel) ||
        offload_mem_alloc(b.ctx, b.host, OFFLOAD_MEM_DEVICE, COPY_SIZE + PAGE, &b.native_allocation)) {
        fprintf(stderr, "bench_cudart: offload.h setup failed: %s\n", offload_context_last_error(b.ctx));
        return 1;
    }
    if (cudaMalloc(&b.cuda_allocation, COPY_SIZE + PAGE) != cudaSuccess) {
        fprintf(stderr, "bench_cudart: cudaMalloc failed\n");
        return 1;
    }
    b.native_buffer = page_start(b.native_allocation);
    b.cuda_buffer = page_start(b.cuda_allocation);
    char name[64];
    measure(&b, line_name("launch_empty_kernel", one_cpu, name, sizeof name), CLOCK_MONOTONIC, cuda_launch,
            native_launch);
    measure_enqueue(&b, line_name("launch_empty_kernel_enqueue", one_cpu, name, sizeof name));
    measure(&b, line_name("memcpy_4k_host_to_device", one_cpu, name, sizeof name), CLOCK_MONOTONIC, cuda_copy_in,
            native_copy_in);
    measure(&b, line_name("memcpy_4k_device_to_host", one_cpu, name, sizeof name), CLOCK_MONOTONIC, cuda_copy_out,
            native_copy_out);
    cudaFree(b.cuda_allocation);
    offload_context_destroy(b.ctx);
    free(device_code);
    if (b.failures) fprintf(stderr, "bench_cudart: %d operations failed\n", b.failures);
    return b.failures != 0;
}
