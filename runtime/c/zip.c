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

/* CRC-32 (zip's polynomial).  The CRCs of every entry are checked at load, weights
 * included, so this is most of a model's load time: x86-64 folds 64 bytes per step with
 * carry-less multiplication (PCLMULQDQ; Gopal et al., "Fast CRC Computation for Generic
 * Polynomials Using PCLMULQDQ Instruction", Intel 2009, with the bit-reflected constants
 * of its appendix, as zlib-ng and Chromium's zlib do), aarch64 uses the ARMv8 CRC32
 * instructions (the same polynomial); other machines, and CPUs without those, take eight
 * bytes per step from tables ("slicing by 8"). */
static uint32_t crc_table[8][256];
static int crc_ready;

static void crc_init(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int t = 1; t < 8; t++)
            crc_table[t][i] = (crc_table[t - 1][i] >> 8) ^ crc_table[0][crc_table[t - 1][i] & 0xFF];
    crc_ready = 1;
}

/* c: the running CRC register (pre-inverted) */
static uint32_t crc_tables(uint32_t c, const unsigned char *p, size_t n) {
    while (n >= 8) {
        uint32_t lo = c ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                           (uint32_t)p[3] << 24);
        uint32_t hi = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 |
                      (uint32_t)p[7] << 24;
        c = crc_table[7][lo & 0xFF] ^ crc_table[6][(lo >> 8) & 0xFF] ^
            crc_table[5][(lo >> 16) & 0xFF] ^ crc_table[4][lo >> 24] ^
            crc_table[3][hi & 0xFF] ^ crc_table[2][(hi >> 8) & 0xFF] ^
            crc_table[1][(hi >> 16) & 0xFF] ^ crc_table[0][hi >> 24];
        p += 8;
        n -= 8;
    }
    while (n--)
        c = crc_table[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
    return c;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_FOLD 1

/* n >= 64, a multiple of 16; c pre-inverted, returns the register */
__attribute__((target("pclmul,sse4.1")))
static uint32_t crc_fold(uint32_t c, const unsigned char *buf, size_t n) {
    static const uint64_t k1k2[2] __attribute__((aligned(16))) = {0x0154442bd4, 0x01c6e41596};
    static const uint64_t k3k4[2] __attribute__((aligned(16))) = {0x01751997d0, 0x00ccaa009e};
    static const uint64_t k5k0[2] __attribute__((aligned(16))) = {0x0163cd6124, 0x0000000000};
    static const uint64_t poly[2] __attribute__((aligned(16))) = {0x01db710641, 0x01f7011641};
    __m128i x0, x1, x2, x3, x4, x5, x6, x7, x8, y5, y6, y7, y8;
    x1 = _mm_loadu_si128((const __m128i *)(buf + 0x00));
    x2 = _mm_loadu_si128((const __m128i *)(buf + 0x10));
    x3 = _mm_loadu_si128((const __m128i *)(buf + 0x20));
    x4 = _mm_loadu_si128((const __m128i *)(buf + 0x30));
    x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)c));
    x0 = _mm_load_si128((const __m128i *)k1k2);
    buf += 64;
    n -= 64;
    while (n >= 64) {                       /* fold four 128-bit lanes at once */
        x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
        x6 = _mm_clmulepi64_si128(x2, x0, 0x00);
        x7 = _mm_clmulepi64_si128(x3, x0, 0x00);
        x8 = _mm_clmulepi64_si128(x4, x0, 0x00);
        x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
        x2 = _mm_clmulepi64_si128(x2, x0, 0x11);
        x3 = _mm_clmulepi64_si128(x3, x0, 0x11);
        x4 = _mm_clmulepi64_si128(x4, x0, 0x11);
        y5 = _mm_loadu_si128((const __m128i *)(buf + 0x00));
        y6 = _mm_loadu_si128((const __m128i *)(buf + 0x10));
        y7 = _mm_loadu_si128((const __m128i *)(buf + 0x20));
        y8 = _mm_loadu_si128((const __m128i *)(buf + 0x30));
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x5), y5);
        x2 = _mm_xor_si128(_mm_xor_si128(x2, x6), y6);
        x3 = _mm_xor_si128(_mm_xor_si128(x3, x7), y7);
        x4 = _mm_xor_si128(_mm_xor_si128(x4, x8), y8);
        buf += 64;
        n -= 64;
    }
    x0 = _mm_load_si128((const __m128i *)k3k4);   /* four lanes into one */
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x2), x5);
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x3), x5);
    x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(x1, x4), x5);
    while (n >= 16) {
        x2 = _mm_loadu_si128((const __m128i *)buf);
        x5 = _mm_clmulepi64_si128(x1, x0, 0x00);
        x1 = _mm_clmulepi64_si128(x1, x0, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x2), x5);
        buf += 16;
        n -= 16;
    }
    x2 = _mm_clmulepi64_si128(x1, x0, 0x10);      /* 128 -> 64 bits */
    x3 = _mm_setr_epi32(~0, 0, ~0, 0);
    x1 = _mm_srli_si128(x1, 8);
    x1 = _mm_xor_si128(x1, x2);
    x0 = _mm_loadl_epi64((const __m128i *)k5k0);
    x2 = _mm_srli_si128(x1, 4);
    x1 = _mm_and_si128(x1, x3);
    x1 = _mm_clmulepi64_si128(x1, x0, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    x0 = _mm_load_si128((const __m128i *)poly);   /* Barrett reduction to 32 bits */
    x2 = _mm_and_si128(x1, x3);
    x2 = _mm_clmulepi64_si128(x2, x0, 0x10);
    x2 = _mm_and_si128(x2, x3);
    x2 = _mm_clmulepi64_si128(x2, x0, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    return (uint32_t)_mm_extract_epi32(x1, 1);
}

static int fold_ok(void) {
    return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
}

#elif defined(__aarch64__) && defined(__linux__) && (defined(__GNUC__) || defined(__clang__))
#include <arm_acle.h>
#include <sys/auxv.h>
#define HAVE_FOLD 1

__attribute__((target("+crc")))
static uint32_t crc_fold(uint32_t c, const unsigned char *buf, size_t n) {
    while (n >= 8) {
        uint64_t v;
        memcpy(&v, buf, 8);
        c = __crc32d(c, v);
        buf += 8;
        n -= 8;
    }
    return c;
}

static int fold_ok(void) { return (getauxval(AT_HWCAP) & (1u << 7)) != 0; }   /* HWCAP_CRC32 */

#endif

uint32_t pts__crc32(const unsigned char *p, size_t n) {
    if (!crc_ready)              /* benign race: every thread writes the same values */
        crc_init();
    uint32_t c = 0xFFFFFFFFu;
#ifdef HAVE_FOLD
    static int fold = -1;
    if (fold < 0)
        fold = fold_ok();
    if (fold && n >= 64) {
        size_t chunk = n & ~(size_t)15;
        c = crc_fold(c, p, chunk);
        p += chunk;
        n -= chunk;
    }
#endif
    return crc_tables(c, p, n) ^ 0xFFFFFFFFu;
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
