package org.rapgen.golden.sampler;

/** One output message {@code <pc, w, count>}. Written as {@code <hex pc> <hex w> <decimal count>} (SPEC &sect;8). */
public record Message(long pc, long w, long count) {
    @Override
    public String toString() {
        return Long.toHexString(pc) + " " + Long.toHexString(w) + " " + count;
    }
}
