"""`x in G`, G.index(x) and G.count(x) on a module-level list (ValueError as CPython)."""
PRIMES = [2, 3, 5, 7, 11, 13, 2]
VOWELS = ["a", "e", "i", "o", "u"]


def is_small_prime(n: int) -> bool:
    return n in PRIMES


def where(n: int) -> int:
    return PRIMES.index(n)


def twos() -> int:
    return PRIMES.count(2)


def vowel_count(s: str) -> int:
    n = 0
    for ch in s:
        if ch in VOWELS:
            n += 1
    return n


# run: is_small_prime(7)
# run: is_small_prime(9)
# run: where(11)
# run: where(4)
# run: twos()
# run: vowel_count("numerical python")
