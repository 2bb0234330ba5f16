/* pool.c — a microbenchmark of the thread pool (runtime/c/threads.c), driven by bench/pool.py.
 *
 *     pool THREADS WORK_US GAP_US CALLS
 *
 * Times CALLS calls of pts_parallel_for over 1000 units (grain 1) of pure arithmetic that
 * take WORK_US microseconds on one thread in all, each call followed by GAP_US of serial
 * work on the caller (what a program does between two parallel kernels).  Prints the median
 * time of one call + gap, in microseconds, and the mean.  Linked with any threads.c (the
 * current one or a baseline), so the two can be run alternately.
 */
#define _POSIX_C_SOURCE 200809L
#include "threads.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define UNITS 1000

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static volatile double sink;
static int64_t iters_per_us;        /* calibrated: loop iterations per microsecond */

/* a dependent chain of multiply-adds: compute-bound, no memory traffic */
static volatile double seed = 1.0;

static double spin_work(int64_t iters) {
    double x = seed;
    for (int64_t i = 0; i < iters; i++)
        x = x * 0.9999999 + 1e-7;
    return x;
}

static void task(void *data, int64_t begin, int64_t end) {
    int64_t per_unit = *(int64_t *)data;
    sink = spin_work(per_unit * (end - begin));
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: pool THREADS WORK_US GAP_US CALLS\n");
        return 2;
    }
    int threads = atoi(argv[1]);
    double work_us = atof(argv[2]), gap_us = atof(argv[3]);
    int calls = atoi(argv[4]);
    /* calibrate on this thread: the median of a few 2 ms runs */
    double rates[5];
    for (int r = 0; r < 5; r++) {
        double t0 = now_us();
        sink = spin_work(2000000);
        rates[r] = 2000000 / (now_us() - t0);
    }
    qsort(rates, 5, sizeof *rates, cmp);
    iters_per_us = (int64_t)rates[2];
    int64_t per_unit = (int64_t)(work_us * iters_per_us / UNITS);
    if (per_unit < 1)
        per_unit = 1;
    int64_t gap_iters = (int64_t)(gap_us * iters_per_us);

    pts_set_num_threads(threads);
    double *t = malloc(sizeof *t * calls);
    for (int i = 0; i < calls / 10 + 10; i++) {     /* warm-up: workers made, model settled */
        pts_parallel_for(task, &per_unit, UNITS, 1);
        sink = spin_work(gap_iters);
    }
    double sum = 0;
    for (int i = 0; i < calls; i++) {
        double t0 = now_us();
        pts_parallel_for(task, &per_unit, UNITS, 1);
        sink = spin_work(gap_iters);
        t[i] = now_us() - t0;
        sum += t[i];
    }
    qsort(t, calls, sizeof *t, cmp);
    printf("%.2f %.2f\n", t[calls / 2], sum / calls);
    free(t);
    return 0;
}
