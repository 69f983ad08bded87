"""Thinking apart: what thinks beside a table (a computer seat's player, a game's analysis)
runs in processes of its own, so that its thinking never holds the interpreter of a
server that answers people meanwhile.

A :class:`Thinkers` pool keeps at most ``size`` processes. A *thinker* is placed in one
of them for good (the one holding the fewest) and made there by a picklable function,
so what it learns between questions stays with it; its handle, :class:`Apart`, sends it
exactly what it is asked about (a seat's view, a position the table captured) and
nothing else, and gets one value back. A process answers one question at a time; the
thinkers it holds take turns.

Limits: each process runs at a lower CPU priority than the server (``nice``) and under
a memory limit (RLIMIT_AS), and every question has a hard wall-clock limit. A process
that does not answer in time is killed with everything it started (its process group)
and replaced; the thinker that was asking is given up (:class:`Stopped`), as is one
whose process died under it or that failed, and is never asked again; the others the
process held are made anew in the next process when they are next asked. A question
asked only to get ahead (pondering: ``stale`` given) holds its process only until the
asker's ``stale()`` says so or another thinker must be asked in that process (a question
that is not a pondering): it is told to stop at once, and killed if it has not within
:data:`STOP_GRACE` seconds.

``referee serve`` gives each computer seat a pool of one process of its own; a club
shares one pool among all its tables (:mod:`referee.web.pools`).
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

# Hard wall-clock seconds a question may take before its process is killed (a player's
# own budgets end its move long before: this is the table's safety, not a budget).
QUESTION_SECONDS = 30.0
# Seconds a thinker told to stop pondering has to stop before its process is killed.
STOP_GRACE = 10.0
# Memory (address space) of each process, MiB (its engine's workers keep their own).
MEMORY_MB = 2048
POLL = 0.02  # seconds between looks at the asker's stale() while a question runs
# Seconds between looks at a ponderer's stale() while it waits for its process (the lock
# wakes it as soon as the process is free; a club's seats, a dozen to a process, looking
# fifty times a second each cost the server's interpreter hundreds of wake-ups a second).
WAIT_POLL = 0.1


class Why(enum.Enum):
    """Why a thinker was given up."""

    DIED = "died"  # its process ended under it (a crash, the memory limit, a kill)
    LATE = "late"  # it did not answer (or stop pondering) in time: its process was killed
    FAILED = "failed"  # it raised an exception (its type is kept)


class Stopped(RuntimeError):
    """A thinker given up (:class:`Why`); it is never asked again."""

    def __init__(self, why: Why, detail: str = "") -> None:
        super().__init__(f"{why.value}{': ' + detail if detail else ''}")
        self.why = why
        self.detail = detail


class _Process:
    """One place in the pool: its process (started when first needed), its pipe, the
    thinkers made in it, and the turn its askers take."""

    def __init__(self, pool: Thinkers) -> None:
        self.pool = pool
        self.lock = threading.Lock()  # held by one asker from its question to the answer
        self.waiting = 0  # askers waiting for the lock (a pondering one then stops)
        self.placed = 0  # thinkers placed here (the pool places where fewest are)
        self.process: Any = None
        self.conn: Any = None
        self.made: set[int] = set()  # thinkers the process holds now

    @contextlib.contextmanager
    def turn(self, stale: Callable[[], bool] | None = None) -> Iterator[bool]:
        """The process, once its asker before is done: True. An urgent asker (no
        ``stale``) has a pondering one told to stop for it; a ponderer waits its turn
        without stopping anyone, and gives up waiting (False) once its ``stale()`` is
        true (looked at every :data:`WAIT_POLL` seconds), so that a seat whose table moved
        on goes back to its own turn."""
        counted = 1 if stale is None else 0
        with self.pool.guard:
            self.waiting += counted
        try:
            got = self.lock.acquire(timeout=-1 if stale is None else WAIT_POLL)
            while not got and stale is not None and not stale():
                got = self.lock.acquire(timeout=WAIT_POLL)
        finally:
            with self.pool.guard:
                self.waiting -= counted
        try:
            yield got
        finally:
            if got:
                self.lock.release()

    def wanted(self) -> bool:
        """Whether an urgent asker waits for this process."""
        return self.waiting > 0

    def ready(self) -> None:
        """A live process (a new one if it died while nobody asked: nobody is blamed)."""
        if self.process is not None and self.process.is_alive():
            return
        self.kill()
        if self.pool.closed:
            raise Stopped(Why.DIED, "the pool was closed")
        context = multiprocessing.get_context("forkserver")
        parent, child = context.Pipe()
        pool = self.pool
        # Not a daemon: a thinker may start processes of its own (an engine's workers).
        self.process = context.Process(
            target=_serve,
            args=(child, pool.memory_mb, pool.nice, pool.engine_workers),
            name="referee-thinker",
            daemon=False,
        )
        from referee.logic.worker import _main_module_hidden

        with _main_module_hidden():  # a script's __main__ is not run again in it
            self.process.start()
        child.close()
        self.conn = parent

    def kill(self) -> None:
        """Kill the process and all it started (its process group); forget its thinkers."""
        process, conn = self.process, self.conn
        self.process, self.conn = None, None
        self.made.clear()
        if process is None:
            return
        if process.pid is not None:
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            process.kill()
            process.join(5)
        with contextlib.suppress(Exception):
            conn.close()

    def close(self) -> None:
        """Let the process close its thinkers and end; killed if it does not soon."""
        process = self.process
        if process is not None and process.is_alive():
            with contextlib.suppress(OSError, ValueError):
                self.conn.send(("close", 0, None))
            process.join(5)
        self.kill()


class Thinkers:
    """At most ``size`` processes that thinkers are placed in; closed with its owner.

    ``nice``: how much lower their CPU priority is than the server's; ``memory_mb``:
    each one's address space; ``seconds``: a question's hard limit; ``engine_workers``:
    the engine workers every thinker of a process shares (its engines' questions taking
    turns), or None: each engine made there has its own, as in a process of its own.
    """

    def __init__(
        self,
        size: int = 1,
        nice: int = 0,
        memory_mb: int | None = MEMORY_MB,
        seconds: float = QUESTION_SECONDS,
        engine_workers: int | None = None,
    ) -> None:
        if size < 1:
            raise ValueError("a pool of thinkers needs at least one process")
        self.nice = nice
        self.memory_mb = memory_mb
        self.seconds = seconds
        self.engine_workers = engine_workers
        self.guard = threading.Lock()
        self.closed = False
        self.processes = [_Process(self) for _ in range(size)]

    @property
    def size(self) -> int:
        return len(self.processes)

    def place(self, make: Callable[[], Any]) -> Apart:
        """A thinker made by ``make`` (picklable) in the process holding the fewest."""
        with self.guard:
            where = min(self.processes, key=lambda p: p.placed)
            where.placed += 1
        return Apart(make, self, where)

    def warm(self) -> None:
        """Start every process now (a first question's limit is then spent on it)."""
        for process in self.processes:
            with process.turn(), contextlib.suppress(Stopped):
                process.ready()

    def close(self) -> None:
        self.closed = True
        for process in self.processes:
            process.close()

    def __enter__(self) -> Thinkers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_keys = itertools.count(1)


class Apart:
    """A thinker in a process of a :class:`Thinkers` pool (``pool`` None: a pool of one
    process of its own, closed with it). It is asked :meth:`call`; a computer player's
    :meth:`choose` and :meth:`ponder` are two such questions, so it is a
    :class:`referee.table.computer.ComputerPlayer` wherever it holds one."""

    def __init__(
        self, make: Callable[[], Any], pool: Thinkers | None = None, where: _Process | None = None
    ) -> None:
        self._own = pool is None
        self._pool = pool if pool is not None else Thinkers(1)
        if where is None:
            where = min(self._pool.processes, key=lambda p: p.placed)
            where.placed += 1
        self._where = where
        self._make = make
        self._key = next(_keys)
        self.stopped: Stopped | None = None
        # Its last question was stopped for another thinker, not by its asker's stale().
        self.interrupted = False
        self._process: Any = None  # the process it was last asked in
        if self._own:  # started now, as a seat's own process always was
            with where.turn():
                where.ready()
                self._process = where.process

    # -- a computer player
    def choose(self, view: Any) -> str | None:
        return self.call("choose", dict(view))

    def ponder(self, view: Any, stale: Callable[[], bool]) -> None:
        self.call("ponder", dict(view), stale=stale)

    # -- any thinker
    def call(
        self,
        method: str,
        *args: Any,
        stale: Callable[[], bool] | None = None,
        seconds: float | None = None,
    ) -> Any:
        """``method(*args)`` of the thinker, in its process: its value (None where it has
        no such method), within ``seconds`` (default: the pool's limit). With ``stale``,
        the method is also given a ``stale()`` of its own, true once it is told to stop:
        when the asker's ``stale()`` is, or another thinker waits for the process with a
        question that is not itself a pondering.
        Stopped: the thinker is given up (now, or before)."""
        if self.stopped is not None:
            raise self.stopped
        where = self._where
        with where.turn(stale) as got:
            if not got or (stale is not None and stale()):
                self.interrupted = False
                return None  # stale before its turn came: nothing asked
            where.ready()
            self._process = where.process
            question = ("call", self._key, (method, args, stale is not None))
            message = pickle.dumps(question)  # what cannot be sent is the asker's fault, raised
            try:
                if self._key not in where.made:
                    where.conn.send(("make", self._key, self._make))
                    where.made.add(self._key)
                where.conn.send_bytes(message)
            except (OSError, ValueError):
                self._give_up(Why.DIED)
            limit = self._pool.seconds if seconds is None else seconds
            return self._answer(where, stale, limit)

    def _answer(self, where: _Process, stale: Callable[[], bool] | None, limit: float) -> Any:
        deadline = time.monotonic() + limit
        told = self.interrupted = False
        while True:
            if where.conn.poll(POLL):
                try:
                    kind, value = where.conn.recv()
                except (EOFError, OSError):
                    self._give_up(Why.DIED)
                if kind == "done":
                    return value
                self._give_up(Why.FAILED, str(value))
            if not where.process.is_alive():
                self._give_up(Why.DIED)
            if stale is not None and not told and (stale() or where.wanted()):
                self.interrupted = not stale()  # it gave way: asked again, it goes on
                where.conn.send(("stop", self._key, None))
                told, deadline = True, min(deadline, time.monotonic() + STOP_GRACE)
            if time.monotonic() > deadline:
                where.kill()
                self._give_up(Why.LATE, f"{limit:g} s")

    def _give_up(self, why: Why, detail: str = "") -> NoReturn:
        where = self._where
        if why == Why.DIED:
            where.kill()  # what is left of it
        elif why == Why.FAILED and self._key in where.made:  # its process goes on without it
            with contextlib.suppress(OSError, ValueError):
                where.conn.send(("drop", self._key, None))
        where.made.discard(self._key)
        self.stopped = Stopped(why, detail)
        raise self.stopped

    def close(self) -> None:
        """Let go of the thinker (and of the process, if it had one of its own)."""
        where = self._where
        if self._own:
            self._pool.close()
            return
        if self.stopped is None:
            self.stopped = Stopped(Why.FAILED, "closed")
        with where.turn():
            if self._key in where.made and where.conn is not None:
                with contextlib.suppress(OSError, ValueError):
                    where.conn.send(("drop", self._key, None))
                where.made.discard(self._key)


# ------------------------------------------------------------------ the process


def _serve(conn, memory_mb: int | None, nice: int, engine_workers: int | None) -> None:
    """A thinkers' process: thinkers made on request, each asked in turn; a pondering
    question stops once anything else arrives. Its own process group, so that a kill
    takes whatever it started with it."""
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    if memory_mb:
        with contextlib.suppress(ImportError, ValueError, OSError):
            import resource

            limit = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    makers: dict[int, Callable[[], Any]] = {}
    thinkers: dict[int, Any] = {}
    with contextlib.ExitStack() as stack:
        if engine_workers:
            from referee.logic.engine import sharing
            from referee.logic.worker import Pool

            engines = stack.enter_context(Pool(size=engine_workers, memory_mb=memory_mb))
            stack.enter_context(sharing(engines))
        stack.callback(_close_all, thinkers)
        while True:
            try:
                kind, key, payload = conn.recv()
            except (EOFError, OSError):
                return
            if kind == "close":
                return
            if kind == "make":
                makers[key] = payload
            elif kind == "drop":
                makers.pop(key, None)
                _close_all({key: thinkers.pop(key)} if key in thinkers else {})
            elif kind == "call":
                answer = _call(thinkers, makers, key, payload, conn.poll)
                try:
                    conn.send(answer)
                except (OSError, ValueError):  # the server is gone (a kill -9): so are we
                    return
                except Exception as exc:  # noqa: BLE001 - an answer that cannot be sent
                    conn.send(("failed", type(exc).__name__))
            # "stop" after a pondering that ended by itself: nothing to do


def _call(thinkers: dict, makers: dict, key: int, payload, told: Callable[[], bool]):
    method, args, stoppable = payload
    try:
        thinker = thinkers.get(key)
        if thinker is None:
            thinker = thinkers[key] = makers[key]()
        function = getattr(thinker, method, None)
        if function is None:
            return ("done", None)
        return ("done", function(*args, told) if stoppable else function(*args))
    except Exception as exc:  # noqa: BLE001 - the asker gives the thinker up
        return ("failed", type(exc).__name__)


def _close_all(thinkers: dict) -> None:
    for thinker in thinkers.values():
        close = getattr(thinker, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()
