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
import org.rapgen.hdl.lib.SatCounter;

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
            SamplerDesign.ENTRY);

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
