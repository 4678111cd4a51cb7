package org.rapgen.designs;

import static org.rapgen.designs.ParamSpec.flag;
import static org.rapgen.designs.ParamSpec.integer;
import static org.rapgen.designs.ParamSpec.pow2;
import static org.rapgen.designs.ParamSpec.range;
import static org.rapgen.designs.ParamSpec.text;

import java.util.List;
import java.util.Map;
import org.rapgen.engines.sampler.SamplerEngine;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.sampler.SamplerSpec;
import org.rapgen.golden.sampler.SpecException;

/**
 * The {@code sampler} design: a stratified-sampling engine for one composition (SPEC &sect;6), named by a spec in the
 * golden models' syntax ({@code H[P256]2048}, {@code H[P256]2048A16}, {@code T[tag=2,ways=2]2048}, ...).
 */
public final class SamplerDesign {
    public static final DesignCatalog.Entry ENTRY = new DesignCatalog.Entry(
            "sampler",
            "stratified-sampling engine (spec such as H[P256]2048A16)",
            List.of(
                    text(
                            "spec",
                            "sampler composition, e.g. H[P256]2048 or T[tag=2,ways=2]2048A16",
                            null,
                            SamplerDesign::specProblem),
                    integer(
                            "key_bits",
                            "K, bits of pc and of w (multiple of 8)",
                            32,
                            (v, p) -> v < 8 || v > 64 || v % 8 != 0
                                    ? "must be a multiple of 8 in 8..64, got " + v
                                    : null),
                    text(
                            "hash_seed",
                            "seed of the hash's randomize table (hex 0x... or decimal, nonzero, 32 bits)",
                            "0x9E3779B9",
                            SamplerDesign::seedProblem),
                    text(
                            "lfsr_seed",
                            "initial state of the R/CR LFSR (hex 0x... or decimal, nonzero, 32 bits)",
                            "0xACE1ACE1",
                            SamplerDesign::seedProblem),
                    integer("counter_bits", "CR_r counter bits (a full counter forces a message)", 32, range(1, 63)),
                    integer("assoc_count_bits", "A_k count bits", 32, range(1, 63)),
                    integer("in_depth", "input tuple queue depth", 16, pow2(4, 65536)),
                    integer("out_depth", "output message queue depth", 16, pow2(4, 65536)),
                    flag("drop", "never hold the producer; count dropped tuples and messages instead", false),
                    integer(
                            "table_stages",
                            "stages of the counter table's read-modify-write (3: the block RAM's word is registered;"
                                    + " 4: and the update starts from a fabric register)",
                            SamplerParams.DEFAULT_TABLE_STAGES,
                            range(2, 4)),
                    integer(
                            "hash_stages",
                            "register stages of the hash unit (2: the randomized bytes are registered before the fold)",
                            SamplerParams.DEFAULT_HASH_STAGES,
                            range(1, 2)),
                    integer(
                            "assoc_stages",
                            "stages of A_k (2: matched against every entry a clock before the update; 3: compared two"
                                    + " clocks before, and the output leaves through a register slice; 4: and the"
                                    + " update split into a decision and a commit)",
                            SamplerParams.DEFAULT_ASSOC_STAGES,
                            range(1, 4))),
            p -> "sampler_"
                    + ((String) p.get("spec"))
                            .toLowerCase()
                            .replaceAll("[^a-z0-9]+", "_")
                            .replaceAll("^_|_$", ""),
            p -> () -> new SamplerEngine(params(p)));

    private SamplerDesign() {}

    /** The engine parameters of a configuration's parameter map. */
    public static SamplerParams params(Map<String, Object> p) {
        return new SamplerParams(
                SamplerSpec.parse((String) p.get("spec")),
                (Integer) p.get("key_bits"),
                seed((String) p.get("hash_seed")),
                seed((String) p.get("lfsr_seed")),
                (Integer) p.get("counter_bits"),
                (Integer) p.get("assoc_count_bits"),
                (Integer) p.get("in_depth"),
                (Integer) p.get("out_depth"),
                (Boolean) p.get("drop"),
                (Integer) p.get("table_stages"),
                (Integer) p.get("hash_stages"),
                (Integer) p.get("assoc_stages"));
    }

    private static String specProblem(String s) {
        try {
            SamplerSpec.parse(s);
            return null;
        } catch (SpecException e) {
            return e.getMessage();
        }
    }

    /** The problem with a 32-bit seed written in a configuration, or null. */
    public static String seedProblem(String s) {
        try {
            long v = Long.decode(s);
            return v < 1 || v > 0xFFFFFFFFL ? "must be in 1..0xFFFFFFFF, got " + s : null;
        } catch (NumberFormatException e) {
            return "must be a number (0x... or decimal), got '" + s + "'";
        }
    }

    /** A seed that {@link #seedProblem} accepts, as a 32-bit word. */
    public static int seed(String s) {
        return (int) (long) Long.decode(s);
    }
}
