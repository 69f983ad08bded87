"""Named rules are checked exactly, with no solver: right uses pass, wrong ones are refused
with the reason that rule gives. Real parser, real boards, no engine (no line cites)."""

from __future__ import annotations

import pytest

from referee.client.derivation_words import line_words
from referee.derivation import check_derivation
from referee.language.boardfile import parse_board

BOARD = """\
∀x blonde(x) → happy(x)
∃x blonde(x)
∀x ∀y (happy(x) ∧ likes(x, y)) → happy(y)
∃!x blonde(x) ∧ happy(x) | blondie := x
"""


@pytest.fixture(scope="module")
def board(vocab):
    return parse_board(BOARD, vocab)


def check(board, text):
    return check_derivation(board.statements, text, board.vocabulary)


def verdict(board, text, label=None):
    result = check(board, text)
    v = result.lines[-1] if label is None else next(x for x in result.lines if x.label == label)
    return result, v


def refused(board, text, *needles, label=None):
    result, v = verdict(board, text, label)
    assert v.status == "refused", v
    assert not result.ok
    for needle in needles:
        assert needle in line_words(v.reason), line_words(v.reason)
    return v


def holds(board, text):
    result = check(board, text)
    assert result.ok, [(v.label, line_words(v.reason)) for v in result.lines if not v.ok]
    return result


# ------------------------------------------------------------ propositional


def test_modus_ponens_right_and_affirming_the_consequent(board):
    text = """\
1. assume [a] blonde(a) → happy(a)
2.   assume blonde(a)
3.     happy(a)                by MP 1, 2
     end
4.   assume happy(a)
5.     blonde(a)               by MP 1, 4
     end
   end
6. ∃x blonde(x)  by board 2
"""
    result = check(board, text)
    by = {v.label: v for v in result.lines}
    assert by[3].status == "ok"
    assert line_words(by[3].reason) == "line 1 with its antecedent line 2"
    assert by[5].status == "refused"
    assert by[5].rule == "modus ponens"
    assert "affirming the consequent" in line_words(by[5].reason)
    assert result.failed == (5,)


def test_modus_ponens_wrong_conclusion_and_no_implication(board):
    refused(
        board,
        "1. assume [a] blonde(a) → happy(a)\n2. assume blonde(a)\n3. blonde(a) by MP 1, 2\n"
        "end\nend\n4. ∃x happy(x) by board 2",
        "gives happy(a), not blonde(a)",
        label=3,
    )
    refused(
        board,
        "1. assume [a] blonde(a) ∧ happy(a)\n2. happy(a) by MP 1, 1\nend\n3. ∃x happy(x) by "
        "board 2",
        "needs an implication",
        label=2,
    )


def test_modus_tollens_right_and_denying_the_antecedent(board):
    text = """\
1. assume [a] (blonde(a) → happy(a)) ∧ ¬blonde(a) ∧ ¬happy(a)
2.   (blonde(a) → happy(a)) ∧ ¬blonde(a)   by ∧E 1
3.   blonde(a) → happy(a)   by ∧E 2
4.   ¬blonde(a)             by ∧E 2
5.   ¬happy(a)              by ∧E 1
6.   ¬blonde(a)             by MT 3, 5
7.   ¬happy(a)              by MT 3, 4
8.   ¬happy(a)              by MT 5, 3
   end
9. ∃x blonde(x)  by board 2
"""
    result = check(board, text)
    by = {v.label: v for v in result.lines}
    assert by[6].status == "ok"
    assert by[7].status == "refused" and by[7].rule == "modus tollens"
    assert "denies the antecedent blonde(a)" in line_words(by[7].reason)
    assert "needs the negation of the consequent, ¬happy(a)" in line_words(by[7].reason)
    assert by[8].status == "refused"
    assert "gives ¬blonde(a), not ¬happy(a)" in line_words(by[8].reason)


def test_hypothetical_and_disjunctive_syllogism(board):
    hs = """\
1. assume [a] (blonde(a) → happy(a)) ∧ (happy(a) → likes(a, a))
2.   blonde(a) → happy(a)        by ∧E 1
3.   happy(a) → likes(a, a)      by ∧E 1
4.   blonde(a) → likes(a, a)     by HS 3, 2
5.   happy(a) → blonde(a)        by HS 2, 3
   end
6. ∃x blonde(x)  by board 2
"""
    result = check(board, hs)
    assert result.lines[3].status == "ok"
    assert result.lines[4].status == "refused"
    assert "chain to blonde(a) → likes(a, a)" in line_words(result.lines[4].reason)

    ds = """\
1. assume [a] (blonde(a) ∨ happy(a)) ∧ ¬blonde(a) ∧ blonde(a)
2.   (blonde(a) ∨ happy(a)) ∧ ¬blonde(a)  by ∧E 1
3.   blonde(a) ∨ happy(a)    by ∧E 2
4.   ¬blonde(a)              by ∧E 2
5.   happy(a)                by DS 3, 4
6.   blonde(a)               by ∧E 1
7.   ¬happy(a)               by DS 3, 6
   end
8. ∃x blonde(x)  by board 2
"""
    result = check(board, ds)
    assert result.lines[4].status == "ok"
    assert result.lines[6].status == "refused"
    assert "affirms a side" in line_words(result.lines[6].reason)


def test_and_or_introduction_and_elimination(board):
    text = """\
1. assume [a] blonde(a) ∧ happy(a)
2.   happy(a)                       by ∧E 1
3.   blonde(a)                      by ∧E 1
4.   happy(a) ∧ blonde(a)           by ∧I 2, 3
5.   happy(a) ∨ likes(a, a)         by ∨I 2
6.   likes(a, a)                    by ∧E 1
7.   happy(a) ∧ likes(a, a)         by ∧I 2, 3
8.   likes(a, a) ∨ blonde(a)        by ∨I 2
   end
9. ∃x blonde(x)  by board 2
"""
    result = check(board, text)
    status = {v.label: v.status for v in result.lines}
    assert [status[n] for n in (2, 3, 4, 5)] == ["ok"] * 4
    assert status[6] == status[7] == status[8] == "refused"
    reasons = {v.label: line_words(v.reason) for v in result.lines}
    assert "gives blonde(a) or happy(a)" in reasons[6]
    assert "needs likes(a, a) among the cited lines" in reasons[7]
    assert "needs one side of likes(a, a) ∨ blonde(a)" in reasons[8]


def test_or_elimination_with_subproofs(board):
    text = """\
1. assume [a] (blonde(a) ∨ happy(a)) ∧ (blonde(a) → happy(a))
2.   blonde(a) ∨ happy(a)      by ∧E 1
3.   blonde(a) → happy(a)      by ∧E 1
4.   assume blonde(a)
5.     happy(a)                by MP 3, 4
     end
6.   assume happy(a)
7.     happy(a)                by reit 6
     end
8.   happy(a)                  by ∨E 2, 4-5, 6-7
9.   happy(a)                  by ∨E 2, 4-5, 4-5
   end
10. ∃x blonde(x)  by board 2
"""
    result = check(board, text)
    by = {v.label: v for v in result.lines}
    assert by[8].status == "ok"
    assert by[9].status == "refused"
    assert "must assume blonde(a) and happy(a)" in line_words(by[9].reason)


def test_implication_introduction_and_iff(board):
    text = """\
1. assume happy(blondie)
2.   happy(blondie) ∨ blonde(blondie)   by ∨I 1
   end
3. happy(blondie) → happy(blondie) ∨ blonde(blondie)   by →I 1-2
4. happy(blondie) → blonde(blondie)                    by →I 1-2
"""
    result = check(board, text)
    assert result.lines[2].status == "ok"
    assert "shows happy(blondie) → happy(blondie) ∨ blonde(blondie)" in line_words(
        result.lines[3].reason
    )


def test_de_morgan_and_double_negation(board):
    text = """\
1. assume [a] ¬(blonde(a) ∧ happy(a))
2.   ¬blonde(a) ∨ ¬happy(a)     by DeM 1
3.   ¬blonde(a) ∧ ¬happy(a)     by DeM 1
4.   ¬¬(¬blonde(a) ∨ ¬happy(a)) by DN 2
5.   ¬blonde(a) ∨ ¬¬¬happy(a)   by DN 2
6.   blonde(a) ∨ ¬happy(a)      by DN 2
   end
7. ∃x blonde(x)  by board 2
"""
    result = check(board, text)
    by = {v.label: v for v in result.lines}
    assert by[2].status == "ok" and by[4].status == "ok" and by[5].status == "ok"
    assert by[3].status == "refused" and "De Morgan" in line_words(by[3].reason)
    assert by[6].status == "refused" and "double negation" in line_words(by[6].reason)


def test_quantifier_de_morgan(board):
    text = """\
1. assume ¬∀x happy(x)
2.   ∃x ¬happy(x)       by DeM 1
3.   ∀x ¬happy(x)       by DeM 1
   end
4. ∃x blonde(x)  by board 2
"""
    result = check(board, text)
    assert result.lines[1].status == "ok"
    assert result.lines[2].status == "refused"


# -------------------------------------------------------------- quantifiers


def test_universal_instantiation(board):
    text = """\
1. ∀x ∀y (happy(x) ∧ likes(x, y)) → happy(y)      by board 3
2. ∀y (happy(blondie) ∧ likes(blondie, y)) → happy(y)    by ∀E 1
3. (happy(blondie) ∧ likes(blondie, father(blondie))) → happy(father(blondie))  by ∀E 1
4. (happy(blondie) ∧ likes(father(blondie), blondie)) → happy(father(blondie))  by ∀E 1
"""
    result = check(board, text)
    assert [v.status for v in result.lines] == ["ok", "ok", "ok", "refused"]
    assert "is not an instance" in line_words(result.lines[3].reason)


def test_generalisation_over_a_name_free_in_an_open_assumption_is_refused(board):
    text = """\
1. assume [a] happy(a)
2.   happy(a)               by reit 1
3.   ∀x happy(x)            by ∀I 2
   end
4. happy(blondie) → happy(blondie)  by logic
"""
    v = refused(board, text, "still free in the open assumption at line 1", label=3)
    assert v.rule == "∀ introduction"


def test_generalisation_right_uses(board):
    holds(
        board,
        """\
1. ∀x blonde(x) → happy(x)        by board 1
2. assume [a]
3.   blonde(a) → happy(a)          by ∀E 1
4.   ¬happy(a) → ¬blonde(a)        by 3
   end
5. ∀x (¬happy(x) → ¬blonde(x))     by ∀I 2-4
""",
    )
    # the same, generalising on a line inside the [a] box (no assumption about a)
    holds(
        board,
        """\
1. ∀x blonde(x) → happy(x)        by board 1
2. assume [a]
3.   blonde(a) → happy(a)          by ∀E 1
4.   ∀y (blonde(y) → happy(y))     by ∀I 3
   end
5. ∀x (blonde(x) → happy(x))       by board 1
""",
    )


def test_generalisation_of_a_board_name_or_keeping_the_name_is_refused(board):
    text = """\
1. blonde(blondie) ∧ happy(blondie)                by board 4
2. blonde(blondie)                                 by ∧E 1
3. ∀x blonde(x)                                    by ∀I 2
"""
    refused(board, text, "blondie is not a fresh name")
    text = """\
1. assume [a]
2.   likes(a, a) → likes(a, a)   by logic
   end
3. ∀x (likes(x, a) → likes(x, a))   by ∀I 1-2
"""
    with pytest.raises(Exception) as err:  # a is unknown outside its box: a file error
        check(board, text)
    assert "only known inside it" in str(err.value)
    text = """\
1. assume [a]
2.   likes(a, a) → likes(a, a)   by logic
3.   ∀x (likes(x, a) → likes(x, a))   by ∀I 2
   end
4. ∃x blonde(x)  by board 2
"""
    refused(board, text, "a still occurs in", label=3)


def test_existential_introduction(board):
    text = """\
1. blonde(blondie) ∧ happy(blondie)     by board 4
2. ∃x (blonde(x) ∧ happy(x))            by ∃I 1
3. ∃x (blonde(x) ∧ happy(blondie))      by ∃I 1
4. ∃x ∃y (blonde(x) ∧ happy(y))         by ∃I 1
5. ∃x (blonde(x) ∧ blonde(x))           by ∃I 1
"""
    result = check(board, text)
    assert [v.status for v in result.lines] == ["ok", "ok", "ok", "ok", "refused"]
    assert "not an instance of ∃x blonde(x) ∧ blonde(x)" in line_words(result.lines[4].reason)


def test_existential_elimination_right(board):
    holds(
        board,
        """\
1. ∃x blonde(x)                     by board 2
2. ∀x blonde(x) → happy(x)          by board 1
3. assume [c] blonde(c)
4.   blonde(c) → happy(c)            by ∀E 2
5.   happy(c)                        by MP 4, 3
6.   ∃y happy(y)                     by ∃I 5
   end
7. ∃y happy(y)                       by ∃E 1, 3-6
""",
    )


def test_existential_elimination_whose_witness_escapes_is_refused(board):
    text = """\
1. ∃x blonde(x)                     by board 2
2. ∀x blonde(x) → happy(x)          by board 1
3. assume [c] blonde(c)
4.   blonde(c) → happy(c)            by ∀E 2
5.   happy(c)                        by MP 4, 3
   end
6. ∃y happy(y)                       by ∃E 1, 3-5
"""
    refused(board, text, "reaches happy(c)")
    # within an outer box the escaping name still parses: the rule refuses it
    text3 = """\
1. ∃x blonde(x)                     by board 2
2. assume [d]
3.   assume [c] blonde(c)
4.     blonde(c) ∨ blonde(d)         by ∨I 3
     end
5.   blonde(c) ∨ blonde(d)           by ∃E 1, 3-4
   end
6. ∃x blonde(x)  by board 2
"""
    with pytest.raises(Exception) as err:  # c is unknown after its subproof closes
        check(board, text3)
    assert "c" in str(err.value)


def test_existential_elimination_witness_escape_reason(board):
    # the subproof concludes a statement about the witness; ∃E must refuse it
    text = """\
1. ∃x blonde(x)                     by board 2
2. assume [c] blonde(c)
3.   blonde(c)                       by reit 2
   end
4. ∃x blonde(x)                      by ∃E 1, 2-3
"""
    refused(board, text, "reaches blonde(c), not ∃x blonde(x)")
    from referee.derivation.reasons import Refusal, Why
    from referee.derivation.rules import Context, Premise, exists_elim
    from referee.language.parser import parse_formula

    v = board.vocabulary.extend("c", 0)
    ex = Premise("1", formula=parse_formula("∃x blonde(x)", v))
    sub = Premise(
        "2-3",
        assumption=parse_formula("blonde(c)", v),
        last=parse_formula("blonde(c)", v),
        constants=("c",),
    )
    with pytest.raises(Refusal) as refusal:
        exists_elim(parse_formula("blonde(c)", v), [ex, sub], Context())
    assert refusal.value.said.why is Why.EXISTS_E_WITNESS_ESCAPES
    assert refusal.value.said.fact("c") == "c"
    assert "the witness c escapes" in line_words(refusal.value.said)


def test_existential_elimination_needs_a_subproof_with_the_instance(board):
    refused(
        board,
        "1. ∃x blonde(x)  by board 2\n2. ∃x blonde(x) by ∃E 1\n",
        "cites ∃x φ and one subproof",
    )
    text = """\
1. ∃x blonde(x)                     by board 2
2. assume [c] happy(c)
3.   ∃x happy(x)                     by ∃I 2
   end
4. ∃x happy(x)                       by ∃E 1, 2-3
"""
    refused(board, text, "assumes happy(c), which is not blonde(x)")


# ------------------------------------------------------------ equality, ⊥


def test_equality_substitution_and_reflexivity(board):
    text = """\
1. assume [a, b] a = b ∧ likes(a, father(a))
2.   a = b                              by ∧E 1
3.   likes(a, father(a))                by ∧E 1
4.   likes(b, father(a))                by =E 2, 3
5.   likes(b, father(b))                by =E 3, 2
6.   likes(a, father(b))                by =E 2, 3
7.   likes(father(a), b)                by =E 2, 3
8.   father(b) = father(b)              by =I
9.   b = a                              by =E 2, 2
   end
10. ∃x blonde(x)  by board 2
"""
    result = check(board, text)
    by = {v.label: v.status for v in result.lines}
    assert [by[n] for n in (4, 5, 6, 8, 9)] == ["ok"] * 5
    assert by[7] == "refused"


def test_bottom_and_proof_by_contradiction(board):
    text = """\
1. ∀x blonde(x) → happy(x)        by board 1
2. assume [a] blonde(a) ∧ ¬happy(a)
3.   blonde(a)                     by ∧E 2
4.   ¬happy(a)                     by ∧E 2
5.   blonde(a) → happy(a)          by ∀E 1
6.   happy(a)                      by MP 5, 3
7.   ⊥                             by ⊥I 6, 4
8.   ⊥                             by ⊥I 3, 4
9.   likes(a, a)                   by ⊥E 7
10.  likes(a, a)                   by ⊥E 6
   end
11. ∃x blonde(x)  by board 2
"""
    result = check(board, text)
    by = {v.label: v for v in result.lines}
    assert by[7].status == "ok" and by[9].status == "ok"
    assert by[8].status == "refused" and "a statement and its negation" in line_words(by[8].reason)
    assert by[10].status == "refused" and "needs ⊥" in line_words(by[10].reason)

    pbc = """\
1. ∀x blonde(x) → happy(x)        by board 1
2. ∃x blonde(x)                   by board 2
3. assume ∀x ¬happy(x)
4.   assume [c] blonde(c)
5.     blonde(c) → happy(c)        by ∀E 1
6.     happy(c)                    by MP 5, 4
7.     ¬happy(c)                   by ∀E 3
8.     ⊥                           by ⊥I 6, 7
     end
9.   ⊥                             by ∃E 2, 4-8
   end
10. ¬∀x ¬happy(x)                  by PBC 3-9
11. ∃x ¬¬happy(x)                  by DeM 10
12. ∃x happy(x)                    by DN 11
"""
    result = holds(board, pbc)
    assert result.rests_on == (1, 2)
    wrong = pbc.replace(
        "10. ¬∀x ¬happy(x)                  by PBC 3-9", "10. ∀x ¬happy(x) by PBC 3-9"
    )
    wrong = wrong.split("11.")[0]
    refused(board, wrong, "refutes ∀x ¬happy(x), which gives ¬∀x ¬happy(x)")
    no_bottom = pbc.replace(
        "9.   ⊥                             by ∃E 2, 4-8", "9.   ∃x blonde(x) by reit 2"
    )
    refused(board, no_bottom, "needs it to end in ⊥", label=10)


# ------------------------------------------------------------ scope of lines


def test_a_line_inside_a_closed_subproof_cannot_be_cited(board):
    text = """\
1. assume happy(blondie)
2.   happy(blondie) ∨ blonde(blondie)   by ∨I 1
   end
3. happy(blondie) ∨ blonde(blondie)     by reit 2
"""
    refused(board, text, "inside the subproof 1-2, which is closed")


def test_rules_never_call_the_engine(board):
    class NoEngine:
        limits = None

        def entailment(self, *args, **kwargs):  # pragma: no cover - must not be reached
            raise AssertionError("a named rule asked the engine")

    text = """\
1. ∀x blonde(x) → happy(x)   by board 1
2. ∃x blonde(x)              by board 2
3. assume [c] blonde(c)
4.   blonde(c) → happy(c)    by ∀E 1
5.   happy(c)                by MP 4, 3
6.   ∃x happy(x)             by ∃I 5
   end
7. ∃x happy(x)               by ∃E 2, 3-6
"""
    result = check_derivation(board.statements, text, board.vocabulary, NoEngine(), 0.3)
    assert result.ok
    assert result.rests_on == (1, 2)
    assert [v.method for v in result.lines[:2]] == ["restatement", "restatement"]
