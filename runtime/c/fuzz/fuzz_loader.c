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
 */
#include <stddef.h>
#include <stdint.h>

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
        pts_free(m);
    }
    return 0;
}
