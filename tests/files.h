/* tests/files.h — file helpers for the tests, benchmarks and GPU checks: read a whole file
   (images, IR, PTX), read little-endian fields of one, build a host shared object from C source,
   and a monotonic clock. */
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
