/* npy.c — NumPy's .npy format: what pts-run reads as tensor arguments and writes as tensor
 * results, and how a module archive stores its weights.
 *
 * The format (numpy/lib/format.py): "\x93NUMPY", major, minor, the header length (u16 for
 * 1.x, u32 for 2.x and 3.x), then the header — a Python dict literal such as
 * {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } padded with spaces and a
 * newline so that the data start on a 64-byte boundary — then the data.  Supported: the
 * little-endian (or byte-sized) dtypes of pts tensors, C or Fortran order (a Fortran-order
 * array is read as its transposed strides, no copy).  Everything read is bounds-checked.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NPY_MAX_HEADER 65536

static const char *skip_ws(const char *s, const char *end) {
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++;
    return s;
}

/* the value text after 'key': in the header dict (NULL if absent) */
static const char *dict_value(const char *h, const char *end, const char *key) {
    size_t n = strlen(key);
    for (const char *s = h; s + n + 2 < end; s++) {
        if ((*s == '\'' || *s == '"') && s[n + 1] == *s && memcmp(s + 1, key, n) == 0) {
            const char *p = skip_ws(s + n + 2, end);
            if (p < end && *p == ':')
                return skip_ws(p + 1, end);
        }
    }
    return NULL;
}

pts_status pts__npy_parse(const unsigned char *p, size_t n, pts_tensor *t, size_t *data_off,
                          int *fortran, pts_error *err) {
#define BAD(...) return pts__fail(err, PTS_ERR_FORMAT, __VA_ARGS__)
    memset(t, 0, sizeof *t);
    if (n < 10 || memcmp(p, "\x93NUMPY", 6) != 0)
        BAD("not a .npy file (no \\x93NUMPY magic)");
    unsigned major = p[6];
    size_t hlen, start;
    if (major == 1) {
        hlen = (size_t)p[8] | (size_t)p[9] << 8;
        start = 10;
    } else if (major == 2 || major == 3) {
        if (n < 12)
            BAD("truncated .npy header");
        hlen = (size_t)p[8] | (size_t)p[9] << 8 | (size_t)p[10] << 16 | (size_t)p[11] << 24;
        start = 12;
    } else {
        BAD(".npy format version %u is not supported", major);
    }
    if (hlen > NPY_MAX_HEADER || hlen > n - start)
        BAD("truncated .npy header");
    const char *h = (const char *)p + start, *end = h + hlen;
    const char *d = dict_value(h, end, "descr");
    if (!d || d + 5 > end || (*d != '\'' && *d != '"'))
        BAD(".npy header has no 'descr'");
    /* the table's descrs, and the other spellings numpy accepts for them: '<b1', '<u1',
       '<i1' ('|' or '<' for a byte), '|i4' */
    static const struct { const char *descr; pts_dtype dt; } aliases[] = {
        {"<b1", PTS_DT_BOOL}, {"|i4", PTS_DT_INT32}, {"<u1", PTS_DT_UINT8}, {"<i1", PTS_DT_INT8}};
    int found = 0;
    for (int i = 0; i < PTS_NUM_DTYPES; i++)
        if (memcmp(d + 1, pts__dtypes[i].descr, 3) == 0 && d[4] == *d) {
            t->dtype = (pts_dtype)i;
            found = 1;
        }
    for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
        if (memcmp(d + 1, aliases[i].descr, 3) == 0 && d[4] == *d) {
            t->dtype = aliases[i].dt;
            found = 1;
        }
    if (!found) {
        size_t k = 0;
        while (d + 1 + k < end && k < 16 && d[1 + k] != *d)
            k++;
        BAD(".npy dtype '%.*s' is not a pts tensor dtype (little-endian float16, float32, "
            "float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64 or bool)",
            (int)k, d + 1);
    }
    const char *f = dict_value(h, end, "fortran_order");
    if (!f)
        BAD(".npy header has no 'fortran_order'");
    if (f + 4 <= end && memcmp(f, "True", 4) == 0)
        *fortran = 1;
    else if (f + 5 <= end && memcmp(f, "False", 5) == 0)
        *fortran = 0;
    else
        BAD(".npy header: bad 'fortran_order'");
    const char *s = dict_value(h, end, "shape");
    if (!s || s >= end || *s != '(')
        BAD(".npy header has no 'shape'");
    s++;
    int32_t rank = 0;
    for (;;) {
        s = skip_ws(s, end);
        if (s < end && *s == ')')
            break;
        if (rank == PTS_MAX_RANK)
            BAD(".npy array has more than %d dimensions", PTS_MAX_RANK);
        int64_t v = 0;
        int digits = 0;
        while (s < end && *s >= '0' && *s <= '9') {
            if (v > ((int64_t)1 << 50))
                BAD(".npy shape too large");
            v = v * 10 + (*s++ - '0');
            digits++;
        }
        if (s < end && *s == 'L')      /* Python 2 longs */
            s++;
        if (!digits)
            BAD(".npy header: bad 'shape'");
        t->shape[rank++] = v;
        s = skip_ws(s, end);
        if (s < end && *s == ',')
            s++;
        else if (!(s < end && *s == ')'))
            BAD(".npy header: bad 'shape'");
    }
    t->rank = rank;
    size_t item = pts_dtype_size(t->dtype);
    uint64_t total = item;
    for (int32_t k = 0; k < rank; k++) {
        if (t->shape[k] && total > (((uint64_t)1 << 62) / (uint64_t)t->shape[k]))
            BAD(".npy array too large");
        total *= (uint64_t)t->shape[k];
    }
    start += hlen;
    if (total > n - start)
        BAD(".npy data truncated (%llu bytes expected, %zu present)",
            (unsigned long long)total, n - start);
    int64_t acc = 1;
    if (*fortran) {
        for (int32_t k = 0; k < rank; k++) {
            t->strides[k] = acc;
            acc *= t->shape[k] > 0 ? t->shape[k] : 1;
        }
    } else {
        for (int32_t k = rank - 1; k >= 0; k--) {
            t->strides[k] = acc;
            acc *= t->shape[k] > 0 ? t->shape[k] : 1;
        }
    }
    *data_off = start;
    return PTS_OK;
#undef BAD
}

pts_status pts_npy_read(const char *path, pts_tensor *out, pts_error *err) {
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return pts__fail(err, PTS_ERR_IO, "cannot open %.400s: %s", path, strerror(errno));
    unsigned char *buf;
    size_t len;
    pts_status rd = pts__read_all(f, path, (size_t)1 << 40, &buf, &len, err);
    if (rd != PTS_OK)
        return rd;
    size_t off;
    int fortran;
    pts_status st = pts__npy_parse(buf, len, out, &off, &fortran, err);
    if (st != PTS_OK) {
        free(buf);
        if (err) {
            char msg[sizeof err->message];
            memcpy(msg, err->message, sizeof msg);
            snprintf(err->message, sizeof err->message, "%.200s: %.300s", path, msg);
        }
        return st;
    }
    /* the data stay where they are in the buffer: aligned for their type when the header
       is padded as numpy pads it (malloc's alignment plus a multiple of 16) */
    size_t item = pts_dtype_size(out->dtype);
    if (off % item) {
        memmove(buf, buf + off, len - off);
        off = 0;
    }
    out->data = buf + off;
    out->owner = buf;
    return PTS_OK;
}

void pts_npy_free(pts_tensor *t) {
    if (t) {
        free(t->owner);
        memset(t, 0, sizeof *t);
    }
}

pts_status pts_npy_write(const char *path, const pts_tensor *t, pts_error *err) {
    if ((unsigned)t->dtype >= PTS_NUM_DTYPES || t->rank < 0 || t->rank > PTS_MAX_RANK)
        return pts__fail(err, PTS_ERR_ARGUMENT, "not a tensor of a pts dtype");
    char header[512];
    int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                     pts__dtypes[t->dtype].descr);
    for (int32_t k = 0; k < t->rank; k++)
        n += snprintf(header + n, sizeof header - (size_t)n, "%lld,%s", (long long)t->shape[k],
                      k + 1 < t->rank ? " " : "");
    if (t->rank > 1)
        n--;                                   /* (2, 3) but (3,) */
    n += snprintf(header + n, sizeof header - (size_t)n, "), }");
    size_t total = 10 + (size_t)n + 1;
    size_t pad = (64 - total % 64) % 64;
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0, 0};
    size_t hlen = (size_t)n + pad + 1;
    pre[8] = (unsigned char)(hlen & 0xff);
    pre[9] = (unsigned char)(hlen >> 8);
    size_t item = pts_dtype_size(t->dtype);
    size_t nbytes = (size_t)pts_tensor_numel(t) * item;
    void *data = malloc(nbytes ? nbytes : 1);
    if (!data)
        return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
    if (nbytes)
        pts__copy_strided(data, t);
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(data);
        return pts__fail(err, PTS_ERR_IO, "cannot create %.400s: %s", path, strerror(errno));
    }
    int ok = fwrite(pre, 1, 10, f) == 10 && fwrite(header, 1, (size_t)n, f) == (size_t)n;
    for (size_t i = 0; i < pad && ok; i++)
        ok = fputc(' ', f) != EOF;
    ok = ok && fputc('\n', f) != EOF && fwrite(data, 1, nbytes, f) == nbytes;
    free(data);
    if (fclose(f) != 0 || !ok)
        return pts__fail(err, PTS_ERR_IO, "cannot write %.400s", path);
    return PTS_OK;
}
