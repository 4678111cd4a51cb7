package org.rapgen.cosim.sampler;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.rapgen.cosim.ModelPort;
import org.rapgen.cosim.Sim;
import org.rapgen.engines.sampler.SamplerEngine;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.sampler.MessageList;

/**
 * The testbench around one sampler engine in a Verilated model (ports {@code <prefix>s_axis_*}, {@code m_axis_*},
 * {@code status_*}): an AXI4-Stream producer of {@link Tuples} and a consumer of messages, each following its
 * {@link Traffic}. Per cycle, {@link #drive()} pokes this cycle's inputs and {@link #sample()} reads the outputs before
 * the clock edge and records the transfers. It also checks the AXI4-Stream rule on the output (a message offered
 * and not taken stays, unchanged) and counts the stalls it sees, to compare with the engine's own counters.
 */
public final class SamplerLane {
    private static final String[] COUNTERS = {
        "tuplesIn", "messagesOut", "inStalls", "outStalls", "droppedTuples", "droppedMessages"
    };

    private final Sim sim;
    private final String prefix;
    private final int keyBits;
    private final int countBits;
    private final int levelAt;
    private final Tuples in;
    private final Random offerRnd;
    private final Random readyRnd;
    private final Traffic traffic;
    private final ModelPort sValid, sReady, sData, sLast, mValid, mReady, mData, idle, clearing;
    private final MessageList out = new MessageList();

    private int next;
    private boolean offering;
    private boolean ready; // as poked this cycle (both start at 0, poked so in the constructor)
    private boolean validPoked;
    private long[] waiting; // the message offered and not taken last cycle
    private boolean done;
    private boolean cleared;
    private long firstAccept = -1;
    private long lastAccept = -1;
    private long inStalls;
    private long outStalls;

    public SamplerLane(Sim sim, String prefix, int keyBits, Tuples in, Traffic traffic) {
        this(sim, prefix, keyBits, -1, in, traffic);
    }

    /** A lane for an engine with these parameters: a value hotlist's messages carry their level above the count. */
    public SamplerLane(Sim sim, String prefix, SamplerParams p, Tuples in, Traffic traffic) {
        this(sim, prefix, p.keyBits(), p.hotlist() ? 8 * (SamplerEngine.countBytes(p) - 1) : -1, in, traffic);
    }

    /** @param levelAt where a hotlist message's 8-bit level starts above the count field's bit 0, or -1 */
    private SamplerLane(Sim sim, String prefix, int keyBits, int levelAt, Tuples in, Traffic traffic) {
        this.sim = sim;
        this.levelAt = levelAt;
        this.prefix = prefix;
        this.keyBits = keyBits;
        this.in = in;
        this.traffic = traffic;
        this.offerRnd = new Random(traffic.seed());
        this.readyRnd = new Random(traffic.seed() * 31 + 7);
        sValid = sim.port(prefix + "s_axis_tvalid");
        sReady = sim.port(prefix + "s_axis_tready");
        sData = sim.port(prefix + "s_axis_tdata");
        sLast = sim.port(prefix + "s_axis_tlast");
        mValid = sim.port(prefix + "m_axis_tvalid");
        mReady = sim.port(prefix + "m_axis_tready");
        mData = sim.port(prefix + "m_axis_tdata");
        idle = sim.port(prefix + "status_idle");
        clearing = sim.port(prefix + "status_clearing");
        if (sData.width() != 2 * keyBits)
            throw new IllegalArgumentException(
                    sData.name() + " is " + sData.width() + " bits, expected 2K = " + 2 * keyBits);
        this.countBits = levelAt >= 0 ? levelAt : Math.min(64, mData.width() - 2 * keyBits);
        sim.poke(sValid, 0);
        sim.poke(mReady, 0);
    }

    /** Pokes this cycle's inputs. */
    public void drive() {
        if (!offering
                && next < in.size()
                && (cleared || !traffic.afterClear())
                && offerRnd.nextInt(100) < traffic.offerPercent()) {
            offering = true;
            long[] words = new long[sData.words()];
            Bitfields.put(words, 0, keyBits, in.pc()[next]);
            Bitfields.put(words, keyBits, keyBits, in.w()[next]);
            sim.pokeWords(sData.id(), words);
            sim.poke(sLast, in.last()[next] ? 1 : 0);
        }
        if (offering != validPoked) sim.poke(sValid, offering ? 1 : 0);
        validPoked = offering;
        boolean r = readyRnd.nextInt(100) < traffic.readyPercent();
        if (r != ready) sim.poke(mReady, r ? 1 : 0);
        ready = r;
    }

    /** Reads the outputs before the clock edge and records this cycle's transfers. */
    public void sample() {
        long cycle = sim.cycle();
        if (offering) {
            if (sim.peek(sReady) != 0) {
                if (firstAccept < 0) firstAccept = cycle;
                lastAccept = cycle;
                next++;
                offering = false;
            } else {
                inStalls++;
            }
        }
        if (sim.peek(mValid) != 0) {
            long[] data = sim.peekWords(mData.id());
            if (waiting != null && !Arrays.equals(waiting, data)) {
                throw new AssertionError(prefix + " cycle " + cycle + ": m_axis_tdata changed while tvalid && !tready");
            }
            if (ready) {
                out.message(
                        Bitfields.get(data, 0, keyBits),
                        Bitfields.get(data, keyBits, keyBits),
                        Bitfields.get(data, 2 * keyBits, countBits),
                        levelAt < 0 ? -1 : (int) Bitfields.get(data, 2 * keyBits + levelAt, 8));
                waiting = null;
            } else {
                outStalls++;
                waiting = data;
            }
        } else if (waiting != null) {
            throw new AssertionError(
                    prefix + " cycle " + cycle + ": m_axis_tvalid dropped before the message was taken");
        }
        if (!cleared) cleared = sim.peek(clearing) == 0;
        // the status is read before the edge, so a tuple taken on this clock is not in it yet: done only a clock later
        done = next == in.size() && lastAccept < cycle && !offering && waiting == null && sim.peek(idle) != 0;
    }

    /** Every tuple was accepted and the engine is idle (all messages delivered). */
    public boolean done() {
        return done;
    }

    /** Tuples accepted so far. */
    public int accepted() {
        return next;
    }

    public MessageList messages() {
        return out;
    }

    /** Tuples per clock from the first accepted tuple to the last (1.0 = one every cycle). */
    public double tuplesPerClock() {
        return next == 0 ? 0 : (double) next / (lastAccept - firstAccept + 1);
    }

    /** Cycles the producer offered a tuple and the engine did not take it, as seen here. */
    public long inStallsSeen() {
        return inStalls;
    }

    public long outStallsSeen() {
        return outStalls;
    }

    /** The engine's status counters, read now. */
    public Map<String, Long> status() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String c : COUNTERS) m.put(c, sim.peek(prefix + "status_" + c));
        return m;
    }

    public String name() {
        return prefix;
    }

    /** The status counters as read when the run ended. */
    public Map<String, Long> finalStatus() {
        return finalStatus;
    }

    void captureStatus() {
        finalStatus = status();
    }

    private Map<String, Long> finalStatus;
}
