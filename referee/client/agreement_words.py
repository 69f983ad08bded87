"""What the players decide together (:mod:`referee.table.agreement`), in words: the same
sentence at the terminal, on every phone and in the table's log."""

from __future__ import annotations

from functools import singledispatch

from referee.client.reasons import names
from referee.client.safe import visible
from referee.table.agreement import (
    EndWished,
    MatchBegins,
    RematchWished,
    UndoAnswered,
    UndoAsked,
    UndoGranted,
)
from referee.table.session import Outcome


def _verb(waiting: tuple[str, ...]) -> str:
    return "says" if len(waiting) == 1 else "say"


@singledispatch
def agreement_words(outcome: Outcome) -> str:
    raise LookupError(f"no words for {type(outcome).__name__}")


@agreement_words.register
def _(o: RematchWished) -> str:
    return (
        f"{names(o.wishing)} would play again; the next game starts when "
        f"{names(o.waiting)} {_verb(o.waiting)} rematch too"
    )


@agreement_words.register
def _(o: MatchBegins) -> str:
    return (
        f"Game {o.match} begins with the same players and settings (a new deal); "
        f"game {o.match - 1}'s record is kept beside this one"
    )


@agreement_words.register
def _(o: UndoAsked) -> str:
    return f"{visible(o.asker)} asks to take back the last move: {names(o.waiting)} to answer"


@agreement_words.register
def _(o: UndoAnswered) -> str:
    player, asker = visible(o.player), visible(o.asker)
    if not o.allowed:
        return f"{player} did not allow {asker} to take back the last move"
    return f"{player} allows {asker} to take back the last move; {names(o.waiting)} to answer"


@agreement_words.register
def _(o: UndoGranted) -> str:
    return f"the table allowed {visible(o.asker)} to take back the last move"


@agreement_words.register
def _(o: EndWished) -> str:
    return (
        f"{names(o.wishing)} would end the game here; it ends when {names(o.waiting)} "
        f"{_verb(o.waiting)} end too"
    )
