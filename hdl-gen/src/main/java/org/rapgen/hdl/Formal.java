package org.rapgen.hdl;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.ir.FormalProperty;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.Stmt;

/**
 * Formal-only properties, in Chisel's vocabulary ({@code assert}, {@code assume}, {@code cover}, {@code past}), for a
 * model checker reading the Verilog with Yosys's {@code read_verilog -formal}. Everything a
 * {@link #properties(Runnable)} body declares (the properties and the helper logic they read: wires, registers,
 * {@link #past} values, free {@link #anyconst}/{@link #anyseq} values) is emitted in one {@code `ifdef FORMAL} block,
 * so simulation, lint and synthesis see the module exactly as without it.
 *
 * <p>A property holds outside reset, on cycles where its enclosing when-conditions hold. The checker starts in reset
 * (the block assumes it for the first cycle), so properties hold from reset. Helper logic may read the design;
 * the design cannot read helper logic, and helper logic cannot drive the design's signals or use memories.
 */
public final class Formal {
    private Formal() {}

    /** Runs {@code body} with everything it declares formal-only. */
    public static void properties(Runnable body) {
        ModuleContext ctx = Builder.current();
        if (ctx.formal) throw new HdlException(SourceLoc.capture(), "Formal.properties cannot be nested");
        ctx.formal = true;
        try {
            body.run();
        } finally {
            ctx.formal = false;
        }
    }

    /** {@code cond} holds on every reachable cycle. {@code label} names it in the Verilog and in the checker's report. */
    public static void Assert(String label, Bool cond) {
        add(FormalProperty.Kind.ASSERT, label, cond);
    }

    /** The checker considers only traces where {@code cond} holds (what the block's environment promises). */
    public static void Assume(String label, Bool cond) {
        add(FormalProperty.Kind.ASSUME, label, cond);
    }

    /** Some reachable cycle has {@code cond}: shows the properties are not vacuous. */
    public static void Cover(String label, Bool cond) {
        add(FormalProperty.Kind.COVER, label, cond);
    }

    /** {@code x} one clock ago (arbitrary on the first cycle after reset: qualify with {@link #pastValid}). */
    public static <T extends Bits> T past(T x) {
        return past(x, 1);
    }

    /** {@code x} {@code clocks} clocks ago, whatever when-block it is asked for in. */
    public static <T extends Bits> T past(T x, int clocks) {
        ModuleContext ctx = inProperties("past");
        if (clocks < 1) throw new HdlException(SourceLoc.capture(), "past needs at least one clock, not " + clocks);
        List<T> stages = new ArrayList<>(List.of(x));
        // The delay registers are connected at the top of the module: inside a when they would hold on other cycles.
        ctx.inBlock(ctx.def.body, () -> {
            for (int i = 0; i < clocks; i++) stages.add(Hdl.RegNext(stages.get(i)));
        });
        return stages.get(clocks);
    }

    /** The previous cycle was out of reset, so {@link #past} values are the design's own. */
    public static Bool pastValid() {
        ModuleContext ctx = inProperties("pastValid");
        if (ctx.pastValid == null) {
            ctx.inBlock(ctx.def.body, () -> {
                Bool r = Hdl.RegInit(Hdl.B(false));
                r.nameSlot().set("_f_past_valid", true, SourceLoc.capture());
                r.connect(Hdl.B(true));
                ctx.pastValid = r;
            });
        }
        return ctx.pastValid;
    }

    /** A value the checker chooses once for the whole trace (a symbolic constant: "for every x"). */
    public static <T extends Bits> T anyconst(T type) {
        return free(type, "anyconst");
    }

    /** A value the checker chooses anew on every cycle. */
    public static <T extends Bits> T anyseq(T type) {
        return free(type, "anyseq");
    }

    private static <T extends Bits> T free(T type, String choice) {
        ModuleContext ctx = inProperties(choice);
        SourceLoc loc = SourceLoc.capture();
        if (type.isBound() || type.width < 0)
            throw new HdlException(loc, choice + " needs a type of known width, such as UInt(4)");
        T v = ctx.bind(type, Signal.Kind.WIRE, "_" + choice, loc);
        v.sinkSignal(loc).freeChoice = choice;
        return v;
    }

    private static void add(FormalProperty.Kind kind, String label, Bool cond) {
        ModuleContext ctx = inProperties(kind.name().toLowerCase());
        SourceLoc loc = SourceLoc.capture();
        Names.checkUserName(label, loc);
        for (FormalProperty p : ctx.def.properties) {
            if (p.label.equals(label))
                throw new HdlException(loc, "property label '" + label + "' is already used at " + p.loc);
        }
        FormalProperty p = new FormalProperty(kind, label, cond.read(), loc);
        ctx.def.properties.add(p);
        ctx.add(new Stmt.Property(p));
    }

    private static ModuleContext inProperties(String what) {
        ModuleContext ctx = Builder.current();
        if (!ctx.formal)
            throw new HdlException(
                    SourceLoc.capture(), what + " is formal-only: call it inside Formal.properties(() -> ...)");
        return ctx;
    }
}
