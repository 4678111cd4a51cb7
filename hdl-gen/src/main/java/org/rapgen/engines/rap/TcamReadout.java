package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The TCAM lookup's node readout (READ_ISSUE, READ_WAIT): the slot's count from the counter SRAM, its prefix from
 * {@link SlotPrefixes}, and from the node table whether it holds a node and its depth. Built in the caller's module.
 */
final class TcamReadout {
    private final NodeTable table;
    private final CsrRequests req;
    private final CounterPort cmd;
    /** Whether the slot holds a node, registered: nothing structural happens between READ_ISSUE and READ_WAIT. */
    private final Bool inUse;
    /**
     * Its depth, two clocks behind readout_slot with a register halfway: the N:1 select was among the iCE40's slowest
     * paths, first into node_len and then into its own register. readout_slot is written a clock before READ_ISSUE,
     * and READ_WAIT waits at least two clocks for the SRAM (checked in {@link #finish}).
     */
    private final UInt depth;

    TcamReadout(NodeTable table, CsrRequests req, CounterPort cmd) {
        this.table = table;
        this.req = req;
        this.cmd = cmd;
        inUse = RegNext(req.inRange.and(table.valid.bit(req.index))).named("readout_in_use");
        depth = PipelinedRead(table.depths(), req.index, "readout_depth");
    }

    /** READ_ISSUE: the count's READ. */
    void issue() {
        cmd.valid.connect(B(true));
        cmd.op.connect(U(ControllerIO.OP_READ, 2));
        cmd.addr.connect(req.index);
    }

    /** READ_WAIT, on the clock the READ's result arrives. A free slot reads 0 (its registers hold a former node's). */
    void finish(SlotPrefixes prefixes, UInt count) {
        Assert(
                inUse.not().or(depth.eq(table.depthOf(req.index))),
                "readout: the registered depth of slot %d is stale",
                req.index);
        req.readDone(inUse, depth, prefixes.read, count);
    }
}
