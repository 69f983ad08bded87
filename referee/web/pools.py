"""What one server's tables share, so that twenty tables cost what two do: the engine's
workers and the computer players' thinking, each bounded.

* ``claims``: one pool of engine workers every table's claims are settled on (each
  table's engine keeps its own limits and memory of models; the questions take turns,
  each timed from its turn: :func:`referee.logic.engine.sharing`);
* ``background``: a smaller pool for what no player waits for (a hint's analysis, a
  computer player's questions), so it never delays a claim;
* ``thinkers``: how many computer seats think at once, club-wide; a seat pondering
  between its turns gives way as soon as another seat must move.

A single table (``referee serve``) has none of these: its engines own their workers.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

from referee.logic.engine import sharing
from referee.logic.worker import Pool

CLAIM_WORKERS = 2
BACKGROUND_WORKERS = 1
THINKERS = 1
CLAIMS_NICE = 5
BACKGROUND_NICE = 10


class Thinkers:
    """At most ``size`` computer seats think at once; :meth:`wanted` tells one that is only
    pondering that another is waiting."""

    def __init__(self, size: int = THINKERS) -> None:
        self._slots = threading.BoundedSemaphore(size)
        self._lock = threading.Lock()
        self._waiting = 0

    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
        with self._lock:
            self._waiting += 1
        try:
            self._slots.acquire()
        finally:
            with self._lock:
                self._waiting -= 1
        try:
            yield
        finally:
            self._slots.release()

    def wanted(self) -> bool:
        """Whether a seat is waiting for its turn to think."""
        return self._waiting > 0


class Pools:
    """The shared pools of one server (:mod:`referee.web.club`); closed with it."""

    def __init__(
        self,
        claims: int = CLAIM_WORKERS,
        background: int = BACKGROUND_WORKERS,
        thinkers: int = THINKERS,
    ) -> None:
        # The workers think below the server's own priority: a move is taken and shown at
        # once while a claim is settled (its limit is wall-clock time, as everywhere).
        self.claims = Pool(size=claims, nice=CLAIMS_NICE)
        self.background = Pool(size=background, memory_mb=1024, nice=BACKGROUND_NICE)
        self.thinkers = Thinkers(thinkers)

    def warm(self) -> None:
        """Start every worker now, so a first claim's limit is spent on the claim."""
        with self.claims.turn:
            self.claims.warm()
        with self.background.turn:
            self.background.warm()

    def for_claims(self) -> contextlib.AbstractContextManager[Pool]:
        """The context a table's services (the engine its claims are settled with) are made in."""
        return sharing(self.claims)

    def for_background(self) -> contextlib.AbstractContextManager[Pool]:
        """The context a hint's analysis or a computer seat thinks in."""
        return sharing(self.background)

    def close(self) -> None:
        self.claims.close()
        self.background.close()
