"""What the players decide together, whatever the game: a rematch, taking back a move
when asked, ending the game.

At one keyboard the table agrees aloud, so the shared terminal (no actor) says each
of these once for everyone: ``rematch`` after a finished game starts the next one,
``undo please`` is the host's ``undo``. A seat (a phone) speaks alone, so there the
table's rule is that every player it concerns says it:

* ``rematch``, once the game is over: when every player has said it, the next game
  starts at the same table (the same setup with every seed drawn again, no events,
  the next ``match``: :func:`referee.table.record.rematch`); the finished game's
  record is the interface's to keep (:func:`referee.table.loop.run` hands it over);
* ``undo please``: a seat asks the other players (not the computer seats) to take
  back the last event; ``undo yes`` / ``undo no`` answer; when everyone asked has
  allowed it, the last event is taken back as the host's ``undo`` would (never past
  a reveal); one refusal ends the request;
* ``end``: the game ends when every player it names (the game's ``enders``) has said
  ``end``, with the first one's words.

Every wish is made at one record (records are immutable values): once the record
changes (a move, an undo, a rematch) every wish made before is gone, so a rematch
wished at a finished game does not outlive an undo of its end.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.table.errors import Refusal
from referee.table.record import Record, fresh_seed, rematch
from referee.table.refusals import Why
from referee.table.session import Outcome, Outcomes, Refused

if TYPE_CHECKING:
    from referee.table.session import Actor, Session

# The table's own words, beside every game's: ``rematch``, and ``undo`` asked of the table.
REMATCH = "rematch"
UNDO = "undo"
UNDO_ASKS = {"please": True, "yes": True, "no": False}  # the words after undo, and "allowing"


def nobody_ends(game: Any) -> tuple[str, ...]:
    """A game without an ``end`` the players agree to (its own ``end`` says why not)."""
    return ()


# ----------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class RematchWished(Outcome):
    """``player`` would play again; ``wishing``: everyone who has said so (in order),
    ``waiting``: who has not yet."""

    player: str
    wishing: tuple[str, ...]
    waiting: tuple[str, ...]


@dataclass(frozen=True)
class MatchBegins(Outcome):
    """Every player said ``rematch``: game ``match`` begins at this table; the game
    before it (``match - 1``) is kept beside the record, unchanged."""

    match: int


@dataclass(frozen=True)
class UndoAsked(Outcome):
    """``asker`` asks to take back the last event; ``waiting``: who is asked."""

    asker: str
    waiting: tuple[str, ...]


@dataclass(frozen=True)
class UndoAnswered(Outcome):
    """``player`` answered ``asker``'s request: ``allowed`` it (``waiting``: who still
    has to answer) or not (the request is over, nothing taken back)."""

    player: str
    asker: str
    allowed: bool
    waiting: tuple[str, ...] = ()


@dataclass(frozen=True)
class UndoGranted(Outcome):
    """Everyone asked allowed it: ``asker``'s last event is taken back (the session's
    ``Undone`` follows, for the one who said the last yes)."""

    asker: str


@dataclass(frozen=True)
class EndWished(Outcome):
    """``wishing`` would end the game here; it ends when ``waiting`` say ``end`` too."""

    wishing: tuple[str, ...]
    waiting: tuple[str, ...]


# ----------------------------------------------------------------- what is wished


@dataclass
class UndoRequest:
    """A seat's request to take back the last event, and who has allowed it."""

    asker: str
    asked: tuple[str, ...]  # the players who decide (not the asker, not computer seats)
    allowed: dict[str, None] = field(default_factory=dict)

    @property
    def waiting(self) -> tuple[str, ...]:
        return tuple(p for p in self.asked if p not in self.allowed)


@dataclass(frozen=True)
class Wishes:
    """What the table has asked for at its record now, for every screen: who would play
    again, who would end here, a request to take back the last event, and whether the
    last event may be asked back now."""

    rematch: tuple[str, ...] = ()
    ending: tuple[str, ...] = ()
    undo: UndoRequest | None = None
    undoable: bool = False

    def undo_json(self) -> dict | None:
        if self.undo is None:
            return None
        return {
            "asker": self.undo.asker,
            "allowed": list(self.undo.allowed),
            "waiting": list(self.undo.waiting),
        }


class Agreement:
    """The table's own commands over a session (see the module's words).

    ``enders(game)``: who must all say ``end`` before a game ends at the seats (none:
    the game's own ``end`` decides); ``computers``: the seats the referee plays, never
    asked to allow an undo (they agree to a rematch by saying it, as a player does).
    """

    def __init__(
        self,
        enders: Callable[[Any], tuple[str, ...]] = nobody_ends,
        computers: frozenset[str] = frozenset(),
        now: Callable[[], str] | None = None,
        seed: Callable[[], int] | None = None,
    ) -> None:
        self.enders = enders
        self.computers = computers
        self.now = now or _now
        self.seed = seed or fresh_seed
        self._at: Record | None = None  # the record the wishes below were made at
        self._rematch: dict[str, None] = {}
        self._ending: dict[str, str] = {}  # seat -> the words it said end with
        self._undo: UndoRequest | None = None

    # ------------------------------------------------------------ the wishes now

    def _current(self, session: Session) -> None:
        """Forget every wish made at another record than the session's."""
        if session.record is not self._at:
            self._at = session.record
            self._rematch.clear()
            self._ending.clear()
            self._undo = None

    def wishes(self, session: Session) -> Wishes:
        self._current(session)
        undoable = self._undo_refusal(session) is None
        return Wishes(tuple(self._rematch), tuple(self._ending), self._undo, undoable)

    def ending(self, session: Session) -> dict[str, str]:
        """Who said ``end`` (and their words), in order."""
        self._current(session)
        return dict(self._ending)

    def forget_ending(self) -> None:
        """The game refused the end everyone asked for (it says why): nobody is asked now."""
        self._ending.clear()

    # ------------------------------------------------------------ commands

    def answer(
        self, session: Session, command: str, rest: str, actor: Actor | None
    ) -> Outcomes | None:
        """The outcomes of one of the table's own commands; None when ``command`` is not
        one (or is the game's to carry out: an ``end`` everyone has said)."""
        self._current(session)
        if command == REMATCH:
            return self._rematch_answer(session, actor)
        if command == UNDO and rest.lower() in UNDO_ASKS:
            return self._undo_answer(session, rest.lower(), actor)
        if command == "end" and actor is not None:
            return self._end_answer(session, rest, actor)
        return None

    def _rematch_answer(self, session: Session, actor: Actor | None) -> Outcomes:
        if not session.game.finished:
            return (Refused(reason=Refusal(Why.REMATCH_NOT_OVER)),)
        players = tuple(session.game.players)
        if actor is not None:
            self._rematch.setdefault(actor.name, None)
            waiting = tuple(p for p in players if p not in self._rematch)
            if waiting:
                return (RematchWished(actor.name, tuple(self._rematch), waiting),)
        record = rematch(session.record, self.now(), self.seed())
        session.game = record.rebuild()
        session.record = record
        self._current(session)
        return (MatchBegins(record.match),)

    def _undo_refusal(self, session: Session) -> Refusal | None:
        """Why the last event cannot be asked back now (None: it can): what the host's
        ``undo`` would take back (at a table with computers, the people's last move with
        the computers' replies since) crosses no reveal."""
        from referee.table.session import undo_floor

        events = session.record.events
        first = session.people_undo() if session.record.computers else len(events)
        if not events or first == 0:
            return Refusal(Why.NOTHING_PLAYED)
        floor = undo_floor(session.record, session.game)
        if floor is not None and floor.event >= first:
            return Refusal(Why.UNDO_PAST_REVEAL)
        if self._undo is not None:
            return Refusal(Why.UNDO_ALREADY_ASKED, player=self._undo.asker)
        return None

    def _undo_answer(self, session: Session, word: str, actor: Actor | None) -> Outcomes:
        if actor is None:  # the whole table at one keyboard: the host's undo
            if word == "please":
                return session.undo(None)
            return (Refused(reason=Refusal(Why.NOBODY_ASKED_UNDO)),)
        seat = actor.name
        if word == "please":
            refusal = self._undo_refusal(session)
            if refusal is not None:
                return (Refused(reason=refusal),)
            players = tuple(session.game.players)
            asked = tuple(p for p in players if p != seat and p not in self.computers)
            self._undo = UndoRequest(seat, asked)
            if not asked:
                return self._take_back(session, self._undo)
            return (UndoAsked(seat, asked),)
        request = self._undo
        if request is None:
            return (Refused(reason=Refusal(Why.NOBODY_ASKED_UNDO)),)
        if seat not in request.asked:
            why = Refusal(Why.NOT_ASKED_UNDO, texts=request.asked, flag=seat == request.asker)
            return (Refused(reason=why),)
        if not UNDO_ASKS[word]:
            self._undo = None
            return (UndoAnswered(seat, request.asker, False),)
        request.allowed.setdefault(seat, None)
        if request.waiting:
            return (UndoAnswered(seat, request.asker, True, request.waiting),)
        return self._take_back(session, request)

    def _take_back(self, session: Session, request: UndoRequest) -> Outcomes:
        """Every player asked allowed it: the last event taken back as the host's undo takes
        it (the session refuses past a reveal too, and says so)."""
        self._undo = None
        outcomes = session.undo(None)
        if session.record is self._at:  # refused after all: its words
            return outcomes
        return (UndoGranted(request.asker), *outcomes)

    def _end_answer(self, session: Session, rest: str, actor: Actor) -> Outcomes | None:
        enders = self.enders(session.game)
        if not enders:
            return None  # the game's own end decides (and says why not)
        if actor.name not in enders:
            return (Refused(reason=Refusal(Why.PLAYERS_IN_END, texts=tuple(enders))),)
        self._ending.setdefault(actor.name, rest)
        waiting = tuple(p for p in enders if p not in self._ending)
        if waiting:
            return (EndWished(tuple(p for p in enders if p in self._ending), waiting),)
        first = next(iter(self._ending.values()))
        said = session.commands.handle(session, "end", first, actor)
        if session.record is self._at:  # the game would not end now: nobody is asked
            self._ending.clear()
        return said


def _now() -> str:
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")
