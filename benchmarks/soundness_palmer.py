"""Palmer's rulings against outside provers, on boards nobody wrote: the check behind
"no wrong ruling in thousands of independent checks".

    .venv/bin/python benchmarks/soundness_palmer.py random --boards 100 --seed 1
    .venv/bin/python benchmarks/soundness_palmer.py random --boards 100 --monadic
    .venv/bin/python benchmarks/soundness_palmer.py infinite --boards 20
    .venv/bin/python benchmarks/soundness_palmer.py tptp

Every question goes through the command line (``referee entails --json --proof`` and
``referee analyze --json``) on a board file and a deck written for it. Each verdict is
compared with E, cvc5 and (when both are silent) SPASS on this script's own translation
(``soundness_fo.py``); every finite model shown is re-evaluated by that module's own
evaluator, every model over ℕ/ℤ checked by cvc5 in integer arithmetic, every "used"
list and clash re-asked of the provers alone, and every derivation shown given to
``referee derive``. ``tptp`` runs the 151 problems of ../shared/benchmarks/tptp through
the same commands against their known status. A line starting with a capital word
(DISAGREE, BAD-COUNTERMODEL, USED-INSUFFICIENT, DERIVATION-REFUSED, WRONG, HANG) is a
finding. Run it under ``nice -n 10``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import soundness_fo as fo

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
REF = str(Path(sys.executable).parent / "referee")
OUT = Path("/tmp/soundness")
SEED = 1
MONADIC = False
TPTP = ROOT.parent / "shared" / "benchmarks" / "tptp"


def deck_text(preds, funcs):
    p = ", ".join(f"{n} = {a}" for n, a in sorted(preds.items()))
    f = ", ".join(f"{n} = {a}" for n, a in sorted(funcs.items()) if a > 0)
    c = ", ".join(f'"{n}"' for n, a in sorted(funcs.items()) if a == 0)
    return f"[vocabulary]\npredicates = {{ {p} }}\nfunctions = {{ {f} }}\nconstants = [{c}]\n"


def make_board(rng):
    kind = rng.random()
    preds, funcs = fo.random_signature(rng)
    premises = []
    if MONADIC or rng.random() < 0.3:  # the decidable fragment: one-place, no functions
        preds = {n: a for n, a in preds.items() if a <= 1} or {"p": 1}
        preds["q"] = 1
        funcs = {n: a for n, a in funcs.items() if a == 0}
        kind = 0.5
    if kind < 0.12:  # statements whose every model is infinite
        i = rng.randrange(len(fo.INFINITE))
        for n, a in fo.INFINITE_SIG[i][0].items():
            preds[n] = a
        for n, a in fo.INFINITE_SIG[i][1].items():
            funcs[n] = a
        premises = [fo.parse_text(t) for t in fo.INFINITE[i]]
        extra = rng.randint(0, 2)
    elif kind < 0.2:  # empty-ish
        extra = rng.randint(0, 1)
    elif kind < 0.35:  # many premises
        extra = rng.randint(8, 14)
    else:
        extra = rng.randint(2, 6)
    for _ in range(extra):
        if rng.random() < 0.07:
            premises.append((rng.choice(["ge", "lt"]), rng.randint(1, 5)))
        else:
            premises.append(fo.closed_formula(rng, preds, funcs, rng.randint(2, 5)))
    rng.shuffle(premises)
    # goal: sometimes with a symbol only in the claim
    gpreds, gfuncs = dict(preds), dict(funcs)
    if rng.random() < 0.15:
        gpreds["only"] = rng.randint(0, 2)
    if rng.random() < 0.1:
        gfuncs["d"] = 0
    roll = rng.random()
    if roll < 0.08 and premises:
        goal = rng.choice([p for p in premises])  # trivially entailed
    elif roll < 0.16:
        goal = (rng.choice(["ge", "lt"]), rng.randint(1, 6))
    else:
        goal = fo.closed_formula(rng, gpreds, gfuncs, rng.randint(1, 4))
    allp, allf = {}, {}
    for f in premises + [goal]:
        fo.symbols(f, allp, allf)
    preds.update(allp)
    funcs.update(allf)
    return premises, goal, preds, funcs


def oracles(premises, goal):
    """{name: 'yes'|'no'} where yes = entailed/inconsistent."""
    tp = fo.tptp_problem(premises, goal)
    e = fo.eprover(tp, 1)
    c = fo.cvc5_status(fo.smt_problem(premises, goal), 1000)
    s = None
    decided = (
        "Theorem",
        "ContradictoryAxioms",
        "Unsatisfiable",
        "CounterSatisfiable",
        "Satisfiable",
    )
    if e not in decided and c not in ("sat", "unsat"):
        s = fo.spass(tp, 1)
    out = {}
    if e in ("Theorem", "ContradictoryAxioms", "Unsatisfiable"):
        out["E"] = "yes"
    elif e in ("CounterSatisfiable", "Satisfiable"):
        out["E"] = "no"
    if s == "proof":
        out["SPASS"] = "yes"
    elif s == "completion":
        out["SPASS"] = "no"
    if c == "unsat":
        out["cvc5"] = "yes"
    elif c == "sat":
        out["cvc5"] = "no"
    return out, (e, s, c)


# The referee's words for yes and no to each question, as the oracles answer them.
ENTAILED = {"entailed": "yes", "not_entailed": "no"}
INCONSISTENT = {"inconsistent": "yes", "consistent": "no"}
REDUNDANT = {"yes": "yes", "no": "no"}


def judged(label, said, words, premises, goal, results, problems, *where):
    """The oracles asked what the referee said ``said`` to (kept in ``results``); each that
    disagrees where the referee decided is a problem."""
    ora, raw = oracles(premises, goal)
    results.append((label, said, ora, raw))
    mine = words.get(said)
    for name, a in ora.items():
        if mine is not None and a != mine:
            problems.append((f"DISAGREE-{label}", *where, said, name, raw))


def run(cmd, timeout=60):
    try:
        r = subprocess.run(
            ["nice", "-n", "10", *cmd], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None, "TIMEOUT"
    return r, None


def check_board(idx):
    rng = random.Random(SEED * 100003 + idx)
    premises, goal, preds, funcs = make_board(rng)
    d = f"{OUT}/b{SEED}_{idx}"
    os.makedirs(d, exist_ok=True)
    uni = rng.random() < 0.5
    with open(f"{d}/deck.toml", "w") as fh:
        fh.write(deck_text(preds, funcs))
    with open(f"{d}/board.txt", "w") as fh:
        fh.write("".join(fo.ref(p, uni) + "\n" for p in premises))
    goal_text = fo.ref(goal, uni)
    results = []
    problems = []
    # --- entails
    r, err = run(
        [
            REF,
            "entails",
            "--deck",
            f"{d}/deck.toml",
            "--json",
            "--proof",
            "--timeout",
            "2",
            "--board",
            f"{d}/board.txt",
            "--",
            goal_text,
        ]
    )
    if err or r.returncode != 0:
        problems.append(("entails-crash", err or r.returncode, (r.stderr if r else "")[-2000:]))
        js = None
    else:
        try:
            js = json.loads(r.stdout)
        except Exception:
            problems.append(("entails-json", r.stdout[-500:], r.stderr[-500:]))
            js = None
    if js is not None:
        verdict = js["verdict"]
        asked = ("entails", verdict, ENTAILED, premises, goal)
        judged(*asked, results, problems)
        cm = js.get("countermodel")
        if verdict == "not_entailed":
            if cm is None:
                problems.append(("no-countermodel", js))
            elif cm.get("infinite"):
                checked = fo.check(cm, premises, goal, preds, funcs)
                results.append(("infinite-model", checked[:7]))
                if checked.startswith("WRONG"):
                    problems.append(("BAD-INFINITE-MODEL", checked, cm))
            else:
                m = fo.Interp(cm)
                try:
                    bad = [i for i, p in enumerate(premises) if not fo.ev(p, m)]
                    gv = fo.ev(goal, m)
                    if bad or gv:
                        problems.append(("BAD-COUNTERMODEL", bad, gv, cm))
                    results.append(("model-checked", True))
                except fo.Missing as exc:
                    problems.append(("model-missing-symbol", str(exc), cm))
        if verdict == "entailed" and js.get("used") is not None:
            used = [premises[i - 1] for i in js["used"]]
            ora2, raw2 = oracles(used, goal)
            results.append(("used", ora2))
            if any(a == "no" for a in ora2.values()):
                problems.append(("USED-INSUFFICIENT", js["used"], raw2))
        der = js.get("derivation")
        if der:
            with open(f"{d}/goal.der", "w") as fh:
                fh.write(der)
            r2, err2 = run(
                [
                    REF,
                    "derive",
                    "--deck",
                    f"{d}/deck.toml",
                    "--json",
                    "--timeout",
                    "3",
                    f"{d}/board.txt",
                    f"{d}/goal.der",
                ]
            )
            ok = r2 is not None and r2.returncode == 0
            results.append(("derivation", ok))
            if not ok:
                problems.append(
                    ("DERIVATION-REFUSED", err2 or r2.returncode, (r2.stdout[-1500:] if r2 else ""))
                )
    # --- analyze
    if premises:
        r, err = run(
            [
                REF,
                "analyze",
                "--deck",
                f"{d}/deck.toml",
                "--json",
                "--timeout",
                "2",
                f"{d}/board.txt",
            ],
            timeout=200,
        )
        if err or r.returncode != 0:
            problems.append(("analyze-crash", err or r.returncode, (r.stderr if r else "")[-2000:]))
        else:
            js = json.loads(r.stdout)
            c = js["consistency"]
            judged("consistency", c, INCONSISTENT, premises, None, results, problems)
            if c == "inconsistent":
                conflict = [premises[i - 1] for i in js["conflict"]]
                o3, raw3 = oracles(conflict, None)
                if any(a == "no" for a in o3.values()):
                    problems.append(("CONFLICT-SATISFIABLE", js["conflict"], raw3))
                # "minimal: each is needed" (the text says it): no proper subset refutable
                r4, _ = run(
                    [
                        REF,
                        "analyze",
                        "--deck",
                        f"{d}/deck.toml",
                        "--timeout",
                        "2",
                        f"{d}/board.txt",
                    ],
                    timeout=200,
                )
                if r4 is not None and "minimal: each is needed" in r4.stdout:
                    results.append(("minimal-clash", len(js["conflict"])))
                    for drop in js["conflict"]:
                        rest = [premises[i - 1] for i in js["conflict"] if i != drop]
                        o5, raw5 = oracles(rest, None)
                        if any(a == "yes" for a in o5.values()):
                            problems.append(("NOT-MINIMAL", js["conflict"], drop, raw5))
            elif len(premises) > 1:
                for st in js["statements"]:
                    i = st["index"] - 1
                    others = premises[:i] + premises[i + 1 :]
                    red = st["redundant"]
                    asked = ("redundancy", red, REDUNDANT, others, premises[i])
                    judged(*asked, results, problems, i + 1)
                    if red == "yes" and st.get("used") is not None:
                        used = [premises[j - 1] for j in st["used"]]
                        o4, raw4 = oracles(used, premises[i])
                        results.append(("used", o4))
                        if any(a == "no" for a in o4.values()):
                            problems.append(
                                ("USED-INSUFFICIENT-redundancy", i + 1, st["used"], raw4)
                            )
    with open(f"{d}/result.json", "w") as fh:
        json.dump({"results": results, "problems": problems, "goal": goal_text}, fh, default=str)
    return idx, results, problems


MORE = [
    # a dense-ish order: irreflexive, transitive, no maximum, no minimum
    (
        [
            "forall x (~r(x, x))",
            "forall x (forall y (forall z ((r(x, y) & r(y, z)) -> r(x, z))))",
            "forall x (exists y (r(x, y)))",
            "forall x (exists y (r(y, x)))",
        ],
        {"r": 2},
        {},
    ),
    # successor with predecessor except at a
    (
        [
            "forall x (forall y ((f(x) = f(y)) -> (x = y)))",
            "forall x (~(f(x) = a))",
            "forall x ((x = a) | (exists y (f(y) = x)))",
        ],
        {},
        {"f": 1, "a": 0},
    ),
    # an injective function with a non-hit element and a predicate alternating
    (
        [
            "forall x (forall y ((f(x) = f(y)) -> (x = y)))",
            "exists x (forall y (~(f(y) = x)))",
            "forall x (p(x) <-> ~p(f(x)))",
        ],
        {"p": 1},
        {"f": 1},
    ),
]


def infinite_board(idx):
    rng = random.Random(SEED * 7919 + idx)
    options = [
        (ts, dict(p), dict(f)) for ts, (p, f) in zip(fo.INFINITE, fo.INFINITE_SIG, strict=True)
    ] + MORE
    texts, preds, funcs = rng.choice(options)
    premises = [fo.parse_text(t) for t in texts]
    if rng.random() < 0.5:
        preds.setdefault("q", 1)
        funcs.setdefault("c", 0)
        premises.append(fo.closed_formula(rng, preds, funcs, 2))
    d = f"{OUT}/i{SEED}_{idx}"
    os.makedirs(d, exist_ok=True)
    results, problems = [], []
    for k in range(4):
        goal = (
            fo.closed_formula(rng, preds, funcs, rng.randint(1, 3)) if k else ("pred", "false", [])
        )
        if goal[0] == "pred" and goal[1] == "false":
            goal_text, goal_f = "false", None
        else:
            goal_text, goal_f = fo.ref(goal, rng.random() < 0.5), goal
        P, F = dict(preds), dict(funcs)
        for f in premises + ([goal_f] if goal_f else []):
            fo.symbols(f, P, F)
        with open(f"{d}/deck.toml", "w") as fh:
            fh.write(deck_text(P, F))
        with open(f"{d}/board.txt", "w") as fh:
            fh.write("".join(fo.ref(p) + "\n" for p in premises))
        try:
            r = subprocess.run(
                [
                    "nice",
                    "-n",
                    "10",
                    REF,
                    "entails",
                    "--deck",
                    f"{d}/deck.toml",
                    "--json",
                    "--timeout",
                    "4",
                    "--board",
                    f"{d}/board.txt",
                    "--",
                    goal_text,
                ],
                capture_output=True,
                text=True,
                timeout=90,
            )
        except subprocess.TimeoutExpired:
            problems.append(("HANG", goal_text))
            continue
        if r.returncode != 0:
            problems.append(("ERROR", goal_text, r.stderr[-300:]))
            continue
        js = json.loads(r.stdout)
        v = js["verdict"]
        rec = {"goal": goal_text, "verdict": v}
        ora, raw = oracles(
            premises, goal_f if goal_f else ("not", ("eq", ("fn", "c0", []), ("fn", "c0", [])))
        )
        rec["oracles"] = ora
        mine = ENTAILED.get(v)
        if mine and any(a != mine for a in ora.values()):
            rec["DISAGREE"] = raw
        cm = js.get("countermodel")
        if cm and cm.get("infinite"):
            rec["infinite"] = fo.check(cm, premises, goal_f, P, F)
        elif cm:
            m = fo.Interp(cm)
            try:
                ok = all(fo.ev(p, m) for p in premises) and not (goal_f and fo.ev(goal_f, m))
            except fo.Missing as exc:
                ok = f"missing {exc}"
            rec["finite"] = ok
        tag = rec.get("infinite", "")[:7] or ("finite" if "finite" in rec else "")
        results.append(("infinite-board", v, tag))
        if "DISAGREE" in rec or tag == "WRONG: " or rec.get("finite", True) is not True:
            problems.append(("DISAGREE" if "DISAGREE" in rec else "BAD-MODEL", rec))
    return idx, results, problems


def apart(f, env=None, fresh=None):
    """The formula with every quantifier's variable renamed apart (X1, X2, ...): TPTP
    allows a variable bound again inside its own scope, the referee refuses it (ruling 25)."""
    from dataclasses import fields, replace

    from referee.language import ast

    env = env or {}
    fresh = fresh if fresh is not None else iter(f"V{i}" for i in range(1, 10**6))
    if isinstance(f, ast.Var):
        return replace(f, name=env.get(f.name, f.name))
    if isinstance(f, ast.Quant):
        new = next(fresh)
        return replace(f, var=new, body=apart(f.body, {**env, f.var: new}, fresh))
    changes = {}
    for fl in fields(f):
        v = getattr(f, fl.name)
        if fl.name != "span" and hasattr(v, "__dataclass_fields__"):
            changes[fl.name] = apart(v, env, fresh)
        elif isinstance(v, tuple) and v and hasattr(v[0], "__dataclass_fields__"):
            changes[fl.name] = tuple(apart(x, env, fresh) for x in v)
    return replace(f, **changes) if changes else f


def tptp(timeout: str, only: str | None = None) -> None:
    """The TPTP problems through the command line, against their known status."""
    import tptp_reader

    from referee.language.ast import And, Statement
    from referee.language.printer import to_unicode

    out = OUT / "tptp"
    out.mkdir(parents=True, exist_ok=True)
    YES = {"Theorem", "ContradictoryAxioms", "Unsatisfiable"}
    NO = {"CounterSatisfiable", "Satisfiable"}
    D, TIMEOUT = TPTP, timeout
    counts: dict[str, int] = {}
    bad = []
    t0 = time.time()
    for name, status in tptp_reader.read_index(D):
        if only and name != only:
            continue
        try:
            p = tptp_reader.read_file(D / name)
        except Exception as exc:  # noqa: BLE001
            counts["unreadable"] = counts.get("unreadable", 0) + 1
            print("UNREADABLE", name, exc, flush=True)
            continue
        v = p.vocabulary
        preds = ", ".join(f'"{n}" = {a}' for n, a in v.predicates.items())
        funcs = ", ".join(f'"{n}" = {a}' for n, a in v.functions.items() if a > 0)
        consts = ", ".join(f'"{n}"' for n, a in v.functions.items() if a == 0)
        deck = (
            f"[vocabulary]\npredicates = {{ {preds} }}\nfunctions = {{ {funcs} }}\n"
            f"constants = [{consts}]\n"
        )
        d = out / name
        d.mkdir(exist_ok=True)
        (d / "deck.toml").write_text(deck)
        (d / "board.txt").write_text(
            "".join(to_unicode(Statement(apart(f))) + "\n" for f in p.premises)
        )
        if p.goals:
            goal = p.goals[0]
            for g in p.goals[1:]:
                goal = And(goal, g)
            cmd = [
                REF,
                "entails",
                "--deck",
                str(d / "deck.toml"),
                "--json",
                "--timeout",
                TIMEOUT,
                "--board",
                str(d / "board.txt"),
                "--",
                to_unicode(Statement(apart(goal))),
            ]
            kind = "entails"
        else:
            cmd = [
                REF,
                "analyze",
                "--deck",
                str(d / "deck.toml"),
                "--json",
                "--timeout",
                TIMEOUT,
                str(d / "board.txt"),
            ]
            kind = "consistency"
        try:
            r = subprocess.run(
                ["nice", "-n", "10", *cmd],
                capture_output=True,
                text=True,
                timeout=float(TIMEOUT) * (200 if kind == "consistency" else 3) + 30,
            )
        except subprocess.TimeoutExpired:
            counts["HANG"] = counts.get("HANG", 0) + 1
            bad.append((name, "hang"))
            print("HANG", name, flush=True)
            continue
        if r.returncode != 0:
            counts["error"] = counts.get("error", 0) + 1
            bad.append((name, "error", r.stderr[-400:]))
            print("ERROR", name, r.returncode, r.stderr[-400:], flush=True)
            continue
        js = json.loads(r.stdout)
        verdict = js["verdict"] if kind == "entails" else js["consistency"]
        yes = verdict in ("entailed", "inconsistent")
        no = verdict in ("not_entailed", "consistent")
        key = f"{kind}:{status}:{verdict}"
        counts[key] = counts.get(key, 0) + 1
        if (yes and status in NO) or (no and status in YES):
            bad.append((name, status, verdict))
            print("WRONG", name, status, verdict, flush=True)
    print(json.dumps(counts, indent=1, sort_keys=True))
    print(f"{len(bad)} wrong/errors, {time.time() - t0:.0f}s, load {os.getloadavg()}")


def main() -> None:
    global OUT, SEED, MONADIC, TPTP
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["random", "infinite", "tptp"])
    ap.add_argument("--boards", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--monadic", action="store_true", help="one-place predicates, no functions")
    ap.add_argument("--timeout", default="3", help="the referee's --timeout (tptp mode)")
    ap.add_argument("--only", help="one TPTP problem (tptp mode)")
    ap.add_argument("--tptp", type=Path, default=TPTP, help="the TPTP problems and INDEX.tsv")
    ap.add_argument("--out", type=Path, default=OUT, help="where boards and results are kept")
    args = ap.parse_args()
    OUT, SEED, MONADIC, TPTP = args.out, args.seed, args.monadic, args.tptp
    OUT.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    if args.mode == "tptp":
        tptp(args.timeout, args.only)
        return
    counts: dict[str, int] = {}
    found = 0
    work = check_board if args.mode == "random" else infinite_board
    with ThreadPoolExecutor(max_workers=2) as pool:
        for idx, results, problems in pool.map(work, range(args.boards)):
            for r in results:
                key = ":".join(str(x) for x in r[:3] if not isinstance(x, dict))[:60]
                counts[key] = counts.get(key, 0) + 1
            for p in problems:
                found += 1
                print(idx, p, flush=True)
    print(json.dumps(counts, indent=1, sort_keys=True))
    print(
        f"{args.boards} boards, {found} findings, {time.time() - t0:.0f} s, "
        f"load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
