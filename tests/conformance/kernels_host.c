/* tests/conformance/kernels_host.c — the conformance kernels as host code (the host kernel ABI of
   offload.h: called once per thread with its ids), and the two places they run:
   - the host device, as a symbol table program (offload_program_desc.host_symbols), where the
     program's globals are the storage below;
   - the simulated CUDA and HSA drivers, which do not execute the PTX or code object they load
     but call a host function registered for the kernel's name once per launch: conf_sim_grid
     runs the same per-thread functions over the launch's grid, block by block, with the
     launch's dynamic shared memory. */
#include "conformance.h"

#include <stdlib.h>
#include <string.h>

const char* const conf_kernel_names[CONF_KERNEL_COUNT] = {
    [CONF_EMPTY] = "conf_empty", [CONF_ADD] = "conf_add",     [CONF_IDS] = "conf_ids",
    [CONF_SHARED] = "conf_shared", [CONF_MIXED] = "conf_mixed", [CONF_GLOBAL] = "conf_global",
};

/* The host device's program globals. */
static uint32_t conf_host_counter;
static uint32_t conf_host_table[4];

/* Where conf_global finds `counter` and `table`: the host storage above, or, on a simulated
   driver (which runs this code instead of the image's), the addresses offload_global_get gave
   for the fixture's program. One fixture runs at a time. */
static uint32_t* conf_counter_at;
static uint32_t* conf_table_at;

static void conf_empty(const void* args, const offload_host_thread* t) {
    (void)args;
    (void)t;
}

static uint32_t conf_global_x(const offload_host_thread* t, int d) { return t->block_id[d] * t->block_dim[d] + t->thread_id[d]; }

static void conf_add(const void* args, const offload_host_thread* t) {
    const conf_add_args* a = (const conf_add_args*)args;
    uint32_t i = conf_global_x(t, 0);
    if (i < a->n) a->data[i] += a->value;
}

static void conf_ids(const void* args, const offload_host_thread* t) {
    const conf_ids_args* a = (const conf_ids_args*)args;
    uint32_t x = conf_global_x(t, 0), y = conf_global_x(t, 1), z = conf_global_x(t, 2);
    if (x < a->width && y < a->height) a->out[(z * a->height + y) * a->width + x] = x | y << 10 | z << 20;
}

static void conf_shared(const void* args, const offload_host_thread* t) {
    const conf_shared_args* a = (const conf_shared_args*)args;
    volatile uint32_t* shared = (volatile uint32_t*)t->shared_memory;
    uint32_t block = t->block_id[0];
    for (uint32_t i = 0; i < a->n; i++) shared[i] = block * 1000u + i;
    for (uint32_t i = 0; i < a->n; i++) a->out[block * a->n + i] = shared[a->n - 1 - i];
}

/* Reads the fields one by one: a simulated CUDA driver hands over exactly the 52 parameter bytes,
   so copying the whole 56-byte struct would read past them. */
static void conf_mixed(const void* args, const offload_host_thread* t) {
    (void)t;
    const conf_mixed_args* a = (const conf_mixed_args*)args;
    uint64_t d, p;
    uint32_t f;
    memcpy(&d, &a->d, 8);
    memcpy(&p, &a->pair.value, 8);
    memcpy(&f, &a->f, 4);
    a->out[0] = (uint64_t)(int64_t)a->c;
    a->out[1] = d;
    a->out[2] = (uint64_t)(int64_t)a->s;
    a->out[3] = f;
    a->out[4] = (uint64_t)(int64_t)a->pair.tag;
    a->out[5] = p;
    a->out[6] = (uint64_t)(int64_t)a->i;
}

static void conf_global(const void* args, const offload_host_thread* t) {
    (void)t;
    const conf_global_args* a = (const conf_global_args*)args;
    a->out[0] = *conf_counter_at;
    a->out[1] = conf_table_at[3];
    *conf_counter_at += 100u;
}

static const offload_host_kernel_fn conf_kernel_fns[CONF_KERNEL_COUNT] = {
    [CONF_EMPTY] = conf_empty, [CONF_ADD] = conf_add,     [CONF_IDS] = conf_ids,
    [CONF_SHARED] = conf_shared, [CONF_MIXED] = conf_mixed, [CONF_GLOBAL] = conf_global,
};

/* The host program: the kernels and the two globals, reset to their initial values (a program
   image would start with them). */
static offload_program_desc conf_host_program_desc(offload_host_symbol symbols[CONF_KERNEL_COUNT + 2]) {
    static const uint32_t table[4] = CONF_TABLE_INITIAL;
    conf_host_counter = CONF_COUNTER_INITIAL;
    memcpy(conf_host_table, table, sizeof table);
    conf_counter_at = &conf_host_counter;
    conf_table_at = conf_host_table;
    for (int k = 0; k < CONF_KERNEL_COUNT; k++) symbols[k] = (offload_host_symbol){.name = conf_kernel_names[k], .kernel = conf_kernel_fns[k]};
    symbols[CONF_KERNEL_COUNT] = (offload_host_symbol){.name = "counter", .address = &conf_host_counter, .size = 4};
    symbols[CONF_KERNEL_COUNT + 1] = (offload_host_symbol){.name = "table", .address = conf_host_table, .size = sizeof conf_host_table};
    return (offload_program_desc){.host_symbols = symbols, .host_symbol_count = CONF_KERNEL_COUNT + 2, .name = "conformance"};
}

/* Runs a per-thread kernel over a grid, blocks in order, threads of a block in (x, y, z) order,
   each block with zeroed dynamic shared memory of its own. When that memory cannot be had it
   runs nothing, and the test finds the output it expected missing. */
static void conf_sim_grid(offload_host_kernel_fn fn, const void* args, const uint32_t grid[3], const uint32_t block[3],
                         size_t shared_bytes) {
    void* shared = shared_bytes ? malloc(shared_bytes) : NULL;
    if (shared_bytes && !shared) return;
    offload_host_thread t;
    memset(&t, 0, sizeof t);
    memcpy(t.grid_dim, grid, sizeof t.grid_dim);
    memcpy(t.block_dim, block, sizeof t.block_dim);
    t.shared_memory = shared;
    for (t.block_id[2] = 0; t.block_id[2] < grid[2]; t.block_id[2]++)
        for (t.block_id[1] = 0; t.block_id[1] < grid[1]; t.block_id[1]++)
            for (t.block_id[0] = 0; t.block_id[0] < grid[0]; t.block_id[0]++) {
                if (shared) memset(shared, 0, shared_bytes);
                for (t.thread_id[2] = 0; t.thread_id[2] < block[2]; t.thread_id[2]++)
                    for (t.thread_id[1] = 0; t.thread_id[1] < block[1]; t.thread_id[1]++)
                        for (t.thread_id[0] = 0; t.thread_id[0] < block[0]; t.thread_id[0]++) fn(args, &t);
            }
    free(shared);
}

/* The simulated CUDA driver's kernel callback: grid and block in blocks and threads. */
static void conf_cuda_sim_kernel(const void* args, size_t args_size, const unsigned grid[3], const unsigned block[3],
                                 size_t shared_bytes, void* user_data) {
    (void)args_size;
    const offload_host_kernel_fn* fn = (const offload_host_kernel_fn*)user_data;
    uint32_t g[3] = {grid[0], grid[1], grid[2]}, b[3] = {block[0], block[1], block[2]};
    conf_sim_grid(*fn, args, g, b, shared_bytes);
}

/* What the simulated HSA runtime passes: the AQL packet's sizes, the grid in work-items. */
typedef struct conf_hsa_dispatch {
    const char* kernel;
    uint32_t dims, workgroup[3], grid[3], group_segment_size, private_segment_size, kernarg_size, gpu;
} conf_hsa_dispatch;

static void conf_hsa_sim_kernel(const void* kernarg, const conf_hsa_dispatch* d, void* user_data) {
    const offload_host_kernel_fn* fn = (const offload_host_kernel_fn*)user_data;
    uint32_t g[3], b[3];
    for (int i = 0; i < 3; i++) {
        b[i] = d->workgroup[i] ? d->workgroup[i] : 1;
        g[i] = d->grid[i] / b[i];
    }
    /* The kernels have no static LDS: the group segment is the launch's dynamic shared memory. */
    conf_sim_grid(*fn, kernarg, g, b, d->group_segment_size);
}
