"""Every game's typed reasons in words: the one door from a :class:`~referee.table.errors.Reason`
to a sentence.

Each game words its own reasons in its own module (``referee.cli.<game>_words``)
and the table's own (a turn, an unknown command, undo) are worded here; this
module finds the right words, so a refusal at the prompt, on the web
table, and in a replay or a resumed record that stops at a refused event all
read the same.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from referee.cli import cogito_words, ergo_words, invicta_words, palmer_words
from referee.cli.safe import visible
from referee.cogito import refusals as cogito
from referee.ergo import refusals as ergo
from referee.invicta import refusals as invicta
from referee.language.characters import quoted
from referee.palmer import refusals as palmer
from referee.table import refusals as table
from referee.table.errors import Hint, Reason, RecordError, Refusal


@dataclass(frozen=True)
class Words:
    """One game's words for its reasons and its hints.

    ``fixed``: the reasons said the same whatever their facts (a table);
    ``said``: the rest, made from the facts the reason carries (the game's
    code: only where the words need logic). ``hints``: each ``Tip`` as a
    line in which ``{word}``, if any, is the hint's word (what a player typed:
    filled in escaped).
    """

    why: type[enum.Enum]
    tip: type[enum.Enum]
    fixed: Mapping[enum.Enum, str]
    said: Callable
    hints: Mapping[enum.Enum, str]


TABLE_FIXED = {
    table.Why.GAME_OVER: "the game is over",
    table.Why.NOTHING_TO_UNDO: "nothing to undo",
    table.Why.NOT_UNDONE: "not undone",
    table.Why.TABLE_STAYS_OPEN: "the table stays open: whoever opened it closes it",
}

TABLE_HINTS = {
    table.Tip.UNDO_EVENT: "undo takes back the last event",
    table.Tip.HELP: "type help for the commands",
}


def table_words(r: Refusal) -> str:
    """The table's own refusals, the same in every game."""
    match r.why:
        case table.Why.NOT_AN_EVENT:
            return f"{r.word} is not an event of this game"
        case table.Why.NOT_YOUR_TURN:
            return f"it is {r.player}'s turn, not {r.other}'s"
        case table.Why.ONLY_NAMED:
            return f"only {r.player} may say that"
        case table.Why.NO_SUCH_PLAYER:
            return f"no player is called {quoted(r.word)}"
        case table.Why.UNKNOWN_COMMAND:
            return f"unknown command {quoted(r.word)}"
        case table.Why.NOT_YOUR_UNDO:
            said = f" ({r.player})" if r.player else ""
            return f"only the player who made the last move may take it back{said}"
    raise AssertionError(r.why)  # pragma: no cover - every Why is worded here or in TABLE_FIXED


GAMES = (
    Words(table.Why, table.Tip, TABLE_FIXED, table_words, TABLE_HINTS),
    Words(invicta.Why, invicta.Tip, {}, invicta_words.refusal_words, invicta_words.HINTS),
    Words(
        cogito.Why, cogito.Tip, cogito_words.FIXED, cogito_words.refusal_words, cogito_words.HINTS
    ),
    Words(ergo.Why, ergo.Tip, ergo_words.FIXED, ergo_words.refusal_words, ergo_words.HINTS),
    Words(
        palmer.Why, palmer.Tip, palmer_words.FIXED, palmer_words.refusal_words, palmer_words.HINTS
    ),
)
BY_WHY = {w.why: w for w in GAMES}
BY_TIP = {w.tip: w for w in GAMES}


def hint_words(hint: Hint) -> str:
    """``hint`` (what to type instead) as the players read it."""
    return BY_TIP[type(hint.tip)].hints[hint.tip].format(word=visible(hint.word))


def reason_words(reason: Reason) -> str:
    """``reason`` as the players read it: its game's fixed words, or the words made from
    its facts."""
    words = BY_WHY[type(reason.why)]
    return words.fixed.get(reason.why) or words.said(reason)


def said(message: str, reason: Reason | None) -> str:
    """The words of a refusal that carries ``reason`` (typed) or only ``message``."""
    return reason_words(reason) if reason is not None else message


def record_error_words(exc: RecordError) -> str:
    """``event 3, field target: why``: a record that cannot be read or rebuilt."""
    return exc.said(said(exc.message, exc.reason))
