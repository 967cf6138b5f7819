/* tests/omp/declare_target_link.c — declare target link: the device image holds only a pointer
   to the variable, which libomptarget points at the mapped copy; a function of the device uses
   it through the link.
   // omp-test: stock-fails   LLVM 14's stock x86_64 plugin crashes here (exit 139): it reads the
   device's entries from the image's omp_offloading_entries section, which holds no entry for a
   link variable, so its table is one short and misaligned with the host's. The runner then
   requires ours to pass the program's own checks instead of matching the stock output. */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
#include <stdio.h>

int linked[4];
#pragma omp declare target link(linked)

#pragma omp declare target
static int read_linked(int i) { return linked[i]; }
#pragma omp end declare target

int main(void) {
    int failures = 0;
    for (int i = 0; i < 4; i++) linked[i] = 10 * i;
#pragma omp target map(tofrom : linked)
    {
        linked[0] = 42;
        linked[3] += read_linked(1);
    }
    printf("after tofrom region: %d %d %d %d\n", linked[0], linked[1], linked[2], linked[3]);
    failures += linked[0] != 42 || linked[3] != 40;

#pragma omp target enter data map(to : linked)
    linked[1] = -1; /* the device keeps its copy */
#pragma omp target
    linked[2] = read_linked(1) + 1;
#pragma omp target exit data map(from : linked)
    printf("after enter/exit data: %d %d %d %d\n", linked[0], linked[1], linked[2], linked[3]);
    failures += linked[1] != 10 || linked[2] != 11;

    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
