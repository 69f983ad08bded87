"""The claimable-now hint (house rule ``hints``): which statements a claim would win now.

For practice tables. The board is captured from the game (:func:`board_of`: the
premises and the limit exactly as :func:`referee.palmer.claims.settle` takes them)
and put to :func:`referee.palmer.analysis.analyze`, the one analysis of "what is
claimable" that the computer player asks too: *redundant* only with a proof, *not
redundant* only with a countermodel the independent evaluator accepted, anything
else *unknown*; incremental as a board grows (see that module). The hint asks every
question under the record's limit, with no deadline of its own: the table's
background thread drops an answer the game has moved past.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from referee.logic.engine import Verdict
from referee.palmer.analysis import (
    Board,
    Claimable,
    Consistency,
    State,
    Stated,
    checking,
    proof_for,
)
from referee.palmer.analysis import analyze as analyze_board
from referee.palmer.claims import Engine
from referee.palmer.events import ClaimKind
from referee.palmer.state import Game
from referee.table.background import Background

__all__ = [
    "Board",
    "Claimable",
    "Consistency",
    "State",
    "Stated",
    "analyze",
    "board_of",
    "proved",
]


def board_of(game: Game) -> Board:
    """``game``'s board, the premises and the limit exactly as :func:`claims.settle` takes them."""
    return Board(
        tuple(Stated(e.id, e.statement.asserted, not e.scored) for e in game.board),
        game.vocabulary,
        game.setup.claim_timeout,
    )


def proved(
    hinted: Claimable | None, game: Game, kind: ClaimKind, targets: Sequence[int]
) -> Verdict | None:
    """The proof the hint ``hinted`` holds of exactly this claim on ``game``'s board as it
    stands now (:func:`referee.palmer.analysis.proof_for`), or None: the claim is then
    upheld by the proof that made the hint list it, as the hint said it would be."""
    if hinted is None:
        return None
    premises = [(e.id, e.statement.asserted) for e in game.board if e.id not in targets]
    if kind == ClaimKind.INCONSISTENT:
        return proof_for(hinted, premises, ())
    claimed = [(t, game.entry(t).statement.asserted) for t in targets]
    return proof_for(hinted, premises, claimed)


def analyze(
    game_or_board: Game | Board,
    engine: Engine,
    previous: Claimable | None = None,
    stale: Callable[[], bool] = lambda: False,
) -> Claimable:
    """Which statements of the board a claim would win now, with the rulings' soundness
    (``previous``: an earlier answer, reused where the board only grew; ``stale()``: the
    board has moved on, so stop asking)."""
    board = game_or_board if isinstance(game_or_board, Board) else board_of(game_or_board)
    return analyze_board(board, engine, previous, stale)


@contextmanager
def _engine(board: Board) -> Iterator[Engine]:
    """The hint's own engine: a claim's never waits for it (workers of its own, warm)."""
    from referee.logic.engine import Engine as Solvers
    from referee.logic.engine import Limits

    with Solvers(Limits(timeout=board.timeout)) as engine:
        engine.warm()
        yield engine


BACKGROUND: Background[Game, Board, Claimable] = Background(
    key="claimable",
    wanted=lambda game: game.rules.hints and not game.finished,  # nothing to claim once over
    capture=board_of,
    checking=checking,
    run=lambda board, engine, previous, stale: analyze(board, engine, previous, stale),
    tools=_engine,
    shown=Claimable.to_json,
)
