/* tests/omp/teams_reduction.c — teams distribute parallel for with reductions (+, max, *),
   collapse, num_teams/thread_limit clauses, and a parallel region inside target. */
// omp-test: remote   (also run on a remote server's host device, compat/omptarget.sh)
#include <omp.h>
#include <stdio.h>

int main(void) {
    enum { N = 100000, R = 64, C = 48 };
    static double x[N];
    for (int i = 0; i < N; i++) x[i] = (i % 100) * 0.25;
    int failures = 0;

    double sum = 0.0;
#pragma omp target teams distribute parallel for reduction(+ : sum) map(to : x)
    for (int i = 0; i < N; i++) sum += x[i];
    printf("sum: %.2f\n", sum);
    failures += sum != 1237500.0;

    int best = -1;
#pragma omp target teams distribute parallel for reduction(max : best) num_teams(4) thread_limit(8)
    for (int i = 0; i < N; i++) {
        int v = (i * 7919) % 10007;
        if (v > best) best = v;
    }
    printf("max: %d\n", best);
    failures += best != 10006;

    long product = 1;
#pragma omp target teams distribute parallel for reduction(* : product)
    for (int i = 1; i <= 20; i++) product *= (i % 3) + 1;
    printf("product: %ld\n", product);

    static int m[R][C];
    long cells = 0;
#pragma omp target teams distribute parallel for collapse(2) map(from : m) reduction(+ : cells)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            m[i][j] = i * C + j;
            cells += 1;
        }
    printf("collapse: cells=%ld m[63][47]=%d\n", cells, m[R - 1][C - 1]);
    failures += cells != R * C || m[R - 1][C - 1] != R * C - 1;

    int threads_ran = 0;
#pragma omp target map(tofrom : threads_ran)
#pragma omp parallel num_threads(4) reduction(+ : threads_ran)
    threads_ran += 1;
    printf("parallel inside target: %s\n", threads_ran >= 1 ? "ran" : "did not run");

    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures != 0;
}
