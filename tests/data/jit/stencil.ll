; stencil: 5-point average on a w x h grid, out[r][c] = (in[r][c] + its 4 neighbours) / 5 on the
; interior, launched as a 2D grid (x = column, y = row). Marked through !offload.kernels.
define void @stencil(i32 %w, i32 %h, float* %in, float* %out) {
entry:
  %tx = call i32 @offload_thread_id(i32 0)
  %bx = call i32 @offload_block_id(i32 0)
  %dx = call i32 @offload_block_dim(i32 0)
  %ty = call i32 @offload_thread_id(i32 1)
  %by = call i32 @offload_block_id(i32 1)
  %dy = call i32 @offload_block_dim(i32 1)
  %cx = mul i32 %bx, %dx
  %c = add i32 %cx, %tx
  %ry = mul i32 %by, %dy
  %r = add i32 %ry, %ty
  %w1 = sub i32 %w, 1
  %h1 = sub i32 %h, 1
  %c0 = icmp ugt i32 %c, 0
  %c1 = icmp ult i32 %c, %w1
  %r0 = icmp ugt i32 %r, 0
  %r1 = icmp ult i32 %r, %h1
  %a = and i1 %c0, %c1
  %b = and i1 %r0, %r1
  %inside = and i1 %a, %b
  br i1 %inside, label %body, label %done
body:
  %row = mul i32 %r, %w
  %center = add i32 %row, %c
  %left = sub i32 %center, 1
  %right = add i32 %center, 1
  %up = sub i32 %center, %w
  %down = add i32 %center, %w
  %vc = call float @load(float* %in, i32 %center)
  %vl = call float @load(float* %in, i32 %left)
  %vr = call float @load(float* %in, i32 %right)
  %vu = call float @load(float* %in, i32 %up)
  %vd = call float @load(float* %in, i32 %down)
  %s1 = fadd float %vc, %vl
  %s2 = fadd float %s1, %vr
  %s3 = fadd float %s2, %vu
  %s4 = fadd float %s3, %vd
  %avg = fdiv float %s4, 5.0
  %ci = zext i32 %center to i64
  %po = getelementptr inbounds float, float* %out, i64 %ci
  store float %avg, float* %po, align 4
  br label %done
done:
  ret void
}

define float @load(float* %p, i32 %i) {
  %i64 = zext i32 %i to i64
  %q = getelementptr inbounds float, float* %p, i64 %i64
  %v = load float, float* %q, align 4
  ret float %v
}

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)

!offload.kernels = !{!0}
!0 = !{void (i32, i32, float*, float*)* @stencil}
