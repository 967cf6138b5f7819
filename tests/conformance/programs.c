/* tests/conformance/programs.c — programs, kernels and globals. */
#include "conformance.h"

#include <string.h>

/* The parameter sizes of kernels.cu (the images say them; a host symbol table does not). */
static const size_t conf_args_sizes[CONF_KERNEL_COUNT] = {
    [CONF_EMPTY] = 0, [CONF_ADD] = 16, [CONF_IDS] = 16, [CONF_SHARED] = 12, [CONF_MIXED] = 52, [CONF_GLOBAL] = 8,
};

static void conf_kernels_lookup(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    for (int k = 0; k < CONF_KERNEL_COUNT; k++) {
        offload_kernel kernel = {0};
        CHECK_OK(ctx, offload_kernel_get(ctx, fx->program, conf_kernel_names[k], &kernel));
        CHECK(kernel.id != 0);
        size_t size = 99;
        CHECK_OK(ctx, offload_kernel_get_args_size(ctx, kernel, &size));
        /* 0 = unknown, which only a host symbol table may answer */
        CHECK(size == conf_args_sizes[k] || (size == 0 && fx->info.backend == OFFLOAD_BACKEND_HOST));
    }
    offload_kernel missing = {123};
    CHECK_RESULT(ctx, offload_kernel_get(ctx, fx->program, "conf_absent", &missing), OFFLOAD_ERROR_NOT_FOUND);
    CHECK(missing.id == 0);
    CHECK_RESULT(ctx, offload_kernel_get(ctx, fx->program, "counter", &missing), OFFLOAD_ERROR_NOT_FOUND); /* a global */
    CHECK_RESULT(ctx, offload_kernel_get(ctx, fx->program, NULL, &missing), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_kernel_get(ctx, fx->program, "conf_add", NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_kernel_get_args_size(ctx, fx->kernels[CONF_ADD], NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
}

/* offload_global_get/read/write on a fresh program: sizes, initial values, offsets, the range
   check, and the "not found" answer. */
static void conf_globals(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    offload_program prog;
    REQUIRE_OK(ctx, conf_program_create(fx, &prog));
    void* counter_at = NULL;
    void* table_at = NULL;
    size_t size = 0;
    CHECK_OK(ctx, offload_global_get(ctx, prog, "counter", &counter_at, &size));
    CHECK(counter_at != NULL && size == 4);
    CHECK_OK(ctx, offload_global_get(ctx, prog, "table", &table_at, &size));
    CHECK(table_at != NULL && size == 16);
    uint32_t value = 0;
    CHECK_OK(ctx, offload_global_read(ctx, prog, "counter", 0, &value, 4));
    CHECK(value == CONF_COUNTER_INITIAL);
    const uint32_t initial[4] = CONF_TABLE_INITIAL;
    uint32_t table[4] = {0};
    CHECK_OK(ctx, offload_global_read(ctx, prog, "table", 0, table, 16));
    CHECK(memcmp(table, initial, 16) == 0);
    uint32_t last = 0;
    CHECK_OK(ctx, offload_global_read(ctx, prog, "table", 12, &last, 4));
    CHECK(last == initial[3]);
    /* The global's address is device memory of the program's device: copies reach it. */
    uint32_t copied = 0;
    CHECK_OK(ctx, offload_memcpy(ctx, fx->host, &copied, fx->device, (char*)table_at + 4, 4));
    CHECK(copied == initial[1]);
    value = 1234;
    CHECK_OK(ctx, offload_global_write(ctx, prog, "table", 4, &value, 4));
    CHECK_OK(ctx, offload_global_read(ctx, prog, "table", 0, table, 16));
    CHECK(table[0] == initial[0] && table[1] == 1234 && table[2] == initial[2] && table[3] == initial[3]);
    CHECK_OK(ctx, offload_global_read(ctx, prog, "table", 16, table, 0)); /* empty range at the end */
    CHECK_RESULT(ctx, offload_global_read(ctx, prog, "table", 12, table, 8), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_global_write(ctx, prog, "table", 17, table, 0), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_global_read(ctx, prog, "counter", SIZE_MAX, table, 2), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_global_write(ctx, prog, "counter", 2, table, 4), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_global_read(ctx, prog, "counter", 0, NULL, 4), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, "absent", &counter_at, &size), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_RESULT(ctx, offload_global_read(ctx, prog, "absent", 0, &value, 4), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_RESULT(ctx, offload_global_write(ctx, prog, "absent", 0, &value, 4), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, "conf_add", &counter_at, &size), OFFLOAD_ERROR_NOT_FOUND); /* a kernel */
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, NULL, &counter_at, &size), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
}

/* A kernel reads and changes the storage offload_global_* reach. */
static void conf_kernel_sees_globals(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    uint32_t value = 41;
    CHECK_OK(ctx, offload_global_write(ctx, fx->program, "counter", 0, &value, 4));
    uint32_t* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 8, (void**)&d));
    conf_global_args args = {d};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, fx->kernels[CONF_GLOBAL],
                                 &(offload_launch_desc){.args = &args, .args_size = sizeof args}));
    uint32_t out[2] = {0};
    CHECK_OK(ctx, offload_memcpy(ctx, fx->host, out, fx->device, d, sizeof out));
    const uint32_t initial[4] = CONF_TABLE_INITIAL;
    CHECK(out[0] == 41 && out[1] == initial[3]);
    CHECK_OK(ctx, offload_global_read(ctx, fx->program, "counter", 0, &value, 4));
    CHECK(value == 141);
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

/* Images the device cannot take are refused with INVALID_IMAGE; missing descs with INVALID_ARGUMENT. */
static void conf_program_errors(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    offload_program prog = {77};
    static const char junk[] = "this is not a device image of any kind";
    CHECK_RESULT(ctx, offload_program_create(ctx, fx->device, &(offload_program_desc){.image = junk, .size = sizeof junk}, &prog),
                 OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK(prog.id == 0);
    CHECK_RESULT(ctx, offload_program_create(ctx, fx->device, NULL, &prog), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_program_create(ctx, fx->device, &(offload_program_desc){0}, &prog), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_program_create(ctx, fx->device, &(offload_program_desc){.image = junk, .size = 0}, &prog),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_program_create(ctx, (offload_device){999}, &(offload_program_desc){.image = junk, .size = sizeof junk}, &prog),
                 OFFLOAD_ERROR_INVALID_HANDLE);
    if (fx->image) {
        CHECK_RESULT(ctx, offload_program_create(ctx, fx->device, &(offload_program_desc){.image = fx->image, .size = fx->image_size}, NULL),
                     OFFLOAD_ERROR_INVALID_ARGUMENT);
        /* A truncated image is caught, not read past. */
        CHECK(offload_program_create(ctx, fx->device, &(offload_program_desc){.image = fx->image, .size = 40}, &prog) != OFFLOAD_SUCCESS);
    }
}
