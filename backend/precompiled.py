"""The set-up's step: write the precompiled files pts ships beside its sources (stdlib/),
those that are missing or stale.  `make` and setup.py run `main()`."""
from __future__ import annotations

import contextlib
import os


def main() -> None:
    """Write the library's precompiled files that are missing or stale (made from other
    sources or for another host), in the order each helps to build the next: the syntax
    trees (frontend.stdlib_trees), vmath's IR (backend.stdlib_math), the kernel library,
    then its gemm, copies, fills and streams for each archive target
    (backend.archive_library).
    A file that is current is only touched, so that `make`, which remakes the files when a
    source is newer than they are, finds them up to date after `pip install -e .` (which
    ran this step) without compiling the library twice.  `make` and setup.py's build step
    both run this."""
    from pts.backend import archive_library, kernel_library, stdlib_math
    from pts.frontend import stdlib_trees
    steps = [("syntax trees", stdlib_trees.path(), stdlib_trees.is_current,
              stdlib_trees.write),
             ("vmath IR", stdlib_math.precompiled_path(), stdlib_math.is_current,
              stdlib_math.write_precompiled),
             ("kernel library", kernel_library.precompiled_path(),
              lambda: kernel_library._read_precompiled() is not None,
              kernel_library.write_precompiled)]
    for target in archive_library.targets():
        steps.append((f"{target} archive library", archive_library.path(target),
                      lambda t=target: archive_library.read(t) is not None,
                      lambda t=target: archive_library.write_precompiled(t)))
    with _kernels_once():
        for what, path, is_current, write in steps:
            if is_current():
                os.utime(path)
                print(f"pts: {path} is up to date")
            else:
                print(f"pts: writing the {what} to {path}", flush=True)
                write()


@contextlib.contextmanager
def _kernels_once():
    """kernel_library.build_kernels runs once in the set-up step: kernels.img and the host
    archive library (archive_library._kernel_groups) compile the same fused kernels and
    loops, and making their LLVM IR (the corpus through our compiler) is ~33 s of CPU."""
    from pts.backend import kernel_library
    real, memo = kernel_library.build_kernels, []

    def once():
        if not memo:
            memo.append(real())
        return memo[0]
    kernel_library.build_kernels = once
    try:
        yield
    finally:
        kernel_library.build_kernels = real


if __name__ == "__main__":
    main()
