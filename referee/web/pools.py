"""What one server's tables share, so that twenty tables cost what two do: the engine's
workers and the computer players' thinking, each bounded.

* ``claims``: one pool of engine workers every table's claims are settled on (each
  table's engine keeps its own limits and memory of models; the questions take turns,
  each timed from its turn: :func:`referee.logic.engine.sharing`);
* ``background``: a smaller pool for what no player waits for and that thinks in the
  server's process (a player that cannot be sent to another), so it never delays a claim;
* ``thinking``: the processes every table's computer seats and hint analyses think in
  (:class:`referee.table.apart.Thinkers`: one fewer than the cores, at a lower priority
  than the server, under hard time and memory limits), each fed only its seat's view
  or the table's captured position; a seat pondering between its turns gives way as
  soon as another must think in its process.

A single table (``referee serve``) has none of these: its engines own their workers, and
each of its computer seats thinks in a process of its own.
"""

from __future__ import annotations

import contextlib
import os

from referee.logic.engine import sharing
from referee.logic.worker import Pool
from referee.table.apart import Thinkers

CLAIM_WORKERS = 2
BACKGROUND_WORKERS = 1
CLAIMS_NICE = 5
BACKGROUND_NICE = 10
# Each thinking process's engine: one worker its thinkers' questions take turns on.
THINKING_ENGINE_WORKERS = 1
THINKING_MEMORY_MB = 1024


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - platforms without affinity
        return os.cpu_count() or 1


def thinking_processes() -> int:
    """How many processes a club's computers think in: one core is the server's."""
    return max(1, cores() - 1)


class Pools:
    """The shared pools of one server (:mod:`referee.web.club`); closed with it."""

    def __init__(
        self,
        claims: int = CLAIM_WORKERS,
        background: int = BACKGROUND_WORKERS,
        thinking: int | None = None,
    ) -> None:
        # The workers think below the server's own priority: a move is taken and shown at
        # once while a claim is settled (its limit is wall-clock time, as everywhere).
        self.claims = Pool(size=claims, nice=CLAIMS_NICE)
        self.background = Pool(size=background, memory_mb=1024, nice=BACKGROUND_NICE)
        self.thinking = Thinkers(
            thinking if thinking is not None else thinking_processes(),
            nice=BACKGROUND_NICE,
            memory_mb=THINKING_MEMORY_MB,
            engine_workers=THINKING_ENGINE_WORKERS,
        )

    def warm(self) -> None:
        """Start every worker now, so a first claim's limit is spent on the claim."""
        with self.claims.turn:
            self.claims.warm()
        with self.background.turn:
            self.background.warm()
        self.thinking.warm()

    def for_claims(self) -> contextlib.AbstractContextManager[Pool]:
        """The context a table's services (the engine its claims are settled with) are made in."""
        return sharing(self.claims)

    def for_background(self) -> contextlib.AbstractContextManager[Pool]:
        """The context a player thinking in the server's process is made in."""
        return sharing(self.background)

    def close(self) -> None:
        self.thinking.close()
        self.claims.close()
        self.background.close()
