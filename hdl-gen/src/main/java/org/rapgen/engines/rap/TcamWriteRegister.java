package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.UInt;

/**
 * The TCAM controller's node writes, through a one-entry register on their way to the TCAM: the TCAM's ready (a
 * block-RAM TCAM's sweep state) then reaches a flip-flop, not the allocation logic and back. A write waits in it until
 * the TCAM takes it; the FSM hands over the next only when it is empty (a block-RAM write takes dozens of clocks
 * anyway), and events are not issued while one waits, so no search can overtake a node write. The flip-flop TCAM takes
 * a write on every clock, so there the register empties as it fills: one child per clock. Built in the caller's module.
 */
final class TcamWriteRegister {
    /** The FSM offers a write on this clock; its fields are {@link #index}, {@link #value} and {@link #mask}. */
    final Bool valid = WireDefault(Bool(), B(false)).named("tcam_write_valid");

    final UInt index;
    final UInt value;
    final UInt mask;
    /** The register takes an offered write on this clock. */
    final Bool ready;
    /** A write is in the register. */
    final Bool full = RegInit(B(false)).named("tcam_write_full");
    /** A write waits in the register (the block-RAM TCAM only; the flip-flop TCAM takes it on the next clock). */
    final Bool waiting;

    TcamWriteRegister(RapConfig c, DecoupledIO<ControllerIO.TreeWrite> port) {
        int slotBits = c.slotBits();
        index = Wire(UInt(slotBits)).named("tcam_write_index");
        value = Wire(UInt(c.keyBits())).named("tcam_write_value");
        mask = Wire(UInt(c.keyBits())).named("tcam_write_mask");
        ready = c.tcamChunkBits() == 0 ? B(true) : full.not();
        waiting = c.tcamChunkBits() == 0 ? B(false) : full;
        Bool load = valid.and(ready).named("tcam_write_load");
        UInt tcamWriteQIndex = Reg(UInt(slotBits)).named("tcam_write_q_index");
        UInt tcamWriteQValue = Reg(UInt(c.keyBits())).named("tcam_write_q_value");
        UInt tcamWriteQMask = Reg(UInt(c.keyBits())).named("tcam_write_q_mask");
        // The word registers follow their inputs whenever the register is empty, so their enable is a flip-flop and
        // not the FSM's decision (their 70 enables were the engine's slowest endpoints); only tcam_write_full waits for
        // the decision, and the TCAM sees nothing until it is set.
        when(ready, () -> {
            tcamWriteQIndex.connect(index);
            tcamWriteQValue.connect(value);
            tcamWriteQMask.connect(mask);
        });
        full.connect(load.or(full.and(port.ready.not())));
        port.valid.connect(full);
        port.bits.index.connect(tcamWriteQIndex);
        port.bits.value.connect(tcamWriteQValue);
        port.bits.mask.connect(tcamWriteQMask);
    }

    /** Offers the word {@code (value, mask)} for slot {@code slot}. */
    void offer(UInt slot, UInt word, UInt wordMask) {
        index.connect(slot);
        value.connect(word);
        mask.connect(wordMask);
    }
}
