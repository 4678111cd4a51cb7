package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Elaborator.Design;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Signal;

/**
 * Test support: elaborates and emits a design, generates a Verilog testbench that drives the top module's ports with
 * given values, runs it under Icarus ({@code iverilog -g2005} + {@code vvp}) and returns what the DUT printed. The
 * port list comes from the IR only to spell the testbench; expected values are always computed by the tests.
 */
public final class IcarusRunner {
    private static final String MISSING = "iverilog not found: run scripts/bootstrap.sh or apt-get install iverilog";

    /** An elaborated and emitted design plus the top module object (so tests can inspect fields). */
    public record Built<M extends Module>(M top, Design design, Map<String, String> files) {
        public String topText() {
            return files.get(design.top().name + ".v");
        }

        public ModuleDef def() {
            return design.top();
        }
    }

    private IcarusRunner() {}

    public static <M extends Module> Built<M> build(Supplier<M> ctor) {
        List<M> holder = new ArrayList<>();
        Design d = Elaborator.elaborate(() -> {
            M m = ctor.get();
            holder.add(m);
            return m;
        });
        return new Built<>(holder.get(0), d, new VerilogEmitter("test").emit(d));
    }

    /** Compiles {@code files} plus {@code tb} (top module {@code tb}) and returns vvp's stdout lines. */
    public static List<String> run(Map<String, String> files, String tb) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("rapgen-icarus");
            List<String> cmd = new ArrayList<>(List.of(
                    "iverilog",
                    "-g2005",
                    "-Wall",
                    "-s",
                    "tb",
                    "-o",
                    dir.resolve("sim.vvp").toString()));
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path p = dir.resolve(f.getKey());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
                cmd.add(p.toString());
            }
            Path tbFile = dir.resolve("tb_top.v");
            Files.writeString(tbFile, tb, StandardCharsets.UTF_8);
            cmd.add(tbFile.toString());
            Result c = exec(cmd, dir);
            if (c.rc != 0) fail("iverilog failed (rc " + c.rc + "):\n" + c.out + "\n--- testbench ---\n" + tb);
            Result r = exec(List.of("vvp", "-n", dir.resolve("sim.vvp").toString()), dir);
            if (r.rc != 0) fail("vvp failed (rc " + r.rc + "):\n" + r.out);
            List<String> lines = new ArrayList<>();
            for (String l : r.out.split("\n")) if (!l.isBlank() && !l.contains("$finish")) lines.add(l.trim());
            return lines;
        } catch (IOException e) {
            throw new AssertionError(e);
        } finally {
            deleteQuietly(dir);
        }
    }

    record Result(int rc, String out) {}

    /** Runs a tool, merging stderr into stdout. A missing iverilog/vvp fails with the bootstrap hint. */
    static Result exec(List<String> cmd, Path dir) {
        try {
            Process p = new ProcessBuilder(cmd)
                    .directory(dir == null ? null : dir.toFile())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail(cmd.get(0) + " timed out");
            }
            return new Result(p.exitValue(), out);
        } catch (IOException e) {
            if (cmd.get(0).equals("iverilog") || cmd.get(0).equals("vvp")) fail(MISSING, e);
            throw new AssertionError(cmd.get(0) + " could not be run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static void deleteQuietly(Path dir) {
        if (dir == null) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // temp files only
        }
    }

    // ---- testbench generation ----

    /**
     * Simulates the top module of {@code b} for {@code cycles.size()} clock cycles. Before cycle 0, reset is held high
     * for one clock edge. In each cycle the inputs in the map are applied (others keep their value; key "reset" drives
     * reset), the outputs are sampled just before the rising edge, then the clock rises. Returns the sampled outputs
     * (unsigned bit patterns) per cycle. For purely combinational modules the clock edges are harmless.
     */
    public static List<Map<String, BigInteger>> simulate(Built<?> b, List<Map<String, BigInteger>> cycles) {
        ModuleDef top = b.def();
        List<Signal> ins = new ArrayList<>();
        List<Signal> outs = new ArrayList<>();
        for (Signal s : top.ports()) {
            if (s == top.clock || s == top.reset) continue;
            (s.kind == Signal.Kind.INPUT ? ins : outs).add(s);
        }
        StringBuilder tb =
                new StringBuilder("`timescale 1ns/1ps\nmodule tb;\n  reg clock = 1'b0;\n  reg reset = 1'b1;\n");
        for (Signal s : ins)
            tb.append("  reg ").append(range(s)).append(s.name()).append(" = 0;\n");
        for (Signal s : outs)
            tb.append("  wire ").append(range(s)).append(s.name()).append(";\n");
        tb.append("  ").append(top.name).append(" dut (.clock(clock), .reset(reset)");
        for (Signal s : ins)
            tb.append(", .").append(s.name()).append('(').append(s.name()).append(')');
        for (Signal s : outs)
            tb.append(", .").append(s.name()).append('(').append(s.name()).append(')');
        tb.append(");\n  initial begin\n    #5 clock = 1'b1; #5 clock = 1'b0; reset = 1'b0;\n");
        StringBuilder fmt = new StringBuilder();
        StringBuilder args = new StringBuilder();
        for (Signal s : outs) {
            fmt.append(' ').append(s.name()).append("=%h");
            args.append(", ").append(s.name());
        }
        for (Map<String, BigInteger> cyc : cycles) {
            tb.append("   ");
            for (Map.Entry<String, BigInteger> e : cyc.entrySet()) {
                int w = e.getKey().equals("reset") ? 1 : width(ins, e.getKey());
                tb.append(' ')
                        .append(e.getKey())
                        .append(" = ")
                        .append(w)
                        .append("'h")
                        .append(bits(e.getValue(), w).toString(16))
                        .append(';');
            }
            tb.append(" #1 $display(\"OUT").append(fmt).append('"').append(args).append(");");
            tb.append(" #4 clock = 1'b1; #5 clock = 1'b0;\n");
        }
        tb.append("    $finish;\n  end\nendmodule\n");
        List<String> lines = run(b.files(), tb.toString());
        List<Map<String, BigInteger>> result = new ArrayList<>();
        for (String l : lines) {
            if (!l.startsWith("OUT")) fail("unexpected simulator output: " + l + "\nall output: " + lines);
            Map<String, BigInteger> m = new LinkedHashMap<>();
            for (String kv : l.substring(3).trim().split(" ")) {
                if (kv.isEmpty()) continue;
                String[] p = kv.split("=");
                // x/z bits (an uninitialized register or memory word) read as null
                m.put(p[0], p[1].matches("[0-9a-fA-F]+") ? new BigInteger(p[1], 16) : null);
            }
            result.add(m);
        }
        assertEquals(cycles.size(), result.size(), "one output line per cycle: " + lines);
        return result;
    }

    /**
     * Simulates {@code cycles} and compares every sampled output with {@code expected} (computed independently by the
     * test; a null expected value means "undefined", i.e. x). Only the outputs named in each expected map are checked.
     */
    public static void check(Built<?> b, List<Map<String, BigInteger>> cycles, List<Map<String, BigInteger>> expected) {
        assertEquals(cycles.size(), expected.size());
        List<Map<String, BigInteger>> got = simulate(b, cycles);
        for (int i = 0; i < cycles.size(); i++) {
            for (Map.Entry<String, BigInteger> e : expected.get(i).entrySet()) {
                if (!got.get(i).containsKey(e.getKey())) fail("no output " + e.getKey() + " in " + got.get(i));
                assertEquals(
                        e.getValue(),
                        got.get(i).get(e.getKey()),
                        "cycle " + i + ", output " + e.getKey() + ", inputs " + cycles.get(i) + ", all outputs "
                                + got.get(i));
            }
        }
    }

    /** Combinational check: the model maps each input vector to its expected outputs. */
    public static void checkComb(
            Built<?> b,
            List<Map<String, BigInteger>> vectors,
            java.util.function.Function<Map<String, BigInteger>, Map<String, BigInteger>> model) {
        check(b, vectors, vectors.stream().map(model).toList());
    }

    /** {@code n} random input vectors, widths given as alternating name/width pairs. */
    public static List<Map<String, BigInteger>> randomVectors(long seed, int n, Object... nameWidth) {
        Random rnd = new Random(seed);
        List<Map<String, BigInteger>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, BigInteger> m = new LinkedHashMap<>();
            for (int k = 0; k < nameWidth.length; k += 2)
                m.put((String) nameWidth[k], random(rnd, (Integer) nameWidth[k + 1]));
            out.add(m);
        }
        return out;
    }

    private static int width(List<Signal> ins, String name) {
        for (Signal s : ins) if (s.name().equals(name)) return s.width();
        throw new AssertionError("no input port " + name);
    }

    private static String range(Signal s) {
        return s.width() == 1 ? "" : "[" + (s.width() - 1) + ":0] ";
    }

    /** The number of ?: selects in the clocked (not the reset) assignment of {@code reg} in {@code verilog}. */
    public static long selectsDriving(String reg, String verilog) {
        Matcher m = Pattern.compile("\\n\\s*" + reg + " <= ([^;]*\\?[^;]*);").matcher(verilog);
        assertTrue(m.find(), "no clocked assignment of " + reg);
        return m.group(1).chars().filter(ch -> ch == '?').count();
    }

    /** Asserts the emitted text declares {@code name} as {@code kind} ("wire", "reg", "output wire", ...) of {@code width} bits. */
    public static void assertDeclared(String text, String kind, int width, String name) {
        String range = width == 1 ? "" : "[" + (width - 1) + ":0] ";
        String decl = kind + " " + range + name;
        java.util.regex.Pattern p =
                java.util.regex.Pattern.compile("(^|\\s)" + java.util.regex.Pattern.quote(decl) + "[\\s;=,]");
        if (!p.matcher(text.replaceAll("[ \\t]+", " ")).find())
            fail("expected declaration '" + decl + "' in:\n" + text);
    }

    // ---- value helpers for the Java reference models ----

    public static BigInteger mask(int width) {
        return BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
    }

    /** The {@code width}-bit two's complement pattern of {@code v}. */
    public static BigInteger bits(BigInteger v, int width) {
        return v.and(mask(width));
    }

    public static BigInteger bits(long v, int width) {
        return bits(BigInteger.valueOf(v), width);
    }

    /** Interprets a {@code width}-bit pattern as signed. */
    public static BigInteger signed(BigInteger pattern, int width) {
        return pattern.testBit(width - 1) ? pattern.subtract(BigInteger.ONE.shiftLeft(width)) : pattern;
    }

    public static BigInteger random(Random rnd, int width) {
        return new BigInteger(width, rnd);
    }

    public static BigInteger big(long v) {
        return BigInteger.valueOf(v);
    }

    /** Builds an input map from alternating name/value pairs (values are Long, Integer, Boolean or BigInteger). */
    public static Map<String, BigInteger> in(Object... kv) {
        Map<String, BigInteger> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            Object v = kv[i + 1];
            BigInteger b = v == null
                    ? null
                    : v instanceof BigInteger bi
                            ? bi
                            : v instanceof Boolean z
                                    ? (z ? BigInteger.ONE : BigInteger.ZERO)
                                    : BigInteger.valueOf(((Number) v).longValue());
            m.put((String) kv[i], b);
        }
        return m;
    }
}
