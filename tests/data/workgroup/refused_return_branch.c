/* tests/data/workgroup/refused_return_branch.c — refused on the host: on one side of a branch on
   the thread id a thread may return, or else waits at a barrier of its own, while the threads
   of the other side go on to the next barrier. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
void offload_barrier(void);

KERNEL void return_or_own_barrier(const int* in, int* out) {
    unsigned t = offload_thread_id(0);
    if (t & 1) {
        if (in[t] < 0) return;
        offload_barrier();
        out[t] = 1;
    } else {
        out[t] = 2;
    }
    offload_barrier();
    out[t] += 1;
}
