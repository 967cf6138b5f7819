/* jit/llvm_compat.h — what differs between the LLVM versions the JIT builds against (14 to 22),
   in one place, so that jit.inc reads the same on every version. Included by jit.inc only.

   The C API the JIT uses is otherwise stable from 14 to 22 (verified by building and running the
   JIT tests against both, ./build.sh test-llvm). What moves is what the NVPTX and AMDGPU backends
   know: processors (tables in jit.inc carry the first major that knows each one) and the newest
   PTX ISA, below. */
#ifndef OFFLOAD_JIT_LLVM_COMPAT_H
#define OFFLOAD_JIT_LLVM_COMPAT_H

#include <llvm-c/Core.h>
#include <llvm-c/Orc.h>
#include <llvm/Config/llvm-config.h>

/* The newest "+ptxNN" feature the loaded NVPTX backend accepts (`llc -march=nvptx64 -mattr=help`):
   14 and 15 stop at 7.5, 16 at 7.8, 17 at 8.1, 18 at 8.3, 19 at 8.5, 20 at 8.7, 21 at 8.8, 22 at 9.0.
   14 and 22 verified here; the others from the release notes. */
#if LLVM_VERSION_MAJOR >= 22
#define OFFLOAD__LLVM_MAX_PTX 90u
#elif LLVM_VERSION_MAJOR >= 21
#define OFFLOAD__LLVM_MAX_PTX 88u
#elif LLVM_VERSION_MAJOR >= 20
#define OFFLOAD__LLVM_MAX_PTX 87u
#elif LLVM_VERSION_MAJOR >= 19
#define OFFLOAD__LLVM_MAX_PTX 85u
#elif LLVM_VERSION_MAJOR >= 18
#define OFFLOAD__LLVM_MAX_PTX 83u
#elif LLVM_VERSION_MAJOR >= 17
#define OFFLOAD__LLVM_MAX_PTX 81u
#elif LLVM_VERSION_MAJOR >= 16
#define OFFLOAD__LLVM_MAX_PTX 78u
#else
#define OFFLOAD__LLVM_MAX_PTX 75u
#endif

/* AMDGPU code object versions (5 = v5; ELF EI_ABIVERSION is the version minus 2) the loaded
   AMDGPU backend emits: the oldest and newest it can, its default, and whether it reads the
   module flag "amdhsa_code_object_version" (version * 100) that chooses one. LLVM 14 always
   emits v4 and ignores the flag (its v5 is unfinished: hidden_block_count_x at offset 28, and
   ld.lld-14 refuses it); LLVM 22 reads the flag, emits v4 to v6, v6 by default, and stops with
   "unsupported code object version" on any other value. 14 and 22 verified here; the others
   from the release notes (the flag under this name from 18, v6 from 19). */
#if LLVM_VERSION_MAJOR >= 22
#define OFFLOAD__LLVM_CODE_OBJECT_MIN 4u
#define OFFLOAD__LLVM_CODE_OBJECT_MAX 6u
#define OFFLOAD__LLVM_CODE_OBJECT_DEFAULT 6u
#define OFFLOAD__LLVM_READS_CODE_OBJECT_FLAG 1
#elif LLVM_VERSION_MAJOR >= 19
#define OFFLOAD__LLVM_CODE_OBJECT_MIN 4u
#define OFFLOAD__LLVM_CODE_OBJECT_MAX 6u
#define OFFLOAD__LLVM_CODE_OBJECT_DEFAULT 5u
#define OFFLOAD__LLVM_READS_CODE_OBJECT_FLAG 1
#elif LLVM_VERSION_MAJOR >= 18
#define OFFLOAD__LLVM_CODE_OBJECT_MIN 4u
#define OFFLOAD__LLVM_CODE_OBJECT_MAX 5u
#define OFFLOAD__LLVM_CODE_OBJECT_DEFAULT 4u
#define OFFLOAD__LLVM_READS_CODE_OBJECT_FLAG 1
#else
#define OFFLOAD__LLVM_CODE_OBJECT_MIN 4u
#define OFFLOAD__LLVM_CODE_OBJECT_MAX 4u
#define OFFLOAD__LLVM_CODE_OBJECT_DEFAULT 4u
#define OFFLOAD__LLVM_READS_CODE_OBJECT_FLAG 0
#endif

/* From LLVM 18, instcombine named in a pipeline string checks that one iteration reached a
   fixpoint and stops the process with a fatal error when it did not, which valid code meets
   (libdevice's __nv_sincosf inlined into a kernel); the default pipelines do not check. */
#if LLVM_VERSION_MAJOR >= 18
#define OFFLOAD__LLVM_INSTCOMBINE "instcombine<no-verify-fixpoint>"
#else
#define OFFLOAD__LLVM_INSTCOMBINE "instcombine"
#endif

#endif
