/* tests/omp/declare_target.c — declare target variables (exported and static) and functions;
   update to/from of globals; each device has its own instance of the globals. */
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int table[16];
int calls = 0;
static int offset = 100;
static int lookup(int i) { return table[i & 15] + offset; }
int bump(void) { return ++calls; }
#pragma omp end declare target

int main(void) {
    int failures = 0;
    for (int i = 0; i < 16; i++) table[i] = i * i;
#pragma omp target update to(table)
    int r[4];
#pragma omp target map(from : r)
    {
        for (int i = 0; i < 4; i++) r[i] = lookup(i + 1);
        bump();
        bump();
    }
    printf("lookup: %d %d %d %d\n", r[0], r[1], r[2], r[3]);
    failures += r[0] != 101 || r[3] != 116;
    printf("host calls before update: %d\n", calls);
#pragma omp target update from(calls)
    printf("host calls after update: %d\n", calls);
    failures += calls != 2;

    /* The host's copy is separate: a host-side change is not seen until an update. */
    offset = 0;
    int seen = 0;
#pragma omp target map(from : seen)
    seen = offset;
    printf("device offset: %d\n", seen);
    failures += seen != 100;

    int devices = omp_get_num_devices();
    printf("devices: %d\n", devices);
    if (devices > 1) {
        int other = -1;
#pragma omp target device(1) map(from : other)
        {
            bump();
            other = calls;
        }
        printf("device 1 calls (own instance): %d\n", other);
        failures += other != 1;
    }
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
