; tests/data/amdgpu/strings.ll — a portable kernel with several printf calls whose formats are of
; many sizes (0 to over 1024 bytes), one of them twice under two names (@again repeats @short):
; the link must lay each distinct string of .rodata.str1.1 out once, in input order, the two
; copies collapsed into one string that both symbols reach; @wide0 and @wide1 land in
; .rodata.str1.16, each on a multiple of 16 (tests/test_amdgpu_link.c).
@empty = private constant [1 x i8] c"\00"
@one = private constant [2 x i8] c"a\00"
@short = private constant [5 x i8] c"x=%d\00"
@eight = private constant [9 x i8] c"count=%d\00"
@twelve = private constant [12 x i8] c"twelve: %d\0A\00"
@medium = private constant [61 x i8] c"medium lambda eps nu beta gamma sigma delta mu tau beta r=%d\00"
@long = private constant [201 x i8] c"long eta beta gamma xi xi gamma theta gamma sigma xi beta tau delta theta tau beta tau tau nu beta theta beta sigma eps kappa xi eps sigma delta tau kappa sigma zeta delta tau tau eta mu delta sigm=%d\00"
@longer = private constant [301 x i8] c"longer tau beta eta pi sigma xi lambda omicron tau omicron mu kappa theta zeta theta gamma tau kappa rho pi lambda omicron kappa gamma delta rho xi zeta lambda eps pi xi beta gamma sigma tau lambda lambda mu pi tau omicron gamma gamma iota pi gamma beta kappa tau omicron kappa nu mu alpha omicron=%d\00"
@longest = private constant [1101 x i8] c"longest zeta delta pi beta eta kappa eps theta nu nu pi gamma zeta omicron nu sigma iota eps xi sigma iota xi mu nu theta eps gamma zeta eps theta theta alpha pi tau zeta iota kappa alpha eps xi sigma mu tau lambda eps rho beta omicron sigma nu nu nu nu delta pi nu beta eta gamma eta omicron zeta delta lambda beta delta alpha tau eps sigma delta mu alpha gamma eta nu eps iota mu mu pi delta delta pi omicron pi pi kappa gamma eps delta lambda iota pi zeta rho alpha eta rho mu eps sigma alpha rho kappa gamma iota rho mu zeta mu theta sigma sigma rho lambda theta eta theta nu theta eta rho pi mu alpha alpha iota pi iota eta mu omicron mu mu gamma theta delta theta pi eta lambda eta pi alpha pi mu gamma delta nu eta pi zeta xi lambda gamma nu omicron nu gamma zeta zeta eps alpha eps tau omicron eps pi mu eps sigma sigma eps alpha alpha delta rho eps xi eta eta alpha iota eta kappa rho theta tau lambda iota sigma xi eps beta mu omicron tau rho xi rho eps sigma eps rho rho alpha omicron zeta alpha eps zeta eps pi delta sigma beta lambda rho rho sigma pi delta sigma beta theta eta iota b=%d\00"
@again = private constant [5 x i8] c"x=%d\00"
@first = private constant [9 x i8] c"first=%d\00"
@wide0 = private constant [19 x i8] c"wide format 46: %d\00"
@wide1 = private constant [19 x i8] c"wide format 60: %d\00"

declare i32 @offload_printf(i8*, i8*, i32)

define void @many(i8* %args) "offload-kernel" {
  %f0 = getelementptr [1 x i8], [1 x i8]* @empty, i32 0, i32 0
  %r0 = call i32 @offload_printf(i8* %f0, i8* %args, i32 4)
  %f1 = getelementptr [2 x i8], [2 x i8]* @one, i32 0, i32 0
  %r1 = call i32 @offload_printf(i8* %f1, i8* %args, i32 4)
  %f2 = getelementptr [5 x i8], [5 x i8]* @short, i32 0, i32 0
  %r2 = call i32 @offload_printf(i8* %f2, i8* %args, i32 4)
  %f3 = getelementptr [9 x i8], [9 x i8]* @eight, i32 0, i32 0
  %r3 = call i32 @offload_printf(i8* %f3, i8* %args, i32 4)
  %f4 = getelementptr [12 x i8], [12 x i8]* @twelve, i32 0, i32 0
  %r4 = call i32 @offload_printf(i8* %f4, i8* %args, i32 4)
  %f5 = getelementptr [61 x i8], [61 x i8]* @medium, i32 0, i32 0
  %r5 = call i32 @offload_printf(i8* %f5, i8* %args, i32 4)
  %f6 = getelementptr [201 x i8], [201 x i8]* @long, i32 0, i32 0
  %r6 = call i32 @offload_printf(i8* %f6, i8* %args, i32 4)
  %f7 = getelementptr [301 x i8], [301 x i8]* @longer, i32 0, i32 0
  %r7 = call i32 @offload_printf(i8* %f7, i8* %args, i32 4)
  %f8 = getelementptr [1101 x i8], [1101 x i8]* @longest, i32 0, i32 0
  %r8 = call i32 @offload_printf(i8* %f8, i8* %args, i32 4)
  %f9 = getelementptr [5 x i8], [5 x i8]* @again, i32 0, i32 0
  %r9 = call i32 @offload_printf(i8* %f9, i8* %args, i32 4)
  %f10 = getelementptr [9 x i8], [9 x i8]* @first, i32 0, i32 0
  %r10 = call i32 @offload_printf(i8* %f10, i8* %args, i32 4)
  %f11 = getelementptr [19 x i8], [19 x i8]* @wide0, i32 0, i32 0
  %r11 = call i32 @offload_printf(i8* %f11, i8* %args, i32 4)
  %f12 = getelementptr [19 x i8], [19 x i8]* @wide1, i32 0, i32 0
  %r12 = call i32 @offload_printf(i8* %f12, i8* %args, i32 4)
  ret void
}
