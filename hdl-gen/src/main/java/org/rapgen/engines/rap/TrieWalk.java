package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.B;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.WT;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ValidIO;

/**
 * The trie lookup (SPEC §5 stages 1-2 for thousands of nodes): the longest existing node that contains a key, found by
 * walking the tree from the root one level per pipeline stage, so a key enters on every clock.
 *
 * <p>Stage j holds an event whose walk has reached a node of depth j (or stopped above it) and that node's child word
 * ({@link ChildWord}): the root's from a register, every other level's from a block RAM of its own, read a clock
 * earlier with the slot stage j-1 chose (two levels to a true dual-port RAM). The stage picks the child of the key's digit j; if there is one the walk goes
 * on into it, otherwise it stops at this node, whose child count rides along for the commit stage (a split needs the
 * missing children). Every level's RAM holds the whole child table, because any slot may be a node of any depth; the
 * controller writes all of them at once, and only while no event is in the walk, so a read never meets a write.
 *
 * <p>Latency L + 1 clocks, one key per clock, no backpressure: the commit stage always takes a result.
 */
public final class TrieWalk extends Module {
    public static final class Search extends Bundle {
        public final UInt key;
        public final UInt weight;

        Search(RapConfig c) {
            key = UInt(c.keyBits());
            weight = UInt(c.weightBits());
        }
    }

    /** The deepest node containing the key. */
    public static final class Found extends Bundle {
        public final UInt slot;
        public final UInt depth;
        /** Its children, 0..b. */
        public final UInt children;

        public final UInt weight;

        Found(RapConfig c) {
            slot = UInt(c.slotBits());
            depth = UInt(c.depthBits());
            children = UInt(c.childCountBits());
            weight = UInt(c.weightBits());
        }
    }

    /** A node's child word, written into every level's RAM. */
    public static final class WordWrite extends Bundle {
        public final UInt slot;
        public final UInt word;

        WordWrite(RapConfig c) {
            slot = UInt(c.slotBits());
            word = UInt(new ChildWord(c).width());
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<Search> search;
        public final ValidIO<Found> result;
        public final ValidIO<WordWrite> write;
        /** The root's child word (slot 0 is not in the RAMs: stage 0 reads this register of the controller's). */
        public final UInt rootWord;
        /** Every event in the walk is thrown away on this clock edge (the controller replays them). */
        public final Bool flush = Input(Bool());

        IO(RapConfig c) {
            search = Flipped(Decoupled(new Search(c)));
            result = Output(Valid(new Found(c)));
            write = Input(Valid(new WordWrite(c)));
            rootWord = Input(UInt(new ChildWord(c).width()));
        }
    }

    public final IO io;

    /** Clocks from a key's acceptance to its result. */
    public static int latency(RapConfig c) {
        return c.levels() + 1;
    }

    public TrieWalk(RapConfig c) {
        super(K, c.keyBits(), B, c.branching(), N, c.nodes(), WT, c.weightBits());
        io = IO(new IO(c));
        ChildWord cw = new ChildWord(c);
        int levels = c.levels();
        int k = c.bitsPerLevel();
        int depthBits = c.depthBits();
        int countBits = c.childCountBits();
        io.search.ready.connect(B(true));

        // Stage 0: every walk starts at the root. A stage keeps only the key digits still to be walked.
        Bool keep = io.flush.not();
        Bool valid = RegNext(io.search.valid.and(keep), B(false)).named("s0_valid");
        // Verilog name: each stage has its copy of the key digits still to walk, s<j>_key.
        UInt rest = RegNext(io.search.bits.key).named("s0_key");
        UInt weight = RegNext(io.search.bits.weight).named("s0_weight");
        UInt slot = U(0, c.slotBits());
        UInt depth = U(0, depthBits);
        Bool done = B(false);
        UInt kids = U(0, countBits);
        UInt word = io.rootWord;
        List<Bool> stageValid = new ArrayList<>();
        SyncReadMem<UInt> shared = null;
        for (int j = 0; j < levels; j++) {
            stageValid.add(valid);
            int restBits = rest.getWidth();
            UInt digit = rest.bits(restBits - 1, restBits - k);
            UInt child = cw.entry(word, digit).named("s" + j + "_child");
            Bool descend = done.not().and(child.orR()).named("s" + j + "_descend");
            UInt nextSlot = Mux(descend, child, slot);
            UInt nextDepth = Mux(descend, U(j + 1, depthBits), depth);
            // A node found here has this word's children; one found below has none known yet (0 at depth L).
            UInt nextKids = Mux(done, kids, Mux(descend, U(0, countBits), cw.count(word)));
            Bool nextDone = done.or(descend.not());
            String s = "s" + (j + 1);
            if (j + 1 < levels) {
                // Levels j+1 and j+2 share a RAM, one port each (a true dual-port block RAM); the first port also takes
                // the writes, through its own address, since a write never meets a walk (asserted below). Read only for
                // an event in the stage.
                if ((j + 1) % 2 == 1) {
                    String name = j + 2 < levels
                            ? "levels" + (j + 1) + "_" + (j + 2) + "_words"
                            : "level" + (j + 1) + "_words";
                    SyncReadMem<UInt> pair =
                            SyncReadMem(c.nodes(), UInt(cw.width())).named(name).attribute("no_rw_check");
                    UInt address =
                            Mux(io.write.valid, io.write.bits.slot, child).named("level" + (j + 1) + "_address");
                    when(io.write.valid, () -> pair.write(address, io.write.bits.word));
                    word = pair.read(address, valid);
                    shared = pair;
                } else {
                    word = shared.read(child, valid);
                }
                rest = RegNext(rest.bits(restBits - k - 1, 0)).named(s + "_key");
            }
            valid = RegNext(valid.and(keep), B(false)).named(s + "_valid");
            weight = RegNext(weight).named(s + "_weight");
            slot = RegNext(nextSlot).named(s + "_slot");
            depth = RegNext(nextDepth).named(s + "_depth");
            kids = RegNext(nextKids).named(s + "_children");
            done = RegNext(nextDone).named(s + "_done");
        }
        io.result.valid.connect(valid);
        io.result.bits.slot.connect(slot);
        io.result.bits.depth.connect(depth);
        io.result.bits.children.connect(kids);
        io.result.bits.weight.connect(weight);

        Bool walking = io.search.valid;
        for (Bool v : stageValid) walking = walking.or(v);
        Bool busy = walking;
        when(io.write.valid, () -> Assert(busy.not(), "a child word written while a key enters or walks the tables"));
    }
}
