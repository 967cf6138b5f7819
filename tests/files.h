/* tests/files.h — file helpers for the tests, benchmarks and GPU checks: read a whole file
   (images, IR, PTX), write one, read little-endian fields of one, build a host shared object from C
   source, count and remove directories' files, whether a library is mapped, and a monotonic
   clock. */
#ifndef OFFLOAD_TEST_FILES_H
#define OFFLOAD_TEST_FILES_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Little-endian fields (an ELF header, a kernarg buffer) at any alignment. */
static __attribute__((unused)) uint16_t test_read_u16(const void* p) {
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static __attribute__((unused)) uint32_t test_read_u32(const void* p) {
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static __attribute__((unused)) uint64_t test_read_u64(const void* p) {
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Whether a file whose path holds `name` ("/libLLVM", "libhsa-runtime64") is mapped into this
   process: 1 or 0, -1 when /proc/self/maps cannot be read. */
static __attribute__((unused)) int test_mapped(const char* name) {
    FILE* maps = fopen("/proc/self/maps", "r");
    if (!maps) return -1;
    char line[4096];
    int found = 0;
    while (!found && fgets(line, sizeof line, maps)) found = strstr(line, name) != NULL;
    fclose(maps);
    return found;
}

/* Monotonic nanoseconds, for time bounds and benchmarks. */
static __attribute__((unused)) uint64_t test_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The file's bytes followed by a NUL (so text can be used as a C string); *size is the file's
   length, without the NUL. NULL if it cannot be read. */
static __attribute__((unused)) char* test_read_file(const char* path, size_t* size) {
    FILE* f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char* data = n >= 0 ? (char*)calloc(1, (size_t)n + 1) : NULL;
    if (data && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *size = data ? (size_t)n : 0;
    return data;
}
/* Writes size bytes to path (created or truncated): 1 on success. */
static __attribute__((unused)) int test_write_file(const char* path, const void* data, size_t size) {
    FILE* f = fopen(path, "wb");
    if (!f) return 0;
    int ok = fwrite(data, 1, size, f) == size;
    return fclose(f) == 0 && ok;
}

/* Removes a directory and what it holds: 1 on success. */
static __attribute__((unused)) int test_remove_tree(const char* dir) {
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0;
}

/* The number of entries in dir (hidden ones too), -1 when it cannot be listed. */
static __attribute__((unused)) int test_count_files(const char* dir) {
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
    FILE* p = popen(cmd, "r");
    int n = -1;
    if (p && fscanf(p, "%d", &n) != 1) n = -1;
    if (p) pclose(p);
    return n;
}

/* Compiles C source (which may include "offload.h") into a host shared object with cc and returns
   its bytes, *size set as by test_read_file; NULL when no compiler is at hand or it fails. Leaves
   no files behind. Needs OFFLOAD_TEST_ROOT (the repository root) for the include path. */
static __attribute__((unused)) char* test_build_shared_object(const char* source, size_t* size) {
    char dir[] = "/tmp/offload-test-so-XXXXXX";
    if (!mkdtemp(dir)) return NULL;
    char src[64], so[64], cmd[512];
    snprintf(src, sizeof src, "%s/k.c", dir);
    snprintf(so, sizeof so, "%s/k.so", dir);
    char* image = NULL;
    FILE* f = fopen(src, "w");
    if (f) {
        int written = fputs(source, f) >= 0;
        written = (fclose(f) == 0) && written;
        snprintf(cmd, sizeof cmd, "cc -shared -fPIC -O2 -I%s -o %s %s", OFFLOAD_TEST_ROOT, so, src);
        if (written && system(cmd) == 0) image = test_read_file(so, size);
    }
    remove(src);
    remove(so);
    rmdir(dir);
    return image;
}
#endif
