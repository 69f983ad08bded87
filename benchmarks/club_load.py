"""A club night under load (issue 37): many tables in one ``referee club``, phones on
WebSockets, a computer seat at each table.

Runs ``referee club`` as a club would (its own process, localhost), opens ``--tables``
tables by the host's JSON (Palmer's game and Ergo in table mode, alternately, each with
three phones and one computer seat; ``--mixed``: Cogito's too, every computer at its
game's strongest), and plays them from simulated phones: each phone
keeps its seat's WebSocket open, and when the table waits for it, thinks for a moment
(0.3 to 1.2 s) and sends one of its legal lines (never a claim) to ``/command``; a
finished game is followed by a rematch. A sample is the time from just before a move is
sent to a frame with the new version arriving on one of that table's other phones.

Phases of ``--seconds`` each, alternating ``--rounds`` times (so that a machine whose
load drifts weighs on both alike): the tables alone, then the same while one more
Palmer table settles claims without pause (its phones claim whenever they may); the
difference is what a claim at one table adds to the others. Also: the club's memory
(resident set) before and after the tables open, per table, whether every record
(each table's, and each game a rematch kept) replays with exit 0, and how late this
process's own event loop ran (its phones share it: a lag here is the harness's, not the
club's).

    .venv/bin/python benchmarks/club_load.py [--tables 20] [--seconds 15] [--rounds 3]
        [--palmer-level N] [--mixed] [--no-replay]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
PHONES = ("ann", "bob", "cat")
COMPUTER = "hal"


LEVEL: dict[str, int | None] = {"palmer": None, "ergo": 0, "cogito": None}  # None: strongest
GAMES = ("palmer", "ergo")  # the tables' games, in turn (--mixed: Cogito's too)
MODES = {"palmer": "table", "ergo": "table"}  # cards on the table, as a club plays them


def spec(game: str, seed: int) -> dict:
    level = LEVEL.get(game)
    options: dict = {"seed": seed}
    if game in MODES:
        options["mode"] = MODES[game]
    return {
        "game": game,
        "players": [*PHONES, COMPUTER],
        "bots": COMPUTER if level is None else f"{COMPUTER}:{level}",
        "options": options,
    }


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user and system), and its children's, by pid."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in [pid]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def children(pid: int) -> list[int]:
    """The processes descended from ``pid`` (its engine workers, by way of the fork server,
    and E provers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
    found, ours = [], {pid}
    for _ in range(6):  # a few generations deep (a thinking process, its engine, E)
        more = [p for p, parent in parents.items() if parent in ours and p not in ours]
        found += more
        ours |= set(more)
    return found


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Phone:
    """One simulated phone: its seat's WebSocket, and its moves when the table waits for it."""

    def __init__(self, night: Night, table: dict, name: str, claims: bool) -> None:
        self.night, self.table, self.name, self.claims = night, table, name, claims
        self.url = table["seats"][name]
        self.view: dict = {}
        self.moving = False
        self.rng = random.Random(hash((table["id"], name)))

    async def run(self) -> None:
        ws_url = self.url.replace("http://", "ws://") + "/ws"
        async with connect(ws_url, max_size=2**22) as socket:
            async for message in socket:
                frame = json.loads(message)
                if frame.get("type") != "view":
                    continue
                arrived = time.perf_counter()
                self.view = frame["view"]
                for said in self.view.get("log") or ():
                    if "computer player was stopped" in said:  # given up: a process died, late
                        self.night.lost.add((self.table["id"], said))
                self.night.arrived(self.table["id"], self.name, self.view["version"], arrived)
                if self.night.stopping:
                    return
                if self.claims and self.night.phase != "claims":
                    continue  # the claiming table waits for its phase
                if not self.moving and self.my_move() is not None:
                    self.moving = True
                    asyncio.get_running_loop().create_task(self.move())

    def my_move(self) -> str | None:
        v = self.view
        legal = [line for line in v.get("you", {}).get("legal", []) if isinstance(line, str)]
        if v.get("finished"):
            return "rematch" if "rematch" in legal else None
        waiting = (v.get("waiting_for") or {}).get("players") or []
        if self.name not in waiting or not legal:
            return None
        if self.claims:
            claims = [line for line in legal if line.startswith("claim")]
            if claims:
                return self.rng.choice(claims)
        moves = [line for line in legal if not line.startswith("claim")]
        return self.rng.choice(moves) if moves else None

    async def move(self) -> None:
        try:
            await asyncio.sleep(self.rng.uniform(0.3, 1.2))
            line = self.my_move()
            if line is None or self.night.stopping:
                return
            version = self.view["version"]
            started = time.perf_counter()
            measured = not self.claims and line != "rematch" and self.night.measuring
            token = self.night.expect(self.table["id"], self.name, version, started, measured)
            try:
                answer = await self.night.http.post(self.url + "/command", content=line.encode())
            except httpx.HTTPError:  # the night is over (the club is stopping)
                self.night.drop(token)
                return
            if not answer.json().get("ok"):
                self.night.drop(token)
        finally:
            self.moving = False
        if self.my_move() is not None:  # still this phone's (two plays in a turn)
            self.moving = True
            asyncio.get_running_loop().create_task(self.move())


class Night:
    def __init__(self) -> None:
        self.stopping = False
        self.measuring = False
        self.phase = "alone"
        self.samples: dict[str, list[float]] = {"alone": [], "claims": []}
        self.pending: dict[int, tuple] = {}
        self.next_token = 0
        self.moves = 0
        self.lost: set[tuple[str, str]] = set()
        self.lag: list[float] = []  # how late this process's own timers were called back
        self.http = httpx.AsyncClient(timeout=120)

    def expect(self, table: str, mover: str, version: int, started: float, measured: bool) -> int:
        self.next_token += 1
        others = {p for p in PHONES if p != mover}
        self.pending[self.next_token] = (table, version, started, others, measured, self.phase)
        return self.next_token

    def drop(self, token: int) -> None:
        self.pending.pop(token, None)

    def arrived(self, table: str, phone: str, version: int, at: float) -> None:
        for token, (t, v, started, others, measured, phase) in list(self.pending.items()):
            if t != table or version <= v or phone not in others or at < started:
                continue
            others.discard(phone)
            if measured:
                self.samples[phase].append(at - started)
            if not others:
                del self.pending[token]
                self.moves += 1


async def lag(night: Night, every: float = 0.01) -> None:
    """This process's own delay (what it adds to every sample): how late a timer set for
    ``every`` seconds is called back, while the phases are measured."""
    loop = asyncio.get_running_loop()
    while not night.stopping:
        due = loop.time() + every
        await asyncio.sleep(every)
        if night.measuring:
            night.lag.append(max(0.0, loop.time() - due))


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18] if len(values) >= 20 else max(values)


async def play(night: Night, tables: list[dict], claimer: dict, seconds: float, rounds: int):
    phones = [Phone(night, t, name, False) for t in tables for name in PHONES]
    claiming = [Phone(night, claimer, name, True) for name in PHONES]
    tasks = [asyncio.create_task(p.run()) for p in [*phones, *claiming]]
    tasks.append(asyncio.create_task(lag(night)))
    await asyncio.sleep(2)  # every socket open, every first view in
    night.measuring = True
    for _ in range(rounds):
        for phase in ("alone", "claims"):
            night.phase = phase
            if phase == "claims":  # the claiming table's phones look at their view again
                for phone in claiming:
                    if not phone.moving and phone.my_move() is not None:
                        phone.moving = True
                        asyncio.get_running_loop().create_task(phone.move())
            await asyncio.sleep(seconds)
    night.measuring = False
    night.stopping = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await night.http.aclose()


def replays(directory: Path) -> tuple[int, list[str]]:
    """Every record in the club's directory replayed with today's referee: how many, and
    those that did not agree (exit status other than 0)."""
    failed = []
    records = sorted(directory.glob("table-*.json"))
    for path in records:
        game = json.loads(path.read_text(encoding="utf-8"))["game"]
        command = ["replay"] if game == "palmer" else [game, "replay"]
        done = subprocess.run(
            [sys.executable, "-m", "referee.cli.main", *command, str(path)],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        if done.returncode != 0:
            failed.append(f"{path.name}: {done.returncode} {done.stderr.strip()[-200:]}")
    return len(records), failed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=15.0, help="a phase")
    parser.add_argument("--rounds", type=int, default=3, help="alone / with claims, in turn")
    parser.add_argument(
        "--palmer-level", type=int, default=None, help="its computer seats' (default: strongest)"
    )
    parser.add_argument(
        "--mixed",
        action="store_true",
        help="a mixed club: Palmer, Ergo and Cogito tables in turn, every computer seat at "
        "its game's strongest level (or --palmer-level)",
    )
    parser.add_argument(
        "--no-replay", action="store_true", help="skip replaying the records (quick runs)"
    )
    args = parser.parse_args()
    global GAMES
    LEVEL["palmer"] = args.palmer_level
    if args.mixed:
        GAMES = ("palmer", "ergo", "cogito")
        LEVEL["ergo"] = None
    directory = Path(tempfile.mkdtemp(prefix="club-load-")) / "club"
    club = subprocess.Popen(
        [sys.executable, "-m", "referee.cli.main", "club", "--records", str(directory)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        urls = json.loads(club.stdout.readline())
        time.sleep(3)  # the shared pools warm
        before = rss_kib(club.pid)
        tables = []
        with httpx.Client(timeout=60) as http:
            for n in range(args.tables):
                game = GAMES[n % len(GAMES)]
                answer = http.post(urls["host"] + "/tables", json=spec(game, n))
                answer.raise_for_status()
                tables.append(answer.json())
            opened = rss_kib(club.pid)
            claimer = http.post(urls["host"] + "/tables", json=spec("palmer", 99)).json()
        night = Night()
        own, workers = cpu_seconds(club.pid), sum(cpu_seconds(c) for c in children(club.pid))
        asyncio.run(play(night, tables, claimer, args.seconds, args.rounds))
        own = cpu_seconds(club.pid) - own
        workers = sum(cpu_seconds(c) for c in children(club.pid)) - workers
        after = rss_kib(club.pid)
        load = os.getloadavg()
    finally:
        club.send_signal(signal.SIGTERM)
        club.wait(60)
    count, failed = (0, []) if args.no_replay else replays(directory)
    alone, claims = night.samples["alone"], night.samples["claims"]
    ms = 1000.0
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)")
    levels = ", ".join(f"{g} {'strongest' if LEVEL[g] is None else LEVEL[g]}" for g in GAMES)
    print(
        f"{args.tables} tables ({', '.join(GAMES)} in turn), 3 phones and 1 computer seat "
        f"each (levels: {levels}); {args.rounds} rounds of {args.seconds:g} s alone and "
        f"{args.seconds:g} s beside a table settling claims"
    )
    print("| phase | moves measured | median (ms) | p95 (ms) |")
    print("| --- | --- | --- | --- |")
    for phase, values in (("tables alone", alone), ("one more table settling claims", claims)):
        if values:
            print(
                f"| {phase} | {len(values)} | {statistics.median(values) * ms:.1f} | "
                f"{p95(values) * ms:.1f} |"
            )
    if alone and claims:
        print(
            f"a claim at one table adds {(p95(claims) - p95(alone)) * ms:.1f} ms at the p95, "
            f"{(statistics.median(claims) - statistics.median(alone)) * ms:.1f} ms at the median"
        )
    if night.lag:
        print(
            f"the benchmark's own event loop (its phones): a timer called back "
            f"{statistics.median(night.lag) * ms:.1f} ms late at the median, "
            f"{p95(night.lag) * ms:.1f} ms at the p95, {max(night.lag) * ms:.1f} ms at most"
        )
    per_table = (opened - before) / max(1, args.tables)
    print(
        f"memory: {before / 1024:.0f} MiB before, {opened / 1024:.0f} MiB with the tables open "
        f"({per_table / 1024:.1f} MiB a table), {after / 1024:.0f} MiB after play"
    )
    played = 2 * args.seconds * args.rounds + 2
    print(
        f"CPU: the club's process {own / played:.2f} s a second of play, its "
        f"engine workers {workers / played:.2f} s a second ({night.moves} moves shown)"
    )
    print(f"computer seats given up: {len(night.lost)}")
    for table, said in sorted(night.lost):
        print(f"  table {table}: {said}")
    print(f"records replayed: {count - len(failed)} of {count} agree")
    for line in failed:
        print(f"  {line}")


if __name__ == "__main__":
    main()
