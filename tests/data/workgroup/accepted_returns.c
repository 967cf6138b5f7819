/* tests/data/workgroup/accepted_returns.c — accepted on the host, where threads that return
   count as arrived at every later barrier: a barrier in a loop whose trip count is the thread
   id, with nothing but returns after it (the threads that leave the loop are done); a
   thread-dependent branch one side of which may return before a barrier. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
void offload_barrier(void);
void* offload_shared_memory(void);

/* The threads that leave the loop are done, and count as arrived at the barriers the others
   still wait at. */
KERNEL void loop_then_return(int* out) {
    unsigned t = offload_thread_id(0);
    int* mine = out + t;
    for (unsigned i = 0; i < t; i++) {
        *mine += 1;
        offload_barrier();
    }
}

/* A thread-dependent branch one side of which may return, the other rejoining before the
   barrier: the threads that go on all meet at that barrier. */
KERNEL void return_or_rejoin(const int* in, int* out) {
    int* s = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0), n = offload_block_dim(0);
    s[t] = in[t];
    if (t & 1) {
        if (in[t] < 0) return;
        out[t] = 1;
    } else {
        out[t] = 2;
    }
    offload_barrier();
    out[t] += s[(t + 1) % n];
    offload_barrier();
    if (t % 3 == 0) return;
    out[t] += 10 * s[(t + 2) % n];
}
