"""Collatz chains; collatz_max is the benchmark workload from bench/workloads.py."""


def collatz(n: int) -> int:
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


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


def collatz_peak(n: int) -> int:
    peak = n
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        peak = max(peak, n)
    return peak


# run: collatz(27)
# run: collatz(1)
# run: collatz(97)
# run: collatz_max(200)
# run: collatz_max(2)
# run: collatz_peak(27)
