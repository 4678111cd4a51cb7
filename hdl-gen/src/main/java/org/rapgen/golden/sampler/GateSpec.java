package org.rapgen.golden.sampler;

import java.util.List;

/**
 * One gate of a sampler spec ({@link SamplerSpec}): {@code B[s,b]} (s, b decimal), {@code F[mask,match]} (each a
 * decimal or a 0x-prefixed hexadecimal number of at most 64 bits), or the phase gate {@code PH[...]}.
 *
 * @param kind 'B', 'F', or 'H' for the phase gate
 * @param first s, or the mask
 * @param second b, or the match value
 * @param phase the phase gate's parameters (null for B and F)
 */
public record GateSpec(char kind, long first, long second, PhaseParams phase) {
    /** A filter or a phase gate is among {@code gates}: they read the hash seed's permutation of the pc. */
    public static boolean useHash(List<GateSpec> gates) {
        return gates.stream().anyMatch(g -> g.kind() == 'F' || g.kind() == 'H');
    }

    /** A phase gate is among {@code gates}: it has an LFSR of its own. */
    public static boolean hasPhaseGate(List<GateSpec> gates) {
        return gates.stream().anyMatch(g -> g.kind() == 'H');
    }

    public GateSpec(char kind, long first, long second) {
        this(kind, first, second, null);
    }

    /** A gate starts at the parser's position. */
    static boolean at(SamplerSpec.P p) {
        return p.at('B') || p.at('F') || p.s.startsWith("PH[", p.i);
    }

    /** Parses the gate at the parser's position, where {@link #at} holds. */
    static GateSpec parse(SamplerSpec.P p) {
        if (p.s.startsWith("PH[", p.i)) return new GateSpec('H', 0, 0, PhaseParams.parse(p));
        char kind = p.s.charAt(p.i);
        p.i++;
        p.expect('[');
        if (kind == 'B') {
            int sAt = p.i;
            long s = p.num("burst period s");
            if (s < 1) throw p.err(sAt, "burst period s must be >= 1, got " + s);
            p.expect(',');
            int bAt = p.i;
            long b = p.num("burst length b");
            if (b < 1 || b > s) throw p.err(bAt, "burst length b must be 1..s (" + s + "), got " + b);
            p.expect(']');
            return new GateSpec(kind, s, b);
        }
        long mask = word(p, "filter mask");
        p.expect(',');
        int matchAt = p.i;
        long match = word(p, "filter match value");
        if ((match & ~mask) != 0)
            throw p.err(matchAt, "filter match value has bits outside the mask, so no pc could pass");
        p.expect(']');
        return new GateSpec(kind, mask, match);
    }

    /** A decimal or 0x-hexadecimal number of at most 64 bits. */
    private static long word(SamplerSpec.P p, String what) {
        int start = p.i;
        boolean hex = p.s.startsWith("0x", p.i) || p.s.startsWith("0X", p.i);
        if (hex) p.i += 2;
        int digits = p.i;
        while (p.i < p.s.length() && Character.digit(p.s.charAt(p.i), hex ? 16 : 10) >= 0 && p.s.charAt(p.i) < 128)
            p.i++;
        if (p.i == digits)
            throw p.err("expected " + what + " (a decimal or 0x-hexadecimal number), found " + p.found());
        try {
            return hex
                    ? Long.parseUnsignedLong(p.s.substring(digits, p.i), 16)
                    : Long.parseUnsignedLong(p.s.substring(digits, p.i));
        } catch (NumberFormatException e) {
            throw p.err(start, what + " does not fit 64 bits");
        }
    }

    /** The gate's canonical text. */
    String canonical() {
        return switch (kind) {
            case 'B' -> "B[" + first + "," + second + "]";
            case 'H' -> phase.canonical();
            default -> "F[" + hex(first) + "," + hex(second) + "]";
        };
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** The highest bit a filter's mask uses, for the check against K (-1 for a burst gate or an empty mask). */
    public int highestBit() {
        return kind == 'F' ? 63 - Long.numberOfLeadingZeros(first) : -1;
    }

    Gate build(SamplerConfig cfg) {
        return switch (kind) {
            case 'B' -> new BurstGate(first, second);
            case 'H' -> new PhaseGate(phase, cfg);
            default -> new PcFilter(first, second, new SamplerHash(cfg.keyBits(), cfg.hashSeed()));
        };
    }
}
