package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.NameKey;

/**
 * The ports both controllers have ({@link RapController}'s {@link TcamControllerIO}, {@link TrieController}'s
 * {@link TrieControllerIO}): the commit side of the pipeline, the counter SRAM, the CSRs and the status. The engine top
 * wires them alike; each lookup adds its own. Also the bundles the controllers share with the engine top.
 */
public abstract class ControllerIO extends Bundle {
    /** Counter SRAM operations as the controller names them; the top maps them onto CounterSram's encoding. */
    public static final int OP_ADD = 0;

    public static final int OP_SET = 1;
    public static final int OP_READ = 2;

    /** The longest-prefix selector's answer for one event. */
    public static final class Selected extends Bundle {
        public final Bool found = Bool();
        public final UInt slot;
        /** The hit node's depth (length / k). */
        public final UInt depth;

        public final UInt weight;

        Selected(RapConfig c) {
            slot = UInt(c.slotBits());
            depth = UInt(c.depthBits());
            weight = UInt(c.weightBits());
        }
    }

    public static final class CounterCmd extends Bundle {
        public final UInt addr;
        public final UInt op = UInt(2);
        public final UInt value;

        CounterCmd(RapConfig c) {
            addr = UInt(c.slotBits());
            value = UInt(c.counterBits());
        }
    }

    public static final class CounterResult extends Bundle {
        public final UInt addr;
        public final UInt op = UInt(2);
        public final UInt old;
        public final UInt updated;
        public final Bool saturated = Bool();

        CounterResult(RapConfig c) {
            addr = UInt(c.slotBits());
            old = UInt(c.counterBits());
            updated = UInt(c.counterBits());
        }
    }

    /** A TCAM entry write: mask bit 1 = don't care. */
    public static final class TreeWrite extends Bundle {
        public final UInt index;
        public final UInt value;
        public final UInt mask;

        TreeWrite(RapConfig c) {
            index = UInt(c.slotBits());
            value = UInt(c.keyBits());
            mask = UInt(c.keyBits());
        }
    }

    /**
     * The status the controller keeps, and the events of the counters it does not keep (UPDATES, SPLITS, MERGES,
     * MERGE_BATCHES, DEFERRED_SPLITS, SATURATIONS), each a clock after it happened, for {@link StatusCounterBank}.
     */
    public static final class Status extends Bundle {
        public final UInt n = UInt(64);
        public final UInt nodes;
        public final UInt highWater;
        public final Bool overflow = Bool();
        public final Bool saturated = Bool();
        public final Bool updated = Bool();
        public final Bool split = Bool();
        /** Nodes a merge removed. */
        public final UInt merged;

        public final Bool batch = Bool();
        public final Bool deferred = Bool();
        public final Bool saturation = Bool();

        Status(RapConfig c) {
            nodes = UInt(c.nodeCountBits());
            highWater = UInt(c.nodeCountBits());
            merged = UInt(c.childCountBits());
        }

        /** The event ports by the name of the 64-bit register that counts them (NAME_LO / NAME_HI). */
        public Map<String, UInt> events() {
            Map<String, UInt> m = new LinkedHashMap<>();
            m.put("UPDATES", updated);
            m.put("SPLITS", split);
            m.put("MERGES", merged);
            m.put("MERGE_BATCHES", batch);
            m.put("DEFERRED_SPLITS", deferred);
            m.put("SATURATIONS", saturation);
            return m;
        }
    }

    /** One node slot as the readout latched it. */
    public static final class NodeReadout extends Bundle {
        public final Bool valid = Bool();
        public final UInt len;
        public final UInt prefix;
        public final UInt count;

        NodeReadout(RapConfig c) {
            len = UInt(c.lenBits());
            prefix = UInt(c.keyBits());
            count = UInt(c.counterBits());
        }
    }

    // --- the pipeline
    public final ReplayWindow.Head head;
    public final Bool headValid = Input(Bool());
    /** The replay window issued an event this cycle. */
    public final Bool issued = Input(Bool());

    public final Bool issueEnable = Output(Bool());
    public final Bool commit = Output(Bool());
    public final Bool rewind = Output(Bool());
    public final DecoupledIO<CounterCmd> counterCmd;
    public final DecoupledIO<CounterResult> counterResult;
    /**
     * Soft reset, on this clock edge: the counter SRAM starts its clearing sweep, the threshold unit and the status
     * kept outside the controller (ZERO_WEIGHT) clear.
     */
    public final Bool softClear = Output(Bool());

    public final Bool counterClearing = Input(Bool());

    // --- control from the CSRs
    public final Bool enable = Input(Bool());
    public final Bool softReset = Input(Bool());
    public final Bool snapshot = Input(Bool());
    public final Bool readout = Input(Bool());
    public final UInt readoutSlot = Input(UInt(16));
    /** The event queue and the threshold unit hold nothing (soft reset waits for it). */
    public final Bool inputsDrained = Input(Bool());

    public final UInt epsCsr = Input(UInt(16));
    public final UInt m0Csr = Input(UInt(64));
    /** M0 holds 0 (a flip-flop of the CSR file's). */
    public final Bool m0CsrZero = Input(Bool());

    public final UInt qCsr = Input(UInt(32));
    /** The eps in use, loaded from the CSR at (soft) reset. */
    public final UInt epsActive = Output(UInt(16));
    /** Low while a reset or soft reset is in progress: tready must be low. */
    public final Bool acceptEnable = Output(Bool());

    // --- status
    public final Status live;
    /** The live status stands still for the snapshot copy (issue is stopped and the pipeline is empty). */
    public final Bool snapFreeze = Output(Bool());
    /** The status counter bank holds every counted event: a snapshot may freeze. */
    public final Bool countersIdle = Input(Bool());
    /** The snapshot copy has written its last word; the freeze ends. */
    public final Bool snapCopied = Input(Bool());
    /** (n * eps_fx) >> 16 of the frozen n, valid while {@link #errorBoundReady} (only read during a freeze). */
    public final UInt errorBound = Output(UInt(64));

    public final Bool errorBoundReady = Output(Bool());
    public final Bool snapBusy = Output(Bool());
    public final NodeReadout node;
    public final Bool readoutBusy = Output(Bool());
    public final Bool busy = Output(Bool());
    public final Bool idle = Output(Bool());
    public final Bool resetting = Output(Bool());
    /** Why this cycle committed no event ({@link StallCause}); for the co-simulation's stall breakdown. */
    public final UInt stallCause = Output(UInt(3));

    ControllerIO(RapConfig c) {
        head = Input(new ReplayWindow.Head(c));
        counterCmd = Decoupled(new CounterCmd(c));
        counterResult = Flipped(Decoupled(new CounterResult(c)));
        live = Output(new Status(c));
        node = Output(new NodeReadout(c));
    }

    /** The module-name parameters both controllers take. */
    static Object[] nameParams(RapConfig c, int windowDepth) {
        return new Object[] {
            NameKey.K, c.keyBits(),
            NameKey.B, c.branching(),
            NameKey.N, c.nodes(),
            NameKey.C, c.counterBits(),
            NameKey.WT, c.weightBits(),
            NameKey.TH, c.thresholdBits(),
            NameKey.D, windowDepth
        };
    }

    /** The length of a node of depth {@code depth}: depth * k, a shift since k is 1, 2 or 4. */
    static UInt lengthOf(RapConfig c, UInt depth) {
        int shift = Integer.numberOfTrailingZeros(c.bitsPerLevel());
        return shift == 0 ? depth.pad(c.lenBits()) : Cat(depth, U(0, shift)).pad(c.lenBits());
    }
}
