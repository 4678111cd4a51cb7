"""EventQueue (RAP stage 0): random events against combining_queue_ref.CombiningQueueRef (docs/golden-rap.md §4).

The source holds each event until it is accepted (AXI-Stream); keys come in runs, weights are often near the cap,
tlast and flush arrive at random, the input has random gaps and the output random backpressure. Checked: the released
sequence equals the reference exactly; out.valid/bits stay put while stalled; with an event always offered and the
output always ready the input never stalls (one event per clock); flushBusy never shows while the reference still
holds an open event; a flush that meets a full FIFO is held (flushBusy) until there is room.
"""

from __future__ import annotations

import os
import random

import pytest

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from combining_queue_ref import CombiningQueueRef
from tb_coverage import assert_covered

# (key_bits, weight_bits, depth, combine, cycles)
EQ_CASES = [(8, 3, 4, 1, 4000), (8, 3, 4, 0, 2500), (32, 16, 16, 1, 4000)]

# (probability an event is offered when none is waiting, probability out.ready is high)
PHASES = [(1.0, 1.0), (0.9, 0.2), (0.2, 0.9), (0.5, 0.5), (1.0, 0.0), (0.0, 1.0), (0.8, 0.7)]


@cocotb.test()
async def event_queue_random(dut):
    kbits = int(os.environ["TB_KEY_BITS"])
    wbits = int(os.environ["TB_WEIGHT_BITS"])
    depth = int(os.environ["TB_DEPTH"])
    combine = os.environ["TB_COMBINE"] == "1"
    cycles = int(os.environ["TB_CYCLES"])
    seed = int(os.environ["TB_SEED"])
    rng = random.Random(seed * 7919 + kbits * 131 + wbits * 17 + depth + combine)
    ctx = f"EventQueue k={kbits} w={wbits} d={depth} combine={int(combine)} seed={seed}"
    cap = (1 << wbits) - 1
    pool = [rng.getrandbits(kbits) for _ in range(3)] + [0, (1 << kbits) - 1]

    cocotb.start_soon(Clock(dut.clock, 10, unit="ns").start())
    dut.reset.value = 1
    dut.io_in_valid.value = 0
    dut.io_flush.value = 0
    dut.io_out_ready.value = 0
    for _ in range(2):
        await RisingEdge(dut.clock)
    dut.reset.value = 0

    ref = CombiningQueueRef(wbits, combine)
    got: list[tuple[int, int]] = []
    cov = dict(joins=0, cap_splits=0, lasts=0, flushes=0, stalled_out=0, full_rate=0, flush_held=0)
    key = pool[0]

    def next_event() -> tuple[int, int, bool]:
        nonlocal key
        if rng.randrange(8) == 0:
            key = rng.choice(pool) if rng.randrange(2) else rng.getrandbits(kbits)
        w = rng.choice([1, cap - rng.randrange(min(cap, 3)), cap // 2 + rng.randrange(2), rng.randint(1, cap)])
        return key, w, rng.randrange(40) == 0

    waiting = None
    p_offer, p_ready = 1.0, 1.0
    phase_left = sustained = 0
    stalled = None
    draining = False
    drain_left = 2 * depth + 10  # after the final flush, with the output always ready
    c = -1
    while drain_left > 0:
        c += 1
        drain_left -= draining
        if c >= cycles and not draining and waiting is None:
            draining = True
            flush = True  # end of stream: one flush, then drain with the output always ready
        else:
            flush = not draining and rng.randrange(50) == 0
        if draining:
            offer_ok, ready = False, True
        else:
            if phase_left == 0:
                p_offer, p_ready = rng.choice(PHASES)
                phase_left = rng.randint(20, 40 * depth)
                sustained = 0
            phase_left -= 1
            offer_ok, ready = rng.random() < p_offer, rng.random() < p_ready
        if waiting is None and offer_ok and c < cycles:
            waiting = next_event()
        dut.io_in_valid.value = int(waiting is not None)
        if waiting is not None:
            dut.io_in_bits_key.value, dut.io_in_bits_weight.value, dut.io_in_bits_last.value = waiting[0], waiting[1], int(waiting[2])
        dut.io_flush.value = int(flush)
        dut.io_out_ready.value = int(ready)

        await ReadOnly()
        in_ready = bool(dut.io_in_ready.value)
        out_valid = bool(dut.io_out_valid.value)
        out = (int(dut.io_out_bits_key.value), int(dut.io_out_bits_weight.value)) if out_valid else None
        busy = bool(dut.io_flushBusy.value)
        where = f"{ctx} cycle {c}"

        if stalled is not None:
            assert out_valid and out == stalled, f"{where}: output changed while stalled: had {stalled}, now {out}"
        stalled = out if out_valid and not ready else None
        cov["stalled_out"] += stalled is not None
        assert not (busy and ref.pending is not None), f"{where}: flushBusy while the reference holds open {ref.pending}"
        cov["flush_held"] += busy and not in_ready
        sustained = sustained + 1 if (p_offer == 1.0 and p_ready == 1.0 and not draining) else 0
        if sustained > 3 and depth >= 4:
            assert in_ready, f"{where}: input stalled although an event is always offered and the output always ready"
            cov["full_rate"] += 1

        if waiting is not None and in_ready:
            k, w, last = waiting
            before, pend = len(ref.released), ref.pending
            ref.accept(k, w)
            if pend is not None and len(ref.released) == before:
                cov["joins"] += 1
            elif pend is not None and pend[0] == k:
                cov["cap_splits"] += 1
            if last:
                ref.flush()
                cov["lasts"] += 1
            waiting = None
        if flush:
            ref.flush()
            cov["flushes"] += 1
        if out_valid and ready:
            got.append(out)
            i = len(got) - 1
            assert i < len(ref.released), f"{where}: DUT released {out} but the reference released only {len(ref.released)}"
            assert out == ref.released[i], f"{where}: released event #{i} is {out}, expected {ref.released[i]}"

        await RisingEdge(dut.clock)

    assert ref.pending is None
    assert got == ref.released, f"{ctx}: DUT released {len(got)} events, reference {len(ref.released)}"
    dut._log.info("%s: %d events released, coverage %s", ctx, len(got), cov)
    if not combine:
        cov.pop("joins")
        cov.pop("cap_splits")
        cov.pop("flush_held")  # nothing is ever held back without combining
    assert_covered(ctx, cov)


@pytest.mark.parametrize("key_bits,weight_bits,depth,combine,cycles", EQ_CASES,
                         ids=[f"k{k}_w{w}_d{d}_c{c}" for k, w, d, c, _ in EQ_CASES])
def test_event_queue(rtl_build, key_bits, weight_bits, depth, combine, cycles):
    built = rtl_build("event_queue", key_bits=key_bits, weight_bits=weight_bits, depth=depth, combine=combine)
    assert built.top == f"EventQueue_k{key_bits}_wt{weight_bits}_d{depth}_cb{combine}"
    built.run("test_event_queue", env=dict(TB_KEY_BITS=key_bits, TB_WEIGHT_BITS=weight_bits, TB_DEPTH=depth,
                                           TB_COMBINE=combine, TB_CYCLES=cycles))
