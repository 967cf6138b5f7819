// tests/data/cuda_host/shared.cu — block algorithms through shared memory: an inclusive scan
// (Blelloch's up-sweep and down-sweep), a histogram counted in shared memory then merged with
// global atomics, a tiled matrix multiply (16 x 16 tiles), a 2D stencil whose tile carries a
// one-cell halo, and a transpose through a padded 32 x 33 tile.
#include "cuda_test.h"

#define SCAN_THREADS 256
#define SCAN_ITEMS (2 * SCAN_THREADS)

// Inclusive prefix sums of each SCAN_ITEMS-element segment (SCAN_THREADS threads per block);
// the segment's total goes to block_totals. Elements past n count as 0.
extern "C" __global__ void scan_blelloch(const float* in, float* out, float* block_totals, int n) {
    __shared__ float buf[SCAN_ITEMS];
    int t = threadIdx.x, base = blockIdx.x * SCAN_ITEMS;
    float a = base + t < n ? in[base + t] : 0.0f;
    float b = base + t + SCAN_THREADS < n ? in[base + t + SCAN_THREADS] : 0.0f;
    buf[t] = a;
    buf[t + SCAN_THREADS] = b;
    int offset = 1;
    for (int d = SCAN_THREADS; d > 0; d >>= 1) { // up-sweep: partial sums at the right of each pair
        __syncthreads();
        if (t < d) buf[offset * (2 * t + 2) - 1] += buf[offset * (2 * t + 1) - 1];
        offset *= 2;
    }
    if (t == 0) {
        block_totals[blockIdx.x] = buf[SCAN_ITEMS - 1];
        buf[SCAN_ITEMS - 1] = 0.0f;
    }
    for (int d = 1; d < SCAN_ITEMS; d *= 2) { // down-sweep: exclusive sums
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            float x = buf[left];
            buf[left] = buf[right];
            buf[right] += x;
        }
    }
    __syncthreads();
    if (base + t < n) out[base + t] = buf[t] + a;
    if (base + t + SCAN_THREADS < n) out[base + t + SCAN_THREADS] = buf[t + SCAN_THREADS] + b;
}

// Counts of each byte value: per block in shared memory, then added to the global bins.
extern "C" __global__ void histogram256(const unsigned char* data, int n, unsigned* bins) {
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}

#define TILE 16

// c (m x n) = a (m x k) * b (k x n), row-major, 16 x 16 blocks; any sizes (tiles are padded
// with zeros).
extern "C" __global__ void matmul_tiled(const float* a, const float* b, float* c, int m, int n, int k) {
    __shared__ float ta[TILE][TILE];
    __shared__ float tb[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < k; k0 += TILE) {
        ta[ty][tx] = row < m && k0 + tx < k ? a[row * k + k0 + tx] : 0.0f;
        tb[ty][tx] = k0 + ty < k && col < n ? b[(k0 + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int kk = 0; kk < TILE; kk++) sum += ta[ty][kk] * tb[kk][tx];
        __syncthreads();
    }
    if (row < m && col < n) c[row * n + col] = sum;
}

// 5-point average over a w x h grid (border cells are copied), 16 x 16 blocks: each block
// stages its tile and a one-cell halo (clamped at the edges) in shared memory.
extern "C" __global__ void stencil5(const float* in, float* out, int w, int h) {
    __shared__ float tile[TILE + 2][TILE + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = blockIdx.x * TILE, y0 = blockIdx.y * TILE;
    for (int j = ty; j < TILE + 2; j += TILE)
        for (int i = tx; i < TILE + 2; i += TILE) {
            int gx = min(max(x0 + i - 1, 0), w - 1), gy = min(max(y0 + j - 1, 0), h - 1);
            tile[j][i] = in[gy * w + gx];
        }
    __syncthreads();
    int x = x0 + tx, y = y0 + ty;
    if (x >= w || y >= h) return;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[y * w + x] = tile[ty + 1][tx + 1];
        return;
    }
    out[y * w + x] = 0.2f * (tile[ty + 1][tx + 1] + tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] +
                             tile[ty + 1][tx + 2]);
}

#define TRANSPOSE_TILE 32
#define TRANSPOSE_ROWS 8

// out (w x h) = in (h x w) transposed; blocks of 32 x 8 threads move 32 x 32 tiles, through a
// tile padded to 33 columns so that the column reads do not hit one bank.
extern "C" __global__ void transpose_padded(const float* in, float* out, int w, int h) {
    __shared__ float tile[TRANSPOSE_TILE][TRANSPOSE_TILE + 1];
    int x = blockIdx.x * TRANSPOSE_TILE + threadIdx.x;
    int y = blockIdx.y * TRANSPOSE_TILE + threadIdx.y;
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * TRANSPOSE_TILE + threadIdx.x;
    y = blockIdx.x * TRANSPOSE_TILE + threadIdx.y;
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS)
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}
