"""A decorated function as the entry (pts.script(f) where f is a functools.wraps wrapper):
the wrapper's own code with its cells, so that two functions made by one decorator are two
compiled functions — in one process and through the disk cache of another."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

SOURCE = """
import functools, sys
import pts

def scaled(k):
    def deco(func):
        @functools.wraps(func)
        def wrapper(n: int) -> int:
            return k * func(n) + 1
        return wrapper
    return deco

@scaled(2)
def ident(n):
    return n

@scaled(3)
def square(n):
    return n * n

order = (ident, square) if sys.argv[1] == "a" else (square, ident)
print([(f.__name__, pts.script(f)(5), f(5)) for f in order])
"""


def test_two_wrappers_of_one_decorator_stay_apart_across_processes(tmp_path):
    script = tmp_path / "wrapped.py"
    script.write_text(textwrap.dedent(SOURCE))
    env = {**os.environ, "PTS_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, str(script), order], env=env, capture_output=True,
                           text=True, timeout=120) for order in ("a", "b", "a")]
    for r in runs:
        assert r.returncode == 0, r.stderr
    assert runs[0].stdout.strip() == "[('ident', 11, 11), ('square', 76, 76)]"
    assert runs[1].stdout.strip() == "[('square', 76, 76), ('ident', 11, 11)]"
    assert runs[2].stdout == runs[0].stdout
