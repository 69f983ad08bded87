"""Hard wall-clock and memory limits: solver work runs in killable worker processes.

Z3's timeouts are soft (it may overrun them, Z3 issues 3065 and 7234) and a
solver can exhaust memory, so the parent process never runs Z3. A
:class:`Pool` of warm workers (started from a ``forkserver`` that has Z3
already imported, so a replacement starts in milliseconds) takes
:class:`~referee.logic.tasks.Task` values, runs each on the first free
worker (queued until one is), and reports what happens as
:class:`~referee.logic.tasks.TaskEvent` values keyed by task id.

Every task has a budget; a worker still busy shortly after its task's
budget, or at the caller's deadline, is killed with SIGKILL and replaced. A
worker that dies (for example on its RLIMIT_AS memory cap) is replaced too.
A task that is no longer needed is cancelled cooperatively (Z3's interrupt,
checked between sizes by the model finder) and killed if it does not stop
promptly. The caller owns the pool: ``with Pool() as pool: ...``.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import itertools
import multiprocessing as mp
import os
import sys
import threading
import time
import weakref
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from multiprocessing.connection import wait as wait_connections

from referee.logic.tasks import (
    Allocate,
    Call,
    Confirmation,
    ConfirmInfinite,
    Cvc5Find,
    Death,
    EventKind,
    External,
    Failed,
    Find,
    InfiniteFind,
    InfiniteResult,
    Ping,
    Pong,
    Prove,
    Request,
    Returned,
    Sleep,
    Task,
    TaskEvent,
)

# A worker is killed this long after its task's budget has run out.
OVERRUN_GRACE = 0.1
# A cancelled task that has not stopped after this long is killed.
CANCEL_GRACE = 0.2

# ----------------------------------------------------------------- worker side

# A worker frees the cvc5 solvers it dropped once no task has come for this long,
# or at once when this many are waiting (memory).
TIDY_IDLE, TIDY_BACKLOG = 0.005, 8

_PRELOAD = [
    "referee.logic.worker",
    "referee.logic.prover",
    "referee.logic.finder",
    "referee.logic.cvc5_finder",
    "referee.logic.infinite",
    "referee.logic.infinite_check",
]


def _set_memory_limit(memory_mb: int | None) -> None:
    if not memory_mb:
        return
    try:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # pragma: no cover - platform without rlimits
        pass


def _perform(request: Request, seconds: float, progress, cancelled, ctx, boards=None):
    """Run one request in this worker; returns its result value.

    ``boards``: the worker's incremental cvc5 solvers (``cvc5_finder.Boards``).
    """
    deadline = time.monotonic() + seconds
    if isinstance(request, Prove):
        from referee.logic.prover import prove

        p = request.problem
        return prove(
            list(p.premises),
            p.negated_goal,
            dict(p.predicates),
            dict(p.functions),
            deadline=deadline,
            minimise=request.minimise,
            cancelled=cancelled,
            ctx=ctx,
            progress=progress,
        )
    if isinstance(request, Find):
        from referee.logic.finder import find_model

        p = request.problem
        return find_model(
            list(p.premises),
            p.negated_goal,
            dict(p.predicates),
            dict(p.functions),
            deadline=deadline,
            max_size=request.max_size,
            progress=progress,
            minimise=request.minimise,
            cancelled=cancelled,
            ctx=ctx,
            min_size=request.min_size,
        )
    if isinstance(request, Cvc5Find):
        from referee.logic.cvc5_finder import find_model_cvc5

        p = request.problem
        return find_model_cvc5(
            list(p.premises),
            p.negated_goal,
            dict(p.predicates),
            dict(p.functions),
            deadline,
            cancelled=cancelled,
            core=True,
            boards=boards,
        )
    if isinstance(request, InfiniteFind):
        from referee.logic.infinite import find_infinite_model

        p = request.problem
        found = find_infinite_model(
            list(p.premises),
            p.negated_goal,
            dict(p.predicates),
            dict(p.functions),
            deadline,
            cancelled=cancelled,
            ctx=ctx,
            goals=request.goals,
        )
        return InfiniteResult(found.model, found.seconds, found.found.value)
    if isinstance(request, ConfirmInfinite):
        from referee.logic.infinite_check import confirm
        from referee.logic.presburger import PresburgerTimeout

        try:
            return Confirmation(confirm(request.premises, request.goals, request.model, deadline))
        except PresburgerTimeout:
            return Confirmation(None, timed_out=True)
    if isinstance(request, Call):
        return Returned(request.function(*request.args, deadline=deadline, **dict(request.kwargs)))
    if isinstance(request, Ping):
        return Pong(os.getpid())
    if isinstance(request, Sleep):
        time.sleep(request.seconds)
        return Pong(os.getpid())
    if isinstance(request, Allocate):
        hog = [bytearray(1024 * 1024) for _ in range(request.megabytes)]
        return Failed(f"allocated {len(hog)} MB without hitting the cap")
    return Failed(f"unknown request {type(request).__name__}")


# The requests whose solvers take the task's Z3 context.
_USES_Z3 = (Prove, Find, InfiniteFind)


def worker_main(conn, cancel_value, memory_mb: int | None, nice: int = 0) -> None:
    """The loop a worker process runs until its pipe closes (``nice``: how much lower its
    CPU priority is than its parent's, so a server's own work goes first)."""
    import signal

    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)

    # Ctrl-C at the table is the parent's to handle (it cancels the question);
    # a worker that died of it would lose its warm state for nothing.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Solvers write diagnostics of their own to stderr (cvc5: "could not reduce unsat
    # core ..."); the table's screen is not theirs. What fails reaches the parent as Failed.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    _set_memory_limit(memory_mb)
    import z3

    # Every task gets a fresh Z3 context: answers do not depend on what the
    # worker solved before (Z3 keeps state per context), and an interrupt
    # meant for a cancelled task cannot reach the next one.
    current = [0]
    contexts: dict[int, object] = {}

    def cancelled() -> bool:
        return current[0] != 0 and cancel_value.value >= current[0]

    def watch() -> None:
        interrupted = 0
        while True:
            time.sleep(0.005)
            task = current[0]
            if task and task != interrupted and cancel_value.value >= task:
                interrupted = task
                try:
                    context = contexts.get(task)
                    if context is not None:
                        context.interrupt()
                except Exception:  # pragma: no cover
                    pass

    threading.Thread(target=watch, daemon=True).start()
    # Making a Z3 context costs about 2 ms: the next one is made while the worker
    # waits, and only the tasks that run Z3 take it (cvc5's and the checks do not).
    spare = z3.Context()
    # cvc5's solvers kept between tasks, one per board asked about: a board's
    # questions share its statements (what a solver keeps is in cvc5_finder.Boards).
    boards = None
    try:
        from referee.logic.cvc5_finder import Boards, warm_up

        warm_up()
        boards = Boards()
        boards.tidy()
    except Exception:  # pragma: no cover - a first question will say what is wrong
        pass
    try:
        conn.send((0, EventKind.PROGRESS, None))  # warm: the pool prefers ready workers
    except (BrokenPipeError, OSError):
        return
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        task_id, request, seconds = message
        if isinstance(request, _USES_Z3):
            contexts[task_id], spare = spare or z3.Context(), None
        current[0] = task_id

        def progress(data, _id=task_id) -> None:
            conn.send((_id, EventKind.PROGRESS, data))

        try:
            result = _perform(request, seconds, progress, cancelled, contexts.get(task_id), boards)
        except MemoryError:
            result = Failed("out of memory")
        except Exception as exc:  # a bug in a task must not kill the worker silently
            result = Failed(f"{type(exc).__name__}: {exc}", cancelled=cancelled())
        current[0] = 0
        contexts.pop(task_id, None)
        try:
            conn.send((task_id, EventKind.DONE, result))
        except (BrokenPipeError, OSError):
            return
        if spare is None:
            spare = z3.Context()
        if boards is not None:
            try:
                # Freeing a solver costs about 2 ms: not while a next task is waiting.
                if boards.dropped > TIDY_BACKLOG or not conn.poll(TIDY_IDLE):
                    boards.tidy()
            except Exception:  # pragma: no cover - the next task starts a solver itself
                pass


# ----------------------------------------------------------------- parent side


_CONTEXT = None


def _context():
    global _CONTEXT
    if _CONTEXT is None:
        method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
        ctx = mp.get_context(method)
        if method == "forkserver":
            ctx.set_forkserver_preload(_PRELOAD)
        _CONTEXT = ctx
    return _CONTEXT


_task_ids = itertools.count(1)


@contextlib.contextmanager
def _main_module_hidden():
    """Start workers without re-running the caller's __main__ in them.

    multiprocessing (spawn/forkserver) re-imports the parent's main script in
    the child, which breaks scripts without an ``if __name__ == "__main__"``
    guard and costs start-up time; the worker needs nothing from it.
    """
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    saved = {k: main.__dict__[k] for k in ("__file__", "__spec__") if k in main.__dict__}
    main.__dict__.pop("__file__", None)
    main.__dict__["__spec__"] = None
    try:
        yield
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(saved)


@dataclass
class _Worker:
    process: object
    conn: object
    cancel: object
    task: int = 0  # the task it is running (0: idle)
    kill_at: float = 0.0  # when a still-running task is killed
    cancelled: bool = False
    ready: bool = False  # it has said it is warm (its solvers loaded and used once)


class Turns:
    """A reentrant lock given in the order it was asked for (Python's locks let whoever asks
    last take a lock just released): a table that keeps claiming on a shared pool never
    passes over another table's claim, which waits at most one turn of each table ahead
    of it."""

    def __init__(self) -> None:
        self._changed = threading.Condition(threading.Lock())
        self._owner: int | None = None
        self._depth = 0
        self._waiting: collections.deque[object] = collections.deque()

    def __enter__(self) -> Turns:
        me = threading.get_ident()
        with self._changed:
            if self._owner == me:
                self._depth += 1
                return self
            ticket = object()
            self._waiting.append(ticket)
            try:
                self._changed.wait_for(lambda: self._owner is None and self._waiting[0] is ticket)
            except BaseException:  # interrupted while waiting: the next in line goes on
                self._waiting.remove(ticket)
                self._changed.notify_all()
                raise
            self._waiting.popleft()
            self._owner, self._depth = me, 1
            return self

    def mine(self) -> bool:
        """Whether the calling thread holds the turn."""
        return self._owner == threading.get_ident()

    def __exit__(self, *exc) -> None:
        with self._changed:
            if self._owner != threading.get_ident():
                raise RuntimeError("a turn released by a thread that does not hold it")
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._changed.notify_all()


class Pool:
    """At most ``size`` warm worker processes; tasks queue until a worker is free."""

    def __init__(self, size: int = 2, memory_mb: int | None = 2048, nice: int = 0):
        if size < 1:
            raise ValueError("a pool needs at least one worker")
        self.size = size
        self.memory_mb = memory_mb
        self.nice = nice  # the workers' CPU priority below this process's (a server's pools)
        self._workers: list[_Worker | None] = [None] * size
        self._queue: collections.deque[Task] = collections.deque()
        self._externals: dict[int, tuple[External, float]] = {}  # task -> (runner, kill at)
        self._lock = threading.RLock()
        # Held by one question from its first task to its verdict (Engine): the pool's
        # events are read by one asker at a time, so askers sharing it take turns.
        self.turn = Turns()
        self._closed = False
        self.restarts = 0
        _OPEN_POOLS.add(self)

    # -- lifecycle
    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _spawn(self, slot: int) -> _Worker:
        ctx = _context()
        parent, child = ctx.Pipe()
        cancel = ctx.Value("q", 0, lock=False)
        process = ctx.Process(
            target=worker_main,
            args=(child, cancel, self.memory_mb, self.nice),
            daemon=True,
            name=f"referee-worker-{slot}",
        )
        with _main_module_hidden():
            process.start()
        child.close()
        worker = _Worker(process, parent, cancel)
        self._workers[slot] = worker
        return worker

    def _kill(self, slot: int, respawn: bool = False) -> None:
        worker = self._workers[slot]
        self._workers[slot] = None
        if worker is not None:
            try:
                worker.process.kill()
            except Exception:  # pragma: no cover
                pass
            worker.process.join(timeout=1.0)
            try:
                worker.conn.close()
            except Exception:  # pragma: no cover
                pass
        self.restarts += 1
        if respawn and not self._closed:
            self._spawn(slot)

    def _idle_worker(self) -> int | None:
        """A free worker: a warm one if any, else one still starting, else a new one.

        A worker killed mid-task is replaced at once (``_kill``), so it warms up
        while the others work; a task goes to a cold one only if none is free.
        """
        idle = [
            slot
            for slot, w in enumerate(self._workers)
            if w is not None and w.task == 0 and w.process.is_alive()
        ]
        for slot in idle:
            if self._is_ready(self._workers[slot]):
                return slot
        if idle:
            return idle[0]
        for slot in range(self.size):
            worker = self._workers[slot]
            if worker is None or not worker.process.is_alive():
                if worker is not None:
                    self._kill(slot)
                self._spawn(slot)
                return slot
        return None

    @staticmethod
    def _is_ready(worker: _Worker) -> bool:
        """Has this idle worker said it is warm? (Reads that word if it is waiting.)"""
        if not worker.ready:
            try:
                if worker.conn.poll(0):
                    task, _, _ = worker.conn.recv()
                    worker.ready = task == 0
            except (EOFError, OSError):
                return False
        return worker.ready

    def warm(self, timeout: float = 10.0) -> bool:
        """Start every worker and wait until each has answered a ping.

        A question's limit should be spent on the question, not on starting
        processes: callers with short limits (derivation steps) warm first.
        """
        with self._lock:
            for slot in range(self.size):
                if self._workers[slot] is None:
                    self._spawn(slot)
            tasks = [self.submit(Ping(), timeout) for _ in range(self.size)]
            done = [
                e
                for e in self.events(tasks, time.monotonic() + timeout)
                if e.kind == EventKind.DONE
            ]
            return len(done) == len(tasks)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._queue.clear()
            for runner, _ in self._externals.values():
                runner.kill()
            self._externals.clear()
            for slot, worker in enumerate(self._workers):
                if worker is None:
                    continue
                if worker.task == 0:
                    try:
                        worker.conn.send(None)
                        worker.process.join(timeout=0.2)
                    except Exception:
                        pass
                self._kill(slot, respawn=False)
            _OPEN_POOLS.discard(self)

    # -- tasks
    def submit(
        self,
        request: Request,
        budget: float,
        not_before: float = 0.0,
        after: int = 0,
        until: float = float("inf"),
    ) -> int:
        """Queue ``request`` to run for at most ``budget`` seconds once started; its id.

        ``not_before`` (a ``time.monotonic()`` instant) holds the task back until
        then, so a racer can start after another has had the cores to itself;
        ``after`` holds it until that task has ended (a lane of racers);
        ``until`` caps the budget of a task that starts late.
        """
        with self._lock:
            if self._closed:
                raise RuntimeError("the worker pool is closed")
            task = Task(next(_task_ids), request, budget, not_before, after, until)
            self._queue.append(task)
            self._dispatch()
            return task.id

    def external(self, runner: External, budget: float) -> int:
        """Race a process the caller started (E prover, say) as a task of this pool.

        The pool waits on its output with the workers', steps it when it is
        readable, and kills it ``budget`` seconds from now, at the caller's
        deadline, or when the task is cancelled: its id.
        """
        with self._lock:
            task = next(_task_ids)
            self._externals[task] = (runner, time.monotonic() + budget)
            return task

    def cancel(self, task: int) -> None:
        """Drop a queued task; ask a running one to stop (killed if it does not, promptly)."""
        with self._lock:
            if task in self._externals:
                runner, _ = self._externals.pop(task)
                runner.kill()
                return
            for queued in list(self._queue):
                if queued.id == task:
                    self._queue.remove(queued)
                    return
            for worker in self._workers:
                if worker is not None and worker.task == task and not worker.cancelled:
                    worker.cancelled = True
                    worker.cancel.value = task
                    worker.kill_at = min(worker.kill_at, time.monotonic() + CANCEL_GRACE)

    def stop(self, tasks: Collection[int]) -> None:
        """Drop ``tasks`` at once: queued ones are removed, running ones killed."""
        with self._lock:
            for task in tasks:
                slot = self._running(task)
                if slot is not None:
                    self._kill(slot, respawn=True)
                else:
                    self.cancel(task)

    def _dispatch(self) -> None:
        while self._queue:
            now = time.monotonic()
            task = next((t for t in self._queue if self._ready(t, now)), None)
            if task is None:
                return
            slot = self._idle_worker()
            if slot is None:
                return
            self._queue.remove(task)
            worker = self._workers[slot]
            seconds = max(0.01, min(task.budget, task.until - now))
            try:
                worker.conn.send((task.id, task.request, seconds))
            except (BrokenPipeError, OSError):
                self._kill(slot, respawn=True)
                self._queue.appendleft(task)
                continue
            worker.task = task.id
            worker.cancelled = False
            worker.kill_at = time.monotonic() + seconds + OVERRUN_GRACE

    def _ready(self, task: Task, now: float) -> bool:
        if task.not_before > now:
            return False
        if not task.after:
            return True
        gone = self._running(task.after) is None and task.after not in self._externals
        return gone and all(t.id != task.after for t in self._queue)

    def _running(self, task: int) -> int | None:
        for slot, worker in enumerate(self._workers):
            if worker is not None and worker.task == task:
                return slot
        return None

    def events(
        self, tasks: Collection[int], deadline: float, kill: bool = True
    ) -> Iterator[TaskEvent]:
        """What happens to ``tasks`` until all are done or ``deadline`` passes.

        A task that overruns its budget is killed (a DIED event, DEADLINE).
        At ``deadline`` every one of ``tasks`` still queued or running is
        reported DIED (DEADLINE) and its worker killed; with ``kill=False``
        the events simply stop and the tasks go on. A ``set`` is followed as it
        is: tasks the caller adds to it meanwhile are followed too, and tasks
        leave it as they end.
        """
        wanted = tasks if isinstance(tasks, set) else set(tasks)
        while wanted:
            with self._lock:
                yield from self._overdue(wanted)
                now = time.monotonic()
                if now >= deadline:
                    if kill:
                        for task in sorted(wanted):
                            self._drop(task)
                            yield TaskEvent(task, EventKind.DIED, death=Death.DEADLINE)
                    return
                slots = {
                    w.conn: slot for slot, w in enumerate(self._workers) if w is not None and w.task
                }
                runners = [runner for runner, _ in self._externals.values()]
                queued = [t for t in self._queue if t.id in wanted]
                if not slots and not runners and not queued:
                    return  # nothing of ours is queued or running (a bug elsewhere)
                wake = min(
                    [deadline]
                    + [w.kill_at for w in self._workers if w is not None and w.task]
                    + [kill_at for _, kill_at in self._externals.values()]
                    + [t.not_before for t in queued if t.not_before > now]
                )
                feeding = [r for r in runners if getattr(r, "writing", False)]
                if feeding:
                    wake = min(wake, now + 0.01)  # still feeding a problem to a process
            ready = wait_connections([*slots, *runners], timeout=max(0.0, wake - time.monotonic()))
            with self._lock:
                for source in ready:
                    if source in slots:
                        yield from self._worker_ready(source, slots[source], wanted)
                for runner in {*[r for r in ready if r not in slots], *feeding}:
                    yield from self._external_ready(runner, wanted)

    def _overdue(self, wanted: set[int]) -> Iterator[TaskEvent]:
        """Start what may start; kill what has overrun its budget."""
        self._dispatch()
        now = time.monotonic()
        for slot, worker in enumerate(self._workers):
            if worker is not None and worker.task and now >= worker.kill_at:
                task = worker.task
                self._kill(slot, respawn=True)
                if task in wanted:
                    wanted.discard(task)
                    yield TaskEvent(task, EventKind.DIED, death=Death.DEADLINE)
        for task, (runner, kill_at) in list(self._externals.items()):
            if now >= kill_at:
                del self._externals[task]
                runner.kill()
                if task in wanted:
                    wanted.discard(task)
                    yield TaskEvent(task, EventKind.DIED, death=Death.DEADLINE)
        self._dispatch()

    def _drop(self, task: int) -> None:
        slot = self._running(task)
        if slot is not None:
            self._kill(slot, respawn=True)
        else:
            self.cancel(task)

    def _external_ready(self, runner, wanted: set[int]) -> Iterator[TaskEvent]:
        found = [t for t, (r, _) in self._externals.items() if r is runner]
        if not found:
            return
        task = found[0]
        if not runner.step(0):
            return
        del self._externals[task]
        if task in wanted:
            wanted.discard(task)
            yield TaskEvent(task, EventKind.DONE, result=runner.result())

    def _worker_ready(self, conn, slot: int, wanted: set[int]) -> Iterator[TaskEvent]:
        worker = self._workers[slot]
        if worker is None or worker.conn is not conn:
            return
        try:
            task, kind, data = conn.recv()
        except (EOFError, OSError):
            task = worker.task
            self._kill(slot, respawn=True)
            if task in wanted:
                wanted.discard(task)
                yield TaskEvent(task, EventKind.DIED, death=Death.CRASHED)
            return
        if task == 0:  # the worker is warm (it said so before its first task)
            worker.ready = True
            return
        if kind == EventKind.DONE and task == worker.task:
            worker.task = 0
            worker.cancelled = False
        if task not in wanted:
            return  # a cancelled task's late word
        if kind == EventKind.DONE:
            wanted.discard(task)
            yield TaskEvent(task, EventKind.DONE, result=data)
        else:
            yield TaskEvent(task, EventKind.PROGRESS, progress=data)

    def run(self, request: Request, timeout: float) -> TaskEvent:
        """One task under a hard limit: its DONE or DIED event."""
        with self._lock:
            task = self.submit(request, timeout)
            last = TaskEvent(task, EventKind.DIED, death=Death.CRASHED)
            for event in self.events([task], time.monotonic() + timeout + OVERRUN_GRACE):
                if event.kind != EventKind.PROGRESS:
                    last = event
            return last


# Pools still open when the interpreter exits are closed, so no worker outlives us.
_OPEN_POOLS: weakref.WeakSet[Pool] = weakref.WeakSet()


def _close_open_pools() -> None:
    for pool in list(_OPEN_POOLS):
        try:
            pool.close()
        except Exception:  # pragma: no cover
            pass


atexit.register(_close_open_pools)
