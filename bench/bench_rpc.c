/* bench/bench_rpc.c — RPC costs on the host device, side by side in one run:
     rpc_round_trip   one empty host call (offload_rpc_call, no payload) from a portable kernel,
                      against a pipe round trip to another thread (request byte, answer byte):
                      the same hand-off between two threads through the kernel;
     rpc_printf       printf lines per second from a grid of kernel threads (output to a callback
                      that drops it), against vsnprintf+fwrite of the same lines to /dev/null on
                      one thread.
   Median of repetitions after a warm-up. Output: `<name>: ours=<v><unit> peer=<v><unit> ratio=<ours/peer>`. */
#include "offload.h"

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

static double pipe_round_trip_us(void) {
    double t[REPS];
    char c = 1;
    for (int r = 0; r < REPS; r++) {
        double start = now_s();
        for (int i = 0; i < CALLS; i++) {
            if (write(pipes[0][1], &c, 1) != 1 || read(pipes[1][0], &c, 1) != 1) return -1;
        }
        t[r] = (now_s() - start) / CALLS * 1e6;
    }
    return median(t, REPS);
}

static double host_printf_lines_per_s(void) {
    FILE* sink = fopen("/dev/null", "w");
    double t[REPS];
    char line[64];
    for (int r = 0; r < REPS; r++) {
        double start = now_s();
        for (int i = 0; i < LINES_BLOCKS * LINES_THREADS; i++) {
            int n = snprintf(line, sizeof line, "line %d value %f\n", i % LINES_THREADS, 1.5);
            fwrite(line, 1, (size_t)n, sink);
        }
        fflush(sink);
        t[r] = (LINES_BLOCKS * LINES_THREADS) / (now_s() - start);
    }
    fclose(sink);
    return median(t, REPS);
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
    uint32_t n = CALLS;
    offload_launch_desc one = {{1, 1, 1}, {1, 1, 1}, 0, &n, sizeof n};
    offload_launch(ctx, (offload_queue){0}, calls, &one); /* warm-up */
    double t[REPS];
    for (int r = 0; r < REPS; r++) {
        double start = now_s();
        if (offload_launch(ctx, (offload_queue){0}, calls, &one) != OFFLOAD_SUCCESS) return 1;
        t[r] = (now_s() - start) / CALLS * 1e6;
    }
    double ours = median(t, REPS);
    if (pipe(pipes[0]) || pipe(pipes[1])) return 1;
    pthread_t thread;
    pthread_create(&thread, NULL, echo, NULL);
    double peer = pipe_round_trip_us();
    char stop = 0;
    if (write(pipes[0][1], &stop, 1) != 1) return 1;
    pthread_join(thread, NULL);
    printf("rpc_round_trip: ours=%.3fus peer=%.3fus ratio=%.2f (peer: pipe round trip to another thread)\n", ours, peer,
           ours / peer);

    offload_launch_desc grid = {{LINES_BLOCKS, 1, 1}, {LINES_THREADS, 1, 1}, 0, NULL, 0};
    offload_launch(ctx, (offload_queue){0}, lines, &grid);
    for (int r = 0; r < REPS; r++) {
        double start = now_s();
        if (offload_launch(ctx, (offload_queue){0}, lines, &grid) != OFFLOAD_SUCCESS) return 1;
        t[r] = (LINES_BLOCKS * LINES_THREADS) / (now_s() - start);
    }
    ours = median(t, REPS);
    peer = host_printf_lines_per_s();
    printf(
        "rpc_printf: ours=%.0flines/s peer=%.0flines/s ratio=%.2f (peer: snprintf+fwrite to /dev/null, one thread)\n",
        ours, peer, ours / peer);
    offload_context_destroy(ctx);
    return dropped ? 0 : 1;
}
