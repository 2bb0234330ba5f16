"""A variable that is a float and then `int(...)` of itself (pyperformance chaos:
`x = ... / width * w` then `x = int(x)`, used as a list index): each assignment's uses
see only it, so the float x and the int x are separate variables (frontend/variable_webs.py)."""


def plot(w: int, h: int, n: int) -> list:
    im = [[1] * h for _ in range(w)]
    for k in range(n):
        x = (k * 0.37) % 1.0 * w
        y = (k * 0.61) % 1.0 * h
        x = int(x)
        y = int(y)
        if x == w:
            x -= 1
        im[x][h - y - 1] = 0
    return im


def shown(v: float) -> str:
    x = v * 3
    print(x)
    x = int(x)
    print(x, x // 2)
    return repr(x)


# run: plot(4, 3, 7)
# run: shown(2.5)
# run: shown(-1.25)
