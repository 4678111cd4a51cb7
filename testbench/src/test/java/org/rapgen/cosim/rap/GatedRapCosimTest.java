package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapGates;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.GatedStream;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapStatus;
import org.rapgen.trace.TraceOptions;

/**
 * Gates in front of the RAP engine (docs/gates.md, "Gates in front of RAP"): B, F, F then B, and PH, each on both
 * lookups, against the hardware-exact golden model fed only the events the gates pass ({@code GatedStream}). Weighted
 * beats with zero-weight ones among them, frames ending on passed and on held-back beats, CTRL.flush, a pause that
 * fills the queue so tready falls with a beat in the gate stage, a soft reset, random stream gaps and status snapshots,
 * and the lackey trace. One Verilator build per gate and lookup, small engines, a few thousand beats each.
 */
class GatedRapCosimTest {
    /** K=32, b=4, N=32, C=16, 8-bit weights on the stream, a 16-deep combining queue, eps 2 %, merges from n=128. */
    static final RapConfig TCAM = new RapConfig(32, 2, 32, 16, 8, true, 16, true, 1310, 128, 2, 2);

    static final RapConfig TRIE = TCAM.withLookup(RapConfig.Lookup.TRIE);

    static final String[] GATES = {
        "B[7,3]", "F[0x3,0x1]", "F[0x5,0x4]B[5,2]", "PH[len=64,buckets=4,thr=20,sigs=4,phases=2,pick=1]"
    };

    static RapConfig gated(RapConfig c, String gate) {
        return c.withGates(RapGates.parse(gate, RapGates.DEFAULT_HASH_SEED, 0x1234567));
    }

    static Stream<Arguments> lanes() {
        List<Arguments> out = new ArrayList<>();
        for (String lookup : new String[] {"tcam", "trie"}) for (String g : GATES) out.add(Arguments.of(lookup, g));
        return out.stream();
    }

    static RapConfig config(String lookup, String gate) {
        return gated(lookup.equals("tcam") ? TCAM : TRIE, gate);
    }

    /**
     * Half the keys from eight hot ones, a quarter repeating the last key (runs the queue combines), the rest from six
     * regions and the whole key space; weights 1..7 and now and then 0; a frame end on one beat in 40.
     */
    static RapStimulus frames(int n, long seed) {
        Random r = new Random(seed);
        long[] hot = new long[8];
        for (int i = 0; i < hot.length; i++) hot[i] = 0x10000L * i + r.nextInt(64);
        RapStimulus s = new RapStimulus();
        long key = hot[0];
        for (int i = 0; i < n; i++) {
            int u = r.nextInt(8);
            if (u < 4) key = hot[r.nextInt(hot.length)];
            else if (u == 6) key = 0x10000L * r.nextInt(6) + r.nextInt(64);
            else if (u == 7) key = r.nextLong() & 0xFFFF_FFFFL;
            s.beat(key, r.nextInt(25) == 0 ? 0 : 1 + r.nextInt(7), r.nextInt(40) == 0);
        }
        return s.markLast();
    }

    /** The golden model after the whole stimulus (frame ends flush, as the RTL's), without the control actions. */
    static HardwareRap golden(RapConfig c, RapStimulus s, boolean heldLastsFlush) {
        HardwareRap h = new HardwareRap(
                new RapParams(c.keyBits(), c.bitsPerLevel(), c.epsFx(), c.m0(), c.q()), c.nodes(), c.counterBits());
        CombiningQueue q = new CombiningQueue(h, c.combine(), c.weightBits());
        GatedStream in = new GatedStream(c.gates().golden(c.keyBits()), q);
        // the mutant loses the frame end of a held-back beat with it; a second chain tells which beats are held back
        var verdicts = c.gates().golden(c.keyBits());
        for (int i = 0; i < s.size(); i++) {
            boolean passes = verdicts.pass(s.key(i), s.weight(i));
            in.beat(s.key(i), s.weight(i), s.last(i) && (passes || heldLastsFlush));
        }
        return h;
    }

    static void expectMatch(RapConfig c, RapStimulus s, long seed) {
        s.at(s.size() / 2, RapStimulus.Action.CHECK_TREE);
        RapCosimReport r = RapCosim.run(c, s, RapCosim.Options.stress(seed).withStatusChecks(0.002));
        assertTrue(r.ok(), () -> c.gates().text() + " " + c.lookup().key() + ":\n" + String.join("\n", r.mismatches()));
    }

    @ParameterizedTest(name = "{0} {1} frames")
    @MethodSource("lanes")
    void framesWithFlushesPausesAndASoftReset(String lookup, String gate) {
        RapConfig c = config(lookup, gate);
        long seed = (lookup + gate).hashCode();
        RapStimulus s = frames(3000, seed);
        s.at(500, RapStimulus.Action.FLUSH);
        s.at(900, RapStimulus.Action.PAUSE);
        s.at(1300, RapStimulus.Action.SOFT_RESET);
        s.at(2200, RapStimulus.Action.FLUSH);
        s.at(2400, RapStimulus.Action.PAUSE);
        HardwareRap g = golden(c, s, true);
        RapStatus st = g.status();
        assertTrue(st.updates() > 100 && st.splits() > 0, gate + " must pass enough events to split: " + st);
        HardwareRap mutant = golden(c, s, false);
        assertNotEquals(
                List.of(st, g.snapshot()),
                List.of(mutant.status(), mutant.snapshot()),
                gate + ": losing a held-back frame end must change the tree");
        expectMatch(c, s, seed);
    }

    @ParameterizedTest(name = "{0} {1} lackey")
    @MethodSource("lanes")
    void lackeyTrace(String lookup, String gate, @TempDir Path tmp) throws Exception {
        RapConfig c = config(lookup, gate);
        RapStimulus s = RapTraceCosimTest.load(
                RapTraceCosimTest.lackeyOfTrue(tmp), c.keyBits(), TraceOptions.LackeyMode.INSTR, 6000);
        s.markLast();
        var verdicts = c.gates().golden(c.keyBits());
        long passed = 0;
        for (int i = 0; i < s.size(); i++) passed += verdicts.pass(s.key(i), s.weight(i)) ? 1 : 0;
        long held = s.size() - passed;
        assertTrue(passed > 100 && held > 100, gate + " must pass and hold back events: " + passed + ", " + held);
        expectMatch(c, s, gate.hashCode());
    }
}
