; tests/gpu/warp_gpu.ll — portable kernels using the device library's warp operations. Read by
; tests/test_warp_targets.c (compiled for NVPTX and AMDGPU) and, as warp_gpu.ptx next to it, by
; tests/gpu/warp_gpu.c on an NVIDIA GPU (the GPU machine has no LLVM); regenerate the PTX with
; tests/gpu/rpc_gpu_ptx.c:
;   cc -std=gnu11 -I. -DOFFLOAD_TEST_ROOT='"."' -isystem /usr/lib/llvm-14/include tests/gpu/rpc_gpu_ptx.c \
;      build/llvm14/liboffload-test.a -o /tmp/gen -ldl -lm -pthread -L/usr/lib/llvm-14/lib -lLLVM-14
; (build/llvm14 is what `./build.sh test-llvm llvm-config-14` builds), then
;   /tmp/gen tests/gpu/warp_gpu.ll tests/gpu/warp_gpu.ptx
; Every lane of a warp reaches each warp operation (warp-uniform control flow).

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)
declare i32 @offload_lane_id()
declare i32 @offload_warp_size()
declare i32 @offload_shuffle(i32, i32)
declare i32 @offload_shuffle_down(i32, i32)
declare i32 @offload_shuffle_up(i32, i32)
declare i32 @offload_shuffle_xor(i32, i32)
declare i64 @offload_ballot(i32)
declare i32 @offload_any(i32)
declare i32 @offload_all(i32)
declare void @offload_warp_barrier()

define internal i32 @global_id() {
  %t = call i32 @offload_thread_id(i32 0)
  %b = call i32 @offload_block_id(i32 0)
  %d = call i32 @offload_block_dim(i32 0)
  %bd = mul i32 %b, %d
  %i = add i32 %bd, %t
  ret i32 %i
}

; sums[w] = the sum of in[i] over the threads i of warp w (global id / warp size), by a tree of
; shuffle_down over offsets warp size / 2 .. 1; lane 0 holds the sum
define void @warp_sum(i32* %in, i32* %sums) "offload-kernel" {
entry:
  %i = call i32 @global_id()
  %i64 = zext i32 %i to i64
  %p = getelementptr i32, i32* %in, i64 %i64
  %v0 = load i32, i32* %p, align 4
  %w = call i32 @offload_warp_size()
  %d0 = lshr i32 %w, 1
  br label %loop
loop:
  %v = phi i32 [ %v0, %entry ], [ %v1, %loop ]
  %d = phi i32 [ %d0, %entry ], [ %d1, %loop ]
  %o = call i32 @offload_shuffle_down(i32 %v, i32 %d)
  %v1 = add i32 %v, %o
  %d1 = lshr i32 %d, 1
  %more = icmp ne i32 %d1, 0
  br i1 %more, label %loop, label %reduced
reduced:
  %l = call i32 @offload_lane_id()
  %first = icmp eq i32 %l, 0
  br i1 %first, label %write, label %done
write:
  %wi = udiv i32 %i, %w
  %wi64 = zext i32 %wi to i64
  %q = getelementptr i32, i32* %sums, i64 %wi64
  store i32 %v1, i32* %q, align 4
  br label %done
done:
  ret void
}

; for warp w: ballots[w] = offload_ballot(in[i]), votes[2w] = offload_any(in[i]),
; votes[2w + 1] = offload_all(in[i]) (written by lane 0)
define void @warp_vote(i32* %in, i64* %ballots, i32* %votes) "offload-kernel" {
entry:
  %i = call i32 @global_id()
  %i64 = zext i32 %i to i64
  %p = getelementptr i32, i32* %in, i64 %i64
  %v = load i32, i32* %p, align 4
  %b = call i64 @offload_ballot(i32 %v)
  %any = call i32 @offload_any(i32 %v)
  %all = call i32 @offload_all(i32 %v)
  %l = call i32 @offload_lane_id()
  %first = icmp eq i32 %l, 0
  br i1 %first, label %write, label %done
write:
  %w = call i32 @offload_warp_size()
  %wi = udiv i32 %i, %w
  %wi64 = zext i32 %wi to i64
  %bp = getelementptr i64, i64* %ballots, i64 %wi64
  store i64 %b, i64* %bp, align 8
  %a2 = shl i64 %wi64, 1
  %ap = getelementptr i32, i32* %votes, i64 %a2
  store i32 %any, i32* %ap, align 4
  %l2 = add i64 %a2, 1
  %lp = getelementptr i32, i32* %votes, i64 %l2
  store i32 %all, i32* %lp, align 4
  br label %done
done:
  ret void
}

; thread i writes out[8i .. 8i+7] = lane, warp size, then, of the value 1000 + i: shuffle from
; lane + 1 (wrapping at the warp size), shuffle_down by 1, shuffle_up by 1, shuffle_xor 1,
; shuffle_down by 3 * warp size (the own value), and thread i ^ 1's value, which it stored to
; scratch before offload_warp_barrier, read after it
define void @warp_lanes(i32* %out, i32* %scratch) "offload-kernel" {
entry:
  %i = call i32 @global_id()
  %v = add i32 %i, 1000
  %l = call i32 @offload_lane_id()
  %w = call i32 @offload_warp_size()
  %next = add i32 %l, 1
  %s0 = call i32 @offload_shuffle(i32 %v, i32 %next)
  %s1 = call i32 @offload_shuffle_down(i32 %v, i32 1)
  %s2 = call i32 @offload_shuffle_up(i32 %v, i32 1)
  %s3 = call i32 @offload_shuffle_xor(i32 %v, i32 1)
  %far = mul i32 %w, 3
  %s4 = call i32 @offload_shuffle_down(i32 %v, i32 %far)
  %i64 = zext i32 %i to i64
  %sp = getelementptr i32, i32* %scratch, i64 %i64
  store i32 %v, i32* %sp, align 4
  call void @offload_warp_barrier()
  %j = xor i32 %i, 1
  %j64 = zext i32 %j to i64
  %jp = getelementptr i32, i32* %scratch, i64 %j64
  %s5 = load i32, i32* %jp, align 4
  %base = shl i64 %i64, 3
  %o0 = getelementptr i32, i32* %out, i64 %base
  store i32 %l, i32* %o0, align 4
  %o1 = getelementptr i32, i32* %o0, i64 1
  store i32 %w, i32* %o1, align 4
  %o2 = getelementptr i32, i32* %o0, i64 2
  store i32 %s0, i32* %o2, align 4
  %o3 = getelementptr i32, i32* %o0, i64 3
  store i32 %s1, i32* %o3, align 4
  %o4 = getelementptr i32, i32* %o0, i64 4
  store i32 %s2, i32* %o4, align 4
  %o5 = getelementptr i32, i32* %o0, i64 5
  store i32 %s3, i32* %o5, align 4
  %o6 = getelementptr i32, i32* %o0, i64 6
  store i32 %s4, i32* %o6, align 4
  %o7 = getelementptr i32, i32* %o0, i64 7
  store i32 %s5, i32* %o7, align 4
  ret void
}
