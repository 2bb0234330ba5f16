"""Print each real-world program's status: what pts does with each run line today.

    .venv/bin/python tests/realworld/status.py [NAME ...]

For every run line and backend (interp, native): `ok` when pts gives CPython's result and
output, else the first line of the difference or of the error (a CompileError's location
and message).  Run it after a feature lands to update README.md's table and the programs'
`# xfail:` marks (the tests turn red on an xfail that passes, but say only that it passed).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_realworld as rw  # noqa: E402


def first_problem(run: rw.Run, backend: str) -> str:
    """"ok", pts's exception ("CompileError: prog.py:12:5: message"), or how it differs."""
    got = rw.outcome(run, backend)
    if got.exc is not None and rw.expected(run).exc is None:
        text = str(got.exc).splitlines()[0] if str(got.exc) else ""
        return f"{type(got.exc).__name__}: {text.replace(str(rw.PROGRAMS) + '/', '')}"
    # a program that keeps state in its globals (nbody's planets) runs again from a fresh
    # module, as the test runs it once
    rw.load.cache_clear()
    rw._scripted.cache_clear()
    try:
        rw.check(run, backend)
    except BaseException as e:  # noqa: BLE001 - AssertionError, or pytest.fail's exception
        text = str(e).strip().splitlines()
        return "differs: " + (text[0] if text else "")
    return "ok"


def main(names: list[str]) -> None:
    for program in rw.PROGRAM_LIST:
        if names and program.name not in names:
            continue
        print(f"{program.name}")
        for run in rw.read_runs(program):
            for backend in rw.BACKENDS:
                mark = run.xfail.get(backend)
                if mark and mark.startswith("(not run)"):
                    print(f"  {run.line.expr} [{backend}]: xfail, not run")
                    continue
                got = first_problem(run, backend)
                flag = ("XPASS " if got == "ok" else "xfail ") if mark else ("" if got == "ok" else "FAIL ")
                print(f"  {run.line.expr} [{backend}]: {flag}{got}")


if __name__ == "__main__":
    main(sys.argv[1:])
