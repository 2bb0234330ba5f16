# call: f(1)
# error: 17: several base classes
class A:
    pass


class B:
    pass


class C(A, B):
    pass


def f(n: int) -> int:
    y = n * 2
    c = C()
    return y
