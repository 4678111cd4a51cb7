package org.rapgen.hdl.emit;

import java.math.BigInteger;
import java.util.Map;
import org.rapgen.hdl.ir.CondMux;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.Lit;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.OpKind;
import org.rapgen.hdl.ir.Ref;

/**
 * Spells IR expressions in Verilog with every operand extended to the exact result width, so Verilog's
 * context-dependent widths can never change a value and {@code verilator -Wall} has nothing to report.
 */
final class ExprPrinter {
    private final Map<Op, String> temps;

    ExprPrinter(Map<Op, String> temps) {
        this.temps = temps;
    }

    /** A name or literal standing for {@code e}; CondMux trees become nested ternaries. */
    String atom(Expr e) {
        if (e instanceof Ref r) return r.signal.name();
        if (e instanceof Lit l) return VerilogText.literal(l.bits(), l.width());
        if (e instanceof CondMux m)
            return "(" + atom(m.cond) + " ? " + atom(m.whenTrue) + " : " + atom(m.whenFalse) + ")";
        Op op = (Op) e;
        return switch (op.kind) {
            case AS_UINT, AS_SINT -> atom(op.args.get(0));
            case PAD -> ext(op.args.get(0), op.width());
            default -> temps.get(op);
        };
    }

    /** {@code e} extended to {@code width} bits according to its signedness. */
    String ext(Expr e, int width) {
        if (e instanceof Lit l) return VerilogText.literal(l.value, width); // negative values wrap at the new width
        return VerilogText.extend(atom(e), e.width(), width, e.signed());
    }

    /** The right-hand side defining a temporary for {@code op}. */
    String define(Op op) {
        var a = op.args;
        int w = op.width();
        return switch (op.kind) {
            case ADD, ADD_EXPAND -> ext(a.get(0), w) + " + " + ext(a.get(1), w);
            case SUB, SUB_EXPAND -> ext(a.get(0), w) + " - " + ext(a.get(1), w);
            case MUL -> ext(a.get(0), w) + " * " + ext(a.get(1), w);
            case AND -> ext(a.get(0), w) + " & " + ext(a.get(1), w);
            case OR -> ext(a.get(0), w) + " | " + ext(a.get(1), w);
            case XOR -> ext(a.get(0), w) + " ^ " + ext(a.get(1), w);
            case NOT -> "~" + atom(a.get(0));
            case EQ, NE, LT, LE, GT, GE -> compare(op);
            case AND_R -> "&" + atom(a.get(0));
            case OR_R -> "|" + atom(a.get(0));
            case XOR_R -> "^" + atom(a.get(0));
            case SHL -> op.consts[0] == 0 ? atom(a.get(0)) : "{" + atom(a.get(0)) + ", " + op.consts[0] + "'b0}";
            case SHR -> shr(op);
            case DSHL -> ext(a.get(0), w) + " << " + atom(a.get(1));
            case DSHR ->
                op.signed()
                        ? "$signed(" + atom(a.get(0)) + ") >>> " + atom(a.get(1))
                        : atom(a.get(0)) + " >> " + atom(a.get(1));
            case MUX -> atom(a.get(0)) + " ? " + ext(a.get(1), w) + " : " + ext(a.get(2), w);
            case CAT -> "{" + String.join(", ", a.stream().map(this::atom).toList()) + "}";
            case FILL -> "{" + op.consts[0] + "{" + atom(a.get(0)) + "}}";
            case BITS -> slice(a.get(0), op.consts[0], op.consts[1]);
            case DYN_INDEX -> dynIndex(op);
            case MEM_READ -> op.memory.name() + "[" + ext(a.get(0), op.memory.addrWidth()) + "]";
            case PAD, AS_UINT, AS_SINT -> atom(op);
        };
    }

    private String compare(Op op) {
        Expr x = op.args.get(0);
        Expr y = op.args.get(1);
        int w = Math.max(x.width(), y.width());
        String sym = switch (op.kind) {
            case EQ -> "==";
            case NE -> "!=";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
            default -> ">=";
        };
        boolean ordered = op.kind != org.rapgen.hdl.ir.OpKind.EQ && op.kind != org.rapgen.hdl.ir.OpKind.NE;
        if (x.signed() && ordered) return "$signed(" + ext(x, w) + ") " + sym + " $signed(" + ext(y, w) + ")";
        return ext(x, w) + " " + sym + " " + ext(y, w);
    }

    private String shr(Op op) {
        Expr x = op.args.get(0);
        int n = op.consts[0];
        int wx = x.width();
        if (n == 0) return atom(x);
        if (n >= wx) return x.signed() ? slice(x, wx - 1, wx - 1) : "1'b0";
        return slice(x, wx - 1, n);
    }

    String slice(Expr x, int hi, int lo) {
        if (x instanceof Lit l) {
            BigInteger v = l.bits()
                    .shiftRight(lo)
                    .and(BigInteger.ONE.shiftLeft(hi - lo + 1).subtract(BigInteger.ONE));
            return VerilogText.literal(v, hi - lo + 1);
        }
        if (x instanceof Op o && o.kind == OpKind.PAD) return sliceExtended(o.args.get(0), hi, lo);
        String name = atom(x);
        if (lo == 0 && hi == x.width() - 1) return name;
        return hi == lo ? name + "[" + hi + "]" : name + "[" + hi + ":" + lo + "]";
    }

    /** Bits hi..lo of {@code x} extended (zeros or copies of its sign bit above it): Verilog cannot slice a {...}. */
    private String sliceExtended(Expr x, int hi, int lo) {
        int w = x.width();
        if (hi < w) return slice(x, hi, lo);
        String fill = x.signed() ? slice(x, w - 1, w - 1) : "1'b0";
        int above = hi - Math.max(lo, w) + 1;
        String top = "{" + above + "{" + fill + "}}";
        return lo >= w ? top : "{" + top + ", " + slice(x, w - 1, lo) + "}";
    }

    /**
     * A balanced tree of 2:1 selects on the index bits, most significant first, so a read of n elements is log2(n)
     * select levels deep (a chain of compares, one per element, is n levels: synthesis does not rebalance it).
     * Indices past the last element read the last element.
     */
    private String dynIndex(Op op) {
        int n = op.args.size() - 1;
        Expr idx = op.args.get(0);
        // A zero-extended index is its narrower self with zero bits above: select on the bits that exist.
        while (idx instanceof Op o && (o.kind == OpKind.PAD && !o.args.get(0).signed() || o.kind == OpKind.AS_UINT)) {
            idx = o.args.get(0);
        }
        if (idx instanceof Lit l)
            return ext(op.args.get(l.bits().min(BigInteger.valueOf(n - 1)).intValue() + 1), op.width());
        int levels = 32 - Integer.numberOfLeadingZeros(Math.max(n - 1, 1));
        String tree = select(op, idx, levels - 1, 0, Math.min(levels, idx.width()));
        if (idx.width() <= levels) return tree;
        // Index bits above the tree's: any of them set is out of range.
        return slice(idx, idx.width() - 1, levels) + " != " + VerilogText.literal(BigInteger.ZERO, idx.width() - levels)
                + " ? " + ext(op.args.get(n), op.width()) + " : " + tree;
    }

    /** Elements first..first+2^(bit+1)-1 selected by index bits bit..0 (only the low {@code usable} bits exist). */
    private String select(Op op, Expr idx, int bit, int first, int usable) {
        int n = op.args.size() - 1;
        if (bit < 0 || first >= n - 1) return ext(op.args.get(Math.min(first, n - 1) + 1), op.width());
        if (bit >= usable) return select(op, idx, bit - 1, first, usable);
        String lo = select(op, idx, bit - 1, first, usable);
        String hi = select(op, idx, bit - 1, first + (1 << bit), usable);
        if (lo.equals(hi)) return lo;
        // slice: a 1-bit index is a scalar, which has no [0] in Verilog.
        return slice(idx, bit, bit) + " ? " + paren(hi) + " : " + paren(lo);
    }

    private static String paren(String e) {
        return e.contains("?") ? "(" + e + ")" : e;
    }
}
