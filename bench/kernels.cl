/* bench/kernels.cl — the kernels of tests/data/workgroup/kernels.c in OpenCL C, for pocl's CPU
   device (bench/bench_kernels.c builds them before timing). Same algorithms, same block shapes. */

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
