/* bench/bench_remote.c — remote devices against raw MPI between the same two ranks (bench/remote.sh
   starts both launches). Role "mpi" (rank 0) with role "echo" (rank 1): a ping-pong of 4 KiB and
   one of 64 bytes over the MPI the runtime opens, with the runtime's own send and receive. Role
   "remote" (rank 0, beside one offload-remote-server): a 4 KiB copy to and from the remote host
   device, an empty kernel launched and waited for, and 1000 queued launches with one wait. Each
   figure is the median of many repetitions after a warm-up, printed in microseconds as
   `name: <us>`; bench/remote.sh divides them. Then the bandwidth of 1 GiB: a copy of 1 GiB to
   and from the remote device against 1 GiB sent over MPI one way, received in place in a buffer
   written beforehand, with 64 bytes back (the median of three after one warm-up). Role "peers"
   (rank 0, beside two servers): 1 GiB copied from one server's host device to the other's,
   straight between them, and through this process's memory as two copies (what the copy cost
   before it went straight). Includes the implementation (a unity build) to reach MPI through
   the runtime's binding. */
#include "../offload_impl.c"
#include "stats.h"

#include <stdio.h>

#define BENCH_REPS 2000
#define BENCH_WARMUP 200

static const char bench_ir[] = "define void @empty() #0 {\n  ret void\n}\nattributes #0 = { \"offload-kernel\" }\n";

enum { BANDWIDTH_BYTES = 1 << 30, BANDWIDTH_PIECE = 8 << 20, BANDWIDTH_REPS = 3 };

/* One exchange between rank 0 and rank 1 (its echo): rank 0 sends `out` bytes of buffer, the
   echo receives them and answers with `back` bytes of buffer, which rank 0 receives. */
static int exchange(offload__mpi* mpi, int peer, int echo, unsigned char* buffer, size_t out, size_t back) {
    char why[256];
    void* bytes = NULL;
    size_t length = 0;
    uint64_t deadline = offload__now_ns() + 60000000000ull;
    if (!echo &&
        offload__remote_send_bytes(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, buffer, out, deadline, why, sizeof why))
        return 0;
    if (offload__remote_receive(NULL, mpi, peer, OFFLOAD__REMOTE_TAG_DATA, deadline, &bytes, &length, why, sizeof why))
        return 0;
    free(bytes);
    if (echo &&
        offload__remote_send_bytes(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, buffer, back, deadline, why, sizeof why))
        return 0;
    return 1;
}

/* One round trip of `size` bytes each way. */
static int ping(offload__mpi* mpi, int peer, int echo, unsigned char* buffer, size_t size) {
    return exchange(mpi, peer, echo, buffer, size, size);
}

/* 1 GiB one way over MPI, 64 bytes back, as an MPI program moves 1 GiB: each rank's 1 GiB
   buffer allocated and written beforehand, the bytes received in place at their offset, in one
   message and in 8 MiB messages (the pieces the remote backend sends): rank 0 to the echo
   ("mpi_1g_to_one", "mpi_1g_to_pieces"), then the echo to rank 0 after a 64-byte request
   ("mpi_1g_from_one", "mpi_1g_from_pieces"), in milliseconds. bench/remote.sh takes the faster
   of the two as the peer. */
static int bandwidth_mpi(offload__mpi* mpi, int echo) {
    unsigned char* buffer = (unsigned char*)malloc(BANDWIDTH_BYTES);
    if (!buffer) return 0;
    memset(buffer, 1, BANDWIDTH_BYTES);
    unsigned char word[64] = {0};
    char why[OFFLOAD__MPI_ERROR_TEXT + 64];
    int peer = echo ? 0 : 1, ok = 1;
    static const char* names[2][2] = {{"mpi_1g_to_one", "mpi_1g_to_pieces"}, {"mpi_1g_from_one", "mpi_1g_from_pieces"}};
    for (int direction = 0; direction < 2 && ok; direction++)
        for (int pieces = 0; pieces < 2 && ok; pieces++) {
            size_t piece = pieces ? BANDWIDTH_PIECE : BANDWIDTH_BYTES, count = BANDWIDTH_BYTES / piece;
            int sends = direction == 0 ? !echo : echo; /* this rank sends the gigabyte */
            double times[BANDWIDTH_REPS];
            for (int i = 0; i < 1 + BANDWIDTH_REPS && ok; i++) {
                uint64_t deadline = offload__now_ns() + 60000000000ull;
                double start = now_ms();
                if (direction == 1) /* the request */
                    ok = echo ? !offload__remote_receive_exactly(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, word, sizeof word,
                                                                 deadline, why, sizeof why)
                              : !offload__remote_send_bytes(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, word, sizeof word,
                                                            deadline, why, sizeof why);
                for (size_t k = 0; k < count && ok; k++)
                    ok = sends ? !offload__remote_send_bytes(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, buffer + k * piece,
                                                             piece, deadline, why, sizeof why)
                               : !offload__remote_receive_exactly(mpi, peer, OFFLOAD__REMOTE_TAG_DATA,
                                                                  buffer + k * piece, piece, deadline, why, sizeof why);
                if (direction == 0 && ok) /* the answer */
                    ok = echo ? !offload__remote_send_bytes(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, word, sizeof word,
                                                            deadline, why, sizeof why)
                              : !offload__remote_receive_exactly(mpi, peer, OFFLOAD__REMOTE_TAG_DATA, word, sizeof word,
                                                                 deadline, why, sizeof why);
                if (i) times[i - 1] = now_ms() - start;
            }
            if (!ok) fprintf(stderr, "bench_remote: 1 GiB over MPI: %s\n", why);
            if (ok && !echo) printf("%s: %.2f\n", names[direction][pieces], median(times, BANDWIDTH_REPS));
        }
    free(buffer);
    return ok;
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
    if (!bandwidth_mpi(&mpi, echo)) return 1;
    offload__mpi_fini(&mpi);
    return 0;
}

/* An empty kernel launched and waited for on the local host device of ctx (whose remote backend
   is on, its server idle) and of a context without the remote backend, in alternating batches:
   the median of each, in microseconds ("local_launch_remote_on", "local_launch_remote_off"). */
static int bench_local_launches(offload_context* with_remote) {
    offload_context* without = NULL;
    offload_context_desc plain = {.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST)};
    if (offload_context_create(&plain, &without) != OFFLOAD_SUCCESS) return 1;
    offload_context* contexts[2] = {with_remote, without};
    offload_kernel kernels[2];
    offload_program programs[2];
    for (int c = 0; c < 2; c++)
        if (offload_program_create(contexts[c], (offload_device){1},
                                   &(offload_program_desc){.image = bench_ir, .size = sizeof bench_ir - 1},
                                   &programs[c]) != OFFLOAD_SUCCESS ||
            offload_kernel_get(contexts[c], programs[c], "empty", &kernels[c]) != OFFLOAD_SUCCESS) {
            fprintf(stderr, "bench_remote: local launches: %s\n", offload_context_last_error(contexts[c]));
            return 1;
        }
    offload_launch_desc launch = {.grid = {1}, .block = {1}};
    enum { BATCHES = 20, PER_BATCH = 1000 };
    static double times[2][BATCHES * PER_BATCH];
    for (int batch = 0; batch < BATCHES + 1; batch++)
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < PER_BATCH; i++) {
                double start = now_ms();
                offload_launch(contexts[c], (offload_queue){0}, kernels[c], &launch);
                if (batch) times[c][(batch - 1) * PER_BATCH + i] = (now_ms() - start) * 1000;
            }
    printf("local_launch_remote_on: %.3f\nlocal_launch_remote_off: %.3f\n", median(times[0], BATCHES * PER_BATCH),
           median(times[1], BATCHES * PER_BATCH));
    for (int c = 0; c < 2; c++) offload_program_destroy(contexts[c], programs[c]);
    offload_context_destroy(without);
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
    /* 1 GiB to and from the remote device, in milliseconds */
    void* big = NULL;
    unsigned char* bytes = (unsigned char*)malloc(BANDWIDTH_BYTES);
    if (!bytes || offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, BANDWIDTH_BYTES, &big) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_remote: 1 GiB: %s\n", bytes ? offload_context_last_error(ctx) : "out of memory");
        return 1;
    }
    memset(bytes, 1, BANDWIDTH_BYTES);
    for (int direction = 0; direction < 2; direction++) {
        double times[BANDWIDTH_REPS];
        for (int i = 0; i < 1 + BANDWIDTH_REPS; i++) {
            double start = now_ms();
            offload_result r = direction == 0 ? offload_memcpy(ctx, device, big, host, bytes, BANDWIDTH_BYTES)
                                              : offload_memcpy(ctx, host, bytes, device, big, BANDWIDTH_BYTES);
            if (r != OFFLOAD_SUCCESS) {
                fprintf(stderr, "bench_remote: 1 GiB copy: %s\n", offload_context_last_error(ctx));
                return 1;
            }
            if (i) times[i - 1] = now_ms() - start;
        }
        printf("%s: %.2f\n", direction == 0 ? "copy_1g_to" : "copy_1g_from", median(times, BANDWIDTH_REPS));
    }
    offload_mem_free(ctx, big);
    free(bytes);
    offload_queue_destroy(ctx, queue);
    offload_mem_free(ctx, d);
    offload_program_destroy(ctx, program);
    int local = bench_local_launches(ctx);
    offload_context_destroy(ctx);
    return local;
}

/* The remote host device of rank `rank`, or id 0. */
static offload_device remote_host_of(offload_context* ctx, int rank) {
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device_info info;
        offload_device_get_info(ctx, (offload_device){i + 1}, &info);
        if (info.backend == OFFLOAD_BACKEND_REMOTE && info.remote_backend == OFFLOAD_BACKEND_HOST &&
            info.remote_rank == rank)
            return (offload_device){i + 1};
    }
    return (offload_device){0};
}

/* 1 GiB from rank 1's host device to rank 2's: straight ("peer_copy_1g") and through this
   process ("peer_copy_1g_through_app"), in milliseconds, the median of three after a warm-up. */
static int run_peers(void) {
    offload_context* ctx;
    if (offload_context_create(&(offload_context_desc){.remote.enable = 1}, &ctx) != OFFLOAD_SUCCESS) return 1;
    offload_device host = {1}, one = remote_host_of(ctx, 1), two = remote_host_of(ctx, 2);
    void *a = NULL, *b = NULL;
    unsigned char* staging = (unsigned char*)malloc(BANDWIDTH_BYTES);
    if (!staging || !one.id || !two.id || offload_mem_alloc(ctx, one, OFFLOAD_MEM_DEVICE, BANDWIDTH_BYTES, &a) ||
        offload_mem_alloc(ctx, two, OFFLOAD_MEM_DEVICE, BANDWIDTH_BYTES, &b) ||
        offload_memfill(ctx, (offload_queue){0}, one, a, &(uint8_t){1}, 1, BANDWIDTH_BYTES) ||
        offload_memfill(ctx, (offload_queue){0}, two, b, &(uint8_t){2}, 1, BANDWIDTH_BYTES)) {
        fprintf(stderr, "bench_remote: peers: %s\n", offload_context_last_error(ctx));
        return 1;
    }
    memset(staging, 3, BANDWIDTH_BYTES);
    const char* names[2] = {"peer_copy_1g", "peer_copy_1g_through_app"};
    for (int way = 0; way < 2; way++) {
        double times[BANDWIDTH_REPS];
        for (int i = 0; i < 1 + BANDWIDTH_REPS; i++) {
            double start = now_ms();
            offload_result r = way == 0 ? offload_memcpy(ctx, two, b, one, a, BANDWIDTH_BYTES)
                                        : offload_memcpy(ctx, host, staging, one, a, BANDWIDTH_BYTES);
            if (way == 1 && r == OFFLOAD_SUCCESS) r = offload_memcpy(ctx, two, b, host, staging, BANDWIDTH_BYTES);
            if (r != OFFLOAD_SUCCESS) {
                fprintf(stderr, "bench_remote: %s: %s\n", names[way], offload_context_last_error(ctx));
                return 1;
            }
            if (i) times[i - 1] = now_ms() - start;
        }
        printf("%s: %.2f\n", names[way], median(times, BANDWIDTH_REPS));
    }
    offload_mem_free(ctx, a);
    offload_mem_free(ctx, b);
    free(staging);
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
    if (strcmp(role, "peers") == 0) return run_peers();
    return run_mpi(strcmp(role, "echo") == 0);
}
