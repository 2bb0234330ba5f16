"""Gradient entries in the disk cache: a second process loads them instead of compiling,
and a function's plain and gradient entries never stand in for each other."""
import json
import os
import subprocess
import sys
import textwrap


PROGRAM = textwrap.dedent("""
    import json, math, sys
    import pts
    from pts import cache

    def f(x: float, y: float) -> float:
        s = x
        while s < 5.0:
            s = s * y + math.sin(s)
        return s

    plain = pts.script(f)(0.5, 1.5)
    value, grads = pts.value_and_grad(f, argnums=(0, 1))(0.5, 1.5)
    gx = pts.grad(f)(0.5, 1.5)
    print(json.dumps([plain, value, list(grads), gx, dict(cache.STATS)]))
""")


def run(tmp_path, env):
    prog = tmp_path / "prog.py"
    prog.write_text(PROGRAM)
    r = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_grad_entries_are_cached_apart(tmp_path):
    env = dict(os.environ, PTS_CACHE_DIR=str(tmp_path / "cache"))
    first = run(tmp_path, env)
    second = run(tmp_path, env)
    plain, value, grads, gx, stats = first
    assert plain == value                 # the value of the gradient entry is f's
    assert gx == grads[0]                 # argnums (0,) and (0, 1): two entries
    assert second[:4] == first[:4]
    # the second process loads all three (plain, grad of x, grad of x and y) and compiles none
    assert second[4]["cache_loads"] == 3 and second[4]["llvm_compiles"] == 0, second[4]
    assert first[4]["llvm_compiles"] >= 3, first[4]
