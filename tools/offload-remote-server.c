/* tools/offload-remote-server.c — serves this node's devices to an application on MPI rank 0:
   start it as the other ranks of the application's launch,
       mpirun -np 1 ./app : -np 2 offload-remote-server
   with OFFLOAD_REMOTE=mpi set for the application (README, "Remote devices"). Its own context
   reads the environment as any other (OFFLOAD_CUDA_LIBRARY, OFFLOAD_HSA_LIBRARY, ...). */
#include "../offload.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
    if (argc > 1) {
        int help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0;
        fprintf(help ? stdout : stderr,
                "usage: mpirun -np 1 APP : -np N %s\n"
                "serves this rank's devices to the application (rank 0) until it ends\n",
                argv[0]);
        return help ? 0 : 2;
    }
    return offload_remote_serve(NULL);
}
