package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * A tuple on its way to the counter table, with what the front end computed for it: the table index and partial tag
 * from the hash, and the LFSR's sampling decision. Fields a composition does not use are constant zero. Behind
 * gates it is a {@link Gated}, which also says whether a gate held the tuple back.
 */
public class Keyed extends Bundle {
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

    /** @return a bundle of the same shape: a {@link Gated} for a {@link Gated} */
    Keyed sameShape() {
        return new Keyed(pc.getWidth(), index.getWidth(), tag.getWidth());
    }

    /** A tuple behind gates ({@link GateStage}): {@code skip} set, it only carries the end of a frame. */
    public static final class Gated extends Keyed {
        public final Bool skip = Bool();

        public Gated(int keyBits, int indexBits, int tagBits) {
            super(keyBits, indexBits, tagBits);
        }

        @Override
        Keyed sameShape() {
            return new Gated(pc.getWidth(), index.getWidth(), tag.getWidth());
        }
    }

    /** The skip flag of a gated tuple, false for any other. */
    Bool skipped() {
        return this instanceof Gated g ? g.skip : B(false);
    }
}
