; backends/amdgpu/device_library.ll — the device API (the offload_* functions portable kernels
; call) for AMD GPUs: ids from intrinsics; sizes from the HSA dispatch packet (workgroup_size_{x,y,z}
; are u16 at offset 4, grid_size_{x,y,z} u32 at offset 12, in work-items); the barrier with
; workgroup fences; the dynamic LDS as a zero-sized external array placed after the static LDS; the
; warp operations. Named by the AMDGPU backend's target facts (backends/amdgpu/target.inc,
; .library) and linked into every module that uses the API, with its math
; (backends/amdgpu/device_math.ll, jit/intrinsic_math.ll). Everything is alwaysinline (#0), so
; that even at -O0 no call remains in a kernel; warp operations are convergent too (#1): no pass may
; make them depend on more or fewer lanes, even before they are inlined.
;
; The JIT links it as every device library (jit/compile.inc, offload__jit_link_text): parsed alone,
; given the module's triple and data layout, then linked in. Typed pointers, which LLVM 14 to 22
; all parse.

; offload_thread_id and offload_block_id (dim) read the intrinsic's .x, .y or .z; a dim other than
; 1 and 2 reads x.
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workitem.id.z()
define i32 @offload_thread_id(i32 %d) #0 {
  switch i32 %d, label %x [ i32 1, label %y
                            i32 2, label %z ]
x:
  %a = call i32 @llvm.amdgcn.workitem.id.x()
  ret i32 %a
y:
  %b = call i32 @llvm.amdgcn.workitem.id.y()
  ret i32 %b
z:
  %c = call i32 @llvm.amdgcn.workitem.id.z()
  ret i32 %c
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
declare i32 @llvm.amdgcn.workgroup.id.z()
define i32 @offload_block_id(i32 %d) #0 {
  switch i32 %d, label %x [ i32 1, label %y
                            i32 2, label %z ]
x:
  %a = call i32 @llvm.amdgcn.workgroup.id.x()
  ret i32 %a
y:
  %b = call i32 @llvm.amdgcn.workgroup.id.y()
  ret i32 %b
z:
  %c = call i32 @llvm.amdgcn.workgroup.id.z()
  ret i32 %c
}

; Sizes: the dispatch packet's workgroup_size (u16 at 4) and grid_size (u32 at 12, in work-items,
; so the grid's size in blocks rounds up).
declare i8 addrspace(4)* @llvm.amdgcn.dispatch.ptr()
define i32 @offload_block_dim(i32 %d) #0 {
  %p = call i8 addrspace(4)* @llvm.amdgcn.dispatch.ptr()
  %i = zext i32 %d to i64
  %o = shl i64 %i, 1
  %o4 = add i64 %o, 4
  %q = getelementptr inbounds i8, i8 addrspace(4)* %p, i64 %o4
  %q16 = bitcast i8 addrspace(4)* %q to i16 addrspace(4)*
  %v = load i16, i16 addrspace(4)* %q16, align 2
  %r = zext i16 %v to i32
  ret i32 %r
}

define i32 @offload_grid_dim(i32 %d) #0 {
  %p = call i8 addrspace(4)* @llvm.amdgcn.dispatch.ptr()
  %i = zext i32 %d to i64
  %o = shl i64 %i, 2
  %o12 = add i64 %o, 12
  %q = getelementptr inbounds i8, i8 addrspace(4)* %p, i64 %o12
  %q32 = bitcast i8 addrspace(4)* %q to i32 addrspace(4)*
  %items = load i32, i32 addrspace(4)* %q32, align 4
  %b = call i32 @offload_block_dim(i32 %d)
  %up = add i32 %items, %b
  %up1 = sub i32 %up, 1
  %r = udiv i32 %up1, %b
  ret i32 %r
}

declare void @llvm.amdgcn.s.barrier()
define void @offload_barrier() #0 {
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void
}

; The dynamic LDS: the linker places it after the static LDS.
@offload.lds = external addrspace(3) global [0 x i8], align 16
define i8* @offload_shared_memory() #0 {
  ret i8* addrspacecast (i8 addrspace(3)* getelementptr inbounds ([0 x i8], [0 x i8] addrspace(3)* @offload.lds, i32 0, i32 0) to i8*)
}

; Warp operations: a warp is the wavefront, 64 lanes or 32 (gfx10+ unless +wavefrontsize64), as
; llvm.amdgcn.wavefrontsize says once the target is known. Shuffles read through ds_bpermute (byte
; address = lane * 4) from a lane that offload.warp.source has already replaced by the caller's own
; when out of range. On wave32 a ballot is ballot.i32, zero-extended: LLVM 14 cannot select
; ballot.i64 there ("Cannot select: i64 = SETCC"); the select on the wave size folds before
; instruction selection, also at -O0.
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.wavefrontsize()
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.ballot.i32(i1)
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare void @llvm.amdgcn.wave.barrier()
define i32 @offload_lane_id() #0 {
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %r = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  ret i32 %r
}

define i32 @offload_warp_size() #0 {
  %r = call i32 @llvm.amdgcn.wavefrontsize()
  ret i32 %r
}

define i32 @offload.warp.source(i32 %v, i32 %l, i32 %j, i1 %in) #1 {
  %s = select i1 %in, i32 %j, i32 %l
  %a = shl i32 %s, 2
  %r = call i32 @llvm.amdgcn.ds.bpermute(i32 %a, i32 %v)
  ret i32 %r
}

define i32 @offload_shuffle(i32 %v, i32 %s) #1 {
  %w = call i32 @llvm.amdgcn.wavefrontsize()
  %w1 = sub i32 %w, 1
  %j = and i32 %s, %w1
  %a = shl i32 %j, 2
  %r = call i32 @llvm.amdgcn.ds.bpermute(i32 %a, i32 %v)
  ret i32 %r
}

define i32 @offload_shuffle_down(i32 %v, i32 %d) #1 {
  %w = call i32 @llvm.amdgcn.wavefrontsize()
  %l = call i32 @offload_lane_id()
  %room = sub i32 %w, %l
  %in = icmp ult i32 %d, %room
  %j = add i32 %l, %d
  %r = call i32 @offload.warp.source(i32 %v, i32 %l, i32 %j, i1 %in)
  ret i32 %r
}

define i32 @offload_shuffle_up(i32 %v, i32 %d) #1 {
  %w = call i32 @llvm.amdgcn.wavefrontsize()
  %l = call i32 @offload_lane_id()
  %in = icmp ule i32 %d, %l
  %j = sub i32 %l, %d
  %r = call i32 @offload.warp.source(i32 %v, i32 %l, i32 %j, i1 %in)
  ret i32 %r
}

define i32 @offload_shuffle_xor(i32 %v, i32 %d) #1 {
  %w = call i32 @llvm.amdgcn.wavefrontsize()
  %l = call i32 @offload_lane_id()
  %j = xor i32 %l, %d
  %in = icmp ult i32 %j, %w
  %r = call i32 @offload.warp.source(i32 %v, i32 %l, i32 %j, i1 %in)
  ret i32 %r
}

define i64 @offload.warp.ballot(i1 %b) #1 {
  %w = call i32 @llvm.amdgcn.wavefrontsize()
  %w32 = icmp eq i32 %w, 32
  %m32 = call i32 @llvm.amdgcn.ballot.i32(i1 %b)
  %z = zext i32 %m32 to i64
  %m64 = call i64 @llvm.amdgcn.ballot.i64(i1 %b)
  %r = select i1 %w32, i64 %z, i64 %m64
  ret i64 %r
}

define i64 @offload_ballot(i32 %p) #1 {
  %b = icmp ne i32 %p, 0
  %r = call i64 @offload.warp.ballot(i1 %b)
  ret i64 %r
}

define i32 @offload_any(i32 %p) #1 {
  %m = call i64 @offload_ballot(i32 %p)
  %a = icmp ne i64 %m, 0
  %r = zext i1 %a to i32
  ret i32 %r
}

define i32 @offload_all(i32 %p) #1 {
  %m = call i64 @offload_ballot(i32 %p)
  %e = call i64 @offload.warp.ballot(i1 true)
  %a = icmp eq i64 %m, %e
  %r = zext i1 %a to i32
  ret i32 %r
}

; The lanes of a wavefront run in lockstep, so wave.barrier emits no instruction: it and the
; workgroup fences around it (the block barrier's) keep the compiler from moving memory accesses
; across it and make stores before it visible to the other lanes' loads after it.
define void @offload_warp_barrier() #1 {
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("workgroup") acquire
  ret void
}

attributes #0 = { alwaysinline nounwind }
attributes #1 = { alwaysinline convergent nounwind }
