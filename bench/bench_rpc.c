/* bench/bench_rpc.c — RPC costs on the host device, side by side in one run:
     rpc_round_trip   one empty host call (offload_rpc_call, no payload) from a portable kernel,
                      against a pipe round trip to another thread (request byte, answer byte):
                      the same hand-off between two threads through the kernel;
     rpc_printf       printf lines per second from a grid of kernel threads (output to a callback
                      that drops it), against vsnprintf+fwrite of the same lines to /dev/null on
                      one thread.
   Each is measured on a quiet host, then again as <name>_busy while two CPU-bound threads per core
   run beside it (bench/busy.h), ours and the peer alike.
   Median of repetitions after a warm-up. Output: `<name>: ours=<v><unit> peer=<v><unit> ratio=<ours/peer>`. */
#include "offload.h"
#include "busy.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { CALLS = 20000, REPS = 7, LINES_BLOCKS = 64, LINES_THREADS = 64 };

static const char kernels[] =
    "@fmt = private constant [18 x i8] c\"line %d value %f\\0A\\00\"\n"
    "declare i32 @offload_rpc_call(i32, i8*, i32, i8*, i32)\n"
    "declare i32 @offload_printf(i8*, i8*, i32)\n"
    "declare i32 @offload_thread_id(i32)\n"
    "define void @calls(i32 %n) \"offload-kernel\" {\n"
    "entry:\n  br label %loop\n"
    "loop:\n  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n"
    "  %r = call i32 @offload_rpc_call(i32 0, i8* null, i32 0, i8* null, i32 0)\n"
    "  %i1 = add i32 %i, 1\n  %more = icmp ult i32 %i1, %n\n  br i1 %more, label %loop, label %done\n"
    "done:\n  ret void\n}\n"
    "define void @lines() \"offload-kernel\" {\n"
    "  %a = alloca { i32, double }, align 8\n  %t = call i32 @offload_thread_id(i32 0)\n"
    "  %p0 = getelementptr { i32, double }, { i32, double }* %a, i32 0, i32 0\n  store i32 %t, i32* %p0\n"
    "  %p1 = getelementptr { i32, double }, { i32, double }* %a, i32 0, i32 1\n  store double 1.5, double* %p1\n"
    "  %ap = bitcast { i32, double }* %a to i8*\n"
    "  %f = getelementptr [18 x i8], [18 x i8]* @fmt, i32 0, i32 0\n"
    "  %r = call i32 @offload_printf(i8* %f, i8* %ap, i32 16)\n  ret void\n}\n";

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static double median(double* v, int n) {
    qsort(v, (size_t)n, sizeof *v, compare);
    return v[n / 2];
}

static offload_result empty(const void* in, size_t in_size, void* out, size_t cap, size_t* out_size, void* user) {
    (void)in, (void)in_size, (void)out, (void)cap, (void)user;
    *out_size = 0;
    return OFFLOAD_SUCCESS;
}

static void drop(const char* text, size_t length, void* user) {
    (void)text;
    *(size_t*)user += length;
}

static int pipes[2][2];

static void* echo(void* arg) {
    (void)arg;
    char c;
    while (read(pipes[0][0], &c, 1) == 1 && c) {
        if (write(pipes[1][1], &c, 1) != 1) break;
    }
    return NULL;
}

static double pipe_round_trip_us(uint32_t calls) {
    double t[REPS];
    char c = 1;
    for (int r = 0; r < REPS; r++) {
        double start = now_s();
        for (uint32_t i = 0; i < calls; i++) {
            if (write(pipes[0][1], &c, 1) != 1 || read(pipes[1][0], &c, 1) != 1) return -1;
        }
        t[r] = (now_s() - start) / calls * 1e6;
    }
    return median(t, REPS);
}

static double host_printf_lines_per_s(uint32_t blocks) {
    FILE* sink = fopen("/dev/null", "w");
    double t[REPS];
    char line[64];
    for (int r = 0; r < REPS; r++) {
        double start = now_s();
        for (uint32_t i = 0; i < blocks * LINES_THREADS; i++) {
            int n = snprintf(line, sizeof line, "line %d value %f\n", (int)(i % LINES_THREADS), 1.5);
            fwrite(line, 1, (size_t)n, sink);
        }
        fflush(sink);
        t[r] = (blocks * LINES_THREADS) / (now_s() - start);
    }
    fclose(sink);
    return median(t, REPS);
}

/* rpc_round_trip<suffix>: one empty host call from a kernel against a pipe round trip (the echo
   thread must run). Non-zero when a launch fails. */
static int measure_round_trip(offload_context* ctx, offload_kernel calls, const char* suffix, uint32_t n) {
    offload_launch_desc one = {{1, 1, 1}, {1, 1, 1}, 0, &n, sizeof n};
    if (offload_launch(ctx, (offload_queue){0}, calls, &one) != OFFLOAD_SUCCESS) return 1; /* warm-up */
    double t[REPS];
    for (int r = 0; r < REPS; r++) {
        double start = now_s();
        if (offload_launch(ctx, (offload_queue){0}, calls, &one) != OFFLOAD_SUCCESS) return 1;
        t[r] = (now_s() - start) / n * 1e6;
    }
    double ours = median(t, REPS);
    double peer = pipe_round_trip_us(n);
    printf("rpc_round_trip%s: ours=%.3fus peer=%.3fus ratio=%.2f (peer: pipe round trip to another thread)\n", suffix,
           ours, peer, ours / peer);
    return 0;
}

/* rpc_printf<suffix>: kernel printf lines per second against snprintf+fwrite on one thread. */
static int measure_printf(offload_context* ctx, offload_kernel lines, const char* suffix, uint32_t blocks) {
    offload_launch_desc grid = {{blocks, 1, 1}, {LINES_THREADS, 1, 1}, 0, NULL, 0};
    if (offload_launch(ctx, (offload_queue){0}, lines, &grid) != OFFLOAD_SUCCESS) return 1;
    double t[REPS];
    for (int r = 0; r < REPS; r++) {
        double start = now_s();
        if (offload_launch(ctx, (offload_queue){0}, lines, &grid) != OFFLOAD_SUCCESS) return 1;
        t[r] = (blocks * LINES_THREADS) / (now_s() - start);
    }
    double ours = median(t, REPS);
    double peer = host_printf_lines_per_s(blocks);
    printf("rpc_printf%s: ours=%.0flines/s peer=%.0flines/s ratio=%.2f (peer: snprintf+fwrite to /dev/null, one "
           "thread)\n",
           suffix, ours, peer, ours / peer);
    return 0;
}

int main(void) {
    size_t dropped = 0;
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.rpc.output = drop;
    desc.rpc.output_user_data = &dropped;
    offload_context* ctx;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return 1;
    offload_device host = {1};
    offload_program program;
    offload_program_desc pd = {kernels, sizeof kernels - 1, NULL, 0, "bench-rpc"};
    offload_kernel calls, lines;
    if (offload_rpc_register(ctx, 0, empty, NULL) || offload_program_create(ctx, host, &pd, &program) ||
        offload_kernel_get(ctx, program, "calls", &calls) || offload_kernel_get(ctx, program, "lines", &lines)) {
        fprintf(stderr, "setup failed: %s\n", offload_context_last_error(ctx));
        return 1;
    }
    if (pipe(pipes[0]) || pipe(pipes[1])) return 1;
    pthread_t thread;
    pthread_create(&thread, NULL, echo, NULL);
    busy_host busy;
    int failed = 0;
    for (int busy_round = 0; busy_round < 2 && !failed; busy_round++) {
        const char* suffix = busy_round ? "_busy" : "";
        if (busy_round && busy_start(&busy) == 0) break;
        /* A busy host runs fewer calls and lines in the time a quiet one runs them all. Each
           busy repetition still makes 2,000 calls: with 200, one took some 40 us, far less than
           a scheduler slice, so whether a slice boundary fell in a repetition decided its figure. */
        uint32_t scale = busy_round ? 10 : 1;
        failed = measure_round_trip(ctx, calls, suffix, CALLS / scale) ||
                 measure_printf(ctx, lines, suffix, LINES_BLOCKS / (busy_round ? 16 : 1));
        if (busy_round) busy_stop(&busy);
    }
    char stop = 0;
    if (write(pipes[0][1], &stop, 1) != 1) return 1;
    pthread_join(thread, NULL);
    offload_context_destroy(ctx);
    return failed || !dropped;
}
