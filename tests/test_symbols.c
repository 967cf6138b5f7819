/* tests/test_symbols.c — every program's symbol table answers lookups, through the public API
   only. Loading a native program (cubin, fatbin and PTX on the simulated CUDA driver, a code
   object on the simulated HSA runtime, a host shared object and a host symbol table) logs no
   ERROR line and does not ask the driver for the RPC client it does not have (the table says
   so); the thread's last error stays as it was. A name a program lacks is OFFLOAD_ERROR_NOT_FOUND
   of kind NAME_NOT_FOUND (NAME_IS_OTHER_KIND for a name of the other kind) with a message naming
   it, logged at DEBUG, answered without a driver call. */
#include "../offload.h"
#include "test.h"
#include "files.h"
#include <dlfcn.h>

#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"

/* Every log line, counted by level; the lines that mention `watch` are counted too. */
typedef struct log_record {
    int lines[OFFLOAD_LOG_DEBUG + 1];
    int watched;
    const char* watch;
    char last_error_line[512];
} log_record;

static void record_log(offload_log_level level, const char* message, void* user) {
    log_record* r = (log_record*)user;
    if ((int)level >= 0 && level <= OFFLOAD_LOG_DEBUG) r->lines[level]++;
    if (r->watch && strstr(message, r->watch)) r->watched++;
    if (level == OFFLOAD_LOG_ERROR) snprintf(r->last_error_line, sizeof r->last_error_line, "%s", message);
}

typedef struct fixture {
    offload_context* ctx;
    log_record log;
    offload_device host, cuda, amdgpu;
    void* cuda_sim;
    void* hsa_sim;
    unsigned (*cuda_calls)(const char* entry);
    uint64_t (*hsa_calls)(const char* entry);
} fixture;

static int fixture_open(fixture* f) {
    memset(f, 0, sizeof *f);
    offload_context_desc desc = {0};
    desc.cuda_library_path = CUDA_SIM;
    desc.hsa_library_path = HSA_SIM;
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.log = record_log;
    desc.log_user_data = &f->log;
    desc.log_level = OFFLOAD_LOG_DEBUG;
    if (offload_context_create(&desc, &f->ctx) != OFFLOAD_SUCCESS) return 0;
    f->host = test_backend_device(f->ctx, OFFLOAD_BACKEND_HOST);
    f->cuda = test_backend_device(f->ctx, OFFLOAD_BACKEND_CUDA);
    f->amdgpu = test_backend_device(f->ctx, OFFLOAD_BACKEND_AMDGPU);
    f->cuda_sim = dlopen(CUDA_SIM, RTLD_NOW | RTLD_NOLOAD);
    if (f->cuda_sim) *(void**)&f->cuda_calls = dlsym(f->cuda_sim, "cuda_sim_call_count");
    f->hsa_sim = dlopen(HSA_SIM, RTLD_NOW | RTLD_NOLOAD);
    if (f->hsa_sim) *(void**)&f->hsa_calls = dlsym(f->hsa_sim, "hsa_sim_calls");
    /* What context creation logged is not what these tests look at. */
    memset(&f->log, 0, sizeof f->log);
    return 1;
}

static void fixture_close(fixture* f) {
    offload_context_destroy(f->ctx);
    if (f->cuda_sim) dlclose(f->cuda_sim);
    if (f->hsa_sim) dlclose(f->hsa_sim);
}

/* Loads tests/data/<name> on dev; the bytes are freed again (the program keeps what it needs). */
static offload_result load_file(fixture* f, offload_device dev, const char* name, offload_program* prog) {
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/%s", OFFLOAD_TEST_ROOT, name);
    size_t size = 0;
    char* image = test_read_file(path, &size);
    if (!image) {
        fprintf(stderr, "  cannot read %s\n", path);
        return OFFLOAD_ERROR_IO;
    }
    offload_result r = offload_program_create(f->ctx, dev, &(offload_program_desc){.image = image, .size = size}, prog);
    free(image);
    return r;
}

static unsigned cuda_calls(fixture* f, const char* entry) { return f->cuda_calls ? f->cuda_calls(entry) : 0; }
static uint64_t hsa_calls(fixture* f, const char* entry) { return f->hsa_calls ? f->hsa_calls(entry) : 0; }

/* Loads a native image that has no RPC client and checks the load was quiet: no ERROR line, no
   line about the client, no driver lookup of it, this thread's last error untouched. */
static void expect_quiet_load(fixture* f, offload_device dev, const char* name) {
    memset(&f->log, 0, sizeof f->log);
    f->log.watch = "offload_rpc_client";
    unsigned cuda_lookups = cuda_calls(f, "cuModuleGetGlobal_v2");
    uint64_t hsa_lookups = hsa_calls(f, "hsa_executable_get_symbol_by_name");
    offload_program prog = {0};
    CHECK_OK(f->ctx, load_file(f, dev, name, &prog));
    if (!prog.id) return;
    if (f->log.lines[OFFLOAD_LOG_ERROR] || f->log.watched)
        fprintf(stderr, "  %s: %d ERROR line(s) (last: \"%s\"), %d about the RPC client\n", name,
                f->log.lines[OFFLOAD_LOG_ERROR], f->log.last_error_line, f->log.watched);
    CHECK(f->log.lines[OFFLOAD_LOG_ERROR] == 0);
    CHECK(f->log.watched == 0);
    CHECK(cuda_calls(f, "cuModuleGetGlobal_v2") == cuda_lookups);
    CHECK(hsa_calls(f, "hsa_executable_get_symbol_by_name") == hsa_lookups);
    CHECK_DIAGNOSTIC(f->ctx, OFFLOAD_DIAG_NONE);
    CHECK_OK(f->ctx, offload_program_destroy(f->ctx, prog));
}

static void test_native_loads_are_quiet(void) {
    fixture f;
    REQUIRE(fixture_open(&f));
    if (!f.cuda.id || !f.amdgpu.id) {
        fixture_close(&f);
        SKIP("the simulated CUDA driver or HSA runtime was not built");
    }
    expect_quiet_load(&f, f.cuda, "cuda/kernels.sm_80.cubin");
    expect_quiet_load(&f, f.cuda, "cuda/kernels.sm_80.fatbin");
    expect_quiet_load(&f, f.cuda, "cuda/kernels.ptx");
    expect_quiet_load(&f, f.amdgpu, "amdgpu/kernels.gfx90a.co");
    fixture_close(&f);
}

static int host_counter = 7;

static void host_kernel(const void* args, const offload_host_thread* thread) {
    (void)args;
    (void)thread;
}

static void test_host_loads_are_quiet(void) {
    fixture f;
    REQUIRE(fixture_open(&f));
    f.log.watch = "offload_rpc_client";
    offload_host_symbol symbols[] = {
        {.name = "step", .kernel = host_kernel},
        {.name = "counter", .address = &host_counter, .size = sizeof host_counter},
    };
    offload_program table = {0};
    CHECK_OK(f.ctx,
             offload_program_create(f.ctx, f.host,
                                    &(offload_program_desc){.host_symbols = symbols, .host_symbol_count = 2}, &table));
    void* address = NULL;
    size_t size = 0;
    CHECK_OK(f.ctx, offload_global_get(f.ctx, table, "counter", &address, &size));
    CHECK(address == &host_counter && size == sizeof host_counter);
    offload_program_destroy(f.ctx, table);

    size_t so_size = 0;
    char* so = test_build_shared_object("int counter = 3;\n"
                                        "void scale(const void* a, const void* t) { (void)a; (void)t; counter++; }\n",
                                        &so_size);
    if (so) {
        offload_program prog = {0};
        CHECK_OK(f.ctx,
                 offload_program_create(f.ctx, f.host, &(offload_program_desc){.image = so, .size = so_size}, &prog));
        offload_kernel k = {0};
        CHECK_OK(f.ctx, offload_kernel_get(f.ctx, prog, "scale", &k));
        CHECK_OK(f.ctx, offload_global_get(f.ctx, prog, "counter", &address, &size));
        CHECK(size == sizeof(int) && address && *(int*)address == 3);
        offload_program_destroy(f.ctx, prog);
        free(so);
    } else {
        fprintf(stderr, "  no C compiler: the host shared object is not checked\n");
    }
    CHECK(f.log.lines[OFFLOAD_LOG_ERROR] == 0);
    CHECK(f.log.watched == 0);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_NONE);
    fixture_close(&f);
}

/* A name the program lacks: NOT_FOUND of that kind, the message names it (`name`, quoted), one
   DEBUG line that names it and no ERROR. */
static void expect_not_found(fixture* f, offload_result r, offload_diagnostic kind, const char* name) {
    CHECK(r == OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(f->ctx, kind);
    const char* message = offload_context_last_error(f->ctx);
    if (!strstr(message, name)) fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", message, name);
    CHECK(strstr(message, name) != NULL);
    CHECK(f->log.lines[OFFLOAD_LOG_ERROR] == 0);
    CHECK(f->log.watched == 1);
    f->log.watched = 0;
}

static void test_not_found_is_an_answer(void) {
    fixture f;
    REQUIRE(fixture_open(&f));
    if (!f.cuda.id) {
        fixture_close(&f);
        SKIP("the simulated CUDA driver was not built");
    }
    offload_program prog = {0};
    REQUIRE_OK(f.ctx, load_file(&f, f.cuda, "cuda/kernels.sm_80.cubin", &prog));
    memset(&f.log, 0, sizeof f.log);
    unsigned functions = cuda_calls(&f, "cuModuleGetFunction");
    unsigned globals = cuda_calls(&f, "cuModuleGetGlobal_v2");
    offload_kernel k = {0};
    void* address = NULL;
    size_t size = 0;
    char byte = 0;

    f.log.watch = "'missing'";
    expect_not_found(&f, offload_kernel_get(f.ctx, prog, "missing", &k), OFFLOAD_DIAG_NAME_NOT_FOUND, "'missing'");
    CHECK(k.id == 0);
    expect_not_found(&f, offload_global_get(f.ctx, prog, "missing", &address, &size), OFFLOAD_DIAG_NAME_NOT_FOUND,
                     "'missing'");
    expect_not_found(&f, offload_global_read(f.ctx, prog, "missing", 0, &byte, 1), OFFLOAD_DIAG_NAME_NOT_FOUND,
                     "'missing'");
    f.log.watch = "'table'";
    expect_not_found(&f, offload_kernel_get(f.ctx, prog, "table", &k), OFFLOAD_DIAG_NAME_IS_OTHER_KIND, "'table'");
    f.log.watch = "'scale'";
    expect_not_found(&f, offload_global_get(f.ctx, prog, "scale", &address, &size), OFFLOAD_DIAG_NAME_IS_OTHER_KIND,
                     "'scale'");
    /* The table answered: the driver was not asked. */
    CHECK(cuda_calls(&f, "cuModuleGetFunction") == functions);
    CHECK(cuda_calls(&f, "cuModuleGetGlobal_v2") == globals);

    /* What is there is still found, through the driver. */
    CHECK_OK(f.ctx, offload_kernel_get(f.ctx, prog, "scale", &k));
    CHECK_OK(f.ctx, offload_global_get(f.ctx, prog, "table", &address, &size));
    CHECK(size == 64);
    offload_program_destroy(f.ctx, prog);

    offload_host_symbol symbols[] = {{.name = "step", .kernel = host_kernel}};
    REQUIRE_OK(f.ctx,
               offload_program_create(f.ctx, f.host,
                                      &(offload_program_desc){.host_symbols = symbols, .host_symbol_count = 1}, &prog));
    f.log.watch = "'counter'";
    expect_not_found(&f, offload_global_get(f.ctx, prog, "counter", &address, &size), OFFLOAD_DIAG_NAME_NOT_FOUND,
                     "'counter'");
    offload_program_destroy(f.ctx, prog);
    fixture_close(&f);
}

static int blocks_with_memory;

/* Counts the blocks that got the symbol's shared memory and thread scratch. */
static int block_kernel(const void* args, const offload_host_block* block) {
    (void)args;
    if (block->static_shared_memory && block->thread_scratch)
        __atomic_fetch_add(&blocks_with_memory, 1, __ATOMIC_RELAXED);
    return 0;
}

/* A host symbol table is checked entry by entry when the program is made, and the program keeps
   its own copy: names, pointer offsets and argument sizes stay after the caller's table is gone. */
static void test_host_table_is_checked_and_copied(void) {
    fixture f;
    REQUIRE(fixture_open(&f));
    offload_program prog = {0};
    offload_host_symbol two_kinds[] = {{.name = "both", .kernel = host_kernel, .address = &host_counter}};
    CHECK_RESULT(f.ctx,
                 offload_program_create(
                     f.ctx, f.host, &(offload_program_desc){.host_symbols = two_kinds, .host_symbol_count = 1}, &prog),
                 OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_HOST_SYMBOL_MALFORMED);
    offload_host_symbol no_name[] = {{.name = "", .kernel = host_kernel}};
    CHECK_RESULT(f.ctx,
                 offload_program_create(
                     f.ctx, f.host, &(offload_program_desc){.host_symbols = no_name, .host_symbol_count = 1}, &prog),
                 OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_HOST_SYMBOL_MALFORMED);
    offload_host_symbol nothing[] = {{.name = "nothing"}};
    CHECK_RESULT(f.ctx,
                 offload_program_create(
                     f.ctx, f.host, &(offload_program_desc){.host_symbols = nothing, .host_symbol_count = 1}, &prog),
                 OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_HOST_SYMBOL_MALFORMED);
    if (sizeof(size_t) > 4) { /* the table keeps 32-bit argument sizes: one past is refused */
        offload_host_symbol too_big[] = {{.name = "big", .kernel = host_kernel, .args_size = (size_t)UINT32_MAX + 1}};
        CHECK_RESULT(f.ctx,
                     offload_program_create(f.ctx, f.host,
                                            &(offload_program_desc){.host_symbols = too_big, .host_symbol_count = 1},
                                            &prog),
                     OFFLOAD_ERROR_INVALID_IMAGE);
        CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_HOST_SYMBOL_ARGS_SIZE);
    }

    char* name = strdup("scaled");
    uint32_t* offsets = (uint32_t*)malloc(2 * sizeof *offsets);
    REQUIRE(name && offsets);
    offsets[0] = 0;
    offsets[1] = 8;
    offload_host_symbol* table = (offload_host_symbol*)calloc(3, sizeof *table);
    REQUIRE(table);
    table[0] = (offload_host_symbol){
        .name = name, .kernel = host_kernel, .args_size = UINT32_MAX, .pointer_offsets = offsets, .pointer_count = 2};
    table[1] = (offload_host_symbol){.name = "tiles",
                                     .block_kernel = block_kernel,
                                     .static_shared_memory = 64,
                                     .thread_scratch = 16,
                                     .args_size = 8};
    table[2] = (offload_host_symbol){.name = "counter", .address = &host_counter, .size = sizeof host_counter};
    CHECK_OK(f.ctx, offload_program_create(
                        f.ctx, f.host, &(offload_program_desc){.host_symbols = table, .host_symbol_count = 3}, &prog));
    memset(name, 'x', strlen(name));
    memset(offsets, 0xff, 2 * sizeof *offsets);
    free(name);
    free(offsets);
    memset(table, 0, 3 * sizeof *table);
    free(table);
    offload_kernel k = {0};
    size_t args_size = 0;
    CHECK_OK(f.ctx, offload_kernel_get(f.ctx, prog, "scaled", &k));
    CHECK_OK(f.ctx, offload_kernel_get_args_size(f.ctx, k, &args_size));
    CHECK(args_size == UINT32_MAX);
    CHECK_OK(f.ctx, offload_kernel_get(f.ctx, prog, "tiles", &k));
    CHECK_OK(f.ctx, offload_kernel_get_args_size(f.ctx, k, &args_size));
    CHECK(args_size == 8);
    uint64_t words[1] = {0};
    offload_launch_desc launch = {{2, 1, 1}, {4, 1, 1}, 0, words, sizeof words};
    CHECK_OK(f.ctx, offload_launch(f.ctx, (offload_queue){0}, k, &launch));
    CHECK(blocks_with_memory == 2);
    CHECK_RESULT(f.ctx, offload_kernel_get(f.ctx, prog, "counter", &k), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_NAME_IS_OTHER_KIND);
    void* address = NULL;
    size_t size = 0;
    CHECK_OK(f.ctx, offload_global_get(f.ctx, prog, "counter", &address, &size));
    CHECK(address == &host_counter && size == sizeof host_counter);
    CHECK_RESULT(f.ctx, offload_global_get(f.ctx, prog, "tiles", &address, &size), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(f.ctx, OFFLOAD_DIAG_NAME_IS_OTHER_KIND);
    CHECK_OK(f.ctx, offload_program_destroy(f.ctx, prog));
    fixture_close(&f);
}

int main(void) {
    RUN(test_native_loads_are_quiet);
    RUN(test_host_loads_are_quiet);
    RUN(test_not_found_is_an_answer);
    RUN(test_host_table_is_checked_and_copied);
    return test_summary();
}
