package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.PhaseParams;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.lib.FirstSet;
import org.rapgen.hdl.lib.Lfsr;

/**
 * The phase gate's decision (docs/phase-gate.md), bit-exact with the golden {@code PhaseGate}, built in
 * {@link GateStage}'s module. Each tuple that reaches the gate adds one to its signature bucket. When a tuple ends an
 * interval the unit is {@code busy} (the gate stage takes no tuple) while it classifies the signature and asks the
 * phase table about the next interval: one signature-table entry a clock, through a four-clock pipeline (the word,
 * the bucket differences, their sums by eights, the sum) before it is compared with the best, then a clock for a
 * random pick where one is needed, so about {@code sigs + 10} clocks an interval. {@code sampling} is the
 * current interval's verdict.
 */
final class PhaseUnit {
    /** Bits of a phase ID: IDs count discovered phases and wrap at 2^16, in the golden model too. */
    static final int ID_BITS = 16;

    private enum Step {
        COUNT,
        SCAN,
        LAST,
        PICK_SIGNATURE,
        STORE,
        LOOKUP,
        PICK_PHASE,
        DECIDE
    }

    final Bool sampling;
    final Bool busy;

    /**
     * @param step a tuple reaches the gate on this clock
     * @param bucket that tuple's signature bucket
     */
    PhaseUnit(PhaseParams p, Bool step, UInt bucket, int lfsrSeed) {
        int len = p.len();
        int b = p.buckets();
        int countBits = log2Up(len + 1L);
        int s = p.signatures();
        int sigIndexBits = Math.max(log2Up(s), 1);
        int distanceBits = countBits + log2Up(b) + 1;
        long limit = (long) p.threshold() * len / 100;
        OneHotState<Step> at = new OneHotState<>("phase_step", Step.class, Step.COUNT);
        Lfsr lfsr = Module(new Lfsr(SampleStage.LFSR_BITS, SampleStage.STEPS, lfsrSeed & 0xffffffffL));
        Bool advance = WireDefault(Bool(), B(false)).named("phase_lfsr_advance");
        lfsr.io.advance.connect(advance);
        UInt pick16 = lfsr.io.state.bits(15, 0);

        // ---- the interval's signature
        UInt position = RegInit(U(0, Math.max(log2Up(len), 1))).named("phase_position");
        Vec<UInt> buckets = RegInitAll(Vec(b, UInt(countBits)), 0).named("phase_buckets");
        Bool ends = step.and(position.eq(len - 1)).named("phase_interval_ends");
        when(step, () -> {
            position.connect(Mux(position.eq(len - 1), U(0, position.getWidth()), position.add(1)));
            for (int i = 0; i < b; i++) {
                UInt c = buckets.get(i);
                when(bucket.eq(i), () -> c.connect(c.add(1)));
            }
        });
        UInt signature = WireDefault(UInt(b * countBits), CatLsbFirst(buckets.elements()))
                .named("phase_signature");

        // ---- the signature table, scanned as a pipeline. At tick i of the scan entry i is read; its word
        // (`entryWord`), its bucket differences (`diffs`), their sums by eights (`partial`) and their sum
        // (`distance`) are registered in the four clocks after, and the distance is compared with the best so far at
        // tick i + 4. The entry's index and whether it is one (`live`: not a drain tick past the last) move beside it.
        Mem<UInt> signatures = Mem(s, UInt(b * countBits)).named("phase_signatures");
        Vec<Bool> valid = RegInitAll(Vec(s, Bool()), 0).named("phase_signature_valid");
        Vec<UInt> ids = Reg(Vec(s, UInt(ID_BITS))).named("phase_signature_ids");
        UInt tick = RegInit(U(0, log2Up(s + 4L))).named("phase_tick");
        Bool live = at.is(Step.SCAN).and(tick.lt(s)).named("phase_live");
        UInt read = Mux(tick.lt(s), tick.bits(sigIndexBits - 1, 0), U(0, sigIndexBits))
                .named("phase_read");
        List<UInt> index = ShiftRegisters(read, 4, null, "phase_index");
        List<Bool> liveAt = ShiftRegisters(live, 4, B(false), "phase_live");
        UInt entryWord = RegNext(signatures.read(read)).named("phase_entry_word");
        List<UInt> absolute = new ArrayList<>();
        for (int i = 0; i < b; i++) {
            UInt x = buckets.get(i);
            UInt y = entryWord.bits((i + 1) * countBits - 1, i * countBits);
            absolute.add(Mux(x.ge(y), x.sub(y), y.sub(x)).pad(distanceBits));
        }
        List<UInt> diffs = new ArrayList<>();
        for (UInt d : absolute) diffs.add(RegNext(d));
        List<UInt> partial = new ArrayList<>();
        for (int g = 0; g < b; g += 8) partial.add(RegNext(sum(diffs.subList(g, Math.min(b, g + 8)), distanceBits)));
        UInt distance = RegNext(sum(partial, distanceBits)).named("phase_distance");
        UInt scanned = index.get(3);
        Bool distanceLive = liveAt.get(3);
        Bool bestFound = RegInit(B(false)).named("phase_best_found");
        UInt bestDistance = RegInit(U(0, distanceBits)).named("phase_best_distance");
        UInt bestEntry = RegInit(U(0, sigIndexBits)).named("phase_best_entry");
        UInt phase = RegInit(U(0, ID_BITS)).named("phase_id");
        UInt nextId = RegInit(U(0, ID_BITS)).named("phase_next_id");
        UInt target = RegInit(U(0, sigIndexBits)).named("phase_target");
        FirstSet invalid = new FirstSet(CatLsbFirst(notAll(valid.elements())), sigIndexBits);
        // compare the distance registered last clock (entry `scanned`) with the best so far
        Bool nearer = distanceLive
                .and(at(valid, scanned))
                .and(bestFound.not().or(distance.lt(bestDistance)))
                .named("phase_nearer");

        // ---- the phase table
        int pe = p.phases();
        int phaseIndexBits = Math.max(log2Up(pe), 1);
        int seenBits = log2Up(p.pick() + 1L);
        Vec<Bool> tableValid = RegInitAll(Vec(pe, Bool()), 0).named("phase_table_valid");
        Vec<UInt> tableIds = Reg(Vec(pe, UInt(ID_BITS))).named("phase_table_ids");
        Vec<UInt> tableSeen = Reg(Vec(pe, UInt(seenBits))).named("phase_table_seen");
        Vec<Bool> tableSampled = Reg(Vec(pe, Bool())).named("phase_table_sampled");
        List<Bool> hits = new ArrayList<>();
        for (int i = 0; i < pe; i++)
            hits.add(tableValid.get(i).and(tableIds.get(i).eq(phase)));
        FirstSet hit = new FirstSet(CatLsbFirst(hits), phaseIndexBits);
        FirstSet pFree = new FirstSet(CatLsbFirst(notAll(tableValid.elements())), phaseIndexBits);
        UInt slot = RegInit(U(0, phaseIndexBits)).named("phase_table_slot");
        Bool sample = RegInit(B(false)).named("phase_sample");

        at.on(
                        Step.COUNT,
                        () -> when(ends, () -> {
                            tick.connect(U(0, tick.getWidth()));
                            bestFound.connect(B(false));
                            at.go(Step.SCAN);
                        }))
                .on(Step.SCAN, () -> {
                    when(nearer, () -> {
                        bestFound.connect(B(true));
                        bestDistance.connect(distance);
                        bestEntry.connect(scanned);
                    });
                    tick.connect(tick.add(1));
                    // entry s - 1's distance is registered at the end of tick s + 2 and compared at tick s + 3
                    when(tick.eq(s + 3), () -> at.go(Step.LAST));
                })
                .on(Step.LAST, () -> {
                    when(bestFound.and(bestDistance.le(U(limit, distanceBits))), () -> {
                                phase.connect(at(ids, bestEntry));
                                at.go(Step.LOOKUP);
                            })
                            .elsewhen(invalid.found, () -> {
                                target.connect(invalid.index);
                                at.go(Step.STORE);
                            })
                            .otherwise(() -> {
                                advance.connect(B(true));
                                at.go(Step.PICK_SIGNATURE);
                            });
                })
                .on(Step.PICK_SIGNATURE, () -> {
                    target.connect(scaled(pick16, s, sigIndexBits));
                    at.go(Step.STORE);
                })
                .on(Step.STORE, () -> {
                    signatures.write(target, signature);
                    put(valid, target, B(true));
                    put(ids, target, nextId);
                    phase.connect(nextId);
                    nextId.connect(nextId.add(1));
                    at.go(Step.LOOKUP);
                })
                .on(Step.LOOKUP, () -> {
                    when(hit.found, () -> {
                                slot.connect(hit.index);
                                at.go(Step.DECIDE);
                            })
                            .elsewhen(pFree.found, () -> {
                                slot.connect(pFree.index);
                                fresh(tableValid, tableIds, tableSeen, tableSampled, pFree.index, phase, seenBits);
                                at.go(Step.DECIDE);
                            })
                            .otherwise(() -> {
                                advance.connect(B(true));
                                at.go(Step.PICK_PHASE);
                            });
                })
                .on(Step.PICK_PHASE, () -> {
                    UInt victim = scaled(pick16, pe, phaseIndexBits);
                    slot.connect(victim);
                    fresh(tableValid, tableIds, tableSeen, tableSampled, victim, phase, seenBits);
                    at.go(Step.DECIDE);
                })
                .on(Step.DECIDE, () -> {
                    UInt seen = at(tableSeen, slot);
                    UInt counted = Mux(seen.lt(p.pick()), seen.add(1), seen);
                    put(tableSeen, slot, counted);
                    Bool take = counted.eq(p.pick()).and(at(tableSampled, slot).not());
                    when(take, () -> put(tableSampled, slot, B(true)));
                    sample.connect(take);
                    for (int i = 0; i < b; i++) buckets.get(i).connect(U(0, countBits));
                    at.go(Step.COUNT);
                });
        sampling = sample;
        busy = at.is(Step.COUNT).not();
    }

    /** {@code v[i]}; a one-entry table has nothing to select. */
    private static <T extends org.rapgen.hdl.Data> T at(Vec<T> v, UInt i) {
        return v.size() == 1 ? v.get(0) : v.read(i);
    }

    /** {@code v[i] := x}; a one-entry table has nothing to select. */
    private static void put(Vec<? extends org.rapgen.hdl.Data> v, UInt i, org.rapgen.hdl.Data x) {
        if (v.size() == 1) v.get(0).connect(x);
        else v.write(i, x);
    }

    /** A phase-table entry := phase, seen 0, not sampled. */
    private static void fresh(
            Vec<Bool> valid, Vec<UInt> ids, Vec<UInt> seen, Vec<Bool> sampled, UInt at, UInt phase, int seenBits) {
        put(valid, at, B(true));
        put(ids, at, phase);
        seen.write(at, U(0, seenBits));
        sampled.write(at, B(false));
    }

    /** Random replacement's pick among {@code entries}: {@code (r * entries) >> 16}. */
    private static UInt scaled(UInt r16, int entries, int indexBits) {
        UInt product = r16.mul(U(entries, log2Up(entries + 1L) + 1));
        return product.shr(16).bits(indexBits - 1, 0);
    }

    private static List<Bool> notAll(List<Bool> bits) {
        List<Bool> out = new ArrayList<>();
        for (Bool x : bits) out.add(x.not());
        return out;
    }

    /** A balanced adder tree. */
    private static UInt sum(List<UInt> xs, int width) {
        List<UInt> layer = xs;
        while (layer.size() > 1) {
            List<UInt> next = new ArrayList<>();
            for (int i = 0; i + 1 < layer.size(); i += 2) next.add(layer.get(i).add(layer.get(i + 1)));
            if (layer.size() % 2 == 1) next.add(layer.get(layer.size() - 1));
            layer = next;
        }
        return layer.get(0).pad(width).bits(width - 1, 0);
    }
}
