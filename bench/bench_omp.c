/* bench/bench_omp.c — OpenMP target-region overheads, the same binary run on either
   libomptarget plugin: compat/omptarget.sh bench runs it with LLVM 14's stock x86_64 plugin and
   with the runtime's (LD_LIBRARY_PATH), alternating processes, and prints the ratios.

   Built with clang-14 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu. Each benchmark runs a
   warm-up round, then ROUNDS rounds of its operations; it prints one line per benchmark,
   `<name> <median nanoseconds per operation>`. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { ROUNDS = 21 };

static int compare_doubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static char buffer[4096];
static volatile int sink;

static void empty_region(int n) {
    for (int i = 0; i < n; i++) {
#pragma omp target
        {}
    }
}

static void firstprivate_region(int n) {
    int value = 7, out = 0;
    for (int i = 0; i < n; i++) {
#pragma omp target firstprivate(value)
        { value++; }
        out += value;
    }
    sink = out;
}

static void map_tofrom_4KiB(int n) {
    for (int i = 0; i < n; i++) {
#pragma omp target map(tofrom : buffer)
        { buffer[0]++; }
    }
}

static void nowait_taskwait(int n) {
    for (int i = 0; i < n; i++) {
#pragma omp target nowait
        {}
#pragma omp taskwait
    }
}

static void measure(const char* name, void (*fn)(int), int iterations) {
    double ns[ROUNDS];
    fn(iterations);
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = omp_get_wtime();
        fn(iterations);
        ns[r] = (omp_get_wtime() - t0) * 1e9 / iterations;
    }
    qsort(ns, ROUNDS, sizeof *ns, compare_doubles);
    printf("%s %.1f\n", name, ns[ROUNDS / 2]);
    fflush(stdout);
}

int main(void) {
    measure("target_empty", empty_region, 5000);
    measure("target_firstprivate", firstprivate_region, 5000);
    measure("target_map_tofrom_4KiB", map_tofrom_4KiB, 5000);
    measure("target_nowait_taskwait", nowait_taskwait, 1000);
    return 0;
}
