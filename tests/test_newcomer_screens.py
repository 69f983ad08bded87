"""Issue 31: what a newcomer reads at 80 × 24, in a real pseudo-terminal (tests/ptyscreen.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from ptyscreen import ROOT, play  # noqa: E402


def _script(path: str) -> list[str]:
    text = (ROOT / path).read_text(encoding="utf-8")
    return [x for x in text.split("\n") if x.strip() and not x.startswith("#")]


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
