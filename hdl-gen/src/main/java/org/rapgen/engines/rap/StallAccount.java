package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * A controller's {@link StallCause} on every clock ({@code io_stall_cause}): a commit, or why none came. While the
 * pipeline refills after a pause, the pause is still to blame: {@code fill_cause} remembers it until the next commit.
 * Built in the caller's module.
 */
final class StallAccount {
    private final UInt fillCause = RegInit(code(StallCause.BUBBLE)).named("fill_cause");

    /** An event commits: a later empty clock is a bubble until something else pauses the pipeline. */
    void committed() {
        fillCause.connect(code(StallCause.BUBBLE));
    }

    /** A CSR request (snapshot, readout) pauses the pipeline. */
    void pausedForCsr() {
        fillCause.connect(code(StallCause.CSR));
    }

    /** The pipeline restarts after a structural change: a split's if {@code split}, else a batch's. */
    void resumed(Bool split) {
        fillCause.connect(Mux(split, code(StallCause.SPLIT), code(StallCause.MERGE)));
    }

    /**
     * The cause on this clock.
     *
     * @param running  in RUN and not stopping
     * @param starved  nothing in flight and no event waiting
     * @param stopping draining, undoing or resuming around a structural change (or the clock that stops for one)
     * @param splitReq that change includes a split
     */
    UInt cause(
            Bool commitFire, Bool running, Bool starved, Bool stopping, Bool splitReq, Bool splitting, Bool merging) {
        UInt cause = Wire(UInt(3)).named("cause");
        cause.connect(code(StallCause.CSR));
        when(commitFire, () -> cause.connect(code(StallCause.COMMIT)))
                .elsewhen(running, () -> cause.connect(Mux(starved, code(StallCause.STARVED), fillCause)))
                .elsewhen(stopping, () -> cause.connect(Mux(splitReq, code(StallCause.SPLIT), code(StallCause.MERGE))))
                .elsewhen(splitting, () -> cause.connect(code(StallCause.SPLIT)))
                .elsewhen(merging, () -> cause.connect(code(StallCause.MERGE)));
        return cause;
    }

    private static UInt code(StallCause cause) {
        return U(cause.code(), 3);
    }
}
