"""A game's background analysis at the web table: one thread, the newest position only.

The table hands over each new position (:meth:`Analyst.start`, quick, under
the table's lock) and goes on; the thread runs the game's analysis
(:class:`referee.table.background.Background`) with tools of its own (an
engine no command waits for), and hands back an answer only if no newer
position came meanwhile. Positions that came and went while it was busy are
never analysed: only the last one matters. At a club the analysis thinks apart,
on the club's pool of thinking processes (:mod:`referee.table.apart`), given
only the position the game captured; its tools and last answer stay there.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
from collections.abc import Callable
from typing import Any

from referee.table.apart import Stopped, Thinkers
from referee.table.background import Background

log = logging.getLogger(__name__)


class Analyst:
    """Runs ``background`` for the newest position; ``publish(generation, answer)``."""

    def __init__(
        self,
        background: Background,
        publish: Callable[[int, Any], None],
        within: Callable[[], contextlib.AbstractContextManager[Any]] = contextlib.nullcontext,
        apart: tuple[Thinkers, str] | None = None,
    ) -> None:
        self.background = background
        self.publish = publish
        self.within = within  # the context its tools are made in (a club's shared pool)
        self.apart = apart  # (a club's thinking processes, the game's name): it thinks there
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
        if self.apart is not None:
            self._loop_apart(*self.apart)
            return
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

    def _loop_apart(self, thinkers: Thinkers, game: str) -> None:
        """The same, each position asked of the analysis in a thinking process (made anew
        there after one was given up: that position's views stay "checking")."""
        thinker = None
        try:
            while (job := self._next()) is not None:
                generation, position = job

                def stale(generation=generation) -> bool:
                    return self._generation != generation

                if thinker is None:
                    thinker = thinkers.place(functools.partial(Analysis, game))
                try:
                    answer = thinker.call("run", position, stale=stale, seconds=ANALYSIS_SECONDS)
                    while thinker.interrupted and not stale():  # a computer's move came first
                        answer = thinker.call(
                            "run", position, stale=stale, seconds=ANALYSIS_SECONDS
                        )
                except Stopped as stopped:
                    log.warning("the background analysis was given up (%s)", stopped)
                    thinker.close()
                    thinker = None
                    continue
                except Exception:  # a fault of ours: the views stay "checking", the table plays on
                    log.exception("the background analysis failed")
                    continue
                if not stale():
                    self.publish(generation, answer)
        finally:
            if thinker is not None:
                thinker.close()


# Hard wall-clock seconds one position's analysis may take in a thinking process (each of
# its questions has the record's limit; this is the table's safety).
ANALYSIS_SECONDS = 300.0


class Analysis:
    """A game's background analysis as a thinker (:mod:`referee.table.apart`): made in a
    thinking process from the game's name, its tools opened once, its last answer reused."""

    def __init__(self, game: str) -> None:
        from referee.web.games import GAMES

        background = GAMES[game].registration.background
        assert background is not None
        self.background = background
        self.stack = contextlib.ExitStack()
        self.tools: Any = None
        self.previous: Any = None

    def run(self, position: Any, stale: Callable[[], bool]) -> Any:
        if self.tools is None:
            self.tools = self.stack.enter_context(self.background.tools(position))
        self.previous = self.background.run(position, self.tools, self.previous, stale)
        return self.previous

    def close(self) -> None:
        self.stack.close()
