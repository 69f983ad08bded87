"""A derivation the referee wrote is shown only when ``referee derive`` would accept it.

The writer checks its own work in its worker with a one-call Z3, and cannot
confirm a finite-search step there at all. Before anything is shown, the check
``referee derive`` runs (:func:`referee.derivation.checker.check_written`) is
run again here with the caller's engine, at most ``derive``'s own limit per
cited step, on the board the derivation cites. What it refuses is not shown:
the caller says so, and the verdict keeps its other evidence.

```python
from referee.derivation.shown import write_shown
shown = write_shown(engine, premises, goal, vocabulary, labels=[2, 5], timeout=3.0)
shown.derivation   # a WrittenDerivation the checker accepted, or None
shown.refused      # True: one was written and the checker refused it
```
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from referee.derivation.checker import LINE_TIMEOUT, check_written
from referee.derivation.writer import WrittenDerivation, write_in_worker
from referee.language.ast import Formula, Statement
from referee.language.vocabulary import Vocabulary

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Shown:
    """What may be shown of the referee's derivation."""

    derivation: WrittenDerivation | None = None  # accepted by the checker
    refused: bool = False  # a derivation was written and the checker refused it


def write_shown(
    engine,
    premises: Sequence[Formula],
    goal: Formula | None,
    vocabulary: Vocabulary,
    *,
    labels: Sequence[int] | None = None,
    timeout: float,
) -> Shown:
    """:func:`referee.derivation.writer.write_in_worker`, then the checker's word on it.

    ``premises`` are closed formulas (a statement's ``asserted``), cited as ``board
    labels[i]``; ``goal`` None is ⊥. The check uses the premises as the board: it
    accepts no more than ``referee derive`` does on the whole board.
    """
    numbers = list(labels) if labels is not None else list(range(1, len(premises) + 1))
    written = write_in_worker(engine, premises, goal, vocabulary, labels=numbers, timeout=timeout)
    if written is None:
        return Shown()
    board = {n: Statement(f) for n, f in zip(numbers, premises, strict=True)}
    limit = min(timeout, LINE_TIMEOUT)
    if check_written(board, written.text, goal, vocabulary, engine, limit) is None:
        log.info("the checker refused a derivation the writer produced:\n%s", written.text)
        return Shown(refused=True)
    return Shown(written)
