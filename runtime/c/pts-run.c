/* pts-run — run an entry of a .pts archive from the shell.
 *
 *     pts-run MODEL.pts [--entry NAME] [ARG ...] [--out DIR] [--threads N] [--bench N]
 *     pts-run MODEL.pts --list
 *
 * Each ARG is a Python literal — an int, a float (also inf, nan), True, False, None, or a
 * tuple / list of those ("(1, 2.5)", "[1, 2, 3]") — or the path of a .npy file (a tensor
 * argument: NumPy format 1.0-3.0, little-endian bool/int32/int64/float32/float64, C or
 * Fortran order).  The entry is chosen by NAME (a function or method name, or an entry
 * key as --list prints it) and by the types of the arguments; a module archive's entries
 * get the model's weights from the archive itself.  The result is printed as Python's
 * print() would (nothing for None); tensors in it are written to DIR (--out, required
 * then) as result.npy, or result_0.npy, result_1_0.npy, ... by their place in a tuple,
 * and printed as those paths.  Exit status: 0 on success, 1 if the scripted code raised
 * (its exception, message and file:line go to stderr, like a Python traceback), 2 for any
 * other error.  --threads N is how many threads parallel kernels use (default:
 * $PTS_NUM_THREADS, else the number of CPUs).
 *
 * --list prints the archive's format, the image this machine runs (the host image, when
 * the archive has one and this CPU has every feature it requires, else the baseline, with
 * the reason) and every entry's signature.
 *
 * --bench N: load the archive 10 times and call the entry N times, then print the load
 * time (best and median) and the time per call, measured here in C (no output of the
 * result).
 *
 * Training steps (archives of pts.save(pts.train_step(...))):
 *
 *     pts-run STEP.pts --steps N BATCH... [--load-state DIR] [--save-state DIR] [--lr LR]
 *
 * runs N steps on the batch (the arguments as above: .npy files or literals), printing
 * each step's loss on a line of its own as Python's repr() prints the float (every bit
 * of it: float(line) is the loss); --load-state first reads the state from DIR/<name>.npy
 * (as --save-state wrote it), --lr sets the learning rate, and --save-state writes the
 * state after the last step.  A failed step stops the run (exit status 1) with the state
 * as it was before that step, and saves nothing.
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pts.h"

#define MAX_VALUES 4096

typedef struct {
    pts_value values[MAX_VALUES];      /* tuple items (arguments live in args[]) */
    size_t nvalues;
    void *lists[256];                  /* list element arrays */
    size_t nlists;
    pts_tensor tensors[256];           /* .npy arguments */
    size_t ntensors;
} pool;

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

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
    if (**s == '\'' || **s == '"') {
        /* a str: 'text' or "text", no escapes; the argument's own bytes, cut at the quote */
        char *close = strchr(*s + 1, **s);
        if (!close)
            return 0;
        out->kind = PTS_STR;
        out->flags = 0;
        out->u.str = *s + 1;
        *s = close + 1;
        *close = 0;
        return 1;
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
    fprintf(stderr, "usage: pts-run MODEL.pts [--entry NAME] [ARG ...] [--out DIR] "
                    "[--threads N] [--bench N]\n"
                    "       pts-run MODEL.pts --list\n"
                    "       pts-run STEP.pts --steps N BATCH... [--load-state DIR] "
                    "[--save-state DIR] [--lr LR]\n"
                    "ARG: a Python literal (3, 2.5, True, 'text', (1, 2.0), [1, 2]) or a .npy file\n");
}

/* v with every tensor written to DIR/<name>.npy and replaced by that path (a string) */
static int show(const pts_value *v, pts_value *out, pts_value *pool_values, size_t *nvalues,
                char (*paths)[512], size_t *npaths, const char *dir, const char *name,
                pts_error *err) {
    if (v->kind == PTS_TENSOR) {
        if (!dir) {
            snprintf(err->message, sizeof err->message, "the result holds tensors: give "
                     "--out DIR to write them as .npy files");
            return 0;
        }
        if (*npaths == 256) {
            snprintf(err->message, sizeof err->message, "too many tensors in the result");
            return 0;
        }
        char *path = paths[(*npaths)++];
        snprintf(path, 512, "%.400s/%.100s.npy", dir, name);
        if (pts_npy_write(path, &v->u.tensor, err) != PTS_OK)
            return 0;
        *out = pts_none();
        out->kind = PTS_STR;
        out->u.str = path;
        return 1;
    }
    if (v->kind != PTS_TUPLE) {
        *out = *v;
        return 1;
    }
    size_t n = v->u.tuple.n;
    if (*nvalues + n > MAX_VALUES) {
        snprintf(err->message, sizeof err->message, "result too large");
        return 0;
    }
    pts_value *items = pool_values + *nvalues;
    *nvalues += n;
    for (size_t i = 0; i < n; i++) {
        char sub[128];
        snprintf(sub, sizeof sub, "%.100s_%zu", name, i);
        if (!show(&v->u.tuple.items[i], &items[i], pool_values, nvalues, paths, npaths, dir,
                  sub, err))
            return 0;
    }
    *out = pts_tuple(items, n);
    return 1;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int run_bench(const char *path, pts_model *m, size_t e, const pts_value *args,
                     size_t nargs, long n) {
    double loads[10];
    pts_error err;
    for (int i = 0; i < 10; i++) {
        double t0 = now();
        pts_model *again = pts_load_file(path, &err);
        loads[i] = now() - t0;
        if (!again) {
            fprintf(stderr, "pts-run: %s: %s\n", path, err.message);
            return 2;
        }
        pts_free(again);
    }
    qsort(loads, 10, sizeof *loads, by_value);
    pts_result *r;
    if (pts_call(m, e, args, nargs, &r, &err) != PTS_OK) {       /* warm up, and check */
        fprintf(stderr, "pts-run: error: %s\n", err.message);
        return err.status == PTS_ERR_RUNTIME ? 1 : 2;
    }
    pts_result_free(r);
    double t0 = now();
    for (long i = 0; i < n; i++) {
        if (pts_call(m, e, args, nargs, &r, &err) != PTS_OK)
            return 1;
        pts_result_free(r);
    }
    double per = (now() - t0) / (double)n;
    printf("load_ms_best %.3f\nload_ms_median %.3f\ncall_us %.4f\ncalls %ld\n",
           loads[0] * 1e3, (loads[4] + loads[5]) * 0.5e3, per * 1e6, n);
    return 0;
}

static void traceback(const pts_error *err) {
    fflush(stdout);
    fprintf(stderr, "Traceback (most recent call last):\n  File \"%s\", line %lld, in %s\n"
                    "%s%s%s\n", err->file, (long long)err->line, err->function, err->kind,
            err->message[0] ? ": " : "", err->message);
}

/* --steps: N training steps on the batch, a loss per line; the state loaded and saved */
static int run_steps(pts_model *m, const pts_value *batch, size_t nbatch, long steps,
                     const char *load_dir, const char *save_dir, const char *lr) {
    pts_error err;
    pts_train *t = pts_train_open(m, &err);
    if (!t) {
        fprintf(stderr, "pts-run: error: %s\n", err.message);
        return 2;
    }
    int rc = 0;
    if (load_dir && pts_train_load_state(t, load_dir, &err) != PTS_OK) {
        fprintf(stderr, "pts-run: error: --load-state: %s\n", err.message);
        rc = 2;
    }
    if (rc == 0 && lr) {
        char *end;
        double v = strtod(lr, &end);
        if (*end || end == lr) {
            fprintf(stderr, "pts-run: error: --lr needs a number: %s\n", lr);
            rc = 2;
        } else if (pts_train_set_lr(t, v, &err) != PTS_OK) {
            fprintf(stderr, "pts-run: error: %s\n", err.message);
            rc = 2;
        }
    }
    for (long i = 0; i < steps && rc == 0; i++) {
        double loss;
        pts_status st = pts_train_step(t, batch, nbatch, &loss, &err);
        if (st == PTS_ERR_RUNTIME) {
            traceback(&err);
            rc = 1;
        } else if (st != PTS_OK) {
            fprintf(stderr, "pts-run: error: step %ld: %s\n", i + 1, err.message);
            rc = 2;
        } else {
            char buf[64];
            pts_format_float(loss, buf, sizeof buf);
            puts(buf);
        }
    }
    if (rc == 0 && save_dir && pts_train_save_state(t, save_dir, &err) != PTS_OK) {
        fprintf(stderr, "pts-run: error: --save-state: %s\n", err.message);
        rc = 2;
    }
    pts_train_free(t);
    if (fflush(stdout) != 0 && rc == 0)
        rc = 2;
    return rc;
}

int main(int argc, char **argv) {
    const char *model = NULL, *entry_name = NULL, *out_dir = NULL;
    const char *save_state = NULL, *load_state = NULL, *lr = NULL;
    int list = 0, rc = 0;
    long bench = 0, steps = -1;
    pts_model *m = NULL;
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
        } else if (!only_args && strcmp(a, "--threads") == 0) {
            if (++i == argc) { usage(); return 2; }
            char *end;
            long n = strtol(argv[i], &end, 10);
            if (*end != 0 || end == argv[i] || n < 1 || n > 1024)
                return die("--threads takes a number of threads from 1 to 1024", argv[i]);
            pts_set_num_threads((int)n);
        } else if (!only_args && strcmp(a, "--steps") == 0) {
            if (++i == argc) { usage(); return 2; }
            char *end;
            steps = strtol(argv[i], &end, 10);
            if (*end || end == argv[i] || steps < 0)
                return die("--steps needs a count", argv[i]);
        } else if (!only_args && (strcmp(a, "--save-state") == 0 ||
                                  strcmp(a, "--load-state") == 0 || strcmp(a, "--lr") == 0)) {
            if (++i == argc) { usage(); return 2; }
            if (strcmp(a, "--save-state") == 0)
                save_state = argv[i];
            else if (strcmp(a, "--load-state") == 0)
                load_state = argv[i];
            else
                lr = argv[i];
        } else if (!only_args && strcmp(a, "--bench") == 0) {
            if (++i == argc) { usage(); return 2; }
            char *end;
            bench = strtol(argv[i], &end, 10);
            if (*end || bench <= 0)
                return die("--bench needs a positive count", argv[i]);
        } else if (!model) {
            model = a;
        } else if (ends_with(a, ".npy")) {
            if (nargs == 256 || pl.ntensors == 256)
                return die("too many arguments", NULL);
            pts_error err;
            pts_tensor *t = &pl.tensors[pl.ntensors];
            if (pts_npy_read(a, t, &err) != PTS_OK) {
                fprintf(stderr, "pts-run: error: %s\n", err.message);
                rc = 2;
                goto done;
            }
            pl.ntensors++;
            args[nargs++] = pts_tensor_value(t);
        } else {
            const char *s = a;
            if (nargs == 256)
                return die("too many arguments", NULL);
            if (!parse_value(&s, &args[nargs], &pl, 0) || (skip(&s), *s != 0))
                return die("argument is not a literal (int, float, True, False, None, 'str', tuple, "
                           "list)", a);
            nargs++;
        }
    }
    if (!model) {
        usage();
        rc = 2;
        goto done;
    }
    pts_error err;
    m = pts_load_file(model, &err);
    if (!m) {
        fprintf(stderr, "pts-run: %s: %s\n", model, err.message);
        rc = 2;
        goto done;
    }
    if (list) {
        const char *note = pts_model_image_note(m);
        printf("format %s, %s, image %s%s%s%s\n", pts_model_format(m), pts_model_producer(m),
               pts_model_target(m), *note ? " (" : "", note, *note ? ")" : "");
        for (size_t i = 0; i < pts_entry_count(m); i++)
            printf("%s  %s\n", pts_entry_name(m, i), pts_entry_signature(m, i));
        if (pts_weight_count(m)) {
            size_t bytes = 0;
            for (size_t i = 0; i < pts_weight_count(m); i++) {
                const pts_tensor *w = pts_weight(m, i);
                bytes += (size_t)pts_tensor_numel(w) * pts_dtype_size(w->dtype);
            }
            printf("%s: %zu tensors, %zu bytes\n", strcmp(pts_model_kind(m), "train_step") == 0
                   ? "state" : "weights", pts_weight_count(m), bytes);
        }
        goto done;
    }
    if (steps >= 0 || save_state || load_state || lr) {
        if (steps < 0) {
            rc = die("--save-state, --load-state and --lr go with --steps N", NULL);
            goto done;
        }
        rc = run_steps(m, args, nargs, steps, load_state, save_state, lr);
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
    if (bench) {
        rc = run_bench(model, m, (size_t)e, args, nargs, bench);
        goto done;
    }
    pts_result *r;
    pts_status st = pts_call(m, (size_t)e, args, nargs, &r, &err);
    if (st == PTS_ERR_RUNTIME) {
        traceback(&err);
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
        /* tensors go to DIR/result*.npy and print as their paths */
        static pts_value shown[MAX_VALUES];
        static char paths[256][512];
        size_t nshown = 0, npaths = 0;
        pts_value top;
        if (!show(v, &top, shown, &nshown, paths, &npaths, out_dir, "result", &err)) {
            fprintf(stderr, "pts-run: error: %s\n", err.message);
            rc = 2;
        } else {
            pts_print_value(stdout, &top);
            fputc('\n', stdout);
        }
    }
    pts_result_free(r);
    if (fflush(stdout) != 0)
        rc = 2;
done:
    pts_free(m);
    for (size_t i = 0; i < pl.nlists; i++)
        free(pl.lists[i]);
    for (size_t i = 0; i < pl.ntensors; i++)
        pts_npy_free(&pl.tensors[i]);
    return rc;
}
