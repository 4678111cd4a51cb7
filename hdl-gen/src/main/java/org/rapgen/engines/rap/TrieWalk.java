package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.B;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.WT;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ValidIO;
import org.rapgen.hdl.Vec;

/**
 * The trie lookup (SPEC §5 stages 1-2 for thousands of nodes): the longest existing node that contains a key, found by
 * walking the tree from the root one level per pipeline stage, so a key enters on every clock.
 *
 * <p>The walk at a node of depth j picks the child of the key's digit j from the node's child word ({@link
 * ChildWord}); if there is one the walk goes on into it, otherwise it stops at this node, whose child count rides along
 * for the commit stage (a split needs the missing children). The root's word is a register of the controller's, read
 * by stage 0; every other level's is in a block RAM of its own (two levels to a true dual-port RAM), and takes four
 * stages: a&lt;j&gt; holds the slot chosen above, which is the RAM's address; p&lt;j&gt; the read; q&lt;j&gt; the word
 * in a plain register, which the ECP5 flow moves into the RAM's output register; c&lt;j&gt; the word's raw choice for
 * the key (the child slot of its digit, whether there is one, the node's child count), each bit of which comes from
 * one of the level's blocks, so it registers beside that block. The next stage, a&lt;j+1&gt; (or the result stage
 * s&lt;L&gt; after the last level), combines the choice with the place in a LUT a bit. So no clock holds more than one
 * route between the fabric and a level's blocks. Every level's RAM holds the whole child table, because any slot may
 * be a node of any depth; the controller writes all of them at once, and only while the walk holds, so a read never
 * meets a write. Each pair of levels has its own copies of the write and of the fix's node and word ({@link
 * PairCopies}).
 *
 * <p>A split need not empty the walk: the controller holds it ({@code holdNext}), writes the new words, and then fixes it
 * ({@code fixNext}) for {@link #FIX_CLOCKS} clocks. Only two kinds of event can be wrong after a split of node v: one that
 * walked into v and whose stage holds v's old word, and one that stopped at v, since v had no child of its digit,
 * which moves into that digit's new leaf (a split creates every missing child). An a stage holds no word yet (it reads
 * the new one when it moves); the first clock reads each q stage's node again, and the second lands that word in q and
 * reads each p stage's node, both through the level's one port. A c stage holds a choice made from v's old word, which
 * is either a child v already had, and a split keeps every child, or no child: then the leaf becomes its choice. An
 * event that stopped at v, or whose choice at v has no child, is found on the first clock and moves on the second.
 *
 * <p>The walk's control ({@code holdNext}, {@code fixNext}) comes a clock ahead of the clock it acts on, from a LUT of
 * the controller's flip-flops, and lands in flip-flops of the walk's own that drive the levels' RAM ports and the
 * stages' registers directly ({@link WalkControl}).
 *
 * <p>Latency 4L - 2 clocks (2 for L = 1), one key per clock, no backpressure: the commit stage always takes a result.
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
        /** Lands in every level's RAM a clock later; the walk must hold on both clocks. */
        public final ValidIO<WordWrite> write;
        /** The root's child word (slot 0 is not in the RAMs: stage 0 reads this register of the controller's). */
        public final UInt rootWord;
        /** Every event in the walk is thrown away on this clock edge (the controller replays them). */
        public final Bool flush = Input(Bool());
        /**
         * On the next clock every stage keeps its event: no key enters, no result leaves, no level RAM is read. Given a
         * clock ahead, so the walk's own flip-flops carry it to every level.
         */
        public final Bool holdNext = Input(Bool());
        /**
         * On the next clock, while held, for {@link #FIX_CLOCKS} clocks: a node was split and has the new word {@link
         * #fix}. Every stage reads its node's word again, and an event that stopped at the node moves into the new
         * leaf child of its digit.
         */
        public final Bool fixNext = Input(Bool());
        /** The split node and its new word, steady while the fix lasts. */
        public final WordWrite fix;

        IO(RapConfig c) {
            search = Flipped(Decoupled(new Search(c)));
            result = Output(Valid(new Found(c)));
            write = Input(Valid(new WordWrite(c)));
            fix = Input(new WordWrite(c));
            rootWord = Input(UInt(new ChildWord(c).width()));
        }
    }

    public final IO io;

    /** Clocks the {@code fix} lasts: the re-read of a q stage's word lands in the RAM's output register a clock later. */
    public static final int FIX_CLOCKS = 2;

    /**
     * Clocks from a key's acceptance to its result: stage 0 at the root, four stages (a, p, q, c) for each of the L - 1
     * levels below it that live in block RAM, and the result stage s&lt;L&gt;.
     */
    public static int latency(RapConfig c) {
        return c.levels() == 1 ? 2 : 4 * c.levels() - 2;
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

    /** One stage's registers: an event, and where its walk is. Stage 0's place is the root (constants). */
    private static final class Stage {
        Bool valid;
        UInt key;
        UInt weight;
        UInt slot;
        UInt depth;
        UInt kids;
        Bool done;
        /** A c stage's: the choice its node's word made, not yet combined with the place (else null). */
        Choice choice;
    }

    /** Where a walk is: the deepest node found so far, its depth and child count, and whether the walk stopped. */
    private record Place(UInt slot, UInt depth, UInt kids, Bool done) {}

    /** A node's word read for a key: the child of the key's digit (0: none), whether it is present, and the count. */
    private record Choice(UInt child, Bool present, UInt count) {}

    private final RapConfig c;
    private final ChildWord cw;
    private Bool advance;
    private Bool keep;
    private Bool fixing;
    private Bool fixFirst;
    private Bool fixSecond;
    /** The split node and its new word, for the stages being built: their level pair's copies. */
    private UInt fixSlot;

    private UInt fixWord;

    public TrieWalk(RapConfig c) {
        super(K, c.keyBits(), B, c.branching(), N, c.nodes(), WT, c.weightBits());
        this.c = c;
        io = IO(new IO(c));
        cw = new ChildWord(c);
        int levels = c.levels();
        io.search.ready.connect(B(true));

        // Every control decision reaches its loads from a flip-flop of the walk's own, with no logic between: each
        // drives a few hundred loads across the part (every level's RAM enables and address multiplexers, every
        // stage's registers). Their inputs come a clock ahead, and differ from each other and from the controller's
        // copy (walk_moves), so synthesis keeps them apart. A held walk keeps every register; a flush empties it even
        // then.
        Bool held = RegNext(io.holdNext, B(true)).named("held");
        advance = held.not();
        keep = io.flush.not();
        fixing = RegNext(io.fixNext, B(false)).named("fixing");
        // The fix's two clocks: the first reads each q stage's node, the second each p stage's, into the same port.
        Bool fixFirstNext = io.fixNext.and(fixing.not());
        fixFirst = RegNext(fixFirstNext, B(false)).named("fix_first");
        fixSecond = RegNext(io.fixNext.and(fixing), B(false)).named("fix_second");
        Bool readEnable = RegNext(io.holdNext.not().or(io.fixNext), B(false)).named("read_enable");
        // The q registers (the RAMs' output registers) load as the walk moves, and on the fix's second clock.
        Bool wordEnable =
                RegNext(io.holdNext.not().or(io.fixNext.and(fixing)), B(false)).named("word_enable");
        Assert(io.search.valid.and(held).not(), "a key entered a held walk");
        Assert(fixing.and(held.not()).not(), "a fix while the walk moves");
        Assert(fixing.and(RegNext(fixSecond, B(false))).not(), "a fix longer than FIX_CLOCKS");
        Assert(RegNext(fixFirst, B(false)).and(fixing.not()).not(), "a fix shorter than FIX_CLOCKS");
        // The write lands a clock after the controller's, from registers here (PairCopies): its slot comes from
        // block-RAM data in the controller (the free stack), too far across the part to reach every level's address
        // in one clock. A write never meets a read: the controller holds the walk on that clock too, and fixes it
        // only afterwards.
        Bool writeValid = RegNext(io.write.valid, B(false)).named("write_valid");
        when(writeValid, () -> Assert(held.and(fixing.not()), "a child word written while the walk moves"));

        // Stage 0: every walk starts at the root, whose word is the controller's register.
        Stage s0 = new Stage();
        s0.valid = RegEnable(io.search.valid.and(keep), B(false), advance.or(io.flush))
                .named("s0_valid");
        s0.key = RegEnable(io.search.bits.key, advance).named("s0_key");
        s0.weight = RegEnable(io.search.bits.weight, advance).named("s0_weight");
        s0.slot = U(0, c.slotBits());
        s0.depth = U(0, c.depthBits());
        s0.kids = U(0, c.childCountBits());
        s0.done = B(false);
        PairCopies pair = new PairCopies(c, io, 1, levels, fixing);
        fixSlot = pair.fixSlot;
        fixWord = pair.fixWord;
        Stage at = s0;
        Place chosen = combine(0, "s0", s0, choose(0, "s0", s0, io.rootWord));
        LevelWords shared = null;
        for (int j = 1; j < levels; j++) {
            // Level j in four stages, so that no clock holds more than one route between the fabric and the level's
            // blocks, which spread across the part: a<j> takes the child slot chosen above (the RAM's address, from a
            // register), p<j> the read (its address registered inside the RAM), q<j> the word in a plain register
            // (on the ECP5 the RAM's own output register), c<j> the word's raw choice, each bit beside its block; the
            // next level's a register then combines it with the place, across the part.
            if (j % 2 == 1 && j > 1) {
                pair = new PairCopies(c, io, j, levels, fixing);
                fixSlot = pair.fixSlot;
                fixWord = pair.fixWord;
            }
            Stage a = next("a" + j, at, chosen);
            Stage p = next("p" + j, a, null);
            Stage q = next("q" + j, p, null);
            // The port reads for an event moving into p<j>; on a fix it reads q<j>'s node, then p<j>'s. Only the
            // first port of a pair takes the writes, through its own address, since a write never meets a read.
            // The fix's address is a flip-flop of the level's own, set a clock ahead: the stages hold, and move only on
            // the fix's second clock, so their slots then are those of the clock before.
            UInt fixAddress = RegNext(Mux(fixFirstNext, q.slot, p.slot)).named("level" + j + "_fix_address");
            when(fixing, () -> Assert(fixAddress.eq(Mux(fixFirst, q.slot, p.slot)), "a level's fix address is stale"));
            UInt address;
            if (j % 2 == 1) {
                String ram = j + 1 < levels ? "levels" + j + "_" + (j + 1) + "_words" : "level" + j + "_words";
                LevelWords words = new LevelWords(c, ram);
                address = Mux(writeValid, pair.writeSlot, Mux(fixing, fixAddress, a.slot))
                        .named("level" + j + "_address");
                words.write(writeValid, address, pair.writeWord);
                shared = words;
            } else {
                address = Mux(fixing, fixAddress, a.slot).named("level" + j + "_address");
            }
            // Nothing but these registers reads the data, so the ECP5 flow moves them into the blocks (OCE: the clock
            // enable).
            UInt word = shared.read(address, readEnable, wordEnable, "q" + j + "_word");
            // c<j> takes the word's raw choice beside the level's blocks; the next stage combines it with the place.
            at = next("c" + j, q, null, choose(j, "q" + j, q, word));
            chosen = combine(j, "c" + j, at, at.choice);
        }
        // The last level's choice is the result; the commit stage takes it from these registers.
        Stage last = next("s" + levels, at, chosen);
        io.result.valid.connect(last.valid.and(advance));
        io.result.bits.slot.connect(last.slot);
        io.result.bits.depth.connect(last.depth);
        io.result.bits.children.connect(last.kids);
        io.result.bits.weight.connect(last.weight);
        io.result.bits.key.connect(last.key);
    }

    /**
     * What the word of the node of depth j says of the key in {@code st}: the child slot of its digit j, whether there is
     * one, and the node's child count. Each bit comes from one of the level's blocks ({@link ChildWord}), so a c stage
     * registers it beside that block.
     */
    private Choice choose(int j, String name, Stage st, UInt word) {
        int keyBits = c.keyBits();
        int k = c.bitsPerLevel();
        UInt digit = st.key.bits(keyBits - 1 - j * k, keyBits - (j + 1) * k);
        return new Choice(
                cw.entry(word, digit).named(name + "_child"),
                cw.present(word).bit(digit).named(name + "_present"),
                cw.count(word).named(name + "_count"));
    }

    /**
     * Where the walk of the event in {@code st}, at depth j or stopped above, goes with {@code choice}: into the child
     * of its digit j if there is one, else it stops there with the node's child count (a split needs the number of
     * missing children); an event that stopped above keeps what it has.
     */
    private Place combine(int j, String name, Stage st, Choice choice) {
        int countBits = c.childCountBits();
        Bool descend = st.done.not().and(choice.present()).named(name + "_descend");
        return new Place(
                Mux(descend, choice.child(), st.slot),
                Mux(descend, U(j + 1, c.depthBits()), st.depth),
                // A node found here has this word's children; one found below has none known yet (0 at depth L).
                Mux(st.done, st.kids, Mux(descend, U(0, countBits), choice.count())),
                st.done.or(descend.not()));
    }

    /**
     * The stage after {@code from}, which takes its event on every clock the walk advances, with the place {@code
     * to} (null: where it is). Each stage keeps the whole key, since an event that stopped may still move down a level:
     * on a fix, one that stopped at the split node moves into the new leaf of its digit (a split creates every missing
     * child, and the leaf has none, so the walk stops there).
     */
    private Stage next(String s, Stage from, Place to) {
        return next(s, from, to, null);
    }

    /**
     * The same, for a c stage when {@code choice} is not null: it also registers that raw choice. Its event walked to
     * the node of depth j, unless it stopped above, and stops there if the choice has no child; so on a fix it moves
     * when it stopped at the split node or would stop there, and then the choice becomes the new leaf.
     */
    private Stage next(String s, Stage from, Place to, Choice choice) {
        Stage st = new Stage();
        st.valid =
                RegEnable(from.valid.and(keep), B(false), advance.or(io.flush)).named(s + "_valid");
        st.key = RegEnable(from.key, advance).named(s + "_key");
        st.weight = RegEnable(from.weight, advance).named(s + "_weight");
        UInt slot = Reg(UInt(c.slotBits())).named(s + "_slot");
        UInt depth = Reg(UInt(c.depthBits())).named(s + "_depth");
        UInt kids = Reg(UInt(c.childCountBits())).named(s + "_children");
        Bool done = Reg(Bool()).named(s + "_done");
        UInt child = choice == null ? null : Reg(UInt(c.slotBits())).named(s + "_child");
        Bool present = choice == null ? null : Reg(Bool()).named(s + "_present");
        UInt count = choice == null ? null : Reg(UInt(c.childCountBits())).named(s + "_count");
        // The fix's first clock registers whether the event stopped at the split node, and its digit below that
        // depth; the second moves it into that leaf. So the select of the key's digit by depth and the leaf's slot
        // are a clock apart. (A stopped event needs no word of its own, so the second clock's reads do not care.)
        Bool stoppedAtSplit = Reg(Bool()).named(s + "_stopped_at_split");
        UInt digitBelow = Reg(UInt(c.bitsPerLevel())).named(s + "_digit_below");
        UInt digit = digitAt(c, st.key, depth);
        Bool stops = choice == null ? done : done.or(present.not());
        when(fixFirst, () -> {
            stoppedAtSplit.connect(stops.and(slot.eq(fixSlot)));
            digitBelow.connect(digit);
        });
        Bool moved = fixSecond.and(stoppedAtSplit).named(s + "_moved");
        UInt leaf = cw.entry(fixWord, digitBelow).named(s + "_leaf");
        when(advance, () -> {
                    slot.connect(to == null ? from.slot : to.slot());
                    depth.connect(to == null ? from.depth : to.depth());
                    kids.connect(to == null ? from.kids : to.kids());
                    done.connect(to == null ? from.done : to.done());
                    if (choice != null) {
                        child.connect(choice.child());
                        present.connect(choice.present());
                        count.connect(choice.count());
                    }
                })
                .elsewhen(moved, () -> {
                    if (choice == null) {
                        moveDown(slot, depth, kids, leaf);
                        return;
                    }
                    // Stopped above at the split node: it moves as in any stage; stopping here: the leaf is its choice.
                    when(done, () -> moveDown(slot, depth, kids, leaf)).otherwise(() -> {
                        child.connect(leaf);
                        present.connect(B(true));
                    });
                });
        st.slot = slot;
        st.depth = depth;
        st.kids = kids;
        st.done = done;
        if (choice != null) st.choice = new Choice(child, present, count);
        return st;
    }

    /** A stopped event moves into the split node's new leaf, which has no children. */
    private void moveDown(UInt slot, UInt depth, UInt kids, UInt leaf) {
        slot.connect(leaf);
        depth.connect(depth.add(U(1, c.depthBits())));
        kids.connect(U(0, c.childCountBits()));
    }
}
