"""The events of Palmer's game, as the record keeps them.

Each is a frozen dataclass; :data:`CODEC` reads them from a record, checking
their shape (field names, types). Whether an event is *legal* is the game's
question (:meth:`referee.palmer.state.Game.apply`).

A claim carries its settlement: the engine's verdict (with its evidence as
data), the derivation that backed it if any, and the outcome the rules give.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.derivation.writer import WrittenDerivation
from referee.language.shapes import Plain
from referee.logic.evidence import Evidence
from referee.logic.verdict import Status
from referee.table.events import End, Event, EventCodec, PlayerEvent
from referee.table.reveals import Shown


class ClaimKind(enum.StrEnum):
    REDUNDANT = "redundant"
    INCONSISTENT = "inconsistent"


class ClaimOutcome(enum.StrEnum):
    UPHELD = "upheld"
    REJECTED = "rejected"
    VOTE = "vote"  # undetermined: the table votes (house rule vote_on_undetermined)


class Backing(enum.StrEnum):
    """Whether a derivation backs a claim, and if not, why not."""

    BACKS = "backs"
    NOT_A_DERIVATION = "not_a_derivation"  # the file is not in the derivation format
    LINES_FAIL = "lines_fail"  # some lines do not check (``lines``)
    NOT_FALSUM = "not_falsum"  # an inconsistency claim's derivation does not end in ⊥
    RESTS_ON_CLAIM = "rests_on_claim"  # it uses the very statements claimed (``lines``: them)
    NOT_THE_CLAIM = "not_the_claim"  # its last line is not the claimed statement


@dataclass(frozen=True)
class DerivationCheck(Plain):
    """A derivation file offered with a claim, and what the checker made of it."""

    file: str
    text: str
    backing: Backing
    lines: tuple[int, ...] = ()  # failing lines, or the claimed statements it rests on
    detail: str = ""  # the checker's message for a file that is not a derivation

    @property
    def ok(self) -> bool:
        return self.backing == Backing.BACKS


@dataclass(frozen=True)
class ClaimVerdict(Plain):
    """The engine's verdict on a claim; ``evidence.used`` indexes the claim's premises."""

    status: Status
    evidence: Evidence
    seconds: float = 0.0
    limit: float = 0.0
    note: str = ""  # records of version 1: the verdict as that referee worded it


@dataclass(frozen=True)
class Play(PlayerEvent):
    TYPE = "play"
    # cards from the hand, face up; the turn may end with a draw (dealt mode)
    REVEALS = frozenset({Shown.PLAYED_CARD, Shown.DRAWN_CARD})
    cards: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Negate(PlayerEvent):
    TYPE = "negate"
    # cards from the hand, face up; the turn may end with a draw (dealt mode)
    REVEALS = frozenset({Shown.PLAYED_CARD, Shown.DRAWN_CARD})
    card: str
    target: int
    position: int
    before: str = ""
    after: str = ""


@dataclass(frozen=True)
class Claim(PlayerEvent):
    TYPE = "claim"
    REVEALS = frozenset({Shown.JUDGEMENT, Shown.DRAWN_CARD})  # the verdict; then a draw
    kind: ClaimKind
    targets: tuple[int, ...]
    premises: tuple[int, ...]
    verdict: ClaimVerdict
    outcome: ClaimOutcome
    derivation: DerivationCheck | None = None  # one the player offered
    proof: WrittenDerivation | None = None  # the referee's own, checked, for a verdict it proved

    @property
    def used(self) -> tuple[int, ...]:
        """Board numbers of the statements the verdict rests on (the clash, if inconsistent)."""
        return tuple(self.premises[i] for i in self.verdict.evidence.used if i < len(self.premises))


@dataclass(frozen=True)
class Vote(Event):
    TYPE = "vote"
    REVEALS = frozenset({Shown.DRAWN_CARD})  # the turn may end with a draw (dealt mode)
    accepted: bool
    ayes: tuple[str, ...] = ()
    noes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pass(PlayerEvent):
    TYPE = "pass"
    REVEALS = frozenset({Shown.DRAWN_CARD})  # the turn may end with a draw (dealt mode)
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ballot(PlayerEvent):
    """One asked player's vote on the pending claim (a seat's ``vote yes``); the claim is
    settled by the house rule ``vote_by`` once every asked player has voted. A ``Vote``
    is the table's decision at once (one keyboard, agreed aloud; older records)."""

    TYPE = "ballot"
    # How a ballot voted is secret until the vote is settled (ruling 53); the last one
    # settles it, showing every ballot: a judgement. Then the turn may end with a draw.
    REVEALS = frozenset({Shown.JUDGEMENT, Shown.DRAWN_CARD})
    yes: bool


PalmerEvent = Play | Negate | Claim | Vote | Ballot | Pass | End

CODEC = EventCodec([Play, Negate, Claim, Vote, Ballot, Pass, End])
