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
from referee.table.reveals import Reveal, Shown, declared, lifts_barrier, undo_barrier

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
    barrier (a game without it, or an event that declared nothing, is not sent there);
    ``draws``: its narrower house rule ``undo_draws`` would (only cards drawn were shown)."""

    event: Event
    number: int
    shown: tuple[enum.Enum, ...]  # kinds of hidden thing: the table's Shown or the game's own
    house_rule: bool = False
    draws: bool = False


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
    """Asked of the person at the keyboard before an event is taken back (``replies``: the
    computers' moves after it, taken back with it)."""

    event: Event
    replies: tuple[Event, ...] = ()


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

    def author(self, game: GameState, event: Event) -> str | None:
        """The player who made ``event`` (None: the table or the rules made it)."""


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
        agreed = self.agreement.answer(self, command, rest, actor)
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
        """Take back the last event; said by ``actor`` (a seat), only if its player made it.

        At a keyboard shared with computer seats (the record's ``computers``), the
        people's last move is taken back together with the computers' replies since, so
        the person plays again rather than the computer at once (:meth:`people_undo`)."""
        events = self.record.events
        if not events:
            return (Refused(reason=Refusal(Why.NOTHING_TO_UNDO)),)
        first = len(events)  # the first event (from 1) to take back
        if actor is not None:
            refused = self.commands.refuse_undo(self.game, events[-1], actor)
            if refused:
                return refused
        elif self.record.computers:
            first = self.people_undo()
            if first == 0:
                return (Refused(reason=Refusal(Why.NO_MOVE_OF_YOURS)),)
        floor = undo_floor(self.record, self.game)
        if floor is not None and floor.event >= first:
            shown = floor.shown
            liftable = Shown.UNDECLARED not in shown and lifts_barrier(self.game)
            drawn = undo_floor(self.record, self.game, draws=True)
            draws = has_rule(self.game, "undo_draws") and (drawn is None or drawn.event < first)
            event = events[floor.event - 1]
            return (UndoRefused(event, floor.event, shown, liftable, draws),)
        if actor is None and self.record.computers:
            refused = self.computers_cards(first)
            if refused:
                return refused
        taken = events[first - 1 :]
        question = UndoQuestion(taken[0], taken[1:])
        if self.confirm is not None and not self.confirm(question):
            return (Declined(Asked.UNDO),)
        record = self.record
        for _ in taken:
            record = record.undone()
        self.record = record
        self.game = record.rebuild()
        return tuple(Undone(e) for e in reversed(taken))

    def people_undo(self) -> int:
        """The first event (from 1) the keyboard's ``undo`` takes back at a table with
        computer seats: the last event no computer made (a person's move, or the table's
        own), with every computer's move after it; 0 when every event is a computer's."""
        computers = self.record.computer_seats
        first = len(self.record.events)
        while first >= 1:
            event = self.record.events[first - 1]
            if self.commands.author(self.game, event) not in computers:
                return first
            first -= 1
        return 0

    def computers_cards(self, first: int) -> Outcomes:
        """Refused when the keyboard's undo from event ``first`` would take back a
        computer's move that played cards from a hand the people do not see (its event's
        declaration, ``Shown.PLAYED_CARD``; undeclared: perhaps): they would be in its hand
        again, and the people would know them. A barrier even where nothing was drawn (a
        spent pile); house rule ``undo_draws`` accepts it, as it accepts the cards drawn
        (docs/rulings.md, computer seats at the terminal, ruling 3)."""
        game = self.game
        rules = getattr(game, "rules", None)
        if not getattr(game, "dealt", True):  # the printed deck: no hand is hidden
            return ()
        if any(getattr(rules, rule, False) is True for rule in ("undo_draws", "undo_past_reveals")):
            return ()
        computers = self.record.computer_seats
        for number in range(first, len(self.record.events) + 1):
            event = self.record.events[number - 1]
            if self.commands.author(game, event) not in computers:
                continue
            kinds = declared(type(event))  # None: not readable, so perhaps
            if kinds is None or Shown.PLAYED_CARD in kinds:
                shown = Shown.UNDECLARED if kinds is None else Shown.PLAYED_CARD
                draws = kinds is not None and has_rule(game, "undo_draws")
                return (UndoRefused(event, number, (shown,), lifts_barrier(game), draws),)
        return ()


def has_rule(game: GameState, rule: str) -> bool:
    """Whether ``game``'s house rules have the switch ``rule`` at all (on or off)."""
    return isinstance(getattr(getattr(game, "rules", None), rule, None), bool)


def undo_floor(record: Record, game: GameState, draws: bool | None = None) -> Reveal | None:
    """The last event of ``record`` (whose game is ``game``) that undo may not take back:
    the game's barrier (:func:`referee.table.reveals.undo_barrier`), unless its house rule
    ``undo_draws`` (``draws``: as if it were on) lets undo cross events that showed only
    cards drawn (the one who drew keeps knowing them): then the last event that showed
    anything else. Found from the barrier of the game after each event, so it follows
    whatever each game declares."""
    barrier = undo_barrier(game)
    if draws is None:
        draws = getattr(getattr(game, "rules", None), "undo_draws", False) is True
    if barrier is None or not draws or set(barrier.shown) - {Shown.DRAWN_CARD}:
        return barrier
    floor, step = None, record.new_game()
    for number, event in enumerate(record.events, start=1):
        step.apply(event)
        shown = undo_barrier(step)
        if shown is not None and shown.event == number and set(shown.shown) - {Shown.DRAWN_CARD}:
            floor = shown
    return floor
