package org.rapgen.cosim;

import java.nio.file.Path;
import java.util.List;

/**
 * A failed {@link Sim#expect} check: which cycle (steps completed since the model was
 * created, reset cycles included) and every mismatching signal. The JUnit extension
 * re-throws it with the waveform path appended.
 */
public final class ExpectationError extends AssertionError {
    private final long cycle;
    private final List<Mismatch> mismatches;
    private final transient Path waveform;

    public ExpectationError(String top, long cycle, List<Mismatch> mismatches, Path waveform) {
        super(message(top, cycle, mismatches, waveform));
        this.cycle = cycle;
        this.mismatches = List.copyOf(mismatches);
        this.waveform = waveform;
    }

    private static String message(String top, long cycle, List<Mismatch> ms, Path waveform) {
        StringBuilder s = new StringBuilder(top)
                .append(" @ cycle ")
                .append(cycle)
                .append(": ")
                .append(ms.size())
                .append(ms.size() == 1 ? " signal mismatch" : " signal mismatches");
        for (Mismatch m : ms) s.append("\n  ").append(m);
        if (waveform != null) s.append("\n  waveform: ").append(waveform);
        return s.toString();
    }

    public long cycle() {
        return cycle;
    }

    public List<Mismatch> mismatches() {
        return mismatches;
    }

    public Path waveform() {
        return waveform;
    }

    /** The same failure, reported with the waveform file that shows it. */
    public ExpectationError withWaveform(String top, Path wave) {
        ExpectationError e = new ExpectationError(top, cycle, mismatches, wave);
        e.setStackTrace(getStackTrace());
        return e;
    }
}
