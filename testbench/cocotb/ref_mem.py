"""Python references for the memory and sampler blocks, written from the documentation, not from the RTL.

* CounterSramModel: the RmwMemory/CounterSram contract in docs/blocks.md -- commands take effect in acceptance order
  on a plain list; at most `latency` are held (2, or 3 with the read register); the oldest is presented `latency`
  cycles after its acceptance cycle; input is accepted while fewer are held or one leaves; clear (and reset) zero
  every word after the commands accepted so far and block input for `depth` cycles.
* Lfsr: docs/golden-sampler.md "LFSR" (fb = s[31] ^ s[21] ^ s[1] ^ s[0], shifting left), generalised to any tap set.
* SamplerHash: docs/golden-sampler.md "Hash" (xorshift32 Fisher-Yates table, randomize, flip, xorfold, index, tag).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------------------------------
# CounterSram
# ---------------------------------------------------------------------------------------------------------------------
OP_ADD, OP_SET, OP_READ = 0, 1, 2


@dataclass
class CounterResult:
    addr: int
    cmd: int
    old: int
    updated: int
    saturated: bool
    accepted_at: int


class CounterSramModel:
    def __init__(self, depth: int, counter_bits: int, latency: int = 2):
        self.depth = depth
        self.latency = latency
        self.bits = counter_bits
        self.max = (1 << counter_bits) - 1
        self.mem = [0] * depth
        self.held: deque[CounterResult] = deque()
        self.cycle = 0
        self.clearing_until = depth  # the sweep after reset

    def cmd(self, op: int, value: int) -> int:
        return (op << self.bits) | value

    def clearing(self) -> bool:
        return self.cycle < self.clearing_until

    def out_valid(self) -> bool:
        return bool(self.held) and self.held[0].accepted_at <= self.cycle - self.latency

    def in_ready(self, out_ready: bool) -> bool:
        return not self.clearing() and (len(self.held) < self.latency or (out_ready and self.out_valid()))

    def head(self) -> CounterResult:
        return self.held[0]

    def step(self, in_valid: bool, addr: int, cmd: int, out_ready: bool, clear: bool) -> CounterResult | None:
        """The clock edge ending this cycle; returns the accepted command's result, if any."""
        accept = in_valid and self.in_ready(out_ready)
        if self.out_valid() and out_ready:
            self.held.popleft()
        result = None
        if accept:
            op, value = cmd >> self.bits, cmd & self.max
            old = self.mem[addr]
            saturated = False
            if op == OP_ADD:
                saturated = old + value > self.max
                new = min(old + value, self.max)
            elif op == OP_SET:
                new = value
            else:  # READ and the reserved op 3 leave the counter
                new = old
            self.mem[addr] = new
            result = CounterResult(addr, cmd, old, new, saturated, self.cycle)
            self.held.append(result)
        if clear:
            self.mem = [0] * self.depth
            self.clearing_until = self.cycle + 1 + self.depth
        self.cycle += 1
        return result


# ---------------------------------------------------------------------------------------------------------------------
# LFSR
# ---------------------------------------------------------------------------------------------------------------------
GOLDEN_LFSR_TAPS = (32, 22, 2, 1)  # docs/golden-sampler.md: fb = s[31] ^ s[21] ^ s[1] ^ s[0]
GOLDEN_LFSR_SEED = 0xACE1ACE1
GOLDEN_STEPS_PER_EVENT = 16


def lfsr_step(state: int, width: int, taps: tuple[int, ...]) -> int:
    fb = 0
    for t in taps:
        fb ^= (state >> (t - 1)) & 1
    return ((state << 1) | fb) & ((1 << width) - 1)


# ---------------------------------------------------------------------------------------------------------------------
# Sampler hash
# ---------------------------------------------------------------------------------------------------------------------
def hash_table(seed: int) -> list[int]:
    assert seed != 0
    t = list(range(256))
    x = seed & 0xFFFFFFFF
    for i in range(255, 0, -1):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        j = x % (i + 1)
        t[i], t[j] = t[j], t[i]
    return t


class SamplerHash:
    def __init__(self, key_bits: int, seed: int):
        self.k = key_bits
        self.t = hash_table(seed)

    def _bytes(self, x: int) -> list[int]:
        return [(x >> (8 * i)) & 0xFF for i in range(self.k // 8)]

    def randomize(self, x: int) -> int:
        return sum(self.t[b] << (8 * i) for i, b in enumerate(self._bytes(x)))

    def flip(self, x: int) -> int:
        return sum(b << (8 * i) for i, b in enumerate(reversed(self._bytes(x))))

    def xorfold(self, x: int, b: int) -> int:
        if b == 0:
            return 0
        if b >= self.k:
            return x
        r = 0
        for s in range(0, self.k, b):
            r ^= (x >> s) & ((1 << b) - 1)
        return r

    def index(self, pc: int, w: int, b: int) -> int:
        return self.xorfold(self.flip(self.randomize(pc)) ^ self.randomize(w), b)

    def tag(self, pc: int, w: int, b: int) -> int:
        return self.xorfold(pc ^ w, b)
