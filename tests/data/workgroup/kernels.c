/* tests/data/workgroup/kernels.c — GPU-style kernels for the host device's work-group functions
   (tests/test_workgroup.c): barriers in loops and in uniform branches, static and dynamic shared
   memory, 2D and 3D blocks, early-returning threads, and shapes the host compiler must refuse.
   kernels.ll is made from it by make.sh (clang-14 -O2, no target: portable IR). */
#define SHARED __attribute__((address_space(3)))
#define KERNEL /* marked "offload-kernel" by make.sh */

unsigned offload_thread_id(unsigned dim);
unsigned offload_block_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
unsigned offload_grid_dim(unsigned dim);
void offload_barrier(void);
void* offload_shared_memory(void);

/* y = a * x + sqrt(y), one thread per element: the demo's kernel. */
KERNEL void axpy_sqrt(int n, float a, const float* x, float* y) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    if (i < (unsigned)n) y[i] = a * x[i] + __builtin_sqrtf(y[i]);
}

/* Each block sums its blockDim.x elements through dynamic shared memory, a tree of barriers. */
KERNEL void tree_reduce(const float* in, float* out, int n) {
    float* s = (float*)offload_shared_memory();
    unsigned t = offload_thread_id(0), b = offload_block_id(0), bd = offload_block_dim(0);
    unsigned i = b * bd + t;
    s[t] = i < (unsigned)n ? in[i] : 0.0f;
    offload_barrier();
    for (unsigned stride = bd / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        offload_barrier();
    }
    if (t == 0) out[b] = s[0];
}

/* The same with a static shared array (address space 3) of 256 floats. */
KERNEL void tree_reduce_static(const int* in, int* out) {
    static SHARED int s[256];
    unsigned t = offload_thread_id(0), b = offload_block_id(0), bd = offload_block_dim(0);
    s[t] = in[b * bd + t];
    offload_barrier();
    for (unsigned stride = bd / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        offload_barrier();
    }
    if (t == 0) out[b] = s[0];
}

/* C = A * B for n x n matrices (n a multiple of 16), 16 x 16 tiles in static shared memory,
   a barrier before and after each tile. */
KERNEL void matmul_tiled(const float* a, const float* bm, float* c, int n) {
    static SHARED float ta[16][16];
    static SHARED float tb[16][16];
    unsigned tx = offload_thread_id(0), ty = offload_thread_id(1);
    unsigned row = offload_block_id(1) * 16 + ty, col = offload_block_id(0) * 16 + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += 16) {
        ta[ty][tx] = a[row * n + k0 + tx];
        tb[ty][tx] = bm[(k0 + ty) * n + col];
        offload_barrier();
        for (int k = 0; k < 16; k++) sum += ta[ty][k] * tb[k][tx];
        offload_barrier();
    }
    c[row * n + col] = sum;
}

/* out = 5-point average of in (w x h, edges copied), through a 16 x 16 shared tile with a halo
   of one, loaded by the threads of the block. */
KERNEL void stencil_2d(const float* in, float* out, int w, int h) {
    static SHARED float tile[18][18];
    int tx = (int)offload_thread_id(0), ty = (int)offload_thread_id(1);
    int x = (int)(offload_block_id(0) * 16) + tx, y = (int)(offload_block_id(1) * 16) + ty;
    for (int j = ty; j < 18; j += 16)
        for (int i = tx; i < 18; i += 16) {
            int gx = (int)(offload_block_id(0) * 16) + i - 1, gy = (int)(offload_block_id(1) * 16) + j - 1;
            gx = gx < 0 ? 0 : gx >= w ? w - 1 : gx;
            gy = gy < 0 ? 0 : gy >= h ? h - 1 : gy;
            tile[j][i] = in[gy * w + gx];
        }
    offload_barrier();
    if (x >= w || y >= h) return;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[y * w + x] = in[y * w + x];
        return;
    }
    out[y * w + x] = 0.2f * (tile[ty + 1][tx + 1] + tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] +
                             tile[ty + 1][tx + 2]);
}

/* Transpose of an n x n matrix through a padded 16 x 17 tile. */
KERNEL void transpose(const float* in, float* out, int n) {
    static SHARED float tile[16][17];
    unsigned tx = offload_thread_id(0), ty = offload_thread_id(1);
    unsigned x = offload_block_id(0) * 16 + tx, y = offload_block_id(1) * 16 + ty;
    tile[ty][tx] = in[y * n + x];
    offload_barrier();
    x = offload_block_id(1) * 16 + tx;
    y = offload_block_id(0) * 16 + ty;
    out[y * n + x] = tile[tx][ty];
}

/* Threads beyond n return before the barrier; the others still meet there. */
KERNEL void early_return(const int* in, int* out, int n) {
    int* s = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0);
    if ((int)t >= n) return;
    s[t] = in[t] * 2;
    offload_barrier();
    out[t] = s[(t + 1) % (unsigned)n];
}

/* A barrier inside a branch on a uniform value (a kernel argument), in a loop. */
KERNEL void uniform_branch(int* data, int mode, int rounds) {
    int* s = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0), bd = offload_block_dim(0);
    s[t] = (int)t;
    offload_barrier();
    for (int r = 0; r < rounds; r++) {
        if (mode) {
            int v = s[(t + 1) % bd];
            offload_barrier();
            s[t] = v;
            offload_barrier();
        }
    }
    data[offload_block_id(0) * bd + t] = s[t];
}

/* Ids in 3D blocks: every thread writes its linear id after a rotation through shared memory. */
KERNEL void blocks_3d(int* out) {
    int* s = (int*)offload_shared_memory();
    unsigned x = offload_thread_id(0), y = offload_thread_id(1), z = offload_thread_id(2);
    unsigned nx = offload_block_dim(0), ny = offload_block_dim(1), nz = offload_block_dim(2);
    unsigned n = nx * ny * nz, id = (z * ny + y) * nx + x;
    unsigned block = (offload_block_id(2) * offload_grid_dim(1) + offload_block_id(1)) * offload_grid_dim(0) +
                     offload_block_id(0);
    s[id] = (int)(block * 1000 + id);
    offload_barrier();
    out[block * n + id] = s[(id + 1) % n];
}

/* Histogram of bytes into 16 bins: shared counters with atomics, then a global merge. */
KERNEL void histogram(const unsigned char* in, int n, int* bins) {
    static SHARED int local[16];
    unsigned t = offload_thread_id(0), bd = offload_block_dim(0);
    if (t < 16) local[t] = 0;
    offload_barrier();
    for (unsigned i = offload_block_id(0) * bd + t; i < (unsigned)n; i += bd * offload_grid_dim(0))
        __atomic_fetch_add((SHARED int*)&local[in[i] % 16], 1, __ATOMIC_RELAXED);
    offload_barrier();
    if (t < 16) __atomic_fetch_add(&bins[t], local[t], __ATOMIC_RELAXED);
}

/* Values of many types live across a barrier. */
typedef struct pair { double d; short s; } pair;
typedef float float4 __attribute__((ext_vector_type(4)));
KERNEL void live_values(double* out) {
    unsigned t = offload_thread_id(0);
    pair p = {t * 0.5, (short)(t * 3)};
    float4 v = {t, t + 1.0f, t + 2.0f, t + 3.0f};
    double* self = out + t * 4;
    char c = (char)(t & 0x7f);
    long long big = (long long)t << 40;
    offload_barrier();
    self[0] = p.d + p.s;
    self[1] = v.x + v.y + v.z + v.w;
    self[2] = (double)c + (double)(big >> 40);
    offload_barrier();
    self[3] = self[0] + self[1];
}

/* Accepted, checked when it runs: as divergent_at_run_time, but what each thread read back is
   kept across a barrier before it decides the next one. A value read from memory is a thread's
   own, even where the compiler sees one address: threads that race on the word read different
   values, and the block must fail rather than let one thread's value decide for all. */
KERNEL void divergent_after_barrier(volatile int* word, int* out) {
    unsigned t = offload_thread_id(0);
    *word = (int)t;
    int seen = *word;
    offload_barrier();
    if (seen & 1) {
        offload_barrier();
        out[t] = 1;
    } else {
        out[t] = 2;
        offload_barrier();
    }
}

/* Twenty barriers, each between a rotation of the values through shared memory. */
KERNEL void many_barriers(int* out) {
    int* s = (int*)offload_shared_memory();
    unsigned t = offload_thread_id(0), n = offload_block_dim(0);
    int v = (int)t;
#define ROTATE s[t] = v; offload_barrier(); v = s[(t + 1) % n] + 1; offload_barrier();
    ROTATE ROTATE ROTATE ROTATE ROTATE ROTATE ROTATE ROTATE ROTATE ROTATE
    out[t] = v;
}

/* Accepted, checked when it runs: each thread stores its id into one global word and branches
   on what it reads back (uniform as far as the compiler can tell, not when the threads run). */
KERNEL void divergent_at_run_time(volatile int* word, int* out) {
    unsigned t = offload_thread_id(0);
    *word = (int)t;
    if (*word & 1) {
        offload_barrier();
        out[t] = 1;
    } else {
        out[t] = 2;
        offload_barrier();
    }
}
