/* tests/data/workgroup/switches.c — accepted on the host: barriers under a switch on a kernel
   argument (every thread of a block takes the same case), and a switch on the thread id with
   no barrier under it, between two barriers. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
void offload_barrier(void);
void* offload_shared_memory(void);

/* out[t] = a function of the neighbours' values picked by mode, through shared memory. */
KERNEL void uniform_switch(int* out, int mode) {
    int* s = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0), n = offload_block_dim(0);
    s[t] = (int)t;
    switch (mode) {
    case 0:
        offload_barrier();
        out[t] = s[(t + 1) % n];
        break;
    case 1:
        offload_barrier();
        out[t] = s[(t + 2) % n] * 10;
        break;
    case 2:
        out[t] = -1;
        offload_barrier();
        out[t] = s[(t + n - 1) % n] + 100;
        break;
    default:
        offload_barrier();
        out[t] = 7;
        break;
    }
    switch (t % 3) { /* thread-dependent, but no barrier under it */
    case 0:
        out[t] += 1000;
        break;
    case 1:
        out[t] += 2000;
        break;
    default:
        break;
    }
    offload_barrier();
    out[t] += s[0];
}
