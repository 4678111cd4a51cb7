package org.rapgen.hdl.lib;

import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;

/**
 * Elaboration-time parameter checks for library blocks. The error names the user's {@code new Block(...)} line, not
 * a line inside the block: that is the line to fix.
 */
final class ParamCheck {
    private ParamCheck() {}

    /** Requires {@code lo <= value <= hi}. */
    static void range(Class<?> block, String name, int value, int lo, int hi) {
        if (value < lo || value > hi) {
            throw new HdlException(
                    caller(block),
                    block.getSimpleName() + " " + name + " must be in " + lo + ".." + hi + ", got " + value);
        }
    }

    /** Requires {@code value >= lo}. */
    static void atLeast(Class<?> block, String name, int value, int lo) {
        if (value < lo)
            throw new HdlException(
                    caller(block), block.getSimpleName() + " " + name + " must be >= " + lo + ", got " + value);
    }

    /** The line that called into {@code block}: the one to fix. */
    static SourceLoc caller(Class<?> block) {
        return SourceLoc.callerOf(block);
    }
}
