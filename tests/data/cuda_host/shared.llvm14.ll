; clang++-14 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx75 -O2 -emit-llvm -S shared.cu -o shared.llvm14.ll
; ModuleID = 'shared.cu'
source_filename = "shared.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ13scan_blellochE3buf = internal unnamed_addr addrspace(3) global [512 x float] undef, align 4
@_ZZ12histogram256E5local = internal addrspace(3) global [256 x i32] undef, align 4
@_ZZ12matmul_tiledE2ta = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ12matmul_tiledE2tb = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ8stencil5E4tile = internal unnamed_addr addrspace(3) global [18 x [18 x float]] undef, align 4
@_ZZ16transpose_paddedE4tile = internal unnamed_addr addrspace(3) global [32 x [33 x float]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @scan_blelloch(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, float* nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %7 = shl i32 %6, 9
  %8 = add nsw i32 %7, %5
  %9 = icmp slt i32 %8, %3
  br i1 %9, label %10, label %14

10:                                               ; preds = %4
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds float, float* %0, i64 %11
  %13 = load float, float* %12, align 4, !tbaa !9
  br label %14

14:                                               ; preds = %4, %10
  %15 = phi contract float [ %13, %10 ], [ 0.000000e+00, %4 ]
  %16 = add nsw i32 %8, 256
  %17 = icmp slt i32 %16, %3
  br i1 %17, label %18, label %22

18:                                               ; preds = %14
  %19 = sext i32 %16 to i64
  %20 = getelementptr inbounds float, float* %0, i64 %19
  %21 = load float, float* %20, align 4, !tbaa !9
  br label %22

22:                                               ; preds = %14, %18
  %23 = phi contract float [ %21, %18 ], [ 0.000000e+00, %14 ]
  %24 = sext i32 %5 to i64
  %25 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %24
  %26 = addrspacecast float addrspace(3)* %25 to float*
  store float %15, float* %26, align 4, !tbaa !9
  %27 = add nsw i32 %5, 256
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %28
  %30 = addrspacecast float addrspace(3)* %29 to float*
  store float %23, float* %30, align 4, !tbaa !9
  %31 = shl nsw i32 %5, 1
  %32 = or i32 %31, 1
  %33 = add nsw i32 %31, 2
  tail call void @llvm.nvvm.barrier0()
  %34 = icmp slt i32 %5, 256
  br i1 %34, label %35, label %46

35:                                               ; preds = %22
  %36 = sext i32 %31 to i64
  %37 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %36
  %38 = addrspacecast float addrspace(3)* %37 to float*
  %39 = load float, float* %38, align 4, !tbaa !9
  %40 = or i32 %31, 1
  %41 = sext i32 %40 to i64
  %42 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %41
  %43 = addrspacecast float addrspace(3)* %42 to float*
  %44 = load float, float* %43, align 4, !tbaa !9
  %45 = fadd contract float %39, %44
  store float %45, float* %43, align 4, !tbaa !9
  br label %46

46:                                               ; preds = %35, %22
  tail call void @llvm.nvvm.barrier0()
  %47 = icmp slt i32 %5, 128
  br i1 %47, label %48, label %62

48:                                               ; preds = %46
  %49 = shl nsw i32 %32, 1
  %50 = add nsw i32 %49, -1
  %51 = sext i32 %50 to i64
  %52 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %51
  %53 = addrspacecast float addrspace(3)* %52 to float*
  %54 = load float, float* %53, align 4, !tbaa !9
  %55 = shl nsw i32 %33, 1
  %56 = add nsw i32 %55, -1
  %57 = sext i32 %56 to i64
  %58 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %57
  %59 = addrspacecast float addrspace(3)* %58 to float*
  %60 = load float, float* %59, align 4, !tbaa !9
  %61 = fadd contract float %54, %60
  store float %61, float* %59, align 4, !tbaa !9
  br label %62

62:                                               ; preds = %48, %46
  tail call void @llvm.nvvm.barrier0()
  %63 = icmp slt i32 %5, 64
  br i1 %63, label %64, label %78

64:                                               ; preds = %62
  %65 = shl nsw i32 %32, 2
  %66 = add nsw i32 %65, -1
  %67 = sext i32 %66 to i64
  %68 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %67
  %69 = addrspacecast float addrspace(3)* %68 to float*
  %70 = load float, float* %69, align 4, !tbaa !9
  %71 = shl nsw i32 %33, 2
  %72 = add nsw i32 %71, -1
  %73 = sext i32 %72 to i64
  %74 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %73
  %75 = addrspacecast float addrspace(3)* %74 to float*
  %76 = load float, float* %75, align 4, !tbaa !9
  %77 = fadd contract float %70, %76
  store float %77, float* %75, align 4, !tbaa !9
  br label %78

78:                                               ; preds = %64, %62
  tail call void @llvm.nvvm.barrier0()
  %79 = icmp slt i32 %5, 32
  br i1 %79, label %80, label %94

80:                                               ; preds = %78
  %81 = shl nsw i32 %32, 3
  %82 = add nsw i32 %81, -1
  %83 = sext i32 %82 to i64
  %84 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %83
  %85 = addrspacecast float addrspace(3)* %84 to float*
  %86 = load float, float* %85, align 4, !tbaa !9
  %87 = shl nsw i32 %33, 3
  %88 = add nsw i32 %87, -1
  %89 = sext i32 %88 to i64
  %90 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %89
  %91 = addrspacecast float addrspace(3)* %90 to float*
  %92 = load float, float* %91, align 4, !tbaa !9
  %93 = fadd contract float %86, %92
  store float %93, float* %91, align 4, !tbaa !9
  br label %94

94:                                               ; preds = %80, %78
  tail call void @llvm.nvvm.barrier0()
  %95 = icmp slt i32 %5, 16
  br i1 %95, label %96, label %110

96:                                               ; preds = %94
  %97 = shl nsw i32 %32, 4
  %98 = add nsw i32 %97, -1
  %99 = sext i32 %98 to i64
  %100 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %99
  %101 = addrspacecast float addrspace(3)* %100 to float*
  %102 = load float, float* %101, align 4, !tbaa !9
  %103 = shl nsw i32 %33, 4
  %104 = add nsw i32 %103, -1
  %105 = sext i32 %104 to i64
  %106 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %105
  %107 = addrspacecast float addrspace(3)* %106 to float*
  %108 = load float, float* %107, align 4, !tbaa !9
  %109 = fadd contract float %102, %108
  store float %109, float* %107, align 4, !tbaa !9
  br label %110

110:                                              ; preds = %96, %94
  tail call void @llvm.nvvm.barrier0()
  %111 = icmp slt i32 %5, 8
  br i1 %111, label %112, label %126

112:                                              ; preds = %110
  %113 = shl nsw i32 %32, 5
  %114 = add nsw i32 %113, -1
  %115 = sext i32 %114 to i64
  %116 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %115
  %117 = addrspacecast float addrspace(3)* %116 to float*
  %118 = load float, float* %117, align 4, !tbaa !9
  %119 = shl nsw i32 %33, 5
  %120 = add nsw i32 %119, -1
  %121 = sext i32 %120 to i64
  %122 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %121
  %123 = addrspacecast float addrspace(3)* %122 to float*
  %124 = load float, float* %123, align 4, !tbaa !9
  %125 = fadd contract float %118, %124
  store float %125, float* %123, align 4, !tbaa !9
  br label %126

126:                                              ; preds = %112, %110
  tail call void @llvm.nvvm.barrier0()
  %127 = icmp slt i32 %5, 4
  br i1 %127, label %128, label %142

128:                                              ; preds = %126
  %129 = shl nsw i32 %32, 6
  %130 = add nsw i32 %129, -1
  %131 = sext i32 %130 to i64
  %132 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %131
  %133 = addrspacecast float addrspace(3)* %132 to float*
  %134 = load float, float* %133, align 4, !tbaa !9
  %135 = shl nsw i32 %33, 6
  %136 = add nsw i32 %135, -1
  %137 = sext i32 %136 to i64
  %138 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %137
  %139 = addrspacecast float addrspace(3)* %138 to float*
  %140 = load float, float* %139, align 4, !tbaa !9
  %141 = fadd contract float %134, %140
  store float %141, float* %139, align 4, !tbaa !9
  br label %142

142:                                              ; preds = %128, %126
  tail call void @llvm.nvvm.barrier0()
  %143 = icmp slt i32 %5, 2
  br i1 %143, label %144, label %158

144:                                              ; preds = %142
  %145 = shl nsw i32 %32, 7
  %146 = add nsw i32 %145, -1
  %147 = sext i32 %146 to i64
  %148 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %147
  %149 = addrspacecast float addrspace(3)* %148 to float*
  %150 = load float, float* %149, align 4, !tbaa !9
  %151 = shl nsw i32 %33, 7
  %152 = add nsw i32 %151, -1
  %153 = sext i32 %152 to i64
  %154 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %153
  %155 = addrspacecast float addrspace(3)* %154 to float*
  %156 = load float, float* %155, align 4, !tbaa !9
  %157 = fadd contract float %150, %156
  store float %157, float* %155, align 4, !tbaa !9
  br label %158

158:                                              ; preds = %144, %142
  tail call void @llvm.nvvm.barrier0()
  %159 = icmp slt i32 %5, 1
  br i1 %159, label %160, label %174

160:                                              ; preds = %158
  %161 = shl nsw i32 %32, 8
  %162 = add nsw i32 %161, -1
  %163 = sext i32 %162 to i64
  %164 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %163
  %165 = addrspacecast float addrspace(3)* %164 to float*
  %166 = load float, float* %165, align 4, !tbaa !9
  %167 = shl nsw i32 %33, 8
  %168 = add nsw i32 %167, -1
  %169 = sext i32 %168 to i64
  %170 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %169
  %171 = addrspacecast float addrspace(3)* %170 to float*
  %172 = load float, float* %171, align 4, !tbaa !9
  %173 = fadd contract float %166, %172
  store float %173, float* %171, align 4, !tbaa !9
  br label %174

174:                                              ; preds = %160, %158
  %175 = icmp eq i32 %5, 0
  br i1 %175, label %176, label %180

176:                                              ; preds = %174
  %177 = zext i32 %6 to i64
  %178 = getelementptr inbounds float, float* %2, i64 %177
  %179 = load float, float* getelementptr inbounds ([512 x float], [512 x float]* addrspacecast ([512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf to [512 x float]*), i64 0, i64 511), align 4, !tbaa !9
  store float %179, float* %178, align 4, !tbaa !9
  store float 0.000000e+00, float* getelementptr inbounds ([512 x float], [512 x float]* addrspacecast ([512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf to [512 x float]*), i64 0, i64 511), align 4, !tbaa !9
  br label %180

180:                                              ; preds = %176, %174
  tail call void @llvm.nvvm.barrier0()
  br i1 %159, label %181, label %195

181:                                              ; preds = %180
  %182 = shl nsw i32 %32, 8
  %183 = add nsw i32 %182, -1
  %184 = shl nsw i32 %33, 8
  %185 = add nsw i32 %184, -1
  %186 = sext i32 %183 to i64
  %187 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %186
  %188 = addrspacecast float addrspace(3)* %187 to float*
  %189 = load float, float* %188, align 4, !tbaa !9
  %190 = sext i32 %185 to i64
  %191 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %190
  %192 = addrspacecast float addrspace(3)* %191 to float*
  %193 = load float, float* %192, align 4, !tbaa !9
  store float %193, float* %188, align 4, !tbaa !9
  %194 = fadd contract float %189, %193
  store float %194, float* %192, align 4, !tbaa !9
  br label %195

195:                                              ; preds = %180, %181
  tail call void @llvm.nvvm.barrier0()
  br i1 %143, label %196, label %210

196:                                              ; preds = %195
  %197 = shl nsw i32 %32, 7
  %198 = add nsw i32 %197, -1
  %199 = shl nsw i32 %33, 7
  %200 = add nsw i32 %199, -1
  %201 = sext i32 %198 to i64
  %202 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %201
  %203 = addrspacecast float addrspace(3)* %202 to float*
  %204 = load float, float* %203, align 4, !tbaa !9
  %205 = sext i32 %200 to i64
  %206 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %205
  %207 = addrspacecast float addrspace(3)* %206 to float*
  %208 = load float, float* %207, align 4, !tbaa !9
  store float %208, float* %203, align 4, !tbaa !9
  %209 = fadd contract float %204, %208
  store float %209, float* %207, align 4, !tbaa !9
  br label %210

210:                                              ; preds = %196, %195
  tail call void @llvm.nvvm.barrier0()
  br i1 %127, label %211, label %225

211:                                              ; preds = %210
  %212 = shl nsw i32 %32, 6
  %213 = add nsw i32 %212, -1
  %214 = shl nsw i32 %33, 6
  %215 = add nsw i32 %214, -1
  %216 = sext i32 %213 to i64
  %217 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %216
  %218 = addrspacecast float addrspace(3)* %217 to float*
  %219 = load float, float* %218, align 4, !tbaa !9
  %220 = sext i32 %215 to i64
  %221 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %220
  %222 = addrspacecast float addrspace(3)* %221 to float*
  %223 = load float, float* %222, align 4, !tbaa !9
  store float %223, float* %218, align 4, !tbaa !9
  %224 = fadd contract float %219, %223
  store float %224, float* %222, align 4, !tbaa !9
  br label %225

225:                                              ; preds = %211, %210
  tail call void @llvm.nvvm.barrier0()
  br i1 %111, label %226, label %240

226:                                              ; preds = %225
  %227 = shl nsw i32 %32, 5
  %228 = add nsw i32 %227, -1
  %229 = shl nsw i32 %33, 5
  %230 = add nsw i32 %229, -1
  %231 = sext i32 %228 to i64
  %232 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %231
  %233 = addrspacecast float addrspace(3)* %232 to float*
  %234 = load float, float* %233, align 4, !tbaa !9
  %235 = sext i32 %230 to i64
  %236 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %235
  %237 = addrspacecast float addrspace(3)* %236 to float*
  %238 = load float, float* %237, align 4, !tbaa !9
  store float %238, float* %233, align 4, !tbaa !9
  %239 = fadd contract float %234, %238
  store float %239, float* %237, align 4, !tbaa !9
  br label %240

240:                                              ; preds = %226, %225
  tail call void @llvm.nvvm.barrier0()
  br i1 %95, label %241, label %255

241:                                              ; preds = %240
  %242 = shl nsw i32 %32, 4
  %243 = add nsw i32 %242, -1
  %244 = shl nsw i32 %33, 4
  %245 = add nsw i32 %244, -1
  %246 = sext i32 %243 to i64
  %247 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %246
  %248 = addrspacecast float addrspace(3)* %247 to float*
  %249 = load float, float* %248, align 4, !tbaa !9
  %250 = sext i32 %245 to i64
  %251 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %250
  %252 = addrspacecast float addrspace(3)* %251 to float*
  %253 = load float, float* %252, align 4, !tbaa !9
  store float %253, float* %248, align 4, !tbaa !9
  %254 = fadd contract float %249, %253
  store float %254, float* %252, align 4, !tbaa !9
  br label %255

255:                                              ; preds = %241, %240
  tail call void @llvm.nvvm.barrier0()
  br i1 %79, label %256, label %270

256:                                              ; preds = %255
  %257 = shl nsw i32 %32, 3
  %258 = add nsw i32 %257, -1
  %259 = shl nsw i32 %33, 3
  %260 = add nsw i32 %259, -1
  %261 = sext i32 %258 to i64
  %262 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %261
  %263 = addrspacecast float addrspace(3)* %262 to float*
  %264 = load float, float* %263, align 4, !tbaa !9
  %265 = sext i32 %260 to i64
  %266 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %265
  %267 = addrspacecast float addrspace(3)* %266 to float*
  %268 = load float, float* %267, align 4, !tbaa !9
  store float %268, float* %263, align 4, !tbaa !9
  %269 = fadd contract float %264, %268
  store float %269, float* %267, align 4, !tbaa !9
  br label %270

270:                                              ; preds = %256, %255
  tail call void @llvm.nvvm.barrier0()
  br i1 %63, label %271, label %285

271:                                              ; preds = %270
  %272 = shl nsw i32 %32, 2
  %273 = add nsw i32 %272, -1
  %274 = shl nsw i32 %33, 2
  %275 = add nsw i32 %274, -1
  %276 = sext i32 %273 to i64
  %277 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %276
  %278 = addrspacecast float addrspace(3)* %277 to float*
  %279 = load float, float* %278, align 4, !tbaa !9
  %280 = sext i32 %275 to i64
  %281 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %280
  %282 = addrspacecast float addrspace(3)* %281 to float*
  %283 = load float, float* %282, align 4, !tbaa !9
  store float %283, float* %278, align 4, !tbaa !9
  %284 = fadd contract float %279, %283
  store float %284, float* %282, align 4, !tbaa !9
  br label %285

285:                                              ; preds = %271, %270
  tail call void @llvm.nvvm.barrier0()
  br i1 %47, label %286, label %300

286:                                              ; preds = %285
  %287 = shl nsw i32 %32, 1
  %288 = add nsw i32 %287, -1
  %289 = shl nsw i32 %33, 1
  %290 = add nsw i32 %289, -1
  %291 = sext i32 %288 to i64
  %292 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %291
  %293 = addrspacecast float addrspace(3)* %292 to float*
  %294 = load float, float* %293, align 4, !tbaa !9
  %295 = sext i32 %290 to i64
  %296 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %295
  %297 = addrspacecast float addrspace(3)* %296 to float*
  %298 = load float, float* %297, align 4, !tbaa !9
  store float %298, float* %293, align 4, !tbaa !9
  %299 = fadd contract float %294, %298
  store float %299, float* %297, align 4, !tbaa !9
  br label %300

300:                                              ; preds = %286, %285
  tail call void @llvm.nvvm.barrier0()
  br i1 %34, label %301, label %312

301:                                              ; preds = %300
  %302 = or i32 %31, 1
  %303 = sext i32 %31 to i64
  %304 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %303
  %305 = addrspacecast float addrspace(3)* %304 to float*
  %306 = load float, float* %305, align 4, !tbaa !9
  %307 = sext i32 %302 to i64
  %308 = getelementptr inbounds [512 x float], [512 x float] addrspace(3)* @_ZZ13scan_blellochE3buf, i64 0, i64 %307
  %309 = addrspacecast float addrspace(3)* %308 to float*
  %310 = load float, float* %309, align 4, !tbaa !9
  store float %310, float* %305, align 4, !tbaa !9
  %311 = fadd contract float %306, %310
  store float %311, float* %309, align 4, !tbaa !9
  br label %312

312:                                              ; preds = %301, %300
  tail call void @llvm.nvvm.barrier0()
  br i1 %9, label %313, label %318

313:                                              ; preds = %312
  %314 = sext i32 %8 to i64
  %315 = getelementptr inbounds float, float* %1, i64 %314
  %316 = load float, float* %26, align 4, !tbaa !9
  %317 = fadd contract float %15, %316
  store float %317, float* %315, align 4, !tbaa !9
  br label %318

318:                                              ; preds = %313, %312
  br i1 %17, label %319, label %324

319:                                              ; preds = %318
  %320 = sext i32 %16 to i64
  %321 = getelementptr inbounds float, float* %1, i64 %320
  %322 = load float, float* %30, align 4, !tbaa !9
  %323 = fadd contract float %23, %322
  store float %323, float* %321, align 4, !tbaa !9
  br label %324

324:                                              ; preds = %319, %318
  ret void
}

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @histogram256(i8* nocapture noundef readonly %0, i32 noundef %1, i32* nocapture noundef %2) local_unnamed_addr #0 {
  %4 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %5 = icmp slt i32 %4, 256
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #4
  br i1 %5, label %15, label %7

7:                                                ; preds = %15, %3
  tail call void @llvm.nvvm.barrier0()
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %9 = mul i32 %8, %6
  %10 = add i32 %9, %4
  %11 = icmp slt i32 %10, %1
  br i1 %11, label %12, label %22

12:                                               ; preds = %7
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #4
  %14 = mul i32 %6, %13
  br label %23

15:                                               ; preds = %3, %15
  %16 = phi i32 [ %20, %15 ], [ %4, %3 ]
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ12histogram256E5local, i64 0, i64 %17
  %19 = addrspacecast i32 addrspace(3)* %18 to i32*
  store i32 0, i32* %19, align 4, !tbaa !13
  %20 = add i32 %16, %6
  %21 = icmp slt i32 %20, 256
  br i1 %21, label %15, label %7, !llvm.loop !15

22:                                               ; preds = %23, %7
  tail call void @llvm.nvvm.barrier0()
  br i1 %5, label %35, label %34

23:                                               ; preds = %12, %23
  %24 = phi i32 [ %10, %12 ], [ %32, %23 ]
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds i8, i8* %0, i64 %25
  %27 = load i8, i8* %26, align 1, !tbaa !17
  %28 = zext i8 %27 to i64
  %29 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ12histogram256E5local, i64 0, i64 %28
  %30 = addrspacecast i32 addrspace(3)* %29 to i32*
  %31 = atomicrmw add i32* %30, i32 1 seq_cst, align 4
  %32 = add i32 %24, %14
  %33 = icmp slt i32 %32, %1
  br i1 %33, label %23, label %22, !llvm.loop !18

34:                                               ; preds = %45, %22
  ret void

35:                                               ; preds = %22, %45
  %36 = phi i32 [ %46, %45 ], [ %4, %22 ]
  %37 = sext i32 %36 to i64
  %38 = getelementptr inbounds [256 x i32], [256 x i32] addrspace(3)* @_ZZ12histogram256E5local, i64 0, i64 %37
  %39 = addrspacecast i32 addrspace(3)* %38 to i32*
  %40 = load i32, i32* %39, align 4, !tbaa !13
  %41 = icmp eq i32 %40, 0
  br i1 %41, label %45, label %42

42:                                               ; preds = %35
  %43 = getelementptr inbounds i32, i32* %2, i64 %37
  %44 = atomicrmw add i32* %43, i32 %40 seq_cst, align 4
  br label %45

45:                                               ; preds = %35, %42
  %46 = add i32 %36, %6
  %47 = icmp slt i32 %46, 256
  br i1 %47, label %35, label %34, !llvm.loop !19
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @matmul_tiled(float* nocapture noundef readonly %0, float* nocapture noundef readonly %1, float* nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #4
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #4
  %10 = shl i32 %9, 4
  %11 = add i32 %10, %8
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %13 = shl i32 %12, 4
  %14 = add i32 %13, %7
  %15 = icmp sgt i32 %5, 0
  br i1 %15, label %16, label %26

16:                                               ; preds = %6
  %17 = icmp slt i32 %11, %3
  %18 = mul nsw i32 %11, %5
  %19 = sext i32 %8 to i64
  %20 = sext i32 %7 to i64
  %21 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ12matmul_tiledE2ta, i64 0, i64 %19, i64 %20
  %22 = addrspacecast float addrspace(3)* %21 to float*
  %23 = icmp slt i32 %14, %4
  %24 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ12matmul_tiledE2tb, i64 0, i64 %19, i64 %20
  %25 = addrspacecast float addrspace(3)* %24 to float*
  br label %31

26:                                               ; preds = %55, %6
  %27 = phi float [ 0.000000e+00, %6 ], [ %79, %55 ]
  %28 = icmp slt i32 %11, %3
  %29 = icmp slt i32 %14, %4
  %30 = and i1 %28, %29
  br i1 %30, label %82, label %87

31:                                               ; preds = %16, %55
  %32 = phi i32 [ 0, %16 ], [ %56, %55 ]
  %33 = phi float [ 0.000000e+00, %16 ], [ %79, %55 ]
  %34 = add i32 %32, %7
  %35 = icmp slt i32 %34, %5
  %36 = select i1 %17, i1 %35, i1 false
  br i1 %36, label %37, label %42

37:                                               ; preds = %31
  %38 = add i32 %34, %18
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds float, float* %0, i64 %39
  %41 = load float, float* %40, align 4, !tbaa !9
  br label %42

42:                                               ; preds = %31, %37
  %43 = phi contract float [ %41, %37 ], [ 0.000000e+00, %31 ]
  store float %43, float* %22, align 4, !tbaa !9
  %44 = add nsw i32 %32, %8
  %45 = icmp slt i32 %44, %5
  %46 = and i1 %23, %45
  br i1 %46, label %47, label %53

47:                                               ; preds = %42
  %48 = mul nsw i32 %44, %4
  %49 = add nsw i32 %48, %14
  %50 = sext i32 %49 to i64
  %51 = getelementptr inbounds float, float* %1, i64 %50
  %52 = load float, float* %51, align 4, !tbaa !9
  br label %53

53:                                               ; preds = %42, %47
  %54 = phi contract float [ %52, %47 ], [ 0.000000e+00, %42 ]
  store float %54, float* %25, align 4, !tbaa !9
  tail call void @llvm.nvvm.barrier0()
  br label %58

55:                                               ; preds = %58
  tail call void @llvm.nvvm.barrier0()
  %56 = add nuw nsw i32 %32, 16
  %57 = icmp slt i32 %56, %5
  br i1 %57, label %31, label %26, !llvm.loop !20

58:                                               ; preds = %58, %53
  %59 = phi i32 [ 0, %53 ], [ %80, %58 ]
  %60 = phi float [ %33, %53 ], [ %79, %58 ]
  %61 = zext i32 %59 to i64
  %62 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ12matmul_tiledE2ta, i64 0, i64 %19, i64 %61
  %63 = addrspacecast float addrspace(3)* %62 to float*
  %64 = load float, float* %63, align 4, !tbaa !9
  %65 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ12matmul_tiledE2tb, i64 0, i64 %61, i64 %20
  %66 = addrspacecast float addrspace(3)* %65 to float*
  %67 = load float, float* %66, align 4, !tbaa !9
  %68 = fmul contract float %64, %67
  %69 = fadd contract float %60, %68
  %70 = or i32 %59, 1
  %71 = zext i32 %70 to i64
  %72 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ12matmul_tiledE2ta, i64 0, i64 %19, i64 %71
  %73 = addrspacecast float addrspace(3)* %72 to float*
  %74 = load float, float* %73, align 4, !tbaa !9
  %75 = getelementptr inbounds [16 x [16 x float]], [16 x [16 x float]] addrspace(3)* @_ZZ12matmul_tiledE2tb, i64 0, i64 %71, i64 %20
  %76 = addrspacecast float addrspace(3)* %75 to float*
  %77 = load float, float* %76, align 4, !tbaa !9
  %78 = fmul contract float %74, %77
  %79 = fadd contract float %69, %78
  %80 = add nuw nsw i32 %59, 2
  %81 = icmp eq i32 %80, 16
  br i1 %81, label %55, label %58, !llvm.loop !21

82:                                               ; preds = %26
  %83 = mul nsw i32 %11, %4
  %84 = add nsw i32 %83, %14
  %85 = sext i32 %84 to i64
  %86 = getelementptr inbounds float, float* %2, i64 %85
  store float %27, float* %86, align 4, !tbaa !9
  br label %87

87:                                               ; preds = %82, %26
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @stencil5(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %6 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #4
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %8 = shl i32 %7, 4
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #4
  %10 = shl i32 %9, 4
  %11 = icmp slt i32 %6, 18
  br i1 %11, label %12, label %23

12:                                               ; preds = %4
  %13 = icmp slt i32 %5, 18
  %14 = add i32 %8, -1
  %15 = add nsw i32 %2, -1
  %16 = add i32 %10, -1
  %17 = add nsw i32 %3, -1
  br label %18

18:                                               ; preds = %12, %29
  %19 = phi i32 [ %6, %12 ], [ %30, %29 ]
  br i1 %13, label %20, label %29

20:                                               ; preds = %18
  %21 = add i32 %16, %19
  %22 = sext i32 %19 to i64
  br label %32

23:                                               ; preds = %29, %4
  tail call void @llvm.nvvm.barrier0()
  %24 = add nsw i32 %8, %5
  %25 = add nsw i32 %10, %6
  %26 = icmp slt i32 %24, %2
  %27 = icmp slt i32 %25, %3
  %28 = select i1 %26, i1 %27, i1 false
  br i1 %28, label %49, label %96

29:                                               ; preds = %32, %18
  %30 = add nsw i32 %19, 16
  %31 = icmp slt i32 %19, 2
  br i1 %31, label %18, label %23, !llvm.loop !22

32:                                               ; preds = %20, %32
  %33 = phi i32 [ %5, %20 ], [ %47, %32 ]
  %34 = add i32 %14, %33
  %35 = tail call i32 @__nv_max(i32 noundef %34, i32 noundef 0) #1
  %36 = tail call i32 @__nv_min(i32 noundef %35, i32 noundef %15) #1
  %37 = tail call i32 @__nv_max(i32 noundef %21, i32 noundef 0) #1
  %38 = tail call i32 @__nv_min(i32 noundef %37, i32 noundef %17) #1
  %39 = mul nsw i32 %38, %2
  %40 = add nsw i32 %39, %36
  %41 = sext i32 %40 to i64
  %42 = getelementptr inbounds float, float* %0, i64 %41
  %43 = load float, float* %42, align 4, !tbaa !9
  %44 = sext i32 %33 to i64
  %45 = getelementptr inbounds [18 x [18 x float]], [18 x [18 x float]] addrspace(3)* @_ZZ8stencil5E4tile, i64 0, i64 %22, i64 %44
  %46 = addrspacecast float addrspace(3)* %45 to float*
  store float %43, float* %46, align 4, !tbaa !9
  %47 = add nsw i32 %33, 16
  %48 = icmp slt i32 %33, 2
  br i1 %48, label %32, label %29, !llvm.loop !23

49:                                               ; preds = %23
  %50 = icmp eq i32 %24, 0
  %51 = icmp eq i32 %25, 0
  %52 = select i1 %50, i1 true, i1 %51
  %53 = add nsw i32 %2, -1
  %54 = icmp eq i32 %24, %53
  %55 = select i1 %52, i1 true, i1 %54
  %56 = add nsw i32 %3, -1
  %57 = icmp eq i32 %25, %56
  %58 = select i1 %55, i1 true, i1 %57
  %59 = add nsw i32 %6, 1
  %60 = sext i32 %59 to i64
  %61 = add nsw i32 %5, 1
  %62 = sext i32 %61 to i64
  %63 = getelementptr inbounds [18 x [18 x float]], [18 x [18 x float]] addrspace(3)* @_ZZ8stencil5E4tile, i64 0, i64 %60, i64 %62
  %64 = addrspacecast float addrspace(3)* %63 to float*
  %65 = load float, float* %64, align 4, !tbaa !9
  br i1 %58, label %90, label %66

66:                                               ; preds = %49
  %67 = sext i32 %6 to i64
  %68 = getelementptr inbounds [18 x [18 x float]], [18 x [18 x float]] addrspace(3)* @_ZZ8stencil5E4tile, i64 0, i64 %67, i64 %62
  %69 = addrspacecast float addrspace(3)* %68 to float*
  %70 = load float, float* %69, align 4, !tbaa !9
  %71 = fadd contract float %65, %70
  %72 = add nsw i32 %6, 2
  %73 = sext i32 %72 to i64
  %74 = getelementptr inbounds [18 x [18 x float]], [18 x [18 x float]] addrspace(3)* @_ZZ8stencil5E4tile, i64 0, i64 %73, i64 %62
  %75 = addrspacecast float addrspace(3)* %74 to float*
  %76 = load float, float* %75, align 4, !tbaa !9
  %77 = fadd contract float %71, %76
  %78 = sext i32 %5 to i64
  %79 = getelementptr inbounds [18 x [18 x float]], [18 x [18 x float]] addrspace(3)* @_ZZ8stencil5E4tile, i64 0, i64 %60, i64 %78
  %80 = addrspacecast float addrspace(3)* %79 to float*
  %81 = load float, float* %80, align 4, !tbaa !9
  %82 = fadd contract float %77, %81
  %83 = add nsw i32 %5, 2
  %84 = sext i32 %83 to i64
  %85 = getelementptr inbounds [18 x [18 x float]], [18 x [18 x float]] addrspace(3)* @_ZZ8stencil5E4tile, i64 0, i64 %60, i64 %84
  %86 = addrspacecast float addrspace(3)* %85 to float*
  %87 = load float, float* %86, align 4, !tbaa !9
  %88 = fadd contract float %82, %87
  %89 = fmul contract float %88, 0x3FC99999A0000000
  br label %90

90:                                               ; preds = %49, %66
  %91 = phi float [ %89, %66 ], [ %65, %49 ]
  %92 = mul nsw i32 %25, %2
  %93 = add nsw i32 %92, %24
  %94 = sext i32 %93 to i64
  %95 = getelementptr inbounds float, float* %1, i64 %94
  store float %91, float* %95, align 4, !tbaa !9
  br label %96

96:                                               ; preds = %90, %23
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @transpose_padded(float* nocapture noundef readonly %0, float* nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #4
  %6 = shl i32 %5, 5
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4
  %8 = add i32 %6, %7
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #4
  %10 = shl i32 %9, 5
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y() #4
  %12 = icmp slt i32 %8, %2
  %13 = zext i32 %7 to i64
  br i1 %12, label %14, label %68

14:                                               ; preds = %4
  %15 = add i32 %11, %10
  %16 = icmp slt i32 %15, %3
  br i1 %16, label %17, label %26

17:                                               ; preds = %14
  %18 = mul nsw i32 %15, %2
  %19 = add nsw i32 %18, %8
  %20 = sext i32 %19 to i64
  %21 = getelementptr inbounds float, float* %0, i64 %20
  %22 = load float, float* %21, align 4, !tbaa !9
  %23 = zext i32 %11 to i64
  %24 = getelementptr inbounds [32 x [33 x float]], [32 x [33 x float]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %23, i64 %13
  %25 = addrspacecast float addrspace(3)* %24 to float*
  store float %22, float* %25, align 4, !tbaa !9
  br label %26

26:                                               ; preds = %14, %17
  br i1 %12, label %27, label %68

27:                                               ; preds = %26
  %28 = add i32 %11, 8
  %29 = add i32 %28, %10
  %30 = icmp slt i32 %29, %3
  br i1 %30, label %31, label %40

31:                                               ; preds = %27
  %32 = mul nsw i32 %29, %2
  %33 = add nsw i32 %32, %8
  %34 = sext i32 %33 to i64
  %35 = getelementptr inbounds float, float* %0, i64 %34
  %36 = load float, float* %35, align 4, !tbaa !9
  %37 = zext i32 %28 to i64
  %38 = getelementptr inbounds [32 x [33 x float]], [32 x [33 x float]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %37, i64 %13
  %39 = addrspacecast float addrspace(3)* %38 to float*
  store float %36, float* %39, align 4, !tbaa !9
  br label %40

40:                                               ; preds = %31, %27
  br i1 %12, label %41, label %68

41:                                               ; preds = %40
  %42 = add i32 %11, 16
  %43 = add i32 %42, %10
  %44 = icmp slt i32 %43, %3
  br i1 %44, label %45, label %54

45:                                               ; preds = %41
  %46 = mul nsw i32 %43, %2
  %47 = add nsw i32 %46, %8
  %48 = sext i32 %47 to i64
  %49 = getelementptr inbounds float, float* %0, i64 %48
  %50 = load float, float* %49, align 4, !tbaa !9
  %51 = zext i32 %42 to i64
  %52 = getelementptr inbounds [32 x [33 x float]], [32 x [33 x float]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %51, i64 %13
  %53 = addrspacecast float addrspace(3)* %52 to float*
  store float %50, float* %53, align 4, !tbaa !9
  br label %54

54:                                               ; preds = %45, %41
  br i1 %12, label %55, label %68

55:                                               ; preds = %54
  %56 = add i32 %11, 24
  %57 = add i32 %56, %10
  %58 = icmp slt i32 %57, %3
  br i1 %58, label %59, label %68

59:                                               ; preds = %55
  %60 = mul nsw i32 %57, %2
  %61 = add nsw i32 %60, %8
  %62 = sext i32 %61 to i64
  %63 = getelementptr inbounds float, float* %0, i64 %62
  %64 = load float, float* %63, align 4, !tbaa !9
  %65 = zext i32 %56 to i64
  %66 = getelementptr inbounds [32 x [33 x float]], [32 x [33 x float]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %65, i64 %13
  %67 = addrspacecast float addrspace(3)* %66 to float*
  store float %64, float* %67, align 4, !tbaa !9
  br label %68

68:                                               ; preds = %40, %4, %26, %59, %55, %54
  tail call void @llvm.nvvm.barrier0()
  %69 = add i32 %10, %7
  %70 = icmp slt i32 %69, %3
  br i1 %70, label %71, label %125

71:                                               ; preds = %68
  %72 = add i32 %11, %6
  %73 = icmp slt i32 %72, %2
  br i1 %73, label %74, label %83

74:                                               ; preds = %71
  %75 = zext i32 %11 to i64
  %76 = getelementptr inbounds [32 x [33 x float]], [32 x [33 x float]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %13, i64 %75
  %77 = addrspacecast float addrspace(3)* %76 to float*
  %78 = load float, float* %77, align 4, !tbaa !9
  %79 = mul nsw i32 %72, %3
  %80 = add nsw i32 %79, %69
  %81 = sext i32 %80 to i64
  %82 = getelementptr inbounds float, float* %1, i64 %81
  store float %78, float* %82, align 4, !tbaa !9
  br label %83

83:                                               ; preds = %71, %74
  br i1 %70, label %84, label %125

84:                                               ; preds = %83
  %85 = add i32 %11, 8
  %86 = add i32 %85, %6
  %87 = icmp slt i32 %86, %2
  br i1 %87, label %88, label %97

88:                                               ; preds = %84
  %89 = zext i32 %85 to i64
  %90 = getelementptr inbounds [32 x [33 x float]], [32 x [33 x float]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %13, i64 %89
  %91 = addrspacecast float addrspace(3)* %90 to float*
  %92 = load float, float* %91, align 4, !tbaa !9
  %93 = mul nsw i32 %86, %3
  %94 = add nsw i32 %93, %69
  %95 = sext i32 %94 to i64
  %96 = getelementptr inbounds float, float* %1, i64 %95
  store float %92, float* %96, align 4, !tbaa !9
  br label %97

97:                                               ; preds = %88, %84
  br i1 %70, label %98, label %125

98:                                               ; preds = %97
  %99 = add i32 %11, 16
  %100 = add i32 %99, %6
  %101 = icmp slt i32 %100, %2
  br i1 %101, label %102, label %111

102:                                              ; preds = %98
  %103 = zext i32 %99 to i64
  %104 = getelementptr inbounds [32 x [33 x float]], [32 x [33 x float]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %13, i64 %103
  %105 = addrspacecast float addrspace(3)* %104 to float*
  %106 = load float, float* %105, align 4, !tbaa !9
  %107 = mul nsw i32 %100, %3
  %108 = add nsw i32 %107, %69
  %109 = sext i32 %108 to i64
  %110 = getelementptr inbounds float, float* %1, i64 %109
  store float %106, float* %110, align 4, !tbaa !9
  br label %111

111:                                              ; preds = %102, %98
  br i1 %70, label %112, label %125

112:                                              ; preds = %111
  %113 = add i32 %11, 24
  %114 = add i32 %113, %6
  %115 = icmp slt i32 %114, %2
  br i1 %115, label %116, label %125

116:                                              ; preds = %112
  %117 = zext i32 %113 to i64
  %118 = getelementptr inbounds [32 x [33 x float]], [32 x [33 x float]] addrspace(3)* @_ZZ16transpose_paddedE4tile, i64 0, i64 %13, i64 %117
  %119 = addrspacecast float addrspace(3)* %118 to float*
  %120 = load float, float* %119, align 4, !tbaa !9
  %121 = mul nsw i32 %114, %3
  %122 = add nsw i32 %121, %69
  %123 = sext i32 %122 to i64
  %124 = getelementptr inbounds float, float* %1, i64 %123
  store float %120, float* %124, align 4, !tbaa !9
  br label %125

125:                                              ; preds = %97, %68, %83, %116, %112, %111
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_min(i32 noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @__nv_max(i32 noundef, i32 noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #1 = { convergent nounwind }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx75,+sm_70" }
attributes #4 = { nounwind }

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!llvm.module.flags = !{!5, !6, !7}
!llvm.ident = !{!8}

!0 = !{void (float*, float*, float*, i32)* @scan_blelloch, !"kernel", i32 1}
!1 = !{void (i8*, i32, i32*)* @histogram256, !"kernel", i32 1}
!2 = !{void (float*, float*, float*, i32, i32, i32)* @matmul_tiled, !"kernel", i32 1}
!3 = !{void (float*, float*, i32, i32)* @stencil5, !"kernel", i32 1}
!4 = !{void (float*, float*, i32, i32)* @transpose_padded, !"kernel", i32 1}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 14.0.6"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C++ TBAA"}
!13 = !{!14, !14, i64 0}
!14 = !{!"int", !11, i64 0}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
!17 = !{!11, !11, i64 0}
!18 = distinct !{!18, !16}
!19 = distinct !{!19, !16}
!20 = distinct !{!20, !16}
!21 = distinct !{!21, !16}
!22 = distinct !{!22, !16}
!23 = distinct !{!23, !16}
