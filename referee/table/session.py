"""The table's command interpreter, shared by every game: one line in, outcomes out.

A :class:`Session` holds an immutable record and the game it rebuilds to. A
line is read by the game's :class:`Commands` (its words, its events); the
commands every game has (undo, save, quit, help) are handled here. Whatever a
command does is returned as typed :class:`Outcome` values for the interface
to render; a session never prints and never touches files.

An event reaches the record only through :meth:`Session.submit`: the game's
``apply`` judges it first (and changes nothing if it refuses), so the record
and the game never disagree.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from referee.table.errors import Hint, IllegalEvent, OverLimit, Reason, Refusal
from referee.table.events import Event
from referee.table.record import GameState, Record, event_bytes
from referee.table.refusals import HELP, Why
from referee.table.reveals import Shown, lifts_barrier, undo_barrier

if TYPE_CHECKING:
    from referee.table.agreement import Agreement

# ----------------------------------------------------------------- who speaks


@dataclass(frozen=True)
class Actor:
    """Who says a command: one seat, by the name its player sits under (as the seat typed
    it; the game's rules compare names). The shared terminal, where the whole table sits
    at one keyboard, is no Actor: it is ``None`` wherever an actor is asked for."""

    name: str


# ----------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class Outcome:
    """Base of everything a command can come to."""


@dataclass(frozen=True)
class PlayerOutcome(Outcome):
    """An outcome about one player (a disruption, a gift chosen in secret, what they alone
    are shown), as :class:`referee.table.events.PlayerEvent` is an event one player makes:
    ``player`` is who it is about. A move the rules took is :class:`Accepted`."""

    player: str


E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class Accepted(Outcome, Generic[E]):
    """An event the rules accepted (a move, a round scored): the ``event`` itself, so its
    fields are declared once (on the event) and say the same in the record and on the
    screen; a subclass adds only what followed from it (a board number, the cards it took
    away). Every seat's screen is worded from outcomes, so an event with a field a seat
    may not see (cards discarded face down) is not carried: its outcome holds only what
    the table may see."""

    event: E


@dataclass(frozen=True)
class Refused(Outcome):
    """The command was not carried out: why (``reason``, typed, worded by the interface;
    or ``message``, words a game has not typed yet); ``hint`` says what to type instead
    (typed too, worded by the interface)."""

    message: str = ""
    hint: Hint | None = None
    reason: Reason | None = None


@dataclass(frozen=True)
class Undone(Outcome):
    event: Event


@dataclass(frozen=True)
class UndoRefused(Outcome):
    """Undo would take back ``event`` (number ``number``), which showed the table ``shown``,
    something nobody could otherwise know (:mod:`referee.table.reveals`): refused.
    ``house_rule``: the game has the house rule ``undo_past_reveals`` that would lift this
    barrier (a game without it, or an event that declared nothing, is not sent there)."""

    event: Event
    number: int
    shown: tuple[Shown, ...]
    house_rule: bool = False


@dataclass(frozen=True)
class Saved(Outcome):
    pass


@dataclass(frozen=True)
class Quit(Outcome):
    pass


@dataclass(frozen=True)
class Help(Outcome):
    topic: str = ""


@dataclass(frozen=True)
class ShowRules(Outcome):
    """The table asked which house rules (and settings) this game is played under."""


class Asked(enum.StrEnum):
    """What the person at the keyboard was asked before the table changed anything."""

    UNDO = "undo"
    END = "end"


@dataclass(frozen=True)
class Declined(Outcome):
    """The person at the keyboard answered no: nothing changed (not a refusal: nobody
    broke a rule)."""

    asked: Asked


@dataclass(frozen=True)
class Cancelled(Outcome):
    """Ctrl-C stopped a command half way; nothing was recorded."""


@dataclass(frozen=True)
class UndoQuestion:
    """Asked of the person at the keyboard before an event is taken back."""

    event: Event


Outcomes = tuple[Outcome, ...]


class Commands(Protocol):
    """A game's command language."""

    aliases: Mapping[str, str]  # short words → command names
    # (game, player) -> the player's legal moves as lines (the registration gives it)
    legal: Callable[[Any, str], tuple[str, ...]] | None

    def handle(
        self, session: Session, command: str, rest: str, actor: Actor | None = None
    ) -> Outcomes | None:
        """The outcomes of ``command`` said by ``actor``; None when the game has no such
        command. ``actor``: the seat saying it; None is the shared terminal (the whole table).
        """

    def refuse_undo(self, game: GameState, event: Event, actor: Actor | None) -> Outcomes | None:
        """Refused when ``actor`` may not take back ``event`` (None: it may)."""


COMMON_ALIASES = {"u": "undo", "q": "quit", "exit": "quit", "?": "help"}


class Session:
    """A record being played: ``execute`` a line, read the outcomes.

    ``confirm``: asked before ``undo`` takes an event back, when a person is
    at the keyboard (None: scripted input, no questions). ``agreement``: what the
    players decide together (:mod:`referee.table.agreement`: a rematch, undo asked of
    the table, ending by agreement), the same at every interface.
    """

    def __init__(
        self,
        record: Record,
        commands: Commands,
        game: GameState | None = None,
        confirm: Callable[[UndoQuestion], bool] | None = None,
        agreement: Agreement | None = None,
    ) -> None:
        from referee.table.agreement import Agreement

        self.record = record
        self.commands = commands
        self.game = game if game is not None else record.rebuild()
        self.confirm = confirm
        self.agreement = agreement if agreement is not None else Agreement()
        # the record's events' bytes, counted once per record object, then kept up
        self._sized: tuple[Record, int] | None = None

    def execute(self, line: str, seat: str | None = None) -> Outcomes:
        """The outcomes of one typed line; ``seat``: who says it (None: the shared terminal),
        passed to the game's commands as an :class:`Actor`, never into the line."""
        actor = None if seat is None else Actor(seat)
        line = line.strip()
        if not line or line.startswith("#"):
            return ()
        word, _, rest = line.partition(" ")
        command = self.command_of(word)
        rest = rest.strip()
        agreed = self.agreement.said(self, command, rest, actor)
        if agreed is not None:
            return agreed
        if command == "undo":
            return self.undo(actor)
        if command == "save" and actor is None:  # the record file is the host's
            return (Saved(),)
        if command == "quit":
            if actor is not None:  # one player leaving does not close the table
                return (Refused(reason=Refusal(Why.TABLE_STAYS_OPEN)),)
            return (Saved(), Quit())
        if command == "help":
            return (Help(rest),)
        outcomes = self.commands.handle(self, command, rest, actor)
        if outcomes is None:
            why = Refusal(Why.UNKNOWN_COMMAND, word=word)
            return (Refused(hint=HELP, reason=why),)
        return outcomes

    def language(self, seat: str | None) -> frozenset[str]:
        """Every command ``seat`` may say (None: the shared keyboard): a seat's language has
        no word for the record file or the session (``save``, ``quit`` are the host's), and
        its game commands were given no file reader (:class:`referee.client.house.TerminalGame`)."""
        words = frozenset({"undo", "help", "rematch"})
        words |= frozenset(getattr(self.commands, "commands", ()))
        if getattr(self.commands, "legal", None) is not None:
            words |= {"moves"}
        return words | {"save", "quit"} if seat is None else words

    def command_of(self, word: str) -> str:
        """The command a typed word names (its aliases resolved: ``stop`` is ``end``)."""
        command = word.lower()
        return self.commands.aliases.get(command, COMMON_ALIASES.get(command, command))

    def submit(self, event: Event) -> None:
        """Apply ``event`` and record it; IllegalEvent (nothing changed) if the rules refuse,
        or if the record's limits would be passed (:class:`~referee.table.record.RecordLimits`)."""
        limits = self.record.kind.limits
        size = event_bytes(event)
        if size > limits.event_bytes:
            why = Refusal(Why.EVENT_TOO_LARGE, count=size, number=limits.event_bytes)
            raise OverLimit("", reason=why)
        if self._sized is None or self._sized[0] is not self.record:
            self._sized = (self.record, self.record.size())
        total = self._sized[1] + size
        if total > limits.record_bytes:
            raise OverLimit("", reason=Refusal(Why.RECORD_FULL, number=limits.record_bytes))
        try:
            self.game.apply(event)
        except IllegalEvent:
            self.game = self.record.rebuild()  # in case apply moved part way
            raise
        self.record = self.record.appended(event)
        self._sized = (self.record, total)

    def undo(self, actor: Actor | None = None) -> Outcomes:
        """Take back the last event; said by ``actor`` (a seat), only if its player made it."""
        if not self.record.events:
            return (Refused(reason=Refusal(Why.NOTHING_TO_UNDO)),)
        event = self.record.events[-1]
        if actor is not None:
            refused = self.commands.refuse_undo(self.game, event, actor)
            if refused:
                return refused
        barrier = undo_barrier(self.game)
        if barrier is not None and barrier.event >= len(self.record.events):
            liftable = Shown.UNDECLARED not in barrier.shown and lifts_barrier(self.game)
            return (UndoRefused(event, len(self.record.events), barrier.shown, liftable),)
        if self.confirm is not None and not self.confirm(UndoQuestion(event)):
            return (Declined(Asked.UNDO),)
        self.record = self.record.undone()
        self.game = self.record.rebuild()
        return (Undone(event),)
