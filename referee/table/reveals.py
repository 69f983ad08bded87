"""What an event showed the table that nobody could otherwise know: undo never crosses it.

Taking back a judgement, a drawn card, a Self card or a declaration after the
table saw it would let a player play again knowing what they must not know
(declare the Self card just shown, keep a card a verdict went against).

What shows something is declared, never worked out by a hook a game could
forget. Each event class declares what it *may* show (``REVEALS``: kinds of
hidden thing, members of :class:`Shown` or of an enum of the game's own), and
a game's state declares what it hides (``hidden``: each kind it keeps from the
table now, with a measure of it: a value that changes when some of it is
shown, such as the size of the pile; ``None``: no measure, every event that
may show it does). An event then showed each kind its class declares that
the game hides and whose measure it changed (:func:`shown`); the shared
``apply`` (:class:`referee.table.events.Judged`) keeps the last such event in
the state (:class:`Reveal`, so a rebuilt game knows it too), and
:meth:`referee.table.session.Session.undo` refuses to take that event back, or
anything before it (:func:`undo_barrier`, the one question it asks).

It fails closed: an event class whose ``REVEALS`` is missing or cannot be read
showed something :data:`Shown.UNDECLARED`; a game that declares nothing it
hides hides everything its events declare; one whose ``hidden`` cannot be read
(not a mapping of kinds to hashable measures) too, and ``UNDECLARED`` besides.

A table of friends may allow more: the house rule ``undo_past_reveals``, in
a game's house rules, lifts the barrier (the default keeps it). Which events
reveal, game by game, is listed in ``docs/rulings.md``.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any


class Shown(enum.StrEnum):
    """The kinds of hidden thing several games share (a game's own are its own enum's)."""

    JUDGEMENT = "judgement"  # the referee's verdict: a card's colour, a claim, a round's ruling
    DRAWN_CARD = "drawn_card"  # cards from the face-down pile into a hand (a draw, a deal)
    # cards from a hand the others do not see, played face up: declared by the events that
    # play them but hidden by no game (its player chose to show them), so never a barrier
    # of its own; the people at a keyboard never take back a computer's (Session.undo:
    # the cards would be back in its hand, known)
    PLAYED_CARD = "played_card"
    GAME_OVER = "game_over"  # the end of the game, and what it shows
    UNDECLARED = "undeclared"  # what an event shows is not declared (or not readable): kept


@dataclass(frozen=True)
class Reveal:
    """Event ``event`` (from 1) showed ``shown`` (kinds of hidden thing, each an enum member)."""

    event: int
    shown: tuple[enum.Enum, ...]


def hidden(game: object) -> dict[enum.Enum, Hashable] | None:
    """What ``game`` declares it hides now (its ``hidden``), read before and after an event:
    kinds with their measures; None when it declares nothing. A declaration that is not a
    mapping of enum members to hashable measures (a list as a measure would change in place
    and never differ) is read as hiding something undeclared, unmeasured."""
    kept = getattr(game, "hidden", None)
    if kept is None:
        return None
    if isinstance(kept, Mapping) and all(isinstance(k, enum.Enum) for k in kept):
        try:
            hash(tuple(kept.values()))
        except TypeError:
            return {Shown.UNDECLARED: None}
        return dict(kept)
    return {Shown.UNDECLARED: None}


def declared(event_class: type) -> frozenset[enum.Enum] | None:
    """What events of ``event_class`` may show (its ``REVEALS``); None when it declares
    nothing readable (missing, not a frozenset of enum members, or the fallback itself)."""
    reveals = getattr(event_class, "REVEALS", None)
    if not isinstance(reveals, frozenset) or not all(isinstance(k, enum.Enum) for k in reveals):
        return None
    if any(_key(k) == _key(Shown.UNDECLARED) for k in reveals):
        return None
    return reveals


def shown(
    event_class: type,
    before: Mapping[enum.Enum, Hashable] | None,
    after: Mapping[enum.Enum, Hashable] | None,
) -> tuple[enum.Enum, ...]:
    """What an event of ``event_class`` showed, given what the game hid before and after it
    (:func:`hidden`): each kind its class declares that the game hid, unmeasured or whose
    measure changed, in the order the game declares them; failing closed as the module says."""
    kinds = declared(event_class)
    if kinds is None:
        return (Shown.UNDECLARED,)
    if before is None:  # the game says nothing of what it hides: all it may show, it showed
        return _ordered(kinds)
    # each kind by its enum and name: two enums' StrEnum members of one text are two kinds
    was, now = _keyed(before), _keyed({} if after is None else after)
    if kinds and (_key(Shown.UNDECLARED) in was or _key(Shown.UNDECLARED) in now):
        return (*_ordered(kinds), Shown.UNDECLARED)  # what it hides cannot be read
    may = {_key(kind) for kind in kinds}
    showed = []
    for key in dict.fromkeys((*was, *now)):
        kind, measure = was[key] if key in was else now[key]
        changed = key not in was or measure is None or now.get(key, (kind, _GONE))[1] != measure
        if key in may and changed:
            showed.append(kind)
    return tuple(showed)


_GONE = object()  # the measure of a kind the game no longer hides: changed


def _key(kind: enum.Enum) -> tuple[type, str]:
    return type(kind), kind.name


def _keyed(kept: Mapping[enum.Enum, Hashable]) -> dict[tuple[type, str], tuple[enum.Enum, Any]]:
    """Each kind the game hides by its key, with itself and its measure."""
    return {_key(kind): (kind, measure) for kind, measure in kept.items()}


def _ordered(kinds: frozenset[enum.Enum]) -> tuple[enum.Enum, ...]:
    """Kinds in a fixed order (a frozenset has none): by enum, then as the enum lists them."""
    return tuple(sorted(kinds, key=lambda k: (type(k).__qualname__, _index(k))))


def _index(kind: enum.Enum) -> int:
    members: list[enum.Enum] = list(type(kind).__members__.values())
    return members.index(kind)


def lifts_barrier(game: object) -> bool:
    """Whether ``game``'s house rules have ``undo_past_reveals`` at all (on or off): a
    table refused an undo may be told of it only then."""
    return isinstance(getattr(getattr(game, "rules", None), "undo_past_reveals", None), bool)


def undo_barrier(game: object) -> Reveal | None:
    """The last event of ``game`` that undo may not take back, or None.

    None for a game whose ``last_reveal`` is None (nothing shown yet, or a game that
    hides nothing) and for one whose house rules say ``undo_past_reveals``. A game that
    keeps no ``last_reveal`` at all (a state not applied by the shared ``apply``) fails
    closed: no event of it is taken back.
    """
    if not hasattr(game, "last_reveal"):  # undeclared: every event may have shown something
        return Reveal(sys.maxsize, (Shown.UNDECLARED,))
    reveal = game.last_reveal
    if not isinstance(reveal, Reveal):
        return None
    if getattr(getattr(game, "rules", None), "undo_past_reveals", False) is True:
        return None
    return reveal
