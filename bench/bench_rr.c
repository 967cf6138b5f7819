/* bench/bench_rr.c — record & replay costs, side by side in one run.

   record_overhead: the extra time a recorded launch takes over the same launch unrecorded,
   against one memcpy of the bytes the entry holds (the physical floor: the snapshot must be
   copied once), into memory that is already faulted in, timed in the same iteration. Entries are
   written behind the launch by the recorder's writer thread; each iteration lets it finish
   (untimed) before the copy and the next launches are timed, so it competes with neither.
   replay_kernel_time: the median time of a kernel launched by the replay against the same launch
   in the original program, both after the same warm-up, in alternating blocks. Lines:
   `<name>: ours=<v><unit> peer=<v><unit> ratio=<ours/peer>`. Entries go to /dev/shm when it
   exists (a disk's fsync would measure the disk). The replay runs through the public API
   (offload_replay); the recorder's used bytes and draining its writer go through the record &
   replay hooks of tests/test_hooks.h (bench/rr.sh links the test build of the library). */
#include "offload.h"
#include "../tests/files.h"
#include "../tests/test_hooks.h"

#include <sys/wait.h>
#include <time.h>

#define REPS 15
#define WARMUP 2
#define ROUNDS 5

static const char kernels[] =
    "#include \"offload.h\"\n"
    "typedef struct { float* a; const float* b; const float* c; float s; unsigned n; } triad_args;\n"
    "void triad(const void* args, const offload_host_thread* t) {\n"
    "  const triad_args* p = (const triad_args*)args;\n"
    "  unsigned i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];\n"
    "  if (i < p->n) p->a[i] = p->b[i] + p->s * p->c[i]; }\n"
    "void touch(const void* args, const offload_host_thread* t) { (void)t; **(float* const*)args += 1.0f; }\n";

typedef struct triad_args {
    float* a;
    const float* b;
    const float* c;
    float s;
    unsigned n;
} triad_args;

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int compare_u64(const void* a, const void* b) {
    uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

static uint64_t median(uint64_t* v, int n) {
    qsort(v, (size_t)n, sizeof *v, compare_u64);
    return v[n / 2];
}

static void clear_dir(const char* dir) {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'/*", dir);
    if (system(cmd) != 0) fprintf(stderr, "bench: cannot clear %s\n", dir);
}

typedef struct setup {
    offload_context* ctx;
    offload_kernel triad, touch;
    float *a, *b, *c;
    size_t n;
} setup;

static int make_setup(setup* s, const char* record_dir, const void* image, size_t image_size, size_t n) {
    memset(s, 0, sizeof *s);
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.record.dir = record_dir;
    desc.record.save_output = 1;
    desc.record.arena_size = (uint64_t)4 << 30;
    offload_device host = {1};
    offload_program prog;
    offload_program_desc pd = {image, image_size, NULL, 0, "bench"};
    s->n = n;
    offload_test_recorder rec;
    return offload_context_create(&desc, &s->ctx) == OFFLOAD_SUCCESS &&
           (!record_dir || (offload_test_recorder_get(s->ctx, &rec) == OFFLOAD_SUCCESS && rec.recording)) &&
           offload_program_create(s->ctx, host, &pd, &prog) == OFFLOAD_SUCCESS &&
           offload_kernel_get(s->ctx, prog, "triad", &s->triad) == OFFLOAD_SUCCESS &&
           offload_kernel_get(s->ctx, prog, "touch", &s->touch) == OFFLOAD_SUCCESS &&
           offload_mem_alloc(s->ctx, host, OFFLOAD_MEM_DEVICE, n * sizeof(float), (void**)&s->a) == OFFLOAD_SUCCESS &&
           offload_mem_alloc(s->ctx, host, OFFLOAD_MEM_DEVICE, n * sizeof(float), (void**)&s->b) == OFFLOAD_SUCCESS &&
           offload_mem_alloc(s->ctx, host, OFFLOAD_MEM_DEVICE, n * sizeof(float), (void**)&s->c) == OFFLOAD_SUCCESS;
}

static void fill(setup* s) {
    for (size_t i = 0; i < s->n; i++) {
        s->a[i] = 0.0f;
        s->b[i] = (float)i;
        s->c[i] = 1.0f;
    }
}

static uint64_t time_launch(setup* s, offload_kernel k, const offload_launch_desc* l) {
    uint64_t t0 = now_ns();
    if (offload_launch(s->ctx, (offload_queue){0}, k, l) != OFFLOAD_SUCCESS) fprintf(stderr, "bench: launch failed\n");
    return now_ns() - t0;
}

/* Overhead of recording a small kernel over an arena of `bytes`, against copying those bytes. */
static void bench_record_overhead(const char* dir, const void* image, size_t image_size) {
    size_t n = (size_t)16 << 20 >> 2; /* three arrays: 48 MiB recorded before and after */
    setup plain, rec;
    offload_test_recorder state;
    if (!make_setup(&plain, NULL, image, image_size, n) || !make_setup(&rec, dir, image, image_size, n) ||
        offload_test_recorder_get(rec.ctx, &state) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench: setup failed\n");
        return;
    }
    fill(&plain);
    fill(&rec);
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, &plain.a, sizeof plain.a};
    offload_launch_desc lr = {{1, 1, 1}, {1, 1, 1}, 0, &rec.a, sizeof rec.a};
    uint64_t base[REPS], recorded[REPS], copy[REPS];
    size_t bytes = 2 * state.arena_used + image_size + sizeof rec.a; /* in + out + image + args */
    char* src = (char*)malloc(bytes);
    char* dst = (char*)malloc(bytes);
    memset(src, 1, bytes);
    memset(dst, 2, bytes);
    for (int i = -WARMUP; i < REPS; i++) {
        uint64_t b = time_launch(&plain, plain.touch, &l);
        uint64_t r = time_launch(&rec, rec.touch, &lr);
        /* The writer finishes the entry before anything else is timed, so it never competes
           with the copy below or with the next launches for the cores. */
        offload_test_recorder_drain(rec.ctx);
        uint64_t t0 = now_ns();
        memcpy(dst, src, bytes);
        uint64_t c = now_ns() - t0;
        clear_dir(dir);
        if (i < 0) continue;
        base[i] = b;
        recorded[i] = r;
        copy[i] = c;
    }
    uint64_t recorded_median = median(recorded, REPS), base_median = median(base, REPS);
    double ours = (double)(recorded_median - (base_median < recorded_median ? base_median : recorded_median)) / 1e3;
    double peer = (double)median(copy, REPS) / 1e3;
    printf("record_overhead_per_launch (%zu MiB recorded): ours=%.1fus peer=%.1fus ratio=%.2f\n", bytes >> 20, ours,
           peer, ours / peer);
    free(src);
    free(dst);
    offload_context_destroy(plain.ctx);
    offload_context_destroy(rec.ctx);
}

/* The same launch in the original program and in the replay: both warmed up alike (WARMUP
   untimed launches), timed in alternating blocks of REPS so that drift on a shared machine
   hits both, each block reduced to its median, and the median block compared. */
static void bench_replay_time(const char* dir, const void* image, size_t image_size) {
    size_t n = (size_t)8 << 20;
    unsigned block = 256;
    setup r;
    if (!make_setup(&r, dir, image, image_size, n)) return;
    fill(&r);
    triad_args ra = {r.a, r.b, r.c, 3.0f, (unsigned)n};
    offload_launch_desc rl = {{(unsigned)(n / block), 1, 1}, {block, 1, 1}, 0, &ra, sizeof ra};
    time_launch(&r, r.triad, &rl);
    offload_context_destroy(r.ctx); /* writes the entry */

    char entry[512];
    FILE* p = popen("ls -d /dev/shm/offload-bench-rr*/* /tmp/offload-bench-rr-dir*/* 2>/dev/null | head -n 1", "r");
    if (!p || !fgets(entry, sizeof entry, p)) return;
    pclose(p);
    entry[strcspn(entry, "\n")] = '\0';
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    offload_context* ctx = NULL;
    offload_recording* rec = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS ||
        offload_recording_open(ctx, entry, &rec) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench: cannot read the entry: %s\n", ctx ? offload_context_last_error(ctx) : "no context");
        return;
    }
    setup s;
    if (!make_setup(&s, NULL, image, image_size, n)) return;
    fill(&s);
    triad_args a = {s.a, s.b, s.c, 3.0f, (unsigned)n};
    offload_launch_desc l = {{(unsigned)(n / block), 1, 1}, {block, 1, 1}, 0, &a, sizeof a};
    uint64_t original[ROUNDS], replayed[ROUNDS], times[REPS];
    offload_replay_result report;
    offload_replay_desc o = {.verify = 1, .repeat = REPS, .warmup = WARMUP};
    int verified = 1, relocated = 0;
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = -WARMUP; i < REPS; i++) {
            uint64_t t = time_launch(&s, s.triad, &l);
            if (i >= 0) times[i] = t;
        }
        original[round] = median(times, REPS);
        if (offload_replay(ctx, rec, &o, &report) != OFFLOAD_SUCCESS) {
            fprintf(stderr, "bench: replay failed: %s\n", offload_context_last_error(ctx));
            return;
        }
        replayed[round] = report.median_ns;
        verified &= report.verified && !report.differing_bytes;
        relocated |= report.relocated;
    }
    double ours = (double)median(replayed, ROUNDS) / 1e6, peer = (double)median(original, ROUNDS) / 1e6;
    printf("replay_kernel_time (triad, %zu MiB, verified=%s%s): ours=%.3fms peer=%.3fms ratio=%.3f\n",
           (3 * n * 4) >> 20, verified ? "yes" : "NO", relocated ? ", relocated" : "", ours, peer, ours / peer);
    offload_context_destroy(s.ctx);
    offload_recording_close(ctx, rec);
    offload_context_destroy(ctx);
    clear_dir(dir);
}

int main(void) {
    size_t image_size = 0;
    void* image = test_build_shared_object(kernels, &image_size);
    if (!image) {
        fprintf(stderr, "bench: no C compiler to build the kernels\n");
        return 1;
    }
    char dir[] = "/dev/shm/offload-bench-rr-XXXXXX", fallback[] = "/tmp/offload-bench-rr-dir-XXXXXX";
    const char* where = mkdtemp(dir) ? dir : mkdtemp(fallback);
    if (!where) return 1;
    bench_record_overhead(where, image, image_size);
    bench_replay_time(where, image, image_size);
    rmdir(where);
    free(image);
    return 0;
}
