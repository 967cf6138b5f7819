; jit/cuda_host.ll — the library CUDA's NVPTX IR runs on, on the host device (jit/cuda_host.inc):
; offload.nvvm.<name> for each intrinsic llvm.nvvm.<name> the host can run, which the lowering
; calls instead, written over the device API (declared below; the host kernel compiler,
; jit/workgroup.inc, gives the ids, barriers and warp operations their meaning) and LLVM's generic
; intrinsics; and the CUDA runtime's device functions. The lowering takes an intrinsic exactly when
; this file defines its offload.nvvm name (offload__nvvm_library_has looks for the definition in
; the string), with the intrinsic's type (offload__nvvm_check_types).
; Functions are linkonce_odr, so that a link brings in only those a call refers to, and a second
; link (after libdevice arrives) adds what is new. Barrier and warp operations are convergent (#1).
;
; The JIT links it as a device library (jit/compile.inc, offload__jit_link_text): parsed alone,
; given the module's triple and data layout, then linked in. Typed pointers, which LLVM 14 to 22
; all parse.

; The device API, and what the library calls besides.
declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)
declare i32 @offload_grid_dim(i32)
declare void @offload_barrier()
declare void @offload_warp_barrier()
declare i32 @offload_lane_id()
declare i32 @offload_shuffle(i32, i32)
declare i64 @offload_ballot(i32)
declare i32 @offload_any(i32)
declare i32 @offload_all(i32)
; CUDA's warp operations with their member mask first (the host kernel compiler's, jit/workgroup.inc):
; the lanes that take part are those that reach the operation together, and a lane the mask names
; that has not returned must be one of them
declare void @offload.warp.sync(i32)
declare i32 @offload.shuffle.sync(i32, i32, i32)
declare i64 @offload.ballot.sync(i32, i32)
declare void @offload_abort(i8*)
declare void @offload.rpc.assert(i8*)
declare i32 @snprintf(i8*, i64, i8*, ...)
declare float @tanhf(float)
declare i64 @llvm.readcyclecounter()
declare float @llvm.sqrt.f32(float)
declare double @llvm.sqrt.f64(double)
declare float @llvm.fabs.f32(float)
declare double @llvm.fabs.f64(double)
declare float @llvm.floor.f32(float)
declare double @llvm.floor.f64(double)
declare float @llvm.ceil.f32(float)
declare double @llvm.ceil.f64(double)
declare float @llvm.trunc.f32(float)
declare double @llvm.trunc.f64(double)
declare float @llvm.rint.f32(float)
declare double @llvm.rint.f64(double)
declare float @llvm.exp2.f32(float)
declare double @llvm.exp2.f64(double)
declare float @llvm.log2.f32(float)
declare double @llvm.log2.f64(double)
declare double @llvm.exp.f64(double)
declare double @llvm.log.f64(double)
declare double @llvm.log10.f64(double)
declare double @exp10(double)
declare double @tanh(double)
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare float @llvm.minnum.f32(float, float)
declare double @llvm.minnum.f64(double, double)
declare float @llvm.maxnum.f32(float, float)
declare double @llvm.maxnum.f64(double, double)
declare float @llvm.fma.f32(float, float, float)
declare double @llvm.fma.f64(double, double, double)
declare i32 @llvm.fptosi.sat.i32.f32(float)
declare i16 @llvm.fptosi.sat.i16.f32(float)
declare i32 @llvm.fptoui.sat.i32.f32(float)
declare i64 @llvm.fptosi.sat.i64.f32(float)
declare i64 @llvm.fptoui.sat.i64.f32(float)
declare i32 @llvm.fptosi.sat.i32.f64(double)
declare i32 @llvm.fptoui.sat.i32.f64(double)
declare i64 @llvm.fptosi.sat.i64.f64(double)
declare i64 @llvm.fptoui.sat.i64.f64(double)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i64 @llvm.ctpop.i64(i64)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare i64 @llvm.bitreverse.i64(i64)

; ---- Geometry: the special registers
define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.tid.x() #0 {
  %r = call i32 @offload_thread_id(i32 0)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.tid.y() #0 {
  %r = call i32 @offload_thread_id(i32 1)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.tid.z() #0 {
  %r = call i32 @offload_thread_id(i32 2)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.ctaid.x() #0 {
  %r = call i32 @offload_block_id(i32 0)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.ctaid.y() #0 {
  %r = call i32 @offload_block_id(i32 1)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.ctaid.z() #0 {
  %r = call i32 @offload_block_id(i32 2)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.ntid.x() #0 {
  %r = call i32 @offload_block_dim(i32 0)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.ntid.y() #0 {
  %r = call i32 @offload_block_dim(i32 1)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.ntid.z() #0 {
  %r = call i32 @offload_block_dim(i32 2)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.nctaid.x() #0 {
  %r = call i32 @offload_grid_dim(i32 0)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.nctaid.y() #0 {
  %r = call i32 @offload_grid_dim(i32 1)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.nctaid.z() #0 {
  %r = call i32 @offload_grid_dim(i32 2)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.warpsize() #0 {
  ret i32 32
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.laneid() #0 {
  %r = call i32 @offload_lane_id()
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.lanemask.eq() #0 {
  %l = call i32 @offload_lane_id()
  %r = shl i32 1, %l
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.lanemask.lt() #0 {
  %l = call i32 @offload_lane_id()
  %b = shl i32 1, %l
  %r = sub i32 %b, 1
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.lanemask.le() #0 {
  %l = call i32 @offload_lane_id()
  %w = zext i32 %l to i64
  %s = shl i64 2, %w
  %m = sub i64 %s, 1
  %r = trunc i64 %m to i32
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.lanemask.gt() #0 {
  %le = call i32 @offload.nvvm.read.ptx.sreg.lanemask.le()
  %r = xor i32 %le, -1
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.lanemask.ge() #0 {
  %lt = call i32 @offload.nvvm.read.ptx.sreg.lanemask.lt()
  %r = xor i32 %lt, -1
  ret i32 %r
}

define linkonce_odr i64 @offload.nvvm.read.ptx.sreg.clock64() #0 {
  %r = call i64 @llvm.readcyclecounter()
  ret i64 %r
}

define linkonce_odr i32 @offload.nvvm.read.ptx.sreg.clock() #0 {
  %c = call i64 @llvm.readcyclecounter()
  %r = trunc i64 %c to i32
  ret i32 %r
}

; ---- Block barriers: only barrier 0 of the whole block (the lowering refuses other ids)
define linkonce_odr void @offload.nvvm.barrier0() #1 {
  call void @offload_barrier()
  ret void
}

define linkonce_odr void @offload.nvvm.barrier.sync(i32 %id) #1 {
  call void @offload_barrier()
  ret void
}

define linkonce_odr void @offload.nvvm.barrier.n(i32 %id) #1 {
  call void @offload_barrier()
  ret void
}

define linkonce_odr void @offload.nvvm.barrier.cta.sync.aligned.all(i32 %id) #1 {
  call void @offload_barrier()
  ret void
}

define linkonce_odr void @offload.nvvm.barrier.cta.sync.all(i32 %id) #1 {
  call void @offload_barrier()
  ret void
}

; __syncthreads_count & co.: a block-wide counter in shared memory, reset between the first two
; barriers and read after the third (the first keeps the previous call's readers from seeing the
; reset). Every thread still running resets it: any one of them, thread 0 included, may have
; returned, and the threads of a block run in turn on the host, so the same zero stored several
; times is no race.
@offload.nvvm.barrier.counter = internal addrspace(3) global i32 undef, align 4
define linkonce_odr i32 @offload.nvvm.barrier.count(i32 %v) #1 {
  call void @offload_barrier()
  store i32 0, i32 addrspace(3)* @offload.nvvm.barrier.counter, align 4
  call void @offload_barrier()
  %old = atomicrmw add i32 addrspace(3)* @offload.nvvm.barrier.counter, i32 %v monotonic
  call void @offload_barrier()
  %r = load i32, i32 addrspace(3)* @offload.nvvm.barrier.counter, align 4
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.barrier0.popc(i32 %p) #1 {
  %b = icmp ne i32 %p, 0
  %v = zext i1 %b to i32
  %r = call i32 @offload.nvvm.barrier.count(i32 %v)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.barrier0.and(i32 %p) #1 {
  %b = icmp eq i32 %p, 0
  %v = zext i1 %b to i32
  %n = call i32 @offload.nvvm.barrier.count(i32 %v)
  %a = icmp eq i32 %n, 0
  %r = zext i1 %a to i32
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.barrier0.or(i32 %p) #1 {
  %b = icmp ne i32 %p, 0
  %v = zext i1 %b to i32
  %n = call i32 @offload.nvvm.barrier.count(i32 %v)
  %a = icmp ne i32 %n, 0
  %r = zext i1 %a to i32
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.barrier.cta.red.popc.aligned.all(i32 %id, i1 %p) #1 {
  %v = zext i1 %p to i32
  %r = call i32 @offload.nvvm.barrier.count(i32 %v)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.barrier.cta.red.popc.all(i32 %id, i1 %p) #1 {
  %v = zext i1 %p to i32
  %r = call i32 @offload.nvvm.barrier.count(i32 %v)
  ret i32 %r
}

define linkonce_odr i1 @offload.nvvm.barrier.cta.red.and.aligned.all(i32 %id, i1 %p) #1 {
  %q = xor i1 %p, true
  %v = zext i1 %q to i32
  %n = call i32 @offload.nvvm.barrier.count(i32 %v)
  %r = icmp eq i32 %n, 0
  ret i1 %r
}

define linkonce_odr i1 @offload.nvvm.barrier.cta.red.and.all(i32 %id, i1 %p) #1 {
  %r = call i1 @offload.nvvm.barrier.cta.red.and.aligned.all(i32 %id, i1 %p)
  ret i1 %r
}

define linkonce_odr i1 @offload.nvvm.barrier.cta.red.or.aligned.all(i32 %id, i1 %p) #1 {
  %v = zext i1 %p to i32
  %n = call i32 @offload.nvvm.barrier.count(i32 %v)
  %r = icmp ne i32 %n, 0
  ret i1 %r
}

define linkonce_odr i1 @offload.nvvm.barrier.cta.red.or.all(i32 %id, i1 %p) #1 {
  %r = call i1 @offload.nvvm.barrier.cta.red.or.aligned.all(i32 %id, i1 %p)
  ret i1 %r
}

; ---- Fences: a block runs on one thread of the host, blocks on several
define linkonce_odr void @offload.nvvm.membar.cta() #0 {
  fence seq_cst
  ret void
}

define linkonce_odr void @offload.nvvm.membar.gl() #0 {
  fence seq_cst
  ret void
}

define linkonce_odr void @offload.nvvm.membar.sys() #0 {
  fence seq_cst
  ret void
}

define linkonce_odr void @offload.nvvm.fence.sc.cta() #0 {
  fence seq_cst
  ret void
}

; ---- Warp operations (the host's warp: 32 threads of consecutive linear id)
define linkonce_odr void @offload.nvvm.bar.warp.sync(i32 %mask) #1 {
  call void @offload.warp.sync(i32 %mask)
  ret void
}

; shfl.sync's source lane as PTX defines it (mode: 0 idx, 1 up, 2 down, 3 bfly): c holds the
; segment mask (bits 12:8) and the clamp (4:0); a source outside [minLane, maxLane] gives the
; caller's own value. With it, whether the source was inside (PTX's predicate output).
define linkonce_odr { i32, i1 } @offload.nvvm.shfl.source.checked(i32 %mode, i32 %b, i32 %c) #0 {
entry:
  %lane = call i32 @offload_lane_id()
  %bv = and i32 %b, 31
  %cv = and i32 %c, 31
  %s8 = lshr i32 %c, 8
  %seg = and i32 %s8, 31
  %min = and i32 %lane, %seg
  %nseg = xor i32 %seg, -1
  %cm = and i32 %cv, %nseg
  %max = or i32 %min, %cm
  switch i32 %mode, label %idx [ i32 1, label %up
 i32 2, label %down
 i32 3, label %bfly ]
idx:
  %bi = and i32 %bv, %nseg
  %ji = or i32 %min, %bi
  %pi = icmp sle i32 %ji, %max
  br label %done
up:
  %ju = sub i32 %lane, %bv
  %pu = icmp sge i32 %ju, %max
  br label %done
down:
  %jd = add i32 %lane, %bv
  %pd = icmp sle i32 %jd, %max
  br label %done
bfly:
  %jb = xor i32 %lane, %bv
  %pb = icmp sle i32 %jb, %max
  br label %done
done:
  %j = phi i32 [ %ji, %idx ], [ %ju, %up ], [ %jd, %down ], [ %jb, %bfly ]
  %p = phi i1 [ %pi, %idx ], [ %pu, %up ], [ %pd, %down ], [ %pb, %bfly ]
  %source = select i1 %p, i32 %j, i32 %lane
  %with = insertvalue { i32, i1 } undef, i32 %source, 0
  %r = insertvalue { i32, i1 } %with, i1 %p, 1
  ret { i32, i1 } %r
}

define linkonce_odr i32 @offload.nvvm.shfl.source(i32 %mode, i32 %b, i32 %c) #0 {
  %checked = call { i32, i1 } @offload.nvvm.shfl.source.checked(i32 %mode, i32 %b, i32 %c)
  %r = extractvalue { i32, i1 } %checked, 0
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.shfl.sync.idx.i32(i32 %m, i32 %v, i32 %b, i32 %c) #1 {
  %j = call i32 @offload.nvvm.shfl.source(i32 0, i32 %b, i32 %c)
  %r = call i32 @offload.shuffle.sync(i32 %m, i32 %v, i32 %j)
  ret i32 %r
}

define linkonce_odr float @offload.nvvm.shfl.sync.idx.f32(i32 %m, float %v, i32 %b, i32 %c) #1 {
  %i = bitcast float %v to i32
  %s = call i32 @offload.nvvm.shfl.sync.idx.i32(i32 %m, i32 %i, i32 %b, i32 %c)
  %r = bitcast i32 %s to float
  ret float %r
}

define linkonce_odr i32 @offload.nvvm.shfl.sync.up.i32(i32 %m, i32 %v, i32 %b, i32 %c) #1 {
  %j = call i32 @offload.nvvm.shfl.source(i32 1, i32 %b, i32 %c)
  %r = call i32 @offload.shuffle.sync(i32 %m, i32 %v, i32 %j)
  ret i32 %r
}

define linkonce_odr float @offload.nvvm.shfl.sync.up.f32(i32 %m, float %v, i32 %b, i32 %c) #1 {
  %i = bitcast float %v to i32
  %s = call i32 @offload.nvvm.shfl.sync.up.i32(i32 %m, i32 %i, i32 %b, i32 %c)
  %r = bitcast i32 %s to float
  ret float %r
}

define linkonce_odr i32 @offload.nvvm.shfl.sync.down.i32(i32 %m, i32 %v, i32 %b, i32 %c) #1 {
  %j = call i32 @offload.nvvm.shfl.source(i32 2, i32 %b, i32 %c)
  %r = call i32 @offload.shuffle.sync(i32 %m, i32 %v, i32 %j)
  ret i32 %r
}

define linkonce_odr float @offload.nvvm.shfl.sync.down.f32(i32 %m, float %v, i32 %b, i32 %c) #1 {
  %i = bitcast float %v to i32
  %s = call i32 @offload.nvvm.shfl.sync.down.i32(i32 %m, i32 %i, i32 %b, i32 %c)
  %r = bitcast i32 %s to float
  ret float %r
}

define linkonce_odr i32 @offload.nvvm.shfl.sync.bfly.i32(i32 %m, i32 %v, i32 %b, i32 %c) #1 {
  %j = call i32 @offload.nvvm.shfl.source(i32 3, i32 %b, i32 %c)
  %r = call i32 @offload.shuffle.sync(i32 %m, i32 %v, i32 %j)
  ret i32 %r
}

define linkonce_odr float @offload.nvvm.shfl.sync.bfly.f32(i32 %m, float %v, i32 %b, i32 %c) #1 {
  %i = bitcast float %v to i32
  %s = call i32 @offload.nvvm.shfl.sync.bfly.i32(i32 %m, i32 %i, i32 %b, i32 %c)
  %r = bitcast i32 %s to float
  ret float %r
}

; The votes of the lanes in the mask %m (the other lanes' predicates do not count: a tile of a
; warp votes with its own lanes, as cooperative_groups.h does): the ballot's bits outside it are
; 0; all and uni take the lanes of the mask that take part.
define linkonce_odr i32 @offload.nvvm.vote.ballot.sync(i32 %m, i1 %p) #1 {
  %v = zext i1 %p to i32
  %b = call i64 @offload.ballot.sync(i32 %m, i32 %v)
  %w = trunc i64 %b to i32
  %r = and i32 %w, %m
  ret i32 %r
}

define linkonce_odr i1 @offload.nvvm.vote.any.sync(i32 %m, i1 %p) #1 {
  %b = call i32 @offload.nvvm.vote.ballot.sync(i32 %m, i1 %p)
  %r = icmp ne i32 %b, 0
  ret i1 %r
}

define linkonce_odr i1 @offload.nvvm.vote.all.sync(i32 %m, i1 %p) #1 {
  %b = call i32 @offload.nvvm.vote.ballot.sync(i32 %m, i1 %p)
  %lanes = call i32 @offload.nvvm.vote.ballot.sync(i32 %m, i1 true)
  %r = icmp eq i32 %b, %lanes
  ret i1 %r
}

define linkonce_odr i1 @offload.nvvm.vote.uni.sync(i32 %m, i1 %p) #1 {
  %b = call i32 @offload.nvvm.vote.ballot.sync(i32 %m, i1 %p)
  %lanes = call i32 @offload.nvvm.vote.ballot.sync(i32 %m, i1 true)
  %all = icmp eq i32 %b, %lanes
  %none = icmp eq i32 %b, 0
  %r = or i1 %all, %none
  ret i1 %r
}

; the votes without a mask (before sm_70; clang 14 still writes vote.ballot for __activemask)
define linkonce_odr i1 @offload.nvvm.vote.any(i1 %p) #1 {
  %r = call i1 @offload.nvvm.vote.any.sync(i32 -1, i1 %p)
  ret i1 %r
}

define linkonce_odr i1 @offload.nvvm.vote.all(i1 %p) #1 {
  %r = call i1 @offload.nvvm.vote.all.sync(i32 -1, i1 %p)
  ret i1 %r
}

define linkonce_odr i1 @offload.nvvm.vote.uni(i1 %p) #1 {
  %r = call i1 @offload.nvvm.vote.uni.sync(i32 -1, i1 %p)
  ret i1 %r
}

define linkonce_odr i32 @offload.nvvm.vote.ballot(i1 %p) #1 {
  %r = call i32 @offload.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  ret i32 %r
}

; the lanes that reach it together (an empty mask: it needs none)
define linkonce_odr i32 @offload.nvvm.activemask() #1 {
  %b = call i64 @offload.ballot.sync(i32 0, i32 1)
  %r = trunc i64 %b to i32
  ret i32 %r
}

; match.sync: the lanes of the mask %m holding the same value, one shuffle per lane
define linkonce_odr i32 @offload.nvvm.match.mask(i32 %m, i64 %v) #1 {
entry:
  %lo = trunc i64 %v to i32
  %h = lshr i64 %v, 32
  %hi = trunc i64 %h to i32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc2, %loop ]
  %l = call i32 @offload.shuffle.sync(i32 %m, i32 %lo, i32 %i)
  %u = call i32 @offload.shuffle.sync(i32 %m, i32 %hi, i32 %i)
  %el = icmp eq i32 %l, %lo
  %eu = icmp eq i32 %u, %hi
  %e = and i1 %el, %eu
  %bit = shl i32 1, %i
  %sel = select i1 %e, i32 %bit, i32 0
  %acc2 = or i32 %acc, %sel
  %n = add i32 %i, 1
  %end = icmp eq i32 %n, 32
  br i1 %end, label %done, label %loop
done:
  %lanes = call i32 @offload.nvvm.activemask()
  %r = and i32 %acc2, %lanes
  ret i32 %r
}

; match.any and match.all count the lanes of the mask only, as the votes do.
define linkonce_odr i32 @offload.nvvm.match.any.sync.i32(i32 %m, i32 %v) #1 {
  %w = zext i32 %v to i64
  %r = call i32 @offload.nvvm.match.any.sync.i64(i32 %m, i64 %w)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.match.any.sync.i64(i32 %m, i64 %v) #1 {
  %same = call i32 @offload.nvvm.match.mask(i32 %m, i64 %v)
  %r = and i32 %same, %m
  ret i32 %r
}

define linkonce_odr { i32, i1 } @offload.nvvm.match.all.sync.i32p(i32 %m, i32 %v) #1 {
  %w = zext i32 %v to i64
  %everywhere = call i32 @offload.nvvm.match.mask(i32 %m, i64 %w)
  %same = and i32 %everywhere, %m
  %lanes = call i32 @offload.nvvm.vote.ballot.sync(i32 %m, i1 true)
  %all = icmp eq i32 %same, %lanes
  %mask = select i1 %all, i32 %lanes, i32 0
  %a = insertvalue { i32, i1 } undef, i32 %mask, 0
  %r = insertvalue { i32, i1 } %a, i1 %all, 1
  ret { i32, i1 } %r
}

define linkonce_odr { i32, i1 } @offload.nvvm.match.all.sync.i64p(i32 %m, i64 %v) #1 {
  %w = add i64 %v, 0
  %everywhere = call i32 @offload.nvvm.match.mask(i32 %m, i64 %w)
  %same = and i32 %everywhere, %m
  %lanes = call i32 @offload.nvvm.vote.ballot.sync(i32 %m, i1 true)
  %all = icmp eq i32 %same, %lanes
  %mask = select i1 %all, i32 %lanes, i32 0
  %a = insertvalue { i32, i1 } undef, i32 %mask, 0
  %r = insertvalue { i32, i1 } %a, i1 %all, 1
  ret { i32, i1 } %r
}

; ---- Atomics the lowering cannot write as one instruction: inc and dec wrap at v (CUDA's
; atomicInc: old >= v ? 0 : old + 1; atomicDec: old == 0 || old > v ? v : old - 1)
define linkonce_odr i32 @offload.nvvm.atomic.load.inc.32(i32* %p, i32 %v) #0 {
entry:
  %init = load atomic i32, i32* %p monotonic, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %wrap = icmp uge i32 %old, %v
  %up = add i32 %old, 1
  %new = select i1 %wrap, i32 0, i32 %up
  %pair = cmpxchg i32* %p, i32 %old, i32 %new monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret i32 %old
}

define linkonce_odr i32 @offload.nvvm.atomic.load.dec.32(i32* %p, i32 %v) #0 {
entry:
  %init = load atomic i32, i32* %p monotonic, align 4
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %zero = icmp eq i32 %old, 0
  %above = icmp ugt i32 %old, %v
  %wrap = or i1 %zero, %above
  %down = sub i32 %old, 1
  %new = select i1 %wrap, i32 %v, i32 %down
  %pair = cmpxchg i32* %p, i32 %old, i32 %new monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret i32 %old
}

; ---- Math: what libdevice's bodies and clang's builtins use. Approximations run as the exact
; operation, flush-to-zero (.ftz) forms without flushing.
define linkonce_odr float @offload.nvvm.fabs.f(float %x) #0 {
  %r = call float @llvm.fabs.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fabs.ftz.f(float %x) #0 {
  %r = call float @llvm.fabs.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.fabs.d(double %x) #0 {
  %r = call double @llvm.fabs.f64(double %x)
  ret double %r
}

define linkonce_odr float @offload.nvvm.floor.f(float %x) #0 {
  %r = call float @llvm.floor.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.floor.ftz.f(float %x) #0 {
  %r = call float @llvm.floor.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.floor.d(double %x) #0 {
  %r = call double @llvm.floor.f64(double %x)
  ret double %r
}

define linkonce_odr float @offload.nvvm.ceil.f(float %x) #0 {
  %r = call float @llvm.ceil.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ceil.ftz.f(float %x) #0 {
  %r = call float @llvm.ceil.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.ceil.d(double %x) #0 {
  %r = call double @llvm.ceil.f64(double %x)
  ret double %r
}

define linkonce_odr float @offload.nvvm.trunc.f(float %x) #0 {
  %r = call float @llvm.trunc.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.trunc.ftz.f(float %x) #0 {
  %r = call float @llvm.trunc.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.trunc.d(double %x) #0 {
  %r = call double @llvm.trunc.f64(double %x)
  ret double %r
}

; round is cvt.rni: to the nearest integer, ties to even
define linkonce_odr float @offload.nvvm.round.f(float %x) #0 {
  %r = call float @llvm.rint.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.round.ftz.f(float %x) #0 {
  %r = call float @llvm.rint.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.round.d(double %x) #0 {
  %r = call double @llvm.rint.f64(double %x)
  ret double %r
}

define linkonce_odr float @offload.nvvm.sqrt.rn.f(float %x) #0 {
  %r = call float @llvm.sqrt.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.rn.ftz.f(float %x) #0 {
  %r = call float @llvm.sqrt.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.sqrt.rn.d(double %x) #0 {
  %r = call double @llvm.sqrt.f64(double %x)
  ret double %r
}

define linkonce_odr float @offload.nvvm.sqrt.f(float %x) #0 {
  %r = call float @llvm.sqrt.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.approx.f(float %x) #0 {
  %r = call float @llvm.sqrt.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.approx.ftz.f(float %x) #0 {
  %r = call float @llvm.sqrt.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.rsqrt.approx.f(float %x) #0 {
  %s = call float @llvm.sqrt.f32(float %x)
  %r = fdiv float 1.0, %s
  ret float %r
}

define linkonce_odr float @offload.nvvm.rsqrt.approx.ftz.f(float %x) #0 {
  %s = call float @llvm.sqrt.f32(float %x)
  %r = fdiv float 1.0, %s
  ret float %r
}

define linkonce_odr double @offload.nvvm.rsqrt.approx.d(double %x) #0 {
  %s = call double @llvm.sqrt.f64(double %x)
  %r = fdiv double 1.0, %s
  ret double %r
}

define linkonce_odr double @offload.nvvm.rsqrt.approx.ftz.d(double %x) #0 {
  %s = call double @llvm.sqrt.f64(double %x)
  %r = fdiv double 1.0, %s
  ret double %r
}

define linkonce_odr float @offload.nvvm.rcp.rn.f(float %x) #0 {
  %r = fdiv float 1.0, %x
  ret float %r
}

define linkonce_odr float @offload.nvvm.rcp.rn.ftz.f(float %x) #0 {
  %r = fdiv float 1.0, %x
  ret float %r
}

define linkonce_odr double @offload.nvvm.rcp.rn.d(double %x) #0 {
  %r = fdiv double 1.0, %x
  ret double %r
}

define linkonce_odr float @offload.nvvm.rcp.approx.ftz.f(float %x) #0 {
  %r = fdiv float 1.0, %x
  ret float %r
}

define linkonce_odr double @offload.nvvm.rcp.approx.ftz.d(double %x) #0 {
  %r = fdiv double 1.0, %x
  ret double %r
}

define linkonce_odr float @offload.nvvm.ex2.approx.f(float %x) #0 {
  %r = call float @llvm.exp2.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ex2.approx.ftz.f(float %x) #0 {
  %r = call float @llvm.exp2.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.ex2.approx.d(double %x) #0 {
  %r = call double @llvm.exp2.f64(double %x)
  ret double %r
}

define linkonce_odr float @offload.nvvm.lg2.approx.f(float %x) #0 {
  %r = call float @llvm.log2.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.lg2.approx.ftz.f(float %x) #0 {
  %r = call float @llvm.log2.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.lg2.approx.d(double %x) #0 {
  %r = call double @llvm.log2.f64(double %x)
  ret double %r
}

; the names LLVM 20 and later give some of them (typed like the generic intrinsics)
define linkonce_odr float @offload.nvvm.ex2.approx.f32(float %x) #0 {
  %r = call float @llvm.exp2.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ex2.approx.ftz.f32(float %x) #0 {
  %r = call float @llvm.exp2.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fabs.f32(float %x) #0 {
  %r = call float @llvm.fabs.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fabs.ftz.f32(float %x) #0 {
  %r = call float @llvm.fabs.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.fabs.f64(double %x) #0 {
  %r = call double @llvm.fabs.f64(double %x)
  ret double %r
}

define linkonce_odr float @offload.nvvm.sin.approx.f(float %x) #0 {
  %r = call float @llvm.sin.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sin.approx.ftz.f(float %x) #0 {
  %r = call float @llvm.sin.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.cos.approx.f(float %x) #0 {
  %r = call float @llvm.cos.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.cos.approx.ftz.f(float %x) #0 {
  %r = call float @llvm.cos.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.tanh.approx.f32(float %x) #0 {
  %r = call float @tanhf(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.saturate.f(float %x) #0 {
  %r = call float @offload.nvvm.clamp01.f32(float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.saturate.ftz.f(float %x) #0 {
  %r = call float @offload.nvvm.clamp01.f32(float %x)
  ret float %r
}

define linkonce_odr double @offload.nvvm.saturate.d(double %x) #0 {
  %r = call double @offload.nvvm.clamp01.f64(double %x)
  ret double %r
}

define linkonce_odr float @offload.nvvm.clamp01.f32(float %x) #0 {
  %a = call float @llvm.maxnum.f32(float %x, float 0.0)
  %r = call float @llvm.minnum.f32(float %a, float 1.0)
  ret float %r
}

define linkonce_odr double @offload.nvvm.clamp01.f64(double %x) #0 {
  %a = call double @llvm.maxnum.f64(double %x, double 0.0)
  %r = call double @llvm.minnum.f64(double %a, double 1.0)
  ret double %r
}

define linkonce_odr float @offload.nvvm.fmin.f(float %x, float %y) #0 {
  %r = call float @llvm.minnum.f32(float %x, float %y)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fmin.ftz.f(float %x, float %y) #0 {
  %r = call float @llvm.minnum.f32(float %x, float %y)
  ret float %r
}

define linkonce_odr double @offload.nvvm.fmin.d(double %x, double %y) #0 {
  %r = call double @llvm.minnum.f64(double %x, double %y)
  ret double %r
}

define linkonce_odr float @offload.nvvm.fmax.f(float %x, float %y) #0 {
  %r = call float @llvm.maxnum.f32(float %x, float %y)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fmax.ftz.f(float %x, float %y) #0 {
  %r = call float @llvm.maxnum.f32(float %x, float %y)
  ret float %r
}

define linkonce_odr double @offload.nvvm.fmax.d(double %x, double %y) #0 {
  %r = call double @llvm.maxnum.f64(double %x, double %y)
  ret double %r
}

define linkonce_odr float @offload.nvvm.add.rn.f(float %x, float %y) #0 {
  %r = fadd float %x, %y
  ret float %r
}

define linkonce_odr float @offload.nvvm.add.rn.ftz.f(float %x, float %y) #0 {
  %r = fadd float %x, %y
  ret float %r
}

define linkonce_odr double @offload.nvvm.add.rn.d(double %x, double %y) #0 {
  %r = fadd double %x, %y
  ret double %r
}

define linkonce_odr float @offload.nvvm.mul.rn.f(float %x, float %y) #0 {
  %r = fmul float %x, %y
  ret float %r
}

define linkonce_odr float @offload.nvvm.mul.rn.ftz.f(float %x, float %y) #0 {
  %r = fmul float %x, %y
  ret float %r
}

define linkonce_odr double @offload.nvvm.mul.rn.d(double %x, double %y) #0 {
  %r = fmul double %x, %y
  ret double %r
}

define linkonce_odr float @offload.nvvm.div.rn.f(float %x, float %y) #0 {
  %r = fdiv float %x, %y
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.rn.ftz.f(float %x, float %y) #0 {
  %r = fdiv float %x, %y
  ret float %r
}

define linkonce_odr double @offload.nvvm.div.rn.d(double %x, double %y) #0 {
  %r = fdiv double %x, %y
  ret double %r
}

define linkonce_odr float @offload.nvvm.div.approx.f(float %x, float %y) #0 {
  %r = fdiv float %x, %y
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.approx.ftz.f(float %x, float %y) #0 {
  %r = fdiv float %x, %y
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.full(float %x, float %y) #0 {
  %r = fdiv float %x, %y
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.full.ftz(float %x, float %y) #0 {
  %r = fdiv float %x, %y
  ret float %r
}

define linkonce_odr float @offload.nvvm.fma.rn.f(float %x, float %y, float %z) #0 {
  %r = call float @llvm.fma.f32(float %x, float %y, float %z)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fma.rn.ftz.f(float %x, float %y, float %z) #0 {
  %r = call float @llvm.fma.f32(float %x, float %y, float %z)
  ret float %r
}

define linkonce_odr double @offload.nvvm.fma.rn.d(double %x, double %y, double %z) #0 {
  %r = call double @llvm.fma.f64(double %x, double %y, double %z)
  ret double %r
}

; ---- Directed rounding (.rz, .rm, .rp): the exact result is s + e, s rounded to nearest and e
; its error (only e's sign is used), found without rounding: in double for float operands (a
; product of floats is exact there; TwoSum makes a sum exact), through fma residuals for quotients
; and square roots; then the float (or double) next to s in the wanted direction. One gap: a double
; product or quotient below 2^-1022 (the subnormal doubles) can have a residual below the smallest
; subnormal, which then reads as zero, and the result is rounded to nearest. Float operations are
; exact everywhere.
;
; nudge.<f|d>(f, down, up): the float or double next to f towards -inf (down) or +inf (up), or f
define linkonce_odr float @offload.nvvm.nudge.f(float %f, i1 %down, i1 %up) #0 {
  %bits = bitcast float %f to i32
  %neg = icmp slt i32 %bits, 0
  %zero = fcmp oeq float %f, 0.0
  %dec = sub i32 %bits, 1
  %inc = add i32 %bits, 1
  %dn0 = select i1 %neg, i32 %inc, i32 %dec
  %dn = select i1 %zero, i32 -2147483647, i32 %dn0
  %up0 = select i1 %neg, i32 %dec, i32 %inc
  %upb = select i1 %zero, i32 1, i32 %up0
  %r0 = select i1 %down, i32 %dn, i32 %bits
  %r1 = select i1 %up, i32 %upb, i32 %r0
  %r = bitcast i32 %r1 to float
  ret float %r
}

define linkonce_odr double @offload.nvvm.nudge.d(double %f, i1 %down, i1 %up) #0 {
  %bits = bitcast double %f to i64
  %neg = icmp slt i64 %bits, 0
  %zero = fcmp oeq double %f, 0.0
  %dec = sub i64 %bits, 1
  %inc = add i64 %bits, 1
  %dn0 = select i1 %neg, i64 %inc, i64 %dec
  %dn = select i1 %zero, i64 -9223372036854775807, i64 %dn0
  %up0 = select i1 %neg, i64 %dec, i64 %inc
  %upb = select i1 %zero, i64 1, i64 %up0
  %r0 = select i1 %down, i64 %dn, i64 %bits
  %r1 = select i1 %up, i64 %upb, i64 %r0
  %r = bitcast i64 %r1 to double
  ret double %r
}

; directed.<f|d>(s, e, mode, sn): s in the direction of mode (0 towards zero, 1 down, 2 up), from e,
; s's error (its sign), and sn, the operation on the negated operands (or -s where the sign of a
; zero result does not depend on the rounding): f is s rounded, above/below say whether f lies above
; or below the exact value, neg whether that is negative; an exact zero is -0 when rounding down, as
; -sn gives
define linkonce_odr float @offload.nvvm.directed.f(double %s, double %e, i32 %mode, double %sn) #0 {
  %f = fptrunc double %s to float
  %fd = fpext float %f to double
  %snf = fptrunc double %sn to float
  %negzero = fneg float %snf
  %gt = fcmp ogt double %fd, %s
  %lt = fcmp olt double %fd, %s
  %eq = fcmp oeq double %fd, %s
  %en = fcmp olt double %e, 0.0
  %ep = fcmp ogt double %e, 0.0
  %a0 = and i1 %eq, %en
  %above = or i1 %gt, %a0
  %b0 = and i1 %eq, %ep
  %below = or i1 %lt, %b0
  %sbits = bitcast double %s to i64
  %neg = icmp slt i64 %sbits, 0
  %rz = icmp eq i32 %mode, 0
  %rm = icmp eq i32 %mode, 1
  %rp = icmp eq i32 %mode, 2
  %notneg = xor i1 %neg, true
  %zd = and i1 %rz, %notneg
  %wantdown = or i1 %rm, %zd
  %zu = and i1 %rz, %neg
  %wantup = or i1 %rp, %zu
  %down = and i1 %wantdown, %above
  %up = and i1 %wantup, %below
  %nudged = call float @offload.nvvm.nudge.f(float %f, i1 %down, i1 %up)
  %zs = fcmp oeq double %s, 0.0
  %ze = fcmp oeq double %e, 0.0
  %zero = and i1 %zs, %ze
  %rmz = and i1 %rm, %zero
  %r = select i1 %rmz, float %negzero, float %nudged
  ret float %r
}

define linkonce_odr double @offload.nvvm.directed.d(double %s, double %e, i32 %mode, double %sn) #0 {
  %f = fadd double %s, -0.0
  %negzero = fneg double %sn
  %mag = call double @llvm.fabs.f64(double %s)
  %inf = fcmp oeq double %mag, 0x7FF0000000000000
  %enan = fcmp uno double %e, %e
  %over = and i1 %inf, %enan
  %sbits = bitcast double %s to i64
  %neg = icmp slt i64 %sbits, 0
  %pos = fcmp ogt double %s, 0.0
  %en = fcmp olt double %e, 0.0
  %ep = fcmp ogt double %e, 0.0
  %oa = and i1 %over, %pos
  %above = or i1 %en, %oa
  %ob = and i1 %over, %neg
  %below = or i1 %ep, %ob
  %rz = icmp eq i32 %mode, 0
  %rm = icmp eq i32 %mode, 1
  %rp = icmp eq i32 %mode, 2
  %notneg = xor i1 %neg, true
  %zd = and i1 %rz, %notneg
  %wantdown = or i1 %rm, %zd
  %zu = and i1 %rz, %neg
  %wantup = or i1 %rp, %zu
  %down = and i1 %wantdown, %above
  %up = and i1 %wantup, %below
  %nudged = call double @offload.nvvm.nudge.d(double %f, i1 %down, i1 %up)
  %zs = fcmp oeq double %s, 0.0
  %ze = fcmp oeq double %e, 0.0
  %zero = and i1 %zs, %ze
  %rmz = and i1 %rm, %zero
  %r = select i1 %rmz, double %negzero, double %nudged
  ret double %r
}

; the sign of a residual r of a quotient by y, as an error term; a NaN residual comes from a zero
; or infinite operand, whose quotient is exact
define linkonce_odr double @offload.nvvm.residual.sign(double %r, double %y) #0 {
  %rn = fcmp olt double %r, 0.0
  %yn = fcmp olt double %y, 0.0
  %n = xor i1 %rn, %yn
  %z = fcmp ueq double %r, 0.0
  %m = select i1 %n, double -1.0, double 1.0
  %e = select i1 %z, double 0.0, double %m
  ret double %e
}

; whether x and y are finite: a sum or product of doubles that reached infinity overflowed only
; when the operands were finite (then TwoSum's or the fma's error is NaN, which directed.d reads as
; overflow)
define linkonce_odr i1 @offload.nvvm.finite2(double %x, double %y) #0 {
  %ax = call double @llvm.fabs.f64(double %x)
  %ay = call double @llvm.fabs.f64(double %y)
  %fx = fcmp olt double %ax, 0x7FF0000000000000
  %fy = fcmp olt double %ay, 0x7FF0000000000000
  %r = and i1 %fx, %fy
  ret i1 %r
}

; Each directed mode, towards zero (.rz, mode 0), then down (.rm, 1), then up (.rp, 2): add, mul,
; fma, div, rcp and sqrt of floats (with and without .ftz) and of doubles, d2f, i2f and ui2f.
define linkonce_odr float @offload.nvvm.add.rz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fadd double %xd, %yd
  %bb = fsub double %s, %xd
  %sb = fsub double %s, %bb
  %ea = fsub double %xd, %sb
  %eb = fsub double %yd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %xd
  %nb = fneg double %yd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.add.rz.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fadd double %xd, %yd
  %bb = fsub double %s, %xd
  %sb = fsub double %s, %bb
  %ea = fsub double %xd, %sb
  %eb = fsub double %yd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %xd
  %nb = fneg double %yd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.mul.rz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fmul double %xd, %yd
  %e = fadd double 0.0, 0.0
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.mul.rz.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fmul double %xd, %yd
  %e = fadd double 0.0, 0.0
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fma.rz.f(float %x, float %y, float %z) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %zd = fpext float %z to double
  %p = fmul double %xd, %yd
  %s = fadd double %p, %zd
  %bb = fsub double %s, %p
  %sb = fsub double %s, %bb
  %ea = fsub double %p, %sb
  %eb = fsub double %zd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %p
  %nb = fneg double %zd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fma.rz.ftz.f(float %x, float %y, float %z) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %zd = fpext float %z to double
  %p = fmul double %xd, %yd
  %s = fadd double %p, %zd
  %bb = fsub double %s, %p
  %sb = fsub double %s, %bb
  %ea = fsub double %p, %sb
  %eb = fsub double %zd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %p
  %nb = fneg double %zd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.rz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fdiv double %xd, %yd
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %yd, double %xd)
  %e = call double @offload.nvvm.residual.sign(double %res, double %yd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.rz.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fdiv double %xd, %yd
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %yd, double %xd)
  %e = call double @offload.nvvm.residual.sign(double %res, double %yd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.rcp.rz.f(float %x) #0 {
  %r = call float @offload.nvvm.div.rz.f(float 1.0, float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.rcp.rz.ftz.f(float %x) #0 {
  %r = call float @offload.nvvm.div.rz.f(float 1.0, float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.rz.f(float %x) #0 {
  %xd = fpext float %x to double
  %s = call double @llvm.sqrt.f64(double %xd)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %xd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.rz.ftz.f(float %x) #0 {
  %xd = fpext float %x to double
  %s = call double @llvm.sqrt.f64(double %xd)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %xd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 0, double %sn)
  ret float %r
}

define linkonce_odr double @offload.nvvm.add.rz.d(double %x, double %y) #0 {
  %s = fadd double %x, %y
  %bb = fsub double %s, %x
  %sb = fsub double %s, %bb
  %ea = fsub double %x, %sb
  %eb = fsub double %y, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %x
  %nb = fneg double %y
  %sn = fadd double %na, %nb
  %fin = call i1 @offload.nvvm.finite2(double %x, double %y)
  %ef = select i1 %fin, double %e, double 0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %ef, i32 0, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.mul.rz.d(double %x, double %y) #0 {
  %s = fmul double %x, %y
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %x, double %y, double %ns)
  %sn = fadd double %ns, -0.0
  %fin = call i1 @offload.nvvm.finite2(double %x, double %y)
  %ef = select i1 %fin, double %e, double 0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %ef, i32 0, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.div.rz.d(double %x, double %y) #0 {
  %s = fdiv double %x, %y
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %y, double %x)
  %e = call double @offload.nvvm.residual.sign(double %res, double %y)
  %sn = fneg double %s
  %r = call double @offload.nvvm.directed.d(double %s, double %e, i32 0, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.rcp.rz.d(double %x) #0 {
  %r = call double @offload.nvvm.div.rz.d(double 1.0, double %x)
  ret double %r
}

define linkonce_odr double @offload.nvvm.sqrt.rz.d(double %x) #0 {
  %s = call double @llvm.sqrt.f64(double %x)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %x)
  %sn = fadd double %ns, -0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %e, i32 0, double %sn)
  ret double %r
}

define linkonce_odr float @offload.nvvm.d2f.rz(double %x) #0 {
  %n = fneg double %x
  %r = call float @offload.nvvm.directed.f(double %x, double 0.0, i32 0, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.d2f.rz.ftz(double %x) #0 {
  %n = fneg double %x
  %r = call float @offload.nvvm.directed.f(double %x, double 0.0, i32 0, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.i2f.rz(i32 %x) #0 {
  %s = sitofp i32 %x to double
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 0, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ui2f.rz(i32 %x) #0 {
  %s = uitofp i32 %x to double
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 0, double %n)
  ret float %r
}

; the same, rounded down (.rm)
define linkonce_odr float @offload.nvvm.add.rm.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fadd double %xd, %yd
  %bb = fsub double %s, %xd
  %sb = fsub double %s, %bb
  %ea = fsub double %xd, %sb
  %eb = fsub double %yd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %xd
  %nb = fneg double %yd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.add.rm.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fadd double %xd, %yd
  %bb = fsub double %s, %xd
  %sb = fsub double %s, %bb
  %ea = fsub double %xd, %sb
  %eb = fsub double %yd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %xd
  %nb = fneg double %yd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.mul.rm.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fmul double %xd, %yd
  %e = fadd double 0.0, 0.0
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.mul.rm.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fmul double %xd, %yd
  %e = fadd double 0.0, 0.0
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fma.rm.f(float %x, float %y, float %z) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %zd = fpext float %z to double
  %p = fmul double %xd, %yd
  %s = fadd double %p, %zd
  %bb = fsub double %s, %p
  %sb = fsub double %s, %bb
  %ea = fsub double %p, %sb
  %eb = fsub double %zd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %p
  %nb = fneg double %zd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fma.rm.ftz.f(float %x, float %y, float %z) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %zd = fpext float %z to double
  %p = fmul double %xd, %yd
  %s = fadd double %p, %zd
  %bb = fsub double %s, %p
  %sb = fsub double %s, %bb
  %ea = fsub double %p, %sb
  %eb = fsub double %zd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %p
  %nb = fneg double %zd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.rm.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fdiv double %xd, %yd
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %yd, double %xd)
  %e = call double @offload.nvvm.residual.sign(double %res, double %yd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.rm.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fdiv double %xd, %yd
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %yd, double %xd)
  %e = call double @offload.nvvm.residual.sign(double %res, double %yd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.rcp.rm.f(float %x) #0 {
  %r = call float @offload.nvvm.div.rm.f(float 1.0, float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.rcp.rm.ftz.f(float %x) #0 {
  %r = call float @offload.nvvm.div.rm.f(float 1.0, float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.rm.f(float %x) #0 {
  %xd = fpext float %x to double
  %s = call double @llvm.sqrt.f64(double %xd)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %xd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.rm.ftz.f(float %x) #0 {
  %xd = fpext float %x to double
  %s = call double @llvm.sqrt.f64(double %xd)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %xd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 1, double %sn)
  ret float %r
}

define linkonce_odr double @offload.nvvm.add.rm.d(double %x, double %y) #0 {
  %s = fadd double %x, %y
  %bb = fsub double %s, %x
  %sb = fsub double %s, %bb
  %ea = fsub double %x, %sb
  %eb = fsub double %y, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %x
  %nb = fneg double %y
  %sn = fadd double %na, %nb
  %fin = call i1 @offload.nvvm.finite2(double %x, double %y)
  %ef = select i1 %fin, double %e, double 0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %ef, i32 1, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.mul.rm.d(double %x, double %y) #0 {
  %s = fmul double %x, %y
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %x, double %y, double %ns)
  %sn = fadd double %ns, -0.0
  %fin = call i1 @offload.nvvm.finite2(double %x, double %y)
  %ef = select i1 %fin, double %e, double 0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %ef, i32 1, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.div.rm.d(double %x, double %y) #0 {
  %s = fdiv double %x, %y
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %y, double %x)
  %e = call double @offload.nvvm.residual.sign(double %res, double %y)
  %sn = fneg double %s
  %r = call double @offload.nvvm.directed.d(double %s, double %e, i32 1, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.rcp.rm.d(double %x) #0 {
  %r = call double @offload.nvvm.div.rm.d(double 1.0, double %x)
  ret double %r
}

define linkonce_odr double @offload.nvvm.sqrt.rm.d(double %x) #0 {
  %s = call double @llvm.sqrt.f64(double %x)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %x)
  %sn = fadd double %ns, -0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %e, i32 1, double %sn)
  ret double %r
}

define linkonce_odr float @offload.nvvm.d2f.rm(double %x) #0 {
  %n = fneg double %x
  %r = call float @offload.nvvm.directed.f(double %x, double 0.0, i32 1, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.d2f.rm.ftz(double %x) #0 {
  %n = fneg double %x
  %r = call float @offload.nvvm.directed.f(double %x, double 0.0, i32 1, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.i2f.rm(i32 %x) #0 {
  %s = sitofp i32 %x to double
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 1, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ui2f.rm(i32 %x) #0 {
  %s = uitofp i32 %x to double
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 1, double %n)
  ret float %r
}

; the same, rounded up (.rp)
define linkonce_odr float @offload.nvvm.add.rp.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fadd double %xd, %yd
  %bb = fsub double %s, %xd
  %sb = fsub double %s, %bb
  %ea = fsub double %xd, %sb
  %eb = fsub double %yd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %xd
  %nb = fneg double %yd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.add.rp.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fadd double %xd, %yd
  %bb = fsub double %s, %xd
  %sb = fsub double %s, %bb
  %ea = fsub double %xd, %sb
  %eb = fsub double %yd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %xd
  %nb = fneg double %yd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.mul.rp.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fmul double %xd, %yd
  %e = fadd double 0.0, 0.0
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.mul.rp.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fmul double %xd, %yd
  %e = fadd double 0.0, 0.0
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fma.rp.f(float %x, float %y, float %z) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %zd = fpext float %z to double
  %p = fmul double %xd, %yd
  %s = fadd double %p, %zd
  %bb = fsub double %s, %p
  %sb = fsub double %s, %bb
  %ea = fsub double %p, %sb
  %eb = fsub double %zd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %p
  %nb = fneg double %zd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.fma.rp.ftz.f(float %x, float %y, float %z) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %zd = fpext float %z to double
  %p = fmul double %xd, %yd
  %s = fadd double %p, %zd
  %bb = fsub double %s, %p
  %sb = fsub double %s, %bb
  %ea = fsub double %p, %sb
  %eb = fsub double %zd, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %p
  %nb = fneg double %zd
  %sn = fadd double %na, %nb
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.rp.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fdiv double %xd, %yd
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %yd, double %xd)
  %e = call double @offload.nvvm.residual.sign(double %res, double %yd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.div.rp.ftz.f(float %x, float %y) #0 {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %s = fdiv double %xd, %yd
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %yd, double %xd)
  %e = call double @offload.nvvm.residual.sign(double %res, double %yd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.rcp.rp.f(float %x) #0 {
  %r = call float @offload.nvvm.div.rp.f(float 1.0, float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.rcp.rp.ftz.f(float %x) #0 {
  %r = call float @offload.nvvm.div.rp.f(float 1.0, float %x)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.rp.f(float %x) #0 {
  %xd = fpext float %x to double
  %s = call double @llvm.sqrt.f64(double %xd)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %xd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr float @offload.nvvm.sqrt.rp.ftz.f(float %x) #0 {
  %xd = fpext float %x to double
  %s = call double @llvm.sqrt.f64(double %xd)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %xd)
  %sn = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double %e, i32 2, double %sn)
  ret float %r
}

define linkonce_odr double @offload.nvvm.add.rp.d(double %x, double %y) #0 {
  %s = fadd double %x, %y
  %bb = fsub double %s, %x
  %sb = fsub double %s, %bb
  %ea = fsub double %x, %sb
  %eb = fsub double %y, %bb
  %e = fadd double %ea, %eb
  %na = fneg double %x
  %nb = fneg double %y
  %sn = fadd double %na, %nb
  %fin = call i1 @offload.nvvm.finite2(double %x, double %y)
  %ef = select i1 %fin, double %e, double 0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %ef, i32 2, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.mul.rp.d(double %x, double %y) #0 {
  %s = fmul double %x, %y
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %x, double %y, double %ns)
  %sn = fadd double %ns, -0.0
  %fin = call i1 @offload.nvvm.finite2(double %x, double %y)
  %ef = select i1 %fin, double %e, double 0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %ef, i32 2, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.div.rp.d(double %x, double %y) #0 {
  %s = fdiv double %x, %y
  %nq = fneg double %s
  %res = call double @llvm.fma.f64(double %nq, double %y, double %x)
  %e = call double @offload.nvvm.residual.sign(double %res, double %y)
  %sn = fneg double %s
  %r = call double @offload.nvvm.directed.d(double %s, double %e, i32 2, double %sn)
  ret double %r
}

define linkonce_odr double @offload.nvvm.rcp.rp.d(double %x) #0 {
  %r = call double @offload.nvvm.div.rp.d(double 1.0, double %x)
  ret double %r
}

define linkonce_odr double @offload.nvvm.sqrt.rp.d(double %x) #0 {
  %s = call double @llvm.sqrt.f64(double %x)
  %ns = fneg double %s
  %e = call double @llvm.fma.f64(double %ns, double %s, double %x)
  %sn = fadd double %ns, -0.0
  %r = call double @offload.nvvm.directed.d(double %s, double %e, i32 2, double %sn)
  ret double %r
}

define linkonce_odr float @offload.nvvm.d2f.rp(double %x) #0 {
  %n = fneg double %x
  %r = call float @offload.nvvm.directed.f(double %x, double 0.0, i32 2, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.d2f.rp.ftz(double %x) #0 {
  %n = fneg double %x
  %r = call float @offload.nvvm.directed.f(double %x, double 0.0, i32 2, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.i2f.rp(i32 %x) #0 {
  %s = sitofp i32 %x to double
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 2, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ui2f.rp(i32 %x) #0 {
  %s = uitofp i32 %x to double
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 2, double %n)
  ret float %r
}

; ---- Conversions. Float to integer: round as the suffix says (PTX cvt.rni/rzi/rmi/rpi; the
; conversion itself truncates), then convert saturating (cvt saturates, and gives 0 for NaN, as
; fpto[su]i.sat do)
define linkonce_odr i32 @offload.nvvm.f2i.rn(float %x) #0 {
  %a = call float @llvm.rint.f32(float %x)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2i.rz(float %x) #0 {
  %a = fadd float %x, 0.0
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2i.rm(float %x) #0 {
  %a = call float @llvm.floor.f32(float %x)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2i.rp(float %x) #0 {
  %a = call float @llvm.ceil.f32(float %x)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2i.rn.ftz(float %x) #0 {
  %a = call float @llvm.rint.f32(float %x)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2i.rz.ftz(float %x) #0 {
  %a = fadd float %x, 0.0
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2i.rm.ftz(float %x) #0 {
  %a = call float @llvm.floor.f32(float %x)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2i.rp.ftz(float %x) #0 {
  %a = call float @llvm.ceil.f32(float %x)
  %r = call i32 @llvm.fptosi.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2ui.rn(float %x) #0 {
  %a = call float @llvm.rint.f32(float %x)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2ui.rz(float %x) #0 {
  %a = fadd float %x, 0.0
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2ui.rm(float %x) #0 {
  %a = call float @llvm.floor.f32(float %x)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2ui.rp(float %x) #0 {
  %a = call float @llvm.ceil.f32(float %x)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2ui.rn.ftz(float %x) #0 {
  %a = call float @llvm.rint.f32(float %x)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2ui.rz.ftz(float %x) #0 {
  %a = fadd float %x, 0.0
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2ui.rm.ftz(float %x) #0 {
  %a = call float @llvm.floor.f32(float %x)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.f2ui.rp.ftz(float %x) #0 {
  %a = call float @llvm.ceil.f32(float %x)
  %r = call i32 @llvm.fptoui.sat.i32.f32(float %a)
  ret i32 %r
}

; PTX's conversions to 64-bit integers give 0x8000000000000000 for NaN (32-bit ones 0)
define linkonce_odr i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v) #0 {
  %nan = fcmp uno float %x, %x
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v) #0 {
  %nan = fcmp uno double %x, %x
  %r = select i1 %nan, i64 -9223372036854775808, i64 %v
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ll.rn(float %x) #0 {
  %a = call float @llvm.rint.f32(float %x)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ll.rz(float %x) #0 {
  %a = fadd float %x, 0.0
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ll.rm(float %x) #0 {
  %a = call float @llvm.floor.f32(float %x)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ll.rp(float %x) #0 {
  %a = call float @llvm.ceil.f32(float %x)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ll.rn.ftz(float %x) #0 {
  %a = call float @llvm.rint.f32(float %x)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ll.rz.ftz(float %x) #0 {
  %a = fadd float %x, 0.0
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ll.rm.ftz(float %x) #0 {
  %a = call float @llvm.floor.f32(float %x)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ll.rp.ftz(float %x) #0 {
  %a = call float @llvm.ceil.f32(float %x)
  %v = call i64 @llvm.fptosi.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ull.rn(float %x) #0 {
  %a = call float @llvm.rint.f32(float %x)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ull.rz(float %x) #0 {
  %a = fadd float %x, 0.0
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ull.rm(float %x) #0 {
  %a = call float @llvm.floor.f32(float %x)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ull.rp(float %x) #0 {
  %a = call float @llvm.ceil.f32(float %x)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ull.rn.ftz(float %x) #0 {
  %a = call float @llvm.rint.f32(float %x)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ull.rz.ftz(float %x) #0 {
  %a = fadd float %x, 0.0
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ull.rm.ftz(float %x) #0 {
  %a = call float @llvm.floor.f32(float %x)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.f2ull.rp.ftz(float %x) #0 {
  %a = call float @llvm.ceil.f32(float %x)
  %v = call i64 @llvm.fptoui.sat.i64.f32(float %a)
  %r = call i64 @offload.nvvm.nan.to.i64.f(float %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i32 @offload.nvvm.d2i.rn(double %x) #0 {
  %a = call double @llvm.rint.f64(double %x)
  %r = call i32 @llvm.fptosi.sat.i32.f64(double %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.d2i.rz(double %x) #0 {
  %a = fadd double %x, 0.0
  %r = call i32 @llvm.fptosi.sat.i32.f64(double %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.d2i.rm(double %x) #0 {
  %a = call double @llvm.floor.f64(double %x)
  %r = call i32 @llvm.fptosi.sat.i32.f64(double %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.d2i.rp(double %x) #0 {
  %a = call double @llvm.ceil.f64(double %x)
  %r = call i32 @llvm.fptosi.sat.i32.f64(double %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.d2ui.rn(double %x) #0 {
  %a = call double @llvm.rint.f64(double %x)
  %r = call i32 @llvm.fptoui.sat.i32.f64(double %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.d2ui.rz(double %x) #0 {
  %a = fadd double %x, 0.0
  %r = call i32 @llvm.fptoui.sat.i32.f64(double %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.d2ui.rm(double %x) #0 {
  %a = call double @llvm.floor.f64(double %x)
  %r = call i32 @llvm.fptoui.sat.i32.f64(double %a)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.d2ui.rp(double %x) #0 {
  %a = call double @llvm.ceil.f64(double %x)
  %r = call i32 @llvm.fptoui.sat.i32.f64(double %a)
  ret i32 %r
}

define linkonce_odr i64 @offload.nvvm.d2ll.rn(double %x) #0 {
  %a = call double @llvm.rint.f64(double %x)
  %v = call i64 @llvm.fptosi.sat.i64.f64(double %a)
  %r = call i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.d2ll.rz(double %x) #0 {
  %a = fadd double %x, 0.0
  %v = call i64 @llvm.fptosi.sat.i64.f64(double %a)
  %r = call i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.d2ll.rm(double %x) #0 {
  %a = call double @llvm.floor.f64(double %x)
  %v = call i64 @llvm.fptosi.sat.i64.f64(double %a)
  %r = call i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.d2ll.rp(double %x) #0 {
  %a = call double @llvm.ceil.f64(double %x)
  %v = call i64 @llvm.fptosi.sat.i64.f64(double %a)
  %r = call i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.d2ull.rn(double %x) #0 {
  %a = call double @llvm.rint.f64(double %x)
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %a)
  %r = call i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.d2ull.rz(double %x) #0 {
  %a = fadd double %x, 0.0
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %a)
  %r = call i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.d2ull.rm(double %x) #0 {
  %a = call double @llvm.floor.f64(double %x)
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %a)
  %r = call i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v)
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.d2ull.rp(double %x) #0 {
  %a = call double @llvm.ceil.f64(double %x)
  %v = call i64 @llvm.fptoui.sat.i64.f64(double %a)
  %r = call i64 @offload.nvvm.nan.to.i64.d(double %x, i64 %v)
  ret i64 %r
}

; integers to floating point, and double to float, rounded to nearest
define linkonce_odr float @offload.nvvm.i2f.rn(i32 %x) #0 {
  %r = sitofp i32 %x to float
  ret float %r
}

define linkonce_odr float @offload.nvvm.ui2f.rn(i32 %x) #0 {
  %r = uitofp i32 %x to float
  ret float %r
}

define linkonce_odr float @offload.nvvm.ll2f.rn(i64 %x) #0 {
  %r = sitofp i64 %x to float
  ret float %r
}

define linkonce_odr float @offload.nvvm.ull2f.rn(i64 %x) #0 {
  %r = uitofp i64 %x to float
  ret float %r
}

define linkonce_odr double @offload.nvvm.i2d.rn(i32 %x) #0 {
  %r = sitofp i32 %x to double
  ret double %r
}

define linkonce_odr double @offload.nvvm.ui2d.rn(i32 %x) #0 {
  %r = uitofp i32 %x to double
  ret double %r
}

define linkonce_odr double @offload.nvvm.ll2d.rn(i64 %x) #0 {
  %r = sitofp i64 %x to double
  ret double %r
}

define linkonce_odr double @offload.nvvm.ull2d.rn(i64 %x) #0 {
  %r = uitofp i64 %x to double
  ret double %r
}

define linkonce_odr float @offload.nvvm.d2f.rn(double %x) #0 {
  %r = fptrunc double %x to float
  ret float %r
}

define linkonce_odr float @offload.nvvm.d2f.rn.ftz(double %x) #0 {
  %r = fptrunc double %x to float
  ret float %r
}

; the halves of a double's bits
define linkonce_odr i32 @offload.nvvm.d2i.lo(double %x) #0 {
  %b = bitcast double %x to i64
  %r = trunc i64 %b to i32
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.d2i.hi(double %x) #0 {
  %b = bitcast double %x to i64
  %h = lshr i64 %b, 32
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr double @offload.nvvm.lohi.i2d(i32 %lo, i32 %hi) #0 {
  %l = zext i32 %lo to i64
  %h = zext i32 %hi to i64
  %s = shl i64 %h, 32
  %b = or i64 %s, %l
  %r = bitcast i64 %b to double
  ret double %r
}

; ---- Integers. mulhi: the high half of the double-width product
define linkonce_odr i32 @offload.nvvm.mulhi.i(i32 %x, i32 %y) #0 {
  %a = sext i32 %x to i64
  %b = sext i32 %y to i64
  %p = mul i64 %a, %b
  %h = lshr i64 %p, 32
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.mulhi.ui(i32 %x, i32 %y) #0 {
  %a = zext i32 %x to i64
  %b = zext i32 %y to i64
  %p = mul i64 %a, %b
  %h = lshr i64 %p, 32
  %r = trunc i64 %h to i32
  ret i32 %r
}

define linkonce_odr i64 @offload.nvvm.mulhi.ll(i64 %x, i64 %y) #0 {
  %a = sext i64 %x to i128
  %b = sext i64 %y to i128
  %p = mul i128 %a, %b
  %h = lshr i128 %p, 64
  %r = trunc i128 %h to i64
  ret i64 %r
}

define linkonce_odr i64 @offload.nvvm.mulhi.ull(i64 %x, i64 %y) #0 {
  %a = zext i64 %x to i128
  %b = zext i64 %y to i128
  %p = mul i128 %a, %b
  %h = lshr i128 %p, 64
  %r = trunc i128 %h to i64
  ret i64 %r
}

define linkonce_odr i32 @offload.nvvm.mul24.i(i32 %x, i32 %y) #0 {
  %a = shl i32 %x, 8
  %a2 = ashr i32 %a, 8
  %b = shl i32 %y, 8
  %b2 = ashr i32 %b, 8
  %r = mul i32 %a2, %b2
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.mul24.ui(i32 %x, i32 %y) #0 {
  %a = and i32 %x, 16777215
  %b = and i32 %y, 16777215
  %r = mul i32 %a, %b
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.sad.i(i32 %x, i32 %y, i32 %z) #0 {
  %d = sub i32 %x, %y
  %e = sub i32 %y, %x
  %gt = icmp sgt i32 %x, %y
  %a = select i1 %gt, i32 %d, i32 %e
  %r = add i32 %a, %z
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.sad.ui(i32 %x, i32 %y, i32 %z) #0 {
  %d = sub i32 %x, %y
  %e = sub i32 %y, %x
  %gt = icmp ugt i32 %x, %y
  %a = select i1 %gt, i32 %d, i32 %e
  %r = add i32 %a, %z
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.popc.i(i32 %x) #0 {
  %r = call i32 @llvm.ctpop.i32(i32 %x)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.brev32(i32 %x) #0 {
  %r = call i32 @llvm.bitreverse.i32(i32 %x)
  ret i32 %r
}

define linkonce_odr i64 @offload.nvvm.brev64(i64 %x) #0 {
  %r = call i64 @llvm.bitreverse.i64(i64 %x)
  ret i64 %r
}

define linkonce_odr i32 @offload.nvvm.popc.ll(i64 %x) #0 {
  %p = call i64 @llvm.ctpop.i64(i64 %x)
  %r = trunc i64 %p to i32
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.clz.i(i32 %x) #0 {
  %r = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.clz.ll(i64 %x) #0 {
  %c = call i64 @llvm.ctlz.i64(i64 %x, i1 false)
  %r = trunc i64 %c to i32
  ret i32 %r
}

; prmt (__byte_perm): result byte k is byte s[4k+2:4k] of {y, x}, or its sign when s[4k+3] is set
define linkonce_odr i32 @offload.nvvm.prmt(i32 %x, i32 %y, i32 %s) #0 {
  %xl = zext i32 %x to i64
  %yh0 = zext i32 %y to i64
  %yh = shl i64 %yh0, 32
  %xy = or i64 %yh, %xl
  %s0 = lshr i32 %s, 0
  %i0 = and i32 %s0, 7
  %m0 = and i32 %s0, 8
  %i0w = zext i32 %i0 to i64
  %b0s = mul i64 %i0w, 8
  %v0w = lshr i64 %xy, %b0s
  %v0 = and i64 %v0w, 255
  %neg0 = icmp uge i64 %v0, 128
  %sg0 = select i1 %neg0, i64 255, i64 0
  %hasm0 = icmp ne i32 %m0, 0
  %o0 = select i1 %hasm0, i64 %sg0, i64 %v0
  %p0 = shl i64 %o0, 0
  %s1 = lshr i32 %s, 4
  %i1 = and i32 %s1, 7
  %m1 = and i32 %s1, 8
  %i1w = zext i32 %i1 to i64
  %b1s = mul i64 %i1w, 8
  %v1w = lshr i64 %xy, %b1s
  %v1 = and i64 %v1w, 255
  %neg1 = icmp uge i64 %v1, 128
  %sg1 = select i1 %neg1, i64 255, i64 0
  %hasm1 = icmp ne i32 %m1, 0
  %o1 = select i1 %hasm1, i64 %sg1, i64 %v1
  %p1 = shl i64 %o1, 8
  %s2 = lshr i32 %s, 8
  %i2 = and i32 %s2, 7
  %m2 = and i32 %s2, 8
  %i2w = zext i32 %i2 to i64
  %b2s = mul i64 %i2w, 8
  %v2w = lshr i64 %xy, %b2s
  %v2 = and i64 %v2w, 255
  %neg2 = icmp uge i64 %v2, 128
  %sg2 = select i1 %neg2, i64 255, i64 0
  %hasm2 = icmp ne i32 %m2, 0
  %o2 = select i1 %hasm2, i64 %sg2, i64 %v2
  %p2 = shl i64 %o2, 16
  %s3 = lshr i32 %s, 12
  %i3 = and i32 %s3, 7
  %m3 = and i32 %s3, 8
  %i3w = zext i32 %i3 to i64
  %b3s = mul i64 %i3w, 8
  %v3w = lshr i64 %xy, %b3s
  %v3 = and i64 %v3w, 255
  %neg3 = icmp uge i64 %v3, 128
  %sg3 = select i1 %neg3, i64 255, i64 0
  %hasm3 = icmp ne i32 %m3, 0
  %o3 = select i1 %hasm3, i64 %sg3, i64 %v3
  %p3 = shl i64 %o3, 24
  %q01 = or i64 %p0, %p1
  %q23 = or i64 %p2, %p3
  %q = or i64 %q01, %q23
  %r = trunc i64 %q to i32
  ret i32 %r
}

; ---- What libdevice, CUDA's headers and programs write as inline PTX (jit/cuda_host.inc,
; offload__nvvm_asm_table; special registers with an intrinsic go to its function above)

; shfl.sync.up.b32 and shfl.sync.down.b32 as CUB writes them (value, delta, c, mask), alone and
; in its scan and reduction steps: the shuffled value, plus the addend where the source lane was
; inside the segment (PTX's predicate p; outside, the caller's own value is kept). 64-bit values
; are shuffled as two halves from the same lane, so one predicate holds for both.
define linkonce_odr i32 @offload.nvvm.asm.shfl.up(i32 %v, i32 %b, i32 %c, i32 %m) #1 {
  %r = call i32 @offload.nvvm.shfl.sync.up.i32(i32 %m, i32 %v, i32 %b, i32 %c)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.shfl.down(i32 %v, i32 %b, i32 %c, i32 %m) #1 {
  %r = call i32 @offload.nvvm.shfl.sync.down.i32(i32 %m, i32 %v, i32 %b, i32 %c)
  ret i32 %r
}

; {the shuffled value (the caller's own outside the segment), whether the source was inside}
define linkonce_odr { i32, i1 } @offload.nvvm.asm.shfl.checked.i32(i32 %mode, i32 %v, i32 %b, i32 %c) #1 {
  %checked = call { i32, i1 } @offload.nvvm.shfl.source.checked(i32 %mode, i32 %b, i32 %c)
  %source = extractvalue { i32, i1 } %checked, 0
  %p = extractvalue { i32, i1 } %checked, 1
  %w = call i32 @offload_shuffle(i32 %v, i32 %source)
  %with = insertvalue { i32, i1 } undef, i32 %w, 0
  %r = insertvalue { i32, i1 } %with, i1 %p, 1
  ret { i32, i1 } %r
}

define linkonce_odr { i64, i1 } @offload.nvvm.asm.shfl.checked.i64(i32 %mode, i64 %v, i32 %b, i32 %c) #1 {
  %checked = call { i32, i1 } @offload.nvvm.shfl.source.checked(i32 %mode, i32 %b, i32 %c)
  %source = extractvalue { i32, i1 } %checked, 0
  %p = extractvalue { i32, i1 } %checked, 1
  %lo = trunc i64 %v to i32
  %high = lshr i64 %v, 32
  %hi = trunc i64 %high to i32
  %slo = call i32 @offload_shuffle(i32 %lo, i32 %source)
  %shi = call i32 @offload_shuffle(i32 %hi, i32 %source)
  %wlo = zext i32 %slo to i64
  %whi = zext i32 %shi to i64
  %up = shl i64 %whi, 32
  %w = or i64 %up, %wlo
  %with = insertvalue { i64, i1 } undef, i64 %w, 0
  %r = insertvalue { i64, i1 } %with, i1 %p, 1
  ret { i64, i1 } %r
}

define linkonce_odr i64 @offload.nvvm.asm.shfl.add.i64(i32 %mode, i64 %v, i32 %b, i32 %c, i64 %addend) #1 {
  %checked = call { i64, i1 } @offload.nvvm.asm.shfl.checked.i64(i32 %mode, i64 %v, i32 %b, i32 %c)
  %w = extractvalue { i64, i1 } %checked, 0
  %p = extractvalue { i64, i1 } %checked, 1
  %sum = add i64 %w, %addend
  %r = select i1 %p, i64 %sum, i64 %w
  ret i64 %r
}

define linkonce_odr i32 @offload.nvvm.asm.shfl.add.i32(i32 %mode, i32 %v, i32 %b, i32 %c, i32 %addend) #1 {
  %checked = call { i32, i1 } @offload.nvvm.asm.shfl.checked.i32(i32 %mode, i32 %v, i32 %b, i32 %c)
  %w = extractvalue { i32, i1 } %checked, 0
  %p = extractvalue { i32, i1 } %checked, 1
  %sum = add i32 %w, %addend
  %r = select i1 %p, i32 %sum, i32 %w
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.shfl.up.add.i32(i32 %v, i32 %b, i32 %c, i32 %addend, i32 %m) #1 {
  %r = call i32 @offload.nvvm.asm.shfl.add.i32(i32 1, i32 %v, i32 %b, i32 %c, i32 %addend)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.shfl.down.add.i32(i32 %v, i32 %b, i32 %c, i32 %addend, i32 %m) #1 {
  %r = call i32 @offload.nvvm.asm.shfl.add.i32(i32 2, i32 %v, i32 %b, i32 %c, i32 %addend)
  ret i32 %r
}

define linkonce_odr i64 @offload.nvvm.asm.shfl.up.add.i64(i64 %v, i32 %b, i32 %c, i64 %addend, i32 %m) #1 {
  %r = call i64 @offload.nvvm.asm.shfl.add.i64(i32 1, i64 %v, i32 %b, i32 %c, i64 %addend)
  ret i64 %r
}

; (the reduction's 64-bit steps add the caller's own value: no addend operand)
define linkonce_odr i64 @offload.nvvm.asm.shfl.down.add.self.i64(i64 %v, i32 %b, i32 %c, i32 %m) #1 {
  %r = call i64 @offload.nvvm.asm.shfl.add.i64(i32 2, i64 %v, i32 %b, i32 %c, i64 %v)
  ret i64 %r
}

define linkonce_odr float @offload.nvvm.asm.shfl.add.f32(i32 %mode, float %v, i32 %b, i32 %c, float %addend) #1 {
  %i = bitcast float %v to i32
  %checked = call { i32, i1 } @offload.nvvm.asm.shfl.checked.i32(i32 %mode, i32 %i, i32 %b, i32 %c)
  %si = extractvalue { i32, i1 } %checked, 0
  %p = extractvalue { i32, i1 } %checked, 1
  %s = bitcast i32 %si to float
  %sum = fadd float %s, %addend
  %r = select i1 %p, float %sum, float %s
  ret float %r
}

define linkonce_odr float @offload.nvvm.asm.shfl.up.add.f32(float %v, i32 %b, i32 %c, float %addend, i32 %m) #1 {
  %r = call float @offload.nvvm.asm.shfl.add.f32(i32 1, float %v, i32 %b, i32 %c, float %addend)
  ret float %r
}

define linkonce_odr float @offload.nvvm.asm.shfl.down.add.f32(float %v, i32 %b, i32 %c, float %addend, i32 %m) #1 {
  %r = call float @offload.nvvm.asm.shfl.add.f32(i32 2, float %v, i32 %b, i32 %c, float %addend)
  ret float %r
}

; (the double steps: the caller's own value plus the shuffled one where p)
define linkonce_odr double @offload.nvvm.asm.shfl.add.self.f64(i32 %mode, double %v, i32 %b, i32 %c) #1 {
  %i = bitcast double %v to i64
  %checked = call { i64, i1 } @offload.nvvm.asm.shfl.checked.i64(i32 %mode, i64 %i, i32 %b, i32 %c)
  %sw = extractvalue { i64, i1 } %checked, 0
  %p = extractvalue { i64, i1 } %checked, 1
  %s = bitcast i64 %sw to double
  %sum = fadd double %v, %s
  %r = select i1 %p, double %sum, double %v
  ret double %r
}

define linkonce_odr double @offload.nvvm.asm.shfl.up.add.self.f64(double %v, i32 %b, i32 %c, i32 %m) #1 {
  %r = call double @offload.nvvm.asm.shfl.add.self.f64(i32 1, double %v, i32 %b, i32 %c)
  ret double %r
}

define linkonce_odr double @offload.nvvm.asm.shfl.down.add.self.f64(double %v, i32 %b, i32 %c, i32 %m) #1 {
  %r = call double @offload.nvvm.asm.shfl.add.self.f64(i32 2, double %v, i32 %b, i32 %c)
  ret double %r
}

; bfe.u32 (bit field extract): len bits from pos (each its low 8 bits), zeros past bit 31
define linkonce_odr i32 @offload.nvvm.asm.bfe.u32(i32 %x, i32 %pos, i32 %len) #0 {
  %p = and i32 %pos, 255
  %l = and i32 %len, 255
  %p64 = zext i32 %p to i64
  %l64 = zext i32 %l to i64
  %x64 = zext i32 %x to i64
  %inside = icmp ult i64 %p64, 32
  %shift = select i1 %inside, i64 %p64, i64 0
  %moved = lshr i64 %x64, %shift
  %wide = icmp ult i64 %l64, 64
  %len64 = select i1 %wide, i64 %l64, i64 63
  %bit = shl i64 1, %len64
  %mask = sub i64 %bit, 1
  %field = and i64 %moved, %mask
  %kept = select i1 %inside, i64 %field, i64 0
  %r = trunc i64 %kept to i32
  ret i32 %r
}

; bmsk.clamp.b32: a mask of width bits from bit pos, both clamped to 32 (no bits from pos 32 on)
define linkonce_odr i32 @offload.nvvm.asm.bmsk.clamp.b32(i32 %pos, i32 %width) #0 {
  %p = call i32 @llvm.umin.i32(i32 %pos, i32 32)
  %w = call i32 @llvm.umin.i32(i32 %width, i32 32)
  %p64 = zext i32 %p to i64
  %w64 = zext i32 %w to i64
  %bit = shl i64 1, %w64
  %ones = sub i64 %bit, 1
  %mask = shl i64 %ones, %p64
  %r = trunc i64 %mask to i32
  ret i32 %r
}

; CUB's ballot of the lanes whose x has one of bits set, inverted in the lanes where it has none
; (its radix sort's match of digits: {and; setp.ne; vote.ballot.sync over the whole warp; @!p not})
define linkonce_odr i32 @offload.nvvm.asm.ballot.any.bits(i32 %x, i32 %bits) #1 {
  %t = and i32 %x, %bits
  %p = icmp ne i32 %t, 0
  %b = call i32 @offload.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  %inverted = xor i32 %b, -1
  %r = select i1 %p, i32 %b, i32 %inverted
  ret i32 %r
}

; ld.global.nc (CUB's loads through the read-only cache, the address a pointer operand): on the
; host a plain load
define linkonce_odr i32 @offload.nvvm.asm.ld.nc.u32(i32* %p) #0 {
  %r = load i32, i32* %p, align 4
  ret i32 %r
}

define linkonce_odr i64 @offload.nvvm.asm.ld.nc.u64(i64* %p) #0 {
  %r = load i64, i64* %p, align 8
  ret i64 %r
}

define linkonce_odr { i64, i64 } @offload.nvvm.asm.ld.nc.v2.u64(i64* %p) #0 {
  %lo = load i64, i64* %p, align 16
  %q = getelementptr i64, i64* %p, i64 1
  %hi = load i64, i64* %q, align 8
  %with = insertvalue { i64, i64 } undef, i64 %lo, 0
  %r = insertvalue { i64, i64 } %with, i64 %hi, 1
  ret { i64, i64 } %r
}

; ld.relaxed.gpu.v2.u32 and st.relaxed.gpu.v2.u32: the two words of a tile's status in CUB's
; decoupled look-back, which other blocks read while this one writes: one 8-byte relaxed atomic,
; as a GPU's 8-byte access is one
define linkonce_odr { i32, i32 } @offload.nvvm.asm.ld.relaxed.v2.u32(i64* %p) #0 {
  %w = load atomic i64, i64* %p monotonic, align 8
  %lo = trunc i64 %w to i32
  %high = lshr i64 %w, 32
  %hi = trunc i64 %high to i32
  %with = insertvalue { i32, i32 } undef, i32 %lo, 0
  %r = insertvalue { i32, i32 } %with, i32 %hi, 1
  ret { i32, i32 } %r
}

define linkonce_odr void @offload.nvvm.asm.st.relaxed.v2.u32(i64* %p, i32 %lo, i32 %hi) #0 {
  %wlo = zext i32 %lo to i64
  %whi = zext i32 %hi to i64
  %up = shl i64 %whi, 32
  %w = or i64 %up, %wlo
  store atomic i64 %w, i64* %p monotonic, align 8
  ret void
}

; nanosleep.u32 (a look-back's wait for an earlier block) and prefetch.global.L2: nothing to do on
; the host; the wait's loop reads again at once
define linkonce_odr void @offload.nvvm.asm.nanosleep(i32 %ns) #0 {
  ret void
}

define linkonce_odr void @offload.nvvm.asm.prefetch(i64 %address) #0 {
  ret void
}

; shl.b32 and shr.b32: a shift by 32 or more gives 0 (PTX clamps it; LLVM's would be poison)
define linkonce_odr i32 @offload.nvvm.asm.shl.b32(i32 %x, i32 %n) #0 {
  %inside = icmp ult i32 %n, 32
  %s = select i1 %inside, i32 %n, i32 0
  %v = shl i32 %x, %s
  %r = select i1 %inside, i32 %v, i32 0
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.shr.b32(i32 %x, i32 %n) #0 {
  %inside = icmp ult i32 %n, 32
  %s = select i1 %inside, i32 %n, i32 0
  %v = lshr i32 %x, %s
  %r = select i1 %inside, i32 %v, i32 0
  ret i32 %r
}

; %warpid: on a GPU the warp's slot on its multiprocessor, which CUDA warns may change while the
; thread runs; programs read it as the warp's number in its block, which is what it is here.
define linkonce_odr i32 @offload.nvvm.asm.warpid() #0 {
  %x = call i32 @offload_thread_id(i32 0)
  %y = call i32 @offload_thread_id(i32 1)
  %z = call i32 @offload_thread_id(i32 2)
  %nx = call i32 @offload_block_dim(i32 0)
  %ny = call i32 @offload_block_dim(i32 1)
  %zy = mul i32 %z, %ny
  %row = add i32 %zy, %y
  %rows = mul i32 %row, %nx
  %linear = add i32 %rows, %x
  %r = udiv i32 %linear, 32
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.bfind.shiftamt(i32 %x) #0 {
  %z = icmp eq i32 %x, 0
  %l = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  %r = select i1 %z, i32 -1, i32 %l
  ret i32 %r
}

define linkonce_odr float @offload.nvvm.asm.sub.rn.f(float %x, float %y) #0 {
  %r = fsub float %x, %y
  ret float %r
}

define linkonce_odr double @offload.nvvm.asm.sub.rn.d(double %x, double %y) #0 {
  %r = fsub double %x, %y
  ret double %r
}

define linkonce_odr float @offload.nvvm.asm.sub.rz.f(float %x, float %y) #0 {
  %n = fneg float %y
  %r = call float @offload.nvvm.add.rz.f(float %x, float %n)
  ret float %r
}

define linkonce_odr double @offload.nvvm.asm.sub.rz.d(double %x, double %y) #0 {
  %n = fneg double %y
  %r = call double @offload.nvvm.add.rz.d(double %x, double %n)
  ret double %r
}

define linkonce_odr float @offload.nvvm.asm.sub.rm.f(float %x, float %y) #0 {
  %n = fneg float %y
  %r = call float @offload.nvvm.add.rm.f(float %x, float %n)
  ret float %r
}

define linkonce_odr double @offload.nvvm.asm.sub.rm.d(double %x, double %y) #0 {
  %n = fneg double %y
  %r = call double @offload.nvvm.add.rm.d(double %x, double %n)
  ret double %r
}

define linkonce_odr float @offload.nvvm.asm.sub.rp.f(float %x, float %y) #0 {
  %n = fneg float %y
  %r = call float @offload.nvvm.add.rp.f(float %x, float %n)
  ret float %r
}

define linkonce_odr double @offload.nvvm.asm.sub.rp.d(double %x, double %y) #0 {
  %n = fneg double %y
  %r = call double @offload.nvvm.add.rp.d(double %x, double %n)
  ret double %r
}

; {lo, hi} of a * b + c, 32 bits each
define linkonce_odr { i32, i32 } @offload.nvvm.asm.mad.wide.u32(i32 %a, i32 %b, i32 %c) #0 {
  %a64 = zext i32 %a to i64
  %b64 = zext i32 %b to i64
  %c64 = zext i32 %c to i64
  %p = mul i64 %a64, %b64
  %s = add i64 %p, %c64
  %lo = trunc i64 %s to i32
  %sh = lshr i64 %s, 32
  %hi = trunc i64 %sh to i32
  %r0 = insertvalue { i32, i32 } undef, i32 %lo, 0
  %r = insertvalue { i32, i32 } %r0, i32 %hi, 1
  ret { i32, i32 } %r
}

; 128-bit arithmetic as {lo, hi} pairs of 64 bits
define linkonce_odr { i64, i64 } @offload.nvvm.asm.mul.wide.u64(i64 %a, i64 %b) #0 {
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %w = mul i128 %x, %y
  %lo = trunc i128 %w to i64
  %sh = lshr i128 %w, 64
  %hi = trunc i128 %sh to i64
  %r0 = insertvalue { i64, i64 } undef, i64 %lo, 0
  %r = insertvalue { i64, i64 } %r0, i64 %hi, 1
  ret { i64, i64 } %r
}

define linkonce_odr { i64, i64 } @offload.nvvm.asm.mad.wide.u64(i64 %a, i64 %b, i64 %c) #0 {
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %z = zext i64 %c to i128
  %p = mul i128 %x, %y
  %w = add i128 %p, %z
  %lo = trunc i128 %w to i64
  %sh = lshr i128 %w, 64
  %hi = trunc i128 %sh to i64
  %r0 = insertvalue { i64, i64 } undef, i64 %lo, 0
  %r = insertvalue { i64, i64 } %r0, i64 %hi, 1
  ret { i64, i64 } %r
}

define linkonce_odr { i64, i64 } @offload.nvvm.asm.add.u128(i64 %alo, i64 %ahi, i64 %blo, i64 %bhi) #0 {
  %xl = zext i64 %alo to i128
  %xh0 = zext i64 %ahi to i128
  %xh = shl i128 %xh0, 64
  %x = or i128 %xh, %xl
  %yl = zext i64 %blo to i128
  %yh0 = zext i64 %bhi to i128
  %yh = shl i128 %yh0, 64
  %y = or i128 %yh, %yl
  %w = add i128 %x, %y
  %lo = trunc i128 %w to i64
  %sh = lshr i128 %w, 64
  %hi = trunc i128 %sh to i64
  %r0 = insertvalue { i64, i64 } undef, i64 %lo, 0
  %r = insertvalue { i64, i64 } %r0, i64 %hi, 1
  ret { i64, i64 } %r
}

define linkonce_odr { i64, i64 } @offload.nvvm.asm.sub.u128(i64 %alo, i64 %ahi, i64 %blo, i64 %bhi) #0 {
  %xl = zext i64 %alo to i128
  %xh0 = zext i64 %ahi to i128
  %xh = shl i128 %xh0, 64
  %x = or i128 %xh, %xl
  %yl = zext i64 %blo to i128
  %yh0 = zext i64 %bhi to i128
  %yh = shl i128 %yh0, 64
  %y = or i128 %yh, %yl
  %w = sub i128 %x, %y
  %lo = trunc i128 %w to i64
  %sh = lshr i128 %w, 64
  %hi = trunc i128 %sh to i64
  %r0 = insertvalue { i64, i64 } undef, i64 %lo, 0
  %r = insertvalue { i64, i64 } %r0, i64 %hi, 1
  ret { i64, i64 } %r
}

; setp.equ: equal or unordered
define linkonce_odr double @offload.nvvm.asm.select.equ.d(double %x, double %y, double %t, double %f) #0 {
  %e = fcmp ueq double %x, %y
  %r = select i1 %e, double %t, double %f
  ret double %r
}

; ---- cuda_fp16.h's half precision and cuda_bf16.h's bfloat16, which they write as inline PTX on
; 16-bit registers: a value is an i16, a pair an i32 with its first (x, low) in the low 16 bits. Operations
; are computed in float or double and rounded once to half, which gives the correctly rounded
; result: float's precision is over twice either's plus two bits, so for +, -, *, / and sqrt the two
; roundings agree with one; fma is computed in double (a*b + c is exact there unless |a*b| > 2^29,
; where the result overflows half anyway); the functions (exponentials, logarithms, tanh,
; reciprocal square root), which PTX approximates, in double with the C library's. Double to half
; goes through float rounded to odd (toward zero, the last bit set when inexact: float's 13 bits
; beyond half's make rounding that once more correct), not through the C library. A NaN result is
; a NaN, not PTX's canonical one. One function serves each family of operations, the variant (an
; i32 the table in jit/cuda_host.inc appends, constant, so inlining keeps one case) selecting it.

; A 16-bit float to float and back (to nearest even), format 0: half, 1: bfloat16 (a float's top
; 16 bits; rounding to it gives NaN as the canonical 0x7fff). The family functions below take the
; format in their variant's bits 8 and up, the operation in its low 8 bits.
define linkonce_odr float @offload.nvvm.h16.to.float(i16 %a, i32 %format) #0 {
  %is_bf16 = icmp eq i32 %format, 1
  %h = bitcast i16 %a to half
  %from_half = fpext half %h to float
  %w = zext i16 %a to i32
  %top = shl i32 %w, 16
  %from_bf16 = bitcast i32 %top to float
  %r = select i1 %is_bf16, float %from_bf16, float %from_half
  ret float %r
}

define linkonce_odr i16 @offload.nvvm.h16.from.float(float %x, i32 %format) #0 {
  %is_bf16 = icmp eq i32 %format, 1
  %h = fptrunc float %x to half
  %to_half = bitcast half %h to i16
  %bits = bitcast float %x to i32
  %kept = lshr i32 %bits, 16
  %odd = and i32 %kept, 1
  %bias = add i32 %odd, 32767
  %sum = add i32 %bits, %bias
  %top = lshr i32 %sum, 16
  %rounded = trunc i32 %top to i16
  %nan = fcmp uno float %x, %x
  %to_bf16 = select i1 %nan, i16 32767, i16 %rounded
  %r = select i1 %is_bf16, i16 %to_bf16, i16 %to_half
  ret i16 %r
}

; double to float rounded to odd (toward zero, the last bit set when inexact: float's bits beyond
; either 16-bit format's make rounding that once more, to nearest or in any direction, correct)
define linkonce_odr float @offload.nvvm.double.to.float.odd(double %x) #0 {
  %f = fptrunc double %x to float
  %back = fpext float %f to double
  %ax = call double @llvm.fabs.f64(double %x)
  %ab = call double @llvm.fabs.f64(double %back)
  %away = fcmp ogt double %ab, %ax
  %bits = bitcast float %f to i32
  %smaller = sub i32 %bits, 1
  %toward_zero = select i1 %away, i32 %smaller, i32 %bits
  %inexact = fcmp one double %back, %x
  %odd = or i32 %toward_zero, 1
  %rounded = select i1 %inexact, i32 %odd, i32 %toward_zero
  %g = bitcast i32 %rounded to float
  ret float %g
}

; double to a 16-bit float, rounded once
define linkonce_odr i16 @offload.nvvm.h16.from.double(double %x, i32 %format) #0 {
  %g = call float @offload.nvvm.double.to.float.odd(double %x)
  %r = call i16 @offload.nvvm.h16.from.float(float %g, i32 %format)
  ret i16 %r
}

define linkonce_odr float @offload.nvvm.asm.cvt.f32.f16(i16 %x) #0 {
  %r = call float @offload.nvvm.h16.to.float(i16 %x, i32 0)
  ret float %r
}

define linkonce_odr float @offload.nvvm.asm.cvt.f32.bf16(i16 %x) #0 {
  %r = call float @offload.nvvm.h16.to.float(i16 %x, i32 1)
  ret float %r
}

define linkonce_odr i16 @offload.nvvm.asm.cvt.rn.f16.f32(float %x) #0 {
  %r = call i16 @offload.nvvm.h16.from.float(float %x, i32 0)
  ret i16 %r
}

define linkonce_odr i16 @offload.nvvm.asm.cvt.rn.bf16.f32(float %x) #0 {
  %r = call i16 @offload.nvvm.h16.from.float(float %x, i32 1)
  ret i16 %r
}

define linkonce_odr i16 @offload.nvvm.asm.cvt.rn.f16.f64(double %x) #0 {
  %r = call i16 @offload.nvvm.h16.from.double(double %x, i32 0)
  ret i16 %r
}

define linkonce_odr i16 @offload.nvvm.asm.cvt.rn.bf16.f64(double %x) #0 {
  %r = call i16 @offload.nvvm.h16.from.double(double %x, i32 1)
  ret i16 %r
}

; float to a 16-bit float, rounding 1: to nearest even, 2: toward zero, 3: down, 4: up. The
; nearest, then one step toward zero (the bits less one) or away from it (one more) where it lies
; on the wrong side (+0 and -0 keep the sign of x, so a step from a zero is always away from it).
define linkonce_odr i16 @offload.nvvm.asm.cvt.f16.f32(float %x, i32 %variant) #0 {
  %rounding = and i32 %variant, 255
  %format = lshr i32 %variant, 8
  %h = call i16 @offload.nvvm.h16.from.float(float %x, i32 %format)
  %back = call float @offload.nvvm.h16.to.float(i16 %h, i32 %format)
  %above = fcmp ogt float %back, %x
  %below = fcmp olt float %back, %x
  %negative = icmp slt i16 %h, 0
  %toward = sub i16 %h, 1
  %away = add i16 %h, 1
  %larger = select i1 %negative, i16 %toward, i16 %away
  %smaller = select i1 %negative, i16 %away, i16 %toward
  %magnitude_above = select i1 %negative, i1 %below, i1 %above
  %rz = select i1 %magnitude_above, i16 %toward, i16 %h
  %rm = select i1 %above, i16 %smaller, i16 %h
  %rp = select i1 %below, i16 %larger, i16 %h
  %is_rz = icmp eq i32 %rounding, 2
  %is_rm = icmp eq i32 %rounding, 3
  %is_rp = icmp eq i32 %rounding, 4
  %r1 = select i1 %is_rz, i16 %rz, i16 %h
  %r2 = select i1 %is_rm, i16 %rm, i16 %r1
  %r = select i1 %is_rp, i16 %rp, i16 %r2
  ret i16 %r
}

; .sat: clamped to [0.0, 1.0], NaN and -0.0 to +0.0
define linkonce_odr i16 @offload.nvvm.f16.saturate(i16 %a, i32 %format) #0 {
  %x = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %positive = fcmp ogt float %x, 0.0
  %low = select i1 %positive, float %x, float 0.0
  %below_one = fcmp olt float %low, 1.0
  %s = select i1 %below_one, float %low, float 1.0
  %r = call i16 @offload.nvvm.h16.from.float(float %s, i32 %format)
  ret i16 %r
}

; .relu: negative results (and -0.0) to +0.0, NaN to the canonical NaN
define linkonce_odr i16 @offload.nvvm.f16.relu(i16 %a, i32 %format) #0 {
  %x = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %nan = fcmp uno float %x, %x
  %negative = icmp slt i16 %a, 0
  %clamped = select i1 %negative, i16 0, i16 %a
  %r = select i1 %nan, i16 32767, i16 %clamped
  ret i16 %r
}

; The smaller (or larger) of two 16-bit floats, -0.0 below +0.0; where one is NaN the other, or
; with nan_wins the canonical NaN; both NaN: the canonical NaN.
define linkonce_odr i16 @offload.nvvm.f16.min.max(i16 %a, i16 %b, i1 %max, i1 %nan_wins, i32 %format) #0 {
  %x = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %y = call float @offload.nvvm.h16.to.float(i16 %b, i32 %format)
  %lt = fcmp olt float %x, %y
  %gt = fcmp ogt float %x, %y
  %either_negative = or i16 %a, %b
  %both_negative = and i16 %a, %b
  %min_equal = select i1 %gt, i16 %b, i16 %either_negative
  %min = select i1 %lt, i16 %a, i16 %min_equal
  %max_equal = select i1 %lt, i16 %b, i16 %both_negative
  %max_of = select i1 %gt, i16 %a, i16 %max_equal
  %ordered = select i1 %max, i16 %max_of, i16 %min
  %xn = fcmp uno float %x, %x
  %yn = fcmp uno float %y, %y
  %one_nan = select i1 %xn, i16 %b, i16 %a
  %any = or i1 %xn, %yn
  %both = and i1 %xn, %yn
  %nan_result = select i1 %nan_wins, i16 32767, i16 %one_nan
  %nan_both = select i1 %both, i16 32767, i16 %nan_result
  %r = select i1 %any, i16 %nan_both, i16 %ordered
  ret i16 %r
}

; op 1: add, 2: sub, 3: mul, 4 to 6: the same saturated (.sat), 7: min, 8: max, 9: min and
; 10: max with NaN where either is (.NaN)
define linkonce_odr i16 @offload.nvvm.asm.f16.binary(i16 %a, i16 %b, i32 %variant) #0 {
entry:
  %op = and i32 %variant, 255
  %format = lshr i32 %variant, 8
  %x = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %y = call float @offload.nvvm.h16.to.float(i16 %b, i32 %format)
  switch i32 %op, label %add [
    i32 2, label %sub
    i32 5, label %sub
    i32 3, label %mul
    i32 6, label %mul
    i32 7, label %min_max
    i32 8, label %min_max
    i32 9, label %min_max
    i32 10, label %min_max
  ]
add:
  %sum = fadd float %x, %y
  br label %rounded
sub:
  %difference = fsub float %x, %y
  br label %rounded
mul:
  %product = fmul float %x, %y
  br label %rounded
rounded:
  %s = phi float [ %sum, %add ], [ %difference, %sub ], [ %product, %mul ]
  %h = call i16 @offload.nvvm.h16.from.float(float %s, i32 %format)
  %saturated = call i16 @offload.nvvm.f16.saturate(i16 %h, i32 %format)
  %sat = icmp uge i32 %op, 4
  %r = select i1 %sat, i16 %saturated, i16 %h
  ret i16 %r
min_max:
  %even = and i32 %op, 1
  %max = icmp eq i32 %even, 0
  %nan_wins = icmp uge i32 %op, 9
  %m = call i16 @offload.nvvm.f16.min.max(i16 %a, i16 %b, i1 %max, i1 %nan_wins, i32 %format)
  ret i16 %m
}

; op 1: fma.rn, 2: fma.rn.sat, 3: fma.rn.relu
define linkonce_odr i16 @offload.nvvm.asm.f16.fma(i16 %a, i16 %b, i16 %c, i32 %variant) #0 {
  %op = and i32 %variant, 255
  %format = lshr i32 %variant, 8
  %xf = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %yf = call float @offload.nvvm.h16.to.float(i16 %b, i32 %format)
  %zf = call float @offload.nvvm.h16.to.float(i16 %c, i32 %format)
  %x = fpext float %xf to double
  %y = fpext float %yf to double
  %z = fpext float %zf to double
  %p = fmul double %x, %y
  %s = fadd double %p, %z
  %h = call i16 @offload.nvvm.h16.from.double(double %s, i32 %format)
  %saturated = call i16 @offload.nvvm.f16.saturate(i16 %h, i32 %format)
  %relu = call i16 @offload.nvvm.f16.relu(i16 %h, i32 %format)
  %is_sat = icmp eq i32 %op, 2
  %is_relu = icmp eq i32 %op, 3
  %r1 = select i1 %is_sat, i16 %saturated, i16 %h
  %r = select i1 %is_relu, i16 %relu, i16 %r1
  ret i16 %r
}

; fn 1: sqrt, 2: 1/sqrt, 3: 1/x, 4: e^x, 5: 2^x, 6: 10^x, 7: ln, 8: log2, 9: log10, 10: tanh, in
; double
define linkonce_odr double @offload.nvvm.f64.function(double %x, i32 %fn) #0 {
entry:
  switch i32 %fn, label %sqrt [
    i32 2, label %rsqrt
    i32 3, label %rcp
    i32 4, label %exp
    i32 5, label %exp2
    i32 6, label %exp10
    i32 7, label %log
    i32 8, label %log2
    i32 9, label %log10
    i32 10, label %tanh
  ]
sqrt:
  %v.sqrt = call double @llvm.sqrt.f64(double %x)
  ret double %v.sqrt
rsqrt:
  %root = call double @llvm.sqrt.f64(double %x)
  %v.rsqrt = fdiv double 1.0, %root
  ret double %v.rsqrt
rcp:
  %v.rcp = fdiv double 1.0, %x
  ret double %v.rcp
exp:
  %v.exp = call double @llvm.exp.f64(double %x)
  ret double %v.exp
exp2:
  %v.exp2 = call double @llvm.exp2.f64(double %x)
  ret double %v.exp2
exp10:
  %v.exp10 = call double @exp10(double %x)
  ret double %v.exp10
log:
  %v.log = call double @llvm.log.f64(double %x)
  ret double %v.log
log2:
  %v.log2 = call double @llvm.log2.f64(double %x)
  ret double %v.log2
log10:
  %v.log10 = call double @llvm.log10.f64(double %x)
  ret double %v.log10
tanh:
  %v.tanh = call double @tanh(double %x)
  ret double %v.tanh
}

; the function (as f64.function) of a 16-bit float, rounded once
define linkonce_odr i16 @offload.nvvm.asm.f16.function(i16 %a, i32 %variant) #0 {
  %fn = and i32 %variant, 255
  %format = lshr i32 %variant, 8
  %f = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %x = fpext float %f to double
  %v = call double @offload.nvvm.f64.function(double %x, i32 %fn)
  %r = call i16 @offload.nvvm.h16.from.double(double %v, i32 %format)
  ret i16 %r
}

; PTX's float approximations (cuda_bf16.h computes its functions with them): computed in double
; and rounded once to float
define linkonce_odr float @offload.nvvm.asm.f32.function(float %f, i32 %fn) #0 {
  %x = fpext float %f to double
  %v = call double @offload.nvvm.f64.function(double %x, i32 %fn)
  %r = fptrunc double %v to float
  ret float %r
}

define linkonce_odr float @offload.nvvm.asm.div.f32(float %x, float %y) #0 {
  %r = fdiv float %x, %y
  ret float %r
}

define linkonce_odr double @offload.nvvm.asm.cvt.f64.f32(float %x) #0 {
  %r = fpext float %x to double
  ret double %r
}

define linkonce_odr float @offload.nvvm.asm.cvt.rn.f32.f64(double %x) #0 {
  %r = fptrunc double %x to float
  ret float %r
}

; to an integer in float, mode 1: to nearest even, 2: toward zero, 3: down, 4: up
define linkonce_odr float @offload.nvvm.asm.f32.round(float %x, i32 %mode) #0 {
  %even = call float @llvm.rint.f32(float %x)
  %zero = call float @llvm.trunc.f32(float %x)
  %down = call float @llvm.floor.f32(float %x)
  %up = call float @llvm.ceil.f32(float %x)
  %is_zero = icmp eq i32 %mode, 2
  %is_down = icmp eq i32 %mode, 3
  %is_up = icmp eq i32 %mode, 4
  %r1 = select i1 %is_zero, float %zero, float %even
  %r2 = select i1 %is_down, float %down, float %r1
  %r = select i1 %is_up, float %up, float %r2
  ret float %r
}

; the same for a 16-bit float (exact in float)
define linkonce_odr i16 @offload.nvvm.asm.f16.round(i16 %a, i32 %variant) #0 {
  %mode = and i32 %variant, 255
  %format = lshr i32 %variant, 8
  %x = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %i = call float @offload.nvvm.asm.f32.round(float %x, i32 %mode)
  %r = call i16 @offload.nvvm.h16.from.float(float %i, i32 %format)
  ret i16 %r
}

; float to an integer, mode: rounding (as f32.round) * 16 + type (1: s8, 2: u8, 3: s16, 4: u16,
; 5: s32, 6: u32, 7: s64, 8: u64): rounded, saturated to the type's range, NaN to 0 (to
; 0x8000000000000000 for the 64-bit types, as PTX's cvt), extended by its sign (or zeros) to 64
; bits; the narrower forms take the low bits
define linkonce_odr i64 @offload.nvvm.asm.cvt.i64.f32(float %f, i32 %mode) #0 {
  %rounding0 = lshr i32 %mode, 4
  %rounding = and i32 %rounding0, 15
  %type = and i32 %mode, 15
  %x = call float @offload.nvvm.asm.f32.round(float %f, i32 %rounding)
  %pair = sub i32 %type, 1
  %log = lshr i32 %pair, 1
  %width32 = shl i32 8, %log
  %width = zext i32 %width32 to i64
  %sign_bit = sub i64 %width, 1
  %top = shl i64 1, %sign_bit
  %smax = sub i64 %top, 1
  %smin = sub i64 -1, %smax
  %s = call i64 @llvm.fptosi.sat.i64.f32(float %x)
  %s_high = icmp sgt i64 %s, %smax
  %s1 = select i1 %s_high, i64 %smax, i64 %s
  %s_low = icmp slt i64 %s1, %smin
  %signed_value = select i1 %s_low, i64 %smin, i64 %s1
  %unused = sub i64 64, %width
  %umax = lshr i64 -1, %unused
  %u = call i64 @llvm.fptoui.sat.i64.f32(float %x)
  %u_high = icmp ugt i64 %u, %umax
  %unsigned_value = select i1 %u_high, i64 %umax, i64 %u
  %odd = and i32 %type, 1
  %is_signed = icmp eq i32 %odd, 1
  %value = select i1 %is_signed, i64 %signed_value, i64 %unsigned_value
  %nan = fcmp uno float %x, %x
  %is_64 = icmp eq i32 %width32, 64
  %nan_value = select i1 %is_64, i64 -9223372036854775808, i64 0
  %r = select i1 %nan, i64 %nan_value, i64 %value
  ret i64 %r
}

define linkonce_odr i32 @offload.nvvm.asm.cvt.i32.f32(float %f, i32 %mode) #0 {
  %v = call i64 @offload.nvvm.asm.cvt.i64.f32(float %f, i32 %mode)
  %r = trunc i64 %v to i32
  ret i32 %r
}

; a 16-bit float to an integer (as cvt.i64.f32, the format in the mode's bits 8 and up)
define linkonce_odr i64 @offload.nvvm.asm.cvt.i64.f16(i16 %a, i32 %variant) #0 {
  %mode = and i32 %variant, 255
  %format = lshr i32 %variant, 8
  %x = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %r = call i64 @offload.nvvm.asm.cvt.i64.f32(float %x, i32 %mode)
  ret i64 %r
}

define linkonce_odr i32 @offload.nvvm.asm.cvt.i32.f16(i16 %a, i32 %variant) #0 {
  %v = call i64 @offload.nvvm.asm.cvt.i64.f16(i16 %a, i32 %variant)
  %r = trunc i64 %v to i32
  ret i32 %r
}

define linkonce_odr i16 @offload.nvvm.asm.cvt.i16.f16(i16 %a, i32 %variant) #0 {
  %v = call i64 @offload.nvvm.asm.cvt.i64.f16(i16 %a, i32 %variant)
  %r = trunc i64 %v to i16
  ret i16 %r
}

; to an 8-bit integer in the low byte of a 16-bit register whose high byte is 0 (cuda_bf16.h's
; "mov.b16 %0, {byte, 0}")
define linkonce_odr i16 @offload.nvvm.asm.cvt.i8.f16(i16 %a, i32 %variant) #0 {
  %v = call i64 @offload.nvvm.asm.cvt.i64.f16(i16 %a, i32 %variant)
  %r = and i64 %v, 255
  %t = trunc i64 %r to i16
  ret i16 %t
}

; a 64-bit integer to double rounded to odd (toward zero, the last bit set when inexact): its
; top 53 bits, or-ed with whether any below them is set, scaled back, exact; double's bits beyond
; float's make rounding that once more, to nearest or in any direction, correct
define linkonce_odr double @offload.nvvm.i64.to.double.odd(i64 %n, i1 %signed) #0 {
  %below_zero = icmp slt i64 %n, 0
  %negative = and i1 %signed, %below_zero
  %minus = sub i64 0, %n
  %m = select i1 %negative, i64 %minus, i64 %n
  %lead = call i64 @llvm.ctlz.i64(i64 %m, i1 false)
  %used = sub i64 64, %lead
  %beyond = sub i64 %used, 53
  %wide = icmp sgt i64 %beyond, 0
  %shift = select i1 %wide, i64 %beyond, i64 0
  %kept = lshr i64 %m, %shift
  %one = shl i64 1, %shift
  %mask = sub i64 %one, 1
  %dropped = and i64 %m, %mask
  %inexact = icmp ne i64 %dropped, 0
  %sticky = zext i1 %inexact to i64
  %odd = or i64 %kept, %sticky
  %d = uitofp i64 %odd to double
  %biased = add i64 %shift, 1023
  %scale_bits = shl i64 %biased, 52
  %scale = bitcast i64 %scale_bits to double
  %magnitude = fmul double %d, %scale
  %negated = fneg double %magnitude
  %r = select i1 %negative, double %negated, double %magnitude
  ret double %r
}

; ll2f and ull2f toward zero, down and up (cuda_bf16.h's conversions from 64-bit integers)
define linkonce_odr float @offload.nvvm.ll2f.rz(i64 %x) #0 {
  %s = call double @offload.nvvm.i64.to.double.odd(i64 %x, i1 true)
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 0, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ll2f.rm(i64 %x) #0 {
  %s = call double @offload.nvvm.i64.to.double.odd(i64 %x, i1 true)
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 1, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ll2f.rp(i64 %x) #0 {
  %s = call double @offload.nvvm.i64.to.double.odd(i64 %x, i1 true)
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 2, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ull2f.rz(i64 %x) #0 {
  %s = call double @offload.nvvm.i64.to.double.odd(i64 %x, i1 false)
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 0, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ull2f.rm(i64 %x) #0 {
  %s = call double @offload.nvvm.i64.to.double.odd(i64 %x, i1 false)
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 1, double %n)
  ret float %r
}

define linkonce_odr float @offload.nvvm.ull2f.rp(i64 %x) #0 {
  %s = call double @offload.nvvm.i64.to.double.odd(i64 %x, i1 false)
  %n = fneg double %s
  %r = call float @offload.nvvm.directed.f(double %s, double 0.0, i32 2, double %n)
  ret float %r
}

; an integer to a 16-bit float, mode: rounding (as cvt.f16.f32) * 16 + 1 for signed, 2 for
; unsigned, the format in bits 8 and up
define linkonce_odr i16 @offload.nvvm.asm.cvt.f16.i64(i64 %n, i32 %mode) #0 {
  %rounding0 = lshr i32 %mode, 4
  %rounding = and i32 %rounding0, 15
  %format = lshr i32 %mode, 8
  %kind = and i32 %mode, 15
  %is_signed = icmp eq i32 %kind, 1
  %d = call double @offload.nvvm.i64.to.double.odd(i64 %n, i1 %is_signed)
  %x = call float @offload.nvvm.double.to.float.odd(double %d)
  %variant0 = shl i32 %format, 8
  %variant = or i32 %variant0, %rounding
  %r = call i16 @offload.nvvm.asm.cvt.f16.f32(float %x, i32 %variant)
  ret i16 %r
}

define linkonce_odr i16 @offload.nvvm.asm.cvt.f16.i32(i32 %n, i32 %mode) #0 {
  %kind = and i32 %mode, 15
  %is_signed = icmp eq i32 %kind, 1
  %s = sext i32 %n to i64
  %u = zext i32 %n to i64
  %w = select i1 %is_signed, i64 %s, i64 %u
  %r = call i16 @offload.nvvm.asm.cvt.f16.i64(i64 %w, i32 %mode)
  ret i16 %r
}

define linkonce_odr i16 @offload.nvvm.asm.cvt.f16.i16(i16 %n, i32 %mode) #0 {
  %kind = and i32 %mode, 15
  %is_signed = icmp eq i32 %kind, 1
  %s = sext i16 %n to i64
  %u = zext i16 %n to i64
  %w = select i1 %is_signed, i64 %s, i64 %u
  %r = call i16 @offload.nvvm.asm.cvt.f16.i64(i64 %w, i32 %mode)
  ret i16 %r
}

define linkonce_odr i16 @offload.nvvm.asm.neg.f16(i16 %a) #0 {
  %r = xor i16 %a, -32768
  ret i16 %r
}

define linkonce_odr i16 @offload.nvvm.asm.abs.f16(i16 %a) #0 {
  %r = and i16 %a, 32767
  ret i16 %r
}

; Comparisons, predicate 1: eq, 2: ne, 3: lt, 4: le, 5: gt, 6: ge (false where either is NaN),
; 7: equ, 8: neu, 9: ltu, 10: leu, 11: gtu, 12: geu (true there), 13: nan (either is NaN)
define linkonce_odr i1 @offload.nvvm.f16.holds(i16 %a, i16 %b, i32 %variant) #0 {
entry:
  %predicate = and i32 %variant, 255
  %format = lshr i32 %variant, 8
  %x = call float @offload.nvvm.h16.to.float(i16 %a, i32 %format)
  %y = call float @offload.nvvm.h16.to.float(i16 %b, i32 %format)
  switch i32 %predicate, label %eq [
    i32 2, label %ne
    i32 3, label %lt
    i32 4, label %le
    i32 5, label %gt
    i32 6, label %ge
    i32 7, label %equ
    i32 8, label %neu
    i32 9, label %ltu
    i32 10, label %leu
    i32 11, label %gtu
    i32 12, label %geu
    i32 13, label %nan
  ]
eq:
  %c.eq = fcmp oeq float %x, %y
  ret i1 %c.eq
ne:
  %c.ne = fcmp one float %x, %y
  ret i1 %c.ne
lt:
  %c.lt = fcmp olt float %x, %y
  ret i1 %c.lt
le:
  %c.le = fcmp ole float %x, %y
  ret i1 %c.le
gt:
  %c.gt = fcmp ogt float %x, %y
  ret i1 %c.gt
ge:
  %c.ge = fcmp oge float %x, %y
  ret i1 %c.ge
equ:
  %c.equ = fcmp ueq float %x, %y
  ret i1 %c.equ
neu:
  %c.neu = fcmp une float %x, %y
  ret i1 %c.neu
ltu:
  %c.ltu = fcmp ult float %x, %y
  ret i1 %c.ltu
leu:
  %c.leu = fcmp ule float %x, %y
  ret i1 %c.leu
gtu:
  %c.gtu = fcmp ugt float %x, %y
  ret i1 %c.gtu
geu:
  %c.geu = fcmp uge float %x, %y
  ret i1 %c.geu
nan:
  %c.nan = fcmp uno float %x, %y
  ret i1 %c.nan
}

; setp with selp.u16 1, 0: 1 where the comparison holds
define linkonce_odr i16 @offload.nvvm.asm.setp.f16(i16 %a, i16 %b, i32 %predicate) #0 {
  %holds = call i1 @offload.nvvm.f16.holds(i16 %a, i16 %b, i32 %predicate)
  %r = zext i1 %holds to i16
  ret i16 %r
}

; set.<cmp>.f16.f16 (.bf16.bf16): 1.0 where it holds, else 0.0
define linkonce_odr i16 @offload.nvvm.asm.set.f16(i16 %a, i16 %b, i32 %predicate) #0 {
  %holds = call i1 @offload.nvvm.f16.holds(i16 %a, i16 %b, i32 %predicate)
  %format = lshr i32 %predicate, 8
  %is_bf16 = icmp eq i32 %format, 1
  %one = select i1 %is_bf16, i16 16256, i16 15360
  %r = select i1 %holds, i16 %one, i16 0
  ret i16 %r
}

; set.nan with the one operand twice (cuda_bf16.h's __hisnan)
define linkonce_odr i16 @offload.nvvm.asm.set.f16.self(i16 %a, i32 %predicate) #0 {
  %r = call i16 @offload.nvvm.asm.set.f16(i16 %a, i16 %a, i32 %predicate)
  ret i16 %r
}

; set.<cmp>.f32.f32 on two bfloat16 widened to float: 1.0f where it holds, else 0.0f, as bits
define linkonce_odr i32 @offload.nvvm.asm.set.f32.f16(i16 %a, i16 %b, i32 %predicate) #0 {
  %holds = call i1 @offload.nvvm.f16.holds(i16 %a, i16 %b, i32 %predicate)
  %r = select i1 %holds, i32 1065353216, i32 0
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.set.f32.f16.self(i16 %a, i32 %predicate) #0 {
  %r = call i32 @offload.nvvm.asm.set.f32.f16(i16 %a, i16 %a, i32 %predicate)
  ret i32 %r
}

; Pairs: built from halves, taken apart, rearranged
define linkonce_odr i32 @offload.nvvm.asm.pack.f16x2(i16 %low, i16 %high) #0 {
  %l = zext i16 %low to i32
  %h0 = zext i16 %high to i32
  %h = shl i32 %h0, 16
  %r = or i32 %h, %l
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.pack.same.f16x2(i16 %a) #0 {
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %a, i16 %a)
  ret i32 %r
}

define linkonce_odr i16 @offload.nvvm.asm.low.f16(i32 %v) #0 {
  %r = trunc i32 %v to i16
  ret i16 %r
}

define linkonce_odr i16 @offload.nvvm.asm.high.f16(i32 %v) #0 {
  %s = lshr i32 %v, 16
  %r = trunc i32 %s to i16
  ret i16 %r
}

define linkonce_odr float @offload.nvvm.asm.low.f32.f16x2(i32 %v) #0 {
  %h = call i16 @offload.nvvm.asm.low.f16(i32 %v)
  %r = call float @offload.nvvm.asm.cvt.f32.f16(i16 %h)
  ret float %r
}

define linkonce_odr float @offload.nvvm.asm.high.f32.f16x2(i32 %v) #0 {
  %h = call i16 @offload.nvvm.asm.high.f16(i32 %v)
  %r = call float @offload.nvvm.asm.cvt.f32.f16(i16 %h)
  ret float %r
}

define linkonce_odr i32 @offload.nvvm.asm.cvt.rn.f16x2.f32(float %low, float %high) #0 {
  %l = call i16 @offload.nvvm.asm.cvt.rn.f16.f32(float %low)
  %h = call i16 @offload.nvvm.asm.cvt.rn.f16.f32(float %high)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.cvt.rn.f16x2.same.f32(float %x) #0 {
  %h = call i16 @offload.nvvm.asm.cvt.rn.f16.f32(float %x)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %h, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.cvt.rn.bf16x2.f32(float %low, float %high) #0 {
  %l = call i16 @offload.nvvm.asm.cvt.rn.bf16.f32(float %low)
  %h = call i16 @offload.nvvm.asm.cvt.rn.bf16.f32(float %high)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.cvt.rn.bf16x2.same.f32(float %x) #0 {
  %h = call i16 @offload.nvvm.asm.cvt.rn.bf16.f32(float %x)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %h, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.f16x2.low.low(i32 %v) #0 {
  %l = call i16 @offload.nvvm.asm.low.f16(i32 %v)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %l)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.f16x2.high.low(i32 %v) #0 {
  %l = call i16 @offload.nvvm.asm.low.f16(i32 %v)
  %h = call i16 @offload.nvvm.asm.high.f16(i32 %v)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %h, i16 %l)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.f16x2.high.high(i32 %v) #0 {
  %h = call i16 @offload.nvvm.asm.high.f16(i32 %v)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %h, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.f16x2.lows(i32 %a, i32 %b) #0 {
  %x = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %y = call i16 @offload.nvvm.asm.low.f16(i32 %b)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %x, i16 %y)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.f16x2.highs(i32 %a, i32 %b) #0 {
  %x = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %y = call i16 @offload.nvvm.asm.high.f16(i32 %b)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %x, i16 %y)
  ret i32 %r
}

; .f16x2: the half operation on each half (the same variants)
define linkonce_odr i32 @offload.nvvm.asm.f16x2.binary(i32 %a, i32 %b, i32 %op) #0 {
  %al = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %bl = call i16 @offload.nvvm.asm.low.f16(i32 %b)
  %ah = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %bh = call i16 @offload.nvvm.asm.high.f16(i32 %b)
  %l = call i16 @offload.nvvm.asm.f16.binary(i16 %al, i16 %bl, i32 %op)
  %h = call i16 @offload.nvvm.asm.f16.binary(i16 %ah, i16 %bh, i32 %op)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.f16x2.fma(i32 %a, i32 %b, i32 %c, i32 %op) #0 {
  %al = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %bl = call i16 @offload.nvvm.asm.low.f16(i32 %b)
  %cl = call i16 @offload.nvvm.asm.low.f16(i32 %c)
  %ah = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %bh = call i16 @offload.nvvm.asm.high.f16(i32 %b)
  %ch = call i16 @offload.nvvm.asm.high.f16(i32 %c)
  %l = call i16 @offload.nvvm.asm.f16.fma(i16 %al, i16 %bl, i16 %cl, i32 %op)
  %h = call i16 @offload.nvvm.asm.f16.fma(i16 %ah, i16 %bh, i16 %ch, i32 %op)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.f16x2.function(i32 %a, i32 %fn) #0 {
  %al = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %ah = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %l = call i16 @offload.nvvm.asm.f16.function(i16 %al, i32 %fn)
  %h = call i16 @offload.nvvm.asm.f16.function(i16 %ah, i32 %fn)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.f16x2.round(i32 %a, i32 %mode) #0 {
  %al = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %ah = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %l = call i16 @offload.nvvm.asm.f16.round(i16 %al, i32 %mode)
  %h = call i16 @offload.nvvm.asm.f16.round(i16 %ah, i32 %mode)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %r
}

; set.<cmp>.f16x2.f16x2: 1.0 in each half where it holds; set.<cmp>.u32.f16x2: all ones there
define linkonce_odr i32 @offload.nvvm.asm.set.f16x2(i32 %a, i32 %b, i32 %predicate) #0 {
  %al = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %bl = call i16 @offload.nvvm.asm.low.f16(i32 %b)
  %ah = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %bh = call i16 @offload.nvvm.asm.high.f16(i32 %b)
  %l = call i16 @offload.nvvm.asm.set.f16(i16 %al, i16 %bl, i32 %predicate)
  %h = call i16 @offload.nvvm.asm.set.f16(i16 %ah, i16 %bh, i32 %predicate)
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.set.f16x2.self(i32 %a, i32 %predicate) #0 {
  %r = call i32 @offload.nvvm.asm.set.f16x2(i32 %a, i32 %a, i32 %predicate)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.set.u32.f16x2(i32 %a, i32 %b, i32 %predicate) #0 {
  %al = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %bl = call i16 @offload.nvvm.asm.low.f16(i32 %b)
  %ah = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %bh = call i16 @offload.nvvm.asm.high.f16(i32 %b)
  %lh = call i1 @offload.nvvm.f16.holds(i16 %al, i16 %bl, i32 %predicate)
  %hh = call i1 @offload.nvvm.f16.holds(i16 %ah, i16 %bh, i32 %predicate)
  %l = sext i1 %lh to i16
  %h = sext i1 %hh to i16
  %r = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.neg.f16x2(i32 %a) #0 {
  %r = xor i32 %a, -2147450880
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.abs.f16x2(i32 %a) #0 {
  %r = and i32 %a, 2147450879
  ret i32 %r
}

; hsin and hcos compute in float with the header's own polynomial, which runs here as on a GPU,
; round to half, then correct chosen inputs as these blocks do: r + ulp where |a| is spc (fma.rn
; with 1.0 or 0.0), for hsin on |r| with r's sign put back
define linkonce_odr i16 @offload.nvvm.f16.spec.case(i16 %i, i16 %r, i16 %spc, i16 %ulp) #0 {
  %hit = call i1 @offload.nvvm.f16.holds(i16 %i, i16 %spc, i32 1)
  %p = select i1 %hit, i16 15360, i16 0
  %s = call i16 @offload.nvvm.asm.f16.fma(i16 %p, i16 %ulp, i16 %r, i32 1)
  ret i16 %s
}

define linkonce_odr i16 @offload.nvvm.asm.sin.f16.correct(i16 %a, i16 %r) #0 {
  %sign = and i16 %r, -32768
  %magnitude = and i16 %r, 32767
  %i = and i16 %a, 32767
  %r1 = call i16 @offload.nvvm.f16.spec.case(i16 %i, i16 %magnitude, i16 12979, i16 2048)
  %r2 = call i16 @offload.nvvm.f16.spec.case(i16 %i, i16 %r1, i16 23728, i16 -28672)
  %s = or i16 %r2, %sign
  ret i16 %s
}

define linkonce_odr i16 @offload.nvvm.asm.cos.f16.correct(i16 %a, i16 %r) #0 {
  %i = and i16 %a, 32767
  %s = call i16 @offload.nvvm.f16.spec.case(i16 %i, i16 %r, i16 11132, i16 4096)
  ret i16 %s
}

define linkonce_odr i32 @offload.nvvm.asm.sin.f16x2.correct(i32 %a, i32 %r) #0 {
  %al = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %rl = call i16 @offload.nvvm.asm.low.f16(i32 %r)
  %ah = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %rh = call i16 @offload.nvvm.asm.high.f16(i32 %r)
  %l = call i16 @offload.nvvm.asm.sin.f16.correct(i16 %al, i16 %rl)
  %h = call i16 @offload.nvvm.asm.sin.f16.correct(i16 %ah, i16 %rh)
  %s = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %s
}

define linkonce_odr i32 @offload.nvvm.asm.cos.f16x2.correct(i32 %a, i32 %r) #0 {
  %al = call i16 @offload.nvvm.asm.low.f16(i32 %a)
  %rl = call i16 @offload.nvvm.asm.low.f16(i32 %r)
  %ah = call i16 @offload.nvvm.asm.high.f16(i32 %a)
  %rh = call i16 @offload.nvvm.asm.high.f16(i32 %r)
  %l = call i16 @offload.nvvm.asm.cos.f16.correct(i16 %al, i16 %rl)
  %h = call i16 @offload.nvvm.asm.cos.f16.correct(i16 %ah, i16 %rh)
  %s = call i32 @offload.nvvm.asm.pack.f16x2(i16 %l, i16 %h)
  ret i32 %s
}

; min.f32 and max.f32 (cuda_fp16.h's __hmin and __hmax before sm_80): where one is NaN the
; other; -0.0 below +0.0 (the bits of two zeros or-ed for the minimum, and-ed for the maximum)
define linkonce_odr float @offload.nvvm.asm.min.f32(float %x, float %y) #0 {
  %m = call float @llvm.minnum.f32(float %x, float %y)
  %xb = bitcast float %x to i32
  %yb = bitcast float %y to i32
  %either_negative = or i32 %xb, %yb
  %zero = bitcast i32 %either_negative to float
  %x0 = fcmp oeq float %x, 0.0
  %y0 = fcmp oeq float %y, 0.0
  %zeros = and i1 %x0, %y0
  %r = select i1 %zeros, float %zero, float %m
  ret float %r
}

define linkonce_odr float @offload.nvvm.asm.max.f32(float %x, float %y) #0 {
  %m = call float @llvm.maxnum.f32(float %x, float %y)
  %xb = bitcast float %x to i32
  %yb = bitcast float %y to i32
  %both_negative = and i32 %xb, %yb
  %zero = bitcast i32 %both_negative to float
  %x0 = fcmp oeq float %x, 0.0
  %y0 = fcmp oeq float %y, 0.0
  %zeros = and i1 %x0, %y0
  %r = select i1 %zeros, float %zero, float %m
  ret float %r
}

; cuda_fp16.h's own shuffles (value, lane or lane mask, c, mask) and its warp size
define linkonce_odr i32 @offload.nvvm.asm.shfl.bfly(i32 %v, i32 %b, i32 %c, i32 %m) #1 {
  %r = call i32 @offload.nvvm.shfl.sync.bfly.i32(i32 %m, i32 %v, i32 %b, i32 %c)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.shfl.idx(i32 %v, i32 %b, i32 %c, i32 %m) #1 {
  %r = call i32 @offload.nvvm.shfl.sync.idx.i32(i32 %m, i32 %v, i32 %b, i32 %c)
  ret i32 %r
}

define linkonce_odr i32 @offload.nvvm.asm.warp.size() #0 {
  ret i32 32
}

; Loads and stores with cache hints (.ca, .cg, .cs, .lu, .cv, .nc; .wb, .wt): plain on the host
define linkonce_odr i16 @offload.nvvm.asm.ld.b16(i8* %p) #0 {
  %q = bitcast i8* %p to i16*
  %r = load i16, i16* %q, align 2
  ret i16 %r
}

define linkonce_odr i32 @offload.nvvm.asm.ld.b32(i8* %p) #0 {
  %q = bitcast i8* %p to i32*
  %r = load i32, i32* %q, align 4
  ret i32 %r
}

define linkonce_odr void @offload.nvvm.asm.st.b16(i8* %p, i16 %v) #0 {
  %q = bitcast i8* %p to i16*
  store i16 %v, i16* %q, align 2
  ret void
}

define linkonce_odr void @offload.nvvm.asm.st.b32(i8* %p, i32 %v) #0 {
  %q = bitcast i8* %p to i32*
  store i32 %v, i32* %q, align 4
  ret void
}

; atom.add.noftz.f16 and .f16x2 (atomicAdd on __half and __half2; .bf16 and .bf16x2 with the
; variant's format): compare-and-swap until the sum is stored over the value it was computed from;
; the old value
define linkonce_odr i16 @offload.nvvm.asm.atom.add.f16(i8* %p, i16 %v, i32 %variant) #0 {
entry:
  %q = bitcast i8* %p to i16*
  %first = load atomic i16, i16* %q monotonic, align 2
  br label %retry
retry:
  %old = phi i16 [ %first, %entry ], [ %seen, %retry ]
  %new = call i16 @offload.nvvm.asm.f16.binary(i16 %old, i16 %v, i32 %variant)
  %pair = cmpxchg i16* %q, i16 %old, i16 %new monotonic monotonic
  %seen = extractvalue { i16, i1 } %pair, 0
  %stored = extractvalue { i16, i1 } %pair, 1
  br i1 %stored, label %done, label %retry
done:
  ret i16 %old
}

define linkonce_odr i32 @offload.nvvm.asm.atom.add.f16x2(i8* %p, i32 %v, i32 %variant) #0 {
entry:
  %q = bitcast i8* %p to i32*
  %first = load atomic i32, i32* %q monotonic, align 4
  br label %retry
retry:
  %old = phi i32 [ %first, %entry ], [ %seen, %retry ]
  %new = call i32 @offload.nvvm.asm.f16x2.binary(i32 %old, i32 %v, i32 %variant)
  %pair = cmpxchg i32* %q, i32 %old, i32 %new monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %stored = extractvalue { i32, i1 } %pair, 1
  br i1 %stored, label %done, label %retry
done:
  ret i32 %old
}

; ---- The CUDA runtime's device functions. __assertfail sends CUDA's message as a failed
; assertion (offload.rpc.assert, offload_abort's kin), after which the thread leaves its kernel
; (the lowering turns the `unreachable` clang puts after the call into a return).
@offload.nvvm.assert.format = private unnamed_addr constant [72 x i8] c"%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\00"
define linkonce_odr void @__assertfail(i8* %message, i8* %file, i32 %line, i8* %function, i64 %size) #0 {
  %buffer = alloca [512 x i8], align 1
  %text = getelementptr inbounds [512 x i8], [512 x i8]* %buffer, i64 0, i64 0
  %format = getelementptr inbounds [72 x i8], [72 x i8]* @offload.nvvm.assert.format, i64 0, i64 0
  %bx = call i32 @offload_block_id(i32 0)
  %by = call i32 @offload_block_id(i32 1)
  %bz = call i32 @offload_block_id(i32 2)
  %tx = call i32 @offload_thread_id(i32 0)
  %ty = call i32 @offload_thread_id(i32 1)
  %tz = call i32 @offload_thread_id(i32 2)
  %n = call i32 (i8*, i64, i8*, ...) @snprintf(i8* %text, i64 512, i8* %format, i8* %file, i32 %line, i8* %function, i32 %bx, i32 %by, i32 %bz, i32 %tx, i32 %ty, i32 %tz, i8* %message)
  call void @offload.rpc.assert(i8* %text)
  ret void
}

define linkonce_odr void @offload.nvvm.trap() #0 {
  %m = getelementptr inbounds [23 x i8], [23 x i8]* @offload.nvvm.trap.message, i64 0, i64 0
  call void @offload_abort(i8* %m)
  ret void
}

@offload.nvvm.trap.message = private unnamed_addr constant [23 x i8] c"the kernel called trap\00"
attributes #0 = { alwaysinline nounwind }
attributes #1 = { alwaysinline convergent nounwind }
