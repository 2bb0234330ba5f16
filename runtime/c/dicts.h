/* dicts.h — the hash tables of dicts and sets (runtime/c/dicts.c describes them).
 * Generated code reaches these through the import table (backend/abi.py IMPORTS "dict_*");
 * in process their addresses come from pts._dicts (runtime/_dicts.c), in libpts from
 * loader.c's table of runtime functions. */
#ifndef PTS_DICTS_H
#define PTS_DICTS_H

#include <stdint.h>

typedef struct pts_dict pts_dict;

/* A new empty table in ctx's arena: key slot kinds ('i' 'f' 's' each), nv value slots. */
pts_dict *pts_dict_new(void *ctx, const char *kinds, int64_t nv);
/* The value slots of key, or NULL if absent. */
uint64_t *pts_dict_find(pts_dict *d, const uint64_t *key);
/* The value slots of key, inserted (zeroed; *added = 1) if absent; NULL if out of memory.
   Valid until the next insertion. */
uint64_t *pts_dict_put(pts_dict *d, const uint64_t *key, int64_t *added);
/* Remove key (its value slots copied to value_out if not NULL): 1, or 0 if absent. */
int64_t pts_dict_del(pts_dict *d, const uint64_t *key, uint64_t *value_out);
/* The first live position >= pos, or -1; the last live position, or -1. */
int64_t pts_dict_next(const pts_dict *d, int64_t pos);
int64_t pts_dict_last(const pts_dict *d);
/* The key slots of the entry at a live position (its value slots follow them). */
uint64_t *pts_dict_entry(const pts_dict *d, int64_t i);
void pts_dict_clear(pts_dict *d);
/* A copy in ctx's arena (NULL if out of memory). */
pts_dict *pts_dict_copy(void *ctx, const pts_dict *d);

#endif
