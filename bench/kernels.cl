/* bench/kernels.cl — the kernels of tests/data/workgroup/kernels.c, the CUDA kernels of
   tests/data/cuda_host that the benchmark runs as CUDA IR (cuda_*), and the kernels of
   tests/data/workgroup/loops.c (the last section), in OpenCL C for pocl's CPU device
   (bench/bench_kernels.c builds them before timing). Same algorithms, same block shapes. */

__kernel void axpy_sqrt(int n, float a, __global const float* x, __global float* y) {
    uint i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    if (i < (uint)n) y[i] = a * x[i] + sqrt(y[i]);
}

__kernel void tree_reduce(__global const float* in, __global float* out, int n, __local float* s) {
    uint t = get_local_id(0), b = get_group_id(0), bd = get_local_size(0);
    uint i = b * bd + t;
    s[t] = i < (uint)n ? in[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = bd / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (t == 0) out[b] = s[0];
}

__kernel void matmul_tiled(__global const float* a, __global const float* bm, __global float* c, int n) {
    __local float ta[16][16];
    __local float tb[16][16];
    uint tx = get_local_id(0), ty = get_local_id(1);
    uint row = get_group_id(1) * 16 + ty, col = get_group_id(0) * 16 + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += 16) {
        ta[ty][tx] = a[row * n + k0 + tx];
        tb[ty][tx] = bm[(k0 + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < 16; k++) sum += ta[ty][k] * tb[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = sum;
}

__kernel void stencil_2d(__global const float* in, __global float* out, int w, int h) {
    __local float tile[18][18];
    int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
    int x = (int)(get_group_id(0) * 16) + tx, y = (int)(get_group_id(1) * 16) + ty;
    for (int j = ty; j < 18; j += 16)
        for (int i = tx; i < 18; i += 16) {
            int gx = (int)(get_group_id(0) * 16) + i - 1, gy = (int)(get_group_id(1) * 16) + j - 1;
            gx = gx < 0 ? 0 : gx >= w ? w - 1 : gx;
            gy = gy < 0 ? 0 : gy >= h ? h - 1 : gy;
            tile[j][i] = in[gy * w + gx];
        }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x >= w || y >= h) return;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[y * w + x] = in[y * w + x];
        return;
    }
    out[y * w + x] = 0.2f * (tile[ty + 1][tx + 1] + tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] +
                             tile[ty + 1][tx + 2]);
}

/* The kernels of tests/data/cuda_host (reduce.cu, shared.cu) in OpenCL C, for the rows that run
   their CUDA IR: the same algorithms, shared-memory layouts and block shapes. */

__kernel void cuda_reduce_dynamic(__global const float* in, __global float* block_sums, int n, __local float* partial) {
    uint t = get_local_id(0), bd = get_local_size(0);
    uint i = get_group_id(0) * bd * 2 + t;
    float v = 0.0f;
    if (i < (uint)n) v = in[i];
    if (i + bd < (uint)n) v += in[i + bd];
    partial[t] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = bd / 2; s > 0; s >>= 1) {
        if (t < s) partial[t] += partial[t + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (t == 0) block_sums[get_group_id(0)] = partial[0];
}

__kernel void cuda_scan_blelloch(__global const float* in, __global float* out, __global float* block_totals, int n) {
    __local float buf[512];
    int t = (int)get_local_id(0), base = (int)get_group_id(0) * 512;
    float a = base + t < n ? in[base + t] : 0.0f;
    float b = base + t + 256 < n ? in[base + t + 256] : 0.0f;
    buf[t] = a;
    buf[t + 256] = b;
    int offset = 1;
    for (int d = 256; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t < d) buf[offset * (2 * t + 2) - 1] += buf[offset * (2 * t + 1) - 1];
        offset *= 2;
    }
    if (t == 0) {
        block_totals[get_group_id(0)] = buf[511];
        buf[511] = 0.0f;
    }
    for (int d = 1; d < 512; d *= 2) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t < d) {
            int left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            float x = buf[left];
            buf[left] = buf[right];
            buf[right] += x;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (base + t < n) out[base + t] = buf[t] + a;
    if (base + t + 256 < n) out[base + t + 256] = buf[t + 256] + b;
}

__kernel void cuda_matmul_tiled(__global const float* a, __global const float* b, __global float* c, int m, int n, int k) {
    __local float ta[16][16];
    __local float tb[16][16];
    int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
    int row = (int)get_group_id(1) * 16 + ty, col = (int)get_group_id(0) * 16 + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < k; k0 += 16) {
        ta[ty][tx] = row < m && k0 + tx < k ? a[row * k + k0 + tx] : 0.0f;
        tb[ty][tx] = k0 + ty < k && col < n ? b[(k0 + ty) * n + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int kk = 0; kk < 16; kk++) sum += ta[ty][kk] * tb[kk][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < m && col < n) c[row * n + col] = sum;
}

__kernel void cuda_stencil5(__global const float* in, __global float* out, int w, int h) {
    __local float tile[18][18];
    int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
    int x0 = (int)get_group_id(0) * 16, y0 = (int)get_group_id(1) * 16;
    for (int j = ty; j < 18; j += 16)
        for (int i = tx; i < 18; i += 16) {
            int gx = min(max(x0 + i - 1, 0), w - 1), gy = min(max(y0 + j - 1, 0), h - 1);
            tile[j][i] = in[gy * w + gx];
        }
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = x0 + tx, y = y0 + ty;
    if (x >= w || y >= h) return;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[y * w + x] = tile[ty + 1][tx + 1];
        return;
    }
    out[y * w + x] =
        0.2f * (tile[ty + 1][tx + 1] + tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
}

/* The kernels of tests/data/workgroup/loops.c in OpenCL C: the same loops, guards and shared
   memory. This section stays last: bench_kernels.c's first-load rows build it alone, from the
   start of this comment to the end of the file, against loops.ll's six kernels. */

__kernel void gemv_columns(int n, __global const float* a, __global const float* x, __global float* y) {
    uint j = get_group_id(0) * get_local_size(0) + get_local_id(0);
    if (j < (uint)n) {
        float sum = 0.0f;
        for (uint i = 0; i < (uint)n; i++) sum += a[i * n + j] * x[i];
        y[j] = sum;
    }
}

__kernel void gemv_rows(int n, __global const float* a, __global const float* x, __global float* y) {
    uint i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    if (i < (uint)n) {
        float sum = 0.0f;
        for (uint j = 0; j < (uint)n; j++) sum += a[i * n + j] * x[j];
        y[i] = sum;
    }
}

__kernel void stencil_3d(int nx, int ny, int nz, __global const float* in, __global float* out) {
    int x = (int)(get_group_id(0) * get_local_size(0) + get_local_id(0));
    int y = (int)(get_group_id(1) * get_local_size(1) + get_local_id(1));
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
    int plane = nx * ny;
    for (int z = 1; z < nz - 1; z++) {
        int c = z * plane + y * nx + x;
        out[c] = 0.25f * in[c] +
                 0.125f * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] + in[c - plane] + in[c + plane]);
    }
}

__kernel void eliminate(int n, int k, __global const float* factor, __global float* a) {
    uint x = get_group_id(0) * get_local_size(0) + get_local_id(0);
    uint y = get_group_id(1) * get_local_size(1) + get_local_id(1);
    if (x >= (uint)(n - k) || y >= (uint)(n - 1 - k)) return;
    uint row = k + 1 + y, col = k + x;
    a[row * n + col] -= factor[row] * a[(uint)k * n + col];
}

__kernel void add_one(int n, __global float* y) {
    uint i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    if (i < (uint)n) y[i] += 1.0f;
}

#define TILE 16

float larger(float a, float b) { return a > b ? a : b; }

__kernel void wavefront_tile(int n, int diagonal, float gap, __global const float* similarity,
                             __global float* score) {
    __local float cell[TILE + 1][TILE + 1];
    __local float sim[TILE][TILE];
    int tiles = n / TILE, t = (int)get_local_id(0), w = n + 1;
    int first = diagonal < tiles ? 0 : diagonal - tiles + 1;
    int tile_row = first + (int)get_group_id(0), tile_col = diagonal - tile_row;
    int r0 = tile_row * TILE, c0 = tile_col * TILE;
    for (int i = 0; i < TILE; i++) sim[i][t] = similarity[(r0 + i) * n + c0 + t];
    cell[0][t + 1] = score[r0 * w + c0 + 1 + t];
    cell[t + 1][0] = score[(r0 + 1 + t) * w + c0];
    if (t == 0) cell[0][0] = score[r0 * w + c0];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 0; d < 2 * TILE - 1; d++) {
        int j = d - t;
        if (j >= 0 && j < TILE)
            cell[t + 1][j + 1] = larger(cell[t][j] + sim[t][j], larger(cell[t][j + 1], cell[t + 1][j]) - gap);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < TILE; i++) score[(r0 + 1 + i) * w + c0 + 1 + t] = cell[i + 1][t + 1];
}
