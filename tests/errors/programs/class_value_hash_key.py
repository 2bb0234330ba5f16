# Refused: objects of a class with its own __eq__/__hash__ as set elements (pts's sets hash
# objects by identity; CPython would compare them by value).
# call: f(4)
# error: 22: Pos objects as a set element: Pos defines __eq__ or __hash__, and pts's dicts and sets hash objects by identity only


class Pos:
    def __init__(self, x: int, y: int):
        self.x = x
        self.y = y

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pos) and self.x == other.x and self.y == other.y

    def __hash__(self) -> int:
        return hash((self.x, self.y))


def f(n):
    seen = set()
    for i in range(n):
        seen.add(Pos(i % 2, 0))
    return len(seen)
