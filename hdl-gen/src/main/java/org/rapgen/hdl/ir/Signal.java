package org.rapgen.hdl.ir;

import org.rapgen.hdl.SourceLoc;

/**
 * A named net or state element of one module: port, wire, register, instance port, or a synchronous memory read
 * register. Width may be -1 until width inference runs; the name is assigned when the module is closed.
 */
public final class Signal {
    public enum Kind {
        INPUT,
        OUTPUT,
        WIRE,
        REG,
        INST_IN,
        INST_OUT,
        MEM_RDATA
    }

    public final Kind kind;
    public final boolean signed;
    public final SourceLoc loc;
    public final ModuleDef owner;
    private int width;
    private NameSlot nameSlot;
    private final String path;
    /** Register reset value (null: no reset). */
    public Expr init;
    /** For INST_IN / INST_OUT: the instance and the child's port this net is wired to. */
    public Instance instance;

    public Signal childPort;
    /** Declared inside {@code Formal.properties}: emitted only in the module's formal-only block. */
    public boolean formal;
    /**
     * A formal value no logic drives, chosen by the checker: {@code anyconst} (one value for the whole trace) or
     * {@code anyseq} (a new value every cycle); null for an ordinary signal.
     */
    public String freeChoice;
    /**
     * For a wire made by {@code Hdl.AheadValue}: the register whose next value (its driver after last-connect) this wire
     * carries; the register then takes this wire at the clock edge.
     */
    public Signal aheadOf;

    public Signal(
            Kind kind, int width, boolean signed, SourceLoc loc, ModuleDef owner, NameSlot nameSlot, String path) {
        this.kind = kind;
        this.width = width;
        this.signed = signed;
        this.loc = loc;
        this.owner = owner;
        this.nameSlot = nameSlot;
        this.path = path;
    }

    public int width() {
        if (width < 0) throw new UnresolvedWidthException(this);
        return width;
    }

    public boolean widthKnown() {
        return width >= 0;
    }

    public void inferWidth(int w) {
        this.width = w;
    }

    public String name() {
        return (nameSlot.hasName() ? nameSlot.name() : nameSlot.autoPrefix) + path;
    }

    public NameSlot nameSlot() {
        return nameSlot;
    }

    public boolean isPort() {
        return kind == Kind.INPUT || kind == Kind.OUTPUT;
    }

    /** Sinks are driven by connect statements in this module. */
    public boolean isSink() {
        return freeChoice == null
                && (kind == Kind.OUTPUT || kind == Kind.WIRE || kind == Kind.REG || kind == Kind.INST_IN);
    }

    @Override
    public String toString() {
        return name();
    }
}
