"""One command: build the corpus, ask every question of every prover, write RESULTS.md.

    .venv/bin/python benchmarks/run.py            # defaults as in RESULTS.md

Corpus:
* generated boards (tests/boardgen.py, seeded): consistency of each board and
  redundancy of one statement;
* grown boards (benchmarks/grow.py, seeded): 8-13 statements added one at a
  time while the board stays consistent; consistency and the redundancy of
  three statements each;
* the hand-written boards in examples/boards/: consistency, and redundancy of
  every statement that does not name anything;
* the TPTP FOF problems of ../shared/benchmarks/tptp/ (INDEX.tsv gives
  their known SZS status).

Provers, each with the same per-question limit: the referee (Engine, in
process, its worker pool warmed up first), Z3 alone (the z3 binary on the
SMT-LIB export), E (TPTP export), E as the engine would race it (e-racer:
``referee.logic.e_prover`` on the engine's formulas), cvc5 with finite model
finding (SMT-LIB export). Questions run one after the other so timings do not compete with
each other (other users of the machine still do: the load is recorded).

A wrong answer is one that contradicts the known status (TPTP), or, when no
status is known, the unanimous answer of the other provers that decided.
Questions where deciders disagree with no known status are listed as
disputed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))

import boardgen  # noqa: E402
import grow  # noqa: E402
import provers  # noqa: E402
import tptp_reader  # noqa: E402

from referee.language import ast  # noqa: E402
from referee.language.vocabulary import Vocabulary  # noqa: E402
from referee.logic.export import to_smtlib, to_tptp  # noqa: E402

PROVERS = ("referee", "z3", "eprover", "e-racer", "cvc5")
NOTES_MARKER = "<!-- written by hand below: kept when the benchmark is run again -->"
SOURCES = ("generated", "grown", "examples", "tptp")


@dataclass
class Question:
    id: str
    source: str  # generated / examples / tptp
    kind: str  # consistency / entailment
    premises: list[ast.Formula]
    goals: list[ast.Formula]
    vocabulary: Vocabulary
    expected: str | None = None  # from a known SZS status


# ---------------------------------------------------------------- corpus


def generated_questions(count: int, seed: int) -> list[Question]:
    _, qs = boardgen.generate_questions(count, seed=seed)
    return [
        Question(
            q.id,
            "generated",
            "consistency" if q.kind == "consistency" else "entailment",
            q.premises,
            q.goals,
            q.vocabulary,
        )
        for q in qs
    ]


def grown_questions(count: int, seed: int, per_board: int, log) -> list[Question]:
    start = time.perf_counter()
    boards, grower = grow.grow_boards(count, seed)
    log(
        f"grew {count} boards in {time.perf_counter() - start:.0f} s "
        f"({grower.checks} consistency checks, {grower.unjudged} unjudged)"
    )
    out = []
    for board in boards:
        for q in grow.questions(board, per_board):
            kind = "consistency" if q.kind == "consistency" else "entailment"
            out.append(Question(q.id, "grown", kind, q.premises, q.goals, q.vocabulary))
    return out


def example_questions(directory: Path, deck_path: Path | None) -> list[Question]:
    from referee.language.boardfile import parse_board
    from referee.language.deck import load_deck_text
    from referee.language.naming import statement_formula
    from referee.resources import default_deck_path

    deck = load_deck_text((deck_path or default_deck_path()).read_text(encoding="utf-8"))
    out = []
    for path in sorted(directory.glob("*.txt")):
        board = parse_board(path.read_text(encoding="utf-8"), deck.vocabulary, path.name)
        fs = [statement_formula(s) for s in board.statements]
        out.append(
            Question(
                f"{path.stem}/consistency", "examples", "consistency", fs, [], board.vocabulary
            )
        )
        for i, stmt in enumerate(board.statements):
            if stmt.naming is not None or len(fs) < 2:
                continue
            out.append(
                Question(
                    f"{path.stem}/redundant-{i + 1}",
                    "examples",
                    "entailment",
                    fs[:i] + fs[i + 1 :],
                    [fs[i]],
                    board.vocabulary,
                )
            )
    return out


def tptp_questions(directory: Path) -> list[Question]:
    out = []
    for name, status in tptp_reader.read_index(directory):
        p = tptp_reader.read_file(directory / name)
        out.append(
            Question(
                f"tptp/{name}",
                "tptp",
                "entailment" if p.goals else "consistency",
                p.premises,
                p.goals,
                p.vocabulary,
                p.expected(status),
            )
        )
    return out


# ---------------------------------------------------------------- running


def _referee_server(conn, timeout: float, memory_mb: int) -> None:
    """Child process: a warm Engine answering questions sent over ``conn``.

    It runs in its own session with an address-space limit, so a question the
    engine cannot bound (work it does outside its killable workers) costs this
    process, not the machine: the parent kills the whole group and starts over.
    """
    import resource

    os.setsid()
    limit = memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    from referee.logic.engine import Engine, Limits

    with Engine(Limits(timeout=timeout)) as engine:
        if hasattr(engine, "warm"):
            engine.warm()
        conn.send("ready")
        while True:
            msg = conn.recv()
            if msg is None:
                return
            kind, premises, goals, preds, funcs = msg
            start = time.perf_counter()
            if kind == "consistency":
                v = engine.consistency(premises)
            else:
                v = engine.entailment(premises, goals)
            secs = time.perf_counter() - start
            solver = v.evidence.solver.value if v.evidence.solver is not None else "-"
            conn.send((v.status.value, bool(v.flags), secs, solver))


class Referee:
    """The referee behind a hard wall-clock and memory limit of its own."""

    def __init__(self, timeout: float, grace: float = 10.0, memory_mb: int = 4096) -> None:
        self.timeout, self.grace, self.memory_mb = timeout, grace, memory_mb
        self.proc = None
        self.killed = 0

    def _start(self) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(
            target=_referee_server, args=(child, self.timeout, self.memory_mb), daemon=False
        )
        self.proc.start()
        if not self.conn.poll(120) or self.conn.recv() != "ready":
            raise RuntimeError("the referee process did not start")

    def _kill(self) -> None:
        import signal

        if self.proc is not None and self.proc.pid:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # the child and its workers
            except ProcessLookupError:
                pass
            self.proc.join(5)
        self.proc = None

    def ask(self, q: Question) -> tuple[str | None, str, float]:
        if self.proc is None:
            self._start()
        start = time.perf_counter()
        msg = (
            q.kind,
            q.premises,
            q.goals,
            dict(q.vocabulary.predicates),
            dict(q.vocabulary.functions),
        )
        self.conn.send(msg)
        if self.conn.poll(self.timeout + self.grace):
            try:
                status, flagged, secs, solver = self.conn.recv()
            except EOFError:  # the process died (e.g. out of memory)
                self._kill()
                self.killed += 1
                return None, "crashed", time.perf_counter() - start
            raw = f"{status} by {solver}" + (" FLAGS" if flagged else "")
            return (None if status == "undetermined" else status), raw, secs
        self._kill()
        self.killed += 1
        return None, "killed", time.perf_counter() - start

    def close(self) -> None:
        if self.proc is not None:
            try:
                self.conn.send(None)
                self.proc.join(10)
            finally:
                self._kill()


def run(questions: list[Question], timeout: float, log) -> dict:
    results: dict[str, dict] = {}
    referee = Referee(timeout)
    try:
        for n, q in enumerate(questions, 1):
            tptp = to_tptp(q.premises, q.goals, vocabulary=q.vocabulary)
            smt = to_smtlib(q.premises, q.goals, vocabulary=q.vocabulary)
            row = {
                "referee": referee.ask(q),
                "z3": provers.z3(smt, q.kind, timeout),
                "eprover": provers.eprover(tptp, q.kind, timeout),
                "e-racer": provers.e_racer(q.premises, q.goals, q.kind, timeout),
                "cvc5": provers.cvc5(smt, q.kind, timeout),
            }
            if row["referee"][1] in ("killed", "crashed"):
                log(f"{q.id}: referee {row['referee'][1]} after {row['referee'][2]:.1f} s")
            results[q.id] = row
            if n % 25 == 0 or n == len(questions):
                log(f"{n}/{len(questions)} questions")
    finally:
        referee.close()
    return results


# ---------------------------------------------------------------- scoring


def reference(q: Question, row: dict, exclude: str | None) -> tuple[str | None, str]:
    """The answer to judge a prover by: the known status, else the others' consensus."""
    if q.expected is not None:
        return q.expected, "known"
    others = {row[p][0] for p in PROVERS if p != exclude and row[p][0] is not None}
    if len(others) == 1:
        return others.pop(), "consensus"
    return None, "disputed" if others else "none"


def score(questions: list[Question], results: dict) -> dict:
    table = {}
    for p in PROVERS:
        times = sorted(results[q.id][p][2] for q in questions)
        decided = [q for q in questions if results[q.id][p][0] is not None]
        wrong = []
        for q in decided:
            ref, how = reference(q, results[q.id], p)
            if ref is not None and results[q.id][p][0] != ref:
                wrong.append((q.id, results[q.id][p][0], ref, how))
        by_source = Counter(q.source for q in decided)
        table[p] = {
            "decided": len(decided),
            "by_source": dict(by_source),
            "wrong": wrong,
            "median": statistics.median(times),
            "p90": _percentile(times, 0.90),
            "p95": _percentile(times, 0.95),
            "max": times[-1],
            "decided_median": statistics.median(
                [results[q.id][p][2] for q in decided] or [float("nan")]
            ),
        }
    disputed = []
    for q in questions:
        answers = {p: results[q.id][p][0] for p in PROVERS if results[q.id][p][0] is not None}
        if q.expected is None and len(set(answers.values())) > 1:
            disputed.append((q.id, answers))
    return {"provers": table, "disputed": disputed}


def _percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def markdown(questions, results, scores, args, seconds, load) -> str:
    total = len(questions)
    sources = Counter(q.source for q in questions)
    known = sum(1 for q in questions if q.expected is not None)
    lines = [
        "# Benchmark results",
        "",
        "Produced by one run of:",
        "",
        "```",
        args.command,
        "```",
        "",
        f"Code: commit {_git_head()} (working tree as it was during the run). "
        f"Machine: {platform.platform()}, {os.cpu_count()} cores shared with other users "
        f"(load average {load[0]:.2f} at start, {load[1]:.2f} at the end). "
        f"Per-question limit: {args.timeout:g} s for every prover. Wall time of the run: "
        f"{seconds / 60:.1f} min.",
        "",
        f"Corpus: {total} questions: {sources['generated']} from {args.boards} generated boards "
        f"(seed {args.seed}), {sources['grown']} from {args.grown} grown boards "
        f"(seed {args.grown_seed}), {sources['examples']} from examples/boards/, "
        f"{sources['tptp']} TPTP FOF problems ({known} with a known status).",
        "",
        "| prover | decided | generated | grown | examples | tptp | wrong "
        "| median s | p90 s | p95 s | max s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for p in PROVERS:
        s = scores["provers"][p]
        bs = s["by_source"]
        lines.append(
            f"| {p} | {s['decided']}/{total} ({100 * s['decided'] / total:.0f}%) "
            f"| {bs.get('generated', 0)}/{sources['generated']} "
            f"| {bs.get('grown', 0)}/{sources['grown']} "
            f"| {bs.get('examples', 0)}/{sources['examples']} "
            f"| {bs.get('tptp', 0)}/{sources['tptp']} "
            f"| {len(s['wrong'])} | {s['median']:.3f} | {s['p90']:.3f} | {s['p95']:.3f} "
            f"| {s['max']:.3f} |"
        )
    ref = scores["provers"]["referee"]
    lines += [
        "",
        "Times are wall-clock seconds per question over all questions (undecided ones "
        "count with the time they took, at most about the limit). The outside provers "
        "run as fresh processes, so their times include process start-up (cvc5 also "
        "Python start-up, about 0.05 s); the referee's time is measured around the "
        "Engine call inside a long-lived child process whose worker pool is already "
        "started (what a game pays per question).",
        "",
        "Decided by no prover: "
        + str(sum(1 for q in questions if all(results[q.id][p][0] is None for p in PROVERS)))
        + ". Decided by one prover only: "
        + (
            ", ".join(
                f"{p} {n}"
                for p, n in Counter(
                    next(p for p in PROVERS if results[q.id][p][0] is not None)
                    for q in questions
                    if sum(results[q.id][p][0] is not None for p in PROVERS) == 1
                ).items()
            )
            or "none"
        )
        + ".",
        "",
        "Which racer settled the referee's answers: "
        + ", ".join(
            f"{solver} {n}"
            for solver, n in Counter(
                results[q.id]["referee"][1].split(" by ")[-1].split()[0]
                for q in questions
                if results[q.id]["referee"][0] is not None
            ).most_common()
        )
        + ". Decided by the referee only, with a model over ℕ or ℤ (no peer decided): "
        + str(
            sum(
                1
                for q in questions
                if " by infinite" in results[q.id]["referee"][1]
                and all(results[q.id][p][0] is None for p in PROVERS if p != "referee")
            )
        )
        + ".",
        "",
        "Median ratios (other prover / referee) in this run: "
        + ", ".join(
            f"{p} {scores['provers'][p]['median'] / ref['median']:.1f}×"
            for p in PROVERS
            if p != "referee" and ref["median"] > 0
        )
        + ".",
        "",
        "## Wrong answers",
        "",
        "Judged against the known SZS status where there is one, else against the "
        "unanimous answer of the other provers that decided.",
        "",
    ]
    any_wrong = False
    for p in PROVERS:
        for qid, said, ref_answer, how in scores["provers"][p]["wrong"]:
            any_wrong = True
            lines.append(f"- {p} on `{qid}`: said {said}, {how} answer is {ref_answer}")
    if not any_wrong:
        lines.append("None.")
    lines += ["", "## Disputed (no known status, deciders disagree)", ""]
    if scores["disputed"]:
        for qid, answers in scores["disputed"]:
            lines.append(f"- `{qid}`: " + ", ".join(f"{p} {a}" for p, a in answers.items()))
    else:
        lines.append("None.")
    killed = [
        (qid, row["referee"])
        for qid, row in results.items()
        if row["referee"][1] in ("killed", "crashed")
    ]
    lines += [
        "",
        "## Referee past its own limit",
        "",
        "The referee runs in a child process that the benchmark kills when a question takes "
        "longer than the limit plus 10 s, or when it passes 4 GB of memory; such questions "
        "count as undecided.",
        "",
    ]
    for qid, (_, raw, secs) in killed:
        lines.append(f"- `{qid}`: {raw} after {secs:.1f} s")
    if not killed:
        lines.append("None.")
    flagged = [qid for qid, row in results.items() if row["referee"][1].endswith("FLAGS")]
    lines += [
        "",
        "## Referee internal flags",
        "",
        f"{len(flagged)} questions where the engine logged a model its own evaluator rejected "
        "(the verdict then ignored that model; these point at bugs in the engine's model "
        "extraction or finder, not at wrong verdicts).",
    ]
    if flagged:
        lines.append("First ones: " + ", ".join(f"`{q}`" for q in flagged[:10]))
    lines += [
        "",
        "Raw per-question answers and times: `benchmarks/results.json` (written by the same run).",
        "",
    ]
    return "\n".join(lines)


def _git_head() -> str:
    import subprocess

    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=200, help="generated boards")
    ap.add_argument("--seed", type=int, default=20061122)
    ap.add_argument("--grown", type=int, default=40, help="grown boards (8-13 statements)")
    ap.add_argument("--grown-seed", type=int, default=20061123)
    ap.add_argument("--per-board", type=int, default=3, help="redundancy questions per grown board")
    ap.add_argument(
        "--sources",
        default=",".join(SOURCES),
        help=f"comma-separated subset of {','.join(SOURCES)}",
    )
    ap.add_argument("--timeout", type=float, default=2.0, help="seconds per question per prover")
    ap.add_argument("--tptp", type=Path, default=ROOT.parent / "shared" / "benchmarks" / "tptp")
    ap.add_argument("--examples", type=Path, default=ROOT / "examples" / "boards")
    ap.add_argument("--deck", type=Path, default=None)
    ap.add_argument("--limit", type=int, default=None, help="only the first N questions (smoke)")
    ap.add_argument("--out", type=Path, default=HERE / "RESULTS.md")
    ap.add_argument("--json", type=Path, default=HERE / "results.json")
    args = ap.parse_args(argv)
    args.command = " ".join(
        [".venv/bin/python benchmarks/run.py", *(sys.argv[1:] if argv is None else argv)]
    )

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    sources = set(args.sources.split(","))
    if sources - set(SOURCES):
        ap.error(f"unknown source(s): {', '.join(sorted(sources - set(SOURCES)))}")
    questions = []
    if "generated" in sources:
        questions += generated_questions(args.boards, args.seed)
    if "grown" in sources and args.grown:
        questions += grown_questions(args.grown, args.grown_seed, args.per_board, log)
    if "examples" in sources and args.examples.is_dir():
        questions += example_questions(args.examples, args.deck)
    if "tptp" in sources and args.tptp.is_dir():
        questions += tptp_questions(args.tptp)
    if args.limit:
        questions = questions[: args.limit]
    log(f"{len(questions)} questions")
    load_start = os.getloadavg()[0]
    start = time.perf_counter()
    results = run(questions, args.timeout, log)
    seconds = time.perf_counter() - start
    load_end = os.getloadavg()[0]
    scores = score(questions, results)
    # What people wrote below the marker (the analysis of a run) is kept for them to
    # update; everything above it is this run's.
    kept = ""
    if args.out.exists():
        old = args.out.read_text(encoding="utf-8")
        if NOTES_MARKER in old:
            kept = old[old.index(NOTES_MARKER) :]
    args.out.write_text(
        markdown(questions, results, scores, args, seconds, (load_start, load_end))
        + ("\n" + kept if kept else ""),
        encoding="utf-8",
    )
    args.json.write_text(
        json.dumps(
            {
                "command": args.command,
                "timeout": args.timeout,
                "questions": [
                    {
                        "id": q.id,
                        "source": q.source,
                        "kind": q.kind,
                        "expected": q.expected,
                        **{
                            p: {"answer": results[q.id][p][0], "raw": results[q.id][p][1],
                                "seconds": round(results[q.id][p][2], 4)}
                            for p in PROVERS
                        },
                    }
                    for q in questions
                ],
            },
            indent=1,
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )  # fmt: skip
    log(f"wrote {args.out} and {args.json} in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
