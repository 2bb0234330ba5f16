"""Class attributes the code assigns (`Counter.made += 1`: state shared by every object and
with Python, as CPython's class attributes), read through the class in other functions."""
from typing import List


class Counter:
    made = 0
    last_name = ""

    def __init__(self, name: str):
        Counter.made += 1
        Counter.last_name = name
        self.id = Counter.made


class Config:
    scale = 2.0
    debug = False


def counter(n: int) -> str:
    Counter.made = 0            # (the test harness runs each line three ways in one module)
    cs = [Counter(f"c{i}") for i in range(n)]
    return f"{cs[-1].id} {Counter.made} {Counter.last_name}"


def rescale(xs: List[float], s: float) -> List[float]:
    Config.scale = s
    Config.debug = s > 2.0
    return apply(xs)


def apply(xs: List[float]) -> List[float]:
    if Config.debug:
        print("scaling by", Config.scale)
    return [x * Config.scale for x in xs]


# run: counter(3)
# run: counter(0)
# run: rescale([1.0, 2.5], 3.0)
# run: rescale([1.0], 0.5)
