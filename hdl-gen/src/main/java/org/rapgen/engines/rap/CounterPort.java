package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.UInt;

/**
 * The counter SRAM's command as the trie controller's units drive it: wires with last-connect defaults (no command), one
 * unit at a time, registered once on the way out ({@code cmd_q_*}). Results come back in command order; a unit that
 * waits for its READ takes the first READ result ({@link #readResult}), since an earlier SET's result may still be on
 * its way. Built in the caller's module.
 */
final class CounterPort {
    /** Clocks a counter command spends in the output register ({@code cmd_q_*}) before the SRAM takes it. */
    static final int COMMAND_LATENCY = 1;

    final Bool valid = WireDefault(Bool(), B(false)).named("cmd_valid");
    final UInt op;
    final UInt addr;
    final UInt value;
    /** A READ's result arrives on this clock, its count in {@link #readValue}. */
    final Bool readResult;

    final UInt readValue;
    private final Bool resultValid;

    CounterPort(RapConfig c, ControllerIO.CounterResult result, Bool resultValid, UInt defaultAddr, UInt defaultValue) {
        op = WireDefault(UInt(2), U(ControllerIO.OP_ADD, 2)).named("cmd_op");
        addr = WireDefault(UInt(c.slotBits()), defaultAddr).named("cmd_addr");
        value = WireDefault(UInt(c.counterBits()), defaultValue).named("cmd_value");
        readResult = resultValid.and(result.op.eq(ControllerIO.OP_READ)).named("read_result");
        readValue = result.old;
        this.resultValid = resultValid;
    }

    /**
     * Drives the counter SRAM's command port from a register of these wires ({@code cmd_q_*}, one clock): the units'
     * lookups end at flip-flops, not inside the SRAM's address compare. The SRAM is always ready, so the register never
     * holds a command back. Returns "no command in flight": none in that register and none inside the SRAM.
     */
    Bool drive(DecoupledIO<ControllerIO.CounterCmd> port) {
        Bool cmdQValid = RegNext(valid, B(false)).named("cmd_q_valid");
        when(port.valid, () -> Assert(port.ready, "the counter SRAM refused a command (op %d)", port.bits.op));
        port.valid.connect(cmdQValid);
        port.bits.addr.connect(RegNext(addr).named("cmd_q_addr"));
        port.bits.op.connect(RegNext(op).named("cmd_q_op"));
        port.bits.value.connect(RegNext(value).named("cmd_q_value"));
        // sram_count counts the commands past the command register, so it adds that register's flip-flop and not
        // cmd_valid, which merges every unit's command condition; a command still in the register is in flight too.
        UInt sramCount = RegInit(U(0, 8)).named("sram_count");
        sramCount.connect(sramCount.add(cmdQValid.pad(8)).sub(resultValid.pad(8)));
        return sramCount.eq(0).and(cmdQValid.not()).named("counters_quiet");
    }

    void read(UInt slot) {
        issue(ControllerIO.OP_READ, slot, U(0, value.getWidth()));
    }

    void set(UInt slot, UInt count) {
        issue(ControllerIO.OP_SET, slot, count);
    }

    private void issue(int code, UInt slot, UInt count) {
        valid.connect(B(true));
        op.connect(U(code, 2));
        addr.connect(slot);
        value.connect(count);
    }

    /** A weight wider than the counter is clipped; the clip itself is counted as a saturation at commit. */
    static UInt clipWeight(UInt w, int counterBits) {
        if (w.getWidth() <= counterBits) return w.pad(counterBits);
        UInt max = Fill(counterBits, B(true));
        return Mux(w.gt(max.pad(w.getWidth())), max, w.bits(counterBits - 1, 0));
    }

    /** Clocks from a command on these wires to its result: the command register and the SRAM's own latency. */
    static int resultLatency(RapConfig c) {
        return COMMAND_LATENCY + org.rapgen.hdl.lib.CounterSram.latency(c.counterReadRegister());
    }
}
