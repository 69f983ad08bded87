"""Liar's dice for two or more: each player rolls five dice under a cup; in turn each bids
that at least COUNT dice on the table show FACE, higher than the last bid (more dice, or as
many of a higher face); or calls the last bid a lie (``liar``): every cup is lifted, and the
bid is true or not. Whoever was wrong loses; the other wins."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field

from referee.language.shapes import Plain
from referee.table import refusals
from referee.table.errors import Refusal
from referee.table.events import EventCodec, Judged, PlayerEvent
from referee.table.players import NamedPlayers
from referee.table.record import GameKind
from referee.table.views import Ending

DICE, FACES = 5, 6


class Cup(enum.StrEnum):  # what the game hides: every player's dice
    DICE = "dice"


class Why(enum.StrEnum):
    TOO_LOW = "too_low"  # numbers: the last bid (count, face)
    NO_BID = "no_bid"  # liar before any bid
    NOT_A_BID = "not_a_bid"  # word: what was said


class Finish(enum.StrEnum):
    CAUGHT = "caught"  # the bid was a lie: the bidder loses
    TRUE = "true"  # the bid held: the caller loses


@dataclass(frozen=True)
class HouseRules(Plain):
    undo_past_reveals: bool = False


@dataclass(frozen=True)
class Setup(NamedPlayers, Plain):
    players: tuple[str, ...]
    seed: int
    rules: HouseRules = field(default_factory=HouseRules)


@dataclass(frozen=True)
class Bid(PlayerEvent):
    TYPE = "bid"
    REVEALS = frozenset()
    count: int
    face: int


@dataclass(frozen=True)
class Liar(PlayerEvent):
    TYPE = "liar"
    REVEALS = frozenset({Cup.DICE})  # every cup lifted


class Game(Judged):
    codec = EventCodec([Bid, Liar])

    def __init__(self, setup: Setup) -> None:
        self.setup, self.players, self.rules = setup, setup.players, setup.rules
        rng = random.Random(setup.seed)
        self.cups = {p: tuple(rng.randint(1, FACES) for _ in range(DICE)) for p in self.players}
        self.bids: list[Bid] = []
        self.turn = 0
        self.loser: str | None = None

    @property
    def finished(self) -> bool:
        return self.loser is not None

    @property
    def mover(self) -> str | None:
        return None if self.finished else self.players[self.turn % len(self.players)]

    @property
    def ending(self) -> Ending | None:
        if self.loser is None:
            return None
        caught = self.loser == self.bids[-1].player
        winners = tuple(p for p in self.players if p != self.loser)
        return Ending(Finish.CAUGHT if caught else Finish.TRUE, winners)

    def showing(self, face: int) -> int:
        return sum(die == face for dice in self.cups.values() for die in dice)

    def judge(self, event: Bid | Liar) -> None:
        if event.player != self.mover:
            turn = refusals.Why.NOT_YOUR_TURN
            raise Refusal.illegal("player", turn, player=self.mover or "", other=event.player)
        if isinstance(event, Liar):
            if not self.bids:
                raise Refusal.illegal("type", Why.NO_BID)
            return
        if not (1 <= event.face <= FACES and 1 <= event.count <= DICE * len(self.players)):
            raise Refusal.illegal("count", Why.NOT_A_BID, word=f"{event.count} {event.face}")
        last = self.bids[-1] if self.bids else None
        if last and (event.count, event.face) <= (last.count, last.face):
            raise Refusal.illegal("count", Why.TOO_LOW, numbers=(last.count, last.face))

    def _bid(self, event: Bid) -> None:
        self.bids.append(event)
        self.turn += 1

    def _liar(self, event: Liar) -> None:
        last = self.bids[-1]
        self.loser = last.player if self.showing(last.face) < last.count else event.player

    def summary(self) -> dict:
        cups = {p: list(d) for p, d in self.cups.items()} if self.finished else None
        return {"bids": [(b.player, b.count, b.face) for b in self.bids], "cups": cups}


GAME = GameKind("dice", 1, Setup, Game.codec, Game)
