"""Exceptions through archives: code saved with pts.save and run by pts-run (C, no Python)
catches what it raises as in-process code does, and an exception that escapes reaches C as
the error code and message — a user class by its own name."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pts

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptsbuild import build_runtime  # noqa: E402

SOURCE = textwrap.dedent('''\
    class QuotaError(ValueError):
        pass


    def take(budget: int, cost: int) -> int:
        if cost > budget:
            raise QuotaError("over quota")
        return budget - cost


    def spend_all(budget: int, n: int) -> int:
        left = budget
        try:
            for i in range(n):
                left = take(left, 10)
        except QuotaError as e:
            print("stopped:", str(e))
        finally:
            print("left", left)
        return left


    def strict(budget: int, n: int) -> int:
        left = budget
        try:
            for i in range(n):
                left = take(left, 10)
        finally:
            print("left", left)
        return left


    def ratio(a: int, b: int) -> int:
        try:
            return a // b
        except ArithmeticError:
            raise RuntimeError("bad ratio")
''')


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    d = tmp_path_factory.mktemp("excprog")
    src = d / "exc_archive_prog.py"
    src.write_text(SOURCE)
    import importlib.util
    spec = importlib.util.spec_from_file_location("exc_archive_prog", src)
    module = importlib.util.module_from_spec(spec)
    sys.modules["exc_archive_prog"] = module
    spec.loader.exec_module(module)
    return src, module


def run_c(archive, *args):
    return subprocess.run([str(build_runtime() / "pts-run"), str(archive), *map(str, args)],
                          capture_output=True, text=True, timeout=60)


def test_caught_inside_the_archive(program, tmp_path):
    src, module = program
    target = tmp_path / "spend_all.pts"
    pts.save(pts.script(module.spend_all), target, example_inputs=[(25, 5)])
    r = run_c(target, 25, 5)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "stopped: over quota\nleft 5\n5\n"
    assert pts.load(target)(100, 3) == 70


def test_user_exception_escapes_to_c(program, tmp_path):
    src, module = program
    target = tmp_path / "strict.pts"
    pts.save(pts.script(module.strict), target, example_inputs=[(25, 5)])
    r = run_c(target, 25, 5)
    assert r.returncode == 1
    assert r.stdout == "left 5\n"                    # finally ran before the exception left
    assert f'File "{src}", line 7, in take' in r.stderr
    assert r.stderr.strip().endswith("QuotaError: over quota")
    # in this process the code maps back to the user's class
    with pytest.raises(module.QuotaError, match="over quota"):
        pts.load(target)(25, 5)


def test_user_exception_in_a_fresh_process(program, tmp_path):
    """A process that never saw the class gets the builtin class it derives from."""
    src, module = program
    target = tmp_path / "strict2.pts"
    pts.save(pts.script(module.strict), target, example_inputs=[(25, 5)])
    code = (f"import pts\ntry:\n    pts.load({str(target)!r})(25, 5)\n"
            f"except ValueError as e:\n    print(type(e).__name__, str(e).splitlines()[0])\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "ValueError over quota"


def test_handler_raises_a_new_exception(program, tmp_path):
    src, module = program
    target = tmp_path / "ratio.pts"
    pts.save(pts.script(module.ratio), target, example_inputs=[(7, 2)])
    assert run_c(target, 7, 2).stdout == "3\n"
    r = run_c(target, 7, 0)
    assert r.returncode == 1
    assert r.stderr.strip().endswith("RuntimeError: bad ratio")
    assert f'File "{src}", line 37, in ratio' in r.stderr
