; reduce_shared.ll — a block reduction as CUDA code writes it: each thread strides over the input,
; counting every element into a 16-bin histogram with atomics and keeping its partial sum in the
; block's dynamic shared memory (8 bytes per thread); a tree of barriers halves the active
; threads (the block size must be a power of two); thread 0 adds the block's sum to *total with
; an atomic.
define void @reduce_shared(i32 %n, i32* %x, i64* %total, i32* %histogram) "offload-kernel" {
entry:
  %tid = call i32 @offload_thread_id(i32 0)
  %bid = call i32 @offload_block_id(i32 0)
  %bdim = call i32 @offload_block_dim(i32 0)
  %gdim = call i32 @offload_grid_dim(i32 0)
  %base = mul i32 %bid, %bdim
  %first = add i32 %base, %tid
  %stride = mul i32 %gdim, %bdim
  %raw = call i8* @offload_shared_memory()
  %smem = bitcast i8* %raw to i64*
  br label %loop
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %body ]
  %acc = phi i64 [ 0, %entry ], [ %acc2, %body ]
  %more = icmp ult i32 %i, %n
  br i1 %more, label %body, label %publish_partial
body:
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds i32, i32* %x, i64 %idx
  %v = load i32, i32* %p, align 4
  %v64 = sext i32 %v to i64
  %acc2 = add i64 %acc, %v64
  %bin = and i32 %v, 15
  %binidx = zext i32 %bin to i64
  %hp = getelementptr inbounds i32, i32* %histogram, i64 %binidx
  %old = atomicrmw add i32* %hp, i32 1 monotonic
  %next = add i32 %i, %stride
  br label %loop
publish_partial:
  %tidx = zext i32 %tid to i64
  %slot = getelementptr inbounds i64, i64* %smem, i64 %tidx
  store i64 %acc, i64* %slot, align 8
  call void @offload_barrier()
  %half = lshr i32 %bdim, 1
  br label %tree
tree:
  %s = phi i32 [ %half, %publish_partial ], [ %s2, %step ]
  %go = icmp ugt i32 %s, 0
  br i1 %go, label %check, label %finish
check:
  %active = icmp ult i32 %tid, %s
  br i1 %active, label %add, label %step
add:
  %other = add i32 %tid, %s
  %oidx = zext i32 %other to i64
  %op = getelementptr inbounds i64, i64* %smem, i64 %oidx
  %ov = load i64, i64* %op, align 8
  %mv = load i64, i64* %slot, align 8
  %sum = add i64 %mv, %ov
  store i64 %sum, i64* %slot, align 8
  br label %step
step:
  call void @offload_barrier()
  %s2 = lshr i32 %s, 1
  br label %tree
finish:
  %lead = icmp eq i32 %tid, 0
  br i1 %lead, label %publish, label %done
publish:
  %block = load i64, i64* %smem, align 8
  %o = atomicrmw add i64* %total, i64 %block seq_cst
  br label %done
done:
  ret void
}

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)
declare i32 @offload_grid_dim(i32)
declare i8* @offload_shared_memory()
declare void @offload_barrier()
