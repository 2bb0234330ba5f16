/* internal.h — what the parts of libpts share (not installed; see pts.h for the API). */
#ifndef PTS_INTERNAL_H
#define PTS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pts.h"

/* Fill err (if not NULL) and return its status. */
pts_status pts__fail(pts_error *err, pts_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Read the stream f (named path in messages) to its end into a malloc'd buffer (*buf,
 * *len; free it), at most max bytes; closes f either way. */
pts_status pts__read_all(FILE *f, const char *path, size_t max, unsigned char **buf,
                         size_t *len, pts_error *err);

/* ---- zip (zip.c) --------------------------------------------------------------------- */

typedef struct pts_zip_entry {
    char name[256];
    size_t offset;        /* of the data in the archive */
    size_t size;
    uint32_t crc;
} pts_zip_entry;

typedef struct pts_zip {
    const unsigned char *data;
    size_t size;
    pts_zip_entry *entries;
    size_t count;
} pts_zip;

#define PTS_ZIP_MAX_ENTRIES 4096

/* Parse the central directory of a zip of stored entries; checks every offset and size,
 * the local headers, overlaps and duplicates, and the CRC of every entry. */
pts_status pts__zip_open(pts_zip *z, const unsigned char *data, size_t size, pts_error *err);
const pts_zip_entry *pts__zip_find(const pts_zip *z, const char *name);
void pts__zip_close(pts_zip *z);
uint32_t pts__crc32(const unsigned char *p, size_t n);

/* ---- JSON (json.c) ------------------------------------------------------------------- */

typedef enum { PTS_J_NULL, PTS_J_BOOL, PTS_J_NUM, PTS_J_STR, PTS_J_ARR, PTS_J_OBJ } pts_jtype;

typedef struct pts_json {
    pts_jtype type;
    int b;
    double num;
    const char *str;                  /* PTS_J_STR (NUL-terminated, may not hold NULs) */
    size_t n;                         /* items of an array / members of an object */
    struct pts_json *items;
    const char **keys;                /* object member names */
} pts_json;

typedef struct pts_json_doc {
    pts_json *root;
    void *arena;                      /* every allocation of the document */
} pts_json_doc;

pts_status pts__json_parse(pts_json_doc *doc, const char *text, size_t len, pts_error *err);
void pts__json_free(pts_json_doc *doc);
const pts_json *pts__json_get(const pts_json *obj, const char *key);   /* NULL if absent */
const char *pts__json_str(const pts_json *obj, const char *key);       /* NULL unless string */

/* ---- formatting (format.c) ----------------------------------------------------------- */

/* A growing string buffer; on allocation failure it stays truncated and sets `failed`. */
typedef struct pts_buf {
    char *p;
    size_t len, cap;
    int failed;
} pts_buf;

void pts__buf_put(pts_buf *b, const char *s, size_t n);
void pts__buf_puts(pts_buf *b, const char *s);
void pts__buf_float(pts_buf *b, double x);
void pts__buf_float32(pts_buf *b, float x);
void pts__buf_value(pts_buf *b, const pts_value *v);

/* ---- strings (strings.c): the str_call import, and strings in a call's arena -------- */
int32_t pts__str_call(void *ctx, const char *desc, const int64_t *argv, int64_t *out);
/* the same, desc decoded once per call site into the 8 bytes before it (str_internal.h) */
int32_t pts__str_op(void *ctx, const char *desc, const int64_t *argv, int64_t *out);
uint64_t pts__str_hash(const char *s);                           /* of a str's bytes */
/* a new string of n bytes and ncp code points in the arena: its bytes, to fill */
char *pts__str_alloc(void *ctx, size_t n, int64_t ncp);
void pts__str_set_fallback(void *fn);      /* what C does not run (a Python process) */
char *pts__str_new(void *ctx, const char *p, size_t n);
int pts__buf_str_repr(pts_buf *b, const char *s, int64_t n);    /* repr(s) */

/* ---- tensors (loader.c) and .npy (npy.c) ------------------------------------------- */

/* A module's weight i, writable (a training step's state: train.c); NULL if none. */
pts_tensor *pts__weight_mut(pts_model *m, size_t i);
/* A training step archive's manifest train.hyper_width (0 for other kinds). */
int pts__hyper_width(const pts_model *m);

/* Copy a strided tensor into C-contiguous memory at dst (numel * item size bytes). */
void pts__copy_strided(void *dst, const pts_tensor *src);

/* Parse the .npy bytes p[0..n): dtype, rank, shape and strides (C order, or Fortran
 * order with *fortran set) into *t (data NULL), the data's offset into *data_off; checks
 * that the data fit in n bytes. */
/* Tensor dtypes, indexed by pts_dtype (runtime/c/loader.c) */
typedef struct pts__dtype_info {
    const char *ir, *numpy;
    size_t size;
    const char *descr;           /* .npy, little-endian: "<f4", "|u1" */
} pts__dtype_info;
extern const pts__dtype_info pts__dtypes[PTS_NUM_DTYPES];
/* IEEE half: the bits nearest to x (round to nearest even, as numpy's
   npy_double_to_half), and the value of bits h */
uint16_t pts__half_from_double(double x);
double pts__half_to_double(uint16_t h);
/* an int of dtype dt (int8 ... uint64) from any int64: wrapped, sign- or zero-extended */
int64_t pts__wrap_int(pts_dtype dt, int64_t i);

pts_status pts__npy_parse(const unsigned char *p, size_t n, pts_tensor *t, size_t *data_off,
                          int *fortran, pts_error *err);

#endif
