"""Helpers for testbenches of ready/valid blocks: traffic phases, a producer that keeps the ready/valid rule, a
handshake scoreboard, and RAP-like prefix sets for CAM tests."""

from __future__ import annotations

import random
from collections import deque


class Traffic:
    """Consumer readiness and producer gaps in random phases of 16..256 cycles, extremes included."""

    READY = (1.0, 1.0, 0.9, 0.6, 0.3, 0.1, 0.0)
    IDLE = (0.0, 0.0, 0.1, 0.4, 0.8)

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.left = 0
        self.p_ready = self.p_idle = 0.0

    def tick(self) -> None:
        if self.left == 0:
            self.left = self.rng.randint(16, 256)
            self.p_ready = self.rng.choice(self.READY)
            self.p_idle = self.rng.choice(self.IDLE)
        self.left -= 1

    def ready(self) -> bool:
        return self.rng.random() < self.p_ready

    def idle(self) -> bool:
        return self.rng.random() < self.p_idle


class HoldingSource:
    """Once it presents an item it holds it, unchanged, until taken; between items it may idle."""

    def __init__(self):
        self.queue: deque = deque()
        self.current = None

    def offer(self, item) -> None:
        self.queue.append(item)

    def present(self, idle: bool):
        if self.current is None and not idle and self.queue:
            self.current = self.queue.popleft()
        return self.current

    def taken(self) -> None:
        self.current = None

    def idle(self) -> bool:
        return self.current is None and not self.queue


class Scoreboard:
    """Built only from the DUT's handshakes: each accepted input owes exactly one output, in order; an output
    presented and not taken must still be presented, unchanged, in the next cycle."""

    def __init__(self, ctx: str):
        self.ctx = ctx
        self.owed: deque = deque()
        self.held = None
        self.delivered = 0

    def accepted(self, expected) -> None:
        self.owed.append(expected)

    def output(self, where: str, valid: bool, ready: bool, bits) -> None:
        if self.held is not None:
            assert valid and bits == self.held, f"{where}: output withdrawn or changed while not taken: was {self.held}, now {bits if valid else None}"
        self.held = bits if valid and not ready else None
        if valid and ready:
            assert self.owed, f"{where}: output {bits} delivered but nothing is owed"
            want = self.owed.popleft()
            assert bits == want, f"{where}: delivered {bits}, the oldest accepted input needs {want}"
            self.delivered += 1

    def reset(self) -> None:
        self.owed.clear()
        self.held = None

    def finish(self) -> None:
        assert not self.owed, f"{self.ctx}: {len(self.owed)} accepted inputs never produced an output"


def nested_prefixes(rng: random.Random, key_bits: int, k: int, count: int) -> list[tuple[int, int]]:
    """(value, len) pairs as a RAP range tree holds them: the root, then splits adding all 2^k children of a node,
    mostly drilling into recent children so chains get deep."""
    out = [(0, 0)]
    split = set()
    for _ in range(100_000):
        if len(out) + (1 << k) > count:
            break
        p = out[-1 - rng.randrange(min(len(out), 1 << k))] if rng.random() < 0.7 else rng.choice(out)
        if p[1] + k > key_bits or p in split:
            continue
        split.add(p)
        out += [(p[0] | c << (key_bits - p[1] - k), p[1] + k) for c in range(1 << k)]
    return out


def prefix_mask(length: int, key_bits: int) -> int:
    return (1 << (key_bits - length)) - 1


def key_in(rng: random.Random, value: int, mask: int) -> int:
    return value | (rng.getrandbits(mask.bit_length()) & mask)
