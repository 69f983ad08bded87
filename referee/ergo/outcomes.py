"""What an Ergo command can come to, as values for the interface (one renderer each).

The views every game shares (scores, a hand, the cards) are :mod:`referee.table.views`.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.ergo.cards import Face, ProofCard
from referee.ergo.events import (
    Ergo,
    Fallacy,
    Justify,
    Place,
    Revolution,
    Score,
    TabulaRasa,
)
from referee.ergo.syntax import Violation
from referee.table.errors import Hint
from referee.table.session import Accepted, Outcome, PlayerOutcome


@dataclass(frozen=True)
class CardsPlaced(Accepted[Place]):
    premises_before: int = 0  # premises numbered past this one are new


@dataclass(frozen=True)
class PlacementRefused(Outcome):
    """A move that would break a card rule: the premise as it would be, and the rule."""

    premise: int
    faces: tuple[Face, ...]
    violation: Violation
    hint: Hint | None = None


@dataclass(frozen=True)
class Discarded(PlayerOutcome):
    """Cards discarded face down: who, and how many. Not the whole event (``Accepted``):
    in dealt mode it names cards only the discarder knows, and an outcome is worded on
    the shared screen and in every seat's log."""

    count: int


@dataclass(frozen=True)
class FallacyPlayed(Accepted[Fallacy]):
    """A Fallacy on the event's ``target``: no cards to the Proof for a while."""


@dataclass(frozen=True)
class Justified(Accepted[Justify]):
    """The player's Fallacy lifted (by a Justification, or a Wild as one)."""


@dataclass(frozen=True)
class Removed(Accepted[TabulaRasa]):
    """A Tabula Rasa: the cards taken from the Proof to the bottom of the pile (its
    parenthesis' partner too)."""

    cards: tuple[ProofCard, ...]


@dataclass(frozen=True)
class Swapped(Accepted[Revolution]):
    faces: tuple[Face, Face]  # the cards at the event's first and second spots, before


@dataclass(frozen=True)
class ErgoPlayed(Accepted[Ergo]):
    """An Ergo (or a Wild as one): the round stops."""


@dataclass(frozen=True)
class RoundScored(Accepted[Score]):
    """A round's end (the recorded Score: the Proof, the ruling, the points), with how each
    premise reads and who holds each variable."""

    readings: tuple[str, ...]
    seats: tuple[tuple[str, str], ...]  # (variable, player) for the players at the table
    scores: tuple[tuple[str, int], ...]  # after the round


@dataclass(frozen=True)
class Why(Outcome):
    """A settled round's full evidence (``variable``: only that one)."""

    scored: RoundScored
    variable: str = ""


@dataclass(frozen=True)
class Proves(Outcome):
    """The hint: what the Proof proves now (:func:`referee.ergo.hint.proves`'s data)."""

    well_formed: bool
    cards: int
    paradox: bool
    proven: tuple[str, ...]
    disproven: tuple[str, ...]
    undecided: tuple[str, ...]
