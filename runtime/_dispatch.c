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
   pts.api.Compiled.swap): a call copies what it needs of its entry before it releases the
   GIL, so it runs the old code or the new one, never a mix, and the old code stays loaded.

   A call that finds no entry (first call of a signature, lists, tuples, keywords,
   more than MAX_ARGS arguments, interp backend) calls `self._slow_call(*args, **kw)`.

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

#define MAX_ARGS 24          /* 8 + 2 * MAX_ARGS key bits must fit in 64 */
#define MAX_ENTRIES 16

/* Must match runtime/native.py Context and backend/codegen.py CTX_FIELDS. */
typedef struct {
    int64_t kind, line, col;
    const char *file, *msg, *func;
    void *imports;
    void *lists;
    int64_t stack_limit;
} Context;

typedef int32_t (*boxed_fn)(Context *, int64_t *, int64_t *);
typedef void (*release_fn)(Context *);

enum { K_INT = 1, K_FLOAT = 2, K_BOOL = 3 };        /* argument kinds, 2 bits each */
enum { S_I64 = 'i', S_F64 = 'f', S_I1 = 'b', S_NONE = 'n' };   /* slot and result types */

typedef struct {
    uint64_t key;
    char params[MAX_ARGS];   /* slot type of each parameter */
    char ret;
    boxed_fn fn;
    release_fn release;
    void *imports;
    int64_t stack_budget;
    PyObject *keep;          /* owns the machine code (the NativeEntry) */
} Entry;

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    int nentries;
    Entry entries[MAX_ENTRIES];
} Dispatcher;

static PyObject *error_hook;        /* (status, file, line, col, msg, func) -> exception */
static PyObject *str_slow_call;

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

static PyObject *
call_entry(const Entry *e, PyObject *const *args, Py_ssize_t n)
{
    int64_t slots[MAX_ARGS + 1];
    int64_t results[2] = {0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *a = args[i];
        int kind = (int)((e->key >> (8 + 2 * i)) & 3);
        char p = e->params[i];
        if (kind == K_INT) {
            if (p == S_I64) {
                int overflow;
                long long v = PyLong_AsLongLongAndOverflow(a, &overflow);
                if (overflow) {
                    PyErr_SetString(PyExc_OverflowError, OVERFLOW_MSG);
                    return NULL;
                }
                slots[i] = v;
            } else {                                    /* S_F64 */
                double d = PyLong_AsDouble(a);
                if (d == -1.0 && PyErr_Occurred())
                    return NULL;
                memcpy(&slots[i], &d, sizeof d);
            }
        } else if (kind == K_FLOAT) {                   /* S_F64 */
            double d = PyFloat_AS_DOUBLE(a);
            memcpy(&slots[i], &d, sizeof d);
        } else {                                        /* K_BOOL */
            int b = a == Py_True;
            if (p == S_F64) {
                double d = b;
                memcpy(&slots[i], &d, sizeof d);
            } else {
                slots[i] = b;
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
    Py_BEGIN_ALLOW_THREADS
    status = fn(&ctx, slots, results);
    if (status == 0 && ctx.lists != NULL)
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

static PyObject *
dispatcher_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Dispatcher *self = (Dispatcher *)op;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if (self->nentries == 0 || n > MAX_ARGS || (kwnames && PyTuple_GET_SIZE(kwnames)))
        return slow_call(op, args, nargsf, kwnames);
    uint64_t key = (uint64_t)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *a = args[i];
        uint64_t kind;
        if (PyLong_CheckExact(a))
            kind = K_INT;
        else if (PyFloat_CheckExact(a))
            kind = K_FLOAT;
        else if (PyBool_Check(a))
            kind = K_BOOL;
        else
            return slow_call(op, args, nargsf, kwnames);
        key |= kind << (8 + 2 * i);
    }
    for (int i = 0; i < self->nentries; i++)
        if (self->entries[i].key == key)
            return call_entry(&self->entries[i], args, n);
    return slow_call(op, args, nargsf, kwnames);
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
    return (PyObject *)self;
}

static int
dispatcher_traverse(Dispatcher *self, visitproc visit, void *arg)
{
    for (int i = 0; i < self->nentries; i++)
        Py_VISIT(self->entries[i].keep);
    return 0;
}

static int
dispatcher_clear(Dispatcher *self)
{
    int n = self->nentries;
    self->nentries = 0;
    for (int i = 0; i < n; i++)
        Py_CLEAR(self->entries[i].keep);
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
    return c == 'i' ? K_INT : c == 'f' ? K_FLOAT : c == 'b' ? K_BOOL : 0;
}

/* A parameter slot an argument kind can fill (int -> float, bool -> int/float as in the
   type checker's implicit conversions). */
static int
fits(int kind, char p)
{
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
    PyObject *keep;
} EntryArgs;

/* Parse args with format fmt ("s#s#s#KKKLO:name"): -1 with ValueError for a malformed
 * signature, 0 for one the fast path does not handle, 1 with its key in *key. */
static int
parse_entry(PyObject *args, const char *fmt, EntryArgs *a, uint64_t *key)
{
    if (!PyArg_ParseTuple(args, fmt, &a->arg_kinds, &a->nk, &a->params, &a->np, &a->ret,
                          &a->nr, &a->entry, &a->release, &a->imports, &a->budget, &a->keep))
        return -1;
    if (a->nk != a->np || a->nr != 1 || a->entry == 0 || a->release == 0) {
        PyErr_Format(PyExc_ValueError, "%s: bad signature", strchr(fmt, ':') + 1);
        return -1;
    }
    if (a->nk > MAX_ARGS || strchr("ifbn", a->ret[0]) == NULL)
        return 0;
    uint64_t k = (uint64_t)a->nk;
    for (Py_ssize_t i = 0; i < a->nk; i++) {
        int kind = kind_of(a->arg_kinds[i]);
        if (kind == 0 || !fits(kind, a->params[i]))
            return 0;
        k |= (uint64_t)kind << (8 + 2 * i);
    }
    *key = k;
    return 1;
}

/* Point e at the code in a (its parameter and result types are set by the caller). */
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
"_add_entry(arg_kinds, param_slots, result, entry, release, imports, stack_budget, keep)\n"
"--\n\n"
"Call the boxed entry point at address `entry` for arguments of exact kinds `arg_kinds`\n"
"('i' int, 'f' float, 'b' bool per argument).  `param_slots` gives the slot type of each\n"
"parameter ('i' i64, 'f' f64, 'b' i1), `result` the result ('i', 'f', 'b' or 'n' None);\n"
"`keep` is kept alive as long as the entry.  Returns False (and registers nothing) when\n"
"the table is full or the signature is not one the fast path handles.");

static PyObject *
dispatcher_add_entry(Dispatcher *self, PyObject *args)
{
    EntryArgs a;
    uint64_t key;
    int ok = parse_entry(args, "s#s#s#KKKLO:_add_entry", &a, &key);
    if (ok < 0)
        return NULL;
    if (ok == 0 || self->nentries >= MAX_ENTRIES)
        Py_RETURN_FALSE;
    for (int i = 0; i < self->nentries; i++)
        if (self->entries[i].key == key)
            Py_RETURN_FALSE;
    Entry *e = &self->entries[self->nentries];
    memset(e, 0, sizeof *e);
    e->key = key;
    memcpy(e->params, a.params, (size_t)a.np);
    e->ret = a.ret[0];
    set_code(e, &a);
    self->nentries++;               /* last: the entry is complete when it becomes visible */
    Py_RETURN_TRUE;
}

PyDoc_STRVAR(replace_entry_doc,
"_replace_entry(arg_kinds, param_slots, result, entry, release, imports, stack_budget, keep)\n"
"--\n\n"
"Call new code for a registered signature (a function's optimized tier replacing its\n"
"first code): same arguments as _add_entry.  Returns False if `arg_kinds` has no entry or\n"
"its parameter and result types differ.  The swap happens under the GIL, which a call\n"
"holds while it reads its entry, so each call runs either the old code or the new one;\n"
"the old code must stay loaded (a call may still be running in it).");

static PyObject *
dispatcher_replace_entry(Dispatcher *self, PyObject *args)
{
    EntryArgs a;
    uint64_t key;
    int ok = parse_entry(args, "s#s#s#KKKLO:_replace_entry", &a, &key);
    if (ok < 0)
        return NULL;
    if (a.nk > MAX_ARGS) {
        PyErr_SetString(PyExc_ValueError, "_replace_entry: bad signature");
        return NULL;
    }
    for (int i = 0; ok && i < self->nentries; i++) {
        Entry *e = &self->entries[i];
        if (e->key != key)
            continue;
        if (memcmp(e->params, a.params, (size_t)a.np) != 0 || e->ret != a.ret[0])
            Py_RETURN_FALSE;
        PyObject *old = e->keep;
        set_code(e, &a);
        Py_DECREF(old);         /* may run Python code: the entry is consistent by now */
        Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
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
   pointer (TENSOR_HDR_T's third field) is read and zeroed, so `pts.release` frees only
   the header — exposes [data, data + nbytes) as a writable buffer (np.frombuffer), and
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
    int ok = 1;
    d[0] = (int64_t)(intptr_t)view.buf;
    d[1] = 0;
    for (int k = 0; k < ndim; k++) {
        d[2 + k] = view.shape[k];
        if (view.strides[k] % itemsize != 0)
            ok = 0;
        d[2 + ndim + k] = view.strides[k] / itemsize;
    }
    PyBuffer_Release(&view);
    return Py_BuildValue("(NKO)", desc, (unsigned long long)(uintptr_t)d,
                         ok ? Py_True : Py_False);
}

typedef void (*free_fn)(void *);

typedef struct {
    PyObject_HEAD
    void *raw;
    void *data;
    Py_ssize_t nbytes;
    free_fn free;
} Block;

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
    Block *b = (Block *)type->tp_alloc(type, 0);
    if (b == NULL)
        return NULL;
    void **raw = (void **)(uintptr_t)header + 2;
    b->raw = *raw;
    *raw = NULL;
    b->data = (void *)(uintptr_t)data;
    b->nbytes = nbytes;
    b->free = (free_fn)(uintptr_t)free_address;
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
    {"cpu_missing", cpu_missing, METH_O,
     "The names among a list of LLVM target features this CPU (and OS) lacks (unknown ones "
     "included), by cpuid: runtime/c/cpu.c."},
    {"cpu_has", cpu_has, METH_O,
     "True if this CPU (and OS) has every LLVM target feature of the list (runtime/c/cpu.c)."},
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
    if (str_slow_call == NULL || PyType_Ready(&DispatcherType) < 0 || PyType_Ready(&BlockType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    PyObject *layout = Py_BuildValue(
        "((sn)(sn)(sn)(sn)(sn)(sn)(sn)(sn)(sn))",
        "kind", offsetof(Context, kind), "line", offsetof(Context, line),
        "col", offsetof(Context, col), "file", offsetof(Context, file),
        "msg", offsetof(Context, msg), "func", offsetof(Context, func),
        "imports", offsetof(Context, imports), "lists", offsetof(Context, lists),
        "stack_limit", offsetof(Context, stack_limit));
    int bad = layout == NULL
        || PyModule_AddObjectRef(m, "CTX_LAYOUT", layout) < 0
        || PyModule_AddObjectRef(m, "Dispatcher", (PyObject *)&DispatcherType) < 0
        || PyModule_AddObjectRef(m, "Block", (PyObject *)&BlockType) < 0
        || PyModule_AddIntConstant(m, "MAX_ARGS", MAX_ARGS) < 0
        || PyModule_AddIntConstant(m, "MAX_ENTRIES", MAX_ENTRIES) < 0;
    Py_XDECREF(layout);
    if (bad) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
