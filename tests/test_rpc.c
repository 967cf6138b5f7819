/* tests/test_rpc.c — device-to-host RPC on the host device: printf from many threads of a
   portable IR kernel (every line once, none interleaved), malloc/free, abort, user host
   functions, printf's length modifiers with values beyond 32 bits, and bad input (unknown opcode,
   mismatched format, a request one byte over its slot beside one that fills it, argument bytes
   left over, a kernel that ends holding a port), each followed by a launch that works. */
#define _GNU_SOURCE
#include "../offload.h"
#include "test.h"
#include "test_hooks.h"

#ifdef OFFLOAD_NO_RPC
int main(void) { return test_skip_all("test_rpc", "this build leaves device-to-host calls out (OFFLOAD_NO_RPC)"); }
#else

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <unistd.h>

/* Collects the output callback's calls. */
typedef struct capture {
    pthread_mutex_t lock;
    char* text;
    size_t size;
    unsigned calls;
    unsigned torn; /* calls that did not end at the end of a line */
} capture;

static void capture_output(const char* text, size_t length, void* user_data) {
    capture* c = (capture*)user_data;
    pthread_mutex_lock(&c->lock);
    c->text = (char*)realloc(c->text, c->size + length + 1);
    memcpy(c->text + c->size, text, length);
    c->size += length;
    c->text[c->size] = '\0';
    c->calls++;
    if (length == 0 || text[length - 1] != '\n') c->torn++;
    pthread_mutex_unlock(&c->lock);
}

static capture output;

/* A host-device context whose output goes to `output`; its output buffers have output_size bytes
   (0: the default). */
static offload_context* make_context_with_output(uint32_t output_size) {
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    desc.rpc.output_size = output_size;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.rpc.output = capture_output;
    desc.rpc.output_user_data = &output;
    desc.jit.isolation = OFFLOAD_JIT_ISOLATION_NONE;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return NULL;
    free(output.text);
    output.text = NULL;
    output.size = 0;
    output.calls = 0;
    output.torn = 0;
    return ctx;
}

static offload_context* make_context(void) { return make_context_with_output(0); }

/* ---- Host-ABI C kernels speaking the protocol through the host client ------------------- */

static offload_test_rpc_client c_client; /* the program's client global */

static void k_malloc_free(const void* args, const offload_host_thread* t) {
    uint64_t* results = *(uint64_t* const*)args;
    unsigned i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];
    uint32_t* p = (uint32_t*)offload_test_rpc_malloc(&c_client, 64);
    results[i] = 0;
    if (!p) return;
    p[0] = i;
    p[15] = i * 3;
    results[i] = (uint64_t)(p[0] + p[15]) * 2 + (offload_test_rpc_free(&c_client, p) == 0);
}

static void k_abort(const void* args, const offload_host_thread* t) {
    (void)args;
    if (t->thread_id[0] == 3) offload_test_rpc_abort(&c_client, "bad value 42");
}

static void k_printf_mismatch(const void* args, const offload_host_thread* t) {
    (void)t;
    int64_t* result = *(int64_t* const*)args;
    int32_t one = 1; /* %f wants 8 bytes, the kernel sends 4 */
    *result = offload_test_rpc_printf(&c_client, "%d %f\n", &one, sizeof one);
}

static void k_unknown_opcode(const void* args, const offload_host_thread* t) {
    (void)t;
    int64_t* result = *(int64_t* const*)args;
    *result = offload_test_rpc_call(&c_client, 99, "x", 1, NULL, 0);
}

static void k_oversized(const void* args, const offload_host_thread* t) {
    (void)t;
    int64_t* result = *(int64_t* const*)args;
    static const char big[OFFLOAD_TEST_RPC_SLOT_SIZE * 2] = "too big";
    *result = offload_test_rpc_write(&c_client, big, sizeof big);
}

/* Takes a port and returns without giving it back. */
static void k_hold_port(const void* args, const offload_host_thread* t) {
    (void)t;
    (void)args;
    offload_test_rpc_open(&c_client);
}

/* Aborts (thread 0) with the message its argument points to. */
static void k_abort_with(const void* args, const offload_host_thread* t) {
    const char* message = *(const char* const*)args;
    if (t->thread_id[0] == 0) offload_test_rpc_abort(&c_client, message);
}

typedef struct reply_args {
    unsigned char* out;
    uint32_t capacity;
    int64_t* result;
} reply_args;

/* Calls host function 9 with room for `capacity` bytes of reply. */
static void k_reply(const void* args, const offload_host_thread* t) {
    const reply_args* a = (const reply_args*)args;
    (void)t;
    uint32_t in = 0x5eed;
    *a->result = offload_test_rpc_host_call(&c_client, 9, &in, sizeof in, a->out, a->capacity);
}

/* Writes a line, then garbage over that line's record (the oldest not yet printed), as a kernel
   with a stray pointer would, then lines until the buffer gives up on one (or `limit` went out). */
typedef struct scribble_args {
    int limit;
    int given_up; /* the writes that returned -1 */
} scribble_args;

static void k_scribble(const void* args, const offload_host_thread* t) {
    scribble_args* a = *(scribble_args* const*)args;
    (void)t;
    static const char line[100] = "a line of a hundred bytes";
    offload_test_rpc_output(&c_client, line, 4);
    uint32_t garbage[2] = {12, 2u | (4u << 16)}; /* size 12: not a whole record of 4 bytes */
    memcpy(offload_test_rpc_output_oldest(&c_client), garbage, sizeof garbage);
    for (int i = 0; i < a->limit && !a->given_up; i++) a->given_up += offload_test_rpc_output(&c_client, line, 100) < 0;
}

/* Writes the line its argument points to through the output buffer. */
static void k_output_line(const void* args, const offload_host_thread* t) {
    const char* line = *(const char* const*)args;
    (void)t;
    offload_test_rpc_output(&c_client, line, strlen(line));
}

static void k_printf(const void* args, const offload_host_thread* t) {
    (void)args;
    struct {
        int32_t block, thread;
        double x;
    } a = {(int32_t)t->block_id[0], (int32_t)t->thread_id[0], 0.5};
    offload_test_rpc_printf(&c_client, "c %d.%d %.1f\n", &a, sizeof a);
}

/* The hand-over script of test_request_in_the_servers_last_look_wakes_it: the server, held at
   its DOZE point, lets the kernel go and waits until the kernel's client has handed its request
   over and reached the RING point. */
typedef struct handover_script {
    _Atomic int armed; /* the next DOZE holds the server */
    _Atomic int go;    /* the kernel may make its call */
    _Atomic int rang;  /* the kernel's client is at RING */
    int64_t result;
} handover_script;

static void handover_point(void* user, int point) {
    handover_script* s = (handover_script*)user;
    if (point == OFFLOAD_TEST_RPC_POINT_DOZE && atomic_exchange(&s->armed, 0)) {
        atomic_store(&s->go, 1);
        for (int waited_ms = 0; !atomic_load(&s->rang) && waited_ms < 10000; waited_ms++) usleep(1000);
    } else if (point == OFFLOAD_TEST_RPC_POINT_RING && atomic_load(&s->go)) {
        atomic_store(&s->rang, 1);
    }
}

/* Waits for the script's go, then calls host function 9. */
static void k_gated_call(const void* args, const offload_host_thread* t) {
    handover_script* s = *(handover_script* const*)args;
    (void)t;
    while (!atomic_load(&s->go)) usleep(100);
    unsigned char out[8];
    uint32_t in = 1;
    s->result = offload_test_rpc_host_call(&c_client, 9, &in, sizeof in, out, sizeof out);
}

/* The kernel and host function of test_hand_off_on_one_cpu_sleeps_at_once: the kernel's thread
   runs on client_cpu and the server's on server_cpu while they make `calls` host calls. */
typedef struct pinned_calls {
    int client_cpu, server_cpu;
    uint32_t calls;
    _Atomic int server_pinned;
    uint32_t answered;
} pinned_calls;

static int pin_this_thread(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0;
}

static void k_pinned_calls(const void* args, const offload_host_thread* t) {
    pinned_calls* p = *(pinned_calls* const*)args;
    (void)t;
    cpu_set_t before; /* the kernel may run on the launching thread: its affinity is put back */
    if (sched_getaffinity(0, sizeof before, &before) != 0 || !pin_this_thread(p->client_cpu)) return;
    uint32_t in = 1;
    unsigned char out[8];
    for (uint32_t i = 0; i < p->calls; i++)
        if (offload_test_rpc_host_call(&c_client, 10, &in, sizeof in, out, sizeof out) == 0) p->answered++;
    sched_setaffinity(0, sizeof before, &before);
}

/* Runs on the server's thread, which exists for this test's context only. */
static offload_result pin_server(const void* in, size_t in_size, void* out, size_t out_capacity, size_t* out_size,
                                 void* user_data) {
    pinned_calls* p = (pinned_calls*)user_data;
    (void)in, (void)in_size, (void)out, (void)out_capacity;
    if (!atomic_load(&p->server_pinned) && pin_this_thread(p->server_cpu)) atomic_store(&p->server_pinned, 1);
    *out_size = 0;
    return OFFLOAD_SUCCESS;
}

/* The host function of test_server_moves_off_its_clients_cpu: at calls place_at[0] and
   place_at[1] it puts the server's thread on the client's CPU and lets it run on every allowed
   CPU again (pinned, then unpinned: the thread stays where the pin put it). It counts the calls
   after each placement that the server answered on another CPU, and whether the server's
   affinity was whole again at the last call. */
typedef struct placed_server {
    int client_cpu;
    cpu_set_t allowed;
    uint32_t place_at[2], total, calls;
    uint32_t elsewhere_after[2];
    int affinity_whole;
} placed_server;

static offload_result place_server(const void* in, size_t in_size, void* out, size_t out_capacity, size_t* out_size,
                                   void* user_data) {
    placed_server* s = (placed_server*)user_data;
    (void)in, (void)in_size, (void)out, (void)out_capacity;
    uint32_t call = s->calls++;
    int after = call > s->place_at[1] ? 1 : call > s->place_at[0] ? 0 : -1;
    if (after >= 0 && sched_getcpu() != s->client_cpu) s->elsewhere_after[after]++;
    if ((call == s->place_at[0] || call == s->place_at[1]) && pin_this_thread(s->client_cpu))
        sched_setaffinity(0, sizeof s->allowed, &s->allowed);
    cpu_set_t now;
    if (call + 1 == s->total)
        s->affinity_whole = sched_getaffinity(0, sizeof now, &now) == 0 && CPU_EQUAL(&now, &s->allowed);
    *out_size = 0;
    return OFFLOAD_SUCCESS;
}

/* A printf or a write with what the test hands over. */
typedef struct request_args {
    const char* format; /* printf's format; NULL: a write of data */
    const void* data;
    uint32_t size;
    int64_t* result;
} request_args;

static void k_request(const void* args, const offload_host_thread* t) {
    const request_args* a = (const request_args*)args;
    (void)t;
    *a->result = a->format ? offload_test_rpc_printf(&c_client, a->format, a->data, a->size)
                           : offload_test_rpc_write(&c_client, a->data, a->size);
}

/* The RPC server's state for the host device. */
static offload_test_rpc_state rpc_state(offload_context* ctx) {
    offload_test_rpc_state st;
    memset(&st, 0, sizeof st);
    offload_test_rpc_get_state(ctx, (offload_device){1}, &st);
    return st;
}

static offload_result load_c_kernels(offload_context* ctx, offload_program* program) {
    offload_host_symbol symbols[] = {
        {.name = "malloc_free", .kernel = k_malloc_free},
        {.name = "abort", .kernel = k_abort},
        {.name = "mismatch", .kernel = k_printf_mismatch},
        {.name = "unknown", .kernel = k_unknown_opcode},
        {.name = "oversized", .kernel = k_oversized},
        {.name = "hold", .kernel = k_hold_port},
        {.name = "printf", .kernel = k_printf},
        {.name = "abort_with", .kernel = k_abort_with},
        {.name = "reply", .kernel = k_reply},
        {.name = "request", .kernel = k_request},
        {.name = "gated_call", .kernel = k_gated_call},
        {.name = "pinned_calls", .kernel = k_pinned_calls},
        {.name = "scribble", .kernel = k_scribble},
        {.name = "output_line", .kernel = k_output_line},
        {.name = OFFLOAD_TEST_RPC_SYMBOL, .address = &c_client, .size = sizeof c_client},
    };
    offload_program_desc desc = {NULL, 0, symbols, (uint32_t)(sizeof symbols / sizeof symbols[0]), "rpc-c"};
    offload_device host = {1};
    return offload_program_create(ctx, host, &desc, program);
}

static offload_result launch(offload_context* ctx, offload_program program, const char* name, uint32_t blocks,
                             uint32_t threads, const void* args, size_t args_size) {
    offload_kernel k;
    offload_result r = offload_kernel_get(ctx, program, name, &k);
    if (r != OFFLOAD_SUCCESS) return r;
    offload_launch_desc desc = {{blocks, 1, 1}, {threads, 1, 1}, 0, args, args_size};
    offload_queue sync = {0};
    return offload_launch(ctx, sync, k, &desc);
}

static void test_program_without_client_has_no_server(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_host_symbol symbols[] = {{.name = "printf", .kernel = k_printf}};
    offload_program_desc desc = {NULL, 0, symbols, 1, NULL};
    offload_program program;
    offload_device host = {1};
    CHECK_OK(ctx, offload_program_create(ctx, host, &desc, &program));
    CHECK(!rpc_state(ctx).exists);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NONE);
    offload_context_destroy(ctx);
}

static void test_c_kernels_malloc_free(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    REQUIRE(rpc_state(ctx).thread_started);
    CHECK(c_client.mailbox != 0 && c_client.lanes == 1 && c_client.port_count >= 16);
    enum { N = 256 };
    uint64_t results[N];
    uint64_t* p = results;
    CHECK_OK(ctx, launch(ctx, program, "malloc_free", 8, N / 8, &p, sizeof p));
    int good = 0;
    for (unsigned i = 0; i < N; i++) good += results[i] == (uint64_t)(i * 4) * 2 + 1;
    CHECK(good == N);
    /* The blocks went back to the memory manager: nothing of them is live. */
    CHECK(offload_test_memory_live(ctx) == 0);
    offload_program_destroy(ctx, program);
    CHECK(rpc_state(ctx).exists && !rpc_state(ctx).thread_started); /* no RPC program: no server thread */
    offload_context_destroy(ctx);
}

static void test_abort_fails_the_launch_and_the_context_stays_usable(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    CHECK_RESULT(ctx, launch(ctx, program, "abort", 1, 8, NULL, 0), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_KERNEL_ABORT);
    CHECK(strstr(offload_context_last_error(ctx), "bad value 42") != NULL); /* the kernel's abort text */
    CHECK_OK(ctx, launch(ctx, program, "printf", 2, 4, NULL, 0));
    CHECK(output.calls == 8 && output.torn == 0);
    CHECK(strstr(output.text, "c 1.3 0.5\n") != NULL);

    /* Queued: the failure is kept until the queue is synchronized. */
    offload_queue q;
    offload_device host = {1};
    REQUIRE_OK(ctx, offload_queue_create(ctx, host, &q));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "abort", &k));
    offload_launch_desc desc = {{1, 1, 1}, {8, 1, 1}, 0, NULL, 0};
    CHECK_OK(ctx, offload_launch(ctx, q, k, &desc));
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_KERNEL_ABORT); /* the kind the server recorded, at the synchronize */
    CHECK(strstr(offload_context_last_error(ctx), "bad value 42") != NULL); /* the kernel's abort text */
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));                       /* reported once */
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
}

static void test_bad_input_is_reported_and_the_server_survives(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    int64_t result = 0;
    int64_t* p = &result;
    CHECK_RESULT(ctx, launch(ctx, program, "mismatch", 1, 1, &p, sizeof p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(result == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_BAD_PRINTF);
    /* the printf parser's reason: which bad input it saw */
    CHECK(strstr(offload_context_last_error(ctx), "the arguments end before the format does") != NULL);
    CHECK(output.calls == 0);

    CHECK_RESULT(ctx, launch(ctx, program, "unknown", 1, 1, &p, sizeof p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(result == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_UNKNOWN_OPCODE);
    CHECK(strstr(offload_context_last_error(ctx), "99") != NULL); /* the opcode */

    CHECK_RESULT(ctx, launch(ctx, program, "oversized", 1, 1, &p, sizeof p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(result == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_REQUEST_TOO_LARGE);
    CHECK(strstr(offload_context_last_error(ctx), "504") != NULL); /* a slot's room */

    /* Every port held, then reclaimed when the launch ends. */
    uint32_t ports = c_client.port_count;
    CHECK_OK(ctx, launch(ctx, program, "hold", 1, ports, NULL, 0));
    CHECK(rpc_state(ctx).has_mailbox && rpc_state(ctx).held_ports == 0);
    CHECK_OK(ctx, launch(ctx, program, "printf", 1, 3, NULL, 0));
    CHECK(output.calls == 3 && output.torn == 0);
    offload_context_destroy(ctx);
}


/* Two kernels on one queue fail one after the other: the synchronize reports the first failure
   (with its own message), and the second is not reported later in its place. */
static void test_first_of_two_queued_failures_is_reported(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    offload_queue q;
    offload_device host = {1};
    REQUIRE_OK(ctx, offload_queue_create(ctx, host, &q));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "abort_with", &k));
    const char* first = "the first failure";
    const char* second = "the second failure";
    offload_launch_desc one = {{1, 1, 1}, {1, 1, 1}, 0, &first, sizeof first};
    offload_launch_desc two = {{1, 1, 1}, {1, 1, 1}, 0, &second, sizeof second};
    CHECK_OK(ctx, offload_launch(ctx, q, k, &one));
    CHECK_OK(ctx, offload_launch(ctx, q, k, &two));
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_LAUNCH_FAILED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_KERNEL_ABORT);
    /* the kernels' abort texts tell which failure was reported */
    CHECK(strstr(offload_context_last_error(ctx), "the first failure") != NULL);
    CHECK(strstr(offload_context_last_error(ctx), "second") == NULL);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
}

typedef struct reply_seen {
    size_t capacity; /* the room the host function was given */
    size_t reply;    /* bytes it reports (its whole room when 0) */
} reply_seen;

static offload_result reply_fill(const void* in, size_t in_size, void* out, size_t out_capacity, size_t* out_size,
                                 void* user_data) {
    reply_seen* seen = (reply_seen*)user_data;
    (void)in, (void)in_size;
    seen->capacity = out_capacity;
    for (size_t i = 0; i < out_capacity; i++) ((unsigned char*)out)[i] = (unsigned char)(i * 7 + 1);
    *out_size = seen->reply ? seen->reply : out_capacity;
    return OFFLOAD_SUCCESS;
}

/* A host function's reply may take exactly the documented 496 bytes (offload.h, docs/rpc.md):
   asked for more room, it gets 496, and all 496 reach the kernel; reporting more is cut to 496. */
static void test_host_function_replies_496_bytes(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    reply_seen seen = {0, 0};
    CHECK_OK(ctx, offload_rpc_register(ctx, 9, reply_fill, &seen));
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    static const uint32_t capacities[] = {496, 1000};
    for (size_t c = 0; c < 2; c++) {
        unsigned char out[1000];
        memset(out, 0, sizeof out);
        int64_t result = 0;
        reply_args args = {out, capacities[c], &result};
        CHECK_OK(ctx, launch(ctx, program, "reply", 1, 1, &args, sizeof args));
        CHECK(seen.capacity == 496);
        CHECK(result == 496);
        int same = 1;
        for (size_t i = 0; i < 496; i++) same &= out[i] == (unsigned char)(i * 7 + 1);
        CHECK(same);
        CHECK(out[496] == 0);
    }
    seen.reply = 497;
    unsigned char out[1000];
    int64_t result = 0;
    reply_args args = {out, 1000, &result};
    CHECK_OK(ctx, launch(ctx, program, "reply", 1, 1, &args, sizeof args));
    CHECK(result == 496);
    offload_context_destroy(ctx);
}

/* The lost wake-up the blocking hand-over must rule out (docs/rpc.md, "Who sleeps, who
   wakes"): a request handed over after the server's last look found nothing and before it
   sleeps. The server is held exactly there while the kernel's client hands its request over and
   checks for a dozing server; released, the server must not sleep through the request. Each doze
   is bounded at 3 s here, so a lost wake-up shows as a doze that timed out, not as a hang. */
static void test_request_in_the_servers_last_look_wakes_it(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    reply_seen seen = {0, 8};
    CHECK_OK(ctx, offload_rpc_register(ctx, 9, reply_fill, &seen));
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    handover_script script = {1, 0, 0, 0};
    CHECK_OK(ctx, offload_test_rpc_set_points(ctx, handover_point, &script, 3000));
    handover_script* args = &script;
    CHECK_OK(ctx, launch(ctx, program, "gated_call", 1, 1, &args, sizeof args));
    CHECK(atomic_load(&script.rang));
    CHECK(script.result == 8);
    uint64_t dozes = 0, timeouts = 0;
    CHECK_OK(ctx, offload_test_rpc_doze_counts(ctx, &dozes, &timeouts));
    CHECK(dozes >= 1);
    CHECK(timeouts == 0);
    offload_context_destroy(ctx);
}

/* The server and a blocking client wait for each other busily only while they run on different
   CPUs. On one CPU the waiter's spin keeps the other end from running until it gives the CPU
   up, so each side sleeps at once there: before, most spins ran out in vain and a round trip
   took 53 us on a machine restricted to one core (against 7 us for a pipe's), 130 us on a busy
   host whose scheduler had put both threads on one core. Both ends are pinned (the kernel pins
   its own thread, the host function the server's) for `calls` host calls; `spins` gets what
   the counts moved by. */
static void pinned_round_trips(offload_context* ctx, int client_cpu, int server_cpu, uint32_t calls,
                               offload_test_rpc_spins* spins) {
    pinned_calls p = {client_cpu, server_cpu, calls, 0, 0};
    CHECK_OK(ctx, offload_rpc_register(ctx, 10, pin_server, &p));
    offload_program program;
    offload_test_rpc_spins before, after;
    memset(spins, 0, sizeof *spins);
    offload_result loaded = load_c_kernels(ctx, &program);
    CHECK_OK(ctx, loaded);
    if (loaded != OFFLOAD_SUCCESS) return;
    CHECK_OK(ctx, offload_test_rpc_spin_counts(ctx, &before));
    pinned_calls* args = &p;
    CHECK_OK(ctx, launch(ctx, program, "pinned_calls", 1, 1, &args, sizeof args));
    CHECK(p.answered == calls && atomic_load(&p.server_pinned));
    CHECK_OK(ctx, offload_test_rpc_spin_counts(ctx, &after));
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
    spins->client_spins_out = after.client_spins_out - before.client_spins_out;
    spins->server_spins_out = after.server_spins_out - before.server_spins_out;
    spins->shared_cpu_skips = after.shared_cpu_skips - before.shared_cpu_skips;
    spins->server_moves = after.server_moves - before.server_moves;
    fprintf(stderr, "  client on CPU %d, server on CPU %d: %llu and %llu spins ran out, %llu skipped, %llu moves\n",
            client_cpu, server_cpu, (unsigned long long)spins->client_spins_out,
            (unsigned long long)spins->server_spins_out, (unsigned long long)spins->shared_cpu_skips,
            (unsigned long long)spins->server_moves);
}

/* The CPUs this thread may run on, and the first two of them (-1 for each that is not there). */
static int first_two_cpus(cpu_set_t* allowed, int cpus[2]) {
    if (sched_getaffinity(0, sizeof *allowed, allowed) != 0) return 0;
    cpus[0] = cpus[1] = -1;
    for (int cpu = 0, found = 0; cpu < CPU_SETSIZE && found < 2; cpu++)
        if (CPU_ISSET(cpu, allowed)) cpus[found++] = cpu;
    return 1;
}

static void test_hand_off_on_one_cpu_sleeps_at_once(void) {
    cpu_set_t allowed;
    int cpus[2];
    REQUIRE(first_two_cpus(&allowed, cpus));
    enum { CALLS = 200 };
    offload_test_rpc_spins spins;
    /* One CPU: no spin runs out but the first calls' (the server's last CPU is stale until it
       is pinned) and the server's after the last call; the skips are many. The pinned server
       cannot move off the client's CPU however often it may try: a move before the first call
       pinned it is all there can be. */
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    CHECK_OK(ctx, offload_test_rpc_set_move_interval(ctx, 0));
    pinned_round_trips(ctx, cpus[0], cpus[0], CALLS, &spins);
    CHECK(spins.client_spins_out <= 2 && spins.server_spins_out <= 3 && spins.shared_cpu_skips >= CALLS / 2);
    CHECK(spins.server_moves <= 1);
    offload_context_destroy(ctx);
    if (cpus[1] < 0) SKIP("one CPU allowed: the two-CPU half needs two");
    /* Two CPUs: every wait spins (the first calls' aside). */
    ctx = make_context();
    REQUIRE(ctx);
    pinned_round_trips(ctx, cpus[0], cpus[1], CALLS, &spins);
    CHECK(spins.shared_cpu_skips <= 2 && spins.server_moves == 0);
    offload_context_destroy(ctx);
}

/* A server that may run on several CPUs and finds itself on its client's moves to another, so
   that both can spin instead of taking turns (on a busy 2-core host the scheduler kept them
   together, at 7 us a round trip against 0.2 us apart), and leaves its affinity as it found it.
   A host function puts the server on the client's CPU twice while the kernel, pinned there,
   makes its calls: with moves at most once an hour only the first placement (or a chance
   meeting before it) ends in a move; with no limit both do, and calls after each are answered
   on another CPU. */
static void test_server_moves_off_its_clients_cpu(void) {
    cpu_set_t allowed;
    int cpus[2];
    REQUIRE(first_two_cpus(&allowed, cpus));
    if (cpus[1] < 0) SKIP("one CPU allowed: there is no other CPU to move to");
    enum { CALLS = 200 };
    for (int unlimited = 0; unlimited < 2; unlimited++) {
        offload_context* ctx = make_context();
        REQUIRE(ctx);
        CHECK_OK(ctx, offload_test_rpc_set_move_interval(ctx, unlimited ? 0 : 3600ull * 1000000000ull));
        placed_server s = {.client_cpu = cpus[0], .allowed = allowed, .place_at = {0, CALLS / 2}, .total = CALLS};
        CHECK_OK(ctx, offload_rpc_register(ctx, 10, place_server, &s));
        offload_program program;
        REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
        offload_test_rpc_spins before, after;
        CHECK_OK(ctx, offload_test_rpc_spin_counts(ctx, &before));
        pinned_calls p = {cpus[0], -1, CALLS, 0, 0};
        pinned_calls* args = &p;
        CHECK_OK(ctx, launch(ctx, program, "pinned_calls", 1, 1, &args, sizeof args));
        CHECK_OK(ctx, offload_test_rpc_spin_counts(ctx, &after));
        uint64_t moves = after.server_moves - before.server_moves;
        fprintf(stderr, "  %s: %llu moves; %u and %u calls answered off the client's CPU after each placement\n",
                unlimited ? "no limit" : "once an hour", (unsigned long long)moves, s.elsewhere_after[0],
                s.elsewhere_after[1]);
        CHECK(p.answered == CALLS && s.calls == CALLS && s.affinity_whole);
        if (unlimited)
            CHECK(moves >= 2 && s.elsewhere_after[0] > 0 && s.elsewhere_after[1] > 0);
        else
            CHECK(moves == 1);
        CHECK_OK(ctx, offload_program_destroy(ctx, program));
        offload_context_destroy(ctx);
    }
}

/* Every length modifier with values that need all their bits: the 64-bit ones (l, ll, z, j, t)
   and a pointer (%p) beyond 32 bits, the narrow ones (hh, h) from a full int as C promotes them. The arguments are
   packed as a kernel's printf packs them: 4 bytes for an int, 8 for a wide one or a double, each
   at its own alignment. */
static void test_printf_length_modifiers(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    struct {
        int32_t hh, h, d;
        int64_t l, ll, z, zu, j, t, x;
        const void* p; /* 8 bytes, read whole (a 4-byte read would shift every argument after it) */
        int32_t c;
        double f;
    } a = {0x1ff,
           -0x18000,
           -2147483647 - 1,
           -0x123456789ll,
           0x7fffffffffffffffll,
           -0x200000001ll,
           (int64_t)0xfedcba9876543210ull,
           0x100000000ll,
           -0x7000000000ll,
           (int64_t)0x89abcdef01234567ull,
           (const void*)(uintptr_t)0x7f0012345678ull,
           'Z',
           1e300};
    const char* format = "%hhd %hd %d %ld %lld %zd %zu %jd %td %llx %p %c %g\n";
    char expected[256];
    snprintf(expected, sizeof expected, "%hhd %hd %d %ld %lld %zd %zu %jd %td %llx %p %c %g\n", (signed char)a.hh,
             (short)a.h, a.d, (long)a.l, (long long)a.ll, (ssize_t)a.z, (size_t)a.zu, (intmax_t)a.j, (ptrdiff_t)a.t,
             (unsigned long long)a.x, a.p, a.c, a.f);
    int64_t result = 0;
    request_args args = {format, &a, sizeof a, &result};
    CHECK_OK(ctx, launch(ctx, program, "request", 1, 1, &args, sizeof args));
    CHECK(result == (int64_t)strlen(expected));
    CHECK(output.text && !strcmp(output.text, expected));
    if (!output.text || strcmp(output.text, expected))
        fprintf(stderr, "  got %s  want %s", output.text ? output.text : "", expected);
    offload_context_destroy(ctx);
}

/* A C struct of printf's arguments may end in up to 7 bytes of padding; 8 bytes more than the
   format uses are an argument too many. */
static void test_printf_leftover_bytes(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    unsigned char bytes[16] = {7};
    int64_t result = 0;
    request_args args = {"%d\n", bytes, 4 + 7, &result};
    CHECK_OK(ctx, launch(ctx, program, "request", 1, 1, &args, sizeof args));
    CHECK(result == 2 && output.text && !strcmp(output.text, "7\n"));
    args.size = 4 + 8;
    CHECK_RESULT(ctx, launch(ctx, program, "request", 1, 1, &args, sizeof args), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(result == OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_context_destroy(ctx);
}

/* A request that fills its slot exactly (512 bytes less the 8-byte header) is served whole; one
   byte more is refused. */
static void test_request_of_exactly_a_slot(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    enum { CAPACITY = OFFLOAD_TEST_RPC_SLOT_SIZE - 8 };
    char text[CAPACITY + 1];
    for (int i = 0; i < CAPACITY + 1; i++) text[i] = (char)('a' + i % 26);
    text[CAPACITY - 1] = '\n';
    int64_t result = 0;
    request_args args = {NULL, text, CAPACITY, &result};
    CHECK_OK(ctx, launch(ctx, program, "request", 1, 1, &args, sizeof args));
    CHECK(result == CAPACITY);
    CHECK(output.size == CAPACITY && !memcmp(output.text, text, CAPACITY));
    args.size = CAPACITY + 1;
    CHECK_RESULT(ctx, launch(ctx, program, "request", 1, 1, &args, sizeof args), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(result == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(output.size == CAPACITY); /* nothing of the refused one */
    offload_context_destroy(ctx);
}

/* ---- Portable IR kernels through the JIT ------------------------------------------------- */

static const char portable_ir[] =
    "@fmt = private constant [21 x i8] c\"line %d of block %d\\0A\\00\"\n"
    "@str = private constant [6 x i8] c\"hello\\00\"\n"
    "declare i32 @offload_thread_id(i32)\n"
    "declare i32 @offload_block_id(i32)\n"
    "declare i32 @offload_block_dim(i32)\n"
    "declare i32 @offload_printf(i8*, i8*, i32)\n"
    "declare i32 @offload_puts(i8*)\n"
    "declare i32 @offload_rpc_call(i32, i8*, i32, i8*, i32)\n"
    "define void @print(i32* %out) \"offload-kernel\" {\n"
    "  %args = alloca { i32, i32 }, align 8\n"
    "  %t = call i32 @offload_thread_id(i32 0)\n  %b = call i32 @offload_block_id(i32 0)\n"
    "  %d = call i32 @offload_block_dim(i32 0)\n  %bd = mul i32 %b, %d\n  %i = add i32 %bd, %t\n"
    "  %a0 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 0\n  store i32 %i, i32* %a0\n"
    "  %a1 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 1\n  store i32 %b, i32* %a1\n"
    "  %ap = bitcast { i32, i32 }* %args to i8*\n"
    "  %f = getelementptr [21 x i8], [21 x i8]* @fmt, i32 0, i32 0\n"
    "  %r = call i32 @offload_printf(i8* %f, i8* %ap, i32 8)\n"
    "  %o = getelementptr i32, i32* %out, i32 %i\n  store i32 %r, i32* %o\n  ret void\n}\n"
    "define void @hello() \"offload-kernel\" {\n"
    "  %s = getelementptr [6 x i8], [6 x i8]* @str, i32 0, i32 0\n"
    "  %r = call i32 @offload_puts(i8* %s)\n  ret void\n}\n"
    /* square(in, out): out[i] = host function 7 applied to in[i] */
    "define void @square(i32* %in, i64* %out) \"offload-kernel\" {\n"
    "  %t = call i32 @offload_thread_id(i32 0)\n"
    "  %ip = getelementptr i32, i32* %in, i32 %t\n  %ib = bitcast i32* %ip to i8*\n"
    "  %op = getelementptr i64, i64* %out, i32 %t\n  %ob = bitcast i64* %op to i8*\n"
    "  %n = call i32 @offload_rpc_call(i32 7, i8* %ib, i32 4, i8* %ob, i32 8)\n"
    "  %ok = icmp eq i32 %n, 8\n  br i1 %ok, label %done, label %bad\n"
    "bad:\n  store i64 -1, i64* %op\n  br label %done\n"
    "done:\n  ret void\n}\n"
    /* ordered(lines): each thread prints "<id> <j>" for j = 0 .. lines - 1, then "done" */
    "@ofmt = private constant [7 x i8] c\"%d %d\\0A\\00\"\n"
    "@odone = private constant [5 x i8] c\"done\\00\"\n"
    "define void @ordered(i32 %lines) \"offload-kernel\" {\n"
    "entry:\n  %args = alloca { i32, i32 }, align 8\n"
    "  %t = call i32 @offload_thread_id(i32 0)\n  %b = call i32 @offload_block_id(i32 0)\n"
    "  %d = call i32 @offload_block_dim(i32 0)\n  %bd = mul i32 %b, %d\n  %i = add i32 %bd, %t\n"
    "  %a0 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 0\n"
    "  %a1 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 1\n"
    "  %ap = bitcast { i32, i32 }* %args to i8*\n  %f = getelementptr [7 x i8], [7 x i8]* @ofmt, i32 0, i32 0\n"
    "  br label %loop\n"
    "loop:\n  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]\n  store i32 %i, i32* %a0\n  store i32 %j, i32* %a1\n"
    "  %r = call i32 @offload_printf(i8* %f, i8* %ap, i32 8)\n  %j1 = add i32 %j, 1\n"
    "  %more = icmp slt i32 %j1, %lines\n  br i1 %more, label %loop, label %end\n"
    "end:\n  %s = getelementptr [5 x i8], [5 x i8]* @odone, i32 0, i32 0\n"
    "  %q = call i32 @offload_puts(i8* %s)\n  ret void\n}\n";

static offload_result square(const void* in, size_t in_size, void* out, size_t out_capacity, size_t* out_size,
                             void* user_data) {
    int32_t v;
    if (in_size != sizeof v || out_capacity < 8) return OFFLOAD_ERROR_INVALID_ARGUMENT;
    memcpy(&v, in, sizeof v);
    int64_t r = (int64_t)v * v + *(int64_t*)user_data;
    memcpy(out, &r, sizeof r);
    *out_size = sizeof r;
    return OFFLOAD_SUCCESS;
}

static void test_portable_kernel_printf_from_many_threads(void) {
#ifdef OFFLOAD_NO_JIT
    SKIP("portable IR kernels need the JIT (built with OFFLOAD_NO_JIT)");
#endif
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program program;
    offload_program_desc desc = {portable_ir, sizeof portable_ir - 1, NULL, 0, "rpc-ir"};
    offload_device host = {1};
    REQUIRE_OK(ctx, offload_program_create(ctx, host, &desc, &program));
    enum { BLOCKS = 40, THREADS = 100, N = BLOCKS * THREADS };
    int32_t* counts = (int32_t*)calloc(N, sizeof *counts);
    CHECK_OK(ctx, launch(ctx, program, "print", BLOCKS, THREADS, &counts, sizeof counts));
    CHECK(output.calls >= 1 && output.calls <= N);
    CHECK(output.torn == 0);
    /* Every line exactly once, and printf returned 0 (queued). */
    unsigned char* seen = (unsigned char*)calloc(N, 1);
    int bad = 0;
    for (char* line = output.text; line && *line;) {
        int i = -1, b = -1, n = 0;
        if (sscanf(line, "line %d of block %d\n%n", &i, &b, &n) != 2 || i < 0 || i >= N || b != i / THREADS ||
            seen[i]++)
            bad++;
        else if (counts[i] != 0)
            bad++;
        line = strchr(line, '\n');
        if (line) line++;
    }
    for (int i = 0; i < N; i++) bad += !seen[i];
    CHECK(bad == 0);
    CHECK_OK(ctx, launch(ctx, program, "hello", 1, 1, NULL, 0));
    CHECK(output.size >= 6 && memcmp(output.text + output.size - 6, "hello\n", 6) == 0);
    free(seen);
    free(counts);
    offload_context_destroy(ctx);
}

/* Through the smallest output buffer (4 KiB) 8,192 threads on every worker print 40,960 lines: the
   buffer fills and wraps hundreds of times, writers wait for room, and still every line comes
   out once, whole, and each thread's lines in the order it printed them. */
static void test_lines_keep_their_order_through_a_full_buffer(void) {
#ifdef OFFLOAD_NO_JIT
    SKIP("portable IR kernels need the JIT (built with OFFLOAD_NO_JIT)");
#endif
    offload_context* ctx = make_context_with_output(1);
    REQUIRE(ctx);
    offload_program program;
    offload_program_desc desc = {portable_ir, sizeof portable_ir - 1, NULL, 0, "rpc-ir"};
    REQUIRE_OK(ctx, offload_program_create(ctx, (offload_device){1}, &desc, &program));
    enum { BLOCKS = 64, THREADS = 128, N = BLOCKS * THREADS, LINES = 4 };
    int32_t lines = LINES;
    CHECK_OK(ctx, launch(ctx, program, "ordered", BLOCKS, THREADS, &lines, sizeof lines));
    CHECK(output.torn == 0);
    int32_t* next = (int32_t*)calloc(N, sizeof *next);
    int bad = 0, done = 0;
    for (char* line = output.text; line && *line;) {
        int i = -1, j = -1;
        if (strncmp(line, "done\n", 5) == 0)
            done++;
        else if (sscanf(line, "%d %d", &i, &j) != 2 || i < 0 || i >= N || j != next[i]++)
            bad++;
        line = strchr(line, '\n');
        if (line) line++;
    }
    for (int i = 0; i < N; i++) bad += next[i] != LINES;
    CHECK(bad == 0);
    CHECK(done == N);
    free(next);
    offload_context_destroy(ctx);
}

/* A kernel that writes over the output buffer fails its launch with what it broke; a writer that
   then finds no room gives its line up instead of waiting for ever; once the launch has ended the
   buffer starts afresh and the next launch's lines come out. */
static void test_a_malformed_output_record_fails_the_launch_and_the_buffer_recovers(void) {
    offload_context* ctx = make_context_with_output(4096);
    REQUIRE(ctx);
    offload_program program;
    REQUIRE_OK(ctx, load_c_kernels(ctx, &program));
    const char* before = "before\n";
    CHECK_OK(ctx, launch(ctx, program, "output_line", 1, 1, &before, sizeof before));
    CHECK(output.size == 7 && memcmp(output.text, "before\n", 7) == 0);
    scribble_args a = {1000, 0};
    scribble_args* p = &a;
    CHECK_RESULT(ctx, launch(ctx, program, "scribble", 1, 1, &p, sizeof p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_OUTPUT_OVERWRITTEN);
    CHECK(strstr(offload_context_last_error(ctx), "(size 12, length 4)") != NULL); /* the record the kernel broke */
    CHECK(a.given_up == 1);
    CHECK(output.size == 7);
    const char* after = "after\n";
    CHECK_OK(ctx, launch(ctx, program, "output_line", 1, 1, &after, sizeof after));
    CHECK(output.size == 13 && memcmp(output.text + 7, "after\n", 6) == 0);
    /* Drained records are zeroed, and the fresh start zeroed what was never drained: a writer
       that has reserved but not committed must be seen as such. */
    const unsigned char* records =
        (const unsigned char*)(uintptr_t)(c_client.mailbox + (uint64_t)c_client.port_count * c_client.port_stride + 64);
    size_t nonzero = 0;
    for (uint32_t i = 0; i < c_client.output_size; i++) nonzero += records[i] != 0;
    CHECK(nonzero == 0);
    /* Four buffers' worth in one launch: the writer that finds no room drains what is complete. */
    CHECK_OK(ctx, launch(ctx, program, "output_line", 1, 1000, &after, sizeof after));
    CHECK(output.torn == 0 && output.size == 13 + 1000 * 6);
    offload_context_destroy(ctx);
}

/* desc.rpc.output_size: rounded up to a power of two of at least 4 KiB; 1 GiB is the most. */
static void test_output_size_is_rounded_up_and_bounded(void) {
    static const struct {
        uint32_t asked, given;
    } sizes[] = {{0, 1u << 20}, {1, 4096}, {4096, 4096}, {4097, 8192}, {1u << 30, 1u << 30}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        offload_context* ctx = make_context_with_output(sizes[i].asked);
        REQUIRE(ctx);
        offload_program program;
        CHECK_OK(ctx, load_c_kernels(ctx, &program));
        CHECK(c_client.output_size == sizes[i].given);
        offload_context_destroy(ctx);
    }
    /* The environment's size, read when the desc allows it. */
    setenv("OFFLOAD_RPC_OUTPUT_SIZE", "8k", 1);
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    offload_context* from_env = NULL;
    REQUIRE(offload_context_create(&desc, &from_env) == OFFLOAD_SUCCESS);
    offload_program env_program;
    CHECK_OK(from_env, load_c_kernels(from_env, &env_program));
    CHECK(c_client.output_size == 8192);
    offload_context_destroy(from_env);
    unsetenv("OFFLOAD_RPC_OUTPUT_SIZE");
    offload_context* ctx = make_context_with_output((1u << 30) + 1);
    REQUIRE(ctx);
    offload_program program;
    CHECK_RESULT(ctx, load_c_kernels(ctx, &program), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_OUTPUT_SIZE);
    offload_context_destroy(ctx);
}

static void test_portable_kernel_calls_a_host_function(void) {
#ifdef OFFLOAD_NO_JIT
    SKIP("portable IR kernels need the JIT (built with OFFLOAD_NO_JIT)");
#endif
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    int64_t offset = 1000;
    CHECK_OK(ctx, offload_rpc_register(ctx, 7, square, &offset));
    offload_program program;
    offload_program_desc desc = {portable_ir, sizeof portable_ir - 1, NULL, 0, "rpc-ir"};
    offload_device host = {1};
    REQUIRE_OK(ctx, offload_program_create(ctx, host, &desc, &program));
    enum { N = 64 };
    int32_t in[N];
    int64_t out[N];
    for (int i = 0; i < N; i++) in[i] = i - 10;
    struct {
        int32_t* in;
        int64_t* out;
    } args = {in, out};
    CHECK_OK(ctx, launch(ctx, program, "square", 1, N, &args, sizeof args));
    int good = 0;
    for (int i = 0; i < N; i++) good += out[i] == (int64_t)in[i] * in[i] + 1000;
    CHECK(good == N);
    /* Unregistered: the call fails in the kernel and the launch reports it. */
    CHECK_OK(ctx, offload_rpc_register(ctx, 7, NULL, NULL));
    CHECK_RESULT(ctx, launch(ctx, program, "square", 1, 4, &args, sizeof args), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_RPC_NO_HOST_FUNCTION);
    CHECK(strstr(offload_context_last_error(ctx), "7") != NULL); /* the unregistered id */
    CHECK(out[0] == -1);
    offload_context_destroy(ctx);
}

int main(void) {
    pthread_mutex_init(&output.lock, NULL);
    RUN(test_program_without_client_has_no_server);
    RUN(test_c_kernels_malloc_free);
    RUN(test_abort_fails_the_launch_and_the_context_stays_usable);
    RUN(test_bad_input_is_reported_and_the_server_survives);
    RUN(test_first_of_two_queued_failures_is_reported);
    RUN(test_host_function_replies_496_bytes);
    RUN(test_request_in_the_servers_last_look_wakes_it);
    RUN(test_hand_off_on_one_cpu_sleeps_at_once);
    RUN(test_server_moves_off_its_clients_cpu);
    RUN(test_printf_length_modifiers);
    RUN(test_printf_leftover_bytes);
    RUN(test_request_of_exactly_a_slot);
    RUN(test_portable_kernel_printf_from_many_threads);
    RUN(test_portable_kernel_calls_a_host_function);
    RUN(test_lines_keep_their_order_through_a_full_buffer);
    RUN(test_a_malformed_output_record_fails_the_launch_and_the_buffer_recovers);
    RUN(test_output_size_is_rounded_up_and_bounded);
    free(output.text);
    return test_summary();
}
#endif /* OFFLOAD_NO_RPC */
