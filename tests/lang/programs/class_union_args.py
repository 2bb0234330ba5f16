"""A `Union[A, B]` parameter and result of unrelated classes: the function is compiled
once for the union, an `A | B` result is used by its shared method, and `is` compares the
references whatever their classes."""
from typing import Union


class Celsius:
    def __init__(self, c: float):
        self.c = c

    def kelvin(self) -> float:
        return self.c + 273.15


class Fahrenheit:
    def __init__(self, f: float):
        self.f = f

    def kelvin(self) -> float:
        return (self.f - 32.0) * 5.0 / 9.0 + 273.15


def warmer(a: Union[Celsius, Fahrenheit], b: Celsius | Fahrenheit) -> Union[Celsius, Fahrenheit]:
    return a if a.kelvin() >= b.kelvin() else b


def pick(c: float, f: float) -> str:
    x = Celsius(c)
    y = Fahrenheit(f)
    w = warmer(x, y)
    same = w is x
    also = warmer(y, y) is y
    return f"{w.kelvin():.2f} {same} {also} {w is not y}"


def chain(n: int) -> float:
    best = warmer(Celsius(0.0), Fahrenheit(0.0))
    for i in range(n):
        best = warmer(best, Celsius(i * 3.0) if i % 2 else Fahrenheit(i * 9.0))
    return round(best.kelvin(), 6)


# run: pick(20.0, 70.0)
# run: pick(20.0, 60.0)
# run: chain(0)
# run: chain(10)
