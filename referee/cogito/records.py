"""Cogito as the shared record machinery sees it."""

from __future__ import annotations

from referee.cogito.events import CODEC
from referee.cogito.setup import Setup
from referee.cogito.state import Game
from referee.table.record import GameKind

GAME: GameKind[Setup] = GameKind.of("cogito", Game, CODEC)  # records of version 1
