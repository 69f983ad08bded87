"""A record file's text is the record's JSON indented by one space, whatever made it: the
events' texts are kept between writes (a record is written whole after every event), and
the file must be the same as if each were encoded again."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from listed import names, needs_legal, options, registration

from referee.client.house import new_record
from referee.table.computer import Computer, legal
from referee.table.record import dumps, loads
from referee.table.session import Session


def plain(record, game) -> str:
    return json.dumps(record.to_json(game), ensure_ascii=False, indent=1) + "\n"


@pytest.mark.parametrize("name", names())
def test_the_file_is_the_records_json_after_every_event(name):
    game = registration(name)
    needs_legal(game)
    session = Session(new_record(game, options(game), (), None), game.language())
    assert dumps(session.record, session.game) == plain(session.record, session.game)
    rng = random.Random(3)
    for step in range(12):
        movers = [p for p in session.game.players if legal(game.view(session.game, p))]
        if not movers:
            break
        seat = movers[0]
        session.execute(rng.choice(legal(game.view(session.game, seat))), seat)
        if step == 6:  # a move taken back: kept in the record's "undone"
            session.execute("undo", seat)
        record = replace(
            session.record, match=2, computers=(Computer(session.game.players[-1], 1),)
        )
        for kept in (session.record, record):
            text = dumps(kept, session.game)
            assert text == plain(kept, session.game)
            assert loads(text, game.kind)[0] == kept
