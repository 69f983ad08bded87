"""Differential: the infinite-model finder against E and SPASS.

Saturation provers sometimes report "satisfiable" on boards with only
infinite models, with nothing to show. Wherever E or SPASS decides one of
our questions, the finder must agree: a model where they report
(counter)satisfiable, none where they report a proof. On generated boards
(tests/boardgen.py) every model the finder returns must pass the independent
check, and E must never prove the question it claims to refute.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import boardgen  # noqa: E402
from infinite_boards import (  # noqa: E402
    CONSISTENT,
    FATHERS,
    INCONSISTENT,
    NOT_ENTAILED,
    formulas,
    search,
)

from referee.logic.export import to_tptp  # noqa: E402
from referee.logic.infinite import Found  # noqa: E402
from referee.logic.infinite_check import confirm  # noqa: E402

pytestmark = pytest.mark.slow  # the finder raced against E and SPASS on generated boards

CPU = 1  # seconds each prover gets per question (they decide these at once or not at all)

HAVE_E = shutil.which("eprover") is not None
HAVE_SPASS = shutil.which("SPASS") is not None

SATISFIABLE, PROVED = "satisfiable", "proved"


def e_verdict(problem: str) -> str | None:
    run = subprocess.run(
        ["eprover", "--auto", "-s", f"--cpu-limit={CPU}"],
        input=problem,
        capture_output=True,
        text=True,
        timeout=CPU + 30,
    )
    m = re.search(r"SZS status (\w+)", run.stdout)
    status = m.group(1) if m else ""
    if status in ("Satisfiable", "CounterSatisfiable"):
        return SATISFIABLE
    if status in ("Theorem", "Unsatisfiable", "ContradictoryAxioms"):
        return PROVED
    return None


def spass_verdict(problem: str) -> str | None:
    with tempfile.NamedTemporaryFile("w", suffix=".p", delete=False) as f:
        f.write(problem)
    try:
        run = subprocess.run(
            ["SPASS", "-TPTP", f"-TimeLimit={CPU}", f.name],
            capture_output=True,
            text=True,
            timeout=CPU + 30,
        )
    finally:
        Path(f.name).unlink()
    if "SPASS beiseite: Completion found." in run.stdout:
        return SATISFIABLE
    if "SPASS beiseite: Proof found." in run.stdout:
        return PROVED
    return None


PROVERS = [
    pytest.param(e_verdict, marks=pytest.mark.skipif(not HAVE_E, reason="eprover not installed")),
    pytest.param(
        spass_verdict, marks=pytest.mark.skipif(not HAVE_SPASS, reason="SPASS not installed")
    ),
]


def hand_written(vocab):
    """(name, premises, goals, does a model exist) for every hand-written question."""
    out = []
    for name, texts in CONSISTENT.items():
        out.append((name, formulas(texts, vocab), [], True))
    for name, (premises, goal) in NOT_ENTAILED.items():
        out.append((name, formulas(premises, vocab), formulas([goal], vocab), True))
    for name, texts in INCONSISTENT.items():
        out.append((name, formulas(texts, vocab), [], False))
    out.append(
        (
            "fathers entail their own transitivity",
            formulas(FATHERS, vocab),
            formulas(FATHERS[1:2], vocab),
            False,
        )
    )
    return out


@pytest.mark.parametrize("prover", PROVERS)
def test_finder_agrees_with_the_prover_wherever_it_decides(prover, vocab, record_property):
    decided = Counter()
    disagreements = []
    questions = hand_written(vocab)
    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(lambda q: prover(to_tptp(q[1], q[2], vocabulary=vocab)), questions))
    for (name, premises, goals, _), theirs in zip(questions, answers, strict=True):
        if theirs is None:
            continue
        decided[theirs] += 1
        r = search(premises, goals, seconds=20.0 if theirs == SATISFIABLE else 1.5)
        ours = SATISFIABLE if r.found is Found.MODEL else PROVED
        if ours == SATISFIABLE:
            assert confirm(premises, goals, r.model) is None, name
        if ours != theirs:
            disagreements.append(f"{name}: {prover.__name__} {theirs}, finder {r.found}")
    assert not disagreements, "\n".join(disagreements)
    record_property(f"{prover.__name__}_decided", dict(decided))
    # Not hollow: the prover reported both kinds on these questions.
    assert decided[SATISFIABLE] >= 3 and decided[PROVED] >= 2, decided


@pytest.mark.skipif(not HAVE_E, reason="eprover not installed")
def test_models_of_generated_boards_are_never_refuted_by_e(record_property):
    """A small sample (the machine is shared): 12 boards, about 25 questions."""
    boards, questions = boardgen.generate_questions(12, seed=20260101)
    found = 0
    for q in questions:
        r = search(q.premises, q.goals, seconds=0.6)
        if r.found is not Found.MODEL:
            continue
        found += 1
        assert confirm(q.premises, q.goals, r.model) is None, q.id
        verdict = e_verdict(to_tptp(q.premises, q.goals, vocabulary=q.vocabulary))
        assert verdict != PROVED, f"{q.id}: E proves what the finder refutes: {r.model.lines()}"
    record_property("infinite_models_on_generated", f"{found} of {len(questions)}")
    assert found >= 3
