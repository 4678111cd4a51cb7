package org.rapgen.hdl;

import java.util.List;
import java.util.function.BiConsumer;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.OpKind;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;

/** A ground element: a vector of bits ({@link UInt}, {@link SInt}, {@link Bool}). */
public abstract class Bits extends Data {
    /** Declared width; -1 for a type whose width is inferred from its connects. */
    int width;
    /** The hardware this value reads, or null for a type. */
    Expr expr;

    Bits(int width) {
        if (width < -1 || width == 0)
            throw new HdlException(SourceLoc.capture(), "illegal width " + width + " (widths are >= 1)");
        this.width = width;
    }

    public abstract boolean isSigned();

    /** A new unbound value of the same kind, with the given width (-1 for inferred). */
    abstract Bits ofWidth(int width);

    @Override
    void unbindCopy() {
        expr = null;
    }

    @Override
    void forEachLeaf(String path, BiConsumer<String, Bits> visitor) {
        visitor.accept(path, this);
    }

    /** True for a module input port (its own, or a child's seen from the parent). */
    public boolean isInputPort() {
        return expr instanceof Ref r && r.signal.kind == Signal.Kind.INPUT;
    }

    public boolean isBound() {
        return expr != null;
    }

    @Override
    public int getWidth() {
        if (expr != null) return expr.width();
        if (width < 0) throw new HdlException(SourceLoc.capture(), "width is not known yet (it is inferred)");
        return width;
    }

    @Override
    NameSlot nameSlot() {
        if (expr instanceof Ref r) return r.signal.nameSlot();
        if (expr instanceof Op op && !op.kind.inline) {
            if (op.nameSlot == null)
                op.nameSlot = new NameSlot("_" + op.kind.name().toLowerCase());
            return op.nameSlot;
        }
        return null;
    }

    /** The expression to read this value inside the module being elaborated now (resolving child ports). */
    Expr read() {
        if (expr == null)
            throw new HdlException(
                    SourceLoc.capture(), "a type was used as hardware; wrap it in Wire(), Reg() or IO()");
        return Builder.current().resolve(expr);
    }

    /** The signal this value drives when it is a connect target in the current module. */
    Signal sinkSignal(SourceLoc loc) {
        if (!(expr instanceof Ref)) {
            throw new HdlException(
                    loc,
                    "multiple drivers: this value is the result of an expression or a literal and is already driven; only Wire, Reg, IO and submodule inputs can be connected");
        }
        return ((Ref) Builder.current().resolve(expr)).signal;
    }

    // ---- operations shared by UInt and SInt; subclasses expose them with precise return types ----

    final Op op(OpKind kind, List<Expr> args, int... consts) {
        return Builder.current().op(kind, args, consts, isSigned(), null);
    }

    Expr coerce(Bits other, String what) {
        if (other.isSigned() != isSigned()) {
            throw new HdlException(
                    SourceLoc.capture(),
                    what + ": cannot mix " + kindName() + " and " + other.kindName()
                            + "; convert with asUInt()/asSInt()");
        }
        return other.read();
    }

    /** A two-operand op on this and {@code b} (same signedness required), result signedness as this. */
    final Op binaryOp(OpKind kind, Bits b) {
        return op(kind, List.of(read(), coerce(b, kind.name().toLowerCase())));
    }

    /** A comparison; the result is an unsigned Bool whatever the operands. */
    final Bool compareOp(OpKind kind, Bits b) {
        return Bool.wrap(Builder.current()
                .op(kind, List.of(read(), coerce(b, kind.name().toLowerCase())), new int[0], false, null));
    }

    String kindName() {
        return isSigned() ? "SInt" : "UInt";
    }

    /** Reduction OR, AND and XOR over all bits. */
    public Bool orR() {
        return Bool.wrap(op(OpKind.OR_R, List.of(read())));
    }

    public Bool andR() {
        return Bool.wrap(op(OpKind.AND_R, List.of(read())));
    }

    public Bool xorR() {
        return Bool.wrap(op(OpKind.XOR_R, List.of(read())));
    }

    /** Bits {@code hi} down to {@code lo}, as an unsigned value. */
    public UInt bits(int hi, int lo) {
        Expr e = read();
        SourceLoc loc = SourceLoc.capture();
        if (lo < 0 || hi < lo) throw new HdlException(loc, "bad bit range [" + hi + ":" + lo + "]");
        Builder.current().checkLater(() -> {
            if (hi >= e.width())
                throw new HdlException(
                        loc, "bit range [" + hi + ":" + lo + "] is outside a " + e.width() + "-bit value");
        });
        return UInt.wrap(Builder.current().op(OpKind.BITS, List.of(e), new int[] {hi, lo}, false, null));
    }

    public Bool bit(int i) {
        return bits(i, i).asBool();
    }

    /** Dynamic bit select: bit {@code index} of this value. */
    public Bool bit(UInt index) {
        Expr shifted = Builder.current().op(OpKind.DSHR, List.of(read(), index.read()), new int[0], false, null);
        return UInt.wrap(shifted).bit(0);
    }

    /** Reinterprets the bits as unsigned. */
    public UInt asUInt() {
        return UInt.wrap(Builder.current().op(OpKind.AS_UINT, List.of(read()), new int[0], false, null));
    }

    public SInt asSInt() {
        return SInt.wrap(Builder.current().op(OpKind.AS_SINT, List.of(read()), new int[0], true, null));
    }

    public Bool asBool() {
        Expr e = read();
        SourceLoc loc = SourceLoc.capture();
        Builder.current().checkLater(() -> {
            if (e.width() != 1) throw new HdlException(loc, "asBool() needs a 1-bit value, got " + e.width() + " bits");
        });
        return Bool.wrap(e);
    }

    @Override
    public String toString() {
        return kindName() + "<" + (width < 0 ? "?" : width) + ">";
    }
}
