package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ValidIO;

/**
 * The ports of {@link TrieController}: {@link ControllerIO}'s, with the trie walk in place of the TCAM and the
 * selector (the walk's result in, the child-word writes and the root's word out). The CSR-side ports have the same
 * names and meanings as {@link ControllerIO}'s, so the engine top wires both controllers alike ({@link RapEngine}).
 */
public final class TrieControllerIO extends Bundle {
    // --- the pipeline
    public final ValidIO<TrieWalk.Found> found;
    public final ReplayWindow.Head head;
    public final Bool headValid = Input(Bool());
    /** The replay window issued an event this cycle. */
    public final Bool issued = Input(Bool());
    public final Bool issueEnable = Output(Bool());
    public final Bool commit = Output(Bool());
    public final Bool rewind = Output(Bool());
    public final DecoupledIO<ControllerIO.CounterCmd> counterCmd;
    public final DecoupledIO<ControllerIO.CounterResult> counterResult;
    /** Soft reset, on this clock edge: the counter SRAM and the threshold unit clear. */
    public final Bool softClear = Output(Bool());
    public final Bool counterClearing = Input(Bool());
    /** A node's child word, for every level of the walk; only while the walk is empty. */
    public final ValidIO<TrieWalk.WordWrite> wordWrite;
    public final UInt rootWord;
    /** The walk throws its events away: they are younger than the one that stopped the pipeline. */
    public final Bool walkFlush = Output(Bool());

    // --- control from the CSRs (as ControllerIO)
    public final Bool enable = Input(Bool());
    public final Bool softReset = Input(Bool());
    public final Bool snapshot = Input(Bool());
    public final Bool readout = Input(Bool());
    public final UInt readoutSlot = Input(UInt(16));
    public final Bool inputsDrained = Input(Bool());
    public final UInt epsCsr = Input(UInt(16));
    public final UInt m0Csr = Input(UInt(64));
    public final Bool m0CsrZero = Input(Bool());
    public final UInt qCsr = Input(UInt(32));
    public final UInt epsActive = Output(UInt(16));
    public final Bool acceptEnable = Output(Bool());

    // --- status (as ControllerIO)
    public final ControllerIO.Status live;
    public final Bool snapFreeze = Output(Bool());
    public final Bool countersIdle = Input(Bool());
    public final Bool snapCopied = Input(Bool());
    public final UInt errorBound = Output(UInt(64));
    public final Bool errorBoundReady = Output(Bool());
    public final Bool snapBusy = Output(Bool());
    public final ControllerIO.NodeReadout node;
    public final Bool readoutBusy = Output(Bool());
    public final Bool busy = Output(Bool());
    public final Bool idle = Output(Bool());
    public final Bool resetting = Output(Bool());
    public final UInt stallCause = Output(UInt(3));

    TrieControllerIO(RapConfig c) {
        found = Flipped(Valid(new TrieWalk.Found(c)));
        head = Input(new ReplayWindow.Head(c));
        counterCmd = Decoupled(new ControllerIO.CounterCmd(c));
        counterResult = Flipped(Decoupled(new ControllerIO.CounterResult(c)));
        wordWrite = Output(Valid(new TrieWalk.WordWrite(c)));
        rootWord = Output(UInt(new ChildWord(c).width()));
        live = Output(new ControllerIO.Status(c));
        node = Output(new ControllerIO.NodeReadout(c));
    }
}
