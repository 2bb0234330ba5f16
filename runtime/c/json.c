/* json.c — a small, strict JSON reader for the archive's manifest.
 *
 * Recursive descent over a length-delimited buffer, nesting depth at most 64, every
 * allocation from one arena freed at once (so no error path can leak).  Strings are
 * decoded (escapes, \uXXXX with surrogate pairs) to UTF-8; a string holding U+0000 is
 * refused, so names can be handled as C strings.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_DEPTH 64

typedef struct block { struct block *next; size_t used, cap; unsigned char data[]; } block;

typedef struct {
    const char *s;
    size_t len, pos;
    block *arena;
    pts_error *err;
    int failed;
    pts_status status;
} parser;

static void *alloc(parser *p, size_t n) {
    n = (n + 15) & ~(size_t)15;
    block *b = p->arena;
    if (!b || b->cap - b->used < n) {
        size_t cap = n > 16384 ? n : 16384;
        b = malloc(sizeof *b + cap);
        if (!b) {
            if (!p->failed)
                p->status = pts__fail(p->err, PTS_ERR_NOMEM, "out of memory reading the manifest");
            p->failed = 1;
            return NULL;
        }
        b->next = p->arena;
        b->used = 0;
        b->cap = cap;
        p->arena = b;
    }
    void *r = b->data + b->used;
    b->used += n;
    return r;
}

static int bad(parser *p, const char *what) {
    if (!p->failed)
        p->status = pts__fail(p->err, PTS_ERR_FORMAT, "manifest.json: %s at byte %zu", what, p->pos);
    p->failed = 1;
    return 0;
}

static void skip_ws(parser *p) {
    while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
                               p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
        p->pos++;
}

static int literal(parser *p, const char *word) {
    size_t n = strlen(word);
    if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n) != 0)
        return bad(p, "unexpected token");
    p->pos += n;
    return 1;
}

static int hex4(parser *p, unsigned *out) {
    if (p->len - p->pos < 4)
        return bad(p, "truncated \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p->s[p->pos++];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return bad(p, "bad \\u escape");
    }
    *out = v;
    return 1;
}

static int string(parser *p, const char **out) {
    p->pos++;                                   /* the opening quote */
    size_t start = p->pos, end = start;
    while (end < p->len && p->s[end] != '"')
        end += p->s[end] == '\\' ? 2 : 1;
    if (end >= p->len)
        return bad(p, "unterminated string");
    char *buf = alloc(p, end - start + 1);      /* decoded text is never longer */
    if (!buf)
        return 0;
    size_t n = 0;
    while (p->pos < end) {
        unsigned char c = (unsigned char)p->s[p->pos++];
        if (c < 0x20)
            return bad(p, "control character in string");
        if (c != '\\') {
            buf[n++] = (char)c;
            continue;
        }
        char e = p->s[p->pos++];
        switch (e) {
        case '"': buf[n++] = '"'; break;
        case '\\': buf[n++] = '\\'; break;
        case '/': buf[n++] = '/'; break;
        case 'b': buf[n++] = '\b'; break;
        case 'f': buf[n++] = '\f'; break;
        case 'n': buf[n++] = '\n'; break;
        case 'r': buf[n++] = '\r'; break;
        case 't': buf[n++] = '\t'; break;
        case 'u': {
            unsigned u;
            if (!hex4(p, &u))
                return 0;
            if (u >= 0xD800 && u < 0xDC00) {     /* a surrogate pair */
                unsigned lo;
                if (p->pos + 2 > end || p->s[p->pos] != '\\' || p->s[p->pos + 1] != 'u')
                    return bad(p, "lone surrogate");
                p->pos += 2;
                if (!hex4(p, &lo) || lo < 0xDC00 || lo >= 0xE000)
                    return p->failed ? 0 : bad(p, "bad surrogate pair");
                u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
            } else if (u >= 0xDC00 && u < 0xE000) {
                return bad(p, "lone surrogate");
            }
            if (u == 0)
                return bad(p, "NUL in string");
            /* \uXXXX is 6 bytes of input and at most 4 of output: buf is big enough */
            if (u < 0x80) buf[n++] = (char)u;
            else if (u < 0x800) { buf[n++] = (char)(0xC0 | u >> 6); buf[n++] = (char)(0x80 | (u & 0x3F)); }
            else if (u < 0x10000) {
                buf[n++] = (char)(0xE0 | u >> 12); buf[n++] = (char)(0x80 | ((u >> 6) & 0x3F));
                buf[n++] = (char)(0x80 | (u & 0x3F));
            } else {
                buf[n++] = (char)(0xF0 | u >> 18); buf[n++] = (char)(0x80 | ((u >> 12) & 0x3F));
                buf[n++] = (char)(0x80 | ((u >> 6) & 0x3F)); buf[n++] = (char)(0x80 | (u & 0x3F));
            }
            break;
        }
        default:
            return bad(p, "bad escape");
        }
        if (p->pos > end)
            return bad(p, "bad escape");
    }
    buf[n] = 0;
    p->pos = end + 1;
    *out = buf;
    return 1;
}

static int number(parser *p, double *out) {
    size_t start = p->pos;
    if (p->pos < p->len && p->s[p->pos] == '-')
        p->pos++;
    size_t digits = p->pos;
    while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9')
        p->pos++;
    if (p->pos == digits)
        return bad(p, "bad number");
    if (p->pos < p->len && p->s[p->pos] == '.') {
        p->pos++;
        size_t frac = p->pos;
        while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9')
            p->pos++;
        if (p->pos == frac)
            return bad(p, "bad number");
    }
    if (p->pos < p->len && (p->s[p->pos] == 'e' || p->s[p->pos] == 'E')) {
        p->pos++;
        if (p->pos < p->len && (p->s[p->pos] == '+' || p->s[p->pos] == '-'))
            p->pos++;
        size_t ex = p->pos;
        while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9')
            p->pos++;
        if (p->pos == ex)
            return bad(p, "bad number");
    }
    char tmp[64];
    size_t n = p->pos - start;
    if (n >= sizeof tmp)
        return bad(p, "number too long");
    memcpy(tmp, p->s + start, n);
    tmp[n] = 0;
    *out = strtod(tmp, NULL);
    return 1;
}

/* A growable list of values during parsing, copied into the arena when complete. */
typedef struct { pts_json *items; const char **keys; size_t n, cap; } vec;

static int vec_push(parser *p, vec *v, const pts_json *item, const char *key) {
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 8;
        pts_json *items = alloc(p, cap * sizeof *items);
        const char **keys = alloc(p, cap * sizeof *keys);
        if (!items || !keys)
            return 0;
        if (v->n) {
            memcpy(items, v->items, v->n * sizeof *items);
            memcpy(keys, v->keys, v->n * sizeof *keys);
        }
        v->items = items;
        v->keys = keys;
        v->cap = cap;
    }
    v->items[v->n] = *item;
    v->keys[v->n] = key;
    v->n++;
    return 1;
}

static int value(parser *p, pts_json *out, int depth) {
    memset(out, 0, sizeof *out);
    if (depth > MAX_DEPTH)
        return bad(p, "nesting too deep");
    skip_ws(p);
    if (p->pos >= p->len)
        return bad(p, "unexpected end");
    char c = p->s[p->pos];
    if (c == '{' || c == '[') {
        int obj = c == '{';
        out->type = obj ? PTS_J_OBJ : PTS_J_ARR;
        p->pos++;
        vec v = {0};
        skip_ws(p);
        if (p->pos < p->len && p->s[p->pos] == (obj ? '}' : ']')) {
            p->pos++;
            return 1;
        }
        for (;;) {
            const char *key = NULL;
            if (obj) {
                skip_ws(p);
                if (p->pos >= p->len || p->s[p->pos] != '"')
                    return bad(p, "expected a member name");
                if (!string(p, &key))
                    return 0;
                skip_ws(p);
                if (p->pos >= p->len || p->s[p->pos] != ':')
                    return bad(p, "expected ':'");
                p->pos++;
            }
            pts_json item;
            if (!value(p, &item, depth + 1) || !vec_push(p, &v, &item, key))
                return 0;
            skip_ws(p);
            if (p->pos < p->len && p->s[p->pos] == ',') {
                p->pos++;
                continue;
            }
            if (p->pos < p->len && p->s[p->pos] == (obj ? '}' : ']')) {
                p->pos++;
                break;
            }
            return bad(p, obj ? "expected ',' or '}'" : "expected ',' or ']'");
        }
        out->n = v.n;
        out->items = v.items;
        out->keys = obj ? v.keys : NULL;
        return 1;
    }
    if (c == '"') {
        out->type = PTS_J_STR;
        return string(p, &out->str);
    }
    if (c == 't' || c == 'f') {
        out->type = PTS_J_BOOL;
        out->b = c == 't';
        return literal(p, c == 't' ? "true" : "false");
    }
    if (c == 'n') {
        out->type = PTS_J_NULL;
        return literal(p, "null");
    }
    out->type = PTS_J_NUM;
    return number(p, &out->num);
}

pts_status pts__json_parse(pts_json_doc *doc, const char *text, size_t len, pts_error *err) {
    parser p = {text, len, 0, NULL, err, 0, PTS_OK};
    doc->root = NULL;
    doc->arena = NULL;
    pts_json *root = alloc(&p, sizeof *root);
    if (root && value(&p, root, 0)) {
        skip_ws(&p);
        if (p.pos != p.len)
            bad(&p, "trailing characters");
    }
    doc->arena = p.arena;
    if (p.failed || !root) {
        pts__json_free(doc);
        return p.status != PTS_OK ? p.status : PTS_ERR_NOMEM;
    }
    doc->root = root;
    return PTS_OK;
}

void pts__json_free(pts_json_doc *doc) {
    block *b = doc->arena;
    while (b) {
        block *next = b->next;
        free(b);
        b = next;
    }
    doc->arena = NULL;
    doc->root = NULL;
}

const pts_json *pts__json_get(const pts_json *obj, const char *key) {
    if (!obj || obj->type != PTS_J_OBJ)
        return NULL;
    for (size_t i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return &obj->items[i];
    return NULL;
}

const char *pts__json_str(const pts_json *obj, const char *key) {
    const pts_json *v = pts__json_get(obj, key);
    return v && v->type == PTS_J_STR ? v->str : NULL;
}
