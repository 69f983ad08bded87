"""The last claim's ruling as data, for the pictures every screen draws of it.

Made from what the record keeps of the claim (``Game.ruled``: the claim event with
its verdict's evidence, the board as it stood) and nothing else: the derivation is
the referee's own, kept only because the checker accepted it; the countermodel is
the model the engine's evaluator re-checked. What is computed here only reads them:
which statement holds in the model (the referee's evaluators) and where a claimed
statement fails (:mod:`referee.logic.witness`, as the terminal says it). Should the
model not be what the verdict says (a statement left of the claim false in it), no
model is drawn at all. A claim holds nothing secret: every seat gets the same ruling.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from referee.client.words import PROVER_NAMES
from referee.logic.engine import Status
from referee.logic.infinite_model import InfiniteModel
from referee.logic.model import Model
from referee.palmer.events import ClaimOutcome
from referee.palmer.state import Game, Ruled
from referee.table.rulings import (
    Countermodel,
    Failure,
    Kind,
    Outcome,
    Ruling,
    Stood,
    derivation_lines,
    failure,
    holds,
    infinite_deadline,
)

OUTCOMES = {
    ClaimOutcome.UPHELD: Outcome.UPHELD,
    ClaimOutcome.REJECTED: Outcome.REJECTED,
    ClaimOutcome.VOTE: Outcome.UNDETERMINED,
}
# The verdicts a model backs: the claim fails in it, or the whole board holds in it.
MODELLED = (Status.NOT_ENTAILED, Status.CONSISTENT)
PROVED = (Status.ENTAILED, Status.INCONSISTENT)


@dataclass(frozen=True, kw_only=True)
class ClaimRuling(Ruling):
    """A claim's ruling: the shared fields, the engine's verdict, and the table's votes
    when it voted."""

    verdict: Status
    ayes: tuple[str, ...] = ()
    noes: tuple[str, ...] = ()


# One picture per ruling (a ruling is compared by identity): views are made for every
# seat after every move, the ruling's truth values once.
_made: weakref.WeakKeyDictionary[Ruled, ClaimRuling] = weakref.WeakKeyDictionary()


def ruling(game: Game, seat: str | None) -> ClaimRuling | None:
    """The last claim's ruling (the same for every seat: a claim holds no secret)."""
    ruled = game.ruled
    if ruled is None:
        return None
    made = _made.get(ruled)
    if made is None:
        made = _made[ruled] = _ruling(ruled)
    return made


def _ruling(ruled: Ruled) -> ClaimRuling:
    claim = ruled.claim
    verdict = claim.verdict
    evidence = verdict.evidence
    status = verdict.status
    targets = set(claim.targets)
    used = claim.used if status in PROVED else ()
    model: Model | InfiniteModel | None = None
    if status in MODELLED:
        model = evidence.model if evidence.model is not None else evidence.infinite
    truth: dict[int, bool | None] = {}
    if model is not None:
        deadline = infinite_deadline()
        truth = {i: holds(formula, model, deadline) for i, _, formula in ruled.board}
        if not _backs(truth, targets, status):
            model, truth = None, {}  # not what the verdict says: no picture of it
    board = tuple(
        Stood(i, text, i in targets, i in used, truth.get(i)) for i, text, _ in ruled.board
    )
    derivation = None
    if claim.proof is not None and status in PROVED:
        last = max((i for i, _, _ in ruled.board), default=0)
        derivation = derivation_lines(claim.proof.text, ruled.vocabulary, last)
    if claim.outcome == ClaimOutcome.UPHELD and status == Status.UNDETERMINED:
        prover = "derivation checker"  # the player's own derivation backed it
    elif status == Status.UNDETERMINED or evidence.solver is None:
        prover = None
    else:
        prover = PROVER_NAMES.get(evidence.solver, evidence.solver.value)
    vote = ruled.vote
    outcome = OUTCOMES[claim.outcome]
    if vote is not None:
        outcome = Outcome.UPHELD if vote.accepted else Outcome.REJECTED
    return ClaimRuling(
        event=ruled.event,
        kind=Kind.CLAIM if vote is None else Kind.VOTE,
        player=claim.player,
        claim=claim.kind,
        targets=claim.targets,
        outcome=outcome,
        prover=prover,
        used=used,
        derivation=derivation,
        countermodel=None if model is None else Countermodel(model),
        fails=_fails(ruled, model, truth),
        board=board,
        verdict=status,
        ayes=vote.ayes if vote is not None else (),
        noes=vote.noes if vote is not None else (),
    )


def _backs(truth: dict[int, bool | None], targets: set[int], status: Status) -> bool:
    """Whether the model is what the verdict says: every statement but the claimed ones
    holds in it, and (a countermodel) some claimed one fails. Not decided in time (an
    infinite model, checked when it was found) is not a contradiction."""
    rest = [v for i, v in truth.items() if i not in targets]
    if any(v is False for v in rest):
        return False
    if status == Status.NOT_ENTAILED:
        claimed = [v for i, v in truth.items() if i in targets]
        return not all(v is True for v in claimed)
    return True


def _fails(ruled: Ruled, model, truth: dict[int, bool | None]) -> Failure | None:
    """Where the (first) claimed statement that is false in the countermodel fails."""
    claim = ruled.claim
    if model is None or claim.verdict.status != Status.NOT_ENTAILED:
        return None
    if isinstance(model, InfiniteModel):
        w = model.witness
        if w is None or not 0 <= w.statement < len(claim.targets):
            return None
        return Failure(claim.targets[w.statement], tuple(w.values))
    formulas = {i: f for i, _, f in ruled.board}
    for t in claim.targets:
        if truth.get(t) is False and t in formulas:
            return failure(t, formulas[t], model)
    return None
