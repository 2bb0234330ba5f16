"""@property getters and setters (a setter that raises), `+=` through a property."""
class Temp:
    def __init__(self, c: float):
        self._c = c

    @property
    def celsius(self) -> float:
        return self._c

    @celsius.setter
    def celsius(self, v: float) -> None:
        if v < -273.15:
            raise ValueError("below absolute zero")
        self._c = v

    @property
    def fahrenheit(self) -> float:
        return self._c * 9.0 / 5.0 + 32.0


def temps(c: float) -> float:
    t = Temp(c)
    f = t.fahrenheit
    t.celsius = t.celsius + 10.0
    t.celsius += 1.0
    return f + t.fahrenheit + t.celsius


def too_cold(c: float) -> float:
    t = Temp(0.0)
    t.celsius = c
    return t.celsius


# run: temps(20.0)
# run: temps(-5.5)
# run: too_cold(-300.0)
# run: too_cold(1.0)
