"""CounterSram, with and without the read register: same-address bursts, saturation, SET/READ and clear under random
backpressure, against ref_mem.CounterSramModel (the RmwMemory contract of docs/blocks.md with the counter ops).
32-bit counters get values aimed at the split of the read-register build's carry-select add (5/8 of the width,
docs/blocks.md): SETs just below it and with all-ones high bits, small ADDs carrying across, wide ADDs.

The source holds each command until it is accepted. Address patterns (in acceptance order) run in phases: one address
for a long run, two alternating, A,B,A, a few, all. io_in_ready, io_out_valid, io_clearing and every out field while
valid are checked each cycle; clear pulses come in mid-stream, some while commands are in flight or a sweep runs.
"""

from __future__ import annotations

import os
import random

import pytest

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from ref_mem import OP_ADD, OP_READ, OP_SET, CounterSramModel
from tb_clock import start_clock_and_reset
from tb_coverage import assert_covered

# (depth, counter_bits, register_read, cycles)
CASES = [(16, 4, 0, 5000), (8, 3, 0, 3000), (16, 4, 1, 5000), (8, 3, 1, 3000), (8, 32, 0, 4000), (8, 32, 1, 4000)]
PHASES = [(1.0, 1.0), (1.0, 0.5), (0.6, 1.0), (1.0, 0.1), (0.3, 0.3), (1.0, 0.0), (0.9, 0.9)]
PATTERNS = ("same", "alternate", "aba", "few", "random")


@cocotb.test()
async def counter_sram_random(dut):
    depth = int(os.environ["TB_DEPTH"])
    bits = int(os.environ["TB_BITS"])
    cycles = int(os.environ["TB_CYCLES"])
    latency = int(os.environ["TB_LATENCY"])
    seed = int(os.environ["TB_SEED"])
    rng = random.Random(seed * 7919 + depth * 31 + bits + 101 * latency)
    ctx = f"CounterSram d={depth} c={bits} latency={latency} seed={seed}"
    vmax = (1 << bits) - 1

    await start_clock_and_reset(dut, (dut.io_in_valid, dut.io_in_bits_addr, dut.io_in_bits_cmd, dut.io_out_ready, dut.io_clear))

    model = CounterSramModel(depth, bits, latency)
    cov = dict(same_addr_next_cycle=0, same_addr_two_apart=0, same_addr_after_gap=0, out_stalled=0, accept_while_full=0, saturated=0,
               lands_on_max=0, set=0, read=0, clear_in_flight=0, clear_while_clearing=0)
    if bits > 8:
        cov.update(low_carry=0, carry_into_all_ones_high=0)
    pending, addr, cmd = False, 0, 0
    history: list[tuple[int, int]] = []  # (accept cycle, addr), most recent last
    phase_left, p_valid, p_ready, pattern, pick_addrs, seq = 0, 1.0, 1.0, "same", [0, 1, 2], 0
    clear_again_in = -1

    for c in range(cycles):
        if phase_left == 0:
            p_valid, p_ready = rng.choice(PHASES)
            pattern = rng.choice(PATTERNS)
            pick_addrs = rng.sample(range(depth), 3)
            phase_left = rng.randint(20, 200)
        phase_left -= 1
        if not pending and rng.random() < p_valid:
            a, b, d = pick_addrs
            addr = {"same": a, "alternate": (a, b)[seq % 2], "aba": (a, b, a)[seq % 3],
                    "few": rng.choice(pick_addrs), "random": rng.randrange(depth)}[pattern]
            seq += 1
            r = rng.randrange(20)
            op = OP_ADD if r < 14 else OP_SET if r < 17 else OP_READ if r < 19 else 3
            value = wide_value(rng, bits, op) if bits > 8 else vmax - rng.randrange(2) if rng.random() < 0.25 else rng.randint(0, min(vmax, 3))
            cmd = model.cmd(op, value)
            pending = True
        out_ready = rng.random() < p_ready
        # Rare clears; some (always the first) followed by another during the sweep, which restarts it.
        clear = rng.random() < 1 / 800 or clear_again_in == 0
        clear_again_in -= 1
        if clear and clear_again_in < 0 and (cov["clear_while_clearing"] == 0 or rng.random() < 0.3):
            clear_again_in = rng.randrange(depth)

        dut.io_in_valid.value = int(pending)
        dut.io_in_bits_addr.value = addr
        dut.io_in_bits_cmd.value = cmd
        dut.io_out_ready.value = int(out_ready)
        dut.io_clear.value = int(clear)
        await ReadOnly()

        where = (f"{ctx} cycle {c} ({pattern}): in valid={int(pending)} addr={addr} cmd={cmd:#x} "
                 f"out_ready={int(out_ready)} clear={int(clear)}; model holds {len(model.held)}")
        assert int(dut.io_clearing.value) == model.clearing(), f"{where}: io_clearing={int(dut.io_clearing.value)}"
        assert int(dut.io_in_ready.value) == model.in_ready(out_ready), f"{where}: io_in_ready={int(dut.io_in_ready.value)}"
        assert int(dut.io_out_valid.value) == model.out_valid(), f"{where}: io_out_valid={int(dut.io_out_valid.value)}"
        if model.out_valid():
            h = model.head()
            got = (int(dut.io_out_bits_addr.value), int(dut.io_out_bits_cmd.value), int(dut.io_out_bits_old.value),
                   int(dut.io_out_bits_updated.value), bool(int(dut.io_out_bits_saturated.value)))
            want = (h.addr, h.cmd, h.old, h.updated, h.saturated)
            assert got == want, f"{where}: out (addr, cmd, old, updated, saturated) = {got}, expected {want}"
            cov["out_stalled"] += not out_ready

        cov["accept_while_full"] += pending and len(model.held) == latency and model.in_ready(out_ready)
        cov["clear_in_flight"] += clear and len(model.held) > 0
        cov["clear_while_clearing"] += clear and model.clearing()
        res = model.step(pending, addr, cmd, out_ready, clear)
        if res is not None:
            pending = False
            if history and history[-1] == (res.accepted_at - 1, res.addr):
                cov["same_addr_next_cycle"] += 1
            if len(history) >= 2 and history[-2] == (res.accepted_at - 2, res.addr) and history[-1][1] != res.addr:
                cov["same_addr_two_apart"] += 1
            if history and history[-1] == (res.accepted_at - 2, res.addr):
                cov["same_addr_after_gap"] += 1
            history = (history + [(res.accepted_at, res.addr)])[-2:]
            op = res.cmd >> bits
            cov["saturated"] += res.saturated
            if bits > 8:
                low = (1 << split(bits)) - 1
                carry = op == OP_ADD and (res.old & low) + (res.cmd & low) > low
                cov["low_carry"] += carry
                cov["carry_into_all_ones_high"] += carry and res.old | low == vmax
            cov["lands_on_max"] += op == OP_ADD and res.old + (res.cmd & vmax) == vmax
            cov["set"] += op == OP_SET
            cov["read"] += op == OP_READ
        if clear:
            history = []
        await RisingEdge(dut.clock)

    dut._log.info("%s: coverage %s", ctx, cov)
    assert_covered(ctx, cov)


def split(bits: int) -> int:
    """Where the read-register build splits its saturating add (docs/blocks.md: 5/8 of the width, 20 of 32)."""
    return bits * 5 // 8


def wide_value(rng: random.Random, bits: int, op: int) -> int:
    vmax = (1 << bits) - 1
    low = (1 << split(bits)) - 1
    below = low - rng.randrange(4)
    if op == OP_SET:
        return rng.choice([below, rng.getrandbits(bits - split(bits)) << split(bits) | below, vmax & ~low | below,
                           vmax - rng.randrange(4), rng.getrandbits(bits)])
    return rng.choice([rng.randrange(4), rng.randrange(4), low - 2 + rng.randrange(5), (rng.getrandbits(bits - split(bits)) | 1) << split(bits),
                       vmax - rng.randrange(4), rng.getrandbits(bits)])


@pytest.mark.parametrize("depth,bits,register_read,cycles", CASES,
                         ids=[f"d{d}_c{b}" + ("_r" if r else "") for d, b, r, _ in CASES])
def test_counter_sram(rtl_build, depth, bits, register_read, cycles):
    built = rtl_build("counter_sram", depth=depth, counter_bits=bits, register_read=register_read)
    assert built.top == f"CounterSram_d{depth}_c{bits}" + ("_rr1" if register_read else "")
    # the latencies the documentation gives (docs/blocks.md), not the generator's
    built.run("test_counter_sram", env=dict(TB_DEPTH=depth, TB_BITS=bits, TB_LATENCY=3 if register_read else 2,
                                            TB_CYCLES=cycles))
