"""PrefixSelector: cycle-accurate against ref_cam (select_longest through a global-stall pipeline of
ceil(log2(entries) / levels_per_stage) stages), with random output backpressure and input gaps.

* exhaustive: every match vector x every assignment of lens from a small set (0, values one bit apart, the maximum);
* random (256 slots): each slot once the unique longest match and once the winner of a tie with higher slots, then
  RAP-like nested prefix sets in shuffled slots searched with keys mostly inside them, then random vectors with
  many ties.

Every cycle checks io_in_ready, io_out_valid and, while valid, found/slot/len/payload; a scoreboard fed only by the
DUT's handshakes checks one output per accepted request, in order, held while not taken.
"""

from __future__ import annotations

import itertools
import os
import random

import pytest

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from ref_cam import Selection, StallPipe, select_longest, selector_latency, tcam_matches
from tb_clock import start_clock_and_reset
from tb_coverage import assert_covered
from tb_stream import HoldingSource, Scoreboard, Traffic, key_in, nested_prefixes, prefix_mask

# (mode, entries, len_bits, levels_per_stage, lens set for exhaustive / request count for random)
SEL_CASES = [("exhaustive", 3, 2, 1, (0, 1, 2, 3)), ("exhaustive", 4, 2, 1, (0, 2, 3)), ("exhaustive", 4, 2, 2, (0, 2, 3)),
             ("exhaustive", 5, 3, 2, (0, 6, 7)), ("random", 256, 6, 2, 1200)]
PAYLOAD_BITS = 16


def exhaustive_requests(n: int, values: tuple[int, ...]):
    k = 0
    for m in range(1 << n):
        for lens in itertools.product(values, repeat=n):
            yield m, list(lens), k
            k += 1


def random_requests(rng: random.Random, n: int, len_bits: int, count: int):
    top = (1 << len_bits) - 1
    k = 0
    for i in range(n):  # slot i the unique longest, then the winner of a tie with higher slots
        m = (1 << i) | sum(1 << j for j in range(n) if rng.random() < 0.25)
        lens = [rng.randrange(top) for _ in range(n)]
        lens[i] = top
        yield m, lens, k
        m = (1 << i) | sum(1 << j for j in range(n) if rng.random() < (0.3 if j > i else 0.5))
        lens = [40 if j > i and rng.random() < 0.5 else rng.randrange(40) for j in range(n)]
        lens[i] = 40
        yield m, lens, k + 1
        k += 2
    prefixes = nested_prefixes(rng, 32, 4, 241)
    slots = list(range(n))
    for r in range(count):
        if r % 200 == 0:
            rng.shuffle(slots)
        if r % 2 == 0:
            value, length = rng.choice(prefixes)
            key = key_in(rng, value, prefix_mask(length, 32)) if rng.random() < 0.9 else rng.getrandbits(32)
            lens = [rng.randrange(top + 1) for _ in range(n)]
            m = 0
            for (v, l), s in zip(prefixes, slots):
                lens[s] = l
                m |= tcam_matches(key, v, prefix_mask(l, 32)) << s
        else:
            density = rng.choice((0.002, 0.02, 0.2, 0.9))
            span = rng.choice((3, top + 1))
            m = sum(1 << j for j in range(n) if rng.random() < density)
            lens = [rng.randrange(span) for _ in range(n)]
        yield m, lens, k
        k += 1


@cocotb.test()
async def prefix_selector_traffic(dut):
    mode = os.environ["TB_MODE"]
    n = int(os.environ["TB_ENTRIES"])
    len_bits = int(os.environ["TB_LEN_BITS"])
    lps = int(os.environ["TB_LEVELS_PER_STAGE"])
    seed = int(os.environ["TB_SEED"])
    rng = random.Random(seed * 104729 + n * 17 + lps)
    ctx = f"PrefixSelector n={n} l={len_bits} s={lps} {mode} seed={seed}"
    if mode == "exhaustive":
        values = tuple(int(v) for v in os.environ["TB_LENS"].split(","))
        requests = exhaustive_requests(n, values)
        total = (1 << n) * len(values) ** n
    else:
        total = 2 * n + int(os.environ["TB_COUNT"])
        requests = random_requests(rng, n, len_bits, int(os.environ["TB_COUNT"]))

    await start_clock_and_reset(dut, [dut.io_in_valid, dut.io_out_ready])

    lens_h = [getattr(dut, f"io_in_bits_lens_{i}") for i in range(n)]
    pipe = StallPipe(selector_latency(n, lps))
    traffic = Traffic(rng)
    source = HoldingSource()
    sb = Scoreboard(ctx)
    won = [False] * n
    cov = dict(output_stall=0, input_blocked=0, accept_while_output_valid=0, not_found=0, tie_won_by_lowest=0)
    pmask = (1 << PAYLOAD_BITS) - 1
    presented = None  # the request whose lens are on the ports (rewriting 256 handles only when it changes)
    c = 0
    more = True
    while more or not source.idle() or not pipe.empty():
        while more and len(source.queue) < 2:
            nxt = next(requests, None)
            if nxt is None:
                more = False
            else:
                source.offer(nxt)
        draining = not more and source.idle()
        traffic.tick()
        q = None if draining else source.present(traffic.idle())
        ready = draining or traffic.ready()
        dut.io_in_valid.value = int(q is not None)
        dut.io_out_ready.value = int(ready)
        if q is not None and q is not presented:
            dut.io_in_bits_match.value = q[0]
            dut.io_in_bits_payload.value = q[2] & pmask
            for h, v in zip(lens_h, q[1]):
                h.value = v
            presented = q
        await ReadOnly()

        where = f"{ctx} cycle {c}"
        out = pipe.out()
        exp_ready = pipe.in_ready(ready)
        got_ready = bool(dut.io_in_ready.value)
        got_valid = bool(dut.io_out_valid.value)
        assert got_ready == exp_ready, f"{where}: io_in_ready={int(got_ready)}, expected {int(exp_ready)}"
        assert got_valid == (out is not None), f"{where}: io_out_valid={int(got_valid)}, expected {int(out is not None)}"
        got = None
        if got_valid:
            got = Selection(bool(dut.io_out_bits_found.value), int(dut.io_out_bits_slot.value), int(dut.io_out_bits_len.value),
                            int(dut.io_out_bits_payload.value))
            assert got == out, f"{where}: output {got}, expected {out}"
        sb.output(where, got_valid, ready, got)
        if got_valid and ready:
            if got.found:
                won[got.slot] = True
            else:
                cov["not_found"] += 1
        cov["output_stall"] += got_valid and not ready
        cov["input_blocked"] += q is not None and not got_ready
        item = None
        if q is not None:
            item = select_longest(q[0], q[1], q[2] & pmask)
            if got_ready:
                sb.accepted(item)
                cov["accept_while_output_valid"] += got_valid
                cov["tie_won_by_lowest"] += item.found and q[1].count(item.len) > 1 and any(
                    q[0] >> j & 1 and q[1][j] == item.len for j in range(item.slot + 1, n))
        pipe.clock(False, item, ready)
        if q is not None and exp_ready:
            source.taken()
        await RisingEdge(dut.clock)
        c += 1

    sb.finish()
    assert sb.delivered == total, f"{ctx}: {sb.delivered} outputs, expected {total}"
    assert all(won), f"{ctx}: slots that never won: {[i for i in range(n) if not won[i]]}"
    dut._log.info("%s: %d cycles, %d requests, coverage %s", ctx, c, total, cov)
    assert_covered(ctx, cov)


@pytest.mark.parametrize("mode,entries,len_bits,lps,arg", SEL_CASES,
                         ids=[f"{m}_n{n}_l{l}_s{s}" for m, n, l, s, _ in SEL_CASES])
def test_prefix_selector(rtl_build, mode, entries, len_bits, lps, arg):
    built = rtl_build("prefix_selector", entries=entries, len_bits=len_bits, payload_bits=PAYLOAD_BITS, levels_per_stage=lps)
    assert built.top == f"PrefixSelector_n{entries}_l{len_bits}_p{PAYLOAD_BITS}_ls{lps}"
    env = dict(TB_MODE=mode, TB_ENTRIES=entries, TB_LEN_BITS=len_bits, TB_LEVELS_PER_STAGE=lps)
    env.update(TB_LENS=",".join(map(str, arg))) if mode == "exhaustive" else env.update(TB_COUNT=arg)
    built.run("test_prefix_selector", env=env)
