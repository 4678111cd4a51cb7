package org.rapgen.golden.sampler;

/**
 * A sampler golden model: tuples in, messages {@code <pc, w, count>} out (to the sink given at
 * construction), in exactly the order the hardware emits them.
 */
public interface Sampler {
    /** Processes one tuple (one accepted event in hardware). */
    void push(long pc, long w);

    /**
     * End of stream: emits what the hardware would flush. Only stages that hold complete tuples
     * can flush: the associative table {@code A_k} drains its valid entries in slot order.
     * The first-level samplers (R, P, CR, H[X], T) hold only counts (and partial tags), never
     * tuples, so they emit nothing; their unreported counts are given by {@link #pending()}.
     */
    void finish();

    /**
     * Events counted but not (yet) reported in any message: for P/CR/H[P]/H[CR] the sum of the
     * stratum counters, for T the sum of hit+miss counters, for A_k the counts held in its table
     * (zero after {@link #finish()}). Always 0 for R and H[R], which keep no counts.
     */
    long pending();

    /** The spec string this sampler was built from, in canonical form. */
    String spec();
}
