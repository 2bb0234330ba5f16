/* strings.c — the str.* ops for images that libpts runs (no Python).
 *
 * Generated code calls `int32_t str_op(ctx, desc, argv, out)` for the str.* ops it does
 * not inline (backend/str_codegen.py): desc is "op|operand types|result type" in IR type
 * text after a word where pts__str_op keeps the decoded op (str_internal.h), argv the
 * operands as 64-bit slots, out the result's slots; a non-zero return is the exception's
 * kind code with ctx->msg set.  (`str_call` is the same without the word: images made
 * before str_op.)  The same C runs in libpts and, through the extension pts._threads, in a
 * Python process.  The ops have CPython's results: concatenation, repetition, comparison
 * (UTF-8 byte order is code-point order), `in`, len, indexing and slicing by code point,
 * str()/repr() of numbers, None, bools and strings, format specs of ints, floats and
 * strings ([[fill]align][sign][z][#][0][width][,|_][.precision][type] with types d x X o b
 * c f F e E g G % s), int(), float(), ord, chr, join, split, strip, replace, ASCII case
 * mapping here; the other methods, str.format templates and % formatting in str_methods.c.
 * What C does not run (case mapping of non-ASCII text, printing tuples and lists, ...)
 * goes to the fallback a Python process installs (the op table's own function), and in
 * libpts is a RuntimeError naming the op ("run the archive from Python"), never a wrong
 * answer.
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
#include "str_internal.h"

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

#define cp_count pts__cp_count
#define cp_offset pts__cp_offset
#define cp_len pts__cp_len
#define cp_decode pts__cp_decode
#define cp_encode pts__cp_encode
#define find_bytes pts__find_bytes
#define fail pts__str_fail
#define put pts__str_put
#define put_buf pts__str_put_buf

/* Small strings are carved from chunks: a chunk is one block, an arena node (data NULL:
   release frees the node, which is the whole block) and then strings one after another.
   The thread's current chunk and the context it belongs to are thread-local; a chunk is
   only carved for its own context, and pts_block_free forgets it when release frees it
   (pts__str_forget), so a chunk never outlives its arena here.  A call and its release
   run on one thread (runtime/native.py, _dispatch.c, loader.c).
   A call's chunks double from CHUNK to BIG_CHUNK bytes, and a call that needed more than
   two starts the thread's next call at the size it reached: a call that makes many strings
   (`text.split()` of a megabyte) then carves them from blocks that blocks.c keeps for the
   next call, instead of asking the system for fresh pages every call. */
#define CHUNK 8192
#define BIG_CHUNK ((size_t)1 << 20)      /* (with its node: a block blocks.c caches) */
#define SMALL 512
#define TLS _Thread_local __attribute__((tls_model("initial-exec")))   /* (no __tls_get_addr) */
static TLS str_node *chunk;
static TLS str_ctx *chunk_ctx;
static TLS size_t chunk_used, chunk_cap, chunk_count, start_cap = CHUNK;

/* The string `s += t` in a loop grows in place (OP_append): its block, with spare room, is
   the thread's `grown` string until a string other than it is appended to.  Generated code
   calls str.append only where the left operand is dead afterwards and nothing else can hold
   it (backend/str_codegen.py), so growing it in place is invisible. */
static TLS str_node *grown_node;
static TLS str_ctx *grown_ctx;
static TLS char *grown;
static TLS size_t grown_cap;

void pts__str_forget(void *p) {
    if (!p)
        return;
    if (p == (void *)chunk) {
        chunk = NULL;
        start_cap = chunk_count > 2 ? chunk_cap : CHUNK;
    }
    if (p == (void *)grown_node || (grown && p == (void *)(grown - 16)))
        grown = NULL;
}

static int32_t append(str_ctx *c, const char *a, const char *b, int64_t *out) {
    int64_t an = SLEN(a), bn = SLEN(b), n = an + bn;
    size_t need = (size_t)n + 17;
    if (a == grown && grown_ctx == c) {
        if (need > grown_cap) {
            size_t cap = grown_cap * 2 > need ? grown_cap * 2 : need;
            char *block = realloc(grown - 16, cap);        /* (a malloc block: blocks.h) */
            if (!block)
                return fail(c, K_RUNTIME, "out of memory");
            grown_node->data = block;
            grown = block + 16;
            grown_cap = cap;
        }
    } else {
        size_t cap = need * 2 > 64 ? need * 2 : 64;
        char *block = pts_block_malloc(cap);
        str_node *node = pts_block_malloc(sizeof *node);
        if (!block || !node) {
            pts_block_free(block);
            pts_block_free(node);
            return fail(c, K_RUNTIME, "out of memory");
        }
        node->len = node->cap = 0;
        node->data = block;
        push(c, node);
        memcpy(block, (const char *)a - 16, 16);
        memcpy(block + 16, a, (size_t)an);
        grown_node = node;
        grown_ctx = c;
        grown = block + 16;
        grown_cap = cap;
    }
    int64_t ncp = SNCP(grown) + SNCP(b);
    memcpy(grown + an, b, (size_t)bn);      /* (b is not a's buffer: a has no other user) */
    grown[n] = 0;
    memcpy(grown - 16, &ncp, 8);
    memcpy(grown - 8, &n, 8);
    *out = (int64_t)(uintptr_t)grown;
    return 0;
}

/* A string of n bytes and ncp code points: its lengths, then n bytes to fill, then a NUL.
   Large ones are a block of their own (the node, then the string). */
char *pts__str_alloc(void *ctxp, size_t n, int64_t ncp) {
    str_ctx *c = ctxp;
    size_t need = (17 + n + 7) & ~(size_t)7;
    char *block;
    if (n <= SMALL) {
        if (!chunk || chunk_ctx != c || chunk_used + need > chunk_cap) {
            int fresh = !chunk || chunk_ctx != c;          /* (a new call) */
            size_t cap = fresh ? start_cap : chunk_cap < BIG_CHUNK ? chunk_cap * 2 : BIG_CHUNK;
            str_node *node = pts_block_malloc(sizeof *node + cap);
            if (!node)
                return NULL;
            node->len = node->cap = 0;
            node->data = NULL;
            push(c, node);
            chunk = node;
            chunk_ctx = c;
            chunk_used = 0;
            chunk_cap = cap;
            chunk_count = fresh ? 1 : chunk_count + 1;
        }
        block = (char *)(chunk + 1) + chunk_used;
        chunk_used += need;
        memcpy(block, &ncp, 8);
        memcpy(block + 8, &(int64_t){(int64_t)n}, 8);
        block[16 + n] = 0;
        return block + 16;
    }
    str_node *node = pts_block_malloc(sizeof *node + 17 + n);
    if (!node)
        return NULL;
    block = (char *)(node + 1);
    memcpy(block, &ncp, 8);
    memcpy(block + 8, &(int64_t){(int64_t)n}, 8);
    block[16 + n] = 0;
    node->len = node->cap = 0;
    node->data = NULL;
    push(c, node);
    return block + 16;
}

char *pts__str_new(void *ctxp, const char *p, size_t n) {
    char *s = pts__str_alloc(ctxp, n, cp_count(p, (int64_t)n));
    if (s && n)
        memcpy(s, p, n);
    return s;
}

int32_t pts__str_fail(str_ctx *c, int kind, const char *fmt, ...) {
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
int32_t pts__str_put_buf(str_ctx *c, pts_buf *b, int64_t *out) {
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

int32_t pts__str_put(str_ctx *c, const char *p, size_t n, int64_t *out) {
    char *s = pts__str_new(c, p, n);
    if (!s) {
        c->msg = OOM;
        return K_RUNTIME;
    }
    *out = (int64_t)(uintptr_t)s;
    return 0;
}

/* ---- UTF-8 ----------------------------------------------------------------------- */

int64_t pts__cp_count(const char *s, int64_t n) {
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

/* byte offset of code point i (0 <= i <= count) */
int64_t pts__cp_offset(const char *s, int64_t n, int64_t i) {
    if (cp_count(s, n) == n)
        return i;
    int64_t k = 0, b = 0;
    for (; b < n; b++)
        if (((unsigned char)s[b] & 0xC0) != 0x80 && k++ == i)
            return b;
    return n;
}

int pts__cp_len(unsigned char lead) {
    return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

uint32_t pts__cp_decode(const char *s) {
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

int pts__cp_encode(uint32_t c, char *out) {
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

const char *pts__find_bytes(const char *h, int64_t hn, const char *nd, int64_t nn) {
    if (nn == 0)
        return h;
    const char *end = h + hn - nn + 1;       /* candidates start before end */
    for (const char *p = h; p < end; p++) {
        p = memchr(p, nd[0], (size_t)(end - p));
        if (!p)
            return NULL;
        if (nn == 1 || !memcmp(p + 1, nd + 1, (size_t)nn - 1))
            return p;
    }
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

/* str(x) (repr = 0) or repr(x) of a scalar of type code t from slot raw; 0 if t is not one
   (or a repr C cannot vouch for) */
int pts__show(pts_buf *b, int t, int64_t raw, int repr) {
    char tmp[32];
    switch (t) {
    case T_I64: {
        uint64_t mag = raw < 0 ? (uint64_t)0 - (uint64_t)raw : (uint64_t)raw;
        int k = sizeof tmp;
        do {
            tmp[--k] = (char)('0' + mag % 10);
            mag /= 10;
        } while (mag);
        if (raw < 0)
            tmp[--k] = '-';
        pts__buf_put(b, tmp + k, sizeof tmp - (size_t)k);
        return 1;
    }
    case T_F64: {
        double x;
        memcpy(&x, &raw, 8);
        pts__buf_float(b, x);
        return 1;
    }
    case T_I1: pts__buf_puts(b, raw & 1 ? "True" : "False"); return 1;
    case T_NONE: pts__buf_puts(b, "None"); return 1;
    case T_STR: {
        const char *s = (const char *)(uintptr_t)raw;
        if (repr)
            return pts__buf_str_repr(b, s, SLEN(s));
        pts__buf_put(b, s, (size_t)SLEN(s));
        return 1;
    }
    default: return 0;
    }
}
#define show pts__show

/* ---- format specs ---------------------------------------------------------------- */

typedef struct {
    char fill[5];
    int fill_len;
    char align, sign, type;
    int alt, zero, width, prec, group, z, filled;
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
            sp->filled = 1;
            sp->align = s[l];
            i = l + 1;
        } else if (strchr("<>=^", s[0])) {
            sp->align = s[0];
            i = 1;
        }
    }
    if (i < n && strchr("+- ", s[i]))
        sp->sign = s[i++];
    if (i < n && s[i] == 'z')
        sp->z = 1, i++;
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
    if (sp->zero && !sp->filled) {      /* '0' without a fill: zeros, after the sign by default */
        sp->fill[0] = '0';
        sp->fill_len = 1;
        if (!sp->align)
            sp->align = '=';
    }
    char body[720];
    size_t n = 0, k;
    const char *parts[4] = {sign, prefix, digits, tail};
    for (int i = 0; i < 4; i++) {             /* (no snprintf: this is the hot path) */
        k = strlen(parts[i]);
        if (n + k >= sizeof body)
            k = sizeof body - 1 - n;
        memcpy(body + n, parts[i], k);
        n += k;
    }
    body[n] = 0;
    pad(b, sp, body, n, strlen(sign) + strlen(prefix), '>');
}

static int32_t format_int(str_ctx *c, pts_buf *b, int64_t v, spec_t *sp, const char *spec,
                          int is_bool) {
    char type = sp->type ? sp->type : 'd';
    (void)spec;
    if (strchr("eEfFgG%", type)) {
        return -2;     /* a float presentation: convert */
    }
    if (!strchr("dxXobc", type))  /* (a bool with a spec formats as its int, named bool) */
        return fail(c, K_VALUE, "Unknown format code '%c' for object of type '%s'", type,
                    is_bool ? "bool" : "int");
    if (sp->z)
        return fail(c, K_VALUE, "Negative zero coercion (z) not allowed in integer format "
                    "specifier");
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

/* "%.*f" of a >= 0 without printf, where the result is exactly computable in 128 bits:
   x = m * 2^e exactly, so round-half-even(m * 10^prec * 2^e) is the correctly rounded
   fixed-point value printf gives: its length, or 0 if out of range (the caller uses
   printf). */
static int fixed_fast(double a, int prec, char *out) {
    static const uint64_t P10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                   100000000, 1000000000, 10000000000, 100000000000,
                                   1000000000000, 10000000000000, 100000000000000,
                                   1000000000000000};
    if (prec > 15 || !(a < 9.0e18 / (double)P10[prec]))
        return 0;
    uint64_t bits;
    memcpy(&bits, &a, 8);
    int be = (int)(bits >> 52 & 0x7FF);
    uint64_t m = bits & ((UINT64_C(1) << 52) - 1);
    if (be)
        m |= UINT64_C(1) << 52;
    int e = (be ? be : 1) - 1075;               /* a = m * 2^e */
    unsigned __int128 v = (unsigned __int128)m * P10[prec];
    uint64_t n;
    if (e >= 0) {
        n = (uint64_t)(v << e);                 /* (a < 9e18: no overflow) */
    } else if (e < -120) {
        n = 0;                                  /* v < 2^120: below one half */
    } else {
        unsigned __int128 q = v >> -e, rem = v - (q << -e), half = (unsigned __int128)1 << (-e - 1);
        n = (uint64_t)q + (rem > half || (rem == half && (q & 1)));
    }
    char dig[32];
    int k = 0;
    do {
        dig[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    while (k <= prec)
        dig[k++] = '0';
    int o = 0;
    for (int i = k - 1; i >= 0; i--) {
        out[o++] = dig[i];
        if (i == prec && prec > 0)
            out[o++] = '.';
    }
    out[o] = 0;
    return o;
}

/* Room for n more bytes (and a NUL) at the end of b; NULL if out of memory. */
static char *buf_room(pts_buf *b, size_t n) {
    if (b->failed)
        return NULL;
    if (b->cap - b->len <= n) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap - b->len <= n)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = 1;
            return NULL;
        }
        b->p = p;
        b->cap = cap;
    }
    return b->p + b->len;
}

/* format(x, spec) for the specs f-strings use most, written straight into b: an ASCII
   fill, an alignment, a sign, '0', a width and a precision, with type d (or none) for an
   int, f or F for a float (up to 15 digits after the point, below 9e18: fixed_fast's exact
   rounding), s (or none) for a str.  0 if spec or value is not one of those (the general
   path then runs, with its errors). */
static int fast_format(pts_buf *b, int t, int64_t raw, const char *spec, int64_t sn) {
    char fill = ' ', align = 0, sign = 0, type = 0;
    int zero = 0, width = 0, prec = -1, filled = 0;
    int64_t i = 0;
    if (sn >= 2 && (spec[1] == '<' || spec[1] == '>' || spec[1] == '^' || spec[1] == '=') &&
        (unsigned char)spec[0] >= 0x20 && (unsigned char)spec[0] < 0x7f) {
        fill = spec[0];
        filled = 1;
        align = spec[1];
        i = 2;
    } else if (sn >= 1 && (spec[0] == '<' || spec[0] == '>' || spec[0] == '^' || spec[0] == '=')) {
        align = spec[0];
        i = 1;
    }
    if (i < sn && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' '))
        sign = spec[i++];
    if (i < sn && spec[i] == '0') {
        zero = 1;
        i++;
    }
    for (int k = 0; i < sn && spec[i] >= '0' && spec[i] <= '9'; k++, i++) {
        if (k == 4)
            return 0;
        width = width * 10 + (spec[i] - '0');
    }
    if (i < sn && spec[i] == '.') {
        i++;
        prec = 0;
        for (int k = 0; i < sn && spec[i] >= '0' && spec[i] <= '9'; k++, i++) {
            if (k == 2)
                return 0;
            prec = prec * 10 + (spec[i] - '0');
        }
        if (spec[i - 1] == '.')
            return 0;
    }
    if (i < sn)
        type = spec[i++];
    if (i != sn)
        return 0;
    char tmp[48];
    const char *body;
    int64_t blen, bcps;                  /* the body's bytes and code points */
    char sg = 0;                         /* the sign written */
    if (t == T_STR) {
        if ((type && type != 's') || sign || zero || prec >= 0 || align == '=')
            return 0;
        body = (const char *)(uintptr_t)raw;
        blen = SLEN(body);
        bcps = SNCP(body);
        if (!align)
            align = '<';
    } else {
        if (t == T_I64 && (!type || type == 'd') && prec < 0) {
            uint64_t mag = raw < 0 ? (uint64_t)0 - (uint64_t)raw : (uint64_t)raw;
            int k = sizeof tmp;
            do {
                tmp[--k] = (char)('0' + mag % 10);
                mag /= 10;
            } while (mag);
            body = tmp + k;
            blen = (int64_t)sizeof tmp - k;
            if (raw < 0)
                sg = '-';
        } else if (t == T_F64 && (type == 'f' || type == 'F') && prec <= 15) {
            double x;
            memcpy(&x, &raw, 8);
            if (!isfinite(x) || !(blen = fixed_fast(fabs(x), prec < 0 ? 6 : prec, tmp)))
                return 0;
            body = tmp;
            if (signbit(x))
                sg = '-';
        } else {
            return 0;
        }
        if (!sg && (sign == '+' || sign == ' '))
            sg = sign;
        bcps = blen;
        if (zero && !filled)             /* '0': fill with zeros, after the sign by default */
            fill = '0';
        if (zero && !align)
            align = '=';
        if (!align)
            align = '>';
    }
    int64_t total = bcps + (sg != 0);
    int64_t pad_n = width > total ? width - total : 0;
    int64_t left = align == '>' || align == '=' ? pad_n : align == '^' ? pad_n / 2 : 0;
    int64_t right = pad_n - left;
    char *w = buf_room(b, (size_t)(pad_n + blen + 1));
    if (!w)
        return 1;                        /* (b->failed: the caller reports it) */
    if (align == '=' && sg)
        *w++ = sg;
    for (int64_t k = 0; k < left; k++)   /* (short runs: no call of memset) */
        *w++ = fill;
    if (align != '=' && sg)
        *w++ = sg;
    memcpy(w, body, (size_t)blen);
    w += blen;
    for (int64_t k = 0; k < right; k++)
        *w++ = fill;
    *w = 0;
    b->len = (size_t)(w - b->p);
    return 1;
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
            char *e = strchr(tmp, 'e');
            if (sp->alt && e && !memchr(tmp, '.', (size_t)(e - tmp)))   /* '#': "1.e+16" */
                snprintf(digits, sizeof digits, "%.*s.%s", (int)(e - tmp), tmp, e);
            else
                snprintf(digits, sizeof digits, "%s", tmp);
        } else {
            /* like 'g', but a fixed result keeps a digit after the point, so the exponent
               form starts a digit earlier (CPython: decpt > precision - 1) */
            int p = sp->prec ? sp->prec : 1;
            char *e;
            snprintf(digits, sizeof digits, "%.*e", p - 1, a);
            int exp10 = (e = strchr(digits, 'e')) ? atoi(e + 1) : 0;
            if (e && (exp10 < -4 || exp10 >= p - 1)) {
                char mant[400];                  /* the mantissa's trailing zeros go, as in 'g' */
                size_t m = (size_t)(e - digits);
                memcpy(mant, digits, m);
                while (m > 1 && strchr(mant, '.') && mant[m - 1] == '0')
                    m--;
                if (m && mant[m - 1] == '.')
                    m--;
                mant[m] = 0;
                char exps[16];
                snprintf(exps, sizeof exps, "%s", e);
                snprintf(digits, sizeof digits, "%s%s", mant, exps);
            } else {
                snprintf(digits, sizeof digits, "%.*g", p, a);
                if (!strpbrk(digits, ".en"))
                    strcat(digits, ".0");
            }
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
        if ((type == 'f' || type == 'F') && !sp->alt && fixed_fast(a, prec, digits))
            ;
        else
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
    if (sp->z && neg && !strpbrk(digits, "123456789"))
        neg = 0;                                 /* z: a zero that rounds is not negative */
    finish_number(b, sp, neg, "", digits, tail);
    return 0;
}

/* format(x, spec) for a scalar of type code t (spec: sn bytes) */
int32_t pts__format_value(str_ctx *c, pts_buf *b, int t, int64_t raw, const char *spec,
                          int64_t sn) {
    spec_t sp;
    if (sn == 0) {
        if (!show(b, t, raw, 0))
            return -1;           /* (the caller falls back) */
        return 0;
    }
    if (fast_format(b, t, raw, spec, sn))
        return 0;
    if (!parse_spec(spec, sn, &sp))
        return fail(c, K_VALUE, "Invalid format specifier '%s' for object of type '%s'", spec,
                    t == T_I64 ? "int" : t == T_F64 ? "float" : t == T_I1 ? "bool" :
                    t == T_STR ? "str" : "NoneType");
    if (t == T_STR) {
        const char *s = (const char *)(uintptr_t)raw;
        if (sp.type && sp.type != 's')
            return fail(c, K_VALUE, "Unknown format code '%c' for object of type 'str'", sp.type);
        if (sp.group)
            return fail(c, K_VALUE, "Cannot specify '%c' with 's'.", sp.group);
        if (sp.sign)
            return fail(c, K_VALUE, sp.sign == ' ' ? "Space not allowed in string format specifier"
                                                   : "Sign not allowed in string format specifier");
        if (sp.z)
            return fail(c, K_VALUE, "Negative zero coercion (z) not allowed in string format "
                        "specifier");
        if (sp.alt)
            return fail(c, K_VALUE, "Alternate form (#) not allowed in string format specifier");
        if (sp.align == '=')
            return fail(c, K_VALUE, "'=' alignment not allowed in string format specifier");
        int64_t n = SLEN(s);
        if (sp.zero && !sp.filled) {
            sp.fill[0] = '0';
            sp.fill_len = 1;
        }
        if (sp.prec >= 0 && sp.prec < cp_count(s, n))
            n = cp_offset(s, n, sp.prec);
        pad(b, &sp, s, (size_t)n, 0, '<');
        return 0;
    }
    if (t == T_I64 || t == T_I1) {
        int32_t st = format_int(c, b, raw, &sp, spec, t == T_I1);
        return st == -2 ? format_float(c, b, (double)raw, &sp) : st;
    }
    if (t == T_F64) {
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

/* ValueError: `what` followed by the repr of the n bytes at s (int()'s and float()'s words) */
static int32_t fail_repr(str_ctx *c, const char *what, const char *s, int64_t n) {
    pts_buf b = {0};
    pts__buf_puts(&b, what);
    pts__buf_str_repr(&b, s, n);
    int32_t st = b.failed ? K_RUNTIME : fail(c, K_VALUE, "%s", b.p);
    free(b.p);
    return st;
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
        return fail_repr(c, "invalid literal for int() with base 10: ", s, n);
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
        return fail_repr(c, "could not convert string to float: ", s, n);
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
int pts__unicode_space(const char *s, int64_t n) {
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
#define unicode_space pts__unicode_space

int pts__ascii_space(char ch) { return ASCII_SPACE(ch); }
#define ascii_space pts__ascii_space

/* In a Python process, what C does not run goes to runtime/strings.py's callback, which runs
   the op table's own function (pts._threads sets it); in libpts it stays NULL. */
typedef int32_t (*str_fn)(void *, const char *, const int64_t *, int64_t *);
static str_fn fallback;

void pts__str_set_fallback(void *f) { fallback = (str_fn)f; }

int32_t pts__str_unsupported(str_ctx *c, const char *desc, const int64_t *argv, int64_t *out) {
    if (fallback)
        return fallback(c, desc, argv, out);
    const char *bar = strchr(desc, '|');
    const char *bar2 = bar ? strchr(bar + 1, '|') : NULL;
    if (!bar2)
        return fail(c, K_RUNTIME, "libpts: bad string op %.60s", desc);
    return fail(c, K_RUNTIME, "libpts cannot run '%.*s' (%.*s) yet: run the archive from Python",
                (int)(bar - desc), desc, (int)(bar2 - bar - 1), bar + 1);
}

/* a list<str> result holding items[0..n) (strings already in the arena) */
int32_t pts__str_list(str_ctx *c, const char **items, int64_t n, int64_t *out) {
    str_node *l = pts_block_malloc(sizeof *l);
    void *data = pts_block_malloc((size_t)(n ? n : 1) * 8);
    if (!l || !data) {
        pts_block_free(l);
        pts_block_free(data);
        c->msg = OOM;
        return K_RUNTIME;
    }
    if (n)
        memcpy(data, items, (size_t)n * 8);
    l->len = n;
    l->cap = n ? n : 1;
    l->data = data;
    push(c, l);
    *out = (int64_t)(uintptr_t)l;
    return 0;
}

#define OP_NAME(n) #n,
static const char *const OP_NAMES[] = {"", STR_OPS(OP_NAME)};
static const char *const METHOD_NAMES[] = {STR_METHODS(OP_NAME)};
#define OP_FALLBACK 255

static int type_code(const char *t, size_t n) {
    static const struct { const char *name; int code; } names[] = {
        {"i64", T_I64}, {"f64", T_F64}, {"i1", T_I1}, {"none", T_NONE}, {"str", T_STR},
        {"list<str>", T_LSTR}};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        if (strlen(names[k].name) == n && !memcmp(names[k].name, t, n))
            return names[k].code;
    return T_OTHER;
}

/* desc "op|t1;t2;...|result" -> the op's number and its operands' type codes */
static str_site decode(const char *desc) {
    str_site site;
    memset(&site, 0, sizeof site);
    site.op = OP_FALLBACK;
    const char *bar = strchr(desc, '|');
    const char *bar2 = bar ? strchr(bar + 1, '|') : NULL;
    if (!bar2)
        return site;
    size_t on = (size_t)(bar - desc);
    if (on > 6 && !memcmp(desc, "str.m.", 6)) {
        for (size_t k = 0; k < sizeof METHOD_NAMES / sizeof *METHOD_NAMES; k++)
            if (strlen(METHOD_NAMES[k]) == on - 6 && !memcmp(METHOD_NAMES[k], desc + 6, on - 6))
                site.op = (uint8_t)(M_split + k);
    } else if (on > 4 && !memcmp(desc, "str.", 4)) {
        for (size_t k = 1; k < sizeof OP_NAMES / sizeof *OP_NAMES; k++)
            if (strlen(OP_NAMES[k]) == on - 4 && !memcmp(OP_NAMES[k], desc + 4, on - 4))
                site.op = (uint8_t)k;
    }
    int n = 0;
    for (const char *p = bar + 1; p < bar2;) {
        const char *e = p + strcspn(p, ";|");
        if (n < SITE_MAX_ARGS)
            site.t[n] = (uint8_t)type_code(p, (size_t)(e - p));
        n++;
        p = *e == ';' ? e + 1 : e;
    }
    if (site.op == OP_mod && n == 2 && site.t[1] == T_OTHER && !strncmp(bar, "|str;tuple<", 11)) {
        /* template % (a, b, ...): the tuple's scalars are the operands (the same for %) */
        const char *p = bar + 11;
        n = 1;
        while (*p != '>' && n <= SITE_MAX_ARGS) {
            size_t k = strcspn(p, ",>");
            if (n < SITE_MAX_ARGS)
                site.t[n] = (uint8_t)type_code(p, k);
            n++;
            p += k;
            if (*p == ',')
                p += 2;                  /* ", " */
        }
        if (strncmp(p, ">|", 2))
            n = SITE_MAX_ARGS + 1;       /* a nested tuple or list */
    }
    if (n > SITE_MAX_ARGS)
        site.op = OP_FALLBACK;
    site.nargs = (uint8_t)n;
    return site;
}

static int32_t run(str_ctx *c, const str_site *site, const char *desc, const int64_t *argv,
                   int64_t *out);

/* The str_call import (images before str_op, and any caller with no site word): the desc
   text decoded on every call. */
int32_t pts__str_call(void *ctxp, const char *desc, const int64_t *argv, int64_t *out) {
    str_site site = decode(desc);
    return run(ctxp, &site, desc, argv, out);
}

/* The str_op import: desc's text is decoded on a call site's first call into the 8 bytes
   before it, a word generated code reserves as 0 (backend/str_codegen.py).  Two threads
   may decode a site at once: they store the same word. */
int32_t pts__str_op(void *ctxp, const char *desc, const int64_t *argv, int64_t *out) {
    uint64_t *slot = (uint64_t *)(uintptr_t)(desc - 8);
    uint64_t word = __atomic_load_n(slot, __ATOMIC_RELAXED);
    str_site site;
    if (!word) {
        site = decode(desc);
        word = site.op | (uint64_t)site.nargs << 8;        /* (op is never 0) */
        for (int k = 0; k < site.nargs; k++)
            word |= (uint64_t)site.t[k] << (16 + 3 * k);
        __atomic_store_n(slot, word, __ATOMIC_RELAXED);
    } else {
        site.op = (uint8_t)word;
        site.nargs = (uint8_t)(word >> 8);
        for (int k = 0; k < site.nargs; k++)
            site.t[k] = (uint8_t)(word >> (16 + 3 * k) & 7);
    }
    return run(ctxp, &site, desc, argv, out);
}

/* A hash of a str's bytes (FNV-1a, 64 bits), for hash tables of str keys: equal strings
   hash equally (a str's UTF-8 bytes are unique to it). */
uint64_t pts__str_hash(const char *p) {
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    int64_t n = SLEN(p);
    for (int64_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * UINT64_C(0x100000001b3);
    return h;
}

static int cmp_str(const char *a, const char *b) {
    int64_t an = SLEN(a), bn = SLEN(b);
    int r = memcmp(a, b, (size_t)(an < bn ? an : bn));
    return r ? r : an < bn ? -1 : an > bn;
}

static int32_t slice(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out) {
    const char *a = arg_str(argv, 0);
    int64_t an = SLEN(a);
    int has[3];
    int64_t v[3];
    for (int q = 0; q < 3; q++) {
        has[q] = site->t[q + 1] != T_NONE;
        v[q] = argv[q + 1];
    }
    int64_t step = has[2] ? v[2] : 1;
    if (step == 0)
        return fail(c, K_VALUE, "slice step cannot be zero");
    int64_t n = SNCP(a);
    int64_t lo, hi;
    if (step > 0) {
        lo = !has[0] ? 0 : v[0] < 0 ? (v[0] + n < 0 ? 0 : v[0] + n) : (v[0] > n ? n : v[0]);
        hi = !has[1] ? n : v[1] < 0 ? (v[1] + n < 0 ? 0 : v[1] + n) : (v[1] > n ? n : v[1]);
    } else {
        lo = !has[0] ? n - 1 : v[0] < 0 ? (v[0] + n < 0 ? -1 : v[0] + n) : (v[0] >= n ? n - 1 : v[0]);
        hi = !has[1] ? -1 : v[1] < 0 ? (v[1] + n < 0 ? -1 : v[1] + n) : (v[1] >= n ? n - 1 : v[1]);
    }
    int ascii = n == an;
    if (ascii && step == 1)                           /* one copy */
        return put(c, a + lo, (size_t)(hi > lo ? hi - lo : 0), out);
    pts_buf b = {0};
    pts__buf_put(&b, "", 0);
    for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) {
        int64_t off = ascii ? i : cp_offset(a, an, i);
        pts__buf_put(&b, a + off, (size_t)cp_len((unsigned char)a[off]));
    }
    return put_buf(c, &b, out);
}

/* A piece of split: a new string of the n bytes at p (ncp code points).  The hot path of
   `for w in text.split()`: carved from the thread's chunk like pts__str_alloc's small
   strings, and short ones copied as one word when the source has 8 bytes to read. */
static inline char *piece(str_ctx *c, const char *p, int64_t n, int64_t ncp, int wide) {
    size_t need = (17 + (size_t)n + 7) & ~(size_t)7;
    char *r;
    if (n < 8 && chunk && chunk_ctx == c && chunk_used + need <= chunk_cap) {
        char *block = (char *)(chunk + 1) + chunk_used;
        chunk_used += need;
        memcpy(block, &ncp, 8);
        memcpy(block + 8, &n, 8);
        r = block + 16;                  /* (8 bytes of room: need >= 24) */
    } else {
        if (!(r = pts__str_alloc(c, (size_t)n, ncp)))
            return NULL;
        wide = 0;
    }
    if (wide)
        memcpy(r, p, 8);                 /* (n < 8: the NUL below ends it) */
    else
        memcpy(r, p, (size_t)n);
    r[n] = 0;
    return r;
}

/* ASCII_SPACE as a table: split's scans test a byte with one load */
#define SP4(k) ASCII_SPACE(k), ASCII_SPACE(k + 1), ASCII_SPACE(k + 2), ASCII_SPACE(k + 3)
#define SP16(k) SP4(k), SP4(k + 4), SP4(k + 8), SP4(k + 12)
static const unsigned char space_table[256] = {SP16(0), SP16(16), SP16(32), SP16(48), SP16(64),
                                               SP16(80), SP16(96), SP16(112)};

/* The list of a split's pieces: items are malloc'ed, grown by realloc, and become the
   list's data as they are (the arena frees it with free, as every block).  A whitespace
   split of a long text starts with room for every word it can hold (one per two bytes):
   a block of the block cache, whose pages only the words written touch, reused by the
   next call, instead of growing by copies. */
static int32_t split(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out) {
    const char *a = arg_str(argv, 0);
    int64_t an = SLEN(a);
    const char *sep = site->nargs >= 2 && site->t[1] == T_STR ? arg_str(argv, 1) : NULL;
    int64_t maxsplit = site->nargs >= 3 ? argv[2] : -1;
    int64_t sn = sep ? SLEN(sep) : 0;
    if (sep && sn == 0)
        return fail(c, K_VALUE, "empty separator");
    int ascii = SNCP(a) == an;
    if (!sep && !ascii && unicode_space(a, an))
        return -1;
    int64_t cap = 16, n = 0;
    if (!sep && maxsplit < 0 && an / 2 + 1 >= (int64_t)(PTS_BLOCK_MIN / sizeof(char *)) &&
        an / 2 + 1 <= (INT64_C(1) << 26))
        cap = an / 2 + 1;
    const char **items = pts_block_malloc((size_t)cap * sizeof *items);
    str_node *l = pts_block_malloc(sizeof *l);
    if (!items || !l)
        goto oom;
    int64_t i = 0;
    while (1) {
        int64_t start, end;
        if (!sep) {
            while (i < an && space_table[(unsigned char)a[i]])
                i++;
            if (i >= an)
                break;
        }
        start = i;
        if (maxsplit >= 0 && n >= maxsplit) {
            end = an;                      /* the rest, as it is */
        } else if (sep) {
            const char *hit = find_bytes(a + i, an - i, sep, sn);
            end = hit ? hit - a : an;
        } else {
            end = i;
            while (end < an && !space_table[(unsigned char)a[end]])
                end++;
        }
        if (n == cap) {
            const char **more = realloc(items, (size_t)(cap *= 2) * sizeof *items);
            if (!more)
                goto oom;
            items = more;
        }
        int64_t len = end - start;
        if (!(items[n++] = piece(c, a + start, len, ascii ? len : cp_count(a + start, len),
                                 an - start >= 8)))
            goto oom;
        if (end >= an)
            break;
        i = end + sn;                      /* (after a final separator: one "" more) */
    }
    l->len = n;
    l->cap = cap;
    l->data = items;
    push(c, l);
    *out = (int64_t)(uintptr_t)l;
    return 0;
oom:
    pts_block_free(items);
    pts_block_free(l);
    c->msg = OOM;
    return K_RUNTIME;
}

/* The byte length of the whitespace character at a + i (str.isspace's: ASCII's and
   unicode_space's), or 0 */
static inline int64_t space_at(const char *a, int64_t i) {
    unsigned char ch = (unsigned char)a[i];
    if (ch < 0x80)
        return space_table[ch];
    int n = cp_len(ch);
    return unicode_space(a + i, n) ? n : 0;
}

/* str.split_next(s, sep or None, left, pos) -> (piece, next): one step of s.split(sep,
   maxsplit) from byte offset pos (ir/string_ops.py; the loop of frontend/lower_split.py):
   the piece and the offset to search from next, or ("", -1) when there is none.  An
   offset past the end means exhausted: the last piece (a separator's last field, or the
   rest once `left` reaches 0) sets it.  ASCII text (one byte per code point) is scanned
   with split's table; other text tests each character, unicode whitespace too. */
static const struct { int64_t ncp, n; char s[8]; } empty_str = {0, 0, ""};

static int32_t split_next(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out) {
    const char *a = arg_str(argv, 0);
    int64_t an = SLEN(a);
    const char *sep = site->t[1] == T_STR ? arg_str(argv, 1) : NULL;
    int64_t left = argv[2], i = argv[3], sn = sep ? SLEN(sep) : 0;
    if (sep && sn == 0)
        return fail(c, K_VALUE, "empty separator");
    out[0] = (int64_t)(uintptr_t)empty_str.s;
    out[1] = -1;
    if (i < 0 || i > an)
        return 0;
    int ascii = SNCP(a) == an;
    int64_t end, next;
    if (!sep) {
        if (ascii)
            while (i < an && space_table[(unsigned char)a[i]])
                i++;
        else
            for (int64_t k; i < an && (k = space_at(a, i));)
                i += k;
        if (i >= an)
            return 0;
        end = i;
        if (left == 0)
            end = an;                      /* the rest, trailing whitespace and all */
        else if (ascii)
            while (end < an && !space_table[(unsigned char)a[end]])
                end++;
        else
            while (end < an && !space_at(a, end))
                end += cp_len((unsigned char)a[end]);
        next = end < an ? end : an + 1;
    } else {
        const char *hit = left != 0 ? find_bytes(a + i, an - i, sep, sn) : NULL;
        end = hit ? hit - a : an;
        next = hit ? end + sn : an + 1;    /* (after a final separator: one "" more) */
    }
    int64_t len = end - i;
    char *r = piece(c, a + i, len, ascii ? len : cp_count(a + i, len), an - i >= 8);
    if (!r) {
        c->msg = OOM;
        return K_RUNTIME;
    }
    out[0] = (int64_t)(uintptr_t)r;
    out[1] = next;
    return 0;
}

/* str.lines_next(s, pos) -> (line, next): one step of s.splitlines() from byte offset pos,
   or ("", -1) at the end.  Line boundaries are str.splitlines': \r\n, then \n \r \v \f
   \x1c \x1d \x1e and U+0085 U+2028 U+2029 (C2 85, E2 80 A8, E2 80 A9 in UTF-8). */
static int32_t lines_next(str_ctx *c, const int64_t *argv, int64_t *out) {
    const char *a = arg_str(argv, 0);
    int64_t an = SLEN(a), i = argv[1], end = i, brk = 0;
    out[0] = (int64_t)(uintptr_t)empty_str.s;
    out[1] = -1;
    if (i < 0 || i >= an)
        return 0;
    for (; end < an; end++) {
        unsigned char ch = (unsigned char)a[end];
        if (ch == '\n' || (ch >= 0x0b && ch <= 0x0d) || (ch >= 0x1c && ch <= 0x1e))
            brk = ch == '\r' && end + 1 < an && a[end + 1] == '\n' ? 2 : 1;
        else if (ch == 0xC2 && end + 1 < an && (unsigned char)a[end + 1] == 0x85)
            brk = 2;
        else if (ch == 0xE2 && end + 2 < an && (unsigned char)a[end + 1] == 0x80 &&
                 ((unsigned char)a[end + 2] == 0xA8 || (unsigned char)a[end + 2] == 0xA9))
            brk = 3;
        if (brk)
            break;
    }
    int64_t len = end - i;
    char *r = piece(c, a + i, len, SNCP(a) == an ? len : cp_count(a + i, len), an - i >= 8);
    if (!r) {
        c->msg = OOM;
        return K_RUNTIME;
    }
    out[0] = (int64_t)(uintptr_t)r;
    out[1] = end + brk;
    return 0;
}

/* A per-thread buffer the formatting ops reuse (one malloc per thread, not per call);
   only run() itself uses it, never a function it calls. */
static TLS pts_buf scratch_buf;

static pts_buf *scratch(void) {
    scratch_buf.len = 0;
    scratch_buf.failed = 0;
    return &scratch_buf;
}

static int32_t put_scratch(str_ctx *c, pts_buf *b, int64_t *out) {
    if (b->failed) {
        c->msg = OOM;
        return K_RUNTIME;
    }
    return put(c, b->p ? b->p : "", b->len, out);
}

static int32_t run(str_ctx *c, const str_site *site, const char *desc, const int64_t *argv,
                   int64_t *out) {
    int op = site->op, t0 = site->t[0], nargs = site->nargs;
    const char *a = nargs > 0 && t0 == T_STR ? arg_str(argv, 0) : NULL;
    int64_t an = a ? SLEN(a) : 0;
    int32_t st = -1;
    for (int k = 0; k < nargs && k < SITE_MAX_ARGS; k++)
        if (site->t[k] == T_OTHER && op != OP_from && op != OP_repr && op != OP_format &&
            op != OP_fmt && op != OP_mod)
            return pts__str_unsupported(c, desc, argv, out);
    switch (op) {
    case OP_concat: {
        const char *s2 = arg_str(argv, 1);
        int64_t bn = SLEN(s2);
        char *r = pts__str_alloc(c, (size_t)(an + bn), SNCP(a) + SNCP(s2));
        if (!r)
            return fail(c, K_RUNTIME, "out of memory");
        memcpy(r, a, (size_t)an);
        memcpy(r + an, s2, (size_t)bn);
        *out = (int64_t)(uintptr_t)r;
        return 0;
    }
    case OP_append: return append(c, a, arg_str(argv, 1), out);
    case OP_repeat: {
        int64_t k = argv[1] > 0 ? argv[1] : 0;
        if (k > 0 && an > 0 && k > (INT64_C(1) << 40) / an)
            return fail(c, K_RUNTIME, "out of memory");
        char *r = pts__str_alloc(c, (size_t)(an * k), SNCP(a) * k);
        if (!r)
            return fail(c, K_RUNTIME, "out of memory");
        for (int64_t i = 0; i < k; i++)
            memcpy(r + i * an, a, (size_t)an);
        *out = (int64_t)(uintptr_t)r;
        return 0;
    }
    case OP_eq: *out = cmp_str(a, arg_str(argv, 1)) == 0; return 0;
    case OP_ne: *out = cmp_str(a, arg_str(argv, 1)) != 0; return 0;
    case OP_lt: *out = cmp_str(a, arg_str(argv, 1)) < 0; return 0;
    case OP_le: *out = cmp_str(a, arg_str(argv, 1)) <= 0; return 0;
    case OP_gt: *out = cmp_str(a, arg_str(argv, 1)) > 0; return 0;
    case OP_ge: *out = cmp_str(a, arg_str(argv, 1)) >= 0; return 0;
    case OP_contains: {
        const char *s2 = arg_str(argv, 1);
        *out = find_bytes(s2, SLEN(s2), a, an) != NULL;
        return 0;
    }
    case OP_len: *out = SNCP(a); return 0;
    case OP_getitem: {
        int64_t n = SNCP(a), i = argv[1];
        if (i < 0)
            i += n;
        if (i < 0 || i >= n)
            return fail(c, K_INDEX, "string index out of range");
        int64_t off = n == an ? i : cp_offset(a, an, i);
        return put(c, a + off, (size_t)cp_len((unsigned char)a[off]), out);
    }
    case OP_slice: return slice(c, site, argv, out);
    case OP_from:
    case OP_repr: {
        if (op == OP_from && t0 == T_STR) {
            *out = argv[0];
            return 0;
        }
        pts_buf *b = scratch();
        if (!show(b, t0, argv[0], op == OP_repr))
            return pts__str_unsupported(c, desc, argv, out);
        return put_scratch(c, b, out);
    }
    case OP_format: {
        if (site->t[1] != T_STR || t0 == T_OTHER || t0 == T_LSTR)
            return pts__str_unsupported(c, desc, argv, out);
        const char *spec = arg_str(argv, 1);
        pts_buf *b = scratch();
        st = pts__format_value(c, b, t0, argv[0], spec, SLEN(spec));
        if (st)
            return st < 0 ? pts__str_unsupported(c, desc, argv, out) : st;
        return put_scratch(c, b, out);
    }
    case OP_fmt:
    case OP_mod:
        st = pts__str_template(c, site, argv, out);
        break;
    case OP_int: return parse_int(c, a, out);
    case OP_float: {
        double x = 0.0;
        st = parse_float(c, a, &x);
        if (!st)
            memcpy(out, &x, 8);
        return st;
    }
    case OP_ord: {
        int64_t n = SNCP(a);
        if (n != 1)
            return fail(c, K_TYPE, "ord() expected a character, but string of length %lld found",
                        (long long)n);
        *out = cp_decode(a);
        return 0;
    }
    case OP_chr: {
        int64_t v = argv[0];
        if (v < INT32_MIN || v > INT32_MAX)
            return fail(c, K_OVERFLOW, "Python int too large to convert to C int");
        if (v < 0 || v > 0x10FFFF)
            return fail(c, K_VALUE, "chr() arg not in range(0x110000)");
        char ch[4];
        return put(c, ch, (size_t)cp_encode((uint32_t)v, ch), out);
    }
    case OP_join: {
        const str_node *l = (const str_node *)(uintptr_t)argv[1];
        const char *const *items = l->data;
        int64_t total = 0, ncp = 0;
        for (int64_t k = 0; k < l->len; k++) {
            total += SLEN(items[k]) + (k ? an : 0);
            ncp += SNCP(items[k]) + (k ? SNCP(a) : 0);
        }
        char *r = pts__str_alloc(c, (size_t)total, ncp);
        if (!r)
            return fail(c, K_RUNTIME, "out of memory");
        char *p = r;
        for (int64_t k = 0; k < l->len; k++) {
            if (k) {
                memcpy(p, a, (size_t)an);
                p += an;
            }
            memcpy(p, items[k], (size_t)SLEN(items[k]));
            p += SLEN(items[k]);
        }
        *out = (int64_t)(uintptr_t)r;
        return 0;
    }
    case OP_list_contains: {
        const str_node *l = (const str_node *)(uintptr_t)argv[0];
        const char *const *items = l->data;
        const char *x = arg_str(argv, 1);
        *out = 0;
        for (int64_t k = 0; k < l->len && !*out; k++)
            *out = cmp_str(items[k], x) == 0;
        return 0;
    }
    case OP_list_eq: {
        const str_node *l1 = (const str_node *)(uintptr_t)argv[0];
        const str_node *l2 = (const str_node *)(uintptr_t)argv[1];
        const char *const *i1 = l1->data, *const *i2 = l2->data;
        *out = l1->len == l2->len;
        for (int64_t k = 0; *out && k < l1->len; k++)
            *out = cmp_str(i1[k], i2[k]) == 0;
        return 0;
    }
    case OP_split_next: return split_next(c, site, argv, out);
    case OP_lines_next: return lines_next(c, argv, out);
    case M_split:
        if (nargs == 1 || site->t[1] == T_STR || site->t[1] == T_NONE)
            st = split(c, site, argv, out);
        break;
    case M_strip:
    case M_lstrip:
    case M_rstrip: {
        const char *chars = nargs == 2 && site->t[1] == T_STR ? arg_str(argv, 1) : NULL;
        int64_t cn = chars ? SLEN(chars) : 0, i = 0, j = an;
        /* whole characters: on UTF-8, a byte match of a character is a code-point match */
#define STRIPPED(p, l) (chars ? find_bytes(chars, cn, (p), (l)) != NULL                     \
                        : (l) == 1 ? ascii_space(*(p)) : unicode_space((p), (l)))
        if (op != M_rstrip)
            while (i < j && STRIPPED(a + i, cp_len((unsigned char)a[i])))
                i += cp_len((unsigned char)a[i]);
        if (op != M_lstrip)
            while (j > i) {
                int64_t k = j - 1;
                while (k > i && ((unsigned char)a[k] & 0xC0) == 0x80)
                    k--;
                if (!STRIPPED(a + k, j - k))
                    break;
                j = k;
            }
#undef STRIPPED
        if (i == 0 && j == an) {
            *out = argv[0];
            return 0;
        }
        return put(c, a + i, (size_t)(j - i), out);
    }
    case M_replace: {
        if (nargs != 3)
            break;                               /* (a count: str_methods.c) */
        const char *x = arg_str(argv, 1), *y = arg_str(argv, 2);
        int64_t xn = SLEN(x);
        if (xn == 0)
            break;
        const char *hit = find_bytes(a, an, x, xn);
        if (!hit) {
            *out = argv[0];
            return 0;
        }
        pts_buf b = {0};
        pts__buf_put(&b, "", 0);
        const char *p = a;
        do {
            pts__buf_put(&b, p, (size_t)(hit - p));
            pts__buf_put(&b, y, (size_t)SLEN(y));
            p = hit + xn;
        } while ((hit = find_bytes(p, an - (p - a), x, xn)));
        pts__buf_put(&b, p, (size_t)(an - (p - a)));
        return put_buf(c, &b, out);
    }
    case M_lower:
    case M_upper:
        if (SNCP(a) == an) {
            char *r = pts__str_alloc(c, (size_t)an, an);
            if (!r)
                return fail(c, K_RUNTIME, "out of memory");
            for (int64_t k = 0; k < an; k++)
                r[k] = (char)(op == M_lower ? tolower((unsigned char)a[k])
                                            : toupper((unsigned char)a[k]));
            *out = (int64_t)(uintptr_t)r;
            return 0;
        }
        break;
    default:
        break;
    }
    if (st < 0 && op >= M_split && op < OP_COUNT)
        st = pts__str_method(c, site, argv, out);
    return st < 0 ? pts__str_unsupported(c, desc, argv, out) : st;
}
