package org.rapgen.hdl.ir;

/**
 * Primitive operations and their result widths, following Chisel's inference rules. {@code inline} ops are pure
 * reinterpretations or extensions and are rendered inside their user rather than as a temporary.
 */
public enum OpKind {
    ADD,
    ADD_EXPAND,
    SUB,
    SUB_EXPAND,
    MUL,
    AND,
    OR,
    XOR,
    NOT,
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE,
    AND_R,
    OR_R,
    XOR_R,
    SHL,
    SHR,
    DSHL,
    DSHR,
    MUX,
    CAT,
    FILL,
    BITS,
    DYN_INDEX,
    MEM_READ,
    PAD(true),
    AS_UINT(true),
    AS_SINT(true);

    public final boolean inline;

    OpKind() {
        this(false);
    }

    OpKind(boolean inline) {
        this.inline = inline;
    }

    /** Largest width any single operation may produce: guards against a dynamic shift by a wide amount. */
    public static final int MAX_WIDTH = 1 << 16;

    public int resultWidth(Op op) {
        var a = op.args;
        return switch (this) {
            case ADD, SUB, AND, OR, XOR -> Math.max(a.get(0).width(), a.get(1).width());
            case ADD_EXPAND, SUB_EXPAND -> Math.max(a.get(0).width(), a.get(1).width()) + 1;
            case MUL -> a.get(0).width() + a.get(1).width();
            case NOT, DSHR, AS_UINT, AS_SINT -> a.get(0).width();
            case EQ, NE, LT, LE, GT, GE, AND_R, OR_R, XOR_R -> 1;
            case SHL -> a.get(0).width() + op.consts[0];
            case SHR -> Math.max(a.get(0).width() - op.consts[0], 1);
            case DSHL -> a.get(0).width() + (1 << Math.min(a.get(1).width(), 20)) - 1;
            case MUX -> Math.max(a.get(1).width(), a.get(2).width());
            case CAT -> a.stream().mapToInt(Expr::width).sum();
            case FILL -> a.get(0).width() * op.consts[0];
            case BITS -> op.consts[0] - op.consts[1] + 1;
            case DYN_INDEX -> a.get(1).width();
            case MEM_READ -> op.memory.width;
            case PAD -> Math.max(a.get(0).width(), op.consts[0]);
        };
    }
}
