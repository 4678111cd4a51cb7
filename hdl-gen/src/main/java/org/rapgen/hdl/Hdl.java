package org.rapgen.hdl;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.OpKind;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.SimCheck;
import org.rapgen.hdl.passes.Widths;

/**
 * The DSL vocabulary, for {@code import static org.rapgen.hdl.Hdl.*}: types, literals, hardware constructors and
 * control flow, named as in Chisel.
 */
public final class Hdl {
    private Hdl() {}

    /** Connect source meaning "no particular value": the sink counts as driven and is emitted as zero. */
    public static final Data DontCare = new Bool();

    // ---- types ----
    public static UInt UInt(int width) {
        return new UInt(width);
    }
    /** A UInt whose width is inferred from what is connected to it (Wire/Reg only). */
    public static UInt UInt() {
        return new UInt(-1);
    }

    public static SInt SInt(int width) {
        return new SInt(width);
    }

    public static SInt SInt() {
        return new SInt(-1);
    }

    public static Bool Bool() {
        return new Bool();
    }

    public static <T extends Data> Vec<T> Vec(int n, T gen) {
        return new Vec<>(n, gen);
    }

    public static <T extends Data> DecoupledIO<T> Decoupled(T gen) {
        return new DecoupledIO<>(gen);
    }

    public static <T extends Data> ValidIO<T> Valid(T gen) {
        return new ValidIO<>(gen);
    }

    /** Reverses the direction of every field (the consumer side of a Decoupled, for instance). */
    public static <T extends Data> T Flipped(T d) {
        d.specified = Data.Direction.FLIPPED;
        d.declaredAt = SourceLoc.capture();
        return d;
    }

    public static <T extends Data> T Input(T d) {
        d.specified = Data.Direction.INPUT;
        d.declaredAt = SourceLoc.capture();
        return d;
    }

    public static <T extends Data> T Output(T d) {
        d.specified = Data.Direction.OUTPUT;
        d.declaredAt = SourceLoc.capture();
        return d;
    }

    // ---- literals ----
    /** Unsigned literal of minimal width. */
    public static UInt U(long v) {
        return U(BigInteger.valueOf(v), -1);
    }

    public static UInt U(long v, int width) {
        return U(BigInteger.valueOf(v), width);
    }

    public static UInt U(BigInteger v, int width) {
        UInt u = new UInt(-1);
        u.expr = Lits.uint(v, width);
        return u;
    }

    public static SInt S(long v, int width) {
        SInt s = new SInt(-1);
        s.expr = Lits.sint(BigInteger.valueOf(v), width);
        return s;
    }

    public static Bool B(boolean v) {
        Bool b = new Bool();
        b.expr = Lits.uint(v ? BigInteger.ONE : BigInteger.ZERO, 1);
        return b;
    }

    // ---- hardware constructors ----
    public static <T extends Data> T Wire(T type) {
        return Builder.current().bind(type, Signal.Kind.WIRE, "_wire", SourceLoc.capture());
    }

    /** A wire with a default value (Chisel's WireDefault). */
    public static <T extends Data> T WireDefault(T type, Data init) {
        T w = Wire(type);
        Connects.mono(w, init, SourceLoc.capture());
        return w;
    }

    /** A register without reset. */
    public static <T extends Data> T Reg(T type) {
        return Builder.current().bind(type, Signal.Kind.REG, "_reg", SourceLoc.capture());
    }

    /** A register reset (synchronously) to {@code init}; its type and width are those of {@code init}. */
    public static <T extends Bits> T RegInit(T init) {
        @SuppressWarnings("unchecked")
        T type = (T) init.ofWidth(init.getWidth());
        return RegInit(type, init);
    }

    /** A register of {@code type} reset to {@code init}, which may be narrower (it is extended). */
    public static <T extends Bits> T RegInit(T type, Bits init) {
        SourceLoc loc = SourceLoc.capture();
        T r = Builder.current().bind(type, Signal.Kind.REG, "_reg", loc);
        Signal s = r.sinkSignal(loc);
        if (init.isSigned() != s.signed)
            throw new HdlException(loc, "reset value must be " + (s.signed ? "SInt" : "UInt"));
        s.init = init.read();
        Builder.current().checkLater(() -> Widths.checkConnect(s, s.init, loc));
        return r;
    }

    /** Every ground element of an aggregate register reset to {@code value}. */
    public static <T extends Data> T RegInitAll(T type, long value) {
        SourceLoc loc = SourceLoc.capture();
        T r = Builder.current().bind(type, Signal.Kind.REG, "_reg", loc);
        for (Bits leaf : r.leaves()) {
            Signal s = leaf.sinkSignal(loc);
            s.init = leaf.isSigned()
                    ? Lits.sint(BigInteger.valueOf(value), -1)
                    : Lits.uint(BigInteger.valueOf(value), -1);
            Builder.current().checkLater(() -> Widths.checkConnect(s, s.init, loc));
        }
        return r;
    }

    /** {@code x} delayed by one clock. */
    @SuppressWarnings("unchecked")
    public static <T extends Bits> T RegNext(T x) {
        T r = Reg((T) x.ofWidth(x.getWidth()));
        Connects.mono(r, x, SourceLoc.capture());
        return r;
    }

    public static <T extends Bits> T RegNext(T x, Bits init) {
        @SuppressWarnings("unchecked")
        T r = RegInit((T) x.ofWidth(x.getWidth()), init);
        Connects.mono(r, x, SourceLoc.capture());
        return r;
    }

    /** Chisel's {@code RegEnable}: {@code x} taken on the clocks where {@code enable} is set, held otherwise. */
    @SuppressWarnings("unchecked")
    public static <T extends Bits> T RegEnable(T x, Bool enable) {
        T r = Reg((T) x.ofWidth(x.getWidth()));
        when(enable, () -> Connects.mono(r, x, SourceLoc.capture()));
        return r;
    }

    /** {@link #RegEnable(Bits, Bool)} with a reset value, for control state. */
    @SuppressWarnings("unchecked")
    public static <T extends Bits> T RegEnable(T x, Bits init, Bool enable) {
        T r = RegInit((T) x.ofWidth(x.getWidth()), init);
        when(enable, () -> Connects.mono(r, x, SourceLoc.capture()));
        return r;
    }

    /**
     * Chisel's {@code ShiftRegisters}: every stage of {@code x} delayed by 1 to {@code n} clocks, named {@code name_1}
     * to {@code name_n}. {@code init} resets every stage; null leaves them without reset (a data path).
     */
    public static <T extends Bits> List<T> ShiftRegisters(T x, int n, Bits init, String name) {
        if (n < 1) throw new HdlException(SourceLoc.capture(), "ShiftRegisters needs at least one stage, not " + n);
        List<T> stages = new ArrayList<>();
        T last = x;
        for (int i = 1; i <= n; i++) {
            last = (init == null ? RegNext(last) : RegNext(last, init)).named(name + "_" + i);
            stages.add(last);
        }
        return List.copyOf(stages);
    }

    /** Chisel's {@code ShiftRegister}: {@code x} delayed by {@code n} clocks (the last of {@link #ShiftRegisters}). */
    public static <T extends Bits> T ShiftRegister(T x, int n, Bits init, String name) {
        List<T> stages = ShiftRegisters(x, n, init, name);
        return stages.get(n - 1);
    }

    /**
     * The value register {@code reg} takes at the next clock edge: its driver after last-connect, as a wire (SpinalHDL's
     * {@code getAheadValue}); the register then loads this wire. For copies of a control register that must be
     * registers themselves: {@code RegNext(f(AheadValue(r)))} is {@code f(r)} a clock early, from a flip-flop of its
     * own, so a decision that fans out across the part need not pass through the logic that reads {@code r}.
     */
    public static <T extends Bits> T AheadValue(T reg) {
        SourceLoc loc = SourceLoc.capture();
        Signal r = reg.sinkSignal(loc);
        if (r.kind != Signal.Kind.REG || r.owner != Builder.current().def)
            throw new HdlException(loc, "AheadValue needs a register of this module, not a " + r.kind);
        for (Signal s : Builder.current().def.signals)
            if (s.aheadOf == r)
                throw new HdlException(loc, "AheadValue of " + r.name() + " taken twice; reuse the first");
        @SuppressWarnings("unchecked")
        T w = Wire((T) reg.ofWidth(reg.getWidth()));
        w.sinkSignal(loc).aheadOf = r;
        return w;
    }

    /**
     * {@code cond} on each of the {@code clocks - 1} clocks before this one, as one flip-flop ({@code name_before}, at
     * the end of a chain {@code name_was_1...}): where {@code cond} holds now (in the FSM state it names, say), that
     * alone says it has held for {@code clocks} clocks, with no LUT between the flip-flop and the decision that reads
     * it. For decisions that wait for registered lookups to settle.
     */
    public static Bool HeldBefore(Bool cond, int clocks, String name) {
        if (clocks < 2)
            throw new HdlException(SourceLoc.capture(), "HeldBefore needs at least two clocks, not " + clocks);
        Bool before = RegNext(cond, B(false)).named(clocks == 2 ? name + "_before" : name + "_was_1");
        for (int i = 2; i < clocks; i++) {
            before = RegNext(cond.and(before), B(false)).named(i + 1 == clocks ? name + "_before" : name + "_was_" + i);
        }
        return before;
    }

    public static <T extends Bits> Mem<T> Mem(int depth, T type) {
        return new Mem<>(depth, type, false);
    }

    public static <T extends Bits> SyncReadMem<T> SyncReadMem(int depth, T type) {
        return new SyncReadMem<>(depth, type);
    }

    /** A read-only memory of {@code width}-bit words fixed at elaboration (word i at address i), read combinationally. */
    public static Rom Rom(int width, List<BigInteger> words) {
        return new Rom(width, words);
    }

    public static Rom Rom(int width, long... words) {
        return new Rom(width, Arrays.stream(words).mapToObj(BigInteger::valueOf).toList());
    }

    /** Instantiates a child module in the module being elaborated. */
    public static <M extends Module> M Module(M child) {
        child.close();
        // Located at this Module(...) call in the parent, so errors about the instance's ports point at it.
        Instances.add(Builder.current(), child, SourceLoc.capture());
        return child;
    }

    // ---- control flow ----
    public static WhenContext when(Bool cond, Runnable body) {
        return WhenContext.open(cond, body);
    }

    public static SwitchContext Switch(UInt subject) {
        return new SwitchContext(subject);
    }

    // ---- combinational helpers ----
    @SuppressWarnings("unchecked")
    public static <T extends Bits> T Mux(Bool cond, T a, T b) {
        Expr ea = a.read();
        Expr eb = a.coerce(b, "Mux");
        Bits out = a.ofWidth(-1);
        out.expr = Builder.current().op(OpKind.MUX, List.of(cond.read(), ea, eb), new int[0], a.isSigned(), null);
        return (T) out;
    }

    /** Concatenation, first argument most significant. */
    public static UInt Cat(Bits... parts) {
        return Cat(Arrays.asList(parts));
    }

    public static UInt Cat(List<? extends Bits> parts) {
        if (parts.isEmpty()) throw new HdlException(SourceLoc.capture(), "Cat of nothing");
        List<Expr> args = new ArrayList<>();
        for (Bits p : parts) args.add(p.read());
        if (args.size() == 1) return parts.get(0).asUInt();
        return UInt.wrap(Builder.current().op(OpKind.CAT, args, new int[0], false, null));
    }

    /** Concatenation, first element least significant: element i at bit i (Chisel's {@code VecInit(xs).asUInt}). */
    public static UInt CatLsbFirst(List<? extends Bits> parts) {
        List<Bits> msbFirst = new ArrayList<>(parts);
        Collections.reverse(msbFirst);
        return Cat(msbFirst);
    }

    /**
     * Chisel's {@code OHToUInt}: the index of the set bit of a one-hot {@code oneHot}, log2Up(width) bits wide (zero
     * gives 0). Bit k is the OR of the bits whose index has bit k set: balanced OR trees, with no priority between them.
     */
    public static UInt OHToUInt(UInt oneHot) {
        int n = oneHot.getWidth();
        List<Bool> bits = new ArrayList<>();
        for (int k = 0; k < log2Up(n); k++) {
            List<Bool> terms = new ArrayList<>();
            for (int i = 0; i < n; i++) if ((i >> k & 1) == 1) terms.add(oneHot.bit(i));
            bits.add(terms.isEmpty() ? B(false) : CatLsbFirst(terms).orR());
        }
        return CatLsbFirst(bits);
    }

    /**
     * Chisel's {@code Mux1H}: the element of {@code in} whose bit of {@code sel} is set; {@code sel} must be one-hot or
     * zero (zero gives 0). An AND-OR tree, balanced, so it is about half as deep as a select tree on an index: when a
     * one-hot register of the index is at hand, this is the faster read.
     */
    public static UInt Mux1H(UInt sel, Vec<UInt> in) {
        if (sel.getWidth() != in.size()) {
            throw new HdlException(
                    SourceLoc.capture(), "Mux1H: " + sel.getWidth() + " select bits for " + in.size() + " elements");
        }
        List<UInt> terms = new ArrayList<>();
        for (int i = 0; i < in.size(); i++)
            terms.add(in.get(i).and(Fill(in.get(i).getWidth(), sel.bit(i))));
        while (terms.size() > 1) {
            List<UInt> next = new ArrayList<>();
            for (int i = 0; i < terms.size(); i += 2)
                next.add(i + 1 < terms.size() ? terms.get(i).or(terms.get(i + 1)) : terms.get(i));
            terms = next;
        }
        return terms.get(0);
    }

    /**
     * {@code in(index)} two clocks later, with a register halfway through the select: the index's low half picks
     * within each group of elements into a register per group ({@code name_g<i>}), and its high half, registered
     * beside them ({@code name_group}), picks among those into {@code name}. Half the logic depth per clock of a
     * one-clock {@code RegNext(in.read(index))}, for a read whose index and elements stand still for a clock (a CSR's
     * slot, say). An index past the last element reads some element.
     */
    public static UInt PipelinedRead(Vec<UInt> in, UInt index, String name) {
        int width = in.get(0).getWidth();
        int indexBits = index.getWidth();
        int lowBits = (indexBits + 1) / 2;
        int group = 1 << lowBits;
        List<UInt> held = new ArrayList<>();
        for (int g = 0; g * group < in.size(); g++) {
            List<UInt> members = in.elements().subList(g * group, Math.min(in.size(), (g + 1) * group));
            UInt pick =
                    members.size() == 1 ? members.get(0) : vecOf(members, width).read(index.bits(lowBits - 1, 0));
            held.add(RegNext(pick).named(name + "_g" + g));
        }
        UInt picked = held.size() == 1
                ? held.get(0)
                : vecOf(held, width)
                        .read(RegNext(index.bits(indexBits - 1, lowBits)).named(name + "_group"));
        return RegNext(picked).named(name);
    }

    private static Vec<UInt> vecOf(List<UInt> elements, int width) {
        Vec<UInt> v = Wire(Vec(elements.size(), UInt(width)));
        for (int i = 0; i < elements.size(); i++) v.get(i).connect(elements.get(i));
        return v;
    }

    /** {@code n} copies of {@code x}, concatenated. */
    public static UInt Fill(int n, Bits x) {
        if (n < 1) throw new HdlException(SourceLoc.capture(), "Fill count must be >= 1, got " + n);
        return UInt.wrap(Builder.current().op(OpKind.FILL, List.of(x.read()), new int[] {n}, false, null));
    }

    // ---- simulation-only checks (Chisel's assert and stop); synthesis never sees them ----

    /**
     * At every rising clock edge outside reset where the enclosing when-conditions hold and {@code cond} is false,
     * prints {@code Assertion failed at File.java:line: <message>} and stops the simulation ({@code $stop}).
     * {@code message} is a format as in Chisel's printf: {@code %d}, {@code %x}, {@code %b}, {@code %c} (optionally
     * with a width, e.g. {@code %0d}) each print the next of {@code args}; {@code %%} prints a percent sign.
     */
    public static void Assert(Bool cond, String message, Bits... args) {
        SimChecks.add(SimCheck.Kind.ASSERT, cond, message, args);
    }

    /** Ends the simulation ({@code $finish}) at a rising clock edge outside reset where {@code when} and the enclosing when-conditions hold. */
    public static void Finish(Bool when) {
        SimChecks.add(SimCheck.Kind.FINISH, when, null, new Bits[0]);
    }

    /** Number of bits needed to represent values 0..n-1 (at least 1). */
    public static int log2Up(long n) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(n - 1));
    }
}
