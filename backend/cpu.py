"""The CPU features native code may use: only those a loader can check.

The JIT compiles for this machine's CPU, and an archive's host image (backend.link
HOST_TARGET) is compiled exactly as the JIT compiles, so that loading it gives the
in-process results bit for bit.  A loader runs the host image only on a CPU that has every
feature the image requires, which it checks with cpuid (runtime/c/cpu.c; from Python
through pts._dispatch.cpu_has, the same C).  So the features both are compiled with must be
ones that table knows: `checked_features` turns every other feature of LLVM's host
feature string off ("-feat").  On this project's targets that drops only features LLVM
never uses for our code (AMX, APX, AVX10, PTWRITE, Key Locker wide).

X86_FEATURES is the table of runtime/c/cpu.c by name (tests/runtime/test_c_loader.py keeps
them equal).  No llvmlite here: the archive loader imports this module.
"""
from __future__ import annotations

X86_FEATURES = frozenset("""
    64bit cx8 cmov mmx fxsr sse sse2 sse3 pclmul ssse3 fma cx16 sse4.1 sse4.2 crc32 movbe
    popcnt aes xsave avx f16c rdrnd sahf lzcnt sse4a prfchw xop lwp fma4 tbm mwaitx clzero
    rdpru wbnoinvd fsgsbase sgx bmi avx2 bmi2 invpcid rtm avx512f evex512 avx512dq rdseed adx
    avx512ifma clflushopt clwb avx512pf avx512er avx512cd sha avx512bw avx512vl prefetchwt1
    avx512vbmi pku waitpkg avx512vbmi2 shstk gfni vaes vpclmulqdq avx512vnni avx512bitalg
    avx512vpopcntdq rdpid kl cldemote movdiri movdir64b enqcmd avx5124vnniw avx5124fmaps uintr
    avx512vp2intersect serialize tsxldtrk pconfig avx512fp16 sha512 sm3 sm4 raoint avxvnni
    avx512bf16 cmpccxadd hreset avxifma avxvnniint8 avxneconvert avxvnniint16 prefetchi usermsr
    xsaveopt xsavec xsaves
""".split())


def is_x86_64(triple: str) -> bool:
    return triple.split("-")[0] in ("x86_64", "amd64")


def checked_features(features: str, triple: str) -> str:
    """LLVM's feature string `features` ("+avx2,-avx512f,...") with every feature a loader
    cannot check turned off; unchanged for targets other than x86-64 (no host images)."""
    if not is_x86_64(triple):
        return features
    out = []
    for f in features.split(","):
        f = f.strip()
        if not f:
            continue
        if f[0] == "+" and f[1:] not in X86_FEATURES:
            f = "-" + f[1:]
        out.append(f)
    return ",".join(out)


def tuned_features(features: str, triple: str) -> str:
    """`features` plus the tuning our code wants: on x86-64 CPUs with AVX-512, LLVM's own
    tuning for Intel's server cores (prefer-256-bit) keeps the loop vectorizer at 256-bit
    vectors, to spare mixed scalar code the clock drop of 512-bit instructions.  Fused
    tensor kernels are long vector loops, where twice the lanes win: on an Ice Lake Xeon,
    alternated runs of the tensor bench, GELU 4M 4.28 -> 3.92-4.02 ms, layer norm
    2048x1024 2.29 -> 1.96-2.01 ms, softmax ~5%.  (The gemm sizes its explicit vectors
    itself, backend.gemm.)  A tuning flag, not a CPU feature: nothing a loader checks."""
    if is_x86_64(triple) and "+avx512f" in features.split(","):
        return features + ",-prefer-256-bit"
    return features


def required_features(features: str) -> list[str]:
    """The features a feature string turns on, sorted: what a host image requires."""
    return sorted({f[1:] for f in features.split(",") if f.startswith("+")})
