/* offload.h — an embeddable GPU offload runtime in one header and one C file.

   It finds devices (the host CPU always, NVIDIA through the CUDA Driver API and AMD through the
   HSA runtime, both loaded with dlopen at run time), moves memory, loads device code (native
   images, or LLVM IR that it JIT-compiles for the device at hand), launches kernels, and records
   launches so they can be replayed alone. All state lives in one offload_context: there is no
   global state, so two contexts in one process are fully independent.

   Use it in one of two ways:
     - compile offload_impl.c into your build, and include offload.h where you call it; or
     - in exactly one C file:   #define OFFLOAD_IMPLEMENTATION
                                #include "offload.h"

   Configuration macros (define them before the implementation is compiled):
     OFFLOAD_STATIC        every public function becomes `static` (private to that one file)
     OFFLOAD_NO_CUDA       leave the CUDA backend out
     OFFLOAD_NO_AMDGPU     leave the AMDGPU (HSA) backend out
     OFFLOAD_NO_REMOTE     leave the remote backend out (devices of other MPI ranks; see
                           offload_remote_desc and offload_remote_serve)
     OFFLOAD_NO_JIT        leave the LLVM JIT out (IR images are then refused with
                           OFFLOAD_ERROR_JIT_UNAVAILABLE)
     OFFLOAD_NO_RECORD     leave record & replay out: no recorder, writer thread or reader is
                           compiled in; offload_recording_* and offload_replay return
                           OFFLOAD_ERROR_UNSUPPORTED, and a context asked to record (desc.record.dir,
                           OFFLOAD_RECORD_DIR) comes up without recording, with that error logged
     OFFLOAD_NO_RPC        leave device-to-host calls out: no RPC server thread or device client;
                           offload_rpc_register returns OFFLOAD_ERROR_UNSUPPORTED, portable IR that
                           calls offload_printf & co. is refused by the JIT (undefined function), and a
                           native program that defines the client global offload_rpc_client is refused
                           with OFFLOAD_ERROR_UNSUPPORTED
     OFFLOAD_MALLOC(sz) / OFFLOAD_FREE(p)   default allocator, all or none (the desc's
                           allocator callbacks take precedence at run time)
     OFFLOAD_ASSERT(c)     internal consistency checks (default: assert from <assert.h>)

   Conventions: every function returns an offload_result (OFFLOAD_SUCCESS is 0, errors are
   negative); on error a message is kept per calling thread and read with
   offload_context_last_error(). The library never prints, aborts or exits on its own; it logs
   through the log callback of the desc, or, when the environment sets OFFLOAD_DEBUG and there is
   no callback, to stderr. Desc structs mean "default" where a field is zero. */
#ifndef OFFLOAD_H
#define OFFLOAD_H

/* The implementation uses GNU/Linux interfaces (memfd, dladdr1, ...), which the C library only
   declares when _GNU_SOURCE is defined before its first header. */
#if defined(OFFLOAD_IMPLEMENTATION) && !defined(_GNU_SOURCE)
#if defined(_FEATURES_H)
#error "include offload.h with OFFLOAD_IMPLEMENTATION before any system header, or define _GNU_SOURCE"
#endif
#define _GNU_SOURCE
#endif

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef OFFLOAD_API
#ifdef OFFLOAD_STATIC
#define OFFLOAD_API static
#else
#define OFFLOAD_API extern
#endif
#endif

#define OFFLOAD_VERSION_MAJOR 0
#define OFFLOAD_VERSION_MINOR 1
#define OFFLOAD_VERSION_PATCH 0

/* ---------------------------------------------------------------------------------------------
   Results
   ------------------------------------------------------------------------------------------- */

#define OFFLOAD_RESULT_LIST(X)                                                                                         \
    X(OFFLOAD_SUCCESS, 0, "success")                                                                                   \
    X(OFFLOAD_ERROR_INVALID_ARGUMENT, -1, "invalid argument")                                                          \
    X(OFFLOAD_ERROR_INVALID_HANDLE, -2, "invalid, destroyed or stale handle")                                          \
    X(OFFLOAD_ERROR_OUT_OF_HOST_MEMORY, -3, "out of host memory")                                                      \
    X(OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY, -4, "out of device memory")                                                  \
    X(OFFLOAD_ERROR_INVALID_IMAGE, -5, "invalid or unsupported device image")                                          \
    X(OFFLOAD_ERROR_NOT_FOUND, -6, "name not found")                                                                   \
    X(OFFLOAD_ERROR_UNSUPPORTED, -7, "operation not supported by this device")                                         \
    X(OFFLOAD_ERROR_BACKEND, -8, "the device driver reported an error")                                                \
    X(OFFLOAD_ERROR_NOT_READY, -9, "work still pending")                                                               \
    X(OFFLOAD_ERROR_LAUNCH_FAILED, -10, "kernel launch failed")                                                        \
    X(OFFLOAD_ERROR_JIT, -11, "JIT compilation failed")                                                                \
    X(OFFLOAD_ERROR_JIT_UNAVAILABLE, -12, "the JIT is not compiled in")                                                \
    X(OFFLOAD_ERROR_HOST_TOOL_NOT_FOUND, -13, "a required host tool was not found")                                    \
    X(OFFLOAD_ERROR_IO, -14, "file input/output failed")                                                               \
    X(OFFLOAD_ERROR_INVALID_RECORDING, -15, "malformed or corrupted recording")                                        \
    X(OFFLOAD_ERROR_TIMEOUT, -16, "timed out")                                                                         \
    X(OFFLOAD_ERROR_DEVICE_LOST, -17, "the device is in an unrecoverable state")                                       \
    X(OFFLOAD_ERROR_NO_BACKEND, -18, "backend not available")                                                          \
    X(OFFLOAD_ERROR_BUSY, -19, "resource still in use")

typedef enum offload_result {
#define OFFLOAD__RESULT_ENUM(name, value, text) name = value,
    OFFLOAD_RESULT_LIST(OFFLOAD__RESULT_ENUM)
#undef OFFLOAD__RESULT_ENUM
        OFFLOAD_RESULT_FORCE_32 = 0x7fffffff
} offload_result;

/* A short, static description of a result code ("invalid argument"); never NULL. */
OFFLOAD_API const char* offload_result_string(offload_result result);

/* The library's version as major*10000 + minor*100 + patch. */
OFFLOAD_API uint32_t offload_version(void);

/* ---------------------------------------------------------------------------------------------
   Diagnostics
   ------------------------------------------------------------------------------------------- */

/* Every error the library records is one kind of this list, X(ID, RESULT, TEXT, PARAMETERS):
     ID          the kind, OFFLOAD_DIAG_<ID>: what a program or a test compares;
     RESULT      the offload_result its call returns (OFFLOAD_ERROR_<RESULT>). A few kinds report a
                 failure underneath (a driver call, a remote server, a queued launch) and take
                 that failure's result instead;
     TEXT        its message, a printf format of PARAMETERS;
     PARAMETERS  (type, name, ...): the values the message names.
   offload_context_last_diagnostic() gives the kind of this thread's last error beside the message
   offload_context_last_error() gives. A kind's text may change between versions; its ID stays.
   An error raised again keeps its kind: a queued launch that failed is reported at the
   synchronize with the launch's kind, a compile that failed with the compile's. */
/* clang-format off */
#define OFFLOAD_DIAGNOSTIC_LIST(X)                                                                                     \
    /* the API's arguments and handles */                                                                              \
    X(NULL_ARGUMENT, INVALID_ARGUMENT, "%s must not be NULL", (const char*, names))                                    \
    X(INVALID_DEVICE_HANDLE, INVALID_HANDLE, "invalid device handle %u", (unsigned, id))                               \
    X(UNKNOWN_BACKEND, INVALID_ARGUMENT, "unknown backend %d", (int, backend))                                         \
    X(DEVICE_INDEX_RANGE, INVALID_ARGUMENT,                                                                            \
      "device index %u out of range (%u devices)", (unsigned, index, unsigned, count))                                 \
    X(INVALID_DEVICE_HANDLES, INVALID_HANDLE,                                                                          \
      "invalid device handle (dst %u, src %u)", (unsigned, dst, unsigned, src))                                        \
    X(STALE_HANDLE, INVALID_HANDLE, "invalid, destroyed or stale %s handle %#x", (const char*, kind, unsigned, id))    \
    X(HANDLE_POOL_EXHAUSTED, OUT_OF_HOST_MEMORY, "%s pool exhausted", (const char*, what))                             \
    /* host resources */                                                                                               \
    X(OUT_OF_HOST_MEMORY, OUT_OF_HOST_MEMORY, "out of host memory: %s", (const char*, what))                           \
    X(MEMFD_FAILED, JIT, "memfd_create: %s", (const char*, why))                                                       \
    X(THREAD_NOT_STARTED, OUT_OF_HOST_MEMORY,                                                                          \
      "cannot start the %s thread: %s", (const char*, thread, const char*, why))                                       \
    X(STAGING_BUFFER, OUT_OF_HOST_MEMORY, "out of host memory: a staging buffer of %zu bytes", (size_t, size))         \
    X(FILE_NOT_OPENED, IO, "cannot open %s: %s", (const char*, path, const char*, why))                                \
    X(FILE_NOT_READ, IO, "cannot read %s: %s", (const char*, path, const char*, why))                                  \
    /* memory */                                                                                                       \
    X(ADDRESS_UNAVAILABLE, OUT_OF_DEVICE_MEMORY,                                                                       \
      "address 0x%llx is not available (got %p)", (unsigned long long, address, const void*, got))                     \
    X(NO_SHARED_MEMORY, UNSUPPORTED, "%s has no shared (managed) memory", (const char*, device))                       \
    X(UNKNOWN_MEMORY_KIND, INVALID_ARGUMENT, "unknown memory kind %d", (int, kind))                                    \
    X(UNKNOWN_COPY_KIND, INVALID_ARGUMENT, "unknown copy kind %d", (int, kind))                                        \
    X(FILL_PATTERN_SIZE, INVALID_ARGUMENT, "pattern must be 1, 2 or 4 bytes (got %zu)", (size_t, size))                \
    X(NO_VIRTUAL_MEMORY, UNSUPPORTED, "%s has no virtual memory management", (const char*, device))                    \
    X(ADDRESS_RESERVED_ELSEWHERE, BACKEND,                                                                             \
      "cuMemAddressReserve returned 0x%llx instead of the requested 0x%llx (range in use)",                            \
      (unsigned long long, got, unsigned long long, asked))                                                            \
    X(ADDRESS_NOT_RESERVED, OUT_OF_DEVICE_MEMORY,                                                                      \
      "cannot reserve %zu bytes at %p: %s", (size_t, size, const void*, address, const char*, why))                    \
    X(ADDRESS_TAKEN, OUT_OF_DEVICE_MEMORY, "address %p is taken", (const void*, address))                              \
    X(UNMAP_FAILED, INVALID_ARGUMENT, "munmap: %s", (const char*, why))                                                \
    X(PROTECT_FAILED, OUT_OF_DEVICE_MEMORY, "mprotect: %s", (const char*, why))                                        \
    X(MAP_FAILED, BACKEND, "mmap: %s", (const char*, why))                                                             \
    X(NOT_AN_ALLOCATION, INVALID_ARGUMENT,                                                                             \
      "%p was not returned by offload_mem_alloc, or was already freed", (const void*, pointer))                        \
    X(NOT_IN_AN_ALLOCATION, NOT_FOUND, "%p is not in any allocation of this context", (const void*, pointer))          \
    X(ZERO_SIZE, INVALID_ARGUMENT, "size must be greater than zero", ())                                               \
    X(DEVICE_MEMORY_EXCEEDED, OUT_OF_DEVICE_MEMORY,                                                                    \
      "%zu bytes exceed the device's %llu", (size_t, size, unsigned long long, available))                             \
    X(NULL_COPY_POINTER, INVALID_ARGUMENT, "NULL pointer in a copy of %zu bytes", (size_t, size))                      \
    X(FILL_ALIGNMENT, INVALID_ARGUMENT,                                                                                \
      "pointer and size must be multiples of the pattern size %zu", (size_t, pattern_size))                            \
    /* queues and events */                                                                                            \
    X(EVENT_NOT_RECORDED, INVALID_ARGUMENT, "event was never recorded", ())                                            \
    X(EVENT_NOT_COMPLETE, NOT_READY, "the event has not completed yet", ())                                            \
    X(QUEUE_WRONG_DEVICE_FOR_COPY, INVALID_ARGUMENT,                                                                   \
      "the queue is on %s, but this copy (%s -> %s) must run on %s",                                                   \
      (const char*, queue_device, const char*, src, const char*, dst, const char*, device))                            \
    X(QUEUE_OTHER_DEVICE, INVALID_ARGUMENT, "the queue belongs to another device", ())                                 \
    X(EVENT_QUEUE_DEVICES, INVALID_ARGUMENT,                                                                           \
      "event (%s) and queue (%s) are on different devices", (const char*, event_device, const char*, queue_device))    \
    X(EVENTS_DEVICES, INVALID_ARGUMENT, "events are on different devices", ())                                         \
    /* programs, images and symbols */                                                                                 \
    X(IMAGE_FORMAT_NOT_LOADABLE, INVALID_IMAGE,                                                                        \
      "the %s backend cannot load %s images", (const char*, backend, const char*, format))                             \
    X(NAME_NOT_FOUND, NOT_FOUND, "no %s named '%s' in the program", (const char*, what, const char*, name))            \
    X(NAME_IS_OTHER_KIND, NOT_FOUND, "'%s' in the program is not a %s", (const char*, name, const char*, what))        \
    X(HOST_SYMBOL_MALFORMED, INVALID_IMAGE,                                                                            \
      "host symbol %u: needs a name and exactly one of a kernel, a block kernel or a global's address",                \
      (unsigned, index))                                                                                               \
    X(HOST_SYMBOL_ARGS_SIZE, INVALID_IMAGE,                                                                            \
      "host symbol %u: args_size %zu is too large", (unsigned, index, size_t, args_size))                              \
    X(HOST_SYMBOL_BLOCK_RANGE, INVALID_IMAGE,                                                                          \
      "host symbol %u ('%s'): a block range belongs to a block kernel", (unsigned, index, const char*, name))          \
    X(HOST_SYMBOLS_TOO_MANY, INVALID_IMAGE, "host symbol table: too many symbols", ())                                 \
    X(IMAGE_MALFORMED, INVALID_IMAGE, "%s: %s", (const char*, format, const char*, why))                               \
    X(JIT_LEFT_OUT_FOR_FORMAT, JIT_UNAVAILABLE,                                                                        \
      "%s images need the JIT, which this build leaves out (OFFLOAD_NO_JIT)", (const char*, format))                   \
    X(IMAGE_SIZE_ZERO, INVALID_ARGUMENT, "image size is zero", ())                                                     \
    X(IMAGE_AND_SYMBOLS, INVALID_ARGUMENT, "give an image or host symbols, not both", ())                              \
    X(IMAGE_FORMAT_UNKNOWN, INVALID_IMAGE, "unrecognised image format (%zu bytes)", (size_t, size))                    \
    X(HOST_SYMBOLS_NOT_ON_HOST, INVALID_ARGUMENT, "host symbol tables load on the host device only", ())               \
    X(IMAGE_MISSING, INVALID_ARGUMENT, "the desc has neither an image nor host symbols", ())                           \
    X(HOST_ENTRY_NOT_ON_HOST, UNSUPPORTED,                                                                             \
      "host entries run on host devices only (local or a remote server's), not on %s", (const char*, device))                                  \
    X(PARAM_LAYOUT_UNKNOWN, UNSUPPORTED,                                                                               \
      "the parameter layout of kernel '%s' is unknown on %s", (const char*, kernel, const char*, device))              \
    X(PARAM_COUNT, INVALID_ARGUMENT,                                                                                   \
      "kernel '%s' has %u parameters, not %u", (const char*, kernel, unsigned, count, unsigned, expected))             \
    X(GLOBAL_RANGE, INVALID_ARGUMENT,                                                                                  \
      "bytes [%zu, %zu) are outside global '%s' of %zu bytes",                                                         \
      (size_t, begin, size_t, end, const char*, name, size_t, size))                                                   \
    /* launches */                                                                                                     \
    X(SHARED_MEMORY_EXCEEDED, INVALID_ARGUMENT,                                                                        \
      "%zu bytes of dynamic shared memory and the kernel's %zu static bytes exceed the device's %llu",                 \
      (size_t, dynamic, size_t, static_size, unsigned long long, available))                                           \
    X(LAUNCH_DIMENSION, INVALID_ARGUMENT,                                                                              \
      "grid %u or block %u in dimension %d exceeds the device's limits (%u, %u)",                                      \
      (unsigned, grid, unsigned, block, int, dimension, unsigned, max_grid, unsigned, max_block))                      \
    X(BLOCK_TOO_LARGE, INVALID_ARGUMENT,                                                                               \
      "%llu threads per block exceed the device's %u", (unsigned long long, threads, unsigned, max_threads))           \
    X(LAUNCH_BOUNDS, INVALID_ARGUMENT,                                                                                 \
      "%llu threads per block exceed kernel '%s''s launch bounds (%u)",                                                \
      (unsigned long long, threads, const char*, kernel, unsigned, bound))                                             \
    X(ARGS_NULL, INVALID_ARGUMENT, "args is NULL but args_size is %zu", (size_t, args_size))                           \
    X(ARGS_SIZE_MISMATCH, INVALID_ARGUMENT,                                                                            \
      "kernel '%s' takes %zu bytes of arguments, got %zu", (const char*, kernel, size_t, expected, size_t, given))     \
    X(HOST_ENTRY_ARGS, INVALID_ARGUMENT,                                                                               \
      "host entry '%s' takes pointer arguments: args_size %zu is not a multiple of %zu",                               \
      (const char*, entry, size_t, args_size, size_t, word))                                                           \
    X(QUEUE_KERNEL_DEVICES, INVALID_ARGUMENT,                                                                          \
      "the queue is on %s but the kernel on %s", (const char*, queue_device, const char*, kernel_device))              \
    /* the JIT */                                                                                                      \
    X(UNKNOWN_AMDGPU_TARGET, JIT,                                                                                      \
      "unknown or unsupported AMDGPU target '%s' for LLVM %s", (const char*, target, const char*, llvm_version))       \
    X(MALFORMED_AMDGPU_TARGET, JIT, "malformed AMDGPU target '%s'", (const char*, target))                             \
    X(LINKER_NOT_EXECUTABLE, HOST_TOOL_NOT_FOUND,                                                                      \
      "AMDGPU linker '%s' is not executable: %s", (const char*, path, const char*, why))                               \
    X(LINKER_NOT_FOUND, HOST_TOOL_NOT_FOUND,                                                                           \
      "host tool not found: ld.lld (tried %s and ld.lld on PATH; set desc.jit.ld_lld_path or OFFLOAD_JIT_LLD) is "     \
      "needed to link AMDGPU code objects", (const char*, tried))                                                      \
    X(LINKER_PIPE_FAILED, JIT, "pipe for ld.lld: %s", (const char*, why))                                              \
    X(LINKER_NOT_STARTED, JIT, "cannot execute the linker %s: %s", (const char*, path, const char*, why))              \
    X(LINKER_INPUT_NOT_WRITTEN, JIT, "writing the object for ld.lld: %s", (const char*, why))                          \
    X(LINK_FAILED, JIT,                                                                                                \
      "link with %s failed: %s%s%.*s",                                                                                 \
      (const char*, linker, const char*, why, const char*, separator, int, output_length, const char*, output))        \
    X(UNKNOWN_NVPTX_TARGET, JIT, "unknown or unsupported NVPTX target '%s'", (const char*, target))                    \
    X(LLVM_NOT_LOADED, JIT, "%s (set desc.jit.llvm_library_path or OFFLOAD_JIT_LLVM_LIBRARY)", (const char*, why))     \
    X(JIT_ORC_FAILED, JIT, "%s: %s", (const char*, what, const char*, why))                                            \
    X(JIT_UNDEFINED_SYMBOL, JIT,                                                                                       \
      "undefined symbol '%s' (neither in the module, the device library nor this process)", (const char*, name))       \
    X(JIT_PAYLOAD_KERNEL_MALFORMED, JIT,                                                                               \
      "malformed JIT payload: %s of '%s'", (const char*, part, const char*, kernel))                                   \
    X(JIT_PAYLOAD_MALFORMED, JIT, "malformed JIT payload", ())                                                         \
    X(JIT_SERVER_PAYLOAD_MALFORMED, JIT, "the compile returned a malformed payload", ())                               \
    X(JIT_SHARE_ISOLATED, INVALID_ARGUMENT,                                                                            \
      "desc.jit.share_compile_servers names another context's compile servers, but desc.jit.isolation (or "            \
      "OFFLOAD_JIT_ISOLATION) asks to compile in this process", ())                                                    \
    X(JIT_SHARE_NO_SERVER, INVALID_ARGUMENT,                                                                           \
      "desc.jit.share_compile_servers: that context has no compile server to share: its compiles run %.300s",          \
      (const char*, how))                                                                                              \
    X(JIT_SHARE_OTHER_SERVER, INVALID_ARGUMENT,                                                                        \
      "desc.jit.compiler_path (or OFFLOAD_JIT_COMPILER) %.200s is not the compile server "                             \
      "desc.jit.share_compile_servers shares, %.200s", (const char*, compiler, const char*, shared))                   \
    X(JIT_SHARE_OTHER_LLVM, INVALID_ARGUMENT,                                                                          \
      "this context's LLVM library %.200s is not the one the compile servers of desc.jit.share_compile_servers "       \
      "load, %.200s", (const char*, llvm, const char*, shared))                                                        \
    X(JIT_OPT_LEVEL, INVALID_ARGUMENT,                                                                                 \
      "desc.jit.opt_level %d is not an offload_jit_opt_level", (int, opt_level))                                       \
    X(JIT_TRIPLE_MISMATCH, JIT, "%s", (const char*, why))                                                              \
    X(JIT_NO_TARGET, JIT, "no JIT target for backend %d", (int, backend))                                              \
    X(JIT_SERVER_PIPES, JIT, "pipes for the compile server: %s", (const char*, why))                                   \
    X(JIT_SERVER_NOT_STARTED, JIT, "cannot start the compile server %s: %s", (const char*, path, const char*, why))    \
    X(JIT_SERVER_MISMATCH, JIT,                                                                                        \
      "the compile server %s did not answer as '%s' does (it said '%s'): is it built from the same runtime and "       \
      "LLVM?", (const char*, path, const char*, expected, const char*, answer))                                        \
    X(JIT_SERVER_NOT_FOUND, HOST_TOOL_NOT_FOUND,                                                                       \
      "host tool not found: the compile server (looked for %s); set desc.jit.compiler_path or "                        \
      "OFFLOAD_JIT_COMPILER, or OFFLOAD_JIT_ISOLATION=none to compile in-process", (const char*, searched))            \
    /* a compile's failures, each with the reason the compile wrote (the kernel, the function, LLVM's words):          \
       JIT_IR_INVALID (does not parse or verify), JIT_IR_FROM_NEWER_LLVM, JIT_NO_TARGET_MACHINE,                       \
       JIT_PROCESSOR_MISMATCH (built for another processor), JIT_CODE_OBJECT_VERSION (AMDGPU),                         \
       JIT_LIBRARY_LINK_FAILED, JIT_VENDOR_LIBRARY_MISSING (libdevice, ROCm's device libraries),                       \
       JIT_HOST_KERNEL_REFUSED (a shape the host cannot run as a GPU would), JIT_CUDA_UNSUPPORTED (no host             \
       mapping), JIT_CODEGEN_FAILED (optimisation or code generation), JIT_UNDEFINED_SYMBOL, OUT_OF_HOST_MEMORY,       \
       LLVM_NOT_LOADED (in a compile server), and JIT_COMPILE_FAILED for any other (a malformed job) */                \
    X(JIT_COMPILE_FAILED, JIT, "%s", (const char*, why))                                                               \
    X(JIT_IR_INVALID, JIT, "%s", (const char*, reason))                                                                \
    X(JIT_IR_FROM_NEWER_LLVM, JIT, "%s", (const char*, reason))                                                        \
    X(JIT_NO_TARGET_MACHINE, JIT, "%s", (const char*, reason))                                                         \
    X(JIT_PROCESSOR_MISMATCH, JIT, "%s", (const char*, reason))                                                        \
    X(JIT_CODE_OBJECT_VERSION, JIT, "%s", (const char*, reason))                                                       \
    X(JIT_LIBRARY_LINK_FAILED, JIT, "%s", (const char*, reason))                                                       \
    X(JIT_VENDOR_LIBRARY_MISSING, JIT, "%s", (const char*, reason))                                                    \
    X(JIT_HOST_KERNEL_REFUSED, JIT, "%s", (const char*, reason))                                                       \
    X(JIT_CUDA_UNSUPPORTED, JIT, "%s", (const char*, reason))                                                          \
    X(JIT_CODEGEN_FAILED, JIT, "%s", (const char*, reason))                                                            \
    X(JIT_SERVER_FAILED, JIT, "compile for %s %s: %s", (const char*, triple, const char*, cpu, const char*, why))      \
    X(JIT_LEFT_OUT, JIT_UNAVAILABLE, "this build leaves the JIT out (OFFLOAD_NO_JIT)", ())                             \
    /* the host device */                                                                                              \
    X(HOST_BLOCK_MEMORY, OUT_OF_HOST_MEMORY,                                                                           \
      "block memory: %zu bytes of shared memory, %zu of static shared memory and %zu of scratch per thread for %u "    \
      "x %u x %u threads",                                                                                             \
      (size_t, shared, size_t, static_shared, size_t, scratch, unsigned, x, unsigned, y, unsigned, z))                 \
    X(MEMCHECK_INVALID_ACCESS, LAUNCH_FAILED, "%s", (const char*, report))                                             \
    X(RACECHECK_HAZARD, LAUNCH_FAILED, "%s", (const char*, report))                                                    \
    X(INITCHECK_UNWRITTEN, LAUNCH_FAILED, "%s", (const char*, report))                                                 \
    X(SYNCCHECK_DIVERGENCE, LAUNCH_FAILED, "%s", (const char*, report))                                                \
    X(HOST_CHECK_OUT_OF_MEMORY, LAUNCH_FAILED, "%s", (const char*, report))                                            \
    X(BARRIER_DIVERGENCE, LAUNCH_FAILED,                                                                               \
      "kernel '%s', block (%u, %u, %u): its threads did not all wait at the same barrier (a barrier under a branch "   \
      "or loop that differs between threads, or a warp operation whose mask names lanes waiting elsewhere)",         \
      (const char*, kernel, unsigned, x, unsigned, y, unsigned, z))                                                    \
    X(HOST_DEVICE_MEMORY, OUT_OF_DEVICE_MEMORY, "the host device has no memory for %zu bytes", (size_t, size))         \
    X(HOST_IMAGE_MACHINE, INVALID_IMAGE,                                                                               \
      "host image: ELF machine %u is not this CPU's (%u)", (unsigned, machine, unsigned, expected))                    \
    X(HOST_IMAGE_STATIC, UNSUPPORTED,                                                                                  \
      "host shared-object image: statically linked executable: dlopen cannot load it here (a host symbol table can)",  \
      ())                                                                                                              \
    X(HOST_IMAGE_NOT_WRITTEN, IO, "writing the image to a memfd: %s", (const char*, why))                              \
    X(HOST_LIBRARY_STILL_LOADED, BUSY, "a library named %s is still loaded", (const char*, name))                      \
    X(HOST_IMAGE_NOT_LOADED, INVALID_IMAGE, "host image: %s", (const char*, why))                                      \
    X(HOST_ENTRIES_UNSUPPORTED, UNSUPPORTED, "host entries are not implemented on this CPU", ())                       \
    X(NOT_A_HOST_ENTRY, INVALID_ARGUMENT, "'%s' is a block kernel, not a host entry", (const char*, name))             \
    /* device-to-host calls */                                                                                         \
    X(RPC_OUTPUT_SIZE, INVALID_ARGUMENT,                                                                               \
      "desc.rpc.output_size %u is larger than the %u bytes an output buffer may have",                                 \
      (unsigned, size, unsigned, limit))                                                                               \
    X(RPC_WARP_TOO_WIDE, UNSUPPORTED,                                                                                  \
      "RPC: %s has %u lanes per warp, more than %u", (const char*, device, unsigned, lanes, unsigned, limit))          \
    X(RPC_CLIENT_SIZE, INVALID_IMAGE,                                                                                  \
      "the program's %s has %zu bytes, the RPC client needs %zu", (const char*, global, size_t, size, size_t, needed)) \
    X(RPC_MALFORMED_REQUEST, INVALID_ARGUMENT, "malformed %s request of %zu bytes", (const char*, what, size_t, size)) \
    X(RPC_BAD_PRINTF, INVALID_ARGUMENT, "printf(\"%.80s\") with %u argument bytes: %s",                                \
      (const char*, format, unsigned, argument_bytes, const char*, why))                                               \
    X(RPC_OUTPUT_LOST, OUT_OF_HOST_MEMORY, "%zu bytes of output lost: out of host memory", (size_t, size))             \
    X(RPC_OUTPUT_OVERWRITTEN, INVALID_ARGUMENT,                                                                        \
      "the output buffer holds a malformed record (size %u, length %u) at %llu: a kernel wrote over it; output is "    \
      "lost until no launch runs on the device",                                                                       \
      (unsigned, size, unsigned, length, unsigned long long, position))                                                \
    X(RPC_UNKNOWN_OUTPUT_OPCODE, INVALID_ARGUMENT, "unknown opcode %u in the output buffer", (unsigned, opcode))       \
    X(RPC_BAD_FREE, INVALID_ARGUMENT,                                                                                  \
      "free(%#llx) from a kernel: %s", (unsigned long long, address, const char*, why))                                \
    X(RPC_NO_HOST_FUNCTION, NOT_FOUND, "no host function is registered with id %u", (unsigned, id))                    \
    X(RPC_KERNEL_ABORT, LAUNCH_FAILED, "kernel called abort: %.*s", (int, length, const char*, text))                  \
    X(RPC_KERNEL_ASSERT, LAUNCH_FAILED, "%.*s", (int, length, const char*, message))                                   \
    X(RPC_UNKNOWN_OPCODE, INVALID_ARGUMENT, "unknown opcode %u on port %u", (unsigned, opcode, unsigned, port))        \
    X(RPC_REQUEST_TOO_LARGE, INVALID_ARGUMENT,                                                                         \
      "a request of %u bytes (opcode %u, port %u) exceeds the %zu bytes of a slot",                                    \
      (unsigned, size, unsigned, opcode, unsigned, port, size_t, capacity))                                            \
    X(RPC_LEFT_OUT, UNSUPPORTED, "this build leaves device-to-host calls out (OFFLOAD_NO_RPC)", ())                    \
    X(RPC_CLIENT_LEFT_OUT, UNSUPPORTED,                                                                                \
      "the program defines offload_rpc_client (it calls the host), but this build leaves device-to-host calls out "    \
      "(OFFLOAD_NO_RPC)", ())                                                                                          \
    /* recording */                                                                                                    \
    /* a context asked to record that comes up without recording, and why */                                           \
    X(RECORD_DEVICE_INDEX, INVALID_ARGUMENT,                                                                           \
      "record & replay: device index %d does not exist (%u devices); recording is off", (int, index, unsigned, count)) \
    X(RECORD_DIR_NOT_WRITABLE, IO,                                                                                     \
      "record & replay: cannot write to the recording directory '%s': %s; recording is off",                           \
      (const char*, dir, const char*, why))                                                                            \
    X(RECORD_NO_FIXED_ADDRESS_MEMORY, UNSUPPORTED,                                                                     \
      "record & replay: %s has no fixed-address virtual memory; recording is off", (const char*, device))              \
    X(RECORD_ARENA_IMPOSSIBLE, INVALID_ARGUMENT,                                                                       \
      "record & replay: an arena of %llu bytes at 0x%llx is not possible (address a multiple of %llu, size at most "   \
      "%llu); recording is off",                                                                                       \
      (unsigned long long, size, unsigned long long, address, unsigned long long, granule, unsigned long long, most))  \
    X(RECORD_ARENA_NOT_RESERVED, OUT_OF_DEVICE_MEMORY,                                                                 \
      "record & replay: cannot reserve the arena (%llu bytes at 0x%llx) on %.200s: %.200s; recording is off",          \
      (unsigned long long, size, unsigned long long, address, const char*, device, const char*, why))                  \
    X(RECORD_LEFT_OUT_AT_CREATE, UNSUPPORTED,                                                                          \
      "record & replay: this build leaves record & replay out (OFFLOAD_NO_RECORD); recording is off", ())              \
    X(RECORD_ARENA_FULL, OUT_OF_DEVICE_MEMORY,                                                                         \
      "the recording arena (%llu bytes) has no room for %zu bytes; raise OFFLOAD_RECORD_ARENA_SIZE",                   \
      (unsigned long long, arena_size, size_t, size))                                                                  \
    X(NOT_AN_ARENA_ALLOCATION, INVALID_ARGUMENT,                                                                       \
      "%p is not an allocation of the recording arena", (const void*, pointer))                                        \
    X(RECORD_LEFT_OUT, UNSUPPORTED, "this build leaves record & replay out (OFFLOAD_NO_RECORD)", ())                   \
    X(RECORD_WRITE_FAILED, IO,                                                                                         \
      "record & replay: cannot write an entry into '%s' (%s); no further launches are recorded",                       \
      (const char*, dir, const char*, why))                                                                            \
    /* replay */                                                                                                       \
    X(REPLAY_DEVICE_INVALID, INVALID_HANDLE, "desc.device %u is not a device of this context", (unsigned, device))     \
    X(REPLAY_DEVICE_KIND, INVALID_ARGUMENT,                                                                            \
      "the entry was recorded on a %s device; device %u is %s",                                                        \
      (const char*, recorded, unsigned, device, const char*, kind))                                                    \
    X(REPLAY_NO_DEVICE, NO_BACKEND,                                                                                    \
      "the entry needs a %s device and there is none here (%s)", (const char*, kind, const char*, why))                \
    X(REPLAY_NO_OUTPUT, INVALID_ARGUMENT,                                                                              \
      "the entry holds no recorded output to verify against (record with OFFLOAD_RECORD_OUTPUT=1)", ())                \
    X(REPLAY_POINTER_OUTSIDE, UNSUPPORTED,                                                                             \
      "the launch passed %u argument word%s pointing outside the recording arena (the first at byte %u: 0x%llx), "     \
      "into memory of the recording process that the entry does not hold (the program's own host memory, e.g. "        \
      "OpenMP under 'requires unified_shared_memory', or a variable of the loaded image): it cannot be replayed",      \
      (unsigned, count, const char*, plural, unsigned, byte, unsigned long long, word))                                \
    X(REPLAY_IMAGE_PAIR, INVALID_ARGUMENT, "desc.image and desc.image_size go together (both set or both 0)", ())      \
    X(RECORDING_IS_A_FILE, INVALID_ARGUMENT,                                                                           \
      "'%.300s' is a file; a recording is an entry directory or its manifest.json", (const char*, path))               \
    X(RECORDING_UNREADABLE, INVALID_IMAGE, "recording '%.150s': %.340s", (const char*, path, const char*, why))        \
    X(RECORDING_OTHER_CONTEXT, INVALID_ARGUMENT, "the recording was opened with another context", ())                  \
    X(RECORDING_GLOBAL_INDEX, INVALID_ARGUMENT,                                                                        \
      "global %u of a recording with %u globals", (unsigned, index, unsigned, count))                                  \
    /* remote devices */                                                                                               \
    X(REMOTE_SERVER_FAILED, DEVICE_LOST,                                                                               \
      "remote server rank %d, %s: %s", (int, rank, const char*, operation, const char*, why))                          \
    X(REMOTE_SERVER_LOST, DEVICE_LOST, "remote server rank %d is lost (%s)", (int, rank, const char*, why))            \
    X(REMOTE_CALL_FAILED, BACKEND,                                                                                     \
      "%s on remote rank %d: %.*s", (const char*, operation, int, rank, int, length, const char*, message))            \
    /* a remote server's own refusals (the client raises them with the server's kind) */                               \
    X(REMOTE_NO_ALLOCATION, INVALID_ARGUMENT,                                                                          \
      "bytes [%#llx, +%llu) are in no allocation or global of this server",                                            \
      (unsigned long long, address, unsigned long long, size))                                                         \
    X(REMOTE_OTHER_DEVICE, INVALID_ARGUMENT, "%#llx belongs to device %u of this server, not %u",                      \
      (unsigned long long, address, unsigned, owner, unsigned, device))                                                \
    X(REMOTE_NO_DEVICE, INVALID_HANDLE, "device %llu does not exist (%u devices)",                                     \
      (unsigned long long, index, unsigned, count))                                                                    \
    X(REMOTE_NOT_AN_ALLOCATION, INVALID_ARGUMENT, "%#llx is no allocation of this session",                            \
      (unsigned long long, address))                                                                                   \
    X(REMOTE_RPC_CLIENT, NOT_FOUND, "the RPC client ('%s') is served on the remote rank", (const char*, name))         \
    X(REMOTE_SERVER_WITHOUT_CONTEXT, NO_BACKEND, "the server has no context: %s", (const char*, why))                  \
    X(REMOTE_MALFORMED_REQUEST, INVALID_ARGUMENT, "malformed request: %s", (const char*, why))                         \
    X(REMOTE_COPY_BYTES, BACKEND, "the bytes of a copy to the device: %s", (const char*, why))                         \
    X(REMOTE_BATCH_TOO_LARGE, OUT_OF_HOST_MEMORY,                                                                      \
      "a request of %zu bytes of a batch, and the %llu bytes after it", (size_t, size, unsigned long long, after))     \
    X(REMOTE_IMAGE_TOO_LARGE, UNSUPPORTED,                                                                             \
      "images of more than %zu bytes cannot be sent (%zu)", (size_t, limit, size_t, size))                             \
    X(REMOTE_NAME_TOO_LONG, INVALID_ARGUMENT, "name of %zu bytes (at most %d)", (size_t, length, int, limit))          \
    X(REMOTE_ARGS_TOO_LARGE, INVALID_ARGUMENT,                                                                         \
      "%zu argument bytes (at most %zu remotely)", (size_t, size, size_t, limit))                                      \
    X(REMOTE_NO_PEER, INVALID_ARGUMENT, "rank %d is no other server of this launch (servers: ranks 1 to %d)",            \
      (int, rank, int, last))                                                                                          \
    X(REMOTE_MEMORY_KIND, UNSUPPORTED,                                                                                 \
      "%s memory on a remote device: the server's memory is in another process, where this one cannot load or "      \
      "store it (only OFFLOAD_MEM_DEVICE)",                                                                            \
      (const char*, kind))                                                                                             \
    /* CUDA */                                                                                                         \
    X(CUDA_CALL_FAILED, BACKEND,                                                                                       \
      "%s failed: %s (%d): %s%s%s",                                                                                    \
      (const char*, call, const char*, error_name, int, error_code, const char*, error_text, const char*, separator,  \
       const char*, detail))                                                                                           \
    X(CUDA_DEVICE_NOT_OPENED, BACKEND,                                                                                 \
      "CUDA device %d (%s) cannot be opened: %s", (int, ordinal, const char*, name, const char*, why))                 \
    X(CUDA_DEVICE_LOST, DEVICE_LOST,                                                                                   \
      "CUDA device %d is lost after %s (%d)", (int, ordinal, const char*, call, int, error_code))                      \
    X(CUDA_WAIT_TIMEOUT, TIMEOUT,                                                                                      \
      "%s on CUDA device %d did not finish within %u ms (wait_timeout_ms); the kernel keeps running, CUDA cannot "     \
      "stop it", (const char*, work, int, ordinal, unsigned, milliseconds))                                            \
    X(CUDA_NO_MEMORY_POOLS, UNSUPPORTED,                                                                               \
      "%s has no memory pools (a driver before CUDA 11.2, or the device): a kernel's malloc of %zu bytes is not "      \
      "served by cuMemAlloc, which may wait for that kernel", (const char*, device, size_t, size))                     \
    /* AMDGPU (HSA) */                                                                                                 \
    X(HSA_CALL_FAILED, BACKEND, "%s: %s (0x%x)", (const char*, call, const char*, status_text, unsigned, status))      \
    X(AMDGPU_HARDWARE_EXCEPTION, DEVICE_LOST,                                                                          \
      "hardware exception on AMD GPU agent 0x%llx (%s): the GPU was reset and every queue of this process on it is "   \
      "gone, the device stays unusable", (unsigned long long, agent, const char*, reason))                             \
    X(AMDGPU_MEMORY_FAULT, LAUNCH_FAILED,                                                                              \
      "GPU memory fault at address 0x%llx (reason mask 0x%x) on AMD GPU agent 0x%llx: the GPU stopped every queue "    \
      "of this process, the device stays unusable",                                                                    \
      (unsigned long long, address, unsigned, reason_mask, unsigned long long, agent))                                 \
    X(AMDGPU_FAULT_STALL, LAUNCH_FAILED,                                                                               \
      "AMD GPU agent 0x%llx made no progress for %.1f s after a GPU fault in this process: ROCr reports one fault "    \
      "per process, so a fault on this GPU would go unreported",                                                       \
      (unsigned long long, agent, double, seconds))                                                                    \
    X(AMDGPU_ASYNC_COPY_FAILED, BACKEND, "an asynchronous copy failed", ())                                            \
    X(AMDGPU_WAIT_TIMEOUT, TIMEOUT, "waited %llu ms for the device", (unsigned long long, milliseconds))               \
    X(AMDGPU_QUEUE_FULL, TIMEOUT,                                                                                      \
      "the queue's %u packets stayed full for %llu ms", (unsigned, packets, unsigned long long, milliseconds))         \
    X(AMDGPU_CODE_OBJECT_MALFORMED, INVALID_IMAGE, "AMDGPU code object: %s", (const char*, why))                       \
    X(AMDGPU_METADATA_MALFORMED, INVALID_IMAGE, "malformed NT_AMDGPU_METADATA note", ())                               \
    X(AMDGPU_PRINTF_BUFFER, UNSUPPORTED,                                                                               \
      "kernel '%s' lists hidden_printf_buffer: it calls printf through ROCm's printf buffer, which this runtime "      \
      "does not provide (the kernel would write through a null pointer)", (const char*, kernel))                       \
    X(AMDGPU_HOSTCALL_BUFFER, UNSUPPORTED,                                                                             \
      "kernel '%s' lists hidden_hostcall_buffer: it may call a ROCm hostcall service (HIP printf, device malloc "      \
      "before code object v5), which this runtime does not provide (the kernel would use a null pointer); a kernel "   \
      "that calls none is compiled with optimisation, or with the amdgpu-no-hostcall-ptr attribute",                   \
      (const char*, kernel))                                                                                           \
    X(AMDGPU_GRID_TOO_LARGE, INVALID_ARGUMENT, "grid dimension %d too large", (int, dimension))                        \
    X(AMDGPU_GROUP_MEMORY_EXCEEDED, INVALID_ARGUMENT,                                                                  \
      "%llu bytes of group memory asked, the device has %llu",                                                         \
      (unsigned long long, asked, unsigned long long, available))                                                      \
    X(AMDGPU_KERNARG_ACCESS, BACKEND, "hsa_amd_agents_allow_access (kernarg)", ())                                     \
    X(AMDGPU_KERNARG_SIZE, INVALID_ARGUMENT,                                                                           \
      "%zu bytes of arguments, the kernel takes %zu", (size_t, given, size_t, taken))                                  \
    X(AMDGPU_NO_VMEM, UNSUPPORTED,                                                                                     \
      "this HSA runtime has no hsa_amd_vmem_* (ROCm 6.0 or newer is needed for fixed-address memory)", ())

/* clang-format on */

typedef enum offload_diagnostic {
    OFFLOAD_DIAG_NONE = 0, /* no error recorded on this thread */
#define OFFLOAD__DIAGNOSTIC_ENUM(id, result, text, parameters) OFFLOAD_DIAG_##id,
    OFFLOAD_DIAGNOSTIC_LIST(OFFLOAD__DIAGNOSTIC_ENUM)
#undef OFFLOAD__DIAGNOSTIC_ENUM
        OFFLOAD_DIAG_COUNT
} offload_diagnostic;

/* The kind's ID as text ("NULL_ARGUMENT"), "NONE" for OFFLOAD_DIAG_NONE; NULL outside the list. */
OFFLOAD_API const char* offload_diagnostic_name(offload_diagnostic diagnostic);

/* The result the kind's call returns (its RESULT in the list); OFFLOAD_SUCCESS for NONE, and
   OFFLOAD_ERROR_INVALID_ARGUMENT outside the list. */
OFFLOAD_API offload_result offload_diagnostic_result(offload_diagnostic diagnostic);

/* The kind's TEXT, the printf format of its message; NULL outside the list and for NONE. */
OFFLOAD_API const char* offload_diagnostic_text(offload_diagnostic diagnostic);

/* ---------------------------------------------------------------------------------------------
   Context
   ------------------------------------------------------------------------------------------- */

typedef struct offload_context offload_context;

typedef enum offload_backend {
    OFFLOAD_BACKEND_HOST = 0,
    OFFLOAD_BACKEND_CUDA = 1,
    OFFLOAD_BACKEND_AMDGPU = 2,
    OFFLOAD_BACKEND_REMOTE = 3, /* devices of other processes, served over MPI (offload_remote_desc) */
    OFFLOAD_BACKEND_COUNT = 4
} offload_backend;

/* Bits for offload_context_desc.backends. */
#define OFFLOAD_BACKEND_BIT(backend) (1u << (backend))

typedef enum offload_log_level {
    OFFLOAD_LOG_NONE = 0, /* default: nothing is logged */
    OFFLOAD_LOG_ERROR = 1,
    OFFLOAD_LOG_WARN = 2,
    OFFLOAD_LOG_INFO = 3,
    OFFLOAD_LOG_DEBUG = 4
} offload_log_level;

/* Receives one complete log line (no trailing newline). May be called from any thread. */
typedef void (*offload_log_fn)(offload_log_level level, const char* message, void* user_data);

/* Allocation callbacks used for every host allocation the context makes. Both or neither. */
typedef struct offload_allocator {
    void* (*alloc)(size_t size, void* user_data);
    void (*free)(void* ptr, void* user_data);
    void* user_data;
} offload_allocator;

typedef enum offload_jit_isolation {
    OFFLOAD_JIT_ISOLATION_DEFAULT = 0, /* = PROCESS when the compile server is found, else NONE (with a
                                          warning in the log) */
    OFFLOAD_JIT_ISOLATION_NONE = 1,    /* code generation in-process: a fatal LLVM error ends the process */
    OFFLOAD_JIT_ISOLATION_PROCESS = 2  /* code generation in a compile server (offload-jit-compiler, see
                                          offload_jit_compile_server), started with posix_spawn on first
                                          use (or with the context: start_compile_server) and kept, and
                                          shared where asked (share_compile_servers); a fatal LLVM error
                                          ends only the server and
                                          becomes OFFLOAD_ERROR_JIT. Never forks this process. The
                                          first compile of a context pays for starting the server and
                                          loading LLVM in it; LLVM is loaded into this process (dlopen,
                                          about 50 ms) only for an in-process compile or JIT-compiled host
                                          code, which ORC links here. For host code the server is started
                                          before that load, so that the two loads overlap (without a
                                          cache_dir; a persistent cache may make the compile needless).
                                          A fresh process that compiles saxpy for the host device and
                                          runs it took 96-104 ms from start to exit this way and 84-86 ms
                                          in-process, against 142-149 ms for opt -O3 and llc -O3 run on
                                          the same module (bench/bench_first_compile.c; 2-core x86-64,
                                          LLVM 22); later compiles reuse the server and the loaded LLVM. */
} offload_jit_isolation;

typedef enum offload_jit_opt_level {
    OFFLOAD_JIT_OPT_DEFAULT = 0, /* fits the input: default<O3> for portable IR (no triple); for IR built
                                    for the target, which a frontend has optimised, only the post-link
                                    pipeline (inlining of what the libraries added, reflect folding,
                                    dead-code removal). Code generation is at -O3 either way. */
    OFFLOAD_JIT_OPT_O0 = 1,
    OFFLOAD_JIT_OPT_O1 = 2,
    OFFLOAD_JIT_OPT_O2 = 3,
    OFFLOAD_JIT_OPT_O3 = 4
} offload_jit_opt_level;

/* JIT settings. Environment variables (when allowed) override the fields marked (env). */
typedef struct offload_jit_desc {
    offload_jit_opt_level opt_level; /* (env OFFLOAD_JIT_OPT_LEVEL = 0..3) */
    offload_jit_isolation isolation; /* (env OFFLOAD_JIT_ISOLATION = none|process) */
    const char* cache_dir;           /* persistent cache directory; NULL = memory only (env OFFLOAD_JIT_CACHE_DIR) */
    const char* ld_lld_path;         /* AMDGPU linker, for code objects the JIT does not link itself (one that
                                needs a dynamic relocation of its own contents, such as a global holding
                                another's address, or an undefined symbol; GOT entries, the RPC client's
                                included, and merged strings such as printf formats it links itself);
                                NULL = ld.lld-<llvm major>, then ld.lld on PATH (env OFFLOAD_JIT_LLD) */
    const char* dump_dir;            /* write IR before/after optimisation and the produced image here, as
                                        <key digest>.before.ll, .after.ll and .ptx/.hsaco/.o; a host module
                                        compiled in parts (compile_threads) as .after.partN.ll and .partN.o
                                        per part (env OFFLOAD_JIT_DUMP_DIR) */
    const char*
        replacement_ir_path;    /* compile this module instead of the one given (env OFFLOAD_JIT_REPLACEMENT_MODULE) */
    const char* compiler_path;  /* the compile server; NULL = offload-jit-compiler beside the binary holding the
                                        runtime, in its ../libexec or ../tools, or on PATH (env OFFLOAD_JIT_COMPILER) */
    const char* libdevice_path; /* NVIDIA's libdevice.10.bc; NULL = $CUDA_PATH, $CUDA_HOME, /usr/local/cuda
                                        (nvvm/libdevice/), /usr/lib/nvidia-cuda-toolkit/libdevice (env OFFLOAD_JIT_LIBDEVICE);
                                        "none" = never libdevice. On the host device, CUDA IR's __nv_* calls then
                                        go to the C library's math, as they do when the NULL lookup finds nothing
                                        (see "The host device also takes nvptx64 modules"); on NVIDIA a call to
                                        __nv_* is OFFLOAD_ERROR_JIT. A path that does not exist is an error */
    const char* rocm_device_libs;  /* directory of ROCm's ocml.bc, ockl.bc, oclc_*.bc; NULL = $ROCM_PATH/amdgcn/bitcode,
                                        /opt/rocm/amdgcn/bitcode, /usr/lib/<multiarch>/amdgcn/bitcode
                                        (env OFFLOAD_JIT_ROCM_DEVICE_LIBS) */
    int fast_math;                 /* vendor math may flush denormals and skip IEEE division/sqrt: __CUDA_FTZ=1,
                                        __CUDA_PREC_DIV/SQRT=0; ROCm's finite-only, unsafe-math, daz on, correctly
                                        rounded sqrt off (env OFFLOAD_JIT_FAST_MATH=1) */
    const char* llvm_library_path; /* the libLLVM the JIT opens (dlopen) on first use; NULL = the one the runtime
                                        was built for: OFFLOAD_LLVM_LIBRARY, else the soname of the LLVM version of
                                        its headers (env OFFLOAD_JIT_LLVM_LIBRARY) */
    offload_context* share_compile_servers; /* a live context whose compile servers this one uses, so
                                        that the contexts of a process start them, and load LLVM in
                                        them, once; they stay until the last context using them is
                                        destroyed (in any order; freed with the allocator of the
                                        context that started them). That context must compile in a
                                        compile server it found; this one's isolation must not be NONE
                                        and its compiler_path and llvm_library_path must be NULL or
                                        name the same files: else OFFLOAD_ERROR_INVALID_ARGUMENT. */
    int start_compile_server;               /* non-zero: start a compile server as the context is created and
                                        have it load LLVM at once, while the program goes on, instead of
                                        on the first compile; none is started where one is idle already
                                        (a shared one) (env OFFLOAD_JIT_START_SERVER=1). Both fields are
                                        ignored in a build without the JIT (OFFLOAD_NO_JIT), which
                                        compiles nothing. */
    /* Host modules of several kernels are optimised and compiled in parts side by side, a thread
       and an object per part (kernel k in part k mod n): n = compile_threads, never more than the
       module has kernels, at most 64; 0 = one per online CPU, at most 8; 1 = one object, compiled
       on the compiling thread (env OFFLOAD_JIT_THREADS). */
    uint32_t compile_threads;
} offload_jit_desc;

/* Record & replay settings: while record_dir is set, launches on the chosen device are captured. */
typedef struct offload_record_desc {
    const char* dir;        /* where entries are written; NULL = not recording (env OFFLOAD_RECORD_DIR) */
    int device_index;       /* which device records (index as in offload_device_get); default 0 = host */
    uint64_t arena_size;    /* bytes reserved for the fixed-address arena; 0 = 1 GiB (env OFFLOAD_RECORD_ARENA_SIZE) */
    uint64_t arena_address; /* requested arena address; 0 = a fixed default per backend */
    int save_output; /* non-zero: also store the arena after each launch, for --verify (env OFFLOAD_RECORD_OUTPUT) */
    const char*
        kernel_pattern; /* fnmatch(3) pattern: record only kernels whose name matches (env OFFLOAD_RECORD_KERNELS) */
    uint32_t
        max_per_kernel; /* record at most the first N launches of each kernel; 0 = all (env OFFLOAD_RECORD_MAX_PER_KERNEL) */
} offload_record_desc;

/* Receives device-side printf/puts/write output: each call gets whole lines (one or more, in the
   order the kernels wrote them), never part of one. It is called by one thread at a time, from the
   RPC server thread or from a thread that finishes or waits for a launch, and must not call the
   runtime. */
typedef void (*offload_output_fn)(const char* text, size_t length, void* user_data);

typedef struct offload_rpc_desc {
    offload_output_fn output; /* NULL = write to stdout */
    void* output_user_data;
    uint32_t port_count;  /* mailbox ports; 0 = sized from the device's parallelism */
    uint32_t output_size; /* bytes of each device's output buffer, where kernels' printf, puts and
                             write lines wait to be formatted: rounded up to a power of two, at
                             least 4 KiB, at most 1 GiB; 0 = 1 MiB (env OFFLOAD_RPC_OUTPUT_SIZE) */
} offload_rpc_desc;

/* Checks on the host device, in the spirit of NVIDIA's compute-sanitizer tools of the same names
   (offload_context_desc.host_checks). A checked kernel is compiled apart from the unchecked one;
   the first error a check finds stops the launch with OFFLOAD_ERROR_LAUNCH_FAILED and a report in
   the context's last error (and the log at error level). */
typedef enum offload_host_check {
    OFFLOAD_HOST_CHECK_MEMCHECK = 1u << 0,  /* loads and stores outside live allocations, the program's
                                               globals and the block's shared memory */
    OFFLOAD_HOST_CHECK_RACECHECK = 1u << 1, /* two threads of a block touching one byte between two
                                               barriers, one writing, not both atomically; two
                                               blocks touching one word of global memory likewise,
                                               unless both make atomic accesses */
    OFFLOAD_HOST_CHECK_SYNCCHECK = 1u << 2, /* a barrier some threads of a block reach and others not,
                                               reported per barrier with the threads at each */
    OFFLOAD_HOST_CHECK_INITCHECK = 1u << 3  /* a load of device memory (OFFLOAD_MEM_DEVICE of the host
                                               device) that no copy, fill or kernel wrote since it
                                               was allocated; what the host writes through the
                                               pointer is not seen */
} offload_host_check;

/* Remote devices: the devices of other MPI ranks, each running offload_remote_serve
   (tools/offload-remote-server), appear in this context as devices of their own. Off by default.
   The program must then be started by mpirun as rank 0 of an MPMD launch whose other ranks are
   all servers: `mpirun -np 1 ./app : -np 2 offload-remote-server`. MPI (Open MPI's libmpi.so.40
   or MPICH's libmpich.so.12, whose ABIs differ) is loaded with dlopen; MPI_Init_thread is called
   only when the program has not initialised MPI itself, and MPI_Finalize then at context
   teardown. */
typedef struct offload_remote_desc {
    int enable; /* non-zero: look for servers (env OFFLOAD_REMOTE=mpi; OFFLOAD_REMOTE=0 turns it off) */
    const char* mpi_library_path; /* NULL = Open MPI's libmpi.so.40 and libmpi.so first under Open MPI's
                                     mpirun, MPICH's libmpich.so.12 first under another launcher (env
                                     OFFLOAD_REMOTE_MPI_LIBRARY) */
    uint32_t timeout_ms;          /* bound on each wait for a server: one that does not answer within it is
                                     lost (OFFLOAD_ERROR_TIMEOUT, then OFFLOAD_ERROR_DEVICE_LOST on each later
                                     call on its devices). It covers the work waited for (a kernel, a JIT
                                     compile on the server). 0 = 60 s (env OFFLOAD_REMOTE_TIMEOUT_MS) */
    uint32_t batch_delay_us;      /* how long queued work (launches, fills, small copies) waits in the batch it
                                     travels in when nothing else sends that batch: then a thread of the
                                     context sends it, so the work starts on its server while the program
                                     goes on. 0 = 100 us; OFFLOAD_REMOTE_NO_BATCH_TIMER = never (the work
                                     starts when the program next waits for that server or the batch fills).
                                     Env OFFLOAD_REMOTE_BATCH_DELAY_US (microseconds, or "never"). The thread
                                     runs only where MPI allows calls from several threads
                                     (MPI_THREAD_SERIALIZED at least). */
} offload_remote_desc;

#define OFFLOAD_REMOTE_NO_BATCH_TIMER UINT32_MAX

typedef struct offload_context_desc {
    offload_allocator allocator;
    offload_log_fn log;
    void* log_user_data;
    offload_log_level log_level;   /* (env OFFLOAD_DEBUG=1..4; without `log`, lines then go to stderr
                                      as "offload: LEVEL: message") */
    uint32_t backends;             /* OFFLOAD_BACKEND_BIT() mask; 0 = all compiled in. The host backend is always on. */
    const char* cuda_library_path; /* NULL = libcuda.so.1 then libcuda.so (env OFFLOAD_CUDA_LIBRARY) */
    const char* hsa_library_path;  /* NULL = libhsa-runtime64.so.1 then libhsa-runtime64.so (env OFFLOAD_HSA_LIBRARY) */
    int no_environment;            /* non-zero: never read environment variables */
    uint32_t host_threads;         /* host worker threads; 0 = one per online CPU (env OFFLOAD_HOST_THREADS) */
    int no_memory_cache;           /* non-zero: every allocation goes to the backend (env OFFLOAD_MEMORY_CACHE=0) */
    size_t memory_cache_max_size;  /* largest size served from the cache; 0 = 1 MiB */
    uint32_t wait_timeout_ms;      /* bound on each wait for a CUDA or AMDGPU device (a hung kernel becomes
                                      OFFLOAD_ERROR_TIMEOUT); 0 = no bound, as CUDA, HIP and LLVM wait for
                                      kernels (env OFFLOAD_WAIT_TIMEOUT_MS; UINT32_MAX also means none).
                                      A faulting or failed kernel ends a wait without it. The kernel keeps
                                      running (no driver can stop it); on CUDA, memory freed meanwhile is
                                      given back once it ends. The host backend's waits are not bounded
                                      by it. On CUDA a wait without a bound blocks in the driver (no CPU
                                      time) once the work has run 50 us; with one it polls, sleeping up
                                      to 1 ms between queries. */
    uint32_t host_checks;          /* OFFLOAD_HOST_CHECK_* mask: checks built into the kernels the JIT compiles
                                      for the host device (docs/host-kernels.md, "Checks"); 0 = none, at no
                                      cost. The environment adds to it (env OFFLOAD_HOST_CHECK=memcheck,
                                      racecheck,synccheck,initcheck). A bit that names no check, or an
                                      unknown name, fails context creation with OFFLOAD_ERROR_INVALID_ARGUMENT. */
    uint32_t amdgpu_stack_size;    /* private bytes per work-item given to AMDGPU kernels with a dynamic
                                      call stack (recursion, indirect calls); 0 = 16 KiB (env
                                      OFFLOAD_AMDGPU_STACK_SIZE) */
    offload_jit_desc jit;
    offload_record_desc record;
    offload_rpc_desc rpc;
    offload_remote_desc remote;
} offload_context_desc;

/* Creates a context: loads each requested backend (a backend that cannot load is recorded with
   its reason, not an error) and enumerates devices. The host device is always device 0.
   desc may be NULL for all defaults. On failure *out is NULL and nothing is left allocated. */
OFFLOAD_API offload_result offload_context_create(const offload_context_desc* desc, offload_context** out);

/* Waits for all queued work, then releases everything the context owns: queues, events,
   programs, record & replay, RPC, memory, device contexts, libraries. NULL is accepted. */
OFFLOAD_API offload_result offload_context_destroy(offload_context* ctx);

/* The message of the last error raised on this thread in ctx ("" if none). The pointer stays
   valid until this thread's next failing call on ctx. ctx may be NULL: a static message. */
OFFLOAD_API const char* offload_context_last_error(offload_context* ctx);

/* The kind of the last error raised on this thread in ctx (OFFLOAD_DIAG_NONE if none): what the
   message of offload_context_last_error() says, as a value to compare (see "Diagnostics"). */
OFFLOAD_API offload_diagnostic offload_context_last_diagnostic(offload_context* ctx);

/* The driver's own result code behind the last error raised on this thread in ctx (a CUresult
   for the CUDA backend), or 0 when that error did not come from a driver call. After
   OFFLOAD_ERROR_DEVICE_LOST it is the error that lost the device (a kernel's fault, such as
   CUDA_ERROR_ASSERT), which a CUDA runtime reports with the same number. */
OFFLOAD_API int64_t offload_context_last_native_error(offload_context* ctx);

/* ---------------------------------------------------------------------------------------------
   Backends and devices
   ------------------------------------------------------------------------------------------- */

typedef struct offload_backend_status {
    int loaded;            /* non-zero when the backend initialised (it may still have zero devices) */
    offload_result result; /* OFFLOAD_SUCCESS, or why it is absent (NO_BACKEND, BACKEND, ...) */
    char reason[256];      /* human readable: "library not found: libcuda.so.1: ...", "stub driver", ... */
    char library[256];     /* the library path that was loaded or last tried */
    uint32_t device_count;
    int driver_version; /* as the driver reports it (CUDA: 1000*major+10*minor; 0 if unknown) */
} offload_backend_status;

OFFLOAD_API const char* offload_backend_name(offload_backend backend);
OFFLOAD_API offload_result offload_backend_get_status(offload_context* ctx, offload_backend backend,
                                                      offload_backend_status* out);

typedef struct offload_device {
    uint32_t id;
} offload_device;

typedef struct offload_device_info {
    offload_backend backend;
    char name[256];
    char vendor[64];
    char arch[64]; /* "sm_90", "gfx90a", or the host CPU ("x86-64" + model) */
    uint64_t memory_bytes;
    uint32_t compute_units;  /* SMs, CUs, or CPU cores */
    uint32_t max_block_size; /* threads per block */
    uint32_t max_block_dims[3];
    uint32_t max_grid_dims[3];
    uint32_t warp_size;          /* 32, 64, or 1 on the host */
    uint64_t max_shared_memory;  /* shared memory per block: a launch's dynamic plus the kernel's static */
    int supports_shared_memory;  /* OFFLOAD_MEM_SHARED (managed) allocations are available */
    int supports_virtual_memory; /* fixed-address arenas (record & replay) */
    /* A remote device (backend OFFLOAD_BACKEND_REMOTE): the MPI rank that serves it, its index
       among that rank's devices, and its backend there. All zero for a local device. */
    int remote_rank;
    uint32_t remote_index;
    offload_backend remote_backend;
} offload_device_info;

OFFLOAD_API offload_result offload_device_count(offload_context* ctx, uint32_t* count);
/* index 0 is the host device; GPUs follow in backend order (CUDA, then AMDGPU). */
OFFLOAD_API offload_result offload_device_get(offload_context* ctx, uint32_t index, offload_device* out);
/* The best device for compute: the first GPU, or the host when there is none. */
OFFLOAD_API offload_result offload_device_best(offload_context* ctx, offload_device* out);
OFFLOAD_API offload_result offload_device_get_info(offload_context* ctx, offload_device device,
                                                   offload_device_info* out);

/* ---------------------------------------------------------------------------------------------
   Memory. Device memory is a plain pointer, as in CUDA. Copies name the device on each side;
   plain (unregistered) host memory is named by the host device.
   ------------------------------------------------------------------------------------------- */

typedef enum offload_mem_kind {
    OFFLOAD_MEM_DEVICE = 1, /* device-local memory */
    OFFLOAD_MEM_HOST = 2,   /* host memory the device can reach (pinned where the backend has it) */
    OFFLOAD_MEM_SHARED = 3  /* managed memory, migrated between host and device */
} offload_mem_kind;

/* Allocates size bytes (size > 0) aligned to at least 256 bytes. OFFLOAD_MEM_DEVICE larger than the
   device's memory fails at once with OFFLOAD_ERROR_OUT_OF_DEVICE_MEMORY; HOST and SHARED are not
   bounded by it (pinned memory is host memory; managed memory may oversubscribe the device). */
OFFLOAD_API offload_result offload_mem_alloc(offload_context* ctx, offload_device device, offload_mem_kind kind,
                                             size_t size, void** out);
/* Frees memory from offload_mem_alloc. NULL is accepted; any other unknown pointer is an error. */
OFFLOAD_API offload_result offload_mem_free(offload_context* ctx, void* ptr);

typedef struct offload_mem_info {
    offload_device device;
    offload_mem_kind kind;
    void* base;  /* start of the allocation holding the pointer */
    size_t size; /* its size as requested */
} offload_mem_info;
/* Which allocation (device, kind, range) holds ptr; ptr may point inside it. NOT_FOUND otherwise. */
OFFLOAD_API offload_result offload_mem_get_info(offload_context* ctx, const void* ptr, offload_mem_info* out);

typedef struct offload_queue {
    uint32_t id;
} offload_queue;
typedef struct offload_event {
    uint32_t id;
} offload_event;

/* Copies size bytes; returns when the copy is complete. */
OFFLOAD_API offload_result offload_memcpy(offload_context* ctx, offload_device dst_device, void* dst,
                                          offload_device src_device, const void* src, size_t size);
/* Enqueues the copy on queue; host memory must stay valid until it is done. The queue must be on
   the device that runs the copy: the GPU for a copy between it and the host (or within it), the
   destination for a copy between two GPUs of one backend, the host device for a copy between two
   host buffers. A copy between devices of two backends is staged through the host and only
   offload_memcpy makes it. Another queue is INVALID_ARGUMENT, naming the device the copy needs.
   Between two NVIDIA GPUs, the first copy in a direction switches on the driver's peer access
   for that direction only (the destination's context reaching the source's memory) where the
   hardware allows it; otherwise the driver stages the copy through the host. Opening a device
   switches on none, so an application may enable peer access in the primary contexts itself;
   a kernel is promised no access to another GPU's memory. */
OFFLOAD_API offload_result offload_memcpy_async(offload_context* ctx, offload_queue queue, offload_device dst_device,
                                                void* dst, offload_device src_device, const void* src, size_t size);
/* Fills size bytes at ptr with a repeated pattern of pattern_size bytes (1, 2 or 4); ptr and size
   must be multiples of pattern_size. queue.id == 0 runs it synchronously. On an AMD GPU a queued
   fill also returns only once it is done: it first waits, on the calling thread, for the queue's
   earlier work (the HSA runtime's fill is synchronous). */
OFFLOAD_API offload_result offload_memfill(offload_context* ctx, offload_queue queue, offload_device device, void* ptr,
                                           const void* pattern, size_t pattern_size, size_t size);

/* ---------------------------------------------------------------------------------------------
   Queues and events. A queue is in order; work on different queues may overlap. Events order
   work across queues.
   ------------------------------------------------------------------------------------------- */

OFFLOAD_API offload_result offload_queue_create(offload_context* ctx, offload_device device, offload_queue* out);
/* Waits for the queue's work, then destroys it. */
OFFLOAD_API offload_result offload_queue_destroy(offload_context* ctx, offload_queue queue);
/* Waits until all work enqueued so far has finished; reports the first failure of that work. On
   the host device, work the queue's thread has not started yet runs on the calling thread
   instead of waiting for it (host callbacks excepted), in the queue's order. */
OFFLOAD_API offload_result offload_queue_synchronize(offload_context* ctx, offload_queue queue);
/* OFFLOAD_SUCCESS when the queue is idle, OFFLOAD_ERROR_NOT_READY while work is pending. */
OFFLOAD_API offload_result offload_queue_query(offload_context* ctx, offload_queue queue);
/* Later work on queue waits until event has completed. The event may belong to another queue of
   the same backend (the wait is enqueued, the call returns at once); for an event of another
   backend (a CUDA event and a host queue, say) the call itself waits for the event. */
OFFLOAD_API offload_result offload_queue_wait_event(offload_context* ctx, offload_queue queue, offload_event event);

typedef void (*offload_host_callback_fn)(void* user_data);
/* Runs fn(user_data) on a runtime or driver thread once earlier work on queue is done; later
   work on the queue waits for it. fn must not call functions of this context: on CUDA it runs on
   the driver's own thread, where driver calls fail. Hand work off to another thread instead. */
OFFLOAD_API offload_result offload_queue_host_callback(offload_context* ctx, offload_queue queue,
                                                       offload_host_callback_fn fn, void* user_data);

OFFLOAD_API offload_result offload_event_create(offload_context* ctx, offload_device device, offload_event* out);
/* Returns at once, also while a record of the event or a wait for it is still queued: the
   queues finish those, and the event's resources go when the last of them has run. */
OFFLOAD_API offload_result offload_event_destroy(offload_context* ctx, offload_event event);
/* Captures the point in queue reached by the work enqueued so far. */
OFFLOAD_API offload_result offload_event_record(offload_context* ctx, offload_event event, offload_queue queue);
OFFLOAD_API offload_result offload_event_synchronize(offload_context* ctx, offload_event event);
/* OFFLOAD_SUCCESS once reached, OFFLOAD_ERROR_NOT_READY before. */
OFFLOAD_API offload_result offload_event_query(offload_context* ctx, offload_event event);
/* Milliseconds between two completed events of one device. */
OFFLOAD_API offload_result offload_event_elapsed_time(offload_context* ctx, offload_event start, offload_event end,
                                                      float* milliseconds);

/* ---------------------------------------------------------------------------------------------
   Programs, kernels, globals
   ------------------------------------------------------------------------------------------- */

typedef enum offload_image_format {
    OFFLOAD_IMAGE_UNKNOWN = 0,
    OFFLOAD_IMAGE_HOST_ELF,     /* host shared object for this CPU (ET_DYN) */
    OFFLOAD_IMAGE_CUBIN,        /* ELF, EM_CUDA */
    OFFLOAD_IMAGE_FATBIN,       /* NVIDIA fat binary */
    OFFLOAD_IMAGE_PTX,          /* PTX text */
    OFFLOAD_IMAGE_AMDGPU_ELF,   /* ELF, EM_AMDGPU code object */
    OFFLOAD_IMAGE_LLVM_BITCODE, /* raw or wrapped LLVM bitcode */
    OFFLOAD_IMAGE_LLVM_IR,      /* LLVM IR text */
    OFFLOAD_IMAGE_HOST_TABLE    /* no image: a table of host symbols (offload_program_desc.host_symbols) */
} offload_image_format;

/* Detects an image's format from its first bytes. */
OFFLOAD_API offload_image_format offload_image_detect(const void* image, size_t size);
OFFLOAD_API const char* offload_image_format_name(offload_image_format format);

/* Host kernel ABIs. The host device runs a kernel in one of two forms.

   Per thread: void kernel(const void* args, const offload_host_thread* thread), called once per
   thread of the grid. `args` is the launch's packed argument buffer; `thread` holds the ids of
   this call. The threads of one block run one after another, in order of (x, y, z) thread id,
   on one worker thread; blocks are spread over the workers. Such a function cannot wait at a
   barrier: a kernel whose threads communicate through shared memory across a barrier must be
   written per block.

   Per block (a work-group function): int kernel(const void* args, const offload_host_block* block),
   called once per block, runs every thread of it — typically as loops over the thread ids, which
   the compiler can vectorise, with barriers between loops. Blocks are spread over the workers;
   one block runs on one worker from start to end. It returns 0, or nonzero when the block could
   not run correctly (its threads disagreed about which barrier to wait at): the launch then fails
   with OFFLOAD_ERROR_LAUNCH_FAILED naming the kernel and the block. This is the form the JIT
   compiles every host kernel into (see "Portable kernels"), so barriers there have GPU semantics.
   `static_shared_memory` (its size given in the kernel's symbol) is per block and uninitialised,
   as shared memory is on a GPU; `thread_scratch` is threads * the symbol's thread_scratch bytes
   of per-block working memory (kept per thread across barriers); both are aligned to 64 bytes
   and NULL when their size is 0. The launch's dynamic shared memory (`shared_memory`) is zeroed
   before each block, in both forms. */
typedef struct offload_host_thread {
    uint32_t thread_id[3];
    uint32_t block_id[3];
    uint32_t block_dim[3];
    uint32_t grid_dim[3];
    void* shared_memory; /* the launch's dynamic shared memory for this block */
} offload_host_thread;
typedef void (*offload_host_kernel_fn)(const void* args, const offload_host_thread* thread);

typedef struct offload_host_block {
    uint32_t block_id[3];
    uint32_t block_dim[3];
    uint32_t grid_dim[3];
    void* shared_memory;        /* the launch's dynamic shared memory for this block */
    void* static_shared_memory; /* the kernel's own shared memory (offload_host_symbol) */
    void* thread_scratch;       /* block_dim[0] * block_dim[1] * block_dim[2] * thread_scratch bytes */
    void* checks;               /* the runtime's state for kernels the JIT compiled with checks
                                   (offload_context_desc.host_checks), else NULL; others ignore it */
} offload_host_block;
typedef int (*offload_host_block_fn)(const void* args, const offload_host_block* block);
/* A block kernel's range (optional, offload_host_symbol.block_range): given the packed arguments
   and the launch's block_dim and grid_dim (block_id and the memory fields are 0), writes per
   dimension d the global thread ids [range[d], range[3 + d]) outside which a thread does nothing
   (global id = block_id[d] * block_dim[d] + thread_id[d]). The host device does not run a block
   none of whose threads lie inside all three; a wider range is always right, a narrower one
   loses work. The JIT makes one for kernels that start with a guard on the global id
   (`if (i >= n) return;`). */
typedef void (*offload_host_block_range_fn)(const void* args, const offload_host_block* launch, int64_t range[6]);

/* Where one parameter of a kernel lies in the packed argument buffer offload_launch takes: its
   byte offset and size. A struct passed by value is one parameter (its whole size, at its
   declared alignment). Lets a caller that holds each argument's value apart (a CUDA runtime's
   void** args, a language binding) pack the buffer for any kernel. */
typedef struct offload_kernel_param {
    uint32_t offset;
    uint32_t size;
} offload_kernel_param;

/* One entry of a host symbol table: a kernel (`kernel` or `block_kernel` set) or a global
   variable (`address` and `size` of its storage). A block kernel's static shared memory counts
   against the device's max_shared_memory together with the launch's dynamic shared memory. */
typedef struct offload_host_symbol {
    const char* name;
    offload_host_kernel_fn kernel;
    void* address;
    size_t size;
    offload_host_block_fn block_kernel;
    size_t static_shared_memory; /* block kernels: bytes per block */
    size_t thread_scratch;       /* block kernels: bytes per thread */
    size_t args_size;            /* kernels: bytes of the packed parameters when known, else 0
                                    (offload_kernel_get_args_size; a launch with fewer is refused) */
    /* Kernels: byte offsets, in the packed parameters, of the 8-byte words that may hold an
       address (pointers, and 64-bit integers that may become one), pointer_count of them, when
       the parameter layout is known (the JIT fills them in); non-NULL with pointer_count 0 says
       that none may. NULL: unknown. The recorder looks for memory outside its arena in these
       words only, and in every 8-byte word when they are unknown (docs/recording-format.md). */
    const uint32_t* pointer_offsets;
    uint32_t pointer_count;
    /* Kernels: each parameter's place in the packed buffer (offload_kernel_get_param), param_count
       of them, when known (the JIT fills them in); NULL: unknown. */
    const offload_kernel_param* params;
    uint32_t param_count;
    /* Block kernels, optional: the blocks that may do anything (offload_host_block_range_fn). */
    offload_host_block_range_fn block_range;
} offload_host_symbol;

typedef struct offload_program_desc {
    const void* image; /* device image in memory; format detected by content. The
                                   caller may free it once offload_program_create returns. */
    size_t size;
    const offload_host_symbol* host_symbols; /* host device only, instead of an image */
    uint32_t host_symbol_count;
    const char* name; /* for logs and recordings; may be NULL */
} offload_program_desc;

typedef struct offload_program {
    uint32_t id;
} offload_program;
typedef struct offload_kernel {
    uint32_t id;
} offload_kernel;

/* Loads an image on device. LLVM IR/bitcode goes through the JIT (and its cache) first. */
OFFLOAD_API offload_result offload_program_create(offload_context* ctx, offload_device device,
                                                  const offload_program_desc* desc, offload_program* out);
/* Destroys a program. Its handle and its kernels' handles are stale when the call returns,
   which does not wait for the program's launches: its device code stays loaded until every
   launch enqueued on the device before the call (on any queue, and a synchronous one that
   outlived a timed-out wait) has finished, and is unloaded then, by a later program create or
   destroy on the context, or at context teardown. Code still running at teardown (a kernel
   past a timed-out wait) is left to the driver rather than unloaded under it. */
OFFLOAD_API offload_result offload_program_destroy(offload_context* ctx, offload_program program);
OFFLOAD_API offload_result offload_kernel_get(offload_context* ctx, offload_program program, const char* name,
                                              offload_kernel* out);
/* Address (device pointer) and size of a global variable of the program. */
OFFLOAD_API offload_result offload_global_get(offload_context* ctx, offload_program program, const char* name,
                                              void** address, size_t* size);
/* Reads/writes size bytes at offset inside a global, synchronously. */
OFFLOAD_API offload_result offload_global_read(offload_context* ctx, offload_program program, const char* name,
                                               size_t offset, void* dst, size_t size);
OFFLOAD_API offload_result offload_global_write(offload_context* ctx, offload_program program, const char* name,
                                                size_t offset, const void* src, size_t size);

/* ---------------------------------------------------------------------------------------------
   Launch. Arguments are one packed buffer laid out as the kernel's parameters would be in a C
   struct (each at its natural alignment). offload_args_* below help build it.
   ------------------------------------------------------------------------------------------- */

typedef struct offload_launch_desc {
    uint32_t grid[3];     /* blocks per dimension; 0 = 1 */
    uint32_t block[3];    /* threads per block per dimension; 0 = 1 */
    size_t shared_memory; /* dynamic shared memory per block, bytes */
    const void* args;     /* packed argument buffer */
    size_t args_size;     /* sizeof the struct is fine: where the size of the kernel's parameters
                                  is known, the driver gets exactly that (without tail padding, which
                                  CUDA rejects) and a smaller args_size is refused */
} offload_launch_desc;

/* Launches kernel. queue.id == 0: synchronous, returns when the kernel has finished and reports
   its failure. Otherwise enqueued on queue (which must be on the kernel's device). */
OFFLOAD_API offload_result offload_launch(offload_context* ctx, offload_queue queue, offload_kernel kernel,
                                          const offload_launch_desc* desc);

/* Host entries: on the host device a kernel may also be a plain C function
       void entry(void* a0, void* a1, ..., void* aN-1);
   as OpenMP offloading compilers emit for a target region. A launch of the handle this returns
   passes args_size / sizeof(void*) pointers, read from the argument buffer in order (args_size
   must be a multiple of sizeof(void*); any count, 0 included), and calls the entry once per
   thread of the grid; the entry gets no thread ids. Queues, recording (replayed as a host entry)
   and errors apply as to any launch. The handle is distinct from the one offload_kernel_get
   returns for the same name. Host device, or a remote device whose server runs it on its host
   device (the pointers are the server's); UNSUPPORTED elsewhere, and on CPUs other than x86-64,
   where the call sequence is not implemented. */
OFFLOAD_API offload_result offload_kernel_get_host_entry(offload_context* ctx, offload_program program,
                                                         const char* name, offload_kernel* out);

/* Building the packed argument buffer without writing a struct: each offload_args_* call
   appends one parameter at the next offset aligned to its natural alignment, as a C struct (and
   the CUDA and HSA kernel ABIs) lay them out. The buffer is the caller's; nothing is allocated.
   `size` is what to pass as offload_launch_desc.args_size: it ends at the last parameter (no
   trailing padding), as the kernel's parameter size does. A parameter that does not fit leaves
   the buffer as it was, returns OFFLOAD_ERROR_INVALID_ARGUMENT and is remembered in `result`;
   every later append then fails too (its offset would be wrong), so a sequence of calls can be
   checked once at the end:
       unsigned char storage[64];
       offload_args a;
       offload_args_init(&a, storage, sizeof storage);
       offload_args_i32(&a, n); offload_args_f32(&a, 2.0f); offload_args_ptr(&a, x);
       if (a.result == OFFLOAD_SUCCESS) desc.args = a.data, desc.args_size = a.size; */
typedef struct offload_args {
    unsigned char* data; /* the caller's buffer */
    size_t capacity;
    size_t size;           /* bytes used: the args_size to launch with */
    offload_result result; /* OFFLOAD_SUCCESS, or the first failure of an append */
} offload_args;

/* Starts an empty argument list in buffer (capacity bytes; buffer may be NULL when capacity is 0). */
OFFLOAD_API void offload_args_init(offload_args* args, void* buffer, size_t capacity);
/* Appends size bytes of value at the next multiple of alignment (a power of two, at most 4096). */
OFFLOAD_API offload_result offload_args_push(offload_args* args, const void* value, size_t size, size_t alignment);
OFFLOAD_API offload_result offload_args_i32(offload_args* args, int32_t value);
OFFLOAD_API offload_result offload_args_u32(offload_args* args, uint32_t value);
OFFLOAD_API offload_result offload_args_i64(offload_args* args, int64_t value);
OFFLOAD_API offload_result offload_args_u64(offload_args* args, uint64_t value);
OFFLOAD_API offload_result offload_args_f32(offload_args* args, float value);
OFFLOAD_API offload_result offload_args_f64(offload_args* args, double value);
/* A pointer parameter (device memory, or any address the kernel receives as a pointer). */
OFFLOAD_API offload_result offload_args_ptr(offload_args* args, const void* value);

/* Size in bytes of a kernel's explicit parameters when the image says (0 if unknown). */
OFFLOAD_API offload_result offload_kernel_get_args_size(offload_context* ctx, offload_kernel kernel, size_t* size);

/* How many parameters the kernel has. Known for kernels the JIT compiled for the host (portable
   and NVPTX IR), for every kernel on a CUDA driver of 12.4 or later (cuFuncGetParamInfo), and
   from a PTX image's .entry list on an older one; elsewhere (an AMDGPU code object, a host
   function without a symbol table's description) OFFLOAD_ERROR_UNSUPPORTED with a message
   naming the kernel. */
OFFLOAD_API offload_result offload_kernel_get_param_count(offload_context* ctx, offload_kernel kernel, uint32_t* count);
/* Parameter `index` (0-based, below the count) of the kernel; a larger index is
   OFFLOAD_ERROR_INVALID_ARGUMENT, an unknown layout as offload_kernel_get_param_count says. */
OFFLOAD_API offload_result offload_kernel_get_param(offload_context* ctx, offload_kernel kernel, uint32_t index,
                                                    offload_kernel_param* out);

/* The most threads per block the kernel was built for (its launch bounds: AMDGPU
   .max_flat_workgroup_size) when the image says, else 0 (the device's limit applies). A launch
   with more is refused with OFFLOAD_ERROR_INVALID_ARGUMENT. */
OFFLOAD_API offload_result offload_kernel_get_max_block_size(offload_context* ctx, offload_kernel kernel,
                                                             uint32_t* size);

/* ---------------------------------------------------------------------------------------------
   JIT
   ------------------------------------------------------------------------------------------- */

/* Portable kernels: LLVM IR with no target triple is retargeted to the device it is loaded on.
   A kernel is a defined function that has the calling convention ptx_kernel or amdgpu_kernel
   (whatever the target), the string attribute "offload-kernel", an entry in the named metadata
   !offload.kernels = !{!0}, !0 = !{void (...)* @name}, or an entry {@name, !"kernel", i32 1} in
   !nvvm.annotations (what clang writes for CUDA's __global__). Its parameters are
   passed from the packed argument buffer at their natural alignment. Inside it, the device
   library gives (all i32 unless said):
     offload_thread_id(i32 dim), offload_block_id(i32 dim), offload_block_dim(i32 dim),
     offload_grid_dim(i32 dim)    dim 0..2 = x, y, z
     offload_barrier()            block barrier: no thread of the block passes it before every
                                  thread has reached it (or returned); shared memory written
                                  before it is visible after it. Every thread of a block must
                                  reach the same barriers (a thread-dependent branch or loop
                                  around a barrier is undefined on GPUs)
     offload_shared_memory()      i8*: the dynamic shared memory of the block
   Globals in address space 3 are static shared memory: one copy per block, uninitialised (an
   initializer other than undef or zero is refused), counted with the launch's dynamic shared
   memory against the device's max_shared_memory; an external one ([0 x T], CUDA's
   `extern __shared__`) is the launch's dynamic shared memory.
   warp operations, which every lane of a warp calls together, in control flow that is uniform
   across the warp (as CUDA's *_sync functions with the full mask; NVPTX needs sm_70+):
     offload_lane_id()            the caller's lane in its warp, 0 .. warp size - 1
     offload_warp_size()          32 on NVIDIA and on the host; the wavefront size on AMD (64, or
                                  32 on gfx10+ unless the device runs wave64)
     offload_shuffle(i32 v, i32 lane)      v of lane `lane` modulo the warp size
     offload_shuffle_down(i32 v, i32 d)    v of lane + d; the caller's own v where that is not a
                                           lane (>= the warp size)
     offload_shuffle_up(i32 v, i32 d)      v of lane - d; own v where that is below 0
     offload_shuffle_xor(i32 v, i32 m)     v of lane ^ m; own v where that is >= the warp size
                                  (d and m are unsigned: one of the warp size or more gives own v)
     i64 offload_ballot(i32 pred) bit i set where lane i's pred is nonzero; only the warp's lanes
                                  that exist (a block whose size is no multiple of the warp size
                                  ends in a partial warp) have bits
     offload_any(i32 pred), offload_all(i32 pred)   1 or 0 over the warp's existing lanes
     offload_warp_barrier()       the warp's lanes meet; memory written before is visible after
   A shuffle from a lane that does not exist gives an unspecified value.
   and calls to the host (RPC, docs/rpc.md; a request carries at most 504 bytes; NVPTX needs sm_70+):
     offload_printf(i8* fmt, i8* args, i32 args_size)   args laid out as CUDA's vprintf buffer
     offload_puts(i8* s), i64 offload_write(i8* data, i64 size)
                                  no round trip: the line goes to the device's output buffer
                                  (desc.rpc.output_size) and the call returns 0 (write: size);
                                  the host formats it when the launch completes or the buffer
                                  fills; each thread's lines come out in its order, whole; -1
                                  when the line is given up (the buffer was written over, which
                                  fails the launch)
     i8* offload_malloc(i64 size), offload_free(i8* p)  device memory from the context's manager
                                  (NULL when it cannot be had; on a CUDA device without memory
                                  pools, a driver before 11.2, only blocks the manager has cached)
     offload_abort(i8* message)   fails the launch with the message (ends the thread on NVIDIA,
                                  the wavefront on AMD, returns on the host)
     i32 offload_rpc_call(i32 id, i8* in, i32 in_size, i8* out, i32 out_capacity)
                                  calls a function registered with offload_rpc_register; returns
                                  the output size or a negative offload_result
   and math on every target, float offload_<f>f(float...) and double offload_<f>(double...) for
   f in exp, log, pow, sin, cos, tan (NVIDIA's libdevice, ROCm's ocml, or libm on the host) and
   sqrt, fabs, fma, floor, ceil (LLVM intrinsics).
   Vendor math: calls to libdevice's __nv_* (NVPTX) and ocml/ockl's __ocml_* and __ockl_* (AMDGPU) are
   resolved by linking the functions used from the vendor's bitcode (desc.jit.libdevice_path,
   desc.jit.rocm_device_libs), with the ROCm control libraries (oclc_*) for the device's ISA
   version and wavefront size, and for the math modes the module was compiled for, as clang's
   driver would pick them: daz_opt on when all kernels flush f32 denormal inputs
   ("denormal-fp-math-f32", -fgpu-flush-denormals-to-zero), finite_only on when all have
   "no-infs-fp-math" and "no-nans-fp-math" (-ffinite-math-only), unsafe_math on when all have
   "unsafe-fp-math" (-funsafe-math-optimizations before clang 22), correctly_rounded_sqrt off
   when all the module's f32 llvm.sqrt calls carry !fpmath (clang 22's
   -fno-hip-fp32-correctly-rounded-divide-sqrt); desc.jit.fast_math turns each fast choice on.
   The debug log says where each choice came from. __nvvm_reflect is folded (__CUDA_ARCH is
   the sm the PTX is generated for), also in a module that linked libdevice itself. A missing
   library is OFFLOAD_ERROR_JIT naming it, where it was looked for and how to point at it.
   Processors: functions' "target-cpu" must be the device's gfx on AMDGPU and no newer an sm than
   the device's on NVPTX, else OFFLOAD_ERROR_JIT names both; then "target-cpu"/"target-features"
   are dropped and the device's processor and features (sramecc, xnack, wavefront size) apply to
   the whole module. NVPTX code targets the newest sm the loaded LLVM knows up to the device's
   (sm_86 for an sm_90 on LLVM 14/15, sm_90 from 16) with the newest PTX ISA both the loaded
   driver (cuDriverGetVersion) and LLVM accept. Bitcode written by a newer LLVM than the JIT's is
   refused with a message naming both versions.
   A module with a triple for the device (nvptx64, amdgcn, or the host's architecture) is compiled
   as given; its kernels are those with the target's kernel calling convention or marked as above.
   A module for another target is OFFLOAD_ERROR_JIT naming both triples, decided from the triple
   alone (read from the text or the bitcode without parsing the module) before any compile
   starts, and counted in offload_jit_stats.refused.
   The host device also takes nvptx64 modules, the IR clang emits for CUDA device code: they are
   retargeted to the host, NVVM intrinsics and libdevice's __nv_* (desc.jit.libdevice_path, as
   on NVIDIA) run as host code, vprintf prints, __assertfail fails the launch with CUDA's
   message; what has no host mapping (named barriers, textures...) is OFFLOAD_ERROR_JIT naming
   the intrinsic and the kernel (README, "CUDA kernels run on the host device").
   Without libdevice (not found by the NULL lookup, or desc.jit.libdevice_path "none": no NVIDIA
   software needed) the host maps __nv_* to the C library's math and LLVM's intrinsics (the
   debug log says which of the two a module got; the JIT cache keeps them apart): the float and
   double functions with a C counterpart, the fast intrinsics computed precisely, the _rn
   arithmetic as IEEE operations, the integer intrinsics and the conversions that round
   exactly. Accuracy is the C library's: within CUDA's documented bounds for the common
   functions, above them for a few (tanhf, exp10, tanh, cbrt), never bit-identical to a GPU.
   What the host cannot compute as a GPU does (directed rounding, half conversions, erfinv,
   normcdfinv...) is OFFLOAD_ERROR_JIT naming the function, that libdevice was not used and how
   to point at it. docs/host-kernels.md lists both and the measured accuracy.
   Calls to functions defined neither in the module nor in the device library are rejected with
   OFFLOAD_ERROR_JIT, except, on the host, functions the process exports and, on NVPTX,
   vprintf/malloc/free/__assertfail. On AMDGPU, offload_grid_dim() is the dispatch packet's
   grid_size (in work-items) divided by the workgroup size, rounded up. 
   On the host, each kernel is compiled into a work-group function (the per-block host kernel
   ABI): everything it calls is inlined, its code between barriers runs in loops over the
   block's threads (x innermost, so that LLVM vectorises across threads), and values live across
   a barrier are kept per thread. A kernel in which a thread-dependent branch decides whether a
   barrier is reached (and not only whether a thread returns first) is refused with
   OFFLOAD_ERROR_JIT naming it; what the analysis cannot decide is checked when the block runs,
   and a block whose threads wait at different barriers fails the launch
   (OFFLOAD_ERROR_LAUNCH_FAILED). Threads that returned count as arrived at later barriers, as on
   current GPUs. Functions that use ids or barriers must be inlinable (no recursion).
   A warp on the host is 32 threads of consecutive linear id ((z * block_dim.y + y) *
   block_dim.x + x); the last warp of a block that is not a whole number of warps has fewer
   lanes (offload_ballot sets bits only for existing lanes that have not returned; a shuffle
   from a lane that does not exist or has returned returns the caller's own value). Warp
   operations are exact: each is a warp barrier, so the lanes of a warp that have not returned
   must reach the same ones (the launch fails when one waits elsewhere), while different warps
   may take different paths between block barriers (warp 0 alone reducing what the other warps
   left in shared memory is fine). CUDA's *_sync operations need only the lanes of their mask
   (docs/host-kernels.md, warps).
   Portable kernels written in C or C++: declare offload_barrier(), offload_warp_barrier() and
   the warp operations __attribute__((convergent)), as CUDA's headers declare __syncthreads.
   Without it clang may copy a barrier into both sides of a thread-dependent branch (clang 14
   at -O2 threads a branch on the same condition before and after a barrier through it), and
   the copies, each under that branch, make the kernel refused.
   Typed-pointer IR (LLVM 14 text) is accepted by every supported LLVM version. */

typedef struct offload_jit_stats {
    uint64_t hits;       /* programs served from the in-memory cache */
    uint64_t disk_hits;  /* served from the persistent cache */
    uint64_t misses;     /* compiles */
    uint64_t compile_ns; /* total time spent compiling */
    uint64_t entries;    /* entries alive in the in-memory cache */
    uint64_t refused;    /* modules refused before compiling, their triple being for another
                                   target (not counted in misses or compile_ns) */
} offload_jit_stats;

OFFLOAD_API offload_result offload_jit_get_stats(offload_context* ctx, offload_jit_stats* out);

/* How this context's JIT compiles, as offload-info shows it. */
typedef struct offload_jit_info {
    int available;          /* the JIT is compiled in (else the rest is zero) */
    char llvm_version[32];  /* the LLVM the runtime was built for (and loads), "22.1.8" */
    char llvm_library[512]; /* the libLLVM it opens on first use (desc.jit.llvm_library_path, else the build's) */
    int llvm_loaded;        /* LLVM is loaded into this process: an in-process compile or host JIT code needed it */
    offload_jit_isolation isolation; /* resolved: NONE or PROCESS */
    char
        isolation_reason[256]; /* where compiles run and why: "in the compile server /usr/libexec/offload-jit-compiler",
                                      "in this process, as no compile server was found: a fatal LLVM error ends it" */
} offload_jit_info;

/* Fills out; the JIT's state is set up on first use (finding the compile server, not starting it).
   A build without the JIT answers OFFLOAD_SUCCESS with available = 0. */
OFFLOAD_API offload_result offload_jit_get_info(offload_context* ctx, offload_jit_info* out);

/* The compile server's main loop (see OFFLOAD_JIT_ISOLATION_PROCESS): serves compile requests on
   descriptor 0, a socket the runtime connected, until the runtime closes it; returns 0 then (1
   when the JIT is compiled out or the socket fails). The runtime starts the server as
   `<compiler_path> --offload-jit-compile-server`; tools/offload-jit-compiler.c is such a program,
   and an embedder may instead make its own executable call this when given that argument. */
OFFLOAD_API int offload_jit_compile_server(void);

/* The remote device server's main loop (see offload_remote_desc): run as an MPI rank other than
   0 of the application's launch, it initialises MPI, creates a context of its own from desc
   (NULL: defaults and the environment, so the simulated drivers' variables apply; the remote
   backend is always off in it), answers the application's hello with its devices, serves their
   operations until the application says goodbye or stops answering, frees everything the
   application held, finalises MPI and returns 0 (1 when MPI or the context cannot be set up;
   the reason goes to stderr). tools/offload-remote-server.c is such a program. */
OFFLOAD_API int offload_remote_serve(const offload_context_desc* desc);

/* ---------------------------------------------------------------------------------------------
   Record & replay: reading and replaying recordings. Recording itself is switched on by
   offload_context_desc.record; each recorded launch is one entry directory
   (docs/recording-format.md). An entry holds the kernel's code, its arguments, the memory it
   could reach (the recording arena, before and, with save_output, after the launch) and the
   program's globals, so one launch can be run again alone, anywhere its backend exists.
   ------------------------------------------------------------------------------------------- */

typedef struct offload_recording offload_recording;

/* Reads and checks one entry: path is the entry directory or its manifest.json. Everything is
   checked before a device is touched (manifest fields and limits, blob sizes and checksums); a
   malformed or damaged entry is OFFLOAD_ERROR_INVALID_RECORDING with a message naming the
   problem, an unreadable one OFFLOAD_ERROR_IO. The recording belongs to ctx: close it with
   offload_recording_close before destroying ctx. */
OFFLOAD_API offload_result offload_recording_open(offload_context* ctx, const char* path, offload_recording** out);
/* Frees a recording opened with ctx; NULL is accepted. Pointers from offload_recording_get_info
   and offload_recording_get_global become invalid. */
OFFLOAD_API offload_result offload_recording_close(offload_context* ctx, offload_recording* recording);

/* What an entry holds. Pointers stay valid until the recording is closed. */
typedef struct offload_recording_info {
    const char* kernel;      /* the kernel's name */
    int host_entry;          /* launched through offload_kernel_get_host_entry */
    const char* program;     /* offload_program_desc.name of its program ("" if none) */
    offload_backend backend; /* the kind of device it was recorded on */
    const char* arch;        /* that device's target ("sm_90", "gfx90a", the host CPU) */
    const char* device_name;
    offload_image_format image_format; /* the code that ran; OFFLOAD_IMAGE_UNKNOWN when only IR is held */
    const void* image;                 /* image_size bytes, NULL with OFFLOAD_IMAGE_UNKNOWN */
    size_t image_size;
    offload_image_format source_format; /* the IR the image was compiled from, or OFFLOAD_IMAGE_UNKNOWN */
    const void* source;
    size_t source_size;
    uint32_t grid[3]; /* as launched (zeros already read as 1) */
    uint32_t block[3];
    uint64_t shared_memory;
    const void* args; /* the packed argument buffer as launched */
    size_t args_size;
    uint64_t arena_address;       /* the recording arena: where the device memory lived */
    uint64_t arena_size;          /* bytes it reserved */
    uint64_t arena_used;          /* bytes held: up to the end of the last live allocation */
    const void* memory_in;        /* the arena_used bytes before the launch */
    const void* memory_out;       /* ... and after it; NULL when recorded without save_output */
    uint32_t global_count;        /* globals of the program: offload_recording_get_global */
    offload_result launch_result; /* what the recorded launch returned */
} offload_recording_info;

OFFLOAD_API offload_result offload_recording_get_info(offload_context* ctx, const offload_recording* recording,
                                                      offload_recording_info* out);

/* One global variable of the recorded program, before and after the launch. */
typedef struct offload_recording_global {
    const char* name;
    uint64_t size;
    const void* input;  /* size bytes before the launch */
    const void* output; /* after it; NULL when recorded without save_output */
} offload_recording_global;

/* Global index (0 .. info.global_count-1); another index is OFFLOAD_ERROR_INVALID_ARGUMENT. */
OFFLOAD_API offload_result offload_recording_get_global(offload_context* ctx, const offload_recording* recording,
                                                        uint32_t index, offload_recording_global* out);

typedef struct offload_replay_desc {
    offload_device device; /* where to replay; id 0 = the first device of the recorded backend (another
                                backend is OFFLOAD_ERROR_INVALID_ARGUMENT) */
    uint32_t grid[3];      /* all 0 = as recorded; otherwise this grid (a 0 among them = 1) */
    uint32_t block[3];     /* likewise */
    const void* image;     /* replacement code (any image format, or IR for the JIT) loaded instead of the
                                recorded one; NULL = the recorded image (or its IR when it holds no image) */
    size_t image_size;
    uint32_t repeat;    /* timed launches, each from the restored input; 0 = 1 */
    uint32_t warmup;    /* untimed launches before them (cold caches, lazy binding); 0 = none */
    int verify;         /* non-zero: compare the arena and globals after the last launch with the
                                recorded output (the entry must hold it: save_output) */
    uint64_t* times_ns; /* optional: receives the wall time of each timed launch (repeat entries) */
} offload_replay_desc;

#define OFFLOAD_REPLAY_MAX_DIFFERENCES 8

typedef struct offload_replay_result {
    offload_device device; /* the device it ran on */
    int relocated;         /* the recorded arena address was not available: the arena was restored at
                                        arena_base and every 8-byte-aligned word of memory, arguments and globals
                                        that pointed into it was rebased (a plain integer that looks like such a
                                        pointer too, which is why the recorded address is tried first) */
    uint64_t arena_base;
    uint32_t runs;             /* timed launches that completed */
    uint64_t min_ns;           /* wall time of the fastest and the median timed launch (synchronous: */
    uint64_t median_ns;        /* they include completion); the restore before each is not timed */
    int verified;              /* the comparison ran (desc.verify) */
    uint64_t differing_bytes;  /* arena bytes that differ from the recorded output */
    uint32_t difference_count; /* differences[] used: the first differing arena offsets, ascending */
    uint64_t differences[OFFLOAD_REPLAY_MAX_DIFFERENCES];
    uint32_t differing_globals;      /* globals that differ; the first is: */
    uint32_t first_differing_global; /* its index (offload_recording_get_global) */
    uint64_t first_global_offset;    /* and its first differing byte */
} offload_replay_result;

/* Replays the recorded launch on ctx: restores the arena (at its recorded address when it can)
   and the globals, loads the code, launches the kernel desc.warmup + max(desc.repeat, 1) times
   from the restored input (synchronously), and with desc.verify compares the result with the
   recorded output. desc may be NULL for defaults. A mismatch is not an error: the call returns
   OFFLOAD_SUCCESS and *out says where the bytes differ; errors are for what could not be done
   (no device of the backend, the code does not load, a launch fails). An entry whose launch
   was passed pointers to memory of the recording process outside its arena (a host-device
   launch given the program's own memory, as OpenMP does under `requires
   unified_shared_memory`; the manifest's 'outside_arena') cannot be replayed: it is refused
   with OFFLOAD_ERROR_UNSUPPORTED naming the first such argument. When ctx records, the
   replayed launches are recorded too. */
OFFLOAD_API offload_result offload_replay(offload_context* ctx, const offload_recording* recording,
                                          const offload_replay_desc* desc, offload_replay_result* out);

/* ---------------------------------------------------------------------------------------------
   Device-to-host calls (RPC)
   ------------------------------------------------------------------------------------------- */

/* A host function a kernel can call by id (offload_rpc_call): reads `in_size` bytes, writes up
   to `out_capacity` bytes (at most 496) to `out` and sets *out_size. Runs on the RPC server
   thread. That thread moves itself to another CPU its affinity allows when it finds itself on
   the CPU of the host-device kernel thread it serves (there the two could only take turns),
   and leaves its affinity as it was: an affinity fn gives it is kept. Registering fn NULL
   removes the id. fn must not wait for work of the device whose kernel called it (a
   synchronize, a synchronous copy, fill or launch there, allocating or freeing its memory,
   which CUDA may synchronise with running kernels): that kernel waits for fn's reply, so the
   wait could only end in OFFLOAD_ERROR_TIMEOUT. The kernel's own offload_malloc and
   offload_free are safe: they are served without such waits (stream-ordered allocation on CUDA,
   or NULL where the device has no memory pools; frees deferred to the launch's end).
   OFFLOAD_ERROR_UNSUPPORTED in a build with OFFLOAD_NO_RPC. */
typedef offload_result (*offload_rpc_host_fn)(const void* in, size_t in_size, void* out, size_t out_capacity,
                                              size_t* out_size, void* user_data);
OFFLOAD_API offload_result offload_rpc_register(offload_context* ctx, uint32_t id, offload_rpc_host_fn fn,
                                                void* user_data);

#ifdef __cplusplus
}
#endif
#endif /* OFFLOAD_H */

#ifdef OFFLOAD_IMPLEMENTATION
#ifndef OFFLOAD__IMPLEMENTATION_INCLUDED
#define OFFLOAD__IMPLEMENTATION_INCLUDED
#include "offload_impl.c"
#endif
#endif
