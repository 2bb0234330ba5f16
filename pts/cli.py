"""The `pts` command line (`python -m pts`).

    pts run FILE.py:FUNC ARG... [--backend native|interp]   call a function, print the result
    pts ir  FILE.py:FUNC ARG... [--after PASS] [--llvm]      print its IR for those arguments
    pts passes                                               list the IR passes in order
    pts demo                                                 the demo of `make demo`
    pts bench [--quick]                                      the benchmarks of `make bench`
    pts cache info|clear                                     the disk cache of compiled code
    pts run MODEL.pts [--entry NAME] ARG...                  call an archive's entry (pts.load)
    pts compile FILE.py:FUNC -o MODEL.pts --example ARGS...  write a .pts archive
    pts compile FILE.py:Class -o MODEL.pts --example ARGS... ... of the model Class() (forward)
    pts inspect MODEL.pts                                    manifest, entries, images (and
                                                             the one this host runs), sizes

Arguments are Python literals (`3`, `2.5`, `True`, `[1, 2]`, `(1, 2.0)`) or, for tensors,
paths of .npy files.  Errors are printed as one message, never as a traceback; the exit
status is 1.
"""
from __future__ import annotations

import argparse
import ast
import importlib.util
import sys
from pathlib import Path


def load_function(target: str):
    """`FILE.py:FUNC` -> the Python function (a pts.script wrapper is unwrapped);
    `FILE.py:Class.method` -> that method of the model `Class()` (pts.api.ModelMethod)."""
    path, sep, name = target.rpartition(":")
    if not sep or not path:
        raise SystemExit(f"pts: expected FILE.py:FUNC, got {target!r}")
    file = Path(path)
    if not file.is_file():
        raise SystemExit(f"pts: no such file: {path}")
    spec = importlib.util.spec_from_file_location(f"pts_cli_{file.stem}", file)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(file.resolve().parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.pop(0)
    obj = module
    parts = name.split(".")
    for i, part in enumerate(parts):
        obj = getattr(obj, part, None)
        if obj is None:
            raise SystemExit(f"pts: {path} has no '{name}'")
        if isinstance(obj, type):       # FILE.py:Class.method: a method of the model Class()
            from pts.api import ModelMethod
            return ModelMethod(obj(), ".".join(parts[i + 1:]) or "forward")
    return getattr(obj, "py_func", obj)


def parse_args_literals(args: list[str]) -> list:
    values = []
    for a in args:
        if a.endswith(".npy"):
            values.append(load_npy(a))
            continue
        try:
            values.append(ast.literal_eval(a))
        except (ValueError, SyntaxError):
            raise SystemExit(f"pts: argument {a!r} is not a Python literal or a .npy file")
    return values


def load_npy(path: str):
    import numpy as np
    try:
        return np.load(path, allow_pickle=False)
    except (OSError, ValueError) as e:
        raise SystemExit(f"pts: cannot read {path}: {e}")


def cmd_run(opts) -> int:
    import pts
    if opts.target.endswith(".pts") and ":" not in opts.target:
        from pts.runtime.archive import ArchiveError
        try:
            obj = pts.load(opts.target)
        except (ArchiveError, OSError) as e:
            raise SystemExit(f"pts: {e}")
        fn = getattr(obj, opts.entry) if opts.entry else obj
        result = fn(*parse_args_literals(opts.args))
        if result is not None:
            print(result)
        return 0
    fn = pts.script(load_function(opts.target), backend=opts.backend)
    result = fn(*parse_args_literals(opts.args))
    if result is not None:
        print(result)
    return 0


def cmd_ir(opts) -> int:
    import pts
    fn = pts.script(load_function(opts.target))
    args = parse_args_literals(opts.args)
    if opts.llvm:
        print(fn.llvm_ir(*args), end="")
    else:
        print(fn.ir(*args, after=opts.after), end="")
    return 0


def cmd_passes(opts) -> int:
    from pts.ir.pipeline import pass_names
    print("\n".join(pass_names()))
    return 0


def cmd_cache(opts) -> int:
    from pts import cache
    if opts.action == "clear":
        n = cache.clear()
        print(f"removed {n} file{'s' if n != 1 else ''} from {cache.base_dir()}")
        return 0
    i = cache.info()
    print(f"directory: {i['dir']}{'' if i['enabled'] else '  (disabled: PTS_CACHE=0)'}")
    print(f"entries:   {i['entries']}")
    print(f"size:      {i['bytes'] / 1024:.1f} KiB")
    return 0


def parse_example(text: str) -> tuple:
    """`--example "1071, 462"` -> (1071, 462): one call's arguments (Python literals, or
    paths of .npy files for tensors: `--example "x.npy, 0.5"`)."""
    try:
        return ast.literal_eval(f"({text},)") if text.strip() else ()
    except (ValueError, SyntaxError):
        pass
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if parts and any(p.endswith(".npy") for p in parts):
        return tuple(parse_args_literals(parts))
    raise SystemExit(f"pts: --example {text!r} is not a list of Python literals and .npy files")


def cmd_compile(opts) -> int:
    import pts
    from pts.api import ModelMethod, ScriptModule
    from pts.runtime.archive import save
    target = load_function(opts.target)
    examples = [parse_example(e) for e in opts.example]
    if isinstance(target, ModelMethod):     # FILE.py:Class[.method]: the model Class()
        fn = ScriptModule(target.model, "native", methods=(target.name,))
        examples = {target.name: examples}
    else:
        fn = pts.script(target)
    manifest = save(fn, opts.output, examples)
    print(f"wrote {opts.output}: {len(manifest['entries'])} entr"
          f"{'y' if len(manifest['entries']) == 1 else 'ies'}, images for "
          f"{', '.join(manifest['images'])}")
    return 0


def cmd_inspect(opts) -> int:
    from pts.runtime.archive import describe
    print(describe(opts.archive))
    return 0


def cmd_demo(opts) -> int:
    from pts.demo import main
    return main() or 0


def cmd_bench(opts) -> int:
    bench = Path(__file__).resolve().parent.parent / "bench" / "scalar.py"
    if not bench.is_file():
        raise SystemExit(f"pts: benchmarks not found at {bench} (they live in the source tree)")
    spec = importlib.util.spec_from_file_location("pts_bench_scalar", bench)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(bench.parent))
    spec.loader.exec_module(module)
    return module.main(opts.rest) or 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pts", description="compile typed Python to native code")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="run FILE.py:FUNC with literal arguments")
    r.add_argument("target")
    r.add_argument("args", nargs="*")
    r.add_argument("--backend", choices=["native", "interp"], default="native")
    r.add_argument("--entry", default=None, help="the method of a model archive to call")
    r.set_defaults(func=cmd_run)
    i = sub.add_parser("ir", help="print the IR of FILE.py:FUNC for literal arguments")
    i.add_argument("target")
    i.add_argument("args", nargs="*")
    i.add_argument("--after", default=None, help="stop after this pass ('lower': no passes)")
    i.add_argument("--llvm", action="store_true", help="print the LLVM IR instead")
    i.set_defaults(func=cmd_ir)
    sub.add_parser("passes", help="list the IR passes").set_defaults(func=cmd_passes)
    c = sub.add_parser("cache", help="show or clear the disk cache of compiled code")
    c.add_argument("action", choices=["info", "clear"], nargs="?", default="info")
    c.set_defaults(func=cmd_cache)
    k = sub.add_parser("compile", help="write a .pts archive of FILE.py:FUNC")
    k.add_argument("target")
    k.add_argument("-o", "--output", required=True, help="the archive to write")
    k.add_argument("--example", action="append", default=[], metavar="ARGS",
                   help="one call's arguments as Python literals, e.g. \"3, 2.5\" (repeatable)")
    k.set_defaults(func=cmd_compile)
    n = sub.add_parser("inspect", help="show a .pts archive: manifest, entries, images (and "
                       "which one this host runs)")
    n.add_argument("archive")
    n.set_defaults(func=cmd_inspect)
    sub.add_parser("demo", help="run the demo").set_defaults(func=cmd_demo)
    b = sub.add_parser("bench", help="run the benchmarks")
    b.add_argument("rest", nargs=argparse.REMAINDER)
    b.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    from pts.errors import CompileError
    opts = build_parser().parse_args(argv)
    try:
        return opts.func(opts)
    except CompileError as e:
        print(f"pts: error: {e}", file=sys.stderr)
        return 1
    except (ArithmeticError, LookupError, ValueError, AssertionError, RuntimeError, TypeError) as e:
        print(f"{type(e).__name__}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
