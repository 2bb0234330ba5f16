/* dicts.c — the hash tables of dict<K, V> and set<K> (backend/dict_codegen.py calls these).
 *
 * One table serves both (a set has no value slots).  It is CPython's compact dict: an
 * array of entries in insertion order, and an open-addressing index of positions into it
 * (perturbed probing, as CPython's), with tombstones for deleted slots; a deleted entry
 * keeps its place in the array (hash = DELETED) until the table is rebuilt, which happens
 * when the entry array is full: the live entries are compacted and the index made anew,
 * twice as large as the live count needs (so iteration by position — pts_dict_next — is
 * stable while nothing is inserted).
 *
 * A key is nk 8-byte slots (a tuple key: one per leaf) of the kinds in `kinds`: 'i' an
 * int64 (bools too), 'f' a double's bits, 's' a pts string (the address of its UTF-8 bytes,
 * with the byte length in the 8 bytes before: backend/str_codegen.py).  Equality is
 * CPython's for those: -0.0 == 0.0, nan never equal (each nan stored is a new key), strings
 * by bytes.  Hashes: a 64-bit mix of ints and of doubles' bits (0.0 for -0.0), of a string's
 * first 8 bytes and length (then of each further 8 bytes); not CPython's values, which no
 * pts program can see.  A lookup remembers its hash and probe result for the next lookup of
 * the same key (`recall`: `d[w] = d.get(w, 0) + 1` hashes and probes once).
 * An entry: hash, key slots, value slots (nv; the value's leaves as 8-byte slots), then
 * one tag per string slot of the key: its byte length (saturated at 255) in the top byte
 * and its first 7 bytes below, so that a lookup compares a stored string without reading
 * it (a cache miss: the string lives elsewhere) unless the tags agree and it is longer
 * than 7 bytes — most words are not.
 *
 * Memory: the header is a node of the call's arena (ctx->lists: {len, cap, data, next},
 * freed with its data by the image's release); `len` is the live count, `data` one block
 * holding the index then the entries.  Blocks come from the import table's malloc and free
 * (ctx->imports slots 0 and 2), so the same code runs in process (pts._dicts) and in libpts.
 */
#include <stdint.h>
#include <string.h>

#include "dicts.h"

typedef struct {                          /* the first fields of the context */
    int64_t kind, line, col;
    const char *file, *msg, *func;
    void *const *imports;
    void *lists;
} dict_ctx;

typedef void *(*malloc_fn)(size_t);
typedef void (*free_fn)(void *);

#define EMPTY (-1)
#define DUMMY (-2)
#define DELETED UINT64_MAX
#define MAX_KEY 8

struct pts_dict {
    int64_t len, cap;                     /* live entries; entry capacity */
    char *data;                           /* index (size int32 slots), then the entries */
    void *next;                           /* the arena chain */
    int64_t used;                         /* entries written, live or deleted */
    int64_t size;                         /* index slots, a power of two */
    int64_t nk, nv, ns;                   /* key, value and tag slots of an entry */
    char kinds[MAX_KEY];
    void *const *imports;                 /* malloc and free */
    /* the last probe (see `recall`): its key's slots and tags, hash and probe result */
    int64_t memo;                         /* 1: valid; 0: not; -1: never (float keys) */
    int64_t memo_slot;
    uint64_t memo_h, memo_key[MAX_KEY], memo_tags[MAX_KEY];
    int64_t str1;                         /* 1: one str slot per key (the fast paths) */
};

static void push(dict_ctx *c, pts_dict *d) {
    /* as strings.c's push: a tensor header below (len < 0) learns its predecessor */
    void *old = c->lists;
    d->next = old;
    if (old && *(int64_t *)old < 0)
        memcpy((char *)old + 32, &(void *){&d->next}, sizeof(void *));
    c->lists = d;
}

/* The index holds int32 positions (a table of 2^31 entries would not fit a call's
   memory anyway): half the cache lines of int64 ones, as CPython sizes its index. */
typedef int32_t slot_t;

static inline slot_t *index_of(const pts_dict *d) { return (slot_t *)d->data; }

static inline int64_t entry_slots(const pts_dict *d) { return 1 + d->nk + d->nv + d->ns; }

static inline uint64_t *entry(const pts_dict *d, int64_t i) {
    return (uint64_t *)(d->data + d->size * (int64_t)sizeof(slot_t)) + i * entry_slots(d);
}

/* One multiply, its high half folded into the low bits the index reads: enough for
   strings' words (probing perturbs with the high bits too), and short on the critical path
   of a lookup. */
static inline uint64_t quick_mix(uint64_t x) {
    unsigned __int128 p = (unsigned __int128)x * 0x9e3779b97f4a7c15ULL;
    return (uint64_t)p ^ (uint64_t)(p >> 64);
}

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static inline int64_t str_bytes(uint64_t s) { return *(const int64_t *)((uintptr_t)s - 8); }

static inline uint32_t load4(const unsigned char *p) {
    uint32_t w;
    memcpy(&w, p, 4);
    return w;
}

/* The first min(n, 8) bytes of p as a little-endian word, the rest zero; it reads only
   those bytes (a string's bytes may end at its allocation's end). */
static inline uint64_t head_word(const unsigned char *p, int64_t n) {
    uint64_t w;
    if (n >= 8) {
        memcpy(&w, p, 8);
        return w;
    }
    if (n >= 4)                           /* two overlapping loads: the bytes agree where both are */
        return load4(p) | (uint64_t)load4(p + n - 4) << (8 * (n - 4));
    if (n > 0)
        return p[0] | (uint64_t)p[n / 2] << (8 * (n / 2)) | (uint64_t)p[n - 1] << (8 * (n - 1));
    return 0;
}

/* A string slot's hash and tag (see the top of the file) in one read of its head: strings
   of up to 8 bytes (most words) hash as one mixed word. */
static inline __attribute__((always_inline)) uint64_t str_hash_tag(uint64_t s, uint64_t *tag) {
    const unsigned char *p = (const unsigned char *)(uintptr_t)s;
    int64_t n = str_bytes(s);
    uint64_t w = head_word(p, n);
    *tag = ((uint64_t)(n < 255 ? n : 255) << 56) | (w & 0x00ffffffffffffffULL);
    uint64_t h = w ^ ((uint64_t)n << 58 | (uint64_t)n);
    for (int64_t i = 8; i < n; i += 8) {
        uint64_t x;
        if (n - i >= 8)
            memcpy(&x, p + i, 8);
        else
            x = head_word(p + i, n - i);
        h = quick_mix(h) ^ x;
    }
    return mix(h);
}

/* The hash of a key, and the tags of its string slots (in slot order). */
static uint64_t hash_key(const pts_dict *d, const uint64_t *key, uint64_t *tags) {
    if (d->nk == 1) {                     /* one slot: its own hash */
        uint64_t h;
        if (d->kinds[0] == 's')
            h = str_hash_tag(key[0], tags);
        else if (d->kinds[0] == 'i')
            h = mix(key[0]);
        else {
            double v;
            memcpy(&v, key, 8);
            h = mix(v == 0.0 ? 0 : key[0]);    /* -0.0 == 0.0 */
        }
        return h == DELETED ? h - 1 : h;
    }
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int64_t k = 0, j = 0; k < d->nk; k++) {
        uint64_t x = key[k], e;
        switch (d->kinds[k]) {
        case 'f': {
            double v;
            memcpy(&v, &x, 8);
            if (v == 0.0)
                x = 0;                    /* -0.0 == 0.0 */
            e = mix(x);
            break;
        }
        case 's':
            e = str_hash_tag(x, &tags[j++]);
            break;
        default:
            e = mix(x);
        }
        h = (h ^ e) * 0x100000001b3ULL + (uint64_t)k;
    }
    return h == DELETED ? h - 1 : h;
}

/* Is the entry's key (slots a, tags at) equal to key b (tags bt)? */
static int keys_equal(const pts_dict *d, const uint64_t *a, const uint64_t *at, const uint64_t *b,
                      const uint64_t *bt) {
    for (int64_t k = 0, j = 0; k < d->nk; k++) {
        uint64_t x = a[k], y = b[k];
        switch (d->kinds[k]) {
        case 'f': {
            double u, v;
            memcpy(&u, &x, 8);
            memcpy(&v, &y, 8);
            if (!(u == v))
                return 0;
            break;
        }
        case 's': {
            uint64_t tag = at[j], btag = bt[j];
            j++;
            if (tag != btag)
                return 0;
            if (x == y || (tag >> 56) < 8)      /* the tag holds the whole string */
                break;
            int64_t n = str_bytes(x);
            if (n != str_bytes(y))
                return 0;
            const char *p = (const char *)(uintptr_t)x, *q = (const char *)(uintptr_t)y;
            if (n <= 16) {                     /* (the first 7 bytes agree: two words) */
                uint64_t u, v, u2, v2;
                memcpy(&u, p, 8);
                memcpy(&v, q, 8);
                memcpy(&u2, p + n - 8, 8);
                memcpy(&v2, q + n - 8, 8);
                if (u != v || u2 != v2)
                    return 0;
            } else if (memcmp(p, q, (size_t)n)) {
                return 0;
            }
            break;
        }
        default:
            if (x != y)
                return 0;
        }
    }
    return 1;
}

/* The index slot holding key (>= 0: its entry is index[slot]) or, if absent, -1 - the
   slot an insertion takes (the first dummy seen, else the empty one). */
static inline int64_t probe(const pts_dict *d, const uint64_t *key, const uint64_t *tags,
                            uint64_t h) {
    const slot_t *ix = index_of(d);
    uint64_t mask = (uint64_t)d->size - 1, perturb = h, i = h & mask;
    int64_t free_slot = -1;
    if (d->nk == 1 && d->kinds[0] == 'i') {            /* int keys: compare the key alone */
        for (;;) {
            int64_t e = ix[i];
            if (e == EMPTY)
                return -1 - (free_slot >= 0 ? free_slot : (int64_t)i);
            if (e == DUMMY) {
                if (free_slot < 0)
                    free_slot = (int64_t)i;
            } else if (entry(d, e)[1] == key[0]) {
                return (int64_t)i;
            }
            perturb >>= 5;
            i = (i * 5 + perturb + 1) & mask;
        }
    }
    if (d->nk == 1 && d->kinds[0] == 's') {            /* str keys: hash, tag, then bytes */
        int64_t tag_at = 2 + d->nv;
        for (;;) {
            int64_t e = ix[i];
            if (e == EMPTY)
                return -1 - (free_slot >= 0 ? free_slot : (int64_t)i);
            if (e == DUMMY) {
                if (free_slot < 0)
                    free_slot = (int64_t)i;
            } else {
                const uint64_t *en = entry(d, e);
                if (en[0] == h && en[tag_at] == tags[0] &&
                    (en[1] == key[0] || (tags[0] >> 56) < 8 ||
                     keys_equal(d, en + 1, en + tag_at, key, tags)))
                    return (int64_t)i;
            }
            perturb >>= 5;
            i = (i * 5 + perturb + 1) & mask;
        }
    }
    for (;;) {
        int64_t e = ix[i];
        if (e == EMPTY)
            return -1 - (free_slot >= 0 ? free_slot : (int64_t)i);
        if (e == DUMMY) {
            if (free_slot < 0)
                free_slot = (int64_t)i;
        } else {
            const uint64_t *en = entry(d, e);
            if (en[0] == h && keys_equal(d, en + 1, en + 1 + d->nk + d->nv, key, tags))
                return (int64_t)i;
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

/* Rebuild with room for `want` entries: compacted, a fresh index. */
static int rebuild(pts_dict *d, int64_t want) {
    int64_t cap = 8;
    while (cap < want)
        cap *= 2;
    int64_t size = cap * 2;               /* load <= 1/2 */
    int64_t esize = 8 * entry_slots(d);
    char *block = ((malloc_fn)d->imports[0])((size_t)(size * (int64_t)sizeof(slot_t) + cap * esize));
    if (!block)
        return 0;
    pts_dict old = *d;
    if (d->memo > 0)
        d->memo = 0;                      /* (the memo's probe result is of the old index) */
    d->data = block;
    d->size = size;
    d->cap = cap;
    memset(block, 0xff, (size_t)size * sizeof(slot_t));          /* EMPTY */
    int64_t n = 0;
    for (int64_t i = 0; i < old.used; i++) {
        const uint64_t *src = entry(&old, i);
        if (src[0] == DELETED)
            continue;
        memcpy(entry(d, n), src, (size_t)esize);
        uint64_t mask = (uint64_t)size - 1, perturb = src[0], j = src[0] & mask;
        slot_t *ix = index_of(d);
        while (ix[j] != EMPTY) {
            perturb >>= 5;
            j = (j * 5 + perturb + 1) & mask;
        }
        ix[j] = n++;
    }
    d->used = n;
    if (old.data)
        ((free_fn)d->imports[2])(old.data);
    return 1;
}

pts_dict *pts_dict_new(void *ctxp, const char *kinds, int64_t nv) {
    dict_ctx *c = ctxp;
    pts_dict *d = ((malloc_fn)c->imports[0])(sizeof *d);
    if (!d)
        return NULL;
    memset(d, 0, sizeof *d);
    d->nk = (int64_t)strlen(kinds);
    if (d->nk > MAX_KEY)
        d->nk = MAX_KEY;
    memcpy(d->kinds, kinds, (size_t)d->nk);
    for (int64_t k = 0; k < d->nk; k++) {
        d->ns += d->kinds[k] == 's';
        if (d->kinds[k] == 'f')
            d->memo = -1;
    }
    d->nv = nv;
    d->str1 = d->nk == 1 && d->kinds[0] == 's';
    d->imports = c->imports;
    if (!rebuild(d, 8)) {
        ((free_fn)c->imports[2])(d);
        return NULL;
    }
    push(c, d);
    return d;
}

/* The memo: `d[w] = d.get(w, 0) + 1` looks w up twice; the second lookup of the same key
   reuses the first's hash, tags and probe result (the slot holding it, or where it would
   go).  A probe result stays valid until the index changes: an insertion (which memoizes
   the key it inserts), a deletion, a clear or a rebuild.  The same key is the same slots,
   bit for bit: a string slot is then the same address, which names one string for the
   whole call (a string is never freed or changed while a value holds it: str.append grows
   only a string nothing else holds, backend/str_codegen.py's _owned; a table lives in one
   call's arena).  Equal keys that are different objects simply miss.  Float keys never use
   it (nan: the same bits, yet never equal). */
static inline int recall(const pts_dict *d, const uint64_t *key) {
    if (d->memo != 1)
        return 0;
    for (int64_t k = 0; k < d->nk; k++)
        if (key[k] != d->memo_key[k])
            return 0;
    return 1;
}

static inline void copy_slots(uint64_t *dst, const uint64_t *src, int64_t n) {
    if (n == 1)                          /* (most keys and values: no call of memcpy) */
        dst[0] = src[0];
    else if (n > 1)
        memcpy(dst, src, (size_t)n * 8);
}

static inline void remember(pts_dict *d, const uint64_t *key, const uint64_t *tags, uint64_t h,
                            int64_t slot) {
    if (d->memo < 0)
        return;
    copy_slots(d->memo_key, key, d->nk);
    copy_slots(d->memo_tags, tags, d->ns);
    d->memo_h = h;
    d->memo_slot = slot;
    d->memo = 1;
}

static inline void forget(pts_dict *d) {
    if (d->memo > 0)
        d->memo = 0;
}

/* The probe result for key (probe's) through the memo; its hash in *hp, the tags of its
   string slots in tags. */
static inline int64_t lookup(pts_dict *d, const uint64_t *key, uint64_t *tags, uint64_t *hp) {
    if (d->nk == 1) {                     /* one slot: the short way */
        uint64_t k = key[0], h;
        if (d->memo == 1 && k == d->memo_key[0]) {
            *hp = d->memo_h;
            tags[0] = d->memo_tags[0];
            return d->memo_slot;
        }
        tags[0] = 0;
        if (d->kinds[0] == 's')
            h = str_hash_tag(k, tags);
        else if (d->kinds[0] == 'i')
            h = mix(k);
        else {
            double v;
            memcpy(&v, &k, 8);
            h = mix(v == 0.0 ? 0 : k);    /* -0.0 == 0.0 */
        }
        h = h == DELETED ? h - 1 : h;
        *hp = h;
        int64_t s = probe(d, key, tags, h);
        if (d->memo >= 0) {
            d->memo_key[0] = k;
            d->memo_tags[0] = tags[0];
            d->memo_h = h;
            d->memo_slot = s;
            d->memo = 1;
        }
        return s;
    }
    if (recall(d, key)) {
        *hp = d->memo_h;
        copy_slots(tags, d->memo_tags, d->ns);
        return d->memo_slot;
    }
    uint64_t h = hash_key(d, key, tags);
    *hp = h;
    int64_t s = probe(d, key, tags, h);
    remember(d, key, tags, h, s);
    return s;
}

/* Do strings x and y, whose tags agree (so do their lengths, >= 8, and first 7 bytes),
   hold the same bytes? */
static inline int same_tail(uint64_t x, uint64_t y, uint64_t tag) {
    const char *p = (const char *)(uintptr_t)x, *q = (const char *)(uintptr_t)y;
    int64_t n = str_bytes(x);
    if ((tag >> 56) < 255 && n <= 16) {
        uint64_t u, v, u2, v2;
        memcpy(&u, p, 8);
        memcpy(&v, q, 8);
        memcpy(&u2, p + n - 8, 8);
        memcpy(&v2, q + n - 8, 8);
        return u == v && u2 == v2;
    }
    return n == str_bytes(y) && !memcmp(p, q, (size_t)n);
}

/* A table of str keys (str1): the probe without the general key's loops.  The entry:
   hash, key, nv value slots, tag. */
static inline int64_t probe_str1(const pts_dict *d, uint64_t k, uint64_t tag, uint64_t h) {
    const slot_t *ix = index_of(d);
    const uint64_t *ents = (const uint64_t *)(d->data + d->size * (int64_t)sizeof(slot_t));
    int64_t es = 3 + d->nv, tag_at = 2 + d->nv;
    uint64_t mask = (uint64_t)d->size - 1, perturb = h, i = h & mask;
    int64_t free_slot = -1;
    for (;;) {
        int64_t e = ix[i];
        if (e >= 0) {
            const uint64_t *en = ents + e * es;
            if (en[0] == h && en[tag_at] == tag &&
                (en[1] == k || (tag >> 56) < 8 || same_tail(en[1], k, tag)))
                return (int64_t)i;
        } else if (e == EMPTY) {
            return -1 - (free_slot >= 0 ? free_slot : (int64_t)i);
        } else if (free_slot < 0) {
            free_slot = (int64_t)i;
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

/* lookup for a str1 table: the probe result, its hash and the key's tag */
static inline __attribute__((always_inline)) int64_t lookup_str1(pts_dict *d, uint64_t k,
                                                                  uint64_t *tag, uint64_t *hp) {
    if (d->memo == 1 && k == d->memo_key[0]) {
        *hp = d->memo_h;
        *tag = d->memo_tags[0];
        return d->memo_slot;
    }
    uint64_t h = str_hash_tag(k, tag);
    h = h == DELETED ? h - 1 : h;
    int64_t s = probe_str1(d, k, *tag, h);
    d->memo_key[0] = k;
    d->memo_tags[0] = *tag;
    d->memo_h = *hp = h;
    d->memo_slot = s;
    d->memo = 1;
    return s;
}

uint64_t *pts_dict_find(pts_dict *d, const uint64_t *key) {
    if (d->len == 0)
        return NULL;
    if (d->str1) {
        uint64_t tag, h;
        int64_t s = lookup_str1(d, key[0], &tag, &h);
        return s < 0 ? NULL : entry(d, index_of(d)[s]) + 2;
    }
    uint64_t tags[MAX_KEY], h;
    int64_t s = lookup(d, key, tags, &h);
    return s < 0 ? NULL : entry(d, index_of(d)[s]) + 1 + d->nk;
}

uint64_t *pts_dict_put(pts_dict *d, const uint64_t *key, int64_t *added) {
    uint64_t tags[MAX_KEY], h;
    int64_t s;
    if (d->str1) {
        s = lookup_str1(d, key[0], tags, &h);
        if (s >= 0) {
            *added = 0;
            return entry(d, index_of(d)[s]) + 2;
        }
    } else {
        s = lookup(d, key, tags, &h);
    }
    if (s >= 0) {
        *added = 0;
        return entry(d, index_of(d)[s]) + 1 + d->nk;
    }
    if (d->used == d->cap) {
        if (!rebuild(d, (d->len + 1) * 2))
            return NULL;
        s = probe(d, key, tags, h);
    }
    int64_t i = d->used++;
    index_of(d)[-1 - s] = (slot_t)i;
    uint64_t *en = entry(d, i);
    en[0] = h;
    copy_slots(en + 1, key, d->nk);
    if (d->nv == 1)
        en[1 + d->nk] = 0;
    else if (d->nv > 1)
        memset(en + 1 + d->nk, 0, (size_t)d->nv * 8);
    copy_slots(en + 1 + d->nk + d->nv, tags, d->ns);
    d->len++;
    remember(d, key, tags, h, -1 - s);
    *added = 1;
    return en + 1 + d->nk;
}

int64_t pts_dict_del(pts_dict *d, const uint64_t *key, uint64_t *value_out) {
    if (d->len == 0)
        return 0;
    uint64_t tags[MAX_KEY], h;
    int64_t s = lookup(d, key, tags, &h);
    forget(d);
    if (s < 0)
        return 0;
    slot_t *ix = index_of(d);
    uint64_t *en = entry(d, ix[s]);
    if (value_out)
        memcpy(value_out, en + 1 + d->nk, (size_t)d->nv * 8);
    en[0] = DELETED;
    ix[s] = DUMMY;
    d->len--;
    return 1;
}

int64_t pts_dict_next(const pts_dict *d, int64_t pos) {
    for (int64_t i = pos < 0 ? 0 : pos; i < d->used; i++)
        if (entry(d, i)[0] != DELETED)
            return i;
    return -1;
}

uint64_t *pts_dict_entry(const pts_dict *d, int64_t i) { return entry(d, i) + 1; }

int64_t pts_dict_last(const pts_dict *d) {
    for (int64_t i = d->used - 1; i >= 0; i--)
        if (entry(d, i)[0] != DELETED)
            return i;
    return -1;
}

void pts_dict_clear(pts_dict *d) {
    forget(d);
    memset(d->data, 0xff, (size_t)d->size * sizeof(slot_t));
    d->used = d->len = 0;
}

pts_dict *pts_dict_copy(void *ctxp, const pts_dict *src) {
    char kinds[MAX_KEY + 1] = {0};
    memcpy(kinds, src->kinds, (size_t)src->nk);
    pts_dict *d = pts_dict_new(ctxp, kinds, src->nv);
    if (!d)
        return NULL;
    if (src->len && !rebuild(d, src->len))
        return NULL;
    for (int64_t i = 0; i < src->used; i++) {
        const uint64_t *en = entry(src, i);
        if (en[0] == DELETED)
            continue;
        int64_t added;
        uint64_t *v = pts_dict_put(d, en + 1, &added);
        if (!v)
            return NULL;
        memcpy(v, en + 1 + src->nk, (size_t)src->nv * 8);
    }
    return d;
}
