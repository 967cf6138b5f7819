/* tests/mpi_launch.h — what the tests that start themselves under an MPI launcher share
   (test_remote, test_ol_api): whether the launcher is installed, the environment every launch's
   ranks run with, and the folding of a launched run's closing line into the plain run's counts
   (with test.h's CHECK and REQUIRE). */
#ifndef OFFLOAD_TESTS_MPI_LAUNCH_H
#define OFFLOAD_TESTS_MPI_LAUNCH_H

#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Whether program is an executable on PATH. */
static inline int on_path(const char* program) {
    const char* path = getenv("PATH");
    char candidate[4096];
    while (path && *path) {
        size_t n = strcspn(path, ":");
        snprintf(candidate, sizeof candidate, "%.*s/%s", (int)n, path, program);
        if (access(candidate, X_OK) == 0) return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

/* What every launch's ranks run with, in the sanitized builds: no LeakSanitizer (Open MPI leaves
   thousands of its components' blocks allocated at MPI_Finalize and unloads the components, so
   no frame is left to suppress them by; the runtime's own leaks are checked by the plain run's
   tests), ThreadSanitizer's suppressions for the MPI libraries (tests/tsan_mpi.supp), and UCX
   without its mmap and madvise hooks (MPICH's UCX transport installs them, and ThreadSanitizer's
   threads crash in them when they end; the ranks, on one machine, do not need them). */
#define LAUNCH_ENVIRONMENT                                                                                             \
    "ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" "                                                                   \
    "TSAN_OPTIONS=\"$TSAN_OPTIONS:suppressions=" OFFLOAD_TEST_ROOT                                                     \
    "/tests/tsan_mpi.supp\" UCX_MEM_MMAP_HOOK_MODE=none "

/* Runs command (a launch of this program as rank 0 in `role`) and folds the closing line of
   that run into this one's counts. Commands end with </dev/null: mpirun forwards its input to
   rank 0, and this program's input is not the launch's. */
static inline void fold_launched_run(const char* role, const char* command) {
    FILE* p = popen(command, "r");
    REQUIRE(p != NULL);
    char line[1024];
    int passed = -1, failed = -1, skipped = -1;
    while (fgets(line, sizeof line, p)) {
        fprintf(stderr, "    [%s] %s", role, line);
        sscanf(line, "%d passed, %d failed, %d skipped", &passed, &failed, &skipped);
    }
    int status = pclose(p);
    CHECK(passed > 0);
    CHECK(failed == 0);
    CHECK(skipped == 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

#endif
