/* tests/data/workgroup/refused_recursion.c — refused on the host: a recursive function that reads
   the thread id cannot be inlined into its kernel. */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);

static unsigned depth(unsigned n) { return n < 2 ? offload_thread_id(0) : depth(n - 1) + depth(n - 2); }

KERNEL void recursive(unsigned* out, unsigned n) { out[offload_thread_id(0)] = depth(n); }
