"""MyConv inference (issue 32 [L] item 6): pts against ONNX Runtime (and PyTorch eager where
torch is installed), the same weights, at batch 1, 16 and 128, on 1 thread and on all.

The model is the seed's MyConv (`pts/demo_models.py`, eval mode, BatchNorm running statistics
that are not the identity).  pts runs `pts.script(model)`.  ONNX Runtime runs the model as an
ONNX graph: exported with `torch.onnx.export` from the torch.nn copy of the model
(bench/tensors.py's `torch_myconv`) when torch is installed, else built node by node with
`onnx.helper` — Conv, BatchNormalization, Relu (x3), Flatten, Gemm, Relu, Gemm, LogSoftmax,
what the exporter writes for these layers.  ORT uses its default graph optimizations
(ORT_ENABLE_ALL: Conv+BN+ReLU fusion, NCHWc layouts, prepacked weights), one session per
thread count (intra_op_num_threads; inter_op 1); pts uses pts.set_num_threads, torch
torch.set_num_threads.  pts folds the batch norms too (a Sequential's Conv2d, BatchNorm2d,
ReLU in eval mode is one convolution with the ReLU in its epilogue), and its 16- and
32-channel 3x3 convolutions at a batch above 1 are Winograd F(4x4, 3x3) (backend/
winograd.py); the big Linear is the blocked gemm, and at batch 1 a stream of its weight.

At batch 1 the linear layer reads its 205 MB weight once, so no implementation can take less
than reading 205 MB takes: under each batch-1 row the bench prints that floor, measured by
bench/stream.c (a C loop of the widest loads over a 205 MB array on as many threads, built
with `cc -O3 -march=native` where a compiler is installed), and its ratio to ORT's time.
Where that ratio is above 0.8, pts/ORT <= 0.8 is out of any implementation's reach on the
machine (the memory bandwidth two threads get here varies with the other tenants).

Every result is checked against pts's (rtol/atol 1e-3); each cell is the median of calls
alternated between the implementations, one untimed call before each timed one (the machine
is shared).  ORT's and torch's thread pools spin after a call by default, taking the second
core from whatever runs next: measured here at 2 threads and batch 1, pts took 9.6 ms after
each ORT call against 7.5 alone, while ORT itself took 7.9 ms with spinning off and 8.3 with
it on.  So the bench turns spinning off: ORT's session.intra_op.allow_spinning = 0 and, for
torch's OpenMP pool, OMP_WAIT_POLICY=PASSIVE (set before torch is imported).  Printed,
never asserted.

onnxruntime and onnx are the optional extra `.[onnx]` (`make bench BENCH_ONNX=1` installs
it); without them the bench says so and exits 0.

    python bench/inference.py [--quick] [--batches 1,16,128] [--threads 1,N]
"""
from __future__ import annotations

import io
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pts  # noqa: E402
from pts.demo_models import MyConv  # noqa: E402


def myconv(seed: int = 0) -> MyConv:
    """MyConv in eval mode with BatchNorm statistics that are not the identity."""
    pts.manual_seed(seed)
    model = MyConv().eval()
    rng = np.random.default_rng(seed)
    for k in (1, 4, 7):
        bn = model.convnet[k]
        bn.running_mean[...] = rng.standard_normal(bn.running_mean.shape).astype(np.float32) * 0.1
        bn.running_var[...] = rng.uniform(0.5, 1.5, bn.running_var.shape).astype(np.float32)
    return model


def onnx_by_helper(model: MyConv) -> bytes:
    """The ONNX graph of MyConv, node by node, with the model's weights as initializers."""
    from onnx import TensorProto, helper, numpy_helper
    weights = {**dict(model.named_parameters()), **dict(model.named_buffers())}
    inits, nodes = [], []

    def init(name):
        inits.append(numpy_helper.from_array(np.asarray(weights[name], np.float32), name))
        return name

    cur = "x"
    for conv, bn in ((0, 1), (3, 4), (6, 7)):
        c, b = f"convnet.{conv}", f"convnet.{bn}"
        nodes.append(helper.make_node("Conv", [cur, init(c + ".weight"), init(c + ".bias")],
                                      [c], pads=[1, 1, 1, 1], kernel_shape=[3, 3]))
        nodes.append(helper.make_node(
            "BatchNormalization", [c, init(b + ".weight"), init(b + ".bias"),
                                   init(b + ".running_mean"), init(b + ".running_var")],
            [b], epsilon=float(model.convnet[bn].eps)))
        nodes.append(helper.make_node("Relu", [b], [b + ".relu"]))
        cur = b + ".relu"
    nodes.append(helper.make_node("Flatten", [cur], ["flat"], axis=1))
    nodes.append(helper.make_node("Gemm", ["flat", init("linearnet.0.weight"),
                                           init("linearnet.0.bias")], ["l0"], transB=1))
    nodes.append(helper.make_node("Relu", ["l0"], ["l0.relu"]))
    nodes.append(helper.make_node("Gemm", ["l0.relu", init("linearnet.2.weight"),
                                           init("linearnet.2.bias")], ["l2"], transB=1))
    nodes.append(helper.make_node("LogSoftmax", ["l2"], ["y"], axis=1))
    graph = helper.make_graph(
        nodes, "MyConv",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3, 28, 28])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 10])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]).SerializeToString()


def onnx_by_torch(torch, tmodel) -> bytes:
    """torch.onnx.export of the torch.nn MyConv, batch axis dynamic."""
    import warnings
    buf = io.BytesIO()
    with warnings.catch_warnings():     # "You are using the legacy TorchScript-based ONNX export"
        warnings.simplefilter("ignore", DeprecationWarning)
        torch.onnx.export(tmodel, (torch.zeros(1, 3, 28, 28),), buf, input_names=["x"],
                          output_names=["y"], dynamic_axes={"x": {0: "N"}, "y": {0: "N"}},
                          opset_version=17, dynamo=False)
    return buf.getvalue()


def measure(fs: dict, args: tuple, budget: float) -> dict:
    """{name: (median seconds, result)} of rounds of (one untimed call, one timed call) of
    each implementation in turn, about `budget` seconds of timed calls each (3 to 200)."""
    results = {name: f(*args) for name, f in fs.items()}
    samples: dict = {name: [] for name in fs}
    start = time.perf_counter()
    while True:
        for name, f in fs.items():
            f(*args)
            t0 = time.perf_counter()
            f(*args)
            samples[name].append(time.perf_counter() - t0)
        n = len(samples["pts"])
        if n >= 200 or n >= 3 and time.perf_counter() - start > 2 * budget * len(fs):
            break
    return {name: (statistics.median(v), results[name]) for name, v in samples.items()}


_STREAM: list = []


def read_floor(nbytes: int, threads: int) -> float | None:
    """Milliseconds to read nbytes once on `threads` threads (bench/stream.c's median), or
    None where no C compiler builds it."""
    import subprocess
    import tempfile
    if not _STREAM:
        exe = os.path.join(tempfile.mkdtemp(prefix="pts-stream-"), "stream")
        src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stream.c")
        try:
            subprocess.run(["cc", "-std=c11", "-O3", "-march=native", "-pthread", src, "-o", exe],
                           check=True, capture_output=True, timeout=120)
            _STREAM.append(exe)
        except (OSError, subprocess.SubprocessError):
            _STREAM.append(None)
    if _STREAM[0] is None:
        return None
    r = subprocess.run([_STREAM[0], str(nbytes), str(threads), "21"], capture_output=True,
                       text=True, timeout=600)
    return float(r.stdout) if r.returncode == 0 else None


def main(argv: list[str]) -> int:
    try:
        import onnxruntime as ort
    except ImportError:
        print("bench/inference.py: onnxruntime is not installed (the optional extra .[onnx], "
              "`make bench BENCH_ONNX=1`): skipped")
        return 0
    quick = "--quick" in argv
    batches = [1, 16] if quick else [1, 16, 128]
    threads = sorted({1, pts.get_num_threads()})
    if "--batches" in argv:
        batches = [int(b) for b in argv[argv.index("--batches") + 1].split(",")]
    if "--threads" in argv:
        threads = [int(t) for t in argv[argv.index("--threads") + 1].split(",")]
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")     # (before torch is imported)
    import tensors
    torch = tensors.import_torch()

    model = myconv()
    tmodel = tensors.torch_myconv(model) if torch is not None else None
    source = "onnx.helper"
    graph = None
    if torch is not None:
        try:
            graph, source = onnx_by_torch(torch, tmodel), "torch.onnx.export"
        except Exception as e:          # (an exporter that needs packages we do not have)
            print(f"torch.onnx.export failed ({type(e).__name__}: {e}); using onnx.helper")
    if graph is None:
        graph = onnx_by_helper(model)
    print(f"MyConv inference; ONNX Runtime {ort.__version__} (graph from {source}), "
          f"torch {torch.__version__ if torch is not None else 'not installed'}; load average: "
          + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    print("bench/inference.py: compiling MyConv (once)", file=sys.stderr)
    t0 = time.perf_counter()
    scripted = pts.script(model)
    scripted(np.zeros((1, 3, 28, 28), np.float32))
    print(f"pts.script(MyConv()) first call: {time.perf_counter() - t0:.2f} s")

    rng = np.random.default_rng(1)
    print(f"{'threads':>7} {'batch':>5} {'pts ms':>9} {'ORT ms':>9} {'torch ms':>9} "
          f"{'pts/ORT':>8} {'pts/torch':>9}")
    for nthreads in threads:
        pts.set_num_threads(nthreads)
        options = ort.SessionOptions()
        options.intra_op_num_threads = nthreads
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        session = ort.InferenceSession(graph, options, providers=["CPUExecutionProvider"])
        if torch is not None:
            torch.set_num_threads(nthreads)
        for batch in batches:
            x = rng.standard_normal((batch, 3, 28, 28)).astype(np.float32)
            fs = {"pts": scripted, "ORT": lambda x: session.run(None, {"x": x})[0]}
            if torch is not None:
                def eager(x):
                    with torch.no_grad():
                        return tmodel(torch.from_numpy(x)).numpy()
                fs["torch"] = eager
            want = np.asarray(scripted(x))
            cells = {}
            for name, (seconds, result) in measure(fs, (x,), 0.3 if quick else 2.0).items():
                ok = np.allclose(np.asarray(result), want, rtol=1e-3, atol=1e-3)
                cells[name] = seconds if ok else "differs"

            def ms(name):
                v = cells.get(name, "n/a")
                return f"{v * 1e3:9.2f}" if isinstance(v, float) else f"{v:>9}"

            def ratio(a, b):
                va, vb = cells.get(a), cells.get(b)
                ok = isinstance(va, float) and isinstance(vb, float)
                return f"{va / vb:.2f}" if ok else "n/a"
            print(f"{nthreads:>7} {batch:>5} {ms('pts')} {ms('ORT')} {ms('torch')} "
                  f"{ratio('pts', 'ORT'):>8} {ratio('pts', 'torch'):>9}", flush=True)
            floor = read_floor(model.linearnet[0].weight.nbytes, nthreads) if batch == 1 else None
            if floor is not None and isinstance(cells.get("ORT"), float):
                print(f"{'':8}reading the linear's weight once (bench/stream.c): {floor:.2f} ms, "
                      f"{floor / (cells['ORT'] * 1e3):.2f} of ORT's time", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
