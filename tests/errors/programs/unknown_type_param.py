# Refused: a parameter annotated with an unknown type.
# call: f(1)
# error: 8: unknown type 'Foo'

from __future__ import annotations


def f(x: Foo) -> int:
    return 1
