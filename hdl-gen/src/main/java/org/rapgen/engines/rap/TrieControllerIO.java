package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ValidIO;

/**
 * The ports of {@link TrieController}: {@link ControllerIO}'s, with the trie walk in place of the TCAM and the
 * selector: the walk's result in, the child-word writes, the root's word and the flush out.
 */
public final class TrieControllerIO extends ControllerIO {
    public final ValidIO<TrieWalk.Found> found;
    /** A node's child word, for every level of the walk; only while the walk is empty or held. */
    public final ValidIO<TrieWalk.WordWrite> wordWrite;

    public final UInt rootWord;
    /** The walk throws its events away: they are younger than the one that stopped the pipeline. */
    public final Bool walkFlush = Output(Bool());
    /**
     * On the next clock the walk keeps its events: the pipeline stopped for a split in place, older events are redone
     * first, or a child word lands.
     */
    public final Bool walkHoldNext = Output(Bool());
    /** On the next clock the held walk corrects its events for a split in place ({@link #walkFix}). */
    public final Bool walkFixNext = Output(Bool());
    /** The node split in place and its new word. */
    public final TrieWalk.WordWrite walkFix;

    TrieControllerIO(RapConfig c) {
        super(c);
        found = Flipped(Valid(new TrieWalk.Found(c)));
        wordWrite = Output(Valid(new TrieWalk.WordWrite(c)));
        rootWord = Output(UInt(new ChildWord(c).width()));
        walkFix = Output(new TrieWalk.WordWrite(c));
    }
}
