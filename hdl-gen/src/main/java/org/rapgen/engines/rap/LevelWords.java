package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * One pair of the trie walk's levels' child table ({@link TrieWalk}): N child words, as RAMs of whole slices of the
 * word ({@link ChildWord#slices}), each slice b bits wide, as many to a RAM as one block holds. At N = 4096, b = 4 a
 * slice is one block by itself (a {@code 4096x4} DP16KD on the ECP5) that holds bit i of every child, or the flags.
 * A single RAM of the whole word is built by Yosys from blocks of its own choice of width and depth ({@code 2048x9}
 * blocks two deep at N = 4096), whose slices cut across the bit groups and whose halves meet in a multiplexer, so a
 * bit of the walk's choice would gather several blocks again. A small table (N·b·slices within a block) stays one RAM,
 * which costs no more blocks than the word needs. Each level reads through its own port into a register a RAM, which
 * the ECP5 flow moves into the blocks' output registers. Built in the walk's module.
 */
final class LevelWords {
    /** A block's data bits: ECP5 DP16KD and Xilinx RAMB18 (without parity). */
    static final int BLOCK_BITS = 16384;

    private final List<SyncReadMem<UInt>> rams = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final List<Integer> lows = new ArrayList<>();
    private final List<Integer> highs = new ArrayList<>();

    /** @param name the pair's RAM name, as {@code levels1_2_words} */
    LevelWords(RapConfig c, String name) {
        ChildWord cw = new ChildWord(c);
        int sliceBits = c.branching();
        int perRam = Math.max(1, BLOCK_BITS / (c.nodes() * sliceBits));
        for (int first = 0; first < cw.slices(); first += perRam) {
            int last = Math.min(first + perRam, cw.slices()) - 1;
            String part = perRam >= cw.slices() ? "" : perRam == 1 ? "_" + cw.sliceName(first) : "_part" + names.size();
            names.add(part);
            lows.add(first * sliceBits);
            highs.add((last + 1) * sliceBits - 1);
            // Verilog name: the pair's RAM name and the slices it holds (bit<i> of every child, or the present flags).
            SyncReadMem<UInt> slices = SyncReadMem(c.nodes(), UInt((last - first + 1) * sliceBits))
                    .named(name + part)
                    .attribute("no_rw_check");
            rams.add(slices);
        }
    }

    /** On this clock edge, if {@code enable}, {@code word} is written at {@code address}. */
    void write(Bool enable, UInt address, UInt word) {
        when(enable, () -> {
            for (int i = 0; i < rams.size(); i++) rams.get(i).write(address, word.bits(highs.get(i), lows.get(i)));
        });
    }

    /**
     * The word at {@code address}, read on a clock with {@code enable} into registers that load with {@code load}
     * (named {@code name} and the part): nothing else reads a RAM's data, so each register can move into its blocks.
     */
    UInt read(UInt address, Bool enable, Bool load, String name) {
        List<UInt> words = new ArrayList<>();
        for (int i = 0; i < rams.size(); i++) {
            // Verilog name: the level's word register and the slices it holds.
            UInt part = RegEnable(rams.get(i).read(address, enable), load).named(name + names.get(i));
            words.add(part);
        }
        return CatLsbFirst(words);
    }
}
