/* pool.c — a microbenchmark of the thread pool (runtime/c/threads.c), driven by bench/pool.py.
 *
 *     pool calibrate                         loop iterations per microsecond
 *     pool THREADS WORK_US GAP_US CALLS ITERS_PER_US
 *
 * Times CALLS calls of pts_parallel_for over 1000 units (grain 1) of pure arithmetic that
 * take WORK_US microseconds on one undisturbed thread in all, each call followed by GAP_US
 * of serial work on the caller (what a program does between two parallel kernels).  Prints
 * the median time of one call + gap, in microseconds, the mean, and the voluntary context
 * switches (sleeps, of any thread of the process) per call.  The rate comes from
 * the driver (one calibration for every binary and cell: the work is the same everywhere).  Linked with any threads.c (the
 * current one or a baseline), so the two can be run alternately.
 */
#define _GNU_SOURCE
#include "threads.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define UNITS 1000

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static volatile double sink;

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
    if (argc == 2 && strcmp(argv[1], "calibrate") == 0) {
        /* loop iterations per microsecond: the best of 50 runs of ~1 ms, the one least
         * disturbed by other processes */
        double best = 0;
        for (int r = 0; r < 50; r++) {
            double t0 = now_us();
            sink = spin_work(1000000);
            double rate = 1000000 / (now_us() - t0);
            best = rate > best ? rate : best;
        }
        printf("%.3f\n", best);
        return 0;
    }
    if (argc != 6) {
        fprintf(stderr, "usage: pool THREADS WORK_US GAP_US CALLS ITERS_PER_US | pool calibrate\n");
        return 2;
    }
    int threads = atoi(argv[1]);
    double work_us = atof(argv[2]), gap_us = atof(argv[3]);
    int calls = atoi(argv[4]);
    double iters_per_us = atof(argv[5]);
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
    struct rusage ru;           /* sleeps: futex waits of the caller and the workers */
    getrusage(RUSAGE_SELF, &ru);
    printf("%.2f %.2f %.3f\n", t[calls / 2], sum / calls, (double)ru.ru_nvcsw / calls);
    free(t);
    return 0;
}
