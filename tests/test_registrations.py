"""Every game is one registration, and its terminal part answers all of it."""

import io

import click
import listed
import pytest
from mastermind.registration import REGISTRATION as MASTERMIND
from noughts import TERMINAL as NOUGHTS
from rich.console import Console
from webtable import web_game

from referee.client.reasons import BY_WHY
from referee.games import GAMES as LISTED
from referee.games import by_name
from referee.table.commands import TableCommands
from referee.table.views import GameOver

# The games of the one list, each reached through it: its registration loads its terminal
# part; and the two test games.
GAMES = [g.terminal().game for g in LISTED] + [NOUGHTS, MASTERMIND.terminal().game]
PEOPLE = ("ann", "bob", "cat")


@pytest.mark.parametrize("game", [*LISTED, MASTERMIND], ids=lambda g: g.name)
def test_every_listed_game_declares_its_words_and_its_commands(game):
    """Its words registered for its reasons, and the commands the command line names
    (``cli``) given by its terminal client, whose game is this registration itself."""
    assert game.words is not None and BY_WHY[game.words.why] is game.words
    client = game.terminal()
    assert client.game.game is game
    assert game.cli and set(client.commands) == set(game.cli)
    assert all(isinstance(c, click.Command) for c in client.commands.values())


@pytest.mark.parametrize("terminal", GAMES, ids=lambda t: t.game.name)
def test_every_outcome_a_game_registers_has_a_renderer(terminal):
    renderer = terminal.renderer(Console(file=io.StringIO()), None, {})
    missing = [o.__name__ for o in terminal.game.outcomes if o not in renderer.renderers]
    assert not missing
    assert GameOver in renderer.renderers  # the end: the house's outcome, each game's words


@pytest.mark.parametrize("terminal", GAMES, ids=lambda t: t.game.name)
def test_every_command_word_has_its_handler(terminal):
    commands = terminal.game.commands
    assert issubclass(commands, TableCommands)
    assert all(callable(getattr(commands, f"_{word}", None)) for word in commands.commands)
    assert commands.moves <= commands.commands
    assert set(commands.aliases.values()) <= commands.commands | {"undo", "quit", "help", "save"}


@pytest.mark.parametrize("terminal", GAMES, ids=lambda t: t.game.name)
def test_every_registered_option_is_on_the_play_command(terminal):
    from referee.client.house import play_command

    names = {p.name for p in play_command(terminal).params}
    assert {o.name for o in terminal.game.options} | {"record_path", "house"} <= names
    assert ("deck" in names) == (terminal.game.decks is not None)


def test_the_built_play_command_reads_as_a_written_one():
    from click.testing import CliRunner

    from referee.cli.main import main

    shown = CliRunner().invoke(main, ["play", "--help"]).output
    assert "-n, --hand-size INTEGER" in shown and "--mode [dealt|table]" in shown
    assert "[default:" not in shown  # a default is said in the option's own words


@pytest.mark.parametrize("terminal", GAMES[: len(LISTED)], ids=lambda t: t.game.name)
def test_every_served_game_declares_its_seat_view_and_the_seat_is_checked_once(terminal):
    from referee.web.games import GAMES as SERVED

    game = terminal.game
    assert SERVED[game.name].terminal is terminal  # the web reads the same registration
    record = SERVED[game.name].start(listed.options(game, PEOPLE))
    state = record.rebuild()
    assert game.view(state, None)["game"] == game.name
    assert game.view(state, state.players[0])["you"]["name"] == state.players[0]
    with pytest.raises(ValueError, match="not a player"):
        game.view(state, "mallory")


def test_a_new_setup_gets_every_option_typed_with_its_default_filled_in():
    """What a game's new_setup is given: no game reads 'None: not given' itself."""
    from referee.client.house import read_deck
    from referee.palmer.setup import DEFAULT_CLAIM_TIMEOUT, Mode

    game = by_name("palmer")
    given = {"players": " ann, ,bob ", "win": 5}
    setup = game.setup(given, game.house_rules(), read_deck(game, None))
    settings = setup.settings
    assert settings.players == ("ann", "bob")  # the names split once, blanks dropped
    assert (settings.hand_size, settings.win_score, settings.mode) == (3, 5, Mode.DEALT)
    assert setup.claim_timeout == DEFAULT_CLAIM_TIMEOUT
    assert isinstance(settings.seed, int)  # a fresh seed, kept by the setup


@pytest.mark.parametrize("terminal", GAMES[: len(LISTED)], ids=lambda t: t.game.name)
def test_a_game_package_is_registered_by_the_one_convention(terminal):
    """records.GAME, the one TableCommands of commands, the outcomes of outcomes, and
    views.seat_view: found in the package, named by no registration."""
    import importlib
    import importlib.util

    game = terminal.game
    package = game.kind.new_game.__module__.rpartition(".")[0]
    if importlib.util.find_spec(f"{package}.records") is None:
        pytest.skip(f"{game.name} keeps its rules elsewhere and passes them to its registration")
    assert importlib.import_module(f"{package}.records").GAME is game.kind
    assert game.commands.__module__ == f"{package}.commands"
    assert {o.__module__ for o in game.outcomes} == {f"{package}.outcomes"}
    assert game.seat_view is importlib.import_module(f"{package}.views").seat_view


@pytest.mark.parametrize("game", LISTED, ids=lambda g: g.name)
def test_whose_move_it_is_is_one_declaration_every_reader_follows(game, monkeypatch):
    """The state's ``mover`` alone says whose move it is: declare another player and the
    turn guard, the legal moves, the seat views and the prompt all follow it."""
    from referee.table.refusals import Why
    from referee.table.session import Actor, Refused

    state = web_game(game.name).start(listed.options(game, PEOPLE)).rebuild()
    first = game.view(state, None)["to_play"]  # whose move the view says it is
    assert first in state.players and state.mover == first
    other = next(p for p in state.players if p != first)
    monkeypatch.setattr(type(state), "mover", property(lambda g: other))
    commands = game.language()

    def turn_lines(seat: str) -> list[str]:
        turn = commands.moves if commands.turn_moves is None else commands.turn_moves
        words = (
            commands.word(*(line.split(" ", 1) + [""])[:2]) for line in game.legal(state, seat)
        )
        return [word for word, _ in words if word in turn]

    if game.legal is not None:  # a game that lists its moves lists them for the mover
        assert turn_lines(other) and not turn_lines(first)
    assert game.view(state, None)["to_play"] == other
    assert game.view(state, other)["you"]["to_play"]
    assert not game.view(state, first)["you"]["to_play"]
    assert other in game.terminal().game.prompt(state)
    word = sorted(commands.turn_moves or commands.moves)[0]
    (refused,) = commands.may_say(word, Actor(first), state) or (None,)
    assert isinstance(refused, Refused) and refused.reason.why is Why.NOT_YOUR_TURN
    assert refused.reason.player == other


@pytest.mark.parametrize("game", LISTED, ids=lambda g: g.name)
def test_the_end_is_the_state_s_declaration_which_the_house_says_after_any_event(game):
    """Random legal games to their end (the table ends the ones that last): the command
    whose events ended the game comes to one GameOver, last, holding the state's own
    ``ending`` (how it ended, who won); nothing before says the game is over."""
    import random

    from referee.table.session import Session
    from referee.table.views import Ending

    rng = random.Random(3)
    listed.needs_legal(game)
    options = listed.options(game, PEOPLE)
    for seed in (1, 2):
        start = {**options, "seed": seed} if "seed" in options else options
        session = Session(web_game(game.name).start(start), game.language())
        assert session.game.ending is None
        for _ in range(400):
            state = session.game
            lines = [(p, line) for p in state.players for line in game.legal(state, p)]
            seat, line = rng.choice(lines) if lines else (None, "end")
            said = session.execute(line, seat)
            ends = [o for o in said if isinstance(o, GameOver)]
            if session.game.finished:
                break
            assert not ends
        else:
            said = session.execute("end")  # a game that lasts: the table ends it, if it may
            ends = [o for o in said if isinstance(o, GameOver)]
        if not session.game.finished:  # Invicta: no end by agreement, random moves go round
            pytest.skip(f"{game.name}: neither random legal moves nor end finish a game")
        ending = session.game.ending
        assert isinstance(ending, Ending) and ends == [said[-1]] == [GameOver(ending)]
        assert set(ending.winners) <= set(session.game.players)


def test_the_end_of_a_game_of_invicta_is_its_state_s_declaration():
    """Invicta, which neither random moves nor the table end: its example row of five."""
    from pathlib import Path

    from referee.invicta.state import Finish
    from referee.table.session import Session
    from referee.table.views import Ending
    from referee.web.games import GAMES as SERVED

    game = by_name("invicta")
    session = Session(SERVED["invicta"].start({"white": "ann", "black": "bob"}), game.language())
    text = (Path(__file__).parent.parent / "examples/invicta/row-win.moves").read_text()
    for line in filter(None, (line.split("#")[0].strip() for line in text.splitlines())):
        said = session.execute(line)
    assert said[-1] == GameOver(Ending(Finish.FIVE, ("ann",)))
    assert [o for o in said if isinstance(o, GameOver)] == [said[-1]]
