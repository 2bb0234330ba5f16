"""Calls of compiled functions from Python through the C dispatcher (runtime/_dispatch.c).

The first call of a scalar signature goes through `ScriptFunction._slow_call` (compile,
register); later calls are made from C.  Each behaviour is checked on both calls, so the
C path and the Python path must agree.  Without the extension, pts falls back to ctypes:
that is checked in a subprocess that cannot import it.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import threading
import traceback

import pytest

import pts
from pts.api import ScriptFunction

try:
    from pts import _dispatch
except ImportError:         # pragma: no cover - the build is optional
    _dispatch = None

needs_c = pytest.mark.skipif(_dispatch is None, reason="pts._dispatch is not built")


@pytest.mark.skipif(not shutil.which("cc"), reason="no C compiler: the extensions are optional")
def test_the_extensions_are_built_where_a_c_compiler_is():
    """setup.py builds pts._dispatch and pts._threads as optional extensions, and the tests
    of each are skipped without it; with a C compiler at hand, a missing one is a broken
    build, not a reason to skip them."""
    from pts.runtime import threads
    assert _dispatch is not None, "pts._dispatch did not build (see `pip install -v`)"
    assert threads.PARALLEL and threads.BLOCK_MALLOC is not None, "pts._threads did not build"


def twice(f, *args):
    """f(*args) on the Python path, then on the C path; both results must agree."""
    first = f(*args)
    second = f(*args)
    assert first == second and type(first) is type(second)
    return second


def add(a: int, b: int) -> int:
    return a + b


def scale(x: float, k: float) -> float:
    return x * k


def both(a: bool, b: bool) -> bool:
    return a and b


def ident(x):
    return x


def mixed(n: int, x: float, flag: bool) -> float:
    if flag:
        return n * x
    return n + x


def nothing(x: int):
    x = x + 1


def div(a: int, b: int) -> int:
    return a // b       # raises-here


def spin(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s * 31 + i) % 1000003
    return s


def spin_py(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s * 31 + i) % 1000003
    return s


def append_to(xs: list[int], v: int) -> int:
    xs.append(v)
    return len(xs)


def tuple_sum(t: tuple[int, float]) -> float:
    return t[0] + t[1]


def shout(n: int) -> int:
    print("n =", n)
    print(n * 0.5)
    return n + 1


@needs_c
def test_script_functions_are_dispatchers():
    assert issubclass(ScriptFunction, _dispatch.Dispatcher)
    assert ScriptFunction.__flags__ & (1 << 11)         # Py_TPFLAGS_HAVE_VECTORCALL
    from pts.runtime import native
    assert native.DISPATCH is _dispatch                 # the context layouts agree


def test_scalar_arguments_and_results():
    assert twice(pts.script(add), 2, 40) == 42
    assert twice(pts.script(add), -2**63, 2**63 - 1) == -1
    assert twice(pts.script(scale), 1.5, -2.0) == -3.0
    assert twice(pts.script(both), True, True) is True
    assert twice(pts.script(both), True, False) is False
    assert twice(pts.script(mixed), 3, 0.5, True) == 1.5
    assert twice(pts.script(mixed), 3, 0.5, False) == 3.5


def test_int_fills_float_parameter():
    f = pts.script(scale)
    assert twice(f, 3, 2) == 6.0
    assert twice(f, 3, 0.5) == 1.5
    with pytest.raises(OverflowError):
        f(10 ** 400, 1.0)


@needs_c
def test_signatures_register_once_each():
    f = pts.script(ident)
    assert f(1) == 1
    assert f(1.5) == 1.5
    assert len(f._cache) == 2 and f._entry_count() == 2
    assert f(2) == 2 and f(2.5) == 2.5
    assert len(f._cache) == 2 and f._entry_count() == 2


def test_bool_and_int_are_different_signatures():
    f = pts.script(ident)
    for _ in range(2):
        assert f(True) is True
        assert type(f(1)) is int and f(1) == 1
        assert type(f(0)) is int and f(0) == 0
        assert f(False) is False
    assert len(f._cache) == 2


def test_int_subclasses_take_the_python_path():
    class MyInt(int):
        pass
    f = pts.script(add)
    assert twice(f, 1, 2) == 3
    assert twice(f, MyInt(1), 2) == 3


def test_argument_overflow():
    f = pts.script(add)
    for _ in range(2):
        with pytest.raises(OverflowError, match="64-bit"):
            f(2 ** 63, 1)
        assert f(1, 2) == 3
    with pytest.raises(OverflowError):
        f(1, -2 ** 63 - 1)


def test_none_result():
    f = pts.script(nothing)
    assert f(1) is None
    assert f(1) is None


def test_native_exception():
    f = pts.script(div)
    assert f(7, 2) == 3
    for _ in range(2):
        with pytest.raises(ZeroDivisionError) as info:
            f(1, 0)
        e = info.value
        first, *rest = str(e).splitlines()
        assert first == "integer division or modulo by zero"
        assert f'File "{__file__}"' in rest[0] and "in div" in rest[0]
        assert rest[1].strip() == "return a // b       # raises-here"
        assert e.pts_span.line == div.__code__.co_firstlineno + 1
        assert e.__suppress_context__
        files = [fr.filename for fr in traceback.extract_tb(e.__traceback__)]
        # no frames of the call machinery (the Python path keeps its own one, as before)
        assert files == [__file__] if _dispatch is not None else files[0] == __file__
    assert f(9, 3) == 3


def depth(n: int) -> int:
    if n == 0:
        return 0
    return depth(n - 1) + 1


def test_recursion_error_from_c_path():
    f = pts.script(depth)
    assert twice(f, 100) == 100
    with pytest.raises(RecursionError):
        f(10 ** 8)


def test_list_and_tuple_arguments_use_the_python_path():
    f = pts.script(append_to)
    xs = [1, 2]
    assert f(xs, 3) == 3 and f(xs, 4) == 4
    assert xs == [1, 2, 3, 4]
    g = pts.script(tuple_sum)
    assert twice(g, (1, 2.5)) == 3.5


def scaled(x: float, factor: float = 2.0, offset: int = 0) -> float:
    return x * factor + offset


def test_keyword_and_default_arguments_bind_like_python():
    f = pts.script(add)
    for _ in range(2):
        assert f(1, b=2) == 3
        assert f(b=5, a=1) == 6
        with pytest.raises(TypeError, match="unexpected keyword|missing"):
            f(1, c=2)
        assert f(1, 2) == 3
    g = pts.script(scaled)
    assert g(1.5) == scaled(1.5)
    assert g(1.5, offset=3) == scaled(1.5, offset=3)
    assert g(1.5, 0.5) == scaled(1.5, 0.5)


def test_wrong_argument_count():
    f = pts.script(add)
    for _ in range(2):
        with pytest.raises(pts.CompileError, match="takes 2 arguments but 1 were given"):
            f(1)
        assert f(1, 2) == 3
    with pytest.raises(pts.CompileError, match="but 3 were given"):
        f(1, 2, 3)


def test_print_from_compiled_code(capsys):
    f = pts.script(shout)
    print("before")
    assert f(3) == 4
    print("between")
    assert f(5) == 6
    print("after")
    assert capsys.readouterr().out == "before\nn = 3\n1.5\nbetween\nn = 5\n2.5\nafter\n"


def test_wrapper_attributes():
    f = pts.script(add)
    assert f.__name__ == "add" and f.__wrapped__ is add and f.py_func is add
    assert repr(f) == f"<pts.script {add.__qualname__}>"


def test_two_threads():
    f = pts.script(spin)
    n = 1_000_000
    expected = spin_py(n)
    assert f(1000) == spin_py(1000)             # registered: both threads take the C path
    results = [None, None]

    def run(i):
        results[i] = f(n + i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == expected
    assert results[1] == spin_py(n + 1)


def test_python_path_without_the_extension(tmp_path):
    script = tmp_path / "no_dispatch.py"
    script.write_text(textwrap.dedent("""
        import sys
        sys.modules["pts._dispatch"] = None          # import fails as if it were not built
        import pts
        from pts.api import ScriptFunction
        from pts.runtime import native
        assert ScriptFunction.__bases__ == (object,) and native.DISPATCH is None

        @pts.script
        def add(a: int, b: int) -> int:
            return a // b

        assert add(7, 2) == 3 and add(7, 2) == 3
        try:
            add(1, 0)
        except ZeroDivisionError as e:
            assert str(e).splitlines()[0] == "integer division or modulo by zero"
        else:
            raise AssertionError("no exception")
        assert add(7, b=2) == 3          # keywords bind as in Python on this path too
        try:
            add(1, c=2)
        except TypeError:
            pass
        else:
            raise AssertionError("no exception")
        print("ok")
    """))
    p = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout == "ok\n"


def seven() -> int:
    return 7


def add3(a, b, c):
    return a + b + c


def test_no_arguments():
    assert twice(pts.script(seven)) == 7


def test_more_signatures_than_the_table_holds():
    import itertools
    f = pts.script(add3)
    values = (2, 0.5, True)
    combos = list(itertools.product(values, repeat=3))
    for _ in range(2):
        for args in combos:
            got = f(*args)
            assert got == sum(args) and type(got) is type(add3(*args)), args
    if _dispatch is not None:
        assert f._entry_count() == _dispatch.MAX_ENTRIES < len(combos)


def test_script_functions_are_collected():
    import gc
    import weakref
    f = pts.script(add)
    assert twice(f, 1, 2) == 3
    f.self_ref = f                      # a cycle through the instance dict
    ref = weakref.ref(f)
    del f
    gc.collect()
    assert ref() is None
