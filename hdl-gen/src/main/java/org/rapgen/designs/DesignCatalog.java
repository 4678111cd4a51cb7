package org.rapgen.designs;

import static org.rapgen.designs.ParamSpec.integer;
import static org.rapgen.designs.ParamSpec.pow2;
import static org.rapgen.designs.ParamSpec.range;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.lib.Arbiter;
import org.rapgen.hdl.lib.Fifo;
import org.rapgen.hdl.lib.PrefixSelector;
import org.rapgen.hdl.lib.SatCounter;
import org.rapgen.hdl.lib.Tcam;

/** The designs a configuration can name, with their parameters and how to build the top module. */
public final class DesignCatalog {
    /** A generator: parameter specs, a default output name, and the top-module factory. */
    public record Entry(String name, String help, List<ParamSpec> params,
                        Function<Map<String, Object>, String> defaultName,
                        Function<Map<String, Object>, Supplier<Module>> top) {
        public List<String> paramNames() {
            return params.stream().map(ParamSpec::name).toList();
        }

        public String defaultName(Map<String, Object> p) {
            return defaultName.apply(p);
        }
    }

    private static final List<Entry> ENTRIES = List.of(
            new Entry("fifo", "synchronous ready/valid FIFO in block RAM",
                    List.of(integer("width", "data bits", null, range(1, 4096)),
                            integer("depth", "words, a power of two", null, pow2(2, 1 << 20))),
                    p -> "fifo_w" + p.get("width") + "_d" + p.get("depth"),
                    p -> () -> new Fifo(i(p, "width"), i(p, "depth"))),
            new Entry("arbiter", "fixed-priority N:1 tree arbiter",
                    List.of(integer("inputs", "number of requesters", null, range(2, 65536)),
                            integer("width", "payload bits", null, range(1, 4096))),
                    p -> "arbiter_n" + p.get("inputs") + "_w" + p.get("width"),
                    p -> () -> new Arbiter(i(p, "inputs"), i(p, "width"))),
            new Entry("sat_counter", "saturating counter",
                    List.of(integer("width", "counter bits", null, range(1, 64)),
                            integer("amount_width", "increment bits", 1, (v, p) -> v < 1 || v > (Integer) p.get("width") ? "must be in 1..width (" + p.get("width") + "), got " + v : null)),
                    p -> "sat_counter_w" + p.get("width"),
                    p -> () -> new SatCounter(i(p, "width"), i(p, "amount_width"))),
            new Entry("tcam", "register-based ternary CAM with a registered match vector",
                    List.of(integer("entries", "number of entries", null, range(2, 4096)),
                            integer("key_bits", "key, value and mask bits", null, range(1, 128)),
                            integer("payload_bits", "bits carried alongside each search", 1, range(1, 4096))),
                    p -> "tcam_n" + p.get("entries") + "_k" + p.get("key_bits") + "_p" + p.get("payload_bits"),
                    p -> () -> new Tcam(i(p, "entries"), i(p, "key_bits"), i(p, "payload_bits"))),
            new Entry("prefix_selector", "pipelined longest-match selector (comparator tree)",
                    List.of(integer("entries", "number of slots", null, range(2, 4096)),
                            integer("len_bits", "prefix length bits", null, range(1, 32)),
                            integer("payload_bits", "bits carried alongside each request", 1, range(1, 4096)),
                            integer("levels_per_stage", "tree levels between pipeline registers", 1, range(1, 12))),
                    p -> "prefix_selector_n" + p.get("entries") + "_l" + p.get("len_bits") + "_p" + p.get("payload_bits") + "_s" + p.get("levels_per_stage"),
                    p -> () -> new PrefixSelector(i(p, "entries"), i(p, "len_bits"), i(p, "payload_bits"), i(p, "levels_per_stage"))));

    private DesignCatalog() {
    }

    private static int i(Map<String, Object> p, String k) {
        return (Integer) p.get(k);
    }

    public static Optional<Entry> find(String name) {
        return ENTRIES.stream().filter(e -> e.name.equals(name)).findFirst();
    }

    public static List<String> names() {
        return ENTRIES.stream().map(Entry::name).toList();
    }

    public static List<Entry> all() {
        return ENTRIES;
    }
}
