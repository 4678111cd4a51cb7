package org.rapgen.hdl.lib;

/**
 * The keys of rapgen's module names, one meaning each. A module is named by its class and its parameters as
 * {@code Class_<key><value>_...} ({@code Fifo_w32_d1024}); every block in this project takes its keys from this table,
 * so {@code c} means counter bits in every module, never a chunk, a command or a count of counters. {@code
 * docs/blocks.md} lists the table, and a test holds the two and the generated modules to it.
 */
public enum NameKey {
    A("a", "address bits of a bus"),
    AS("as", "register stages of an engine's associative stage"),
    B("b", "branching factor of the RAP tree"),
    C("c", "counter bits"),
    CA("ca", "counter bits of an engine's associative stage"),
    CB("cb", "the event queue combines equal keys (1) or not (0)"),
    CI("ci", "counter bits of each tuple entering a block"),
    CMD("cmd", "bits of a command word"),
    D("d", "depth: words of a memory, queue or window"),
    DI("di", "depth of an engine's input queue"),
    DO("do", "depth of an engine's output queue"),
    DROP("drop", "the engine drops tuples when its output is full instead of stalling"),
    DUT("dut", "the module a timing harness wraps"),
    E("e", "the RAP error bound epsilon, in 2^-16 units"),
    F("f", "update rule of a read-modify-write memory"),
    G("g", "the gates in front of an engine, in the grammar's letters (docs/gates.md)"),
    H("h", "digest of parameters too long for a name (a program, a system)"),
    HELD("held", "the caller holds an operand stable, so the block keeps no copy"),
    HS("hs", "register stages of an engine's hash unit"),
    I("i", "index bits of a hashed table"),
    INC("inc", "bits of an increment"),
    IR("ir", "a register on the input of a queue"),
    K("k", "key bits"),
    L("l", "bits of a prefix length"),
    LS("ls", "comparator levels per register stage of a selector"),
    LSEED("lseed", "seed of an engine's LFSR"),
    LV("lv", "levels of the RAP tree"),
    M("m", "the RAP merge schedule's first merge point m0"),
    N("n", "entries: tree nodes, CAM rows, associative entries, arbiter requesters or counters in a bank"),
    O("o", "a register on the FIFO's output"),
    P("p", "payload bits carried beside a key"),
    PC("pc", "bits per piece of a split multiplication"),
    Q("q", "the RAP merge schedule's growth factor q"),
    QD("qd", "depth of an engine's event queue"),
    R("r", "sampling rate"),
    RR("rr", "a register on the memory's read port"),
    S("s", "register stages of a pipeline"),
    SEED("seed", "seed of the block's hash or LFSR; in a sampler engine, of its hash"),
    SPEC("spec", "the sampler composition in the grammar's letters (docs/sampler-engine.md)"),
    ST("st", "LFSR steps per advance"),
    TC("tc", "bits per chunk of a block-RAM TCAM"),
    TG("tg", "tag bits"),
    TH("th", "threshold bits"),
    TRIE("trie", "the RAP lookup is the block-RAM trie"),
    TS("ts", "register stages of an engine's counter table"),
    U("u", "every event weighs one"),
    W("w", "width: bits of a data word"),
    WA("wa", "bits of multiplication operand a"),
    WB("wb", "bits of multiplication operand b"),
    WF("wf", "events carry a weight field (1) or not (0)"),
    WT("wt", "bits of an event's weight");

    private final String key;
    private final String meaning;

    NameKey(String key, String meaning) {
        this.key = key;
        this.meaning = meaning;
    }

    public String key() {
        return key;
    }

    public String meaning() {
        return meaning;
    }

    /** The key as it appears in module names, so a NameKey passes straight to {@code Module}'s constructor. */
    @Override
    public String toString() {
        return key;
    }
}
