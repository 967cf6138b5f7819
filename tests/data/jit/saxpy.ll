; saxpy: y[i] = a * x[i] + y[i] for i < n, one thread per element. Portable: no target triple,
; the kernel marked with the "offload-kernel" attribute.
define void @saxpy(i32 %n, float %a, float* %x, float* %y) #0 {
entry:
  %tid = call i32 @offload_thread_id(i32 0)
  %bid = call i32 @offload_block_id(i32 0)
  %bdim = call i32 @offload_block_dim(i32 0)
  %base = mul i32 %bid, %bdim
  %i = add i32 %base, %tid
  %inside = icmp ult i32 %i, %n
  br i1 %inside, label %body, label %done
body:
  %idx = zext i32 %i to i64
  %px = getelementptr inbounds float, float* %x, i64 %idx
  %py = getelementptr inbounds float, float* %y, i64 %idx
  %vx = load float, float* %px, align 4
  %vy = load float, float* %py, align 4
  %ax = fmul float %a, %vx
  %r = fadd float %ax, %vy
  store float %r, float* %py, align 4
  br label %done
done:
  ret void
}

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)

attributes #0 = { "offload-kernel" }
