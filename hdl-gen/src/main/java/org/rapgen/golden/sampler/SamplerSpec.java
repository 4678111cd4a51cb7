package org.rapgen.golden.sampler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses sampler compositions and builds their golden models.
 * <pre>
 * spec     := { gate } ( first [ assoc ] | assoc | hotlist | slots ) | gate { gate }
 * gate     := 'B' '[' num ',' num ']' | 'F' '[' word ',' word ']' | 'PH' '[' [ pparam { ',' pparam } ] ']'
 * pparam   := ('len' | 'buckets' | 'thr' | 'sigs' | 'phases' | 'pick') '=' num
 * first    := base | 'H' '[' base ']' num | 'T' '[' [ param { ',' param } ] ']' num
 * base     := 'R' num | 'P' num | 'CR' num
 * assoc    := 'A' num
 * hotlist  := 'V' '[' num ']' num
 * slots    := 'Z' [ '[' [ zparam { ',' zparam } ] ']' ] num
 * zparam   := ('fail' | 'thrash' | 'draw' | 'keep') '=' num
 * param    := ('tag' | 'ways' | 'r' | 'evict' | 'replace') '=' num
 * num      := [ '_' ] digit { digit }
 * word     := digit { digit } | '0x' hexdigit { hexdigit }
 * </pre>
 * Examples: {@code R10}, {@code P256}, {@code CR10}, {@code H[P256]2048}, {@code H[R16]1024},
 * {@code H[CR8]512}, {@code H[P256]2048A16}, {@code T[tag=2,ways=2]2048A16}, {@code A16}
 * (every tuple enters A_16 as a message of count 1), {@code B[1000,10]H[P16]256} and
 * {@code F[0xf,0x3]B[100,1]A16} (gates in front; {@code B[100,10]} alone sends every passed tuple as a message of
 * count 1: the trace of the bursts). {@code V[16]256} is Burrows' value hotlist, 16 values per row in 256 rows
 * ({@link HotlistSampler}); nothing follows it. {@code Z32} is Zilles and Sohi's load-value slot table with 32
 * slots ({@link SlotTable}, {@link SlotTableParams}); nothing follows it either. The paper's subscripts may be written
 * with underscores: {@code H[P_256]_2048A_16}. No blanks. Tagged-compressor defaults:
 * tag=2, ways=2, r=256, evict=16, replace=7 (the paper's evaluated 2-bit, 2-way, 8-bit-hit-counter
 * design; evict/replace values are ours).
 * Limits: R/CR rate 1..65536, P rate 1..2^31-1, n a power of two 1..2^24, k 1..65536, hotlist values 1..31.
 */
public final class SamplerSpec {
    public enum First {
        NONE,
        BASE,
        HASHED,
        TAGGED,
        HOTLIST,
        SLOTS
    }

    public final String text;
    public final First first;
    public final StratifiedSampler.Kind kind; // BASE / HASHED
    public final int rate; // BASE / HASHED
    public final int strata; // HASHED (1 for BASE), TAGGED entries, HOTLIST rows
    public final int values; // HOTLIST values per row
    public final Map<String, Integer> tagged; // TAGGED parameters, all present
    public final int assoc; // 0 = no A_k
    public final List<GateSpec> gates; // in stream order; empty = none
    public final SlotTableParams slots; // SLOTS, else null

    private SamplerSpec(
            String text,
            List<GateSpec> gates,
            First first,
            StratifiedSampler.Kind kind,
            int rate,
            int strata,
            Map<String, Integer> tagged,
            int values,
            int assoc,
            SlotTableParams slots) {
        this.text = text;
        this.gates = List.copyOf(gates);
        this.first = first;
        this.kind = kind;
        this.rate = rate;
        this.strata = strata;
        this.tagged = tagged;
        this.values = values;
        this.assoc = assoc;
        this.slots = slots;
    }

    // ------------------------------------------------------------------ parser

    static final class P {
        final String s;
        int i;

        P(String s) {
            this.s = s;
        }

        boolean at(char c) {
            return i < s.length() && s.charAt(i) == c;
        }

        SpecException err(String problem) {
            return new SpecException(s, i + 1, problem);
        }

        SpecException err(int at, String problem) {
            return new SpecException(s, at + 1, problem);
        }

        String found() {
            return i < s.length() ? "'" + s.charAt(i) + "'" : "end of spec";
        }

        void expect(char c) {
            if (!at(c)) throw err("expected '" + c + "', found " + found());
            i++;
        }

        /**
         * Parses {@code name=num} pairs, comma-separated, up to the closing ']' (not consumed). A name not in
         * {@code names}, a name given twice, or a value {@code problem} objects to (it returns the problem, or null)
         * is an error at its column.
         */
        Map<String, Long> params(
                String what, List<String> names, java.util.function.BiFunction<String, Long, String> problem) {
            Map<String, Long> m = new LinkedHashMap<>();
            while (!at(']')) {
                if (!m.isEmpty()) expect(',');
                int at = i;
                while (i < s.length() && Character.isLetter(s.charAt(i))) i++;
                String name = s.substring(at, i);
                if (!names.contains(name)) {
                    String list = String.join(", ", names);
                    throw err(
                            at,
                            name.isEmpty()
                                    ? "expected a " + what + " parameter (" + list + "), found " + found()
                                    : "unknown " + what + " parameter '" + name + "' (expected " + list + ")");
                }
                if (m.containsKey(name)) throw err(at, "parameter '" + name + "' given twice");
                expect('=');
                int numAt = i;
                long v = num("value of " + name);
                String wrong = problem.apply(name, v);
                if (wrong != null) throw err(numAt, wrong);
                m.put(name, v);
            }
            return m;
        }

        long num(String what) {
            if (at('_')) i++;
            int start = i;
            long v = 0;
            while (i < s.length() && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) {
                v = v * 10 + (s.charAt(i) - '0');
                if (v > Integer.MAX_VALUE) throw err(start, what + " is too large");
                i++;
            }
            if (i == start) throw err("expected " + what + " (a decimal number), found " + found());
            return v;
        }
    }

    public static SamplerSpec parse(String spec) {
        if (spec == null) throw new SpecException("", 1, "empty spec");
        P p = new P(spec);
        if (spec.isEmpty()) throw p.err("empty spec; expected R, P, CR, H[...], T[...], V[...], Z or A");
        List<GateSpec> gates = new ArrayList<>();
        while (GateSpec.at(p)) gates.add(GateSpec.parse(p));
        First first = First.NONE;
        StratifiedSampler.Kind kind = null;
        int rate = 0;
        int strata = 1;
        Map<String, Integer> tagged = null;
        int values = 0;
        SlotTableParams slots = null;
        if (p.at('Z')) {
            slots = SlotTableParams.parse(p);
            first = First.SLOTS;
            if (p.i < spec.length()) throw p.err("unexpected " + p.found() + "; nothing may follow a slot table");
        } else if (p.at('V')) {
            p.i++;
            p.expect('[');
            int at = p.i;
            long v = p.num("values per row");
            if (v < 1 || v > 31) throw p.err(at, "a hotlist keeps 1..31 values per row, got " + v);
            values = (int) v;
            p.expect(']');
            strata = strata(p, "number of rows");
            first = First.HOTLIST;
            if (p.i < spec.length()) throw p.err("unexpected " + p.found() + "; nothing may follow a value hotlist");
        } else if (p.at('H')) {
            p.i++;
            p.expect('[');
            int at = p.i;
            kind = baseKind(p);
            rate = rate(p, kind, at);
            p.expect(']');
            strata = strata(p, "number of strata n");
            first = First.HASHED;
        } else if (p.at('T')) {
            p.i++;
            p.expect('[');
            tagged = TaggedCompressor.params(p);
            p.expect(']');
            int at = p.i;
            strata = (int) p.num("number of entries n");
            int ways = tagged.get("ways");
            if (strata < ways || strata % ways != 0 || Integer.bitCount(strata / ways) != 1 || strata > (1 << 24)) {
                throw p.err(
                        at,
                        "number of entries must be ways (" + ways + ") times a power of two, at most 2^24; got "
                                + strata);
            }
            first = First.TAGGED;
        } else if (p.at('R') || p.at('P') || p.at('C')) {
            int at = p.i;
            kind = baseKind(p);
            rate = rate(p, kind, at);
            first = First.BASE;
        } else if (!p.at('A') && (gates.isEmpty() || p.i < spec.length())) {
            throw p.err("expected " + (gates.isEmpty() ? "" : "B[...], F[...], PH[...], ")
                    + "R, P, CR, H[...], T[...], V[...], Z or A, found " + p.found());
        }
        int assoc = 0;
        if (p.at('A')) {
            p.i++;
            int at = p.i;
            long k = p.num("table size k");
            if (k < 1 || k > 65536) throw p.err(at, "A_k table size must be 1..65536, got " + k);
            assoc = (int) k;
        }
        if (p.i < spec.length()) {
            throw p.err("unexpected " + p.found()
                    + (first == First.NONE || assoc != 0 ? "" : "; only an A_k stage may follow"));
        }
        return new SamplerSpec(spec, gates, first, kind, rate, strata, tagged, values, assoc, slots);
    }

    private static StratifiedSampler.Kind baseKind(P p) {
        if (p.at('R')) {
            p.i++;
            return StratifiedSampler.Kind.R;
        }
        if (p.at('P')) {
            p.i++;
            return StratifiedSampler.Kind.P;
        }
        if (p.at('C')) {
            p.i++;
            if (!p.at('R'))
                throw p.err("expected 'R' after 'C' (the counted random sampler is CR_r), found " + p.found());
            p.i++;
            return StratifiedSampler.Kind.CR;
        }
        throw p.err("expected sampler R, P or CR, found " + p.found());
    }

    private static int rate(P p, StratifiedSampler.Kind kind, int at) {
        int numAt = p.i;
        long r = p.num("sampling rate r");
        if (r < 1) throw p.err(numAt, "sampling rate must be >= 1, got " + r);
        if (kind != StratifiedSampler.Kind.P && r > 65536) {
            throw p.err(numAt, "random sampling rate must be at most 65536 (16-bit LFSR threshold), got " + r);
        }
        return (int) r;
    }

    private static int strata(P p, String what) {
        int at = p.i;
        long n = p.num(what);
        if (n < 1 || Long.bitCount(n) != 1 || n > (1 << 24)) {
            throw p.err(at, what + " must be a power of two in 1..2^24, got " + n);
        }
        return (int) n;
    }

    // ------------------------------------------------------------------ building

    /** Canonical spec text (defaults filled in, no underscores). */
    public String canonical() {
        StringBuilder b = new StringBuilder();
        for (GateSpec g : gates) b.append(g.canonical());
        switch (first) {
            case BASE:
                b.append(kind).append(rate);
                break;
            case HASHED:
                b.append("H[").append(kind).append(rate).append(']').append(strata);
                break;
            case TAGGED:
                b.append("T[tag=")
                        .append(tagged.get("tag"))
                        .append(",ways=")
                        .append(tagged.get("ways"))
                        .append(",r=")
                        .append(tagged.get("r"))
                        .append(",evict=")
                        .append(tagged.get("evict"))
                        .append(",replace=")
                        .append(tagged.get("replace"))
                        .append(']')
                        .append(strata);
                break;
            case HOTLIST:
                b.append("V[").append(values).append(']').append(strata);
                break;
            case SLOTS:
                b.append(slots.canonical());
                break;
            default:
        }
        if (assoc > 0) b.append('A').append(assoc);
        return b.toString();
    }

    /** Builds the golden model; messages go to {@code out}. */
    public Sampler build(SamplerConfig cfg, MessageSink out) {
        if (first == First.HASHED && Integer.numberOfTrailingZeros(strata) > cfg.keyBits()) {
            throw new SpecException(
                    text,
                    text.length(),
                    "2^" + Integer.numberOfTrailingZeros(strata) + " strata exceed key bits " + cfg.keyBits());
        }
        if (first == First.TAGGED && tagged.get("tag") > cfg.keyBits()) {
            throw new SpecException(text, 1, "tag bits exceed key bits " + cfg.keyBits());
        }
        for (GateSpec g : gates) {
            if (g.highestBit() >= cfg.keyBits())
                throw new SpecException(
                        text, 1, "filter mask bit " + g.highestBit() + " exceeds key bits " + cfg.keyBits());
        }
        AssociativeTable a = assoc > 0 ? new AssociativeTable(assoc, cfg.assocCountBits(), out) : null;
        MessageSink firstOut = a != null ? a : out;
        Sampler s;
        switch (first) {
            case BASE:
                s = new StratifiedSampler(kind, rate, 1, cfg, firstOut);
                break;
            case HASHED:
                s = new StratifiedSampler(kind, rate, strata, cfg, firstOut);
                break;
            case TAGGED:
                s = new TaggedCompressor(
                        strata,
                        tagged.get("ways"),
                        tagged.get("tag"),
                        tagged.get("r"),
                        tagged.get("evict"),
                        tagged.get("replace"),
                        cfg,
                        firstOut);
                break;
            case HOTLIST:
                s = new HotlistSampler(values, strata, cfg, firstOut);
                break;
            case SLOTS:
                s = new SlotTable(slots, cfg, firstOut);
                break;
            default:
                s = null;
        }
        Sampler built = new Pipeline(canonical(), s, a, firstOut);
        return gates.isEmpty() ? built : new GatedSampler(GateChain.of(gates, cfg), built, canonical());
    }

    /** Parses and builds with default configuration for the given key width. */
    public static Sampler build(String spec, int keyBits, MessageSink out) {
        return parse(spec).build(SamplerConfig.of(keyBits), out);
    }

    /** A first-level sampler (or none) followed by an optional A_k. */
    static final class Pipeline implements Sampler {
        private final String spec;
        private final Sampler first;
        private final AssociativeTable assoc;
        private final MessageSink firstOut;

        Pipeline(String spec, Sampler first, AssociativeTable assoc, MessageSink firstOut) {
            this.spec = spec;
            this.first = first;
            this.assoc = assoc;
            this.firstOut = firstOut;
        }

        @Override
        public void push(long pc, long w) {
            if (first != null) first.push(pc, w);
            else firstOut.message(pc, w, 1);
        }

        @Override
        public void finish() {
            if (first != null) first.finish();
            if (assoc != null) assoc.finish();
        }

        @Override
        public long pending() {
            return (first != null ? first.pending() : 0) + (assoc != null ? assoc.pending() : 0);
        }

        @Override
        public String spec() {
            return spec;
        }

        /** The first-level model (null for a bare A_k). */
        public Sampler first() {
            return first;
        }
    }
}
