; rpc/client_gpu_waits.ll — the third part of a GPU's RPC client (rpc/client_types.ll says how the
; parts make one), after the target's: the waits, where the host's part calls into the runtime.

; await(h, next): the leader polls `response` until the server has replied
define linkonce_odr void @offload.rpc.await(i8* %h, i32 %next) #0 {
entry:
  %h4 = getelementptr i8, i8* %h, i64 4
  %rs = bitcast i8* %h4 to i32*
  br label %wait
wait:
  %v = load atomic i32, i32* %rs monotonic, align 4
  %done = icmp eq i32 %v, %next
  br i1 %done, label %got, label %spin
spin:
  call void @offload.rpc.pause()
  br label %wait
got:
  ret void
}

; output_full(head): the server drains the output buffer as it polls, so a writer waits a little and
; looks again
define linkonce_odr void @offload.rpc.output_full(i8* %h) #0 {
  call void @offload.rpc.pause()
  ret void
}
