/* pts._threads: the thread pool of runtime/c/threads.c in process, and the cache of large
 * freed blocks of runtime/c/blocks.c.
 *
 * Generated code calls pts_parallel_for itself, through the import table slot
 * "parallel_for" (runtime/native.py fills it from parallel_for_address()); Python only
 * reads and sets the number of threads.  Tasks run without the GIL: they are native code.
 * The slots "malloc" and "free" are pts_block_malloc and pts_block_free (block_addresses()).
 *
 * It also carries the C runtime's strings (runtime/c/strings.c, str_methods.c, format.c),
 * so in-process native code runs the str.* ops in C as libpts does: the slots "str_call"
 * and "str_op" are pts__str_call and pts__str_op (str_addresses()), and what C does not run
 * goes to the Python callback set_str_fallback() installs (runtime/strings.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "c/blocks.h"
#include "c/internal.h"
#include "c/threads.h"

/* format.c prints tensors by dtype name; no tensor reaches it in process */
const char *pts_dtype_name(pts_dtype dt) {
    (void)dt;
    return "?";
}

static PyObject *str_addresses(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return Py_BuildValue("(NNNN)", PyLong_FromVoidPtr((void *)pts__str_call),
                         PyLong_FromVoidPtr((void *)pts__str_op),
                         PyLong_FromVoidPtr((void *)pts__str_hash),
                         PyLong_FromVoidPtr((void *)pts__str_alloc));
}

static PyObject *set_str_fallback(PyObject *self, PyObject *arg) {
    (void)self;
    void *p = PyLong_AsVoidPtr(arg);
    if (!p && PyErr_Occurred())
        return NULL;
    pts__str_set_fallback(p);
    Py_RETURN_NONE;
}

static PyObject *parallel_for_address(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromVoidPtr((void *)pts_parallel_for);
}

static PyObject *set_num_threads(PyObject *self, PyObject *arg) {
    (void)self;
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (n > INT_MAX)
        n = INT_MAX;
    if (n < INT_MIN)
        n = 0;
    return PyLong_FromLong(pts_set_num_threads((int)n));
}

static PyObject *get_num_threads(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromLong(pts_get_num_threads());
}

static PyObject *block_addresses(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return Py_BuildValue("(NN)", PyLong_FromVoidPtr((void *)pts_block_malloc),
                         PyLong_FromVoidPtr((void *)pts_block_free));
}

static PyObject *block_cache_limit(PyObject *self, PyObject *arg) {
    (void)self;
    unsigned long long n = PyLong_AsUnsignedLongLong(arg);
    if (n == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    return PyLong_FromSize_t(pts_block_cache_limit((size_t)n));
}

static PyObject *block_stats(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    size_t s[3];
    pts_block_stats(s);
    return Py_BuildValue("(nnn)", (Py_ssize_t)s[0], (Py_ssize_t)s[1], (Py_ssize_t)s[2]);
}

static PyMethodDef methods[] = {
    {"str_addresses", str_addresses, METH_NOARGS,
     "str_addresses()\n--\n\nThe addresses of pts__str_call, pts__str_op, pts__str_hash and "
     "pts__str_alloc "
     "(runtime/c/strings.c)."},
    {"set_str_fallback", set_str_fallback, METH_O,
     "set_str_fallback(address)\n--\n\nThe function C's str ops call for what they do not run "
     "(same signature as str_call)."},
    {"block_addresses", block_addresses, METH_NOARGS,
     "block_addresses()\n--\n\nThe addresses of void *pts_block_malloc(size_t) and "
     "void pts_block_free(void *)."},
    {"block_cache_limit", block_cache_limit, METH_O,
     "block_cache_limit(nbytes)\n--\n\nBytes of freed large blocks kept for reuse (0: "
     "none); returns the previous limit."},
    {"block_stats", block_stats, METH_NOARGS,
     "block_stats()\n--\n\n(bytes cached, large-block bytes in use, the most ever in use)."},
    {"parallel_for_address", parallel_for_address, METH_NOARGS,
     "parallel_for_address()\n--\n\nThe address of the C function\n"
     "void pts_parallel_for(void (*fn)(void *, int64_t, int64_t), void *data, int64_t n, "
     "int64_t grain)."},
    {"set_num_threads", set_num_threads, METH_O,
     "set_num_threads(n)\n--\n\nUse n threads (n <= 0: the number of CPUs); returns the "
     "previous number."},
    {"get_num_threads", get_num_threads, METH_NOARGS,
     "get_num_threads()\n--\n\nThe number of threads parallel loops use."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "pts._threads",
                                    "The thread pool of parallel kernels (runtime/c/threads.c) and the cache of "
                                    "large freed blocks (runtime/c/blocks.c).",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__threads(void) { return PyModule_Create(&module); }
