"""A small matrix class: __getitem__ with a tuple index, __setitem__, __mul__ (matrix
product), __add__, __eq__, static constructors, __repr__ through print."""
from typing import List, Tuple


class Mat:
    def __init__(self, n: int, m: int):
        self.n = n
        self.m = m
        self.data: List[float] = [0.0] * (n * m)

    @staticmethod
    def identity(n: int) -> "Mat":
        r = Mat(n, n)
        for i in range(n):
            r[i, i] = 1.0
        return r

    def __getitem__(self, ij: Tuple[int, int]) -> float:
        i, j = ij
        if i >= self.n or j >= self.m:
            raise IndexError("matrix index out of range")
        return self.data[i * self.m + j]

    def __setitem__(self, ij: Tuple[int, int], v: float) -> None:
        i, j = ij
        self.data[i * self.m + j] = v

    def __add__(self, o: "Mat") -> "Mat":
        r = Mat(self.n, self.m)
        for k in range(self.n * self.m):
            r.data[k] = self.data[k] + o.data[k]
        return r

    def __mul__(self, o: "Mat") -> "Mat":
        r = Mat(self.n, o.m)
        for i in range(self.n):
            for j in range(o.m):
                s = 0.0
                for k in range(self.m):
                    s += self[i, k] * o[k, j]
                r[i, j] = s
        return r

    def __eq__(self, o: "Mat") -> bool:
        return self.n == o.n and self.m == o.m and self.data == o.data

    def __repr__(self) -> str:
        return f"Mat({self.n}x{self.m}, {self.data})"


def power(n: int, k: int) -> float:
    a = Mat(n, n)
    for i in range(n):
        for j in range(n):
            a[i, j] = 1.0 / (i + j + 1)
    r = Mat.identity(n)
    for _ in range(k):
        r = r * a
    print(r + Mat.identity(n))
    return r[0, 0] + r[n - 1, n - 1]


def same(n: int) -> bool:
    return Mat.identity(n) * Mat.identity(n) == Mat.identity(n)


def out_of_range(n: int) -> float:
    return Mat.identity(n)[n, 0]


# run: power(2, 3)
# run: power(3, 0)
# run: same(3)
# run: out_of_range(2)
