package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rapgen.cosim.ModelPort;
import org.rapgen.cosim.Sim;

/**
 * Per-cycle values of a set of ports, laid out the way {@link Sim#runBatch} takes and returns them: row-major, each
 * port {@link ModelPort#words()} 64-bit words, least significant first. Columns are resolved by name once.
 */
final class Lanes {
    final List<String> names;
    final int[] ids;
    private final int[] offset;
    private final int[] words;
    private final int stride;
    private final Map<String, Integer> cols = new HashMap<>();
    final int rows;
    final long[] data;

    Lanes(Sim sim, int rows, List<String> ports) {
        this.names = List.copyOf(ports);
        this.rows = rows;
        ids = new int[ports.size()];
        offset = new int[ports.size()];
        words = new int[ports.size()];
        int off = 0;
        for (int c = 0; c < ports.size(); c++) {
            ModelPort p = sim.port(ports.get(c));
            ids[c] = p.id();
            offset[c] = off;
            words[c] = p.words();
            off += p.words();
            cols.put(ports.get(c), c);
        }
        stride = off;
        data = new long[rows * stride];
    }

    /** A lane set of the same ports with another row count. */
    Lanes resized(Sim sim, int newRows) {
        return new Lanes(sim, newRows, names);
    }

    /** The low {@code n} bits set (all 64 for n >= 64). */
    static long ones(int n) {
        return n >= 64 ? -1L : (1L << n) - 1;
    }

    int col(String name) {
        Integer c = cols.get(name);
        if (c == null) throw new IllegalArgumentException("port " + name + " is not in " + names);
        return c;
    }

    void set(int row, int col, long v) {
        int at = row * stride + offset[col];
        data[at] = v;
        for (int w = 1; w < words[col]; w++) data[at + w] = 0;
    }

    void set(int row, int col, boolean v) {
        set(row, col, v ? 1 : 0);
    }

    void set(int row, int col, BigInteger v) {
        int at = row * stride + offset[col];
        for (int w = 0; w < words[col]; w++) data[at + w] = v.shiftRight(64 * w).longValue();
    }

    long get(int row, int col) {
        return data[row * stride + offset[col]];
    }

    boolean bit(int row, int col) {
        return get(row, col) != 0;
    }

    BigInteger big(int row, int col) {
        int at = row * stride + offset[col];
        if (words[col] == 1 && data[at] >= 0) return BigInteger.valueOf(data[at]);
        byte[] be = new byte[8 * words[col] + 1]; // big-endian magnitude with a zero sign byte
        for (int w = 0; w < words[col]; w++) {
            for (int b = 0; b < 8; b++) be[be.length - 1 - 8 * w - b] = (byte) (data[at + w] >>> (8 * b));
        }
        return new BigInteger(be);
    }

    /** Whether column {@code col} of this row equals the same column of {@code other} (same ports). */
    boolean same(int row, int col, Lanes other) {
        int at = row * stride + offset[col];
        for (int w = 0; w < words[col]; w++) if (data[at + w] != other.data[at + w]) return false;
        return true;
    }

    /** "name=0x.." for every column of a row, for failure messages. */
    String describe(int row) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < names.size() && sb.length() < 1500; c++)
            sb.append(' ').append(names.get(c)).append("=0x").append(big(row, c).toString(16));
        return sb.toString();
    }
}
