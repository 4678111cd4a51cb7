package org.rapgen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.cli.SimSpeed;

/**
 * The contract between {@code ./rapgen cosim}'s {@code cycles/s} line (testbench) and the report that reads it
 * (hdl-gen, {@link ThroughputFigures}): whatever {@link SimSpeed#line()} prints, the report's pattern finds the same
 * number. In this package so it can use the report's package-private parser.
 */
class CosimSpeedLineTest {
    private static String parsed(String summary) {
        Matcher m = ThroughputFigures.CYCLES_PER_SECOND.matcher(summary);
        assertTrue(m.find(), "the report finds no cycles/s in:\n" + summary);
        return m.group(1);
    }

    @Test
    void theReportReadsTheNumberCosimPrints() {
        SimSpeed s = new SimSpeed(39_185, 534_000_000L);
        assertEquals(
                "cycles/s    73380 (39185 clocks in 0.534 s of simulation loop; Verilator build excluded)", s.line());
        assertEquals("73380", parsed("mismatches  0\n" + s.line() + "\nwall time   53.3 s\n"));
        assertEquals("73.4 k cycles/s", ThroughputFigures.perSecond(parsed(s.line())));
    }

    @Test
    void millionsAndZeroTimeStayParseable() {
        assertEquals(
                "2.14 M cycles/s", ThroughputFigures.perSecond(parsed(new SimSpeed(2_143_000, 1_000_000_000L).line())));
        assertEquals("0", parsed(new SimSpeed(10, 0).line()));
    }
}
