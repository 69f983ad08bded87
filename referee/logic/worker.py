"""Hard wall-clock and memory limits: solver work runs in killable worker processes.

Z3's timeouts are soft (it may overrun them, Z3 issues 3065 and 7234) and a
solver can exhaust memory, so the parent process never runs Z3. A small pool
of warm workers (started from a ``forkserver`` that has Z3 already imported,
so a replacement starts in milliseconds) receives tasks as pickled plain data
(our AST is frozen dataclasses), and the parent waits with a deadline. A
worker that overruns is killed with SIGKILL and replaced; a worker that dies
(for example on its RLIMIT_AS memory cap) is replaced too. A task that is no
longer needed is cancelled cooperatively (Z3's interrupt, checked between
sizes by the model finder) and killed if it does not stop promptly.

Messages from a worker: ``(task_id, "progress", data)`` any number of times,
then ``(task_id, "done", result_dict)``. Results of cancelled tasks are
discarded by id.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import multiprocessing as mp
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import wait as wait_connections

# ----------------------------------------------------------------- worker side

_PRELOAD = ["referee.logic.worker", "referee.logic.prover", "referee.logic.finder"]


def _set_memory_limit(memory_mb: int | None) -> None:
    if not memory_mb:
        return
    try:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # pragma: no cover - platform without rlimits
        pass


def _task_prove(payload: dict, progress, cancelled, ctx=None) -> dict:
    from referee.logic.prover import prove

    return prove(
        payload["premises"],
        payload["negated_goal"],
        payload["predicates"],
        payload["functions"],
        deadline=time.monotonic() + payload["budget"],
        minimise=payload.get("minimise", True),
        cancelled=cancelled,
        ctx=ctx,
        progress=progress,
    )


def _task_find(payload: dict, progress, cancelled, ctx=None) -> dict:
    from referee.logic.finder import find_model

    return find_model(
        payload["premises"],
        payload["negated_goal"],
        payload["predicates"],
        payload["functions"],
        deadline=time.monotonic() + payload["budget"],
        max_size=payload.get("max_size"),
        progress=lambda k, core: progress({"size": k, "core": core}),
        minimise=payload.get("minimise", True),
        cancelled=cancelled,
        ctx=ctx,
    )


def _task_sleep(payload: dict, progress, cancelled, ctx=None) -> dict:
    """Test hook: a task that ignores every timeout and cancellation (like a stuck solver)."""
    time.sleep(payload["seconds"])
    return {"status": "slept"}


def _task_allocate(payload: dict, progress, cancelled, ctx=None) -> dict:
    """Test hook: grab memory until the RLIMIT_AS cap stops the worker."""
    hog = []
    for _ in range(payload["megabytes"]):
        hog.append(bytearray(1024 * 1024))
    return {"status": "allocated", "megabytes": len(hog)}


def _task_ping(payload: dict, progress, cancelled, ctx=None) -> dict:
    return {"status": "pong", "pid": os.getpid()}


TASKS = {
    "prove": _task_prove,
    "find": _task_find,
    "sleep": _task_sleep,
    "allocate": _task_allocate,
    "ping": _task_ping,
}


def worker_main(conn, cancel_value, memory_mb: int | None) -> None:
    """The loop a worker process runs until its pipe closes."""
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
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        task_id, kind, payload = message
        contexts[task_id] = z3.Context()
        current[0] = task_id

        def progress(data, _id=task_id) -> None:
            conn.send((_id, "progress", data))

        try:
            result = TASKS[kind](payload, progress, cancelled, contexts[task_id])
        except MemoryError:
            result = {"status": "error", "error": "out of memory"}
        except Exception as exc:  # a bug in a task must not kill the worker silently
            if cancelled():
                result = {"status": "cancelled"}
            else:
                result = {"status": "error", "error": f"{type(exc).__name__}: {exc}"}
        current[0] = 0
        contexts.pop(task_id, None)
        # Models travel as JSON-shaped plain data (Model holds mappingproxies).
        if hasattr(result.get("model"), "to_json"):
            result["model"] = result["model"].to_json()
        try:
            conn.send((task_id, "done", result))
        except (BrokenPipeError, OSError):
            return


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
class Worker:
    process: object
    conn: object
    cancel: object
    busy: int = 0  # id of the task it is working on (0: idle)
    cancelled: set = field(default_factory=set)

    def alive(self) -> bool:
        return self.process.is_alive()


@dataclass
class Event:
    task: int
    worker: int
    kind: str  # "progress", "done", "died"
    data: dict


class Pool:
    """At most ``size`` warm worker processes; hard deadlines by SIGKILL."""

    def __init__(self, size: int = 2, memory_mb: int | None = 2048):
        self.size = size
        self.memory_mb = memory_mb
        self.workers: list[Worker | None] = [None] * size
        self.lock = threading.RLock()
        self.restarts = 0

    # -- lifecycle
    def _spawn(self, slot: int) -> Worker:
        ctx = _context()
        parent, child = ctx.Pipe()
        cancel = ctx.Value("q", 0, lock=False)
        process = ctx.Process(
            target=worker_main,
            args=(child, cancel, self.memory_mb),
            daemon=True,
            name=f"referee-worker-{slot}",
        )
        with _main_module_hidden():
            process.start()
        child.close()
        worker = Worker(process, parent, cancel)
        self.workers[slot] = worker
        return worker

    def _worker(self, slot: int) -> Worker:
        worker = self.workers[slot]
        if worker is None or not worker.alive():
            if worker is not None:
                self._discard(slot)
            worker = self._spawn(slot)
        return worker

    def _discard(self, slot: int) -> None:
        worker = self.workers[slot]
        self.workers[slot] = None
        if worker is None:
            return
        try:
            worker.process.kill()
        except Exception:  # pragma: no cover
            pass
        worker.process.join(timeout=1.0)
        try:
            worker.conn.close()
        except Exception:  # pragma: no cover
            pass

    def kill(self, slot: int) -> None:
        """Kill the worker in ``slot`` (SIGKILL) and start its replacement."""
        with self.lock:
            self._discard(slot)
            self.restarts += 1
            self._spawn(slot)

    def warm(self, timeout: float = 10.0) -> bool:
        """Start every worker and wait until each has answered a ping.

        A question's limit should be spent on the question, not on starting
        processes: callers with short limits (derivation steps) warm first.
        """
        with self.lock:
            tasks = {self.submit(slot, "ping", {}): slot for slot in range(self.size)}
            answered = 0
            for event in self.events(tasks, time.monotonic() + timeout):
                answered += event.kind == "done"
            return answered == len(tasks)

    def close(self) -> None:
        with self.lock:
            for slot, worker in enumerate(self.workers):
                if worker is None:
                    continue
                try:
                    worker.conn.send(None)
                except Exception:
                    pass
                worker.process.join(timeout=0.2)
                self._discard(slot)

    # -- tasks
    def submit(self, slot: int, kind: str, payload: dict) -> int:
        """Start a task on the worker in ``slot``; returns the task id."""
        with self.lock:
            worker = self._worker(slot)
            if worker.busy:
                self._drain(slot, time.monotonic() + 0.2)
                worker = self._worker(slot)
                if worker.busy:
                    self.kill(slot)
                    worker = self.workers[slot]
            task = next(_task_ids)
            try:
                worker.conn.send((task, kind, payload))
            except (BrokenPipeError, OSError):
                self.kill(slot)
                worker = self.workers[slot]
                worker.conn.send((task, kind, payload))
            worker.busy = task
            return task

    def _drain(self, slot: int, deadline: float) -> None:
        """Read stale messages until the worker is idle or the deadline passes."""
        worker = self.workers[slot]
        while worker is not None and worker.busy:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not worker.conn.poll(remaining):
                return
            try:
                task, kind, _ = worker.conn.recv()
            except (EOFError, OSError):
                self.kill(slot)
                return
            if kind == "done" and task == worker.busy:
                worker.busy = 0

    def cancel(self, slot: int, task: int) -> None:
        """Ask the worker to stop ``task`` (it stays warm; killed later if it ignores us)."""
        worker = self.workers[slot]
        if worker is not None and worker.busy == task:
            worker.cancel.value = task

    def events(self, tasks: dict[int, int], deadline: float, kill: bool = True):
        """Yield Events for the given {task: slot} until all are done or the deadline passes.

        When the deadline passes, the workers still running those tasks are
        killed and replaced, and a "died" event with reason "deadline" is
        yielded for each (with ``kill=False`` the tasks are left running).
        """
        pending = dict(tasks)
        while pending:
            conns = {}
            for task, slot in pending.items():
                worker = self.workers[slot]
                if worker is None or worker.busy != task:
                    continue
                conns[worker.conn] = (task, slot)
            if not conns:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                if not kill:
                    return
                for task, slot in list(pending.items()):
                    self.kill(slot)
                    pending.pop(task)
                    yield Event(task, slot, "died", {"reason": "deadline"})
                return
            for conn in wait_connections(list(conns), timeout=remaining):
                task, slot = conns[conn]
                worker = self.workers[slot]
                try:
                    got_task, kind, data = conn.recv()
                except (EOFError, OSError):
                    self.kill(slot)
                    pending.pop(task, None)
                    yield Event(task, slot, "died", {"reason": "crashed"})
                    continue
                if kind == "done" and got_task == worker.busy:
                    worker.busy = 0
                if got_task != task:
                    continue
                if kind == "done":
                    pending.pop(task, None)
                yield Event(task, slot, kind, data)

    def run(self, kind: str, payload: dict, timeout: float, slot: int = 0) -> dict:
        """One task under a hard limit: its result, or {"status": "timeout" | "crashed"}."""
        with self.lock:
            task = self.submit(slot, kind, payload)
            for event in self.events({task: slot}, time.monotonic() + timeout):
                if event.kind == "done":
                    return event.data
                if event.kind == "died":
                    return {
                        "status": "timeout" if event.data["reason"] == "deadline" else "crashed"
                    }
            return {"status": "crashed"}


_POOL: Pool | None = None
_POOL_LOCK = threading.Lock()


def shared_pool(memory_mb: int | None = 2048, size: int = 2) -> Pool:
    """The module-level warm pool (created on first use, replaced if the limits change)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None and (_POOL.memory_mb != memory_mb or _POOL.size != size):
            _POOL.close()
            _POOL = None
        if _POOL is None:
            _POOL = Pool(size=size, memory_mb=memory_mb)
        return _POOL


def shutdown_shared_pool() -> None:
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None:
            _POOL.close()
            _POOL = None


atexit.register(shutdown_shared_pool)
