/* format.c — values printed as Python prints them.
 *
 * Floats follow repr(): the shortest digit string that reads back as the same double
 * (found by trying "%.*e" with 1..17 digits and strtod, plus the neighbours of the
 * correctly rounded string, which matter next to powers of two), then Python's layout:
 * fixed notation for decimal exponents -4 < decpt <= 16 with ".0" added to integers,
 * exponent notation otherwise ("1e+16", "1.5e-05"); "inf", "-inf", "nan", "-0.0".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void pts__buf_put(pts_buf *b, const char *s, size_t n) {
    if (b->failed)
        return;
    if (b->cap - b->len <= n) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap - b->len <= n)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void pts__buf_puts(pts_buf *b, const char *s) { pts__buf_put(b, s, strlen(s)); }

/* The precision a float is printed in: its shortest digits read back as the same double,
   float32 or float16 */
enum { AS_DOUBLE = 0, AS_FLOAT32 = 1, AS_FLOAT16 = 2 };

/* Does the decimal mantissa m times 10^e read back as x (in precision f32, AS_*)? */
static int reads_back(uint64_t m, int e, double x, int f32) {
    char tmp[48];
    snprintf(tmp, sizeof tmp, "%llue%d", (unsigned long long)m, e);
    if (f32 == AS_FLOAT16)
        return pts__half_from_double(strtod(tmp, NULL)) == pts__half_from_double(x);
    return f32 ? strtof(tmp, NULL) == (float)x : strtod(tmp, NULL) == x;
}

/* Shortest round-trip digits of a finite x > 0: digits (no trailing zeros) and decpt,
 * with x = 0.DIGITS * 10^decpt. */
static void shortest(double x, char *digits, int *decpt, int f32) {
    int most = f32 == AS_FLOAT16 ? 5 : f32 ? 9 : 17;
    for (int prec = 1; prec <= most; prec++) {
        char tmp[48];
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, x);
        uint64_t m = 0;
        const char *p = tmp;
        for (; *p && *p != 'e'; p++)
            if (*p >= '0' && *p <= '9')
                m = m * 10 + (uint64_t)(*p - '0');
        int e10 = *p == 'e' ? atoi(p + 1) : 0;
        int e = e10 - (prec - 1);               /* x ~ m * 10^e */
        uint64_t found = 0;
        if (reads_back(m, e, x, f32))
            found = m;
        else if (prec > 1 && reads_back(m - 1, e, x, f32))
            found = m - 1;
        else if (reads_back(m + 1, e, x, f32))
            found = m + 1;
        if (found || prec == most) {
            if (!found)
                found = m;
            while (found % 10 == 0 && found) {
                found /= 10;
                e++;
            }
            int n = snprintf(digits, 24, "%llu", (unsigned long long)found);
            *decpt = n + e;
            return;
        }
    }
}

static void buf_float(pts_buf *b, double x, int f32);

void pts__buf_float(pts_buf *b, double x) { buf_float(b, x, 0); }

/* a float32 as numpy prints it: the shortest digits that read back as the same float32,
   laid out as repr() lays out a double */
void pts__buf_float32(pts_buf *b, float x) { buf_float(b, x, AS_FLOAT32); }

static void buf_float(pts_buf *b, double x, int f32) {
    if (isnan(x)) {
        pts__buf_puts(b, "nan");
        return;
    }
    if (signbit(x)) {
        pts__buf_puts(b, "-");
        x = -x;
    }
    if (isinf(x)) {
        pts__buf_puts(b, "inf");
        return;
    }
    if (x == 0) {
        pts__buf_puts(b, "0.0");
        return;
    }
    char d[24];
    int decpt;
    shortest(x, d, &decpt, f32);
    int n = (int)strlen(d);
    char out[64];
    /* numpy's float16 repr turns to exponents from 1e3 up (np.float16(1000): 1e+03) */
    if (decpt <= -4 || decpt > (f32 == AS_FLOAT16 ? 3 : 16)) {
        int k = 0;
        out[k++] = d[0];
        if (n > 1) {
            out[k++] = '.';
            memcpy(out + k, d + 1, (size_t)n - 1);
            k += n - 1;
        }
        int e = decpt - 1;
        snprintf(out + k, sizeof out - (size_t)k, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
        pts__buf_puts(b, out);
    } else if (decpt <= 0) {
        pts__buf_puts(b, "0.");
        for (int i = 0; i < -decpt; i++)
            pts__buf_puts(b, "0");
        pts__buf_puts(b, d);
    } else if (decpt >= n) {
        pts__buf_puts(b, d);
        for (int i = n; i < decpt; i++)
            pts__buf_puts(b, "0");
        pts__buf_puts(b, ".0");
    } else {
        pts__buf_put(b, d, (size_t)decpt);
        pts__buf_puts(b, ".");
        pts__buf_puts(b, d + decpt);
    }
}

static void put_scalar(pts_buf *b, pts_kind kind, const void *p) {
    char tmp[32];
    switch (kind) {
    case PTS_BOOL: pts__buf_puts(b, *(const uint8_t *)p ? "True" : "False"); break;
    case PTS_INT: {
        int64_t v;
        memcpy(&v, p, sizeof v);
        snprintf(tmp, sizeof tmp, "%lld", (long long)v);
        pts__buf_puts(b, tmp);
        break;
    }
    case PTS_FLOAT: {
        double v;
        memcpy(&v, p, sizeof v);
        pts__buf_float(b, v);
        break;
    }
    case PTS_STR: {
        const char *s;
        memcpy(&s, p, sizeof s);
        pts__buf_str_repr(b, s ? s : "", s ? (int64_t)strlen(s) : 0);
        break;
    }
    default: pts__buf_puts(b, "?");
    }
}

static void put_value(pts_buf *b, const pts_value *v, int top) {
    char tmp[32];
    /* numpy scalars print bare at the top and as np.float32(0.1) inside tuples */
    static const char *np_names[] = {[PTS_BOOL] = "", [PTS_INT] = "np.int64(",
                                     [PTS_FLOAT] = "np.float64(", [PTS_FLOAT32] = "np.float32(",
                                     [PTS_INT32] = "np.int32("};
    int np = !top && (v->flags & PTS_FLAG_NUMPY || v->kind == PTS_FLOAT32 || v->kind == PTS_INT32) &&
             (v->kind == PTS_BOOL || v->kind == PTS_INT || v->kind == PTS_FLOAT ||
              v->kind == PTS_FLOAT32 || v->kind == PTS_INT32);
    if (np && v->kind == PTS_BOOL) {
        pts__buf_puts(b, v->u.b ? "np.True_" : "np.False_");
        return;
    }
    if (!top && v->kind == PTS_NUMPY) {          /* np.uint8(7) */
        pts__buf_puts(b, "np.");
        pts__buf_puts(b, pts_dtype_name(v->u.np.dtype));
        pts__buf_puts(b, "(");
        np = 1;
    } else if (np)
        pts__buf_puts(b, np_names[v->kind]);
    switch (v->kind) {
    case PTS_NONE: pts__buf_puts(b, "None"); break;
    case PTS_BOOL: pts__buf_puts(b, v->u.b ? "True" : "False"); break;
    case PTS_INT:
    case PTS_INT32:
        snprintf(tmp, sizeof tmp, "%lld", (long long)v->u.i);
        pts__buf_puts(b, tmp);
        break;
    case PTS_FLOAT: pts__buf_float(b, v->u.f); break;
    case PTS_FLOAT32: pts__buf_float32(b, (float)v->u.f); break;
    case PTS_NUMPY:
        if (v->u.np.dtype == PTS_DT_FLOAT16)
            buf_float(b, v->u.np.f, AS_FLOAT16);
        else if (v->u.np.dtype == PTS_DT_UINT64)
            snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v->u.np.i);
        else
            snprintf(tmp, sizeof tmp, "%lld", (long long)v->u.np.i);
        if (v->u.np.dtype != PTS_DT_FLOAT16)
            pts__buf_puts(b, tmp);
        break;
    case PTS_STR:                        /* print(x): str at the top, repr inside */
        if (top)
            pts__buf_puts(b, v->u.str ? v->u.str : "");
        else
            pts__buf_str_repr(b, v->u.str ? v->u.str : "", v->u.str ? (int64_t)strlen(v->u.str) : 0);
        break;
    case PTS_TUPLE:
        pts__buf_puts(b, "(");
        for (size_t i = 0; i < v->u.tuple.n; i++) {
            if (i) pts__buf_puts(b, ", ");
            put_value(b, &v->u.tuple.items[i], 0);
        }
        if (v->u.tuple.n == 1) pts__buf_puts(b, ",");
        pts__buf_puts(b, ")");
        break;
    case PTS_LIST: {
        size_t size = v->u.list.elem == PTS_BOOL ? 1 : 8;
        const unsigned char *p = v->u.list.data;
        pts__buf_puts(b, "[");
        for (size_t i = 0; i < v->u.list.n; i++) {
            if (i) pts__buf_puts(b, ", ");
            put_scalar(b, v->u.list.elem, p + i * size);
        }
        pts__buf_puts(b, "]");
        break;
    }
    case PTS_DICT:                       /* (the repr the loader made: loader.c repr_table) */
    case PTS_SET:
        pts__buf_puts(b, v->u.str ? v->u.str : "");
        break;
    case PTS_TENSOR:
        pts__buf_puts(b, "<tensor ");
        pts__buf_puts(b, pts_dtype_name(v->u.tensor.dtype));
        pts__buf_puts(b, " (");
        for (int32_t k = 0; k < v->u.tensor.rank && k < PTS_MAX_RANK; k++) {
            snprintf(tmp, sizeof tmp, k ? ", %lld" : "%lld", (long long)v->u.tensor.shape[k]);
            pts__buf_puts(b, tmp);
        }
        pts__buf_puts(b, v->u.tensor.rank == 1 ? ",)>" : ")>");
        break;
    }
    if (np)
        pts__buf_puts(b, ")");
}

void pts__buf_value(pts_buf *b, const pts_value *v) { put_value(b, v, 1); }

static int finish(pts_buf *b, char *buf, size_t size) {
    int n = b->failed ? -1 : (int)b->len;
    if (size) {
        size_t k = b->failed ? 0 : (b->len < size ? b->len : size - 1);
        if (k) memcpy(buf, b->p, k);
        buf[k] = 0;
    }
    free(b->p);
    return n;
}

int pts_format_float(double x, char *buf, size_t size) {
    pts_buf b = {0};
    pts__buf_float(&b, x);
    return finish(&b, buf, size);
}

int pts_format_value(const pts_value *v, char *buf, size_t size) {
    pts_buf b = {0};
    pts__buf_value(&b, v);
    return finish(&b, buf, size);
}

int pts_print_value(FILE *out, const pts_value *v) {
    pts_buf b = {0};
    pts__buf_value(&b, v);
    int n = -1;
    if (!b.failed) {
        n = (int)b.len;
        if (b.len && fwrite(b.p, 1, b.len, out) != b.len)
            n = -1;
    }
    free(b.p);
    return n;
}

/* ---- the print writers of the import table: generated code calls these -------------- */

/* IEEE half <-> double (float16 values): here, in the file both pts._threads and libpts
   compile, as format.c prints float16 numbers and loader.c reads and writes them. */
uint16_t pts__half_from_double(double x) {
    uint64_t bits;
    memcpy(&bits, &x, 8);
    uint16_t sign = (uint16_t)((bits >> 48) & 0x8000);
    uint64_t mag = bits & 0x7FFFFFFFFFFFFFFFull;
    int64_t exp = (int64_t)(mag >> 52);
    uint64_t mant = mag & 0xFFFFFFFFFFFFFull;
    if (exp == 0x7FF) {                                  /* inf, nan (stays a nan) */
        uint64_t payload = mant >> 42;
        if (mant && !payload)
            payload = 1;
        return (uint16_t)(sign | 0x7C00 | payload);
    }
    int64_t e = exp - (1023 - 15);                       /* the half's biased exponent */
    if (e >= 31)
        return (uint16_t)(sign | 0x7C00);
    if (e < -10)
        return sign;
    uint64_t sig = e > 0 ? mant : mant | (1ull << 52);
    int s = e > 0 ? 42 : (int)(43 - e);
    uint64_t head = sig >> s, rem = sig & ((1ull << s) - 1), half = 1ull << (s - 1);
    uint64_t h = (e > 0 ? (uint64_t)e << 10 : 0) | head;
    if (rem > half || (rem == half && (head & 1)))
        h++;                                             /* a carry is right (up to inf) */
    return (uint16_t)(sign | h);
}

double pts__half_to_double(uint16_t h) {
    int e = (h >> 10) & 0x1F, m = h & 0x3FF;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 0x400, e - 25);
    return h & 0x8000 ? -v : v;
}
