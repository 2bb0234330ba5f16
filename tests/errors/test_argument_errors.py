"""Values a call from Python cannot pass (issue 30, item 8): CPython's TypeError, naming the
function, the parameter and the Python type (`f(): argument 'x' must be int, not str`),
raised from the call with no frame of the compiler in its traceback; the scripted function
stays usable.  The same call from scripted code is a CompileError at the parameter
(tests/errors/programs/call_arg_*.py)."""
from __future__ import annotations

import traceback
from typing import List, Optional

import numpy as np
import pytest

import pts
import pts.nn as nn


def annotated(x: int, y: float = 1.0) -> float:
    return x + y


def optional_param(x: Optional[int]) -> int:
    return 0 if x is None else x


def listed(xs: List[float]) -> float:
    return xs[0]


def plain(a, b):
    return 1


PASSABLE = ("int, float, complex, bool, None, str, a list, a tuple, a dict, a set or a numpy "
            "array")

CASES = [
    (annotated, ("abc",), "annotated(): argument 'x' must be int, not str"),
    (annotated, (1.5,), "annotated(): argument 'x' must be int, not float"),
    (annotated, (1, "s"), "annotated(): argument 'y' must be float, not str"),
    (optional_param, ("s",), "optional_param(): argument 'x' must be int or None, not str"),
    (optional_param, (2.5,), "optional_param(): argument 'x' must be int or None, not float"),
    (listed, ((1.0, 2.0),), "listed(): argument 'xs' must be list, not tuple"),
    (plain, ({1: 2, "a": 3}, 1), "plain(): argument 'a': pts dict keys need elements of one "
     "type, not int and str"),
    (plain, (1, {3, "x"}), "plain(): argument 'b': pts sets need elements of one type, not int "
     "and str"),
    (plain, (1, {1: object()}), f"plain(): argument 'b' must be {PASSABLE}, not dict"),
    (plain, (1, b"x"), f"plain(): argument 'b' must be {PASSABLE}, not bytes"),
    (plain, ([[1], "a"], 1), "plain(): argument 'a': pts lists need elements of one type, not "
                             "List[int] and str"),
    (plain, (1, np.zeros(2, dtype=np.complex128)),
     "plain(): argument 'b': pts tensors have dtype float32, float64, int32, int64, bool, "
     "int8, int16, uint8, uint16, uint32, uint64, float16, not complex128"),
]


@pytest.mark.parametrize("backend", ["native", "interp"])
@pytest.mark.parametrize("fn,args,message", CASES, ids=[c[2].split(":")[0] + str(i)
                                                       for i, c in enumerate(CASES)])
def test_argument_type_error(backend, fn, args, message):
    f = pts.script(fn, backend=backend)
    with pytest.raises(TypeError) as info:
        f(*args)
    assert str(info.value) == message
    files = [frame.filename for frame in traceback.extract_tb(info.value.__traceback__)]
    assert not any("/frontend/" in p or "/ir/" in p or "compiler.py" in p for p in files), files


def test_function_stays_usable():
    f = pts.script(annotated)
    with pytest.raises(TypeError):
        f("abc")
    assert f(2) == 3.0
    g = pts.script(optional_param)
    with pytest.raises(TypeError):
        g("s")
    assert g(None) == 0 and g(5) == 5


class Model(nn.Module):
    def forward(self, x: int) -> int:
        return x * 2


def test_method_argument_type_error():
    m = pts.script(Model())
    with pytest.raises(TypeError, match=r"^forward\(\): argument 'x' must be int, not str$"):
        m("s")
    with pytest.raises(TypeError, match=r"^forward\(\): argument 'x' must be int, not dict$"):
        m({})
    with pytest.raises(TypeError, match=r"^forward\(\): argument 'x' must be int, not complex$"):
        m(1j)
    with pytest.raises(TypeError, match=rf"^forward\(\): argument 'x' must be {PASSABLE}, "
                                        rf"not bytes$"):
        m(b"x")
    assert m(4) == 8
