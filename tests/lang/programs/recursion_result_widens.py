"""Mutual recursion whose result widens after a caller read it (pyperformance raytrace's
rayColour -> colourAt -> rayColour): `trace` returns `(0, 0, 0)` (ints) or what `shade`
makes of `trace`'s own result (floats); `shade` is checked while `trace`'s result is still
the ints, so the program is checked again knowing the floats."""


def mix(a, k, b):
    return (a[0] + k * b[0], a[1] + k * b[1], a[2] + k * b[2])


def trace(depth: int, limit: int):
    if depth > limit:
        return (0, 0, 0)
    return shade(depth, limit)


def shade(depth: int, limit: int):
    c = (0.1 * depth, 0.2, 0.3)
    bounced = trace(depth + 1, limit)
    return mix(c, 0.5, bounced)


class Scene:
    def __init__(self, limit: int):
        self.limit = limit
        self.depth = 0

    def colour(self):
        if self.depth > self.limit:
            return (0, 0)
        self.depth += 1
        c = self.surface()
        self.depth -= 1
        return c

    def surface(self):
        r = self.colour()
        return (r[0] * 0.5 + 1.0, r[1] * 0.25 + self.depth)


def run(limit: int) -> str:
    t = trace(0, limit)
    s = Scene(limit).colour()
    return f"{t[0]:.4f} {t[1]:.4f} {t[2]:.4f} {s[0]:.4f} {s[1]:.4f}"


# run: run(0)
# run: run(3)
