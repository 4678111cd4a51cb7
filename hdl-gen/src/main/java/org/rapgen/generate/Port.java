package org.rapgen.generate;

import java.util.List;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Signal;

/** One port of a generated top module, as constraints and build scripts name it. */
public record Port(String name, boolean input, int width) {
    /** The clock and reset every generated module has (Chisel's implicit ports). */
    public static final String CLOCK = "clock";

    public static final String RESET = "reset";

    /** How {@code get_ports} and Quartus assignments select the port: a bus needs {@code name[*]}. */
    public String pattern() {
        return width > 1 ? name + "[*]" : name;
    }

    /** As Verilog declares it: {@code input [31:0] io_enq_bits}. */
    public String declaration() {
        return (input ? "input " : "output ") + (width > 1 ? "[" + (width - 1) + ":0] " : "") + name;
    }

    /** The ports of an elaborated top module, in declaration order. */
    public static List<Port> of(ModuleDef top) {
        return top.ports().stream()
                .map(s -> new Port(s.name(), s.kind == Signal.Kind.INPUT, s.width()))
                .toList();
    }
}
