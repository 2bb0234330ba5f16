"""A model's first call: cold (nothing on disk) and from the disk cache in a fresh process.

Issue 32, Build 3.  Four models, each scripted whole with `pts.script(model)` and called once:

  cifar    the CIFAR-10 net of PyTorch's "Training a classifier" tutorial (conv 5x5, pool,
           conv 5x5, pool, three Linear layers), batch 4 of 3x32x32
  myconv   MyConv of the TorchScript tutorial (pts/demo_models.py), batch 1 of 3x28x28
  nanogpt  a GPT of nanoGPT's shape (6 Blocks, 192 wide, 6 heads, context 64), eval mode,
           batch 1 of 64 tokens
  rnn      two of the TorchScript tutorial's `MyCell`s (Linear 4x4 + tanh, a tuple result)
           chained

Each row runs in subprocesses with a temporary `PTS_CACHE_DIR` (never ~/.cache): `cold` is
the first call in a process with an empty cache (the compile), `cache` the first call of
the next process (the disk cache's code; the model's construction and `pts.script` are not
counted, nor the import of pts).  `compiles` is the number of LLVM module compiles of the
cold call and `loads` the images mapped from disk by the cached call
(pts.cache.STATS); `shared` is the number of method copies the cold compile merged
into one between identical layers (pts.model_cache.STATS["shared_methods"]).  Wall-clock on a machine
others use: repeat a row (`--repeat`) when it matters; the best of the repeats is shown.

    python bench/model_cache.py [--models cifar,myconv,nanogpt,rnn] [--repeat N]
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

import pts
import pts.nn as nn
import pts.nn.functional as F
from pts import Tensor


# ---------------------------------------------------------------- the models

class CifarNet(nn.Module):
    """pytorch.org/tutorials/beginner/blitz/cifar10_tutorial.html (BSD-3-Clause), with its
    imports changed (and `torch.flatten(x, 1)` written as a reshape)."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x: Tensor) -> Tensor:
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.reshape(x.shape[0], -1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


class CausalSelfAttention(nn.Module):
    """nanoGPT's attention (github.com/karpathy/nanoGPT, model.py, MIT), without flash
    attention, written with numpy operations."""

    def __init__(self, n_embd: int, n_head: int, block_size: int):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.n_head = n_head
        self.n_embd = n_embd
        self.register_buffer("bias", np.tril(np.ones((block_size, block_size), dtype=bool)))

    def forward(self, x: Tensor) -> Tensor:
        b, t, c = x.shape
        hs = c // self.n_head
        qkv = self.c_attn(x).reshape(b, t, 3, self.n_head, hs)
        q = qkv[:, :, 0].transpose(0, 2, 1, 3)
        k = qkv[:, :, 1].transpose(0, 2, 1, 3)
        v = qkv[:, :, 2].transpose(0, 2, 1, 3)
        att = q @ k.transpose(0, 1, 3, 2) * (1.0 / math.sqrt(hs))
        att = np.where(self.bias[:t, :t], att, -np.inf)
        att = F.softmax(att, -1)
        y = (att @ v).transpose(0, 2, 1, 3).reshape(b, t, c)
        return self.c_proj(y)


class MLP(nn.Module):
    def __init__(self, n_embd: int):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 4 * n_embd)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(4 * n_embd, n_embd)
        self.dropout = nn.Dropout(0.0)

    def forward(self, x: Tensor) -> Tensor:
        return self.dropout(self.c_proj(self.gelu(self.c_fc(x))))


class Block(nn.Module):
    def __init__(self, n_embd: int, n_head: int, block_size: int):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, block_size)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = MLP(n_embd)

    def forward(self, x: Tensor) -> Tensor:
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, vocab_size: int = 65, block_size: int = 64, n_layer: int = 6,
                 n_head: int = 6, n_embd: int = 192):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.wpe = nn.Embedding(block_size, n_embd)
        self.h = nn.ModuleList([Block(n_embd, n_head, block_size) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)

    def forward(self, idx: Tensor) -> Tensor:
        t = idx.shape[1]
        pos = np.arange(t)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))


class MyCell(nn.Module):
    """pytorch.org/tutorials/beginner/Intro_to_TorchScript_tutorial.html (BSD-3-Clause)."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)

    def forward(self, x: Tensor, h: Tensor) -> tuple[Tensor, Tensor]:
        new_h = np.tanh(self.linear(x) + h)
        return new_h, new_h


class TwoCells(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell1 = MyCell()
        self.cell2 = MyCell()

    def forward(self, x: Tensor, h: Tensor) -> tuple[Tensor, Tensor]:
        y, h1 = self.cell1(x, h)
        return self.cell2(y, h1)


def make(name: str):
    """(model, arguments of its first call)."""
    from pts.demo_models import MyConv
    pts.manual_seed(0)
    rng = np.random.default_rng(0)
    if name == "cifar":
        return CifarNet().eval(), (rng.standard_normal((4, 3, 32, 32)).astype(np.float32),)
    if name == "myconv":
        return MyConv().eval(), (rng.standard_normal((1, 3, 28, 28)).astype(np.float32),)
    if name == "nanogpt":
        return GPT().eval(), (rng.integers(0, 65, size=(1, 64)),)
    if name == "rnn":
        return TwoCells().eval(), (rng.random((3, 4), np.float32), rng.random((3, 4), np.float32))
    raise ValueError(f"unknown model {name!r}")


MODELS = ("cifar", "myconv", "nanogpt", "rnn")


# ---------------------------------------------------------------- one process, one call

def _first_call(name: str) -> dict:
    """Runs in the subprocess: build and script the model, time its first call."""
    import time

    from pts import cache
    model, args = make(name)
    m = pts.script(model)
    stats0 = dict(cache.STATS)
    t0 = time.perf_counter()
    out = m(*args)
    t = time.perf_counter() - t0
    out = out if isinstance(out, tuple) else (out,)
    want = model(*args)
    want = want if isinstance(want, tuple) else (want,)
    ok = all(np.allclose(a, b, rtol=1e-3, atol=1e-4) for a, b in zip(out, want))
    from pts import model_cache
    return {"seconds": t, "ok": ok,
            "compiles": cache.STATS["llvm_compiles"] - stats0["llvm_compiles"],
            "loads": cache.STATS["cache_loads"] - stats0["cache_loads"],
            "shared": model_cache.STATS["shared_methods"]}


def _run(name: str, cache_dir: str) -> dict:
    env = dict(os.environ, PTS_CACHE_DIR=cache_dir)
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", name], env=env,
                       capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"{name}: {p.stderr.strip()[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--child")
    opts = ap.parse_args(argv)
    if opts.child:
        print(json.dumps(_first_call(opts.child)))
        return 0
    print("A model's first call (issue 32, Build 3): cold = empty disk cache, cache = the next "
          "process; best of", opts.repeat, "(wall clock, shared machine)")
    print(f"{'model':<10}{'cold ms':>10}{'cache ms':>10}{'compiles':>10}{'shared':>8}"
          f"{'loads':>7}  ok")
    bad = 0
    for name in opts.models.split(","):
        cold = cached = None
        for _ in range(opts.repeat):
            with tempfile.TemporaryDirectory(prefix="pts-bench-cache-") as d:
                c = _run(name, d)
                h = _run(name, d)
            if cold is None or c["seconds"] < cold["seconds"]:
                cold = c
            if cached is None or h["seconds"] < cached["seconds"]:
                cached = h
        ok = cold["ok"] and cached["ok"]
        bad += not ok
        print(f"{name:<10}{cold['seconds'] * 1e3:>10.1f}{cached['seconds'] * 1e3:>10.1f}"
              f"{cold['compiles']:>10}{cold['shared']:>8}{cached['loads']:>7}  "
              f"{'✓' if ok else '✗'}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
