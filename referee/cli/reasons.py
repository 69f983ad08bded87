"""Every game's typed reasons in words: the one door from a :class:`~referee.table.errors.Reason`
to a sentence.

Each game words its own reasons in its own module (``referee.cli.<game>_words``);
this module only finds the right one, so a refusal at the prompt, on the web
table, and in a replay or a resumed record that stops at a refused event all
read the same.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.cli import cogito_words, ergo_words, invicta_words
from referee.cogito.refusals import Refusal as CogitoRefusal
from referee.ergo.refusals import Refusal as ErgoRefusal
from referee.invicta.state import Refusal as InvictaRefusal
from referee.table.errors import Reason, RecordError

WORDS: dict[type, Callable] = {
    InvictaRefusal: invicta_words.refusal_words,
    CogitoRefusal: cogito_words.refusal_words,
    ErgoRefusal: ergo_words.refusal_words,
}


def reason_words(reason: Reason) -> str:
    """``reason`` as the players read it."""
    return WORDS[type(reason)](reason)


def said(message: str, reason: Reason | None) -> str:
    """The words of a refusal that carries ``reason`` (typed) or only ``message``."""
    return reason_words(reason) if reason is not None else message


def record_error_words(exc: RecordError) -> str:
    """``event 3, field target: why``: a record that cannot be read or rebuilt."""
    return exc.said(said(exc.message, exc.reason))
