/* pts-run — run an entry of a .pts archive from the shell.
 *
 *     pts-run MODEL.pts [--entry NAME] [ARG ...] [--out DIR]
 *     pts-run MODEL.pts --list
 *
 * Each ARG is a Python literal: an int, a float (also inf, nan), True, False, None, or a
 * tuple / list of those ("(1, 2.5)", "[1, 2, 3]").  The entry is chosen by NAME (a function
 * name or an entry key as --list prints it) and by the types of the arguments.  The result
 * is printed as Python's print() would (nothing for None).  Exit status: 0 on success, 1 if
 * the scripted code raised (its exception, message and file:line go to stderr, like a
 * Python traceback), 2 for any other error.  --out DIR is where tensor results will be
 * written as .npy files (archives of tensor code are not supported yet).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pts.h"

#define MAX_VALUES 4096

typedef struct {
    pts_value values[MAX_VALUES];      /* tuple items (arguments live in args[]) */
    size_t nvalues;
    void *lists[256];                  /* list element arrays */
    size_t nlists;
} pool;

static int die(const char *msg, const char *detail) {
    fprintf(stderr, "pts-run: error: %s%s%s\n", msg, detail ? ": " : "", detail ? detail : "");
    return 2;
}

static void skip(const char **s) { while (**s == ' ' || **s == '\t' || **s == '\n') (*s)++; }

static int parse_value(const char **s, pts_value *out, pool *pl, int depth);

static int parse_scalar(const char **s, pts_value *out) {
    static const struct { const char *word; int kind; int value; } words[] = {
        {"True", PTS_BOOL, 1}, {"False", PTS_BOOL, 0}, {"None", PTS_NONE, 0}};
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(words[i].word);
        if (strncmp(*s, words[i].word, n) == 0) {
            *s += n;
            *out = words[i].kind == PTS_BOOL ? pts_bool(words[i].value) : pts_none();
            return 1;
        }
    }
    const char *start = *s;
    size_t n = strcspn(start, ",)] \t\n");
    if (n == 0 || n > 400)
        return 0;
    char tmp[512];
    memcpy(tmp, start, n);
    tmp[n] = 0;
    char *end;
    errno = 0;
    long long i = strtoll(tmp, &end, 10);
    if (*end == 0 && end != tmp) {
        if (errno == ERANGE)
            return 0;
        *out = pts_int((int64_t)i);
        *s += n;
        return 1;
    }
    double f = strtod(tmp, &end);
    if (*end == 0 && end != tmp && !(tmp[0] == '0' && (tmp[1] == 'x' || tmp[1] == 'X'))) {
        *out = pts_float(f);
        *s += n;
        return 1;
    }
    return 0;
}

static int parse_value(const char **s, pts_value *out, pool *pl, int depth) {
    skip(s);
    if (depth > 16)
        return 0;
    char open = **s;
    if (open != '(' && open != '[')
        return parse_scalar(s, out);
    char close = open == '(' ? ')' : ']';
    (*s)++;
    pts_value items[256];
    size_t n = 0;
    int trailing_comma = 0;
    skip(s);
    while (**s != close) {
        if (n == 256 || !parse_value(s, &items[n++], pl, depth + 1))
            return 0;
        skip(s);
        trailing_comma = 0;
        if (**s == ',') {
            (*s)++;
            trailing_comma = 1;
            skip(s);
        } else if (**s != close) {
            return 0;
        }
    }
    (*s)++;
    if (open == '(') {
        if (n == 1 && !trailing_comma) {          /* (x) is x */
            *out = items[0];
            return 1;
        }
        if (pl->nvalues + n > MAX_VALUES)
            return 0;
        pts_value *dst = pl->values + pl->nvalues;
        memcpy(dst, items, n * sizeof *items);
        pl->nvalues += n;
        *out = pts_tuple(dst, n);
        return 1;
    }
    /* a list: bools, ints or floats (ints and floats make a float list, as in pts) */
    pts_kind elem = PTS_INT;
    int any_float = 0, any_int = 0, any_bool = 0;
    for (size_t i = 0; i < n; i++) {
        if (items[i].kind == PTS_FLOAT) any_float = 1;
        else if (items[i].kind == PTS_INT) any_int = 1;
        else if (items[i].kind == PTS_BOOL) any_bool = 1;
        else return 0;
    }
    if (any_bool && (any_int || any_float))
        return 0;
    elem = any_float ? PTS_FLOAT : any_bool ? PTS_BOOL : PTS_INT;
    if (pl->nlists == 256)
        return 0;
    unsigned char *data = calloc(n ? n : 1, 8);
    if (!data)
        return 0;
    pl->lists[pl->nlists++] = data;
    for (size_t i = 0; i < n; i++) {
        if (elem == PTS_BOOL) {
            data[i] = (unsigned char)items[i].u.b;
        } else if (elem == PTS_FLOAT) {
            double f = items[i].kind == PTS_FLOAT ? items[i].u.f : (double)items[i].u.i;
            memcpy(data + 8 * i, &f, 8);
        } else {
            memcpy(data + 8 * i, &items[i].u.i, 8);
        }
    }
    *out = pts_list(elem, data, n);
    return 1;
}

static void usage(void) {
    fprintf(stderr, "usage: pts-run MODEL.pts [--entry NAME] [ARG ...] [--out DIR]\n"
                    "       pts-run MODEL.pts --list\n");
}

int main(int argc, char **argv) {
    const char *model = NULL, *entry_name = NULL, *out_dir = NULL;
    int list = 0;
    static pts_value args[256];
    static pool pl;
    size_t nargs = 0;
    int only_args = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_args && strcmp(a, "--") == 0) {
            only_args = 1;
        } else if (!only_args && strcmp(a, "--list") == 0) {
            list = 1;
        } else if (!only_args && strcmp(a, "--entry") == 0) {
            if (++i == argc) { usage(); return 2; }
            entry_name = argv[i];
        } else if (!only_args && strcmp(a, "--out") == 0) {
            if (++i == argc) { usage(); return 2; }
            out_dir = argv[i];
        } else if (!only_args && (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)) {
            usage();
            return 0;
        } else if (!model) {
            model = a;
        } else {
            const char *s = a;
            if (nargs == 256)
                return die("too many arguments", NULL);
            if (!parse_value(&s, &args[nargs], &pl, 0) || (skip(&s), *s != 0))
                return die("argument is not a literal (int, float, True, False, None, tuple, "
                           "list)", a);
            nargs++;
        }
    }
    (void)out_dir;
    if (!model) {
        usage();
        return 2;
    }
    pts_error err;
    pts_model *m = pts_load_file(model, &err);
    int rc = 0;
    if (!m) {
        fprintf(stderr, "pts-run: %s: %s\n", model, err.message);
        rc = 2;
        goto done;
    }
    if (list) {
        printf("format %s, %s, image %s\n", pts_model_format(m), pts_model_producer(m),
               pts_model_target(m));
        for (size_t i = 0; i < pts_entry_count(m); i++)
            printf("%s  %s\n", pts_entry_name(m, i), pts_entry_signature(m, i));
        goto done;
    }
    long e = pts_find_entry(m, entry_name, args, nargs);
    if (e < 0) {
        fprintf(stderr, "pts-run: error: no entry%s%s takes these %zu argument%s; the entries are:\n",
                entry_name ? " named " : "", entry_name ? entry_name : "", nargs,
                nargs == 1 ? "" : "s");
        for (size_t i = 0; i < pts_entry_count(m); i++)
            fprintf(stderr, "  %s  %s\n", pts_entry_name(m, i), pts_entry_signature(m, i));
        rc = 2;
        goto done;
    }
    pts_result *r;
    pts_status st = pts_call(m, (size_t)e, args, nargs, &r, &err);
    if (st == PTS_ERR_RUNTIME) {
        fflush(stdout);
        fprintf(stderr, "Traceback (most recent call last):\n  File \"%s\", line %lld, in %s\n"
                        "%s%s%s\n", err.file, (long long)err.line, err.function, err.kind,
                err.message[0] ? ": " : "", err.message);
        rc = 1;
        goto done;
    }
    if (st != PTS_OK) {
        fprintf(stderr, "pts-run: error: %s\n", err.message);
        rc = 2;
        goto done;
    }
    const pts_value *v = pts_result_value(r);
    if (v->kind != PTS_NONE) {
        pts_print_value(stdout, v);
        fputc('\n', stdout);
    }
    pts_result_free(r);
    if (fflush(stdout) != 0)
        rc = 2;
done:
    pts_free(m);
    for (size_t i = 0; i < pl.nlists; i++)
        free(pl.lists[i]);
    return rc;
}
