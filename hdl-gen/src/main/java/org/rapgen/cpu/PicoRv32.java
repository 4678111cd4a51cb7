package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rapgen.hdl.BlackBox;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * PicoRV32 (YosysHQ; its Verilog from PyPI's pythondata-cpu-picorv32, see {@link PicoRv32Source}) as a BlackBox:
 * RV32IM with the cycle and instruction counters, reset at address 0, its native memory interface, and the RISC-V
 * Formal Interface (RVFI, under the {@code RISCV_FORMAL} define) which reports every retired instruction with its pc
 * and, for a load or store, its data address. The co-processor and interrupt inputs are declared (every input of the
 * Verilog module must be) and held at 0 by the system.
 */
public final class PicoRv32 extends BlackBox {
    public static final class IO extends Bundle {
        public final Bool resetn = Input(Bool());
        public final Bool trap = Output(Bool());
        public final Bool mem_valid = Output(Bool());
        public final Bool mem_instr = Output(Bool());
        public final Bool mem_ready = Input(Bool());
        public final UInt mem_addr = Output(UInt(32));
        public final UInt mem_wdata = Output(UInt(32));
        public final UInt mem_wstrb = Output(UInt(4));
        public final UInt mem_rdata = Input(UInt(32));
        public final Bool pcpi_wr = Input(Bool());
        public final UInt pcpi_rd = Input(UInt(32));
        public final Bool pcpi_wait = Input(Bool());
        public final Bool pcpi_ready = Input(Bool());
        public final UInt irq = Input(UInt(32));
        /** One clock per retired instruction, a few clocks after it retired. */
        public final Bool rvfi_valid = Output(Bool());

        public final UInt rvfi_pc_rdata = Output(UInt(32));
        /** The word address of the instruction's data access; which bytes were read is in rvfi_mem_rmask. */
        public final UInt rvfi_mem_addr = Output(UInt(32));

        public final UInt rvfi_mem_rmask = Output(UInt(4));
    }

    public final IO io;

    public PicoRv32(Path verilog) {
        super(parameters());
        addPath(verilog);
        addDefine("RISCV_FORMAL");
        clockPort("clk");
        io = IO(new IO());
    }

    private static Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("ENABLE_COUNTERS", 1);
        p.put("ENABLE_MUL", 1);
        p.put("ENABLE_DIV", 1);
        p.put("PROGADDR_RESET", 0);
        return p;
    }

    @Override
    protected String baseName() {
        return "picorv32";
    }

    /** The inputs a system without co-processor and interrupts holds at 0. */
    public void tieOffUnused() {
        io.pcpi_wr.connect(B(false));
        io.pcpi_rd.connect(U(0, 32));
        io.pcpi_wait.connect(B(false));
        io.pcpi_ready.connect(B(false));
        io.irq.connect(U(0, 32));
    }
}
