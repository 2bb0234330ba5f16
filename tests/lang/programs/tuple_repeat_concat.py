"""Tuple repetition by a count known when compiling (`('=' * 10,) * 3`, `2 * t`, `t * 0`)
and concatenation of tuples: fixed-length tuples of the repeated or joined items."""


def banner(w: int) -> str:
    fmt = '%-10s %-10s %-10s'
    return fmt % (('=' * w,) * 3)


def repeat(a: int, b: float) -> str:
    t = (a, b)
    u = t * 2
    v = 3 * (a,)
    e = t * 0
    n = (b,) * -1
    return f"{u} {v} {e} {n} {len(u)} {u[3]}"


def concat(a: int, s: str) -> str:
    t = (a, s) + (s, a * 2)
    return f"{t} {t + ()} {() + (1,)} {t[2]}"


def count_once(n: int) -> int:
    calls = [0]

    def f() -> int:
        calls[0] += 1
        return n

    t = (f(),) * 4
    return calls[0] * 100 + sum(t)


def nested(a: int) -> str:
    pairs = ((a, "p"),) * 2 + ((a + 1, "q"),)
    total = 0
    for k, _ in pairs:
        total += k
    x, y, z = (a,) * True + (a * 2,) * 2
    return f"{pairs} {total} {x} {y} {z} {pairs < ((a, 'p'),)} {(a, a) == (a,) * 2}"


# run: banner(10)
# run: banner(3)
# run: repeat(2, 1.5)
# run: concat(4, "x")
# run: count_once(3)
# run: nested(5)
