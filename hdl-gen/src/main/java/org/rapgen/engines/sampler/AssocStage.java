package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * {@code A_k}, the lossless second-level table of paper &sect;3.4 (docs/golden-sampler.md "A_k"): k fully associative
 * registers {valid, pc, w, count}, one incoming message per clock, at most one outgoing message per incoming one.
 * With {@code MAX = 2^countBits - 1}, for a message (pc, w, c):
 * <pre>
 * c &gt; MAX                   pass it through
 * hit entry e              e.count + c &gt; MAX ? (emit (pc, w, e.count); e.count = c) : e.count += c
 * miss, an entry is free   the lowest-numbered free entry := (pc, w, c)
 * miss, table full         emit entry[victim]; entry[victim] := (pc, w, c); victim = (victim + 1) mod k
 * </pre>
 * An emission with {@code last} set (end of frame) drains the table afterwards: entries 0..k-1 in order, valid ones
 * emitted, one entry per clock, then {@code victim} returns to 0. No input is taken while draining, nor while the
 * output is not ready.
 */
public final class AssocStage extends Module {
    public static final class IO extends Bundle {
        public final DecoupledIO<Emission> in;
        public final DecoupledIO<Msg> out;
        public final Bool draining = Output(Bool());

        IO(int keyBits, int inCountBits, int outCountBits) {
            in = Flipped(Decoupled(new Emission(keyBits, inCountBits)));
            out = Decoupled(new Msg(keyBits, outCountBits));
        }
    }

    public final IO io;

    public AssocStage(int k, int keyBits, int inCountBits, int countBits) {
        super("k", k, "kb", keyBits, "ci", inCountBits, "b", countBits);
        if (k < 1) throw new HdlException(SourceLoc.capture(), "A_k needs k >= 1, got " + k);
        if (countBits < 1 || countBits > 63) throw new HdlException(SourceLoc.capture(), "A_k count bits must be 1..63, got " + countBits);
        io = IO(new IO(keyBits, inCountBits, outCountBits(inCountBits, countBits)));
        int ib = log2Up(k);

        Vec<Bool> valid = RegInitAll(Vec(k, Bool()), 0).named("valid");
        Vec<UInt> pcs = Reg(Vec(k, UInt(keyBits))).named("pcs");
        Vec<UInt> ws = Reg(Vec(k, UInt(keyBits))).named("ws");
        Vec<UInt> cnts = Reg(Vec(k, UInt(countBits))).named("cnts");
        UInt victim = RegInit(U(0, ib)).named("victim");
        Bool draining = RegInit(B(false)).named("draining_r");
        UInt ptr = RegInit(U(0, ib)).named("ptr");

        UInt p = io.in.bits.pc;
        UInt x = io.in.bits.w;
        UInt c = io.in.bits.count;
        // a count above MAX cannot be held: it passes through (only possible when the input count is wider)
        Bool over = inCountBits > countBits ? c.bits(inCountBits - 1, countBits).orR().named("over") : B(false);
        UInt held = inCountBits > countBits ? c.bits(countBits - 1, 0) : c;

        Bool[] match = new Bool[k];
        UInt[] masked = new UInt[k];
        Bool[] free = new Bool[k];
        for (int i = 0; i < k; i++) {
            match[i] = valid.get(i).and(pcs.get(i).eq(p)).and(ws.get(i).eq(x)).named("match_" + i);
            masked[i] = cnts.get(i).and(Fill(countBits, match[i]));
            free[i] = valid.get(i).not();
        }
        // at most one entry matches: an entry is only filled on a miss
        Bool hit = reduceOr(match).named("hit");
        UInt matches = Cat(java.util.Arrays.asList(match));
        when(io.in.valid, () -> Assert(matches.and(matches.sub(1)).eq(0), "A_k: entries %b all hold the incoming tuple", matches));
        UInt hitCount = reduceOr(masked).named("hit_count");
        UInt sum = hitCount.addExpand(held.pad(countBits)).named("sum");
        Bool sumOver = sum.bit(countBits).named("sum_over");
        Bool anyFree = reduceOr(free).named("any_free");
        UInt firstFree = U(k - 1L, ib);
        for (int i = k - 2; i >= 0; i--) firstFree = Mux(free[i], U(i, ib), firstFree);
        UInt slot = Mux(anyFree, firstFree, victim).named("slot");

        Bool isMsg = io.in.bits.msg;
        Bool evictVictim = hit.not().and(anyFree.not()).named("evict_victim");
        Bool needOut = isMsg.and(over.or(hit.and(sumOver)).or(evictVictim)).named("need_out");
        // A message is taken only when the output could take one too, whether or not this one emits: the ready then
        // does not wait for the match, sum and overflow (the A_k's long path); it costs a cycle only when the
        // consumer side is already full.
        Bool take = draining.not().and(io.out.ready).named("take");
        io.in.ready.connect(take);
        Bool fire = io.in.valid.and(take).named("fire");
        Bool store = fire.and(isMsg).and(over.not()).named("store");

        when(store, () -> {
            when(hit, () -> {
                for (int i = 0; i < k; i++) {
                    int e = i;
                    when(match[e], () -> cnts.get(e).connect(Mux(sumOver, held.pad(countBits), sum.bits(countBits - 1, 0))));
                }
            }).otherwise(() -> {
                valid.write(slot, B(true));
                pcs.write(slot, p);
                ws.write(slot, x);
                cnts.write(slot, held.pad(countBits));
                when(anyFree.not(), () -> victim.connect(next(victim, k)));
            });
        });
        when(fire.and(io.in.bits.last), () -> {
            draining.connect(B(true));
            ptr.connect(U(0, ib));
        });

        // drain: one entry per clock; a valid one waits for the consumer
        Bool drainValid = valid.read(ptr).named("drain_valid");
        when(draining.and(drainValid.not().or(io.out.ready)), () -> {
            valid.write(ptr, B(false));
            ptr.connect(next(ptr, k));
            when(ptr.eq(U(k - 1L, ib)), () -> {
                draining.connect(B(false));
                victim.connect(U(0, ib));
            });
        });

        // one read port serves the drain (ptr) and the eviction (victim): they never happen in the same cycle
        UInt at = k == 1 ? null : Mux(draining, ptr, victim);
        Bool stored = draining.or(evictVictim.and(over.not())).named("stored");
        UInt outPc = Mux(stored, entry(pcs, at), p);
        UInt outW = Mux(stored, entry(ws, at), x);
        UInt outCount = Mux(stored, entry(cnts, at).pad(inCountBits), Mux(over, c, hitCount.pad(inCountBits)));
        io.out.valid.connect(Mux(draining, drainValid, io.in.valid.and(needOut)));
        io.out.bits.pc.connect(outPc);
        io.out.bits.w.connect(outW);
        io.out.bits.count.connect(outCount);
        io.draining.connect(draining);
    }

    /** Width of an outgoing count: a pass-through keeps its width, a held count has {@code countBits}. */
    public static int outCountBits(int inCountBits, int countBits) {
        return Math.max(inCountBits, countBits);
    }

    @SafeVarargs
    private static <T extends org.rapgen.hdl.Bits> T reduceOr(T... xs) {
        T acc = xs[0];
        for (int i = 1; i < xs.length; i++) acc = or(acc, xs[i]);
        return acc;
    }

    @SuppressWarnings("unchecked")
    private static <T extends org.rapgen.hdl.Bits> T or(T a, T b) {
        return a instanceof Bool ba ? (T) ba.or((Bool) b) : (T) ((UInt) a).or((UInt) b);
    }

    /** {@code v[at]}; a one-entry table has nothing to select (and a dynamic read would leave {@code at} unused). */
    private static UInt entry(Vec<UInt> v, UInt at) {
        return at == null ? v.get(0) : v.read(at);
    }

    private static UInt next(UInt i, int k) {
        return Mux(i.eq(U(k - 1L, i.getWidth())), U(0, i.getWidth()), i.add(1));
    }
}
