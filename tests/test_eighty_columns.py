"""Every line fits a terminal of 80 columns, and a line never breaks inside a statement's
name or symbol: the commands and screens that show statements among words (a verdict's
evidence, where a statement fails in a model, a derivation and what its checker said, a
dealt hand, an error), run as a person runs them."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from ptyscreen import COLUMNS, in_turn, play, width  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow

# A statement's tokens as the printer writes them: a break may fall between two, never
# inside one (a name, a number, ∃!, |L|).
_TOKEN = re.compile(r"∃!|\|L\||[A-Za-z_][A-Za-z0-9_']*|\d+|\S")
# What may stand between two tokens of a statement on screen: spaces, or a line break and
# the next line's margin (indentation, a derivation's subproof bars).
_BETWEEN = r"(?:[ \t]|\n[ \t│]*)*"
# Where a derivation's justification starts on a row.
_JUSTIFIED = re.compile(r"\S {2,}(by |assumption)")


def unsplit(statement: str, texts: list[str]) -> bool:
    """Whether ``statement`` is shown whole in one of ``texts``, broken (if at all) only
    between two of its tokens."""
    pattern = re.compile(_BETWEEN.join(re.escape(t) for t in _TOKEN.findall(statement)))
    return any(pattern.search(text) for text in texts)


def screen_texts(rows: list[str]) -> list[str]:
    """The rows as texts to search: the rows outside tables, the rows of a derivation
    without its justifications' column, and each table's columns read down (a statement
    wraps inside its column)."""
    plain = "\n".join(row for row in rows if not row.startswith("│"))
    texts = [plain]
    starts = Counter(m.start(1) for row in rows for m in _JUSTIFIED.finditer(row))
    if starts:
        column = starts.most_common(1)[0][0]
        texts.append("\n".join(row[:column].rstrip() for row in rows))
    block: list[list[str]] = []
    for row in [*rows, ""]:
        if row.startswith("│"):
            block.append(row.split("│")[1:-1])
            continue
        if block:
            texts += ["\n".join(cells[k] for cells in block) for k in range(len(block[0]))]
        block = []
    return texts


def check(rows: list[str], statements: list[str], typed: tuple[str, ...] = ()) -> None:
    """No row is wider than the terminal (but a line typed, which the terminal wraps) and
    each of ``statements`` is shown whole."""
    wide = [row for row in rows if width(row) > COLUMNS and not row.endswith(typed or "\0")]
    assert not wide, "\n".join(["wider than 80 columns:", *wide])
    texts = screen_texts(rows)
    split = [s for s in statements if not unsplit(s, texts)]
    assert not split, "\n".join(["not shown whole:", *split, "printed:", *rows])


def test_the_check_sees_a_statement_cut_in_a_name():
    shown = ["✓ 5  ¬likes(a + a, father(a + a))", "      │   ∧ likes(father(a + a), a + a)"]
    assert unsplit("¬likes(a + a, father(a + a)) ∧ likes(father(a + a), a + a)", ["\n".join(shown)])
    assert not unsplit("likes(father(x), x)", ["likes(fa\n  ther(x), x)"])
    assert unsplit("∀x happy(x)", screen_texts(["│ 1 │ ∀x        │", "│   │ happy(x)  │"]))


LONG_BOARD = """\
∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z)) → smarter(x, z) ∧ ¬likes(father(father(x)), z)
∀x ∀y (happy(x) ∧ likes(x, y) ∧ blonde(father(y))) → happy(y) ∨ smarter(father(father(y)), x)
∃x ∃y ∃z smarter(x, y) ∧ smarter(y, z) ∧ ¬likes(x, father(father(z))) ∧ blonde(father(y))
"""
LONG_GOAL = "∀x ∀y (smarter(x, y) ∧ blonde(x) ∧ happy(father(x))) → likes(father(father(y)), x)"
BAD_STEP = (
    "∀z smarter(father(father(father(z))), father(father(z))) "
    "→ ¬likes(father(father(z)), father(father(father(father(z)))))"
)
BAD_DERIVATION = f"""\
1. ∀x ∀y smarter(x, y) → ¬likes(y, x)    by board 2
2. ∀x smarter(father(x), x)    by board 1
3. {BAD_STEP}   by MP 1, 2
"""


def _statements(text: str) -> list[str]:
    """The statements of a board or a derivation file as the printer writes them."""
    from referee.derivation.syntax import parse_derivation
    from referee.language.deck import load_deck_text
    from referee.language.printer import to_unicode
    from referee.resources import default_deck_path

    vocabulary = load_deck_text(default_deck_path().read_text(encoding="utf-8"), "d").vocabulary
    lines = parse_derivation(text, vocabulary, 5).lines
    return [to_unicode(line.formula) for line in lines if line.formula is not None]


def test_the_engine_commands_and_derive_fit_and_keep_statements_whole(tmp_path):
    (tmp_path / "long.txt").write_text(LONG_BOARD, encoding="utf-8")
    (tmp_path / "bad.txt").write_text(BAD_DERIVATION, encoding="utf-8")
    (tmp_path / "junk.txt").write_text(f"1. {BAD_STEP} ∧ {BAD_STEP}  by board 9\n", "utf-8")
    chain = ROOT / "examples" / "derivations" / "father-chain-ten"
    fathers = str(ROOT / "examples" / "boards" / "fathers.txt")
    runs = {
        "analyze": ["analyze", "--detail", "long.txt"],
        "entails": ["entails", "--detail", "--board", "long.txt", LONG_GOAL],
        "proof": ["entails", "--proof", "--board", "long.txt", "∃x ∃y smarter(x, y)"],
        "chain": ["derive", str(chain / "board.txt"), str(chain / "derivation.txt")],
        "refused": ["derive", fathers, "bad.txt"],
        "junk": ["derive", fathers, "junk.txt"],
        "parse": ["parse", LONG_GOAL.replace("→", "→ →")],
    }
    printed = dict(zip(runs, in_turn(list(runs.values()), tmp_path), strict=True))
    board = LONG_BOARD.strip().split("\n")
    check(printed["analyze"], board)
    check(printed["entails"], ["happy(father(e"])
    assert any("the goal fails in it: take" in row for row in printed["entails"])
    check(printed["proof"], ["∃x ∃y smarter(x, y)"])
    check(printed["chain"], _statements((chain / "derivation.txt").read_text("utf-8")))
    assert any("modus ponens needs an implication" in row for row in printed["refused"])
    check(printed["refused"], [*_statements(BAD_DERIVATION), "∀x ∀y smarter(x, y) → ¬likes(y, x)"])
    assert printed["junk"][0].startswith("error: junk.txt:line 1: ")
    check(printed["junk"], [])
    check(printed["parse"], [])


def test_palmer_hands_verdicts_and_why_fit_and_keep_statements_whole(tmp_path):
    dealt = play(["play", "--players", "ann,bob", "-n", "5", "--seed", "4"], ["quit"], tmp_path)
    rows = dealt.seen(wide=True)
    assert any(row.startswith("ann's hand:") for row in rows)
    hands = [
        "S4 (∀x ¬likes(x, father(x)) ∧ likes(father(x), x))",
        "S6 (∀x ∀y smarter(x + y, x) ∧ smarter(x + y, y))",
        "S9 (∀x ∀y x + y = y + x)",
        "S10 (∀x ∀y x + y = father(y + x))",
    ]
    check(rows, hands)
    statement = LONG_BOARD.split("\n")[1]
    typed = [f"play ? : {LONG_GOAL}", f"play ? : {statement}", "claim 1", "why"]
    game = play(["play", "--players", "ann,bob", "--mode", "table"], [*typed, "quit"], tmp_path)
    rows = game.seen(wide=True)
    assert any("fails in it" in row for row in rows)
    check(rows, [LONG_GOAL, statement, "happy(father(e"], tuple(typed))
