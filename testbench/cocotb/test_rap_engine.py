"""The whole RAP engine (design `rap`) on Icarus against rap_model.py, an independent Python RAP written from SPEC §4
and docs/golden-rap.md.

An AXI4-Stream source offers the events with random gaps (in traffic phases, tb_stream.Traffic) and holds each beat
until tready takes it; the model is fed the beats in the order the engine took them. The stream is cut into chunks.
While a chunk flows, status snapshots are taken through AXI4-Lite (CTRL.snapshot, poll STATUS.snapshot_busy, read
the 64-bit values) and must equal the model's status after the number of events the snapshot reports (UPDATES).
After each chunk the stream pauses (the combining queue is flushed through CTRL.flush); once a snapshot holds every
event the model released, it must equal the model's status exactly, STATUS's sticky flags the model's, and a readout
of every node slot (SLOT, NODE, NODE_PREFIX_*, NODE_COUNT_*) the model's tree as a set of (prefix, len, count).

Each scenario names the corners it is written for (splits, early and scheduled merges that remove nodes, deferred
splits, saturating updates and merge write-backs, ...); the model reports which it reached, and a corner never reached
fails the test (tb_coverage).
"""

from __future__ import annotations

import json
import os
import random

import pytest

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge
from cocotb.utils import get_sim_time

from rap_model import STATUS_FIELDS, RapEngineModel, RapModel
from tb_axil import AxiLiteMaster
from tb_clock import start_clock_and_reset
from tb_coverage import assert_covered
from tb_stream import Traffic

# Byte offsets from docs/rap-registers.md.
ID, CONFIG0, CONFIG1, CTRL, STATUS, EPS, M0_LO, M0_HI, Q, SLOT = range(0, 0x28, 4)
NODE, NODE_PREFIX_LO, NODE_PREFIX_HI, NODE_COUNT_LO, NODE_COUNT_HI = range(0x28, 0x3C, 4)
SNAPSHOT_REGS = dict(n=0x40, nodes=0x48, high_water=0x4C, updates=0x50, splits=0x58, merges=0x60,
                     merge_batches=0x68, deferred_splits=0x70, saturations=0x78, error_bound=0x80, zero_weight=0x88)
SNAP_FLAGS = 0x90
SNAPSHOT_32 = {"nodes", "high_water"}
CTRL_ENABLE, CTRL_FLUSH, CTRL_SOFT_RESET, CTRL_SNAPSHOT = 1, 2, 4, 8
ST_IDLE, ST_OVERFLOW, ST_SATURATED, ST_SNAP_BUSY, ST_FLUSH_BUSY, ST_RESETTING, ST_READOUT_BUSY = 1, 4, 8, 16, 32, 64, 128
ID_VALUE = 0x52415001

# Two engines: unit weights with 8-bit counters and a plain queue; 64-bit keys with an 8-bit weight field, 10-bit
# counters and the combining queue.
ENGINES = {
    "n16_c8": dict(key_bits=32, branching=4, nodes=16, counter_bits=8, weight_bits=1, weight_field=False, queue_depth=16,
                   combine=False, eps_fx=65535, m0=1, q=2),
    "k64_n32_c10_w8_combine": dict(key_bits=64, branching=4, nodes=32, counter_bits=10, weight_bits=8,
                                   weight_field=True, queue_depth=8, combine=True, eps_fx=65535, m0=16, q=2),
}

# name: (engine, schedule written through EPS/M0/Q + soft reset or None, events, chunks, stream shape, corners)
SCENARIOS = {
    "drift_full_saturating": ("n16_c8", None, 2400, 3, dict(phases=3, hot_p=0.8, region_p=0.2),
                              ("split_leaf", "merged_early", "merged_scheduled", "interior_merge",
                               "split_after_early_merge", "deferred", "clipped_update")),
    "csr_schedule_m0_3_q5": ("n16_c8", dict(eps_fx=30000, m0=3, q=5), 1500, 2, dict(phases=6, hot_p=0.8, region_p=0.2),
                             ("split_leaf", "merged_early", "merged_scheduled", "deferred", "clipped_update")),
    "weighted_combining": ("k64_n32_c10_w8_combine", None, 2000, 3,
                           dict(phases=4, hot_p=0.2, heavy_p=0.3, zero_p=0.02, run_p=0.3),
                           ("split_leaf", "merged_early", "merged_scheduled", "interior_merge", "deferred",
                            "clipped_update", "clipped_merge")),
}


def event_stream(rng: random.Random, key_bits: int, weight_bits: int, count: int, phases: int, hot_p: float,
                 region_p: float = 0.4, heavy_p: float = 0.0, zero_p: float = 0.0, run_p: float = 0.0) -> list[tuple[int, int, bool]]:
    """(key, weight, tlast) beats in phases: each phase has a few hot keys close together (the tree drills down to
    them), a region of half the key space, and uniform noise; moving phases leave cold subtrees for merges. Weights
    (with a weight field) are mostly small with some at the maximum 2^W-1, the very first one too, so T(n) is above
    zero from the start; zero-weight beats are dropped by the engine and counted; runs repeat a key for combining."""
    wmax = (1 << weight_bits) - 1
    half = key_bits // 2
    out: list[tuple[int, int, bool]] = []
    for ph in range(phases):
        base = rng.getrandbits(key_bits)
        hot = [(base >> 12 << 12) | rng.getrandbits(12) for _ in range(4)]
        for i in range(count // phases):
            if out and rng.random() < run_p:
                key = out[-1][0]
            elif (r := rng.random()) < hot_p:
                key = rng.choice(hot)
            elif r < hot_p + region_p:
                key = (base >> half << half) | rng.getrandbits(half)
            else:
                key = rng.getrandbits(key_bits)
            if rng.random() < zero_p:
                w = 0
            elif wmax == 1 or rng.random() < heavy_p or not out:
                w = wmax
            else:
                w = rng.randint(1, min(4, wmax))
            out.append((key, w, rng.random() < 0.01))
    return out


class StreamSource:
    """AXI4-Stream master: offers queued beats with random gaps, holds each until tready, feeds the model on each
    handshake. Between beats tdata carries junk, so an engine that samples it without tvalid is caught."""

    def __init__(self, dut, rng: random.Random, model: RapEngineModel, key_bits: int, weight_field: bool):
        self.dut, self.rng, self.model = dut, rng, model
        self.key_bits, self.weight_field = key_bits, weight_field
        self.data_bits = len(dut.io_s_axis_tdata)
        self.traffic = Traffic(rng)
        self.queue: list[tuple[int, int, bool]] = []
        self.offering: tuple[int, int, bool] | None = None
        self.accepted = self.backpressure = self.gaps = 0

    def busy(self) -> bool:
        return self.offering is not None or bool(self.queue)

    async def run(self) -> None:
        dut = self.dut
        while True:
            self.traffic.tick()
            if self.offering is None and self.queue:
                if self.traffic.idle():
                    self.gaps += 1
                else:
                    self.offering = self.queue.pop(0)
            if self.offering is None:
                dut.io_s_axis_tvalid.value = 0
                dut.io_s_axis_tdata.value = self.rng.getrandbits(self.data_bits)
                dut.io_s_axis_tlast.value = self.rng.getrandbits(1)
            else:
                key, w, last = self.offering
                dut.io_s_axis_tvalid.value = 1
                dut.io_s_axis_tdata.value = (w << self.key_bits | key) if self.weight_field else key
                dut.io_s_axis_tlast.value = int(last)
            await ReadOnly()
            if self.offering is not None:
                if int(dut.io_s_axis_tready.value):
                    self.model.beat(*self.offering)
                    self.accepted += 1
                    self.offering = None
                else:
                    self.backpressure += 1
            await RisingEdge(dut.clock)


class Engine:
    """The engine's AXI4-Lite side, as docs/rap-registers.md describes it."""

    def __init__(self, dut, cfg: dict):
        self.csr = AxiLiteMaster(dut, "io_s_axil_")
        self.dut, self.cfg = dut, cfg

    async def wait_status(self, mask: int, value: int, what: str, limit: int = 400) -> int:
        for _ in range(limit):
            st = await self.csr.read(STATUS)
            if st & mask == value:
                return st
        cause = int(self.dut.io_dbg_stall_cause.value)
        raise AssertionError(f"STATUS {what}: still 0x{st:x} after {limit} reads (stall cause {cause})")

    async def snapshot(self) -> dict[str, int]:
        await self.csr.write(CTRL, CTRL_ENABLE | CTRL_SNAPSHOT)
        await self.wait_status(ST_SNAP_BUSY, 0, "snapshot_busy")
        return await self.read_snapshot()

    async def read_snapshot(self) -> dict[str, int]:
        out = {}
        for name, addr in SNAPSHOT_REGS.items():
            out[name] = await (self.csr.read(addr) if name in SNAPSHOT_32 else self.csr.read64(addr))
        flags = await self.csr.read(SNAP_FLAGS)
        out["overflow"], out["saturated"] = flags & 1, flags >> 1 & 1
        return out

    async def settled_snapshot(self, updates: int) -> dict[str, int]:
        """Waits for STATUS.idle (every released event committed, every split and merge done), then one snapshot,
        which must hold exactly ``updates`` events."""
        await self.wait_status(ST_IDLE, ST_IDLE, "idle")
        snap = await self.snapshot()
        assert snap["updates"] == updates, f"STATUS.idle with {snap['updates']} events committed, {updates} were released"
        return snap

    async def tree(self) -> tuple[set[tuple[int, int, int]], int]:
        """(prefix, len, count) of every valid slot, and the number of valid slots."""
        nodes, valid = set(), 0
        for slot in range(self.cfg["nodes"]):
            await self.csr.write(SLOT, slot)
            await self.wait_status(ST_READOUT_BUSY, 0, f"readout_busy (slot {slot})")
            # NODE.len of an empty slot comes from node-table RAM that reset does not clear (X in simulation);
            # only NODE.valid must be defined there.
            raw = await self.csr.read_raw(NODE)
            assert str(raw)[0] in "01", f"slot {slot}: NODE.valid is {str(raw)[0]}"
            if str(raw)[0] == "0":
                continue
            assert raw.is_resolvable, f"slot {slot}: NODE {raw} of a valid slot has X/Z bits"
            node = int(raw)
            valid += 1
            prefix = await (self.csr.read64(NODE_PREFIX_LO) if self.cfg["key_bits"] > 32 else self.csr.read(NODE_PREFIX_LO))
            count = await (self.csr.read64(NODE_COUNT_LO) if self.cfg["counter_bits"] > 32 else self.csr.read(NODE_COUNT_LO))
            nodes.add((prefix, node & 0xFF, count))
        return nodes, valid

    async def check_identity(self, ctx: str) -> None:
        c = self.cfg
        assert await self.csr.read(ID) == ID_VALUE, f"{ctx}: ID"
        want0 = c["key_bits"] | (c["branching"].bit_length() - 1) << 8 | c["counter_bits"] << 16 | c["weight_bits"] << 24
        want1 = c["nodes"] | (c["queue_depth"].bit_length() - 1) << 16 | c["combine"] << 24 | c["weight_field"] << 25
        got0, got1 = await self.csr.read(CONFIG0), await self.csr.read(CONFIG1)
        assert (got0, got1) == (want0, want1), f"{ctx}: CONFIG0/1 0x{got0:08x} 0x{got1:08x}, expected 0x{want0:08x} 0x{want1:08x}"

    async def load_schedule(self, eps_fx: int, m0: int, q: int) -> None:
        """EPS, M0 and Q take effect at a soft reset."""
        await self.csr.write(EPS, eps_fx)
        await self.csr.write(M0_LO, m0 & 0xFFFFFFFF)
        await self.csr.write(M0_HI, m0 >> 32)
        await self.csr.write(Q, q)
        await self.csr.write(CTRL, CTRL_ENABLE | CTRL_SOFT_RESET)
        await self.wait_status(ST_RESETTING, 0, "resetting after soft reset")


def diff(got: dict, want: dict) -> str:
    return ", ".join(f"{k}: engine {got[k]} model {want[k]}" for k in want if got[k] != want[k])


@cocotb.test()
async def rap_engine_matches_model(dut):
    cfg = json.loads(os.environ["TB_ENGINE"])
    name = os.environ["TB_SCENARIO"]
    _, schedule, events, chunks, shape, corners = SCENARIOS[name]
    seed = int(os.environ["TB_SEED"])
    rng = random.Random(f"{name}/{seed}")
    ctx = f"{name} seed={seed}"
    K, C = cfg["key_bits"], cfg["counter_bits"]

    await start_clock_and_reset(dut, [dut.io_s_axis_tvalid, dut.io_s_axis_tdata, dut.io_s_axis_tlast])
    eng = Engine(dut, cfg)
    await eng.wait_status(ST_RESETTING, 0, "resetting after reset")
    await eng.check_identity(ctx)
    sched = dict(eps_fx=cfg["eps_fx"], m0=cfg["m0"], q=cfg["q"])
    if schedule:
        await eng.load_schedule(**schedule)
        sched = schedule
    model = RapEngineModel(RapModel(K, cfg["branching"].bit_length() - 1, cfg["nodes"], C, **sched),
                           cfg["weight_bits"], bool(cfg["combine"]))
    stream = event_stream(rng, K, cfg["weight_bits"], events, **shape)
    src = StreamSource(dut, rng, model, K, bool(cfg["weight_field"]))
    cocotb.start_soon(src.run())
    cut = [len(stream) * i // chunks for i in range(chunks + 1)]
    cov = dict(live_snapshots=0, paused_checks=0, stream_gaps=0, backpressure=0)
    start = get_sim_time("ns")
    for i in range(chunks):
        src.queue.extend(stream[cut[i]:cut[i + 1]])
        while src.busy():
            await ClockCycles(dut.clock, rng.randint(20, 300))
            if not src.busy():
                break
            snap = await eng.snapshot()
            u = snap["updates"]
            assert u < len(model.history), f"{ctx}: snapshot reports {u} events, only {len(model.history) - 1} were released"
            want = {k: v for k, v in model.history[u].items() if k != "zero_weight"}
            assert not diff(snap, want), f"{ctx}: live snapshot after {u} events: {diff(snap, want)}"
            cov["live_snapshots"] += 1

        # paused: everything accepted reaches the tree once the pending combined event is flushed
        where = f"{ctx}: after {src.accepted} beats ({model.rap.updates} events)"
        if cfg["combine"]:
            await eng.csr.write(CTRL, CTRL_ENABLE | CTRL_FLUSH)
            model.flush()
        await eng.wait_status(ST_FLUSH_BUSY, 0, "flush_busy")
        want = model.rap.status()
        snap = await eng.settled_snapshot(want["updates"])
        assert not diff(snap, want), f"{where}: snapshot: {diff(snap, want)}"
        st = await eng.csr.read(STATUS)
        flags = dict(overflow=int(bool(st & ST_OVERFLOW)), saturated=int(bool(st & ST_SATURATED)))
        assert flags == dict(overflow=want["overflow"], saturated=want["saturated"]), f"{where}: STATUS flags {flags}"
        tree, valid = await eng.tree()
        expected = model.rap.tree()
        assert tree == expected and valid == len(expected), (
            f"{where}: {valid} valid slots; engine only {sorted(tree - expected)}; model only {sorted(expected - tree)}")
        cov["paused_checks"] += 1

    cycles = int((get_sim_time("ns") - start) // 10)
    cov.update(stream_gaps=src.gaps, backpressure=src.backpressure)
    cov.update({c: model.rap.seen[c] for c in corners})
    if cfg["combine"]:
        cov["combined_beats"] = src.accepted - model.rap.zero_weight - model.rap.updates
    if cfg["weight_field"]:
        cov["zero_weight_beats"] = model.rap.zero_weight
    dut._log.info("%s: %d beats, %d events, %d cycles, %d CSR transactions; status %s; coverage %s", ctx,
                  src.accepted, model.rap.updates, cycles, eng.csr.transactions, model.rap.status(), cov)
    assert_covered(ctx, cov)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_rap_engine(rtl_build, scenario):
    engine = ENGINES[SCENARIOS[scenario][0]]
    built = rtl_build("rap", **engine)
    assert built.top.startswith("RapEngine_"), built.top
    built.run("test_rap_engine", env=dict(TB_ENGINE=json.dumps(engine), TB_SCENARIO=scenario),
              test_dir=built.build_dir.parent / f"run_{scenario}")
