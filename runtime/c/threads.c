/* threads.c — a persistent pool of worker threads for pts_parallel_for (threads.h), and
 * the policy that decides, call by call, whether a job is worth splitting at all.
 *
 * The job: one at a time.  A caller owns the pool by winning `busy`; whoever finds it taken
 * (a task calling pts_parallel_for, another application thread) runs its chunks itself, so
 * nothing ever waits for the pool and nesting cannot deadlock.  A job is cut into up to
 * OVERSPLIT chunks per thread, fixed by n, grain and the thread count alone: which thread
 * runs a chunk never changes what it computes, and a worker that starts late or is
 * descheduled holds one small chunk while the caller and the others take the rest from an
 * atomic counter.  The owner publishes the job (fields, then `job_open`, then a new
 * `generation`), runs chunks itself, closes the job when none are left (a worker slow to
 * wake then stays out: the caller never waits for a wake-up) and waits until the workers
 * that joined have finished (`active`), so the next job may reset the counter.
 *
 * Waiting is where a pool loses: on this kind of VM a futex sleep and wake-up costs ~20-50 us
 * (an idle vCPU is woken by an IPI), as much as a whole small job.  So both sides spin
 * first, boundedly: a worker that finished a job watches `generation` for up to its spin
 * budget (adaptive, per worker: doubled when a job came while it spun or soon after it fell
 * asleep, halved when a spin timed out) before sleeping on a condition variable, and the
 * caller watches `active` for about two of its own chunks' time and a wake-up's before
 * sleeping.  Spinning
 * hurts when another process wants the CPU (the spinner takes the core the caller or a
 * worker holding a chunk needs), and the sign of that is cheap to see: a spinner reads the
 * clock every few hundred nanoseconds, so a jump of GAP_NS between two reads means it was
 * descheduled.  Then nobody spins for LOADED_NS: workers sleep at once, the caller after a
 * few microseconds.  Sleepers are woken only when there are any (`sleepers`), so a pool of
 * spinning workers costs the caller no system call.
 *
 * The cost model: whether splitting pays depends on the work per call, the wake-up cost
 * and the load, none of which the caller can know, but all of which the pool can measure,
 * since kernels are called again and again with the same sizes (every training step, every
 * forward call).  A table (`stats`), keyed by the task function, n, grain and the
 * number of chunks, keeps per key the wall time of a serial run and of a parallel run
 * (moving averages).  A key's first call runs in parallel (its serial time is then estimated
 * from the caller's own chunks); later calls take the faster way, and every `interval` calls
 * the other way is tried again (the interval doubles while the answer holds, so a settled
 * key tries the losing way once in 1024 calls).  A job of LONG_NS or more on one thread is
 * always split: there the wake-ups cost nothing, and a loaded machine's noise could only
 * mislead the model.  A serial run executes the same chunks in
 * order, on the caller.
 *
 * Workers are created on first need and reused; they block signals, so signals go to the
 * application's threads.  After fork() the child has no workers: the atfork handlers
 * reset the pool (its first parallel call creates new ones).  At exit (or dlclose) a
 * destructor stops and joins the workers; if a job is running then, it leaves them.
 */
#define _GNU_SOURCE                 /* sched_getaffinity, CPU_COUNT */
#include "threads.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 1024
#ifndef OVERSPLIT
#define OVERSPLIT 4                 /* chunks per thread, at most (-DOVERSPLIT=n to experiment) */
#endif
#define SPIN_MAX_NS 100000          /* a worker's spin budget: at most this */
#define SPIN_START_NS 50000
#define SPIN_MIN_NS 2000            /* below this a budget is 0: sleep at once */
#define CALLER_SPIN_MAX_NS 200000   /* the caller's wait for the last chunks, spinning */
#define CALLER_SPIN_LOADED_NS 5000
#define GAP_NS 50000                /* a spinner's clock jumped this much: it was descheduled */
#define LOADED_NS 20000000          /* ... then nobody spins for 20 ms */
#define STATS 1024                  /* keys of the cost model: sets of WAYS, least recently */
#define WAYS 4                      /* used replaced */
#define LONG_NS 5000000             /* a job this long on one thread is always split */
#define PROBE_MAX 1024              /* a settled key tries the other way once in this many calls */

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

/* shared with the workers, atomically */
static atomic_ullong generation;    /* bumped by each published job */
static atomic_ullong start_generation[MAX_THREADS];   /* the generation a worker was made in */
static atomic_int wanted;           /* workers 0 .. wanted-1 may join the job ... */
static atomic_int job_open;         /* ... while this is set */
static atomic_int active;           /* workers that joined and have not finished */
static atomic_int sleepers;         /* workers asleep on `wake` (or about to be) */
static atomic_int caller_sleeping;  /* the caller is asleep on `done` (or about to be) */
static atomic_int stopping;
static atomic_llong loaded_at;      /* when a spinner last found it had been descheduled */

/* the current job: written before `job_open` is set, read by workers that saw it set */
static pts_task_fn job_fn;
static void *job_data;
static int64_t job_n, job_chunks;
static atomic_llong next_chunk;

/* the cost model, owned by the caller holding `busy` */
struct stat {
    pts_task_fn fn;
    int64_t n, grain, k;
    int64_t serial_ns, par_ns;      /* moving averages; 0: not measured yet */
    uint32_t calls, next_probe, interval;
    uint64_t used;                  /* `uses` at its last call */
};
static struct stat stats[STATS];
static uint64_t uses;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static int loaded(int64_t t) {
    int64_t at = atomic_load_explicit(&loaded_at, memory_order_relaxed);
    return at != 0 && t - at < LOADED_NS;
}

/* Spin while *word == value, at most budget ns; 1 if it changed.  A jump of the clock
 * between two looks means this thread was descheduled: the machine is loaded, stop. */
static int spin_while_equal(atomic_ullong *word, unsigned long long value, int64_t budget) {
    int64_t start = now_ns(), last = start;
    for (unsigned i = 1;; i++) {
        if (atomic_load_explicit(word, memory_order_acquire) != value)
            return 1;
        cpu_relax();
        if (i % 16 == 0) {
            if (atomic_load_explicit(&stopping, memory_order_relaxed))
                return 1;
            int64_t t = now_ns();
            if (t - last > GAP_NS) {
                atomic_store_explicit(&loaded_at, t, memory_order_relaxed);
                return 0;
            }
            if (t - start > budget)
                return 0;
            last = t;
        }
    }
}

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

/* Claim and run chunks until none are left; the time they took goes to *spent and their
 * number to *ran where those are given (the caller's estimate of a serial run). */
static void run_chunks(pts_task_fn fn, void *data, int64_t n, int64_t k, int64_t *spent,
                       int64_t *ran) {
    for (;;) {
        int64_t i = atomic_fetch_add(&next_chunk, 1);
        if (i >= k)
            return;
        int64_t t0 = spent ? now_ns() : 0;
        fn(data, chunk_start(n, k, i), chunk_start(n, k, i + 1));
        if (spent) {
            *spent += now_ns() - t0;
            ++*ran;
        }
    }
}

/* Wait for a generation other than `seen` (or stopping): spin within the budget, then
 * sleep.  The budget follows what spinning would have bought (see the top of the file). */
static unsigned long long wait_for_job(unsigned long long seen, int64_t *budget) {
    if (*budget >= SPIN_MIN_NS && !loaded(now_ns())) {
        if (spin_while_equal(&generation, seen, *budget)) {
            *budget = *budget * 2 > SPIN_MAX_NS ? SPIN_MAX_NS : *budget * 2;
            return atomic_load(&generation);
        }
        *budget /= 2;
    }
    unsigned long long g;
    int64_t slept = now_ns();
    pthread_mutex_lock(&lock);
    atomic_fetch_add(&sleepers, 1);
    while ((g = atomic_load(&generation)) == seen && !atomic_load(&stopping))
        pthread_cond_wait(&wake, &lock);
    atomic_fetch_sub(&sleepers, 1);
    pthread_mutex_unlock(&lock);
    int64_t t = now_ns();
    if (t - slept < SPIN_MAX_NS && !loaded(t)) {  /* woken soon after: spinning would have paid */
        *budget = *budget < SPIN_MIN_NS ? SPIN_MIN_NS * 4 : *budget * 2;
        if (*budget > SPIN_MAX_NS)
            *budget = SPIN_MAX_NS;
    }
    return g;
}

static void *worker_main(void *arg) {
    int id = (int)(intptr_t)arg;
    unsigned long long seen = atomic_load(&start_generation[id]);
    int64_t budget = SPIN_START_NS;
    for (;;) {
        seen = wait_for_job(seen, &budget);
        if (atomic_load(&stopping))
            break;
        if (id >= atomic_load(&wanted))
            continue;
        /* join: the caller closes the job before it reads `active`, so either it sees
         * us here or we see the job closed (both sides sequentially consistent) */
        atomic_fetch_add(&active, 1);
        if (atomic_load(&job_open) && atomic_load(&generation) == seen &&
            id < atomic_load(&wanted))      /* (a job published since may want fewer) */
            run_chunks(job_fn, job_data, job_n, job_chunks, NULL, NULL);
        if (atomic_fetch_sub(&active, 1) == 1 && atomic_load(&caller_sleeping)) {
            pthread_mutex_lock(&lock);
            pthread_cond_signal(&done);
            pthread_mutex_unlock(&lock);
        }
    }
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
    unsigned long long gen = atomic_load(&generation);
    while (nworkers < want) {
        atomic_store(&start_generation[nworkers], gen);
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
    atomic_store(&wanted, 0);
    atomic_store(&job_open, 0);
    atomic_store(&active, 0);
    atomic_store(&sleepers, 0);
    atomic_store(&caller_sleeping, 0);
    atomic_store(&stopping, 0);
    atomic_store(&loaded_at, 0);
    memset(stats, 0, sizeof stats);     /* a pool of its own: it measures anew */
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
    atomic_store(&stopping, 1);
    pthread_cond_broadcast(&wake);
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < nworkers; i++)
        pthread_join(workers[i], NULL);
    nworkers = 0;               /* `busy` stays taken: later calls run serially */
}

static void run_serially(pts_task_fn fn, void *data, int64_t n, int64_t k) {
    for (int64_t i = 0; i < k; i++)
        fn(data, chunk_start(n, k, i), chunk_start(n, k, i + 1));
}

/* The cost model's entry for this job (a new one replaces the least recently used of its
 * set). */
static struct stat *stat_for(pts_task_fn fn, int64_t n, int64_t grain, int64_t k) {
    uint64_t h = (uint64_t)(uintptr_t)fn * 0x9E3779B97F4A7C15ull;
    h ^= (uint64_t)n * 0xC2B2AE3D27D4EB4Full + (uint64_t)grain * 0x165667B19E3779F9ull +
         (uint64_t)k;
    struct stat *set = &stats[(h ^ (h >> 29)) % (STATS / WAYS) * WAYS], *s = set;
    for (int i = 0; i < WAYS; i++) {
        if (set[i].fn == fn && set[i].n == n && set[i].grain == grain && set[i].k == k) {
            s = &set[i];
            goto found;
        }
        if (set[i].used < s->used)
            s = &set[i];
    }
    *s = (struct stat){fn, n, grain, k, 0, 0, 0, 1, 1, 0};
found:
    s->used = ++uses;
    return s;
}

/* Fold a measured time into a moving average: a probe of the way not taken counts half
 * (it is one sample against an old one), a call the usual way an eighth. */
static void account(int64_t *avg, int64_t t, int probe) {
    if (*avg != 0 && t > 3 * *avg)
        t = 3 * *avg;               /* one preemption moves it a little, a lasting change soon */
    *avg = *avg == 0 ? t : probe ? (*avg + t) / 2 : *avg + (t - *avg) / 8;
}

/* Publish the job to `want` workers, run chunks here too, and return when all are done;
 * the caller's own chunks' time and number go to *spent and *ran (if given). */
static void run_parallel(pts_task_fn fn, void *data, int64_t n, int64_t k, int want,
                         int64_t *spent, int64_t *ran) {
    job_fn = fn;
    job_data = data;
    job_n = n;
    job_chunks = k;
    atomic_store(&next_chunk, 0);
    atomic_store(&wanted, want);
    atomic_store(&job_open, 1);
    atomic_fetch_add(&generation, 1);
    if (atomic_load(&sleepers) > 0) {
        pthread_mutex_lock(&lock);
        pthread_cond_broadcast(&wake);
        pthread_mutex_unlock(&lock);
    }

    int64_t mine = 0, count = 0;
    run_chunks(fn, data, n, k, &mine, &count);
    atomic_store(&job_open, 0);
    if (atomic_load(&active) > 0) {
        /* the workers hold at most a chunk each, one of them maybe just woken: spin about
         * two chunks' time and a wake-up's, then sleep */
        int64_t t = now_ns(), budget = count ? 2 * mine / count + 50000 : 50000;
        if (budget > CALLER_SPIN_MAX_NS)
            budget = CALLER_SPIN_MAX_NS;
        if (loaded(t))
            budget = CALLER_SPIN_LOADED_NS;
        int64_t start = t, last = t;
        for (unsigned i = 1; atomic_load(&active) > 0; i++) {
            cpu_relax();
            if (i % 16 == 0) {
                t = now_ns();
                if (t - last > GAP_NS)
                    atomic_store_explicit(&loaded_at, t, memory_order_relaxed);
                if (t - last > GAP_NS || t - start > budget)
                    break;
                last = t;
            }
        }
        if (atomic_load(&active) > 0) {
            pthread_mutex_lock(&lock);
            atomic_store(&caller_sleeping, 1);
            while (atomic_load(&active) > 0)
                pthread_cond_wait(&done, &lock);
            atomic_store(&caller_sleeping, 0);
            pthread_mutex_unlock(&lock);
        }
    }
    if (spent) {
        *spent = mine;
        *ran = count;
    }
}

void pts_parallel_for(pts_task_fn fn, void *data, int64_t n, int64_t grain) {
    if (n <= 0)
        return;
    if (grain < 1)
        grain = 1;
    int threads = pts_get_num_threads();
    int64_t k = n / grain;
    if (threads <= 1 || k <= 1) {
        fn(data, 0, n);
        return;
    }
    if (k > (int64_t)threads * OVERSPLIT)
        k = (int64_t)threads * OVERSPLIT;
    int expected = 0;
    int want = 0;
    if (atomic_compare_exchange_strong(&busy, &expected, 1)) {
        pthread_once(&once, init_once);
        want = grow((int)(k < threads ? k : threads) - 1);
        if (want == 0)
            atomic_store(&busy, 0);
    }
    if (want == 0) {            /* the pool is busy (or has no workers): the same chunks here */
        run_serially(fn, data, n, k);
        return;
    }

    struct stat *s = stat_for(fn, n, grain, k);
    int parallel = s->par_ns == 0 || s->par_ns < s->serial_ns - s->serial_ns / 20;
    /* a long job is split without probing: wake-ups are nothing to it, and a descheduled
     * worker holds one of 4 t chunks (a loaded machine's noise could only mislead here) */
    int long_job = s->serial_ns >= LONG_NS;
    parallel |= long_job;
    int probe = ++s->calls == s->next_probe && s->par_ns != 0 && !long_job;
    if (probe)
        parallel = !parallel;
    int64_t t0 = now_ns();
    if (parallel) {
        int64_t mine = 0, count = 0;
        run_parallel(fn, data, n, k, want, &mine, &count);
        account(&s->par_ns, now_ns() - t0, probe);
        if (s->serial_ns == 0 && count > 0)     /* first call: serial time from our chunks */
            s->serial_ns = mine / count * k;
    } else {
        run_serially(fn, data, n, k);
        account(&s->serial_ns, now_ns() - t0, probe);
    }
    if (s->calls >= s->next_probe) {
        /* the way a probe took lost again: try it less often; it won: try the other soon */
        int best = s->par_ns < s->serial_ns - s->serial_ns / 20;
        s->interval = probe && best != parallel ? (s->interval * 2 < PROBE_MAX ? s->interval * 2
                                                                              : PROBE_MAX)
                                                : 2;
        s->next_probe = s->calls + s->interval;
    }
    atomic_store(&busy, 0);
}
