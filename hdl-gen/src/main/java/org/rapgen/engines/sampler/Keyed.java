package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * A tuple on its way to the counter table, with what the front end computed for it: the table index and partial tag
 * from the hash, and the LFSR's sampling decision. Fields a composition does not use are constant zero.
 */
public final class Keyed extends Bundle {
    public final UInt pc;
    public final UInt w;
    public final Bool last = Bool();
    public final UInt index;
    public final UInt tag;
    public final Bool sample = Bool();

    /** @param indexBits at least 1; @param tagBits at least 1 */
    public Keyed(int keyBits, int indexBits, int tagBits) {
        pc = UInt(keyBits);
        w = UInt(keyBits);
        index = UInt(indexBits);
        tag = UInt(tagBits);
    }
}
