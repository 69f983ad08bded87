"""The web table on the server side (Starlette's TestClient, no browser).

Every game's pages and views for every seat; the command door (a seat acts
only for its own player); the headers; the seat URLs surviving a restart;
and the secrets: across whole scripted games, nothing sent to a seat or a
spectator holds what that seat may not see.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import stat
from importlib import resources

import listed
import pytest
from starlette.testclient import TestClient
from stuck_engine import StuckEngine
from webtable import Views, club_table, defaults, held, next_move, table

from referee.table.record import loads
from referee.table.registry import Phones
from referee.web.games import GAMES
from referee.web.help import COMMON, TAP, help_lines
from referee.web.seats import key_path, load_key, token
from referee.web.table import plain_card

GAME_NAMES = tuple(listed.names())  # every game of the one list


def path_of(url: str) -> str:
    return url.split("testserver", 1)[1]


def post(client, url, line: str) -> dict:
    r = client.post(path_of(url) + "/command", content=line.encode("utf-8"))
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_page_and_view_of_every_seat(tmp_path, game):
    app, _ = table(tmp_path, game)
    client = TestClient(app.app)
    urls = app.urls()
    assert set(urls["seats"]) == set(app.table.players)
    for name, url in urls["seats"].items():
        assert url.rsplit("/", 1)[1] == app.doors.of(app.doors.find(url.rsplit("/", 1)[1]))
        page = client.get(path_of(url))
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert "default-src 'none'" in page.headers["content-security-policy"]
        view = client.get(path_of(url) + "/view").json()
        assert view["game"] == game and view["role"] == "seat"
        assert view["you"]["name"] == name
        assert [p["name"] for p in view["players"] if p["you"]] == [name]
    for which in ("table", "spectator"):
        view = client.get(path_of(urls[which]) + "/view").json()
        assert "you" not in view and not any(p["you"] for p in view["players"])
    table_view = client.get(path_of(urls["table"]) + "/view").json()
    # Seats that have opened their page drop off the table screen's codes.
    assert all(s["joined"] and "url" not in s for s in table_view["seats"])
    assert "seats" not in client.get(path_of(urls["spectator"]) + "/view").json()


def test_the_table_screen_shows_codes_only_for_seats_without_a_phone(tmp_path):
    app, _ = table(tmp_path, "cogito")
    client = TestClient(app.app)
    urls = app.urls()
    seats = client.get(path_of(urls["table"]) + "/view").json()["seats"]
    assert [s["url"] for s in seats] == list(urls["seats"].values())
    assert all(s["qr"].startswith("data:image/svg+xml") for s in seats)
    client.get(path_of(urls["seats"]["bob"]) + "/view")
    seats = client.get(path_of(urls["table"]) + "/view").json()["seats"]
    assert [s["name"] for s in seats if not s["joined"]] == ["ann", "cat"]


def test_unknown_tokens_and_doors_are_404(tmp_path):
    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    urls = app.urls()
    seat = path_of(urls["seats"]["ann"])
    fake = seat[:-3] + ("aaa" if not seat.endswith("aaa") else "bbb")
    assert client.get(fake).status_code == 404
    assert client.get(fake + "/view").status_code == 404
    assert client.post(fake + "/command", content=b"e5").status_code == 404
    # A table or spectator token is not a seat, and a seat token is not the table.
    assert client.post(path_of(urls["table"]) + "/command", content=b"e5").status_code == 404
    assert client.post(path_of(urls["spectator"]) + "/command", content=b"e5").status_code == 404
    assert client.get("/table/" + seat.rsplit("/", 1)[1]).status_code == 404
    assert client.get("/static/../seats.py").status_code == 404
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404


def test_the_served_games_own_drawing_comes_from_its_package(tmp_path):
    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    page = client.get(path_of(app.urls()["seats"]["ann"])).text
    assert '<script src="/static/game/draw.js"></script>' in page
    assert '<link rel="stylesheet" href="/static/game/style.css">' in page
    assert 'data-title="Ergo (Invicta)"' in page
    package = resources.files(app.table.web_game.registration.drawing)
    for name, kind in (("draw.js", "text/javascript"), ("style.css", "text/css")):
        answer = client.get("/static/game/" + name)
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind)
        assert answer.text == package.joinpath("web", name).read_text("utf-8")
    for wrong in ("app.js", "../registration.py", "%2e%2e/registration.py", "nothing.js"):
        assert client.get("/static/game/" + wrong).status_code == 404


def test_help_on_a_phone_is_the_games_own_or_else_says_to_tap_a_move(tmp_path):
    app, _ = table(tmp_path, "ergo")
    phones = app.table.web_game.registration.phones
    said = app.table.command("ann", "help")
    assert said.ok and said.messages[: len(phones.rules)] == phones.rules
    assert said.messages[len(phones.rules) : -len(COMMON)] == phones.help
    # A game that declares nothing for phones is still helped: tap a move, or type it.
    plain = dataclasses.replace(app.table.web_game.registration, phones=Phones())
    assert help_lines(plain) == TAP + COMMON


def test_hand_on_a_phone_is_the_seats_own_in_the_games_words_or_plainly(tmp_path):
    app, _ = table(tmp_path, "cogito")
    hand = app.table.view("bob")["you"]["hand"]
    said = app.table.command("bob", "hand")
    assert said.ok and said.messages == (
        "your hand: " + "  ".join(f"{c['number']}: {c['card']}" for c in hand),
    )
    # A game that declares no words for a card: its number and name as its view gives them.
    web_game = app.table.web_game
    phones = dataclasses.replace(web_game.registration.phones, hand=None)
    registration = dataclasses.replace(web_game.registration, phones=phones)
    terminal = dataclasses.replace(web_game.terminal, game=registration)
    app.table.web_game = dataclasses.replace(web_game, terminal=terminal)
    assert app.table.command("bob", "hand") == said
    assert plain_card({"number": 3, "kind": "R", "label": "R likes"}) == "3: R likes"
    assert plain_card({"side": "white"}) == '{"side": "white"}'
    assert not app.table.command("bob", "hand ann").ok  # never another seat's


def test_a_seat_speaks_only_for_its_own_player(tmp_path):
    app, _ = table(tmp_path, "cogito")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    assert app.table.session.game.current == "ann"
    refused = post(client, seats["bob"], "play 1")
    assert not refused["ok"] and "ann's turn" in refused["messages"][0]
    assert not post(client, seats["bob"], "play ann 1")["ok"]
    assert not post(client, seats["bob"], "hand ann")["ok"]
    assert not post(client, seats["bob"], "cogito ann Salmon")["ok"]
    assert not post(client, seats["bob"], "quit")["ok"]
    assert not post(client, seats["bob"], "undo")["ok"]  # nothing of bob's to take back
    assert app.table.session.record.events == ()
    done = post(client, seats["ann"], "play 1")
    assert done["ok"] and done["messages"]
    assert len(app.table.session.record.events) == 1
    assert not post(client, seats["bob"], "undo")["ok"]  # ann's move, not bob's
    # ... and not ann's either: the card's colour showed the table something hidden.
    assert not post(client, seats["ann"], "undo")["ok"]
    assert len(app.table.session.record.events) == 1


def test_undo_is_the_movers_alone(tmp_path):
    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    assert post(client, seats["ann"], "e5")["ok"]
    refused = post(client, seats["bob"], "undo")
    assert not refused["ok"] and "ann" in refused["messages"][0]
    assert post(client, seats["ann"], "undo")["ok"]
    assert app.table.session.record.events == ()


def test_ergo_fallacy_may_name_another_player_but_only_on_ones_turn(tmp_path):
    app, _ = table(tmp_path, "ergo")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    answer = post(client, seats["bob"], "fallacy ann")
    assert not answer["ok"] and "ann's turn" in answer["messages"][0]
    assert not post(client, seats["ann"], "hand bob")["ok"]


def test_bad_bodies_are_refused_with_a_reason(tmp_path):
    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    seat = path_of(app.urls()["seats"]["ann"])
    r = client.post(seat + "/command", content=b"\xff\xfe")
    assert r.status_code == 400 and r.json()["ok"] is False
    r = client.post(seat + "/command", content=b"e" * 10_000)
    assert r.status_code == 413 and r.json()["ok"] is False
    r = client.post(seat + "/command", content=b"e5\ne6")
    assert r.json()["ok"] is False
    assert client.post(seat + "/command", content=b"e5").json()["ok"]


def test_the_record_is_saved_before_the_answer_and_resumes_with_play(tmp_path):
    app, path = table(tmp_path, "invicta")
    client = TestClient(app.app)
    assert post(client, app.urls()["seats"]["ann"], "e5")["ok"]
    _, game = loads(path.read_text(encoding="utf-8"), GAMES["invicta"].kind)
    assert game.moves == 1
    assert not post(client, app.urls()["seats"]["ann"], "e6")["ok"]  # bob's move now


def test_seat_urls_survive_a_restart_and_the_key_is_private(tmp_path):
    record = tmp_path / "game.json"
    key = load_key(record)
    assert stat.S_IMODE(os.stat(key_path(record)).st_mode) == 0o600
    assert load_key(record) == key
    assert token(key, "seat:ann") == token(load_key(record), "seat:ann")
    assert token(key, "seat:ann") != token(key, "seat:bob")
    assert len(token(key, "table")) >= 43
    other = tmp_path / "other.json"
    assert token(load_key(other), "seat:ann") != token(key, "seat:ann")


def test_palmer_statement_check_points_at_the_fault(tmp_path):
    app, _ = table(tmp_path, "palmer")
    client = TestClient(app.app)
    seat = path_of(app.urls()["seats"]["ann"]) + "/check"
    bad = client.post(seat, json={"cards": [], "text": "∀x (blonde(x) ∧"}).json()
    assert not bad["ok"] and bad["stage"] == "parse" and bad["column"] >= 1
    good = client.post(seat, json={"cards": [], "text": "∀x blonde(x)"}).json()
    assert good["ok"] and good["statement"]
    cards = client.post(seat, json={"cards": ["9"], "text": "x"}).json()
    assert cards["stage"] == "cards" and "refusal" not in cards  # worded on the server
    assert cards["message"] == "card '9' is not one of your cards"
    keys = {"ok", "stage", "message", "column", "width", "statement"}  # docs/web.md's shape
    assert all(set(answer) == keys for answer in (bad, good, cards))
    assert bad["statement"] is None and cards["statement"] is None
    assert client.post(seat, content=b"nonsense").status_code == 400


# ----------------------------------------------------------------- secrets


def _secret_free(text: str, secrets: set[str]) -> None:
    for secret in secrets:
        assert secret not in text, f"{secret!r} leaked: {text[:300]}"


def _strip_public_deck(data):
    """A view without the deck's list of every Self card and its diagram (public, and they
    name them all), and without a seat's legal COGITO lines (one per Self card it does not
    see elsewhere, whatever its own: the non-interference test below holds them to that)."""
    if isinstance(data, dict):
        out = {k: _strip_public_deck(v) for k, v in data.items() if k not in PUBLIC_DECK}
        if isinstance(out.get("legal"), list):
            out["legal"] = [line for line in out["legal"] if not line.startswith("cogito ")]
        return out
    if isinstance(data, list):
        return [_strip_public_deck(v) for v in data]
    return data


PUBLIC_DECK = {"self_cards", "diagram"}


@pytest.mark.parametrize("at_club", (False, True), ids=("serve", "club"))
def test_cogito_whole_game_sends_no_seat_its_own_self_card(tmp_path, at_club):
    """Every page, view, WebSocket frame and answer, for every seat and the spectator, at
    a table of its own and at a club's."""
    app, _ = (club_table if at_club else table)(tmp_path, "cogito")
    client = TestClient(app.app)
    urls = app.urls()
    game = app.table.session.game
    doors = {**{p: urls["seats"][p] for p in app.table.players}, None: urls["spectator"]}

    # A Self card with copies among the game cards (the Ego) is said aloud when one is
    # played; the non-interference test below covers it.
    pile = game.diagram.pile()
    copies = {n for n in game.diagram.self_names if pile.count(n) > 1}

    def hidden(seat):
        g = app.table.session.game
        if g.finished:
            return set()
        return {
            s.self_card
            for s in g.seats
            if not s.revealed and (seat is None or s.name == seat) and s.self_card not in copies
        }

    def check(seat, text):
        data = _strip_public_deck(json.loads(text))
        _secret_free(json.dumps(data, ensure_ascii=False), hidden(seat))

    sockets = {seat: client.websocket_connect(path_of(url) + "/ws") for seat, url in doors.items()}
    opened = {seat: ws.__enter__() for seat, ws in sockets.items()}
    try:
        for seat, ws in opened.items():
            check(seat, json.dumps(ws.receive_json()))
        views = Views(app)
        steps = 0
        while (move := next_move("cogito", views)) is not None:
            seat, command = move
            before = app.table.snapshot.version
            answer = client.post(path_of(doors[seat]) + "/command", content=command.encode())
            assert answer.json()["ok"], (command, answer.json())
            if not app.table.session.game.finished:
                check(seat, answer.text)
            target = app.table.snapshot.version
            for who, ws in opened.items():
                while target != before:
                    frame = ws.receive_json()
                    if not app.table.session.game.finished:
                        check(who, json.dumps(frame))
                    if frame["type"] == "view" and frame["view"]["version"] == target:
                        break
                _secret_free(client.get(path_of(doors[who])).text, hidden(who))
                check(who, client.get(path_of(doors[who]) + "/view").text)
            steps += 1
        assert app.table.session.game.finished and steps > 10
        assert hidden(None) == set()
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)


def _mutations(game_name: str, game, seat: str | None):
    """Copies of ``game`` that differ only in what ``seat`` may not see."""
    if game_name == "cogito":
        unseen = [s for s in game.seats if not s.revealed and (seat is None or s.name == seat)]
        spare = [n for n in game.diagram.self_names if n not in {s.self_card for s in game.seats}]
        for s in unseen:
            if spare:
                g = copy.deepcopy(game)
                g.seat(s.name).self_card = spare[0]
                yield g
        for s in game.seats:
            if s.name != seat:
                g = copy.deepcopy(game)
                g.seat(s.name).hand = list(reversed(g.seat(s.name).hand))[:1] + ["Dream"] * (
                    len(s.hand) - 1
                )
                if s.name in g.giving:
                    g.giving[s.name] = "Dream"
                yield g
        g = copy.deepcopy(game)
        g.pile = list(reversed(g.pile))
        yield g
    elif game_name in ("palmer", "ergo"):
        pile = "pile" if game_name == "ergo" else "draw_pile"
        cards = list(getattr(game, pile))
        for other in game.players:
            if other != seat and game.hands.get(other) and cards:
                g = copy.copy(game)  # only the hands and the pile are replaced below
                g.hands = {p: list(h) for p, h in game.hands.items()}
                g.hands[other] = [cards[-1]] * len(game.hands[other])
                yield g
        g = copy.copy(game)
        setattr(g, pile, list(reversed(cards)))
        yield g


@pytest.mark.parametrize("game_name", ("cogito", "palmer", "ergo"))
def test_views_do_not_depend_on_what_the_seat_may_not_see(tmp_path, game_name):
    """Non-interference over a whole scripted game: change another player's hand, the pile,
    a seat's own Self card (Cogito) and every view that may not show them stays the same."""
    app, _ = club_table(tmp_path, game_name)  # a club's table: its views are a table's
    web_game = GAMES[game_name]
    views = Views(app)
    steps = 0
    while True:
        game = app.table.session.game
        for seat in (*app.table.players, None):
            seen = web_game.view(game, seat)
            for changed in _mutations(game_name, game, seat):
                assert web_game.view(changed, seat) == seen, (steps, seat)
        move = next_move(game_name, views)
        if move is None or steps > 120:
            break
        answer = app.table.command(*move)
        assert answer.ok, (move, answer)
        steps += 1
    assert steps > 10


# What a page's /view adds to the game's own view: the table's clock, its log and the door.
RUNTIME_KEYS = {
    "version",
    "epoch",
    "thinking",
    "log",
    "ending",
    "role",
    "computers",
    "match",
    "rematch",
    "undo_request",
    "undoable",
}


@pytest.mark.parametrize("at_club", (False, True), ids=("serve", "club"))
@pytest.mark.parametrize("game_name", ("palmer", "ergo"))
def test_dealt_hands_reach_only_their_owner(tmp_path, game_name, at_club):
    """Across a scripted game, each seat's view holds its own hand and no one else's;
    the spectator's holds none; no answer or ruling shows another player's hand (at a
    table of its own and at a club's)."""
    app, _ = (club_table if at_club else table)(tmp_path, game_name)
    client = TestClient(app.app)
    urls = app.urls()
    views = Views(app)
    steps = 0
    while (move := next_move(game_name, views)) is not None and steps < 80:
        seat, command = move
        answer = post(client, urls["seats"][seat], command)
        assert answer["ok"], (command, answer)
        for other in app.table.players:
            if other != seat:
                assert not any(f"{other}'s hand" in m for m in answer["messages"])
        game = app.table.session.game
        for who in app.table.players:
            view = client.get(path_of(urls["seats"][who]) + "/view").json()
            # What went over the wire is the game's view for that seat and nothing more
            # (the view itself is shown blind to others' hands by the non-interference test).
            sent = {k: v for k, v in view.items() if k not in RUNTIME_KEYS}
            expected = json.loads(json.dumps(GAMES[game_name].view(game, who)))
            if game.finished:  # then the table's own move, rematch, is the seat's legal one
                sent["you"].pop("legal", None)
                expected["you"].pop("legal", None)
            assert sent == expected, who
            own = [c.get("number") for c in view["you"]["hand"]]
            assert own == list(range(1, len(game.hands[who]) + 1))
            assert "hand" not in json.dumps(view["log"])
        spectator = client.get(path_of(urls["spectator"]) + "/view").json()
        assert "you" not in spectator
        steps += 1
    assert steps > 10


def test_options_of_serve_are_plays_less_the_secret_showing_ones():
    for name, web_game in GAMES.items():
        names = {p.name for p in web_game.options()}
        assert "record_path" in names
        assert not names & {"show_secrets", "show_hands"}, name
    assert defaults("cogito")["players"] == "ann,bob,cat"


def test_while_the_referee_thinks_every_page_is_told_and_the_server_keeps_answering(tmp_path):
    """A slow command (a claim the engine settles) runs off the event loop: the views say
    the referee is thinking, a WebSocket is told at once, and other requests are served."""
    import threading

    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    urls = app.urls()
    started, release = held(app.table)
    with client.websocket_connect(path_of(urls["seats"]["bob"]) + "/ws") as ws:
        assert ws.receive_json()["type"] == "view"
        answers = []
        mover = threading.Thread(
            target=lambda: answers.append(post(client, urls["seats"]["ann"], "e5"))
        )
        mover.start()
        try:
            assert started.wait(10)
            frame = ws.receive_json()
            while frame["type"] == "view":  # bob's own arrival, told to every page
                assert frame["view"]["board"] == {}
                frame = ws.receive_json()
            assert frame == {"type": "thinking"}
            for who in (urls["seats"]["bob"], urls["spectator"]):
                assert client.get(path_of(who) + "/view").json()["thinking"] is True
        finally:
            release.set()
            mover.join(10)
        view = ws.receive_json()
        while view["view"]["version"] < app.table.snapshot.version:
            view = ws.receive_json()
        assert view["view"]["thinking"] is False and "e5" in view["view"]["board"]
    assert answers and answers[0]["ok"]


def test_serve_starts_a_game_as_play_does_with_the_name_rule():
    """serve makes a new record through play's own path (the registration, then check_new)."""
    from referee.client.common import InputError

    with pytest.raises(InputError, match="'ann' and 'ANN' are the same name"):
        GAMES["ergo"].start({"players": "ann,ANN"})
    with pytest.raises(InputError, match="name the players"):
        GAMES["cogito"].start({})
    record = GAMES["invicta"].start({"white": "wendy", "black": "bert"})
    assert (record.setup.white, record.setup.black) == ("wendy", "bert")


def test_a_seats_line_is_refused_by_the_command_language_itself(tmp_path):
    """The web keeps no rules of its own about who may say what: each refusal a phone
    gets is the one ``Session.execute(line, seat)`` gives for that seat."""
    from referee.table.session import Refused, Session

    app, _ = table(tmp_path, "cogito")
    record = app.table.session.record
    for seat, line in (
        ("bob", "play 1"),
        ("bob", "hand ann"),
        ("bob", "quit"),
        ("bob", "undo"),
        ("bob", "cogito bob ann"),
    ):
        said = Session(record, type(app.table.session.commands)()).execute(line, seat)
        assert isinstance(said[0], Refused), line
        answer = app.table.command(seat, line)
        assert not answer.ok and said[0].message in answer.messages[0], (line, answer)
    assert app.table.session.record.events == ()


def test_a_player_named_in_another_form_is_still_that_player(tmp_path):
    """The games match names by NFKC and case (ｂｏｂ is bob): so must the seat check, or
    ann's phone could declare COGITO for bob by writing his name in full-width letters."""
    app, _ = table(tmp_path, "cogito")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    for line in (
        "cogito ａｎｎ ｂｏｂ",
        "cogito ｂｏｂ",
        "cogito BOB",
        "play ｂｏｂ 1",
        "hand ｂｏｂ",
    ):
        answer = post(client, seats["ann"], line)
        assert not answer["ok"] and "bob" in answer["messages"][0], (line, answer)
    assert not app.table.session.game.calling
    assert app.table.session.record.events == ()


def test_a_card_placement_that_breaks_a_rule_is_answered_not_ok(tmp_path):
    """Ergo refuses a placement with its own outcome (the premise and the broken rule);
    a script reading ``ok`` must see the refusal, and nothing is recorded."""
    app, _ = table(tmp_path, "ergo", mode="table")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    answer = post(client, seats["ann"], "play AND")
    assert not answer["ok"] and "operator" in " ".join(answer["messages"])
    assert app.table.session.record.events == ()
    assert post(client, seats["ann"], "play A")["ok"]
    assert not post(client, seats["ann"], "play A at 1:1")["ok"]
    assert len(app.table.session.record.events) == 1


@pytest.mark.parametrize(
    ("game", "extra"), [("palmer", {"mode": "table"}), ("ergo", {"mode": "table"}), ("invicta", {})]
)
def test_hand_where_the_referee_holds_no_hands_is_refused_as_at_the_terminal(tmp_path, game, extra):
    app, _ = table(tmp_path, game, **extra)
    client = TestClient(app.app)
    seat = app.urls()["seats"]["ann"]
    answer = post(client, seat, "hand")
    assert not answer["ok"] and "empty" not in answer["messages"][0], answer
    if game != "invicta":
        assert "table mode" in answer["messages"][0]


def test_hand_in_a_dealt_game_is_the_seats_own(tmp_path):
    app, _ = table(tmp_path, "palmer", mode="dealt")
    client = TestClient(app.app)
    answer = post(client, app.urls()["seats"]["ann"], "hand")
    hand = app.table.session.game.hand("ann")
    assert answer["ok"] and answer["messages"][0].startswith("your hand: 1: ")
    assert len(answer["messages"][0].split("  ")) == len(hand)


def test_the_claimant_does_not_vote_on_their_own_claim(tmp_path):
    """A claim must convince the others: at a terminal the table agrees aloud and one of
    them types the verdict; a phone speaks alone, so the claimant's may not vote."""
    from referee.logic.engine import Limits

    with StuckEngine(5.0, Limits(timeout=1)) as engine:  # every claim undetermined
        app, _ = table(
            tmp_path,
            "palmer",
            engine=engine,
            mode="table",
            timeout=1,
            house=("vote_on_undetermined=yes",),
        )
        client = TestClient(app.app)
        seats = app.urls()["seats"]
        assert post(client, seats["ann"], "play happy : ∀x happy(x)")["ok"]
        assert post(client, seats["bob"], "play happy : ∃x happy(x)")["ok"]
        assert post(client, seats["ann"], "claim 2")["ok"]
        assert app.table.session.game.pending is not None
        assert not app.table.view("ann")["you"]["vote"] and app.table.view("bob")["you"]["vote"]
        assert app.table.view(None)["vote"]["asked"] == ["bob"]  # the table screen says who
        for verdict in ("vote yes", "v yes", "VOTE no"):
            refused = post(client, seats["ann"], verdict)
            assert not refused["ok"] and "others" in refused["messages"][0]
        assert app.table.session.game.pending is not None
        assert post(client, seats["bob"], "vote no")["ok"]
        assert app.table.session.game.pending is None
        assert app.table.session.game.scores["ann"] == 0


def test_a_cogito_declared_alone_is_undone_by_its_declarer_only(tmp_path):
    """Undo may take back a COGITO declared but not yet named (rulings: undo in every
    game); on the web that is the declarer's alone, as any move of theirs."""
    app, _ = table(tmp_path, "cogito")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    assert post(client, seats["bob"], "cogito bob")["ok"]
    assert app.table.session.game.calling == ["bob"]
    refused = post(client, seats["ann"], "undo")
    assert not refused["ok"] and "bob" in refused["messages"][0]
    assert post(client, seats["bob"], "undo")["ok"]
    assert not app.table.session.game.calling and app.table.session.record.events == ()


def test_every_answer_carries_the_security_headers_starlettes_own_too(tmp_path, monkeypatch):
    """Not only the routes' answers: an unknown path (404), a wrong method (405) and a
    fault (500) come from Starlette itself, and must carry the CSP just the same."""
    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app, raise_server_exceptions=False)
    seat = path_of(app.urls()["seats"]["ann"])
    answers = [
        client.get("/"),
        client.get("/static/../app.py"),
        client.get("/static/%2e%2e/app.py"),
        client.post("/static/app.js"),
        client.get(seat + "/command"),
        client.put(seat + "/command", content=b"e5"),
        client.post(seat),
    ]

    def broken(seat):
        raise RuntimeError("a fault")

    monkeypatch.setattr(app.table, "view", broken)
    answers.append(client.get(seat + "/view"))
    assert [a.status_code for a in answers] == [404, 404, 404, 405, 405, 405, 405, 500]
    for answer in answers:
        assert "default-src 'none'" in answer.headers["content-security-policy"], answer.url
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert "a fault" not in answer.text


def test_the_game_ends_when_every_player_has_said_end(tmp_path):
    """One phone cannot end the game (its player might lead): each end is answered with
    who is still asked, every screen shows it, and a move in between forgets it."""
    app, _ = table(tmp_path, "ergo", mode="table")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    asked = post(client, seats["ann"], "end I must go")
    assert asked["ok"] and "bob" in asked["messages"][0]
    assert not app.table.session.game.finished and app.table.session.record.events == ()
    spectator = client.get(path_of(app.urls()["spectator"]) + "/view").json()
    assert spectator["ending"] == ["ann"] and "bob" in spectator["log"][0]
    assert post(client, seats["ann"], "discard")["ok"]  # play goes on: the wish is forgotten
    assert app.table.ending == {}
    assert post(client, seats["bob"], "stop")["ok"]
    assert not app.table.session.game.finished
    done = post(client, seats["ann"], "end")
    assert done["ok"] and app.table.session.game.finished
    assert app.table.session.record.events[-1].reason == ""  # bob's words: he asked first
    refused = post(client, seats["bob"], "end")
    assert not refused["ok"] and "over" in refused["messages"][0]


def test_a_cogito_tie_waits_for_every_player_still_in(tmp_path):
    app, _ = table(tmp_path, "cogito")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    refused = post(client, seats["ann"], "end")  # not the last call: the game says why
    assert not refused["ok"] and "every hand is empty" in refused["messages"][0]
    assert app.table.ending == {}


def test_at_cogitos_last_call_the_tie_waits_for_every_player_still_in(tmp_path):
    """At the last call any player still in may yet declare COGITO: each one's end is
    asked for, and the game ends (a tie) only with the last of them."""
    app, _ = table(tmp_path, "cogito")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    views = Views(app)
    game = app.table.session.game
    while not app.table.web_game.enders(game):
        seat, command = next_move("cogito", views)
        assert post(client, seats[seat], command)["ok"], command
        game = app.table.session.game
    enders = app.table.web_game.enders(game)
    assert len(enders) > 1
    for number, seat in enumerate(enders, 1):
        answer = post(client, seats[seat], "tie" if number == 1 else "end")
        assert answer["ok"], answer
        if number < len(enders):
            assert not app.table.session.game.finished
            assert app.table.view(None)["ending"] == list(enders[:number])
            assert enders[-1] in answer["messages"][0]
            again = post(client, seats[seat], "end")  # asked twice: still waiting
            assert again["ok"] and not app.table.session.game.finished
    assert app.table.session.game.finished
    assert app.table.view(None)["ending"] == []


def test_palmer_offers_the_places_of_a_negation_to_the_player_with_a_negate(tmp_path):
    """The player to play with a ¬ to place is offered, for each board statement, what
    a ¬ makes of it (as ``negate N`` lists them); the place tapped is ``negate N K``."""
    app, _ = table(tmp_path, "palmer", mode="table")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    assert post(client, seats["ann"], "play blonde : ∃x blonde(x)")["ok"]
    bob = client.get(path_of(seats["bob"]) + "/view").json()["you"]
    ann = client.get(path_of(seats["ann"]) + "/view").json()["you"]
    assert ann["negations"] == []  # not ann's turn
    [entry] = bob["negations"]
    assert entry["id"] == 1 and "¬∃x blonde(x)" in entry["places"]
    listed = post(client, seats["bob"], "negate 1")["messages"]
    assert all(any(place in m for m in listed) for place in entry["places"])
    k = entry["places"].index("∃x ¬blonde(x)") + 1
    answer = post(client, seats["bob"], f"negate 1 {k}")
    assert answer["ok"], answer
    assert app.table.view(None)["board"][0]["statement"] == "∃x ¬blonde(x)"


def test_palmer_offers_negation_places_only_with_a_negate_in_hand(tmp_path):
    """Dealt: the places are offered only to the player to play holding a ¬ card."""
    seen = set()
    for seed in range(1, 40):
        (tmp_path / str(seed)).mkdir()
        app, _ = table(tmp_path / str(seed), "palmer", seed=seed)
        seat, move = next_move("palmer", Views(app))
        if not move.startswith("play"):
            continue
        assert app.table.command(seat, move).ok
        player = app.table.session.game.player
        you = app.table.view(player)["you"]
        has = any(c["negate"] for c in you["hand"])
        assert bool(you["negations"]) == has
        seen.add(has)
        app.table.store.close()
        if seen == {True, False}:
            break
    assert seen == {True, False}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_help_on_a_phone_says_what_works_from_a_seat(tmp_path, game):
    """A seat's help is the web's own: no terminal-only words (``quit``, a hand shown
    to NAME alone), and every command it offers is one this game's language knows."""
    import re

    app, _ = table(tmp_path, game)
    client = TestClient(app.app)
    seat = app.table.players[0]
    for word in ("help", "?"):
        answer = post(client, app.urls()["seats"][seat], word)
        assert answer["ok"]
        text = "\n".join(answer["messages"])
        assert "tap" in text.lower()
        assert "quit" not in text and "to NAME alone" not in text and "hand NAME" not in text
    session = app.table.session
    known = set(session.commands.commands) | {"undo", "help", "rules"}
    for line in answer["messages"]:
        if not line.startswith("  "):
            continue
        for segment in re.split(r"\s{4}|\s\|\s", line.strip()):
            first = segment.split()[0]
            if game == "invicta" and re.fullmatch(r"[a-i][1-9](-[a-i][1-9])?", first):
                continue  # a move as it is written
            assert session.command_of(first) in known, (first, line)


def test_the_words_a_page_gets_hold_no_box_drawing(tmp_path):
    """A page wraps what it is sent; a terminal's table wrapped into broken box lines (the
    side log of a claim's why on the TV, a phone's ``cards``). Every table comes as lines:
    its title, then a row a line, each cell after its column's header."""
    from referee.client.said import Page, Said
    from referee.client.verdict_render import model_tables
    from referee.logic.model import Model

    app, _ = table(tmp_path, "palmer", mode="table")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    assert post(client, seats["ann"], "play happy : ∀x happy(x)")["ok"]
    for line in ("cards", "board"):
        words = post(client, seats["bob"], line)["messages"]
        assert not any(0x2500 <= ord(c) <= 0x257F for w in words for c in w), words
    assert "  #1; statement: ∀x happy(x); by: ann; cards: happy" in words
    model = Model(size=2, predicates={"happy": {(0,)}})
    out = Page()
    out.keep(Said.of(model_tables(model, {"happy": 1})))
    assert list(out.said().page[-3:]) == [
        "predicate happy",
        "  x: e0; happy(x): ✓",
        "  x: e1; happy(x): ·",
    ]


def test_invicta_a_position_come_round_is_told_on_every_screen(tmp_path):
    """Ruling 14 of Invicta: the prompt warns when the present position has occurred before
    (and which moves would bring one round the third time, a draw); the web never did."""
    from webtable import INVICTA_REPEATED

    app, _ = table(tmp_path, "invicta")
    for i, move in enumerate(INVICTA_REPEATED):
        assert app.table.command(("ann", "bob")[i % 2], move).ok, move
    assert app.table.session.game.repetitions == 2
    for seat in (None, "ann", "bob"):
        view = app.table.view(seat)
        assert view["repetitions"] == 2 and view["repeating"] == ["b2-a3"]
        assert view["repetition"] == [
            "This position has occurred 2 times: a third time is a draw",
            "Careful: b2-a3 would bring a position round the third time: a draw",
        ]
    assert app.table.command("bob", "b2-a3").ok  # the third time: a draw, nothing to warn of
    assert app.table.session.game.finished and app.table.view(None)["repetition"] == []


def test_every_page_hears_a_change_through_one_wake_up_of_the_server(tmp_path):
    """However many pages are open, the table tells them through one listener (one call
    into the event loop per change), and each page gets the new view."""
    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    urls = app.urls()
    doors = [urls["seats"]["ann"], urls["seats"]["bob"], urls["spectator"], urls["spectator"]]
    listeners = len(app.table.listeners)
    sockets = [client.websocket_connect(path_of(url) + "/ws") for url in doors]
    opened = [ws.__enter__() for ws in sockets]
    try:
        first = [ws.receive_json() for ws in opened]
        assert len(app.table.listeners) == listeners + 1
        assert post(client, urls["seats"]["ann"], "e4")["ok"]
        version = app.table.snapshot.version
        for ws, frame in zip(opened, first, strict=True):
            while frame["type"] != "view" or frame["view"]["version"] != version:
                frame = ws.receive_json()
            assert frame["view"]["board"]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    assert len(app.table.listeners) == listeners + 1 and app.pages == []


def test_a_move_whose_record_cannot_be_written_is_shown_to_nobody(tmp_path, monkeypatch):
    """The record is written while the move's views are made: when the write fails, the
    seat is told why, no page hears of the move, and the table is what the file holds."""
    from referee.table.store import RecordFile, StoreError

    app, path = table(tmp_path, "invicta")
    client = TestClient(app.app)
    urls = app.urls()
    assert post(client, urls["seats"]["ann"], "e4")["ok"]
    client.get(path_of(urls["seats"]["bob"]))  # bob's phone is here (the table screen is told)
    on_disk, snapshot = path.read_text(), app.table.snapshot
    heard: list[str] = []
    app.table.listeners.append(heard.append)

    def full(self, text):
        raise StoreError(f"{self.path}: cannot write the record (No space left on device)")

    monkeypatch.setattr(RecordFile, "write", full)
    answer = post(client, urls["seats"]["bob"], "e5")
    assert not answer["ok"] and "No space left" in answer["messages"][0]
    assert path.read_text() == on_disk
    assert len(app.table.session.record.events) == len(loads(on_disk, app.web_game.kind)[0].events)
    assert app.table.snapshot.seats == snapshot.seats  # the same views, every page told so
    assert [h for h in heard if h != "thinking"] == ["changed"]  # "thinking": a slow machine
    monkeypatch.undo()
    assert post(client, urls["seats"]["bob"], "e5")["ok"]
    assert len(loads(path.read_text(), app.web_game.kind)[0].events) == 2
