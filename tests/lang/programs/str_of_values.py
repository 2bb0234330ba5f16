"""str() and repr() of every pts value: numbers, bools, None, strings, lists, tuples."""
from typing import List, Tuple


def show(n: int, x: float, b: bool, xs: List[float], t: Tuple[int, str, float]) -> List[str]:
    words: List[str] = ["a", "b'c", 'd"e']
    nothing: None = None
    return [str(n), repr(n), str(x), repr(x), str(b), repr(b), str(nothing), repr(nothing),
            str(xs), repr(xs), str(t), repr(t), str(words), repr(words), str(()), str((n,)),
            str([True, False]), repr([n, n])]


# run: show(3, 0.1, True, [1.0, -0.0, 1e20, math.nan], (1, "x", 2.5))
# run: show(-9223372036854775807, -1e-300, False, [], (0, "", -0.0))
