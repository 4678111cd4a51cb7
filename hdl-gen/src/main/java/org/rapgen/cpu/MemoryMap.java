package org.rapgen.cpu;

/**
 * The processor's address space, decoded on address bits 31:28. The firmware's header
 * ({@code programs/runtime/rapgen_system.h}) spells the same numbers; {@code MemoryMapHeaderTest} holds them equal.
 */
public final class MemoryMap {
    /** Program memory (code, data, stack), from address 0; reset starts there. */
    public static final long RAM_BASE = 0x0000_0000L;
    /** The system registers ({@link SystemRegisters}). */
    public static final long SYS_BASE = 0x1000_0000L;
    /** The RAP engine's AXI4-Lite CSRs (docs/rap-registers.md), a 4 KiB window. */
    public static final long RAP_BASE = 0x2000_0000L;

    /** System register offsets: write a byte to print it; write the exit status; the trace gate; the stall count. */
    public static final int CONSOLE = 0x0;

    public static final int EXIT = 0x4;
    /** Bit 0 (RW): the engines see retired instructions; bit 1 (RO): every traced event is in the engines. */
    public static final int TRACE = 0x8;
    /** Clocks the processor waited because an engine's input was full (RO). */
    public static final int STALLS = 0xC;

    static final int SYS_OFFSET_BITS = 4;

    private MemoryMap() {}

    /** Which region an address falls in: its bits 31:28. */
    static int region(long base) {
        return (int) (base >>> 28);
    }
}
