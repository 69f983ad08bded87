"""Settling a claim: the one place a claim is put to the engine and judged.

The session settles a claim when a player makes it; replay settles the same
claim again with today's referee and compares. Both call :func:`settle`, so
the question asked, the time limit (the record's) and the rules that turn a
verdict into an outcome are the same for both.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from referee.derivation.checker import DerivationResult
from referee.derivation.shown import write_shown
from referee.logic.normalform import big_and
from referee.logic.verdict import Status, Verdict
from referee.palmer.derivations import check_claim_derivation
from referee.palmer.events import Claim, ClaimKind, ClaimVerdict
from referee.palmer.state import POSITIVE, Game, claim_outcome

T = TypeVar("T")


class Engine(Protocol):
    def consistency(self, formulas, *, timeout: float | None = None) -> Verdict: ...

    def entailment(self, premises, goals, *, timeout: float | None = None) -> Verdict: ...

    def call(self, function: Callable[..., T], *args, timeout: float, **kwargs) -> T | None: ...


# The referee's own derivation of a proved claim gets this long (seconds), or a quarter of
# the table's limit per question when the table gave more time (a slow machine still shows it).
WRITE_LIMIT = 3.0


def write_limit(limit: float) -> float:
    return min(limit, max(WRITE_LIMIT, limit / 4))


@dataclass(frozen=True)
class Offered:
    """A derivation a player offers with a claim: the file named and its text."""

    file: str
    text: str


@dataclass(frozen=True)
class Settlement:
    claim: Claim
    verdict: Verdict
    derivation: DerivationResult | None = None  # the checker's line-by-line result


def settle(
    game: Game,
    kind: ClaimKind,
    targets: Sequence[int],
    engine: Engine,
    offered: Offered | None = None,
    player: str | None = None,
    write: bool = True,
    known: Verdict | None = None,
    focus: Sequence[int] = (),
) -> Settlement:
    """Put the claim to ``engine`` under the record's time limit and judge it by the rules.

    ``known``: a proof of exactly this claim already found under the same limit (the
    claimable-now hint's, :func:`referee.palmer.hint.proved`): the claim is upheld by it,
    as the hint said, with no second question that a busy machine might leave open.
    ``focus``: premises (indices) a proof is likely to rest on (replay: the recorded
    proof's), asked first on their own; a proof from some premises is a proof from all.
    A claim the engine proves comes with a derivation the referee writes and
    checks (``write``), so the table can follow it line by line; one the checker
    refuses is not kept.
    """
    game.check_targets(kind, targets)
    # Every question of the claim in one turn of the engine's pool: where tables share it,
    # a claim waits once for those ahead of it, not again before each of its questions.
    turn = getattr(getattr(engine, "pool", None), "turn", None)  # a stand-in may have none
    with turn if turn is not None else contextlib.nullcontext():
        return _settle(game, kind, targets, engine, offered, player, write, known, focus)


def _settle(
    game: Game,
    kind: ClaimKind,
    targets: Sequence[int],
    engine: Engine,
    offered: Offered | None,
    player: str | None,
    write: bool,
    known: Verdict | None,
    focus: Sequence[int],
) -> Settlement:
    """:func:`settle`, its questions asked in one turn of the pool."""
    vocabulary = game.vocabulary
    assert vocabulary is not None  # the deck's, from the game's first state on
    premises = [e for e in game.board if e.id not in targets]
    formulas = [e.statement.asserted for e in premises]
    limit = game.setup.claim_timeout
    goals = [game.entry(t).statement.asserted for t in targets]
    proved = POSITIVE[kind]

    def ask(indices: Sequence[int]) -> Verdict:
        chosen = [formulas[i] for i in indices]
        if kind == ClaimKind.INCONSISTENT:
            return engine.consistency(chosen, timeout=limit)
        return engine.entailment(chosen, goals, timeout=limit)

    verdict = known if known is not None and known.status == proved else None
    subset = sorted(set(focus))
    if verdict is None and subset and subset[-1] < len(formulas) and subset[0] >= 0:
        focused = ask(subset)
        if focused.status == proved:
            verdict = focused.renumbered(subset)
    if verdict is None:
        verdict = ask(range(len(formulas)))
    check = result = None
    if offered is not None:
        check, result = check_claim_derivation(
            offered.file,
            offered.text,
            {e.id: e.statement for e in game.board},
            None if kind == ClaimKind.INCONSISTENT else list(targets),
            vocabulary,
            engine,
            per_line_timeout=limit,
        )
    proof = None
    if write and verdict.status in (Status.ENTAILED, Status.INCONSISTENT):
        used = verdict.used or tuple(range(len(premises)))
        goal = None
        if kind == ClaimKind.REDUNDANT:
            goal = big_and(game.entry(t).statement.asserted for t in targets)
        proof = write_shown(
            engine,
            [formulas[i] for i in used],
            goal,
            vocabulary,
            labels=[premises[i].id for i in used],
            timeout=write_limit(limit),
        ).derivation  # shown only if the checker accepts it, as `referee derive` would
    claim = Claim(
        player if player is not None else game.player,
        kind,
        tuple(targets),
        tuple(e.id for e in premises),
        ClaimVerdict(verdict.status, verdict.evidence, verdict.seconds, verdict.limit),
        claim_outcome(kind, verdict.status, check, game.rules),
        check,
        proof,
    )
    return Settlement(claim, verdict, result)


def recheck(game: Game, recorded: Claim, engine: Any) -> Settlement:
    """Settle ``recorded`` again with today's engine (and checker), as replay does.

    The verdict is compared, not the wording of a proof: none is written. A recorded
    proof's premises are asked first on their own (a claim upheld by the hint's proof
    is found again without the whole board's question), then, if today's engine does
    not prove it from them, the whole question.
    """
    offered = None
    if recorded.derivation is not None:
        offered = Offered(recorded.derivation.file, recorded.derivation.text)
    focus = (
        recorded.verdict.evidence.used if recorded.verdict.status == POSITIVE[recorded.kind] else ()
    )
    return settle(
        game,
        recorded.kind,
        recorded.targets,
        engine,
        offered,
        recorded.player,
        write=False,
        focus=focus,
    )
