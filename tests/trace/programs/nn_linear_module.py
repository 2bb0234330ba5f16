"""A pts.nn.Linear traced as it is: its forward (numpy code in pts.nn.functional) records,
its weight and bias are the layer's live arrays."""
import numpy as np

import pts
import pts.nn as nn

rng = np.random.default_rng(210)
pts.manual_seed(210)

TRACE = nn.Linear(4, 3)
INPUTS = [(rng.standard_normal((5, 4)).astype(np.float32),),
          (rng.standard_normal((1, 4)).astype(np.float32),),
          (rng.standard_normal((32, 4)).astype(np.float32),)]
