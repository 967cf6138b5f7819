; A kernel that needs two InstCombine iterations (llvm-reduce'd from libdevice's __nv_sincosf
; inlined into a kernel): with instcombine named in a pass pipeline, LLVM 18 and later stop with
; "LLVM ERROR: Instruction Combining on fixpoint did not reach a fixpoint after 1 iterations"
; (`opt-22 -passes=instcombine` on this file). out[0] = (float)(uint32_t)-(((n & 255) - 128) >> 1).
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @fixpoint(float* %out, i32 %n) {
entry:
  %low = and i32 %n, 255
  %biased = sub i32 %low, 128
  %half = lshr i32 %biased, 1
  %never = and i32 %low, 0
  %odd = icmp ne i32 %never, 0
  br i1 %odd, label %skip, label %done

skip:
  br label %done

done:
  %neg = sub i32 0, %half
  %wide = zext i32 %neg to i64
  %d = sitofp i64 %wide to double
  %f = fptrunc double %d to float
  store float %f, float* %out, align 4
  ret void
}
