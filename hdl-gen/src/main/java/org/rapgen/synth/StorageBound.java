package org.rapgen.synth;

import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;

/**
 * A misfit that needs no synthesis: every bit of a written memory must be held in the part's block RAM or in its
 * flip-flops. On a part without distributed RAM (iCE40), a design whose written memories hold more bits than the two
 * together cannot fit, and Yosys is not run to learn it (its iCE40 mapping of a 4,096-node trie takes about an hour).
 *
 * @param blockRamBits the part's block RAM, in bits
 * @param flipFlops the part's flip-flops
 */
public record StorageBound(long blockRamBits, long flipFlops) {

    /** The bits held by the memories that {@code top} and its instances write (ROMs can become logic, so are left out). */
    public static long writtenMemoryBits(ModuleDef top) {
        long bits = 0;
        for (Memory m : top.memories) {
            if (!m.writePorts.isEmpty()) bits += (long) m.depth * m.width;
        }
        for (var i : top.instances) bits += writtenMemoryBits(i.child);
        return bits;
    }

    /** The one-line misfit of {@code name}, or null when its written memories fit this bound. */
    String misfit(String name, SynthTarget target, ModuleDef top) {
        long bits = writtenMemoryBits(top);
        if (bits <= blockRamBits + flipFlops) return null;
        return name + " does not fit the " + target.device + ": its written memories hold " + bits
                + " bits, more than the part's " + blockRamBits + " bits of block RAM and " + flipFlops
                + " flip-flops together";
    }
}
