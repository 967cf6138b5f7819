/* tests/conformance/launch.c — launches: 1D/2D/3D grids, the "0 means 1" dimensions, dynamic
   shared memory, argument layouts, limits. */
#include "conformance.h"

#include <stdlib.h>
#include <string.h>

/* conf_ids over grid x block on a width x height x depth volume (width and height may stop short
   of the grid's edge, whose threads then write nothing); every element must hold its own
   coordinates. */
static void conf_launch_ids(conf_fixture* fx, const uint32_t grid[3], const uint32_t block[3], uint32_t width, uint32_t height,
                            offload_queue q) {
    offload_context* ctx = fx->ctx;
    uint32_t depth = grid[2] * block[2];
    size_t count = (size_t)width * height * depth;
    uint32_t* out = (uint32_t*)malloc(count * 4);
    REQUIRE(out);
    uint32_t* d = NULL;
    const uint32_t poison = 0xffffffffu;
    offload_result r = offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, count * 4, (void**)&d);
    CHECK_OK(ctx, r);
    if (r == OFFLOAD_SUCCESS) {
        CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, fx->device, d, &poison, 4, count * 4));
        conf_ids_args args = {d, width, height};
        offload_launch_desc desc = {.grid = {grid[0], grid[1], grid[2]}, .block = {block[0], block[1], block[2]},
                                    .args = &args, .args_size = sizeof args};
        CHECK_OK(ctx, offload_launch(ctx, q, fx->kernels[CONF_IDS], &desc));
        if (q.id) CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
        CHECK_OK(ctx, offload_memcpy(ctx, fx->host, out, fx->device, d, count * 4));
        size_t wrong = 0;
        for (uint32_t z = 0; z < depth; z++)
            for (uint32_t y = 0; y < height; y++)
                for (uint32_t x = 0; x < width; x++)
                    wrong += out[((size_t)z * height + y) * width + x] != (x | y << 10 | z << 20);
        if (wrong) fprintf(stderr, "  %zu of %zu elements wrong (grid %u %u %u, block %u %u %u)\n", wrong, count, grid[0], grid[1],
                           grid[2], block[0], block[1], block[2]);
        CHECK(wrong == 0);
        CHECK_OK(ctx, offload_mem_free(ctx, d));
    }
    free(out);
}

static void conf_launch_1d(conf_fixture* fx) {
    offload_queue none = {0};
    conf_launch_ids(fx, (uint32_t[3]){7, 1, 1}, (uint32_t[3]){96, 1, 1}, 7 * 96, 1, none);
    conf_launch_ids(fx, (uint32_t[3]){300, 1, 1}, (uint32_t[3]){1, 1, 1}, 300, 1, none);
    conf_launch_ids(fx, (uint32_t[3]){8, 1, 1}, (uint32_t[3]){128, 1, 1}, 1000, 1, none);
}

static void conf_launch_2d(conf_fixture* fx) {
    offload_queue none = {0};
    conf_launch_ids(fx, (uint32_t[3]){3, 5, 1}, (uint32_t[3]){8, 4, 1}, 24, 20, none);
    conf_launch_ids(fx, (uint32_t[3]){1, 9, 1}, (uint32_t[3]){16, 1, 1}, 16, 9, none);
    conf_launch_ids(fx, (uint32_t[3]){5, 8, 1}, (uint32_t[3]){8, 4, 1}, 37, 29, none);
}

static void conf_launch_3d(conf_fixture* fx) {
    offload_queue q;
    REQUIRE_OK(fx->ctx, offload_queue_create(fx->ctx, fx->device, &q));
    conf_launch_ids(fx, (uint32_t[3]){2, 3, 4}, (uint32_t[3]){4, 2, 3}, 8, 6, q);
    conf_launch_ids(fx, (uint32_t[3]){1, 1, 5}, (uint32_t[3]){2, 2, 2}, 2, 2, q);
    conf_launch_ids(fx, (uint32_t[3]){5, 8, 3}, (uint32_t[3]){8, 4, 2}, 37, 29, q);
    CHECK_OK(fx->ctx, offload_queue_destroy(fx->ctx, q));
}

/* Zero grid and block dimensions mean 1: a launch with all of them zero runs one thread. */
static void conf_launch_zero_dims(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    uint32_t in[4] = {10, 20, 30, 40}, out[4];
    uint32_t* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, sizeof in, (void**)&d));
    CHECK_OK(ctx, offload_memcpy(ctx, fx->device, d, fx->host, in, sizeof in));
    conf_add_args args = {d, 4, 5};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, fx->kernels[CONF_ADD], &(offload_launch_desc){.args = &args, .args_size = sizeof args}));
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, fx->kernels[CONF_ADD],
                                 &(offload_launch_desc){.grid = {0, 0, 0}, .block = {2, 0, 0}, .args = &args, .args_size = sizeof args}));
    CHECK_OK(ctx, offload_memcpy(ctx, fx->host, out, fx->device, d, sizeof out));
    CHECK(out[0] == 20 && out[1] == 25 && out[2] == 30 && out[3] == 40);
    /* A kernel without parameters, launched with none. */
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, fx->kernels[CONF_EMPTY], &(offload_launch_desc){.grid = {3}, .block = {5}}));
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

/* Dynamic shared memory: each block fills its own and copies it out reversed. */
static void conf_launch_shared(conf_fixture* fx, uint32_t n, uint32_t blocks) {
    offload_context* ctx = fx->ctx;
    uint32_t* out = (uint32_t*)calloc((size_t)n * blocks, 4);
    REQUIRE(out);
    uint32_t* d = NULL;
    offload_result r = offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, (size_t)n * blocks * 4, (void**)&d);
    CHECK_OK(ctx, r);
    if (r == OFFLOAD_SUCCESS) {
        conf_shared_args args = {d, n};
        offload_launch_desc desc = {.grid = {blocks}, .block = {1}, .shared_memory = (size_t)n * 4, .args = &args, .args_size = sizeof args};
        CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, fx->kernels[CONF_SHARED], &desc));
        CHECK_OK(ctx, offload_memcpy(ctx, fx->host, out, fx->device, d, (size_t)n * blocks * 4));
        int ok = 1;
        for (uint32_t b = 0; b < blocks; b++)
            for (uint32_t i = 0; i < n; i++) ok &= out[b * n + i] == b * 1000u + (n - 1 - i);
        CHECK(ok);
        CHECK_OK(ctx, offload_mem_free(ctx, d));
    }
    free(out);
}

static void conf_launch_shared_memory(conf_fixture* fx) {
    conf_launch_shared(fx, 64, 5);
    /* 40 KiB per block, within the 48 KiB every GPU gives without asking */
    if (fx->info.max_shared_memory >= 40 * 1024) conf_launch_shared(fx, 10 * 1024, 3);
    /* the most the device says a launch may have */
    conf_launch_shared(fx, (uint32_t)(fx->info.max_shared_memory / 4), 2);
    /* one byte more is refused before anything runs */
    uint32_t* d = NULL;
    REQUIRE_OK(fx->ctx, offload_mem_alloc(fx->ctx, fx->device, OFFLOAD_MEM_DEVICE, 64, (void**)&d));
    conf_shared_args args = {d, 1};
    offload_launch_desc desc = {.grid = {1}, .block = {1}, .shared_memory = fx->info.max_shared_memory + 1, .args = &args,
                                .args_size = sizeof args};
    CHECK_RESULT(fx->ctx, offload_launch(fx->ctx, (offload_queue){0}, fx->kernels[CONF_SHARED], &desc), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(fx->ctx, offload_mem_free(fx->ctx, d));
}

/* Mixed parameters (char, double, short, float, pointer, a struct with inner padding passed by
   value, int) reach the kernel intact, from a C struct (args_size with its tail padding) and
   from the offload_args builder (exactly the parameters). */
static void conf_launch_args(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    uint64_t* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, 7 * 8, (void**)&d));
    conf_mixed_args args;
    memset(&args, 0xcc, sizeof args); /* padding that must not matter */
    args.c = -3;
    args.d = 1000.75;
    args.s = -300;
    args.f = 2.5f;
    args.out = d;
    args.pair.tag = 'x';
    args.pair.value = -0.125;
    args.i = -77777;
    uint64_t want[7], out[7];
    uint32_t fbits;
    memcpy(&fbits, &args.f, 4);
    want[0] = (uint64_t)(int64_t)-3;
    memcpy(&want[1], &args.d, 8);
    want[2] = (uint64_t)(int64_t)-300;
    want[3] = fbits;
    want[4] = 'x';
    memcpy(&want[5], &args.pair.value, 8);
    want[6] = (uint64_t)(int64_t)-77777;

    const uint64_t zero = 0;
    for (int i = 0; i < 7; i++) CHECK_OK(ctx, offload_memcpy(ctx, fx->device, d + i, fx->host, &zero, 8));
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, fx->kernels[CONF_MIXED], &(offload_launch_desc){.args = &args, .args_size = sizeof args}));
    CHECK_OK(ctx, offload_memcpy(ctx, fx->host, out, fx->device, d, sizeof out));
    CHECK(memcmp(out, want, sizeof want) == 0);

    unsigned char storage[64];
    offload_args a;
    offload_args_init(&a, storage, sizeof storage);
    offload_args_push(&a, &args.c, 1, 1);
    offload_args_f64(&a, args.d);
    offload_args_push(&a, &args.s, 2, 2);
    offload_args_f32(&a, args.f);
    offload_args_ptr(&a, d);
    offload_args_push(&a, &args.pair, sizeof args.pair, 8);
    offload_args_i32(&a, args.i);
    REQUIRE(a.result == OFFLOAD_SUCCESS);
    CHECK(a.size == 52);
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, fx->device, d, &zero, 4, sizeof out));
    offload_queue q;
    REQUIRE_OK(ctx, offload_queue_create(ctx, fx->device, &q));
    CHECK_OK(ctx, offload_launch(ctx, q, fx->kernels[CONF_MIXED], &(offload_launch_desc){.args = a.data, .args_size = a.size}));
    CHECK_OK(ctx, offload_memcpy_async(ctx, q, fx->host, out, fx->device, d, sizeof out));
    CHECK_OK(ctx, offload_queue_synchronize(ctx, q));
    CHECK(memcmp(out, want, sizeof want) == 0);
    CHECK_OK(ctx, offload_queue_destroy(ctx, q));

    /* Fewer bytes than the kernel's parameters, where the device knows them, are refused. */
    if (fx->info.backend != OFFLOAD_BACKEND_HOST)
        CHECK_RESULT(ctx, offload_launch(ctx, (offload_queue){0}, fx->kernels[CONF_MIXED], &(offload_launch_desc){.args = &args, .args_size = 48}),
                     OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}

/* A block of exactly the device's maximum size runs every thread; one more thread, or a grid or
   block dimension past its maximum, is refused. */
static void conf_launch_limits(conf_fixture* fx) {
    offload_context* ctx = fx->ctx;
    uint32_t n = fx->info.max_block_size;
    REQUIRE(n > 0 && n <= fx->info.max_block_dims[0]);
    uint32_t* d = NULL;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, fx->device, OFFLOAD_MEM_DEVICE, (size_t)n * 4, (void**)&d));
    const uint32_t one = 1;
    CHECK_OK(ctx, offload_memfill(ctx, (offload_queue){0}, fx->device, d, &one, 4, (size_t)n * 4));
    conf_add_args args = {d, n, 2};
    offload_launch_desc desc = {.grid = {1}, .block = {n}, .args = &args, .args_size = sizeof args};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, fx->kernels[CONF_ADD], &desc));
    uint32_t* out = (uint32_t*)malloc((size_t)n * 4);
    REQUIRE(out);
    CHECK_OK(ctx, offload_memcpy(ctx, fx->host, out, fx->device, d, (size_t)n * 4));
    int ok = 1;
    for (uint32_t i = 0; i < n; i++) ok &= out[i] == 3;
    CHECK(ok);
    free(out);
    offload_queue none = {0};
    offload_kernel k = fx->kernels[CONF_ADD];
    CHECK_RESULT(ctx, offload_launch(ctx, none, k, &(offload_launch_desc){.grid = {1}, .block = {n + 1}, .args = &args, .args_size = sizeof args}),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_launch(ctx, none, k, &(offload_launch_desc){.grid = {1}, .block = {1, 1, fx->info.max_block_dims[2] + 1}, .args = &args, .args_size = sizeof args}),
                 OFFLOAD_ERROR_INVALID_ARGUMENT);
    if (fx->info.max_grid_dims[1] < UINT32_MAX)
        CHECK_RESULT(ctx, offload_launch(ctx, none, k, &(offload_launch_desc){.grid = {1, fx->info.max_grid_dims[1] + 1}, .args = &args, .args_size = sizeof args}),
                     OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_launch(ctx, none, k, NULL), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(ctx, offload_launch(ctx, none, k, &(offload_launch_desc){.args = NULL, .args_size = 16}), OFFLOAD_ERROR_INVALID_ARGUMENT);
    CHECK_OK(ctx, offload_mem_free(ctx, d));
}
