"""Two engines side by side, question by question: is a change faster, on a loaded machine?

    git archive main | tar -x -C /tmp/NAME/old       # the engine before the change
    .venv/bin/python benchmarks/paired.py /tmp/NAME/old [--boards 60 --grown 8]

Alternating whole ``versus.py`` runs of two trees leaves each run its own
load (colleagues' jobs come and go within a minute), which moved medians by
more than a change of a few percent. Here each tree runs in a server process
of its own (its ``referee`` first on ``PYTHONPATH``, an ``Engine`` with warm
workers) and every question of ``versus.py``'s corpora is put to both, one
right after the other, the order swapped each question. What counts is the
median over questions of the time ratio new / old, per corpus and per answer
(a change's gain or loss near 3% is within the spread of two identical trees
measured this way). Also listed: questions one decided and the other did not,
answers that differ (wrong), and proofs citing other statements.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def corpus(boards: int, grown: int) -> list[tuple[str, tuple]]:
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(ROOT / "tests"))
    import boardgen
    import grow
    import versus

    gen = boardgen.BoardGenerator(23001)
    out = [
        ("ordinary", q)
        for i in range(boards)
        for q in versus.board_questions(gen.board(f"ord-23001-{i}", 3, 7))
    ]
    if grown:
        grown_boards, _ = grow.grow_boards(grown, 23002)
        out += [("grown", q) for b in grown_boards for q in versus.board_questions(b)]
    return out


def serve(boards: int, grown: int, timeout: float) -> None:
    """One tree's engine: a question's index on stdin, its verdict as a JSON line."""
    import referee
    from referee.logic.engine import Engine, Limits

    questions = corpus(boards, grown)
    import versus  # on the path from corpus()

    print(json.dumps({"n": len(questions), "referee": referee.__file__}), flush=True)
    with Engine(Limits(timeout=timeout)) as engine:
        engine.warm()
        for line in sys.stdin:
            name, (qid, kind, premises, goals, vocab) = questions[int(line)]
            v, seconds, answer = versus.ask(engine, kind, premises, goals, vocab, timeout)
            row = {
                "id": qid,
                "corpus": name,
                "answer": answer,
                "seconds": seconds,
                "solver": v.evidence.solver.value if v.evidence.solver else "-",
                "used": list(v.evidence.used or ()),
                "solver_seconds": v.evidence.solver_seconds or 0.0,
                "flags": list(v.flags),
            }
            print(json.dumps(row), flush=True)


def drive(old: Path, boards: int, grown: int, timeout: float) -> dict[str, list[dict]]:
    servers = {}
    for who, tree in (("old", old), ("new", ROOT)):
        env = dict(os.environ, PYTHONPATH=str(tree))
        servers[who] = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(boards), str(grown), str(timeout)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
    n = 0
    for who, p in servers.items():
        head = json.loads(p.stdout.readline())
        n = head["n"]
        print(f"{who}: {head['referee']}", file=sys.stderr)
    rows: dict[str, list[dict]] = {"old": [], "new": []}
    for i in range(n):
        for who in ("old", "new") if i % 2 == 0 else ("new", "old"):
            servers[who].stdin.write(f"{i}\n")
            servers[who].stdin.flush()
            rows[who].append(json.loads(servers[who].stdout.readline()))
    for p in servers.values():
        p.stdin.close()
        p.wait()
    return rows


ANSWERS = {
    "entailed": "unsat",
    "inconsistent": "unsat",
    "not_entailed": "model",
    "consistent": "model",
}


def report(rows: dict[str, list[dict]]) -> str:
    lines = [
        "| corpus | answer | questions | old median / p95 ms | new median / p95 ms "
        "| median of new / old |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    pairs = list(zip(rows["old"], rows["new"], strict=True))
    for corpus_name in ("ordinary", "grown"):
        for kind in ("unsat", "model", "all"):
            part = [
                (a, b)
                for a, b in pairs
                if a["corpus"] == corpus_name
                and (kind == "all" or ANSWERS.get(a["answer"]) == kind)
            ]
            if not part:
                continue

            def ms(who: int, part=part) -> str:
                t = sorted(p[who]["seconds"] for p in part)
                med, p95 = statistics.median(t), t[int(0.95 * (len(t) - 1))]
                return f"{1000 * med:.1f} / {1000 * p95:.1f}"

            ratio = statistics.median(b["seconds"] / a["seconds"] for a, b in part)
            lines.append(
                f"| {corpus_name} | {kind} | {len(part)} | {ms(0)} | {ms(1)} | {ratio:.3f} |"
            )
    lost = [a["id"] for a, b in pairs if a["answer"] and not b["answer"]]
    gained = [a["id"] for a, b in pairs if not a["answer"] and b["answer"]]
    wrong = [
        a["id"] for a, b in pairs if a["answer"] and b["answer"] and a["answer"] != b["answer"]
    ]
    cited = sum(1 for a, b in pairs if a["answer"] == b["answer"] and a["used"] != b["used"])
    lines.append("")
    lines.append(
        f"lost {lost}, gained {gained}, wrong {wrong}; proofs citing other statements: {cited}"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, nargs="?", help="a tree of the engine before (git archive)")
    ap.add_argument("--boards", type=int, default=60, help="ordinary boards (3-7 statements)")
    ap.add_argument("--grown", type=int, default=8, help="grown boards (8-13 statements)")
    ap.add_argument("--timeout", type=float, default=3.0, help="seconds per question")
    ap.add_argument("--json", type=Path, default=None, help="write every pair here")
    ap.add_argument("--serve", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        serve(int(args.serve[0]), int(args.serve[1]), float(args.serve[2]))
        return 0
    if args.old is None or not (args.old / "referee" / "__init__.py").is_file():
        ap.error("give the tree of the engine before (a directory with referee/ in it)")
    load = os.getloadavg()[0]
    rows = drive(args.old.resolve(), args.boards, args.grown, args.timeout)
    if args.json:
        args.json.write_text(json.dumps(rows), encoding="utf-8")
    print(report(rows))
    print(f"\nLoad average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
