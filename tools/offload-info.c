/* tools/offload-info.c — lists the backends (loaded, or exactly why not) and the devices with
   their properties, like clinfo or rocminfo. `--json` prints the same as one JSON object.

   Environment variables are honoured as in any program using the library (OFFLOAD_CUDA_LIBRARY,
   OFFLOAD_HSA_LIBRARY, OFFLOAD_DEBUG, ...). */
#include "offload.h"

#include <stdio.h>
#include <string.h>

/* Prints s as a JSON string literal. */
static void json_string(const char* s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static const char* mem_size(uint64_t bytes, char* buf, size_t size) {
    snprintf(buf, size, "%.1f GiB", (double)bytes / (1024.0 * 1024.0 * 1024.0));
    return buf;
}

static void print_text(offload_context* ctx) {
    printf("offload %u.%u.%u\n\nBackends:\n", OFFLOAD_VERSION_MAJOR, OFFLOAD_VERSION_MINOR, OFFLOAD_VERSION_PATCH);
    for (int b = 0; b < OFFLOAD_BACKEND_COUNT; b++) {
        offload_backend_status st;
        offload_backend_get_status(ctx, (offload_backend)b, &st);
        printf("  %-7s %-11s %s", offload_backend_name((offload_backend)b), st.loaded ? "loaded" : "unavailable",
               st.reason);
        if (st.library[0]) printf(" [%s]", st.library);
        if (st.driver_version) printf(" (driver %d)", st.driver_version);
        printf("\n");
    }
    offload_jit_info jit;
    if (offload_jit_get_info(ctx, &jit) == OFFLOAD_SUCCESS && jit.available)
        printf("\nJIT: LLVM %s (%s, opened on first use), compiles run %s\n", jit.llvm_version, jit.llvm_library,
               jit.isolation_reason);
    else
        printf("\nJIT: not compiled in\n");
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    printf("\nDevices: %u\n", count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device dev;
        offload_device_info info;
        char buf[64];
        offload_device_get(ctx, i, &dev);
        offload_device_get_info(ctx, dev, &info);
        printf("  [%u] %s\n", i, info.name);
        printf("      backend            %s\n", offload_backend_name(info.backend));
        if (info.backend == OFFLOAD_BACKEND_REMOTE)
            printf("      served by          rank %d, its device %u (%s)\n", info.remote_rank, info.remote_index,
                   offload_backend_name(info.remote_backend));
        printf("      vendor             %s\n", info.vendor);
        printf("      architecture       %s\n", info.arch);
        printf("      memory             %s\n", mem_size(info.memory_bytes, buf, sizeof buf));
        printf("      compute units      %u\n", info.compute_units);
        printf("      warp size          %u\n", info.warp_size);
        printf("      max block size     %u (%u, %u, %u)\n", info.max_block_size, info.max_block_dims[0],
               info.max_block_dims[1], info.max_block_dims[2]);
        printf("      max grid           (%u, %u, %u)\n", info.max_grid_dims[0], info.max_grid_dims[1],
               info.max_grid_dims[2]);
        printf("      max shared memory  %llu bytes\n", (unsigned long long)info.max_shared_memory);
        printf("      managed memory     %s\n", info.supports_shared_memory ? "yes" : "no");
        printf("      virtual memory     %s\n", info.supports_virtual_memory ? "yes" : "no");
    }
}

static void print_json(offload_context* ctx) {
    printf("{\"version\":\"%u.%u.%u\",\"backends\":[", OFFLOAD_VERSION_MAJOR, OFFLOAD_VERSION_MINOR,
           OFFLOAD_VERSION_PATCH);
    for (int b = 0; b < OFFLOAD_BACKEND_COUNT; b++) {
        offload_backend_status st;
        offload_backend_get_status(ctx, (offload_backend)b, &st);
        printf("%s{\"name\":", b ? "," : "");
        json_string(offload_backend_name((offload_backend)b));
        printf(",\"loaded\":%s,\"result\":", st.loaded ? "true" : "false");
        json_string(offload_result_string(st.result));
        printf(",\"reason\":");
        json_string(st.reason);
        printf(",\"library\":");
        json_string(st.library);
        printf(",\"driver_version\":%d,\"devices\":%u}", st.driver_version, st.device_count);
    }
    offload_jit_info jit;
    if (offload_jit_get_info(ctx, &jit) != OFFLOAD_SUCCESS) memset(&jit, 0, sizeof jit);
    printf("],\"jit\":{\"available\":%s,\"llvm\":", jit.available ? "true" : "false");
    json_string(jit.llvm_version);
    printf(",\"llvm_library\":");
    json_string(jit.llvm_library);
    printf(",\"isolation\":");
    json_string(!jit.available ? "" : jit.isolation == OFFLOAD_JIT_ISOLATION_NONE ? "none" : "process");
    printf(",\"isolation_reason\":");
    json_string(jit.isolation_reason);
    printf("},\"devices\":[");
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device dev;
        offload_device_info info;
        offload_device_get(ctx, i, &dev);
        offload_device_get_info(ctx, dev, &info);
        printf("%s{\"index\":%u,\"backend\":", i ? "," : "", i);
        json_string(offload_backend_name(info.backend));
        printf(",\"name\":");
        json_string(info.name);
        printf(",\"vendor\":");
        json_string(info.vendor);
        printf(",\"arch\":");
        json_string(info.arch);
        printf(",\"memory_bytes\":%llu,\"compute_units\":%u,\"warp_size\":%u,\"max_block_size\":%u,"
               "\"max_block_dims\":[%u,%u,%u],\"max_grid_dims\":[%u,%u,%u],\"max_shared_memory\":%llu,"
               "\"managed_memory\":%s,\"virtual_memory\":%s}",
               (unsigned long long)info.memory_bytes, info.compute_units, info.warp_size, info.max_block_size,
               info.max_block_dims[0], info.max_block_dims[1], info.max_block_dims[2], info.max_grid_dims[0],
               info.max_grid_dims[1], info.max_grid_dims[2], (unsigned long long)info.max_shared_memory,
               info.supports_shared_memory ? "true" : "false", info.supports_virtual_memory ? "true" : "false");
    }
    printf("]}\n");
}

static void usage(FILE* to) {
    fprintf(to, "usage: offload-info [--json]\n"
                "Lists the backends (loaded, or why not) and the devices with their properties.\n"
                "  --json    print the same as one JSON object\n"
                "  --help    print this and exit\n"
                "Environment: OFFLOAD_DEBUG=1..4 logs to stderr; OFFLOAD_CUDA_LIBRARY, OFFLOAD_HSA_LIBRARY\n"
                "choose the driver libraries.\n");
}

int main(int argc, char** argv) {
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "offload-info: unknown argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    offload_context* ctx = NULL;
    offload_result r = offload_context_create(NULL, &ctx);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "offload-info: cannot create a context: %s\n", offload_result_string(r));
        return 1;
    }
    if (json)
        print_json(ctx);
    else
        print_text(ctx);
    offload_context_destroy(ctx);
    return 0;
}
