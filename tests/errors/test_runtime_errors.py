"""Run-time errors: scripted code raises the exception CPython raises, pointing at the line.

Each case runs a function of runtime_cases.py natively and through the IR interpreter, and
compares with the plain function run by CPython: same exception type, same first message
line, and the rest of the message names the file and the line marked `# raises-here: CASE`.
"""
from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

import pts

CASES_PATH = Path(__file__).resolve().parent / "runtime_cases.py"


def _load_cases():
    name = "pts_tests_runtime_cases"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, CASES_PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


cases = _load_cases()
CASES_SOURCE = CASES_PATH.read_text(encoding="utf-8").splitlines()


def marker_line(case: str) -> int:
    """1-based line of the statement marked `# raises-here: case`."""
    hits = [i + 1 for i, text in enumerate(CASES_SOURCE)
            if text.rstrip().endswith(f"# raises-here: {case}")]
    assert len(hits) == 1, f"marker for {case!r} found {len(hits)} times"
    return hits[0]


# (case = marker name, function name, arguments); the function raises for these arguments.
RUNTIME_CASES = [
    # ZeroDivisionError
    ("int_floordiv", "int_floordiv", (7, 0)),
    ("int_mod", "int_mod", (7, 0)),
    ("int_truediv", "int_truediv", (7, 0)),
    ("float_truediv", "float_truediv", (7.5, 0.0)),
    ("float_floordiv", "float_floordiv", (7.5, 0.0)),
    ("float_mod", "float_mod", (7.5, 0.0)),
    # IndexError
    ("list_get", "list_get", (3, 3)),
    ("list_get_negative", "list_get_negative", (3, -4)),
    ("list_set", "list_set", (3, 5)),
    ("pop_empty", "pop_empty", (0,)),
    # AssertionError
    ("assert_plain", "assert_plain", (-1,)),
    ("assert_message", "assert_message", (-1,)),
    # raise statements
    ("raise_value_error", "raise_value_error", (-1,)),
    ("raise_runtime_error", "raise_runtime_error", (-1,)),
    ("raise_index_error", "raise_index_error", (-1,)),
    ("raise_zero_division_error", "raise_zero_division_error", (-1,)),
    ("raise_assertion_error", "raise_assertion_error", (-1,)),
    ("raise_type_error", "raise_type_error", (-1,)),
    # math and conversions
    ("math_domain", "math_domain", (-1.0,)),
    ("math_log_domain", "math_log_domain", (0.0,)),
    ("math_range", "math_range", (1000.0,)),
    ("math_sin_domain", "math_sin_domain", (-math.inf,)),
    ("math_cosh_range", "math_cosh_range", (-800.0,)),
    ("int_of_nan", "int_of_nan", (math.inf,)),
    ("int_of_inf", "int_of_inf", (math.inf,)),
    # a callee two calls deep: the message points into deep_inner
    ("deep_call", "deep_call", (0.25,)),
    # through try statements (the line that first raised)
    ("through_finally", "through_finally", (0,)),
    ("unmatched_handler", "unmatched_handler", ([1, 2], 5)),
    ("bare_reraise", "bare_reraise", (-1,)),
    ("user_class_escapes", "user_class_escapes", (11,)),
    ("raise_in_handler", "raise_in_handler", (0,)),
    # errors of library functions (stdlib/) name the user's call
    ("list_index_missing", "list_index_missing", ([1, 2],)),
    ("list_remove_missing", "list_remove_missing", ([1, 2],)),
    ("factorial_negative", "factorial_negative", (-1,)),
    ("comb_negative_twice", "comb_negative_twice", (-5, 2)),
    ("sorted_key_raises", "sorted_key_raises", ([3, 0, 1],)),
]

BACKENDS = ["native", "interp"]


def first_line(exc: BaseException) -> str:
    lines = str(exc).splitlines()
    return lines[0] if lines else ""


def cpython_error(fn, args) -> BaseException:
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001 - any exception is the reference
        return exc
    raise AssertionError(f"{fn.__name__}{args} does not raise in CPython")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case, func, args", RUNTIME_CASES, ids=[c[0] for c in RUNTIME_CASES])
def test_runtime_error(case, func, args, backend):
    plain = getattr(cases, func)
    expected = cpython_error(plain, args)
    line = marker_line(case)

    scripted = pts.script(plain, backend=backend)
    with pytest.raises(Exception) as info:
        scripted(*args)
    got = info.value

    assert not isinstance(got, pts.CompileError), f"compile error instead of run-time error: {got}"
    assert type(got) is type(expected), f"{type(got).__name__}: {got}"
    assert first_line(got) == first_line(expected)
    message = str(got)
    assert f'{CASES_PATH.name}", line {line}' in message, message
    assert 'File "' in message, message
    assert "stdlib" not in message, message


@pytest.mark.parametrize("backend", BACKENDS)
def test_error_does_not_poison_later_calls(backend):
    """After a run-time error, the same compiled function still runs normally."""
    scripted = pts.script(cases.int_floordiv, backend=backend)
    with pytest.raises(ZeroDivisionError):
        scripted(1, 0)
    assert scripted(7, 2) == 3
    assert scripted(-7, 2) == -4


def test_expected_messages_match_this_python():
    """The messages the compiler must reproduce, as this CPython spells them."""
    assert first_line(cpython_error(cases.int_of_nan, (math.inf,))) == \
        "cannot convert float NaN to integer"
    assert first_line(cpython_error(cases.int_of_inf, (math.inf,))) == \
        "cannot convert float infinity to integer"
    assert type(cpython_error(cases.math_range, (1000.0,))) is OverflowError
    assert type(cpython_error(cases.list_get, (3, 3))) is IndexError


def test_every_marker_is_used():
    markers = {text.rsplit("# raises-here: ", 1)[1].strip()
               for text in CASES_SOURCE if "# raises-here: " in text}
    assert markers == {c[0] for c in RUNTIME_CASES}
