; backends/host/rpc_client.ll — the host device's part of the RPC client (rpc/client_types.ll says
; how the parts make one): the client global, and the helpers of rpc/client.ll for a host thread,
; a warp of one lane. Waits call into the runtime, whose functions' addresses the port header and
; the output buffer's head hold.

; The client global, which the runtime fills (an address space of its own only on GPUs)
@offload_rpc_client = linkonce_odr global %offload.rpc.client zeroinitializer, align 8
declare i32 @sched_yield() nounwind
define linkonce_odr %offload.rpc.client* @offload.rpc.client() #0 {
  ret %offload.rpc.client* @offload_rpc_client
}

define linkonce_odr i64 @offload.rpc.mask() #0 {
  ret i64 1
}

define linkonce_odr i32 @offload.rpc.lane() #0 {
  ret i32 0
}

define linkonce_odr i32 @offload.rpc.broadcast(i64 %m, i32 %v) #0 {
  ret i32 %v
}

define linkonce_odr void @offload.rpc.sync(i64 %m) #0 {
  ret void
}

define linkonce_odr void @offload.rpc.pause() #0 {
  %r = call i32 @sched_yield()
  ret void
}

; await(h, next): the runtime's offload__rpc_host_await, whose address is in the port header
define linkonce_odr void @offload.rpc.await(i8* %h, i32 %next) #0 {
  %fp = getelementptr i8, i8* %h, i64 24
  %fpp = bitcast i8* %fp to void (i8*, i32)**
  %f = load void (i8*, i32)*, void (i8*, i32)** %fpp, align 8
  call void %f(i8* %h, i32 %next)
  ret void
}

define linkonce_odr void @offload.rpc.end_thread() #0 {
  ret void
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
  ret i1 %p
}

; output_full(head): the runtime's offload__rpc_output_full, whose address is in the head
define linkonce_odr void @offload.rpc.output_full(i8* %h) #0 {
  %fp = getelementptr i8, i8* %h, i64 8
  %fpp = bitcast i8* %fp to void (i8*)**
  %f = load void (i8*)*, void (i8*)** %fpp, align 8
  call void %f(i8* %h)
  ret void
}
