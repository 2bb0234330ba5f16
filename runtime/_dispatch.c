/* pts._dispatch: calling compiled functions from Python without ctypes.

   `Dispatcher` is the base class of `pts.api.ScriptFunction`.  A call `f(1, 2.0)` goes
   straight to the C vectorcall below, with no Python frame: it classifies the arguments,
   looks the signature up in a small table of entries, and calls the boxed entry point
   `i32 f.boxed(ctx*, i64 *args, i64 *results)` (backend/codegen.py) itself.  This is the
   callwrapper of Numba and mypyc, written once for all signatures instead of generated per
   signature: unpack the arguments into slots, call the native function, box the result,
   map the status code to the exception.

   The table.  One entry per scalar signature, registered by ScriptFunction._slow_call after
   it has compiled that signature (`_add_entry`).  The key of an entry is the argument count
   (low 8 bits) and 2 bits per argument: its exact Python kind, int (PyLong_CheckExact),
   float (PyFloat_CheckExact) or bool (PyBool_Check), so f(True) and f(1) are different
   signatures, and int subclasses or numpy scalars take the Python path.  An entry also
   says what each parameter slot holds (i64, f64 or i1: an int argument may fill a float
   parameter), what the result is (i64, f64, i1 or None), and the addresses of the entry
   point, of `pts.release` and of the import table.  Entries are only ever appended; there
   are at most MAX_ENTRIES (further signatures still work, through the Python path).
   `_replace_entry` points an entry at new code (the optimized tier of the same function,
   pts.api.Compiled.swap): a call copies the code's fields of its entry before it releases
   the GIL, so it runs the old code or the new one, never a mix, and the old code stays
   loaded.  The other fields of an entry (its signature: what the result is made from after
   the call) never change once the entry is visible.

   Arrays.  An argument of exact type numpy.ndarray has kind 0 in the key, and the entry
   says what it must be: the buffer format of its dtype in native byte order ('f' float32,
   'd' float64, 'l' int64, ...) and its rank.  The call reads the array through the buffer
   protocol, or from the array's head for an aligned array of a dtype seen before
   (array_view: ~10 ns instead of ~100 an argument), and writes its descriptor {data,
   owner 0, shape[r], strides[r] in elements} (DESIGN.md §5, runtime/tensors.py) on the C
   stack; the parameter slot points at it.
   Arrays whose byte strides are not multiples of the item size (the Python path copies
   them), ranks above MAX_RANK, byte-swapped and unaligned arrays (numpy exports "=d"
   for those) and ndarray subclasses take the Python path.  As there, read-only arrays
   are passed as they are: scripted code that writes into one writes into its memory.
   A tensor result comes back as runtime/tensors.py `TensorCall.unbox` makes it:
   a C-contiguous allocation of the call becomes a `Block` (below) and an array over it
   (numpy.frombuffer, then reshape); anything else (a view of an argument, a transposed
   result, an empty one) goes to the result hook given by `set_tensor_support`, which
   `pts.runtime.tensors` calls when numpy is imported.  Entries with arrays exist only
   after that, so scalar code never imports numpy.

   Other results.  A result of several slots or of the call's memory (ret 'g': tuples at
   any depth, None, Optionals, str, lists of numbers, complex, arrays among them) is made
   by the entry's result program (`box_value`, written by runtime/native.py
   result_program) before the call's arena is released; numpy scalars (np.float64, ...)
   are made there too; leaves it does not make (dicts, sets, lists of other items,
   float16 scalars) come from the unbox hook
   (`set_unbox_hook`, native.py unbox_leaf).  Arrays of one result over the same
   allocation (`return h, h`) are two arrays sharing its memory, as on the Python path.

   Other arguments.  A tuple or None argument has kind 0 like an array; a parameter of
   slot type 'g' (tuples of numbers at any depth, None, Optionals) has an argument program
   (`unbox_arg`, native.py arg_program) that checks the value has the types the
   signature was compiled for and writes its slots.

   Models.  A scripted method (pts/api.py ScriptMethod) is a Dispatcher with `root`, its
   model (`_set_model`); its entries carry the guards of what the code folded in from the
   model (paths and checks: pts/api.py c_guards) and the paths of the arrays it lifts.
   A call takes the first entry for its argument count whose guards hold on the live
   model, appends the lifted values and matches the arguments as for a function.  A
   ScriptModule's calls go straight to its forward method (`_set_forward`).

   Folded lists.  A function whose code folded in a module-level list it only reads
   (frontend/global_values.py) has entries with `folds`: (globals dict, name, the value
   folded in) each; the entry is taken only while each global still is an exact list
   holding that value (`folds_hold`: item by item, same exact types), else the Python
   path compiles again (pts/compiled.py with_shared).

   A call that finds no entry (first call of a signature, str or list arguments,
   keywords, more than MAX_ARGS arguments, a failed guard, interp backend) calls
   `self._slow_call(*args, **kw)`.

   The native call.  The context lives on the C stack and has the layout of
   runtime/native.py `Context` (= codegen CTX_FIELDS; `CTX_LAYOUT` below lets native.py
   check field offsets before it registers anything).  ctx.stack_limit gets the stack
   budget given at registration (runtime/native.py STACK_BUDGET).  The GIL is released
   around every native call, so Python threads run compiled code in parallel; it costs
   about 60 ns of CPU per call on the 2-core VM this was written on (add(1, 2) takes
   ~130 ns with it, ~75 ns without), since the call cannot know whether it will be short.  Output of `print` in compiled
   code goes through ctypes callbacks in the import table, which take the GIL back
   themselves (PyGILState_Ensure), so printing and its ordering are unchanged.  Lists made
   during the call are freed by `pts.release` when ctx.lists is non-null.

   Errors.  A non-zero status is passed with ctx's (file, line, col, msg, func) to the
   error hook (`set_error_hook`, runtime/native.py `error_from_status`), which builds the
   exception with pts.errors.runtime_error; it is raised from here, without a traceback
   into pts's own code.

   Subclasses.  CPython 3.11 does not let heap types inherit Py_TPFLAGS_HAVE_VECTORCALL
   (3.12 does); without it a call goes through tp_call, which builds an argument tuple.
   `__init_subclass__` sets the flag on a subclass that does not define `__call__` (the
   inherited vectorcall slot offset points at our field).  Assigning `__call__` on such a
   class afterwards is not supported. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The cpuid check of archives' host images, the C loader's own (runtime/c/cpu.c), so that
   pts.load (runtime/archive.py choose_image) and libpts choose the same image. */
#define PTS_CPU_API static __attribute__((unused))
#include "c/cpu.c"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "box_value's numpy scalars ('x') take the low bytes of a slot: little-endian hosts only"
#endif

#define MAX_ARGS 24          /* 8 + 2 * MAX_ARGS key bits must fit in 64 */
#define MAX_ENTRIES 16
#define MAX_RANK 8           /* arrays of higher rank take the Python path */
#define MAX_FORMAT 8         /* an array argument's buffer format, NUL included */
#define MAX_RESULTS 64       /* result slots of an entry */
#define MAX_SLOTS 64         /* argument slots of an entry (tuples take several) */
#define MAX_SEEN 16          /* tensor allocations told apart in one result */

/* Must match runtime/native.py Context and backend/codegen.py CTX_FIELDS. */
typedef struct {
    int64_t kind, line, col;
    const char *file, *msg, *func;
    void *imports;
    void *lists;
    int64_t stack_limit;
    void *arena_next, *arena_end;
} Context;

typedef int32_t (*boxed_fn)(Context *, int64_t *, int64_t *);
typedef void (*release_fn)(Context *);

enum { K_ARRAY = 0, K_INT = 1, K_FLOAT = 2, K_BOOL = 3 };  /* argument kinds, 2 bits each */
enum { S_I64 = 'i', S_F64 = 'f', S_I1 = 'b', S_NONE = 'n', S_TENSOR = 't', S_GENERAL = 'g' };  /* slot types */

typedef struct {
    uint64_t key;
    char params[MAX_ARGS];   /* slot type of each parameter */
    char ret;
    char formats[MAX_ARGS][MAX_FORMAT];  /* array arguments: buffer format ("" for others) */
    int ranks[MAX_ARGS];                 /* and rank */
    PyObject *ret_dtype;     /* a tensor result: its numpy dtype, item size, rank, IR type */
    Py_ssize_t ret_itemsize;
    int ret_rank;
    PyObject *ret_type;
    boxed_fn fn;
    release_fn release;
    void *imports;
    int64_t stack_budget;
    PyObject *keep;          /* owns the machine code (the NativeEntry) */
    /* ret 'g': a result of several slots (tuples, None, Optional, str, lists, ...), made by
       the program ret_prog (bytes, see box_value) with the leaves' objects ret_objs */
    PyObject *ret_prog, *ret_objs;
    int nres;                /* result slots */
    /* 'g' parameters (tuples, None, Optionals): arg_progs[i] checks argument i and fills
       its slots (see unbox_arg); None for the others */
    PyObject *arg_progs;
    /* model entries (Dispatcher.root set): the caller passes nuser arguments; the call
       appends the values at the paths `lifted` from the model when its `guards` hold */
    int nuser;
    PyObject *guards, *lifted;
    /* a function's folded module-level lists (frontend/global_values.py): ((globals dict,
       name, the value folded in), ...), each checked before the entry is taken; or NULL */
    PyObject *folds;
} Entry;

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    int nentries;
    PyObject *root;          /* a scripted method's model (model entries), else NULL */
    PyObject *forward;       /* a scripted model: calls go to this callable, else NULL */
    Entry entries[MAX_ENTRIES];
} Dispatcher;

static PyObject *error_hook;        /* (status, file, line, col, msg, func) -> exception */
static PyObject *unbox_hook;        /* (slot value, IR type) -> the Python value of a leaf */
static PyObject *str_slow_call, *str_reshape;

/* set_tensor_support's: numpy.ndarray, numpy.frombuffer, the result hook
   (descriptor address, IR type, argument arrays) -> array, the import table's free */
static PyTypeObject *array_type;
static PyObject *frombuffer, *result_hook;
typedef void (*free_fn)(void *);
static free_fn block_free;

static const char OVERFLOW_MSG[] = "Python int too large to convert to a 64-bit pts int";


/* ------------------------------------------------------------------ the call */

static PyObject *
raise_status(int32_t status, const Context *ctx)
{
    if (error_hook == NULL) {
        PyErr_Format(PyExc_SystemError, "pts: native call failed with status %d", (int)status);
        return NULL;
    }
    PyObject *exc = PyObject_CallFunction(error_hook, "izLLzz", (int)status, ctx->file,
                                          (long long)ctx->line, (long long)ctx->col,
                                          ctx->msg, ctx->func);
    if (exc == NULL)
        return NULL;
    if (PyExceptionInstance_Check(exc))
        PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
    else
        PyErr_SetString(PyExc_SystemError, "pts: error hook did not return an exception");
    Py_DECREF(exc);
    return NULL;
}

static PyObject *block_make(void *header, void *data, Py_ssize_t nbytes, free_fn free);

/* Write at d the descriptor {data, owner 0, shape[r], strides[r] in elements} of the array
   in buffer v, whose items are `itemsize` bytes: 0 if a byte stride is not a whole number
   of items (the descriptor is then wrong), else 1. */
static int
write_desc(const Py_buffer *v, Py_ssize_t itemsize, int64_t *d)
{
    int ok = 1;
    d[0] = (int64_t)(intptr_t)v->buf;
    d[1] = 0;
    for (int k = 0; k < v->ndim; k++) {
        d[2 + k] = v->shape[k];
        ok &= v->strides[k] % itemsize == 0;
        d[2 + v->ndim + k] = v->strides[k] / itemsize;
    }
    return ok;
}

/* The tensor allocations a result has made arrays of so far: a second result over the
   same allocation (`return (h, h)`) is a new array sharing the first one's memory, as
   runtime/tensors.py TensorCall.unbox makes it (the allocation is taken out of the arena
   once). */
typedef struct {
    int64_t owner, data;
    Py_ssize_t nbytes;
    PyObject *block, *array;        /* borrowed: the result being built holds them */
} Seen;

typedef struct {
    const int64_t *res;             /* the result slots */
    int pos;                        /* the next slot to read */
    const unsigned char *pc;        /* the next op of the result program */
    PyObject *objs;                 /* the program's leaf objects */
    const char *params;             /* to find the array arguments (results over them) */
    PyObject *const *args;
    Py_ssize_t n;
    Seen seen[MAX_SEEN];
    int nseen;
} Boxer;

/* The array arguments among args (the bases of results that are views of them). */
static PyObject *
array_inputs(const char *params, PyObject *const *args, Py_ssize_t n)
{
    PyObject *inputs = PyList_New(0);
    if (inputs == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        if (params[i] == S_TENSOR && PyList_Append(inputs, args[i]) < 0) {
            Py_DECREF(inputs);
            return NULL;
        }
    return inputs;
}

/* The array result whose descriptor the callee wrote at `desc` (numpy dtype, item size,
   rank and IR type of the result): an array over a Block when it is a C-contiguous
   allocation of the call, else what the result hook makes of it.  `b` (NULL for a
   single result) remembers the allocations of a result of several arrays. */
static PyObject *
tensor_result(PyObject *dtype, Py_ssize_t itemsize, int r, PyObject *ir_type,
              const int64_t *desc, const char *params, PyObject *const *args, Py_ssize_t n,
              Boxer *b)
{
    int64_t data = desc[0], owner = desc[1], count = 1, want = 1;
    int contiguous = owner != 0;
    for (int k = r - 1; k >= 0; k--) {
        count *= desc[2 + k];
        if (desc[2 + k] != 1 && desc[2 + r + k] != want)
            contiguous = 0;
        want *= desc[2 + k];
    }
    Py_ssize_t nbytes = (Py_ssize_t)count * itemsize;
    Seen *seen = NULL, *rec = NULL;
    if (b != NULL && owner != 0 && count != 0)
        for (int i = 0; i < b->nseen; i++)
            if (b->seen[i].owner == owner)
                seen = &b->seen[i];
    PyObject *flat = NULL;
    if (seen != NULL && seen->block != NULL && contiguous && seen->data == data &&
            seen->nbytes == nbytes) {
        flat = PyObject_CallFunctionObjArgs(frombuffer, seen->block, dtype, NULL);
    } else if (seen != NULL) {
        /* another view of an allocation already taken: over the first array's memory */
        int64_t copy[2 + 2 * MAX_RANK];
        memcpy(copy, desc, sizeof(int64_t) * (size_t)(2 + 2 * r));
        copy[1] = 0;
        PyObject *out = PyObject_CallFunction(result_hook, "KO[O]",
                                              (unsigned long long)(uintptr_t)copy, ir_type,
                                              seen->array);
        return out;
    } else if (!contiguous || count == 0) {
        PyObject *inputs = array_inputs(params, args, n);
        if (inputs == NULL)
            return NULL;
        PyObject *out = PyObject_CallFunction(result_hook, "KOO",
                                              (unsigned long long)(uintptr_t)desc,
                                              ir_type, inputs);
        Py_DECREF(inputs);
        if (out != NULL && b != NULL && owner != 0 && count != 0)
            b->seen[b->nseen++] = (Seen){owner, data, nbytes, NULL, out};
        return out;
    } else {
        PyObject *block = block_make((void *)(uintptr_t)owner, (void *)(uintptr_t)data,
                                     nbytes, block_free);
        if (block == NULL)
            return NULL;
        flat = PyObject_CallFunctionObjArgs(frombuffer, block, dtype, NULL);
        Py_DECREF(block);               /* the array keeps it */
        if (flat != NULL && b != NULL) {     /* (a 't' program has <= MAX_SEEN arrays) */
            rec = &b->seen[b->nseen++];
            *rec = (Seen){owner, data, nbytes, block, NULL};
        }
    }
    if (flat == NULL)
        return NULL;
    PyObject *out = flat;
    if (r != 1) {
        PyObject *shape = PyTuple_New(r);
        if (shape == NULL) {
            Py_DECREF(flat);
            return NULL;
        }
        for (int k = 0; k < r; k++) {
            PyObject *dim = PyLong_FromLongLong(desc[2 + k]);
            if (dim == NULL) {
                Py_DECREF(shape);
                Py_DECREF(flat);
                return NULL;
            }
            PyTuple_SET_ITEM(shape, k, dim);
        }
        out = PyObject_CallMethodOneArg(flat, str_reshape, shape);
        Py_DECREF(shape);
        Py_DECREF(flat);
    }
    if (rec != NULL)
        rec->array = out;           /* (NULL on error: the whole result fails then) */
    return out;
}

/* The runtime's string at p (runtime/c/strings.c: UTF-8 bytes, their count before them). */
static PyObject *
str_result(int64_t p)
{
    const char *s = (const char *)(intptr_t)p;
    int64_t len;
    memcpy(&len, s - 8, sizeof len);
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)len, "surrogatepass");
}

/* The runtime's list at p (llvm_types.LIST_T: len, cap, data) of i64 ('i'), f64 ('f') or
   i1 ('b', a byte each) items. */
static PyObject *
list_result(int64_t p, char elem)
{
    const int64_t *hdr = (const int64_t *)(intptr_t)p;
    Py_ssize_t len = (Py_ssize_t)hdr[0];
    const char *data = (const char *)(intptr_t)hdr[2];
    PyObject *out = PyList_New(len);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *item;
        if (elem == 'b') {
            item = PyBool_FromLong(data[i] != 0);
        } else if (elem == 'f') {
            double d;
            memcpy(&d, data + 8 * i, sizeof d);
            item = PyFloat_FromDouble(d);
        } else {
            int64_t v;
            memcpy(&v, data + 8 * i, sizeof v);
            item = PyLong_FromLongLong(v);
        }
        if (item == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

/* One value of a 'g' result, made by the program at b->pc from the slots at b->pos
   (runtime/native.py result_program writes it; the slots are NativeEntry._unbox's):
     'i' 'f' 'b' 'c'  an int, float, bool, complex (2 slots)
     'n'              None (a slot)
     's'              a str;  'l' and 'i'|'f'|'b': a list of those
     't' k            an array, ret_objs[k] = (numpy dtype, item size, rank, IR type)
     'x' k            a numpy scalar, ret_objs[k] = (its type, item size): the slot's low
                      bytes are its value (unbox_other's), written as numpy's
                      PyArrayScalar_New + PyArrayScalar_ASSIGN write it (the type's
                      tp_alloc, then the value right after the object's head)
     'y' k            a numpy bool, ret_objs[k] = (numpy.False_, numpy.True_)
     'h' k            the unbox hook's value of the slot for IR type ret_objs[k]
     '(' k ...        a tuple of the k values that follow
     '?' s p ...      an Optional: a flag slot, then the value (s slots, p program bytes) */
static PyObject *
box_value(Boxer *b)
{
    unsigned char op = *b->pc++;
    int64_t raw = 0;
    if (op != '(' && op != '?')
        raw = b->res[b->pos++];
    switch (op) {
    case 'i':
        return PyLong_FromLongLong(raw);
    case 'f': {
        double d;
        memcpy(&d, &raw, sizeof d);
        return PyFloat_FromDouble(d);
    }
    case 'b':
        return PyBool_FromLong(raw != 0);
    case 'c': {
        double re, im;
        int64_t raw2 = b->res[b->pos++];
        memcpy(&re, &raw, sizeof re);
        memcpy(&im, &raw2, sizeof im);
        return PyComplex_FromDoubles(re, im);
    }
    case 'n':
        Py_RETURN_NONE;
    case 's':
        return str_result(raw);
    case 'l':
        return list_result(raw, (char)*b->pc++);
    case 't': {
        PyObject *info = PyTuple_GET_ITEM(b->objs, *b->pc++);
        return tensor_result(PyTuple_GET_ITEM(info, 0),
                             PyLong_AsSsize_t(PyTuple_GET_ITEM(info, 1)),
                             (int)PyLong_AsLong(PyTuple_GET_ITEM(info, 2)),
                             PyTuple_GET_ITEM(info, 3), (const int64_t *)(intptr_t)raw,
                             b->params, b->args, b->n, b);
    }
    case 'x': {
        PyObject *info = PyTuple_GET_ITEM(b->objs, *b->pc++);
        PyTypeObject *tp = (PyTypeObject *)PyTuple_GET_ITEM(info, 0);
        size_t size = (size_t)PyLong_AsSsize_t(PyTuple_GET_ITEM(info, 1));
        PyObject *o = tp->tp_alloc(tp, 0);
        if (o != NULL)                  /* (little-endian: the low bytes come first) */
            memcpy((char *)o + sizeof(PyObject), &raw, size);
        return o;
    }
    case 'y':
        return Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(b->objs, *b->pc++), raw != 0));
    case 'h': {
        PyObject *t = PyTuple_GET_ITEM(b->objs, *b->pc++);
        if (unbox_hook == NULL) {
            PyErr_SetString(PyExc_SystemError, "pts: no unbox hook");
            return NULL;
        }
        return PyObject_CallFunction(unbox_hook, "LO", (long long)raw, t);
    }
    case '(': {
        int k = *b->pc++;
        PyObject *t = PyTuple_New(k);
        if (t == NULL)
            return NULL;
        for (int i = 0; i < k; i++) {
            PyObject *item = box_value(b);
            if (item == NULL) {
                Py_DECREF(t);
                return NULL;
            }
            PyTuple_SET_ITEM(t, i, item);
        }
        return t;
    }
    case '?': {
        int slots = b->pc[0], len = b->pc[1];
        b->pc += 2;
        if (b->res[b->pos++] == 0) {
            b->pos += slots;
            b->pc += len;
            Py_RETURN_NONE;
        }
        return box_value(b);
    }
    default:
        PyErr_Format(PyExc_SystemError, "pts: bad result program op %d", (int)op);
        return NULL;
    }
}

typedef int64_t Desc[2 + 2 * MAX_RANK];     /* an array argument's descriptor */

/* Argument v of a 'g' parameter by the program at *pc (runtime/native.py arg_program: the
   value's type as the signature saw it, and the parameter's slots):
     'i' an int in an i64 slot, 'I' an int in an f64 slot, 'f' a float, 'b' a bool in an
     i1 slot, 'B' in an i64 slot, 'D' in an f64 slot, 'n' None (a 0 slot),
     '0' k: None for an Optional (flag 0, k zero slots), '1' ...: a value for an Optional
     (flag 1, then the value), '(' k ...: an exact tuple of k values.
   With slots NULL, only checks: 1 if v has that type, else 0.  Else writes the slots from
   *s on (v checked already): 0, or -1 with OverflowError for an int beyond i64. */
static int
unbox_arg(const unsigned char **pc, PyObject *v, int64_t *slots, int *s)
{
    unsigned char op = *(*pc)++;
    switch (op) {
    case 'i': case 'I':
        if (slots == NULL)
            return PyLong_CheckExact(v);
        if (op == 'i') {
            int overflow;
            long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
            if (overflow) {
                PyErr_SetString(PyExc_OverflowError, OVERFLOW_MSG);
                return -1;
            }
            slots[(*s)++] = x;
        } else {
            double d = PyLong_AsDouble(v);
            if (d == -1.0 && PyErr_Occurred())
                return -1;
            memcpy(&slots[(*s)++], &d, sizeof d);
        }
        return 0;
    case 'f': {
        if (slots == NULL)
            return PyFloat_CheckExact(v);
        double d = PyFloat_AS_DOUBLE(v);
        memcpy(&slots[(*s)++], &d, sizeof d);
        return 0;
    }
    case 'b': case 'B': case 'D':
        if (slots == NULL)
            return PyBool_Check(v);
        if (op == 'D') {
            double b = v == Py_True;
            memcpy(&slots[(*s)++], &b, sizeof b);
        } else {
            slots[(*s)++] = v == Py_True;
        }
        return 0;
    case 'n':
        if (slots == NULL)
            return v == Py_None;
        slots[(*s)++] = 0;
        return 0;
    case '0': {
        int k = *(*pc)++;
        if (slots == NULL)
            return v == Py_None;
        for (int j = 0; j <= k; j++)
            slots[(*s)++] = 0;
        return 0;
    }
    case '1':
        if (slots == NULL)
            return v != Py_None && unbox_arg(pc, v, NULL, NULL);
        slots[(*s)++] = 1;
        return unbox_arg(pc, v, slots, s);
    case '(': {
        int k = *(*pc)++;
        if (slots == NULL && !(PyTuple_CheckExact(v) && PyTuple_GET_SIZE(v) == k))
            return 0;
        for (int j = 0; j < k; j++) {
            int r = unbox_arg(pc, PyTuple_GET_ITEM(v, j), slots, s);
            if (slots == NULL ? r != 1 : r < 0)
                return slots == NULL ? 0 : -1;
        }
        return slots == NULL ? 1 : 0;
    }
    default:
        return slots == NULL ? 0 : (PyErr_SetString(PyExc_SystemError,
                                                    "pts: bad argument program"), -1);
    }
}

/* Call entry e with the n arguments (descs: the descriptors of its array arguments). */
static PyObject *
call_entry(const Entry *e, PyObject *const *args, Py_ssize_t n, Desc *descs)
{
    int64_t slots_[MAX_SLOTS + 1];
    int s = 0;
    for (Py_ssize_t i = 0; i < n; i++, s++) {
        PyObject *a = args[i];
        int64_t *slot = &slots_[s];         /* this argument's (first) slot */
        int kind = (int)((e->key >> (8 + 2 * i)) & 3);
        char p = e->params[i];
        if (p == S_GENERAL) {
            const unsigned char *pc =
                (const unsigned char *)PyBytes_AS_STRING(PyTuple_GET_ITEM(e->arg_progs, i));
            if (unbox_arg(&pc, a, slots_, &s) < 0)
                return NULL;
            s--;                            /* (the loop's s++) */
        } else if (kind == K_ARRAY) {
            *slot = (int64_t)(intptr_t)descs[i];
        } else if (kind == K_INT) {
            if (p == S_I64) {
                int overflow;
                long long v = PyLong_AsLongLongAndOverflow(a, &overflow);
                if (overflow) {
                    PyErr_SetString(PyExc_OverflowError, OVERFLOW_MSG);
                    return NULL;
                }
                *slot = v;
            } else {                                    /* S_F64 */
                double d = PyLong_AsDouble(a);
                if (d == -1.0 && PyErr_Occurred())
                    return NULL;
                memcpy(slot, &d, sizeof d);
            }
        } else if (kind == K_FLOAT) {                   /* S_F64 */
            double d = PyFloat_AS_DOUBLE(a);
            memcpy(slot, &d, sizeof d);
        } else {                                        /* K_BOOL */
            int b = a == Py_True;
            if (p == S_F64) {
                double d = b;
                memcpy(slot, &d, sizeof d);
            } else {
                *slot = b;
            }
        }
    }
    Context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.imports = e->imports;
    ctx.stack_limit = e->stack_budget;
    boxed_fn fn = e->fn;
    release_fn release = e->release;
    char ret = e->ret;
    int32_t status;
    int64_t results[MAX_RESULTS];
    results[0] = results[1] = 0;
    Py_BEGIN_ALLOW_THREADS
    status = fn(&ctx, slots_, results);
    if (status == 0 && ctx.lists != NULL && ret != S_TENSOR && ret != S_GENERAL)
        release(&ctx);
    Py_END_ALLOW_THREADS
    if (status != 0) {
        raise_status(status, &ctx);     /* reads ctx's strings before the lists go */
        if (ctx.lists != NULL)
            release(&ctx);
        return NULL;
    }
    switch (ret) {
    case S_I64:
        return PyLong_FromLongLong(results[0]);
    case S_F64: {
        double d;
        memcpy(&d, &results[0], sizeof d);
        return PyFloat_FromDouble(d);
    }
    case S_I1:
        return PyBool_FromLong(results[0] != 0);
    case S_TENSOR: {                    /* its allocation leaves the arena before release */
        PyObject *out = tensor_result(e->ret_dtype, e->ret_itemsize, e->ret_rank, e->ret_type,
                                      (const int64_t *)(intptr_t)results[0], e->params, args,
                                      n, NULL);
        if (ctx.lists != NULL)
            release(&ctx);
        return out;
    }
    case S_GENERAL: {                   /* read before release: strings, lists, arrays */
        Boxer b;
        b.res = results;
        b.pos = 0;
        b.pc = (const unsigned char *)PyBytes_AS_STRING(e->ret_prog);
        b.objs = e->ret_objs;
        b.params = e->params;
        b.args = args;
        b.n = n;
        b.nseen = 0;
        PyObject *out = box_value(&b);
        if (ctx.lists != NULL)
            release(&ctx);
        return out;
    }
    default:
        Py_RETURN_NONE;
    }
}

static PyObject *
slow_call(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    PyObject *meth = PyObject_GetAttr(self, str_slow_call);
    if (meth == NULL)
        return NULL;
    PyObject *r = PyObject_Vectorcall(meth, args, nargsf, kwnames);
    Py_DECREF(meth);
    return r;
}

/* The head of a numpy array object (numpy's PyArrayObject_fields, whose layout numpy's
   own inline accessors fix): read only for objects of exact type numpy.ndarray. */
typedef struct {
    PyObject_HEAD
    char *data;
    int nd;
    Py_ssize_t *dimensions, *strides;
    PyObject *base, *descr;
    int flags;
} ArrayHead;

#define NPY_ALIGNED_FLAG 0x0100     /* numpy's NPY_ARRAY_ALIGNED */

/* The buffer formats of the dtypes (descr objects) whose arrays have come through the
   buffer protocol: an aligned array of exact type ndarray with one of these descrs is read
   from its head (array_view), without PyObject_GetBuffer, which builds and compares
   numpy's buffer info on every call (~100 ns an argument).  numpy's format depends only on
   the descr, given the array is aligned (an unaligned one exports "=d"-like formats).
   Holds its descrs; at most MAX_KNOWN, first come. */
#define MAX_KNOWN 16
static struct { PyObject *descr; char format[MAX_FORMAT]; Py_ssize_t itemsize; } known[MAX_KNOWN];
static int nknown;

static int
known_descr(PyObject *descr)
{
    for (int i = 0; i < nknown; i++)
        if (known[i].descr == descr)
            return i;
    return -1;
}

static void
learn_descr(PyObject *a, const Py_buffer *v)
{
    ArrayHead *h = (ArrayHead *)a;
    if (nknown == MAX_KNOWN || !(h->flags & NPY_ALIGNED_FLAG) || known_descr(h->descr) >= 0)
        return;
    Py_INCREF(h->descr);
    known[nknown].descr = h->descr;
    strcpy(known[nknown].format, v->format);
    known[nknown].itemsize = v->itemsize;
    nknown++;
}

/* The buffer of array argument a (of exact type ndarray) and its descriptor, as entries
   expect them: 1 with *v and d filled, 0 (nothing held) for one the Python path must take,
   -1 with an exception set.  An aligned array of a known dtype (known_descr) is read from
   its head: *v is filled as the buffer protocol would fill it, with v->internal marking it and
   nothing held (release_view); others go through PyObject_GetBuffer. */
static int
array_view(PyObject *a, Py_buffer *v, int64_t *d)
{
    ArrayHead *h = (ArrayHead *)a;
    int k;
    if ((h->flags & NPY_ALIGNED_FLAG) && h->nd <= MAX_RANK &&
            (k = known_descr(h->descr)) >= 0) {
        v->obj = a;
        v->buf = h->data;
        v->ndim = h->nd;
        v->shape = h->dimensions;
        v->strides = h->strides;
        v->itemsize = known[k].itemsize;
        v->format = known[k].format;
        v->readonly = 1;
        v->suboffsets = NULL;
        v->internal = (void *)&known;   /* (not held: nothing to release) */
        return write_desc(v, v->itemsize, d);
    }
    if (PyObject_GetBuffer(a, v, PyBUF_RECORDS_RO) < 0)
        return -1;
    int ok = v->ndim <= MAX_RANK && v->itemsize > 0 && v->format != NULL &&
             strlen(v->format) < MAX_FORMAT && write_desc(v, v->itemsize, d);
    if (!ok)
        PyBuffer_Release(v);
    else
        learn_descr(a, v);
    return ok;
}

/* Release a view array_view filled (one read from an array's head holds nothing). */
static void
release_view(Py_buffer *v)
{
    if (v->internal == (void *)&known)
        v->obj = NULL;
    else
        PyBuffer_Release(v);
}

/* Is buffer format `got` the dtype of format `want` (what numpy exports for the entry's
   dtype)?  numpy.longlong is int64 too where long is 64 bits, but exports "q", not "l". */
static int
same_format(const char *got, const char *want)
{
    if (sizeof(long) == sizeof(long long) && (strcmp(got, "q") == 0 || strcmp(got, "Q") == 0))
        got = got[0] == 'q' ? "l" : "L";
    return strcmp(got, want) == 0;
}

/* Does entry e take these arrays (their buffer formats and ranks; views[i].obj is NULL
   for an argument that is no array) and the values of its 'g' parameters? */
static int
arrays_match(const Entry *e, const Py_buffer *views, PyObject *const *args, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        if (e->params[i] == S_TENSOR &&
            (views[i].obj == NULL || views[i].ndim != e->ranks[i] ||
             !same_format(views[i].format, e->formats[i])))
            return 0;
        if (e->params[i] == S_GENERAL) {
            const unsigned char *pc =
                (const unsigned char *)PyBytes_AS_STRING(PyTuple_GET_ITEM(e->arg_progs, i));
            if (views[i].obj != NULL || unbox_arg(&pc, args[i], NULL, NULL) != 1)
                return 0;
        }
    }
    return 1;
}

/* Is a the value b that was folded in: the same object, or of the same exact type and
   equal (a tuple item by item, so that 1 == 1.0 does not pass for a list of floats folded
   as ints)?  Errors count as "no": the Python path decides. */
static int
same_value(PyObject *a, PyObject *b)
{
    if (a == b)
        return 1;
    if (Py_TYPE(a) != Py_TYPE(b))
        return 0;
    if (PyTuple_CheckExact(a) || PyList_CheckExact(a)) {
        Py_ssize_t n = Py_SIZE(a);
        if (Py_SIZE(b) != n)
            return 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (Py_SIZE(a) != n)         /* (items are numbers, str, tuples, None: no */
                return 0;                /* Python code runs here; checked all the same) */
            PyObject *x = PySequence_Fast_ITEMS(a)[i], *y = PySequence_Fast_ITEMS(b)[i];
            if (x == y)                  /* the usual case: the folded copy's own item */
                continue;
            Py_INCREF(x);
            Py_INCREF(y);
            int ok = same_value(x, y);
            Py_DECREF(x);
            Py_DECREF(y);
            if (!ok)
                return 0;
        }
        return 1;
    }
    int eq = PyObject_RichCompareBool(a, b, Py_EQ);
    if (eq < 0)
        PyErr_Clear();
    return eq == 1;
}

/* Do the module-level lists an entry folded in still hold what it folded?  The cost is a
   walk of each list, mostly pointer compares (the folded copy holds the list's own items):
   ~1 ns an item, less than the copy of the list the code builds at each call. */
static int
folds_hold(PyObject *folds)
{
    if (folds == NULL)
        return 1;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(folds); i++) {
        PyObject *f = PyTuple_GET_ITEM(folds, i);
        PyObject *v = PyDict_GetItemWithError(PyTuple_GET_ITEM(f, 0), PyTuple_GET_ITEM(f, 1));
        if (v == NULL) {
            PyErr_Clear();
            return 0;
        }
        Py_INCREF(v);
        int ok = PyList_CheckExact(v) && same_value(v, PyTuple_GET_ITEM(f, 2));
        Py_DECREF(v);
        if (!ok)
            return 0;
    }
    return 1;
}

static int not_found_marker;
#define NOT_FOUND ((PyObject *)&not_found_marker)

/* Call the entry that takes these n arguments (`only`, or any function entry when NULL):
   its result, NULL with an exception, or NOT_FOUND when none takes them. */
static PyObject *
find_and_call(Dispatcher *self, PyObject *const *args, Py_ssize_t n, const Entry *only)
{
    if (n > MAX_ARGS)
        return NOT_FOUND;
    uint64_t key = (uint64_t)n;
    int arrays = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *a = args[i];
        uint64_t kind;
        if (PyLong_CheckExact(a))
            kind = K_INT;
        else if (PyFloat_CheckExact(a))
            kind = K_FLOAT;
        else if (PyBool_Check(a))
            kind = K_BOOL;
        else if (array_type != NULL && Py_TYPE(a) == array_type) {
            kind = K_ARRAY;
            arrays = 1;
        } else if (PyTuple_CheckExact(a) || a == Py_None) {
            kind = K_ARRAY;                 /* for a 'g' parameter (its program checks) */
            arrays = 1;
        } else
            return NOT_FOUND;
        key |= kind << (8 + 2 * i);
    }
    if (!arrays) {
        if (only != NULL)
            return only->key == key ? call_entry(only, args, n, NULL) : NOT_FOUND;
        for (int i = 0; i < self->nentries; i++)
            if (self->entries[i].key == key && self->entries[i].nuser < 0 &&
                    folds_hold(self->entries[i].folds))
                return call_entry(&self->entries[i], args, n, NULL);
        return NOT_FOUND;
    }
    Py_buffer views[MAX_ARGS];
    Desc descs[MAX_ARGS];
    Py_ssize_t held = 0;            /* views[:held] of the array arguments are filled */
    PyObject *out = NOT_FOUND;
    for (; held < n; held++) {
        views[held].obj = NULL;
        if (((key >> (8 + 2 * held)) & 3) != K_ARRAY || Py_TYPE(args[held]) != array_type)
            continue;
        int ok = array_view(args[held], &views[held], descs[held]);
        if (ok < 0)
            PyErr_Clear();          /* the Python path raises what it raises */
        if (ok <= 0)
            break;
    }
    if (held == n)
        for (int i = 0; i < self->nentries && out == NOT_FOUND; i++) {
            const Entry *e = &self->entries[i];
            if ((only != NULL ? e == only : e->nuser < 0) && e->key == key &&
                    arrays_match(e, views, args, n) && folds_hold(e->folds))
                out = call_entry(e, args, n, descs);
        }
    for (Py_ssize_t i = 0; i < held; i++)
        if (views[i].obj != NULL)
            release_view(&views[i]);
    return out;
}


/* The value at `path` from root, as frontend/objects.py `resolve` finds it: each step a
   (name, index) pair, index >= 0 read from lists and tuples, name from other objects.  A
   new reference, or NULL (no exception) where that fails: the Python path then decides. */
static PyObject *
resolve_path(PyObject *root, PyObject *path)
{
    PyObject *obj = root;
    Py_INCREF(obj);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(path); i++) {
        PyObject *step = PyTuple_GET_ITEM(path, i), *next;
        if (PyList_Check(obj) || PyTuple_Check(obj)) {
            Py_ssize_t index = PyLong_AsSsize_t(PyTuple_GET_ITEM(step, 1));
            next = index >= 0 ? PySequence_GetItem(obj, index) : NULL;
        } else {
            next = PyObject_GetAttr(obj, PyTuple_GET_ITEM(step, 0));
        }
        Py_DECREF(obj);
        if (next == NULL) {
            PyErr_Clear();
            return NULL;
        }
        obj = next;
    }
    return obj;
}

enum { G_TENSOR = 1, G_CONST = 2, G_CLASS = 3, G_ITEMS = 4, G_MODULES = 5 };

/* Does one guard (path, kind, a, b) hold for value v?  (pts/api.py c_guards writes them;
   each is frontend/objects.py guards_hold's check or a stricter one.) */
static int
guard_holds(PyObject *v, long kind, PyObject *a, PyObject *b)
{
    switch (kind) {
    case G_TENSOR:          /* a: rank, b: the numpy dtype (exact, native byte order) */
        return Py_TYPE(v) == array_type && ((ArrayHead *)v)->nd == PyLong_AsLong(a) &&
               ((ArrayHead *)v)->descr == b;
    case G_CONST: {         /* a: the value folded in */
        if (Py_TYPE(v) != Py_TYPE(a))
            return 0;
        if (v == a)
            return 1;
        int eq = PyObject_RichCompareBool(v, a, Py_EQ);
        if (eq < 0)
            PyErr_Clear();
        return eq == 1;
    }
    case G_CLASS:           /* a: the class */
        return (PyObject *)Py_TYPE(v) == a;
    case G_ITEMS:           /* a: the length of an exact list or tuple */
        return (PyList_CheckExact(v) || PyTuple_CheckExact(v)) &&
               Py_SIZE(v) == PyLong_AsSsize_t(a);
    case G_MODULES: {       /* a: the class, b: the names of _modules (a dict), in order */
        if ((PyObject *)Py_TYPE(v) != a)
            return 0;
        PyObject *mods = PyObject_GetAttrString(v, "_modules");
        if (mods == NULL) {
            PyErr_Clear();
            return 0;
        }
        int ok = PyDict_CheckExact(mods) && PyDict_GET_SIZE(mods) == PyTuple_GET_SIZE(b);
        Py_ssize_t pos = 0, i = 0;
        PyObject *k, *val;
        while (ok && PyDict_Next(mods, &pos, &k, &val)) {
            PyObject *want = PyTuple_GET_ITEM(b, i++);
            ok = PyUnicode_CheckExact(k) && (k == want || PyUnicode_Compare(k, want) == 0);
        }
        Py_DECREF(mods);
        if (PyErr_Occurred())
            PyErr_Clear();
        return ok;
    }
    default:
        return 0;
    }
}

static int
guards_hold(PyObject *root, PyObject *guards)
{
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(guards); i++) {
        PyObject *g = PyTuple_GET_ITEM(guards, i);
        PyObject *v = resolve_path(root, PyTuple_GET_ITEM(g, 0));
        if (v == NULL)
            return 0;
        int ok = guard_holds(v, PyLong_AsLong(PyTuple_GET_ITEM(g, 1)), PyTuple_GET_ITEM(g, 2),
                             PyTuple_GET_ITEM(g, 3));
        Py_DECREF(v);
        if (!ok)
            return 0;
    }
    return 1;
}

/* A scripted method's call: the first entry for n arguments whose guards hold on the
   model, called with the arguments and then the model's values at its lifted paths. */
static PyObject *
model_call(Dispatcher *self, PyObject *const *args, Py_ssize_t n)
{
    PyObject *full[MAX_ARGS];
    for (int i = 0; i < self->nentries; i++) {
        const Entry *e = &self->entries[i];
        Py_ssize_t nl = PyTuple_GET_SIZE(e->lifted);
        if (e->nuser != n || n + nl > MAX_ARGS || !guards_hold(self->root, e->guards))
            continue;
        memcpy(full, args, sizeof(PyObject *) * (size_t)n);
        Py_ssize_t got = 0;
        for (; got < nl; got++) {
            full[n + got] = resolve_path(self->root, PyTuple_GET_ITEM(e->lifted, got));
            if (full[n + got] == NULL)
                break;
        }
        PyObject *out = got == nl ? find_and_call(self, full, n + nl, e) : NOT_FOUND;
        for (Py_ssize_t k = 0; k < got; k++)
            Py_DECREF(full[n + k]);
        if (out != NOT_FOUND)
            return out;
    }
    return NOT_FOUND;
}

static PyObject *
dispatcher_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Dispatcher *self = (Dispatcher *)op;
    if (self->forward != NULL)
        return PyObject_Vectorcall(self->forward, args, nargsf, kwnames);
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if (self->nentries == 0 || n > MAX_ARGS || (kwnames && PyTuple_GET_SIZE(kwnames)))
        return slow_call(op, args, nargsf, kwnames);
    PyObject *out = self->root != NULL ? model_call(self, args, n)
                                       : find_and_call(self, args, n, NULL);
    return out != NOT_FOUND ? out : slow_call(op, args, nargsf, kwnames);
}


/* ------------------------------------------------------------------ the type */

static PyObject *
dispatcher_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    Dispatcher *self = (Dispatcher *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->vectorcall = dispatcher_vectorcall;
    self->nentries = 0;
    self->root = self->forward = NULL;
    return (PyObject *)self;
}

static int
dispatcher_traverse(Dispatcher *self, visitproc visit, void *arg)
{
    for (int i = 0; i < self->nentries; i++) {
        Py_VISIT(self->entries[i].keep);
        Py_VISIT(self->entries[i].ret_dtype);
        Py_VISIT(self->entries[i].ret_type);
        Py_VISIT(self->entries[i].ret_prog);
        Py_VISIT(self->entries[i].ret_objs);
        Py_VISIT(self->entries[i].guards);
        Py_VISIT(self->entries[i].lifted);
        Py_VISIT(self->entries[i].folds);
        Py_VISIT(self->entries[i].arg_progs);
    }
    Py_VISIT(self->root);
    Py_VISIT(self->forward);
    return 0;
}

static int
dispatcher_clear(Dispatcher *self)
{
    int n = self->nentries;
    self->nentries = 0;
    for (int i = 0; i < n; i++) {
        Py_CLEAR(self->entries[i].keep);
        Py_CLEAR(self->entries[i].ret_dtype);
        Py_CLEAR(self->entries[i].ret_type);
        Py_CLEAR(self->entries[i].ret_prog);
        Py_CLEAR(self->entries[i].ret_objs);
        Py_CLEAR(self->entries[i].guards);
        Py_CLEAR(self->entries[i].lifted);
        Py_CLEAR(self->entries[i].folds);
        Py_CLEAR(self->entries[i].arg_progs);
    }
    Py_CLEAR(self->root);
    Py_CLEAR(self->forward);
    return 0;
}

static void
dispatcher_dealloc(Dispatcher *self)
{
    PyObject_GC_UnTrack(self);
    dispatcher_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
kind_of(char c)
{
    return c == 'i' ? K_INT : c == 'f' ? K_FLOAT : c == 'b' ? K_BOOL :
           c == 'a' || c == 'o' ? K_ARRAY : -1;
}

/* A parameter slot an argument kind can fill (int -> float, bool -> int/float as in the
   type checker's implicit conversions; an array only a tensor's). */
static int
fits(int kind, char p)
{
    if (p == S_GENERAL)
        return 1;                   /* (its program checks the value) */
    if (kind == K_ARRAY)
        return p == S_TENSOR;
    if (kind == K_INT)
        return p == S_I64 || p == S_F64;
    if (kind == K_FLOAT)
        return p == S_F64;
    return p == S_I1 || p == S_I64 || p == S_F64;
}

/* The arguments of _add_entry / _replace_entry, parsed. */
typedef struct {
    const char *arg_kinds, *params, *ret;
    Py_ssize_t nk, np, nr;
    unsigned long long entry, release, imports;
    long long budget;
    PyObject *arrays, *result, *arg_progs, *keep;
    int nuser;
    PyObject *guards, *lifted, *folds;
} EntryArgs;

/* The array parts of sig from a.arrays: None, or one item per argument (None, or an array
 * argument's (buffer format, rank)) and one for the result (None, or a tensor result's
 * (numpy dtype, item size, rank, IR type), borrowed).  0 if the fast path cannot take them. */
static int
parse_arrays(const EntryArgs *a, Entry *sig)
{
    int tensors = 0;
    for (Py_ssize_t i = 0; i < a->nk; i++)
        tensors |= a->params[i] == S_TENSOR;
    tensors |= a->ret[0] == S_TENSOR;
    if (a->arrays == Py_None)
        return !tensors && (a->ret[0] != S_GENERAL || array_type != NULL ||
                            !PyTuple_GET_SIZE(sig->ret_objs));
    if (!PyTuple_Check(a->arrays) || PyTuple_GET_SIZE(a->arrays) != a->nk + 1 || array_type == NULL)
        return 0;
    for (Py_ssize_t i = 0; i < a->nk; i++) {
        PyObject *item = PyTuple_GET_ITEM(a->arrays, i);
        if (a->params[i] != S_TENSOR)
            continue;
        const char *format;
        Py_ssize_t len;
        int rank;
        if (!PyArg_ParseTuple(item, "s#i", &format, &len, &rank)) {
            PyErr_Clear();
            return 0;
        }
        if (len >= MAX_FORMAT || rank < 0 || rank > MAX_RANK)
            return 0;
        memcpy(sig->formats[i], format, (size_t)len + 1);
        sig->ranks[i] = rank;
    }
    if (a->ret[0] == S_TENSOR) {
        PyObject *item = PyTuple_GET_ITEM(a->arrays, a->nk);
        if (!PyArg_ParseTuple(item, "OniO", &sig->ret_dtype, &sig->ret_itemsize,
                              &sig->ret_rank, &sig->ret_type)) {
            PyErr_Clear();
            return 0;
        }
        if (sig->ret_itemsize <= 0 || sig->ret_rank < 1 || sig->ret_rank > MAX_RANK)
            return 0;
    }
    return 1;
}

/* Parse args with format fmt ("s#s#s#KKKLOOOO|iOO:name") into a and the signature parts of sig
 * (key, slot types, arrays): -1 with ValueError for a malformed signature, 0 for one the
 * fast path does not handle, 1 for one it does. */
static int
parse_entry(PyObject *args, const char *fmt, EntryArgs *a, Entry *sig)
{
    a->nuser = -1;
    a->guards = a->lifted = a->folds = NULL;
    if (!PyArg_ParseTuple(args, fmt, &a->arg_kinds, &a->nk, &a->params, &a->np, &a->ret,
                          &a->nr, &a->entry, &a->release, &a->imports, &a->budget,
                          &a->arrays, &a->result, &a->arg_progs, &a->keep, &a->nuser, &a->guards,
                          &a->lifted, &a->folds))
        return -1;
    if (a->guards == Py_None)           /* (a function entry with folds) */
        a->guards = a->lifted = NULL;
    if (a->folds == Py_None)
        a->folds = NULL;
    if (a->nk != a->np || a->nr != 1 || a->entry == 0 || a->release == 0) {
        PyErr_Format(PyExc_ValueError, "%s: bad signature", strchr(fmt, ':') + 1);
        return -1;
    }
    memset(sig, 0, sizeof *sig);
    sig->nuser = -1;
    if (a->nk > MAX_ARGS || strchr("ifbntg", a->ret[0]) == NULL || a->nk > MAX_SLOTS)
        return 0;
    if (a->ret[0] == S_GENERAL) {       /* result: (program, leaf objects, slots) */
        if (!PyArg_ParseTuple(a->result, "O!O!i", &PyBytes_Type, &sig->ret_prog,
                              &PyTuple_Type, &sig->ret_objs, &sig->nres)) {
            PyErr_Clear();
            return 0;
        }
        if (sig->nres < 0 || sig->nres > MAX_RESULTS)
            return 0;
    }
    int nslots = 0, general = 0;
    for (Py_ssize_t i = 0; i < a->nk; i++)
        general |= a->params[i] == S_GENERAL;
    if (general) {                      /* arg_progs: (bytes or None per parameter, slots) */
        PyObject *progs;
        if (!PyArg_ParseTuple(a->arg_progs, "O!i", &PyTuple_Type, &progs, &nslots)) {
            PyErr_Clear();
            return 0;
        }
        if (PyTuple_GET_SIZE(progs) != a->nk || nslots > MAX_SLOTS)
            return 0;
        for (Py_ssize_t i = 0; i < a->nk; i++)
            if ((a->params[i] == S_GENERAL) != PyBytes_Check(PyTuple_GET_ITEM(progs, i)))
                return 0;
        sig->arg_progs = progs;
    }
    if (a->guards != NULL) {            /* a model entry */
        if (!PyTuple_Check(a->guards) || a->lifted == NULL || !PyTuple_Check(a->lifted) ||
                a->nuser < 0 || a->nuser + PyTuple_GET_SIZE(a->lifted) != a->nk)
            return 0;
        sig->nuser = a->nuser;
        sig->guards = a->guards;
        sig->lifted = a->lifted;
    }
    if (a->folds != NULL) {
        if (!PyTuple_Check(a->folds) || a->guards != NULL)
            return 0;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(a->folds); i++) {
            PyObject *f = PyTuple_GET_ITEM(a->folds, i);
            if (!PyTuple_Check(f) || PyTuple_GET_SIZE(f) != 3 ||
                    !PyDict_Check(PyTuple_GET_ITEM(f, 0)) ||
                    !PyUnicode_CheckExact(PyTuple_GET_ITEM(f, 1)) ||
                    !PyList_CheckExact(PyTuple_GET_ITEM(f, 2)))
                return 0;
        }
        sig->folds = a->folds;
    }
    uint64_t k = (uint64_t)a->nk;
    for (Py_ssize_t i = 0; i < a->nk; i++) {
        int kind = kind_of(a->arg_kinds[i]);
        if (kind < 0 || !fits(kind, a->params[i]))
            return 0;
        k |= (uint64_t)kind << (8 + 2 * i);
    }
    sig->key = k;
    memcpy(sig->params, a->params, (size_t)a->np);
    sig->ret = a->ret[0];
    return parse_arrays(a, sig);
}

/* Do e and sig take the same arguments and give the same result? */
static int
same_signature(const Entry *e, const Entry *sig)
{
    return e->key == sig->key && memcmp(e->params, sig->params, sizeof e->params) == 0 &&
           e->ret == sig->ret && memcmp(e->formats, sig->formats, sizeof e->formats) == 0 &&
           memcmp(e->ranks, sig->ranks, sizeof e->ranks) == 0 &&
           e->ret_dtype == sig->ret_dtype && e->ret_rank == sig->ret_rank &&
           e->nuser == sig->nuser && e->guards == sig->guards && e->folds == sig->folds &&
           (e->arg_progs == sig->arg_progs ||
            (e->arg_progs != NULL && sig->arg_progs != NULL &&
             PyObject_RichCompareBool(e->arg_progs, sig->arg_progs, Py_EQ) == 1)) &&
           (e->ret_prog == sig->ret_prog ||
            (e->ret_prog != NULL && sig->ret_prog != NULL &&
             PyBytes_GET_SIZE(e->ret_prog) == PyBytes_GET_SIZE(sig->ret_prog) &&
             memcmp(PyBytes_AS_STRING(e->ret_prog), PyBytes_AS_STRING(sig->ret_prog),
                    (size_t)PyBytes_GET_SIZE(e->ret_prog)) == 0));
}

/* Point e at the code in a (its signature parts are set by the caller). */
static void
set_code(Entry *e, const EntryArgs *a)
{
    e->fn = (boxed_fn)(uintptr_t)a->entry;
    e->release = (release_fn)(uintptr_t)a->release;
    e->imports = (void *)(uintptr_t)a->imports;
    e->stack_budget = a->budget;
    Py_INCREF(a->keep);
    e->keep = a->keep;
}

PyDoc_STRVAR(add_entry_doc,
"_add_entry(arg_kinds, param_slots, result, entry, release, imports, stack_budget, arrays,\n"
"           program, keep[, nuser, guards, lifted, folds])\n"
"--\n\n"
"Call the boxed entry point at address `entry` for arguments of exact kinds `arg_kinds`\n"
"('i' int, 'f' float, 'b' bool, 'a' numpy.ndarray per argument).  `param_slots` gives\n"
"the slot type of each parameter ('i' i64, 'f' f64, 'b' i1, 't' tensor), `result` the\n"
"result ('i', 'f', 'b', 't', 'n' None or 'g': made by `program`, a (bytes, leaf objects,\n"
"slot count): see box_value).  `arrays` is None without tensors, else one item\n"
"per argument, None or an array's (buffer format, rank), and one for the result, None or\n"
"a tensor's (numpy dtype, item size, rank, IR type for the result hook).  `keep` is kept\n"
"alive as long as the entry.  A scripted method's entry (see _set_model) also gives the\n"
"caller's argument count, the guards (path, kind, a, b) that must hold on the model and\n"
"the paths of the model's values the call appends.  A function's entry may give instead\n"
"(-1, None, None, folds): the module-level lists its code folded in, ((globals dict, name,\n"
"value folded), ...), which must still hold those values for the entry to be taken.\n"
"Returns False (and registers\n"
"nothing) when the table is full or the signature is not one the fast path handles.");

static PyObject *
dispatcher_add_entry(Dispatcher *self, PyObject *args)
{
    EntryArgs a;
    Entry sig;
    int ok = parse_entry(args, "s#s#s#KKKLOOOO|iOOO:_add_entry", &a, &sig);
    if (ok < 0)
        return NULL;
    if (ok == 0 || self->nentries >= MAX_ENTRIES)
        Py_RETURN_FALSE;
    for (int i = 0; i < self->nentries; i++)
        if (same_signature(&self->entries[i], &sig))
            Py_RETURN_FALSE;
    Entry *e = &self->entries[self->nentries];
    *e = sig;
    Py_XINCREF(e->ret_dtype);
    Py_XINCREF(e->ret_type);
    Py_XINCREF(e->ret_prog);
    Py_XINCREF(e->ret_objs);
    Py_XINCREF(e->guards);
    Py_XINCREF(e->lifted);
    Py_XINCREF(e->folds);
    Py_XINCREF(e->arg_progs);
    set_code(e, &a);
    self->nentries++;               /* last: the entry is complete when it becomes visible */
    Py_RETURN_TRUE;
}

PyDoc_STRVAR(replace_entry_doc,
"_replace_entry(arg_kinds, param_slots, result, entry, release, imports, stack_budget,\n"
"               arrays, keep)\n"
"--\n\n"
"Call new code for a registered signature (a function's optimized tier replacing its\n"
"first code): same arguments as _add_entry.  Returns False if no entry has that\n"
"signature.  The swap happens under the GIL, which a call\n"
"holds while it reads its entry, so each call runs either the old code or the new one;\n"
"the old code must stay loaded (a call may still be running in it).");

static PyObject *
dispatcher_replace_entry(Dispatcher *self, PyObject *args)
{
    EntryArgs a;
    Entry sig;
    int ok = parse_entry(args, "s#s#s#KKKLOOOO|iOOO:_replace_entry", &a, &sig);
    if (ok < 0)
        return NULL;
    if (a.nk > MAX_ARGS) {
        PyErr_SetString(PyExc_ValueError, "_replace_entry: bad signature");
        return NULL;
    }
    for (int i = 0; ok && i < self->nentries; i++) {
        Entry *e = &self->entries[i];
        if (!same_signature(e, &sig))
            continue;
        PyObject *old = e->keep;
        set_code(e, &a);
        Py_DECREF(old);         /* may run Python code: the entry is consistent by now */
        Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

static PyObject *
dispatcher_set_model(Dispatcher *self, PyObject *root)
{
    if (self->nentries) {
        PyErr_SetString(PyExc_ValueError, "_set_model: entries are registered already");
        return NULL;
    }
    Py_INCREF(root);
    Py_XSETREF(self->root, root);
    Py_RETURN_NONE;
}

static PyObject *
dispatcher_set_forward(Dispatcher *self, PyObject *forward)
{
    if (!PyCallable_Check(forward)) {
        PyErr_SetString(PyExc_TypeError, "_set_forward needs a callable");
        return NULL;
    }
    Py_INCREF(forward);
    Py_XSETREF(self->forward, forward);
    Py_RETURN_NONE;
}

static PyObject *
dispatcher_entry_count(Dispatcher *self, PyObject *unused)
{
    return PyLong_FromLong(self->nentries);
}

static PyObject *
dispatcher_init_subclass(PyObject *cls, PyObject *args, PyObject *kwds)
{
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Dispatcher.__init_subclass__() takes no keyword arguments");
        return NULL;
    }
    PyTypeObject *t = (PyTypeObject *)cls;
    if (t->tp_call == PyVectorcall_Call && t->tp_vectorcall_offset == offsetof(Dispatcher, vectorcall))
        t->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
    Py_RETURN_NONE;
}

static PyMethodDef dispatcher_methods[] = {
    {"_add_entry", (PyCFunction)dispatcher_add_entry, METH_VARARGS, add_entry_doc},
    {"_replace_entry", (PyCFunction)dispatcher_replace_entry, METH_VARARGS, replace_entry_doc},
    {"_entry_count", (PyCFunction)dispatcher_entry_count, METH_NOARGS,
     "Number of signatures the fast path calls."},
    {"_set_model", (PyCFunction)dispatcher_set_model, METH_O,
     "_set_model(model): the entries are a scripted method's of this model (their guards "
     "and lifted paths are read from it); before any entry is added."},
    {"_set_forward", (PyCFunction)dispatcher_set_forward, METH_O,
     "_set_forward(method): calls of this object are calls of `method` (a scripted "
     "model's forward)."},
    {"__init_subclass__", (PyCFunction)(void (*)(void))dispatcher_init_subclass,
     METH_VARARGS | METH_KEYWORDS | METH_CLASS, NULL},
    {NULL}
};

static PyTypeObject DispatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pts._dispatch.Dispatcher",
    .tp_doc = PyDoc_STR("Calls compiled signatures of a scripted function from C."),
    .tp_basicsize = sizeof(Dispatcher),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC |
                Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_new = dispatcher_new,
    .tp_dealloc = (destructor)dispatcher_dealloc,
    .tp_traverse = (traverseproc)dispatcher_traverse,
    .tp_clear = (inquiry)dispatcher_clear,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Dispatcher, vectorcall),
    .tp_methods = dispatcher_methods,
};


/* ------------------------------------------------------------------ tensors

   What runtime/tensors.py TensorCall does per array in C, where ctypes took ~6 us an
   argument (ndarray.ctypes, a ctypes array per descriptor, the stride test).

   array_desc(array, itemsize) -> (bytearray, address, ok): the argument descriptor
   {data, owner 0, shape[r], strides[r] in elements} (DESIGN.md §5) in a new bytearray
   and its address; ok is False when a byte stride is not a multiple of itemsize (the
   caller copies the array).  The array comes through the buffer protocol; it and the
   bytearray must stay alive for the call.

   Block(header, data, nbytes, free): the base object of a result array over a native
   tensor allocation.  It takes the allocation out of the call's arena — the header's raw
   pointer (TENSOR_HDR_T's third field) is read and zeroed and a one-block header unlinked
   (tensor_detach), so `pts.release` frees no part of it — exposes [data, data + nbytes) as a writable buffer (np.frombuffer), and
   frees raw with the function at address `free` (the import table's) when it dies. */

static PyObject *
array_desc(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *array;
    Py_ssize_t itemsize;
    if (!PyArg_ParseTuple(args, "On:array_desc", &array, &itemsize))
        return NULL;
    if (itemsize <= 0) {
        PyErr_SetString(PyExc_ValueError, "array_desc: itemsize must be positive");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(array, &view, PyBUF_STRIDES) < 0)
        return NULL;
    int ndim = view.ndim;
    PyObject *desc = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)sizeof(int64_t) * (2 + 2 * ndim));
    if (desc == NULL) {
        PyBuffer_Release(&view);
        return NULL;
    }
    int64_t *d = (int64_t *)PyByteArray_AS_STRING(desc);
    int ok = write_desc(&view, itemsize, d);
    PyBuffer_Release(&view);
    return Py_BuildValue("(NKO)", desc, (unsigned long long)(uintptr_t)d,
                         ok ? Py_True : Py_False);
}

typedef struct {
    PyObject_HEAD
    void *raw;
    void *data;
    Py_ssize_t nbytes;
    free_fn free;
} Block;

static PyTypeObject BlockType;

static PyObject *
block_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    unsigned long long header, data, free_address;
    Py_ssize_t nbytes;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0) {
        PyErr_SetString(PyExc_TypeError, "Block takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "KKnK:Block", &header, &data, &nbytes, &free_address))
        return NULL;
    if (header == 0 || free_address == 0 || nbytes < 0) {
        PyErr_SetString(PyExc_ValueError, "Block: null header or free function, or nbytes < 0");
        return NULL;
    }
    return block_make((void *)(uintptr_t)header, (void *)(uintptr_t)data, nbytes,
                      (free_fn)(uintptr_t)free_address);
}

/* Take the tensor allocation with arena header `header` out of the call's arena: its raw
   block, which the caller frees (NULL when an earlier result took it).  The raw pointer is
   zeroed; a header in the same block as its data (backend/tensor_abi.py: raw is the header)
   is unlinked from the arena's chain as tensor.free unlinks one (through pprev, the
   address of the pointer to it), so that release never reads it again; the header of a
   two-block allocation (images compiled before) stays for release to free. */
static void *
tensor_detach(void *header)
{
    int64_t *h = (int64_t *)header;     /* {~nbytes, data, raw, next, pprev} */
    void *raw = (void *)(intptr_t)h[2];
    h[2] = 0;
    if (raw == header) {
        int64_t *next = (int64_t *)(intptr_t)h[3];
        void **pprev = (void **)(intptr_t)h[4];
        *pprev = next;
        if (next != NULL && next[0] < 0)        /* a tensor's header: its pprev moves */
            next[4] = (int64_t)(intptr_t)pprev;
    }
    return raw;
}

/* The Block of the tensor allocation with arena header `header` (its raw pointer moves
   from the header to the Block: tensor_detach). */
static PyObject *
block_make(void *header, void *data, Py_ssize_t nbytes, free_fn free)
{
    Block *b = (Block *)BlockType.tp_alloc(&BlockType, 0);
    if (b == NULL)
        return NULL;
    b->raw = tensor_detach(header);
    b->data = data;
    b->nbytes = nbytes;
    b->free = free;
    return (PyObject *)b;
}

static void
block_dealloc(Block *b)
{
    if (b->raw != NULL)
        b->free(b->raw);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

static int
block_getbuffer(Block *b, Py_buffer *view, int flags)
{
    return PyBuffer_FillInfo(view, (PyObject *)b, b->data, b->nbytes, 0, flags);
}

static PyBufferProcs block_as_buffer = {.bf_getbuffer = (getbufferproc)block_getbuffer};

static PyTypeObject BlockType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pts._dispatch.Block",
    .tp_doc = PyDoc_STR("Block(header, data, nbytes, free): a native tensor allocation taken "
                        "out of its arena, freed when the object dies (see _dispatch.c)."),
    .tp_basicsize = sizeof(Block),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = block_new,
    .tp_dealloc = (destructor)block_dealloc,
    .tp_as_buffer = &block_as_buffer,
};


/* ------------------------------------------------------------------ the module */

static PyObject *
set_error_hook(PyObject *module, PyObject *hook)
{
    if (!PyCallable_Check(hook)) {
        PyErr_SetString(PyExc_TypeError, "set_error_hook needs a callable");
        return NULL;
    }
    Py_INCREF(hook);
    Py_XSETREF(error_hook, hook);
    Py_RETURN_NONE;
}

static PyObject *
set_unbox_hook(PyObject *module, PyObject *hook)
{
    if (!PyCallable_Check(hook)) {
        PyErr_SetString(PyExc_TypeError, "set_unbox_hook needs a callable");
        return NULL;
    }
    Py_INCREF(hook);
    Py_XSETREF(unbox_hook, hook);
    Py_RETURN_NONE;
}

static PyObject *
set_tensor_support(PyObject *module, PyObject *args)
{
    PyObject *type, *from_buffer, *hook;
    unsigned long long free_address;
    if (!PyArg_ParseTuple(args, "O!OOK:set_tensor_support", &PyType_Type, &type, &from_buffer,
                          &hook, &free_address))
        return NULL;
    if (!PyCallable_Check(from_buffer) || !PyCallable_Check(hook) || free_address == 0) {
        PyErr_SetString(PyExc_TypeError, "set_tensor_support: needs callables and a free function");
        return NULL;
    }
    Py_INCREF(type);
    Py_INCREF(from_buffer);
    Py_INCREF(hook);
    Py_XSETREF(array_type, (PyTypeObject *)type);
    Py_XSETREF(frombuffer, from_buffer);
    Py_XSETREF(result_hook, hook);
    block_free = (free_fn)(uintptr_t)free_address;
    Py_RETURN_NONE;
}

/* cpu_missing(features) -> the names among `features` (LLVM target feature names) this CPU
   and OS do not support, or that runtime/c/cpu.c does not know; non-strings count as
   missing.  cpu_has(features) -> True if none is missing. */
static PyObject *
cpu_missing(PyObject *module, PyObject *features)
{
    (void)module;
    PyObject *seq = PySequence_Fast(features, "cpu_missing needs a list of feature names");
    if (seq == NULL)
        return NULL;
    PyObject *out = PyList_New(0);
    if (out == NULL) {
        Py_DECREF(seq);
        return NULL;
    }
    pts_cpu cpu;
    pts__cpu_read(&cpu);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        Py_ssize_t len = 0;
        const char *name = PyUnicode_Check(item) ? PyUnicode_AsUTF8AndSize(item, &len) : NULL;
        if (name == NULL)
            PyErr_Clear();
        else if (strlen(name) != (size_t)len)       /* an embedded NUL: no feature's name */
            name = NULL;
        if ((name == NULL || !pts__cpu_check(&cpu, name)) && PyList_Append(out, item) < 0) {
            Py_DECREF(out);
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    return out;
}

static PyObject *
cpu_has(PyObject *module, PyObject *features)
{
    PyObject *missing = cpu_missing(module, features);
    if (missing == NULL)
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(missing);
    Py_DECREF(missing);
    return PyBool_FromLong(n == 0);
}

static PyMethodDef module_methods[] = {
    {"set_error_hook", set_error_hook, METH_O,
     "Set the callable (status, file, line, col, msg, func) -> exception for native errors."},
    {"set_unbox_hook", set_unbox_hook, METH_O,
     "Set the callable (slot value, IR type) -> value for the leaves of 'g' results the "
     "dispatcher does not make itself (its 'h' op)."},
    {"cpu_missing", cpu_missing, METH_O,
     "The names among a list of LLVM target features this CPU (and OS) lacks (unknown ones "
     "included), by cpuid: runtime/c/cpu.c."},
    {"cpu_has", cpu_has, METH_O,
     "True if this CPU (and OS) has every LLVM target feature of the list (runtime/c/cpu.c)."},
    {"set_tensor_support", set_tensor_support, METH_VARARGS,
     "set_tensor_support(ndarray, frombuffer, result_hook, free): lets entries take and "
     "return arrays (see _dispatch.c)."},
    {"array_desc", array_desc, METH_VARARGS,
     "array_desc(array, itemsize) -> (bytearray, address, ok): a tensor argument's "
     "descriptor (see _dispatch.c)."},
    {NULL}
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "pts._dispatch",
    "Calls of compiled pts functions from Python without ctypes (see _dispatch.c).",
    -1, module_methods,
};

PyMODINIT_FUNC
PyInit__dispatch(void)
{
    str_slow_call = PyUnicode_InternFromString("_slow_call");
    str_reshape = PyUnicode_InternFromString("reshape");
    if (str_slow_call == NULL || str_reshape == NULL || PyType_Ready(&DispatcherType) < 0 || PyType_Ready(&BlockType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    PyObject *layout = Py_BuildValue(
        "((sn)(sn)(sn)(sn)(sn)(sn)(sn)(sn)(sn)(sn)(sn))",
        "kind", offsetof(Context, kind), "line", offsetof(Context, line),
        "col", offsetof(Context, col), "file", offsetof(Context, file),
        "msg", offsetof(Context, msg), "func", offsetof(Context, func),
        "imports", offsetof(Context, imports), "lists", offsetof(Context, lists),
        "stack_limit", offsetof(Context, stack_limit),
        "arena_next", offsetof(Context, arena_next), "arena_end", offsetof(Context, arena_end));
    int bad = layout == NULL
        || PyModule_AddObjectRef(m, "CTX_LAYOUT", layout) < 0
        || PyModule_AddObjectRef(m, "Dispatcher", (PyObject *)&DispatcherType) < 0
        || PyModule_AddObjectRef(m, "Block", (PyObject *)&BlockType) < 0
        || PyModule_AddIntConstant(m, "MAX_ARGS", MAX_ARGS) < 0
        || PyModule_AddIntConstant(m, "MAX_ENTRIES", MAX_ENTRIES) < 0
        || PyModule_AddIntConstant(m, "MAX_RESULTS", MAX_RESULTS) < 0
        || PyModule_AddIntConstant(m, "MAX_SEEN", MAX_SEEN) < 0;
    Py_XDECREF(layout);
    if (bad) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
