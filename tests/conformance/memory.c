/* tests/conformance/memory.c — memory kinds, copies in every direction, fills. */
#include "conformance.h"

#include <string.h>

static const offload_mem_kind conf_mem_kinds[] = {OFFLOAD_MEM_DEVICE, OFFLOAD_MEM_HOST, OFFLOAD_MEM_SHARED};

/* Each kind the device says it has: aligned, described by mem_get_info from any byte inside,
   and freed; host and shared memory are reachable by the host's own loads and stores. A kind the
   device does not have is refused with UNSUPPORTED. */
static void conf_mem_kinds_test(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    for (size_t i = 0; i < sizeof conf_mem_kinds / sizeof conf_mem_kinds[0]; i++) {
        offload_mem_kind kind = conf_mem_kinds[i];
        void* p = (void*)1;
        if (kind == OFFLOAD_MEM_SHARED && !fx->info.supports_shared_memory) {
            CHECK_RESULT(ctx, offload_mem_alloc(ctx, fx->device, kind, 1000, &p), OFFLOAD_ERROR_UNSUPPORTED);
            CHECK(p == NULL);
            continue;
        }
        REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, kind, 1000, &p));
        CHECK(p != NULL && (uintptr_t)p % 256 == 0);
        offload_mem_info mi;
        memset(&mi, 0, sizeof mi);
        CHECK_OK(ctx, offload_mem_get_info(ctx, (char*)p + 999, &mi));
        CHECK(mi.device.id == fx->device.id && mi.kind == kind && mi.base == p && mi.size == 1000);
        CHECK_RESULT(ctx, offload_mem_get_info(ctx, (char*)p + 1000, &mi), OFFLOAD_ERROR_NOT_FOUND);
        if (kind != OFFLOAD_MEM_DEVICE) {
            /* Written by the host, read back through the device. */
            uint8_t back[1000];
            for (int b = 0; b < 1000; b++) ((uint8_t*)p)[b] = (uint8_t)(b * 13);
            CHECK_OK(ctx, offload_memcpy(ctx, fx->host, back, fx->device, p, sizeof back));
            int same = 1;
            for (int b = 0; b < 1000; b++) same &= back[b] == (uint8_t)(b * 13);
            CHECK(same);
        }
        CHECK_OK(ctx, offload_mem_free(ctx, p));
        CHECK_RESULT(ctx, offload_mem_get_info(ctx, p, &mi), OFFLOAD_ERROR_NOT_FOUND);
    }
}

static void conf_mem_alloc_errors(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    void* p = (void*)1;
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 0, &p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(p == NULL);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 64, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, fx->device, (offload_mem_kind)0, 64, &p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, fx->device, (offload_mem_kind)4, 64, &p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, (offload_device){0}, OFFLOAD_MEM_DEVICE, 64, &p), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_mem_alloc(ctx, (offload_device){999}, OFFLOAD_MEM_DEVICE, 64, &p), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_mem_alloc(NULL, fx->device, OFFLOAD_MEM_DEVICE, 64, &p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    if (fx->info.memory_bytes)
        CHECK_RESULT(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, (size_t)fx->info.memory_bytes + 1, &p),
                     OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY);
    /* Freeing: NULL is fine; a pointer not from offload_mem_alloc, or inside an allocation, or
       freed twice is refused. */
    CHECK_OK(ctx, offload_mem_free(ctx, NULL));
    int local = 0;
    CHECK_RESULT(ctx, offload_mem_free(ctx, &local), OFFLOAD_ERROR_INVALID_ARGUMENT);
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 512, &p));
    CHECK_RESULT(ctx, offload_mem_free(ctx, (char*)p + 8), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_mem_free(ctx, p));
    CHECK_RESULT(ctx, offload_mem_free(ctx, p), OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_mem_info mi;
    CHECK_RESULT(ctx, offload_mem_get_info(ctx, &local, &mi), OFFLOAD_ERROR_NOT_FOUND);
    CHECK_RESULT(ctx, offload_mem_get_info(ctx, &local, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_mem_get_info(ctx, NULL, &mi), OFFLOAD_ERROR_INVALID_ARGUMENT);
}

/* Two device buffers and host memory, copied host -> device -> device -> host, also through
   HOST-kind memory and host to host, at odd offsets; each copy touches exactly its range.
   queue.id == 0 runs every copy with offload_memcpy, otherwise with offload_memcpy_async on it. */
static void conf_copy_round(conf_fixture* fx, offload_queue q) {
    offload_context* ctx = fx->ctx;
    enum { N = 4096 };
    static uint8_t src[N], dst[N], mid[N];
    for (int i = 0; i < N; i++) src[i] = (uint8_t)(i * 7 + 3);
    void *a = NULL, *b = NULL, *pinned = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, N, &a));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, N, &b));
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_HOST, N, &pinned));
    offload_device dev = fx->device, host = fx->host;
#define CONF_COPY(dd, d, sd, s, n)                                                                 \
    (q.id ? offload_memcpy_async(ctx, q, dd, d, sd, s, n) : offload_memcpy(ctx, dd, d, sd, s, n))
    uint8_t zero[N];
    memset(zero, 0, sizeof zero);
    CHECK_OK(ctx, CONF_COPY(dev, a, host, zero, N));
    CHECK_OK(ctx, CONF_COPY(dev, b, host, zero, N));
    CHECK_OK(ctx, CONF_COPY(dev, (char*)a + 1, host, src + 1, N - 2));        /* h2d at an odd offset */
    CHECK_OK(ctx, CONF_COPY(dev, (char*)b + 3, dev, (char*)a + 5, 1001));     /* d2d, both offsets odd */
    CHECK_OK(ctx, CONF_COPY(host, pinned, dev, b, N));                         /* d2h into HOST memory */
    if (q.id && fx->device.id != fx->host.id) {
        /* h2h runs on a queue of the host device: it waits for this queue's d2h through an event
           of another backend, which the wait call itself waits for. */
        offload_queue hq;
        offload_event done;
        REQUIRE_OK(ctx, offload_queue_create(ctx, host, &hq));
        REQUIRE_OK(ctx, offload_event_create(ctx, dev, &done));
        CHECK_OK(ctx, offload_event_record(ctx, done, q));
        CHECK_OK(ctx, offload_queue_wait_event(ctx, hq, done));
        CHECK_OK(ctx, offload_memcpy_async(ctx, hq, host, mid, host, pinned, N));
        CHECK_OK(ctx, offload_queue_synchronize(ctx, hq));
        CHECK_OK(ctx, offload_queue_destroy(ctx, hq));
        CHECK_OK(ctx, offload_event_destroy(ctx, done));
    } else {
        CHECK_OK(ctx, CONF_COPY(host, mid, host, pinned, N));                  /* h2h */
    }
    memset(dst, 0xee, sizeof dst);
    CHECK_OK(ctx, CONF_COPY(host, dst + 2, dev, (char*)a + 2, N - 4));        /* d2h at an offset */
    CHECK_OK(ctx, CONF_COPY(dev, a, host, src, 0));                            /* zero bytes: nothing */
    CHECK_OK(ctx, CONF_COPY(host, dst, dev, a, 0));
#undef CONF_COPY
    if (q.id) CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    /* b holds zeros except [3, 1004) = src[5, 1006); a holds src[1, N-1) */
    int ok = 1;
    for (int i = 0; i < N; i++) ok &= mid[i] == (i >= 3 && i < 1004 ? src[i + 2] : 0);
    CHECK(ok);
    ok = dst[0] == 0xee && dst[1] == 0xee && dst[N - 2] == 0xee && dst[N - 1] == 0xee;
    for (int i = 2; i < N - 2; i++) ok &= dst[i] == src[i];
    CHECK(ok);
    CHECK_OK(ctx, offload_mem_free(ctx, a));
    CHECK_OK(ctx, offload_mem_free(ctx, b));
    CHECK_OK(ctx, offload_mem_free(ctx, pinned));
}

static void conf_copy_sync(conf_fixture* fx) { conf_copy_round(fx, (offload_queue){0}); }

static void conf_copy_async(conf_fixture* fx) {
    offload_queue q;
    REQUIRE_OK(fx->ctx, offload_queue_create(fx->ctx, fx->device, &q));
    conf_copy_round(fx, q);
    CHECK_OK(fx->ctx, offload_queue_destroy(fx->ctx, q));
}

static void conf_copy_errors(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    void* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 64, &d));
    uint8_t h[64];
    CHECK_RESULT(ctx, offload_memcpy(ctx, fx->device, NULL, fx->host, h, 8), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memcpy(ctx, fx->host, h, fx->device, NULL, 8), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memcpy(ctx, (offload_device){999}, d, fx->host, h, 8), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_RESULT(ctx, offload_memcpy(NULL, fx->device, d, fx->host, h, 8), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memcpy_async(ctx, (offload_queue){0}, fx->device, d, fx->host, h, 8), OFFLOAD_ERROR_INVALID_HANDLE);
    CHECK_OK(ctx, offload_memcpy(ctx, fx->device, NULL, fx->host, NULL, 0)); /* nothing to copy, nothing to check */
    if (fx->device.id != fx->host.id) {
        /* A queue of the host device cannot run a copy that involves the GPU. */
        offload_queue hq;
        REQUIRE_OK(ctx, offload_queue_create(ctx, fx->host, &hq));
        CHECK_RESULT(ctx, offload_memcpy_async(ctx, hq, fx->device, d, fx->host, h, 8), OFFLOAD_ERROR_INVALID_ARGUMENT);
        CHECK_OK(ctx, offload_queue_destroy(ctx, hq));
    }
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

/* One fill of `size` bytes at byte `offset` of a 64-byte buffer of 0x11, read back whole. */
static int conf_fill_one(conf_fixture* fx, offload_queue q, const void* pattern, size_t pattern_size, size_t offset,
                         size_t size) {
    offload_context* ctx = fx->ctx;
    uint8_t init[64], back[64];
    memset(init, 0x11, sizeof init);
    void* d = NULL;
    if (offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 64, &d) != OFFLOAD_SUCCESS) return 0;
    int ok = offload_memcpy(ctx, fx->device, d, fx->host, init, 64) == OFFLOAD_SUCCESS;
    ok = ok && offload_memfill(ctx, q, fx->device, (char*)d + offset, pattern, pattern_size, size) == OFFLOAD_SUCCESS;
    if (q.id) ok = ok && offload_queue_synchronize(ctx, q) == OFFLOAD_SUCCESS;
    ok = ok && offload_memcpy(ctx, fx->host, back, fx->device, d, 64) == OFFLOAD_SUCCESS;
    for (size_t i = 0; ok && i < 64; i++) {
        uint8_t want = i >= offset && i < offset + size ? ((const uint8_t*)pattern)[(i - offset) % pattern_size] : 0x11;
        ok = back[i] == want;
    }
    if (!ok) fprintf(stderr, "  fill of %zu bytes, pattern %zu, offset %zu: %s\n", size, pattern_size, offset, offload_context_last_error(ctx));
    offload_mem_free(ctx, d);
    return ok;
}

/* Patterns of 1, 2 and 4 bytes over ranges that start and end off the 4- and 8-byte grid (the
   heads and tails a backend fills apart from the body), synchronous and queued. */
static void conf_fills(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q));
    const uint8_t p1[1] = {0xa5};
    const uint8_t p2[2] = {0x34, 0x12};
    const uint8_t p4[4] = {0xef, 0xbe, 0xad, 0xde};
    offload_queue queues[2] = {{0}, q};
    for (int k = 0; k < 2; k++) {
        CHECK(conf_fill_one(fx, queues[k], p1, 1, 1, 13));
        CHECK(conf_fill_one(fx, queues[k], p1, 1, 7, 1));
        CHECK(conf_fill_one(fx, queues[k], p1, 1, 0, 64));
        CHECK(conf_fill_one(fx, queues[k], p2, 2, 2, 14));
        CHECK(conf_fill_one(fx, queues[k], p2, 2, 6, 2));
        CHECK(conf_fill_one(fx, queues[k], p4, 4, 4, 36));
        CHECK(conf_fill_one(fx, queues[k], p4, 4, 12, 4));
        CHECK(conf_fill_one(fx, queues[k], p4, 4, 0, 64));
    }
    void* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 64, &d));
    offload_queue none = {0};
    CHECK_OK(ctx, offload_memfill(ctx, none, fx->device, d, p4, 4, 0));      /* zero bytes */
    CHECK_RESULT(ctx, offload_memfill(ctx, none, fx->device, d, p4, 3, 12), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memfill(ctx, none, fx->device, d, p4, 8, 16), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memfill(ctx, none, fx->device, d, NULL, 4, 16), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memfill(ctx, none, fx->device, (char*)d + 2, p4, 4, 16), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memfill(ctx, none, fx->device, d, p4, 4, 18), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memfill(ctx, none, fx->device, (char*)d + 1, p2, 2, 4), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memfill(ctx, none, fx->device, NULL, p4, 4, 16), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_memfill(ctx, none, (offload_device){999}, d, p4, 4, 16), OFFLOAD_ERROR_INVALID_HANDLE);
    if (fx->device.id != fx->host.id) {
        offload_queue hq;
        REQUIRE_OK(ctx, offload_queue_create(ctx, fx->host, &hq));
        CHECK_RESULT(ctx, offload_memfill(ctx, hq, fx->device, d, p4, 4, 16), OFFLOAD_ERROR_INVALID_ARGUMENT);
        CHECK_OK(ctx, offload_queue_destroy(ctx, hq));
    }
    CHECK_OK(ctx, offload_mem_free(ctx, d));
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));
}
