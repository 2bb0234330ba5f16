# Source: pyperformance, pyperformance/data-files/benchmarks/bm_spectral_norm/run_benchmark.py
#   (https://github.com/python/pyperformance); from the Computer Language Benchmarks Game
#   (Sebastien Loisel, Isaac Gouy, Josh Goldfoot, Simon Descarpentries, Jason Stitt).
# Licence: MIT (pyperformance); the Benchmarks Game programs are BSD-3-Clause.
# Changes: the functions are unchanged; bench_spectral_norm loses its pyperf timing, takes
#   DEFAULT_N as a parameter and returns sqrt(vBv / vv), the value the benchmark computes.
"""
MathWorld: "Hundred-Dollar, Hundred-Digit Challenge Problems", Challenge #3.
http://mathworld.wolfram.com/Hundred-DollarHundred-DigitChallengeProblems.html

The Computer Language Benchmarks Game
http://benchmarksgame.alioth.debian.org/u64q/spectralnorm-description.html#spectralnorm

Contributed by Sebastien Loisel
Fixed by Isaac Gouy
Sped up by Josh Goldfoot
Dirtily sped up by Simon Descarpentries
Concurrency by Jason Stitt
"""
import math


DEFAULT_N = 130


def eval_A(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def eval_times_u(func, u):
    return [func((i, u)) for i in range(len(list(u)))]


def eval_AtA_times_u(u):
    return eval_times_u(part_At_times_u, eval_times_u(part_A_times_u, u))


def part_A_times_u(i_u):
    i, u = i_u
    partial_sum = 0
    for j, u_j in enumerate(u):
        partial_sum += eval_A(i, j) * u_j
    return partial_sum


def part_At_times_u(i_u):
    i, u = i_u
    partial_sum = 0
    for j, u_j in enumerate(u):
        partial_sum += eval_A(j, i) * u_j
    return partial_sum


def bench_spectral_norm(DEFAULT_N):
    u = [1] * DEFAULT_N

    for dummy in range(10):
        v = eval_AtA_times_u(u)
        u = eval_AtA_times_u(v)

    vBv = vv = 0

    for ue, ve in zip(u, v):
        vBv += ue * ve
        vv += ve * ve

    return math.sqrt(vBv / vv)


# run: bench_spectral_norm(10)
# run: bench_spectral_norm(40)
