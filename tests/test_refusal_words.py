"""Refusals in words: every reason a game's rules or commands give has its sentence,
made in that game's one wording module of the interface (the rules' tests assert
reasons, these the words)."""

from __future__ import annotations

import pytest

from referee.client.reasons import hint_words, reason_words
from referee.cogito import refusals as cogito
from referee.cogito import words as cogito_words
from referee.cogito.state import Phase
from referee.ergo import refusals as ergo
from referee.ergo import syntax
from referee.ergo import words as ergo_words
from referee.ergo.cards import Role
from referee.ergo.syntax import Face, Rule, Violation
from referee.invicta.board import Kind, Piece, Side, Square
from referee.invicta.refusals import Refusal as InvictaRefusal
from referee.invicta.refusals import Tip as InvictaTip
from referee.invicta.refusals import Why
from referee.invicta.state import Finish, Result
from referee.invicta.words import refusal_words, result_words
from referee.palmer import refusals as palmer
from referee.palmer import words as palmer_words
from referee.table import refusals as table
from referee.table.errors import Hint, Refusal

W, B = Side.WHITE, Side.BLACK
SQ = Square.parse


def full(why: Why) -> InvictaRefusal:
    """A refusal with every fact a sentence may need."""
    return InvictaRefusal(
        why,
        W,
        SQ("a1"),
        SQ("b2"),
        Piece(B, Kind.LION),
        SQ("a2"),
        Piece(B, Kind.HOLLOW),
        corners=2,
        result=Result(Finish.FIVE, W, ((SQ("b3"), SQ("c3"), SQ("d3"), SQ("e3"), SQ("f3")),)),
    )


@pytest.mark.parametrize("why", list(Why))
def test_every_reason_has_words_and_they_are_the_tables(why):
    words = reason_words(full(why))  # the one door every interface goes through
    assert words and "Refusal(" not in words and "why=" not in words and "{" not in words


def test_the_sentences_name_what_the_reason_carries():
    assert refusal_words(InvictaRefusal(Why.OCCUPIED, W, SQ("e5"), piece=Piece(B, Kind.LION))) == (
        "e5 is taken by the black lion (one piece to a square)"
    )
    assert (
        refusal_words(InvictaRefusal(Why.NOT_YOUR_TURN, side=B))
        == "it is white's move, not black's"
    )
    blocked = refusal_words(full(Why.SLIDE_BLOCKED))
    assert "the black hollow piece on a2 stands in the way" in blocked
    assert refusal_words(full(Why.GAME_OVER)) == (
        "the game is over: white has five in a row (b3 c3 d3 e3 f3)"
    )


def test_results_in_words():
    assert result_words(Result(Finish.BLOCKED, None)) == "a draw: neither side can move"
    assert result_words(Result(Finish.BLOCKED, W)) == "black cannot move and loses"
    assert result_words(Result(None, None)) == "the game goes on"


@pytest.mark.parametrize("why", list(cogito.Why))
def test_every_cogito_reason_has_words(why):
    r = cogito.Refusal(why, "alice", "bob", "Tree", "Tulip", 3, 5, phase=Phase.TURNS)
    words = reason_words(r)
    assert words and "Refusal(" not in words


def test_cogito_sentences_name_what_the_reason_carries():
    worded = cogito_words.refusal_words
    assert worded(cogito.Refusal(cogito.Why.NOT_YOUR_TURN, "alice", "bob")) == (
        "it is alice's turn, not bob's"
    )
    assert worded(cogito.Refusal(cogito.Why.NO_SUCH_NUMBER, "bob", count=1, number=4)) == (
        "bob's hand holds 1 card: there is no card 4"
    )
    assert worded(cogito.Refusal(cogito.Why.NO_TURN, phase=Phase.TRADE)).startswith(
        "it is the trade"
    )


@pytest.mark.parametrize("why", list(table.Why))
def test_every_table_reason_has_words(why):
    r = Refusal(why, "ann", "bob", "dance")
    words = reason_words(r)
    assert words and "Refusal(" not in words


@pytest.mark.parametrize("why", list(palmer.Why))
def test_every_palmer_reason_has_words(why):
    r = Refusal(why, "ann", "blonde", "∀x", "", 2, 3, True, ("∀",), (1,), (2,))
    words = reason_words(r)
    assert words and "Refusal(" not in words


def test_palmer_sentences_name_what_the_reason_carries():
    worded = palmer_words.refusal_words
    assert worded(Refusal(palmer.Why.NOT_ON_CARDS, word="happy", texts=("blonde",))) == (
        "happy is not on the cards you played (blonde): play its card too"
    )
    assert worded(Refusal(palmer.Why.NOT_ON_BOARD, number=3, flag=True)) == (
        "#3 is not on the board: it was erased as redundant"
    )


@pytest.mark.parametrize("why", list(ergo.Why))
def test_every_ergo_reason_has_words(why):
    faces = (Face.A, Face.OR)
    violation = Violation(Rule.OPERATOR_NEEDS_OPERANDS, 1, side=syntax.Side.RIGHT)
    inner = ergo.Refusal(ergo.Why.NO_CARDS)
    r = ergo.Refusal(
        why,
        "ann",
        "B",
        "A",
        "A",
        2,
        1,
        True,
        ("1:2",),
        roles=(Role.VARIABLE, Role.OPERATOR),
        premise=1,
        faces=faces,
        violation=violation,
        inner=inner,
    )
    words = reason_words(r)
    assert words and "Refusal(" not in words


def test_ergo_sentences_and_the_caret_under_the_cards_at_fault():
    worded = ergo_words.refusal_words
    roles = (Role.VARIABLE, Role.OPERATOR)
    assert worded(ergo.Refusal(ergo.Why.DIFFERENT_ROLES, word="A", other="OR", roles=roles)) == (
        "Revolution swaps two cards of the same type: A is a variable, OR an operator"
    )
    faces = (Face.A, Face.OR, Face.B, Face.OR)
    v = Violation(Rule.OPERATOR_NEEDS_OPERANDS, 3, side=syntax.Side.RIGHT)
    lines = worded(ergo.Refusal(ergo.Why.SYNTAX, premise=2, faces=faces, violation=v)).split("\n")
    assert lines[0].startswith("premise 2: ") and lines[2].index("^") == lines[1].rindex("∨")
    assert ergo_words.fallacy_words(1, True) == "1 turn left, this one"
    assert ergo_words.fallacy_words(3, True) == "3 turns left, this one included"


def test_templates_fill_the_facts_escaped_and_quote_what_a_person_typed():
    # a template's field is filled as the fact is; what a person typed has its control
    # characters shown escaped, and quoted with !q as a message quotes it
    assert reason_words(Refusal(table.Why.UNKNOWN_COMMAND, word="da\x1b[2Jnce")) == (
        "unknown command 'da\\x1b[2Jnce'"
    )
    assert reason_words(Refusal(table.Why.ONLY_NAMED, "ann\x07")) == "only ann\\x07 may say that"
    assert reason_words(InvictaRefusal(Why.EMPTY, square=SQ("c3"))) == "there is no piece on c3"
    assert hint_words(Hint(palmer.Tip.PLAY_N, "S\x1b7")) == "play S\\x1b7 n=3"


TIPS = [*table.Tip, *InvictaTip, *cogito.Tip, *ergo.Tip, *palmer.Tip]


@pytest.mark.parametrize("tip", TIPS, ids=lambda t: f"{type(t).__module__}.{t}")
def test_every_hint_has_words_through_the_one_door(tip):
    # A hint is data like a reason: each game's Tip is worded at the edge, none by the game.
    words = hint_words(Hint(tip, "e5"))
    assert words and words.strip() == words and "Tip." not in words


def test_hint_sentences_name_the_word_they_carry():
    assert hint_words(Hint(InvictaTip.MOVES_FROM, "c3")) == "moves c3 lists where that piece may go"
    assert hint_words(Hint(cogito.Tip.HAND_ALONE, "ann")) == "hand ann shows the hand to ann alone"
    assert hint_words(Hint(palmer.Tip.PLAY_N, "S7")) == "play S7 n=3"
    assert hint_words(Hint(ergo.Tip.ROUNDS, "1, 2")) == "rounds scored: 1, 2"
    assert hint_words(table.HELP) == "type help for the commands"


def test_a_reason_of_one_game_never_equals_another_game_s():
    """Reasons are compared in the rules' tests: a game's Why that shares a value with
    another's (not_your_turn, no_such_card) must not compare equal to it, or a test could
    not tell which game's reason it got."""
    from referee.cogito import refusals as cogito
    from referee.ergo import refusals as ergo
    from referee.invicta import refusals as invicta
    from referee.palmer import refusals as palmer
    from referee.table import refusals as table
    from referee.table.errors import Refusal

    enums = [m.Why for m in (cogito, ergo, invicta, palmer, table)]
    enums += [m.Tip for m in (cogito, ergo, invicta, palmer, table)]
    shared = 0
    for i, a in enumerate(enums):
        for b in enums[i + 1 :]:
            for member in a:
                twin = next((m for m in b if m.value == member.value), None)
                if twin is None:
                    continue
                shared += 1
                assert member != twin
                assert Refusal(member) != Refusal(twin)
    assert shared  # the games do share some values: the check above is not empty
