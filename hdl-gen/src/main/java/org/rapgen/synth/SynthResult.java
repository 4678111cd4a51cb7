package org.rapgen.synth;

import java.util.List;
import java.util.Map;

/**
 * What one {@code synth} run measured. {@code cells} and {@code area} are the design alone after Yosys's technology
 * mapping; {@code placed}, {@code fmaxMhz} and {@code criticalPath} come from nextpnr with the design inside the
 * Fmax harness (null or empty where the target has no place-and-route).
 */
public record SynthResult(
        String design,
        String top,
        String target,
        String device,
        double clockMhz,
        Map<String, Integer> cells,
        List<Usage> area,
        List<Usage> placed,
        Double fmaxMhz,
        CriticalPath criticalPath) {
    /** Units of one resource used, of {@code available} (0: not checked here). */
    public record Usage(String name, double used, long available) {
        public boolean exceeds() {
            return available > 0 && used > available;
        }
    }

    /** The slowest register-to-register path: its delay split into logic and routing, and its end points. */
    public record CriticalPath(double totalNs, double logicNs, double routingNs, String from, String to) {}

    public Usage area(String name) {
        return area.stream().filter(u -> u.name().equals(name)).findFirst().orElse(null);
    }
}
