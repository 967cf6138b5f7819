/* tests/test_host_entry.c — host entries (offload_kernel_get_host_entry): plain C functions
   taking pointer arguments, as OpenMP offloading compilers emit, called with every count from
   0 to 300 (registers only, registers and stack, odd and even stack slots), with exact values
   in each position; synchronous, queued and multi-thread grids; the errors (bad args_size,
   missing name, a variable, another device kind's handle); and a recorded entry replayed as one. */
#include "../offload.h"
#include "test.h"
#include "files.h"

#include <dirent.h>

/* count(out, n, p2, ..., pn-1): out[0] = arguments seen (n), out[1] = how many held the value
   the test put there (i * 0x1001 + 7 for argument i), out[2] = calls. A variadic callee reads
   every position with the caller's convention for plain pointer arguments. eight() is a
   plain (non-variadic) function with eight parameters: two of them on the stack. zero() takes
   none. */
static const char* entries_source =
    "#include <stdarg.h>\n"
    "#include <stdint.h>\n"
    "unsigned long long calls;\n"
    "void zero(void) { calls++; }\n"
    "void count(unsigned long long* out, ...) {\n"
    "    va_list ap; va_start(ap, out);\n"
    "    uintptr_t n = (uintptr_t)va_arg(ap, void*);\n"
    "    unsigned long long good = 0;\n"
    "    for (uintptr_t i = 2; i < n; i++) good += (uintptr_t)va_arg(ap, void*) == i * 0x1001 + 7;\n"
    "    va_end(ap);\n"
    "    out[0] = n; out[1] = good + 2; out[2]++;\n"
    "}\n"
    "void eight(long* out, long a, long b, long c, long d, long e, long f, long g) {\n"
    "    out[0] = a; out[1] = b; out[2] = c; out[3] = d; out[4] = e; out[5] = f; out[6] = g; out[7]++;\n"
    "}\n";

static void* image;
static size_t image_size;

typedef struct fixture {
    offload_context* ctx;
    offload_device dev;
    offload_program prog;
} fixture;

static int setup(fixture* f, const char* record_dir) {
    memset(f, 0, sizeof *f);
    if (!image && !(image = test_build_shared_object(entries_source, &image_size))) return 0;
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.record.dir = record_dir;
    desc.record.save_output = 1;
    if (offload_context_create(&desc, &f->ctx) != OFFLOAD_SUCCESS) return 0;
    offload_program_desc pd = {0};
    pd.image = image;
    pd.size = image_size;
    pd.name = "entries";
    return offload_device_get(f->ctx, 0, &f->dev) == OFFLOAD_SUCCESS &&
           offload_program_create(f->ctx, f->dev, &pd, &f->prog) == OFFLOAD_SUCCESS;
}

/* The argument buffer of count() with n arguments writing to out. */
static void count_args(void** args, unsigned long long* out, size_t n) {
    args[0] = out;
    args[1] = (void*)(uintptr_t)n;
    for (size_t i = 2; i < n; i++) args[i] = (void*)(uintptr_t)(i * 0x1001 + 7);
}

static void test_every_argument_count_reaches_the_entry(void) {
    fixture f;
    if (!image && !(image = test_build_shared_object(entries_source, &image_size)))
        SKIP("no C compiler (cc) to build the entries");
    REQUIRE(setup(&f, NULL));
    offload_kernel k;
    REQUIRE_OK(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "count", &k));
    void* args[300];
    unsigned long long* out;
    REQUIRE_OK(f.ctx, offload_mem_alloc(f.ctx, f.dev, OFFLOAD_MEM_DEVICE, 3 * sizeof *out, (void**)&out));
    for (size_t n = 2; n <= 300; n++) {
        memset(out, 0, 3 * sizeof *out);
        count_args(args, out, n);
        offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, args, n * sizeof(void*)};
        CHECK_OK(f.ctx, offload_launch(f.ctx, (offload_queue){0}, k, &l));
        if (out[0] != n || out[1] != n || out[2] != 1) {
            fprintf(stderr, "  with %zu arguments: saw %llu, %llu right, %llu calls\n", n, out[0], out[1], out[2]);
            CHECK(0);
            break;
        }
    }
    offload_mem_free(f.ctx, out);
    offload_context_destroy(f.ctx);
}

static void test_fixed_parameters_and_no_parameters(void) {
    fixture f;
    if (!setup(&f, NULL)) SKIP("no C compiler (cc) to build the entries");
    offload_kernel eight, zero;
    REQUIRE_OK(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "eight", &eight));
    REQUIRE_OK(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "zero", &zero));
    long out[8] = {0};
    void* args[8] = {out};
    for (int i = 1; i < 8; i++) args[i] = (void*)(intptr_t)(-1000 * i);
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, args, sizeof args};
    CHECK_OK(f.ctx, offload_launch(f.ctx, (offload_queue){0}, eight, &l));
    for (int i = 1; i < 8; i++) CHECK(out[i - 1] == -1000 * i);
    CHECK(out[7] == 1);
    offload_launch_desc none = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
    CHECK_OK(f.ctx, offload_launch(f.ctx, (offload_queue){0}, zero, &none));
    unsigned long long calls = 0;
    CHECK_OK(f.ctx, offload_global_read(f.ctx, f.prog, "calls", 0, &calls, sizeof calls));
    CHECK(calls == 1);
    offload_context_destroy(f.ctx);
}

/* A grid calls the entry once per thread; a queued launch copies the pointers at enqueue time. */
static void test_grids_and_queues(void) {
    fixture f;
    if (!setup(&f, NULL)) SKIP("no C compiler (cc) to build the entries");
    offload_kernel zero, eight;
    REQUIRE_OK(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "zero", &zero));
    REQUIRE_OK(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "eight", &eight));
    offload_launch_desc l = {{3, 1, 1}, {2, 2, 1}, 0, NULL, 0};
    CHECK_OK(f.ctx, offload_launch(f.ctx, (offload_queue){0}, zero, &l));
    offload_queue q;
    REQUIRE_OK(f.ctx, offload_queue_create(f.ctx, f.dev, &q));
    long out[8] = {0};
    void* args[8] = {out};
    for (int i = 1; i < 8; i++) args[i] = (void*)(intptr_t)i;
    offload_launch_desc one = {{1, 1, 1}, {1, 1, 1}, 0, args, sizeof args};
    CHECK_OK(f.ctx, offload_launch(f.ctx, q, eight, &one));
    for (int i = 1; i < 8; i++) args[i] = NULL; /* the queued launch holds its own copy */
    CHECK_OK(f.ctx, offload_queue_synchronize(f.ctx, q));
    CHECK(out[6] == 7 && out[7] == 1);
    CHECK_OK(f.ctx, offload_queue_destroy(f.ctx, q));
    unsigned long long calls = 0;
    CHECK_OK(f.ctx, offload_global_read(f.ctx, f.prog, "calls", 0, &calls, sizeof calls));
    CHECK(calls == 12);
    offload_context_destroy(f.ctx);
}

static void test_errors(void) {
    fixture f;
    if (!setup(&f, NULL)) SKIP("no C compiler (cc) to build the entries");
    offload_kernel k, plain;
    CHECK_RESULT(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "missing", &k), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_NAME_NOT_FOUND);
    CHECK_RESULT(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "calls", &k), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_NAME_IS_OTHER_KIND); /* a global, not a kernel */
    CHECK_RESULT(f.ctx, offload_kernel_get_host_entry(f.ctx, (offload_program){0}, "zero", &k),
                 OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_STALE_HANDLE);
    REQUIRE_OK(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "zero", &k));
    offload_kernel again;
    CHECK_OK(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "zero", &again));
    CHECK(again.id == k.id);
    REQUIRE_OK(f.ctx, offload_kernel_get(f.ctx, f.prog, "zero", &plain));
    CHECK(plain.id != k.id);
    void* args[2] = {0};
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, args, 12};
    CHECK_RESULT(f.ctx, offload_launch(f.ctx, (offload_queue){0}, k, &l), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_HOST_ENTRY_ARGS); /* 12 bytes: not whole pointer words */
    unsigned long long calls = 1;
    CHECK_OK(f.ctx, offload_global_read(f.ctx, f.prog, "calls", 0, &calls, sizeof calls));
    CHECK(calls == 0);
    offload_context_destroy(f.ctx);
}

/* A recorded entry says so in its manifest and replays (verified) as an entry. */
static void test_recorded_entry_replays_as_one(void) {
#ifdef OFFLOAD_NO_RECORD
    SKIP("this build leaves record & replay out (OFFLOAD_NO_RECORD)");
#else
    char dir[] = "/tmp/offload-entry-rr-XXXXXX";
    REQUIRE(mkdtemp(dir));
    fixture f;
    if (!setup(&f, dir)) {
        rmdir(dir);
        SKIP("no C compiler (cc) to build the entries");
    }
    offload_kernel k;
    REQUIRE_OK(f.ctx, offload_kernel_get_host_entry(f.ctx, f.prog, "count", &k));
    unsigned long long* out;
    REQUIRE_OK(f.ctx, offload_mem_alloc(f.ctx, f.dev, OFFLOAD_MEM_DEVICE, 3 * sizeof *out, (void**)&out));
    memset(out, 0, 3 * sizeof *out);
    void* args[9];
    count_args(args, out, 9);
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, args, sizeof args};
    CHECK_OK(f.ctx, offload_launch(f.ctx, (offload_queue){0}, k, &l));
    CHECK(out[1] == 9);
    offload_mem_free(f.ctx, out);
    CHECK_OK(f.ctx, offload_context_destroy(f.ctx));

    char entry[400] = "";
    DIR* d = opendir(dir);
    REQUIRE(d);
    for (struct dirent* de; (de = readdir(d));)
        if (de->d_name[0] != '.') snprintf(entry, sizeof entry, "%s/%s", dir, de->d_name);
    closedir(d);
    REQUIRE(entry[0]);
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_recording* rec = NULL;
    offload_recording_info info;
    REQUIRE_OK(ctx, offload_recording_open(ctx, entry, &rec));
    CHECK_OK(ctx, offload_recording_get_info(ctx, rec, &info));
    CHECK(info.host_entry == 1);
    offload_replay_desc o = {.verify = 1};
    offload_replay_result report;
    CHECK_OK(ctx, offload_replay(ctx, rec, &o, &report));
    CHECK(report.verified && report.differing_bytes == 0);
    offload_recording_close(ctx, rec);
    offload_context_destroy(ctx);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
#endif
}

int main(void) {
    RUN(test_every_argument_count_reaches_the_entry);
    RUN(test_fixed_parameters_and_no_parameters);
    RUN(test_grids_and_queues);
    RUN(test_errors);
    RUN(test_recorded_entry_replays_as_one);
    free(image);
    return test_summary();
}
