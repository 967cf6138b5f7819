/* tests/test_remote.c — remote devices over MPI (backends/remote/).

   Run plainly (as ./build.sh test does), it checks what needs no launcher: the backend's status
   when it is off, when the process was not started by mpirun, when the MPI library is missing or
   is of no MPI ABI it knows; and the message decoder against hand-made malformed messages and
   many mutated ones. Then it starts itself under Open MPI's mpirun twice and under MPICH's
   mpiexec once, each when the launcher is on PATH (else a listed skip, never a pass):
       mpirun -np 1 test_remote : -np 2 offload-remote-server      the operations (role "ops")
       mpirun -np 1 test_remote : -np 1 offload-remote-server      a server killed mid-way ("kill")
       mpiexec.mpich -n 1 test_remote : -n 2 offload-remote-server the operations over MPICH
   Started by a launcher it plays the application (rank 0): OFFLOAD_TEST_REMOTE_ROLE says which
   part, OFFLOAD_TEST_REMOTE_MPI_ABI which MPI ABI it must find, and its closing line is read
   back by the plain run, which counts its checks as its own.
   Includes the implementation (a unity build) to reach the decoder. */
#include "../offload_impl.c"
#include "files.h"
#include "mpi_launch.h"
#include "test.h"

#include <dirent.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/wait.h>

/* saxpy, a kernel that does nothing, one that adds 1 to a counter, and a global, in portable IR
   (no target triple). */
static const char test_ir[] = "@scale = global float 2.0\n"
                              "define void @saxpy(i32 %n, float %a, float* %x, float* %y) #0 {\n"
                              "entry:\n"
                              "  %tid = call i32 @offload_thread_id(i32 0)\n"
                              "  %bid = call i32 @offload_block_id(i32 0)\n"
                              "  %bdim = call i32 @offload_block_dim(i32 0)\n"
                              "  %base = mul i32 %bid, %bdim\n"
                              "  %i = add i32 %base, %tid\n"
                              "  %inside = icmp ult i32 %i, %n\n"
                              "  br i1 %inside, label %body, label %done\n"
                              "body:\n"
                              "  %idx = zext i32 %i to i64\n"
                              "  %px = getelementptr inbounds float, float* %x, i64 %idx\n"
                              "  %py = getelementptr inbounds float, float* %y, i64 %idx\n"
                              "  %vx = load float, float* %px, align 4\n"
                              "  %vy = load float, float* %py, align 4\n"
                              "  %s = load float, float* @scale, align 4\n"
                              "  %as = fmul float %a, %s\n"
                              "  %ax = fmul float %as, %vx\n"
                              "  %r = fadd float %ax, %vy\n"
                              "  store float %r, float* %py, align 4\n"
                              "  br label %done\n"
                              "done:\n"
                              "  ret void\n"
                              "}\n"
                              "define void @empty() #0 {\n"
                              "  ret void\n"
                              "}\n"
                              "define void @add_one(i32* %counter) #0 {\n"
                              "  %old = atomicrmw add i32* %counter, i32 1 seq_cst\n"
                              "  ret void\n"
                              "}\n"
                              "declare i32 @offload_thread_id(i32)\n"
                              "declare i32 @offload_block_id(i32)\n"
                              "declare i32 @offload_block_dim(i32)\n"
                              "attributes #0 = { \"offload-kernel\" }\n";

#define TEST_N 1000

/* ---- Without a launcher ---------------------------------------------------------------------- */

static void status_of(const offload_context_desc* desc, offload_backend_status* status) {
    offload_context* ctx = NULL;
    memset(status, 0, sizeof *status);
    if (offload_context_create(desc, &ctx) != OFFLOAD_SUCCESS) return;
    offload_backend_get_status(ctx, OFFLOAD_BACKEND_REMOTE, status);
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device_info info;
        offload_device_get_info(ctx, (offload_device){i + 1}, &info);
        CHECK(info.backend != OFFLOAD_BACKEND_REMOTE);
    }
    offload_context_destroy(ctx);
}

static void test_off_by_default(void) {
    offload_backend_status status;
    status_of(&(offload_context_desc){.no_environment = 1}, &status);
    CHECK(!status.loaded);
    CHECK(status.result == OFFLOAD_ERROR_NO_BACKEND);
    CHECK(strstr(status.reason, "off") != NULL);
    CHECK(strcmp(offload_backend_name(OFFLOAD_BACKEND_REMOTE), "remote") == 0);
}

static void test_not_launched(void) {
    if (offload__mpi_launched()) SKIP("this process was started by an MPI launcher");
    offload_backend_status status;
    status_of(&(offload_context_desc){.no_environment = 1, .remote.enable = 1}, &status);
    CHECK(!status.loaded);
    CHECK(strstr(status.reason, "not started by mpirun") != NULL);
}

/* With the launcher's variable set, the library is looked at (and never initialised here: it
   is missing or not MPI). */
static void test_library_problems(void) {
    if (offload__mpi_launched()) SKIP("this process was started by an MPI launcher");
    setenv("OMPI_COMM_WORLD_SIZE", "1", 1);
    offload_backend_status status;
    status_of(&(offload_context_desc){.no_environment = 1,
                                      .remote = {.enable = 1, .mpi_library_path = "/nonexistent/libmpi.so.40"}},
              &status);
    CHECK(!status.loaded);
    CHECK(strstr(status.reason, "library not found") != NULL);
    CHECK(strcmp(status.library, "/nonexistent/libmpi.so.40") == 0);
    status_of(&(offload_context_desc){.no_environment = 1, .remote = {.enable = 1, .mpi_library_path = "libm.so.6"}},
              &status);
    CHECK(!status.loaded);
    CHECK(strstr(status.reason, "unknown MPI ABI") != NULL);
    unsetenv("OMPI_COMM_WORLD_SIZE");
}

/* Each ABI told apart by the library's own symbols, with its handles (the library is opened,
   never initialised); without a path, the launcher decides which library is tried first. */
static void test_mpi_abis(void) {
    if (offload__mpi_launched()) SKIP("this process was started by an MPI launcher");
    offload__mpi mpi;
    char loaded[256], why[256];
    if (!offload__mpi_open(&mpi, "libmpich.so.12", loaded, sizeof loaded, why, sizeof why))
        SKIP("MPICH's library is not installed (Debian: libmpich12): %s", why);
    CHECK(strcmp(mpi.abi, "MPICH") == 0);
    CHECK(mpi.comm_world == 0x44000000u && mpi.byte == 0x4c00010du && mpi.errors_return == 0x54000001u);
    CHECK(mpi.MPI_Isend != NULL && mpi.MPI_Error_string != NULL);
    if (!offload__mpi_open(&mpi, "libmpi.so.40", loaded, sizeof loaded, why, sizeof why))
        SKIP("Open MPI's library is not installed (Debian: libopenmpi3): %s", why);
    CHECK(strcmp(mpi.abi, "Open MPI") == 0);
    CHECK(mpi.comm_world == (uintptr_t)dlsym(mpi.library, "ompi_mpi_comm_world") && mpi.comm_world > 0xffffffffu);
    setenv("PMI_SIZE", "1", 1); /* MPICH's launcher: its library first */
    CHECK(offload__mpi_open(&mpi, NULL, loaded, sizeof loaded, why, sizeof why));
    CHECK(strcmp(loaded, "libmpich.so.12") == 0 && strcmp(mpi.abi, "MPICH") == 0);
    unsetenv("PMI_SIZE");
    setenv("OMPI_COMM_WORLD_SIZE", "1", 1); /* Open MPI's */
    CHECK(offload__mpi_open(&mpi, NULL, loaded, sizeof loaded, why, sizeof why));
    CHECK(strcmp(loaded, "libmpi.so.40") == 0 && strcmp(mpi.abi, "Open MPI") == 0);
    unsetenv("OMPI_COMM_WORLD_SIZE");
}

/* A well-formed request: header then data. */
static size_t make_message(unsigned char* buffer, offload__remote_op op, const uint64_t* args, const void* data,
                           size_t data_size) {
    offload__remote_message m = offload__remote_header(op, 7, OFFLOAD__REMOTE_WANTS_REPLY);
    if (args) memcpy(m.arg, args, sizeof m.arg);
    m.data_size = data_size;
    memcpy(buffer, &m, sizeof m);
    if (data_size) memcpy(buffer + sizeof m, data, data_size);
    return sizeof m + data_size;
}

static int decodes(const unsigned char* bytes, size_t length) {
    offload__remote_message header;
    const unsigned char* data;
    char why[256] = "";
    int ok = offload__remote_decode(bytes, length, 1, &header, &data, why, sizeof why);
    CHECK(ok || why[0]); /* a refusal always says why */
    return ok;
}

static void test_decoder_hand_made(void) {
    static unsigned char b[(1 << 17)];
    uint64_t none[8] = {0};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_HELLO, none, NULL, 0)));
    size_t n = make_message(b, OFFLOAD__REMOTE_HELLO, none, NULL, 0);
    CHECK(!decodes(b, n - 1)); /* shorter than its header */
    CHECK(!decodes(b, 0));
    b[0] ^= 1; /* magic */
    CHECK(!decodes(b, n));
    make_message(b, OFFLOAD__REMOTE_HELLO, none, NULL, 0);
    ((offload__remote_message*)b)->version = 99;
    CHECK(!decodes(b, n));
    make_message(b, OFFLOAD__REMOTE_HELLO, none, NULL, 0);
    ((offload__remote_message*)b)->op = OFFLOAD__REMOTE_OP_COUNT;
    CHECK(!decodes(b, n));
    /* The data size must be the message's. */
    make_message(b, OFFLOAD__REMOTE_HELLO, none, NULL, 0);
    ((offload__remote_message*)b)->data_size = 1u << 30;
    CHECK(!decodes(b, n));
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_HELLO, none, "x", 1))); /* data where none goes */
    uint64_t copy[8] = {0, 0x1000};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO, copy, "abcd", 4)));
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO, copy, NULL, 0)));
    uint64_t to_null[8] = {0, 0};
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO, to_null, "abcd", 4)));
    uint64_t from_huge[8] = {0, 0x1000, OFFLOAD__REMOTE_CHUNK + 1};
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_FROM, from_huge, NULL, 0)));
    uint64_t fill_ok[8] = {0, 0x1000, 0xab, 4, 64, 0};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_FILL, fill_ok, NULL, 0)));
    uint64_t fill_bad[8] = {0, 0x1000, 0xab, 3, 63, 0};
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_FILL, fill_bad, NULL, 0)));
    uint64_t fill_odd[8] = {0, 0x1001, 0xab, 4, 64, 0};
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_FILL, fill_odd, NULL, 0)));
    uint64_t alloc_bad[8] = {0, 9, 64};
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_MEM_ALLOC, alloc_bad, NULL, 0)));
    uint64_t alloc_zero[8] = {0, OFFLOAD_MEM_DEVICE, 0};
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_MEM_ALLOC, alloc_zero, NULL, 0)));
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_KERNEL_GET, none, "saxpy", 6)));
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_KERNEL_GET, none, "saxpy", 5)));  /* no NUL */
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_GLOBAL_GET, none, "sa\0py", 6))); /* NUL inside */
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_GLOBAL_GET, none, "", 1)));       /* empty */
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_PROGRAM_CREATE, none, NULL, 0))); /* no image */
    uint64_t launch[8] = {0, 1, 1 | 1ull << 32, 1, 1 | 1ull << 32, 1, 0};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_LAUNCH, launch, "12345678", 8)));
    static unsigned char too_many_args[OFFLOAD__REMOTE_MAX_ARGS + 1];
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_LAUNCH, launch, too_many_args, sizeof too_many_args)));
    uint64_t launch_bad[8] = {0, 1, 1, 1ull << 40, 1, 1, 0};
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_LAUNCH, launch_bad, NULL, 0)));
}

/* Kernels' output as a context's desc.rpc.output gets it (the operations' context, local and
   remote kernels alike). */
static pthread_mutex_t output_lock = PTHREAD_MUTEX_INITIALIZER;
static char output_seen[1 << 17];
static size_t output_seen_length;

static void keep_output(const char* text, size_t size, void* user_data) {
    (void)user_data;
    pthread_mutex_lock(&output_lock);
    size_t n = size < sizeof output_seen - 1 - output_seen_length ? size : sizeof output_seen - 1 - output_seen_length;
    memcpy(output_seen + output_seen_length, text, n);
    output_seen_length += n;
    output_seen[output_seen_length] = '\0';
    pthread_mutex_unlock(&output_lock);
}

/* A reply's data ends in the server's kernels' output (arg5 bytes): all of it may be output, not
   one byte more. */
static void test_reply_output(void) {
    offload_context* ctx = NULL;
    REQUIRE_OK(ctx, offload_context_create(&(offload_context_desc){.rpc = {.output = keep_output}}, &ctx));
    output_seen_length = 0;
    const unsigned char payload[] = "answerline 1\n";
    offload__remote_message reply = offload__remote_header(OFFLOAD__REMOTE_QUEUE_SYNC, 1, 0);
    reply.data_size = sizeof payload - 1;
    reply.arg[5] = 7;
    char why[128];
    CHECK(offload__remote_take_output(ctx, &reply, payload, why, sizeof why));
    CHECK(reply.data_size == 6 && output_seen_length == 7 && memcmp(output_seen, "line 1\n", 7) == 0);
    reply.data_size = 13;
    reply.arg[5] = 13;
    CHECK(offload__remote_take_output(ctx, &reply, payload, why, sizeof why));
    CHECK(reply.data_size == 0 && output_seen_length == 20);
    reply.data_size = 13;
    reply.arg[5] = 14;
    CHECK(!offload__remote_take_output(ctx, &reply, payload, why, sizeof why));
    CHECK(strstr(why, "14 bytes of output in a reply of 13") != NULL && output_seen_length == 20);
    offload_context_destroy(ctx);
}

/* A server keeps its kernels' output up to its bound, the room for the note on what was lost
   aside: exactly that much goes whole, one byte more is counted lost and said so at the end. */
static void test_server_output_bound(void) {
    offload__remote_session s;
    memset(&s, 0, sizeof s);
    offload__mpi mpi;
    memset(&mpi, 0, sizeof mpi);
    mpi.rank = 3;
    s.mpi = &mpi;
    REQUIRE_OK(s.ctx, offload_context_create(NULL, &s.ctx));
    pthread_mutex_init(&s.output_lock, NULL);
    size_t bound = OFFLOAD__REMOTE_MAX_OUTPUT - OFFLOAD__REMOTE_OUTPUT_NOTE;
    char* text = (char*)malloc(bound + 1);
    REQUIRE(text != NULL);
    memset(text, 'a', bound + 1);
    for (int more = 0; more < 2; more++) {
        offload__remote_keep_output(text, bound + (size_t)more, &s);
        size_t size = 2;
        void* both = NULL;
        uint64_t output = 0;
        const char* data = (const char*)offload__remote_reply_with_output(&s, "xy", &size, &both, &output);
        REQUIRE(both != NULL && data == both);
        CHECK(memcmp(data, "xyaaa", 5) == 0 && size == 2 + output && s.output_length == 0);
        const char note[] = "offload-remote-server rank 3: 1 bytes of kernel output lost\n";
        if (!more) {
            CHECK(output == bound && data[size - 1] == 'a');
        } else {
            CHECK(output == bound + sizeof note - 1);
            CHECK(memcmp(data + size - (sizeof note - 1), note, sizeof note - 1) == 0);
        }
        offload__free(s.ctx, both);
    }
    free(text);
    free(s.output);
    pthread_mutex_destroy(&s.output_lock);
    offload_context_destroy(s.ctx);
}

/* Each limit of the decoder from both sides: the largest value it takes and the first it refuses. */
static void test_decoder_limits(void) {
    static unsigned char b[(1 << 17)];
    uint64_t none[8] = {0};
    /* a name of OFFLOAD__REMOTE_MAX_NAME bytes with its NUL, and one byte more */
    static char name[OFFLOAD__REMOTE_MAX_NAME + 1];
    memset(name, 'k', sizeof name);
    name[OFFLOAD__REMOTE_MAX_NAME - 1] = '\0';
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_KERNEL_GET, none, name, OFFLOAD__REMOTE_MAX_NAME)));
    /* a copy with another server: no queue, 1 byte to one chunk, a rank in 1 .. INT32_MAX */
    uint64_t peer[8] = {0, 0x1000, OFFLOAD__REMOTE_CHUNK, INT32_MAX};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_PEER_SEND, peer, NULL, 0)));
    peer[2] = OFFLOAD__REMOTE_CHUNK + 1;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_PEER_RECV, peer, NULL, 0)));
    peer[2] = 1;
    peer[3] = (uint64_t)INT32_MAX + 1;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_PEER_RECV, peer, NULL, 0)));
    peer[3] = 0;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_PEER_SEND, peer, NULL, 0)));
    peer[3] = 1;
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_PEER_RECV, peer, NULL, 0)));
    peer[0] = 5; /* a queue */
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_PEER_RECV, peer, NULL, 0)));
    /* a kernel asked for as a host entry (1) or not (0), nothing else */
    uint64_t entry[8] = {0, 1};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_KERNEL_GET, entry, "k", 2)));
    entry[1] = 2;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_KERNEL_GET, entry, "k", 2)));
    name[OFFLOAD__REMOTE_MAX_NAME - 1] = 'k';
    name[OFFLOAD__REMOTE_MAX_NAME] = '\0';
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_GLOBAL_GET, none, name, OFFLOAD__REMOTE_MAX_NAME + 1)));
    /* a fill of whole patterns only: 64 bytes of a 4-byte pattern, not 62 */
    uint64_t fill[8] = {0, 0x1000, 0xab, 4, 64, 0};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_FILL, fill, NULL, 0)));
    fill[4] = 62;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_FILL, fill, NULL, 0)));
    /* every kind of memory from OFFLOAD_MEM_DEVICE to OFFLOAD_MEM_SHARED, none past it */
    for (uint64_t kind = OFFLOAD_MEM_DEVICE; kind <= OFFLOAD_MEM_SHARED + 1; kind++) {
        uint64_t alloc[8] = {0, kind, 64};
        CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_MEM_ALLOC, alloc, NULL, 0)) == (kind <= OFFLOAD_MEM_SHARED));
    }
    /* an argument buffer of exactly OFFLOAD__REMOTE_MAX_ARGS bytes */
    static unsigned char args[OFFLOAD__REMOTE_MAX_ARGS];
    uint64_t launch[8] = {0, 1, 1 | 1ull << 32, 1, 1 | 1ull << 32, 1, 0};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_LAUNCH, launch, args, sizeof args)));
    /* the grid's and the block's z within 32 bits, and the shared memory */
    launch[3] = UINT32_MAX;
    launch[5] = UINT32_MAX;
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_LAUNCH, launch, NULL, 0)));
    launch[5] = 1ull << 32;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_LAUNCH, launch, NULL, 0)));
    launch[5] = 1;
    launch[6] = SIZE_MAX / 2 + 1;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_LAUNCH, launch, NULL, 0)));
    /* a copy from the device of exactly one chunk, and one byte more */
    uint64_t from[8] = {0, 0x1000, OFFLOAD__REMOTE_CHUNK};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_FROM, from, NULL, 0)));
    from[2] = OFFLOAD__REMOTE_CHUNK + 1;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_FROM, from, NULL, 0)));
    /* a copy within the server names both addresses */
    uint64_t within[8] = {0, 0x1000, 0x2000, 64, 0, 0};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_WITHIN, within, NULL, 0)));
    within[2] = 0;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_WITHIN, within, NULL, 0)));
    within[2] = 0x2000;
    within[1] = 0;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_WITHIN, within, NULL, 0)));
    /* a large copy to the device: one byte to one chunk, to an address, its bytes not in the
       request */
    uint64_t large[8] = {0, 0x1000, OFFLOAD__REMOTE_CHUNK};
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large, NULL, 0)));
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large, "abcd", 4)));
    large[2] = OFFLOAD__REMOTE_CHUNK + 1;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large, NULL, 0)));
    large[2] = 1;
    CHECK(decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large, NULL, 0)));
    large[2] = 0;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large, NULL, 0)));
    large[2] = 64;
    large[1] = 0;
    CHECK(!decodes(b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large, NULL, 0)));
}

/* A batch holding items (requests one after the other, as make_message writes them) into
   buffer, with the batch's own flags: its length. */
static size_t make_batch(unsigned char* buffer, const unsigned char* items, size_t items_size, uint32_t flags) {
    offload__remote_message m = offload__remote_header(OFFLOAD__REMOTE_BATCH, 7, flags);
    m.data_size = items_size;
    memcpy(buffer, &m, sizeof m);
    memcpy(buffer + sizeof m, items, items_size);
    return sizeof m + items_size;
}

/* A batch is accepted only when its requests fill it exactly and none is a batch; a request in
   it is checked when it is served, as a request alone. */
static void test_decoder_batch(void) {
    static unsigned char items[4096], b[8192];
    uint64_t fill[8] = {0x10001, 0x1000, 0xab, 4, 64, 0};
    uint64_t launch[8] = {0x10001, 1, 1 | 1ull << 32, 1, 1 | 1ull << 32, 1, 0};
    size_t n = make_message(items, OFFLOAD__REMOTE_FILL, fill, NULL, 0);
    size_t first = n;
    n += make_message(items + n, OFFLOAD__REMOTE_LAUNCH, launch, "12345678", 8);
    CHECK(decodes(b, make_batch(b, items, n, 0)));
    CHECK(!decodes(b, make_batch(b, items, 0, 0)));          /* no requests */
    CHECK(!decodes(b, make_batch(b, items, n - 1, 0)));      /* the last one's data cut short */
    CHECK(!decodes(b, make_batch(b, items, first + 50, 0))); /* a header cut short */
    /* the second header one byte short, and whole with its data cut off */
    CHECK(!decodes(b, make_batch(b, items, first + sizeof(offload__remote_message) - 1, 0)));
    CHECK(!decodes(b, make_batch(b, items, first + sizeof(offload__remote_message), 0)));
    /* A request that says more data than the batch has left. */
    ((offload__remote_message*)(items + first))->data_size = 1ull << 62;
    CHECK(!decodes(b, make_batch(b, items, n, 0)));
    ((offload__remote_message*)(items + first))->data_size = UINT64_MAX;
    CHECK(!decodes(b, make_batch(b, items, n, 0)));
    ((offload__remote_message*)(items + first))->data_size = 8;
    CHECK(decodes(b, make_batch(b, items, n, 0)));
    /* A batch inside a batch. */
    size_t inner = make_batch(items + n, items, first, 0);
    CHECK(!decodes(b, make_batch(b, items, n + inner, 0)));
    /* A large copy in a batch: its bytes would have to come after the batch. */
    uint64_t large[8] = {0x10001, 0x1000, 64};
    size_t copy = make_message(items + n, OFFLOAD__REMOTE_COPY_TO_LARGE, large, NULL, 0);
    CHECK(decodes(items + n, copy));
    CHECK(!decodes(b, make_batch(b, items, n + copy, 0)));
    /* A request in a batch that breaks its operation's rules passes the batch's check: it is
       refused when served, exactly as it would be alone. */
    uint64_t fill_bad[8] = {0, 0x1000, 0xab, 3, 63, 0};
    size_t bad = make_message(items, OFFLOAD__REMOTE_FILL, fill_bad, NULL, 0);
    CHECK(decodes(b, make_batch(b, items, bad, 0)));
    CHECK(!decodes(items, bad));
}

/* Mutations of valid messages of every operation: the decoder never reads outside the message
   (ASan's job in the sanitized build) and an accepted message always obeys the rules. */
static void test_decoder_mutations(void) {
    unsigned char b[512];
    uint64_t state = 0x9e3779b97f4a7c15ull;
    for (int round = 0; round < 200000; round++) {
        uint64_t args[8];
        for (int i = 0; i < 8; i++) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            args[i] = (state >> 33) % 8 == 0 ? state : (state >> 60);
        }
        size_t data_size = (state >> 20) % 24;
        size_t n = make_message(b, (offload__remote_op)(round % OFFLOAD__REMOTE_OP_COUNT), args,
                                "saxpy\0more-bytes-here!!", data_size);
        int flips = (int)((state >> 40) % 4);
        for (int f = 0; f < flips; f++) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            b[(state >> 33) % n] ^= (unsigned char)(1u << ((state >> 50) % 8));
        }
        size_t length = (state >> 45) % 16 == 0 ? (size_t)((state >> 24) % (n + 1)) : n;
        /* The decoder gets exactly `length` bytes, in a buffer of that size. */
        unsigned char* exact = (unsigned char*)malloc(length ? length : 1);
        memcpy(exact, b, length);
        offload__remote_message header;
        const unsigned char* data;
        char why[256];
        if (offload__remote_decode(exact, length, 1, &header, &data, why, sizeof why)) {
            CHECK(header.data_size == length - sizeof header);
            CHECK(header.op < OFFLOAD__REMOTE_OP_COUNT);
            if (header.op == OFFLOAD__REMOTE_KERNEL_GET || header.op == OFFLOAD__REMOTE_GLOBAL_GET)
                CHECK(strlen((const char*)data) + 1 == header.data_size);
        }
        free(exact);
    }
}

/* ---- Under mpirun: the application's side ---------------------------------------------------- */

static offload_context* remote_context(uint32_t timeout_ms) {
    offload_context* ctx = NULL;
    offload_context_desc desc = {.remote = {.enable = 1, .timeout_ms = timeout_ms}, .rpc = {.output = keep_output}};
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return NULL;
    return ctx;
}

/* The remote device of backend `backend` served by rank `rank`, or id 0. */
static offload_device remote_device_of(offload_context* ctx, int rank, offload_backend backend) {
    uint32_t count = 0;
    offload_device_count(ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device_info info;
        offload_device_get_info(ctx, (offload_device){i + 1}, &info);
        if (info.backend == OFFLOAD_BACKEND_REMOTE && info.remote_rank == rank && info.remote_backend == backend)
            return (offload_device){i + 1};
    }
    return (offload_device){0};
}

/* The host device of the index-th server rank. */
static offload_device remote_device(offload_context* ctx, uint32_t index) {
    return remote_device_of(ctx, (int)index + 1, OFFLOAD_BACKEND_HOST);
}

typedef struct saxpy_run {
    offload_program program;
    offload_kernel kernel;
    float* x;
    float* y;
} saxpy_run;

/* Runs saxpy (a = 3, scale global = 2.5) on device, synchronously or on a queue, into y. */
static void run_saxpy(offload_context* ctx, offload_device device, int queued, float* y) {
    offload_device host = {1};
    float x[TEST_N];
    for (int i = 0; i < TEST_N; i++) x[i] = (float)i * 0.5f, y[i] = (float)(TEST_N - i);
    offload_program program;
    REQUIRE_OK(ctx, offload_program_create(
                        ctx, device, &(offload_program_desc){.image = test_ir, .size = sizeof test_ir - 1}, &program));
    offload_kernel kernel;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "saxpy", &kernel));
    size_t args_size = 0;
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, kernel, &args_size));
    CHECK(args_size == 24);
    float scale = 2.5f, scale_back = 0;
    CHECK_OK(ctx, offload_global_write(ctx, program, "scale", 0, &scale, sizeof scale));
    CHECK_OK(ctx, offload_global_read(ctx, program, "scale", 0, &scale_back, sizeof scale_back));
    CHECK(scale_back == 2.5f);
    void *dx, *dy;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, sizeof x, &dx));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, sizeof x, &dy));
    struct {
        int32_t n;
        float a;
        void* x;
        void* y;
    } args = {TEST_N, 3.0f, dx, dy};
    offload_launch_desc launch = {
        .grid = {(TEST_N + 127) / 128}, .block = {128}, .args = &args, .args_size = sizeof args};
    if (queued) {
        offload_queue q;
        offload_event start, end;
        REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q));
        REQUIRE_OK(ctx, offload_event_create(ctx, device, &start));
        REQUIRE_OK(ctx, offload_event_create(ctx, device, &end));
        CHECK_OK(ctx, offload_event_record(ctx, start, q));
        CHECK_OK(ctx, offload_memcpy_async(ctx, q, device, dx, host, x, sizeof x));
        CHECK_OK(ctx, offload_memcpy_async(ctx, q, device, dy, host, y, sizeof x));
        CHECK_OK(ctx, offload_launch(ctx, q, kernel, &launch));
        CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, y, device, dy, sizeof x));
        CHECK_OK(ctx, offload_event_record(ctx, end, q));
        CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
        CHECK_OK(ctx, offload_event_synchronize(ctx, end));
        CHECK_OK(ctx, offload_event_query(ctx, end));
        CHECK_OK(ctx, offload_queue_query(ctx, q));
        float ms = -1;
        CHECK_OK(ctx, offload_event_elapsed_time(ctx, start, end, &ms));
        CHECK(ms >= 0);
        CHECK_OK(ctx, offload_event_destroy(ctx, start));
        CHECK_OK(ctx, offload_event_destroy(ctx, end));
        CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    } else {
        CHECK_OK(ctx, offload_memcpy(ctx, device, dx, host, x, sizeof x));
        CHECK_OK(ctx, offload_memcpy(ctx, device, dy, host, y, sizeof x));
        CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, kernel, &launch));
        CHECK_OK(ctx, offload_memcpy(ctx, host, y, device, dy, sizeof x));
    }
    CHECK_OK(ctx, offload_mem_free(ctx, dx));
    CHECK_OK(ctx, offload_mem_free(ctx, dy));
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
}

static offload_context* ops_ctx;

static void test_remote_devices_listed(void) {
    offload_context* ctx = ops_ctx;
    offload_backend_status status;
    REQUIRE_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_REMOTE, &status));
    CHECK(status.loaded);
    CHECK(status.device_count >= 2);
    /* The library of the launcher's MPI, found without being named, and its ABI told apart. */
    const char* abi = getenv("OFFLOAD_TEST_REMOTE_MPI_ABI");
    REQUIRE(abi != NULL);
    char expected[64];
    snprintf(expected, sizeof expected, "(%s)", abi);
    CHECK(strstr(status.reason, expected) != NULL);
    CHECK(strstr(status.library, strcmp(abi, "MPICH") == 0 ? "libmpich" : "libmpi.so") != NULL);
    for (uint32_t i = 0; i < 2; i++) {
        offload_device d = remote_device(ctx, i);
        REQUIRE(d.id != 0);
        offload_device_info info;
        REQUIRE_OK(ctx, offload_device_get_info(ctx, d, &info));
        CHECK(info.remote_rank == (int)i + 1);
        CHECK(info.remote_index == 0);
        CHECK(info.remote_backend == OFFLOAD_BACKEND_HOST);
        CHECK(info.max_block_size > 0 && info.name[0] != '\0');
        CHECK(!info.supports_virtual_memory);
    }
    /* The servers load the simulated drivers they were given (run_under_mpirun, test_mpich_operations). */
    offload_device_info cuda, amd;
    REQUIRE_OK(ctx, offload_device_get_info(ctx, remote_device_of(ctx, 1, OFFLOAD_BACKEND_CUDA), &cuda));
    REQUIRE_OK(ctx, offload_device_get_info(ctx, remote_device_of(ctx, 2, OFFLOAD_BACKEND_AMDGPU), &amd));
    CHECK(strstr(cuda.name, "Simulated") != NULL && cuda.remote_index == 1 && cuda.warp_size == 32);
    CHECK(strstr(amd.name, "Simulated") != NULL && amd.remote_index == 2 && amd.warp_size == 64);
}

/* Memory and programs on the servers' simulated GPUs: the server's JIT compiles the portable IR
   for each (PTX, an AMDGPU code object) and its driver loads it. */
static void test_simulated_gpus(void) {
    offload_context* ctx = ops_ctx;
    offload_backend backends[2] = {OFFLOAD_BACKEND_CUDA, OFFLOAD_BACKEND_AMDGPU};
    offload_device host = {1};
    for (int b = 0; b < 2; b++) {
        offload_device device = remote_device_of(ctx, 1, backends[b]);
        REQUIRE(device.id != 0);
        uint32_t in[256], out[256];
        for (int i = 0; i < 256; i++) in[i] = (uint32_t)i * 2654435761u;
        void* d;
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, sizeof in, &d));
        CHECK_OK(ctx, offload_memcpy(ctx, device, d, host, in, sizeof in));
        uint32_t pattern = 0x01020304;
        CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, device, (char*)d + 512, &pattern, 4, 256));
        CHECK_OK(ctx, offload_memcpy(ctx, host, out, device, d, sizeof out));
        CHECK(memcmp(out, in, 512) == 0);
        CHECK(out[150] == pattern && out[200] == in[200]);
        offload_program program;
        CHECK_OK(ctx, offload_program_create(ctx, device,
                                             &(offload_program_desc){.image = test_ir, .size = sizeof test_ir - 1},
                                             &program));
        offload_kernel kernel;
        size_t args_size = 0;
        CHECK_OK(ctx, offload_kernel_get(ctx, program, "saxpy", &kernel));
        CHECK_OK(ctx, offload_kernel_get_args_size(ctx, kernel, &args_size));
        CHECK(args_size == 24);
        CHECK_OK(ctx, offload_program_destroy(ctx, program));
        CHECK_OK(ctx, offload_mem_free(ctx, d));
    }
}

static void test_saxpy_matches_local(void) {
    offload_context* ctx = ops_ctx;
    static float local[TEST_N], remote_sync[TEST_N], remote_queued[TEST_N];
    run_saxpy(ctx, (offload_device){1}, 0, local);
    run_saxpy(ctx, remote_device(ctx, 0), 0, remote_sync);
    run_saxpy(ctx, remote_device(ctx, 1), 1, remote_queued);
    CHECK(memcmp(local, remote_sync, sizeof local) == 0);
    CHECK(memcmp(local, remote_queued, sizeof local) == 0);
    CHECK(local[10] == 3.0f * 2.5f * 5.0f + (float)(TEST_N - 10));
}

/* A host entry (a plain C function of a shared object, as OpenMP target regions are) on a
   server's host device: the server loads the object and calls the entry with the pointers of
   the argument buffer, in its own process. A kernel name that is not a host entry is refused by
   the server with its kind; a device not served by a host device is refused before asking. */
static void test_host_entries(void) {
    offload_context* ctx = ops_ctx;
    static const char* source = "#include <unistd.h>\n"
                                "int base = 7;\n"
                                "void where(int* out, const int* a) { out[0] = (int)getpid(); out[1] = *a + base; }\n";
    size_t size = 0;
    char* image = test_build_shared_object(source, &size);
    if (!image) SKIP("no C compiler (cc) to build a shared object");
    offload_device host = {1};
    offload_device devices[2] = {host, remote_device(ctx, 0)};
    int pids[2] = {0, 0};
    for (int d = 0; d < 2; d++) {
        offload_program program;
        REQUIRE_OK(ctx, offload_program_create(ctx, devices[d], &(offload_program_desc){.image = image, .size = size},
                                               &program));
        offload_kernel entry;
        REQUIRE_OK(ctx, offload_kernel_get_host_entry(ctx, program, "where", &entry));
        int a = 5, out[2] = {0, 0};
        void *d_out, *d_a;
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, devices[d], OFFLOAD_MEM_DEVICE, sizeof out, &d_out));
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, devices[d], OFFLOAD_MEM_DEVICE, sizeof a, &d_a));
        CHECK_OK(ctx, offload_memcpy(ctx, devices[d], d_a, host, &a, sizeof a));
        void* pointers[2] = {d_out, d_a};
        offload_launch_desc launch = {.grid = {1}, .block = {1}, .args = pointers, .args_size = sizeof pointers};
        CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, entry, &launch));
        CHECK_OK(ctx, offload_memcpy(ctx, host, out, devices[d], d_out, sizeof out));
        CHECK(out[1] == 12);
        pids[d] = out[0];
        CHECK_OK(ctx, offload_mem_free(ctx, d_out));
        CHECK_OK(ctx, offload_mem_free(ctx, d_a));
        CHECK_OK(ctx, offload_program_destroy(ctx, program));
    }
    CHECK(pids[0] == (int)getpid());
    CHECK(pids[1] > 0 && pids[1] != (int)getpid());
    free(image);

    /* saxpy of the portable IR is a block kernel: not a host entry, says the server */
    offload_program ir;
    REQUIRE_OK(ctx, offload_program_create(ctx, remote_device(ctx, 0),
                                           &(offload_program_desc){.image = test_ir, .size = sizeof test_ir - 1}, &ir));
    offload_kernel k;
    CHECK(offload_kernel_get_host_entry(ctx, ir, "saxpy", &k) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NOT_A_HOST_ENTRY);
    CHECK_OK(ctx, offload_kernel_get(ctx, ir, "saxpy", &k));
    CHECK_OK(ctx, offload_program_destroy(ctx, ir));
    /* a server's simulated CUDA device runs no host code */
    offload_program on_gpu;
    REQUIRE_OK(ctx,
               offload_program_create(ctx, remote_device_of(ctx, 1, OFFLOAD_BACKEND_CUDA),
                                      &(offload_program_desc){.image = test_ir, .size = sizeof test_ir - 1}, &on_gpu));
    CHECK(offload_kernel_get_host_entry(ctx, on_gpu, "saxpy", &k) == OFFLOAD_ERROR_UNSUPPORTED);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_HOST_ENTRY_NOT_ON_HOST);
    CHECK_OK(ctx, offload_program_destroy(ctx, on_gpu));
}

/* A host callback holds the later work of its queue in this process (held.inc); a record held
   there that a later record of the same event supersedes is dropped, not sent when the callback
   has run: the event stays at its later record. Here the later record, on another queue, comes
   first; the held one would come 60 ms later and stretch the event's elapsed time past that. */
static atomic_int gate_open;
static void wait_for_gate(void* user_data) {
    (void)user_data;
    while (!atomic_load(&gate_open)) usleep(1000);
}

static void test_callbacks_hold_later_work(void) {
    offload_context* ctx = ops_ctx;
    offload_device device = remote_device(ctx, 0);
    offload_queue q1, q2, q3;
    offload_event start, e;
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q1));
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q2));
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q3));
    REQUIRE_OK(ctx, offload_event_create(ctx, device, &start));
    REQUIRE_OK(ctx, offload_event_create(ctx, device, &e));
    atomic_store(&gate_open, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q1, wait_for_gate, NULL));
    CHECK_OK(ctx, offload_event_record(ctx, e, q1)); /* held behind the callback */
    CHECK_RESULT(ctx, offload_event_query(ctx, e), OFFLOAD_ERROR_NOT_READY);
    CHECK_OK(ctx, offload_queue_wait_event(ctx, q3, e)); /* held too: e's latest record is */
    CHECK_RESULT(ctx, offload_queue_query(ctx, q3), OFFLOAD_ERROR_NOT_READY);
    CHECK_OK(ctx, offload_event_record(ctx, start, q2));
    CHECK_OK(ctx, offload_event_record(ctx, e, q2));  /* supersedes the held one */
    CHECK_OK(ctx, offload_event_synchronize(ctx, e)); /* no callback runs for it */
    CHECK_RESULT(ctx, offload_queue_query(ctx, q1), OFFLOAD_ERROR_NOT_READY);
    usleep(60000);
    atomic_store(&gate_open, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q3)); /* drives q1: the callback runs here */
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q1));
    float ms = -1;
    CHECK_OK(ctx, offload_event_elapsed_time(ctx, start, e, &ms));
    CHECK(ms >= 0 && ms < 40);
    /* An event destroyed while a held record names it goes once that record is out. */
    atomic_store(&gate_open, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q1, wait_for_gate, NULL));
    CHECK_OK(ctx, offload_event_record(ctx, e, q1));
    CHECK_OK(ctx, offload_event_destroy(ctx, e));
    atomic_store(&gate_open, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q1));
    CHECK_OK(ctx, offload_event_destroy(ctx, start));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q1));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q2));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q3));
}

/* printf in portable IR: each thread prints "line I of N" (N = the grid's threads). */
static const char print_ir[] =
    "@fmt = private constant [16 x i8] c\"line %u of %u\\0A\\00\\00\"\n"
    "declare i32 @offload_thread_id(i32)\n"
    "declare i32 @offload_block_id(i32)\n"
    "declare i32 @offload_block_dim(i32)\n"
    "declare i32 @offload_grid_dim(i32)\n"
    "declare i32 @offload_printf(i8*, i8*, i32)\n"
    "define void @print() \"offload-kernel\" {\n"
    "  %args = alloca { i32, i32 }, align 8\n"
    "  %t = call i32 @offload_thread_id(i32 0)\n  %b = call i32 @offload_block_id(i32 0)\n"
    "  %d = call i32 @offload_block_dim(i32 0)\n  %g = call i32 @offload_grid_dim(i32 0)\n"
    "  %bd = mul i32 %b, %d\n  %i = add i32 %bd, %t\n  %n = mul i32 %g, %d\n"
    "  %a0 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 0\n  store i32 %i, i32* %a0\n"
    "  %a1 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 1\n  store i32 %n, i32* %a1\n"
    "  %ap = bitcast { i32, i32 }* %args to i8*\n"
    "  %f = getelementptr [16 x i8], [16 x i8]* @fmt, i32 0, i32 0\n"
    "  %r = call i32 @offload_printf(i8* %f, i8* %ap, i32 8)\n  ret void\n}\n";

/* Whether the output seen holds "line I of N" for every I < N, each once. */
static int output_has_lines(uint32_t n) {
    pthread_mutex_lock(&output_lock);
    int all = 1;
    char line[64];
    for (uint32_t i = 0; i < n && all; i++) {
        snprintf(line, sizeof line, "line %u of %u\n", i, n);
        const char* at = strstr(output_seen, line);
        all = at && (at == output_seen || at[-1] == '\n') && !strstr(at + 1, line);
    }
    pthread_mutex_unlock(&output_lock);
    return all;
}

/* A remote kernel's printf comes out in this process (desc.rpc.output here), carried by the
   server's next reply: a queue's synchronize. 4,096 lines (56 KiB) go in one reply. */
/* With no thread waiting for the queue, the context's callback thread runs a callback once the
   work before it is done, and sends what was held behind it: an event recorded after it is
   reached while this thread only queries it (a query runs nothing itself). */
static atomic_int callback_flag;
static void raise_flag(void* user_data) {
    (void)user_data;
    atomic_store(&callback_flag, 1);
}

static void test_callback_runs_unwaited(void) {
    offload_context* ctx = ops_ctx;
    offload_device device = remote_device(ctx, 0);
    offload_queue q;
    offload_event after;
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q));
    REQUIRE_OK(ctx, offload_event_create(ctx, device, &after));
    atomic_store(&callback_flag, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, raise_flag, NULL));
    CHECK_OK(ctx, offload_event_record(ctx, after, q));
    int reached = 0;
    for (int waited = 0; waited < 5000 && !reached; waited++) {
        reached = offload_event_query(ctx, after) == OFFLOAD_SUCCESS;
        if (!reached) usleep(1000);
    }
    CHECK(reached);
    CHECK(atomic_load(&callback_flag) == 1);
    CHECK_OK(ctx, offload_queue_query(ctx, q));
    /* A launch held behind a callback took its arguments when it was enqueued. */
    offload_program program;
    offload_kernel add_one;
    REQUIRE_OK(ctx, offload_program_create(
                        ctx, device, &(offload_program_desc){.image = test_ir, .size = sizeof test_ir - 1}, &program));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "add_one", &add_one));
    void *counters, *target;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, 8, &counters));
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, device, counters, &(uint32_t){0}, 4, 8));
    atomic_store(&gate_open, 0);
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, wait_for_gate, NULL));
    target = counters;
    offload_launch_desc launch = {.grid = {1}, .block = {1}, .args = &target, .args_size = sizeof target};
    CHECK_OK(ctx, offload_launch(ctx, q, add_one, &launch));
    target = (char*)counters + 4;
    atomic_store(&gate_open, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    uint32_t seen[2] = {9, 9};
    CHECK_OK(ctx, offload_memcpy(ctx, (offload_device){1}, seen, device, counters, sizeof seen));
    CHECK(seen[0] == 1 && seen[1] == 0);
    CHECK_OK(ctx, offload_mem_free(ctx, counters));
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
    CHECK_OK(ctx, offload_event_destroy(ctx, after));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
}

static void test_kernel_output_in_application(void) {
    offload_context* ctx = ops_ctx;
    offload_device device = remote_device(ctx, 0);
    offload_program program;
    REQUIRE_OK(ctx, offload_program_create(ctx, device,
                                           &(offload_program_desc){.image = print_ir, .size = sizeof print_ir - 1},
                                           &program));
    offload_kernel print;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "print", &print));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q));
    uint32_t sizes[2] = {4, 4096};
    for (int k = 0; k < 2; k++) {
        pthread_mutex_lock(&output_lock);
        output_seen_length = 0;
        output_seen[0] = '\0';
        pthread_mutex_unlock(&output_lock);
        offload_launch_desc launch = {.grid = {sizes[k] / 4}, .block = {4}};
        CHECK_OK(ctx, offload_launch(ctx, q, print, &launch));
        CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
        CHECK(output_has_lines(sizes[k]));
    }
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
}

/* Between the devices of two servers, straight from one to the other (PEER_SEND, PEER_RECV), in
   chunks: 20 MiB from rank 1's host device (sent from where it is) to rank 2's (received into a
   buffer there: that server runs initcheck, which must see the bytes written), and back at odd
   offsets; from a server's simulated CUDA device (staged there). A refusal at either end fails
   the copy with its kind, and the next copy finds both servers in step. */
static void test_copies_between_servers(void) {
    offload_context* ctx = ops_ctx;
    enum { SIZE = 20 << 20 };
    offload_device host = {1}, one = remote_device(ctx, 0), two = remote_device(ctx, 1);
    offload_device gpu = remote_device_of(ctx, 1, OFFLOAD_BACKEND_CUDA);
    unsigned char* in = (unsigned char*)malloc(SIZE);
    unsigned char* out = (unsigned char*)malloc(SIZE);
    REQUIRE(in && out);
    for (size_t i = 0; i < SIZE; i++) in[i] = (unsigned char)(i * 2654435761u >> 13);
    void *a, *b, *g;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, one, OFFLOAD_MEM_DEVICE, SIZE, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, two, OFFLOAD_MEM_DEVICE, SIZE, &b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, gpu, OFFLOAD_MEM_DEVICE, 4096, &g));
    CHECK_OK(ctx, offload_memcpy(ctx, one, a, host, in, SIZE));
    CHECK_OK(ctx, offload_memcpy(ctx, two, b, one, a, SIZE));
    memset(out, 0, SIZE);
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, two, b, SIZE));
    CHECK(memcmp(out, in, SIZE) == 0);
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, one, a, &(uint8_t){0}, 1, SIZE));
    CHECK_OK(ctx, offload_memcpy(ctx, one, (char*)a + 3, two, (char*)b + 5, SIZE - 8));
    memset(out, 0xee, SIZE);
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, one, a, SIZE));
    CHECK(out[0] == 0 && out[2] == 0 && memcmp(out + 3, in + 5, SIZE - 8) == 0 && out[SIZE - 5] == 0);
    /* a simulated GPU of rank 1 to rank 2's host device */
    CHECK_OK(ctx, offload_memcpy(ctx, gpu, g, host, in + 100, 4096));
    CHECK_OK(ctx, offload_memcpy(ctx, two, (char*)b + 1000, gpu, g, 4096));
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, two, (char*)b + 1000, 4096));
    CHECK(memcmp(out, in + 100, 4096) == 0);
    /* refused by the sender, then by the receiver; then a good one */
    CHECK_RESULT(ctx, offload_memcpy(ctx, two, b, one, (char*)a + SIZE - 10, 20), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_NO_ALLOCATION);
    CHECK_RESULT(ctx, offload_memcpy(ctx, two, (char*)b + SIZE - 10, one, a, 20), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_NO_ALLOCATION);
    CHECK_OK(ctx, offload_memcpy(ctx, two, b, one, (char*)a + 3, 64));
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, two, b, 64));
    CHECK(memcmp(out, in + 5, 64) == 0);
    /* queued (made by this process in the queue's order, maybe on the callback thread): its
       refusal comes back at the queue's synchronize, with its kind, on this thread, once */
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, two, &q));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, two, b, one, (char*)a + SIZE - 10, 20));
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_NO_ALLOCATION);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, two, (char*)b + 7, one, (char*)a + 3, SIZE - 8));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, out, two, b, SIZE));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(memcmp(out + 7, in + 5, SIZE - 8) == 0);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    CHECK_OK(ctx, offload_mem_free(ctx, g));
    free(in);
    free(out);
}

/* The "record" role: saxpy on the server's host device, synchronously and on a queue, which the
   server records (test_mpirun_record_and_replay replays them). */
static void test_launches_to_record(void) {
    offload_context* ctx = remote_context(0);
    REQUIRE(ctx != NULL);
    static float y[TEST_N];
    run_saxpy(ctx, remote_device(ctx, 0), 0, y);
    run_saxpy(ctx, remote_device(ctx, 0), 1, y);
    CHECK(y[10] == 3.0f * 2.5f * 5.0f + (float)(TEST_N - 10));
    offload_context_destroy(ctx);
}

static void test_fill_and_large_copy(void) {
    offload_context* ctx = ops_ctx;
    offload_device device = remote_device(ctx, 0), host = {1};
    size_t size = (size_t)20 << 20; /* several chunks */
    unsigned char* in = (unsigned char*)malloc(size);
    unsigned char* out = (unsigned char*)malloc(size);
    REQUIRE(in && out);
    for (size_t i = 0; i < size; i++) in[i] = (unsigned char)(i * 7 + (i >> 12));
    void* d;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, size, &d));
    CHECK_OK(ctx, offload_memcpy(ctx, device, d, host, in, size));
    memset(out, 0, size);
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, device, d, size));
    CHECK(memcmp(in, out, size) == 0);
    uint32_t pattern = 0xa5a5f00d;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, device, (char*)d + 4096, &pattern, 4, 4096));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q));
    uint16_t half = 0x1234;
    CHECK_OK(ctx, offload_memfill(ctx, q, device, (char*)d + 8192, &half, 2, 64));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, out, device, d, 16384));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    uint32_t word;
    memcpy(&word, out + 4096 + 100 * 4, 4);
    CHECK(word == pattern);
    uint16_t h;
    memcpy(&h, out + 8192 + 10, 2);
    CHECK(h == half);
    CHECK(memcmp(out, in, 4096) == 0);
    /* Within the device, and between the two servers' devices (test_copies_between_servers). */
    void* d2;
    offload_device other = remote_device(ctx, 1);
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, other, OFFLOAD_MEM_DEVICE, 4096, &d2));
    CHECK_OK(ctx, offload_memcpy(ctx, device, (char*)d + 65536, device, d, 4096));
    CHECK_OK(ctx, offload_memcpy(ctx, other, d2, device, (char*)d + 65536, 4096));
    memset(out, 0, 4096);
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, other, d2, 4096));
    CHECK(memcmp(out, in, 4096) == 0);
    offload_queue q2;
    REQUIRE_OK(ctx, offload_queue_create(ctx, other, &q2));
    /* queued between the two servers: made in q2's order, after the fill before it */
    memset(out, 0, 4096);
    CHECK_OK(ctx, offload_memfill(ctx, q2, other, d2, &(uint32_t){0}, 4, 4096));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q2, other, d2, device, d, 4096));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q2, host, out, other, d2, 4096));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q2));
    CHECK(memcmp(out, in, 4096) == 0);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q2));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, d2));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
    free(in);
    free(out);
}

/* Copies too large for a batch (COPY_TO_LARGE, their bytes a message of their own): received in
   place on rank 1's host device, into a buffer of their own when queued, for a simulated GPU,
   and on rank 2, whose server runs initcheck (run_under_mpirun, test_mpich_operations): there a kernel then reads every
   byte, which it could not if they had been received where initcheck does not see them. A copy
   refused for its range leaves the server serving (its bytes dropped, the next copy's intact). */
static void test_large_copies(void) {
    offload_context* ctx = ops_ctx;
    offload_device host = {1};
    enum { N = 3 * OFFLOAD__REMOTE_BATCH_MAX_REQUEST / sizeof(float) + 1 };
    static float in[N], back[N], out[N];
    for (int i = 0; i < N; i++) in[i] = (float)i * 0.25f, back[i] = (float)(N - i);
    offload_device devices[3] = {remote_device(ctx, 0), remote_device(ctx, 1),
                                 remote_device_of(ctx, 1, OFFLOAD_BACKEND_CUDA)};
    for (int k = 0; k < 3; k++) {
        REQUIRE(devices[k].id != 0);
        void* d;
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, devices[k], OFFLOAD_MEM_DEVICE, sizeof in, &d));
        CHECK_OK(ctx, offload_memcpy(ctx, devices[k], d, host, in, sizeof in));
        memset(out, 0, sizeof out);
        CHECK_OK(ctx, offload_memcpy(ctx, host, out, devices[k], d, sizeof out));
        CHECK(memcmp(out, in, sizeof in) == 0);
        offload_queue q;
        REQUIRE_OK(ctx, offload_queue_create(ctx, devices[k], &q));
        CHECK_OK(ctx, offload_memcpy_async(ctx, q, devices[k], d, host, back, sizeof back));
        CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
        CHECK_OK(ctx, offload_queue_destroy(ctx, q));
        CHECK_OK(ctx, offload_memcpy(ctx, host, out, devices[k], d, sizeof out));
        CHECK(memcmp(out, back, sizeof back) == 0);
        CHECK_OK(ctx, offload_mem_free(ctx, d));
    }
    /* saxpy (y = a * scale * x + y, scale 2) over bytes that only large copies wrote, on rank 2. */
    offload_device checked = devices[1];
    offload_program program;
    REQUIRE_OK(ctx, offload_program_create(
                        ctx, checked, &(offload_program_desc){.image = test_ir, .size = sizeof test_ir - 1}, &program));
    offload_kernel kernel;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "saxpy", &kernel));
    void *dx, *dy;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, checked, OFFLOAD_MEM_DEVICE, sizeof in, &dx));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, checked, OFFLOAD_MEM_DEVICE, sizeof in, &dy));
    CHECK_OK(ctx, offload_memcpy(ctx, checked, dx, host, in, sizeof in));
    CHECK_OK(ctx, offload_memcpy(ctx, checked, dy, host, back, sizeof back));
    struct {
        int32_t n;
        float a;
        void* x;
        void* y;
    } args = {N, 3.0f, dx, dy};
    offload_launch_desc launch = {.grid = {(N + 127) / 128}, .block = {128}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, kernel, &launch));
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, checked, dy, sizeof out));
    CHECK(out[N - 1] == 3.0f * 2.0f * in[N - 1] + back[N - 1]);
    CHECK(out[7] == 3.0f * 2.0f * in[7] + back[7]);
    CHECK_OK(ctx, offload_mem_free(ctx, dx));
    CHECK_OK(ctx, offload_mem_free(ctx, dy));
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
    /* An allocation's end from both sides (64 KiB, a size class of the memory cache: the server
       holds exactly that much): a copy that ends there, one that ends a float past it, refused
       with the server going on. */
    void* d;
    size_t size = (size_t)64 << 10, last = size - sizeof in;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, devices[0], OFFLOAD_MEM_DEVICE, size, &d));
    CHECK_OK(ctx, offload_memcpy(ctx, devices[0], (char*)d + last, host, in, sizeof in));
    CHECK_RESULT(ctx, offload_memcpy(ctx, devices[0], (char*)d + last + sizeof(float), host, back, sizeof back),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_NO_ALLOCATION);
    CHECK_OK(ctx, offload_memcpy(ctx, host, out, devices[0], (char*)d + last, sizeof out));
    CHECK(memcmp(out, in, sizeof in) == 0);
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

/* 1000 launches queued in a row, each adding 1 to a counter, are all done at one synchronize
   (they travel in batches, more than one of them); a request that fails in the middle of a batch
   is reported at the queue's next synchronize, once, and the work around it is done. */
static void test_queued_launches_batched(void) {
    offload_context* ctx = ops_ctx;
    offload_device device = remote_device(ctx, 0), host = {1};
    offload_program program;
    REQUIRE_OK(ctx, offload_program_create(
                        ctx, device, &(offload_program_desc){.image = test_ir, .size = sizeof test_ir - 1}, &program));
    offload_kernel kernel;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, program, "add_one", &kernel));
    void* counter;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, sizeof(uint32_t), &counter));
    uint32_t zero = 0, value = 0;
    CHECK_OK(ctx, offload_memcpy(ctx, device, counter, host, &zero, sizeof zero));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q));
    offload_launch_desc launch = {.grid = {1}, .block = {1}, .args = &counter, .args_size = sizeof counter};
    for (int i = 0; i < 1000; i++) CHECK_OK(ctx, offload_launch(ctx, q, kernel, &launch));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK_OK(ctx, offload_memcpy(ctx, host, &value, device, counter, sizeof value));
    CHECK(value == 1000);
    /* A copy to an address the server never handed out, between 300 launches and 300 more. */
    char buffer[16] = {0};
    for (int i = 0; i < 300; i++) offload_launch(ctx, q, kernel, &launch);
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, device, (void*)(uintptr_t)0x1000, host, buffer, sizeof buffer));
    for (int i = 0; i < 300; i++) offload_launch(ctx, q, kernel, &launch);
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_NO_ALLOCATION); /* the server's kind, kept for the synchronize */
    CHECK(strstr(offload_context_last_error(ctx), "0x1000") != NULL);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q)); /* reported once */
    CHECK_OK(ctx, offload_memcpy(ctx, host, &value, device, counter, sizeof value));
    CHECK(value == 1600);
    /* Queued copies in a batch keep their order with the launches around them. */
    uint32_t seen[3] = {0};
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &launch));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, &seen[0], device, counter, sizeof value));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, device, counter, host, &zero, sizeof zero));
    CHECK_OK(ctx, offload_launch(ctx, q, kernel, &launch));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, host, &seen[1], device, counter, sizeof value));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(seen[0] == 1601 && seen[1] == 1);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, counter));
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
}

static int callback_ran;
static void note_callback(void* user_data) { *(int*)user_data = 1; }

/* Addresses, handles and names the server did not hand out are refused, queued ones at the
   queue's next synchronize; the server goes on serving. */
static void test_bad_requests(void) {
    offload_context* ctx = ops_ctx;
    offload_device device = remote_device(ctx, 0), host = {1};
    char buffer[64] = {0};
    void* d;
    /* device memory only: the server's host or shared memory would be out of this process's reach
       (a remote device says it has no shared memory, which the API refuses before asking) */
    offload_mem_kind kinds[2] = {OFFLOAD_MEM_HOST, OFFLOAD_MEM_SHARED};
    offload_diagnostic kinds_refused[2] = {OFFLOAD_DIAG_REMOTE_MEMORY_KIND, OFFLOAD_DIAG_NO_SHARED_MEMORY};
    for (int k = 0; k < 2; k++) {
        void* p = (void*)1;
        CHECK_RESULT(ctx, offload_mem_alloc(ctx, device, kinds[k], 64, &p), OFFLOAD_ERROR_UNSUPPORTED);
        CHECK_DIAGNOSTIC(ctx, kinds_refused[k]);
        CHECK(p == NULL);
    }
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, 256, &d));
    /* an address no allocation of the server's can hold (1 MiB past this one may be another's) */
    CHECK_RESULT(ctx, offload_memcpy(ctx, device, (void*)(uintptr_t)0x1000, host, buffer, sizeof buffer),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_NO_ALLOCATION);
    CHECK_RESULT(ctx, offload_memcpy(ctx, host, buffer, device, (char*)d + 250, sizeof buffer),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_NO_ALLOCATION);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, device, (void*)(uintptr_t)0x1000, host, buffer, sizeof buffer));
    CHECK_RESULT(ctx, offload_queue_synchronize(ctx, q), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_NO_ALLOCATION);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q)); /* reported once */
    callback_ran = 0;
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, note_callback, &callback_ran));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(callback_ran == 1);
    offload_program program;
    REQUIRE_OK(ctx, offload_program_create(
                        ctx, device, &(offload_program_desc){.image = test_ir, .size = sizeof test_ir - 1}, &program));
    offload_kernel kernel;
    CHECK_RESULT(ctx, offload_kernel_get(ctx, program, "no_such_kernel", &kernel), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NAME_NOT_FOUND); /* the kind the server's own call raised */
    void* address;
    size_t size;
    CHECK_RESULT(ctx, offload_global_get(ctx, program, "no_such_global", &address, &size), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NAME_NOT_FOUND);
    static const char broken[] = "define void @k( {\n";
    offload_program bad;
    CHECK(offload_program_create(ctx, device, &(offload_program_desc){.image = broken, .size = sizeof broken - 1},
                                 &bad) != OFFLOAD_SUCCESS);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_JIT_IR_INVALID); /* the server's compile's kind */
    /* The server still serves. */
    CHECK_OK(ctx, offload_memcpy(ctx, device, d, host, buffer, sizeof buffer));
    CHECK_OK(ctx, offload_program_destroy(ctx, program));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

/* Sends `length` raw bytes to the first server as a request, then `after_length` bytes of after
   on the data tag when after is not NULL (the bytes of a large copy), and returns its reply's
   result (OFFLOAD_ERROR_TIMEOUT when none came). */
static offload_result raw_request_then(offload_context* ctx, const unsigned char* bytes, size_t length,
                                       const void* after, size_t after_length, uint64_t sequence) {
    struct offload__remote* remote = offload__remote_of(ctx);
    char why[OFFLOAD__MPI_ERROR_TEXT + 64];
    offload_result r = offload__remote_send_bytes(&remote->mpi, 1, OFFLOAD__REMOTE_TAG_REQUEST, bytes, length,
                                                  offload__now_ns() + 5000000000ull, why, sizeof why);
    if (r == OFFLOAD_SUCCESS && after)
        r = offload__remote_send_bytes(&remote->mpi, 1, OFFLOAD__REMOTE_TAG_DATA, after, after_length,
                                       offload__now_ns() + 5000000000ull, why, sizeof why);
    if (r != OFFLOAD_SUCCESS) return r;
    void* reply = NULL;
    size_t reply_length = 0;
    r = offload__remote_receive(ctx, &remote->mpi, 1, OFFLOAD__REMOTE_TAG_REPLY, offload__now_ns() + 5000000000ull,
                                &reply, &reply_length, why, sizeof why);
    if (r != OFFLOAD_SUCCESS) return r;
    offload__remote_message header;
    const unsigned char* data;
    int valid = offload__remote_decode(reply, reply_length, 0, &header, &data, why, sizeof why);
    CHECK(valid);
    CHECK(header.sequence == sequence);
    r = valid ? (offload_result)header.result : OFFLOAD_ERROR_BACKEND;
    CHECK(r == OFFLOAD_SUCCESS || (header.data_size > 0 && data[header.data_size - 1] == '\0'));
    offload__free(ctx, reply);
    return r;
}

static offload_result raw_request(offload_context* ctx, const unsigned char* bytes, size_t length, uint64_t sequence) {
    return raw_request_then(ctx, bytes, length, NULL, 0, sequence);
}

/* Malformed and hostile requests straight to a server: each is answered with an error, and the
   server goes on serving. */
static void test_server_refuses_malformed(void) {
    offload_context* ctx = ops_ctx;
    static unsigned char b[1 << 12];
    uint64_t none[8] = {0};
    size_t n = make_message(b, OFFLOAD__REMOTE_MEM_FREE, none, NULL, 0);
    ((offload__remote_message*)b)->data_size = 100; /* more data than sent */
    CHECK(raw_request(ctx, b, n, 7) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint64_t device_bad[8] = {99, OFFLOAD_MEM_DEVICE, 64};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_MEM_ALLOC, device_bad, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_HANDLE);
    uint64_t free_wild[8] = {0x12345678};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_MEM_FREE, free_wild, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint64_t fill_wild[8] = {0, 0x1000, 0, 4, 4096, 0};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_FILL, fill_wild, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint64_t within_wild[8] = {0, 0x1000, 0x2000, 64, 0, 0};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_COPY_WITHIN, within_wild, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint64_t stale[8] = {0xdeadbeef, 0xfeed};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_QUEUE_SYNC, stale, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_HANDLE);
    uint64_t stale_program[8] = {0xdeadbeef, 1};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_KERNEL_GET, stale_program, "k", 2), 7) ==
          OFFLOAD_ERROR_INVALID_HANDLE);
    stale_program[1] = 2; /* neither a kernel nor a host entry */
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_KERNEL_GET, stale_program, "k", 2), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_LAUNCH, stale, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_PROGRAM_CREATE, none, "garbage!", 8), 7) ==
          OFFLOAD_ERROR_INVALID_IMAGE);
    /* a copy of memory the server holds with a server that is not one: this one (rank 1), or
       one past the last (rank 3, where MPI itself would fail) */
    void* held = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, remote_device(ctx, 0), OFFLOAD_MEM_DEVICE, 64, &held));
    uint64_t peer_self[8] = {0, (uintptr_t)held, 64, 1};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_PEER_RECV, peer_self, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint64_t peer_past[8] = {0, (uintptr_t)held, 64, 3};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_PEER_SEND, peer_past, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_mem_free(ctx, held));
    /* A batch that asks for a reply gets one saying whether it was well formed; its requests
       keep their own failures (a free's is answered to no one). */
    static unsigned char items[1024];
    size_t item = make_message(items, OFFLOAD__REMOTE_MEM_FREE, free_wild, NULL, 0);
    ((offload__remote_message*)items)->flags = 0;
    CHECK(raw_request(ctx, b, make_batch(b, items, item, OFFLOAD__REMOTE_WANTS_REPLY), 7) == OFFLOAD_SUCCESS);
    CHECK(raw_request(ctx, b, make_batch(b, items, item - 1, OFFLOAD__REMOTE_WANTS_REPLY), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    size_t nested = make_batch(items + item, items, item, 0);
    CHECK(raw_request(ctx, b, make_batch(b, items, item + nested, OFFLOAD__REMOTE_WANTS_REPLY), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* The backend's own calls still work. */
    offload_device device = remote_device(ctx, 0);
    void* d;
    CHECK_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, 4096, &d));
    /* An allocation's bounds from both sides: all of its 4096 bytes (a size class of the memory
       cache: the server holds exactly that much), not one byte past them. */
    uint64_t fill_all[8] = {0, (uintptr_t)d, 0xab, 1, 4096, 0};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_FILL, fill_all, NULL, 0), 7) == OFFLOAD_SUCCESS);
    uint64_t fill_past[8] = {0, (uintptr_t)d + 1, 0xab, 1, 4096, 0};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_FILL, fill_past, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* The server's device indices from both sides: its last device, and one past it. */
    uint32_t count = 0, served = 0;
    offload_device_count(ctx, &count);
    for (uint32_t i = 0; i < count; i++) {
        offload_device_info info;
        offload_device_get_info(ctx, (offload_device){i + 1}, &info);
        served += info.backend == OFFLOAD_BACKEND_REMOTE && info.remote_rank == 1;
    }
    REQUIRE(served > 0);
    uint64_t fill_last_device[8] = {0, (uintptr_t)d, 0xab, 1, 4096, served - 1};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_FILL, fill_last_device, NULL, 0), 7) ==
          (served == 1 ? OFFLOAD_SUCCESS : OFFLOAD_ERROR_INVALID_ARGUMENT)); /* d is its first device's */
    uint64_t fill_no_device[8] = {0, (uintptr_t)d, 0xab, 1, 4096, served};
    CHECK(raw_request(ctx, b, make_message(b, OFFLOAD__REMOTE_FILL, fill_no_device, NULL, 0), 7) ==
          OFFLOAD_ERROR_INVALID_HANDLE);
    /* Large copies whose bytes follow on the data tag: too large a size, an address outside
       every allocation, and bytes fewer than the request says. Each is refused and its bytes do
       not stay in the way: the last copy, a good one, arrives whole. */
    static unsigned char bytes[4096];
    memset(bytes, 0x5a, sizeof bytes);
    uint64_t large_huge[8] = {0, (uintptr_t)d, OFFLOAD__REMOTE_CHUNK + 1};
    CHECK(raw_request_then(ctx, b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large_huge, NULL, 0), bytes, 64, 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint64_t large_wild[8] = {0, 0x1000, 64};
    CHECK(raw_request_then(ctx, b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large_wild, NULL, 0), bytes, 64, 7) ==
          OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint64_t large_short[8] = {0, (uintptr_t)d, 64};
    CHECK(raw_request_then(ctx, b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large_short, NULL, 0), bytes, 32,
                           7) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    uint64_t large_good[8] = {0, (uintptr_t)d, sizeof bytes};
    CHECK(raw_request_then(ctx, b, make_message(b, OFFLOAD__REMOTE_COPY_TO_LARGE, large_good, NULL, 0), bytes,
                           sizeof bytes, 7) == OFFLOAD_SUCCESS);
    static unsigned char arrived[4096];
    CHECK_OK(ctx, offload_memcpy(ctx, (offload_device){1}, arrived, device, d, sizeof arrived));
    CHECK(memcmp(arrived, bytes, sizeof bytes) == 0);
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

/* The processes mpirun started beside this one (same parent) named offload-remote-server. */
static int find_server_pid(void) {
    DIR* proc = opendir("/proc");
    if (!proc) return 0;
    int found = 0;
    struct dirent* e;
    while (!found && (e = readdir(proc))) {
        int pid = atoi(e->d_name);
        if (pid <= 0) continue;
        char path[64], stat[512];
        snprintf(path, sizeof path, "/proc/%d/stat", pid);
        FILE* f = fopen(path, "r");
        if (!f) continue;
        size_t n = fread(stat, 1, sizeof stat - 1, f);
        fclose(f);
        stat[n] = '\0';
        char* close = strrchr(stat, ')');
        int ppid = 0;
        if (close && sscanf(close + 2, "%*c %d", &ppid) == 1 && ppid == getppid() &&
            strstr(stat, "(offload-remote-") != NULL)
            found = pid;
    }
    closedir(proc);
    return found;
}

/* A server killed while work is queued: the wait fails within the bound, later calls at once,
   and the host device goes on. */
static void test_killed_server(void) {
    uint32_t bound_ms = 1500;
    offload_context* ctx = remote_context(bound_ms);
    REQUIRE(ctx != NULL);
    offload_device device = remote_device(ctx, 0), host = {1};
    REQUIRE(device.id != 0);
    char buffer[4096] = {1};
    void* d;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, sizeof buffer, &d));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q));
    int pid = find_server_pid();
    REQUIRE(pid > 0);
    CHECK(kill(pid, SIGKILL) == 0);
    usleep(200000);
    offload_memcpy_async(ctx, q, device, d, host, buffer, sizeof buffer); /* may already see it */
    uint64_t start = offload__now_ns();
    offload_result r = offload_queue_synchronize(ctx, q);
    uint64_t waited_ms = (offload__now_ns() - start) / 1000000;
    CHECK(r == OFFLOAD_ERROR_TIMEOUT || r == OFFLOAD_ERROR_BACKEND || r == OFFLOAD_ERROR_DEVICE_LOST);
    CHECK(waited_ms < 3 * bound_ms);
    start = offload__now_ns();
    CHECK_RESULT(ctx, offload_memcpy(ctx, host, buffer, device, d, sizeof buffer), OFFLOAD_ERROR_DEVICE_LOST);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_REMOTE_SERVER_LOST);
    CHECK((offload__now_ns() - start) / 1000000 < 100);
    /* The local device is unaffected. */
    void* h;
    CHECK_OK(ctx, offload_mem_alloc(ctx, host, OFFLOAD_MEM_DEVICE, 64, &h));
    CHECK_OK(ctx, offload_mem_free(ctx, h));
    start = offload__now_ns();
    offload_context_destroy(ctx);
    CHECK((offload__now_ns() - start) / 1000000 < 3 * bound_ms);
}

/* How long a synchronize takes when the application slept `sleep_ms` after queueing eight fills
   of `size` bytes on the server's device: short when the fills were sent and ran meanwhile,
   about their own time when they were sent by the synchronize. Eight, so that their time stands
   well above a round trip to a server that sleeps between polls (up to a millisecond or two). */
static double synchronize_ms_after_queued_fills(offload_context* ctx, offload_device device, offload_queue q, void* d,
                                                size_t size, unsigned sleep_ms) {
    uint8_t byte = 0x5c;
    for (int i = 0; i < 8; i++) CHECK_OK(ctx, offload_memfill(ctx, q, device, d, &byte, 1, size));
    usleep(sleep_ms * 1000u);
    uint64_t start = offload__now_ns();
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    return (double)(offload__now_ns() - start) / 1e6;
}

/* The batch timer: queued work goes to its server while the application does something else
   (desc.remote.batch_delay_us), or, with the timer off, when the application next waits. The
   fills' own time is measured first (queued and synchronized at once, the shorter of two), on the
   smallest of 8, 16, ... 128 MiB whose fills take FILLS_MS_ENOUGH or more (else on 128 MiB): long
   against the timer's and the scheduler's milliseconds, and not seconds in the sanitized builds,
   whose servers fill several times slower. */
#define FILLS_MS_ENOUGH 40.0
static void check_batch_timer(offload_context* ctx, int timer_on) {
    offload_device device = remote_device(ctx, 0);
    REQUIRE(device.id != 0);
    const size_t largest = (size_t)128 << 20;
    void* d;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, device, OFFLOAD_MEM_DEVICE, largest, &d));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, device, &q));
    size_t size = (size_t)8 << 20;
    double fill_ms;
    for (;;) {
        synchronize_ms_after_queued_fills(ctx, device, q, d, size, 0); /* the pages are touched */
        fill_ms = synchronize_ms_after_queued_fills(ctx, device, q, d, size, 0);
        fill_ms = OFFLOAD__MIN(fill_ms, synchronize_ms_after_queued_fills(ctx, device, q, d, size, 0));
        if (fill_ms >= FILLS_MS_ENOUGH || size == largest) break;
        size *= 2;
    }
    unsigned sleep_ms = (unsigned)OFFLOAD__MAX(30.0, 4 * fill_ms);
    double waited_ms = synchronize_ms_after_queued_fills(ctx, device, q, d, size, sleep_ms);
    if (timer_on)
        CHECK(waited_ms < fill_ms / 2);
    else
        CHECK(waited_ms > fill_ms / 2);
    if (timer_on ? waited_ms >= fill_ms / 2 : waited_ms <= fill_ms / 2)
        fprintf(stderr, "  the fills of %zu MiB: %.1f ms; the synchronize %u ms after they were queued: %.1f ms\n",
                size >> 20, fill_ms, sleep_ms, waited_ms);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

static void test_batch_timer_sends_queued_work(void) { check_batch_timer(ops_ctx, 1); }

/* With the timer off (its own launch: a server serves one context). */
static void test_no_batch_timer(void) {
    offload_context* ctx = NULL;
    offload_context_desc desc = {.remote = {.enable = 1, .batch_delay_us = OFFLOAD_REMOTE_NO_BATCH_TIMER}};
    REQUIRE_OK(ctx, offload_context_create(&desc, &ctx));
    check_batch_timer(ctx, 0);
    offload_context_destroy(ctx);
}

static int run_role(const char* role) {
    /* Each line reaches the plain run as it is written, also when this run is stopped. */
    setvbuf(stdout, NULL, _IONBF, 0);
    if (strcmp(role, "kill") == 0) {
        RUN(test_killed_server);
        return test_summary();
    }
    if (strcmp(role, "no-timer") == 0) {
        RUN(test_no_batch_timer);
        return test_summary();
    }
    if (strcmp(role, "record") == 0) {
        RUN(test_launches_to_record);
        return test_summary();
    }
    ops_ctx = remote_context(0);
    if (!ops_ctx) {
        fprintf(stderr, "  FAIL: no context\n");
        return 1;
    }
    RUN(test_remote_devices_listed);
    RUN(test_saxpy_matches_local);
    RUN(test_simulated_gpus);
    RUN(test_host_entries);
    RUN(test_callbacks_hold_later_work);
    RUN(test_callback_runs_unwaited);
    RUN(test_kernel_output_in_application);
    RUN(test_copies_between_servers);
    RUN(test_fill_and_large_copy);
    RUN(test_large_copies);
    RUN(test_queued_launches_batched);
    RUN(test_batch_timer_sends_queued_work);
    RUN(test_bad_requests);
    RUN(test_server_refuses_malformed);
    offload_context_destroy(ops_ctx);
    return test_summary();
}

/* ---- The plain run starts the mpirun runs -------------------------------------------------- */


/* The paths the launched runs need: this program, the server next to it, and the environment
   words that give a server the simulated drivers. */
typedef struct launch_paths {
    char self[4096], server[4096 + 64], drivers[8192 + 128];
} launch_paths;

static int find_launch_paths(launch_paths* p) {
    ssize_t n = readlink("/proc/self/exe", p->self, sizeof p->self - 1);
    if (n <= 0) return 0;
    p->self[n] = '\0';
    const char* slash = strrchr(p->self, '/');
    if (!slash) return 0;
    int dir = (int)(slash - p->self);
    snprintf(p->server, sizeof p->server, "%.*s/../tools/offload-remote-server", dir, p->self);
    snprintf(p->drivers, sizeof p->drivers,
             "OFFLOAD_CUDA_LIBRARY='%.*s/../sim/cuda_sim.so' OFFLOAD_HSA_LIBRARY='%.*s/../sim/hsa_sim.so'", dir,
             p->self, dir, p->self);
    return 1;
}

/* Runs this program as rank 0 of an mpirun job with `servers` server ranks (each given the
   simulated drivers); the last one also gets last_env (environment words, or ""). */
static void run_under_mpirun(const char* role, int servers, const char* extra, const char* last_env) {
    if (!on_path("mpirun")) SKIP("mpirun is not installed (Debian: openmpi-bin)");
    launch_paths p;
    REQUIRE(find_launch_paths(&p));
    if (access(p.server, X_OK) != 0) SKIP("%s is not built", p.server);
    char others[16384] = "";
    if (servers > 1) snprintf(others, sizeof others, "-np %d env %s '%s' : ", servers - 1, p.drivers, p.server);
    char command[40000];
    snprintf(
        command, sizeof command,
        "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " LAUNCH_ENVIRONMENT
        "OFFLOAD_TEST_REMOTE_ROLE=%s OFFLOAD_TEST_REMOTE_MPI_ABI='Open MPI' timeout 240 mpirun --oversubscribe %s "
        "-x OFFLOAD_TEST_REMOTE_ROLE -x OFFLOAD_TEST_REMOTE_MPI_ABI -np 1 '%s' : %s-np 1 env %s %s '%s' 2>&1 </dev/null",
        role, extra, p.self, others, p.drivers, last_env, p.server);
    fold_launched_run(role, command);
}

static void test_mpirun_operations(void) {
#ifdef OFFLOAD_NO_JIT
    SKIP("the operations run portable IR programs, which the servers compile: this build leaves the JIT out "
         "(OFFLOAD_NO_JIT)");
#endif
    run_under_mpirun("ops", 2, "", "OFFLOAD_HOST_CHECK=initcheck");
}

/* mpirun ends the whole job when a rank dies unless told otherwise (Open MPI 4.1: --enable-recovery;
   its --mca orte_abort_on_non_zero_status 0 keeps mpirun waiting after the job). */
static void test_mpirun_killed_server(void) { run_under_mpirun("kill", 1, "--enable-recovery", ""); }

static void test_mpirun_no_batch_timer(void) { run_under_mpirun("no-timer", 1, "", ""); }

/* Record & replay of remote launches: the server's context records them where its environment
   says (OFFLOAD_RECORD_DIR, as any context), on its own node, with the memory they touch there;
   each entry then replays with offload-replay --verify in a fresh process on that node. */
static void test_mpirun_record_and_replay(void) {
#ifdef OFFLOAD_NO_JIT
    SKIP("the launches run portable IR, which the server compiles: this build leaves the JIT out (OFFLOAD_NO_JIT)");
#endif
#ifdef OFFLOAD_NO_RECORD
    SKIP("this build leaves record & replay out (OFFLOAD_NO_RECORD)");
#endif
    char dir[] = "/tmp/offload-test-remote-rr-XXXXXX";
    REQUIRE(mkdtemp(dir) != NULL);
    char env[128];
    snprintf(env, sizeof env, "OFFLOAD_RECORD_DIR=%s OFFLOAD_RECORD_OUTPUT=1", dir);
    run_under_mpirun("record", 1, "", env);
    DIR* d = opendir(dir);
    REQUIRE(d != NULL);
    int entries = 0, verified = 0;
    for (struct dirent* e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        entries++;
        char command[1024], line[512];
        snprintf(command, sizeof command, "'%s/tools/offload-replay' '%s/%s' --verify 2>&1", OFFLOAD_TEST_BUILD, dir,
                 e->d_name);
        FILE* p = popen(command, "r");
        REQUIRE(p != NULL);
        int ok = 0;
        while (fgets(line, sizeof line, p)) ok |= strstr(line, "verify: OK") != NULL;
        verified += pclose(p) == 0 && ok;
    }
    closedir(d);
    CHECK(entries == 2 && verified == 2);
    char remove[256];
    snprintf(remove, sizeof remove, "rm -rf '%s'", dir);
    CHECK(system(remove) == 0);
}

/* The conformance suite on a server's devices: test_conformance as rank 0 beside one server
   (tests/conformance/fixture.inc), a launch per device, since a server serves one context: its
   host device (the kernels' NVPTX IR, compiled there), its simulated CUDA device (kernels.ptx)
   and its simulated HSA one (kernels.gfx90a.co), whose drivers load build/sim/conf_kernels.so
   to run the kernels there (CUDA_SIM_KERNELS, HSA_SIM_KERNELS). */
static void test_mpirun_conformance(void) {
    if (!on_path("mpirun")) SKIP("mpirun is not installed (Debian: openmpi-bin)");
    launch_paths p;
    REQUIRE(find_launch_paths(&p));
    if (access(p.server, X_OK) != 0) SKIP("%s is not built", p.server);
    int dir = (int)(strrchr(p.self, '/') - p.self);
    const char* kinds[3] = {"remote", "remote-cuda-sim", "remote-hsa-sim"};
    for (int k = 0; k < 3; k++) {
#ifdef OFFLOAD_NO_JIT
        if (k == 0) continue; /* its kernels are NVPTX IR, which the server would compile */
#endif
        char command[20000];
        snprintf(command, sizeof command,
                 "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " LAUNCH_ENVIRONMENT
                 "timeout 240 mpirun --oversubscribe -np 1 '%.*s/test_conformance' --device %s : -np 1 env %s "
                 "CUDA_SIM_KERNELS='%.*s/../sim/conf_kernels.so' HSA_SIM_KERNELS='%.*s/../sim/conf_kernels.so' "
                 "'%s' 2>&1 </dev/null",
                 dir, p.self, kinds[k], p.drivers, dir, p.self, dir, p.self, p.server);
        fold_launched_run(kinds[k], command);
    }
}

/* The operations again over MPICH, whose launcher passes the environment on by itself. Nothing
   names the library: under a launcher other than Open MPI's, the runtime and the servers look
   for MPICH's first. The servers are the same programs, built once, for either MPI. */
static void test_mpich_operations(void) {
#ifdef OFFLOAD_NO_JIT
    SKIP("the operations run portable IR programs, which the servers compile: this build leaves the JIT out "
         "(OFFLOAD_NO_JIT)");
#endif
    if (!on_path("mpiexec.mpich")) SKIP("mpiexec.mpich is not installed (Debian: mpich)");
    launch_paths p;
    REQUIRE(find_launch_paths(&p));
    if (access(p.server, X_OK) != 0) SKIP("%s is not built", p.server);
    char command[40000];
    snprintf(command, sizeof command,
             LAUNCH_ENVIRONMENT
             "OFFLOAD_TEST_REMOTE_ROLE=ops "
             "OFFLOAD_TEST_REMOTE_MPI_ABI=MPICH timeout 240 mpiexec.mpich -n 1 '%s' : -n 1 env %s '%s' : "
             "-n 1 env %s OFFLOAD_HOST_CHECK=initcheck '%s' 2>&1 </dev/null",
             p.self, p.drivers, p.server, p.drivers, p.server);
    fold_launched_run("mpich", command);
}

int main(void) {
    const char* role = getenv("OFFLOAD_TEST_REMOTE_ROLE");
    if (role && offload__mpi_launched()) return run_role(role);
    RUN(test_off_by_default);
    RUN(test_not_launched);
    RUN(test_library_problems);
    RUN(test_mpi_abis);
    RUN(test_decoder_hand_made);
    RUN(test_decoder_limits);
    RUN(test_reply_output);
    RUN(test_server_output_bound);
    RUN(test_decoder_batch);
    RUN(test_decoder_mutations);
    RUN(test_mpirun_operations);
    RUN(test_mpirun_killed_server);
    RUN(test_mpirun_no_batch_timer);
    RUN(test_mpirun_conformance);
    RUN(test_mpirun_record_and_replay);
    RUN(test_mpich_operations);
    return test_summary();
}
