"""Issue 31: what a newcomer reads at 80 × 24, in a real pseudo-terminal (tests/ptyscreen.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from ptyscreen import ROOT, play  # noqa: E402


def _script(path: str) -> list[str]:
    text = (ROOT / path).read_text(encoding="utf-8")
    return [x for x in text.split("\n") if x.strip() and not x.startswith("#")]


@pytest.mark.slow
def test_cogito_review_keeps_each_entrys_lines_together_and_disruption_ends_a_sentence(
    tmp_path,
):
    args = ["cogito", "play", "--players", "alice,bob,carol", "--seed", "24"]
    typed = [*_script("examples/cogito/found-after-a-dream.txt"), "review", "quit"]
    lines = play([*args, "--record", "g.json"], typed, tmp_path).lines()
    review = lines[lines.index("Every judgement:") + 1 :]
    review = review[: next(i for i, x in enumerate(review) if x.endswith("> quit"))]
    for line in review:
        if line.startswith("  event ") or line.startswith("COGITO at event "):
            continue
        if line.startswith("    from "):
            continue
        assert line.startswith("    ") and not line.startswith("    from "), review
        assert line.strip()
    assert any(x.startswith("    ") and not x.lstrip().startswith("from") for x in review)
    said = " ".join(lines[lines.index(next(x for x in lines if "ego disruption" in x)) :][:2])
    assert said.rstrip().endswith("Their Self card was Casablanca."), said


def test_palmer_end_asks_and_no_to_end_or_undo_is_no_refusal(tmp_path):
    args = ["play", "--players", "alice,bob", "--mode", "table", "--record", "g.json"]
    typed = ["play blonde : forall x blonde(x)", "end", "n", "undo", "n", "end", "y", "quit"]
    t = play(args, typed, tmp_path)
    text = "\n".join(t.lines())
    assert "End the game here (most points wins)?" in text
    assert "the game goes on" in text and "nothing was taken back" in text
    assert "refused" not in text
    assert "Game over" in text


def test_ergo_no_to_end_is_no_refusal(tmp_path):
    args = ["ergo", "play", "--players", "ann,bob,cat", "--mode", "table", "--record", "g.json"]
    t = play(args, ["end", "n", "quit"], tmp_path)
    text = "\n".join(t.lines())
    assert "the game goes on" in text and "refused" not in text


def test_a_finished_game_given_settings_is_not_called_a_game_in_progress(tmp_path):
    from click.testing import CliRunner

    from referee.cli.main import main

    record = str(tmp_path / "g.json")
    args = ["play", "--players", "alice,bob", "--mode", "table", "--record", record]
    CliRunner().invoke(main, args, input="end\n", catch_exceptions=False)
    again = CliRunner().invoke(main, args, input="", catch_exceptions=False)
    assert again.exit_code == 1
    assert "in progress" not in again.output and "already holds a game" in again.output


def test_a_parse_error_quotes_the_symbols_it_expected(tmp_path):
    from click.testing import CliRunner

    from referee.cli.main import main

    out = CliRunner().invoke(main, ["parse", "forall x likes(x, y"]).output
    assert "expected ')' or ','" in out and "expected ), ," not in out


def test_after_a_game_won_by_a_claim_no_hint_sends_the_table_to_a_refused_undo(tmp_path):
    args = ["play", "--players", "alice,bob", "--mode", "table", "--record", "g.json"]
    typed = ["play ? : exists x blonde(x)", "play blonde : forall x ~blonde(x)"]
    typed += ["claim inconsistent", "pass", "undo", "quit"]
    text = "\n".join(play(args, typed, tmp_path).lines())
    assert "undo cannot take back" in text
    assert "undo takes back the last event" not in text


def test_a_derivation_file_that_cannot_be_read_says_what_to_do(tmp_path):
    args = ["play", "--players", "alice,bob", "--mode", "table", "--record", "g.json"]
    typed = ["play blonde : forall x blonde(x)", "claim 1 with missing.txt", "quit"]
    text = "\n".join(play(args, typed, tmp_path).lines())
    assert "try: nothing was claimed; give a file that can be read: claim N with FILE" in text


def test_a_claim_says_the_referee_is_thinking_and_the_line_goes_with_the_answer(tmp_path):
    args = ["play", "--players", "alice,bob", "--mode", "table", "--record", "g.json"]
    typed = ["play blonde : forall x blonde(x)", "play ? : exists x blonde(x)", "claim 2"]
    t = play(args, [*typed, "quit"], tmp_path)
    assert "the referee is thinking… (Ctrl-C cancels the claim)" in t.text
    screen = "\n".join(t.screen())
    assert "UPHELD" in screen and "thinking" not in screen


@pytest.mark.slow
def test_palmer_cards_go_through_the_pager_as_help_does(tmp_path):
    from ptyscreen import PROMPT, spawn

    pager = tmp_path / "pager.sh"
    pager.write_text("#!/bin/sh\necho PAGER-RAN\ncat\n", encoding="utf-8")
    pager.chmod(0o755)
    child = spawn(
        ["play", "--players", "alice,bob", "--mode", "table", "--record", "g.json"],
        tmp_path,
        pager=str(pager),
    )
    child.expect(PROMPT)
    child.sendline("cards")
    child.expect("PAGER-RAN")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Record:")
    child.close()


# ------------------------------------------------ a long statement at 80 × 24

_CHAIN = "happy(" + "father(" * 13 + "x" + ")" * 14  # 106 characters without a space


def _unspaced(text: str) -> str:
    return "".join(text.split())


def _block(lines: list[str], first: str) -> list[str]:
    """The line starting with ``first`` and the indented lines that continue it."""
    at = next(i for i, x in enumerate(lines) if x.startswith(first))
    out = [lines[at]]
    for line in lines[at + 1 :]:
        if not line.startswith(" ") or line.lstrip().startswith(("#", "·", "(why")):
            break
        out.append(line)
    return out


def test_a_long_statement_is_never_cut_and_wraps_at_its_parts_with_a_hanging_indent(tmp_path):
    args = ["play", "--players", "alice,bob", "--mode", "table", "--record", "g.json"]
    typed = [f"play ? : forall x happy(x) -> {_CHAIN}", "play S3", "claim 1", "board", "quit"]
    t = play(args, typed, tmp_path)
    lines = t.lines()
    # (the line typed is echoed as typed: the terminal wraps it, as it does any input)
    assert [x for x in t.too_wide() if "> play ? :" not in x] == []
    assert t.split_words() == []
    statement = "∀x happy(x) → " + _CHAIN
    # the confirmation: the whole statement, broken before its arrow, the rest indented
    said = _block(lines, "#1 ")
    assert said[0].rstrip() == "#1 ∀x happy(x)", said
    assert all(x.startswith("     ") for x in said[1:]) and said[1].lstrip().startswith("→ ")
    assert _unspaced(" ".join(said)) == _unspaced(f"#1 {statement}  (alice)")
    # a line never breaks inside a word: only after "(" when nothing else is near
    for line in said[:-1]:
        assert line.endswith(("(", ")", ",")) or line.rstrip().endswith("happy(x)"), said
    # the board's table shows every character of it, over several lines, and no "…"
    board = [x for x in lines if x.startswith("│")]
    cells = [x.split("│")[2].strip() for x in board]
    assert not any("…" in c for c in cells), board
    first = cells.index("∀x happy(x)")
    shown = "".join(cells[first : first + 4])
    assert _unspaced(statement) in _unspaced(shown)
    # the verdict and "Board now:" give it whole too
    failed = _block(lines, "  #1 ")
    assert _unspaced(statement + " fails in it") in _unspaced(" ".join(failed))
    now = _block(lines, "Board now: ")
    assert _unspaced(statement) in _unspaced(" ".join(now))
    assert any("#2 ∀x smarter(father(x), x)" in x for x in lines[lines.index(now[0]) :])


def test_a_number_stays_with_its_unit_where_a_line_wraps():
    import io

    from rich.text import Text

    from referee.client.safe import TableConsole

    broken = []
    for pad in range(1, 40):  # the number at every column in turn, the edge included
        out = TableConsole(file=io.StringIO(), width=40, force_terminal=True, color_system=None)
        out.soft_wrap = False
        out.print(Text("  took " + "a" * pad + " 6.7 ms, limit 5 s, and the words go on"))
        printed = out.file.getvalue().split("\n")
        assert all(x.startswith("  ") or not x for x in printed), printed
        for above, below in zip(printed, printed[1:], strict=False):
            if above.rstrip().endswith(("6.7", " 5")) and below.lstrip().startswith(("ms", "s,")):
                broken.append((above, below))
    assert broken == []


def test_wrap_gives_the_statement_back_within_the_width_breaking_before_connectives():
    from referee.language.printer import text_width, wrap

    statements = [
        "∀x ∀y ∀z smarter(x, y) ∧ smarter(y, z) → smarter(x, z)",
        "∀x ¬likes(x, father(x)) ∧ likes(father(x), x)",
        "∀x happy(x) → " + _CHAIN,
        "forall x (blonde(x) -> happy(x)) /\\ exists y ~happy(y) | a := y",
    ]
    for text in statements:
        for width in range(8, 90):
            lines = wrap(text, width, indent=2)
            assert all(text_width(x) <= width for x in lines), (width, lines)
            assert all(x.startswith("  ") and x[2] != " " for x in lines[1:]), lines
            assert _unspaced("".join(lines)) == _unspaced(text)
    assert wrap(statements[0], 50) == (
        "∀x ∀y ∀z smarter(x, y) ∧ smarter(y, z)",
        "  → smarter(x, z)",
    )
    assert wrap(statements[1], 40) == ("∀x ¬likes(x, father(x))", "  ∧ likes(father(x), x)")


# ------------------------------------------------ Ergo: the move stays on the screen


def _four_premises(tmp_path) -> None:
    """A dealt game (seed 3) whose Proof has four premises, D, B, ¬D, A; dan plays next."""
    from click.testing import CliRunner

    from referee.cli.main import main

    record = str(tmp_path / "g.json")
    args = ["ergo", "play", "--players", "ann,bob,cat,dan", "--seed", "3", "--record", record]
    typed = "play D\nplay B\nplay D\nplay NOT at 3:0\nplay A\ndiscard 1\n"
    made = CliRunner().invoke(main, args, input=typed)
    assert made.exit_code == 0 and "on the new premise 4" in made.output, made.output


@pytest.mark.slow
def test_ergo_dealt_with_four_premises_keeps_the_move_just_made_on_screen(tmp_path):
    _four_premises(tmp_path)
    t = play(["ergo", "play", "--record", "g.json"], ["play AND B at 4", "quit"], tmp_path)
    screen = t.screen()
    assert "dan plays ∧ at 4:1, B at 4:2" in screen, "\n".join(screen)
    # each premise's reading sits beside its cards when the line has room for it
    assert any(x.startswith(" 4 │   A   ∧   B") and "reads (A ∧ B)" in x for x in screen)
    assert "  ann drew 2: type hand to see the hand (only ann should look)" in screen
    assert t.too_wide() == [] and t.split_words() == []


@pytest.mark.slow
def test_ergo_proof_taller_than_the_screen_says_the_move_again_under_it(tmp_path):
    """A Proof of long premises fills 24 rows as four short ones fill 14: the move's words
    come again under the Proof, before the turn, so they are on the screen at the prompt."""
    import pexpect
    from ptyscreen import PROMPT, Transcript, spawn

    _four_premises(tmp_path)
    child = spawn(["ergo", "play", "--record", "g.json"], tmp_path, rows=14)
    raw = bytearray()
    for line in ["play AND B at 4", "quit"]:
        child.expect(PROMPT)
        raw += child.before + child.after
        child.sendline(line)
    child.expect(pexpect.EOF)
    raw += child.before
    child.close()
    t = Transcript(bytes(raw), rows=14)
    screen = t.screen()
    at = screen.index("dan plays ∧ at 4:1, B at 4:2")
    assert screen[at + 1].startswith("Turn 5 (round 1): ann (A)"), screen
    lines = t.lines()
    said = [i for i, x in enumerate(lines) if x == "dan plays ∧ at 4:1, B at 4:2"]
    proof = max(i for i, x in enumerate(lines) if x.startswith("Proof, round 1"))
    assert len(said) == 2 and said[0] < proof < said[1]


def test_a_finished_game_given_a_secret_flag_is_not_called_a_game_in_progress(tmp_path):
    from click.testing import CliRunner

    from referee.cli.main import main

    record = str(tmp_path / "g.json")
    args = ["ergo", "play", "--players", "ann,bob", "--seed", "1", "--record", record]
    ended = CliRunner().invoke(main, args, input="end\n", catch_exceptions=False)
    assert "Game over" in ended.output
    again = CliRunner().invoke(main, ["ergo", "play", "--record", record, "--show-hands"], input="")
    assert again.exit_code == 1 and "was not started with --show-hands" in again.output
    assert "in progress" not in again.output and "resume" not in again.output
