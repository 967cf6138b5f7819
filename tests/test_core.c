/* tests/test_core.c — the core runtime end to end on the host device: context lifecycle,
   handles, the caching memory manager, copies and fills, queues and events, host kernels on
   1D/2D/3D grids, programs from host tables and from shared objects, globals, and bad input on
   every public function. */
#define _GNU_SOURCE
#include "../offload.h"

#include <elf.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>
#include "test.h"
#include "test_hooks.h"
#include "files.h"

#include <sys/stat.h>
#include <sys/wait.h>

/* Every context make_context() creates allocates through this counter, and after each test every
   block must be back (test_after_each(check_all_freed)): an error path that forgets what it took
   fails the plain suite, not only LeakSanitizer. */
static _Atomic long counted_live;

static void* counted_alloc(size_t size, void* user) {
    (void)user;
    void* p = malloc(size);
    if (p) atomic_fetch_add(&counted_live, 1);
    return p;
}

static void counted_free(void* p, void* user) {
    (void)user;
    atomic_fetch_sub(&counted_live, 1);
    free(p);
}

static void check_all_freed(void) {
    long live = atomic_exchange(&counted_live, 0);
    if (live != 0) {
        fprintf(stderr, "  %s: %ld blocks the runtime allocated were not freed\n", test__state.current, live);
        CHECK(!"every allocation of the test's contexts is freed");
    }
}

static offload_context* make_context(void) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.allocator.alloc = counted_alloc;
    desc.allocator.free = counted_free;
    offload_context* ctx = NULL;
    if (offload_context_create(&desc, &ctx) != OFFLOAD_SUCCESS) return NULL;
    return ctx;
}

static offload_device host_device(offload_context* ctx) {
    offload_device dev = {0};
    offload_device_get(ctx, 0, &dev);
    return dev;
}

/* ---- kernels with the host ABI ---- */

typedef struct saxpy_args {
    float a;
    float* x;
    float* y;
    uint32_t n;
} saxpy_args;

static void saxpy_kernel(const void* args, const offload_host_thread* t) {
    const saxpy_args* a = (const saxpy_args*)args;
    uint32_t i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];
    if (i < a->n) a->y[i] = a->a * a->x[i] + a->y[i];
}

typedef struct ids_args {
    uint32_t* out; /* 4 words per thread: linear global id of (x, y, z) check and dims */
    uint32_t width, height, depth;
} ids_args;

/* Writes each thread's global 3D coordinates into its own cell, so every cell must be hit once. */
static void ids_kernel(const void* args, const offload_host_thread* t) {
    const ids_args* a = (const ids_args*)args;
    uint32_t x = t->block_id[0] * t->block_dim[0] + t->thread_id[0];
    uint32_t y = t->block_id[1] * t->block_dim[1] + t->thread_id[1];
    uint32_t z = t->block_id[2] * t->block_dim[2] + t->thread_id[2];
    if (x >= a->width || y >= a->height || z >= a->depth) return;
    uint32_t cell = (z * a->height + y) * a->width + x;
    __atomic_fetch_add(&a->out[cell], 1u, __ATOMIC_RELAXED);
}

static void empty_kernel(const void* args, const offload_host_thread* t) {
    (void)args;
    (void)t;
}

typedef struct shared_args {
    uint32_t* out;
} shared_args;

/* Thread 0 of each block sums the block's shared memory it filled itself; checks that shared
   memory is per block and zeroed. */
static void shared_kernel(const void* args, const offload_host_thread* t) {
    const shared_args* a = (const shared_args*)args;
    uint32_t* shared = (uint32_t*)t->shared_memory;
    shared[t->thread_id[0]] += t->thread_id[0] + 1;
    if (t->thread_id[0] == t->block_dim[0] - 1) {
        uint32_t sum = 0;
        for (uint32_t i = 0; i < t->block_dim[0]; i++) sum += shared[i];
        a->out[t->block_id[0]] = sum;
    }
}

static int32_t counter_global;

static void increment_global_kernel(const void* args, const offload_host_thread* t) {
    (void)args;
    (void)t;
    __atomic_fetch_add(&counter_global, 1, __ATOMIC_RELAXED);
}

typedef struct gate_args {
    _Atomic int* open;
    _Atomic int* running;
} gate_args;

/* Runs until the test opens the gate. */
static void gated_kernel(const void* args, const offload_host_thread* t) {
    const gate_args* a = (const gate_args*)args;
    (void)t;
    atomic_store(a->running, 1);
    while (!atomic_load(a->open)) usleep(200);
}

typedef struct describe_args {
    offload_host_thread seen[4]; /* what each call saw, in call order */
    uint32_t calls;
    int shared_was_zero;
} describe_args;

/* Keeps what each thread is told about itself (one thread at a time: the test's launches are
   small enough to run on the launching thread), and whether its shared memory came zeroed. */
static void describe_kernel(const void* args, const offload_host_thread* t) {
    describe_args* a = *(describe_args* const*)args;
    if (a->calls < 4) a->seen[a->calls] = *t;
    a->calls++;
    if (t->shared_memory) a->shared_was_zero = ((const uint64_t*)t->shared_memory)[0] == 0;
}

/* Each block's first thread spins for spin_ns, then says which thread ran its block. */
typedef struct where_args {
    pthread_t* ran_on;
    uint64_t spin_ns;
} where_args;

static void where_kernel(const void* args, const offload_host_thread* t) {
    const where_args* a = *(where_args* const*)args;
    if (t->thread_id[0]) return;
    for (uint64_t start = test_now_ns(); test_now_ns() - start < a->spin_ns;) {
    }
    a->ran_on[t->block_id[0]] = pthread_self();
}

static offload_host_symbol host_symbols[] = {
    {.name = "describe", .kernel = describe_kernel},
    {.name = "where", .kernel = where_kernel},
    {.name = "gated", .kernel = gated_kernel},
    {.name = "saxpy", .kernel = saxpy_kernel},
    {.name = "ids", .kernel = ids_kernel},
    {.name = "empty", .kernel = empty_kernel},
    {.name = "shared", .kernel = shared_kernel},
    {.name = "increment", .kernel = increment_global_kernel},
    {.name = "counter", .address = &counter_global, .size = sizeof counter_global},
};

static offload_result load_table(offload_context* ctx, offload_program* prog) {
    offload_program_desc desc = {0};
    desc.host_symbols = host_symbols;
    desc.host_symbol_count = (uint32_t)(sizeof host_symbols / sizeof host_symbols[0]);
    return offload_program_create(ctx, host_device(ctx), &desc, prog);
}

/* ---- lifecycle ---- */

static void test_create_destroy_many(void) {
    for (int i = 0; i < 1000; i++) {
        offload_context* ctx = make_context();
        REQUIRE(ctx);
        uint32_t n = 0;
        CHECK_OK(ctx, offload_device_count(ctx, &n));
        CHECK(n >= 1);
        CHECK_OK(ctx, offload_context_destroy(ctx));
    }
    CHECK(offload_context_destroy(NULL) == OFFLOAD_SUCCESS);
}


static void test_create_fails_cleanly_at_every_allocation(void) {
    int completed = 0;
    for (int fail_at = 1; fail_at < 200 && !completed; fail_at++) {
        failing_allocator f = {0, fail_at, 0};
        offload_context_desc desc = {0};
        desc.no_environment = 1;
        desc.allocator.alloc = failing_alloc;
        desc.allocator.free = failing_free;
        desc.allocator.user_data = &f;
        desc.record.dir = "/nonexistent-record-dir"; /* exercise its setup too, where built */
        desc.cuda_library_path = "/nonexistent/libcuda.so.1";
        desc.hsa_library_path = "/nonexistent/libhsa-runtime64.so.1";
        offload_context* ctx = NULL;
        offload_result r = offload_context_create(&desc, &ctx);
        if (r == OFFLOAD_SUCCESS) {
            CHECK(ctx != NULL);
            offload_context_destroy(ctx);
            completed = 1;
        } else {
            CHECK(ctx == NULL);
        }
        CHECK(f.live == 0);
    }
    CHECK(completed);
}

static void test_desc_validation(void) {
    offload_context* ctx = (offload_context*)1;
    offload_context_desc desc = {0};
    desc.allocator.alloc = failing_alloc; /* without free */
    CHECK(offload_context_create(&desc, &ctx) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(ctx == NULL);
    CHECK(offload_context_create(NULL, NULL) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* NULL desc = defaults */
    REQUIRE(offload_context_create(NULL, &ctx) == OFFLOAD_SUCCESS);
    offload_backend_status st;
    CHECK_OK(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_HOST, &st));
    CHECK(st.loaded && st.device_count == 1);
    for (int b = 1; b < OFFLOAD_BACKEND_COUNT; b++) {
        CHECK_OK(ctx, offload_backend_get_status(ctx, (offload_backend)b, &st));
        CHECK(st.reason[0] != '\0'); /* loaded or not, it says why */
    }
    CHECK(offload_backend_get_status(ctx, OFFLOAD_BACKEND_COUNT, &st) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_context_destroy(ctx);
}

static void test_two_contexts_independent(void) {
    offload_context* a = make_context();
    offload_context* b = make_context();
    REQUIRE(a && b);
    void* pa = NULL;
    CHECK_OK(a, offload_mem_alloc(a, host_device(a), OFFLOAD_MEM_DEVICE, 64, &pa));
    /* b does not know a's memory (INVALID_ARGUMENT is offload_mem_free's answer to a pointer it
       did not return), and errors stay in their own context: b holds an error, a none. */
    CHECK_RESULT(b, offload_mem_free(b, pa), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(b, OFFLOAD_DIAG_NOT_AN_ALLOCATION);
    CHECK(offload_context_last_error(b)[0] != '\0');
    CHECK_DIAGNOSTIC(a, OFFLOAD_DIAG_NONE);
    CHECK(strcmp(offload_context_last_error(a), "") == 0);
    offload_program pa_prog, pb_prog;
    CHECK_OK(a, load_table(a, &pa_prog));
    CHECK_OK(b, load_table(b, &pb_prog));
    offload_kernel k;
    CHECK_OK(a, offload_kernel_get(a, pa_prog, "empty", &k));
    /* b's pools are separate: a's handle is not b's. b has one program too, so the id may
       coincide; what matters is destroying one context leaves the other working. */
    CHECK_OK(b, offload_context_destroy(b));
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
    CHECK_OK(a, offload_launch(a, (offload_queue){0}, k, &l));
    CHECK_OK(a, offload_mem_free(a, pa));
    CHECK_OK(a, offload_context_destroy(a));
}

/* ---- the no-global-state rule on the compiled object ---- */

static void test_object_has_no_global_state(void) {
    /* The plain build's object: sanitizer instrumentation adds constructors of its own. */
    const char* path = OFFLOAD_TEST_ROOT "/build/offload_impl.o";
    FILE* f = fopen(path, "rb");
    if (!f) SKIP("%s not built", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char* data = (unsigned char*)malloc((size_t)size);
    REQUIRE(data && fread(data, 1, (size_t)size, f) == (size_t)size);
    fclose(f);
    Elf64_Ehdr eh;
    memcpy(&eh, data, sizeof eh);
    REQUIRE(memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 && eh.e_ident[EI_CLASS] == ELFCLASS64);
    const Elf64_Shdr* sh = (const Elf64_Shdr*)(data + eh.e_shoff);
    const char* names = (const char*)data + sh[eh.e_shstrndx].sh_offset;
    int bad_sections = 0, writable_symbols = 0;
    for (int i = 0; i < eh.e_shnum; i++) {
        const char* n = names + sh[i].sh_name;
        if (strstr(n, ".init_array") || strstr(n, ".fini_array") || strstr(n, ".ctors") || strstr(n, ".dtors")) {
            fprintf(stderr, "  constructor section %s\n", n);
            bad_sections++;
        }
    }
    for (int i = 0; i < eh.e_shnum; i++) {
        if (sh[i].sh_type != SHT_SYMTAB) continue;
        const Elf64_Sym* syms = (const Elf64_Sym*)(data + sh[i].sh_offset);
        const char* strtab = (const char*)data + sh[sh[i].sh_link].sh_offset;
        size_t count = sh[i].sh_size / sizeof(Elf64_Sym);
        for (size_t s = 0; s < count; s++) {
            int type = ELF64_ST_TYPE(syms[s].st_info);
            if (type != STT_OBJECT && type != STT_TLS) continue;
            if (syms[s].st_shndx == SHN_UNDEF || syms[s].st_shndx >= eh.e_shnum) {
                if (syms[s].st_shndx == SHN_COMMON) writable_symbols++;
                continue;
            }
            if (sh[syms[s].st_shndx].sh_flags & SHF_WRITE) {
                fprintf(stderr, "  writable data symbol %s\n", strtab + syms[s].st_name);
                writable_symbols++;
            }
        }
    }
    CHECK(bad_sections == 0);
    CHECK(writable_symbols == 0);
    free(data);
}

/* A cache hit takes its block and enters it in the allocation table under one lock. When the
   table cannot grow for it (out of host memory), the allocation fails and the block stays cached:
   the next allocation of its size class gets it. */
static void test_cache_hit_when_the_table_cannot_grow(void) {
    failing_allocator f = {0, 0, 0};
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.allocator.alloc = failing_alloc;
    desc.allocator.free = failing_free;
    desc.allocator.user_data = &f;
    offload_context* ctx = NULL;
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    offload_device dev = host_device(ctx);
    CHECK(offload_mem_free(ctx, &f) == OFFLOAD_ERROR_INVALID_ARGUMENT); /* this thread's error record exists */
    void* cached_block = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, &cached_block));
    CHECK_OK(ctx, offload_mem_free(ctx, cached_block));
    void* big[512];
    int bigs = 0, refused = 0;
    while (!refused && bigs < 512) {
        size_t cached = offload_test_memory_cached(ctx);
        f.fail_at = f.calls + 1; /* the next host allocation fails */
        void* p = NULL;
        offload_result r = offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, &p);
        f.fail_at = 0;
        if (r == OFFLOAD_SUCCESS) { /* the table had room: give the block back, fill the table more */
            CHECK(p == cached_block);
            CHECK_OK(ctx, offload_mem_free(ctx, p));
            REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 4u << 20, &big[bigs++]));
            continue;
        }
        refused = 1;
        CHECK(r == OFFLOAD_ERROR_OUT_OF_HOST_MEMORY);
        CHECK(offload_test_memory_cached(ctx) == cached);
        CHECK_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, &p));
        CHECK(p == cached_block);
        CHECK(offload_test_memory_cached(ctx) == cached - 256);
        CHECK_OK(ctx, offload_mem_free(ctx, p));
    }
    CHECK(refused);
    for (int i = 0; i < bigs; i++) CHECK_OK(ctx, offload_mem_free(ctx, big[i]));
    CHECK_OK(ctx, offload_context_destroy(ctx));
    CHECK(f.live == 0);
}

/* ---- handles ---- */

static void test_handle_generations_one_slot(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    /* A one-slot pool cycled many times: every new handle differs from every old one, and old
       ones are rejected rather than resolved to the slot's new occupant. */
    REQUIRE_OK(ctx, offload_test_pool_limit(ctx, OFFLOAD_TEST_POOL_QUEUE, 1));
    offload_queue previous[64];
    for (int i = 0; i < 64; i++) {
        REQUIRE_OK(ctx, offload_queue_create(ctx, host_device(ctx), &previous[i]));
        for (int j = 0; j < i; j++) {
            CHECK(previous[j].id != previous[i].id);
            CHECK(offload_queue_synchronize(ctx, previous[j]) == OFFLOAD_ERROR_INVALID_HANDLE);
        }
        offload_queue extra;
        CHECK(offload_queue_create(ctx, host_device(ctx), &extra) == OFFLOAD_ERROR_OUT_OF_HOST_MEMORY);
        CHECK(extra.id == 0);
        CHECK_OK(ctx, offload_queue_synchronize(ctx, previous[i]));
        CHECK_OK(ctx, offload_queue_destroy(ctx, previous[i]));
        CHECK(offload_queue_destroy(ctx, previous[i]) == OFFLOAD_ERROR_INVALID_HANDLE);
    }
    offload_context_destroy(ctx);
}

static void test_stale_kernel_after_program_destroy(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    REQUIRE_OK(ctx, offload_test_pool_limit(ctx, OFFLOAD_TEST_POOL_PROGRAM, 1));
    REQUIRE_OK(ctx, offload_test_pool_limit(ctx, OFFLOAD_TEST_POOL_KERNEL, 1));
    offload_program p1, p2;
    offload_kernel k1, k2;
    REQUIRE_OK(ctx, load_table(ctx, &p1));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, p1, "empty", &k1));
    offload_kernel again;
    CHECK_OK(ctx, offload_kernel_get(ctx, p1, "empty", &again));
    CHECK(again.id == k1.id);
    CHECK_OK(ctx, offload_program_destroy(ctx, p1));
    REQUIRE_OK(ctx, load_table(ctx, &p2));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, p2, "empty", &k2));
    CHECK(p1.id != p2.id && k1.id != k2.id);
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
    /* the stale handle is refused, not resolved to the slot's new kernel (which would succeed) */
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k1, &l), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_kernel_get(ctx, p1, "empty", &k1) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k2, &l));
    /* the one kernel slot is taken: a second kernel is refused, and what the backend made for
       it is released (ASan reports the leak otherwise) */
    offload_kernel k3;
    CHECK(offload_kernel_get(ctx, p2, "saxpy", &k3) == OFFLOAD_ERROR_OUT_OF_HOST_MEMORY);
    CHECK(k3.id == 0);
    /* Each kind has its own pool, so an id means nothing in another kind's pool: a program id
       used as a queue id is not found. (Used as a kernel id here it would name k2, which shares
       slot and generation with p2; the typed handle structs are what keep kinds apart.) */
    CHECK(offload_queue_synchronize(ctx, (offload_queue){p2.id}) == OFFLOAD_ERROR_INVALID_HANDLE);
    offload_context_destroy(ctx);
}

/* ---- memory ---- */

static void test_memory_manager(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    void* p[100];
    for (int i = 0; i < 100; i++) {
        size_t size = (size_t)(i + 1) * 37;
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, (offload_mem_kind)(1 + i % 3), size, &p[i]));
        CHECK(((uintptr_t)p[i] & 255) == 0);
        memset(p[i], i, size);
    }
    offload_mem_info info;
    CHECK_OK(ctx, offload_mem_get_info(ctx, (char*)p[10] + 5, &info));
    CHECK(info.base == p[10] && info.size == 11 * 37 && info.kind == (offload_mem_kind)(1 + 10 % 3) &&
          info.device.id == dev.id);
    CHECK(offload_mem_get_info(ctx, (char*)p[10] + 11 * 37, &info) != OFFLOAD_SUCCESS ||
          info.base != p[10]); /* one past the end is not inside */
    int local;
    CHECK(offload_mem_get_info(ctx, &local, &info) == OFFLOAD_ERROR_NOT_FOUND);
    size_t cached_before = offload_test_memory_cached(ctx);
    for (int i = 0; i < 100; i++) CHECK_OK(ctx, offload_mem_free(ctx, p[i]));
    CHECK(offload_test_memory_cached(ctx) > cached_before);
    /* a freed small block is reused for the same size class: of the 256-byte device blocks
       (p[0] and p[3]; p[6] is 259 bytes, the next class) one comes back from the cache */
    void* q = NULL;
    size_t cached_full = offload_test_memory_cached(ctx);
    CHECK_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 37, &q));
    CHECK(q == p[0] || q == p[3]);
    CHECK(offload_test_memory_cached(ctx) == cached_full - 256);
    CHECK(offload_mem_free(ctx, (char*)q + 1) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_mem_free(ctx, q));
    CHECK(offload_mem_free(ctx, q) == OFFLOAD_ERROR_INVALID_ARGUMENT); /* double free */
    CHECK_OK(ctx, offload_mem_free(ctx, NULL));
    /* a large allocation bypasses the cache */
    void* big = NULL;
    size_t cached = offload_test_memory_cached(ctx);
    CHECK_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 4u << 20, &big));
    CHECK_OK(ctx, offload_mem_free(ctx, big));
    CHECK(offload_test_memory_cached(ctx) == cached);
    /* leaked allocations are released by destroy (ASan would report them otherwise) */
    void* leaked;
    CHECK_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_HOST, 1000, &leaked));
    offload_context_destroy(ctx);
}

/* The allocation table deletes by backward shift: after every free in an order that breaks up
   probe runs, each allocation still live is found at its base (its entry moved back, not lost),
   and each one freed is not. Then many alloc/free cycles over a fixed live set, which left a
   tombstone per cycle before, keep the table at the live count. */
static void test_memory_table_deletion(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    enum { COUNT = 600 };
    void* p[COUNT];
    int live[COUNT];
    size_t live_before = offload_test_memory_live(ctx);
    for (int i = 0; i < COUNT; i++) {
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, (size_t)(i % 7 + 1) * 40, &p[i]));
        live[i] = 1;
    }
    CHECK(offload_test_memory_live(ctx) == live_before + COUNT);
    int bad = 0;
    for (int step = 0; step < COUNT; step++) {
        int victim = (step * 389) % COUNT; /* 389 is prime to COUNT: every index once */
        CHECK_OK(ctx, offload_mem_free(ctx, p[victim]));
        live[victim] = 0;
        if (step % 37 && step < COUNT - 5) continue; /* the full check now and then, and at the end */
        for (int i = 0; i < COUNT; i++) {
            offload_mem_info info;
            offload_result r = offload_mem_get_info(ctx, p[i], &info);
            if (live[i] ? (r != OFFLOAD_SUCCESS || info.base != p[i] || info.size != (size_t)(i % 7 + 1) * 40)
                        : r != OFFLOAD_ERROR_NOT_FOUND)
                bad++;
        }
    }
    CHECK(bad == 0);
    CHECK(offload_test_memory_live(ctx) == live_before);
    for (int i = 0; i < COUNT; i++) CHECK(offload_mem_free(ctx, p[i]) == OFFLOAD_ERROR_INVALID_ARGUMENT);

    /* Churn: 64 held, 100,000 cycles of alloc+free beside them. */
    void* held[64];
    for (int i = 0; i < 64; i++) REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, &held[i]));
    for (int i = 0; i < 100000 && !bad; i++) {
        void* q = NULL;
        if (offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, (size_t)(i % 3 + 1) * 1000, &q) != OFFLOAD_SUCCESS ||
            offload_mem_free(ctx, q) != OFFLOAD_SUCCESS)
            bad++;
    }
    CHECK(bad == 0);
    CHECK(offload_test_memory_live(ctx) == live_before + 64);
    for (int i = 0; i < 64; i++) {
        offload_mem_info info;
        CHECK_OK(ctx, offload_mem_get_info(ctx, held[i], &info));
        CHECK_OK(ctx, offload_mem_free(ctx, held[i]));
    }
    CHECK(offload_test_memory_live(ctx) == live_before);
    offload_context_destroy(ctx);
}

/* Two threads allocating and freeing from one context at once: no block is handed to both (each
   thread fills its block with its own byte and checks it before freeing), the table ends where
   it began, and every block went back to the cache. */
typedef struct memory_thread {
    offload_context* ctx;
    offload_device dev;
    unsigned char mark;
    int errors;
} memory_thread;

static void* memory_thread_main(void* arg) {
    memory_thread* t = (memory_thread*)arg;
    static const size_t sizes[] = {64, 4096, 1u << 20};
    for (int i = 0; i < 6000; i++) {
        size_t size = sizes[i % 3];
        unsigned char* q = NULL;
        if (offload_mem_alloc(t->ctx, t->dev, OFFLOAD_MEM_DEVICE, size, (void**)&q) != OFFLOAD_SUCCESS) {
            t->errors++;
            continue;
        }
        q[0] = q[size / 2] = q[size - 1] = t->mark;
        for (int spin = 0; spin < 20; spin++) __asm__ volatile("" ::: "memory");
        if (q[0] != t->mark || q[size / 2] != t->mark || q[size - 1] != t->mark) t->errors++;
        if (offload_mem_free(t->ctx, q) != OFFLOAD_SUCCESS) t->errors++;
    }
    return NULL;
}

/* Threads of this process, from /proc/self/status; -1 when it cannot be read. */
static int thread_count(void) {
    FILE* f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    int threads = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "Threads: %d", &threads) == 1) break;
    fclose(f);
    return threads;
}

/* The process's thread count once it reaches `expected` (or after a second): a thread that was
   joined has ended, but the kernel may list it a moment longer. */
static int thread_count_settled(int expected) {
    int threads = thread_count();
    for (int waited_ms = 0; threads != expected && waited_ms < 1000; waited_ms++) {
        usleep(1000);
        threads = thread_count();
    }
    return threads;
}

/* A context with the host device alone, its pool of `threads` (the launching thread included). */
static offload_context* host_context_with_threads(uint32_t threads) {
    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.host_threads = threads;
    offload_context* ctx = NULL;
    return offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS ? ctx : NULL;
}

/* The host device's worker pool starts with the first grid too large for the launching thread
   alone (more than 4096 threads, or long blocks: test_host_long_small_grid_is_shared), not with
   the context: the grid of one block, and one of two, run with no worker; a grid of 64 blocks of
   128 starts them all, once. */
static void test_host_workers_start_with_the_first_grid_that_needs_them(void) {
    /* The fewest seen over 20 ms: a thread an earlier test joined may still be listed. */
    int before = thread_count();
    for (int i = 0; i < 20; i++) {
        usleep(1000);
        int now = thread_count();
        if (now < before) before = now;
    }
    REQUIRE(before > 0);
    offload_context* ctx = host_context_with_threads(3);
    REQUIRE(ctx);
    CHECK(thread_count_settled(before) == before);
    offload_program prog;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "empty", &k));
    offload_launch_desc one_block = {{1, 1, 1}, {1024, 1, 1}, 0, NULL, 0};
    /* two blocks: the launching thread's probe (test_host_long_small_grid_is_shared) ends with
       the grid, so even a sanitized build, whose empty blocks are slow, keeps them */
    offload_launch_desc small = {{2, 1, 1}, {1024, 1, 1}, 0, NULL, 0};
    offload_launch_desc beyond = {{64, 1, 1}, {128, 1, 1}, 0, NULL, 0};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &one_block));
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &small));
    CHECK(thread_count_settled(before) == before);
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &beyond));
    CHECK(thread_count_settled(before + 2) == before + 2);
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &beyond));
    CHECK(thread_count_settled(before + 2) == before + 2);
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK_OK(ctx, offload_context_destroy(ctx));
    CHECK(thread_count_settled(before) == before);
}

/* A grid small enough to run on the launching thread alone does so while its blocks are quick;
   one whose first two blocks show the rest would take 50 us or more is shared with the pool
   (each block here spins 4 ms): some of its blocks run on a worker, never the first. */
static void test_host_long_small_grid_is_shared(void) {
    offload_context* ctx = host_context_with_threads(2);
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "where", &k));
    enum { BLOCKS = 16 };
    pthread_t ran_on[BLOCKS];
    for (int spin = 0; spin < 2; spin++) {
        where_args args = {ran_on, spin ? 4000000u : 0};
        where_args* p = &args;
        /* a thread per block: quick blocks stay quick in a sanitized build too */
        offload_launch_desc l = {{BLOCKS, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
        CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
        int here = 0;
        for (int b = 0; b < BLOCKS; b++) here += pthread_equal(ran_on[b], pthread_self()) != 0;
        fprintf(stderr, "  blocks spinning %s: %d of %d on the launching thread\n", spin ? "4 ms" : "not at all", here,
                BLOCKS);
        CHECK(spin ? here < BLOCKS : here == BLOCKS);
        CHECK(pthread_equal(ran_on[0], pthread_self())); /* the first block is the launching thread's */
    }
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    CHECK_OK(ctx, offload_context_destroy(ctx));
}

typedef struct memory_holder {
    offload_context* ctx;
    _Atomic int held;
} memory_holder;

static void* hold_memory_lock(void* arg) {
    memory_holder* h = (memory_holder*)arg;
    offload_test_memory_hold(h->ctx, 60, &h->held);
    return NULL;
}

/* An allocation that finds the memory lock held by a thread that does not run (here: asleep for
   60 ms) waits asleep, not spinning or yielding, and gets it soon after the holder lets go. */
static void test_memory_lock_waiter_sleeps(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    memory_holder h = {ctx, 0};
    pthread_t holder;
    REQUIRE(pthread_create(&holder, NULL, hold_memory_lock, &h) == 0);
    while (!atomic_load(&h.held)) usleep(100);
    struct timespec cpu0, cpu1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
    uint64_t start = test_now_ns();
    void* p = NULL;
    CHECK_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, 64, &p));
    uint64_t waited_ms = (test_now_ns() - start) / 1000000;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu1);
    uint64_t cpu_ms = (uint64_t)((cpu1.tv_sec - cpu0.tv_sec) * 1000 + (cpu1.tv_nsec - cpu0.tv_nsec) / 1000000);
    pthread_join(holder, NULL);
    fprintf(stderr, "  waited %llu ms, of which %llu ms on the CPU\n", (unsigned long long)waited_ms,
            (unsigned long long)cpu_ms);
    CHECK(waited_ms >= 30);        /* it did wait for the holder */
    CHECK(cpu_ms * 4 < waited_ms); /* asleep, not spinning or yielding, most of the time */
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    CHECK_OK(ctx, offload_context_destroy(ctx));
}

static void test_memory_two_threads(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    size_t live_before = offload_test_memory_live(ctx);
    memory_thread t[2] = {{ctx, host_device(ctx), 0xA5, 0}, {ctx, host_device(ctx), 0x5A, 0}};
    pthread_t other;
    REQUIRE(pthread_create(&other, NULL, memory_thread_main, &t[1]) == 0);
    memory_thread_main(&t[0]);
    pthread_join(other, NULL);
    CHECK(t[0].errors == 0 && t[1].errors == 0);
    CHECK(offload_test_memory_live(ctx) == live_before);
    /* at most two blocks of each size were ever out at once, so all are cached now */
    size_t cached = offload_test_memory_cached(ctx);
    CHECK(cached >= 256 + 4096 + (1u << 20) && cached <= 2 * (256 + 4096 + (1u << 20)));
    offload_context_destroy(ctx);
}

static void test_memory_cache_off(void) {
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    desc.no_memory_cache = 1;
    offload_context* ctx = NULL;
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    void* p;
    CHECK_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, 64, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    CHECK(offload_test_memory_cached(ctx) == 0);
    offload_context_destroy(ctx);
}

/* A backend whose allocations fail until the cache gives memory back: flush-and-retry. */
static int fake_oom_budget;
static offload_result budget_alloc(void* user, offload_mem_kind kind, size_t size, int* forward) {
    (void)user, (void)kind, (void)size;
    if (fake_oom_budget <= 0) return OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY;
    fake_oom_budget--;
    *forward = 1;
    return OFFLOAD_SUCCESS;
}
static offload_result budget_free(void* user, offload_mem_kind kind, void* ptr, int* forward) {
    (void)user, (void)kind, (void)ptr;
    fake_oom_budget++;
    *forward = 1;
    return OFFLOAD_SUCCESS;
}

static void test_memory_flush_and_retry(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_test_intercept budget = {.mem_alloc = budget_alloc, .mem_free = budget_free};
    REQUIRE_OK(ctx, offload_test_device_intercept(ctx, host_device(ctx), &budget));
    fake_oom_budget = 1;
    void* small;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, 100, &small));
    CHECK_OK(ctx, offload_mem_free(ctx, small)); /* cached, budget still 0 */
    CHECK(fake_oom_budget == 0);
    void* other;
    /* a different size class: the device is "full", the cache is flushed, the retry succeeds */
    CHECK_OK(ctx, offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, 5000, &other));
    CHECK(offload_test_memory_cached(ctx) == 0);
    void* none;
    CHECK(offload_mem_alloc(ctx, host_device(ctx), OFFLOAD_MEM_DEVICE, 100, &none) ==
          OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY);
    CHECK(none == NULL);
    CHECK_OK(ctx, offload_mem_free(ctx, other));
    offload_context_destroy(ctx);
}

/* ---- kernels ---- */

static void test_shared_memory_per_block(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "shared", &k));
    enum { BLOCKS = 64, THREADS = 128 };
    uint32_t out[BLOCKS];
    shared_args args = {out};
    offload_launch_desc l = {{BLOCKS, 1, 1}, {THREADS, 1, 1}, THREADS * sizeof(uint32_t), &args, sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
    for (int b = 0; b < BLOCKS; b++) CHECK(out[b] == THREADS * (THREADS + 1) / 2);
    offload_launch_desc too_much = l;
    too_much.shared_memory = (size_t)1 << 40;
    CHECK(offload_launch(ctx, (offload_queue){0}, k, &too_much) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_context_destroy(ctx);
}

/* A one-thread launch runs at once on the launching thread, and its thread is told what any
   thread is: ids 0, dimensions 1 (also from a desc that leaves them 0); shared memory, when asked
   for, zeroed. One more thread or block in any dimension, or shared memory, and it is a grid. */
static void test_one_thread_launches(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "describe", &k));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, host_device(ctx), &q));
    static const uint32_t ones[3] = {1, 1, 1}, zeros[3] = {0, 0, 0};
    for (int queued = 0; queued < 2; queued++) {
        for (int given = 0; given < 2; given++) {
            describe_args a;
            memset(&a, 0xff, sizeof a);
            a.calls = 0;
            describe_args* p = &a;
            offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
            if (!given) memset(l.grid, 0, sizeof l.grid), memset(l.block, 0, sizeof l.block);
            CHECK_OK(ctx, offload_launch(ctx, queued ? q : (offload_queue){0}, k, &l));
            if (queued) CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
            const offload_host_thread* t = &a.seen[0];
            CHECK(a.calls == 1);
            CHECK(!memcmp(t->thread_id, zeros, sizeof zeros) && !memcmp(t->block_id, zeros, sizeof zeros));
            CHECK(!memcmp(t->block_dim, ones, sizeof ones) && !memcmp(t->grid_dim, ones, sizeof ones));
            CHECK(t->shared_memory == NULL);
        }
    }
    describe_args a;
    memset(&a, 0, sizeof a);
    describe_args* p = &a;
    offload_launch_desc shared = {{1, 1, 1}, {1, 1, 1}, 16, &p, sizeof p};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &shared));
    CHECK(a.calls == 1 && a.seen[0].shared_memory != NULL && a.shared_was_zero);
    for (int d = 0; d < 3; d++) {
        for (int in_block = 0; in_block < 2; in_block++) {
            memset(&a, 0, sizeof a);
            offload_launch_desc two = {{1, 1, 1}, {1, 1, 1}, 0, &p, sizeof p};
            (in_block ? two.block : two.grid)[d] = 2;
            CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &two));
            CHECK(a.calls == 2);
            const uint32_t* second = in_block ? a.seen[1].thread_id : a.seen[1].block_id;
            CHECK(second[d] == 1 && (in_block ? a.seen[1].block_dim : a.seen[1].grid_dim)[d] == 2);
        }
    }
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
}

static void test_globals(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    void* address;
    size_t size;
    CHECK_OK(ctx, offload_global_get(ctx, prog, "counter", &address, &size));
    CHECK(address == &counter_global && size == sizeof(int32_t));
    int32_t zero = 0, value = -1;
    CHECK_OK(ctx, offload_global_write(ctx, prog, "counter", 0, &zero, sizeof zero));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "increment", &k));
    offload_launch_desc l = {{10, 1, 1}, {100, 1, 1}, 0, NULL, 0};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
    CHECK_OK(ctx, offload_global_read(ctx, prog, "counter", 0, &value, sizeof value));
    CHECK(value == 1000);
    CHECK(offload_global_read(ctx, prog, "counter", 2, &value, sizeof value) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* the range's end at the global's end is inside; one byte further is not */
    unsigned char bytes[4];
    CHECK_OK(ctx, offload_global_read(ctx, prog, "counter", 1, bytes, 3));
    CHECK_OK(ctx, offload_global_read(ctx, prog, "counter", 4, bytes, 0));
    CHECK(offload_global_read(ctx, prog, "counter", 1, bytes, 4) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_global_read(ctx, prog, "counter", 5, bytes, 0) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_global_read(ctx, prog, "missing", 0, &value, sizeof value) == OFFLOAD_ERROR_NOT_FOUND);
    CHECK(offload_global_get(ctx, prog, "saxpy", &address, &size) ==
          OFFLOAD_ERROR_NOT_FOUND);                                                 /* a kernel, not a global */
    CHECK(offload_kernel_get(ctx, prog, "counter", &k) == OFFLOAD_ERROR_NOT_FOUND); /* a global, not a kernel */
    offload_context_destroy(ctx);
}

/* ---- queues and events ---- */

typedef struct slow_args {
    volatile int* flag;
    int value;
} slow_args;

static void slow_write_kernel(const void* args, const offload_host_thread* t) {
    (void)t;
    const slow_args* a = (const slow_args*)args;
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    __atomic_store_n(a->flag, a->value, __ATOMIC_RELEASE);
}

typedef struct copy_flag_args {
    volatile int* from;
    int* to;
} copy_flag_args;

static void copy_flag_kernel(const void* args, const offload_host_thread* t) {
    (void)t;
    const copy_flag_args* a = (const copy_flag_args*)args;
    *a->to = __atomic_load_n(a->from, __ATOMIC_ACQUIRE);
}

static void set_int_callback(void* user) { __atomic_store_n((int*)user, 7, __ATOMIC_RELEASE); }

static void test_queues_events_ordering(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    offload_host_symbol syms[] = {{.name = "slow", .kernel = slow_write_kernel},
                                  {.name = "copy", .kernel = copy_flag_kernel}};
    offload_program_desc pd = {0};
    pd.host_symbols = syms;
    pd.host_symbol_count = 2;
    offload_program prog;
    REQUIRE_OK(ctx, offload_program_create(ctx, dev, &pd, &prog));
    offload_kernel slow, copy;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "slow", &slow));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "copy", &copy));
    offload_queue qa, qb;
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &qa));
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &qb));
    offload_event done, start, end;
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &done));
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &start));
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &end));
    CHECK_OK(ctx, offload_event_query(ctx, done)); /* never recorded: complete */

    volatile int flag = 0;
    int seen = -1;
    slow_args sa = {&flag, 42};
    copy_flag_args ca = {&flag, &seen};
    offload_launch_desc ls = {{1, 1, 1}, {1, 1, 1}, 0, &sa, sizeof sa};
    offload_launch_desc lc = {{1, 1, 1}, {1, 1, 1}, 0, &ca, sizeof ca};
    CHECK_OK(ctx, offload_event_record(ctx, start, qa));
    CHECK_OK(ctx, offload_launch(ctx, qa, slow, &ls));
    /* asynchronous: the launch returned before the 20 ms kernel finished */
    CHECK(offload_queue_query(ctx, qa) == OFFLOAD_ERROR_NOT_READY);
    CHECK_OK(ctx, offload_event_record(ctx, done, qa));
    CHECK_OK(ctx, offload_event_record(ctx, end, qa));
    CHECK(offload_event_query(ctx, done) == OFFLOAD_ERROR_NOT_READY);
    /* qb waits for qa's event, so it sees the flag the slow kernel wrote */
    CHECK_OK(ctx, offload_queue_wait_event(ctx, qb, done));
    CHECK_OK(ctx, offload_launch(ctx, qb, copy, &lc));
    int callback_value = 0;
    CHECK_OK(ctx, offload_queue_host_callback(ctx, qb, set_int_callback, &callback_value));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, qb));
    CHECK(seen == 42);
    CHECK(callback_value == 7);
    CHECK_OK(ctx, offload_event_synchronize(ctx, end));
    float ms = -1;
    CHECK_OK(ctx, offload_event_elapsed_time(ctx, start, end, &ms));
    CHECK(ms >= 15.0f && ms < 10000.0f);
    offload_event never;
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &never));
    CHECK(offload_event_elapsed_time(ctx, start, never, &ms) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_event_elapsed_time(ctx, start, end, NULL) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_event_destroy(ctx, never));
    CHECK(offload_event_record(ctx, never, qa) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_queue_host_callback(ctx, qa, NULL, NULL) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* launch arguments are copied at enqueue: the caller may reuse its buffer at once */
    flag = 0;
    CHECK_OK(ctx, offload_launch(ctx, qa, slow, &ls));
    sa.value = 99;
    CHECK_OK(ctx, offload_queue_synchronize(ctx, qa));
    CHECK(flag == 42);
    /* destroying the context with work queued and objects alive is clean */
    CHECK_OK(ctx, offload_launch(ctx, qa, slow, &ls));
    offload_context_destroy(ctx);
}

static void test_many_queues_concurrent(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    offload_program prog;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "ids", &k));
    enum { QUEUES = 4, N = 20000 };
    offload_queue q[QUEUES];
    uint32_t* cells[QUEUES];
    for (int i = 0; i < QUEUES; i++) {
        REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q[i]));
        cells[i] = (uint32_t*)calloc(N, sizeof(uint32_t));
        for (int rep = 0; rep < 5; rep++) {
            ids_args args = {cells[i], N, 1, 1};
            offload_launch_desc l = {{N / 100, 1, 1}, {100, 1, 1}, 0, &args, sizeof args};
            CHECK_OK(ctx, offload_launch(ctx, q[i], k, &l));
        }
    }
    for (int i = 0; i < QUEUES; i++) {
        CHECK_OK(ctx, offload_queue_synchronize(ctx, q[i]));
        size_t wrong = 0;
        for (int c = 0; c < N; c++) wrong += cells[i][c] != 5;
        CHECK(wrong == 0);
        free(cells[i]);
    }
    offload_context_destroy(ctx);
}

static void record_thread_callback(void* user) { *(pthread_t*)user = pthread_self(); }

typedef struct sync_race {
    offload_context* ctx;
    offload_queue queue;
    _Atomic int stop;
    int failures;
} sync_race;

static void* synchronize_loop(void* arg) {
    sync_race* r = (sync_race*)arg;
    while (!atomic_load(&r->stop)) r->failures += offload_queue_synchronize(r->ctx, r->queue) != OFFLOAD_SUCCESS;
    return NULL;
}

static void wait_for_release_callback(void* user) {
    while (!atomic_load((_Atomic int*)user)) usleep(100);
}

/* A copy or fill of up to 64 KiB, or an event record, on a queue with nothing ahead of it runs
   at once on the calling thread (a hand-off to the queue's thread would cost more than the work);
   behind other work it waits its turn. */
static void test_small_copy_on_an_idle_queue_runs_at_once(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    enum { SIZE = 65536 };
    unsigned char *src = NULL, *dst = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, SIZE, (void**)&src));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, SIZE, (void**)&dst));
    memset(src, 0x5a, SIZE);
    memset(dst, 0, SIZE);
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, dev, dst, dev, src, SIZE));
    CHECK(dst[0] == 0x5a && dst[SIZE - 1] == 0x5a); /* done before the call returned */
    const unsigned char seven = 7;
    CHECK_OK(ctx, offload_memfill(ctx, q, dev, dst, &seven, 1, SIZE));
    CHECK(dst[0] == 7 && dst[SIZE - 1] == 7);
    offload_event reached;
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &reached));
    CHECK_OK(ctx, offload_event_record(ctx, reached, q));
    CHECK_OK(ctx, offload_event_query(ctx, reached));
    /* Behind a callback that has not finished, a copy and a record wait, and so do fills of one
       byte, which then run in the order they were enqueued although they were all enqueued
       while the queue's thread was busy. */
    _Atomic int release = 0;
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, wait_for_release_callback, (void*)&release));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, dev, dst, dev, src, 16));
    CHECK_OK(ctx, offload_event_record(ctx, reached, q));
    for (unsigned char value = 1; value <= 8; value++)
        CHECK_OK(ctx, offload_memfill(ctx, q, dev, dst + 32, &value, 1, 1));
    usleep(20000);
    CHECK(dst[0] == 7 && dst[32] == 7);
    CHECK_RESULT(ctx, offload_event_query(ctx, reached), OFFLOAD_ERROR_NOT_READY);
    atomic_store(&release, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(dst[0] == 0x5a && dst[15] == 0x5a && dst[16] == 7 && dst[32] == 8);
    CHECK_OK(ctx, offload_event_query(ctx, reached));
    CHECK_OK(ctx, offload_event_destroy(ctx, reached));
    CHECK_OK(ctx, offload_mem_free(ctx, src));
    CHECK_OK(ctx, offload_mem_free(ctx, dst));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
}

/* A synchronize runs the queued work the queue's thread has not started, in the queue's order,
   with the queue's thread and other synchronizing threads taking their turns; host callbacks
   still run on the queue's thread. */
static void test_synchronize_runs_queued_work(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    enum { ROUNDS = 2000 };
    uint32_t *a, *b, *c;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof *a, (void**)&a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof *b, (void**)&b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, sizeof *c, (void**)&c));

    /* The queue's thread is asleep (it has been idle far longer than it spins). */
    struct timespec idle = {0, 5 * 1000 * 1000};
    nanosleep(&idle, NULL);
    pthread_t ran_on = pthread_self();
    CHECK_OK(ctx, offload_queue_host_callback(ctx, q, record_thread_callback, &ran_on));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(!pthread_equal(ran_on, pthread_self()));

    /* A chain whose every step reads the one before: out of order, c would lag. A second thread
       synchronizes all along, so that three threads compete to run the queue's commands. */
    sync_race race = {ctx, q, 0, 0};
    pthread_t other;
    REQUIRE(pthread_create(&other, NULL, synchronize_loop, &race) == 0);
    size_t wrong = 0;
    for (uint32_t i = 1; i <= ROUNDS; i++) {
        uint32_t value = i;
        CHECK_OK(ctx, offload_memfill(ctx, q, dev, a, &value, sizeof value, sizeof *a));
        CHECK_OK(ctx, offload_memcpy_async(ctx, q, dev, b, dev, a, sizeof *a));
        if (i % 64 == 0) CHECK_OK(ctx, offload_queue_host_callback(ctx, q, record_thread_callback, &ran_on));
        CHECK_OK(ctx, offload_memcpy_async(ctx, q, dev, c, dev, b, sizeof *b));
        CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
        wrong += *c != i;
    }
    atomic_store(&race.stop, 1);
    pthread_join(other, NULL);
    CHECK(wrong == 0);
    CHECK(race.failures == 0);
    CHECK(!pthread_equal(ran_on, pthread_self()));
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    CHECK_OK(ctx, offload_mem_free(ctx, c));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    offload_context_destroy(ctx);
}

typedef struct destroy_race {
    offload_context* ctx;
    offload_queue queue;
    offload_program program;
    pthread_barrier_t* start;
    int queue_ok, program_ok;
} destroy_race;

static void* destroy_race_thread(void* arg) {
    destroy_race* d = (destroy_race*)arg;
    pthread_barrier_wait(d->start);
    d->queue_ok = offload_queue_destroy(d->ctx, d->queue) == OFFLOAD_SUCCESS;
    d->program_ok = offload_program_destroy(d->ctx, d->program) == OFFLOAD_SUCCESS;
    return NULL;
}

/* Two threads destroy the same handles at once: exactly one of them succeeds each time (the
   lookup and the release of the slot are one step, so neither frees the object twice). */
static void test_concurrent_destroy_same_handle(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    int wrong = 0;
    for (int round = 0; round < 200; round++) {
        offload_queue q;
        offload_program p;
        REQUIRE_OK(ctx, offload_queue_create(ctx, host_device(ctx), &q));
        REQUIRE_OK(ctx, load_table(ctx, &p));
        pthread_barrier_t start;
        pthread_barrier_init(&start, NULL, 2);
        destroy_race d[2] = {{ctx, q, p, &start, 0, 0}, {ctx, q, p, &start, 0, 0}};
        pthread_t t;
        REQUIRE(pthread_create(&t, NULL, destroy_race_thread, &d[1]) == 0);
        destroy_race_thread(&d[0]);
        pthread_join(t, NULL);
        pthread_barrier_destroy(&start);
        wrong += d[0].queue_ok + d[1].queue_ok != 1;
        wrong += d[0].program_ok + d[1].program_ok != 1;
    }
    CHECK(wrong == 0);
    offload_context_destroy(ctx);
}

/* ---- programs from shared objects ---- */

static const char* so_source_a = "#include \"offload.h\"\n"
                                 "int scale = 3;\n"
                                 "void times(const void* args, const offload_host_thread* t) {\n"
                                 "  int* p = *(int* const*)args; p[t->thread_id[0]] *= scale; }\n";

static const char* so_source_b = "#include \"offload.h\"\n"
                                 "int scale = 5;\n"
                                 "void times(const void* args, const offload_host_thread* t) {\n"
                                 "  int* p = *(int* const*)args; p[t->thread_id[0]] += scale; }\n";

static void run_times(offload_context* ctx, offload_program prog, int* data, int n) {
    offload_kernel k;
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "times", &k));
    for (int i = 0; i < n; i++) data[i] = i;
    offload_launch_desc l = {{1, 1, 1}, {(uint32_t)n, 1, 1}, 0, &data, sizeof data};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
}

static void test_shared_object_images(void) {
    size_t size_a = 0, size_b = 0;
    char* image_a = test_build_shared_object(so_source_a, &size_a);
    char* image_b = test_build_shared_object(so_source_b, &size_b);
    if (!image_a || !image_b) {
        free(image_a);
        free(image_b);
        SKIP("no C compiler (cc) to build test images");
    }
    REQUIRE(image_a && image_b);
    CHECK(offload_image_detect(image_a, size_a) == OFFLOAD_IMAGE_HOST_ELF);

    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    int data[8];
    /* Load a, destroy it, load b: the second program must be b, never a stale a. */
    for (int round = 0; round < 3; round++) {
        offload_program pa, pb;
        offload_program_desc da = {image_a, size_a, NULL, 0, "a"};
        offload_program_desc db = {image_b, size_b, NULL, 0, "b"};
        REQUIRE_OK(ctx, offload_program_create(ctx, dev, &da, &pa));
        run_times(ctx, pa, data, 8);
        CHECK(data[7] == 21);
        int32_t scale = 0;
        CHECK_OK(ctx, offload_global_read(ctx, pa, "scale", 0, &scale, sizeof scale));
        CHECK(scale == 3);
        CHECK_OK(ctx, offload_program_destroy(ctx, pa));
        REQUIRE_OK(ctx, offload_program_create(ctx, dev, &db, &pb));
        run_times(ctx, pb, data, 8);
        CHECK(data[7] == 12);
        CHECK_OK(ctx, offload_global_read(ctx, pb, "scale", 0, &scale, sizeof scale));
        CHECK(scale == 5);
        CHECK_OK(ctx, offload_program_destroy(ctx, pb));
    }
    /* malformed images */
    unsigned char* broken = (unsigned char*)malloc(size_a);
    memcpy(broken, image_a, size_a);
    memset(broken + 64, 0xff, 256); /* program headers trashed */
    offload_program bad;
    offload_program_desc dbad = {broken, size_a, NULL, 0, NULL};
    CHECK(offload_program_create(ctx, dev, &dbad, &bad) == OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK(bad.id == 0);
    offload_program_desc dshort = {image_a, 100, NULL, 0, NULL};
    CHECK(offload_program_create(ctx, dev, &dshort, &bad) == OFFLOAD_ERROR_INVALID_IMAGE);
    memcpy(broken, image_a, size_a);
    broken[18] = 40; /* EM_ARM */
    CHECK(offload_program_create(ctx, dev, &dbad, &bad) == OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_HOST_IMAGE_MACHINE);
    free(broken);
    free(image_a);
    free(image_b);
    offload_context_destroy(ctx);
}

/* ---- bad input on every public function ---- */

static void test_bad_input(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx), nodev = {77};
    offload_queue noq = {0x12345};
    offload_event noe = {0x54321};
    offload_program nop = {0x22222};
    offload_kernel nok = {0x33333};
    void* p = NULL;
    uint32_t n;
    offload_device_info info;
    CHECK(offload_device_count(NULL, &n) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_device_count(ctx, NULL) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_device_get(ctx, 1000, &dev) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    dev = host_device(ctx);
    CHECK(offload_device_get_info(ctx, nodev, &info) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_device_get_info(ctx, (offload_device){0}, &info) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 0, &p) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, SIZE_MAX, &p) == OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY);
    CHECK(p == NULL);
    CHECK(offload_mem_alloc(ctx, dev, (offload_mem_kind)9, 16, &p) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_mem_alloc(ctx, nodev, OFFLOAD_MEM_DEVICE, 16, &p) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 16, NULL) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_mem_alloc(NULL, dev, OFFLOAD_MEM_DEVICE, 16, &p) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_mem_free(ctx, (void*)0x1000) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_mem_get_info(ctx, NULL, NULL) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_queue q;
    offload_event e;
    CHECK(offload_queue_create(ctx, nodev, &q) == OFFLOAD_ERROR_INVALID_HANDLE && q.id == 0);
    CHECK(offload_queue_create(ctx, dev, NULL) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_queue_destroy(ctx, noq) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_queue_destroy(ctx, (offload_queue){0}) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_queue_synchronize(ctx, noq) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_queue_query(ctx, noq) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_queue_wait_event(ctx, noq, noe) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_queue_host_callback(ctx, noq, set_int_callback, NULL) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_event_create(ctx, nodev, &e) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_event_destroy(ctx, noe) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_event_record(ctx, noe, noq) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_event_synchronize(ctx, noe) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_event_query(ctx, noe) == OFFLOAD_ERROR_INVALID_HANDLE);
    float ms;
    CHECK(offload_event_elapsed_time(ctx, noe, noe, &ms) == OFFLOAD_ERROR_INVALID_HANDLE);
    offload_program prog;
    offload_program_desc empty = {0};
    CHECK(offload_program_create(ctx, dev, &empty, &prog) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(offload_program_create(ctx, dev, NULL, &prog) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_program_desc garbage = {"\x01\x02\x03\x04garbage", 11, NULL, 0, NULL};
    CHECK(offload_program_create(ctx, dev, &garbage, &prog) == OFFLOAD_ERROR_INVALID_IMAGE);
    offload_program_desc zero = {"x", 0, NULL, 0, NULL};
    CHECK(offload_program_create(ctx, dev, &zero, &prog) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_host_symbol bad_syms[] = {{.name = NULL, .kernel = empty_kernel}};
    offload_program_desc bad_table = {0};
    bad_table.host_symbols = bad_syms;
    bad_table.host_symbol_count = 1;
    CHECK(offload_program_create(ctx, dev, &bad_table, &prog) == OFFLOAD_ERROR_INVALID_IMAGE);
    CHECK(offload_program_destroy(ctx, nop) == OFFLOAD_ERROR_INVALID_HANDLE);
    offload_kernel k;
    CHECK(offload_kernel_get(ctx, nop, "x", &k) == OFFLOAD_ERROR_INVALID_HANDLE);
    void* addr;
    size_t size;
    CHECK(offload_global_get(ctx, nop, "x", &addr, &size) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_global_read(ctx, nop, "x", 0, &n, 4) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_global_write(ctx, nop, "x", 0, &n, 4) == OFFLOAD_ERROR_INVALID_HANDLE);
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 0};
    CHECK(offload_launch(ctx, (offload_queue){0}, nok, &l) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK(offload_launch(ctx, (offload_queue){0}, nok, NULL) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    size_t args_size;
    CHECK(offload_kernel_get_args_size(ctx, nok, &args_size) == OFFLOAD_ERROR_INVALID_HANDLE);

    REQUIRE_OK(ctx, load_table(ctx, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "empty", &k));
    CHECK(offload_kernel_get(ctx, prog, "nope", &k) == OFFLOAD_ERROR_NOT_FOUND);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_NAME_NOT_FOUND);
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "empty", &k));
    offload_launch_desc huge = {{1, 1, 1}, {2048, 1, 1}, 0, NULL, 0};
    CHECK(offload_launch(ctx, (offload_queue){0}, k, &huge) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_LAUNCH_DIMENSION);
    offload_launch_desc huge_grid = {{1, 100000, 1}, {1, 1, 1}, 0, NULL, 0};
    CHECK(offload_launch(ctx, (offload_queue){0}, k, &huge_grid) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_LAUNCH_DIMENSION);
    offload_launch_desc null_args = {{1, 1, 1}, {1, 1, 1}, 0, NULL, 8};
    CHECK(offload_launch(ctx, (offload_queue){0}, k, &null_args) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_ARGS_NULL);
    CHECK(offload_launch(ctx, noq, k, &l) == OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_STALE_HANDLE);
    /* a short argument buffer is caught where the kernel's parameter size is known */
    REQUIRE_OK(ctx, offload_test_kernel_set_args_size(ctx, k, 16));
    offload_launch_desc short_args = {{1, 1, 1}, {1, 1, 1}, 0, &n, 4};
    CHECK(offload_launch(ctx, (offload_queue){0}, k, &short_args) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_DIAGNOSTIC(ctx, OFFLOAD_DIAG_ARGS_SIZE_MISMATCH);
    CHECK_OK(ctx, offload_kernel_get_args_size(ctx, k, &args_size));
    CHECK(args_size == 16);

    CHECK(strcmp(offload_result_string(OFFLOAD_ERROR_INVALID_HANDLE), "invalid, destroyed or stale handle") == 0);
    CHECK(strcmp(offload_result_string((offload_result)-999), "unknown result code") == 0);
    CHECK(offload_version() == OFFLOAD_VERSION_MAJOR * 10000u + OFFLOAD_VERSION_MINOR * 100u + OFFLOAD_VERSION_PATCH);
    CHECK(strcmp(offload_context_last_error(NULL), "no context") == 0);
    offload_context_destroy(ctx);
}

static void test_image_detection(void) {
    static const unsigned char bc[] = {'B', 'C', 0xC0, 0xDE, 0, 0};
    static const unsigned char wrapper[] = {0xDE, 0xC0, 0x17, 0x0B, 0, 0, 0, 0};
    static const unsigned char fatbin[] = {0x50, 0xED, 0x55, 0xBA, 1, 0, 0, 0};
    const char* ptx = "// generated\n\n.version 7.1\n.target sm_86\n";
    const char* ir = "; ModuleID = 'x'\ndefine void @f() {\n  ret void\n}\n";
    CHECK(offload_image_detect(bc, sizeof bc) == OFFLOAD_IMAGE_LLVM_BITCODE);
    CHECK(offload_image_detect(wrapper, sizeof wrapper) == OFFLOAD_IMAGE_LLVM_BITCODE);
    CHECK(offload_image_detect(fatbin, sizeof fatbin) == OFFLOAD_IMAGE_FATBIN);
    CHECK(offload_image_detect(ptx, strlen(ptx)) == OFFLOAD_IMAGE_PTX);
    CHECK(offload_image_detect(ir, strlen(ir)) == OFFLOAD_IMAGE_LLVM_IR);
    CHECK(offload_image_detect("abc", 3) == OFFLOAD_IMAGE_UNKNOWN);
    /* '.version' that ends the bytes is PTX; seven of its letters are not */
    CHECK(offload_image_detect("\n.version", 9) == OFFLOAD_IMAGE_PTX);
    CHECK(offload_image_detect("\n.versio", 8) == OFFLOAD_IMAGE_UNKNOWN);
    CHECK(offload_image_detect(NULL, 10) == OFFLOAD_IMAGE_UNKNOWN);
    unsigned char elf[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
    elf[18] = 190;
    CHECK(offload_image_detect(elf, sizeof elf) == OFFLOAD_IMAGE_CUBIN);
    elf[18] = 224;
    CHECK(offload_image_detect(elf, sizeof elf) == OFFLOAD_IMAGE_AMDGPU_ELF);
    elf[18] = 62;
    CHECK(offload_image_detect(elf, sizeof elf) == OFFLOAD_IMAGE_HOST_ELF);
}


/* ---- limits at their edges ---- */

typedef struct edge_seen {
    size_t copy_size, fill_size, pattern_size;
    uint32_t pattern;
    int copies, fills;
} edge_seen;

static offload_result edge_memcpy(void* user, void* dst, const void* src, size_t size, int* forward) {
    edge_seen* seen = (edge_seen*)user;
    (void)dst, (void)src, (void)forward; /* not forwarded: nothing is copied */
    seen->copy_size = size;
    seen->copies++;
    return OFFLOAD_SUCCESS;
}

static offload_result edge_memfill(void* user, void* ptr, uint32_t pattern, size_t pattern_size, size_t size,
                                   int* forward) {
    edge_seen* seen = (edge_seen*)user;
    (void)ptr, (void)forward;
    seen->fill_size = size;
    seen->pattern = pattern;
    seen->pattern_size = pattern_size;
    seen->fills++;
    return OFFLOAD_SUCCESS;
}

/* Sizes past 32 bits reach the backend unchanged (the backend's copy and fill are stubbed: no
   4 GiB are touched), and a block of exactly the device's maximum size launches. */
static void test_sizes_at_edges(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    edge_seen seen = {0};
    offload_test_intercept stub = {.user = &seen, .memcpy = edge_memcpy, .memfill = edge_memfill};
    REQUIRE_OK(ctx, offload_test_device_intercept(ctx, dev, &stub));
    const size_t big = ((size_t)1 << 32) + 256;
    static uint32_t a[1], b[1];
    CHECK_OK(ctx, offload_memcpy(ctx, dev, a, dev, b, big));
    CHECK(seen.copies == 1 && seen.copy_size == big);
    offload_queue q = {0};
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, dev, a, dev, b, big));
    CHECK(seen.copies == 2 && seen.copy_size == big);
    uint32_t pattern = 0xa1b2c3d4u;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, dev, a, &pattern, 4, big));
    CHECK(seen.fills == 1 && seen.fill_size == big && seen.pattern_size == 4 && seen.pattern == pattern);
    CHECK_OK(ctx, offload_memfill(ctx, q, dev, a, &pattern, 1, big + 1));
    CHECK(seen.fills == 2 && seen.fill_size == big + 1 && seen.pattern_size == 1 && seen.pattern == 0xd4);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_test_device_intercept(ctx, dev, NULL));

    offload_device_info info;
    REQUIRE_OK(ctx, offload_device_get_info(ctx, dev, &info));
    offload_program prog;
    offload_kernel k;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "empty", &k));
    offload_launch_desc l = {{1, 1, 1}, {info.max_block_size, 1, 1}, 0, NULL, 0};
    CHECK(info.max_block_size <= info.max_block_dims[0]);
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
    l.block[0] = info.max_block_size + 1;
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &l), OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* the same number of threads over two dimensions, and the largest grid in y */
    offload_launch_desc l2 = {{1, info.max_grid_dims[1], 1}, {info.max_block_size / 2, 2, 1}, 0, NULL, 0};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l2));
    l2.grid[1]++;
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &l2), OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_launch_desc shared = {{1, 1, 1}, {1, 1, 1}, (size_t)info.max_shared_memory, NULL, 0};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &shared));
    shared.shared_memory++;
    CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, k, &shared), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    offload_context_destroy(ctx);
}

/* An allocation interceptor that stops every allocation that reaches the backend, so a test sees
   which sizes got past the front checks without allocating them. */
static offload_result reached_backend(void* user, offload_mem_kind kind, size_t size, int* forward) {
    (void)kind, (void)size, (void)forward;
    ++*(int*)user;
    return OFFLOAD_ERROR_UNSUPPORTED;
}

/* Each limit of handles and memory on both sides: the last device handle and the one after it;
   device memory of exactly the device's size reaches the backend, one byte more is refused
   before it; the cache keeps a block of exactly its largest cached size and not one byte more. */
static void test_handle_and_memory_limits(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    uint32_t count = 0;
    REQUIRE_OK(ctx, offload_device_count(ctx, &count));
    offload_device_info info;
    CHECK_OK(ctx, offload_device_get_info(ctx, (offload_device){count}, &info));
    CHECK_RESULT(ctx, offload_device_get_info(ctx, (offload_device){count + 1}, &info), OFFLOAD_ERROR_INVALID_HANDLE);
    void* p = NULL;
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, (offload_device){count + 1}, OFFLOAD_MEM_DEVICE, 64, &p),
                 OFFLOAD_ERROR_INVALID_HANDLE);

    offload_device dev = host_device(ctx);
    REQUIRE_OK(ctx, offload_device_get_info(ctx, dev, &info));
    REQUIRE(info.memory_bytes > 0);
    int reached = 0;
    offload_test_intercept stop = {.user = &reached, .mem_alloc = reached_backend};
    REQUIRE_OK(ctx, offload_test_device_intercept(ctx, dev, &stop));
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, (size_t)info.memory_bytes, &p),
                 OFFLOAD_ERROR_UNSUPPORTED);
    CHECK(reached == 1);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, (size_t)info.memory_bytes + 1, &p),
                 OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY);
    CHECK(reached == 1);
    CHECK_OK(ctx, offload_test_device_intercept(ctx, dev, NULL));
    offload_context_destroy(ctx);

    offload_context_desc desc = {0};
    desc.backends = OFFLOAD_BACKEND_BIT(OFFLOAD_BACKEND_HOST);
    desc.no_environment = 1;
    desc.memory_cache_max_size = 4096;
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    dev = host_device(ctx);
    CHECK_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 4096, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    CHECK(offload_test_memory_cached(ctx) == 4096);
    CHECK_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 4097, &p));
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    CHECK(offload_test_memory_cached(ctx) == 4096);
    offload_context_destroy(ctx);
}

/* ---- a queue is busy while its kernel runs ---- */

static void test_query_while_kernel_runs(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    offload_program prog;
    offload_kernel k;
    offload_queue q;
    offload_event e;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "gated", &k));
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &e));
    _Atomic int open = 0, running = 0;
    gate_args args = {&open, &running};
    offload_launch_desc l = {{1, 1, 1}, {1, 1, 1}, 0, &args, sizeof args};
    REQUIRE_OK(ctx, offload_launch(ctx, q, k, &l));
    for (int i = 0; i < 5000 && !atomic_load(&running); i++) usleep(1000);
    CHECK(atomic_load(&running));
    /* The running kernel is the queue's last command: the queue is busy every time it is asked,
       until the gate opens. Then an event recorded behind the kernel is not reached either. */
    int busy_queue = 0, busy_event = 0;
    for (int i = 0; i < 50; i++) {
        busy_queue += offload_queue_query(ctx, q) == OFFLOAD_ERROR_NOT_READY;
        usleep(200);
    }
    REQUIRE_OK(ctx, offload_event_record(ctx, e, q));
    for (int i = 0; i < 50; i++) {
        busy_queue += offload_queue_query(ctx, q) == OFFLOAD_ERROR_NOT_READY;
        busy_event += offload_event_query(ctx, e) == OFFLOAD_ERROR_NOT_READY;
        usleep(200);
    }
    CHECK(busy_queue == 100);
    CHECK(busy_event == 50);
    atomic_store(&open, 1);
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK_OK(ctx, offload_queue_query(ctx, q));
    CHECK_OK(ctx, offload_event_query(ctx, e));
    CHECK_OK(ctx, offload_event_destroy(ctx, e));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    offload_context_destroy(ctx);
}

/* ---- NULL output pointers ---- */

/* Every public function that writes through an output pointer refuses NULL with
   OFFLOAD_ERROR_INVALID_ARGUMENT (and a message), never writes through it, never crashes. The
   list follows offload.h. */
static void test_null_outputs(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    offload_device dev = host_device(ctx);
    offload_program prog;
    offload_kernel k;
    offload_queue q;
    offload_event e0, e1;
    REQUIRE_OK(ctx, load_table(ctx, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "empty", &k));
    REQUIRE_OK(ctx, offload_queue_create(ctx, dev, &q));
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &e0));
    REQUIRE_OK(ctx, offload_event_create(ctx, dev, &e1));
    REQUIRE_OK(ctx, offload_event_record(ctx, e0, q));
    REQUIRE_OK(ctx, offload_event_record(ctx, e1, q));
    REQUIRE_OK(ctx, offload_queue_synchronize(ctx, q));
    void* p = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, &p));
    offload_context_desc desc = {0};
    desc.no_environment = 1;
    int32_t value = 0;
    const offload_result bad = OFFLOAD_ERROR_INVALID_ARGUMENT;
    CHECK(offload_context_create(&desc, NULL) == bad);
    CHECK_RESULT(ctx, offload_backend_get_status(ctx, OFFLOAD_BACKEND_HOST, NULL), bad);
    CHECK_RESULT(ctx, offload_device_count(ctx, NULL), bad);
    CHECK_RESULT(ctx, offload_device_get(ctx, 0, NULL), bad);
    CHECK_RESULT(ctx, offload_device_best(ctx, NULL), bad);
    CHECK_RESULT(ctx, offload_device_get_info(ctx, dev, NULL), bad);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_DEVICE, 64, NULL), bad);
    CHECK_RESULT(ctx, offload_mem_get_info(ctx, p, NULL), bad);
    CHECK_RESULT(ctx, offload_queue_create(ctx, dev, NULL), bad);
    CHECK_RESULT(ctx, offload_event_create(ctx, dev, NULL), bad);
    CHECK_RESULT(ctx, offload_event_elapsed_time(ctx, e0, e1, NULL), bad);
    CHECK_RESULT(ctx,
                 offload_program_create(
                     ctx, dev, &(offload_program_desc){.host_symbols = host_symbols, .host_symbol_count = 1}, NULL),
                 bad);
    CHECK_RESULT(ctx, offload_kernel_get(ctx, prog, "empty", NULL), bad);
    CHECK_RESULT(ctx, offload_kernel_get_args_size(ctx, k, NULL), bad);
    CHECK_RESULT(ctx, offload_kernel_get_host_entry(ctx, prog, "empty", NULL), bad);
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, "counter", NULL, NULL), bad);
    CHECK_RESULT(ctx, offload_global_read(ctx, prog, "counter", 0, NULL, sizeof value), bad);
    CHECK_RESULT(ctx, offload_global_write(ctx, prog, "counter", 0, NULL, sizeof value), bad);
    offload_jit_stats stats;
    (void)stats;
    CHECK_RESULT(ctx, offload_jit_get_stats(ctx, NULL), bad);
    CHECK(offload_args_push(NULL, &value, sizeof value, 4) == bad);
    CHECK(offload_args_i32(NULL, 1) == bad);
    /* and the inputs the outputs come from */
    CHECK_RESULT(ctx, offload_kernel_get(ctx, prog, NULL, &k), bad);
    CHECK_RESULT(ctx, offload_global_get(ctx, prog, NULL, &p, NULL), bad);
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    CHECK_OK(ctx, offload_event_destroy(ctx, e0));
    CHECK_OK(ctx, offload_event_destroy(ctx, e1));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
    CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    offload_context_destroy(ctx);
}

/* ---- errors are per thread ---- */

typedef struct thread_error_arg {
    offload_context* ctx;
    int index;
    int ok;
} thread_error_arg;

/* Each thread's last error is its own: the kind, and the index it asked for (a value only that
   thread's message holds). CHECK is not used off the main thread. */
static void* thread_error_main(void* p) {
    thread_error_arg* a = (thread_error_arg*)p;
    char expected[64];
    snprintf(expected, sizeof expected, "%d", 1000 + a->index);
    a->ok = 1;
    for (int i = 0; i < 200; i++) {
        offload_device d;
        offload_device_get(a->ctx, (uint32_t)(1000 + a->index), &d);
        if (offload_context_last_diagnostic(a->ctx) != OFFLOAD_DIAG_DEVICE_INDEX_RANGE ||
            !strstr(offload_context_last_error(a->ctx), expected))
            a->ok = 0;
    }
    return NULL;
}

static void test_errors_per_thread(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    pthread_t threads[4];
    thread_error_arg args[4];
    for (int i = 0; i < 4; i++) {
        args[i] = (thread_error_arg){ctx, i, 0};
        pthread_create(&threads[i], NULL, thread_error_main, &args[i]);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(threads[i], NULL);
        CHECK(args[i].ok);
    }
    offload_context_destroy(ctx);
}

/* ---- environment ---- */

static void test_environment_numbers(void) {
    offload_context* ctx = NULL;
    offload_context_desc desc = {0};
    desc.host_threads = 3;
    static const char* const bad[] = {"-1", "abc", "2x", "99999999999999999999", "2000", "1025", "2K"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("OFFLOAD_HOST_THREADS", bad[i], 1);
        REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
        CHECK(offload_test_context_desc(ctx)->host_threads == 3); /* ignored, the desc's value kept */
        offload_context_destroy(ctx);
    }
    /* the largest value taken, written out and with a suffix; one more is ignored */
    static const struct {
        const char* text;
        uint32_t want;
    } edges[] = {{"1024", 1024}, {"1K", 1024}, {"1023", 1023}};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        setenv("OFFLOAD_HOST_THREADS", edges[i].text, 1);
        REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
        CHECK(offload_test_context_desc(ctx)->host_threads == edges[i].want);
        offload_context_destroy(ctx);
    }
    setenv("OFFLOAD_WAIT_TIMEOUT_MS", "4294967295", 1);
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    CHECK(offload_test_context_desc(ctx)->wait_timeout_ms == UINT32_MAX);
    offload_context_destroy(ctx);
    setenv("OFFLOAD_WAIT_TIMEOUT_MS", "4294967296", 1);
    desc.wait_timeout_ms = 5;
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    CHECK(offload_test_context_desc(ctx)->wait_timeout_ms == 5);
    offload_context_destroy(ctx);
    desc.wait_timeout_ms = 0;
    unsetenv("OFFLOAD_WAIT_TIMEOUT_MS");
    setenv("OFFLOAD_HOST_THREADS", "2", 1);
    setenv("OFFLOAD_RECORD_ARENA_SIZE", "64M", 1);
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    CHECK(offload_test_context_desc(ctx)->host_threads == 2);
    CHECK(offload_test_context_desc(ctx)->record.arena_size == 64u << 20);
    offload_context_destroy(ctx);
    desc.no_environment = 1; /* and none of it when the desc forbids the environment */
    REQUIRE(offload_context_create(&desc, &ctx) == OFFLOAD_SUCCESS);
    CHECK(offload_test_context_desc(ctx)->host_threads == 3 && offload_test_context_desc(ctx)->record.arena_size == 0);
    offload_context_destroy(ctx);
    unsetenv("OFFLOAD_HOST_THREADS");
    unsetenv("OFFLOAD_RECORD_ARENA_SIZE");
}

/* ---- one kernel handle per (program, name), from any number of threads ---- */

typedef struct kernel_get_arg {
    offload_context* ctx;
    offload_program prog;
    pthread_barrier_t* start;
    offload_kernel kernel;
} kernel_get_arg;

static void* kernel_get_main(void* p) {
    kernel_get_arg* a = (kernel_get_arg*)p;
    pthread_barrier_wait(a->start);
    offload_kernel_get(a->ctx, a->prog, "saxpy", &a->kernel);
    return NULL;
}

static void test_kernel_get_from_threads(void) {
    offload_context* ctx = make_context();
    REQUIRE(ctx);
    for (int round = 0; round < 20; round++) {
        offload_program prog;
        REQUIRE_OK(ctx, load_table(ctx, &prog));
        enum { THREADS = 4 };
        pthread_t threads[THREADS];
        kernel_get_arg args[THREADS];
        pthread_barrier_t start;
        pthread_barrier_init(&start, NULL, THREADS);
        for (int i = 0; i < THREADS; i++) {
            args[i] = (kernel_get_arg){ctx, prog, &start, {0}};
            pthread_create(&threads[i], NULL, kernel_get_main, &args[i]);
        }
        for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
        pthread_barrier_destroy(&start);
        for (int i = 0; i < THREADS; i++) CHECK(args[i].kernel.id != 0 && args[i].kernel.id == args[0].kernel.id);
        CHECK_OK(ctx, offload_program_destroy(ctx, prog));
    }
    offload_context_destroy(ctx);
}

int main(void) {
    test_after_each(check_all_freed);
    RUN(test_create_destroy_many);
    RUN(test_create_fails_cleanly_at_every_allocation);
    RUN(test_desc_validation);
    RUN(test_two_contexts_independent);
    RUN(test_object_has_no_global_state);
    RUN(test_handle_generations_one_slot);
    RUN(test_stale_kernel_after_program_destroy);
    RUN(test_memory_manager);
    RUN(test_memory_table_deletion);
    RUN(test_memory_two_threads);
    RUN(test_memory_lock_waiter_sleeps);
    RUN(test_host_workers_start_with_the_first_grid_that_needs_them);
    RUN(test_host_long_small_grid_is_shared);
    RUN(test_cache_hit_when_the_table_cannot_grow);
    RUN(test_memory_cache_off);
    RUN(test_memory_flush_and_retry);
    RUN(test_shared_memory_per_block);
    RUN(test_one_thread_launches);
    RUN(test_globals);
    RUN(test_queues_events_ordering);
    RUN(test_many_queues_concurrent);
    RUN(test_synchronize_runs_queued_work);
    RUN(test_small_copy_on_an_idle_queue_runs_at_once);
    RUN(test_concurrent_destroy_same_handle);
    RUN(test_shared_object_images);
    RUN(test_bad_input);
    RUN(test_image_detection);
    RUN(test_sizes_at_edges);
    RUN(test_handle_and_memory_limits);
    RUN(test_query_while_kernel_runs);
    RUN(test_null_outputs);
    RUN(test_errors_per_thread);
    RUN(test_environment_numbers);
    RUN(test_kernel_get_from_threads);
    return test_summary();
}
