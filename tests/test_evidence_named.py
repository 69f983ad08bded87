"""Issue 31: evidence says what happened. The prover named is the one that decided, and a
derivation shown derives (instantiate, then the contradiction), never one cited line."""

from __future__ import annotations

import time

import pytest

from referee.derivation.checker import check_derivation
from referee.derivation.writer import Written, write_derivation
from referee.language import ast
from referee.language.parser import parse_formula


@pytest.mark.parametrize(
    ("board", "goal"),
    [
        (["exists x blonde(x)", "forall x ~blonde(x)"], None),
        (["forall x ~blonde(x)", "exists x blonde(x)"], None),
        (["~forall x blonde(x)", "forall x blonde(x)"], None),
        (["forall x ~happy(x)"], "~exists x happy(x)"),
    ],
)
def test_a_clash_of_one_quantified_letter_is_derived_not_cited(vocab, board, goal):
    premises = [parse_formula(s, vocab) for s in board]
    target = None if goal is None else parse_formula(goal, vocab)
    w = write_derivation(premises, target, vocab, deadline=time.monotonic() + 8.0)
    assert w is not None
    assert w.method is not Written.FINITE_SEARCH and w.cited_steps == 0, w.text
    result = check_derivation([ast.Statement(f) for f in premises], w.text, vocab)
    assert result.ok, w.text


def _play(tmp_path, script: str) -> tuple[str, dict]:
    import json

    from click.testing import CliRunner

    from referee.cli.main import main

    record = tmp_path / "g.json"
    args = ["play", "--players", "alice,bob", "--mode", "table", "--record", str(record)]
    result = CliRunner().invoke(main, args, input=script, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output, json.loads(record.read_text(encoding="utf-8"))


PROVERS = {"e": "E prover", "cvc5": "cvc5", "z3": "Z3"}


def test_an_upheld_claim_names_the_prover_its_record_stores(tmp_path):
    out, record = _play(
        tmp_path,
        "play blonde : forall x blonde(x)\nplay ? : exists x blonde(x)\nclaim 2\nwhy\n",
    )
    evidence = record["events"][-1]["verdict"]["evidence"]
    assert evidence["method"] == "proof"
    assert "a prover" not in out
    assert out.count(f"({PROVERS[evidence['solver']]} proof, ") == 2  # the verdict and why


def test_an_inconsistency_is_derived_and_its_board_keeps_the_parentheses(tmp_path):
    out, record = _play(
        tmp_path,
        "play ? : exists x blonde(x)\nplay blonde : forall x ~blonde(x)\nclaim inconsistent\nwhy\n",
    )
    claim = record["events"][-1]
    assert claim["proof"]["method"] == "first-order" and claim["proof"]["lines"] > 1
    assert "by ∃E 1" in out and "by ∀E 2" in out
    assert "1. ⊥   by board 1, board 2" not in out
    assert "claimed statements" not in out
    assert f"({PROVERS[claim['verdict']['evidence']['solver']]} proof, " in out


def test_why_shows_the_board_with_the_parentheses_the_board_shows(tmp_path):
    out, _ = _play(
        tmp_path,
        "play blonde : forall x blonde(x)\nplay happy blonde : forall x (blonde(x) -> happy(x))\n"
        "play happy : exists x happy(x)\nclaim 3\nwhy\n",
    )
    why = out.split("> why", 1)[1]
    assert "∀x (blonde(x) → happy(x))" in why
    assert "the board as it stood (the claimed statements apart)" in why


def test_ergo_says_where_each_card_of_a_move_went(tmp_path):
    from click.testing import CliRunner

    from referee.cli.main import main
    from referee.ergo.proof import landed

    args = ["ergo", "play", "--players", "ann,bob,cat", "--mode", "table"]
    args += ["--record", str(tmp_path / "e.json")]
    script = "play A\ndiscard 1\nplay OR D at 1\nplay NOT at 1:0, NOT at 1:2\n"
    out = CliRunner().invoke(main, args, input=script, catch_exceptions=False).output
    assert "bob plays ∨ at 1:1, D at 1:2" in out
    # A ∨ D: ¬ at gap 0 and ¬ before D (gap 2 before the move) end at gaps 0 and 3
    assert "plays ¬ at 1:0, ¬ at 1:3" in out
    assert landed(()) == ()
