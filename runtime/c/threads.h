/* threads.h — the thread pool kernels split their outer loops over (runtime/c/threads.c).
 *
 * Generated code reaches pts_parallel_for through the import table (slot "parallel_for",
 * backend/abi.py IMPORTS); in process it is the same C code, built into pts._threads.
 * pts.h declares the same functions for C users of libpts.
 */
#ifndef PTS_THREADS_H
#define PTS_THREADS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef PTS_API
#if defined(__GNUC__)
#define PTS_API __attribute__((visibility("default")))
#else
#define PTS_API
#endif
#endif

#ifndef PTS_TASK_FN_DEFINED
#define PTS_TASK_FN_DEFINED
typedef void (*pts_task_fn)(void *data, int64_t begin, int64_t end);
#endif

/* Call fn(data, begin, end) on disjoint chunks covering [0, n) and return when all are
 * done.  The chunks depend only on n, grain and pts_get_num_threads() = t: one thread, or
 * n < 2 * grain: fn(data, 0, n) on the caller; else k = min(n / grain, 4 * t) chunks, each
 * at least grain long (chunk i is [i*n/k, (i+1)*n/k) rounded down).  Who runs them is the
 * pool's choice: up to t threads, the caller being one of them, or the caller alone, one
 * after another, where the pool has measured that splitting this job (the same fn, n and
 * grain) does not pay on this machine now.  A job it has not seen yet is always split.  If
 * the pool is busy (a call from inside a task, or from two threads at once) the chunks run
 * one after another on the caller. */
PTS_API void pts_parallel_for(pts_task_fn fn, void *data, int64_t n, int64_t grain);

/* The number of threads pts_parallel_for uses; returns the previous value.  n <= 0: the
 * number of CPUs this process may run on.  The initial value is $PTS_NUM_THREADS if it is
 * a positive integer, else the number of CPUs. */
PTS_API int pts_set_num_threads(int n);
PTS_API int pts_get_num_threads(void);

#ifdef __cplusplus
}
#endif
#endif
