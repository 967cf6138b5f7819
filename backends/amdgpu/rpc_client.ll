; backends/amdgpu/rpc_client.ll — AMD GPUs' part of the RPC client (rpc/client_types.ll says how
; the parts make one): the client global, and the helpers of rpc/client.ll for a wavefront, which
; runs its lanes in lockstep, so the first active lane is the leader and readfirstlane broadcasts;
; abort ends the wavefront. A ballot on wave32 is ballot.i32, zero-extended (LLVM 14 cannot select
; ballot.i64 there; the select on the wave size folds before instruction selection), as the device
; library's (backends/amdgpu/device_library.ll). rpc/client_gpu_waits.ll follows it.

; The client global, which the runtime fills: in the global address space
@offload_rpc_client = linkonce_odr addrspace(1) global %offload.rpc.client zeroinitializer, align 8
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i32 @llvm.amdgcn.ballot.i32(i1)
declare i32 @llvm.amdgcn.wavefrontsize()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane(i32)
declare void @llvm.amdgcn.wave.barrier()
declare void @llvm.amdgcn.s.sleep(i32)
declare void @llvm.amdgcn.endpgm()
define linkonce_odr %offload.rpc.client* @offload.rpc.client() #0 {
  ret %offload.rpc.client* addrspacecast (%offload.rpc.client addrspace(1)* @offload_rpc_client to %offload.rpc.client*)
}

define linkonce_odr i64 @offload.rpc.ballot(i1 %p) #0 {
  %w = call i32 @llvm.amdgcn.wavefrontsize()
  %w32 = icmp eq i32 %w, 32
  %m32 = call i32 @llvm.amdgcn.ballot.i32(i1 %p)
  %z = zext i32 %m32 to i64
  %m64 = call i64 @llvm.amdgcn.ballot.i64(i1 %p)
  %r = select i1 %w32, i64 %z, i64 %m64
  ret i64 %r
}

define linkonce_odr i64 @offload.rpc.mask() #0 {
  %r = call i64 @offload.rpc.ballot(i1 true)
  ret i64 %r
}

define linkonce_odr i32 @offload.rpc.lane() #0 {
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %r = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  ret i32 %r
}

define linkonce_odr i32 @offload.rpc.broadcast(i64 %m, i32 %v) #0 {
  %r = call i32 @llvm.amdgcn.readfirstlane(i32 %v)
  ret i32 %r
}

define linkonce_odr void @offload.rpc.sync(i64 %m) #0 {
  call void @llvm.amdgcn.wave.barrier()
  ret void
}

define linkonce_odr void @offload.rpc.pause() #0 {
  call void @llvm.amdgcn.s.sleep(i32 1)
  ret void
}

define linkonce_odr void @offload.rpc.end_thread() #0 {
  call void @llvm.amdgcn.endpgm()
  unreachable
}

define linkonce_odr void @offload.rpc.release() #0 {
  fence release
  ret void
}

define linkonce_odr void @offload.rpc.acquire() #0 {
  fence acquire
  ret void
}

define linkonce_odr i1 @offload.rpc.all(i64 %m, i1 %p) #0 {
  %b = call i64 @offload.rpc.ballot(i1 %p)
  %r = icmp eq i64 %b, %m
  ret i1 %r
}
