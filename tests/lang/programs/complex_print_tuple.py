"""print of tuples holding complex numbers, as CPython prints them: each complex as its repr
((1+2j), 1j, (-0-1j)), nested tuples, a one-item tuple's comma, strings quoted inside;
native print writes numbers itself and made the complex items through complex_repr."""


def roots(n: int) -> float:
    z = complex(0.0, 1.0)
    w = complex(1.0, 0.0)
    for k in range(n):
        w = w * z
        print((k, w))
    return w.real + w.imag


def shapes(a: float, b: float) -> int:
    z = complex(a, b)
    print((z,))
    print((z, (z * 2, "z")), z)
    t = (-z, 0.5, True, None)
    print(t, (complex(-0.0, -1.0), complex(0.0, 0.0)))
    pair = (z.conjugate(), len("ab"))
    print("pair:", pair)
    return pair[1]


# run: roots(4)
# run: shapes(1.0, 2.0)
# run: shapes(-0.0, 1e16)
# run: shapes(1.5, -math.inf)
