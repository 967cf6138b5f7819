/* tests/omp/region_icvs_nowait.c — what a `target nowait` region sees of the ICVs its
   encountering task set: the region is a hidden-helper task, which carries the task's ICVs
   whichever thread runs it. Apart from region_icvs.c because LLVM 14's libomp asserts
   (kmp_tasking.cpp:1530, KMP_HIDDEN_HELPER_THREAD) when one process has both a nowait region and
   a region encountered by a worker of a parallel team, with either plugin.
   // omp-test: queues   (also run with OFFLOAD_OMP_QUEUES=1) */
#include <omp.h>
#include <stdio.h>

static int failures;

static void check(int ok, const char* what) {
    if (!ok) {
        printf("FAILED: %s\n", what);
        failures++;
    }
}

static void nowait_region(const char* label, int expect_threads) {
    int threads = 0, max_threads = 0, dynamic = -1, max_levels = -1, device = -1, chunk = -1;
    omp_sched_t kind = (omp_sched_t)0;
#pragma omp target parallel nowait map(from : threads, max_threads, dynamic, max_levels, device, kind, chunk)
    {
#pragma omp master
        {
            threads = omp_get_num_threads();
            max_threads = omp_get_max_threads();
            dynamic = omp_get_dynamic();
            max_levels = omp_get_max_active_levels();
            device = omp_get_default_device();
            omp_get_schedule(&kind, &chunk);
        }
    }
#pragma omp taskwait
    printf("%s: target parallel nowait threads=%d max_threads(inner)=%d dynamic=%d max_active_levels=%d "
           "default_device=%d schedule=%d,%d\n",
           label, threads, max_threads, dynamic, max_levels, device, (int)kind, chunk);
    if (expect_threads) check(threads == expect_threads, label);
}

int main(void) {
    int initial_threads = omp_get_max_threads();
    omp_set_num_threads(1);
    nowait_region("num_threads 1", 1);
    omp_set_num_threads(3);
    /* A hidden-helper thread runs the region inside libomp's helper team: with the default
       max-active-levels of 1 its parallel region is inactive, one thread whatever nthreads-var. */
    nowait_region("num_threads 3", 0);
    omp_set_dynamic(1);
    omp_set_max_active_levels(3);
    omp_set_default_device(1);
    omp_set_schedule(omp_sched_guided, 5);
    omp_set_num_threads(1);
    nowait_region("dynamic 1, max_active_levels 3, device 1, schedule guided,5", 1);
    omp_set_num_threads(initial_threads);

    if (failures) return 1;
    printf("all checks passed\n");
    return 0;
}
