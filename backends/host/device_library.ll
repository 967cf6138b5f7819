; backends/host/device_library.ll — the device API on the host device: declarations only. The
; geometry functions, the barrier and the dynamic shared memory are not functions there: the host
; kernel compiler (jit/workgroup.inc) replaces every call with the thread loops' induction variables
; and the block's values. Named by the host backend's target facts (backends/host/target.inc,
; .library).
;
; The JIT links it as every device library (jit/compile.inc, offload__jit_link_text): parsed alone,
; given the module's triple and data layout, then linked in. Typed pointers, which LLVM 14 to 22
; all parse.

declare i32 @offload_thread_id(i32)
declare i32 @offload_block_id(i32)
declare i32 @offload_block_dim(i32)
declare i32 @offload_grid_dim(i32)
declare void @offload_barrier()
declare i8* @offload_shared_memory()
