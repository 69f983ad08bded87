"""Ergo as the shared record machinery sees it (:mod:`referee.table.record`)."""

from __future__ import annotations

from referee.ergo.events import CODEC
from referee.ergo.setup import Setup
from referee.ergo.state import Game
from referee.table.record import GameKind

GAME: GameKind[Setup] = GameKind.of("ergo", Game, CODEC)  # records of version 1
