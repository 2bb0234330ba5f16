"""An IndexError that ir.passes.bound_indices leaves to a check (or that no longer has one
where the index is proven in range, so cannot happen) is raised at the line of the access,
interpreted and natively, with numpy's message."""
import re
import sys
from pathlib import Path

import numpy as np
import pytest

import pts

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lang" / "tensor_programs"))
import element_loop_bounds as P  # noqa: E402

SRC = Path(P.__file__).read_text().splitlines()


def _line_of(text: str) -> int:
    return next(n for n, line in enumerate(SRC, 1) if text in line)


CASES = [
    (P.jacobi, (np.ones((4, 5)), np.zeros((2, 5))), "Anew[j, i] = 0.25",
     "index 2 is out of bounds for axis 0 with size 2"),
    (P.jacobi, (np.ones((4, 5)), np.zeros((4, 3))), "Anew[j, i] = 0.25",
     "index 3 is out of bounds for axis 1 with size 3"),
    (P.one_past, (np.arange(4.0),), "t += x[i] * x[i + 1]",
     "index 4 is out of bounds for axis 0 with size 4"),
    (P.other_axis, (np.ones((3, 2)),), "t += A[0, i]",
     "index 2 is out of bounds for axis 1 with size 2"),
    (P.counts_down, (np.arange(4.0), 5), "t = t + x[i - 1]",
     "index 4 is out of bounds for axis 0 with size 4"),
]


@pytest.mark.parametrize("backend", ["interp", "native"])
@pytest.mark.parametrize("fn, args, text, message", CASES,
                         ids=[f"{c[0].__name__}-{n}" for n, c in enumerate(CASES)])
def test_index_error_at_the_access(backend, fn, args, text, message):
    with pytest.raises(IndexError) as info:
        fn(*args)                                        # numpy's own, for reference
    assert str(info.value) == message
    f = pts.script(fn, backend=backend)
    with pytest.raises(IndexError) as info:
        f(*args)
    assert str(info.value).splitlines()[0] == message
    # the error's text goes on with the pts frames, innermost last, as a traceback's lines
    where = re.findall(r'File "([^"]+)", line (\d+)', str(info.value))
    assert where and where[-1] == (P.__file__, str(_line_of(text)))


# ir.passes.version_loops: a loop whose test before it fails runs checked, and fails where
# numpy does, with the array written up to that iteration as numpy left it
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lang" / "tensor_programs"))
import versioned_loops as V  # noqa: E402

V_SRC = Path(V.__file__).read_text().splitlines()
V_CASES = [
    (V.butterfly, (np.arange(16.0), 9, 1), "wd_real = data[j]", 16),
    (V.butterfly, (np.arange(16.0), 12, 2), "wd_real = data[j]", 16),
    (V.rows_of, (np.arange(12.0).reshape(3, 4), 0, 5), "t += A[r, i] - A[r, i - 1]", 4),
]
# the same through strided views (the unit-stride copy is not taken): (case, view of a base)
V_VIEWS = [
    ((V.butterfly, (np.arange(32.0), 9, 1), "wd_real = data[j]", 16), lambda a: a[::2]),
    ((V.butterfly, (np.arange(32.0), 12, 2), "wd_real = data[j]", 16), lambda a: a[1::2]),
    ((V.rows_of, (np.arange(12.0).reshape(4, 3), 0, 5), "t += A[r, i] - A[r, i - 1]", 4),
     lambda a: a.T),
]


@pytest.mark.parametrize("backend", ["interp", "native"])
@pytest.mark.parametrize("fn, args, text, size, view",
                         [c + (None,) for c in V_CASES] + [c + (v,) for c, v in V_VIEWS],
                         ids=[f"{c[0].__name__}-{n}" for n, c in enumerate(V_CASES)]
                         + [f"{c[0].__name__}-view{n}" for n, (c, _) in enumerate(V_VIEWS)])
def test_versioned_loop_fails_like_numpy(backend, fn, args, text, size, view):
    view = view or (lambda a: a)
    want = args[0].copy()
    with pytest.raises(IndexError) as info:
        fn(view(want), *args[1:])
    message = str(info.value)
    assert message.endswith(f"with size {size}")
    got = args[0].copy()
    with pytest.raises(IndexError) as info:
        pts.script(fn, backend=backend)(view(got), *args[1:])
    assert str(info.value).splitlines()[0] == message
    where = re.findall(r'File "([^"]+)", line (\d+)', str(info.value))
    line = next(n for n, s in enumerate(V_SRC, 1) if text in s)
    assert where and where[-1] == (V.__file__, str(line))
    assert np.array_equal(got, want)           # written up to the failing iteration
