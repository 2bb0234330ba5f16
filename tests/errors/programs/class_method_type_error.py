# Refused: a type error inside a method: reported at the method's line, the column counted
# in the file (past the class's indentation), the file's own line quoted.
# call: f(1)
# error: 12: unsupported operand type(s) for +: 'int' and 'str'


class P:
    def __init__(self, x: int):
        self.x = x

    def bad(self) -> int:
        return self.x + "a"


def f(n):
    return P(n).bad()
