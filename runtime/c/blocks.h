/* blocks.h — a cache of large freed memory blocks (runtime/c/blocks.c).
 *
 * Tensor code allocates its outputs and temporaries with the import table's malloc and
 * frees them with its free.  A model's forward called in a loop allocates the same large
 * blocks on every call; returned to the system and asked for again, each costs the kernel
 * a page fault and a cleared page per 4 KiB (MyConv, batch 128: ~9% of its time).  In
 * process (pts._threads) and in libpts (loader.c) the slots "malloc" and "free" are these
 * functions, and results' blocks go back through pts_block_free: blocks of at least
 * PTS_BLOCK_MIN bytes that are freed wait in a small cache (at most PTS_BLOCK_SLOTS blocks
 * and pts_block_cache_limit bytes, oldest out first) for an allocation of about their
 * size; smaller ones go straight to malloc and free.  Every block is a malloc block, so
 * free() and realloc() stay valid on any of them.
 */
#ifndef PTS_BLOCKS_H
#define PTS_BLOCKS_H

#include <stddef.h>

#include "pts.h"

#define PTS_BLOCK_MIN ((size_t)1 << 20)
#define PTS_BLOCK_SLOTS 16

void *pts_block_malloc(size_t n);
void pts_block_free(void *p);
/* pts_block_cache_limit, declared in pts.h for C users */

#endif
