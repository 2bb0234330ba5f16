/* pts._threads: the thread pool of runtime/c/threads.c in process.
 *
 * Generated code calls pts_parallel_for itself, through the import table slot
 * "parallel_for" (runtime/native.py fills it from parallel_for_address()); Python only
 * reads and sets the number of threads.  Tasks run without the GIL: they are native code.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "c/threads.h"

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

static PyMethodDef methods[] = {
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
                                    "The thread pool of parallel kernels (runtime/c/threads.c).",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__threads(void) { return PyModule_Create(&module); }
