package org.rapgen.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress of a long run, on stderr only: records read, share of the file consumed, rate and time, at most twice a
 * second, and a final line at the end (on a terminal only if the run lasted long enough to show progress at all).
 *
 * <p>On by default only when stderr is a terminal. Java cannot tell that itself ({@code System.console()} looks at
 * stdin and stdout), so the {@code ./rapgen} launcher tests {@code [ -t 2 ]} and exports {@value #TTY_ENV}=1.
 * {@code --progress} forces it on (plain lines, for logs), {@code --no-progress} off. Tests run {@code Main} in
 * process without that variable, so they stay silent unless they ask.
 */
final class Progress {
    static final String TTY_ENV = "RAPGEN_STDERR_TTY";
    private static final long INTERVAL_NS = 500_000_000L;
    /** Records between clock reads; keeps the per-record cost to a mask test. */
    private static final long CHECK_MASK = (1 << 14) - 1;

    private final PrintStream err; // null: off
    private final boolean terminal;
    private final boolean forced;
    private final TraceInput input;
    private boolean shown;
    private final long start = System.nanoTime();
    private long nextReport = start + INTERVAL_NS;

    private Progress(PrintStream err, boolean terminal, boolean forced, TraceInput input) {
        this.err = err;
        this.terminal = terminal;
        this.forced = forced;
        this.input = input;
    }

    /** @param flag true/false from --progress/--no-progress, null to decide by the terminal */
    static Progress create(Boolean flag, TraceInput input, PrintStream err) {
        boolean terminal = "1".equals(System.getenv(TTY_ENV));
        boolean on = flag != null ? flag : terminal;
        return new Progress(on ? err : null, terminal, flag != null, input);
    }

    /** Called once per record with the number of records read so far. */
    void tick(long records) {
        if (err == null || (records & CHECK_MASK) != 0) return;
        long now = System.nanoTime();
        if (now < nextReport) return;
        nextReport = now + INTERVAL_NS;
        shown = true;
        err.print(terminal ? "\r" + line(records, now) + "\033[K" : line(records, now) + "\n");
        err.flush();
    }

    /** The final line: totals and the average rate. */
    void done(long records) {
        if (err == null || !(shown || forced)) return;
        err.print((terminal ? "\r" : "") + line(records, System.nanoTime()) + (terminal ? "\033[K\n" : "\n"));
        err.flush();
    }

    private String line(long records, long now) {
        double seconds = Math.max(1e-9, (now - start) / 1e9);
        return String.format(
                Locale.ROOT,
                "%s: %d records (%.0f%% of file), %.2f M records/s, %.1f s",
                input.reader().name(),
                records,
                100 * input.fractionRead(),
                records / seconds / 1e6,
                seconds);
    }
}
