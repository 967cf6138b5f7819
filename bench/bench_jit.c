/* bench/bench_jit.c — the JIT side by side with LLVM's own tools, and its cache against compiling.

   compile_<target>: one compile of a module through our JIT as configured by default (parse,
     retarget, device library, verify, the default pipeline, codegen, in the compile server;
     AMDGPU adds ld.lld, the host adds loading into ORC) vs the same LLVM's tools on the module as
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
     LLVM's fatal errors.
   disk_hit_<target>: the first request in a fresh context served from the persistent cache vs the
     first request in a fresh context compiled.

   Each value is the median of ROUNDS rounds after a warm-up; ours and the peer alternate round by
   round so machine noise hits both alike. Output, one line each:
       <name>: ours=<value><unit> peer=<value><unit> ratio=<ours/peer>

   Usage: bench_jit MODULE LLVM_BINDIR. Built by bench/jit.sh as a unity build (it reaches the
   JIT's internal entry point to compile for GPUs that are not present). */
#include "../offload_impl.c"

#include <spawn.h>
#include <sys/wait.h>

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
    offload_context* ctx;
    offload__device dev;
    const char* ir;
    size_t ir_size;
    const char* dir;        /* scratch directory: dumps, peer outputs, the disk cache */
    const char* bindir;     /* the linked LLVM's tools */
    char before[4096];      /* our linked module before optimisation: the peer's input */
    char after[4096];       /* our optimised module: the input of fit_ */
    char empty[4096];       /* a module with only the triple: the peer's fixed cost */
    const bench_target* target;
} bench;

static double now_ms(void) { return (double)offload__now_ns() / 1e6; }

static int compare_doubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static double median(double* v, int n) {
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return v[n / 2];
}

static offload_context* new_context(const char* cache_dir, const char* dump_dir) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.jit.cache_dir = cache_dir;
    desc.jit.dump_dir = dump_dir;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

static offload__device device_for(offload_context* ctx, const bench_target* t) {
    if (t->backend == OFFLOAD_BACKEND_HOST) return ctx->devices[0];
    offload__device dev;
    memset(&dev, 0, sizeof dev);
    dev.ctx = ctx;
    dev.info.backend = t->backend;
    offload__copy_string(dev.info.arch, sizeof dev.info.arch, t->arch);
    return dev;
}

/* One acquire in ctx; with keep, the entry stays referenced (for cache-hit rounds). */
static double acquire_ms(offload_context* ctx, const bench* b, struct offload__jit_entry** keep) {
    offload__device dev = device_for(ctx, b->target);
    struct offload__jit_entry* entry = NULL;
    offload_image_format format;
    const void* image;
    size_t size;
    double t0 = now_ms();
    offload_result r = offload__jit_acquire(ctx, &dev, b->ir, b->ir_size, &entry, &format, &image, &size);
    double t = now_ms() - t0;
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_jit: %s: %s\n", b->target->name, offload_context_last_error(ctx));
        exit(1);
    }
    if (keep) *keep = entry;
    else offload__jit_release(ctx, entry);
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
    offload__jit_target target;
    offload__jit_resolve_target(b->ctx, b->ctx->jit, &b->dev, &target);
    snprintf(cpu, sizeof cpu, "-mcpu=%s", target.cpu);
    snprintf(triple, sizeof triple, "-mtriple=%s", target.triple);
    snprintf(optimised, sizeof optimised, "%s/peer.bc", b->dir);
    snprintf(object, sizeof object, "%s/peer.out", b->dir);
    snprintf(linked, sizeof linked, "%s/peer.so", b->dir);
    snprintf(opt, sizeof opt, "%s/opt", b->bindir);
    snprintf(llc, sizeof llc, "%s/llc", b->bindir);
    snprintf(lld, sizeof lld, "%s/ld.lld", b->bindir);
    int ptx = b->target->backend == OFFLOAD_BACKEND_CUDA;
    char* opt_argv[] = {opt, "-O3", triple, cpu, (char*)input, "-o", optimised, NULL};
    char* llc_argv[] = {llc, "-O3", triple, cpu, ptx ? "-filetype=asm" : "-filetype=obj", "-relocation-model=pic",
                        optimised, "-o", object, NULL};
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
    acquire_ms(b->ctx, b, NULL);
    peer_compile_ms(b, b->before);
    peer_compile_ms(b, b->empty);
    for (int r = 0; r < ROUNDS; r++) {
        ours[r] = acquire_ms(b->ctx, b, NULL); /* released each time: the next one compiles again */
        peer[r] = peer_compile_ms(b, b->before);
        start[r] = peer_compile_ms(b, b->empty);
    }
    double fixed = median(start, ROUNDS);
    printf("# %s: opt+llc%s on an empty module (subtracted from the peer): %.3g ms\n", b->target->name,
           b->target->backend == OFFLOAD_BACKEND_AMDGPU ? "+ld.lld" : "", fixed);
    report("compile", b->target->name, median(ours, ROUNDS), median(peer, ROUNDS) - fixed, "ms");
}

/* One compile of `path` with the given opt level, in-process (the pipeline alone). */
static double fit_ms(bench* b, const char* path, offload_jit_opt_level level) {
    bench copy = *b;
    void* ir = NULL;
    size_t size = 0;
    if (offload__jit_read_file(b->ctx, path, &ir, &size) != OFFLOAD_SUCCESS) exit(1);
    copy.ir = (const char*)ir;
    copy.ir_size = size;
    b->ctx->desc.jit.opt_level = level;
    double t = acquire_ms(b->ctx, &copy, NULL);
    b->ctx->desc.jit.opt_level = OFFLOAD_JIT_OPT_DEFAULT;
    offload__free(b->ctx, ir);
    return t;
}

static void bench_fit(bench* b) {
    if (b->target->backend == OFFLOAD_BACKEND_HOST) return; /* the host's dump holds wrappers, not kernels */
    double fit[ROUNDS], o3[ROUNDS];
    b->ctx->jit->isolation = OFFLOAD_JIT_ISOLATION_NONE;
    fit_ms(b, b->after, OFFLOAD_JIT_OPT_DEFAULT);
    fit_ms(b, b->after, OFFLOAD_JIT_OPT_O3);
    for (int r = 0; r < ROUNDS; r++) {
        fit[r] = fit_ms(b, b->after, OFFLOAD_JIT_OPT_DEFAULT);
        o3[r] = fit_ms(b, b->after, OFFLOAD_JIT_OPT_O3);
    }
    b->ctx->jit->isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    report("fit", b->target->name, median(fit, ROUNDS), median(o3, ROUNDS), "ms");
}

static void bench_isolation(bench* b) {
    double process_ms[ROUNDS], none_ms[ROUNDS];
    acquire_ms(b->ctx, b, NULL); /* the server is started once, on first use */
    for (int r = 0; r < ROUNDS; r++) {
        b->ctx->jit->isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
        process_ms[r] = acquire_ms(b->ctx, b, NULL);
        b->ctx->jit->isolation = OFFLOAD_JIT_ISOLATION_NONE;
        none_ms[r] = acquire_ms(b->ctx, b, NULL);
    }
    b->ctx->jit->isolation = OFFLOAD_JIT_ISOLATION_PROCESS;
    report("isolation", b->target->name, median(process_ms, ROUNDS), median(none_ms, ROUNDS), "ms");
}

static void bench_cache_hit(bench* b) {
    struct offload__jit_entry* held = NULL;
    double compile[ROUNDS], hit[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        compile[r] = acquire_ms(b->ctx, b, &held);
        double t0 = now_ms();
        for (int i = 0; i < HIT_ITERATIONS; i++) acquire_ms(b->ctx, b, NULL);
        hit[r] = (now_ms() - t0) / HIT_ITERATIONS;
        offload__jit_release(b->ctx, held);
    }
    report("cache_hit", b->target->name, median(hit, ROUNDS) * 1e3, median(compile, ROUNDS) * 1e3, "us");
}

static void bench_disk_hit(bench* b) {
    char cache[4096];
    snprintf(cache, sizeof cache, "%s/cache", b->dir);
    double disk[ROUNDS], compile[ROUNDS];
    offload_context* warm = new_context(cache, NULL);
    acquire_ms(warm, b, NULL); /* fills the disk cache */
    offload_context_destroy(warm);
    for (int r = 0; r < ROUNDS; r++) {
        offload_context* fresh = new_context(cache, NULL);
        disk[r] = acquire_ms(fresh, b, NULL);
        offload_jit_stats s;
        offload_jit_get_stats(fresh, &s);
        offload_context_destroy(fresh);
        if (s.disk_hits != 1) {
            fprintf(stderr, "bench_jit: expected a disk hit for %s\n", b->target->name);
            exit(1);
        }
        fresh = new_context(NULL, NULL);
        compile[r] = acquire_ms(fresh, b, NULL);
        offload_context_destroy(fresh);
    }
    report("disk_hit", b->target->name, median(disk, ROUNDS), median(compile, ROUNDS), "ms");
}

int main(int argc, char** argv) {
    const char* ir_path = argc > 1 ? argv[1] : "tests/data/jit/stencil.ll";
    const char* bindir = argc > 2 ? argv[2] : "/usr/lib/llvm-" BENCH_STRINGIFY(LLVM_VERSION_MAJOR) "/bin";
    static const bench_target targets[] = {
        {"ptx_sm86", OFFLOAD_BACKEND_CUDA, "sm_86"},
        {"amdgpu_gfx90a", OFFLOAD_BACKEND_AMDGPU, "gfx90a"},
        {"host", OFFLOAD_BACKEND_HOST, ""},
    };
    char dir[] = "/tmp/offload-bench-jit-XXXXXX";
    if (!mkdtemp(dir)) return 1;
    offload_context* probe = new_context(NULL, NULL);
    void* ir = NULL;
    size_t ir_size = 0;
    if (!probe || offload__jit_read_file(probe, ir_path, &ir, &ir_size) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "bench_jit: cannot read %s\n", ir_path);
        return 1;
    }
    printf("# LLVM %s, module %s (%zu bytes), %d rounds, medians\n", LLVM_VERSION_STRING, ir_path, ir_size, ROUNDS);
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) {
        bench b;
        memset(&b, 0, sizeof b);
        b.ctx = new_context(NULL, dir);
        b.target = &targets[i];
        b.ir = (const char*)ir;
        b.ir_size = ir_size;
        b.dir = dir;
        b.bindir = bindir;
        b.dev = device_for(b.ctx, b.target);
        acquire_ms(b.ctx, &b, NULL); /* writes our linked and optimised modules */
        offload__jit_job job;
        void* replacement = NULL;
        char key[512];
        offload__jit_prepare(b.ctx, b.ctx->jit, &b.dev, ir, ir_size, &job, &replacement, key, sizeof key);
        snprintf(b.before, sizeof b.before, "%s/%s.before.ll", dir, job.name);
        snprintf(b.after, sizeof b.after, "%s/%s.after.ll", dir, job.name);
        snprintf(b.empty, sizeof b.empty, "%s/empty.ll", dir);
        FILE* empty = fopen(b.empty, "w");
        if (!empty) return 1;
        fprintf(empty, "target triple = \"%s\"\n", job.target.triple);
        fclose(empty);
        const char* dump_dir = b.ctx->desc.jit.dump_dir; /* owned by the context: put back before destroy */
        b.ctx->desc.jit.dump_dir = NULL;
        bench_compile(&b);
        bench_fit(&b);
        bench_isolation(&b);
        bench_cache_hit(&b);
        bench_disk_hit(&b);
        b.ctx->desc.jit.dump_dir = dump_dir;
        offload_context_destroy(b.ctx);
    }
    offload__free(probe, ir);
    offload_context_destroy(probe);
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : 1;
}
