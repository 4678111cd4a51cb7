"""Arbiter: exhaustive over every in.valid vector x out.ready for small N, random vs the reference for N = 64.

Checks io_out_valid, io_out_bits and io_chosen (while out.valid) and every io_in_i_ready against refmodels.arbiter_ref,
which is written from the Arbiter.java contract (lowest index wins).
"""

from __future__ import annotations

import os
import random

import pytest

import cocotb
from cocotb.triggers import Timer

from refmodels import arbiter_ref

# (inputs, width, mode)
ARB_CASES = [(2, 8, "exhaustive"), (3, 8, "exhaustive"), (5, 8, "exhaustive"), (7, 8, "exhaustive"), (8, 8, "exhaustive"),
             (3, 1, "exhaustive"), (33, 8, "random"), (64, 8, "random")]
RANDOM_VECTORS = 5000


def vectors_random(n: int, rng: random.Random):
    """Valid vectors for large N: corner cases, every possible winner, and a spread of densities."""
    yield [False] * n
    yield [True] * n
    for i in range(n):  # one-hot: every index can win alone
        yield [j == i for j in range(n)]
    for i in range(n):  # lowest valid at i, arbitrary traffic above it (several per winner)
        for _ in range(8):
            yield [j == i or (j > i and rng.random() < rng.choice((0.05, 0.5, 0.95))) for j in range(n)]
    while True:
        p = rng.choice((0.005, 0.02, 0.05, 0.1, 0.3, 0.5, 0.9))
        yield [rng.random() < p for _ in range(n)]


@cocotb.test()
async def arbiter_vectors(dut):
    n = int(os.environ["TB_INPUTS"])
    width = int(os.environ["TB_WIDTH"])
    mode = os.environ["TB_MODE"]
    seed = int(os.environ["TB_SEED"])
    rng = random.Random(seed * 7919 + n * 31 + width)
    ctx = f"Arbiter n={n} w={width} seed={seed}"

    dut.clock.value = 0
    dut.reset.value = 0
    in_valid = [getattr(dut, f"io_in_{i}_valid") for i in range(n)]
    in_bits = [getattr(dut, f"io_in_{i}_bits") for i in range(n)]
    in_ready = [getattr(dut, f"io_in_{i}_ready") for i in range(n)]

    if mode == "exhaustive":
        cases = [([bool(v >> i & 1) for i in range(n)], r) for v in range(1 << n) for r in (False, True)]
    else:
        gen = vectors_random(n, rng)
        cases = [(next(gen), rng.random() < 0.5) for _ in range(RANDOM_VECTORS)]
        cases += [(v, not r) for v, r in cases[: 2 * n + 2]]  # corner vectors with both out.ready values

    winners_seen = set()
    failures: list[str] = []
    for k, (valids, out_ready) in enumerate(cases):
        # Distinct payloads where the width allows, so a wrong mux select cannot hide behind equal data.
        if (1 << width) >= n:
            bits = rng.sample(range(1 << width), n)
        else:
            bits = [rng.getrandbits(width) for _ in range(n)]
        for i in range(n):
            in_valid[i].value = int(valids[i])
            in_bits[i].value = bits[i]
        dut.io_out_ready.value = int(out_ready)
        await Timer(1, "ns")

        exp = arbiter_ref(valids, bits, out_ready)
        got_valid = bool(dut.io_out_valid.value)
        got_ready = [bool(h.value) for h in in_ready]
        errs = []
        if got_valid != exp.out_valid:
            errs.append(f"io_out_valid={int(got_valid)} expected {int(exp.out_valid)}")
        if exp.out_valid:
            winners_seen.add(exp.chosen)
            got_chosen = int(dut.io_chosen.value)
            got_bits = int(dut.io_out_bits.value)
            if got_chosen != exp.chosen:
                errs.append(f"io_chosen={got_chosen} expected {exp.chosen}")
            if got_bits != exp.out_bits:
                errs.append(f"io_out_bits={got_bits:#x} expected {exp.out_bits:#x} (input {exp.chosen}'s bits)")
        for i in range(n):
            if got_ready[i] != exp.in_ready[i]:
                errs.append(f"io_in_{i}_ready={int(got_ready[i])} expected {int(exp.in_ready[i])}")
        if errs:
            vec = "".join("1" if v else "0" for v in reversed(valids))
            failures.append(f"vector #{k}: valid[{n - 1}:0]=0b{vec} out_ready={int(out_ready)}: " + "; ".join(errs))
            if len(failures) >= 10:
                break

    assert not failures, f"{ctx}: {len(failures)}+ mismatching vectors, first ones:\n  " + "\n  ".join(failures)
    assert winners_seen == set(range(n)), f"{ctx}: not every input won at least once: {sorted(winners_seen)}"
    dut._log.info("%s: %d vectors (%s) checked, every input won at least once", ctx, len(cases), mode)


@pytest.mark.parametrize("inputs,width,mode", ARB_CASES, ids=[f"n{n}_w{w}_{m}" for n, w, m in ARB_CASES])
def test_arbiter(rtl_build, inputs, width, mode):
    built = rtl_build("arbiter", inputs=inputs, width=width)
    built.run("test_arbiter", env=dict(TB_INPUTS=inputs, TB_WIDTH=width, TB_MODE=mode))
