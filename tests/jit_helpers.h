/* tests/jit_helpers.h — what the JIT's tests share: contexts on the host device or with the
   simulated CUDA driver, GPUs that are not present (compiled for through the test hooks),
   programs from files, and an AMDGPU code object's dynamic symbols. Include it after test.h,
   test_hooks.h and files.h. */
#ifndef OFFLOAD_TEST_JIT_HELPERS_H
#define OFFLOAD_TEST_JIT_HELPERS_H

#include <elf.h>
#include <pthread.h>

/* Log lines kept as text (desc.log = keep_log_line, desc.log_user_data = a log_lines): every
   line, or only those that start with prefix, or only DEBUG ones. */
typedef struct log_lines {
    char text[8192];
    const char* prefix; /* NULL: any */
    int debug_only;
} log_lines;

static __attribute__((unused)) void keep_log_line(offload_log_level level, const char* message, void* user) {
    log_lines* l = (log_lines*)user;
    if ((l->debug_only && level != OFFLOAD_LOG_DEBUG) || (l->prefix && strncmp(message, l->prefix, strlen(l->prefix))))
        return;
    size_t used = strlen(l->text);
    snprintf(l->text + used, sizeof l->text - used, "%s\n", message);
}

/* What kernels printed (desc.rpc.output = printed_line, desc.rpc.output_user_data = a
   printed_lines), under a lock: the RPC server's thread writes it. */
typedef struct printed_lines {
    pthread_mutex_t lock;
    char text[1 << 16];
    size_t size;
    unsigned calls;
} printed_lines;

static __attribute__((unused)) void printed_line(const char* text, size_t length, void* user_data) {
    printed_lines* l = (printed_lines*)user_data;
    pthread_mutex_lock(&l->lock);
    if (l->size + length < sizeof l->text) {
        memcpy(l->text + l->size, text, length);
        l->size += length;
    }
    l->calls++;
    pthread_mutex_unlock(&l->lock);
}

#define JIT_DATA OFFLOAD_TEST_ROOT "/tests/data/jit/"
#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"

/* The host checks (desc.host_checks) a suite runs its kernels with: OFFLOAD_TEST_HOST_CHECKS, a
   number, so that a suite of correct kernels can be run with checks that must then report nothing
   (the suites' contexts read no other environment). */
static __attribute__((unused)) uint32_t test_host_checks(void) {
    const char* checks = getenv("OFFLOAD_TEST_HOST_CHECKS");
    return checks ? (uint32_t)strtoul(checks, NULL, 0) : 0;
}

/* The kind of error a launch whose block's threads part at a barrier gets: synccheck's report
   when the suite runs with it. */
static __attribute__((unused)) offload_diagnostic test_divergence_kind(void) {
    return test_host_checks() & OFFLOAD_HOST_CHECK_SYNCCHECK ? OFFLOAD_DIAG_SYNCCHECK_DIVERGENCE
                                                             : OFFLOAD_DIAG_BARRIER_DIVERGENCE;
}

/* A context on the host device with the JIT settings given (NULL: defaults). */
static __attribute__((unused)) offload_context* make_context_with(const offload_jit_desc* jit) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.host_checks = test_host_checks();
    desc.jit.isolation = TEST_JIT_ISOLATION;
    desc.jit.opt_level = TEST_JIT_OPT_LEVEL;
    if (jit) desc.jit = *jit;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* The JIT disk cache a program's tests share (shared_compiles_context): a temporary folder made
   at the first call, removed when the program exits. */
static char shared_compiles_dir[] = "/tmp/offload-test-shared-compiles-XXXXXX";

static void remove_shared_compiles_dir(void) { test_remove_tree(shared_compiles_dir); }

/* A context like make_context_with(NULL) whose compiles go through a JIT disk cache the program's
   tests share: a suite whose tests each load the same IR file on a context of their own compiles
   it once, and each later test loads the object from the disk, as the same program started again
   would (on a module the first test's compile refused, each compiles it again: refusals are not
   cached). NULL if it cannot be made. */
static __attribute__((unused)) offload_context* shared_compiles_context(void) {
    /* Made or not is a flag of its own: the name mkdtemp picks may end in 'X' too. */
    static int made;
    if (!made) {
        if (!mkdtemp(shared_compiles_dir)) return NULL;
        made = 1;
        atexit(remove_shared_compiles_dir);
    }
    offload_jit_desc jit = {0};
    jit.isolation = TEST_JIT_ISOLATION;
    jit.opt_level = TEST_JIT_OPT_LEVEL;
    jit.cache_dir = shared_compiles_dir;
    return make_context_with(&jit);
}

/* A context with the host and the simulated HSA runtime (whose kernels the caller has registered),
   compiling as isolation says, one worker thread, its debug log in log; NULL if it cannot be made. */
static __attribute__((unused)) offload_context* hsa_sim_context_logged(offload_jit_isolation isolation,
                                                                       log_lines* log) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_AMDGPU);
    desc.no_environment = 1;
    desc.hsa_library_path = HSA_SIM;
    desc.host_threads = 1;
    desc.jit.isolation = isolation;
    desc.log = keep_log_line;
    desc.log_user_data = log;
    desc.log_level = OFFLOAD_LOG_DEBUG;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* A context with the host and the simulated CUDA device (index 1); NULL if it cannot be made. */
static __attribute__((unused)) offload_context* make_sim_context(const char* dump_dir) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST) | OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_CUDA);
    desc.no_environment = 1;
    desc.cuda_library_path = CUDA_SIM;
    desc.jit.dump_dir = dump_dir;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* A device of another backend, for compiling without its driver: what the JIT needs of it. */
typedef struct fake_gpu {
    offload_backend backend;
    const char* arch;
} fake_gpu;

static __attribute__((unused)) fake_gpu fake_device(offload_context* ctx, offload_backend backend, const char* arch) {
    (void)ctx;
    fake_gpu dev = {backend, arch};
    return dev;
}

/* Compiles ir for the fake device; the image is held until offload_test_jit_release. */
static __attribute__((unused)) offload_result fake_compile(offload_context* ctx, const fake_gpu* dev, const void* ir,
                                                           size_t size, offload_test_jit_image* out) {
    return offload_test_jit_compile(ctx, dev->backend, dev->arch, ir, size, out);
}

static __attribute__((unused)) int contains(const char* haystack, const char* needle) {
    return strstr(haystack, needle) != NULL;
}

/* Creates a program from the file at path on dev. */
static __attribute__((unused)) offload_result program_from_file(offload_context* ctx, offload_device dev,
                                                                const char* path, offload_program* out) {
    size_t size = 0;
    char* ir = test_read_file(path, &size);
    if (!ir) return OFFLOAD_ERROR_IO;
    offload_program_desc desc = {0};
    desc.image = ir;
    desc.size = size;
    offload_result r = offload_program_create(ctx, dev, &desc, out);
    free(ir);
    return r;
}

/* The defined dynamic symbol `name` of an AMDGPU code object (ET_DYN, EM_AMDGPU) into *out: 1,
   or 0 when the image is no such object or has no such symbol. */
static __attribute__((unused)) int amdgpu_symbol(const void* image, size_t size, const char* name, Elf64_Sym* out) {
    const unsigned char* p = (const unsigned char*)image;
    Elf64_Ehdr eh;
    if (size < sizeof eh || memcmp(p, ELFMAG, SELFMAG) != 0) return 0;
    memcpy(&eh, p, sizeof eh);
    if (eh.e_type != ET_DYN || eh.e_machine != EM_AMDGPU) return 0;
    if (eh.e_shoff + (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr) > size) return 0;
    for (unsigned i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr sh, strtab;
        memcpy(&sh, p + eh.e_shoff + i * sizeof sh, sizeof sh);
        if (sh.sh_type != SHT_DYNSYM || sh.sh_link >= eh.e_shnum) continue;
        memcpy(&strtab, p + eh.e_shoff + sh.sh_link * sizeof strtab, sizeof strtab);
        for (uint64_t s = 0; s < sh.sh_size / sizeof(Elf64_Sym); s++) {
            memcpy(out, p + sh.sh_offset + s * sizeof *out, sizeof *out);
            if (out->st_shndx != SHN_UNDEF && strtab.sh_offset + out->st_name < size &&
                !strcmp((const char*)p + strtab.sh_offset + out->st_name, name))
                return 1;
        }
    }
    return 0;
}

#endif
