; tests/gpu/perf_gpu.ll — the kernels tests/gpu/perf_gpu loads, as NVPTX IR. perf_gpu.ptx next to
; it is generated from this file (the GPU machine has no LLVM):
;   llc-14 -march=nvptx64 -mcpu=sm_70 tests/gpu/perf_gpu.ll -o tests/gpu/perf_gpu.ptx
; LLVM 14 has no intrinsic for %globaltimer (the GPU's nanosecond clock), hence the inline asm.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @empty() {
  ret void
}

; Runs for `ns` nanoseconds of %globaltimer, whatever the clock rate of the SM.
define void @spin_ns(i64 %ns) {
entry:
  %start = call i64 asm sideeffect "mov.u64 $0, %globaltimer;", "=l"()
  br label %loop
loop:
  %now = call i64 asm sideeffect "mov.u64 $0, %globaltimer;", "=l"()
  %elapsed = sub i64 %now, %start
  %more = icmp ult i64 %elapsed, %ns
  br i1 %more, label %loop, label %done
done:
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{void ()* @empty, !"kernel", i32 1}
!1 = !{void (i64)* @spin_ns, !"kernel", i32 1}
