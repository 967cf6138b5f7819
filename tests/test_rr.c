/* tests/test_rr.c — record & replay end to end on the host device: recording kernels of a
   shared object built at test time (including a linked list whose nodes are separate arena
   allocations), replaying every entry in a fresh process with build/tools/offload-replay
   --verify, the public replay API (offload_recording_*, offload_replay: inspection, overrides,
   replacement code, timing, verification, bad arguments), detecting a mutated input and a
   changed kernel, two contexts in one process, teardown after every partial creation, write
   failures (reported at the next launch or at destroy, since entries are written behind the
   launches), and each kind of corrupted entry.
   Replay goes through the public API; the recorder's state (its arena and free list), draining
   its writer, the format's checksum (to forge damaged entries) and the relocation go through
   the record & replay hooks of test_hooks.h. */
#include "offload.h"
#include "test.h"
#include "test_hooks.h"

#ifdef OFFLOAD_NO_RECORD
/* Built without record & replay, this program has nothing to test (test_features checks what
   such a build answers). */
int main(void) { return test_skip_all("test_rr", "this build leaves record & replay out (OFFLOAD_NO_RECORD)"); }
#else

#include "files.h"

#include <dirent.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define REPLAY_TOOL OFFLOAD_TEST_BUILD "/tools/offload-replay"

/* ---- Helpers ------------------------------------------------------------------------------- */

/* Entry directories in dir (complete ones: no temporaries), sorted; returns how many. */
static int list_entries(const char* dir, char names[][512], int capacity) {
    struct dirent** list = NULL;
    int n = scandir(dir, &list, NULL, alphasort), count = 0;
    for (int i = 0; i < n; i++) {
        if (list[i]->d_name[0] != '.' && count < capacity) snprintf(names[count++], 512, "%s/%s", dir, list[i]->d_name);
        free(list[i]);
    }
    free(list);
    return count;
}

/* Runs the replay tool; returns its exit status and its output in out. */
static int run_replay(const char* args, char* out, size_t capacity) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1", REPLAY_TOOL, args);
    FILE* p = popen(cmd, "r");
    if (!p) return -1;
    size_t n = fread(out, 1, capacity - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

typedef struct log_counter {
    int errors;
    char last[1024];
} log_counter;

static void count_log(offload_log_level level, const char* message, void* user) {
    log_counter* c = (log_counter*)user;
    if (level != OFFLOAD_LOG_ERROR) return;
    c->errors++;
    snprintf(c->last, sizeof c->last, "%s", message);
}

/* The recorder's state; all zero when the context does not record. */
static offload_test_recorder recorder_of(offload_context* ctx) {
    offload_test_recorder r;
    if (offload_test_recorder_get(ctx, &r) != OFFLOAD_SUCCESS) memset(&r, 0, sizeof r);
    return r;
}

static int recording(offload_context* ctx) { return recorder_of(ctx).recording; }

static offload_context_desc record_desc(const char* dir) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.host_threads = 2;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.record.dir = dir;
    desc.record.save_output = 1;
    return desc;
}

/* ---- The kernels: a shared object built at test time ---------------------------------------- */

static const char kernels_source[] =
    "#include \"offload.h\"\n"
    "typedef struct node { struct node* next; long value; long sum; } node;\n"
    "int launches = 100;\n"
    "double bias[4] = {0.5, 1.5, 2.5, 3.5};\n"
    "/* walks the list from its head, storing the running sum in every node */\n"
    "void walk(const void* args, const offload_host_thread* t) {\n"
    "  (void)t; node* n = *(node* const*)args; long s = 0;\n"
    "  for (; n; n = n->next) { s += n->value; n->sum = s; }\n"
    "  launches++; }\n"
    "typedef struct { float* x; int n; float factor; } scale_args;\n"
    "void scale(const void* args, const offload_host_thread* t) {\n"
    "  const scale_args* a = (const scale_args*)args; unsigned i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];\n"
    "  if ((int)i < a->n) a->x[i] = a->x[i] * FACTOR + (float)bias[i % 4]; }\n"
    "typedef struct { const float* x; float* y; int n; float a; } saxpy_args;\n"
    "void saxpy(const void* args, const offload_host_thread* t) {\n"
    "  const saxpy_args* a = (const saxpy_args*)args; unsigned i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];\n"
    "  if ((int)i < a->n) a->y[i] += a->a * a->x[i]; }\n";

typedef struct node {
    struct node* next;
    long value;
    long sum;
} node;

typedef struct scale_args {
    float* x;
    int n;
    float factor;
} scale_args;

typedef struct saxpy_args {
    const float* x;
    float* y;
    int n;
    float a;
} saxpy_args;

/* Builds the kernels' shared object with `factor`; *image is malloc'ed. */
static int build_kernels(const char* factor, void** image, size_t* size) {
    char source[4096];
    snprintf(source, sizeof source, "#define FACTOR %s\n%s", factor, kernels_source);
    *image = test_build_shared_object(source, size);
    return *image != NULL;
}

#define LIST_NODES 6
#define VECTOR 300

/* Records walk, scale and saxpy once each on a fresh context; returns how many launches. */
static int record_run(const char* dir, const void* image, size_t image_size) {
    offload_context_desc desc = record_desc(dir);
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return 0;
    int launched = 0;
    offload_device host = {1};
    offload_program prog;
    offload_program_desc pd = {image, image_size, NULL, 0, "kernels"};
    offload_kernel walk, scale, saxpy;
    node* nodes[LIST_NODES];
    float *x = NULL, *y = NULL;
    int ok = recording(ctx) && offload_program_create(ctx, host, &pd, &prog) == OFFLOAD_SUCCESS &&
             offload_kernel_get(ctx, prog, "walk", &walk) == OFFLOAD_SUCCESS &&
             offload_kernel_get(ctx, prog, "scale", &scale) == OFFLOAD_SUCCESS &&
             offload_kernel_get(ctx, prog, "saxpy", &saxpy) == OFFLOAD_SUCCESS;
    /* Each node is its own allocation; the links point from one allocation into another. */
    for (int i = 0; ok && i < LIST_NODES; i++)
        ok = offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, sizeof(node), (void**)&nodes[i]) == OFFLOAD_SUCCESS;
    for (int i = 0; ok && i < LIST_NODES; i++) {
        nodes[i]->next = i + 1 < LIST_NODES ? nodes[(i + 1)] : NULL;
        nodes[i]->value = 10 * (i + 1);
        nodes[i]->sum = -1;
    }
    ok = ok &&
         offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, VECTOR * sizeof(float), (void**)&x) == OFFLOAD_SUCCESS &&
         offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, VECTOR * sizeof(float), (void**)&y) == OFFLOAD_SUCCESS;
    for (int i = 0; ok && i < VECTOR; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    offload_launch_desc l1 = {{1, 1, 1}, {1, 1, 1}, 0, &nodes[0], sizeof nodes[0]};
    scale_args sa = {x, VECTOR, 2.0f};
    offload_launch_desc l2 = {{(VECTOR + 63) / 64, 1, 1}, {64, 1, 1}, 0, &sa, sizeof sa};
    saxpy_args xa = {x, y, VECTOR, 0.25f};
    offload_launch_desc l3 = {{(VECTOR + 127) / 128, 1, 1}, {128, 1, 1}, 0, &xa, sizeof xa};
    if (ok && offload_launch(ctx, (offload_queue){0}, walk, &l1) == OFFLOAD_SUCCESS) launched++;
    ok = ok && nodes[LIST_NODES - 1]->sum == 210;
    if (ok && offload_launch(ctx, (offload_queue){0}, scale, &l2) == OFFLOAD_SUCCESS) launched++;
    if (ok && offload_launch(ctx, (offload_queue){0}, saxpy, &l3) == OFFLOAD_SUCCESS) launched++;
    offload_context_destroy(ctx);
    return ok ? launched : 0;
}

/* One recording shared by the tests that only read it. */
static struct {
    char dir[64];
    char entries[8][512];
    int count;
    void* image;
    size_t image_size;
} shared;

static int ensure_recording(void) {
    if (shared.count) return 1;
    if (!shared.image && !build_kernels("2.0f", &shared.image, &shared.image_size)) return 0;
    snprintf(shared.dir, sizeof shared.dir, "/tmp/offload-rr-XXXXXX");
    if (!mkdtemp(shared.dir)) return 0;
    if (record_run(shared.dir, shared.image, shared.image_size) != 3) return 0;
    shared.count = list_entries(shared.dir, shared.entries, 8);
    return shared.count == 3;
}

/* ---- Tests ----------------------------------------------------------------------------------- */

static void test_record_then_replay_each_entry_in_a_fresh_process(void) {
    if (!shared.image && !build_kernels("2.0f", &shared.image, &shared.image_size))
        SKIP("no C compiler (cc) to build the kernels");
    REQUIRE(ensure_recording());
    CHECK(strstr(shared.entries[0], "-walk") && strstr(shared.entries[1], "-scale") &&
          strstr(shared.entries[2], "-saxpy"));
    if (access(REPLAY_TOOL, X_OK) != 0) SKIP("%s is not built", REPLAY_TOOL);
    char out[8192], args[600];
    for (int i = 0; i < shared.count; i++) {
        snprintf(args, sizeof args, "'%s' --verify --repeat 3", shared.entries[i]);
        int rc = run_replay(args, out, sizeof out);
        CHECK(rc == 0);
        CHECK(strstr(out, "verify: OK") != NULL);
        CHECK(strstr(out, "relocated") == NULL); /* a fresh process has the address free */
        if (rc != 0) fprintf(stderr, "%s\n", out);
    }
    snprintf(args, sizeof args, "'%s' --verify --quiet", shared.dir);
    CHECK(run_replay(args, out, sizeof out) == 0);
}

/* What offload_recording_get_info and offload_recording_get_global say about the walk entry:
   the list (six nodes' links into other allocations) before and after, and the globals. */
static void test_an_entry_can_be_inspected(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    offload_context_desc desc = record_desc(NULL);
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_recording* rec = NULL;
    REQUIRE_OK(ctx, offload_recording_open(ctx, shared.entries[0], &rec));
    offload_recording_info e;
    REQUIRE_OK(ctx, offload_recording_get_info(ctx, rec, &e));
    CHECK(strcmp(e.kernel, "walk") == 0 && strcmp(e.program, "kernels") == 0 && !e.host_entry);
    CHECK(e.backend == OFFLOAD_BACKEND_HOST && e.arch[0] && e.device_name[0]);
    CHECK(e.image_format == OFFLOAD_IMAGE_HOST_ELF && e.image && e.image_size == shared.image_size);
    CHECK(e.source_format == OFFLOAD_IMAGE_UNKNOWN && !e.source && !e.source_size);
    CHECK(e.grid[0] == 1 && e.grid[1] == 1 && e.block[2] == 1 && e.shared_memory == 0);
    CHECK(e.launch_result == OFFLOAD_SUCCESS);
    CHECK(e.arena_address == 0x7e8000000000ull && e.arena_size == 1ull << 30);
    CHECK(e.arena_used == 256 * LIST_NODES + 2 * 1280);
    CHECK(e.args_size == sizeof(node*) && *(const uint64_t*)e.args == e.arena_address);
    const node* in = (const node*)e.memory_in;
    CHECK((uint64_t)(uintptr_t)in[0].next == e.arena_address + 256);
    REQUIRE(e.memory_out != NULL);
    const node* after = (const node*)((const char*)e.memory_out + 256 * (LIST_NODES - 1));
    CHECK(after->sum == 210);
    CHECK(e.global_count == 2);
    int launches = 0;
    for (uint32_t i = 0; i < e.global_count; i++) {
        offload_recording_global g;
        CHECK_OK(ctx, offload_recording_get_global(ctx, rec, i, &g));
        if (strcmp(g.name, "launches") != 0) continue;
        launches = 1;
        CHECK(g.size == sizeof(int) && *(const int*)g.input == 100 && g.output && *(const int*)g.output == 101);
    }
    CHECK(launches);
    offload_recording_global g;
    CHECK_RESULT(ctx, offload_recording_get_global(ctx, rec, 2, &g), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORDING_GLOBAL_INDEX);
    CHECK_OK(ctx, offload_recording_close(ctx, rec));
    /* Its manifest.json names the same entry; another file does not. */
    char path[600];
    snprintf(path, sizeof path, "%s/manifest.json", shared.entries[0]);
    REQUIRE_OK(ctx, offload_recording_open(ctx, path, &rec));
    CHECK_OK(ctx, offload_recording_get_info(ctx, rec, &e));
    CHECK(strcmp(e.kernel, "walk") == 0);
    CHECK_OK(ctx, offload_recording_close(ctx, rec));
    snprintf(path, sizeof path, "%s/args.bin", shared.entries[0]);
    /* A file other than manifest.json is the one INVALID_ARGUMENT of a call with its arguments
       set: an entry that cannot be read is IO or INVALID_RECORDING. */
    CHECK_RESULT(ctx, offload_recording_open(ctx, path, &rec), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORDING_IS_A_FILE);
    CHECK(rec == NULL);
    CHECK_RESULT(ctx, offload_recording_open(ctx, "/nonexistent/entry", &rec), OFFLOAD_ERROR_IO);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORDING_UNREADABLE);
    CHECK(rec == NULL && strstr(offload_context_last_error(ctx), "/nonexistent/entry") != NULL); /* the path */
    offload_context_destroy(ctx);
}

/* NULL where an answer goes, a recording of another context, desc fields that do not go
   together: each is refused with a message, nothing is replayed. */
static void test_replay_api_refuses_bad_arguments(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    offload_context_desc desc = record_desc(NULL);
    offload_context *ctx = NULL, *other = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    REQUIRE_OK(other, offload_context_create(&desc, &other));
    offload_recording* rec = NULL;
    offload_recording_info info;
    offload_replay_result result;
    CHECK_RESULT(ctx, offload_recording_open(ctx, shared.entries[1], NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_recording_open(ctx, NULL, &rec), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_recording_open(NULL, shared.entries[1], &rec), OFFLOAD_ERROR_INVALID_ARGUMENT);
    REQUIRE_OK(ctx, offload_recording_open(ctx, shared.entries[1], &rec));
    CHECK_RESULT(ctx, offload_recording_get_info(ctx, rec, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_recording_get_info(ctx, NULL, &info), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_recording_get_global(ctx, rec, 0, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_replay(ctx, rec, NULL, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_replay(ctx, NULL, NULL, &result), OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_replay_desc d;
    memset(&d, 0, sizeof d);
    d.image = shared.image; /* without its size */
    CHECK_RESULT(ctx, offload_replay(ctx, rec, &d, &result), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REPLAY_IMAGE_PAIR);
    memset(&d, 0, sizeof d);
    d.device.id = 99;
    CHECK_RESULT(ctx, offload_replay(ctx, rec, &d, &result), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REPLAY_DEVICE_INVALID);
    /* the one INVALID_ARGUMENT of closing a recording: another context opened it */
    CHECK_RESULT(other, offload_recording_close(other, rec), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(other, OFFLOAD_DIAG_RECORDING_OTHER_CONTEXT);
    CHECK_OK(ctx, offload_recording_close(ctx, rec));
    CHECK_OK(ctx, offload_recording_close(ctx, NULL));
    offload_context_destroy(other);
    offload_context_destroy(ctx);
}

/* offload_replay's overrides: the grid (only the first block runs, so the output differs from
   the first element it leaves alone), replacement code (another factor: x[1] differs first),
   the repeat count with per-launch times, and verification of an unchanged replay. */
static void test_replay_overrides_times_and_verifies(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    offload_context_desc desc = record_desc(NULL);
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_recording* rec = NULL;
    REQUIRE_OK(ctx, offload_recording_open(ctx, shared.entries[1], &rec)); /* scale, 5 blocks of 64 */
    offload_recording_info info;
    REQUIRE_OK(ctx, offload_recording_get_info(ctx, rec, &info));
    CHECK(info.grid[0] == (VECTOR + 63) / 64 && info.block[0] == 64);
    const size_t x_offset = 6 * 256; /* x is the 7th allocation, after the list's six nodes */
    uint64_t times[4] = {0, 0, 0, 0};
    offload_replay_desc d;
    memset(&d, 0, sizeof d);
    d.verify = 1;
    d.repeat = 3;
    d.times_ns = times;
    offload_replay_result r;
    REQUIRE_OK(ctx, offload_replay(ctx, rec, &d, &r));
    CHECK(r.verified && r.differing_bytes == 0 && r.differing_globals == 0 && r.difference_count == 0);
    CHECK(r.runs == 3 && times[0] && times[1] && times[2] && times[3] == 0);
    uint64_t least = times[0] < times[1] ? times[0] : times[1];
    if (times[2] < least) least = times[2];
    CHECK(r.min_ns == least && r.median_ns >= r.min_ns);
    offload_device_info device;
    CHECK_OK(ctx, offload_device_get_info(ctx, r.device, &device));
    CHECK(device.backend == OFFLOAD_BACKEND_HOST);

    memset(&d, 0, sizeof d);
    d.verify = 1;
    d.grid[0] = 1; /* grid {1, 0, 0}: one block, zeros read as 1 */
    REQUIRE_OK(ctx, offload_replay(ctx, rec, &d, &r));
    CHECK(r.verified && r.runs == 1);
    CHECK(r.differing_bytes > 0 && r.difference_count == OFFLOAD_REPLAY_MAX_DIFFERENCES);
    CHECK(r.differences[0] >= x_offset + 64 * sizeof(float) && r.differences[0] < x_offset + 65 * sizeof(float));
    for (uint32_t i = 1; i < r.difference_count; i++) CHECK(r.differences[i] > r.differences[i - 1]);

    void* other = NULL;
    size_t other_size = 0;
    if (build_kernels("3.0f", &other, &other_size)) {
        memset(&d, 0, sizeof d);
        d.verify = 1;
        d.image = other;
        d.image_size = other_size;
        REQUIRE_OK(ctx, offload_replay(ctx, rec, &d, &r));
        CHECK(r.verified && r.differing_bytes > 0);
        CHECK(r.differences[0] >= x_offset + sizeof(float) && r.differences[0] < x_offset + 2 * sizeof(float));
        free(other);
    }
    CHECK_OK(ctx, offload_recording_close(ctx, rec));
    offload_context_destroy(ctx);
}

/* In the recording process the address is taken, so the replay relocates: the list's links
   are rebased and the output still matches. */
static void test_replay_relocates_when_the_address_is_taken(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    void* taken = mmap((void*)(uintptr_t)0x7e8000000000ull, 1 << 20, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    REQUIRE(taken != MAP_FAILED);
    offload_context_desc desc = record_desc(NULL);
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    for (int i = 0; i < shared.count; i++) {
        offload_recording* rec = NULL;
        REQUIRE_OK(ctx, offload_recording_open(ctx, shared.entries[i], &rec));
        offload_replay_desc d = {.verify = 1};
        offload_replay_result report;
        CHECK_OK(ctx, offload_replay(ctx, rec, &d, &report));
        CHECK(report.relocated && report.verified && report.arena_base != 0x7e8000000000ull);
        CHECK(report.differing_bytes == 0 && report.differing_globals == 0);
        offload_recording_close(ctx, rec);
    }
    offload_context_destroy(ctx);
    munmap(taken, 1 << 20);
}

/* Relocation rebases a pointer one past the arena's used bytes too (the end of the last
   allocation: a loop bound, an end iterator); words just outside the range stay. */
static void test_relocation_rebases_the_arena_end(void) {
    const uint64_t old = 0x7e8000000000ull, used = 4096, now = 0x7f1000000000ull;
    uint64_t words[5] = {old - 8, old, old + used - 8, old + used, old + used + 8};
    offload_test_rr_rebase(words, sizeof words, old, used, now);
    CHECK(words[0] == old - 8);
    CHECK(words[1] == now && words[2] == now + used - 8);
    CHECK(words[3] == now + used);
    CHECK(words[4] == old + used + 8);
}

/* Rewrites the size and checksum of one blob in an entry's manifest. */
static int fix_blob(const char* entry, const char* key, const char* file) {
    char path[512];
    size_t blob_size, size;
    snprintf(path, sizeof path, "%s/%s", entry, file);
    void* blob = test_read_file(path, &blob_size);
    snprintf(path, sizeof path, "%s/manifest.json", entry);
    char* text = (char*)test_read_file(path, &size);
    if (!blob || !text) return 0;
    char needle[64], line[256];
    snprintf(needle, sizeof needle, "\"%s\": {", key);
    char* start = strstr(text, needle);
    char* end = start ? strchr(start, '}') : NULL;
    int ok = end != NULL;
    if (ok) {
        snprintf(line, sizeof line, "\"%s\": {\"file\": \"%s\", \"size\": %zu, \"checksum\": \"%016llx\"}", key, file,
                 blob_size, (unsigned long long)offload_test_rr_checksum(blob, blob_size));
        char* rebuilt = (char*)malloc(size + sizeof line);
        sprintf(rebuilt, "%.*s%s%s", (int)(start - text), text, line, end + 1);
        ok = test_write_file(path, rebuilt, strlen(rebuilt));
        free(rebuilt);
    }
    free(blob);
    free(text);
    return ok;
}

/* Whether the tool's output names a first differing offset inside [offset, offset+size): the
   bytes of a changed float may agree in places. */
static int first_difference_in(const char* out, size_t offset, size_t size) {
    const char* at = strstr(out, "first differing offsets: ");
    unsigned long long first = at ? strtoull(at + strlen("first differing offsets: "), NULL, 10) : 0;
    if (!at || first < offset || first >= offset + size)
        fprintf(stderr, "    expected a difference at %zu:\n%s\n", offset, out);
    return at && first >= offset && first < offset + size;
}

static void copy_entry(const char* from, const char* to) {
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && cp -r '%s' '%s'", to, from, to);
    if (system(cmd) != 0) fprintf(stderr, "copy failed\n");
}

static void test_verify_names_the_offset_of_a_mutated_input(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    if (access(REPLAY_TOOL, X_OK) != 0) SKIP("%s is not built", REPLAY_TOOL);
    char copy[128], path[700], out[8192], args[400];
    snprintf(copy, sizeof copy, "%s/.mutated", shared.dir);
    copy_entry(shared.entries[1], copy); /* scale: x[i] = x[i] * 2 + bias */
    snprintf(path, sizeof path, "%s/memory_in.bin", copy);
    size_t size;
    unsigned char* memory = (unsigned char*)test_read_file(path, &size);
    REQUIRE(memory);
    /* x is the 7th allocation (6 nodes of 256 bytes); change x[5]. */
    size_t offset = 6 * 256 + 5 * sizeof(float);
    float changed = 1000.0f;
    memcpy(memory + offset, &changed, sizeof changed);
    CHECK(test_write_file(path, memory, size));
    free(memory);
    snprintf(args, sizeof args, "'%s' --verify", copy);
    CHECK(run_replay(args, out, sizeof out) == 3);                         /* refused: the checksum no longer matches */
    CHECK(strstr(out, "RECORDING_UNREADABLE") && strstr(out, "checksum")); /* the kind, and which check refused it */
    REQUIRE(fix_blob(copy, "memory_in", "memory_in.bin"));
    CHECK(run_replay(args, out, sizeof out) == 1);
    CHECK(first_difference_in(out, offset, sizeof(float)));
    test_remove_tree(copy);
}

/* A directory exits with the gravest of its entries' statuses (failed 4, refused 3, mismatched 1,
   replayed 0), so that a script tells them apart by the status alone; one with no entry is
   refused. */
static void test_directory_exits_with_the_gravest_status(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    if (access(REPLAY_TOOL, X_OK) != 0) SKIP("%s is not built", REPLAY_TOOL);
    char dir[128], entry[256], path[700], out[8192], args[400];
    snprintf(dir, sizeof dir, "%s/.statuses", shared.dir);
    test_remove_tree(dir);
    REQUIRE(mkdir(dir, 0755) == 0);
    snprintf(args, sizeof args, "'%s' --verify", dir);
    CHECK(run_replay(args, out, sizeof out) == 3 && strstr(out, "no entries") != NULL);
    snprintf(entry, sizeof entry, "%s/a-replayed", dir);
    copy_entry(shared.entries[1], entry);
    CHECK(run_replay(args, out, sizeof out) == 0);
    /* b: its input changed and its checksum fixed, so it replays and differs */
    snprintf(entry, sizeof entry, "%s/b-mismatched", dir);
    copy_entry(shared.entries[1], entry);
    snprintf(path, sizeof path, "%s/memory_in.bin", entry);
    size_t size;
    unsigned char* memory = (unsigned char*)test_read_file(path, &size);
    REQUIRE(memory);
    memory[6 * 256 + 5 * sizeof(float)] ^= 0x40;
    CHECK(test_write_file(path, memory, size) && fix_blob(entry, "memory_in", "memory_in.bin"));
    free(memory);
    CHECK(run_replay(args, out, sizeof out) == 1);
    /* c: its input changed without its checksum: refused, graver than b */
    snprintf(entry, sizeof entry, "%s/c-refused", dir);
    copy_entry(shared.entries[1], entry);
    snprintf(path, sizeof path, "%s/memory_in.bin", entry);
    memory = (unsigned char*)test_read_file(path, &size);
    REQUIRE(memory);
    memory[0] ^= 1;
    CHECK(test_write_file(path, memory, size));
    free(memory);
    CHECK(run_replay(args, out, sizeof out) == 3);
    CHECK(strstr(out, "4 entries") == NULL && strstr(out, "3 entries, 2 failed") != NULL);
    /* an --image that cannot be read: failed, before any entry */
    snprintf(args, sizeof args, "'%s' --verify --image /nonexistent/image.so", dir);
    CHECK(run_replay(args, out, sizeof out) == 4);
    test_remove_tree(dir);
}

static void test_verify_fails_when_the_kernel_changed(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    if (access(REPLAY_TOOL, X_OK) != 0) SKIP("%s is not built", REPLAY_TOOL);
    void* other = NULL;
    size_t other_size = 0;
    REQUIRE(build_kernels("3.0f", &other, &other_size));
    char copy[128], path[700], out[8192], args[1300];
    snprintf(copy, sizeof copy, "%s/.changed", shared.dir);
    copy_entry(shared.entries[1], copy);
    snprintf(path, sizeof path, "%s/image.bin", copy);
    CHECK(test_write_file(path, other, other_size));
    free(other);
    REQUIRE(fix_blob(copy, "image", "image.bin"));
    snprintf(args, sizeof args, "'%s' --verify", copy);
    CHECK(run_replay(args, out, sizeof out) == 1);
    /* x[0] = 0 either way; x[1] differs first: at the 7th allocation + 4 bytes. */
    CHECK(strstr(out, "verify: FAILED") != NULL);
    CHECK(first_difference_in(out, 6 * 256 + sizeof(float), sizeof(float)));
    /* The same without editing the entry: --image loads the other kernels instead. */
    snprintf(args, sizeof args, "'%s' --verify --image '%s'", shared.entries[1], path);
    CHECK(run_replay(args, out, sizeof out) == 1);
    CHECK(first_difference_in(out, 6 * 256 + sizeof(float), sizeof(float)));
    snprintf(args, sizeof args, "'%s' --image /nonexistent/image.so", shared.entries[1]);
    CHECK(run_replay(args, out, sizeof out) == 4); /* failed: no image to load */
    CHECK(strstr(out, "cannot read '/nonexistent/image.so'") != NULL);
    test_remove_tree(copy);
}

static void test_two_contexts_only_the_recording_one_is_captured(void) {
    if (!shared.image && !build_kernels("2.0f", &shared.image, &shared.image_size))
        SKIP("no C compiler (cc) to build the kernels");
    for (int order = 0; order < 2; order++) {
        char dir[] = "/tmp/offload-rr-two-XXXXXX";
        REQUIRE(mkdtemp(dir));
        offload_context_desc da = record_desc(dir), db = record_desc(NULL);
        offload_context *a = NULL, *b = NULL;
        REQUIRE_OK(a, offload_context_create(&da, &a));
        REQUIRE_OK(b, offload_context_create(&db, &b));
        CHECK(recording(a) && !recording(b));
        offload_context* both[2] = {a, b};
        for (int c = 0; c < 2; c++) {
            offload_context* ctx = both[c];
            offload_program prog;
            offload_kernel k;
            offload_program_desc pd = {shared.image, shared.image_size, NULL, 0, NULL};
            float* x = NULL;
            REQUIRE_OK(ctx, offload_program_create(ctx, (offload_device){1}, &pd, &prog));
            REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "scale", &k));
            REQUIRE_OK(ctx, offload_mem_alloc(ctx, (offload_device){1}, OFFLOAD_MEM_DEVICE, 64, (void**)&x));
            uint64_t address = (uint64_t)(uintptr_t)x;
            CHECK((address - 0x7e8000000000ull < (1ull << 30)) == (c == 0));
            scale_args sa = {x, 16, 2.0f};
            offload_launch_desc l = {{1, 1, 1}, {16, 1, 1}, 0, &sa, sizeof sa};
            for (int i = 0; i < 2; i++) CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
        }
        char names[8][512];
        CHECK_OK(a, offload_test_recorder_drain(a)); /* entries are written behind the launches */
        CHECK(list_entries(dir, names, 8) == 2);
        offload_context_destroy(both[order]);
        offload_context_destroy(both[1 - order]);
        test_remove_tree(dir);
    }
}

static void test_pattern_first_n_and_queues(void) {
    if (!shared.image && !build_kernels("2.0f", &shared.image, &shared.image_size))
        SKIP("no C compiler (cc) to build the kernels");
    char dir[] = "/tmp/offload-rr-pattern-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = record_desc(dir);
    desc.record.kernel_pattern = "s*";
    desc.record.max_per_kernel = 2;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_program prog;
    offload_kernel scale, walk;
    offload_program_desc pd = {shared.image, shared.image_size, NULL, 0, NULL};
    REQUIRE_OK(ctx, offload_program_create(ctx, (offload_device){1}, &pd, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "scale", &scale));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "walk", &walk));
    float* x = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, (offload_device){1}, OFFLOAD_MEM_DEVICE, 16 * sizeof(float), (void**)&x));
    for (int i = 0; i < 16; i++) x[i] = 1.0f;
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, (offload_device){1}, &q));
    scale_args sa = {x, 16, 2.0f};
    offload_launch_desc l = {{1, 1, 1}, {16, 1, 1}, 0, &sa, sizeof sa};
    for (int i = 0; i < 4; i++) {
        l.shared_memory = i == 1 ? 48 : 0;
        CHECK_OK(ctx, offload_launch(ctx, q, scale, &l));
    }
    node* head = NULL;
    offload_launch_desc lw = {{1, 1, 1}, {1, 1, 1}, 0, &head, sizeof head};
    CHECK_OK(ctx, offload_launch(ctx, q, walk, &lw)); /* does not match the pattern */
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    /* 1 -> 3.5 -> 8.5 -> 18.5 -> 38.5 for x[1] (bias 1.5): all four launches ran */
    CHECK(x[1] == 38.5f);
    char names[8][512];
    CHECK_OK(ctx, offload_test_recorder_drain(ctx));
    int n = list_entries(dir, names, 8);
    CHECK(n == 2);
    for (int i = 0; i < n; i++) CHECK(strstr(names[i], "-scale") != NULL);
    /* the first launch asked for no shared memory, the second for 48 bytes: each entry says so */
    for (int i = 0; i < n; i++) {
        offload_recording* rec = NULL;
        offload_recording_info e;
        REQUIRE_OK(ctx, offload_recording_open(ctx, names[i], &rec));
        CHECK_OK(ctx, offload_recording_get_info(ctx, rec, &e));
        CHECK(e.shared_memory == (strstr(names[i], "-000001-") ? 0u : 48u));
        CHECK_OK(ctx, offload_recording_close(ctx, rec));
    }
    offload_context_destroy(ctx);
    test_remove_tree(dir);
}

static void test_arena_allocator_reuses_freed_space(void) {
    char dir[] = "/tmp/offload-rr-arena-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = record_desc(dir);
    desc.record.arena_size = 1 << 20;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_device host = {1};
    void *a, *b, *c, *d, *big;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 100, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 1000, &b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_SHARED, 10, &c));
    CHECK((uintptr_t)a == 0x7e8000000000ull && (uintptr_t)b == (uintptr_t)a + 256 &&
          (uintptr_t)c == (uintptr_t)b + 1024);
    CHECK(recorder_of(ctx).arena_used == 256 + 1024 + 256);
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 512, &d));
    CHECK(d == b); /* first fit */
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 2 << 20, &big),
                 OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_ARENA_FULL);
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, c));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
    CHECK(recorder_of(ctx).free_ranges == 1); /* coalesced back into one range */
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, (1 << 20) - 256, &big));
    CHECK((uintptr_t)big == 0x7e8000000000ull);
    memset(big, 7, (1 << 20) - 256); /* all of it is mapped */
    void *last = NULL, *none = NULL; /* the arena's last 256 bytes fit exactly; then nothing does */
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 256, &last));
    CHECK((uintptr_t)last == 0x7e8000000000ull + (1 << 20) - 256);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 1, &none), OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_ARENA_FULL);
    void* pinned = NULL; /* host-kind memory does not come from the arena */
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_HOST, 64, &pinned));
    CHECK((uintptr_t)pinned - 0x7e8000000000ull >= (1 << 20));
    offload_context_destroy(ctx); /* with allocations still live */
    test_remove_tree(dir);
}

/* ---- Teardown and failures -------------------------------------------------------------------- */


static void test_teardown_after_every_failed_allocation(void) {
    char dir[] = "/tmp/offload-rr-oom-XXXXXX";
    REQUIRE(mkdtemp(dir));
    int completed = 0;
    for (int fail_at = 1; fail_at < 400 && !completed; fail_at++) {
        failing_allocator f = {0, fail_at, 0};
        offload_context_desc desc = record_desc(dir);
        desc.backends = 0; /* every backend, pointed at libraries that do not exist */
        desc.cuda_library_path = "/nonexistent/libcuda.so.1";
        desc.hsa_library_path = "/nonexistent/libhsa-runtime64.so.1";
        desc.allocator.alloc = failing_alloc;
        desc.allocator.free = failing_free;
        desc.allocator.user_data = &f;
        offload_context* ctx = NULL;
        offload_result r = offload_context_create(&desc, &ctx);
        if (r == OFFLOAD_SUCCESS) {
            completed = recording(ctx);
            void* p = NULL;
            /* allocating and freeing may fail too; teardown must still be clean */
            if (offload_mem_alloc(ctx, (offload_device){1}, OFFLOAD_MEM_DEVICE, 300, &p) == OFFLOAD_SUCCESS &&
                fail_at % 2)
                offload_mem_free(ctx, p);
            offload_context_destroy(ctx);
        } else {
            CHECK(ctx == NULL);
            CHECK(r == OFFLOAD_ERROR_OUT_OF_HOST_MEMORY);
        }
        CHECK(f.live == 0);
    }
    CHECK(completed);
    test_remove_tree(dir);
}

/* Creates a recording context that must come up without recording (kind `expected` as the last
   error, logged once); its kernels still run. */
static void check_recording_off(offload_context_desc desc, offload_diagnostic expected) {
    log_counter log = {0, ""};
    desc.log = count_log;
    desc.log_user_data = &log;
    desc.log_level = OFFLOAD_LOG_ERROR;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    CHECK_DIAGNOSTIC(ctx, expected);
    CHECK(!recording(ctx));
    /* One report, the last error; a backend call that failed may have logged its own line just
       before. */
    CHECK(log.errors >= 1 && log.errors <= 2 && strstr(log.last, offload_context_last_error(ctx)) != NULL);
    void* p = NULL;
    CHECK_OK(ctx, offload_mem_alloc(ctx, (offload_device){1}, OFFLOAD_MEM_DEVICE, 64, &p));
    CHECK((uintptr_t)p - 0x7e8000000000ull >= (1ull << 30));
    offload_context_destroy(ctx);
}

static void test_recording_that_cannot_start_is_reported_once(void) {
    char dir[] = "/tmp/offload-rr-off-XXXXXX";
    REQUIRE(mkdtemp(dir));
    check_recording_off(record_desc("/nonexistent/offload-recordings"), OFFLOAD_DIAG_RECORD_DIR_NOT_WRITABLE);
    offload_context_desc desc = record_desc(dir);
    desc.record.device_index = 5;
    check_recording_off(desc, OFFLOAD_DIAG_RECORD_DEVICE_INDEX);
    desc = record_desc(dir);
    desc.record.arena_address = 0x7e8000000100ull;
    check_recording_off(desc, OFFLOAD_DIAG_RECORD_ARENA_IMPOSSIBLE);
    /* the arena's address is taken */
    void* taken = mmap((void*)(uintptr_t)0x7e8000000000ull, 4096, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    REQUIRE(taken != MAP_FAILED);
    check_recording_off(record_desc(dir), OFFLOAD_DIAG_RECORD_ARENA_NOT_RESERVED);
    munmap(taken, 4096);
    test_remove_tree(dir);
}

/* A context recording scale into a directory that disappears under the recorder once the
   context is up; ERROR lines are counted in log. */
typedef struct vanishing {
    char dir[64];
    log_counter log;
    offload_context* ctx;
    offload_kernel scale;
    float* x; /* 4 floats, x[0] = 1 */
    scale_args args;
    offload_launch_desc launch;
} vanishing;

static int make_vanishing(vanishing* v) {
    memset(v, 0, sizeof *v);
    snprintf(v->dir, sizeof v->dir, "/tmp/offload-rr-gone-XXXXXX");
    if (!mkdtemp(v->dir)) return 0;
    offload_context_desc desc = record_desc(v->dir);
    desc.log = count_log;
    desc.log_user_data = &v->log;
    desc.log_level = OFFLOAD_LOG_ERROR;
    offload_program prog;
    offload_program_desc pd = {shared.image, shared.image_size, NULL, 0, NULL};
    int ok = offload_context_create(&desc, &v->ctx) == OFFLOAD_SUCCESS && recording(v->ctx) &&
             offload_program_create(v->ctx, (offload_device){1}, &pd, &prog) == OFFLOAD_SUCCESS &&
             offload_kernel_get(v->ctx, prog, "scale", &v->scale) == OFFLOAD_SUCCESS &&
             offload_mem_alloc(v->ctx, (offload_device){1}, OFFLOAD_MEM_DEVICE, 4 * sizeof(float), (void**)&v->x) ==
                 OFFLOAD_SUCCESS;
    rmdir(v->dir);
    if (!ok) offload_context_destroy(v->ctx);
    if (!ok) return 0;
    v->x[0] = 1.0f;
    v->args = (scale_args){v->x, 1, 2.0f};
    v->launch = (offload_launch_desc){{1, 1, 1}, {1, 1, 1}, 0, &v->args, sizeof v->args};
    return 1;
}

/* Entries are written behind the launches, so a write error surfaces at the next launch on
   the recording device (logged once, that thread's last error) and the launch still runs. */
static void test_write_failure_is_reported_once_and_kernels_still_run(void) {
    if (!shared.image && !build_kernels("2.0f", &shared.image, &shared.image_size))
        SKIP("no C compiler (cc) to build the kernels");
    vanishing v;
    REQUIRE(make_vanishing(&v));
    offload_context* ctx = v.ctx;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, v.scale, &v.launch));
    CHECK_OK(ctx, offload_test_recorder_drain(ctx)); /* the writer has failed now */
    CHECK(v.log.errors == 0);
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, v.scale, &v.launch));
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_WRITE_FAILED);
    CHECK(v.log.errors == 1 && strstr(v.log.last, offload_context_last_error(ctx)) != NULL);
    /* the writer's step that failed, the reason the kind carries */
    CHECK(strstr(offload_context_last_error(ctx), "creating a temporary entry directory") != NULL);
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, v.scale, &v.launch));
    CHECK(v.log.errors == 1);
    CHECK(v.x[0] == ((1.0f * 2 + 0.5f) * 2 + 0.5f) * 2 + 0.5f);
    offload_context_destroy(ctx);
    CHECK(v.log.errors == 1);
}

/* A failure nobody launched after is logged, once, when the context is destroyed. */
static void test_write_failure_without_a_later_launch_is_logged_at_destroy(void) {
    if (!shared.image && !build_kernels("2.0f", &shared.image, &shared.image_size))
        SKIP("no C compiler (cc) to build the kernels");
    vanishing v;
    REQUIRE(make_vanishing(&v));
    CHECK_OK(v.ctx, offload_launch(v.ctx, (offload_queue){0}, v.scale, &v.launch));
    CHECK(v.x[0] == 2.5f);
    offload_context_destroy(v.ctx); /* the entry is still pending or failed already */
    /* a log line carries no kind: the recording directory it names says it is the write failure */
    CHECK(v.log.errors == 1 && strstr(v.log.last, v.dir) != NULL);
}

/* ---- Corrupted entries ------------------------------------------------------------------------- */

/* Opens `entry` with its manifest replaced by `text` (size bytes); returns the result and, in
   why, the refusal message (the context's last error), whose kind it checks: RECORDING_UNREADABLE,
   its reason the parser's text. */
static offload_result open_with_manifest(offload_context* ctx, const char* entry, const char* text, size_t size,
                                         char* why, size_t capacity) {
    char path[700];
    snprintf(path, sizeof path, "%s/manifest.json", entry);
    why[0] = '\0';
    if (!test_write_file(path, text, size)) return OFFLOAD_ERROR_IO;
    offload_recording* rec = NULL;
    offload_result r = offload_recording_open(ctx, entry, &rec);
    if (r != OFFLOAD_SUCCESS) {
        CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORDING_UNREADABLE);
        snprintf(why, capacity, "%s", offload_context_last_error(ctx));
    }
    if (r != OFFLOAD_SUCCESS && rec) r = OFFLOAD_ERROR_INVALID_HANDLE; /* a refusal must leave no recording */
    offload_recording_close(ctx, rec);
    return r;
}

static void test_each_kind_of_damage_is_refused_clearly(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    offload_context_desc desc = record_desc(NULL);
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    char path[700], copy[128], why[1024];
    size_t size;
    snprintf(path, sizeof path, "%s/manifest.json", shared.entries[0]);
    char* manifest = (char*)test_read_file(path, &size);
    REQUIRE(manifest);
    snprintf(copy, sizeof copy, "%s/.damaged", shared.dir);
    copy_entry(shared.entries[0], copy);
    REQUIRE(open_with_manifest(ctx, copy, manifest, size, why, sizeof why) == OFFLOAD_SUCCESS);
    offload_recording* rec = NULL;
    offload_recording_info info;
    REQUIRE_OK(ctx, offload_recording_open(ctx, copy, &rec));
    REQUIRE_OK(ctx, offload_recording_get_info(ctx, rec, &info));
    char used[64], arena[128], arena_exact[128], arena_short[128];
    snprintf(used, sizeof used, "\"used\": %llu", (unsigned long long)info.arena_used);
    snprintf(arena, sizeof arena, "\"size\": %llu, \"used\": %llu", (unsigned long long)info.arena_size,
             (unsigned long long)info.arena_used);
    snprintf(arena_exact, sizeof arena_exact, "\"size\": %llu, \"used\": %llu", (unsigned long long)info.arena_used,
             (unsigned long long)info.arena_used);
    snprintf(arena_short, sizeof arena_short, "\"size\": %llu, \"used\": %llu", (unsigned long long)info.arena_used - 1,
             (unsigned long long)info.arena_used);
    offload_recording_close(ctx, rec);
    REQUIRE(info.arena_used > 0);
    /* kernel names of 255 bytes (the most a field holds) and of 256 */
    char longest[300], too_long[300];
    snprintf(longest, sizeof longest, "\"kernel\": \"%0255d\"", 0);
    snprintf(too_long, sizeof too_long, "\"kernel\": \"%0256d\"", 0);
    /* Every damage is one kind, RECORDING_UNREADABLE (open_with_manifest checks it): which damage
       was found is the reason the parser gives, `message`. */
    const struct {
        const char* from;
        const char* to;
        const char* message;
    } damage[] = {
        {"\"version\": 1", "\"version\": 2", "unknown format version 2"},
        {"\"version\": 1", "\"version\": 1.0", "must be a non-negative integer"},
        {"\"kernel\"", "\"kernal\"", "missing field 'kernel'"},
        {"\"grid\": [1, 1, 1]", "\"grid\": [1, 0, 1]", "'grid' must hold 3 integers"},
        {"\"grid\": [1, 1, 1]", "\"grid\": [4294967296, 1, 1]", "'grid' must hold 3 integers"},
        {"\"block\": [1, 1, 1]", "\"block\": [1024, 1024, 1024]", "threads per block is absurd"},
        {"\"shared_memory\": 0", "\"shared_memory\": 123456789012345678901234567890", "below 2^64"},
        {"\"format\": \"offload-recording\"", "\"format\": \"tarball\"", "format is 'tarball'"},
        {"\"backend\": \"host\"", "\"backend\": \"quantum\"", "unknown backend 'quantum'"},
        {"\"image_format\": \"host_elf\"", "\"image_format\": \"jpeg\"", "unknown image_format 'jpeg'"},
        {"\"file\": \"args.bin\"", "\"file\": \"../../etc/passwd\"", "must be stored in 'args.bin'"},
        {"\"offset\": 0", "\"offset\": 99999", "'offset' = 99999 is outside"},
        /* the last global (launches, 4 bytes at 32 of 36) moved one byte past the blob's end */
        {"\"offset\": 32, \"size\": 4", "\"offset\": 33, \"size\": 4", "'size' = 4 is outside [1, 3]"},
        {arena, arena_short, "exceeds its size"},
        {"\"kernel\": \"walk\"", too_long, "field 'kernel' is longer than 255 bytes"},
        {used, "\"used\": 999999999999999", "outside [0,"},
        {used, "\"used\": 256", "bytes but the arena used 256"},
        {"\"blobs\": {", "\"blobs\": {\"extra\": {}, ", "unknown blob 'extra'"},
        {manifest, "[1, 2]", "top level must be an object"},
    };
    for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++) {
        const char* at = strstr(manifest, damage[i].from);
        if (!at) fprintf(stderr, "    damage %zu: '%s' is not in the manifest:\n%s\n", i, damage[i].from, manifest);
        REQUIRE(at);
        size_t n = strlen(manifest) + strlen(damage[i].to) + 1;
        char* edited = (char*)malloc(n);
        snprintf(edited, n, "%.*s%s%s", (int)(at - manifest), manifest, damage[i].to, at + strlen(damage[i].from));
        CHECK(open_with_manifest(ctx, copy, edited, strlen(edited), why, sizeof why) ==
              OFFLOAD_ERROR_INVALID_RECORDING);
        CHECK(strstr(why, damage[i].message) != NULL && strstr(why, copy) != NULL);
        if (!strstr(why, damage[i].message)) fprintf(stderr, "    damage %zu: got '%s'\n", i, why);
        free(edited);
    }
    /* edits that stay inside every limit still open: the arena used to its last byte, a kernel
       name of the longest length a field holds */
    const struct {
        const char* from;
        const char* to;
    } inside[] = {{arena, arena_exact}, {"\"kernel\": \"walk\"", longest}};
    for (size_t i = 0; i < sizeof inside / sizeof inside[0]; i++) {
        const char* at = strstr(manifest, inside[i].from);
        REQUIRE(at);
        size_t n = strlen(manifest) + strlen(inside[i].to) + 1;
        char* edited = (char*)malloc(n);
        snprintf(edited, n, "%.*s%s%s", (int)(at - manifest), manifest, inside[i].to, at + strlen(inside[i].from));
        CHECK(open_with_manifest(ctx, copy, edited, strlen(edited), why, sizeof why) == OFFLOAD_SUCCESS);
        free(edited);
    }
    /* the most globals a manifest may list (4096), and one more */
    for (int extra = 0; extra <= 1; extra++) {
        const char* list = strstr(manifest, "\"globals\": [");
        const char* end = list ? strstr(list, "],") : NULL;
        REQUIRE(end);
        size_t capacity = strlen(manifest) + 4097 * 48 + 64;
        char* edited = (char*)malloc(capacity);
        REQUIRE(edited);
        size_t n = (size_t)snprintf(edited, capacity, "%.*s\"globals\": [", (int)(list - manifest), manifest);
        for (int g = 0; g < 4096 + extra; g++)
            n += (size_t)snprintf(edited + n, capacity - n, "%s{\"name\": \"g%d\", \"offset\": 0, \"size\": 1}",
                                  g ? ", " : "", g);
        n += (size_t)snprintf(edited + n, capacity - n, "%s", end);
        offload_result r = open_with_manifest(ctx, copy, edited, n, why, sizeof why);
        CHECK(r == (extra ? OFFLOAD_ERROR_INVALID_RECORDING : OFFLOAD_SUCCESS));
        if (extra) CHECK(strstr(why, "4097 globals (at most 4096)") != NULL);
        free(edited);
    }
    /* truncated manifest */
    CHECK(open_with_manifest(ctx, copy, manifest, size / 2, why, sizeof why) == OFFLOAD_ERROR_INVALID_RECORDING);
    CHECK(strstr(why, "not valid JSON") != NULL);
    free(manifest);

    /* damaged blobs on disk */
    copy_entry(shared.entries[0], copy);
    snprintf(path, sizeof path, "%s/memory_in.bin", copy);
    REQUIRE(truncate(path, 100) == 0);
    CHECK_RESULT(ctx, offload_recording_open(ctx, copy, &rec), OFFLOAD_ERROR_INVALID_RECORDING);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORDING_UNREADABLE);
    /* the blob at fault and the reason (one kind for every damage) */
    CHECK(strstr(offload_context_last_error(ctx), "memory_in.bin") &&
          strstr(offload_context_last_error(ctx), "truncated"));
    copy_entry(shared.entries[0], copy);
    snprintf(path, sizeof path, "%s/args.bin", copy);
    unsigned char* args = (unsigned char*)test_read_file(path, &size);
    REQUIRE(args);
    args[0] ^= 1;
    CHECK(test_write_file(path, args, size));
    free(args);
    CHECK_RESULT(ctx, offload_recording_open(ctx, copy, &rec), OFFLOAD_ERROR_INVALID_RECORDING);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORDING_UNREADABLE);
    CHECK(strstr(offload_context_last_error(ctx), "args.bin") && strstr(offload_context_last_error(ctx), "checksum"));
    snprintf(path, sizeof path, "%s/image.bin", copy);
    CHECK(remove(path) == 0);
    CHECK(offload_recording_open(ctx, copy, &rec) != OFFLOAD_SUCCESS);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORDING_UNREADABLE);
    CHECK(rec == NULL && strstr(offload_context_last_error(ctx), "image.bin") != NULL); /* the blob missing */
    test_remove_tree(copy);
    offload_context_destroy(ctx);
}

/* A launch whose arguments point at the program's own memory outside the arena (what OpenMP
   passes under `requires unified_shared_memory`): the recorder lists the argument word in the
   manifest ('outside_arena'), offload_replay refuses the entry with OFFLOAD_ERROR_UNSUPPORTED
   and the tool says why and exits 1. A damaged 'outside_arena' is refused when opened. An
   entry whose arguments point at unmapped memory without saying so (an older recorder, or
   inputs edited consistently) makes the replayed kernel fault: the tool reports it and exits
   1, it does not crash. */
static void test_pointers_outside_the_arena_are_refused_not_replayed(void) {
    if (!ensure_recording()) SKIP("no recording (no C compiler?)");
    char dir[64] = "/tmp/offload-rr-outside-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = record_desc(dir);
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    REQUIRE(recording(ctx));
    offload_program prog;
    offload_program_desc pd = {shared.image, shared.image_size, NULL, 0, "kernels"};
    offload_kernel walk;
    REQUIRE_OK(ctx, offload_program_create(ctx, (offload_device){1}, &pd, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "walk", &walk));
    node* list = (node*)calloc(2, sizeof *list); /* host memory: not the arena */
    REQUIRE(list);
    list[0].next = &list[1];
    list[0].value = 1;
    list[1].value = 2;
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, &list, sizeof list};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, walk, &l));
    CHECK(list[1].sum == 3);
    offload_context_destroy(ctx);
    free(list);
    char entries[2][512];
    REQUIRE(list_entries(dir, entries, 2) == 1);
    char path[700];
    size_t size;
    snprintf(path, sizeof path, "%s/manifest.json", entries[0]);
    char* manifest = (char*)test_read_file(path, &size);
    REQUIRE(manifest);
    CHECK(strstr(manifest, "\"outside_arena\": [0]") != NULL);

    desc = record_desc(NULL);
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_recording* rec = NULL;
    offload_replay_result result;
    REQUIRE_OK(ctx, offload_recording_open(ctx, entries[0], &rec));
    CHECK_RESULT(ctx, offload_replay(ctx, rec, NULL, &result), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REPLAY_POINTER_OUTSIDE);
    offload_recording_close(ctx, rec);
    char out[8192], args[700];
    if (access(REPLAY_TOOL, X_OK) == 0) {
        snprintf(args, sizeof args, "'%s' --verify", entries[0]);
        CHECK(run_replay(args, out, sizeof out) == 3 && strstr(out, "REPLAY_POINTER_OUTSIDE") != NULL); /* refused */
    }
    /* 'outside_arena' itself checked: a word past the arguments, a non-number, a non-array */
    const char* bad[] = {"\"outside_arena\": [8]", "\"outside_arena\": [\"0\"]", "\"outside_arena\": 0"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char* at = strstr(manifest, "\"outside_arena\": [0]");
        REQUIRE(at);
        size_t n = size + 64;
        char *edited = (char*)malloc(n), why[1024];
        snprintf(edited, n, "%.*s%s%s", (int)(at - manifest), manifest, bad[i], at + strlen("\"outside_arena\": [0]"));
        CHECK(open_with_manifest(ctx, entries[0], edited, strlen(edited), why, sizeof why) ==
              OFFLOAD_ERROR_INVALID_RECORDING);
        CHECK(strstr(why, "outside_arena") != NULL); /* the field at fault */
        free(edited);
    }
    free(manifest);
    offload_context_destroy(ctx);

    /* The walk entry of the shared recording, its list head replaced by an unmapped address. */
    char copy[128];
    snprintf(copy, sizeof copy, "%s/.faulting", dir);
    copy_entry(shared.entries[0], copy);
    uint64_t head = 4096; /* page 1: never mapped */
    snprintf(path, sizeof path, "%s/args.bin", copy);
    CHECK(test_write_file(path, &head, sizeof head) && fix_blob(copy, "args", "args.bin"));
    if (access(REPLAY_TOOL, X_OK) == 0) {
        snprintf(args, sizeof args, "'%s' --verify", copy);
        int rc = run_replay(args, out, sizeof out);
        CHECK(rc == 4 && strstr(out, "faulted (SIGSEGV)") != NULL); /* failed: the launch faulted */
        if (rc != 4) fprintf(stderr, "    exit %d: %s\n", rc, out);
    }
    test_remove_tree(dir);
}

#ifndef OFFLOAD_NO_JIT
/* JIT-compiled host kernels: the recorder knows their parameter layout, so it checks only the
   words that may hold an address. In `padded`, every word of the arguments is the address of
   live host memory outside the arena, yet none is a pointer: an i32 pair, an i32 and the
   padding after it (stack garbage in an argument struct; an ASan heap address there once
   refused a correct recording), a double's bits, and an i64 of a module that never turns an
   integer into a pointer. It is recorded without 'outside_arena' and replays and verifies, in
   this process and in a fresh one. On the other side: a pointer parameter, a pointer field of a
   struct passed by value, and an i64 that an inttoptr makes an address, each given host memory
   outside the arena, are listed at their offsets and refused. */
static const char words_ir[] =
    "define void @padded(i32* %out, i32 %n, i32 %lo, i32 %hi, double %d, i64 %big) \"offload-kernel\" {\n"
    "  %x = xor i32 %n, %lo\n"
    "  %y = xor i32 %x, %hi\n"
    "  store i32 %y, i32* %out\n"
    "  %b = trunc i64 %big to i32\n"
    "  %o1 = getelementptr i32, i32* %out, i64 1\n"
    "  store i32 %b, i32* %o1\n"
    "  %nz = fcmp une double %d, 0.0\n"
    "  %dv = zext i1 %nz to i32\n"
    "  %o2 = getelementptr i32, i32* %out, i64 2\n"
    "  store i32 %dv, i32* %o2\n"
    "  ret void\n"
    "}\n"
    "define void @deref(i32* %out, i32* %in) \"offload-kernel\" {\n"
    "  %v = load i32, i32* %in\n"
    "  store i32 %v, i32* %out\n"
    "  ret void\n"
    "}\n";
static const char made_pointers_ir[] =
    "%struct.S = type { i32, i32* }\n"
    "define void @deref_field(i32* %out, %struct.S* byval(%struct.S) align 8 %s) \"offload-kernel\" {\n"
    "  %pp = getelementptr %struct.S, %struct.S* %s, i32 0, i32 1\n"
    "  %p = load i32*, i32** %pp\n"
    "  %v = load i32, i32* %p\n"
    "  store i32 %v, i32* %out\n"
    "  ret void\n"
    "}\n"
    "define void @deref_integer(i32* %out, i64 %a) \"offload-kernel\" {\n"
    "  %p = inttoptr i64 %a to i32*\n"
    "  %v = load i32, i32* %p\n"
    "  store i32 %v, i32* %out\n"
    "  ret void\n"
    "}\n";

/* Launches `name` of prog once with the args bytes. */
static void launch_bytes(offload_context* ctx, offload_program prog, const char* name, const void* args, size_t size) {
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, name, &k));
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, args, size};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
}

static void test_only_words_that_may_hold_an_address_are_checked(void) {
    char dir[64] = "/tmp/offload-rr-words-XXXXXX";
    REQUIRE(mkdtemp(dir));
    offload_context_desc desc = record_desc(dir);
    desc.jit.isolation = TEST_JIT_ISOLATION;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    REQUIRE(recording(ctx));
    offload_program words, made;
    REQUIRE_OK(ctx, offload_program_create(ctx, (offload_device){1},
                                           &(offload_program_desc){words_ir, sizeof words_ir - 1, NULL, 0, "words"},
                                           &words));
    REQUIRE_OK(ctx,
               offload_program_create(
                   ctx, (offload_device){1},
                   &(offload_program_desc){made_pointers_ir, sizeof made_pointers_ir - 1, NULL, 0, "made"}, &made));
    int32_t* out = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, (offload_device){1}, OFFLOAD_MEM_DEVICE, 16, (void**)&out));
    int32_t* host = (int32_t*)malloc(64); /* live host memory: not the arena */
    REQUIRE(host);
    host[0] = 42;
    uint64_t h = (uint64_t)(uintptr_t)host;
    uint32_t h_lo = (uint32_t)h, h_hi = (uint32_t)(h >> 32);

    /* padded(out, n, lo, hi, d, big): out @0, n @8, lo @12, hi @16, padding @20, d @24, big @32 */
    unsigned char padded[40];
    memcpy(padded, &out, 8);
    memcpy(padded + 8, &h_lo, 4); /* n and lo: an i32 pair that reads as h */
    memcpy(padded + 12, &h_hi, 4);
    memcpy(padded + 16, &h_lo, 4); /* hi, and h's high half in the padding after it */
    memcpy(padded + 20, &h_hi, 4);
    memcpy(padded + 24, &h, 8); /* a double with h's bits */
    memcpy(padded + 32, &h, 8); /* an i64 the module never makes an address */
    launch_bytes(ctx, words, "padded", padded, sizeof padded);
    CHECK(out[0] == (int32_t)(h_lo ^ h_hi ^ h_lo) && out[1] == (int32_t)h_lo && out[2] == 1);
    int32_t* in_host[2] = {out, host};
    launch_bytes(ctx, words, "deref", in_host, sizeof in_host);
    CHECK(out[0] == 42);
    /* deref_field(out, S{i32, i32*} byval): out @0, the struct @8, its pointer @16 */
    unsigned char field[24] = {0};
    memcpy(field, &out, 8);
    memcpy(field + 16, &host, 8);
    launch_bytes(ctx, made, "deref_field", field, sizeof field);
    uint64_t integer[2] = {(uint64_t)(uintptr_t)out, h};
    launch_bytes(ctx, made, "deref_integer", integer, sizeof integer);
    CHECK(out[0] == 42);
    offload_context_destroy(ctx);
    free(host);

    char entries[4][512];
    REQUIRE(list_entries(dir, entries, 4) == 4); /* in launch order: the names start with the sequence */
    const char* listed[4] = {NULL, "\"outside_arena\": [8]", "\"outside_arena\": [16]", "\"outside_arena\": [8]"};
    desc = record_desc(NULL);
    desc.jit.isolation = TEST_JIT_ISOLATION;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    for (int i = 0; i < 4; i++) {
        char path[600];
        size_t size;
        snprintf(path, sizeof path, "%.511s/manifest.json", entries[i]);
        char* manifest = (char*)test_read_file(path, &size);
        REQUIRE(manifest);
        CHECK(listed[i] ? strstr(manifest, listed[i]) != NULL : strstr(manifest, "outside_arena") == NULL);
        if (!manifest || (listed[i] && !strstr(manifest, listed[i])) ||
            (!listed[i] && strstr(manifest, "outside_arena")))
            fprintf(stderr, "    %s:\n%s\n", entries[i], manifest);
        free(manifest);
        offload_recording* rec = NULL;
        REQUIRE_OK(ctx, offload_recording_open(ctx, entries[i], &rec));
        offload_replay_desc rd;
        memset(&rd, 0, sizeof rd);
        rd.verify = 1;
        offload_replay_result result;
        memset(&result, 0, sizeof result);
        if (listed[i]) {
            CHECK_RESULT(ctx, offload_replay(ctx, rec, &rd, &result), OFFLOAD_ERROR_UNSUPPORTED);
            CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REPLAY_POINTER_OUTSIDE);
        } else {
            CHECK_OK(ctx, offload_replay(ctx, rec, &rd, &result));
            CHECK(result.verified && result.differing_bytes == 0);
        }
        offload_recording_close(ctx, rec);
    }
    offload_context_destroy(ctx);
    char out_text[8192], args[700];
    if (access(REPLAY_TOOL, X_OK) == 0) {
        snprintf(args, sizeof args, "'%s' --verify", entries[0]);
        int rc = run_replay(args, out_text, sizeof out_text);
        CHECK(rc == 0);
        if (rc != 0) fprintf(stderr, "    exit %d: %s\n", rc, out_text);
    }
    test_remove_tree(dir);
}
#else
static void test_only_words_that_may_hold_an_address_are_checked(void) {
    SKIP("this build leaves the JIT out (OFFLOAD_NO_JIT)");
}
#endif

int main(void) {
    RUN(test_record_then_replay_each_entry_in_a_fresh_process);
    RUN(test_an_entry_can_be_inspected);
    RUN(test_replay_api_refuses_bad_arguments);
    RUN(test_replay_overrides_times_and_verifies);
    RUN(test_replay_relocates_when_the_address_is_taken);
    RUN(test_relocation_rebases_the_arena_end);
    RUN(test_verify_names_the_offset_of_a_mutated_input);
    RUN(test_directory_exits_with_the_gravest_status);
    RUN(test_verify_fails_when_the_kernel_changed);
    RUN(test_two_contexts_only_the_recording_one_is_captured);
    RUN(test_pattern_first_n_and_queues);
    RUN(test_arena_allocator_reuses_freed_space);
    RUN(test_teardown_after_every_failed_allocation);
    RUN(test_recording_that_cannot_start_is_reported_once);
    RUN(test_write_failure_is_reported_once_and_kernels_still_run);
    RUN(test_write_failure_without_a_later_launch_is_logged_at_destroy);
    RUN(test_each_kind_of_damage_is_refused_clearly);
    RUN(test_pointers_outside_the_arena_are_refused_not_replayed);
    RUN(test_only_words_that_may_hold_an_address_are_checked);
    if (shared.count) test_remove_tree(shared.dir);
    free(shared.image);
    return test_summary();
}
#endif /* OFFLOAD_NO_RECORD */
