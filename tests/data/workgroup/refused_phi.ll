; tests/data/workgroup/refused_phi.ll — written by hand, the counterpart of phi_of_one_value.ll:
; the loop bound that reaches the loop through a phi fed from both sides of a branch on the
; thread id differs between the sides (n + 3 and n + 4), so the threads run the loop and its
; barrier a different number of times before they meet at the barrier after it: refused.

declare i32 @offload_thread_id(i32)
declare void @offload_barrier()

define void @bound_per_side(i32* %out, i32 %n) "offload-kernel" {
entry:
  %t = call i32 @offload_thread_id(i32 0)
  %odd = and i32 %t, 1
  %is_odd = icmp ne i32 %odd, 0
  br i1 %is_odd, label %odd_side, label %even_side

odd_side:
  %bound_odd = add i32 %n, 3
  br label %join

even_side:
  %bound_even = add i32 %n, 4
  br label %join

join:
  %limit = phi i32 [ %bound_odd, %odd_side ], [ %bound_even, %even_side ]
  %slot = getelementptr i32, i32* %out, i32 %t
  %any = icmp sgt i32 %limit, 0
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ 0, %join ], [ %i_next, %loop ]
  call void @offload_barrier()
  store i32 %i, i32* %slot
  %i_next = add i32 %i, 1
  %more = icmp slt i32 %i_next, %limit
  br i1 %more, label %loop, label %done

done:
  call void @offload_barrier()
  store i32 -1, i32* %slot
  ret void
}
