"""An engine whose workers never answer in time: a test's injection, not a setting.

Every racer sleeps ``hang`` seconds, ignoring the question's limits, so each question
is undetermined at its timeout (or settled by what needs no worker: the syntax, a
remembered model) and the worker is killed there. Production's
:class:`~referee.logic.engine.Limits` holds no such hook.
"""

from __future__ import annotations

from referee.logic.engine import Engine, Limits
from referee.logic.evidence import Solver
from referee.logic.race import Racers
from referee.logic.tasks import Sleep
from referee.logic.worker import Pool


class StuckEngine(Engine):
    def __init__(self, hang: float, limits: Limits | None = None, pool: Pool | None = None):
        super().__init__(limits, pool)
        self.hang = hang

    def _quick(self, asked, timeout):
        """No first pass: nothing answers quickly here."""
        return [None] * len(asked), [None] * len(asked)

    def _racers(self) -> Racers:
        return _StuckRacers(self.limits, self.pool, self.hang)


class _StuckRacers(Racers):
    def __init__(self, limits: Limits, pool: Pool, hang: float):
        super().__init__(limits, pool)
        self.hang = hang

    def _lanes(self, q, lane, budget, max_size) -> float:
        for _ in range(min(2, self.pool.size)):
            lane(Solver.Z3, Sleep(self.hang), budget)
        return 0.0  # no E
