"""Ergo (Invicta) as the shared record machinery sees it.

Version 1 is the first: a setup of two names and the house rules, and
events that are placements and moves.
"""

from __future__ import annotations

from referee.invicta.events import CODEC
from referee.invicta.setup import Setup
from referee.invicta.state import Game
from referee.table.record import GameKind

VERSION = 1

GAME: GameKind[Setup] = GameKind(
    name="invicta",
    version=VERSION,
    setup=Setup,
    events=CODEC,
    new_game=Game.new,
)
