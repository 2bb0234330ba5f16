"""Scalar benchmark workloads, written once as plain Python in the pts subset.

Each function is valid CPython, valid for Numba's @njit and valid for @pts.script: ints,
floats, loops, branches and `math` only (no numpy, no containers).  bench/scalar.py runs
each one under all three implementations and compares results and times; the functions
take their problem size as arguments so the smoke test can run them small.
"""
import math


def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def mandelbrot(w: int, h: int, max_iter: int) -> int:
    # Total number of iterations over a w x h grid of c in [-2, 1] x [-1.2, 1.2].
    total = 0
    for x in range(w):
        cr = -2.0 + 3.0 * x / w
        for y in range(h):
            ci = -1.2 + 2.4 * y / h
            zr = 0.0
            zi = 0.0
            i = 0
            while i < max_iter:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                i += 1
            total += i
    return total


def count_primes(n: int) -> int:
    # Primes below n, by trial division.
    count = 0
    for k in range(2, n):
        is_prime = True
        i = 2
        while i * i <= k:
            if k % i == 0:
                is_prime = False
                break
            i += 1
        if is_prime:
            count += 1
    return count


def collatz_max(n: int) -> int:
    # Longest Collatz chain (in steps) over starting values below n.
    best = 0
    for s in range(1, n):
        k, steps = s, 0
        while k != 1:
            k = k // 2 if k % 2 == 0 else 3 * k + 1
            steps += 1
        best = max(best, steps)
    return best


def integral(n: int) -> float:
    # Midpoint rule for f(x) = sqrt(x) * exp(-x) * sin(x) on [0, 10] with n steps.
    a = 0.0
    b = 10.0
    h = (b - a) / n
    total = 0.0
    for i in range(n):
        x = a + (i + 0.5) * h
        total += math.sqrt(x) * math.exp(-x) * math.sin(x)
    return total * h


def add(a: int, b: int) -> int:
    return a + b


def compile_probe(n: int) -> int:
    # A 20-line function with loops and branches: only its first-call compile time matters.
    total = 0
    for i in range(n):
        if i % 3 == 0:
            total += i * 2
        elif i % 5 == 0:
            total -= i
        else:
            j = 0
            while j < 4:
                total += (i + j) % 7
                j += 1
    acc = 0.0
    for i in range(1, n):
        x = float(i)
        if x > 10.0:
            acc += 1.0 / x
        else:
            acc -= x
    if acc < 0.0:
        total += 1
    return total + int(acc)


# (function, full-size args, --quick args), in table order.
WORKLOADS = [
    (fib, (30,), (18,)),
    (mandelbrot, (400, 300, 200), (40, 30, 50)),
    (count_primes, (300000,), (3000,)),
    (collatz_max, (300000,), (3000,)),
    (integral, (5000000,), (20000,)),
]
