/* tests/data/workgroup/refused_loop.c — refused on the host: a barrier in a loop whose trip count
   is the thread id, with another barrier after it. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
void offload_barrier(void);

KERNEL void divergent_loop(int* out) {
    unsigned t = offload_thread_id(0);
    for (unsigned i = 0; i < t; i++) offload_barrier();
    offload_barrier();
    out[t] = 1;
}

