/* tests/read_file.h — reads a whole file (images, IR, PTX) for the tests, benchmarks and the
   GPU checks. */
#ifndef OFFLOAD_TEST_READ_FILE_H
#define OFFLOAD_TEST_READ_FILE_H
#include <stdio.h>
#include <stdlib.h>

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
#endif
