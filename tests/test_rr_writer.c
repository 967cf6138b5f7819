/* tests/test_rr_writer.c — the recorder's writer thread under concurrency: application threads
   launching recorded kernels into one context at once (every launch's entry complete, readable
   and checksummed, in launch order), destroy while entries are still waiting for the writer
   (all of them written), and a write failure while several threads launch (reported once, every
   kernel still run). Also built and run under ThreadSanitizer. Entries are read back with the
   public API; the recorder's state and draining its writer go through the record & replay hooks
   of test_hooks.h. */
#include "offload.h"
#include "test.h"
#include "test_hooks.h"

#ifdef OFFLOAD_NO_RECORD
int main(void) { return test_skip_all("test_rr_writer", "this build leaves record & replay out (OFFLOAD_NO_RECORD)"); }
#else

#include <pthread.h>

#include "files.h"

#include <dirent.h>

#define THREADS 4
#define LAUNCHES 10
#define ITEMS 64

static const char bump_source[] = "#include \"offload.h\"\n"
                                  "typedef struct { int* x; int n; } bump_args;\n"
                                  "void bump(const void* args, const offload_host_thread* t) {\n"
                                  "  const bump_args* a = (const bump_args*)args;\n"
                                  "  unsigned i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];\n"
                                  "  if ((int)i < a->n) a->x[i] += 1; }\n";

typedef struct bump_args {
    int* x;
    int n;
} bump_args;

/* A scratch recording directory, in memory when /dev/shm exists (fsync on a disk is slow). */
static int make_dir(char* dir, size_t capacity) {
    snprintf(dir, capacity, "%s",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm/offload-rrw-XXXXXX" : "/tmp/offload-rrw-XXXXXX");
    return mkdtemp(dir) != NULL;
}

typedef struct error_log {
    pthread_mutex_t lock;
    int errors;
} error_log;

static void count_errors(offload_log_level level, const char* message, void* user) {
    error_log* log = (error_log*)user;
    (void)message;
    if (level != OFFLOAD_LOG_ERROR) return;
    pthread_mutex_lock(&log->lock);
    log->errors++;
    pthread_mutex_unlock(&log->lock);
}

/* A context recording bump into a scratch directory, one buffer per thread. */
typedef struct fixture {
    char dir[64];
    error_log log;
    offload_context* ctx;
    offload_kernel bump;
    int* x[THREADS];
} fixture;

static int make_fixture(fixture* f, const void* image, size_t image_size) {
    memset(f, 0, sizeof *f);
    pthread_mutex_init(&f->log.lock, NULL);
    if (!make_dir(f->dir, sizeof f->dir)) return 0;
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.host_threads = 2;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.record.dir = f->dir;
    desc.record.save_output = 1;
    desc.log = count_errors;
    desc.log_user_data = &f->log;
    desc.log_level = OFFLOAD_LOG_ERROR;
    offload_program prog;
    offload_program_desc pd = {image, image_size, NULL, 0, "bump"};
    offload_test_recorder rec;
    if (offload_context_create(&desc, &f->ctx) != OFFLOAD_SUCCESS ||
        offload_test_recorder_get(f->ctx, &rec) != OFFLOAD_SUCCESS || !rec.recording ||
        offload_program_create(f->ctx, (offload_device){1}, &pd, &prog) != OFFLOAD_SUCCESS ||
        offload_kernel_get(f->ctx, prog, "bump", &f->bump) != OFFLOAD_SUCCESS)
        return 0;
    for (int t = 0; t < THREADS; t++) {
        if (offload_mem_alloc(f->ctx, (offload_device){1}, OFFLOAD_MEM_DEVICE, ITEMS * sizeof(int), (void**)&f->x[t]) !=
            OFFLOAD_SUCCESS)
            return 0;
        memset(f->x[t], 0, ITEMS * sizeof(int));
    }
    return 1;
}

typedef struct worker {
    fixture* f;
    int index;
    int failures;
} worker;

/* Launches bump LAUNCHES times on this thread's own buffer. */
static void* launch_loop(void* arg) {
    worker* w = (worker*)arg;
    bump_args a = {w->f->x[w->index], ITEMS};
    offload_launch_desc l = {{ITEMS / 16, 1, 1}, {16, 1, 1}, 0, &a, sizeof a};
    for (int i = 0; i < LAUNCHES; i++)
        if (offload_launch(w->f->ctx, (offload_queue){0}, w->f->bump, &l) != OFFLOAD_SUCCESS) w->failures++;
    return NULL;
}

/* Runs launch_loop on THREADS threads; returns the launches that failed. */
static int launch_from_threads(fixture* f) {
    pthread_t threads[THREADS];
    worker workers[THREADS];
    int failures = 0;
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (worker){f, t, 0};
        if (pthread_create(&threads[t], NULL, launch_loop, &workers[t]) != 0) return -1;
    }
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        failures += workers[t].failures;
    }
    return failures;
}

static int kernels_all_ran(const fixture* f) {
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < ITEMS; i++)
            if (f->x[t][i] != LAUNCHES) return 0;
    return 1;
}

/* Reads every entry of dir and checks that the sequence numbers in the names are 1..n in order;
   returns how many entries there are, -1 if one is unreadable, out of order or a temporary. */
static int check_entries(const char* dir) {
    offload_context* ctx = NULL;
    offload_context_desc desc = {
        .no_environment = 1, .backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST), .host_threads = 1};
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return -1;
    struct dirent** list = NULL;
    int n = scandir(dir, &list, NULL, alphasort), count = 0, bad = n < 0;
    for (int i = 0; i < n; i++) {
        const char* name = list[i]->d_name;
        if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0) {
            char path[320];
            snprintf(path, sizeof path, "%.63s/%.255s", dir, name);
            offload_recording* rec = NULL;
            offload_recording_info info;
            unsigned long long sequence = 0;
            if (name[0] == '.' || offload_recording_open(ctx, path, &rec) != OFFLOAD_SUCCESS ||
                offload_recording_get_info(ctx, rec, &info) != OFFLOAD_SUCCESS) {
                fprintf(stderr, "    entry %s: %s\n", name,
                        name[0] == '.' ? "temporary left behind" : offload_context_last_error(ctx));
                bad = 1;
            } else if (sscanf(name, "%*u-%*u-%llu-", &sequence) != 1 || sequence != (unsigned long long)count + 1 ||
                       !info.memory_out) {
                fprintf(stderr, "    entry %s: expected sequence %d with recorded output\n", name, count + 1);
                bad = 1;
            }
            offload_recording_close(ctx, rec);
            count++;
        }
        free(list[i]);
    }
    free(list);
    offload_context_destroy(ctx);
    return bad ? -1 : count;
}

static void* image;
static size_t image_size;

static void test_launches_from_threads_each_leave_one_complete_entry(void) {
    if (!image) SKIP("no C compiler (cc) to build the kernel");
    fixture f;
    REQUIRE(make_fixture(&f, image, image_size));
    CHECK(launch_from_threads(&f) == 0);
    CHECK(kernels_all_ran(&f));
    CHECK_OK(f.ctx, offload_test_recorder_drain(f.ctx));
    CHECK(check_entries(f.dir) == THREADS * LAUNCHES);
    CHECK(f.log.errors == 0);
    offload_context_destroy(f.ctx);
    test_remove_tree(f.dir);
}

static void test_destroy_writes_the_pending_entries(void) {
    if (!image) SKIP("no C compiler (cc) to build the kernel");
    fixture f;
    REQUIRE(make_fixture(&f, image, image_size));
    CHECK(launch_from_threads(&f) == 0);
    offload_context_destroy(f.ctx); /* no drain first */
    CHECK(check_entries(f.dir) == THREADS * LAUNCHES);
    CHECK(f.log.errors == 0);
    test_remove_tree(f.dir);
}

static void test_write_failure_under_concurrent_launches_is_reported_once(void) {
    if (!image) SKIP("no C compiler (cc) to build the kernel");
    fixture f;
    REQUIRE(make_fixture(&f, image, image_size));
    REQUIRE(rmdir(f.dir) == 0);
    CHECK(launch_from_threads(&f) == 0);
    CHECK(kernels_all_ran(&f));
    offload_context_destroy(f.ctx);
    CHECK(f.log.errors == 1);
}

int main(void) {
    image = test_build_shared_object(bump_source, &image_size);
    RUN(test_launches_from_threads_each_leave_one_complete_entry);
    RUN(test_destroy_writes_the_pending_entries);
    RUN(test_write_failure_under_concurrent_launches_is_reported_once);
    free(image);
    return test_summary();
}
#endif /* OFFLOAD_NO_RECORD */
