/* tests/data/workgroup/accepted_returns.c — accepted on the host: a barrier in a loop whose trip
   count is the thread id, with nothing but returns after it: the threads that leave the loop are
   done, and count as arrived at the barriers the others still wait at. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
void offload_barrier(void);

KERNEL void loop_then_return(int* out) {
    unsigned t = offload_thread_id(0);
    int* mine = out + t;
    for (unsigned i = 0; i < t; i++) {
        *mine += 1;
        offload_barrier();
    }
}
