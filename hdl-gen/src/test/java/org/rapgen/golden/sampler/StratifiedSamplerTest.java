package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class StratifiedSamplerTest {
    /** A skewed tuple stream: 40 pcs, few values each, some noise. */
    static long[][] stream(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[][] t = new long[n][2];
        for (int i = 0; i < n; i++) {
            long pc = 0x400000 + 4L * rnd.nextInt(40);
            long w = rnd.nextInt(10) < 7 ? (pc * 3) & 0xff : rnd.nextInt(1 << 20);
            t[i][0] = pc;
            t[i][1] = w;
        }
        return t;
    }

    @Test
    void periodicEmitsFloorPerStratum() {
        long[][] t = stream(200_000, 1);
        for (String spec : new String[] {"H[P256]2048", "H[P16]64", "H[P7]32", "P10", "H[P1]4"}) {
            MessageList out = new MessageList();
            SamplerSpec sp = SamplerSpec.parse(spec);
            Sampler s = sp.build(SamplerConfig.of(32), out);
            StratifiedSampler ref = new StratifiedSampler(
                    StratifiedSampler.Kind.P, sp.rate, sp.strata, SamplerConfig.of(32), (a, b, c) -> {});
            long[] events = new long[sp.strata];
            for (long[] x : t) {
                s.push(x[0], x[1]);
                events[ref.stratum(x[0], x[1])]++;
            }
            s.finish();
            long[] msgs = new long[sp.strata];
            for (int i = 0; i < out.size(); i++) {
                assertEquals(sp.rate, out.count(i));
                msgs[ref.stratum(out.pc(i), out.w(i))]++;
            }
            long pending = 0;
            for (int k = 0; k < sp.strata; k++) {
                assertEquals(events[k] / sp.rate, msgs[k], spec + " stratum " + k);
                pending += events[k] % sp.rate;
            }
            assertEquals(pending, s.pending(), spec);
            assertEquals(t.length, out.totalCount() + s.pending(), spec);
        }
    }

    @Test
    void periodicSamplesTheRthEventOfItsStratum() {
        // P3 without hashing: messages are events 3, 6, 9, ... (1-based)
        MessageList out = new MessageList();
        Sampler s = SamplerSpec.build("P3", 32, out);
        for (int i = 1; i <= 10; i++) s.push(i, 100 + i);
        assertEquals(3, out.size());
        assertEquals(new Message(3, 103, 3), out.get(0));
        assertEquals(new Message(6, 106, 3), out.get(1));
        assertEquals(new Message(9, 109, 3), out.get(2));
        assertEquals(1, s.pending());
        // stratified: every tuple identical -> one stratum behaves like P_r
        out = new MessageList();
        s = SamplerSpec.build("H[P4]1024", 32, out);
        for (int i = 0; i < 17; i++) s.push(0xabc, 0xdef);
        assertEquals(4, out.size());
        assertEquals(1, s.pending());
    }

    @Test
    void counterRandomCountsAddUpToStreamLength() {
        long[][] t = stream(100_000, 2);
        for (String spec : new String[] {"CR10", "H[CR8]512", "CR256", "H[CR16]1", "CR1"}) {
            MessageList out = new MessageList();
            Sampler s = SamplerSpec.build(spec, 32, out);
            for (long[] x : t) s.push(x[0], x[1]);
            s.finish();
            assertEquals(t.length, out.totalCount() + s.pending(), spec);
            assertTrue(out.size() > 0, spec);
        }
        // CR_r and R_r share the LFSR definition: CR10 samples exactly where R10 does
        MessageList r = new MessageList();
        MessageList cr = new MessageList();
        Sampler sr = SamplerSpec.build("R10", 32, r);
        Sampler scr = SamplerSpec.build("CR10", 32, cr);
        for (long[] x : t) {
            sr.push(x[0], x[1]);
            scr.push(x[0], x[1]);
        }
        assertEquals(r.size(), cr.size());
        for (int i = 0; i < r.size(); i++) assertEquals(r.pc(i), cr.pc(i));
        // ... and its counts are the gaps between samples
        assertEquals(t.length - cr.totalCount(), scr.pending());
        double rate = (double) t.length / r.size();
        assertTrue(rate > 9.5 && rate < 10.5, "observed 1/" + rate);
    }

    @Test
    void counterSaturationForcesAMessage() {
        // 3-bit counter: at most 7 events per message even if the LFSR never samples
        MessageList out = new MessageList();
        Sampler s = SamplerSpec.parse("CR65536").build(SamplerConfig.of(32).withCounterBits(3), out);
        for (int i = 0; i < 70; i++) s.push(i, i);
        assertEquals(10, out.size());
        for (int i = 0; i < out.size(); i++) assertEquals(7, out.count(i));
        assertEquals(0, s.pending());
    }

    @Test
    void hashedRandomMakesTheSameDecisionsAsRandom() {
        // the LFSR is shared and stepped on every event, so H[R_r]_n samples exactly where R_r does
        long[][] t = stream(50_000, 3);
        MessageList a = new MessageList();
        MessageList b = new MessageList();
        Sampler r = SamplerSpec.build("R16", 32, a);
        Sampler h = SamplerSpec.build("H[R16]1024", 32, b);
        for (long[] x : t) {
            r.push(x[0], x[1]);
            h.push(x[0], x[1]);
        }
        assertEquals(a, b);
        assertEquals(0, h.pending());
    }

    @Test
    void hashedPeriodicIsMoreAccurateThanRandomOnARandomStream() {
        // the paper's Figure 4 experiment, once: tuple p makes up 30% of a random stream
        SplittableRandom rnd = new SplittableRandom(4);
        int n = 20_000;
        Profile ideal = new Profile();
        Profile pr = new Profile();
        Profile hp = new Profile();
        Sampler r = SamplerSpec.build("R10", 32, pr);
        Sampler h = SamplerSpec.build("H[P10]64", 32, hp);
        for (int i = 0; i < n; i++) {
            long w = rnd.nextInt(10) < 3 ? 1 : 2 + rnd.nextInt(5000);
            ideal.add(7, w, 1);
            r.push(7, w);
            h.push(7, w);
        }
        double errR = Math.abs(ideal.count(7, 1) - pr.count(7, 1)) / (double) ideal.count(7, 1);
        double errH = Math.abs(ideal.count(7, 1) - hp.count(7, 1)) / (double) ideal.count(7, 1);
        assertTrue(errH < 0.01, "H[P10]64 error " + errH);
        assertTrue(errH <= errR, "H[P] " + errH + " vs R " + errR);
    }
}
