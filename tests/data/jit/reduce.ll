; reduce: adds x[0..n) into the global @total with atomics, one thread per element; the grid is
; sized from offload_grid_dim so every thread strides over the input.
@total = global i64 0, align 8

define void @reduce(i32 %n, i32* %x) #0 {
entry:
  %tid = call i32 @offload_thread_id(i32 0)
  %bid = call i32 @offload_block_id(i32 0)
  %bdim = call i32 @offload_block_dim(i32 0)
  %gdim = call i32 @offload_grid_dim(i32 0)
  %base = mul i32 %bid, %bdim
  %first = add i32 %base, %tid
  %stride = mul i32 %gdim, %bdim
  br label %loop
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %body ]
  %more = icmp ult i32 %i, %n
  br i1 %more, label %body, label %done
body:
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds i32, i32* %x, i64 %idx
  %v = load i32, i32* %p, align 4
  %v64 = sext i32 %v to i64
  %old = atomicrmw add i64* @total, i64 %v64 seq_cst
  %next = add i32 %i, %stride
  br label %loop
done:
  ret void
}

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)
declare i32 @offload_grid_dim(i32)

attributes #0 = { "offload-kernel" }
