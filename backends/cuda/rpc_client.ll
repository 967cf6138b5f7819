; backends/cuda/rpc_client.ll — NVIDIA GPUs' part of the RPC client (rpc/client_types.ll says how
; the parts make one): the client global, and the helpers of rpc/client.ll for a warp, with the
; *.sync warp primitives and activemask of PTX 6.0 / sm_70. rpc/client_gpu_waits.ll follows it.

; The client global, which the runtime fills: in the global address space
@offload_rpc_client = linkonce_odr addrspace(1) global %offload.rpc.client zeroinitializer, align 8
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
define linkonce_odr %offload.rpc.client* @offload.rpc.client() #0 {
  ret %offload.rpc.client* addrspacecast (%offload.rpc.client addrspace(1)* @offload_rpc_client to %offload.rpc.client*)
}

; LLVM 14 has no activemask intrinsic
define linkonce_odr i64 @offload.rpc.mask() #0 {
  %a = call i32 asm sideeffect "activemask.b32 $0;", "=r"()
  %r = zext i32 %a to i64
  ret i64 %r
}

define linkonce_odr i32 @offload.rpc.lane() #0 {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  ret i32 %r
}

define linkonce_odr i32 @offload.rpc.broadcast(i64 %m, i32 %v) #0 {
  %l = call i64 @llvm.cttz.i64(i64 %m, i1 true)
  %l32 = trunc i64 %l to i32
  %m32 = trunc i64 %m to i32
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %m32, i32 %v, i32 %l32, i32 31)
  ret i32 %r
}

define linkonce_odr void @offload.rpc.sync(i64 %m) #0 {
  %m32 = trunc i64 %m to i32
  call void @llvm.nvvm.bar.warp.sync(i32 %m32)
  ret void
}

define linkonce_odr void @offload.rpc.pause() #0 {
  ret void
}

define linkonce_odr void @offload.rpc.end_thread() #0 {
  call void asm sideeffect "exit;", ""()
  unreachable
}

; LLVM 14's NVPTX selects no IR fence: membar.sys orders at system scope both ways.
declare void @llvm.nvvm.membar.sys()
define linkonce_odr void @offload.rpc.release() #0 {
  call void @llvm.nvvm.membar.sys()
  ret void
}

define linkonce_odr void @offload.rpc.acquire() #0 {
  call void @llvm.nvvm.membar.sys()
  ret void
}

declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
define linkonce_odr i1 @offload.rpc.all(i64 %m, i1 %p) #0 {
  %m32 = trunc i64 %m to i32
  %r = call i1 @llvm.nvvm.vote.all.sync(i32 %m32, i1 %p)
  ret i1 %r
}
