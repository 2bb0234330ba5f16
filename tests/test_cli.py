"""The `pts` command line: run, ir, passes, and how errors are reported."""
import subprocess
import sys
import textwrap

import pytest


@pytest.fixture
def prog(tmp_path):
    path = tmp_path / "prog.py"
    path.write_text(textwrap.dedent("""\
        def gcd(a: int, b: int) -> int:
            while b != 0:
                a, b = b, a % b
            return a

        def scale(xs, k: float):
            return [x * k for x in xs]

        def boom(n: int) -> int:
            return 10 // n

        def bad(n: int) -> int:
            return n + "x"
        """))
    return path


def pts_cli(*args):
    return subprocess.run([sys.executable, "-m", "pts", *map(str, args)],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("backend", ["native", "interp"])
def test_run_prints_result(prog, backend):
    r = pts_cli("run", f"{prog}:gcd", 1071, 462, "--backend", backend)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "21"


def test_run_list_argument(prog):
    r = pts_cli("run", f"{prog}:scale", "[1, 2, 3]", "0.5")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[0.5, 1.0, 1.5]"


def test_ir_after_each_pass(prog):
    lowered = pts_cli("ir", f"{prog}:gcd", 1, 2, "--after", "lower")
    final = pts_cli("ir", f"{prog}:gcd", 1, 2)
    assert lowered.returncode == 0 and final.returncode == 0
    assert "func @gcd(%a: i64, %b: i64) -> i64" in final.stdout
    # the unoptimized IR still has the zero check the optimizer cannot drop (b varies)
    assert "ZeroDivisionError" in lowered.stdout
    for name in pts_cli("passes").stdout.split():
        r = pts_cli("ir", f"{prog}:gcd", 1, 2, "--after", name)
        if name == "differentiate":      # (gcd's ints carry no gradient: tests/grad)
            assert r.returncode == 1 and "result must be a float" in r.stderr, r.stderr
            continue
        assert r.returncode == 0, (name, r.stderr)
        assert "func @gcd" in r.stdout


def test_llvm_ir(prog):
    r = pts_cli("ir", f"{prog}:gcd", 1, 2, "--llvm")
    assert r.returncode == 0, r.stderr
    assert "define internal fastcc" in r.stdout


def test_runtime_error_is_one_message(prog):
    r = pts_cli("run", f"{prog}:boom", 0)
    assert r.returncode == 1
    assert r.stderr.startswith("ZeroDivisionError: integer division or modulo by zero")
    assert "line 10" in r.stderr
    assert "Traceback" not in r.stderr


def test_compile_error_is_one_message(prog):
    r = pts_cli("run", f"{prog}:bad", 1)
    assert r.returncode == 1
    assert "prog.py:13:12: unsupported operand type(s) for +: 'int' and 'str'" in r.stderr
    assert "^" in r.stderr
    assert "Traceback" not in r.stderr


def test_unknown_pass_is_reported(prog):
    r = pts_cli("ir", f"{prog}:gcd", 1, 2, "--after", "no_such_pass")
    assert r.returncode == 1
    assert "no_such_pass" in r.stderr
    assert "Traceback" not in r.stderr
