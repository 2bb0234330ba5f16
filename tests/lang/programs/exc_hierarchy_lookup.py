"""LookupError catches IndexError from list indexing; Exception catches everything
ordinary; the first matching handler wins."""


def get(xs: list[int], i: int) -> int:
    try:
        return xs[i]
    except LookupError as e:
        print("lookup:", str(e))
        return -1


def order(k: int) -> int:
    try:
        if k == 0:
            raise IndexError("i")
        raise KeyError("k")
    except IndexError:
        return 1
    except LookupError:
        return 2
    except Exception:
        return 3


def catch_all(k: int) -> int:
    try:
        if k == 0:
            raise RuntimeError("r")
        if k == 1:
            raise TypeError("t")
        if k == 2:
            raise NotImplementedError("n")
        return 0
    except Exception as e:
        print(str(e))
        return 1


# run: get([1, 2], 1)
# run: get([1, 2], 2)
# run: get([1, 2], -3)
# run: order(0)
# run: order(1)
# run: catch_all(0)
# run: catch_all(1)
# run: catch_all(2)
# run: catch_all(3)
