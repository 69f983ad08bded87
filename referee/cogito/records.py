"""Cogito as the shared record machinery sees it."""

from __future__ import annotations

from referee.cogito.events import CODEC
from referee.cogito.setup import Setup
from referee.cogito.state import Game
from referee.table.record import GameKind

VERSION = 1

GAME: GameKind[Setup] = GameKind(
    name="cogito",
    version=VERSION,
    setup=Setup,
    events=CODEC,
    new_game=Game.new,
)
