"""The `.pts` archive (DESIGN.md §6): `save` writes one, `load` runs one without the compiler.

An archive is a zip file of stored (uncompressed) entries whose data start on 64-byte
boundaries (padding goes in an extra field, id 0xD935, as Android's zipalign does), so
`unzip -l` lists it and a loader can use any entry in place:

    manifest.json              format version "major.minor", producer, entry points with their
                               signatures (IR type text), the runtime ABI the code expects
                               (context fields, import-table names, exception kinds) and one
                               record per image (path, triple, cpu, features, size, sha256;
                               the host image's also "requires": the CPU features it needs)
    ir/module.ir               the portable IR (pts.ir.printer) of every entry: signature i's
                               functions are renamed `s<i>.<name>`, so one module holds all
    source/<file>              the source files the IR's spans name (for error messages)
    images/<target>.img        native code per target (backend.link): the baselines
                               x86_64-linux and aarch64-linux, and (saved on x86-64) the
                               host image x86_64-linux-host, the JIT's code for this CPU
    weights/<attr path>.npy    a model's tensor attributes (kind "module"; kind "train_step":
                               the step's state, runtime.archive_train), .npy format 1.0:
                               numpy pads its header to 64 bytes, so the array data are
                               64-byte aligned in the file and loaders use them in place

Entries: one per compiled signature (of the function, or of each scripted method of a
model: "name" is the method).  "params" are the IR types of the arguments the entry takes;
"consts" the Python arguments the code was specialized on (axis=1, strings), with their
values (`encode_value`), which the entry does not take; "weights" (indices into the
manifest's "weights") and "weight_types" the model attributes passed after the arguments
(ir.passes.lift_attributes).  "signature" (functions) and "methods" (models) keep
the Python parameter names and defaults, so pts.load binds keywords and defaults.

`load(path)` maps the image `choose_image` picks — the host image when this CPU has every
feature its record requires (checked with cpuid by runtime/c/cpu.c through pts._dispatch,
so pts.load and libpts choose alike; without the extension, or for a malformed record, the
baseline), else the baseline of this machine — (this module's `Image` is the Python twin
of the C loader in runtime/c/loader.c: same checks, same fixups, W^X) and calls it with
the context and import table of `pts.runtime.native`, so `print` goes to `sys.stdout` as
in-process code does.  LLVM is not used — unless no image matches the host: then the stored
IR is compiled (said once with `warnings.warn`).  A reader refuses a newer major format
version.  The host image (format 1.0 too: older readers ignore it and run the baseline)
gives the in-process results bit for bit; a baseline image may differ from them in the
last bits of float reductions (vectorized for other vector widths, no FMA).

The code: runtime.archive_write (the zip writer and the save-time compile, through the
compile driver), runtime.archive_read (`load`, `describe`, the choice of image),
runtime.image (mapping an image: the Python twin of runtime/c/loader.c, which the disk
cache uses too), runtime.archive_call (the loaded functions and models) and
runtime.archive_train (training steps: saved, and loaded to go on training).  This module
is their public face — `save` (the pts.script objects are its to recognize: it sits in
the public API's layer, tests/test_layers.py) and the names users and tools import.
"""
from __future__ import annotations

from pts.backend.link import HOST_TARGET  # noqa: F401
from pts.runtime.archive_format import (ALIGNMENT, FORMAT_VERSION, IR_PATH, MANIFEST,  # noqa: F401
                                        check_version, decode_value, encode_value)
from pts.runtime.archive_read import (MAX_REQUIRES, Archive, choose_image, cpu_missing,  # noqa: F401
                                      describe, host_target, load, machine_of, native_targets)
from pts.runtime.archive_write import write_zip  # noqa: F401
from pts.runtime.image import ArchiveError, Image  # noqa: F401


def save(obj, path: str, example_inputs=None, targets=None) -> dict:
    """Write `obj` to the archive `path` and return its manifest.  `targets`: the images
    to write (keys of backend.link.TARGETS, and HOST_TARGET); default all (the host image
    where this machine has one: runtime.archive_write.default_targets).

    obj is a pts.script function (every signature compiled so far plus those of
    `example_inputs`, a list of argument tuples) or a pts.script(model) (its forward and
    exported methods: the signatures they were compiled for plus `example_inputs` — a
    list of forward's argument tuples, or a dict method name -> such a list; the tensor
    attributes the code reads are stored as weights) or a pts.train_step of either (compiled for
    `example_inputs`, one batch [x, y] or a list of batch tuples; its state — weights,
    buffers, optimizer state, step counts, hyperparameters — is stored as weights:
    runtime.archive_train).  Signatures specialized on
    argument values (strings, axis=dim) are stored with those values."""
    from pts.api import ScriptFunction, ScriptModule
    from pts.runtime.archive_write import save_function, save_model
    from pts.train import TracedTrainStep, TrainStep
    if isinstance(obj, (TrainStep, TracedTrainStep)):
        from pts.runtime.archive_train import save_train_step
        return save_train_step(obj, path, example_inputs, targets)
    if isinstance(obj, ScriptModule):
        return save_model(obj, path, example_inputs, targets)
    from pts.traced import TracedFunction
    if isinstance(obj, TracedFunction):
        from pts.runtime.archive_write import save_trace
        return save_trace(obj, path, example_inputs, targets)
    if not isinstance(obj, ScriptFunction):
        if callable(obj) and hasattr(obj, "__code__"):
            obj = ScriptFunction(obj)
        else:
            raise TypeError(f"pts.save needs a pts.script function or model, got "
                            f"{type(obj).__name__}")
    return save_function(obj, path, example_inputs, targets)
