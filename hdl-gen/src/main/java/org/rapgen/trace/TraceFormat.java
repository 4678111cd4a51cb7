package org.rapgen.trace;

import java.nio.charset.StandardCharsets;

/**
 * Trace formats. Every format may additionally be gzip-compressed; gzip is recognised by its
 * magic bytes {@code 1f 8b} and removed transparently, whatever format is selected.
 *
 * <ul>
 *   <li>{@link #TEXT_EVENTS}: one event per line, {@code <hex key> [<decimal weight>]}; the
 *       weight defaults to 1 and must be &ge; 1. {@code #} starts a comment; blank lines are
 *       ignored. Hex may carry a {@code 0x} prefix.</li>
 *   <li>{@link #TEXT_TUPLES}: one tuple per line, {@code <hex pc> <hex w>}; comments as above.</li>
 *   <li>{@link #BINARY_EVENTS}: the 8-byte magic {@code "RAPGEV1\n"} then 12-byte records:
 *       key as unsigned 64-bit little-endian, weight as unsigned 32-bit little-endian (&ge; 1).</li>
 *   <li>{@link #BINARY_TUPLES}: the 8-byte magic {@code "RAPGTP1\n"} then 16-byte records:
 *       pc, w, each unsigned 64-bit little-endian.</li>
 *   <li>{@link #LACKEY}: the output of {@code valgrind --tool=lackey --trace-mem=yes}
 *       ({@code I  addr,size}, {@code  L addr,size}, {@code  S ...}, {@code  M ...}); lines
 *       starting with {@code ==} or {@code --} (valgrind's own messages) are ignored.
 *       See {@link TraceOptions.LackeyMode}.</li>
 *   <li>{@link #PCAP}: a packet capture, classic libpcap (either byte order, micro- or
 *       nanosecond) or pcapng (either byte order, several sections/interfaces), recognised by
 *       its magic number. Link types: Ethernet (1, with 802.1Q/802.1ad tags), BSD loopback
 *       (0, 108), raw IP (12, 14, 101, 228), Linux cooked SLL (113) and SLL2 (276). Packets
 *       that are not IPv4 are skipped and counted ({@link TraceReader#skipped()}). See
 *       {@link TraceOptions.PacketField}.</li>
 * </ul>
 */
public enum TraceFormat {
    TEXT_EVENTS,
    TEXT_TUPLES,
    BINARY_EVENTS,
    BINARY_TUPLES,
    LACKEY,
    PCAP;

    static final byte[] MAGIC_BINARY_EVENTS = "RAPGEV1\n".getBytes(StandardCharsets.US_ASCII);
    static final byte[] MAGIC_BINARY_TUPLES = "RAPGTP1\n".getBytes(StandardCharsets.US_ASCII);

    /** Parses a user-facing name: text, tuples, binary, binary-tuples, lackey, pcap, pcapng. */
    public static TraceFormat fromName(String s) {
        switch (s.toLowerCase(java.util.Locale.ROOT).replace('_', '-')) {
            case "text":
            case "text-events":
            case "events":
                return TEXT_EVENTS;
            case "tuples":
            case "text-tuples":
                return TEXT_TUPLES;
            case "binary":
            case "bin":
            case "binary-events":
                return BINARY_EVENTS;
            case "binary-tuples":
            case "bin-tuples":
                return BINARY_TUPLES;
            case "lackey":
                return LACKEY;
            case "pcap":
            case "pcapng":
                return PCAP;
            default:
                throw new IllegalArgumentException("unknown trace format '" + s
                        + "' (expected text, tuples, binary, binary-tuples, lackey, pcap or pcapng)");
        }
    }

    /**
     * Guesses the format from the first bytes of the (already decompressed) stream.
     * Text cannot tell events from tuples, so {@code preferred} decides between
     * {@link #TEXT_EVENTS} and {@link #TEXT_TUPLES}.
     *
     * @return the format, or {@code null} for a compressed format we do not read (xz, bzip2, zstd)
     */
    static TraceFormat detect(byte[] head, int n, TraceShape preferred) {
        if (n >= 4) {
            int be = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
            switch (be) {
                case 0xa1b2c3d4:
                case 0xd4c3b2a1:
                case 0xa1b23c4d:
                case 0x4d3cb2a1:
                case 0x0a0d0d0a:
                    return PCAP;
                default:
            }
        }
        if (startsWith(head, n, MAGIC_BINARY_EVENTS)) return BINARY_EVENTS;
        if (startsWith(head, n, MAGIC_BINARY_TUPLES)) return BINARY_TUPLES;
        if (compressedKind(head, n) != null) return null;
        // text: look at the first non-blank, non-comment line
        int i = 0;
        while (i < n) {
            int s = i;
            while (i < n && head[i] != '\n') i++;
            int e = i++;
            int j = s;
            while (j < e && (head[j] == ' ' || head[j] == '\t' || head[j] == '\r')) j++;
            if (j == e || head[j] == '#') continue;
            if (e - s >= 2 && head[s] == '=' && head[s + 1] == '=') return LACKEY;
            if (e - s >= 3 && head[s] == 'I' && head[s + 1] == ' ' && head[s + 2] == ' ') return LACKEY;
            if (e - s >= 3
                    && head[s] == ' '
                    && (head[s + 1] == 'L' || head[s + 1] == 'S' || head[s + 1] == 'M')
                    && head[s + 2] == ' ') return LACKEY;
            break;
        }
        return preferred == TraceShape.TUPLES ? TEXT_TUPLES : TEXT_EVENTS;
    }

    /** Name of a compression format we recognise but do not decode, or null. */
    static String compressedKind(byte[] h, int n) {
        if (n >= 6 && (h[0] & 0xff) == 0xfd && h[1] == '7' && h[2] == 'z' && h[3] == 'X' && h[4] == 'Z' && h[5] == 0)
            return "xz";
        if (n >= 3 && h[0] == 'B' && h[1] == 'Z' && h[2] == 'h') return "bzip2";
        if (n >= 4 && (h[0] & 0xff) == 0x28 && (h[1] & 0xff) == 0xb5 && (h[2] & 0xff) == 0x2f && (h[3] & 0xff) == 0xfd)
            return "zstd";
        return null;
    }

    static boolean startsWith(byte[] h, int n, byte[] magic) {
        if (n < magic.length) return false;
        for (int i = 0; i < magic.length; i++) if (h[i] != magic[i]) return false;
        return true;
    }
}
