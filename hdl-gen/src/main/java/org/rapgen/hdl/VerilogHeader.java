package org.rapgen.hdl;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Verilog module's own port list, read from its source so that a {@link BlackBox} can be checked against it at
 * elaboration. Reads Verilog-2001 ANSI headers: {@code module m #(parameter ...) (input wire [W-1:0] a, b, output reg
 * c);} with {@code `ifdef}/{@code `ifndef}/{@code `else}/{@code `endif} resolved against the given defines and
 * ranges evaluated from the parameters (their defaults, or the overrides given). Anything else in a header is
 * reported, never guessed.
 */
final class VerilogHeader {
    enum Dir {
        INPUT,
        OUTPUT,
        INOUT
    }

    record Port(String name, Dir dir, int width) {}

    private final Path file;
    private final List<String> tokens;
    private final List<Integer> lines;
    private int pos;

    private VerilogHeader(Path file, String text, Set<String> defines) {
        this.file = file;
        this.tokens = new ArrayList<>();
        this.lines = new ArrayList<>();
        VerilogTokens.tokenize(VerilogTokens.preprocess(text, defines, file), tokens, lines);
    }

    /** The ports of module {@code name} in {@code file}, in declaration order. */
    static Map<String, Port> ports(Path file, String name, Set<String> defines, Map<String, String> overrides) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
        }
        return new VerilogHeader(file, text, defines).module(name, overrides);
    }

    private Map<String, Port> module(String name, Map<String, String> overrides) {
        while (pos < tokens.size()) {
            if (tokens.get(pos).equals("module")
                    && pos + 1 < tokens.size()
                    && tokens.get(pos + 1).equals(name)) {
                pos += 2;
                return header(overrides);
            }
            pos++;
        }
        throw new IllegalArgumentException(file + ": no module named '" + name + "'");
    }

    private Map<String, Port> header(Map<String, String> overrides) {
        Map<String, BigInteger> params = new LinkedHashMap<>();
        if (accept("#")) {
            expect("(");
            parameters(params, overrides);
        }
        for (String p : overrides.keySet()) {
            if (!params.containsKey(p))
                throw new IllegalArgumentException(file + ": module has no parameter '" + p + "'");
        }
        Map<String, Port> ports = new LinkedHashMap<>();
        expect("(");
        if (accept(")")) return ports;
        Dir dir = null;
        int width = 1;
        while (true) {
            String t = peek();
            if (t.equals("input") || t.equals("output") || t.equals("inout")) {
                dir = Dir.valueOf(next().toUpperCase());
                width = 1;
                while (accept("wire") || accept("reg") || accept("signed") || accept("logic")) {
                    // net kind and signedness do not change how the port connects
                }
                if (peek().equals("[")) width = range(params);
            } else if (dir == null) {
                throw error("only ANSI-style port lists (input/output/inout in the header) are supported, found '" + t
                        + "'");
            }
            String portName = identifier();
            if (ports.put(portName, new Port(portName, dir, width)) != null)
                throw error("port '" + portName + "' declared twice");
            if (accept(")")) return ports;
            expect(",");
        }
    }

    private void parameters(Map<String, BigInteger> params, Map<String, String> overrides) {
        while (!accept(")")) {
            accept("parameter");
            while (accept("integer") || accept("signed")) {
                // the type does not change the value's use in a range
            }
            if (peek().equals("[")) range(params);
            String p = identifier();
            expect("=");
            List<String> expr = new ArrayList<>();
            int depth = 0;
            while (depth > 0 || !(peek().equals(",") || peek().equals(")"))) {
                String t = next();
                if (t.equals("(")) depth++;
                if (t.equals(")")) depth--;
                expr.add(t);
            }
            String override = overrides.get(p);
            params.put(
                    p,
                    override != null
                            ? ConstExpr.eval(VerilogTokens.tokenize(override), params, file + ": parameter " + p)
                            : ConstExpr.eval(expr, params, file + ": parameter " + p));
            accept(",");
        }
    }

    /** {@code [msb:lsb]}: the width it spans. */
    private int range(Map<String, BigInteger> params) {
        expect("[");
        List<String> msb = new ArrayList<>();
        while (!peek().equals(":")) msb.add(next());
        expect(":");
        List<String> lsb = new ArrayList<>();
        while (!peek().equals("]")) lsb.add(next());
        expect("]");
        BigInteger hi = ConstExpr.eval(msb, params, file + ":" + line() + ": range");
        BigInteger lo = ConstExpr.eval(lsb, params, file + ":" + line() + ": range");
        return hi.subtract(lo).abs().intValueExact() + 1;
    }

    private String identifier() {
        String t = next();
        if (!t.matches("[A-Za-z_][A-Za-z0-9_$]*")) throw error("expected a name, found '" + t + "'");
        return t;
    }

    private String peek() {
        if (pos >= tokens.size()) throw error("the module header ends early");
        return tokens.get(pos);
    }

    private String next() {
        String t = peek();
        pos++;
        return t;
    }

    private boolean accept(String t) {
        if (pos < tokens.size() && tokens.get(pos).equals(t)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String t) {
        if (!accept(t))
            throw error(
                    "expected '" + t + "', found '" + (pos < tokens.size() ? tokens.get(pos) : "end of file") + "'");
    }

    private int line() {
        return lines.isEmpty() ? 0 : lines.get(Math.min(pos, lines.size() - 1));
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(file + ":" + line() + ": " + what);
    }
}
