"""What a command of Palmer's game can come to, as values for the interface.

Each outcome carries the data its renderer needs (texts of statements as
they stood when it happened, since the board moves on); the interface has
one renderer per class. The views every game shares (scores, a hand, the
cards) are :mod:`referee.table.views`.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.derivation.checker import DerivationResult
from referee.language.ast import Formula
from referee.palmer.events import Ballot, Claim, Negate, Play, Vote
from referee.palmer.hint import Claimable
from referee.table.session import Accepted, Outcome, PlayerOutcome

Numbered = tuple[tuple[int, str], ...]  # (board number, statement text)


@dataclass(frozen=True)
class Written(Accepted[Play]):
    """A statement on the board: its number, and its ``text`` as the board shows it (the
    parentheses its author wrote, in the game's symbols)."""

    id: int
    text: str


@dataclass(frozen=True)
class Negated(Accepted[Negate]):
    """A ¬ put into statement ``event.target``: the statement ``before`` and ``after``."""


@dataclass(frozen=True)
class NegationPlaces(Outcome):
    """The places a ¬ can go in statement ``id``: each reading, numbered from 1."""

    id: int
    text: str
    readings: tuple[str, ...]


@dataclass(frozen=True)
class ClaimSettled(Outcome):
    claim: Claim
    targets: Numbered  # the claimed statements
    premises: Numbered  # the rest of the board, as the engine was asked
    score: int  # the claimant's score after it
    goals: tuple[Formula, ...] = ()  # the claimed statements as formulas (naming explicit)
    derivation: DerivationResult | None = None
    offered_uses: tuple[int, ...] = ()  # the board statements a derivation offered rests on

    @property
    def counter(self) -> bool:
        """Whether the question had a goal (a redundancy claim), for wording models."""
        return bool(self.claim.targets)


@dataclass(frozen=True)
class Hinted(Outcome):
    """``hint`` (house rule hints): what a claim would come to now, and the statements'
    texts as the board shows them."""

    claimable: Claimable
    statements: Numbered


@dataclass(frozen=True)
class Why(Outcome):
    """The full evidence of a recorded claim (``why``; ``model`` for the model alone)."""

    settled: ClaimSettled
    number: int  # the claim's event number
    model_only: bool = False


@dataclass(frozen=True)
class VoteTaken(Accepted[Vote]):
    """The table's vote on an undetermined claim: ``event.accepted`` upholds it."""


@dataclass(frozen=True)
class BallotCast(Accepted[Ballot]):
    """One asked player's vote; ``waiting``: who is still asked (none once it settled)."""

    waiting: tuple[str, ...] = ()


@dataclass(frozen=True)
class Passed(PlayerOutcome):
    """A pass, and how many cards it discarded face down (dealt mode). Not the whole event
    (``Accepted``): its cards are the passer's alone, and an outcome is worded on the
    shared screen and in every seat's log."""

    discarded: int
