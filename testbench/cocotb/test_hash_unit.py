"""HashUnit: index and tag against ref_mem.SamplerHash (docs/golden-sampler.md "Hash"), under random backpressure.

The contract checked each cycle: one register stage (in_ready = empty or leaving), the hashed tuple presented in order
and held while stalled, pc/w/payload carried along. Tuples are random, with pc == w and one-byte differences mixed in.
"""

from __future__ import annotations

import os
import random

import pytest

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from ref_mem import SamplerHash
from tb_clock import start_clock_and_reset
from tb_coverage import assert_covered

# (key_bits, index_bits, tag_bits, seed, cycles)
CASES = [(32, 11, 2, 0x9E3779B9, 2500), (64, 13, 5, 0x2545F491, 2500), (16, 24, 0, 0x2545F491, 1500)]


@cocotb.test()
async def hash_unit_random(dut):
    k = int(os.environ["TB_KEY_BITS"])
    ib = int(os.environ["TB_INDEX_BITS"])
    tb = int(os.environ["TB_TAG_BITS"])
    hseed = int(os.environ["TB_HASH_SEED"])
    cycles = int(os.environ["TB_CYCLES"])
    rng = random.Random(int(os.environ["TB_SEED"]) * 31 + k + ib)
    ctx = f"HashUnit k={k} i={ib} t={tb} seed={hseed:#x}"
    ref = SamplerHash(k, hseed)
    kmask = (1 << k) - 1

    await start_clock_and_reset(dut, (dut.io_in_valid, dut.io_in_bits_pc, dut.io_in_bits_w, dut.io_in_bits_payload, dut.io_out_ready))

    held = None  # (pc, w, payload, index, tag) in the output register
    pending = None
    cov = dict(accepted=0, stalled=0, accept_while_full=0, pc_equals_w=0)
    p_valid = p_ready = 1.0
    for c in range(cycles):
        if c % 200 == 0:
            p_valid, p_ready = rng.choice([(1.0, 1.0), (1.0, 0.3), (0.5, 1.0), (0.8, 0.8), (1.0, 0.0)])
        if pending is None and rng.random() < p_valid:
            pc = rng.getrandbits(k)
            w = rng.choice([pc, pc ^ (0xFF << 8 * rng.randrange(k // 8)), rng.getrandbits(k), rng.getrandbits(k)]) & kmask
            pending = (pc, w, rng.getrandbits(1))
        out_ready = rng.random() < p_ready
        dut.io_in_valid.value = int(pending is not None)
        if pending is not None:
            dut.io_in_bits_pc.value, dut.io_in_bits_w.value, dut.io_in_bits_payload.value = pending
        dut.io_out_ready.value = int(out_ready)
        await ReadOnly()

        where = f"{ctx} cycle {c}: holding {held}, offered {pending}, out_ready={int(out_ready)}"
        in_ready = held is None or out_ready
        assert int(dut.io_in_ready.value) == in_ready, f"{where}: io_in_ready={int(dut.io_in_ready.value)}"
        assert int(dut.io_out_valid.value) == (held is not None), f"{where}: io_out_valid={int(dut.io_out_valid.value)}"
        if held is not None:
            got = (int(dut.io_out_bits_pc.value), int(dut.io_out_bits_w.value), int(dut.io_out_bits_payload.value),
                   int(dut.io_out_bits_index.value), int(dut.io_out_bits_tag.value))
            assert got == held, f"{where}: out (pc, w, payload, index, tag) = {got}, expected {held}"
            cov["stalled"] += not out_ready

        if held is not None and out_ready:
            held = None
        if pending is not None and in_ready:
            pc, w, payload = pending
            cov["accept_while_full"] += held is None and int(dut.io_out_valid.value) == 1
            held = (pc, w, payload, ref.index(pc, w, ib), ref.tag(pc, w, tb))
            cov["accepted"] += 1
            cov["pc_equals_w"] += pc == w
            pending = None
        await RisingEdge(dut.clock)

    dut._log.info("%s: coverage %s", ctx, cov)
    assert_covered(ctx, cov)


@pytest.mark.parametrize("k,ib,tb,seed,cycles", CASES, ids=[f"k{k}_i{i}_t{t}" for k, i, t, _, _ in CASES])
def test_hash_unit(rtl_build, k, ib, tb, seed, cycles):
    built = rtl_build("hash_unit", key_bits=k, index_bits=ib, tag_bits=tb, seed=seed)
    assert built.top == f"HashUnit_k{k}_i{ib}_tg{tb}_seed{seed:x}_p1"
    built.run("test_hash_unit", env=dict(TB_KEY_BITS=k, TB_INDEX_BITS=ib, TB_TAG_BITS=tb, TB_HASH_SEED=seed,
                                          TB_CYCLES=cycles))
