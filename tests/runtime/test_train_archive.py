"""Archives that train (issue 28 item 5; runtime/archive_train.py, runtime/c/train.c):
`pts.save` of a pts.train_step, `pts.load` of it going on training in Python, and the same
steps from C (build/pts-run --steps, the pts_train_* API of pts.h).

What a user sees: 20 steps from pts-run give the in-process step's 20 losses bit for bit,
and leave the same weights, buffers and optimizer state (an MLP and a conv + batch-norm
model, float32, Adam and SGD with momentum); state saved after 10 steps and loaded again
(in Python or in C, either way round) gives the same last 10 losses as 20 straight steps;
the learning rate changes without a compile; a bad batch is an error from C and from
Python and leaves every state array unchanged.  Both sides run with the same number of
threads (pts-run --threads pts.get_num_threads()); the losses do not depend on it anyway
(tested on 1 and 3 threads).
"""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import pts
import pts.nn as nn
import pts.nn.functional as F
from pts.runtime import archive

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptsbuild import SANITIZE, build_runtime, compile_c, have  # noqa: E402

pytestmark = pytest.mark.skipif(not have("cc") or not sys.platform.startswith("linux"),
                                reason="needs a C compiler on Linux")

STEPS = 20


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(12, 16)
        self.fc2 = nn.Linear(16, 5)

    def forward(self, x):
        return F.log_softmax(self.fc2(F.relu(self.fc1(x))), dim=1)


class ConvBN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.bn = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4 * 6 * 6, 5)

    def forward(self, x):
        h = F.relu(self.bn(self.conv(x)))
        return F.log_softmax(self.fc(h.reshape(x.shape[0], -1)), dim=1)


class Wider(nn.Module):
    """Big enough that kernels split their loops over threads (batch 32, 16 x 16 images)."""
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.fc1 = nn.Linear(8 * 16 * 16, 64)
        self.fc2 = nn.Linear(64, 5)

    def forward(self, x):
        h = F.relu(self.bn(self.conv(x)))
        h = F.relu(self.fc1(h.reshape(x.shape[0], -1)))
        return F.log_softmax(self.fc2(h), dim=1)


def wider_loss(model: Wider, x: np.ndarray, y: np.ndarray) -> float:
    return F.nll_loss(model(x), y)


def mlp_loss(model: MLP, x: np.ndarray, y: np.ndarray) -> float:
    return F.nll_loss(model(x), y)


def conv_loss(model: ConvBN, x: np.ndarray, y: np.ndarray) -> float:
    return F.nll_loss(model(x), y)


MODELS = {"mlp": (MLP, mlp_loss, (12,)), "convbn": (ConvBN, conv_loss, (3, 6, 6))}
OPTIMIZERS = {"adam": lambda ps: pts.optim.Adam(ps, lr=1e-2),
              "sgd_momentum": lambda ps: pts.optim.SGD(ps, lr=0.05, momentum=0.9,
                                                      weight_decay=1e-4)}


def make(model: str, opt: str, seed: int = 0, n: int = 8):
    """(model, step, (x, y)): float32, a fixed start."""
    cls, loss, shape = MODELS[model] if model in MODELS else (Wider, wider_loss, (3, 16, 16))
    pts.manual_seed(seed)
    m = cls()
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, *shape)).astype(np.float32)
    y = rng.integers(0, 5, n).astype(np.int64)
    step = pts.train_step(m, loss, OPTIMIZERS[opt](m.parameters()))
    return m, step, (x, y)


def save(step, path, batch) -> None:
    # the image this machine runs (the host image): the same as all targets', faster
    archive.save(step, str(path), example_inputs=list(batch),
                 targets=archive.native_targets()[:1])


@pytest.fixture(scope="module")
def runtime():
    return build_runtime()


class Case:
    """A step saved at its start (path), then trained STEPS steps in process: its losses
    `py` and its state after them `final` (model_state)."""

    def __init__(self, d: Path, model: str, opt: str):
        self.m, self.step, self.batch = make(model, opt)
        self.path = d / f"{model}-{opt}.pts"
        save(self.step, self.path, self.batch)
        self.x, self.y = write_batch(d, self.batch)
        self.py = [self.step(*self.batch) for _ in range(STEPS)]
        self.final = model_state(self.m, self.step.optimizer)


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    """(model, optimizer) -> its Case, made once for the module."""
    made: dict = {}

    def get(model: str, opt: str) -> Case:
        if (model, opt) not in made:
            made[model, opt] = Case(tmp_path_factory.mktemp(f"{model}-{opt}"), model, opt)
        return made[model, opt]
    return get


def pts_run(runtime, *args, check: bool = True) -> subprocess.CompletedProcess:
    cmd = [str(runtime / "pts-run"), "--threads", str(pts.get_num_threads()), *map(str, args)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if check:
        assert r.returncode == 0, r.stderr
    return r


def losses_of(r: subprocess.CompletedProcess) -> list[float]:
    return [float(line) for line in r.stdout.split()]


def write_batch(d: Path, batch) -> list[Path]:
    paths = [d / "x.npy", d / "y.npy"]
    for p, a in zip(paths, batch):
        np.save(p, a)
    return paths


def model_state(model, opt) -> dict:
    """The in-process step's state under the archive's names (runtime/archive_train.py)."""
    out = {"model." + k: np.array(v) for k, v in model.state_dict().items()}
    index = {id(p): i for i, p in enumerate(opt.param_groups[0]["params"])}
    for name, p in model.named_parameters():
        for k, v in (opt.state.get(index[id(p)]) or {}).items():
            if isinstance(v, np.ndarray):
                out[f"optim.{k}.{name}"] = np.array(v)
    return out


# every model with every optimizer in make test-all; make test takes two of the pairs
# (the ones test_saved_state_reloads_and_training_continues also trains)
FAST_PAIRS = {("convbn", "adam"), ("mlp", "sgd_momentum")}


@pytest.mark.parametrize("model,opt", [
    pytest.param(m, o, marks=() if (m, o) in FAST_PAIRS else pytest.mark.slow)
    for m in MODELS for o in OPTIMIZERS])
def test_pts_run_gives_the_in_process_losses_bit_for_bit(runtime, cases, tmp_path, model, opt):
    case = cases(model, opt)
    py = case.py
    assert py[-1] < py[0]                   # it trains
    loaded = pts.load(case.path)
    assert [loaded(*case.batch) for _ in range(STEPS)] == py
    r = pts_run(runtime, case.path, "--steps", STEPS, case.x, case.y, "--save-state",
                tmp_path / "out")
    assert losses_of(r) == py
    # the same weights, buffers (batch-norm statistics) and optimizer state
    for name, a in case.final.items():
        got = np.load(tmp_path / "out" / f"{name}.npy")
        np.testing.assert_array_equal(got, a, err_msg=name)
        np.testing.assert_array_equal(loaded.state[name], a, err_msg=name)
    assert set(loaded.state) >= set(case.final)
    assert np.load(tmp_path / "out" / "optim.step.npy").min() > 0
    # the archive file is never written to
    assert pts.load(case.path)(*case.batch) == py[0]


def test_losses_do_not_depend_on_the_thread_count(runtime, tmp_path):
    """Kernels split loops into chunks whose results do not depend on the thread count
    (docs/internals.md): pts-run on 1 and on 3 threads gives the in-process losses."""
    m, step, batch = make("wider", "adam", n=32)
    path = tmp_path / "step.pts"
    save(step, path, batch)
    py = [step(*batch) for _ in range(3)]
    x, y = write_batch(tmp_path, batch)
    for threads in (1, 3):
        r = subprocess.run([str(runtime / "pts-run"), str(path), "--threads", str(threads),
                            "--steps", "3", str(x), str(y)], capture_output=True, text=True,
                           timeout=600)
        assert r.returncode == 0, r.stderr
        assert losses_of(r) == py, threads


@pytest.mark.parametrize("model,opt", [("convbn", "adam"), ("mlp", "sgd_momentum")])
def test_saved_state_reloads_and_training_continues(runtime, cases, tmp_path, model, opt):
    case = cases(model, opt)
    path, batch, straight, x, y = case.path, case.batch, case.py, case.x, case.y
    half = STEPS // 2
    # C: 10 steps, saved; 10 more from the saved state
    first = losses_of(pts_run(runtime, path, "--steps", half, x, y, "--save-state",
                              tmp_path / "c10"))
    second = losses_of(pts_run(runtime, path, "--load-state", tmp_path / "c10", "--steps",
                               half, x, y))
    assert first + second == straight
    # Python: 10 steps, saved; a fresh load, restored, 10 more
    s = pts.load(path)
    assert [s(*batch) for _ in range(half)] == straight[:half]
    s.save_state(tmp_path / "py10")
    s2 = pts.load(path)
    assert s2(*batch) == straight[0]
    s2.load_state(tmp_path / "py10")
    assert [s2(*batch) for _ in range(half)] == straight[half:]
    # across: C's saved state in Python, Python's in C
    s3 = pts.load(path)
    s3.load_state(tmp_path / "c10")
    assert [s3(*batch) for _ in range(half)] == straight[half:]
    assert losses_of(pts_run(runtime, path, "--load-state", tmp_path / "py10", "--steps",
                             half, x, y)) == straight[half:]
    # state_dict round trip
    s4 = pts.load(path)
    s4.load_state_dict(pts.load(path).state_dict())
    assert s4(*batch) == straight[0]


def test_learning_rate_changes_without_a_compile(runtime, cases):
    case = cases("mlp", "adam")
    s = pts.load(case.path)
    assert s.lr == 1e-2
    assert [s(*case.batch) for _ in range(3)] == case.py[:3]
    s.lr = 0.5                      # the archive's code, no compiler: a run-time value
    assert s.lr == 0.5
    fast = [s(*case.batch) for _ in range(3)]
    assert fast != case.py[3:6]
    s2 = pts.load(case.path)
    for _ in range(3):
        s2(*case.batch)
    s2.set_hyper("lr", 0.5, param="fc1.weight")
    s2.set_hyper("lr", 0.5)
    assert [s2(*case.batch) for _ in range(3)] == fast
    # from C: --lr after 3 steps' state
    d = case.path.parent / "lr3"
    s3 = pts.load(case.path)
    for _ in range(3):
        s3(*case.batch)
    s3.save_state(d)
    assert losses_of(pts_run(runtime, case.path, "--load-state", d, "--lr", 0.5, "--steps",
                             3, case.x, case.y)) == fast
    with pytest.raises(KeyError, match="momentum"):
        s.set_hyper("momentum", 0.9)


def test_failed_step_changes_nothing_in_python(cases):
    case = cases("convbn", "adam")
    batch = case.batch
    s = pts.load(case.path)
    assert s(*batch) == case.py[0]
    before = s.state_dict()
    x, y = batch
    with pytest.raises(ValueError):
        s(x[:, :, :5, :5], y)                      # the linear layer's shapes do not match
    with pytest.raises(IndexError):
        s(x, y + 7)                                # a label out of range (nll_loss)
    with pytest.raises(TypeError):
        s(x.astype(np.float64), y)                 # no entry for float64
    for name, a in before.items():
        np.testing.assert_array_equal(s.state[name], a, err_msg=name)
    with pytest.raises(ValueError, match="model.fc.weight"):
        bad = s.state_dict()
        bad["model.fc.weight"] = bad["model.fc.weight"][:2]
        s.load_state_dict(bad)
    with pytest.raises(KeyError):
        s.load_state_dict({})
    for name, a in before.items():
        np.testing.assert_array_equal(s.state[name], a, err_msg=name)
    assert s(*batch) == case.py[1]


C_STEPS = textwrap.dedent("""\
    /* the pts_train API: a failed step (bad shape: a runtime error; bad dtype: an argument
       error) and a failed state load change no state; set_state, save and load state */
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include "pts.h"

    static int fail(const char *what, const pts_error *err) {
        printf("FAIL %s: %s\\n", what, err->message);
        return 1;
    }

    static void *snapshot(const pts_train *t) {
        size_t total = 0;
        for (size_t i = 0; i < pts_train_state_count(t); i++) {
            const pts_tensor *s = pts_train_state(t, i);
            total += (size_t)pts_tensor_numel(s) * pts_dtype_size(s->dtype);
        }
        unsigned char *p = malloc(total + 1), *q = p;
        for (size_t i = 0; i < pts_train_state_count(t); i++) {
            const pts_tensor *s = pts_train_state(t, i);
            size_t n = (size_t)pts_tensor_numel(s) * pts_dtype_size(s->dtype);
            memcpy(q, s->data, n);
            q += n;
        }
        return p;
    }

    static int same(const pts_train *t, const void *snap) {
        void *now = snapshot(t);
        const unsigned char *a = now, *b = snap;
        int ok = 1;
        for (size_t i = 0; i < pts_train_state_count(t); i++) {
            const pts_tensor *s = pts_train_state(t, i);
            size_t n = (size_t)pts_tensor_numel(s) * pts_dtype_size(s->dtype);
            if (memcmp(a, b, n) != 0) {
                printf("state %s changed\\n", pts_train_state_name(t, i));
                ok = 0;
            }
            a += n;
            b += n;
        }
        free(now);
        return ok;
    }

    int main(int argc, char **argv) {
        if (argc != 6)
            return 2;
        pts_error err;
        pts_model *m = pts_load_file(argv[1], &err);
        if (!m)
            return fail("load", &err);
        pts_train *t = pts_train_open(m, &err);
        if (!t)
            return fail("open", &err);
        pts_tensor x, y, xbad;
        if (pts_npy_read(argv[2], &x, &err) || pts_npy_read(argv[3], &y, &err) ||
            pts_npy_read(argv[4], &xbad, &err))
            return fail("npy", &err);
        pts_value batch[2] = {pts_tensor_value(&x), pts_tensor_value(&y)};
        double loss;
        if (pts_train_step(t, batch, 2, &loss, &err) != PTS_OK)
            return fail("step 1", &err);
        printf("%.17g\\n", loss);
        void *snap = snapshot(t);
        /* a batch of the wrong shape: the scripted code raises */
        pts_value bad[2] = {pts_tensor_value(&xbad), pts_tensor_value(&y)};
        pts_status st = pts_train_step(t, bad, 2, &loss, &err);
        printf("bad shape: %s %s\\n", pts_status_name(st), err.kind);
        /* a float64 batch: no entry takes it */
        pts_tensor x64 = x;
        x64.dtype = PTS_DT_FLOAT64;
        pts_value wrong[2] = {pts_tensor_value(&x64), pts_tensor_value(&y)};
        st = pts_train_step(t, wrong, 2, &loss, &err);
        printf("bad dtype: %s\\n", pts_status_name(st));
        st = pts_train_step(t, batch, 1, &loss, &err);
        printf("one value: %s\\n", pts_status_name(st));
        /* a state directory with one file of the wrong shape */
        if (pts_train_save_state(t, argv[5], &err) != PTS_OK)
            return fail("save", &err);
        char path[4096];
        snprintf(path, sizeof path, "%s/model.fc.bias.npy", argv[5]);
        int64_t shape[1] = {3};
        float three[3] = {1, 2, 3};
        pts_tensor small = pts_tensor_make(three, PTS_DT_FLOAT32, 1, shape, NULL);
        if (pts_npy_write(path, &small, &err) != PTS_OK)
            return fail("npy write", &err);
        st = pts_train_load_state(t, argv[5], &err);
        printf("bad state file: %s\\n", pts_status_name(st));
        st = pts_train_load_state(t, "/nonexistent/dir", &err);
        printf("no state dir: %s\\n", pts_status_name(st));
        long bias = pts_train_find_state(t, "model.fc.bias");
        st = pts_train_set_state(t, (size_t)bias, &small, &err);
        printf("set_state of a wrong shape: %s\\n", pts_status_name(st));
        printf("unchanged: %d\\n", same(t, snap));
        /* set_state of the same array is a no-op; step 2 gives Python's step 2 */
        if (pts_train_set_state(t, (size_t)bias, pts_train_state(t, (size_t)bias), &err))
            return fail("set_state", &err);
        if (pts_train_step(t, batch, 2, &loss, &err) != PTS_OK)
            return fail("step 2", &err);
        printf("%.17g\\n", loss);
        printf("states %zu, hyper width %d, find %ld\\n", pts_train_state_count(t),
               pts_train_hyper_width(t), pts_train_find_state(t, "nope"));
        free(snap);
        pts_train_free(t);
        pts_free(m);
        pts_npy_free(&x);
        pts_npy_free(&y);
        pts_npy_free(&xbad);
        return 0;
    }
    """)


def test_c_api_failed_steps_change_nothing(cases, tmp_path):
    """Through libpts built with ASan + UBSan where cc can (no leak, no overflow)."""
    from test_c_loader import sanitizers_work
    flags = SANITIZE if sanitizers_work(tmp_path) else ""
    build = build_runtime("cc", flags)
    src = tmp_path / "steps.c"
    src.write_text(C_STEPS)
    exe = compile_c([src], tmp_path / "steps", build, extra_cflags=flags)
    case = cases("convbn", "adam")
    path, x, y = case.path, case.x, case.y
    np.save(tmp_path / "xbad.npy", case.batch[0][:, :, :5, :5])
    r = subprocess.run([str(exe), str(path), str(x), str(y), str(tmp_path / "xbad.npy"),
                        str(tmp_path / "state")], capture_output=True, text=True, timeout=600,
                       env={"ASAN_OPTIONS": "detect_leaks=1", "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    want = case.py[:2]
    assert float(lines[0]) == want[0]
    assert lines[1] == "bad shape: runtime error ValueError"
    assert lines[2] == "bad dtype: argument error"
    assert lines[3] == "one value: argument error"
    assert lines[4] == "bad state file: argument error"
    assert lines[5] == "no state dir: i/o error"
    assert lines[6] == "set_state of a wrong shape: argument error"
    assert lines[7] == "unchanged: 1"
    assert float(lines[8]) == want[1]
    assert lines[9] == f"states {len(pts.load(path).state)}, hyper width 5, find -1"


def test_pts_run_errors(runtime, cases, tmp_path):
    case = cases("mlp", "sgd_momentum")
    path, x, y = case.path, case.x, case.y
    np.save(tmp_path / "xbad.npy", case.batch[0][:, :7])
    r = pts_run(runtime, path, "--steps", 2, tmp_path / "xbad.npy", y, "--save-state",
                tmp_path / "out", check=False)
    assert r.returncode == 1 and r.stdout == ""
    assert "Traceback" in r.stderr and "ValueError" in r.stderr
    assert not (tmp_path / "out").exists()          # a failed run saves nothing
    r = pts_run(runtime, path, "--steps", 1, y, y, check=False)
    assert r.returncode == 2 and "does not fit the training step" in r.stderr
    r = pts_run(runtime, path, "--steps", 1, x, y, "--load-state", tmp_path / "nope",
                check=False)
    assert r.returncode == 2 and "--load-state" in r.stderr
    r = pts_run(runtime, path, "--save-state", tmp_path / "out", x, y, check=False)
    assert r.returncode == 2 and "--steps" in r.stderr
    r = pts_run(runtime, path, "--list")
    assert "train_step  (tensor<f32, 2>, tensor<i64, 1>) -> f64" in r.stdout
    assert "state: 10 tensors" in r.stdout


@pytest.mark.all_targets
def test_pts_save_writes_every_target_and_names_the_state(cases, tmp_path):
    """pts.save's default targets; the state after the in-process steps is what is saved."""
    case = cases("mlp", "adam")
    step, batch = case.step, case.batch
    path = tmp_path / "step.pts"
    pts.save(step, path, example_inputs=list(batch))
    manifest = archive.Archive(str(path)).manifest
    assert manifest["kind"] == "train_step"
    assert set(archive.native_targets()) <= set(manifest["images"])
    names = [w["name"] for w in manifest["weights"]]
    assert sorted(names[:4]) == ["model.fc1.bias", "model.fc1.weight", "model.fc2.bias",
                                 "model.fc2.weight"]
    assert "optim.exp_avg.fc1.weight" in names and "optim.exp_avg_sq.fc2.bias" in names
    assert names[-2:] == ["optim.step", "optim.hyper"]
    train = manifest["train"]
    assert train["optimizer"] == "Adam" and train["loss_fn"] == "mlp_loss"
    assert train["params"][0]["hyper"] == ["lr", "beta1", "beta2", "eps", "weight_decay"]
    assert "train_step" in archive.describe(str(path))
    s = pts.load(path)
    assert s(*batch) == step(*batch)
    with pytest.raises(ValueError, match="example_inputs"):
        archive.save(step, str(tmp_path / "none.pts"))


def test_optimizer_state_of_earlier_steps_is_saved(runtime, cases, tmp_path):
    """A step saved after its in-process steps starts where they left off."""
    case = cases("convbn", "sgd_momentum")
    step, batch = case.step, case.batch
    path = tmp_path / "step.pts"
    save(step, path, batch)
    rest = [step(*batch) for _ in range(5)]
    s = pts.load(path)
    assert [s(*batch) for _ in range(5)] == rest
    x, y = write_batch(tmp_path, batch)
    assert losses_of(pts_run(runtime, path, "--steps", 5, x, y)) == rest
