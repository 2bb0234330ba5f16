"""The checker settles a program's classes in few rounds (frontend.program.build): every
field that widens after other code read it during one round is known to the next round,
instead of each widening starting the whole program again.  Counts rounds, not time."""
import importlib.util
from pathlib import Path

from pts.frontend.program import build
from pts.ir.types import I64

PROGRAMS = Path(__file__).resolve().parents[1] / "lang" / "programs"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"rounds_{name}", PROGRAMS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_widened_fields_take_one_more_round():
    # link (None -> Optional[Node]), weight (None -> Optional[float]) and kids (an empty
    # list, then Leaf objects, then Node objects) all widen after total() and first_kid()
    # read them: one round finds them all, the second checks against them
    module = load("class_fields_widen_late")
    built = build(module.run, (I64,), (3,))
    assert built.program.rounds == 2
    fields = built.program.classes["Node"].fields
    assert str(fields["link"]) == "optional<obj<Node>>"
    assert str(fields["kids"]) == "list<obj<Base>>"


def test_a_real_error_still_stands(tmp_path):
    # a spec that fails is not checked again while nothing it depends on changed
    # (Program.failed): the error is the same CompileError, at its line
    import pytest
    from pts.errors import CompileError
    src = tmp_path / "bad_rounds.py"
    src.write_text("class P:\n"
                   "    def __init__(self):\n"
                   "        self.x = 1\n"
                   "\n"
                   "def get(p):\n"
                   "    return p.y\n"
                   "\n"
                   "def run(n: int) -> int:\n"
                   "    p = P()\n"
                   "    t = 0\n"
                   "    for i in range(n):\n"
                   "        t += get(p)\n"
                   "    return t + get(p)\n")
    spec = importlib.util.spec_from_file_location("bad_rounds", src)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(CompileError, match="bad_rounds.py:6:12: 'P' object has no attribute 'y'"):
        build(module.run, (I64,), (3,))
