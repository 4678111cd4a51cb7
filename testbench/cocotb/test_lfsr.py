"""Lfsr: the sampler configuration against the docs/golden-sampler.md LFSR, other widths by their period.

* width 32, 16 steps per advance, seed 0xACE1ACE1: io_state every cycle against ref_mem.lfsr_step with the documented
  taps 32,22,2,1, under random advance and one mid-run reset (back to the seed).
* other widths: model-free. Over 2^w - 1 advances (steps coprime to 2^w - 1) the state must visit 2^w - 1 distinct
  nonzero values and come back to the seed, i.e. the block is a maximal-length LFSR whatever its taps and unroll.
"""

from __future__ import annotations

import math
import os
import random

import pytest

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from ref_mem import GOLDEN_LFSR_SEED, GOLDEN_LFSR_TAPS, GOLDEN_STEPS_PER_EVENT, lfsr_step
from tb_clock import start_clock_and_reset

# (width, steps, seed, cycles); the golden configuration first
CASES = [(32, GOLDEN_STEPS_PER_EVENT, GOLDEN_LFSR_SEED, 3000), (11, 5, 0x2A5, 3000), (7, 1, 1, 400), (4, 13, 9, 100)]


@cocotb.test()
async def lfsr_sequence(dut):
    width = int(os.environ["TB_WIDTH"])
    steps = int(os.environ["TB_STEPS"])
    seed = int(os.environ["TB_LFSR_SEED"])
    cycles = int(os.environ["TB_CYCLES"])
    rng = random.Random(int(os.environ["TB_SEED"]) + width)
    ctx = f"Lfsr w={width} steps={steps} seed={seed:#x}"
    golden = (width, steps, seed) == (32, GOLDEN_STEPS_PER_EVENT, GOLDEN_LFSR_SEED)
    period = (1 << width) - 1
    assert math.gcd(steps, period) == 1, "the period check needs steps coprime to 2^w - 1"

    await start_clock_and_reset(dut, (dut.io_advance,))

    state, advances, seen, checked = seed, 0, set(), -1
    reset_at = cycles // 2 if golden else -1
    for c in range(cycles):
        adv = rng.random() < (0.85 if not golden else 0.7)
        dut.io_advance.value = int(adv)
        dut.reset.value = int(c == reset_at)
        await ReadOnly()
        got = int(dut.io_state.value)
        if golden:
            assert got == state, f"{ctx} cycle {c}: io_state={got:#x}, expected {state:#x}"
        elif advances == checked:
            assert got == last, f"{ctx} cycle {c}: state changed from {last:#x} to {got:#x} without an advance"
        elif advances < period:
            assert got != 0 and got not in seen, f"{ctx}: state {got:#x} repeated (or zero) after {advances} advances"
            seen.add(got)
        elif advances == period:
            assert got == seed, f"{ctx}: after 2^w-1 advances the state is {got:#x}, expected the seed {seed:#x}"
            break
        checked, last = advances, got
        if c == reset_at:
            state = seed
        elif adv:
            if golden:
                for _ in range(steps):
                    state = lfsr_step(state, 32, GOLDEN_LFSR_TAPS)
            advances += 1
        await RisingEdge(dut.clock)
    if not golden:
        assert advances == period, f"{ctx}: only {advances} advances in {cycles} cycles; raise the cycle count"
        assert len(seen) == period


@pytest.mark.parametrize("width,steps,seed,cycles", CASES, ids=[f"w{w}_s{s}" for w, s, _, _ in CASES])
def test_lfsr(rtl_build, width, steps, seed, cycles):
    built = rtl_build("lfsr", width=width, steps=steps, seed=seed)
    assert built.top == f"Lfsr_w{width}_st{steps}_seed{seed:x}"
    built.run("test_lfsr", env=dict(TB_WIDTH=width, TB_STEPS=steps, TB_LFSR_SEED=seed, TB_CYCLES=cycles))
