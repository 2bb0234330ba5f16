"""Output printed before an exception is kept; the handler's output follows it."""


def f(n: int) -> int:
    for i in range(n):
        try:
            print("i =", i)
            if i == 2:
                raise ValueError("two")
            print("ok", i)
        except ValueError as e:
            print("handled", str(e))
        finally:
            print("end", i)
    return n


# run: f(4)
