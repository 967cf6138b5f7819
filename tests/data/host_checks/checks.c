/* tests/data/host_checks/checks.c — kernels with seeded bugs for the host device's checks
   (tests/test_host_checks.c), and their correct twins: an access at an index the test picks
   (so that both sides of a bound are tried), an off-by-one loop, a shared-memory index past its
   array, a barrier the threads reach apart. checks.ll is made from it by make.sh (clang-14 -O2
   -g, no target: portable IR with line tables). */
#define SHARED __attribute__((address_space(3)))
#define KERNEL /* marked "offload-kernel" by make.sh */

unsigned offload_thread_id(unsigned dim);
unsigned offload_block_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
void offload_barrier(void) __attribute__((convergent));

/* out[0] = p[i]: one byte at an index the caller picks. */
KERNEL void read_at(const char* p, long i, char* out) { out[0] = p[i]; }

/* p[i] = 7. */
KERNEL void write_at(char* p, long i) { p[i] = 7; }

/* Each block sums in[0..n] (one element too many: the seeded off-by-one) into out[block]. */
KERNEL void sum_off_by_one(const float* in, float* out, int n) {
    if (offload_thread_id(0) != 0) return;
    float sum = 0.0f;
    for (int i = 0; i <= n; i++) sum += in[i];
    out[offload_block_id(0)] = sum;
}

/* Each thread writes its id at s[t + shift] of a 64-word shared array, then reads s[t] back:
   shift 0 is right for 64 threads, shift 1 writes one word past the array. */
KERNEL void shared_shift(int* out, int shift) {
    static SHARED int s[64];
    unsigned t = offload_thread_id(0);
    s[t + shift] = (int)t;
    offload_barrier();
    out[t] = s[t];
}

/* Each thread stores its id into one global word and branches on what it reads back: the threads
   reach different barriers (uniform as far as the compiler can tell, not when they run). */
KERNEL void divergent_barrier(volatile int* word, int* out) {
    unsigned t = offload_thread_id(0);
    *word = (int)t;
    if (*word & 1) {
        offload_barrier();
        out[t] = 1;
    } else {
        out[t] = 2;
        offload_barrier();
    }
}

/* Each thread writes s[t], then reads its right neighbour's word: with `synced` a barrier stands
   between, without it the read races with the neighbour's write (the seeded shared-memory race). */
KERNEL void neighbour_exchange(int* out, int synced) {
    static SHARED int s[64];
    unsigned t = offload_thread_id(0);
    s[t] = (int)t * 3;
    if (synced) offload_barrier();
    out[t] = s[(t + 1) % 64];
}

/* Every thread adds its id to one counter: without atomics a read-modify-write race of all the
   block's threads on one element (the seeded global race); with them, none. */
KERNEL void count_up(int* counter, int atomically) {
    unsigned t = offload_thread_id(0);
    if (atomically)
        __atomic_fetch_add(counter, (int)t, __ATOMIC_RELAXED);
    else
        *counter += (int)t;
}

/* Thread 0 of each block adds the block's number to one total: one thread per block touches it,
   so a block has no race of its own; without atomics the blocks race on it (the seeded race
   between blocks), with them they do not. */
KERNEL void blocks_add_up(int* total, int atomically) {
    if (offload_thread_id(0) != 0) return;
    int block = (int)offload_block_id(0);
    if (atomically)
        __atomic_fetch_add(total, block, __ATOMIC_RELAXED);
    else
        *total += block;
}

/* Each block writes its part; the last one to take a ticket sums them all (CUDA's last-block
   reduction): blocks hand over through the ticket's atomic, which is no race. With `skip_ticket`
   block 0 reads the parts without taking one, which is. */
unsigned offload_grid_dim(unsigned dim);
KERNEL void last_block_sums(int* parts, unsigned* ticket, int* total, int skip_ticket) {
    if (offload_thread_id(0) != 0) return;
    unsigned block = offload_block_id(0), blocks = offload_grid_dim(0);
    parts[block] = (int)block + 1;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (skip_ticket ? block != 0 : __atomic_fetch_add(ticket, 1, __ATOMIC_ACQ_REL) != blocks - 1) return;
    int sum = 0;
    for (unsigned i = 0; i < blocks; i++) sum += parts[i];
    *total = sum;
}

/* Thread 0 of each block writes its own byte, bytes[block]: blocks own the bytes of one word apart,
   which is no race. */
KERNEL void byte_per_block(char* bytes) {
    if (offload_thread_id(0) == 0) bytes[offload_block_id(0)] = (char)offload_block_id(0);
}

/* Thread 0 of each block reads one word; the last block then writes it (after the others read it:
   a write-after-read hazard between blocks). */
KERNEL void last_block_overwrites(int* word, int* seen) {
    if (offload_thread_id(0) != 0) return;
    unsigned block = offload_block_id(0);
    seen[block] = *word;
    if (block == offload_grid_dim(0) - 1) *word = -1;
}

/* Thread 0 of each block writes its own word, then reads it back and writes it again: a block
   meeting its own accesses is no race. */
KERNEL void own_word_twice(volatile int* words) {
    if (offload_thread_id(0) != 0) return;
    unsigned block = offload_block_id(0);
    words[block] = (int)block;
    words[block] = words[block] + 1;
}

/* ---- What racecheck need not record (test_racecheck_elision): accesses through a parameter
   only read, or touched per thread, go unrecorded only where the launch shows nothing else reaches
   their allocation; shared-memory reads only in intervals that write none of their array. */

/* out[i] = in[i] + 1, i the global thread id: in only read, out touched per thread. Launched with
   in one element past out in the same allocation, thread i reads what thread i + 1 writes. */
KERNEL void shifted_copy(const int* in, int* out) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    out[i] = in[i] + 1;
}

/* counts[i] += 1, i the global thread id in dimension 0: each element one thread's in a grid of
   one row, two threads' (of two rows of threads or of blocks) otherwise. */
KERNEL void count_per_column(int* counts) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    counts[i] += 1;
}

/* Each thread reads data[i + 1] and writes its result through a pointer picked at run time
   (neither parameter as far as the compiler knows): with pick set, into data itself. */
KERNEL void write_through_pick(int* data, int* other, int pick) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    int* to = pick ? data : other;
    int v = data[i + 1];
    to[i] = v;
}

/* Each thread writes its word of a shared array picked at run time, then reads its neighbour's
   word of the first array in the same interval: a race when the first array is the one picked. */
KERNEL void shared_pick(int* out, int pick) {
    static SHARED int first[64];
    static SHARED int second[64];
    unsigned t = offload_thread_id(0);
    first[t] = 0;
    second[t] = 0;
    offload_barrier();
    SHARED int* to = pick ? first : second;
    to[t] = (int)t;
    out[t] = first[(t + 1) % 64];
}

/* The loop's read of a neighbour's shared word follows the first barrier (an interval that writes
   nothing) and, from the second round on, the loop's own barrier and write: a race from the
   second round on. */
KERNEL void reread_after_write(int* out, int rounds) {
    static SHARED int s[64];
    unsigned t = offload_thread_id(0);
    s[t] = (int)t;
    offload_barrier();
    int sum = 0;
    for (int r = 0; r < rounds; r++) {
        sum += s[(t + 1) % 64];
        if (r + 1 < rounds) {
            offload_barrier();
            s[t] = sum;
        }
    }
    out[t] = sum;
}

/* seen[i] = in[i] for every thread, and out[i] = in[i] for the first n. */
KERNEL void copy_first(const int* in, int* seen, int* out, int n) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    int v = in[i];
    seen[i] = v;
    if ((int)i < n) out[i] = v;
}

/* A global of the module. */
int table[64];

/* table[i + 1] = from[i]: a write to the global, and a read through the parameter, which may be
   the global itself (thread i + 1 then reads what thread i wrote). */
KERNEL void shift_into_table(const int* from) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    if (i + 1 < 64) table[i + 1] = from[i];
}

/* Each thread writes its word of a 64-word shared array, then reads the word `at` words past its
   own after the barrier: at 0 is right, at 1 lets the last thread read past the array. */
KERNEL void shared_read_past(int* out, int at) {
    static SHARED int s[64];
    unsigned t = offload_thread_id(0);
    s[t] = (int)t;
    offload_barrier();
    out[t] = s[t + at];
}

/* out[y * width + x] += 1, x and y global thread ids over a step of 16 threads (the blocks the
   kernel is written for), for x and y inside width and height. */
KERNEL void count_per_cell(int* out, int width, int height) {
    unsigned x = offload_block_id(0) * 16 + offload_thread_id(0);
    unsigned y = offload_block_id(1) * 16 + offload_thread_id(1);
    if (x < (unsigned)width && y < (unsigned)height) out[y * width + x] += 1;
}

void offload_warp_barrier(void) __attribute__((convergent));

/* Each thread writes its shared word, passes a warp barrier only, and reads the word of the same
   lane in the other warp: a race between the warps, which only a block barrier would order. */
KERNEL void warp_synced_only(int* out) {
    static SHARED int s[64];
    unsigned t = offload_thread_id(0);
    s[t] = (int)t;
    offload_warp_barrier();
    out[t] = s[(t + 32) % 64];
}

/* shared_pick through a generic pointer (as CUDA's code reaches shared memory): a write of
   unknown origin, which may be to any array. */
KERNEL void shared_pick_generic(int* out, int pick) {
    static SHARED int first[64];
    static SHARED int second[64];
    unsigned t = offload_thread_id(0);
    first[t] = 0;
    second[t] = 0;
    offload_barrier();
    int* to = pick ? (int*)first : (int*)second;
    to[t] = (int)t;
    out[t] = first[(t + 1) % 64];
}

/* Each thread writes 8 bytes at its own int's place, so its write covers the next thread's int
   too: root[global id], but wider than an element. */
KERNEL void write_wide(int* words) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    *(long*)(words + i) = 0;
}
