/* tests/sim_control.h — the driver side of a simulated driver (build/sim/cuda_sim.so,
   hsa_sim.so, ...): a test or benchmark opens the library the runtime is pointed at and binds, by
   name, the control functions it exports (cuda_sim_*, hsa_sim_*) or driver entry points it calls
   itself, into the function pointers of its own table. dlopen of the path the runtime also opens
   gives the same instance, so the controls act on the runtime's driver. */
#ifndef OFFLOAD_TEST_SIM_CONTROL_H
#define OFFLOAD_TEST_SIM_CONTROL_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* One symbol to bind: `slot` is the address of a function pointer (or data pointer). */
typedef struct test_sim_symbol {
    const char* name;
    void* slot;
} test_sim_symbol;

#define TEST_SIM_COUNT(symbols) (sizeof(symbols) / sizeof((symbols)[0]))

/* Why the last test_sim_open failed, for a SKIP message. */
static char test__sim_error[512];

static __attribute__((unused)) const char* test_sim_error(void) { return test__sim_error; }

/* Opens the library at `path` and binds every symbol; *library keeps the handle, and once it is
   set the call does nothing (a test program opens its simulator once). 0 when the library or one
   of the symbols is missing: then *library stays NULL, nothing stays open, and test_sim_error()
   says why. */
static __attribute__((unused)) int test_sim_open(void** library, const char* path, const test_sim_symbol* symbols,
                                                 size_t count) {
    if (*library) return 1;
    void* lib = dlopen(path, RTLD_NOW);
    if (!lib) {
        const char* why = dlerror();
        snprintf(test__sim_error, sizeof test__sim_error, "%s", why ? why : path);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        void* address = dlsym(lib, symbols[i].name);
        if (!address) {
            snprintf(test__sim_error, sizeof test__sim_error, "%s lacks %s", path, symbols[i].name);
            dlclose(lib);
            return 0;
        }
        memcpy(symbols[i].slot, &address, sizeof address);
    }
    *library = lib;
    return 1;
}

#endif
