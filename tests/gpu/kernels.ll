; tests/gpu/kernels.ll — the kernels the GPU tests and bench_cuda load, as NVPTX IR.
; kernels.ptx next to it is generated from this file (the GPU machine has no LLVM):
;   llc-14 -march=nvptx64 -mcpu=sm_70 tests/gpu/kernels.ll -o tests/gpu/kernels.ptx
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@counter = addrspace(1) externally_initialized global i32 7, align 4
@dynamic_shared = external addrspace(3) global [0 x i32], align 4
@tile = internal addrspace(3) global [4096 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()

define void @empty() {
  ret void
}

; y[i] += a * x[i] for i < n
define void @axpy(float* %y, float* %x, float %a, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %in = icmp ult i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %idx = zext i32 %i to i64
  %px = getelementptr float, float* %x, i64 %idx
  %py = getelementptr float, float* %y, i64 %idx
  %vx = load float, float* %px, align 4
  %vy = load float, float* %py, align 4
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  store float %s, float* %py, align 4
  br label %done
done:
  ret void
}

; One thread fills `count` words of dynamic shared memory with 0..count-1, then writes their
; sum and the counter global to out[0], out[1]: it only passes when the whole range is usable.
define void @shared_sum(i32* %out, i32 %count) {
entry:
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i.next, %fill ]
  %i64 = zext i32 %i to i64
  %slot = getelementptr [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %i64
  store volatile i32 %i, i32 addrspace(3)* %slot, align 4
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %count
  br i1 %more, label %fill, label %sum
sum:
  %j = phi i32 [ 0, %fill ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %fill ], [ %acc.next, %sum ]
  %j64 = zext i32 %j to i64
  %rslot = getelementptr [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %j64
  %v = load volatile i32, i32 addrspace(3)* %rslot, align 4
  %acc.next = add i32 %acc, %v
  %j.next = add i32 %j, 1
  %again = icmp ult i32 %j.next, %count
  br i1 %again, label %sum, label %done
done:
  store i32 %acc.next, i32* %out, align 4
  %c = load i32, i32 addrspace(1)* @counter, align 4
  %out1 = getelementptr i32, i32* %out, i64 1
  store i32 %c, i32* %out1, align 4
  ret void
}

; out[0] = src[index]: reads what an earlier copy or fill should have written.
define void @read_last(i32* %src, i64 %index, i32* %out) {
  %p = getelementptr i32, i32* %src, i64 %index
  %v = load volatile i32, i32* %p, align 4
  store i32 %v, i32* %out, align 4
  ret void
}

; Keeps its stream busy for `cycles` clock cycles.
define void @busy(i64 %cycles) {
entry:
  %start = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  br label %loop
loop:
  %now = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %elapsed = sub i64 %now, %start
  %more = icmp ult i64 %elapsed, %cycles
  br i1 %more, label %loop, label %done
done:
  ret void
}

; Spins until the host sets *flag (pinned host memory) to non-zero.
define void @spin(i32* %flag) {
entry:
  br label %loop
loop:
  %v = load volatile i32, i32* %flag, align 4
  %zero = icmp eq i32 %v, 0
  br i1 %zero, label %loop, label %done
done:
  ret void
}

; 16 KiB of static shared memory besides `count` words of dynamic: one thread writes the last
; word of each and stores their sum in out[0]. With 40 KiB dynamic the block needs 56 KiB, above
; the default 48 KiB: it only runs when the backend counted the static part and opted in.
define void @static_tile(i32* %out, i32 %count) {
  %last = getelementptr [4096 x i32], [4096 x i32] addrspace(3)* @tile, i64 0, i64 4095
  store volatile i32 1, i32 addrspace(3)* %last, align 4
  %c1 = sub i32 %count, 1
  %c64 = zext i32 %c1 to i64
  %dyn = getelementptr [0 x i32], [0 x i32] addrspace(3)* @dynamic_shared, i64 0, i64 %c64
  store volatile i32 2, i32 addrspace(3)* %dyn, align 4
  %a = load volatile i32, i32 addrspace(3)* %last, align 4
  %b = load volatile i32, i32 addrspace(3)* %dyn, align 4
  %sum = add i32 %a, %b
  store i32 %sum, i32* %out, align 4
  ret void
}

; Stores to address 0x1000: an illegal address, which is sticky for the context.
define void @fault() {
  store volatile i32 1, i32* inttoptr (i64 4096 to i32*), align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{void ()* @empty, !"kernel", i32 1}
!1 = !{void (float*, float*, float, i32)* @axpy, !"kernel", i32 1}
!2 = !{void (i32*, i32)* @shared_sum, !"kernel", i32 1}
!3 = !{void (i32*, i64, i32*)* @read_last, !"kernel", i32 1}
!4 = !{void (i64)* @busy, !"kernel", i32 1}
!5 = !{void (i32*)* @spin, !"kernel", i32 1}
!6 = !{void ()* @fault, !"kernel", i32 1}
!7 = !{void (i32*, i32)* @static_tile, !"kernel", i32 1}
