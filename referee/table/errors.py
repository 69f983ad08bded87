"""The two ways an event can be wrong, kept apart as python-chess keeps them.

An *invalid* event has the wrong shape (a record edited by hand, a field
missing): :class:`RecordError`, raised where data is read. An *illegal*
event is well formed but the rules refuse it (not your turn, a card you do
not hold): :class:`IllegalEvent`, raised by a game's ``apply``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields


class Hides(enum.Enum):
    """What a game keeps from the table, as it declares (``hides`` on its state): what a
    refusal whose reason is hidden says instead, so a game without a deal is not told
    "the deal says otherwise"."""

    DEAL = "deal"  # cards dealt face down (Palmer's, Ergo's, Cogito's hands and Self cards)
    SECRET = "secret"  # anything else a game hides (a codemaker's code); the default


# Said instead of a refusal's reason where the reason would show what the game hides.
HIDDEN_REASONS = {
    Hides.DEAL: "the deal says otherwise (why is not shown: it would tell what the deal hides)",
    Hides.SECRET: "the rules say otherwise (why is not shown: it would tell what the game hides)",
}
HIDDEN_REASON = HIDDEN_REASONS[Hides.DEAL]


def hides_of(game: object) -> Hides:
    """What ``game`` declares it hides (its state's ``hides``); undeclared, the words that
    name nothing in particular."""
    hides = getattr(game, "hides", None)
    return hides if isinstance(hides, Hides) else Hides.SECRET


@dataclass(frozen=True)
class Reason:
    """Why the rules refuse an event or a command, as data, never as a sentence.

    ``why`` is a member of a game's own ``Why`` enum (or the table's): which
    rule. The facts its sentence needs come with it (:class:`Refusal`, or a
    subclass where they are a game's own types); the interface words it, in
    one place per game, found by the enum (:mod:`referee.client.reasons`).
    ``str`` gives only a code, for a log.
    """

    why: enum.Enum

    def __str__(self) -> str:
        shown = [f"{f.name}={getattr(self, f.name)}" for f in fields(self)]
        return f"{type(self).__name__}({', '.join(shown)})"

    @classmethod
    def illegal(
        cls, field: str, why: enum.Enum, hidden: bool = False, **facts: object
    ) -> IllegalEvent:
        """The rules refuse an event for the reason ``why`` (the subclass's first field), with
        the facts its sentence names: ``field`` names the event's field at fault."""
        return IllegalEvent(field, hidden=hidden, reason=cls(why, **facts))


@dataclass(frozen=True)
class Hint:
    """What to type instead, as data like a :class:`Reason`, never as a sentence.

    ``tip`` names the hint (a member of a game's ``Tip`` enum, or the table's:
    mostly a command's usage line); ``word`` is what its sentence quotes (a
    square, a card, a player). The interface words it, through the same door
    as the reasons (:func:`referee.client.reasons.hint_words`).
    """

    tip: enum.Enum
    word: str = ""


@dataclass(frozen=True)
class Refusal(Reason):
    """A refusal: ``why`` and the plain facts its sentence names, one class for every game.

    Each ``Why`` member's comment says which facts it fills: ``player`` (whose
    turn, whose hand), ``other`` (who tried, or the second of two things
    compared), ``word`` (what was typed or recorded, quoted when said),
    ``card`` (a card's label), ``count`` and ``number`` (how many, which one),
    ``flag``, ``texts`` (labels, symbols, variables) and ``numbers``/``others``
    (statement numbers). A game whose sentences need facts of its own types (a
    Phase, a card's faces) subclasses it with those fields, typed.
    """

    player: str = ""
    other: str = ""
    word: str = ""
    card: str = ""
    count: int = 0
    number: int = 0
    flag: bool = False
    texts: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    others: tuple[int, ...] = ()


class IllegalEvent(ValueError):
    """The rules refuse this event; ``field`` names the event field at fault.

    ``reason``: why, as data (:class:`Reason`; the interface words it);
    ``message``: a reason already in words, where a game has not typed it yet.
    ``hidden``: the reason tells something the deal hides (a card not in a
    hand, a judgement that depends on a Self card). The player who typed the
    move may hear it; a replay or a resumed record, read by anyone, says only
    :attr:`public`.
    """

    def __init__(
        self, field: str, message: str = "", hidden: bool = False, *, reason: Reason | None = None
    ) -> None:
        message = message or (str(reason) if reason is not None else "")
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
        self.hidden = hidden
        self.reason = reason

    @property
    def public_reason(self) -> Reason | None:
        """The typed reason as anyone may read it: none where it is hidden."""
        return None if self.hidden else self.reason

    @property
    def public(self) -> str:
        """The reason as anyone may read it (a hidden one in words that name no deal)."""
        return self.public_in(None)

    def public_in(self, game: object) -> str:
        """The reason as anyone may read it, a hidden one said as ``game`` hides things."""
        return HIDDEN_REASONS[hides_of(game)] if self.hidden else self.message


class OverLimit(IllegalEvent):
    """The event would pass what a record may hold (:class:`referee.table.record.RecordLimits`):
    the table's refusal, whatever the game; every command language answers it alike."""


class Misjudged(IllegalEvent):
    """A recorded judgement today's referee makes otherwise (``recorded`` and ``today``).

    Not a move against the rules but a disagreement: a replay reports it as one
    (exit 2), though nothing after it can be rebuilt.
    """

    def __init__(
        self,
        field: str,
        message: str,
        recorded: object,
        today: object,
        hidden: bool = False,
        *,
        reason: Reason | None = None,
    ) -> None:
        # hidden: ``today`` tells what the deal hides
        super().__init__(field, message, hidden, reason=reason)
        self.recorded = recorded
        self.today = today


class SetupError(ValueError):
    """A setup the rules cannot start a game with (a name twice): names the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class RecordError(ValueError):
    """A record that cannot be read or rebuilt: names the event (from 1) and the field.

    ``reason``: where an event today's rules refuse stopped the rebuild, why (typed)."""

    def __init__(
        self,
        message: str,
        event: int | None = None,
        field: str = "",
        *,
        reason: Reason | None = None,
    ) -> None:
        self.message = message
        self.event = event
        self.field = field
        self.reason = reason  # an illegal event's typed reason: the interface words it
        super().__init__(self.with_place(message))

    def with_place(self, words: str) -> str:
        """``words`` placed: ``event 3, field target: words``."""
        return f"{self.where}: {words}" if self.where else words

    @property
    def where(self) -> str:
        """``event 3, field target``: where in the record (empty if nowhere in particular)."""
        parts = [f"event {self.event}"] if self.event is not None else []
        return ", ".join(parts + ([f"field {self.field}"] if self.field else []))
