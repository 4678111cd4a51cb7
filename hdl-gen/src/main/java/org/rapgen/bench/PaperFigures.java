package org.rapgen.bench;

/**
 * Figures quoted from the papers, as anchors in docs/performance.md. Mysore et al. (TACO 2008) built their prototype
 * on an Altera Stratix EP1S25F1020C5 with Quartus II (§4).
 */
final class PaperFigures {
    private PaperFigures() {}

    /** A quoted figure and where it is in the paper. */
    record Quote(String what, String area, String fmax, String where) {}

    static final String STRATIX = "Stratix EP1S25 (paper)";

    static final Quote QUEUE =
            new Quote("event queue, 1024 x 32", "46 LE + 32,768 memory bits", "115 MHz", "Mysore et al. §4.1");
    static final Quote TCAM = new Quote(
            "TCAM, 128 x (32-bit value + 32-bit mask)",
            "10,969 LE + 16,384 memory bits",
            "51 MHz",
            "Mysore et al. §4.2");
    static final Quote SRAM =
            new Quote("counter SRAM, 128 x 60", "0 LE + 7,980 memory bits", "290 MHz", "Mysore et al. §4.3");

    /** "On average, RAP requires four cycles to process an event" (Mysore et al. §3.4.5). */
    static final String RAP_EVENTS_PER_CLOCK = "0.25 (4 cycles per event, Mysore et al. §3.4.5)";
    /** "Each cycle, a tuple is picked from a tuple queue" (Sastry et al. §3, Fig. 5). */
    static final String SAMPLER_TUPLES_PER_CLOCK = "1 (a tuple each cycle, Sastry et al. §3, Fig. 5)";
    /** The prototype's clock is bounded by its slowest stage, the TCAM. */
    static final String RAP_HARDWARE_CYCLES = "51 M cycles/s (the Stratix prototype's TCAM clock, Mysore et al. §4.2)";
}
