/* tests/test_conformance.c — the conformance suite: every test of tests/conformance/, written once
   against offload.h, run on every device fixture and reported per device ("host/launch_3d",
   "cuda-sim/launch_3d", ...).

     test_conformance                      host, cuda-sim, hsa-sim and host-ir
     test_conformance --device cuda [...]  only the named devices (repeatable): host, cuda-sim,
                                           hsa-sim, host-ir, remote, remote-cuda-sim and
                                           remote-hsa-sim (under mpirun), and the real drivers
                                           cuda and amdgpu
     test_conformance ... NAME             only the tests whose name is NAME

   A real device kind without a device is a skip with its reason; when nothing else ran the exit
   status is then 77 (tests/gpu/run.sh's "no GPU"). The conformance sources are included here so
   that the program is one translation unit that links the implementation like any user. */
#define TEST_OWN_ARGUMENTS /* --device and a test name, read by main below */
#include "test.h"

#include "conformance/kernels_host.inc"
#include "conformance/fixture.inc"
#include "conformance/memory.inc"
#include "conformance/queues.inc"
#include "conformance/programs.inc"
#include "conformance/launch.inc"
#include "conformance/handles.inc"

#include <unistd.h>

typedef struct conf_test {
    const char* name;
    void (*fn)(conf_fixture* fx);
} conf_test;

static const conf_test conf_tests[] = {
    {"mem_kinds", conf_mem_kinds_test},
    {"mem_alloc_errors", conf_mem_alloc_errors},
    {"copy_sync", conf_copy_sync},
    {"copy_async", conf_copy_async},
    {"copy_errors", conf_copy_errors},
    {"fills", conf_fills},
    {"queue_order", conf_queue_order},
    {"events_across_queues", conf_events_across_queues},
    {"host_callbacks", conf_host_callbacks},
    {"launch_args_copied", conf_launch_args_copied},
    {"many_waiters", conf_many_waiters},
    {"event_recorded_twice", conf_event_recorded_twice},
    {"slow_last_callback", conf_slow_last_callback},
    {"copy_after_writer", conf_copy_after_writer},
    {"kernels_lookup", conf_kernels_lookup},
    {"globals", conf_globals},
    {"kernel_sees_globals", conf_kernel_sees_globals},
    {"program_errors", conf_program_errors},
    {"launch_1d", conf_launch_1d},
    {"launch_2d", conf_launch_2d},
    {"launch_3d", conf_launch_3d},
    {"launch_zero_dims", conf_launch_zero_dims},
    {"launch_shared_memory", conf_launch_shared_memory},
    {"launch_barriers", conf_launch_barriers},
    {"launch_barrier_2d", conf_launch_barrier_2d},
    {"launch_args", conf_launch_args},
    {"launch_limits", conf_launch_limits},
    {"stale_queue_event", conf_stale_queue_event},
    {"stale_program_kernel", conf_stale_program_kernel},
    {"stale_memory", conf_stale_memory},
    {"bad_arguments", conf_bad_arguments},
};

/* RUN of test.h, with the name built at run time: "<device>/<test>". */
static void conf_run(conf_fixture* fx, const conf_test* t) {
    char name[128];
    snprintf(name, sizeof name, "%s/%s", fx->name, t->name);
    test__state.current = name;
    test__state.current_failed = 0;
    test__state.current_skipped = 0;
    t->fn(fx);
    if (test__state.current_failed) {
        test__state.failed++;
        fprintf(stderr, "FAILED  %s\n", name);
    } else if (test__state.current_skipped) {
        test__state.skipped++;
    } else {
        test__state.passed++;
        fprintf(stderr, "ok      %s\n", name);
    }
    test__state.current = NULL;
}

/* Runs the selected tests on one device kind. Returns 1 when the kind has no device here. */
static int conf_run_device(const conf_device_kind* kind, const char* only) {
    conf_fixture fx;
    void* sim_library = NULL;
    char why[512] = "";
    conf_open_status status = conf_fixture_open(kind, &fx, &sim_library, why, sizeof why);
    if (status == CONF_OPEN_NO_DEVICE) {
        fprintf(stderr, "  SKIP %s: %s\n", kind->name, why);
        test__state.skipped++;
        return 1;
    }
    if (status == CONF_OPEN_FAILED) {
        fprintf(stderr, "  FAIL %s: %s\n", kind->name, why);
        fprintf(stderr, "FAILED  %s/open\n", kind->name);
        test__state.failed++;
        return 0;
    }
    for (size_t i = 0; i < sizeof conf_tests / sizeof conf_tests[0]; i++)
        if (!only || strcmp(only, conf_tests[i].name) == 0) conf_run(&fx, &conf_tests[i]);
    conf_fixture_close(&fx, &sim_library);
    return 0;
}

static int conf_usage(const char* argv0) {
    fprintf(stderr,
            "usage: %s [--device host|cuda-sim|hsa-sim|host-ir|remote|remote-cuda-sim|remote-hsa-sim|cuda|amdgpu]... "
            "[TEST]\n",
            argv0);
    return 2;
}

int main(int argc, char** argv) {
    const conf_device_kind* chosen[CONF_DEVICE_KIND_COUNT];
    int chosen_count = 0;
    const char* only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--device") == 0 && i + 1 < argc) {
            const char* name = argv[++i];
            int found = 0;
            for (int k = 0; k < CONF_DEVICE_KIND_COUNT && !found; k++)
                if (strcmp(conf_device_kinds[k].name, name) == 0 && chosen_count < CONF_DEVICE_KIND_COUNT) {
                    chosen[chosen_count++] = &conf_device_kinds[k];
                    found = 1;
                }
            if (!found) return conf_usage(argv[0]);
        } else if (argv[i][0] != '-' && !only) {
            only = argv[i];
        } else {
            return conf_usage(argv[0]);
        }
    }
    if (only) {
        int known = 0;
        for (size_t i = 0; i < sizeof conf_tests / sizeof conf_tests[0]; i++)
            known |= strcmp(only, conf_tests[i].name) == 0;
        if (!known) {
            fprintf(stderr, "no test named %s\n", only);
            return 2;
        }
    }
    if (chosen_count == 0)
        for (int k = 0; k < 4; k++)
            chosen[chosen_count++] = &conf_device_kinds[k]; /* host, cuda-sim, hsa-sim, host-ir */
    /* A hang (a queue that never drains) fails the program in minutes, not at the suite's limit. */
    alarm(300);
    int absent = 0;
    for (int k = 0; k < chosen_count; k++) absent += conf_run_device(chosen[k], only);
    int rc = test_summary();
    if (rc == 0 && absent == chosen_count) return 77;
    return rc;
}
