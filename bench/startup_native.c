/* bench/startup_native.c — the smallest program that uses the runtime: create a context, load a
   host symbol table, launch one native kernel (32 threads add one to an array), tear down. Built
   twice by bench/startup.sh: with the runtime (liboffload.so), and with -DWITHOUT_RUNTIME, where
   a loop does the kernel's work, so that the two differ by the runtime alone. Exits 0 when the
   array is right. */
#ifndef WITHOUT_RUNTIME
#include "offload.h"
#endif

enum { THREADS = 32 };

#ifndef WITHOUT_RUNTIME
static void add_one(const void* args, const offload_host_thread* thread) {
    int* data = *(int* const*)args;
    data[thread->thread_id[0]] += 1;
}
#endif

int main(void) {
    static int data[THREADS];
#ifdef WITHOUT_RUNTIME
    for (int i = 0; i < THREADS; i++) data[i] += 1;
#else
    offload_context* ctx = NULL;
    if (offload_context_create(NULL, &ctx) != OFFLOAD_SUCCESS) return 1;
    offload_device host;
    offload_host_symbol symbols[] = {{.name = "add_one", .kernel = add_one}};
    offload_program_desc program = {.host_symbols = symbols, .host_symbol_count = 1};
    offload_program prog;
    offload_kernel kernel;
    int* arg = data;
    offload_launch_desc launch = {{1, 1, 1}, {THREADS, 1, 1}, 0, &arg, sizeof arg};
    int ok = offload_device_get(ctx, 0, &host) == OFFLOAD_SUCCESS &&
             offload_program_create(ctx, host, &program, &prog) == OFFLOAD_SUCCESS &&
             offload_kernel_get(ctx, prog, "add_one", &kernel) == OFFLOAD_SUCCESS &&
             offload_launch(ctx, (offload_queue){0}, kernel, &launch) == OFFLOAD_SUCCESS;
    offload_context_destroy(ctx);
    if (!ok) return 1;
#endif
    for (int i = 0; i < THREADS; i++)
        if (data[i] != 1) return 1;
    return 0;
}
