/* tests/gpu/probe.c — tells tests/gpu/run.sh, before it builds anything, whether the GPU driver
   works: it loads the driver library, initialises it and counts the devices, with nothing of the
   runtime in between (the runtime reports a failing driver as an absent backend, which is right
   for an application and wrong for a test run that must tell "no GPU" from "a broken driver").
   Usage:
       probe cuda [LIBRARY]     LIBRARY defaults to libcuda.so.1
       probe amdgpu [LIBRARY]   LIBRARY defaults to libhsa-runtime64.so.1
   Prints one line and exits:
       0   the driver initialised and has N devices ("cuda: driver 12080, 1 device(s): NVIDIA H200")
       77  the library cannot be loaded (dlerror's text)
       1   the library loaded but initialising or enumerating failed (the driver's code and text)
       3   the driver initialised and reports no device
       2   usage */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* dlsym into a function pointer (ISO C has no cast between the two). */
static int bind(void* library, const char* name, void* slot) {
    void* address = dlsym(library, name);
    memcpy(slot, &address, sizeof address);
    return address != NULL;
}

/* "<code> <name>: <text>" for a CUresult, from the driver where it can say (a stub cannot). */
static const char* cuda_error(void* library, int code, char* buffer, size_t capacity) {
    int (*get_name)(int, const char**) = NULL;
    int (*get_string)(int, const char**) = NULL;
    const char* name = NULL;
    const char* text = NULL;
    if (bind(library, "cuGetErrorName", &get_name) && get_name(code, &name) != 0) name = NULL;
    if (bind(library, "cuGetErrorString", &get_string) && get_string(code, &text) != 0) text = NULL;
    if (!name && code == 34) name = "CUDA_ERROR_STUB_LIBRARY"; /* the toolkit's stub answers nothing */
    snprintf(buffer, capacity, "%d %s: %s", code, name ? name : "(no name from the driver)",
             text ? text : "(no text from the driver)");
    return buffer;
}

static int probe_cuda(const char* path) {
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        printf("cuda: cannot load %s: %s\n", path, dlerror());
        return 77;
    }
    int (*init)(unsigned) = NULL;
    int (*version)(int*) = NULL;
    int (*count)(int*) = NULL;
    int (*get)(int*, int) = NULL;
    int (*name)(char*, int, int) = NULL;
    if (!bind(library, "cuInit", &init) || !bind(library, "cuDriverGetVersion", &version) ||
        !bind(library, "cuDeviceGetCount", &count) || !bind(library, "cuDeviceGet", &get) ||
        !bind(library, "cuDeviceGetName", &name)) {
        printf("cuda: %s lacks a basic entry point (cuInit, cuDriverGetVersion, cuDeviceGetCount, cuDeviceGet, "
               "cuDeviceGetName): %s\n",
               path, dlerror());
        return 1;
    }
    char error[256];
    int rc = init(0);
    if (rc != 0) {
        printf("cuda: cuInit failed: %s (%s)\n", cuda_error(library, rc, error, sizeof error), path);
        return 1;
    }
    int driver = 0, n = 0;
    if ((rc = version(&driver)) != 0) {
        printf("cuda: cuDriverGetVersion failed: %s\n", cuda_error(library, rc, error, sizeof error));
        return 1;
    }
    if ((rc = count(&n)) != 0) {
        printf("cuda: cuDeviceGetCount failed: %s\n", cuda_error(library, rc, error, sizeof error));
        return 1;
    }
    if (n == 0) {
        printf("cuda: driver %d initialised and reports no device\n", driver);
        return 3;
    }
    printf("cuda: driver %d, %d device(s):", driver, n);
    for (int i = 0; i < n; i++) {
        int device = 0;
        char text[256] = "";
        if ((rc = get(&device, i)) != 0 || (rc = name(text, (int)sizeof text, device)) != 0) {
            printf("\ncuda: device %d cannot be named: %s\n", i, cuda_error(library, rc, error, sizeof error));
            return 1;
        }
        printf("%s %s", i ? "," : "", text);
    }
    printf("\n");
    return 0; /* the driver is never closed (it is not made to be unloaded) */
}

/* HSA: agents of type GPU (HSA_DEVICE_TYPE_GPU = 1, HSA_AGENT_INFO_DEVICE = 17). */
typedef struct hsa_probe {
    int (*get_info)(uint64_t agent, int attribute, void* value);
    int gpus;
} hsa_probe;

static int count_gpu(uint64_t agent, void* data) {
    hsa_probe* p = (hsa_probe*)data;
    int type = -1;
    if (p->get_info(agent, 17, &type) == 0 && type == 1) p->gpus++;
    return 0;
}

static int probe_amdgpu(const char* path) {
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        printf("amdgpu: cannot load %s: %s\n", path, dlerror());
        return 77;
    }
    int (*init)(void) = NULL;
    int (*shut_down)(void) = NULL;
    int (*status_string)(int, const char**) = NULL;
    int (*iterate)(int (*)(uint64_t, void*), void*) = NULL;
    hsa_probe p = {NULL, 0};
    if (!bind(library, "hsa_init", &init) || !bind(library, "hsa_shut_down", &shut_down) ||
        !bind(library, "hsa_iterate_agents", &iterate) || !bind(library, "hsa_agent_get_info", &p.get_info)) {
        printf("amdgpu: %s lacks a basic entry point (hsa_init, hsa_shut_down, hsa_iterate_agents, "
               "hsa_agent_get_info)\n",
               path);
        return 1;
    }
    bind(library, "hsa_status_string", &status_string);
    int rc = init();
    if (rc != 0) {
        const char* text = NULL;
        if (!status_string || status_string(rc, &text) != 0) text = NULL;
        printf("amdgpu: hsa_init failed: 0x%x %s (%s)\n", (unsigned)rc, text ? text : "(no text from the runtime)",
               path);
        return 1;
    }
    rc = iterate(count_gpu, &p);
    shut_down();
    if (rc != 0) {
        printf("amdgpu: hsa_iterate_agents failed: 0x%x\n", (unsigned)rc);
        return 1;
    }
    if (p.gpus == 0) {
        printf("amdgpu: hsa_init succeeded and reports no GPU agent\n");
        return 3;
    }
    printf("amdgpu: %d GPU agent(s)\n", p.gpus);
    return 0;
}

int main(int argc, char** argv) {
    if (argc >= 2 && strcmp(argv[1], "cuda") == 0) return probe_cuda(argc > 2 ? argv[2] : "libcuda.so.1");
    if (argc >= 2 && strcmp(argv[1], "amdgpu") == 0) return probe_amdgpu(argc > 2 ? argv[2] : "libhsa-runtime64.so.1");
    fprintf(stderr, "usage: %s cuda|amdgpu [LIBRARY]\n", argv[0]);
    return 2;
}
