; tests/gpu/rpc_gpu.ll — portable kernels for the RPC part of the NVIDIA GPU check.
; rpc_gpu.ptx next to it is this module compiled by the JIT for sm_90 with the RPC client linked
; in (the GPU machine has no LLVM); regenerate it with tests/gpu/rpc_gpu_ptx.c:
;   cc -std=gnu11 -I. -DOFFLOAD_TEST_ROOT='"."' -isystem /usr/lib/llvm-22/include tests/gpu/rpc_gpu_ptx.c \
;      build/liboffload-test.a -o /tmp/gen $(cat build/link_flags)
; (after ./build.sh; the runtime loads the LLVM the build names), then
;   /tmp/gen tests/gpu/rpc_gpu.ll tests/gpu/rpc_gpu.ptx
; Its printf lines go through the output buffer (docs/rpc.md, "Output"), its host calls through
; the mailbox.
@fmt = private unnamed_addr addrspace(1) constant [15 x i8] c"line %d of %d\0A\00", align 1

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)
declare i32 @offload_printf(i8*, i8*, i32)
declare i32 @offload_rpc_call(i32, i8*, i32, i8*, i32)
declare i8* @offload_malloc(i64)
declare void @offload_free(i8*)
declare i32 @vprintf(i8*, i8*)

define i32 @global_id() {
  %t = call i32 @offload_thread_id(i32 0)
  %b = call i32 @offload_block_id(i32 0)
  %d = call i32 @offload_block_dim(i32 0)
  %bd = mul i32 %b, %d
  %i = add i32 %bd, %t
  ret i32 %i
}

; each thread i < n prints "line i of n" through the RPC server
define void @rpc_print(i32 %n) "offload-kernel" {
entry:
  %args = alloca { i32, i32 }, align 8
  %i = call i32 @global_id()
  %in = icmp ult i32 %i, %n
  br i1 %in, label %print, label %done
print:
  %a0 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 0
  store i32 %i, i32* %a0
  %a1 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 1
  store i32 %n, i32* %a1
  %ap = bitcast { i32, i32 }* %args to i8*
  %f = addrspacecast i8 addrspace(1)* getelementptr ([15 x i8], [15 x i8] addrspace(1)* @fmt, i32 0, i32 0) to i8*
  %r = call i32 @offload_printf(i8* %f, i8* %ap, i32 8)
  br label %done
done:
  ret void
}

; the same lines through CUDA's built-in device printf
define void @cuda_print(i32 %n) "offload-kernel" {
entry:
  %args = alloca { i32, i32 }, align 8
  %i = call i32 @global_id()
  %in = icmp ult i32 %i, %n
  br i1 %in, label %print, label %done
print:
  %a0 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 0
  store i32 %i, i32* %a0
  %a1 = getelementptr { i32, i32 }, { i32, i32 }* %args, i32 0, i32 1
  store i32 %n, i32* %a1
  %ap = bitcast { i32, i32 }* %args to i8*
  %f = addrspacecast i8 addrspace(1)* getelementptr ([15 x i8], [15 x i8] addrspace(1)* @fmt, i32 0, i32 0) to i8*
  %r = call i32 @vprintf(i8* %f, i8* %ap)
  br label %done
done:
  ret void
}

; one thread makes n empty host calls (id 0): the round trip
define void @ping(i32 %n) "offload-kernel" {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %r = call i32 @offload_rpc_call(i32 0, i8* null, i32 0, i8* null, i32 0)
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; allocates 4 MiB through RPC, writes its last byte, frees it (cuMemFree of a block this size may
; wait for running kernels, this one included) and stores 1 in *ok; 0 when malloc returned null
define void @rpc_big_free(i32* %ok) "offload-kernel" {
entry:
  %p = call i8* @offload_malloc(i64 4194304)
  %null = icmp eq i8* %p, null
  br i1 %null, label %fail, label %use
use:
  %last = getelementptr i8, i8* %p, i64 4194303
  store volatile i8 1, i8* %last
  call void @offload_free(i8* %p)
  store i32 1, i32* %ok
  ret void
fail:
  store i32 0, i32* %ok
  ret void
}
