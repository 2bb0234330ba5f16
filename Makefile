# Every target sets up .venv first (python3 -m venv + editable install), so a fresh clone
# needs only `make demo` / `make test`.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup demo test test-all bench clean runtime

setup: $(STAMP)

$(STAMP): pyproject.toml setup.py runtime/_dispatch.c runtime/_threads.c runtime/c/threads.c \
		runtime/c/cpu.c runtime/c/cpu.h runtime/c/blocks.c runtime/c/blocks.h \
		runtime/_dicts.c runtime/c/dicts.c runtime/c/dicts.h \
		runtime/c/strings.c runtime/c/str_methods.c runtime/c/str_internal.h runtime/c/format.c
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip setuptools
	# also writes $(PRECOMPILED) and byte-compiles the sources (setup.py)
	$(VPY) -m pip install -q -e '.[test]'
	touch $(STAMP)

# The library's precompiled files: the syntax trees of its functions
# (frontend/stdlib_trees.py), the optimized IR of its math functions (backend/stdlib_math.py)
# and the kernel library, compiled for this machine (backend/kernel_library.py: the gemm,
# copy loops, conv2d and fused layers).  `pip install -e .` above has written them already
# (setup.py's build step runs the same `main`); this rule remakes those that a source edited
# since has made stale, and only touches the others.  Byte-compiling again: the environment
# may forbid writing .pyc at import time, and a fresh process should not recompile pts's
# sources on every first call.
# (stdlib/archive-TARGET.lib: backend/archive_library.py, one per image pts.save writes by default)
ARCHIVE_LIBS := $(if $(filter Linux-x86_64,$(shell uname -s)-$(shell uname -m)),stdlib/archive-x86_64-linux-host.lib) \
	stdlib/archive-x86_64-linux.lib stdlib/archive-aarch64-linux.lib
PRECOMPILED := stdlib/trees.pickle stdlib/vmath.ir stdlib/kernels.img $(ARCHIVE_LIBS)
$(PRECOMPILED) &: $(STAMP) $(shell find pts frontend ir backend runtime stdlib grammar -name '*.py' -o -name '*.lark')
	$(VPY) -m compileall -q pts frontend ir backend runtime grammar stdlib >/dev/null
	$(VPY) -c 'from pts.backend import precompiled; precompiled.main()'

demo: $(STAMP) $(PRECOMPILED)
	$(VPY) -m pts demo

# the suite runs on every core (pytest-xdist: -n auto); PYTEST_WORKERS=0 runs it in one process
PYTEST_WORKERS ?= auto
test: $(STAMP) $(PRECOMPILED)
	$(VPY) -m pytest -q -n $(PYTEST_WORKERS) tests

test-all: $(STAMP) $(PRECOMPILED)
	$(VPY) -m pytest -q -n $(PYTEST_WORKERS) -m '' tests
	# the tensor corpus again with fusion off (ir.pipeline: PTS_FUSION=0)
	PTS_FUSION=0 $(VPY) -m pytest -q tests/lang/test_tensor_programs.py \
		tests/lang/test_stdlib_nn.py tests/lang/test_modules.py

bench: $(STAMP) $(PRECOMPILED)
	$(VPY) -m pip install -q -e '.[bench]' || echo "numba not installable: benchmarking without it"
	$(VPY) -m pts bench
	$(VPY) bench/realprograms.py
	$(VPY) bench/calls.py
	$(VPY) bench/boundary.py
	$(VPY) bench/everyday.py
	$(VPY) bench/strings.py
	@if [ -n "$(BENCH_TORCH)" ]; then $(VPY) -m pip install -q -e '.[torch]' || \
		echo "torch not installable: tensor bench without it"; fi
	$(VPY) bench/tensors.py
	@if [ -n "$(BENCH_ONNX)" ]; then $(VPY) -m pip install -q -e '.[onnx]' || \
		echo "onnxruntime not installable: inference bench without it"; fi
	$(VPY) bench/inference.py
	$(VPY) bench/training.py
	$(VPY) bench/model_cache.py
	$(VPY) bench/save.py

# The C runtime: build/libpts.a, build/libpts.so and build/pts-run (system cc; libc + libm).
include runtime/c/runtime.mk

clean:
	rm -rf build $(VENV) .pytest_cache
