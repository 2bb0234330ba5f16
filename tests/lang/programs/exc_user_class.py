"""A user exception class deriving from ValueError: raised and caught by its class and by
its base; escaping, it is the user's class."""


class ParseError(ValueError):
    pass


class DeepError(ParseError):
    """A subclass of a subclass."""


def parse(n: int) -> int:
    if n < 0:
        raise ParseError("negative")
    if n > 100:
        raise DeepError("too large")
    return n


def by_class(n: int) -> int:
    try:
        return parse(n)
    except ParseError as e:
        print("parse error:", str(e))
        return -1


def by_base(n: int) -> int:
    try:
        return parse(n)
    except ValueError as e:
        print("value error:", str(e))
        return -2


def deep_only(n: int) -> int:
    try:
        return parse(n)
    except DeepError:
        return -3


# run: by_class(5)
# run: by_class(-5)
# run: by_class(500)
# run: by_base(-1)
# run: deep_only(500)
# run: deep_only(-1)
# run: parse(-1)
# run: parse(1000)
