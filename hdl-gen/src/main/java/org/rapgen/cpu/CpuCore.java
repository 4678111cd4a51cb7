package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.H;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import org.rapgen.engines.rap.RapRegisters;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;

/**
 * The processor side of the system: PicoRV32, its program memory, the system registers, and the address decode
 * ({@link MemoryMap}). The RAP window leaves on {@code io.rap} (native bus, 12 address bits) and the retirement
 * reports on {@code io.rvfi_*}, so an engine is wired to any such core the same way; on its own this is "the CPU
 * alone" that synthesis compares the system with.
 */
public final class CpuCore extends Module {
    public static final class IO extends Bundle {
        /** Accesses to the RAP window, for a bridge to the engine's CSRs. */
        public final NativeBus rap = Flipped(new NativeBus(RapRegisters.ADDR_BITS));
        /** Hold the processor's next memory access (a trace feed is full); counted in stall_cycles. */
        public final Bool hold = Input(Bool());

        public final Bool feeds_drained = Input(Bool());
        public final Bool trace_enable = Output(Bool());
        public final Bool rvfi_valid = Output(Bool());
        public final UInt rvfi_pc = Output(UInt(32));
        public final UInt rvfi_mem_addr = Output(UInt(32));
        public final UInt rvfi_mem_rmask = Output(UInt(4));
        public final CoreReport report = Output(new CoreReport());
    }

    public final IO io = IO(new IO());

    /**
     * @param ramWords program memory in 32-bit words (a power of two)
     * @param image    the program's words from address 0
     * @param digest   names the program in module names
     */
    public CpuCore(Path picorv32, int ramWords, List<BigInteger> image, String digest) {
        super(D, ramWords, H, digest);
        PicoRv32 cpu = Module(new PicoRv32(picorv32));
        ProgramRam ram = Module(new ProgramRam(ramWords, image, digest));
        SystemRegisters sys = Module(new SystemRegisters());
        cpu.io.resetn.connect(reset().not());
        cpu.tieOffUnused();

        // A held access is offered to no slave until the hold ends; the processor just waits for ready.
        Bool offer = cpu.io.mem_valid.and(io.hold.not()).named("offer");
        UInt region = cpu.io.mem_addr.bits(31, 28).named("region");
        Bool toRam = region.eq(U(MemoryMap.region(MemoryMap.RAM_BASE), 4)).named("to_ram");
        Bool toRap = region.eq(U(MemoryMap.region(MemoryMap.RAP_BASE), 4)).named("to_rap");
        Bool toSys = toRam.or(toRap).not().named("to_sys");
        ram.io.valid.connect(offer.and(toRam));
        ram.io.addr.connect(cpu.io.mem_addr.bits(log2Up(ramWords) + 1, 2));
        ram.io.wdata.connect(cpu.io.mem_wdata);
        ram.io.wstrb.connect(cpu.io.mem_wstrb);
        sys.io.cpu.valid.connect(offer.and(toSys));
        sys.io.cpu.addr.connect(cpu.io.mem_addr.bits(MemoryMap.SYS_OFFSET_BITS - 1, 0));
        sys.io.cpu.wdata.connect(cpu.io.mem_wdata);
        sys.io.cpu.wstrb.connect(cpu.io.mem_wstrb);
        io.rap.valid.connect(offer.and(toRap));
        io.rap.addr.connect(cpu.io.mem_addr.bits(RapRegisters.ADDR_BITS - 1, 0));
        io.rap.wdata.connect(cpu.io.mem_wdata);
        io.rap.wstrb.connect(cpu.io.mem_wstrb);
        // Exactly one slave answers an access, so the answers are OR-ed.
        cpu.io.mem_ready.connect(ram.io.ready.or(sys.io.cpu.ready).or(io.rap.ready));
        cpu.io.mem_rdata.connect(
                Mux(ram.io.ready, ram.io.rdata, Mux(sys.io.cpu.ready, sys.io.cpu.rdata, io.rap.rdata)));

        // Clocks in which the processor waits only because of the hold.
        Bool stalled = cpu.io.mem_valid.and(io.hold).named("stalled");
        UInt stallCycles = RegInit(U(0, 32));
        when(stalled, () -> stallCycles.connect(stallCycles.add(1)));
        sys.io.stall_cycles.connect(stallCycles);
        sys.io.feeds_drained.connect(io.feeds_drained);

        io.trace_enable.connect(sys.io.trace_enable);
        io.report.stalled.connect(stalled);
        io.report.stall_cycles.connect(stallCycles);
        io.rvfi_valid.connect(cpu.io.rvfi_valid);
        io.rvfi_pc.connect(cpu.io.rvfi_pc_rdata);
        io.rvfi_mem_addr.connect(cpu.io.rvfi_mem_addr);
        io.rvfi_mem_rmask.connect(cpu.io.rvfi_mem_rmask);
        io.report.console_valid.connect(sys.io.console_valid);
        io.report.console_data.connect(sys.io.console_data);
        io.report.exit_valid.connect(sys.io.exit_valid);
        io.report.exit_code.connect(sys.io.exit_code);
        io.report.trap.connect(cpu.io.trap);
    }
}
