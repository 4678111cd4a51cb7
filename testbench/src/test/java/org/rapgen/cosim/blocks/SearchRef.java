package org.rapgen.cosim.blocks;

/** The handshake side of a reference driven by a {@link SearchBench}. */
interface SearchRef {
    /** search.ready this cycle, given the output's ready. */
    boolean searchReady(boolean outReady);

    /** write.ready this cycle (blocks whose write port has no ready take every write). */
    default boolean writeReady() {
        return true;
    }

    /** The output's valid this cycle. */
    boolean outputValid();
}
