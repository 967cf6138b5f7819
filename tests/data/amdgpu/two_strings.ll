; tests/data/amdgpu/two_strings.ll — a kernel with two printf formats: the link lays distinct
; merged strings out once each, in input order, each reference reaching its own
; (tests/test_amdgpu_link.c).
@first = private constant [9 x i8] c"first=%d\00"
@second = private constant [10 x i8] c"second=%d\00"

declare i32 @offload_printf(i8*, i8*, i32)

define void @twice(i8* %args) "offload-kernel" {
  %f = getelementptr [9 x i8], [9 x i8]* @first, i32 0, i32 0
  %r = call i32 @offload_printf(i8* %f, i8* %args, i32 4)
  %g = getelementptr [10 x i8], [10 x i8]* @second, i32 0, i32 0
  %s = call i32 @offload_printf(i8* %g, i8* %args, i32 4)
  ret void
}
