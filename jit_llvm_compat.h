/* jit_llvm_compat.h — what differs between the LLVM versions the JIT builds against (14 to 22),
   in one place, so that jit.inc reads the same on every version. Included by jit.inc only.

   The C API the JIT uses is otherwise stable from 14 to 22 (verified by building and running the
   JIT tests against both, ./build.sh test-llvm). What moves is what the NVPTX and AMDGPU backends
   know: processors (tables in jit.inc carry the first major that knows each one) and the newest
   PTX ISA, below. */
#ifndef OFFLOAD_JIT_LLVM_COMPAT_H
#define OFFLOAD_JIT_LLVM_COMPAT_H

#include <llvm-c/Orc.h>
#include <llvm/Config/llvm-config.h>

/* The newest "+ptxNN" feature the linked NVPTX backend accepts (`llc -march=nvptx64 -mattr=help`):
   14 and 15 stop at 7.5, 16 at 7.8, 17 at 8.1, 18 at 8.3, 19 at 8.5, 20 at 8.7, 21 at 8.8, 22 at 9.0.
   14 and 22 verified here; the others from the release notes. */
#if LLVM_VERSION_MAJOR >= 22
#  define OFFLOAD__LLVM_MAX_PTX 90u
#elif LLVM_VERSION_MAJOR >= 21
#  define OFFLOAD__LLVM_MAX_PTX 88u
#elif LLVM_VERSION_MAJOR >= 20
#  define OFFLOAD__LLVM_MAX_PTX 87u
#elif LLVM_VERSION_MAJOR >= 19
#  define OFFLOAD__LLVM_MAX_PTX 85u
#elif LLVM_VERSION_MAJOR >= 18
#  define OFFLOAD__LLVM_MAX_PTX 83u
#elif LLVM_VERSION_MAJOR >= 17
#  define OFFLOAD__LLVM_MAX_PTX 81u
#elif LLVM_VERSION_MAJOR >= 16
#  define OFFLOAD__LLVM_MAX_PTX 78u
#else
#  define OFFLOAD__LLVM_MAX_PTX 75u
#endif

/* The ROCm device libraries' ABI-version control library for the code-object version this LLVM
   emits by default (v4 up to 18, v5 from 19; v6 keeps v5's implicit-argument layout). */
#if LLVM_VERSION_MAJOR >= 19
#  define OFFLOAD__ROCM_ABI_LIBRARY "oclc_abi_version_500.bc"
#else
#  define OFFLOAD__ROCM_ABI_LIBRARY "oclc_abi_version_400.bc"
#endif

#endif
