/* tests/sim/hsa_sim_vmem.c — TEST FIXTURE: the simulated HSA runtime in its ROCm >= 6.0 profile,
   which also exports hsa_amd_vmem_* (built as build/sim/hsa_sim_vmem.so). */
#define HSA_SIM_VMEM 1
#include "hsa_sim.c"
