"""Files that are not derivations get a clear error naming the line, never a traceback."""

from __future__ import annotations

import pytest

from referee.client.derivation_words import line_words
from referee.derivation import DerivationError, check_derivation, parse_derivation
from referee.language.boardfile import parse_board

BOARD = "∀x blonde(x) → happy(x)\n∃x blonde(x)\n"


@pytest.fixture(scope="module")
def board(vocab):
    return parse_board(BOARD, vocab)


def error(board, text) -> DerivationError:
    with pytest.raises(DerivationError) as err:
        check_derivation(board.statements, text, board.vocabulary)
    return err.value


@pytest.mark.parametrize(
    "text, line, needle",
    [
        (
            "1. ∃x blonde(x) by board 2\n2. ∃x blonde(x) by 7\n",
            2,
            "cites line 7, which does not exist",
        ),
        ("1. ∃x blonde(x) by board 3\n", 1, "cites board 3, but the board has 2 statements"),
        (
            "1. ∃x blonde(x) by 2\n2. ∃x blonde(x) by board 2\n",
            1,
            "cites line 2, which comes later",
        ),
        (
            "1. ∃x blonde(x) by 2\n2. ∃x blonde(x) by 1\n",
            1,
            "circular citation: 1 → 2 → 1",
        ),
        ("1. ∃x blonde(x) by MP 1, 1\n", 1, "circular citation: 1 → 1"),
        (
            "# a comment\n1. ∃x blonde(x) by board 2\n2. assume [a] blonde(a)\n"
            "3.   happy(a) by board 1, 2\n",
            3,
            "the subproof opened at line 2 is never closed",
        ),
        ("1. ∃x blonde(x) by board 2\nend\n", 2, "`end` but no subproof is open"),
        (
            "1. ∃x blonde(x) by board 2\n1. ∃x blonde(x) by board 2\n",
            2,
            "line number 1 is used twice",
        ),
        ("1. ∃x blonde(x) by modus pones 2\n", 1, "unknown rule 'modus pones'"),
        ("1. ∃x blonde(x)\n", 1, "has no justification"),
        ("∃x blonde(x) by board 2\n", 1, "must start with its number"),
        ("1. ∃x blonde(x) by 1-2\n", 1, "a subproof (a range like 3-6) can only be cited"),
        ("1. ∃x blonde(x) by MP 1-2\n", 1, "does not discharge a subproof"),
        ("1. ∃x blonde(x) by board 2, fish\n", 1, "cannot read the citation 'fish'"),
        (
            "1. ∃x blonde(x) by board 2\n2. assume blonde(blonde)\nend\n",
            2,
            "blonde is a predicate",
        ),
        (
            "1. ∃x blonde(x) by board 2\n2. assume happy(x)\nend\n3. ∃x blonde(x) by 1\n",
            2,
            "x is not bound",
        ),
        (
            "1. assume [father] blonde(father)\nend\n2. ∃x blonde(x) by board 2\n",
            1,
            "father is already a function",
        ),
        (
            "1. assume [a] blonde(a)\n2. assume [a] happy(a)\nend\nend\n3. ∃x blonde(x) by board 2\n",
            2,
            "a is a fresh name of an enclosing subproof",
        ),
        (
            "1. assume [a] blonde(a)\n2. blonde(a) by reit 1\nend\n3. blonde(a) by 2\n",
            4,
            "only known inside it",
        ),
        (
            "1. ∃x blonde(x) by board 2\n2. assume [c] blonde(c)\n3. ∃x blonde(x) by ∃E 1, 2-3\n"
            "end\n4. ∃x blonde(x) by 1\n",
            3,
            "cites the subproof 2-3 from inside it",
        ),
        (
            "1. ∃x blonde(x) by board 2\n2. assume [c] blonde(c)\n3. ∃x blonde(x) by ∃I 2\n"
            "4. ∃x blonde(x) by ∃I 2\nend\n5. ∃x blonde(x) by ∃E 1, 2-3\n",
            6,
            "the subproof opened at line 2 runs 2-4",
        ),
        (
            "1. ∃x blonde(x) by board 2\n2. ∃x blonde(x) by ∃E 1, 1-1\n",
            2,
            "line 1 does not open a subproof",
        ),
        (
            "1. ∃x blonde(x) by board 2\n2. assume blonde(blondie)\nend\n",
            2,
            "unknown name 'blondie'",
        ),
        (
            "1. assume [a] blonde(a)\n2. happy(a) by 1\nend\n",
            2,
            "the last line (2) is inside a subproof",
        ),
        ("# nothing here\n\n", 1, "the derivation has no lines"),
        ("1. ∃x blonde(x) by board 2-3\n", 1, "cannot read the citation"),
    ],
)
def test_bad_files_name_the_line(board, text, line, needle):
    err = error(board, text)
    assert needle in err.message, err.message
    assert err.line == line
    rendered = err.render()
    assert rendered.startswith(f"line {line}:")
    assert "Traceback" not in rendered


def test_parse_errors_point_into_the_file_line(board):
    err = error(board, "1.   ∃x blonde(x) ∧ by board 2\n")
    assert err.line == 1
    assert err.column > 5  # past the line number, inside the statement
    assert err.render().splitlines()[1].strip().startswith("1.")
    assert err.to_json()["line"] == 1


def test_format_variants(board, vocab):
    text = """\
# Fitch bars, ')' or ':' after numbers, ASCII connectives, rule spellings, comments
1) forall x (blonde(x) -> happy(x))   by board 1   # restated
2: exists x blonde(x)                  by board 2
3. assume [c] blonde(c)
4. | blonde(c) -> happy(c)             by forall-E 1
5. | happy(c)                          by modus ponens 4, 3
6. | exists y happy(y)                 by EG 5
   end
7. exists y happy(y)                   by existential elimination 2, 3–6
"""
    result = check_derivation(board.statements, text, board.vocabulary)
    assert result.ok, [line_words(v.reason) for v in result.lines]
    assert [v.rule for v in result.lines[3:]] == [
        "∀ elimination",
        "modus ponens",
        "∃ introduction",
        "∃ elimination",
    ]
    assert result.rests_on == (1, 2)
    d = parse_derivation(text, board.vocabulary, 2)
    assert d.subproofs[0].range_text == "3-6"
    assert d.by_label[4].subproof == 0 and d.by_label[7].subproof is None


def test_assumption_by_justification_and_fresh_names(board):
    text = """\
1. [a, b] likes(a, b)   by assumption
2.   likes(a, b) ∨ blonde(a)   by ∨I 1
   end
3. ∃x blonde(x)  by board 2
"""
    result = check_derivation(board.statements, text, board.vocabulary)
    assert result.lines[0].status == "assumption"
    assert result.lines[0].fresh == ("a", "b")
    assert result.lines[1].status == "ok" and result.lines[1].depth == 1


def test_result_json_shape(board):
    text = "1. ∃x blonde(x)  by board 2\n2. ∃y blonde(y)  by reit 1\n"
    result = check_derivation(board.statements, text, board.vocabulary)
    data = result.to_json()
    assert data["ok"] is True
    assert data["conclusion"] == "∃y blonde(y)"
    assert data["rests_on"] == [2]
    assert data["inconsistent"] is False
    assert [line["status"] for line in data["lines"]] == ["ok", "ok"]
    assert data["lines"][1]["rule"] == "reiteration"
    assert result.proves(board.statements[1].formula)
    assert not result.proves(board.statements[1].formula, without=2)
