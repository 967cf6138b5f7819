/* bench/bench_jit.c — the JIT side by side with LLVM's own tools, and its cache against compiling.

   compile_<target>: one compile of a module through our JIT as configured by default (parse,
     retarget, device library, verify, the default pipeline, codegen, in the compile server;
     AMDGPU adds its link, the host adds loading into ORC) vs the same LLVM's tools on the module as
     our optimiser gets it (our "before" dump: retargeted and linked): `opt -O3` then `llc -O3`
     (plus `ld.lld` for AMDGPU), with the tools' process start and initialisation taken out (the
     same commands on an empty module, timed alike and subtracted). Ours also parses the caller's
     module, links the device library and (host) loads the object, which the peer does not.
   fit_<target>: our default pipeline vs a forced default<O3>, both on IR that arrives optimised
     (our own "after" dump: what a frontend's -O3 output looks like), both in-process: what the
     default saves by not optimising optimised IR twice.
   cache_hit_<target>: creating a program's image from IR that is already in the in-memory cache
     (hash, key, compare; no driver load) vs compiling it.
   isolation_<target>: a compile in the compile server (OFFLOAD_JIT_ISOLATION_PROCESS, the
     default) vs the same compile in-process (OFFLOAD_JIT_ISOLATION_NONE): the price of surviving
     LLVM's fatal errors. Measured alone with TARGET `isolation` (every target), as bench/jit.sh
     does in several processes: the two figures are a few per cent apart, and from one process to
     the next (memory layout) either side moves by up to a fifth.
   second_context_<target>: a new context's first compile (its creation and destruction
     included) sharing the compile servers of a context that has compiled before
     (desc.jit.share_compile_servers) vs a new context starting its own.
   disk_hit_<target>: the first request in a fresh context served from the persistent cache vs the
     first request in a fresh context compiled.

   Each value is the median of ROUNDS rounds after a warm-up; ours and the peer alternate round by
   round so machine noise hits both alike. Output, one line each:
       <name>: ours=<value><unit> peer=<value><unit> ratio=<ours/peer>

   Usage: bench_jit MODULE LLVM_BINDIR [isolation | TARGET LABEL]. With TARGET (ptx_sm86, amdgpu_gfx90a or
   host), only that target's compile_ line is measured, named compile_LABEL: bench/jit.sh measures
   the CUDA IR of tests/data/cuda_host (clang's NVPTX output) compiled for the host this way.
   Built by bench/jit.sh against the test build of the library (its hooks compile for GPUs that
   are not present and name what the JIT compiles for). */
#include "offload.h"
#include "../tests/files.h"
#include "../tests/test_hooks.h"
#include "stats.h"

#include <llvm/Config/llvm-config.h>

#include <errno.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

extern char** environ;

enum { ROUNDS = 11, HIT_ITERATIONS = 2000 };

#define BENCH_STRING(x) #x
#define BENCH_STRINGIFY(x) BENCH_STRING(x)

typedef struct bench_target {
    const char* name;
    offload_backend backend;
    const char* arch;
} bench_target;

typedef struct bench {
    offload_context* ctx;  /* isolation and opt level as configured by default */
    offload_context* none; /* the same, in-process (OFFLOAD_JIT_ISOLATION_NONE) */
    offload_context* o3;   /* in-process, forcing default<O3> */
    char arch[64];         /* the device's, as the backend reports it */
    offload_test_jit_job job;
    const char* ir;
    size_t ir_size;
    const char* dir;    /* scratch directory: dumps, peer outputs, the disk cache */
    const char* bindir; /* the linked LLVM's tools */
    char before[4096];  /* our linked module before optimisation: the peer's input */
    char after[4096];   /* our optimised module: the input of fit_ */
    char empty[4096];   /* a module with only the triple: the peer's fixed cost */
    const bench_target* target;
    const char* label; /* names the target in the lines: its name, or LABEL */
} bench;

/* A context on the host device; the JIT settings the benchmarks compare are fixed at creation. */
static offload_context* jit_context(const char* cache_dir, const char* dump_dir, offload_jit_isolation isolation,
                                    offload_jit_opt_level opt_level) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.jit.cache_dir = cache_dir;
    desc.jit.dump_dir = dump_dir;
    desc.jit.isolation = isolation;
    desc.jit.opt_level = opt_level;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_jit: cannot create a context\n");
        exit(1);
    }
    return ctx;
}

static offload_context* new_context(const char* cache_dir, const char* dump_dir) {
    return jit_context(cache_dir, dump_dir, OFFLOAD_JIT_ISOLATION_DEFAULT, OFFLOAD_JIT_OPT_DEFAULT);
}

/* The host device's arch, as a host compile names it. */
static void host_arch(offload_context* ctx, char* arch, size_t capacity) {
    offload_device dev = {0};
    offload_device_info info;
    arch[0] = '\0';
    if (offload_device_get(ctx, 0, &dev) == OFFLOAD_SUCCESS &&
        offload_device_get_info(ctx, dev, &info) == OFFLOAD_SUCCESS)
        snprintf(arch, capacity, "%s", info.arch);
}

/* One compile in ctx, through its cache; with keep, the entry stays held (for cache-hit rounds). */
static double acquire_ms(offload_context* ctx, const bench* b, const char* ir, size_t ir_size,
                         offload_test_jit_image* keep) {
    offload_test_jit_image image;
    double t0 = now_ms();
    offload_result r = offload_test_jit_compile(ctx, b->target->backend, b->arch, ir, ir_size, &image);
    double t = now_ms() - t0;
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_jit: %s: %s\n", b->target->name, offload_context_last_error(ctx));
        exit(1);
    }
    if (keep)
        *keep = image;
    else
        offload_test_jit_release(ctx, &image);
    return t;
}

static int run_tool(char* const argv[]) {
    pid_t pid;
    if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0) return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* opt -O3 | llc -O3 (| ld.lld for AMDGPU) of the linked LLVM on input, for the same target. */
static double peer_compile_ms(const bench* b, const char* input) {
    char cpu[96], optimised[4096], object[4096], linked[4096], triple[160], opt[4200], llc[4200], lld[4200];
    snprintf(cpu, sizeof cpu, "-mcpu=%s", b->job.cpu);
    snprintf(triple, sizeof triple, "-mtriple=%s", b->job.triple);
    snprintf(optimised, sizeof optimised, "%s/peer.bc", b->dir);
    snprintf(object, sizeof object, "%s/peer.out", b->dir);
    snprintf(linked, sizeof linked, "%s/peer.so", b->dir);
    snprintf(opt, sizeof opt, "%s/opt", b->bindir);
    snprintf(llc, sizeof llc, "%s/llc", b->bindir);
    snprintf(lld, sizeof lld, "%s/ld.lld", b->bindir);
    int ptx = b->target->backend == OFFLOAD_BACKEND_CUDA;
    char* opt_argv[] = {opt, "-O3", triple, cpu, (char*)input, "-o", optimised, NULL};
    char* llc_argv[] = {llc,       "-O3", triple, cpu, ptx ? "-filetype=asm" : "-filetype=obj", "-relocation-model=pic",
                        optimised, "-o",  object, NULL};
    char* lld_argv[] = {lld, "--no-undefined", "-shared", object, "-o", linked, NULL};
    double t0 = now_ms();
    int rc = run_tool(opt_argv);
    if (rc == 0) rc = run_tool(llc_argv);
    if (rc == 0 && b->target->backend == OFFLOAD_BACKEND_AMDGPU) rc = run_tool(lld_argv);
    double t = now_ms() - t0;
    if (rc != 0) {
        fprintf(stderr, "bench_jit: the peer failed for %s on %s\n", b->target->name, input);
        exit(1);
    }
    return t;
}

static void report(const char* what, const char* target, double ours, double peer, const char* unit) {
    printf("%s_%s: ours=%.4g%s peer=%.4g%s ratio=%.4g\n", what, target, ours, unit, peer, unit, ours / peer);
    fflush(stdout);
}

static void bench_compile(bench* b) {
    double ours[ROUNDS], peer[ROUNDS], start[ROUNDS];
    acquire_ms(b->ctx, b, b->ir, b->ir_size, NULL);
    peer_compile_ms(b, b->before);
    peer_compile_ms(b, b->empty);
    for (int r = 0; r < ROUNDS; r++) {
        ours[r] = acquire_ms(b->ctx, b, b->ir, b->ir_size, NULL); /* released each time: the next one compiles again */
        peer[r] = peer_compile_ms(b, b->before);
        start[r] = peer_compile_ms(b, b->empty);
    }
    double fixed = median(start, ROUNDS);
    printf("# %s: opt+llc%s on an empty module (subtracted from the peer): %.3g ms\n", b->target->name,
           b->target->backend == OFFLOAD_BACKEND_AMDGPU ? "+ld.lld" : "", fixed);
    report("compile", b->label, median(ours, ROUNDS), median(peer, ROUNDS) - fixed, "ms");
}

/* One compile of `path` in ctx (in-process; its opt level), the pipeline alone. */
static double fit_ms(const bench* b, offload_context* ctx, const char* path) {
    size_t size = 0;
    char* ir = test_read_file(path, &size);
    if (!ir) {
        fprintf(stderr, "bench_jit: cannot read %s\n", path);
        exit(1);
    }
    double t = acquire_ms(ctx, b, ir, size, NULL);
    free(ir);
    return t;
}

static void bench_fit(bench* b) {
    if (b->target->backend == OFFLOAD_BACKEND_HOST) return; /* the host's dump holds wrappers, not kernels */
    double fit[ROUNDS], o3[ROUNDS];
    fit_ms(b, b->none, b->after);
    fit_ms(b, b->o3, b->after);
    for (int r = 0; r < ROUNDS; r++) {
        fit[r] = fit_ms(b, b->none, b->after);
        o3[r] = fit_ms(b, b->o3, b->after);
    }
    report("fit", b->label, median(fit, ROUNDS), median(o3, ROUNDS), "ms");
}

static void bench_isolation(bench* b) {
    double process_ms[ROUNDS], none_ms[ROUNDS];
    acquire_ms(b->ctx, b, b->ir, b->ir_size, NULL); /* the server is started once, on first use */
    acquire_ms(b->none, b, b->ir, b->ir_size, NULL);
    for (int r = 0; r < ROUNDS; r++) {
        process_ms[r] = acquire_ms(b->ctx, b, b->ir, b->ir_size, NULL);
        none_ms[r] = acquire_ms(b->none, b, b->ir, b->ir_size, NULL);
    }
    report("isolation", b->label, median(process_ms, ROUNDS), median(none_ms, ROUNDS), "ms");
}

static void bench_cache_hit(bench* b) {
    offload_test_jit_image held;
    double compile[ROUNDS], hit[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        compile[r] = acquire_ms(b->ctx, b, b->ir, b->ir_size, &held);
        double t0 = now_ms();
        for (int i = 0; i < HIT_ITERATIONS; i++) acquire_ms(b->ctx, b, b->ir, b->ir_size, NULL);
        hit[r] = (now_ms() - t0) / HIT_ITERATIONS;
        offload_test_jit_release(b->ctx, &held);
    }
    report("cache_hit", b->label, median(hit, ROUNDS) * 1e3, median(compile, ROUNDS) * 1e3, "us");
}

static void bench_disk_hit(bench* b) {
    char cache[4096];
    snprintf(cache, sizeof cache, "%s/cache", b->dir);
    double disk[ROUNDS], compile[ROUNDS];
    offload_context* warm = new_context(cache, NULL);
    acquire_ms(warm, b, b->ir, b->ir_size, NULL); /* fills the disk cache */
    offload_context_destroy(warm);
    for (int r = 0; r < ROUNDS; r++) {
        offload_context* fresh = new_context(cache, NULL);
        disk[r] = acquire_ms(fresh, b, b->ir, b->ir_size, NULL);
        offload_jit_stats s;
        offload_jit_get_stats(fresh, &s);
        offload_context_destroy(fresh);
        if (s.disk_hits != 1) {
            fprintf(stderr, "bench_jit: expected a disk hit for %s\n", b->target->name);
            exit(1);
        }
        fresh = new_context(NULL, NULL);
        compile[r] = acquire_ms(fresh, b, b->ir, b->ir_size, NULL);
        offload_context_destroy(fresh);
    }
    report("disk_hit", b->label, median(disk, ROUNDS), median(compile, ROUNDS), "ms");
}

/* A fresh context's first compile, its creation and destruction included: ours shares b->ctx's
   compile servers (one idle, LLVM loaded), the peer starts its own. */
static double second_context_ms(bench* b, offload_context* share) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.jit.share_compile_servers = share;
    offload_context* ctx = NULL;
    double t0 = now_ms();
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_jit: cannot create a context\n");
        exit(1);
    }
    acquire_ms(ctx, b, b->ir, b->ir_size, NULL);
    offload_context_destroy(ctx);
    return now_ms() - t0;
}

static void bench_second_context(bench* b) {
    double shared[ROUNDS], own[ROUNDS];
    acquire_ms(b->ctx, b, b->ir, b->ir_size, NULL); /* b->ctx's server is up, LLVM loaded */
    second_context_ms(b, b->ctx);
    for (int r = 0; r < ROUNDS; r++) {
        shared[r] = second_context_ms(b, b->ctx);
        own[r] = second_context_ms(b, NULL);
    }
    report("second_context", b->label, median(shared, ROUNDS), median(own, ROUNDS), "ms");
}

int main(int argc, char** argv) {
    const char* ir_path = argc > 1 ? argv[1] : "tests/data/jit/stencil.ll";
    const char* bindir = argc > 2 ? argv[2] : "/usr/lib/llvm-" BENCH_STRINGIFY(LLVM_VERSION_MAJOR) "/bin";
    int isolation_only = argc == 4 && strcmp(argv[3], "isolation") == 0;
    const char* only = argc > 4 ? argv[3] : NULL;
    const char* label = argc > 4 ? argv[4] : NULL;
    static const bench_target targets[] = {
        {"ptx_sm86", OFFLOAD_BACKEND_CUDA, "sm_86"},
        {"amdgpu_gfx90a", OFFLOAD_BACKEND_AMDGPU, "gfx90a"},
        {"host", OFFLOAD_BACKEND_HOST, ""},
    };
    char dir[] = "/tmp/offload-bench-jit-XXXXXX";
    if (!mkdtemp(dir)) return 1;
    size_t ir_size = 0;
    char* ir = test_read_file(ir_path, &ir_size);
    if (!ir) {
        fprintf(stderr, "bench_jit: cannot read %s\n", ir_path);
        return 1;
    }
    printf("# LLVM %s, module %s (%zu bytes), %d rounds, medians\n", LLVM_VERSION_STRING, ir_path, ir_size, ROUNDS);
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) {
        if (only && strcmp(only, targets[i].name)) continue;
        bench b;
        memset(&b, 0, sizeof b);
        b.target = &targets[i];
        b.label = label ? label : targets[i].name;
        b.ir = ir;
        b.ir_size = ir_size;
        b.dir = dir;
        b.bindir = bindir;
        /* One compile in a context that dumps writes our linked and optimised modules; the
           contexts that are timed dump nothing. */
        offload_context* dumping = new_context(NULL, dir);
        if (b.target->backend == OFFLOAD_BACKEND_HOST)
            host_arch(dumping, b.arch, sizeof b.arch);
        else
            snprintf(b.arch, sizeof b.arch, "%s", b.target->arch);
        acquire_ms(dumping, &b, ir, ir_size, NULL);
        if (offload_test_jit_job_get(dumping, b.target->backend, b.arch, ir, ir_size, &b.job) != OFFLOAD_SUCCESS) {
            fprintf(stderr, "bench_jit: %s: %s\n", b.target->name, offload_context_last_error(dumping));
            return 1;
        }
        offload_context_destroy(dumping);
        snprintf(b.before, sizeof b.before, "%s/%s.before.ll", dir, b.job.name);
        snprintf(b.after, sizeof b.after, "%s/%s.after.ll", dir, b.job.name);
        snprintf(b.empty, sizeof b.empty, "%s/empty.ll", dir);
        FILE* empty = fopen(b.empty, "w");
        if (!empty) return 1;
        fprintf(empty, "target triple = \"%s\"\n", b.job.triple);
        fclose(empty);
        b.ctx = new_context(NULL, NULL);
        b.none = jit_context(NULL, NULL, OFFLOAD_JIT_ISOLATION_NONE, OFFLOAD_JIT_OPT_DEFAULT);
        b.o3 = isolation_only ? NULL : jit_context(NULL, NULL, OFFLOAD_JIT_ISOLATION_NONE, OFFLOAD_JIT_OPT_O3);
        if (isolation_only) bench_isolation(&b);
        if (!isolation_only) bench_compile(&b);
        if (!only && !isolation_only) {
            bench_fit(&b);
            bench_second_context(&b);
            bench_cache_hit(&b);
            bench_disk_hit(&b);
        }
        offload_context_destroy(b.o3);
        offload_context_destroy(b.none);
        offload_context_destroy(b.ctx);
    }
    free(ir);
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : 1;
}
