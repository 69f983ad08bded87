"""A game's background analysis at the web table: one thread, the newest position only.

The table hands over each new position (:meth:`Analyst.start`, quick, under
the table's lock) and goes on; the thread runs the game's analysis
(:class:`referee.table.background.Background`) with tools of its own (an
engine no command waits for), and hands back an answer only if no newer
position came meanwhile. Positions that came and went while it was busy are
never analysed: only the last one matters.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from typing import Any

from referee.table.background import Background

log = logging.getLogger(__name__)


class Analyst:
    """Runs ``background`` for the newest position; ``publish(generation, answer)``."""

    def __init__(
        self,
        background: Background,
        publish: Callable[[int, Any], None],
        within: Callable[[], contextlib.AbstractContextManager[Any]] = contextlib.nullcontext,
    ) -> None:
        self.background = background
        self.publish = publish
        self.within = within  # the context its tools are made in (a club's shared pool)
        self._wake = threading.Condition()
        self._job: tuple[int, Any] | None = None
        self._generation = 0
        self._thread: threading.Thread | None = None
        self._closed = False

    @property
    def generation(self) -> int:
        """The newest position's number (an answer for an older one is stale)."""
        return self._generation

    def start(self, position: Any) -> int:
        """Analyse ``position`` next (an older one still waiting is dropped); its number."""
        with self._wake:
            self._generation += 1
            self._job = (self._generation, position)
            if self._thread is None and not self._closed:
                self._thread = threading.Thread(
                    target=self._loop, name="referee-analyst", daemon=True
                )
                self._thread.start()
            self._wake.notify()
            return self._generation

    def close(self, timeout: float = 5.0) -> None:
        """Stop after the question being asked (its answer is dropped); the tools close."""
        with self._wake:
            self._closed = True
            self._generation += 1  # whatever runs is stale now
            self._wake.notify()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def _next(self) -> tuple[int, Any] | None:
        with self._wake:
            while self._job is None and not self._closed:
                self._wake.wait()
            if self._closed:
                return None
            job, self._job = self._job, None
            return job

    def _loop(self) -> None:
        previous = None
        with self.within(), contextlib.ExitStack() as stack:
            tools = None
            while (job := self._next()) is not None:
                generation, position = job

                def stale(generation=generation) -> bool:
                    return self._generation != generation

                try:
                    if tools is None:
                        tools = stack.enter_context(self.background.tools(position))
                    answer = self.background.run(position, tools, previous, stale)
                except Exception:  # a fault of ours: the views stay "checking", the table plays on
                    log.exception("the background analysis failed")
                    continue
                previous = answer
                if not stale():
                    self.publish(generation, answer)
