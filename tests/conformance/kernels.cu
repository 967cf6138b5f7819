// tests/conformance/kernels.cu — the conformance kernels as GPU code, one source for NVIDIA and
// AMD. regen.sh compiles it with clang-14 (CUDA mode for PTX, HIP mode for a gfx90a code object,
// neither needing a vendor toolkit) into kernels.ptx and kernels.gfx90a.co, which are committed:
// the simulated drivers read their kernel and global tables and call the host implementations
// of kernels_host.inc instead, and a real GPU runs them. Parameters are in the order and types of
// the argument structs in conformance.h, so one packed buffer fits every device.
#define KERNEL extern "C" __attribute__((global))
#define DEVICE __attribute__((device))
#define SHARED __attribute__((shared))

#if defined(__NVPTX__)
#  define SYNC() __nvvm_bar_sync(0)
#  define THREAD_X __nvvm_read_ptx_sreg_tid_x()
#  define THREAD_Y __nvvm_read_ptx_sreg_tid_y()
#  define THREAD_Z __nvvm_read_ptx_sreg_tid_z()
#  define BLOCK_X __nvvm_read_ptx_sreg_ctaid_x()
#  define BLOCK_Y __nvvm_read_ptx_sreg_ctaid_y()
#  define BLOCK_Z __nvvm_read_ptx_sreg_ctaid_z()
#  define DIM_X __nvvm_read_ptx_sreg_ntid_x()
#  define DIM_Y __nvvm_read_ptx_sreg_ntid_y()
#  define DIM_Z __nvvm_read_ptx_sreg_ntid_z()
#else
#  define SYNC()                                                                                 \
      (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(),    \
       __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"))
#  define THREAD_X __builtin_amdgcn_workitem_id_x()
#  define THREAD_Y __builtin_amdgcn_workitem_id_y()
#  define THREAD_Z __builtin_amdgcn_workitem_id_z()
#  define BLOCK_X __builtin_amdgcn_workgroup_id_x()
#  define BLOCK_Y __builtin_amdgcn_workgroup_id_y()
#  define BLOCK_Z __builtin_amdgcn_workgroup_id_z()
#  define DIM_X __builtin_amdgcn_workgroup_size_x()
#  define DIM_Y __builtin_amdgcn_workgroup_size_y()
#  define DIM_Z __builtin_amdgcn_workgroup_size_z()
#endif

typedef struct conf_pair { char tag; double value; } conf_pair;

DEVICE unsigned counter = 7;
DEVICE unsigned table[4] = {11, 22, 33, 44};
extern SHARED unsigned dynamic_shared[];

KERNEL void conf_empty(void) {}

// data[i] += value for i < n.
KERNEL void conf_add(unsigned* data, unsigned n, unsigned value) {
    unsigned i = BLOCK_X * DIM_X + THREAD_X;
    if (i < n) data[i] += value;
}

// Each thread writes its global (x, y, z) id, packed 10 bits each, at its linear index.
KERNEL void conf_ids(unsigned* out, unsigned width, unsigned height) {
    unsigned x = BLOCK_X * DIM_X + THREAD_X, y = BLOCK_Y * DIM_Y + THREAD_Y, z = BLOCK_Z * DIM_Z + THREAD_Z;
    if (x < width && y < height) out[(z * height + y) * width + x] = x | y << 10 | z << 20;
}

// One thread per block: fills n words of the block's dynamic shared memory with values of its
// own block, then copies them out reversed, so a block that saw another's memory shows.
KERNEL void conf_shared(unsigned* out, unsigned n) {
    volatile unsigned* shared = dynamic_shared;
    unsigned block = BLOCK_X;
    for (unsigned i = 0; i < n; i++) shared[i] = block * 1000u + i;
    for (unsigned i = 0; i < n; i++) out[block * n + i] = shared[n - 1 - i];
}

// Every parameter, widened to 64 bits (floating point as its bits), in order.
KERNEL void conf_mixed(signed char c, double d, short s, float f, unsigned long long* out, conf_pair pair, int i) {
    union { double d; unsigned long long u; } dbits = {d}, pbits = {pair.value};
    union { float f; unsigned u; } fbits = {f};
    out[0] = (unsigned long long)(long long)c;
    out[1] = dbits.u;
    out[2] = (unsigned long long)(long long)s;
    out[3] = fbits.u;
    out[4] = (unsigned long long)(long long)pair.tag;
    out[5] = pbits.u;
    out[6] = (unsigned long long)(long long)i;
}

// out[0] = counter, out[1] = table[3]; then counter += 100: a kernel sees and changes the same
// storage offload_global_* reach.
KERNEL void conf_global(unsigned* out) {
    out[0] = counter;
    out[1] = table[3];
    counter = counter + 100u;
}

// A tree reduction with barriers (blocks of a power of two up to 256 threads): each thread's
// value goes through a static shared array, reversed, into dynamic shared memory, then pairs
// are added in log2(blockDim) rounds with a barrier after each. out[block] = the block's sum.
KERNEL void conf_reduce(const unsigned* in, unsigned* out) {
    SHARED unsigned staged[256];
    unsigned t = THREAD_X, n = DIM_X;
    staged[t] = in[BLOCK_X * n + t];
    SYNC();
    dynamic_shared[t] = staged[n - 1 - t];
    SYNC();
    for (unsigned s = n / 2; s > 0; s >>= 1) {
        if (t < s) dynamic_shared[t] += dynamic_shared[t + s];
        SYNC();
    }
    if (t == 0) out[BLOCK_X] = dynamic_shared[0];
}

// out = the transpose of in (n x n, n a multiple of 16) through a padded 16 x 17 static tile, in
// 16 x 16 blocks: each thread writes one element of the tile and, after the barrier, reads
// the one its mirror wrote.
KERNEL void conf_transpose(const unsigned* in, unsigned* out, unsigned n) {
    SHARED unsigned tile[16][17];
    unsigned tx = THREAD_X, ty = THREAD_Y;
    tile[ty][tx] = in[(BLOCK_Y * 16 + ty) * n + BLOCK_X * 16 + tx];
    SYNC();
    out[(BLOCK_X * 16 + ty) * n + BLOCK_Y * 16 + tx] = tile[tx][ty];
}
