"""What an Ergo command can come to, as values for the interface (one renderer each).

The views every game shares (scores, a hand, the cards) are :mod:`referee.table.views`.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.ergo.cards import Card, Face, ProofCard
from referee.ergo.events import Award, RoundEnd
from referee.ergo.proof import Placed, Spot
from referee.ergo.ruling import Ruling
from referee.ergo.syntax import Violation
from referee.table import views
from referee.table.errors import Hint
from referee.table.session import Outcome, PlayerOutcome


@dataclass(frozen=True)
class CardsPlaced(PlayerOutcome):
    cards: tuple[Placed, ...]
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
    count: int


@dataclass(frozen=True)
class FallacyPlayed(PlayerOutcome):
    target: str


@dataclass(frozen=True)
class Justified(PlayerOutcome):
    card: Card


@dataclass(frozen=True)
class Removed(PlayerOutcome):
    """A Tabula Rasa: the cards taken from the Proof to the bottom of the pile."""

    spot: Spot
    cards: tuple[ProofCard, ...]


@dataclass(frozen=True)
class Swapped(PlayerOutcome):
    first: Spot
    second: Spot
    faces: tuple[Face, Face]


@dataclass(frozen=True)
class ErgoPlayed(PlayerOutcome):
    card: Card


@dataclass(frozen=True)
class RoundScored(Outcome):
    """A round's end: the Proof, how each premise reads, the ruling and the points."""

    round: int
    reason: RoundEnd
    proof: tuple[str, ...]
    readings: tuple[str, ...]
    ruling: Ruling
    awards: tuple[Award, ...]
    seats: tuple[tuple[str, str], ...]  # (variable, player) for the players at the table
    scores: tuple[tuple[str, int], ...]  # after the round


@dataclass(frozen=True)
class GameOver(views.GameOver):
    winners: tuple[str, ...]
    scores: tuple[tuple[str, int], ...]
    reason: str = ""  # what the table said when ending it early


@dataclass(frozen=True)
class Why(Outcome):
    """A settled round's full evidence (``variable``: only that one)."""

    scored: RoundScored
    variable: str = ""
