/* bench/bench_remote.c — remote devices against raw MPI between the same two ranks (bench/remote.sh
   starts both launches). Role "mpi" (rank 0) with role "echo" (rank 1): a ping-pong of 4 KiB and
   one of 64 bytes over the MPI the runtime opens, with the runtime's own send and receive. Role
   "remote" (rank 0, beside one offload-remote-server): a 4 KiB copy to and from the remote host
   device, an empty kernel launched and waited for, and 1000 queued launches with one wait. Each
   figure is the median of many repetitions after a warm-up, printed in microseconds as
   `name: <us>`; bench/remote.sh divides them. Includes the implementation (a unity build) to
   reach MPI through the runtime's binding. */
#include "../offload_impl.c"
#include "stats.h"

#include <stdio.h>

#define BENCH_REPS 2000
#define BENCH_WARMUP 200

static const char bench_ir[] = "define void @empty() #0 {\n  ret void\n}\nattributes #0 = { \"offload-kernel\" }\n";

/* One round trip of `size` bytes each way between rank 0 and rank 1 (or its echo). */
static int ping(offload__mpi* mpi, int peer, int echo, unsigned char* buffer, size_t size) {
    char why[256];
    void* bytes = NULL;
    size_t length = 0;
    uint64_t deadline = offload__now_ns() + 10000000000ull;
    if (!echo &&
        offload__remote_send_bytes(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, buffer, size, deadline, why, sizeof why))
        return 0;
    if (offload__remote_receive(NULL, mpi, peer, OFFLOAD__REMOTE_TAG_DATA, deadline, &bytes, &length, why, sizeof why))
        return 0;
    free(bytes);
    if (echo &&
        offload__remote_send_bytes(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, buffer, size, deadline, why, sizeof why))
        return 0;
    return 1;
}

static int run_mpi(int echo) {
    offload__mpi mpi;
    char library[256], why[256];
    if (!offload__mpi_open(&mpi, NULL, library, sizeof library, why, sizeof why) ||
        !offload__mpi_init(&mpi, why, sizeof why)) {
        fprintf(stderr, "bench_remote: MPI: %s\n", why);
        return 1;
    }
    static unsigned char buffer[4096];
    size_t sizes[2] = {4096, 64};
    const char* names[2] = {"mpi_pingpong_4k", "mpi_pingpong_64"};
    for (int s = 0; s < 2; s++) {
        static double times[BENCH_REPS];
        for (int i = 0; i < BENCH_WARMUP + BENCH_REPS; i++) {
            double start = now_ms();
            if (!ping(&mpi, echo ? 0 : 1, echo, buffer, sizes[s])) return 1;
            if (i >= BENCH_WARMUP) times[i - BENCH_WARMUP] = (now_ms() - start) * 1000;
        }
        if (!echo) printf("%s: %.2f\n", names[s], median(times, BENCH_REPS));
    }
    offload__mpi_fini(&mpi);
    return 0;
}

static int run_remote(void) {
    offload_context* ctx;
    if (offload_context_create(&(offload_context_desc){.remote.enable = 1}, &ctx) != OFFLOAD_SUCCESS) return 1;
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    offload_device device = {0}, host = {1};
    for (uint32_t i = 0; i < count; i++) {
        offload_device_info info;
        offload_device_get_info(ctx, (offload_device){i + 1}, &info);
        if (info.backend == OFFLOAD_BACKEND_REMOTE) device = (offload_device){i + 1};
    }
    offload_program program;
    offload_kernel kernel;
    void* d;
    static unsigned char buffer[4096];
    offload_queue queue;
    if (!device.id || offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, sizeof buffer, &d) ||
        offload_program_create(ctx, device, &(offload_program_desc){.image = bench_ir, .size = sizeof bench_ir - 1},
                               &program) ||
        offload_kernel_get(ctx, program, "empty", &kernel) || offload_queue_create(ctx, device, &queue)) {
        fprintf(stderr, "bench_remote: setup: %s\n", offload_context_last_error(ctx));
        return 1;
    }
    offload_launch_desc launch = {.grid = {1}, .block = {1}};
    static double times[BENCH_REPS];
    const char* names[3] = {"copy_to_4k", "copy_from_4k", "launch_wait"};
    for (int figure = 0; figure < 3; figure++) {
        for (int i = 0; i < BENCH_WARMUP + BENCH_REPS; i++) {
            double start = now_ms();
            offload_result r = figure == 0   ? offload_memcpy(ctx, device, d, host, buffer, sizeof buffer)
                               : figure == 1 ? offload_memcpy(ctx, host, buffer, device, d, sizeof buffer)
                                             : offload_launch(ctx, (offload_queue){0}, kernel, &launch);
            if (r != OFFLOAD_SUCCESS) {
                fprintf(stderr, "bench_remote: %s: %s\n", names[figure], offload_context_last_error(ctx));
                return 1;
            }
            if (i >= BENCH_WARMUP) times[i - BENCH_WARMUP] = (now_ms() - start) * 1000;
        }
        printf("%s: %.2f\n", names[figure], median(times, BENCH_REPS));
    }
    double per_launch[9];
    for (int rep = 0; rep < 9; rep++) {
        double start = now_ms();
        for (int i = 0; i < 1000; i++) offload_launch(ctx, queue, kernel, &launch);
        if (offload_queue_synchronize(ctx, queue) != OFFLOAD_SUCCESS) return 1;
        per_launch[rep] = (now_ms() - start) * 1000 / 1000;
    }
    printf("queued_launch: %.2f\n", median(per_launch, 9));
    offload_queue_destroy(ctx, queue);
    offload_mem_free(ctx, d);
    offload_program_destroy(ctx, program);
    offload_context_destroy(ctx);
    return 0;
}

int main(void) {
    const char* role = getenv("OFFLOAD_BENCH_REMOTE_ROLE");
    if (!role) {
        fprintf(stderr, "bench_remote: started by bench/remote.sh under mpirun\n");
        return 2;
    }
    if (strcmp(role, "remote") == 0) return run_remote();
    return run_mpi(strcmp(role, "echo") == 0);
}
