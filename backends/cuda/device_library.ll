; backends/cuda/device_library.ll — the device API (the offload_* functions portable kernels call)
; for NVIDIA GPUs: ids and sizes from PTX's special registers, the block barrier, the launch's
; dynamic shared memory and the warp operations. Named by the CUDA backend's target facts
; (backends/cuda/target.inc, .library) and linked into every module that uses the API, with its
; math (backends/cuda/device_math.ll, jit/intrinsic_math.ll).
; Everything is alwaysinline (#0), so that even at -O0 no call remains in a kernel; warp operations
; are convergent too (#1): no pass may make them depend on more or fewer lanes, even before they are
; inlined.
;
; The JIT links it as every device library (jit/compile.inc, offload__jit_link_text): parsed alone,
; given the module's triple and data layout, then linked in. Typed pointers, which LLVM 14 to 22
; all parse.

; offload_<id or size>(dim) reads the special register's .x, .y or .z; a dim other than 1 and 2
; reads x.
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
define i32 @offload_thread_id(i32 %d) #0 {
  switch i32 %d, label %x [ i32 1, label %y
                            i32 2, label %z ]
x:
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %a
y:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  ret i32 %b
z:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  ret i32 %c
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
define i32 @offload_block_id(i32 %d) #0 {
  switch i32 %d, label %x [ i32 1, label %y
                            i32 2, label %z ]
x:
  %a = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  ret i32 %a
y:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  ret i32 %b
z:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  ret i32 %c
}

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
define i32 @offload_block_dim(i32 %d) #0 {
  switch i32 %d, label %x [ i32 1, label %y
                            i32 2, label %z ]
x:
  %a = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  ret i32 %a
y:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  ret i32 %b
z:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  ret i32 %c
}

declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
define i32 @offload_grid_dim(i32 %d) #0 {
  switch i32 %d, label %x [ i32 1, label %y
                            i32 2, label %z ]
x:
  %a = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  ret i32 %a
y:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  ret i32 %b
z:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  ret i32 %c
}

declare void @llvm.nvvm.barrier0()
define void @offload_barrier() #0 {
  call void @llvm.nvvm.barrier0()
  ret void
}

; extern __shared__: the launch's dynamic shared memory (a PTX name: no dots)
@offload_dynamic_shared = external addrspace(3) global [0 x i8], align 16
define i8* @offload_shared_memory() #0 {
  ret i8* addrspacecast (i8 addrspace(3)* getelementptr inbounds ([0 x i8], [0 x i8] addrspace(3)* @offload_dynamic_shared, i32 0, i32 0) to i8*)
}

; Warp operations: the *.sync forms with the full mask, which make the warp's lanes converge
; (sm_70+, PTX 6.0). shfl.sync takes the lane or offset modulo 32 (b[4:0]) and gives the caller's
; own value when the source lane is out of [0, c] (down, bfly, idx: c = 31) or below c (up: c = 0);
; an offset or xor mask of 32 or more would wrap, so it gives the own value here.
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
define i32 @offload_lane_id() #0 {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  ret i32 %r
}

define i32 @offload_warp_size() #0 {
  ret i32 32
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
define i32 @offload_shuffle(i32 %v, i32 %l) #1 {
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 %l, i32 31)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
define i32 @offload_shuffle_down(i32 %v, i32 %d) #1 {
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 %d, i32 31)
  %in = icmp ult i32 %d, 32
  %r = select i1 %in, i32 %s, i32 %v
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
define i32 @offload_shuffle_up(i32 %v, i32 %d) #1 {
  %s = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 %d, i32 0)
  %in = icmp ult i32 %d, 32
  %r = select i1 %in, i32 %s, i32 %v
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
define i32 @offload_shuffle_xor(i32 %v, i32 %d) #1 {
  %s = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 %d, i32 31)
  %in = icmp ult i32 %d, 32
  %r = select i1 %in, i32 %s, i32 %v
  ret i32 %r
}

declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
define i64 @offload_ballot(i32 %p) #1 {
  %b = icmp ne i32 %p, 0
  %m = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %b)
  %r = zext i32 %m to i64
  ret i64 %r
}

declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
define i32 @offload_any(i32 %p) #1 {
  %b = icmp ne i32 %p, 0
  %a = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %b)
  %r = zext i1 %a to i32
  ret i32 %r
}

declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
define i32 @offload_all(i32 %p) #1 {
  %b = icmp ne i32 %p, 0
  %a = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %b)
  %r = zext i1 %a to i32
  ret i32 %r
}

; bar.warp.sync orders memory among the lanes it synchronizes (PTX ISA)
declare void @llvm.nvvm.bar.warp.sync(i32)
define void @offload_warp_barrier() #1 {
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  ret void
}

attributes #0 = { alwaysinline nounwind }
attributes #1 = { alwaysinline convergent nounwind }
