"""``referee play`` and ``referee replay``: a game at the table, and re-refereeing it.

The game logic is :mod:`referee.game` (the session turns each typed line into
an event); this module reads lines, renders outcomes with rich, and writes
the record atomically after every event (a new file, fsync, rename), so
killing the program at any moment loses nothing.
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
import os
import secrets
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from referee.cli.common import deck_option, fail, read_text
from referee.game.cards import short_name
from referee.game.record import Record, RecordError, dumps, loads
from referee.game.rules import HouseRules, RulesError, Settings
from referee.game.session import Outcome, Session
from referee.game.state import Game
from referee.resources import default_deck_path

# ------------------------------------------------------------------ files


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old or the new file, never half."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    try:
        fd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def load_record(path: Path) -> tuple[Record, Game]:
    try:
        return loads(read_text(path, "game record"))
    except RecordError as exc:
        fail(f"{path}: {exc}")


# --------------------------------------------------------- engine hookup


def make_engine(timeout: float, minimise: bool = True):
    """The engine; replay passes ``minimise=False``: it compares verdicts, not cores."""
    try:
        from referee.logic.engine import Engine, Limits
    except ModuleNotFoundError:  # pragma: no cover - the engine ships with the package
        return None
    return Engine(Limits(timeout=timeout, minimise=minimise))


def derivation_checker(engine):
    """The session's hook for ``claim ... with FILE``: referee.derivation's checker."""
    try:
        from referee.derivation import checker  # noqa: F401
    except ImportError:  # pragma: no cover - the checker ships with the package
        return None
    from referee.game.derivations import check_claim_derivation

    return functools.partial(check_claim_derivation, engine=engine)


# ------------------------------------------------------------- rendering


class Renderer:
    def __init__(self, console: Console) -> None:
        self.console = console

    def board(self, game: Game) -> None:
        table = Table(title="Board", title_justify="left", show_lines=False)
        table.add_column("#", justify="right")
        table.add_column("statement")
        table.add_column("by")
        table.add_column("cards")
        for e in game.board:
            cards = " ".join(short_name(game.deck.card(c)) for c in e.cards)
            mark = " (scored)" if e.scored else ""
            table.add_row(str(e.id), e.text + mark, e.author or "", cards)
        if not game.board:
            self.console.print("Board: (empty)")
        else:
            self.console.print(table)

    def scores(self, game: Game) -> None:
        parts = [f"{p} {game.scores[p]}" for p in game.players]
        goal = f"(first to {game.settings.win_score})"
        self.console.print("Scores: " + ", ".join(parts) + " " + goal, highlight=False)

    def hand(self, game: Game, player: str) -> None:
        if player not in game.players:
            self.console.print(f"[red]no player {player}[/red]")
            return
        cards = [game.deck.card(c) for c in game.hand(player)]
        shown = "  ".join(f"{i}:{short_name(c)}" for i, c in enumerate(cards, 1)) or "(none)"
        self.console.print(f"{player}'s hand: {shown}", highlight=False)

    def status(self, game: Game) -> None:
        self.board(game)
        self.scores(game)
        if game.finished:
            return
        if game.dealt:
            for p in game.players:
                self.hand(game, p)
            self.console.print(f"Deck: {len(game.draw_pile)} cards left", highlight=False)
        if game.pending is not None:
            self.console.print("The table votes on the undetermined claim: vote yes / vote no")
        self.console.print(
            f"[bold]Turn {game.turn}: {game.player} to play[/bold] "
            "(claims first, then play / negate / pass)"
        )

    def cards(self, game: Game) -> None:
        table = Table(title=f"Deck {game.deck.name}", title_justify="left")
        table.add_column("type it as")
        table.add_column("card")
        table.add_column("copies", justify="right")
        for c in game.deck.cards:
            table.add_row(short_name(c), c.label, str(c.count))
        self.console.print(table)

    def model(self, data: dict, arities: dict | None = None) -> None:
        """A model from the record's JSON, drawn as referee.cli.render draws models."""
        from referee.cli.render import model_tables
        from referee.logic.model import Model

        for table in model_tables(Model.from_json(data), arities):
            self.console.print(table)

    def verdict(self, shown: dict) -> None:
        v = shown["verdict"]
        status = v["status"]
        if shown["kind"] == "redundant":
            ids = ", ".join(f"#{i}" for i, _ in shown["targets"])
            self.console.print(f"{shown['player']} claims {ids} redundant.", highlight=False)
        else:
            self.console.print(f"{shown['player']} claims the board is inconsistent.")
        words = {
            "entailed": "follows from the rest of the board",
            "not_entailed": "does not follow from the rest of the board",
            "inconsistent": "the board is inconsistent",
            "consistent": "the board is consistent",
            "undetermined": "the referee could not settle it in time",
        }
        self.console.print(f"Verdict: [bold]{status}[/bold] — {words.get(status, status)}")
        if v.get("method"):
            self.console.print(f"  ({v['method']})", highlight=False)
        texts = dict(shown["premises"])
        used = v.get("used_statements") or []
        if used:
            label = "The clashing statements" if status == "inconsistent" else "Using"
            self.console.print(f"{label}:")
            for i in used:
                self.console.print(f"  #{i}  {texts.get(i, '')}", highlight=False)
        if v.get("countermodel"):
            if status == "not_entailed":
                self.console.print("A countermodel: the rest of the board holds, the claim fails.")
            else:
                self.console.print("A model of the whole board:")
            self.model(v["countermodel"], shown.get("arities"))
        if v.get("tried"):
            self.console.print("Tried: " + "; ".join(v["tried"]), highlight=False)
        d = shown.get("derivation")
        if d is not None:
            word = "checks" if d["ok"] else "does not check"
            self.console.print(f"Derivation {d['file']}: {word}. {d['message']}", highlight=False)
        outcome = shown["outcome"]
        if outcome == "upheld":
            self.console.print("[green]Claim upheld.[/green]")
        elif outcome == "vote":
            self.console.print(
                "[yellow]Undetermined: the table votes (vote yes / vote no).[/yellow]"
            )
        else:
            self.console.print("[red]Claim rejected.[/red]")

    def outcome(self, outcome: Outcome, game: Game) -> None:
        for kind, data in outcome.items:
            if kind == "error":
                self.console.print(f"[red]refused:[/red] {data}", highlight=False)
            elif kind == "text":
                self.console.print(data, highlight=False)
            elif kind == "help":
                self.console.print(data, highlight=False, markup=False)
            elif kind == "written":
                if data is not None:
                    self.console.print(f"#{data.id} {data.text}  ({data.author})", highlight=False)
            elif kind == "negated":
                self.console.print(
                    f"#{data['id']} before: {data['before']}\n"
                    f"#{data['id']} after:  {data['after']}",
                    highlight=False,
                )
            elif kind == "sites":
                entry, sites = data
                self.console.print(f"#{entry.id} {entry.text}", highlight=False)
                if not sites:
                    self.console.print("  no place for a ¬ keeps it well formed")
                for s in sites:
                    self.console.print(f"  {s.index}: {s.after.text}", highlight=False)
            elif kind == "verdict":
                self.verdict(data)
            elif kind == "undone":
                self.console.print(f"undone: {describe(data)}", highlight=False)
            elif kind == "board":
                self.board(game)
            elif kind == "scores":
                self.scores(game)
            elif kind == "hand":
                self.hand(game, data)
            elif kind == "cards":
                self.cards(game)
            elif kind == "rules":
                for k, v in data.items():
                    self.console.print(f"  {k} = {v}", highlight=False)
            elif kind == "finished":
                winner = data["winner"]
                line = f"{winner} wins" if winner else "The game is drawn"
                self.console.print(f"[bold]Game over: {line}.[/bold] {data['reason']}.")


def describe(event: dict) -> str:
    kind = event.get("type")
    who = event.get("player", "the table")
    if kind == "play":
        return f"{who} plays {', '.join(event.get('cards', []))}: {event.get('text')}"
    if kind == "negate":
        return f"{who} negates #{event.get('target')}: {event.get('before')} ⇒ {event.get('after')}"
    if kind == "claim":
        what = (
            "the board inconsistent"
            if event.get("kind") == "inconsistent"
            else "redundant " + ", ".join(f"#{t}" for t in event.get("targets", []))
        )
        status = (event.get("verdict") or {}).get("status")
        return f"{who} claims {what}: {status}, {event.get('outcome')}"
    if kind == "vote":
        return f"the table votes {'yes' if event.get('accepted') else 'no'}"
    if kind == "pass":
        return f"{who} passes"
    if kind == "end":
        return f"the game ends: {event.get('reason', '')}"
    return str(kind)


# ------------------------------------------------------------------- play


def _read_lines(console: Console, session: Session, interactive: bool):
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:  # pragma: no cover - Windows
            pass
        while True:
            who = "game over" if session.game.finished else session.game.player
            try:
                yield console.input(f"[bold cyan]{who}>[/bold cyan] ")
            except EOFError:
                return
    else:
        for line in sys.stdin:
            line = line.rstrip("\n")
            if line.strip() and not line.lstrip().startswith("#"):
                console.print(f"> {line}", highlight=False, markup=False)
            yield line


@click.command()
@click.option("--players", help="Player names in turn order, comma-separated: alice,bob,carol.")
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The game record: resumed if it exists, created if not (default: game-DATE.json).",
)
@click.option("--hand-size", "-n", type=int, default=None, help="Cards in a hand (default 3).")
@click.option("--win", "-w", "win_score", type=int, default=None, help="Points to win (default 3).")
@click.option(
    "--mode",
    type=click.Choice(["dealt", "table"]),
    default=None,
    help="dealt: the referee shuffles and deals on screen (default); "
    "table: a printed deck, players say which cards they played.",
)
@click.option("--seed", type=int, default=None, help="The shuffle (default: random).")
@click.option(
    "--house",
    multiple=True,
    metavar="RULE=VALUE",
    help="A house rule, e.g. keep_redundant=yes, vote_on_undetermined=yes (see docs/rulings.md).",
)
@click.option("--timeout", type=float, default=5.0, show_default=True, help="Seconds per claim.")
@deck_option
def play(players, record_path, hand_size, win_score, mode, seed, house, timeout, deck_path):
    """Referee a game at the table. Type help at the prompt for the commands.

    When standard input is not a terminal, commands are read one per line, so
    a whole game can be scripted. The record is written after every event.
    """
    console = Console(highlight=False, soft_wrap=True)
    if record_path is not None and record_path.exists():
        record, game = load_record(record_path)
        given = {
            "--players": players,
            "--hand-size": hand_size,
            "--win": win_score,
            "--mode": mode,
            "--seed": seed,
            "--deck": deck_path,
        }
        extra = [k for k, v in given.items() if v is not None] + (["--house"] if house else [])
        if extra:
            fail(
                f"{record_path} is a game in progress, with its own settings: "
                f"drop {', '.join(extra)} to resume it"
            )
        console.print(f"Resuming {record_path}: {len(record.events)} events so far.")
    else:
        if not players:
            fail("name the players: referee play --players alice,bob")
        deck_file = deck_path or default_deck_path()
        deck_text = read_text(deck_file, "deck file")
        rules = HouseRules()
        try:
            for switch in house:
                rules = rules.with_switch(switch)
            settings = Settings(
                tuple(p.strip() for p in players.split(",") if p.strip()),
                hand_size if hand_size is not None else 3,
                win_score if win_score is not None else 3,
                mode or "dealt",
                seed if seed is not None else secrets.randbelow(2**31),
            )
        except RulesError as exc:
            fail(f"{exc.field}: {exc.message}")
        now = _dt.datetime.now().astimezone()
        record = Record(
            settings,
            rules,
            deck_text,
            Path(deck_file).name,
            created=now.isoformat(timespec="seconds"),
        )
        try:
            game = record.rebuild()
        except RecordError as exc:  # a bad deck file
            fail(str(exc))
        if record_path is None:
            record_path = Path(f"game-{now.strftime('%Y%m%d-%H%M%S')}.json")
        write_atomically(record_path, dumps(record, game))
        console.print(f"New game recorded in {record_path}. Type help for the commands.")

    engine = make_engine(timeout)
    session = Session(
        record,
        engine,
        derivation_checker=derivation_checker(engine),
        read_text=lambda p: Path(p).read_text(encoding="utf-8"),
        game=game,
    )
    render = Renderer(console)
    render.status(session.game)
    interactive = sys.stdin.isatty()
    try:
        for line in _read_lines(console, session, interactive):
            outcome = session.execute(line)
            if outcome.changed or outcome.save:
                write_atomically(record_path, dumps(session.record, session.game))
            render.outcome(outcome, session.game)
            if outcome.changed and not session.game.finished:
                render.status(session.game)
            elif outcome.changed:
                render.scores(session.game)
            if outcome.quit:
                break
    finally:
        if engine is not None:
            engine.close()
    console.print(f"Record: {record_path}")


# ----------------------------------------------------------------- replay


@click.command()
@click.argument("record_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--step", is_flag=True, help="Walk through the game turn by turn.")
@click.option("--json", "as_json", is_flag=True, help="Print the final state as JSON.")
@click.option("--timeout", type=float, default=5.0, show_default=True, help="Seconds per claim.")
def replay(record_file, step, as_json, timeout):
    """Re-referee every event of RECORD_FILE and report where today's referee disagrees.

    Exit status: 0 when today's referee agrees with the whole record, 2 when it
    disagrees somewhere, 1 when the record cannot be read.
    """
    from referee.game.record import from_json, parse_json
    from referee.game.replay import replay as run_replay

    text = read_text(record_file, "game record")
    try:
        record = from_json(parse_json(text))
        record.deck  # noqa: B018 - read the deck now, to report a bad one before replaying
    except RecordError as exc:
        fail(f"{record_file}: {exc}")
    console = Console(highlight=False, soft_wrap=True, stderr=as_json)
    render = Renderer(console)
    interactive = sys.stdin.isatty() and not as_json

    def on_step(s) -> None:
        for d in s.disagreements:
            console.print(f"[red]event {d.event}, field {d.field}:[/red] {d.message}")
        if not step:
            return
        console.print(f"[bold]event {s.index}[/bold]: {describe(s.event)}", highlight=False)
        if s.event.get("type") in ("play", "negate", "pass", "end", "claim", "vote"):
            if s.event.get("type") in ("play", "negate", "pass") or s.game.finished:
                render.board(s.game)
                render.scores(s.game)
                if interactive:
                    click.pause("(press a key for the next turn)")

    engine = make_engine(timeout, minimise=False)
    try:
        report = run_replay(record, engine, derivation_checker(engine), on_step)
    finally:
        if engine is not None:
            engine.close()
    game = report.game
    if as_json:
        click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        render.board(game)
        render.scores(game)
        if game.finished:
            line = f"{game.winner} wins" if game.winner else "a draw"
            console.print(f"Game over: {line}. {game.end_reason}.")
        else:
            console.print(f"Unfinished: {game.player} to play (turn {game.turn}).")
        if report.agrees:
            console.print(f"Today's referee agrees with all {len(record.events)} events.")
        else:
            console.print(
                f"[red]Today's referee disagrees with the record at "
                f"{len(report.disagreements)} point(s).[/red]"
            )
    if not report.agrees:
        sys.exit(2)
