/* tests/test_cudart.c — CUDA programs on offload's CUDA runtime layer (compat/cudart.c), built by
   tools/offload-cuda (compat/cudart.sh builds tests/data/cudart/ into build/tests/cudart/ with
   the CUDA toolkit's headers, and into build/tests/cudart/no-toolkit/ with the ones offload
   ships): each runs on the host device (OFFLOAD_CUDART_DEVICE=host), the second kind also
   without libdevice as on a machine with no NVIDIA software, and checks its results against a C
   reference computed in the program, printing "ok NAME". offload's CUDA headers and the
   toolkit's agree on every value and layout (abi_probe). Then the driver itself: separate
   compilation (-c, then a link; -dc file by file, then the device link, from objects or an
   archive), nvcc's spellings of the options, an unknown option refused, a program built against
   a named CUDA path that does not exist refused with a message, and __managed__ explained.
   `threads` uses the layer from several host threads at once.

   In the ASan and TSan builds the layer is instrumented and the programs are not (their host
   code comes from clang, whose sanitizer runtime is not GCC's): they run with the runtime this
   test was linked with preloaded, so the layer and the core are checked (leaks included under
   ASan; under TSan the programs' own accesses are ignored). */
#define _GNU_SOURCE
#include "test.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define PROGRAMS OFFLOAD_TEST_BUILD "/tests/cudart/"
#define DRIVER OFFLOAD_TEST_BUILD "/tools/offload-cuda"
#define LIBDIR OFFLOAD_TEST_BUILD "/compat"
#define SOURCES OFFLOAD_TEST_ROOT "/tests/data/cudart/"
#define CUDA_SIM OFFLOAD_TEST_BUILD "/sim/cuda_sim.so"
#define IR_KERNELS OFFLOAD_TEST_BUILD "/sim/ir_kernels.so"

/* The sanitizer runtimes this program runs with, as LD_PRELOAD wants them ("" without). */
static const char* sanitizer_preload(void) {
    static char preload[1024];
    const char* symbols[] = {"__asan_init", "__ubsan_handle_add_overflow", "__tsan_init"};
    preload[0] = '\0';
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        Dl_info info;
        void* address = dlsym(RTLD_DEFAULT, symbols[i]);
        if (address && dladdr(address, &info) && info.dli_fname && strstr(info.dli_fname, ".so")) {
            size_t used = strlen(preload);
            snprintf(preload + used, sizeof preload - used, "%s%s", used ? ":" : "", info.dli_fname);
        }
    }
    return preload;
}

/* The environment a CUDA program runs in, as words to put before it: the host device picked, this
   build's layer (the sanitized builds run the plain build's programs, whose RUNPATH names the
   plain layer: compat/cudart.sh), and in the sanitized builds the sanitizer runtimes preloaded
   and the kernels compiled at O0 (TEST_JIT_OPT_LEVEL says why). */
static const char* program_environment(void) {
    static char words[1600];
    const char* preload = sanitizer_preload();
    int tsan = dlsym(RTLD_DEFAULT, "__tsan_init") != NULL;
    snprintf(words, sizeof words, "env OFFLOAD_CUDART_DEVICE=host LD_LIBRARY_PATH=%s%s%s%s%s", LIBDIR,
             preload[0] ? " LD_PRELOAD=" : "", preload,
             tsan ? " TSAN_OPTIONS=ignore_noninstrumented_modules=1:halt_on_error=1" : "",
             TEST_SANITIZED ? " OFFLOAD_JIT_OPT_LEVEL=0" : "");
    return words;
}

/* The same on a machine that never had NVIDIA software: no libdevice either, so the host device
   runs libdevice's math as the C library's. */
static const char* bare_machine_environment(void) {
    static char words[1700];
    snprintf(words, sizeof words, "%s OFFLOAD_JIT_LIBDEVICE=none", program_environment());
    return words;
}

/* Runs command through the shell, its output into out. Returns its exit status (or -1). */
static int run_command(const char* command, char* out, size_t capacity) {
    char line[4096];
    snprintf(line, sizeof line, "%s 2>&1", command);
    FILE* pipe = popen(line, "r");
    if (!pipe) return -1;
    size_t used = 0, n;
    while (used + 1 < capacity && (n = fread(out + used, 1, capacity - 1 - used, pipe)) > 0) used += n;
    out[used] = '\0';
    char drain[256];
    while (fread(drain, 1, sizeof drain, pipe) > 0) {
    }
    int status = pclose(pipe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int exists(const char* path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* Runs build/tests/cudart/NAME, built with the CUDA toolkit's headers, and
   build/tests/cudart/no-toolkit/NAME, built with offload's alone and run without libdevice:
   exit 0 and the "ok REPORTED" line from each (a program built twice reports one name). The
   first is missing only where no toolkit is installed, the second only without clang or for a
   program that needs the toolkit (CUB, Thrust). With printed non-NULL, the output also holds it. */
static void run_build_printing(const char* name, const char* reported, const char* more_environment,
                               const char* printed) {
    char with_toolkit[2048], without[2048];
    snprintf(with_toolkit, sizeof with_toolkit, "%s %s", program_environment(), more_environment);
    snprintf(without, sizeof without, "%s %s", bare_machine_environment(), more_environment);
    const struct {
        const char *dir, *environment, *missing;
    } builds[] = {
        {PROGRAMS, with_toolkit, "no CUDA toolkit"},
        {PROGRAMS "no-toolkit/", without, "no clang, or it needs the toolkit"},
    };
    int ran = 0;
    for (size_t b = 0; b < sizeof builds / sizeof builds[0]; b++) {
        char path[512], command[2048], output[1 << 16], expected[128];
        snprintf(path, sizeof path, "%s%s", builds[b].dir, name);
        if (!exists(path)) {
            fprintf(stderr, "  %s is not built (%s?)\n", path, builds[b].missing);
            continue;
        }
        snprintf(command, sizeof command, "%s %s", builds[b].environment, path);
        int status = run_command(command, output, sizeof output);
        snprintf(expected, sizeof expected, "ok %s\n", reported);
        int printed_too = !printed || strstr(output, printed);
        if (status != 0 || !strstr(output, expected) || !printed_too)
            fprintf(stderr, "  %s exited %d:\n%s\n", path, status, output);
        CHECK(status == 0);
        CHECK(strstr(output, expected) != NULL);
        CHECK(printed_too);
        ran++;
    }
    if (!ran) SKIP("%s is built neither way here (compat/cudart.sh: a build without the layer, or no clang)", name);
}

static void run_program_printing(const char* name, const char* more_environment, const char* printed) {
    run_build_printing(name, name, more_environment, printed);
}

static void run_program_with(const char* name, const char* more_environment) {
    run_program_printing(name, more_environment, NULL);
}

static void run_program(const char* name) { run_program_with(name, ""); }

/* The programs run on this build's layer (the sanitized builds' is instrumented; their programs
   are the plain build's), as the dynamic loader resolves it in program_environment. */
static void test_programs_load_this_builds_layer(void) {
    char command[2048], output[1 << 14];
    const char* program = exists(PROGRAMS "basics") ? PROGRAMS "basics" : PROGRAMS "no-toolkit/basics";
    if (!exists(program)) SKIP("the CUDA test programs are not built here (a build without the layer, or no clang)");
    snprintf(command, sizeof command, "%s LD_TRACE_LOADED_OBJECTS=1 %s", program_environment(), program);
    CHECK(run_command(command, output, sizeof output) == 0);
    CHECK(strstr(output, "liboffload-cudart.so => " LIBDIR "/liboffload-cudart.so") != NULL);
}

static void test_basics(void) { run_program("basics"); }
static void test_streams(void) { run_program("streams"); }
static void test_symbols(void) { run_program("symbols"); }
static void test_reduction(void) { run_program("reduction"); }
static void test_errors(void) { run_program("errors"); }
static void test_rdc(void) { run_program("rdc"); }
static void test_threads(void) { run_program("threads"); }
static void test_device_api(void) { run_program("device_api"); }
/* the seeded uninitialised read; the check's report reaches stderr without being asked for */
static void test_initcheck(void) { run_program_printing("initcheck", "", "its byte 252 was never written"); }
static void test_cooperative_groups(void) { run_program("cooperative_groups"); }
/* votes and shuffles over part of a warp (a look-back loop that lanes leave, the halves of a
   warp on their own masks); a mask naming lanes that wait at the block's barrier fails its
   launch, and synccheck names the lanes */
static void test_warp_masks(void) {
    run_program("warp_masks");
    run_program_printing("warp_masks", "OFFLOAD_HOST_CHECK=memcheck,racecheck,synccheck,initcheck",
                         "threads 0-15 wait at warp barrier");
}
static void test_cub_primitives(void) { run_program("cub_primitives"); } /* with the toolkit only */
static void test_half(void) { run_program("half"); }                     /* with the toolkit only */
/* with the toolkit only, built for sm_70 and for sm_80 (whose min, max and relu are PTX too) */
static void test_half_functions(void) {
    run_program("half_functions");
    run_build_printing("half_functions_80", "half_functions", "", NULL);
}
/* with the toolkit only, built for sm_80 and for sm_90 (whose conversions are PTX too) */
static void test_bfloat16(void) {
    run_program("bfloat16");
    run_build_printing("bfloat16_90", "bfloat16", "", NULL);
}

/* A device-side assert: cudaErrorAssert, sticky until cudaDeviceReset, and CUDA's message on
   stderr, naming the thread that failed it. */
static void test_assert(void) {
    run_program_printing("assert", "", "block: [1,0,0], thread: [6,0,0] Assertion `v[i] >= 0` failed.");
}

/* The correct programs under memcheck and initcheck: no report (device memory is written by
   cudaMemcpy and cudaMemset, which initcheck follows). */
static void test_programs_under_checks(void) {
    if (!exists(PROGRAMS "basics") && !exists(PROGRAMS "no-toolkit/basics"))
        SKIP("the CUDA test programs are not built here (compat/cudart.sh: a build without the layer, or no clang)");
    const char* names[] = {"basics", "streams", "symbols", "reduction", "rdc", "device_api"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        run_program_with(names[i], "OFFLOAD_HOST_CHECK=memcheck,initcheck");
    /* a program whose blocks share memory through barriers and warps, under all four */
    run_program_with("cooperative_groups", "OFFLOAD_HOST_CHECK=memcheck,racecheck,synccheck,initcheck");
    /* atomicAdd on halves (a compare-and-swap loop) from every thread at once: no race reported */
    run_program_with("half", "OFFLOAD_HOST_CHECK=memcheck,racecheck,synccheck,initcheck");
}

/* The programs on the simulated CUDA device, unchanged: the layer's GPU path (the IR compiled to
   PTX, the module loaded, the driver's launches with its parameter layout, its streams, events,
   copies and variables), with the kernels the simulated driver runs made from each program's own
   device code (tests/sim/ir_kernels.c, given a copy of the program's .nv_fatbin section); a kernel
   that traps or asserts there fails as on a GPU, with the driver's sticky error (`errors`,
   `assert`). Not `initcheck`: the checks are the host device's. */
static void test_programs_on_the_simulated_cuda_device(void) {
    if (!exists(CUDA_SIM) || !exists(IR_KERNELS) || !exists(OFFLOAD_TEST_BUILD "/liboffload.so"))
        SKIP("the simulated driver, its kernel provider or liboffload.so is not built here (a sanitized build)");
    /* half (with the toolkit only): cuda_fp16.h's inline PTX through the GPU path */
    const char* names[] = {"basics",     "streams", "symbols", "reduction",          "rdc", "threads",
                           "device_api", "errors",  "assert",  "cooperative_groups", "half"};
    const char* preload = sanitizer_preload();
    int ran = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char program[512], image[600], command[4096], output[1 << 16], expected[128];
        snprintf(program, sizeof program, "%s%s", PROGRAMS, names[i]);
        if (!exists(program)) continue;
        snprintf(image, sizeof image, "%s.sim-ir", program);
        snprintf(command, sizeof command, "objcopy -O binary --only-section=.nv_fatbin %s %s", program, image);
        REQUIRE(run_command(command, output, sizeof output) == 0);
        snprintf(command, sizeof command,
                 "env OFFLOAD_CUDA_LIBRARY=%s CUDA_SIM_KERNELS=%s CUDA_SIM_KERNELS_IR=%s%s%s %s", CUDA_SIM, IR_KERNELS,
                 image, preload[0] ? " LD_PRELOAD=" : "", preload, program);
        int status = run_command(command, output, sizeof output);
        snprintf(expected, sizeof expected, "ok %s\n", names[i]);
        if (status != 0 || !strstr(output, expected)) fprintf(stderr, "  %s exited %d:\n%s\n", program, status, output);
        CHECK(status == 0);
        CHECK(strstr(output, expected) != NULL);
        if (strcmp(names[i], "assert") == 0) /* the assertion's message, as the device runtime prints it */
            CHECK(strstr(output, "block: [1,0,0], thread: [6,0,0] Assertion `v[i] >= 0` failed.") != NULL);
        if (i == 0) { /* basics: its kernel's printf, and without the provider, no kernel at all */
            CHECK(strstr(output, "device says 42\n") != NULL);
            snprintf(command, sizeof command, "env OFFLOAD_CUDA_LIBRARY=%s OFFLOAD_CUDART_VERBOSE=1 %s", CUDA_SIM,
                     program);
            CHECK(run_command(command, output, sizeof output) != 0);
            CHECK(strstr(output, "cuLaunchKernel failed: CUDA_ERROR_NOT_FOUND") != NULL);
        }
        ran++;
    }
    if (!ran) SKIP("the CUDA test programs are not built with the toolkit's headers here");
}

/* offload's cuda_runtime_api.h and the toolkit's agree on every value and layout the layer and a
   program share: the probe built against each prints the same lines. */
static void test_headers_match_the_toolkit(void) {
    if (!exists(PROGRAMS "abi_probe_toolkit")) SKIP("no CUDA toolkit to compare offload's CUDA headers with");
    static char ours[1 << 16], theirs[1 << 16];
    REQUIRE(run_command(PROGRAMS "abi_probe", ours, sizeof ours) == 0);
    REQUIRE(run_command(PROGRAMS "abi_probe_toolkit", theirs, sizeof theirs) == 0);
    CHECK(strstr(ours, "struct cudaDeviceProp size ") != NULL && strstr(ours, "cudaErrorNotSupported 801\n"));
    const char *a = ours, *b = theirs;
    int lines = 0;
    while (*a || *b) {
        size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
        if (la != lb || memcmp(a, b, la) != 0) {
            fprintf(stderr, "  offload: %.*s\n  toolkit: %.*s\n", (int)la, a, (int)lb, b);
            CHECK(!"the headers differ");
            break;
        }
        a += la + (a[la] == '\n'), b += lb + (b[lb] == '\n'), lines++;
    }
    CHECK(lines > 100);
}

/* device printf reaches the program's standard output */
static void test_printf(void) {
    char command[2048], output[1 << 16];
    if (!exists(PROGRAMS "basics")) SKIP("the CUDA test programs are not built");
    snprintf(command, sizeof command, "%s %sbasics", program_environment(), PROGRAMS);
    CHECK(run_command(command, output, sizeof output) == 0);
    CHECK(strstr(output, "device says 42\n") != NULL);
}

/* -c then a link; nvcc's spellings (--gpu-architecture, -Xcompiler, -lineinfo, -G with its
   note, --use_fast_math, -x cu on a file named .cpp) */
static void test_driver_options(void) {
    if (!exists(DRIVER) || !exists(PROGRAMS "basics")) SKIP("offload-cuda or the layer is not built");
    char dir[] = "/tmp/offload-cuda-test-XXXXXX";
    REQUIRE(mkdtemp(dir));
    char command[4096], output[1 << 16];
    snprintf(command, sizeof command,
             "cd %s && bash %s --offload-libdir=%s -c --gpu-architecture=sm_80 -Xcompiler -Wall,-Wno-unused "
             "-lineinfo -G -std=c++17 -DUNUSED_DEFINE=1 -I %s %sreduction.cu -o reduction.o",
             dir, DRIVER, LIBDIR, SOURCES, SOURCES);
    CHECK(run_command(command, output, sizeof output) == 0);
    CHECK(strstr(output, "-G (device debugging) is not supported") != NULL);
    snprintf(command, sizeof command, "cd %s && bash %s --offload-libdir=%s reduction.o -o reduction && %s ./reduction",
             dir, DRIVER, LIBDIR, program_environment());
    int status = run_command(command, output, sizeof output);
    if (status) fprintf(stderr, "%s\n", output);
    CHECK(status == 0 && strstr(output, "ok reduction\n"));
    snprintf(command, sizeof command,
             "cd %s && cp %ssymbols.cu symbols.cpp && cp %scheck.h . && bash %s --offload-libdir=%s -O1 "
             "--use_fast_math -arch sm_70 -x cu symbols.cpp -o symbols && %s ./symbols",
             dir, SOURCES, SOURCES, DRIVER, LIBDIR, program_environment());
    status = run_command(command, output, sizeof output);
    if (status) fprintf(stderr, "%s\n", output);
    CHECK(status == 0 && strstr(output, "ok symbols\n"));
    snprintf(command, sizeof command, "cd %s && rm -f reduction.o reduction symbols.cpp symbols check.h && rmdir %s",
             dir, dir);
    CHECK(run_command(command, output, sizeof output) == 0);
}

/* Separate compilation, as Makefiles do it with nvcc: each .cu file of the rdc program with -dc,
   then a link of the objects (and again with them in an archive), which does the device link;
   linked by a plain linker instead, the kernels fail to load with a message saying why. */
static void test_driver_separate_compilation(void) {
    if (!exists(DRIVER) || !exists(PROGRAMS "rdc")) SKIP("offload-cuda or the layer is not built");
    char dir[] = "/tmp/offload-cuda-dc-XXXXXX";
    REQUIRE(mkdtemp(dir));
    char command[4096], output[1 << 16];
    snprintf(command, sizeof command,
             "cd %s && bash %s --offload-libdir=%s -dc %srdc/kernels.cu -o kernels.o && "
             "bash %s --offload-libdir=%s -dc %srdc/util.cu && bash %s --offload-libdir=%s -c %srdc/main.c && "
             "bash %s --offload-libdir=%s main.o kernels.o util.o -o separate && %s ./separate",
             dir, DRIVER, LIBDIR, SOURCES, DRIVER, LIBDIR, SOURCES, DRIVER, LIBDIR, SOURCES, DRIVER, LIBDIR,
             program_environment());
    int status = run_command(command, output, sizeof output);
    if (status) fprintf(stderr, "%s\n", output);
    CHECK(status == 0 && strstr(output, "ok rdc\n"));
    snprintf(command, sizeof command,
             "cd %s && ar rcs librdc.a kernels.o util.o && bash %s --offload-libdir=%s main.o librdc.a -o archived && "
             "%s ./archived",
             dir, DRIVER, LIBDIR, program_environment());
    status = run_command(command, output, sizeof output);
    if (status) fprintf(stderr, "%s\n", output);
    CHECK(status == 0 && strstr(output, "ok rdc\n"));
    /* the objects are left as they were: linked again, they link again */
    snprintf(command, sizeof command,
             "cd %s && bash %s --offload-libdir=%s kernels.o util.o main.o -o again && %s ./again", dir, DRIVER, LIBDIR,
             program_environment());
    status = run_command(command, output, sizeof output);
    CHECK(status == 0 && strstr(output, "ok rdc\n"));
    snprintf(command, sizeof command,
             "cd %s && cc main.o kernels.o util.o %s/liboffload-cudart.so -Wl,-rpath,%s -lstdc++ -o unlinked && "
             "%s OFFLOAD_CUDART_VERBOSE=1 ./unlinked",
             dir, LIBDIR, LIBDIR, program_environment());
    CHECK(run_command(command, output, sizeof output) != 0);
    CHECK(strstr(output, "compiled for a device link (-rdc, -dc) that did not happen") != NULL);
    snprintf(command, sizeof command, "rm -rf %s", dir);
    CHECK(run_command(command, output, sizeof output) == 0);
}

static void test_driver_refusals(void) {
    if (!exists(DRIVER)) SKIP("offload-cuda is not built");
    char command[2048], output[4096];
    snprintf(command, sizeof command, "bash %s --no-such-option %sbasics.cu -o /dev/null", DRIVER, SOURCES);
    CHECK(run_command(command, output, sizeof output) != 0);
    CHECK(strstr(output, "unknown option --no-such-option") != NULL);
    /* a toolkit the user names must be there (without one named, the headers offload ships do) */
    snprintf(command, sizeof command, "bash %s --cuda-path=/nonexistent/cuda %sbasics.cu -o /dev/null", DRIVER,
             SOURCES);
    CHECK(run_command(command, output, sizeof output) != 0);
    CHECK(strstr(output, "/nonexistent/cuda") != NULL);
    snprintf(command, sizeof command, "env CUDA_PATH=/nonexistent/cuda bash %s %sbasics.cu -o /dev/null", DRIVER,
             SOURCES);
    CHECK(run_command(command, output, sizeof output) != 0);
    CHECK(strstr(output, "/nonexistent/cuda") != NULL);
    snprintf(command, sizeof command,
             "bash %s --no-cuda-toolkit --offload-includedir=/nonexistent/include %sbasics.cu -o /dev/null", DRIVER,
             SOURCES);
    CHECK(run_command(command, output, sizeof output) != 0);
    CHECK(strstr(output, "no offload CUDA headers at /nonexistent/include") != NULL);
    snprintf(command, sizeof command, "bash %s", DRIVER);
    CHECK(run_command(command, output, sizeof output) != 0);
    CHECK(strstr(output, "no input files") != NULL);
    /* a kernel using a __managed__ variable: clang's error, and why */
    char dir[] = "/tmp/offload-cuda-managed-XXXXXX";
    REQUIRE(mkdtemp(dir));
    snprintf(command, sizeof command,
             "cd %s && printf '__managed__ int total;\n__global__ void add(int v) { total += v; }\n' > managed.cu && "
             "bash %s --offload-libdir=%s -c managed.cu -o managed.o",
             dir, DRIVER, LIBDIR);
    CHECK(run_command(command, output, sizeof output) != 0);
    CHECK(strstr(output, "__managed__ variables are not supported") != NULL);
    snprintf(command, sizeof command, "rm -rf %s", dir);
    CHECK(run_command(command, output, sizeof output) == 0);
}

/* ---- The layer on the simulated CUDA device, in this process ------------------------------------
   The simulator runs a host function registered under the kernel's name instead of PTX, so this
   test drives the registration ABI itself, as clang's host code would, with a PTX module whose
   parameters need every kind of padding: the layer packs the arguments with the layout the
   driver gives (cuFuncGetParamInfo), and the host function sees the exact bytes. */

typedef struct dim3_abi {
    unsigned x, y, z;
} dim3_abi; /* CUDA's dim3 */

typedef struct fatbin_wrapper {
    int magic, version;
    const void* data;
    void* unused;
} fatbin_wrapper;

typedef struct sim_launch {
    unsigned char args[64];
    size_t args_size;
    unsigned grid[3], block[3];
    int calls;
} sim_launch;

static void sim_scale(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                      size_t shared_bytes, void* user_data) {
    (void)shared_bytes;
    sim_launch* l = (sim_launch*)user_data;
    l->args_size = args_size;
    memcpy(l->args, args, args_size < sizeof l->args ? args_size : sizeof l->args);
    memcpy(l->grid, grid, sizeof l->grid);
    memcpy(l->block, block, sizeof l->block);
    l->calls++;
}

/* what a symbol of the library at `library` is, as a function pointer of the given type */
#define BIND(library, type, name) type name##_fn = (type)bind(library, #name)
static void (*bind(void* library, const char* name))(void) {
    void* address = dlsym(library, name);
    void (*fn)(void) = NULL;
    memcpy(&fn, &address, sizeof fn);
    return fn;
}

static void test_simulated_cuda_device(void) {
    if (!exists(LIBDIR "/liboffload-cudart.so") || !exists(CUDA_SIM))
        SKIP("the layer or the simulated driver is not built");
    static const char ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n"
                              ".visible .entry scale(\n"
                              "\t.param .u8 scale_param_0,\n"
                              "\t.param .align 8 .b8 scale_param_1[24],\n"
                              "\t.param .u64 scale_param_2,\n"
                              "\t.param .f32 scale_param_3\n)\n{\n\tret;\n}\n";
    static char image[32 + sizeof ptx];
    snprintf(image, sizeof image, "OFFLOAD_CUDA_IR %015zu\n", sizeof ptx - 1);
    memcpy(image + 32, ptx, sizeof ptx);
    static const fatbin_wrapper wrapper = {0x466243b1, 1, image, NULL};
    static const char stub = 0; /* the address clang's host stub would have */

    void* sim = dlopen(CUDA_SIM, RTLD_NOW);
    REQUIRE(sim);
    setenv("OFFLOAD_CUDA_LIBRARY", CUDA_SIM, 1);
    unsetenv("OFFLOAD_CUDART_DEVICE");
    void* layer = dlopen(LIBDIR "/liboffload-cudart.so", RTLD_NOW | RTLD_LOCAL);
    REQUIRE(layer);
    typedef void (*sim_kernel)(const void*, size_t, const unsigned*, const unsigned*, size_t, void*);
    typedef int (*register_kernel)(const char*, sim_kernel, void*);
    typedef void** (*register_fatbin)(const void*);
    typedef void (*unregister_fatbin)(void**);
    typedef void (*register_function)(void**, const char*, const char*, const char*, int, void*, void*, void*, void*,
                                      int*);
    typedef int (*launch_kernel)(const void*, dim3_abi, dim3_abi, void**, size_t, void*);
    typedef int (*no_arguments)(void);
    typedef int (*count_devices)(int*);
    typedef int (*allocate)(void**, size_t);
    typedef int (*release)(void*);
    typedef int (*copy)(void*, const void*, size_t, int);
    BIND(sim, register_kernel, cuda_sim_register_kernel);
    BIND(layer, register_fatbin, __cudaRegisterFatBinary);
    BIND(layer, unregister_fatbin, __cudaUnregisterFatBinary);
    BIND(layer, register_function, __cudaRegisterFunction);
    BIND(layer, launch_kernel, cudaLaunchKernel);
    BIND(layer, no_arguments, cudaDeviceSynchronize);
    BIND(layer, count_devices, cudaGetDeviceCount);
    BIND(layer, allocate, cudaMalloc);
    BIND(layer, release, cudaFree);
    BIND(layer, copy, cudaMemcpy);
    REQUIRE(cuda_sim_register_kernel_fn && __cudaRegisterFatBinary_fn && __cudaUnregisterFatBinary_fn &&
            __cudaRegisterFunction_fn && cudaLaunchKernel_fn && cudaDeviceSynchronize_fn && cudaGetDeviceCount_fn &&
            cudaMalloc_fn && cudaFree_fn && cudaMemcpy_fn);

    sim_launch launch;
    memset(&launch, 0, sizeof launch);
    CHECK(cuda_sim_register_kernel_fn("scale", sim_scale, &launch) == 1);
    void** handle = __cudaRegisterFatBinary_fn(&wrapper);
    REQUIRE(handle);
    __cudaRegisterFunction_fn(handle, &stub, "scale", "scale", -1, NULL, NULL, NULL, NULL, NULL);
    int count = 0;
    CHECK(cudaGetDeviceCount_fn(&count) == 0 && count == 1); /* the simulated GPU; the host is not listed */

    unsigned char c = 7;
    struct {
        double a;
        int32_t b;
        double d;
    } by_value = {1.5, -3, 0.25};
    uint64_t word = 0x1122334455667788ull;
    float f = 2.5f;
    void* args[] = {&c, &by_value, &word, &f};
    CHECK(cudaLaunchKernel_fn(&stub, (dim3_abi){2, 1, 1}, (dim3_abi){32, 1, 1}, args, 0, NULL) == 0);
    CHECK(cudaDeviceSynchronize_fn() == 0);
    CHECK(launch.calls == 1 && launch.args_size == 44);
    CHECK(launch.args[0] == 7);
    CHECK(memcmp(launch.args + 8, &by_value, sizeof by_value) == 0);
    CHECK(memcmp(launch.args + 32, &word, sizeof word) == 0);
    CHECK(memcmp(launch.args + 40, &f, sizeof f) == 0);
    CHECK(launch.grid[0] == 2 && launch.block[0] == 32);

    /* device memory of the simulated GPU, both ways */
    int in[64], out[64];
    for (int i = 0; i < 64; i++) in[i] = i * i, out[i] = -1;
    void* d = NULL;
    CHECK(cudaMalloc_fn(&d, sizeof in) == 0);
    CHECK(cudaMemcpy_fn(d, in, sizeof in, 1 /* cudaMemcpyHostToDevice */) == 0);
    CHECK(cudaMemcpy_fn(out, d, sizeof out, 2 /* cudaMemcpyDeviceToHost */) == 0);
    CHECK(memcmp(in, out, sizeof in) == 0);
    CHECK(cudaMemcpy_fn(d, in, sizeof in + 4, 1) == 1 /* cudaErrorInvalidValue: past the allocation */);
    CHECK(cudaFree_fn(d) == 0);

    __cudaUnregisterFatBinary_fn(handle); /* the last module: the layer's state goes */
    dlclose(layer);
    dlclose(sim);
    unsetenv("OFFLOAD_CUDA_LIBRARY");
}

int main(void) {
    RUN(test_programs_load_this_builds_layer);
    RUN(test_basics);
    RUN(test_streams);
    RUN(test_symbols);
    RUN(test_reduction);
    RUN(test_errors);
    RUN(test_rdc);
    RUN(test_threads);
    RUN(test_device_api);
    RUN(test_initcheck);
    RUN(test_cooperative_groups);
    RUN(test_warp_masks);
    RUN(test_cub_primitives);
    RUN(test_half);
    RUN(test_half_functions);
    RUN(test_bfloat16);
    RUN(test_assert);
    RUN(test_programs_under_checks);
    RUN(test_programs_on_the_simulated_cuda_device);
    RUN(test_headers_match_the_toolkit);
    RUN(test_printf);
    RUN(test_driver_options);
    RUN(test_driver_separate_compilation);
    RUN(test_driver_refusals);
    RUN(test_simulated_cuda_device);
    return test_summary();
}
