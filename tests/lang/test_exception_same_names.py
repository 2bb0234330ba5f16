"""Two modules that each define their own exception class of the same name and base
(`class U1(Exception)`): an exception escaping scripted code is the class of the module
that raised it, whichever module compiled last (the kind names the class chain, not the
module: pts.errors picks the class defined in the raising line's file)."""
import pytest

import pts
from test_global_values import load


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_each_module_raises_its_own_class(tmp_path, backend):
    src = """
        class U1(Exception):
            pass

        def f(n: int) -> int:
            if n > 0:
                raise U1("from {name}")
            return n
    """
    a = load(tmp_path, f"same_names_a_{backend}", src.replace("{name}", "a"))
    b = load(tmp_path, f"same_names_b_{backend}", src.replace("{name}", "b"))
    fa, fb = pts.script(a.f, backend=backend), pts.script(b.f, backend=backend)
    assert fb(0) == 0 and fa(0) == 0            # both compiled; a last
    for fn, mod in ((fb, b), (fa, a), (fb, b)):
        with pytest.raises(mod.U1) as info:
            fn(1)
        assert type(info.value) is mod.U1
