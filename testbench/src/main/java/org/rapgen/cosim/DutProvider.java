package org.rapgen.cosim;

/**
 * Supplies the device under test for {@link Cosim}. Implementations need a public no-arg
 * constructor. Today they return hand-written Verilog; a provider backed by the Java HDL
 * only has to emit its Verilog to a directory and return it as a {@link Dut}.
 */
@FunctionalInterface
public interface DutProvider {
    Dut dut();
}
