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
import org.rapgen.hdl.Vec;

/**
 * The trie lookup (SPEC §5 stages 1-2 for thousands of nodes): the longest existing node that contains a key, found by
 * walking the tree from the root one level per pipeline stage, so a key enters on every clock.
 *
 * <p>Stage j holds an event whose walk has reached a node of depth j (or stopped above it) and that node's child word
 * ({@link ChildWord}): the root's from a register, every other level's from a block RAM of its own, read a clock
 * earlier with the slot stage j-1 chose (two levels to a true dual-port RAM). The stage picks the child of the key's digit j; if there is one the walk goes
 * on into it, otherwise it stops at this node, whose child count rides along for the commit stage (a split needs the
 * missing children). Every level's RAM holds the whole child table, because any slot may be a node of any depth; the
 * controller writes all of them at once, and only while no event moves in the walk, so a read never meets a write.
 *
 * <p>A split need not empty the walk: the controller holds it ({@code hold}), writes the new words, and then fixes it
 * ({@code fix}) for one clock. Only two kinds of event can be wrong after a split of node v: one whose stage holds v's
 * old word, which every stage's read of its own node's word replaces; and one that stopped at v, since v had no child of
 * its digit, which moves into that digit's new leaf (a split creates every missing child).
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
        /** The event's key: a split in place moves an event by its digit below the node. */
        public final UInt key;

        Found(RapConfig c) {
            slot = UInt(c.slotBits());
            depth = UInt(c.depthBits());
            children = UInt(c.childCountBits());
            weight = UInt(c.weightBits());
            key = UInt(c.keyBits());
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
        /** Every stage keeps its event: no key enters, no result leaves, no level RAM is read. */
        public final Bool hold = Input(Bool());
        /**
         * While held: a node was split and has this new word. Every stage reads its node's word again, and an event
         * that stopped at the node moves into the new leaf child of its digit.
         */
        public final ValidIO<WordWrite> fix;

        IO(RapConfig c) {
            search = Flipped(Decoupled(new Search(c)));
            result = Output(Valid(new Found(c)));
            write = Input(Valid(new WordWrite(c)));
            fix = Input(Valid(new WordWrite(c)));
            rootWord = Input(UInt(new ChildWord(c).width()));
        }
    }

    public final IO io;

    /** Clocks from a key's acceptance to its result. */
    public static int latency(RapConfig c) {
        return c.levels() + 1;
    }

    /** The key's digit at a depth: which child of a node of that depth holds the key (a select by depth). */
    static UInt digitAt(RapConfig c, UInt key, UInt depth) {
        int keyBits = c.keyBits();
        int k = c.bitsPerLevel();
        int indexBits = log2Up(c.levels());
        if (c.levels() == 1) return key.bits(keyBits - 1, keyBits - k);
        Vec<UInt> digits = Wire(Vec(1 << indexBits, UInt(k)));
        for (int d = 0; d < digits.size(); d++)
            digits.get(d).connect(d < c.levels() ? key.bits(keyBits - 1 - d * k, keyBits - (d + 1) * k) : U(0, k));
        return digits.read(depth.bits(indexBits - 1, 0));
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

        // Stage 0: every walk starts at the root. A stage keeps the whole key, since an event that stopped may still
        // move down a level at a split in place (below). A held walk
        // keeps every register; a flush empties it even then.
        Bool advance = io.hold.not().named("advance");
        Bool keep = io.flush.not();
        Bool fixing = io.fix.valid;
        Assert(io.search.valid.and(io.hold).not(), "a key entered a held walk");
        Assert(fixing.and(io.hold.not()).not(), "a fix while the walk moves");
        Bool valid = RegEnable(io.search.valid.and(keep), B(false), advance.or(io.flush))
                .named("s0_valid");
        // Verilog name: each stage has its copy of the key, s<j>_key.
        UInt key = RegEnable(io.search.bits.key, advance).named("s0_key");
        UInt weight = RegEnable(io.search.bits.weight, advance).named("s0_weight");
        UInt slot = U(0, c.slotBits());
        UInt depth = U(0, depthBits);
        Bool done = B(false);
        UInt kids = U(0, countBits);
        UInt word = io.rootWord;
        List<Bool> stageValid = new ArrayList<>();
        SyncReadMem<UInt> shared = null;
        for (int j = 0; j < levels; j++) {
            stageValid.add(valid);
            int keyBits = c.keyBits();
            UInt digit = key.bits(keyBits - 1 - j * k, keyBits - (j + 1) * k);
            UInt child = cw.entry(word, digit).named("s" + j + "_child");
            Bool descend = done.not().and(child.orR()).named("s" + j + "_descend");
            UInt nextSlot = Mux(descend, child, slot);
            UInt nextDepth = Mux(descend, U(j + 1, depthBits), depth);
            // A node found here has this word's children; one found below has none known yet (0 at depth L).
            UInt nextKids = Mux(done, kids, Mux(descend, U(0, countBits), cw.count(word)));
            Bool nextDone = done.or(descend.not());
            String s = "s" + (j + 1);
            // Stage j+1's registers, declared before its word's read: a fix reads the word of the stage's own node.
            UInt stageSlot = Reg(UInt(c.slotBits())).named(s + "_slot");
            UInt stageDepth = Reg(UInt(depthBits)).named(s + "_depth");
            UInt stageKids = Reg(UInt(countBits)).named(s + "_children");
            Bool stageDone = Reg(Bool()).named(s + "_done");
            Bool stageValidNext =
                    RegEnable(valid.and(keep), B(false), advance.or(io.flush)).named(s + "_valid");
            if (j + 1 < levels) {
                // Levels j+1 and j+2 share a RAM, one port each (a true dual-port block RAM); the first port also takes
                // the writes, through its own address, since a write never meets a moving walk (asserted below). Read
                // for an event entering the stage, or on a fix for the event in it.
                Bool reread = fixing.and(stageValidNext);
                Bool readEnable = valid.and(advance).or(reread);
                UInt held = Mux(io.write.valid, io.write.bits.slot, stageSlot);
                UInt address = Mux(io.write.valid.or(fixing), held, child);
                if ((j + 1) % 2 == 1) {
                    String name = j + 2 < levels
                            ? "levels" + (j + 1) + "_" + (j + 2) + "_words"
                            : "level" + (j + 1) + "_words";
                    SyncReadMem<UInt> pair =
                            SyncReadMem(c.nodes(), UInt(cw.width())).named(name).attribute("no_rw_check");
                    address = address.named("level" + (j + 1) + "_address");
                    UInt writeAddress = address;
                    when(io.write.valid, () -> pair.write(writeAddress, io.write.bits.word));
                    word = pair.read(address, readEnable);
                    shared = pair;
                } else {
                    word = shared.read(address.named("level" + (j + 1) + "_address"), readEnable);
                }
            }
            // A fix moves an event that stopped at the split node into the new leaf of its digit.
            Bool moved =
                    fixing.and(stageDone).and(stageSlot.eq(io.fix.bits.slot)).named(s + "_moved");
            key = RegEnable(key, advance).named(s + "_key");
            UInt leaf = cw.entry(io.fix.bits.word, digitAt(c, key, stageDepth)).named(s + "_leaf");
            when(advance, () -> {
                        stageSlot.connect(nextSlot);
                        stageDepth.connect(nextDepth);
                        stageKids.connect(nextKids);
                        stageDone.connect(nextDone);
                    })
                    .elsewhen(moved, () -> {
                        stageSlot.connect(leaf);
                        stageDepth.connect(stageDepth.add(U(1, depthBits)));
                        stageKids.connect(U(0, countBits));
                    });
            valid = stageValidNext;
            weight = RegEnable(weight, advance).named(s + "_weight");
            slot = stageSlot;
            depth = stageDepth;
            kids = stageKids;
            done = stageDone;
        }
        io.result.valid.connect(valid.and(advance));
        io.result.bits.slot.connect(slot);
        io.result.bits.depth.connect(depth);
        io.result.bits.children.connect(kids);
        io.result.bits.weight.connect(weight);
        io.result.bits.key.connect(key);

        Bool walking = io.search.valid;
        for (Bool v : stageValid) walking = walking.or(v);
        Bool moving = walking.and(advance);
        when(io.write.valid, () -> Assert(moving.not(), "a child word written while a key enters or walks the tables"));
    }
}
