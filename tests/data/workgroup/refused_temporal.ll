; tests/data/workgroup/refused_temporal.ll — written by hand: a value computed in a loop whose
; trip count is the thread id, from the loop's induction alone, and used after the loop. Each
; thread leaves the loop at another iteration, so each holds another value, although every
; iteration computes it alike: a barrier under a branch on it is refused.

declare i32 @offload_thread_id(i32)
declare void @offload_barrier()

define void @last_of_a_thread_loop(i32* %out) "offload-kernel" {
entry:
  %t = call i32 @offload_thread_id(i32 0)
  %slot = getelementptr i32, i32* %out, i32 %t
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i_next, %body ]
  %twice = mul i32 %i, 2
  %more = icmp ult i32 %i, %t
  br i1 %more, label %body, label %after

body:
  %i_next = add i32 %i, 1
  br label %header

after:
  %big = icmp ugt i32 %twice, 4
  br i1 %big, label %wait, label %done

wait:
  call void @offload_barrier()
  store i32 1, i32* %slot
  br label %done

done:
  call void @offload_barrier()
  ret void
}
