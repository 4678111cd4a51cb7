package org.rapgen.cosim.blocks;

/** The handshake side of a reference driven by a {@link SearchBench}. */
interface SearchRef {
    /** search.ready this cycle, given the output's ready. */
    boolean searchReady(boolean outReady);

    /** The output's valid this cycle. */
    boolean outputValid();
}
