package org.rapgen.cosim.rap;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.rapgen.cosim.DslDut;
import org.rapgen.cosim.Dut;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.VerilatorModel;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapEngine;
import org.rapgen.engines.rap.RapRegisters;
import org.rapgen.engines.rap.StallCause;
import org.rapgen.golden.rap.RapNode;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapStatus;
import org.rapgen.golden.rap.RapTree;

/**
 * Runs the RAP engine RTL under Verilator beside the hardware-exact golden model ({@code CombiningQueue} +
 * {@code HardwareRap}), both fed the beats the RTL accepted in the order it accepted them.
 *
 * <p>Comparisons: status snapshots (all SPEC §5 status values, taken mid-stream while beats keep flowing: the golden
 * model is advanced to the snapshot's {@code updates} and must agree exactly), trees (the stream is held, the engine
 * drains, every node slot is read through the CSRs and the sorted list must equal the golden snapshot), and both at
 * the end. Random stream gaps and random status checks come from {@link Options}; the engine's own backpressure comes
 * from the RTL.
 */
public final class RapCosim {
    /**
     * @param seed          for stream gaps and check placement
     * @param gap           chance that no beat is offered in a clock (0: the source is never empty)
     * @param statusChecks  chance per clock of starting a mid-stream status check
     * @param stuckLimit    clocks without a commit, while events are outstanding, before giving up
     * @param rreadyLow     chance per clock that the CSR master holds rready low while read data waits
     */
    public record Options(long seed, double gap, double statusChecks, long stuckLimit, double rreadyLow) {
        /** A source that always has a beat, no mid-stream checks: for throughput. */
        public static Options fullSpeed() {
            return new Options(1, 0, 0, 2_000_000, 0);
        }

        /** Random gaps, frequent random status checks, a slow CSR master. */
        public static Options stress(long seed) {
            return new Options(seed, 0.3, 0.004, 2_000_000, 0.4);
        }

        /** As {@link #stress}, with a status check started on {@code statusChecks} of the clocks. */
        public Options withStatusChecks(double chance) {
            return new Options(seed, gap, chance, stuckLimit, rreadyLow);
        }
    }

    private static final String[] WIDE_STATUS = {
        "N",
        "UPDATES",
        "SPLITS",
        "MERGES",
        "MERGE_BATCHES",
        "DEFERRED_SPLITS",
        "SATURATIONS",
        "ERROR_BOUND",
        "ZERO_WEIGHT"
    };

    private final RapConfig c;
    private final RapBus bus;
    private final GoldenRap golden;
    private final CsrScript script;
    private final Options opt;
    private final Random rnd;
    private final List<String> mismatches = new ArrayList<>();
    private final long[] causes = new long[StallCause.ALL.size()];
    private long backpressure;
    private long cycles;
    private long beats;
    private long commits;
    private long lastProgress;
    private long stepsSeen;
    private int checks;
    /** Snapshot requests the engine took in the middle of a split or a merge (by the debug stall cause). */
    private int snapshotsInStructure;

    private int quiet;
    private int lastCause;
    /** Reasons the stream is held (reset, a tree check, a reconfiguration); beats flow at 0. */
    private int holds = 1;

    private boolean counting;
    private boolean finished;
    private boolean aborted;
    private RapTree finalTree;
    private RapStatus rtlStatus;
    private int epsFx;

    private RapCosim(Sim sim, RapConfig c, Options opt) {
        this.c = c;
        this.rnd = new Random(opt.seed());
        this.bus = new RapBus(sim, c, opt.rreadyLow(), rnd);
        this.golden = new GoldenRap(c);
        this.script = new CsrScript(bus);
        this.opt = opt;
        this.epsFx = c.epsFx();
    }

    /** The Verilated engine for a configuration (built once per configuration, then cached on disk). */
    public static VerilatorModel model(RapConfig c) {
        Dut d = DslDut.of(() -> new RapEngine(c));
        return VerilatorModel.builder(d.top()).files(d.files()).flags(d.flags()).build();
    }

    public static RapCosimReport run(RapConfig c, RapStimulus s, Options opt) {
        try (Sim sim = model(c).newSim()) {
            return run(sim, c, s, opt);
        }
    }

    public static RapCosimReport run(Sim sim, RapConfig c, RapStimulus s, Options opt) {
        return new RapCosim(sim, c, opt).go(s);
    }

    private RapCosimReport go(RapStimulus s) {
        bus.sim().reset(2);
        script.pollField("STATUS", "resetting", 0).run(() -> holds--);
        int next = 0;
        int actionsFor = -1;
        boolean finalScheduled = false;
        while (!finished && !aborted) {
            if (next > actionsFor && next <= s.size()) {
                for (RapStimulus.Action a : s.actionsBefore(next)) schedule(a);
                RapStimulus.Reconfigure rc = s.reconfigureBefore(next);
                if (rc != null) reconfigure(rc);
                actionsFor = next;
            }
            if (next == s.size() && !finalScheduled && script.idle()) {
                scheduleFinal();
                finalScheduled = true;
            }
            if (holds == 0 && next < s.size() && !bus.offering() && (opt.gap() == 0 || rnd.nextDouble() >= opt.gap())) {
                bus.offer(s.key(next), s.weight(next), s.last(next));
                counting = true;
            }
            if (opt.statusChecks() > 0 && next < s.size() && script.idle() && rnd.nextDouble() < opt.statusChecks()) {
                statusCheck(false);
            }
            script.beforeClock();
            RapBus.Cycle cy = bus.step();
            if (cy.beat) {
                golden.beat(s.key(next), s.weight(next), s.last(next));
                next++;
                beats++;
            }
            account(cy);
            script.afterClock(cy);
            if (bus.sim().cycle() - lastProgress > opt.stuckLimit()) {
                mismatch("no progress for " + opt.stuckLimit() + " clocks: " + commits + " events committed, "
                        + golden.releasedTotal() + " out of the golden queue, cycle "
                        + bus.sim().cycle());
                aborted = true;
            }
        }
        return new RapCosimReport(
                beats,
                commits,
                cycles,
                causes.clone(),
                backpressure,
                checks,
                snapshotsInStructure,
                List.copyOf(mismatches),
                finalTree);
    }

    private void account(RapBus.Cycle cy) {
        lastCause = cy.stallCause;
        // CSR traffic is progress only as its steps finish: a status poll that never sees its value must not keep a
        // stuck engine running forever.
        if (cy.stallCause == StallCause.COMMIT.code() || cy.beat || script.finished() != stepsSeen)
            lastProgress = bus.sim().cycle();
        stepsSeen = script.finished();
        if (cy.stallCause == StallCause.COMMIT.code()) commits++;
        quiet = cy.stallCause == StallCause.STARVED.code() ? quiet + 1 : 0;
        if (!counting || holds > 0) return;
        cycles++;
        causes[Math.min(cy.stallCause, causes.length - 1)]++;
        if (cy.backpressure) backpressure++;
    }

    private void schedule(RapStimulus.Action a) {
        switch (a) {
            case FLUSH -> script.pulse("CTRL", "flush", golden::flush);
            case SOFT_RESET ->
                script.pulse("CTRL", "soft_reset", golden::softReset).pollField("STATUS", "resetting", 0);
            case CHECK_STATUS -> statusCheck(false);
            case SNAPSHOT_BURST -> {
                for (int i = 0; i < 3; i++) script.pulse("CTRL", "snapshot", this::snapshotTaken);
                statusCheck(false);
            }
            case SNAPSHOT_DURING_READOUT -> {
                script.write("SLOT", rnd.nextInt(c.nodes()));
                statusCheck(false);
                script.pollField("STATUS", "readout_busy", 0);
            }
            case PAUSE -> {
                long until = bus.sim().cycle() + 50 + rnd.nextInt(200);
                script.write("CTRL", 0).until(() -> bus.sim().cycle() >= until).write("CTRL", 1);
            }
            case CHECK_TREE -> {
                holds++;
                waitQuiet();
                statusCheck(false);
                treeCheck(false);
                script.run(() -> holds--);
            }
        }
    }

    /** Holds the stream while software writes the parameters and soft-resets, as a driver would before a run. */
    private void reconfigure(RapStimulus.Reconfigure rc) {
        holds++;
        RapStimulus.Reconfigure in = rc.effective();
        RapParams next = new RapParams(c.keyBits(), c.bitsPerLevel(), in.epsFx(), in.m0(), in.q());
        script.write("EPS", rc.epsFx())
                .write("M0_LO", rc.m0() & 0xFFFF_FFFFL)
                .write("M0_HI", rc.m0() >>> 32)
                .write("Q", rc.q());
        script.pulse("CTRL", "soft_reset", () -> golden.softReset(next)).pollField("STATUS", "resetting", 0);
        script.run(() -> {
            epsFx = in.epsFx();
            holds--;
        });
    }

    private void scheduleFinal() {
        if (c.combine()) script.pulse("CTRL", "flush", golden::flush);
        waitQuiet();
        script.run(() -> counting = false);
        statusCheck(true);
        treeCheck(true);
        script.run(() -> finished = true);
    }

    /** Until every event out of the golden queue is committed and the engine has been idle for a few clocks. */
    private void waitQuiet() {
        script.until(() -> commits == golden.releasedTotal() && quiet >= 4);
    }

    /** A snapshot write was taken: note whether a split or merge was in progress in that clock. */
    private void snapshotTaken() {
        if (lastCause == StallCause.SPLIT.code() || lastCause == StallCause.MERGE.code()) snapshotsInStructure++;
    }

    private void statusCheck(boolean last) {
        long[] v = new long[WIDE_STATUS.length];
        long[] narrow = new long[4];
        // ZERO_WEIGHT counts beats at the stream input, so its snapshot lies between the counts at the request and
        // at the end of the snapshot (the engine holds the stream while it copies).
        long[] zeroBounds = new long[2];
        script.pulse("CTRL", "snapshot", () -> {
                    snapshotTaken();
                    zeroBounds[0] = golden.zeroWeight();
                })
                .pollField("STATUS", "snapshot_busy", 0)
                .run(() -> zeroBounds[1] = golden.zeroWeight());
        for (int i = 0; i < WIDE_STATUS.length; i++) script.read64(WIDE_STATUS[i], v, i);
        script.read("NODES", x -> store(narrow, 0, x))
                .read("HIGH_WATER", x -> store(narrow, 1, x))
                .read("SNAP_FLAGS", x -> store(narrow, 2, x))
                .read("STATUS", x -> store(narrow, 3, x));
        script.run(() -> {
            checks++;
            RapStatus rtl = new RapStatus(
                    v[0],
                    narrow[0],
                    narrow[1],
                    v[1],
                    v[2],
                    v[3],
                    v[4],
                    v[5],
                    v[6],
                    flag("SNAP_FLAGS", "overflow", narrow[2]),
                    flag("SNAP_FLAGS", "saturated", narrow[2]),
                    v[7]);
            try {
                golden.advanceTo(rtl.updates());
            } catch (IllegalStateException e) {
                mismatch(e.getMessage());
                aborted = true;
                return;
            }
            rtlStatus = rtl;
            RapStatus g = golden.status();
            if (!rtl.equals(g))
                mismatch((last ? "final" : "mid-stream") + " status after " + rtl.updates() + " events:\n    rtl    "
                        + rtl + "\n    golden " + g);
            if (last && v[8] != golden.zeroWeight())
                mismatch("zero-weight beats: rtl " + v[8] + ", golden " + golden.zeroWeight());
            // The sticky flag is live, not a snapshot: beats after the copy may set it, so only the final check (no
            // beats left) compares it.
            boolean zeroSeen = flag("STATUS", "zero_weight", narrow[3]);
            if (last && zeroSeen != (golden.zeroWeight() != 0))
                mismatch("STATUS.zero_weight: rtl " + zeroSeen + ", golden zero-weight beats " + golden.zeroWeight());
            if (v[8] < zeroBounds[0] || v[8] > zeroBounds[1]) {
                mismatch("zero-weight beats at a snapshot: rtl " + v[8] + ", golden " + zeroBounds[0] + " .. "
                        + zeroBounds[1]);
            }
        });
    }

    private static boolean flag(String reg, String field, long word) {
        return RapRegisters.get(reg).field(field).valueIn(word) != 0;
    }

    private static boolean store(long[] into, int i, long x) {
        into[i] = x;
        return true;
    }

    private void treeCheck(boolean last) {
        List<RapNode> nodes = new ArrayList<>();
        long[] slot = new long[5];
        for (int i = 0; i < c.nodes(); i++) {
            script.write("SLOT", i).pollField("STATUS", "readout_busy", 0).read("NODE", x -> store(slot, 0, x));
            script.read64("NODE_PREFIX", slot, 1).read64("NODE_COUNT", slot, 3);
            script.run(() -> {
                if ((slot[0] >>> 31) != 0) nodes.add(new RapNode(slot[1], (int) (slot[0] & 0xFF), slot[3]));
            });
        }
        script.run(() -> {
            checks++;
            List<RapNode> rtl = new ArrayList<>(nodes);
            rtl.sort(RapNode.ORDER);
            List<RapNode> g = golden.nodes();
            if (!rtl.equals(g))
                mismatch((last ? "final" : "mid-stream") + " tree after "
                        + golden.status().updates() + " events: " + TreeDiff.describe(rtl, g));
            if (last && rtlStatus != null) {
                finalTree = new RapTree(c.keyBits(), c.bitsPerLevel(), epsFx, rtlStatus.n(), rtlStatus.overflow(), rtl);
            }
        });
    }

    private void mismatch(String what) {
        mismatches.add(what);
    }
}
