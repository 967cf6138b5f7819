; clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 --cuda-path=/usr/local/cuda -O2 -emit-llvm -S math.cu -o math.libdevice.llvm22.ll
; ModuleID = 'math.cu'
source_filename = "math.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Particles = type { ptr, ptr, ptr, ptr, ptr }

@__cudart_i2opi_f = internal unnamed_addr addrspace(1) constant [6 x i32] [i32 1011060801, i32 -614296167, i32 -181084736, i32 -64530479, i32 1313084713, i32 -1560706194], align 4
@__cudart_i2opi_d = internal unnamed_addr addrspace(1) constant [18 x i64] [i64 7780917995555872008, i64 4397547296490951402, i64 8441921394348257659, i64 5712322887342352941, i64 7869616827067468215, i64 -1211730484530615009, i64 2303758334597371919, i64 -7168499653074671557, i64 4148332274289687028, i64 -1613291254968254911, i64 -1692731182770600828, i64 -135693905287338178, i64 452944820249399836, i64 -5249950069107600672, i64 -121206125134887583, i64 -2638381946312093631, i64 -277156292786332224, i64 -6703182060581546711], align 8
@__cudart_sin_cos_coeffs = internal unnamed_addr addrspace(1) constant [16 x double] [double 0xBE5AE5F12CB0D246, double 0x3EC71DE369ACE392, double 0xBF2A01A019DB62A1, double 0x3F81111111110818, double 0xBFC5555555555554, double 0.000000e+00, double 0.000000e+00, double 0xBDA8FF8320FD8164, double 0x3E21EEA7C1EF8528, double 0xBE927E4F8E06E6D9, double 0x3EFA01A019DDBCE9, double 0xBF56C16C16C15D47, double 0x3FA5555555555551, double -5.000000e-01, double 1.000000e+00, double 0.000000e+00], align 16

; Function Attrs: noinline norecurse nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none)
define dso_local ptx_kernel void @particles_step(ptr noundef readonly byval(%struct.Particles) align 8 captures(none) %0, float noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = alloca [7 x i32], align 4
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %2
  br i1 %10, label %11, label %285

11:                                               ; preds = %3
  %12 = load ptr, ptr %0, align 8, !tbaa !11
  %13 = sext i32 %9 to i64
  %14 = getelementptr inbounds float, ptr %12, i64 %13
  %15 = load float, ptr %14, align 4, !tbaa !15
  %16 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %17 = load ptr, ptr %16, align 8, !tbaa !17
  %18 = getelementptr inbounds float, ptr %17, i64 %13
  %19 = load float, ptr %18, align 4, !tbaa !15
  %20 = fmul contract float %15, %15
  %21 = fmul contract float %19, %19
  %22 = fadd contract float %20, %21
  %23 = fadd contract float %22, 1.000000e+00
  %24 = tail call noundef float @llvm.nvvm.sqrt.approx.f(float %23) #11
  %25 = fmul contract float %24, -2.500000e-01
  %26 = tail call float @llvm.fma.f32(float %25, float 0x3F777313A0000000, float 5.000000e-01)
  %27 = tail call float @llvm.nvvm.saturate.f(float %26) #11
  %28 = tail call float @llvm.nvvm.fma.rm.f(float %27, float 2.520000e+02, float 0x4168000020000000) #11
  %29 = fadd float %28, 0xC168000FE0000000
  %30 = fneg float %29
  %31 = tail call float @llvm.fma.f32(float %25, float 0x3FF7154760000000, float %30)
  %32 = tail call float @llvm.fma.f32(float %25, float 0x3E54AE0C00000000, float %31)
  %33 = bitcast float %28 to i32
  %34 = shl i32 %33, 23
  %35 = bitcast i32 %34 to float
  %36 = tail call float @llvm.nvvm.ex2.approx.ftz.f32(float %32)
  %37 = fmul float %36, %35
  %38 = tail call float @llvm.nvvm.fabs.f32(float %24)
  %39 = fcmp olt float %38, 0x3810000000000000
  %40 = fmul float %38, 0x4170000000000000
  %41 = select i1 %39, float %40, float %38
  %42 = select i1 %39, float -2.400000e+01, float 0.000000e+00
  %43 = bitcast float %41 to i32
  %44 = add i32 %43, -1060439283
  %45 = and i32 %44, -8388608
  %46 = sub i32 %43, %45
  %47 = bitcast i32 %46 to float
  %48 = sitofp i32 %45 to float
  %49 = tail call float @llvm.fma.f32(float %48, float 0x3E80000000000000, float %42)
  %50 = fadd float %47, -1.000000e+00
  %51 = fadd float %47, 1.000000e+00
  %52 = tail call float asm "rcp.approx.ftz.f32 $0,$1;", "=f,f"(float %51) #12, !srcloc !18
  %53 = fmul float %50, 2.000000e+00
  %54 = fmul float %52, %53
  %55 = fmul float %54, %54
  %56 = fsub float %50, %54
  %57 = fmul float %56, 2.000000e+00
  %58 = fneg float %54
  %59 = tail call float @llvm.fma.f32(float %58, float %50, float %57)
  %60 = tail call float @llvm.nvvm.mul.rn.f(float %52, float %59) #11
  %61 = tail call float @llvm.fma.f32(float %55, float 0x3F45865C80000000, float 0x3F6A5CFB60000000)
  %62 = tail call float @llvm.fma.f32(float %61, float %55, float 0x3F92776E60000000)
  %63 = tail call float @llvm.fma.f32(float %62, float %55, float 0x3FBEC709E0000000)
  %64 = tail call float @llvm.nvvm.mul.rn.f(float %63, float %55) #11
  %65 = tail call float @llvm.fma.f32(float %54, float 0x3FF7154760000000, float %49)
  %66 = fsub float %49, %65
  %67 = tail call float @llvm.fma.f32(float %54, float 0x3FF7154760000000, float %66)
  %68 = tail call float @llvm.fma.f32(float %60, float 0x3FF7154760000000, float %67)
  %69 = tail call float @llvm.fma.f32(float %54, float 0x3E54ABC680000000, float %68)
  %70 = fmul float %64, 3.000000e+00
  %71 = tail call float @llvm.fma.f32(float %70, float %60, float %69)
  %72 = tail call float @llvm.fma.f32(float %64, float %54, float %71)
  %73 = tail call float @llvm.nvvm.add.rn.f(float %65, float %72) #11
  %74 = fneg float %65
  %75 = tail call float @llvm.nvvm.add.rn.f(float %73, float %74) #11
  %76 = fneg float %75
  %77 = tail call float @llvm.nvvm.add.rn.f(float %72, float %76) #11
  %78 = tail call float @llvm.nvvm.mul.rn.f(float %73, float -1.500000e+00) #11
  %79 = fneg float %78
  %80 = tail call float @llvm.fma.f32(float %73, float -1.500000e+00, float %79)
  %81 = tail call float @llvm.fma.f32(float %77, float -1.500000e+00, float %80)
  %82 = tail call float @llvm.nvvm.round.f(float %78) #11
  %83 = fsub float %78, %82
  %84 = fadd float %83, %81
  %85 = tail call float @llvm.fma.f32(float %84, float 0x3F23F971C0000000, float 0x3F55F0BDA0000000)
  %86 = tail call float @llvm.fma.f32(float %85, float %84, float 0x3F83B30AC0000000)
  %87 = tail call float @llvm.fma.f32(float %86, float %84, float 0x3FAC6AF760000000)
  %88 = tail call float @llvm.fma.f32(float %87, float %84, float 0x3FCEBFBD80000000)
  %89 = tail call float @llvm.fma.f32(float %88, float %84, float 0x3FE62E4300000000)
  %90 = tail call float @llvm.fma.f32(float %89, float %84, float 1.000000e+00)
  %91 = fptosi float %82 to i32
  %92 = fcmp ogt float %82, 0.000000e+00
  %93 = select i1 %92, i32 0, i32 -2097152000
  %94 = add nsw i32 %93, 2130706432
  %95 = bitcast i32 %94 to float
  %96 = fmul float %90, %95
  %97 = shl i32 %91, 23
  %98 = sub i32 %97, %93
  %99 = bitcast i32 %98 to float
  %100 = fmul float %96, %99
  %101 = tail call float @llvm.nvvm.fabs.f32(float %78)
  %102 = fcmp ogt float %101, 1.520000e+02
  %103 = fcmp olt float %78, 0.000000e+00
  %104 = select i1 %103, float 0.000000e+00, float 0x7FF0000000000000
  %105 = select i1 %102, float %104, float %100
  %106 = fcmp oeq float %24, 1.000000e+00
  br i1 %106, label %124, label %107

107:                                              ; preds = %11
  %108 = fcmp uno float %38, 0.000000e+00
  br i1 %108, label %113, label %109

109:                                              ; preds = %107
  %110 = fcmp oeq float %24, 0.000000e+00
  %111 = fcmp oeq float %38, 0x7FF0000000000000
  %112 = select i1 %110, i1 true, i1 %111
  br i1 %112, label %115, label %121

113:                                              ; preds = %107
  %114 = tail call float @llvm.nvvm.add.rn.f(float %24, float -1.500000e+00) #11
  br label %124

115:                                              ; preds = %109
  %116 = fadd float %24, %24
  %117 = tail call float @llvm.fabs.f32(float %116)
  %118 = bitcast float %117 to i32
  %119 = xor i32 %118, 2139095040
  %120 = bitcast i32 %119 to float
  br label %124

121:                                              ; preds = %109
  %122 = fcmp olt float %24, 0.000000e+00
  br i1 %122, label %123, label %124

123:                                              ; preds = %121
  br label %124

124:                                              ; preds = %11, %113, %115, %121, %123
  %125 = phi float [ 1.000000e+00, %11 ], [ %114, %113 ], [ %120, %115 ], [ %105, %121 ], [ 0x7FFFFFFFE0000000, %123 ]
  %126 = fmul contract float %37, %125
  %127 = getelementptr inbounds nuw i8, ptr %0, i64 32
  %128 = load ptr, ptr %127, align 8, !tbaa !19
  %129 = getelementptr inbounds float, ptr %128, i64 %13
  %130 = load float, ptr %129, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(ptr nonnull %4)
  %131 = fmul float %130, 0x3FE45F3060000000
  %132 = tail call i32 @llvm.nvvm.f2i.rn(float %131) #11
  %133 = sitofp i32 %132 to float
  %134 = tail call float @llvm.fma.f32(float %133, float 0xBFF921FB40000000, float %130)
  %135 = tail call float @llvm.fma.f32(float %133, float 0xBE74442D00000000, float %134)
  %136 = tail call float @llvm.fma.f32(float %133, float 0xBCF84698A0000000, float %135)
  %137 = tail call float @llvm.nvvm.fabs.f32(float %130)
  %138 = fcmp ult float %137, 1.056150e+05
  br i1 %138, label %207, label %139

139:                                              ; preds = %124
  %140 = fcmp oeq float %137, 0x7FF0000000000000
  br i1 %140, label %141, label %143

141:                                              ; preds = %139
  %142 = tail call float @llvm.nvvm.mul.rn.f(float %130, float 0.000000e+00) #11
  br label %207

143:                                              ; preds = %139
  %144 = bitcast float %130 to i32
  %145 = shl i32 %144, 8
  %146 = or i32 %145, -2147483648
  br label %147

147:                                              ; preds = %143, %147
  %148 = phi i32 [ 0, %143 ], [ %157, %147 ]
  %149 = phi i32 [ 0, %143 ], [ %155, %147 ]
  %150 = zext nneg i32 %148 to i64
  %151 = getelementptr inbounds nuw i32, ptr addrspace(1) @__cudart_i2opi_f, i64 %150
  %152 = load i32, ptr addrspace(1) %151, align 4
  %153 = tail call { i32, i32 } asm "{\0A\09mad.lo.cc.u32   $0, $2, $3, $4;\0A\09madc.hi.u32     $1, $2, $3,  0;\0A\09}", "=r,=r,r,r,r"(i32 %152, i32 %146, i32 %149) #12, !srcloc !20
  %154 = extractvalue { i32, i32 } %153, 0
  %155 = extractvalue { i32, i32 } %153, 1
  %156 = getelementptr inbounds nuw i32, ptr %4, i64 %150
  store i32 %154, ptr %156, align 4
  %157 = add nuw nsw i32 %148, 1
  %158 = icmp eq i32 %157, 6
  br i1 %158, label %159, label %147, !llvm.loop !21

159:                                              ; preds = %147
  %160 = lshr i32 %144, 23
  %161 = and i32 %160, 224
  %162 = add nsw i32 %161, -128
  %163 = lshr exact i32 %162, 5
  %164 = getelementptr inbounds nuw i8, ptr %4, i64 24
  store i32 %155, ptr %164, align 4
  %165 = sub nsw i32 6, %163
  %166 = sext i32 %165 to i64
  %167 = getelementptr inbounds i32, ptr %4, i64 %166
  %168 = load i32, ptr %167, align 4
  %169 = sub nsw i32 5, %163
  %170 = sext i32 %169 to i64
  %171 = getelementptr inbounds i32, ptr %4, i64 %170
  %172 = load i32, ptr %171, align 4
  %173 = freeze i32 %172
  %174 = and i32 %144, 260046848
  %175 = icmp eq i32 %174, 0
  br i1 %175, label %182, label %176

176:                                              ; preds = %159
  %177 = sub nsw i32 4, %163
  %178 = sext i32 %177 to i64
  %179 = getelementptr inbounds i32, ptr %4, i64 %178
  %180 = load i32, ptr %179, align 4
  %181 = tail call i32 @llvm.fshl.i32(i32 %173, i32 %180, i32 %160)
  br label %182

182:                                              ; preds = %176, %159
  %183 = phi i32 [ %181, %176 ], [ %173, %159 ]
  %184 = tail call i32 @llvm.fshl.i32(i32 %168, i32 %173, i32 %160)
  %185 = lshr i32 %184, 30
  %186 = tail call i32 @llvm.fshl.i32(i32 %184, i32 %183, i32 2)
  %187 = shl i32 %183, 2
  %188 = lshr i32 %186, 31
  %189 = add nuw nsw i32 %188, %185
  %190 = sub nsw i32 0, %189
  %191 = icmp slt i32 %144, 0
  %192 = select i1 %191, i32 %190, i32 %189
  %193 = xor i32 %186, %144
  %194 = ashr i32 %186, 31
  %195 = xor i32 %194, %186
  %196 = xor i32 %194, %187
  %197 = zext i32 %195 to i64
  %198 = shl nuw i64 %197, 32
  %199 = zext i32 %196 to i64
  %200 = or disjoint i64 %198, %199
  %201 = sitofp i64 %200 to double
  %202 = fmul double %201, 0x3BF921FB54442D19
  %203 = fptrunc double %202 to float
  %204 = fneg float %203
  %205 = icmp slt i32 %193, 0
  %206 = select i1 %205, float %204, float %203
  br label %207

207:                                              ; preds = %124, %141, %182
  %208 = phi i32 [ %132, %124 ], [ 0, %141 ], [ %192, %182 ]
  %209 = phi float [ %136, %124 ], [ %142, %141 ], [ %206, %182 ]
  %210 = fmul float %209, %209
  %211 = tail call float @llvm.fma.f32(float %210, float 0x3EF9758000000000, float 0xBF56C0FDA0000000)
  %212 = tail call float @llvm.fma.f32(float %211, float %210, float 0x3FA5555760000000)
  %213 = tail call float @llvm.fma.f32(float %212, float %210, float 0xBFDFFFFFE0000000)
  %214 = tail call float @llvm.fma.f32(float %213, float %210, float 1.000000e+00)
  %215 = tail call float @llvm.fma.f32(float %210, float %209, float 0.000000e+00)
  %216 = tail call float @llvm.fma.f32(float %210, float 0xBF29A82A60000000, float 0x3F8110BC80000000)
  %217 = tail call float @llvm.fma.f32(float %216, float %210, float 0xBFC5555500000000)
  %218 = tail call float @llvm.fma.f32(float %217, float %215, float %209)
  %219 = and i32 %208, 1
  %220 = icmp eq i32 %219, 0
  %221 = select i1 %220, float %218, float %214
  %222 = select i1 %220, float %214, float %218
  %223 = and i32 %208, 2
  %224 = icmp eq i32 %223, 0
  %225 = fneg float %221
  %226 = select i1 %224, float %221, float %225
  %227 = add i32 %208, 1
  %228 = and i32 %227, 2
  %229 = icmp eq i32 %228, 0
  %230 = fneg float %222
  %231 = select i1 %229, float %222, float %230
  call void @llvm.lifetime.end.p0(ptr nonnull %4)
  %232 = getelementptr inbounds nuw i8, ptr %0, i64 16
  %233 = load ptr, ptr %232, align 8, !tbaa !23
  %234 = getelementptr inbounds float, ptr %233, i64 %13
  %235 = load float, ptr %234, align 4, !tbaa !15
  %236 = fmul contract float %126, %231
  %237 = fmul contract float %1, %236
  %238 = fadd contract float %235, %237
  %239 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %240 = load ptr, ptr %239, align 8, !tbaa !24
  %241 = getelementptr inbounds float, ptr %240, i64 %13
  %242 = load float, ptr %241, align 4, !tbaa !15
  %243 = fmul contract float %126, %226
  %244 = fmul contract float %1, %243
  %245 = fadd contract float %242, %244
  store float %238, ptr %234, align 4, !tbaa !15
  store float %245, ptr %241, align 4, !tbaa !15
  %246 = tail call noundef float @llvm.nvvm.fabs.f32(float %238)
  %247 = tail call noundef float @llvm.nvvm.fabs.f32(float %245)
  %248 = fadd contract float %246, %247
  %249 = fadd contract float %248, 1.000000e+00
  %250 = fcmp olt float %249, 0x3810000000000000
  %251 = fmul float %249, 0x4160000000000000
  %252 = select i1 %250, float %251, float %249
  %253 = select i1 %250, float -2.300000e+01, float 0.000000e+00
  %254 = bitcast float %252 to i32
  %255 = add i32 %254, -1059760811
  %256 = and i32 %255, -8388608
  %257 = sub i32 %254, %256
  %258 = bitcast i32 %257 to float
  %259 = sitofp i32 %256 to float
  %260 = tail call float @llvm.fma.f32(float %259, float 0x3E80000000000000, float %253)
  %261 = fadd float %258, -1.000000e+00
  %262 = tail call float @llvm.fma.f32(float %261, float 0xBFC0AA04E0000000, float 0x3FC2073EC0000000)
  %263 = tail call float @llvm.fma.f32(float %262, float %261, float 0xBFBF19B980000000)
  %264 = tail call float @llvm.fma.f32(float %263, float %261, float 0x3FC1E52AA0000000)
  %265 = tail call float @llvm.fma.f32(float %264, float %261, float 0xBFC55B1720000000)
  %266 = tail call float @llvm.fma.f32(float %265, float %261, float 0x3FC99DA160000000)
  %267 = tail call float @llvm.fma.f32(float %266, float %261, float 0xBFCFFFE440000000)
  %268 = tail call float @llvm.fma.f32(float %267, float %261, float 0x3FD5554F00000000)
  %269 = tail call float @llvm.fma.f32(float %268, float %261, float -5.000000e-01)
  %270 = fmul float %261, %269
  %271 = tail call float @llvm.fma.f32(float %270, float %261, float %261)
  %272 = tail call float @llvm.fma.f32(float %260, float 0x3FE62E4300000000, float %271)
  %273 = icmp ugt i32 %254, 2139095039
  %274 = tail call float @llvm.fma.f32(float %252, float 0x7FF0000000000000, float 0x7FF0000000000000)
  %275 = select i1 %273, float %274, float %272
  %276 = fcmp oeq float %252, 0.000000e+00
  %277 = select i1 %276, float 0xFFF0000000000000, float %275
  %278 = fmul contract float %1, %277
  %279 = load float, ptr %129, align 4, !tbaa !15
  %280 = fadd contract float %279, %278
  store float %280, ptr %129, align 4, !tbaa !15
  %281 = fmul contract float %1, %238
  %282 = fadd contract float %15, %281
  store float %282, ptr %14, align 4, !tbaa !15
  %283 = fmul contract float %1, %245
  %284 = fadd contract float %19, %283
  store float %284, ptr %18, align 4, !tbaa !15
  br label %285

285:                                              ; preds = %3, %207
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: noinline norecurse nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @float_functions(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #2 {
  %4 = alloca [7 x i32], align 4
  %5 = alloca [7 x i32], align 4
  %6 = alloca [7 x i32], align 4
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %9 = mul i32 %7, %8
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = add i32 %9, %10
  %12 = icmp slt i32 %11, %2
  br i1 %12, label %13, label %438

13:                                               ; preds = %3
  %14 = sext i32 %11 to i64
  %15 = getelementptr inbounds float, ptr %0, i64 %14
  %16 = load float, ptr %15, align 4, !tbaa !15
  %17 = shl nsw i32 %11, 3
  %18 = sext i32 %17 to i64
  %19 = getelementptr inbounds float, ptr %1, i64 %18
  %20 = tail call noundef float @llvm.nvvm.sqrt.approx.f(float %16) #11
  store float %20, ptr %19, align 4, !tbaa !15
  %21 = fmul contract float %16, 1.250000e-01
  %22 = tail call float @llvm.fma.f32(float %21, float 0x3F777313A0000000, float 5.000000e-01)
  %23 = tail call float @llvm.nvvm.saturate.f(float %22) #11
  %24 = tail call float @llvm.nvvm.fma.rm.f(float %23, float 2.520000e+02, float 0x4168000020000000) #11
  %25 = fadd float %24, 0xC168000FE0000000
  %26 = fneg float %25
  %27 = tail call float @llvm.fma.f32(float %21, float 0x3FF7154760000000, float %26)
  %28 = tail call float @llvm.fma.f32(float %21, float 0x3E54AE0C00000000, float %27)
  %29 = bitcast float %24 to i32
  %30 = shl i32 %29, 23
  %31 = bitcast i32 %30 to float
  %32 = tail call float @llvm.nvvm.ex2.approx.ftz.f32(float %28)
  %33 = fmul float %32, %31
  %34 = getelementptr inbounds nuw i8, ptr %19, i64 4
  store float %33, ptr %34, align 4, !tbaa !15
  %35 = fcmp olt float %16, 0x3810000000000000
  %36 = fmul float %16, 0x4160000000000000
  %37 = select i1 %35, float %36, float %16
  %38 = select i1 %35, float -2.300000e+01, float 0.000000e+00
  %39 = bitcast float %37 to i32
  %40 = add i32 %39, -1059760811
  %41 = and i32 %40, -8388608
  %42 = sub i32 %39, %41
  %43 = bitcast i32 %42 to float
  %44 = sitofp i32 %41 to float
  %45 = tail call float @llvm.fma.f32(float %44, float 0x3E80000000000000, float %38)
  %46 = fadd float %43, -1.000000e+00
  %47 = tail call float @llvm.fma.f32(float %46, float 0xBFC0AA04E0000000, float 0x3FC2073EC0000000)
  %48 = tail call float @llvm.fma.f32(float %47, float %46, float 0xBFBF19B980000000)
  %49 = tail call float @llvm.fma.f32(float %48, float %46, float 0x3FC1E52AA0000000)
  %50 = tail call float @llvm.fma.f32(float %49, float %46, float 0xBFC55B1720000000)
  %51 = tail call float @llvm.fma.f32(float %50, float %46, float 0x3FC99DA160000000)
  %52 = tail call float @llvm.fma.f32(float %51, float %46, float 0xBFCFFFE440000000)
  %53 = tail call float @llvm.fma.f32(float %52, float %46, float 0x3FD5554F00000000)
  %54 = tail call float @llvm.fma.f32(float %53, float %46, float -5.000000e-01)
  %55 = fmul float %46, %54
  %56 = tail call float @llvm.fma.f32(float %55, float %46, float %46)
  %57 = tail call float @llvm.fma.f32(float %45, float 0x3FE62E4300000000, float %56)
  %58 = icmp ugt i32 %39, 2139095039
  %59 = tail call float @llvm.fma.f32(float %37, float 0x7FF0000000000000, float 0x7FF0000000000000)
  %60 = select i1 %58, float %59, float %57
  %61 = fcmp oeq float %37, 0.000000e+00
  %62 = select i1 %61, float 0xFFF0000000000000, float %60
  %63 = getelementptr inbounds nuw i8, ptr %19, i64 8
  store float %62, ptr %63, align 4, !tbaa !15
  %64 = tail call float @llvm.nvvm.fabs.f32(float %16)
  %65 = fcmp olt float %64, 0x3810000000000000
  %66 = fmul float %64, 0x4170000000000000
  %67 = select i1 %65, float %66, float %64
  %68 = select i1 %65, float -2.400000e+01, float 0.000000e+00
  %69 = bitcast float %67 to i32
  %70 = add i32 %69, -1060439283
  %71 = and i32 %70, -8388608
  %72 = sub i32 %69, %71
  %73 = bitcast i32 %72 to float
  %74 = sitofp i32 %71 to float
  %75 = tail call float @llvm.fma.f32(float %74, float 0x3E80000000000000, float %68)
  %76 = fadd float %73, -1.000000e+00
  %77 = fadd float %73, 1.000000e+00
  %78 = tail call float asm "rcp.approx.ftz.f32 $0,$1;", "=f,f"(float %77) #12, !srcloc !18
  %79 = fmul float %76, 2.000000e+00
  %80 = fmul float %78, %79
  %81 = fmul float %80, %80
  %82 = fsub float %76, %80
  %83 = fmul float %82, 2.000000e+00
  %84 = fneg float %80
  %85 = tail call float @llvm.fma.f32(float %84, float %76, float %83)
  %86 = tail call float @llvm.nvvm.mul.rn.f(float %78, float %85) #11
  %87 = tail call float @llvm.fma.f32(float %81, float 0x3F45865C80000000, float 0x3F6A5CFB60000000)
  %88 = tail call float @llvm.fma.f32(float %87, float %81, float 0x3F92776E60000000)
  %89 = tail call float @llvm.fma.f32(float %88, float %81, float 0x3FBEC709E0000000)
  %90 = tail call float @llvm.nvvm.mul.rn.f(float %89, float %81) #11
  %91 = tail call float @llvm.fma.f32(float %80, float 0x3FF7154760000000, float %75)
  %92 = fsub float %75, %91
  %93 = tail call float @llvm.fma.f32(float %80, float 0x3FF7154760000000, float %92)
  %94 = tail call float @llvm.fma.f32(float %86, float 0x3FF7154760000000, float %93)
  %95 = tail call float @llvm.fma.f32(float %80, float 0x3E54ABC680000000, float %94)
  %96 = fmul float %90, 3.000000e+00
  %97 = tail call float @llvm.fma.f32(float %96, float %86, float %95)
  %98 = tail call float @llvm.fma.f32(float %90, float %80, float %97)
  %99 = tail call float @llvm.nvvm.add.rn.f(float %91, float %98) #11
  %100 = fneg float %91
  %101 = tail call float @llvm.nvvm.add.rn.f(float %99, float %100) #11
  %102 = fneg float %101
  %103 = tail call float @llvm.nvvm.add.rn.f(float %98, float %102) #11
  %104 = tail call float @llvm.nvvm.mul.rn.f(float %99, float 0x3FF5EB8520000000) #11
  %105 = fneg float %104
  %106 = tail call float @llvm.fma.f32(float %99, float 0x3FF5EB8520000000, float %105)
  %107 = tail call float @llvm.fma.f32(float %103, float 0x3FF5EB8520000000, float %106)
  %108 = tail call float @llvm.nvvm.round.f(float %104) #11
  %109 = fsub float %104, %108
  %110 = fadd float %109, %107
  %111 = tail call float @llvm.fma.f32(float %110, float 0x3F23F971C0000000, float 0x3F55F0BDA0000000)
  %112 = tail call float @llvm.fma.f32(float %111, float %110, float 0x3F83B30AC0000000)
  %113 = tail call float @llvm.fma.f32(float %112, float %110, float 0x3FAC6AF760000000)
  %114 = tail call float @llvm.fma.f32(float %113, float %110, float 0x3FCEBFBD80000000)
  %115 = tail call float @llvm.fma.f32(float %114, float %110, float 0x3FE62E4300000000)
  %116 = tail call float @llvm.fma.f32(float %115, float %110, float 1.000000e+00)
  %117 = fptosi float %108 to i32
  %118 = fcmp ogt float %108, 0.000000e+00
  %119 = select i1 %118, i32 0, i32 -2097152000
  %120 = add nsw i32 %119, 2130706432
  %121 = bitcast i32 %120 to float
  %122 = fmul float %116, %121
  %123 = shl i32 %117, 23
  %124 = sub i32 %123, %119
  %125 = bitcast i32 %124 to float
  %126 = fmul float %122, %125
  %127 = tail call float @llvm.nvvm.fabs.f32(float %104)
  %128 = fcmp ogt float %127, 1.520000e+02
  %129 = fcmp olt float %104, 0.000000e+00
  %130 = select i1 %129, float 0.000000e+00, float 0x7FF0000000000000
  %131 = select i1 %128, float %130, float %126
  %132 = fcmp oeq float %16, 1.000000e+00
  br i1 %132, label %147, label %133

133:                                              ; preds = %13
  %134 = fcmp uno float %64, 0.000000e+00
  br i1 %134, label %139, label %135

135:                                              ; preds = %133
  %136 = fcmp oeq float %16, 0.000000e+00
  %137 = fcmp oeq float %64, 0x7FF0000000000000
  %138 = select i1 %136, i1 true, i1 %137
  br i1 %138, label %141, label %144

139:                                              ; preds = %133
  %140 = tail call float @llvm.nvvm.add.rn.f(float %16, float 0x3FF5EB8520000000) #11
  br label %147

141:                                              ; preds = %135
  %142 = fadd float %16, %16
  %143 = tail call float @llvm.fabs.f32(float %142)
  br label %147

144:                                              ; preds = %135
  %145 = fcmp olt float %16, 0.000000e+00
  br i1 %145, label %146, label %147

146:                                              ; preds = %144
  br label %147

147:                                              ; preds = %13, %139, %141, %144, %146
  %148 = phi float [ 1.000000e+00, %13 ], [ %140, %139 ], [ %143, %141 ], [ %131, %144 ], [ 0x7FFFFFFFE0000000, %146 ]
  %149 = getelementptr inbounds nuw i8, ptr %19, i64 12
  store float %148, ptr %149, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(ptr nonnull %6)
  %150 = fmul float %16, 0x3FE45F3060000000
  %151 = tail call i32 @llvm.nvvm.f2i.rn(float %150) #11
  %152 = sitofp i32 %151 to float
  %153 = tail call float @llvm.fma.f32(float %152, float 0xBFF921FB40000000, float %16)
  %154 = tail call float @llvm.fma.f32(float %152, float 0xBE74442D00000000, float %153)
  %155 = tail call float @llvm.fma.f32(float %152, float 0xBCF84698A0000000, float %154)
  %156 = fcmp ult float %64, 1.056150e+05
  br i1 %156, label %225, label %157

157:                                              ; preds = %147
  %158 = fcmp oeq float %64, 0x7FF0000000000000
  br i1 %158, label %159, label %161

159:                                              ; preds = %157
  %160 = tail call float @llvm.nvvm.mul.rn.f(float %16, float 0.000000e+00) #11
  br label %225

161:                                              ; preds = %157
  %162 = bitcast float %16 to i32
  %163 = shl i32 %162, 8
  %164 = or i32 %163, -2147483648
  br label %165

165:                                              ; preds = %161, %165
  %166 = phi i32 [ 0, %161 ], [ %175, %165 ]
  %167 = phi i32 [ 0, %161 ], [ %173, %165 ]
  %168 = zext nneg i32 %166 to i64
  %169 = getelementptr inbounds nuw i32, ptr addrspace(1) @__cudart_i2opi_f, i64 %168
  %170 = load i32, ptr addrspace(1) %169, align 4
  %171 = tail call { i32, i32 } asm "{\0A\09mad.lo.cc.u32   $0, $2, $3, $4;\0A\09madc.hi.u32     $1, $2, $3,  0;\0A\09}", "=r,=r,r,r,r"(i32 %170, i32 %164, i32 %167) #12, !srcloc !20
  %172 = extractvalue { i32, i32 } %171, 0
  %173 = extractvalue { i32, i32 } %171, 1
  %174 = getelementptr inbounds nuw i32, ptr %6, i64 %168
  store i32 %172, ptr %174, align 4
  %175 = add nuw nsw i32 %166, 1
  %176 = icmp eq i32 %175, 6
  br i1 %176, label %177, label %165, !llvm.loop !21

177:                                              ; preds = %165
  %178 = lshr i32 %162, 23
  %179 = and i32 %178, 224
  %180 = add nsw i32 %179, -128
  %181 = lshr exact i32 %180, 5
  %182 = getelementptr inbounds nuw i8, ptr %6, i64 24
  store i32 %173, ptr %182, align 4
  %183 = sub nsw i32 6, %181
  %184 = sext i32 %183 to i64
  %185 = getelementptr inbounds i32, ptr %6, i64 %184
  %186 = load i32, ptr %185, align 4
  %187 = sub nsw i32 5, %181
  %188 = sext i32 %187 to i64
  %189 = getelementptr inbounds i32, ptr %6, i64 %188
  %190 = load i32, ptr %189, align 4
  %191 = freeze i32 %190
  %192 = and i32 %162, 260046848
  %193 = icmp eq i32 %192, 0
  br i1 %193, label %200, label %194

194:                                              ; preds = %177
  %195 = sub nsw i32 4, %181
  %196 = sext i32 %195 to i64
  %197 = getelementptr inbounds i32, ptr %6, i64 %196
  %198 = load i32, ptr %197, align 4
  %199 = tail call i32 @llvm.fshl.i32(i32 %191, i32 %198, i32 %178)
  br label %200

200:                                              ; preds = %194, %177
  %201 = phi i32 [ %199, %194 ], [ %191, %177 ]
  %202 = tail call i32 @llvm.fshl.i32(i32 %186, i32 %191, i32 %178)
  %203 = lshr i32 %202, 30
  %204 = tail call i32 @llvm.fshl.i32(i32 %202, i32 %201, i32 2)
  %205 = shl i32 %201, 2
  %206 = lshr i32 %204, 31
  %207 = add nuw nsw i32 %206, %203
  %208 = sub nsw i32 0, %207
  %209 = icmp slt i32 %162, 0
  %210 = select i1 %209, i32 %208, i32 %207
  %211 = xor i32 %204, %162
  %212 = ashr i32 %204, 31
  %213 = xor i32 %212, %204
  %214 = xor i32 %212, %205
  %215 = zext i32 %213 to i64
  %216 = shl nuw i64 %215, 32
  %217 = zext i32 %214 to i64
  %218 = or disjoint i64 %216, %217
  %219 = sitofp i64 %218 to double
  %220 = fmul double %219, 0x3BF921FB54442D19
  %221 = fptrunc double %220 to float
  %222 = fneg float %221
  %223 = icmp slt i32 %211, 0
  %224 = select i1 %223, float %222, float %221
  br label %225

225:                                              ; preds = %147, %159, %200
  %226 = phi i32 [ %151, %147 ], [ 0, %159 ], [ %210, %200 ]
  %227 = phi float [ %155, %147 ], [ %160, %159 ], [ %224, %200 ]
  %228 = tail call float @llvm.nvvm.mul.rn.f(float %227, float %227) #11
  %229 = and i32 %226, 1
  %230 = icmp eq i32 %229, 0
  %231 = select i1 %230, float %227, float 1.000000e+00
  %232 = tail call float @llvm.fma.f32(float %228, float %231, float 0.000000e+00)
  %233 = tail call float @llvm.fma.f32(float %228, float 0x3EF9758000000000, float 0xBF56C0FDA0000000)
  %234 = select i1 %230, float 0xBF29A82A60000000, float %233
  %235 = select i1 %230, float 0x3F8110BC80000000, float 0x3FA5555760000000
  %236 = tail call float @llvm.fma.f32(float %234, float %228, float %235)
  %237 = select i1 %230, float 0xBFC5555500000000, float 0xBFDFFFFFE0000000
  %238 = tail call float @llvm.fma.f32(float %236, float %228, float %237)
  %239 = tail call float @llvm.fma.f32(float %238, float %232, float %231)
  %240 = and i32 %226, 2
  %241 = icmp eq i32 %240, 0
  %242 = fsub float 0.000000e+00, %239
  %243 = select i1 %241, float %239, float %242
  call void @llvm.lifetime.end.p0(ptr nonnull %6)
  %244 = getelementptr inbounds nuw i8, ptr %19, i64 16
  store float %243, ptr %244, align 4, !tbaa !15
  call void @llvm.lifetime.start.p0(ptr nonnull %5)
  br i1 %156, label %313, label %245

245:                                              ; preds = %225
  %246 = fcmp oeq float %64, 0x7FF0000000000000
  br i1 %246, label %247, label %249

247:                                              ; preds = %245
  %248 = tail call float @llvm.nvvm.mul.rn.f(float %16, float 0.000000e+00) #11
  br label %313

249:                                              ; preds = %245
  %250 = bitcast float %16 to i32
  %251 = shl i32 %250, 8
  %252 = or i32 %251, -2147483648
  br label %253

253:                                              ; preds = %249, %253
  %254 = phi i32 [ 0, %249 ], [ %263, %253 ]
  %255 = phi i32 [ 0, %249 ], [ %261, %253 ]
  %256 = zext nneg i32 %254 to i64
  %257 = getelementptr inbounds nuw i32, ptr addrspace(1) @__cudart_i2opi_f, i64 %256
  %258 = load i32, ptr addrspace(1) %257, align 4
  %259 = tail call { i32, i32 } asm "{\0A\09mad.lo.cc.u32   $0, $2, $3, $4;\0A\09madc.hi.u32     $1, $2, $3,  0;\0A\09}", "=r,=r,r,r,r"(i32 %258, i32 %252, i32 %255) #12, !srcloc !20
  %260 = extractvalue { i32, i32 } %259, 0
  %261 = extractvalue { i32, i32 } %259, 1
  %262 = getelementptr inbounds nuw i32, ptr %5, i64 %256
  store i32 %260, ptr %262, align 4
  %263 = add nuw nsw i32 %254, 1
  %264 = icmp eq i32 %263, 6
  br i1 %264, label %265, label %253, !llvm.loop !21

265:                                              ; preds = %253
  %266 = lshr i32 %250, 23
  %267 = and i32 %266, 224
  %268 = add nsw i32 %267, -128
  %269 = lshr exact i32 %268, 5
  %270 = getelementptr inbounds nuw i8, ptr %5, i64 24
  store i32 %261, ptr %270, align 4
  %271 = sub nsw i32 6, %269
  %272 = sext i32 %271 to i64
  %273 = getelementptr inbounds i32, ptr %5, i64 %272
  %274 = load i32, ptr %273, align 4
  %275 = sub nsw i32 5, %269
  %276 = sext i32 %275 to i64
  %277 = getelementptr inbounds i32, ptr %5, i64 %276
  %278 = load i32, ptr %277, align 4
  %279 = freeze i32 %278
  %280 = and i32 %250, 260046848
  %281 = icmp eq i32 %280, 0
  br i1 %281, label %288, label %282

282:                                              ; preds = %265
  %283 = sub nsw i32 4, %269
  %284 = sext i32 %283 to i64
  %285 = getelementptr inbounds i32, ptr %5, i64 %284
  %286 = load i32, ptr %285, align 4
  %287 = tail call i32 @llvm.fshl.i32(i32 %279, i32 %286, i32 %266)
  br label %288

288:                                              ; preds = %282, %265
  %289 = phi i32 [ %287, %282 ], [ %279, %265 ]
  %290 = tail call i32 @llvm.fshl.i32(i32 %274, i32 %279, i32 %266)
  %291 = lshr i32 %290, 30
  %292 = tail call i32 @llvm.fshl.i32(i32 %290, i32 %289, i32 2)
  %293 = shl i32 %289, 2
  %294 = lshr i32 %292, 31
  %295 = add nuw nsw i32 %294, %291
  %296 = sub nsw i32 0, %295
  %297 = icmp slt i32 %250, 0
  %298 = select i1 %297, i32 %296, i32 %295
  %299 = xor i32 %292, %250
  %300 = ashr i32 %292, 31
  %301 = xor i32 %300, %292
  %302 = xor i32 %300, %293
  %303 = zext i32 %301 to i64
  %304 = shl nuw i64 %303, 32
  %305 = zext i32 %302 to i64
  %306 = or disjoint i64 %304, %305
  %307 = sitofp i64 %306 to double
  %308 = fmul double %307, 0x3BF921FB54442D19
  %309 = fptrunc double %308 to float
  %310 = fneg float %309
  %311 = icmp slt i32 %299, 0
  %312 = select i1 %311, float %310, float %309
  br label %313

313:                                              ; preds = %225, %247, %288
  %314 = phi i32 [ %151, %225 ], [ 0, %247 ], [ %298, %288 ]
  %315 = phi float [ %155, %225 ], [ %248, %247 ], [ %312, %288 ]
  %316 = add i32 %314, 1
  %317 = tail call float @llvm.nvvm.mul.rn.f(float %315, float %315) #11
  %318 = and i32 %314, 1
  %319 = icmp eq i32 %318, 0
  %320 = select i1 %319, float 1.000000e+00, float %315
  %321 = tail call float @llvm.fma.f32(float %317, float %320, float 0.000000e+00)
  %322 = tail call float @llvm.fma.f32(float %317, float 0x3EF9758000000000, float 0xBF56C0FDA0000000)
  %323 = select i1 %319, float %322, float 0xBF29A82A60000000
  %324 = select i1 %319, float 0x3FA5555760000000, float 0x3F8110BC80000000
  %325 = tail call float @llvm.fma.f32(float %323, float %317, float %324)
  %326 = select i1 %319, float 0xBFDFFFFFE0000000, float 0xBFC5555500000000
  %327 = tail call float @llvm.fma.f32(float %325, float %317, float %326)
  %328 = tail call float @llvm.fma.f32(float %327, float %321, float %320)
  %329 = and i32 %316, 2
  %330 = icmp eq i32 %329, 0
  %331 = fsub float 0.000000e+00, %328
  %332 = select i1 %330, float %328, float %331
  call void @llvm.lifetime.end.p0(ptr nonnull %5)
  %333 = getelementptr inbounds nuw i8, ptr %19, i64 20
  store float %332, ptr %333, align 4, !tbaa !15
  %334 = fmul contract float %16, 5.000000e-01
  %335 = getelementptr inbounds nuw i8, ptr %19, i64 24
  %336 = getelementptr inbounds nuw i8, ptr %19, i64 28
  call void @llvm.lifetime.start.p0(ptr nonnull %4)
  %337 = fmul float %334, 0x3FE45F3060000000
  %338 = tail call i32 @llvm.nvvm.f2i.rn(float %337) #11
  %339 = sitofp i32 %338 to float
  %340 = tail call float @llvm.fma.f32(float %339, float 0xBFF921FB40000000, float %334)
  %341 = tail call float @llvm.fma.f32(float %339, float 0xBE74442D00000000, float %340)
  %342 = tail call float @llvm.fma.f32(float %339, float 0xBCF84698A0000000, float %341)
  %343 = tail call float @llvm.nvvm.fabs.f32(float %334)
  %344 = fcmp ult float %343, 1.056150e+05
  br i1 %344, label %413, label %345

345:                                              ; preds = %313
  %346 = fcmp oeq float %343, 0x7FF0000000000000
  br i1 %346, label %347, label %349

347:                                              ; preds = %345
  %348 = tail call float @llvm.nvvm.mul.rn.f(float %334, float 0.000000e+00) #11
  br label %413

349:                                              ; preds = %345
  %350 = bitcast float %334 to i32
  %351 = shl i32 %350, 8
  %352 = or i32 %351, -2147483648
  br label %353

353:                                              ; preds = %349, %353
  %354 = phi i32 [ 0, %349 ], [ %363, %353 ]
  %355 = phi i32 [ 0, %349 ], [ %361, %353 ]
  %356 = zext nneg i32 %354 to i64
  %357 = getelementptr inbounds nuw i32, ptr addrspace(1) @__cudart_i2opi_f, i64 %356
  %358 = load i32, ptr addrspace(1) %357, align 4
  %359 = tail call { i32, i32 } asm "{\0A\09mad.lo.cc.u32   $0, $2, $3, $4;\0A\09madc.hi.u32     $1, $2, $3,  0;\0A\09}", "=r,=r,r,r,r"(i32 %358, i32 %352, i32 %355) #12, !srcloc !20
  %360 = extractvalue { i32, i32 } %359, 0
  %361 = extractvalue { i32, i32 } %359, 1
  %362 = getelementptr inbounds nuw i32, ptr %4, i64 %356
  store i32 %360, ptr %362, align 4
  %363 = add nuw nsw i32 %354, 1
  %364 = icmp eq i32 %363, 6
  br i1 %364, label %365, label %353, !llvm.loop !21

365:                                              ; preds = %353
  %366 = lshr i32 %350, 23
  %367 = and i32 %366, 224
  %368 = add nsw i32 %367, -128
  %369 = lshr exact i32 %368, 5
  %370 = getelementptr inbounds nuw i8, ptr %4, i64 24
  store i32 %361, ptr %370, align 4
  %371 = sub nsw i32 6, %369
  %372 = sext i32 %371 to i64
  %373 = getelementptr inbounds i32, ptr %4, i64 %372
  %374 = load i32, ptr %373, align 4
  %375 = sub nsw i32 5, %369
  %376 = sext i32 %375 to i64
  %377 = getelementptr inbounds i32, ptr %4, i64 %376
  %378 = load i32, ptr %377, align 4
  %379 = freeze i32 %378
  %380 = and i32 %350, 260046848
  %381 = icmp eq i32 %380, 0
  br i1 %381, label %388, label %382

382:                                              ; preds = %365
  %383 = sub nsw i32 4, %369
  %384 = sext i32 %383 to i64
  %385 = getelementptr inbounds i32, ptr %4, i64 %384
  %386 = load i32, ptr %385, align 4
  %387 = tail call i32 @llvm.fshl.i32(i32 %379, i32 %386, i32 %366)
  br label %388

388:                                              ; preds = %382, %365
  %389 = phi i32 [ %387, %382 ], [ %379, %365 ]
  %390 = tail call i32 @llvm.fshl.i32(i32 %374, i32 %379, i32 %366)
  %391 = lshr i32 %390, 30
  %392 = tail call i32 @llvm.fshl.i32(i32 %390, i32 %389, i32 2)
  %393 = shl i32 %389, 2
  %394 = lshr i32 %392, 31
  %395 = add nuw nsw i32 %394, %391
  %396 = sub nsw i32 0, %395
  %397 = icmp slt i32 %350, 0
  %398 = select i1 %397, i32 %396, i32 %395
  %399 = xor i32 %392, %350
  %400 = ashr i32 %392, 31
  %401 = xor i32 %400, %392
  %402 = xor i32 %400, %393
  %403 = zext i32 %401 to i64
  %404 = shl nuw i64 %403, 32
  %405 = zext i32 %402 to i64
  %406 = or disjoint i64 %404, %405
  %407 = sitofp i64 %406 to double
  %408 = fmul double %407, 0x3BF921FB54442D19
  %409 = fptrunc double %408 to float
  %410 = fneg float %409
  %411 = icmp slt i32 %399, 0
  %412 = select i1 %411, float %410, float %409
  br label %413

413:                                              ; preds = %313, %347, %388
  %414 = phi i32 [ %338, %313 ], [ 0, %347 ], [ %398, %388 ]
  %415 = phi float [ %342, %313 ], [ %348, %347 ], [ %412, %388 ]
  %416 = fmul float %415, %415
  %417 = tail call float @llvm.fma.f32(float %416, float 0x3EF9758000000000, float 0xBF56C0FDA0000000)
  %418 = tail call float @llvm.fma.f32(float %417, float %416, float 0x3FA5555760000000)
  %419 = tail call float @llvm.fma.f32(float %418, float %416, float 0xBFDFFFFFE0000000)
  %420 = tail call float @llvm.fma.f32(float %419, float %416, float 1.000000e+00)
  %421 = tail call float @llvm.fma.f32(float %416, float %415, float 0.000000e+00)
  %422 = tail call float @llvm.fma.f32(float %416, float 0xBF29A82A60000000, float 0x3F8110BC80000000)
  %423 = tail call float @llvm.fma.f32(float %422, float %416, float 0xBFC5555500000000)
  %424 = tail call float @llvm.fma.f32(float %423, float %421, float %415)
  %425 = and i32 %414, 1
  %426 = icmp eq i32 %425, 0
  %427 = select i1 %426, float %424, float %420
  %428 = select i1 %426, float %420, float %424
  %429 = and i32 %414, 2
  %430 = icmp eq i32 %429, 0
  %431 = fneg float %427
  %432 = select i1 %430, float %427, float %431
  %433 = add i32 %414, 1
  %434 = and i32 %433, 2
  %435 = icmp eq i32 %434, 0
  %436 = fneg float %428
  %437 = select i1 %435, float %428, float %436
  store float %432, ptr %335, align 4
  store float %437, ptr %336, align 4
  call void @llvm.lifetime.end.p0(ptr nonnull %4)
  br label %438

438:                                              ; preds = %3, %413
  ret void
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @double_functions(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #3 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %281

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds double, ptr %0, i64 %11
  %13 = load double, ptr %12, align 8, !tbaa !25
  %14 = mul nsw i32 %8, 6
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds double, ptr %1, i64 %15
  %17 = tail call noundef double @llvm.sqrt.f64(double %13)
  store double %17, ptr %16, align 8, !tbaa !25
  %18 = fmul contract double %13, 1.250000e-01
  %19 = tail call double @llvm.fma.f64(double %18, double 0x3FF71547652B82FE, double 0x4338000000000000)
  %20 = tail call i32 @llvm.nvvm.d2i.lo(double %19) #11
  %21 = tail call double @llvm.nvvm.add.rn.d(double %19, double 0xC338000000000000) #11
  %22 = tail call double @llvm.fma.f64(double %21, double 0xBFE62E42FEFA39EF, double %18)
  %23 = tail call double @llvm.fma.f64(double %21, double 0xBC7ABC9E3B39803F, double %22)
  %24 = tail call double @llvm.fma.f64(double %23, double 0x3E5ADE1569CE2BDF, double 0x3E928AF3FCA213EA)
  %25 = tail call double @llvm.fma.f64(double %24, double %23, double 0x3EC71DEE62401315)
  %26 = tail call double @llvm.fma.f64(double %25, double %23, double 0x3EFA01997C89EB71)
  %27 = tail call double @llvm.fma.f64(double %26, double %23, double 0x3F2A01A014761F65)
  %28 = tail call double @llvm.fma.f64(double %27, double %23, double 0x3F56C16C1852B7AF)
  %29 = tail call double @llvm.fma.f64(double %28, double %23, double 0x3F81111111122322)
  %30 = tail call double @llvm.fma.f64(double %29, double %23, double 0x3FA55555555502A1)
  %31 = tail call double @llvm.fma.f64(double %30, double %23, double 0x3FC5555555555511)
  %32 = tail call double @llvm.fma.f64(double %31, double %23, double 0x3FE000000000000B)
  %33 = tail call double @llvm.fma.f64(double %32, double %23, double 1.000000e+00)
  %34 = tail call double @llvm.fma.f64(double %33, double %23, double 1.000000e+00)
  %35 = tail call i32 @llvm.nvvm.d2i.lo(double %34) #11
  %36 = tail call i32 @llvm.nvvm.d2i.hi(double %34) #11
  %37 = shl i32 %20, 20
  %38 = add i32 %36, %37
  %39 = tail call double @llvm.nvvm.lohi.i2d(i32 %35, i32 %38) #11
  %40 = tail call i32 @llvm.nvvm.d2i.hi(double %18) #11
  %41 = bitcast i32 %40 to float
  %42 = tail call float @llvm.nvvm.fabs.f32(float %41)
  %43 = fcmp olt float %42, 0x4010C46560000000
  br i1 %43, label %59, label %44

44:                                               ; preds = %10
  %45 = fcmp olt double %18, 0.000000e+00
  %46 = fadd double %18, 0x7FF0000000000000
  %47 = select i1 %45, double 0.000000e+00, double %46
  %48 = fcmp olt float %42, 0x4010E90000000000
  br i1 %48, label %49, label %59

49:                                               ; preds = %44
  %50 = sdiv i32 %20, 2
  %51 = shl i32 %50, 20
  %52 = add i32 %36, %51
  %53 = tail call double @llvm.nvvm.lohi.i2d(i32 %35, i32 %52) #11
  %54 = sub nsw i32 %20, %50
  %55 = shl i32 %54, 20
  %56 = add nsw i32 %55, 1072693248
  %57 = tail call double @llvm.nvvm.lohi.i2d(i32 0, i32 %56) #11
  %58 = fmul double %57, %53
  br label %59

59:                                               ; preds = %10, %44, %49
  %60 = phi double [ %39, %10 ], [ %58, %49 ], [ %47, %44 ]
  %61 = getelementptr inbounds nuw i8, ptr %16, i64 8
  store double %60, ptr %61, align 8, !tbaa !25
  %62 = tail call i32 @llvm.nvvm.d2i.hi(double %13) #11
  %63 = tail call i32 @llvm.nvvm.d2i.lo(double %13) #11
  %64 = icmp slt i32 %62, 1048576
  br i1 %64, label %65, label %69

65:                                               ; preds = %59
  %66 = fmul double %13, 0x4350000000000000
  %67 = tail call i32 @llvm.nvvm.d2i.lo(double %66) #11
  %68 = tail call i32 @llvm.nvvm.d2i.hi(double %66) #11
  br label %69

69:                                               ; preds = %65, %59
  %70 = phi double [ %66, %65 ], [ %13, %59 ]
  %71 = phi i32 [ %68, %65 ], [ %62, %59 ]
  %72 = phi i32 [ %67, %65 ], [ %63, %59 ]
  %73 = phi i32 [ -1077, %65 ], [ -1023, %59 ]
  %74 = add i32 %71, -1
  %75 = icmp ult i32 %74, 2146435071
  br i1 %75, label %76, label %125

76:                                               ; preds = %69
  %77 = lshr i32 %71, 20
  %78 = add nsw i32 %73, %77
  %79 = and i32 %71, 1048575
  %80 = or disjoint i32 %79, 1072693248
  %81 = tail call double @llvm.nvvm.lohi.i2d(i32 %72, i32 %80) #11
  %82 = icmp samesign ugt i32 %80, 1073127582
  %83 = tail call i32 @llvm.nvvm.d2i.lo(double %81) #11
  %84 = tail call i32 @llvm.nvvm.d2i.hi(double %81) #11
  %85 = add i32 %84, -1048576
  %86 = tail call double @llvm.nvvm.lohi.i2d(i32 %83, i32 %85) #11
  %87 = select i1 %82, double %86, double %81
  %88 = zext i1 %82 to i32
  %89 = add nsw i32 %78, %88
  %90 = fadd double %87, -1.000000e+00
  %91 = fadd double %87, 1.000000e+00
  %92 = tail call double @llvm.nvvm.rcp.approx.ftz.d(double %91) #11
  %93 = fneg double %91
  %94 = tail call double @llvm.fma.f64(double %93, double %92, double 1.000000e+00)
  %95 = tail call double @llvm.fma.f64(double %94, double %94, double %94)
  %96 = tail call double @llvm.fma.f64(double %95, double %92, double %92)
  %97 = fmul double %90, %96
  %98 = fadd double %97, %97
  %99 = fmul double %98, %98
  %100 = tail call double @llvm.fma.f64(double %99, double 0x3EB1380B3AE80F1E, double 0x3ED0EE258B7A8B04)
  %101 = tail call double @llvm.fma.f64(double %100, double %99, double 0x3EF3B2669F02676F)
  %102 = tail call double @llvm.fma.f64(double %101, double %99, double 0x3F1745CBA9AB0956)
  %103 = tail call double @llvm.fma.f64(double %102, double %99, double 0x3F3C71C72D1B5154)
  %104 = tail call double @llvm.fma.f64(double %103, double %99, double 0x3F624924923BE72D)
  %105 = tail call double @llvm.fma.f64(double %104, double %99, double 0x3F8999999999A3C4)
  %106 = tail call double @llvm.fma.f64(double %105, double %99, double 0x3FB5555555555554)
  %107 = fsub double %90, %98
  %108 = fmul double %107, 2.000000e+00
  %109 = fneg double %98
  %110 = tail call double @llvm.fma.f64(double %109, double %90, double %108)
  %111 = fmul double %96, %110
  %112 = fmul double %99, %106
  %113 = tail call double @llvm.fma.f64(double %112, double %98, double %111)
  %114 = xor i32 %89, -2147483648
  %115 = tail call double @llvm.nvvm.lohi.i2d(i32 %114, i32 1127219200) #11
  %116 = tail call double @llvm.nvvm.lohi.i2d(i32 -2147483648, i32 1127219200) #11
  %117 = fsub double %115, %116
  %118 = tail call double @llvm.fma.f64(double %117, double 0x3FE62E42FEFA39EF, double %98)
  %119 = fneg double %117
  %120 = tail call double @llvm.fma.f64(double %119, double 0x3FE62E42FEFA39EF, double %118)
  %121 = fsub double %120, %98
  %122 = fsub double %113, %121
  %123 = tail call double @llvm.fma.f64(double %117, double 0x3C7ABC9E3B39803F, double %122)
  %124 = fadd double %118, %123
  br label %131

125:                                              ; preds = %69
  %126 = tail call double @llvm.fma.f64(double %70, double 0x7FF0000000000000, double 0x7FF0000000000000)
  %127 = tail call i32 @llvm.nvvm.d2i.hi(double %70) #11
  %128 = and i32 %127, 2147483647
  %129 = icmp eq i32 %128, 0
  %130 = select i1 %129, double 0xFFF0000000000000, double %126
  br label %131

131:                                              ; preds = %76, %125
  %132 = phi double [ %124, %76 ], [ %130, %125 ]
  %133 = getelementptr inbounds nuw i8, ptr %16, i64 16
  store double %132, ptr %133, align 8, !tbaa !25
  %134 = tail call i32 @llvm.nvvm.d2i.hi(double 1.370000e+00) #11
  %135 = and i32 %134, 2146435072
  %136 = icmp eq i32 %135, 1125122048
  %137 = tail call double @llvm.nvvm.fabs.f64(double %13)
  %138 = icmp slt i32 %62, 0
  %139 = fcmp oeq double %13, 0.000000e+00
  br i1 %139, label %140, label %146

140:                                              ; preds = %131
  %141 = select i1 %136, i32 %62, i32 0
  %142 = icmp slt i32 %134, 0
  %143 = or i32 %141, 2146435072
  %144 = select i1 %142, i32 %143, i32 %141
  %145 = tail call double @llvm.nvvm.lohi.i2d(i32 0, i32 %144) #11
  br label %149

146:                                              ; preds = %131
  %147 = tail call fastcc double @__internal_accurate_pow(double %137)
  %148 = select i1 %138, double 0xFFF8000000000000, double %147
  br label %149

149:                                              ; preds = %146, %140
  %150 = phi double [ %145, %140 ], [ %148, %146 ]
  %151 = fadd double %13, 1.370000e+00
  %152 = tail call i32 @llvm.nvvm.d2i.hi(double %151) #11
  %153 = and i32 %152, 2146435072
  %154 = icmp eq i32 %153, 2146435072
  br i1 %154, label %155, label %171

155:                                              ; preds = %149
  %156 = fcmp uno double %137, 0.000000e+00
  br i1 %156, label %157, label %159

157:                                              ; preds = %155
  %158 = tail call double @llvm.nvvm.add.rn.d(double %13, double 1.370000e+00) #11
  br label %171

159:                                              ; preds = %155
  %160 = fcmp oeq double %137, 0x7FF0000000000000
  br i1 %160, label %161, label %171

161:                                              ; preds = %159
  %162 = icmp slt i32 %134, 0
  %163 = select i1 %162, i32 0, i32 2146435072
  %164 = and i32 %134, 2147483647
  %165 = icmp ne i32 %164, 1071644672
  %166 = and i1 %136, %165
  %167 = select i1 %138, i1 %166, i1 false
  %168 = or disjoint i32 %163, -2147483648
  %169 = select i1 %167, i32 %168, i32 %163
  %170 = tail call double @llvm.nvvm.lohi.i2d(i32 0, i32 %169) #11
  br label %171

171:                                              ; preds = %149, %157, %159, %161
  %172 = phi double [ %150, %149 ], [ %158, %157 ], [ %150, %159 ], [ %170, %161 ]
  %173 = fcmp oeq double %13, 1.000000e+00
  %174 = select i1 %173, double 1.000000e+00, double %172
  %175 = getelementptr inbounds nuw i8, ptr %16, i64 24
  store double %174, ptr %175, align 8, !tbaa !25
  %176 = fcmp oeq double %137, 0x7FF0000000000000
  br i1 %176, label %177, label %179

177:                                              ; preds = %171
  %178 = tail call double @llvm.nvvm.mul.rn.d(double %13, double 0.000000e+00) #11
  br label %192

179:                                              ; preds = %171
  %180 = fmul double %13, 0x3FE45F306DC9C883
  %181 = tail call i32 @llvm.nvvm.d2i.rn(double %180) #11
  %182 = sitofp i32 %181 to double
  %183 = fneg double %182
  %184 = tail call double @llvm.fma.f64(double %183, double 0x3FF921FB54442D18, double %13)
  %185 = tail call double @llvm.fma.f64(double %183, double 0x3C91A62633145C00, double %184)
  %186 = tail call double @llvm.fma.f64(double %183, double 0x397B839A252049C0, double %185)
  %187 = fcmp ult double %137, 0x41E0000000000000
  br i1 %187, label %192, label %188

188:                                              ; preds = %179
  %189 = tail call fastcc { double, i32 } @__internal_trig_reduction_slowpathd(double %13) #11
  %190 = extractvalue { double, i32 } %189, 0
  %191 = extractvalue { double, i32 } %189, 1
  br label %192

192:                                              ; preds = %177, %179, %188
  %193 = phi double [ %178, %177 ], [ %190, %188 ], [ %186, %179 ]
  %194 = phi i32 [ 0, %177 ], [ %191, %188 ], [ %181, %179 ]
  %195 = and i32 %194, 1
  %196 = shl nuw nsw i32 %195, 3
  %197 = zext nneg i32 %196 to i64
  %198 = getelementptr inbounds nuw double, ptr addrspace(1) @__cudart_sin_cos_coeffs, i64 %197
  %199 = tail call double @llvm.nvvm.mul.rn.d(double %193, double %193) #11
  %200 = icmp eq i32 %195, 0
  %201 = select i1 %200, double 0x3DE5DB65F9785EBA, double 0xBDA8FF8320FD8164
  %202 = load double, ptr addrspace(1) %198, align 16
  %203 = tail call double @llvm.fma.f64(double %201, double %199, double %202)
  %204 = getelementptr inbounds nuw i8, ptr addrspace(1) %198, i64 8
  %205 = load double, ptr addrspace(1) %204, align 8
  %206 = tail call double @llvm.fma.f64(double %203, double %199, double %205)
  %207 = getelementptr inbounds nuw i8, ptr addrspace(1) %198, i64 16
  %208 = load double, ptr addrspace(1) %207, align 16
  %209 = tail call double @llvm.fma.f64(double %206, double %199, double %208)
  %210 = getelementptr inbounds nuw i8, ptr addrspace(1) %198, i64 24
  %211 = load double, ptr addrspace(1) %210, align 8
  %212 = tail call double @llvm.fma.f64(double %209, double %199, double %211)
  %213 = getelementptr inbounds nuw i8, ptr addrspace(1) %198, i64 32
  %214 = load double, ptr addrspace(1) %213, align 16
  %215 = tail call double @llvm.fma.f64(double %212, double %199, double %214)
  %216 = getelementptr inbounds nuw i8, ptr addrspace(1) %198, i64 40
  %217 = load double, ptr addrspace(1) %216, align 8
  %218 = tail call double @llvm.fma.f64(double %215, double %199, double %217)
  %219 = tail call double @llvm.fma.f64(double %218, double %193, double %193)
  %220 = tail call double @llvm.fma.f64(double %218, double %199, double 1.000000e+00)
  %221 = select i1 %200, double %219, double %220
  %222 = and i32 %194, 2
  %223 = icmp eq i32 %222, 0
  %224 = fsub double 0.000000e+00, %221
  %225 = select i1 %223, double %221, double %224
  %226 = getelementptr inbounds nuw i8, ptr %16, i64 32
  store double %225, ptr %226, align 8, !tbaa !25
  br i1 %176, label %227, label %229

227:                                              ; preds = %192
  %228 = tail call double @llvm.nvvm.mul.rn.d(double %13, double 0.000000e+00) #11
  br label %246

229:                                              ; preds = %192
  %230 = fmul double %13, 0x3FE45F306DC9C883
  %231 = tail call i32 @llvm.nvvm.d2i.rn(double %230) #11
  %232 = sitofp i32 %231 to double
  %233 = fneg double %232
  %234 = tail call double @llvm.fma.f64(double %233, double 0x3FF921FB54442D18, double %13)
  %235 = tail call double @llvm.fma.f64(double %233, double 0x3C91A62633145C00, double %234)
  %236 = tail call double @llvm.fma.f64(double %233, double 0x397B839A252049C0, double %235)
  %237 = fcmp ult double %137, 0x41E0000000000000
  br i1 %237, label %242, label %238

238:                                              ; preds = %229
  %239 = tail call fastcc { double, i32 } @__internal_trig_reduction_slowpathd(double %13) #11
  %240 = extractvalue { double, i32 } %239, 0
  %241 = extractvalue { double, i32 } %239, 1
  br label %242

242:                                              ; preds = %238, %229
  %243 = phi double [ %240, %238 ], [ %236, %229 ]
  %244 = phi i32 [ %241, %238 ], [ %231, %229 ]
  %245 = add nsw i32 %244, 1
  br label %246

246:                                              ; preds = %227, %242
  %247 = phi double [ %228, %227 ], [ %243, %242 ]
  %248 = phi i32 [ 1, %227 ], [ %245, %242 ]
  %249 = and i32 %248, 1
  %250 = shl nuw nsw i32 %249, 3
  %251 = zext nneg i32 %250 to i64
  %252 = getelementptr inbounds nuw double, ptr addrspace(1) @__cudart_sin_cos_coeffs, i64 %251
  %253 = tail call double @llvm.nvvm.mul.rn.d(double %247, double %247) #11
  %254 = icmp eq i32 %249, 0
  %255 = select i1 %254, double 0x3DE5DB65F9785EBA, double 0xBDA8FF8320FD8164
  %256 = load double, ptr addrspace(1) %252, align 16
  %257 = tail call double @llvm.fma.f64(double %255, double %253, double %256)
  %258 = getelementptr inbounds nuw i8, ptr addrspace(1) %252, i64 8
  %259 = load double, ptr addrspace(1) %258, align 8
  %260 = tail call double @llvm.fma.f64(double %257, double %253, double %259)
  %261 = getelementptr inbounds nuw i8, ptr addrspace(1) %252, i64 16
  %262 = load double, ptr addrspace(1) %261, align 16
  %263 = tail call double @llvm.fma.f64(double %260, double %253, double %262)
  %264 = getelementptr inbounds nuw i8, ptr addrspace(1) %252, i64 24
  %265 = load double, ptr addrspace(1) %264, align 8
  %266 = tail call double @llvm.fma.f64(double %263, double %253, double %265)
  %267 = getelementptr inbounds nuw i8, ptr addrspace(1) %252, i64 32
  %268 = load double, ptr addrspace(1) %267, align 16
  %269 = tail call double @llvm.fma.f64(double %266, double %253, double %268)
  %270 = getelementptr inbounds nuw i8, ptr addrspace(1) %252, i64 40
  %271 = load double, ptr addrspace(1) %270, align 8
  %272 = tail call double @llvm.fma.f64(double %269, double %253, double %271)
  %273 = tail call double @llvm.fma.f64(double %272, double %247, double %247)
  %274 = tail call double @llvm.fma.f64(double %272, double %253, double 1.000000e+00)
  %275 = select i1 %254, double %273, double %274
  %276 = and i32 %248, 2
  %277 = icmp eq i32 %276, 0
  %278 = fsub double 0.000000e+00, %275
  %279 = select i1 %277, double %275, double %278
  %280 = getelementptr inbounds nuw i8, ptr %16, i64 40
  store double %279, ptr %280, align 8, !tbaa !25
  br label %281

281:                                              ; preds = %3, %246
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @bit_tricks(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #4 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %27

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, ptr %0, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !6
  %14 = tail call noundef range(i32 0, 33) i32 @llvm.ctpop.i32(i32 %13)
  %15 = shl nsw i32 %8, 2
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds i32, ptr %1, i64 %16
  store i32 %14, ptr %17, align 4, !tbaa !6
  %18 = tail call noundef range(i32 0, 33) i32 @llvm.ctlz.i32(i32 %13, i1 false)
  %19 = getelementptr i8, ptr %17, i64 4
  store i32 %18, ptr %19, align 4, !tbaa !6
  %20 = tail call noundef i32 @llvm.bitreverse.i32(i32 %13)
  %21 = getelementptr i8, ptr %17, i64 8
  store i32 %20, ptr %21, align 4, !tbaa !6
  %22 = lshr i32 %13, 24
  %23 = shl i32 %13, 8
  %24 = ashr exact i32 %23, 8
  %25 = mul nsw i32 %24, %22
  %26 = getelementptr i8, ptr %17, i64 12
  store i32 %25, ptr %26, align 4, !tbaa !6
  br label %27

27:                                               ; preds = %3, %10
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #5

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #6

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.bitreverse.i32(i32) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fabs.f32(float) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.sqrt.approx.f(float) #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2i.rn(float) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.mul.rn.f(float, float) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.saturate.f(float) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fma.rm.f(float, float, float) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.ftz.f32(float) #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.add.rn.f(float, float) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.round.f(float) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.nvvm.fabs.f64(double) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.nvvm.mul.rn.d(double, double) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.d2i.rn(double) #5

; Function Attrs: nofree noinline norecurse nosync nounwind memory(none)
define internal fastcc { double, i32 } @__internal_trig_reduction_slowpathd(double %0) unnamed_addr #8 {
  %2 = alloca [5 x i64], align 8
  %3 = tail call i32 @llvm.nvvm.d2i.hi(double %0) #11
  %4 = and i32 %3, -2147483648
  %5 = lshr i32 %3, 20
  %6 = and i32 %5, 2047
  %7 = icmp eq i32 %6, 2047
  br i1 %7, label %104, label %8

8:                                                ; preds = %1
  %9 = add nsw i32 %6, -1024
  %10 = bitcast double %0 to i64
  %11 = shl i64 %10, 11
  %12 = or i64 %11, -9223372036854775808
  %13 = lshr i32 %9, 6
  %14 = sub nsw i32 15, %13
  %15 = sub nsw i32 19, %13
  %16 = tail call i32 @llvm.smin.i32(i32 %15, i32 18) #11
  %17 = icmp slt i32 %14, %16
  br i1 %17, label %18, label %32

18:                                               ; preds = %8, %18
  %19 = phi i32 [ %30, %18 ], [ %14, %8 ]
  %20 = phi i64 [ %26, %18 ], [ 0, %8 ]
  %21 = sext i32 %19 to i64
  %22 = getelementptr inbounds i64, ptr addrspace(1) @__cudart_i2opi_d, i64 %21
  %23 = load i64, ptr addrspace(1) %22, align 8
  %24 = tail call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi, clo, chi;\0A\09mov.b64         {alo,ahi}, $2;    \0A\09mov.b64         {blo,bhi}, $3;    \0A\09mov.b64         {clo,chi}, $4;    \0A\09mad.lo.cc.u32   r0, alo, blo, clo;\0A\09madc.hi.cc.u32  r1, alo, blo, chi;\0A\09madc.hi.u32     r2, alo, bhi,   0;\0A\09mad.lo.cc.u32   r1, alo, bhi,  r1;\0A\09madc.hi.cc.u32  r2, ahi, blo,  r2;\0A\09madc.hi.u32     r3, ahi, bhi,   0;\0A\09mad.lo.cc.u32   r1, ahi, blo,  r1;\0A\09madc.lo.cc.u32  r2, ahi, bhi,  r2;\0A\09addc.u32        r3,  r3,   0;     \0A\09mov.b64         $0, {r0,r1};      \0A\09mov.b64         $1, {r2,r3};      \0A\09}", "=l,=l,l,l,l"(i64 %23, i64 %12, i64 %20) #12, !srcloc !27
  %25 = extractvalue { i64, i64 } %24, 0
  %26 = extractvalue { i64, i64 } %24, 1
  %27 = sub nsw i32 %19, %14
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds i64, ptr %2, i64 %28
  store i64 %25, ptr %29, align 8
  %30 = add nsw i32 %19, 1
  %31 = icmp eq i32 %30, %16
  br i1 %31, label %32, label %18, !llvm.loop !28

32:                                               ; preds = %18, %8
  %33 = phi i64 [ 0, %8 ], [ %26, %18 ]
  %34 = phi i32 [ %14, %8 ], [ %16, %18 ]
  %35 = sub nsw i32 %34, %14
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds i64, ptr %2, i64 %36
  store i64 %33, ptr %37, align 8
  %38 = and i32 %5, 63
  %39 = getelementptr inbounds nuw i8, ptr %2, i64 16
  %40 = load i64, ptr %39, align 8
  %41 = getelementptr inbounds nuw i8, ptr %2, i64 24
  %42 = load i64, ptr %41, align 8
  %43 = icmp eq i32 %38, 0
  br i1 %43, label %56, label %44

44:                                               ; preds = %32
  %45 = sub nuw nsw i32 64, %38
  %46 = zext nneg i32 %38 to i64
  %47 = shl i64 %42, %46
  %48 = zext nneg i32 %45 to i64
  %49 = lshr i64 %40, %48
  %50 = or i64 %47, %49
  %51 = shl i64 %40, %46
  %52 = getelementptr inbounds nuw i8, ptr %2, i64 8
  %53 = load i64, ptr %52, align 8
  %54 = lshr i64 %53, %48
  %55 = or i64 %54, %51
  br label %56

56:                                               ; preds = %44, %32
  %57 = phi i64 [ %50, %44 ], [ %42, %32 ]
  %58 = phi i64 [ %55, %44 ], [ %40, %32 ]
  %59 = lshr i64 %57, 62
  %60 = trunc nuw nsw i64 %59 to i32
  %61 = tail call i64 @llvm.fshl.i64(i64 %57, i64 %58, i64 2)
  %62 = shl i64 %58, 2
  %63 = lshr i64 %61, 63
  %64 = trunc nuw nsw i64 %63 to i32
  %65 = add nuw nsw i32 %64, %60
  %66 = icmp eq i32 %4, 0
  %67 = sub nsw i32 0, %65
  %68 = select i1 %66, i32 %65, i32 %67
  %69 = icmp sgt i64 %61, -1
  br i1 %69, label %75, label %70

70:                                               ; preds = %56
  %71 = xor i32 %4, -2147483648
  %72 = tail call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3;\0A\09mov.b64         {a0,a1}, $2;\0A\09mov.b64         {a2,a3}, $3;\0A\09mov.b64         {b0,b1}, $4;\0A\09mov.b64         {b2,b3}, $5;\0A\09sub.cc.u32      r0, a0, b0; \0A\09subc.cc.u32     r1, a1, b1; \0A\09subc.cc.u32     r2, a2, b2; \0A\09subc.u32        r3, a3, b3; \0A\09mov.b64         $0, {r0,r1};\0A\09mov.b64         $1, {r2,r3};\0A\09}", "=l,=l,l,l,l,l"(i64 0, i64 0, i64 %62, i64 %61) #12, !srcloc !29
  %73 = extractvalue { i64, i64 } %72, 0
  %74 = extractvalue { i64, i64 } %72, 1
  br label %75

75:                                               ; preds = %70, %56
  %76 = phi i64 [ %74, %70 ], [ %61, %56 ]
  %77 = phi i64 [ %73, %70 ], [ %62, %56 ]
  %78 = phi i32 [ %71, %70 ], [ %4, %56 ]
  %79 = tail call range(i64 0, 65) i64 @llvm.ctlz.i64(i64 %76, i1 false)
  %80 = freeze i64 %77
  %81 = tail call i64 @llvm.fshl.i64(i64 %76, i64 %80, i64 %79)
  %82 = tail call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi;\0A\09mov.b64         {alo,ahi}, $2;   \0A\09mov.b64         {blo,bhi}, $3;   \0A\09mul.lo.u32      r0, alo, blo;    \0A\09mul.hi.u32      r1, alo, blo;    \0A\09mad.lo.cc.u32   r1, alo, bhi, r1;\0A\09madc.hi.u32     r2, alo, bhi,  0;\0A\09mad.lo.cc.u32   r1, ahi, blo, r1;\0A\09madc.hi.cc.u32  r2, ahi, blo, r2;\0A\09madc.hi.u32     r3, ahi, bhi,  0;\0A\09mad.lo.cc.u32   r2, ahi, bhi, r2;\0A\09addc.u32        r3, r3,  0;      \0A\09mov.b64         $0, {r0,r1};     \0A\09mov.b64         $1, {r2,r3};     \0A\09}", "=l,=l,l,l"(i64 %81, i64 -3958705157555305931) #12, !srcloc !30
  %83 = extractvalue { i64, i64 } %82, 1
  %84 = icmp sgt i64 %83, 0
  br i1 %84, label %85, label %90

85:                                               ; preds = %75
  %86 = add nuw nsw i64 %79, 1
  %87 = extractvalue { i64, i64 } %82, 0
  %88 = tail call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3;\0A\09mov.b64         {a0,a1}, $2;\0A\09mov.b64         {a2,a3}, $3;\0A\09mov.b64         {b0,b1}, $4;\0A\09mov.b64         {b2,b3}, $5;\0A\09add.cc.u32      r0, a0, b0; \0A\09addc.cc.u32     r1, a1, b1; \0A\09addc.cc.u32     r2, a2, b2; \0A\09addc.u32        r3, a3, b3; \0A\09mov.b64         $0, {r0,r1};\0A\09mov.b64         $1, {r2,r3};\0A\09}", "=l,=l,l,l,l,l"(i64 %87, i64 %83, i64 %87, i64 %83) #12, !srcloc !31
  %89 = extractvalue { i64, i64 } %88, 1
  br label %90

90:                                               ; preds = %85, %75
  %91 = phi i64 [ %89, %85 ], [ %83, %75 ]
  %92 = phi i64 [ %86, %85 ], [ %79, %75 ]
  %93 = zext i32 %78 to i64
  %94 = shl nuw i64 %93, 32
  %95 = add i64 %91, 1
  %96 = lshr i64 %95, 10
  %97 = add nuw nsw i64 %96, 1
  %98 = lshr i64 %97, 1
  %99 = shl nuw nsw i64 %92, 52
  %100 = sub nsw i64 %98, %99
  %101 = add nsw i64 %100, 4602678819172646912
  %102 = or i64 %101, %94
  %103 = bitcast i64 %102 to double
  br label %104

104:                                              ; preds = %1, %90
  %105 = phi double [ %103, %90 ], [ %0, %1 ]
  %106 = phi i32 [ %68, %90 ], [ 0, %1 ]
  %107 = insertvalue { double, i32 } poison, double %105, 0
  %108 = insertvalue { double, i32 } %107, i32 %106, 1
  ret { double, i32 } %108
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.d2i.hi(double) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.d2i.lo(double) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.nvvm.lohi.i2d(i32, i32) #5

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctlz.i64(i64, i1 immarg) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare double @llvm.nvvm.rcp.approx.ftz.d(double) #7

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.nvvm.add.rn.d(double, double) #5

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none)
define internal fastcc double @__internal_accurate_pow(double %0) unnamed_addr #9 {
  %2 = tail call i32 @llvm.nvvm.d2i.hi(double %0) #11
  %3 = tail call i32 @llvm.nvvm.d2i.lo(double %0) #11
  %4 = lshr i32 %2, 20
  %5 = icmp eq i32 %4, 0
  %6 = fmul double %0, 0x4350000000000000
  %7 = tail call i32 @llvm.nvvm.d2i.hi(double %6) #11
  %8 = tail call i32 @llvm.nvvm.d2i.lo(double %6) #11
  %9 = lshr i32 %7, 20
  %10 = add nsw i32 %9, -54
  %11 = select i1 %5, i32 %8, i32 %3
  %12 = select i1 %5, i32 %7, i32 %2
  %13 = select i1 %5, i32 %10, i32 %4
  %14 = and i32 %12, -2146435073
  %15 = or disjoint i32 %14, 1072693248
  %16 = tail call double @llvm.nvvm.lohi.i2d(i32 %11, i32 %15) #11
  %17 = icmp ugt i32 %15, 1073127582
  %18 = tail call i32 @llvm.nvvm.d2i.lo(double %16) #11
  %19 = tail call i32 @llvm.nvvm.d2i.hi(double %16) #11
  %20 = add i32 %19, -1048576
  %21 = tail call double @llvm.nvvm.lohi.i2d(i32 %18, i32 %20) #11
  %22 = select i1 %17, double %21, double %16
  %23 = select i1 %17, i32 -1022, i32 -1023
  %24 = add nsw i32 %23, %13
  %25 = fadd double %22, -1.000000e+00
  %26 = fadd double %22, 1.000000e+00
  %27 = tail call double @llvm.nvvm.rcp.approx.ftz.d(double %26) #11
  %28 = fneg double %26
  %29 = tail call double @llvm.fma.f64(double %28, double %27, double 1.000000e+00)
  %30 = tail call double @llvm.fma.f64(double %29, double %29, double %29)
  %31 = tail call double @llvm.fma.f64(double %30, double %27, double %27)
  %32 = fmul double %25, %31
  %33 = fadd double %32, %32
  %34 = fmul double %33, %33
  %35 = tail call double @llvm.fma.f64(double %34, double 0x3EB0F5FF7D2CAFE2, double 0x3ED0F5D241AD3B5A)
  %36 = tail call double @llvm.fma.f64(double %35, double %34, double 0x3EF3B20A75488A3F)
  %37 = tail call double @llvm.fma.f64(double %36, double %34, double 0x3F1745CDE4FAECD5)
  %38 = tail call double @llvm.fma.f64(double %37, double %34, double 0x3F3C71C7258A578B)
  %39 = tail call double @llvm.fma.f64(double %38, double %34, double 0x3F6249249242B910)
  %40 = tail call double @llvm.fma.f64(double %39, double %34, double 0x3F89999999999DFB)
  %41 = fmul double %34, %40
  %42 = fsub double %25, %33
  %43 = fmul double %42, 2.000000e+00
  %44 = fneg double %33
  %45 = tail call double @llvm.fma.f64(double %44, double %25, double %43)
  %46 = fmul double %31, %45
  %47 = fadd double %41, 0x3FB5555555555555
  %48 = fsub double 0x3FB5555555555555, %47
  %49 = fadd double %41, %48
  %50 = fadd double %49, 0xBC46A4CB00B9E7B0
  %51 = fadd double %47, %50
  %52 = fsub double %47, %51
  %53 = fadd double %50, %52
  %54 = tail call double @llvm.nvvm.mul.rn.d(double %33, double %33) #11
  %55 = fneg double %54
  %56 = tail call double @llvm.fma.f64(double %33, double %33, double %55)
  %57 = tail call i32 @llvm.nvvm.d2i.lo(double %46) #11
  %58 = tail call i32 @llvm.nvvm.d2i.hi(double %46) #11
  %59 = add i32 %58, 1048576
  %60 = tail call double @llvm.nvvm.lohi.i2d(i32 %57, i32 %59) #11
  %61 = tail call double @llvm.fma.f64(double %33, double %60, double %56)
  %62 = tail call double @llvm.nvvm.mul.rn.d(double %54, double %33) #11
  %63 = fneg double %62
  %64 = tail call double @llvm.fma.f64(double %54, double %33, double %63)
  %65 = tail call double @llvm.fma.f64(double %54, double %46, double %64)
  %66 = tail call double @llvm.fma.f64(double %61, double %33, double %65)
  %67 = tail call double @llvm.nvvm.mul.rn.d(double %51, double %62) #11
  %68 = fneg double %67
  %69 = tail call double @llvm.fma.f64(double %51, double %62, double %68)
  %70 = tail call double @llvm.fma.f64(double %51, double %66, double %69)
  %71 = tail call double @llvm.fma.f64(double %53, double %62, double %70)
  %72 = fadd double %67, %71
  %73 = fsub double %67, %72
  %74 = fadd double %71, %73
  %75 = fadd double %33, %72
  %76 = fsub double %33, %75
  %77 = fadd double %72, %76
  %78 = fadd double %74, %77
  %79 = fadd double %46, %78
  %80 = fadd double %75, %79
  %81 = fsub double %75, %80
  %82 = fadd double %79, %81
  %83 = xor i32 %24, -2147483648
  %84 = tail call double @llvm.nvvm.lohi.i2d(i32 %83, i32 1127219200) #11
  %85 = tail call double @llvm.nvvm.lohi.i2d(i32 -2147483648, i32 1127219200) #11
  %86 = fsub double %84, %85
  %87 = tail call double @llvm.fma.f64(double %86, double 0x3FE62E42FEFA39EF, double %80)
  %88 = fneg double %86
  %89 = tail call double @llvm.fma.f64(double %88, double 0x3FE62E42FEFA39EF, double %87)
  %90 = fsub double %89, %80
  %91 = fsub double %82, %90
  %92 = tail call double @llvm.fma.f64(double %86, double 0x3C7ABC9E3B39803F, double %91)
  %93 = fadd double %87, %92
  %94 = fsub double %87, %93
  %95 = fadd double %92, %94
  %96 = tail call i32 @llvm.nvvm.d2i.hi(double 1.370000e+00) #11
  %97 = tail call i32 @llvm.nvvm.d2i.lo(double 1.370000e+00) #11
  %98 = shl i32 %96, 1
  %99 = icmp ugt i32 %98, -33554433
  %100 = and i32 %96, -15728641
  %101 = select i1 %99, i32 %100, i32 %96
  %102 = tail call double @llvm.nvvm.lohi.i2d(i32 %97, i32 %101) #11
  %103 = tail call double @llvm.nvvm.mul.rn.d(double %93, double %102) #11
  %104 = fneg double %103
  %105 = tail call double @llvm.fma.f64(double %93, double %102, double %104)
  %106 = tail call double @llvm.fma.f64(double %95, double %102, double %105)
  %107 = fadd double %103, %106
  %108 = tail call double @llvm.fma.f64(double %107, double 0x3FF71547652B82FE, double 0x4338000000000000)
  %109 = tail call i32 @llvm.nvvm.d2i.lo(double %108) #11
  %110 = tail call double @llvm.nvvm.add.rn.d(double %108, double 0xC338000000000000) #11
  %111 = tail call double @llvm.fma.f64(double %110, double 0xBFE62E42FEFA39EF, double %107)
  %112 = tail call double @llvm.fma.f64(double %110, double 0xBC7ABC9E3B39803F, double %111)
  %113 = tail call double @llvm.fma.f64(double %112, double 0x3E5ADE1569CE2BDF, double 0x3E928AF3FCA213EA)
  %114 = tail call double @llvm.fma.f64(double %113, double %112, double 0x3EC71DEE62401315)
  %115 = tail call double @llvm.fma.f64(double %114, double %112, double 0x3EFA01997C89EB71)
  %116 = tail call double @llvm.fma.f64(double %115, double %112, double 0x3F2A01A014761F65)
  %117 = tail call double @llvm.fma.f64(double %116, double %112, double 0x3F56C16C1852B7AF)
  %118 = tail call double @llvm.fma.f64(double %117, double %112, double 0x3F81111111122322)
  %119 = tail call double @llvm.fma.f64(double %118, double %112, double 0x3FA55555555502A1)
  %120 = tail call double @llvm.fma.f64(double %119, double %112, double 0x3FC5555555555511)
  %121 = tail call double @llvm.fma.f64(double %120, double %112, double 0x3FE000000000000B)
  %122 = tail call double @llvm.fma.f64(double %121, double %112, double 1.000000e+00)
  %123 = tail call double @llvm.fma.f64(double %122, double %112, double 1.000000e+00)
  %124 = tail call i32 @llvm.nvvm.d2i.lo(double %123) #11
  %125 = tail call i32 @llvm.nvvm.d2i.hi(double %123) #11
  %126 = shl i32 %109, 20
  %127 = add i32 %125, %126
  %128 = tail call double @llvm.nvvm.lohi.i2d(i32 %124, i32 %127) #11
  %129 = tail call i32 @llvm.nvvm.d2i.hi(double %107) #11
  %130 = bitcast i32 %129 to float
  %131 = tail call float @llvm.nvvm.fabs.f32(float %130)
  %132 = fcmp olt float %131, 0x4010C46560000000
  br i1 %132, label %148, label %133

133:                                              ; preds = %1
  %134 = fcmp olt double %107, 0.000000e+00
  %135 = fadd double %107, 0x7FF0000000000000
  %136 = select i1 %134, double 0.000000e+00, double %135
  %137 = fcmp olt float %131, 0x4010E90000000000
  br i1 %137, label %138, label %148

138:                                              ; preds = %133
  %139 = sdiv i32 %109, 2
  %140 = shl i32 %139, 20
  %141 = add i32 %125, %140
  %142 = tail call double @llvm.nvvm.lohi.i2d(i32 %124, i32 %141) #11
  %143 = sub nsw i32 %109, %139
  %144 = shl i32 %143, 20
  %145 = add nsw i32 %144, 1072693248
  %146 = tail call double @llvm.nvvm.lohi.i2d(i32 0, i32 %145) #11
  %147 = fmul double %146, %142
  br label %148

148:                                              ; preds = %133, %138, %1
  %149 = phi double [ %128, %1 ], [ %147, %138 ], [ %136, %133 ]
  %150 = fsub double %103, %107
  %151 = fadd double %106, %150
  %152 = tail call double @llvm.nvvm.fabs.f64(double %149)
  %153 = fcmp oeq double %152, 0x7FF0000000000000
  %154 = tail call double @llvm.fma.f64(double %149, double %151, double %149)
  %155 = select i1 %153, double %149, double %154
  ret double %155
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sqrt.f64(double) #10

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fma.f32(float, float, float) #10

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.fshl.i32(i32, i32, i32) #10

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fma.f64(double, double, double) #10

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.fshl.i64(i64, i64, i64) #10

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #10

attributes #0 = { noinline norecurse nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { noinline norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #3 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #4 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "uniform-work-group-size"="true" }
attributes #5 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #8 = { nofree noinline norecurse nosync nounwind memory(none) "disable-tail-calls"="false" "frame-pointer"="all" "less-precise-fpmad"="false" "no-infs-fp-math"="false" "no-nans-fp-math"="false" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "unsafe-fp-math"="false" "use-soft-float"="false" }
attributes #9 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) "disable-tail-calls"="false" "frame-pointer"="all" "less-precise-fpmad"="false" "no-infs-fp-math"="false" "no-nans-fp-math"="false" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx88,+sm_70" "unsafe-fp-math"="false" "use-soft-float"="false" }
attributes #10 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #11 = { nounwind }
attributes #12 = { nounwind memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4, !5}
!llvm.errno.tbaa = !{!6}
!nvvmir.version = !{!10}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{i32 2, i32 0}
!11 = !{!12, !13, i64 0}
!12 = !{!"_ZTS9Particles", !13, i64 0, !13, i64 8, !13, i64 16, !13, i64 24, !13, i64 32}
!13 = !{!"p1 float", !14, i64 0}
!14 = !{!"any pointer", !8, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"float", !8, i64 0}
!17 = !{!12, !13, i64 8}
!18 = !{i32 21352}
!19 = !{!12, !13, i64 32}
!20 = !{i32 33673, i32 33677, i32 33722, i32 33767}
!21 = distinct !{!21, !22}
!22 = !{!"llvm.loop.unroll.count", i32 1}
!23 = !{!12, !13, i64 16}
!24 = !{!12, !13, i64 24}
!25 = !{!26, !26, i64 0}
!26 = !{!"double", !8, i64 0}
!27 = !{i32 160011, i32 160015, i32 160084, i32 160132, i32 160180, i32 160228, i32 160276, i32 160324, i32 160372, i32 160420, i32 160468, i32 160516, i32 160564, i32 160612, i32 160660, i32 160708, i32 160756}
!28 = distinct !{!28, !22}
!29 = !{i32 157745, i32 157749, i32 157820, i32 157862, i32 157904, i32 157946, i32 157988, i32 158030, i32 158072, i32 158114, i32 158156, i32 158198, i32 158240}
!30 = !{i32 158786, i32 158790, i32 158849, i32 158896, i32 158943, i32 158990, i32 159037, i32 159084, i32 159131, i32 159178, i32 159225, i32 159272, i32 159319, i32 159366, i32 159413, i32 159460}
!31 = !{i32 156547, i32 156551, i32 156622, i32 156664, i32 156706, i32 156748, i32 156790, i32 156832, i32 156874, i32 156916, i32 156958, i32 157000, i32 157042}
