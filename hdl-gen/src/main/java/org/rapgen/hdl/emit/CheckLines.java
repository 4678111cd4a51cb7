package org.rapgen.hdl.emit;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.SimCheck;

/** Spells the simulation-only checks of a module (Assert, Finish) for the template's guarded always block. */
public final class CheckLines {
    private static final Pattern CONVERSION = Pattern.compile("%([0-9]*)x|%.");

    private CheckLines() {}

    /**
     * One check: fire when {@code fire} holds at the clock edge; {@code display} is the {@code $display} argument list
     * (null for none); {@code action} is {@code $stop} or {@code $finish}.
     */
    public record Check(String fire, String display, String action, String loc) {}

    static List<Check> of(ModuleDef def, ExprPrinter p) {
        List<Check> out = new ArrayList<>();
        for (SimCheck c : def.checks) {
            List<String> terms = new ArrayList<>(List.of("!reset"));
            String path = ModuleView.guard(p, c.guards);
            if (path != null) terms.add(path);
            boolean assertion = c.kind == SimCheck.Kind.ASSERT;
            terms.add((assertion ? "!" : "") + p.atom(c.cond));
            String display = null;
            if (assertion) {
                StringBuilder d = new StringBuilder("\"Assertion failed at ")
                        .append(escape(c.loc.toString()).replace("%", "%%"));
                if (!c.format.isEmpty()) d.append(": ").append(escape(verilogFormat(c.format)));
                d.append('"');
                for (Expr a : c.args) d.append(", ").append(a.signed() ? "$signed(" + p.atom(a) + ")" : p.atom(a));
                display = d.toString();
            }
            out.add(new Check(String.join(" && ", terms), display, assertion ? "$stop" : "$finish", c.loc.toString()));
        }
        return out;
    }

    /** Chisel's printf conversions in Verilog spelling: {@code %x} is {@code %h}; the rest are the same. */
    private static String verilogFormat(String format) {
        Matcher m = CONVERSION.matcher(format);
        StringBuilder b = new StringBuilder();
        while (m.find())
            m.appendReplacement(b, Matcher.quoteReplacement(m.group(1) != null ? "%" + m.group(1) + "h" : m.group()));
        return m.appendTail(b).toString();
    }

    /** The text of a Verilog string literal: quotes and backslashes escaped, other bytes outside printable ASCII in octal. */
    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            int ch = x & 0xff;
            if (ch == '"' || ch == '\\') b.append('\\').append((char) ch);
            else if (ch < 0x20 || ch > 0x7e) b.append(String.format("\\%03o", ch));
            else b.append((char) ch);
        }
        return b.toString();
    }
}
