/* tools/offload-jit-compiler.c — the JIT's compile server: the runtime starts it on first use
   (OFFLOAD_JIT_ISOLATION_PROCESS) and sends it compile jobs, so that a fatal error inside LLVM ends
   this process and not the one embedding the runtime. Ship it beside the runtime (the same
   directory, ../libexec or ../tools) or name it in desc.jit.compiler_path. */
#include "../offload.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char** argv) {
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: %s --offload-jit-compile-server (started by the offload runtime)\n", argv[0]);
        return 0;
    }
    if (argc != 2 || strcmp(argv[1], "--offload-jit-compile-server") != 0) {
        fprintf(stderr, "usage: %s --offload-jit-compile-server (started by the offload runtime)\n", argv[0]);
        return 2;
    }
    /* The runtime waits for this process to end when it stops it (a context's teardown), and
       LLVM's static destructors at exit take several milliseconds: nothing is left to flush
       (frames are written with write(2)), so the process ends without them. */
    _exit(offload_jit_compile_server());
}
