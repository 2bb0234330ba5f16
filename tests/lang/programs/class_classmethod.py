"""@classmethod alternate constructors (`cls(...)`), class attributes read through `cls`,
a classmethod called on an instance and inherited by a subclass (cls is the subclass)."""
from typing import List


class Temperature:
    SCALE = "C"

    def __init__(self, celsius: float):
        self.celsius = celsius

    @classmethod
    def from_fahrenheit(cls, f: float) -> "Temperature":
        return cls((f - 32.0) * 5.0 / 9.0)

    @classmethod
    def scale(cls) -> str:
        return cls.SCALE

    def __repr__(self) -> str:
        return f"Temperature({self.celsius:.2f})"


class Reading(Temperature):
    SCALE = "R"

    def describe(self) -> str:
        return f"reading {self.celsius:.1f}"


def convert(fs: List[float]) -> List[float]:
    return [Temperature.from_fahrenheit(f).celsius for f in fs]


def scales() -> str:
    t = Temperature(1.0)
    return Temperature.scale() + t.scale() + Reading.scale()


def sub(f: float) -> str:
    r = Reading.from_fahrenheit(f)
    return r.describe() + " " + repr(r)


def dynamic(k: int) -> str:
    ts: List[Temperature] = [Temperature(1.0), Reading(2.0)]
    out = ""
    for t in ts[k:]:
        out += t.scale()
    return out


# run: convert([32.0, 212.0, -40.0])
# run: scales()
# run: sub(50.0)
# run: dynamic(0)
# run: dynamic(1)
