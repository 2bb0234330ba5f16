/* blocks.h — a cache of large freed memory blocks (runtime/c/blocks.c).
 *
 * Tensor code allocates its outputs and temporaries with the import table's malloc and
 * frees them with its free.  A model's forward or a training step called in a loop
 * allocates the same large blocks on every call; returned to the system and asked for
 * again, each costs the kernel a page fault and a cleared page per 4 KiB (MyConv, batch
 * 128: ~9% of a forward, ~35% of a training step).  In process (pts._threads) and in libpts
 * (loader.c) the slots "malloc" and "free" are these functions, and results' blocks go back
 * through pts_block_free: blocks of at least PTS_BLOCK_MIN bytes that are freed wait in a
 * cache (at most PTS_BLOCK_SLOTS blocks, oldest out first) for an allocation of about their
 * size; smaller ones go straight to malloc and free.  Every block is a malloc block, so
 * free() and realloc() stay valid on any of them.
 *
 * How much is kept adapts to the program: the cache and the large blocks in use together
 * stay within a quarter more than the most large-block memory the process has had in use
 * at once (its peak working set; at least PTS_BLOCK_FLOOR), so keeping blocks raises the
 * process's peak memory little above what a call already needed; pts_block_cache_limit
 * caps it further.
 * A miss that would go over evicts the oldest blocks first (a batch size that changed
 * leaves its old blocks to be freed).
 */
#ifndef PTS_BLOCKS_H
#define PTS_BLOCKS_H

#include <stddef.h>

#include "pts.h"

#define PTS_BLOCK_MIN ((size_t)1 << 20)
#define PTS_BLOCK_SLOTS 128
#define PTS_BLOCK_FLOOR ((size_t)256 << 20)

void *pts_block_malloc(size_t n);
void pts_block_free(void *p);
/* bytes cached, large-block bytes in use, and the most ever in use (for tests) */
void pts_block_stats(size_t out[3]);
/* pts_block_cache_limit, declared in pts.h for C users */

#endif
