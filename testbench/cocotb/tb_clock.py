"""Shared testbench start: a 100 MHz clock and a synchronous reset with the given inputs held at 0."""

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge


async def start_clock_and_reset(dut, inputs, cycles: int = 2) -> None:
    cocotb.start_soon(Clock(dut.clock, 10, unit="ns").start())
    dut.reset.value = 1
    for sig in inputs:
        sig.value = 0
    for _ in range(cycles):
        await RisingEdge(dut.clock)
    dut.reset.value = 0
