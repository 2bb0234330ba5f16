"""startswith / endswith, with bounds."""
from typing import List


def tests(s: str, p: str) -> List[bool]:
    return [s.startswith(p), s.endswith(p), s.startswith(p, 2), s.endswith(p, 0, 4),
            s.startswith(""), s.endswith(""), s.startswith(p, -3)]


# run: tests("hello.py", ".py")
# run: tests("hello.py", "he")
# run: tests("", "x")
# run: tests("ünïcode", "ün")
