/* bench/bench_first_compile.c — the JIT's first compile as a user meets it: a fresh process that
   creates a context on the host device, creates a program from portable IR (the JIT compiles it
   and loads it with ORC), runs its kernel once, checks the result and exits, against LLVM's own
   tools run as processes on the same module as our optimiser gets it (our "before" dump:
   retargeted and linked): `opt -O3` then `llc -O3` to an object. Nothing is subtracted on
   either side: each side's process start, LLVM load and initialisation is part of what a first
   compile costs.

     bench_first_compile RUNS LLVM_BINDIR COMPILER IR KERNEL

   COMPILER is the compile server (offload-jit-compiler), which the child gets through
   OFFLOAD_JIT_COMPILER. Two figures, each the median of RUNS fresh processes, the three kinds
   of process alternating run by run so machine noise hits them alike:
     first_compile_host            with the compile server (the default isolation)
     first_compile_host_in_process with OFFLOAD_JIT_ISOLATION=none
   printed as `<name>: ours=<ms>ms peer=<ms>ms ratio=<ours/peer>`.

   The child role, `bench_first_compile --child IR KERNEL`, is the measured program. The JIT's
   disk cache stays off (no OFFLOAD_JIT_CACHE_DIR), so every child compiles. The peer gets
   -mcpu=native, the CPU and features our JIT asks LLVM for. */
#define _GNU_SOURCE
#include "offload.h"
#include "stats.h"

#include <dirent.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

enum { ELEMENTS = 1000 };

/* The measured program: one compile, one launch of saxpy, a checked result. 0 on success. */
static int child(const char* ir_path, const char* kernel_name) {
    FILE* f = fopen(ir_path, "rb");
    if (!f) return 1;
    static char ir[1 << 20];
    size_t ir_size = fread(ir, 1, sizeof ir, f);
    fclose(f);
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return 1;
    offload_device dev;
    offload_program program;
    offload_kernel kernel;
    offload_program_desc pd;
    memset(&pd, 0, sizeof pd);
    pd.image = ir;
    pd.size = ir_size;
    int ok = offload_device_get(ctx, 0, &dev) == OFFLOAD_SUCCESS &&
             offload_program_create(ctx, dev, &pd, &program) == OFFLOAD_SUCCESS &&
             offload_kernel_get(ctx, program, kernel_name, &kernel) == OFFLOAD_SUCCESS;
    /* saxpy (tests/data/jit/saxpy.ll): y = a * x + y */
    static float x[ELEMENTS], y[ELEMENTS];
    for (int i = 0; i < ELEMENTS; i++) x[i] = (float)i, y[i] = 1.0f;
    struct {
        int n;
        float a;
        float* x;
        float* y;
    } args = {ELEMENTS, 2.0f, x, y};
    offload_launch_desc launch;
    memset(&launch, 0, sizeof launch);
    launch.grid[0] = (ELEMENTS + 255) / 256;
    launch.block[0] = 256;
    launch.args = &args;
    launch.args_size = sizeof args;
    ok = ok && offload_launch(ctx, (offload_queue){0}, kernel, &launch) == OFFLOAD_SUCCESS;
    for (int i = 0; ok && i < ELEMENTS; i++) ok = y[i] == 2.0f * (float)i + 1.0f;
    if (!ok) fprintf(stderr, "bench_first_compile: %s\n", offload_context_last_error(ctx));
    offload_context_destroy(ctx);
    return ok ? 0 : 1;
}

/* Runs argv with extra (NAME=VALUE strings, NULL-ended) added to the environment; wall ms, or
   a negative value when it could not start or did not exit 0. */
static double run_ms(char* const argv[], char* const extra[]) {
    size_t count = 0, added = 0;
    while (environ[count]) count++;
    while (extra && extra[added]) added++;
    char** env = calloc(count + added + 1, sizeof *env);
    if (!env) return -1;
    memcpy(env, extra, added * sizeof *env);
    memcpy(env + added, environ, count * sizeof *env);
    double start = now_ms();
    pid_t pid;
    int status = 0;
    int started = posix_spawn(&pid, argv[0], NULL, NULL, argv, env) == 0;
    if (started) waitpid(pid, &status, 0);
    double ms = now_ms() - start;
    free(env);
    return started && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? ms : -1;
}

/* The one *.before.ll the dumping run wrote into dir. */
static int find_before(const char* dir, char* out, size_t capacity) {
    DIR* d = opendir(dir);
    if (!d) return 0;
    int found = 0;
    for (struct dirent* e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n > 10 && !strcmp(e->d_name + n - 10, ".before.ll")) {
            snprintf(out, capacity, "%s/%s", dir, e->d_name);
            found++;
        }
    }
    closedir(d);
    return found == 1;
}

static void fail(const char* what) {
    fprintf(stderr, "bench_first_compile: %s\n", what);
    exit(1);
}

int main(int argc, char** argv) {
    if (argc == 4 && !strcmp(argv[1], "--child")) return child(argv[2], argv[3]);
    if (argc != 6) {
        fprintf(stderr, "usage: %s RUNS LLVM_BINDIR COMPILER IR KERNEL\n", argv[0]);
        return 2;
    }
    int runs = atoi(argv[1]);
    if (runs < 1) runs = 1;
    const char *bindir = argv[2], *ir = argv[4], *kernel = argv[5];
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) fail("cannot find this program");
    self[n] = '\0';
    char dir[] = "/tmp/offload-bench-first-XXXXXX";
    if (!mkdtemp(dir)) fail("cannot make a scratch directory");
    char compiler[4200], dump[4200], before[4200], optimised[4200], object[4200], cpu[] = "-mcpu=native";
    snprintf(compiler, sizeof compiler, "OFFLOAD_JIT_COMPILER=%s", argv[3]);
    snprintf(dump, sizeof dump, "OFFLOAD_JIT_DUMP_DIR=%s", dir);
    snprintf(optimised, sizeof optimised, "%s/peer.bc", dir);
    snprintf(object, sizeof object, "%s/peer.o", dir);

    /* One dumping run: the peer's input. */
    char* dumping[] = {self, "--child", (char*)ir, (char*)kernel, NULL};
    char* dump_env[] = {dump, "OFFLOAD_JIT_ISOLATION=none", NULL};
    if (run_ms(dumping, dump_env) < 0) fail("the dumping run failed");
    if (!find_before(dir, before, sizeof before)) fail("no (or more than one) .before.ll dump");

    char opt[4200], llc[4200];
    snprintf(opt, sizeof opt, "%s/opt", bindir);
    snprintf(llc, sizeof llc, "%s/llc", bindir);
    char* ours_argv[] = {self, "--child", (char*)ir, (char*)kernel, NULL};
    char* server_env[] = {compiler, "OFFLOAD_JIT_ISOLATION=process", NULL};
    char* in_process_env[] = {"OFFLOAD_JIT_ISOLATION=none", NULL};
    char* opt_argv[] = {opt, "-O3", cpu, before, "-o", optimised, NULL};
    char* llc_argv[] = {llc, "-O3", cpu, "-relocation-model=pic", "-filetype=obj", optimised, "-o", object, NULL};

    double* server = calloc((size_t)runs, sizeof *server);
    double* in_process = calloc((size_t)runs, sizeof *in_process);
    double* peer = calloc((size_t)runs, sizeof *peer);
    if (!server || !in_process || !peer) fail("out of memory");
    for (int r = -1; r < runs; r++) { /* round -1 warms the page cache */
        double s = run_ms(ours_argv, server_env), i = run_ms(ours_argv, in_process_env);
        double o = run_ms(opt_argv, NULL), l = o < 0 ? -1 : run_ms(llc_argv, NULL);
        if (s < 0 || i < 0) fail("a compile-and-run child failed");
        if (o < 0 || l < 0) fail("opt or llc failed");
        if (r < 0) continue;
        server[r] = s, in_process[r] = i, peer[r] = o + l;
    }
    double p = median(peer, runs), s = median(server, runs), i = median(in_process, runs);
    printf("# %s, %d fresh processes each; peer: opt -O3 + llc -O3 %s on our linked module\n", ir, runs, cpu);
    printf("first_compile_host: ours=%.1fms peer=%.1fms ratio=%.3g\n", s, p, s / p);
    printf("first_compile_host_in_process: ours=%.1fms peer=%.1fms ratio=%.3g\n", i, p, i / p);
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : 1;
}
