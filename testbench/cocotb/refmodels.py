"""Python reference models, written from the documented contracts in hdl-gen/src/main/java/org/rapgen/hdl/lib/.

They are deliberately *not* structural copies of the RTL: the FIFO is a queue of timestamped words, the arbiter a
linear scan, the counter plain integer arithmetic. Nothing here reads DUT outputs.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


# --------------------------------------------------------------------------------------------------------------------
# Fifo.java contract:
#   * holds up to `depth` words; io_count = words held, including the one presented on deq;
#   * enq.ready comes straight from a register: ready = (count != depth), i.e. it reflects state at the start of the
#     cycle and does not depend on a same-cycle dequeue;
#   * deq is first-word-fall-through with enqueue-to-dequeue latency of two cycles (a word enqueued in cycle e can be
#     presented from cycle e+2; three with output_register), and it sustains one transfer per cycle (after a dequeue
#     in cycle t the next word, if old enough, is presented in cycle t+1);
#   * ready/valid: a presented word stays presented, unchanged, until it is dequeued.
# --------------------------------------------------------------------------------------------------------------------
@dataclass
class _Word:
    data: int
    enq_cycle: int


class FifoModel:
    def __init__(self, depth: int, output_register: bool = False):
        self.depth = depth
        self.latency = 3 if output_register else 2
        self.q: deque[_Word] = deque()
        self.cycle = 0
        self.last_deq_cycle = -(10**9)  # cycle of the most recent dequeue (the current head's predecessor)

    # Expected outputs for the current cycle (before the clock edge that ends it).
    def count(self) -> int:
        return len(self.q)

    def enq_ready(self) -> bool:
        return len(self.q) != self.depth

    def deq_valid(self) -> bool:
        if not self.q:
            return False
        head = self.q[0]
        presentable_from = max(head.enq_cycle + self.latency, self.last_deq_cycle + 1)
        return self.cycle >= presentable_from

    def deq_bits(self) -> int:
        return self.q[0].data

    def step(self, enq_valid: bool, enq_bits: int, deq_ready: bool) -> tuple[bool, bool]:
        """Clock edge at the end of the current cycle. Returns (enq_fire, deq_fire)."""
        enq_fire = enq_valid and self.enq_ready()
        deq_fire = deq_ready and self.deq_valid()
        if deq_fire:
            self.q.popleft()
            self.last_deq_cycle = self.cycle
        if enq_fire:
            self.q.append(_Word(enq_bits, self.cycle))
        assert len(self.q) <= self.depth
        self.cycle += 1
        return enq_fire, deq_fire


# --------------------------------------------------------------------------------------------------------------------
# Arbiter.java contract: fixed priority, lowest index wins; out.valid = any in.valid; out.bits = winner's bits;
# chosen = winner index (meaningful while out.valid); in[i].ready = out.ready && in[i].valid && chosen == i.
# --------------------------------------------------------------------------------------------------------------------
@dataclass
class ArbiterExpect:
    out_valid: bool
    chosen: int | None  # None when nothing is valid (chosen is then don't-care)
    out_bits: int | None
    in_ready: list[bool]


def arbiter_ref(valids: list[bool], bits: list[int], out_ready: bool) -> ArbiterExpect:
    winner = next((i for i, v in enumerate(valids) if v), None)
    if winner is None:
        return ArbiterExpect(False, None, None, [False] * len(valids))
    ready = [bool(out_ready) and i == winner for i in range(len(valids))]
    return ArbiterExpect(True, winner, bits[winner], ready)


# --------------------------------------------------------------------------------------------------------------------
# SatCounter.java contract: width-bit counter; when inc, adds amount and sticks at its maximum (2^width - 1) instead
# of wrapping; clear wins over inc and zeroes value and the flag; `saturated` is "set by any increment that was
# clipped (its true sum exceeded the maximum); cleared only by clear". Landing exactly on the maximum is not a
# saturation. Outputs are registered (value/saturated show the state after previous edges).
# --------------------------------------------------------------------------------------------------------------------
class SatCounterModel:
    def __init__(self, width: int):
        self.max = (1 << width) - 1
        self.value = 0
        self.saturated = False

    def step(self, inc: bool, amount: int, clear: bool) -> None:
        if clear:
            self.value = 0
            self.saturated = False
        elif inc:
            total = self.value + amount
            if total > self.max:  # the increment was clipped
                self.saturated = True
            self.value = min(total, self.max)
