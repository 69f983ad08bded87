"""How often the referee can explain an "entailed"/"inconsistent" verdict with a derivation.

    .venv/bin/python benchmarks/derivations.py                 # small sample (a minute or two)
    .venv/bin/python benchmarks/derivations.py --boards 300    # the full run

Questions: every inconsistent set of up to three S cards and every redundancy
among them (as in tests/test_s_cards.py), the boards of examples/boards/
(consistency, and redundancy of each statement that names nothing), and
generated boards (tests/boardgen.py: consistency, and redundancy of one
statement). The engine answers each; for every "entailed"/"inconsistent" the
writer gets the statements the engine used and a deadline, and its derivation
is then checked by ``check_derivation`` with the engine, as the table would.

Reported: the share of those questions with a checked derivation (the goal
is at least 90%), the median and maximum number of lines, how many lines are
cited (engine) steps, and the extra time (writing, and checking).
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests"))

import boardgen  # noqa: E402

from referee.derivation.checker import check_derivation  # noqa: E402
from referee.derivation.rules import same  # noqa: E402
from referee.derivation.writer import write_derivation  # noqa: E402
from referee.language import ast  # noqa: E402
from referee.language.boardfile import parse_board  # noqa: E402
from referee.language.naming import statement_formula  # noqa: E402
from referee.language.parser import parse_statement  # noqa: E402
from referee.language.vocabulary import Vocabulary  # noqa: E402
from referee.logic.engine import Engine, Limits, Status  # noqa: E402


@dataclass
class Question:
    id: str
    board: list[ast.Formula]  # every statement, numbered from 1
    premises: list[int]  # 0-based board indices the question may use
    goal: int | None  # 0-based board index of the claimed statement (None: consistency)
    vocabulary: Vocabulary


@dataclass
class Outcome:
    id: str
    verdict: str
    written: bool = False
    checked: bool = False
    lines: int = 0
    cited: int = 0
    method: str = ""
    write_seconds: float = 0.0
    check_seconds: float = 0.0
    why: str = ""
    text: str = field(default="", repr=False)


# ---------------------------------------------------------------- corpus


def s_card_questions(deck) -> list[Question]:
    cards = {
        c.id: statement_formula(parse_statement(c.statement, deck.vocabulary))
        for c in deck.cards
        if c.kind == "S" and not c.parametric
    }
    ids = sorted(cards, key=lambda s: int(s[1:]))
    out = []
    for size in (1, 2, 3):
        for combo in itertools.combinations(ids, size):
            board = [cards[i] for i in combo]
            out.append(
                Question("S:" + "+".join(combo), board, list(range(size)), None, deck.vocabulary)
            )
    for card in ids:
        others = [i for i in ids if i != card]
        for size in (1, 2):
            for combo in itertools.combinations(others, size):
                board = [cards[i] for i in combo] + [cards[card]]
                out.append(
                    Question(
                        f"S:{'+'.join(combo)}⊢{card}",
                        board,
                        list(range(size)),
                        size,
                        deck.vocabulary,
                    )
                )
    return out


def example_questions(directory: Path, vocabulary: Vocabulary) -> list[Question]:
    out = []
    for path in sorted(directory.glob("*.txt")):
        board = parse_board(path.read_text(encoding="utf-8"), vocabulary, str(path))
        fs = [statement_formula(s) for s in board.statements]
        everything = list(range(len(fs)))
        out.append(Question(f"{path.stem}/consistency", fs, everything, None, board.vocabulary))
        for i, s in enumerate(board.statements):
            if s.naming is None:
                others = [j for j in everything if j != i]
                out.append(Question(f"{path.stem}/{i + 1}", fs, others, i, board.vocabulary))
    return out


def generated_questions(count: int, seed: int) -> list[Question]:
    out = []
    for b in boardgen.generate_boards(count, seed):
        fs = b.formulas
        everything = list(range(len(fs)))
        out.append(Question(f"{b.id}/consistency", fs, everything, None, b.vocabulary))
        for q in boardgen.questions(b)[1:]:
            i = int(q.id.rsplit("-", 1)[1]) - 1
            others = [j for j in everything if j != i]
            out.append(Question(q.id, fs, others, i, b.vocabulary))
    return out


# -------------------------------------------------------------- one question


def run_question(
    q: Question,
    engine: Engine,
    checker: Engine,
    write_limit: float,
    all_premises: bool = False,
    named_only: bool = False,
) -> Outcome:
    premises = [q.board[i] for i in q.premises]
    if q.goal is None:
        v = engine.consistency(premises)
        decided = v.status == Status.INCONSISTENT
    else:
        v = engine.entailment(premises, [q.board[q.goal]])
        decided = v.status == Status.ENTAILED
    out = Outcome(q.id, str(v.status))
    if not decided:
        return out
    used = list(q.premises) if all_premises else [q.premises[i] for i in v.used]
    goal = None if q.goal is None else q.board[q.goal]
    start = time.monotonic()
    written = write_derivation(
        [q.board[i] for i in used],
        goal,
        q.vocabulary,
        labels=[i + 1 for i in used],
        deadline=start + write_limit,
        named_rules_only=named_only,
    )
    out.write_seconds = time.monotonic() - start
    if written is None:
        out.why = "no derivation written"
        return out
    out.written = True
    out.lines, out.cited, out.method, out.text = (
        written.lines,
        written.cited_steps,
        written.method,
        written.text,
    )
    start = time.monotonic()
    statements = [ast.Statement(f) for f in q.board]
    result = check_derivation(statements, written.text, q.vocabulary, checker)
    out.check_seconds = time.monotonic() - start
    target = ast.Falsum() if goal is None else goal
    if not result.ok:
        out.why = "lines refused: " + ", ".join(
            f"{lv.label} ({lv.reason})" for lv in result.lines if not lv.ok
        )
    elif not same(result.conclusion, target) and not result.inconsistent:
        out.why = "proves something else"
    elif q.goal is not None and q.goal + 1 in result.rests_on:
        out.why = "rests on the claimed statement"
    else:
        out.checked = True
    return out


def propositional_sample(count: int, seed: int, write_limit: float) -> dict:
    """Random Ergo-sized problems (four letters, up to four premises): every one that
    follows gets a derivation in named rules; lines and seconds over those."""
    import random

    from referee.derivation.propositional import BOTTOM, TruthTables

    letters = Vocabulary.build({c: 0 for c in "ABCD"})
    rng = random.Random(seed)

    def formula(depth: int) -> ast.Formula:
        if depth == 0 or rng.random() < 0.25:
            atom = ast.Pred(rng.choice("ABCD"))
            return ast.Not(atom) if rng.random() < 0.3 else atom
        op = rng.choice([ast.And, ast.Or, ast.Implies, ast.Iff, ast.Not, ast.Implies, ast.Or])
        if op is ast.Not:
            return ast.Not(formula(depth - 1))
        return op(formula(depth - 1), formula(depth - 1))

    lines, seconds, missing, follows = [], [], 0, 0
    for _ in range(count):
        premises = [formula(rng.randint(0, 3)) for _ in range(rng.randint(0, 4))]
        goal = None if rng.random() < 0.2 else formula(rng.randint(0, 3))
        target = goal or BOTTOM
        if not TruthTables([*premises, target]).entails(premises, target):
            continue
        follows += 1
        start = time.monotonic()
        w = write_derivation(premises, goal, letters, deadline=start + write_limit)
        seconds.append(time.monotonic() - start)
        if w is None:
            missing += 1
            continue
        result = check_derivation([ast.Statement(p) for p in premises], w.text, letters)
        if not result.ok:
            missing += 1
            continue
        lines.append(w.lines)
    return {
        "problems": count,
        "follow": follows,
        "with_checked_derivation": follows - missing,
        "lines_median": statistics.median(lines) if lines else None,
        "lines_max": max(lines) if lines else None,
        "seconds_median": round(statistics.median(seconds), 4) if seconds else None,
        "seconds_max": round(max(seconds), 4) if seconds else None,
    }


def summarise(outcomes: list[Outcome]) -> dict:
    decided = [o for o in outcomes if o.verdict in ("entailed", "inconsistent")]
    checked = [o for o in decided if o.checked]
    lines = [o.lines for o in checked]
    writes = [o.write_seconds for o in decided]
    checks = [o.check_seconds for o in checked]

    def q(xs, p):
        if not xs:
            return 0.0
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(p * len(xs)))]

    return {
        "questions": len(outcomes),
        "decided_entailed_or_inconsistent": len(decided),
        "with_checked_derivation": len(checked),
        "share": round(len(checked) / len(decided), 4) if decided else None,
        "lines_median": statistics.median(lines) if lines else None,
        "lines_max": max(lines) if lines else None,
        "with_cited_steps": sum(1 for o in checked if o.cited),
        "methods": dict(Counter(o.method for o in checked)),
        "write_seconds_median": round(statistics.median(writes), 4) if writes else None,
        "write_seconds_p95": round(q(writes, 0.95), 4),
        "write_seconds_max": round(max(writes), 4) if writes else None,
        "check_seconds_median": round(statistics.median(checks), 4) if checks else None,
        "check_seconds_p95": round(q(checks, 0.95), 4),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=30, help="generated boards")
    ap.add_argument("--seed", type=int, default=20061122)
    ap.add_argument("--timeout", type=float, default=2.0, help="engine seconds per question")
    ap.add_argument("--write", type=float, default=3.0, help="writer seconds per question")
    ap.add_argument("--check", type=float, default=1.0, help="checker seconds per cited line")
    ap.add_argument("--no-s-cards", action="store_true")
    ap.add_argument("--no-examples", action="store_true")
    ap.add_argument(
        "--all-premises", action="store_true", help="give the writer every statement, not the used"
    )
    ap.add_argument("--named-only", action="store_true", help="named rules only, no cited steps")
    ap.add_argument(
        "--propositional", type=int, default=500, help="random Ergo-sized problems to measure"
    )
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--show", action="store_true", help="print every derivation")
    args = ap.parse_args(argv)

    deck = boardgen.palmer_deck()
    questions: list[Question] = []
    if not args.no_s_cards:
        questions += s_card_questions(deck)
    if not args.no_examples:
        questions += example_questions(ROOT / "examples" / "boards", deck.vocabulary)
    questions += generated_questions(args.boards, args.seed)

    engine = Engine(Limits(timeout=args.timeout))
    checker = Engine(Limits(timeout=args.check))
    engine.warm()
    outcomes = []
    start = time.monotonic()
    try:
        for q in questions:
            o = run_question(q, engine, checker, args.write, args.all_premises, args.named_only)
            outcomes.append(o)
            if o.verdict in ("entailed", "inconsistent"):
                mark = "ok " if o.checked else "-- "
                print(
                    f"{mark}{o.id}: {o.lines} lines, {o.method or '-'}, "
                    f"write {o.write_seconds:.2f} s, check {o.check_seconds:.2f} s {o.why}",
                    flush=True,
                )
                if args.show and o.text:
                    print(o.text)
    finally:
        engine.close()
    summary = summarise(outcomes)
    if args.propositional:
        summary["propositional"] = propositional_sample(args.propositional, args.seed, args.write)
    summary["seconds"] = round(time.monotonic() - start, 1)
    summary["settings"] = vars(args) | {"json": str(args.json) if args.json else None}
    print(json.dumps(summary, indent=2, ensure_ascii=False))
    if args.json:
        args.json.write_text(
            json.dumps(
                {"summary": summary, "outcomes": [o.__dict__ for o in outcomes]},
                indent=1,
                ensure_ascii=False,
            ),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
