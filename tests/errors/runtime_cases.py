"""Functions that fail at run time, for test_runtime_errors.py.

Each statement expected to raise ends with a marker comment: "raises-here", a colon and the
case name the test uses; the test finds the line by searching for the marker, so this
file can be edited freely.  Every function is plain Python: calling it unscripted gives
CPython's exception, which the scripted version must reproduce.
"""
import math


# ---------------------------------------------------------------- ZeroDivisionError

def int_floordiv(a: int, b: int) -> int:
    return a // b  # raises-here: int_floordiv


def int_mod(a: int, b: int) -> int:
    return a % b  # raises-here: int_mod


def int_truediv(a: int, b: int) -> float:
    return a / b  # raises-here: int_truediv


def float_truediv(x: float, y: float) -> float:
    return x / y  # raises-here: float_truediv


def float_floordiv(x: float, y: float) -> float:
    return x // y  # raises-here: float_floordiv


def float_mod(x: float, y: float) -> float:
    return x % y  # raises-here: float_mod


# ---------------------------------------------------------------- IndexError

def list_get(n: int, i: int) -> int:
    xs = [7] * n
    return xs[i]  # raises-here: list_get


def list_get_negative(n: int, i: int) -> int:
    xs = [j * j for j in range(n)]
    return xs[i]  # raises-here: list_get_negative


def list_set(n: int, i: int) -> int:
    xs = [0] * n
    xs[i] = 1  # raises-here: list_set
    return xs[0]


def pop_empty(n: int) -> int:
    xs = [0] * n
    return xs.pop()  # raises-here: pop_empty


# ---------------------------------------------------------------- AssertionError

def assert_plain(x: int) -> int:
    assert x > 0  # raises-here: assert_plain
    return x


def assert_message(x: int) -> int:
    assert x > 0, "x must be positive"  # raises-here: assert_message
    return x


# ---------------------------------------------------------------- raise statements

def raise_value_error(x: int) -> int:
    if x < 0:
        raise ValueError("negative input")  # raises-here: raise_value_error
    return x


def raise_runtime_error(x: int) -> int:
    if x < 0:
        raise RuntimeError("did not converge")  # raises-here: raise_runtime_error
    return x


def raise_index_error(x: int) -> int:
    if x < 0:
        raise IndexError("slot out of range")  # raises-here: raise_index_error
    return x


def raise_zero_division_error(x: int) -> int:
    if x < 0:
        raise ZeroDivisionError("empty batch")  # raises-here: raise_zero_division_error
    return x


def raise_assertion_error(x: int) -> int:
    if x < 0:
        raise AssertionError("invariant broken")  # raises-here: raise_assertion_error
    return x


def raise_type_error(x: int) -> int:
    if x < 0:
        raise TypeError("expected a positive count")  # raises-here: raise_type_error
    return x


# ---------------------------------------------------------------- math and conversions

def math_domain(x: float) -> float:
    return math.sqrt(x)  # raises-here: math_domain


def math_log_domain(x: float) -> float:
    return math.log(x)  # raises-here: math_log_domain


def math_range(x: float) -> float:
    return math.exp(x)  # raises-here: math_range


def math_sin_domain(x: float) -> float:
    return math.sin(x * 2.0)  # raises-here: math_sin_domain


def math_cosh_range(x: float) -> float:
    return math.cosh(x)  # raises-here: math_cosh_range


def int_of_nan(x: float) -> int:
    y = x * 0.0
    return int(y)  # raises-here: int_of_nan


def int_of_inf(x: float) -> int:
    y = x * 2.0
    return int(y)  # raises-here: int_of_inf


# ---------------------------------------------------------------- raised two calls deep

def deep_inner(x: float) -> float:
    if x < 0.0:
        raise ValueError("deep failure")  # raises-here: deep_call
    return x


def deep_middle(x: float) -> float:
    return deep_inner(x - 1.0) + 1.0


def deep_call(x: float) -> float:
    return deep_middle(x * 2.0) * 3.0


# ---------------------------------------------------------------- through try statements
# An exception that leaves through a finally, an unmatched handler or a re-raise points at
# the line that first raised it, as CPython's traceback does.

class QuotaError(ValueError):
    pass


def through_finally(n: int) -> int:
    total = 0
    try:
        total = 100 // n  # raises-here: through_finally
    finally:
        total += 1
    return total


def unmatched_handler(xs: list[int], i: int) -> int:
    try:
        return xs[i]  # raises-here: unmatched_handler
    except ZeroDivisionError:
        return -1


def bare_reraise(n: int) -> int:
    try:
        if n < 0:
            raise QuotaError("negative quota")  # raises-here: bare_reraise
        return n
    except ValueError:
        print("re-raising")
        raise


def user_class_escapes(n: int) -> int:
    if n > 10:
        raise QuotaError("quota exceeded")  # raises-here: user_class_escapes
    return n


def raise_in_handler(n: int) -> int:
    try:
        return 10 // n
    except ZeroDivisionError:
        raise RuntimeError("wrapped")  # raises-here: raise_in_handler


# ---------------------------------------------------------------- errors of library functions
# (list methods, math and sorting are written in the language, in pts's stdlib/): the error
# names the user's call, as CPython names the caller's line for an error of a builtin

def list_index_missing(xs: list[int]) -> int:
    return xs.index(5)  # raises-here: list_index_missing


def list_remove_missing(xs: list[int]) -> int:
    xs.remove(5)  # raises-here: list_remove_missing
    return len(xs)


def factorial_negative(n: int) -> int:
    return math.factorial(n)  # raises-here: factorial_negative


def comb_negative_twice(n: int, k: int) -> int:
    # two call sites: the library function is called, not inlined
    a = math.comb(abs(n), k)
    return a + math.comb(n, k)  # raises-here: comb_negative_twice


def sorted_key_raises(xs: list[int]) -> list[int]:
    # the key is the user's: its error keeps the key's line, inside the library's sort
    return sorted(xs, key=lambda x: 10 // x)  # raises-here: sorted_key_raises
