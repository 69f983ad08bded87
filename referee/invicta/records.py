"""Ergo (Invicta) as the shared record machinery sees it.

Version 1 is the first: a setup of two names and the house rules, and
events that are placements and moves.
"""

from __future__ import annotations

from referee.invicta.events import CODEC
from referee.invicta.setup import Setup
from referee.invicta.state import Game
from referee.table.record import GameKind

GAME: GameKind[Setup] = GameKind.of("invicta", Game, CODEC)  # records of version 1
