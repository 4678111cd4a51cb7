"""SatCounter: random inc/amount/clear against refmodels.SatCounterModel (written from the SatCounter.java contract).

Stimulus runs in episodes: a climb towards the maximum (biased to large amounts, with deliberate exact landings on
the maximum), one synchronous reset mid-run, time spent saturated (increments that would overflow, amount 0, idle), clears — alone and together
with inc — at random points. io_value and io_saturated are checked every cycle.
"""

from __future__ import annotations

import os
import random

import pytest

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from refmodels import SatCounterModel
from tb_coverage import assert_covered

# (width, amount_width, cycles)
SAT_CASES = [(1, 1, 2000), (4, 2, 4000), (6, 6, 4000), (8, 3, 6000), (16, 4, 40000)]


@cocotb.test()
async def sat_counter_random(dut):
    width = int(os.environ["TB_WIDTH"])
    aw = int(os.environ["TB_AMOUNT_WIDTH"])
    cycles = int(os.environ["TB_CYCLES"])
    seed = int(os.environ["TB_SEED"])
    rng = random.Random(seed * 65537 + width * 17 + aw)
    ctx = f"SatCounter w={width} a={aw} seed={seed}"
    vmax, amax = (1 << width) - 1, (1 << aw) - 1

    cocotb.start_soon(Clock(dut.clock, 10, unit="ns").start())
    dut.reset.value = 1
    dut.io_inc.value = 0
    dut.io_amount.value = 0
    dut.io_clear.value = 0
    for _ in range(3):
        await RisingEdge(dut.clock)
    dut.reset.value = 0

    model = SatCounterModel(width)
    cov = dict(exact_landing=0, overflow_clamp=0, inc_while_saturated=0, clear_with_inc=0, clear_when_saturated=0,
               amount_zero_at_max=0)
    mode, mode_left = "climb", 0
    prev = "none (first cycle after reset)"

    # Clears must be rare enough for a wide counter to climb all the way up (vmax/amax increments), frequent once
    # saturated so that every episode starts over.
    clear_weight_unsat = min(0.2, 4 * amax / vmax)

    def pick() -> tuple[int, int, int]:
        nonlocal mode, mode_left
        if mode_left == 0:
            w_clear = 3.0 if model.saturated else clear_weight_unsat
            mode = rng.choices(("climb", "land", "random", "hold", "clear"), weights=(2, 1, 1, 1, w_clear))[0]
            mode_left = 1 if mode == "clear" else rng.randint(5, 120)
        mode_left -= 1
        clear = 0
        if mode == "clear":  # alone or together with an increment (clear must win)
            clear, inc, amount = 1, cov["clear_with_inc"] == 0 or rng.random() < 0.7, rng.choice((amax, rng.randint(0, amax)))
        elif mode == "climb":
            inc, amount = rng.random() < 0.95, rng.choice((amax, amax, rng.randint(0, amax)))
            gap = vmax - model.value
            if 0 < gap <= amax and rng.random() < 0.5:  # half the approaches land exactly on the maximum
                amount = gap
        elif mode == "land":  # steer towards landing exactly on the maximum (stimulus may look at the model)
            gap = vmax - model.value
            inc = rng.random() < 0.9
            amount = gap if 0 < gap <= amax and rng.random() < 0.7 else rng.choice((amax, rng.randint(0, amax)))
        elif mode == "hold":
            inc, amount = rng.random() < 0.5, rng.choice((0, amax, rng.randint(0, amax)))
        else:
            inc, amount = rng.random() < 0.5, rng.randint(0, amax)
            clear = int(rng.random() < clear_weight_unsat / 20)
        # Coverage-driven steering so that wide counters, which reach the maximum only a few times per run, still
        # exercise the rare corners regardless of the seed.
        gap = vmax - model.value
        if inc and not clear and 0 < gap <= amax and cov["exact_landing"] == 0:
            amount = gap
        if inc and not clear and gap == 0 and cov["amount_zero_at_max"] == 0:
            amount = 0
        return int(inc), amount, int(clear)

    did_reset = False
    for c in range(cycles):
        if not did_reset and c >= cycles // 2 and model.value > 0:
            # Synchronous reset mid-run, with an increment requested at the same time: reset wins.
            did_reset = True
            dut.reset.value = 1
            dut.io_inc.value = 1
            dut.io_amount.value = amax
            dut.io_clear.value = 0
            await RisingEdge(dut.clock)
            dut.reset.value = 0
            model = SatCounterModel(width)
            prev = "synchronous reset with inc=1"
        inc, amount, clear = pick()
        dut.io_inc.value = inc
        dut.io_amount.value = amount
        dut.io_clear.value = clear
        await ReadOnly()
        got_v, got_s = int(dut.io_value.value), bool(dut.io_saturated.value)
        where = f"{ctx} cycle {c} (previous cycle: {prev})"
        assert got_v == model.value, f"{where}: io_value={got_v}, expected {model.value}"
        assert got_s == model.saturated, (f"{where}: io_saturated={int(got_s)}, expected {int(model.saturated)} "
                                          f"(value {model.value}, max {vmax})")
        if inc and not clear:
            cov["exact_landing"] += model.value < vmax and model.value + amount == vmax
            cov["overflow_clamp"] += model.value + amount > vmax
            cov["inc_while_saturated"] += model.saturated
            cov["amount_zero_at_max"] += amount == 0 and model.value == vmax
        cov["clear_with_inc"] += clear and inc
        cov["clear_when_saturated"] += clear and model.saturated
        prev = f"value={model.value} saturated={int(model.saturated)} inc={inc} amount={amount} clear={clear}"
        model.step(bool(inc), amount, bool(clear))
        await RisingEdge(dut.clock)

    dut._log.info("%s: %d cycles, coverage %s", ctx, cycles, cov)
    assert_covered(ctx, cov)


@pytest.mark.parametrize("width,amount_width,cycles", SAT_CASES, ids=[f"w{w}_a{a}" for w, a, _ in SAT_CASES])
def test_sat_counter(rtl_build, width, amount_width, cycles):
    built = rtl_build("sat_counter", width=width, amount_width=amount_width)
    assert built.top == f"SatCounter_w{width}_inc{amount_width}"
    built.run("test_sat_counter", env=dict(TB_WIDTH=width, TB_AMOUNT_WIDTH=amount_width, TB_CYCLES=cycles))
