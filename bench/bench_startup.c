/* bench/bench_startup.c — what a process pays for starting with the runtime: runs two programs
   alternately, each RUNS times, as fresh processes, and prints the median wall time from spawn
   to exit and the median peak resident set (wait4's ru_maxrss) of each, ours against the peer:

     bench_startup NAME RUNS OURS_LIBRARY_PATH OURS PEER_LIBRARY_PATH PEER

   A *_LIBRARY_PATH other than "-" is put in front of LD_LIBRARY_PATH for that program (how one
   OpenMP binary runs on either libomptarget plugin). A program that exits non-zero stops the
   benchmark: a start-up figure of a program that failed means nothing. Prints
     startup_NAME: ours=<ms>ms peer=<ms>ms ratio=<ours/peer> (+<difference> ms)
     startup_NAME_peak_rss: ours=<MiB>MiB peer=<MiB>MiB ratio=<ours/peer> (+<difference> MiB) */
#define _GNU_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

#include "stats.h"

extern char** environ;

/* The environment of a run: this one, with library_path in front of LD_LIBRARY_PATH. */
static char** environment_with(const char* library_path, char* storage, size_t capacity) {
    if (!strcmp(library_path, "-")) return environ;
    size_t count = 0;
    while (environ[count]) count++;
    char** env = calloc(count + 2, sizeof *env);
    if (!env) return NULL;
    const char* old = getenv("LD_LIBRARY_PATH");
    snprintf(storage, capacity, "LD_LIBRARY_PATH=%s%s%s", library_path, old ? ":" : "", old ? old : "");
    size_t n = 0;
    env[n++] = storage;
    for (size_t i = 0; i < count; i++)
        if (strncmp(environ[i], "LD_LIBRARY_PATH=", 16)) env[n++] = environ[i];
    env[n] = NULL;
    return env;
}

/* One run of program: wall milliseconds and peak resident MiB; 0 when it ran and exited 0. */
static int run_once(const char* program, char** env, double* ms, double* mib) {
    char* argv[] = {(char*)program, NULL};
    pid_t pid;
    double start = now_ms();
    if (posix_spawn(&pid, program, NULL, NULL, argv, env) != 0) return -1;
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) != pid) return -1;
    *ms = now_ms() - start;
    *mib = (double)usage.ru_maxrss / 1024.0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(int argc, char** argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: %s NAME RUNS OURS_LIBRARY_PATH OURS PEER_LIBRARY_PATH PEER\n", argv[0]);
        return 2;
    }
    int runs = atoi(argv[2]);
    if (runs < 1) runs = 1;
    const char* programs[2] = {argv[4], argv[6]};
    char storage[2][8192];
    char** env[2] = {environment_with(argv[3], storage[0], sizeof storage[0]),
                     environment_with(argv[5], storage[1], sizeof storage[1])};
    double* ms[2] = {calloc((size_t)runs, sizeof(double)), calloc((size_t)runs, sizeof(double))};
    double* mib[2] = {calloc((size_t)runs, sizeof(double)), calloc((size_t)runs, sizeof(double))};
    if (!env[0] || !env[1] || !ms[0] || !ms[1] || !mib[0] || !mib[1]) return 1;
    for (int w = 0; w < 2; w++) /* warm-up: the files in the page cache */
        for (int p = 0; p < 2; p++)
            if (run_once(programs[p], env[p], &ms[p][0], &mib[p][0]) != 0) {
                fprintf(stderr, "startup_%s: %s failed\n", argv[1], programs[p]);
                return 1;
            }
    for (int i = 0; i < runs; i++)
        for (int p = 0; p < 2; p++)
            if (run_once(programs[p], env[p], &ms[p][i], &mib[p][i]) != 0) {
                fprintf(stderr, "startup_%s: %s failed\n", argv[1], programs[p]);
                return 1;
            }
    double t[2], r[2];
    for (int p = 0; p < 2; p++) t[p] = median(ms[p], runs), r[p] = median(mib[p], runs);
    printf("startup_%s: ours=%.2fms peer=%.2fms ratio=%.2f (%+.2f ms)\n", argv[1], t[0], t[1], t[0] / t[1],
           t[0] - t[1]);
    printf("startup_%s_peak_rss: ours=%.1fMiB peer=%.1fMiB ratio=%.2f (%+.1f MiB)\n", argv[1], r[0], r[1], r[0] / r[1],
           r[0] - r[1]);
    return 0;
}
