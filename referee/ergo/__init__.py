"""Ergo (Catalyst Game Labs, 2009): a propositional card game, refereed on the shared table."""
