/* strings.c — the str.* ops for images that libpts runs (no Python).
 *
 * Generated code calls `int32_t str_call(ctx, desc, argv, out)` for every str.* op
 * (backend/str_codegen.py): desc is "op|operand types|result type" in IR type text,
 * argv the operands as 64-bit slots, out the result's slots; a non-zero return is the
 * exception's kind code with ctx->msg set.  In a Python process that import runs the op
 * table's own functions (runtime/strings.py); here the common ops are written in C with
 * CPython's results: concatenation, repetition, comparison (UTF-8 byte order is code-point
 * order), `in`, len, indexing and slicing by code point, str()/repr() of numbers, None,
 * bools and strings, format specs of ints, floats and strings ([[fill]align][sign][#][0]
 * [width][,|_][.precision][type] with types d x X o b f F e E g G % s), int(), float(),
 * ord, chr, join, split, strip, replace, find, count, startswith, endswith and ASCII case
 * mapping and predicates.  Anything else — str.format templates, % formatting, methods
 * with optional bounds, case mapping of non-ASCII text — is a RuntimeError naming the op
 * ("run the archive from Python"), never a wrong answer.
 *
 * A string: its length in code points and in bytes (8 bytes each), the UTF-8 bytes, a
 * NUL; the value is the address of the bytes.  Strings made here live in the call's arena (chained into ctx->lists like a
 * list whose data is the block) and are freed by the image's release.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks.h"
#include "internal.h"

typedef struct str_node { int64_t len, cap; void *data; struct str_node *next; } str_node;
typedef struct {                       /* the first fields of the context (codegen.CTX_FIELDS) */
    int64_t kind, line, col;
    const char *file, *msg, *func;
    const void *imports;
    str_node *lists;
} str_ctx;

enum { K_INDEX = 2, K_VALUE = 3, K_RUNTIME = 5, K_TYPE = 6, K_OVERFLOW = 7 };

#define SLEN(p) (*(const int64_t *)((const char *)(p) - 8))

static const char OOM[] = "out of memory";

/* push a header on the arena; a tensor header below (len < 0) learns its predecessor
   (its pprev, the word after next, becomes &node->next: backend.tensor_abi.adopt_head) */
static void push(str_ctx *c, str_node *node) {
    str_node *old = c->lists;
    node->next = old;
    if (old && old->len < 0)
        memcpy((char *)old + 32, &(void *){&node->next}, sizeof(void *));
    c->lists = node;
}

static int64_t cp_count(const char *s, int64_t n);
static uint32_t cp_decode(const char *s);

char *pts__str_new(void *ctxp, const char *p, size_t n) {
    str_ctx *c = ctxp;
    char *block = pts_block_malloc(n + 17);
    str_node *node = pts_block_malloc(sizeof *node);
    if (!block || !node) {
        pts_block_free(block);
        pts_block_free(node);
        return NULL;
    }
    memcpy(block, &(int64_t){cp_count(p, (int64_t)n)}, 8);
    memcpy(block + 8, &(int64_t){(int64_t)n}, 8);
    if (n)
        memcpy(block + 16, p, n);
    block[16 + n] = 0;
    node->len = node->cap = 0;
    node->data = block;
    push(c, node);
    return block + 16;
}

static int32_t fail(str_ctx *c, int kind, const char *fmt, ...) {
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    const char *m = pts__str_new(c, tmp, strlen(tmp));
    c->msg = m ? m : OOM;
    return kind;
}

/* a result string from a buffer (the buffer is freed) */
static int32_t put_buf(str_ctx *c, pts_buf *b, int64_t *out) {
    if (b->failed) {
        free(b->p);
        c->msg = OOM;
        return K_RUNTIME;
    }
    char *s = pts__str_new(c, b->p ? b->p : "", b->len);
    free(b->p);
    if (!s) {
        c->msg = OOM;
        return K_RUNTIME;
    }
    *out = (int64_t)(uintptr_t)s;
    return 0;
}

static int32_t put(str_ctx *c, const char *p, size_t n, int64_t *out) {
    char *s = pts__str_new(c, p, n);
    if (!s) {
        c->msg = OOM;
        return K_RUNTIME;
    }
    *out = (int64_t)(uintptr_t)s;
    return 0;
}

/* ---- UTF-8 ----------------------------------------------------------------------- */

static int64_t cp_count(const char *s, int64_t n) {
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

/* byte offset of code point i (0 <= i <= count) */
static int64_t cp_offset(const char *s, int64_t n, int64_t i) {
    if (cp_count(s, n) == n)
        return i;
    int64_t k = 0, b = 0;
    for (; b < n; b++)
        if (((unsigned char)s[b] & 0xC0) != 0x80 && k++ == i)
            return b;
    return n;
}

static int cp_len(unsigned char lead) {
    return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

static uint32_t cp_decode(const char *s) {
    const unsigned char *u = (const unsigned char *)s;
    switch (cp_len(u[0])) {
    case 1: return u[0];
    case 2: return (uint32_t)(u[0] & 0x1F) << 6 | (u[1] & 0x3F);
    case 3: return (uint32_t)(u[0] & 0x0F) << 12 | (uint32_t)(u[1] & 0x3F) << 6 | (u[2] & 0x3F);
    default:
        return (uint32_t)(u[0] & 0x07) << 18 | (uint32_t)(u[1] & 0x3F) << 12 |
               (uint32_t)(u[2] & 0x3F) << 6 | (u[3] & 0x3F);
    }
}

static int cp_encode(uint32_t c, char *out) {
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | c >> 6);
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | c >> 12);
        out[1] = (char)(0x80 | (c >> 6 & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | c >> 18);
    out[1] = (char)(0x80 | (c >> 12 & 0x3F));
    out[2] = (char)(0x80 | (c >> 6 & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static int is_ascii(const char *s, int64_t n) {
    for (int64_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return 0;
    return 1;
}

static const char *find_bytes(const char *h, int64_t hn, const char *nd, int64_t nn) {
    if (nn == 0)
        return h;
    for (int64_t i = 0; i + nn <= hn; i++)
        if (h[i] == nd[0] && memcmp(h + i, nd, (size_t)nn) == 0)
            return h + i;
    return NULL;
}

/* ---- str() and repr() ------------------------------------------------------------ */

/* Is code point u printable for repr() (CPython escapes the others as \\x, \\u, \\U)?  A
   conservative table: letters of Latin, Greek, Cyrillic, CJK, kana, Hangul and common
   emoji; 0 for the rest, which libpts then refuses to repr rather than guess. */
static int known_printable(uint32_t u) {
    return (u >= 0xA1 && u <= 0x24F && u != 0xAD) || (u >= 0x386 && u <= 0x3CE && u != 0x387 &&
           u != 0x38B && u != 0x38D && u != 0x3A2) || (u >= 0x400 && u <= 0x45F) ||
           (u >= 0x3041 && u <= 0x3096) || (u >= 0x30A1 && u <= 0x30FA) ||
           (u >= 0x4E00 && u <= 0x9FEF) || (u >= 0xAC00 && u <= 0xD7A3) ||
           (u >= 0x1F300 && u <= 0x1F64F);
}

/* repr(s) into b; 0 if s holds a character known_printable cannot vouch for (its raw
   UTF-8 is written then) */
int pts__buf_str_repr(pts_buf *b, const char *s, int64_t n) {
    int known = 1;
    int single = memchr(s, '\'', (size_t)n) != NULL, dbl = memchr(s, '"', (size_t)n) != NULL;
    char q = single && !dbl ? '"' : '\'';
    pts__buf_put(b, &q, 1);
    for (int64_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        char tmp[16];
        if (ch == (unsigned char)q || ch == '\\') {
            tmp[0] = '\\';
            tmp[1] = (char)ch;
            pts__buf_put(b, tmp, 2);
        } else if (ch == '\n') {
            pts__buf_puts(b, "\\n");
        } else if (ch == '\r') {
            pts__buf_puts(b, "\\r");
        } else if (ch == '\t') {
            pts__buf_puts(b, "\\t");
        } else if (ch < 0x20 || ch == 0x7f) {
            snprintf(tmp, sizeof tmp, "\\x%02x", ch);
            pts__buf_puts(b, tmp);
        } else if (ch >= 0xC0 && !known_printable(cp_decode(s + i))) {
            uint32_t u = cp_decode(s + i);       /* escaped as CPython escapes non-printables */
            snprintf(tmp, sizeof tmp, u < 0x100 ? "\\x%02x" : u < 0x10000 ? "\\u%04x" : "\\U%08x",
                     (unsigned)u);
            pts__buf_puts(b, tmp);
            i += cp_len(ch) - 1;
            known = 0;
        } else {
            pts__buf_put(b, (const char *)&ch, 1);
        }
    }
    pts__buf_put(b, &q, 1);
    return known;
}

/* str(x) (repr = 0) or repr(x) of a scalar of IR type t from slot raw; 0 if t is not one */
static int show(pts_buf *b, const char *t, int64_t raw, int repr) {
    char tmp[64];
    if (!strcmp(t, "i64")) {
        snprintf(tmp, sizeof tmp, "%lld", (long long)raw);
        pts__buf_puts(b, tmp);
    } else if (!strcmp(t, "f64")) {
        double x;
        memcpy(&x, &raw, 8);
        pts__buf_float(b, x);
    } else if (!strcmp(t, "i1")) {
        pts__buf_puts(b, raw & 1 ? "True" : "False");
    } else if (!strcmp(t, "none")) {
        pts__buf_puts(b, "None");
    } else if (!strcmp(t, "str")) {
        const char *s = (const char *)(uintptr_t)raw;
        if (repr) {
            if (!pts__buf_str_repr(b, s, SLEN(s)))
                return 0;
        } else
            pts__buf_put(b, s, (size_t)SLEN(s));
    } else {
        return 0;
    }
    return 1;
}

/* ---- format specs ---------------------------------------------------------------- */

typedef struct {
    char fill[5];
    int fill_len;
    char align, sign, type;
    int alt, zero, width, prec, group;
} spec_t;

static int parse_spec(const char *s, int64_t n, spec_t *sp) {
    memset(sp, 0, sizeof *sp);
    sp->prec = -1;
    sp->fill[0] = ' ';
    sp->fill_len = 1;
    int64_t i = 0;
    if (n > 0) {
        int l = cp_len((unsigned char)s[0]);
        if (l < n && strchr("<>=^", s[l])) {
            memcpy(sp->fill, s, (size_t)l);
            sp->fill_len = l;
            sp->align = s[l];
            i = l + 1;
        } else if (strchr("<>=^", s[0])) {
            sp->align = s[0];
            i = 1;
        }
    }
    if (i < n && strchr("+- ", s[i]))
        sp->sign = s[i++];
    if (i < n && s[i] == '#')
        sp->alt = 1, i++;
    if (i < n && s[i] == '0') {
        sp->zero = 1;
        i++;
    }
    while (i < n && isdigit((unsigned char)s[i])) {
        if (sp->width > 100000)
            return 0;
        sp->width = sp->width * 10 + (s[i++] - '0');
    }
    if (i < n && (s[i] == ',' || s[i] == '_'))
        sp->group = s[i++];
    if (i < n && s[i] == '.') {
        i++;
        if (i >= n || !isdigit((unsigned char)s[i]))
            return 0;
        sp->prec = 0;
        while (i < n && isdigit((unsigned char)s[i])) {
            if (sp->prec > 100000)
                return 0;
            sp->prec = sp->prec * 10 + (s[i++] - '0');
        }
    }
    if (i < n)
        sp->type = s[i++];
    return i == n;
}

/* pad body (sign/prefix first for '=') to the spec's width */
static void pad(pts_buf *b, const spec_t *sp, const char *body, size_t blen, size_t sign_len,
                char default_align) {
    char align = sp->align ? sp->align : default_align;
    int64_t cps = cp_count(body, (int64_t)blen);
    int64_t fill = sp->width > cps ? sp->width - cps : 0;
    int64_t left = align == '>' ? fill : align == '^' ? fill / 2 : 0;
    int64_t right = fill - left;
    if (align == '=') {
        pts__buf_put(b, body, sign_len);
        for (int64_t k = 0; k < fill; k++)
            pts__buf_put(b, sp->fill, (size_t)sp->fill_len);
        pts__buf_put(b, body + sign_len, blen - sign_len);
        return;
    }
    for (int64_t k = 0; k < left; k++)
        pts__buf_put(b, sp->fill, (size_t)sp->fill_len);
    pts__buf_put(b, body, blen);
    for (int64_t k = 0; k < right; k++)
        pts__buf_put(b, sp->fill, (size_t)sp->fill_len);
}

/* digits with a separator every `every` digits from the right */
static void group_digits(char *dst, const char *digits, size_t n, char sep, int every) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        dst[k++] = digits[i];
        size_t rest = n - 1 - i;
        if (sep && rest && rest % (size_t)every == 0)
            dst[k++] = sep;
    }
    dst[k] = 0;
}

static void finish_number(pts_buf *b, spec_t *sp, int neg, const char *prefix, char *digits,
                          const char *tail) {
    char sign[2] = {0, 0};
    if (neg)
        sign[0] = '-';
    else if (sp->sign == '+' || sp->sign == ' ')
        sign[0] = sp->sign;
    if (sp->zero && !sp->align) {
        sp->align = '=';
        sp->fill[0] = '0';
        sp->fill_len = 1;
    }
    char body[700];
    snprintf(body, sizeof body, "%s%s%s%s", sign, prefix, digits, tail);
    pad(b, sp, body, strlen(body), strlen(sign) + strlen(prefix), '>');
}

static int32_t format_int(str_ctx *c, pts_buf *b, int64_t v, spec_t *sp, const char *spec,
                          int is_bool) {
    char type = sp->type ? sp->type : 'd';
    (void)spec;
    (void)is_bool;     /* a bool with a non-empty spec formats as its int, as in CPython */
    if (strchr("eEfFgG%", type)) {
        return -2;     /* a float presentation: convert */
    }
    if (sp->prec >= 0)
        return fail(c, K_VALUE, "Precision not allowed in integer format specifier");
    uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    char raw[80];
    int base = type == 'x' || type == 'X' ? 16 : type == 'o' ? 8 : type == 'b' ? 2 : 10;
    if (type == 'c') {
        if (v < 0 || v > 0x10FFFF)
            return fail(c, K_OVERFLOW, "%%c arg not in range(0x110000)");
        char ch[5];
        int l = cp_encode((uint32_t)v, ch);
        pad(b, sp, ch, (size_t)l, 0, '<');
        return 0;
    }
    if (!strchr("dxXob", type))
        return fail(c, K_VALUE, "Unknown format code '%c' for object of type 'int'", type);
    int k = 0;
    do {
        int d = (int)(mag % (uint64_t)base);
        raw[k++] = (char)(d < 10 ? '0' + d : (type == 'X' ? 'A' : 'a') + d - 10);
        mag /= (uint64_t)base;
    } while (mag);
    char digits[80], grouped[120];
    for (int i = 0; i < k; i++)
        digits[i] = raw[k - 1 - i];
    digits[k] = 0;
    group_digits(grouped, digits, (size_t)k, (char)sp->group, base == 10 ? 3 : 4);
    const char *prefix = !sp->alt ? "" : base == 16 ? (type == 'X' ? "0X" : "0x") :
                         base == 8 ? "0o" : base == 2 ? "0b" : "";
    finish_number(b, sp, v < 0, prefix, grouped, "");
    return 0;
}

static int32_t format_float(str_ctx *c, pts_buf *b, double x, spec_t *sp) {
    char type = sp->type;
    if (type && !strchr("eEfFgG%", type))
        return fail(c, K_VALUE, "Unknown format code '%c' for object of type 'float'", type);
    int neg = signbit(x) != 0;
    double a = fabs(x);
    char digits[600], tail[4] = "";
    if (isnan(x) || isinf(x)) {
        int upper = type == 'E' || type == 'F' || type == 'G';
        snprintf(digits, sizeof digits, "%s", isnan(x) ? (upper ? "NAN" : "nan") :
                 (upper ? "INF" : "inf"));
        neg = neg && !isnan(x);
        if (type == '%')
            strcpy(tail, "%");
        finish_number(b, sp, neg, "", digits, tail);
        return 0;
    }
    if (!type) {
        if (sp->prec < 0) {                      /* repr's digits */
            char tmp[64];
            pts_format_float(a, tmp, sizeof tmp);
            snprintf(digits, sizeof digits, "%s", tmp);
        } else {                                 /* like 'g', but at least one digit after . */
            snprintf(digits, sizeof digits, "%.*g", sp->prec ? sp->prec : 1, a);
            if (!strpbrk(digits, ".en"))
                strcat(digits, ".0");
        }
    } else {
        int prec = sp->prec < 0 ? 6 : sp->prec;
        char fmt[8];
        if (type == '%') {
            a *= 100;
            strcpy(tail, "%");
        }
        snprintf(fmt, sizeof fmt, "%%%s.*%c", sp->alt ? "#" : "", type == '%' ? 'f' : type);
        if (prec > 500)
            return fail(c, K_RUNTIME, "libpts: precision %d is too large", prec);
        snprintf(digits, sizeof digits, fmt, prec, a);
    }
    if (sp->group) {                             /* group the integer part */
        char *dot = digits + strcspn(digits, ".eE");
        char grouped[700], rest[600];
        snprintf(rest, sizeof rest, "%s", dot);
        group_digits(grouped, digits, (size_t)(dot - digits), (char)sp->group, 3);
        strncat(grouped, rest, sizeof grouped - strlen(grouped) - 1);
        snprintf(digits, sizeof digits, "%s", grouped);
    }
    finish_number(b, sp, neg, "", digits, tail);
    return 0;
}

/* format(x, spec) for a scalar of IR type t */
static int32_t format_value(str_ctx *c, pts_buf *b, const char *t, int64_t raw, const char *spec) {
    int64_t sn = SLEN(spec);
    spec_t sp;
    if (sn == 0) {
        if (!show(b, t, raw, 0))
            return fail(c, K_RUNTIME, "libpts cannot run 'str.format' of a %s yet (run the "
                        "archive from Python)", t);
        return 0;
    }
    if (!parse_spec(spec, sn, &sp))
        return fail(c, K_VALUE, "Invalid format specifier '%s' for object of type '%s'", spec,
                    !strcmp(t, "i64") ? "int" : !strcmp(t, "f64") ? "float" :
                    !strcmp(t, "i1") ? "bool" : !strcmp(t, "str") ? "str" : "NoneType");
    if (!strcmp(t, "str")) {
        const char *s = (const char *)(uintptr_t)raw;
        if (sp.type && sp.type != 's')
            return fail(c, K_VALUE, "Unknown format code '%c' for object of type 'str'", sp.type);
        if (sp.sign)
            return fail(c, K_VALUE, "Sign not allowed in string format specifier");
        int64_t n = SLEN(s);
        if (sp.prec >= 0 && sp.prec < cp_count(s, n))
            n = cp_offset(s, n, sp.prec);
        pad(b, &sp, s, (size_t)n, 0, '<');
        return 0;
    }
    if (!strcmp(t, "i64") || !strcmp(t, "i1")) {
        pts_buf tmp = {0};
        int32_t st = format_int(c, &tmp, raw, &sp, spec, t[1] == '1');
        if (st == -1) {
            pad(b, &sp, tmp.p, tmp.len, 0, '<');
            free(tmp.p);
            return 0;
        }
        if (st == -2) {
            free(tmp.p);
            return format_float(c, b, (double)raw, &sp);
        }
        if (st == 0)
            pts__buf_put(b, tmp.p ? tmp.p : "", tmp.len);
        free(tmp.p);
        return st;
    }
    if (!strcmp(t, "f64")) {
        double x;
        memcpy(&x, &raw, 8);
        return format_float(c, b, x, &sp);
    }
    return fail(c, K_TYPE, "unsupported format string passed to NoneType.__format__");
}

/* ---- int() and float() ------------------------------------------------------------ */

/* Narrow [*i, *j) of s to leave out leading and trailing whitespace, as int() and float() do. */
static void strip_spaces(const char *s, int64_t *i, int64_t *j) {
    while (*i < *j && isspace((unsigned char)s[*i]))
        (*i)++;
    while (*j > *i && isspace((unsigned char)s[*j - 1]))
        (*j)--;
}

static int32_t parse_int(str_ctx *c, const char *s, int64_t *out) {
    int64_t n = SLEN(s), i = 0, j = n;
    strip_spaces(s, &i, &j);
    int neg = 0;
    if (i < j && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    uint64_t v = 0;                          /* saturates at 2**64 - 1: too large either way */
    int digits = 0, ok = i < j;
    for (int64_t k = i; k < j && ok; k++) {
        if (s[k] == '_' && k > i && k + 1 < j && s[k - 1] != '_' && isdigit((unsigned char)s[k + 1]))
            continue;
        if (!isdigit((unsigned char)s[k]))
            ok = 0;
        else {
            unsigned d = (unsigned)(s[k] - '0');
            v = v > (UINT64_MAX - d) / 10 ? UINT64_MAX : v * 10 + d;
            digits++;
        }
    }
    if (!ok || !digits) {
        pts_buf b = {0};
        pts__buf_puts(&b, "invalid literal for int() with base 10: ");
        pts__buf_str_repr(&b, s, n);
        int32_t st = b.failed ? K_RUNTIME : fail(c, K_VALUE, "%s", b.p);
        free(b.p);
        return st;
    }
    if (v > (UINT64_C(1) << 63) - (neg ? 0 : 1))
        return fail(c, K_OVERFLOW, "int too large for a 64-bit pts int");
    *out = neg ? (int64_t)(0 - (uint64_t)v) : (int64_t)v;
    return 0;
}

static int32_t parse_float(str_ctx *c, const char *s, double *out) {
    int64_t n = SLEN(s), i = 0, j = n;
    strip_spaces(s, &i, &j);
    char tmp[400];
    int64_t k = 0, ok = j > i && j - i < (int64_t)sizeof tmp;
    for (int64_t p = i; ok && p < j; p++) {
        if (s[p] == '_') {
            if (p == i || p + 1 >= j || !isdigit((unsigned char)s[p - 1]) ||
                !isdigit((unsigned char)s[p + 1]))
                ok = 0;
            continue;
        }
        if (strchr("xXpP", s[p]))          /* C reads hex floats; Python does not */
            ok = 0;
        tmp[k++] = s[p];
    }
    tmp[k] = 0;
    char *end = NULL;
    double x = ok ? strtod(tmp, &end) : 0.0;
    if (!ok || end != tmp + k || k == 0) {
        pts_buf b = {0};
        pts__buf_puts(&b, "could not convert string to float: ");
        pts__buf_str_repr(&b, s, n);
        int32_t st = b.failed ? K_RUNTIME : fail(c, K_VALUE, "%s", b.p);
        free(b.p);
        return st;
    }
    *out = x;
    return 0;
}

/* ---- the call ---------------------------------------------------------------------- */

static const char *arg_str(const int64_t *argv, int k) {
    return (const char *)(uintptr_t)argv[k];
}

/* Does s hold a whitespace character beyond ASCII's (str.split() and strip() split and
   strip those too: with none, ASCII whitespace alone decides) */
static int unicode_space(const char *s, int64_t n) {
    for (int64_t i = 0; i < n; i += cp_len((unsigned char)s[i])) {
        if ((unsigned char)s[i] < 0x80)
            continue;
        uint32_t u = cp_decode(s + i);
        if (u == 0x85 || u == 0xA0 || u == 0x1680 || (u >= 0x2000 && u <= 0x200A) ||
            u == 0x2028 || u == 0x2029 || u == 0x202F || u == 0x205F || u == 0x3000)
            return 1;
    }
    return 0;
}

static int ascii_space(char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r') || (ch >= 0x1c && ch <= 0x1f); }

int32_t pts__str_call(void *ctxp, const char *desc, const int64_t *argv, int64_t *out) {
    str_ctx *c = ctxp;
    char op[64], types[256];
    const char *bar = strchr(desc, '|');
    const char *bar2 = bar ? strchr(bar + 1, '|') : NULL;
    if (!bar || !bar2 || bar - desc >= (long)sizeof op || bar2 - bar - 1 >= (long)sizeof types)
        return fail(c, K_RUNTIME, "libpts: bad string op %.60s", desc);
    memcpy(op, desc, (size_t)(bar - desc));
    op[bar - desc] = 0;
    memcpy(types, bar + 1, (size_t)(bar2 - bar - 1));
    types[bar2 - bar - 1] = 0;
    const char *t0 = types;
    char first[64] = "";
    size_t fl = strcspn(t0, ";");
    if (fl < sizeof first) {
        memcpy(first, t0, fl);
        first[fl] = 0;
    }
    int nargs = *types ? 1 : 0;
    for (const char *p = types; *p; p++)
        nargs += *p == ';';
    const char *a = nargs > 0 ? arg_str(argv, 0) : NULL;
    int64_t an = a && !strcmp(first, "str") ? SLEN(a) : 0;

    if (!strcmp(op, "str.concat") || !strcmp(op, "str.repeat")) {
        pts_buf b = {0};
        if (op[4] == 'c') {
            const char *s2 = arg_str(argv, 1);
            pts__buf_put(&b, a, (size_t)an);
            pts__buf_put(&b, s2, (size_t)SLEN(s2));
        } else {
            if (argv[1] > 0 && an > 0 && argv[1] > (INT64_C(1) << 40) / an)
                return fail(c, K_RUNTIME, "out of memory");
            for (int64_t k = 0; k < argv[1]; k++)
                pts__buf_put(&b, a, (size_t)an);
        }
        return put_buf(c, &b, out);
    }
    if (!strcmp(op, "str.eq") || !strcmp(op, "str.ne") || !strcmp(op, "str.lt") ||
        !strcmp(op, "str.le") || !strcmp(op, "str.gt") || !strcmp(op, "str.ge")) {
        const char *s2 = arg_str(argv, 1);
        int64_t bn = SLEN(s2);
        int r = memcmp(a, s2, (size_t)(an < bn ? an : bn));
        if (r == 0)
            r = an < bn ? -1 : an > bn;
        const char *w = op + 4;
        *out = w[0] == 'e' ? r == 0 : w[0] == 'n' ? r != 0 : w[0] == 'l' ? (w[1] == 't' ? r < 0 : r <= 0)
               : (w[1] == 't' ? r > 0 : r >= 0);
        return 0;
    }
    if (!strcmp(op, "str.contains")) {
        const char *s2 = arg_str(argv, 1);
        *out = find_bytes(s2, SLEN(s2), a, an) != NULL;
        return 0;
    }
    if (!strcmp(op, "str.len")) {
        *out = cp_count(a, an);
        return 0;
    }
    if (!strcmp(op, "str.getitem")) {
        int64_t n = cp_count(a, an), i = argv[1];
        if (i < 0)
            i += n;
        if (i < 0 || i >= n)
            return fail(c, K_INDEX, "string index out of range");
        int64_t off = cp_offset(a, an, i);
        return put(c, a + off, (size_t)cp_len((unsigned char)a[off]), out);
    }
    if (!strcmp(op, "str.slice")) {
        /* operand types say which bounds are None */
        const char *ts[4];
        char buf[256];
        snprintf(buf, sizeof buf, "%s", types);
        int k = 0;
        for (char *p = strtok(buf, ";"); p && k < 4; p = strtok(NULL, ";"))
            ts[k++] = p;
        if (k != 4)
            return fail(c, K_RUNTIME, "libpts: bad slice");
        int has[3];
        int64_t v[3];
        for (int q = 0; q < 3; q++) {
            has[q] = strcmp(ts[q + 1], "none") != 0;
            v[q] = argv[q + 1];
        }
        int64_t step = has[2] ? v[2] : 1;
        if (step == 0)
            return fail(c, K_VALUE, "slice step cannot be zero");
        int64_t n = cp_count(a, an);
        int64_t lo, hi;
        if (step > 0) {
            lo = !has[0] ? 0 : v[0] < 0 ? (v[0] + n < 0 ? 0 : v[0] + n) : (v[0] > n ? n : v[0]);
            hi = !has[1] ? n : v[1] < 0 ? (v[1] + n < 0 ? 0 : v[1] + n) : (v[1] > n ? n : v[1]);
        } else {
            lo = !has[0] ? n - 1 : v[0] < 0 ? (v[0] + n < 0 ? -1 : v[0] + n) : (v[0] >= n ? n - 1 : v[0]);
            hi = !has[1] ? -1 : v[1] < 0 ? (v[1] + n < 0 ? -1 : v[1] + n) : (v[1] >= n ? n - 1 : v[1]);
        }
        pts_buf b = {0};
        int ascii = cp_count(a, an) == an;
        for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) {
            int64_t off = ascii ? i : cp_offset(a, an, i);
            pts__buf_put(&b, a + off, (size_t)cp_len((unsigned char)a[off]));
        }
        return put_buf(c, &b, out);
    }
    if (!strcmp(op, "str.from") || !strcmp(op, "str.repr")) {
        pts_buf b = {0};
        if (!show(&b, first, argv[0], op[4] == 'r')) {
            free(b.p);
            return fail(c, K_RUNTIME, "libpts cannot run '%s' of a %s yet (run the archive "
                        "from Python)", op, first);
        }
        return put_buf(c, &b, out);
    }
    if (!strcmp(op, "str.format")) {
        const char *t1 = strchr(types, ';');
        if (!t1 || strcmp(t1 + 1, "str"))
            return fail(c, K_RUNTIME, "libpts cannot run 'str.format' of a %s yet (run the "
                        "archive from Python)", first);
        pts_buf b = {0};
        int32_t st = format_value(c, &b, first, argv[0], arg_str(argv, 1));
        if (st) {
            free(b.p);
            return st;
        }
        return put_buf(c, &b, out);
    }
    if (!strcmp(op, "str.int"))
        return parse_int(c, a, out);
    if (!strcmp(op, "str.float")) {
        double x = 0.0;
        int32_t st = parse_float(c, a, &x);
        if (!st)
            memcpy(out, &x, 8);
        return st;
    }
    if (!strcmp(op, "str.ord")) {
        int64_t n = cp_count(a, an);
        if (n != 1)
            return fail(c, K_TYPE, "ord() expected a character, but string of length %lld found",
                        (long long)n);
        *out = cp_decode(a);
        return 0;
    }
    if (!strcmp(op, "str.chr")) {
        int64_t v = argv[0];
        if (v < 0 || v > 0x10FFFF)
            return fail(c, K_VALUE, "chr() arg not in range(0x110000)");
        char ch[4];
        return put(c, ch, (size_t)cp_encode((uint32_t)v, ch), out);
    }
    if (!strcmp(op, "str.join") || !strcmp(op, "str.list_contains") || !strcmp(op, "str.list_eq")) {
        const str_node *l = (const str_node *)(uintptr_t)argv[!strcmp(op, "str.join")];
        const char *const *items = l->data;
        if (!strcmp(op, "str.join")) {
            pts_buf b = {0};
            pts__buf_put(&b, "", 0);
            for (int64_t k = 0; k < l->len; k++) {
                if (k)
                    pts__buf_put(&b, a, (size_t)an);
                pts__buf_put(&b, items[k], (size_t)SLEN(items[k]));
            }
            return put_buf(c, &b, out);
        }
        if (!strcmp(op, "str.list_contains")) {
            const char *x = arg_str(argv, 1);
            *out = 0;
            for (int64_t k = 0; k < l->len; k++)
                if (SLEN(items[k]) == SLEN(x) && !memcmp(items[k], x, (size_t)SLEN(x)))
                    *out = 1;
            return 0;
        }
        const str_node *l1 = (const str_node *)(uintptr_t)argv[0];
        const str_node *l2 = (const str_node *)(uintptr_t)argv[1];
        const char *const *i1 = l1->data, *const *i2 = l2->data;
        *out = l1->len == l2->len;
        for (int64_t k = 0; *out && k < l1->len; k++)
            *out = SLEN(i1[k]) == SLEN(i2[k]) && !memcmp(i1[k], i2[k], (size_t)SLEN(i1[k]));
        return 0;
    }
    if (!strncmp(op, "str.m.", 6)) {
        const char *m = op + 6;
        int ascii = is_ascii(a, an);
        if (nargs == 1 && ascii && (!strcmp(m, "lower") || !strcmp(m, "upper"))) {
            pts_buf b = {0};
            pts__buf_put(&b, a, (size_t)an);
            for (size_t k = 0; !b.failed && k < b.len; k++)
                b.p[k] = (char)(m[0] == 'l' ? tolower((unsigned char)b.p[k])
                                            : toupper((unsigned char)b.p[k]));
            return put_buf(c, &b, out);
        }
        if (nargs == 1 && ascii && !strncmp(m, "is", 2) &&
            (!strcmp(m, "isdigit") || !strcmp(m, "isalpha") || !strcmp(m, "isspace") ||
             !strcmp(m, "isalnum"))) {
            int r = an > 0;
            for (int64_t k = 0; k < an; k++) {
                unsigned char ch = (unsigned char)a[k];
                r &= m[2] == 'd' ? isdigit(ch) != 0 : m[2] == 's' ? ascii_space((char)ch)
                     : m[4] == 'p' ? isalpha(ch) != 0 : isalnum(ch) != 0;
            }
            *out = r;
            return 0;
        }
        int strip = !strcmp(m, "strip") || !strcmp(m, "lstrip") || !strcmp(m, "rstrip");
        if (strip && (nargs == 1 || strstr(types, ";none") || is_ascii(arg_str(argv, 1), SLEN(arg_str(argv, 1))))) {
            const char *chars = nargs == 2 && !strstr(types, ";none") ? arg_str(argv, 1) : NULL;
            int64_t i = 0, j = an;
#define STRIPPED(ch) (chars ? memchr(chars, (ch), (size_t)SLEN(chars)) != NULL : ascii_space(ch))
            if (m[0] != 'r')
                while (i < j && (unsigned char)a[i] < 0x80 && STRIPPED(a[i]))
                    i++;
            if (m[0] != 'l')
                while (j > i && (unsigned char)a[j - 1] < 0x80 && STRIPPED(a[j - 1]))
                    j--;
#undef STRIPPED
            if (ascii || chars || !unicode_space(a, an))
                return put(c, a + i, (size_t)(j - i), out);
        }
        if (nargs == 2 && !strcmp(types, "str;str") &&
            (!strcmp(m, "startswith") || !strcmp(m, "endswith") || !strcmp(m, "find") ||
             !strcmp(m, "rfind") || !strcmp(m, "count") || !strcmp(m, "index"))) {
            const char *x = arg_str(argv, 1);
            int64_t xn = SLEN(x);
            if (m[0] == 's') {
                *out = xn <= an && !memcmp(a, x, (size_t)xn);
            } else if (m[0] == 'e') {
                *out = xn <= an && !memcmp(a + an - xn, x, (size_t)xn);
            } else if (m[0] == 'c') {
                int64_t k = 0;
                if (xn == 0)
                    k = cp_count(a, an) + 1;
                else
                    for (const char *p = a; (p = find_bytes(p, an - (p - a), x, xn)); p += xn)
                        k++;
                *out = k;
            } else {
                const char *hit = NULL;
                if (m[0] == 'r') {
                    for (int64_t i = an - xn; i >= 0 && !hit; i--)
                        if (!memcmp(a + i, x, (size_t)xn))
                            hit = a + i;
                } else {
                    hit = find_bytes(a, an, x, xn);
                }
                if (!hit && m[0] == 'i')
                    return fail(c, K_VALUE, "substring not found");
                *out = hit ? cp_count(a, hit - a) : -1;
            }
            return 0;
        }
        if (!strcmp(m, "replace") && !strcmp(types, "str;str;str")) {
            const char *x = arg_str(argv, 1), *y = arg_str(argv, 2);
            int64_t xn = SLEN(x);
            if (xn > 0) {
                pts_buf b = {0};
                pts__buf_put(&b, "", 0);
                const char *p = a, *hit;
                while ((hit = find_bytes(p, an - (p - a), x, xn))) {
                    pts__buf_put(&b, p, (size_t)(hit - p));
                    pts__buf_put(&b, y, (size_t)SLEN(y));
                    p = hit + xn;
                }
                pts__buf_put(&b, p, (size_t)(an - (p - a)));
                return put_buf(c, &b, out);
            }
        }
        if (!strcmp(m, "split") && (nargs == 1 || !strcmp(types, "str;str") ||
                                    !strcmp(types, "str;none")) &&
            (!strcmp(types, "str;str") || !unicode_space(a, an))) {
            const char *sep = nargs == 2 && !strcmp(types, "str;str") ? arg_str(argv, 1) : NULL;
            if (sep && SLEN(sep) == 0)
                return fail(c, K_VALUE, "empty separator");
            int64_t cap = 8, n = 0;
            const char **items = malloc((size_t)cap * sizeof *items);
            int64_t i = 0;
            int32_t st = 0;
            while (items && !st) {
                int64_t start, end;
                if (sep) {
                    const char *hit = find_bytes(a + i, an - i, sep, SLEN(sep));
                    start = i;
                    end = hit ? hit - a : an;
                } else {
                    while (i < an && ascii_space(a[i]))
                        i++;
                    if (i >= an)
                        break;
                    start = i;
                    end = i;
                    while (end < an && !ascii_space(a[end]))
                        end++;
                }
                if (n == cap) {
                    const char **more = realloc(items, (size_t)(cap *= 2) * sizeof *items);
                    if (!more) {
                        free(items);
                        items = NULL;
                        break;
                    }
                    items = more;
                }
                items[n] = pts__str_new(c, a + start, (size_t)(end - start));
                if (!items[n++])
                    st = 1;
                if (sep && end >= an)
                    break;
                i = end + (sep ? SLEN(sep) : 0);
            }
            if (!items || st) {
                free(items);
                c->msg = OOM;
                return K_RUNTIME;
            }
            str_node *l = pts_block_malloc(sizeof *l);
            void *data = pts_block_malloc((size_t)(n ? n : 1) * 8);
            if (!l || !data) {
                pts_block_free(l);
                pts_block_free(data);
                free(items);
                c->msg = OOM;
                return K_RUNTIME;
            }
            memcpy(data, items, (size_t)n * 8);
            free(items);
            l->len = n;
            l->cap = n ? n : 1;
            l->data = data;
            push(c, l);
            *out = (int64_t)(uintptr_t)l;
            return 0;
        }
    }
    return fail(c, K_RUNTIME, "libpts cannot run '%s' (%s) yet: run the archive from Python",
                op, types);
}
