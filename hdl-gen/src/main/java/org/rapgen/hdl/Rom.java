package org.rapgen.hdl;

import java.math.BigInteger;
import java.util.List;

/**
 * Read-only memory whose words are fixed at elaboration, read combinationally: {@code rom.read(addr)}. It is emitted
 * as a {@code reg} array initialised in an {@code initial} block and never written, the pattern Vivado, Quartus and
 * Yosys infer as ROM (LUTs or block RAM). Reading an address at or beyond the depth is undefined.
 */
public final class Rom {
    final Mem<UInt> mem;

    Rom(int width, List<BigInteger> words) {
        SourceLoc loc = SourceLoc.capture();
        if (words.isEmpty()) throw new HdlException(loc, "a Rom needs at least one word");
        for (int i = 0; i < words.size(); i++) {
            BigInteger w = words.get(i);
            if (w.signum() < 0 || w.bitLength() > width) {
                throw new HdlException(
                        loc, "Rom word " + i + " = " + w + " does not fit in " + width + " unsigned bits");
            }
        }
        mem = new Mem<>(words.size(), new UInt(width), false);
        mem.memory.init = List.copyOf(words);
    }

    public int depth() {
        return mem.depth();
    }

    /** The word at {@code addr}, combinationally. */
    public UInt read(UInt addr) {
        return mem.read(addr);
    }

    /** Names the ROM array in the emitted Verilog. */
    public Rom named(String name) {
        mem.named(name);
        return this;
    }
}
