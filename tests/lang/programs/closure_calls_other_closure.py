"""One nested function calls another defined before it (captured as a value)."""


def run(n: int, m: int) -> int:
    def step(x):
        return x * m + 1

    def repeat(x, k):
        for _ in range(k):
            x = step(x)
        return x

    twice = lambda x: repeat(x, 2)
    return repeat(n, 3) + twice(n)


# run: run(1, 2)
# run: run(5, -1)
