"""Every game's typed reasons in words: the one door from a :class:`~referee.table.errors.Reason`
to a sentence.

Each game words its own reasons in its own package (its ``words`` module, registered here)
and the table's own (a turn, an unknown command, undo) are worded here; this
module finds the right words, so a refusal at the prompt, on the web
table, and in a replay or a resumed record that stops at a refused event all
read the same.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.client.safe import escape_invisible, filled
from referee.language.english import and_list
from referee.table import refusals as table
from referee.table.errors import Hint, Reason, RecordError, Refusal
from referee.table.reveals import Shown


@dataclass(frozen=True)
class Words:
    """One game's words for its reasons and its hints.

    ``templates``: the reasons whose sentence is a line with the reason's facts
    filled in (a table; :func:`referee.client.safe.filled` fills it); ``refusal_words``: the
    rest, made from the facts by the game's code, only where the words need logic (a
    count, a choice, a list). ``hints``: each ``Tip`` as a line in which
    ``{word}``, if any, is the hint's word. ``shown``: what each kind of hidden thing of
    the game's own (an enum its events' ``REVEALS`` name) is called when an undo is refused
    for having shown it ("the dice under every cup"). ``ended``: how the game ended, for
    each member of its termination enum (a :class:`referee.table.views.Ending`'s), as its
    game over says it ("reached the winning score"). ``outcomes`` and ``events``: the line
    that says an outcome or an event of the game's own (its class → a template filled with
    its fields, ``{event.player}`` reading a field's own), where a line says it all; a
    renderer's method words the rest.
    """

    why: type[enum.Enum]
    tip: type[enum.Enum] | None
    templates: Mapping[enum.Enum, str]
    refusal_words: Callable | None = None
    hints: Mapping[enum.Enum, str] = field(default_factory=dict)
    shown: Mapping[Any, str] = field(default_factory=dict)  # enum members (invariant keys)
    ended: Mapping[Any, str] = field(default_factory=dict)
    outcomes: Mapping[type, str] = field(default_factory=dict)
    events: Mapping[type, str] = field(default_factory=dict)


TABLE_TEMPLATES = {
    table.Why.GAME_OVER: "the game is over",
    table.Why.NOT_AN_EVENT: "{word} is not an event of this game",
    table.Why.NOT_YOUR_TURN: "it is {player}'s turn, not {other}'s",
    table.Why.ONLY_NAMED: "only {player} may say that",
    table.Why.NO_SUCH_PLAYER: "no player is called {word!q}",
    table.Why.UNKNOWN_COMMAND: "unknown command {word!q}",
    table.Why.NOTHING_TO_UNDO: "nothing to undo",
    table.Why.NOT_UNDONE: "not undone",
    table.Why.TABLE_STAYS_OPEN: "the table stays open: whoever opened it closes it",
    table.Why.NO_HANDS: "in table mode the hands are in the players' hands",
    table.Why.EVENT_TOO_LARGE: "that move would take {count} bytes of the record; "
    "one move may take at most {number}",
    table.Why.RECORD_FULL: "the record is full (at most {number} bytes of moves): the game "
    "can be replayed and resumed as it is, but takes no more moves",
    table.Why.REMATCH_NOT_OVER: "a rematch is asked for once the game is over",
    table.Why.NOTHING_PLAYED: "nothing has been played yet",
    table.Why.UNDO_PAST_REVEAL: "the last move showed the table something hidden: it cannot "
    "be taken back",
    table.Why.UNDO_ALREADY_ASKED: "{player} has already asked to take back the last move",
    table.Why.NOBODY_ASKED_UNDO: "nobody has asked to take back a move",
    table.Why.COMPUTERS_TURN: "it is {player}'s turn, and {player} is the referee's computer "
    "player: it makes its own moves",
    table.Why.COMPUTERS_SEAT: "{player} is the referee's computer player: what {player} "
    "holds and may say is {player}'s alone",
    table.Why.NO_MOVE_OF_YOURS: "nothing to undo: every move so far is the computers'",
}

TABLE_HINTS = {
    table.Tip.UNDO_EVENT: "undo takes back the last event",
    table.Tip.HELP: "type help for the commands",
}


def names(players: tuple[str, ...]) -> str:
    """Players' names as a list in words, each shown as typed (controls made visible)."""
    return ", ".join(escape_invisible(p) for p in players)


def table_words(r: Refusal) -> str:
    """The table's own refusals, the same in every game (the ones TABLE_TEMPLATES does not
    word)."""
    match r.why:
        case table.Why.NOT_YOUR_UNDO:
            said = f" ({r.player})" if r.player else ""
            return f"only the player who made the last move may take it back{said}"
        case table.Why.NOT_ASKED_UNDO:
            if r.flag:
                return f"your own request to take back is the others' to answer: {names(r.texts)}"
            return f"only those asked answer a request to take back: {names(r.texts)}"
        case table.Why.PLAYERS_IN_END:
            return f"the players still in decide the end: {names(r.texts)}"
        case table.Why.WHICH_HUMAN:
            if not r.texts:  # every seat is a computer's: nobody at the keyboard to ask for
                return f"every player is a computer player: {escape_invisible(r.word)} names none"
            return (
                f"say whose: {escape_invisible(r.word)} NAME, where NAME is "
                f"{escape_invisible(and_list(r.texts, 'or'))} "
                "(the others are the referee's computer players)"
            )
    raise AssertionError(r.why)  # pragma: no cover - every Why is worded here or in TABLE_TEMPLATES


# What an event showed (referee.table.reveals), for a refused undo: the kinds the table
# names for every game; a game's own kinds are named by its words (``Words.shown``).
TABLE_SHOWN = {
    Shown.JUDGEMENT: "the referee's judgement",
    Shown.DRAWN_CARD: "cards drawn from the pile",
    Shown.PLAYED_CARD: "cards played from a hand the others do not see",
    Shown.GAME_OVER: "the end of the game",
}

BY_WHY: dict[type[enum.Enum], Words] = {}
BY_TIP: dict[type[enum.Enum], Words] = {}
# An enum member is found by its enum and its name, never by its value: two games' members
# may have the same (a StrEnum member equals its text).
Member = tuple[type, str]
BY_SHOWN: dict[Member, str] = {}
BY_ENDED: dict[Member, str] = {}
BY_OUTCOME: dict[type, str] = {}  # an outcome class: the line that says it
BY_EVENT: dict[type, str] = {}  # an event class: the line that says it (undo, replay)


def member(value: enum.Enum) -> Member:
    """How a registry keys an enum member: its enum and its name."""
    return type(value), value.name


def register(words: Words) -> Words:
    """Word a game's reasons and hints from now on, in every interface (the terminal, the web
    table, replay): each game's ``words`` module registers its :class:`Words` when it is
    imported (its registration imports it), the table's own are registered below."""
    BY_WHY[words.why] = words
    if words.tip is not None:
        BY_TIP[words.tip] = words
    named: list[tuple[dict, object, str]] = [
        *((BY_SHOWN, member(k), said) for k, said in words.shown.items()),
        *((BY_ENDED, member(k), said) for k, said in words.ended.items()),
        *((BY_OUTCOME, k, said) for k, said in words.outcomes.items()),
        *((BY_EVENT, k, said) for k, said in words.events.items()),
    ]
    for by, key, said in named:  # each is named once, by its owner
        if by.setdefault(key, said) != said:
            raise ValueError(f"{key!r} is already named {by[key]!r}")
    return words


def _words(kind: type[enum.Enum], by: Mapping[type[enum.Enum], Words]) -> Words:
    """The words registered for ``kind``; a reason no game registered words for is a
    developer's mistake, said plainly (never the reason's fields on a screen)."""
    words = by.get(kind)
    if words is None:
        raise LookupError(f"no words are registered for {kind.__module__}.{kind.__qualname__}")
    return words


register(Words(table.Why, table.Tip, TABLE_TEMPLATES, table_words, TABLE_HINTS, TABLE_SHOWN))


def ended_words(termination: enum.Enum) -> str | None:
    """How a game ended, in its game's words ("reached the winning score"); None when its
    words do not say (the end is then said by who won alone)."""
    return BY_ENDED.get(member(termination))


def shown_words(shown: tuple[enum.Enum, ...]) -> str:
    """What an event showed, as the sentence's end: "showed the table X and Y", in the
    words its game gave each kind; a kind no game named (or one left undeclared) gets
    words that claim nothing: the event may have shown something hidden."""
    named = [BY_SHOWN.get(member(kind)) for kind in shown]
    if not shown or None in named:
        undeclared = Shown.UNDECLARED in shown
        why = " (this game does not say what its moves show, so none is undone)"
        return "may have shown the table something hidden" + (why if undeclared else "")
    return "showed the table " + and_list([n for n in named if n is not None])


def hint_words(hint: Hint) -> str:
    """``hint`` (what to type instead) as the players read it."""
    return filled(_words(type(hint.tip), BY_TIP).hints[hint.tip], hint)


def reason_words(reason: Reason) -> str:
    """``reason`` as the players read it: its game's template filled with its facts, or the
    words the game's code makes of them."""
    words = _words(type(reason.why), BY_WHY)
    if reason.why in words.templates or words.refusal_words is None:
        return filled(words.templates[reason.why], reason)
    return words.refusal_words(reason)


def refusal_text(message: str, reason: Reason | None) -> str:
    """The words of a refusal that carries ``reason`` (typed) or only ``message``."""
    return reason_words(reason) if reason is not None else message


def record_error_words(exc: RecordError) -> str:
    """``event 3, field target: why``: a record that cannot be read or rebuilt."""
    return exc.with_place(refusal_text(exc.message, exc.reason))
