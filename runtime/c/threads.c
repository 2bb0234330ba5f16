/* threads.c — a persistent pool of worker threads for pts_parallel_for (threads.h).
 *
 * One job at a time: a caller owns the pool by winning `busy`; whoever finds it taken (a
 * task calling pts_parallel_for, another application thread) runs its chunks itself, so
 * nothing ever waits for the pool and nesting cannot deadlock.  The owner publishes the
 * job under `lock`, bumps `generation` and wakes the workers; workers 0 .. wanted-1 join
 * it while it is `job_open`, claiming chunks from an atomic counter, the caller too.  When the
 * caller runs out of chunks it closes the job (a worker slow to wake then stays out: the
 * caller never waits for a wake-up) and waits until the workers that joined have finished
 * (`active`), so the next job may reset the counter.  Idle workers sleep on a condition
 * variable.
 *
 * Workers are created on first need and reused; they block signals, so signals go to the
 * application's threads.  After fork() the child has no workers: the atfork handlers
 * reset the pool (its first parallel call creates new ones).  At exit (or dlclose) a
 * destructor stops and joins the idle workers; if a job is running then, it leaves them.
 */
#define _GNU_SOURCE                 /* sched_getaffinity, CPU_COUNT */
#include "threads.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_THREADS 1024

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;   /* workers: a new generation */
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;   /* the caller: active == 0 */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static atomic_int num_threads;      /* 0 until first asked for */
static atomic_int busy;             /* 1 while a caller owns the pool */

/* owned by the caller holding `busy` */
static pthread_t workers[MAX_THREADS];
static int nworkers;
static int broken;                  /* pthread_create failed: use the workers we have */

/* under `lock` */
static uint64_t generation;
static uint64_t start_generation[MAX_THREADS];   /* the generation a worker was made in */
static int wanted;                  /* workers 0 .. wanted-1 may join this generation's job */
static int job_open;                /* ... while this is set */
static int active;                  /* workers that joined and have not finished */
static int stopping;

/* the current job: written under `lock` before `generation` changes, read after */
static pts_task_fn job_fn;
static void *job_data;
static int64_t job_n, job_chunks;
static atomic_llong next_chunk;

static int cpu_count(void) {
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int c = CPU_COUNT(&set);
        if (c > 0)
            return c < MAX_THREADS ? c : MAX_THREADS;
    }
#endif
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c < 1 ? 1 : c < MAX_THREADS ? (int)c : MAX_THREADS;
}

static int default_threads(void) {
    const char *env = getenv("PTS_NUM_THREADS");
    if (env && *env) {
        char *end;
        long v = strtol(env, &end, 10);
        if (*end == 0 && v > 0)
            return v < MAX_THREADS ? (int)v : MAX_THREADS;
    }
    return cpu_count();
}

int pts_get_num_threads(void) {
    int n = atomic_load(&num_threads);
    if (n == 0) {
        int expected = 0;
        n = default_threads();
        if (!atomic_compare_exchange_strong(&num_threads, &expected, n))
            n = expected;
    }
    return n;
}

int pts_set_num_threads(int n) {
    int previous = pts_get_num_threads();
    if (n <= 0)
        n = cpu_count();
    if (n > MAX_THREADS)
        n = MAX_THREADS;
    atomic_store(&num_threads, n);
    return previous;
}

/* chunk i of k over [0, n): sizes n/k or n/k + 1, the larger first */
static int64_t chunk_start(int64_t n, int64_t k, int64_t i) {
    return n / k * i + (i < n % k ? i : n % k);
}

static void run_chunks(pts_task_fn fn, void *data, int64_t n, int64_t k) {
    for (;;) {
        int64_t i = atomic_fetch_add(&next_chunk, 1);
        if (i >= k)
            return;
        fn(data, chunk_start(n, k, i), chunk_start(n, k, i + 1));
    }
}

static void *worker_main(void *arg) {
    int id = (int)(intptr_t)arg;
    pthread_mutex_lock(&lock);
    uint64_t seen = start_generation[id];
    for (;;) {
        while (generation == seen && !stopping)
            pthread_cond_wait(&wake, &lock);
        if (stopping)
            break;
        seen = generation;
        if (id >= wanted || !job_open)
            continue;
        active++;
        pts_task_fn fn = job_fn;
        void *data = job_data;
        int64_t n = job_n, k = job_chunks;
        pthread_mutex_unlock(&lock);
        run_chunks(fn, data, n, k);
        pthread_mutex_lock(&lock);
        if (--active == 0 && !job_open)
            pthread_cond_signal(&done);
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* Make workers 0 .. want-1 exist; returns how many do (fewer if the system refuses). */
static int grow(int want) {
    if (want > MAX_THREADS - 1)
        want = MAX_THREADS - 1;
    if (nworkers >= want || broken)
        return nworkers < want ? nworkers : want;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);    /* workers inherit: no signals for them */
    pthread_mutex_lock(&lock);
    uint64_t gen = generation;
    pthread_mutex_unlock(&lock);
    while (nworkers < want) {
        start_generation[nworkers] = gen;
        if (pthread_create(&workers[nworkers], NULL, worker_main, (void *)(intptr_t)nworkers)) {
            broken = 1;
            break;
        }
        nworkers++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return nworkers < want ? nworkers : want;
}

/* fork: the child has only the forking thread, so it forgets the parent's workers */
static void before_fork(void) { pthread_mutex_lock(&lock); }
static void after_fork_parent(void) { pthread_mutex_unlock(&lock); }
static void after_fork_child(void) {
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&wake, NULL);
    pthread_cond_init(&done, NULL);
    nworkers = 0;
    broken = 0;
    wanted = job_open = active = stopping = 0;
    atomic_store(&busy, 0);
}

static void init_once(void) {
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}

__attribute__((destructor)) static void stop_workers(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&busy, &expected, 1))
        return;                 /* a job is running: leave its workers be */
    pthread_mutex_lock(&lock);
    stopping = 1;
    pthread_cond_broadcast(&wake);
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < nworkers; i++)
        pthread_join(workers[i], NULL);
    nworkers = 0;               /* `busy` stays taken: later calls run serially */
}

void pts_parallel_for(pts_task_fn fn, void *data, int64_t n, int64_t grain) {
    if (n <= 0)
        return;
    if (grain < 1)
        grain = 1;
    int64_t k = n / grain;
    int threads = pts_get_num_threads();
    if (k > threads)
        k = threads;
    if (k <= 1) {
        fn(data, 0, n);
        return;
    }
    int expected = 0;
    int want = 0;
    if (atomic_compare_exchange_strong(&busy, &expected, 1)) {
        pthread_once(&once, init_once);
        want = grow((int)k - 1);
        if (want == 0)
            atomic_store(&busy, 0);
    }
    if (want == 0) {            /* the pool is busy (or has no workers): the same chunks here */
        for (int64_t i = 0; i < k; i++)
            fn(data, chunk_start(n, k, i), chunk_start(n, k, i + 1));
        return;
    }
    pthread_mutex_lock(&lock);
    job_fn = fn;
    job_data = data;
    job_n = n;
    job_chunks = k;
    atomic_store(&next_chunk, 0);
    wanted = want;
    job_open = 1;
    generation++;
    pthread_cond_broadcast(&wake);
    pthread_mutex_unlock(&lock);

    run_chunks(fn, data, n, k);

    pthread_mutex_lock(&lock);
    job_open = 0;
    while (active > 0)
        pthread_cond_wait(&done, &lock);
    pthread_mutex_unlock(&lock);
    atomic_store(&busy, 0);
}
