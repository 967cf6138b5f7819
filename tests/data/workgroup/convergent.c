/* tests/data/workgroup/convergent.c — accepted on the host: the same condition on the thread id
   before and after a barrier. offload_barrier() is declared convergent, as offload.h asks of
   portable C, so that clang keeps the one barrier where it is; without the attribute clang -O2
   threads the second branch into the first and copies the barrier into both sides
   (refused_not_convergent.c). */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
__attribute__((convergent)) void offload_barrier(void);
void* offload_shared_memory(void);

KERNEL void same_condition_around_a_barrier(int* out, const int* in) {
    int* s = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0);
    int low = t < 16;
    if (low) s[t] = in[t] * 2;
    else s[t] = in[t] + 1;
    offload_barrier();
    if (low) out[t] = s[t ^ 1];
    else out[t] = s[(t + 1) & 31];
}
