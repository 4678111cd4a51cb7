"""Sampler engine, design `sampler`: H[P_r]_n against a Python scoreboard built from the paper's definitions.

An AXI4-Stream producer offers a skewed tuple stream with random gaps (holding each tuple until it is taken, from
the first cycle after reset, so the start-up clear of the counter table holds it), and a consumer with random
readiness takes the messages. The scoreboard (sampler_model.py) is fed the tuples in the order the engine accepted
them; the messages must match it exactly, in order. The output must obey AXI4-Stream (a message offered and not taken
stays, unchanged), and the status counters must agree with the handshakes seen.
"""

from __future__ import annotations

import os
import random

import pytest

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from sampler_model import StratifiedPeriodicSampler
from tb_clock import start_clock_and_reset
from tb_coverage import assert_covered

K = 32
MASK = (1 << K) - 1

# (spec, r, n, tuples): the paper's default H[P256]2048, and a small table that fills quickly
CASES = [("H[P256]2048", 256, 2048, 4000), ("H[P8]64", 8, 64, 3000)]


def skewed_stream(rng: random.Random, count: int) -> list[tuple[int, int]]:
    hot = [(0x08048000 + 16 * i, rng.getrandbits(K)) for i in range(4)]
    out = []
    for _ in range(count):
        if rng.random() < 0.7:
            out.append(rng.choice(hot))
        else:
            out.append((0x08048000 + 4 * rng.randrange(64), rng.getrandbits(K)))
    return out


@cocotb.test()
async def sampler_matches_scoreboard(dut):
    r, n, count = (int(os.environ[k]) for k in ("TB_R", "TB_N", "TB_TUPLES"))
    seed = int(os.environ["TB_SEED"])
    rng = random.Random(seed * 7919 + r * 31 + n)
    ctx = f"H[P{r}]{n} seed={seed}"
    tuples = skewed_stream(rng, count)
    model = StratifiedPeriodicSampler(r, n, K)

    await start_clock_and_reset(dut, [dut.io_s_axis_tvalid, dut.io_s_axis_tdata, dut.io_s_axis_tlast, dut.io_m_axis_tready])

    expected: list[tuple[int, int, int]] = []
    got: list[tuple[int, int, int]] = []
    cov = dict(messages=0, held_while_clearing=0, out_stall=0, same_stratum_back_to_back=0, in_gap=0)
    nxt = 0
    offering = False
    waiting = None  # message offered and not taken last cycle
    in_stalls = out_stalls = 0
    last_index = None
    cycle = 0
    limit = 2 * n + 8 * count + 1000
    while True:
        if not offering and nxt < count and rng.random() < 0.8:
            offering = True
            pc, w = tuples[nxt]
            dut.io_s_axis_tdata.value = (w << K) | pc
            dut.io_s_axis_tlast.value = int(nxt == count - 1)
        cov["in_gap"] += not offering and nxt < count
        dut.io_s_axis_tvalid.value = int(offering)
        ready = rng.random() < 0.5
        dut.io_m_axis_tready.value = int(ready)

        await ReadOnly()
        where = f"{ctx} cycle {cycle}"
        if offering:
            if int(dut.io_s_axis_tready.value):
                pc, w = tuples[nxt]
                idx = model.index(pc, w)
                cov["same_stratum_back_to_back"] += idx == last_index
                last_index = idx
                m = model.push(pc, w)
                if m is not None:
                    expected.append(m)
                nxt += 1
                offering = False
            else:
                in_stalls += 1
                cov["held_while_clearing"] += int(dut.io_status_clearing.value)
        if int(dut.io_m_axis_tvalid.value):
            data = int(dut.io_m_axis_tdata.value)
            assert waiting is None or waiting == data, f"{where}: m_axis_tdata changed while waiting for tready"
            if ready:
                got.append((data & MASK, (data >> K) & MASK, data >> (2 * K)))
                i = len(got) - 1
                assert i < len(expected), f"{where}: message #{i} {got[i]} but the scoreboard expects only {len(expected)}"
                assert got[i] == expected[i], f"{where}: message #{i} is {got[i]}, scoreboard says {expected[i]}"
                waiting = None
            else:
                out_stalls += 1
                cov["out_stall"] += 1
                waiting = data
        else:
            assert waiting is None, f"{where}: m_axis_tvalid dropped before the message was taken"
        if nxt == count and not offering and waiting is None and int(dut.io_status_idle.value):
            break
        assert cycle < limit, f"{ctx}: not done after {limit} cycles ({nxt}/{count} tuples taken)"
        await RisingEdge(dut.clock)
        cycle += 1

    assert got == expected, f"{ctx}: {len(got)} messages, scoreboard {len(expected)}"
    cov["messages"] = len(got)
    st = {f: int(getattr(dut, f"io_status_{f}").value) for f in ("tuplesIn", "messagesOut", "inStalls", "outStalls")}
    assert st == dict(tuplesIn=count, messagesOut=len(got), inStalls=in_stalls, outStalls=out_stalls), f"{ctx}: status {st}"
    dut._log.info("%s: %d tuples, %d messages in %d cycles, coverage %s", ctx, count, len(got), cycle, cov)
    assert_covered(ctx, cov)


@pytest.mark.parametrize("spec,r,n,tuples", CASES, ids=[c[0] for c in CASES])
def test_sampler(rtl_build, spec, r, n, tuples):
    built = rtl_build("sampler", spec=spec)
    assert built.top.startswith("SamplerEngine_"), built.top
    built.run("test_sampler", env=dict(TB_R=r, TB_N=n, TB_TUPLES=tuples))
