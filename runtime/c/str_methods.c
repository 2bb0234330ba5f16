/* str_methods.c — the str methods and templates strings.c's dispatch hands over: methods
 * with optional bounds or counts (find/rfind/index/rindex/count/startswith/endswith with
 * start and end, replace with a count, rsplit), padding (zfill ljust rjust center),
 * partition/rpartition, splitlines, removeprefix/removesuffix, expandtabs, ASCII case
 * mapping and predicates (title capitalize swapcase casefold, is*), `str.format` templates
 * of plain fields (`{}`, `{0}`, `{!r}`, `{:spec}`) and `%` formatting of scalars
 * (`%s %r %d %i %u %f %F %e %E %g %G %x %X %o %c %%` with flags, width, precision), all
 * with CPython's results and messages.
 *
 * What needs Unicode's tables (case mapping and predicates of non-ASCII text, splitlines
 * of non-ASCII line breaks) or a field this file does not parse (`{0.attr}`, `{0[k]}`,
 * nested specs, `%*d`, `%(name)s`) returns -1: strings.c then runs the op table's Python
 * function in a Python process and names the op in a RuntimeError in libpts.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "str_internal.h"

#define S(k) ((const char *)(uintptr_t)argv[k])

static int all_ascii(const char *s) { return SNCP(s) == SLEN(s); }

/* CPython's ADJUST_INDICES: optional bounds of a method, clamped to [0, n] */
static void bounds(const str_site *site, const int64_t *argv, int first, int64_t n,
                   int64_t *lo, int64_t *hi) {
    int nargs = site->nargs;
    *lo = 0;
    *hi = n;
    if (nargs > first && site->t[first] == T_I64)
        *lo = argv[first];
    if (nargs > first + 1 && site->t[first + 1] == T_I64)
        *hi = argv[first + 1];
    if (*hi > n)
        *hi = n;
    else if (*hi < 0 && (*hi += n) < 0)
        *hi = 0;
    if (*lo < 0 && (*lo += n) < 0)
        *lo = 0;
}

static int32_t search(str_ctx *c, int op, const str_site *site, const int64_t *argv,
                      int64_t *out) {
    const char *a = S(0), *x = S(1);
    int64_t an = SLEN(a), n = SNCP(a), xn = SLEN(x), lo, hi;
    bounds(site, argv, 2, n, &lo, &hi);
    int ascii = n == an;
    int64_t blo = lo > n ? an + 1 : ascii ? lo : pts__cp_offset(a, an, lo);
    int64_t bhi = ascii ? hi : pts__cp_offset(a, an, hi);
    if (op == M_startswith || op == M_endswith) {
        *out = lo <= n && bhi - blo >= xn &&
               !memcmp(op == M_startswith ? a + blo : a + bhi - xn, x, (size_t)xn);
        return 0;
    }
    if (op == M_count) {
        int64_t k = 0;
        if (lo > n)
            k = 0;
        else if (xn == 0)
            k = hi >= lo ? hi - lo + 1 : 0;
        else
            for (const char *p = a + blo; bhi > blo &&
                 (p = pts__find_bytes(p, bhi - (p - a), x, xn)); p += xn)
                k++;
        *out = k;
        return 0;
    }
    const char *hit = NULL;
    if (lo <= n && bhi - blo >= xn) {
        if (op == M_rfind || op == M_rindex) {
            for (int64_t i = bhi - xn; i >= blo && !hit; i--)
                if (!memcmp(a + i, x, (size_t)xn))
                    hit = a + i;
        } else {
            hit = pts__find_bytes(a + blo, bhi - blo, x, xn);
        }
    }
    if (!hit && (op == M_index || op == M_rindex))
        return pts__str_fail(c, K_VALUE, "substring not found");
    *out = hit ? (ascii ? hit - a : pts__cp_count(a, hit - a)) : -1;
    return 0;
}

static int32_t replace_count(str_ctx *c, const int64_t *argv, int64_t count, int64_t *out) {
    const char *a = S(0), *x = S(1), *y = S(2);
    int64_t an = SLEN(a), xn = SLEN(x);
    if (count < 0)
        count = INT64_MAX;
    pts_buf b = {0};
    pts__buf_put(&b, "", 0);
    if (xn == 0) {                       /* y before each character and at the end */
        int64_t k = 0, i = 0;
        for (; i < an && k < count; i += pts__cp_len((unsigned char)a[i]), k++) {
            pts__buf_put(&b, y, (size_t)SLEN(y));
            pts__buf_put(&b, a + i, (size_t)pts__cp_len((unsigned char)a[i]));
        }
        if (k < count)
            pts__buf_put(&b, y, (size_t)SLEN(y));
        pts__buf_put(&b, a + i, (size_t)(an - i));
        return pts__str_put_buf(c, &b, out);
    }
    const char *p = a, *hit;
    for (int64_t k = 0; k < count && (hit = pts__find_bytes(p, an - (p - a), x, xn)); k++) {
        pts__buf_put(&b, p, (size_t)(hit - p));
        pts__buf_put(&b, y, (size_t)SLEN(y));
        p = hit + xn;
    }
    pts__buf_put(&b, p, (size_t)(an - (p - a)));
    return pts__str_put_buf(c, &b, out);
}

/* items[n++] = a new string of the len bytes at p, doubling the array (cap) when full.
 * Out of memory: 0, with the array freed and *items NULL. */
static int push_piece(str_ctx *c, const char ***items, int64_t *n, int64_t *cap,
                      const char *p, int64_t len) {
    if (*n == *cap) {
        const char **more = realloc(*items, (size_t)(*cap *= 2) * sizeof **items);
        if (!more) {
            free(*items);
            *items = NULL;
            return 0;
        }
        *items = more;
    }
    if (!((*items)[(*n)++] = pts__str_new(c, p, (size_t)len))) {
        free(*items);
        *items = NULL;
        return 0;
    }
    return 1;
}

static int32_t rsplit(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out) {
    const char *a = S(0);
    int64_t an = SLEN(a);
    const char *sep = site->nargs >= 2 && site->t[1] == T_STR ? S(1) : NULL;
    int64_t maxsplit = site->nargs >= 3 ? argv[2] : -1;
    if (sep && SLEN(sep) == 0)
        return pts__str_fail(c, K_VALUE, "empty separator");
    if (!sep && pts__unicode_space(a, an))
        return -1;
    int64_t sn = sep ? SLEN(sep) : 0, n = 0, cap = 16;
    const char **items = malloc((size_t)cap * sizeof *items);
    int64_t j = an;                      /* pieces from the right, reversed at the end */
    while (items) {
        int64_t start = 0, at = -1;      /* at: where the separator before the piece is */
        if (!sep) {
            while (j > 0 && pts__ascii_space(a[j - 1]))
                j--;
            if (j == 0)
                break;
        }
        if (maxsplit < 0 || n < maxsplit) {
            if (sep) {
                for (int64_t i = j - sn; i >= 0 && at < 0; i--)
                    if (!memcmp(a + i, sep, (size_t)sn))
                        at = i;
                start = at >= 0 ? at + sn : 0;
            } else {
                start = j;
                while (start > 0 && !pts__ascii_space(a[start - 1]))
                    start--;
                at = start > 0 ? start : -1;
            }
        }
        if (!push_piece(c, &items, &n, &cap, a + start, j - start))
            break;
        if (at < 0)
            break;
        j = at;
    }
    if (!items) {
        c->msg = "out of memory";
        return K_RUNTIME;
    }
    for (int64_t i = 0; i < n / 2; i++) {
        const char *t = items[i];
        items[i] = items[n - 1 - i];
        items[n - 1 - i] = t;
    }
    int32_t st = pts__str_list(c, items, n, out);
    free(items);
    return st;
}

static int32_t pad_to(str_ctx *c, const char *a, int64_t left, int64_t right, const char *fill,
                      int64_t *out) {
    int64_t an = SLEN(a), fl = SLEN(fill);
    if (left <= 0 && right <= 0) {
        *out = (int64_t)(uintptr_t)a;
        return 0;
    }
    char *r = pts__str_alloc(c, (size_t)(an + (left + right) * fl), SNCP(a) + left + right);
    if (!r)
        return pts__str_fail(c, K_RUNTIME, "out of memory");
    char *p = r;
    for (int64_t k = 0; k < left; k++, p += fl)
        memcpy(p, fill, (size_t)fl);
    memcpy(p, a, (size_t)an);
    p += an;
    for (int64_t k = 0; k < right; k++, p += fl)
        memcpy(p, fill, (size_t)fl);
    *out = (int64_t)(uintptr_t)r;
    return 0;
}

static int32_t justify(str_ctx *c, int op, const str_site *site, const int64_t *argv,
                       int64_t *out) {
    const char *a = S(0);
    const char *fill = site->nargs >= 3 ? S(2) : " ";
    static const char space[] = {1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, ' ', 0};
    if (site->nargs < 3)
        fill = space + 16;
    else if (SNCP(fill) != 1)
        return pts__str_fail(c, K_TYPE, "The fill character must be exactly one character long");
    int64_t marg = argv[1] - SNCP(a);
    if (marg <= 0)
        return pad_to(c, a, 0, 0, fill, out);
    if (op == M_ljust)
        return pad_to(c, a, 0, marg, fill, out);
    if (op == M_rjust)
        return pad_to(c, a, marg, 0, fill, out);
    int64_t left = marg / 2 + (marg & argv[1] & 1);      /* CPython's pad for center */
    return pad_to(c, a, left, marg - left, fill, out);
}

static int32_t zfill(str_ctx *c, const int64_t *argv, int64_t *out) {
    const char *a = S(0);
    int64_t an = SLEN(a), fill = argv[1] - SNCP(a);
    if (fill <= 0) {
        *out = argv[0];
        return 0;
    }
    char *r = pts__str_alloc(c, (size_t)(an + fill), SNCP(a) + fill);
    if (!r)
        return pts__str_fail(c, K_RUNTIME, "out of memory");
    int sign = an > 0 && (a[0] == '+' || a[0] == '-');
    r[0] = a[0];
    memset(r + sign, '0', (size_t)fill);
    memcpy(r + sign + fill, a + sign, (size_t)(an - sign));
    *out = (int64_t)(uintptr_t)r;
    return 0;
}

static int32_t partition(str_ctx *c, int op, const int64_t *argv, int64_t *out) {
    const char *a = S(0), *x = S(1);
    int64_t an = SLEN(a), xn = SLEN(x);
    if (xn == 0)
        return pts__str_fail(c, K_VALUE, "empty separator");
    const char *hit = NULL;
    if (op == M_partition) {
        hit = pts__find_bytes(a, an, x, xn);
    } else {
        for (int64_t i = an - xn; i >= 0 && !hit; i--)
            if (!memcmp(a + i, x, (size_t)xn))
                hit = a + i;
    }
    int32_t st = 0;
    if (!hit) {                          /* (s, "", "") or ("", "", s) */
        int64_t e = 0;
        if (!(st = pts__str_put(c, "", 0, &e))) {
            out[0] = op == M_partition ? argv[0] : e;
            out[1] = e;
            out[2] = op == M_partition ? e : argv[0];
        }
        return st;
    }
    if (!(st = pts__str_put(c, a, (size_t)(hit - a), &out[0])))
        st = pts__str_put(c, hit + xn, (size_t)(an - (hit - a) - xn), &out[2]);
    out[1] = argv[1];
    return st;
}

static int32_t splitlines(str_ctx *c, const int64_t *argv, int64_t *out) {
    const char *a = S(0);
    int64_t an = SLEN(a), n = 0, cap = 16;
    if (!all_ascii(a) && (pts__find_bytes(a, an, "\xc2\x85", 2) ||
                          pts__find_bytes(a, an, "\xe2\x80\xa8", 3) ||
                          pts__find_bytes(a, an, "\xe2\x80\xa9", 3)))
        return -1;                       /* \x85, \u2028, \u2029 break lines too */
    const char **items = malloc((size_t)cap * sizeof *items);
    int64_t i = 0;
    while (items && i < an) {
        int64_t j = i;
        while (j < an && !strchr("\n\r\v\f\x1c\x1d\x1e", a[j]))
            j++;
        if (!push_piece(c, &items, &n, &cap, a + i, j - i))
            break;
        i = j + (j < an) + (j + 1 < an && a[j] == '\r' && a[j + 1] == '\n');
    }
    if (!items) {
        c->msg = "out of memory";
        return K_RUNTIME;
    }
    int32_t st = pts__str_list(c, items, n, out);
    free(items);
    return st;
}

static int32_t expandtabs(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out) {
    const char *a = S(0);
    int64_t an = SLEN(a), tab = site->nargs >= 2 ? argv[1] : 8, col = 0;
    pts_buf b = {0};
    pts__buf_put(&b, "", 0);
    for (int64_t i = 0; i < an; i += pts__cp_len((unsigned char)a[i])) {
        if (a[i] == '\t') {
            if (tab > 0) {
                int64_t k = tab - col % tab;
                for (int64_t q = 0; q < k; q++)
                    pts__buf_put(&b, " ", 1);
                col += k;
            }
            continue;
        }
        pts__buf_put(&b, a + i, (size_t)pts__cp_len((unsigned char)a[i]));
        col = a[i] == '\n' || a[i] == '\r' ? 0 : col + 1;
    }
    return pts__str_put_buf(c, &b, out);
}

/* ASCII case mapping (title capitalize swapcase casefold) */
static int32_t recase(str_ctx *c, int op, const int64_t *argv, int64_t *out) {
    const char *a = S(0);
    int64_t an = SLEN(a);
    if (!all_ascii(a))
        return -1;
    char *r = pts__str_alloc(c, (size_t)an, an);
    if (!r)
        return pts__str_fail(c, K_RUNTIME, "out of memory");
    int prev_cased = 0;
    for (int64_t k = 0; k < an; k++) {
        unsigned char ch = (unsigned char)a[k];
        switch (op) {
        case M_title:
            r[k] = (char)(prev_cased ? tolower(ch) : toupper(ch));
            prev_cased = isalpha(ch) != 0;
            break;
        case M_capitalize: r[k] = (char)(k ? tolower(ch) : toupper(ch)); break;
        case M_swapcase: r[k] = (char)(isupper(ch) ? tolower(ch) : toupper(ch)); break;
        default: r[k] = (char)tolower(ch); break;              /* casefold */
        }
    }
    *out = (int64_t)(uintptr_t)r;
    return 0;
}

/* ASCII predicates */
static int32_t predicate(int op, const int64_t *argv, int64_t *out) {
    const char *a = S(0);
    int64_t an = SLEN(a);
    if (!all_ascii(a)) {
        /* an ASCII character that fails decides (the others need Unicode's tables) */
        for (int64_t k = 0; k < an; k++) {
            unsigned char ch = (unsigned char)a[k];
            int bad = ch >= 0x80 ? 0 :
                      op == M_isalpha ? !isalpha(ch) : op == M_isalnum ? !isalnum(ch) :
                      op == M_isspace ? !pts__ascii_space((char)ch) :
                      op == M_isdigit || op == M_isdecimal || op == M_isnumeric ? !isdigit(ch) : 0;
            if (bad) {
                *out = 0;
                return 0;
            }
        }
        return -1;
    }
    int r = an > 0, cased = 0, upper = 0, lower = 0, title = 1, prev_cased = 0;
    for (int64_t k = 0; k < an; k++) {
        unsigned char ch = (unsigned char)a[k];
        switch (op) {
        case M_isdigit: case M_isdecimal: case M_isnumeric: r &= isdigit(ch) != 0; break;
        case M_isalpha: r &= isalpha(ch) != 0; break;
        case M_isalnum: r &= isalnum(ch) != 0; break;
        case M_isspace: r &= pts__ascii_space((char)ch); break;
        default: break;
        }
        upper |= isupper(ch) != 0;
        lower |= islower(ch) != 0;
        if (isupper(ch)) {
            title &= !prev_cased;
            prev_cased = cased = 1;
        } else if (islower(ch)) {
            title &= prev_cased;
            prev_cased = cased = 1;
        } else {
            prev_cased = 0;
        }
    }
    if (op == M_islower)
        r = lower && !upper;
    else if (op == M_isupper)
        r = upper && !lower;
    else if (op == M_istitle)
        r = cased && title;
    *out = r;
    return 0;
}

int32_t pts__str_method(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out) {
    int op = site->op, nargs = site->nargs;
    switch (op) {
    case M_startswith: case M_endswith: case M_find: case M_rfind: case M_index:
    case M_rindex: case M_count:
        return search(c, op, site, argv, out);
    case M_replace:
        return replace_count(c, argv, nargs == 4 ? argv[3] : -1, out);
    case M_rsplit:
        return nargs == 1 || site->t[1] == T_STR || site->t[1] == T_NONE
               ? rsplit(c, site, argv, out) : -1;
    case M_zfill: return zfill(c, argv, out);
    case M_ljust: case M_rjust: case M_center: return justify(c, op, site, argv, out);
    case M_partition: case M_rpartition: return partition(c, op, argv, out);
    case M_splitlines: return splitlines(c, argv, out);
    case M_expandtabs: return expandtabs(c, site, argv, out);
    case M_removeprefix: case M_removesuffix: {
        const char *a = S(0), *x = S(1);
        int64_t an = SLEN(a), xn = SLEN(x);
        if (xn == 0 || xn > an || memcmp(op == M_removeprefix ? a : a + an - xn, x, (size_t)xn)) {
            *out = argv[0];
            return 0;
        }
        return pts__str_put(c, op == M_removeprefix ? a + xn : a, (size_t)(an - xn), out);
    }
    case M_title: case M_capitalize: case M_swapcase: case M_casefold:
        return recase(c, op, argv, out);
    case M_isdigit: case M_isdecimal: case M_isnumeric: case M_isalpha: case M_isalnum:
    case M_isspace: case M_islower: case M_isupper: case M_istitle:
        return predicate(op, argv, out);
    default:
        return -1;
    }
}

/* ---- templates: str.format and % ------------------------------------------------------ */

static const char *type_name(int t) {
    return t == T_I64 ? "int" : t == T_F64 ? "float" : t == T_I1 ? "bool" : t == T_STR ? "str"
           : t == T_NONE ? "NoneType" : "object";
}

/* The thread's buffer of format_template (f-strings: backend/fstring_codegen.py), kept
   from call to call: no allocation per formatted string but the result's. */
static _Thread_local __attribute__((tls_model("initial-exec"))) pts_buf template_buf;

/* The end both template formatters share: the result string from the buffer `b` (built
   for the template at operand 0 and the values at argv), and the buffer kept for the next
   call on this thread. */
static int32_t finish_template(str_ctx *c, const str_site *site, const int64_t *argv,
                               pts_buf b, int32_t st, int64_t *out) {
    const char *tp = S(0);
    int64_t tn = SLEN(tp);
    if (!st && b.failed) {
        c->msg = "out of memory";
        st = K_RUNTIME;
    }
    if (!st) {
        /* ASCII in, ASCII out: the result's code points are its bytes (no count) */
        int ascii = SNCP(tp) == tn;
        for (int k = 1; k < site->nargs && ascii; k++)
            if (site->t[k] == T_STR)
                ascii = SNCP(S(k)) == SLEN(S(k));
        char *r = ascii ? pts__str_alloc(c, b.len, (int64_t)b.len) : NULL;
        if (r) {
            memcpy(r, b.p, b.len);
            *out = (int64_t)(uintptr_t)r;
        } else {
            st = pts__str_put(c, b.p, b.len, out);
        }
    }
    if (template_buf.p)                  /* (a nested use took a buffer meanwhile) */
        free(b.p);
    else
        template_buf = b;
    return st;
}

/* template.format(*args): fields {}, {N}, with !r / !s / !a and :spec (no nesting) */
static int32_t format_template(str_ctx *c, const str_site *site, const int64_t *argv,
                               int64_t *out) {
    const char *tp = S(0);
    int64_t tn = SLEN(tp), nargs = site->nargs - 1, next = 0;
    int manual = -1;                     /* -1 unknown, 0 automatic, 1 manual numbering */
    pts_buf b = template_buf;            /* (taken, and given back below) */
    template_buf = (pts_buf){0};
    b.len = 0;
    b.failed = 0;
    pts__buf_put(&b, "", 0);
    int32_t st = 0;
    for (int64_t i = 0; i < tn && !st;) {
        char ch = tp[i];
        if (ch == '}') {
            if (i + 1 < tn && tp[i + 1] == '}') {
                pts__buf_put(&b, "}", 1);
                i += 2;
                continue;
            }
            st = pts__str_fail(c, K_VALUE, "Single '}' encountered in format string");
            break;
        }
        if (ch != '{') {
            int64_t j = i;
            while (j < tn && tp[j] != '{' && tp[j] != '}')
                j++;
            pts__buf_put(&b, tp + i, (size_t)(j - i));
            i = j;
            continue;
        }
        if (i + 1 < tn && tp[i + 1] == '{') {
            pts__buf_put(&b, "{", 1);
            i += 2;
            continue;
        }
        int64_t j = i + 1;
        while (j < tn && tp[j] != '}' && tp[j] != '{')
            j++;
        if (j >= tn || tp[j] == '{') {   /* nested fields, or unterminated */
            st = -1;
            break;
        }
        const char *f = tp + i + 1, *fe = tp + j, *colon = NULL, *bang = NULL;
        for (const char *q = f; q < fe && !colon; q++) {   /* (fields are short: no memchr) */
            if (*q == ':')
                colon = q;
            else if (*q == '!' && !bang)
                bang = q;
        }
        const char *name_end = bang ? bang : colon ? colon : fe;
        int64_t idx;
        if (name_end == f) {
            if (manual == 1) {
                st = pts__str_fail(c, K_VALUE, "cannot switch from manual field specification "
                                   "to automatic field numbering");
                break;
            }
            manual = 0;
            idx = next++;
        } else {
            idx = 0;
            for (const char *p = f; p < name_end; p++) {
                if (!isdigit((unsigned char)*p) || idx > 1000000) {
                    idx = -1;
                    break;
                }
                idx = idx * 10 + (*p - '0');
            }
            if (idx < 0) {               /* {name}, {0.attr}, {0[k]} */
                st = -1;
                break;
            }
            if (manual == 0) {
                st = pts__str_fail(c, K_VALUE, "cannot switch from automatic field numbering "
                                   "to manual field specification");
                break;
            }
            manual = 1;
        }
        if (idx >= nargs) {
            st = pts__str_fail(c, K_INDEX, "Replacement index %lld out of range for positional "
                               "args tuple", (long long)idx);
            break;
        }
        int t = site->t[1 + idx];
        int64_t raw = argv[1 + idx];
        char conv = bang ? (bang + 1 < fe ? bang[1] : 0) : 0;
        if (bang && (bang + 2 != (colon ? colon : fe) || !strchr("rsa", conv))) {
            st = -1;
            break;
        }
        const char *spec = colon ? colon + 1 : fe;
        int64_t sn = fe - spec;
        char specbuf[64];
        if (sn >= (int64_t)sizeof specbuf) {
            st = -1;
            break;
        }
        memcpy(specbuf, spec, (size_t)sn);
        specbuf[sn] = 0;
        if (conv == 'a') {
            st = -1;
            break;
        }
        if (conv == 'r' || conv == 's') {
            pts_buf v = {0};
            if (!pts__show(&v, t, raw, conv == 'r')) {
                free(v.p);
                st = -1;
                break;
            }
            int64_t p = 0;
            st = pts__str_put(c, v.p ? v.p : "", v.len, &p);
            free(v.p);
            if (!st)
                st = pts__format_value(c, &b, T_STR, p, specbuf, sn);
        } else {
            st = pts__format_value(c, &b, t, raw, specbuf, sn);
        }
        i = j + 1;
    }
    return finish_template(c, site, argv, b, st, out);
}

/* template % args: args are site operands 1.. (a tuple's elements, or the one value) */
static int32_t percent(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out) {
    const char *tp = S(0);
    int64_t tn = SLEN(tp), nargs = site->nargs - 1, next = 0;
    pts_buf b = {0};
    pts__buf_put(&b, "", 0);
    int32_t st = 0;
    for (int64_t i = 0; i < tn && !st;) {
        if (tp[i] != '%') {
            int64_t j = i;
            while (j < tn && tp[j] != '%')
                j++;
            pts__buf_put(&b, tp + i, (size_t)(j - i));
            i = j;
            continue;
        }
        i++;
        int left = 0, plus = 0, space = 0, alt = 0, zero = 0;
        for (; i < tn && strchr("-+ #0", tp[i]); i++) {
            left |= tp[i] == '-';
            plus |= tp[i] == '+';
            space |= tp[i] == ' ';
            alt |= tp[i] == '#';
            zero |= tp[i] == '0';
        }
        int64_t width = 0, prec = -1;
        while (i < tn && isdigit((unsigned char)tp[i]) && width < 100000)
            width = width * 10 + (tp[i++] - '0');
        if (i < tn && tp[i] == '.') {
            prec = 0;
            i++;
            while (i < tn && isdigit((unsigned char)tp[i]) && prec < 100000)
                prec = prec * 10 + (tp[i++] - '0');
        }
        while (i < tn && strchr("hlL", tp[i]))
            i++;
        if (i >= tn) {
            st = pts__str_fail(c, K_VALUE, "incomplete format");
            break;
        }
        char conv = tp[i++];
        if (conv == '%') {
            pts__buf_put(&b, "%", 1);
            continue;
        }
        if (conv == '*' || conv == '(' || !strchr("srdiufFeEgGxXoca", conv)) {
            if (conv == '*' || conv == '(' || conv == 'a') {
                st = -1;
                break;
            }
            st = pts__str_fail(c, K_VALUE, "unsupported format character '%c' (0x%x) at index "
                               "%lld", conv, (unsigned)(unsigned char)conv, (long long)(i - 1));
            break;
        }
        if (next >= nargs) {
            st = pts__str_fail(c, K_TYPE, "not enough arguments for format string");
            break;
        }
        int t = site->t[1 + next];
        int64_t raw = argv[1 + next++];
        pts_buf v = {0};
        int numeric = 0, neg = 0;
        if (conv == 's' || conv == 'r') {
            if (!pts__show(&v, t, raw, conv == 'r')) {
                free(v.p);
                st = -1;
                break;
            }
            if (prec >= 0 && (int64_t)v.len > 0) {    /* at most prec code points */
                int64_t cut = pts__cp_offset(v.p, (int64_t)v.len, prec);
                if (cut < (int64_t)v.len)
                    v.len = (size_t)cut;
            }
        } else if (conv == 'c') {
            char ch[4];
            if (t == T_STR && SNCP(S(1 + next - 1)) == 1) {
                const char *s1 = S(1 + next - 1);
                pts__buf_put(&v, s1, (size_t)SLEN(s1));
            } else if (t == T_I64 || t == T_I1) {
                if (raw < 0 || raw > 0x10FFFF) {
                    st = pts__str_fail(c, K_OVERFLOW, "%%c arg not in range(0x110000)");
                    break;
                }
                pts__buf_put(&v, ch, (size_t)pts__cp_encode((uint32_t)raw, ch));
            } else {
                st = pts__str_fail(c, K_TYPE, "%%c requires an int or a unicode character, not %s",
                                   type_name(t));
                break;
            }
        } else {
            numeric = 1;
            if (t != T_I64 && t != T_I1 && t != T_F64) {
                st = pts__str_fail(c, K_TYPE, "%%%c format: %s is required, not %s", conv,
                                   strchr("xXo", conv) ? "an integer" : "a real number",
                                   type_name(t));
                break;
            }
            if (strchr("diuxXo", conv)) {
                int64_t iv = raw;
                if (t == T_F64) {
                    double x;
                    memcpy(&x, &raw, 8);
                    if (strchr("xXo", conv)) {
                        st = pts__str_fail(c, K_TYPE, "%%%c format: an integer is required, not "
                                           "float", conv);
                        break;
                    }
                    if (!isfinite(x) || fabs(x) >= 9.2e18) {
                        st = -1;
                        break;
                    }
                    iv = (int64_t)x;
                }
                neg = iv < 0;
                uint64_t mag = neg ? (uint64_t)0 - (uint64_t)iv : (uint64_t)iv;
                int base = conv == 'o' ? 8 : strchr("xX", conv) ? 16 : 10;
                char dig[80];
                int k = 0;
                do {
                    int d = (int)(mag % (uint64_t)base);
                    dig[k++] = (char)(d < 10 ? '0' + d : (conv == 'X' ? 'A' : 'a') + d - 10);
                    mag /= (uint64_t)base;
                } while (mag);
                if (alt && base != 10)
                    pts__buf_puts(&v, conv == 'o' ? "0o" : conv == 'x' ? "0x" : "0X");
                for (int64_t q = k; q < prec && q < 100000; q++)
                    pts__buf_put(&v, "0", 1);
                while (k)
                    pts__buf_put(&v, &dig[--k], 1);
            } else {
                double x;
                if (t == T_F64)
                    memcpy(&x, &raw, 8);
                else
                    x = (double)raw;
                neg = signbit(x) != 0 && !isnan(x);
                double ax = fabs(x);
                if (!isfinite(x)) {
                    int upper = conv == 'F' || conv == 'E' || conv == 'G';
                    pts__buf_puts(&v, isnan(x) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"));
                    zero = 0;
                } else {
                    char fmt[8], tmp[700];
                    if (prec > 500) {
                        st = -1;
                        break;
                    }
                    snprintf(fmt, sizeof fmt, "%%%s.*%c", alt ? "#" : "", conv);
                    snprintf(tmp, sizeof tmp, fmt, (int)(prec < 0 ? 6 : prec), ax);
                    pts__buf_puts(&v, tmp);
                }
            }
        }
        if (v.failed) {
            free(v.p);
            st = pts__str_fail(c, K_RUNTIME, "out of memory");
            break;
        }
        const char *sign = numeric ? (neg ? "-" : plus ? "+" : space ? " " : "") : "";
        size_t sl = strlen(sign);
        int64_t body = (int64_t)sl + pts__cp_count(v.p ? v.p : "", (int64_t)v.len);
        int64_t fill = width > body ? width - body : 0;
        if (!left && !(zero && numeric))
            for (int64_t q = 0; q < fill; q++)
                pts__buf_put(&b, " ", 1);
        pts__buf_put(&b, sign, sl);
        if (!left && zero && numeric) {
            const char *p = v.p ? v.p : "";
            size_t pre = alt && v.len > 1 && p[0] == '0' && strchr("xXo", p[1]) ? 2 : 0;
            pts__buf_put(&b, p, pre);                   /* 0x, then the zeros */
            for (int64_t q = 0; q < fill; q++)
                pts__buf_put(&b, "0", 1);
            pts__buf_put(&b, p + pre, v.len - pre);
        } else {
            pts__buf_put(&b, v.p ? v.p : "", v.len);
        }
        if (left)
            for (int64_t q = 0; q < fill; q++)
                pts__buf_put(&b, " ", 1);
        free(v.p);
    }
    if (!st && next < nargs)
        st = pts__str_fail(c, K_TYPE, "not all arguments converted during string formatting");
    return finish_template(c, site, argv, b, st, out);
}

int32_t pts__str_template(str_ctx *c, const str_site *site, const int64_t *argv, int64_t *out) {
    for (int k = 1; k < site->nargs; k++)
        if (site->t[k] == T_OTHER || site->t[k] == T_LSTR)
            return -1;
    return site->op == OP_fmt ? format_template(c, site, argv, out)
                                : percent(c, site, argv, out);
}
