"""Hard limits: a stuck or greedy worker is killed and replaced, never waited for."""

import time

import pytest

from referee.logic.worker import Pool


@pytest.fixture(scope="module")
def pool():
    p = Pool(size=1, memory_mb=600)
    p.warm()
    yield p
    p.close()


def test_round_trip(pool):
    assert pool.run("ping", {}, 5.0)["status"] == "pong"


def test_hanging_task_is_killed_at_the_deadline(pool):
    before = pool.run("ping", {}, 5.0)["pid"]
    t = time.monotonic()
    assert pool.run("sleep", {"seconds": 30}, 0.3) == {"status": "timeout"}
    assert time.monotonic() - t < 0.6
    after = pool.run("ping", {}, 5.0)
    assert after["status"] == "pong" and after["pid"] != before


def test_memory_is_capped(pool):
    r = pool.run("allocate", {"megabytes": 2000}, 10.0)
    assert r["status"] in ("error", "crashed")
    assert pool.run("ping", {}, 5.0)["status"] == "pong"


def test_cancelled_task_does_not_delay_the_next(pool):
    task = pool.submit(0, "sleep", {"seconds": 30})
    pool.cancel(0, task)  # a sleeping task ignores this, so the pool must kill it
    t = time.monotonic()
    assert pool.run("ping", {}, 5.0)["status"] == "pong"
    assert time.monotonic() - t < 0.6
