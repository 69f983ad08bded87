"""Ergo as the shared record machinery sees it (:mod:`referee.table.record`)."""

from __future__ import annotations

from referee.ergo.events import CODEC
from referee.ergo.setup import Setup
from referee.ergo.state import Game
from referee.table.record import GameKind

VERSION = 1

GAME: GameKind[Setup] = GameKind(
    name="ergo",
    version=VERSION,
    setup=Setup,
    events=CODEC,
    new_game=Game.new,
)
