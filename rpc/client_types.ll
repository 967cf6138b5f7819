; rpc/client_types.ll — the first part of the RPC client: the client global's type, and the
; intrinsics the other parts declare nowhere else. The type comes before the global that the
; target's part defines: LLVM 17 and later refuse a zeroinitializer of a type not yet defined.
; The global is offload__rpc_client of rpc.inc, which the runtime fills: the address of port 0,
; the locks, the number of ports, lanes per port, slot size, bytes from one port to the next, the
; port where the next caller starts looking, the output buffer's size.
;
; The RPC client, the device side of docs/rpc.md that the JIT links into the modules calling
; offload_printf, offload_malloc, offload_rpc_call..., is one string in four parts, for each target
; (backends/<target>_target.inc): rpc/client_types.ll, the target's backends/<target>_rpc_client.ll
; (the client global and the helpers the protocol calls), rpc/client_gpu_waits.ll (GPUs only) and
; rpc/client.ll (the protocol). Only together are they a module, and `./build.sh test` assembles
; them so (tools/ir.sh check). The JIT links a client as it links a device library
; (offload__jit_link_text): parsed alone, given the module's triple and data layout, then linked
; in. Typed pointers, which LLVM 14 to 22 all parse.

%offload.rpc.client = type { i8*, i32*, i32, i32, i32, i32, i32, i32 }
declare i64 @llvm.cttz.i64(i64, i1)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
declare i64 @llvm.umin.i64(i64, i64)
