/* tests/sim/llvm_stub.c — a library that is not LLVM but has one of its entry points (the one
   the runtime looks up first): tests/test_llvm_loading.c copies it under libLLVM file names to
   check that the runtime refuses a library of another major version by its name, and one of
   its own major version for the entry points it lacks. */
void* LLVMContextCreate(void);
void* LLVMContextCreate(void) { return 0; }
