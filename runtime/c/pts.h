/* pts.h — run .pts archives from C: no Python, no LLVM, no system linker.
 *
 * A .pts archive (written by pts.save or `pts compile`) holds entry points — one per
 * compiled signature of a scripted function — and a native image per target.  libpts
 * reads the archive (every offset and size checked, CRCs verified), maps the image of this
 * machine (the host image if this CPU can run it, else the baseline) W^X, fills its import
 * table with its own implementations (libc, libm, print writers) and calls entries through
 * their uniform boxed signature.
 *
 *     pts_error err;
 *     pts_model *m = pts_load_file("gcd.pts", &err);
 *     if (!m) { fprintf(stderr, "%s\n", err.message); return 1; }
 *     long e = pts_find_entry(m, "gcd", NULL, 0);
 *     pts_value args[2] = { pts_int(1071), pts_int(462) };
 *     pts_result *r;
 *     if (pts_call(m, (size_t)e, args, 2, &r, &err) != PTS_OK) { ... err.kind, err.file ... }
 *     printf("%lld\n", (long long)pts_result_value(r)->u.i);
 *     pts_result_free(r);
 *     pts_free(m);
 *
 * Tensors (numpy arrays) are borrowed in and owned out:
 *
 *     float x[6] = {...};
 *     int64_t shape[2] = {2, 3};
 *     pts_tensor t = pts_tensor_make(x, PTS_DT_FLOAT32, 2, shape, NULL);    (C order)
 *     pts_value arg = pts_tensor_value(&t);
 *     long e = pts_find_entry(m, "forward", &arg, 1);
 *     if (pts_call(m, (size_t)e, &arg, 1, &r, &err) == PTS_OK) {
 *         const pts_tensor *y = &pts_result_value(r)->u.tensor;   y->data, y->shape, ...
 *         pts_result_free(r);                                       frees y's memory
 *     }
 *
 * An archive of a model (pts.save(pts.script(model))) has one entry per compiled signature
 * of forward and of its exported methods; the loader passes the model's weights itself.
 * An entry specialized on the values of some Python arguments (axis=1, a string) takes
 * only its other arguments: its key and signature show the values ("sum(tensor<f64, 2>,
 * axis=1)", "(tensor<f64, 2>) -> tensor<f64, 1>  [axis=1]").
 *
 * Threads: a model may be called from several threads at once (each call has its own
 * context).  Every function reports failure through its return value and, when `err` is
 * not NULL, a filled pts_error; nothing is ever printed by the library except what the
 * scripted code prints (to the model's output stream, stdout by default).
 */
#ifndef PTS_H
#define PTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define PTS_API __attribute__((visibility("default")))
#else
#define PTS_API
#endif

#define PTS_FORMAT_MAJOR 1        /* archives of a newer major version are refused */
#define PTS_FORMAT_MINOR 0
#define PTS_MAX_RANK 8

typedef enum pts_status {
    PTS_OK = 0,
    PTS_ERR_IO = 1,           /* the file cannot be read */
    PTS_ERR_FORMAT = 2,       /* not a valid archive: corrupt, truncated or inconsistent */
    PTS_ERR_VERSION = 3,      /* the archive's format is newer than this library */
    PTS_ERR_TARGET = 4,       /* the archive has no native image for this machine */
    PTS_ERR_NOMEM = 5,
    PTS_ERR_ARGUMENT = 6,     /* a bad call: no such entry, wrong argument count or type */
    PTS_ERR_RUNTIME = 7,      /* the scripted code raised an exception (see pts_error.kind) */
    PTS_ERR_UNSUPPORTED = 8   /* a valid archive using something this library lacks */
} pts_status;

/* What went wrong.  For PTS_ERR_RUNTIME: the Python exception name, its message and the
 * scripted source location (file, line, column, function) it was raised at. */
typedef struct pts_error {
    pts_status status;
    char kind[32];            /* "ZeroDivisionError", ...; "" unless PTS_ERR_RUNTIME */
    char message[512];
    char file[256];
    int64_t line, col;
    char function[128];
} pts_error;

typedef enum pts_kind {
    PTS_NONE = 0,
    PTS_BOOL = 1,
    PTS_INT = 2,              /* int64 */
    PTS_FLOAT = 3,            /* double */
    PTS_TUPLE = 4,
    PTS_LIST = 5,             /* of PTS_BOOL (uint8_t), PTS_INT (int64_t) or PTS_FLOAT (double) */
    PTS_TENSOR = 6,           /* a pts_tensor (u.tensor) */
    PTS_STR = 7,
    PTS_FLOAT32 = 8,          /* numpy.float32 scalar, held in u.f */
    PTS_INT32 = 9,            /* numpy.int32 scalar, held in u.i */
    PTS_DICT = 10,            /* a dict result: u.str is its repr, as CPython prints it */
    PTS_SET = 11,             /* a set result: u.str is its repr ({1, 2}, set()); neither can
                                 be passed as an argument from C */
    PTS_NUMPY = 12            /* a numpy scalar of a dtype without a kind of its own (int8,
                                 int16, uint8, uint16, uint32, uint64, float16): u.np */
} pts_kind;

/* pts_value.flags: PTS_FLAG_NUMPY marks a numpy scalar among PTS_BOOL / PTS_INT /
 * PTS_FLOAT results (np.bool_, np.int64, np.float64: print shows them as np.float64(1.5)
 * inside tuples, as Python does); arguments may ignore it. */
#define PTS_FLAG_NUMPY 1

typedef enum pts_dtype {
    PTS_DT_BOOL = 0, PTS_DT_INT32 = 1, PTS_DT_INT64 = 2, PTS_DT_FLOAT32 = 3, PTS_DT_FLOAT64 = 4,
    PTS_DT_INT8 = 5, PTS_DT_INT16 = 6, PTS_DT_UINT8 = 7, PTS_DT_UINT16 = 8, PTS_DT_UINT32 = 9,
    PTS_DT_UINT64 = 10, PTS_DT_FLOAT16 = 11     /* float16: IEEE half bits (uint16_t) */
} pts_dtype;
#define PTS_NUM_DTYPES 12

/* A tensor crossing the boundary (DESIGN.md §5).  As an argument it is borrowed (no copy:
 * the call reads and may write `data` through shape and strides, as numpy code writes
 * into its argument arrays); `owner` is ignored.  As a result it is owned by the
 * pts_result (`owner` is not NULL) and freed by pts_result_free: results never point into
 * arguments or into the model's weights (such views are copied out, C order). */
typedef struct pts_tensor {
    void *data;
    pts_dtype dtype;
    int32_t rank;
    int64_t shape[PTS_MAX_RANK];
    int64_t strides[PTS_MAX_RANK];  /* in elements, may be negative */
    void *owner;                    /* NULL: borrowed */
} pts_tensor;

typedef struct pts_value {
    pts_kind kind;
    int32_t flags;                               /* PTS_FLAG_NUMPY, results only */
    union {
        int b;                                   /* PTS_BOOL: 0 or 1 */
        int64_t i;                               /* PTS_INT */
        double f;                                /* PTS_FLOAT */
        struct { size_t n; const struct pts_value *items; } tuple;
        struct { pts_kind elem; size_t n; const void *data; } list;
        pts_tensor tensor;
        const char *str;
        struct {
            pts_dtype dtype;
            int64_t i;                           /* the ints (a uint64 as its bits) */
            double f;                            /* float16: its value */
        } np;
    } u;
} pts_value;

typedef struct pts_model pts_model;
typedef struct pts_result pts_result;

/* ---- loading ------------------------------------------------------------------------ */

/* Load an archive from a file / from memory (the buffer is not kept).  NULL on failure.
 * A model's weights (archives of pts.script(model)) are used in place from the file's
 * mapping (copy-on-write: in-place updates by scripted code stay private to the process);
 * pts_load_memory copies them. */
PTS_API pts_model *pts_load_file(const char *path, pts_error *err);
PTS_API pts_model *pts_load_memory(const void *data, size_t size, pts_error *err);
PTS_API void pts_free(pts_model *m);

PTS_API const char *pts_model_format(const pts_model *m);      /* "1.0" */
PTS_API const char *pts_model_producer(const pts_model *m);    /* "pts 0.1.0" */
/* The image in use: "x86_64-linux-host" (compiled for the CPU of the machine that saved
 * the archive; used when this CPU has every feature it requires), else the baseline of
 * this machine, "x86_64-linux" or "aarch64-linux".  pts_model_image_note says why a host
 * image was passed over ("the host image needs avx512f, which this CPU lacks"), or "". */
PTS_API const char *pts_model_target(const pts_model *m);
PTS_API const char *pts_model_image_note(const pts_model *m);
PTS_API const char *pts_model_kind(const pts_model *m);        /* "function" or "module" */
/* Weights of a module archive: count, dotted name ("conv.weight") and tensor (borrowed:
 * valid until pts_free).  An entry of a module takes only the arguments of its method;
 * the loader passes the weights it uses after them. */
PTS_API size_t pts_weight_count(const pts_model *m);
PTS_API const char *pts_weight_name(const pts_model *m, size_t i);
PTS_API const pts_tensor *pts_weight(const pts_model *m, size_t i);

/* Where print() of scripted code goes (default stdout).  Not while calls are running. */
PTS_API void pts_set_output(pts_model *m, FILE *out);
/* Native stack a call may use before recursive code raises RecursionError (default:
 * half the stack limit, at most 4 MiB).  Calls from threads with small stacks lower it. */
PTS_API void pts_set_stack_budget(pts_model *m, size_t bytes);

/* ---- entries ------------------------------------------------------------------------ */

PTS_API size_t pts_entry_count(const pts_model *m);
PTS_API const char *pts_entry_name(const pts_model *m, size_t entry);       /* "gcd" */
PTS_API const char *pts_entry_key(const pts_model *m, size_t entry);        /* "gcd(i64, i64)" */
PTS_API const char *pts_entry_signature(const pts_model *m, size_t entry);  /* "(i64, i64) -> i64" */
PTS_API size_t pts_entry_arity(const pts_model *m, size_t entry);
/* Parameter `param`'s type as IR text ("i64", "tensor<f32, 4>", "tuple<i64, f64>"). */
PTS_API const char *pts_entry_param_type(const pts_model *m, size_t entry, size_t param);
PTS_API pts_kind pts_entry_param_kind(const pts_model *m, size_t entry, size_t param);
PTS_API pts_kind pts_entry_result_kind(const pts_model *m, size_t entry);

/* The entry to call: `name` is a function name ("gcd"), an entry key ("gcd(i64, i64)") or
 * NULL (any); among those, the first whose parameters take `args` exactly, else the first
 * that takes them with conversions (int -> float, bool -> int); with args == NULL the first
 * of that name.  -1 if none. */
PTS_API long pts_find_entry(const pts_model *m, const char *name, const pts_value *args, size_t nargs);

/* ---- values and calls --------------------------------------------------------------- */

PTS_API pts_value pts_none(void);
PTS_API pts_value pts_bool(int b);
PTS_API pts_value pts_int(int64_t i);
PTS_API pts_value pts_float(double f);
PTS_API pts_value pts_tuple(const pts_value *items, size_t n);
PTS_API pts_value pts_list(pts_kind elem, const void *data, size_t n);
PTS_API pts_value pts_float32(float f);
PTS_API pts_value pts_int32(int32_t i);
PTS_API pts_value pts_tensor_value(const pts_tensor *t);

/* A tensor over `data` (borrowed): strides NULL means C order (row major). */
PTS_API pts_tensor pts_tensor_make(void *data, pts_dtype dtype, int32_t rank,
                                   const int64_t *shape, const int64_t *strides);
PTS_API pts_value pts_numpy_int(pts_dtype dtype, int64_t i);  /* np.uint8(i) ...: wraps */
PTS_API pts_value pts_numpy_float16(double f);                 /* rounded to float16 */
PTS_API size_t pts_dtype_size(pts_dtype dtype);                 /* 1, 4, 8, 4, 8, ...; 0: unknown */
PTS_API const char *pts_dtype_name(pts_dtype dtype);            /* "float32", ... */
PTS_API int64_t pts_tensor_numel(const pts_tensor *t);

/* .npy files (NumPy format 1.0, 2.0 and 3.0; little-endian bool, int32, int64, float32,
 * float64; C or Fortran order).  pts_npy_read allocates the data: free it with
 * pts_npy_free(&t).  pts_npy_write writes any strided tensor in C order (format 1.0). */
PTS_API pts_status pts_npy_read(const char *path, pts_tensor *out, pts_error *err);
PTS_API void pts_npy_free(pts_tensor *t);
PTS_API pts_status pts_npy_write(const char *path, const pts_tensor *t, pts_error *err);

/* Call `entry`.  Arguments are converted as Python would (int for a float parameter, ...);
 * lists are copied in (changes made by the call are not copied back).  On PTS_OK, *out
 * holds the result until pts_result_free; otherwise *out is NULL and err says why. */
PTS_API pts_status pts_call(pts_model *m, size_t entry, const pts_value *args, size_t nargs,
                    pts_result **out, pts_error *err);
PTS_API const pts_value *pts_result_value(const pts_result *r);
PTS_API void pts_result_free(pts_result *r);

/* ---- training steps (train.c) -------------------------------------------------------- */

/* An archive of kind "train_step" (pts.save(pts.train_step(model, loss_fn, opt), ...))
 * holds a compiled training step — forward, backward and the optimizer's update of every
 * parameter in one call — and its state: the model's arrays ("model.fc1.weight",
 * "model.bn1.running_mean", ...), the optimizer's ("optim.exp_avg.fc1.weight",
 * "optim.momentum_buffer.fc1.bias", ...), the step counts ("optim.step", float64, one per
 * updated parameter) and the hyperparameters ("optim.hyper", float64, one row of
 * pts_train_hyper_width() values per updated parameter, the learning rate first).
 *
 *     pts_model *m = pts_load_file("mlp-train.pts", &err);
 *     pts_train *t = pts_train_open(m, &err);
 *     pts_value batch[2] = { pts_tensor_value(&x), pts_tensor_value(&y) };
 *     for (int i = 0; i < 20; i++) {
 *         double loss;
 *         if (pts_train_step(t, batch, 2, &loss, &err) != PTS_OK) { ... }
 *         printf("%.9g\n", loss);
 *     }
 *     pts_train_save_state(t, "out", &err);        out/model.fc1.weight.npy, ...
 *     pts_train_free(t);
 *     pts_free(m);
 *
 * The state lives in memory (the model's weights: a copy-on-write mapping of the file, or
 * a copy): the archive file is never written to.  A step that fails — a batch of the
 * wrong type or shape, an exception the loss function raises — returns its error and
 * leaves every state array exactly as it was.  The state is the model's: two pts_train of
 * one model share it, and steps on it must not run concurrently. */
typedef struct pts_train pts_train;

/* Open the training step of a loaded "train_step" archive (PTS_ERR_ARGUMENT for another
 * kind).  It borrows m: free it before pts_free(m). */
PTS_API pts_train *pts_train_open(pts_model *m, pts_error *err);
PTS_API void pts_train_free(pts_train *t);
/* Run one step on the batch (the loss function's arguments after the model, as for
 * pts_call: the entry is chosen by their types) and store the loss in *loss. */
PTS_API pts_status pts_train_step(pts_train *t, const pts_value *batch, size_t nbatch,
                                  double *loss, pts_error *err);
/* The state arrays: count, name, the tensor (borrowed, C order; each step changes its
 * data in place), the index of a name (-1 if none). */
PTS_API size_t pts_train_state_count(const pts_train *t);
PTS_API const char *pts_train_state_name(const pts_train *t, size_t i);
PTS_API const pts_tensor *pts_train_state(const pts_train *t, size_t i);
PTS_API long pts_train_find_state(const pts_train *t, const char *name);
/* Copy src (any strides) into state array i: same dtype and shape, else PTS_ERR_ARGUMENT
 * and nothing changes. */
PTS_API pts_status pts_train_set_state(pts_train *t, size_t i, const pts_tensor *src,
                                       pts_error *err);
/* Write every state array to DIR/<name>.npy (DIR is created if missing) / read them all
 * back: every file must exist and match its array's dtype and shape, else the error names
 * it and no array changes. */
PTS_API pts_status pts_train_save_state(const pts_train *t, const char *dir, pts_error *err);
PTS_API pts_status pts_train_load_state(pts_train *t, const char *dir, pts_error *err);
/* Hyperparameters, run-time values (no recompile): the row width of optim.hyper, and the
 * learning rate of every updated parameter (column 0). */
PTS_API int pts_train_hyper_width(const pts_train *t);
PTS_API pts_status pts_train_set_lr(pts_train *t, double lr, pts_error *err);

/* ---- formatting like Python --------------------------------------------------------- */

/* repr() of a float (shortest round-trip digits: 0.1, 1e+16, inf, -0.0).  Returns the
 * length; writes at most size bytes including the terminator (as snprintf). */
PTS_API int pts_format_float(double x, char *buf, size_t size);
/* print(value) of Python: 3, 2.5, True, None, (1, 2.0), [1, 2], [True, False]. */
PTS_API int pts_format_value(const pts_value *v, char *buf, size_t size);
PTS_API int pts_print_value(FILE *out, const pts_value *v);

PTS_API const char *pts_status_name(pts_status s);

/* ---- threads (threads.c) ------------------------------------------------------------ */

/* Parallel kernels split their outer loops over a pool of threads: pts_parallel_for calls
 * fn on disjoint chunks of [0, n), each at least grain long, on up to
 * pts_get_num_threads() threads (the caller included) and returns when all are done.  The
 * chunks depend only on n, grain and the thread count; a call made while the pool is busy
 * (from inside a task, or from another thread) runs its chunks on the caller.  The number
 * of threads: $PTS_NUM_THREADS if set, else the CPUs this process may run on;
 * pts_set_num_threads(n <= 0) restores the latter and returns the previous number. */
#ifndef PTS_TASK_FN_DEFINED
#define PTS_TASK_FN_DEFINED
typedef void (*pts_task_fn)(void *data, int64_t begin, int64_t end);
#endif
PTS_API void pts_parallel_for(pts_task_fn fn, void *data, int64_t n, int64_t grain);
PTS_API int pts_set_num_threads(int n);
PTS_API int pts_get_num_threads(void);

/* Tensor memory: freed blocks of 1 MiB or more are kept for the next allocation of about
 * their size, so a model run or a training step in a loop does not fault in fresh pages for
 * its temporaries (runtime/c/blocks.c).  Kept and in-use blocks together stay within 1.25x
 * the most the process has had in use at once (at least 256 MiB).  pts_block_cache_limit caps
 * the bytes kept (0: none; what is over the cap is freed now; SIZE_MAX, the default: no cap
 * beyond that rule) and returns the previous cap. */
PTS_API size_t pts_block_cache_limit(size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
