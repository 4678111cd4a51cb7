package org.rapgen.hdl.ir;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rapgen.hdl.SourceLoc;

/**
 * A memory array without reset, so vendor tools infer RAM. Asynchronous reads are {@link OpKind#MEM_READ} ops;
 * synchronous reads own a read-data register ({@link Signal.Kind#MEM_RDATA}); writes are statements whose enable
 * is the conjunction of the enclosing when-conditions.
 */
public final class Memory {
    public final NameSlot nameSlot;
    public final int depth;
    public final int width;
    public final SourceLoc loc;
    public final boolean syncRead;
    public final List<ReadPort> readPorts = new ArrayList<>();
    /** Filled by lowering, in program order (a later port wins on an address conflict). */
    public final List<WritePort> writePorts = new ArrayList<>();
    /** Synthesis attributes emitted on the declaration, {@code (* name *)} (value null) or {@code (* name = "value" *)}. */
    public final Map<String, String> attributes = new LinkedHashMap<>();
    /** Initial words (fixed at elaboration, emitted as an initialised array): a ROM's, or a RAM's power-up contents; else null. */
    public List<BigInteger> init;

    public Memory(NameSlot nameSlot, int depth, int width, SourceLoc loc, boolean syncRead) {
        this.nameSlot = nameSlot;
        this.depth = depth;
        this.width = width;
        this.loc = loc;
        this.syncRead = syncRead;
    }

    public int addrWidth() {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(depth - 1));
    }

    public String name() {
        return nameSlot.name();
    }

    /** A condition on the when-path, possibly negated (the otherwise branch). */
    public record Guard(Expr cond, boolean negated) {}

    public record WritePort(Expr addr, Expr data, List<Guard> guards, SourceLoc loc) {}

    /** A synchronous read port: {@code rdata <= mem[addr]} on cycles where its enable guards all hold. */
    public static final class ReadPort {
        public final Signal rdata;
        public final Expr addr;
        public final SourceLoc loc;
        /** Filled by lowering. */
        public List<Guard> guards = List.of();

        public ReadPort(Signal rdata, Expr addr, SourceLoc loc) {
            this.rdata = rdata;
            this.addr = addr;
            this.loc = loc;
        }
    }
}
