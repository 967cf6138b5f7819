/* saxpy for AMDGPU in OpenCL C, as clang-14 compiles it to bitcode (saxpy_amdgcn.bc):
   clang-14 -x cl -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -O2 -emit-llvm -c
   saxpy_amdgcn.cl -o saxpy_amdgcn.bc. Blocks of 64 work-items; no device library needed. */
kernel void saxpy(int n, float a, global float* x, global float* y) {
    int i = (int)__builtin_amdgcn_workgroup_id_x() * 64 + (int)__builtin_amdgcn_workitem_id_x();
    if (i < n) y[i] = a * x[i] + y[i];
}
