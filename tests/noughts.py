"""Noughts and crosses, registered through the same door as the four games (tests only).

The walk-through of docs/architecture.md ("Adding a game"), as code: the
rules (setup, event, state), the commands, the outcomes, the registration
and the terminal's part. Everything else (the session, the record file,
resume, replay, --house, exit statuses) is the house's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from referee.client import reasons
from referee.client.house import Replay, TerminalGame, mover_prompt
from referee.client.renders import event_words, renders
from referee.client.said import typed
from referee.client.table_io import TableRenderer
from referee.language.shapes import Plain
from referee.table import refusals, views
from referee.table.commands import TableCommands
from referee.table.errors import IllegalEvent, Refusal, SetupError
from referee.table.events import EventCodec, Judged, PlayerEvent
from referee.table.players import NamedPlayers
from referee.table.record import GameKind
from referee.table.registry import GameRegistration, Option
from referee.table.session import Accepted, Refused

LINES = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))


@dataclass(frozen=True)
class HouseRules(Plain):
    noughts_first: bool = False


@dataclass(frozen=True)
class Setup(NamedPlayers, Plain):
    crosses: str
    noughts: str
    rules: HouseRules = field(default_factory=HouseRules)

    def __post_init__(self) -> None:
        if self.crosses == self.noughts:
            raise SetupError("noughts", "the two players need different names")

    @property
    def players(self) -> tuple[str, ...]:  # the name rule's (NamedPlayers), for a new game
        return (self.crosses, self.noughts)


@dataclass(frozen=True)
class Mark(PlayerEvent):  # a player's move: its player is the one who may take it back
    TYPE = "mark"
    REVEALS = frozenset()  # noughts hides nothing: every move may be undone
    square: int  # 1-9, row by row


class Why(enum.StrEnum):  # why the rules refuse, as data (the terminal words it: WORDS)
    NOT_FREE = "not_free"  # number: the square
    SAY_SQUARE = "say_square"


class Finish(enum.StrEnum):  # how a game ends
    LINE = "line"  # three in a row
    FULL = "full"  # every square taken: a draw


class Game(Judged):  # the shared apply: the turn, the game over and undo's barrier
    codec = EventCodec([Mark])

    def __init__(self, setup: Setup) -> None:
        self.setup, self.rules = setup, setup.rules
        order = (setup.crosses, setup.noughts)
        self.players = order[::-1] if setup.rules.noughts_first else order
        self.board: dict[int, str] = {}
        self.winner: str | None = None

    @property
    def mover(self) -> str | None:
        return None if self.finished else self.players[len(self.board) % 2]

    @property
    def finished(self) -> bool:
        return self.winner is not None or len(self.board) == 9

    @property
    def ending(self) -> views.Ending | None:
        if not self.finished:
            return None
        if self.winner is None:
            return views.Ending(Finish.FULL)
        return views.Ending(Finish.LINE, (self.winner,))

    def judge(self, event: Mark) -> None:
        if event.player != self.mover:
            raise Refusal.illegal("player", refusals.Why.NOT_YOUR_TURN, player=self.mover)
        if not 1 <= event.square <= 9 or event.square in self.board:
            raise Refusal.illegal("square", Why.NOT_FREE, number=event.square)

    def _mark(self, event: Mark) -> None:
        self.board[event.square] = event.player
        if any(all(self.board.get(s) == event.player for s in line) for line in LINES):
            self.winner = event.player

    def summary(self) -> dict:
        return {"board": {str(k): v for k, v in sorted(self.board.items())}, "winner": self.winner}


GAME: GameKind[Setup] = GameKind("noughts", 1, Setup, Game.codec, Game)


@dataclass(frozen=True)
class Marked(Accepted[Mark]):
    """A square taken: the event itself (a subclass adds only what followed from it)."""


class Commands(TableCommands):
    commands = frozenset({"mark", "board", "rules"})
    moves = frozenset({"mark"})
    names_player = frozenset()

    def word(self, command: str, rest: str) -> tuple[str, str]:
        return ("mark", command) if command.isdigit() else (command, rest)

    def _mark(self, session, game: Game, rest: str, actor):
        if not rest.strip().isdigit():
            return (Refused(reason=Refusal(Why.SAY_SQUARE)),)
        event = Mark(game.mover, int(rest))
        try:
            session.submit(event)
        except IllegalEvent as exc:
            return (Refused(exc.message, reason=exc.reason),)
        return (Marked(event),)


REGISTRATION = GameRegistration(
    kind=GAME,
    title="noughts and crosses",
    commands=Commands,
    outcomes=(Marked,),
    options=(
        Option("crosses", "Who plays X.", required=True),
        Option("noughts", "Who plays O.", required=True),
    ),
    new_setup=lambda values, rules, deck: Setup(values["crosses"], values["noughts"], rules),
)


# The words of the game's reasons, for the terminal, the web table and replay alike.
WORDS = reasons.Words(
    Why,
    None,
    {
        Why.NOT_FREE: "square {number} is not free",
        Why.SAY_SQUARE: "say which square: mark 5 (squares 1-9, row by row)",
    },
)
reasons.register(WORDS)

describe = event_words({Mark: "{player} takes {square}"})  # an event's line (undo, replay --step)


class Renderer(TableRenderer):
    @renders(Marked)
    def marked(self, o: Marked) -> None:
        self.say(typed(f"{o.event.player} takes {o.event.square}"))

    def board(self, game: Game) -> None:
        for row in (1, 4, 7):
            marks = (self.mark(game, s) for s in range(row, row + 3))
            self.say(" ".join(marks))

    @staticmethod
    def mark(game: Game, square: int) -> str:
        owner = game.board.get(square)
        return str(square) if owner is None else "X" if owner == game.setup.crosses else "O"

    describe = staticmethod(describe)


TERMINAL = TerminalGame(
    REGISTRATION,
    lambda out, session, flags: Renderer(out, session),
    mover_prompt,
    missing="name the players: --crosses ann --noughts bob",
    prefix="noughts",
    play_help="Play noughts and crosses.",
    opening=lambda renderer, record, flags: renderer.board(renderer.game),
    replay=Replay(
        help="Replay a game of noughts and crosses.",
        step=lambda renderer, s: renderer.say(typed(renderer.describe(s.event))),
        final=lambda renderer, report, record: renderer.board(report.game),
    ),
)
