/* loader.c — libpts: load a .pts archive, map its native image, call its entries.
 *
 * Loading (pts_load_memory):
 *   1. zip.c checks the container (bounds, local headers, overlaps, CRCs);
 *   2. manifest.json (json.c): format version (a newer major is refused), the ABI the code
 *      expects (context fields; import and exception names), entries, images;
 *   3. the image to run is chosen: on x86-64 the host image ("x86_64-linux-host", compiled
 *      for the CPU of the machine that saved the archive) when its record's "requires" is a
 *      list of at most MAX_REQUIRES feature names this CPU has every one of (cpu.c: cpuid
 *      and xgetbv; an unknown name or a malformed list makes the image unusable, never an
 *      error), else the baseline image of this machine ("x86_64-linux", "aarch64-linux");
 *      it is checked field by field,
 *      mapped read-write, its regions copied, its fixups applied — base-relative words get
 *      the mapping's address, import cells the address of a runtime function found by name
 *      in RUNTIME below (never with dlsym) — then each region is protected: text R+X,
 *      rodata R, data R+W.  Nothing is executable and writable at once.
 *   4. a module's weights (manifest "weights": stored .npy entries, npy.c) are used in place
 *      from the file's copy-on-write mapping (pts_load_file) or copied (pts_load_memory).
 * Calling (pts_call): arguments are boxed into 8-byte slots (tuples flattened, lists as
 * runtime lists, tensors as pointers to descriptors {data, owner, shape, strides} built in
 * the call's slot block, borrowed), then the weights the entry takes, the boxed entry
 * `i32 f(ctx*, i64 *args, i64 *results)` runs, results are copied out of the slots — a
 * tensor result's allocation is taken out of the call's arena (its header's block pointer
 * cleared), a view of an argument or a weight is copied — and the image's `release` frees
 * every list and tensor left in the arena.
 */
#define _DEFAULT_SOURCE          /* mmap's MAP_ANONYMOUS */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blocks.h"
#include "cpu.h"
#include "dicts.h"
#include "internal.h"

#if defined(__x86_64__)
#define HOST_TARGET "x86_64-linux"
#define HOST_CPU_TARGET "x86_64-linux-host"     /* backend/link.py HOST_TARGET */
#define HOST_MACHINE 62
#elif defined(__aarch64__)
#define HOST_TARGET "aarch64-linux"
#define HOST_MACHINE 183
#else
#define HOST_TARGET "unknown"
#define HOST_MACHINE 0
#endif

#define MAX_MANIFEST (4u << 20)
#define MAX_ENTRIES 4096
#define MAX_TYPE_DEPTH 16
#define MAX_REQUIRES 512         /* features a host image may require (runtime/archive.py) */

pts_status pts__fail(pts_error *err, pts_status status, const char *fmt, ...) {
    if (err) {
        memset(err, 0, sizeof *err);
        err->status = status;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

const char *pts_status_name(pts_status s) {
    static const char *names[] = {"ok", "i/o error", "format error", "version error",
                                  "target error", "out of memory", "argument error",
                                  "runtime error", "unsupported"};
    return (unsigned)s < sizeof names / sizeof *names ? names[s] : "unknown error";
}

/* ---- the context: codegen.CTX_FIELDS, then libpts's own fields ----------------------- */

typedef struct rt_list { int64_t len, cap; void *data; struct rt_list *next; } rt_list;

typedef struct pts_ctx {
    int64_t kind, line, col;
    const char *file, *msg, *func;
    const void *imports;
    rt_list *lists;
    int64_t stack_limit;
    void *arena_next, *arena_end;        /* the call's block of objects (object_codegen) */
    FILE *out;                           /* not seen by generated code */
} pts_ctx;

static const char *const CTX_FIELDS[] = {"kind", "line", "col", "file", "msg", "func",
                                         "imports", "lists", "stack_limit", "arena_next",
                                         "arena_end"};

static const char *const DEFAULT_EXCEPTIONS[] = {
    "ZeroDivisionError", "IndexError", "ValueError", "AssertionError", "RuntimeError",
    "TypeError", "OverflowError", "UnboundLocalError", "RecursionError"};

/* ---- runtime functions an image may import (backend/link.py: IMPORTS and
 *      RUNTIME_FUNCTIONS) ------------------------------------------------------------- */

static void w_str(pts_ctx *c, const char *s) { fputs(s ? s : "", c->out); }
static void w_i64(pts_ctx *c, int64_t v) { fprintf(c->out, "%lld", (long long)v); }
static void w_bool(pts_ctx *c, int64_t v) { fputs(v ? "True" : "False", c->out); }
static void w_err(pts_ctx *c, const char *s) { (void)c; fputs(s ? s : "", stderr); }

static void w_f64(pts_ctx *c, double v) {
    char tmp[64];
    pts_format_float(v, tmp, sizeof tmp);
    fputs(tmp, c->out);
}

static void w_list(pts_ctx *c, const rt_list *l, int64_t kind) {
    static const pts_kind kinds[] = {PTS_BOOL, PTS_INT, PTS_FLOAT};
    pts_value v = pts_list(kinds[kind >= 0 && kind <= 2 ? kind : 1], l->data,
                           l->len > 0 ? (size_t)l->len : 0);
    pts_print_value(c->out, &v);
}

static void rt_sincos(double x, double *s, double *c) { *s = sin(x); *c = cos(x); }
static void rt_sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }

typedef void (*pts_fn)(void);
#define F(name) {#name, (pts_fn)name}
#define M(name) F(name), F(name##f)

static const struct { const char *name; pts_fn fn; } RUNTIME[] = {
    {"malloc", (pts_fn)pts_block_malloc}, F(realloc), {"free", (pts_fn)pts_block_free},
    {"write_str", (pts_fn)w_str}, {"write_i64", (pts_fn)w_i64}, {"write_f64", (pts_fn)w_f64},
    {"write_bool", (pts_fn)w_bool}, {"write_list", (pts_fn)w_list},
    {"write_err", (pts_fn)w_err},
    {"parallel_for", (pts_fn)pts_parallel_for},
    {"str_call", (pts_fn)pts__str_call}, {"str_op", (pts_fn)pts__str_op},
    {"str_alloc", (pts_fn)pts__str_alloc},
    {"dict_new", (pts_fn)pts_dict_new}, {"dict_find", (pts_fn)pts_dict_find},
    {"dict_put", (pts_fn)pts_dict_put}, {"dict_del", (pts_fn)pts_dict_del},
    {"dict_next", (pts_fn)pts_dict_next}, {"dict_last", (pts_fn)pts_dict_last},
    {"dict_entry", (pts_fn)pts_dict_entry}, {"dict_clear", (pts_fn)pts_dict_clear},
    {"dict_copy", (pts_fn)pts_dict_copy},
    F(memcpy), F(memmove), F(memset), F(madvise),
    M(fmod), M(floor), M(ceil), M(trunc), M(round), M(rint), M(nearbyint), M(sqrt), M(fabs),
    M(exp), M(exp2), M(expm1), M(log), M(log2), M(log10), M(log1p), M(pow), M(sin), M(cos),
    M(tan), M(asin), M(acos), M(atan), M(atan2), M(sinh), M(cosh), M(tanh), M(asinh),
    M(acosh), M(atanh), M(hypot), M(cbrt), M(fmin), M(fmax), M(copysign), M(erf), M(erfc), M(nextafter),
    {"sincos", (pts_fn)rt_sincos}, {"sincosf", (pts_fn)rt_sincosf},
};

static pts_fn runtime_function(const char *name, size_t len) {
    for (size_t i = 0; i < sizeof RUNTIME / sizeof *RUNTIME; i++)
        if (strlen(RUNTIME[i].name) == len && memcmp(RUNTIME[i].name, name, len) == 0)
            return RUNTIME[i].fn;
    return NULL;
}

/* ---- types: IR type text ("i64", "tuple<i64, f64>", "list<i1>", "tensor<f32, 2>",
 * "optional<i64>") --------------------------------------------------------------------- */

/* T_OPT: Python's Optional[T] (elems[0] is T); an argument is PTS_NONE or a T, boxed as a
 * flag slot (1: present) and T's slots (zeros for None); a result is PTS_NONE or the T */
/* T_OBJ: obj<Name>, an object of a user class (ir/object_ops.py): its native code runs
 * (objects made and used inside), but no pts_value spells one, so an entry taking or
 * returning one is refused by name (pts_call) */
enum { T_I64, T_F64, T_I1, T_NONE, T_STR, T_TUPLE, T_LIST, T_TENSOR, T_F32, T_I32, T_OPT,
       T_DICT, T_SET, T_OBJ, T_NUMPY };
/* T_NUMPY: a numpy scalar of dtype `dtype` (i8 i16 u8 u16 u32 u64 f16: PTS_NUMPY values),
   in the slot's low bytes (a float16 as the float32 of its value) */

typedef struct ptype {
    int code;
    int np;                      /* npf64, npi64, npi1: numpy scalars of f64, i64, i1 */
    size_t n;                    /* tuple elements; list: 1 */
    struct ptype **elems;
    int dtype, rank;             /* tensors (dtype: pts_dtype) */
    int vt;                      /* T_LIST of a vtuple<T>: a Python tuple of run-time length */
} ptype;

static void type_free(ptype *t) {
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++)
        type_free(t->elems[i]);
    free(t->elems);
    free(t);
}

static void skip_spaces(const char **s) { while (**s == ' ') (*s)++; }

static int word(const char **s, const char *w) {
    size_t n = strlen(w);
    if (strncmp(*s, w, n) != 0)
        return 0;
    char c = (*s)[n];
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')
        return 0;
    *s += n;
    return 1;
}

static ptype *parse_type(const char **s, int depth) {
    if (depth > MAX_TYPE_DEPTH)
        return NULL;
    skip_spaces(s);
    ptype *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    static const struct { const char *name; int code, np; } simple[] = {
        {"i64", T_I64, 0}, {"f64", T_F64, 0}, {"i1", T_I1, 0}, {"none", T_NONE, 0},
        {"str", T_STR, 0}, {"f32", T_F32, 0}, {"i32", T_I32, 0}, {"npf64", T_F64, 1},
        {"npi64", T_I64, 1}, {"npi1", T_I1, 1}};
    for (size_t i = 0; i < sizeof simple / sizeof *simple; i++)
        if (word(s, simple[i].name)) {
            t->code = simple[i].code;
            t->np = simple[i].np;
            return t;
        }
    for (int i = PTS_DT_INT8; i < PTS_NUM_DTYPES; i++)
        if (word(s, pts__dtypes[i].ir)) {
            t->code = T_NUMPY;
            t->dtype = i;
            return t;
        }
    if (word(s, "obj")) {                /* obj<Name>: the name is not needed here */
        skip_spaces(s);
        if (**s != '<')
            goto bad;
        while (**s && **s != '>')
            (*s)++;
        if (**s != '>')
            goto bad;
        (*s)++;
        t->code = T_OBJ;
        return t;
    }
    int tuple = 0, list = 0, tensor = 0, opt = 0, dict = 0, set = 0;
    if ((t->vt = list = word(s, "vtuple")) ||
        (tuple = word(s, "tuple")) || (list = word(s, "list")) || (tensor = word(s, "tensor")) ||
        (opt = word(s, "optional")) || (dict = word(s, "dict")) || (set = word(s, "set"))) {
        skip_spaces(s);
        if (**s != '<')
            goto bad;
        (*s)++;
        t->code = tuple ? T_TUPLE : list ? T_LIST : opt ? T_OPT : dict ? T_DICT : set ? T_SET
                                                                                 : T_TENSOR;
        list |= opt | set;               /* one element type, as a list's */
        tuple |= dict;                   /* (two: checked below) */
        if (tensor) {
            skip_spaces(s);
            t->dtype = -1;
            for (int i = 0; i < PTS_NUM_DTYPES; i++)
                if (word(s, pts__dtypes[i].ir))
                    t->dtype = i;
            skip_spaces(s);
            if (t->dtype < 0 || **s != ',')
                goto bad;
            (*s)++;
            skip_spaces(s);
            char *end;
            long r = strtol(*s, &end, 10);
            if (end == *s || r < 0 || r > PTS_MAX_RANK)
                goto bad;
            t->rank = (int)r;
            *s = end;
        } else {
            skip_spaces(s);
            if (!(tuple && **s == '>')) {
                for (;;) {
                    if (t->n >= 64 || (list && t->n >= 1))
                        goto bad;
                    ptype **elems = realloc(t->elems, (t->n + 1) * sizeof *elems);
                    if (!elems)
                        goto bad;
                    t->elems = elems;
                    ptype *e = parse_type(s, depth + 1);
                    if (!e)
                        goto bad;
                    t->elems[t->n++] = e;
                    skip_spaces(s);
                    if (**s != ',')
                        break;
                    (*s)++;
                }
            }
            if ((list && t->n != 1) || (dict && t->n != 2))
                goto bad;
            if (opt && (t->elems[0]->code == T_NONE || t->elems[0]->code == T_OPT))
                goto bad;
        }
        skip_spaces(s);
        if (**s != '>')
            goto bad;
        (*s)++;
        return t;
    }
bad:
    type_free(t);
    return NULL;
}

static ptype *type_from_text(const char *text) {
    const char *s = text;
    ptype *t = parse_type(&s, 0);
    skip_spaces(&s);
    if (t && *s) {
        type_free(t);
        return NULL;
    }
    return t;
}

static size_t type_slots(const ptype *t) {
    if (t->code == T_OPT)
        return 1 + type_slots(t->elems[0]);
    if (t->code != T_TUPLE)
        return 1;
    size_t n = 0;
    for (size_t i = 0; i < t->n; i++)
        n += type_slots(t->elems[i]);
    return n;
}

static pts_kind type_kind(const ptype *t) {
    switch (t->code) {
    case T_I64: return PTS_INT;
    case T_F64: return PTS_FLOAT;
    case T_I1: return PTS_BOOL;
    case T_NONE: return PTS_NONE;
    case T_STR: return PTS_STR;
    case T_TUPLE: return PTS_TUPLE;
    case T_LIST: return PTS_LIST;
    case T_F32: return PTS_FLOAT32;
    case T_I32: return PTS_INT32;
    case T_NUMPY: return PTS_NUMPY;
    case T_OPT: return type_kind(t->elems[0]);    /* (or PTS_NONE) */
    case T_DICT: return PTS_DICT;
    case T_SET: return PTS_SET;
    default: return PTS_TENSOR;
    }
}

/* 8-byte words of the descriptors of a parameter's tensors ({data, owner, shape, strides}) */
static size_t type_desc_words(const ptype *t) {
    if (t->code == T_TENSOR)
        return 2 + 2 * (size_t)t->rank;
    size_t n = 0;
    if (t->code == T_TUPLE || t->code == T_OPT)
        for (size_t i = 0; i < t->n; i++)
            n += type_desc_words(t->elems[i]);
    return n;
}

/* ---- the model ------------------------------------------------------------------------ */

typedef int32_t (*boxed_fn)(pts_ctx *, int64_t *, int64_t *);
typedef void (*release_fn)(pts_ctx *);

typedef struct entry {
    char *name, *key, *signature;
    ptype **params;
    char **param_text;
    size_t nparams;
    ptype *ret;
    size_t arg_slots, result_slots, desc_words;
    size_t *weights;                     /* model weights passed after the arguments */
    size_t nweights;
    int shared;                          /* takes module-level objects (manifest "shared") */
    boxed_fn boxed;
    release_fn release;
} entry;

typedef struct weight {
    char *name;
    pts_tensor t;
    int64_t desc[2 + 2 * PTS_MAX_RANK];  /* the descriptor generated code reads */
    void *copy;                          /* its data when not used in place */
} weight;

struct pts_model {
    char format[16], producer[64], kind[16];
    char target[32];                     /* the image in use: "x86_64-linux-host", ... */
    char image_note[160];                /* why the host image was passed over, or "" */
    entry *entries;
    size_t nentries;
    weight *weights;
    size_t nweights;
    void *file_map;                      /* the archive file's mapping, when weights use it */
    size_t file_size;
    unsigned char *base;
    size_t vsize;
    uint64_t *imports;                   /* the table ctx->imports points at */
    char *exceptions[64];
    size_t nexceptions;
    int64_t user_codes[64];              /* user exception classes: status code, name */
    char *user_names[64];
    size_t nuser;
    FILE *out;
    size_t stack_budget;
    int hyper_width;                     /* a training step's optim.hyper row (train.c) */
};

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

void pts_free(pts_model *m) {
    if (!m)
        return;
    for (size_t i = 0; i < m->nentries; i++) {
        entry *e = &m->entries[i];
        free(e->name);
        free(e->key);
        free(e->signature);
        for (size_t k = 0; k < e->nparams; k++) {
            type_free(e->params[k]);
            free(e->param_text ? e->param_text[k] : NULL);
        }
        free(e->params);
        free(e->param_text);
        free(e->weights);
        type_free(e->ret);
    }
    free(m->entries);
    for (size_t i = 0; i < m->nweights; i++) {
        free(m->weights[i].name);
        free(m->weights[i].copy);
    }
    free(m->weights);
    if (m->file_map)
        munmap(m->file_map, m->file_size);
    for (size_t i = 0; i < m->nexceptions; i++)
        free(m->exceptions[i]);
    for (size_t i = 0; i < m->nuser; i++)
        free(m->user_names[i]);
    free(m->imports);
    if (m->base)
        munmap(m->base, m->vsize);
    free(m);
}

/* ---- the image (backend/link.py) ------------------------------------------------------ */

static uint32_t le32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t le64(const unsigned char *p) { return le32(p) | (uint64_t)le32(p + 4) << 32; }
static int fits(uint64_t off, uint64_t n, uint64_t size) { return off <= size && n <= size - off; }

typedef struct { uint64_t vaddr, vsize, foff, fsize; uint32_t prot; } region;
typedef struct { const char *name; uint32_t len; uint64_t boxed, release; } img_entry;

typedef struct {
    region regions[8];
    uint32_t nregions, nentries, nimports, nctx;
    img_entry *entries;
} image;

static pts_status map_image(pts_model *m, const unsigned char *d, size_t size, image *img,
                            pts_error *err) {
#define BAD(...) return pts__fail(err, PTS_ERR_FORMAT, "bad native image: " __VA_ARGS__)
    memset(img, 0, sizeof *img);
    if (size < 64)
        BAD("truncated header");
    if (memcmp(d, "PTSIMG01", 8) != 0)
        BAD("wrong magic");
    uint32_t machine = le32(d + 8), flags = le32(d + 12), align = le32(d + 16);
    uint32_t nreg = le32(d + 20), nent = le32(d + 32), nimp = le32(d + 36), nctx = le32(d + 40);
    uint32_t nfix = le32(d + 44), str_off = le32(d + 48), str_size = le32(d + 52);
    uint64_t vsize = le64(d + 24);
    if (machine != HOST_MACHINE)
        return pts__fail(err, PTS_ERR_TARGET, "image is for ELF machine %u, not this one", machine);
    long page = sysconf(_SC_PAGESIZE);
    if (flags || align == 0 || (align & (align - 1)) || page <= 0 || align < (uint64_t)page ||
        vsize == 0 || vsize % align || vsize > (1ull << 32))
        BAD("bad alignment or size");
    if (nreg > 8 || nent > MAX_ENTRIES || nimp > 4096 || nctx > nimp || nfix > (1u << 20))
        BAD("counts out of range");
    uint64_t table = 40ull * nreg + 24ull * nent + 8ull * nimp + 24ull * nfix;
    if (!fits(64, table, size) || str_off < 64 + table || !fits(str_off, str_size, size))
        BAD("tables out of bounds");
    const unsigned char *p = d + 64;
    uint64_t end = 0;
    for (uint32_t i = 0; i < nreg; i++, p += 40) {
        region *r = &img->regions[i];
        r->vaddr = le64(p);
        r->vsize = le64(p + 8);
        r->foff = le64(p + 16);
        r->fsize = le64(p + 24);
        r->prot = le32(p + 32);
        if (r->vaddr % align || r->vaddr < end || !fits(r->vaddr, r->vsize, vsize) ||
            r->fsize > r->vsize || !fits(r->foff, r->fsize, size) || (r->prot & ~7u) ||
            (r->prot & 6) == 6)
            BAD("region %u out of bounds", i);
        end = r->vaddr + r->vsize;
    }
    img->nregions = nreg;
    img->entries = calloc(nent ? nent : 1, sizeof *img->entries);
    if (!img->entries)
        return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
    img->nentries = nent;
    const char *strtab = (const char *)d + str_off;
    for (uint32_t i = 0; i < nent; i++, p += 24) {
        uint32_t no = le32(p), nl = le32(p + 4);
        if (!fits(no, nl, str_size))
            BAD("entry name out of bounds");
        img_entry *e = &img->entries[i];
        e->name = strtab + no;
        e->len = nl;
        e->boxed = le64(p + 8);
        e->release = le64(p + 16);
        for (int k = 0; k < 2; k++) {
            uint64_t a = k ? e->release : e->boxed;
            int ok = 0;
            for (uint32_t r = 0; r < nreg; r++)
                if (img->regions[r].prot & 4 && a >= img->regions[r].vaddr &&
                    a - img->regions[r].vaddr < img->regions[r].vsize)
                    ok = 1;
            if (!ok)
                BAD("entry %u is not in code", i);
        }
    }
    /* imports: the first nctx form the context's table, in order, by name */
    m->imports = calloc(nimp ? nimp : 1, sizeof *m->imports);
    if (!m->imports)
        return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
    for (uint32_t i = 0; i < nimp; i++, p += 8) {
        uint32_t no = le32(p), nl = le32(p + 4);
        if (!fits(no, nl, str_size))
            BAD("import name out of bounds");
        pts_fn fn = runtime_function(strtab + no, nl);
        if (!fn)
            return pts__fail(err, PTS_ERR_UNSUPPORTED, "image imports '%.*s', which this libpts "
                             "does not provide", (int)(nl > 64 ? 64 : nl), strtab + no);
        m->imports[i] = (uint64_t)(uintptr_t)fn;
    }
    img->nimports = nimp;
    img->nctx = nctx;
    const unsigned char *fix = p;
    for (uint32_t i = 0; i < nfix; i++, p += 24) {
        uint64_t off = le64(p), addend = le64(p + 16);
        uint32_t kind = le32(p + 8), index = le32(p + 12);
        if (off % 8 || !fits(off, 8, vsize) || (kind != 1 && kind != 2) ||
            (kind == 2 && index >= nimp) || (kind == 1 && addend >= vsize))
            BAD("bad fixup %u", i);
        int ok = 0;
        for (uint32_t r = 0; r < nreg; r++)
            if (!(img->regions[r].prot & 4) && off >= img->regions[r].vaddr &&
                off + 8 <= img->regions[r].vaddr + img->regions[r].vsize)
                ok = 1;
        if (!ok)
            BAD("fixup %u outside a data region", i);
    }
    /* map: everything read-write while copying and fixing up, then W^X */
    void *base = mmap(NULL, vsize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        return pts__fail(err, PTS_ERR_NOMEM, "cannot map %llu bytes for the native image",
                         (unsigned long long)vsize);
    m->base = base;
    m->vsize = vsize;
    for (uint32_t r = 0; r < nreg; r++)
        if (img->regions[r].fsize)
            memcpy(m->base + img->regions[r].vaddr, d + img->regions[r].foff, img->regions[r].fsize);
    for (uint32_t i = 0; i < nfix; i++, fix += 24) {
        uint64_t off = le64(fix), addend = le64(fix + 16);
        uint64_t value = le32(fix + 8) == 1 ? (uint64_t)(uintptr_t)m->base + addend
                                            : m->imports[le32(fix + 12)] + addend;
        memcpy(m->base + off, &value, 8);
    }
    for (uint32_t r = 0; r < nreg; r++) {
        region *g = &img->regions[r];
        int prot = (g->prot & 1 ? PROT_READ : 0) | (g->prot & 2 ? PROT_WRITE : 0) |
                   (g->prot & 4 ? PROT_EXEC : 0);
        size_t len = (g->vsize + (size_t)page - 1) / (size_t)page * (size_t)page;
        if (len && mprotect(m->base + g->vaddr, len, prot) != 0)
            return pts__fail(err, PTS_ERR_UNSUPPORTED, "cannot protect the native image "
                             "(W^X mapping refused)");
    }
#if defined(__aarch64__)
    for (uint32_t r = 0; r < nreg; r++)
        if (img->regions[r].prot & 4)
            __builtin___clear_cache((char *)m->base + img->regions[r].vaddr,
                                    (char *)m->base + img->regions[r].vaddr + img->regions[r].vsize);
#endif
    return PTS_OK;
#undef BAD
}

/* ---- the manifest ---------------------------------------------------------------------- */

static pts_status check_version(pts_model *m, const pts_json *root, pts_error *err) {
    const char *v = pts__json_str(root, "format");
    unsigned major = 0, minor = 0;
    int used = 0;
    if (!v || strlen(v) >= sizeof m->format || sscanf(v, "%u.%u%n", &major, &minor, &used) != 2 ||
        v[used] != 0 || v[0] < '0' || v[0] > '9')
        return pts__fail(err, PTS_ERR_FORMAT, "manifest.json has no valid format version");
    if (major > PTS_FORMAT_MAJOR)
        return pts__fail(err, PTS_ERR_VERSION, "archive format %s is newer than this libpts "
                         "reads (%d.%d); use a newer pts to run it", v, PTS_FORMAT_MAJOR,
                         PTS_FORMAT_MINOR);
    snprintf(m->format, sizeof m->format, "%s", v);
    const char *prod = pts__json_str(root, "producer");
    snprintf(m->producer, sizeof m->producer, "%s", prod ? prod : "");
    const char *kind = pts__json_str(root, "kind");
    if (!kind || (strcmp(kind, "function") != 0 && strcmp(kind, "module") != 0 &&
                  strcmp(kind, "train_step") != 0))
        return pts__fail(err, PTS_ERR_UNSUPPORTED, "archives of kind '%.32s' are not supported "
                         "by this libpts", kind ? kind : "?");
    snprintf(m->kind, sizeof m->kind, "%s", kind);
    if (strcmp(kind, "train_step") == 0) {
        /* the rows of optim.hyper (runtime/archive_train.py): train.c reads them */
        const pts_json *w = pts__json_get(pts__json_get(root, "train"), "hyper_width");
        if (!w || w->type != PTS_J_NUM || !(w->num >= 1 && w->num <= 64) ||
            w->num != (double)(int)w->num)
            return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: a training step without a "
                             "valid train.hyper_width");
        m->hyper_width = (int)w->num;
    }
    return PTS_OK;
}

static pts_status check_abi(pts_model *m, const pts_json *root, pts_error *err) {
    const pts_json *abi = pts__json_get(root, "abi");
    const pts_json *ctx = pts__json_get(abi, "context");
    /* fields are only appended (backend/abi.py): an older archive's context is a prefix of
       ours, and its code never touches the fields after it */
    size_t n = sizeof CTX_FIELDS / sizeof *CTX_FIELDS;
    if (!ctx || ctx->type != PTS_J_ARR || ctx->n > n || ctx->n == 0)
        return pts__fail(err, PTS_ERR_UNSUPPORTED, "the archive's context layout is not this "
                         "libpts's");
    for (size_t i = 0; i < ctx->n; i++)
        if (ctx->items[i].type != PTS_J_STR || strcmp(ctx->items[i].str, CTX_FIELDS[i]) != 0)
            return pts__fail(err, PTS_ERR_UNSUPPORTED, "the archive's context layout is not "
                             "this libpts's");
    const pts_json *exc = pts__json_get(abi, "exceptions");
    if (exc && exc->type == PTS_J_ARR) {
        for (size_t i = 0; i < exc->n && i < 64; i++) {
            const char *s = exc->items[i].type == PTS_J_STR ? exc->items[i].str : "RuntimeError";
            if (!(m->exceptions[i] = dup_str(s)))
                return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
            m->nexceptions = i + 1;
        }
    }
    const pts_json *user = pts__json_get(abi, "user_exceptions");
    if (user && user->type == PTS_J_ARR) {
        for (size_t i = 0; i < user->n && m->nuser < 64; i++) {
            const pts_json *pair = &user->items[i];
            if (pair->type != PTS_J_ARR || pair->n != 2 || pair->items[0].type != PTS_J_NUM ||
                pair->items[1].type != PTS_J_STR)
                continue;
            char *name = dup_str(pair->items[1].str);
            if (!name)
                return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
            if (strchr(name, '.'))
                *strchr(name, '.') = '\0';          /* "Name.Base.ValueError": the class */
            m->user_names[m->nuser] = name;
            m->user_codes[m->nuser++] = (int64_t)pair->items[0].num;
        }
    }
    return PTS_OK;
}

/* The weights of a module archive: manifest "weights" [{name, path}], each a stored .npy
 * entry (C order, little endian), used in place when the archive's bytes stay mapped
 * (`in_place`) and the data are aligned for their type, else copied. */
static pts_status load_weights(pts_model *m, const pts_json *root, const pts_zip *z,
                               int in_place, pts_error *err) {
    const pts_json *list = pts__json_get(root, "weights");
    if (!list)
        return PTS_OK;
    if (list->type != PTS_J_ARR || list->n > 4096)
        return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: bad weight list");
    m->weights = calloc(list->n ? list->n : 1, sizeof *m->weights);
    if (!m->weights)
        return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < list->n; i++) {
        const char *name = pts__json_str(&list->items[i], "name");
        const char *path = pts__json_str(&list->items[i], "path");
        if (!name || !path)
            return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: weight %zu is incomplete", i);
        const pts_zip_entry *ze = pts__zip_find(z, path);
        if (!ze)
            return pts__fail(err, PTS_ERR_FORMAT, "missing entry %.200s", path);
        weight *w = &m->weights[i];
        m->nweights = i + 1;
        if (!(w->name = dup_str(name)))
            return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
        size_t off;
        int fortran;
        pts_status st = pts__npy_parse(z->data + ze->offset, ze->size, &w->t, &off, &fortran,
                                       err);
        if (st != PTS_OK)
            return st;
        if (fortran && w->t.rank > 1)
            return pts__fail(err, PTS_ERR_FORMAT, "weight %.200s is not in C order", name);
        size_t item = pts_dtype_size(w->t.dtype);
        size_t nbytes = (size_t)pts_tensor_numel(&w->t) * item;
        unsigned char *src = (unsigned char *)z->data + ze->offset + off;
        if (in_place && ((uintptr_t)src % item) == 0) {
            w->t.data = src;
        } else {
            w->copy = malloc(nbytes ? nbytes : 1);
            if (!w->copy)
                return pts__fail(err, PTS_ERR_NOMEM, "out of memory for weight %.200s", name);
            if (nbytes)
                memcpy(w->copy, src, nbytes);
            w->t.data = w->copy;
        }
        w->desc[0] = (int64_t)(uintptr_t)w->t.data;
        w->desc[1] = 0;
        for (int32_t k = 0; k < w->t.rank; k++) {
            w->desc[2 + k] = w->t.shape[k];
            w->desc[2 + w->t.rank + k] = w->t.strides[k];
        }
    }
    return PTS_OK;
}

static void append(char *dst, size_t cap, const char *s) {
    size_t n = strlen(dst);
    snprintf(dst + n, cap - n, "%s", s);
}

static pts_status load_entries(pts_model *m, const pts_json *root, const image *img,
                               pts_error *err) {
    const pts_json *list = pts__json_get(root, "entries");
    if (!list || list->type != PTS_J_ARR || list->n == 0 || list->n > MAX_ENTRIES)
        return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: no entry list");
    m->entries = calloc(list->n, sizeof *m->entries);
    if (!m->entries)
        return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < list->n; i++) {
        const pts_json *j = &list->items[i];
        entry *e = &m->entries[i];
        m->nentries = i + 1;
        const char *name = pts__json_str(j, "name"), *key = pts__json_str(j, "key");
        const char *ret = pts__json_str(j, "ret"), *symbol = pts__json_str(j, "symbol");
        const pts_json *params = pts__json_get(j, "params");
        if (!name || !key || !ret || !symbol || !params || params->type != PTS_J_ARR ||
            params->n > 256)
            return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: entry %zu is incomplete", i);
        e->name = dup_str(name);
        e->key = dup_str(key);
        e->params = calloc(params->n ? params->n : 1, sizeof *e->params);
        e->param_text = calloc(params->n ? params->n : 1, sizeof *e->param_text);
        size_t siglen = 16 + strlen(ret);
        for (size_t k = 0; k < params->n; k++)
            siglen += 2 + (params->items[k].type == PTS_J_STR ? strlen(params->items[k].str) : 0);
        e->signature = calloc(1, siglen);
        if (!e->name || !e->key || !e->params || !e->param_text || !e->signature)
            return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
        append(e->signature, siglen, "(");
        for (size_t k = 0; k < params->n; k++) {
            if (params->items[k].type != PTS_J_STR ||
                !(e->params[k] = type_from_text(params->items[k].str)))
                return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: entry %s: bad parameter "
                                 "type", key);
            e->nparams = k + 1;
            if (!(e->param_text[k] = dup_str(params->items[k].str)))
                return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
            e->arg_slots += type_slots(e->params[k]);
            e->desc_words += type_desc_words(e->params[k]);
            if (k)
                append(e->signature, siglen, ", ");
            append(e->signature, siglen, params->items[k].str);
        }
        append(e->signature, siglen, ") -> ");
        append(e->signature, siglen, ret);
        /* the values of the Python arguments the entry was specialized on: not taken */
        const pts_json *consts = pts__json_get(j, "consts");
        if (consts && consts->type == PTS_J_ARR && consts->n) {
            char shown[256] = "  [";
            for (size_t k = 0; k < consts->n && k < 8; k++) {
                const char *cn = pts__json_str(&consts->items[k], "name");
                const pts_json *cv = pts__json_get(&consts->items[k], "value");
                char val[64] = "?";
                if (cv && cv->type == PTS_J_NUM)
                    snprintf(val, sizeof val, "%.17g", cv->num);
                else if (cv && cv->type == PTS_J_STR)
                    snprintf(val, sizeof val, "'%.40s'", cv->str);
                else if (cv && cv->type == PTS_J_BOOL)
                    snprintf(val, sizeof val, "%s", cv->b ? "True" : "False");
                else if (cv && cv->type == PTS_J_NULL)
                    snprintf(val, sizeof val, "None");
                size_t used = strlen(shown);
                snprintf(shown + used, sizeof shown - used, "%s%.40s=%s", k ? ", " : "",
                         cn ? cn : "?", val);
            }
            append(shown, sizeof shown, "]");
            size_t cap = strlen(e->signature) + strlen(shown) + 1;
            char *sig = realloc(e->signature, cap);
            if (!sig)
                return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
            e->signature = sig;
            append(e->signature, cap, shown);
        }
        if (!(e->ret = type_from_text(ret)))
            return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: entry %s: bad result type", key);
        e->result_slots = e->ret->code == T_NONE ? 0 : type_slots(e->ret);
        /* module-level lists, dicts and sets the code shares with Python: their state
           is held by a Python process that loads the archive (runtime/archive_call.py);
           libpts refuses the call (pts_call) rather than run it without them */
        const pts_json *sh = pts__json_get(j, "shared");
        e->shared = sh && sh->type == PTS_J_ARR && sh->n;
        /* a module's weights this entry takes after its arguments: indices into the
           model's weights, each with the tensor type the code was compiled for */
        const pts_json *ws = pts__json_get(j, "weights");
        const pts_json *wt = pts__json_get(j, "weight_types");
        if (ws) {
            if (ws->type != PTS_J_ARR || !wt || wt->type != PTS_J_ARR || wt->n != ws->n ||
                ws->n > 4096)
                return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: entry %s: bad weight list",
                                 key);
            e->weights = calloc(ws->n ? ws->n : 1, sizeof *e->weights);
            if (!e->weights)
                return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
            for (size_t k = 0; k < ws->n; k++) {
                const pts_json *w = &ws->items[k];
                if (w->type != PTS_J_NUM || !(w->num >= 0) || w->num >= (double)m->nweights ||
                    w->num != (double)(size_t)w->num || wt->items[k].type != PTS_J_STR)
                    return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: entry %s: bad weight "
                                     "index", key);
                size_t wi = (size_t)w->num;
                ptype *t = type_from_text(wt->items[k].str);
                int ok = t && t->code == T_TENSOR && t->dtype == (int)m->weights[wi].t.dtype &&
                         t->rank == m->weights[wi].t.rank;
                type_free(t);
                if (!ok)
                    return pts__fail(err, PTS_ERR_FORMAT, "manifest.json: entry %s: weight %s "
                                     "does not have the type its code takes", key,
                                     m->weights[wi].name);
                e->weights[k] = wi;
                e->nweights = k + 1;
            }
        }
        const img_entry *ie = NULL;
        for (uint32_t k = 0; k < img->nentries; k++)
            if (img->entries[k].len == strlen(symbol) &&
                memcmp(img->entries[k].name, symbol, img->entries[k].len) == 0)
                ie = &img->entries[k];
        if (!ie)
            return pts__fail(err, PTS_ERR_FORMAT, "entry %s is missing from the native image", key);
        uintptr_t b = (uintptr_t)m->base + (uintptr_t)ie->boxed;
        uintptr_t r = (uintptr_t)m->base + (uintptr_t)ie->release;
        memcpy(&e->boxed, &b, sizeof b);
        memcpy(&e->release, &r, sizeof r);
    }
    return PTS_OK;
}

static size_t default_stack_budget(void) {
    size_t budget = 4u << 20;
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur / 2 < budget)
        budget = (size_t)rl.rlim_cur / 2;
    return budget;
}

#ifdef HOST_CPU_TARGET
/* Can this machine run the host image of record `host`?  Its "path" must be a string and
 * its "requires" a list of at most MAX_REQUIRES strings naming features cpu.c knows and
 * this CPU has; else (untrusted input: a malformed record is not an error) `note` says why
 * not, as runtime/archive.py choose_image does. */
static int host_image_usable(const pts_json *host, char *note, size_t cap) {
    const pts_json *req = pts__json_get(host, "requires");
    if (!pts__json_str(host, "path")) {
        snprintf(note, cap, "the host image has no path");
        return 0;
    }
    if (!req || req->type != PTS_J_ARR || req->n > MAX_REQUIRES) {
        snprintf(note, cap, "the host image's feature list is not valid");
        return 0;
    }
    for (size_t i = 0; i < req->n; i++)
        if (req->items[i].type != PTS_J_STR) {
            snprintf(note, cap, "the host image's feature list is not valid");
            return 0;
        }
    pts_cpu cpu;
    pts__cpu_read(&cpu);
    size_t missing = 0;
    for (size_t i = 0; i < req->n; i++) {
        if (pts__cpu_check(&cpu, req->items[i].str))
            continue;
        size_t used = strlen(note);
        if (missing == 0)
            snprintf(note, cap, "the host image needs %.40s", req->items[i].str);
        else if (missing < 4)
            snprintf(note + used, cap - used, ", %.40s", req->items[i].str);
        else if (missing == 4)
            append(note, cap, ", ...");
        missing++;
    }
    if (missing)
        append(note, cap, ", which this CPU lacks");
    return missing == 0;
}
#endif

static pts_model *load_archive(const void *data, size_t size, int in_place, pts_error *err) {
    pts_model *m = calloc(1, sizeof *m);
    if (!m) {
        pts__fail(err, PTS_ERR_NOMEM, "out of memory");
        return NULL;
    }
    m->out = stdout;
    m->stack_budget = default_stack_budget();
    pts_zip z;
    pts_json_doc doc = {0};
    image img = {0};
    pts_status st = pts__zip_open(&z, data, size, err);
    if (st != PTS_OK) {
        free(m);
        return NULL;
    }
    const pts_zip_entry *man = pts__zip_find(&z, "manifest.json");
    if (!man) {
        st = pts__fail(err, PTS_ERR_FORMAT, "not a .pts archive: no manifest.json");
        goto done;
    }
    if (man->size > MAX_MANIFEST) {
        st = pts__fail(err, PTS_ERR_FORMAT, "manifest.json is too large");
        goto done;
    }
    if ((st = pts__json_parse(&doc, (const char *)z.data + man->offset, man->size, err)) != PTS_OK)
        goto done;
    if (doc.root->type != PTS_J_OBJ) {
        st = pts__fail(err, PTS_ERR_FORMAT, "manifest.json is not an object");
        goto done;
    }
    if ((st = check_version(m, doc.root, err)) != PTS_OK || (st = check_abi(m, doc.root, err)) != PTS_OK)
        goto done;
    const pts_json *images = pts__json_get(doc.root, "images");
    const char *path = NULL;
    snprintf(m->target, sizeof m->target, "%s", HOST_TARGET);
#ifdef HOST_CPU_TARGET
    const pts_json *host = pts__json_get(images, HOST_CPU_TARGET);
    if (host && host->type == PTS_J_OBJ && host_image_usable(host, m->image_note,
                                                              sizeof m->image_note)) {
        path = pts__json_str(host, "path");
        snprintf(m->target, sizeof m->target, "%s", HOST_CPU_TARGET);
    }
#endif
    if (!path)
        path = pts__json_str(pts__json_get(images, HOST_TARGET), "path");
    if (!path) {
        st = pts__fail(err, PTS_ERR_TARGET, "the archive has no native image for %s",
                       HOST_TARGET);
        goto done;
    }
    const pts_zip_entry *ie = pts__zip_find(&z, path);
    if (!ie) {
        st = pts__fail(err, PTS_ERR_FORMAT, "missing entry %.200s", path);
        goto done;
    }
    if ((st = map_image(m, z.data + ie->offset, ie->size, &img, err)) != PTS_OK)
        goto done;
    if ((st = load_weights(m, doc.root, &z, in_place, err)) != PTS_OK)
        goto done;
    /* ctx->imports is m->imports: its first nctx slots are the names the image gives for
       the context's table (codegen.IMPORTS, filled by name above) */
    st = load_entries(m, doc.root, &img, err);
done:
    free(img.entries);
    pts__json_free(&doc);
    pts__zip_close(&z);
    if (st != PTS_OK) {
        pts_free(m);
        return NULL;
    }
    return m;
}

pts_model *pts_load_memory(const void *data, size_t size, pts_error *err) {
    return load_archive(data, size, 0, err);
}

pts_model *pts_load_file(const char *path, pts_error *err) {
    /* a regular file is mapped copy-on-write: weights are used in place (in-place updates
       by scripted code stay private).  No MAP_POPULATE: on a writable private mapping it
       would copy every page; read faults map the page cache as it is */
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        pts__fail(err, PTS_ERR_IO, "cannot open %.400s", path);
        return NULL;
    }
    struct stat sb;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
        (uint64_t)sb.st_size < ((uint64_t)1 << 40)) {
        size_t size = (size_t)sb.st_size;
        void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
        close(fd);
        if (p == MAP_FAILED) {
            pts__fail(err, PTS_ERR_IO, "cannot map %.400s", path);
            return NULL;
        }
        pts_model *m = load_archive(p, size, 1, err);
        if (m && m->nweights) {
            m->file_map = p;             /* the weights point into it */
            m->file_size = size;
        } else {
            munmap(p, size);
        }
        return m;
    }
    close(fd);
    FILE *f = fopen(path, "rb");
    if (!f) {
        pts__fail(err, PTS_ERR_IO, "cannot open %.400s", path);
        return NULL;
    }
    unsigned char *buf;
    size_t len;
    if (pts__read_all(f, path, (size_t)1 << 34, &buf, &len, err) != PTS_OK)
        return NULL;
    pts_model *m = pts_load_memory(buf, len, err);
    free(buf);
    return m;
}

pts_status pts__read_all(FILE *f, const char *path, size_t max, unsigned char **out,
                         size_t *out_len, pts_error *err) {
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            return pts__fail(err, PTS_ERR_NOMEM, "out of memory reading %.400s", path);
        }
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap)
            break;
        if (cap * 2 > max) {
            free(buf);
            fclose(f);
            return pts__fail(err, PTS_ERR_IO, "%.400s is too large", path);
        }
        unsigned char *nb = realloc(buf, cap * 2);
        if (!nb)
            free(buf);
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return pts__fail(err, PTS_ERR_IO, "cannot read %.400s", path);
    }
    *out = buf;
    *out_len = len;
    return PTS_OK;
}

const char *pts_model_format(const pts_model *m) { return m->format; }
const char *pts_model_producer(const pts_model *m) { return m->producer; }
const char *pts_model_target(const pts_model *m) { return m->target; }
const char *pts_model_image_note(const pts_model *m) { return m->image_note; }
const char *pts_model_kind(const pts_model *m) { return m->kind; }
size_t pts_weight_count(const pts_model *m) { return m->nweights; }
const char *pts_weight_name(const pts_model *m, size_t i) { return i < m->nweights ? m->weights[i].name : NULL; }
const pts_tensor *pts_weight(const pts_model *m, size_t i) { return i < m->nweights ? &m->weights[i].t : NULL; }
pts_tensor *pts__weight_mut(pts_model *m, size_t i) { return i < m->nweights ? &m->weights[i].t : NULL; }
int pts__hyper_width(const pts_model *m) { return m->hyper_width; }

const char *pts_entry_param_type(const pts_model *m, size_t i, size_t k) {
    if (i >= m->nentries || k >= m->entries[i].nparams)
        return NULL;
    return m->entries[i].param_text[k];
}
void pts_set_output(pts_model *m, FILE *out) { m->out = out ? out : stdout; }
void pts_set_stack_budget(pts_model *m, size_t bytes) { m->stack_budget = bytes; }

size_t pts_entry_count(const pts_model *m) { return m->nentries; }
const char *pts_entry_name(const pts_model *m, size_t i) { return i < m->nentries ? m->entries[i].name : NULL; }
const char *pts_entry_key(const pts_model *m, size_t i) { return i < m->nentries ? m->entries[i].key : NULL; }
const char *pts_entry_signature(const pts_model *m, size_t i) { return i < m->nentries ? m->entries[i].signature : NULL; }
size_t pts_entry_arity(const pts_model *m, size_t i) { return i < m->nentries ? m->entries[i].nparams : 0; }

pts_kind pts_entry_param_kind(const pts_model *m, size_t i, size_t k) {
    if (i >= m->nentries || k >= m->entries[i].nparams)
        return PTS_NONE;
    return type_kind(m->entries[i].params[k]);
}

pts_kind pts_entry_result_kind(const pts_model *m, size_t i) {
    return i < m->nentries ? type_kind(m->entries[i].ret) : PTS_NONE;
}

/* ---- values ----------------------------------------------------------------------------- */

pts_value pts_none(void) { pts_value v; memset(&v, 0, sizeof v); v.kind = PTS_NONE; return v; }
pts_value pts_bool(int b) { pts_value v = pts_none(); v.kind = PTS_BOOL; v.u.b = b != 0; return v; }
pts_value pts_int(int64_t i) { pts_value v = pts_none(); v.kind = PTS_INT; v.u.i = i; return v; }
pts_value pts_float(double f) { pts_value v = pts_none(); v.kind = PTS_FLOAT; v.u.f = f; return v; }
pts_value pts_float32(float f) { pts_value v = pts_none(); v.kind = PTS_FLOAT32; v.u.f = f; return v; }
pts_value pts_int32(int32_t i) { pts_value v = pts_none(); v.kind = PTS_INT32; v.u.i = i; return v; }

pts_value pts_tuple(const pts_value *items, size_t n) {
    pts_value v = pts_none();
    v.kind = PTS_TUPLE;
    v.u.tuple.items = items;
    v.u.tuple.n = n;
    return v;
}

pts_value pts_list(pts_kind elem, const void *data, size_t n) {
    pts_value v = pts_none();
    v.kind = PTS_LIST;
    v.u.list.elem = elem;
    v.u.list.data = data;
    v.u.list.n = n;
    return v;
}

pts_value pts_tensor_value(const pts_tensor *t) {
    pts_value v = pts_none();
    v.kind = PTS_TENSOR;
    v.u.tensor = *t;
    return v;
}

/* Does a value of kind/shape v fit parameter type t?  exact: no conversions. */
static int value_fits(const pts_value *v, const ptype *t, int exact) {
    switch (t->code) {
    case T_OBJ: return !exact;           /* (found by its arity, refused by pts_call) */
    case T_I64: return v->kind == PTS_INT || (!exact && (v->kind == PTS_BOOL || v->kind == PTS_INT32));
    case T_F64:
        return v->kind == PTS_FLOAT || (!exact && (v->kind == PTS_INT || v->kind == PTS_BOOL ||
                                                   v->kind == PTS_FLOAT32 || v->kind == PTS_INT32));
    case T_I1: return v->kind == PTS_BOOL;
    case T_F32:
        return v->kind == PTS_FLOAT32 || (!exact && (v->kind == PTS_FLOAT || v->kind == PTS_INT ||
                                                     v->kind == PTS_BOOL));
    case T_I32:
        return v->kind == PTS_INT32 || (!exact && (v->kind == PTS_BOOL || (v->kind == PTS_INT &&
                                        v->u.i >= INT32_MIN && v->u.i <= INT32_MAX)));
    case T_NUMPY:
        if (v->kind == PTS_NUMPY)
            return (int)v->u.np.dtype == t->dtype;
        if (exact)
            return 0;
        if (t->dtype == PTS_DT_FLOAT16)
            return v->kind == PTS_FLOAT || v->kind == PTS_INT || v->kind == PTS_BOOL;
        return v->kind == PTS_BOOL || (v->kind == PTS_INT &&
               (t->dtype == PTS_DT_UINT64 ? v->u.i >= 0 : pts__wrap_int(t->dtype, v->u.i) == v->u.i));
    case T_NONE: return v->kind == PTS_NONE;
    case T_OPT: return v->kind == PTS_NONE || value_fits(v, t->elems[0], exact);
    case T_STR: return v->kind == PTS_STR && v->u.str != NULL;
    case T_TENSOR:
        return v->kind == PTS_TENSOR && (int)v->u.tensor.dtype == t->dtype &&
               v->u.tensor.rank == t->rank;
    case T_TUPLE:
        if (v->kind != PTS_TUPLE || v->u.tuple.n != t->n || (t->n && !v->u.tuple.items))
            return 0;
        for (size_t i = 0; i < t->n; i++)
            if (!value_fits(&v->u.tuple.items[i], t->elems[i], exact))
                return 0;
        return 1;
    case T_LIST: {
        if (t->vt)           /* a tuple finds the entry; pts_call names why C cannot pass it */
            return v->kind == PTS_TUPLE;
        if (v->kind != PTS_LIST)
            return 0;
        pts_kind want = type_kind(t->elems[0]), have = v->u.list.elem;
        if (have != PTS_BOOL && have != PTS_INT && have != PTS_FLOAT)
            return 0;
        return have == want || (v->u.list.n == 0) ||
               (!exact && want == PTS_FLOAT && have == PTS_INT);
    }
    default:
        return 0;
    }
}

long pts_find_entry(const pts_model *m, const char *name, const pts_value *args, size_t nargs) {
    for (int exact = 1; exact >= 0; exact--) {
        for (size_t i = 0; i < m->nentries; i++) {
            const entry *e = &m->entries[i];
            if (name && strcmp(name, e->name) != 0 && strcmp(name, e->key) != 0)
                continue;
            if (!args)
                return (long)i;
            if (e->nparams != nargs)
                continue;
            size_t k = 0;
            while (k < nargs && value_fits(&args[k], e->params[k], exact))
                k++;
            if (k == nargs)
                return (long)i;
        }
    }
    return -1;
}

/* ---- tensors ---------------------------------------------------------------------------- */

/* The one table of tensor dtypes (indexed by pts_dtype): the IR's name (ir/types.py), the
   numpy name, the item size and the .npy descr (runtime/c/npy.c reads and writes it). */
const pts__dtype_info pts__dtypes[PTS_NUM_DTYPES] = {
    [PTS_DT_BOOL] = {"i1", "bool", 1, "|b1"},
    [PTS_DT_INT32] = {"i32", "int32", 4, "<i4"},
    [PTS_DT_INT64] = {"i64", "int64", 8, "<i8"},
    [PTS_DT_FLOAT32] = {"f32", "float32", 4, "<f4"},
    [PTS_DT_FLOAT64] = {"f64", "float64", 8, "<f8"},
    [PTS_DT_INT8] = {"i8", "int8", 1, "|i1"},
    [PTS_DT_INT16] = {"i16", "int16", 2, "<i2"},
    [PTS_DT_UINT8] = {"u8", "uint8", 1, "|u1"},
    [PTS_DT_UINT16] = {"u16", "uint16", 2, "<u2"},
    [PTS_DT_UINT32] = {"u32", "uint32", 4, "<u4"},
    [PTS_DT_UINT64] = {"u64", "uint64", 8, "<u8"},
    [PTS_DT_FLOAT16] = {"f16", "float16", 2, "<f2"},
};

int64_t pts__wrap_int(pts_dtype dt, int64_t i) {
    switch (dt) {
    case PTS_DT_INT8: return (int8_t)i;
    case PTS_DT_INT16: return (int16_t)i;
    case PTS_DT_INT32: return (int32_t)i;
    case PTS_DT_UINT8: return (uint8_t)i;
    case PTS_DT_UINT16: return (uint16_t)i;
    case PTS_DT_UINT32: return (uint32_t)i;
    default: return i;
    }
}

pts_value pts_numpy_int(pts_dtype dtype, int64_t i) {
    pts_value v = pts_none();
    v.kind = PTS_NUMPY;
    v.u.np.dtype = dtype;
    v.u.np.i = pts__wrap_int(dtype, i);
    return v;
}

pts_value pts_numpy_float16(double f) {
    pts_value v = pts_none();
    v.kind = PTS_NUMPY;
    v.u.np.dtype = PTS_DT_FLOAT16;
    v.u.np.f = pts__half_to_double(pts__half_from_double(f));
    return v;
}

size_t pts_dtype_size(pts_dtype dt) {
    return (unsigned)dt < PTS_NUM_DTYPES ? pts__dtypes[dt].size : 0;
}

const char *pts_dtype_name(pts_dtype dt) {
    return (unsigned)dt < PTS_NUM_DTYPES ? pts__dtypes[dt].numpy : "?";
}

int64_t pts_tensor_numel(const pts_tensor *t) {
    int64_t n = 1;
    for (int32_t k = 0; k < t->rank && k < PTS_MAX_RANK; k++)
        n *= t->shape[k] > 0 ? t->shape[k] : 0;
    return n;
}

pts_tensor pts_tensor_make(void *data, pts_dtype dtype, int32_t rank, const int64_t *shape,
                           const int64_t *strides) {
    pts_tensor t;
    memset(&t, 0, sizeof t);
    t.data = data;
    t.dtype = dtype;
    t.rank = rank < 0 ? 0 : rank > PTS_MAX_RANK ? PTS_MAX_RANK : rank;
    int64_t acc = 1;
    for (int32_t k = t.rank - 1; k >= 0; k--) {
        t.shape[k] = shape[k];
        t.strides[k] = strides ? strides[k] : acc;
        acc *= shape[k] > 0 ? shape[k] : 1;
    }
    return t;
}

void pts__copy_strided(void *dst, const pts_tensor *src) {
    size_t item = pts_dtype_size(src->dtype);
    int64_t n = pts_tensor_numel(src);
    int32_t r = src->rank;
    int64_t acc = 1;
    int contiguous = 1;
    for (int32_t k = r - 1; k >= 0; k--) {
        if (src->shape[k] != 1 && src->strides[k] != acc)
            contiguous = 0;
        acc *= src->shape[k];
    }
    if (contiguous) {                   /* C order already (weights, state): one copy */
        if (n > 0)
            memcpy(dst, src->data, (size_t)n * item);
        return;
    }
    int64_t idx[PTS_MAX_RANK] = {0};
    int64_t off = 0;
    unsigned char *out = dst;
    const unsigned char *in = src->data;
    for (int64_t i = 0; i < n; i++) {
        memcpy(out + (size_t)i * item, in + off * (int64_t)item, item);
        for (int32_t k = r - 1; k >= 0; k--) {      /* odometer, last axis fastest */
            off += src->strides[k];
            if (++idx[k] < src->shape[k])
                break;
            off -= src->strides[k] * idx[k];
            idx[k] = 0;
        }
    }
}

/* ---- calls ------------------------------------------------------------------------------ */

typedef struct {
    int64_t *slots;       /* next argument slot */
    int64_t *desc;        /* next free descriptor words */
} cursor;

static pts_status box(pts_ctx *ctx, const pts_value *v, const ptype *t, cursor *c,
                      pts_error *err) {
    if (t->code == T_STR && v->kind == PTS_STR && v->u.str) {
        char *s = pts__str_new(ctx, v->u.str, strlen(v->u.str));     /* (freed by release) */
        if (!s)
            return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
        *c->slots++ = (int64_t)(uintptr_t)s;
        return PTS_OK;
    }
    if (!value_fits(v, t, 0)) {
        if (t->code == T_STR)
            return pts__fail(err, PTS_ERR_ARGUMENT, "expected a str argument");
        if (t->code == T_TENSOR && v->kind == PTS_TENSOR)
            return pts__fail(err, PTS_ERR_ARGUMENT, "expected a %d-d %s tensor, got a %d-d %s "
                             "tensor", t->rank, pts_dtype_name((pts_dtype)t->dtype),
                             (int)v->u.tensor.rank, pts_dtype_name(v->u.tensor.dtype));
        return pts__fail(err, PTS_ERR_ARGUMENT, "argument does not match the entry's "
                         "parameter type");
    }
    int64_t *slot = c->slots;
    switch (t->code) {
    case T_I64:
        *slot = v->kind == PTS_BOOL ? v->u.b : v->u.i;
        c->slots++;
        return PTS_OK;
    case T_F64: {
        double f = v->kind == PTS_FLOAT || v->kind == PTS_FLOAT32 ? v->u.f :
                   v->kind == PTS_BOOL ? (double)v->u.b : (double)v->u.i;
        memcpy(slot, &f, 8);
        c->slots++;
        return PTS_OK;
    }
    case T_F32: {                        /* the slot's low 4 bytes (little endian) */
        float f = (float)(v->kind == PTS_FLOAT || v->kind == PTS_FLOAT32 ? v->u.f :
                          v->kind == PTS_BOOL ? (double)v->u.b : (double)v->u.i);
        uint32_t bits;
        memcpy(&bits, &f, 4);
        *slot = (int64_t)bits;
        c->slots++;
        return PTS_OK;
    }
    case T_I32:
        *slot = v->kind == PTS_BOOL ? v->u.b : (int64_t)(int32_t)v->u.i;
        c->slots++;
        return PTS_OK;
    case T_NUMPY:
        if (t->dtype == PTS_DT_FLOAT16) {   /* the float32 of the nearest float16 */
            double d = v->kind == PTS_NUMPY ? v->u.np.f : v->kind == PTS_FLOAT ? v->u.f :
                       v->kind == PTS_BOOL ? (double)v->u.b : (double)v->u.i;
            float f = (float)pts__half_to_double(pts__half_from_double(d));
            uint32_t bits;
            memcpy(&bits, &f, 4);
            *slot = (int64_t)bits;
        } else {
            *slot = v->kind == PTS_NUMPY ? v->u.np.i : v->kind == PTS_BOOL ? v->u.b : v->u.i;
        }
        c->slots++;
        return PTS_OK;
    case T_I1:
        *slot = v->u.b != 0;
        c->slots++;
        return PTS_OK;
    case T_NONE:
        *slot = 0;
        c->slots++;
        return PTS_OK;
    case T_TENSOR: {
        const pts_tensor *x = &v->u.tensor;
        int64_t *d = c->desc;
        for (int32_t k = 0; k < x->rank; k++)
            if (x->shape[k] < 0)
                return pts__fail(err, PTS_ERR_ARGUMENT, "tensor argument with a negative size");
        if (!x->data && pts_tensor_numel(x) > 0)
            return pts__fail(err, PTS_ERR_ARGUMENT, "tensor argument without data");
        d[0] = (int64_t)(uintptr_t)x->data;
        d[1] = 0;                        /* borrowed: the caller owns the memory */
        for (int32_t k = 0; k < x->rank; k++) {
            d[2 + k] = x->shape[k];
            d[2 + x->rank + k] = x->strides[k];
        }
        c->desc += 2 + 2 * x->rank;
        *slot = (int64_t)(uintptr_t)d;
        c->slots++;
        return PTS_OK;
    }
    case T_TUPLE:
        for (size_t i = 0; i < t->n; i++) {
            pts_status st = box(ctx, &v->u.tuple.items[i], t->elems[i], c, err);
            if (st != PTS_OK)
                return st;
        }
        return PTS_OK;
    case T_OPT:                          /* the flag; the value, or zero slots for None */
        *slot = v->kind != PTS_NONE;
        c->slots++;
        if (v->kind != PTS_NONE)
            return box(ctx, v, t->elems[0], c, err);
        for (size_t i = 0; i < type_slots(t->elems[0]); i++)
            *c->slots++ = 0;             /* (a null descriptor: the code reads zeros) */
        return PTS_OK;
    case T_LIST: {
        pts_kind want = type_kind(t->elems[0]);
        size_t n = v->u.list.n, size = want == PTS_BOOL ? 1 : 8;
        size_t cap = n < 4 ? 4 : n;
        if (n > ((size_t)1 << 40))
            return pts__fail(err, PTS_ERR_ARGUMENT, "list argument too long");
        rt_list *l = malloc(sizeof *l);
        void *data = malloc(cap * size);
        if (!l || !data) {
            free(l);
            free(data);
            return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
        }
        const unsigned char *src = v->u.list.data;
        for (size_t i = 0; i < n; i++) {
            if (want == PTS_BOOL) {
                ((uint8_t *)data)[i] = src[i] != 0;
            } else if (want == PTS_INT || v->u.list.elem == PTS_FLOAT) {
                memcpy((unsigned char *)data + 8 * i, src + 8 * i, 8);
            } else {                            /* int list for a float list */
                int64_t x;
                memcpy(&x, src + 8 * i, 8);
                double f = (double)x;
                memcpy((unsigned char *)data + 8 * i, &f, 8);
            }
        }
        l->len = (int64_t)n;
        l->cap = (int64_t)cap;
        l->data = data;
        l->next = ctx->lists;
        ctx->lists = l;
        *slot = (int64_t)(uintptr_t)l;
        c->slots++;
        return PTS_OK;
    }
    default:
        return pts__fail(err, PTS_ERR_UNSUPPORTED, "unsupported parameter type");
    }
}

struct pts_result {
    pts_value value;
    void **blocks;                      /* tuple item arrays, list contents, tensor memory */
    size_t nblocks, cap;
};

static int adopt(pts_result *r, void *p) {
    if (r->nblocks == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 8;
        void **b = realloc(r->blocks, cap * sizeof *b);
        if (!b)
            return 0;
        r->blocks = b;
        r->cap = cap;
    }
    r->blocks[r->nblocks++] = p;
    return 1;
}

static void *keep(pts_result *r, size_t size) {
    void *p = calloc(1, size ? size : 1);
    if (p && !adopt(r, p)) {
        free(p);
        return NULL;
    }
    return p;
}

/* repr() of the value of type t in slots s[*pos...] (a dict's key or value: dicts.c) */
static void repr_slots(pts_buf *b, const ptype *t, const uint64_t *s, size_t *pos) {
    uint64_t raw = s[*pos];
    char tmp[32];
    switch (t->code) {
    case T_OPT:
        (*pos)++;
        if (raw) {
            repr_slots(b, t->elems[0], s, pos);
        } else {
            *pos += type_slots(t->elems[0]);
            pts__buf_puts(b, "None");
        }
        return;
    case T_TUPLE:
        pts__buf_puts(b, "(");
        for (size_t i = 0; i < t->n; i++) {
            if (i)
                pts__buf_puts(b, ", ");
            repr_slots(b, t->elems[i], s, pos);
        }
        pts__buf_puts(b, t->n == 1 ? ",)" : ")");
        return;
    case T_LIST: {
        const rt_list *l = (const rt_list *)(uintptr_t)raw;
        pts_value v = pts_list(type_kind(t->elems[0]), l ? l->data : NULL,
                               l && l->len > 0 ? (size_t)l->len : 0);
        pts__buf_value(b, &v);
        break;
    }
    case T_I64:
        snprintf(tmp, sizeof tmp, "%lld", (long long)raw);
        pts__buf_puts(b, tmp);
        break;
    case T_F64: {
        double f;
        memcpy(&f, &raw, 8);
        pts__buf_float(b, f);
        break;
    }
    case T_I1: pts__buf_puts(b, raw ? "True" : "False"); break;
    case T_NONE: pts__buf_puts(b, "None"); break;
    case T_STR: {
        const char *p = (const char *)(uintptr_t)raw;
        pts__buf_str_repr(b, p ? p : "", p ? (int64_t)strlen(p) : 0);
        break;
    }
    default: pts__buf_puts(b, "?");
    }
    (*pos)++;
}

/* repr() of a dict or set result: {k: v, ...} in insertion order; set() when empty */
static void repr_table(pts_buf *b, const ptype *t, const pts_dict *d) {
    int64_t i = d ? pts_dict_next(d, 0) : -1;
    if (t->code == T_SET && i < 0) {
        pts__buf_puts(b, "set()");
        return;
    }
    pts__buf_puts(b, "{");
    for (int first = 1; i >= 0; i = pts_dict_next(d, i + 1), first = 0) {
        const uint64_t *e = pts_dict_entry(d, i);
        size_t pos = 0;
        if (!first)
            pts__buf_puts(b, ", ");
        repr_slots(b, t->elems[0], e, &pos);
        if (t->code == T_DICT) {
            pts__buf_puts(b, ": ");
            repr_slots(b, t->elems[1], e, &pos);
        }
    }
    pts__buf_puts(b, "}");
}

static int unbox(pts_result *r, pts_value *out, const ptype *t, const int64_t *slots, size_t *pos) {
    int64_t raw = slots[*pos];
    switch (t->code) {
    case T_I64: *out = pts_int(raw); out->flags = t->np; (*pos)++; return 1;
    case T_I1: *out = pts_bool(raw != 0); out->flags = t->np; (*pos)++; return 1;
    case T_NONE: *out = pts_none(); (*pos)++; return 1;
    case T_OPT:
        (*pos)++;
        if (raw)
            return unbox(r, out, t->elems[0], slots, pos);
        *pos += type_slots(t->elems[0]);
        *out = pts_none();
        return 1;
    case T_F64: {
        double f;
        memcpy(&f, &raw, 8);
        *out = pts_float(f);
        out->flags = t->np;
        (*pos)++;
        return 1;
    }
    case T_F32: {
        uint32_t bits = (uint32_t)raw;
        float f;
        memcpy(&f, &bits, 4);
        *out = pts_float32(f);
        out->flags = PTS_FLAG_NUMPY;
        (*pos)++;
        return 1;
    }
    case T_I32:
        *out = pts_int32((int32_t)raw);
        out->flags = PTS_FLAG_NUMPY;
        (*pos)++;
        return 1;
    case T_NUMPY:
        if (t->dtype == PTS_DT_FLOAT16) {
            uint32_t bits = (uint32_t)raw;
            float f;
            memcpy(&f, &bits, 4);
            *out = pts_numpy_float16(f);
        } else {
            *out = pts_numpy_int((pts_dtype)t->dtype, raw);
        }
        out->flags = PTS_FLAG_NUMPY;
        (*pos)++;
        return 1;
    case T_TUPLE: {
        pts_value *items = keep(r, t->n * sizeof *items);
        if (!items)
            return 0;
        for (size_t i = 0; i < t->n; i++)
            if (!unbox(r, &items[i], t->elems[i], slots, pos))
                return 0;
        *out = pts_tuple(items, t->n);
        return 1;
    }
    case T_LIST: {
        const rt_list *l = (const rt_list *)(uintptr_t)raw;
        pts_kind elem = type_kind(t->elems[0]);
        size_t n = l && l->len > 0 ? (size_t)l->len : 0, size = elem == PTS_BOOL ? 1 : 8;
        void *data = keep(r, n * size);
        if (!data)
            return 0;
        if (n)
            memcpy(data, l->data, n * size);
        for (size_t i = 0; elem == PTS_STR && i < n; i++) {   /* the strings die with the call */
            const char **items = data, *s = items[i];
            size_t len = s ? strlen(s) : 0;
            char *copy = keep(r, len + 1);
            if (!copy)
                return 0;
            if (len)
                memcpy(copy, s, len);
            copy[len] = 0;
            items[i] = copy;
        }
        *out = pts_list(elem, data, n);
        (*pos)++;
        return 1;
    }
    case T_DICT:
    case T_SET: {                        /* its repr, made now: the table dies with the call */
        pts_buf b = {0};
        repr_table(&b, t, (const pts_dict *)(uintptr_t)raw);
        char *copy = b.failed ? NULL : keep(r, b.len + 1);
        if (copy) {
            if (b.len)
                memcpy(copy, b.p, b.len);
            copy[b.len] = 0;
        }
        free(b.p);
        if (!copy)
            return 0;
        out->kind = t->code == T_DICT ? PTS_DICT : PTS_SET;
        out->u.str = copy;
        (*pos)++;
        return 1;
    }
    case T_STR: {
        const char *s = (const char *)(uintptr_t)raw;
        size_t n = s ? strlen(s) : 0;
        char *copy = keep(r, n + 1);
        if (!copy)
            return 0;
        if (n)
            memcpy(copy, s, n);
        out->kind = PTS_STR;
        out->u.str = copy;
        (*pos)++;
        return 1;
    }
    case T_TENSOR: {
        /* the slot points at a descriptor {data, owner, shape, strides} in the call's arena;
           owner is the arena header of the data's allocation (codegen LIST_T layout), which
           the result takes over: release() then frees only a two-block header (images
           compiled before tensor_abi put header and data in one block) */
        const int64_t *d = (const int64_t *)(uintptr_t)raw;
        pts_tensor x;
        memset(&x, 0, sizeof x);
        x.data = (void *)(uintptr_t)d[0];
        x.dtype = (pts_dtype)t->dtype;
        x.rank = t->rank;
        for (int32_t k = 0; k < t->rank; k++) {
            x.shape[k] = d[2 + k];
            x.strides[k] = d[2 + t->rank + k];
        }
        rt_list *owner = (rt_list *)(uintptr_t)d[1];
        if (owner) {
            void *block = owner->data;              /* NULL: taken by an earlier result */
            if (block) {
                if (!adopt(r, block))
                    return 0;
                owner->data = NULL;
                if (block == (void *)owner) {
                    /* one block, header and data (backend/tensor_abi.py): it leaves the
                       arena's chain, as tensor.free unlinks a header (through pprev) */
                    int64_t *h = (int64_t *)owner, *next = (int64_t *)(uintptr_t)h[3];
                    void **pprev = (void **)(uintptr_t)h[4];
                    *pprev = next;
                    if (next != NULL && next[0] < 0)
                        next[4] = (int64_t)(uintptr_t)pprev;
                }
            }
            x.owner = owner;                        /* not NULL: owned by the result */
        } else {                                    /* a view of an argument or a weight */
            size_t item = pts_dtype_size(x.dtype);
            void *copy = keep(r, (size_t)pts_tensor_numel(&x) * item);
            if (!copy)
                return 0;
            pts__copy_strided(copy, &x);
            pts_tensor c = pts_tensor_make(copy, x.dtype, x.rank, x.shape, NULL);
            c.owner = copy;
            x = c;
        }
        *out = pts_tensor_value(&x);
        (*pos)++;
        return 1;
    }
    default:
        *out = pts_none();
        (*pos)++;
        return 1;
    }
}

void pts_result_free(pts_result *r) {
    if (!r)
        return;
    for (size_t i = 0; i < r->nblocks; i++)
        pts_block_free(r->blocks[i]);     /* the image's malloc made them (blocks.h) */
    free(r->blocks);
    free(r);
}

const pts_value *pts_result_value(const pts_result *r) { return &r->value; }

static void runtime_error(const pts_model *m, const pts_ctx *ctx, int32_t status, pts_error *err) {
    if (!err)
        return;
    memset(err, 0, sizeof *err);
    err->status = PTS_ERR_RUNTIME;
    const char *kind = "RuntimeError";
    if (status >= 1 && (size_t)status <= m->nexceptions)
        kind = m->exceptions[status - 1];
    else if (m->nexceptions == 0 && status >= 1 &&
             (size_t)status <= sizeof DEFAULT_EXCEPTIONS / sizeof *DEFAULT_EXCEPTIONS)
        kind = DEFAULT_EXCEPTIONS[status - 1];
    for (size_t i = 0; i < m->nuser; i++)
        if (m->user_codes[i] == status)
            kind = m->user_names[i];
    snprintf(err->kind, sizeof err->kind, "%s", kind);
    snprintf(err->message, sizeof err->message, "%s", ctx->msg ? ctx->msg : "");
    snprintf(err->file, sizeof err->file, "%s", ctx->file ? ctx->file : "<unknown>");
    err->line = ctx->line;
    err->col = ctx->col;
    const char *func = ctx->func ? ctx->func : "";
    /* archives rename signature k's functions "s<k>.<name>": show the user's name */
    if (func[0] == 's' && func[1] >= '0' && func[1] <= '9') {
        const char *p = func + 1;
        while (*p >= '0' && *p <= '9')
            p++;
        if (*p == '.')
            func = p + 1;
    }
    snprintf(err->function, sizeof err->function, "%s", func);
}

#define SMALL_SLOTS 32

/* Can a value of type t cross the C API?  pts_value lists hold bools, ints, floats or
   strings: a list of lists, tuples, Optionals or arrays (fine inside the scripted code)
   cannot be an argument or a result from C. */
static int has_object(const ptype *t) {
    if (t->code == T_OBJ)
        return 1;
    for (size_t i = 0; i < t->n; i++)
        if (has_object(t->elems[i]))
            return 1;
    return 0;
}

static int c_crossable(const ptype *t) {
    if (t->code == T_LIST) {
        if (t->vt)                   /* (a tuple of run-time length: no pts_value spells it) */
            return 0;
        int e = t->elems[0]->code;
        return e == T_I64 || e == T_F64 || e == T_I1 || e == T_STR;
    }
    if (t->code == T_TUPLE || t->code == T_OPT)
        for (size_t i = 0; i < (t->code == T_OPT ? 1 : t->n); i++)
            if (!c_crossable(t->elems[i]))
                return 0;
    return 1;
}

pts_status pts_call(pts_model *m, size_t index, const pts_value *args, size_t nargs,
                    pts_result **out, pts_error *err) {
    if (m && index < m->nentries) {
        const entry *ce = &m->entries[index];
        if (ce->shared)
            return pts__fail(err, PTS_ERR_UNSUPPORTED, "%s: the function shares module-level "
                             "state with Python (lists, dicts, sets, names it rebinds with "
                             "'global', the random generators), which libpts does not hold "
                             "yet: run the archive from Python (pts.load)", ce->key);
        int objects = ce->ret && has_object(ce->ret);
        for (size_t i = 0; i < ce->nparams; i++)
            objects |= has_object(ce->params[i]);
        if (objects)
            return pts__fail(err, PTS_ERR_UNSUPPORTED, "%s: takes or returns objects of user "
                             "classes, which libpts does not pass: run the archive from Python "
                             "(pts.load)", ce->key);
        int ok = !ce->ret || c_crossable(ce->ret);
        for (size_t i = 0; ok && i < ce->nparams; i++)
            ok = c_crossable(ce->params[i]);
        if (!ok)
            return pts__fail(err, PTS_ERR_UNSUPPORTED, "%s: libpts passes lists of bools, ints, "
                             "floats and strings only (not lists of lists, tuples, Optionals or "
                             "arrays, nor tuples of run-time length): run the archive from "
                             "Python", ce->key);
    }
    if (out)
        *out = NULL;
    if (!m || index >= m->nentries)
        return pts__fail(err, PTS_ERR_ARGUMENT, "no entry %zu", index);
    const entry *e = &m->entries[index];
    if (nargs != e->nparams || (nargs && !args))
        return pts__fail(err, PTS_ERR_ARGUMENT, "%s takes %zu argument%s, %zu given", e->key,
                         e->nparams, e->nparams == 1 ? "" : "s", nargs);
    /* argument slots, weight slots, result slots, then the argument descriptors; small
       calls use the stack */
    size_t nslots = e->arg_slots + e->nweights + e->result_slots + 2 + e->desc_words;
    int64_t small[SMALL_SLOTS];
    int64_t *slots = nslots <= SMALL_SLOTS ? small : calloc(nslots, sizeof *slots);
    pts_result *r = calloc(1, sizeof *r);
    if (!slots || !r) {
        if (slots != small)
            free(slots);
        free(r);
        return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
    }
    if (slots == small)
        memset(small, 0, nslots * sizeof *small);
    int64_t *results = slots + e->arg_slots + e->nweights + 1;
    pts_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.imports = m->imports;
    ctx.out = m->out;
    ctx.stack_limit = (int64_t)m->stack_budget;
    pts_status st = PTS_OK;
    cursor c = {slots, results + e->result_slots + 1};
    for (size_t i = 0; i < nargs && st == PTS_OK; i++)
        st = box(&ctx, &args[i], e->params[i], &c, err);
    for (size_t k = 0; k < e->nweights; k++)
        *c.slots++ = (int64_t)(uintptr_t)m->weights[e->weights[k]].desc;
    if (st == PTS_OK) {
        int32_t status = e->boxed(&ctx, slots, results);
        if (status != 0) {
            runtime_error(m, &ctx, status, err);
            st = PTS_ERR_RUNTIME;
        } else if (e->ret->code == T_NONE) {
            r->value = pts_none();
        } else {
            size_t pos = 0;
            if (!unbox(r, &r->value, e->ret, results, &pos))
                st = pts__fail(err, PTS_ERR_NOMEM, "out of memory");
        }
    }
    if (ctx.lists)
        e->release(&ctx);      /* every list and tensor of the call, the arguments' too */
    if (ctx.out != stdout || st != PTS_OK)
        fflush(m->out);
    if (slots != small)
        free(slots);
    if (st != PTS_OK || !out) {
        pts_result_free(r);
        return st;
    }
    *out = r;
    return PTS_OK;
}
