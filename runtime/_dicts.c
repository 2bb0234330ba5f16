/* pts._dicts: the hash tables of runtime/c/dicts.c in process.
 *
 * Generated code calls the pts_dict_* functions itself, through the import table slots
 * "dict_*" (runtime/native.py fills them from addresses()); runtime/dicts.py calls them
 * with ctypes to pass dicts and sets across the Python boundary.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "c/dicts.h"

static PyObject *addresses(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return Py_BuildValue("{sNsNsNsNsNsNsNsNsN}",
                         "dict_new", PyLong_FromVoidPtr((void *)pts_dict_new),
                         "dict_find", PyLong_FromVoidPtr((void *)pts_dict_find),
                         "dict_put", PyLong_FromVoidPtr((void *)pts_dict_put),
                         "dict_del", PyLong_FromVoidPtr((void *)pts_dict_del),
                         "dict_next", PyLong_FromVoidPtr((void *)pts_dict_next),
                         "dict_last", PyLong_FromVoidPtr((void *)pts_dict_last),
                         "dict_entry", PyLong_FromVoidPtr((void *)pts_dict_entry),
                         "dict_clear", PyLong_FromVoidPtr((void *)pts_dict_clear),
                         "dict_copy", PyLong_FromVoidPtr((void *)pts_dict_copy));
}

static PyMethodDef methods[] = {
    {"addresses", addresses, METH_NOARGS,
     "addresses()\n--\n\nThe addresses of the pts_dict_* functions, by import slot name."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "pts._dicts",
                                    "The hash tables of dicts and sets (runtime/c/dicts.c).",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__dicts(void) { return PyModule_Create(&module); }
