"""pts.nn: neural-network building blocks.  `pts.nn.functional` holds the functions
(written in the pts language, in stdlib/nn.py); module classes come with issue D."""
from pts.nn import functional

__all__ = ["functional"]
