/* fuzz_loader.c — libFuzzer harness for the archive loader (zip, manifest, image checks).
 *
 *     clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -I runtime/c \
 *         runtime/c/fuzz/fuzz_loader.c runtime/c/{zip,json,format,loader}.c -lm -o fuzz_loader
 *     ./fuzz_loader corpus/        (seed corpus: any .pts archives)
 *
 * or `make -f runtime/c/runtime.mk fuzz` (needs clang).  Inputs are only loaded, listed and
 * freed: calling code from an input the fuzzer made valid (it can fix CRCs) would run
 * arbitrary machine code, which no loader can check.  tests/runtime/test_c_loader.py runs
 * mutated archives through batch.c (which also calls entries) under ASan and UBSan.
 * A train archive's state is also opened (pts_train_open: metadata and state arrays, no call).
 * Each input also goes through the .npy header parser (weights and pts-run arguments).
 */
#include <stddef.h>
#include <stdint.h>

#include "internal.h"
#include "pts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    pts_error err;
    pts_model *m = pts_load_memory(data, size, &err);
    if (m) {
        for (size_t i = 0; i < pts_entry_count(m); i++) {
            (void)pts_entry_signature(m, i);
            (void)pts_entry_arity(m, i);
        }
        for (size_t i = 0; i < pts_weight_count(m); i++)
            (void)pts_tensor_numel(pts_weight(m, i));
        pts_train *t = pts_train_open(m, &err);     /* a train archive's state and metadata */
        if (t) {
            for (size_t i = 0; i < pts_train_state_count(t); i++) {
                (void)pts_train_state_name(t, i);
                (void)pts_tensor_numel(pts_train_state(t, i));
            }
            (void)pts_train_hyper_width(t);
            pts_train_free(t);
        }
        pts_free(m);
    }
    pts_tensor t;
    size_t off;
    int fortran;
    if (pts__npy_parse(data, size, &t, &off, &fortran, &err) == PTS_OK &&
        (off > size || (size_t)pts_tensor_numel(&t) * pts_dtype_size(t.dtype) > size - off))
        __builtin_trap();            /* the parser promised the data fit */
    return 0;
}
