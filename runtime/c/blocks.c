/* blocks.c — the cache of large freed blocks (see blocks.h). */
#define _GNU_SOURCE
#include "blocks.h"

#include <pthread.h>
#include <stdint.h>
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
static size_t live;                      /* bytes of large blocks handed out, not freed */
static size_t peak;                      /* the most `live` has been */
static size_t limit = SIZE_MAX;          /* the cap set by pts_block_cache_limit */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void before_fork(void) { pthread_mutex_lock(&lock); }
static void after_fork(void) { pthread_mutex_unlock(&lock); }
static void init(void) { pthread_atfork(before_fork, after_fork, after_fork); }

/* What the cache and the blocks in use may hold together: the peak working set and a
 * quarter more.  Without the quarter, a call whose block sizes differ slightly from one
 * call to the next keeps missing (a block taken by a smaller request is not there for the
 * larger one), and every miss evicts a block a later request needed: MyConv's training
 * step faulted 52k pages a step at 1.0x, none at 1.25x. */
static size_t budget(void) {
    size_t b = peak + peak / 4 > PTS_BLOCK_FLOOR ? peak + peak / 4 : PTS_BLOCK_FLOOR;
    return b < limit ? b : limit;
}

static void take(int i) {
    cached_bytes -= cache[i].size;
    for (int k = i + 1; k < cached; k++)
        cache[k - 1] = cache[k];
    cached--;
}

/* Free the oldest cached blocks until `more` bytes fit beside the cache and those in use,
 * with `slots` slots free.  Called with the lock held. */
static void evict_for(size_t more, int slots) {
    size_t b = budget();
    while (cached && (cached + slots > PTS_BLOCK_SLOTS || cached_bytes + live + more > b)) {
        void *old = cache[0].p;
        take(0);
        free(old);
    }
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
        void *p = NULL;
        if (best >= 0) {
            p = cache[best].p;
            live += cache[best].size;
            take(best);
        } else {
            /* (malloc may hand out up to a page more than asked: mmap'ed blocks are whole
             * pages, and `live` counts the usable size) */
            evict_for(n + 4096, 0);
        }
        pthread_mutex_unlock(&lock);
        if (!p) {
            p = malloc(n);
            if (p) {
                pthread_mutex_lock(&lock);
                live += USABLE_SIZE(p);
                if (live > peak)
                    peak = live;
                pthread_mutex_unlock(&lock);
            }
        }
        return p;
    }
#endif
    return malloc(n);
}

void pts__str_forget(void *p);     /* strings.c: a string chunk freed is no longer current */

void pts_block_free(void *p) {
    pts__str_forget(p);
#ifdef USABLE_SIZE
    if (p) {
        size_t size = USABLE_SIZE(p);
        if (size >= PTS_BLOCK_MIN) {
            pthread_once(&once, init);
            pthread_mutex_lock(&lock);
            /* a block realloc'ed after we handed it out may not be counted as it is now */
            live = live > size ? live - size : 0;
            if (size <= budget()) {
                evict_for(size, 1);
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

void pts_block_stats(size_t out[3]) {
    pthread_mutex_lock(&lock);
    out[0] = cached_bytes;
    out[1] = live;
    out[2] = peak;
    pthread_mutex_unlock(&lock);
}
