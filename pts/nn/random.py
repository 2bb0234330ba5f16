"""The counter-based generator of dropout (stdlib/random.py): Philox4x32-10 in the pts
language.  A generator is an int64 array [seed, stream, offset] that draws advance in
place; pass one as `F.dropout(..., generator=g)` in compiled code."""
from pts.stdlib.random import (default_generator, generator, manual_seed, philox4x32,
                               random_bits, uniform, uniform_float32, uniform_like)

__all__ = ["default_generator", "generator", "manual_seed", "philox4x32", "random_bits",
           "uniform", "uniform_float32", "uniform_like"]
