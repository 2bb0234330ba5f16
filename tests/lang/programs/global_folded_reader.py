"""Module-level lists a function only reads fold in as constants (no list crosses the call
boundary; the C dispatcher checks at each call that they still hold what was folded):
a table of ints, of strings with None among them, of tuples, read by index, by `in`,
iterated, measured, through a callee, and in a loop of many calls."""
PRIMES = [2, 3, 5, 7, 11, 13]
NAMES = ["zero", None, "two"]
PAIRS = [(1, 2.5), (3, -1.0)]


def is_small_prime(n: int) -> bool:
    return n in PRIMES


def nth(i: int) -> int:
    return PRIMES[i % len(PRIMES)]


def name(i: int) -> str:
    s = NAMES[i]
    return "?" if s is None else s


def weighted(k: int) -> float:
    total = 0.0
    for a, w in PAIRS:
        total += a * w * k
    return total


def many(n: int) -> int:
    s = 0
    for i in range(n):
        s += nth(i) * (1 if is_small_prime(i) else 0)
    return s


# run: is_small_prime(7)
# run: is_small_prime(8)
# run: nth(9)
# run: name(0)
# run: name(1)
# run: weighted(3)
# run: many(20)
