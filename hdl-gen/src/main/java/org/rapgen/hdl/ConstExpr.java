package org.rapgen.hdl;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a Verilog constant expression of a module header: decimal and based literals ({@code 32'h ffff_ffff}),
 * parameters, unary minus, {@code * / % + - << >>} and parentheses, with Verilog's precedence. Enough for port ranges
 * such as {@code [WIDTH-1:0]}; anything else is reported with {@code where}.
 */
final class ConstExpr {
    private final List<String> t;
    private final Map<String, BigInteger> params;
    private final String where;
    private int pos;

    private ConstExpr(List<String> tokens, Map<String, BigInteger> params, String where) {
        this.t = tokens;
        this.params = params;
        this.where = where;
    }

    static BigInteger eval(List<String> tokens, Map<String, BigInteger> params, String where) {
        ConstExpr e = new ConstExpr(tokens, params, where);
        if (tokens.isEmpty()) throw e.error("empty expression");
        BigInteger v = e.shift();
        if (e.pos != tokens.size()) throw e.error("cannot evaluate '" + tokens.get(e.pos) + "'");
        return v;
    }

    private BigInteger shift() {
        BigInteger v = sum();
        while (pos < t.size() && (t.get(pos).equals("<<") || t.get(pos).equals(">>"))) {
            boolean left = t.get(pos++).equals("<<");
            int n = sum().intValueExact();
            v = left ? v.shiftLeft(n) : v.shiftRight(n);
        }
        return v;
    }

    private BigInteger sum() {
        BigInteger v = product();
        while (pos < t.size() && (t.get(pos).equals("+") || t.get(pos).equals("-"))) {
            v = t.get(pos++).equals("+") ? v.add(product()) : v.subtract(product());
        }
        return v;
    }

    private BigInteger product() {
        BigInteger v = unary();
        while (pos < t.size()
                && (t.get(pos).equals("*")
                        || t.get(pos).equals("/")
                        || t.get(pos).equals("%"))) {
            String op = t.get(pos++);
            BigInteger r = unary();
            if (!op.equals("*") && r.signum() == 0) throw error("division by zero");
            v = op.equals("*") ? v.multiply(r) : op.equals("/") ? v.divide(r) : v.mod(r);
        }
        return v;
    }

    private BigInteger unary() {
        if (pos >= t.size()) throw error("expression ends early");
        String s = t.get(pos++);
        if (s.equals("-")) return unary().negate();
        if (s.equals("+")) return unary();
        if (s.equals("(")) {
            BigInteger v = shift();
            if (pos >= t.size() || !t.get(pos++).equals(")")) throw error("missing ')'");
            return v;
        }
        if (params.containsKey(s)) return params.get(s);
        return literal(s);
    }

    private BigInteger literal(String s) {
        int q = s.indexOf('\'');
        String digits = (q < 0 ? s : s.substring(q + 1)).replace("_", "");
        int radix = 10;
        if (q >= 0) {
            String base = digits.toLowerCase();
            if (base.startsWith("s")) base = base.substring(1);
            if (base.isEmpty()) throw error("bad literal '" + s + "'");
            radix = switch (base.charAt(0)) {
                case 'h' -> 16;
                case 'd' -> 10;
                case 'o' -> 8;
                case 'b' -> 2;
                default -> throw error("bad literal '" + s + "'");
            };
            digits = base.substring(1);
        }
        try {
            return new BigInteger(digits, radix);
        } catch (NumberFormatException e) {
            throw error(
                    Character.isDigit(s.charAt(0)) || q >= 0 ? "bad literal '" + s + "'" : "unknown name '" + s + "'");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(where + ": " + what);
    }
}
