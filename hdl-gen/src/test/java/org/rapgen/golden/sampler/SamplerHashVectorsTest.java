package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Compares SamplerHash and LfsrModel with vectors computed by the independent Python reference
 * src/test/resources/org/rapgen/golden/sampler/hash_vectors.py. If a definition changes on
 * purpose, regenerate: {@code python3 hash_vectors.py > hash_vectors.txt} (in that directory).
 */
class SamplerHashVectorsTest {
    static List<String[]> lines(String kind) throws IOException {
        List<String[]> out = new ArrayList<>();
        try (InputStream in = SamplerHashVectorsTest.class.getResourceAsStream("hash_vectors.txt")) {
            assertNotNull(in, "hash_vectors.txt missing from test resources");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String l; (l = r.readLine()) != null; ) {
                if (l.startsWith(kind + " ")) out.add(l.split(" "));
            }
        }
        assertFalse(out.isEmpty(), "no '" + kind + "' vectors");
        return out;
    }

    static long hex(String s) {
        return Long.parseUnsignedLong(s, 16);
    }

    @Test
    void tables() throws IOException {
        for (String[] f : lines("table")) {
            int seed = (int) hex(f[1]);
            int[] t = SamplerHash.table(seed);
            assertEquals(257, f.length - 1);
            for (int i = 0; i < 256; i++) assertEquals(hex(f[2 + i]), t[i], "seed " + f[1] + " entry " + i);
        }
    }

    @Test
    void hashVectors() throws IOException {
        int[] idxBits = {0, 1, 3, 5, 8, 11, 12, 16, 31, 32};
        int[] tagBits = {1, 2, 4, 7};
        int checked = 0;
        for (String[] f : lines("hash")) {
            int k = Integer.parseInt(f[1]);
            SamplerHash h = new SamplerHash(k);
            long pc = hex(f[2]);
            long w = hex(f[3]);
            String ctx = "K=" + k + " pc=" + f[2] + " w=" + f[3];
            assertEquals(hex(f[4]), h.randomize(pc), ctx);
            assertEquals(hex(f[5]), h.flip(h.randomize(pc)), ctx);
            assertEquals(hex(f[6]), h.randomize(w), ctx);
            assertEquals("|", f[7]);
            for (int i = 0; i < idxBits.length; i++) {
                assertEquals(hex(f[8 + i]), h.index(pc, w, idxBits[i]), ctx + " index bits " + idxBits[i]);
            }
            assertEquals("|", f[8 + idxBits.length]);
            for (int i = 0; i < tagBits.length; i++) {
                assertEquals(hex(f[9 + idxBits.length + i]), h.tag(pc, w, tagBits[i]), ctx + " tag bits " + tagBits[i]);
            }
            checked++;
        }
        assertEquals(88, checked);
    }

    @Test
    void lfsrSteps() throws IOException {
        String[] f = lines("lfsr-steps").get(0);
        LfsrModel l = new LfsrModel((int) hex(f[1]));
        for (int i = 2; i < f.length; i++) {
            l.step();
            assertEquals(hex(f[i]), l.state() & 0xffffffffL, "step " + (i - 1));
        }
    }

    @Test
    void lfsrSampleDecisionsAndRandomSampler() throws IOException {
        for (String[] f : lines("lfsr-sample")) {
            int r = Integer.parseInt(f[1]);
            String bits = f[2];
            LfsrModel l = new LfsrModel(LfsrModel.DEFAULT_SEED);
            int thr = LfsrModel.threshold(r);
            for (int i = 0; i < bits.length(); i++) {
                assertEquals(bits.charAt(i) == '1', l.event(thr), "r=" + r + " event " + i);
            }
            // R_r emits exactly at those events, each with count r
            MessageList out = new MessageList();
            Sampler s = SamplerSpec.build("R" + r, 32, out);
            for (int i = 0; i < bits.length(); i++) s.push(i, 0);
            int j = 0;
            for (int i = 0; i < bits.length(); i++) {
                if (bits.charAt(i) == '1') {
                    assertEquals(i, out.pc(j), "r=" + r);
                    assertEquals(r, out.count(j));
                    j++;
                }
            }
            assertEquals(j, out.size());
        }
    }

    @Test
    void hashIsDeterministicAndSpreads() {
        SamplerHash h = new SamplerHash(32);
        int[] hist = new int[16];
        for (long pc = 0; pc < 16_000; pc++) hist[(int) h.index(0x400000 + 4 * pc, 7, 4)]++;
        for (int v : hist) assertTrue(v > 700 && v < 1300, java.util.Arrays.toString(hist));
        assertThrows(IllegalArgumentException.class, () -> new SamplerHash(12));
        assertThrows(IllegalArgumentException.class, () -> SamplerHash.table(0));
    }
}
