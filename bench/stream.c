/* stream.c — the machine's floor for reading a large array once, driven by bench/inference.py.
 *
 *     stream BYTES THREADS REPS
 *
 * Reads a BYTES-long array (64-byte aligned, transparent huge pages asked for, as numpy asks
 * for them for its large arrays) REPS times, split in THREADS equal contiguous parts over
 * as many threads (started once, released together for each pass), and prints the median
 * time of one pass in milliseconds.  The loop XORs 32-bit words, which compilers vectorize
 * to the widest loads without -ffast-math: nothing but the loads bounds it.  This is the
 * time no matrix-vector product can beat: MyConv's linear at batch 1 reads its 205 MB weight
 * once.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define MAX_THREADS 256

static uint32_t *data;
static size_t words;
static int threads, reps;
static pthread_barrier_t start, done;
static volatile uint32_t sink[MAX_THREADS];

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static void read_part(int id) {
    size_t lo = words / threads * id, hi = id == threads - 1 ? words : words / threads * (id + 1);
    uint32_t acc = 0;
    for (size_t i = lo; i < hi; i++)
        acc ^= data[i];
    sink[id] = acc;
}

static void *worker(void *arg) {
    int id = (int)(intptr_t)arg;
    for (int r = 0; r < reps; r++) {
        pthread_barrier_wait(&start);
        read_part(id);
        pthread_barrier_wait(&done);
    }
    return NULL;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: stream BYTES THREADS REPS\n");
        return 2;
    }
    size_t bytes = strtoull(argv[1], NULL, 10);
    threads = atoi(argv[2]);
    reps = atoi(argv[3]);
    if (bytes < 64 || threads < 1 || threads > MAX_THREADS || reps < 1) {
        fprintf(stderr, "stream: bad arguments\n");
        return 2;
    }
    words = bytes / 4;
    size_t size = (words * 4 + (2u << 20) - 1) / (2u << 20) * (2u << 20);
    data = aligned_alloc(2u << 20, size);
    double *times = malloc(reps * sizeof *times);
    if (!data || !times) {
        fprintf(stderr, "stream: out of memory\n");
        return 1;
    }
    madvise(data, size, MADV_HUGEPAGE);
    memset(data, 1, words * 4);
    pthread_barrier_init(&start, NULL, threads);
    pthread_barrier_init(&done, NULL, threads);
    pthread_t tid[MAX_THREADS];
    for (int t = 1; t < threads; t++)
        pthread_create(&tid[t], NULL, worker, (void *)(intptr_t)t);
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        pthread_barrier_wait(&start);
        read_part(0);
        pthread_barrier_wait(&done);
        times[r] = now_ms() - t0;
    }
    for (int t = 1; t < threads; t++)
        pthread_join(tid[t], NULL);
    qsort(times, reps, sizeof *times, by_value);
    printf("%.3f\n", times[reps / 2]);
    return 0;
}
