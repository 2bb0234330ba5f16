/* train.c — training steps from C: run the step of a "train_step" archive, read and write
 * its state, save and restore it as .npy files (API and format: pts.h; the archive's
 * writer: runtime/archive_train.py).
 *
 * The step is an ordinary entry ("train_step") whose parameters after the batch are all of
 * the archive's weights, in order: the weights are the state.  So a step is pts_call, and
 * the state is updated in place in the model's weights; the compiled step itself makes a
 * failed step change nothing (updates after the backward sweep, buffers written to copies
 * that are copied back last), so nothing here has to undo anything.  Loading a state
 * directory reads and checks every file before it writes any array, for the same reason.
 * State names come from the archive and become file names: open refuses any name that
 * could leave the directory.
 */
#define _POSIX_C_SOURCE 200809L   /* mkdir */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"

#define MAX_NAME 200               /* runtime/archive_train.py _SAFE_NAME */

struct pts_train {
    pts_model *m;
    size_t nstate;
    long hyper;                    /* index of optim.hyper, -1 if it has none */
    int width;
};

/* [A-Za-z0-9_][A-Za-z0-9_.-]*, no "..": a file name in the state directory */
static int safe_name(const char *s) {
    size_t n = strlen(s);
    if (n == 0 || n > MAX_NAME || s[0] == '.' || s[0] == '-' || strstr(s, ".."))
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '-'))
            return 0;
    }
    return 1;
}

pts_train *pts_train_open(pts_model *m, pts_error *err) {
    if (!m) {
        pts__fail(err, PTS_ERR_ARGUMENT, "no model");
        return NULL;
    }
    if (strcmp(pts_model_kind(m), "train_step") != 0) {
        pts__fail(err, PTS_ERR_ARGUMENT, "the archive is a %s, not a training step (save one "
                  "with pts.save(pts.train_step(...), path, example_inputs=...))",
                  pts_model_kind(m));
        return NULL;
    }
    pts_train *t = calloc(1, sizeof *t);
    if (!t) {
        pts__fail(err, PTS_ERR_NOMEM, "out of memory");
        return NULL;
    }
    t->m = m;
    t->nstate = pts_weight_count(m);
    t->hyper = -1;
    t->width = pts__hyper_width(m);
    for (size_t i = 0; i < t->nstate; i++) {
        const char *name = pts_weight_name(m, i);
        if (!safe_name(name)) {
            free(t);
            pts__fail(err, PTS_ERR_FORMAT, "state %zu has a name that is not a plain file "
                      "name", i);
            return NULL;
        }
        if (strcmp(name, "optim.hyper") == 0) {
            const pts_tensor *h = pts_weight(m, i);
            if (h->dtype != PTS_DT_FLOAT64 || h->rank != 1 || t->width <= 0 ||
                h->shape[0] % t->width != 0) {
                pts__fail(err, PTS_ERR_FORMAT, "optim.hyper is not float64 rows of %d",
                          t->width);
                free(t);
                return NULL;
            }
            t->hyper = (long)i;
        }
    }
    return t;
}

void pts_train_free(pts_train *t) { free(t); }

pts_status pts_train_step(pts_train *t, const pts_value *batch, size_t nbatch, double *loss,
                          pts_error *err) {
    if (!t)
        return pts__fail(err, PTS_ERR_ARGUMENT, "no training step");
    long e = pts_find_entry(t->m, "train_step", batch, nbatch);
    if (e < 0)
        return pts__fail(err, PTS_ERR_ARGUMENT, "the batch (%zu value%s) does not fit the "
                         "training step: it takes %s", nbatch, nbatch == 1 ? "" : "s",
                         pts_entry_count(t->m) ? pts_entry_signature(t->m, 0) : "?");
    pts_result *r;
    pts_status st = pts_call(t->m, (size_t)e, batch, nbatch, &r, err);
    if (st != PTS_OK)
        return st;
    const pts_value *v = pts_result_value(r);
    double value = v->kind == PTS_FLOAT || v->kind == PTS_FLOAT32 ? v->u.f : 0.0;
    int ok = v->kind == PTS_FLOAT || v->kind == PTS_FLOAT32;
    pts_result_free(r);
    if (!ok)
        return pts__fail(err, PTS_ERR_FORMAT, "the training step did not return a float");
    if (loss)
        *loss = value;
    return PTS_OK;
}

size_t pts_train_state_count(const pts_train *t) { return t ? t->nstate : 0; }

const char *pts_train_state_name(const pts_train *t, size_t i) {
    return t ? pts_weight_name(t->m, i) : NULL;
}

const pts_tensor *pts_train_state(const pts_train *t, size_t i) {
    return t ? pts_weight(t->m, i) : NULL;
}

long pts_train_find_state(const pts_train *t, const char *name) {
    for (size_t i = 0; t && name && i < t->nstate; i++)
        if (strcmp(pts_weight_name(t->m, i), name) == 0)
            return (long)i;
    return -1;
}

static pts_status check_like(const pts_tensor *want, const pts_tensor *got, const char *name,
                             pts_error *err) {
    int same = got->dtype == want->dtype && got->rank == want->rank;
    for (int32_t k = 0; same && k < want->rank; k++)
        same = got->shape[k] == want->shape[k];
    if (same && pts_tensor_numel(got) > 0 && !got->data)
        same = 0;
    if (!same)
        return pts__fail(err, PTS_ERR_ARGUMENT, "%.200s: a %d-d %s array does not fit the "
                         "state's %d-d %s array of the same shape", name, (int)got->rank,
                         pts_dtype_name(got->dtype), (int)want->rank,
                         pts_dtype_name(want->dtype));
    return PTS_OK;
}

pts_status pts_train_set_state(pts_train *t, size_t i, const pts_tensor *src, pts_error *err) {
    if (!t || i >= t->nstate || !src)
        return pts__fail(err, PTS_ERR_ARGUMENT, "no state %zu", i);
    pts_tensor *dst = pts__weight_mut(t->m, i);
    pts_status st = check_like(dst, src, pts_weight_name(t->m, i), err);
    if (st == PTS_OK)
        pts__copy_strided(dst->data, src);
    return st;
}

static pts_status state_path(char *buf, size_t cap, const char *dir, const char *name,
                             pts_error *err) {
    if ((size_t)snprintf(buf, cap, "%s/%s.npy", dir, name) >= cap)
        return pts__fail(err, PTS_ERR_ARGUMENT, "state directory path too long");
    return PTS_OK;
}

pts_status pts_train_save_state(const pts_train *t, const char *dir, pts_error *err) {
    if (!t || !dir)
        return pts__fail(err, PTS_ERR_ARGUMENT, "no training step or directory");
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return pts__fail(err, PTS_ERR_IO, "cannot create %.400s: %s", dir, strerror(errno));
    char path[4096];
    for (size_t i = 0; i < t->nstate; i++) {
        pts_status st = state_path(path, sizeof path, dir, pts_weight_name(t->m, i), err);
        if (st == PTS_OK)
            st = pts_npy_write(path, pts_weight(t->m, i), err);
        if (st != PTS_OK)
            return st;
    }
    return PTS_OK;
}

pts_status pts_train_load_state(pts_train *t, const char *dir, pts_error *err) {
    if (!t || !dir)
        return pts__fail(err, PTS_ERR_ARGUMENT, "no training step or directory");
    pts_tensor *read = calloc(t->nstate ? t->nstate : 1, sizeof *read);
    if (!read)
        return pts__fail(err, PTS_ERR_NOMEM, "out of memory");
    char path[4096];
    pts_status st = PTS_OK;
    size_t n = 0;
    /* every file read and checked first: a missing or mismatched one changes nothing */
    for (; n < t->nstate && st == PTS_OK; n++) {
        const char *name = pts_weight_name(t->m, n);
        st = state_path(path, sizeof path, dir, name, err);
        if (st == PTS_OK)
            st = pts_npy_read(path, &read[n], err);
        if (st == PTS_OK)
            st = check_like(pts_weight(t->m, n), &read[n], path, err);
    }
    for (size_t i = 0; i < t->nstate && st == PTS_OK; i++)
        pts__copy_strided(pts__weight_mut(t->m, i)->data, &read[i]);
    for (size_t i = 0; i < n; i++)
        pts_npy_free(&read[i]);
    free(read);
    return st;
}

int pts_train_hyper_width(const pts_train *t) { return t ? t->width : 0; }

pts_status pts_train_set_lr(pts_train *t, double lr, pts_error *err) {
    if (!t || t->hyper < 0)
        return pts__fail(err, PTS_ERR_ARGUMENT, "the training step has no hyperparameters");
    pts_tensor *h = pts__weight_mut(t->m, (size_t)t->hyper);
    double *rows = h->data;
    for (int64_t k = 0; k < h->shape[0]; k += t->width)
        rows[k * h->strides[0]] = lr;
    return PTS_OK;
}
