"""The random module (stdlib/pyrandom.py): seed, random, getrandbits, randrange (one, two
and three arguments, negative steps), randint, choice, shuffle, uniform, gauss (with its kept second value),
normalvariate and expovariate give CPython's
numbers from the same seed — the generator is CPython's own, so a draw in Python after a
scripted draw continues the same stream — and CPython's errors (empty ranges, a zero step,
choosing from an empty list)."""
import random
from random import randrange, shuffle


def floats(seed: int, n: int) -> list:
    random.seed(seed)
    return [random.random() for _ in range(n)]


def bits(seed: int) -> list:
    random.seed(seed)
    return [random.getrandbits(k) for k in (1, 5, 31, 32, 33, 40, 63, 0)]


def ranges(seed: int) -> list:
    random.seed(seed)
    out = []
    for i in range(20):
        out.append(random.randrange(1 + i))
        out.append(randrange(-5, 100, 7))
        out.append(random.randrange(50, -3, -4))
        out.append(random.randint(-2, 2))
        out.append(random.randrange(10**12))
    return out


def shuffled(seed: int, n: int) -> tuple:
    random.seed(seed)
    xs = [i * i for i in range(n)]
    shuffle(xs)
    words = ["a", "bb", "ccc", "dddd"]
    random.shuffle(words)
    return (xs, words, random.choice(words), random.choice(xs))


def uniforms(seed: int) -> float:
    random.seed(seed)
    total = 0.0
    for _ in range(100):
        total += random.uniform(-1.0, 3.0)
    return total


def walk(seed: int, steps: int) -> tuple:
    random.seed(seed)
    x = 0
    y = 0
    for _ in range(steps):
        d = random.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        x += d[0]
        y += d[1]
    return (x, y)


def normals(seed: int, n: int) -> list:
    random.seed(seed)
    out = []
    for i in range(n):
        out.append(random.gauss(1.0, 2.0))
        if i % 3 == 0:
            random.seed(seed + i)           # forgets gauss's kept value, as CPython
        out.append(random.normalvariate())
        out.append(random.expovariate(0.5))
    return out


def empty_range(n: int) -> int:
    random.seed(1)
    return random.randrange(n, n)


def empty_stop(n: int) -> int:
    return random.randrange(n)


def zero_step(n: int) -> int:
    return random.randrange(0, n, 0)


def empty_choice(n: int) -> int:
    xs = [1, 2, 3]
    return random.choice(xs[:n])


def bad_bits(k: int) -> int:
    return random.getrandbits(k)


# run: floats(0, 10)
# run: floats(12345, 3)
# run: floats(-7, 3)
# run: floats(2**40 + 3, 5)
# run: floats(2**62, 2)
# run: bits(1)
# run: bits(99)
# run: ranges(3)
# run: ranges(2024)
# run: shuffled(5, 30)
# run: shuffled(6, 1)
# run: uniforms(8)
# run: walk(11, 500)
# run: normals(1, 10)
# run: normals(77, 25)
# run: empty_range(4)
# run: empty_stop(0)
# run: empty_stop(-3)
# run: zero_step(9)
# run: empty_choice(0)
# run: bad_bits(-1)
