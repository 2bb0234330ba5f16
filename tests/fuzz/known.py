"""Differences the fuzzer finds that are known defects of pts, each kept as a strict-xfail
regression test in test_findings.py (the test named here).

`known_defect(diff, source)` names the defect a difference is an instance of, or None; the
seed and edge-table tests fail only on differences no entry explains.  Entries recognise a
defect by its symptom (an internal error's message, the part of the outcome that differs
and the construct in the source), so a few are broader than their defect: said below.  When
a defect is fixed its regression test turns red (strict xfail); then remove its mark and
its entry here, so the fuzzer watches for it again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from differ import Difference

NATIVE = ("fast", "opt")


@dataclass(frozen=True)
class Defect:
    name: str
    test: str                                   # test_findings.py::<test>
    matches: Callable[[Difference, str], bool]


def _raised(o, exc: str, prefix: str = "") -> bool:
    return o.kind == "raise" and o.exc[0] == exc and o.exc[1].startswith(prefix)


DEFECTS = [
    # -- known (issue 27, item 8), fixed in parallel by another engineer
    Defect("codegen emits a use before its dominating definition (KeyError: Instr(...))",
           "test_codegen_dominance_order",
           lambda d, s: _raised(d.got, "KeyError", "Instr(")),
    Defect("0.0 ** -inf raises ZeroDivisionError (CPython: inf)",
           "test_zero_to_the_minus_inf",
           lambda d, s: _raised(d.got, "ZeroDivisionError", "0.0 cannot be raised to a negative power")
           and not _raised(d.want, "ZeroDivisionError", "0.0 cannot be raised to a negative power")),
    Defect("xs.pop(i) checks for an empty list before evaluating i",
           "test_pop_index_evaluated_first",
           lambda d, s: ".pop(" in s and _raised(d.got, "IndexError", "pop from empty list")
           and not _raised(d.want, "IndexError", "pop from empty list")),
    Defect("an in-place broadcast error lists two shapes where numpy lists three",
           "test_inplace_broadcast_message",
           lambda d, s: d.what == "exception" and d.backend in NATIVE
           and d.want.exc[1].startswith("operands could not be broadcast together")
           and d.got.exc[1].startswith("operands could not be broadcast together")),
    Defect("arr ** 0.5 at -inf and -0.0 gives inf, 0. (numpy: nan, -0.)",
           "test_array_power_half",
           lambda d, s: d.backend in NATIVE and d.what == "value"
           and ("** 0.5" in s or "np.power(" in s or re.search(r"\*\* \(?0\.5", s) is not None)),
    Defect("[nan] == [nan] is True in the interpreter (IEEE: False)",
           "test_list_equality_nan_interp",
           # the interpreter's outcome is the program's with CPython's list comparisons
           lambda d, s: d.backend == "interp" and _as_with_cpython_list_compare(d, s)),
    Defect("elementwise kernels misaddress arrays whose last axis has length 1",
           "test_last_axis_of_length_one",
           # broad: any native value difference of an array program given such a view
           lambda d, s: d.backend in NATIVE and d.what in ("value", "arguments") and "np." in s
           and _has_length_one_last_axis(d, s)),
    Defect("x.reshape(-1) of a non-contiguous array returns a copy (writes through it are lost)",
           "test_reshape_minus_one_is_a_view",
           lambda d, s: d.backend in NATIVE and d.what == "arguments" and ".reshape(-1)" in s),
    Defect("storing a nan/inf float into an int array stores INT64_MIN (numpy raises)",
           "test_nan_into_int_array",
           lambda d, s: d.backend in NATIVE and d.got.kind == "ok"
           and (_raised(d.want, "ValueError", "cannot convert float NaN to integer")
                or _raised(d.want, "OverflowError", "cannot convert float infinity to integer"))),
    Defect("x % nan and nan % y are 0.0 at -O3",
           "test_nan_modulo_at_O3",
           lambda d, s: d.backend == "opt" and "%" in s and "nan" in s
           and d.want.kind == "ok" and d.got.kind == "ok" and _nan_became_zero(d.want.value, d.got.value)),

    # -- new, found by this fuzzer
    Defect("list arguments are not copied back when a native call raises",
           "test_list_argument_mutation_survives_exception",
           lambda d, s: d.backend in NATIVE and d.what == "arguments" and d.want.kind == "raise"
           and d.got.kind == "raise"),
    Defect("np.expand_dims of a Python scalar: AttributeError in native codegen",
           "test_expand_dims_of_a_scalar",
           lambda d, s: _raised(d.got, "AttributeError", "'Scalar' object has no attribute")),
    Defect("x[i] = array is accepted natively (numpy: setting an array element with a sequence)",
           "test_array_into_an_element",
           lambda d, s: d.backend in NATIVE
           and _raised(d.want, "ValueError", "setting an array element with a sequence")),
    Defect("np.maximum/np.minimum of 0.0 and -0.0 return the first operand (numpy: the second)",
           "test_maximum_of_signed_zeros",
           lambda d, s: d.backend in NATIVE and d.what in ("value", "arguments")
           and re.search(r"np\.(maximum|minimum|clip)\(", s) is not None),
    Defect("a slice assignment's broadcast error names the value's shape with leading 1-axes",
           "test_slice_assignment_broadcast_message",
           lambda d, s: d.backend in NATIVE and d.what == "exception"
           and d.want.exc[1].startswith("could not broadcast input array from shape")
           and d.got.exc[1].startswith("could not broadcast input array from shape (1,")),
    Defect("an empty list literal as a List[float] argument compared with ==: native "
           "NotImplementedError: no LLVM type for unknown",
           "test_empty_list_argument_compared",
           lambda d, s: _raised(d.got, "NotImplementedError", "no LLVM type for unknown")),
]


def _nan_became_zero(want, got) -> bool:
    """A float result that is nan in CPython and 0.0 in pts (anywhere in a tuple or list)."""
    if isinstance(want, (tuple, list)) and isinstance(got, (tuple, list)):
        return any(_nan_became_zero(w, g) for w, g in zip(want, got))
    return isinstance(want, float) and isinstance(got, float) and want != want and got == 0.0


def _has_length_one_last_axis(d: Difference, source: str) -> bool:
    """An argument of 2 or more axes, the last of length 1, passed as a view with other
    strides than C order's (or a program that makes such views with a stepped slice)."""
    import numpy as np
    from progen import ArrayArg
    for a in d.args:
        v = a.values if isinstance(a, ArrayArg) else a
        if isinstance(v, np.ndarray) and v.ndim >= 2 and v.shape[-1] == 1 and \
                (getattr(a, "layout", "C") != "C" or "::" in source):
            return True
    return False


def _as_with_cpython_list_compare(d: Difference, source: str) -> bool:
    """Whether the program run with CPython's own `==`/`in` on lists (identity first, so a
    list holding a nan equals itself) gives what the backend gave."""
    import differ
    from progen import copy_args
    if not re.search(r"==|!=|\bin\b", source):
        return False
    ns = differ.reference_namespace(source, "<cpython lists>", ieee_lists=False)
    cpython = differ.call_capturing(ns[d.entry], copy_args(d.args))
    return differ.compare(cpython, d.got) is None


def known_defect(d: Difference, source: str) -> Defect | None:
    for defect in DEFECTS:
        if defect.matches(d, source):
            return defect
    return None
