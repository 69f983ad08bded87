"""The shared command dispatch: the same words, guards and views for every game, said by a seat.

A seat is the player a command comes from (None: the shared terminal). The
games are real ones, set up as a table would set them up.
"""

from referee.cogito.commands import CogitoCommands
from referee.cogito.records import GAME as COGITO
from referee.cogito.setup import Setup as CogitoSetup
from referee.ergo.commands import ErgoCommands
from referee.ergo.decks import bundled_deck_path as ergo_deck_path
from referee.ergo.records import GAME as ERGO
from referee.ergo.setup import HouseRules, Mode, Seat, Settings, Setup
from referee.invicta.commands import InvictaCommands
from referee.invicta.records import GAME as INVICTA
from referee.invicta.setup import Setup as InvictaSetup
from referee.palmer.commands import PalmerCommands
from referee.palmer.records import GAME as PALMER
from referee.palmer.setup import HouseRules as PalmerRules
from referee.palmer.setup import Settings as PalmerSettings
from referee.palmer.setup import Setup as PalmerSetup
from referee.resources import data_path, default_deck_path
from referee.table.errors import Refusal
from referee.table.record import Record
from referee.table.refusals import Why
from referee.table.session import Quit, Refused, Session, ShowRules, Undone
from referee.table.views import GameOver, ShowCards, ShowHand, ShowScores

PALMER_DECK = default_deck_path().read_text(encoding="utf-8")


def ergo(mode=Mode.DEALT):
    seats = (Seat("ann", "A"), Seat("bob", "B"))
    text = ergo_deck_path("english").read_text(encoding="utf-8")
    setup = Setup(Settings(seats, mode, 1, 50), HouseRules(), text, "english.toml")
    return Session(Record(ERGO, setup), ErgoCommands())


def test_shared_views_are_the_tables_own():
    s = ergo()
    assert s.execute("scores") == (ShowScores(),)
    assert s.execute("cards") == (ShowCards(),)
    assert s.execute("rules") == (ShowRules(),)
    assert s.execute("hand") == (ShowHand("ann"),)
    assert s.execute("hand BOB") == (ShowHand("bob"),)  # one rule compares names
    assert isinstance(s.execute("hand carol")[0], Refused)
    assert isinstance(ergo(Mode.TABLE).execute("hand")[0], Refused)


def test_players_are_found_by_the_name_rule_and_the_exact_spelling_first():
    seats = (Seat("Zo\u00eb", "A"), Seat("bob", "B"), Seat("ann", "C"), Seat("Ann", "D"))
    text = ergo_deck_path("english").read_text(encoding="utf-8")
    setup = Setup(Settings(seats, Mode.DEALT, 1, 50), HouseRules(), text, "english.toml")
    s = Session(Record(ERGO, setup), ErgoCommands())  # ann and Ann: a record older than the rule
    combined = "ZOE\u0308"  # the diaeresis written as a combining mark
    assert s.execute(f"hand {combined}") == (ShowHand("Zo\u00eb"),)
    assert s.execute(f"hand {combined}", seat="zo\u00eb") == (ShowHand("Zo\u00eb"),)
    assert not isinstance(s.execute("discard 1", seat=combined)[0], Refused)  # Zoë's turn
    assert s.execute("hand Ann", seat="Ann") == (ShowHand("Ann"),)
    assert s.execute("hand ann", seat="ann") == (ShowHand("ann"),)


def test_a_seat_may_not_move_out_of_turn_or_see_another_hand():
    s = ergo()
    out = s.execute("discard 1", seat="bob")
    assert isinstance(out[0], Refused) and out[0].reason == Refusal(Why.NOT_YOUR_TURN, "ann", "bob")
    assert not s.record.events
    assert isinstance(s.execute("hand ann", seat="bob")[0], Refused)
    assert s.execute("hand", seat="bob") == (ShowHand("bob"),)  # a seat naming nobody: itself
    assert s.execute("hand bob", seat="bob") == (ShowHand("bob"),)
    assert s.execute("scores", seat="bob") == (ShowScores(),)  # what the table sees, anyone
    assert not isinstance(s.execute("discard 1", seat="ann")[0], Refused)
    assert len(s.record.events) == 1


def test_the_game_over_guard_is_the_same_for_every_game():
    setup = PalmerSetup(PalmerSettings(("al", "bo"), 3, 3, "dealt", 1), PalmerRules(), PALMER_DECK)
    s = Session(Record(PALMER, setup), PalmerCommands(None))
    assert isinstance(s.execute("end", seat="bo")[-1], GameOver)  # the table may end it
    out = s.execute("pass", seat="al")
    assert isinstance(out[0], Refused) and out[0].reason == Refusal(Why.GAME_OVER)
    assert isinstance(s.execute("nonsense")[0], Refused)  # unknown, not a crash


def test_a_bare_move_word_is_a_move_of_the_side_to_play():
    s = Session(Record(INVICTA, InvictaSetup("wendy", "bert")), InvictaCommands())
    assert isinstance(s.execute("e5", seat="bert")[0], Refused)  # white moves first
    assert not s.record.events
    assert not isinstance(s.execute("e5", seat="wendy")[0], Refused)
    assert len(s.record.events) == 1


def test_cogito_names_players_in_its_commands():
    deck = data_path("cards", "cogito-example.toml").read_text(encoding="utf-8")
    setup = CogitoSetup(("ann", "bob", "cat"), 3, deck, "cogito-example.toml")
    s = Session(Record(COGITO, setup), CogitoCommands())
    out = s.execute("hand ann", seat="bob")
    assert isinstance(out[0], Refused) and out[0].reason == Refusal(Why.ONLY_NAMED, "ann")
    assert isinstance(s.execute("hand ann", seat="ann")[0], ShowHand)
    assert isinstance(s.execute("play 1", seat="cat")[0], Refused)
    assert not s.record.events
    assert not isinstance(s.execute("play 1", seat="ann")[0], Refused)


def test_a_seat_may_not_close_the_table_and_takes_back_only_its_own_move():
    s = Session(Record(INVICTA, InvictaSetup("wendy", "bert")), InvictaCommands())
    out = s.execute("quit", seat="bert")
    assert isinstance(out[0], Refused) and not any(isinstance(o, Quit) for o in out)
    assert isinstance(s.execute("quit")[-1], Quit)  # the terminal is the whole table
    assert not isinstance(s.execute("e5", seat="wendy")[0], Refused)
    out = s.execute("undo", seat="bert")
    assert isinstance(out[0], Refused) and out[0].reason == Refusal(Why.NOT_YOUR_UNDO, "wendy")
    assert len(s.record.events) == 1
    assert isinstance(s.execute("undo", seat="wendy")[0], Undone)
    assert not isinstance(s.execute("e5")[0], Refused)
    assert isinstance(s.execute("undo")[0], Undone)  # at the terminal, anyone


def test_ergo_fallacy_names_its_target_not_who_plays_it():
    s = ergo()
    out = s.execute("fallacy ann", seat="bob")
    assert isinstance(out[0], Refused) and out[0].reason == Refusal(Why.NOT_YOUR_TURN, "ann", "bob")
    out = s.execute("fallacy bob", seat="ann")
    assert getattr(getattr(out[0], "reason", None), "why", None) is not Why.ONLY_NAMED


def test_a_derivation_file_is_read_only_by_a_language_given_a_reader():
    """The keyboard's language is given the reader; a seat's is built without one
    (tests/test_web_safety.py), so however a seat quotes ``with`` nothing is read."""
    setup = PalmerSetup(PalmerSettings(("al", "bo"), 3, 3, "dealt", 1), PalmerRules(), PALMER_DECK)
    read: list[str] = []
    s = Session(Record(PALMER, setup), PalmerCommands(None, lambda p: read.append(p) or ""))
    s.execute("claim 1 with proof.txt")
    assert read == ["proof.txt"]
    seat = Session(Record(PALMER, setup), PalmerCommands(None))
    for line in ("claim 1 with /etc/passwd", "claim 1 'with' /etc/passwd", "claim 1 wi\\th x"):
        assert isinstance(seat.execute(line, seat="al")[0], Refused)


def test_a_cogito_seat_gives_and_declares_for_itself_alone():
    deck = data_path("cards", "cogito-example.toml").read_text(encoding="utf-8")
    setup = CogitoSetup(("ann", "bob", "cat"), 3, deck, "cogito-example.toml")
    s = Session(Record(COGITO, setup), CogitoCommands())
    out = s.execute("cogito bob ann", seat="bob")  # at once with ann: ann says so herself
    assert isinstance(out[0], Refused) and out[0].reason == Refusal(Why.ONLY_NAMED, "ann")
    assert s.execute("possible", seat="cat") == s.execute("possible cat")
    assert isinstance(s.execute("hand", seat="cat")[0], ShowHand)
    assert s.execute("hand", seat="cat")[0].player == "cat"
    assert not s.record.events


def test_a_cogito_declared_alone_is_its_declarers_to_take_back():
    deck = data_path("cards", "cogito-example.toml").read_text(encoding="utf-8")
    setup = CogitoSetup(("ann", "bob", "cat"), 3, deck, "cogito-example.toml")
    s = Session(Record(COGITO, setup), CogitoCommands())
    assert not isinstance(s.execute("cogito", seat="bob")[0], Refused)  # bob, unnamed yet
    assert s.game.calling == ["bob"]
    out = s.execute("undo", seat="ann")
    assert isinstance(out[0], Refused) and out[0].reason == Refusal(Why.NOT_YOUR_UNDO, "bob")
    assert isinstance(s.execute("undo", seat="bob")[0], Undone)


def test_the_seat_reaches_a_handler_as_a_value_never_as_words():
    """Who speaks is an Actor passed beside the line: a square is read as a square at a
    seat (it was once read after the seat's name), and a seat's name in the line is
    read as a name only where the command names players."""
    from referee.invicta.outcomes import AllMoves, Targets
    from referee.table.commands import TableCommands
    from referee.table.session import Actor

    s = Session(Record(INVICTA, InvictaSetup("wendy", "bert")), InvictaCommands())
    assert not isinstance(s.execute("e5", seat="wendy")[0], Refused)
    assert isinstance(s.execute("moves e5", seat="bert")[0], Targets)
    assert isinstance(s.execute("moves", seat="bert")[0], AllMoves)
    seen: list[tuple[str, object]] = []

    class Listening(InvictaCommands):
        def _history(self, session, game, rest, actor):
            seen.append((rest, actor))
            return super()._history(session, game, rest, actor)

    heard = Session(s.record, Listening())
    heard.execute("history", seat="bert")
    heard.execute("history")
    assert seen == [("", Actor("bert")), ("", None)]
    assert issubclass(Listening, TableCommands)


def test_one_may_say_decides_for_every_seat():
    """``may_say`` is the one guard: the turn, what a seat may not say, and names."""
    setup = PalmerSetup(PalmerSettings(("al", "bo"), 3, 3, "dealt", 1), PalmerRules(), PALMER_DECK)
    commands = PalmerCommands(None)
    game = Record(PALMER, setup).rebuild()
    from referee.table.session import Actor

    assert commands.may_say("pass", None, game) is None  # the terminal: the table's trust
    assert commands.may_say("pass", Actor("al"), game) is None
    (turn,) = commands.may_say("pass", Actor("bo"), game)
    assert turn.reason == Refusal(Why.NOT_YOUR_TURN, "al", "bo")
    (named,) = commands.may_say("hand", Actor("bo"), game, ("al",))
    assert named.reason == Refusal(Why.ONLY_NAMED, "al")
    assert commands.may_say("hand", Actor("bo"), game, ("bo",)) is None
    assert commands.may_say("scores", Actor("bo"), game) is None
