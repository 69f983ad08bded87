"""Computer players: what every game's player shares, so none of them can cheat.

A computer player is given exactly what its seat's page is given, the seat's
view as JSON-ready data (``GET SEAT_URL/view``), and answers the line it says
next, always one of ``view["you"]["legal"]`` (the moves the rules accept of
that seat now), or None when it has nothing to say. It never holds the game:
the referee feeds an in-process player the same view the seat door computes,
and ``referee bot`` reads it over HTTP, so a player sees no more than a person
in that seat would.

Each game offers its players in its package's ``player`` module as
``computer_player(level, seed) -> ComputerPlayer`` and ``DEFAULT_LEVEL`` (its
strongest); level 0 is :class:`RandomPlayer` for every game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol


class ComputerPlayer(Protocol):
    def choose(self, view: Mapping[str, Any]) -> str | None:
        """The line to say for the seat whose view this is (one of its legal moves), or
        None: nothing to do now."""

    def close(self) -> None:
        """Let go of what the player holds (an engine, its workers)."""


def legal(view: Mapping[str, Any]) -> list[str]:
    """The seat's legal moves now, as its view lists them ([] when it has none)."""
    you = view.get("you")
    if not isinstance(you, Mapping):
        return []
    lines = you.get("legal")
    return [line for line in lines if isinstance(line, str)] if isinstance(lines, list) else []


class RandomPlayer:
    """Level 0: a move drawn uniformly from the seat's legal moves."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> str | None:
        moves = legal(view)
        return self.rng.choice(moves) if moves else None

    def close(self) -> None:
        pass
