; tests/data/amdgpu/long_name.ll — a code object with one kernel whose name is 135 characters
; long (a C++ template kernel's mangled name is routinely longer than 128) and one short kernel,
; compiled for gfx90a by regen.sh into long_name.gfx90a.co. The runtime must read the metadata
; of both and launch either.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @_ZN6thrust8cuda_cub4core13_kernel_agentINS0_14__parallel_for16ParallelForAgentINS0_11__transform17unary_transform_fIPfS7_EEEElEEvT0_T1_(float addrspace(1)* %x, i32 %n) {
entry:
  ret void
}

define amdgpu_kernel void @short_one(float addrspace(1)* %x, i32 %n) {
entry:
  ret void
}
