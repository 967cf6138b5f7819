/* tests/test_features.c — what the optional features answer, in every build: with record &
   replay and RPC compiled in, their calls do their work; in a build without them
   (OFFLOAD_NO_RECORD, OFFLOAD_NO_RPC) every public call of the feature returns
   OFFLOAD_ERROR_UNSUPPORTED with the kind that names the macro (RECORD_LEFT_OUT, RPC_LEFT_OUT), a
   context asked to record comes up without recording (the reason logged once), and a program
   that would call the host is refused instead of waiting for a server that does not exist.
   Public API only. */
#include "offload.h"
#include "test.h"

#include <stdint.h>

typedef struct error_lines {
    int count;
    char last[512];
} error_lines;

static void count_errors(offload_log_level level, const char* message, void* user) {
    error_lines* e = (error_lines*)user;
    if (level != OFFLOAD_LOG_ERROR) return;
    e->count++;
    snprintf(e->last, sizeof e->last, "%s", message);
}

static offload_context_desc host_desc(error_lines* errors) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.host_threads = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.log = count_errors;
    desc.log_user_data = errors;
    desc.log_level = OFFLOAD_LOG_ERROR;
    return desc;
}

#define ARENA 0x7e8000000000ull /* the host backend's default recording arena */

static void test_record_and_replay(void) {
    error_lines errors = {0, ""};
    offload_context_desc desc = host_desc(&errors);
    desc.record.dir = "/tmp";
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
#ifdef OFFLOAD_NO_RECORD
    /* The request to record is reported once, and the context works without it. */
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_LEFT_OUT_AT_CREATE);
    CHECK(errors.count == 1 && strstr(errors.last, offload_context_last_error(ctx)) != NULL);
#else
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NONE);
#endif
    offload_device host;
    void* p = NULL;
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &host));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 64, &p));
    offload_recording* rec = (offload_recording*)&errors; /* must be reset on failure */
    offload_replay_result result;
#ifdef OFFLOAD_NO_RECORD
    CHECK(errors.count == 1);
    CHECK((uintptr_t)p - ARENA >= (1ull << 30));
    CHECK_RESULT(ctx, offload_recording_open(ctx, "/tmp", &rec), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_LEFT_OUT);
    CHECK(rec == NULL);
    offload_recording_info info;
    offload_recording_global global;
    CHECK_RESULT(ctx, offload_recording_get_info(ctx, NULL, &info), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_LEFT_OUT);
    CHECK_RESULT(ctx, offload_recording_get_global(ctx, NULL, 0, &global), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_LEFT_OUT);
    CHECK_RESULT(ctx, offload_replay(ctx, NULL, NULL, &result), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORD_LEFT_OUT);
    CHECK_OK(ctx, offload_recording_close(ctx, NULL));
#else
    /* Recording is on: device memory comes from the arena; the reader answers for itself. */
    CHECK(errors.count == 0);
    CHECK((uintptr_t)p == ARENA);
    CHECK_RESULT(ctx, offload_recording_open(ctx, "/nonexistent/entry", &rec), OFFLOAD_ERROR_IO);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RECORDING_UNREADABLE);
    CHECK(rec == NULL);
    CHECK_RESULT(ctx, offload_replay(ctx, NULL, NULL, &result), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NULL_ARGUMENT);
#endif
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    offload_context_destroy(ctx);
}

static offload_result echo(const void* in, size_t in_size, void* out, size_t out_capacity, size_t* out_size,
                           void* user) {
    (void)user;
    *out_size = in_size < out_capacity ? in_size : out_capacity;
    memcpy(out, in, *out_size);
    return OFFLOAD_SUCCESS;
}

static void test_device_to_host_calls(void) {
    error_lines errors = {0, ""};
    offload_context_desc desc = host_desc(&errors);
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    offload_device host;
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &host));
    /* A program with the RPC client global (40 bytes, docs/rpc.md), as a native image that was
       built with the device client would have. */
    static uint64_t client[5];
    offload_host_symbol symbols[] = {{.name = "offload_rpc_client", .address = client, .size = sizeof client}};
    offload_program_desc pd = {NULL, 0, symbols, 1, "rpc-client"};
    offload_program prog = {0};
#ifdef OFFLOAD_NO_RPC
    CHECK_RESULT(ctx, offload_rpc_register(ctx, 7, echo, NULL), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_LEFT_OUT);
    CHECK_RESULT(ctx, offload_program_create(ctx, host, &pd, &prog), OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_CLIENT_LEFT_OUT);
    CHECK(prog.id == 0);
    CHECK(client[0] == 0);
#else
    CHECK_OK(ctx, offload_rpc_register(ctx, 7, echo, NULL));
    CHECK_OK(ctx, offload_rpc_register(ctx, 7, NULL, NULL));
    /* The runtime hands the program its mailbox through the global. */
    CHECK_OK(ctx, offload_program_create(ctx, host, &pd, &prog));
    CHECK(client[0] != 0);
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK(errors.count == 0);
#endif
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_record_and_replay);
    RUN(test_device_to_host_calls);
    return test_summary();
}
