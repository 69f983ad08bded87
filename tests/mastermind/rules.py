"""Mastermind's rules: the codemaker sets a secret code of four pegs, the codebreaker has ten
guesses, each answered with black pegs (right colour, right place) and white pegs (right
colour, wrong place)."""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field

from referee.language.shapes import Plain
from referee.table import refusals
from referee.table.errors import Refusal, SetupError
from referee.table.events import EventCodec, Judged, PlayerEvent
from referee.table.players import NamedPlayers
from referee.table.record import GameKind
from referee.table.reveals import Shown
from referee.table.views import Ending

COLOURS = "rgbyop"  # red, green, blue, yellow, orange, purple
PEGS, GUESSES = 4, 10


@dataclass(frozen=True)
class HouseRules(Plain):
    undo_past_reveals: bool = False  # a guess's answer shows something: undo stops there


@dataclass(frozen=True)
class Setup(NamedPlayers, Plain):
    names_option = ""
    maker: str
    breaker: str
    rules: HouseRules = field(default_factory=HouseRules)

    def __post_init__(self) -> None:
        if self.maker == self.breaker:
            raise SetupError("breaker", "the two players need different names")

    @property
    def players(self) -> tuple[str, ...]:
        return (self.maker, self.breaker)


@dataclass(frozen=True)
class SetCode(PlayerEvent):  # the secret: only the codemaker's seat sees it until the end
    TYPE = "code"
    REVEALS = frozenset()  # it hides the code; it shows nothing
    code: str


@dataclass(frozen=True)
class Guess(PlayerEvent):
    TYPE = "guess"
    REVEALS = frozenset({Shown.JUDGEMENT})  # its pegs are the referee's word on the code
    guess: str


class Why(enum.StrEnum):
    NOT_A_CODE = "not_a_code"  # word: what was said


class Finish(enum.StrEnum):  # how a game ends
    BROKEN = "broken"  # the breaker found the code
    KEPT = "kept"  # ten guesses, and the code kept


def is_code(text: str) -> bool:
    return len(text) == PEGS and all(c in COLOURS for c in text)


def pegs(code: str, guess: str) -> tuple[int, int]:
    """(black, white): right colour and place; right colour, wrong place."""
    black = sum(a == b for a, b in zip(code, guess, strict=True))
    common = sum((Counter(code) & Counter(guess)).values())
    return black, common - black


class Game(Judged):  # the shared apply: a guess's pegs, declared shown, stop undo
    codec = EventCodec([SetCode, Guess])

    def __init__(self, setup: Setup) -> None:
        self.setup, self.rules, self.players = setup, setup.rules, setup.players
        self.code: str | None = None
        self.guesses: list[tuple[str, int, int]] = []

    @property
    def mover(self) -> str | None:
        if self.finished:
            return None
        return self.setup.maker if self.code is None else self.setup.breaker

    @property
    def solved(self) -> bool:
        return bool(self.guesses) and self.guesses[-1][1] == PEGS

    @property
    def finished(self) -> bool:
        return self.solved or len(self.guesses) == GUESSES

    @property
    def winner(self) -> str | None:
        if not self.finished:
            return None
        return self.setup.breaker if self.solved else self.setup.maker

    @property
    def ending(self) -> Ending | None:
        if not self.finished:
            return None
        return Ending(Finish.BROKEN if self.solved else Finish.KEPT, (self.winner,))

    def judge(self, event: SetCode | Guess) -> None:
        if event.player != self.mover:
            raise Refusal.illegal(
                "player", refusals.Why.NOT_YOUR_TURN, player=self.mover, other=event.player
            )
        text = event.code if isinstance(event, SetCode) else event.guess
        if not is_code(text):
            raise Refusal.illegal(event.TYPE, Why.NOT_A_CODE, word=text)

    def _code(self, event: SetCode) -> None:
        self.code = event.code

    def _guess(self, event: Guess) -> None:
        assert self.code is not None
        self.guesses.append((event.guess, *pegs(self.code, event.guess)))

    def summary(self) -> dict:  # the record's summary: the code only once the game is over
        guesses = [{"guess": g, "black": b, "white": w} for g, b, w in self.guesses]
        return {
            "guesses": guesses,
            "winner": self.winner,
            "code": self.code if self.finished else None,
        }


GAME: GameKind[Setup] = GameKind("mastermind", 1, Setup, Game.codec, Game)
