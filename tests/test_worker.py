"""Hard limits: a stuck or greedy worker is killed and replaced, never waited for."""

import time

import pytest

from referee.logic.tasks import Allocate, Death, EventKind, Failed, Ping, Pong, Sleep
from referee.logic.worker import Pool


@pytest.fixture(scope="module")
def pool():
    with Pool(size=1, memory_mb=600) as p:
        p.warm()
        yield p


def test_round_trip(pool):
    event = pool.run(Ping(), 5.0)
    assert event.kind == EventKind.DONE and isinstance(event.result, Pong)


def test_hanging_task_is_killed_at_its_budget(pool):
    before = pool.run(Ping(), 5.0).result.pid
    t = time.monotonic()
    event = pool.run(Sleep(30), 0.3)
    assert event.kind == EventKind.DIED and event.death == Death.DEADLINE
    assert time.monotonic() - t < 0.8
    after = pool.run(Ping(), 5.0).result
    assert isinstance(after, Pong) and after.pid != before


def test_memory_is_capped(pool):
    event = pool.run(Allocate(2000), 10.0)
    assert event.kind == EventKind.DIED or isinstance(event.result, Failed)
    assert "without hitting the cap" not in getattr(event.result, "error", "")
    assert isinstance(pool.run(Ping(), 5.0).result, Pong)


def test_cancelled_task_does_not_delay_the_next(pool):
    task = pool.submit(Sleep(30), 30)
    pool.cancel(task)  # a sleeping task ignores this, so the pool must kill it
    t = time.monotonic()
    assert isinstance(pool.run(Ping(), 5.0).result, Pong)
    assert time.monotonic() - t < 0.8


def test_one_worker_runs_queued_tasks_in_turn():
    """With one worker a second task waits for the first instead of displacing it."""
    with Pool(size=1, memory_mb=600) as one:
        first = one.submit(Sleep(0.2), 5.0)
        second = one.submit(Ping(), 5.0)
        done = {
            e.task: e
            for e in one.events([first, second], time.monotonic() + 5.0)
            if e.kind == EventKind.DONE
        }
    assert set(done) == {first, second}


def test_a_task_past_its_budget_frees_the_worker_for_the_next():
    with Pool(size=1, memory_mb=600) as one:
        stuck = one.submit(Sleep(30), 0.2)
        after = one.submit(Ping(), 5.0)
        t = time.monotonic()
        events = list(one.events([stuck, after], time.monotonic() + 5.0))
    kinds = {e.task: e.kind for e in events}
    assert kinds == {stuck: EventKind.DIED, after: EventKind.DONE}
    assert time.monotonic() - t < 2.0
