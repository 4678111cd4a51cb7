package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;

/**
 * The system's own registers (offsets in {@link MemoryMap}): the console and exit ports the firmware reports through,
 * the trace gate that opens and closes the engines' view of the processor, whether the trace feeds have drained, and
 * the stall counter. Answers every access on the next clock; unmapped offsets read 0 and ignore writes.
 */
public final class SystemRegisters extends Module {
    public static final class IO extends Bundle {
        public final NativeBus cpu = new NativeBus(MemoryMap.SYS_OFFSET_BITS);
        /** A byte the firmware printed. */
        public final Bool console_valid = Output(Bool());

        public final UInt console_data = Output(UInt(8));
        /** The firmware is done, with its exit status. */
        public final Bool exit_valid = Output(Bool());

        public final UInt exit_code = Output(UInt(32));
        /** The engines see retired instructions while this is 1 (reset 0: the firmware opens the gate). */
        public final Bool trace_enable = Output(Bool());
        /** Every traced event has been handed to the engines. */
        public final Bool feeds_drained = Input(Bool());

        public final UInt stall_cycles = Input(UInt(32));
    }

    public final IO io = IO(new IO());

    public SystemRegisters() {
        Bool ready = RegInit(B(false));
        Bool request = io.cpu.valid.and(ready.not()).named("request");
        Bool store = request.and(io.cpu.wstrb.orR()).named("store");
        UInt word = io.cpu.addr.bits(MemoryMap.SYS_OFFSET_BITS - 1, 2).named("word");
        Bool gate = RegInit(B(false));
        UInt rdata = RegInit(U(0, 32));
        ready.connect(request);
        io.console_valid.connect(store.and(word.eq(U(MemoryMap.CONSOLE / 4))));
        io.console_data.connect(io.cpu.wdata.bits(7, 0));
        io.exit_valid.connect(store.and(word.eq(U(MemoryMap.EXIT / 4))));
        io.exit_code.connect(io.cpu.wdata);
        when(store.and(word.eq(U(MemoryMap.TRACE / 4))), () -> gate.connect(io.cpu.wdata.bit(0)));
        UInt traceWord = Cat(io.feeds_drained, gate).named("trace_word");
        when(
                request,
                () -> rdata.connect(Mux(
                        word.eq(U(MemoryMap.TRACE / 4)),
                        traceWord.pad(32),
                        Mux(word.eq(U(MemoryMap.STALLS / 4)), io.stall_cycles, U(0, 32)))));
        io.trace_enable.connect(gate);
        io.cpu.ready.connect(ready);
        io.cpu.rdata.connect(rdata);
    }
}
