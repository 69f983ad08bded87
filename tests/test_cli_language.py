"""`referee parse` and `referee cards` as a player uses them."""

import json

from click.testing import CliRunner

from referee.cli.main import main


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_parse_prints_the_canonical_unicode_form():
    result = run("parse", "forall x happy(x) -> ~blonde(x)")
    assert result.exit_code == 0
    assert result.output.strip() == "∀x happy(x) → ¬blonde(x)"


def test_parse_ascii():
    result = run("parse", "--ascii", "∀x ∃!y likes(y, x) | liker(x) := y")
    assert result.output.strip() == "forall x exists! y likes(y, x) | liker(x) := y"


def test_parse_json_success_and_failure():
    ok = json.loads(run("parse", "--json", "∀x∀y x+y=y+x").output)
    assert ok == {
        "ok": True,
        "text": "∀x ∀y x + y = y + x",
        "ascii": "forall x forall y x + y = y + x",
    }
    result = run("parse", "--json", "∀x smarter(x)")
    assert result.exit_code == 1
    assert json.loads(result.output) == {
        "ok": False,
        "error": {"message": "smarter takes 2 arguments, got 1", "line": 1, "column": 4},
    }


def test_parse_error_shows_a_caret_and_exits_1():
    result = CliRunner().invoke(main, ["parse", "∀x ∃y happy(x) = y"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert "line 1, column 7" in lines[0]
    assert lines[-1] == "        ^^^^^^^^"


def test_parse_with_a_custom_deck(tmp_path):
    deck = tmp_path / "mine.toml"
    deck.write_text("[vocabulary]\npredicates = { rains = 0 }\n", encoding="utf-8")
    assert (
        run("parse", "--deck", str(deck), "rains or not rains").output.strip() == "rains ∨ ¬rains"
    )
    assert CliRunner().invoke(main, ["parse", "--deck", str(deck), "happy(x)"]).exit_code == 1


def test_bad_deck_file_is_named_without_a_traceback(tmp_path):
    deck = tmp_path / "bad.toml"
    deck.write_text('[vocabulary]\npredicates = { p = "one" }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["parse", "--deck", str(deck), "p"])
    assert result.exit_code == 1
    assert "bad.toml: vocabulary.predicates.p: arity must be a whole number" in result.output
    missing = CliRunner().invoke(main, ["parse", "--deck", str(tmp_path / "none.toml"), "p"])
    assert missing.exit_code == 1 and "no such deck file" in missing.output
    assert "Traceback" not in result.output + missing.output


def test_cards_lists_the_deck():
    result = run("cards")
    assert result.exit_code == 0
    assert "54 cards" in result.output
    for needle in ("P:blonde", "Q:∀x ∃!y", "S14", "X:¬", "smarter/2"):
        assert needle in result.output


def test_a_deep_path_is_named_whole_with_the_line_after_it(tmp_path):
    deep = tmp_path / ("d" * 70) / ("e" * 40)
    deep.mkdir(parents=True)
    board = deep / "board.txt"
    board.write_text("∀x blonde(x) →\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["analyze", str(board)])
    assert result.exit_code == 1
    assert f"{board}:line 1, column 15: the statement ends too early" in result.output


def test_python_dash_m_referee_is_the_command_line(monkeypatch, capsys):
    """`python -m referee ...` runs what the console script `referee` runs (a common way
    to call a package's command line without its script on PATH)."""
    import runpy

    import pytest

    monkeypatch.setattr("sys.argv", ["referee", "parse", "forall x happy(x)"])
    with pytest.raises(SystemExit) as done:
        runpy.run_module("referee", run_name="__main__")
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == "∀x happy(x)"
