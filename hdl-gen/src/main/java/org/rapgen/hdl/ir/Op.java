package org.rapgen.hdl.ir;

import java.util.List;
import org.rapgen.hdl.SourceLoc;

/** A primitive operation. Each non-inline op that is used is emitted as one exactly sized temporary wire. */
public final class Op extends Expr {
    public final OpKind kind;
    public final List<Expr> args;
    public final int[] consts;
    public final boolean signedResult;
    public final SourceLoc loc;
    public final ModuleDef owner;
    /** For MEM_READ: the memory read asynchronously. */
    public final Memory memory;

    private int width = -1;
    /** Set when the user named the result (field name or {@code .named()}); otherwise a {@code _op_N} temporary. */
    public NameSlot nameSlot;

    public Op(
            OpKind kind,
            List<Expr> args,
            int[] consts,
            boolean signedResult,
            SourceLoc loc,
            ModuleDef owner,
            Memory memory) {
        this.kind = kind;
        this.args = List.copyOf(args);
        this.consts = consts;
        this.signedResult = signedResult;
        this.loc = loc;
        this.owner = owner;
        this.memory = memory;
    }

    /** Forgets a width computed from provisional inferred widths. */
    public void clearWidth() {
        width = -1;
    }

    @Override
    public int width() {
        if (width < 0) width = kind.resultWidth(this);
        return width;
    }

    @Override
    public boolean signed() {
        return signedResult;
    }
}
