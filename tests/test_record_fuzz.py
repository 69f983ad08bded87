"""Any file handed over as a game record is read cleanly: a record or a RecordError, never
a traceback, whatever was changed in it (types, values, nesting, control characters)."""

import json
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli.main import main
from referee.palmer.records import GAME
from referee.table.errors import RecordError
from referee.table.record import loads

GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"
RECORD = json.loads((GAMES / "naming-and-negation.json").read_text(encoding="utf-8"))
V1 = json.loads((Path(__file__).parent / "data" / "v1-points-win.json").read_text(encoding="utf-8"))

HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "[/oops]", "\x1b[2J", "play[/oops]", "∀x", "9" * 5000, "claim", "vote"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(
        st.sampled_from(["type", "player", "text", "status"]), st.text(max_size=5), max_size=3
    ),
)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


ALL_PATHS = list(paths(RECORD))[1:]
V1_PATHS = list(paths(V1))[1:]


def mutate(data, path, value, delete):
    data = json.loads(json.dumps(data))
    node = data
    for key in path[:-1]:
        node = node[key]
    if delete and isinstance(node, dict):
        node.pop(path[-1], None)
    else:
        node[path[-1]] = value
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(ALL_PATHS) - 1), HOSTILE, st.booleans(), st.booleans())
def test_a_mutated_record_is_read_or_refused_cleanly(index, value, delete, old):
    source, where = (V1, V1_PATHS) if old else (RECORD, ALL_PATHS)
    path = where[index % len(where)]
    text = json.dumps(mutate(source, path, value, delete), ensure_ascii=False)
    try:
        loads(text, GAME)
    except RecordError as exc:
        assert exc.message.strip()


def test_deeply_nested_and_non_json_files_are_refused():
    for text in ["[" * 100_000, '{"a":' * 5000, "", "\x00\x01", "null", "[]", '"x"']:
        try:
            loads(text, GAME)
        except RecordError:
            continue
        raise AssertionError(f"accepted {text[:20]!r}")


def test_the_command_line_names_the_problem(tmp_path):
    bad = mutate(RECORD, ("events", 2, "targets"), "[/oops]", False)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    for args in (
        ["replay", str(path)],
        ["replay", "--json", str(path)],
        ["play", "--record", str(path)],
    ):
        result = CliRunner().invoke(main, args, input="")
        assert result.exit_code == 1, result.output
        assert "event 3" in result.output and "Traceback" not in result.output
