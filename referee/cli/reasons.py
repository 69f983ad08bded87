"""Every game's typed reasons in words: the one door from a :class:`~referee.table.errors.Reason`
to a sentence.

Each game words its own reasons in its own module (``referee.cli.<game>_words``)
and the table's own (a turn, an unknown command, undo) are worded here; this
module finds the right words, so a refusal at the prompt, on the web
table, and in a replay or a resumed record that stops at a refused event all
read the same.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.cli import cogito_words, ergo_words, invicta_words, palmer_words
from referee.cogito.refusals import Refusal as CogitoRefusal
from referee.cogito.refusals import Tip as CogitoTip
from referee.ergo.refusals import Refusal as ErgoRefusal
from referee.ergo.refusals import Tip as ErgoTip
from referee.invicta.state import Refusal as InvictaRefusal
from referee.invicta.state import Tip as InvictaTip
from referee.language.characters import quoted
from referee.palmer.refusals import Refusal as PalmerRefusal
from referee.palmer.refusals import Tip as PalmerTip
from referee.table import refusals as table
from referee.table.errors import Hint, Reason, RecordError


def table_words(r: table.Refusal) -> str:
    """The table's own refusals, the same in every game."""
    match r.why:
        case table.Why.GAME_OVER:
            return "the game is over"
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
        case table.Why.NOTHING_TO_UNDO:
            return "nothing to undo"
        case table.Why.NOT_UNDONE:
            return "not undone"
        case table.Why.TABLE_STAYS_OPEN:
            return "the table stays open: whoever opened it closes it"
        case table.Why.NOT_YOUR_UNDO:
            said = f" ({r.player})" if r.player else ""
            return f"only the player who made the last move may take it back{said}"
    raise AssertionError(r.why)  # pragma: no cover - every Why is worded above


def table_hint_words(h: Hint) -> str:
    """The table's own hints, the same in every game."""
    match h.tip:
        case table.Tip.UNDO_EVENT:
            return "undo takes back the last event"
        case table.Tip.HELP:
            return "type help for the commands"
    raise AssertionError(h.tip)  # pragma: no cover - every Tip is worded above


WORDS: dict[type, Callable] = {
    table.Refusal: table_words,
    InvictaRefusal: invicta_words.refusal_words,
    CogitoRefusal: cogito_words.refusal_words,
    ErgoRefusal: ergo_words.refusal_words,
    PalmerRefusal: palmer_words.refusal_words,
}


HINTS: dict[type, Callable] = {
    table.Tip: table_hint_words,
    InvictaTip: invicta_words.hint_words,
    PalmerTip: palmer_words.hint_words,
    CogitoTip: cogito_words.hint_words,
    ErgoTip: ergo_words.hint_words,
}


def hint_words(hint: Hint) -> str:
    """``hint`` (what to type instead) as the players read it."""
    return HINTS[type(hint.tip)](hint)


def reason_words(reason: Reason) -> str:
    """``reason`` as the players read it."""
    return WORDS[type(reason)](reason)


def said(message: str, reason: Reason | None) -> str:
    """The words of a refusal that carries ``reason`` (typed) or only ``message``."""
    return reason_words(reason) if reason is not None else message


def record_error_words(exc: RecordError) -> str:
    """``event 3, field target: why``: a record that cannot be read or rebuilt."""
    return exc.said(said(exc.message, exc.reason))
