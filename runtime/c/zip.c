/* zip.c — the archive's container: a zip file of stored entries (no compression, no zip64).
 *
 * Trust nothing: every offset and size comes from the file, so each is checked against the
 * bytes that exist before it is used (`in_bounds`), the local header of every entry must
 * agree with the central directory, entries may not overlap each other or the directory,
 * names are unique, and the CRC-32 of every entry is verified when the archive is opened.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static uint32_t rd16(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const unsigned char *p) { return rd16(p) | rd16(p + 2) << 16; }

/* [off, off + n) lies inside a buffer of `size` bytes (without overflowing) */
static int in_bounds(size_t off, size_t n, size_t size) { return off <= size && n <= size - off; }

static uint32_t crc_table[256];
static int crc_ready;

uint32_t pts__crc32(const unsigned char *p, size_t n) {
    if (!crc_ready) {            /* benign race: every thread writes the same values */
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++)
                c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            crc_table[i] = c;
        }
        crc_ready = 1;
    }
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++)
        c = crc_table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

typedef struct { size_t start, end; } span;

static int by_start(const void *a, const void *b) {
    const span *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

pts_status pts__zip_open(pts_zip *z, const unsigned char *data, size_t size, pts_error *err) {
    memset(z, 0, sizeof *z);
    z->data = data;
    z->size = size;
    if (size < 22)
        return pts__fail(err, PTS_ERR_FORMAT, "not a .pts archive: file too short (%zu bytes)", size);
    /* the end-of-central-directory record: its comment must reach the end of the file */
    size_t eocd = (size_t)-1;
    size_t lowest = size - 22 > 65535 ? size - 22 - 65535 : 0;
    for (size_t p = size - 22 + 1; p-- > lowest;) {
        if (rd32(data + p) == 0x06054b50u && p + 22 + rd16(data + p + 20) == size) {
            eocd = p;
            break;
        }
    }
    if (eocd == (size_t)-1)
        return pts__fail(err, PTS_ERR_FORMAT, "not a .pts archive: no zip end record");
    const unsigned char *e = data + eocd;
    size_t count = rd16(e + 10), cd_size = rd32(e + 12), cd_off = rd32(e + 16);
    if (rd16(e + 4) != 0 || rd16(e + 6) != 0 || rd16(e + 8) != count)
        return pts__fail(err, PTS_ERR_FORMAT, "multi-disk zip archives are not supported");
    if (count == 0xFFFF || cd_size == 0xFFFFFFFFu || cd_off == 0xFFFFFFFFu)
        return pts__fail(err, PTS_ERR_UNSUPPORTED, "zip64 archives are not supported");
    if (count == 0 || count > PTS_ZIP_MAX_ENTRIES)
        return pts__fail(err, PTS_ERR_FORMAT, "bad entry count %zu", count);
    if (!in_bounds(cd_off, cd_size, eocd))
        return pts__fail(err, PTS_ERR_FORMAT, "central directory out of bounds");
    z->entries = calloc(count, sizeof *z->entries);
    span *spans = calloc(count + 1, sizeof *spans);
    if (!z->entries || !spans) {
        free(spans);
        pts__zip_close(z);
        return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
    }
    pts_status st = PTS_OK;
    size_t p = cd_off, cd_end = cd_off + cd_size;
    for (size_t i = 0; i < count && st == PTS_OK; i++) {
        pts_zip_entry *ent = &z->entries[i];
        if (!in_bounds(p, 46, cd_end) || rd32(data + p) != 0x02014b50u) {
            st = pts__fail(err, PTS_ERR_FORMAT, "bad central directory record %zu", i);
            break;
        }
        const unsigned char *c = data + p;
        uint32_t flags = rd16(c + 8), method = rd16(c + 10), crc = rd32(c + 16);
        size_t csize = rd32(c + 20), usize = rd32(c + 24);
        size_t nlen = rd16(c + 28), xlen = rd16(c + 30), clen = rd16(c + 32);
        size_t local = rd32(c + 42);
        if (!in_bounds(p + 46, nlen + xlen + clen, cd_end)) {
            st = pts__fail(err, PTS_ERR_FORMAT, "central directory record %zu out of bounds", i);
            break;
        }
        if (nlen == 0 || nlen >= sizeof ent->name || memchr(c + 46, 0, nlen)) {
            st = pts__fail(err, PTS_ERR_FORMAT, "bad entry name in record %zu", i);
            break;
        }
        memcpy(ent->name, c + 46, nlen);
        ent->name[nlen] = 0;
        if (flags & 0x0001 || flags & 0x0008) {
            st = pts__fail(err, PTS_ERR_UNSUPPORTED, "entry %s: encrypted or streamed", ent->name);
            break;
        }
        if (method != 0 || csize != usize) {
            st = pts__fail(err, PTS_ERR_FORMAT, "entry %s is compressed (pts archives store "
                           "entries uncompressed)", ent->name);
            break;
        }
        if (csize == 0xFFFFFFFFu || local == 0xFFFFFFFFu) {
            st = pts__fail(err, PTS_ERR_UNSUPPORTED, "zip64 entry %s", ent->name);
            break;
        }
        /* the local header must repeat the name and method; the data follow it */
        if (!in_bounds(local, 30, cd_off) || rd32(data + local) != 0x04034b50u) {
            st = pts__fail(err, PTS_ERR_FORMAT, "entry %s: bad local header", ent->name);
            break;
        }
        const unsigned char *l = data + local;
        size_t lnlen = rd16(l + 26), lxlen = rd16(l + 28);
        if (rd16(l + 8) != 0 || lnlen != nlen || !in_bounds(local + 30, lnlen + lxlen, cd_off) ||
            memcmp(l + 30, ent->name, nlen) != 0) {
            st = pts__fail(err, PTS_ERR_FORMAT, "entry %s: local header disagrees", ent->name);
            break;
        }
        ent->offset = local + 30 + lnlen + lxlen;
        ent->size = usize;
        ent->crc = crc;
        if (!in_bounds(ent->offset, ent->size, cd_off)) {
            st = pts__fail(err, PTS_ERR_FORMAT, "entry %s: data out of bounds", ent->name);
            break;
        }
        spans[i].start = local;
        spans[i].end = ent->offset + ent->size;
        for (size_t k = 0; k < i; k++)
            if (strcmp(z->entries[k].name, ent->name) == 0) {
                st = pts__fail(err, PTS_ERR_FORMAT, "duplicate entry %s", ent->name);
                break;
            }
        p += 46 + nlen + xlen + clen;
    }
    if (st == PTS_OK) {
        z->count = count;
        spans[count].start = cd_off;
        spans[count].end = cd_end;
        qsort(spans, count + 1, sizeof *spans, by_start);
        for (size_t i = 1; i <= count; i++)
            if (spans[i].start < spans[i - 1].end) {
                st = pts__fail(err, PTS_ERR_FORMAT, "overlapping entries");
                break;
            }
    }
    for (size_t i = 0; i < count && st == PTS_OK; i++) {
        const pts_zip_entry *ent = &z->entries[i];
        if (pts__crc32(data + ent->offset, ent->size) != ent->crc)
            st = pts__fail(err, PTS_ERR_FORMAT, "entry %s: CRC mismatch (corrupt archive)", ent->name);
    }
    free(spans);
    if (st != PTS_OK)
        pts__zip_close(z);
    return st;
}

const pts_zip_entry *pts__zip_find(const pts_zip *z, const char *name) {
    for (size_t i = 0; i < z->count; i++)
        if (strcmp(z->entries[i].name, name) == 0)
            return &z->entries[i];
    return NULL;
}

void pts__zip_close(pts_zip *z) {
    free(z->entries);
    z->entries = NULL;
    z->count = 0;
}
