"""The last round's ruling as data, for the picture of the Proof with each variable's fate.

Made from the round's recorded Score (``Game.scored``), whose ruling the truth
tables decided and whose derivations the checker accepted when the round was
scored (:mod:`referee.ergo.ruling`): each variable proven, disproven, neither or
(a paradox) both, the premises that decide it, its derivation's lines, or the two
rows of A-D that leave it open. A round's ruling holds nothing secret (the Proof
and its points are the table's): every seat gets the same.
"""

from __future__ import annotations

import enum
import threading
from dataclasses import dataclass, replace

from referee.ergo.cards import read_faces
from referee.ergo.events import Award, RoundEnd, Score
from referee.ergo.reading import full_text, read_premise
from referee.ergo.ruling import VOCABULARY, Derivation, Standing
from referee.ergo.state import Game
from referee.logic.truthtable import Assignment
from referee.table.rulings import Kind, Line, Ruling, Stood, derivation_lines


class Fate(enum.StrEnum):
    """A variable's fate in the round, as the issue names it."""

    PROVEN = "proven"
    DISPROVEN = "disproven"
    NEITHER = "neither"
    BOTH = "both"  # a paradox: proven and disproven, and nobody scores


FATES = {
    Standing.PROVEN: Fate.PROVEN,
    Standing.DISPROVEN: Fate.DISPROVEN,
    Standing.UNDECIDED: Fate.NEITHER,
    Standing.BOTH: Fate.BOTH,
}


@dataclass(frozen=True)
class Variable:
    """One variable's fate and what decides it: the premises its derivation rests on
    (every premise, when the truth table decided it; the clash, in a paradox), or the
    rows of A-D that satisfy every premise with it true and with it false."""

    variable: str
    player: str | None  # whose variable it is (None: nobody's at this table)
    fate: Fate
    premises: tuple[int, ...] = ()
    derivation: tuple[Line, ...] | None = None
    rows: int = 0  # decided by the truth table: the rows where every premise holds
    true_row: Assignment | None = None
    false_row: Assignment | None = None


@dataclass(frozen=True, kw_only=True)
class RoundRuling(Ruling):
    round: int
    reason: RoundEnd
    paradox: bool
    cards: int  # what a proven variable is worth
    readings: tuple[str, ...]  # each premise with every inner scope in parentheses
    variables: tuple[Variable, ...]
    awards: tuple[Award, ...]


# One picture per Score, kept by the Score's identity (views are made for every seat
# after every move; the same Score is the same ruling): a few, the oldest forgotten.
_made: dict[int, tuple[Score, RoundRuling]] = {}
_KEPT = 16
_lock = threading.Lock()


def ruling(game: Game, seat: str | None) -> RoundRuling | None:
    """The last round's ruling (the same for every seat)."""
    score = game.scored
    if score is None:
        return None
    with _lock:  # tables in one server (a club) make views in threads of their own
        kept = _made.get(id(score))
    if kept is not None and kept[0] is score and kept[1].event == game.round_over_at:
        return kept[1]
    made = _ruling(game, score)
    with _lock:
        if len(_made) >= _KEPT:
            del _made[next(iter(_made))]
        _made[id(score)] = (score, made)
    return made


def _ruling(game: Game, score: Score) -> RoundRuling:
    decision = score.ruling.decision
    count = len(score.proof)
    owners = {s.variable: s.name for s in game.settings.seats}
    every = tuple(range(1, count + 1))
    variables = []
    for e in score.ruling.evidence:
        fate, owner = FATES[e.standing], owners.get(e.variable)
        if fate == Fate.NEITHER:
            variables.append(
                Variable(e.variable, owner, fate, true_row=e.true_row, false_row=e.false_row)
            )
            continue
        lines = _lines(e.derivation, count)
        if fate == Fate.BOTH:
            premises = decision.clash
        elif e.derivation is not None and lines is not None:
            premises = e.derivation.rests_on
        else:
            premises = every  # the truth table: every premise, row by row
        variables.append(Variable(e.variable, owner, fate, tuple(premises), lines, e.rows))
    clash = set(decision.clash)
    board = tuple(Stood(n, text, used=n in clash) for n, text in enumerate(score.proof, 1))
    return RoundRuling(
        event=game.round_over_at,
        kind=Kind.ROUND,
        prover="truth table",
        used=decision.clash,
        derivation=_lines(score.ruling.clash, count) if decision.paradox else None,
        board=board,
        round=score.round,
        reason=score.reason,
        paradox=decision.paradox,
        cards=decision.cards,
        readings=tuple(_reading(game, text) for text in score.proof),
        variables=tuple(variables),
        awards=score.awards,
    )


def _lines(d: Derivation | None, count: int) -> tuple[Line, ...] | None:
    """A checked derivation's lines, each formula as the round's terminal shows it."""
    if d is None:
        return None
    lines = derivation_lines(d.text, VOCABULARY, count)
    if lines is None:
        return None
    shown = {s.line: s.statement for s in d.steps}
    return tuple(replace(line, formula=shown.get(line.n, line.formula)) for line in lines)


def _reading(game: Game, text: str) -> str:
    try:
        return full_text(read_premise([w.face for w in read_faces(text)], game.rules.reading))
    except ValueError:
        return text
