package org.rapgen.generate;

/** The named parts the vendor builds target, and the out-of-context I/O timing budget. */
public final class FpgaParts {
    /** Artix-7 100T on the Arty A7-100T board. */
    public static final String VIVADO_PART = "xc7a100tcsg324-1";
    /** Cyclone V SE on the DE10-Nano board. */
    public static final String QUARTUS_FAMILY = "Cyclone V";

    public static final String QUARTUS_DEVICE = "5CSEBA6U23I7";
    /** Quartus Prime Lite/Standard release the .qpf names (Cyclone V is not in Quartus Prime Pro). */
    public static final String QUARTUS_VERSION = "23.1";
    /** Share of the clock period given to the logic outside the core, on each side of a port. */
    public static final double IO_BUDGET = 0.2;

    private FpgaParts() {}
}
