/* tests/fuzz/fuzz_remote.c — the fuzz target of the remote device server's handling of a
   request (backends/remote/): the bytes are one request as it arrives over MPI. It goes through
   offload__remote_decode and, when accepted, is carried out by the server's own dispatch
   (offload__remote_serve_one) on a session whose context has the host device, as a server would
   serve it: addresses, sizes and handles that the session did not hand out must be refused there,
   never followed. A batch is taken apart by the server's own offload__remote_serve_batch, which
   hands each of its requests back to the same handling as a request alone (the seed
   corpus/remote/batch holds a queued launch, fill and synchronize). Four operations are left out:
   the copy to the application, whose bytes the server sends over MPI, the large copy to the
   device, whose bytes it receives over MPI, and the two halves of a copy with another server,
   whose bytes go over MPI too, which this process has not set up; their requests go through the
   decoder, and their checks are the same range checks.
   The harness reaches the server's private internals, so it is compiled into the implementation's
   unit: this file is the unit the fuzz targets without the JIT link (tests/fuzz/run.sh compiles it
   with OFFLOAD_NO_JIT and OFFLOAD_TEST_HOOKS: the implementation, the test hooks and this
   harness), and the remote target is fuzz_parsers's FUZZ_TARGET=remote, which hands its bytes to
   fuzz_remote_input. */
#ifndef OFFLOAD_NO_JIT
#error "tests/fuzz/fuzz_remote.c is the fuzz targets' unit without the JIT: compile it with -DOFFLOAD_NO_JIT"
#endif
#include "../hooks_unit.c"

/* The fuzzing process's session (a test fixture: the runtime itself has no global state), with
   one allocation and one queue, so that valid handles and ranges exist to be near. */
static offload__remote_session fuzz__session;
static offload_device_info fuzz__infos[OFFLOAD__REMOTE_MAX_DEVICES];

static void fuzz_open_session(void) {
    if (fuzz__session.ctx) return;
    offload_context_desc desc = {.no_environment = 1, .host_threads = 1};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    if (offload_context_create(&desc, &fuzz__session.ctx) != OFFLOAD_SUCCESS) abort();
    offload_device_count(fuzz__session.ctx, &fuzz__session.device_count);
    offload__remote_answer answer;
    memset(&answer, 0, sizeof answer);
    uint64_t alloc[8] = {0, OFFLOAD_MEM_DEVICE, 4096};
    offload__remote_serve_alloc(&fuzz__session, alloc, &answer);
    uint32_t queue;
    offload_queue_create(fuzz__session.ctx, (offload_device){1}, (offload_queue*)&queue);
}

/* What one input made is undone before the next, so that inputs stay independent and memory
   bounded: objects it created and allocations beyond the fixture's. */
static void fuzz_undo(const offload__remote_message* m, const offload__remote_answer* answer) {
    offload_context* ctx = fuzz__session.ctx;
    uint32_t id = (uint32_t)answer->value[0];
    if (answer->result == OFFLOAD_SUCCESS && m->op == OFFLOAD__REMOTE_QUEUE_CREATE)
        offload_queue_destroy(ctx, (offload_queue){id});
    if (answer->result == OFFLOAD_SUCCESS && m->op == OFFLOAD__REMOTE_EVENT_CREATE)
        offload_event_destroy(ctx, (offload_event){id});
    if (answer->result == OFFLOAD_SUCCESS && m->op == OFFLOAD__REMOTE_PROGRAM_CREATE) {
        uint64_t program[8] = {id};
        offload__remote_answer ignored;
        memset(&ignored, 0, sizeof ignored);
        offload__remote_serve_program_destroy(&fuzz__session, program, &ignored);
    }
    while (fuzz__session.range_count > 1) {
        offload__remote_range r = fuzz__session.ranges[fuzz__session.range_count - 1];
        offload__remote_range_remove(&fuzz__session, fuzz__session.range_count - 1);
        if (!r.program) offload_mem_free(ctx, (void*)(uintptr_t)r.address);
    }
}

/* One message as the server would serve it (offload__remote_serve_fn): decoded, then carried out,
   a batch through the server's batch handling, which calls this for each of its requests. */
static int fuzz_serve(offload__remote_session* s, void** buffer, size_t size, offload_device_info* infos) {
    offload__remote_message m;
    const unsigned char* payload;
    char why[256];
    int accepted = offload__remote_decode(*buffer, size, 1, &m, &payload, why, sizeof why);
    if (!accepted && !why[0]) __builtin_trap(); /* a refusal always says why */
    /* Large allocations would only measure the machine. */
    int served = accepted && m.op != OFFLOAD__REMOTE_COPY_FROM && m.op != OFFLOAD__REMOTE_COPY_TO_LARGE &&
                 m.op != OFFLOAD__REMOTE_PEER_SEND && m.op != OFFLOAD__REMOTE_PEER_RECV &&
                 m.op != OFFLOAD__REMOTE_GOODBYE &&
                 !(m.op == OFFLOAD__REMOTE_MEM_ALLOC && m.arg[2] > ((uint64_t)1 << 20));
    if (!served) return 1;
    offload__remote_answer answer;
    memset(&answer, 0, sizeof answer);
    if (m.op == OFFLOAD__REMOTE_BATCH)
        offload__remote_serve_batch(s, payload, m.data_size, infos, fuzz_serve, &answer);
    else
        offload__remote_serve_one(s, &m, payload, buffer, &answer, infos);
    if (answer.result != OFFLOAD_SUCCESS && answer.result != OFFLOAD_ERROR_NOT_READY && !answer.message[0])
        __builtin_trap();
    fuzz_undo(&m, &answer);
    return 1;
}

int fuzz_remote_input(const uint8_t* data, size_t size);
int fuzz_remote_input(const uint8_t* data, size_t size) {
    fuzz_open_session();
    /* The server owns the message buffer (a queued copy keeps it until the copy is done). */
    void* buffer = offload__alloc(fuzz__session.ctx, size);
    if (!buffer) return 0;
    memcpy(buffer, data, size);
    fuzz_serve(&fuzz__session, &buffer, size, fuzz__infos);
    if (buffer) offload__free(fuzz__session.ctx, buffer);
    return 0;
}
