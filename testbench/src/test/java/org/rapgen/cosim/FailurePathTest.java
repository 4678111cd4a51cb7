package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** Failing co-simulation tests must name the cycle and the signals, and leave an FST file. */
class FailurePathTest {
    private static final Pattern WAVE = Pattern.compile("waveform: (\\S+\\.fst)");

    @Test
    void expectReportsCycleAndSignals() {
        try (Sim sim = Bringup.model(new Bringup.Counter()).newSim()) {
            sim.poke("io_en", 1);
            sim.step(5);
            ExpectationError e = assertThrows(
                    ExpectationError.class,
                    () -> sim.expectAll(java.util.Map.of("io_count", 6, "io_wrap", 1, "io_en", 1)));
            assertEquals(5, e.cycle());
            assertEquals(2, e.mismatches().size());
            assertTrue(e.getMessage().contains("counter @ cycle 5: 2 signal mismatches"), e.getMessage());
            assertTrue(e.getMessage().contains("io_count: expected 0x6 (6), actual 0x5 (5)"), e.getMessage());
            assertTrue(e.getMessage().contains("io_wrap: expected 0x1 (1), actual 0x0 (0)"), e.getMessage());
        }
    }

    @Test
    void failingTestsLeaveWaveforms() throws Exception {
        List<TestExecutionSummary.Failure> failures = runFixture();
        assertEquals(
                5,
                failures.size(),
                () -> "all fixture tests must fail: "
                        + failures.stream()
                                .map(f -> f.getTestIdentifier().getDisplayName() + " -> " + f.getException())
                                .toList());
        failures.sort(Comparator.comparing(f -> f.getTestIdentifier().getDisplayName()));

        Throwable wrong = failures.get(0).getException();
        ExpectationError e = assertInstanceOf(ExpectationError.class, wrong);
        assertEquals(6, e.cycle()); // 1 reset + 2 steps + 3 batched
        assertTrue(e.getMessage().contains("counter @ cycle 6: 1 signal mismatch"), e.getMessage());
        assertTrue(e.getMessage().contains("io_count: expected 0x5 (5), actual 0x4 (4)"), e.getMessage());
        FstReader w = assertFst(e.getMessage(), e.waveform());
        // The replayed waveform shows, at the failing check's sample point (time 2c), what the check saw.
        assertEquals(BigInteger.valueOf(4), w.valueAt("io_count", 2 * 6));
        assertEquals(BigInteger.ONE, w.valueAt("io_en", 2 * 6));
        assertEquals(BigInteger.valueOf(3), w.valueAt("io_count", 2 * 5), "batch rows are in the waveform too");
        assertEquals(BigInteger.ONE, w.valueAt("reset", 0));

        Throwable plain = failures.get(1).getException();
        assertTrue(plain.getMessage().contains("expected: <7> but was: <3>"), plain.getMessage());
        assertEquals(BigInteger.valueOf(3), assertFst(plain.getMessage(), null).valueAt("io_count", 2 * 3));

        ExpectationError wrongDut =
                assertInstanceOf(ExpectationError.class, failures.get(2).getException());
        assertEquals(8, wrongDut.cycle()); // 1 reset + 7 steps: 6 -> 8 where 7 was expected
        assertTrue(
                wrongDut.getMessage().contains("counter_bugskip7 @ cycle 8: 1 signal mismatch"), wrongDut.getMessage());
        assertTrue(wrongDut.getMessage().contains("io_count: expected 0x7 (7), actual 0x8 (8)"), wrongDut.getMessage());
        FstReader d = assertFst(wrongDut.getMessage(), wrongDut.waveform());
        assertEquals(BigInteger.valueOf(8), d.valueAt("io_count", 2 * 8));
        assertEquals(BigInteger.valueOf(6), d.valueAt("io_count", 2 * 7), "the waveform shows the DUT's own history");

        Throwable stop = failures.get(3).getException();
        assertInstanceOf(AssertionError.class, stop);
        assertInstanceOf(SimulationStopped.class, stop.getCause());
        assertTrue(stop.getMessage().startsWith("counter @ cycle 5: $stop"), stop.getMessage());
        FstReader s = assertFst(stop.getMessage(), null);
        assertEquals(BigInteger.valueOf(5), s.valueAt("io_count", 2 * 4 + 1), "the replay runs up to the stop");

        ExpectationError always =
                assertInstanceOf(ExpectationError.class, failures.get(4).getException());
        assertTrue(always.getMessage().contains("io_count: expected 0xb (11), actual 0xa (10)"), always.getMessage());
        FstReader a = assertFst(always.getMessage(), always.waveform());
        assertEquals(BigInteger.valueOf(10), a.valueAt("io_count", 2 * 9 + 1), "live trace flushed up to the failure");
    }

    private static List<TestExecutionSummary.Failure> runFixture() {
        System.setProperty(FailingFixture.ENABLE, "true");
        try {
            Launcher launcher = LauncherFactory.create();
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            launcher.execute(
                    LauncherDiscoveryRequestBuilder.request()
                            .selectors(selectClass(FailingFixture.class))
                            .build(),
                    listener);
            return new java.util.ArrayList<>(listener.getSummary().getFailures());
        } finally {
            System.clearProperty(FailingFixture.ENABLE);
        }
    }

    private static FstReader assertFst(String message, Path reported) throws Exception {
        Matcher m = WAVE.matcher(message);
        assertTrue(m.find(), "no waveform path in: " + message);
        Path fst = Path.of(m.group(1));
        if (reported != null) assertEquals(reported, fst);
        assertTrue(Files.isRegularFile(fst), "missing " + fst);
        // An FST file starts with a header block (type 0) and is never tiny.
        byte[] bytes = Files.readAllBytes(fst);
        assertTrue(bytes.length > 200 && bytes[0] == 0, "not an FST file: " + fst);
        FstReader r = new FstReader(fst);
        Files.delete(fst); // so a stale file from an earlier run can never satisfy this test
        return r;
    }
}
