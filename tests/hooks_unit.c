/* tests/hooks_unit.c — the library the tests link: the implementation with the internals the tests
   reach (tests/hooks.inc, declared in tests/test_hooks.h) added to its unit, where they see its
   static functions. The shipped file carries none of them; OFFLOAD_TEST_HOOKS, which this unit is
   compiled with, turns on the implementation's test seams (rpc.inc's points and counters), which
   compile to nothing without it. OFFLOAD_TEST_IMPLEMENTATION names the implementation: the tree's
   by default, the dist's (build/dist/offload_impl.c) for the suite, which runs on what an embedder
   copies. */
#ifndef OFFLOAD_TEST_HOOKS
#error "tests/hooks_unit.c is the test library: compile it with -DOFFLOAD_TEST_HOOKS"
#endif
#ifndef OFFLOAD_TEST_IMPLEMENTATION
#define OFFLOAD_TEST_IMPLEMENTATION "../offload_impl.c"
#endif
#include OFFLOAD_TEST_IMPLEMENTATION
#include "hooks.inc"
