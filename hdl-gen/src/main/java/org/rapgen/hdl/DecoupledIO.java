package org.rapgen.hdl;

/** Ready/valid handshake (AXI-Stream style): a transfer happens on a cycle where both are high. */
public class DecoupledIO<T extends Data> extends Bundle {
    public final Bool ready = Hdl.Flipped(new Bool());
    public final Bool valid = new Bool();
    public final T bits;

    public DecoupledIO(T gen) {
        this.bits = gen;
    }

    /** valid && ready. */
    public Bool fire() {
        return valid.and(ready);
    }
}
