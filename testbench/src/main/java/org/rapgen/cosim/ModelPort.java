package org.rapgen.cosim;

/**
 * One top-level port of a Verilated model. The id is the port's index in the model's port
 * table; callers resolve names to ids once and then poke/peek by id, so the hot path does
 * no string lookups.
 */
public record ModelPort(int id, String name, int width, Direction direction) {

    public enum Direction {
        IN,
        OUT,
        INOUT
    }

    /** Number of 64-bit words a value of this port occupies (in batches and word arrays). */
    public int words() {
        return (width + 63) / 64;
    }

    /** Wider than one Java long: use the BigInteger / long[] accessors. */
    public boolean isWide() {
        return width > 64;
    }

    public boolean isInput() {
        return direction != Direction.OUT;
    }
}
