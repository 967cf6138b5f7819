/* bench/startup_omp.c — an OpenMP program as a validation suite's test is: start, run one target
   region, check, exit. bench/startup.sh runs it on LLVM 14's stock x86_64 plugin and on the
   runtime's (LD_LIBRARY_PATH). Exits 0 when the region ran. */
#include <stdio.h>

int main(void) {
    int x = 0;
#pragma omp target map(tofrom : x)
    x = 42;
    return x == 42 ? 0 : 1;
}
