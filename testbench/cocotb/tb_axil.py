"""An AXI4-Lite master with one transaction in flight, for ports named ``<prefix>awvalid`` .. ``<prefix>rresp``.

It assumes nothing about the slave's timing: AW and W may be taken in different clocks, and the B response or the
read data may come in the clock the address is taken or any number of clocks later (BREADY and RREADY are high for
the whole transaction). Each clock it drives inputs, samples the handshakes at ReadOnly (as the RTL samples them
at the next edge), then waits for that edge. A slave that never answers fails the test after ``timeout`` clocks.
"""

from __future__ import annotations

from cocotb.triggers import ReadOnly, RisingEdge


class AxiLiteMaster:
    def __init__(self, dut, prefix: str, timeout: int = 200):
        self.clock = dut.clock
        self.sig = lambda name: getattr(dut, prefix + name)
        self.timeout = timeout
        self.transactions = 0
        self.wait_clocks = 0  # clocks spent with the slave holding a ready or response back
        for name in ("awvalid", "wvalid", "arvalid", "bready", "rready", "awaddr", "araddr", "wdata"):
            self.sig(name).value = 0
        self.sig("wstrb").value = 0xF

    async def write(self, addr: int, data: int) -> None:
        s = self.sig
        s("awaddr").value, s("wdata").value, s("wstrb").value = addr, data, 0xF
        aw_done = w_done = False
        s("awvalid").value = s("wvalid").value = s("bready").value = 1
        for _ in range(self.timeout):
            await ReadOnly()
            aw_done = aw_done or bool(int(s("awready").value))
            w_done = w_done or bool(int(s("wready").value))
            responded = aw_done and w_done and bool(int(s("bvalid").value))
            if responded:
                assert int(s("bresp").value) == 0, f"AXI4-Lite write 0x{addr:03x}: bresp {int(s('bresp').value)}"
            await RisingEdge(self.clock)
            s("awvalid").value, s("wvalid").value = int(not aw_done), int(not w_done)
            if responded:
                s("bready").value = 0
                self.transactions += 1
                return
            self.wait_clocks += 1
        raise AssertionError(f"AXI4-Lite write 0x{addr:03x} not answered within {self.timeout} clocks")

    async def read(self, addr: int) -> int:
        raw = await self.read_raw(addr)
        assert raw.is_resolvable, f"AXI4-Lite read 0x{addr:03x}: rdata {raw} has X/Z bits"
        return int(raw)

    async def read_raw(self, addr: int):
        """The read data as the simulator has it (a LogicArray, X/Z bits included)."""
        s = self.sig
        s("araddr").value = addr
        s("arvalid").value = s("rready").value = 1
        ar_done = False
        for _ in range(self.timeout):
            await ReadOnly()
            ar_done = ar_done or bool(int(s("arready").value))
            data = None
            if ar_done and int(s("rvalid").value):
                assert int(s("rresp").value) == 0, f"AXI4-Lite read 0x{addr:03x}: rresp {int(s('rresp').value)}"
                data = s("rdata").value
            await RisingEdge(self.clock)
            s("arvalid").value = int(not ar_done)
            if data is not None:
                s("rready").value = 0
                self.transactions += 1
                return data
            self.wait_clocks += 1
        raise AssertionError(f"AXI4-Lite read 0x{addr:03x} not answered within {self.timeout} clocks")

    async def read64(self, addr_lo: int) -> int:
        lo = await self.read(addr_lo)
        return lo | await self.read(addr_lo + 4) << 32
