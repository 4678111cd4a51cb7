package org.rapgen.cosim;

/**
 * Supplies the device under test for {@link Cosim}. Implementations need a no-arg constructor.
 * A module of the Java HDL is one {@link DslProvider} subclass; other Verilog can be returned
 * with {@link Dut#verilog} or {@link Dut#fromClasspath}.
 */
@FunctionalInterface
public interface DutProvider {
    Dut dut();
}
