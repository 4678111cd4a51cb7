package org.rapgen.hdl;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.rapgen.hdl.ir.NameSlot;

/**
 * A hardware type, or a hardware value once bound by {@code Wire}, {@code Reg}, {@code IO} or an operation. As in
 * Chisel, a type object is a template: binding clones it, so one type can build many values.
 */
public abstract class Data implements Cloneable {
    enum Direction {
        UNSPECIFIED,
        INPUT,
        OUTPUT,
        FLIPPED
    }

    Direction specified = Direction.UNSPECIFIED;
    /** Where Input/Output/Flipped marked this field: a BlackBox reports a port that does not match there. */
    SourceLoc declaredAt;

    /** A fresh, unbound copy of this type (directions kept, bindings dropped). */
    public Data cloneType() {
        try {
            Data copy = (Data) super.clone();
            copy.unbindCopy();
            return copy;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    /** Called on a shallow clone: replaces bound state and child objects with fresh unbound copies. */
    abstract void unbindCopy();

    /** Visits the ground elements in declaration order with their flattened path suffix ({@code _a_b}). */
    abstract void forEachLeaf(String path, BiConsumer<String, Bits> visitor);

    public final List<Bits> leaves() {
        List<Bits> out = new ArrayList<>();
        forEachLeaf("", (p, b) -> out.add(b));
        return out;
    }

    /** Total width in bits of all ground elements. */
    public int getWidth() {
        return leaves().stream().mapToInt(Bits::getWidth).sum();
    }

    public boolean isHardware() {
        return leaves().stream().allMatch(Bits::isBound);
    }

    boolean isHardwareAny() {
        return leaves().stream().anyMatch(Bits::isBound);
    }

    /** Chisel's {@code :=}: every ground element of this is driven by the matching element of {@code src}. */
    public void connect(Data src) {
        Connects.mono(this, src, SourceLoc.capture());
    }

    /** Chisel's {@code <>}: pairs ground elements and connects each in the direction its ports dictate. */
    public void biConnect(Data other) {
        Connects.bidirectional(this, other, SourceLoc.capture());
    }

    /** Gives this hardware value a readable name in the emitted Verilog. */
    @SuppressWarnings("unchecked")
    public <T extends Data> T named(String name) {
        NameSlot slot = nameSlot();
        if (slot == null)
            throw new HdlException(SourceLoc.capture(), "cannot name '" + name + "': not a hardware value");
        Names.checkUserName(name, SourceLoc.capture());
        slot.set(name, true, SourceLoc.capture());
        return (T) this;
    }

    /**
     * Keeps this named value as a net of its own through synthesis: {@code (* keep *)} on its declaration. Yosys's
     * {@code abc} then maps logic up to the net and on from it, not across it, so a decision factored by hand (a slow
     * input meeting only a last LUT, say) keeps that shape instead of being re-collapsed. Simulation ignores it.
     */
    @SuppressWarnings("unchecked")
    public <T extends Data> T keep() {
        NameSlot slot = nameSlot();
        if (slot == null || !slot.explicit()) {
            throw new HdlException(
                    SourceLoc.capture(),
                    "keep(): name the value first (.named(...)), so the kept net has a stable name");
        }
        slot.markKeep();
        return (T) this;
    }

    /** The name slot shared by this value's leaves, or null for a type / literal. */
    abstract NameSlot nameSlot();
}
