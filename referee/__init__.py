"""A referee for Luke Palmer's first-order logic card game."""

__version__ = "0.1.0"
