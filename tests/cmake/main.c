/* tests/cmake/main.c — the consumer: creates a context, runs a host kernel that squares a
   vector, checks the result, prints the backends. Exits 0 only when the result is right. */
#include <offload.h>

#include <stdio.h>

static void square(const void* args, const offload_host_thread* t) {
    float* data = *(float* const*)args;
    uint32_t i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];
    data[i] *= data[i];
}

int main(void) {
    offload_context* ctx = NULL;
    if (offload_context_create(NULL, &ctx) != OFFLOAD_SUCCESS) return 1;
    offload_device host;
    offload_device_get(ctx, 0, &host);
    offload_host_symbol symbols[] = {{.name = "square", .kernel = square}};
    offload_program_desc pd = {0};
    pd.host_symbols = symbols;
    pd.host_symbol_count = 1;
    offload_program prog;
    offload_kernel k;
    float data[64];
    for (int i = 0; i < 64; i++) data[i] = (float)i;
    unsigned char storage[8];
    offload_args args;
    offload_args_init(&args, storage, sizeof storage);
    offload_args_ptr(&args, data);
    offload_launch_desc launch = {{2, 1, 1}, {32, 1, 1}, 0, args.data, args.size};
    offload_result r = offload_program_create(ctx, host, &pd, &prog);
    if (r == OFFLOAD_SUCCESS) r = offload_kernel_get(ctx, prog, "square", &k);
    if (r == OFFLOAD_SUCCESS) r = args.result;
    if (r == OFFLOAD_SUCCESS) r = offload_launch(ctx, (offload_queue){0}, k, &launch);
    int good = 0;
    for (int i = 0; i < 64; i++) good += data[i] == (float)(i * i);
    for (int b = 0; b < OFFLOAD_BACKEND_COUNT; b++) {
        offload_backend_status s;
        if (offload_backend_get_status(ctx, (offload_backend)b, &s) == OFFLOAD_SUCCESS)
            printf("consumer: %s: %s\n", offload_backend_name((offload_backend)b), s.reason);
    }
    printf("consumer: offload %u, %s, %d of 64 right\n", offload_version(), offload_result_string(r), good);
    offload_context_destroy(ctx);
    return r == OFFLOAD_SUCCESS && good == 64 ? 0 : 1;
}
