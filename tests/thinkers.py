"""Thinkers for tests/test_thinking_apart.py, in a module of their own so that a thinking
process imports nothing else to make them."""

from __future__ import annotations

import os
import time


class Counter:
    """Says how often it was asked, and keeps the last view it was given."""

    def __init__(self, name: str) -> None:
        self.name, self.asked, self.seen = name, 0, None

    def choose(self, view):
        self.asked += 1
        self.seen = view
        return f"{self.name} {self.asked} {os.getpid()}"

    def ponder(self, view, stale) -> None:
        while not stale():
            time.sleep(0.01)

    def last(self):
        return self.seen

    def vm(self):
        return [
            line
            for line in open("/proc/self/status")
            if line.startswith(("VmSize", "VmPeak", "VmRSS"))
        ]

    def close(self) -> None:
        pass


class Stuck(Counter):
    def choose(self, view):
        time.sleep(120)


class Dies(Counter):
    def choose(self, view):
        os._exit(3)


class Greedy(Counter):
    def choose(self, view):
        return len(bytearray(2048 * 2**20))  # past the process's memory limit
