package org.rapgen.hdl;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.Lit;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.Stmt;
import org.rapgen.hdl.passes.Widths;

/** {@code :=} and {@code <>} between values of matching structure. */
final class Connects {
    private Connects() {}

    private record Leaf(String path, Bits bits) {}

    private static List<Leaf> leaves(Data d) {
        List<Leaf> out = new ArrayList<>();
        d.forEachLeaf("", (p, b) -> out.add(new Leaf(p, b)));
        return out;
    }

    static void mono(Data sink, Data src, SourceLoc loc) {
        List<Leaf> sinks = leaves(sink);
        if (src == Hdl.DontCare) {
            for (Leaf s : sinks) leaf(s.bits, null, loc);
            return;
        }
        List<Leaf> srcs = leaves(src);
        checkShape(sinks, srcs, loc);
        for (int i = 0; i < sinks.size(); i++) leaf(sinks.get(i).bits, srcs.get(i).bits, loc);
    }

    static void bidirectional(Data a, Data b, SourceLoc loc) {
        List<Leaf> as = leaves(a);
        List<Leaf> bs = leaves(b);
        checkShape(as, bs, loc);
        for (int i = 0; i < as.size(); i++) {
            Bits x = as.get(i).bits;
            Bits y = bs.get(i).bits;
            Role rx = role(x, loc);
            Role ry = role(y, loc);
            if (rx == Role.SOURCE && ry == Role.SOURCE
                    || rx == Role.SINK && ry == Role.SINK
                    || rx == Role.FREE && ry == Role.FREE) {
                throw new HdlException(
                        loc,
                        "<> cannot decide a direction for field '"
                                + as.get(i).path.replaceFirst("^_", "") + "' (both sides are "
                                + rx.name().toLowerCase() + "s); use connect() for wires");
            }
            if (rx == Role.SOURCE || ry == Role.SINK) leaf(y, x, loc);
            else leaf(x, y, loc);
        }
    }

    private enum Role {
        SOURCE,
        SINK,
        FREE
    }

    private static Role role(Bits b, SourceLoc loc) {
        Expr e = b.read();
        if (!(e instanceof Ref r)) return Role.SOURCE;
        return switch (r.signal.kind) {
            case INPUT, INST_OUT, MEM_RDATA -> Role.SOURCE;
            case OUTPUT, INST_IN -> Role.SINK;
            case WIRE, REG -> Role.FREE;
        };
    }

    private static void checkShape(List<Leaf> a, List<Leaf> b, SourceLoc loc) {
        List<String> pa = a.stream().map(Leaf::path).toList();
        List<String> pb = b.stream().map(Leaf::path).toList();
        if (!pa.equals(pb))
            throw new HdlException(loc, "cannot connect values of different structure: " + pa + " vs " + pb);
    }

    /** One ground connect; {@code src == null} means DontCare. */
    static void leaf(Bits sink, Bits src, SourceLoc loc) {
        Signal s = sink.sinkSignal(loc);
        if (s.kind == Signal.Kind.INPUT) Builder.checkTopStillConstructing();
        switch (s.kind) {
            case INPUT ->
                throw new HdlException(
                        loc,
                        "multiple drivers: " + s.name() + " is an input of this module and is driven by its parent");
            case INST_OUT ->
                throw new HdlException(
                        loc,
                        "multiple drivers: " + s.name() + " is an output of submodule " + s.instance.name()
                                + " and is driven by it");
            case MEM_RDATA ->
                throw new HdlException(
                        loc, "multiple drivers: " + s.name() + " is a memory read port and is driven by the memory");
            default -> {}
        }
        if (Builder.current().formal && !s.formal) {
            throw new HdlException(
                    loc,
                    "formal properties cannot drive " + s.name()
                            + ", which the design declares; use a Wire or Reg declared in the properties");
        }
        if (s.freeChoice != null)
            throw new HdlException(
                    loc, s.name() + " is chosen by the checker (" + s.freeChoice + ") and cannot be driven");
        Expr value;
        if (src == null) {
            value = new Lit(java.math.BigInteger.ZERO, 1, s.signed, true);
        } else {
            if (src.isSigned() != s.signed) {
                throw new HdlException(
                        loc,
                        "cannot connect " + src.kindName() + " to " + (s.signed ? "SInt" : "UInt") + " '" + s.name()
                                + "'; convert with asUInt()/asSInt()");
            }
            value = src.read();
            if (s.widthKnown()) {
                Expr v = value;
                Builder.current().checkLater(() -> Widths.checkConnect(s, v, loc));
            }
        }
        Builder.current().add(new Stmt.Connect(s, value, loc));
    }
}
