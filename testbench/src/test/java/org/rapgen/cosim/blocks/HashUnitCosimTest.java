package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.engines.sampler.HashUnit;
import org.rapgen.golden.sampler.SamplerHash;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.Vec;

/**
 * HashUnit against the golden {@link SamplerHash}: K = 32 and 64, index widths 0..64 (including wider than K), tag
 * widths 0..64, two seeds, every lane with its own ready/valid source and random backpressure, cycle by cycle
 * against a one-register-stage contract (ready = empty or leaving; results in order; held while stalled).
 */
@Cosim(HashUnitCosimTest.BankProvider.class)
class HashUnitCosimTest {
    static final long SEED_A = 0x9E3779B9L;
    static final long SEED_B = 0x2545F491L;

    record Lane(int keyBits, int indexBits, int tagBits, long seed, int payloadBits) {}

    static final Lane[] LANES = {
        new Lane(32, 11, 2, SEED_A, 8), new Lane(32, 0, 0, SEED_B, 0), new Lane(32, 7, 32, SEED_B, 8),
                new Lane(32, 40, 5, SEED_A, 3),
        new Lane(64, 13, 5, SEED_A, 8), new Lane(64, 24, 2, SEED_B, 8), new Lane(64, 64, 64, SEED_A, 1),
                new Lane(64, 1, 3, SEED_B, 8),
    };

    /** One HashUnit per lane behind 64-bit-wide ports. */
    static final class Bank extends Module {
        static final class IOB extends Bundle {
            final Vec<DecoupledIO<HashUnit.Tuple>> in =
                    Flipped(Vec(LANES.length, Decoupled(new HashUnit.Tuple(64, 8))));
            final Vec<DecoupledIO<HashUnit.Hashed>> out =
                    Vec(LANES.length, Decoupled(new HashUnit.Hashed(64, 64, 64, 8)));
        }

        final IOB io = IO(new IOB());

        Bank() {
            for (int i = 0; i < LANES.length; i++) {
                Lane l = LANES[i];
                HashUnit h = Module(new HashUnit(l.keyBits, l.indexBits, l.tagBits, l.seed, l.payloadBits));
                DecoupledIO<HashUnit.Tuple> in = io.in.get(i);
                DecoupledIO<HashUnit.Hashed> out = io.out.get(i);
                h.io.in.valid.connect(in.valid);
                in.ready.connect(h.io.in.ready);
                h.io.in.bits.pc.connect(in.bits.pc.bits(l.keyBits - 1, 0));
                h.io.in.bits.w.connect(in.bits.w.bits(l.keyBits - 1, 0));
                h.io.in.bits.payload.connect(in.bits.payload.bits(Math.max(l.payloadBits, 1) - 1, 0));
                out.valid.connect(h.io.out.valid);
                h.io.out.ready.connect(out.ready);
                out.bits.pc.connect(h.io.out.bits.pc);
                out.bits.w.connect(h.io.out.bits.w);
                out.bits.payload.connect(h.io.out.bits.payload);
                out.bits.index.connect(h.io.out.bits.index);
                out.bits.tag.connect(h.io.out.bits.tag);
            }
        }
    }

    static final class BankProvider extends DslProvider {
        BankProvider() {
            super(Bank::new);
        }
    }

    /** Expected outputs of one lane: a single register that fills on acceptance and empties when taken. */
    private static final class LaneModel {
        final Lane lane;
        final SamplerHash hash;
        final long keyMask;
        boolean full;
        long pc, w, payload, index, tag;
        // the lane's source: holds a tuple until accepted
        boolean pending;
        long inPc, inW, inPayload;
        double pValid, pReady;
        int accepted, stalls;

        LaneModel(Lane lane) {
            this.lane = lane;
            this.hash = new SamplerHash(lane.keyBits, (int) lane.seed);
            this.keyMask = lane.keyBits == 64 ? -1L : (1L << lane.keyBits) - 1;
        }

        void offer(Random rnd) {
            if (pending || rnd.nextDouble() >= pValid) return;
            pending = true;
            // Mostly random words; sometimes pc == w, single-byte differences or repeats, which a folding slip would
            // expose.
            inPc = rnd.nextLong() & keyMask;
            inW = switch (rnd.nextInt(6)) {
                case 0 -> inPc;
                case 1 -> inPc ^ (0xffL << (8 * rnd.nextInt(lane.keyBits / 8)));
                default -> rnd.nextLong() & keyMask;
            };
            inPayload = rnd.nextLong() & ((1L << Math.max(lane.payloadBits, 1)) - 1);
        }

        void clock(boolean ready) {
            boolean inReady = !full || ready;
            if (full && ready) full = false;
            if (pending && inReady) {
                full = true;
                pc = inPc;
                w = inW;
                payload = inPayload;
                index = hash.index(inPc, inW, lane.indexBits);
                tag = hash.tag(inPc, inW, lane.tagBits);
                pending = false;
                accepted++;
            }
        }
    }

    @Test
    void everyLaneMatchesSamplerHash(Sim sim) {
        sim.reset(2);
        Random rnd = new Random(17);
        LaneModel[] m = new LaneModel[LANES.length];
        for (int i = 0; i < LANES.length; i++) m[i] = new LaneModel(LANES[i]);
        int cycles = 20_000;
        for (int c = 0; c < cycles; c++) {
            boolean[] ready = new boolean[LANES.length];
            for (int i = 0; i < LANES.length; i++) {
                LaneModel l = m[i];
                if (c % 500 == 0) {
                    l.pValid = new double[] {1, 0.5, 0.9, 0.2}[rnd.nextInt(4)];
                    l.pReady = new double[] {1, 0.5, 0.1, 0.9, 0}[rnd.nextInt(5)];
                }
                l.offer(rnd);
                ready[i] = rnd.nextDouble() < l.pReady;
                String p = "io_in_" + i + "_";
                sim.poke(p + "valid", l.pending ? 1 : 0);
                sim.poke(p + "bits_pc", l.inPc);
                sim.poke(p + "bits_w", l.inW);
                sim.poke(p + "bits_payload", l.inPayload);
                sim.poke("io_out_" + i + "_ready", ready[i] ? 1 : 0);
            }
            for (int i = 0; i < LANES.length; i++) {
                LaneModel l = m[i];
                int cyc = c, lane = i;
                Supplier<String> where = () -> "lane " + lane + " " + LANES[lane] + ", cycle " + cyc + ", holding pc=0x"
                        + Long.toHexString(l.pc) + " w=0x" + Long.toHexString(l.w);
                String o = "io_out_" + i + "_";
                assertEquals(
                        !l.full || ready[i] ? 1 : 0,
                        sim.peek("io_in_" + i + "_ready"),
                        () -> "in ready, " + where.get());
                assertEquals(l.full ? 1 : 0, sim.peek(o + "valid"), () -> "out valid, " + where.get());
                if (l.full) {
                    assertEquals(l.index, sim.peek(o + "bits_index"), () -> "index, " + where.get());
                    assertEquals(l.tag, sim.peek(o + "bits_tag"), () -> "tag, " + where.get());
                    assertEquals(l.pc, sim.peek(o + "bits_pc"), () -> "pc, " + where.get());
                    assertEquals(l.w, sim.peek(o + "bits_w"), () -> "w, " + where.get());
                    assertEquals(l.payload, sim.peek(o + "bits_payload"), () -> "payload, " + where.get());
                    if (!ready[i]) l.stalls++;
                }
                l.clock(ready[i]);
            }
            sim.step();
        }
        for (int i = 0; i < LANES.length; i++) {
            assertTrue(
                    m[i].accepted > 2000 && m[i].stalls > 500,
                    "lane " + i + ": " + m[i].accepted + " tuples, " + m[i].stalls + " stalled cycles");
        }
    }
}
