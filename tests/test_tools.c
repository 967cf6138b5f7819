/* tests/test_tools.c — the tools and the log as a user meets them: --help prints the usage and
   exits 0, a bad argument exits 2 with the usage; offload-info runs and reports, both built
   normally and linked statically (where the GPU backends must say why they are unavailable
   instead of crashing); OFFLOAD_DEBUG without a log callback shows the backend loading on stderr
   with level names, and nothing is printed without it; a callback receives each backend's
   status exactly once and no lookup of an optional name as an ERROR. */
#include "../offload.h"
#include "test.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct tool_run {
    int status;      /* exit status, or -1 when it did not exit normally */
    char out[16384]; /* stdout */
    char err[16384]; /* stderr */
} tool_run;

static void read_into(const char* path, char* buffer, size_t capacity) {
    buffer[0] = '\0';
    FILE* f = fopen(path, "rb");
    if (!f) return;
    size_t n = fread(buffer, 1, capacity - 1, f);
    buffer[n] = '\0';
    fclose(f);
}

/* Runs `env` build/tools/<tool> <args> through the shell, capturing both streams. */
static int run_tool(tool_run* r, const char* env, const char* tool, const char* args) {
    char out[] = "/tmp/offload-tool-out-XXXXXX", err[] = "/tmp/offload-tool-err-XXXXXX";
    int fo = mkstemp(out), fe = mkstemp(err);
    if (fo < 0 || fe < 0) return 0;
    close(fo);
    close(fe);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "env -u OFFLOAD_DEBUG %s '%s/tools/%s' %s >%s 2>%s", env, OFFLOAD_TEST_BUILD, tool, args,
             out, err);
    int rc = system(cmd);
    r->status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    read_into(out, r->out, sizeof r->out);
    read_into(err, r->err, sizeof r->err);
    remove(out);
    remove(err);
    return 1;
}

static int exists(const char* tool) {
    char path[1024];
    snprintf(path, sizeof path, "%s/tools/%s", OFFLOAD_TEST_BUILD, tool);
    struct stat st;
    return stat(path, &st) == 0;
}

static int count(const char* haystack, const char* needle) {
    int n = 0;
    for (const char* p = strstr(haystack, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

static const char* const tools[] = {"offload-info", "offload-replay", "demo"};
enum { TOOL_COUNT = sizeof tools / sizeof tools[0] };

static tool_run run; /* large: not on the stack */

static void test_help_exits_0_with_the_usage(void) {
    for (int i = 0; i < TOOL_COUNT; i++) {
        REQUIRE(run_tool(&run, "", tools[i], "--help"));
        CHECK(run.status == 0);
        CHECK(strncmp(run.out, "usage: ", 7) == 0);
        CHECK(run.err[0] == '\0');
        if (run.status != 0) fprintf(stderr, "  %s --help: exit %d\n", tools[i], run.status);
    }
}

static void test_bad_argument_exits_2_with_the_usage(void) {
    for (int i = 0; i < TOOL_COUNT; i++) {
        REQUIRE(run_tool(&run, "", tools[i], "--no-such-option"));
        CHECK(run.status == 2);
        CHECK(strstr(run.err, "usage: ") != NULL);
        CHECK(strstr(run.err, "--no-such-option") != NULL);
        CHECK(run.out[0] == '\0');
    }
    REQUIRE(run_tool(&run, "", "offload-replay", ""));
    CHECK(run.status == 2);
    CHECK(strstr(run.err, "usage: ") != NULL);
}

static void test_offload_info_reports(void) {
    REQUIRE(run_tool(&run, "", "offload-info", ""));
    CHECK(run.status == 0);
    CHECK(strstr(run.out, "host    loaded") != NULL);
    CHECK(strstr(run.out, "[0]") != NULL);
    CHECK(strstr(run.out, "statically linked") == NULL);
    CHECK(run.err[0] == '\0'); /* no OFFLOAD_DEBUG: the library prints nothing */
}

/* The crash this guards against: a static program whose CUDA driver (here the simulated one,
   which uses thread-local storage as NVIDIA's does) was dlopened by glibc's static dlopen. */
static void test_static_offload_info_reports(void) {
    if (!exists("offload-info-static"))
        SKIP("offload-info-static is built in the plain variant only (without the JIT and the sanitizers)");
    char env[1200];
    snprintf(env, sizeof env, "OFFLOAD_CUDA_LIBRARY='%s/sim/cuda_sim.so' OFFLOAD_HSA_LIBRARY='%s/sim/hsa_sim.so'",
             OFFLOAD_TEST_BUILD, OFFLOAD_TEST_BUILD);
    REQUIRE(run_tool(&run, env, "offload-info-static", ""));
    CHECK(run.status == 0);
    CHECK(strstr(run.out, "host    loaded") != NULL);
    CHECK(strstr(run.out, "cuda    unavailable statically linked executable: the vendor driver cannot be loaded") !=
          NULL);
    CHECK(strstr(run.out, "amdgpu  unavailable statically linked executable: the vendor driver cannot be loaded") !=
          NULL);
    CHECK(strstr(run.out, "[0]") != NULL);
    REQUIRE(run_tool(&run, env, "offload-info-static", "--json"));
    CHECK(run.status == 0);
    CHECK(strstr(run.out, "statically linked executable") != NULL);
}

static void test_debug_output_goes_to_stderr(void) {
    char env[1200];
    snprintf(env, sizeof env, "OFFLOAD_DEBUG=4 OFFLOAD_CUDA_LIBRARY='%s/sim/cuda_sim.so'", OFFLOAD_TEST_BUILD);
    REQUIRE(run_tool(&run, env, "offload-info", ""));
    CHECK(run.status == 0);
    CHECK(strstr(run.err, "offload: INFO: host backend: ") != NULL);
    CHECK(strstr(run.err, "offload: DEBUG: dlopen(") != NULL);
    CHECK(count(run.err, "offload: INFO: cuda backend: ") == 1);
    CHECK(strstr(run.err, "offload: INFO: cuda backend: 1 device") != NULL);
    CHECK(count(run.err, "amdgpu backend: ") == 1);
    CHECK(strstr(run.err, "not compiled in") == NULL);
    CHECK(strstr(run.out, "offload:") == NULL); /* stdout stays the tool's */
    /* Every stderr line is a log line. */
    for (const char* line = run.err; *line; line = strchr(line, '\n') + 1) {
        CHECK(strncmp(line, "offload: ", 9) == 0);
        if (!strchr(line, '\n')) break;
    }
    /* Level 1: errors only; none here. */
    REQUIRE(run_tool(&run, "OFFLOAD_DEBUG=1", "offload-info", ""));
    CHECK(run.status == 0 && run.err[0] == '\0');
    /* A malformed level is reported, not ignored silently. */
    REQUIRE(run_tool(&run, "OFFLOAD_DEBUG=lots", "offload-info", ""));
    CHECK(strstr(run.err, "offload: WARN: ignoring OFFLOAD_DEBUG=lots") != NULL);
}

typedef struct log_capture {
    int lines;
    int errors;
    int cuda_status;
    int amdgpu_status;
    int not_compiled_in;
} log_capture;

static void capture(offload_log_level level, const char* message, void* user_data) {
    log_capture* c = (log_capture*)user_data;
    c->lines++;
    c->errors += level == OFFLOAD_LOG_ERROR;
    c->cuda_status += strncmp(message, "cuda backend: ", 14) == 0;
    c->amdgpu_status += strncmp(message, "amdgpu backend: ", 16) == 0;
    c->not_compiled_in += strstr(message, "not compiled in") != NULL;
}

static void noop(const void* args, const offload_host_thread* t) {
    (void)args;
    (void)t;
}

/* With a callback (and OFFLOAD_DEBUG ignored: no_environment), the callback gets the lines,
   each backend's status once; a name that is not found is the caller's to judge, not an ERROR. */
static void test_callback_gets_each_status_once(void) {
    log_capture c;
    memset(&c, 0, sizeof c);
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.log = capture;
    desc.log_user_data = &c;
    desc.log_level = OFFLOAD_LOG_DEBUG;
    char cuda[1024];
    snprintf(cuda, sizeof cuda, "%s/sim/cuda_sim.so", OFFLOAD_TEST_BUILD);
    desc.cuda_library_path = cuda;
    offload_context* ctx = NULL;
    REQUIRE_OK(NULL, offload_context_create(&desc, &ctx));
    CHECK(c.lines > 0);
    CHECK(c.cuda_status == 1);
    CHECK(c.amdgpu_status == 1);
    CHECK(c.not_compiled_in == 0);
    CHECK(c.errors == 0);
    offload_device host;
    offload_host_symbol symbols[] = {{.name = "noop", .kernel = noop}};
    offload_program_desc pd;
    memset(&pd, 0, sizeof pd);
    pd.host_symbols = symbols;
    pd.host_symbol_count = 1;
    offload_program prog;
    offload_kernel k;
    void* address;
    size_t size;
    CHECK_OK(ctx, offload_device_get(ctx, 0, &host));
    CHECK_OK(ctx, offload_program_create(ctx, host, &pd, &prog));
    CHECK_RESULT(ctx, offload_kernel_get(ctx, prog, "absent", &k), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, "absent", &address, &size), OFFLOAD_ERROR_NOT_FOUND);
    CHECK(c.errors == 0);
    /* A real error still is one. */
    CHECK_RESULT(ctx, offload_kernel_get(ctx, prog, NULL, &k), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(c.errors == 1);
    offload_context_destroy(ctx);

    /* A backend left out by the desc is reported as that, once. */
    memset(&c, 0, sizeof c);
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    REQUIRE_OK(NULL, offload_context_create(&desc, &ctx));
    CHECK(c.cuda_status == 1 && c.amdgpu_status == 1);
    offload_backend_status status;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_CUDA, &status));
    CHECK(!status.loaded && strcmp(status.reason, "disabled in the desc") == 0);
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_help_exits_0_with_the_usage);
    RUN(test_bad_argument_exits_2_with_the_usage);
    RUN(test_offload_info_reports);
    RUN(test_static_offload_info_reports);
    RUN(test_debug_output_goes_to_stderr);
    RUN(test_callback_gets_each_status_once);
    return test_summary();
}
