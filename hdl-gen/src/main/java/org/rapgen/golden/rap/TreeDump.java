package org.rapgen.golden.rap;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The SPEC §8 tree dump, written and read back exactly:
 * <pre>
 * # rap-tree v1 key_bits=32 branching=4 eps=0.0099945068359375 events=123456 nodes=57 overflow=0
 * 00000000 0 17
 * 12340000 16 5
 * </pre>
 * <ul>
 *   <li>{@code eps} is epsFx/65536 printed as its exact decimal expansion (it always terminates,
 *       with at most 16 fractional digits), trailing zeros stripped. It is the eps the engine
 *       used, not the eps the user typed: --eps 0.01 gives epsFx 655 and prints
 *       0.0099945068359375. The reader accepts any decimal and takes floor(eps*65536), computed
 *       exactly, so 0.01 reads back as 655 too.</li>
 *   <li>{@code events} is n, the total weight processed (what T(n) and the bound use, and what
 *       the counts sum to when nothing overflowed), not the number of trace lines.</li>
 *   <li>{@code nodes} is the number of node lines; {@code overflow} is the sticky flag, 0 or 1.</li>
 *   <li>Node lines: prefix in lowercase hex zero-padded to key_bits/4 digits, len in bits,
 *       count as unsigned decimal, single spaces, sorted by (prefix, len), '\n' line ends.</li>
 * </ul>
 * The reader is strict, and reports the first problem as "line N: ...".
 */
public final class TreeDump {
    private static final String MAGIC = "# rap-tree v1";
    private static final BigDecimal EPS_ONE = BigDecimal.valueOf(RapParams.EPS_ONE);

    private TreeDump() {}

    public static void write(RapTree tree, Appendable out) throws IOException {
        out.append(String.format(
                "%s key_bits=%d branching=%d eps=%s events=%s nodes=%d overflow=%d\n",
                MAGIC,
                tree.keyBits(),
                tree.branching(),
                formatEps(tree.epsFx()),
                Long.toUnsignedString(tree.n()),
                tree.nodes().size(),
                tree.overflow() ? 1 : 0));
        String prefixFormat = "%0" + (tree.keyBits() / 4) + "x";
        for (RapNode v : tree.nodes()) {
            out.append(String.format(prefixFormat, v.prefix()))
                    .append(' ')
                    .append(Integer.toString(v.len()))
                    .append(' ')
                    .append(Long.toUnsignedString(v.count()))
                    .append('\n');
        }
    }

    public static String toString(RapTree tree) {
        StringBuilder sb = new StringBuilder();
        try {
            write(tree, sb);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // StringBuilder never throws
        }
        return sb.toString();
    }

    /** The exact decimal value of epsFx / 65536. */
    public static String formatEps(int epsFx) {
        return BigDecimal.valueOf(epsFx).divide(EPS_ONE).stripTrailingZeros().toPlainString();
    }

    public static RapTree parse(String text) {
        try {
            return read(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @throws IllegalArgumentException "line N: problem" on malformed input */
    public static RapTree read(Reader in) throws IOException {
        BufferedReader r = new BufferedReader(in);
        Header h = parseHeader(r.readLine());
        int k = Integer.numberOfTrailingZeros(h.branching);
        List<RapNode> nodes = new ArrayList<>(h.nodes);
        for (int i = 0; i < h.nodes; i++) {
            int lineNo = i + 2;
            String line = r.readLine();
            if (line == null) {
                throw error(lineNo, "expected " + h.nodes + " node lines, found " + i);
            }
            RapNode v = parseNode(line, lineNo, h.keyBits, k);
            if (!nodes.isEmpty() && RapNode.ORDER.compare(nodes.get(nodes.size() - 1), v) >= 0) {
                throw error(lineNo, "nodes must be sorted by (prefix, len) without duplicates");
            }
            nodes.add(v);
        }
        if (r.readLine() != null) {
            throw error(h.nodes + 2, "more node lines than nodes=" + h.nodes);
        }
        return new RapTree(h.keyBits, k, h.epsFx, h.events, h.overflow, nodes);
    }

    private record Header(int keyBits, int branching, int epsFx, long events, int nodes, boolean overflow) {}

    private static Header parseHeader(String line) {
        if (line == null || !line.startsWith(MAGIC + " ")) {
            throw error(1, "expected header starting with '" + MAGIC + "'");
        }
        String[] f = line.substring(MAGIC.length() + 1).split(" ", -1);
        String[] names = {"key_bits", "branching", "eps", "events", "nodes", "overflow"};
        if (f.length != names.length) {
            throw error(1, "header needs exactly " + String.join(", ", names));
        }
        String[] v = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            if (!f[i].startsWith(names[i] + "=")) {
                throw error(1, "expected field '" + names[i] + "=' at position " + (i + 1) + ", found '" + f[i] + "'");
            }
            v[i] = f[i].substring(names[i].length() + 1);
        }
        int keyBits = parseInt(v[0], 1, "key_bits");
        if (keyBits != 32 && keyBits != 64) {
            throw error(1, "key_bits must be 32 or 64, got " + keyBits);
        }
        int branching = parseInt(v[1], 1, "branching");
        if (branching != 2 && branching != 4 && branching != 16) {
            throw error(1, "branching must be 2, 4 or 16, got " + branching);
        }
        int overflow = parseInt(v[5], 1, "overflow");
        if (overflow != 0 && overflow != 1) {
            throw error(1, "overflow must be 0 or 1, got " + overflow);
        }
        int nodes = parseInt(v[4], 1, "nodes");
        if (nodes < 1) {
            throw error(1, "nodes must be >= 1 (the root), got " + nodes);
        }
        return new Header(keyBits, branching, parseEps(v[2]), parseUnsigned(v[3], 1, "events"), nodes, overflow == 1);
    }

    private static int parseEps(String s) {
        BigDecimal fx;
        try {
            fx = new BigDecimal(s).multiply(EPS_ONE).setScale(0, RoundingMode.FLOOR);
        } catch (NumberFormatException e) {
            throw error(1, "eps is not a decimal number: '" + s + "'");
        }
        if (fx.signum() <= 0 || fx.compareTo(EPS_ONE) >= 0) {
            throw error(1, "eps must give 1 <= floor(eps*65536) <= 65535, got eps=" + s);
        }
        return fx.intValueExact();
    }

    private static RapNode parseNode(String line, int lineNo, int keyBits, int k) {
        String[] f = line.split(" ", -1);
        if (f.length != 3) {
            throw error(lineNo, "expected '<prefix hex> <len> <count>', got '" + line + "'");
        }
        if (f[0].length() != keyBits / 4 || !f[0].matches("[0-9a-f]+")) {
            throw error(lineNo, "prefix must be " + keyBits / 4 + " lowercase hex digits, got '" + f[0] + "'");
        }
        long prefix = Long.parseUnsignedLong(f[0], 16);
        int len = parseInt(f[1], lineNo, "len");
        if (len < 0 || len > keyBits || len % k != 0) {
            throw error(lineNo, "len must be a multiple of " + k + " in 0.." + keyBits + ", got " + len);
        }
        if ((prefix & RapNode.rangeMask(keyBits, len)) != 0) {
            throw error(lineNo, "prefix " + f[0] + " has bits set below len " + len);
        }
        return new RapNode(prefix, len, parseUnsigned(f[2], lineNo, "count"));
    }

    private static int parseInt(String s, int lineNo, String what) {
        if (!s.matches("0|[1-9][0-9]{0,9}")) {
            throw error(lineNo, what + " must be a decimal integer, got '" + s + "'");
        }
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw error(lineNo, what + " is too large: " + s);
        }
    }

    private static long parseUnsigned(String s, int lineNo, String what) {
        if (!s.matches("0|[1-9][0-9]*")) {
            throw error(lineNo, what + " must be an unsigned decimal integer, got '" + s + "'");
        }
        try {
            return Long.parseUnsignedLong(s);
        } catch (NumberFormatException e) {
            throw error(lineNo, what + " does not fit in 64 bits: " + s);
        }
    }

    private static IllegalArgumentException error(int lineNo, String problem) {
        return new IllegalArgumentException("line " + lineNo + ": " + problem);
    }
}
