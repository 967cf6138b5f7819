/* tests/omp/many_regions.c — forty distinct target regions in one program (forty entries in
   one image), each launched many times, and one region launched 2000 times in a loop. */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
#include <stdio.h>

static long results[40];

#define REGION(k)                                                                                                      \
    do {                                                                                                               \
        long v = 0;                                                                                                    \
        _Pragma("omp target map(tofrom: v)") {                                                                         \
            for (int i = 0; i <= k; i++) v += i * (k + 1);                                                             \
        }                                                                                                              \
        results[k] += v;                                                                                               \
    } while (0)

static void all_regions(void) {
    REGION(0);
    REGION(1);
    REGION(2);
    REGION(3);
    REGION(4);
    REGION(5);
    REGION(6);
    REGION(7);
    REGION(8);
    REGION(9);
    REGION(10);
    REGION(11);
    REGION(12);
    REGION(13);
    REGION(14);
    REGION(15);
    REGION(16);
    REGION(17);
    REGION(18);
    REGION(19);
    REGION(20);
    REGION(21);
    REGION(22);
    REGION(23);
    REGION(24);
    REGION(25);
    REGION(26);
    REGION(27);
    REGION(28);
    REGION(29);
    REGION(30);
    REGION(31);
    REGION(32);
    REGION(33);
    REGION(34);
    REGION(35);
    REGION(36);
    REGION(37);
    REGION(38);
    REGION(39);
}

int main(void) {
    for (int rep = 0; rep < 5; rep++) all_regions();
    long total = 0;
    int failures = 0;
    for (int k = 0; k < 40; k++) {
        long expect = 5L * (k + 1) * k * (k + 1) / 2;
        failures += results[k] != expect;
        total += results[k];
    }
    long count = 0;
    for (int i = 0; i < 2000; i++) {
#pragma omp target map(tofrom : count)
        count++;
    }
    printf("40 regions x 5: total=%ld, loop region x 2000: count=%ld\n", total, count);
    failures += count != 2000;
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
