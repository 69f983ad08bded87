"""The outside provers the benchmark compares the referee with, each behind a hard limit.

Every prover runs in its own process with a wall-clock limit, so none can hang
the run. Answers are normalised to the referee's words: for a consistency
question ``consistent``/``inconsistent``, for an entailment question
``entailed``/``not_entailed``; ``None`` when the prover did not decide.

* E: ``eprover --auto -s --tstp-format --cpu-limit=N`` on the TPTP export,
  answer read from the ``SZS status`` line.
* Z3: the ``z3`` binary of the z3-solver wheel (``z3 -in -smt2 -t:MS``) on the
  SMT-LIB export; one ``check-sat``.
* e-racer: E as the engine would race it (``referee.logic.e_prover``): the
  engine's own NNF formulas, the lean refutation writer, a killable process
  group; timed in this process around the call, writer included.
* cvc5: the cvc5 PyPI package ships no binary, so this file doubles as a tiny
  cvc5 front end (``python benchmarks/provers.py cvc5 MS < problem.smt2``)
  that runs the SMT-LIB script through cvc5's ``InputParser`` with
  ``finite-model-find`` and ``tlimit-per``. Its Python start-up (about 0.05 s
  on this machine) is part of the measured time.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

VENV_BIN = Path(sys.executable).parent
SAT_MEANING = {
    ("consistency", "sat"): "consistent",
    ("consistency", "unsat"): "inconsistent",
    ("entailment", "sat"): "not_entailed",
    ("entailment", "unsat"): "entailed",
}
SZS_MEANING = {
    "consistency": {
        "Satisfiable": "consistent",
        "Unsatisfiable": "inconsistent",
    },
    "entailment": {
        "Theorem": "entailed",
        "ContradictoryAxioms": "entailed",
        "CounterSatisfiable": "not_entailed",
    },
}


def _run(cmd: list[str], text: str, wall: float) -> tuple[str, float, bool]:
    start = time.perf_counter()
    try:
        run = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=wall)
        out = run.stdout + run.stderr
        killed = False
    except subprocess.TimeoutExpired as exc:
        out = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        killed = True
    return out, time.perf_counter() - start, killed


def eprover(tptp: str, kind: str, timeout: float) -> tuple[str | None, str, float]:
    cpu = max(1, math.ceil(timeout))
    out, secs, killed = _run(
        ["eprover", "--auto", "-s", "--tstp-format", f"--cpu-limit={cpu}"], tptp, timeout + 2
    )
    m = re.search(r"SZS status (\w+)", out)
    raw = "killed" if killed else (m.group(1) if m else "no-status")
    return SZS_MEANING[kind].get(raw), raw, secs


def e_racer(premises, goals, kind: str, timeout: float) -> tuple[str | None, str, float]:
    """E through ``prove_with_e`` on the question in the engine's form."""
    from referee.language.ast import Falsum, Not
    from referee.logic.e_prover import EStatus, prove_with_e
    from referee.logic.normalform import big_and, expand_unique, nnf

    start = time.perf_counter()
    prepared = [nnf(expand_unique(p)) for p in premises]
    if not goals or any(isinstance(g, Falsum) for g in goals):
        negated_goal = None
    else:
        negated_goal = nnf(expand_unique(Not(big_and(goals))))
    r = prove_with_e(prepared, negated_goal, time.monotonic() + timeout)
    secs = time.perf_counter() - start
    consistency = kind == "consistency"
    if r.status == EStatus.PROOF:
        return ("inconsistent" if consistency else "entailed"), r.szs, secs
    if r.status == EStatus.SATURATED:
        return ("consistent" if consistency else "not_entailed"), r.szs, secs
    return None, str(r.status), secs


def z3_binary() -> str:
    found = VENV_BIN / "z3"
    return str(found) if found.exists() else (shutil.which("z3") or "z3")


def z3(smt: str, kind: str, timeout: float) -> tuple[str | None, str, float]:
    ms = max(1, int(timeout * 1000))
    out, secs, killed = _run([z3_binary(), "-in", "-smt2", f"-t:{ms}"], smt, timeout + 2)
    raw = "killed" if killed else _first_answer(out)
    return SAT_MEANING.get((kind, raw)), raw, secs


def cvc5(smt: str, kind: str, timeout: float) -> tuple[str | None, str, float]:
    ms = max(1, int(timeout * 1000))
    out, secs, killed = _run(
        [sys.executable, str(Path(__file__).resolve()), "cvc5", str(ms)], smt, timeout + 3
    )
    raw = "killed" if killed else _first_answer(out)
    return SAT_MEANING.get((kind, raw)), raw, secs


def _first_answer(out: str) -> str:
    for line in out.splitlines():
        words = line.split()
        word = words[0] if words else ""
        if word in ("sat", "unsat", "unknown"):
            return word
        if word.startswith("(error"):
            return "error"
        if word == "timeout":
            return "timeout"
    return "no-answer"


def _cvc5_main(ms: int) -> None:
    import cvc5 as c

    script = sys.stdin.read()
    tm = c.TermManager()
    solver = c.Solver(tm)
    solver.setOption("finite-model-find", "true")
    solver.setOption("tlimit-per", str(ms))
    symbols = c.SymbolManager(tm)
    parser = c.InputParser(solver, symbols)
    parser.setStringInput(c.InputLanguage.SMT_LIB_2_6, script, "problem")
    while True:
        cmd = parser.nextCommand()
        if cmd.isNull():
            break
        out = cmd.invoke(solver, symbols)
        if out.strip():
            print(out.strip(), flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "cvc5":
        _cvc5_main(int(sys.argv[2]))
    else:
        sys.exit("usage: provers.py cvc5 MILLISECONDS < problem.smt2")
