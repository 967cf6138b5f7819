/* tests/test_args.c — the offload_args_* builder of packed argument buffers: every layout it
   produces equals the C struct of the same parameters (natural alignment, zeroed padding, no
   trailing padding); an append that does not fit or is malformed fails, leaves the buffer as it
   was and makes every later append fail; a buffer it built launches a host kernel. */
#include "../offload.h"
#include "test.h"

#include <stddef.h>

/* The layout of (char, double, int, void*, short, float, u64) in C. */
typedef struct mixed {
    int8_t c;
    double d;
    int32_t i;
    const void* p;
    int16_t s;
    float f;
    uint64_t u;
} mixed;

static void test_layout_matches_the_c_struct(void) {
    unsigned char storage[sizeof(mixed)];
    memset(storage, 0xa5, sizeof storage);
    offload_args a;
    offload_args_init(&a, storage, sizeof storage);
    int8_t c = -3;
    int16_t s = 1234;
    int x = 0;
    CHECK(offload_args_push(&a, &c, sizeof c, 1) == OFFLOAD_SUCCESS);
    CHECK(offload_args_f64(&a, 2.5) == OFFLOAD_SUCCESS);
    CHECK(offload_args_i32(&a, -7) == OFFLOAD_SUCCESS);
    CHECK(offload_args_ptr(&a, &x) == OFFLOAD_SUCCESS);
    CHECK(offload_args_push(&a, &s, sizeof s, 2) == OFFLOAD_SUCCESS);
    CHECK(offload_args_f32(&a, 0.75f) == OFFLOAD_SUCCESS);
    CHECK(offload_args_u64(&a, 0x0102030405060708ull) == OFFLOAD_SUCCESS);
    CHECK(a.result == OFFLOAD_SUCCESS);
    CHECK(a.size == offsetof(mixed, u) + sizeof(uint64_t));

    mixed expected;
    memset(&expected, 0, sizeof expected); /* padding zero, as the builder writes it */
    expected.c = c;
    expected.d = 2.5;
    expected.i = -7;
    expected.p = &x;
    expected.s = s;
    expected.f = 0.75f;
    expected.u = 0x0102030405060708ull;
    CHECK(memcmp(storage, &expected, a.size) == 0);
}

/* No trailing padding: (void*, int) ends at 12, as the kernel's parameter size does, not at
   sizeof of the struct (16). */
static void test_size_ends_at_the_last_parameter(void) {
    unsigned char storage[32];
    offload_args a;
    offload_args_init(&a, storage, sizeof storage);
    CHECK(offload_args_ptr(&a, storage) == OFFLOAD_SUCCESS);
    CHECK(offload_args_u32(&a, 9) == OFFLOAD_SUCCESS);
    CHECK(a.size == 12);
    CHECK(offload_args_i64(&a, -1) == OFFLOAD_SUCCESS);
    CHECK(a.size == 24); /* 12 rounded up to 16, then 8 bytes */
}

static void test_overflow_fails_and_sticks(void) {
    unsigned char storage[12];
    memset(storage, 0x11, sizeof storage);
    offload_args a;
    offload_args_init(&a, storage, sizeof storage);
    CHECK(offload_args_i32(&a, 1) == OFFLOAD_SUCCESS);
    /* An 8-byte value would start at 8 and end at 16 > 12. */
    CHECK(offload_args_f64(&a, 1.0) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(a.result == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(a.size == 4);
    /* The padding it would have written is untouched. */
    CHECK(storage[4] == 0x11 && storage[7] == 0x11);
    /* A value that would fit is refused now: its offset would be wrong. */
    CHECK(offload_args_i32(&a, 2) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(a.size == 4);
    /* A fresh init starts over. */
    offload_args_init(&a, storage, sizeof storage);
    CHECK(a.result == OFFLOAD_SUCCESS && a.size == 0);
    CHECK(offload_args_f64(&a, 1.0) == OFFLOAD_SUCCESS && a.size == 8);
}

static void test_bad_input_is_refused(void) {
    unsigned char storage[64];
    offload_args a;
    int v = 5;
    CHECK(offload_args_push(NULL, &v, sizeof v, 4) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    offload_args_init(NULL, storage, sizeof storage); /* no crash */
    const size_t bad_alignments[] = {0, 3, 12, 8192};
    for (size_t i = 0; i < sizeof bad_alignments / sizeof bad_alignments[0]; i++) {
        offload_args_init(&a, storage, sizeof storage);
        CHECK(offload_args_push(&a, &v, sizeof v, bad_alignments[i]) == OFFLOAD_ERROR_INVALID_ARGUMENT);
        CHECK(a.size == 0);
    }
    offload_args_init(&a, storage, sizeof storage);
    CHECK(offload_args_push(&a, NULL, 4, 4) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    /* A huge size cannot wrap around the capacity check. */
    offload_args_init(&a, storage, sizeof storage);
    CHECK(offload_args_i32(&a, 1) == OFFLOAD_SUCCESS);
    CHECK(offload_args_push(&a, &v, SIZE_MAX - 2, 1) == OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK(a.size == 4);
    /* No buffer: nothing fits, zero bytes do. */
    offload_args_init(&a, NULL, 100);
    CHECK(a.capacity == 0);
    CHECK(offload_args_push(&a, NULL, 0, 1) == OFFLOAD_SUCCESS);
    CHECK(offload_args_i32(&a, 1) == OFFLOAD_ERROR_INVALID_ARGUMENT);
}

/* 4096, the largest alignment, is taken (8192 is refused above): the value lands at 4096 with
   the padding before it zeroed. */
static void test_largest_alignment(void) {
    static unsigned char storage[8192];
    memset(storage, 0xa5, sizeof storage);
    offload_args a;
    offload_args_init(&a, storage, sizeof storage);
    uint32_t v = 0x01020304u;
    CHECK(offload_args_i32(&a, 7) == OFFLOAD_SUCCESS);
    CHECK(offload_args_push(&a, &v, sizeof v, 4096) == OFFLOAD_SUCCESS);
    CHECK(a.size == 4096 + sizeof v);
    uint32_t seen;
    memcpy(&seen, storage + 4096, sizeof seen);
    CHECK(seen == v);
    CHECK(storage[4] == 0 && storage[4095] == 0);
}

typedef struct scale_args {
    int32_t n;
    float factor;
    float* data;
} scale_args;

static void scale(const void* args, const offload_host_thread* t) {
    const scale_args* p = (const scale_args*)args;
    uint32_t i = t->block_id[0] * t->block_dim[0] + t->thread_id[0];
    if (i < (uint32_t)p->n) p->data[i] *= p->factor;
}

static void test_a_built_buffer_launches(void) {
    offload_context* ctx = NULL;
    offload_context_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.no_environment = 1;
    REQUIRE_OK(NULL, offload_context_create(&desc, &ctx));
    offload_device host;
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &host));
    offload_host_symbol symbols[] = {{.name = "scale", .kernel = scale}};
    offload_program_desc pd;
    memset(&pd, 0, sizeof pd);
    pd.host_symbols = symbols;
    pd.host_symbol_count = 1;
    offload_program prog;
    offload_kernel k;
    REQUIRE_OK(ctx, offload_program_create(ctx, host, &pd, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "scale", &k));
    float data[100];
    for (int i = 0; i < 100; i++) data[i] = (float)i;
    unsigned char storage[sizeof(scale_args)];
    offload_args a;
    offload_args_init(&a, storage, sizeof storage);
    offload_args_i32(&a, 100);
    offload_args_f32(&a, 3.0f);
    offload_args_ptr(&a, data);
    REQUIRE(a.result == OFFLOAD_SUCCESS);
    CHECK(a.size == sizeof(scale_args));
    offload_launch_desc launch;
    memset(&launch, 0, sizeof launch);
    launch.grid[0] = 4;
    launch.block[0] = 32;
    launch.args = a.data;
    launch.args_size = a.size;
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &launch));
    int good = 0;
    for (int i = 0; i < 100; i++) good += data[i] == 3.0f * (float)i;
    CHECK(good == 100);
    offload_context_destroy(ctx);
}

int main(void) {
    RUN(test_layout_matches_the_c_struct);
    RUN(test_size_ends_at_the_last_parameter);
    RUN(test_overflow_fails_and_sticks);
    RUN(test_bad_input_is_refused);
    RUN(test_largest_alignment);
    RUN(test_a_built_buffer_launches);
    return test_summary();
}
