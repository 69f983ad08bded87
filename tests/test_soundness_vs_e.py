"""Differential test: the referee and the E prover must never contradict each other.

300 seeded random boards built from the deck's own cards (tests/boardgen.py),
two questions each where possible: is the board consistent, and is one of its
statements redundant (entailed by the others)? The referee answers with a 1 s
limit; E answers the TPTP export (``--auto``, 1 s CPU). Wherever both decide,
they must agree. On top of that every piece of evidence is re-checked:

* a model or countermodel the referee shows must pass the independent
  evaluator (premises true, goal false);
* the premises the referee says it used for "entailed"/"inconsistent" must be
  enough on their own: E must not find a (counter)model of that subset.

The counts of what each side decided are printed (run with ``-s``) and
attached to the test report as properties.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import boardgen  # noqa: E402

from referee.logic.evaluate import check_model, evaluate  # noqa: E402
from referee.logic.export import to_tptp  # noqa: E402

BOARDS = 300
SEED = 20060101
REFEREE_TIMEOUT = 1.0
E_CPU_LIMIT = 1

pytestmark = [
    pytest.mark.skipif(shutil.which("eprover") is None, reason="eprover not installed"),
    pytest.mark.slow,  # the engine raced against E on hundreds of generated questions
    # one worker for the whole module, so its questions are raced once, not once a worker
    pytest.mark.xdist_group("soundness_vs_e"),
]

# What an SZS status says about each kind of question (None: E did not decide).
E_MEANING = {
    "consistency": {"Satisfiable": "consistent", "Unsatisfiable": "inconsistent"},
    "redundancy": {
        "Theorem": "entailed",
        "ContradictoryAxioms": "entailed",
        "CounterSatisfiable": "not_entailed",
    },
}


def e_status(problem: str, cpu: int = E_CPU_LIMIT) -> str:
    try:
        run = subprocess.run(
            ["eprover", "--auto", "-s", "--tstp-format", f"--cpu-limit={cpu}"],
            input=problem,
            capture_output=True,
            text=True,
            timeout=cpu + 10,
        )
    except subprocess.TimeoutExpired:
        return "WallTimeout"
    m = re.search(r"SZS status (\w+)", run.stdout)
    return m.group(1) if m else "NoStatus"


def e_answer(question: boardgen.Question, status: str) -> str | None:
    return E_MEANING[question.kind].get(status)


def _referee(engine, q: boardgen.Question):
    if q.kind == "consistency":
        return engine.consistency(q.premises)
    return engine.entailment(q.premises, q.goals)


def _describe(q: boardgen.Question) -> str:
    if q.kind == "consistency":
        return q.id + "\n  " + "\n  ".join(q.texts)
    *premises, goal = q.texts
    return q.id + "\n  " + "\n  ".join(premises) + "\n  ⊢ " + goal


@pytest.fixture(scope="module")
def results():
    from referee.logic.engine import Engine, Limits

    boards, qs = boardgen.generate_questions(BOARDS, seed=SEED)
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=2) as pool:
        e_jobs = {
            q.id: pool.submit(e_status, to_tptp(q.premises, q.goals, vocabulary=q.vocabulary))
            for q in qs
        }
        verdicts = {}
        core_jobs = {}
        with Engine(Limits(timeout=REFEREE_TIMEOUT)) as engine:
            for q in qs:
                v = _referee(engine, q)
                verdicts[q.id] = v
                if v.status.value in ("entailed", "inconsistent"):
                    used = [q.premises[i] for i in v.used]
                    core_jobs[q.id] = pool.submit(
                        e_status, to_tptp(used, q.goals, vocabulary=q.vocabulary)
                    )
        e_statuses = {k: f.result() for k, f in e_jobs.items()}
        core_statuses = {k: f.result() for k, f in core_jobs.items()}
    return {
        "boards": boards,
        "questions": qs,
        "verdicts": verdicts,
        "e": e_statuses,
        "core": core_statuses,
        "seconds": time.monotonic() - start,
    }


def test_enough_questions_and_both_sides_decide_most(results, record_property):
    qs = results["questions"]
    verdicts, e = results["verdicts"], results["e"]
    referee_decided = Counter(
        verdicts[q.id].status.value for q in qs if verdicts[q.id].status.value != "undetermined"
    )
    e_decided = Counter(e_answer(q, e[q.id]) for q in qs if e_answer(q, e[q.id]))
    both = sum(
        1
        for q in qs
        if verdicts[q.id].status.value != "undetermined" and e_answer(q, e[q.id]) is not None
    )
    summary = (
        f"{len(results['boards'])} boards, {len(qs)} questions in {results['seconds']:.1f} s; "
        f"referee decided {sum(referee_decided.values())} {dict(referee_decided)}; "
        f"E decided {sum(e_decided.values())} {dict(e_decided)}; both decided {both}"
    )
    print("\n" + summary)
    record_property("soundness_vs_e", summary)
    assert len(results["boards"]) >= 300
    assert len(qs) >= 500
    # Each kind of answer actually occurs, or the comparison would be hollow.
    for status in ("consistent", "inconsistent", "entailed", "not_entailed"):
        assert referee_decided[status] > 0, status
    assert both >= len(qs) // 2


def test_referee_and_e_never_disagree(results):
    disagreements = []
    for q in results["questions"]:
        ours = results["verdicts"][q.id].status.value
        theirs = e_answer(q, results["e"][q.id])
        if ours != "undetermined" and theirs is not None and ours != theirs:
            disagreements.append(
                f"{_describe(q)}\n  referee: {ours} ({results['verdicts'][q.id].evidence})"
                f"\n  E: {results['e'][q.id]}"
            )
    assert not disagreements, "\n\n".join(disagreements)


def test_models_pass_the_independent_evaluator(results):
    bad = []
    shown = 0
    for q in results["questions"]:
        v = results["verdicts"][q.id]
        if v.status.value not in ("consistent", "not_entailed"):
            continue
        assert v.model is not None, q.id
        shown += 1
        false = check_model(q.premises, v.model)
        if false or (q.goals and all(evaluate(g, v.model) for g in q.goals)):
            bad.append(f"{_describe(q)}\n  model {v.model.to_json()}")
    assert shown > 0
    assert not bad, "\n\n".join(bad)


def test_used_premises_suffice_according_to_e(results):
    """The statements the referee cites are enough: E finds no (counter)model of them alone."""
    bad = []
    for q in results["questions"]:
        status = results["core"].get(q.id)
        if status is None:
            continue
        v = results["verdicts"][q.id]
        if status in ("Satisfiable", "CounterSatisfiable"):
            cited = [q.texts[i] for i in v.used]
            bad.append(
                f"{_describe(q)}\n  referee: {v.status} using {cited}\n  E on those: {status}"
            )
    assert results["core"], "no entailed/inconsistent verdicts to check"
    assert not bad, "\n\n".join(bad)


def test_engine_reports_no_internal_bugs(results):
    """A model the engine's own evaluator rejected means to_z3 or the finder is wrong."""
    flagged = [
        f"{_describe(q)}\n  {results['verdicts'][q.id].flags}"
        for q in results["questions"]
        if getattr(results["verdicts"][q.id], "flags", ())
    ]
    assert not flagged, f"{len(flagged)} questions raised engine bug flags:\n\n" + "\n\n".join(
        flagged[:5]
    )
