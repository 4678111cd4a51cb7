package org.rapgen.cli;

import org.rapgen.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./rapgen}: the command line. Bad input of any kind prints one line on stderr and exits 2. */
@Command(name = "rapgen", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
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

    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler((ex, a) -> {
            // picocli checks required options before it reports unknown ones; a typo is the more useful message.
            CommandLine.ParseResult parsed = ex.getCommandLine().getParseResult();
            String msg = parsed != null && !parsed.unmatched().isEmpty()
                    ? "unknown option or argument: " + String.join(" ", parsed.unmatched())
                    : ex.getMessage().lines().findFirst().orElse("bad arguments");
            System.err.println("rapgen: " + msg + " (see ./rapgen --help)");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof BadInputException) {
                System.err.println("rapgen: " + ex.getMessage());
                return BAD_INPUT;
            }
            throw ex;
        });
        return cl.execute(args);
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"rapgen " + Version.get()};
        }
    }
}
