package org.rapgen.hdl.emit;

import java.math.BigInteger;
import java.util.Map;
import java.util.stream.Collectors;

/** Small Verilog spelling helpers: literals, ranges, exact-width extension. */
final class VerilogText {
    private VerilogText() {}

    static String literal(BigInteger bits, int width) {
        BigInteger v = bits.signum() < 0 ? bits.add(BigInteger.ONE.shiftLeft(width)) : bits;
        if (v.bitLength() > width) v = v.and(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE));
        return v.compareTo(BigInteger.valueOf(1024)) < 0 ? width + "'d" + v : width + "'h" + v.toString(16);
    }

    /** {@code (* a, b = "v" *) } for a declaration, or nothing; a null value is a bare attribute. */
    static String attributes(Map<String, String> attrs) {
        if (attrs.isEmpty()) return "";
        return attrs.entrySet().stream()
                .map(e -> e.getValue() == null ? e.getKey() : e.getKey() + " = \"" + e.getValue() + "\"")
                .collect(Collectors.joining(", ", "(* ", " *) "));
    }

    static String range(int width) {
        return width == 1 ? "" : "[" + (width - 1) + ":0] ";
    }

    static String bit(String name, int width, int i) {
        return width == 1 ? name : name + "[" + i + "]";
    }

    /** {@code atom} (a name) of width {@code from}, zero- or sign-extended to {@code to} bits. */
    static String extend(String atom, int from, int to, boolean signed) {
        if (to <= from) return atom;
        int k = to - from;
        String fill = signed ? bit(atom, from, from - 1) : "1'b0";
        return k == 1 ? "{" + fill + ", " + atom + "}" : "{{" + k + "{" + fill + "}}, " + atom + "}";
    }
}
