/* tests/data/workgroup/refused_branch.c — refused on the host: a barrier under a branch on the
   thread id (other threads go on to the next barrier). */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
void offload_barrier(void);

KERNEL void divergent_branch(int* out) {
    unsigned t = offload_thread_id(0);
    if (t < 4) offload_barrier();
    out[t] = 1;
    offload_barrier();
}

