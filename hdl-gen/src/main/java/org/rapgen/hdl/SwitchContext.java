package org.rapgen.hdl;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.Set;
import org.rapgen.hdl.ir.Lit;
import org.rapgen.hdl.ir.Stmt;

/** Chisel's {@code switch(x) { is(v) {...} }}: each {@code is} value must be a distinct literal. */
public final class SwitchContext {
    private final UInt subject;
    private final Set<BigInteger> seen = new HashSet<>();
    private final Stmt.SwitchToken token = new Stmt.SwitchToken();
    private WhenContext chain;

    SwitchContext(UInt subject) {
        this.subject = subject;
    }

    public SwitchContext is(long value, Runnable body) {
        return is(Hdl.U(value), body);
    }

    public SwitchContext is(UInt value, Runnable body) {
        if (!(value.read() instanceof Lit lit))
            throw new HdlException(SourceLoc.capture(), "switch/is values must be literals");
        if (!seen.add(lit.value))
            throw new HdlException(SourceLoc.capture(), "duplicate is(" + lit.value + ") in switch");
        Bool hit = subject.eq(value);
        chain = chain == null ? WhenContext.open(hit, body, token) : chain.elsewhen(hit, body, token);
        return this;
    }

    /** Runs when no {@code is} value matched. */
    public void otherwise(Runnable body) {
        if (chain == null) throw new HdlException(SourceLoc.capture(), "switch has no is() cases");
        chain.otherwise(body);
    }
}
