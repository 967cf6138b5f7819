; tests/data/amdgpu/rpc_printf.ll — a portable kernel that calls offload_printf, as a user's
; module does: the JIT links the AMDGPU RPC client in (rpc.inc), whose default-visibility global
; offload_rpc_client (in .bss) is reached through the GOT, and the format string lands in
; .rodata.str1.1, which the link merges into .rodata (tests/test_amdgpu_link.c).
@fmt = private constant [6 x i8] c"n=%d\0A\00"

declare i32 @offload_printf(i8*, i8*, i32)

define void @say(i8* %args) "offload-kernel" {
  %f = getelementptr [6 x i8], [6 x i8]* @fmt, i32 0, i32 0
  %r = call i32 @offload_printf(i8* %f, i8* %args, i32 4)
  ret void
}
