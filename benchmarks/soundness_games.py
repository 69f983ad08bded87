"""Ergo (Catalyst), Cogito and Invicta rulings against brute force written apart from the code.

    .venv/bin/python benchmarks/soundness_games.py ergo-proofs COUNT SEED [CLI_EVERY]
    .venv/bin/python benchmarks/soundness_games.py ergo-games COUNT SEED
    .venv/bin/python benchmarks/soundness_games.py cogito COUNT SEED
    .venv/bin/python benchmarks/soundness_games.py invicta COUNT SEED

* ergo-proofs: random Proofs of 1-4 premises (nested parentheses, NOT chains, long
  chains); my own reader of the card words (NOT, THEN, OR, AND, tightest first; THEN
  chains to the right) and all 16 rows against ``decide`` (paradox, proven, disproven,
  the clash minimal); one in ten rulings' derivations through the derivation checker;
  every CLI_EVERY-th Proof through ``referee ergo check --json`` (points, cards,
  ergo_allowed).
* ergo-games: whole games in dealt mode, 2-4 computer players (levels 0-1), random house
  rules (then_chain left/right): each round's scored ruling and the running scores
  against the same brute force (Fallacy, Justification, Tabula Rasa, Revolution, Wilds
  and Ergo played by the players).
* cogito: random diagrams up to 40 categories (chains, diamonds, selves in no category),
  names typed in any case; ``referee cogito judge --json`` and ``possible --json``
  against the closure, over every identity assignment.
* invicta: random games under every combination of house rules, crowded into a corner
  region, with back-and-forth moves so positions repeat; at a quarter of the positions
  every placement and every move of every piece is asked of ``Game.check`` and compared
  with a naive rules engine written from docs/rulings.md; the generator always; the
  board, the finish (five, repetition, blocked) and the winner after every move.

A line starting with a capital word (DISAGREE, CLI, ROUND, JUDGE, POSSIBLE, LEGAL, GEN,
AFTER) is a finding. Run it under ``nice -n 10``.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from referee.ergo.commands import ErgoCommands
from referee.ergo.decks import bundled_deck_path
from referee.ergo.outcomes import PlacementRefused, RoundScored
from referee.ergo.player import computer_player
from referee.ergo.records import GAME
from referee.ergo.registration import REGISTRATION
from referee.ergo.setup import HouseRules as ErgoHouseRules
from referee.ergo.setup import Mode, Seat, Settings
from referee.ergo.setup import Setup as ErgoSetup
from referee.invicta.board import Side, Square
from referee.invicta.events import Move, Place
from referee.invicta.setup import Blocked, Corners, HouseRules, Setup
from referee.invicta.state import Game
from referee.table.record import Record
from referee.table.session import Refused, Session

REF = str(Path(sys.executable).parent / "referee")
TMP = tempfile.mkdtemp(prefix="soundness-games-")
V = "ABCD"
HOUSE = [None, "then_chain=left", "then_chain=right", "chain_grouping=right"]
W, H = 9, 10
rng = random.Random(1)
ALL = [(c, r) for r in range(H) for c in range(W)]


def operand(d):
    r = rng.random()
    if r < 0.15 and d > 0:
        return ["("] + expression(d - 1) + [")"]
    if r < 0.35:
        inner = operand(d - 1) if d > 0 else [rng.choice(V)]
        if inner[0] == "NOT":
            inner = ["("] + inner + [")"]
        return ["NOT"] + inner
    return [rng.choice(V)]


def expression(d):
    out = operand(d)
    for _ in range(rng.choice([0, 1, 1, 2, 3, 4])):
        out += [rng.choice(["AND", "OR", "THEN"])] + operand(d)
    return out


# ---- my reader: recursive descent, loosest first AND, OR, THEN (right), NOT
def parse(tokens, left_then=False):
    pos = [0]

    def peek():
        return tokens[pos[0]] if pos[0] < len(tokens) else None

    def level(ops):
        if not ops:
            return unary()
        op, rest = ops[0], ops[1:]
        left = level(rest)
        if op == "THEN" and not left_then:
            if peek() == "THEN":
                pos[0] += 1
                return ("THEN", left, level(ops))
            return left
        while peek() == op:
            pos[0] += 1
            left = (op, left, level(rest))
        return left

    def unary():
        t = tokens[pos[0]]
        pos[0] += 1
        if t == "NOT":
            return ("NOT", unary())
        if t == "(":
            f = level(["AND", "OR", "THEN"])
            assert tokens[pos[0]] == ")"
            pos[0] += 1
            return f
        return t

    f = level(["AND", "OR", "THEN"])
    assert pos[0] == len(tokens), tokens
    return f


def ev(f, row):
    if isinstance(f, str):
        return row[f]
    if f[0] == "NOT":
        return not ev(f[1], row)
    a, b = ev(f[1], row), ev(f[2], row)
    return {"AND": a and b, "OR": a or b, "THEN": (not a) or b}[f[0]]


def brute(premises):
    rows = [dict(zip(V, bits, strict=True)) for bits in itertools.product([False, True], repeat=4)]
    models = [r for r in rows if all(ev(p, r) for p in premises)]
    proven = tuple(v for v in V if all(r[v] for r in models))
    disproven = tuple(v for v in V if all(not r[v] for r in models))
    return not models, proven, disproven


def ergo_proofs(N, SEED, CLI_EVERY):
    global rng
    rng = random.Random(SEED)
    from referee.derivation.checker import check_derivation
    from referee.derivation.rules import same
    from referee.ergo.cards import read_faces
    from referee.ergo.proof import proof_of_faces
    from referee.ergo.ruling import VOCABULARY, Standing, decide, explain
    from referee.language.ast import Falsum, Not, Pred, Statement

    bad = []
    counts = {"proofs": 0, "paradox": 0, "proven": 0, "disproven": 0, "derivations": 0, "cli": 0}
    t0 = time.time()
    for n in range(N):
        k = rng.choice([1, 2, 3, 4, 4])
        texts = [" ".join(expression(rng.choice([0, 1, 2]))) for _ in range(k)]
        mine = [parse(t.split()) for t in texts]
        want = brute(mine)
        p = proof_of_faces([[w.face for w in read_faces(t)] for t in texts])
        formulas = p.formulas()
        d = decide(formulas, p.cards)
        got = (d.paradox, d.proven, d.disproven)
        counts["proofs"] += 1
        counts["paradox"] += d.paradox
        counts["proven"] += len(d.proven)
        counts["disproven"] += len(d.disproven)
        ncards = sum(len(t.split()) for t in texts)
        if d.paradox:
            got = (True, tuple(V), tuple(V))
            want = (True, tuple(V), tuple(V)) if want[0] else want
        if got != want or d.cards != ncards:
            bad.append((texts, got, want, d.cards, ncards))
            print("DISAGREE", texts, got, want, d.cards, ncards, flush=True)
            continue
        if d.paradox:
            clash = [mine[i - 1] for i in d.clash]
            if not brute(clash)[0]:
                bad.append(("clash-consistent", texts, d.clash))
            for j in range(len(d.clash)):
                smaller = clash[:j] + clash[j + 1 :]
                if smaller and brute(smaller)[0]:
                    bad.append(("clash-not-minimal", texts, d.clash))
        if n % 10 == 0:  # the evidence shown: derivations re-checked
            ruling = explain(formulas, d)
            board = [Statement(f) for f in formulas]
            if d.paradox and ruling.clash is not None:
                r = check_derivation(board, ruling.clash.text, VOCABULARY)
                counts["derivations"] += 1
                if not (r.ok and isinstance(r.conclusion, Falsum)):
                    bad.append(("clash-derivation", texts))
            for e in ruling.evidence:
                if e.standing in (Standing.PROVEN, Standing.DISPROVEN) and e.derivation:
                    goal = (
                        Pred(e.variable) if e.standing == Standing.PROVEN else Not(Pred(e.variable))
                    )
                    r = check_derivation(board, e.derivation.text, VOCABULARY)
                    counts["derivations"] += 1
                    if not (r.ok and same(r.conclusion, goal)):
                        bad.append(("derivation", texts, e.variable))
        if CLI_EVERY and n % CLI_EVERY == 0:
            path = f"{TMP}/ergo_{SEED}.txt"
            with open(path, "w") as fh:
                fh.write("\n".join(t.lower() if rng.random() < 0.3 else t for t in texts) + "\n")
            house = rng.choice(
                [None, "then_chain=left", "then_chain=right", "chain_grouping=right"]
            )
            extra = ["--house", house] if house else []
            r = subprocess.run(
                [REF, "ergo", "check", "--json", *extra, path], capture_output=True, text=True
            )
            if r.returncode == 1 and "the deck" in r.stderr:
                counts["cli-deck-refused"] = counts.get("cli-deck-refused", 0) + 1
                continue
            counts["cli"] += 1
            js = json.loads(r.stdout)
            cli = (js["paradox"], tuple(js["proven"]), tuple(js["disproven"]))
            read = brute([parse(t.split(), house == "then_chain=left") for t in texts])
            exp = (read[0], read[1], read[2]) if not read[0] else (True, tuple(V), tuple(V))
            if js["paradox"]:
                cli = (True, tuple(V), tuple(V))
            pts = {v: 0 if read[0] or v not in read[1] else ncards for v in V}
            if (
                cli != exp
                or js["cards"] != ncards
                or js["points"] != pts
                or js["ergo_allowed"] != all(v in " ".join(texts).split() for v in V)
            ):
                bad.append(("cli", texts, house, js))
                print("CLI", texts, house, js, exp, flush=True)
    print(json.dumps(counts), f"{len(bad)} bad, {time.time() - t0:.0f}s")
    return bad


SIGNS = {"¬": "NOT", "∧": "AND", "∨": "OR", "→": "THEN"}


def words(text):
    out = []
    for tok in text.replace("(", " ( ").replace(")", " ) ").split():
        out.append(SIGNS.get(tok, tok.upper()))
    return out


def ergo_games(N, SEED):
    global rng
    rng = random.Random(SEED)
    counts = {"games": 0, "rounds": 0, "paradox": 0, "specials": 0}
    bad = []
    t0 = time.time()
    for g in range(N):
        k = rng.choice([2, 3, 4])
        names = ["ann", "bob", "cat", "dan"][:k]
        seats = tuple(Seat(n, "ABCD"[i]) for i, n in enumerate(names))
        rules = ErgoHouseRules()
        for sw in rng.sample(
            [
                "then_chain=left",
                "then_chain=refuse",
                "chain_grouping=right",
                "tabula_partner=refuse",
                "changing=yes",
            ],
            rng.randint(0, 2),
        ):
            try:
                rules = rules.with_switch(sw)
            except Exception:  # noqa: BLE001  (a switch this version lacks)
                pass
        deck = rng.choice(["english"])
        text = bundled_deck_path(deck).read_text(encoding="utf-8")
        setup = ErgoSetup(
            Settings(seats, Mode.DEALT, rng.randrange(10**6), 60), rules, text, f"{deck}.toml"
        )
        session = Session(Record(GAME, setup), ErgoCommands())
        players = {n: computer_player(rng.choice([0, 0, 1]), rng.randrange(10**6)) for n in names}
        counts["games"] += 1
        total = dict.fromkeys(names, 0)
        for _ in range(3000):
            game = session.game
            if game.finished:
                break
            seat = game.player
            view = json.loads(json.dumps(REGISTRATION.view(game, seat)))
            line = players[seat].choose(view)
            if line.split()[0] in ("fallacy", "justify", "tabula", "revolution"):
                counts["specials"] += 1
            out = session.execute(line, seat)
            if any(isinstance(o, (Refused, PlacementRefused)) for o in out):
                bad.append(("refused", line))
                print("REFUSED", line, out, flush=True)
                break
            for o in out:
                if not isinstance(o, RoundScored):
                    continue
                counts["rounds"] += 1
                ev = o.event
                proof = list(ev.proof)
                left = rules.then_chain.value == "left"
                mine = [parse(words(t), left) for t in proof] if proof else []
                paradox, proven, disproven = brute(mine)
                d = ev.ruling.decision
                counts["paradox"] += paradox
                ncards = sum(len(words(t)) for t in proof)
                want_pts = {
                    n: 0 if paradox or "ABCD"[i] not in proven else ncards
                    for i, n in enumerate(names)
                }
                got = (
                    d.paradox,
                    (tuple("ABCD") if d.paradox else d.proven),
                    (tuple("ABCD") if d.paradox else d.disproven),
                    d.cards,
                )
                want = (
                    paradox,
                    (tuple("ABCD") if paradox else proven),
                    (tuple("ABCD") if paradox else disproven),
                    ncards,
                )
                got_pts = {a.player: a.points for a in ev.awards}
                for n in names:
                    total[n] += want_pts[n]
                if got != want or got_pts != want_pts or dict(o.scores) != total:
                    bad.append(("round", proof, got, want, got_pts, want_pts))
                    print(
                        "ROUND",
                        g,
                        rules,
                        setup.settings.seed,
                        proof,
                        got,
                        want,
                        got_pts,
                        want_pts,
                        o.scores,
                        total,
                        flush=True,
                    )
    print(json.dumps(counts), f"{len(bad)} bad, {time.time() - t0:.0f}s")


def diagram():
    n = rng.choice([1, 2, 5, 10, 20, 40])
    cats = [f"Cat{i}" for i in range(n)]
    rng.shuffle(cats)
    shape = rng.choice(["random", "chain", "diamond"])
    parents = {}
    for i, c in enumerate(cats):
        if i == 0:
            parents[c] = []
        elif shape == "chain":
            parents[c] = [cats[i - 1]]
        elif shape == "diamond":
            parents[c] = rng.sample(cats[:i], min(i, 2))
        else:
            parents[c] = rng.sample(cats[:i], rng.randint(0, min(i, 3)))
    m = rng.randint(1, 25)
    selves = {f"Self{j}": rng.sample(cats, rng.randint(0, min(n, 3))) for j in range(m)}
    selves["Ego"] = []
    return parents, selves


def toml(parents, selves):
    q = lambda xs: "[" + ", ".join(f'"{x}"' for x in xs) + "]"  # noqa: E731
    out = ["[categories]"] + [f"{c} = {q(p)}" for c, p in parents.items()]
    out += ["[selves]"] + [f"{s} = {q(p)}" for s, p in selves.items()]
    out += ["[special]", 'ego = "Ego"']
    return "\n".join(out) + "\n"


def cogito_closure(parents, selves, s):
    found = set(selves[s])
    while True:
        more = found | {p for c in found for p in parents[c]}
        if more == found:
            return found
        found = more


def cogito_truth(parents, selves, holder, x):
    """'I am not x' for holder."""
    if x == "Ego":
        return False
    if x in selves:
        return x != holder
    return x not in cogito_closure(parents, selves, holder)


def typed(x):
    r = rng.random()
    return x.lower() if r < 0.2 else x.upper() if r < 0.3 else x


def cogito(N, SEED):
    global rng
    rng = random.Random(SEED)
    bad = []
    counts = {"diagrams": 0, "judgements": 0, "possible": 0, "assignments": 0}
    t0 = time.time()
    for _ in range(N):
        parents, selves = diagram()
        path = f"{TMP}/cogito_{SEED}.toml"
        with open(path, "w") as fh:
            fh.write(toml(parents, selves))
        counts["diagrams"] += 1
        names = list(parents) + list(selves)
        holder = rng.choice(list(selves))
        asked = rng.sample(names, min(len(names), 30))
        r = subprocess.run(
            [
                REF,
                "cogito",
                "judge",
                "--deck",
                path,
                "--self",
                typed(holder),
                "--json",
                *[typed(x) for x in asked],
            ],
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            bad.append(("judge-failed", r.stderr[-500:]))
            print("JUDGE FAILED", r.stderr[-500:], flush=True)
            continue
        js = json.loads(r.stdout)
        for x, entry in zip(asked, js, strict=True):
            counts["judgements"] += 1
            if entry["not"] != x or entry["true"] != cogito_truth(parents, selves, holder, x):
                bad.append(("judge", holder, x, entry))
                print("JUDGE", holder, x, entry, flush=True)
        # possible: declarations as judged for a hidden true holder (and random ones)
        real = rng.choice(list(selves))
        decl = rng.sample(names, rng.randint(0, min(6, len(names))))
        blue, red = [], []
        for x in decl:
            t = cogito_truth(parents, selves, real, x) if rng.random() < 0.8 else rng.random() < 0.5
            if x == "Ego":
                t = False  # the Ego card lies red
            (blue if t else red).append(x)
        args = []
        for x in blue:
            args += ["--blue", typed(x)]
        for x in red:
            args += ["--red", typed(x)]
        r = subprocess.run(
            [REF, "cogito", "possible", "--deck", path, *args, "--json"],
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            bad.append(("possible-failed", blue, red, r.stderr[-500:]))
            print("POSSIBLE FAILED", blue, red, r.stderr[-500:], flush=True)
            continue
        got = json.loads(r.stdout)["possible"]
        want = []
        for s in selves:  # every identity assignment
            counts["assignments"] += 1
            ok = all(cogito_truth(parents, selves, s, x) for x in blue) and all(
                not cogito_truth(parents, selves, s, x) for x in red if x != "Ego"
            )
            if ok:
                want.append(s)
        counts["possible"] += 1
        if got != want:
            bad.append(("possible", blue, red, got, want))
            print("POSSIBLE", blue, red, got, want, flush=True)
    print(json.dumps(counts), f"{len(bad)} bad, {time.time() - t0:.0f}s")


def edge(s):
    return s[0] in (0, W - 1) or s[1] in (0, H - 1)


def corner(s):
    return s[0] in (0, W - 1) and s[1] in (0, H - 1)


RING = (
    [(c, 0) for c in range(W)]
    + [(W - 1, r) for r in range(1, H)]
    + [(c, H - 1) for c in range(W - 2, -1, -1)]
    + [(0, r) for r in range(H - 2, 0, -1)]
)
assert len(RING) == 34 and len(set(RING)) == 34


def my_moves_fixed(board, hand, side, rules):
    out = set()
    if hand[side] > 0:
        out |= {("place", s) for s in ALL if s not in board}
    for o, (sd, kind) in board.items():
        if sd != side:
            continue
        for t in ALL:
            if t == o or t in board:
                continue
            if legal_step(board, o, kind, t, rules):
                out.add(("move", o, t))
    return out


def legal_step(board, o, kind, t, rules):
    dc, dr = t[0] - o[0], t[1] - o[1]
    if kind == "hollow":
        return abs(dc) + abs(dr) == 1
    if not edge(o):
        return max(abs(dc), abs(dr)) == 1
    if max(abs(dc), abs(dr)) == 1 and not edge(t):
        return True
    if not edge(t):
        return False
    if rules.corner_cut and abs(dc) == 1 and abs(dr) == 1:
        return True
    i = RING.index(o)
    for step in (1, -1):
        k, corners_passed = i, 0
        while True:
            k = (k + step) % 34
            sq = RING[k]
            if sq == t:
                if rules.corners == Corners.ANY or corners_passed <= 1:
                    return True
                break
            if sq in board:
                break
            if corner(sq):
                corners_passed += 1
    return False


def five(board, side, at):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sgn in (1, -1):
            c, r = at
            while True:
                c, r = c + sgn * dc, r + sgn * dr
                if 0 <= c < W and 0 <= r < H and board.get((c, r), (None,))[0] == side:
                    n += 1
                else:
                    break
        if n >= 5:
            return True
    return False


def any_five(board, side):
    return any(five(board, side, s) for s, p in board.items() if p[0] == side)


def sq(s):
    return Square(*s)


def event_of(e, side):
    return Place(side, sq(e[1])) if e[0] == "place" else Move(side, sq(e[1]), sq(e[2]))


def referee_legal(game, side, board):
    got = set()
    for s in ALL:
        if game.check(Place(side, sq(s))) is None:
            got.add(("place", s))
    for o, p in board.items():
        if p[0] != side:
            continue
        for t in ALL:
            if game.check(Move(side, sq(o), sq(t))) is None:
                got.add(("move", o, t))
    return got


def key(board, hand, side):
    return (tuple(sorted(board.items())), hand["white"], hand["black"], side)


def invicta(N, SEED):
    global rng
    rng = random.Random(SEED)
    counts = {
        "games": 0,
        "positions": 0,
        "events_compared": 0,
        "fives": 0,
        "repetitions": 0,
        "blocked": 0,
        "passes": 0,
    }
    bad = []
    t0 = time.time()
    for _ in range(N):
        rules = HouseRules(
            first=rng.choice(list(Side)),
            corner_cut=rng.random() < 0.5,
            corners=rng.choice(list(Corners)),
            blocked=rng.choice(list(Blocked)),
        )
        game = Game.new(Setup("alice", "bob", rules))
        board, hand = {}, {"white": 12, "black": 12}
        side = rules.first.value
        seen = {key(board, hand, side): 1}
        counts["games"] += 1
        # where to crowd: a corner region or a strip, so edges and rows happen
        cx, cy = rng.choice([(0, 0), (8, 9), (0, 9), (8, 0), (4, 4)])
        span = rng.choice([3, 4, 5])
        region = {(c, r) for c, r in ALL if abs(c - cx) < span and abs(r - cy) < span}
        finish = None
        last = {}
        for _ in range(rng.choice([40, 80, 150])):
            counts["positions"] += 1
            mine = my_moves_fixed(board, hand, side, rules)
            if game.to_move is None or game.to_move.value != side:
                bad.append(("to-move", game.to_move, side))
                break
            if rng.random() < 0.25 or not board:  # full comparison (slow: 90 + 90·k checks)
                theirs = referee_legal(game, Side(side), board)
                counts["events_compared"] += len(theirs | mine)
                if theirs != mine:
                    bad.append(
                        (
                            "legal",
                            rules,
                            sorted(board.items()),
                            side,
                            sorted(mine - theirs)[:5],
                            sorted(theirs - mine)[:5],
                        )
                    )
                    print(
                        "LEGAL",
                        rules,
                        side,
                        sorted(mine - theirs)[:5],
                        sorted(theirs - mine)[:5],
                        sorted(board.items()),
                        flush=True,
                    )
                    break
            # generator check too
            gen = {
                ("place", (e.square.column, e.square.row))
                if isinstance(e, Place)
                else ("move", (e.origin.column, e.origin.row), (e.target.column, e.target.row))
                for e in game.legal_events(Side(side))
            }
            if gen != mine:
                bad.append(("generator", rules, sorted(mine ^ gen)[:5]))
                print("GEN", rules, sorted(mine - gen)[:5], sorted(gen - mine)[:5], flush=True)
                break
            crowded = [e for e in mine if e[-1] in region]
            e = rng.choice(crowded if crowded and rng.random() < 0.85 else sorted(mine))
            back = last.get(side)
            if back and ("move", back[2], back[1]) in mine and rng.random() < 0.6:
                e = ("move", back[2], back[1])  # back and forth: positions repeat
            if e[0] == "move":
                last[side] = e
            game.apply(event_of(e, Side(side)))
            # my rules
            if e[0] == "place":
                board[e[1]] = (side, "lion" if edge(e[1]) else "hollow")
                hand[side] -= 1
                at = e[1]
            else:
                sd, kind = board.pop(e[1])
                board[e[2]] = (sd, "lion" if kind == "lion" or edge(e[2]) else "hollow")
                at = e[2]
            other = "black" if side == "white" else "white"
            winner = None
            if five(board, side, at):
                finish, winner = "five", side
            else:
                nxt = other
                if not my_moves_fixed(board, hand, other, rules):
                    if not my_moves_fixed(board, hand, side, rules):
                        finish = "blocked"
                    elif rules.blocked == Blocked.LOSE:
                        finish, winner = "blocked", side
                    else:
                        nxt = side
                        counts["passes"] += 1
                side = nxt
                if finish is None:
                    k = key(board, hand, side)
                    seen[k] = seen.get(k, 0) + 1
                    if seen[k] >= 3:
                        finish = "repetition"
            theirs_board = {
                (s.column, s.row): (p.side.value, p.kind.value) for s, p in game.board.items()
            }
            got = (
                game.finish.value if game.finish else None,
                game.winner.value if game.winner else None,
            )
            if theirs_board != board or got != (finish, winner):
                bad.append(("after", rules, e, got, (finish, winner)))
                print("AFTER", rules, e, got, (finish, winner), sorted(board.items()), flush=True)
                break
            if any_five(board, other) and finish != "five":
                bad.append(("other-five", e))
            if finish:
                counts[
                    {"five": "fives", "repetition": "repetitions", "blocked": "blocked"}[finish]
                ] += 1
                break
    print(json.dumps(counts), f"{len(bad)} bad, {time.time() - t0:.0f}s")


def main() -> None:
    mode, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if mode == "ergo-proofs":
        ergo_proofs(count, seed, int(sys.argv[4]) if len(sys.argv) > 4 else 0)
    elif mode == "ergo-games":
        ergo_games(count, seed)
    elif mode == "cogito":
        cogito(count, seed)
    elif mode == "invicta":
        invicta(count, seed)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
