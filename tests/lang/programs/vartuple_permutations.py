"""pyperformance's permutations() generator (a pure-Python itertools.permutations):
`pool = tuple(iterable)`, `yield tuple(pool[i] for i in indices[:r])`, and n-queens over
it, with sets of `vec[i] + i`."""


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    if r is None:
        r = n
    indices = list(range(n))
    cycles = list(range(n - r + 1, n + 1))[::-1]
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def perms_of(n: int, r: int) -> str:
    return " ".join(str(p) for p in permutations(range(n), r))


def perms_str(s: str) -> int:
    count = 0
    for p in permutations(s):
        if p[0] < p[-1]:
            count += 1
    return count


def queens(n: int) -> int:
    cols = range(n)
    found = 0
    for vec in permutations(cols):
        if n == len(set(vec[i] + i for i in cols)) == len(set(vec[i] - i for i in cols)):
            found += 1
    return found


# run: perms_of(3, 2)
# run: perms_of(3, 3)
# run: perms_of(0, 0)
# run: perms_of(4, 1)
# run: perms_str("abcd")
# run: queens(4)
# run: queens(6)
