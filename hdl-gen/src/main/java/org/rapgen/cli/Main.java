package org.rapgen.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ServiceLoader;
import org.rapgen.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./rapgen}: the command line. Bad input of any kind prints one line on stderr and exits 2. */
@Command(
        name = "rapgen",
        mixinStandardHelpOptions = true,
        versionProvider = Main.VersionProvider.class,
        description = "Hardware generator for FPGA profiling engines (range-adaptive profiling, stratified sampling).",
        subcommands = {GenerateCommand.class, ProfileCommand.class, SampleCommand.class, SynthCommand.class})
public final class Main implements Runnable {
    public static final int BAD_INPUT = 2;

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs one command line and returns its exit status: 0, 2 for bad input (one line on stderr, nothing on stdout),
     * the command's own codes (cosim: 1 on a mismatch), or 70 for an internal error.
     */
    public static int run(String... args) {
        PrintStream out = System.out;
        try (HeldStdout held = HeldStdout.over(out)) {
            System.setOut(held.stream());
            int code;
            try {
                code = execute(args);
            } catch (OutOfMemoryError | StackOverflowError e) {
                // picocli hands only exceptions to its handler; these errors reach here.
                code = ErrorReport.report(e);
            } finally {
                System.setOut(out);
            }
            if (code != BAD_INPUT && code != ErrorReport.INTERNAL_ERROR) held.release();
            return code;
        } catch (IOException e) {
            System.err.println("rapgen: standard output: " + ErrorReport.writeFailure(e));
            return BAD_INPUT;
        }
    }

    private static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        for (CommandPlugin p : ServiceLoader.load(CommandPlugin.class)) cl.addSubcommand(p.name(), p.command());
        cl.registerConverter(java.nio.file.Path.class, Main::path);
        cl.setParameterExceptionHandler((ex, a) -> {
            // picocli checks required options before it reports unknown ones; a typo is the more useful message.
            CommandLine.ParseResult parsed = ex.getCommandLine().getParseResult();
            String msg = parsed != null && !parsed.unmatched().isEmpty()
                    ? "unknown option or argument: " + String.join(" ", parsed.unmatched())
                    : ex.getMessage().lines().findFirst().orElse("bad arguments");
            // A conversion picocli words with Java's type names: say which value of which option instead.
            if (msg.contains("java.") && ex.getArgSpec() != null) {
                msg = "invalid value '" + ex.getValue() + "' for "
                        + (ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o
                                ? o.longestName()
                                : ex.getArgSpec().paramLabel());
            }
            System.err.println("rapgen: " + msg + " (see ./rapgen --help)");
            return BAD_INPUT;
        });
        // The paths are checked before the command starts: a bad output fails before a long build or trace, and nothing
        // is written.
        cl.setExecutionStrategy(parsed -> {
            try {
                PathChecks.check(parsed);
            } catch (BadInputException e) {
                return ErrorReport.report(e);
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> ErrorReport.report(ex));
        return cl.execute(args);
    }

    /** A path option's value: any text a file name can be, which excludes the NUL character. */
    private static java.nio.file.Path path(String s) {
        if (s.indexOf('\0') >= 0) throw new CommandLine.TypeConversionException("a path cannot hold a NUL character");
        try {
            return java.nio.file.Path.of(s);
        } catch (java.nio.file.InvalidPathException e) {
            throw new CommandLine.TypeConversionException("'" + s + "' is not a path: " + e.getReason());
        }
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"rapgen " + Version.get()};
        }
    }
}
