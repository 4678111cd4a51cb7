package org.rapgen.synth;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * A kind of FPGA resource counted from Yosys cell types: each matching cell counts {@code weight} units (a Xilinx
 * RAMB18E1 is half a RAMB36, an ECP5 CCU2C holds two LUT4s). {@code available} is the part's capacity, or 0 where
 * place-and-route checks the fit instead.
 */
record Resource(String name, Map<String, Double> weights, long available) {
    static Resource of(String name, long available, Object... cellWeight) {
        java.util.LinkedHashMap<String, Double> w = new java.util.LinkedHashMap<>();
        for (int i = 0; i < cellWeight.length; i += 2)
            w.put((String) cellWeight[i], ((Number) cellWeight[i + 1]).doubleValue());
        return new Resource(name, w, available);
    }

    /** Units used by these cells (cell type -> count); a weight key is a regular expression over cell types. */
    double used(Map<String, Integer> cells) {
        double sum = 0;
        for (var c : cells.entrySet()) {
            for (var w : weights.entrySet()) {
                if (Pattern.matches(w.getKey(), c.getKey())) {
                    sum += w.getValue() * c.getValue();
                    break;
                }
            }
        }
        return sum;
    }
}
