/* tests/data/workgroup/loops.c — kernels in the shapes GPU benchmark suites are made of: threads
   that each run a loop (a matrix-vector product by columns and by rows, a 3D stencil walked
   along z), a grid launched once per step of an elimination whose late steps leave almost every
   thread idle, a kernel that does next to nothing (the cost of a launch), and a wavefront sweep
   with a barrier inside a loop. bench/bench_kernels.c times them against the same kernels in
   OpenCL C (bench/kernels.cl); tests/test_loop_kernels.c checks them. loops.ll is made from it
   by make.sh (clang-14 -O2, no target: portable IR). */
#define SHARED __attribute__((address_space(3)))
#define KERNEL /* marked "offload-kernel" by make.sh */

unsigned offload_thread_id(unsigned dim);
unsigned offload_block_id(unsigned dim);
unsigned offload_block_dim(unsigned dim);
/* Convergent, as offload.h asks of portable C: clang must not copy a barrier into both sides of
   a branch. */
__attribute__((convergent)) void offload_barrier(void);

/* y[j] = sum over i of A[i][j] * x[i]: each thread a column of the row-major n x n matrix, so
   the threads of a block read consecutive addresses of one row at every step of their loop. */
KERNEL void gemv_columns(int n, const float* a, const float* x, float* y) {
    unsigned j = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    if (j < (unsigned)n) {
        float sum = 0.0f;
        for (unsigned i = 0; i < (unsigned)n; i++) sum += a[i * n + j] * x[i];
        y[j] = sum;
    }
}

/* y[i] = sum over j of A[i][j] * x[j]: each thread a row, so neighbouring threads read addresses
   a row apart. */
KERNEL void gemv_rows(int n, const float* a, const float* x, float* y) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    if (i < (unsigned)n) {
        float sum = 0.0f;
        for (unsigned j = 0; j < (unsigned)n; j++) sum += a[i * n + j] * x[j];
        y[i] = sum;
    }
}

/* 7-point stencil over the interior of an nx x ny x nz grid (x fastest): a 2D grid of threads
   over (x, y), each walking its column along z. Boundary points of out are not written. */
KERNEL void stencil_3d(int nx, int ny, int nz, const float* in, float* out) {
    int x = (int)(offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0));
    int y = (int)(offload_block_id(1) * offload_block_dim(1) + offload_thread_id(1));
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
    int plane = nx * ny;
    for (int z = 1; z < nz - 1; z++) {
        int c = z * plane + y * nx + x;
        out[c] = 0.25f * in[c] +
                 0.125f * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] + in[c - plane] + in[c + plane]);
    }
}

/* Step k of an elimination on the row-major n x n matrix a: every row below row k loses
   factor[row] times row k, from column k on. The grid covers the whole matrix at every step, as
   elimination codes for GPUs launch it, so the threads past the shrinking corner return at
   once: x is the column offset from k, y the row offset from k + 1. */
KERNEL void eliminate(int n, int k, const float* factor, float* a) {
    unsigned x = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    unsigned y = offload_block_id(1) * offload_block_dim(1) + offload_thread_id(1);
    if (x >= (unsigned)(n - k) || y >= (unsigned)(n - 1 - k)) return;
    unsigned row = k + 1 + y, col = k + x;
    a[row * n + col] -= factor[row] * a[(unsigned)k * n + col];
}

/* y[i] += 1 for i < n: next to no work, for the cost of a launch. */
KERNEL void add_one(int n, float* y) {
    unsigned i = offload_block_id(0) * offload_block_dim(0) + offload_thread_id(0);
    if (i < (unsigned)n) y[i] += 1.0f;
}

enum { TILE = 16 };

static float larger(float a, float b) { return a > b ? a : b; }

/* One anti-diagonal of tiles of a Needleman-Wunsch-like alignment score. score is (n + 1) x
   (n + 1), row-major, with its first row and column given; cell (i, j) = the larger of
   score[i-1][j-1] + similarity[i-1][j-1] and the larger of score[i-1][j], score[i][j-1] less
   gap. The host launches the tile diagonals in order, one block of TILE threads per TILE x TILE
   tile of the diagonal (n a multiple of TILE). In shared memory, thread t computes row t of the
   tile, one cell per anti-diagonal of the tile, with a barrier after each. */
KERNEL void wavefront_tile(int n, int diagonal, float gap, const float* similarity, float* score) {
    static SHARED float cell[TILE + 1][TILE + 1]; /* the tile with the row above and column left of it */
    static SHARED float sim[TILE][TILE];
    int tiles = n / TILE, t = (int)offload_thread_id(0), w = n + 1;
    int first = diagonal < tiles ? 0 : diagonal - tiles + 1;
    int tile_row = first + (int)offload_block_id(0), tile_col = diagonal - tile_row;
    int r0 = tile_row * TILE, c0 = tile_col * TILE; /* the tile's first cell is score[r0 + 1][c0 + 1] */
    for (int i = 0; i < TILE; i++) sim[i][t] = similarity[(r0 + i) * n + c0 + t];
    cell[0][t + 1] = score[r0 * w + c0 + 1 + t];
    cell[t + 1][0] = score[(r0 + 1 + t) * w + c0];
    if (t == 0) cell[0][0] = score[r0 * w + c0];
    offload_barrier();
    for (int d = 0; d < 2 * TILE - 1; d++) {
        int j = d - t;
        if (j >= 0 && j < TILE)
            cell[t + 1][j + 1] =
                larger(cell[t][j] + sim[t][j], larger(cell[t][j + 1], cell[t + 1][j]) - gap);
        offload_barrier();
    }
    for (int i = 0; i < TILE; i++) score[(r0 + 1 + i) * w + c0 + 1 + t] = cell[i + 1][t + 1];
}
