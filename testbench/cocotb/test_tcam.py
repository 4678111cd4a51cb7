"""Tcam: cycle-accurate against ref_cam.TcamModel with random result backpressure and search gaps. The coroutine
also drives the BramTcam (test_bram_tcam.py): TB_LATENCY and TB_SWEEP_CLOCKS give the model its timing, and writes
are held until io_write_ready.

* exhaustive (4 entries x 4 key bits): 512 tables in which every entry position takes every (valid, value, mask)
  combination; each table is written, then all 16 keys are searched.
* random: RAP-like nested prefixes in shuffled slots plus random ternary entries, rewritten, invalidated and written
  past the last entry under traffic (so some searches are accepted on the edge of a write that changes their match),
  and one synchronous reset in mid-run followed by a reload.

Every cycle checks io_search_ready, io_write_ready, io_result_valid, io_entryValid and, while valid, the result's key, payload and
match vector; a scoreboard fed only by the DUT's handshakes checks one result per accepted search, in order.
"""

from __future__ import annotations

import os
import random

import pytest

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from ref_cam import TcamModel, TcamResult, tcam_matches
from tb_clock import start_clock_and_reset
from tb_coverage import assert_covered
from tb_stream import HoldingSource, Scoreboard, Traffic, key_in, nested_prefixes, prefix_mask

# (mode, entries, key_bits, payload_bits, cycles for random)
TCAM_CASES = [("exhaustive", 4, 4, 16, 0), ("random", 5, 8, 12, 3000), ("random", 256, 32, 16, 3000)]
COMBOS = 512  # valid (bit 8), mask (bits 7..4), value (bits 3..0) of one 4-bit entry


class Exhaustive:
    """Table t holds combination (t + 128 p) mod 512 at entry p; searches start the cycle after its last write."""

    def __init__(self, source: HoldingSource):
        self.source = source
        self.table = -1
        self.writes: list = []
        self.searches_next = False

    @staticmethod
    def combo(t: int, p: int) -> int:
        return (t + 128 * p) % COMBOS

    def done(self) -> bool:
        return self.table == COMBOS - 1 and not self.writes and not self.searches_next and self.source.idle()

    def tick(self) -> None:
        pass

    def reset_now(self) -> bool:
        return False

    def write(self):
        if self.searches_next:
            for key in range(16):
                self.source.offer((key, self.table * 16 + key))
            self.searches_next = False
            return None
        if not self.writes and self.source.idle() and self.table + 1 < COMBOS:
            self.table += 1
            for p in range(4):
                c = self.combo(self.table, p)
                self.writes.append((p, c & 15, c >> 4 & 15, c >> 8 == 1))
        if not self.writes:
            return None
        w = self.writes.pop(0)
        self.searches_next = not self.writes
        return w


class RandomTables:
    def __init__(self, rng: random.Random, source: HoldingSource, entries: int, key_bits: int, cycles: int, cov: dict):
        self.rng, self.source, self.entries, self.key_bits, self.cov = rng, source, entries, key_bits, cov
        self.prefixes = nested_prefixes(rng, key_bits, 4 if key_bits >= 16 else 1, min(entries - 10, 241) if entries > 16 else entries)
        self.table: list = [None] * entries
        self.reload: list = []
        self.cycle = 0
        self.cycles = cycles
        self.reset_at = cycles // 2
        self.reloaded = False
        self.next_phase = 0
        self.p_write = 0.0
        self.payload = 0
        self.load()

    def load(self) -> None:
        slots = list(range(self.entries))
        self.rng.shuffle(slots)
        for i, slot in enumerate(slots):
            self.reload.append(self.prefix_write(slot, *self.prefixes[i]) if i < len(self.prefixes) else self.random_write(slot))

    def prefix_write(self, slot: int, value: int, length: int):
        return (slot, value, prefix_mask(length, self.key_bits), True)

    def random_write(self, slot: int):
        r = self.rng.getrandbits
        mask = r(self.key_bits) | r(self.key_bits) if self.rng.random() < 0.5 else r(self.key_bits) & r(self.key_bits)
        return (slot, r(self.key_bits), mask, self.rng.random() < 0.85)

    def done(self) -> bool:
        return self.cycle >= self.cycles and self.source.current is None  # the queued searches are simply dropped

    def tick(self) -> None:
        """Once per cycle, before reset_now and write (which is not called while a write waits for ready)."""
        self.cycle += 1

    def reset_now(self) -> bool:
        return self.reset_at <= self.cycle < self.reset_at + 2

    def write(self):
        if self.cycle >= self.reset_at + 2 and not self.reloaded:
            self.reloaded = True
            self.table = [None] * self.entries
            self.reload = []
            self.load()
        while len(self.source.queue) < 4:
            self.source.offer((self.key(), self.payload))
            self.payload += 1
        if self.cycle >= self.next_phase:
            self.next_phase += 300
            self.p_write = self.rng.choice((0.0, 0.05, 0.3, 1.0))
        w = self.reload.pop(0) if self.reload else (self.rewrite() if self.rng.random() < self.p_write else None)
        if w is not None:
            if w[0] < self.entries:
                self.table[w[0]] = w
            else:
                self.cov["write_past_last_entry"] += 1
        return w

    def rewrite(self):
        slot = self.rng.randrange(self.entries)
        kind = self.rng.randrange(6)
        if kind < 2:
            return self.prefix_write(slot, *self.rng.choice(self.prefixes))
        if kind < 4:
            return self.random_write(slot)
        if kind == 4:
            return (slot, 0, 0, False)
        index_space = 1 << (self.entries - 1).bit_length()
        return (self.rng.randrange(index_space), self.rng.getrandbits(self.key_bits), self.rng.getrandbits(self.key_bits), True)

    def key(self) -> int:
        e = self.table[self.rng.randrange(self.entries)]
        if e is not None and self.rng.random() < 0.33:
            return key_in(self.rng, e[1], e[2])
        if self.rng.random() < 0.12:
            return self.rng.getrandbits(self.key_bits)
        value, length = self.rng.choice(self.prefixes)
        return key_in(self.rng, value, prefix_mask(length, self.key_bits))


@cocotb.test()
async def tcam_traffic(dut):
    mode = os.environ["TB_MODE"]
    entries = int(os.environ["TB_ENTRIES"])
    key_bits = int(os.environ["TB_KEY_BITS"])
    payload_bits = int(os.environ["TB_PAYLOAD_BITS"])
    cycles = int(os.environ["TB_CYCLES"])
    latency = int(os.environ.get("TB_LATENCY", 1))
    sweep_clocks = int(os.environ.get("TB_SWEEP_CLOCKS", 0))
    seed = int(os.environ["TB_SEED"])
    rng = random.Random(seed * 7907 + entries * 131 + key_bits)
    ctx = f"{dut._name} {mode} seed={seed}"

    await start_clock_and_reset(dut, [dut.io_write_valid, dut.io_search_valid, dut.io_result_ready])

    model = TcamModel(entries, latency, sweep_clocks)
    traffic = Traffic(rng)
    source = HoldingSource()
    sb = Scoreboard(ctx)
    cov = dict(output_stall=0, search_blocked=0, accept_while_output_valid=0, multi_match=0, no_match=0)
    if mode == "exhaustive":
        driver = Exhaustive(source)
        seen = set()
    else:
        cov.update(same_edge_write_changes_match=0, reset_with_results_pending=0, results_after_reset=0)
        if entries & (entries - 1):
            cov["write_past_last_entry"] = 0
        if sweep_clocks:
            cov.update(write_while_searching=0, write_while_result_stalled=0, sweep_held=0, back_to_back_accepts=0)
        driver = RandomTables(rng, source, entries, key_bits, cycles, cov)
    index_bits = max(1, (entries - 1).bit_length())
    kmask, pmask = (1 << key_bits) - 1, (1 << payload_bits) - 1

    c = 0
    held = None  # a write presented and not yet taken stays presented, unchanged
    accepted_last = False
    while not driver.done() or not model.pipe.empty():
        draining = driver.done()
        traffic.tick()
        driver.tick()
        rst = not draining and driver.reset_now()
        if held is None and not draining:
            held = driver.write()
        w = None if draining else held
        s = None if draining else source.present(traffic.idle())
        ready = draining or traffic.ready()
        dut.reset.value = int(rst)
        dut.io_write_valid.value = int(w is not None)
        wi, wv, wm, wb = w if w is not None else (rng.getrandbits(index_bits), rng.getrandbits(key_bits), rng.getrandbits(key_bits), rng.random() < 0.5)
        dut.io_write_bits_index.value = wi
        dut.io_write_bits_value.value = wv
        dut.io_write_bits_mask.value = wm
        dut.io_write_bits_valid.value = int(wb)
        dut.io_search_valid.value = int(s is not None)
        dut.io_search_bits_key.value = s[0] & kmask if s else rng.getrandbits(key_bits)
        dut.io_search_bits_payload.value = s[1] & pmask if s else rng.getrandbits(payload_bits)
        dut.io_result_ready.value = int(ready)
        await ReadOnly()

        where = f"{ctx} cycle {c}"
        out = model.pipe.out()
        exp_ready = model.search_ready(ready)
        got_ready = bool(dut.io_search_ready.value)
        got_wready = bool(dut.io_write_ready.value)
        assert got_wready == model.write_ready(), f"{where}: io_write_ready={int(got_wready)}, expected {int(model.write_ready())}"
        got_valid = bool(dut.io_result_valid.value)
        assert got_ready == exp_ready, f"{where}: io_search_ready={int(got_ready)}, expected {int(exp_ready)}"
        assert got_valid == (out is not None), f"{where}: io_result_valid={int(got_valid)}, expected {int(out is not None)}"
        got_ev = int(dut.io_entryValid.value)
        assert got_ev == model.entry_valid(), f"{where}: io_entryValid={got_ev:#x}, expected {model.entry_valid():#x}"
        got = None
        if got_valid:
            got = TcamResult(int(dut.io_result_bits_key.value), int(dut.io_result_bits_payload.value), int(dut.io_result_bits_match.value))
            assert got == out, f"{where}: result {got}, expected {out}"

        write_taken = w is not None and got_wready and not rst
        if rst:
            cov["reset_with_results_pending"] += out is not None
            sb.reset()
            accepted_last = False
        else:
            sb.output(where, got_valid, ready, got)
            if got_valid and ready and mode == "exhaustive":
                t, key = divmod(got.payload, 16)
                seen.update((p, Exhaustive.combo(t, p), key) for p in range(4))
            if got_valid and ready:
                if "results_after_reset" in cov:
                    cov["results_after_reset"] += driver.reloaded
                cov["multi_match"] += bin(got.match).count("1") > 1
                cov["no_match"] += got.match == 0
            cov["output_stall"] += got_valid and not ready
            if s is not None and got_ready:
                sb.accepted(TcamResult(s[0] & kmask, s[1] & pmask, model.match(s[0] & kmask)))
                cov["accept_while_output_valid"] += got_valid
                if "back_to_back_accepts" in cov:
                    cov["back_to_back_accepts"] += accepted_last
                if write_taken and w[0] < entries and "same_edge_write_changes_match" in cov:
                    now = model.match(s[0] & kmask) >> w[0] & 1
                    cov["same_edge_write_changes_match"] += now != (w[3] and tcam_matches(s[0] & kmask, w[1], w[2]))
            cov["search_blocked"] += s is not None and not got_ready
            accepted_last = s is not None and got_ready
            if sweep_clocks:
                cov["write_while_searching"] += write_taken and not model.pipe.empty()
                cov["write_while_result_stalled"] += write_taken and got_valid and not ready
                cov["sweep_held"] += model.sweep_held(ready)

        model.clock(rst, w, None if s is None else (s[0] & kmask, s[1] & pmask), ready)
        if s is not None and exp_ready and not rst:
            source.taken()
        if write_taken:
            held = None
        await RisingEdge(dut.clock)
        c += 1

    sb.finish()
    if mode == "exhaustive":
        assert len(seen) == 4 * COMBOS * 16, f"{ctx}: only {len(seen)} of {4 * COMBOS * 16} (entry, combination, key) cases searched"
        assert sb.delivered == COMBOS * 16, f"{ctx}: {sb.delivered} results delivered, expected {COMBOS * 16}"
    dut._log.info("%s: %d cycles, %d results, coverage %s", ctx, c, sb.delivered, cov)
    assert_covered(ctx, cov)


@pytest.mark.parametrize("mode,entries,key_bits,payload_bits,cycles", TCAM_CASES,
                         ids=[f"{m}_n{n}_k{k}" for m, n, k, _, _ in TCAM_CASES])
def test_tcam(rtl_build, mode, entries, key_bits, payload_bits, cycles):
    built = rtl_build("tcam", entries=entries, key_bits=key_bits, payload_bits=payload_bits)
    assert built.top == f"Tcam_n{entries}_k{key_bits}_p{payload_bits}"
    built.run("test_tcam", env=dict(TB_MODE=mode, TB_ENTRIES=entries, TB_KEY_BITS=key_bits, TB_PAYLOAD_BITS=payload_bits,
                                   TB_CYCLES=cycles))
