"""A module-level list of tuples (strs, floats, None among them: List[Tuple[str, float,
Optional[str]]]) and a tuple of tuples fold in as constants."""
PLANETS = [("mercury", 0.39, None), ("venus", 0.72, None), ("earth", 1.0, "moon")]
ORBIT = (("inner", 0.5), ("outer", 5.0))


def distance(name: str) -> float:
    for p, d, _ in PLANETS:
        if p == name:
            return d
    return -1.0


def moons() -> int:
    n = 0
    for name, d, m in PLANETS:
        if m is not None:
            n += 1
    return n


def describe(i: int) -> str:
    p, d, m = PLANETS[i]
    return p + " at " + str(d) + (" with " + m if m is not None else "")


def zone(d: float) -> str:
    for name, limit in ORBIT:
        if d < limit:
            return name
    return "far"


# run: distance("venus")
# run: distance("pluto")
# run: moons()
# run: describe(0)
# run: describe(2)
# run: zone(1.0)
# run: zone(30.0)
