/* tests/data/workgroup/refused_switch.c — refused on the host: a switch on the thread id decides
   which barrier a thread reaches (a switch's condition is its first operand, not a branch's). */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
void offload_barrier(void);

KERNEL void divergent_switch(int* out, int n) {
    unsigned t = offload_thread_id(0);
    switch (t % 4) {
    case 0:
        out[t] = n;
        offload_barrier();
        break;
    case 1:
        out[t] = n + 1;
        break;
    case 2:
        out[t] = n * 2;
        offload_barrier();
        out[t] += 3;
        break;
    default:
        out[t] = -n;
        break;
    }
    out[t] += 1;
}
