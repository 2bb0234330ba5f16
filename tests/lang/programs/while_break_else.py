"""The else of a while/for loop runs only when the loop was not left by break."""


def find_divisor(n: int) -> int:
    d = 2
    while d * d <= n:
        if n % d == 0:
            break
        d += 1
    else:
        d = n
    return d


def first_multiple(xs_len: int, k: int) -> int:
    found = -1
    for i in range(1, xs_len):
        if i % k == 0:
            found = i
            break
    else:
        found = -2
    return found


def counted(n: int) -> int:
    i = 0
    hits = 0
    while i < n:
        i += 1
        if i == 1000:
            break
    else:
        hits += 100
    for j in range(n):
        pass
    else:
        hits += 1
    return hits + i


def else_prints(n: int) -> None:
    while n > 0:
        n -= 3
    else:
        print("loop finished with n =", n)


# run: find_divisor(91)
# run: find_divisor(97)
# run: find_divisor(1)
# run: first_multiple(20, 7)
# run: first_multiple(5, 7)
# run: counted(10)
# run: counted(2000)
# run: counted(0)
# run: else_prints(10)
