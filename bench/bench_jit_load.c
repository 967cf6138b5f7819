/* bench/bench_jit_load.c — what loading a JIT-compiled host object costs with the debugger
   registration (jit.inc, offload__jit_object_layer) and without it.

   The object is the one our JIT makes of MODULE for the host (written by desc.jit.dump_dir).
   One load is what offload__jit_load_host does with LLVM: create an LLJIT, add the process's
   symbols, add the object, look KERNEL up, dispose of the LLJIT. Three ways, alternating round by
   round so machine noise hits all alike, median of ROUNDS after a warm-up:
     ours:     RuntimeDyld + the GDB registration listener (what the runtime does);
     rtdyld:   RuntimeDyld alone;
     default:  the object layer LLJIT picks itself (RuntimeDyld in LLVM 14, JITLink in 22).
   Output:
       host_load_gdb_listener: ours=<us> peer=<us, rtdyld> ratio=<ours/peer>
       host_load_vs_default_layer: ours=<us> peer=<us, default> ratio=<ours/peer>

   Usage: bench_jit_load MODULE KERNEL. Built and run by bench/jit.sh. */
#define _GNU_SOURCE
#include "offload.h"
#include "../tests/files.h"
#include "stats.h"

#include <llvm-c/Core.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/OrcEE.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROUNDS = 401, WARMUP = 20, WAYS = 3 };
enum { WAY_OURS, WAY_RTDYLD, WAY_DEFAULT };

static const char* kernel;
static char* object;
static size_t object_size;

static LLVMOrcObjectLayerRef rtdyld_layer(void* listener, LLVMOrcExecutionSessionRef session, const char* triple) {
    (void)triple;
    LLVMOrcObjectLayerRef layer = LLVMOrcCreateRTDyldObjectLinkingLayerWithSectionMemoryManager(session);
    if (listener) LLVMOrcRTDyldObjectLinkingLayerRegisterJITEventListener(layer, (LLVMJITEventListenerRef)listener);
    return layer;
}

static void check(LLVMErrorRef error, const char* what) {
    if (!error) return;
    char* text = LLVMGetErrorMessage(error);
    fprintf(stderr, "bench_jit_load: %s: %s\n", what, text);
    exit(1);
}

/* One load, in microseconds. */
static double load_us(int way) {
    uint64_t start = test_now_ns();
    LLVMOrcLLJITBuilderRef builder = NULL;
    if (way != WAY_DEFAULT) {
        builder = LLVMOrcCreateLLJITBuilder();
        LLVMOrcLLJITBuilderSetObjectLinkingLayerCreator(
            builder, rtdyld_layer, way == WAY_OURS ? (void*)LLVMCreateGDBRegistrationListener() : NULL);
    }
    LLVMOrcLLJITRef jit = NULL;
    check(LLVMOrcCreateLLJIT(&jit, builder), "creating the LLJIT");
    LLVMOrcDefinitionGeneratorRef generator = NULL;
    check(
        LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&generator, LLVMOrcLLJITGetGlobalPrefix(jit), NULL, NULL),
        "searching the process");
    LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(jit), generator);
    LLVMMemoryBufferRef buffer = LLVMCreateMemoryBufferWithMemoryRangeCopy(object, object_size, "bench-object");
    check(LLVMOrcLLJITAddObjectFile(jit, LLVMOrcLLJITGetMainJITDylib(jit), buffer), "adding the object");
    LLVMOrcExecutorAddress address = 0;
    check(LLVMOrcLLJITLookup(jit, &address, kernel), "looking the kernel up");
    check(LLVMOrcDisposeLLJIT(jit), "disposing of the LLJIT");
    return (double)(test_now_ns() - start) / 1e3;
}

/* Compiles module for the host with our JIT and reads the object it dumps into dir. */
static int make_object(const char* module, const char* dir) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.jit.dump_dir = dir;
    offload_context* ctx = NULL;
    offload_device dev = {0};
    offload_program prog = {0};
    size_t size = 0;
    char* ir = test_read_file(module, &size);
    int ok =
        ir && offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS &&
        offload_device_get(ctx, 0, &dev) == OFFLOAD_SUCCESS &&
        offload_program_create(ctx, dev, &(offload_program_desc){.image = ir, .size = size}, &prog) == OFFLOAD_SUCCESS;
    if (!ok)
        fprintf(stderr, "bench_jit_load: %s: %s\n", module, ctx ? offload_context_last_error(ctx) : "cannot read it");
    if (ctx) offload_context_destroy(ctx); /* the runtime has initialised LLVM's native target by now */
    free(ir);
    DIR* d = ok ? opendir(dir) : NULL;
    for (struct dirent* e; d && (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (n > 2 && !strcmp(e->d_name + n - 2, ".o") && !object) object = test_read_file(path, &object_size);
        remove(path);
    }
    if (d) closedir(d);
    rmdir(dir);
    return object != NULL;
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: bench_jit_load MODULE KERNEL\n");
        return 2;
    }
    kernel = argv[2];
    char dir[] = "/tmp/offload-bench-jit-load-XXXXXX";
    if (!mkdtemp(dir) || !make_object(argv[1], dir)) {
        fprintf(stderr, "bench_jit_load: no host object from %s\n", argv[1]);
        return 1;
    }
    static double t[WAYS][ROUNDS];
    for (int i = 0; i < WARMUP; i++)
        for (int way = 0; way < WAYS; way++) load_us(way);
    for (int r = 0; r < ROUNDS; r++)
        for (int i = 0; i < WAYS; i++) {
            int way = (r + i) % WAYS; /* each way goes first in a third of the rounds */
            t[way][r] = load_us(way);
        }
    double ours = median(t[WAY_OURS], ROUNDS), rtdyld = median(t[WAY_RTDYLD], ROUNDS),
           layer_default = median(t[WAY_DEFAULT], ROUNDS);
    printf("host_load_gdb_listener: ours=%.1fus peer=%.1fus ratio=%.3f\n", ours, rtdyld, ours / rtdyld);
    printf("host_load_vs_default_layer: ours=%.1fus peer=%.1fus ratio=%.3f\n", ours, layer_default,
           ours / layer_default);
    free(object);
    return 0;
}
