; A valid portable kernel on which LLVM's code generator stops the process: reading a named
; register that does not exist is a report_fatal_error in the NVPTX backend of LLVM 14 and 22
; ("Named registers not implemented for this target").
declare i32 @llvm.read_register.i32(metadata)

define void @fatal(i32* %p) "offload-kernel" {
  %v = call i32 @llvm.read_register.i32(metadata !0)
  store i32 %v, i32* %p
  ret void
}

!0 = !{!"no_such_register"}
