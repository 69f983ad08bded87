"""`referee derive` against mutants of correct derivations: any mutant the checker accepts
must be sound line by line.

    .venv/bin/python benchmarks/soundness_derive.py SEED COUNT [SOURCE_DIR]

Sources: the derivations of examples/derivations/ and, when SOURCE_DIR is given, every
``goal.der`` the referee wrote there (``soundness_palmer.py random`` keeps them beside
their board and deck). Mutations: another rule name, another cited line, a fresh name
reused (eigenvariable violations), a bound variable or a compound term put where a fresh
name stands (capture), arguments swapped, ∀/∃ swapped, a negation dropped or added, an
``end`` moved, one name for another.

Soundness oracle per accepted line: board + the formulas of the assumptions open at that
line entail the line (fresh names read as constants), asked of E (and cvc5 when E says
CounterSatisfiable, to be sure). Only rule-checked lines and cited lines are asked.
"""

from __future__ import annotations

import glob
import json
import os
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import soundness_fo as fo  # noqa: E402

from referee.derivation import DerivationError, check_derivation, parse_derivation  # noqa: E402
from referee.language.boardfile import parse_board  # noqa: E402
from referee.language.deck import load_deck_text  # noqa: E402
from referee.logic.engine import Engine, Limits  # noqa: E402
from referee.logic.export import to_tptp  # noqa: E402
from referee.resources import default_deck_path  # noqa: E402

SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 1
N = int(sys.argv[2]) if len(sys.argv) > 2 else 200
SOURCES = sys.argv[3] if len(sys.argv) > 3 else None
rng = random.Random(SEED)

RULES = [
    "MP",
    "MT",
    "HS",
    "DS",
    "∧I",
    "∧E",
    "∨I",
    "∨E",
    "→I",
    "↔I",
    "↔E",
    "DeM",
    "∀E",
    "∀I",
    "∃I",
    "∃E",
    "=E",
    "=I",
    "⊥I",
    "⊥E",
    "PBC",
    "DN",
    "IP",
    "¬I",
    "¬E",
    "def",
    "R",
]


def sources():
    out = []
    default = default_deck_path().read_text(encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    for d in sorted(glob.glob(str(root / "examples" / "derivations" / "*"))):
        out.append((open(f"{d}/board.txt").read(), open(f"{d}/derivation.txt").read(), default))
    for d in sorted(glob.glob(f"{SOURCES}/b*")) if SOURCES else []:
        if os.path.exists(f"{d}/goal.der"):
            out.append(
                (
                    open(f"{d}/board.txt").read(),
                    open(f"{d}/goal.der").read(),
                    open(f"{d}/deck.toml").read(),
                )
            )
    return out


def mutate(text: str) -> tuple[str, str]:
    lines = text.splitlines()
    numbered = [i for i, ln in enumerate(lines) if re.match(r"\s*\d+\.", ln)]
    kind = rng.choice(
        ["rule", "ref", "fresh", "capture", "swapargs", "quant", "end", "dropneg", "name", "term"]
    )
    i = rng.choice(numbered)
    ln = lines[i]
    if kind == "rule":
        m = re.search(r"by (\S+)", ln)
        if not m or re.match(r"board|\d", m.group(1)):
            return text, kind
        ln = ln[: m.start(1)] + rng.choice(RULES) + ln[m.end(1) :]
    elif kind == "ref":
        m = list(re.finditer(r"(?<=[ ,-])(\d+)(?=\s*(,|-|$|\s))", ln.split("by", 1)[-1]))
        if "by" not in ln or not m:
            return text, kind
        head, tail = ln.split("by", 1)
        pick = rng.choice(m)
        label = int(re.match(r"\s*(\d+)", ln).group(1))
        new = str(rng.randint(1, max(1, label - 1)))
        tail = tail[: pick.start(1)] + new + tail[pick.end(1) :]
        ln = head + "by" + tail
    elif kind == "fresh":  # reuse a name: eigenvariable violations
        m = re.search(r"\[([a-z0-9_, ]+)\]", ln)
        names = set(re.findall(r"\[([a-z0-9_]+)", text)) | {"a", "b", "c", "father"}
        if not m:
            return text, kind
        ln = ln[: m.start(1)] + rng.choice(sorted(names)) + ln[m.end(1) :]
    elif kind == "capture":  # put a bound variable name where a fresh name stands
        names = re.findall(r"\[([a-z0-9_]+)", text)
        if not names:
            return text, kind
        nm = rng.choice(names)
        var = rng.choice(["x", "y", "z"])
        body, sep, just = ln.partition(" by ")
        if not re.search(rf"\b{nm}\b", body) or "[" in body:
            return text, kind
        body = re.sub(rf"\b{nm}\b", var, body, count=1 if rng.random() < 0.5 else 0)
        ln = body + sep + just
    elif kind == "swapargs":
        m = re.search(r"\((\w[\w()]*), (\w[\w()]*)\)", ln.split(" by ")[0])
        if not m:
            return text, kind
        ln = ln[: m.start()] + f"({m.group(2)}, {m.group(1)})" + ln[m.end() :]
    elif kind == "quant":
        body, sep, just = ln.partition(" by ")
        qs = [k for k, ch in enumerate(body) if ch in "∀∃"]
        if not qs:
            return text, kind
        k = rng.choice(qs)
        body = body[:k] + ("∃" if body[k] == "∀" else "∀") + body[k + 1 :]
        ln = body + sep + just
    elif kind == "dropneg":
        body, sep, just = ln.partition(" by ")
        ks = [k for k, ch in enumerate(body) if ch == "¬"]
        if ks:
            k = rng.choice(ks)
            body = body[:k] + body[k + 1 :]
        else:
            m = re.match(r"(\s*\d+\.\s*(assume\s*(\[[^\]]*\])?\s*)?)(.*)", body)
            if not m or not m.group(4).strip():
                return text, kind
            body = m.group(1) + "¬(" + m.group(4).rstrip() + ")"
        ln = body + sep + just
    elif kind == "end":  # move an `end` one line up or down
        ends = [k for k, x in enumerate(lines) if x.strip() == "end"]
        if not ends:
            return text, kind
        k = rng.choice(ends)
        j = k + rng.choice([-1, 1])
        if not (0 <= j < len(lines)):
            return text, kind
        lines[k], lines[j] = lines[j], lines[k]
        return "\n".join(lines) + "\n", kind
    elif kind == "name":  # a fresh name replaced by a constant of the board or other fresh name
        names = re.findall(r"\[([a-z0-9_]+)", text)
        if len(names) < 1:
            return text, kind
        a = rng.choice(names)
        b = rng.choice(sorted(set(names + ["a", "b", "c"]) - {a}))
        body, sep, just = ln.partition(" by ")
        body2 = re.sub(rf"\b{a}\b", b, body)
        if body2 == body:
            return text, kind
        ln = body2 + sep + just
    elif kind == "term":  # replace a fresh name by a compound term
        names = re.findall(r"\[([a-z0-9_]+)", text)
        body, sep, just = ln.partition(" by ")
        if not names or "[" in body:
            return text, kind
        a = rng.choice(names)
        funcs = re.findall(r"\b([a-z]\w*)\(", text)
        if not funcs:
            return text, kind
        body2 = re.sub(rf"\b{a}\b", f"{rng.choice(funcs)}({a})", body, count=1)
        if body2 == body:
            return text, kind
        ln = body2 + sep + just
    lines[i] = ln
    return "\n".join(lines) + "\n", kind


def open_assumptions(derivation, line):
    out = []
    sp = line.subproof
    while sp is not None:
        sub = derivation.subproofs[sp]
        opener = derivation.by_label[sub.start]
        if opener.formula is not None and opener.label != line.label:
            out.append(opener.formula)
        sp = sub.parent
    return out


def e_says(premises, goal, vocab):
    problem = to_tptp(premises, [goal], vocabulary=vocab)
    return fo.eprover(problem, 2)


def main():
    src = sources()
    print(len(src), "source derivations", flush=True)
    counts: dict[str, int] = {}
    bad = []
    t0 = time.time()
    with Engine(Limits(timeout=1.0)) as engine:
        for _ in range(N):
            board_text, der, deck_text = rng.choice(src)
            deck = load_deck_text(deck_text, "deck.toml")
            board = parse_board(board_text, deck.vocabulary)
            mutant, kind = der, None
            for _ in range(rng.choice([1, 1, 1, 2])):
                mutant, kind = mutate(mutant)
            if mutant == der:
                counts["unchanged"] = counts.get("unchanged", 0) + 1
                continue
            try:
                result = check_derivation(
                    board.statements, mutant, board.vocabulary, engine, per_line_timeout=1.0
                )
            except DerivationError:
                counts[f"{kind}:file-refused"] = counts.get(f"{kind}:file-refused", 0) + 1
                continue
            except Exception as exc:  # a crash is a finding
                bad.append(("CRASH", kind, repr(exc), board_text, mutant))
                print("CRASH", kind, repr(exc), flush=True)
                continue
            key = f"{kind}:{'accepted' if result.ok else 'refused'}"
            counts[key] = counts.get(key, 0) + 1
            if not result.ok:
                continue
            derivation = parse_derivation(mutant, board.vocabulary, len(board.statements))
            statements = [s.asserted for s in board.statements]
            for line in derivation.lines:
                if line.formula is None or line.justification.kind == "assumption":
                    continue
                prem = statements + open_assumptions(derivation, line)
                status = e_says(prem, line.formula, board.vocabulary)
                counts["line-asked"] = counts.get("line-asked", 0) + 1
                if status in ("CounterSatisfiable",):
                    bad.append(("UNSOUND-LINE", kind, line.label, board_text, mutant))
                    print("UNSOUND", kind, line.label, "\n", board_text, mutant, flush=True)
                    break
    print(json.dumps(counts, indent=1, sort_keys=True))
    print(f"{N} mutants, {len(bad)} bad, {time.time() - t0:.0f} s, load {os.getloadavg()[0]:.1f}")
    for finding in bad:
        print(json.dumps(finding, default=str))


if __name__ == "__main__":
    main()
