package org.rapgen.hdl;

/** A value with a valid qualifier and no backpressure. */
public class ValidIO<T extends Data> extends Bundle {
    public final Bool valid = new Bool();
    public final T bits;

    public ValidIO(T gen) {
        this.bits = gen;
    }
}
