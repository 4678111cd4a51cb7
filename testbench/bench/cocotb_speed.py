"""cocotb-on-Icarus leg of bench/cosim-speed.sh: the same FIFO, stimulus and checksum as CosimSpeed.java.

Run by CosimSpeed (not by pytest): ``python cocotb_speed.py --top T --cycles N --out FILE rtl.v...`` builds the RTL
with cocotb's Icarus runner, runs the ``speed`` coroutine below in the simulator and prints "cycles_per_s checksum".
The coroutine is the usual cocotb testbench loop: drive the inputs, wait for ReadOnly, sample, wait for the edge.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

MASK = (1 << 64) - 1


def mix(c: int) -> int:
    """splitmix64 of the cycle number, as in CosimSpeed.java and raw_fifo.cpp."""
    x = (c + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


try:
    import cocotb
    from cocotb.clock import Clock
    from cocotb.triggers import ReadOnly, RisingEdge

    @cocotb.test()
    async def speed(dut):
        n = int(os.environ["SPEED_CYCLES"])
        cocotb.start_soon(Clock(dut.clock, 10, unit="ns").start())
        dut.reset.value = 1
        dut.io_enq_valid.value = 0
        dut.io_deq_ready.value = 0
        for _ in range(2):
            await RisingEdge(dut.clock)
        dut.reset.value = 0
        acc = 0
        t0 = time.perf_counter()
        for c in range(n):
            x = mix(c)
            dut.io_enq_valid.value = x & 1
            dut.io_enq_bits.value = x >> 32
            dut.io_deq_ready.value = (x >> 1) & 1
            await ReadOnly()
            valid = int(dut.io_deq_valid.value)
            ready = int(dut.io_enq_ready.value)
            bits = int(dut.io_deq_bits.value) if valid else 0
            acc = (acc * 0x100000001B3 + ((valid << 33) | (ready << 32) | bits)) & MASK
            await RisingEdge(dut.clock)
        secs = time.perf_counter() - t0
        Path(os.environ["SPEED_OUT"]).write_text(f"{n / secs:.0f} {acc}\n")
except ImportError:  # outside the simulator without cocotb: main() reports it
    pass


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", required=True)
    ap.add_argument("--cycles", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("sources", nargs="+")
    a = ap.parse_args()
    from cocotb_tools.runner import get_runner

    with tempfile.TemporaryDirectory(prefix="rapgen-cocotb-speed") as tmp:
        runner = get_runner("icarus")
        runner.build(sources=a.sources, hdl_toplevel=a.top, build_dir=Path(tmp) / "build", always=True,
                     timescale=("1ns", "1ps"))
        runner.test(test_module="cocotb_speed", hdl_toplevel=a.top, build_dir=Path(tmp) / "build", test_dir=tmp,
                    extra_env={"SPEED_CYCLES": str(a.cycles), "SPEED_OUT": a.out,
                               "PYTHONPATH": str(Path(__file__).resolve().parent)},
                    test_args=["-n"], timescale=("1ns", "1ps"))
    print(Path(a.out).read_text().strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
