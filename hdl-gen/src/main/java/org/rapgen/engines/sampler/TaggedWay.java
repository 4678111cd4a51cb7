package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * One way of a tagged compressor's set, as the table word stores it: {@code st, tag, h, m} as docs/golden-sampler.md
 * has them, and beside them what the rule would otherwise compute inside the counter table's read-modify-write loop:
 * the sum {@code s = h + m} (the tuples since the way's last message), and three flags, each whether the next tuple
 * reaches a threshold:
 * <pre>
 * hitEmits    h + 1 &gt;= (st == EVICT ? min(E, R) : R)   a hit emits (E2, E6)
 * allocEmits  s + 1 &gt;= R                                an allocation emits (E1: h = s, E5: h + m + 1 = s + 1)
 * replaces    m + 1 &gt;= M                                a miss on an EVICT way replaces it (E5)
 * </pre>
 * Each is defined in every state, so the assertions can check all of them exactly. A transition writes the flags of
 * the way it leaves, each a compare of an old field against a constant (the new field minus the increment), so no
 * compare ever follows an adder. The flags are stored exclusive-or'ed with their value in the all-zero word (EMPTY,
 * h = m = s = 0), so the cleared RAM holds consistent flags whatever R and M are.
 */
record TaggedWay(UInt st, UInt tag, UInt h, UInt m, UInt s, Bool hitEmits, Bool allocEmits, Bool replaces) {
    static final int EMPTY = 0, VALID = 1, EVICT = 2;

    /** Thresholds and field widths of one configuration, and the compares and packing built from them. */
    record Shape(int r, int hitEvict, int replace, int tagBits, int countBits, int missBits) {
        int bits() {
            return 2 + tagBits + 2 * countBits + missBits + 3;
        }

        /** The flags' values in the all-zero word: EMPTY, h = m = s = 0. */
        boolean hitEmitsAtZero() {
            return 1 >= r;
        }

        boolean allocEmitsAtZero() {
            return 1 >= r;
        }

        boolean replacesAtZero() {
            return 1 >= replace;
        }

        /**
         * {@code x >= c}, folded to a constant where the width decides it, and otherwise spelled bit by bit from the
         * top (a one in {@code c} needs the bit and the rest, a zero takes the bit or the rest): a comparison
         * operator would be mapped onto a carry chain, whose entry and ripple cost more than two levels of LUTs.
         */
        static Bool atLeast(UInt x, long c) {
            if (c <= 0) return B(true);
            if (c > (1L << x.getWidth()) - 1) return B(false);
            Bool ge = B(true);
            int low = Long.numberOfTrailingZeros(c); // below it c is zero, which every x reaches
            for (int b = low; b < x.getWidth(); b++)
                ge = ((c >> b) & 1) == 1 ? x.bit(b).and(ge) : x.bit(b).or(ge);
            return ge;
        }

        /** Way {@code i} of a word: {@code m} in the least significant bits, then h, tag, st, s and the flags. */
        TaggedWay unpack(UInt word, int i) {
            int at = i * bits();
            UInt m = word.bits(at + missBits - 1, at);
            at += missBits;
            UInt h = word.bits(at + countBits - 1, at);
            at += countBits;
            UInt tag = word.bits(at + tagBits - 1, at);
            at += tagBits;
            UInt st = word.bits(at + 1, at);
            at += 2;
            UInt s = word.bits(at + countBits - 1, at);
            at += countBits;
            Bool hit = word.bit(at).xor(B(hitEmitsAtZero()));
            Bool alloc = word.bit(at + 1).xor(B(allocEmitsAtZero()));
            Bool rep = word.bit(at + 2).xor(B(replacesAtZero()));
            return new TaggedWay(st, tag, h, m, s, hit, alloc, rep);
        }

        UInt pack(TaggedWay w) {
            return Cat(
                    w.replaces.xor(B(replacesAtZero())),
                    w.allocEmits.xor(B(allocEmitsAtZero())),
                    w.hitEmits.xor(B(hitEmitsAtZero())),
                    w.s,
                    w.st,
                    w.tag,
                    w.h,
                    w.m);
        }

        /** The way after a hit on it (E3, E2 if VALID; E6a, E6 if EVICT). */
        TaggedWay hit(TaggedWay e) {
            Bool emits = e.hitEmits;
            Bool evict = e.isEvict();
            // E6 leaves EMPTY with the miss count carried into h (and s): the next allocation starts from it.
            UInt left = Mux(evict, e.m.pad(countBits), U(0, countBits));
            Bool leftEmits = Mux(evict, atLeast(e.m, r - 1), B(1 >= r));
            return new TaggedWay(
                    Mux(emits, U(EMPTY, 2), e.st),
                    e.tag,
                    Mux(emits, left, e.h.add(1)),
                    Mux(emits, U(0, missBits), e.m),
                    Mux(emits, left, e.s.add(1)),
                    Mux(emits, leftEmits, Mux(evict, atLeast(e.h, hitEvict - 2), atLeast(e.s, r - 2))),
                    Mux(emits, leftEmits, atLeast(e.s, r - 2)),
                    Mux(emits, B(replacesAtZero()), e.replaces));
        }

        /** The way after a miss that targets it (E1 if EMPTY, E4 if VALID, E5 or E5a if EVICT). */
        TaggedWay miss(TaggedWay e, UInt tag) {
            Bool allocates = e.allocates();
            Bool emptied = allocates.and(e.allocEmits);
            Bool valid = e.st.eq(U(VALID, 2));
            return new TaggedWay(
                    Mux(allocates, Mux(e.allocEmits, U(EMPTY, 2), U(VALID, 2)), U(EVICT, 2)),
                    Mux(allocates, tag, e.tag),
                    Mux(allocates, Mux(e.allocEmits, U(0, countBits), e.s.add(1)), e.h),
                    Mux(allocates, U(0, missBits), Mux(valid, U(1, missBits), e.m.add(1))),
                    Mux(emptied, U(0, countBits), e.s.add(1)),
                    Mux(
                            allocates,
                            Mux(e.allocEmits, B(1 >= r), atLeast(e.s, r - 2)),
                            Mux(valid, atLeast(e.h, hitEvict - 1), e.hitEmits)),
                    Mux(emptied, B(1 >= r), atLeast(e.s, r - 2)),
                    Mux(allocates, B(replacesAtZero()), Mux(valid, B(2 >= replace), atLeast(e.m, replace - 2))));
        }

        /** Simulation checks: every stored sum and flag is what it stands for. */
        void check(TaggedWay w, int i) {
            String way = "tagged compressor way " + i + ": ";
            Assert(w.s.eq(w.h.add(w.m.pad(countBits))), way + "s is not h + m");
            Bool hitReaches = Mux(w.isEvict(), atLeast(w.h, hitEvict - 1), atLeast(w.h, r - 1));
            Assert(w.hitEmits.eq(hitReaches), way + "hitEmits is not h + 1 >= its threshold");
            Assert(w.allocEmits.eq(atLeast(w.s, r - 1)), way + "allocEmits is not s + 1 >= R");
            Assert(w.replaces.eq(atLeast(w.m, replace - 1)), way + "replaces is not m + 1 >= M");
        }
    }

    Bool isEmpty() {
        return st.eq(U(EMPTY, 2));
    }

    Bool isEvict() {
        return st.eq(U(EVICT, 2));
    }

    /** The tuple's tag is here: not EMPTY, equal tag. */
    Bool matches(UInt t) {
        return isEmpty().not().and(tag.eq(t));
    }

    /** A miss that targets this way allocates it (E1, E5) rather than counting a miss (E4, E5a). */
    Bool allocates() {
        return isEmpty().or(isEvict().and(replaces));
    }
}
