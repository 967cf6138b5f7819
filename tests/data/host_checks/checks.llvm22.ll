; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2 -g -emit-llvm -S --cuda-feature=+ptx88 checks.cu -o checks.llvm22.ll
; ModuleID = 'checks.cu'
source_filename = "checks.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = dso_local addrspace(1) externally_initialized global [16 x i32] zeroinitializer, align 4
@_ZZ12reverse_tileE4tile = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@_ZZ16reverse_unsyncedE4tile = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@_ZZ12block_totalsE3sum = internal addrspace(3) global i32 undef, align 4
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @table to ptr)], section "llvm.metadata"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @double_off_by_one(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 !dbg !12 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !15
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !19
  %6 = mul i32 %4, %5, !dbg !22
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !23
  %8 = add i32 %6, %7, !dbg !26
  %9 = icmp sgt i32 %8, %2, !dbg !27
  br i1 %9, label %16, label %10, !dbg !27

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds float, ptr %1, i64 %11
  %13 = getelementptr inbounds float, ptr %0, i64 %11
  %14 = load float, ptr %13, align 4, !dbg !28, !tbaa !29
  %15 = fmul contract float %14, 2.000000e+00, !dbg !31
  store float %15, ptr %12, align 4, !dbg !32, !tbaa !29
  br label %16, !dbg !33

16:                                               ; preds = %10, %3
  ret void, !dbg !34
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(read, argmem: write, inaccessiblemem: none, target_mem0: none, target_mem1: none)
define dso_local ptx_kernel void @read_table(i32 noundef %0, ptr noundef writeonly captures(none) initializes((0, 4)) %1) local_unnamed_addr #1 !dbg !35 {
  %3 = sext i32 %0 to i64, !dbg !36
  %4 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(1) @table to ptr), i64 %3, !dbg !36
  %5 = load i32, ptr %4, align 4, !dbg !36, !tbaa !8
  store i32 %5, ptr %1, align 4, !dbg !37, !tbaa !8
  ret void, !dbg !38
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @reverse_tile(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #2 !dbg !39 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !40
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !42
  %6 = shl i32 %5, 5, !dbg !44
  %7 = add nsw i32 %6, %4, !dbg !45
  %8 = sext i32 %7 to i64, !dbg !46
  %9 = getelementptr inbounds i32, ptr %0, i64 %8, !dbg !46
  %10 = load i32, ptr %9, align 4, !dbg !46, !tbaa !8
  %11 = add nsw i32 %2, %4, !dbg !47
  %12 = sext i32 %11 to i64, !dbg !48
  %13 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @_ZZ12reverse_tileE4tile to ptr), i64 %12, !dbg !48
  store i32 %10, ptr %13, align 4, !dbg !49, !tbaa !8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !50
  %14 = sub nsw i32 31, %4, !dbg !51
  %15 = sext i32 %14 to i64, !dbg !52
  %16 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @_ZZ12reverse_tileE4tile to ptr), i64 %15, !dbg !52
  %17 = load i32, ptr %16, align 4, !dbg !52, !tbaa !8
  %18 = getelementptr inbounds i32, ptr %1, i64 %8, !dbg !53
  store i32 %17, ptr %18, align 4, !dbg !54, !tbaa !8
  ret void, !dbg !55
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #3

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @divergent_barrier(ptr noundef %0, ptr noundef writeonly captures(none) %1) local_unnamed_addr #2 !dbg !56 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !57
  store volatile i32 %3, ptr %0, align 4, !dbg !59, !tbaa !8
  %4 = load volatile i32, ptr %0, align 4, !dbg !60, !tbaa !8
  %5 = and i32 %4, 1, !dbg !61
  %6 = icmp eq i32 %5, 0, !dbg !60
  br i1 %6, label %10, label %7, !dbg !60

7:                                                ; preds = %2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !62
  %8 = zext nneg i32 %3 to i64, !dbg !63
  %9 = getelementptr inbounds nuw i32, ptr %1, i64 %8, !dbg !63
  store i32 1, ptr %9, align 4, !dbg !64, !tbaa !8
  br label %13, !dbg !65

10:                                               ; preds = %2
  %11 = zext nneg i32 %3 to i64, !dbg !66
  %12 = getelementptr inbounds nuw i32, ptr %1, i64 %11, !dbg !66
  store i32 2, ptr %12, align 4, !dbg !67, !tbaa !8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !68
  br label %13

13:                                               ; preds = %10, %7
  ret void, !dbg !69
}

; Function Attrs: mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @sum_eights(ptr noundef readonly captures(none) %0, ptr noundef captures(none) %1, i32 noundef %2) local_unnamed_addr #4 !dbg !70 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !71
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !73
  %6 = mul i32 %4, %5, !dbg !75
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !76
  %8 = add i32 %6, %7, !dbg !78
  %9 = icmp eq i32 %2, 0, !dbg !79
  br i1 %9, label %18, label %10, !dbg !79

10:                                               ; preds = %3
  %11 = sdiv i32 %8, 8, !dbg !80
  %12 = sext i32 %11 to i64, !dbg !81
  %13 = getelementptr inbounds i32, ptr %1, i64 %12, !dbg !81
  %14 = sext i32 %8 to i64, !dbg !82
  %15 = getelementptr inbounds i32, ptr %0, i64 %14, !dbg !82
  %16 = load i32, ptr %15, align 4, !dbg !82, !tbaa !8
  %17 = atomicrmw add ptr %13, i32 %16 seq_cst, align 4, !dbg !83
  br label %27, !dbg !87

18:                                               ; preds = %3
  %19 = sext i32 %8 to i64, !dbg !88
  %20 = getelementptr inbounds i32, ptr %0, i64 %19, !dbg !88
  %21 = load i32, ptr %20, align 4, !dbg !88, !tbaa !8
  %22 = sdiv i32 %8, 8, !dbg !89
  %23 = sext i32 %22 to i64, !dbg !90
  %24 = getelementptr inbounds i32, ptr %1, i64 %23, !dbg !90
  %25 = load i32, ptr %24, align 4, !dbg !91, !tbaa !8
  %26 = add nsw i32 %25, %21, !dbg !91
  store i32 %26, ptr %24, align 4, !dbg !91, !tbaa !8
  br label %27

27:                                               ; preds = %18, %10
  ret void, !dbg !92
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @reverse_unsynced(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #2 !dbg !93 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !94
  %5 = zext nneg i32 %4 to i64, !dbg !96
  %6 = getelementptr inbounds nuw i32, ptr %0, i64 %5, !dbg !96
  %7 = load i32, ptr %6, align 4, !dbg !96, !tbaa !8
  %8 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16reverse_unsyncedE4tile to ptr), i64 %5, !dbg !97
  store i32 %7, ptr %8, align 4, !dbg !98, !tbaa !8
  %9 = icmp eq i32 %2, 0, !dbg !99
  br i1 %9, label %11, label %10, !dbg !99

10:                                               ; preds = %3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !100
  br label %11, !dbg !100

11:                                               ; preds = %10, %3
  %12 = sub nsw i32 31, %4, !dbg !101
  %13 = sext i32 %12 to i64, !dbg !102
  %14 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16reverse_unsyncedE4tile to ptr), i64 %13, !dbg !102
  %15 = load i32, ptr %14, align 4, !dbg !102, !tbaa !8
  %16 = getelementptr inbounds nuw i32, ptr %1, i64 %5, !dbg !103
  store i32 %15, ptr %16, align 4, !dbg !104, !tbaa !8
  ret void, !dbg !105
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @block_totals(ptr noundef readonly captures(none) %0, ptr noundef captures(none) %1, i32 noundef %2) local_unnamed_addr #2 !dbg !106 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !107
  %5 = icmp eq i32 %4, 0, !dbg !109
  br i1 %5, label %6, label %7, !dbg !109

6:                                                ; preds = %3
  store i32 0, ptr addrspacecast (ptr addrspace(3) @_ZZ12block_totalsE3sum to ptr), align 4, !dbg !110, !tbaa !8
  br label %7, !dbg !111

7:                                                ; preds = %6, %3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !112
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !113
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !115
  %10 = mul i32 %8, %9, !dbg !117
  %11 = add i32 %10, %4, !dbg !118
  %12 = zext i32 %11 to i64, !dbg !119
  %13 = getelementptr inbounds nuw i32, ptr %0, i64 %12, !dbg !119
  %14 = load i32, ptr %13, align 4, !dbg !119, !tbaa !8
  %15 = atomicrmw add ptr addrspacecast (ptr addrspace(3) @_ZZ12block_totalsE3sum to ptr), i32 %14 seq_cst, align 4, !dbg !120
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !122
  br i1 %5, label %16, label %24, !dbg !123

16:                                               ; preds = %7
  %17 = icmp eq i32 %2, 0, !dbg !124
  %18 = load i32, ptr addrspacecast (ptr addrspace(3) @_ZZ12block_totalsE3sum to ptr), align 4, !dbg !125, !tbaa !8
  br i1 %17, label %21, label %19, !dbg !124

19:                                               ; preds = %16
  %20 = atomicrmw add ptr %1, i32 %18 seq_cst, align 4, !dbg !126
  br label %24, !dbg !128

21:                                               ; preds = %16
  %22 = load i32, ptr %1, align 4, !dbg !129, !tbaa !8
  %23 = add nsw i32 %22, %18, !dbg !129
  store i32 %23, ptr %1, align 4, !dbg !129, !tbaa !8
  br label %24

24:                                               ; preds = %7, %21, %19
  ret void, !dbg !130
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(read, argmem: write, inaccessiblemem: none, target_mem0: none, target_mem1: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #2 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #3 = { convergent nocallback nounwind }
attributes #4 = { mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #5 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6}
!llvm.ident = !{!7}
!llvm.errno.tbaa = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "checks.cu", directory: "/work/wt-cuda/tests/data/host_checks")
!2 = !{i32 7, !"Dwarf Version", i32 2}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C++ TBAA"}
!12 = distinct !DISubprogram(name: "double_off_by_one", scope: !1, file: !1, line: 10, type: !13, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!13 = !DISubroutineType(types: !14)
!14 = !{}
!15 = !DILocation(line: 66, column: 27, scope: !16, inlinedAt: !18)
!16 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !17, file: !17, line: 66, type: !13, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!17 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_builtin_vars.h", directory: "")
!18 = distinct !DILocation(line: 11, column: 13, scope: !12)
!19 = !DILocation(line: 79, column: 27, scope: !20, inlinedAt: !21)
!20 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !17, file: !17, line: 79, type: !13, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!21 = distinct !DILocation(line: 11, column: 26, scope: !12)
!22 = !DILocation(line: 11, column: 24, scope: !12)
!23 = !DILocation(line: 53, column: 27, scope: !24, inlinedAt: !25)
!24 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !17, file: !17, line: 53, type: !13, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!25 = distinct !DILocation(line: 11, column: 39, scope: !12)
!26 = !DILocation(line: 11, column: 37, scope: !12)
!27 = !DILocation(line: 12, column: 11, scope: !12)
!28 = !DILocation(line: 12, column: 33, scope: !12)
!29 = !{!30, !30, i64 0}
!30 = !{!"float", !10, i64 0}
!31 = !DILocation(line: 12, column: 31, scope: !12)
!32 = !DILocation(line: 12, column: 24, scope: !12)
!33 = !DILocation(line: 12, column: 17, scope: !12)
!34 = !DILocation(line: 13, column: 1, scope: !12)
!35 = distinct !DISubprogram(name: "read_table", scope: !1, file: !1, line: 16, type: !13, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!36 = !DILocation(line: 16, column: 65, scope: !35)
!37 = !DILocation(line: 16, column: 63, scope: !35)
!38 = !DILocation(line: 16, column: 75, scope: !35)
!39 = distinct !DISubprogram(name: "reverse_tile", scope: !1, file: !1, line: 20, type: !13, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!40 = !DILocation(line: 53, column: 27, scope: !24, inlinedAt: !41)
!41 = distinct !DILocation(line: 22, column: 13, scope: !39)
!42 = !DILocation(line: 66, column: 27, scope: !16, inlinedAt: !43)
!43 = distinct !DILocation(line: 22, column: 33, scope: !39)
!44 = !DILocation(line: 22, column: 44, scope: !39)
!45 = !DILocation(line: 23, column: 31, scope: !39)
!46 = !DILocation(line: 23, column: 23, scope: !39)
!47 = !DILocation(line: 23, column: 12, scope: !39)
!48 = !DILocation(line: 23, column: 5, scope: !39)
!49 = !DILocation(line: 23, column: 21, scope: !39)
!50 = !DILocation(line: 24, column: 5, scope: !39)
!51 = !DILocation(line: 25, column: 29, scope: !39)
!52 = !DILocation(line: 25, column: 21, scope: !39)
!53 = !DILocation(line: 25, column: 5, scope: !39)
!54 = !DILocation(line: 25, column: 19, scope: !39)
!55 = !DILocation(line: 26, column: 1, scope: !39)
!56 = distinct !DISubprogram(name: "divergent_barrier", scope: !1, file: !1, line: 29, type: !13, scopeLine: 29, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!57 = !DILocation(line: 53, column: 27, scope: !24, inlinedAt: !58)
!58 = distinct !DILocation(line: 30, column: 13, scope: !56)
!59 = !DILocation(line: 31, column: 11, scope: !56)
!60 = !DILocation(line: 32, column: 9, scope: !56)
!61 = !DILocation(line: 32, column: 15, scope: !56)
!62 = !DILocation(line: 33, column: 9, scope: !56)
!63 = !DILocation(line: 34, column: 9, scope: !56)
!64 = !DILocation(line: 34, column: 16, scope: !56)
!65 = !DILocation(line: 35, column: 5, scope: !56)
!66 = !DILocation(line: 36, column: 9, scope: !56)
!67 = !DILocation(line: 36, column: 16, scope: !56)
!68 = !DILocation(line: 37, column: 9, scope: !56)
!69 = !DILocation(line: 39, column: 1, scope: !56)
!70 = distinct !DISubprogram(name: "sum_eights", scope: !1, file: !1, line: 43, type: !13, scopeLine: 43, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!71 = !DILocation(line: 66, column: 27, scope: !16, inlinedAt: !72)
!72 = distinct !DILocation(line: 44, column: 13, scope: !70)
!73 = !DILocation(line: 79, column: 27, scope: !20, inlinedAt: !74)
!74 = distinct !DILocation(line: 44, column: 26, scope: !70)
!75 = !DILocation(line: 44, column: 24, scope: !70)
!76 = !DILocation(line: 53, column: 27, scope: !24, inlinedAt: !77)
!77 = distinct !DILocation(line: 44, column: 39, scope: !70)
!78 = !DILocation(line: 44, column: 37, scope: !70)
!79 = !DILocation(line: 45, column: 9, scope: !70)
!80 = !DILocation(line: 46, column: 26, scope: !70)
!81 = !DILocation(line: 46, column: 20, scope: !70)
!82 = !DILocation(line: 46, column: 32, scope: !70)
!83 = !DILocation(line: 73, column: 66, scope: !84, inlinedAt: !86)
!84 = distinct !DISubprogram(name: "atomicAdd", scope: !85, file: !85, line: 73, type: !13, scopeLine: 73, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!85 = !DIFile(filename: "./../cuda_host/cuda_test.h", directory: "/work/wt-cuda/tests/data/host_checks")
!86 = distinct !DILocation(line: 46, column: 9, scope: !70)
!87 = !DILocation(line: 46, column: 9, scope: !70)
!88 = !DILocation(line: 48, column: 23, scope: !70)
!89 = !DILocation(line: 48, column: 15, scope: !70)
!90 = !DILocation(line: 48, column: 9, scope: !70)
!91 = !DILocation(line: 48, column: 20, scope: !70)
!92 = !DILocation(line: 49, column: 1, scope: !70)
!93 = distinct !DISubprogram(name: "reverse_unsynced", scope: !1, file: !1, line: 53, type: !13, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!94 = !DILocation(line: 53, column: 27, scope: !24, inlinedAt: !95)
!95 = distinct !DILocation(line: 55, column: 13, scope: !93)
!96 = !DILocation(line: 56, column: 15, scope: !93)
!97 = !DILocation(line: 56, column: 5, scope: !93)
!98 = !DILocation(line: 56, column: 13, scope: !93)
!99 = !DILocation(line: 57, column: 9, scope: !93)
!100 = !DILocation(line: 57, column: 17, scope: !93)
!101 = !DILocation(line: 58, column: 22, scope: !93)
!102 = !DILocation(line: 58, column: 14, scope: !93)
!103 = !DILocation(line: 58, column: 5, scope: !93)
!104 = !DILocation(line: 58, column: 12, scope: !93)
!105 = !DILocation(line: 59, column: 1, scope: !93)
!106 = distinct !DISubprogram(name: "block_totals", scope: !1, file: !1, line: 64, type: !13, scopeLine: 64, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!107 = !DILocation(line: 53, column: 27, scope: !24, inlinedAt: !108)
!108 = distinct !DILocation(line: 66, column: 9, scope: !106)
!109 = !DILocation(line: 66, column: 21, scope: !106)
!110 = !DILocation(line: 66, column: 31, scope: !106)
!111 = !DILocation(line: 66, column: 27, scope: !106)
!112 = !DILocation(line: 67, column: 5, scope: !106)
!113 = !DILocation(line: 66, column: 27, scope: !16, inlinedAt: !114)
!114 = distinct !DILocation(line: 68, column: 24, scope: !106)
!115 = !DILocation(line: 79, column: 27, scope: !20, inlinedAt: !116)
!116 = distinct !DILocation(line: 68, column: 37, scope: !106)
!117 = !DILocation(line: 68, column: 35, scope: !106)
!118 = !DILocation(line: 68, column: 48, scope: !106)
!119 = !DILocation(line: 68, column: 21, scope: !106)
!120 = !DILocation(line: 73, column: 66, scope: !84, inlinedAt: !121)
!121 = distinct !DILocation(line: 68, column: 5, scope: !106)
!122 = !DILocation(line: 69, column: 5, scope: !106)
!123 = !DILocation(line: 70, column: 21, scope: !106)
!124 = !DILocation(line: 71, column: 9, scope: !106)
!125 = !DILocation(line: 0, scope: !106)
!126 = !DILocation(line: 73, column: 66, scope: !84, inlinedAt: !127)
!127 = distinct !DILocation(line: 72, column: 9, scope: !106)
!128 = !DILocation(line: 72, column: 9, scope: !106)
!129 = !DILocation(line: 74, column: 16, scope: !106)
!130 = !DILocation(line: 75, column: 1, scope: !106)
