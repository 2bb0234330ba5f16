"""Float % and // with a nan operand, where the divisor is known not to be zero (the check
before it) and the dividend not infinite: LLVM's -O3 turned fmod into an frem that is
poison for a nan, so `math.nan % y` was 0.0, int() of it raised an empty ZeroDivisionError
at line 0, and a loop that tested the result never ended (found by differential fuzzing)."""
import math


def nan_mod(y: float) -> float:
    return math.nan % y


def nan_floordiv(y: float) -> float:
    return math.nan // y


def mod_by_nan(x: float) -> float:
    return x % math.nan


def int_of_nan_mod(y: float) -> int:
    return int(math.nan % y)


def nan_mod_compared(y: float) -> bool:
    z = math.nan % y
    return z == z


def assert_in_loop(y: float) -> int:
    z = math.nan % y
    k = 0
    while k < 10:
        assert z == z
        k += 1
    return k


def loop_while_nan(y: float) -> int:
    z = math.nan % y
    k = 0
    while z != z:
        k += 1
        assert k < 3
    return k


# run: nan_mod(3.0)
# run: nan_mod(-2.5)
# run: nan_mod(0.0)
# run: nan_floordiv(3.0)
# run: mod_by_nan(2.5)
# run: mod_by_nan(math.inf)
# run: int_of_nan_mod(3.0)
# run: nan_mod_compared(3.0)
# run: assert_in_loop(3.0)
# run: loop_while_nan(3.0)
