package org.rapgen.cli;

/**
 * A subcommand contributed by another module on the class path (found with {@link java.util.ServiceLoader}), so
 * commands that need more than hdl-gen, such as {@code cosim} (Verilator, in the testbench module), plug into the
 * same {@code ./rapgen} command line without hdl-gen depending on them. The command object is a picocli
 * {@code @Command}; it reports bad input by throwing {@link BadInputException}.
 */
public interface CommandPlugin {
    String name();

    Object command();
}
