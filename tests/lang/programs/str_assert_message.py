"""assert with a message built at run time."""


def checked(x: float, name: str) -> float:
    assert x >= 0, f"{name} must be non-negative, got {x:.2f}"
    assert name, "empty name " + repr(name)
    return x * 2


# run: checked(1.5, "x")
# run: checked(-0.25, "speed")
# run: checked(1.0, "")
