/* c_embed.c — a C program embedding libpts through pts.h only (tests/runtime/test_c_loader.py).
 *
 *     c_embed GCD.pts PAIRSUM.pts SCALED.pts BOOM.pts   load each, call, print what happened
 *     c_embed --floats      read hex floats ("%a") from stdin, print pts_format_float of each
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pts.h"

static int floats(void) {
    char line[128];
    while (fgets(line, sizeof line, stdin)) {
        char out[64];
        double x = strtod(line, NULL);
        pts_format_float(x, out, sizeof out);
        puts(out);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--floats") == 0)
        return floats();
    if (argc != 5)
        return 2;
    pts_error err;
    pts_model *models[4];
    for (int k = 0; k < 4; k++) {
        models[k] = pts_load_file(argv[k + 1], &err);
        if (!models[k]) {
            printf("load failed: %s\n", err.message);
            return 1;
        }
        printf("format %s\n", pts_model_format(models[k]));
        for (size_t i = 0; i < pts_entry_count(models[k]); i++)
            printf("entry %s %s\n", pts_entry_key(models[k], i), pts_entry_signature(models[k], i));
    }
    pts_model *m = models[0];

    pts_value args[2] = {pts_int(1071), pts_int(462)};
    long e = pts_find_entry(m, "gcd", args, 2);
    pts_result *r;
    if (e < 0 || pts_call(m, (size_t)e, args, 2, &r, &err) != PTS_OK)
        return 3;
    printf("gcd %lld\n", (long long)pts_result_value(r)->u.i);
    pts_result_free(r);

    /* ints convert to floats as in Python; the result prints like print() */
    pts_value pair[2] = {pts_int(2), pts_int(3)};
    pts_value margs[1] = {pts_tuple(pair, 2)};
    m = models[1];
    e = pts_find_entry(m, "pairsum", margs, 1);
    if (e < 0 || pts_call(m, (size_t)e, margs, 1, &r, &err) != PTS_OK) {
        printf("pairsum failed: %s\n", err.message);
        return 4;
    }
    printf("pairsum ");
    pts_print_value(stdout, pts_result_value(r));
    printf("\n");
    pts_result_free(r);

    double xs[3] = {0.5, 1.25, -2.0};
    pts_value largs[1] = {pts_list(PTS_FLOAT, xs, 3)};
    m = models[2];
    e = pts_find_entry(m, "scaled", largs, 1);
    if (e < 0 || pts_call(m, (size_t)e, largs, 1, &r, &err) != PTS_OK) {
        printf("scaled failed: %s\n", err.message);
        return 5;
    }
    char buf[256];
    pts_format_value(pts_result_value(r), buf, sizeof buf);
    printf("scaled %s\n", buf);
    pts_result_free(r);

    pts_value zero[1] = {pts_int(0)};
    m = models[3];
    e = pts_find_entry(m, "boom", zero, 1);
    if (e < 0 || pts_call(m, (size_t)e, zero, 1, &r, &err) != PTS_ERR_RUNTIME)
        return 6;
    printf("boom %s: %s at %s:%lld in %s\n", err.kind, err.message, err.file,
           (long long)err.line, err.function);
    if (pts_call(m, (size_t)e, zero, 2, &r, &err) != PTS_ERR_ARGUMENT)
        return 7;
    printf("arity %s\n", err.message);
    for (int k = 0; k < 4; k++)
        pts_free(models[k]);
    return 0;
}
