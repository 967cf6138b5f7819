/* tests/data/workgroup/uniform_loops.c — loops whose trip count is the same for every thread of
   a block, which the host compiler runs with the thread loop inside (an implicit barrier at the
   loop's head) where the threads' accesses lie side by side, and the shapes around them where
   it must not: a loop only some threads reach, a loop whose trip count depends on the thread,
   a thread that walks its own row. Each computes y from a (rows x cols, row-major) and x;
   every result is compared with a C reference (tests/test_workgroup.c). */
#define KERNEL /* marked "offload-kernel" by make.sh */
unsigned offload_thread_id(unsigned dim);
unsigned offload_block_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
__attribute__((convergent)) void offload_barrier(void);
void* offload_shared_memory(void);

static unsigned global_x(void) { return offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0); }

/* y[j] = sum over i of a[i][j] x[i], behind `if (j < cols)`: the loop's only other way out returns. */
KERNEL void column_sums(const float* a, const float* x, float* y, int rows, int cols) {
    unsigned j = global_x();
    if (j < (unsigned)cols) {
        float sum = 0.0f;
        for (int i = 0; i < rows; i++) sum += a[(long)i * cols + j] * x[i];
        y[j] = sum;
    }
}

/* The same behind `if (j >= cols) return`, stepping by 2 from a block-dependent start, with a
   nested uniform loop over a band of rows and a break on a uniform condition. */
KERNEL void column_sums_nested(const float* a, const float* x, float* y, int rows, int cols, int stop) {
    unsigned j = global_x();
    if (j >= (unsigned)cols) return;
    float sum = 0.0f;
    for (int i = (int)(offload_block_id(0) % 2); i < rows; i += 2) {
        for (int k = 0; k < rows / 4; k++) sum += a[(long)((i + k) % rows) * cols + j];
        if (i == stop) break;
        sum += x[i];
    }
    y[j] = sum;
}

/* A uniform loop only some threads reach, with work after it: it stays a loop per thread. */
KERNEL void column_sums_some_threads(const float* a, const float* x, float* y, int rows, int cols) {
    unsigned j = global_x();
    float sum = -1.0f;
    if (j % 3 != 0 && j < (unsigned)cols) {
        sum = 0.0f;
        for (int i = 0; i < rows; i++) sum += a[(long)i * cols + j] * x[i];
    }
    if (j < (unsigned)cols) y[j] = sum * 2.0f;
}

/* A uniform loop only some threads reach, then a barrier all of them reach: it stays a loop
   per thread. */
KERNEL void column_sums_then_barrier(const float* a, const float* x, float* y, int rows, int cols) {
    float* s = (float*)offload_shared_memory();
    unsigned t = offload_thread_id(0), n = offload_block_dim(0);
    unsigned j = global_x();
    float sum = -1.0f;
    if (j % 3 != 0 && j < (unsigned)cols) {
        sum = 0.0f;
        for (int i = 0; i < rows; i++) sum += a[(long)i * cols + j] * x[i];
    }
    s[t] = sum;
    offload_barrier();
    if (j < (unsigned)cols) y[j] = sum + s[(t + 1) % n];
}

/* A loop whose trip count depends on the thread. */
KERNEL void column_prefix(const float* a, const float* x, float* y, int rows, int cols) {
    unsigned j = global_x();
    if (j >= (unsigned)cols) return;
    float sum = 0.0f;
    for (unsigned i = 0; i < j % (unsigned)rows; i++) sum += a[(long)i * cols + j] * x[i];
    y[j] = sum;
}

/* Each thread walks its own row. */
KERNEL void row_sums(const float* a, const float* x, float* y, int rows, int cols) {
    unsigned i = global_x();
    if (i >= (unsigned)rows) return;
    float sum = 0.0f;
    for (int j = 0; j < cols; j++) sum += a[(long)i * cols + j] * x[j];
    y[i] = sum;
}

/* 2D blocks, each thread walks z over planes of rows x cols: y[r][c] = sum over z of
   a[z][r][c] * x[z], with an explicit barrier after the walk and a neighbour read through shared
   memory. */
KERNEL void z_walk_then_barrier(const float* a, const float* x, float* y, int rows, int cols, int depth) {
    float* s = (float*)offload_shared_memory();
    unsigned c = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    unsigned r = offload_block_id(1) * offload_block_dim(1) + offload_thread_id(1);
    unsigned t = offload_thread_id(1) * offload_block_dim(0) + offload_thread_id(0);
    float sum = 0.0f;
    int inside = c < (unsigned)cols && r < (unsigned)rows;
    for (int z = 0; z < depth; z++)
        if (inside) sum += a[((long)z * rows + r) * cols + c] * x[z];
    s[t] = sum;
    offload_barrier();
    unsigned n = offload_block_dim(0) * offload_block_dim(1);
    if (inside) y[(long)r * cols + c] = sum + s[(t + 1) % n];
}

/* A value the same for every thread, updated in an inner loop between two barriers and read
   after each update there, and kept across the barriers: one value per thread while the region
   reads it after writing it. */
KERNEL void uniform_read_after_write(unsigned* out, int rounds, unsigned step) {
    unsigned* s = (unsigned*)offload_shared_memory();
    unsigned t = offload_thread_id(0), size = offload_block_dim(0);
    unsigned k = step, acc = 0;
    for (int r = 0; r < rounds; r++) {
        for (int j = 0; j < 3; j++) k = k * 3u + step;
        s[t] = k + t;
        offload_barrier();
        acc += s[(t + 1) % size] - k;
        offload_barrier();
    }
    out[t] = acc + k;
}
