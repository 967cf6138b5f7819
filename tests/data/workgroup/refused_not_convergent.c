/* tests/data/workgroup/refused_not_convergent.c — refused on the host: convergent.c's kernel
   with offload_barrier() declared without the convergent attribute. clang -O2 then copies the
   barrier into both sides of the branch on the thread id, and each copy stands under it. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
void offload_barrier(void);
void* offload_shared_memory(void);

KERNEL void barrier_copied_by_clang(int* out, const int* in) {
    int* s = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0);
    int low = t < 16;
    if (low) s[t] = in[t] * 2;
    else s[t] = in[t] + 1;
    offload_barrier();
    if (low) out[t] = s[t ^ 1];
    else out[t] = s[(t + 1) & 31];
}
