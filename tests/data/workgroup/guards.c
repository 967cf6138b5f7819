/* tests/data/workgroup/guards.c — kernels that start with a guard on the global thread id, which
   the host's compiler turns into bounds of its thread loops and the host device into the blocks
   it runs (jit/guards.inc): both forms (`if (i < n) work` and `if (i >= n) return`), signed and
   unsigned, every comparison, lower and upper bounds, 2D guards joined by `||` and `&&`, 64-bit
   ids, a guard before a barrier, and guards that must not narrow anything: a bound that depends
   on the thread, a guard after an effect. Each thread writes a value that says it ran, so that
   tests/test_guards.c can tell exactly which threads worked. guards.ll is made from it by
   make.sh (clang-14 -O2, no target: portable IR). */
#define SHARED __attribute__((address_space(3)))
#define KERNEL /* marked "offload-kernel" by make.sh */

unsigned offload_thread_id(unsigned dim);
unsigned offload_block_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
__attribute__((convergent)) void offload_barrier(void);

static int global_x(void) { return (int)(offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0)); }
static int global_y(void) { return (int)(offload_block_id(1) * offload_block_dim(1) + offload_thread_id(1)); }

/* Signed, positive form. */
KERNEL void work_below(int n, int* out) {
    int i = global_x();
    if (i < n) out[i] = i + 1;
}

/* Unsigned, early return. */
KERNEL void return_at_or_above(unsigned n, int* out) {
    unsigned i = (unsigned)global_x();
    if (i >= n) return;
    out[i] = (int)i + 1;
}

/* Signed <=, and > as the return. */
KERNEL void work_at_or_below(int n, int* out) {
    int i = global_x();
    if (i <= n) out[i] = i + 1;
}
KERNEL void return_above(unsigned n, int* out) {
    unsigned i = (unsigned)global_x();
    if (i > n) return;
    out[i] = (int)i + 1;
}

/* A lower and an upper bound, joined by ||, with the bound on the left of the comparison. */
KERNEL void work_between(int low, int high, int* out) {
    int i = global_x();
    if (low > i || i >= high) return;
    out[i] = i + 1;
}

/* Exactly one thread. */
KERNEL void work_at(int at, int* out) {
    int i = global_x();
    if (i != at) return;
    out[i] = i + 1;
}

/* 2D, the elimination's shape: unsigned bounds computed from arguments, joined by ||. */
KERNEL void corner_return(int n, int k, int stride, int* out) {
    unsigned x = (unsigned)global_x(), y = (unsigned)global_y();
    if (x >= (unsigned)(n - k) || y >= (unsigned)(n - 1 - k)) return;
    out[y * stride + x] = (int)(y * 1000 + x + 1);
}

/* 2D, signed, both bounds joined by && around the work. */
KERNEL void rectangle_work(int nx, int ny, int stride, int* out) {
    int x = global_x(), y = global_y();
    if (x < nx && y < ny) out[y * stride + x] = y * 1000 + x + 1;
}

/* A 64-bit global id against a 64-bit signed bound. */
KERNEL void work_below_64(long n, int* out) {
    long i = (long)offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    if (i < n) out[i] = (int)i + 1;
}

/* A guard, then a barrier: the threads that stay exchange through shared memory (each reads
   its right neighbour when that one stayed). */
KERNEL void return_then_exchange(int n, const int* in, int* out) {
    static SHARED int tile[256];
    int t = (int)offload_thread_id(0), i = global_x();
    if (i >= n) return;
    tile[t] = in[i];
    offload_barrier();
    int right = t + 1 < (int)offload_block_dim(0) && i + 1 < n ? t + 1 : t;
    out[i] = tile[t] * 100 + tile[right];
}

/* Lower and upper bounds, then a barrier: a block's first threads may be the ones left out. */
KERNEL void between_then_exchange(int low, int n, const int* in, int* out) {
    static SHARED int tile[256];
    int t = (int)offload_thread_id(0), i = global_x();
    if (i < low || i >= n) return;
    tile[t] = in[i];
    offload_barrier();
    int right = t + 1 < (int)offload_block_dim(0) && i + 1 < n ? t + 1 : t;
    out[i] = tile[t] * 100 + tile[right];
}

/* The compared value depends on the thread twice over: nothing may be narrowed. */
KERNEL void thread_dependent_bound(int n, int* out) {
    int i = global_x();
    if (i + (int)offload_thread_id(0) >= n) return;
    out[i] = i + 1;
}

/* An effect before the guard: every thread counts, then only some work. */
KERNEL void count_then_return(int n, int* count, int* out) {
    int i = global_x();
    __atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
    if (i >= n) return;
    out[i] = i + 1;
}

/* A signed 32-bit global id wraps past 2^31 threads: those threads see a negative id, which
   passes `i < n`; each counts. */
KERNEL void count_below(int n, int* count) {
    int i = global_x();
    if (i >= n) return;
    __atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
}

/* Work outside [low, high): a condition joined by || that holds for the threads that work, which
   bounds nothing (neither side is needed alone). */
KERNEL void work_outside(int low, int high, int* out) {
    int i = global_x();
    if (i < low || i >= high) out[i] = i + 1;
}

/* The bound on the left of the comparisons, as the source has it (k + n's sum is no simpler
   than the id, so the optimiser keeps the order). */
KERNEL void bound_on_the_left(int n, int k, int* out) {
    int i = global_x();
    if (n + k <= i || k * 3 > i) return;
    out[i] = i + 1;
}
