package org.rapgen.hdl.ir;

import java.math.BigInteger;

/** A constant. {@code dontCare} marks the value that a {@code DontCare} connect lowers to (zero). */
public final class Lit extends Expr {
    public final BigInteger value;
    private final int width;
    private final boolean signed;
    public final boolean dontCare;

    public Lit(BigInteger value, int width, boolean signed, boolean dontCare) {
        this.value = value;
        this.width = width;
        this.signed = signed;
        this.dontCare = dontCare;
    }

    /** The value as an unsigned bit pattern of {@link #width()} bits. */
    public BigInteger bits() {
        return value.signum() >= 0 ? value : value.add(BigInteger.ONE.shiftLeft(width));
    }

    /** The same constant: value, width, signedness and don't-care mark. */
    public boolean sameAs(Lit o) {
        return value.equals(o.value) && width == o.width && signed == o.signed && dontCare == o.dontCare;
    }

    @Override
    public int width() {
        return width;
    }

    @Override
    public boolean signed() {
        return signed;
    }
}
