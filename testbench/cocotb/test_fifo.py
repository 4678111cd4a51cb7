"""FIFO: random push/pop with random backpressure against a cycle-accurate model of the Fifo.java contract.

One synchronous reset is applied in mid-traffic. Every cycle checks io_enq_ready, io_deq_valid, io_deq_bits (while valid) and io_count against refmodels.FifoModel; an
independent scoreboard built only from observed handshakes checks nothing is lost, duplicated or reordered.
"""

from __future__ import annotations

import os
import random

import pytest

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from refmodels import FifoModel
from tb_coverage import assert_covered

# (width, depth, cycles, output_register)
FIFO_CASES = [(8, 2, 6000, 0), (8, 4, 6000, 0), (32, 16, 8000, 0), (1, 8, 4000, 0), (16, 64, 8000, 0),
              (8, 2, 6000, 1), (8, 4, 6000, 1), (33, 16, 8000, 1)]

# (p_enq_valid, p_deq_ready) traffic phases: fill, drain, balanced, saturated both ways, stall one side
PHASES = [(0.9, 0.2), (0.2, 0.9), (0.5, 0.5), (1.0, 1.0), (0.9, 0.9), (0.0, 1.0), (1.0, 0.0), (0.7, 0.6)]


async def reset(dut):
    dut.reset.value = 1
    dut.io_enq_valid.value = 0
    dut.io_enq_bits.value = 0
    dut.io_deq_ready.value = 0
    for _ in range(3):
        await RisingEdge(dut.clock)
    dut.reset.value = 0


@cocotb.test()
async def fifo_random_traffic(dut):
    width = int(os.environ["TB_WIDTH"])
    depth = int(os.environ["TB_DEPTH"])
    cycles = int(os.environ["TB_CYCLES"])
    seed = int(os.environ["TB_SEED"])
    output_register = os.environ["TB_OUTPUT_REGISTER"] == "1"
    rng = random.Random(seed * 1000003 + width * 131 + depth)
    ctx = f"Fifo w={width} d={depth} output_register={int(output_register)} seed={seed}"

    cocotb.start_soon(Clock(dut.clock, 10, unit="ns").start())
    await reset(dut)

    model = FifoModel(depth, output_register)
    sent: list[int] = []      # observed enq handshakes
    received: list[int] = []  # observed deq handshakes
    cov = dict(full=0, empty=0, both_fire=0, push_when_full=0, pop_when_empty=0, fire_at_full=0, reset_with_data=0)
    phase_left = 0
    p_enq = p_deq = 0.5

    def drive(c: int, draining: bool) -> tuple[bool, int, bool]:
        nonlocal phase_left, p_enq, p_deq
        if draining:
            v, r = False, True
        else:
            if phase_left == 0:
                p_enq, p_deq = rng.choice(PHASES)
                phase_left = rng.randint(depth, 8 * depth + 40)
            phase_left -= 1
            v, r = rng.random() < p_enq, rng.random() < p_deq
        b = rng.getrandbits(width)
        dut.io_enq_valid.value = int(v)
        dut.io_enq_bits.value = b
        dut.io_deq_ready.value = int(r)
        return v, b, r

    def check_prefix(tag: str) -> None:
        assert len(received) <= len(sent), f"{ctx} {tag}: received {len(received)} words but only {len(sent)} sent"
        for i, (s_, r_) in enumerate(zip(sent, received)):
            assert s_ == r_, f"{ctx} {tag}: word #{i} sent {s_:#x}, received {r_:#x} (lost/duplicated/reordered)"

    total = cycles + depth + 8  # trailing cycles drain the FIFO
    reset_from = cycles // 2    # one synchronous reset in mid-traffic, while holding data: all of it is dropped
    did_reset = False
    words_through = 0
    inputs = drive(0, False)
    for c in range(total):
        if not did_reset and c >= reset_from and model.count() > 0:
            did_reset = True
            cov["reset_with_data"] = model.count()
            check_prefix("before mid-run reset")
            words_through += len(received)
            dut.reset.value = 1
            for _ in range(2):
                await RisingEdge(dut.clock)
                drive(c, False)  # traffic keeps toggling during reset; it must be ignored
            dut.reset.value = 0
            model = FifoModel(depth, output_register)
            sent.clear()
            received.clear()
            inputs = drive(c, False)
        enq_valid, enq_bits, deq_ready = inputs
        await ReadOnly()
        got_ready = bool(dut.io_enq_ready.value)
        got_valid = bool(dut.io_deq_valid.value)
        got_count = int(dut.io_count.value)
        got_bits = int(dut.io_deq_bits.value) if got_valid else None

        where = (f"{ctx} cycle {c}: inputs enq_valid={int(enq_valid)} enq_bits={enq_bits:#x} "
                 f"deq_ready={int(deq_ready)}; model count={model.count()}")
        assert got_count == model.count(), f"{where}: io_count={got_count}, expected {model.count()}"
        assert got_ready == model.enq_ready(), f"{where}: io_enq_ready={int(got_ready)}, expected {int(model.enq_ready())}"
        assert got_valid == model.deq_valid(), f"{where}: io_deq_valid={int(got_valid)}, expected {int(model.deq_valid())}"
        if got_valid:
            assert got_bits == model.deq_bits(), f"{where}: io_deq_bits={got_bits:#x}, expected {model.deq_bits():#x}"

        # Scoreboard from observed handshakes only.
        if enq_valid and got_ready:
            sent.append(enq_bits)
        if deq_ready and got_valid:
            received.append(got_bits)

        cov["full"] += model.count() == depth
        cov["empty"] += model.count() == 0
        cov["push_when_full"] += enq_valid and model.count() == depth
        cov["pop_when_empty"] += deq_ready and model.count() == 0
        was_full = model.count() == depth
        enq_fire, deq_fire = model.step(enq_valid, enq_bits, deq_ready)
        cov["both_fire"] += enq_fire and deq_fire
        cov["fire_at_full"] += deq_fire and was_full  # dequeue out of full (ready must stay low that cycle)

        await RisingEdge(dut.clock)
        inputs = drive(c + 1, draining=c + 1 >= cycles)

    assert model.count() == 0, f"{ctx}: model not drained ({model.count()} words left)"
    assert int(dut.io_count.value) == 0, f"{ctx}: DUT io_count={int(dut.io_count.value)} after drain"
    assert len(received) == len(sent), f"{ctx}: sent {len(sent)} words, received {len(received)}"
    check_prefix("after drain")
    words_through += len(received)
    dut._log.info("%s: %d words through, coverage %s", ctx, words_through, cov)
    assert_covered(ctx, cov)


@pytest.mark.parametrize("width,depth,cycles,output_register", FIFO_CASES,
                         ids=[f"w{w}_d{d}" + ("_o1" if o else "") for w, d, _, o in FIFO_CASES])
def test_fifo(rtl_build, width, depth, cycles, output_register):
    built = rtl_build("fifo", width=width, depth=depth, output_register=output_register)
    assert built.top == f"Fifo_w{width}_d{depth}" + ("_o1" if output_register else "")
    built.run("test_fifo", env=dict(TB_WIDTH=width, TB_DEPTH=depth, TB_CYCLES=cycles, TB_OUTPUT_REGISTER=output_register))
