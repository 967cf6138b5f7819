; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib --cuda-feature=+ptx88 -O2 -emit-llvm -S shared.cu -o shared.llvm22.ll
; ModuleID = 'shared.cu'
source_filename = "shared.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ13scan_blellochE3buf = internal unnamed_addr addrspace(3) global [512 x float] undef, align 4
@_ZZ12histogram256E5local = internal addrspace(3) global [256 x i32] undef, align 4
@_ZZ12matmul_tiledE2ta = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ12matmul_tiledE2tb = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ8stencil5E4tile = internal unnamed_addr addrspace(3) global [18 x [18 x float]] undef, align 4
@_ZZ16transpose_paddedE4tile = internal unnamed_addr addrspace(3) global [32 x [33 x float]] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @scan_blelloch(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, ptr noundef writeonly captures(none) %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = shl i32 %6, 9
  %8 = add nsw i32 %7, %5
  %9 = icmp slt i32 %8, %3
  br i1 %9, label %10, label %14

10:                                               ; preds = %4
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds float, ptr %0, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !8
  br label %14

14:                                               ; preds = %4, %10
  %15 = phi contract float [ %13, %10 ], [ 0.000000e+00, %4 ]
  %16 = add nsw i32 %8, 256
  %17 = icmp slt i32 %16, %3
  br i1 %17, label %18, label %22

18:                                               ; preds = %14
  %19 = sext i32 %16 to i64
  %20 = getelementptr inbounds float, ptr %0, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !8
  br label %22

22:                                               ; preds = %14, %18
  %23 = phi contract float [ %21, %18 ], [ 0.000000e+00, %14 ]
  %24 = zext nneg i32 %5 to i64
  %25 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %24
  store float %15, ptr %25, align 4, !tbaa !8
  %26 = getelementptr i8, ptr %25, i64 1024
  store float %23, ptr %26, align 4, !tbaa !8
  %27 = shl nuw nsw i32 %5, 1
  %28 = or disjoint i32 %27, 1
  %29 = add nuw nsw i32 %27, 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %30 = icmp samesign ult i32 %5, 256
  br i1 %30, label %31, label %41

31:                                               ; preds = %22
  %32 = zext nneg i32 %28 to i64
  %33 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %32
  %34 = getelementptr i8, ptr %33, i64 -4
  %35 = load float, ptr %34, align 4, !tbaa !8
  %36 = zext nneg i32 %29 to i64
  %37 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %36
  %38 = getelementptr i8, ptr %37, i64 -4
  %39 = load float, ptr %38, align 4, !tbaa !8
  %40 = fadd contract float %35, %39
  store float %40, ptr %38, align 4, !tbaa !8
  br label %41

41:                                               ; preds = %31, %22
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %42 = icmp samesign ult i32 %5, 128
  br i1 %42, label %43, label %55

43:                                               ; preds = %41
  %44 = shl nuw nsw i32 %28, 1
  %45 = zext nneg i32 %44 to i64
  %46 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %45
  %47 = getelementptr i8, ptr %46, i64 -4
  %48 = load float, ptr %47, align 4, !tbaa !8
  %49 = shl nuw nsw i32 %29, 1
  %50 = zext nneg i32 %49 to i64
  %51 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %50
  %52 = getelementptr i8, ptr %51, i64 -4
  %53 = load float, ptr %52, align 4, !tbaa !8
  %54 = fadd contract float %48, %53
  store float %54, ptr %52, align 4, !tbaa !8
  br label %55

55:                                               ; preds = %43, %41
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %56 = icmp samesign ult i32 %5, 64
  br i1 %56, label %57, label %69

57:                                               ; preds = %55
  %58 = shl nuw nsw i32 %28, 2
  %59 = zext nneg i32 %58 to i64
  %60 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %59
  %61 = getelementptr i8, ptr %60, i64 -4
  %62 = load float, ptr %61, align 4, !tbaa !8
  %63 = shl nuw nsw i32 %29, 2
  %64 = zext nneg i32 %63 to i64
  %65 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %64
  %66 = getelementptr i8, ptr %65, i64 -4
  %67 = load float, ptr %66, align 4, !tbaa !8
  %68 = fadd contract float %62, %67
  store float %68, ptr %66, align 4, !tbaa !8
  br label %69

69:                                               ; preds = %57, %55
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %70 = icmp samesign ult i32 %5, 32
  br i1 %70, label %71, label %83

71:                                               ; preds = %69
  %72 = shl nuw nsw i32 %28, 3
  %73 = zext nneg i32 %72 to i64
  %74 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %73
  %75 = getelementptr i8, ptr %74, i64 -4
  %76 = load float, ptr %75, align 4, !tbaa !8
  %77 = shl nuw nsw i32 %29, 3
  %78 = zext nneg i32 %77 to i64
  %79 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %78
  %80 = getelementptr i8, ptr %79, i64 -4
  %81 = load float, ptr %80, align 4, !tbaa !8
  %82 = fadd contract float %76, %81
  store float %82, ptr %80, align 4, !tbaa !8
  br label %83

83:                                               ; preds = %71, %69
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %84 = icmp samesign ult i32 %5, 16
  br i1 %84, label %85, label %97

85:                                               ; preds = %83
  %86 = shl nuw nsw i32 %28, 4
  %87 = zext nneg i32 %86 to i64
  %88 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %87
  %89 = getelementptr i8, ptr %88, i64 -4
  %90 = load float, ptr %89, align 4, !tbaa !8
  %91 = shl nuw nsw i32 %29, 4
  %92 = zext nneg i32 %91 to i64
  %93 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %92
  %94 = getelementptr i8, ptr %93, i64 -4
  %95 = load float, ptr %94, align 4, !tbaa !8
  %96 = fadd contract float %90, %95
  store float %96, ptr %94, align 4, !tbaa !8
  br label %97

97:                                               ; preds = %85, %83
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %98 = icmp samesign ult i32 %5, 8
  br i1 %98, label %99, label %111

99:                                               ; preds = %97
  %100 = shl nuw nsw i32 %28, 5
  %101 = zext nneg i32 %100 to i64
  %102 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %101
  %103 = getelementptr i8, ptr %102, i64 -4
  %104 = load float, ptr %103, align 4, !tbaa !8
  %105 = shl nuw nsw i32 %29, 5
  %106 = zext nneg i32 %105 to i64
  %107 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %106
  %108 = getelementptr i8, ptr %107, i64 -4
  %109 = load float, ptr %108, align 4, !tbaa !8
  %110 = fadd contract float %104, %109
  store float %110, ptr %108, align 4, !tbaa !8
  br label %111

111:                                              ; preds = %99, %97
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %112 = icmp samesign ult i32 %5, 4
  br i1 %112, label %113, label %125

113:                                              ; preds = %111
  %114 = shl nuw nsw i32 %28, 6
  %115 = zext nneg i32 %114 to i64
  %116 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %115
  %117 = getelementptr i8, ptr %116, i64 -4
  %118 = load float, ptr %117, align 4, !tbaa !8
  %119 = shl nuw nsw i32 %29, 6
  %120 = zext nneg i32 %119 to i64
  %121 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %120
  %122 = getelementptr i8, ptr %121, i64 -4
  %123 = load float, ptr %122, align 4, !tbaa !8
  %124 = fadd contract float %118, %123
  store float %124, ptr %122, align 4, !tbaa !8
  br label %125

125:                                              ; preds = %113, %111
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %126 = icmp samesign ult i32 %5, 2
  br i1 %126, label %127, label %139

127:                                              ; preds = %125
  %128 = shl nuw nsw i32 %28, 7
  %129 = zext nneg i32 %128 to i64
  %130 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %129
  %131 = getelementptr i8, ptr %130, i64 -4
  %132 = load float, ptr %131, align 4, !tbaa !8
  %133 = shl nuw nsw i32 %29, 7
  %134 = zext nneg i32 %133 to i64
  %135 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %134
  %136 = getelementptr i8, ptr %135, i64 -4
  %137 = load float, ptr %136, align 4, !tbaa !8
  %138 = fadd contract float %132, %137
  store float %138, ptr %136, align 4, !tbaa !8
  br label %139

139:                                              ; preds = %127, %125
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %140 = icmp eq i32 %5, 0
  br i1 %140, label %141, label %145

141:                                              ; preds = %139
  %142 = load float, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 1020), align 4, !tbaa !8
  %143 = load float, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 2044), align 4, !tbaa !8
  %144 = fadd contract float %142, %143
  store float %144, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 2044), align 4, !tbaa !8
  br label %145

145:                                              ; preds = %141, %139
  %146 = icmp eq i32 %5, 0
  br i1 %146, label %147, label %151

147:                                              ; preds = %145
  %148 = zext nneg i32 %6 to i64
  %149 = getelementptr inbounds nuw float, ptr %2, i64 %148
  %150 = load float, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 2044), align 4, !tbaa !8
  store float %150, ptr %149, align 4, !tbaa !8
  store float 0.000000e+00, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 2044), align 4, !tbaa !8
  br label %151

151:                                              ; preds = %147, %145
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %140, label %152, label %156

152:                                              ; preds = %151
  %153 = load float, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 1020), align 4, !tbaa !8
  %154 = load float, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 2044), align 4, !tbaa !8
  store float %154, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 1020), align 4, !tbaa !8
  %155 = fadd contract float %153, %154
  store float %155, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 2044), align 4, !tbaa !8
  br label %156

156:                                              ; preds = %151, %152
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %126, label %157, label %169

157:                                              ; preds = %156
  %158 = shl nuw nsw i32 %28, 7
  %159 = shl nuw nsw i32 %29, 7
  %160 = zext nneg i32 %158 to i64
  %161 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %160
  %162 = getelementptr i8, ptr %161, i64 -4
  %163 = load float, ptr %162, align 4, !tbaa !8
  %164 = zext nneg i32 %159 to i64
  %165 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %164
  %166 = getelementptr i8, ptr %165, i64 -4
  %167 = load float, ptr %166, align 4, !tbaa !8
  store float %167, ptr %162, align 4, !tbaa !8
  %168 = fadd contract float %163, %167
  store float %168, ptr %166, align 4, !tbaa !8
  br label %169

169:                                              ; preds = %157, %156
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %112, label %170, label %182

170:                                              ; preds = %169
  %171 = shl nuw nsw i32 %28, 6
  %172 = shl nuw nsw i32 %29, 6
  %173 = zext nneg i32 %171 to i64
  %174 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %173
  %175 = getelementptr i8, ptr %174, i64 -4
  %176 = load float, ptr %175, align 4, !tbaa !8
  %177 = zext nneg i32 %172 to i64
  %178 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %177
  %179 = getelementptr i8, ptr %178, i64 -4
  %180 = load float, ptr %179, align 4, !tbaa !8
  store float %180, ptr %175, align 4, !tbaa !8
  %181 = fadd contract float %176, %180
  store float %181, ptr %179, align 4, !tbaa !8
  br label %182

182:                                              ; preds = %170, %169
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %98, label %183, label %195

183:                                              ; preds = %182
  %184 = shl nuw nsw i32 %28, 5
  %185 = shl nuw nsw i32 %29, 5
  %186 = zext nneg i32 %184 to i64
  %187 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %186
  %188 = getelementptr i8, ptr %187, i64 -4
  %189 = load float, ptr %188, align 4, !tbaa !8
  %190 = zext nneg i32 %185 to i64
  %191 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %190
  %192 = getelementptr i8, ptr %191, i64 -4
  %193 = load float, ptr %192, align 4, !tbaa !8
  store float %193, ptr %188, align 4, !tbaa !8
  %194 = fadd contract float %189, %193
  store float %194, ptr %192, align 4, !tbaa !8
  br label %195

195:                                              ; preds = %183, %182
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %84, label %196, label %208

196:                                              ; preds = %195
  %197 = shl nuw nsw i32 %28, 4
  %198 = shl nuw nsw i32 %29, 4
  %199 = zext nneg i32 %197 to i64
  %200 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %199
  %201 = getelementptr i8, ptr %200, i64 -4
  %202 = load float, ptr %201, align 4, !tbaa !8
  %203 = zext nneg i32 %198 to i64
  %204 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %203
  %205 = getelementptr i8, ptr %204, i64 -4
  %206 = load float, ptr %205, align 4, !tbaa !8
  store float %206, ptr %201, align 4, !tbaa !8
  %207 = fadd contract float %202, %206
  store float %207, ptr %205, align 4, !tbaa !8
  br label %208

208:                                              ; preds = %196, %195
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %70, label %209, label %221

209:                                              ; preds = %208
  %210 = shl nuw nsw i32 %28, 3
  %211 = shl nuw nsw i32 %29, 3
  %212 = zext nneg i32 %210 to i64
  %213 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %212
  %214 = getelementptr i8, ptr %213, i64 -4
  %215 = load float, ptr %214, align 4, !tbaa !8
  %216 = zext nneg i32 %211 to i64
  %217 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %216
  %218 = getelementptr i8, ptr %217, i64 -4
  %219 = load float, ptr %218, align 4, !tbaa !8
  store float %219, ptr %214, align 4, !tbaa !8
  %220 = fadd contract float %215, %219
  store float %220, ptr %218, align 4, !tbaa !8
  br label %221

221:                                              ; preds = %209, %208
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %56, label %222, label %234

222:                                              ; preds = %221
  %223 = shl nuw nsw i32 %28, 2
  %224 = shl nuw nsw i32 %29, 2
  %225 = zext nneg i32 %223 to i64
  %226 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %225
  %227 = getelementptr i8, ptr %226, i64 -4
  %228 = load float, ptr %227, align 4, !tbaa !8
  %229 = zext nneg i32 %224 to i64
  %230 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %229
  %231 = getelementptr i8, ptr %230, i64 -4
  %232 = load float, ptr %231, align 4, !tbaa !8
  store float %232, ptr %227, align 4, !tbaa !8
  %233 = fadd contract float %228, %232
  store float %233, ptr %231, align 4, !tbaa !8
  br label %234

234:                                              ; preds = %222, %221
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %42, label %235, label %247

235:                                              ; preds = %234
  %236 = shl nuw nsw i32 %28, 1
  %237 = shl nuw nsw i32 %29, 1
  %238 = zext nneg i32 %236 to i64
  %239 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %238
  %240 = getelementptr i8, ptr %239, i64 -4
  %241 = load float, ptr %240, align 4, !tbaa !8
  %242 = zext nneg i32 %237 to i64
  %243 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %242
  %244 = getelementptr i8, ptr %243, i64 -4
  %245 = load float, ptr %244, align 4, !tbaa !8
  store float %245, ptr %240, align 4, !tbaa !8
  %246 = fadd contract float %241, %245
  store float %246, ptr %244, align 4, !tbaa !8
  br label %247

247:                                              ; preds = %235, %234
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %30, label %248, label %258

248:                                              ; preds = %247
  %249 = zext nneg i32 %28 to i64
  %250 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %249
  %251 = getelementptr i8, ptr %250, i64 -4
  %252 = load float, ptr %251, align 4, !tbaa !8
  %253 = zext nneg i32 %29 to i64
  %254 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_ZZ13scan_blellochE3buf to ptr), i64 %253
  %255 = getelementptr i8, ptr %254, i64 -4
  %256 = load float, ptr %255, align 4, !tbaa !8
  store float %256, ptr %251, align 4, !tbaa !8
  %257 = fadd contract float %252, %256
  store float %257, ptr %255, align 4, !tbaa !8
  br label %258

258:                                              ; preds = %248, %247
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %9, label %259, label %264

259:                                              ; preds = %258
  %260 = sext i32 %8 to i64
  %261 = getelementptr inbounds float, ptr %1, i64 %260
  %262 = load float, ptr %25, align 4, !tbaa !8
  %263 = fadd contract float %15, %262
  store float %263, ptr %261, align 4, !tbaa !8
  br label %264

264:                                              ; preds = %259, %258
  br i1 %17, label %265, label %270

265:                                              ; preds = %264
  %266 = sext i32 %16 to i64
  %267 = getelementptr inbounds float, ptr %1, i64 %266
  %268 = load float, ptr %26, align 4, !tbaa !8
  %269 = fadd contract float %23, %268
  store float %269, ptr %267, align 4, !tbaa !8
  br label %270

270:                                              ; preds = %265, %264
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @histogram256(ptr noundef readonly captures(none) %0, i32 noundef %1, ptr noundef captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp samesign ult i32 %4, 256
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br i1 %5, label %15, label %7

7:                                                ; preds = %15, %3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %9 = mul i32 %8, %6
  %10 = add i32 %9, %4
  %11 = icmp slt i32 %10, %1
  br i1 %11, label %12, label %21

12:                                               ; preds = %7
  %13 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %14 = mul i32 %6, %13
  br label %22

15:                                               ; preds = %3, %15
  %16 = phi i32 [ %19, %15 ], [ %4, %3 ]
  %17 = zext nneg i32 %16 to i64
  %18 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ12histogram256E5local to ptr), i64 %17
  store i32 0, ptr %18, align 4, !tbaa !4
  %19 = add nuw nsw i32 %16, %6
  %20 = icmp samesign ult i32 %19, 256
  br i1 %20, label %15, label %7, !llvm.loop !10

21:                                               ; preds = %22, %7
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %5, label %33, label %32

22:                                               ; preds = %12, %22
  %23 = phi i32 [ %10, %12 ], [ %30, %22 ]
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds i8, ptr %0, i64 %24
  %26 = load i8, ptr %25, align 1, !tbaa !12
  %27 = zext i8 %26 to i64
  %28 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ12histogram256E5local to ptr), i64 %27
  %29 = atomicrmw add ptr %28, i32 1 seq_cst, align 4
  %30 = add i32 %23, %14
  %31 = icmp slt i32 %30, %1
  br i1 %31, label %22, label %21, !llvm.loop !13

32:                                               ; preds = %42, %21
  ret void

33:                                               ; preds = %21, %42
  %34 = phi i32 [ %43, %42 ], [ %4, %21 ]
  %35 = zext nneg i32 %34 to i64
  %36 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ12histogram256E5local to ptr), i64 %35
  %37 = load i32, ptr %36, align 4, !tbaa !4
  %38 = icmp eq i32 %37, 0
  br i1 %38, label %42, label %39

39:                                               ; preds = %33
  %40 = getelementptr inbounds nuw i32, ptr %2, i64 %35
  %41 = atomicrmw add ptr %40, i32 %37 seq_cst, align 4
  br label %42

42:                                               ; preds = %33, %39
  %43 = add nuw nsw i32 %34, %6
  %44 = icmp samesign ult i32 %43, 256
  br i1 %44, label %33, label %32, !llvm.loop !14
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @matmul_tiled(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %10 = shl nuw nsw i32 %9, 4
  %11 = add nuw nsw i32 %10, %8
  %12 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %13 = shl i32 %12, 4
  %14 = add i32 %13, %7
  %15 = icmp sgt i32 %5, 0
  br i1 %15, label %16, label %58

16:                                               ; preds = %6
  %17 = icmp slt i32 %11, %3
  %18 = mul nuw nsw i32 %5, %11
  %19 = add nuw i32 %18, %7
  %20 = zext nneg i32 %8 to i64
  %21 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12matmul_tiledE2ta to ptr), i64 %20
  %22 = zext nneg i32 %7 to i64
  %23 = getelementptr inbounds nuw float, ptr %21, i64 %22
  %24 = icmp slt i32 %14, %4
  %25 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12matmul_tiledE2tb to ptr), i64 %20
  %26 = getelementptr inbounds nuw float, ptr %25, i64 %22
  %27 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ12matmul_tiledE2tb to ptr), i64 %22
  %28 = getelementptr inbounds nuw i8, ptr %21, i64 4
  %29 = getelementptr inbounds nuw i8, ptr %27, i64 64
  %30 = getelementptr inbounds nuw i8, ptr %21, i64 8
  %31 = getelementptr inbounds nuw i8, ptr %27, i64 128
  %32 = getelementptr inbounds nuw i8, ptr %21, i64 12
  %33 = getelementptr inbounds nuw i8, ptr %27, i64 192
  %34 = getelementptr inbounds nuw i8, ptr %21, i64 16
  %35 = getelementptr inbounds nuw i8, ptr %27, i64 256
  %36 = getelementptr inbounds nuw i8, ptr %21, i64 20
  %37 = getelementptr inbounds nuw i8, ptr %27, i64 320
  %38 = getelementptr inbounds nuw i8, ptr %21, i64 24
  %39 = getelementptr inbounds nuw i8, ptr %27, i64 384
  %40 = getelementptr inbounds nuw i8, ptr %21, i64 28
  %41 = getelementptr inbounds nuw i8, ptr %27, i64 448
  %42 = getelementptr inbounds nuw i8, ptr %21, i64 32
  %43 = getelementptr inbounds nuw i8, ptr %27, i64 512
  %44 = getelementptr inbounds nuw i8, ptr %21, i64 36
  %45 = getelementptr inbounds nuw i8, ptr %27, i64 576
  %46 = getelementptr inbounds nuw i8, ptr %21, i64 40
  %47 = getelementptr inbounds nuw i8, ptr %27, i64 640
  %48 = getelementptr inbounds nuw i8, ptr %21, i64 44
  %49 = getelementptr inbounds nuw i8, ptr %27, i64 704
  %50 = getelementptr inbounds nuw i8, ptr %21, i64 48
  %51 = getelementptr inbounds nuw i8, ptr %27, i64 768
  %52 = getelementptr inbounds nuw i8, ptr %21, i64 52
  %53 = getelementptr inbounds nuw i8, ptr %27, i64 832
  %54 = getelementptr inbounds nuw i8, ptr %21, i64 56
  %55 = getelementptr inbounds nuw i8, ptr %27, i64 896
  %56 = getelementptr inbounds nuw i8, ptr %21, i64 60
  %57 = getelementptr inbounds nuw i8, ptr %27, i64 960
  br label %63

58:                                               ; preds = %85, %6
  %59 = phi float [ 0.000000e+00, %6 ], [ %150, %85 ]
  %60 = icmp slt i32 %11, %3
  %61 = icmp slt i32 %14, %4
  %62 = and i1 %60, %61
  br i1 %62, label %153, label %158

63:                                               ; preds = %16, %85
  %64 = phi i32 [ 0, %16 ], [ %151, %85 ]
  %65 = phi float [ 0.000000e+00, %16 ], [ %150, %85 ]
  %66 = add nuw nsw i32 %64, %7
  %67 = icmp slt i32 %66, %5
  %68 = select i1 %17, i1 %67, i1 false
  br i1 %68, label %69, label %74

69:                                               ; preds = %63
  %70 = add i32 %19, %64
  %71 = sext i32 %70 to i64
  %72 = getelementptr inbounds float, ptr %0, i64 %71
  %73 = load float, ptr %72, align 4, !tbaa !8
  br label %74

74:                                               ; preds = %63, %69
  %75 = phi contract float [ %73, %69 ], [ 0.000000e+00, %63 ]
  store float %75, ptr %23, align 4, !tbaa !8
  %76 = add nuw nsw i32 %64, %8
  %77 = icmp slt i32 %76, %5
  %78 = and i1 %24, %77
  br i1 %78, label %79, label %85

79:                                               ; preds = %74
  %80 = mul nsw i32 %76, %4
  %81 = add nsw i32 %80, %14
  %82 = sext i32 %81 to i64
  %83 = getelementptr inbounds float, ptr %1, i64 %82
  %84 = load float, ptr %83, align 4, !tbaa !8
  br label %85

85:                                               ; preds = %74, %79
  %86 = phi contract float [ %84, %79 ], [ 0.000000e+00, %74 ]
  store float %86, ptr %26, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %87 = load float, ptr %21, align 4, !tbaa !8
  %88 = load float, ptr %27, align 4, !tbaa !8
  %89 = fmul contract float %87, %88
  %90 = fadd contract float %65, %89
  %91 = load float, ptr %28, align 4, !tbaa !8
  %92 = load float, ptr %29, align 4, !tbaa !8
  %93 = fmul contract float %91, %92
  %94 = fadd contract float %90, %93
  %95 = load float, ptr %30, align 4, !tbaa !8
  %96 = load float, ptr %31, align 4, !tbaa !8
  %97 = fmul contract float %95, %96
  %98 = fadd contract float %94, %97
  %99 = load float, ptr %32, align 4, !tbaa !8
  %100 = load float, ptr %33, align 4, !tbaa !8
  %101 = fmul contract float %99, %100
  %102 = fadd contract float %98, %101
  %103 = load float, ptr %34, align 4, !tbaa !8
  %104 = load float, ptr %35, align 4, !tbaa !8
  %105 = fmul contract float %103, %104
  %106 = fadd contract float %102, %105
  %107 = load float, ptr %36, align 4, !tbaa !8
  %108 = load float, ptr %37, align 4, !tbaa !8
  %109 = fmul contract float %107, %108
  %110 = fadd contract float %106, %109
  %111 = load float, ptr %38, align 4, !tbaa !8
  %112 = load float, ptr %39, align 4, !tbaa !8
  %113 = fmul contract float %111, %112
  %114 = fadd contract float %110, %113
  %115 = load float, ptr %40, align 4, !tbaa !8
  %116 = load float, ptr %41, align 4, !tbaa !8
  %117 = fmul contract float %115, %116
  %118 = fadd contract float %114, %117
  %119 = load float, ptr %42, align 4, !tbaa !8
  %120 = load float, ptr %43, align 4, !tbaa !8
  %121 = fmul contract float %119, %120
  %122 = fadd contract float %118, %121
  %123 = load float, ptr %44, align 4, !tbaa !8
  %124 = load float, ptr %45, align 4, !tbaa !8
  %125 = fmul contract float %123, %124
  %126 = fadd contract float %122, %125
  %127 = load float, ptr %46, align 4, !tbaa !8
  %128 = load float, ptr %47, align 4, !tbaa !8
  %129 = fmul contract float %127, %128
  %130 = fadd contract float %126, %129
  %131 = load float, ptr %48, align 4, !tbaa !8
  %132 = load float, ptr %49, align 4, !tbaa !8
  %133 = fmul contract float %131, %132
  %134 = fadd contract float %130, %133
  %135 = load float, ptr %50, align 4, !tbaa !8
  %136 = load float, ptr %51, align 4, !tbaa !8
  %137 = fmul contract float %135, %136
  %138 = fadd contract float %134, %137
  %139 = load float, ptr %52, align 4, !tbaa !8
  %140 = load float, ptr %53, align 4, !tbaa !8
  %141 = fmul contract float %139, %140
  %142 = fadd contract float %138, %141
  %143 = load float, ptr %54, align 4, !tbaa !8
  %144 = load float, ptr %55, align 4, !tbaa !8
  %145 = fmul contract float %143, %144
  %146 = fadd contract float %142, %145
  %147 = load float, ptr %56, align 4, !tbaa !8
  %148 = load float, ptr %57, align 4, !tbaa !8
  %149 = fmul contract float %147, %148
  %150 = fadd contract float %146, %149
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %151 = add nuw nsw i32 %64, 16
  %152 = icmp slt i32 %151, %5
  br i1 %152, label %63, label %58, !llvm.loop !15

153:                                              ; preds = %58
  %154 = mul nsw i32 %4, %11
  %155 = add nsw i32 %154, %14
  %156 = sext i32 %155 to i64
  %157 = getelementptr inbounds float, ptr %2, i64 %156
  store float %59, ptr %157, align 4, !tbaa !8
  br label %158

158:                                              ; preds = %153, %58
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @stencil5(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 4
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %10 = shl nuw nsw i32 %9, 4
  %11 = icmp samesign ult i32 %6, 18
  br i1 %11, label %12, label %24

12:                                               ; preds = %4
  %13 = icmp samesign ult i32 %5, 18
  %14 = add i32 %8, -1
  %15 = add nsw i32 %2, -1
  %16 = add nsw i32 %10, -1
  %17 = add nsw i32 %3, -1
  br label %18

18:                                               ; preds = %12, %30
  %19 = phi i32 [ %6, %12 ], [ %31, %30 ]
  br i1 %13, label %20, label %30

20:                                               ; preds = %18
  %21 = add i32 %16, %19
  %22 = zext nneg i32 %19 to i64
  %23 = getelementptr inbounds nuw [18 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ8stencil5E4tile to ptr), i64 %22
  br label %33

24:                                               ; preds = %30, %4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %25 = add nsw i32 %8, %5
  %26 = add nuw nsw i32 %10, %6
  %27 = icmp slt i32 %25, %2
  %28 = icmp slt i32 %26, %3
  %29 = select i1 %27, i1 %28, i1 false
  br i1 %29, label %49, label %93

30:                                               ; preds = %33, %18
  %31 = add nuw nsw i32 %19, 16
  %32 = icmp samesign ult i32 %19, 2
  br i1 %32, label %18, label %24, !llvm.loop !16

33:                                               ; preds = %20, %33
  %34 = phi i32 [ %5, %20 ], [ %47, %33 ]
  %35 = add i32 %14, %34
  %36 = tail call noundef i32 @__nv_max(i32 noundef range(i32 -2147483648, 2147483647) %35, i32 noundef 0) #4
  %37 = tail call noundef i32 @__nv_min(i32 noundef %36, i32 noundef range(i32 -2147483648, 2147483647) %15) #4
  %38 = tail call noundef i32 @__nv_max(i32 noundef range(i32 -2147483648, 2147483647) %21, i32 noundef 0) #4
  %39 = tail call noundef i32 @__nv_min(i32 noundef %38, i32 noundef range(i32 -2147483648, 2147483647) %17) #4
  %40 = mul nsw i32 %39, %2
  %41 = add nsw i32 %40, %37
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !8
  %45 = zext nneg i32 %34 to i64
  %46 = getelementptr inbounds nuw float, ptr %23, i64 %45
  store float %44, ptr %46, align 4, !tbaa !8
  %47 = add nuw nsw i32 %34, 16
  %48 = icmp samesign ult i32 %34, 2
  br i1 %48, label %33, label %30, !llvm.loop !17

49:                                               ; preds = %24
  %50 = icmp eq i32 %25, 0
  %51 = icmp eq i32 %26, 0
  %52 = select i1 %50, i1 true, i1 %51
  %53 = add nsw i32 %2, -1
  %54 = icmp eq i32 %25, %53
  %55 = select i1 %52, i1 true, i1 %54
  %56 = add nsw i32 %3, -1
  %57 = icmp eq i32 %26, %56
  %58 = select i1 %55, i1 true, i1 %57
  %59 = zext nneg i32 %6 to i64
  %60 = getelementptr [18 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ8stencil5E4tile to ptr), i64 %59
  br i1 %58, label %61, label %66

61:                                               ; preds = %49
  %62 = zext nneg i32 %5 to i64
  %63 = getelementptr float, ptr %60, i64 %62
  %64 = getelementptr i8, ptr %63, i64 76
  %65 = load float, ptr %64, align 4, !tbaa !8
  br label %87

66:                                               ; preds = %49
  %67 = getelementptr i8, ptr %60, i64 72
  %68 = add nuw nsw i32 %5, 1
  %69 = zext nneg i32 %68 to i64
  %70 = getelementptr inbounds nuw float, ptr %67, i64 %69
  %71 = load float, ptr %70, align 4, !tbaa !8
  %72 = getelementptr inbounds nuw float, ptr %60, i64 %69
  %73 = load float, ptr %72, align 4, !tbaa !8
  %74 = fadd contract float %71, %73
  %75 = getelementptr i8, ptr %60, i64 144
  %76 = getelementptr inbounds nuw float, ptr %75, i64 %69
  %77 = load float, ptr %76, align 4, !tbaa !8
  %78 = fadd contract float %74, %77
  %79 = zext nneg i32 %5 to i64
  %80 = getelementptr inbounds nuw float, ptr %67, i64 %79
  %81 = load float, ptr %80, align 4, !tbaa !8
  %82 = fadd contract float %78, %81
  %83 = getelementptr i8, ptr %80, i64 8
  %84 = load float, ptr %83, align 4, !tbaa !8
  %85 = fadd contract float %82, %84
  %86 = fmul contract float %85, 0x3FC99999A0000000
  br label %87

87:                                               ; preds = %61, %66
  %88 = phi float [ %86, %66 ], [ %65, %61 ]
  %89 = mul nsw i32 %2, %26
  %90 = add nsw i32 %89, %25
  %91 = sext i32 %90 to i64
  %92 = getelementptr inbounds float, ptr %1, i64 %91
  store float %88, ptr %92, align 4, !tbaa !8
  br label %93

93:                                               ; preds = %87, %24
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @transpose_padded(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %10 = shl nuw nsw i32 %9, 5
  %11 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %12 = add nuw nsw i32 %10, %11
  %13 = icmp slt i32 %8, %2
  %14 = zext nneg i32 %7 to i64
  %15 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ16transpose_paddedE4tile to ptr), i64 %14
  %16 = icmp slt i32 %12, %3
  %17 = select i1 %13, i1 %16, i1 false
  br i1 %17, label %18, label %26

18:                                               ; preds = %4
  %19 = mul nsw i32 %12, %2
  %20 = add nsw i32 %19, %8
  %21 = sext i32 %20 to i64
  %22 = getelementptr inbounds float, ptr %0, i64 %21
  %23 = load float, ptr %22, align 4, !tbaa !8
  %24 = zext nneg i32 %11 to i64
  %25 = getelementptr inbounds nuw [33 x float], ptr %15, i64 %24
  store float %23, ptr %25, align 4, !tbaa !8
  br label %26

26:                                               ; preds = %4, %18
  br i1 %13, label %27, label %63

27:                                               ; preds = %26
  %28 = add nuw nsw i32 %12, 8
  %29 = icmp slt i32 %28, %3
  br i1 %29, label %30, label %39

30:                                               ; preds = %27
  %31 = mul nsw i32 %28, %2
  %32 = add nsw i32 %31, %8
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds float, ptr %0, i64 %33
  %35 = load float, ptr %34, align 4, !tbaa !8
  %36 = zext nneg i32 %11 to i64
  %37 = getelementptr inbounds nuw [33 x float], ptr %15, i64 %36
  %38 = getelementptr inbounds nuw i8, ptr %37, i64 1056
  store float %35, ptr %38, align 4, !tbaa !8
  br label %39

39:                                               ; preds = %27, %30
  %40 = add nuw nsw i32 %12, 16
  %41 = icmp slt i32 %40, %3
  br i1 %41, label %42, label %51

42:                                               ; preds = %39
  %43 = mul nsw i32 %40, %2
  %44 = add nsw i32 %43, %8
  %45 = sext i32 %44 to i64
  %46 = getelementptr inbounds float, ptr %0, i64 %45
  %47 = load float, ptr %46, align 4, !tbaa !8
  %48 = zext nneg i32 %11 to i64
  %49 = getelementptr inbounds nuw [33 x float], ptr %15, i64 %48
  %50 = getelementptr inbounds nuw i8, ptr %49, i64 2112
  store float %47, ptr %50, align 4, !tbaa !8
  br label %51

51:                                               ; preds = %39, %42
  %52 = add nuw nsw i32 %12, 24
  %53 = icmp slt i32 %52, %3
  br i1 %53, label %54, label %63

54:                                               ; preds = %51
  %55 = mul nsw i32 %52, %2
  %56 = add nsw i32 %55, %8
  %57 = sext i32 %56 to i64
  %58 = getelementptr inbounds float, ptr %0, i64 %57
  %59 = load float, ptr %58, align 4, !tbaa !8
  %60 = zext nneg i32 %11 to i64
  %61 = getelementptr inbounds nuw [33 x float], ptr %15, i64 %60
  %62 = getelementptr inbounds nuw i8, ptr %61, i64 3168
  store float %59, ptr %62, align 4, !tbaa !8
  br label %63

63:                                               ; preds = %26, %54, %51
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %64 = add nuw nsw i32 %10, %7
  %65 = add i32 %6, %11
  %66 = icmp slt i32 %64, %3
  %67 = getelementptr inbounds nuw [33 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ16transpose_paddedE4tile to ptr), i64 %14
  %68 = icmp slt i32 %65, %2
  %69 = and i1 %66, %68
  br i1 %69, label %70, label %78

70:                                               ; preds = %63
  %71 = zext nneg i32 %11 to i64
  %72 = getelementptr inbounds nuw float, ptr %67, i64 %71
  %73 = load float, ptr %72, align 4, !tbaa !8
  %74 = mul nsw i32 %65, %3
  %75 = add nsw i32 %74, %64
  %76 = sext i32 %75 to i64
  %77 = getelementptr inbounds float, ptr %1, i64 %76
  store float %73, ptr %77, align 4, !tbaa !8
  br label %78

78:                                               ; preds = %63, %70
  br i1 %66, label %79, label %115

79:                                               ; preds = %78
  %80 = add nsw i32 %65, 8
  %81 = icmp slt i32 %80, %2
  br i1 %81, label %82, label %91

82:                                               ; preds = %79
  %83 = zext nneg i32 %11 to i64
  %84 = getelementptr inbounds nuw float, ptr %67, i64 %83
  %85 = getelementptr inbounds nuw i8, ptr %84, i64 32
  %86 = load float, ptr %85, align 4, !tbaa !8
  %87 = mul nsw i32 %80, %3
  %88 = add nsw i32 %87, %64
  %89 = sext i32 %88 to i64
  %90 = getelementptr inbounds float, ptr %1, i64 %89
  store float %86, ptr %90, align 4, !tbaa !8
  br label %91

91:                                               ; preds = %79, %82
  %92 = add nsw i32 %65, 16
  %93 = icmp slt i32 %92, %2
  br i1 %93, label %94, label %103

94:                                               ; preds = %91
  %95 = zext nneg i32 %11 to i64
  %96 = getelementptr inbounds nuw float, ptr %67, i64 %95
  %97 = getelementptr inbounds nuw i8, ptr %96, i64 64
  %98 = load float, ptr %97, align 4, !tbaa !8
  %99 = mul nsw i32 %92, %3
  %100 = add nsw i32 %99, %64
  %101 = sext i32 %100 to i64
  %102 = getelementptr inbounds float, ptr %1, i64 %101
  store float %98, ptr %102, align 4, !tbaa !8
  br label %103

103:                                              ; preds = %91, %94
  %104 = add nsw i32 %65, 24
  %105 = icmp slt i32 %104, %2
  br i1 %105, label %106, label %115

106:                                              ; preds = %103
  %107 = zext nneg i32 %11 to i64
  %108 = getelementptr inbounds nuw float, ptr %67, i64 %107
  %109 = getelementptr inbounds nuw i8, ptr %108, i64 96
  %110 = load float, ptr %109, align 4, !tbaa !8
  %111 = mul nsw i32 %104, %3
  %112 = add nsw i32 %111, %64
  %113 = sext i32 %112 to i64
  %114 = getelementptr inbounds float, ptr %1, i64 %113
  store float %110, ptr %114, align 4, !tbaa !8
  br label %115

115:                                              ; preds = %78, %106, %103
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_min(i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_max(i32 noundef, i32 noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" }
attributes #4 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!llvm.errno.tbaa = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C++ TBAA"}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !6, i64 0}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!6, !6, i64 0}
!13 = distinct !{!13, !11}
!14 = distinct !{!14, !11}
!15 = distinct !{!15, !11}
!16 = distinct !{!16, !11}
!17 = distinct !{!17, !11}
