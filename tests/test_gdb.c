/* tests/test_gdb.c — host kernels under a debugger. gdb, in batch mode, runs this program as its
   own child (--gdb-child): the child loads a host shared object built from C and launches its
   kernel, then JIT-compiles the portable saxpy (tests/data/jit/saxpy.ll) for the host and
   launches it. gdb must stop at a breakpoint inside each kernel, print a backtrace whose first
   frame names it, write a core file at the last stop (not under AddressSanitizer) and let the
   child finish; then a second gdb opens that core. Both sessions run under a time limit, so a
   hang fails the test instead of stalling the suite: gdb used to block at the first host image
   (the link map named it /proc/self/fd/N, which gdb resolved in itself, to a pipe of its own).
   Skipped when gdb is not installed or may not trace processes here. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "files.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

extern char** environ;

/* A gdb session that takes longer than this has hung (it takes a few seconds, under ASan too). */
#define GDB_LIMIT_S 60

/* gcore writes every mapping it does not know to leave out, and in a process under
   AddressSanitizer that is terabytes of shadow memory: no core file there. */
#if defined(__SANITIZE_ADDRESS__)
#define GDB_CORE_SKIP "gcore would write the AddressSanitizer shadow memory (terabytes)"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GDB_CORE_SKIP "gcore would write the AddressSanitizer shadow memory (terabytes)"
#endif
#endif

/* The host image: one per-thread kernel. */
static const char* host_source = "#include \"offload.h\"\n"
                                 "void gdb_host_kernel(const void* args, const offload_host_thread* thread) {\n"
                                 "    int* out = *(int* const*)args;\n"
                                 "    out[thread->thread_id[0]] += 42;\n"
                                 "}\n";

/* ---- the child, run by gdb ------------------------------------------------------------------ */

/* Each step leaves its program loaded (*prog): the core file, written at the last stop, then
   holds both the image in the link map and the JIT's code. */
static int child_host_image(offload_context* ctx, offload_device dev, const char* so_path, offload_program* prog) {
    size_t size = 0;
    char* so = test_read_file(so_path, &size);
    if (!so) return 10;
    offload_kernel kernel = {0};
    int out[1] = {0};
    int* p = out;
    offload_launch_desc launch = {{1, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
    int ok =
        offload_program_create(ctx, dev, &(offload_program_desc){.image = so, .size = size}, prog) == OFFLOAD_SUCCESS &&
        offload_kernel_get(ctx, *prog, "gdb_host_kernel", &kernel) == OFFLOAD_SUCCESS &&
        offload_launch(ctx, (offload_queue){0}, kernel, &launch) == OFFLOAD_SUCCESS && out[0] == 42;
    free(so);
    if (!ok) {
        fprintf(stderr, "child: host image: %s\n", offload_context_last_error(ctx));
        return 11;
    }
    printf("child: the host image's kernel ran\n");
    return 0;
}

#ifndef OFFLOAD_NO_JIT
static int child_jit(offload_context* ctx, offload_device dev, offload_program* prog) {
    size_t size = 0;
    char* ir = test_read_file(OFFLOAD_TEST_ROOT "/tests/data/jit/saxpy.ll", &size);
    if (!ir) return 20;
    float x[4] = {1, 2, 3, 4}, y[4] = {10, 20, 30, 40};
    struct {
        int32_t n;
        float a;
        float* x;
        float* y;
    } args = {4, 2.0f, x, y};
    offload_kernel kernel = {0};
    offload_launch_desc launch = {{1, 1, 1}, {4, 1, 1}, 0, &args, sizeof args};
    int ok =
        offload_program_create(ctx, dev, &(offload_program_desc){.image = ir, .size = size}, prog) == OFFLOAD_SUCCESS &&
        offload_kernel_get(ctx, *prog, "saxpy", &kernel) == OFFLOAD_SUCCESS &&
        offload_launch(ctx, (offload_queue){0}, kernel, &launch) == OFFLOAD_SUCCESS && y[0] == 12 && y[3] == 48;
    free(ir);
    if (!ok) {
        fprintf(stderr, "child: JIT: %s\n", offload_context_last_error(ctx));
        return 21;
    }
    printf("child: the JIT-compiled kernel ran\n");
    return 0;
}
#endif

static int gdb_child(const char* so_path) {
    alarm(2 * GDB_LIMIT_S); /* ends the child should a killed gdb leave it behind */
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return 1;
    offload_device dev = {0};
    offload_device_get(ctx, 0, &dev);
    offload_program image = {0}, jit = {0};
    int rc = child_host_image(ctx, dev, so_path, &image);
#ifndef OFFLOAD_NO_JIT
    if (rc == 0) rc = child_jit(ctx, dev, &jit);
#endif
    if (jit.id) offload_program_destroy(ctx, jit);
    if (image.id) offload_program_destroy(ctx, image);
    offload_context_destroy(ctx);
    fflush(stdout);
    return rc;
}

/* ---- the driver ----------------------------------------------------------------------------- */

typedef struct gdb_run {
    int status;     /* gdb's exit status; -1 when it was killed at the limit or did not start */
    double seconds; /* how long it ran */
    char* output;   /* stdout and stderr together (NUL-terminated, heap) */
} gdb_run;

static struct {
    int done;
    char skip[256]; /* why the sessions could not run: every test skips with it */
    char dir[64];   /* scratch directory: the image, the core file, gdb's output */
    int dir_made;
    char self[4096]; /* this program */
    gdb_run live;    /* the session with the child */
    gdb_run core;    /* the session on the child's core file */
} session;

/* Whether an executable named name is on PATH. */
static int on_path(const char* name) {
    const char* path = getenv("PATH");
    char buffer[4096];
    for (const char* p = path ? path : "/usr/bin:/bin"; *p;) {
        size_t n = strcspn(p, ":");
        snprintf(buffer, sizeof buffer, "%.*s/%s", (int)n, p, name);
        if (n && access(buffer, X_OK) == 0) return 1;
        p += n + (p[n] == ':');
    }
    return 0;
}

/* gdb's environment: this one without a debuginfod server (gdb would ask the network for
   symbols) and, under AddressSanitizer, without leak detection in the child (LeakSanitizer
   stops the process with ptrace, which gdb already holds). */
static char** gdb_environment(char* asan, size_t capacity) {
    size_t count = 0;
    while (environ[count]) count++;
    char** env = (char**)calloc(count + 2, sizeof *env);
    if (!env) return NULL;
    const char* old = getenv("ASAN_OPTIONS");
    snprintf(asan, capacity, "ASAN_OPTIONS=%s%sdetect_leaks=0", old ? old : "", old && *old ? ":" : "");
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        if (strncmp(environ[i], "DEBUGINFOD_URLS=", 16) && strncmp(environ[i], "ASAN_OPTIONS=", 13))
            env[n++] = environ[i];
    env[n] = asan;
    return env;
}

/* Runs gdb with argv (argv[0] = "gdb"), its output into <dir>/<log>, for at most GDB_LIMIT_S. */
static void run_gdb(char** argv, const char* log, gdb_run* run) {
    run->status = -1;
    char path[128], asan[1024];
    snprintf(path, sizeof path, "%s/%s", session.dir, log);
    char** env = gdb_environment(asan, sizeof asan);
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP); /* its own group: one kill ends gdb and the child */
    posix_spawnattr_setpgroup(&attr, 0);
    uint64_t start = test_now_ns();
    pid_t pid = -1;
    int spawned = env && posix_spawnp(&pid, "gdb", &actions, &attr, argv, env) == 0;
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    free(env);
    if (spawned) {
        int status = 0, killed = 0;
        pid_t got;
        while ((got = waitpid(pid, &status, WNOHANG)) == 0) {
            if (!killed && test_now_ns() - start > GDB_LIMIT_S * 1000000000ull) {
                kill(-pid, SIGKILL);
                killed = 1;
            }
            usleep(20000);
        }
        if (got == pid && !killed && WIFEXITED(status)) run->status = WEXITSTATUS(status);
        if (killed) fprintf(stderr, "  gdb was killed after %d s: it hung\n", GDB_LIMIT_S);
    }
    run->seconds = (double)(test_now_ns() - start) / 1e9;
    size_t size = 0;
    run->output = test_read_file(path, &size);
    if (!run->output) run->output = (char*)calloc(1, 1);
}

/* Runs both sessions once; session.skip says why they could not. */
static void run_sessions(void) {
    if (session.done) return;
    session.done = 1;
    if (!on_path("gdb")) {
        snprintf(session.skip, sizeof session.skip, "gdb is not installed (./build.sh deps test installs it)");
        return;
    }
    ssize_t n = readlink("/proc/self/exe", session.self, sizeof session.self - 1);
    size_t so_size = 0;
    char* so = test_build_shared_object(host_source, &so_size);
    if (n <= 0 || !so) {
        snprintf(session.skip, sizeof session.skip, "no C compiler (cc) to build the host image");
        free(so);
        return;
    }
    session.self[n] = '\0';
    char so_path[128], core_path[128], gcore[160];
    snprintf(session.dir, sizeof session.dir, "/tmp/offload-test-gdb-XXXXXX");
    session.dir_made = mkdtemp(session.dir) != NULL;
    snprintf(so_path, sizeof so_path, "%s/k.so", session.dir);
    FILE* f = session.dir_made ? fopen(so_path, "wb") : NULL;
    int written = f && fwrite(so, 1, so_size, f) == so_size;
    if (f) written &= fclose(f) == 0;
    free(so);
    if (!written) {
        snprintf(session.skip, sizeof session.skip, "cannot write the host image into %s", session.dir);
        return;
    }
    snprintf(core_path, sizeof core_path, "%s/child.core", session.dir);
    snprintf(gcore, sizeof gcore, "gcore %s", core_path);

    /* Stop in the image's kernel, then in saxpy, which exists only once the JIT has loaded it
       (a pending breakpoint; temporary ones stop once), and write the core file there. */
    char* live[] = {"gdb",
                    "-batch",
                    "-nx",
                    "-ex",
                    "set breakpoint pending on",
                    "-ex",
                    "set pagination off",
                    "-ex",
                    "tbreak -qualified gdb_host_kernel",
                    "-ex",
                    "run",
                    "-ex",
                    "bt",
#ifndef OFFLOAD_NO_JIT
                    "-ex",
                    "tbreak -qualified saxpy",
                    "-ex",
                    "continue",
                    "-ex",
                    "bt",
#endif
#ifndef GDB_CORE_SKIP
                    "-ex",
                    gcore,
#endif
                    "-ex",
                    "continue",
                    "--args",
                    session.self,
                    "--gdb-child",
                    so_path,
                    NULL};
    run_gdb(live, "live.log", &session.live);
    if (strstr(session.live.output, "ptrace: Operation not permitted")) {
        snprintf(session.skip, sizeof session.skip,
                 "gdb may not trace processes here (ptrace: Operation not permitted)");
        return;
    }
    char* core[] = {"gdb", "-batch", "-nx", "-ex", "info sharedlibrary", "-ex", "bt", session.self, core_path, NULL};
    struct stat st;
    if (stat(core_path, &st) == 0) run_gdb(core, "core.log", &session.core);
    fprintf(stderr, "  gdb session with the child: %.1f s\n", session.live.seconds);
    if (session.core.output) fprintf(stderr, "  gdb session on its core file: %.1f s\n", session.core.seconds);
}

/* The output's first line that starts with prefix and contains what, or NULL. */
static const char* line_with(const char* text, const char* prefix, const char* what) {
    for (const char* line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        size_t length = strcspn(line, "\n");
        if (strncmp(line, prefix, strlen(prefix)) != 0) continue;
        const char* found = strstr(line, what);
        if (found && found < line + length) return line;
    }
    return NULL;
}

static void dump(const char* what, const gdb_run* run) {
    fprintf(stderr, "  gdb %s (exit %d, %.1f s):\n", what, run->status, run->seconds);
    for (const char* line = run->output; *line;) {
        size_t length = strcspn(line, "\n");
        fprintf(stderr, "    | %.*s\n", (int)length, line);
        line += length + (line[length] == '\n');
    }
}

#define SESSION_OR_SKIP()                                                                                              \
    run_sessions();                                                                                                    \
    if (session.skip[0]) SKIP("%s", session.skip)

static void test_gdb_stops_in_a_host_image_kernel(void) {
    SESSION_OR_SKIP();
    const gdb_run* run = &session.live;
    int before = test__state.current_failed;
    CHECK(run->status == 0);
    CHECK(run->seconds < GDB_LIMIT_S);
    /* "#0  0x... in gdb_host_kernel () from /proc/<pid>/fd/<n>": the kernel, in the image loaded
       under a name gdb could open */
    const char* frame = line_with(run->output, "#0 ", " gdb_host_kernel ");
    CHECK(frame != NULL);
    CHECK(line_with(run->output, "#0 ", "from /proc/") != NULL);
    CHECK(strstr(run->output, "/proc/self/") == NULL);
    CHECK(line_with(run->output, "#", " offload_launch ") != NULL); /* the backtrace reaches the caller */
    CHECK(strstr(run->output, "child: the host image's kernel ran") != NULL);
    CHECK(strstr(run->output, "exited normally") != NULL);
    if (test__state.current_failed != before) dump("with the child", run);
}

static void test_gdb_stops_in_a_jit_kernel(void) {
#ifdef OFFLOAD_NO_JIT
    SKIP("the JIT is not compiled in (OFFLOAD_NO_JIT)");
#else
    SESSION_OR_SKIP();
    const gdb_run* run = &session.live;
    int before = test__state.current_failed;
    /* the work-group function the JIT made of saxpy keeps the kernel's name */
    CHECK(line_with(run->output, "#0 ", " saxpy ") != NULL);
    CHECK(strstr(run->output, "child: the JIT-compiled kernel ran") != NULL);
    CHECK(strstr(run->output, "exited normally") != NULL);
    if (test__state.current_failed != before) dump("with the child", run);
#endif
}

static void test_gdb_opens_the_core_file(void) {
#ifdef GDB_CORE_SKIP
    SKIP(GDB_CORE_SKIP);
#endif
    SESSION_OR_SKIP();
    const gdb_run* run = &session.core;
    REQUIRE(run->output != NULL); /* no core file: the live session failed first */
    int before = test__state.current_failed;
    CHECK(run->status == 0);
    CHECK(run->seconds < GDB_LIMIT_S);
    /* the image is listed under its name (gdb cannot read it once the process is gone, and must
       not hang trying); the JIT's code is in the core, with its registration */
    CHECK(line_with(run->output, "", "/proc/") && strstr(line_with(run->output, "", "/proc/"), "/fd/"));
    CHECK(strstr(run->output, "/proc/self/") == NULL);
#ifdef OFFLOAD_NO_JIT
    CHECK(line_with(run->output, "#0 ", "") != NULL);
#else
    CHECK(line_with(run->output, "#0 ", " saxpy ") != NULL);
#endif
    if (test__state.current_failed != before) dump("on the core file", run);
}

/* Removes the scratch directory and what the sessions left in it. */
static void cleanup(void) {
    free(session.live.output);
    free(session.core.output);
    if (!session.dir_made) return;
    static const char* const names[] = {"k.so", "child.core", "live.log", "core.log"};
    char path[128];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", session.dir, names[i]);
        remove(path);
    }
    rmdir(session.dir);
}

int main(int argc, char** argv) {
    if (argc == 3 && strcmp(argv[1], "--gdb-child") == 0) return gdb_child(argv[2]);
    RUN(test_gdb_stops_in_a_host_image_kernel);
    RUN(test_gdb_stops_in_a_jit_kernel);
    RUN(test_gdb_opens_the_core_file);
    cleanup();
    return test_summary();
}
