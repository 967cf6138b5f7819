/* tests/data/workgroup/printing.c — printf (the device library's offload_printf, CUDA's vprintf
   buffer layout) from every thread of a block after a barrier. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
void offload_barrier(void);
void* offload_shared_memory(void);
int offload_printf(const char* format, void* args, int size);

KERNEL void print_neighbour(void) {
    int* s = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0), n = offload_block_dim(0);
    s[t] = (int)(3 * t);
    offload_barrier();
    struct { int t, v; } args = {(int)t, s[(t + 1) % n]};
    offload_printf("thread %d sees %d\n", &args, sizeof args);
}
