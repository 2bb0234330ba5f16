# Refused: a context manager whose __exit__ reads the exception (pts passes it none).
# call: f(2)
# error: 15: Quiet.__exit__ reads the exception ('exc_type'): pts passes __exit__ no exception; a context manager's __exit__ must ignore its arguments


class Quiet:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return exc_type is ValueError


def f(n):
    with Quiet():
        n += 1
    return n
