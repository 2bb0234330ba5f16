/* batch.c — run many (mutated) archives through libpts in one process, for the sanitizer
 * tests (tests/runtime/test_c_loader.py).
 *
 *     batch [--call] FILE...
 *
 * Prints one line per file: "<file>: ok <n> entries", "<file>: rejected <status>: <msg>";
 * with --call every entry whose parameters are all scalars or tensors is also called (with
 * 3, 1.5, True, and float64 or float32 tensors of 2 x ... x 2 ones) and the line gains
 * " called <k>"; a training step's archive is also opened (pts_train_open) and stepped on
 * such a batch twice, its learning rate set, and its state read (" trained <status>").  Built with -fsanitize=address,undefined a crash,
 * an out-of-bounds access, undefined behaviour or a leak makes the process fail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double ones[256];
static float ones32[256];

#include "pts.h"

int main(int argc, char **argv) {
    int call = 0;
    for (size_t i = 0; i < sizeof ones / sizeof *ones; i++)
        ones[i] = ones32[i] = 1.0;
    FILE *devnull = fopen("/dev/null", "w");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--call") == 0) {
            call = 1;
            continue;
        }
        printf("%s: ", argv[i]);
        fflush(stdout);
        pts_error err;
        pts_model *m = pts_load_file(argv[i], &err);
        if (!m) {
            for (char *c = err.message; *c; c++)      /* names from the file: one line */
                if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
                    *c = '?';
            printf("rejected %d: %s\n", (int)err.status, err.message);
            continue;
        }
        size_t n = pts_entry_count(m), called = 0;
        int trained = -1;
        if (call) {
            pts_set_output(m, devnull);
            for (size_t e = 0; e < n; e++) {
                pts_value args[16];
                size_t k = pts_entry_arity(m, e);
                if (k > 16)
                    continue;
                int ok = 1;
                for (size_t a = 0; a < k && ok; a++) {
                    switch (pts_entry_param_kind(m, e, a)) {
                    case PTS_INT: args[a] = pts_int(3); break;
                    case PTS_FLOAT: args[a] = pts_float(1.5); break;
                    case PTS_BOOL: args[a] = pts_bool(1); break;
                    case PTS_NONE: args[a] = pts_none(); break;
                    case PTS_TENSOR: {
                        /* "tensor<f64, 2>", "tensor<f32, 2>": ones of 2 x ... x 2 */
                        static pts_tensor ts[16];
                        int rank;
                        const char *t = pts_entry_param_type(m, e, a);
                        int f32 = t && sscanf(t, "tensor<f32, %d>", &rank) == 1;
                        if (!t || (!f32 && sscanf(t, "tensor<f64, %d>", &rank) != 1) ||
                            rank < 0 || rank > 6) {
                            ok = 0;
                            break;
                        }
                        int64_t shape[8] = {2, 2, 2, 2, 2, 2, 2, 2};
                        ts[a] = f32 ? pts_tensor_make(ones32, PTS_DT_FLOAT32, rank, shape, NULL)
                                    : pts_tensor_make(ones, PTS_DT_FLOAT64, rank, shape, NULL);
                        args[a] = pts_tensor_value(&ts[a]);
                        break;
                    }
                    default: ok = 0;
                    }
                }
                if (!ok)
                    continue;
                pts_result *r;
                if (pts_call(m, e, args, k, &r, &err) == PTS_OK)
                    pts_result_free(r);
                called++;
                if (trained < 0 && strcmp(pts_model_kind(m), "train_step") == 0) {
                    pts_train *t = pts_train_open(m, &err);
                    trained = t ? (int)pts_train_step(t, args, k, NULL, &err) : 100 + (int)err.status;
                    if (t) {
                        pts_train_set_lr(t, 0.5, &err);
                        pts_train_step(t, args, k, NULL, &err);
                        for (size_t i = 0; i < pts_train_state_count(t); i++) {
                            const pts_tensor *s = pts_train_state(t, i);
                            volatile double sink = 0;
                            if (s->dtype == PTS_DT_FLOAT64 && pts_tensor_numel(s) > 0)
                                sink += ((const double *)s->data)[0];
                            (void)sink;
                            (void)pts_train_state_name(t, i);
                        }
                        pts_train_free(t);
                    }
                }
            }
        }
        printf("ok %zu entries", n);
        if (call)
            printf(" called %zu", called);
        if (trained >= 0)
            printf(" trained %d", trained);
        printf("\n");
        pts_free(m);
    }
    if (devnull)
        fclose(devnull);
    return 0;
}
