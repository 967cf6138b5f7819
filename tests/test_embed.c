/* tests/test_embed.c — the single-file way of embedding: OFFLOAD_IMPLEMENTATION + offload.h in
   one C file, with OFFLOAD_STATIC (every public function private to this file), the allocator
   macros and OFFLOAD_ASSERT overridden. The offload.h is the dist's, as a user vendors it
   (build.sh compiles this file against build/dist/: it is marked `dist` in tests/tests.list). */
#include <stddef.h> /* compiler-provided: the implementation must come before any system header */

static void* counting_malloc(size_t size);
static void counting_free(void* p);
static int embed_assert_failures;

#define OFFLOAD_STATIC
#define OFFLOAD_MALLOC(size) counting_malloc(size)
#define OFFLOAD_FREE(p) counting_free(p)
#define OFFLOAD_ASSERT(cond) ((cond) ? (void)0 : (void)embed_assert_failures++)
#define OFFLOAD_IMPLEMENTATION
#include "offload.h"
#include "test.h"

static long embed_live_allocations;
static void* counting_malloc(size_t size) {
    embed_live_allocations++;
    return malloc(size);
}
static void counting_free(void* p) {
    if (p) embed_live_allocations--;
    free(p);
}

static void add_one(const void* args, const offload_host_thread* t) {
    int* data = *(int* const*)args;
    data[t->thread_id[0]] += 1;
}

static void test_static_embed_runs_a_kernel(void) {
    offload_context* ctx = NULL;
    REQUIRE(offload_context_create(NULL, &ctx) == OFFLOAD_SUCCESS);
    offload_device dev;
    REQUIRE_OK(ctx, offload_device_get(ctx, 0, &dev));
    offload_host_symbol symbols[] = {{.name = "add_one", .kernel = add_one}};
    offload_program prog;
    offload_kernel k;
    REQUIRE_OK(ctx, offload_program_create(
                        ctx, dev, &(offload_program_desc){.host_symbols = symbols, .host_symbol_count = 1}, &prog));
    REQUIRE_OK(ctx, offload_kernel_get(ctx, prog, "add_one", &k));
    int* data;
    REQUIRE_OK(ctx, offload_mem_alloc(ctx, dev, OFFLOAD_MEM_SHARED, 32 * sizeof(int), (void**)&data));
    for (int i = 0; i < 32; i++) data[i] = i;
    offload_launch_desc l = {.block = {32}, .args = &data, .args_size = sizeof data};
    CHECK_OK(ctx, offload_launch(ctx, (offload_queue){0}, k, &l));
    for (int i = 0; i < 32; i++) CHECK(data[i] == i + 1);
    CHECK(embed_live_allocations > 0); /* the context's memory came through OFFLOAD_MALLOC */
    CHECK_OK(ctx, offload_context_destroy(ctx));
    CHECK(embed_live_allocations == 0);
    CHECK(embed_assert_failures == 0);
}

int main(void) {
    RUN(test_static_embed_runs_a_kernel);
    return test_summary();
}
