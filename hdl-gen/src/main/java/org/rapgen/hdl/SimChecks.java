package org.rapgen.hdl;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.SimCheck;
import org.rapgen.hdl.ir.Stmt;

/** Builds {@link Hdl#Assert} and {@link Hdl#Finish}: checks the message format, records the check on the when-path. */
final class SimChecks {
    /** printf-style conversions as in Chisel: %d %x %b %c (and Verilog's %h, %o), an optional width, and %%. */
    private static final Pattern CONVERSION = Pattern.compile("%(%|[0-9]*[dxhboc])?");

    private SimChecks() {}

    static void add(SimCheck.Kind kind, Bool cond, String format, Bits[] args) {
        SourceLoc loc = SourceLoc.capture();
        ModuleContext ctx = Builder.current();
        if (format != null) {
            int wanted = conversions(format, loc);
            if (wanted != args.length) {
                throw new HdlException(
                        loc,
                        "the message has " + wanted + " conversion(s) (%d, %x, %b, ...) but " + args.length
                                + " argument(s) were given; write %% for a percent sign");
            }
        }
        List<Expr> exprs = new ArrayList<>();
        for (Bits a : args) exprs.add(a.read());
        SimCheck check = new SimCheck(kind, cond.read(), format, exprs, loc);
        ctx.def.checks.add(check);
        ctx.add(new Stmt.Check(check));
    }

    private static int conversions(String format, SourceLoc loc) {
        Matcher m = CONVERSION.matcher(format);
        int n = 0;
        while (m.find()) {
            if (m.group(1) == null)
                throw new HdlException(
                        loc,
                        "bad conversion at '" + format.substring(m.start())
                                + "' in the message; use %d, %x, %b, %c or %%");
            if (!m.group(1).equals("%")) n++;
        }
        return n;
    }
}
