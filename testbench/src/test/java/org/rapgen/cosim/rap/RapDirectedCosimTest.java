package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.StallCause;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapStatus;

/**
 * Directed co-simulations: each one drives the engine into one corner (saturation, full tree, soft reset, flush,
 * zero weights, new parameters, pause, schedule exhaustion, a TCAM that is slow to write) and must agree with the golden model. Each also checks,
 * on an independent golden run of the same stimulus, that the corner was really reached.
 */
class RapDirectedCosimTest {

    /** The engine each test builds from one of {@link RapConfigs}' configurations (the TCAM lookup here). */
    RapConfig on(RapConfig c) {
        return c;
    }

    private static void expectMatch(RapConfig c, RapStimulus s, long seed) {
        RapCosimReport r = RapCosim.run(c, s, RapCosim.Options.stress(seed));
        assertTrue(r.ok(), () -> String.join("\n", r.mismatches()));
    }

    /** The golden status after the whole stimulus (no actions), to prove the stimulus reaches its corner. */
    private static RapStatus goldenOnly(RapConfig c, RapStimulus s) {
        return golden(c, s, s.size()).status();
    }

    /** An independent golden model after the first {@code beats} beats of the stimulus (no actions). */
    private static HardwareRap golden(RapConfig c, RapStimulus s, int beats) {
        HardwareRap h = new HardwareRap(
                new RapParams(c.keyBits(), c.bitsPerLevel(), c.epsFx(), c.m0(), c.q()), c.nodes(), c.counterBits());
        CombiningQueue q = new CombiningQueue(h, c.combine(), c.weightBits());
        for (int i = 0; i < beats; i++) {
            if (s.weight(i) != 0) q.accept(s.key(i), s.weight(i));
            if (s.last(i)) q.flush();
        }
        q.flush();
        return h;
    }

    private static long fullLengthNodes(RapConfig c, HardwareRap h) {
        return h.snapshot().stream().filter(v -> v.len() == c.keyBits()).count();
    }

    @Test
    void countersSaturateAndHeavyWeightsClip() {
        RapConfig c = on(RapConfigs.CLIP);
        RapStimulus s = RapStreams.of(RapStreams.oneHot(c.keyBits(), 3), 2500, 255, 3);
        RapStatus g = goldenOnly(c, s);
        assertTrue(g.saturations() > 0 && g.saturated(), "stimulus must saturate: " + g);
        expectMatch(c, s, 3);
    }

    @Test
    void capacityOverflowDefersSplits() {
        RapConfig c = on(RapConfigs.SMALL);
        RapStimulus s = RapStreams.of(RapStreams.distinct(c.keyBits(), 4), 3000, 1, 4);
        s.at(1500, RapStimulus.Action.CHECK_TREE);
        RapStatus g = goldenOnly(c, s);
        assertTrue(g.overflow() && g.deferredSplits() > 100, "stimulus must overflow: " + g);
        expectMatch(c, s, 4);
    }

    /**
     * A key drills down to full length, then goes cold while heavy traffic elsewhere raises T far above every counter:
     * the merge walk must start at the deepest level, where the full-length leaves are.
     */
    @Test
    void fullLengthLeavesMergeBackWhenTheirKeyCools() {
        RapConfig c = on(RapConfigs.DEEP);
        int drill = 2000;
        RapStimulus s = RapStreams.of(RapStreams.oneHot(c.keyBits(), 12), drill, 1, 12);
        long cold = RapStreams.mask(0x5A5A_0F0FL, c.keyBits());
        for (int i = 0; i < 2000; i++) s.beat(cold, 65535);
        s.at(drill, RapStimulus.Action.CHECK_TREE);
        assertTrue(fullLengthNodes(c, golden(c, s, drill)) > 0, "the hot key must reach full length first");
        HardwareRap end = golden(c, s, s.size());
        assertTrue(
                end.currentNodes() < 8 && fullLengthNodes(c, end) == 0,
                "every full-length leaf must merge back: " + end.snapshot());
        expectMatch(c, s, 12);
    }

    @Test
    void softResetMidStreamStartsAFreshProfile() {
        RapConfig c = on(RapConfigs.WIDE);
        RapStimulus s = RapStreams.of(RapStreams.zipf(c.keyBits(), 200, 5), 3000, 6, 5);
        s.at(900, RapStimulus.Action.SOFT_RESET)
                .at(1400, RapStimulus.Action.CHECK_TREE)
                .at(2100, RapStimulus.Action.SOFT_RESET);
        expectMatch(c, s, 5);
    }

    @Test
    void flushAndTlastReleaseTheCombinedEvent() {
        RapConfig c = on(RapConfigs.WIDE);
        Random r = new Random(6);
        RapStimulus s = new RapStimulus();
        long key = 0;
        for (int i = 0; i < 3000; i++) {
            if (r.nextInt(8) == 0) key = r.nextLong();
            s.beat(key, 1 + r.nextInt(40), r.nextInt(50) == 0);
            if (r.nextInt(200) == 0) s.then(RapStimulus.Action.FLUSH);
            if (i % 700 == 350) s.then(RapStimulus.Action.CHECK_TREE);
        }
        RapStatus g = goldenOnly(c, s);
        assertTrue(g.updates() < 3000, "runs must combine: " + g);
        expectMatch(c, s, 6);
    }

    @Test
    void zeroWeightBeatsAreDroppedAndCountedUntilSoftReset() {
        RapConfig c = on(RapConfigs.CLIP);
        Random r = new Random(7);
        RapStimulus s = new RapStimulus();
        for (int i = 0; i < 2000; i++) {
            s.beat(r.nextInt(64), r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(200), r.nextInt(40) == 0);
            if (i % 250 == 100) s.then(RapStimulus.Action.SNAPSHOT_BURST);
            // The soft reset clears ZERO_WEIGHT and STATUS.zero_weight with the rest of the status.
            if (i == 1300) s.then(RapStimulus.Action.SOFT_RESET);
        }
        expectMatch(c, s, 7);
    }

    /**
     * Status snapshots requested while splits and merges run, back to back, and while a node readout is pending, with
     * the CSR master holding rready low at random: every snapshot must equal the golden status after its UPDATES.
     */
    @Test
    void snapshotsDuringSplitsMergesAndReadoutsAreConsistent() {
        RapConfig c = on(RapConfigs.SMALL);
        RapStimulus s = RapStreams.of(RapStreams.zipf(c.keyBits(), 100, 11), 6000, 1, 11);
        for (int i = 100; i < 6000; i += 150) {
            s.at(i, i % 300 == 100 ? RapStimulus.Action.SNAPSHOT_BURST : RapStimulus.Action.SNAPSHOT_DURING_READOUT);
        }
        // A snapshot stops the issue until the pipeline is empty, and the events it let in commit (and split) only a
        // lookup's latency after it ends. The random checks come about every 100 clocks, longer than the trie's walk
        // here (95 clocks): any more often and every one lands while the walk refills, before an event could commit,
        // so no snapshot would meet a split or a merge.
        RapCosimReport r = RapCosim.run(c, s, RapCosim.Options.stress(11).withStatusChecks(0.01));
        assertTrue(r.ok(), () -> String.join("\n", r.mismatches()));
        assertTrue(r.checks() > 40, "expected many status checks, made " + r.checks());
        assertTrue(r.snapshotsInStructure() > 0, "no snapshot request landed in a split or merge");
    }

    @Test
    void newEpsM0AndQTakeEffectAtSoftReset() {
        RapConfig c = on(RapConfigs.SMALL);
        RapStimulus s = RapStreams.of(RapStreams.zipf(c.keyBits(), 100, 8), 3000, 1, 8);
        s.reconfigure(1000, new RapStimulus.Reconfigure(20000, 100, 3));
        s.reconfigure(2000, new RapStimulus.Reconfigure(300, 7, 5));
        s.at(2500, RapStimulus.Action.CHECK_TREE);
        // Zeros (and Q = 1) as software may write them: EPS 0 runs as 1, M0 0 as 1, Q 1 as 2.
        s.reconfigure(2600, new RapStimulus.Reconfigure(0, 0, 1));
        expectMatch(c, s, 8);
    }

    @Test
    void pausingWithEnableLosesNothing() {
        RapConfig c = on(RapConfigs.DEEP);
        RapStimulus s = RapStreams.of(RapStreams.sweep(c.keyBits(), 9), 4000, 20, 9);
        for (int i = 500; i < 4000; i += 700) s.at(i, RapStimulus.Action.PAUSE);
        RapCosimReport r = RapCosim.run(c, s, RapCosim.Options.stress(9));
        assertTrue(r.ok(), () -> String.join("\n", r.mismatches()));
        assertTrue(r.backpressure() > 0, "pauses must fill the queue and drop tready");
    }

    @Test
    void mergeScheduleStopsWhenNextPointOverflows() {
        RapConfig c = on(RapConfigs.DEEP);
        RapStimulus s = new RapStimulus();
        Random r = new Random(10);
        // M0 = 2^33 and q = 2^31: the first batch is due near n = 2^33, and M0 * q = 2^64 no longer fits.
        s.reconfigure(0, new RapStimulus.Reconfigure(655, 1L << 33, 1L << 31));
        for (int i = 0; i < 140_000; i++) s.beat(r.nextInt(1 << 20) * 4096L, 65535);
        RapConfig changed = c.withSchedule(655, 1L << 33, 1L << 31);
        RapStatus g = goldenOnly(changed, s);
        assertTrue(g.n() > 1L << 33 && g.mergeBatches() < 100, "one scheduled batch, then none: " + g);
        RapCosimReport rep = RapCosim.run(c, s, RapCosim.Options.fullSpeed());
        assertTrue(rep.ok(), () -> String.join("\n", rep.mismatches()));
        assertEquals(140_000L * 65535, rep.tree().n());
    }

    @Test
    void softResetWhileTheScheduleMultipliesRestartsItCleanly() {
        // M0 = 600 and q = 2^31 - 1, a 63-clock product, built in (no soft reset to set them): beat 600 ends a
        // scheduled batch, and the product for the point after next runs on while the soft reset written right behind
        // that beat reaches INIT, which restarts the schedule on the same multiplier.
        long q = (1L << 31) - 1;
        RapConfig c = on(RapConfigs.SMALL).withSchedule(RapConfigs.SMALL.epsFx(), 600, q);
        RapStimulus s = new RapStimulus();
        Random r = new Random(14);
        for (int i = 0; i < 1500; i++) s.beat(r.nextInt(1 << 12) * (1L << 20), 1);
        s.at(600, RapStimulus.Action.SOFT_RESET).at(1500, RapStimulus.Action.CHECK_TREE);
        assertTrue(
                golden(c, s, 600).status().mergeBatches()
                        > golden(c, s, 599).status().mergeBatches(),
                "beat 600 must end a merge batch");
        expectMatch(c, s, 14);
    }

    @Test
    void blockRamTcamAndCounterReadRegisterLoseNothing() {
        // The iCE40 build's parts: a BramTcam, whose node write sweeps 2^5 + 2 clocks (longer than the counter clear
        // sweep of N = 16 clocks, so INIT's root write waits too, after reset and after the soft reset), and the
        // counter SRAM's read register (one more clock of latency, a second forwarding source).
        RapConfig c = on(RapConfigs.SMALL);
        int chunkBits = 5;
        RapConfig built = c.withImplementation(chunkBits, true);
        RapStimulus s = RapStreams.of(RapStreams.zipf(c.keyBits(), 100, 11), 3000, 1, 11);
        s.at(1200, RapStimulus.Action.SOFT_RESET).at(2000, RapStimulus.Action.CHECK_TREE);
        RapCosimReport stressed = RapCosim.run(built, s, RapCosim.Options.stress(11));
        assertTrue(stressed.ok(), () -> String.join("\n", stressed.mismatches()));

        RapCosimReport slow = RapCosim.run(built, s, RapCosim.Options.fullSpeed());
        RapCosimReport fast = RapCosim.run(c, s, RapCosim.Options.fullSpeed());
        assertTrue(
                slow.ok() && fast.ok(),
                () -> String.join("\n", slow.mismatches()) + String.join("\n", fast.mismatches()));
        long slowSplit = slow.cause(StallCause.SPLIT);
        long fastSplit = fast.cause(StallCause.SPLIT);
        assertTrue(
                slowSplit >= fastSplit + (1 << chunkBits),
                "the controller must have waited for the TCAM's writes: split clocks " + slowSplit + " vs "
                        + fastSplit);
    }
}
