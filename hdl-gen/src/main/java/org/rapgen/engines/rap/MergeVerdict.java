package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * The verdict on one merge parent, apart from the walk that reads its counts. The walk hands a parent over as soon as
 * it has issued the READs of the parent's count and of its leaf children's, and goes on to the next parent of the
 * level while those results are still on their way through the command register and the SRAM. So the SRAM's latency
 * and the registered verdict cost a clock per parent only at the end of a level, not at every parent.
 *
 * <p>The READ results come back in issue order, and a parent's READs are all issued before the next parent's, so one
 * accumulator serves every parent: the hand-over comes with the parent's last READ, an end marker rides a clock
 * longer than that READ's result, and where it arrives the sum is final. The verdict (sum below T, sum above the counter)
 * is registered from it, so {@link #act} comes a clock later, as MERGE_WAIT's did. One parent waits at a time; a
 * hand-over is allowed in the clock the previous one acts ({@link #canHandOff}). Built in the caller's module.
 */
final class MergeVerdict {
    /** The READ results since the last parent's end. */
    private final UInt acc;

    private final Bool busy = RegInit(B(false)).named("verdict_busy");
    private final Bool verdictHandOver = WireDefault(Bool(), B(false)).named("verdict_hand_over");
    /** The handed-over parent's slot, its leaf children (a slot vector and their number) and its children after a merge. */
    final UInt parent;

    final UInt leaves;
    final UInt leafCount;
    final UInt remaining;
    /** The parent's merge sum, from {@link #act}. */
    final UInt sum;
    /** On this clock the verdict is known: {@link #merges} and {@link #clips} describe the handed-over parent. */
    final Bool act;

    final Bool merges;
    final Bool clips;
    /** The verdict writes the merged count on this clock: the walk must leave the command port alone. */
    final Bool usesPort;
    /** A parent may be handed over on this clock. */
    final Bool canHandOff;
    /** No handed-over parent awaits its verdict: the node table is final for the next level. */
    final Bool idle;

    /**
     * @param notThreshold  ~T, unchanged during the walk
     * @param readResult    a READ result of the walk arrives on this clock, with {@code readValue}
     * @param resultLatency clocks from a command to its result
     */
    MergeVerdict(RapConfig c, UInt notThreshold, Bool readResult, UInt readValue, int resultLatency) {
        int sumBits = c.mergeSumBits();
        int cb = c.counterBits();
        int slotBits = c.slotBits();
        acc = RegInit(U(0, sumBits)).named("merge_sum");
        sum = Reg(UInt(sumBits)).named("verdict_sum");
        parent = Reg(UInt(slotBits)).named("verdict_parent");
        leaves = Reg(UInt(c.nodes())).named("verdict_leaves");
        leafCount = Reg(UInt(c.childCountBits())).named("verdict_leaf_count");
        remaining = Reg(UInt(c.childCountBits())).named("verdict_remaining");
        Bool end = ShiftRegister(verdictHandOver, resultLatency + 1, B(false), "verdict_end");
        when(end, () -> {
                    sum.connect(acc);
                    acc.connect(U(0, sumBits));
                })
                .elsewhen(readResult, () -> acc.connect(acc.add(readValue.pad(sumBits))));
        act = RegNext(end, B(false)).named("verdict_act");
        // The sum is below T exactly when it is not at least T.
        Bool below = SplitCompare.atLeastComplement(acc, notThreshold).not();
        merges = RegNext(below).named("merge_verdict");
        // Above 2^C - 1 exactly when a bit above the counter's width is set.
        clips = sumBits > cb ? RegNext(acc.bits(sumBits - 1, cb).orR()).named("clip_verdict") : B(false);
        // Both are registered from their inputs rather than gated after act, merges and busy: the walk's take and
        // hand-over wait for them, and they then start at a flip-flop each.
        usesPort = RegNext(end.and(below), B(false)).named("verdict_set");
        // One rule for busy, read by verdict_free too: a hand-over sets it, a verdict clears it.
        Bool busyNext = verdictHandOver.or(busy.and(act.not()));
        busy.connect(busyNext);
        canHandOff = RegNext(busyNext.not().or(end), B(true)).named("verdict_free");
        idle = busy.not();
        when(end, () -> Assert(readResult.not(), "a merge READ result arrived with the last parent's end marker"));
        when(
                verdictHandOver,
                () -> Assert(canHandOff, "a merge parent handed over while the last one awaits its verdict"));
        Assert(
                usesPort.eq(act.and(merges)).and(canHandOff.eq(busy.not().or(act))),
                "verdict_set or verdict_free disagrees with the verdict registers");
    }

    /** The register that holds the sum a clock before {@link #act}: {@link MergeSkip} compares it, registered. */
    UInt sumAhead() {
        return acc;
    }

    /**
     * On this clock edge the walk hands over a parent whose last READ is issued on this clock: its slot, its leaf
     * children, their number, and its child count now.
     */
    void handOff(UInt parentSlot, UInt leafVector, UInt leafNumber, UInt children) {
        verdictHandOver.connect(B(true));
        parent.connect(parentSlot);
        leaves.connect(leafVector);
        leafCount.connect(leafNumber);
        remaining.connect(children.sub(leafNumber));
    }
}
