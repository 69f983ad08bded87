"""An Ergo table as the session sees it: turns, Fallacies, Tabula Rasa, Revolution, Wilds,
round ends and scoring. Every test types commands as players would."""

import io
from dataclasses import replace

import pytest
from rich.console import Console

from referee.client.reasons import refusal_text
from referee.ergo.cards import Card, Face
from referee.ergo.commands import ErgoCommands
from referee.ergo.decks import bundled_deck_path as ergo_deck_path
from referee.ergo.events import Discard, Place, RoundEnd, Score
from referee.ergo.outcomes import PlacementRefused, RoundScored
from referee.ergo.records import GAME
from referee.ergo.refusals import Refusal, Tip, Why
from referee.ergo.setup import HouseRules, Mode, Seat, Settings, Setup, SetupError
from referee.ergo.state import FALLACY_TURNS
from referee.ergo.syntax import Rule
from referee.ergo.terminal import ErgoRenderer
from referee.table import refusals as table
from referee.table.errors import Hint, IllegalEvent
from referee.table.errors import Refusal as TableRefusal
from referee.table.house import SwitchError
from referee.table.record import Record, dumps, loads
from referee.table.session import Refused, Session


def session(players="ann,bob", mode=Mode.TABLE, seed=1, win=50, deck="english", **house):
    seats = tuple(Seat(name, "ABCD"[i]) for i, name in enumerate(players.split(",")))
    rules = HouseRules()
    for key, value in house.items():
        rules = rules.with_switch(f"{key}={value}")
    text = ergo_deck_path(deck).read_text(encoding="utf-8")
    setup = Setup(Settings(seats, mode, seed, win), rules, text, f"{deck}.toml")
    return Session(Record(GAME, setup), ErgoCommands())


def run(s, *lines):
    """Every line's outcomes; fails on a refusal unless the line starts with '!'."""
    out = []
    for line in lines:
        expect_refusal = line.startswith("!")
        got = s.execute(line.lstrip("!"))
        refused = [o for o in got if isinstance(o, (Refused, PlacementRefused))]
        assert bool(refused) == expect_refusal, (line, got)
        out.append(got)
    return out


def refusal(s, line):
    got = s.execute(line)
    assert len(got) == 1 and isinstance(got[0], (Refused, PlacementRefused)), got
    return got[0]


def words(r) -> str:
    """What the table reads for a refusal (the interface words a typed reason)."""
    return refusal_text(r.message, r.reason)


def texts(s):
    return list(s.game.proof.texts())


REVIEW_ROUND = [
    "play A",
    "discard 1",
    "play OR B at 1",
    "play NOT B",
    "play NOT C",
    "play THEN C at 2",
    "play ( at 3:0 ) at 3:2",
    "fallacy bob",
    "discard 1",
    "discard 2",  # bob, under the Fallacy
    "play NOT at 3:0, D",
    "tabula 2:3",
    "play AND at 2:2",
    "discard 2",
    "ergo",
]


def test_the_reviews_round_scores_a_and_c_thirteen_each():
    s = session("ann,bob,cat")
    outcomes = run(s, *REVIEW_ROUND)
    scored = [o for o in outcomes[-1] if isinstance(o, RoundScored)][0]
    assert scored.event.proof == ("A ∨ B", "¬ B ∧ C", "¬ ( ¬ C )", "D")
    assert scored.readings == ("(A ∨ B)", "(¬B ∧ C)", "¬(¬C)", "D")
    awards = scored.event.awards
    assert [(a.player, a.points) for a in awards] == [("ann", 13), ("bob", 0), ("cat", 13)]
    assert s.game.scores == {"ann": 13, "bob": 0, "cat": 13}
    assert s.game.round == 2 and texts(s) == [] and s.game.player == "ann"
    # the record reads back to the same game, and its summary is checked on reading
    record, game = loads(dumps(s.record, s.game), GAME)
    assert game.summary() == s.game.summary()
    assert [e.TYPE for e in record.events][-2:] == ["ergo", "score"]


# ------------------------------------------------------------------ placing cards


def test_placement_by_premise_and_gap_and_new_premises():
    s = session()
    run(s, "play B", "discard 1")  # ann: premise 1 is B
    run(s, "play A OR at 1:0")  # bob: A ∨ B
    assert texts(s) == ["A ∨ B"]
    run(s, "play NOT at 1:2", "discard 1")  # ann: A ∨ ¬B
    run(s, "play C at new, D")  # bob: two new premises
    assert texts(s) == ["A ∨ ¬ B", "C", "D"]
    run(s, "play AND A at 2")  # ann: at the end of premise 2
    assert texts(s) == ["A ∨ ¬ B", "C ∧ A", "D"]


def test_a_card_rule_broken_is_refused_naming_premise_card_and_rule():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1")
    r = refusal(s, "play OR at 1:3")
    assert isinstance(r, PlacementRefused)
    assert r.premise == 1 and r.violation.rule == Rule.OPERATOR_NEEDS_OPERANDS
    assert r.faces == (Face.A, Face.OR, Face.B, Face.OR) and r.violation.first == 3
    r = refusal(s, "play C at 1:3")
    assert r.violation.rule == Rule.VARIABLE_NEXT_TO_VARIABLE
    r = refusal(s, "play NOT NOT")
    assert r.premise == 2 and r.violation.rule == Rule.DOUBLE_NOT
    r = refusal(s, "play ( at 1:0")
    assert r.reason.why is Why.PARENTHESES_UNPAIRED
    r = refusal(s, "play ( at 1:0 ) at 1:0")
    assert r.violation.rule == Rule.PARENTHESES_ENCLOSE
    assert texts(s) == ["A ∨ B"] and len(s.record.events) == 3  # nothing recorded


def test_parentheses_are_two_cards_and_take_the_whole_turn():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1", "play ( at 1:0 ) at 1:3")
    assert texts(s) == ["( A ∨ B )"] and s.game.proof.cards == 5
    r = refusal(s, "play ( at 1:0 ) at 1:5 NOT at 1:0")
    assert r.reason == Refusal(Why.TOO_MANY_PLAYS, "bob", count=3, number=2)
    assert words(r) == "3 cards are 3 plays, and bob has 2 plays left this turn"


def test_at_most_four_premises():
    s = session()
    run(s, "play A", "play B", "play C", "play D")
    r = refusal(s, "play A")
    assert r.reason == Refusal(Why.TOO_MANY_PREMISES, count=4, number=1)
    assert words(r) == "the Proof has at most 4 premises and has 4: play to one of premises 1-4"
    run(s, "play OR A at 4")


def test_a_line_that_cannot_be_read_is_refused_with_a_typed_reason_and_its_hint():
    s = session()
    r = refusal(s, "play *")
    assert r.reason == Refusal(Why.WILD_SHOWS) and r.hint == Hint(Tip.WILD_AS)
    r = refusal(s, "play A at 1:x")
    assert r.reason == Refusal(Why.NOT_A_PLACE, word="1:x") and r.hint == Hint(Tip.PLACES)
    run(s, "play A")
    r = refusal(s, "tabula 3:1")  # a place the Proof does not have: the Proof's own check
    assert r.reason == Refusal(Why.NO_PREMISE, number=3, count=1)
    assert words(r) == "there is no premise 3 (the Proof has premise 1)"
    r = refusal(s, "play B at 1:5")
    assert r.reason == Refusal(Why.NO_GAP, premise=1, number=5, count=1)
    assert words(r) == "there is no gap 5 (premise 1 has gaps 0-1)"


def test_the_deck_runs_out_of_a_card_in_table_mode_and_a_wild_stands_in():
    s = session()
    run(s, "play A", "discard 1", "play AND A at 1", "play AND A at 1", "play AND A at 1")
    assert s.game.known()[Card.A] == 4
    r = refusal(s, "play AND A at 1")
    assert r.reason == Refusal(Why.ALL_IN_PLAY, word="A", card="A", count=4, number=4, flag=True)
    assert "the deck has 4 A cards and 4 are already in play" in words(r) and "*A" in words(r)
    run(s, "play AND *A at 1")
    assert s.game.proof.premises[0][-1].card == Card.WILD_VARIABLE
    assert words(refusal(s, "play OR *A at 1")).startswith("the deck has 1 Wild (variable)")


# ------------------------------------------------------------------ Fallacy and Justification


def test_a_fallacy_blocks_three_turns_then_goes_to_the_bottom_of_the_pile():
    s = session()
    run(s, "fallacy bob", "discard 1")
    for turn in range(FALLACY_TURNS):
        assert s.game.player == "bob" and s.game.blocked and s.game.fallacy["bob"] == turn
        assert "under a Fallacy" in words(refusal(s, "play A"))
        run(s, "discard 2")
        run(s, "discard 2")  # ann
    pile = s.game.pile_count
    assert s.game.player == "bob" and not s.game.blocked and s.game.expired == "bob"
    assert "bob" not in s.game.fallacy and Card.FALLACY not in s.game.in_front["bob"]
    # it went to the bottom of the pile before bob drew: one card back
    assert pile == 45 - 2 * (2 * FALLACY_TURNS + 2) + 1
    run(s, "play A", "discard 1")  # bob plays as normal
    run(s, "fallacy bob", "discard 1")  # and may be the target of another Fallacy


def test_a_fallacy_is_played_on_another_player_not_twice():
    s = session("ann,bob,cat")
    assert "another player" in words(refusal(s, "fallacy ann"))
    assert "no player is called" in words(refusal(s, "fallacy dan"))
    run(s, "fallacy bob")
    assert "already under a Fallacy" in words(refusal(s, "fallacy bob"))


def test_a_justification_lifts_the_fallacy_at_once_and_protects_for_the_round():
    s = session()
    run(s, "fallacy bob", "discard 1")
    run(s, "justify", "play A")  # bob plays to the Proof in the same turn
    assert "bob" in s.game.justified and texts(s) == ["A"]
    assert "no more Fallacies this round" in words(refusal(s, "fallacy bob"))
    run(s, "discard 2")
    assert "under no Fallacy" in words(refusal(s, "justify"))


def test_a_fallacy_under_house_rule_changing_also_stops_tabula_rasa():
    s = session(fallacy_blocks="changing")
    run(s, "play A", "fallacy bob")
    assert "no changes to the Proof" in words(refusal(s, "tabula 1:1"))
    plain = session()
    run(plain, "play A", "fallacy bob", "tabula 1:1", "discard 1")  # allowed by default


# ------------------------------------------------------------------ Tabula Rasa and Revolution


def dealt_where(condition, players="ann,bob"):
    """The first dealt game (by seed) whose deal meets ``condition``: real shuffles, no edits."""
    for seed in range(5000):
        s = session(players, mode=Mode.DEALT, seed=seed)
        if condition(s.game):
            return s
    raise AssertionError("no seed deals that")  # pragma: no cover


VARIABLE_CARDS = (Card.A, Card.B, Card.C, Card.D)


def test_tabula_rasa_sends_a_card_to_the_bottom_of_the_pile_and_leaves_the_round():
    s = dealt_where(
        lambda g: Card.TABULA_RASA in g.hand() and any(c in g.hand() for c in VARIABLE_CARDS)
    )
    card = next(c for c in s.game.hand() if c in VARIABLE_CARDS)
    pile = s.game.pile_count
    run(s, f"play {card.value}", "tabula 1:1")
    g = s.game
    assert texts(s) == [] and Card.TABULA_RASA in g.out
    # bob drew two from the top; the removed card lies at the bottom
    assert g.pile[-1] == card and g.pile_count == pile + 1 - 2
    assert Card.TABULA_RASA not in g.hand("ann") and len(g.hand("ann")) == 5


def test_tabula_rasa_must_be_mended_in_the_same_turn():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1", "tabula 1:2")
    r = refusal(s, "discard 1")
    assert isinstance(r, PlacementRefused) and r.violation.rule == Rule.VARIABLE_NEXT_TO_VARIABLE
    assert r.faces == (Face.A, Face.B)
    run(s, "play AND at 1:1")
    assert texts(s) == ["A ∧ B"]


def test_tabula_rasa_as_the_last_play_must_leave_the_proof_well_formed():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1", "discard 1")
    for spot in ("1:1", "1:2", "1:3"):
        assert isinstance(refusal(s, f"tabula {spot}"), PlacementRefused)
    run(s, "discard 1")
    assert texts(s) == ["A ∨ B"]


def test_tabula_rasa_on_a_parenthesis_takes_its_partner_or_is_refused_by_house_rule():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1", "play ( at 1:0 ) at 1:3")
    pile = s.game.pile_count
    run(s, "tabula 1:5")
    assert texts(s) == ["A ∨ B"] and s.game.pile_count == pile + 2
    strict = session(tabula_parenthesis="refuse")
    run(strict, "play A", "discard 1", "play OR B at 1", "play ( at 1:0 ) at 1:3")
    assert "tabula_parenthesis=refuse" in words(refusal(strict, "tabula 1:1"))


def test_an_emptied_premise_disappears():
    s = session()
    run(s, "play A", "play B", "tabula 1:1", "discard 1")
    assert texts(s) == ["B"]


def test_revolution_swaps_two_cards_of_one_type():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1", "play NOT C", "play AND D at 2")
    run(s, "revolution 1:1 2:4")  # A and D change places, across premises
    assert texts(s) == ["D ∨ B", "¬ C ∧ A"]
    assert Card.REVOLUTION in s.game.out
    run(s, "discard 1")


def test_revolution_refuses_mixed_types_and_cards_it_does_not_move():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1", "play NOT C", "play AND D at 2")
    assert "same type" in words(refusal(s, "revolution 1:1 1:2"))
    assert "not a NOT card" in words(refusal(s, "revolution 2:1 1:2"))
    assert "different cards" in words(refusal(s, "revolution 1:1 1:1"))
    assert "no card 9" in words(refusal(s, "revolution 1:1 1:9"))
    run(s, "revolution 1:2 2:3", "discard 1")  # OR and AND
    assert texts(s) == ["A ∧ B", "¬ C ∨ D"]


def test_revolution_cannot_make_a_then_chain_where_the_house_refuses_them():
    s = session(then_chain="refuse")
    run(s, "play A", "discard 1", "play THEN B at 1", "play AND C at 1", "play THEN D at 1")
    assert texts(s) == ["A → B ∧ C → D"]
    r = refusal(s, "revolution 1:4 1:6")  # A → B → C ∧ D
    assert isinstance(r, PlacementRefused) and r.violation.rule == Rule.THEN_CHAIN


# ------------------------------------------------------------------ Wild cards


def test_wild_cards_in_each_role():
    s = session()
    run(s, "play *A", "discard 1", "play *THEN B at 1")  # a variable and an operator Wild
    assert [c.card for c in s.game.proof.premises[0]] == [
        Card.WILD_VARIABLE,
        Card.WILD_OPERATOR,
        Card.B,
    ]
    # a Wild's face counts among the variables an Ergo needs, and is one card in the points
    run(s, "play AND C at 1", "play D", "discard 1")
    assert s.game.proof.variables() == ("A", "B", "C", "D") and s.game.proof.cards == 6
    # both Wilds are on the table: neither can be a Justification or an Ergo now
    assert "the deck has 1 Wild (operator) card and 1 is already" in words(refusal(s, "ergo *"))
    run(s, "ergo")
    d = s.game.history[0].decision  # (A → B) ∧ C, and D: the Wilds count as cards
    assert d.proven == ("C", "D") and d.points() == {"A": 0, "B": 0, "C": 6, "D": 6}


def test_a_wild_as_justification_and_as_ergo():
    s = session()
    run(s, "fallacy bob", "discard 1")
    run(s, "justify *", "play A")  # the variable Wild as a Justification
    assert s.game.in_front["bob"] == [Card.FALLACY, Card.WILD_VARIABLE]
    run(s, "play OR B at 1", "play AND C at 1", "play D")
    outcomes = run(s, "ergo *")[0]  # the operator Wild as an Ergo
    assert s.record.events[-2].card == Card.WILD_OPERATOR
    scored = [o for o in outcomes if isinstance(o, RoundScored)][0]
    assert scored.event.reason == RoundEnd.ERGO and scored.event.proof == ("A ∨ B ∧ C", "D")


def test_a_wild_is_never_a_fallacy():
    wilds = (Card.WILD_VARIABLE, Card.WILD_OPERATOR)
    s = dealt_where(lambda g: Card.FALLACY not in g.hand() and any(w in g.hand() for w in wilds))
    assert "holds no Fallacy card" in words(refusal(s, "fallacy bob"))


# ------------------------------------------------------------------ ends of rounds, scoring


def test_ergo_only_once_every_variable_is_in_the_proof():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1", "play C")
    assert "missing: D" in words(refusal(s, "ergo"))
    run(s, "discard 1", "play D", "ergo")
    assert s.game.round == 2


def test_ergo_is_refused_while_a_tabula_rasa_leaves_the_proof_broken():
    s = session()
    run(s, "play A", "discard 1", "play OR B at 1", "play C", "play D", "tabula 1:2")
    r = refusal(s, "ergo")
    assert isinstance(r, PlacementRefused)


def test_a_paradox_scores_nobody():
    s = session()
    run(s, "play A", "discard 1", "play AND B at 1", "play NOT A", "play C", "play D", "ergo")
    d = s.game.history[0].decision
    assert d.paradox and d.clash == (1, 2)
    assert s.game.scores == {"ann": 0, "bob": 0}


def test_a_proven_variable_nobody_holds_scores_nothing():
    s = session()  # ann is A, bob is B; nobody holds C or D
    run(s, "play A", "discard 1", "play AND C at 1", "play NOT B", "play D", "discard 1", "ergo")
    d = s.game.history[0].decision
    assert d.proven == ("A", "C", "D") and d.disproven == ("B",)
    assert s.game.scores == {"ann": 6, "bob": 0}


def test_the_round_ends_when_the_last_card_is_drawn_and_that_turn_ends():
    s = session()  # 55 cards, 10 dealt: a pile of 45 drawn two by two
    turns = 0
    while s.game.round == 1:
        assert not s.game.last_drawn or s.game.pile_count == 0
        before = s.game.plays_left
        run(s, f"discard {before}")
        turns += 1
    assert turns == 23  # the 23rd turn draws the last card (one) and plays one
    result = s.game.history[0]
    assert result.reason == RoundEnd.PILE and result.decision.cards == 0
    assert s.game.scores == {"ann": 0, "bob": 0}


FIVE_CARDS = ("play A", "discard 1", "play AND B at 1", "play C", "play D", "ergo")


def test_first_to_the_target_wins_and_ties_follow_the_house_rule():
    s = session(win=5)
    run(s, *FIVE_CARDS)
    assert s.game.finished and s.game.winners == ("ann", "bob")
    on = session(win=5, tie="play_on")
    run(on, *FIVE_CARDS)
    assert not on.game.finished and on.game.round == 2
    assert "game is over" in words(refusal(s, "play A"))


def test_rounds_start_with_the_first_player_or_rotate():
    s = session()
    run(s, *FIVE_CARDS)
    assert s.game.player == "ann"
    r = session(first_player="rotate")
    run(r, *FIVE_CARDS)
    assert r.game.player == "bob"


def test_score_events_must_follow_from_their_verdict():
    s = session()
    run(s, *FIVE_CARDS)
    score = s.record.events[-1]
    assert isinstance(score, Score)
    game = s.record.undone().rebuild()
    bad = replace(score, awards=tuple(replace(a, points=99) for a in score.awards))
    with pytest.raises(IllegalEvent) as caught:
        game.apply(bad)
    assert caught.value.reason == Refusal(Why.WRONG_AWARDS, texts=("ann 5", "bob 5"))


# ------------------------------------------------------------------ dealt mode


def test_dealt_mode_deals_five_draws_two_and_keeps_hands_at_five():
    s = session(mode=Mode.DEALT, seed=11)
    g = s.game
    assert len(g.hand("ann")) == 7 and len(g.hand("bob")) == 5 and g.pile_count == 43
    hand = g.hand()
    run(s, "discard 1 2")
    assert len(s.game.hand("ann")) == 5 and s.game.discarded == hand[:2]
    assert len(s.game.hand("bob")) == 7
    held = s.game.hand("bob")
    missing = next(c for c in (Card.A, Card.B, Card.C, Card.D) if c not in held)
    assert "holds no" in words(refusal(s, f"play {missing.value}"))


def test_the_cards_of_this_turns_draw_are_marked_new_for_the_terminal_and_the_web():
    from referee.ergo.views import seat_view

    s = session(mode=Mode.DEALT, seed=11)
    g = s.game  # ann's turn began with a draw of two, to the end of her hand
    assert g.new_in_hand("ann") == [False] * 5 + [True] * 2
    assert g.new_in_hand("bob") == [False] * 5  # only the player to move has drawn
    assert [c["new"] for c in seat_view(g, "ann")["you"]["hand"]] == g.new_in_hand("ann")
    buffer = io.StringIO()
    ErgoRenderer(Console(file=buffer, width=200), s, show_hands=True).show(s.execute("hand"), False)
    assert buffer.getvalue().count("(new)") == 2


def test_undo_takes_back_one_event():
    s = session()
    run(s, "play A", "discard 1", "undo")
    assert s.game.player == "ann" and s.game.plays_left == 1 and texts(s) == ["A"]


def test_setup_refuses_what_the_game_cannot_be_played_with():
    with pytest.raises(SetupError, match="2-4 players"):
        Settings((Seat("ann", "A"),))
    with pytest.raises(SetupError, match="a variable of their own"):
        Settings((Seat("ann", "A"), Seat("bob", "A")))
    with pytest.raises(SwitchError, match="expected one of right, left, refuse"):
        HouseRules().with_switch("then_chain=sideways")


# ------------------------------------------------------------------ hidden hands


def test_a_hand_is_shown_only_on_the_alternate_screen_after_its_owner_confirms():
    s = session(mode=Mode.DEALT, seed=2)
    buffer = io.StringIO()
    out = Console(file=buffer, force_terminal=True, width=100, color_system=None)
    asked = []
    renderer = ErgoRenderer(out, s, private=True, ask=lambda q: asked.append(q) or "")
    renderer.show(s.execute("hand"), False)
    text = buffer.getvalue()
    enter, leave = text.index("\x1b[?1049h"), text.index("\x1b[?1049l")
    shown = text.index("ann's hand:")
    assert enter < shown < leave  # only ever on the alternate screen
    assert asked == ["Press Enter to see the hand. ", "Press Enter to hide it. "]
    assert "Only ann should look" in text[enter:shown]


def test_without_a_terminal_a_hand_is_not_printed_unless_asked_for():
    s = session(mode=Mode.DEALT, seed=2)
    buffer = io.StringIO()
    renderer = ErgoRenderer(Console(file=buffer, width=100), s)
    renderer.show(s.execute("hand"), False)
    assert "hand:" not in buffer.getvalue() and "only at a terminal" in buffer.getvalue()
    shown = ErgoRenderer(Console(file=buffer, width=100), s, show_hands=True)
    shown.show(s.execute("hand bob"), False)
    assert "bob's hand: 1:" in buffer.getvalue()
    r = refusal(session(), "hand")
    assert r.reason == TableRefusal(table.Why.NO_HANDS) and "in table mode" in words(r)


def test_discards_are_events_with_the_cards_named():
    s = session()
    run(s, "discard A NOT")
    assert s.record.events[0] == Discard("ann", (Card.A, Card.NOT), 0)
    run(s, "discard 2")
    assert s.record.events[1] == Discard("bob", (), 2)
    run(s, "play A")
    assert isinstance(s.record.events[2], Place)


def test_why_shows_the_last_rounds_ruling_and_score_settles_an_undone_one():
    s = session(undo_past_reveals="yes")  # a Score shows its ruling: undone only by house rule
    assert "no round has been scored" in words(refusal(s, "why"))
    assert "has not stopped" in words(refusal(s, "score"))
    run(s, *FIVE_CARDS)
    (why,) = s.execute("why A")
    assert why.variable == "A" and why.scored.event.ruling.decision.proven == ("A", "B", "C", "D")
    assert "not a variable" in words(refusal(s, "why E"))
    run(s, "undo")  # takes back the Score: the round is stopped, waiting for it
    assert s.game.stopped == RoundEnd.ERGO and s.game.scores == {"ann": 0, "bob": 0}
    assert "the round has stopped" in words(refusal(s, "play A"))
    run(s, "score")
    assert s.game.scores == {"ann": 5, "bob": 5} and s.game.round == 2


def test_end_stops_the_game_with_the_most_points_winning():
    s = session()
    run(s, *FIVE_CARDS, "end we are tired")
    assert s.game.finished and s.game.winners == ("ann", "bob")
    assert s.game.end_reason == "we are tired"


def test_why_refuses_digits_that_are_no_round_number():
    """``why ²`` or a 5,000-digit round was a ValueError from int() (issue 19, hostile input)."""
    s = session()
    run(s, *FIVE_CARDS)
    for word in ("²", "9" * 5000):
        assert "is not a variable, a player or a round" in words(refusal(s, f"why {word}"))
