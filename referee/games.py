"""The games the house knows: the one list. Every interface finds a game here, by its
registration; nothing else outside a game's package names it."""

from __future__ import annotations

from referee.cogito.registration import REGISTRATION as COGITO
from referee.ergo.registration import REGISTRATION as ERGO
from referee.invicta.registration import REGISTRATION as INVICTA
from referee.palmer.registration import REGISTRATION as PALMER
from referee.table.registry import GameRegistration

GAMES: tuple[GameRegistration, ...] = (PALMER, ERGO, INVICTA, COGITO)


def by_name(name: str) -> GameRegistration | None:
    return next((g for g in GAMES if g.name == name), None)
