package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * One pair of the trie walk's levels' child table ({@link TrieWalk}): N child words, as one RAM a slice of the word
 * ({@link ChildWord#slices}), each b bits wide, so that each is one block (a {@code 4096x4} DP16KD on the ECP5 for N =
 * 4096, b = 4) that holds bit i of every child, or the flags. A single RAM of the whole word is built by Yosys from
 * blocks of its own choice of width and depth: {@code 2048x9} blocks two deep for N = 4096, whose slices cut across the
 * bit groups and whose halves meet in a multiplexer, so a bit of the walk's choice would gather several blocks again.
 * Each level reads through its own port into a register a slice, which the ECP5 flow moves into the block's output
 * register. Built in the walk's module.
 */
final class LevelWords {
    private final List<SyncReadMem<UInt>> slices = new ArrayList<>();
    private final int sliceBits;

    /** @param name the pair's RAM name, as {@code levels1_2_words} */
    LevelWords(RapConfig c, String name) {
        ChildWord cw = new ChildWord(c);
        sliceBits = c.branching();
        for (int i = 0; i < cw.slices(); i++) {
            // Verilog name: the pair's RAM name and the slice's bit (bit<i> of every child, or the present flags).
            SyncReadMem<UInt> slice = SyncReadMem(c.nodes(), UInt(sliceBits))
                    .named(name + "_" + cw.sliceName(i))
                    .attribute("no_rw_check");
            slices.add(slice);
        }
    }

    /** On this clock edge {@code word} is written at {@code address} (call inside the write's condition). */
    void write(UInt address, UInt word) {
        for (int i = 0; i < slices.size(); i++)
            slices.get(i).write(address, word.bits((i + 1) * sliceBits - 1, i * sliceBits));
    }

    /**
     * The word at {@code address}, read on a clock with {@code enable} into registers that load with {@code load}
     * (named {@code name_<slice>}): nothing else reads a slice's data, so each register can move into its block.
     */
    UInt read(UInt address, Bool enable, Bool load, String name, ChildWord cw) {
        List<UInt> words = new ArrayList<>();
        for (int i = 0; i < slices.size(); i++) {
            // Verilog name: the level's word register and the slice it holds.
            UInt part = RegEnable(slices.get(i).read(address, enable), load).named(name + "_" + cw.sliceName(i));
            words.add(part);
        }
        return CatLsbFirst(words);
    }
}
