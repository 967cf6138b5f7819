/* tests/test_hooks.h — the few internals the tests reach, and nothing else.

   Test programs link the library and use offload.h. What a test must do that no user may (shrink a
   handle pool, read the memory cache's size, stand in for a backend's memory operations, drive the
   fixed-address virtual memory seam that record & replay uses) goes through these functions. They
   exist only in the test build of the library, liboffload-test.a: offload_impl.c compiled with
   OFFLOAD_TEST_HOOKS, which includes tests/hooks.inc. The shipped liboffload.a/.so carry none. */
#ifndef OFFLOAD_TEST_HOOKS_H
#define OFFLOAD_TEST_HOOKS_H

#include "../offload.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Handle pools, one per kind of object. */
typedef enum offload_test_pool {
    OFFLOAD_TEST_POOL_QUEUE,
    OFFLOAD_TEST_POOL_EVENT,
    OFFLOAD_TEST_POOL_PROGRAM,
    OFFLOAD_TEST_POOL_KERNEL
} offload_test_pool;

/* Limits a pool to max_slots slots (its growth limit): a one-slot pool shows that an old handle
   is refused, never resolved to the slot's new occupant. */
offload_result offload_test_pool_limit(offload_context* ctx, offload_test_pool pool, uint32_t max_slots);

/* Bytes of device memory the memory manager keeps cached for reuse. */
size_t offload_test_memory_cached(offload_context* ctx);

/* The context's description as in effect: defaults filled in, the environment applied. */
const offload_context_desc* offload_test_context_desc(offload_context* ctx);

/* Sets the explicit parameter size the generic layer checks launches against (as a backend does
   when the image says it). */
offload_result offload_test_kernel_set_args_size(offload_context* ctx, offload_kernel kernel, size_t size);

/* One entry of a loaded program's symbol table: what the image reader found. */
typedef enum offload_test_symbol_kind {
    OFFLOAD_TEST_SYMBOL_KERNEL = 1,
    OFFLOAD_TEST_SYMBOL_GLOBAL = 2
} offload_test_symbol_kind;

typedef struct offload_test_symbol {
    uint64_t size;      /* a global's size, 0 when unknown */
    uint32_t args_size; /* a kernel's explicit argument bytes where the image says, else 0 */
} offload_test_symbol;

/* OFFLOAD_ERROR_NOT_FOUND (no message) when the program's table has no such symbol. */
offload_result offload_test_program_symbol(offload_context* ctx, offload_program program, const char* name,
                                           offload_test_symbol_kind kind, offload_test_symbol* out);

/* Stands in for a device's backend memory operations. Each function that is set is called before
   the backend's own, with the arguments the generic layer passes to the backend; a result other
   than OFFLOAD_SUCCESS is returned (with a message naming the intercept), else the backend's
   function runs when *forward was set to 1 and is skipped when it was left 0. NULL members leave
   that operation alone. Passing NULL removes the intercept; context destroy removes it too. */
typedef struct offload_test_intercept {
    void* user;
    offload_result (*mem_alloc)(void* user, offload_mem_kind kind, size_t size, int* forward);
    offload_result (*mem_free)(void* user, offload_mem_kind kind, void* ptr, int* forward);
    offload_result (*memcpy)(void* user, void* dst, const void* src, size_t size, int* forward);
    offload_result (*memfill)(void* user, void* ptr, uint32_t pattern, size_t pattern_size, size_t size, int* forward);
} offload_test_intercept;

offload_result offload_test_device_intercept(offload_context* ctx, offload_device device,
                                             const offload_test_intercept* intercept);

/* The backend's fixed-address virtual memory (used by record & replay), called directly.
   OFFLOAD_ERROR_UNSUPPORTED where the device has none. */
size_t offload_test_vm_granularity(offload_context* ctx, offload_device device);
offload_result offload_test_vm_reserve(offload_context* ctx, offload_device device, uint64_t address, size_t size,
                                       void** out);
offload_result offload_test_vm_release(offload_context* ctx, offload_device device, void* address, size_t size);
offload_result offload_test_vm_map(offload_context* ctx, offload_device device, void* address, size_t size,
                                   void** handle);
offload_result offload_test_vm_unmap(offload_context* ctx, offload_device device, void* address, size_t size,
                                     void* handle);

/* Calls fn once per driver entry point the backend binds (OFFLOAD_BACKEND_CUDA or _AMDGPU), with
   its exported symbol name and whether the backend needs it, so a test can check the list against
   a real driver's export table. OFFLOAD_ERROR_NO_BACKEND when the build leaves the backend out. */
typedef void (*offload_test_entry_point_fn)(void* user, const char* symbol, int required);
offload_result offload_test_driver_entry_points(offload_backend backend, offload_test_entry_point_fn fn, void* user);

/* Blocks the memory manager tracks as live (allocated and not freed) in the context. */
size_t offload_test_memory_live(offload_context* ctx);

/* Holds the memory manager's lock for `milliseconds` (asleep), as a holder that was preempted
   would: what a concurrent allocation then does while it waits. *held becomes 1 once the lock
   is taken. */
offload_result offload_test_memory_hold(offload_context* ctx, unsigned milliseconds, _Atomic int* held);

/* ---- RPC: the host client (absent under OFFLOAD_NO_RPC) -------------------------------------
   A host kernel written in C speaks the RPC protocol (docs/rpc.md) through the client global its
   program defines: a symbol named OFFLOAD_TEST_RPC_SYMBOL of sizeof(offload_test_rpc_client)
   bytes, which the runtime fills in when the program is loaded. These are the runtime's own host
   client functions; on the host a thread is one lane. */
#ifndef OFFLOAD_NO_RPC
#define OFFLOAD_TEST_RPC_SYMBOL "offload_rpc_client"
#define OFFLOAD_TEST_RPC_SLOT_SIZE 512u /* bytes per lane and port */
#define OFFLOAD_TEST_RPC_SLOT_HEADER 8u /* then the request or reply */
#define OFFLOAD_TEST_RPC_PRINTF 1u      /* the printf opcode */

typedef struct offload_test_rpc_client {
    uint64_t mailbox; /* address of port 0 */
    uint64_t locks;   /* address of the ports' locks */
    uint32_t port_count;
    uint32_t lanes; /* slots per port: the warp/wavefront size, 1 on the host */
    uint32_t slot_size;
    uint32_t port_stride;
    uint32_t next_port;
    uint32_t output_size; /* bytes of records in the output buffer */
} offload_test_rpc_client;

/* A whole request: takes a port, writes head and body, waits for the reply, gives the port back. */
int64_t offload_test_rpc_call(offload_test_rpc_client* c, uint32_t opcode, const void* head, size_t head_size,
                              const void* body, size_t body_size);
int64_t offload_test_rpc_printf(offload_test_rpc_client* c, const char* format, const void* args, uint32_t args_size);
int64_t offload_test_rpc_write(offload_test_rpc_client* c, const void* data, size_t size);
void* offload_test_rpc_malloc(offload_test_rpc_client* c, uint64_t size);
int64_t offload_test_rpc_free(offload_test_rpc_client* c, void* ptr);
void offload_test_rpc_abort(offload_test_rpc_client* c, const char* message);
int64_t offload_test_rpc_host_call(offload_test_rpc_client* c, uint32_t id, const void* in, uint32_t in_size, void* out,
                                   uint32_t out_capacity);
/* Appends size bytes (at most a slot's data) to the output buffer as a kernel's write does, without
   a round trip (docs/rpc.md, "Output"): size, or -1 when the buffer is broken. */
int64_t offload_test_rpc_output(offload_test_rpc_client* c, const void* data, size_t size);
/* Where the output buffer's next record to print starts: what a kernel that writes over it hits. */
void* offload_test_rpc_output_oldest(const offload_test_rpc_client* c);
/* The steps of a request, for a kernel that plays several lanes (a warp) itself. */
uint32_t offload_test_rpc_open(offload_test_rpc_client* c);
unsigned char* offload_test_rpc_slot(const offload_test_rpc_client* c, uint32_t port, uint32_t lane);
void offload_test_rpc_exchange(const offload_test_rpc_client* c, uint32_t port, uint32_t opcode, uint64_t lane_mask);
void offload_test_rpc_close(offload_test_rpc_client* c, uint32_t port);

/* The RPC server as the runtime holds it, for `device`'s mailbox. */
typedef struct offload_test_rpc_state {
    int exists;          /* the context has RPC state */
    int thread_started;  /* the server thread runs */
    uint32_t active;     /* RPC launches in flight on all devices */
    int has_mailbox;     /* the device has its mailbox */
    uint64_t mailbox;    /* address of its port 0 */
    uint32_t held_ports; /* ports whose lock is taken */
} offload_test_rpc_state;

offload_result offload_test_rpc_get_state(offload_context* ctx, offload_device device, offload_test_rpc_state* out);

/* The hand-over between the server and blocking clients (the host device's), docs/rpc.md "Who
   sleeps, who wakes": `fn(user, point)` is called at each point below, on the thread that is
   there, so that a test can hold a thread at the dangerous place while another runs; each doze
   of the server gives up after doze_bound_ms (0: no bound), which counts a lost wake-up instead
   of hanging. NULL fn removes the points. Call it while no RPC launch is in flight: the server
   reads these when it starts serving a launch. */
#define OFFLOAD_TEST_RPC_POINT_RING 1 /* a client has handed its port over and will check for a dozing server */
#define OFFLOAD_TEST_RPC_POINT_DOZE 2 /* the server's last look found nothing; it will sleep */
typedef void (*offload_test_rpc_point_fn)(void* user, int point);
offload_result offload_test_rpc_set_points(offload_context* ctx, offload_test_rpc_point_fn fn, void* user,
                                           uint32_t doze_bound_ms);
/* How often the server dozed, and how many dozes ended by their bound rather than a wake-up. */
offload_result offload_test_rpc_doze_counts(offload_context* ctx, uint64_t* dozes, uint64_t* timeouts);
/* The busy waits of the hand-over with blocking clients: how often a client's wait for its
   reply and the server's wait for the next request ran their whole spin in vain and then slept,
   how often either skipped its spin because the other end last ran on the same CPU, and how
   often the server moved off its client's CPU instead. */
typedef struct offload_test_rpc_spins {
    uint64_t client_spins_out, server_spins_out, shared_cpu_skips, server_moves;
} offload_test_rpc_spins;
offload_result offload_test_rpc_spin_counts(offload_context* ctx, offload_test_rpc_spins* spins);
/* The least time between two moves of the server off its client's CPU (default 1 ms). Call it
   while no RPC launch is in flight. */
offload_result offload_test_rpc_set_move_interval(offload_context* ctx, uint64_t interval_ns);
#endif

/* ---- The CUDA driver as the backend bound it (OFFLOAD_ERROR_NO_BACKEND without it) ------------
   For tests and benchmarks that drive the driver directly beside the runtime: `api` points to the
   backend's function table (offload__cuda_api of backends/cuda/driver.inc), `library` is the
   driver's dlopen handle, `context` the primary context of `device` (retained on the device's
   first use, NULL before). */
typedef struct offload_test_cuda {
    const void* api;
    void* library;
    void* context;
} offload_test_cuda;

offload_result offload_test_cuda_driver(offload_context* ctx, offload_device device, offload_test_cuda* out);
/* The CUfunction of a kernel of a CUDA program. */
offload_result offload_test_cuda_function(offload_context* ctx, offload_kernel kernel, void** function);

/* ---- AMDGPU kernel arguments (OFFLOAD_ERROR_NO_BACKEND without the backend) -----------------
   What a code object's metadata says about a kernel's arguments, as the backend reads it: the
   explicit arguments' end and the hidden arguments it fills in at launch. */
#define OFFLOAD_TEST_AMDGPU_MAX_HIDDEN 32

typedef struct offload_test_amdgpu_args {
    char name[64];         /* the kernel's name, cut to fit */
    size_t name_size;      /* its whole length */
    uint32_t kernarg_size; /* the kernarg segment (launched kernels only, else 0) */
    uint32_t explicit_size;
    uint32_t hidden_count;
    struct {
        uint32_t offset, size;
    } hidden[OFFLOAD_TEST_AMDGPU_MAX_HIDDEN];
} offload_test_amdgpu_args;

/* Parses NT_AMDGPU_METADATA (MessagePack) into up to `capacity` kernels; *count gets how many it
   holds. OFFLOAD_ERROR_INVALID_IMAGE for a truncated or hostile blob, with the reader's message
   in `error` (when not NULL). */
offload_result offload_test_amdgpu_metadata(const void* metadata, size_t size, offload_test_amdgpu_args* kernels,
                                            uint32_t capacity, uint32_t* count, char* error, size_t error_capacity);
/* Writes the hidden arguments of kernel `index` of the metadata into kernarg (kernarg_size bytes)
   for a launch of grid x block in `dims` dimensions with dynamic_lds bytes of group memory. */
offload_result offload_test_amdgpu_fill_hidden(const void* metadata, size_t size, uint32_t index, void* kernarg,
                                               size_t kernarg_size, const uint32_t grid[3], const uint32_t block[3],
                                               uint32_t dims, uint32_t dynamic_lds);
/* The layout the backend uses for a kernel it has made (a kernel of an AMDGPU program). */
offload_result offload_test_amdgpu_kernel_args(offload_context* ctx, offload_kernel kernel,
                                               offload_test_amdgpu_args* out);

/* ---- The JIT (OFFLOAD_ERROR_JIT_UNAVAILABLE without it) ---------------------------------------
   Compiles IR through the JIT and its cache for a device that need not be present: `backend`
   (OFFLOAD_BACKEND_CUDA or _AMDGPU) with `arch` ("sm_90", "gfx90a:xnack-") as that device would
   report it, so GPU code is made and checked with no GPU or driver. The image stays valid, and the
   cache entry held, until offload_test_jit_release. */
typedef struct offload_test_jit_image {
    void* entry; /* the cache entry held */
    offload_image_format format;
    const void* data;
    size_t size;
} offload_test_jit_image;

offload_result offload_test_jit_compile(offload_context* ctx, offload_backend backend, const char* arch, const void* ir,
                                        size_t size, offload_test_jit_image* out);
void offload_test_jit_release(offload_context* ctx, offload_test_jit_image* image);

/* The AMDGPU link step on its own. offload_test_jit_object: the relocatable object the JIT's
   compile makes of ir for `arch` (what the link step gets), into *object (malloc'd; free() it).
   offload_test_amdgpu_link: links such an object as `linker` says into *out (malloc'd; free()
   it). IN_PROCESS returns OFFLOAD_ERROR_UNSUPPORTED, with the reason in `why`, for an object the
   in-process linker declines, where DEFAULT (what the JIT does) goes on to ld.lld. */
typedef enum offload_test_amdgpu_linker {
    OFFLOAD_TEST_LINK_DEFAULT,
    OFFLOAD_TEST_LINK_IN_PROCESS,
    OFFLOAD_TEST_LINK_LLD
} offload_test_amdgpu_linker;

offload_result offload_test_jit_object(offload_context* ctx, const char* arch, const void* ir, size_t size,
                                       void** object, size_t* object_size);
offload_result offload_test_amdgpu_link(offload_context* ctx, offload_test_amdgpu_linker linker, const void* object,
                                        size_t size, void** out, size_t* out_size, char* why, size_t why_capacity);

/* The cache key the JIT makes for ir on `device` (a device of the context) with the context's
   settings: what is compared to tell two compiles apart. */
offload_result offload_test_jit_key(offload_context* ctx, offload_device device, const void* ir, size_t size, char* key,
                                    size_t capacity);

/* The process id of an idle compile server of the context, 0 when there is none. */
long offload_test_jit_idle_server(offload_context* ctx);

/* The producer string of LLVM bitcode (raw or wrapped) into out: 1, or 0 when there is none. */
int offload_test_jit_bitcode_producer(const void* bitcode, size_t size, char* out, size_t capacity);

/* The JIT's choice of AMDGPU code object version for a module asking for `wanted` (0: no flag)
   under the given limits (the runtime's newest; what an LLVM emits: oldest, newest, default,
   whether it reads the module flag): 1 with *out the version, 2 when a v6 wish is served as v5,
   0 when refused; why gets the note or the reason. 0 without the JIT. */
typedef struct offload_test_code_object_limits {
    unsigned runtime_max, llvm_min, llvm_max, llvm_default;
    int llvm_reads_flag;
} offload_test_code_object_limits;
int offload_test_jit_code_object(unsigned wanted, const offload_test_code_object_limits* limits, unsigned* out,
                                 char* why, size_t capacity);

/* ---- Record & replay (absent under OFFLOAD_NO_RECORD) ----------------------------------------
   The recorder's state, draining its writer thread, and the recording format's pieces a test
   needs to forge or fuzz an entry. */
#ifndef OFFLOAD_NO_RECORD
typedef struct offload_test_recorder {
    int recording;       /* the context records (asked to, and recording could start) */
    uint64_t arena_used; /* bytes from the arena's start to the end of its last live allocation */
    size_t free_ranges;  /* holes in the arena's free list (coalesced: one when all is free) */
} offload_test_recorder;

/* All zero when the context does not record. */
offload_result offload_test_recorder_get(offload_context* ctx, offload_test_recorder* out);

/* Waits until the writer thread has written (or, after a failure, dropped) every entry taken
   so far. Entries are written behind the launches; nothing to wait for without a recorder. */
offload_result offload_test_recorder_drain(offload_context* ctx);

/* The checksum the format stores for a blob (docs/recording-format.md). */
uint64_t offload_test_rr_checksum(const void* data, size_t size);

/* The replay's relocation: every 8-byte word of data in [old, old+length] moved to now. */
void offload_test_rr_rebase(void* data, uint64_t size, uint64_t old, uint64_t length, uint64_t now);

/* Serves a blob file of an in-memory entry: its bytes in *data (read during the call only) and
   their number in *size; OFFLOAD_ERROR_INVALID_RECORDING with why filled when there is none. */
typedef offload_result (*offload_test_rr_file_fn)(void* user, const char* file, const void** data, size_t* size,
                                                  char* why, size_t why_capacity);

/* offload_recording_open for an entry held in memory: the manifest's text, and its blob files
   served by `file`, with every check of the reader (a blob of another size than the manifest
   says is refused). The recording is closed with offload_recording_close; a refusal leaves
   the reader's reason as the context's last error. */
offload_result offload_test_recording_read(offload_context* ctx, const char* manifest, size_t manifest_size,
                                           offload_test_rr_file_fn file, void* user, offload_recording** out);
#endif

/* ==== AMDGPU: the wait bound, the copy path without staging ====================================
   (OFFLOAD_ERROR_NO_BACKEND in a build without the backend.) */

/* *ns: how long the AMDGPU backend waits for a kernel, a signal or room in a queue before
   OFFLOAD_ERROR_TIMEOUT, as it took the context's wait_timeout_ms; UINT64_MAX is no bound.
   OFFLOAD_ERROR_NO_BACKEND also when the context has not loaded the backend. */
offload_result offload_test_amdgpu_wait_bound(offload_context* ctx, uint64_t* ns);

/* Sets how long a wait on an AMDGPU device may see no progress, once ROCr has reported its one
   fault of the process, before it gives up (60 s unless a test shortens it). */
offload_result offload_test_amdgpu_set_unreported_stall(offload_context* ctx, uint64_t ns);

/* A synchronous copy between the host and an AMDGPU device (arguments as for offload_memcpy) by
   the backend's copy path with the staging block left out: pageable host memory takes a lock of
   its own for the copy, released when it completed, as every copy did before small copies were
   staged. For side-by-side measurements of the two paths. */
offload_result offload_test_amdgpu_memcpy_unstaged(offload_context* ctx, offload_device dst_device, void* dst,
                                                   offload_device src_device, const void* src, size_t size);

/* ---- Image reader and JIT payload -----------------------------------------------------------
   The parsers behind offload_program_create and the JIT's cache, run on bytes, so a fuzz target
   can check what they accept (tests/fuzz/). */

/* A name one of the parsers below found: where it lies and the length the parser gave it. */
typedef void (*offload_test_name_fn)(void* user, const char* name, size_t name_size);

/* What the image reader made of some bytes. */
typedef struct offload_test_image_read_result {
    int accepted;           /* the reader took the bytes as the format */
    char error[224];        /* why not (empty when it gave no reason) */
    offload_result symbols; /* accepted: the symbol table's build, as program creation makes it */
    uint32_t symbol_count;  /* the table's entries */
} offload_test_image_read_result;

/* Runs the image reader on the bytes as `format` and, when it accepts them, builds their symbol
   table, handing each entry's name (the table's NUL-terminated copy) to fn when not NULL.
   OFFLOAD_ERROR_INVALID_ARGUMENT for a NULL data (with size) or out. */
offload_result offload_test_image_read(const void* data, size_t size, offload_image_format format,
                                       offload_test_name_fn fn, void* user, offload_test_image_read_result* out);

/* Both readers of an NT_AMDGPU_METADATA descriptor: the image reader's walk (*walked: it
   accepted the bytes) and the AMDGPU backend's parse (*parsed), each kernel name the parse found
   handed to fn as a pointer into `metadata` with its length. OFFLOAD_ERROR_NO_BACKEND without
   the AMDGPU backend. */
offload_result offload_test_amdgpu_metadata_read(const void* metadata, size_t size, int* walked, int* parsed,
                                                 offload_test_name_fn fn, void* user);

/* The number `name` holds in the environment as the runtime reads its settings (K/M/G suffix,
   at most max, else fallback), even in a context that ignores the environment. */
uint64_t offload_test_env_u64(offload_context* ctx, const char* name, uint64_t fallback, uint64_t max);

/* One load and unload of an image on the backend of `device`: as offload_program_create loads
   it (read_first: the image reader validates it and builds the symbol table first), or the
   backend's load alone (read_first 0); what reading an image adds to a load. */
offload_result offload_test_program_load(offload_context* ctx, offload_device device, offload_image_format format,
                                         const void* image, size_t size, int read_first);

/* A record of a JIT payload's manifest: its byte offset past the record, kernel or global, the
   name (a pointer into the manifest) and a global's size. */
typedef void (*offload_test_jit_record_fn)(void* user, size_t end, int is_kernel, const char* name, size_t global_size);

/* Splits a payload as the JIT cache stores it, [u32 manifest size][manifest][image], into
   *manifest and *image (pointers into payload) and walks the manifest's records through fn.
   OFFLOAD_ERROR_INVALID_IMAGE when the split refuses the bytes (with or without the JIT: the
   reader needs no LLVM). */
offload_result offload_test_jit_payload(const void* payload, size_t size, const char** manifest, size_t* manifest_size,
                                        const void** image, size_t* image_size, offload_test_jit_record_fn fn,
                                        void* user);

/* The objects a host payload image holds (one object, or the parts of a split compile:
   jit/split.inc), or -1 when the image is a malformed set of parts (also
   without the JIT). */
int offload_test_jit_host_objects(const void* image, size_t size);

/* What the JIT makes of a compile of ir for `backend` with `arch` (as offload_test_jit_compile):
   the target triple and CPU it compiles for, and the file name stem of its dumps
   (desc.jit.dump_dir: <name>.before.ll, <name>.after.ll) and disk-cache entries. */
typedef struct offload_test_jit_job {
    char triple[128];
    char cpu[64];
    char name[48];
} offload_test_jit_job;

offload_result offload_test_jit_job_get(offload_context* ctx, offload_backend backend, const char* arch, const void* ir,
                                        size_t size, offload_test_jit_job* out);

#ifdef __cplusplus
}
#endif

#endif
