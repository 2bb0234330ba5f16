"""The version of pts, in the bottom layer: the disk cache's keys and archives' producer
field record it."""
__version__ = "0.1.0"
