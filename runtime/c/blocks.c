/* blocks.c — the cache of large freed blocks (see blocks.h). */
#define _GNU_SOURCE
#include "blocks.h"

#include <pthread.h>
#include <stdlib.h>

#if defined(__linux__)
#include <malloc.h>
#define USABLE_SIZE(p) malloc_usable_size(p)
#endif

static struct {
    void *p;
    size_t size;
} cache[PTS_BLOCK_SLOTS];                /* oldest first */
static int cached;
static size_t cached_bytes;
static size_t limit = (size_t)256 << 20;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void before_fork(void) { pthread_mutex_lock(&lock); }
static void after_fork(void) { pthread_mutex_unlock(&lock); }
static void init(void) { pthread_atfork(before_fork, after_fork, after_fork); }

static void take(int i) {
    cached_bytes -= cache[i].size;
    for (int k = i + 1; k < cached; k++)
        cache[k - 1] = cache[k];
    cached--;
}

void *pts_block_malloc(size_t n) {
#ifdef USABLE_SIZE
    if (n >= PTS_BLOCK_MIN) {
        pthread_once(&once, init);
        pthread_mutex_lock(&lock);
        int best = -1;                   /* the smallest block that fits, wasting <= 1/8 */
        for (int i = 0; i < cached; i++)
            if (cache[i].size >= n && cache[i].size - n <= n / 8 &&
                (best < 0 || cache[i].size < cache[best].size))
                best = i;
        void *p = best >= 0 ? cache[best].p : NULL;
        if (best >= 0)
            take(best);
        pthread_mutex_unlock(&lock);
        if (p)
            return p;
    }
#endif
    return malloc(n);
}

void pts_block_free(void *p) {
#ifdef USABLE_SIZE
    if (p) {
        size_t size = USABLE_SIZE(p);
        if (size >= PTS_BLOCK_MIN) {
            pthread_once(&once, init);
            pthread_mutex_lock(&lock);
            if (size <= limit) {
                while (cached && (cached == PTS_BLOCK_SLOTS || cached_bytes + size > limit)) {
                    void *old = cache[0].p;
                    take(0);
                    free(old);
                }
                cache[cached].p = p;
                cache[cached].size = size;
                cached++;
                cached_bytes += size;
                p = NULL;
            }
            pthread_mutex_unlock(&lock);
        }
    }
#endif
    free(p);
}

size_t pts_block_cache_limit(size_t bytes) {
    pthread_once(&once, init);
    pthread_mutex_lock(&lock);
    size_t old = limit;
    limit = bytes;
    while (cached && cached_bytes > limit) {
        void *q = cache[0].p;
        take(0);
        free(q);
    }
    pthread_mutex_unlock(&lock);
    return old;
}
