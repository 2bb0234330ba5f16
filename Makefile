# Every target sets up .venv first (python3 -m venv + editable install), so a fresh clone
# needs only `make demo` / `make test`.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup demo test test-all bench clean runtime

setup: $(STAMP)

$(STAMP): pyproject.toml setup.py runtime/_dispatch.c runtime/_threads.c runtime/c/threads.c \
		runtime/c/cpu.c runtime/c/cpu.h runtime/c/blocks.c runtime/c/blocks.h
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip setuptools
	$(VPY) -m pip install -q -e '.[test]'
	# byte-compile now: the environment may forbid writing .pyc at import time, and a
	# fresh process should not recompile pts's sources on every first call
	$(VPY) -m compileall -q pts frontend ir backend runtime grammar stdlib >/dev/null
	touch $(STAMP)

# The stdlib math functions' optimized IR, precompiled (backend/stdlib_math.py): remade when
# any compiler source changes, as its fingerprint would no longer match.
VMATH_IR := stdlib/vmath.ir
$(VMATH_IR): $(STAMP) $(shell find pts frontend ir backend runtime stdlib grammar -name '*.py' -o -name '*.lark')
	$(VPY) -m pts.backend.stdlib_math >/dev/null

# The precompiled kernel library (backend/kernel_library.py: the gemm, copy loops and conv2d,
# compiled once for this machine instead of in every module that uses them): remade like
# vmath.ir.
KERNELS_IMG := stdlib/kernels.img
$(KERNELS_IMG): $(STAMP) $(shell find pts frontend ir backend runtime stdlib grammar -name '*.py' -o -name '*.lark')
	$(VPY) -m pts.backend.kernel_library >/dev/null

# The syntax trees of the library's functions (frontend/stdlib_trees.py: parsed once here
# instead of on their first compile in every process): remade like vmath.ir.
STDLIB_TREES := stdlib/trees.pickle
$(STDLIB_TREES): $(STAMP) $(shell find pts frontend ir backend runtime stdlib grammar -name '*.py' -o -name '*.lark')
	$(VPY) -c 'from pts.frontend import stdlib_trees; stdlib_trees.write()'

PRECOMPILED := $(VMATH_IR) $(KERNELS_IMG) $(STDLIB_TREES)

demo: $(STAMP) $(PRECOMPILED)
	$(VPY) -m pts demo

test: $(STAMP) $(PRECOMPILED)
	$(VPY) -m pytest -q tests

test-all: $(STAMP) $(PRECOMPILED)
	$(VPY) -m pytest -q -m '' tests
	# the tensor corpus again with fusion off (ir.pipeline: PTS_FUSION=0)
	PTS_FUSION=0 $(VPY) -m pytest -q tests/lang/test_tensor_programs.py \
		tests/lang/test_stdlib_nn.py tests/lang/test_modules.py

bench: $(STAMP) $(PRECOMPILED)
	$(VPY) -m pip install -q -e '.[bench]' || echo "numba not installable: benchmarking without it"
	$(VPY) -m pts bench
	$(VPY) bench/calls.py
	@if [ -n "$(BENCH_TORCH)" ]; then $(VPY) -m pip install -q -e '.[torch]' || \
		echo "torch not installable: tensor bench without it"; fi
	$(VPY) bench/tensors.py

# The C runtime: build/libpts.a, build/libpts.so and build/pts-run (system cc; libc + libm).
include runtime/c/runtime.mk

clean:
	rm -rf build $(VENV) .pytest_cache
