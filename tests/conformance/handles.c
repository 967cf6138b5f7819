/* tests/conformance/handles.c — stale handles (destroyed queues, events, programs, kernels,
   memory) and bad arguments (NULL, another device, zero sizes, out of range). */
#include "conformance.h"

#include <string.h>

static void conf_stale_queue_event(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    offload_queue q, q2;
    offload_event e, e2;
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q));
    REQUIRE_OK(ctx, offload_event_create(ctx, fx->device, &e));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_event_destroy(ctx, e));
    /* The freed slots are taken again: the old handles must not reach the new objects. */
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q2));
    REQUIRE_OK(ctx, offload_event_create(ctx, fx->device, &e2));
    CHECK(q2.id != q.id && e2.id != e.id);
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_queue_query(ctx, q), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_queue_destroy(ctx, q), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_queue_wait_event(ctx, q, e2), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_queue_wait_event(ctx, q2, e), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_event_record(ctx, e2, q), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_event_record(ctx, e, q2), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_event_query(ctx, e), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_event_synchronize(ctx, e), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_event_destroy(ctx, e), OFFLOAD_ERROR_INVALID_HANDLE);
    float ms;
    CHECK_RESULT(ctx, offload_event_elapsed_time(ctx, e, e2, &ms), OFFLOAD_ERROR_INVALID_HANDLE);
    uint32_t x = 0;
    CHECK_RESULT(ctx, offload_memcpy_async(ctx, q, fx->host, &x, fx->host, &x, 4), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_memfill(ctx, q, fx->device, NULL, &x, 4, 0), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_launch(ctx, q, fx->kernels[CONF_EMPTY], &(offload_launch_desc){0}), OFFLOAD_ERROR_INVALID_HANDLE);
    /* The new objects work. */
    CHECK_OK(ctx, offload_event_record(ctx, e2, q2));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q2));
    CHECK_OK(ctx, offload_event_query(ctx, e2));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q2));
    CHECK_OK(ctx, offload_event_destroy(ctx, e2));
    /* The zero handle is never valid. */
    CHECK_RESULT(ctx, offload_queue_query(ctx, (offload_queue){0}), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_event_query(ctx, (offload_event){0}), OFFLOAD_ERROR_INVALID_HANDLE);
}

static void conf_stale_program_kernel(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    offload_program prog;
    REQUIRE_OK(ctx, conf_program_create(fx, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "conf_empty", &k));
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &(offload_launch_desc){0}));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    offload_program prog2;
    REQUIRE_OK(ctx, conf_program_create(fx, &prog2));
    CHECK(prog2.id != prog.id);
    size_t size;
    void* address;
    uint32_t value = 0;
    CHECK_RESULT(ctx, offload_program_destroy(ctx, prog), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_kernel_get(ctx, prog, "conf_empty", &k), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, "counter", &address, &size), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_global_read(ctx, prog, "counter", 0, &value, 4), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_global_write(ctx, prog, "counter", 0, &value, 4), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &(offload_launch_desc){0}), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_kernel_get_args_size(ctx, k, &size), OFFLOAD_ERROR_INVALID_HANDLE);
    offload_kernel k2;
    CHECK_OK(ctx, offload_kernel_get(ctx, prog2, "conf_empty", &k2));
    CHECK(k2.id != k.id);
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k2, &(offload_launch_desc){0}));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog2));
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k2, &(offload_launch_desc){0}), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_kernel_get(ctx, (offload_program){0}, "conf_empty", &k), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, (offload_kernel){0}, &(offload_launch_desc){0}), OFFLOAD_ERROR_INVALID_HANDLE);
}

/* Freed memory is unknown to the runtime: freeing it again and asking about it are refused. */
static void conf_stale_memory(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    void* p = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 4096, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    offload_mem_info mi;
    CHECK_RESULT(ctx, offload_mem_get_info(ctx, p, &mi), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_RESULT(ctx, offload_mem_free(ctx, p), OFFLOAD_ERROR_INVALID_ARGUMENT);
}

/* NULL outputs, another device's objects, and indices out of range. */
static void conf_bad_arguments(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    CHECK_RESULT(ctx, offload_device_get_info(ctx, fx->device, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_device_info info;
    CHECK_RESULT(ctx, offload_device_get_info(ctx, (offload_device){0}, &info), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_device_get_info(ctx, (offload_device){999}, &info), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_device_count(ctx, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint32_t count = 0;
    CHECK_OK(ctx, offload_device_count(ctx, &count));
    offload_device d = {0};
    CHECK_RESULT(ctx, offload_device_get(ctx, count, &d), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_device_get(ctx, 0, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_queue_create(ctx, fx->device, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_event_create(ctx, fx->device, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_queue q;
    offload_event e;
    CHECK_RESULT(ctx, offload_queue_create(ctx, (offload_device){999}, &q), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_event_create(ctx, (offload_device){999}, &e), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_queue_create(NULL, fx->device, &q), OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_backend_status status;
    CHECK_RESULT(ctx, offload_backend_get_status(ctx, fx->info.backend, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_COUNT, &status), OFFLOAD_ERROR_INVALID_ARGUMENT);
    if (fx->device.id == fx->host.id) return;
    /* Objects of the host device used with the GPU's, and the other way round. */
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->host, &q));
    REQUIRE_OK(ctx, offload_event_create(ctx, fx->device, &e));
    CHECK_RESULT(ctx, offload_launch(ctx, q, fx->kernels[CONF_EMPTY], &(offload_launch_desc){0}), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_event_record(ctx, e, q), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_event_destroy(ctx, e));
}
