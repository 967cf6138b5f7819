/* tests/omp/region_icvs.c — what a target region sees of the encountering thread's OpenMP state:
   the ICVs a program sets (omp_set_num_threads, omp_set_dynamic, omp_set_max_active_levels,
   omp_set_schedule, omp_set_default_device, omp_set_default_allocator) and the nesting it is
   encountered in (levels, active levels, thread numbers, team sizes, threadprivate data), for
   synchronous regions (`nowait` ones: region_icvs_nowait.c). On the host device a region runs
   where the stock plugin runs it, so every line printed is the stock plugin's.
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

static int counter;
#pragma omp threadprivate(counter)

/* The team size of a `target parallel` region and what it reads of its ICVs. */
static void target_parallel(const char* label, int expect_threads) {
    int threads = 0, max_threads = 0, level = -1, active = -1, dynamic = -1, max_levels = -1;
#pragma omp target parallel map(from : threads, max_threads, level, active, dynamic, max_levels)
    {
#pragma omp master
        {
            threads = omp_get_num_threads();
            level = omp_get_level();
            active = omp_get_active_level();
        }
        if (omp_get_thread_num() == 0) {
            /* max_threads is read by thread 0 of the region: the nthreads-var of the next level. */
            max_threads = omp_get_max_threads();
            dynamic = omp_get_dynamic();
            max_levels = omp_get_max_active_levels();
        }
    }
    printf("%s: target parallel threads=%d level=%d active=%d max_threads(inner)=%d dynamic=%d max_active_levels=%d\n",
           label, threads, level, active, max_threads, dynamic, max_levels);
    if (expect_threads) check(threads == expect_threads, label);
}

/* A target region's view of the ICVs, read at its start. */
static void target_icvs(const char* label) {
    int max_threads = 0, dynamic = -1, max_levels = -1, level = -1, active = -1, chunk = -1, device = -1;
    int thread_limit = -1, in_parallel = -1, thread_num = -1, team_size = -1, tp = -1;
    omp_sched_t kind = (omp_sched_t)0;
    omp_allocator_handle_t allocator = omp_null_allocator;
#pragma omp target map(from                                                                                            \
                       : max_threads, dynamic, max_levels, level, active, chunk, device, thread_limit, in_parallel,    \
                         thread_num, team_size, kind, allocator, tp)
    {
        max_threads = omp_get_max_threads();
        dynamic = omp_get_dynamic();
        max_levels = omp_get_max_active_levels();
        level = omp_get_level();
        active = omp_get_active_level();
        omp_get_schedule(&kind, &chunk);
        device = omp_get_default_device();
        thread_limit = omp_get_thread_limit();
        in_parallel = omp_in_parallel();
        thread_num = omp_get_thread_num();
        team_size = omp_get_team_size(omp_get_level());
        allocator = omp_get_default_allocator();
        tp = counter;
    }
    printf("%s: max_threads=%d dynamic=%d max_active_levels=%d level=%d active=%d schedule=%d,%d default_device=%d "
           "thread_limit=%d in_parallel=%d thread_num=%d team_size=%d allocator=%d threadprivate=%d\n",
           label, max_threads, dynamic, max_levels, level, active, (int)kind, chunk, device, thread_limit, in_parallel,
           thread_num, team_size, (int)allocator, tp);
    check(max_threads == omp_get_max_threads(), "max_threads as the encountering thread's");
    check(dynamic == omp_get_dynamic(), "dynamic as the encountering thread's");
    check(max_levels == omp_get_max_active_levels(), "max_active_levels as the encountering thread's");
    check(level == omp_get_level() && active == omp_get_active_level(), "levels as the encountering thread's");
    check(device == omp_get_default_device(), "default device as the encountering thread's");
}

/* Levels inside constructs nested in the region: parallel in parallel, under max-active-levels. */
static void target_nested(const char* label) {
    int levels[4] = {-1, -1, -1, -1}, inner_threads = -1;
#pragma omp target map(from : levels, inner_threads)
    {
#pragma omp parallel num_threads(2)
        {
#pragma omp parallel num_threads(2)
            {
                if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0) {
                    levels[0] = omp_get_level();
                    levels[1] = omp_get_active_level();
                    levels[2] = omp_get_team_size(1);
                    levels[3] = omp_get_team_size(2);
                    inner_threads = omp_get_num_threads();
                }
            }
        }
    }
    printf("%s: nested parallel level=%d active=%d team_size(1)=%d team_size(2)=%d inner threads=%d\n", label,
           levels[0], levels[1], levels[2], levels[3], inner_threads);
}

int main(void) {
    int initial_threads = omp_get_max_threads();

    omp_set_num_threads(1);
    target_parallel("num_threads 1", 1);
    target_icvs("num_threads 1");
    omp_set_num_threads(3);
    target_parallel("num_threads 3", 3);
    target_icvs("num_threads 3");
    omp_set_num_threads(2);

    omp_set_dynamic(1);
    target_icvs("dynamic 1");
    omp_set_dynamic(0);

    omp_set_schedule(omp_sched_dynamic, 7);
    omp_set_default_device(2);
    omp_set_default_allocator(omp_high_bw_mem_alloc);
    target_icvs("schedule dynamic,7 device 2 allocator high_bw");
    omp_set_schedule(omp_sched_static, 0);
    omp_set_default_device(0);
    omp_set_default_allocator(omp_default_mem_alloc);

    omp_set_max_active_levels(1);
    target_nested("max_active_levels 1");
    target_parallel("max_active_levels 1", 2);
    omp_set_max_active_levels(2);
    target_nested("max_active_levels 2");

    counter = 5;
    target_icvs("threadprivate 5");

    /* Encountered inside a parallel region: each thread of the team runs its own region, in
       order, so that the printed lines come out the same on every run. */
    int order = 0;
#pragma omp parallel num_threads(2)
    {
        counter = 10 + omp_get_thread_num();
        for (int t = 0; t < 2; t++) {
#pragma omp barrier
            if (omp_get_thread_num() == t) {
                char label[64];
                snprintf(label, sizeof label, "in parallel, thread %d", t);
                target_icvs(label);
                omp_set_num_threads(1);
                target_parallel(label, 1);
                order++;
            }
        }
    }
    check(order == 2, "both threads ran their regions");
    omp_set_num_threads(initial_threads);

    if (failures) return 1;
    printf("all checks passed\n");
    return 0;
}
