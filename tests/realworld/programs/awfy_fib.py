# Source: Are We Fast Yet, benchmarks/Python/fib.py (https://github.com/smarr/are-we-fast-yet)
# Licence: MIT
# Changes: the return annotation `-> int` (a recursive function needs one); the
#   module-level `print(fib(33))` is wrapped in main(n).


def fib(n) -> int:
    if n == 0:
        return 0

    if n == 1:
        return 1

    return fib(n-1) + fib(n-2)


def main(n):
    print(fib(n))


# run: main(20)
# run: main(0)
