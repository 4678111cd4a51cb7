package org.rapgen.hdl.lib;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;

/**
 * The blocks {@code scripts/formal.sh} proves, each at a small parameterisation (so bounded model checking stays
 * fast) and with a mutant: the same block with one deliberate bug ({@link Mutant}), whose proof must fail. The
 * properties are the blocks' own (each block states them in its constructor); a target only picks the sizes.
 */
public final class FormalTargets {
    /**
     * @param depth the bounded model check's depth in cycles (at least 20, more where the block needs it)
     * @param induction whether k-induction closes for it at that depth, making the result a proof for every cycle
     * @param bug what the mutant gets wrong
     */
    public record Target(
            String name, int depth, boolean induction, Supplier<Module> proof, String bug, Supplier<Module> mutant) {}

    private FormalTargets() {}

    /** The RMW update of the proofs: add the command to the word (a counter), wrapping. */
    private static final BiFunction<UInt, UInt, UInt> ADD = (old, cmd) -> old.add(cmd);

    public static List<Target> all() {
        return List.of(
                target("fifo", 20, false, m -> new Fifo(1, 2, false, m), Mutant.FIFO_FULL_LATE),
                target("fifo_output_register", 20, false, m -> new Fifo(1, 2, true, m), Mutant.FIFO_FULL_LATE),
                target("arbiter", 20, true, m -> new Arbiter(5, 2, m), Mutant.ARBITER_GRANT_UNMASKED),
                target(
                        "tcam_prefix_selector",
                        20,
                        false,
                        m -> new LongestMatchHarness(3, 2, 2, 1, m),
                        Mutant.SELECTOR_FIRST_MATCH),
                target(
                        "rmw_memory",
                        20,
                        false,
                        m -> new RmwMemory("add", 4, 2, 2, 2, ADD, null, m),
                        Mutant.RMW_NO_FORWARD),
                target(
                        "rmw_memory_register_read",
                        20,
                        false,
                        m -> new RmwMemory("add", 4, 2, 2, 3, ADD, null, m),
                        Mutant.RMW_NO_FORWARD),
                target(
                        "rmw_memory_composable",
                        20,
                        false,
                        m -> new RmwMemory("counter", 4, 2, 4, 3, null, new CounterUpdate(2), m),
                        Mutant.RMW_NO_FORWARD),
                target(
                        "rmw_memory_snoop",
                        20,
                        false,
                        m -> new RmwMemory("add", 4, 2, 2, 4, ADD, null, m),
                        Mutant.RMW_NO_FORWARD),
                target("lfsr", 20, true, m -> new Lfsr(5, 3, 0x11, m), Mutant.LFSR_TAP_DROPPED),
                target("skid_buffer", 20, false, m -> new SkidBuffer(2, m), Mutant.SKID_READY_ALWAYS));
    }

    private static Target target(
            String name, int depth, boolean induction, Function<Mutant, Module> block, Mutant bug) {
        return new Target(
                name, depth, induction, () -> block.apply(Mutant.NONE), describe(bug), () -> block.apply(bug));
    }

    private static String describe(Mutant m) {
        return m.name().toLowerCase();
    }
}
