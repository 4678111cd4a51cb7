package org.rapgen.cosim;

/**
 * The DUT stopped the simulation: {@code $stop}, {@code $fatal}, a failed assertion or a
 * Verilator fatal error. Thrown by the call that evaluated it and by every later evaluating
 * call on that instance. It is an AssertionError because in a test it is a DUT failure; the
 * message names the top, the cycle, the source location and the simulator's recent output.
 */
public final class SimulationStopped extends AssertionError {
    /** Called from JNI (ThrowNew needs a String constructor). */
    public SimulationStopped(String message) {
        super(message);
    }
}
