/* tests/compat/test_ol_device_info.c — a real liboffload client on our library: Debian's
   llvm-offload-device-info (LLVM 22.1, from the unpacked liboffload-22-dev package) is run with
   LD_LIBRARY_PATH pointing at build/compat (the library with the JIT, which links LLVM 14 while the
   client loads LLVM 22) and at build/compat/nojit, with no GPU driver and with the simulated CUDA
   and HSA drivers. Its output must list the devices `offload-info --json` lists, with the same
   names, backends, compute units, work-group sizes and memory sizes. */
#define _GNU_SOURCE
#include "tests/test.h"

#include <inttypes.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#define OFFLOAD_INFO OFFLOAD_TEST_BUILD "/tools/offload-info"
#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define HSA_SIM OFFLOAD_TEST_BUILD "/sim/hsa_sim.so"
#define NO_DRIVER "/nonexistent/no-driver.so"

/* Everything `command` writes to stdout and stderr (NUL-terminated, caller frees); *status is
   its exit status. NULL if it cannot be started. */
static char* run(const char* command, int* status) {
    FILE* p = popen(command, "r");
    if (!p) return NULL;
    size_t size = 0, capacity = 1 << 16;
    char* text = malloc(capacity);
    size_t n;
    while (text && (n = fread(text + size, 1, capacity - size - 1, p)) > 0) {
        size += n;
        if (capacity - size < 1024) {
            char* grown = realloc(text, capacity *= 2);
            if (!grown) free(text);
            text = grown;
        }
    }
    int rc = pclose(p);
    *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    if (text) text[size] = '\0';
    return text;
}

/* One device as either side describes it. */
typedef struct device_line {
    char name[256];
    char backend[16]; /* HOST, CUDA, AMDGPU */
    uint64_t compute_units, group_size, memory;
} device_line;

enum { MAX_DEVICES = 16 };

/* The value after `"key":` in a JSON object that starts at `object`, as a string or a number. */
static int json_string(const char* object, const char* key, char* out, size_t capacity) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    const char* at = strstr(object, pattern);
    if (!at) return 0;
    at += strlen(pattern);
    size_t n = strcspn(at, "\"");
    if (n >= capacity) return 0;
    memcpy(out, at, n);
    out[n] = '\0';
    return 1;
}

static int json_number(const char* object, const char* key, uint64_t* out) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char* at = strstr(object, pattern);
    return at && sscanf(at + strlen(pattern), "%" SCNu64, out) == 1;
}

/* The devices of offload-info --json (each object of the "devices" array). */
static int parse_offload_info(char* json, device_line* out) {
    char* at = strstr(json, "\"devices\":[{");
    int count = 0;
    while (at && count < MAX_DEVICES && (at = strstr(at, "{\"index\":"))) {
        char* end = strchr(at, '}');
        if (!end) break;
        *end = '\0';
        device_line* d = &out[count];
        char backend[16];
        if (!json_string(at, "name", d->name, sizeof d->name) || !json_string(at, "backend", backend, sizeof backend) ||
            !json_number(at, "compute_units", &d->compute_units) ||
            !json_number(at, "max_block_size", &d->group_size) || !json_number(at, "memory_bytes", &d->memory))
            return -1;
        for (size_t i = 0; i <= strlen(backend); i++)
            d->backend[i] = (char)(backend[i] >= 'a' && backend[i] <= 'z' ? backend[i] - 32 : backend[i]);
        count++;
        at = end + 1;
    }
    return count;
}

/* The value of `key: value` within one device block of the client's output. */
static const char* client_value(const char* block, const char* key, char* out, size_t capacity) {
    char pattern[80];
    snprintf(pattern, sizeof pattern, "\n%s: ", key);
    const char* at = strstr(block, pattern);
    if (!at) return NULL;
    at += strlen(pattern);
    size_t n = strcspn(at, "\n");
    if (n >= capacity) return NULL;
    memcpy(out, at, n);
    out[n] = '\0';
    return out;
}

/* The devices of llvm-offload-device-info: blocks starting with "[name]". */
static int parse_client(char* text, device_line* out, int* announced) {
    const char* num = strstr(text, "Num Devices: ");
    if (!num || sscanf(num, "Num Devices: %d", announced) != 1) return -1;
    int count = 0;
    char* at = strstr(text, "\n[");
    while (at && count < MAX_DEVICES) {
        char* next = strstr(at + 2, "\n[");
        if (next) *next = '\0';
        device_line* d = &out[count];
        char value[256];
        if (!client_value(at, "Name", d->name, sizeof d->name) ||
            !client_value(at, "Platform Backend", d->backend, sizeof d->backend) ||
            !client_value(at, "Num Compute Units", value, sizeof value) ||
            sscanf(value, "%" SCNu64, &d->compute_units) != 1 ||
            !client_value(at, "Max Work Group Size", value, sizeof value) ||
            sscanf(value, "%" SCNu64, &d->group_size) != 1 ||
            !client_value(at, "Global Mem Size", value, sizeof value) || sscanf(value, "%" SCNu64, &d->memory) != 1)
            return -1;
        /* Our library, not LLVM's (whose host platform vendor is "Unknown platform vendor"). */
        if (strcmp(d->backend, "HOST") == 0 &&
            strcmp(client_value(at, "Platform Vendor Name", value, sizeof value) ? value : "", "offload") != 0)
            return -2;
        count++;
        at = next ? next + 1 : NULL; /* past the NUL that ended this block */
    }
    return count;
}

/* Runs both tools with the library in libdir and the drivers given, and compares. */
static void compare(const char* libdir, const char* cuda, const char* hsa, int expected_devices) {
    if (access(OL_TEST_CLIENT, X_OK) != 0) SKIP("%s is not unpacked (liboffload-22-dev)", OL_TEST_CLIENT);
    char command[2048];
    int status = 0;
    snprintf(command, sizeof command, "env OFFLOAD_CUDA_LIBRARY=%s OFFLOAD_HSA_LIBRARY=%s %s --json 2>&1", cuda, hsa,
             OFFLOAD_INFO);
    char* json = run(command, &status);
    REQUIRE(json && status == 0);
    snprintf(command, sizeof command,
             "env LD_LIBRARY_PATH=%s OFFLOAD_CUDA_LIBRARY=%s OFFLOAD_HSA_LIBRARY=%s timeout 60 %s 2>&1", libdir, cuda,
             hsa, OL_TEST_CLIENT);
    char* client = run(command, &status);
    if (!client || status != 0) {
        fprintf(stderr, "  FAIL %s: the client exited with %d:\n%s\n", test__state.current, status,
                client ? client : "");
        test__state.current_failed++;
        free(json);
        free(client);
        return;
    }
    device_line ours[MAX_DEVICES], theirs[MAX_DEVICES];
    int announced = -1;
    int n_ours = parse_offload_info(json, ours);
    int n_client = parse_client(client, theirs, &announced);
    CHECK(n_ours == expected_devices);
    if (n_client != n_ours || announced != n_ours)
        fprintf(stderr, "  %s: offload-info lists %d devices, the client announces %d and describes %d\n",
                test__state.current, n_ours, announced, n_client);
    CHECK(n_client == n_ours && announced == n_ours);
    for (int i = 0; i < n_ours && n_client == n_ours; i++) {
        const device_line* match = NULL;
        for (int j = 0; j < n_client; j++)
            if (strcmp(theirs[j].name, ours[i].name) == 0 && strcmp(theirs[j].backend, ours[i].backend) == 0)
                match = &theirs[j];
        if (!match || match->compute_units != ours[i].compute_units || match->group_size != ours[i].group_size ||
            match->memory != ours[i].memory) {
            fprintf(stderr, "  FAIL %s: device '%s' (%s) differs or is missing in the client's output\n",
                    test__state.current, ours[i].name, ours[i].backend);
            test__state.current_failed++;
        }
    }
    if (test__state.current_failed) fprintf(stderr, "client output:\n%s\noffload-info:\n%s\n", client, json);
    free(json);
    free(client);
}

#define LIB OL_TEST_LIBDIR
#define LIB_NOJIT OL_TEST_LIBDIR "/nojit"

static void test_host_only(void) { compare(LIB, NO_DRIVER, NO_DRIVER, 1); }
static void test_host_only_without_jit(void) { compare(LIB_NOJIT, NO_DRIVER, NO_DRIVER, 1); }
static void test_simulated_gpus(void) { compare(LIB, CUDA_SIM, HSA_SIM, 3); }
static void test_simulated_gpus_without_jit(void) { compare(LIB_NOJIT, CUDA_SIM, HSA_SIM, 3); }

int main(void) {
    RUN(test_host_only);
    RUN(test_host_only_without_jit);
    RUN(test_simulated_gpus);
    RUN(test_simulated_gpus_without_jit);
    return test_summary();
}
