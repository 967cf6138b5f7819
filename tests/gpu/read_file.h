/* tests/gpu/read_file.h — reads a whole file (the PTX) for the GPU test and benchmark. */
#ifndef OFFLOAD_GPU_READ_FILE_H
#define OFFLOAD_GPU_READ_FILE_H
#include <stdio.h>
#include <stdlib.h>

/* The file's bytes plus a terminating NUL; *size counts the NUL. NULL if it cannot be read. */
static char* read_file(const char* path, size_t* size) {
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
    *size = (size_t)n + 1;
    return data;
}
#endif
