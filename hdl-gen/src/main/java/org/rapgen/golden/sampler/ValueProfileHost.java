package org.rapgen.golden.sampler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The main processor's side of Zilles and Sohi's value profiling (HPCA 2001, §4 and the appendix; docs/slot-table.md,
 * "Host loop"): software that sits in front of a slot table {@code Z_k} and handles its interrupts. Per trace tuple:
 * <ol>
 *   <li>A masked pc (the paper's per-instruction bit table) does not reach the table, nor does a pc outside the current
 *       partition: {@link PcFilter} with mask {@code 2^depth - 1} and match {@code match}, over the same hashed pc as
 *       the hardware filter {@code F[mask,match]}.
 *   <li>A FAILED interrupt: the records are copied into each pc's {@link PcValueEstimate}; each pc copied is masked
 *       once characterized ({@link HostPolicy}); the host steps to the next partition.
 *   <li>A THRASH interrupt: the records, of low information, are read but not copied; the current partition is split
 *       4 ways if the table saw fewer than {@code fastThrash * thrash} samples since the last interrupt, else 2
 *       ways (up to {@code maxDepth}); the host stays in the first part, the current match value.
 *   <li>No interrupt for {@code idleTuples} trace tuples: the host reads the table out itself (the END readout, a
 *       clean slate), copies the records as for FAILED and steps on.
 * </ol>
 * Stepping is {@code match = (match + 1) mod 2^depth}: every class of the hashed pc in turn. After {@code 2^depth}
 * steps without a THRASH the partition is coarsened a level ({@code depth - 1}), since masking shrinks the working set
 * that made the host split it. At the end of the trace the table is read out and its records copied.
 */
public final class ValueProfileHost {
    /** Why the table was read out. */
    public enum Reason {
        /** The failed-replacement counter's interrupt. */
        FAILED,
        /** The replacement counter's interrupt. */
        THRASH,
        /** The host's own readout after {@code idleTuples} tuples without an interrupt. */
        IDLE,
        /** The end of the trace. */
        END
    }

    /** One readout: at which trace tuple, why, and how many records it carried. */
    public record Readout(long at, Reason reason, int messages) {}

    private final HostPolicy policy;
    private final int thrash;
    private final SamplerHash hash;
    private final Sampler table;
    private final List<SlotRecord> pending = new ArrayList<>();
    private final Set<Long> masked = new HashSet<>();
    private final Map<Long, PcValueEstimate> estimates = new LinkedHashMap<>();
    private final List<Readout> readouts = new ArrayList<>();

    private PcFilter partition;
    private int depth;
    private long match;
    private long stepsWithoutThrash;
    private long tuples;
    private long lastReadout;
    private long samplesSinceReadout;
    private long messages;
    private long copied;

    /** A host for the slot table {@code spec} (a {@code Z...} spec, gates allowed in front). */
    public ValueProfileHost(SamplerSpec spec, SamplerConfig cfg, HostPolicy policy) {
        if (spec.first != SamplerSpec.First.SLOTS)
            throw new IllegalArgumentException("the host loop drives a slot table Z_k, not " + spec.canonical());
        if (policy.maxDepth() > cfg.keyBits())
            throw new IllegalArgumentException("maxDepth " + policy.maxDepth() + " exceeds key bits " + cfg.keyBits());
        this.policy = policy;
        this.thrash = spec.slots.thrash();
        this.hash = new SamplerHash(cfg.keyBits(), cfg.hashSeed());
        this.table = spec.build(cfg, (pc, w, count) -> pending.add(SlotRecord.of(pc, w, count)));
        this.partition = new PcFilter(0, 0, hash);
    }

    /** One tuple of the trace (a load's pc and its value or address). */
    public void push(long pc, long w) {
        tuples++;
        if (!masked.contains(pc) && partition.pass(pc, w)) {
            samplesSinceReadout++;
            table.push(pc, w);
            // One tuple raises at most one interrupt, and every record it reads out carries its cause.
            if (!pending.isEmpty())
                interrupt(pending.get(0).cause() == SlotRecord.Cause.THRASH ? Reason.THRASH : Reason.FAILED);
        }
        if (tuples - lastReadout >= policy.idleTuples()) {
            table.finish();
            interrupt(Reason.IDLE);
        }
    }

    /**
     * The weighted RMS error of this host's per-pc invariance estimates against the exact profile
     * ({@link TopValueError}), a pc never reported counting as invariance 0.
     */
    public double error(Profile exact) {
        return TopValueError.weightedRms(exact, pc -> {
            PcValueEstimate e = estimate(pc);
            return e == null ? 0 : e.invariance();
        });
    }

    /** The end of the trace: the table is read out and its records copied. */
    public void finish() {
        table.finish();
        readout(Reason.END);
        copy();
    }

    private void interrupt(Reason reason) {
        long seen = samplesSinceReadout;
        readout(reason);
        if (reason == Reason.THRASH) {
            pending.clear();
            int levels = seen < (long) policy.fastThrash() * thrash ? 2 : 1; // 4 ways or 2
            depth = Math.min(depth + levels, policy.maxDepth());
            stepsWithoutThrash = 0;
        } else {
            copy();
            step();
        }
        partition = new PcFilter((1L << depth) - 1, match, hash);
    }

    private void readout(Reason reason) {
        readouts.add(new Readout(tuples, reason, pending.size()));
        messages += pending.size();
        lastReadout = tuples;
        samplesSinceReadout = 0;
    }

    /** Copies the pending records into the estimates and masks each pc copied that is characterized. */
    private void copy() {
        for (SlotRecord r : pending)
            estimates.computeIfAbsent(r.pc(), PcValueEstimate::new).add(r);
        copied += pending.size();
        for (SlotRecord r : pending) {
            if (characterized(estimates.get(r.pc()))) masked.add(r.pc());
        }
        pending.clear();
    }

    private boolean characterized(PcValueEstimate e) {
        if (e.profiles() >= policy.maxProfiles()) return true;
        if (e.samples() < policy.minSamples()) return false;
        double inv = e.invariance();
        return inv >= policy.high() || inv <= policy.low();
    }

    private void step() {
        long classes = 1L << depth;
        match = (match + 1) % classes;
        if (++stepsWithoutThrash >= classes && depth > 0) {
            depth--;
            match &= (1L << depth) - 1;
            stepsWithoutThrash = 0;
        }
    }

    /** Whether the host has masked pc (it no longer reaches the table). */
    public boolean masked(long pc) {
        return masked.contains(pc);
    }

    /** The pcs masked so far. */
    public int maskedPcs() {
        return masked.size();
    }

    /** What the host has learned, per pc copied, in the order pcs were first copied. */
    public Collection<PcValueEstimate> estimates() {
        return estimates.values();
    }

    /** The estimate of pc, or null if no record of it was copied. */
    public PcValueEstimate estimate(long pc) {
        return estimates.get(pc);
    }

    /** Trace tuples pushed. */
    public long tuples() {
        return tuples;
    }

    /** Interrupts and host readouts during the trace (FAILED, THRASH and IDLE), not the end's readout. */
    public long interrupts() {
        return readouts.stream().filter(r -> r.reason() != Reason.END).count();
    }

    /** Readouts for one reason. */
    public long readouts(Reason reason) {
        return readouts.stream().filter(r -> r.reason() == reason).count();
    }

    /** Records the table read out, copied or not: the messages that crossed to the host. */
    public long messages() {
        return messages;
    }

    /** Records copied into the estimates (every message except a THRASH interrupt's). */
    public long copied() {
        return copied;
    }

    /** Every readout in trace order. */
    public List<Readout> readoutLog() {
        return List.copyOf(readouts);
    }

    /** The current partition: depth (the mask is {@code 2^depth - 1}) and match value. */
    public int depth() {
        return depth;
    }

    public long match() {
        return match;
    }

    /**
     * Messages per part of the trace cut into {@code parts} equal parts: element i counts the records read out while
     * the tuples of part i were pushed (the end's readout falls in the last part).
     */
    public long[] messagesPerPart(int parts) {
        if (parts < 1) throw new IllegalArgumentException("parts must be >= 1");
        long[] out = new long[parts];
        for (Readout r : readouts)
            out[tuples == 0 ? 0 : (int) (Math.max(0, r.at() - 1) * parts / tuples)] += r.messages();
        return out;
    }
}
