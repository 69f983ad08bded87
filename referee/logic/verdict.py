"""What a question comes to: a status and the evidence for it (:mod:`referee.logic.evidence`).

Values that cross layers: the engine (:mod:`referee.logic.engine`) returns them, the
race (:mod:`referee.logic.race`) builds them, the interfaces word them.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from referee.logic.evidence import Evidence
from referee.logic.model import Model


class Status(enum.StrEnum):
    ENTAILED = "entailed"
    NOT_ENTAILED = "not_entailed"
    UNDETERMINED = "undetermined"
    CONSISTENT = "consistent"
    INCONSISTENT = "inconsistent"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Verdict:
    status: Status
    evidence: Evidence
    seconds: float = 0.0
    limit: float = 0.0  # the question's time limit
    flags: tuple[str, ...] = field(default=(), compare=False)  # bugs caught (rejected models)

    @property
    def used(self) -> tuple[int, ...]:
        """0-based premise indices the evidence rests on (the clash, for an inconsistency)."""
        return self.evidence.used

    @property
    def model(self) -> Model | None:
        return self.evidence.model

    def to_json(self) -> dict:
        """The command line's JSON contract (``entails --json``)."""
        return {
            "verdict": self.status.value,
            "used": [i + 1 for i in self.used],
            "countermodel": self.model.to_json()
            if self.model is not None
            else (self.evidence.infinite.to_json() if self.evidence.infinite is not None else None),
            "seconds": round(self.seconds, 4),
        }

    def renumbered(self, indices: Sequence[int]) -> Verdict:
        """The same verdict with premise ``i`` renamed ``indices[i]`` (in used and bounds)."""

        def move(used: tuple[int, ...]) -> tuple[int, ...]:  # -1, the claim itself, stays
            return tuple(sorted(indices[i] if i >= 0 else i for i in used))

        ev = self.evidence
        bound = ev.bound
        if bound is not None and bound.sources:
            bound = replace(bound, sources=move(bound.sources))
        return replace(self, evidence=replace(ev, used=move(ev.used), bound=bound))


@dataclass(frozen=True)
class Analysis:
    """A whole board: consistency, then the redundancy of each statement."""

    consistency: Verdict
    redundancy: tuple[Verdict, ...]  # one per statement; ``used`` indexes the whole board
    seconds: float

    def to_json(self, texts: list[str] | None = None) -> dict:
        answer = {
            Status.ENTAILED: "yes",
            Status.NOT_ENTAILED: "no",
            Status.UNDETERMINED: "undetermined",
        }
        statements = []
        for i, v in enumerate(self.redundancy):
            statements.append(
                {
                    "index": i + 1,
                    "text": texts[i] if texts else "",
                    "redundant": answer[v.status],
                    "used": [j + 1 for j in v.used],
                }
            )
        return {
            "consistency": self.consistency.status.value,
            "conflict": [i + 1 for i in self.consistency.used]
            if self.consistency.status == Status.INCONSISTENT
            else [],
            "statements": statements,
            "seconds": round(self.seconds, 4),
        }
