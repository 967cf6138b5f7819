; tests/data/workgroup/phi_of_one_value.ll — written by hand (clang folds such phis before the
; host compiler sees them; inlining and other front ends leave them): a uniform loop bound that
; reaches the loop through a phi fed from both sides of a branch on the thread id. Each side
; computes the same value (once as one instruction used by both, once as two equal
; computations), so every thread runs the loop and its barrier equally often before they all
; meet at the barrier after it: accepted.
; rotate_sum(out, n): out[t] = (t odd ? 1 : 2) + sum over i < n + 3 of the neighbour's value
; in shared memory.

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_dim(i32)
declare void @offload_barrier()
declare i8* @offload_shared_memory()

define void @one_instruction(i32* %out, i32 %n) "offload-kernel" {
entry:
  %t = call i32 @offload_thread_id(i32 0)
  %bound = add i32 %n, 3
  %odd = and i32 %t, 1
  %is_odd = icmp ne i32 %odd, 0
  br i1 %is_odd, label %odd_side, label %even_side

odd_side:
  br label %join

even_side:
  br label %join

join:
  %limit = phi i32 [ %bound, %odd_side ], [ %bound, %even_side ]
  %first = phi i32 [ 1, %odd_side ], [ 2, %even_side ]
  br label %rotate

rotate:
  call void @rotate_sum(i32* %out, i32 %t, i32 %limit, i32 %first)
  ret void
}

define void @equal_computations(i32* %out, i32 %n) "offload-kernel" {
entry:
  %t = call i32 @offload_thread_id(i32 0)
  %odd = and i32 %t, 1
  %is_odd = icmp ne i32 %odd, 0
  br i1 %is_odd, label %odd_side, label %even_side

odd_side:
  %bound_odd = add i32 %n, 3
  br label %join

even_side:
  %bound_even = add i32 %n, 3
  br label %join

join:
  %limit = phi i32 [ %bound_odd, %odd_side ], [ %bound_even, %even_side ]
  %first = phi i32 [ 1, %odd_side ], [ 2, %even_side ]
  call void @rotate_sum(i32* %out, i32 %t, i32 %limit, i32 %first)
  ret void
}

define internal void @rotate_sum(i32* %out, i32 %t, i32 %limit, i32 %first) alwaysinline {
entry:
  %shared = call i8* @offload_shared_memory()
  %s = bitcast i8* %shared to i32*
  %size = call i32 @offload_block_dim(i32 0)
  %next = add i32 %t, 1
  %wrapped = urem i32 %next, %size
  %mine = getelementptr i32, i32* %s, i32 %t
  %theirs = getelementptr i32, i32* %s, i32 %wrapped
  store i32 %t, i32* %mine
  %any = icmp sgt i32 %limit, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i_next, %loop ]
  %sum = phi i32 [ %first, %entry ], [ %sum_next, %loop ]
  call void @offload_barrier()
  %v = load i32, i32* %theirs
  %sum_next = add i32 %sum, %v
  %i_next = add i32 %i, 1
  %more = icmp slt i32 %i_next, %limit
  br i1 %more, label %loop, label %done

done:
  %result = phi i32 [ %first, %entry ], [ %sum_next, %loop ]
  %slot = getelementptr i32, i32* %out, i32 %t
  call void @offload_barrier()
  store i32 %result, i32* %slot
  ret void
}
