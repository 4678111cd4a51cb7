package org.rapgen.cosim;

import java.math.BigInteger;

/** One signal that did not hold its expected value. */
public record Mismatch(String port, int width, BigInteger expected, BigInteger actual) {
    @Override
    public String toString() {
        return port + ": expected " + fmt(expected) + ", actual " + fmt(actual);
    }

    private String fmt(BigInteger v) {
        return "0x" + v.toString(16) + " (" + v + ")";
    }
}
