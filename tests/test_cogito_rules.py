"""Every rule of the seed, on deals chosen by the test (the example deck).

The example deck: Plant, Flower (a Plant), Tree (a Plant), Animal,
Vertebrate (an Animal), Bird (a Vertebrate); Self cards Casablanca and Tulip
(Flowers), Oak (Tree), Moss (Plant), Salmon (Vertebrate), Sparrow and Penguin
(Birds), Jellyfish (Animal), Ego (nothing); the Dream card.
"""

import pytest
from cogito_helpers import EXAMPLE_TEXT, rigged, rules

from referee.cogito.events import Cogito, Declare, End, Give, Play, Position
from referee.cogito.outcomes import (
    CogitoCalled,
    Disrupted,
    Disruption,
    Finish,
    GiftChosen,
    LastCall,
    Named,
    Revealed,
    RoundEnded,
    Traded,
)
from referee.cogito.refusals import Refusal, Why
from referee.cogito.setup import Setup, SetupError
from referee.cogito.state import Game, Phase, Standing
from referee.table import refusals as table
from referee.table.errors import IllegalEvent
from referee.table.errors import Refusal as TableRefusal
from referee.table.views import Ending

BLUE, RED, NONE = Position.BLUE, Position.RED, Position.NONE
PILE = ["Bird", "Moss", "Penguin", "Vertebrate", "Jellyfish", "Tree", "Animal", "Plant"]


def field(game, player):
    return [(p.card, p.position) for p in game.seat(player).field]


def refused(game, event, field_name=None):
    """The event is refused and the game is exactly as it was."""
    before = game.summary()
    hands = {s.name: list(s.hand) for s in game.seats}
    pile = list(game.pile)
    with pytest.raises(IllegalEvent) as caught:
        game.apply(event)
    assert game.summary() == before
    assert {s.name: s.hand for s in game.seats} == hands and game.pile == pile
    if field_name is not None:
        assert caught.value.field == field_name
    return caught.value.reason


# ----------------------------------------------------------------- turns


def test_a_true_declaration_lies_blue_a_false_one_red_and_the_turn_goes_left():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal", "Plant"], "bob": ["Animal", "Tulip"], "carol": ["Tree", "Flower"]},
        PILE,
    )
    assert game.current == "alice" and game.round == 1
    played = Play("alice", "Animal", BLUE)  # a Casablanca is not an Animal
    game.apply(played)
    assert game.news == (Revealed(played, game.diagram.card("Animal").kind),)
    assert game.current == "bob"
    game.apply(Play("bob", "Animal", RED))  # a Salmon is a Vertebrate, so an Animal
    assert game.current == "carol"
    game.apply(Play("carol", "Flower", BLUE))
    assert field(game, "alice") == [("Animal", BLUE)]
    assert field(game, "bob") == [("Animal", RED)]
    assert field(game, "carol") == [("Flower", BLUE)]
    assert game.seat("bob").standing == Standing.PLAYING  # one red card is not disruption


def test_the_record_cannot_say_otherwise_than_the_judge():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon"},
        {"alice": ["Plant", "Tulip"], "bob": ["Animal", "Oak"]},
        PILE,
    )
    reason = refused(game, Play("alice", "Plant", BLUE), "position")
    assert reason == Refusal(Why.POSITION_MISJUDGED, card="Plant")  # nor why: secret
    assert (
        refused(game, Play("bob", "Animal", RED), "player").why is Why.NOT_YOUR_TURN
    )  # not bob's turn
    assert (
        refused(game, Play("alice", "Bird", BLUE), "card").why is Why.NOT_IN_HAND
    )  # not in her hand
    game.apply(Play("alice", "Tulip", BLUE))  # a Self card she is not: true


def test_ego_as_self_card_makes_every_declaration_true():
    game = rigged(
        {"alice": "Ego", "bob": "Salmon"},
        {
            "alice": ["Plant", "Animal", "Bird", "Casablanca"],
            "bob": ["Oak", "Tulip", "Moss", "Tree"],
        },
        [],
    )
    for card in ("Plant", "Animal", "Bird", "Casablanca"):
        game.apply(Play("alice", card, BLUE))
        game.apply(Play("bob", game.seat("bob").hand[0], BLUE))
    assert [p for _, p in field(game, "alice")] == [BLUE] * 4


# ------------------------------------------------------- ego disruption


def test_two_red_cards_in_a_field_is_ego_disruption():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Plant", "Flower"], "bob": ["Tulip", "Moss"], "carol": ["Jellyfish", "Tulip"]},
        [],  # no draw: the hands are played out
    )
    game.apply(Play("alice", "Plant", RED))
    game.apply(Play("bob", "Tulip", BLUE))
    game.apply(Play("carol", "Jellyfish", BLUE))
    assert game.news[-2] == RoundEnded(1, False, False, 0, 3)
    game.apply(Play("alice", "Flower", RED))
    assert game.news[1] == Disrupted("alice", Disruption.TWO_RED, "Casablanca")
    seat = game.seat("alice")
    assert seat.standing == Standing.DISRUPTED and seat.revealed
    assert game.current == "bob" and not game.finished  # the others play on
    assert (
        refused(game, Cogito("alice", "Casablanca", True), "player").why is Why.LOST_NO_DECLARE
    )  # out of the game


def test_the_ego_card_always_lies_red_and_counts_towards_disruption():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon"},
        {"alice": ["Ego", "Tree"], "bob": ["Oak", "Moss"]},
        [],
    )
    assert (
        refused(game, Play("alice", "Ego", BLUE), "position").why is Why.POSITION_MISJUDGED
    )  # no blue side
    game.apply(Play("alice", "Ego", RED))
    assert game.news[0].kind.value == "ego"
    game.apply(Play("bob", "Oak", BLUE))
    game.apply(Play("alice", "Tree", BLUE))  # true: one red card still
    assert game.seat("alice").standing == Standing.PLAYING
    game2 = rigged(
        {"alice": "Casablanca", "bob": "Salmon"},
        {"alice": ["Ego", "Flower"], "bob": ["Oak", "Moss"]},
        [],
    )
    game2.apply(Play("alice", "Ego", RED))
    game2.apply(Play("bob", "Oak", BLUE))
    game2.apply(Play("alice", "Flower", RED))  # Ego and a false declaration: two red
    assert game2.seat("alice").disruption == Disruption.TWO_RED


@pytest.mark.parametrize("seed", range(12))
def test_the_deal_stands_each_self_card_on_one_holder_and_nowhere_else(seed):
    game = Game.new(Setup(("alice", "bob", "carol", "dave"), seed, EXAMPLE_TEXT))
    selves = [s.self_card for s in game.seats]
    assert len(set(selves)) == 4 and all(game.diagram.is_self(c) for c in selves)
    rest = game.pile + [c for s in game.seats for c in s.hand]
    assert not set(selves) & set(rest)  # the Ego card too, when Ego is someone's Self card
    assert sorted(selves + rest) == sorted(game.diagram.pile())  # all 20 cards, once each
    assert [len(s.hand) for s in game.seats] == [2, 2, 2, 2] and len(game.pile) == 8


def test_disruption_can_keep_the_self_card_hidden_by_house_rule():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Plant"], "bob": ["Tulip"], "carol": ["Moss"]},
        [],
        rules("reveal_disrupted=no"),
    )
    game.apply(Cogito("alice", "Tulip", False))
    assert game.news[-1] == Disrupted("alice", Disruption.FAILED_COGITO, None)
    assert game.summary()["players"][0]["self"] is None
    game.apply(Cogito("bob", "Salmon", True))
    assert game.summary()["players"][0]["self"] == "Casablanca"  # every card shown at the end


# ------------------------------------------------------------------ Dream


def test_dream_sends_the_field_under_the_pile_and_the_cards_after_it_stay():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon"},
        {
            "alice": ["Plant", "Dream", "Flower", "Tree"],
            "bob": ["Oak", "Moss", "Tulip", "Jellyfish"],
        },
        [],  # nothing to draw: the hands are played out
    )
    game.apply(Play("alice", "Plant", RED))
    game.apply(Play("bob", "Oak", BLUE))
    game.apply(Play("alice", "Dream", NONE))
    assert game.news[0] == Revealed(
        Play("alice", "Dream", NONE), game.diagram.card("Dream").kind, ("Plant",)
    )
    assert field(game, "alice") == [("Dream", NONE)]
    assert game.pile == ["Plant"]  # face down, under the pile
    game.apply(Play("bob", "Moss", BLUE))
    game.apply(Play("alice", "Flower", RED))  # the red card before Dream no longer counts
    assert game.seat("alice").standing == Standing.PLAYING
    game.apply(Play("bob", "Tulip", BLUE))
    game.apply(Play("alice", "Tree", BLUE))
    assert field(game, "alice") == [("Dream", NONE), ("Flower", RED), ("Tree", BLUE)]


def test_dream_returns_the_ego_card_unless_the_house_rule_keeps_it():
    hands = {"alice": ["Ego", "Dream", "Flower"], "bob": ["Oak", "Moss", "Tulip"]}
    selves = {"alice": "Casablanca", "bob": "Salmon"}
    moves = [Play("alice", "Ego", RED), Play("bob", "Oak", BLUE), Play("alice", "Dream", NONE)]
    moves += [Play("bob", "Moss", BLUE), Play("alice", "Flower", RED)]
    game = rigged(selves, hands, [])
    for move in moves:
        game.apply(move)
    assert game.pile == ["Ego"] and game.seat("alice").standing == Standing.PLAYING
    kept = rigged(selves, hands, [], rules("dream_returns_ego=no"))
    for move in moves:
        kept.apply(move)
    assert kept.pile == []
    assert kept.seat("alice").disruption == Disruption.TWO_RED  # Ego stayed, red


def test_dream_on_an_empty_field_returns_nothing():
    game = rigged({"alice": "Oak", "bob": "Moss"}, {"alice": ["Dream"], "bob": ["Tulip"]}, [])
    game.apply(Play("alice", "Dream", NONE))
    assert game.news[0].returned == () and field(game, "alice") == [("Dream", NONE)]


# ------------------------------------------------------- draw and trade


def three_for_the_trade():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal", "Tulip"], "bob": ["Tree", "Moss"], "carol": ["Animal", "Jellyfish"]},
        ["Bird", "Penguin", "Plant", "Vertebrate"],
    )
    game.apply(Play("alice", "Animal", BLUE))
    game.apply(Play("bob", "Tree", BLUE))
    game.apply(Play("carol", "Animal", BLUE))
    return game


def test_each_round_ends_with_a_draw_then_a_trade_to_the_left():
    game = three_for_the_trade()
    assert game.news[-1] == RoundEnded(1, True, True, 1, 3)
    assert game.phase == Phase.TRADE and game.current is None
    assert [s.hand for s in game.seats] == [
        ["Tulip", "Bird"],
        ["Moss", "Penguin"],
        ["Jellyfish", "Plant"],
    ]
    assert refused(game, Play("alice", "Tulip", BLUE), "type").why is Why.TRADE_NOW
    game.apply(Give("alice", "Bird"))
    assert game.news == (GiftChosen("alice", ("bob", "carol")),)  # the card stays secret
    assert (
        refused(game, Give("alice", "Tulip"), "player").why is Why.ALREADY_GIVING
    )  # chosen already
    assert refused(game, Give("bob", "Bird"), "card").why is Why.NOT_IN_HAND
    game.apply(Give("carol", "Plant"))
    assert game.seat("alice").hand == ["Tulip", "Bird"]  # nothing moves before everyone chose
    game.apply(Give("bob", "Moss"))
    assert game.news[:2] == (
        GiftChosen("bob", ()),
        Traded((("alice", "bob"), ("bob", "carol"), ("carol", "alice"))),
    )
    assert game.seat("alice").hand == ["Tulip", "Plant"]  # from her right, carol
    assert game.seat("bob").hand == ["Penguin", "Bird"]
    assert game.seat("carol").hand == ["Jellyfish", "Moss"]
    assert game.phase == Phase.TURNS and game.round == 2 and game.current == "alice"


def test_with_fewer_cards_in_the_pile_than_players_there_is_no_draw_and_no_trade():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal", "Tulip"], "bob": ["Tree", "Moss"], "carol": ["Animal", "Jellyfish"]},
        ["Bird", "Penguin"],
    )
    for move in (
        Play("alice", "Animal", BLUE),
        Play("bob", "Tree", BLUE),
        Play("carol", "Animal", BLUE),
    ):
        game.apply(move)
    assert game.news[-2:][0] == RoundEnded(1, False, False, 2, 3)
    assert game.phase == Phase.TURNS and game.round == 2
    assert [len(s.hand) for s in game.seats] == [1, 1, 1]  # a new round with one card each


def test_a_disrupted_player_is_skipped_by_the_trade():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal", "Tulip"], "bob": ["Tree", "Moss"], "carol": ["Animal", "Jellyfish"]},
        ["Bird", "Penguin", "Plant"],
    )
    game.apply(Cogito("carol", "Moss", False))
    game.apply(Play("alice", "Animal", BLUE))
    game.apply(Play("bob", "Tree", BLUE))  # carol is out: the round ends, two draw
    assert game.phase == Phase.TRADE and len(game.pile) == 1
    assert refused(game, Give("carol", "Animal"), "player").why is Why.LOST_NO_TRADE
    game.apply(Give("alice", "Tulip"))
    game.apply(Give("bob", "Moss"))
    assert game.news[1] == Traded((("alice", "bob"), ("bob", "alice")))
    assert game.seat("carol").hand == ["Animal", "Jellyfish"]  # face down until the end


def test_a_disruption_during_the_trade_completes_it_among_the_others():
    game = three_for_the_trade()
    game.apply(Give("alice", "Bird"))
    game.apply(Give("bob", "Moss"))
    game.apply(Cogito("carol", "Sparrow", False))  # carol had not chosen: she is out
    traded = [n for n in game.news if isinstance(n, Traded)]
    assert traded == [Traded((("alice", "bob"), ("bob", "alice")))]
    assert game.seat("alice").hand == ["Tulip", "Moss"]


# ----------------------------------------------------------------- COGITO


def test_cogito_at_any_time_right_wins_and_ends_the_game():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon"},
        {"alice": ["Animal", "Tulip"], "bob": ["Tree", "Moss"]},
        PILE,
    )
    assert (
        refused(game, Cogito("bob", "Salmon", False), "right").why is Why.ANSWER_MISJUDGED
    )  # the deal says right
    assert (
        refused(game, Cogito("bob", "Flower", False), "named").why is Why.NOT_A_SELF_CARD
    )  # a category is no Self card
    game.apply(Cogito("bob", "Salmon", True))  # in alice's turn
    assert game.news[0] == Named(Cogito("bob", "Salmon", True))
    assert game.ending == Ending(Finish.FOUND, ("bob",))
    assert all(s.revealed for s in game.seats)  # every Self card shown
    assert game.finished and game.winner == "bob" and game.seat("bob").standing == Standing.WON
    over = refused(game, Play("alice", "Animal", BLUE), "type")
    assert over == TableRefusal(table.Why.GAME_OVER)  # the table's own guard


def test_a_failed_cogito_loses_the_game_and_the_turn_passes_on():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal", "Tulip"], "bob": ["Tree", "Moss"], "carol": ["Animal", "Jellyfish"]},
        PILE,
    )
    game.apply(Cogito("alice", "Tulip", False))  # in her own turn
    assert game.news == (
        Named(Cogito("alice", "Tulip", False)),
        Disrupted("alice", Disruption.FAILED_COGITO, "Casablanca"),
    )
    assert game.current == "bob" and not game.finished


def test_simultaneous_cogitos_are_dealt_clockwise_from_the_player_to_play():
    selves = {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak", "dave": "Moss"}
    hands = {p: ["Animal", "Bird"] for p in selves}
    game = rigged(selves, hands, PILE)
    game.apply(Play("alice", "Bird", BLUE))  # bob to play
    game.apply(Declare(("dave", "alice", "carol")))
    assert game.news == (CogitoCalled(("carol", "dave", "alice")),)
    assert (
        refused(game, Play("bob", "Animal", RED), "type").why is Why.STOPPED_FOR_COGITO
    )  # the game stops for a while
    assert (
        refused(game, Cogito("alice", "Casablanca", True), "player").why is Why.NAMES_FIRST
    )  # carol first
    game.apply(Cogito("carol", "Tulip", False))
    assert game.calling == ["dave", "alice"]
    game.apply(Cogito("dave", "Moss", True))
    assert game.winner == "dave"  # alice never gets to name hers


def test_nothing_moves_on_until_every_declared_player_has_named():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal", "Tulip"], "bob": ["Tree", "Moss"], "carol": ["Animal", "Jellyfish"]},
        PILE,
    )
    game.apply(Play("alice", "Animal", BLUE))
    game.apply(Play("bob", "Tree", BLUE))
    game.apply(Declare(("alice", "carol")))  # carol is the last to play this round
    assert game.calling == ["carol", "alice"]
    game.apply(Cogito("carol", "Moss", False))
    assert game.round == 1 and game.pile == PILE  # no draw while alice is still to name
    assert game.seat("alice").hand == ["Tulip"]
    game.apply(Cogito("alice", "Tulip", False))
    assert game.news[-2:] == (RoundEnded(1, True, False, len(PILE) - 1, 1), game.news[-1])
    assert game.seat("bob").hand == ["Moss", "Bird"] and game.current == "bob"


def test_the_clockwise_order_can_start_from_the_round_starter_by_house_rule():
    selves = {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak", "dave": "Moss"}
    hands = {p: ["Animal", "Bird"] for p in selves}
    game = rigged(selves, hands, PILE, rules("cogito_order=round"))
    game.apply(Play("alice", "Bird", BLUE))
    game.apply(Declare(("dave", "alice", "carol")))
    assert game.calling == ["alice", "carol", "dave"]


def test_a_cogito_declared_while_others_name_joins_the_end_of_the_line():
    selves = {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"}
    game = rigged(selves, {p: ["Animal", "Bird"] for p in selves}, PILE)
    game.apply(Declare(("bob",)))
    game.apply(Declare(("alice",)))
    assert game.calling == ["bob", "alice"]
    assert (
        refused(game, Declare(("alice",)), "players").why is Why.ALREADY_DECLARED
    )  # already declared
    game.apply(Cogito("bob", "Oak", False))
    assert game.calling == ["alice"]
    game.apply(Cogito("alice", "Tulip", False))
    assert game.calling == [] and game.current == "carol"


# ------------------------------------------------------------------- ties


def test_when_every_player_is_disrupted_the_game_is_a_tie():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon"}, {"alice": ["Animal"], "bob": ["Tree"]}, []
    )
    game.apply(Declare(("alice", "bob")))
    game.apply(Cogito("alice", "Tulip", False))
    game.apply(Cogito("bob", "Sparrow", False))
    assert game.finished and game.finish == Finish.ALL_DISRUPTED and game.winner is None


def test_the_last_player_standing_wins_only_by_house_rule():
    selves, hands = {"alice": "Casablanca", "bob": "Salmon"}, {"alice": ["Animal"], "bob": ["Tree"]}
    game = rigged(selves, hands, [])
    game.apply(Cogito("alice", "Tulip", False))
    assert not game.finished and game.current == "bob"
    house = rigged(selves, hands, [], rules("last_one_standing_wins=yes"))
    house.apply(Cogito("alice", "Tulip", False))
    assert house.finish == Finish.LAST_STANDING and house.winner == "bob"


def test_when_every_hand_is_empty_and_nobody_declares_it_is_a_tie_of_everyone():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal"], "bob": ["Tree"], "carol": ["Moss"]},
        ["Bird"],  # one card for the two players left: no draw
    )
    game.apply(Cogito("carol", "Moss", False))  # carol out early
    assert refused(game, End(), "type").why is Why.CANNOT_END  # hands are not empty yet
    game.apply(Play("alice", "Animal", BLUE))
    game.apply(Play("bob", "Tree", BLUE))
    assert game.news[-1] == LastCall(2) and game.phase == Phase.LAST_CALL
    assert refused(game, Play("alice", "Animal", BLUE), "type").why is Why.LAST_CALL
    game.apply(End())
    assert game.finish == Finish.HANDS_EMPTY and game.winner is None
    assert game.ending == Ending(Finish.HANDS_EMPTY) and all(s.revealed for s in game.seats)


def test_the_last_call_still_takes_a_cogito():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon"}, {"alice": ["Animal"], "bob": ["Tree"]}, []
    )
    game.apply(Play("alice", "Animal", BLUE))
    game.apply(Play("bob", "Tree", BLUE))
    assert game.phase == Phase.LAST_CALL
    game.apply(Cogito("alice", "Casablanca", True))
    assert game.winner == "alice"


# ---------------------------------------------------------- round starter


def test_every_round_starts_with_the_starter_or_the_next_one_playing_on_the_left():
    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal", "Tulip"], "bob": ["Tree", "Moss"], "carol": ["Animal", "Jellyfish"]},
        [],
        first="bob",
    )
    assert game.current == "bob"
    game.apply(Play("bob", "Tree", BLUE))
    game.apply(Cogito("bob", "Oak", False))  # the starter is out
    game.apply(Play("carol", "Animal", BLUE))
    game.apply(Play("alice", "Animal", BLUE))
    assert game.round == 2 and game.current == "carol"


def test_the_setup_refuses_what_cannot_be_dealt():
    with pytest.raises(SetupError, match="at least 2 players"):
        Setup(("alice",), 1, EXAMPLE_TEXT)
    with pytest.raises(SetupError, match="also the name of a card"):
        Setup(("alice", "oak"), 1, EXAMPLE_TEXT)
    with pytest.raises(SetupError, match="not one of the players"):
        Setup(("alice", "bob"), 1, EXAMPLE_TEXT, first="carol")
    with pytest.raises(SetupError, match="cannot deal"):
        Setup(tuple("abcdefg"), 1, EXAMPLE_TEXT)  # 7 players: 13 cards left for 14


def test_a_seat_reads_on_each_card_of_its_hand_what_revealing_it_says():
    from referee.cogito.views import seat_view

    game = rigged(
        {"alice": "Casablanca", "bob": "Salmon", "carol": "Oak"},
        {"alice": ["Animal", "Tulip", "Ego"], "bob": ["Tree"], "carol": ["Flower"]},
        PILE,
    )
    says = [c["says"] for c in seat_view(game, "alice")["you"]["hand"]]
    assert says == ["I am not Animal!", "I am not Tulip!", "Needless to say, I am Ego!"]
