package org.rapgen.designs;

import static org.rapgen.designs.ParamSpec.integer;
import static org.rapgen.designs.ParamSpec.pow2;
import static org.rapgen.designs.ParamSpec.range;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.rapgen.engines.rap.EventQueue;
import org.rapgen.engines.rap.RapEngine;
import org.rapgen.engines.sampler.HashUnit;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.lib.Arbiter;
import org.rapgen.hdl.lib.BramTcam;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.Fifo;
import org.rapgen.hdl.lib.Lfsr;
import org.rapgen.hdl.lib.PrefixSelector;
import org.rapgen.hdl.lib.SatCounter;
import org.rapgen.hdl.lib.Tcam;

/** The designs a configuration can name, with their parameters and how to build the top module. */
public final class DesignCatalog {
    /** A generator: parameter specs, a default output name, and the top-module factory. */
    public record Entry(
            String name,
            String help,
            List<ParamSpec> params,
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
            new Entry(
                    "fifo",
                    "synchronous ready/valid FIFO in block RAM",
                    List.of(
                            integer("width", "data bits", null, range(1, 4096)),
                            integer("depth", "words, a power of two", null, pow2(2, 1 << 20)),
                            integer(
                                    "output_register",
                                    "1: a flip-flop stage after the RAM's read register (latency 3, for Fmax)",
                                    0,
                                    range(0, 1))),
                    p -> "fifo_w" + p.get("width") + "_d" + p.get("depth"),
                    p -> () -> new Fifo(i(p, "width"), i(p, "depth"), i(p, "output_register") == 1)),
            new Entry(
                    "arbiter",
                    "fixed-priority N:1 tree arbiter",
                    List.of(
                            integer("inputs", "number of requesters", null, range(2, 65536)),
                            integer("width", "payload bits", null, range(1, 4096))),
                    p -> "arbiter_n" + p.get("inputs") + "_w" + p.get("width"),
                    p -> () -> new Arbiter(i(p, "inputs"), i(p, "width"))),
            new Entry(
                    "sat_counter",
                    "saturating counter",
                    List.of(
                            integer("width", "counter bits", null, range(1, 64)),
                            integer(
                                    "amount_width",
                                    "increment bits",
                                    1,
                                    (v, p) -> v < 1 || v > (Integer) p.get("width")
                                            ? "must be in 1..width (" + p.get("width") + "), got " + v
                                            : null)),
                    p -> "sat_counter_w" + p.get("width"),
                    p -> () -> new SatCounter(i(p, "width"), i(p, "amount_width"))),
            new Entry(
                    "counter_sram",
                    "block-RAM array of saturating counters with read-modify-write forwarding",
                    List.of(
                            integer("depth", "counters", null, range(2, 1 << 20)),
                            integer("counter_bits", "bits per counter", null, range(1, 62)),
                            integer(
                                    "register_read",
                                    "1: register the RAM word before the update (latency 3, for Fmax)",
                                    0,
                                    range(0, 1))),
                    p -> "counter_sram_d" + p.get("depth") + "_c" + p.get("counter_bits")
                            + (i(p, "register_read") == 1 ? "_r" : ""),
                    p -> () -> new CounterSram(i(p, "depth"), i(p, "counter_bits"), i(p, "register_read") == 1)),
            new Entry(
                    "lfsr",
                    "maximal-length Fibonacci LFSR, several steps per advance",
                    List.of(
                            integer("width", "state bits", null, range(3, 64)),
                            integer("steps", "steps per advance", null, range(1, 1024)),
                            integer(
                                    "seed",
                                    "initial state, 1..2^32-1 and below 2^width",
                                    null,
                                    (v, p) -> v < 1
                                                    || v > 0xFFFFFFFFL
                                                    || (Integer) p.get("width") < 32
                                                            && v >> (Integer) p.get("width") != 0
                                            ? "must be in 1..min(2^32, 2^width)-1, got " + v
                                            : null)),
                    p -> "lfsr_w" + p.get("width") + "_s" + p.get("steps") + "_seed" + Long.toHexString(u(p, "seed")),
                    p -> () -> new Lfsr(i(p, "width"), i(p, "steps"), u(p, "seed"))),
            new Entry(
                    "hash_unit",
                    "the stratified sampler's tuple hash (index and tag), one register stage",
                    List.of(
                            integer(
                                    "key_bits",
                                    "bits of pc and w, a multiple of 8",
                                    null,
                                    (v, p) -> v < 8 || v > 64 || v % 8 != 0
                                            ? "must be a multiple of 8 in 8..64, got " + v
                                            : null),
                            integer("index_bits", "stratum index bits (log2 n)", null, range(0, 64)),
                            integer("tag_bits", "partial tag bits", null, range(0, 64)),
                            integer("seed", "table seed, 1..2^32-1", null, range(1, 0xFFFFFFFFL)),
                            integer("payload_bits", "bits carried alongside", 1, range(0, 4096))),
                    p -> "hash_unit_k" + p.get("key_bits") + "_i" + p.get("index_bits") + "_t" + p.get("tag_bits")
                            + "_seed" + Long.toHexString(u(p, "seed")),
                    p -> () -> new HashUnit(
                            i(p, "key_bits"),
                            i(p, "index_bits"),
                            i(p, "tag_bits"),
                            u(p, "seed"),
                            i(p, "payload_bits"))),
            new Entry(
                    "event_queue",
                    "RAP stage 0: run-length combining event queue in front of a FIFO",
                    List.of(
                            integer("key_bits", "key bits K", null, range(1, 64)),
                            integer("weight_bits", "weight bits W; combined weights stop at 2^W-1", 16, range(1, 63)),
                            integer("depth", "FIFO entries, a power of two", null, pow2(2, 1 << 20)),
                            integer("combine", "1: combine runs of equal keys, 0: plain FIFO", 1, range(0, 1))),
                    p -> "event_queue_k" + p.get("key_bits") + "_w" + p.get("weight_bits") + "_d" + p.get("depth")
                            + "_c" + p.get("combine"),
                    p -> () ->
                            new EventQueue(i(p, "key_bits"), i(p, "weight_bits"), i(p, "depth"), i(p, "combine") == 1)),
            new Entry(
                    "tcam",
                    "register-based ternary CAM with a registered match vector",
                    List.of(
                            integer("entries", "number of entries", null, range(2, 4096)),
                            integer("key_bits", "key, value and mask bits", null, range(1, 128)),
                            integer("payload_bits", "bits carried alongside each search", 1, range(1, 4096))),
                    p -> "tcam_n" + p.get("entries") + "_k" + p.get("key_bits") + "_p" + p.get("payload_bits"),
                    p -> () -> new Tcam(i(p, "entries"), i(p, "key_bits"), i(p, "payload_bits"))),
            new Entry(
                    "prefix_selector",
                    "pipelined longest-match selector (comparator tree)",
                    List.of(
                            integer("entries", "number of slots", null, range(2, 4096)),
                            integer("len_bits", "prefix length bits", null, range(1, 32)),
                            integer("payload_bits", "bits carried alongside each request", 1, range(1, 4096)),
                            integer("levels_per_stage", "tree levels between pipeline registers", 1, range(1, 12))),
                    p -> "prefix_selector_n" + p.get("entries") + "_l" + p.get("len_bits") + "_p"
                            + p.get("payload_bits") + "_s" + p.get("levels_per_stage"),
                    p -> () -> new PrefixSelector(
                            i(p, "entries"), i(p, "len_bits"), i(p, "payload_bits"), i(p, "levels_per_stage"))),
            SamplerDesign.ENTRY,
            CpuSystemDesign.ENTRY,
            CpuSystemDesign.CORE,
            new Entry(
                    "rap",
                    "pipelined range-adaptive profiling engine (AXI4-Stream events, AXI4-Lite CSRs)",
                    RapDesign.params(),
                    RapDesign::defaultName,
                    p -> () -> new RapEngine(RapDesign.config(p))),
            new Entry(
                    "bram_tcam",
                    "ternary CAM in block RAM (transposed, key cut into chunks); writes sweep the RAMs",
                    List.of(
                            integer("entries", "number of entries", null, range(2, 4096)),
                            integer("key_bits", "key, value and mask bits", null, range(1, 128)),
                            integer("payload_bits", "bits carried alongside each search", 1, range(1, 4096)),
                            integer("chunk_bits", "key bits per block-RAM chunk (address bits)", 8, range(1, 10))),
                    p -> "bram_tcam_n" + p.get("entries") + "_k" + p.get("key_bits") + "_p" + p.get("payload_bits")
                            + "_c" + p.get("chunk_bits"),
                    p -> () ->
                            new BramTcam(i(p, "entries"), i(p, "key_bits"), i(p, "payload_bits"), i(p, "chunk_bits"))));

    private DesignCatalog() {}

    private static int i(Map<String, Object> p, String k) {
        return (Integer) p.get(k);
    }

    /** A 32-bit parameter read as unsigned (parameters are Java ints, so values above 2^31-1 arrive negative). */
    private static long u(Map<String, Object> p, String k) {
        return Integer.toUnsignedLong(i(p, k));
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
