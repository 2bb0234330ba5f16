"""A model's first call: cold (nothing on disk) and from the disk cache in a fresh process.

Issue 32, Build 3.  Four models, each scripted whole with `pts.script(model)` and called once:

  cifar    the CIFAR-10 net of PyTorch's "Training a classifier" tutorial (conv 5x5, pool,
           conv 5x5, pool, three Linear layers), batch 4 of 3x32x32
  myconv   MyConv of the TorchScript tutorial (pts/demo_models.py), batch 1 of 3x28x28
  nanogpt  a GPT of nanoGPT's shape (6 Blocks, 192 wide, 6 heads, context 64), eval mode,
           batch 1 of 64 tokens
  rnn      two of the TorchScript tutorial's `MyCell`s (Linear 4x4 + tanh, a tuple result)
           chained
  step     (not in the default list) MyConv's `pts.train_step` with Adam, batch 8: its first
           step, cold and from the disk cache

Each row runs in subprocesses with a temporary `PTS_CACHE_DIR` (never ~/.cache): `cold` is
the first call in a process with an empty cache (the compile), `cache` the first call of
the next process (the disk cache's code; the model's construction and `pts.script` are not
counted, nor the import of pts).  `compiles` is the number of LLVM module compiles of the
cold call and `loads` the images mapped from disk by the cached call
(pts.cache.STATS); `shared` is the number of method copies the cold compile merged
into one between identical layers (pts.model_cache.STATS["shared_methods"]).  Wall-clock on a
machine others use: each row is the median of `--repeat` pairs of fresh processes (default 3),
with the best in brackets; `cpu` is the cold call's CPU time (all threads of the process).

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
from pts.demo_models import MyConv  # noqa: F401 - (nll_step_loss's annotation)


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
    if name == "step":
        model = MyConv().train()
        opt = pts.optim.Adam(model.parameters(), lr=1e-3)
        return _Step(model, opt), (rng.standard_normal((8, 3, 28, 28)).astype(np.float32),
                                   rng.integers(0, 10, 8).astype(np.int64))
    raise ValueError(f"unknown model {name!r}")


MODELS = ("cifar", "myconv", "nanogpt", "rnn")


def nll_step_loss(model: "MyConv", x: Tensor, y: Tensor) -> float:    # noqa: F821
    return F.nll_loss(model(x), y)


class _Step:
    """`step`'s model: a train step; called, its first step (the model's own call is the
    check: the loss of the weights before the step)."""

    def __init__(self, model, opt):
        self.model, self.opt = model, opt

    def script(self):
        return pts.train_step(self.model, nll_step_loss, self.opt)

    def __call__(self, x, y):
        return self.loss

    def check(self, x, y):
        import copy
        ref = copy.deepcopy(self.model)
        self.loss = float(F.nll_loss(ref(x), y))


# ---------------------------------------------------------------- one process, one call

def _first_call(name: str) -> dict:
    """Runs in the subprocess: build and script the model, time its first call."""
    import time

    from pts import cache
    model, args = make(name)
    if isinstance(model, _Step):
        model.check(*args)
        m = model.script()
    else:
        m = pts.script(model)
    stats0 = dict(cache.STATS)
    t0, c0 = time.perf_counter(), time.process_time()
    out = m(*args)
    t, cpu = time.perf_counter() - t0, time.process_time() - c0
    out = out if isinstance(out, tuple) else (out,)
    want = model(*args)
    want = want if isinstance(want, tuple) else (want,)
    ok = all(np.allclose(a, b, rtol=1e-3, atol=1e-4) for a, b in zip(out, want))
    from pts import model_cache
    return {"seconds": t, "cpu": cpu, "ok": ok,
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
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--child")
    opts = ap.parse_args(argv)
    if opts.child:
        print(json.dumps(_first_call(opts.child)))
        return 0
    print("A model's first call (issue 32, Build 3): cold = empty disk cache, cache = the next "
          f"process; median of {opts.repeat} [best] (wall clock, shared machine: load "
          f"{os.getloadavg()[0]:.1f})")
    print(f"{'model':<10}{'cold ms':>16}{'cpu ms':>9}{'cache ms':>16}{'compiles':>10}{'shared':>8}"
          f"{'loads':>7}  ok")
    bad = 0
    for name in opts.models.split(","):
        colds, hits = [], []
        for _ in range(opts.repeat):
            with tempfile.TemporaryDirectory(prefix="pts-bench-cache-") as d:
                colds.append(_run(name, d))
                hits.append(_run(name, d))
        ok = all(r["ok"] for r in colds + hits)
        bad += not ok
        cold, cached = _median(colds), _median(hits)

        def ms(rows, row):
            return f"{row['seconds'] * 1e3:.1f} [{min(r['seconds'] for r in rows) * 1e3:.1f}]"
        print(f"{name:<10}{ms(colds, cold):>16}{cold['cpu'] * 1e3:>9.0f}{ms(hits, cached):>16}"
              f"{cold['compiles']:>10}{cold['shared']:>8}{cached['loads']:>7}  "
              f"{'✓' if ok else '✗'}", flush=True)
    return 1 if bad else 0


def _median(rows: list) -> dict:
    return sorted(rows, key=lambda r: r["seconds"])[len(rows) // 2]


if __name__ == "__main__":
    sys.exit(main())
