/* str_internal.h — what strings.c and str_methods.c share (not installed).
 *
 * A call site of a str.* op is decoded once into a `str_site` (the op's number, its operand
 * count and a code per operand type; packed into one 64-bit word) from its desc text;
 * strings.c's pts__str_op keeps the decoded word in the 8 bytes before the text, which
 * generated code reserves for it (backend/str_codegen.py), so the text is read once per
 * call site and never again.
 */
#ifndef PTS_STR_INTERNAL_H
#define PTS_STR_INTERNAL_H

#include <stdint.h>

#include "internal.h"

typedef struct str_node { int64_t len, cap; void *data; struct str_node *next; } str_node;
typedef struct {                       /* the first fields of the context (codegen.CTX_FIELDS) */
    int64_t kind, line, col;
    const char *file, *msg, *func;
    const void *imports;
    str_node *lists;
} str_ctx;

enum { K_INDEX = 2, K_VALUE = 3, K_RUNTIME = 5, K_TYPE = 6, K_OVERFLOW = 7 };

/* operand type codes: T_OTHER is anything C does not decode (tuples, lists of numbers) */
enum { T_NONE_ = 0, T_I64, T_F64, T_I1, T_NONE, T_STR, T_LSTR, T_OTHER };

#define STR_OPS(X) X(concat) X(repeat) X(eq) X(ne) X(lt) X(le) X(gt) X(ge) X(contains) \
    X(len) X(getitem) X(slice) X(from) X(repr) X(ascii) X(format) X(fmt) X(mod) X(int)  \
    X(float) X(ord) X(chr) X(join) X(list_eq) X(list_contains) X(append) X(split_next) X(lines_next)
#define STR_METHODS(X) X(split) X(rsplit) X(strip) X(lstrip) X(rstrip) X(replace)          \
    X(startswith) X(endswith) X(find) X(rfind) X(index) X(rindex) X(count) X(lower) X(upper) \
    X(title) X(capitalize) X(swapcase) X(casefold) X(isdigit) X(isdecimal) X(isnumeric)     \
    X(isalpha) X(isalnum) X(isspace) X(islower) X(isupper) X(istitle) X(zfill) X(ljust)     \
    X(rjust) X(center) X(partition) X(rpartition) X(splitlines) X(removeprefix)             \
    X(removesuffix) X(expandtabs)
#define OP_ENUM(n) OP_##n,
#define M_ENUM(n) M_##n,
enum { OP_UNKNOWN_ = 0, STR_OPS(OP_ENUM) STR_METHODS(M_ENUM) OP_COUNT };

#define SITE_MAX_ARGS 16              /* (a site's word: 8 + 8 bits, 3 bits per operand) */
typedef struct { uint8_t op, nargs, t[SITE_MAX_ARGS]; } str_site;

/* str.split()'s and strip()'s ASCII whitespace: space, \t \n \v \f \r and \x1c-\x1f */
#define ASCII_SPACE(ch) ((ch) == ' ' || (unsigned char)((ch) - '\t') <= 4 ||                   \
                         (unsigned char)((ch) - 0x1c) <= 3)

#define SLEN(p) (*(const int64_t *)((const char *)(p) - 8))
#define SNCP(p) (*(const int64_t *)((const char *)(p) - 16))

/* strings.c */
int32_t pts__str_fail(str_ctx *c, int kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int32_t pts__str_put(str_ctx *c, const char *p, size_t n, int64_t *out);
int32_t pts__str_put_buf(str_ctx *c, pts_buf *b, int64_t *out);
/* a new string of n bytes holding ncp code points, its bytes to be written by the caller */
/* (pts__str_alloc: internal.h) */
int32_t pts__str_unsupported(str_ctx *c, const char *desc, const int64_t *argv, int64_t *out);
int32_t pts__str_list(str_ctx *c, const char **items, int64_t n, int64_t *out);
int64_t pts__cp_count(const char *s, int64_t n);
int64_t pts__cp_offset(const char *s, int64_t n, int64_t i);
int pts__cp_len(unsigned char lead);
uint32_t pts__cp_decode(const char *s);
int pts__cp_encode(uint32_t c, char *out);
const char *pts__find_bytes(const char *h, int64_t hn, const char *nd, int64_t nn);
int pts__ascii_space(char ch);
int pts__unicode_space(const char *s, int64_t n);
int pts__show(pts_buf *b, int t, int64_t raw, int repr);
int32_t pts__format_value(str_ctx *c, pts_buf *b, int t, int64_t raw, const char *spec,
                          int64_t sn);

/* str_methods.c: the methods and templates strings.c's dispatch does not run itself;
   -1: not handled here (the caller falls back) */
int32_t pts__str_method(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out);
int32_t pts__str_template(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out);

#endif
