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
